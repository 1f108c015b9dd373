#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# A reference for the CUDA labs, measured by PyTorch in the same run (scripts/gpu-evidence.sh):
# device-to-device copy, matrix products (FP32 without TF32, FP16, BF16) and host<->device copies.
# Prints one JSON object. Each figure is the median of timed repetitions after warm-ups.
import json
import sys

import torch

from gpu_timing import timed


def main():
    dev = torch.device("cuda")
    p = torch.cuda.get_device_properties(dev)
    out = {"device": p.name, "sm_count": p.multi_processor_count, "memory_bytes": p.total_memory,
           "torch": torch.__version__, "cuda": torch.version.cuda,
           "conventions": "copy GB/s counts bytes read + written (BabelStream); GB = 1e9 B; TFLOP/s = 2 n^3 / time"}

    # Device copy: 1 GiB each way, far beyond the 50 MiB L2.
    n = (1 << 30) // 4
    a = torch.empty(n, dtype=torch.float32, device=dev).uniform_()
    b = torch.empty_like(a)
    med = timed(lambda: b.copy_(a), 20)
    out["d2d_copy_gbs"] = {"median": 2 * a.numel() * 4 / med / 1e9, "bytes_per_array": a.numel() * 4}
    del a, b

    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cuda.matmul.allow_fp16_reduced_precision_reduction = False
    torch.backends.cuda.matmul.allow_bf16_reduced_precision_reduction = False
    mm = {}
    for size in (4096, 8192):
        for name, dtype in (("fp32", torch.float32), ("fp16", torch.float16), ("bf16", torch.bfloat16)):
            x = torch.rand(size, size, device=dev, dtype=dtype) * 2 - 1
            y = torch.rand(size, size, device=dev, dtype=dtype) * 2 - 1
            med = timed(lambda: torch.matmul(x, y), 10)
            mm[f"{name}_{size}"] = {"median_tflops": 2 * size**3 / med / 1e12}
            del x, y
    out["matmul"] = mm

    h2d = {}
    for pinned in (False, True):
        size = 256 << 20
        host = torch.empty(size, dtype=torch.uint8, pin_memory=pinned)
        host.fill_(1)
        devbuf = torch.empty(size, dtype=torch.uint8, device=dev)
        med = timed(lambda: devbuf.copy_(host, non_blocking=pinned), 10, warmup=2)
        med_back = timed(lambda: host.copy_(devbuf, non_blocking=pinned), 10, warmup=2)
        key = "pinned" if pinned else "pageable"
        h2d[key] = {"h2d_gbs": size / med / 1e9, "d2h_gbs": size / med_back / 1e9, "bytes": size}
    out["host_copies_256mib"] = h2d
    json.dump(out, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
