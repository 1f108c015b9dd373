#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Fits the step model's kernel parameters on this project's kernel microbenchmarks (data/kernels/) and
reports their error on held-out rows. The model is models/system/chip/gemm.cpp's, written again here:

  GEMM time = max(compute, memory) + overhead
    compute: ceil(tiles x split / cores) waves x one 128 x 256 tile's K/split loop at peak x mainloop / cores,
             plus the split-K partial sums (written and read in FP32) when split > 1; split-K only when the
             output tiles do not fill the cores; the split (1, 2, 4, 8, K/split >= 512) that finishes first
    memory:  (MK + KN) x input bytes + MN x 2 at read_efficiency x bandwidth
  attention prefill = 4 b h s^2 d / 2 / (peak x attention_forward x busy) + overhead,
    busy = query tiles of 128 / (waves x cores)

Fit rows: GEMM BF16 8b-* and waves, FP8 8b-*; attention: the prefill rows. Held out: the 70b-* GEMM rows.
read_efficiency is not fitted: it is the decode rows' measured KV read bandwidth (median of batch >= 16).
Usage: scripts/fit_kernel_parameters.py [data/kernels]"""
import csv
import math
import statistics
import sys
from pathlib import Path

CORES = 132
BANDWIDTH = 4800e9
PEAK = {"bf16": 989.5e12, "fp8-e4m3": 1979e12}
INPUT_BYTES = {"bf16": 2, "fp8-e4m3": 1}
TILE_M, TILE_N, MIN_SPLIT_K = 128, 256, 512


def gemm_seconds(m, n, k, dtype, mainloop, read_eff, overhead):
    out_tiles = math.ceil(m / TILE_M) * math.ceil(n / TILE_N)
    per_core = PEAK[dtype] * mainloop / CORES
    best = math.inf
    for split in (1, 2, 4, 8):
        if split > 1 and (k / split < MIN_SPLIT_K or out_tiles >= CORES):
            break
        waves = math.ceil(out_tiles * split / CORES)
        t = waves * 2 * TILE_M * TILE_N * (k / split) / per_core
        if split > 1:
            t += 2 * split * m * n * 4 / (BANDWIDTH * read_eff)
        best = min(best, t)
    memory = ((m * k + k * n) * INPUT_BYTES[dtype] + m * n * 2) / (BANDWIDTH * read_eff)
    return max(best, memory) + overhead


def attention_seconds(row, efficiency, overhead):
    b, h, s, d = (int(row[x]) for x in ("batch", "heads", "q_len", "head_dim"))
    flops = 4 * b * h * s * s * d / 2
    tiles = b * h * math.ceil(s / 128)
    busy = tiles / (math.ceil(tiles / CORES) * CORES)
    return flops / (PEAK["bf16"] * efficiency * busy) + overhead


def errors(rows, predict):
    return [abs(predict(r) / float(r["seconds"]) - 1) for r in rows]


def main():
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent / "data/kernels")
    gemm = list(csv.DictReader(open(folder / "gemm-h200-2026-11-27.csv")))
    attention = list(csv.DictReader(open(folder / "attention-h200-2026-11-27.csv")))
    decode = [float(r["kv_read_gbs"]) for r in attention if r["kind"] == "decode" and int(r["batch"]) >= 16]
    read_eff = round(statistics.median(decode) * 1e9 / BANDWIDTH, 3)
    print(f"read_efficiency = {read_eff} (median decode KV read {statistics.median(decode):.0f} GB/s of {BANDWIDTH / 1e9:.0f})")
    for dtype in ("bf16", "fp8-e4m3"):
        rows = [r for r in gemm if r["dtype"] == dtype]
        fit = [r for r in rows if not r["shape"].startswith("70b")]
        held = [r for r in rows if r["shape"].startswith("70b")]
        best = None
        for mainloop in [x / 100 for x in range(55, 96)]:
            for overhead in [x * 1e-6 for x in range(0, 41)]:
                def predict(r):
                    return gemm_seconds(int(r["m"]), int(r["n"]), int(r["k"]), dtype, mainloop, read_eff, overhead)
                e = statistics.median(errors(fit, predict))
                if best is None or e < best[0]:
                    best = (e, mainloop, overhead, predict)
        e_fit, mainloop, overhead, predict = best
        e_held = errors(held, predict)
        print(f"{dtype}: mainloop = {mainloop:.2f}, overhead = {overhead * 1e6:.0f} us; fit rows {len(fit)} median error "
              f"{100 * e_fit:.1f} %; held-out 70b rows {len(held)} median {100 * statistics.median(e_held):.1f} %, "
              f"largest {100 * max(e_held):.0f} %")
    prefill = [r for r in attention if r["kind"] == "prefill"]
    best = None
    for eff in [x / 100 for x in range(30, 96)]:
        for overhead in [x * 1e-6 for x in range(0, 100, 2)]:
            e = statistics.median(errors(prefill, lambda r: attention_seconds(r, eff, overhead)))
            if best is None or e < best[0]:
                best = (e, eff, overhead)
    print(f"attention_forward = {best[1]:.2f}, overhead = {best[2] * 1e6:.0f} us; {len(prefill)} prefill rows, median error "
          f"{100 * best[0]:.1f} %")


if __name__ == "__main__":
    main()
