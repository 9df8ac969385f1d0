#!/usr/bin/env bash
# Installs what hudrender needs on Debian/Ubuntu, only when it is missing:
# libpng-dev, libgif-dev, zlib1g-dev, libwebp-dev (the encoders); libharfbuzz-dev, libfribidi-dev, libfontconfig-dev,
# libthai-dev (text shaping, bidi, font discovery, Thai word breaks); the HUD faces fonts-urw-base35
# (Nimbus Sans: Helvetica Neue's metrics) and fonts-inter (San Francisco's stand-in); fonts-dejavu-core
# (text tests); and the fallback faces the multilingual goldens use: fonts-noto-core (Arabic, Hebrew,
# Devanagari, Bengali, Thai), fonts-noto-cjk (Japanese, Chinese, Korean), fonts-noto-color-emoji.
# With --tests, also what the test suite compares against: imagemagick (its PNG and GIF readers).
# Runs apt-get as root, or through sudo when not root. Safe to run again.
set -euo pipefail

tests=false
case "${1:-}" in
  "") ;;
  --tests) tests=true ;;
  *) echo "setup: error: unknown option '$1'; use no option, or --tests for the test suite's tools" >&2; exit 2 ;;
esac

need=()
[ -f /usr/include/png.h ] || [ -f /usr/include/libpng16/png.h ] || need+=(libpng-dev)
[ -f /usr/include/gif_lib.h ] || need+=(libgif-dev)
[ -f /usr/include/zlib.h ] || need+=(zlib1g-dev)
[ -f /usr/include/webp/mux.h ] && [ -f /usr/include/webp/demux.h ] || need+=(libwebp-dev)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need+=(fonts-dejavu-core)
[ -f /usr/include/harfbuzz/hb.h ] || need+=(libharfbuzz-dev)
[ -f /usr/include/fribidi/fribidi.h ] || need+=(libfribidi-dev)
[ -f /usr/include/fontconfig/fontconfig.h ] || need+=(libfontconfig-dev)
[ -f /usr/include/thai/thbrk.h ] || need+=(libthai-dev)
[ -f /usr/share/fonts/opentype/urw-base35/NimbusSans-Bold.otf ] || need+=(fonts-urw-base35)
[ -f /usr/share/fonts/opentype/inter/Inter-Regular.otf ] || need+=(fonts-inter)
[ -f /usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf ] || need+=(fonts-noto-core)
[ -f /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc ] || need+=(fonts-noto-cjk)
[ -f /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ] || need+=(fonts-noto-color-emoji)
if $tests; then
  # /usr/bin/convert, not any convert on PATH: a wrapper elsewhere is not ImageMagick.
  [ -x /usr/bin/convert ] || need+=(imagemagick)
fi

if [ ${#need[@]} -gt 0 ]; then
  echo "setup: installing ${need[*]}" >&2
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null; then sudo="sudo"; else
      echo "setup: error: need root or sudo to install ${need[*]} (run: apt-get install ${need[*]})" >&2; exit 1
    fi
  fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

if ! command -v swift >/dev/null; then
  echo "setup: error: the Swift toolchain is not on PATH (install Swift 6.0 or newer from swift.org)" >&2
  exit 1
fi
