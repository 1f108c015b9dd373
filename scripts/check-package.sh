#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds the .deb and .tar.gz from a configured build folder (default build/package), checks what
# the .deb holds and its Depends line, validates the desktop entry and AppStream metadata, then
# unpacks the .deb into a temporary folder and runs the unpacked programs from there: they must
# find the catalog relative to themselves, with no source or build tree.
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build/package}"
fail() { echo "check-package: $*" >&2; exit 1; }
[[ -f "$build/CMakeCache.txt" ]] || fail "$build is not a configured build folder (cmake --preset package)"
cache() { sed -n "s/^$1:[A-Z]*=//p" "$build/CMakeCache.txt"; }

rm -f "$build"/accelscope_*.deb "$build"/accelscope-*.tar.gz
cmake --build "$build" -j"$(nproc)" --target package >"$build/package.log" 2>&1 ||
  { tail -n 30 "$build/package.log" >&2; fail "building the package failed (log: $build/package.log)"; }
deb=$(ls "$build"/accelscope_*.deb)
tgz=$(ls "$build"/accelscope-*.tar.gz)

contents=$(dpkg-deb -c "$deb" | awk '{print $6}')
expected=(
  ./usr/bin/accelscope-cli
  ./usr/share/accelscope/accelscope.db
  ./usr/share/doc/accelscope/copyright
  ./usr/share/doc/accelscope/changelog.gz
)
if [[ "$(cache ACCELSCOPE_WITH_GUI)" == ON ]]; then
  expected+=(
    ./usr/bin/accelscope
    ./usr/share/applications/accelscope.desktop
    ./usr/share/metainfo/io.github.accelscope.Accelscope.metainfo.xml
    ./usr/share/icons/hicolor/scalable/apps/accelscope.svg
  )
  for size in 48 64 128 256; do expected+=("./usr/share/icons/hicolor/${size}x${size}/apps/accelscope.png"); done
fi
# ACCELSCOPE_WITH_CUDA may be AUTO in the cache: the built module tells.
cuda=OFF
if [[ -e "$build/bin/libaccelscope_cuda.so" ]]; then cuda=ON; fi
if [[ $cuda == ON ]]; then expected+=(./usr/lib/accelscope/libaccelscope_cuda.so); fi
for lesson in labs/guided/lessons/*.md labs/guided/lessons/images/*; do
  if [[ -e "$lesson" ]]; then expected+=("./usr/share/accelscope/lessons/${lesson#labs/guided/lessons/}"); fi
done
for path in "${expected[@]}"; do
  grep -qxF "$path" <<<"$contents" || fail "$deb lacks $path"
done

depends=$(dpkg-deb -f "$deb" Depends)
for needed in libc6 libstdc++6 libsqlite3-0 libhwloc15 libopenblas0; do
  grep -q "\b$needed\b" <<<"$depends" || fail "Depends lacks $needed: $depends"
done
if [[ "$(cache ACCELSCOPE_WITH_GUI)" == ON ]] && ! grep -q '\blibqt6widgets6\b' <<<"$depends"; then
  fail "Depends lacks libqt6widgets6: $depends"
fi
if [[ "$(cache ACCELSCOPE_WITH_GUI)" == ON ]] && ! grep -q '\bfonts-dejavu-core\b' <<<"$depends"; then
  fail "Depends lacks fonts-dejavu-core (the canvases' UI font): $depends"
fi
if grep -qiE 'cuda|nvidia' <<<"$depends"; then fail "Depends names CUDA or NVIDIA packages: $depends"; fi

archive=$(tar -tzf "$tgz")
for path in bin/accelscope-cli share/accelscope/accelscope.db; do
  grep -q "^accelscope-[^/]*/$path\$" <<<"$archive" || fail "$tgz lacks $path"
done

if [[ "$(cache ACCELSCOPE_WITH_GUI)" == ON ]]; then
  if command -v desktop-file-validate >/dev/null; then desktop-file-validate installer/accelscope.desktop; fi
  if command -v appstreamcli >/dev/null; then
    appstreamcli validate --no-net installer/io.github.accelscope.Accelscope.metainfo.xml >/dev/null ||
      appstreamcli validate --no-net installer/io.github.accelscope.Accelscope.metainfo.xml >&2 ||
      fail "AppStream metadata is not valid"
  fi
fi

# Run the unpacked programs from a folder of their own, with a throw-away home.
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
dpkg-deb -x "$deb" "$root"
mkdir -m 700 "$root/home"
run() { (cd "$root" && env -u ACCELSCOPE_CATALOG_DB -u ACCELSCOPE_USER_DB HOME="$root/home" XDG_DATA_HOME="$root/home/data" \
  XDG_CONFIG_HOME="$root/home/config" XDG_RUNTIME_DIR="$root/home" "$@"); }
version=$(run "$root/usr/bin/accelscope-cli" --json version) || fail "the unpacked accelscope-cli version failed"
grep -qF "\"catalog_path\": \"$root/usr/share/accelscope/accelscope.db\"" <<<"$version" ||
  fail "the unpacked accelscope-cli did not use its own catalog: $version"
devices=$(run "$root/usr/bin/accelscope-cli" catalog list | wc -l)
((devices > 10)) || fail "the unpacked accelscope-cli catalog list printed $devices lines"
# The installed lessons are found beside the program (not in the source tree) and all check.
lessons=$(run "$root/usr/bin/accelscope-cli" lesson check 2>&1) || fail "the unpacked accelscope-cli lesson check failed: $lessons"
grep -q "lessons, .* steps: ok" <<<"$lessons" || fail "the unpacked lesson check said: $lessons"
if [[ $cuda == ON ]]; then
  if run "$root/usr/bin/accelscope-cli" --json machine | grep -q '"availability": "module_missing"'; then
    fail "the unpacked accelscope-cli did not find its CUDA module in usr/lib/accelscope"
  fi
fi
# The GUI needs OpenGL (its canvases are QOpenGLWidgets), so it runs under Xvfb, not offscreen.
gui="not run (no xvfb-run)"
if [[ "$(cache ACCELSCOPE_WITH_GUI)" == ON ]] && command -v xvfb-run >/dev/null; then
  gui=$(run xvfb-run -a -s "-screen 0 1280x800x24" "$root/usr/bin/accelscope" --startup-probe 2>/dev/null) ||
    fail "the unpacked accelscope --startup-probe failed"
fi
echo "check-package: $(basename "$deb") ($(du -k "$deb" | cut -f1) KiB, ${#expected[@]} expected files present), $(basename "$tgz")"
echo "check-package: Depends: $depends"
echo "check-package: the unpacked accelscope-cli found its catalog and listed $devices lines; $lessons; accelscope: $gui"
