#!/usr/bin/env bash
# Runs the whole test suite (installing the apt packages it needs first, when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-deps.sh
swift build --build-tests "$@"
# Swift Testing only: the suites have no XCTest cases (XCTest would print "Executed 0 tests").
swift test --skip-build --disable-xctest "$@"
