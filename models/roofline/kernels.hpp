// SPDX-License-Identifier: MIT
// Kernel library: exact FLOP and byte counts of common kernels, and where they sit on a roofline.
#pragma once

#include "models/common/result.hpp"

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::models::roofline {

/// Work and traffic of one kernel. Conventions for every kernel: a multiply-add is 2 FLOPs;
/// bytes are device-memory (DRAM/HBM) traffic; softmax costs 5 FLOPs per element (max, subtract,
/// exp, sum, divide); normalisation constants per row (sqrt, reciprocal) are not counted.
struct KernelCost {
    std::string name;        ///< "gemm", "flash-attention", …
    std::string shape;       ///< the parameters as given ("M=4096,N=4096,K=4096,dtype=bf16")
    double flops = 0.0;
    double bytes = 0.0;
    std::string assumptions; ///< what the byte count assumes (reuse, caching, masking)
    /// Bytes the kernel keeps live (its footprint), when it differs from `bytes` because the
    /// formula re-reads data (gemm-naive, attention, flash-attention); 0: the same as `bytes`.
    double workingSetBytes = 0.0;
};

/// Whether the roofline's compute or bandwidth roof limits a kernel.
enum class Bound { Compute, Memory };

/// A kernel placed under one compute roof and one bandwidth roof.
struct KernelBound {
    double intensityFlopPerByte = 0.0;
    double attainableTflops = 0.0;
    double timeS = 0.0;           ///< lower bound: max(FLOPs / peak, bytes / bandwidth)
    Bound bound = Bound::Memory;
};

/// Places `cost` on a roofline of `peakTflops` (10^12 FLOP/s) and `bandwidthGBps` (10^9 B/s).
/// Both must be positive.
KernelBound boundOn(const KernelCost& cost, double peakTflops, double bandwidthGBps);

/// C[M,N] = A[M,K]·B[K,N]: 2MNK FLOPs; minimal traffic reads A and B once and writes C once:
/// MK·a + KN·b + MN·c bytes (a, b, c: bytes per element of A, B and C).
KernelCost gemm(double m, double n, double k, double aBytes, double bBytes, double cBytes);
/// The same product with no reuse: every output element reads its K-row of A and K-column of B
/// from memory: 2MNK·a + MN·c bytes.
KernelCost gemmNaive(double m, double n, double k, double inBytes, double outBytes);
/// y[M] = A[M,K]·x[K]: 2MK FLOPs, (MK + K)·a + M·c bytes.
KernelCost gemv(double m, double k, double inBytes, double outBytes);
/// One decode step of attention over a KV cache: batch b, h query heads, kvHeads KV heads, head
/// dim d, cached length l. FLOPs 4·b·h·l·d (QK^T and PV) + 5·b·h·l (softmax); bytes: K and V
/// read once, 2·b·kvHeads·l·d·kvBytes, plus q read and output written, 2·b·h·d·a.
KernelCost decodeAttention(double b, double h, double kvHeads, double d, double l, double kvBytes, double actBytes);
/// n outputs from `inputs` operands with `flopsPerElement` each: n·f FLOPs, n·(inputs + 1)·a bytes.
KernelCost elementwise(double n, double inputs, double flopsPerElement, double bytes);
/// Row softmax of rows × cols: 5·rows·cols FLOPs; read and write once, 2·rows·cols·a bytes.
KernelCost softmax(double rows, double cols, double bytes);
/// LayerNorm over rows × cols with scale and shift: 8 FLOPs per element (mean 1, variance 3,
/// normalise 2, affine 2); bytes 2·rows·cols·a + 2·cols·a (γ, β).
KernelCost layerNorm(double rows, double cols, double bytes);
/// RMSNorm over rows × cols with scale: 4 FLOPs per element (square, sum, scale, γ); bytes
/// 2·rows·cols·a + cols·a.
KernelCost rmsNorm(double rows, double cols, double bytes);
/// Direct 2-D convolution, NCHW input n×c×h×w, k filters of c×r×s, stride and zero padding:
/// output p×q with p = (h + 2·pad − r)/stride + 1; 2·n·k·p·q·c·r·s FLOPs; minimal traffic reads
/// input and filters once and writes the output once.
KernelCost conv2d(double n, double c, double h, double w, double k, double r, double s, double stride, double pad,
                  double bytes);
/// Standard attention forward (Dao et al., FlashAttention, NeurIPS 2022, Algorithm 0), batch b,
/// h heads, sequence s, head dim d, no mask: S = QK^T and P = softmax(S) are written to and read
/// back from memory. FLOPs 4·b·h·s²·d + 5·b·h·s²; bytes 4·b·h·s·d·a (Q, K, V, O) + 4·b·h·s²·a.
KernelCost standardAttention(double b, double h, double s, double d, double bytes);
/// FlashAttention forward (Dao et al. 2022, Algorithm 1), same FLOPs as standard attention;
/// scores stay on chip. Q is read and O written once; K and V are read once per block of
/// `blockRows` query rows: b·h·(2·s·d + 2·s·d·⌈s / blockRows⌉)·a bytes.
KernelCost flashAttention(double b, double h, double s, double d, double blockRows, double bytes);

/// Parses a kernel spec "name:KEY=value,…" (keys case-insensitive; `dtype=` picks the element
/// format, default `defaultDtype`) and computes its cost. Kernels and keys:
/// gemm|gemm-naive M,N,K; gemv M,K; decode-attention B,H,KVH,D,L[,kv=dtype]; elementwise
/// N[,inputs=2,flops=1]; softmax|layernorm|rmsnorm ROWS,COLS; conv2d N,C,H,W,K,R,S[,stride=1,pad=0];
/// attention|flash-attention B,H,S,D[,br=128]. Errors name the spec, the key and what is wrong.
Result<KernelCost> kernelFromSpec(std::string_view spec, std::string_view defaultDtype = "bf16");

/// A kernel spec split into its name and KEY=value pairs (values not yet checked).
struct KernelSpec {
    std::string name;                           ///< lower case ("gemm")
    std::map<std::string, std::string> params;  ///< lower-case key → value as written
    std::map<std::string, std::string> spelled; ///< lower-case key → the key as written (for messages)
};
/// Splits a spec; Error for an item that is not KEY=value or a key given twice.
Result<KernelSpec> parseKernelSpec(std::string_view spec);

/// The kernel names `kernelFromSpec` accepts.
std::vector<std::string_view> kernelNames();

/// "compute" or "memory".
std::string_view boundName(Bound bound);

} // namespace accelscope::models::roofline
