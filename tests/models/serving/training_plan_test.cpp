// SPDX-License-Identifier: MIT
// Training fit search: a hand-computed layout, Llama 3.1 405B on H100s, the Llama 3 MFU the efficiency rests on.
#include "models/roofline/model_presets.hpp"
#include "models/serving/training_plan.hpp"
#include "tests/models/roofline/roofline_fixture.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace accelscope::models;
using namespace accelscope::models::serving;
using accelscope::tests::bundledDevice;
using accelscope::tests::roundDevice;
using Catch::Matchers::WithinRel;

namespace {

roofline::TransformerConfig smallModel()
{
    roofline::TransformerConfig c;
    c.id = "small";
    c.name = "small";
    c.layers = 4;
    c.hidden = 1024;
    c.heads = 8;
    c.kvHeads = 8;
    c.headDim = 128;
    c.ffn = 4096;
    c.vocab = 32000;
    c.tiedEmbeddings = true;
    return c;
}

ServingDevice bf16Device(const catalog::Device& device)
{
    ServingRequest r;
    r.weights = "bf16";
    r.kvCache = "bf16";
    auto d = servingDevice(device, r, EfficiencyTable{});
    REQUIRE(d.has_value());
    return *d;
}

const TrainingEstimate& find(const TrainingPlan& plan, int tp, int pp, int dp, int zero, memory::Recompute recompute)
{
    const auto it = std::ranges::find_if(plan.layouts, [&](const TrainingEstimate& e) {
        const auto& l = e.layout;
        return l.tp == tp && l.pp == pp && l.dp == dp && l.zero == zero && l.recompute == recompute;
    });
    REQUIRE(it != plan.layouts.end());
    return *it;
}

} // namespace

TEST_CASE("training layout TP 2 PP 2 DP 2 ZeRO-1 on 8 test GPUs: memory and step time by hand")
{
    const auto config = smallModel();
    // Per layer: attention 4·1024² = 4,194,304, gated FFN 3·1024·4096 = 12,582,912, two RMS norms 2,048;
    // 4 layers 67,117,056 + tied embedding 32,000·1024 = 32,768,000 + final norm 1,024.
    REQUIRE(roofline::countParameters(config).total == 99886080.0);
    const auto device = roundDevice(); // 1000 BF16 TFLOPs, 80 GB, 400 GB/s link (200 per direction), no domain figure: 8
    TrainingRequest r;
    r.devices = 8;
    r.globalBatch = 16;
    r.sequence = 1024;
    const auto plan = planTraining(config, bf16Device(device), r);
    REQUIRE(plan.has_value());
    CHECK(plan->scaleUpDomain == 8);
    const auto& e = find(*plan, 2, 2, 2, 1, memory::Recompute::None);
    CHECK(e.layout.microBatches == 8); // 16 / (DP 2 × micro-batch 1)
    // Ψ' = 99,886,080 / (2·2) = 24,971,520: weights and gradients 2Ψ' each, optimizer 12Ψ'/2.
    CHECK_THAT(e.memory.weightsBytes, WithinRel(49943040.0, 1e-12));
    CHECK_THAT(e.memory.optimizerBytes, WithinRel(149829120.0, 1e-12));
    // Activations: sbh = 1024·1·1024; (10/2 + 24/2 + 5·8·1024/(1024·2)) = 37 per layer; 2 layers, 2 in flight.
    CHECK_THAT(e.memory.activationsBytes, WithinRel(37.0 * 1048576 * 2 * 2, 1e-12));
    CHECK_THAT(e.memory.totalBytes, WithinRel(404904448.0, 1e-12));
    CHECK(e.fits);
    // Forward per token 2·99,886,080 + 2·4·1024·8·128 = 208,160,768; ×3 × 16,384 tokens / (8 · 10^15 · 0.71).
    const double compute = 3.0 * 208160768.0 * 16384.0 / (8.0 * 1e15 * 0.71);
    CHECK_THAT(e.computeS, WithinRel(compute, 1e-9));
    CHECK_THAT(e.bubbleS, WithinRel(compute / 8.0, 1e-9)); // (p − 1)/m of the compute
    // PP: 2·(m + p − 1) = 18 sends of 1024·1024·2 / 2 bytes at 200 GB/s plus 3.6 µs each.
    CHECK_THAT(e.pipelineSendS, WithinRel(18.0 * (3.6e-6 + 1048576.0 / 200e9), 1e-9));
    // TP: 4 all-reduces × 2 layers × 8 micro-batches, each 3.6 + 2·0.4 µs + 2·(1/2)·2,097,152 / 200 GB/s.
    CHECK_THAT(e.tensorParallelS, WithinRel(64.0 * (4.4e-6 + 2097152.0 / 200e9), 1e-9));
    // DP inside the domain (TP·DP = 4 ≤ 8): gradients 2 · Ψ/(TP·PP) = 49,943,040 bytes over 2.
    CHECK_THAT(e.dataParallelS, WithinRel(4.4e-6 + 49943040.0 / 200e9, 1e-9));
    CHECK_THAT(e.stepS, WithinRel(e.computeS + e.bubbleS + e.pipelineSendS + e.tensorParallelS + e.dataParallelS, 1e-12));
    CHECK(e.bound == TrainingBound::Compute);
    // Ranked: fitting layouts first, by step time.
    for (std::size_t i = 1; i < plan->layouts.size(); ++i) {
        const auto& a = plan->layouts[i - 1];
        const auto& b = plan->layouts[i];
        CHECK((a.fits || !b.fits));
        if (a.fits && b.fits) CHECK(a.stepS <= b.stepS);
    }
}

TEST_CASE("Llama 3.1 405B: no layout of 64 H100s holds its Adam states, 128 H100s do with TP 8 and PP at least 2 among them")
{
    const auto config = roofline::findModelPreset("llama3.1-405b");
    REQUIRE(config.has_value());
    const auto h100 = bundledDevice("nvidia-h100-sxm");
    const auto d = bf16Device(h100);
    TrainingRequest r;
    r.devices = 64;
    const auto small = planTraining(*config, d, r);
    REQUIRE(small.has_value());
    // 16 bytes × 405·10^9 parameters = 6.5 TB of model states > 64 × 0.9 × 85.9 GB = 4.9 TB.
    CHECK(small->fitting == 0);
    CHECK(small->layouts.front().verdict.starts_with("does not fit (needs "));
    r.devices = 128;
    const auto big = planTraining(*config, d, r);
    REQUIRE(big.has_value());
    CHECK(big->fitting > 0);
    CHECK(big->layouts.front().fits);
    CHECK(std::ranges::any_of(big->layouts, [](const TrainingEstimate& e) { return e.fits && e.layout.tp == 8 && e.layout.pp >= 2; }));
    // Without recomputation nothing fits at 4,096 tokens (activations alone exceed the memory).
    CHECK(std::ranges::none_of(big->layouts, [](const TrainingEstimate& e) {
        return e.fits && e.layout.recompute == memory::Recompute::None;
    }));
}

TEST_CASE("the Llama 3 405B layout on 8192 H100s reproduces the paper's 43 percent MFU within 3 points")
{
    // arXiv 2407.21783 Table 4: 8,192 GPUs, TP 8, PP 16, DP 64, sequence 8,192, 16M tokens per batch, 43 % BF16 MFU.
    const auto config = roofline::findModelPreset("llama3.1-405b");
    REQUIRE(config.has_value());
    TrainingRequest r;
    r.devices = 8192;
    r.globalBatch = 2048;
    r.sequence = 8192;
    const auto plan = planTraining(*config, bf16Device(bundledDevice("nvidia-h100-sxm")), r);
    REQUIRE(plan.has_value());
    const auto& e = find(*plan, 8, 16, 64, 1, memory::Recompute::Selective);
    CHECK(e.layout.microBatches == 32);
    CHECK_THAT(e.mfu, Catch::Matchers::WithinAbs(0.43, 0.03));
}

TEST_CASE("training plan refuses a zero global batch and a batch no DP degree divides")
{
    const auto gpu = roundDevice(); // the ServingDevice points at it: it must outlive the plans
    const auto d = bf16Device(gpu);
    TrainingRequest r;
    r.globalBatch = 0;
    const auto zero = planTraining(smallModel(), d, r);
    REQUIRE_FALSE(zero.has_value());
    CHECK(zero.error().message == "--global-batch must be at least 1, got 0");
    r.globalBatch = 1;
    r.devices = 3; // TP 1 PP 3 DP 1 still splits 4 layers unevenly, so a layout exists
    CHECK(planTraining(smallModel(), d, r).has_value());
    r.devices = 5; // DP 5 or PP 5 > 4 layers: nothing
    const auto none = planTraining(smallModel(), d, r);
    REQUIRE_FALSE(none.has_value());
    CHECK(none.error().message.starts_with("no layout of 5 x test-gpu splits small"));
}
