#!/usr/bin/env python3
"""Builds the per-script corpora of Benchmarks/Corpus/scripts/ from text in Debian packages.

    Benchmarks/Corpus/make-scripts.py            # download, extract, write the files
    Benchmarks/Corpus/make-scripts.py --check    # rebuild in a temporary place, compare
    Benchmarks/Corpus/make-scripts.py --keep DIR # keep the extracted packages in DIR

Writes one file per script into Corpus/scripts/ (one text per line, UTF-8, NFC, 5,000 texts
each, no text twice in a file): interface messages of Debian's translation catalogues (.mo
files of GNOME, Cinnamon, MATE, GTK, GIMP, VLC and coreutils), paragraphs of GNOME's help
(Mallard pages) and of the translated man pages where Debian has them, for sixteen writing
systems; and rtl-social.txt, posts in Arabic, Persian and Hebrew with English words, @handles,
#tags, numbers, URLs and emoji sequences between them, as timelines carry them.

Needs Debian's apt-get and dpkg-deb and Python 3 (standard library only). The packages are
downloaded with `apt-get download` into a temporary directory (nothing is installed) and read
with the helpers of make-multiscript.py (roff, Mallard and .mo readers, the same cleaning).
Every choice is made by a seeded random generator over sorted candidates, so the same package
versions give the same files; the versions are pinned below and a different version is refused
unless --any-version is given (Debian replaces versions in place).

Corpus/README.md says what each file holds, where its text comes from and under which licence.
"""

import importlib.util
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "scripts")

_spec = importlib.util.spec_from_file_location("multiscript", os.path.join(HERE, "make-multiscript.py"))
multiscript = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(multiscript)

# Debian 12 (bookworm) packages and the versions the committed files were built from.
PACKAGES = {
    "cinnamon-l10n": "5.6.1-2",
    "coreutils": "9.1-1",
    "evolution-data-server-common": "3.46.4-2+deb12u1",
    "gimp-data": "2.10.34-1+deb12u10",
    "gnome-control-center-data": "1:43.6-2~deb12u1",
    "gnome-user-docs": "43.0-2",
    "libgtk-3-common": "3.24.38-2~deb12u3",
    "manpages-el": "4.18.1-1",
    "manpages-ru": "4.18.1-1",
    "manpages-vi": "4.18.1-1",
    "mate-desktop-common": "1.26.0-2",
    "unicode-data": "15.0.0-1",
    "vlc-l10n": "3.0.24-0+deb12u1",
}
CATALOGUE_PACKAGES = ["cinnamon-l10n", "coreutils", "evolution-data-server-common", "gimp-data",
                      "gnome-control-center-data", "libgtk-3-common", "mate-desktop-common", "vlc-l10n"]

# Each file: its catalogue language, the letters that count as its script (inclusive code point
# ranges; None: Latin with the Vietnamese letters below), the man pages' language (if Debian has
# them) and GNOME help's language (if it exists).
SCRIPTS = {
    "arabic": ("ar", [(0x0600, 0x06FF), (0x0750, 0x077F), (0x08A0, 0x08FF), (0xFB50, 0xFDFF), (0xFE70, 0xFEFF)], None, None),
    "persian": ("fa", [(0x0600, 0x06FF), (0xFB50, 0xFDFF), (0xFE70, 0xFEFF)], None, "fa"),
    "hebrew": ("he", [(0x0590, 0x05FF), (0xFB1D, 0xFB4F)], None, "he"),
    "devanagari": ("hi", [(0x0900, 0x097F), (0xA8E0, 0xA8FF)], None, "hi"),
    "bengali": ("bn", [(0x0980, 0x09FF)], None, None),
    "gujarati": ("gu", [(0x0A80, 0x0AFF)], None, "gu"),
    "tamil": ("ta", [(0x0B80, 0x0BFF)], None, "ta"),
    "telugu": ("te", [(0x0C00, 0x0C7F)], None, "te"),
    "malayalam": ("ml", [(0x0D00, 0x0D7F)], None, None),
    "thai": ("th", [(0x0E00, 0x0E7F)], None, None),
    "myanmar": ("my", [(0x1000, 0x109F), (0xAA60, 0xAA7F), (0xA9E0, 0xA9FF)], None, None),
    "khmer": ("km", [(0x1780, 0x17FF), (0x19E0, 0x19FF)], None, None),
    "georgian": ("ka", [(0x10A0, 0x10FF), (0x2D00, 0x2D2F), (0x1C90, 0x1CBF)], None, None),
    "cyrillic": ("ru", [(0x0400, 0x04FF)], "ru", "ru"),
    "greek": ("el", [(0x0370, 0x03FF), (0x1F00, 0x1FFF)], "el", "el"),
    "vietnamese": ("vi", None, "vi", "vi"),
}
COUNT = 5000
SOCIAL_COUNT = 5000
SEED = 20261204
# A text's letters that must be of its script (the rest: product names, units, code).
SCRIPT_SHARE = 0.5
# Vietnamese: letters with the marks only Vietnamese uses among the Latin languages here.
VIETNAMESE = set("ăâđêôơưàảãáạằẳẵắặầẩẫấậèẻẽéẹềểễếệìỉĩíịòỏõóọồổỗốộờởỡớợùủũúụừửữứựỳỷỹýỵ")
MARKUP = re.compile(r"<[^>]*>|&[a-z#0-9]+;|@\w+\.\w+")


def script_share(text, ranges):
    letters = [c for c in text if c.isalpha()]
    if not letters:
        return 0.0
    if ranges is None:
        return sum(c.lower() in VIETNAMESE for c in letters) / len(letters) * 4  # one letter in four
    return sum(any(lo <= ord(c) <= hi for lo, hi in ranges) for c in letters) / len(letters)


def keep(text, ranges):
    """Whether `text` is prose of the script worth measuring (the rules of make-multiscript.py's
    `keep`, markup and addresses left out, half its letters of the script)."""
    if len(text) < multiscript.MIN_CHARS or len(text) > multiscript.MAX_CHARS or "\\" in text or "\ufffd" in text:
        return False
    if re.search(r"%[-+ #0-9.]*[a-zA-Z]|\$\{|\{[0-9a-z_]*\}", text) or MARKUP.search(text):
        return False
    return script_share(text, ranges) >= SCRIPT_SHARE


def sources(roots, language, man, help_language):
    texts = []
    for package in CATALOGUE_PACKAGES:
        texts += multiscript.catalog_messages(roots[package], language)
    if help_language:
        texts += multiscript.help_paragraphs(roots["gnome-user-docs"], help_language)
    if man:
        texts += multiscript.man_pages(roots[f"manpages-{man}"], man)
    return texts


def english_words(roots):
    """Words of the catalogues' English source strings (for @handles and #tags)."""
    import gettext
    words = set()
    base = os.path.join(roots["cinnamon-l10n"], "usr/share/locale/ar/LC_MESSAGES")
    for name in sorted(os.listdir(base)):
        if name.endswith(".mo"):
            with open(os.path.join(base, name), "rb") as f:
                for key in gettext.GNUTranslations(f)._catalog:
                    source = key[0] if isinstance(key, tuple) else key
                    words.update(re.findall(r"\b[A-Za-z]{3,10}\b", source))
    return sorted(words)


NUMBERS = ["{}", "{}%", "{}.{:02d}", "${}", "{}:{:02d}", "{}/{}", "+{}", "#{}", "{}k", "٪{}", "{}٫{}",
           "۱۴۰۲", "٢٠٢٤", "{}°", "{} km", "v{}.{}"]


def number(rng):
    template = rng.choice(NUMBERS)
    fields = len(re.findall(r"\{[^}]*\}", template))
    return template.format(*(rng.randrange(1, 2000) for _ in range(fields)))


def rtl_posts(rng, count, sentences, words, urls, emoji):
    """Posts of one to three sentences in Arabic, Persian or Hebrew with English words, @handles,
    #tags, numbers, URLs and emoji sequences, as right-to-left timelines carry them."""
    kinds = ["zwj", "flag", "skin", "keycap", "single", "single", "unqualified"]
    languages = ["arabic"] * 2 + ["persian", "hebrew"]
    posts, seen = [], set()
    while len(posts) < count:
        language = rng.choice(languages)
        parts = [rng.choice(sentences[language]) for _ in range(rng.choice([1, 1, 2, 2, 3]))]
        tokens = " ".join(parts).split(" ")
        for _ in range(rng.choice([0, 1, 1, 2, 3])):  # English words and numbers inside sentences
            extra = rng.choice(words) if rng.random() < 0.6 else number(rng)
            tokens.insert(rng.randrange(len(tokens) + 1), extra)
        text = " ".join(tokens)
        extras = []
        if rng.random() < 0.5:
            extras.append(" ".join(multiscript.handle(rng, words) for _ in range(rng.choice([1, 1, 2]))))
        if rng.random() < 0.35:
            extras.append(rng.choice(urls))
        if rng.random() < 0.3:
            extras.append(" ".join("#" + rng.choice(words) for _ in range(rng.choice([1, 2]))))
        for extra in extras:
            text = extra + " " + text if rng.random() < 0.4 else text + " " + extra
        for _ in range(rng.choice([0, 1, 1, 2, 3])):
            sequence = "".join(rng.choice(emoji[rng.choice(kinds)]) for _ in range(rng.choice([1, 1, 1, 2, 3])))
            spaces = [i for i, c in enumerate(text) if c == " "] + [len(text)]
            at = rng.choice(spaces) if rng.random() < 0.6 else len(text)
            glue = " " if rng.random() < 0.5 else ""
            text = text[:at] + glue + sequence + text[at:]
        text = multiscript.clean(text)
        if multiscript.MIN_CHARS <= len(text) <= multiscript.MAX_CHARS and text not in seen:
            seen.add(text)
            posts.append(text)
    return posts


def build(roots, out_dir):
    rng = random.Random(SEED)
    chosen, pools = {}, {}
    for name, (language, ranges, man, help_language) in SCRIPTS.items():
        unique = sorted({p for text in sources(roots, language, man, help_language)
                         for p in multiscript.pieces(text) if keep(p, ranges)})
        if len(unique) < COUNT:
            sys.exit(f"error: only {len(unique)} {name} texts, {COUNT} wanted")
        chosen[name] = rng.sample(unique, COUNT)
        taken = set(chosen[name])
        pools[name] = [t for t in unique if t not in taken and len(t) <= 140]
        print(f"  {name}: {COUNT} of {len(unique)} candidate texts", file=sys.stderr)

    # Right-to-left posts: sentences of the three right-to-left files' leftovers (never a text
    # of those files), English words of the catalogues' sources, URLs of the help and man
    # pages, emoji sequences of emoji-test.txt.
    words = english_words(roots)
    urls = sorted({m.rstrip(".,)") for package in ("gnome-user-docs", "manpages-ru", "manpages-vi")
                   for text in (multiscript.help_paragraphs(roots[package], "C") if package == "gnome-user-docs"
                                else multiscript.man_pages(roots[package], package.split("-")[1]))
                   for m in multiscript.URL.findall(text) if len(m) <= 60})
    emoji = multiscript.emoji_sequences(roots["unicode-data"])
    chosen["rtl-social"] = rtl_posts(rng, SOCIAL_COUNT, pools, words, urls, emoji)
    print(f"  rtl-social: {SOCIAL_COUNT} posts ({len(words)} English words, {len(urls)} URLs)", file=sys.stderr)

    multiscript.write_texts(out_dir, chosen)


def main():
    return multiscript.run(__doc__.split("\n\n")[0], PACKAGES, build, OUT, list(SCRIPTS) + ["rtl-social"],
                           "feedlayout-scripts-")


if __name__ == "__main__":
    sys.exit(main())
