#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Validates the serving calibration data (MLPerf rows, efficiency sources) and prints a summary table.
"""Check data/serving/*.csv and summarise them. Python 3 standard library only.

Usage: check_calibration.py [--mlperf FILE]... [--efficiency FILE] [--catalog catalog.json] [--quiet]
  --mlperf      an MLPerf results CSV (default: mlperf-inference-v4.csv, plus mlperf-inference-v5-heldout.csv and
                mlperf-inference-v6-heldout.csv when they exist); the rounds a file may hold follow from its name (v4 file: v4.0/v4.1 only)
  --efficiency  the efficiency-sources CSV (default: efficiency-sources.csv)
  --catalog     output of `accelscope-cli --json catalog list`; every catalog_id must then exist in it
A problem is reported as one line "FILE:LINE: FIELD: problem" on stderr, and the exit status is 1.
"""

import argparse
import csv
import json
import math
import os
import statistics
import sys
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))

MLPERF_REQUIRED = [
    "round", "division", "category", "submitter", "system_folder", "system_name", "accelerator_name",
    "accelerators_per_node", "nodes", "accelerator_count", "host_processor", "benchmark", "model", "scenario",
    "result_valid", "metric_unit", "metric_value", "value_per_accelerator", "samples_per_s", "tokens_per_s",
    "tokens_per_s_per_accelerator", "ttft_constraint_ms", "tpot_constraint_ms", "latency_constraint_ms",
    "software_stack", "precision_weights", "precision_activations", "precision_kv", "precision_source",
    "catalog_id", "source", "system_source",
]
EFFICIENCY_REQUIRED = [
    "device", "catalog_id", "kind", "precision", "measured", "unit", "peak", "peak_source", "efficiency_pct",
    "conditions", "source_url", "where", "source_kind",
]
# Closed runs must generate 90-110 % of the reference tokens per sample (language/llama2-70b/README.md: 294.45;
# language/mixtral-8x7b/README.md: 145.9), so tokens/s over samples/s must land there; a mistyped figure would not.
TOKENS_PER_SAMPLE = {"llama2-70b": 294.45, "llama2-70b-interactive": 294.45, "mixtral-8x7b": 145.9}
REL_TOL = 1e-4  # values are written with 6 decimals; a ratio must agree to this relative tolerance


class Problem(Exception):
    """One data problem, already phrased as FILE:LINE: FIELD: message."""


def number(path, line, row, field, positive=True, required=True):
    text = row.get(field, "").strip()
    if not text:
        if required:
            raise Problem("%s:%d: %s: missing" % (path, line, field))
        return None
    try:
        value = float(text)
    except ValueError:
        raise Problem("%s:%d: %s: not a number: %r" % (path, line, field, text)) from None
    if not math.isfinite(value) or (positive and value <= 0):
        raise Problem("%s:%d: %s: must be a positive finite number, got %s" % (path, line, field, text))
    return value


def close(a, b):
    return abs(a - b) <= REL_TOL * max(abs(a), abs(b))


def read_rows(path, required):
    try:
        fh = open(path, newline="", encoding="utf-8")
    except OSError as err:
        raise Problem("%s:0: file: cannot open (%s)" % (path, err.strerror)) from None
    with fh:
        reader = csv.DictReader(fh)
        missing = [c for c in required if c not in (reader.fieldnames or [])]
        if missing:
            raise Problem("%s:1: header: missing column(s) %s" % (path, ", ".join(missing)))
        # DictReader line numbers: header is line 1, so row i (0-based) is on line i + 2 (no embedded newlines)
        return [(i + 2, row) for i, row in enumerate(reader)]


def allowed_rounds(path):
    name = os.path.basename(path)
    if "v5" in name:
        return {"v5.0", "v5.1"}
    if "v6" in name:
        return {"v6.0", "v6.1"}
    return {"v4.0", "v4.1"}


def check_mlperf_row(path, line, row, rounds, catalog_ids):
    if row["round"] not in rounds:
        raise Problem("%s:%d: round: %r not allowed in this file (allowed: %s)"
                      % (path, line, row["round"], ", ".join(sorted(rounds))))
    if row["division"] != "closed":
        raise Problem("%s:%d: division: only closed results belong here, got %r" % (path, line, row["division"]))
    if row["scenario"] not in ("Offline", "Server"):
        raise Problem("%s:%d: scenario: %r is not Offline or Server" % (path, line, row["scenario"]))
    if row["result_valid"] != "VALID":
        raise Problem("%s:%d: result_valid: %r" % (path, line, row["result_valid"]))
    per_node = number(path, line, row, "accelerators_per_node")
    nodes = number(path, line, row, "nodes")
    count = number(path, line, row, "accelerator_count")
    if count != int(count) or count != per_node * nodes:
        raise Problem("%s:%d: accelerator_count: %s is not accelerators_per_node x nodes (%s x %s)"
                      % (path, line, row["accelerator_count"], row["accelerators_per_node"], row["nodes"]))
    value = number(path, line, row, "metric_value")
    per_acc = number(path, line, row, "value_per_accelerator")
    if not close(per_acc, value / count):
        raise Problem("%s:%d: value_per_accelerator: %s is not metric_value / accelerator_count (%.6g)"
                      % (path, line, row["value_per_accelerator"], value / count))
    expected_unit = "samples/s" if row["model"] == "gptj" else "tokens/s"
    if row["metric_unit"] != expected_unit:
        raise Problem("%s:%d: metric_unit: %r, expected %r for %s"
                      % (path, line, row["metric_unit"], expected_unit, row["model"]))
    tokens = number(path, line, row, "tokens_per_s", required=False)
    samples = number(path, line, row, "samples_per_s", required=False)
    if expected_unit == "tokens/s" and (tokens is None or not close(tokens, value)):
        raise Problem("%s:%d: tokens_per_s: must equal metric_value for a tokens/s benchmark" % (path, line))
    if expected_unit == "samples/s" and (samples is None or not close(samples, value)):
        raise Problem("%s:%d: samples_per_s: must equal metric_value for a samples/s benchmark" % (path, line))
    if tokens is not None:
        tok_per_acc = number(path, line, row, "tokens_per_s_per_accelerator")
        if not close(tok_per_acc, tokens / count):
            raise Problem("%s:%d: tokens_per_s_per_accelerator: %s is not tokens_per_s / accelerator_count"
                          % (path, line, row["tokens_per_s_per_accelerator"]))
    reference = TOKENS_PER_SAMPLE.get(row["model"])
    if reference is not None and samples is not None and tokens is not None:
        if not 0.9 * reference <= tokens / samples <= 1.1 * reference:
            raise Problem("%s:%d: tokens_per_s: %.1f tokens per sample is outside 90-110 %% of the reference %s"
                          % (path, line, tokens / samples, reference))
    if row["scenario"] == "Server":
        if row["model"] == "gptj":
            number(path, line, row, "latency_constraint_ms")
        else:
            number(path, line, row, "ttft_constraint_ms")
            number(path, line, row, "tpot_constraint_ms")
    expected_repo = "mlcommons/inference_results_%s:" % row["round"]
    for field in ("source", "system_source"):
        if not row[field].startswith(expected_repo + "closed/"):
            raise Problem("%s:%d: %s: must start with %r, got %r" % (path, line, field, expected_repo + "closed/",
                                                                    row[field][:60]))
    if not row["source"].endswith("mlperf_log_summary.txt"):
        raise Problem("%s:%d: source: must name an mlperf_log_summary.txt" % (path, line))
    if catalog_ids is not None and row["catalog_id"] and row["catalog_id"] not in catalog_ids:
        raise Problem("%s:%d: catalog_id: %r is not in the catalog" % (path, line, row["catalog_id"]))


def check_mlperf(path, catalog_ids):
    rows = read_rows(path, MLPERF_REQUIRED)
    rounds = allowed_rounds(path)
    seen = {}
    for line, row in rows:
        check_mlperf_row(path, line, row, rounds, catalog_ids)
        key = (row["round"], row["submitter"], row["system_folder"], row["benchmark"], row["scenario"])
        if key in seen:
            raise Problem("%s:%d: row: duplicates line %d (%s)" % (path, line, seen[key], " ".join(key)))
        seen[key] = line
    return [row for _, row in rows]


def check_efficiency(path, catalog_ids):
    rows = read_rows(path, EFFICIENCY_REQUIRED)
    for line, row in rows:
        measured = number(path, line, row, "measured")
        percent = row["unit"] == "percent_of_peak"  # the source states only a fraction of peak
        peak = number(path, line, row, "peak", required=row["kind"] != "allreduce_busbw" and not percent)
        stated = number(path, line, row, "efficiency_pct", required=False)
        if percent and (stated is None or abs(stated - measured) > 0.005):
            raise Problem("%s:%d: efficiency_pct: must repeat measured for unit percent_of_peak" % (path, line))
        if peak is not None:
            if stated is None:
                raise Problem("%s:%d: efficiency_pct: missing although a peak is given" % (path, line))
            if abs(stated - 100.0 * measured / peak) > 0.05:
                raise Problem("%s:%d: efficiency_pct: %s is not 100 x measured / peak (%.2f)"
                              % (path, line, row["efficiency_pct"], 100.0 * measured / peak))
            if not row["peak_source"].strip():
                raise Problem("%s:%d: peak_source: missing" % (path, line))
        if not row["source_url"].startswith("https://"):
            raise Problem("%s:%d: source_url: must be an https URL" % (path, line))
        for field in ("where", "kind", "unit", "source_kind"):
            if not row[field].strip():
                raise Problem("%s:%d: %s: missing" % (path, line, field))
        if catalog_ids is not None and row["catalog_id"] and row["catalog_id"] not in catalog_ids:
            raise Problem("%s:%d: catalog_id: %r is not in the catalog" % (path, line, row["catalog_id"]))
    return [row for _, row in rows]


CONFIG_REQUIRED = ["round", "submitter", "benchmark", "scenario", "system_folder", "gpus", "tensor_parallelism",
                   "pipeline_parallelism", "replicas", "gpu_batch_size", "source"]


def check_configs(path, mlperf_rows):
    """Every layout row joins a calibration row and its GPUs split into TP x PP x replicas."""
    rows = read_rows(path, CONFIG_REQUIRED)
    keys = {(r["round"], r["submitter"], r["system_folder"], r["benchmark"], r["scenario"]): r for r in mlperf_rows}
    for line, row in rows:
        key = (row["round"], row["submitter"], row["system_folder"], row["benchmark"], row["scenario"])
        if key not in keys:
            raise Problem("%s:%d: system_folder: no calibration row for %s" % (path, line, " ".join(key)))
        gpus, tp, pp, reps = (number(path, line, row, f) for f in ("gpus", "tensor_parallelism",
                                                                    "pipeline_parallelism", "replicas"))
        number(path, line, row, "gpu_batch_size")
        if gpus != tp * pp * reps or str(int(gpus)) != keys[key]["accelerator_count"]:
            raise Problem("%s:%d: gpus: %s is not tensor_parallelism x pipeline_parallelism x replicas, or not the "
                          "result's accelerator_count" % (path, line, row["gpus"]))
        if not row["source"].startswith("mlcommons/inference_results_%s:closed/" % row["round"]):
            raise Problem("%s:%d: source: must name the results repository file" % (path, line))
    return [row for _, row in rows]


def print_mlperf_summary(path, rows):
    print("== %s: %d rows" % (os.path.basename(path), len(rows)))
    groups = defaultdict(list)
    for row in rows:
        groups[(row["round"], row["benchmark"], row["scenario"], row["catalog_id"])].append(row)
    print("%-5s %-16s %-8s %-28s %4s  %-24s" % ("round", "benchmark", "scenario", "catalog_id", "rows",
                                                 "per-accelerator median (min-max)"))
    for key in sorted(groups):
        values = [float(r["value_per_accelerator"]) for r in groups[key]]
        unit = groups[key][0]["metric_unit"]
        print("%-5s %-16s %-8s %-28s %4d  %.1f (%.1f-%.1f) %s" % (key + (len(values), statistics.median(values),
                                                                      min(values), max(values), unit)))
    for field in ("round", "benchmark", "scenario", "catalog_id", "software_stack", "category"):
        counts = defaultdict(int)
        for row in rows:
            counts[row[field]] += 1
        print("by %s: %s" % (field, ", ".join("%s %d" % (k or "(none)", v) for k, v in sorted(counts.items()))))


def print_efficiency_summary(path, rows):
    print("== %s: %d rows" % (os.path.basename(path), len(rows)))
    for row in rows:
        if row["unit"] == "percent_of_peak":
            pct = "%.1f%% of peak (as the source states it)" % float(row["efficiency_pct"])
        elif row["efficiency_pct"]:
            pct = "%.1f%% of %s %s" % (float(row["efficiency_pct"]), row["peak"], row["unit"])
        else:
            pct = "(no peak)"
        print("%-22s %-17s %-10s %10s %-8s %s" % (row["catalog_id"] or row["device"], row["kind"], row["precision"],
                                                 row["measured"], row["unit"], pct))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mlperf", action="append")
    ap.add_argument("--efficiency")
    ap.add_argument("--catalog")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    mlperf = args.mlperf or [os.path.join(HERE, "mlperf-inference-v4.csv")] + [
        p for p in [os.path.join(HERE, "mlperf-inference-v5-heldout.csv"), os.path.join(HERE, "mlperf-inference-v6-heldout.csv")]
        if os.path.exists(p)]
    efficiency = args.efficiency or os.path.join(HERE, "efficiency-sources.csv")
    try:
        catalog_ids = None
        if args.catalog:
            try:
                with open(args.catalog, encoding="utf-8") as fh:
                    catalog_ids = {d["id"] for d in json.load(fh)}
            except (OSError, ValueError, KeyError, TypeError) as err:
                raise Problem("%s:0: catalog: not a catalog list JSON (%s)" % (args.catalog, err)) from None
        results = [(path, check_mlperf(path, catalog_ids)) for path in mlperf]
        eff_rows = check_efficiency(efficiency, catalog_ids)
        configs = os.path.join(HERE, "nvidia-configs-v4.1.csv")
        if not args.mlperf and os.path.exists(configs):
            results.append((configs, check_configs(configs, results[0][1])))
    except Problem as problem:
        print(problem, file=sys.stderr)
        return 1
    if not args.quiet:
        for path, rows in results:
            if "configs" not in path:
                print_mlperf_summary(path, rows)
        print_efficiency_summary(efficiency, eff_rows)
    print("OK: %s" % ", ".join("%s (%d rows)" % (os.path.basename(p), len(r)) for p, r in results +
                               [(efficiency, eff_rows)]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
