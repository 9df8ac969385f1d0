#!/usr/bin/env bash
# record-goldens.sh: re-record every golden image of the suite (Tests/HUDKitTests/Golden*Tests and
# the rasterizer's Tests/HUDRasterTests/Golden*Tests),
# then run the suite again without recording to prove the new references pass.
#
# A recording run always fails (HUDSnapshotTesting never lets recording pass silently), so its exit
# status is ignored; the verifying run (HUDRENDER_RECORD=never) decides this script's status.
# LOOK AT the changed references (git status / git diff --stat Tests/HUDKitTests/__Snapshots__)
# before committing them.
#
#   Scripts/record-goldens.sh              # re-record all goldens, then verify
#   Scripts/record-goldens.sh --prune      # first delete the Golden* reference folders, so that
#                                          # references of renamed or removed tests disappear
#   FILTER=GoldenTextTests Scripts/record-goldens.sh    # only one suite (or test)
#   FILTER=HUDRasterTests.Golden Scripts/record-goldens.sh   # only the rasterizer's goldens
#   SCRATCH=/tmp/b-golden Scripts/record-goldens.sh     # build folder (default .build)
set -uo pipefail
cd "$(dirname "$0")/.."

filter=${FILTER:-Golden}
scratch=${SCRATCH:-.build}
snapshots="Tests/HUDKitTests/__Snapshots__ Tests/HUDRasterTests/__Snapshots__"

if [ "${1:-}" = "--prune" ]; then
  case "$filter" in
    Golden) for d in $snapshots; do rm -rf "$d"/Golden*Tests; done ;;
    *) echo "--prune only works with the whole suite (unset FILTER)" >&2; exit 2 ;;
  esac
elif [ -n "${1:-}" ]; then
  echo "usage: $0 [--prune]" >&2; exit 2
fi

run() {
  swift test --scratch-path "$scratch" -c release -Xswiftc -enable-testing --filter "$filter"
}

echo "== recording (HUDRENDER_RECORD=all; this run is expected to fail) ==" >&2
HUDRENDER_RECORD=all run > /tmp/record-goldens.$$.log 2>&1
recorded=$(grep -c "re-recorded\|no reference existed" /tmp/record-goldens.$$.log || true)
echo "references written: $recorded (log: /tmp/record-goldens.$$.log)" >&2

echo "== verifying (HUDRENDER_RECORD=never) ==" >&2
if HUDRENDER_RECORD=never run; then
  count=$(find $snapshots -path "*/Golden*" -name '*.png' | wc -l)
  bytes=$(find $snapshots -path "*/Golden*" -name '*.png' -exec cat {} + | wc -c)
  echo "goldens: $count PNGs, $bytes bytes in $snapshots" >&2
  git status --short -- $snapshots 2>/dev/null | head -20 >&2
  echo "Look at the changed references before committing them." >&2
else
  echo "the verifying run failed: the renderer is not deterministic or a test is broken" >&2
  exit 1
fi
