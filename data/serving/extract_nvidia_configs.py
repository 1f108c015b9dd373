#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Reads NVIDIA's MLPerf harness configurations (tensor/pipeline parallelism, batch, FP8) without executing them.
"""Extract the serving layout NVIDIA used for each MLPerf LLM result from closed/NVIDIA/configs.

The config files are Python classes registered per (harness, accuracy target, power setting); attributes are
inherited from a scenario base class and the benchmark's GPUBaseConfig. This script parses them with `ast` (no
code from the results repository is run), resolves the inheritance and writes one CSV row per registered class
that has a submitted result (closed/NVIDIA/results/<folder>/<benchmark>/<scenario>).
Python 3 standard library only.

Usage: extract_nvidia_configs.py --round v4.1 --repo mlcommons/inference_results_v4.1 --git DIR
"""

import argparse
import ast
import csv
import re
import subprocess
import sys

BENCHMARKS = {"llama2-70b": ["llama2-70b-99", "llama2-70b-99.9"], "mixtral-8x7b": ["mixtral-8x7b"],
              "gptj": ["gptj-99", "gptj-99.9"]}
SCENARIOS = ["Offline", "Server"]
FIELDS = ["tensor_parallelism", "pipeline_parallelism", "gpu_batch_size", "use_fp8", "precision", "power_limit",
          "system"]
COLUMNS = ["round", "submitter", "benchmark", "scenario", "system_folder", "known_system", "harness",
           "power_setting", "config_class", "gpus", "tensor_parallelism", "pipeline_parallelism", "replicas",
           "gpu_batch_size", "use_fp8", "power_limit_w", "source"]

# NVIDIA's KnownSystem names → the result folder prefix NVIDIA used in v4.1 (closed/NVIDIA/results/*).
FOLDERS = {
    "H100_SXM_80GBx8": "DGX-H100_H100-SXM-80GBx8",
    "GH200_144GB_ARMx1": "GH200-GraceHopper-Superchip_GH200-144GB_aarch64x1",
    "H200_SXM_141GB_CTSx1": "H200-SXM-141GB-CTSx1",
    "H200_SXM_141GB_CTSx8": "H200-SXM-141GB-CTSx8",
    "H200_SXM_141GBx1": "H200-SXM-141GBx1",
    "H200_SXM_141GBx8": "H200-SXM-141GBx8",
}


def git_show(git_dir, path):
    res = subprocess.run(["git", "--git-dir", git_dir, "show", "HEAD:" + path], capture_output=True)
    return res.stdout.decode("utf-8", "replace") if res.returncode == 0 else None


def literal(node):
    """The value of a simple right-hand side: constants, dicts, `KnownSystem.X`; None for anything else."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return node.value.id + "." + node.attr
    try:
        return ast.literal_eval(node)
    except (ValueError, SyntaxError, TypeError):
        return None


def classes_of(source):
    """{class name: (base names, {field: value}, decorator args, line)} for every class in a config file."""
    out = {}
    for node in ast.parse(source).body:
        if not isinstance(node, ast.ClassDef):
            continue
        fields = {}
        for stmt in node.body:
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
                name = stmt.targets[0].id
                if name in FIELDS:
                    fields[name] = literal(stmt.value)
        register = None
        for dec in node.decorator_list:
            if isinstance(dec, ast.Call) and getattr(dec.func, "attr", "") == "register":
                register = [literal(a) for a in dec.args]
        bases = [b.id if isinstance(b, ast.Name) else getattr(b, "attr", "") for b in node.bases]
        out[node.name] = (bases, fields, register, node.lineno)
    return out


def resolve(name, classes, parent, field):
    """A field's value, looked up through the class chain, then the benchmark's GPUBaseConfig."""
    seen = set()
    while name in classes and name not in seen:
        seen.add(name)
        bases, fields, _, _ = classes[name]
        if field in fields:
            return fields[field]
        name = bases[0] if bases else ""
    return parent.get(field)


def rows_for(git_dir, round_name, repo):
    for bench, targets in BENCHMARKS.items():
        parent_src = git_show(git_dir, "closed/NVIDIA/configs/%s/__init__.py" % bench) or ""
        parent = {}
        for _, fields, _, _ in classes_of(parent_src).values():
            parent.update(fields)
        for scenario in SCENARIOS:
            path = "closed/NVIDIA/configs/%s/%s/__init__.py" % (bench, scenario)
            src = git_show(git_dir, path)
            if src is None:
                continue
            classes = classes_of(src)
            for cls, (_, _, register, line) in classes.items():
                if not register or len(register) < 3:
                    continue
                harness, accuracy, power = (str(x).split(".")[-1] for x in register[:3])
                system = str(resolve(cls, classes, parent, "system") or "").split(".")[-1]
                gpus_match = re.search(r"x(\d+)$", system)
                gpus = int(gpus_match.group(1)) if gpus_match else None
                tp = resolve(cls, classes, parent, "tensor_parallelism") or 1
                pp = resolve(cls, classes, parent, "pipeline_parallelism") or 1
                batch = resolve(cls, classes, parent, "gpu_batch_size")
                if isinstance(batch, dict):
                    batch = next(iter(batch.values()), None)
                benchmark = targets[0] if accuracy == "k_99" or len(targets) == 1 else targets[1]
                folder = FOLDERS.get(system, "")
                if folder:
                    folder += "_TRT" + ("_MaxQ" if power == "MaxQ" else "") + ("_Triton" if harness == "Triton"
                                                                                else "")
                result = "closed/NVIDIA/results/%s/%s/%s/performance/run_1/mlperf_log_summary.txt" % (
                    folder, benchmark, scenario)
                if not folder or git_show(git_dir, result) is None:
                    continue  # a configuration with no submitted result
                yield {
                    "round": round_name, "submitter": "NVIDIA", "benchmark": benchmark, "scenario": scenario,
                    "system_folder": folder, "known_system": system, "harness": harness, "power_setting": power,
                    "config_class": cls, "gpus": gpus if gpus else "", "tensor_parallelism": tp,
                    "pipeline_parallelism": pp,
                    "replicas": gpus // (tp * pp) if gpus and gpus % (tp * pp) == 0 else "",
                    "gpu_batch_size": batch if batch is not None else "",
                    "use_fp8": resolve(cls, classes, parent, "use_fp8") or False,
                    "power_limit_w": resolve(cls, classes, parent, "power_limit") or "",
                    "source": "%s:%s#L%d" % (repo, path, line),
                }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--round", required=True)
    ap.add_argument("--repo", required=True)
    ap.add_argument("--git", required=True)
    args = ap.parse_args()
    if git_show(args.git, "closed/NVIDIA/configs/llama2-70b/__init__.py") is None:
        print("extract_nvidia_configs.py: %s: no closed/NVIDIA/configs/llama2-70b in this git directory" % args.git,
              file=sys.stderr)
        return 1
    rows = list(rows_for(args.git, args.round, args.repo))
    writer = csv.DictWriter(sys.stdout, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow(row)
    return 0


if __name__ == "__main__":
    sys.exit(main())
