// SPDX-License-Identifier: MIT
// libFuzzer target: a .npy tensor file (magic, header dictionary, shape, data), and the same bytes
// as a text list of numbers.
#include "models/precision/tensor_file.hpp"
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace accelscope::models::precision;
    const auto bytes = accelscope::fuzz::textOf(data, size);
    accelscope::fuzz::requireOneLine(parseNpy(bytes, "fuzz.npy"));
    accelscope::fuzz::requireOneLine(parseNpy(bytes, "fuzz.npy", NpyHint::Bfloat16));
    if (size < 4096) accelscope::fuzz::requireOneLine(parseTextValues(bytes, "fuzz.txt"));
    return 0;
}
