#!/usr/bin/env bash
# compare_gif.sh: encode the same frames with hudrender's codecs, ffmpeg's best two-pass GIF recipe,
# gifsicle -O3 of ffmpeg's output, and apngasm; report bytes, PSNR, SSIM, temporal flicker, banding and
# encode time for each.
#
# Usage: Scripts/compare_gif.sh [frames-dir]
#   Without a frames dir, a 60-frame 256x256 soft-glow HUD animation (30 fps) is synthesised.
#   Env: WORK (output folder, default /tmp/hudrender-compare), BUILD (SwiftPM scratch path).
#
# Metrics (computed by Scripts/gifbench.swift on frames decoded with disposal applied, sampled in the
# middle of each source frame):
#   PSNR, SSIM  against the true frames (SSIM on luma, 8x8 windows, stride 4)
#   flicker     share of pixels unchanged in the source between consecutive frames whose output changed
#   banding     RMS error left after a 5x5 box blur, over smooth source areas (dither noise averages
#               out, false contours do not); 0 = none
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
WORK=${WORK:-/tmp/hudrender-compare}
BUILD=${BUILD:-/tmp/hudrender-compare-build}
mkdir -p "$WORK"

need() {
    local missing=()
    for tool in ffmpeg gifsicle apngasm apngdis; do command -v "$tool" >/dev/null || missing+=("$tool"); done
    if [ ${#missing[@]} -gt 0 ]; then
        if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
            apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
        else
            echo "compare_gif.sh: missing ${missing[*]} (install with: sudo apt-get install ${missing[*]})" >&2
            exit 1
        fi
    fi
}
need

echo "building HUDCodecs (release) and the gifbench harness..." >&2
swift build -c release --target HUDCodecs --scratch-path "$BUILD" >&2
R="$BUILD/release"
swiftc -O "$ROOT/Scripts/gifbench.swift" -module-name gifbench -I "$R/Modules" \
    -Xcc -fmodule-map-file="$R/CCodecShims.build/module.modulemap" \
    -I "$ROOT/Sources/CPNG" -I "$ROOT/Sources/CGIF" -I "$ROOT/Sources/CZlib" \
    $(pkg-config --cflags-only-I libpng | sed 's/-I/-Xcc -I/g') \
    "$R"/HUDCodecs.build/*.o "$R"/HUDRaster.build/*.o "$R"/CCodecShims.build/*.o \
    $(pkg-config --libs libpng zlib) -lgif -o "$BUILD/gifbench"
BENCH="$BUILD/gifbench"

FRAMES=${1:-}
if [ -z "$FRAMES" ]; then
    FRAMES="$WORK/frames"
    rm -rf "$FRAMES"
    "$BENCH" frames "$FRAMES" 60 256
fi
COUNT=$(ls "$FRAMES"/frame-*.png | wc -l)

# Wall-clock seconds of a command.
timed() {
    local s e
    s=$(date +%s.%N); "$@" >/dev/null 2>&1; e=$(date +%s.%N)
    echo "$e - $s" | bc | sed 's/^\./0./'
}

t_project=$(timed "$BENCH" gifstream "$FRAMES" "$WORK/project.gif")
t_ffmpeg=$(timed ffmpeg -v error -y -framerate 30 -i "$FRAMES/frame-%04d.png" \
    -vf "split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=sierra2_4a:diff_mode=rectangle" \
    "$WORK/ffmpeg.gif")
t_gifsicle=$(timed gifsicle -O3 "$WORK/ffmpeg.gif" -o "$WORK/gifsicle.gif")
t_gifsicle=$(echo "$t_ffmpeg + $t_gifsicle" | bc | sed 's/^\./0./')
t_apng=$(timed "$BENCH" apng "$FRAMES" "$WORK/project.png")
t_apngasm=$(timed apngasm "$WORK/apngasm.png" "$FRAMES"/frame-*.png 1 30)
t_apngasm0=$(timed apngasm "$WORK/apngasm-zlib.png" "$FRAMES"/frame-*.png 1 30 -z0)

echo
echo "Frames: $FRAMES ($COUNT frames, 30 fps)"
echo
echo "| output | encoder | seconds | metrics |"
echo "| --- | --- | --- | --- |"
row() { echo "| $1 | $2 | $3 | $("$BENCH" measure "$FRAMES" "$WORK/$1") |"; }
row project.gif "hudrender GIF.Encoder (default: error diffusion 0.8)" "$t_project"
row ffmpeg.gif "ffmpeg palettegen stats_mode=diff + paletteuse sierra2_4a diff_mode=rectangle" "$t_ffmpeg"
row gifsicle.gif "gifsicle -O3 of ffmpeg.gif (time includes ffmpeg)" "$t_gifsicle"
row project.png "hudrender APNG.Encoder" "$t_apng"
row apngasm.png "apngasm 2.91 (default 7-Zip deflate)" "$t_apngasm"
row apngasm-zlib.png "apngasm 2.91 -z0 (zlib deflate)" "$t_apngasm0"

echo
echo "Dithering choices of GIF.Encoder (same frames):"
for d in none ordered fs0.5 fs0.8 fs1.0; do
    t=$(timed "$BENCH" gifstream "$FRAMES" "$WORK/project-$d.gif" "$d")
    echo "  $d: ${t}s $("$BENCH" measure "$FRAMES" "$WORK/project-$d.gif")"
done

echo
echo "APNG validity:"
ffmpeg -v error -i "$WORK/project.png" -f null - && echo "  ffmpeg decodes project.png"
mkdir -p "$WORK/apngdis" && cp "$WORK/project.png" "$WORK/apngdis/" \
    && (cd "$WORK/apngdis" && apngdis project.png >/dev/null) \
    && echo "  apngdis extracted $(ls "$WORK/apngdis"/apngframe*.png | wc -l) frames from project.png"
if command -v pngcheck >/dev/null; then pngcheck "$WORK/project.png" | sed 's/^/  /'; fi
