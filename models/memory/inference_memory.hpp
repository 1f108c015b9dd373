// SPDX-License-Identifier: MIT
// Memory of LLM inference per device: weights, KV cache, activations and workspace.
#pragma once

#include "models/catalog/device.hpp"
#include "models/common/result.hpp"
#include "models/roofline/transformer_config.hpp"
#include "models/system/workload/workload_defaults.hpp"

#include <string>

namespace accelscope::models::memory {

/// What is served: batch, context and formats, split over `tensorParallel` devices.
struct InferenceMemoryInput {
    int batch = system::workloadDefaults.batch;
    int promptTokens = system::workloadDefaults.promptTokens;    ///< prefill length per sequence (sizes the activation peak)
    int generatedTokens = system::workloadDefaults.outputTokens; ///< the KV cache holds prompt + generated tokens (capped by a sliding window)
    std::string weights = "bf16"; ///< any roofline::dataTypeFromName name; MX/NVFP4 include their scales
    std::string activations = "bf16";
    std::string kvCache = "bf16";
    int tensorParallel = 1;
    double workspaceBytes = 0.0;  ///< framework/library workspace (cuBLAS, NCCL buffers): the caller's figure
};

/// Bytes on one device (per-device fields) and for the whole model.
struct InferenceMemory {
    double weightsBytes = 0.0;      ///< per device
    double kvCacheBytes = 0.0;      ///< per device
    double activationsBytes = 0.0;  ///< per device, peak of the prefill (an estimate, see activationFormula)
    double workspaceBytes = 0.0;
    double totalBytes = 0.0;        ///< per device
    double modelWeightsBytes = 0.0; ///< whole model
    double modelKvCacheBytes = 0.0; ///< whole model
    double kvBytesPerToken = 0.0;   ///< whole model, one token
    std::string activationFormula;
};

/// Inference memory. Weights: parameters × bytes per element (block formats with scales), split as
/// in roofline::weightElementsPerDevice. KV cache: batch × cached tokens × kvElementsPerToken × bytes,
/// split over KV heads (MLA latents are replicated). Activations: the largest live set of one
/// layer during prefill (residual stream and normed input, plus the wider of the QKV output and
/// the FFN intermediate) plus FP32 logits of the last positions. Errors name the bad field.
Result<InferenceMemory> inferenceMemory(const roofline::TransformerConfig& config, const InferenceMemoryInput& input);

/// Whether a workload fits one device of a TP group after the runtime headroom (device_fit.hpp).
struct LlmFit {
    bool fits = false;
    double needBytes = 0.0;     ///< inferenceMemory totalBytes per device
    double capacityBytes = 0.0; ///< memory_gb × 10^9
    std::string text;           ///< "" when it fits, else doesNotFitText
};

/// The fit check the Roofline page's LLM mode and `llm analyze` make before they print any
/// throughput. NotFound when the device has no memory_gb figure; errors of inferenceMemory otherwise.
Result<LlmFit> llmFitOnDevice(const roofline::TransformerConfig& config, const InferenceMemoryInput& input,
                              const catalog::Device& device);

} // namespace accelscope::models::memory
