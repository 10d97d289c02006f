"""Cell heights of a sharded archive of statuses with Apache Spark and `feedlayout heights`.

Heights are a pure function of (status, layout context), so an archive larger than one machine
shards naturally: each shard (a JSON Lines file) goes whole to one `feedlayout heights` process
on some executor, and the answers come back in archive order. The archive's records are the
shards' lines, shards taken in name order; an undecodable line answers
{"line": N, "error": "..."} with N, and the line numbers in the message, counted over the whole
archive, so the output is exactly what
one `feedlayout heights` over the shards concatenated prints.

The `feedlayout` binary and its resource bundle (FeedLayout_TextLayout.resources, the fonts)
are shipped to the executors with SparkContext.addFile, so the nodes need no clone and no build.

    spark-submit feedlayout_heights.py --feedlayout .build/release/feedlayout \
        --input 'hdfs:///archive/statuses-*.jsonl' --output hdfs:///archive/heights \
        -- --width 375 --scale 3

Arguments after "--" go to `feedlayout heights` as they are.
"""

import argparse
import json
import os
import re
import subprocess
import sys

from pyspark import SparkConf, SparkContext, SparkFiles, StorageLevel

BUNDLE = "FeedLayout_TextLayout.resources"


def parse_arguments(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--feedlayout", required=True, help="the feedlayout binary (its resource bundle beside it)")
    parser.add_argument("--input", required=True, help="the shards: a directory, a glob or a comma-separated list (any Hadoop path)")
    parser.add_argument("--output", required=True, help="where to write the heights (a directory of part files, in archive order)")
    parser.add_argument("--master", default=None, help="Spark master (default: spark-submit's, or local[*])")
    parser.add_argument("heights_arguments", nargs=argparse.REMAINDER, help="-- then options of feedlayout heights")
    arguments = parser.parse_args(argv)
    extra = arguments.heights_arguments
    arguments.heights_arguments = extra[1:] if extra[:1] == ["--"] else extra
    return arguments


def shipped_binary():
    """The feedlayout binary shipped to this executor, made executable."""
    path = SparkFiles.get("feedlayout")
    if not os.access(path, os.X_OK):
        os.chmod(path, 0o755)
    return path


def answer_shard(shard, heights_arguments):
    """Runs feedlayout heights over one shard's bytes: (path, its line count, the output lines)."""
    path, content = shard
    content = bytes(content)
    process = subprocess.run([shipped_binary(), "heights", *heights_arguments, "-"], input=content,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
    # 0: every status answered; 1: some lines could not be decoded (answered in place).
    if process.returncode not in (0, 1) or (process.returncode == 1 and b'"error"' not in process.stdout):
        raise RuntimeError(f"feedlayout heights failed on {path} (exit {process.returncode}): "
                           f"{process.stderr.decode('utf-8', 'replace')[:2000]}")
    lines = process.stdout.decode("utf-8").split("\n")  # not splitlines: U+2028 may stand in a record
    if lines[-1] == "":
        lines.pop()
    return path, line_count(content), lines


def line_count(content):
    """Lines of a JSON Lines shard as feedlayout counts them (a last line without "\\n" counts)."""
    count = content.count(b"\n")
    return count + (1 if content and not content.endswith(b"\n") else 0)


ERROR_RECORD = re.compile(r'^\{"line": ([0-9]+), ')
# Line numbers inside an error message: "at line 12, column 3", "lines 12–40 are skipped",
# "the value that begins at line 12 is not complete".
MESSAGE_LINE = re.compile(r'(at line |lines |–)([0-9]+)(?=[,– ])')


def renumbered(lines, offset):
    """Output lines with error records' line numbers (the record's and those in its message)
    moved by `offset` (the text kept as is)."""
    for line in lines:
        match = ERROR_RECORD.match(line)
        if match is None:
            yield line
            continue
        rest = MESSAGE_LINE.sub(lambda m: m.group(1) + str(int(m.group(2)) + offset), line[match.end():])
        yield '{"line": %d, ' % (int(match.group(1)) + offset) + rest


def main(argv):
    arguments = parse_arguments(argv)
    # Shards are never combined into one task: a file "costs" 1 byte to open (not 4 MB), and
    # binaryFiles is asked for as many partitions as it can make (one per file, files being
    # unsplittable), so that shards run in parallel however small they are.
    configuration = SparkConf().setAppName("feedlayout-heights").set("spark.files.openCostInBytes", "1")
    if arguments.master:
        configuration.setMaster(arguments.master)
    elif not configuration.contains("spark.master"):
        configuration.setMaster("local[*]")
    context = SparkContext(conf=configuration)
    context.setLogLevel("WARN")
    try:
        binary = os.path.abspath(arguments.feedlayout)
        bundle = os.path.join(os.path.dirname(binary), BUNDLE)
        if not os.path.isdir(bundle):
            sys.exit(f"error: {bundle} is missing: ship the binary with its resource bundle")
        context.addFile(binary)
        context.addFile(bundle, recursive=True)

        heights_arguments = arguments.heights_arguments
        # Each shard goes whole to one feedlayout process; only the answers (far smaller than
        # the statuses) are kept and moved.
        answered = (context.binaryFiles(arguments.input, minPartitions=1 << 30)
                           .map(lambda shard: answer_shard(shard, heights_arguments))
                           .persist(StorageLevel.MEMORY_AND_DISK))
        counts = sorted(answered.map(lambda answer: (answer[0], answer[1])).collect())
        if not counts:
            sys.exit(f"error: no shard matches {arguments.input}")
        offsets, total = {}, 0
        for path, count in counts:
            offsets[path] = total
            total += count
        order = {path: index for index, (path, _) in enumerate(counts)}
        # One output partition per shard, in name order, so the part files concatenate to the
        # archive's answers.
        (answered.map(lambda answer: (answer[0], answer[2]))
                 .partitionBy(len(order), lambda path: order[path])
                 .flatMap(lambda item: renumbered(item[1], offsets[item[0]]))
                 .saveAsTextFile(arguments.output))
        print(f"feedlayout_heights: {len(counts)} shards, {total} records -> {arguments.output}", file=sys.stderr)
    finally:
        context.stop()


if __name__ == "__main__":
    main(sys.argv[1:])
