#!/usr/bin/env bash
# Formats the Swift sources with the toolchain's swift-format and the repository's .swift-format
# (4 spaces, 120 columns), or with --lint checks them as CI does (exit 1 on any finding).
#   scripts/format.sh          rewrite the files in place
#   scripts/format.sh --lint   report, change nothing
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Package.swift Sources Tests Benchmarks/Package.swift Benchmarks/Sources Benchmarks/Tests
       Fuzz/Package.swift Fuzz/Sources Fuzz/Tests Examples)
if [[ "${1:-}" == "--lint" ]]; then
    swift format lint --strict --recursive --parallel "${paths[@]}"
    echo "format.sh: every Swift file is formatted" >&2
else
    swift format format --in-place --recursive --parallel "${paths[@]}"
fi
