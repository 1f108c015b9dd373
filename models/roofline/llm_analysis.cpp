// SPDX-License-Identifier: MIT
// Prefill and decode ops of a transformer on a roofline; alpha-beta ring all-reduce for TP.
#include "models/roofline/llm_analysis.hpp"

#include "models/roofline/dtype.hpp"
#include "models/roofline/roof_selection.hpp"
#include "models/system/fabric/collectives.hpp"

#include <algorithm>
#include <cmath>

namespace accelscope::models::roofline {
namespace {

// FLOPs per element of the FFN activation: SwiGLU silu(g)·u = 5 (negate, exp, add, divide, multiply),
// GELU in its tanh form counted as 8. A stated convention; these ops are memory bound either way.
constexpr double swigluFlops = 5.0;
constexpr double geluFlops = 8.0;
constexpr double softmaxFlops = 5.0;

struct Bytes {
    double w = 2.0; // weights
    double a = 2.0; // activations
    double kv = 2.0;
};

struct Step {
    bool prefill = true;
    double sequences = 1.0;
    double queryTokens = 1.0;   // new tokens per sequence in this step
    double attendedPairs = 1.0; // (query, key) pairs per sequence and head
    double newKvTokens = 1.0;   // tokens written to the cache per sequence
    double tokens() const { return sequences * queryTokens; }
};

class StepBuilder {
public:
    StepBuilder(const TransformerConfig& c, const LlmWorkload& w, const LlmHardware& hw, Bytes b)
        : m_c(c), m_w(w), m_hw(hw), m_b(b), m_tp(w.tensorParallel)
    {
    }

    LlmPhase build(const Step& s) const
    {
        LlmPhase p;
        const double t = s.tokens();
        add(p, "embedding", 1, {"embedding", "", 0.0, 2 * t * m_c.hidden * m_b.a, "gather one row per token, write it"});
        const int dense = m_c.isMoe() ? m_c.moe.denseLayers : m_c.layers;
        const int moe = m_c.layers - dense;
        layerOps(p, s, dense, false);
        layerOps(p, s, moe, true);
        // Only the last position of each sequence needs logits (prefill); decode has one row per sequence.
        add(p, "final_norm", 1, norm(s.sequences));
        add(p, "lm_head", 1, linear(s.sequences, m_c.hidden, m_c.vocab / double(m_tp), double(m_c.hidden) * m_c.vocab / m_tp));
        finish(p, s);
        return p;
    }

private:
    void add(LlmPhase& p, std::string name, int count, KernelCost cost) const
    {
        if (count <= 0) return;
        cost.name = name;
        LlmOp op{std::move(name), count, std::move(cost), {}, 0.0};
        op.bound = boundOn(op.cost, m_hw.peakTflops, m_hw.memoryBandwidthGBps);
        op.totalTimeS = count * op.bound.timeS;
        p.ops.push_back(std::move(op));
    }

    KernelCost linear(double rows, double in, double out, double weightElements, double flopsScale = 1.0) const
    {
        return {"", "", 2 * rows * in * out * flopsScale, rows * in * flopsScale * m_b.a + weightElements * m_b.w + rows * out * flopsScale * m_b.a,
                "activations read once, weights read once, output written once"};
    }

    KernelCost norm(double rows) const
    {
        KernelCost k = m_c.norm == NormKind::Rms ? rmsNorm(rows, m_c.hidden, m_b.a) : layerNorm(rows, m_c.hidden, m_b.a);
        return k;
    }

    double kvHeadsPerDevice() const
    {
        return m_c.kvHeads >= m_tp ? double(m_c.kvHeads) / m_tp : 1.0; // replicated when tp > kv heads
    }

    void layerOps(LlmPhase& p, const Step& s, int count, bool moeLayer) const
    {
        if (count <= 0) return;
        const double t = s.tokens();
        const double h = m_c.hidden;
        add(p, "attn_norm", count, norm(t));
        if (m_c.usesMla()) mlaOps(p, s, count);
        else attentionOps(p, s, count);
        add(p, "residual_add", 2 * count, elementwise(t * h, 2, 1, m_b.a));
        add(p, "ffn_norm", count, norm(t));
        const double gateUp = m_c.gatedFfn ? 2.0 : 1.0;
        const double actFlops = m_c.gatedFfn ? swigluFlops : geluFlops;
        if (!moeLayer) {
            const double f = m_c.ffn / double(m_tp);
            add(p, m_c.gatedFfn ? "ffn_gate_up" : "ffn_up", count, linear(t, h, gateUp * f, h * gateUp * f));
            add(p, "ffn_act", count, elementwise(t * f, gateUp, actFlops, m_b.a));
            add(p, "ffn_down", count, linear(t, f, h, f * h));
            return;
        }
        const auto& moe = m_c.moe;
        const double f = moe.expertFfn / double(m_tp);
        // Distinct routed experts a step touches, tokens routed independently and uniformly:
        // E·(1 − (1 − k/E)^T). Prefill with many tokens touches all of them.
        const double touched = moe.experts * (1.0 - std::pow(1.0 - double(moe.topK) / moe.experts, t)) + moe.sharedExperts;
        const double rows = t * (moe.topK + moe.sharedExperts);
        add(p, "router", count, linear(t, h, moe.experts, h * moe.experts));
        add(p, m_c.gatedFfn ? "experts_gate_up" : "experts_up", count, linear(rows, h, gateUp * f, touched * h * gateUp * f));
        add(p, "experts_act", count, elementwise(rows * f, gateUp, actFlops, m_b.a));
        add(p, "experts_down", count, linear(rows, f, h, touched * f * h));
    }

    void attentionOps(LlmPhase& p, const Step& s, int count) const
    {
        const double t = s.tokens();
        const double h = m_c.hidden;
        const double d = m_c.headDim;
        const double heads = double(m_c.heads) / m_tp;
        const double kvh = kvHeadsPerDevice();
        const double qkvOut = (heads + 2 * kvh) * d;
        KernelCost qkv = linear(t, h, qkvOut, h * qkvOut);
        add(p, "qkv_proj", count, qkv);
        const double pairs = s.sequences * heads * s.attendedPairs;
        KernelCost att{"", "", pairs * (4 * d + softmaxFlops), 0.0, ""};
        const double kvWrite = s.sequences * s.newKvTokens * 2 * kvh * d * m_b.kv;
        if (s.prefill) {
            // FlashAttention-style: Q, K, V read once, O written once, causal mask; scores stay on chip.
            att.bytes = t * (heads * d + 2 * kvh * d + heads * d) * m_b.a + kvWrite;
            att.assumptions = "causal; FlashAttention with ideal on-chip reuse; new K, V written to the cache";
        } else {
            const double keys = s.attendedPairs; // cached tokens attended by the one new query
            att.bytes = s.sequences * keys * 2 * kvh * d * m_b.kv + 2 * t * heads * d * m_b.a + kvWrite;
            att.assumptions = "K and V cache read once per step; query heads of a group share their KV head";
        }
        add(p, "attention", count, att);
        add(p, "out_proj", count, linear(t, heads * d, h, heads * d * h));
    }

    void mlaOps(LlmPhase& p, const Step& s, int count) const
    {
        const auto& m = m_c.mla;
        const double t = s.tokens();
        const double h = m_c.hidden;
        const double heads = double(m_c.heads) / m_tp;
        const double qk = m.qkNopeHeadDim + m.qkRopeHeadDim;
        const double latent = m.kvLoraRank + m.qkRopeHeadDim; // cached per token and layer
        if (m.qLoraRank > 0) {
            add(p, "q_down", count, linear(t, h, m.qLoraRank, h * m.qLoraRank));
            add(p, "q_up", count, linear(t, m.qLoraRank, heads * qk, m.qLoraRank * heads * qk));
        } else {
            add(p, "q_proj", count, linear(t, h, heads * qk, h * heads * qk));
        }
        add(p, "kv_down", count, linear(t, h, latent, h * latent));
        const double kvWrite = s.sequences * s.newKvTokens * latent * m_b.kv;
        const double pairs = s.sequences * heads * s.attendedPairs;
        if (s.prefill) {
            const double upOut = heads * (m.qkNopeHeadDim + m.vHeadDim);
            add(p, "kv_up", count, linear(t, m.kvLoraRank, upOut, m.kvLoraRank * upOut));
            KernelCost att{"", "", pairs * (2 * qk + 2 * m.vHeadDim + softmaxFlops),
                           t * heads * (2 * qk + m.vHeadDim + m.vHeadDim) * m_b.a + kvWrite,
                           "causal; FlashAttention on up-projected K, V; the latent is written to the cache"};
            add(p, "attention", count, att);
        } else {
            // Weight absorption (DeepSeek-V2 paper, section 2.1.2): W_UK folds into the query and W_UV
            // into the output, so attention runs over the cached latent, shared by all heads.
            add(p, "q_absorb", count, linear(t, m.qkNopeHeadDim, m.kvLoraRank, heads * m.qkNopeHeadDim * m.kvLoraRank, heads));
            KernelCost att{"", "", pairs * (2 * latent + 2 * m.kvLoraRank + softmaxFlops),
                           s.sequences * s.attendedPairs * latent * m_b.kv + t * heads * (latent + m.kvLoraRank) * m_b.a + kvWrite,
                           "absorbed MLA: the latent cache is read once per step and shared by all heads"};
            add(p, "attention", count, att);
            add(p, "v_up", count, linear(t, m.kvLoraRank, m.vHeadDim, heads * m.kvLoraRank * m.vHeadDim, heads));
        }
        add(p, "out_proj", count, linear(t, heads * m.vHeadDim, h, heads * m.vHeadDim * h));
    }

    void finish(LlmPhase& p, const Step& s) const
    {
        double opTime = 0.0;
        for (const auto& op : p.ops) {
            p.flops += op.count * op.cost.flops;
            p.bytes += op.count * op.cost.bytes;
            opTime += op.totalTimeS;
        }
        p.computeTimeS = p.flops / (m_hw.peakTflops * 1e12);
        p.memoryTimeS = p.bytes / (m_hw.memoryBandwidthGBps * 1e9);
        if (m_tp > 1) {
            // Two all-reduces of the hidden state per layer (after attention and after the FFN),
            // ring algorithm: 2(N−1)·α + 2(N−1)/N · n / β (Thakur, Rabenseifner, Gropp, IJHPCA 2005).
            const double n = s.tokens() * m_c.hidden * m_b.a;
            const double one =
                system::ringCollectiveUs(system::Collective::AllReduce, n, m_tp, m_hw.linkBandwidthGBps, 0.0, m_w.linkLatencyUs) * 1e-6;
            KernelCost comm{"allreduce", "", 0.0, system::ringBytesPerRank(system::Collective::AllReduce, m_tp, n),
                            "ring all-reduce of the hidden state over the scale-up link (bytes sent per device)"};
            LlmOp op{"allreduce", 2 * m_c.layers, comm, {0.0, 0.0, one, Bound::Memory}, 2 * m_c.layers * one};
            p.commTimeS = op.totalTimeS;
            p.ops.push_back(std::move(op));
        }
        p.timeS = opTime + p.commTimeS;
    }

    const TransformerConfig& m_c;
    const LlmWorkload& m_w;
    const LlmHardware& m_hw;
    Bytes m_b;
    int m_tp;
};

double causalPairs(double length, double window)
{
    if (window <= 0 || window >= length) return length * (length + 1) / 2;
    return window * (window + 1) / 2 + (length - window) * window;
}

Step prefillStep(const TransformerConfig& c, const LlmWorkload& w)
{
    return Step{true, double(w.batch), double(w.promptTokens), causalPairs(w.promptTokens, c.slidingWindow),
                double(w.promptTokens)};
}

// Mean KV length the decode steps attend to: step k = 1 … G attends min(L + k, window) tokens.
// Exact even with a window (min is not affine, so evaluating at the mean length would overcount).
double meanAttendedTokens(const TransformerConfig& c, double prompt, double gen)
{
    if (c.slidingWindow <= 0) return prompt + (gen + 1) / 2;
    const double w = c.slidingWindow;
    const double below = std::clamp(w - prompt, 0.0, gen); // steps with L + k ≤ w
    const double sum = below * prompt + below * (below + 1) / 2 + (gen - below) * w;
    return sum / gen;
}

Step decodeStep(double batch, double attended)
{
    return Step{false, batch, 1.0, attended, 1.0};
}

Result<Bytes> bytesOf(const LlmWorkload& w)
{
    const auto weights = dataTypeFromName(w.weights);
    if (!weights) return fail(ErrorCode::InvalidArgument, "weights: " + weights.error().message);
    const auto act = dataTypeFromName(w.activations);
    if (!act) return fail(ErrorCode::InvalidArgument, "activations: " + act.error().message);
    const auto kv = dataTypeFromName(w.kvCache);
    if (!kv) return fail(ErrorCode::InvalidArgument, "kv: " + kv.error().message);
    return Bytes{weights->bytesPerElement, act->bytesPerElement, kv->bytesPerElement};
}

Result<void> checkWorkload(const LlmWorkload& w, const LlmHardware& hw)
{
    if (w.batch <= 0) return fail(ErrorCode::InvalidArgument, "batch must be positive, got " + std::to_string(w.batch));
    if (w.promptTokens <= 0) return fail(ErrorCode::InvalidArgument, "prompt must be positive, got " + std::to_string(w.promptTokens));
    if (w.generatedTokens <= 0) return fail(ErrorCode::InvalidArgument, "gen must be positive, got " + std::to_string(w.generatedTokens));
    if (!(w.linkLatencyUs >= 0.0) || !std::isfinite(w.linkLatencyUs)) {
        return fail(ErrorCode::InvalidArgument, "link latency must be zero or positive");
    }
    if (!(hw.peakTflops > 0.0) || !(hw.memoryBandwidthGBps > 0.0) || !std::isfinite(hw.peakTflops) || !std::isfinite(hw.memoryBandwidthGBps)) {
        return fail(ErrorCode::InvalidArgument, "device roofs must be positive (peak TFLOP/s and memory GB/s)");
    }
    if (w.tensorParallel > 1 && !(hw.linkBandwidthGBps > 0.0)) {
        return fail(ErrorCode::NotFound, "tp " + std::to_string(w.tensorParallel) + " needs a scale-up link, but device '" +
                                             hw.deviceId + "' has no interconnect_gbs figure");
    }
    return {};
}

} // namespace

Result<LlmHardware> llmHardware(const catalog::Device& device, std::string_view computePrecision, Sparsity sparsity)
{
    const auto compute = selectRoof(device, computePrecision, sparsity);
    if (!compute) return std::unexpected(compute.error());
    const auto memory = deviceMemoryCeiling(device);
    if (!memory) return std::unexpected(memory.error());
    const auto link = scaleUpCeiling(device);
    return LlmHardware{device.id, std::string(computePrecision), compute->peakTflops, memory->bandwidthGBps,
                       link ? link->bandwidthGBps : 0.0, compute->unit};
}

Result<void> validateTensorParallel(const TransformerConfig& c, int tp)
{
    const auto notDivisible = [tp](const std::string& field, int value) {
        return fail(ErrorCode::InvalidArgument, field + " " + std::to_string(value) + " not divisible by tp " + std::to_string(tp));
    };
    if (tp <= 0) return fail(ErrorCode::InvalidArgument, "tp must be positive, got " + std::to_string(tp));
    if (c.heads % tp != 0) return notDivisible("heads", c.heads);
    if (!c.usesMla() && c.kvHeads % tp != 0 && tp % c.kvHeads != 0) {
        return fail(ErrorCode::InvalidArgument, "kv_heads " + std::to_string(c.kvHeads) + " not divisible by tp " +
                                                    std::to_string(tp) + " (nor tp a multiple of kv_heads)");
    }
    if (c.ffn % tp != 0) return notDivisible("ffn", c.ffn);
    if (c.isMoe() && c.moe.expertFfn % tp != 0) return notDivisible("moe.expert_ffn", c.moe.expertFfn);
    return {};
}

double weightElementsPerDevice(const TransformerConfig& c, int tp)
{
    const ParameterCount all = countParameters(c);
    // Replicated on every device: norms, position table, routers, MLA down-projections (and their
    // norms, counted in attention) and, when tp exceeds the KV heads, the K/V projections' copies.
    double replicated = all.norms + double(c.positionEmbeddings) * c.hidden;
    double split = all.total - replicated;
    const int moeLayers = c.isMoe() ? c.layers - c.moe.denseLayers : 0;
    const double routers = double(moeLayers) * c.hidden * c.moe.experts;
    replicated += routers;
    split -= routers;
    if (c.usesMla()) {
        const double down = double(c.layers) * c.hidden * (c.mla.qLoraRank + c.mla.kvLoraRank + c.mla.qkRopeHeadDim);
        replicated += down;
        split -= down;
    } else if (tp > c.kvHeads) {
        const double kv = 2.0 * c.layers * c.hidden * c.kvHeads * c.headDim;
        split -= kv;
        replicated += kv / c.kvHeads; // each device holds one KV head's projections
    }
    return replicated + split / tp;
}

Result<LlmAnalysis> analyzeLlm(const TransformerConfig& c, const LlmWorkload& w, const LlmHardware& hw)
{
    if (auto v = validateConfig(c); !v) return std::unexpected(v.error());
    if (auto v = checkWorkload(w, hw); !v) return std::unexpected(v.error());
    if (auto v = validateTensorParallel(c, w.tensorParallel); !v) return std::unexpected(v.error());
    const auto bytes = bytesOf(w);
    if (!bytes) return std::unexpected(bytes.error());

    LlmAnalysis out;
    out.parameters = countParameters(c);
    out.weightBytes = out.parameters.total * bytes->w;
    out.weightBytesPerDevice = weightElementsPerDevice(c, w.tensorParallel) * bytes->w;
    out.kvBytesPerToken = kvElementsPerToken(c) * bytes->kv;
    out.kvCacheBytes = w.batch * cachedTokens(c, double(w.promptTokens) + w.generatedTokens) * out.kvBytesPerToken;
    out.decodeContextTokens = meanAttendedTokens(c, w.promptTokens, w.generatedTokens);

    const StepBuilder builder(c, w, hw, *bytes);
    out.prefill = builder.build(prefillStep(c, w));
    out.decode = builder.build(decodeStep(w.batch, out.decodeContextTokens));
    out.ttftS = out.prefill.timeS;
    out.tpotS = out.decode.timeS;
    out.tokensPerS = w.batch / out.tpotS;
    out.prefillTokensPerS = double(w.batch) * w.promptTokens / out.ttftS;

    // Compute/memory balance of a decode step grows with the batch until attention's KV traffic
    // (also ∝ batch) dominates; search powers of two, then bisect.
    const auto computeBound = [&](int b) {
        const LlmPhase step = builder.build(decodeStep(b, out.decodeContextTokens));
        return step.computeTimeS >= step.memoryTimeS;
    };
    int hi = 1;
    while (hi <= (1 << 20) && !computeBound(hi)) hi *= 2;
    if (hi <= (1 << 20)) {
        int lo = hi / 2; // not compute bound (or 0)
        while (hi - lo > 1) {
            const int mid = lo + (hi - lo) / 2;
            (computeBound(mid) ? hi : lo) = mid;
        }
        out.decodeComputeBoundBatch = hi;
    }
    out.assumptions = {
        "lower bounds: each op takes max(FLOPs / peak, bytes / bandwidth) on one device; no overlap between ops",
        "GEMMs read weights and activations once (perfect on-chip reuse); attention is FlashAttention-style",
        "decode is evaluated at the mean attended KV length; every op is affine in it, so gen x step bounds the whole decode",
        "MoE: tokens routed uniformly and independently; a step reads the weights of every expert it touches",
        "tensor parallelism: Megatron column/row splits, 2 ring all-reduces per layer, link latency alpha = " +
            std::to_string(w.linkLatencyUs) + " us"};
    return out;
}

} // namespace accelscope::models::roofline
