#!/usr/bin/env bash
# Installs what the Chromium oracle (chromium-oracle.py) needs, when missing: Debian's
# `chromium` (headless is built in) and `fontconfig` (fc-list, which the oracle uses to check
# that Chromium sees only the bundled fonts). Neither the library, its tests nor CI need them.
set -euo pipefail

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v fc-list >/dev/null 2>&1 || missing+=(fontconfig)
command -v python3 >/dev/null 2>&1 || missing+=(python3)
if [[ ${#missing[@]} -eq 0 ]]; then
  echo "chromium, fontconfig and python3 are installed: $(chromium --version 2>/dev/null)" >&2
  exit 0
fi

echo "Installing: ${missing[*]}" >&2
sudo=()
if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null 2>&1 || { echo "error: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
  sudo=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
chromium --version
