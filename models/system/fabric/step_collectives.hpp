// SPDX-License-Identifier: MIT
// Where collectives bite: every collective of one training step (or one decode step) of a transformer on a
// TP x CP x EP x DP x PP layout, with its group, bytes, the link it crosses and its time on the fabric.
#pragma once

#include "models/common/result.hpp"
#include "models/roofline/transformer_config.hpp"
#include "models/system/fabric/collectives.hpp"
#include "models/system/fabric/fabric.hpp"

#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace accelscope::models::system {

/// A parallel layout. Ranks are numbered TP fastest, then CP, then DP, then PP (Megatron-LM's order), so a
/// group of stride s and size n spans s x n consecutive ranks; EP is carved out of DP (expert data parallel).
struct ParallelLayout {
    int tp = 1;
    int cp = 1;
    int ep = 1;   ///< divides dp
    int dp = 1;
    int pp = 1;
    bool sequenceParallel = false; ///< TP all-reduces become reduce-scatter + all-gather (same bytes)
    int zero = 1;                  ///< 0: DP all-reduce of gradients; 1-2: reduce-scatter + parameter all-gather; 3: also per-layer gathers
};

/// One step's shape.
struct StepShape {
    bool training = true;
    int microBatchSequences = 1; ///< sequences per micro-batch (training) or sequences in the decode batch
    int sequenceTokens = 4096;   ///< tokens per sequence (training) ; decode: 1 new token each
    int microBatches = 1;        ///< per step and pipeline (training)
    double activationBytes = 2;  ///< per element on the wire (BF16)
    double gradientBytes = 4;    ///< per parameter in the DP reduction (FP32 gradients; 2 for BF16)
};

/// One kind of collective in the step.
struct StepCollective {
    std::string name;            ///< "TP all-reduce (attention and MLP outputs)"
    std::string parallelism;     ///< "TP", "CP", "EP", "DP", "PP"
    Collective op = Collective::AllReduce;
    int groupSize = 1;
    double bytesPerCall = 0;     ///< nccl-tests' size of one call
    int callsPerStep = 0;        ///< per device
    bool crossesNodes = false;
    std::string link;            ///< "NVLink 4 in the node", "network (400 Gb/s per device)"
    CollectiveEstimate estimate; ///< one call on the group's own fabric
    double timeUsPerStep = 0;    ///< calls x one call's time (before any overlap with compute)
    std::vector<std::string> flags; ///< "TP group crosses the node: 16 ranks, 8 per node"
};

/// Estimates already made for one fabric, by collective, group placement and size: a search over layouts meets the
/// same group and size many times. Use one cache with one fabric only.
class StepCollectiveCache {
public:
    const CollectiveEstimate* find(Collective op, int stride, int size, double bytes) const;
    void keep(Collective op, int stride, int size, double bytes, CollectiveEstimate estimate);

private:
    std::map<std::tuple<int, int, int, double>, CollectiveEstimate> estimates_;
};

/// The collectives of one step on `fabric` (its devices per node and nodes give the placement). Errors name the
/// option: a layout whose product is not the fabric's device count, ep not dividing dp, experts not divisible by ep,
/// heads not divisible by tp.
Result<std::vector<StepCollective>> stepCollectives(const Fabric& fabric, const roofline::TransformerConfig& model,
                                                    const ParallelLayout& layout, const StepShape& shape,
                                                    StepCollectiveCache* cache = nullptr);

} // namespace accelscope::models::system
