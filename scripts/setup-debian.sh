#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs the Debian 12 packages Accelscope needs, when any is missing. Quiet and idempotent.
set -euo pipefail

packages=(
  build-essential cmake pkg-config ccache
  qt6-base-dev qt6-base-dev-tools libqt6opengl6-dev qt6-svg-dev qt6-charts-dev qt6-qpa-plugins
  qt6-httpserver-dev qt6-websockets-dev libqrencode-dev chromium chromium-driver
  libimgui-dev libstb-dev libgl-dev libgl1-mesa-dri libfontconfig-dev libfreetype-dev
  libsqlite3-dev nlohmann-json3-dev libcli11-dev catch2 libbenchmark-dev libhwloc-dev libopenblas-dev
  xvfb xauth fonts-dejavu-core
  file desktop-file-utils appstream
  clang-16 libclang-rt-16-dev
)

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

if [[ $(id -u) -eq 0 ]]; then
  sudo=()
elif command -v sudo >/dev/null; then
  sudo=(sudo)
else
  echo "accelscope: these Debian packages are missing and I am not root (no sudo): ${missing[*]}" >&2
  exit 1
fi
echo "accelscope: installing ${#missing[@]} Debian package(s): ${missing[*]}"
"${sudo[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
