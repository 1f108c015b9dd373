// SPDX-License-Identifier: MIT
// The roofline chart's kernel vocabulary: kinds with a size and a batch, mapped onto models/roofline/kernels.
#pragma once

#include "models/common/result.hpp"
#include "models/roofline/kernels.hpp"

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace accelscope::models::roofline {

/// Kernels the roofline chart offers; `size` and `batch` map onto each kernel's shape (see kernelCost).
enum class KernelKind { Gemm, DecodeGemv, GemmNaive, DecodeAttention, FlashAttention, StandardAttention, Softmax, RmsNorm,
                        LayerNorm, Elementwise, Conv2d };

/// One kernel of the chart: a kind, two sizes (elements, see kernelSizeMeaning/kernelBatchMeaning),
/// the element format (any dataTypeFromName name; it picks bytes per element and the compute roof).
struct KernelEntry {
    KernelKind kind = KernelKind::Gemm;
    int size = 4096;
    int batch = 4096;
    std::string dtype = "bf16";
    bool visible = true;
};

/// Display name: "GEMM", "decode GEMV", …
const char* kernelKindName(KernelKind kind);
/// Command-line name: "gemm", "decode-gemv", "gemm-naive", "decode-attention", "flash-attention",
/// "standard-attention", "softmax", "rmsnorm", "layernorm", "elementwise", "conv2d".
const char* kernelKindId(KernelKind kind);
/// The kind named by kernelKindId (or kernelKindName); nullopt for anything else.
std::optional<KernelKind> kernelKindFromName(std::string_view name);
/// What `size` means for the kind ("N = K (weights)", "L (cached tokens)", …).
const char* kernelSizeMeaning(KernelKind kind);
/// What `batch` means for the kind ("M (tokens)", "rows", …).
const char* kernelBatchMeaning(KernelKind kind);
/// Short label of an entry as the chart writes it: "GEMM 4096^3 bf16", "decode GEMV b=1 4096x4096 bf16".
std::string kernelLabel(const KernelEntry& entry);

/// FLOPs and device-memory bytes of the entry, from models/roofline/kernels (GEMM M = batch,
/// N = K = size; attention with Llama-3-8B-like heads: 32 query heads, 8 KV heads, head dim 128;
/// conv2d on a 56 × 56 image, 3 × 3 filter). Error for an unknown dtype or sizes the formula refuses.
Result<KernelCost> kernelCost(const KernelEntry& entry);

/// The element formats the Roofline page's kernel controls offer, in menu order (each a dataTypeFromName name
/// whose compute precision the catalog has roofs for: FP32, TF32, BF16, FP16, FP8, FP4, INT8).
std::span<const std::string_view> kernelDataTypes();

/// What the Roofline page's kernel controls reach: `size` 1 … kernelSizeMax, `batch` 1 … kernelBatchMax.
constexpr int kernelSizeMax = 65536;
constexpr int kernelBatchMax = 16384;

/// The chart entry for a kernel spec ("gemm:M=256,N=256,K=256", see kernelFromSpec), so its size
/// stays adjustable with the chart's controls. Error when the spec is invalid or the controls
/// cannot express it (a GEMM with N ≠ K, conv2d, a size past kernelSizeMax or a batch past
/// kernelBatchMax, …); the entry's cost equals the spec's.
Result<KernelEntry> kernelEntryFromSpec(std::string_view spec);
/// The kernel spec of an entry, for the kinds a spec can express (kernelEntryFromSpec's inverse:
/// the spec gives back the same entry); nothing for attention, conv2d and the other kinds.
std::optional<std::string> kernelEntrySpec(const KernelEntry& entry);

/// An entry written as "kind:size:batch[:dtype]" ("decode-gemv:4096:1:bf16"; kind as kernelKindId,
/// sizes positive whole numbers, dtype bf16 when left out), the way the CLI names the chart's
/// kernels. Error InvalidArgument naming the bad part.
Result<KernelEntry> parseKernelEntry(std::string_view text);

} // namespace accelscope::models::roofline
