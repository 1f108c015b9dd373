// SPDX-License-Identifier: MIT
// Simulator speed: a pipeline with p = 128, m = 4096, and SIMT lane-instructions per second.
#include "models/pipeline/pipeline_schedule.hpp"
#include "models/simt/warp_simulator.hpp"

#include <benchmark/benchmark.h>

#include <bit>

namespace {

using namespace accelscope::models;

void pipelineLarge(benchmark::State& state)
{
    pipeline::PipelineConfig config;
    config.schedule = static_cast<pipeline::Schedule>(state.range(0));
    config.stages = 128;
    config.microbatches = 4096;
    std::size_t ops = 0;
    for (auto _ : state) {
        auto result = pipeline::simulatePipeline(config);
        ops = result->ops.size();
        benchmark::DoNotOptimize(result);
    }
    state.counters["ops"] = static_cast<double>(ops);
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * ops));
}
// 1 = 1F1B, 4 = ZB-H2
BENCHMARK(pipelineLarge)->Arg(1)->Arg(4)->Unit(benchmark::kMillisecond);

void simtLaneInstructions(benchmark::State& state)
{
    // Divergent nested branches inside a lane-dependent loop, 64 warps of 32 lanes.
    const auto program = simt::parseWarpProgram(
        "loop tid % 8 + 4\n  if (tid + i) % 3 == 0\n    compute 2\n  else\n    if data < 50\n      compute 1\n"
        "    else\n      load 4\n    end\n  end\nend\n");
    simt::WarpConfig config;
    config.model = static_cast<simt::ExecutionModel>(state.range(0));
    config.warps = 64;
    config.data = simt::DataPattern::Random;
    std::int64_t laneInstructions = 0;
    for (auto _ : state) {
        auto run = simt::runWarps(*program, config);
        laneInstructions = 0;
        for (const auto& issue : run->issues) laneInstructions += std::popcount(issue.mask);
        benchmark::DoNotOptimize(run);
    }
    state.counters["lane_instructions"] = static_cast<double>(laneInstructions);
    state.SetItemsProcessed(state.iterations() * laneInstructions);
}
// 0 = pre-Volta stack, 1 = ITS
BENCHMARK(simtLaneInstructions)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
