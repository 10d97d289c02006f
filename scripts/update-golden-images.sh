#!/usr/bin/env bash
# Draws the golden cells of Tests/RenderingTests again (after an intended change to drawing or
# layout) into Tests/RenderingTests/Fixtures/golden/*.png. Look at them before committing.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-deps.sh
swift build --build-tests
FEEDLAYOUT_UPDATE_GOLDEN_IMAGES=1 swift test --skip-build --filter GoldenImageTests
ls -l Tests/RenderingTests/Fixtures/golden
