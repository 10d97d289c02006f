#!/usr/bin/env python3
"""Builds the multi-script corpora of Benchmarks/Corpus/ from text in Debian packages.

    Benchmarks/Corpus/make-multiscript.py            # download, extract, write the five files
    Benchmarks/Corpus/make-multiscript.py --check    # rebuild in a temporary place, compare

Writes ja.txt, ko.txt, zh-hant.txt, en.txt and social.txt (one text per line, UTF-8, NFC)
beside this script. Needs Debian's apt-get and dpkg-deb and Python 3 (standard library only).
The packages are downloaded with `apt-get download` into a temporary directory (nothing is
installed). Every choice is made by a seeded random generator over sorted candidates, so the
same package versions give the same files; the versions used are pinned below and a different
version is refused unless --any-version is given (Debian replaces versions in place).

Corpus/README.md says what each file holds, where its text comes from and under which licence.
"""

import argparse
import filecmp
import gettext
import gzip
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import unicodedata
import xml.etree.ElementTree as ElementTree

HERE = os.path.dirname(os.path.abspath(__file__))

# Debian 12 (bookworm) packages and the versions the committed files were built from.
PACKAGES = {
    "manpages-ja": "0.5.0.0.20221215+dfsg-1",
    "manpages-zh": "1.6.4.0-1",
    "manpages": "6.03-2",
    "gnome-user-docs": "43.0-2",
    "cinnamon-l10n": "5.6.1-2",
    "coreutils": "9.1-1",
    "unicode-data": "15.0.0-1",
}

# How many texts each file gets.
COUNTS = {"ja": 2500, "ko": 2500, "zh-hant": 2500, "en": 2500, "social": 2600}
SEED = 20261130
MIN_CHARS = 12
MAX_CHARS = 280

# ---------------------------------------------------------------------------------------------
# Packages


def fetch(workdir, any_version, packages=None):
    """Downloads and extracts every package of `packages` ({name: version}, default PACKAGES);
    returns {package: root directory}."""
    roots = {}
    debs = os.path.join(workdir, "debs")
    os.makedirs(debs, exist_ok=True)
    for package, version in sorted((packages or PACKAGES).items()):
        spec = package if any_version else f"{package}={version}"
        result = subprocess.run(["apt-get", "download", spec], cwd=debs, capture_output=True, text=True)
        if result.returncode != 0:
            sys.exit(f"error: apt-get download {spec} failed (run apt-get update first; "
                     f"--any-version takes whatever version apt has):\n{result.stderr.strip()}")
        files = sorted(f for f in os.listdir(debs) if f.startswith(package + "_") and f.endswith(".deb"))
        if not files:
            sys.exit(f"error: apt-get download {spec} left no .deb")
        root = os.path.join(workdir, package)
        subprocess.run(["dpkg-deb", "-x", os.path.join(debs, files[-1]), root], check=True)
        roots[package] = root
        print(f"  {files[-1]}", file=sys.stderr)
    return roots


# ---------------------------------------------------------------------------------------------
# Cleaning and splitting

CONTROL = re.compile(r"[\u0000-\u001f\u007f-\u009f\u2028\u2029]")
SPACES = re.compile(r"\s+")
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uff00-\uffef\u3000-\u303f]")
HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")
KANA = re.compile(r"[\u3040-\u30ff]")
HANGUL = re.compile(r"[\uac00-\ud7af\u1100-\u11ff\u3130-\u318f]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def clean(text):
    """NFC, controls removed, runs of white space made one space, trimmed."""
    text = unicodedata.normalize("NFC", text)
    text = CONTROL.sub(" ", text)
    return SPACES.sub(" ", text).strip()


SENTENCE_END = re.compile(r"(?<=[。！？!?])|(?<=[.;:] )")


def pieces(text):
    """`text` cut at sentence ends into pieces of at most MAX_CHARS characters."""
    if len(text) <= MAX_CHARS:
        return [text]
    out, current = [], ""
    for sentence in SENTENCE_END.split(text):
        if not sentence:
            continue
        if len(current) + len(sentence) > MAX_CHARS and current:
            out.append(current.strip())
            current = ""
        current += sentence
    if current.strip():
        out.append(current.strip())
    return [p for p in out if len(p) <= MAX_CHARS]


def share(text, pattern):
    letters = [c for c in text if not c.isspace()]
    return len(pattern.findall(text)) / max(1, len(letters))


def keep(text, language):
    """Whether `text` is prose of `language` worth measuring."""
    if len(text) < MIN_CHARS or len(text) > MAX_CHARS or "\\" in text or "\ufffd" in text:
        return False
    if re.search(r"%[-+ #0-9.]*[a-zA-Z]|\$\{|\{[0-9a-z_]*\}", text):  # format strings
        return False
    if language == "ja":
        return share(text, KANA) >= 0.1 and share(text, CJK) >= 0.4
    if language == "ko":
        return share(text, HANGUL) >= 0.4
    if language == "zh-hant":
        return share(text, HAN) >= 0.4 and not KANA.search(text) and not HANGUL.search(text)
    if language == "en":
        words = text.split()
        return len(words) >= 4 and not CJK.search(text) and len(LATIN_WORD.findall(text)) >= 0.6 * len(words)
    raise ValueError(language)


# ---------------------------------------------------------------------------------------------
# Sources

ROFF_ESCAPES = [
    (re.compile(r"\\f(\[[^\]]*\]|\(..|.)"), ""), (re.compile(r"\\s[-+]?\d"), ""),
    (re.compile(r"\\\(em"), "—"), (re.compile(r"\\\(en"), "–"), (re.compile(r"\\\(lq"), "“"),
    (re.compile(r"\\\(rq"), "”"), (re.compile(r"\\\(oq"), "‘"), (re.compile(r"\\\(cq"), "’"),
    (re.compile(r"\\\((aq|dq)"), "'"), (re.compile(r"\\\(co"), "©"), (re.compile(r"\\\(bu"), "•"),
    (re.compile(r"\\\(mu"), "×"), (re.compile(r"\\\(\*\*"), "*"), (re.compile(r"\\\*\(Aq"), "'"),
    (re.compile(r"\\-"), "-"), (re.compile(r"\\[ ~0]"), " "), (re.compile(r"\\[&|^%c:]"), ""),
    (re.compile(r"\\e"), "\\\\"), (re.compile(r"\\\.") , "."),
]
ROFF_BREAKS = {"PP", "P", "LP", "SH", "SS", "TP", "IP", "HP", "br", "sp", "RS", "RE", "TH", "in", "ti",
               "TQ", "EX", "EE", "nf", "fi", "ce", "TS", "TE", "SY", "YS", "OP", "UR", "UE", "MT", "ME"}
ROFF_INLINE = {"B", "I", "R", "BI", "BR", "IB", "IR", "RB", "RI", "SM", "SB"}


def roff_text(line):
    for pattern, replacement in ROFF_ESCAPES:
        line = pattern.sub(replacement, line)
    return line


def join(left, right):
    """Two source lines of one paragraph: CJK to CJK without a space, else with one."""
    if not left:
        return right
    if left and right and CJK.match(left[-1]) and CJK.match(right[0]):
        return left + right
    return left + " " + right


def man_paragraphs(path):
    """The prose paragraphs of a man page (roff source): no code, no tables, no synopsis."""
    try:
        with gzip.open(path, "rb") as f:
            source = f.read().decode("utf-8")
    except (OSError, UnicodeDecodeError, EOFError):
        return []
    paragraphs, current, verbatim, section = [], "", False, ""
    for raw in source.splitlines():
        if raw.startswith((".\\\"", "'\\\"", ".\\#")):
            continue
        if raw.startswith((".", "'")):
            parts = raw[1:].strip().split(None, 1)
            macro = parts[0] if parts else ""
            argument = parts[1] if len(parts) > 1 else ""
            if macro in ("nf", "EX", "TS"):
                verbatim = True
            elif macro in ("fi", "EE", "TE"):
                verbatim = False
            if macro in ROFF_BREAKS or macro not in ROFF_INLINE:
                if current:
                    paragraphs.append((section, current))
                current = ""
                if macro in ("SH", "SS"):
                    section = argument.strip('"').upper()
                continue
            if verbatim:
                continue
            argument = " ".join(part.strip('"') for part in re.findall(r'"[^"]*"|\S+', argument))
            current = join(current, roff_text(argument))
            continue
        if verbatim:
            continue
        current = join(current, roff_text(raw).strip())
    if current:
        paragraphs.append((section, current))
    skipped = ("SYNOPSIS", "書式", "概要", "总览", "總覽", "语法", "語法", "大綱", "FILES", "ファイル", "檔案",
               "SEE ALSO", "関連項目", "參見", "参见", "另見", "AUTHOR", "AUTHORS", "著者", "作者", "COLOPHON",
               "翻訳者", "中文版維護人", "中文版维护人", "跋")
    return [clean(text) for section, text in paragraphs if not any(s in section for s in skipped)]


def man_pages(root, language_dir):
    base = os.path.join(root, "usr/share/man", language_dir) if language_dir else os.path.join(root, "usr/share/man")
    out = []
    for directory, _, files in sorted(os.walk(base)):
        for name in sorted(files):
            if name.endswith(".gz"):
                out.extend(man_paragraphs(os.path.join(directory, name)))
    return out


MALLARD = "{http://projectmallard.org/1.0/}"


def help_paragraphs(root, language):
    """Every <p> of the Mallard help pages of `language` (GNOME's user documentation)."""
    base = os.path.join(root, "usr/share/help", language)
    out = []
    for directory, _, files in sorted(os.walk(base)):
        for name in sorted(files):
            if not name.endswith(".page"):
                continue
            try:
                tree = ElementTree.parse(os.path.join(directory, name))
            except ElementTree.ParseError:
                continue
            for p in tree.iter(MALLARD + "p"):
                if any(child.tag in (MALLARD + "code", MALLARD + "screen") for child in p.iter()):
                    continue
                out.append(clean("".join(p.itertext())))
    return out


def catalog_messages(root, language):
    """The translated messages of every .mo catalogue of `language` under `root`."""
    base = os.path.join(root, "usr/share/locale", language, "LC_MESSAGES")
    out = []
    if not os.path.isdir(base):
        return out
    for name in sorted(os.listdir(base)):
        if not name.endswith(".mo"):
            continue
        with open(os.path.join(base, name), "rb") as f:
            catalog = gettext.GNUTranslations(f)._catalog
        for key in sorted(catalog, key=repr):
            if key == "" or (isinstance(key, tuple) and key[0] == ""):
                continue
            for line in catalog[key].split("\n"):
                out.append(clean(line.replace("_", "") if "_" in line and len(line) < 40 else line))
    return out


# ---------------------------------------------------------------------------------------------
# Social posts

URL = re.compile(r"https?://[A-Za-z0-9._~:/?#\[\]@!$&'()*+,;=%-]+[A-Za-z0-9/]")


def emoji_sequences(root):
    """emoji-test.txt's sequences by kind: (zwj, flags, skin tones, keycaps, other, unqualified)."""
    kinds = {"zwj": [], "flag": [], "skin": [], "keycap": [], "single": [], "unqualified": []}
    with open(os.path.join(root, "usr/share/unicode/emoji/emoji-test.txt"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or ";" not in line:
                continue
            codes, rest = line.split(";", 1)
            status = rest.split("#", 1)[0].strip()
            scalars = [int(c, 16) for c in codes.split()]
            text = "".join(map(chr, scalars))
            if status != "fully-qualified":
                if len(scalars) <= 2:
                    kinds["unqualified"].append(text)
                continue
            if 0x200D in scalars:
                kinds["zwj"].append(text)
            elif all(0x1F1E6 <= s <= 0x1F1FF for s in scalars) or 0x1F3F4 in scalars and len(scalars) > 2:
                kinds["flag"].append(text)
            elif any(0x1F3FB <= s <= 0x1F3FF for s in scalars):
                kinds["skin"].append(text)
            elif 0x20E3 in scalars:
                kinds["keycap"].append(text)
            else:
                kinds["single"].append(text)
    return kinds


def handle(rng, words):
    name = rng.choice(words).lower()
    shape = rng.random()
    if shape < 0.3:
        name += str(rng.randrange(1, 2000))
    elif shape < 0.5:
        name += "_" + rng.choice(words).lower()
    return "@" + re.sub(r"[^a-z0-9_]", "", name)[:15]


def social_posts(rng, count, sentences, urls, words, emoji):
    """Posts of one to three sentences with URLs, @handles, #tags and emoji sequences."""
    kinds = ["zwj", "flag", "skin", "keycap", "single", "single", "unqualified"]
    languages = ["en"] * 5 + ["ja", "ko", "zh-hant"] * 1
    posts, seen = [], set()
    while len(posts) < count:
        language = rng.choice(languages)
        parts = [rng.choice(sentences[language]) for _ in range(rng.choice([1, 1, 1, 2, 2, 3]))]
        text = " ".join(parts)
        extras = []
        if rng.random() < 0.5:
            extras.append(" ".join(handle(rng, words) for _ in range(rng.choice([1, 1, 2, 3]))))
        if rng.random() < 0.4:
            extras.append(rng.choice(urls))
        if rng.random() < 0.3:
            extras.append(" ".join("#" + rng.choice(words) for _ in range(rng.choice([1, 2]))))
        for extra in extras:
            text = extra + " " + text if rng.random() < 0.3 else text + " " + extra
        for _ in range(rng.choice([1, 1, 2, 3, 4])):
            sequence = "".join(rng.choice(emoji[rng.choice(kinds)]) for _ in range(rng.choice([1, 1, 1, 2, 3])))
            spaces = [i for i, c in enumerate(text) if c == " "] + [len(text)]
            at = rng.choice(spaces) if rng.random() < 0.6 else len(text)
            glue = " " if rng.random() < 0.5 else ""
            text = text[:at] + glue + sequence + text[at:]
        text = clean(text)
        if MIN_CHARS <= len(text) <= MAX_CHARS and text not in seen:
            seen.add(text)
            posts.append(text)
    return posts


# ---------------------------------------------------------------------------------------------


def sample(rng, candidates, language, count):
    unique = sorted({p for text in candidates for p in pieces(text) if keep(p, language)})
    if len(unique) < count:
        sys.exit(f"error: only {len(unique)} {language} texts, {count} wanted")
    return rng.sample(unique, count), len(unique)


def build(roots, out_dir):
    rng = random.Random(SEED)
    sources = {
        "ja": man_pages(roots["manpages-ja"], "ja") + help_paragraphs(roots["gnome-user-docs"], "ja")
        + catalog_messages(roots["coreutils"], "ja") + catalog_messages(roots["cinnamon-l10n"], "ja"),
        "ko": help_paragraphs(roots["gnome-user-docs"], "ko")
        + catalog_messages(roots["coreutils"], "ko") + catalog_messages(roots["cinnamon-l10n"], "ko"),
        "zh-hant": man_pages(roots["manpages-zh"], "zh_TW")
        + catalog_messages(roots["coreutils"], "zh_TW") + catalog_messages(roots["cinnamon-l10n"], "zh_TW"),
        "en": man_pages(roots["manpages"], "") + help_paragraphs(roots["gnome-user-docs"], "C"),
    }
    chosen = {}
    for language in ("ja", "ko", "zh-hant", "en"):
        chosen[language], available = sample(rng, sources[language], language, COUNTS[language])
        print(f"  {language}: {COUNTS[language]} of {available} candidate texts", file=sys.stderr)

    # Social posts: short sentences of every language (not the texts chosen above), real URLs
    # from the same sources, words of the English texts for handles and tags.
    taken = {t for texts in chosen.values() for t in texts}
    sentences = {}
    for language in ("ja", "ko", "zh-hant", "en"):
        pool = sorted({p for text in sources[language] for p in pieces(text)
                       if keep(p, language) and p not in taken and len(p) <= 140})
        sentences[language] = pool
    urls = sorted({m.rstrip(".,)") for texts in sources.values() for text in texts for m in URL.findall(text)
                   if len(m) <= 60})
    words = sorted({w for text in chosen["en"] for w in re.findall(r"\b[A-Za-z]{3,10}\b", text)})
    emoji = emoji_sequences(roots["unicode-data"])
    chosen["social"] = social_posts(rng, COUNTS["social"], sentences, urls, words, emoji)
    print(f"  social: {COUNTS['social']} posts ({len(urls)} URLs, "
          + ", ".join(f"{len(v)} {k}" for k, v in emoji.items()) + ")", file=sys.stderr)

    write_texts(out_dir, chosen)


def write_texts(out_dir, chosen):
    """Writes each {name: texts} of `chosen` to `out_dir`/name.txt, one text per line."""
    os.makedirs(out_dir, exist_ok=True)
    for name, texts in chosen.items():
        with open(os.path.join(out_dir, f"{name}.txt"), "w", encoding="utf-8", newline="\n") as f:
            for text in texts:
                assert "\n" not in text and "\r" not in text
                f.write(text + "\n")


def run(description, packages, build, committed_dir, names, prefix):
    """The command line of a corpus builder: downloads `packages`, calls build(roots, out_dir),
    and with --check compares the files `names` with those in `committed_dir`."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--check", action="store_true", help="rebuild in a temporary directory and "
                        "compare with the committed files (exit 1 when they differ)")
    parser.add_argument("--any-version", action="store_true", help="take whatever package versions "
                        "apt offers instead of the pinned ones")
    parser.add_argument("--keep", metavar="DIR", help="download and extract into DIR and keep it")
    args = parser.parse_args()
    for tool in ("apt-get", "dpkg-deb"):
        if shutil.which(tool) is None:
            sys.exit(f"error: {tool} not found: this script needs Debian's package tools")
    workdir = args.keep or tempfile.mkdtemp(prefix=prefix)
    try:
        os.makedirs(workdir, exist_ok=True)
        print("Downloading and extracting:", file=sys.stderr)
        roots = fetch(workdir, args.any_version, packages)
        out_dir = os.path.join(workdir, "out") if args.check else committed_dir
        build(roots, out_dir)
        if args.check:
            different = [f"{n}.txt" for n in names
                         if not filecmp.cmp(os.path.join(out_dir, f"{n}.txt"), os.path.join(committed_dir, f"{n}.txt"),
                                            shallow=False)]
            if different:
                print("differ from the committed files: " + ", ".join(different), file=sys.stderr)
                return 1
            print("the committed files are reproduced exactly", file=sys.stderr)
    finally:
        if not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)
    return 0


def main():
    return run(__doc__.split("\n\n")[0], PACKAGES, build, HERE, list(COUNTS), "feedlayout-corpus-")


if __name__ == "__main__":
    sys.exit(main())
