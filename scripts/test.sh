#!/usr/bin/env bash
# Runs the whole test suite (installing the apt packages it needs first, when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-deps.sh
swift build --build-tests "$@"
swift test --skip-build "$@"
