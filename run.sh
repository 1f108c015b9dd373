#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Fresh Debian 12 machine → installs missing packages, builds the release preset, launches the app.
set -euo pipefail
cd "$(dirname "$0")"
scripts/setup-debian.sh
cmake --preset release >/dev/null
cmake --build --preset release -j"$(nproc)"
if [[ -z "${DISPLAY:-}" && -z "${WAYLAND_DISPLAY:-}" ]]; then
  echo "accelscope: no display found (DISPLAY and WAYLAND_DISPLAY are unset); showing the CLI instead."
  echo "            (on a desktop, ./run.sh opens the window; or run: xvfb-run -a ./run.sh)"
  echo
  build/release/bin/accelscope-cli --help
  echo
  build/release/bin/accelscope-cli catalog list --kind gpu --year-min 2024
  exit 0
fi
exec build/release/bin/accelscope "$@"
