// SPDX-License-Identifier: MIT
// Grading of number checks: every number check of every bundled lesson answered both ways (the
// model's value accepted, a near miss refused), exact checks for binary formats, explicit
// tolerances, and answers in another unit refused with a message naming the check's unit.
#include "labs/guided/lesson_engine.hpp"
#include "labs/lab_registry.hpp"
#include "models/catalog/catalog_store.hpp"

#include "accelscope/config.hpp"

#include "tests/support/lesson_test_context.hpp"

#include <catch2/catch.hpp>

#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>

using namespace accelscope::labs::guided;

namespace {

/// The shortest decimal that reads back as `value`: what a learner types for an exact answer.
std::string typed(double value)
{
    std::array<char, 32> buffer{};
    const auto [end, ec] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
    REQUIRE(ec == std::errc());
    return std::string(buffer.data(), end);
}

/// `value` to 15 significant digits: what a calculator shows.
std::string calculator(double value)
{
    std::array<char, 40> buffer{};
    std::snprintf(buffer.data(), buffer.size(), "%.15g", value);
    return buffer.data();
}

bool accepted(const Check& check, const std::string& answer, const LessonContext& ctx)
{
    const auto outcome = checkAnswer(check, answer, ctx);
    INFO("answer '" << answer << "'" << (outcome ? "" : ": " + outcome.error().message));
    REQUIRE(outcome.has_value());
    return outcome->correct;
}

struct NumberCheck {
    const Lesson* lesson;
    int step; ///< from 1, as `lesson answer` takes it
    const Check* check;
};

std::vector<NumberCheck> numberChecks(const std::vector<Lesson>& lessons)
{
    std::vector<NumberCheck> out;
    for (const auto& l : lessons) {
        for (std::size_t i = 0; i < l.steps.size(); ++i) {
            if (l.steps[i].check && l.steps[i].check->kind == CheckKind::Number) {
                out.push_back({&l, static_cast<int>(i) + 1, &*l.steps[i].check});
            }
        }
    }
    return out;
}

const Check& checkOf(const std::vector<Lesson>& lessons, const std::string& id, const std::string& expression)
{
    for (const auto& c : numberChecks(lessons)) {
        if (c.lesson->id == id && c.check->answerExpression == expression) return *c.check;
    }
    FAIL("no number check '" << expression << "' in lesson " << id);
    throw std::logic_error("unreachable");
}

Check numberCheck(const std::string& tolerance, const std::string& unit, const std::string& answer = "ridge(nvidia-h100-sxm, bf16)")
{
    const std::string text = "---\nid: t\ntitle: T\nminutes: 5\nprerequisites: []\n---\n## S\n\n```check\nkind: number\nquestion: Q?\nanswer: " +
                             answer + "\n" + (tolerance.empty() ? "" : "tolerance: " + tolerance + "\n") +
                             (unit.empty() ? "" : "unit: " + unit + "\n") + "explanation: E\n```\n";
    auto lesson = parseLesson(text, "t.md");
    INFO((lesson ? "" : lesson.error().message));
    REQUIRE(lesson.has_value());
    return *lesson->steps[0].check;
}

} // namespace

TEST_CASE("every number check of every lesson accepts the model's answer and refuses a near miss")
{
    const auto ctx = accelscope::tests::lessonTestContext();
    const auto loaded = loadLessons(ACCELSCOPE_LESSONS_DIR);
    REQUIRE(loaded.errors.empty());
    const auto checks = numberChecks(loaded.lessons);
    REQUIRE(checks.size() >= 30);
    const Evaluator evaluator = lessonEvaluator(ctx);
    for (const auto& [lesson, step, check] : checks) {
        INFO(lesson->file << " step " << step << ": " << check->answerExpression);
        REQUIRE(check->toleranceLine != 0); // every check states its tolerance
        const double expected = evaluator.evaluateNumber(check->answerExpression).value();
        CHECK(accepted(*check, typed(expected), ctx));
        if (!check->unit.empty()) CHECK(accepted(*check, typed(expected) + " " + check->unit, ctx));
        if (check->exact()) {
            // An exact answer is one a learner can type: what a calculator shows reads back as it.
            CHECK(calculator(expected) == typed(expected));
            CHECK_FALSE(accepted(*check, typed(std::nextafter(expected, HUGE_VAL)), ctx));
            CHECK_FALSE(accepted(*check, typed(std::nextafter(expected, -HUGE_VAL)), ctx));
            CHECK_FALSE(accepted(*check, typed(expected * 1.001), ctx)); // a nearby plausible wrong value
        } else {
            const double tolerance = std::max(check->absoluteTolerance, check->relativeTolerance * std::fabs(expected));
            CHECK(accepted(*check, typed(expected + 0.99 * tolerance), ctx));
            CHECK(accepted(*check, typed(expected - 0.99 * tolerance), ctx));
            CHECK_FALSE(accepted(*check, typed(expected + 1.01 * tolerance), ctx));
            CHECK_FALSE(accepted(*check, typed(expected - 1.01 * tolerance), ctx));
        }
        // A number in another unit is refused, not graded, and the message names the unit asked for.
        const auto other = checkAnswer(*check, typed(expected) + " furlongs", ctx);
        REQUIRE_FALSE(other.has_value());
        CHECK_THAT(other.error().message, Catch::Contains(check->unit.empty() ? "plain number" : "answered in " + check->unit));
    }
}

TEST_CASE("the number-formats checks are exact: FP16 max, BF16 of 1.01 and E4M3 max")
{
    const auto ctx = accelscope::tests::lessonTestContext();
    const auto loaded = loadLessons(ACCELSCOPE_LESSONS_DIR);
    REQUIRE(loaded.errors.empty());
    // FP16: 1 sign, 5 exponent, 10 mantissa bits; max = (2 - 2^-10) * 2^15 = 65504 (IEEE 754-2008, binary16).
    const Check& fp16 = checkOf(loaded.lessons, "number-formats", "format_max(fp16)");
    for (const char* wrong : {"65536", "65000", "66000", "65503", "65505"}) CHECK_FALSE(accepted(fp16, wrong, ctx));
    CHECK(accepted(fp16, "65504", ctx));
    CHECK(accepted(fp16, "65,504", ctx));
    CHECK(accepted(fp16, "65504.0", ctx));
    // BF16 keeps 7 mantissa bits: 1.01 rounds to 1 + 1/128 = 1.0078125.
    const Check& bf16 = checkOf(loaded.lessons, "number-formats", "quantize(bf16, 1.01)");
    for (const char* wrong : {"1.01", "1", "1.0078", "1.008", "1.015625"}) CHECK_FALSE(accepted(bf16, wrong, ctx));
    CHECK(accepted(bf16, "1.0078125", ctx));
    CHECK(accepted(bf16, "1.00781250", ctx)); // any decimal that reads back as the same double
    const auto outcome = checkAnswer(bf16, "1.0078125", ctx);
    REQUIRE(outcome.has_value());
    CHECK(outcome->expected == "1.0078125"); // shown in full, not rounded to 1.008
    // E4M3 (OCP FP8 spec): no infinities, max = 1.75 * 2^8 = 448.
    const Check& e4m3 = checkOf(loaded.lessons, "number-formats", "format_max(fp8-e4m3)");
    for (const char* wrong : {"450", "452", "447", "449", "480"}) CHECK_FALSE(accepted(e4m3, wrong, ctx));
    CHECK(accepted(e4m3, "448", ctx));
}

TEST_CASE("a tolerance is stated: 0 is exact, a percentage relative, a plain number absolute, none a problem")
{
    const auto ctx = accelscope::tests::lessonTestContext();
    const double ridge = lessonEvaluator(ctx).evaluateNumber("ridge(nvidia-h100-sxm, bf16)").value();
    const Check exact = numberCheck("0", "FLOP/byte");
    CHECK(exact.exact());
    CHECK(accepted(exact, typed(ridge), ctx));
    CHECK_FALSE(accepted(exact, typed(ridge * (1 + 1e-9)), ctx)); // the old silent 1 % default would accept this
    const Check relative = numberCheck("2%", "FLOP/byte");
    CHECK(relative.relativeTolerance == Approx(0.02));
    CHECK(accepted(relative, typed(ridge * 1.019), ctx));
    CHECK_FALSE(accepted(relative, typed(ridge * 1.021), ctx));
    const Check absolute = numberCheck("0.5", "FLOP/byte");
    CHECK(absolute.absoluteTolerance == 0.5);
    CHECK(accepted(absolute, typed(ridge + 0.49), ctx));
    CHECK_FALSE(accepted(absolute, typed(ridge + 0.51), ctx));
    // No tolerance line: graded exactly, and `lesson check` reports it with file:line.
    const Check none = numberCheck("", "FLOP/byte");
    CHECK(none.toleranceLine == 0);
    CHECK(none.exact());
    const std::string text = "---\nid: t\ntitle: T\nminutes: 5\nprerequisites: []\n---\n## S\n\n```check\nkind: number\nquestion: Q?\n"
                             "answer: ridge(nvidia-h100-sxm, bf16)\nunit: FLOP/byte\nexplanation: E\n```\n";
    const auto problems = validateLesson(parseLesson(text, "t.md").value(), ctx);
    REQUIRE(problems.size() == 1);
    CHECK_THAT(problems[0].text(), Catch::StartsWith("t.md:9: a number check needs 'tolerance:'"));
    CHECK(validateLesson(parseLesson(text.substr(0, text.find("unit:")) + "tolerance: 0\n" + text.substr(text.find("unit:")), "t.md").value(), ctx)
              .empty());
    CHECK_FALSE(parseLesson(text.substr(0, text.find("unit:")) + "tolerance: 150%\n" + text.substr(text.find("unit:")), "t.md").has_value());
    CHECK_FALSE(parseLesson(text.substr(0, text.find("unit:")) + "tolerance: -1\n" + text.substr(text.find("unit:")), "t.md").has_value());
}

TEST_CASE("a number in another unit than the check's is refused with the unit asked for")
{
    const auto ctx = accelscope::tests::lessonTestContext();
    const double ridge = lessonEvaluator(ctx).evaluateNumber("ridge(nvidia-h100-sxm, bf16)").value();
    const Check perByte = numberCheck("2%", "FLOP/byte");
    CHECK(accepted(perByte, typed(ridge), ctx));
    CHECK(accepted(perByte, typed(ridge) + " FLOP/byte", ctx));
    CHECK(accepted(perByte, typed(ridge) + "flop/byte", ctx));
    const auto gflop = checkAnswer(perByte, "591 GFLOP", ctx);
    REQUIRE_FALSE(gflop.has_value());
    CHECK_THAT(gflop.error().message, Catch::Contains("answered in FLOP/byte, not 'GFLOP'"));
    const Check gb = numberCheck("1%", "GB", "weight_bytes(llama3.1-70b, fp8-e4m3) / 1e9");
    CHECK(accepted(gb, "70.55 GB", ctx));
    for (const char* wrong : {"70.55 GiB", "70.55 Gb", "70.55 MB", "70.55 TB"}) {
        const auto refused = checkAnswer(gb, wrong, ctx);
        INFO(wrong);
        REQUIRE_FALSE(refused.has_value());
        CHECK_THAT(refused.error().message, Catch::Contains("answered in GB"));
    }
    const Check times = numberCheck("0", "×", "4");
    CHECK(accepted(times, "4x", ctx));
    CHECK(accepted(times, "4 ×", ctx));
    const Check micro = numberCheck("2%", "µs", "70");
    CHECK(accepted(micro, "70 us", ctx));
    CHECK(accepted(micro, "70µs", ctx));
    CHECK_FALSE(checkAnswer(micro, "70 ms", ctx).has_value());
    const Check ways = numberCheck("0", "-way", "32");
    CHECK(accepted(ways, "32-way", ctx));
    CHECK(accepted(ways, "32 way", ctx));
    const Check plain = numberCheck("0", "", "0.5");
    CHECK(accepted(plain, "0.5", ctx));
    CHECK_THAT(checkAnswer(plain, "50%", ctx).error().message, Catch::Contains("plain number"));
    CHECK_THAT(checkAnswer(plain, "0.5.1", ctx).error().message, Catch::Contains("not a number"));
    CHECK_THAT(checkAnswer(plain, "lots", ctx).error().message, Catch::Contains("not a number"));
}
