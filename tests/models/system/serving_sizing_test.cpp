// SPDX-License-Identifier: MIT
// models/system/step/serving_sizing: the Poisson quantile, and a deployment sized to users and to a request rate that
// meets the objective at the count it names and not at one replica fewer.
#include "models/catalog/device_query.hpp"
#include "models/roofline/model_presets.hpp"
#include "models/common/number_text.hpp"
#include "models/system/step/serving_sizing.hpp"
#include "models/system/step/sizing_memo.hpp"
#include "tests/support/bundled_devices.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

using namespace accelscope::models;
using namespace accelscope::models::system;
using accelscope::tests::preset;

namespace {

constexpr auto* device = &accelscope::tests::bundledDeviceRef;

} // namespace

TEST_CASE("the Poisson quantile matches the distribution's tables")
{
    // P(X <= 2) for mean 1 is 0.9197, P(X <= 3) 0.9810, P(X <= 4) 0.9963.
    CHECK(poissonQuantile(1.0, 0.95) == 3);
    CHECK(poissonQuantile(1.0, 0.99) == 4);
    CHECK(poissonQuantile(0.0, 0.99) == 0);
    // Large means: about mean + 2.326 sqrt(mean) at 0.99 (normal approximation, within 2).
    const double q = poissonQuantile(10000.0, 0.99);
    CHECK(std::abs(q - (10000.0 + 2.326 * 100.0)) <= 2.0);
}

TEST_CASE("sized to 1,000 users, a deployment holds them within the objective and one replica fewer does not")
{
    const auto model = preset("llama3.1-70b");
    SizingRequest r;
    r.demand = {DemandKind::Users, 1000};
    r.load.inputTokens = 1024;
    r.load.outputTokens = 256;
    r.slo = {2.0, 0.05};
    r.devices = {"nvidia-h100-sxm", "nvidia-h200-sxm"};
    const auto rows = sizeServing(model, accelscope::tests::bundledDevices(), r);
    REQUIRE(rows.size() == 2);
    for (const SizedDeployment& row : rows) {
        INFO(row.device->id);
        REQUIRE(row.count > 0);
        REQUIRE(row.state.has_value());
        CHECK(row.count == row.tp * row.replicas);
        CHECK(row.state->tpotS <= 0.05);
        CHECK(row.ttftWorstS <= 2.0);
        CHECK(row.concurrencyPerReplica * row.replicas >= 1000);
        CHECK(row.concurrencyPerReplica * (row.replicas - 1) < 1000);
        // The limit is the largest concurrency inside the objective: one more request per replica breaks it.
        ServingSpec spec;
        spec.tp = row.tp;
        ServingLoad load = r.load;
        load.concurrency = row.concurrencyPerReplica + 1;
        Fabric fabric;
        if (row.tp > 1) {
            auto f = fabricForDevice(*row.device, accelscope::tests::bundledDevices(), FabricRequest{row.tp, 1, {}, {}});
            REQUIRE(f.has_value());
            fabric = *f;
        }
        auto over = servingSteadyState(model, *row.device, fabric, spec, load);
        REQUIRE(over.has_value());
        CHECK((over->tpotS > 0.05 || over->ttftS + over->tpotS > 2.0 || over->batch < row.concurrencyPerReplica + 1));
        // Cost and power follow the count.
        REQUIRE(row.acceleratorKw.has_value());
        CHECK(*row.acceleratorKw == Approx(row.count * row.device->value(catalog::FigureKey::TdpW).value() / 1000.0));
        if (row.usdPerHour) CHECK(*row.usdPerMonth == Approx(*row.usdPerHour * 730.0));
    }
}

TEST_CASE("a Poisson rate needs more replicas than its mean in flight alone, and a tighter TPOT holds fewer requests per replica")
{
    const auto model = preset("llama3.1-8b");
    SizingRequest r;
    r.demand = {DemandKind::RequestsPerS, 40};
    r.devices = {"nvidia-h100-sxm"};
    const auto loose = sizeServing(model, accelscope::tests::bundledDevices(), r);
    REQUIRE(loose.size() == 1);
    REQUIRE(loose[0].count > 0);
    CHECK(loose[0].outputTokensPerS == Approx(40.0 * r.load.outputTokens));
    CHECK(loose[0].inFlight / loose[0].replicas <= loose[0].concurrencyPerReplica);
    CHECK(poissonQuantile(loose[0].inFlight / loose[0].replicas, 0.99) <= loose[0].concurrencyPerReplica);
    r.slo.tpotS = 0.01;
    const auto tight = sizeServing(model, accelscope::tests::bundledDevices(), r);
    REQUIRE(tight[0].count > 0);
    CHECK(tight[0].concurrencyPerReplica < loose[0].concurrencyPerReplica);
    CHECK(tight[0].state->tpotS <= 0.01);
    CHECK(tight[0].count >= loose[0].count);
    // Tokens per day is the same demand as its rate of requests.
    SizingRequest perDay = r;
    perDay.demand = {DemandKind::TokensPerDay, 40.0 * r.load.outputTokens * 86400.0};
    const auto daily = sizeServing(model, accelscope::tests::bundledDevices(), perDay);
    CHECK(daily[0].count == tight[0].count);
}

TEST_CASE("a device that cannot meet the objective says why instead of a count")
{
    SizingRequest r;
    r.demand = {DemandKind::Users, 10};
    r.slo.tpotS = 0.0001; // 100 µs per token: no 70B decode step is that short
    r.devices = {"nvidia-h100-sxm"};
    const auto rows = sizeServing(preset("llama3.1-70b"), accelscope::tests::bundledDevices(), r);
    REQUIRE(rows.size() == 1);
    CHECK(rows[0].count == 0);
    CHECK(rows[0].problem.find("beyond the objective") != std::string::npos);
    CHECK(device("nvidia-h100-sxm").id == rows[0].device->id);
}

TEST_CASE("the sizing memo opens with its recommendation, states the load, the accuracy, its date and version, and sources each figure")
{
    SizingRequest r;
    r.demand = {DemandKind::Users, 1000};
    r.devices = {"nvidia-h100-sxm", "nvidia-h200-sxm"};
    const auto model = preset("llama3.1-70b");
    const auto rows = sizeServing(model, accelscope::tests::bundledDevices(), r);
    const std::string memo = sizingMemo(model, r, rows, {"2026-11-28", "accelscope test", "accelscope-cli serve size --memo"});
    const auto at = [&](const char* text) { return memo.find(text); };
    REQUIRE(at("## Summary and recommendation") != std::string::npos);
    CHECK(at("## Summary and recommendation") < at("## Load and objective"));
    CHECK(at("## Load and objective") < at("## Sized deployments"));
    CHECK(at("## Sized deployments") < at("## Sources"));
    CHECK(at("**Recommended: ") != std::string::npos);
    CHECK(at("2026-11-28 · accelscope test") != std::string::npos);
    CHECK(at("1,000 concurrent users") != std::string::npos);
    CHECK(at("published runs the step model never saw") != std::string::npos);
    // The recommended row is the cheapest with a price, a power figure and no figure missing: its count and monthly cost.
    const auto it = std::find_if(rows.begin(), rows.end(),
                                 [](const SizedDeployment& d) { return d.count > 0 && d.usdPerMonth && d.acceleratorKw && !d.missingFigures; });
    REQUIRE(it != rows.end());
    const auto& first = *it;
    CHECK(memo.find("Recommended: " + std::to_string(first.count) + " x " + first.device->name) != std::string::npos);
    if (first.usdPerMonth) CHECK(memo.find(usdText(*first.usdPerMonth) + " a month") != std::string::npos);
    // Every sized device's memory figure with its source URL.
    for (const auto& row : rows) {
        INFO(row.device->id);
        CHECK(memo.find("**" + row.device->name + "** (" + row.device->id + ")") != std::string::npos);
    }
    CHECK(at("memory_gb = ") != std::string::npos);
    CHECK(at("https://") != std::string::npos);
    // No float noise or exponents in the text a manager reads.
    CHECK(at("e+0") == std::string::npos);
    CHECK(at("000000001") == std::string::npos);
}

TEST_CASE("the Poisson mean a replica's slots hold is the largest whose quantile fits")
{
    for (const double n : {1.0, 4.0, 50.0, 768.0}) {
        const double m = poissonMeanWithin(n, 0.99);
        INFO(n << " slots, mean " << m);
        CHECK(m > 0);
        CHECK(m < n);
        CHECK(poissonQuantile(m, 0.99) <= n);
        CHECK(poissonQuantile(m * 1.001 + 1e-6, 0.99) > n);
    }
    CHECK(poissonMeanWithin(0.5, 0.99) == 0);
}

TEST_CASE("a replica as a Poisson server: Little's law at its limit, and a tighter TPOT takes fewer requests")
{
    const auto model = preset("llama2-70b");
    const catalog::Device& h200 = device("nvidia-h200-sxm");
    auto fabric = fabricForDeviceCount(h200, accelscope::tests::bundledDevices(), 1, 0);
    REQUIRE(fabric.has_value());
    SizingRequest r;
    r.spec.weights = "fp8";
    r.spec.kvCache = "fp8";
    r.load.inputTokens = 294;
    r.load.outputTokens = 294;
    r.slo = {2.0, 0.2}; // MLPerf llama2-70b Server
    auto loose = poissonServerCapacity(model, h200, *fabric, r, 1);
    REQUIRE(loose.has_value());
    CHECK(loose->meanInFlight < loose->concurrencyLimit);
    CHECK(loose->requestsPerS * loose->inSystemS == Approx(loose->meanInFlight));
    CHECK(loose->outputTokensPerS == Approx(loose->requestsPerS * 294));
    CHECK(loose->state.tpotS <= 0.2);
    CHECK(loose->state.ttftS + loose->state.tpotS <= 2.0);
    // The server takes less than the offline steady state produces.
    ServingSpec spec = r.spec;
    auto offline = servingSteadyState(model, h200, *fabric, spec, r.load);
    REQUIRE(offline.has_value());
    CHECK(loose->outputTokensPerS < offline->outputTokensPerSPerReplica);
    r.slo.tpotS = 0.04;
    auto tight = poissonServerCapacity(model, h200, *fabric, r, 1);
    REQUIRE(tight.has_value());
    CHECK(tight->requestsPerS < loose->requestsPerS);
    CHECK(tight->state.tpotS <= 0.04);
    r.slo.tpotS = 0.001; // one request alone is slower than this
    CHECK_FALSE(poissonServerCapacity(model, h200, *fabric, r, 1).has_value());
}
