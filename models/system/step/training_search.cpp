// SPDX-License-Identifier: MIT
#include "models/system/step/training_search.hpp"

#include <algorithm>

namespace accelscope::models::system {

Result<TrainingSearchResult> searchTrainingLayouts(const roofline::TransformerConfig& model, const catalog::Device& device,
                                                   const Fabric& fabric, const TrainingSearch& search, int keep)
{
    if (auto v = roofline::validateConfig(model); !v) return std::unexpected(v.error());
    if (search.devices != fabric.ranks()) {
        return fail(ErrorCode::InvalidArgument, std::to_string(search.devices) + " devices, but the fabric has " + std::to_string(fabric.ranks()));
    }
    if (search.globalBatch < 1 || search.sequence < 1) return fail(ErrorCode::InvalidArgument, "--global-batch and --seq must be at least 1");
    TrainingSearchResult out;
    out.maxTensorParallel = std::max(1, std::min(fabric.devicesPerNode, model.heads));
    const int N = search.devices;
    std::vector<memory::Recompute> recomputes{memory::Recompute::None};
    if (search.includeRecompute) recomputes.insert(recomputes.end(), {memory::Recompute::Selective, memory::Recompute::Full});
    std::vector<TrainingStepEstimate> fitting, misses;
    const KernelParameters parameters = kernelParameters(device);
    StepCollectiveCache cache;

    for (int tp = 1; tp <= out.maxTensorParallel; tp *= 2) {
        if (N % tp != 0 || model.heads % tp != 0 || (model.kvHeads % tp != 0 && tp % model.kvHeads != 0)) continue;
        for (int cp = 1; tp * cp <= N && cp <= 32; cp *= 2) {
            if ((N / tp) % cp != 0 || search.sequence % cp != 0 || search.sequence / cp < 1024) continue;
            const int rest = N / (tp * cp);
            for (int pp = 1; pp <= std::min(rest, model.layers); ++pp) {
                if (rest % pp != 0) continue;
                const int dp = rest / pp;
                for (int ep = 1; ep <= dp; ep *= 2) {
                    if (dp % ep != 0 || (ep > 1 && (!model.isMoe() || model.moe.experts % ep != 0))) continue;
                    for (int vp = 1; vp <= (pp > 1 ? search.maxVirtualStages : 1); ++vp) {
                        if (vp > 1 && model.layers % (pp * vp) != 0) continue;
                        for (int mb : search.microBatches) {
                            if (mb < 1 || search.globalBatch % (static_cast<long long>(dp) * mb) != 0) continue;
                            if (vp > 1 && (search.globalBatch / (dp * mb)) % pp != 0) continue; // interleaving needs m divisible by pp
                            for (int zero : search.zeroStages) {
                                if (dp == 1 && zero != search.zeroStages.front()) continue; // nothing to shard over one rank
                                TrainingLayoutSpec spec;
                                spec.parallel = ParallelLayout{tp, cp, ep, dp, pp, tp > 1, zero};
                                spec.virtualStages = vp;
                                spec.microBatch = mb;
                                spec.globalBatch = search.globalBatch;
                                spec.sequence = search.sequence;
                                spec.gemmPrecision = search.gemmPrecision;
                                // The collectives do not depend on the recomputation: once for the three.
                                auto collectives = trainingStepCollectives(model, fabric, spec, &cache);
                                if (!collectives) {
                                    out.evaluated += static_cast<int>(recomputes.size());
                                    continue;
                                }
                                for (memory::Recompute rc : recomputes) {
                                    spec.recompute = rc;
                                    auto e = estimateTrainingStep(model, device, fabric, spec, TrainingStepShared{&parameters, &*collectives, false});
                                    ++out.evaluated;
                                    if (!e) continue;
                                    (e->fits ? fitting : misses).push_back(std::move(*e));
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    out.fitting = static_cast<int>(fitting.size());
    const auto count = static_cast<std::size_t>(std::max(0, keep));
    auto byStep = [](const TrainingStepEstimate& a, const TrainingStepEstimate& b) { return a.stepS < b.stepS; };
    std::partial_sort(fitting.begin(), fitting.begin() + static_cast<long>(std::min(count, fitting.size())), fitting.end(), byStep);
    fitting.resize(std::min(count, fitting.size()));
    out.best = std::move(fitting);
    if (out.best.empty()) {
        auto byMemory = [](const TrainingStepEstimate& a, const TrainingStepEstimate& b) { return a.memory.totalBytes < b.memory.totalBytes; };
        std::partial_sort(misses.begin(), misses.begin() + static_cast<long>(std::min(count, misses.size())), misses.end(), byMemory);
        misses.resize(std::min(count, misses.size()));
        out.closest = std::move(misses);
    }
    if (out.evaluated == 0) {
        return fail(ErrorCode::InvalidArgument, "no layout of " + std::to_string(N) + " devices divides the global batch " +
                                                    std::to_string(search.globalBatch) + " and the model's heads and layers");
    }
    return out;
}

} // namespace accelscope::models::system
