#!/usr/bin/env bash
# Start-up and whole-process figures of `feedlayout measure` (release build linked with the
# Swift runtime statically, as scripts/demo.sh and the README build it), with public tools only:
#   1. instructions of `feedlayout measure x` (valgrind's callgrind: repeatable on a shared
#      machine), and its wall and CPU time, the median of RUNS runs (hyperfine);
#   2. `feedlayout measure` against Pango's whole process (`pango-measure`, this package's C
#      peer on the same three fonts, 17 px, 343 px wide) on 5,000 mixed-script texts: the
#      first 1,000 lines of each of Corpus/ja.txt, ko.txt, zh-hant.txt, en.txt and social.txt
#      (man pages, translations, help, posts with emoji), interleaved, start-up included;
#      CPU time (user + system) of each, the median of RUNS runs taken in turn, and the ratio.
#
#   Benchmarks/startup.sh [--runs 20] [--quick]
#
# --quick: 3 runs and 200 texts (a smoke test: its figures mean nothing). Installs valgrind and
# hyperfine with apt when missing (root or sudo). Prints a report on standard output, progress
# on standard error.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=20
texts_per_corpus=1000
while [[ $# -gt 0 ]]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --quick) runs=3; texts_per_corpus=40; shift ;;
    -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "error: unknown option '$1'" >&2; exit 64 ;;
  esac
done
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "error: --runs must be a whole number above 0, got '$runs'" >&2; exit 64; }

scripts/ensure-deps.sh --bench
missing=()
command -v valgrind >/dev/null || missing+=(valgrind)
command -v hyperfine >/dev/null || missing+=(hyperfine)
if [[ ${#missing[@]} -gt 0 ]]; then
  echo "Installing missing packages: ${missing[*]}" >&2
  sudo=(); [[ $(id -u) -eq 0 ]] || sudo=(sudo)
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi

echo "building feedlayout (release, --static-swift-stdlib) and pango-measure" >&2
swift build -c release --static-swift-stdlib --product feedlayout >&2
fl=$(swift build -c release --static-swift-stdlib --show-bin-path)/feedlayout
(cd Benchmarks && swift build -c release --product pango-measure >&2)
pango=$(cd Benchmarks && swift build -c release --show-bin-path)/pango-measure
fonts=$PWD/Fonts

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for corpus in ja ko zh-hant en social; do head -n "$texts_per_corpus" "Benchmarks/Corpus/$corpus.txt" > "$work/$corpus"; done
paste -d '\n' "$work/ja" "$work/ko" "$work/zh-hant" "$work/en" "$work/social" > "$work/mixed.txt"
count=$(wc -l < "$work/mixed.txt")

echo "== start-up: feedlayout measure x"
# Valgrind 3.19 cannot read the DWARF 5 the Swift toolchain writes: count a stripped copy, kept
# beside the binary so that it finds the bundled fonts the same way.
strip -o "$fl-stripped" "$fl"
valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" "$fl-stripped" measure x > /dev/null 2> "$work/callgrind.err" \
  || { cat "$work/callgrind.err" >&2; exit 1; }
instructions=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/callgrind.err")
echo "instructions (callgrind): $instructions"
hyperfine --shell=none --warmup 3 --runs "$runs" --export-json "$work/x.json" "$fl measure x" >&2
python3 - "$work/x.json" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))["results"][0]
times = sorted(r["times"])
print(f"wall: median {r['median'] * 1000:.2f} ms (min {min(times) * 1000:.2f}, max {max(times) * 1000:.2f}); "
      f"CPU: user {r['user'] * 1000:.2f} ms + system {r['system'] * 1000:.2f} ms (means)")
EOF

echo "== $count mixed-script texts, start-up included: feedlayout measure against Pango"
# CPU time of one run: user + system from GNU time's %U %S.
cpu() { /usr/bin/time -f "%U %S" "$@" < "$work/mixed.txt" 2>&1 >/dev/null | tail -n 1 | awk '{ printf "%.3f\n", $1 + $2 }'; }
: > "$work/ours"; : > "$work/pango"
for _ in $(seq "$runs"); do
  cpu "$fl" measure >> "$work/ours"
  cpu "$pango" "$fonts" >> "$work/pango"
done
python3 - "$work/ours" "$work/pango" <<'EOF'
import statistics, sys
ours = [float(x) for x in open(sys.argv[1]) if x.strip()]
pango = [float(x) for x in open(sys.argv[2]) if x.strip()]
mo, mp = statistics.median(ours), statistics.median(pango)
print(f"CPU seconds, median of {len(ours)}: feedlayout {mo:.3f}, Pango {mp:.3f}; Pango / feedlayout = {mp / mo:.2f} (target >= 5)")
EOF
