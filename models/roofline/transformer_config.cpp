// SPDX-License-Identifier: MIT
// Validation and parameter counting for TransformerConfig.
#include "models/roofline/transformer_config.hpp"

namespace accelscope::models::roofline {
namespace {

Result<void> positive(const std::string& field, int value)
{
    if (value > 0) return {};
    return fail(ErrorCode::InvalidArgument, field + " must be positive, got " + std::to_string(value));
}

struct LayerParams {
    double attention = 0.0;
    double ffn = 0.0;
    double activeFfn = 0.0;
    double norms = 0.0;
};

double attentionParams(const TransformerConfig& c)
{
    const double h = c.hidden;
    const double outBias = c.linearBias ? h : 0.0;
    if (c.usesMla()) {
        const auto& m = c.mla;
        const double qk = m.qkNopeHeadDim + m.qkRopeHeadDim;
        const double normW = c.norm == NormKind::Rms ? 1.0 : 2.0;
        const double q = m.qLoraRank > 0 ? h * m.qLoraRank + normW * m.qLoraRank + m.qLoraRank * c.heads * qk
                                         : h * c.heads * qk;
        const double kv = h * (m.kvLoraRank + m.qkRopeHeadDim) + normW * m.kvLoraRank +
                          double(m.kvLoraRank) * c.heads * (m.qkNopeHeadDim + m.vHeadDim);
        return q + kv + double(c.heads) * m.vHeadDim * h + outBias;
    }
    const double q = double(c.heads) * c.headDim;
    const double kv = double(c.kvHeads) * c.headDim;
    const double bias = c.qkvBias ? q + 2 * kv : 0.0;
    return h * (q + 2 * kv) + bias + q * h + outBias;
}

double ffnParams(const TransformerConfig& c, double size)
{
    const double h = c.hidden;
    const double matrices = c.gatedFfn ? 3.0 : 2.0;
    const double bias = c.linearBias ? (c.gatedFfn ? 2 * size : size) + h : 0.0;
    return matrices * h * size + bias;
}

LayerParams layerParams(const TransformerConfig& c, int layer)
{
    LayerParams p;
    p.attention = attentionParams(c);
    p.norms = 2.0 * c.hidden * (c.norm == NormKind::Rms ? 1.0 : 2.0);
    if (c.isMoeLayer(layer)) {
        const double expert = ffnParams(c, c.moe.expertFfn);
        const double router = double(c.hidden) * c.moe.experts;
        p.ffn = expert * (c.moe.experts + c.moe.sharedExperts) + router;
        p.activeFfn = expert * (c.moe.topK + c.moe.sharedExperts) + router;
    } else {
        p.ffn = ffnParams(c, c.ffn);
        p.activeFfn = p.ffn;
    }
    return p;
}

} // namespace

Result<void> validateConfig(const TransformerConfig& c)
{
    for (const auto& [field, value] : {std::pair<const char*, int>{"layers", c.layers}, {"hidden", c.hidden},
                                       {"heads", c.heads}, {"kv_heads", c.kvHeads}, {"head_dim", c.headDim},
                                       {"ffn", c.ffn}, {"vocab", c.vocab}}) {
        if (auto r = positive(field, value); !r) return r;
    }
    if (c.kvHeads > c.heads || c.heads % c.kvHeads != 0) {
        return fail(ErrorCode::InvalidArgument, "heads " + std::to_string(c.heads) + " not divisible by kv_heads " +
                                                    std::to_string(c.kvHeads));
    }
    if (c.slidingWindow < 0 || c.positionEmbeddings < 0) {
        return fail(ErrorCode::InvalidArgument, "sliding_window and position_embeddings must be zero or positive");
    }
    if (c.moe.experts < 0) return fail(ErrorCode::InvalidArgument, "moe.experts must be zero or positive");
    if (c.isMoe()) {
        if (auto r = positive("moe.top_k", c.moe.topK); !r) return r;
        if (auto r = positive("moe.expert_ffn", c.moe.expertFfn); !r) return r;
        if (c.moe.topK > c.moe.experts) {
            return fail(ErrorCode::InvalidArgument, "moe.top_k " + std::to_string(c.moe.topK) + " exceeds moe.experts " +
                                                        std::to_string(c.moe.experts));
        }
        if (c.moe.sharedExperts < 0 || c.moe.denseLayers < 0 || c.moe.denseLayers > c.layers) {
            return fail(ErrorCode::InvalidArgument, "moe.shared_experts and moe.dense_layers must be in range (0..layers)");
        }
    }
    if (c.mla.kvLoraRank < 0 || c.mla.qLoraRank < 0) return fail(ErrorCode::InvalidArgument, "mla ranks must be zero or positive");
    if (c.usesMla()) {
        if (auto r = positive("mla.qk_nope_head_dim", c.mla.qkNopeHeadDim); !r) return r;
        if (auto r = positive("mla.qk_rope_head_dim", c.mla.qkRopeHeadDim); !r) return r;
        if (auto r = positive("mla.v_head_dim", c.mla.vHeadDim); !r) return r;
    }
    return {};
}

ParameterCount countParameters(const TransformerConfig& c)
{
    ParameterCount out;
    const double h = c.hidden;
    out.embedding = double(c.vocab) * h * (c.tiedEmbeddings ? 1.0 : 2.0) + double(c.positionEmbeddings) * h;
    double activeFfn = 0.0;
    // Layers are of at most two kinds (dense, MoE): count one of each and multiply.
    const int dense = c.isMoe() ? c.moe.denseLayers : c.layers;
    for (const auto& [count, layer] : {std::pair{dense, 0}, std::pair{c.layers - dense, c.layers - 1}}) {
        if (count <= 0) continue;
        const LayerParams p = layerParams(c, layer);
        out.attention += count * p.attention;
        out.ffn += count * p.ffn;
        out.norms += count * p.norms;
        activeFfn += count * p.activeFfn;
    }
    out.norms += h * (c.norm == NormKind::Rms ? 1.0 : 2.0);
    out.total = out.embedding + out.attention + out.ffn + out.norms;
    out.activePerToken = out.total - out.ffn + activeFfn;
    return out;
}

double kvElementsPerToken(const TransformerConfig& c)
{
    if (c.usesMla()) return double(c.layers) * (c.mla.kvLoraRank + c.mla.qkRopeHeadDim);
    return 2.0 * c.layers * c.kvHeads * c.headDim;
}

double cachedTokens(const TransformerConfig& c, double contextTokens)
{
    return c.slidingWindow > 0 && contextTokens > c.slidingWindow ? double(c.slidingWindow) : contextTokens;
}

double megatronParameterCount(double l, double h, double v, double s)
{
    return 12.0 * l * h * h * (1.0 + 13.0 / (12.0 * h) + (v + s) / (12.0 * l * h));
}

} // namespace accelscope::models::roofline
