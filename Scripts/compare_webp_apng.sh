#!/usr/bin/env bash
# compare_webp_apng.sh: the WebP and APNG acceptance figures of issues 24 and 22 on the mission's job
# (`hudrender --style balloon`), side by side in one run so the busy machine's drift hits all rows alike.
#   WebP  (fps 25, the GIF's rate) hudrender lossless (must decode to exactly the frames) and
#         --quality 90 (PSNR, bytes against hudrender's GIF), against img2webp -lossless and
#         img2webp -min_size -lossless of the same frames.
#   APNG  `hudrender --style balloon --out hud.apng` (default fps) against the GIF row: wall and CPU
#         seconds, bytes.
# Seconds are "wall cpu" (user + sys); hudrender's include rendering, img2webp's are encode only.
# Peak memory (KB) is printed for the WebP rows at 60 and 600 frames (--duration) to show it is flat.
#
# Usage: Scripts/compare_webp_apng.sh   Env: HUDRENDER (a built binary; default: build release),
#        BENCH (a built gifbench harness), WORK (scratch, default /tmp/hudrender-webp), REPEAT (timing runs per row, best kept; default 1).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
WORK=${WORK:-/tmp/hudrender-webp}
REPEAT=${REPEAT:-1}
rm -rf "$WORK"; mkdir -p "$WORK"
command -v img2webp >/dev/null || { echo "compare_webp_apng.sh: missing img2webp (apt-get install webp)" >&2; exit 1; }
if [ -z "${HUDRENDER:-}" ]; then
    swift build -c release --static-swift-stdlib --product hudrender >&2
    HUDRENDER="$(swift build -c release --show-bin-path)/hudrender"
fi
R="$(dirname "$HUDRENDER")"
BENCH=${BENCH:-"$WORK/gifbench"}
[ -x "$BENCH" ] || swiftc -O "$ROOT/Scripts/gifbench.swift" -module-name gifbench -I "$R/Modules" \
    -Xcc -fmodule-map-file="$R/CCodecShims.build/module.modulemap" -Xcc -I"$ROOT/Sources/CCodecShims/include" \
    -I "$ROOT/Sources/CPNG" -I "$ROOT/Sources/CGIF" -I "$ROOT/Sources/CZlib" -I "$ROOT/Sources/CWebP" \
    $(pkg-config --cflags-only-I libpng | sed 's/-I/-Xcc -I/g') \
    "$R"/HUDCodecs.build/*.o "$R"/HUDRaster.build/*.o "$R"/CCodecShims.build/*.o "$R"/HUDSupport.build/*.o \
    $(pkg-config --libs libpng zlib libwebpmux libwebpdemux) -lgif -o "$BENCH" 2>/dev/null

# "wall cpu maxKB" of a command (output discarded), the best wall time of REPEAT runs.
timed() {
    local best=""
    for _ in $(seq "$REPEAT"); do
        /usr/bin/time -f "%e %U %S %M" -o "$WORK/time" "$@" >/dev/null 2>&1
        local t; t=$(awk '{ printf "%.2f %.2f %d", $1, $2 + $3, $4 }' "$WORK/time")
        if [ -z "$best" ] || awk -v a="${t%% *}" -v b="${best%% *}" 'BEGIN { exit !(a < b) }'; then best=$t; fi
    done
    echo "$best"
}
size() { stat -c %s "$1"; }

"$HUDRENDER" --style balloon --fps 25 --out "$WORK/truth.apng"
FPS=25 "$BENCH" sample "$WORK/truth.apng" "$WORK/frames"
export FPS=25
echo "| row | wall s | cpu s | peak KB | bytes | quality |"
echo "|---|---|---|---|---|---|"
t=$(timed "$HUDRENDER" --style balloon --out "$WORK/hud.gif"); echo "| hudrender GIF (its default: 25 fps) | ${t// / | } | $(size "$WORK/hud.gif") | |"
gif=$(size "$WORK/hud.gif")
t=$(timed "$HUDRENDER" --style balloon --fps 25 --out "$WORK/hud.webp")
echo "| hudrender WebP lossless | ${t// / | } | $(size "$WORK/hud.webp") | $("$BENCH" exact "$WORK/frames" "$WORK/hud.webp" || true) |"
t=$(timed "$HUDRENDER" --style balloon --fps 25 --quality 90 --out "$WORK/q90.webp")
m=$("$BENCH" measure "$WORK/frames" "$WORK/q90.webp")
echo "| hudrender WebP --quality 90 | ${t// / | } | $(size "$WORK/q90.webp") ($(awk -v a="$(size "$WORK/q90.webp")" -v b="$gif" 'BEGIN { printf "%.3f", a / b }')x GIF) | $m |"
t=$(timed img2webp -lossless -d 40 "$WORK"/frames/frame-*.png -o "$WORK/i2w.webp")
echo "| img2webp -lossless | ${t// / | } | $(size "$WORK/i2w.webp") | |"
t=$(timed img2webp -min_size -lossless -d 40 "$WORK"/frames/frame-*.png -o "$WORK/i2w-min.webp")
echo "| img2webp -min_size -lossless | ${t// / | } | $(size "$WORK/i2w-min.webp") | |"
unset FPS
t=$(timed "$HUDRENDER" --style balloon --out "$WORK/hud.apng"); echo "| hudrender APNG (its default: 30 fps) | ${t// / | } | $(size "$WORK/hud.apng") | |"
for d in 2 20; do
    t=$(timed "$HUDRENDER" --style balloon --fps 30 --duration $d --out "$WORK/mem$d.webp"); echo "| WebP memory, $((d * 30)) frames | ${t// / | } | $(size "$WORK/mem$d.webp") | |"
done
