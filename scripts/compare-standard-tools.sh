#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs the CPU labs beside the standard tools that measure the same things, with matching sizes
# and thread counts, and prints a Markdown table of the figures and their ratios.
#   likwid-bench (Debian package likwid): copy_mem_avx, stream_mem_avx_fma, load_avx, peakflops_sp_avx_fma
#   mbw (Debian package mbw): memcpy, one thread
# Usage: scripts/compare-standard-tools.sh [path/to/accelscope-cli] [threads] [array MiB]
# Each figure is the best of the tools' own repetitions; run it on an otherwise idle machine.
set -euo pipefail
cli=${1:-build/release/bin/accelscope-cli}
threads=${2:-$(nproc)}
mib=${3:-256}
for tool in likwid-bench mbw python3; do
  command -v "$tool" >/dev/null || { echo "missing $tool (apt-get install likwid mbw)" >&2; exit 1; }
done
[[ -x $cli ]] || { echo "no $cli: build it first (cmake --build --preset release)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

figure() { python3 -c "import json,sys; d=json.load(open('$1')); print([f['value'] for f in d['summary'] if f['key']=='$2'][0])"; }
likwid() { # test, working set, threads → MByte/s or MFlops/s (the value likwid-bench prints), as G…/s
  likwid-bench -t "$1" -W "N:$2:$3" 2>/dev/null | awk -v key="$4" '$0 ~ key {print $2 / 1000; exit}'
}

"$cli" lab run cpu-memory-bandwidth --no-save --json --param threads="$threads" --param array_mib="$mib" \
  --param sweep_max_mib=1 > "$work/bw.json" 2>/dev/null
"$cli" lab run cpu-memory-bandwidth --no-save --json --param threads=1 --param array_mib="$mib" \
  --param sweep_max_mib=1 > "$work/bw1.json" 2>/dev/null
"$cli" lab run cpu-compute-peak --no-save --json --param threads="$threads" > "$work/peak.json" 2>/dev/null
# likwid-bench's working set is the sum of its streams: copy 2 arrays, triad 3, load 1.
copy=$(likwid copy_mem_avx "$((2 * mib))MB" "$threads" MByte/s)
triad=$(likwid stream_mem_avx_fma "$((3 * mib))MB" "$threads" MByte/s)
load=$(likwid load_avx "$((mib))MB" "$threads" MByte/s)
peak1=$(likwid peakflops_sp_avx_fma 32kB 1 MFlops/s)
peakN=$(likwid peakflops_sp_avx_fma 32kB "$threads" MFlops/s)
# mbw reports MiB/s of the array copied (counted once); STREAM-style copy counts read + write.
mbw_mibs=$(mbw -q -n 10 -t 0 "$mib" | awk '/^AVG/ {print $(NF-1)}')
mbw=$(python3 -c "print($mbw_mibs * 1.048576 * 2 / 1000)")

row() { python3 -c "print(f'| $1 | {$2:.2f} | {$3:.2f} | $4 | {$2 / $3:.2f} |')"; }
echo "| figure | accelscope | standard tool | tool and kernel | ratio |"
echo "|---|---|---|---|---|"
row "copy, $threads threads, GB/s" "$(figure "$work/bw.json" copy_best_gbs)" "$copy" "likwid-bench copy_mem_avx (NT stores)"
row "triad, $threads threads, GB/s" "$(figure "$work/bw.json" triad_best_gbs)" "$triad" "likwid-bench stream_mem_avx_fma (NT stores)"
row "read, $threads threads, GB/s" "$(figure "$work/bw.json" read_best_gbs)" "$load" "likwid-bench load_avx"
row "copy, 1 thread, GB/s (read + write)" "$(figure "$work/bw1.json" copy_best_gbs)" "$mbw" "mbw -t0 memcpy, MiB/s x 2 x 1.048576"
row "FP32 peak, 1 thread, GFLOP/s" "$(figure "$work/peak.json" fp32_avx2_1t_gflops)" "$peak1" "likwid-bench peakflops_sp_avx_fma (32 kB)"
row "FP32 peak, $threads threads, GFLOP/s" "$(figure "$work/peak.json" fp32_avx2_all_gflops)" "$peakN" "likwid-bench peakflops_sp_avx_fma (32 kB)"
