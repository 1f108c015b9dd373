// SPDX-License-Identifier: MIT
// The training planner on the step model: every TP x CP x PP x DP x EP x VP x ZeRO x recomputation x micro-batch layout
// of N devices, each evaluated by estimateTrainingStep, the ones that fit ranked by step time.
#pragma once

#include "models/system/step/training_step.hpp"
#include "models/system/workload/workload_defaults.hpp"

#include <span>
#include <vector>

namespace accelscope::models::system {

/// What is searched. Unset limits come from the model and the fabric.
struct TrainingSearch {
    int devices = 64;
    int globalBatch = workloadDefaults.globalBatch;
    int sequence = workloadDefaults.sequence;
    std::string gemmPrecision = "bf16";
    std::vector<int> microBatches{1, 2, 4};
    std::vector<int> zeroStages{1, 3};
    bool includeRecompute = true; ///< also try selective and full recomputation
    int maxVirtualStages = 10;   ///< VP from 1 to this, where pp x vp divides the layers
};

/// The result: layouts that fit, fastest first, then the closest misses by memory.
struct TrainingSearchResult {
    int evaluated = 0;
    int fitting = 0;
    int maxTensorParallel = 1;             ///< the scale-up domain the TP search stayed inside
    std::vector<TrainingStepEstimate> best; ///< up to `keep` fitting layouts, fastest first
    std::vector<TrainingStepEstimate> closest; ///< when nothing fits: the layouts needing the least memory
};

/// Searches the layouts of `search.devices` devices of `device` on `fabric` (built for that many devices). TP stays in
/// the scale-up domain and divides the heads (and the KV heads or is a multiple of them); CP divides the sequence;
/// PP x VP chunks hold whole layers; EP divides DP and the experts; the global batch divides DP x micro-batch.
Result<TrainingSearchResult> searchTrainingLayouts(const roofline::TransformerConfig& model, const catalog::Device& device,
                                                   const Fabric& fabric, const TrainingSearch& search, int keep = 10);

} // namespace accelscope::models::system
