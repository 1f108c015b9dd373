#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Judges the training step model (accelscope-cli train estimate) on published training runs it was never
fitted on: data/training/published-training-runs.csv. Each row the model can express (a catalog device, a
model preset, a whole layout, BF16 or FP8 GEMMs) is run with its published layout; the error is the model's
tokens/s per device against the published one (or its MFU against a published MFU where only that is given).
Choices where a row is silent: recomputation none, ZeRO-1 (Megatron's distributed optimizer) unless the row
names Megatron FSDP (then ZeRO-3), VP 1, devices per node: the catalog's domain, or 64 on NVL72 racks when the count
does not fill whole racks.
Usage: scripts/check_training_runs.py CLI [CSV] [--json FILE]"""
import csv
import json
import re
import statistics
import subprocess
import sys
from pathlib import Path

MODELS = {"Llama 3 / 3.1 8B": "llama3.1-8b", "Llama 3 / 3.1 70B": "llama3.1-70b", "Llama 3.1 405B": "llama3.1-405b",
          "Llama 2 70B": "llama2-70b", "Llama 2 7B": "llama2-7b", "GPT-3 175B": "gpt3-175b",
          "DeepSeek-V3 (MLA + MoE)": "deepseek-v3"}
DEVICES = {"H100 SXM 80GB": "nvidia-h100-sxm", "H100 80GB HBM3": "nvidia-h100-sxm", "B200": "nvidia-b200",
           "GB200 NVL72": "nvidia-gb200"}


def first_int(text):
    m = re.match(r"\s*(\d+)", text or "")
    return int(m.group(1)) if m else None


def device_of(gpu):
    for key, value in DEVICES.items():
        if gpu.startswith(key):
            return value
    return None


def precision_of(text):
    t = text.upper()
    if "FP4" in t:
        return None
    if "FP8" in t:
        return "fp8"
    if t.startswith("BF16"):
        return "bf16"
    return None


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    cli = args[0]
    table = Path(args[1] if len(args) > 1 else Path(__file__).resolve().parent.parent / "data/training/published-training-runs.csv")
    rows = list(csv.DictReader(open(table)))
    results, skipped = [], []
    for r in rows:
        model, device, precision = MODELS.get(r["model"]), device_of(r["gpu_type"]), precision_of(r["precision"])
        n, tp, pp, dp, mbs, gbs, seq = (first_int(r[k]) for k in ("num_gpus", "tp", "pp", "dp", "mbs", "gbs_seqs", "seq_len"))
        cp, vp, ep = first_int(r["cp"]) or 1, first_int(r["vp"]) or 1, first_int(r["ep"]) or 1
        why = [what for what, ok in (("model", model), ("device", device), ("precision", precision), ("layout", all((n, tp, pp, dp))),
                                     ("batch", all((mbs, gbs, seq)))) if not ok]
        if why:
            skipped.append((r["row_id"], r["model"], r["gpu_type"][:20], ", ".join(why)))
            continue
        zero = "3" if "MEGATRON FSDP" in r["fsdp_zero"].upper() else "1"
        cmd = [cli, "--json", "train", "estimate", "--model", model, "--device", device, "--tp", str(tp), "--pp", str(pp), "--dp", str(dp),
               "--cp", str(cp), "--vp", str(vp), "--ep", str(ep), "--micro-batch", str(mbs), "--global-batch", str(gbs), "--seq", str(seq),
               "--precision", precision, "--zero", zero, "--recompute", "none"]
        if device == "nvidia-gb200" and n % 72 != 0 and n > 72:
            cmd += ["--gpus-per-node", "64"]
        out = subprocess.run(cmd, capture_output=True, text=True)
        if out.returncode != 0:
            skipped.append((r["row_id"], r["model"], r["gpu_type"][:20], "model error: " + out.stderr.strip()[:120]))
            continue
        e = json.loads(out.stdout)
        measured_tok = first_int(r["tokens_per_s_per_gpu"].replace(",", ""))
        mfu_text = r["mfu"].strip().rstrip("%")
        if measured_tok:
            ratio = e["tokens_per_s_per_device"] / measured_tok
            what = f"{e['tokens_per_s_per_device']:.0f} vs {measured_tok} tokens/s/device"
        elif mfu_text:
            ratio = e["mfu"] / (float(mfu_text) / 100)
            what = f"MFU {100 * e['mfu']:.1f} % vs {mfu_text} %"
        else:
            skipped.append((r["row_id"], r["model"], r["gpu_type"][:20], "no tokens/s or MFU"))
            continue
        results.append({"row": r["row_id"], "source": r["source_id"], "model": model, "device": device, "devices": n,
                        "layout": f"TP{tp} PP{pp} CP{cp} DP{dp} VP{vp}" + (f" EP{ep}" if ep > 1 else ""), "precision": precision, "ratio": ratio, "what": what,
                        "fits": e["fits"]})
    for x in results:
        print(f"row {x['row']:>3} {x['source']:<12} {x['model']:<14} {x['device']:<16} {x['devices']:>5} {x['layout']:<26} "
              f"{x['precision']:<5} {x['what']:<36} ratio {x['ratio']:.2f}{'' if x['fits'] else '  (does not fit by the memory model)'}")
    print()
    for label, group in (("dense", [x for x in results if x["model"] != "deepseek-v3"]), ("MoE", [x for x in results if x["model"] == "deepseek-v3"])):
        errors = [abs(x["ratio"] - 1) for x in group]
        if errors:
            print(f"{label}: {len(group)} rows judged: median error {100 * statistics.median(errors):.1f} %, "
                  f"mean ratio {statistics.mean(x['ratio'] for x in group):.2f}, within 15 %: "
                  f"{sum(e <= 0.15 for e in errors)}, off by more than 2x: {sum(x['ratio'] > 2 or x['ratio'] < 0.5 for x in group)}")
    print(f"{len(skipped)} rows not judged:")
    for s in skipped:
        print("  row", *s)
    if "--json" in sys.argv:
        Path(sys.argv[sys.argv.index("--json") + 1]).write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
