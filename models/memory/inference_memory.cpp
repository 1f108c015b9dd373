// SPDX-License-Identifier: MIT
// Inference memory from the transformer shape and the storage formats.
#include "models/memory/inference_memory.hpp"

#include "models/memory/device_fit.hpp"
#include "models/roofline/dtype.hpp"
#include "models/roofline/llm_analysis.hpp"

#include <algorithm>
#include <cmath>

namespace accelscope::models::memory {

using namespace roofline;

Result<InferenceMemory> inferenceMemory(const TransformerConfig& c, const InferenceMemoryInput& in)
{
    if (auto v = validateConfig(c); !v) return std::unexpected(v.error());
    if (in.batch <= 0) return fail(ErrorCode::InvalidArgument, "batch must be positive, got " + std::to_string(in.batch));
    if (in.promptTokens <= 0) return fail(ErrorCode::InvalidArgument, "prompt must be positive, got " + std::to_string(in.promptTokens));
    if (in.generatedTokens < 0) return fail(ErrorCode::InvalidArgument, "gen must be zero or positive, got " + std::to_string(in.generatedTokens));
    if (!(in.workspaceBytes >= 0.0) || !std::isfinite(in.workspaceBytes)) {
        return fail(ErrorCode::InvalidArgument, "workspace must be zero or a positive number of bytes");
    }
    if (auto v = validateTensorParallel(c, in.tensorParallel); !v) return std::unexpected(v.error());
    const auto w = dataTypeFromName(in.weights);
    if (!w) return fail(ErrorCode::InvalidArgument, "weights: " + w.error().message);
    const auto a = dataTypeFromName(in.activations);
    if (!a) return fail(ErrorCode::InvalidArgument, "activations: " + a.error().message);
    const auto kv = dataTypeFromName(in.kvCache);
    if (!kv) return fail(ErrorCode::InvalidArgument, "kv: " + kv.error().message);

    const int tp = in.tensorParallel;
    InferenceMemory out;
    out.modelWeightsBytes = countParameters(c).total * w->bytesPerElement;
    out.weightsBytes = weightElementsPerDevice(c, tp) * w->bytesPerElement;
    out.kvBytesPerToken = kvElementsPerToken(c) * kv->bytesPerElement;
    const double cached = cachedTokens(c, double(in.promptTokens) + in.generatedTokens);
    out.modelKvCacheBytes = in.batch * cached * out.kvBytesPerToken;
    const double kvSplit = c.usesMla() ? 1.0 : double(std::min(tp, c.kvHeads));
    out.kvCacheBytes = out.modelKvCacheBytes / kvSplit;

    const double t = double(in.batch) * in.promptTokens;
    const double h = c.hidden;
    const double gateUp = c.gatedFfn ? 3.0 : 2.0; // gate and up outputs plus the activation output (non-gated: up + act)
    const double ffnRows = c.isMoe() ? t * (c.moe.topK + c.moe.sharedExperts) : t;
    const double ffnWidth = double(c.isMoe() ? std::max(c.moe.expertFfn, c.moe.denseLayers > 0 ? c.ffn : 0) : c.ffn) / tp;
    const double qkvWidth = c.usesMla() ? double(c.heads) / tp * (2.0 * (c.mla.qkNopeHeadDim + c.mla.qkRopeHeadDim) + c.mla.vHeadDim)
                                        : (double(c.heads) / tp + 2.0 * std::max(1.0, double(c.kvHeads) / tp)) * c.headDim;
    const double widest = std::max(t * qkvWidth, ffnRows * gateUp * ffnWidth);
    out.activationsBytes = (2.0 * t * h + widest) * a->bytesPerElement + in.batch * double(c.vocab) / tp * 4.0;
    out.activationFormula = "(2·T·h + max(T·qkv_width, rows·" + std::string(c.gatedFfn ? "3" : "2") +
                            "·ffn/tp))·act_bytes + batch·vocab/tp·4 (FP32 logits), T = batch·prompt; an estimate";
    out.workspaceBytes = in.workspaceBytes;
    out.totalBytes = out.weightsBytes + out.kvCacheBytes + out.activationsBytes + out.workspaceBytes;
    return out;
}

Result<LlmFit> llmFitOnDevice(const roofline::TransformerConfig& config, const InferenceMemoryInput& input,
                              const catalog::Device& device)
{
    const auto gb = device.value(catalog::FigureKey::MemoryGb);
    if (!gb) return fail(ErrorCode::NotFound, "device '" + device.id + "' has no memory_gb figure");
    const auto m = inferenceMemory(config, input);
    if (!m) return std::unexpected(m.error());
    LlmFit f;
    f.needBytes = m->totalBytes;
    f.capacityBytes = *gb * 1e9;
    f.fits = fitsOnDevice(device, f.needBytes);
    if (!f.fits) f.text = doesNotFitText(f.needBytes, f.capacityBytes);
    return f;
}

} // namespace accelscope::models::memory
