// SPDX-License-Identifier: MIT
// The lesson "predict, then measure": every check accepts the right answer and refuses the wrong
// ones a learner is likely to give, each with its own message; its L3 prediction is the lab's.
#include "labs/guided/lesson_engine.hpp"
#include "labs/kernels/kernel_report.hpp"

#include "accelscope/config.hpp"

#include "tests/support/lesson_test_context.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

using namespace accelscope::labs::guided;

namespace {

const Lesson& predictLesson(const LoadedLessons& loaded)
{
    const auto it = std::ranges::find(loaded.lessons, std::string("predict-then-measure"), &Lesson::id);
    REQUIRE(it != loaded.lessons.end());
    return *it;
}

/// The check of step `step` (from 1, as `lesson answer` counts).
const Check& checkOf(const Lesson& lesson, std::size_t step)
{
    REQUIRE(lesson.steps.size() >= step);
    REQUIRE(lesson.steps[step - 1].check.has_value());
    return *lesson.steps[step - 1].check;
}

bool right(const Check& check, const std::string& answer, const LessonContext& ctx)
{
    const auto outcome = checkAnswer(check, answer, ctx);
    INFO("answer '" << answer << "'" << (outcome ? "" : ": " + outcome.error().message));
    REQUIRE(outcome.has_value());
    return outcome->correct;
}

/// The answer is refused and the learner gets the mistake's message, which contains `says`.
void refusedWith(const Check& check, const std::string& answer, const std::string& says, const LessonContext& ctx)
{
    const auto outcome = checkAnswer(check, answer, ctx);
    INFO("answer '" << answer << "'");
    REQUIRE(outcome.has_value());
    CHECK_FALSE(outcome->correct);
    CHECK_THAT(outcome->mistake, Catch::Contains(says));
}

} // namespace

TEST_CASE("predict then measure: the ridge and the GEMV predictions take the right figures and refuse the usual slips")
{
    const auto ctx = accelscope::tests::lessonTestContext();
    const auto loaded = loadLessons(ACCELSCOPE_LESSONS_DIR);
    const Lesson& lesson = predictLesson(loaded);
    REQUIRE(lesson.steps.size() == 6);
    // Step 1: ridge = 110.4 GFLOP/s / 6.1 GB/s = 18.098 FLOP/byte (1 %).
    const Check& ridge = checkOf(lesson, 1);
    CHECK(right(ridge, "18.1", ctx));
    CHECK(right(ridge, "18.1 FLOP/byte", ctx));
    CHECK_FALSE(right(ridge, "18.5", ctx));
    refusedWith(ridge, "0.05525", "bytes per FLOP", ctx); // 6.1 / 110.4
    // Step 2: the GEMV 65536 x 4096 FP32 reads (65536·4096 + 4096)·4 + 65536·4 = 1,074,020,352 B;
    // at 6.1 GB/s that is 176.07 ms (2 %).
    const Check& dram = checkOf(lesson, 2);
    CHECK(right(dram, "176", ctx));
    CHECK(right(dram, "176.07 ms", ctx));
    CHECK_FALSE(right(dram, "181.4", ctx)); // the measured time is not the prediction
    refusedWith(dram, "4.863", "FLOPs over the peak", ctx);  // 2·65536·4096 FLOP / 110.4 GFLOP/s
    refusedWith(dram, "163.97", "GiB/s", ctx);               // bytes / (6.1 · 2^30 B/s)
    refusedWith(dram, "0.17607", "seconds", ctx);            // not converted to ms
    // Step 3: GEMV 2048 x 4096: (2048·4096 + 4096)·4 + 2048·4 = 33,579,008 B, 32.02 MiB: past the
    // 2 MiB L2, inside the 480 MiB L3; at the sweep's 29.3 GB/s, 1.1460 ms (2 %).
    const Check& l3 = checkOf(lesson, 3);
    CHECK(right(l3, "1.146", ctx));
    CHECK(right(l3, "1.15 ms", ctx));
    refusedWith(l3, "5.505", "DRAM prediction", ctx);        // 33,579,008 B / 6.1 GB/s
    refusedWith(l3, "0.18249", "inside L2", ctx);            // 33,579,008 B / 184 GB/s
    // Step 5: one dependent chain, 2 FLOPs per 4 cycles at 4.191 GHz = 2.0955 GFLOP/s (2 %).
    const Check& chain = checkOf(lesson, 5);
    CHECK(right(chain, "2.1", ctx));
    CHECK(right(chain, "2.0955 GFLOP/s", ctx));
    refusedWith(chain, "1.048", "two FLOPs", ctx);           // one FLOP per step
    refusedWith(chain, "33.53", "quarter", ctx);             // 2·4 instead of 2/4
    CHECK_FALSE(right(chain, "1.29", ctx));                  // the measured naive SGEMM, not the bound
}

TEST_CASE("predict then measure: only the right explanation of each gap passes, every wrong one says why")
{
    const auto ctx = accelscope::tests::lessonTestContext();
    const auto loaded = loadLessons(ACCELSCOPE_LESSONS_DIR);
    const Lesson& lesson = predictLesson(loaded);
    // Step 4: the decode step faster than its DRAM prediction: its weights live in L3.
    const Check& faster = checkOf(lesson, 4);
    REQUIRE(faster.kind == CheckKind::Choice);
    CHECK(right(faster, "1", ctx));
    refusedWith(faster, "2", "memory bound", ctx);
    refusedWith(faster, "3", "prefetcher", ctx);
    refusedWith(faster, "4", "timer", ctx);
    // Step 6: the naive SGEMM far below its compute roof: latency.
    const Check& naive = checkOf(lesson, 6);
    REQUIRE(naive.kind == CheckKind::Choice);
    CHECK(right(naive, "2", ctx));
    refusedWith(naive, "1", "L3", ctx);
    refusedWith(naive, "3", "not vectorised", ctx);
    refusedWith(naive, "4", "share of the core", ctx);
    CHECK_FALSE(checkAnswer(naive, "5", ctx).has_value()); // no such option
}

TEST_CASE("predict then measure: the lesson's L3 prediction is the one the kernels lab makes from the same figures")
{
    namespace k = accelscope::labs::kernels;
    // The worked run's figures: 110.4 GFLOP/s, DRAM 6.1 GB/s over 1 GiB; 184 GB/s at 512 KiB,
    // 29.3 GB/s at 32 MiB; L1d 48 KiB, L2 2 MiB, L3 480 MiB.
    k::Ceilings ceilings;
    ceilings.fp32PeakGflops = 110.4;
    ceilings.fp64PeakGflops = 55.2;
    ceilings.readBandwidthGBps = 6.1;
    ceilings.readBytes = 1 << 30;
    ceilings.caches = {{1, 48.0 * 1024}, {2, 2.0 * (1 << 20)}, {3, 480.0 * (1 << 20)}};
    ceilings.sweep = {{512.0 * 1024, 184}, {32.0 * (1 << 20), 29.3}};
    const auto cost = accelscope::models::roofline::gemv(2048, 4096, 4, 4);
    const auto report = k::makeReport("gemv", "GEMV 2048x4096", cost, false, k::Timing{1e-3, 1e-3, 1e-3, 1}, ceilings, "");
    CHECK(report.level.name == "L3");
    const auto ctx = accelscope::tests::lessonTestContext();
    const auto loaded = loadLessons(ACCELSCOPE_LESSONS_DIR);
    const Check& l3 = checkOf(predictLesson(loaded), 3);
    const auto answer = lessonEvaluator(ctx).evaluateNumber(l3.answerExpression);
    REQUIRE(answer);
    CHECK_THAT(*answer, Catch::WithinRel(report.predicted.timeS * 1e3, 1e-12));
}

TEST_CASE("Show me on a step with a lab block opens the Labs page with the block's parameters")
{
    const auto ctx = accelscope::tests::lessonTestContext();
    const auto loaded = loadLessons(ACCELSCOPE_LESSONS_DIR);
    const Lesson& lesson = predictLesson(loaded);
    REQUIRE(lesson.steps[0].lab.has_value());
    auto rendered = renderStep(lesson, lesson.steps[0], ctx);
    REQUIRE(rendered.has_value());
    REQUIRE(rendered->action.has_value());
    CHECK(rendered->action->page == "labs");
    CHECK(rendered->action->settings.at("lab") == "cpu-kernels");
    CHECK(rendered->action->settings.at("parameters") == "model_mib=32"); // was left at the lab's default
}

TEST_CASE("lab parameters read as NAME=NUMBER pairs and are refused naming the pair")
{
    using accelscope::labs::parseLabParameters;
    auto two = parseLabParameters("model_mib=32,threads=2");
    REQUIRE(two.has_value());
    CHECK(two->at("model_mib") == 32);
    CHECK(two->at("threads") == 2);
    CHECK(accelscope::labs::labParametersText(*two) == "model_mib=32,threads=2");
    for (const char* bad : {"model_mib", "=3", "a=x", "a=nan", "a=1,", "a=inf"}) {
        INFO(bad);
        const auto r = parseLabParameters(bad);
        REQUIRE_FALSE(r.has_value());
        CHECK_THAT(r.error().message, Catch::Contains("is not NAME=NUMBER"));
    }
}
