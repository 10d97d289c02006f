#!/usr/bin/env bash
# The main job: builds the feedlayout CLI and measures a sample of real status texts on the
# bundled fonts at 17 pt, 343 pt wide (installing the apt packages it needs when missing).
#   scripts/demo.sh [N]    measure the first N texts of the corpus (default 20)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-deps.sh
swift build -c release --product feedlayout >&2
head -n "${1:-20}" Benchmarks/Corpus/texts.txt | .build/release/feedlayout measure --size 17 --width 343 --echo
