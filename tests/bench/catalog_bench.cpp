// SPDX-License-Identifier: MIT
// Catalog speed: open + load the bundled DB, validate the data files, filter 1,000 devices.
#include "models/catalog/catalog_parser.hpp"
#include "models/catalog/catalog_store.hpp"
#include "models/catalog/device_query.hpp"

#include <benchmark/benchmark.h>

#include <cstdlib>

using namespace accelscope::models::catalog;

namespace {

void openAndLoadAll(benchmark::State& state)
{
    for (auto _ : state) {
        auto catalog = BundledCatalog::open(ACCELSCOPE_BENCH_CATALOG_DB);
        if (!catalog) {
            state.SkipWithError(catalog.error().message.c_str());
            return;
        }
        auto devices = catalog->loadAll();
        benchmark::DoNotOptimize(devices);
        state.counters["devices"] = static_cast<double>(devices->size());
    }
}
BENCHMARK(openAndLoadAll)->Unit(benchmark::kMillisecond);

void validateDataFiles(benchmark::State& state)
{
    for (auto _ : state) {
        auto parsed = loadCatalogDirectory(ACCELSCOPE_BENCH_DATA_DIR);
        benchmark::DoNotOptimize(parsed);
    }
}
BENCHMARK(validateDataFiles)->Unit(benchmark::kMillisecond);

// The bundled catalog copied until it holds `state.range(0)` devices (ids made unique).
std::vector<Device> replicated(std::size_t count)
{
    auto base = BundledCatalog::open(ACCELSCOPE_BENCH_CATALOG_DB)->loadAll().value();
    std::vector<Device> out;
    out.reserve(count);
    for (std::size_t i = 0; out.size() < count; ++i) {
        Device d = base[i % base.size()];
        d.id += "-" + std::to_string(i);
        out.push_back(std::move(d));
    }
    return out;
}

void filterReplicated(benchmark::State& state)
{
    const auto devices = replicated(static_cast<std::size_t>(state.range(0)));
    DeviceFilter filter;
    filter.text = "nvidia hbm";
    filter.kinds = {DeviceKind::Gpu};
    filter.memoryGibMin = 40;
    filter.needsFp8 = true;
    std::size_t matched = 0;
    for (auto _ : state) {
        const auto found = filterDevices(devices, filter);
        matched = found.size();
        benchmark::DoNotOptimize(found.data());
    }
    state.counters["matched"] = static_cast<double>(matched);
}
BENCHMARK(filterReplicated)->Arg(1000)->Unit(benchmark::kMicrosecond);

void findByName(benchmark::State& state)
{
    const auto devices = replicated(1000);
    for (auto _ : state) {
        auto found = findDevice(devices, "MI300X-7");
        benchmark::DoNotOptimize(found);
    }
}
BENCHMARK(findByName)->Unit(benchmark::kMicrosecond);

} // namespace

BENCHMARK_MAIN();
