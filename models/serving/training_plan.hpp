// SPDX-License-Identifier: MIT
// The training fit search: every TP × PP × DP × ZeRO × recomputation layout of N devices, its memory and step time.
#pragma once

#include "models/common/result.hpp"
#include "models/memory/training_memory.hpp"
#include "models/roofline/transformer_config.hpp"
#include "models/serving/serving_model.hpp"
#include "models/system/workload/workload_defaults.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace accelscope::models::serving {

namespace training {
/// Achievable fraction of the BF16 tensor peak in training GEMMs. One-point calibration on "The Llama 3
/// Herd of Models" (arXiv 2407.21783), Table 4, row 8,192 H100s, TP 8, PP 16, DP 64, sequence 8,192,
/// 16M tokens per batch: 430 TFLOPs per GPU, 43 % BF16 MFU. This model predicts 43 % for that layout
/// with 0.71 (step = 6·Ψ·tokens/(N·peak·e) × (m+p−1)/m + TP all-reduces + DP all-reduce; the test
/// "the Llama 3 405B layout reproduces the paper's MFU" keeps the two consistent).
constexpr double computeEfficiency = 0.71;
} // namespace training

/// What is trained and on what.
struct TrainingRequest {
    int devices = 64;                        ///< N = TP × PP × DP
    int globalBatch = system::workloadDefaults.globalBatch; ///< sequences per optimizer step
    int sequence = system::workloadDefaults.sequence;       ///< tokens per sequence
    int microBatch = system::workloadDefaults.microBatch;   ///< sequences per micro-batch
    std::string weights = "bf16";            ///< weight, gradient and compute format (roofline::dataTypeFromName)
    double optimizerBytesPerParam = 12.0;    ///< Adam K = 12 (ZeRO paper)
};

/// One layout: TP × PP × DP devices, ZeRO stage, recomputation; m micro-batches per step and pipeline.
struct TrainingLayout {
    int tp = 1;
    int pp = 1;
    int dp = 1;
    int zero = 0;
    memory::Recompute recompute = memory::Recompute::None;
    int microBatches = 1; ///< m = global batch / (DP × micro-batch)
};

/// What bounds a training step: the largest of its four parts.
enum class TrainingBound { Compute, TensorParallel, DataParallel, Pipeline };
std::string_view trainingBoundName(TrainingBound bound);

/// One layout's memory per device and step time.
struct TrainingEstimate {
    TrainingLayout layout;
    memory::TrainingMemory memory;   ///< per device (weights, gradients, optimizer, activations)
    double capacityBytes = 0.0;      ///< memory_gb × 10^9
    bool fits = false;               ///< memory.totalBytes ≤ (1 − 10 %) × capacity
    std::string verdict;             ///< "fits: 71 % of 80.0 GiB" or memory::doesNotFitText
    double computeS = 0.0;           ///< hardware FLOPs / (N · peak · computeEfficiency)
    double bubbleS = 0.0;            ///< computeS · (p − 1)/m: the 1F1B bubble (p−1)/(m+p−1) of the pipelined time
    double pipelineSendS = 0.0;      ///< stage-to-stage activation sends, forward and backward
    double tensorParallelS = 0.0;    ///< Megatron all-reduces of b·s·h activations (4 per layer, 6 with full recomputation)
    double dataParallelS = 0.0;      ///< gradient all-reduce (ZeRO-3: 1.5×) over the DP group
    double stepS = 0.0;              ///< the sum: no overlap of communication with compute (an upper bound)
    double tokensPerS = 0.0;         ///< global batch × sequence / step
    double mfu = 0.0;                ///< model FLOPs (no recomputation) / (step · N · peak)
    TrainingBound bound = TrainingBound::Compute;
};

/// Every layout of the request, fitting ones first by step time, then the rest by bytes needed.
struct TrainingPlan {
    std::string deviceId;
    int scaleUpDomain = 8;           ///< TP limit: catalog scaleup_domain_devices, else constants::maxTensorParallel
    double scaleUpGBps = 0.0;        ///< per direction (interconnect_gbs / 2)
    double scaleOutGBps = 0.0;       ///< per direction: the PCIe host link a NIC sits behind (an upper bound)
    double peakTflops = 0.0;
    int fitting = 0;
    std::vector<TrainingEstimate> layouts;
};

/// Searches TP (powers of two up to the scale-up domain, dividing heads), PP (1 to the layers,
/// stages of ⌈layers/pp⌉ layers), DP = N/(TP·PP) with the global batch divisible by DP × micro-batch,
/// ZeRO 0–3 and recomputation none/selective/full; sequence parallelism with TP > 1. Memory from
/// memory::trainingMemory, judged against 90 % of memory_gb. Step time: compute (6·Ψ_active·tokens plus
/// causal attention, 3× forward; full recomputation 4× forward, selective adds the attention core once)
/// at training::computeEfficiency; the bubble; TP ring all-reduces over the scale-up link; DP ring
/// all-reduce of 16-bit gradients over the scale-up link when TP × DP ≤ the domain, else the slower
/// of it and the PCIe host link; PP sends over the same rule. Errors: bad sizes, no layout at all.
Result<TrainingPlan> planTraining(const roofline::TransformerConfig& config, const ServingDevice& device,
                                  const TrainingRequest& request);

/// The planner's assumptions, one sentence each.
std::vector<std::string> trainingAssumptions();

} // namespace accelscope::models::serving
