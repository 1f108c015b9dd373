#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Judges the serving step model (accelscope-cli serve step) on published offline throughput from outside MLPerf
(data/serving/published/published-serving-heldout.csv: TensorRT-LLM perf overviews, AMD ROCm blogs, SGLang ...),
never fitted on. A row is judged when its model, GPU, precision, layout and lengths map onto the model and it
reports output tokens/s in offline (max-throughput) mode. Where a row is silent the script chooses: KV cache FP8 for
FP8/FP4 weights and BF16 for BF16 weights; TP = the GPU count when no TP is given; the engine's defaults otherwise.
The band `serve step` prints is the 10th to 90th percentile of measured / predicted over the judged rows; --band prints
it as JSON ({"rows", "p10", "p50", "p90"}) for models/system/step/serving_band.cpp and its test.
Usage: scripts/check_serving_published.py CLI [CSV] [--band]"""
import csv
import json
import re
import statistics
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

MODELS = [("Llama 3.1 8B", "llama3.1-8b"), ("Llama 3.1 70B", "llama3.1-70b"), ("Llama 3.3 70B", "llama3.1-70b"),
          ("Llama 3.1 405B", "llama3.1-405b"), ("Mixtral 8x7B", "mixtral-8x7b"), ("DeepSeek-V3", "deepseek-v3"),
          ("DeepSeek-R1", "deepseek-v3")]
GPUS = [("H200", "nvidia-h200-sxm"), ("H100", "nvidia-h100-sxm"), ("GB200", "nvidia-gb200"), ("B200", "nvidia-b200"),
        ("MI300X", "amd-instinct-mi300x")]


def lookup(table, text):
    for key, value in table:
        if key.lower() in text.lower():
            return value
    return None


def precision(text):
    t = text.upper()
    if "FP4" in t:
        return "nvfp4"
    if "FP8" in t:
        return "fp8"
    if "BF16" in t:
        return "bf16"
    return None


def number(text):
    m = re.match(r"\s*([\d,]+(?:\.\d+)?)", text or "")
    return float(m.group(1).replace(",", "")) if m else None


def percentile(values, p):
    """Linear interpolation between closest ranks (numpy's default)."""
    k = (len(values) - 1) * p
    f = int(k)
    c = min(f + 1, len(values) - 1)
    return values[f] + (values[c] - values[f]) * (k - f)


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    cli = args[0]
    table = Path(args[1] if len(args) > 1 else
                 Path(__file__).resolve().parent.parent / "data/serving/published/published-serving-heldout.csv")
    results, skipped = [], []
    for r in csv.DictReader(open(table)):
        scenario, metric = r["scenario"].lower(), r["throughput_metric"].lower()
        model, device, weights = lookup(MODELS, r["model"]), lookup(GPUS, r["gpu"]), precision(r["weights_precision"])
        count, tp, pp, ep = number(r["gpu_count"]), number(r["tp"]), number(r["pp"]) or 1, number(r["ep"]) or 1
        isl, osl, per_gpu = number(r["input_tokens"]), number(r["output_tokens"]), number(r["output_tok_s_per_gpu_derived"])
        why = [w for w, ok in (("offline", "offline" in scenario or "inf" in scenario), ("output tokens/s", "output" in metric and "input" not in metric),
                              ("model", model), ("gpu", device), ("precision", weights), ("lengths", isl and osl), ("per-GPU figure", per_gpu),
                              ("gpu count", count)) if not ok]
        if why:
            skipped.append((r["row_id"], ", ".join(why)))
            continue
        tp = int(tp or count)
        kv = "bf16" if weights == "bf16" else "fp8"
        cmd = [cli, "--json", "serve", "step", "--model", model, "--device", device, "--tp", str(tp), "--pp", str(int(pp)),
               "--ep", str(int(ep)), "--weights", weights, "--kv", kv, "--input", str(int(isl)), "--output", str(int(osl))]
        p = subprocess.run(cmd, capture_output=True, text=True)
        if p.returncode != 0:
            skipped.append((r["row_id"], "model error: " + p.stderr.strip()[:110]))
            continue
        e = json.loads(p.stdout)
        ratio = e["output_tokens_per_s_per_device"] / per_gpu
        results.append({"row": r["row_id"], "source": r["source_id"], "model": model, "device": device, "weights": weights,
                        "layout": f"TP{tp} PP{int(pp)} EP{int(ep)}", "shape": f"{int(isl)}/{int(osl)}", "predicted": e["output_tokens_per_s_per_device"],
                        "measured": per_gpu, "ratio": ratio, "limit": e["batch_limit"]})
    if "--band" in sys.argv:
        measured_over_predicted = sorted(1 / x["ratio"] for x in results)
        print(json.dumps({"rows": len(results), "p10": percentile(measured_over_predicted, 0.1),
                          "p50": percentile(measured_over_predicted, 0.5), "p90": percentile(measured_over_predicted, 0.9)}))
        return
    for x in results:
        print(f"row {x['row']:>3} {x['source']:<4} {x['model']:<14} {x['device']:<20} {x['weights']:<5} {x['layout']:<12} {x['shape']:<11} "
              f"{x['predicted']:>8.0f} vs {x['measured']:>8.0f} /GPU  ratio {x['ratio']:.2f} ({x['limit']})")
    errors = [abs(x["ratio"] - 1) for x in results]
    if errors:
        print(f"\n{len(results)} rows: median error {100 * statistics.median(errors):.1f} %, within 20 %: {sum(e <= 0.2 for e in errors)}, "
              f"off by more than 2x: {sum(x['ratio'] > 2 or x['ratio'] < 0.5 for x in results)}")
        groups = defaultdict(list)
        for x in results:
            groups[(x["device"], x["weights"])].append(x["ratio"])
        for key, ratios in sorted(groups.items()):
            print(f"  {key[0]:<20} {key[1]:<6} {len(ratios):>3} rows, median ratio {statistics.median(ratios):.2f}")
    print(f"{len(skipped)} rows not judged")


if __name__ == "__main__":
    main()
