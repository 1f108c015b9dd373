// SPDX-License-Identifier: MIT
// Roofline speed: 20 catalog devices × 50 kernels, and a Llama 3.1 405B inference analysis.
#include "models/catalog/catalog_store.hpp"
#include "models/memory/pyramid_roofline.hpp"
#include "models/roofline/ceilings.hpp"
#include "models/roofline/kernels.hpp"
#include "models/roofline/llm_analysis.hpp"
#include "models/roofline/model_presets.hpp"

#include <benchmark/benchmark.h>

#include <string>
#include <vector>

namespace {

using namespace accelscope::models;

std::vector<catalog::Device> twentyDevices()
{
    auto all = catalog::BundledCatalog::open(ACCELSCOPE_BENCH_CATALOG_DB)->loadAll();
    std::vector<catalog::Device> out;
    for (auto& d : *all) {
        if (out.size() < 20 && d.value(catalog::FigureKey::Bf16TflopsDense) && d.value(catalog::FigureKey::MemoryBwGbs)) {
            out.push_back(std::move(d));
        }
    }
    return out;
}

std::vector<std::string> fiftyKernels()
{
    std::vector<std::string> specs;
    for (int i = 0; i < 10; ++i) {
        const std::string n = std::to_string(256 << (i % 6));
        specs.push_back("gemm:M=" + n + ",N=" + n + ",K=" + n);
        specs.push_back("gemv:M=" + n + ",K=" + n);
        specs.push_back("flash-attention:B=1,H=32,S=" + n + ",D=128");
        specs.push_back("decode-attention:B=" + std::to_string(1 << i) + ",H=64,KVH=8,D=128,L=" + n);
        specs.push_back("rmsnorm:ROWS=" + n + ",COLS=8192");
    }
    return specs;
}

// What the Roofline page recomputes on a slider move: every device's roofs and every kernel's point.
void rooflineTwentyDevicesFiftyKernels(benchmark::State& state)
{
    const auto devices = twentyDevices();
    const auto specs = fiftyKernels();
    std::size_t points = 0;
    for (auto _ : state) {
        points = 0;
        for (const auto& d : devices) {
            const auto roof = roofline::deviceRoofline(d);
            const auto compute = roofline::computeCeiling(d, "bf16");
            const auto memory = roofline::deviceMemoryCeiling(d);
            for (const auto& spec : specs) {
                const auto k = roofline::kernelFromSpec(spec);
                benchmark::DoNotOptimize(roofline::boundOn(*k, compute->peakTflops, memory->bandwidthGBps));
                ++points;
            }
            benchmark::DoNotOptimize(roof);
        }
    }
    state.counters["devices"] = static_cast<double>(devices.size());
    state.counters["points"] = static_cast<double>(points);
}
BENCHMARK(rooflineTwentyDevicesFiftyKernels)->Unit(benchmark::kMicrosecond)->Repetitions(9)->ReportAggregatesOnly(true);

// The hierarchical roofline on a slider move: each device's pyramid, its roofs per level, and every
// kernel placed on the level its working set lives in (the page does this per kernel dot).
void hierarchyTwentyDevicesFiftyKernels(benchmark::State& state)
{
    const auto devices = twentyDevices();
    std::vector<roofline::KernelCost> kernels;
    for (const auto& spec : fiftyKernels()) kernels.push_back(*roofline::kernelFromSpec(spec));
    std::size_t placed = 0;
    for (auto _ : state) {
        placed = 0;
        for (const auto& d : devices) {
            const auto h = memory::deviceHierarchy(d, "bf16");
            if (!h) continue;
            for (const auto& k : kernels) {
                const auto p = roofline::placeOnHierarchy(h->roofline, h->levels, k);
                placed += p ? 1 : 0;
                benchmark::DoNotOptimize(p);
            }
        }
    }
    state.counters["placed"] = static_cast<double>(placed);
}
BENCHMARK(hierarchyTwentyDevicesFiftyKernels)->Unit(benchmark::kMicrosecond)->Repetitions(9)->ReportAggregatesOnly(true);

// What the LLM calculator recomputes on a slider move: Llama 3.1 405B, TP 8, batch 64, 8k + 1k tokens.
void llmAnalysis405b(benchmark::State& state)
{
    const auto model = *roofline::findModelPreset("llama3.1-405b");
    const roofline::LlmHardware hw{"nvidia-h100-sxm", "fp8", 1979.0, 3350.0, 450.0, roofline::ComputeUnit::Tensor};
    roofline::LlmWorkload w;
    w.batch = 64;
    w.promptTokens = 8192;
    w.generatedTokens = 1024;
    w.weights = "fp8";
    w.activations = "fp8";
    w.tensorParallel = 8;
    for (auto _ : state) {
        auto a = roofline::analyzeLlm(model, w, hw);
        benchmark::DoNotOptimize(a);
    }
}
BENCHMARK(llmAnalysis405b)->Unit(benchmark::kMicrosecond)->Repetitions(9)->ReportAggregatesOnly(true);

} // namespace

BENCHMARK_MAIN();
