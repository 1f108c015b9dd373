// SPDX-License-Identifier: MIT
#include "models/system/step/serving_step.hpp"

#include "models/catalog/figure_key.hpp"
#include "models/common/number_text.hpp"
#include "models/roofline/ceilings.hpp"
#include "models/roofline/dtype.hpp"
#include "models/system/fabric/step_collectives.hpp"
#include "models/system/step/layer_gemms.hpp"

#include <algorithm>
#include <cmath>

namespace accelscope::models::system {

namespace {

constexpr double activationBytes = 2.0; // BF16 activations between kernels

/// The GEMM peak of a weight format: its own precision where the device has it, else BF16 (weights dequantised).
struct LinearPeak {
    double tflops = 0;
    bool narrow = false;
    std::string precision;
};

Result<LinearPeak> linearPeak(const catalog::Device& device, const roofline::DataType& weights, std::vector<std::string>& flags)
{
    if (weights.computePrecision != "bf16" && weights.computePrecision != "fp16") {
        if (auto c = roofline::computeCeiling(device, weights.computePrecision)) {
            return LinearPeak{c->peakTflops, true, weights.computePrecision};
        }
        flags.push_back(device.name + " has no " + weights.computePrecision + " tensor figure: the " + weights.name +
                        " weights are dequantised to BF16 for the GEMMs");
    }
    auto bf16 = roofline::computeCeiling(device, "bf16");
    if (!bf16) return std::unexpected(bf16.error());
    return LinearPeak{bf16->peakTflops, false, "bf16"};
}

} // namespace

Result<ServingStepTime> servingStep(const roofline::TransformerConfig& model, const catalog::Device& device, const Fabric& fabric,
                                    const ServingSpec& spec, const StepMix& mix)
{
    if (auto v = roofline::validateConfig(model); !v) return std::unexpected(v.error());
    auto w = roofline::dataTypeFromName(spec.weights);
    if (!w) return std::unexpected(w.error());
    auto kv = roofline::dataTypeFromName(spec.kvCache);
    if (!kv) return std::unexpected(kv.error());
    std::vector<std::string> flags;
    auto peak = linearPeak(device, *w, flags);
    if (!peak) return std::unexpected(peak.error());
    auto bf16 = roofline::computeCeiling(device, "bf16");
    if (!bf16) return std::unexpected(bf16.error());
    const KernelParameters P = kernelParameters(device);
    GemmChip linear = gemmChipForPrecision(device, P, peak->tflops, peak->precision);
    GemmChip chip16 = gemmChip(device, P, bf16->peakTflops, false);
    // Engines run their steps as CUDA graphs: no host dispatch per kernel, a gap on the GPU instead.
    linear.overheadUs = chip16.overheadUs = P.graphOverheadUs.value;
    const double gap = P.graphOverheadUs.value * 1e-6;
    const double bw = chip16.memoryGBps * 1e9;

    const double tp = spec.tp;
    const double layers = std::ceil(double(model.layers) / spec.pp);
    const int moeLayers = model.isMoe() ? std::max(0, model.layers - model.moe.denseLayers) : 0;
    const double moeShare = double(moeLayers) / model.layers;
    const double M = std::max(1.0, mix.decodeSequences + mix.prefillTokens);
    const LayerGeometry geo = layerGeometry(model, tp);
    const double dqk = geo.dqk;
    const double dv = geo.dv;
    const double heads = geo.heads;
    const double wb = w->bytesPerElement;

    ServingStepTime out;
    auto gemm = [&](const std::string& name, const GemmChip& chip, const std::string& precision, GemmShape s, double count) {
        if (count <= 0) return;
        const GemmTime t = gemmTime(chip, s);
        StepOperator op;
        op.name = name;
        op.kind = "gemm";
        op.precision = precision;
        op.calls = count;
        op.flops = count * s.flops();
        op.bytes = count * s.bytes();
        op.seconds = count * t.seconds;
        op.memoryBound = t.memoryBound;
        op.efficiency = t.memoryBound ? op.bytes / (op.seconds * bw) : op.flops / (op.seconds * chip.peakTflops * 1e12);
        op.detail = "M " + readableText(std::round(s.m)) + " x N " + readableText(s.n) + " x K " + readableText(s.k) + ": " +
                    readableText(t.tiles) + " tiles, " + readableText(t.waves) + (t.waves == 1 ? " wave" : " waves") +
                    (t.memoryBound ? ", memory-bound (weights read once)" : "");
        out.kernelsS += op.seconds;
        out.operators.push_back(std::move(op));
    };
    auto stream = [&](const std::string& name, double bytes, double count, double efficiency, std::string detail) {
        if (count <= 0 || bytes <= 0) return;
        StepOperator op;
        op.name = name;
        op.kind = "memory";
        op.precision = "bf16";
        op.calls = count;
        op.bytes = count * bytes;
        op.seconds = count * (bytes / (bw * efficiency) + gap);
        op.efficiency = op.bytes / (op.seconds * bw);
        op.memoryBound = true;
        op.detail = std::move(detail);
        out.kernelsS += op.seconds;
        out.operators.push_back(std::move(op));
    };

    const std::string lp = peak->precision;
    LayerGemmSpec stack;
    stack.tokens = M;
    stack.tp = tp;
    if (model.isMoe()) {
        // Every local expert's weights are read when any token reaches it: a grouped GEMM over the experts this device
        // holds. Experts split over EP are whole on their device.
        stack.localExperts = double(model.moe.experts) / spec.ep;
        stack.tokensPerExpert = M * model.moe.topK / model.moe.experts;
        stack.expertTp = spec.ep > 1 ? 1.0 : tp;
    }
    stack.tileM = linear.tileM;
    stack.inputBytes = wb;
    stack.attentionLayers = layers;
    const double denseLayers = layers * (1.0 - moeShare);
    const double expertLayers = layers * moeShare;
    stack.denseLayers = denseLayers;
    stack.moeLayers = expertLayers;
    for (const LayerGemm& g : layerGemms(model, stack)) gemm(g.name, g.bf16 ? chip16 : linear, g.bf16 ? "bf16" : lp, g.shape, g.calls);
    // Attention. Decode: every running sequence's K and V read once per layer (paged attention is read-bound).
    const double kvHeadsLocal = std::max(1.0, double(model.kvHeads) / tp);
    const double kvPerTokenLayer = model.usesMla() ? (model.mla.kvLoraRank + model.mla.qkRopeHeadDim) * kv->bytesPerElement
                                                   : 2.0 * kvHeadsLocal * model.headDim * kv->bytesPerElement;
    const double window = model.slidingWindow > 0 ? std::min<double>(model.slidingWindow, mix.decodeContext) : mix.decodeContext;
    if (mix.decodeSequences > 0) {
        stream("attention, decode (KV cache read)", mix.decodeSequences * window * kvPerTokenLayer, layers, P.readEfficiency.value,
               readableText(std::round(mix.decodeSequences)) + " sequences x " + readableText(std::round(window)) + " tokens of context");
    }
    if (mix.prefillTokens > 0) {
        const double flops = 2.0 * mix.prefillTokens * std::max(1.0, mix.prefillContext) * heads * (dqk + dv);
        StepOperator op;
        op.name = "attention, prefill chunk (FlashAttention)";
        op.kind = "attention";
        op.precision = "bf16";
        op.calls = layers;
        op.flops = layers * flops;
        op.seconds = layers * (flops / (bf16->peakTflops * 1e12 * P.attentionForward.value) + gap);
        op.efficiency = op.flops / (op.seconds * bf16->peakTflops * 1e12);
        op.detail = readableText(std::round(mix.prefillTokens)) + " prompt tokens over " + readableText(std::round(mix.prefillContext)) + " tokens of context";
        out.kernelsS += op.seconds;
        out.operators.push_back(std::move(op));
    }
    // Memory-bound kernels per layer: two norms, two residual adds, the gated activation, RoPE, KV-cache writes.
    const double th = M * model.hidden * activationBytes;
    stream("norms and residual adds", 2.0 * 2.0 * th + 2.0 * 3.0 * th, layers, P.copyEfficiency.value, quantityText(10.0 * th, "B") + " per layer");
    if (denseLayers > 0) {
        stream("gated activation (SwiGLU)", 3.0 * M * model.ffn / tp * activationBytes, denseLayers, P.copyEfficiency.value,
               readableText(std::round(M)) + " tokens");
    }
    stream("rotary embedding and KV-cache write", M * (2.0 * (heads + kvHeadsLocal) * dqk * activationBytes + kvPerTokenLayer), layers,
           P.copyEfficiency.value, readableText(std::round(M)) + " tokens");
    // The output layer on the last stage, for the sequences that emit a token this step.
    const double emitting = std::max(1.0, mix.decodeSequences);
    gemm("output layer (logits)", chip16, "bf16", {emitting, double(model.vocab) / tp, double(model.hidden), 2, 4}, 1);
    stream("sampling over the logits", emitting * model.vocab / tp * 4.0 * 2.0, 1, P.copyEfficiency.value, readableText(std::round(emitting)) + " sequences");

    // TP all-reduces (2 per layer) and EP all-to-alls of this step's tokens on the replica's fabric.
    if (spec.tp > 1 || spec.ep > 1) {
        ParallelLayout l;
        l.tp = spec.tp;
        l.pp = spec.pp;
        l.ep = 1;
        l.dp = 1;
        StepShape shape;
        shape.training = false;
        shape.microBatchSequences = static_cast<int>(std::ceil(M));
        auto list = stepCollectives(fabric, model, l, shape);
        if (!list) return std::unexpected(list.error());
        for (const auto& c : *list) {
            if (c.parallelism == "TP") out.tpCommS += c.timeUsPerStep * 1e-6;
        }
    }
    if (spec.ep > 1 && moeLayers > 0) {
        // Dispatch and combine: each token's top-k copies of the hidden state leave for the experts' devices.
        const double bytes = M * model.moe.topK * model.hidden * activationBytes;
        auto a2a = estimateCollective(fabric, Collective::AllToAll, bytes);
        if (!a2a) return std::unexpected(a2a.error());
        out.epCommS = 2.0 * expertLayers * a2a->timeUs * 1e-6;
    }
    out.stageS = out.kernelsS + out.tpCommS + out.epCommS;
    return out;
}

Result<ServingSteadyState> servingSteadyState(const roofline::TransformerConfig& model, const catalog::Device& device,
                                              const Fabric& fabric, const ServingSpec& spec, const ServingLoad& load)
{
    if (spec.tp < 1 || spec.pp < 1 || spec.ep < 1) return fail(ErrorCode::InvalidArgument, "--tp, --pp and --ep must be at least 1");
    if (spec.tp * spec.pp != fabric.ranks()) {
        return fail(ErrorCode::InvalidArgument, "tp x pp = " + std::to_string(spec.tp * spec.pp) + " devices per replica, but the fabric has " +
                                                    std::to_string(fabric.ranks()));
    }
    if ((spec.tp * spec.pp) % spec.ep != 0) return fail(ErrorCode::InvalidArgument, "--ep must divide tp x pp");
    if (spec.ep > 1 && !model.isMoe()) return fail(ErrorCode::InvalidArgument, "--ep > 1 needs a model with routed experts");
    if (spec.pp > model.layers) return fail(ErrorCode::InvalidArgument, "--pp must be at most the model's layers");
    if (!(load.inputTokens >= 1) || !(load.outputTokens >= 1)) {
        return fail(ErrorCode::InvalidArgument, "--input and --output must be at least 1 token");
    }
    if (load.concurrency && !(*load.concurrency >= 1)) return fail(ErrorCode::InvalidArgument, "--concurrency must be at least 1");
    if (spec.maxSequences < 1 || spec.maxBatchedTokens < 1) {
        return fail(ErrorCode::InvalidArgument, "--max-seqs and --max-batched-tokens must be at least 1");
    }
    if (!(spec.memoryUtilization > 0 && spec.memoryUtilization <= 1)) {
        return fail(ErrorCode::InvalidArgument, "--memory-utilization must be above 0 and at most 1");
    }
    auto w = roofline::dataTypeFromName(spec.weights);
    if (!w) return std::unexpected(w.error());
    auto kv = roofline::dataTypeFromName(spec.kvCache);
    if (!kv) return std::unexpected(kv.error());

    ServingSteadyState s;
    s.spec = spec;
    s.devicesPerReplica = spec.tp * spec.pp;
    s.parameters = kernelParameters(device);
    const roofline::ParameterCount params = roofline::countParameters(model);
    s.weightsBytesPerDevice = params.total * w->bytesPerElement / s.devicesPerReplica;
    const double kvHeadsLocal = std::max(1.0, double(model.kvHeads) / spec.tp);
    const double layersPerStage = std::ceil(double(model.layers) / spec.pp);
    s.kvBytesPerTokenPerDevice = model.usesMla() ? layersPerStage * (model.mla.kvLoraRank + model.mla.qkRopeHeadDim) * kv->bytesPerElement
                                                 : layersPerStage * 2.0 * kvHeadsLocal * model.headDim * kv->bytesPerElement;
    // The engine's profiling pass keeps room for one step of max batched tokens through the widest layer and the logits.
    s.workspaceBytesPerDevice = spec.maxBatchedTokens * (4.0 * model.hidden + 2.0 * model.ffn / spec.tp) * activationBytes +
                                std::min<double>(spec.maxSequences, spec.maxBatchedTokens) * model.vocab / spec.tp * 4.0;
    const double capacity = device.value(catalog::FigureKey::MemoryGb).value_or(0.0) * 1e9;
    const double free = capacity * spec.memoryUtilization - s.weightsBytesPerDevice - s.workspaceBytesPerDevice;
    if (free <= 0) {
        return fail(ErrorCode::InvalidArgument, "the weights (" + quantityText(s.weightsBytesPerDevice, "B") + " per device) leave no KV cache in " +
                                                    quantityText(capacity * spec.memoryUtilization, "B") +
                                                    ": more devices per replica (--tp, --pp) or narrower weights");
    }
    s.kvCapacityTokens = free / s.kvBytesPerTokenPerDevice;

    // The batch: what the KV cache holds at the mean context, the scheduler's caps, the client's concurrency.
    const double meanContext = load.inputTokens + load.outputTokens / 2.0;
    const double prefillPerDecode = load.inputTokens / load.outputTokens;
    struct Limit {
        double batch;
        const char* name;
    };
    std::vector<Limit> limits{{s.kvCapacityTokens / meanContext, "KV cache"},
                              {double(spec.maxSequences), "max sequences"},
                              {spec.maxBatchedTokens / (1.0 + prefillPerDecode), "max batched tokens"}};
    if (load.concurrency) limits.push_back({*load.concurrency, "concurrency"});
    const auto least = std::min_element(limits.begin(), limits.end(), [](const Limit& a, const Limit& b) { return a.batch < b.batch; });
    s.batch = std::max(1.0, std::floor(least->batch));
    s.batchLimit = least->name;

    // Pipeline parallelism keeps pp micro-batches in flight: each stage steps batch / pp sequences.
    const double microBatch = std::max(1.0, s.batch / spec.pp);
    StepMix mix;
    mix.decodeSequences = microBatch;
    mix.decodeContext = meanContext;
    mix.prefillTokens = microBatch * prefillPerDecode;
    mix.prefillContext = load.inputTokens / 2.0;
    s.prefillTokensPerStep = mix.prefillTokens;
    auto step = servingStep(model, device, fabric, spec, mix);
    if (!step) return std::unexpected(step.error());
    s.step = std::move(*step);
    s.tpotS = spec.pp * s.step.stageS;
    s.outputTokensPerSPerReplica = microBatch / s.step.stageS;
    s.outputTokensPerSPerDevice = s.outputTokensPerSPerReplica / s.devicesPerReplica;
    // A new prompt enters at the steady step's prefill budget per sequence slot: its chunks take input / budget steps.
    const double budget = std::max(1.0, spec.maxBatchedTokens - microBatch);
    s.ttftS = std::ceil(load.inputTokens / budget) * s.tpotS;
    s.flags = s.parameters.flags;
    if (w->computePrecision == "fp4" && s.parameters.gemmMainloop4.basis == "borrowed from the FP8 GEMMs") {
        s.flags.push_back("FP4 GEMMs run at the FP8 GEMMs' share of the peak: no FP4 GEMM microbenchmark for " + device.name);
    }
    return s;
}

} // namespace accelscope::models::system
