// SPDX-License-Identifier: MIT
// libFuzzer target: a lab result file. What the reader accepts must be readable by every face:
// the stored record, the machine summary, the JSON dump, the measured roofline and pyramid.
#include "labs/lab_result_json.hpp"
#include "labs/measured/measured_pyramid.hpp"
#include "labs/measured/measured_roofline.hpp"
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace accelscope;
    const auto result = labs::labResultFromJson(fuzz::textOf(data, size), "fuzz.json");
    fuzz::requireOneLine(result);
    if (!result) return 0;
    auto stored = labs::storedLabResult(*result, "imported", "fuzz.json");
    const auto back = labs::labResultFromStored(stored);
    if (!back) {
        std::fprintf(stderr, "accepted, then not read back: %s\n", back.error().message.c_str());
        std::abort();
    }
    (void)labs::labResultJson(*back).dump(2);
    (void)labs::measuredPyramid({*back});
    (void)labs::firstMeasuredRoofline({*back});
    return 0;
}
