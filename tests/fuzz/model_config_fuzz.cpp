// SPDX-License-Identifier: MIT
// libFuzzer target: a model configuration file; accepted models are validated and counted.
#include "models/roofline/model_presets.hpp"
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace accelscope::models::roofline;
    const auto configs = parseModelConfigs(accelscope::fuzz::textOf(data, size), "fuzz.json");
    accelscope::fuzz::requireOneLine(configs);
    if (!configs) return 0;
    for (const auto& c : *configs) {
        if (validateConfig(c)) {
            (void)countParameters(c);
            (void)kvElementsPerToken(c);
            (void)cachedTokens(c, 4096);
        }
    }
    return 0;
}
