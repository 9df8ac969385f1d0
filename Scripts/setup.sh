#!/usr/bin/env bash
# Installs what hudrender needs on Debian/Ubuntu, only when it is missing:
# libpng-dev, libgif-dev, zlib1g-dev, libwebp-dev (the encoders) and fonts-dejavu-core (HUD text).
# Runs apt-get as root, or through sudo when not root. Safe to run again.
set -euo pipefail

need=()
[ -f /usr/include/png.h ] || [ -f /usr/include/libpng16/png.h ] || need+=(libpng-dev)
[ -f /usr/include/gif_lib.h ] || need+=(libgif-dev)
[ -f /usr/include/zlib.h ] || need+=(zlib1g-dev)
[ -f /usr/include/webp/mux.h ] && [ -f /usr/include/webp/demux.h ] || need+=(libwebp-dev)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need+=(fonts-dejavu-core)

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
  echo "setup: error: the Swift toolchain is not on PATH (install Swift 5.9 or newer from swift.org)" >&2
  exit 1
fi
