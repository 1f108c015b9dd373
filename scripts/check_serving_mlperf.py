#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Judges the serving step model (accelscope-cli serve step) on MLPerf Inference rows it was never fitted on
(data/serving/mlperf-inference-v5-heldout.csv: v5.1 closed, llama2-70b Offline). Per row: the system's
accelerators as replicas of TP = 1, 2, 4 or 8 (within a node), the layout with the most tokens/s (what a submitter
tunes for), the row's weight and KV precision, input tokens = output tokens = the row's measured mean output (the
dataset's mean input length is not published; data/serving/README.md). Reports the error of total tokens/s.
Server (--scenario Server): the rows' Poisson Server scenario at their p99 TTFT and TPOT limits; the model's
`serve step --server` gives the most requests/s per replica whose steady state meets the limits while 99 % of the time
no more requests are in flight than that (models/system/step/serving_sizing.hpp). Not fitted on these rows either.
Usage: scripts/check_serving_mlperf.py CLI [CSV] [--scenario Offline|Server]"""
import csv
import json
import statistics
import subprocess
import sys
from collections import defaultdict
from pathlib import Path


def precision(text):
    """A row's precision text as an accelscope data type: 'fp4 (selected linear/mlp layers) + fp8' runs its big GEMMs in
    FP4 (NVIDIA's NVFP4 on Blackwell)."""
    t = text.lower()
    if t.startswith("fp4") or t.startswith("nvfp4"):
        return "nvfp4"
    return t.split()[0]


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--scenario")]
    scenario = "Server" if "--scenario=Server" in sys.argv or ("--scenario" in sys.argv and sys.argv[sys.argv.index("--scenario") + 1] == "Server") else "Offline"
    args = [a for a in args if a not in ("Server", "Offline")]
    cli = args[0]
    table = Path(args[1] if len(args) > 1 else Path(__file__).resolve().parent.parent / "data/serving/mlperf-inference-v5-heldout.csv")
    rows = [r for r in csv.DictReader(open(table)) if r["scenario"] == scenario and r["benchmark"].startswith("llama2-70b-99")]
    results, skipped, cache = [], [], {}
    for r in rows:
        device = r["catalog_id"]
        per_node, count = int(r["accelerators_per_node"] or 0), int(r["accelerator_count"] or 0)
        weights = precision(r["precision_weights"] or "fp8")
        kv = precision(r["precision_kv"] or r["precision_weights"] or "fp8")
        out_tokens = float(r["output_tokens_per_sample"] or 294.45)
        if not device or per_node < 1:
            skipped.append((r["system_name"], "no catalog device"))
            continue
        best = None
        for tp in (1, 2, 4, 8):
            if per_node % tp:
                continue
            limits = (r["ttft_constraint_ms"], r["tpot_constraint_ms"]) if scenario == "Server" else None
            key = (device, tp, weights, kv, round(out_tokens), limits)
            if key not in cache:
                cmd = [cli, "--json", "serve", "step", "--model", "llama2-70b", "--device", device, "--tp", str(tp), "--weights", weights,
                       "--kv", kv, "--input", str(round(out_tokens)), "--output", str(round(out_tokens))]
                if limits:
                    cmd += ["--server", "--ttft-ms", limits[0], "--tpot-ms", limits[1]]
                p = subprocess.run(cmd, capture_output=True, text=True)
                cache[key] = json.loads(p.stdout) if p.returncode == 0 else p.stderr.strip()
            e = cache[key]
            if isinstance(e, dict):
                per_replica = e["server"]["output_tokens_per_s_per_replica"] if limits else e["output_tokens_per_s_per_replica"]
                total = per_replica * count / tp
                if best is None or total > best[0]:
                    best = (total, tp, e["batch"], e["batch_limit"])
        if best is None:
            why = [v for k, v in cache.items() if k[0] == device and not isinstance(v, dict)]
            skipped.append((r["system_name"], "no layout runs: " + (why[0][:110] if why else "?")))
            continue
        measured = float(r["tokens_per_s"])
        results.append({"submitter": r["submitter"], "system": r["system_name"], "device": device, "count": count, "weights": weights,
                        "tp": best[1], "batch": best[2], "limit": best[3], "predicted": best[0], "measured": measured,
                        "ratio": best[0] / measured})
    for x in results:
        print(f"{x['submitter'][:12]:<12} {x['system'][:38]:<38} {x['count']:>3} x {x['device']:<22} {x['weights']:<5} TP{x['tp']} "
              f"batch {x['batch']:>5.0f} ({x['limit']}) {x['predicted']:>9.0f} vs {x['measured']:>9.0f} tokens/s  ratio {x['ratio']:.2f}")
    errors = [abs(x["ratio"] - 1) for x in results]
    if errors:
        print(f"\n{len(results)} rows: median error {100 * statistics.median(errors):.1f} %, within 15 %: {sum(e <= 0.15 for e in errors)}, "
              f"off by more than 2x: {sum(x['ratio'] > 2 or x['ratio'] < 0.5 for x in results)}")
        families = defaultdict(list)
        for x in results:
            families[x["device"]].append(x["ratio"])
        for device, ratios in sorted(families.items()):
            print(f"  {device:<24} {len(ratios):>3} rows, median ratio {statistics.median(ratios):.2f}")
    for s in skipped:
        print("not judged:", *s)


if __name__ == "__main__":
    main()
