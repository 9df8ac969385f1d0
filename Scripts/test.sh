#!/usr/bin/env bash
# The whole test suite, as CI runs it: installs missing system packages, runs every XCTest /
# Swift Testing target in release (pixel loops are 10-50x slower in debug) with testing enabled,
# then checks that the committed docs gallery is what the code renders.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/setup.sh
swift build -c release --product hudrender
swift test -c release -Xswiftc -enable-testing
if [ -f docs/assets.json ]; then
  "$(swift build -c release --show-bin-path)/hudrender" batch docs/assets.json --check
fi
