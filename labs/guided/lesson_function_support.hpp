// SPDX-License-Identifier: MIT
// What the lesson function files share: argument readers, catalog look-ups and the FunctionSpec maker.
#pragma once

#include "labs/guided/expression.hpp"
#include "labs/guided/lesson_context.hpp"
#include "models/common/result.hpp"
#include "models/roofline/transformer_config.hpp"

#include <span>
#include <string>
#include <vector>

namespace accelscope::labs::guided::detail {

using Args = std::span<const Value>;

/// Argument `i` as a number; Error naming `what` when it is a word.
models::Result<double> num(Args a, std::size_t i, const char* what);
/// Argument `i` as a whole number in [lo, hi]; Error naming `what` otherwise.
models::Result<int> whole(Args a, std::size_t i, const char* what, int lo, int hi);
/// Argument `i` as text (numbers as the evaluator writes them).
std::string word(Args a, std::size_t i);
/// The catalog device with exactly this id; Error suggesting the nearest id otherwise.
models::Result<const models::catalog::Device*> device(const LessonContext& ctx, const std::string& id);
/// A model preset by id.
models::Result<models::roofline::TransformerConfig> model(const std::string& id);
/// Storage bytes per element of an element, block or data-type format (block scales included).
models::Result<double> bytesPerElement(const std::string& name);

/// A FunctionSpec whose body returns Result<double> (or anything convertible to Value).
template <typename F>
FunctionSpec fn(std::string name, std::string signature, std::string description, int minArgs, int maxArgs, F body)
{
    return FunctionSpec{std::move(name), std::move(signature), std::move(description), minArgs, maxArgs,
                        [body](Args a) -> models::Result<Value> {
                            auto r = body(a);
                            if (!r) return std::unexpected(r.error());
                            return Value{*r};
                        },
                        {}};
}

/// figure, peak, bandwidth, ridge, attainable, host_link, scale_up, level_bw, level_capacity (lesson_functions_roofline.cpp).
void addCatalogFunctions(std::vector<FunctionSpec>& out, const LessonContext& ctx);
/// intensity, kernel_flops, kernel_bytes, kernel_time, gemm_ridge_size (lesson_functions_roofline.cpp).
void addKernelFunctions(std::vector<FunctionSpec>& out, const LessonContext& ctx);
/// params, KV cache, weights, ttft, tpot, intensities, inference memory, fit (lesson_functions_memory.cpp).
void addLlmFunctions(std::vector<FunctionSpec>& out, const LessonContext& ctx);
/// ZeRO and training memory, all-reduce (lesson_functions_memory.cpp).
void addTrainingFunctions(std::vector<FunctionSpec>& out);
/// collective_time, algbw, busbw, collective_latency, bus_factor (lesson_functions_fabric.cpp).
void addFabricFunctions(std::vector<FunctionSpec>& out, const LessonContext& ctx);
/// Number formats and quantization (lesson_functions_simulators.cpp).
void addPrecisionFunctions(std::vector<FunctionSpec>& out);
/// Warp, memory access and pipeline simulators (lesson_functions_simulators.cpp).
void addSimulatorFunctions(std::vector<FunctionSpec>& out);

} // namespace accelscope::labs::guided::detail
