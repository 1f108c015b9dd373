#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Extracts MLPerf Inference closed-division LLM results (Offline, Server) into the serving calibration CSV format.
"""Extract MLPerf Inference LLM results into rows of data/serving/mlperf-inference-*.csv.

Reads a results repository (mlcommons/inference_results_vX.Y) either as a git directory (--git, read with
`git show HEAD:<path>`) or as a plain directory tree with the same layout (--tree). For every closed-division
system with an accelerator, every LLM benchmark folder in BENCHMARKS and the Offline and Server scenarios, it reads
  closed/<submitter>/systems/<system>.json                                        (names, counts, status, stack)
  closed/<submitter>/results/<system>/<benchmark>/<scenario>/performance/run_1/mlperf_log_summary.txt (numbers)
  closed/<submitter>/measurements/<system>/<benchmark>/<scenario>/<system>_<scenario>.json (stated data types)
and writes CSV rows (header: COLUMNS) to stdout. Python 3 standard library only.

Usage: extract_mlperf.py --round v4.1 --repo mlcommons/inference_results_v4.1 (--git DIR | --tree DIR)
                         [--map accelerator-catalog-map.csv] [--benchmarks llama2-70b-99,...]
"""

import argparse
import csv
import json
import os
import re
import subprocess
import sys

BENCHMARKS = ["llama2-70b-99", "llama2-70b-99.9", "llama2-70b-interactive-99", "llama2-70b-interactive-99.9",
              "mixtral-8x7b", "gptj-99", "gptj-99.9"]
SCENARIOS = ["Offline", "Server"]

COLUMNS = [
    "round", "division", "category", "system_type", "submitter", "system_folder", "system_name",
    "accelerator_name", "accelerators_per_node", "nodes", "accelerator_count", "host_processor",
    "host_processors_per_node", "benchmark", "model", "accuracy_target", "scenario", "result_valid",
    "metric_unit", "metric_value", "value_per_accelerator", "samples_per_s", "tokens_per_s",
    "tokens_per_s_inferred", "tokens_per_s_per_accelerator", "output_tokens_per_sample",
    "ttft_constraint_ms", "tpot_constraint_ms", "latency_constraint_ms", "ttft_mean_ms", "ttft_p99_ms",
    "tpot_mean_ms", "tpot_p99_ms", "hw_notes", "power_mode", "framework", "software_stack",
    "stated_weight_types", "stated_input_types", "precision_weights", "precision_activations", "precision_kv",
    "precision_source", "catalog_id", "source", "system_source",
]


class InputError(Exception):
    """A bad argument or input file, reported as one line."""


class Reader:
    """Reads files of one results repository from a git directory or a plain tree."""

    def __init__(self, git_dir, tree_dir):
        self.git_dir = git_dir
        self.tree_dir = tree_dir
        self._paths = None

    def paths(self):
        if self._paths is None:
            if self.git_dir:
                res = subprocess.run(["git", "--git-dir", self.git_dir, "ls-tree", "-r", "--name-only", "HEAD",
                                      "closed"], capture_output=True, text=True)
                if res.returncode != 0:
                    raise InputError("%s: not a results repository git directory (git ls-tree failed)"
                                     % self.git_dir)
                self._paths = res.stdout.splitlines()
            else:
                if not os.path.isdir(os.path.join(self.tree_dir, "closed")):
                    raise InputError("%s: no closed/ folder (not a results tree)" % self.tree_dir)
                found = []
                for root, _dirs, files in os.walk(os.path.join(self.tree_dir, "closed")):
                    for name in files:
                        found.append(os.path.relpath(os.path.join(root, name), self.tree_dir))
                self._paths = sorted(found)
        return self._paths

    def read(self, path):
        if self.git_dir:
            res = subprocess.run(["git", "--git-dir", self.git_dir, "show", "HEAD:" + path], capture_output=True)
            return res.stdout.decode("utf-8", "replace") if res.returncode == 0 else None
        full = os.path.join(self.tree_dir, path)
        if not os.path.exists(full):
            return None
        with open(full, encoding="utf-8", errors="replace") as fh:
            return fh.read()


def parse_summary(text):
    """Returns the figures of one mlperf_log_summary.txt as a dict (ns values converted to ms)."""
    out = {}

    def num(pattern):
        m = re.search(pattern, text, re.MULTILINE)
        return float(m.group(1)) if m else None

    out["valid"] = (re.search(r"^Result is\s*:\s*(\w+)", text, re.MULTILINE) or [None, ""])[1]
    # The headline figure (the line above "Result is") is the official one; older LoadGen builds print
    # "Scheduled samples per second" there for Server and "Completed ..." only under Additional Stats. Large figures
    # are printed in exponent form (v6.0 GB300 x72: "Tokens per second: 1.12685e+06").
    head = text.split("Result is")[0]
    m = re.search(r"^(?:Completed |Scheduled )?[Ss]amples per second\s*:\s*([0-9.]+(?:[eE][+-]?[0-9]+)?)", head, re.MULTILINE)
    out["samples"] = float(m.group(1)) if m else num(r"^(?:Completed samples per second|Samples per second)"
                                                        r"\s*:\s*([0-9.]+(?:[eE][+-]?[0-9]+)?)")
    out["tokens"] = num(r"^(?:Completed tokens per second|Tokens per second)\s*:\s*([0-9.]+(?:[eE][+-]?[0-9]+)?)")
    out["tokens_inferred"] = num(r"^(?:Completed tokens per second|Tokens per second) \(inferred\)\s*:\s*([0-9.]+(?:[eE][+-]?[0-9]+)?)")
    ns = {
        "ttft_constraint": r"^ttft_latency \(ns\)\s*:\s*([0-9]+)",
        "tpot_constraint": r"^tpot_latency \(ns\)\s*:\s*([0-9]+)",
        "latency_constraint": r"^target_latency \(ns\)\s*:\s*([0-9]+)",
        "ttft_mean": r"^Mean First Token latency \(ns\)\s*:\s*([0-9]+)",
        "ttft_p99": r"^99\.00 percentile first token latency \(ns\)\s*:\s*([0-9]+)",
        "tpot_mean": r"^Mean Time to Output Token \(ns\)\s*:\s*([0-9]+)",
        "tpot_p99": r"^99\.00 percentile time to output token \(ns\)\s*:\s*([0-9]+)",
    }
    for key, pattern in ns.items():
        value = num(pattern)
        out[key] = None if value is None else value / 1e6
    return out


def fmt(value):
    if value is None:
        return ""
    if isinstance(value, float):
        text = "%.6f" % value
        return text.rstrip("0").rstrip(".")
    return str(value)


def software_stack(framework, other, system=""):
    """A stack family from the printed framework and software fields (rule documented in README.md)."""
    text = (framework + " " + other).lower()
    if system.endswith("_TRT") and "tensorrt-llm" in text:
        # v6.0 NVIDIA systems print one framework line for every benchmark ("... TensorRT-LLM ..., vLLM ..." for
        # Qwen3-VL); the _TRT system folder is the TensorRT harness.
        return "TensorRT-LLM"
    if "vllm" in text:
        return "vLLM"
    if "tensorrt" in text or "trt" in text:
        return "TensorRT-LLM"
    if "synapse" in text or "habana" in text or "gaudi" in text:
        return "Intel Gaudi software (SynapseAI / Optimum Habana)"
    if "jax" in text or "saxml" in text or "flax" in text:
        return "JAX (Saxml)"
    return framework


def precision_for(round_name, repo, stack, accel, submitter, model=""):
    """Weights/activations/KV formats the submitter documents, with the document path (empty if none found)."""
    a = accel.lower()
    if stack == "TensorRT-LLM":
        doc = repo + ":closed/NVIDIA/documentation/calibration.md (section LLM Quantization)"
        if round_name == "v4.0":
            # The v4.0 copy of NVIDIA's calibration.md is not in the stored index; the v4.1 text is applied as an
            # assumption (README.md, "Precision").
            doc = ("mlcommons/inference_results_v4.1:closed/NVIDIA/documentation/calibration.md "
                   "(section LLM Quantization; v4.1 text assumed for v4.0)")
        if "b200" in a or "b300" in a:  # B200, GB200; B300, GB300 (v6.0): "accelerators which support FP4"
            # The KV format is not in calibration.md ("KV Cache entries" are quantized); the configs that ran set
            # kv_cache_dtype 'fp8' for every B200/GB200 (v5.1) and B200/GB200/B300/GB300 (v6.0) llama2-70b system
            # (closed/NVIDIA/configs/<system>/<scenario>/llama2-70b.py; data/serving/README.md quotes them).
            if model.startswith("llama2-70b"):
                return ("fp4 (selected linear/MLP layers) + fp8", "fp4 (selected layers) + fp8", "fp8",
                        doc + "; KV: closed/NVIDIA/configs/<system>/<scenario>/llama2-70b.py kv_cache_dtype 'fp8'")
            return ("fp4 (selected linear/MLP layers) + fp8", "fp4 (selected layers) + fp8", "fp4/fp8 (see doc)", doc)
        if any(k in a for k in ("h100", "h200", "gh200", "l40s", "l4")):
            return ("fp8", "fp8", "fp8", doc)
        return ("", "", "", "")
    if round_name == "v6.0" and submitter == "AMD" and "mi355x" in a:
        # AMD's only v6.0 LLM rows are llama2-70b: "LLaMA-2-70B: OCP MXFP4 quantization" of every nn.Linear, "KV caches
        # were quantized to OCP FP8-e4m3". Partners' MI355X rows cite their own documents, not read here.
        return ("mxfp4", "mxfp4", "fp8", repo + ":closed/AMD/documentation/calibration.md (Quantization Strategy; "
                "Summarizing the quantization per model: LLaMA-2-70B)")
    if stack == "vLLM" and "mi300x" in a and round_name == "v4.1":
        path = "closed/AMD/code/llama2-70b-99/README.md (Quantization Preparation: w_fp8_a_fp8_o_fp8, KV cache scales)"
        if submitter != "AMD":
            path = "closed/AMD/code/llama2-70b-99/README.md (AMD reference code the submitter reused)"
        return ("fp8", "fp8", "fp8", repo + ":" + path)
    if stack.startswith("Intel Gaudi"):
        return ("fp8 (E4M3, FP8-143)", "fp8 (linear/matmul inputs), bf16 elsewhere", "",
                repo + ":closed/Intel-HabanaLabs/calibration.md (LLAMA2 Model quantization; KV cache not stated)")
    if stack == "vLLM" and submitter == "RedHat":
        return ("fp8", "fp8", "fp8", repo + ":closed/RedHat/documentation/calibration.md (FP8 Quantization)")
    return ("", "", "", "")


def find_measurement(reader, submitter, system, bench, folder):
    """The submitter's stated data types: the one .json in measurements/<system>/<bench>/<scenario>/."""
    prefix = "closed/%s/measurements/%s/%s/%s/" % (submitter, system, bench, folder)
    for path in reader.paths():
        if path.startswith(prefix) and path.endswith(".json") and "/" not in path[len(prefix):]:
            text = reader.read(path)
            try:
                return path, json.loads(text) if text else {}
            except ValueError:
                return path, {}
    if folder.lower() == "server":  # some submitters state the types once, under Offline only
        return find_measurement(reader, submitter, system, bench, folder.replace("erver", "ffline").replace(
            "S", "O").replace("s", "o"))
    return "", {}


def load_map(path):
    """Rows of accelerator-catalog-map.csv: (name as printed, system-folder substring or "", catalog id)."""
    if not path:
        return []
    try:
        with open(path, newline="", encoding="utf-8") as fh:
            return [(row["accelerator_name"], row["system_folder_contains"], row["catalog_id"])
                    for row in csv.DictReader(fh)]
    except OSError as err:
        raise InputError("%s: cannot open (%s)" % (path, err.strerror)) from None
    except KeyError as err:
        raise InputError("%s:1: header: missing column %s" % (path, err)) from None


def catalog_id_for(catalog, accel, system):
    """The catalog id of a printed accelerator name; a folder substring decides where the name alone cannot."""
    for name, folder_part, catalog_id in catalog:
        if name == accel and folder_part and folder_part in system:
            return catalog_id
    for name, folder_part, catalog_id in catalog:
        if name == accel and not folder_part:
            return catalog_id
    return ""


def as_int(value):
    try:
        return int(str(value).strip())
    except (TypeError, ValueError):
        return 0


def stringify(value):
    if isinstance(value, dict):
        return "; ".join("%s %s" % (k, v) for k, v in value.items())
    return str(value or "")


def rows_for(reader, round_name, repo, catalog, benchmarks):
    pattern = re.compile(r"^closed/([^/]+)/results/([^/]+)/([^/]+)/(Offline|Server|Interactive|offline|server)/"
                         r"performance/run_1/mlperf_log_summary\.txt$")
    for path in reader.paths():
        m = pattern.match(path)
        if not m or (m.group(3) not in benchmarks and m.group(4) != "Interactive"):
            continue
        submitter, system, bench, folder = m.groups()
        bench_folder = bench
        scenario = folder.capitalize()  # Google's v4.0 TPU folders are lower case
        if folder == "Interactive":
            # From v5.0 the llama2-70b-interactive benchmark is filed as a third scenario folder of llama2-70b; it is
            # a Server run under tighter TTFT/TPOT limits (README.md, "Benchmark definitions").
            # llama2-70b-99 -> llama2-70b-interactive-99; llama3.1-8b -> llama3.1-8b-interactive (v6.0 files them too).
            bench, scenario = re.sub(r"^(.*?)(-99(?:\.9)?)?$", r"\1-interactive\2", bench), "Server"
            if bench not in benchmarks:
                continue
        sys_path = "closed/%s/systems/%s.json" % (submitter, system)
        sys_text = reader.read(sys_path)
        if sys_text is None:
            print("warning: no %s, skipped %s" % (sys_path, path), file=sys.stderr)
            continue
        try:
            info = json.loads(sys_text)
        except ValueError as err:
            raise InputError("%s: not JSON (%s)" % (sys_path, err)) from None
        per_node = as_int(info.get("accelerators_per_node"))
        nodes = as_int(info.get("number_of_nodes")) or 1
        if per_node == 0:
            continue  # CPU-only systems carry no accelerator (README.md: scope)
        summary = parse_summary(reader.read(path) or "")
        count = per_node * nodes
        is_gptj = bench.startswith("gptj")
        value = summary["samples"] if is_gptj else summary["tokens"]
        if value is None:
            print("warning: no metric in %s" % path, file=sys.stderr)
            continue
        meas_path, stated = find_measurement(reader, submitter, system, bench_folder, folder)
        framework = stringify(info.get("framework"))
        stack = software_stack(framework, stringify(info.get("other_software_stack")) + " " +
                               stringify(info.get("sw_notes")), system)
        accel = stringify(info.get("accelerator_model_name")).strip()
        pw, pa, pk, psrc = precision_for(round_name, repo, stack, accel, submitter, bench)
        named = re.search(r"\b(FP8|FP4|NVFP4|MXFP4|INT8|INT4)\b", stringify(info.get("system_name")))
        if not pw and named:
            pw, psrc = named.group(1).lower(), repo + ":" + sys_path + " (system_name)"
        weights_stated = stringify(stated.get("weight_data_types")).strip()
        if not pw and weights_stated and weights_stated.lower() not in ("fp16", "fp32", "bf16"):
            pw, psrc = weights_stated, repo + ":" + meas_path + " (weight_data_types)"
        tokens = summary["tokens"] if summary["tokens"] is not None else summary["tokens_inferred"]
        model = re.sub(r"-99(\.9)?$", "", bench)
        target = bench[len(model) + 1:] if bench != model else "99"
        yield {
            "round": round_name, "division": stringify(info.get("division")) or "closed",
            "category": stringify(info.get("status")).lower(), "system_type": stringify(info.get("system_type")),
            "submitter": stringify(info.get("submitter")) or submitter, "system_folder": system,
            "system_name": stringify(info.get("system_name")), "accelerator_name": accel,
            "accelerators_per_node": per_node, "nodes": nodes, "accelerator_count": count,
            "host_processor": stringify(info.get("host_processor_model_name")).strip(),
            "host_processors_per_node": stringify(info.get("host_processors_per_node")),
            "benchmark": bench, "model": model, "accuracy_target": target, "scenario": scenario,
            "result_valid": summary["valid"], "metric_unit": "samples/s" if is_gptj else "tokens/s",
            "metric_value": fmt(value), "value_per_accelerator": fmt(value / count),
            "samples_per_s": fmt(summary["samples"]), "tokens_per_s": fmt(tokens),
            "tokens_per_s_inferred": "yes" if summary["tokens"] is None and tokens is not None else "no",
            "tokens_per_s_per_accelerator": fmt(tokens / count) if tokens is not None else "",
            "output_tokens_per_sample": fmt(summary["tokens"] / summary["samples"])
            if summary["tokens"] is not None and summary["samples"] else "",
            "ttft_constraint_ms": fmt(summary["ttft_constraint"]) if scenario == "Server" else "",
            "tpot_constraint_ms": fmt(summary["tpot_constraint"]) if scenario == "Server" else "",
            "latency_constraint_ms": fmt(summary["latency_constraint"]) if scenario == "Server" and is_gptj else "",
            "ttft_mean_ms": fmt(summary["ttft_mean"]), "ttft_p99_ms": fmt(summary["ttft_p99"]),
            "tpot_mean_ms": fmt(summary["tpot_mean"]), "tpot_p99_ms": fmt(summary["tpot_p99"]),
            "hw_notes": stringify(info.get("hw_notes")).strip(),
            "power_mode": "MaxQ" if "maxq" in (system + stringify(info.get("system_name"))).lower() else "MaxP",
            "framework": framework, "software_stack": stack,
            "stated_weight_types": stringify(stated.get("weight_data_types")),
            "stated_input_types": stringify(stated.get("input_data_types")),
            "precision_weights": pw, "precision_activations": pa, "precision_kv": pk, "precision_source": psrc,
            "catalog_id": catalog_id_for(catalog, accel, system), "source": repo + ":" + path,
            "system_source": repo + ":" + sys_path,
        }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--round", required=True)
    ap.add_argument("--repo", required=True)
    ap.add_argument("--git")
    ap.add_argument("--tree")
    ap.add_argument("--map")
    ap.add_argument("--benchmarks", default=",".join(BENCHMARKS))
    ap.add_argument("--no-header", action="store_true")
    args = ap.parse_args()
    if bool(args.git) == bool(args.tree):
        print("extract_mlperf.py: give exactly one of --git DIR or --tree DIR", file=sys.stderr)
        return 1
    reader = Reader(args.git, args.tree)
    try:
        # Collect everything first so that a bad input writes nothing at all.
        rows = list(rows_for(reader, args.round, args.repo, load_map(args.map), set(args.benchmarks.split(","))))
    except InputError as err:
        print("extract_mlperf.py: %s" % err, file=sys.stderr)
        return 1
    writer = csv.DictWriter(sys.stdout, fieldnames=COLUMNS, lineterminator="\n")
    if not args.no_header:
        writer.writeheader()
    for row in rows:
        writer.writerow(row)
    return 0


if __name__ == "__main__":
    sys.exit(main())
