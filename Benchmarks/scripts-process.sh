#!/usr/bin/env bash
# Whole-process speed on every script: `feedlayout measure` against Pango's whole process
# (`pango-measure`, this package's C peer) on the per-script corpora of Corpus/scripts/ (5,000
# texts each: Debian's translation catalogues, GNOME's help and man pages in sixteen writing
# systems, and right-to-left posts with English, numbers, URLs and emoji), start-up included.
#
# Both measure with the same fonts: Noto Sans, Noto Sans Arabic, Hebrew, Devanagari, Bengali,
# Gujarati, Tamil, Telugu, Malayalam, Thai, Myanmar, Khmer and Georgian (Debian's
# fonts-noto-core), Noto Sans CJK SC and Noto Color Emoji (the bundled ones), in that fallback
# order, at 17 px and 343 px wide: feedlayout with one --font each, Pango with the families
# over a fontconfig configuration of only those files. The rows "uncovered" measure a corpus
# with the bundled fonts alone (Noto Sans, Noto Sans CJK SC, Noto Color Emoji), which have
# none of its letters: text no font covers, measured as .notdef by both.
#
# Each figure is CPU time (user + system, from wait4's resource usage), the median of RUNS
# runs taken in turn (feedlayout, Pango, feedlayout, ...), one thread (`--threads 1`: Pango
# has one). The ratio is Pango's median over feedlayout's; the targets (issue 22): at least 3
# on every script, at least 1 on Myanmar and on uncovered text. A line-count agreement with
# Pango is printed beside each row as a check that both measured the same texts.
#
#   Benchmarks/scripts-process.sh [--runs 5] [--corpora arabic,thai,...] [--quick]
#
# --quick: 1 run of the first 200 texts of each corpus (a smoke test: its figures mean
# nothing). Installs what it needs with scripts/ensure-deps.sh --bench. Prints a table on
# standard output, progress on standard error.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=5
limit=0
corpora=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --runs) runs="${2:-}"; shift 2 ;;
    --corpora) corpora="${2:-}"; shift 2 ;;
    --quick) runs=1; limit=200; shift ;;
    -h|--help) sed -n '2,25p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "error: unknown option '$1' (see --help)" >&2; exit 64 ;;
  esac
done
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "error: --runs must be a whole number above 0, got '$runs'" >&2; exit 64; }
command -v python3 >/dev/null || { echo "error: needs python3" >&2; exit 1; }

scripts/ensure-deps.sh --bench
echo "building feedlayout (release, --static-swift-stdlib) and pango-measure" >&2
swift build -c release --static-swift-stdlib --product feedlayout >&2
fl=$(swift build -c release --static-swift-stdlib --show-bin-path)/feedlayout
(cd Benchmarks && swift build -c release --product pango-measure >&2)
pango=$(cd Benchmarks && swift build -c release --show-bin-path)/pango-measure

exec python3 - "$fl" "$pango" "$PWD" "$runs" "$limit" "$corpora" <<'EOF'
import os, statistics, subprocess, sys, tempfile

fl, pango, root, runs, limit, wanted = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
corpus_dir = os.path.join(root, "Benchmarks/Corpus/scripts")
bundled = os.path.join(root, "Fonts")
noto = "/usr/share/fonts/truetype/noto"
scripts = ["Arabic", "Hebrew", "Devanagari", "Bengali", "Gujarati", "Tamil", "Telugu", "Malayalam", "Thai",
           "Myanmar", "Khmer", "Georgian"]
stack = ([("Noto Sans", os.path.join(bundled, "NotoSans-Regular.ttf"))]
         + [(f"Noto Sans {s}", os.path.join(noto, f"NotoSans{s}-Regular.ttf")) for s in scripts]
         + [("Noto Sans CJK SC", os.path.join(bundled, "NotoSansCJK-Regular.ttc#2")),
            ("Noto Color Emoji", os.path.join(bundled, "NotoColorEmoji.ttf"))])
for _, path in stack:
    if not os.path.isfile(path.split("#")[0]):
        sys.exit(f"error: {path} is missing (scripts/ensure-deps.sh installs fonts-noto-core)")

work = tempfile.mkdtemp(prefix="feedlayout-scripts-")
fonts_dir = os.path.join(work, "fonts")  # Pango's: the same files, linked
os.mkdir(fonts_dir)
for _, path in stack:
    file = path.split("#")[0]
    link = os.path.join(fonts_dir, os.path.basename(file))
    if not os.path.exists(link):
        os.symlink(file, link)
families = ",".join(name for name, _ in stack)
ours_all = [fl, "measure", "--threads", "1"] + [a for _, path in stack for a in ("--font", path)]
pango_all = [pango, fonts_dir, "343", "--families", families]
ours_bundled = [fl, "measure", "--threads", "1"]
pango_bundled = [pango, bundled, "343"]

names = sorted(f[:-4] for f in os.listdir(corpus_dir) if f.endswith(".txt"))
rows = [(n, n, ours_all, pango_all, 1 if n == "myanmar" else 3) for n in names]
rows += [(f"uncovered ({n})", n, ours_bundled, pango_bundled, 1) for n in ("myanmar", "arabic")]
if wanted:
    keep = set(wanted.split(","))
    unknown = keep - {r[0] for r in rows} - {r[1] for r in rows} - {"uncovered"}
    if unknown:
        sys.exit(f"error: no corpus {', '.join(sorted(unknown))} (corpora: {', '.join(names)}, uncovered)")
    rows = [r for r in rows if r[0] in keep or (r[1] in keep and not r[0].startswith("uncovered"))
            or ("uncovered" in keep and r[0].startswith("uncovered"))]


def text_file(name):
    path = os.path.join(corpus_dir, name + ".txt")
    if limit == 0:
        return path
    out = os.path.join(work, f"{name}.{limit}.txt")
    with open(path, encoding="utf-8") as f, open(out, "w", encoding="utf-8") as g:
        for i, line in zip(range(limit), f):
            g.write(line)
    return out


def cpu(command, path, capture=False):
    """CPU seconds (user + system) of one run, and its standard output when asked."""
    with open(path, "rb") as stdin:
        p = subprocess.Popen(command, stdin=stdin, stdout=subprocess.PIPE if capture else subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
        out = p.stdout.read() if capture else b""
        _, status, usage = os.wait4(p.pid, 0)
    if status != 0:
        sys.exit(f"error: {' '.join(command[:2])} exited with status {status >> 8} on {path}")
    return usage.ru_utime + usage.ru_stime, out


def line_counts(output):
    import json
    return [json.loads(line)["lines"] for line in output.decode("utf-8").splitlines()]


print(f"{len(rows)} rows, {runs} runs each, CPU time of the whole process (one thread)", file=sys.stderr)
print("| corpus | texts | feedlayout CPU s | Pango CPU s | Pango ÷ feedlayout | target | met | line counts as Pango |")
print("| --- | ---: | ---: | ---: | ---: | ---: | :-: | ---: |")
missed = 0
for label, name, ours_cmd, pango_cmd, target in rows:
    path = text_file(name)
    texts = sum(1 for _ in open(path, encoding="utf-8"))
    _, ours_out = cpu(ours_cmd, path, capture=True)  # also warms the page cache
    _, pango_out = cpu(pango_cmd, path, capture=True)
    a, b = line_counts(ours_out), line_counts(pango_out)
    if len(a) != texts or len(b) != texts:
        sys.exit(f"error: {label}: {len(a)} answers from feedlayout and {len(b)} from Pango for {texts} texts")
    agree = sum(x == y for x, y in zip(a, b)) / texts
    ours, theirs = [], []
    for run in range(runs):
        ours.append(cpu(ours_cmd, path)[0])
        theirs.append(cpu(pango_cmd, path)[0])
    mo, mp = statistics.median(ours), statistics.median(theirs)
    ratio = mp / mo if mo > 0 else float("inf")
    met = ratio >= target
    missed += not met
    print(f"{label}: feedlayout {mo:.3f} s, Pango {mp:.3f} s, ratio {ratio:.2f}", file=sys.stderr)
    print(f"| {label} | {texts} | {mo:.3f} | {mp:.3f} | {ratio:.2f} | ≥ {target} | {'yes' if met else 'no'} | {agree:.1%} |",
          flush=True)
print(f"\n{len(rows) - missed} of {len(rows)} rows meet their target")
EOF
