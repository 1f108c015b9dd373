#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Regenerates the README screenshots (docs/screenshots/*.png) from a built tree, under Xvfb.
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build/release}"
out=docs/screenshots
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"
# The Labs page shows a stored result: run the latency lab once (about ten seconds).
"$build/bin/accelscope-cli" --user-db "$work/user.db" lab run cpu-latency --param max_mib=64 >/dev/null 2>&1
for theme in light dark; do
  xvfb-run -a -s "-screen 0 1600x1000x24" "$build/bin/accelscope" --settings "$work/$theme.ini" \
    --user-db "$work/user.db" --theme "$theme" --size 1280x800 \
    --compare nvidia-h100-sxm,amd-instinct-mi300x,google-tpu-v5p,nvidia-b200 --screenshots "$work/$theme"
  for file in "$work/$theme"/*.png; do
    cp "$file" "$out/$(basename "${file%.png}")-$theme.png"
  done
done
ls -1 "$out"
