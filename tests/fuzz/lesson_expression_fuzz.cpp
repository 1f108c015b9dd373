// SPDX-License-Identifier: MIT
// libFuzzer target: the lesson expression language and `{{ … | format }}` templates, with a few
// functions of each arity (the real ones need a catalog; the grammar is the same).
#include "labs/guided/expression.hpp"
#include "tests/fuzz/fuzz_support.hpp"

#include <cmath>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace accelscope;
    using labs::guided::Value;
    const auto number = [](const Value& v) { return std::holds_alternative<double>(v) ? std::get<double>(v) : 1.0; };
    const labs::guided::Evaluator evaluator({
        {"pi", "pi()", "", 0, 0, [](std::span<const Value>) -> models::Result<Value> { return 3.14159; }},
        {"sqrt", "sqrt(x)", "", 1, 1,
         [&](std::span<const Value> a) -> models::Result<Value> { return std::sqrt(number(a[0])); }},
        {"ridge", "ridge(device, precision[, unit])", "", 2, 3,
         [&](std::span<const Value> a) -> models::Result<Value> {
             if (!std::holds_alternative<std::string>(a[0])) return models::fail(models::ErrorCode::InvalidArgument, "device: a word");
             return number(a[1]) * 2;
         }},
    });
    const std::string_view text = fuzz::textOf(data, size);
    fuzz::requireOneLine(evaluator.evaluate(text));
    fuzz::requireOneLine(evaluator.evaluateNumber(text));
    fuzz::requireOneLine(evaluator.render(text));
    return 0;
}
