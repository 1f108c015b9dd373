// SPDX-License-Identifier: MIT
// The roofline chart's kernel vocabulary: kinds with a size and a batch, mapped onto models/roofline/kernels.
#include "models/roofline/kernel_catalog.hpp"

#include "models/roofline/dtype.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace accelscope::models::roofline {
namespace {

constexpr KernelKind allKinds[] = {KernelKind::Gemm,           KernelKind::DecodeGemv,        KernelKind::GemmNaive,
                                   KernelKind::DecodeAttention, KernelKind::FlashAttention,   KernelKind::StandardAttention,
                                   KernelKind::Softmax,         KernelKind::RmsNorm,          KernelKind::LayerNorm,
                                   KernelKind::Elementwise,     KernelKind::Conv2d};

std::optional<int> positive(std::string_view text)
{
    int v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc{} || end != text.data() + text.size() || v <= 0) return std::nullopt;
    return v;
}

} // namespace

const char* kernelKindName(KernelKind kind)
{
    switch (kind) {
    case KernelKind::Gemm: return "GEMM";
    case KernelKind::DecodeGemv: return "decode GEMV";
    case KernelKind::GemmNaive: return "naive GEMM";
    case KernelKind::DecodeAttention: return "decode attention";
    case KernelKind::FlashAttention: return "FlashAttention";
    case KernelKind::StandardAttention: return "standard attention";
    case KernelKind::Softmax: return "softmax";
    case KernelKind::RmsNorm: return "RMSNorm";
    case KernelKind::LayerNorm: return "LayerNorm";
    case KernelKind::Elementwise: return "elementwise add";
    case KernelKind::Conv2d: return "conv2d 3x3";
    }
    return "?";
}

const char* kernelKindId(KernelKind kind)
{
    switch (kind) {
    case KernelKind::Gemm: return "gemm";
    case KernelKind::DecodeGemv: return "decode-gemv";
    case KernelKind::GemmNaive: return "gemm-naive";
    case KernelKind::DecodeAttention: return "decode-attention";
    case KernelKind::FlashAttention: return "flash-attention";
    case KernelKind::StandardAttention: return "standard-attention";
    case KernelKind::Softmax: return "softmax";
    case KernelKind::RmsNorm: return "rmsnorm";
    case KernelKind::LayerNorm: return "layernorm";
    case KernelKind::Elementwise: return "elementwise";
    case KernelKind::Conv2d: return "conv2d";
    }
    return "?";
}

std::optional<KernelKind> kernelKindFromName(std::string_view name)
{
    for (const KernelKind k : allKinds) {
        if (name == kernelKindId(k) || name == kernelKindName(k)) return k;
    }
    return std::nullopt;
}

const char* kernelSizeMeaning(KernelKind kind)
{
    switch (kind) {
    case KernelKind::Gemm:
    case KernelKind::GemmNaive:
    case KernelKind::DecodeGemv: return "N = K (weights)";
    case KernelKind::DecodeAttention: return "L (cached tokens)";
    case KernelKind::FlashAttention:
    case KernelKind::StandardAttention: return "S (sequence)";
    case KernelKind::Conv2d: return "C = K (channels)";
    case KernelKind::Elementwise: return "elements / batch";
    default: return "columns";
    }
}

const char* kernelBatchMeaning(KernelKind kind)
{
    switch (kind) {
    case KernelKind::Gemm:
    case KernelKind::GemmNaive: return "M (tokens)";
    case KernelKind::DecodeGemv: return "batch (tokens)";
    case KernelKind::Softmax:
    case KernelKind::RmsNorm:
    case KernelKind::LayerNorm: return "rows";
    default: return "batch";
    }
}

std::string kernelLabel(const KernelEntry& k)
{
    char buf[96];
    switch (k.kind) {
    case KernelKind::Gemm:
        if (k.batch == k.size) std::snprintf(buf, sizeof buf, "GEMM %d^3", k.size);
        else std::snprintf(buf, sizeof buf, "GEMM M=%d N=K=%d", k.batch, k.size);
        break;
    case KernelKind::DecodeGemv: std::snprintf(buf, sizeof buf, "decode GEMV b=%d %dx%d", k.batch, k.size, k.size); break;
    default: std::snprintf(buf, sizeof buf, "%s %d/%d", kernelKindName(k.kind), k.size, k.batch);
    }
    return std::string(buf) + " " + k.dtype;
}

Result<KernelCost> kernelCost(const KernelEntry& k)
{
    const auto type = dataTypeFromName(k.dtype);
    if (!type) return std::unexpected(type.error());
    const double a = type->bytesPerElement;
    const double n = k.size;
    const double b = k.batch;
    switch (k.kind) {
    case KernelKind::Gemm: return gemm(b, n, n, a, a, a);
    case KernelKind::DecodeGemv: return k.batch == 1 ? gemv(n, n, a, a) : gemm(b, n, n, a, a, a);
    case KernelKind::GemmNaive: return gemmNaive(b, n, n, a, a);
    // Llama-3-8B-like heads: 32 query heads, 8 KV heads, head dim 128.
    case KernelKind::DecodeAttention: return decodeAttention(b, 32, 8, 128, n, a, a);
    case KernelKind::FlashAttention: return flashAttention(b, 32, n, 128, 128, a);
    case KernelKind::StandardAttention: return standardAttention(b, 32, n, 128, a);
    case KernelKind::Softmax: return softmax(b, n, a);
    case KernelKind::RmsNorm: return rmsNorm(b, n, a);
    case KernelKind::LayerNorm: return layerNorm(b, n, a);
    case KernelKind::Elementwise: return elementwise(b * n, 2, 1, a);
    case KernelKind::Conv2d: return conv2d(b, n, 56, 56, n, 3, 3, 1, 1, a);
    }
    return fail(ErrorCode::InvalidArgument, "unknown kernel");
}

std::optional<std::string> kernelEntrySpec(const KernelEntry& e)
{
    const std::string size = std::to_string(e.size), batch = std::to_string(e.batch), dtype = ",dtype=" + e.dtype;
    switch (e.kind) {
    case KernelKind::Gemm:
    case KernelKind::GemmNaive:
        return std::string(e.kind == KernelKind::Gemm ? "gemm" : "gemm-naive") + ":M=" + batch + ",N=" + size + ",K=" + size + dtype;
    case KernelKind::DecodeGemv: return "gemv:M=" + size + ",K=" + size + dtype;
    case KernelKind::Softmax: return "softmax:rows=" + batch + ",cols=" + size + dtype;
    case KernelKind::LayerNorm: return "layernorm:rows=" + batch + ",cols=" + size + dtype;
    case KernelKind::RmsNorm: return "rmsnorm:rows=" + batch + ",cols=" + size + dtype;
    case KernelKind::Elementwise: return "elementwise:n=" + size + dtype;
    default: return std::nullopt;
    }
}

namespace {
constexpr std::array<std::string_view, 7> kernelDataTypeList{"fp32", "tf32", "bf16", "fp16", "fp8", "fp4", "int8"};
} // namespace

std::span<const std::string_view> kernelDataTypes() { return kernelDataTypeList; }

Result<KernelEntry> kernelEntryFromSpec(std::string_view spec)
{
    const auto cost = kernelFromSpec(spec);
    if (!cost) return std::unexpected(cost.error());
    auto parsed = parseKernelSpec(spec);
    if (!parsed) return std::unexpected(parsed.error());
    auto& keys = parsed->params;
    const std::string& name = parsed->name;
    const auto number = [&](const char* key) { return keys.contains(key) ? std::atoi(keys[key].c_str()) : 0; };
    KernelEntry e;
    if (keys.contains("dtype")) e.dtype = keys["dtype"];
    if (name == "gemm" || name == "gemm-naive") {
        e.kind = name == "gemm" ? KernelKind::Gemm : KernelKind::GemmNaive;
        e.batch = number("m");
        e.size = number("n");
    } else if (name == "gemv") {
        e.kind = KernelKind::DecodeGemv;
        e.size = number("m");
        e.batch = 1;
    } else if (name == "softmax" || name == "layernorm" || name == "rmsnorm") {
        e.kind = name == "softmax" ? KernelKind::Softmax : name == "layernorm" ? KernelKind::LayerNorm : KernelKind::RmsNorm;
        e.batch = number("rows");
        e.size = number("cols");
    } else if (name == "elementwise") {
        e.kind = KernelKind::Elementwise;
        e.size = number("n");
        e.batch = 1;
    }
    // The entry must cost exactly what the spec does (this also refuses N ≠ K, extra keys, …).
    const auto mine = e.size > 0 && e.batch > 0 ? kernelCost(e) : Result<KernelCost>(std::unexpected(Error{}));
    const auto same = [](double a, double b) { return std::abs(a - b) <= 1e-9 * std::max(std::abs(a), std::abs(b)); };
    if (!mine || !same(mine->flops, cost->flops) || !same(mine->bytes, cost->bytes)) {
        return fail(ErrorCode::InvalidArgument,
                    "the chart's kernel controls cannot show '" + std::string(spec) +
                        "' (they take gemm and gemm-naive with N = K, gemv with M = K, softmax, layernorm, rmsnorm, elementwise)");
    }
    if (e.size > kernelSizeMax || e.batch > kernelBatchMax) {
        return fail(ErrorCode::InvalidArgument, "the chart's kernel controls reach a size of " + std::to_string(kernelSizeMax) +
                                                    " and a batch of " + std::to_string(kernelBatchMax) + ", not '" + std::string(spec) + "'");
    }
    return e;
}

Result<KernelEntry> parseKernelEntry(std::string_view text)
{
    std::vector<std::string_view> parts;
    for (std::size_t start = 0;;) {
        const std::size_t colon = text.find(':', start);
        parts.push_back(text.substr(start, colon == std::string_view::npos ? std::string_view::npos : colon - start));
        if (colon == std::string_view::npos) break;
        start = colon + 1;
    }
    const std::string quoted = "'" + std::string(text) + "'";
    if (parts.size() < 3 || parts.size() > 4) {
        return fail(ErrorCode::InvalidArgument, "kernel entry " + quoted + " is not kind:size:batch[:dtype]");
    }
    const auto kind = kernelKindFromName(parts[0]);
    if (!kind) {
        std::string known;
        for (const KernelKind k : allKinds) known += (known.empty() ? "" : ", ") + std::string(kernelKindId(k));
        return fail(ErrorCode::InvalidArgument, "kernel entry " + quoted + ": unknown kind '" + std::string(parts[0]) + "' (" + known + ")");
    }
    const auto size = positive(parts[1]);
    const auto batch = positive(parts[2]);
    if (!size || !batch) {
        return fail(ErrorCode::InvalidArgument, "kernel entry " + quoted + ": " + (!size ? "size" : "batch") + " must be a positive whole number");
    }
    KernelEntry e{*kind, *size, *batch, parts.size() == 4 ? std::string(parts[3]) : std::string("bf16"), true};
    if (const auto type = dataTypeFromName(e.dtype); !type) return std::unexpected(type.error());
    return e;
}

} // namespace accelscope::models::roofline
