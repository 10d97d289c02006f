#!/usr/bin/env bash
# Runs the Spark example in local mode on the corpus and checks it against one process:
#   1. builds the release feedlayout (the binary and its resource bundle);
#   2. makes an archive of SHARDS JSON Lines files from Benchmarks/Corpus/statuses.jsonl, with
#      two lines added (a broken status, answered by an error record, and an empty line,
#      skipped but counted in the line numbers after it) so that error records
#      and their archive-wide line numbers are checked too;
#   3. runs `feedlayout heights` once over the whole archive (the reference);
#   4. runs feedlayout_heights.py with Spark in local mode (local[*]);
#   5. checks that the part files, concatenated, equal the reference record for record.
# Prints how long each step took. Run Examples/spark/install.sh first (Java, PySpark).
#   Examples/spark/run_local.sh [--debug] [SHARDS]   (default 8 shards; --debug: the debug build,
#                                                    which CI has already built)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd -P)
root=$(cd "$here/../.." && pwd -P)
configuration=release
if [[ "${1:-}" == "--debug" ]]; then configuration=debug; shift; fi
shards=${1:-8}
[[ -x "$here/.venv/bin/python" ]] || { echo "error: run Examples/spark/install.sh first" >&2; exit 1; }
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }
heights_options=(--width 375 --scale 3)

start=$(now)
(cd "$root" && swift build -c "$configuration" --product feedlayout >&2)
bin=$(cd "$root" && swift build -c "$configuration" --show-bin-path)
built=$(now)

work="$here/work"
rm -rf "$work"
mkdir -p "$work/archive"
"$here/.venv/bin/python" - "$root/Benchmarks/Corpus/statuses.jsonl" "$work/archive" "$shards" <<'PY'
import sys
corpus, archive, shards = sys.argv[1], sys.argv[2], int(sys.argv[3])
lines = open(corpus, "rb").read().split(b"\n")
if lines[-1] == b"":
    lines.pop()
# Two lines no status can be decoded from, at known places in the middle of shards.
lines.insert(len(lines) // 3, b'{"idstr": "1", "text": "cut sh')
lines.insert(2 * len(lines) // 3, b"")
per = -(-len(lines) // shards)
for i in range(shards):
    with open(f"{archive}/statuses-{i:05d}.jsonl", "wb") as shard:
        shard.writelines(line + b"\n" for line in lines[i * per:(i + 1) * per])
print(f"archive: {len(lines)} lines in {shards} shards", file=sys.stderr)
PY
cat "$work"/archive/statuses-*.jsonl > "$work/archive.jsonl"
sharded=$(now)

set +e
"$bin/feedlayout" heights "${heights_options[@]}" "$work/archive.jsonl" > "$work/reference.jsonl"
status=$?
set -e
[[ $status -le 1 ]] || { echo "error: feedlayout heights exited $status" >&2; exit 1; }
single=$(now)

PYSPARK_PYTHON="$here/.venv/bin/python" "$here/.venv/bin/python" "$here/feedlayout_heights.py" \
  --master 'local[*]' --feedlayout "$bin/feedlayout" --input "$work/archive" --output "$work/heights" \
  -- "${heights_options[@]}"
spark=$(now)

cat "$work"/heights/part-* > "$work/spark.jsonl"
"$here/.venv/bin/python" - "$work/reference.jsonl" "$work/spark.jsonl" <<'PY'
import sys
reference, spark = (open(path, encoding="utf-8").read().split("\n") for path in sys.argv[1:])
errors = sum(1 for line in reference if line.startswith('{"line": '))
for number, (a, b) in enumerate(zip(reference, spark), 1):
    if a != b:
        sys.exit(f"DIFFERENT at record {number}:\n  one process: {a}\n  spark:       {b}")
if len(reference) != len(spark):
    sys.exit(f"DIFFERENT: {len(reference) - 1} records from one process, {len(spark) - 1} from spark")
print(f"equal: {len(reference) - 1} records ({errors} error records) record for record")
PY
done=$(now)
echo "times (s, $configuration binary): build $(elapsed "$start" "$built"), shard $(elapsed "$built" "$sharded"), one process $(elapsed "$sharded" "$single"), spark local[*] $(elapsed "$single" "$spark"), check $(elapsed "$spark" "$done"), total $(elapsed "$start" "$done")"
