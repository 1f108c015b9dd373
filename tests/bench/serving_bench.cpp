// SPDX-License-Identifier: MIT
// Serving speed: one `serve estimate` (Llama 3.1 70B on 8 x H100, Server limits), a full plan over the catalog, a training plan.
#include "models/catalog/catalog_store.hpp"
#include "models/roofline/model_presets.hpp"
#include "models/serving/serving_plan.hpp"
#include "models/serving/training_plan.hpp"

#include <benchmark/benchmark.h>

namespace {

using namespace accelscope::models;

std::vector<catalog::Device> allDevices() { return *catalog::BundledCatalog::open(ACCELSCOPE_BENCH_CATALOG_DB)->loadAll(); }

serving::ServingRequest serverRequest()
{
    serving::ServingRequest r;
    r.weights = "fp8";
    r.kvCache = "fp8";
    r.inputTokens = 1024;
    r.outputTokens = 256;
    r.scenario = serving::Scenario::Server;
    r.ttftLimitMs = 2000;
    r.tpotLimitMs = 100;
    return r;
}

// What `serve estimate` computes after the catalog is open: efficiencies, device figures, every layout.
void serveEstimate(benchmark::State& state)
{
    const auto devices = allDevices();
    const auto h100 = std::ranges::find(devices, std::string("nvidia-h100-sxm"), &catalog::Device::id);
    const auto config = *roofline::findModelPreset("llama3.1-70b");
    const auto request = serverRequest();
    for (auto _ : state) {
        const auto table = serving::bundledEfficiencies();
        const auto d = serving::servingDevice(*h100, request, *table);
        auto e = serving::estimateServing(config, *d, request, 8);
        benchmark::DoNotOptimize(e);
    }
}
BENCHMARK(serveEstimate)->Unit(benchmark::kMillisecond);

// `serve plan` over every accelerator of the catalog at 1 to 64 devices.
void servePlan(benchmark::State& state)
{
    const auto devices = allDevices();
    const auto config = *roofline::findModelPreset("llama3.1-405b");
    const auto request = serverRequest();
    const auto table = *serving::bundledEfficiencies();
    std::size_t rows = 0;
    for (auto _ : state) {
        auto plan = serving::planServing(config, devices, request, table, serving::PlanOptions{});
        rows = plan.size();
        benchmark::DoNotOptimize(plan);
    }
    state.counters["rows"] = static_cast<double>(rows);
}
BENCHMARK(servePlan)->Unit(benchmark::kMillisecond);

// `train plan`: every TP/PP/DP/ZeRO/recomputation layout of Llama 3.1 405B on 128 H100s.
void trainPlan(benchmark::State& state)
{
    const auto devices = allDevices();
    const auto h100 = std::ranges::find(devices, std::string("nvidia-h100-sxm"), &catalog::Device::id);
    const auto config = *roofline::findModelPreset("llama3.1-405b");
    serving::ServingRequest bf16;
    bf16.weights = "bf16";
    bf16.kvCache = "bf16";
    const auto d = serving::servingDevice(*h100, bf16, *serving::bundledEfficiencies());
    serving::TrainingRequest request;
    request.devices = 128;
    std::size_t layouts = 0;
    for (auto _ : state) {
        auto plan = serving::planTraining(config, *d, request);
        layouts = plan->layouts.size();
        benchmark::DoNotOptimize(plan);
    }
    state.counters["layouts"] = static_cast<double>(layouts);
}
BENCHMARK(trainPlan)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
