// SPDX-License-Identifier: MIT
// The functions lesson text may call: the registry over the topic files, and plain arithmetic.
#include "labs/guided/lesson_functions.hpp"

#include "labs/guided/lesson_function_support.hpp"
#include "labs/roofline/cpu_roofline_lab.hpp"

#include <algorithm>
#include <cmath>

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

Evaluator lessonEvaluator(const LessonContext& context) { return Evaluator(lessonFunctions(context)); }

} // namespace accelscope::labs::guided
