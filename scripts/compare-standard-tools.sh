#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs the CPU labs beside the standard tools that measure the same things, with matching sizes
# and thread counts, and prints a Markdown table of the medians over several rounds and their
# ratios. The rounds interleave the tools, so a busy neighbour (a VM) hits both alike.
#   likwid-bench (Debian package likwid): copy_mem_avx, stream_mem_avx_fma, load_avx, peakflops_sp_avx_fma
#   mbw (Debian package mbw): memcpy, one thread
# Usage: scripts/compare-standard-tools.sh [path/to/accelscope-cli] [threads] [array MiB] [rounds]
set -euo pipefail
cli=${1:-build/release/bin/accelscope-cli}
threads=${2:-$(nproc)}
mib=${3:-256}
rounds=${4:-3}
for tool in likwid-bench mbw python3; do
  command -v "$tool" >/dev/null || { echo "missing $tool (apt-get install likwid mbw)" >&2; exit 1; }
done
[[ -x $cli ]] || { echo "no $cli: build it first (cmake --build --preset release)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

figure() { python3 -c "import json; d=json.load(open('$1')); print([f['value'] for f in d['summary'] if f['key']=='$2'][0])"; }
likwid() { # test, working set, threads, the line's key → its value in G…/s
  likwid-bench -t "$1" -W "N:$2:$3" 2>/dev/null | awk -v key="$4" '$0 ~ key {print $2 / 1000; exit}'
}
record() { echo "$2" >> "$work/$1"; } # one value per round

for ((round = 1; round <= rounds; ++round)); do
  "$cli" lab run cpu-memory-bandwidth --no-save --json --param threads="$threads" --param array_mib="$mib" \
    --param sweep_max_mib=1 > "$work/bw.json" 2>/dev/null
  "$cli" lab run cpu-memory-bandwidth --no-save --json --param threads=1 --param array_mib="$mib" \
    --param sweep_max_mib=1 > "$work/bw1.json" 2>/dev/null
  "$cli" lab run cpu-compute-peak --no-save --json --param threads="$threads" > "$work/peak.json" 2>/dev/null
  record copy.a "$(figure "$work/bw.json" copy_best_gbs)"
  record triad.a "$(figure "$work/bw.json" triad_best_gbs)"
  record read.a "$(figure "$work/bw.json" read_best_gbs)"
  record copy1.a "$(figure "$work/bw1.json" copy_best_gbs)"
  record peak1.a "$(figure "$work/peak.json" fp32_avx2_1t_gflops)"
  [[ $threads -gt 1 ]] && record peakN.a "$(figure "$work/peak.json" fp32_avx2_all_gflops)"
  # likwid-bench's working set is the sum of its streams: copy 2 arrays, triad 3, load 1.
  record copy.t "$(likwid copy_mem_avx "$((2 * mib))MB" "$threads" MByte/s)"
  record triad.t "$(likwid stream_mem_avx_fma "$((3 * mib))MB" "$threads" MByte/s)"
  record read.t "$(likwid load_avx "${mib}MB" "$threads" MByte/s)"
  record peak1.t "$(likwid peakflops_sp_avx_fma 32kB 1 MFlops/s)"
  [[ $threads -gt 1 ]] && record peakN.t "$(likwid peakflops_sp_avx_fma 32kB "$threads" MFlops/s)"
  # mbw reports MiB/s of the array copied (counted once); STREAM-style copy counts read + write.
  record copy1.t "$(mbw -q -n 10 -t 0 "$mib" | awk '/^AVG/ {print $(NF-1) * 1.048576 * 2 / 1000}')"
done

row() { # label, file stem, tool description
  [[ -f $work/$2.a ]] || return 0
  python3 - "$work/$2.a" "$work/$2.t" "$1" "$3" <<'PY'
import statistics, sys
ours = [float(x) for x in open(sys.argv[1])]
tool = [float(x) for x in open(sys.argv[2])]
a, t = statistics.median(ours), statistics.median(tool)
print(f"| {sys.argv[3]} | {a:.2f} | {t:.2f} | {sys.argv[4]} | {a / t:.2f} |")
PY
}
echo "Medians of $rounds rounds; each accelscope figure is the best of its own repetitions."
echo
echo "| figure | accelscope | standard tool | tool and kernel | ratio |"
echo "|---|---|---|---|---|"
row "copy, $threads threads, GB/s" copy "likwid-bench copy_mem_avx (NT stores)"
row "triad, $threads threads, GB/s" triad "likwid-bench stream_mem_avx_fma (NT stores)"
row "read, $threads threads, GB/s" read "likwid-bench load_avx"
row "copy, 1 thread, GB/s (read + write)" copy1 "mbw -t0 memcpy: MiB/s x 2 x 1.048576"
row "FP32 peak, 1 thread, GFLOP/s" peak1 "likwid-bench peakflops_sp_avx_fma (32 kB)"
row "FP32 peak, $threads threads, GFLOP/s" peakN "likwid-bench peakflops_sp_avx_fma (32 kB)"
