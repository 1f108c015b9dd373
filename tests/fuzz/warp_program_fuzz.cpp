// SPDX-License-Identifier: MIT
// libFuzzer target: a warp program, parsed and run on both execution models with a small step limit.
#include "models/simt/warp_program.hpp"
#include "models/simt/warp_simulator.hpp"
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace accelscope::models::simt;
    const auto program = parseWarpProgram(accelscope::fuzz::textOf(data, size));
    accelscope::fuzz::requireOneLine(program);
    if (!program) return 0;
    for (const auto model : {ExecutionModel::PreVolta, ExecutionModel::Its}) {
        WarpConfig config;
        config.model = model;
        config.width = 8;
        config.warps = 2;
        config.stepLimit = 2000; // a fuzzed loop must end quickly; the limit is itself a tested error
        accelscope::fuzz::requireOneLine(runWarps(*program, config));
    }
    return 0;
}
