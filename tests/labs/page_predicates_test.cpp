// SPDX-License-Identifier: MIT
// State predicates speak to the learner: each verdict is a sentence with the numbers behind it
// (never the predicate's id), and a choice's outcome names the option's text.
#include "labs/guided/page_predicates.hpp"
#include "models/catalog/catalog_store.hpp"

#include "accelscope/config.hpp"

#include "tests/support/lesson_test_context.hpp"

#include <catch2/catch.hpp>

using namespace accelscope::labs::guided;
using Catch::Contains;

namespace {

PredicateVerdict judged(const std::string& predicate, const std::map<std::string, std::string>& params, const PageState& state,
                        const LessonContext& ctx)
{
    auto v = judgePredicate(predicate, params, state, ctx);
    REQUIRE(v.has_value());
    INFO(v->sentence);
    for (const auto& p : predicates()) CHECK(v->sentence.find(p.name) == std::string::npos);
    CHECK(v->sentence.find('_') == std::string::npos); // no ids or state keys
    CHECK(v->holds == evaluatePredicate(predicate, params, state, ctx).value());
    return *v;
}

} // namespace

TEST_CASE("the roofline predicates say the kernel's intensity against the device's ridge, and which side it is on")
{
    const auto ctx = accelscope::tests::lessonDevicesContext();
    const std::map<std::string, std::string> h100{{"device", "nvidia-h100-sxm"}, {"precision", "bf16"}};
    const std::string ridge = formatNumber(lessonEvaluator(ctx).evaluateNumber("ridge(nvidia-h100-sxm, bf16)").value(), "").value();
    // 85.3 FLOP/byte is left of the H100's BF16 ridge (about 295 FLOP/byte): memory bound.
    const auto below = judged("kernel_intensity_above_ridge", h100, {{"kernel_intensity", "85.3"}}, ctx);
    CHECK_FALSE(below.holds);
    CHECK_THAT(below.sentence, Contains("The kernel's 85.3 FLOP/byte is below the ") && Contains("BF16 ridge of " + ridge + " FLOP/byte: memory bound."));
    CHECK(judged("kernel_intensity_below_ridge", h100, {{"kernel_intensity", "85.3"}}, ctx).holds);
    // A 4096³ GEMM: 4096/3 = 1365 FLOP/byte, right of the ridge.
    const auto above = judged("kernel_intensity_above_ridge", h100, {{"kernel", "gemm:M=4096,N=4096,K=4096"}}, ctx);
    CHECK(above.holds);
    CHECK_THAT(above.sentence, Contains("1,365 FLOP/byte is at or above the ") && Contains(": compute bound."));
}

TEST_CASE("the warp, pipeline, LLM and format predicates say what the view shows, held or not yet")
{
    const auto ctx = accelscope::tests::lessonDevicesContext();
    // Warp: the better of the two models against the minimum.
    const std::map<std::string, std::string> warp{{"min", "0.9"}};
    const auto fast = judged("warp_efficiency_at_least", warp, {{"efficiency_prevolta", "0.5"}, {"efficiency_its", "0.95"}}, ctx);
    CHECK(fast.holds);
    CHECK(fast.sentence == "The warps run at 95.0% SIMD efficiency, at least the 90.0% this step asks for.");
    CHECK_FALSE(judged("warp_efficiency_at_least", warp, {{"efficiency_prevolta", "0.5"}, {"efficiency_its", "0.6"}}, ctx).holds);
    CHECK_THAT(judged("warp_efficiency_at_least", {{"min", "0.9"}, {"presets", "data-sorted"}}, {{"preset", "warp-uniform"}}, ctx).sentence,
               Contains("not one this step is about (data-sorted)"));
    // Pipeline: GPipe, p = 4: m = 8 idles 3/11 = 27.3%, m = 32 idles 3/35 = 8.6%.
    const std::map<std::string, std::string> bubble{{"max", "0.1"}, {"p", "4"}};
    const auto idle = judged("bubble_at_most", bubble, {{"schedule", "gpipe"}, {"p", "4"}, {"m", "8"}}, ctx);
    CHECK_FALSE(idle.holds);
    CHECK(idle.sentence == "The bubble is 27.3% of the time with 4 stages and 8 micro-batches, above the 10.0% this step asks for.");
    CHECK_THAT(judged("bubble_at_most", bubble, {{"schedule", "gpipe"}, {"p", "4"}, {"m", "32"}}, ctx).sentence, Contains("8.6% of the time") && Contains("within the 10.0%"));
    CHECK(judged("bubble_at_most", bubble, {{"schedule", "gpipe"}, {"p", "8"}, {"m", "32"}}, ctx).sentence == "The pipeline has 8 stages; this step is about 4.");
    // LLM calculator: the page's own bar text.
    const std::map<std::string, std::string> llama{{"model", "llama3.1-8b"}, {"device", "nvidia-h100-sxm"}};
    const auto fits = judged("model_fits_device", llama, {{"weights", "bf16"}, {"batch", "1"}}, ctx);
    CHECK(fits.holds);
    CHECK_THAT(fits.sentence, Contains("Serving llama3.1-8b needs ") && Contains(" GB per ") && Contains(": fits: "));
    CHECK_THAT(judged("model_fits_device", llama, {{"model", "llama2-70b"}}, ctx).sentence, Contains("another model than llama3.1-8b"));
    CHECK_THAT(judged("training_fits_device", llama, {{"weights", "bf16"}}, ctx).sentence, Contains("Training llama3.1-8b needs "));
    // Formats: E4M3 tops out at 448, E5M2 at 57344, FP16 has too many bits.
    const std::map<std::string, std::string> thousand{{"value", "1000"}, {"max_bits", "8"}};
    CHECK(judged("format_represents", thousand, {{"format", "fp8-e4m3"}}, ctx).sentence == "FP8-E4M3 (8 bits) reaches 448, less than 1,000.");
    CHECK(judged("format_represents", thousand, {{"format", "fp8-e5m2"}}, ctx).sentence == "FP8-E5M2 (8 bits) reaches 57,344: it holds 1,000.");
    CHECK(judged("format_represents", thousand, {{"format", "fp16"}}, ctx).sentence == "FP16 has 16 bits, more than the 8 this step allows.");
}

TEST_CASE("every predicate has a goal in words, and a state check's outcome is its sentence, not its id")
{
    for (const auto& p : predicates()) {
        INFO(p.name);
        CHECK_FALSE(p.goal.empty());
        CHECK(p.goal.find('_') == std::string::npos);
        CHECK(predicateGoal(p.name) == p.goal);
    }
    const auto ctx = accelscope::tests::lessonDevicesContext();
    const Lesson l = parseLesson(R"(---
id: tiny
title: Tiny
minutes: 10
prerequisites: []
---
## Choose
```check
kind: choice
question: Where is a GEMV?
options:
- memory bound
- compute bound
answer: 1
explanation: Little reuse.
```
## Drag
```check
kind: state
question: Make it compute bound.
page: Roofline
predicate: kernel_intensity_above_ridge
device: nvidia-h100-sxm
precision: bf16
explanation: Under the flat roof.
```
)", "tiny.md").value();
    CHECK(checkAnswer(*l.steps[0].check, "1", ctx)->expected == "memory bound");
    CHECK(checkAnswer(*l.steps[0].check, "2", ctx)->expected == "memory bound");
    const auto state = checkState(*l.steps[1].check, {{"kernel", "gemm:M=256,N=256,K=256"}}, ctx);
    REQUIRE(state.has_value());
    CHECK_FALSE(state->correct);
    CHECK_THAT(state->expected, Contains("85.33 FLOP/byte is below") && Contains("memory bound"));
    CHECK(state->expected.find("kernel_intensity") == std::string::npos);
}
