#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The one place screenshots are made (tests write none): the app's `--screenshots DIR` option under
# Xvfb saves every page (each Precision view too), fails on a blank one, and exits.
#
#   scripts/screenshots.sh [BUILD_DIR] [OUT_DIR]      (defaults: build/release, docs/screenshots)
#
# OUT_DIR/NN-page-{light,dark}.png     1280x800, text size 1 (the README's images)
# OUT_DIR/1024x768/NN-page.png         1024x768, text size 1, light
# OUT_DIR/presenter-1280x800/NN-page.png, OUT_DIR/presenter-1024x768/NN-page.png
#                                      presenter mode at text size 2.5 (a projector), Lessons on a lesson
# ACCELSCOPE_SCREENSHOTS=readme makes the README's images only.
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build/release}"
out="${2:-docs/screenshots}"
which="${ACCELSCOPE_SCREENSHOTS:-all}"
for program in accelscope accelscope-cli; do
  [[ -x "$build/bin/$program" ]] || { echo "screenshots: no $build/bin/$program (build first: cmake --build --preset release)" >&2; exit 1; }
done
command -v xvfb-run >/dev/null || { echo "screenshots: xvfb-run is missing (apt install xvfb)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"
compare=nvidia-h100-sxm,amd-instinct-mi300x,google-tpu-v5p,nvidia-b200
# The Labs page shows a stored result: run the latency lab once (about ten seconds).
"$build/bin/accelscope-cli" --user-db "$work/user.db" lab run cpu-latency --param max_mib=64 >/dev/null 2>&1

# shoot NAME SIZE [OPTION…]: every page at SIZE into $work/NAME, one settings file per run (a run
# never inherits another's window state).
shoot() {
  local name="$1" size="$2"
  shift 2
  xvfb-run -a -s "-screen 0 1600x1000x24" "$build/bin/accelscope" --settings "$work/$name.ini" \
    --user-db "$work/user.db" --size "$size" --compare "$compare" "$@" --screenshots "$work/$name" >"$work/$name.log" ||
    { cat "$work/$name.log" >&2; echo "screenshots: the run '$name' failed (exit 3: a blank page)" >&2; exit 1; }
}

for theme in light dark; do
  shoot "$theme" 1280x800 --theme "$theme"
  for file in "$work/$theme"/*.png; do cp "$file" "$out/$(basename "${file%.png}")-$theme.png"; done
done
if [[ "$which" == all ]]; then
  shoot normal-1024x768 1024x768 --theme light
  mkdir -p "$out/1024x768" && cp "$work/normal-1024x768"/*.png "$out/1024x768/"
  for size in 1024x768 1280x800; do
    shoot "presenter-$size" "$size" --font-scale 2.5 --presenter --lesson roofline
    mkdir -p "$out/presenter-$size" && cp "$work/presenter-$size"/*.png "$out/presenter-$size/"
  done
fi
find "$out" -name '*.png' | sort
