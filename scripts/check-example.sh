#!/usr/bin/env bash
# Builds Examples/UseFeedLayout (a package depending on this repository by path, as the README's
# "Use it in your package" shows), checks that the README shows its code as it is, runs it, and
# proves that a binary copied away from the clone with its resource bundle still finds the fonts:
# the copy runs with the clone hidden (an empty directory mounted over it, when this machine
# allows mount namespaces), and that the CLI without its bundle fails with the places it searched.
#   scripts/check-example.sh        (CI runs it after scripts/test.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd -P)
example=Examples/UseFeedLayout
bundle=FeedLayout_TextLayout.resources
fail() { echo "check-example: FAILED: $*" >&2; exit 1; }

# The README's example is the example's main.swift, verbatim.
python3 - "$example/Sources/TimelineHeights/main.swift" README.md <<'PY' || fail "README's example differs from $example/Sources/TimelineHeights/main.swift"
import sys
main, readme = (open(p, encoding="utf-8").read() for p in sys.argv[1:])
sys.exit(0 if "```swift\n" + main + "```" in readme else 1)
PY

swift build --package-path "$example"
bin=$(swift build --package-path "$example" --show-bin-path)
out=$("$bin/TimelineHeights")
echo "$out"
grep -q "^fonts: $bin/$bundle/Fonts$" <<<"$out" || fail "the example did not take its fonts from its resource bundle"
# The README's comment on the layout's description says what it prints.
said=$(sed -n 's|^print("text:", text)  // ||p' "$example/Sources/TimelineHeights/main.swift")
grep -qxF "text: $said" <<<"$out" || fail "the example did not print 'text: $said', as its comment says"
[[ $(grep -cE '^status \{"height":[0-9.]+,"id":"490000000000000[12]","kind":"(original|retweet)"\}$' <<<"$out") -eq 2 ]] \
  || fail "the example did not print two heights"

# Copies of the example and of the CLI, each with its bundle, in a directory outside the clone.
away=$(mktemp -d)
trap 'rm -rf "$away"' EXIT
away=$(cd "$away" && pwd -P)
mkdir "$away/with" "$away/without"
cp "$bin/TimelineHeights" "$away/with/"
cp -R "$bin/$bundle" "$away/with/"
cp "$bin/TimelineHeights" "$away/without/"
swift build --product feedlayout
cli_bin=$(swift build --show-bin-path)
cp "$cli_bin/feedlayout" "$away/with/"
cp "$cli_bin/feedlayout" "$away/without/"
expected=$("$cli_bin/feedlayout" measure --width 200 "中文 and 😀 text")

# Runs a command from $away with FEEDLAYOUT_FONTS unset, the clone hidden when possible.
hidden=no
if unshare --mount --propagation private true 2>/dev/null; then hidden=yes; fi
run_away() {
  if [[ $hidden == yes ]]; then
    (cd "$away" && env -u FEEDLAYOUT_FONTS unshare --mount --propagation private \
      sh -c 'mount --bind "$1" "$2" && shift 2 && exec "$@"' sh "$away/without" "$root" "$@")
  else
    (cd "$away" && env -u FEEDLAYOUT_FONTS "$@")
  fi
}
echo "check-example: running copies in $away (clone hidden: $hidden)"
out=$(run_away "$away/with/TimelineHeights")
grep -q "^fonts: $away/with/$bundle/Fonts$" <<<"$out" || fail "the copied example did not take its fonts from the copied bundle: $out"
got=$(run_away "$away/with/feedlayout" measure --width 200 "中文 and 😀 text")
[[ "$got" == "$expected" ]] || fail "the copied CLI measured '$got', the built one '$expected'"
if [[ $hidden == yes ]]; then
  # Neither bundle nor clone: a clear error listing each place searched once.
  set +e
  errors=$(run_away "$away/without/feedlayout" measure "中文" 2>&1 >/dev/null)
  status=$?
  set -e
  [[ $status -eq 1 ]] || fail "the CLI without fonts exited $status, not 1"
  grep -q "bundled fonts were not found" <<<"$errors" || fail "unclear error: $errors"
  [[ $(grep -o "$away/without/$bundle/Fonts" <<<"$errors" | wc -l) -eq 1 ]] || fail "the bundle's place is not listed once: $errors"
  [[ $(grep -o "$root/Fonts" <<<"$errors" | wc -l) -eq 1 ]] || fail "the clone's place is not listed once: $errors"
  echo "check-example: without its bundle: $errors"
fi
echo "check-example: passed"
