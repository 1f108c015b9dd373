// SPDX-License-Identifier: MIT
// Serving model: hand-checked batch-1 step, fit with headroom, layouts, formats, Server limits, power and cost.
#include "models/roofline/model_presets.hpp"
#include "models/serving/serving_model.hpp"
#include "tests/models/roofline/roofline_fixture.hpp"
#include "tests/support/bundled_devices.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace accelscope::models;
using namespace accelscope::models::serving;
using accelscope::tests::bundledDevice;
using accelscope::tests::roundDevice;
using Catch::Matchers::WithinRel;
using accelscope::tests::preset;

namespace {

EfficiencyTable halfTable()
{
    EfficiencyTable t;
    t.pooled.compute = 0.5;
    t.pooled.memory = 0.5;
    t.pooled.kv = 0.5;
    t.pooled.bandLow = -0.1;
    t.pooled.bandHigh = 0.2;
    return t;
}

ServingRequest bf16Request(int in, int out)
{
    ServingRequest r;
    r.weights = "bf16";
    r.kvCache = "bf16";
    r.inputTokens = in;
    r.outputTokens = out;
    return r;
}

} // namespace

TEST_CASE("one sequence in memory: tokens/s is 1 / (decode step + prefill / output), from the roofs by hand")
{
    const auto c = preset("llama2-7b");
    const double params = roofline::countParameters(c).total;
    const double weights = params * 2.0;
    const double kvPerToken = 2.0 * 32 * 32 * 128 * 2; // K and V, 32 layers, 32 heads of 128, 2 bytes
    const double seq = kvPerToken * (1000 + 100 / 2.0);   // prompt + half the output (paged cache)
    auto dev = roundDevice();
    // Room for 1.5 sequences after weights and the 10 % headroom: the batch is 1.
    dev.figures[catalog::FigureKey::MemoryGb].value = (weights + 1.5 * seq) / 0.9 / 1e9;
    const auto d = servingDevice(dev, bf16Request(1000, 100), halfTable());
    REQUIRE(d.has_value());
    const auto e = estimateLayout(c, *d, bf16Request(1000, 100), Layout{});
    REQUIRE(e.has_value());
    REQUIRE(e->fits);
    CHECK(e->batch == 1);
    CHECK(e->maxBatchKv == 1);
    const double step = (weights + seq) / (2000e9 * 0.5); // memory-bound at batch 1
    const double pairFlops = 2.0 * (128 + 128) * 32 * 32; // QK and PV, 32 heads, 32 layers
    const double prefill = (1000 * 2.0 * params + 1000.0 * 1000 / 2 * pairFlops) / (1000e12 * 0.5);
    CHECK_THAT(e->decodeStepS, WithinRel(step, 1e-9));
    CHECK_THAT(e->prefillS, WithinRel(prefill, 1e-9));
    CHECK_THAT(e->tokensPerS, WithinRel(1.0 / (step + prefill / 100), 1e-9));
    const double rho = (prefill / (100 * step)) / (1 + prefill / (100 * step));
    CHECK_THAT(e->tpotMs, WithinRel(step / (1 - rho) * 1e3, 1e-9));
    CHECK_THAT(e->ttftMs, WithinRel((prefill + step + rho * prefill / (1 - rho)) * 1e3, 1e-9));
    CHECK_THAT(e->tokensPerSLow, WithinRel(e->tokensPerS * 0.9, 1e-12));
    CHECK_THAT(e->tokensPerSHigh, WithinRel(e->tokensPerS * 1.2, 1e-12));
    CHECK(e->bound == Bound::Memory); // the KV capacity holds the batch at 1 on a bandwidth-bound step
}

TEST_CASE("a model that does not fit gets no throughput, and says what it needs and has")
{
    const auto c = preset("llama3.1-70b");
    const auto dev = bundledDevice("nvidia-h100-sxm");
    const auto d = servingDevice(dev, bf16Request(1024, 256), halfTable());
    REQUIRE(d.has_value());
    const auto e = estimateServing(c, *d, bf16Request(1024, 256), 1);
    REQUIRE(e.has_value());
    CHECK_FALSE(e->fits);
    CHECK(e->tokensPerS == 0.0);
    CHECK_FALSE(e->usdPerMillionTokens.has_value());
    // 70.6e9 parameters x 2 bytes = 141 GB of weights alone against 80 GiB (85.9e9 bytes).
    CHECK(e->needBytesPerDevice > 141e9);
    CHECK(e->capacityBytesPerDevice == 80.0 * 1024 * 1024 * 1024);
    // Two H100s hold it with tensor or pipeline parallelism.
    const auto two = estimateServing(c, *d, bf16Request(1024, 256), 2);
    REQUIRE(two.has_value());
    CHECK(two->fits);
    CHECK(two->tokensPerS > 0.0);
}

TEST_CASE("the fit uses the runtime headroom: 90 % of memory, not 100 %")
{
    const auto c = preset("llama2-7b");
    const double weights = roofline::countParameters(c).total * 2.0;
    const double seq = 2.0 * 32 * 32 * 128 * 2 * (1000 + 50);
    auto dev = roundDevice();
    // Weights and one sequence use 95 % of the memory: fits without headroom, not with it.
    dev.figures[catalog::FigureKey::MemoryGb].value = (weights + seq) / 0.95 / 1e9;
    const auto d = servingDevice(dev, bf16Request(1000, 100), halfTable());
    REQUIRE(d.has_value());
    const auto e = estimateLayout(c, *d, bf16Request(1000, 100), Layout{});
    REQUIRE(e.has_value());
    CHECK_FALSE(e->fits);
    CHECK_THAT(e->headroomBytesPerDevice, WithinRel(dev.figures[catalog::FigureKey::MemoryGb].value * 1e9 * 0.1, 1e-12));
}

TEST_CASE("a format the device has no figure for is an error that names it")
{
    auto dev = roundDevice(); // BF16 and FP32 figures only
    auto r = bf16Request(100, 100);
    r.weights = "fp8";
    const auto d = servingDevice(dev, r, halfTable());
    REQUIRE_FALSE(d.has_value());
    CHECK(d.error().code == ErrorCode::Unsupported);
    CHECK_THAT(d.error().message, Catch::Contains("fp8"));
    r.weights = "bf16";
    r.kvCache = "int4";
    CHECK_FALSE(servingDevice(dev, r, halfTable()).has_value());
    r.kvCache = "bogus";
    CHECK(servingDevice(dev, r, halfTable()).error().code == ErrorCode::InvalidArgument);
}

TEST_CASE("more memory bandwidth or efficiency gives more tokens/s, and the best layout is at least any other")
{
    const auto c = preset("llama2-70b");
    auto dev = bundledDevice("nvidia-h100-sxm");
    ServingRequest r;
    r.inputTokens = 1024;
    r.outputTokens = 256;
    const auto d = servingDevice(dev, r, halfTable());
    REQUIRE(d.has_value());
    const auto best = estimateServing(c, *d, r, 8);
    REQUIRE(best.has_value());
    REQUIRE(best->fits);
    CHECK(best->devices == 8);
    for (const Layout l : {Layout{8, 1, 1, 1}, Layout{4, 1, 1, 2}, Layout{2, 1, 1, 4}, Layout{1, 2, 1, 4}}) {
        const auto e = estimateLayout(c, *d, r, l);
        REQUIRE(e.has_value());
        if (e->fits) CHECK(e->tokensPerS <= best->tokensPerS);
    }
    auto faster = *d;
    faster.memoryBandwidthGBps *= 2.0;
    faster.efficiency.compute = 0.9;
    const auto more = estimateServing(c, faster, r, 8);
    REQUIRE(more.has_value());
    CHECK(more->tokensPerS > best->tokensPerS);
    CHECK_THAT(best->tokensPerSPerDevice, WithinRel(best->tokensPerS / 8, 1e-12));
}

TEST_CASE("with pipeline stages each device reports the KV of every sequence in flight for its layers, within its memory")
{
    // Issue #34: the KV per device was divided by the stage count although every stage holds its layers'
    // KV for all sequences (the capacity check already counted them so).
    const auto c = preset("llama2-70b");
    auto dev = bundledDevice("nvidia-h100-sxm");
    ServingRequest r = bf16Request(1024, 256);
    const auto d = servingDevice(dev, r, halfTable());
    REQUIRE(d.has_value());
    const auto e = estimateLayout(c, *d, r, Layout{4, 2, 1, 1});
    REQUIRE(e.has_value());
    REQUIRE(e->fits);
    // Llama 2 70B: 80 layers, 8 KV heads of 128, BF16 K and V; 40 layers per stage, 4 KV heads per TP rank.
    const double kvPerTokenPerDevice = 2.0 * 40 * (8.0 / 4) * 128 * 2;
    CHECK_THAT(e->kvBytesPerDevice, WithinRel(e->batch * kvPerTokenPerDevice * (1024 + 256 / 2.0), 1e-9));
    CHECK(e->memoryBytesPerDevice <= dev.value(catalog::FigureKey::MemoryGb).value() * 1e9);
}

TEST_CASE("Server limits: a tighter TPOT gives a smaller batch and fewer tokens/s, an impossible one an error")
{
    const auto c = preset("llama2-70b");
    const auto dev = bundledDevice("nvidia-h100-sxm");
    ServingRequest r;
    r.inputTokens = 1024;
    r.outputTokens = 256;
    r.scenario = Scenario::Server;
    r.ttftLimitMs = 2000;
    r.tpotLimitMs = 200;
    const auto d = servingDevice(dev, r, halfTable());
    REQUIRE(d.has_value());
    const auto loose = estimateServing(c, *d, r, 8);
    REQUIRE(loose.has_value());
    CHECK(loose->tpotP99Ms <= 200.0);
    CHECK(loose->ttftP99Ms <= 2000.0);
    r.tpotLimitMs = 40;
    const auto tight = estimateServing(c, *d, r, 8);
    REQUIRE(tight.has_value());
    CHECK(tight->tpotP99Ms <= 40.0);
    CHECK(tight->tokensPerS < loose->tokensPerS);
    CHECK(tight->batch < loose->batch);
    r.tpotLimitMs = 0.01;
    const auto none = estimateServing(c, *d, r, 8);
    REQUIRE_FALSE(none.has_value());
    CHECK_THAT(none.error().message, Catch::Contains("latency limits"));
}

TEST_CASE("MoE: expert parallelism runs over the tensor-parallel group")
{
    const auto c = preset("mixtral-8x7b");
    const auto dev = bundledDevice("nvidia-h100-sxm");
    ServingRequest r;
    r.inputTokens = 512;
    r.outputTokens = 256;
    const auto d = servingDevice(dev, r, halfTable());
    REQUIRE(d.has_value());
    const auto e = estimateLayout(c, *d, r, Layout{2, 1, 2, 1});
    REQUIRE(e.has_value());
    REQUIRE(e->fits);
    CHECK(e->layout.ep == 2);
    const auto moeAll = estimateServing(c, *d, r, 4);
    REQUIRE(moeAll.has_value());
    CHECK(moeAll->layout.ep == moeAll->layout.tp);
}

TEST_CASE("power is TDP x devices x the DGX H100 system ratio, and J/token follows from it")
{
    const auto c = preset("llama2-70b");
    const auto dev = bundledDevice("nvidia-h100-sxm");
    ServingRequest r;
    const auto d = servingDevice(dev, r, halfTable());
    REQUIRE(d.has_value());
    const auto e = estimateServing(c, *d, r, 8);
    REQUIRE(e.has_value());
    REQUIRE(e->watts.has_value());
    CHECK_THAT(*e->watts, WithinRel(700.0 * 8 * 10.2 / 5.6, 1e-12));
    CHECK_THAT(*e->joulesPerToken, WithinRel(*e->watts / e->tokensPerS, 1e-12));
}

TEST_CASE("cost: cloud $/hour first, else the list price over 3 years, else none")
{
    const auto c = preset("llama2-7b");
    auto dev = roundDevice();
    ServingRequest r = bf16Request(500, 200);
    auto d = servingDevice(dev, r, halfTable());
    REQUIRE(d.has_value());
    auto e = estimateServing(c, *d, r, 1);
    REQUIRE(e.has_value());
    CHECK_FALSE(e->usdPerMillionTokens.has_value());
    dev.figures[catalog::FigureKey::ListPriceUsd].value = 26280.0; // $1 per hour over 3 x 8760 h
    d = servingDevice(dev, r, halfTable());
    e = estimateServing(c, *d, r, 1);
    REQUIRE(e->usdPerMillionTokens.has_value());
    CHECK(e->priceBasis == "list");
    CHECK_THAT(*e->usdPerMillionTokens, WithinRel(1.0 / (e->tokensPerS * 3600) * 1e6, 1e-9));
    dev.figures[catalog::FigureKey::CloudUsdPerHour].value = 2.0;
    d = servingDevice(dev, r, halfTable());
    e = estimateServing(c, *d, r, 1);
    CHECK(e->priceBasis == "cloud");
    CHECK_THAT(*e->usdPerMillionTokens, WithinRel(2.0 / (e->tokensPerS * 3600) * 1e6, 1e-9));
}

TEST_CASE("cost with the user's prices and $/kWh: $/M tokens = (device $/h x n + W/1000 x $/kWh) / (tokens/s x 3600) x 10^6")
{
    const auto c = preset("llama2-7b");
    auto dev = roundDevice();
    dev.figures[catalog::FigureKey::TdpW].value = 700.0;
    dev.figures[catalog::FigureKey::CloudUsdPerHour].value = 2.0;
    ServingRequest r = bf16Request(500, 200);
    r.usdPerKwh = 0.10;
    auto d = servingDevice(dev, r, halfTable());
    REQUIRE(d.has_value());
    auto e = estimateServing(c, *d, r, 2);
    REQUIRE(e.has_value());
    // A catalog cloud rate pays for power: no energy added. W = 700 x 2 x 10.2 / 5.6 = 2550.
    CHECK(e->priceBasis == "cloud");
    CHECK_FALSE(e->energyUsdPerHour.has_value());
    CHECK_THAT(*e->watts, WithinRel(2550.0, 1e-12));
    CHECK_THAT(*e->tokensPerSPerKw, WithinRel(e->tokensPerS / 2.55, 1e-12));
    // Your $/device-hour replaces it and energy is added: 1.5 x 2 + 2.55 kW x $0.10 = $3.255 per hour.
    r.prices["test-gpu"] = DevicePrice{1.5, std::nullopt, 3.0};
    e = estimateServing(c, *d, r, 2);
    REQUIRE(e.has_value());
    CHECK(e->priceBasis == "your $/h");
    CHECK_THAT(*e->energyUsdPerHour, WithinRel(0.255, 1e-12));
    CHECK_THAT(*e->usdPerHour, WithinRel(3.255, 1e-12));
    CHECK_THAT(*e->usdPerMillionTokens, WithinRel(3.255 / (e->tokensPerS * 3600) * 1e6, 1e-12));
    CHECK_THAT(*e->energyUsdPerMillionTokens, WithinRel(0.255 / (e->tokensPerS * 3600) * 1e6, 1e-12));
    // Your list price over your years: $43,800 over 5 years = $1 per device-hour.
    r.prices["test-gpu"] = DevicePrice{std::nullopt, 43800.0, 5.0};
    e = estimateServing(c, *d, r, 2);
    REQUIRE(e.has_value());
    CHECK(e->priceBasis == "your list");
    CHECK_THAT(*e->usdPerHour, WithinRel(2.0 + 0.255, 1e-12));
    // No $/kWh: no energy part.
    r.usdPerKwh.reset();
    e = estimateServing(c, *d, r, 2);
    REQUIRE(e.has_value());
    CHECK_FALSE(e->energyUsdPerMillionTokens.has_value());
    CHECK_THAT(*e->usdPerHour, WithinRel(2.0, 1e-12));
}
