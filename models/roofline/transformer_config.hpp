// SPDX-License-Identifier: MIT
// A decoder-only transformer's shape (dense, GQA/MQA, MoE, MLA) and what follows from it alone.
#pragma once

#include "models/common/result.hpp"

#include <string>

namespace accelscope::models::roofline {

/// RMSNorm (γ only) or LayerNorm (γ and β).
enum class NormKind { Rms, Layer };

/// Mixture of experts; `experts == 0` means a dense model.
struct MoeConfig {
    int experts = 0;        ///< routed experts per MoE layer
    int topK = 0;           ///< routed experts per token
    int sharedExperts = 0;  ///< experts every token passes through (DeepSeek)
    int expertFfn = 0;      ///< intermediate size of one expert
    int denseLayers = 0;    ///< the first layers use a dense FFN of size `ffn` (DeepSeek first_k_dense_replace)
};

/// Multi-head latent attention (DeepSeek-V2/V3); `kvLoraRank == 0` means standard attention.
struct MlaConfig {
    int qLoraRank = 0;      ///< 0: queries projected directly from the hidden state
    int kvLoraRank = 0;     ///< latent size cached per token and layer
    int qkNopeHeadDim = 0;
    int qkRopeHeadDim = 0;  ///< the decoupled RoPE key, cached per token and layer (shared by all heads)
    int vHeadDim = 0;
};

/// A decoder-only transformer. Sizes are element counts.
struct TransformerConfig {
    std::string id;          ///< preset id or user name
    std::string name;
    std::string sourceUrl;   ///< where the configuration comes from (HF config.json, paper)
    std::string sourceWhere;
    int layers = 0;
    int hidden = 0;
    int heads = 0;
    int kvHeads = 0;         ///< = heads: MHA; 1: MQA; between: GQA
    int headDim = 0;
    int ffn = 0;             ///< intermediate size of a dense FFN
    bool gatedFfn = true;    ///< SwiGLU-style: gate, up and down projections
    int vocab = 0;
    bool tiedEmbeddings = false;
    NormKind norm = NormKind::Rms;
    bool qkvBias = false;    ///< biases on Q, K, V projections (Qwen2, GPT-3)
    bool linearBias = false; ///< biases on the output and FFN projections (GPT-3)
    int positionEmbeddings = 0; ///< learned position table rows (GPT-3: 2048); 0 for RoPE
    int slidingWindow = 0;      ///< 0: full attention; else attention span and KV cache cap in tokens
    MoeConfig moe;
    MlaConfig mla;

    /// Whether the model has routed experts.
    bool isMoe() const { return moe.experts > 0; }
    /// Whether attention is multi-head latent attention.
    bool usesMla() const { return mla.kvLoraRank > 0; }
    /// Whether layer `layer` (0-based) has routed experts.
    bool isMoeLayer(int layer) const { return isMoe() && layer >= moe.denseLayers; }
};

/// Checks every size is positive and consistent (heads divisible by KV heads, top-k ≤ experts,
/// MLA dims present together). The message names the field.
Result<void> validateConfig(const TransformerConfig& config);

/// Parameter counts (elements), exact for the architecture described.
struct ParameterCount {
    double total = 0.0;
    double activePerToken = 0.0; ///< MoE: parameters one token passes through (top-k + shared experts)
    double embedding = 0.0;      ///< input embedding + position table + untied output head
    double attention = 0.0;      ///< all layers
    double ffn = 0.0;            ///< all layers, all experts, routers
    double norms = 0.0;
};

/// Counts every weight and bias: embeddings, attention (or MLA), FFN or experts + router, norms
/// (RMSNorm: γ; LayerNorm: γ and β; two per layer plus a final one).
ParameterCount countParameters(const TransformerConfig& config);

/// KV-cache elements per token over all layers: 2·layers·kvHeads·headDim, or with MLA
/// layers·(kvLoraRank + qkRopeHeadDim).
double kvElementsPerToken(const TransformerConfig& config);

/// Tokens of context one sequence keeps in its KV cache: min(context, slidingWindow) when windowed.
double cachedTokens(const TransformerConfig& config, double contextTokens);

/// Narayanan et al., "Efficient Large-Scale Language Model Training on GPU Clusters Using
/// Megatron-LM", SC21, section 5.1: P = 12·l·h²·(1 + 13/(12h) + (V + s)/(12·l·h)) for GPT-style
/// models (LayerNorm, biases, 4h MLP, learned positions; the final LayerNorm is not counted).
double megatronParameterCount(double layers, double hidden, double vocab, double sequence);

} // namespace accelscope::models::roofline
