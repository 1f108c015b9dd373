// SPDX-License-Identifier: MIT
// Memory of mixed-precision training per device: model states with ZeRO, activations with recomputation.
#pragma once

#include "models/common/result.hpp"
#include "models/roofline/transformer_config.hpp"
#include "models/system/workload/workload_defaults.hpp"

#include <optional>
#include <string_view>

namespace accelscope::models::memory {

/// Korthikanti et al. 2022: store everything, recompute only attention's s² terms, or keep only layer inputs.
enum class Recompute { None, Selective, Full };

/// A training setup. Either `model` (architecture known: activations counted) or only `parameters`.
struct TrainingInput {
    std::optional<roofline::TransformerConfig> model;
    double parameters = 0.0;     ///< Ψ when there is no model (elements); ignored when `model` is set
    int dataParallel = 1;        ///< N_d, the ZeRO partition degree
    int tensorParallel = 1;
    int pipelineParallel = 1;
    int zeroStage = 0;           ///< 0: none; 1: optimizer states; 2: + gradients; 3: + parameters
    Recompute recompute = Recompute::None;
    bool sequenceParallel = false; ///< Megatron sequence parallelism (splits the 10·sbh terms over tp)
    /// Allow pp that does not divide the layers: every stage is sized as the largest, ⌈layers/pp⌉
    /// layers (Llama 3 ran 126 layers on 16 stages with lighter first and last stages).
    bool unevenStages = false;
    int microBatch = system::workloadDefaults.microBatch; ///< b, sequences per micro-batch
    int sequence = system::workloadDefaults.sequence;     ///< s, tokens per sequence
    double weightBytesPerParam = 2.0;    ///< FP16/BF16 weights
    double gradientBytesPerParam = 2.0;  ///< FP16/BF16 gradients
    double optimizerBytesPerParam = 12.0; ///< K: Adam FP32 master weights, momentum, variance (ZeRO paper: K = 12)
};

/// Bytes on one device.
struct TrainingMemory {
    double parameters = 0.0;         ///< Ψ of the whole model
    double weightsBytes = 0.0;
    double gradientsBytes = 0.0;
    double optimizerBytes = 0.0;
    double activationsBytes = 0.0;   ///< 0 without a model
    double totalBytes = 0.0;
    double activationBytesPerLayer = 0.0;
    int layersPerDevice = 0;
    int microbatchesInFlight = 0;    ///< 1F1B: the first stage holds pp micro-batches
};

/// Model states (Rajbhandari et al., "ZeRO", SC20, section 5 and Figure 1): per device Ψ' = Ψ/(tp·pp);
/// stage 0 (2+2+K)Ψ', stage 1 (2+2)Ψ' + KΨ'/N_d, stage 2 2Ψ' + (2+K)Ψ'/N_d, stage 3 (2+2+K)Ψ'/N_d.
/// Activations (Korthikanti et al., "Reducing Activation Recomputation in Large Transformer
/// Models", 2022, Table 2), bytes per layer with 16-bit activations: none sbh(10 + 24/t + 5as/(ht)),
/// selective sbh(10 + 24/t), full 2sbh; with sequence parallelism the 10 term is also divided by t.
/// Times the layers of one stage, times the micro-batches in flight (pp for 1F1B). With unevenStages
/// a stage holds ⌈layers/pp⌉ layers and Ψ' = Ψ·⌈layers/pp⌉/(layers·tp) (the same as Ψ/(tp·pp) when pp
/// divides the layers). Errors name the bad field (a zero size, a stage outside 0–3, layers not
/// divisible by pp without unevenStages, pp above the layers, heads not divisible by tp).
Result<TrainingMemory> trainingMemory(const TrainingInput& input);

/// Korthikanti et al. activation bytes of one layer (see trainingMemory).
double activationBytesPerLayer(double s, double b, double h, double a, int t, Recompute recompute, bool sequenceParallel);

/// "none", "selective" or "full".
std::string_view recomputeName(Recompute recompute);
/// The Recompute of a name, or nullopt.
std::optional<Recompute> recomputeFromName(std::string_view name);

} // namespace accelscope::models::memory
