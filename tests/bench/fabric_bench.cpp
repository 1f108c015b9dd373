// SPDX-License-Identifier: MIT
// The collective model's speed: a 100-size sweep (the Interconnects page's chart and `fabric sweep`), one
// estimate with the library's choice, and the published-row check; against a reference in the same run,
// the bare alpha-beta ring (ringCollectiveUs) at the same 100 sizes.
#include "models/catalog/catalog_store.hpp"
#include "models/system/fabric/collectives.hpp"
#include "models/system/fabric/published_check.hpp"
#include "models/system/fabric/published_data.hpp"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>

namespace {

using namespace accelscope::models;
using namespace accelscope::models::system;

const std::vector<catalog::Device>& devices()
{
    static const auto all = *catalog::BundledCatalog::open(ACCELSCOPE_BENCH_CATALOG_DB)->loadAll();
    return all;
}

Fabric h100TwoNodes()
{
    const auto& all = devices();
    const auto h100 = std::find_if(all.begin(), all.end(), [](const auto& d) { return d.id == "nvidia-h100-sxm"; });
    FabricRequest request;
    request.nodes = 2;
    return *fabricForDevice(*h100, all, request);
}

void BM_SweepHundredSizes(benchmark::State& state)
{
    const Fabric f = h100TwoNodes();
    for (auto _ : state) {
        auto sweep = sweepCollective(f, Collective::AllReduce, 1024, 16.0 * (1ull << 30), 100);
        benchmark::DoNotOptimize(sweep);
    }
}
BENCHMARK(BM_SweepHundredSizes)->Unit(benchmark::kMicrosecond);

void BM_RingFormulaHundredSizes(benchmark::State& state)
{
    for (auto _ : state) {
        double sum = 0;
        for (int i = 0; i < 100; ++i) {
            const double bytes = 1024 * std::exp(std::log(16.0 * (1ull << 30) / 1024) * i / 99);
            sum += ringCollectiveUs(Collective::AllReduce, bytes, 16, 371, 8.4, 3.4);
        }
        benchmark::DoNotOptimize(sum);
    }
}
BENCHMARK(BM_RingFormulaHundredSizes)->Unit(benchmark::kMicrosecond);

void BM_OneEstimate(benchmark::State& state)
{
    const Fabric f = h100TwoNodes();
    for (auto _ : state) {
        auto e = estimateCollective(f, Collective::AllReduce, 64.0 * (1 << 20));
        benchmark::DoNotOptimize(e);
    }
}
BENCHMARK(BM_OneEstimate);

void BM_PublishedCheck(benchmark::State& state)
{
    const auto rows = *readPublishedRows(bundledPublishedRowsCsv());
    const auto platforms = *readPublishedPlatforms(bundledPublishedPlatformsCsv());
    for (auto _ : state) {
        auto check = checkPublished(rows, platforms, devices());
        benchmark::DoNotOptimize(check);
    }
}
BENCHMARK(BM_PublishedCheck)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
