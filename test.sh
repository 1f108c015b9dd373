#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Fresh Debian 12 machine → installs missing packages, builds the dev preset, runs every test
# (GUI tests under Xvfb), builds and checks the packages. In CI (CI=true) warnings are errors.
set -euo pipefail
cd "$(dirname "$0")"
scripts/setup-debian.sh
werror=OFF
[[ -n "${CI:-}" ]] && werror=ON
cmake --preset dev -DACCELSCOPE_WERROR="$werror" >/dev/null
cmake --build --preset dev -j"$(nproc)"
scripts/check-layers.sh
# The serving calibration data: columns, numbers, sources, no later MLPerf round among the fitted rows.
python3 data/serving/check_calibration.py --quiet
# The CLI-only build without CUDA (headless GPU servers, machines without nvcc) must build too.
cmake --preset headless -DACCELSCOPE_WITH_CUDA=OFF -DACCELSCOPE_WERROR="$werror" >/dev/null
cmake --build --preset headless -j"$(nproc)" --target accelscope-cli catalog_db >/dev/null
build/headless/bin/accelscope-cli --version
build/headless/bin/accelscope-cli --json machine > build/headless/machine.json
grep '"availability": "not_built"' build/headless/machine.json >/dev/null
# The packages: a Release build of the GUI and CLI, then the .deb and .tar.gz, their contents and
# Depends, and the unpacked programs finding their data without the source tree.
cmake --preset package -DACCELSCOPE_WERROR="$werror" >/dev/null
cmake --build --preset package -j"$(nproc)" >/dev/null
scripts/check-package.sh build/package
xvfb-run -a -s "-screen 0 1600x1000x24" ctest --preset dev -j"$(nproc)"
# Hostile input (issue #17). The headless tests again under ASan + UBSan (models, labs, CLI; no GUI,
# no CUDA), with zero reports: UBSan halts on the first, ASan and LSan fail the test.
cmake --preset asan -DACCELSCOPE_WERROR="$werror" >/dev/null
cmake --build --preset asan -j"$(nproc)" --target models_catalog_tests models_precision_tests models_simt_tests \
  models_roofline_tests models_serving_tests models_system_tests models_chip_tests labs_tests labs_classroom_tests cli_tests >/dev/null
ctest --preset asan -j"$(nproc)"
# libFuzzer (clang 16): every kept crash file replayed, then each of the eleven targets fuzzed for
# ACCELSCOPE_FUZZ_SECONDS (20 s; 0 replays the crash files only).
# Kept crash files must replay cleanly; a new crash found in the timed run is reported (see scripts/fuzz.sh).
ACCELSCOPE_FUZZ_STRICT=0 scripts/fuzz.sh "${ACCELSCOPE_FUZZ_SECONDS:-20}"
