// SPDX-License-Identifier: MIT
// The step model's speed: one training-step estimate, the layout search of `train plan` (the bar: >= 10,000 layouts
// in <= 200 ms), and one serving steady state; against a reference in the same run, the fabric's step collectives
// alone (which every training estimate calls).
#include "models/catalog/catalog_store.hpp"
#include "models/roofline/model_presets.hpp"
#include "models/system/step/serving_search.hpp"
#include "models/system/step/serving_sizing.hpp"
#include "models/system/step/serving_step.hpp"
#include "models/system/step/training_search.hpp"

#include <benchmark/benchmark.h>

#include <algorithm>

namespace {

using namespace accelscope::models;
using namespace accelscope::models::system;

const std::vector<catalog::Device>& devices()
{
    static const auto all = *catalog::BundledCatalog::open(ACCELSCOPE_BENCH_CATALOG_DB)->loadAll();
    return all;
}

const catalog::Device& h100()
{
    const auto& all = devices();
    return *std::find_if(all.begin(), all.end(), [](const auto& d) { return d.id == "nvidia-h100-sxm"; });
}

Fabric nodes(int n) { return *fabricForDevice(h100(), devices(), FabricRequest{8, n, {}, {}}); }

TrainingLayoutSpec layout70b()
{
    TrainingLayoutSpec spec;
    spec.parallel = ParallelLayout{4, 1, 1, 4, 4, true, 1};
    spec.virtualStages = 5;
    spec.globalBatch = 128;
    return spec;
}

void BM_StepCollectivesOnly(benchmark::State& state)
{
    const Fabric f = nodes(8);
    const auto model = *roofline::findModelPreset("llama3.1-70b");
    StepShape shape;
    shape.microBatches = 32;
    for (auto _ : state) {
        auto c = stepCollectives(f, model, layout70b().parallel, shape);
        benchmark::DoNotOptimize(c);
    }
}
BENCHMARK(BM_StepCollectivesOnly)->Unit(benchmark::kMicrosecond);

void BM_OneTrainingStep(benchmark::State& state)
{
    const Fabric f = nodes(8);
    const auto model = *roofline::findModelPreset("llama3.1-70b");
    for (auto _ : state) {
        auto e = estimateTrainingStep(model, h100(), f, layout70b());
        benchmark::DoNotOptimize(e);
    }
}
BENCHMARK(BM_OneTrainingStep)->Unit(benchmark::kMicrosecond);

void BM_TrainPlanSearch(benchmark::State& state)
{
    const Fabric f = nodes(128);
    const auto model = *roofline::findModelPreset("llama3.1-405b");
    TrainingSearch search;
    search.devices = 1024;
    search.globalBatch = 1536;
    search.sequence = 8192;
    int evaluated = 0;
    for (auto _ : state) {
        auto r = searchTrainingLayouts(model, h100(), f, search);
        evaluated = r ? r->evaluated : 0;
        benchmark::DoNotOptimize(r);
    }
    state.counters["layouts"] = evaluated;
}
BENCHMARK(BM_TrainPlanSearch)->Unit(benchmark::kMillisecond);

/// The bar of issue #34: >= 10,000 layouts in <= 200 ms. DeepSeek-V3 on 2,048 H100s with EP and five micro-batch sizes.
void BM_TrainPlanSearchMoe(benchmark::State& state)
{
    const Fabric f = nodes(256);
    const auto model = *roofline::findModelPreset("deepseek-v3");
    TrainingSearch search;
    search.devices = 2048;
    search.globalBatch = 15360;
    search.sequence = 4096;
    search.gemmPrecision = "fp8";
    search.microBatches = {1, 2, 4, 8, 16};
    int evaluated = 0;
    for (auto _ : state) {
        auto r = searchTrainingLayouts(model, h100(), f, search);
        evaluated = r ? r->evaluated : 0;
        benchmark::DoNotOptimize(r);
    }
    state.counters["layouts"] = evaluated;
}
BENCHMARK(BM_TrainPlanSearchMoe)->Unit(benchmark::kMillisecond);

void BM_ServingSteadyState(benchmark::State& state)
{
    const Fabric f = *fabricForDevice(h100(), devices(), FabricRequest{4, 1, {}, {}});
    const auto model = *roofline::findModelPreset("llama3.1-70b");
    ServingSpec spec;
    spec.tp = 4;
    for (auto _ : state) {
        auto s = servingSteadyState(model, h100(), f, spec, ServingLoad{});
        benchmark::DoNotOptimize(s);
    }
}
BENCHMARK(BM_ServingSteadyState)->Unit(benchmark::kMicrosecond);

/// The bar of issue #34: `serve step-plan` over the catalog in <= 1 s (every accelerator x 7 counts x TP).
void BM_ServePlanCatalog(benchmark::State& state)
{
    const auto model = *roofline::findModelPreset("llama3.1-70b");
    ServingSearch search;
    std::size_t rows = 0;
    for (auto _ : state) {
        auto r = planServingOnSteps(model, devices(), search);
        rows = r.size();
        benchmark::DoNotOptimize(r);
    }
    state.counters["devices"] = static_cast<double>(rows);
}
BENCHMARK(BM_ServePlanCatalog)->Unit(benchmark::kMillisecond);

/// The bar of issue #28: `serve plan --users 1000` over the catalog in <= 1 s (every accelerator x TP x the bisection
/// for the concurrency limit, and each chosen layout's curve).
void BM_ServeSizeCatalog(benchmark::State& state)
{
    const auto model = *roofline::findModelPreset("llama3.1-70b");
    SizingRequest request;
    request.demand = {DemandKind::Users, 1000};
    std::size_t sized = 0;
    for (auto _ : state) {
        auto r = sizeServing(model, devices(), request);
        sized = static_cast<std::size_t>(std::ranges::count_if(r, [](const SizedDeployment& d) { return d.count > 0; }));
        benchmark::DoNotOptimize(r);
    }
    state.counters["sized"] = static_cast<double>(sized);
}
BENCHMARK(BM_ServeSizeCatalog)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
