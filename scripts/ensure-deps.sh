#!/usr/bin/env bash
# Installs the Debian packages FeedLayout builds against, when they are missing.
#   scripts/ensure-deps.sh          the library, CLI and tests: HarfBuzz, FreeType, ICU, fontconfig, simdjson,
#                                   libxml2 (the HTML of web statuses' text), cairo (the Rendering module and
#                                   the CLI's render commands)
#   scripts/ensure-deps.sh --bench  also Pango (the benchmark and accuracy peer)
# The library measures with the fonts bundled in Fonts/ (fontconfig finds the system's fonts
# only for FontStack.system and --font-family); the tests add fontconfig's fc-match and one
# variable font (fonts-inter-variable), and Unicode's test files (unicode-data).
set -euo pipefail

modules=(harfbuzz freetype2 icu-uc fontconfig simdjson cairo-ft libxml-2.0)
packages=(pkg-config libharfbuzz-dev libfreetype-dev libicu-dev libfontconfig-dev libsimdjson-dev libcairo2-dev libxml2-dev)
if [[ "${1:-}" == "--bench" ]]; then
  modules+=(pangoft2)
  packages+=(libpango1.0-dev)
fi
# fontconfig's own tools: fc-match is the tests' oracle for FontStack.system; a variable font
# for the tests of named instances; Unicode's own test files (LineBreakTest.txt,
# GraphemeBreakTest.txt, emoji-test.txt under /usr/share/unicode) for UnicodeTestFilesTests.
packages+=(fontconfig fonts-inter-variable unicode-data)

missing=()
if ! command -v pkg-config >/dev/null 2>&1; then
  missing=("${packages[@]}")
else
  for i in "${!modules[@]}"; do
    pkg-config --exists "${modules[$i]}" || missing+=("${packages[$((i + 1))]}")
  done
  command -v fc-match >/dev/null 2>&1 || missing+=(fontconfig)
  [[ -d /usr/share/fonts/truetype/inter-vf ]] || missing+=(fonts-inter-variable)
  [[ -f /usr/share/unicode/auxiliary/LineBreakTest.txt ]] || missing+=(unicode-data)
fi
[[ ${#missing[@]} -eq 0 ]] && exit 0

echo "Installing missing packages: ${missing[*]}" >&2
sudo=()
if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null 2>&1 || { echo "error: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
  sudo=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${packages[@]}" >&2
