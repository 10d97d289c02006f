#!/usr/bin/env bash
# The main job: builds the feedlayout CLI, measures a sample of real status texts on the bundled
# fonts (17 pt, 343 pt wide), then works out the cell heights of the same statuses (375 pt wide,
# scale 2). Installs the apt packages it needs when they are missing.
#   scripts/demo.sh [N]    the first N texts and statuses of the corpus (default 10)
set -euo pipefail
cd "$(dirname "$0")/.."
count="${1:-10}"
# Checked before the build, which takes minutes.
if ! [[ "$count" =~ ^[1-9][0-9]{0,5}$ ]] || [[ $# -gt 1 ]]; then
  echo "usage: scripts/demo.sh [N]   (N: how many texts and statuses, a whole number from 1 to 999999; default 10)" >&2
  exit 64
fi
scripts/ensure-deps.sh
# The Swift runtime linked in statically: the tool starts in milliseconds (Benchmarks/startup.sh).
swift build -c release --static-swift-stdlib --product feedlayout >&2
echo "== feedlayout measure --size 17 --width 343 (first $count texts of Benchmarks/Corpus/texts.txt)"
head -n "$count" Benchmarks/Corpus/texts.txt | .build/release/feedlayout measure --size 17 --width 343 --echo
echo
echo "== feedlayout heights --width 375 --scale 2 (first $count statuses of Benchmarks/Corpus/statuses.jsonl)"
head -n "$count" Benchmarks/Corpus/statuses.jsonl | .build/release/feedlayout heights --width 375 --scale 2
