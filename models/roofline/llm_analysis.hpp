// SPDX-License-Identifier: MIT
// LLM inference on the roofline: every op of prefill and decode, time lower bounds, KV cache, TP.
#pragma once

#include "models/catalog/device.hpp"
#include "models/common/result.hpp"
#include "models/roofline/ceilings.hpp"
#include "models/roofline/kernels.hpp"
#include "models/roofline/transformer_config.hpp"
#include "models/system/workload/workload_defaults.hpp"

#include <optional>
#include <string>
#include <vector>

namespace accelscope::models::roofline {

/// What is run: batch, prompt and generated lengths, storage formats and tensor parallelism.
struct LlmWorkload {
    int batch = system::workloadDefaults.batch;               ///< sequences decoded together
    int promptTokens = system::workloadDefaults.promptTokens; ///< prompt length per sequence
    int generatedTokens = system::workloadDefaults.outputTokens; ///< new tokens per sequence
    std::string weights = "bf16";     ///< weight format (any dataTypeFromName name; MX/NVFP4 with scales)
    std::string activations = "bf16"; ///< activation format
    std::string kvCache = "bf16";     ///< KV-cache format
    int tensorParallel = 1;      ///< N devices; weights and heads split Megatron-style
    double linkLatencyUs = 0.0;  ///< alpha of the alpha-beta all-reduce model; the catalog has none, so 0 (a lower bound)
};

/// The roofs the analysis uses, one device.
struct LlmHardware {
    std::string deviceId;
    std::string computePrecision;   ///< catalog precision of the compute roof ("bf16")
    double peakTflops = 0.0;        ///< the roof selectRoof picks, 10^12 FLOP/s
    double memoryBandwidthGBps = 0.0;
    double linkBandwidthGBps = 0.0; ///< scale-up link per direction; 0: none
    ComputeUnit computeUnit = ComputeUnit::Tensor; ///< the units `peakTflops` belongs to
};

/// Roofs of `device` for `computePrecision`: the compute roof by selectRoof (tensor units where the
/// device has a tensor figure for it, else vector units), device memory, scale-up link.
/// Error when a compute or memory figure is missing.
Result<LlmHardware> llmHardware(const catalog::Device& device, std::string_view computePrecision,
                                Sparsity sparsity = Sparsity::Dense);

/// One op of a step, per device. `count` is how many times it runs per step (layers of its kind).
struct LlmOp {
    std::string name;   ///< "qkv_proj", "attention", "experts_down", "lm_head", "allreduce", …
    int count = 1;
    KernelCost cost;    ///< one occurrence on one device
    KernelBound bound;  ///< on the device's roofs
    double totalTimeS = 0.0; ///< count × bound.timeS
};

/// A prefill pass or one decode step, per device.
struct LlmPhase {
    std::vector<LlmOp> ops;
    double flops = 0.0;        ///< Σ count × FLOPs
    double bytes = 0.0;        ///< Σ count × bytes
    double computeTimeS = 0.0; ///< flops / peak
    double memoryTimeS = 0.0;  ///< bytes / bandwidth
    double commTimeS = 0.0;    ///< tensor-parallel all-reduces
    double timeS = 0.0;        ///< Σ op lower bounds + communication
};

/// The analysis. Bytes are bytes (not GB); times are seconds.
struct LlmAnalysis {
    ParameterCount parameters;
    double weightBytes = 0.0;          ///< whole model in the weight format
    double weightBytesPerDevice = 0.0;
    double kvBytesPerToken = 0.0;      ///< one token, all layers, whole model
    double kvCacheBytes = 0.0;         ///< batch × cached tokens at the end of generation × kvBytesPerToken
    double decodeContextTokens = 0.0;  ///< mean KV length attended by the decode steps (step k attends
                                       ///< min(prompt + k, window), k = 1 … gen): prompt + (gen + 1) / 2 unwindowed
    LlmPhase prefill;
    LlmPhase decode;                   ///< one step at the mean context
    double ttftS = 0.0;                ///< time to first token: the prefill lower bound
    double tpotS = 0.0;                ///< time per output token (per step). Every op is affine in the context,
                                       ///< so gen × (step at the mean context) bounds the whole decode from below.
    double tokensPerS = 0.0;           ///< batch / tpot
    double prefillTokensPerS = 0.0;    ///< batch × prompt / ttft
    std::optional<int> decodeComputeBoundBatch; ///< smallest batch whose decode step has compute time ≥ memory time
    std::vector<std::string> assumptions;
};

/// Checks that `tp` splits the model: heads, KV heads (divisible, or replicated when tp is a
/// multiple of them), FFN and expert sizes. The message names the field ("heads 64 not divisible by tp 3").
Result<void> validateTensorParallel(const TransformerConfig& config, int tp);

/// Weight elements one device stores under tensor parallelism `tp` (norms, routers, MLA
/// down-projections and position tables replicated; everything else split; vocab split).
double weightElementsPerDevice(const TransformerConfig& config, int tp);

/// Every op of one layer of each kind plus the model-level ops, for prefill and for decode, placed
/// on `hardware`'s roofs. Checks the workload (positive sizes, known formats, tp divides the model,
/// a link bandwidth when tp > 1). Pure; cheap enough for every slider move.
Result<LlmAnalysis> analyzeLlm(const TransformerConfig& config, const LlmWorkload& workload, const LlmHardware& hardware);

} // namespace accelscope::models::roofline
