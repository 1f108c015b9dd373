// SPDX-License-Identifier: MIT
// The one set of workload defaults: what an LLM request and a training batch are when nobody says.
#pragma once

#include <string_view>

namespace accelscope::models::system {

/// The workload every model, planner, page, CLI option and lesson function starts from when the user
/// gives none. Written once here; every other default reads it (tests/models/lists_written_once_test.cpp
/// holds the structs that carry a workload to these values).
///
/// Inference (serving planner, step model, LLM calculator, Roofline's LLM mode, `serve`, `memory infer`,
/// `llm analyze`, the lesson functions):
/// - promptTokens 1024: MLPerf Inference's llama2-70b benchmark, on which the serving model is calibrated,
///   keeps every prompt under 1,024 tokens (`processorca.py --seqlen_limit 1024`; data/serving/README.md,
///   "Benchmark definitions"). Its mean input length is not published (same section), so the bound is used.
/// - outputTokens 256: not a benchmark's figure. The same benchmark's reference mean is 294.45 output tokens
///   (data/serving/README.md); 256 is the power of two below it that the planners, the step model and the
///   lessons' stated numbers already use. Chosen over the LLM calculator's former 4,096 + 512, which had no
///   source and made the page disagree with `memory infer` (1,024 + 256) for the same model.
/// - batch 1: one sequence, the latency case the roofline and memory lessons start from.
/// - servingFormat fp8 (weights and KV cache of the serving planner, the step model's serving and `serve`): what the
///   calibration rows ran, FP8 weights, activations and KV cache on Hopper, Ada and MI300X
///   (data/serving/README.md, "Precision"). The LLM calculator and the Roofline keep BF16, the checkpoint's format.
///
/// Training (training step model and search, `train plan`, the LLM calculator's training mode):
/// - sequence 4096 tokens and globalBatch 1024 sequences: Llama 3 405B's initial pre-training batch, 4M tokens
///   of 4,096-token sequences ("The Llama 3 Herd of Models", arXiv 2407.21783, section 3.4.1), the paper the
///   training planner is calibrated on; Llama 2 trained the same way (context 4k, "a global batch-size of 4M
///   tokens", Touvron et al. 2023, Table 1 and its caption). 4M (2^22) / 4,096 = 1,024 sequences.
/// - microBatch 1 sequence: the smallest activation footprint.
struct WorkloadDefaults {
    int batch = 1;             ///< inference: sequences served together
    int promptTokens = 1024;   ///< inference: prompt (input) tokens per sequence
    int outputTokens = 256;    ///< inference: generated (output) tokens per sequence
    std::string_view servingFormat = "fp8"; ///< serving: weight and KV-cache format (a roofline::dataTypeFromName name)
    int sequence = 4096;       ///< training: tokens per sequence
    int globalBatch = 1024;    ///< training: sequences per optimizer step
    int microBatch = 1;        ///< training: sequences per micro-batch
};

/// The defaults, as a constant every default member initialiser can read.
inline constexpr WorkloadDefaults workloadDefaults{};

} // namespace accelscope::models::system
