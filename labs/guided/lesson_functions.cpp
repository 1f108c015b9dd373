// SPDX-License-Identifier: MIT
// The functions lesson text may call: the registry over the topic files, and plain arithmetic.
#include "labs/guided/lesson_functions.hpp"

#include "labs/guided/lesson_function_support.hpp"
#include "labs/roofline/cpu_roofline_lab.hpp"
#include "models/catalog/figure_key.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <utility>

namespace accelscope::labs::guided {
namespace {

using models::ErrorCode;
using models::fail;
using models::Result;
using detail::Args;
using detail::fn;
using detail::num;
using detail::whole;

Result<double> math(Args a, double (*f)(double))
{
    auto x = num(a, 0, "x");
    if (!x) return x;
    return f(*x);
}

void addMathFunctions(std::vector<FunctionSpec>& out)
{
    out.push_back(fn("cpu_lab_intensity", "cpu_lab_intensity(fmas)", "FLOP/byte of the cpu-roofline lab's kernel with k multiply-adds per float", 1, 1,
                     [](Args a) -> Result<double> {
                         auto k = whole(a, 0, "fmas", 0, 1 << 20);
                         if (!k) return std::unexpected(k.error());
                         return labs::roofline::intensityFlopPerByte(*k);
                     }));
    out.push_back(fn("min", "min(a, b)", "smaller", 2, 2, [](Args a) -> Result<double> {
        auto x = num(a, 0, "a");
        auto y = num(a, 1, "b");
        if (!x || !y) return fail(ErrorCode::InvalidArgument, "min of numbers");
        return std::min(*x, *y);
    }));
    out.push_back(fn("max", "max(a, b)", "larger", 2, 2, [](Args a) -> Result<double> {
        auto x = num(a, 0, "a");
        auto y = num(a, 1, "b");
        if (!x || !y) return fail(ErrorCode::InvalidArgument, "max of numbers");
        return std::max(*x, *y);
    }));
    out.push_back(fn("ceil", "ceil(x)", "round up", 1, 1, [](Args a) { return math(a, [](double x) { return std::ceil(x); }); }));
    out.push_back(fn("floor", "floor(x)", "round down", 1, 1, [](Args a) { return math(a, [](double x) { return std::floor(x); }); }));
    out.push_back(fn("round", "round(x)", "nearest whole", 1, 1, [](Args a) { return math(a, [](double x) { return std::round(x); }); }));
    out.push_back(fn("log2", "log2(x)", "base-2 logarithm", 1, 1, [](Args a) { return math(a, [](double x) { return std::log2(x); }); }));
    out.push_back(fn("log10", "log10(x)", "base-10 logarithm", 1, 1, [](Args a) { return math(a, [](double x) { return std::log10(x); }); }));
    out.push_back(fn("sqrt", "sqrt(x)", "square root", 1, 1, [](Args a) { return math(a, [](double x) { return std::sqrt(x); }); }));
}

} // namespace

std::vector<FunctionSpec> lessonFunctions(const LessonContext& context)
{
    std::vector<FunctionSpec> out;
    detail::addCatalogFunctions(out, context);
    detail::addKernelFunctions(out, context);
    detail::addLlmFunctions(out, context);
    detail::addTrainingFunctions(out);
    detail::addFabricFunctions(out, context);
    detail::addPrecisionFunctions(out);
    detail::addSimulatorFunctions(out);
    addMathFunctions(out);
    return out;
}

namespace {

/// How worked solutions name the calls learners meet most ({1}… the arguments in words); the other
/// functions read as their name in words (expression_work.cpp).
constexpr std::pair<const char*, const char*> phrases[] = {
    {"peak", "the {2} peak of the {1}"},
    {"bandwidth", "the memory bandwidth of the {1}"},
    {"ridge", "the {2} ridge of the {1}"},
    {"attainable", "the {2} roof of the {1} at {3} FLOP/byte"},
    {"host_link", "the host link of the {1}"},
    {"scale_up", "the scale-up link of the {1} (one direction)"},
    {"level_bw", "the {2} bandwidth of the {1}"},
    {"level_capacity", "the {2} capacity of the {1}"},
    {"figure", "the {2} of the {1}"},
    {"intensity", "the intensity of {1}"},
    {"kernel_flops", "the FLOPs of {1}"},
    {"kernel_bytes", "the bytes of {1}"},
    {"kernel_time", "the time of {3} on the {1} in {2}"},
    {"params", "the parameters of {1}"},
    {"active_params", "the active parameters of {1}"},
    {"weight_bytes", "the {2} weight bytes of {1}"},
    {"kv_bytes_per_token", "the {2} KV bytes per token of {1}"},
    {"kv_cache_bytes", "the {2} KV cache of {1} for {3} × {4} tokens"},
    {"allreduce_time", "a ring all-reduce of {1} over {2} devices at {3}"},
    {"allreduce_bytes", "what each of {2} devices sends to all-reduce {1}"},
    {"format_max", "the largest {1} value"},
    {"format_min_normal", "the smallest normal {1} value"},
    {"format_min_subnormal", "the smallest {1} subnormal"},
    {"format_epsilon", "the {1} epsilon"},
    {"format_bits", "the {1} bits"},
    {"format_mantissa_bits", "the {1} fraction bits"},
    {"format_exponent_bits", "the {1} exponent bits"},
    {"format_digits", "the {1} decimal digits"},
    {"format_binades", "the {1} binades"},
    {"quantize", "{2} stored in {1}"},
    {"bytes_per_element", "the {1} bytes per element"},
    {"block_size", "the {1} block size"},
    {"bus_factor", "the {1} bus factor for {2} ranks"},
    {"warp_efficiency", "the SIMD efficiency of {1}"},
    {"warp_cycles", "the issue cycles of {1}"},
    {"warp_serialization", "the serialization of {1}"},
    {"sectors", "the sectors a warp touches at stride {1}"},
    {"coalescing", "the coalescing at stride {1}"},
    {"bank_ways", "the bank conflict ways at stride {1}"},
    {"bubble", "the {1} bubble fraction with {2} stages and {3} micro-batches"},
    {"bubble_time", "the {1} bubble time with {2} stages and {3} micro-batches"},
    {"bubble_formula", "the paper's {1} bubble fraction with {2} stages and {3} micro-batches"},
    {"peak_activations", "the {1} peak activations with {2} stages and {3} micro-batches"},
    {"ttft", "the time to first token of {1} on the {2}"},
    {"tpot", "the time per output token of {1} on the {2}"},
    {"gemm_ridge_size", "the smallest GEMM past the {2} ridge of the {1}"},
    {"gemm_roof_size", "the smallest GEMM on the {2} flat roof of the {1}"},
    {"placed_tflops", "where the Roofline page draws {3} on the {1}"},
    {"launch_floor", "the kernel launch floor"},
    {"serve_power_factor", "the system watts per GPU watt"},
    {"serve_headroom", "the memory kept free"},
    {"serve_tps", "the planner's tokens/s for {1} on {3} × {2}"},
    {"serve_usd_per_mtok", "the planner's $ per million tokens for {1} on {3} × {2}"},
    {"serve_j_per_token", "the planner's joules per token for {1} on {3} × {2}"},
    {"serve_fits", "whether {1} fits {3} × {2}"},
    {"min", "the smaller of {1} and {2}"},
    {"max", "the larger of {1} and {2}"},
    {"ceil", "{1} rounded up"},
    {"floor", "{1} rounded down"},
    {"round", "{1} rounded"},
    {"log2", "log₂ {1}"},
    {"log10", "log₁₀ {1}"},
    {"sqrt", "√{1}"},
};

/// A format or data type as people write it: "bf16" → "BF16", "fp8-e4m3" → "FP8 E4M3".
std::string formatName(std::string_view word)
{
    std::string out;
    for (const char c : word) out += c == '-' ? ' ' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return out;
}

bool looksLikeFormat(std::string_view word)
{
    for (const std::string_view prefix : {"fp", "bf", "int", "uint", "mx", "nvfp", "e8m0", "tf32", "e4m3", "e5m2"}) {
        if (word.starts_with(prefix)) return true;
    }
    return false;
}

} // namespace

Evaluator lessonEvaluator(const LessonContext& context)
{
    auto functions = lessonFunctions(context);
    for (auto& f : functions) {
        for (const auto& [name, phrase] : phrases) {
            if (f.name == name) f.phrase = phrase;
        }
    }
    Evaluator evaluator(std::move(functions));
    evaluator.setWordNamer([&context](std::string_view word) -> std::string {
        for (const auto& d : context.devices) {
            if (d.id == word) return d.name;
        }
        if (auto m = detail::model(std::string(word))) return m->name;
        if (const auto key = models::catalog::figureFromJsonKey(word)) return std::string(models::catalog::figureInfo(*key).label);
        if (looksLikeFormat(word)) return formatName(word);
        return std::string(word);
    });
    return evaluator;
}

} // namespace accelscope::labs::guided
