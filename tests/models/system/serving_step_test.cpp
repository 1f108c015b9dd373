// SPDX-License-Identifier: MIT
// models/system/step/serving_step: one engine step's operators, the steady state's batch limit, and a decode of one
// sequence that reads the weights once per token.
#include "models/catalog/device_query.hpp"
#include "models/roofline/model_presets.hpp"
#include "models/system/step/serving_step.hpp"
#include "tests/support/bundled_devices.hpp"

#include <catch2/catch.hpp>

using namespace accelscope::models;
using namespace accelscope::models::system;
using accelscope::tests::preset;

namespace {

constexpr auto* device = &accelscope::tests::bundledDeviceRef;

Fabric single(const catalog::Device& d)
{
    Fabric f;
    f.deviceId = d.id;
    return f;
}

} // namespace

TEST_CASE("one sequence decoding on one H100 reads the FP8 weights once per token")
{
    const catalog::Device& h100 = device("nvidia-h100-sxm");
    const auto model = preset("llama3.1-8b");
    ServingLoad load;
    load.inputTokens = 128;
    load.outputTokens = 128;
    load.concurrency = 1;
    auto s = servingSteadyState(model, h100, single(h100), ServingSpec{}, load);
    REQUIRE(s.has_value());
    CHECK(s->batch == 1);
    CHECK(s->batchLimit == "concurrency");
    // 8.03 billion FP8 weights at 3.35 TB/s x the measured read efficiency, plus the graph gaps: about 3 ms.
    const double weightsOnly = s->weightsBytesPerDevice / (3350e9 * s->parameters.readEfficiency.value);
    CHECK(s->tpotS > weightsOnly);
    CHECK(s->tpotS < 1.5 * weightsOnly);
    CHECK(s->outputTokensPerSPerDevice == Approx(1.0 / s->tpotS));
}

TEST_CASE("offline, the batch is the smallest of the KV cache, the scheduler's caps and the tokens per step")
{
    const catalog::Device& h100 = device("nvidia-h100-sxm");
    const auto model = preset("llama3.1-8b");
    ServingLoad load;
    load.inputTokens = 128;
    load.outputTokens = 2048;
    ServingSpec spec;
    auto kvBound = servingSteadyState(model, h100, single(h100), spec, load);
    REQUIRE(kvBound.has_value());
    CHECK(kvBound->batchLimit == "KV cache");
    CHECK(kvBound->batch == Approx(std::floor(kvBound->kvCapacityTokens / (128 + 1024))).margin(1));
    spec.maxSequences = 64;
    auto capped = servingSteadyState(model, h100, single(h100), spec, load);
    REQUIRE(capped.has_value());
    CHECK(capped->batchLimit == "max sequences");
    CHECK(capped->batch == 64);
    // A smaller batch reads the same weights for fewer tokens: fewer tokens per second, a shorter step.
    CHECK(capped->outputTokensPerSPerDevice < kvBound->outputTokensPerSPerDevice);
    CHECK(capped->tpotS < kvBound->tpotS);
    load.inputTokens = 4096;
    load.outputTokens = 16;
    auto prefillBound = servingSteadyState(model, h100, single(h100), ServingSpec{}, load);
    REQUIRE(prefillBound.has_value());
    CHECK(prefillBound->batchLimit == "max batched tokens");
    // Whole sequences: within one sequence's share (1 decode + 256 prefill tokens) of the 8,192 tokens per step.
    const double perStep = prefillBound->batch + prefillBound->prefillTokensPerStep;
    CHECK(perStep <= 8192);
    CHECK(perStep > 8192 - 257);
}

TEST_CASE("a replica whose weights leave no KV cache, or a layout the fabric does not hold, is refused")
{
    const catalog::Device& h100 = device("nvidia-h100-sxm");
    ServingSpec spec;
    spec.weights = "bf16";
    auto full = servingSteadyState(preset("llama3.1-70b"), h100, single(h100), spec, ServingLoad{});
    REQUIRE_FALSE(full.has_value());
    CHECK_THAT(full.error().message, Catch::Contains("leave no KV cache"));
    spec.tp = 2;
    auto wrong = servingSteadyState(preset("llama3.1-70b"), h100, single(h100), spec, ServingLoad{});
    REQUIRE_FALSE(wrong.has_value());
    CHECK_THAT(wrong.error().message, Catch::Contains("tp x pp = 2"));
}

TEST_CASE("tensor parallelism splits the weights and adds the all-reduces of every layer")
{
    const auto& all = accelscope::tests::bundledDevices();
    const catalog::Device& h100 = device("nvidia-h100-sxm");
    auto fabric = fabricForDevice(h100, all, FabricRequest{4, 1, {}, {}});
    REQUIRE(fabric.has_value());
    ServingSpec spec;
    spec.tp = 4;
    auto s = servingSteadyState(preset("llama3.1-70b"), h100, *fabric, spec, ServingLoad{});
    REQUIRE(s.has_value());
    CHECK(s->step.tpCommS > 0);
    CHECK(s->step.stageS == Approx(s->step.kernelsS + s->step.tpCommS));
    CHECK(s->weightsBytesPerDevice == Approx(countParameters(preset("llama3.1-70b")).total / 4).epsilon(0.001));
}
