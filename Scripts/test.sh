#!/usr/bin/env bash
# The whole test suite, as CI runs it: installs missing system packages, runs every XCTest /
# Swift Testing target in release (pixel loops are 10-50x slower in debug) with testing enabled,
# checks that the committed docs gallery is what the code renders, then builds the example consumer
# (Examples/UploadHUD, which depends on this package by path), runs its test and renders its GIF.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/setup.sh --tests
swift build -c release --product hudrender
swift test -c release -Xswiftc -enable-testing
if [ -f docs/assets.json ]; then
  "$(swift build -c release --show-bin-path)/hudrender" batch docs/assets.json --check
fi

# One build serves the example's test and its executable (a separate `swift build` would rebuild
# the whole package without testability).
example=Examples/UploadHUD
swift build -c release --build-tests --package-path "$example"
swift test -c release --skip-build --package-path "$example"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && "$OLDPWD/$example/.build/release/upload-gif")
"$(swift build -c release --show-bin-path)/hudrender" diff "$work/upload.gif" "$work/upload.gif" >/dev/null
echo "example consumer: upload.gif written ($(wc -c <"$work/upload.gif") bytes) and read back"
