#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs the CPU labs beside the standard tools that measure the same things, with the same working
# sets, thread counts and store types, and prints a Markdown table: the median of each side over
# the rounds, its spread (min–max) and the ratio accelscope / tool. The rounds interleave the tools,
# so a busy neighbour (a VM) hits both sides alike.
#
# Tools (each is skipped, with a line saying so, when it is missing):
#   likwid-bench, mbw       Debian packages likwid and mbw
#   STREAM                  STREAM_SRC=path/to/stream.c (McCalpin's; built here per array size with
#                           gcc -O3 -march=native -fopenmp and a non-power-of-two OFFSET)
#   BabelStream (OpenMP)    BABELSTREAM=path/to/omp-stream
#   lmbench                 LAT_MEM_RD=path/to/lat_mem_rd (lat_mem_rd -t: random chain, every round,
#                           LMBENCH_N repetitions per size, default 5)
#   mixbench-cpu            MIXBENCH=path/to/mixbench-cpu (every CPU, MIXBENCH_MIB=256; first round only)
# None of them is part of the project: build them from their public sources outside the tree.
#
# Usage: scripts/compare-standard-tools.sh [accelscope-cli] [array MiB] [rounds] [thread counts...]
#   defaults: build/release/bin/accelscope-cli, 1024 MiB per array, 4 rounds, 1 and every CPU.
set -euo pipefail
cli=${1:-build/release/bin/accelscope-cli}
mib=${2:-1024}
rounds=${3:-4}
shift 3 2>/dev/null || shift $#
counts=("$@")
[[ ${#counts[@]} -eq 0 ]] && counts=(1 "$(nproc)")
[[ ${counts[0]} == "${counts[-1]}" && ${#counts[@]} -eq 2 ]] && counts=(1)
command -v python3 >/dev/null || { echo "missing python3" >&2; exit 1; }
[[ -x $cli ]] || { echo "no $cli: build it first (cmake --build --preset release)" >&2; exit 1; }
have() { [[ -n ${1:-} ]] && { [[ -x $1 ]] || command -v "$1" >/dev/null; }; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
userdb="$work/user.db"
elements=$((mib * 1024 * 1024 / 8))

for tool in likwid-bench mbw; do have "$tool" || echo "skipping $tool: not installed (apt-get install likwid mbw)" >&2; done
stream=""
if [[ -n ${STREAM_SRC:-} ]]; then
  stream="$work/stream"
  gcc -O3 -march=native -fopenmp -mcmodel=medium -DSTREAM_ARRAY_SIZE="$elements" -DOFFSET=1032 -DNTIMES=20 \
    "$STREAM_SRC" -o "$stream"
else
  echo "skipping STREAM: set STREAM_SRC to McCalpin's stream.c" >&2
fi
have "${BABELSTREAM:-}" || echo "skipping BabelStream: set BABELSTREAM to its omp-stream binary" >&2
have "${LAT_MEM_RD:-}" || echo "skipping lmbench: set LAT_MEM_RD to its lat_mem_rd binary" >&2
have "${MIXBENCH:-}" || echo "skipping mixbench: set MIXBENCH to its mixbench-cpu binary" >&2

record() { [[ -n $3 ]] && echo "$3" >> "$work/$1.$2"; return 0; } # figure, side (a or a tool), value
summary() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(next((f['value'] for f in d['summary'] if f['key']==sys.argv[2]), ''))" "$1" "$2"; }
point() { # the y of a lab series' point at x (KiB)
  python3 -c "
import json,sys; d=json.load(open(sys.argv[1]))
s=next(s for s in d['series'] if s['name']==sys.argv[2]); print(next((p[1] for p in s['points'] if abs(p[0]-float(sys.argv[3]))<1e-9), ''))" "$1" "$2" "$3"
}
lab() { "$cli" --user-db "$userdb" lab run "$1" --no-save --json "${@:2}" 2>/dev/null; }
likwid() { # test, working set in kB (1000 B), threads → GB/s or GFLOP/s of the first line with the key
  have likwid-bench || return 0
  likwid-bench -t "$1" -W "N:${2}kB:$3" 2>/dev/null | awk -v key="$4" '$0 ~ "^"key {print $2 / 1000; exit}'
}
omp() { OMP_NUM_THREADS=$1 OMP_PROC_BIND=close OMP_PLACES=cores "${@:2}"; }
kb=$((mib * 1048576 / 1000))

for ((round = 1; round <= rounds; ++round)); do
  echo "round $round of $rounds" >&2
  for t in "${counts[@]}"; do
    lab cpu-memory-bandwidth --param threads="$t" --param array_mib="$mib" --param nontemporal=1 --param sweep_max_mib=1 > "$work/nt.json"
    lab cpu-memory-bandwidth --param threads="$t" --param array_mib="$mib" --param nontemporal=0 --param sweep_max_mib=1 > "$work/st.json"
    record "copy-nt-$t" a "$(summary "$work/nt.json" copy_best_gbs)"
    record "triad-nt-$t" a "$(summary "$work/nt.json" triad_best_gbs)"
    record "read-$t" a "$(summary "$work/nt.json" read_best_gbs)"
    record "copy-$t" a "$(summary "$work/st.json" copy_best_gbs)"
    record "triad-$t" a "$(summary "$work/st.json" triad_best_gbs)"
    # likwid-bench's working set is the sum of its streams: copy 2 arrays, triad 3, load 1.
    record "copy-nt-$t" likwid "$(likwid copy_mem_avx512 $((2 * kb)) "$t" MByte/s)"
    record "triad-nt-$t" likwid "$(likwid stream_mem_avx512 $((3 * kb)) "$t" MByte/s)"
    record "read-$t" likwid "$(likwid load_avx512 "$kb" "$t" MByte/s)"
    record "copy-$t" likwid "$(likwid copy_avx512 $((2 * kb)) "$t" MByte/s)"
    record "triad-$t" likwid "$(likwid stream_avx512 $((3 * kb)) "$t" MByte/s)"
    if [[ -n $stream ]]; then # Best Rate MB/s (10^6)
      omp "$t" "$stream" > "$work/stream.txt" || true
      # gcc turns STREAM's Copy loop into a memcpy call, and glibc's memcpy copies this size with
      # non-temporal stores, four pages at a time: it is compared with the non-temporal copy.
      record "copy-nt-$t" streammemcpy "$(awk '/^Copy:/ {print $2 / 1000}' "$work/stream.txt")"
      record "triad-$t" stream "$(awk '/^Triad:/ {print $2 / 1000}' "$work/stream.txt")"
    fi
    if have "${BABELSTREAM:-}"; then # MBytes/sec (10^6), the best of --numtimes
      # Its Dot check can fail on rounding at large sizes after the rates are printed: keep the rates.
      omp "$t" "$BABELSTREAM" -s "$elements" -n 10 > "$work/babel.txt" 2>&1 || true
      record "copy-$t" babelstream "$(awk '$1 == "Copy" {print $2 / 1000}' "$work/babel.txt")"
      record "triad-$t" babelstream "$(awk '$1 == "Triad" {print $2 / 1000}' "$work/babel.txt")"
    fi
    # The roofline lab's ceilings against the compute-peak lab and a plain streaming read.
    lab cpu-roofline --param threads="$t" --param array_mib="$mib" > "$work/roof.json"
    lab cpu-compute-peak --param threads="$t" > "$work/peak.json"
    record "roofmem-$t" a "$(summary "$work/roof.json" memory_ceiling_gbs)"
    record "roofmem-$t" likwid "$(likwid load_avx512 "$kb" "$t" MByte/s)"
    record "roofpeak-$t" a "$(summary "$work/roof.json" compute_ceiling_gflops)"
    scope=$([[ $t == 1 ]] && echo 1t || echo all)
    record "roofpeak-$t" peaklab "$(summary "$work/peak.json" "fp32_peak_${scope}_gflops")"
    record "peak-$t" likwid "$(likwid peakflops_sp_avx512_fma 32 "$t" MFlops/s)"
    record "peak-$t" a "$(summary "$work/peak.json" "fp32_peak_${scope}_gflops")"
    if [[ $t == 1 ]]; then # FLOP per cycle at the measured running clock, beside the limit the lab states
      record flopcycle a "$(summary "$work/peak.json" fp32_flops_per_cycle_1t)"
      record flopcycle limit "$(python3 -c "import json,re,sys; d=json.load(open(sys.argv[1]))
f=next((f for f in d['summary'] if f['key']=='fp32_flops_per_cycle_1t'), None)
print(re.search(r'limit ([0-9.]+)', f['note']).group(1) if f else '')" "$work/peak.json")"
    fi
  done
  if have mbw; then # mbw reports MiB/s of the array copied (counted once); STREAM counts read + write.
    [[ -f $work/copy-1.a ]] && record copy-mbw a "$(tail -1 "$work/copy-1.a")"
    record copy-mbw mbw "$(mbw -q -n 10 -t 0 "$mib" | awk '/^AVG/ {print $(NF-1) * 1.048576 * 2 / 1000}')"
  fi
  # mixbench sweeps some 90 kernels, 29 runs each, over its whole array (over 10 minutes at 1 GiB):
  # the first round only, at MIXBENCH_MIB (default 256), with the roofline lab at the same size.
  if [[ $round == 1 ]] && have "${MIXBENCH:-}"; then # the best GB/s of its single-precision sweep, every CPU
    mixmib=${MIXBENCH_MIB:-256}
    "$MIXBENCH" "$((mixmib / 8))" > "$work/mix.txt" 2>/dev/null || true
    lab cpu-roofline --param array_mib="$mixmib" > "$work/roofmix.json"
    record roofmem-mix a "$(summary "$work/roofmix.json" memory_ceiling_gbs)"
    record roofmem-mix mixbench "$(awk -F, 'NF > 8 && $1 ~ /^ *[0-9]+ *$/ {if ($5 + 0 > m) m = $5 + 0} END {print m}' "$work/mix.txt")"
  fi
  # Latency: one random chain per size, 4 KiB pages on both sides (lmbench allocates with malloc).
  lab cpu-latency --param max_mib=256 --param pages=0 > "$work/lat.json"
  for kib in 16 1024 262144; do record "lat-$kib" a "$(point "$work/lat.json" "latency, 4 KiB pages" "$kib")"; done
  # lat_mem_rd walks every size from 512 B up to 256 MiB, LMBENCH_N repetitions each (default 5,
  # about 2 minutes on the development VM), right after our chain in every round, because this VM's
  # DRAM latency drifts over minutes and only figures taken side by side compare. With -N 1 its
  # 256 MiB figure read 13 % above both -N 5 and our chain in the same minutes (221.5 against 192.6 ns).
  if have "${LAT_MEM_RD:-}"; then
    "$LAT_MEM_RD" -t -N "${LMBENCH_N:-5}" 256 2> "$work/lmbench.txt" >&2 || true
    for kib in 16 1024 262144; do
      record "lat-$kib" lmbench "$(awk -v mb="$(python3 -c "print($kib / 1024)")" 'NF == 2 && ($1 - mb) ^ 2 < 1e-6 {print $2}' "$work/lmbench.txt")"
    done
  fi
done

row() { # label, figure; one row per tool that measured it
  local a="$work/$2.a"
  [[ -f $a ]] || return 0
  for side in "$work/$2".*; do
    [[ $side == "$a" ]] && continue
    python3 - "$a" "$side" "$1" <<'PY'
import statistics, sys, os
ours = [float(x) for x in open(sys.argv[1]) if x.strip()]
tool = [float(x) for x in open(sys.argv[2]) if x.strip()]
name = {"likwid": "likwid-bench", "stream": "STREAM", "streammemcpy": "STREAM Copy (= glibc memcpy, NT stores)", "babelstream": "BabelStream", "lmbench": "lmbench lat_mem_rd -t",
        "mbw": "mbw memcpy", "mixbench": "mixbench-cpu", "peaklab": "cpu-compute-peak lab", "limit": "architectural limit"}
side = os.path.basename(sys.argv[2]).rsplit(".", 1)[1]
if ours and tool:
    a, t = statistics.median(ours), statistics.median(tool)
    print(f"| {sys.argv[3]} | {a:.2f} ({min(ours):.2f}–{max(ours):.2f}) | {t:.2f} ({min(tool):.2f}–{max(tool):.2f}) | "
          f"{name.get(side, side)} | {a / t:.3f} |")
PY
  done
}
echo "Medians of $rounds interleaved rounds (min–max in brackets); arrays of $mib MiB; each figure is what the tool"
echo "prints: the best of its repetitions for accelscope, STREAM and BabelStream, the mean over its iterations for"
echo "likwid-bench and mbw. GB/s = 10^9 B/s, STREAM byte counting. mixbench runs in the"
echo "first round only (over 10 minutes): its column is one value."
echo
echo "| figure | accelscope | standard tool | which tool | ratio |"
echo "|---|---|---|---|---|"
for t in "${counts[@]}"; do
  row "copy, non-temporal stores, $t thread(s), GB/s" "copy-nt-$t"
  row "triad, non-temporal stores, $t thread(s), GB/s" "triad-nt-$t"
  row "copy, normal stores, $t thread(s), GB/s" "copy-$t"
  row "triad, normal stores, $t thread(s), GB/s" "triad-$t"
  row "read, $t thread(s), GB/s" "read-$t"
  row "roofline lab memory ceiling, $t thread(s), GB/s" "roofmem-$t"
  row "roofline lab compute ceiling, $t thread(s), GFLOP/s" "roofpeak-$t"
  row "FP32 peak, $t thread(s), GFLOP/s" "peak-$t"
done
row "FP32 FLOP per cycle at the running clock, 1 thread" flopcycle
row "copy, normal stores, 1 thread, GB/s (read + write)" copy-mbw
row "roofline lab memory ceiling, all CPUs, ${MIXBENCH_MIB:-256} MiB, GB/s" roofmem-mix
row "latency at 16 KiB (L1), ns" lat-16
row "latency at 1 MiB (L2), ns" lat-1024
row "latency at 256 MiB, ns" lat-262144
