#!/usr/bin/env bash
# Builds the library's documentation as static HTML with the toolchain's docc, from the symbol
# graphs of the public modules and their catalogs (Sources/<Module>/<Module>.docc), warnings
# treated as errors (a broken link or an undocumented parameter fails the build).
#
#   scripts/docs.sh [OUTDIR]     (default .build/docs; about a minute after a debug build)
#
# OUTDIR gets one folder per module (TextLayout, StatusLayout, FeedLayout, TimelineKit,
# Rendering), each with its index.html, and an index.html naming them. DocC's pages load their
# content with JavaScript: serve OUTDIR over HTTP to read them, for instance
#   python3 -m http.server --directory .build/docs 8000   →  http://localhost:8000/
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.build/docs}
modules=(TextLayout StatusLayout FeedLayout TimelineKit Rendering)
command -v docc > /dev/null || { echo "docs.sh: docc not found (it ships with the Swift toolchain, beside swift)" >&2; exit 1; }
scripts/ensure-deps.sh

echo "== symbol graphs of the public API (swift package dump-symbol-graph)" >&2
# It fails on the C modules (the extractor passes them C++ flags) and writes the Swift ones: its
# status is not the test, each public module's graph written by this run is.
stamp=$(mktemp)
listing=$(swift package dump-symbol-graph --minimum-access-level public 2>&1) || true
graphs=$(echo "$listing" | sed -n 's/^Files written to //p' | tail -1)
for module in "${modules[@]}"; do
    if [ -z "$graphs" ] || [ ! "$graphs/$module.symbols.json" -nt "$stamp" ]; then
        echo "$listing" >&2
        echo "docs.sh: no symbol graph was written for $module" >&2
        exit 1
    fi
done
rm -f "$stamp"

rm -rf "$out"
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
index="<!doctype html><meta charset=utf-8><title>FeedLayout documentation</title><h1>FeedLayout documentation</h1><ul>"
for module in "${modules[@]}"; do
    echo "== $module" >&2
    mkdir -p "$work/$module"
    # The module's own graph and its extensions of other modules (StatusLayout@TextLayout...).
    cp "$graphs/$module.symbols.json" "$work/$module/"
    find "$graphs" -name "$module@*.symbols.json" -exec cp {} "$work/$module/" \;
    lower=$(echo "$module" | tr '[:upper:]' '[:lower:]')
    docc convert "Sources/$module/$module.docc" \
        --additional-symbol-graph-dir "$work/$module" \
        --output-path "$out/$module" \
        --fallback-display-name "$module" --fallback-bundle-identifier "org.feedlayout.$module" \
        --transform-for-static-hosting --hosting-base-path "$module" \
        --warnings-as-errors > "$work/$module.log" 2>&1 || { cat "$work/$module.log" >&2; echo "docs.sh: docc failed for $module" >&2; exit 1; }
    # DocC puts the module's page at documentation/<module>/ (each page has its own index.html
    # there); the folder's index.html, DocC's app shell otherwise, leads to it.
    printf '<!doctype html><meta charset=utf-8><meta http-equiv="refresh" content="0; url=documentation/%s/"><a href="documentation/%s/">%s</a>\n' \
        "$lower" "$lower" "$module" > "$out/$module/index.html"
    index+="<li><a href=\"$module/documentation/$lower/\">$module</a></li>"
done
echo "$index</ul>" > "$out/index.html"
echo "docs.sh: ${#modules[@]} modules documented in $out (serve it: python3 -m http.server --directory $out)" >&2
