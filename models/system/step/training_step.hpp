// SPDX-License-Identifier: MIT
// One training step of a transformer on a TP x CP x EP x DP x PP layout, built from operators that each mean
// something physical: GEMMs at the chip's tiles and waves, FlashAttention-style attention, memory-bound
// elementwise kernels, the optimizer, the step's collectives on the fabric with the overlaps Megatron-LM runs,
// and the pipeline bubble of the schedule.
#pragma once

#include "models/catalog/device.hpp"
#include "models/common/result.hpp"
#include "models/memory/training_memory.hpp"
#include "models/roofline/transformer_config.hpp"
#include "models/system/fabric/fabric.hpp"
#include "models/system/fabric/step_collectives.hpp"
#include "models/system/step/kernel_parameters.hpp"
#include "models/system/workload/workload_defaults.hpp"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::models::system {

/// The layout and recipe of one training run.
struct TrainingLayoutSpec {
    ParallelLayout parallel;      ///< tp, cp, ep, dp, pp, sequence parallelism, ZeRO stage
    int virtualStages = 1;        ///< interleaved 1F1B: model chunks per pipeline rank (vp)
    memory::Recompute recompute = memory::Recompute::None;
    int microBatch = workloadDefaults.microBatch;   ///< sequences per micro-batch
    int globalBatch = workloadDefaults.globalBatch; ///< sequences per optimizer step
    int sequence = workloadDefaults.sequence;       ///< tokens per sequence
    std::string gemmPrecision = "bf16"; ///< "bf16" or "fp8": the linear layers; attention, norms and the output layer stay BF16
    bool overlapGradReduce = true;   ///< DP reduce-scatter under the backward pass (Megatron --overlap-grad-reduce)
    bool overlapParamGather = true;  ///< parameter all-gather under the next forward (--overlap-param-gather)
    bool overlapTpComm = false;      ///< TP communication under the GEMMs (TransformerEngine userbuffers)
};

/// One kind of operator in the step, summed over this device's layers and micro-batches.
struct StepOperator {
    std::string name;         ///< "MLP down projection (forward)"
    std::string kind;         ///< "gemm", "attention", "memory", "optimizer"
    std::string precision;    ///< "bf16", "fp8"
    double calls = 0;         ///< kernel calls per step on this device
    double flops = 0;         ///< per step on this device
    double bytes = 0;         ///< per step on this device (device memory traffic)
    double seconds = 0;       ///< GPU time per step on this device
    double efficiency = 0;    ///< achieved / peak of its bound (compute or memory)
    bool memoryBound = false;
    std::string detail;       ///< "M 4,096 x N 10,240 x K 8,192: 320 tiles, 3 waves (81 %)"
};

/// The step's time, split the way a profile would show it.
struct TrainingStepBreakdown {
    double computeS = 0;          ///< m micro-batches x the slowest stage's forward and backward (kernels only)
    double bubbleS = 0;           ///< (pp - 1) / vp of one micro-batch's stage time
    double tpExposedS = 0;        ///< TP all-gather/reduce-scatter not hidden under GEMMs
    double cpExposedS = 0;
    double epExposedS = 0;
    double ppExposedS = 0;        ///< stage sends on the fill/drain path
    double dpExposedS = 0;        ///< gradient reduce-scatter/all-reduce and parameter gather not hidden
    double optimizerS = 0;
    double hostBoundS = 0;        ///< extra time when kernel launches outrun the GPU (eager dispatch)
};

/// One evaluated layout.
struct TrainingStepEstimate {
    TrainingLayoutSpec spec;
    int devices = 0;
    int microBatches = 0;         ///< per pipeline per step: global batch / (dp x micro-batch)
    std::vector<StepOperator> operators; ///< one micro-batch on the slowest stage, and the optimizer
    std::vector<StepCollective> collectives;
    TrainingStepBreakdown breakdown;
    double stepS = 0;
    double tokensPerS = 0;        ///< global batch x sequence / step
    double tokensPerSPerDevice = 0;
    double modelFlopsPerStep = 0; ///< 6 N_active tokens + 3 x causal attention forward (see mfuConvention)
    double hardwareFlopsPerStep = 0; ///< model FLOPs + recomputed forward FLOPs
    double modelTflopsPerDevice = 0;
    double mfu = 0;               ///< model FLOP/s / (devices x BF16 dense peak)
    double hfu = 0;               ///< hardware FLOP/s / (devices x BF16 dense peak)
    double bf16PeakTflops = 0;
    memory::TrainingMemory memory;
    double capacityBytes = 0;
    bool fits = false;
    KernelParameters parameters;  ///< empty in a search's results (TrainingStepShared::details false)
    std::vector<std::string> flags;
};

/// The conventions MFU and HFU are stated in, one sentence each.
std::vector<std::string> mfuConvention();

/// The formats the linear layers may train in, in menu order ("bf16", "fp8"; the kernel parameters have GEMM
/// efficiencies for these two): `train plan/estimate --precision`, the Training step page's combo and its lesson
/// contract read this list.
std::span<const std::string_view> trainingGemmPrecisions();
/// trainingGemmPrecisions joined with " or " ("bf16 or fp8"), for help and error text.
std::string trainingGemmPrecisionsText();
/// Whether `precision` is one of trainingGemmPrecisions.
bool isTrainingGemmPrecision(std::string_view precision);

/// Evaluates one layout of `model` on `fabric` (built for `device`). Errors name the option: a layout that does
/// not multiply to the fabric's devices, a global batch not divisible by dp x micro-batch, layers not divisible
/// by pp x vp, a precision the device has no dense figure for.
Result<TrainingStepEstimate> estimateTrainingStep(const roofline::TransformerConfig& model, const catalog::Device& device,
                                                  const Fabric& fabric, const TrainingLayoutSpec& spec);

/// What a search shares between layouts: the device's kernel parameters, and the step's collectives when only the
/// recomputation differs (they do not depend on it). Both are what estimateTrainingStep would compute itself.
struct TrainingStepShared {
    const KernelParameters* parameters = nullptr;
    const std::vector<StepCollective>* collectives = nullptr;
    /// false: leave out what only a reader needs (operator shape texts, the collectives' copy), as a search does
    bool details = true;
};
Result<TrainingStepEstimate> estimateTrainingStep(const roofline::TransformerConfig& model, const catalog::Device& device,
                                                  const Fabric& fabric, const TrainingLayoutSpec& spec, const TrainingStepShared& shared);

/// The collectives estimateTrainingStep puts on the fabric for `spec` (for TrainingStepShared).
Result<std::vector<StepCollective>> trainingStepCollectives(const roofline::TransformerConfig& model, const Fabric& fabric,
                                                            const TrainingLayoutSpec& spec, StepCollectiveCache* cache = nullptr);

} // namespace accelscope::models::system
