#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds the libFuzzer targets (the fuzz preset: clang 16, ASan + UBSan), replays every kept crash
# file (tests/fuzz/regressions/<target>/) and fuzzes each target for a bounded time, seeded from
# tests/fuzz/corpus/<target>/ and the project's own data. Prints one line per target: executions,
# executions per second, coverage (libFuzzer's cov:) and features (ft:).
#   scripts/fuzz.sh [seconds per target, default 20] [target ...]
# A longer campaign: docs/robustness.md, "Fuzzing". Exit status 1 when a replay or a run crashes.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
shift || true
targets=("$@")
[[ ${#targets[@]} -eq 0 ]] && targets=(catalog_json device_csv lab_result lesson_file lesson_expression warp_program
                                       npy_header model_config figure_formula nccl_tests classroom_message)
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz -j"$(nproc)" --target fuzz_all >/dev/null
bin=build/fuzz/fuzz
# Readable stacks in crash reports (llvm-symbolizer comes with clang).
export ASAN_SYMBOLIZER_PATH="${ASAN_SYMBOLIZER_PATH:-$(command -v llvm-symbolizer-16 || command -v llvm-symbolizer || true)}"
work=build/fuzz/work
mkdir -p "$work"

# The project's own files seed the targets that read them.
seeds_of() {
  case "$1" in
    catalog_json) echo data/catalog ;;
    lesson_file) echo labs/guided/lessons ;;
    model_config) echo data/models ;;
    nccl_tests) echo data/fabric ;;
  esac
}

status=0
for target in "${targets[@]}"; do
  exe="$bin/${target}_fuzz"
  regressions=(tests/fuzz/regressions/"$target"/*)
  if [[ -e "${regressions[0]}" ]]; then
    if ! "$exe" -runs=1 "${regressions[@]}" >"$work/$target.replay.log" 2>&1; then
      echo "fuzz: $target: a kept crash file fails again (see $work/$target.replay.log)" >&2
      status=1
    fi
  fi
  [[ "$seconds" -eq 0 ]] && continue
  mkdir -p "$work/corpus/$target" "$work/artifacts/$target"
  # shellcheck disable=SC2046 # seeds_of prints zero or one folder
  if ! "$exe" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
      -artifact_prefix="$work/artifacts/$target/" "$work/corpus/$target" tests/fuzz/corpus/"$target" \
      $(seeds_of "$target") >"$work/$target.log" 2>&1; then
    echo "fuzz: $target: crashed; the input is in $work/artifacts/$target/ (see $work/$target.log)" >&2
    # ACCELSCOPE_FUZZ_STRICT=0 (test.sh in CI): a new crash is reported, not a failure, so that a
    # random find does not turn an unrelated change red; keep the file under tests/fuzz/regressions/
    # and fix it, and from then on its replay fails the run.
    [[ "${ACCELSCOPE_FUZZ_STRICT:-1}" == 0 ]] || status=1
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/$target.log")
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$work/$target.log")
  cov=$(grep -o 'cov: [0-9]*' "$work/$target.log" | tail -1)
  ft=$(grep -o 'ft: [0-9]*' "$work/$target.log" | tail -1)
  echo "fuzz: $target: ${runs:-?} executions, ${speed:-?}/s, $cov, $ft"
done
exit $status
