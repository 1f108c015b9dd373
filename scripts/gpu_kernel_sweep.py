#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Kernel microbenchmarks for the step model's efficiencies (scripts/gpu-evidence.sh runs it on a lent GPU):
# GEMM throughput by shape (BF16 and FP8 through PyTorch/cuBLAS), attention (SDPA, prefill and decode) and a
# device copy. Prints one JSON object; each figure is the median of event-timed repetitions after warm-ups.
# Conventions: GEMM FLOPs 2MNK; bytes = (MK + KN) x input bytes + MN x output bytes (once each);
# attention FLOPs 4 b h s_q s_kv d (halved when causal); GB = 1e9 B.
import json
import sys
import time

import torch

from gpu_timing import timed




def gemm_rows(deadline):
    dev = torch.device("cuda")
    rows = []
    # (N, K) pairs of Llama-3 8B and 70B layers: QKV, O, gate/up (fused), down; M is tokens in flight.
    layers = [("8b-qkv", 6144, 4096), ("8b-o", 4096, 4096), ("8b-gateup", 28672, 4096), ("8b-down", 4096, 14336),
              ("70b-qkv", 10240, 8192), ("70b-o", 8192, 8192), ("70b-gateup", 57344, 8192), ("70b-down", 8192, 28672)]
    tokens = [1, 16, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384]
    fp8 = hasattr(torch, "float8_e4m3fn") and hasattr(torch, "_scaled_mm")
    for name, n, k in layers:
        for m in tokens:
            if time.time() > deadline:
                return rows, "stopped at the time budget"
            a = torch.randn(m, k, device=dev, dtype=torch.bfloat16)
            b = torch.randn(k, n, device=dev, dtype=torch.bfloat16)
            t = timed(lambda: torch.matmul(a, b))
            flops = 2.0 * m * n * k
            row = {"layer": name, "m": m, "n": n, "k": k, "bf16_s": t, "bf16_tflops": flops / t / 1e12,
                   "bf16_gbs": ((m * k + k * n) * 2 + m * n * 2) / t / 1e9}
            if fp8:
                a8 = a.to(torch.float8_e4m3fn)
                b8 = b.t().contiguous().to(torch.float8_e4m3fn).t()  # column-major B, as cuBLASLt FP8 wants
                one = torch.ones((), device=dev)
                try:
                    t8 = timed(lambda: torch._scaled_mm(a8, b8, scale_a=one, scale_b=one, out_dtype=torch.bfloat16))
                    row.update({"fp8_s": t8, "fp8_tflops": flops / t8 / 1e12, "fp8_gbs": ((m * k + k * n) + m * n * 2) / t8 / 1e9})
                except RuntimeError as e:  # shapes cuBLASLt FP8 refuses (M not a multiple of 16)
                    row["fp8_error"] = str(e).splitlines()[0][:120]
                del a8, b8
            rows.append(row)
            del a, b
    return rows, "complete"


def wave_rows(deadline):
    # Wave quantisation: M = K = 4096 fixed, N in steps of 128 (one output tile column at a time). With
    # 128 x 256 (or similar) tiles on 132 SMs, throughput steps where the tile count crosses a multiple of the SMs.
    dev = torch.device("cuda")
    rows = []
    a = torch.randn(4096, 4096, device=dev, dtype=torch.bfloat16)
    for n in range(1024, 10240 + 1, 128):
        if time.time() > deadline:
            return rows, "stopped at the time budget"
        b = torch.randn(4096, n, device=dev, dtype=torch.bfloat16)
        t = timed(lambda: torch.matmul(a, b), reps=7, warmup=2)
        rows.append({"m": 4096, "n": n, "k": 4096, "bf16_s": t, "bf16_tflops": 2.0 * 4096 * n * 4096 / t / 1e12})
        del b
    return rows, "complete"


def attention_rows(deadline):
    dev = torch.device("cuda")
    f = torch.nn.functional.scaled_dot_product_attention
    rows = []
    # Prefill: causal, 32 query heads (8 KV heads broadcast), head dim 128.
    for batch, seq in ((1, 1024), (1, 4096), (1, 8192), (4, 4096), (8, 2048)):
        if time.time() > deadline:
            return rows, "stopped at the time budget"
        q = torch.randn(batch, 32, seq, 128, device=dev, dtype=torch.bfloat16)
        kv = torch.randn(batch, 32, seq, 128, device=dev, dtype=torch.bfloat16)
        t = timed(lambda: f(q, kv, kv, is_causal=True))
        flops = 4.0 * batch * 32 * seq * seq * 128 / 2
        rows.append({"kind": "prefill", "batch": batch, "heads": 32, "seq": seq, "head_dim": 128, "causal": True,
                     "s": t, "tflops": flops / t / 1e12})
        del q, kv
    # Decode: one query token per sequence against a KV cache; bytes = K and V read once.
    for batch, ctx in ((1, 4096), (16, 4096), (64, 2048), (64, 8192), (128, 4096), (32, 32768)):
        if time.time() > deadline:
            return rows, "stopped at the time budget"
        q = torch.randn(batch, 32, 1, 128, device=dev, dtype=torch.bfloat16)
        k = torch.randn(batch, 32, ctx, 128, device=dev, dtype=torch.bfloat16)
        v = torch.randn_like(k)
        t = timed(lambda: f(q, k, v))
        kv_bytes = 2.0 * batch * 32 * ctx * 128 * 2
        rows.append({"kind": "decode", "batch": batch, "heads": 32, "context": ctx, "head_dim": 128, "s": t,
                     "kv_read_gbs": kv_bytes / t / 1e9})
        del q, k, v
    return rows, "complete"


def graph_rows():
    """The step model's `graph_kernel_overhead_us` and the attention backward/forward ratio, measured rather than
    assumed: (1) N back-to-back small BF16 GEMMs (M = 64, the decode regime) launched eagerly and captured in one
    CUDA graph; the per-kernel time of the graph minus the kernels' own time from a long eager run is the gap a
    serving engine pays per kernel; (2) causal SDPA forward and forward+backward at 4k tokens."""
    dev = torch.device("cuda")
    out = {}
    a = torch.randn(64, 4096, device=dev, dtype=torch.bfloat16)
    w = torch.randn(4096, 4096, device=dev, dtype=torch.bfloat16)
    calls = 200

    def chain():
        x = a
        for _ in range(calls):
            x = torch.matmul(x, w)
        return x

    eager = timed(chain, reps=5, warmup=2)
    stream = torch.cuda.Stream()
    stream.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(stream):
        chain()
    torch.cuda.current_stream().wait_stream(stream)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        chain()
    in_graph = timed(graph.replay, reps=10, warmup=3)
    out["graph_chain"] = {"calls": calls, "shape": [64, 4096, 4096], "eager_s": eager, "graph_s": in_graph,
                          "eager_us_per_call": eager / calls * 1e6, "graph_us_per_call": in_graph / calls * 1e6}
    f = torch.nn.functional.scaled_dot_product_attention
    q = torch.randn(1, 32, 4096, 128, device=dev, dtype=torch.bfloat16, requires_grad=True)
    k = torch.randn(1, 32, 4096, 128, device=dev, dtype=torch.bfloat16, requires_grad=True)
    v = torch.randn(1, 32, 4096, 128, device=dev, dtype=torch.bfloat16, requires_grad=True)
    fwd = timed(lambda: f(q, k, v, is_causal=True))
    grad = torch.randn(1, 32, 4096, 128, device=dev, dtype=torch.bfloat16)
    both = timed(lambda: f(q, k, v, is_causal=True).backward(grad))
    flops_fwd = 4.0 * 32 * 4096 * 4096 * 128 / 2
    out["attention_backward"] = {"seq": 4096, "forward_s": fwd, "forward_backward_s": both, "backward_s": both - fwd,
                                 "forward_tflops": flops_fwd / fwd / 1e12,
                                 "backward_tflops_at_2_5x": 2.5 * flops_fwd / max(both - fwd, 1e-12) / 1e12}
    return out


def main():
    budget = float(sys.argv[1]) if len(sys.argv) > 1 else 120.0
    deadline = time.time() + budget
    p = torch.cuda.get_device_properties(0)
    out = {"device": p.name, "sm_count": p.multi_processor_count, "torch": torch.__version__, "cuda": torch.version.cuda,
           "conventions": "GEMM FLOPs 2MNK, bytes each operand once; attention FLOPs 4 b h sq skv d, halved when causal; GB = 1e9 B"}
    n = (1 << 30) // 2
    a = torch.empty(n, dtype=torch.bfloat16, device="cuda")
    b = torch.empty_like(a)
    t = timed(lambda: b.copy_(a), reps=20)
    out["copy_gbs_read_plus_write"] = 2 * n * 2 / t / 1e9
    del a, b
    out["gemm"], out["gemm_status"] = gemm_rows(deadline - budget * 0.45)
    out["waves"], out["waves_status"] = wave_rows(deadline - budget * 0.25)
    out["attention"], out["attention_status"] = attention_rows(deadline)
    try:
        out["graphs_and_backward"] = graph_rows()
    except Exception as error:  # a PyTorch without CUDA graphs or SDPA backward: the rest of the run stands
        out["graphs_and_backward"] = {"error": str(error)}
    json.dump(out, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
