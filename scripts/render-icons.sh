#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Renders the app icon's PNG sizes from resources/icons/accelscope.svg (needs rsvg-convert from the
# Debian package librsvg2-bin). The PNGs are committed; run this again after changing the SVG.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v rsvg-convert >/dev/null || { echo "render-icons: rsvg-convert is missing (apt-get install librsvg2-bin)" >&2; exit 1; }
for size in 48 64 128 256; do
  dir="resources/icons/hicolor/${size}x${size}/apps"
  mkdir -p "$dir"
  rsvg-convert --width "$size" --height "$size" --output "$dir/accelscope.png" resources/icons/accelscope.svg
done
