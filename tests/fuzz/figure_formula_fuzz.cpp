// SPDX-License-Identifier: MIT
// libFuzzer target: a derived-figure formula, its names and its value (some names known).
#include "models/catalog/formula.hpp"
#include "tests/fuzz/fuzz_support.hpp"

#include <optional>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace accelscope::models::catalog;
    const auto formula = accelscope::fuzz::textOf(data, size);
    accelscope::fuzz::requireOneLine(formulaNames(formula));
    accelscope::fuzz::requireOneLine(evaluateFormula(formula, [](std::string_view name) -> std::optional<double> {
        if (name == "bf16_tflops_sparse") return 1979.0;
        if (name == "memory_gb") return 80.0;
        if (name == "zero") return 0.0;
        return std::nullopt;
    }));
    return 0;
}
