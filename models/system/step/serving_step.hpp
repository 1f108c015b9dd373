// SPDX-License-Identifier: MIT
// Serving on the step model: one engine step of continuous batching (decode sequences and a chunk of prefill tokens
// together), built from the same operators as the training step, and the steady state an engine reaches with its
// scheduler's caps and the KV cache that fits beside the weights.
#pragma once

#include "models/catalog/device.hpp"
#include "models/common/result.hpp"
#include "models/roofline/transformer_config.hpp"
#include "models/system/fabric/fabric.hpp"
#include "models/system/step/kernel_parameters.hpp"
#include "models/system/step/training_step.hpp"
#include "models/system/workload/workload_defaults.hpp"

#include <optional>
#include <string>
#include <vector>

namespace accelscope::models::system {

/// One replica's layout and the engine's settings.
struct ServingSpec {
    int tp = 1;
    int pp = 1;
    int ep = 1;                     ///< experts split over the replica's tp x pp devices (divides tp x pp)
    std::string weights{workloadDefaults.servingFormat};    ///< roofline::dataTypeFromName: its compute precision picks the GEMM peak
    std::string kvCache{workloadDefaults.servingFormat};
    int maxSequences = 2048;        ///< the scheduler's cap on running sequences (TensorRT-LLM max_batch_size default)
    int maxBatchedTokens = 8192;    ///< tokens per engine step, decode and prefill together (max_num_tokens default)
    double memoryUtilization = 0.9; ///< share of device memory the engine takes (vLLM gpu_memory_utilization default)
};

/// What one engine step holds.
struct StepMix {
    double decodeSequences = 0;     ///< sequences generating one token each
    double decodeContext = 0;       ///< mean tokens in their KV cache
    double prefillTokens = 0;       ///< prompt tokens processed in this step (chunked prefill)
    double prefillContext = 0;      ///< mean context those tokens attend to
};

/// One engine step on one pipeline stage.
struct ServingStepTime {
    std::vector<StepOperator> operators;
    double kernelsS = 0;
    double tpCommS = 0;             ///< TP all-reduces (no overlap in inference engines)
    double epCommS = 0;
    double stageS = 0;              ///< one stage's step: kernels + communication
};

/// The engine's steady state for a load.
struct ServingSteadyState {
    ServingSpec spec;
    int devicesPerReplica = 0;
    double weightsBytesPerDevice = 0;
    double kvBytesPerTokenPerDevice = 0;
    double workspaceBytesPerDevice = 0;
    double kvCapacityTokens = 0;    ///< per replica
    double batch = 0;               ///< running sequences per replica
    std::string batchLimit;         ///< "KV cache", "max sequences", "max batched tokens", "concurrency"
    double prefillTokensPerStep = 0;
    ServingStepTime step;           ///< the steady step (per pipeline stage and micro-batch)
    double tpotS = 0;               ///< time between a sequence's tokens: pp x the stage step
    double ttftS = 0;               ///< a new prompt's chunks at the steady step's prefill budget
    double outputTokensPerSPerReplica = 0;
    double outputTokensPerSPerDevice = 0;
    KernelParameters parameters;
    std::vector<std::string> flags;
};

/// The load: mean prompt and output lengths; a closed-loop client with `concurrency` requests in flight per replica
/// (nullopt: offline, as many as the engine takes).
struct ServingLoad {
    double inputTokens = workloadDefaults.promptTokens;
    double outputTokens = workloadDefaults.outputTokens;
    std::optional<double> concurrency;
};

/// One engine step of `mix` on one stage of a replica of `spec` on `fabric` (the replica's tp x pp devices).
Result<ServingStepTime> servingStep(const roofline::TransformerConfig& model, const catalog::Device& device, const Fabric& fabric,
                                    const ServingSpec& spec, const StepMix& mix);

/// The steady state of continuous batching with chunked prefill: every step decodes the running sequences and
/// prefills input / output tokens per sequence so arrivals keep pace with completions; the batch is the smallest of
/// the scheduler's caps, what the KV cache holds at the mean context (input + output / 2) and the client's
/// concurrency. Errors: a layout the fabric cannot hold, weights that do not fit, a model/precision mismatch.
Result<ServingSteadyState> servingSteadyState(const roofline::TransformerConfig& model, const catalog::Device& device,
                                              const Fabric& fabric, const ServingSpec& spec, const ServingLoad& load);

} // namespace accelscope::models::system
