// SPDX-License-Identifier: MIT
// libFuzzer target: a lesson file (front matter, steps, fenced action/lab/check blocks).
#include "labs/guided/lesson.hpp"
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace accelscope;
    fuzz::requireOneLine(labs::guided::parseLesson(fuzz::textOf(data, size), "fuzz.md"));
    return 0;
}
