#!/usr/bin/env bash
# Whole-process figures of `feedlayout heights` (release build), with public tools only
# (GNU time for CPU and peak memory, python3 to make the inputs):
#   1. peak resident memory on 25, 100 and 250 MB of JSON Lines, and on the same statuses as
#      one JSON array and as one timeline object (the corpus repeated with new IDs, made in a
#      temporary directory and removed after);
#   2. statuses per second on one thread (--threads 1) and on every core (wall clock);
#   3. CPU time (user + system) of `heights` on the corpus against `measure` on the same
#      statuses' texts (each status's text and its repost's, one per line), and against
#      `measure` on Corpus/texts.txt, each the median of RUNS runs taken in turn.
#
#   Benchmarks/heights-process.sh [--sizes "25 100 250"] [--runs 5] [--quick]
#
# --quick: sizes "2 4", 1 run (a smoke test: its figures mean nothing). Prints a report on
# standard output; progress on standard error.
set -euo pipefail
cd "$(dirname "$0")/.."

sizes="25 100 250"
runs=5
while [[ $# -gt 0 ]]; do
  case "$1" in
    --sizes) sizes="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --quick) sizes="2 4"; runs=1; shift ;;
    -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "error: unknown option '$1'" >&2; exit 64 ;;
  esac
done
[[ -x /usr/bin/time ]] || { echo "error: needs GNU time (/usr/bin/time; apt package 'time')" >&2; exit 1; }
command -v python3 >/dev/null || { echo "error: needs python3 to make the inputs" >&2; exit 1; }

scripts/ensure-deps.sh
swift build -c release --product feedlayout >&2
fl=.build/release/feedlayout
corpus=Benchmarks/Corpus/statuses.jsonl
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# make SHAPE MEGABYTES OUT: the corpus repeated with new IDs (copy k has IDs 49kk...), as JSON
# Lines, one array, or one timeline object.
make_input() {
  python3 - "$corpus" "$1" "$2" "$3" <<'EOF'
import re, sys
corpus, shape, megabytes, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
lines = open(corpus, encoding="utf-8").read().splitlines()
wanted = megabytes << 20
with open(out, "w", encoding="utf-8") as f:
    written, copy, first = 0, 0, True
    f.write({"jsonl": "", "array": "[\n", "timeline": '{"total_number": 0, "statuses": [\n'}[shape])
    while written < wanted:
        prefix = "49%02d" % (copy % 100) + ("%d" % (copy // 100) if copy >= 100 else "")
        for line in lines:
            if written >= wanted:
                break
            line = re.sub(r'("id(?:str)?": "?)4900', lambda m: m.group(1) + prefix, line)
            if shape == "jsonl":
                f.write(line + "\n")
            else:
                f.write(("" if first else ",\n") + line)
                first = False
            written += len(line.encode("utf-8")) + 1
        copy += 1
    f.write({"jsonl": "", "array": "\n]\n", "timeline": '\n], "next_cursor": 0}\n'}[shape])
EOF
}

# timed CMD...: one run under GNU time; prints "wall user system peak_kb".
timed() {
  /usr/bin/time -f "%e %U %S %M" -o "$work/time" "$@" > /dev/null
  cat "$work/time"
}

add() { awk -v a="$1" -v b="$2" 'BEGIN { print a + b }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "feedlayout heights, whole process: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo
echo "1. Peak resident memory (GNU time's maximum resident set size)"
echo
echo "| input | statuses | JSON Lines | one array | one timeline |"
echo "| ---: | ---: | ---: | ---: | ---: |"
for size in $sizes; do
  row="| ${size} MB"
  for shape in jsonl array timeline; do
    echo "  making ${size} MB as $shape" >&2
    make_input "$shape" "$size" "$work/input"
    [[ $shape == jsonl ]] && row+=" | $(grep -c . "$work/input")"
    read -r wall user sys peak < <(timed "$fl" heights "$work/input")
    row+=" | $((peak / 1024)) MiB"
    echo "  $shape ${size} MB: peak $((peak / 1024)) MiB, ${wall} s" >&2
  done
  echo "$row |"
  rm -f "$work/input"
done

echo
echo "2. Statuses per second (the corpus 10 times, $((5000 * 10)) statuses of JSON Lines, median of $runs runs)"
echo
make_input jsonl 44 "$work/ten"
count=$(grep -c . "$work/ten")
echo "| threads | wall s | statuses/s | CPU s (user + system) |"
echo "| --- | ---: | ---: | ---: |"
for threads in 1 "$(nproc)"; do
  : > "$work/walls"; : > "$work/cpus"
  for _ in $(seq "$runs"); do
    read -r wall user sys peak < <(timed "$fl" heights --threads "$threads" "$work/ten")
    echo "$wall" >> "$work/walls"
    add "$user" "$sys" >> "$work/cpus"
  done
  wall=$(median < "$work/walls"); cpu=$(median < "$work/cpus")
  echo "| $threads | $wall | $(awk -v a="$count" -v b="$wall" 'BEGIN { printf "%d", a / b }') | $cpu |"
done

echo
echo "3. CPU time, heights against measure (median of $runs runs each, taken in turn)"
echo
python3 - "$corpus" "$work/texts" <<'EOF'
import json, sys
with open(sys.argv[2], "w", encoding="utf-8") as out:
    for line in open(sys.argv[1], encoding="utf-8"):
        status = json.loads(line)
        for text in [status.get("text", "")] + ([status["retweeted_status"].get("text", "")] if "retweeted_status" in status else []):
            out.write(text.replace("\n", " ") + "\n")
EOF
: > "$work/heights"; : > "$work/measure"; : > "$work/measure5000"
for _ in $(seq "$runs"); do
  read -r wall user sys peak < <(timed "$fl" heights "$corpus"); add "$user" "$sys" >> "$work/heights"
  read -r wall user sys peak < <(timed sh -c "exec $fl measure --width 351 < $work/texts"); add "$user" "$sys" >> "$work/measure"
  read -r wall user sys peak < <(timed sh -c "exec $fl measure --width 351 < Benchmarks/Corpus/texts.txt"); add "$user" "$sys" >> "$work/measure5000"
done
h=$(median < "$work/heights"); m=$(median < "$work/measure"); m5=$(median < "$work/measure5000")
echo "| command | CPU s | heights / it |"
echo "| --- | ---: | ---: |"
echo "| heights, Corpus/statuses.jsonl (5,000 statuses) | $h | |"
echo "| measure --width 351, the statuses' texts ($(wc -l < "$work/texts") lines) | $m | $(ratio "$h" "$m") |"
echo "| measure --width 351, Corpus/texts.txt (5,000 lines) | $m5 | $(ratio "$h" "$m5") |"
