// SPDX-License-Identifier: MIT
#include "models/system/step/training_step.hpp"

#include "models/system/step/layer_gemms.hpp"

#include "models/catalog/figure_key.hpp"
#include "models/common/number_text.hpp"
#include "models/roofline/ceilings.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <string_view>

namespace accelscope::models::system {

namespace {

constexpr double activationBytes = 2.0; // BF16 activations
/// Adam with FP32 master weights and FP32 main gradients (Megatron's distributed optimizer): reads master,
/// gradient, momentum and variance (16 B), writes master, momentum, variance and the BF16 copy (14 B).
constexpr double optimizerBytesPerParam = 30.0;

struct Accumulator {
    std::vector<StepOperator> ops;
    double gpuS = 0;      ///< kernel time
    double hostS = 0;     ///< eager dispatch time of the same kernels
    double gemmS = 0;     ///< GEMM time (what TP communication can hide under)
    double attentionS = 0;
    double forwardS = 0;
    double backwardS = 0;
    double flops = 0;
};

std::string tileText(const GemmShape& s, const GemmTime& t, int cores)
{
    return "M " + readableText(s.m) + " x N " + readableText(s.n) + " x K " + readableText(s.k) + ": " + readableText(t.tiles) +
           " tiles" + (t.splitK > 1 ? " (split-K " + std::to_string(t.splitK) + ")" : "") + " in " + readableText(t.waves) +
           (t.waves == 1 ? " wave" : " waves") + " of " + std::to_string(cores) + " (" + decimalText(100 * t.waveEfficiency, 0) +
           " % busy)" + (t.memoryBound ? ", memory-bound" : "");
}

} // namespace

std::vector<std::string> mfuConvention()
{
    return {
        "Model FLOPs per step: 6 x active parameters (embedding table excluded, output layer included) x tokens, plus 3 x the "
        "attention score and value FLOPs of the forward pass (4 x s^2 x heads x head dim per sequence and layer, halved for the "
        "causal mask).",
        "Hardware FLOPs add the forward FLOPs recomputed in the backward pass (selective: the attention core; full: the whole layer).",
        "MFU and HFU divide by the devices' BF16 dense tensor peak, also for FP8 runs (the convention of Megatron-LM and NeMo tables).",
    };
}

namespace {
constexpr std::array<std::string_view, 2> gemmPrecisionList{"bf16", "fp8"};
} // namespace

std::span<const std::string_view> trainingGemmPrecisions() { return gemmPrecisionList; }

std::string trainingGemmPrecisionsText()
{
    std::string out;
    for (std::size_t i = 0; i < gemmPrecisionList.size(); ++i) {
        out += (i == 0 ? "" : i + 1 == gemmPrecisionList.size() ? " or " : ", ") + std::string(gemmPrecisionList[i]);
    }
    return out;
}

bool isTrainingGemmPrecision(std::string_view precision)
{
    return std::find(gemmPrecisionList.begin(), gemmPrecisionList.end(), precision) != gemmPrecisionList.end();
}

Result<TrainingStepEstimate> estimateTrainingStep(const roofline::TransformerConfig& model, const catalog::Device& device,
                                                  const Fabric& fabric, const TrainingLayoutSpec& spec)
{
    return estimateTrainingStep(model, device, fabric, spec, TrainingStepShared{});
}

Result<std::vector<StepCollective>> trainingStepCollectives(const roofline::TransformerConfig& model, const Fabric& fabric,
                                                            const TrainingLayoutSpec& spec, StepCollectiveCache* cache)
{
    if (spec.microBatch < 1 || spec.globalBatch < 1 || spec.sequence < 1 || spec.parallel.dp < 1) {
        return fail(ErrorCode::InvalidArgument, "--micro-batch, --global-batch, --seq and --dp must be at least 1");
    }
    StepShape shape;
    shape.training = true;
    shape.microBatchSequences = spec.microBatch;
    shape.sequenceTokens = spec.sequence;
    shape.microBatches = std::max(1, static_cast<int>(spec.globalBatch / (static_cast<long long>(spec.parallel.dp) * spec.microBatch)));
    shape.gradientBytes = 4; // FP32 main gradients (Megatron's default with the distributed optimizer)
    return stepCollectives(fabric, model, spec.parallel, shape, cache);
}

Result<TrainingStepEstimate> estimateTrainingStep(const roofline::TransformerConfig& model, const catalog::Device& device,
                                                  const Fabric& fabric, const TrainingLayoutSpec& spec, const TrainingStepShared& shared)
{
    if (auto v = roofline::validateConfig(model); !v) return std::unexpected(v.error());
    const ParallelLayout& L = spec.parallel;
    if (spec.virtualStages < 1) return fail(ErrorCode::InvalidArgument, "--vp must be at least 1");
    if (spec.microBatch < 1 || spec.globalBatch < 1 || spec.sequence < 1) {
        return fail(ErrorCode::InvalidArgument, "--micro-batch, --global-batch and --sequence must be at least 1");
    }
    if (L.pp * spec.virtualStages > model.layers) {
        return fail(ErrorCode::InvalidArgument, "--pp x --vp = " + std::to_string(L.pp * spec.virtualStages) + " is more than the " +
                                                    std::to_string(model.layers) + " layers");
    }
    if (spec.virtualStages > 1 && L.pp < 2) return fail(ErrorCode::InvalidArgument, "--vp > 1 needs --pp of at least 2");
    if (!isTrainingGemmPrecision(spec.gemmPrecision)) {
        return fail(ErrorCode::InvalidArgument, "--precision must be " + trainingGemmPrecisionsText() + ", not '" + spec.gemmPrecision + "'");
    }
    if (model.kvHeads % L.tp != 0 && L.tp % model.kvHeads != 0) {
        return fail(ErrorCode::InvalidArgument, "--tp must divide the model's KV heads or be a multiple of them");
    }
    const long long perStep = static_cast<long long>(L.dp) * spec.microBatch;
    if (spec.globalBatch % perStep != 0) {
        return fail(ErrorCode::InvalidArgument, "--global-batch " + std::to_string(spec.globalBatch) + " is not divisible by dp x micro-batch = " +
                                                    std::to_string(perStep));
    }
    if (spec.sequence % L.cp != 0) return fail(ErrorCode::InvalidArgument, "--cp must divide --sequence");

    TrainingStepEstimate out;
    out.spec = spec;
    out.devices = L.tp * L.cp * L.dp * L.pp;
    out.microBatches = static_cast<int>(spec.globalBatch / perStep);

    auto bf16 = roofline::computeCeiling(device, "bf16");
    if (!bf16) return std::unexpected(bf16.error());
    double narrowPeak = bf16->peakTflops;
    const bool fp8 = spec.gemmPrecision == "fp8";
    if (fp8) {
        auto c = roofline::computeCeiling(device, "fp8");
        if (!c) return std::unexpected(c.error());
        narrowPeak = c->peakTflops;
    }
    out.bf16PeakTflops = bf16->peakTflops;
    // A search shares one copy of the parameters and keeps none per layout (their source texts are long).
    if (!shared.parameters || shared.details) out.parameters = shared.parameters ? *shared.parameters : kernelParameters(device);
    const KernelParameters& P = shared.parameters ? *shared.parameters : out.parameters;
    const GemmChip chip16 = gemmChip(device, P, bf16->peakTflops, false);
    const GemmChip chipLinear = fp8 ? gemmChip(device, P, narrowPeak, true) : chip16;
    const double memGBps = chip16.memoryGBps;
    const int cores = chip16.cores;

    // Collectives of the whole step on the fabric (they also check the layout against the fabric and the model).
    std::vector<StepCollective> owned;
    if (!shared.collectives) {
        auto collectives = trainingStepCollectives(model, fabric, spec);
        if (!collectives) return std::unexpected(collectives.error());
        owned = std::move(*collectives);
    }
    const std::vector<StepCollective>& comms = shared.collectives ? *shared.collectives : owned;

    // One micro-batch through the slowest stage: its layers (model chunks of whole layers: a stage that cannot be even
    // holds ceil(layers / (pp x vp)) per chunk, as Megatron's uneven split puts the remainder on lighter first and last
    // stages), the output layer on the last one.
    const int chunks = L.pp * spec.virtualStages;
    const double layersPerStage = double((model.layers + chunks - 1) / chunks) * spec.virtualStages;
    if (model.layers % chunks != 0) {
        out.flags.push_back(std::to_string(model.layers) + " layers do not split evenly into " + std::to_string(chunks) +
                            " model chunks: the slowest stage holds " + readableText(layersPerStage) + " layers");
    }
    const int moeLayers = model.isMoe() ? std::max(0, model.layers - model.moe.denseLayers) : 0;
    const double moeShare = model.layers > 0 ? double(moeLayers) / model.layers : 0.0;
    const double T = double(spec.microBatch) * spec.sequence / L.cp; // tokens on this device per micro-batch
    const double tpSp = L.sequenceParallel ? L.tp : 1;                 // norms and residuals run on T/tp tokens with SP
    const roofline::ParameterCount params = roofline::countParameters(model);
    const LayerGeometry geo = layerGeometry(model, L.tp);
    const double dqk = geo.dqk;
    const double dv = geo.dv;
    const double heads = geo.heads;
    const double gateUp = geo.gateUp;
    const double recomputeForward = spec.recompute == memory::Recompute::Full ? 1.0 : 0.0;
    const double eager = P.gemmOverheadUs.value * 1e-6;
    const double gap = P.graphOverheadUs.value * 1e-6;

    Accumulator acc;
    double castBytes = 0; // FP8: quantising GEMM inputs (forward) and output gradients (backward), per micro-batch
    double castCalls = 0;
    // A GEMM in the forward pass with its two backward GEMMs (data and weight gradients), `count` per stage.
    auto gemm = [&](std::string_view name, const GemmChip& chip, std::string_view precision, GemmShape s, double count) {
        if (count <= 0) return;
        const GemmTime f = gemmTime(chip, s);
        // Data gradient: dY (M x N) times each Wᵀ; weight gradient: one K x N output per group over its M / groups rows.
        const GemmTime dgrad = gemmTime(chip, GemmShape{s.m, s.k, s.n, s.inputBytes, s.outputBytes, s.groups});
        const GemmTime wgrad = gemmTime(chip, GemmShape{s.k, s.n * s.groups, s.m / s.groups, s.inputBytes, s.outputBytes});
        auto kernel = [&](const GemmTime& t) { return t.seconds - chip.overheadUs * 1e-6 + gap; };
        const double fwd = count * kernel(f) * (1.0 + recomputeForward);
        const double bwd = count * (kernel(dgrad) + kernel(wgrad));
        const double calls = count * (3.0 + recomputeForward);
        const double flops = count * s.flops() * (3.0 + recomputeForward);
        acc.gpuS += fwd + bwd;
        acc.hostS += calls * eager;
        acc.gemmS += fwd + bwd;
        acc.forwardS += fwd;
        acc.backwardS += bwd;
        acc.flops += flops;
        if (shared.details) {
            StepOperator op;
            op.name = name;
            op.kind = "gemm";
            op.precision = precision;
            op.calls = calls;
            op.flops = flops;
            op.bytes = count * s.bytes() * (3.0 + recomputeForward);
            op.seconds = fwd + bwd;
            op.efficiency = op.flops / (op.seconds * chip.peakTflops * 1e12);
            op.memoryBound = f.memoryBound;
            op.detail = tileText(s, f, cores);
            acc.ops.push_back(std::move(op));
        }
        if (precision == "fp8") {
            castBytes += count * 4.0 * (s.m * s.k + s.m * s.n); // input and output gradient: read BF16, write FP8 and its transpose
            castCalls += count * 2.0;
        }
    };
    // A memory-bound kernel: `bytes` per forward call, backward twice the traffic.
    auto stream = [&](std::string_view name, double bytes, double count) {
        const double once = bytes / (memGBps * 1e9 * P.copyEfficiency.value) + gap;
        const double calls = count * (3.0 + recomputeForward);
        const double fwd = count * once * (1.0 + recomputeForward);
        const double bwd = count * 2.0 * once;
        acc.gpuS += fwd + bwd;
        acc.hostS += calls * eager;
        acc.forwardS += fwd;
        acc.backwardS += bwd;
        if (shared.details) {
            StepOperator op;
            op.name = name;
            op.kind = "memory";
            op.precision = "bf16";
            op.calls = calls;
            op.bytes = count * bytes * (3.0 + recomputeForward);
            op.seconds = fwd + bwd;
            op.efficiency = op.bytes / (op.seconds * memGBps * 1e9);
            op.memoryBound = true;
            op.detail = quantityText(bytes, "B") + " per forward call";
            acc.ops.push_back(std::move(op));
        }
    };

    const std::string_view lp = fp8 ? "fp8" : "bf16";
    const double inB = fp8 ? 1.0 : 2.0;
    const double denseLayersPerStage = layersPerStage * (1.0 - moeShare);
    const double moeLayersPerStage = layersPerStage * moeShare;
    LayerGemmSpec stack;
    stack.tokens = T;
    stack.tp = stack.expertTp = L.tp;
    if (model.isMoe()) {
        // A grouped GEMM over this device's experts: on average T x topK tokens arrive, spread over experts / ep experts.
        stack.localExperts = double(model.moe.experts) / L.ep;
        stack.tokensPerExpert = T * model.moe.topK / stack.localExperts;
    }
    stack.tileM = chipLinear.tileM;
    stack.inputBytes = inB;
    stack.attentionLayers = layersPerStage;
    stack.denseLayers = denseLayersPerStage;
    stack.moeLayers = moeLayersPerStage;
    for (const LayerGemm& g : layerGemms(model, stack)) gemm(g.name, g.bf16 ? chip16 : chipLinear, g.bf16 ? "bf16" : lp, g.shape, g.calls);
    // The output layer (BF16 in TransformerEngine recipes) and its loss on the last stage.
    gemm("output layer (logits)", chip16, "bf16", {T, double(model.vocab) / L.tp, double(model.hidden), 2, 2}, 1);
    stream("cross-entropy over the logits", T * model.vocab / L.tp * 4.0 * 2.0, 1);

    // Attention core: FlashAttention-style, BF16, causal. Forward 4 s_q s_kv heads d / 2; backward 2.5x the forward's FLOPs.
    {
        const double sq = T / spec.microBatch;                      // query tokens on this CP rank
        const double fwdFlops = 2.0 * spec.microBatch * sq * spec.sequence * heads * (dqk + dv) * 0.5;
        const double qTiles = spec.microBatch * heads * std::ceil(sq / 128.0);
        const double waves = std::ceil(qTiles / cores);
        const double busy = qTiles / (waves * cores);
        const double fwdS = fwdFlops / (bf16->peakTflops * 1e12 * P.attentionForward.value * busy) + gap;
        const double bwdS = 2.5 * fwdFlops / (bf16->peakTflops * 1e12 * P.attentionForward.value * P.attentionBackward.value * busy) + gap;
        const double recompute = spec.recompute == memory::Recompute::None ? 0.0 : 1.0; // selective and full both redo it
        const double calls = layersPerStage * (2.0 + recompute);
        const double flops = layersPerStage * fwdFlops * (3.5 + recompute);
        const double seconds = layersPerStage * (fwdS * (1.0 + recompute) + bwdS);
        acc.gpuS += seconds;
        acc.hostS += calls * P.attentionOverheadUs.value * 1e-6;
        acc.attentionS += seconds;
        acc.forwardS += layersPerStage * fwdS * (1.0 + recompute);
        acc.backwardS += layersPerStage * bwdS;
        acc.flops += flops;
        if (shared.details) {
            StepOperator op;
            op.name = "attention core (FlashAttention, causal)";
            op.kind = "attention";
            op.precision = "bf16";
            op.calls = calls;
            op.flops = flops;
            op.seconds = seconds;
            op.efficiency = flops / (seconds * bf16->peakTflops * 1e12);
            op.detail = readableText(qTiles) + " query tiles of 128 in " + readableText(waves) + (waves == 1 ? " wave" : " waves") + " (" +
                        decimalText(100 * busy, 0) + " % busy)";
            acc.ops.push_back(std::move(op));
        }
    }
    // Memory-bound kernels per layer (forward): two norms, two residual adds, the gated activation, RoPE.
    const double th = T * model.hidden * activationBytes / tpSp;
    stream("norms (2 per layer)", 2.0 * 2.0 * th, layersPerStage);
    stream("residual adds (2 per layer)", 2.0 * 3.0 * th, layersPerStage);
    if (denseLayersPerStage > 0) stream("gated activation (SwiGLU)", 3.0 * T * model.ffn / L.tp * activationBytes, denseLayersPerStage);
    stream("rotary embedding of Q and K", 2.0 * T * (heads + std::max(1.0, double(model.kvHeads) / L.tp)) * dqk * activationBytes,
           layersPerStage);

    if (castBytes > 0) {
        // TransformerEngine casts each FP8 GEMM's BF16 input to FP8 and writes its transpose for the weight gradient; the
        // backward pass does the same to the output gradient. Memory-bound; the weights' casts are cached across micro-batches.
        const double once = castBytes / (memGBps * 1e9 * P.copyEfficiency.value) + castCalls * gap;
        acc.gpuS += once;
        acc.hostS += castCalls * eager;
        acc.forwardS += once / 2;
        acc.backwardS += once / 2;
        if (shared.details) {
            StepOperator op;
            op.name = "FP8 casts and transposes";
            op.kind = "memory";
            op.precision = "bf16 to fp8";
            op.calls = castCalls;
            op.bytes = castBytes;
            op.seconds = once;
            op.efficiency = op.bytes / (op.seconds * memGBps * 1e9);
            op.memoryBound = true;
            op.detail = quantityText(castBytes, "B") + " per micro-batch";
            acc.ops.push_back(std::move(op));
        }
    }

    // The optimizer: this device's parameters, sharded over DP by the distributed optimizer (ZeRO >= 1).
    const double expertParams = model.isMoe() ? double(moeLayers) * model.moe.experts * gateUp * model.hidden * model.moe.expertFfn : 0.0;
    const double denseLocal = std::max(0.0, params.total - expertParams) / (L.tp * L.pp);
    const double expertLocal = expertParams / (double(L.tp) * L.pp * L.ep);
    const double optimizerParams = L.zero >= 1 ? denseLocal / L.dp + expertLocal / std::max(1, L.dp / L.ep) : denseLocal + expertLocal;
    StepOperator optimizer;
    optimizer.name = "optimizer (Adam, FP32 master weights)";
    optimizer.kind = "optimizer";
    optimizer.precision = "fp32";
    optimizer.calls = 1;
    optimizer.bytes = optimizerParams * optimizerBytesPerParam;
    optimizer.seconds = optimizer.bytes / (memGBps * 1e9 * P.copyEfficiency.value);
    optimizer.efficiency = P.copyEfficiency.value;
    optimizer.memoryBound = true;
    optimizer.detail = readableText(optimizerParams) + " parameters x " + readableText(optimizerBytesPerParam) + " B";

    // The stage time of one micro-batch: kernels, or the host's dispatch when launches outrun them.
    const double stageS = std::max(acc.gpuS, acc.hostS);
    const double m = out.microBatches;
    const double vp = spec.virtualStages;
    TrainingStepBreakdown& b = out.breakdown;
    b.computeS = m * acc.gpuS;
    b.hostBoundS = m * (stageS - acc.gpuS);
    b.bubbleS = (L.pp - 1) / vp * stageS;
    b.optimizerS = optimizer.seconds;

    // Exposed communication: what the frameworks overlap is hidden up to the compute it overlaps with.
    double tp = 0, cp = 0, ep = 0, ppSend = 0, ppCalls = 0, dpGrad = 0, dpGather = 0, dpPerMicro = 0;
    for (const StepCollective& c : comms) {
        const double s = c.timeUsPerStep * 1e-6;
        if (c.parallelism == "TP") tp += s;
        else if (c.parallelism == "CP") cp += s;
        else if (c.parallelism == "EP") ep += s;
        else if (c.parallelism == "PP") {
            ppSend += s;
            ppCalls += c.callsPerStep;
        } else if (c.parallelism == "DP") {
            if (c.op == Collective::AllGather && c.callsPerStep > 1) dpPerMicro += s;
            else if (c.op == Collective::AllGather) dpGather += s;
            else dpGrad += s;
        }
    }
    b.tpExposedS = spec.overlapTpComm ? std::max(0.0, tp - m * acc.gemmS) : tp;
    b.cpExposedS = std::max(0.0, cp - m * acc.attentionS); // ring attention sends the next K/V block under the current one
    b.epExposedS = ep;
    // Steady-state sends run beside the other micro-batches' compute; the 2 (pp - 1) sends of the fill and drain do not.
    b.ppExposedS = ppCalls > 0 ? ppSend / ppCalls * 2.0 * (L.pp - 1) : 0.0;
    // Gradients reduce under the backward pass of the last micro-batch; parameters gather under the first forward.
    b.dpExposedS = (spec.overlapGradReduce ? std::max(0.0, dpGrad - acc.backwardS) : dpGrad) +
                   (spec.overlapParamGather ? std::max(0.0, dpGather - acc.forwardS) : dpGather) + dpPerMicro;
    out.stepS = b.computeS + b.hostBoundS + b.bubbleS + b.tpExposedS + b.cpExposedS + b.epExposedS + b.ppExposedS + b.dpExposedS +
                b.optimizerS;

    // Throughput and the FLOP conventions (mfuConvention).
    const double tokens = double(spec.globalBatch) * spec.sequence;
    out.tokensPerS = tokens / out.stepS;
    out.tokensPerSPerDevice = out.tokensPerS / out.devices;
    const double embeddingTable = double(model.vocab) * model.hidden;
    const double outputLayer = model.tiedEmbeddings ? embeddingTable : 0.0; // untied: already in params.embedding
    const double active = params.activePerToken - (params.embedding - (model.tiedEmbeddings ? 0.0 : embeddingTable)) + outputLayer;
    const double attentionForward = 4.0 * model.layers * double(spec.sequence) * spec.sequence * model.heads * (dqk + dv) / 2.0 * 0.5;
    const double sequences = spec.globalBatch;
    out.modelFlopsPerStep = 6.0 * active * tokens + 3.0 * attentionForward * sequences;
    double recomputed = 0;
    if (spec.recompute == memory::Recompute::Selective) recomputed = attentionForward * sequences;
    if (spec.recompute == memory::Recompute::Full) recomputed = 2.0 * active * tokens + attentionForward * sequences;
    out.hardwareFlopsPerStep = out.modelFlopsPerStep + recomputed;
    out.modelTflopsPerDevice = out.modelFlopsPerStep / out.stepS / out.devices / 1e12;
    out.mfu = out.modelTflopsPerDevice / out.bf16PeakTflops;
    out.hfu = out.hardwareFlopsPerStep / out.stepS / out.devices / 1e12 / out.bf16PeakTflops;

    // Memory per device (weights, gradients, optimizer states, activations of the micro-batches in flight).
    memory::TrainingInput mi;
    mi.model = model;
    mi.dataParallel = L.dp;
    mi.tensorParallel = L.tp;
    mi.pipelineParallel = L.pp;
    mi.zeroStage = L.zero;
    // FlashAttention keeps no s x s score matrix: with no recomputation the activations are Korthikanti's selective case.
    mi.recompute = spec.recompute == memory::Recompute::None ? memory::Recompute::Selective : spec.recompute;
    mi.sequenceParallel = L.sequenceParallel;
    mi.unevenStages = true;
    mi.microBatch = spec.microBatch;
    mi.sequence = spec.sequence / L.cp;
    mi.gradientBytesPerParam = 4.0;
    auto mem = memory::trainingMemory(mi);
    if (!mem) return std::unexpected(mem.error());
    out.memory = *mem;
    out.capacityBytes = device.value(catalog::FigureKey::MemoryGb).value_or(0.0) * 1e9;
    out.fits = out.capacityBytes > 0 && out.memory.totalBytes <= 0.9 * out.capacityBytes;
    if (L.ep > 1) out.flags.push_back("expert weights are counted as if replicated over EP in the memory figure (an upper bound)");

    if (shared.details) out.collectives = shared.collectives ? *shared.collectives : std::move(owned);
    if (shared.details) acc.ops.push_back(std::move(optimizer));
    out.operators = std::move(acc.ops);
    out.flags.insert(out.flags.end(), P.flags.begin(), P.flags.end());
    return out;
}

} // namespace accelscope::models::system
