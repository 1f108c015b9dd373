// SPDX-License-Identifier: MIT
// Training layout search: ZeRO/activation memory per device and a roofline step time with collectives and the bubble.
#include "models/serving/training_plan.hpp"

#include "models/common/number_text.hpp"
#include "models/system/fabric/collectives.hpp"
#include "models/memory/device_fit.hpp"
#include "models/roofline/dtype.hpp"

#include <algorithm>
#include <cmath>

namespace accelscope::models::serving {
namespace {

using catalog::FigureKey;
using memory::Recompute;

constexpr double bytesPerGib = 1024.0 * 1024.0 * 1024.0; // capacities are shown in GiB, as memory::doesNotFitText does

/// Per-step quantities that do not depend on the layout.
struct Work {
    double tokens = 0.0;            ///< global batch × sequence
    double forwardFlopsPerToken = 0.0;
    double attentionFlopsPerToken = 0.0; ///< the attention core's part of the forward
    double activationBytes = 0.0;   ///< one micro-batch's hidden states, b·s·h·2 bytes
};

Work workOf(const roofline::TransformerConfig& c, const TrainingRequest& r)
{
    Work w;
    w.tokens = double(r.globalBatch) * r.sequence;
    // QKᵀ and AV: 2·s·a·d_head FLOPs each per token and layer, halved by the causal mask.
    w.attentionFlopsPerToken = 2.0 * c.layers * double(r.sequence) * c.heads * c.headDim;
    w.forwardFlopsPerToken = 2.0 * roofline::countParameters(c).activePerToken + w.attentionFlopsPerToken;
    w.activationBytes = double(r.microBatch) * r.sequence * c.hidden * 2.0;
    return w;
}

/// Forward passes a training step runs: forward + backward (2×), plus the recomputed forward.
double hardwareFlopsPerToken(const Work& w, Recompute recompute)
{
    switch (recompute) {
    case Recompute::None: return 3.0 * w.forwardFlopsPerToken;
    case Recompute::Selective: return 3.0 * w.forwardFlopsPerToken + w.attentionFlopsPerToken;
    case Recompute::Full: return 4.0 * w.forwardFlopsPerToken;
    }
    return 3.0 * w.forwardFlopsPerToken;
}

double allReduceS(double bytes, int n, double gbps, bool scaleUp)
{
    if (n <= 1) return 0.0;
    const double stepUs = scaleUp ? constants::nvlinkStepLatencyUs : constants::pcieStepLatencyUs;
    return system::ringCollectiveUs(system::Collective::AllReduce, bytes, n, gbps, constants::collectiveBaseLatencyUs, stepUs) * 1e-6;
}

TrainingBound boundOf(const TrainingEstimate& e)
{
    const double pipeline = e.bubbleS + e.pipelineSendS;
    const double top = std::max({e.computeS, e.tensorParallelS, e.dataParallelS, pipeline});
    if (top == e.computeS) return TrainingBound::Compute;
    if (top == e.tensorParallelS) return TrainingBound::TensorParallel;
    if (top == e.dataParallelS) return TrainingBound::DataParallel;
    return TrainingBound::Pipeline;
}

std::vector<int> powersOfTwoUpTo(int limit)
{
    std::vector<int> out;
    for (int v = 1; v <= limit; v *= 2) out.push_back(v);
    return out;
}

} // namespace

std::string_view trainingBoundName(TrainingBound bound)
{
    switch (bound) {
    case TrainingBound::Compute: return "compute";
    case TrainingBound::TensorParallel: return "tp all-reduce";
    case TrainingBound::DataParallel: return "dp all-reduce";
    case TrainingBound::Pipeline: return "pipeline bubble";
    }
    return "";
}

Result<TrainingPlan> planTraining(const roofline::TransformerConfig& config, const ServingDevice& device,
                                  const TrainingRequest& request)
{
    const auto positive = [](const char* name, int v) -> Result<void> {
        if (v >= 1) return {};
        return fail(ErrorCode::InvalidArgument, std::string(name) + " must be at least 1, got " + std::to_string(v));
    };
    for (const auto& [name, v] : {std::pair{"--count", request.devices}, std::pair{"--global-batch", request.globalBatch},
                                  std::pair{"--seq", request.sequence}, std::pair{"--micro-batch", request.microBatch}}) {
        if (auto ok = positive(name, v); !ok) return std::unexpected(ok.error());
    }
    if (request.devices > constants::maxDevices) return fail(ErrorCode::InvalidArgument, "--count must be at most 65,536 devices");
    const auto bytesPerValue = roofline::dataTypeFromName(request.weights);
    if (!bytesPerValue) return fail(ErrorCode::InvalidArgument, "--weights: " + bytesPerValue.error().message);

    TrainingPlan plan;
    plan.deviceId = device.device->id;
    plan.peakTflops = device.peakTflops;
    const auto domain = device.device->value(FigureKey::ScaleupDomainDevices);
    plan.scaleUpDomain = domain ? static_cast<int>(*domain) : constants::maxTensorParallel;
    plan.scaleUpGBps = device.linkIsScaleUp ? device.linkGBpsPerDirection : 0.0;
    const auto gen = device.device->value(FigureKey::PcieGen);
    plan.scaleOutGBps = gen ? pcieGBpsPerDirection(*gen, device.device->value(FigureKey::PcieLanes).value_or(16.0))
                            : plan.scaleUpGBps;
    if (plan.scaleUpGBps > 0.0 && plan.scaleOutGBps > 0.0) plan.scaleOutGBps = std::min(plan.scaleOutGBps, plan.scaleUpGBps);
    const double anyLink = plan.scaleUpGBps > 0.0 ? plan.scaleUpGBps : plan.scaleOutGBps;

    const Work work = workOf(config, request);
    const double flopsPerS = device.peakTflops * 1e12 * training::computeEfficiency;
    const int n = request.devices;
    for (const int tp : powersOfTwoUpTo(std::min(n, plan.scaleUpDomain))) {
        if (tp > 1 && !(plan.scaleUpGBps > 0.0)) break; // tensor parallelism needs the scale-up link
        for (int pp = 1; pp <= std::min(config.layers, n / tp); ++pp) {
            if (n % (tp * pp) != 0) continue;
            if (pp > 1 && !(anyLink > 0.0)) break;
            const int dp = n / (tp * pp);
            if (request.globalBatch % (dp * request.microBatch) != 0) continue;
            const int m = request.globalBatch / (dp * request.microBatch);
            // Where the DP and PP peers sit: inside one scale-up domain, or across them.
            const bool dpInside = tp * dp <= plan.scaleUpDomain && plan.scaleUpGBps > 0.0;
            const bool ppInside = tp * pp <= plan.scaleUpDomain && plan.scaleUpGBps > 0.0;
            for (const Recompute recompute : {Recompute::None, Recompute::Selective, Recompute::Full}) {
                for (int zero = 0; zero <= 3; ++zero) {
                    memory::TrainingInput in;
                    in.model = config;
                    in.tensorParallel = tp;
                    in.pipelineParallel = pp;
                    in.dataParallel = dp;
                    in.zeroStage = zero;
                    in.recompute = recompute;
                    in.sequenceParallel = tp > 1;
                    in.unevenStages = true;
                    in.microBatch = request.microBatch;
                    in.sequence = request.sequence;
                    in.weightBytesPerParam = bytesPerValue->bytesPerElement;
                    in.gradientBytesPerParam = bytesPerValue->bytesPerElement;
                    in.optimizerBytesPerParam = request.optimizerBytesPerParam;
                    auto mem = memory::trainingMemory(in);
                    if (!mem) continue; // heads not divisible by tp: not a layout
                    TrainingEstimate e;
                    e.layout = {tp, pp, dp, zero, recompute, m};
                    e.memory = *mem;
                    e.capacityBytes = device.capacityBytes;
                    e.fits = mem->totalBytes <= (1.0 - memory::runtimeHeadroom) * device.capacityBytes;
                    e.verdict = e.fits ? "fits: " + decimalText(100.0 * mem->totalBytes / device.capacityBytes, 0) + " % of " +
                                             decimalText(device.capacityBytes / bytesPerGib, 1) + " GiB"
                                       : memory::doesNotFitText(mem->totalBytes, device.capacityBytes);
                    // The slowest stage holds ⌈layers/pp⌉ layers; every stage waits for it.
                    const double imbalance = double(mem->layersPerDevice) * pp / config.layers;
                    e.computeS = hardwareFlopsPerToken(work, recompute) * work.tokens / (double(n) * flopsPerS) * imbalance;
                    e.bubbleS = e.computeS * double(pp - 1) / m;
                    if (pp > 1) {
                        const double gbps = ppInside ? plan.scaleUpGBps : plan.scaleOutGBps;
                        e.pipelineSendS = 2.0 * (m + pp - 1) * (constants::collectiveBaseLatencyUs * 1e-6 +
                                                                work.activationBytes / tp / (gbps * 1e9));
                    }
                    const int perLayer = recompute == Recompute::Full ? 6 : 4;
                    e.tensorParallelS = double(perLayer) * mem->layersPerDevice * m *
                                        allReduceS(work.activationBytes, tp, plan.scaleUpGBps, true);
                    const double gradientBytes = in.gradientBytesPerParam * mem->parameters * mem->layersPerDevice /
                                                 config.layers / tp;
                    const double zeroFactor = zero == 3 ? 1.5 : 1.0; // ZeRO paper section 7: 3Ψ instead of 2Ψ
                    e.dataParallelS = zeroFactor * allReduceS(gradientBytes, dp, dpInside ? plan.scaleUpGBps : plan.scaleOutGBps, dpInside);
                    e.stepS = e.computeS + e.bubbleS + e.pipelineSendS + e.tensorParallelS + e.dataParallelS;
                    e.tokensPerS = work.tokens / e.stepS;
                    e.mfu = 3.0 * work.forwardFlopsPerToken * work.tokens / (e.stepS * n * device.peakTflops * 1e12);
                    e.bound = boundOf(e);
                    plan.layouts.push_back(std::move(e));
                }
            }
        }
    }
    if (plan.layouts.empty()) {
        return fail(ErrorCode::InvalidArgument, "no layout of " + std::to_string(n) + " x " + plan.deviceId + " splits " +
                                                    config.id + " with global batch " + std::to_string(request.globalBatch) +
                                                    " (TP up to " + std::to_string(plan.scaleUpDomain) +
                                                    " dividing the heads, DP x micro-batch dividing the global batch)");
    }
    std::ranges::stable_sort(plan.layouts, [](const TrainingEstimate& a, const TrainingEstimate& b) {
        if (a.fits != b.fits) return a.fits;
        if (a.fits) {
            if (a.stepS != b.stepS) return a.stepS < b.stepS;
            return a.memory.totalBytes < b.memory.totalBytes;
        }
        return a.memory.totalBytes < b.memory.totalBytes;
    });
    plan.fitting = static_cast<int>(std::ranges::count_if(plan.layouts, [](const TrainingEstimate& e) { return e.fits; }));
    return plan;
}

std::vector<std::string> trainingAssumptions()
{
    return {
        "memory per device: ZeRO model states (weights and gradients in the weight format, Adam K = 12) and Korthikanti "
        "activations (16-bit, sequence parallelism with TP, 1F1B: pp micro-batches in flight), 10 % of memory kept free",
        "pipeline stages of ceil(layers / pp) layers; the slowest stage sets the pace",
        "compute = (3 x forward FLOPs; full recomputation 4 x; selective + the attention core) / (devices x peak x 0.71), "
        "forward = 2 x active parameters + causal attention per token; 0.71 from Llama 3 405B's 43 % MFU (arXiv 2407.21783, Table 4)",
        "pipeline bubble (p - 1) / (m + p - 1) of the pipelined time (1F1B), m = global batch / (DP x micro-batch)",
        "TP: 4 ring all-reduces of b x s x h x 2 bytes per layer and micro-batch (6 with full recomputation) over the scale-up link",
        "DP: one ring all-reduce of the stage's 16-bit gradients per step (ZeRO-3: 1.5 x); over the scale-up link when TP x DP "
        "fits in the scale-up domain, else the PCIe host link (the NIC sits behind it: an upper bound)",
        "no overlap of communication with compute: the step time is an upper bound",
    };
}

} // namespace accelscope::models::serving
