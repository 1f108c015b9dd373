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

TEST_CASE("a unit is accepted in the spellings people use: FLOP/B, bytes, TFLOPS, a count's singular")
{
    const auto ctx = accelscope::tests::lessonTestContext();
    const double ridge = lessonEvaluator(ctx).evaluateNumber("ridge(nvidia-h100-sxm, bf16)").value();
    const Check perByte = numberCheck("2%", "FLOP/byte");
    // FLOP/B is the Compare page's own unit (refused before).
    for (const char* unit : {" FLOP/B", " FLOPs/byte", " flop/B", " FLOP per byte", " FLOP/bytes"}) {
        CHECK(accepted(perByte, typed(ridge) + unit, ctx));
    }
    CHECK_FALSE(checkAnswer(perByte, typed(ridge) + " FLOP/b", ctx).has_value()); // bits are not bytes
    CHECK(accepted(numberCheck("0", "bytes", "4"), "4 B", ctx));
    CHECK(accepted(numberCheck("0", "B", "4"), "4 bytes", ctx));
    CHECK(accepted(numberCheck("0", "kB", "4"), "4 kbytes", ctx));
    const Check tflops = numberCheck("1%", "TFLOP/s", "100");
    for (const char* answer : {"100 TFLOPS", "100 TFLOPs", "100 tflop/s", "100 TFLOP/sec", "100 TFLOP per second"}) CHECK(accepted(tflops, answer, ctx));
    CHECK_FALSE(checkAnswer(tflops, "100 TFLOP", ctx).has_value()); // an amount, not a rate
    CHECK(accepted(numberCheck("0", "GPUs", "1"), "1 GPU", ctx));
    CHECK(accepted(numberCheck("0", "micro-batches", "1"), "1 micro-batch", ctx));
    CHECK(accepted(numberCheck("1%", "GB/s", "100"), "100 GB/sec", ctx));
    CHECK_FALSE(checkAnswer(numberCheck("1%", "ms", "100"), "100 m", ctx).has_value());
}

TEST_CASE("a near miss of an exact answer says what it rounds, and one outside a tolerance says how near")
{
    const auto ctx = accelscope::tests::lessonTestContext();
    const auto loaded = loadLessons(ACCELSCOPE_LESSONS_DIR);
    REQUIRE(loaded.errors.empty());
    // BF16 keeps 7 mantissa bits: 1.01 is stored as 1.0078125; 1.008 is that rounded to 4 digits.
    const Check& bf16 = checkOf(loaded.lessons, "number-formats", "quantize(bf16, 1.01)");
    const auto rounded = checkAnswer(bf16, "1.008", ctx);
    REQUIRE(rounded.has_value());
    CHECK_FALSE(rounded->correct);
    CHECK(rounded->feedback() == "1.008 rounds 1.0078125 to 4 digits: the stored value is exact, so type all of its digits.");
    CHECK(checkAnswer(bf16, "1.0078", ctx)->nearMiss == "1.0078 rounds 1.0078125 to 5 digits: the stored value is exact, so type all of its digits.");
    CHECK(checkAnswer(bf16, "1.0079", ctx)->nearMiss == "Close, but this question wants the exact stored value, not a rounding or an approximation.");
    // Three digits or fewer name no value: 1.01 would be a rounding too, and gives nothing away.
    CHECK(checkAnswer(bf16, "1.008", ctx)->nearMiss.find("rounds") != std::string::npos);
    CHECK(checkAnswer(bf16, "1.5", ctx)->feedback().empty()); // far: no sentence that gives it away
    // A tolerance of 2 %: 3 % high is near, and says how near; 10 % off is not.
    const double ridge = lessonEvaluator(ctx).evaluateNumber("ridge(nvidia-h100-sxm, bf16)").value();
    const Check relative = numberCheck("2%", "FLOP/byte");
    CHECK(checkAnswer(relative, typed(ridge * 1.03), ctx)->nearMiss == "Close, a little high: 3 % off; answers within 2 % are accepted.");
    CHECK(checkAnswer(relative, typed(ridge * 0.97), ctx)->nearMiss == "Close, a little low: 3 % off; answers within 2 % are accepted.");
    CHECK(checkAnswer(relative, typed(ridge * 1.1), ctx)->nearMiss.empty());
    // Rounded too far for the tolerance: the ridge (295.37…) typed as 300 is 1.6 % off, outside
    // 1 %: it asks for more digits, without saying the answer.
    const Check tight = numberCheck("1%", "FLOP/byte");
    CHECK(checkAnswer(tight, "300", ctx)->nearMiss == "Close, but rounded too far: give at least 3 significant digits.");
    const Check absolute = numberCheck("0.5", "FLOP/byte");
    CHECK(checkAnswer(absolute, typed(ridge + 1), ctx)->nearMiss == "Close, a little high: 0.34 % off; answers within 0.5 FLOP/byte are accepted.");
}

TEST_CASE("a declared mistake is matched within the check's tolerance, not only at its exact value")
{
    const auto ctx = accelscope::tests::lessonTestContext();
    const auto withMistake = [&](const std::string& answer, const std::string& tolerance, const std::string& mistake) {
        const std::string text = "---\nid: t\ntitle: T\nminutes: 5\nprerequisites: []\n---\n## S\n\n```check\nkind: number\nquestion: Q?\nanswer: " +
                                 answer + "\ntolerance: " + tolerance + "\nmistakes:\n- " + mistake +
                                 " -> \"That counts every byte twice.\"\nexplanation: E\n```\n";
        auto lesson = parseLesson(text, "t.md");
        INFO((lesson ? "" : lesson.error().message));
        REQUIRE(lesson.has_value());
        CHECK(validateLesson(*lesson, ctx).empty());
        return *lesson->steps[0].check;
    };
    // Answer 1000 within 0.5 % (±5): a learner who made the declared mistake (154) and typed 153
    // is as near it as the check asks anyone to be. Failed before: only 154 itself was caught.
    const Check wide = withMistake("1000", "0.5%", "154");
    CHECK(checkAnswer(wide, "154", ctx)->mistake == "That counts every byte twice.");
    CHECK(checkAnswer(wide, "153", ctx)->mistake == "That counts every byte twice.");
    CHECK(checkAnswer(wide, "159", ctx)->mistake == "That counts every byte twice.");
    CHECK(checkAnswer(wide, "160", ctx)->mistake.empty());
    // An exact check's mistake matches its own value rounded to the digits the learner typed:
    // 2^16 = 65,536 typed as 65,540 or 65,500 (FP16's max is 65,504).
    const Check exact = withMistake("format_max(fp16)", "0", "2^16");
    CHECK(checkAnswer(exact, "65536", ctx)->mistake == "That counts every byte twice.");
    CHECK(checkAnswer(exact, "65,540", ctx)->mistake == "That counts every byte twice.");
    CHECK(checkAnswer(exact, "65500", ctx)->mistake.empty()); // 3 digits: that rounds 65,504 too, said as a near miss
    CHECK(checkAnswer(exact, "65500", ctx)->nearMiss == "Close, but this question wants the exact stored value, not a rounding or an approximation.");
}
