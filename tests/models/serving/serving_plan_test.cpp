// SPDX-License-Identifier: MIT
// The serving planner: accelerators only by default, ranking, rows for what does not fit.
#include "models/catalog/catalog_store.hpp"
#include "models/roofline/model_presets.hpp"
#include "models/serving/serving_plan.hpp"

#include "tests/support/bundled_devices.hpp"

#include <catch2/catch.hpp>

using namespace accelscope::models;
using namespace accelscope::models::serving;

namespace {

using accelscope::tests::bundledDevices;

EfficiencyTable table()
{
    EfficiencyTable t;
    t.pooled.compute = 0.5;
    t.pooled.memory = 0.6;
    t.pooled.kv = 0.6;
    return t;
}

} // namespace

TEST_CASE("the plan holds accelerators only unless all kinds are asked for")
{
    const auto devices = bundledDevices();
    const auto config = *roofline::findModelPreset("llama3.1-70b");
    ServingRequest r;
    r.weights = "bf16";
    r.kvCache = "bf16";
    PlanOptions o;
    o.counts = {1, 2, 4, 8};
    const auto rows = planServing(config, devices, r, table(), o);
    REQUIRE_FALSE(rows.empty());
    for (const auto& row : rows) {
        INFO(row.device->id);
        CHECK(isAccelerator(*row.device));
    }
    o.allKinds = true;
    const auto all = planServing(config, devices, r, table(), o);
    CHECK(std::ranges::any_of(all, [](const PlanRow& p) { return !isAccelerator(*p.device); }));
}

TEST_CASE("plan rows: fitting rows first in rank order, then what does not fit (no throughput), then problems")
{
    const auto devices = bundledDevices();
    const auto config = *roofline::findModelPreset("llama3.1-405b");
    ServingRequest r;
    r.weights = "fp8";
    r.kvCache = "fp8";
    PlanOptions o;
    o.order = PlanOrder::Devices;
    o.counts = {1, 2, 4, 8, 16};
    const auto rows = planServing(config, devices, r, table(), o);
    std::size_t i = 0;
    int lastDevices = 0;
    for (; i < rows.size() && rows[i].estimate && rows[i].estimate->fits; ++i) {
        CHECK(rows[i].estimate->devices >= lastDevices); // ranked by devices
        lastDevices = rows[i].estimate->devices;
        CHECK(rows[i].estimate->tokensPerS > 0.0);
    }
    REQUIRE(i > 0);
    // 405B in FP8 is 405 GB of weights: one 80 GB device never holds it.
    CHECK(rows.front().estimate->devices > 1);
    for (; i < rows.size() && rows[i].estimate; ++i) {
        CHECK_FALSE(rows[i].estimate->fits);
        CHECK(rows[i].estimate->tokensPerS == 0.0);
        CHECK(rows[i].estimate->needBytesPerDevice > rows[i].estimate->capacityBytesPerDevice * 0.0);
    }
    for (; i < rows.size(); ++i) CHECK_FALSE(rows[i].problem.empty());
}

TEST_CASE("a target throughput drops rows below it")
{
    const auto devices = bundledDevices();
    const auto config = *roofline::findModelPreset("llama2-70b");
    ServingRequest r;
    PlanOptions o;
    o.counts = {8};
    o.targetTokensPerS = 5000.0;
    for (const auto& row : planServing(config, devices, r, table(), o)) {
        if (row.estimate && row.estimate->fits) CHECK(row.estimate->tokensPerS >= 5000.0);
    }
}

TEST_CASE("by cost, cloud-priced rows come before list-priced ones, which come before unpriced ones")
{
    const auto devices = bundledDevices();
    const auto config = *roofline::findModelPreset("llama3.1-8b");
    ServingRequest r;
    r.weights = "bf16";
    r.kvCache = "bf16";
    PlanOptions o;
    o.counts = {1, 2};
    const auto rows = planServing(config, devices, r, table(), o);
    int stage = 0; // 0 cloud, 1 list, 2 none
    int lists = 0;
    double last = 0.0;
    for (const auto& row : rows) {
        if (!row.estimate || !row.estimate->fits) break;
        const auto& e = *row.estimate;
        const int s = e.priceBasis == "cloud" ? 0 : e.priceBasis == "list" ? 1 : 2;
        lists += s == 1 ? 1 : 0;
        INFO(row.device->id);
        CHECK(s >= stage);
        if (s != stage) last = 0.0;
        stage = s;
        if (e.usdPerMillionTokens) {
            CHECK(*e.usdPerMillionTokens >= last);
            last = *e.usdPerMillionTokens;
        }
    }
    CHECK(lists > 0); // the GeForce cards carry list prices only
}
