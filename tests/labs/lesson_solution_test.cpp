// SPDX-License-Identifier: MIT
// Teaching feedback: declared mistakes matched against wrong answers, worked solutions computed
// step by step by the engine, their validation, and every mistake of every bundled lesson.
#include "labs/guided/expression_work.hpp"
#include "labs/guided/lesson_engine.hpp"
#include "labs/guided/lesson_functions.hpp"
#include "labs/guided/lesson_progress.hpp"
#include "labs/guided/lesson_solution.hpp"

#include "accelscope/config.hpp"

#include "tests/support/lesson_test_context.hpp"

#include <catch2/catch.hpp>

using namespace accelscope::labs::guided;

namespace {

Lesson lessonWith(const std::string& checkBody)
{
    const std::string text = "---\nid: t\ntitle: T\nminutes: 5\nprerequisites: []\n---\n## S\n\n```check\n" + checkBody + "explanation: E\n```\n";
    auto lesson = parseLesson(text, "t.md");
    INFO((lesson ? "" : lesson.error().message));
    REQUIRE(lesson.has_value());
    return *lesson;
}

const std::string fp16Max = "kind: number\nquestion: Largest FP16?\nanswer: format_max(fp16)\ntolerance: 0\n";

} // namespace

TEST_CASE("work shows an expression with its intermediate values, innermost operations first")
{
    const auto ctx = accelscope::tests::lessonDevicesContext();
    const Evaluator evaluator = lessonEvaluator(ctx);
    // FP16's largest value, IEEE 754 binary16: (2 - 2^-10) x 2^15 = 65504.
    CHECK(workText(evaluator, "2^15 * (2 - 2^-10)").value() ==
          "2^15 × (2 − 2^-10) = 32,768 × (2 − 0.0009765625) = 32,768 × 1.9990234375 = 65,504");
    CHECK(workText(evaluator, "2 * (3 + 4) - 1").value() == "2 × (3 + 4) − 1 = 2 × 7 − 1 = 14 − 1 = 13");
    CHECK(workText(evaluator, "1 / 3").value() == "1 / 3 = 0.333333"); // 6 significant digits, no float noise
    CHECK(workText(evaluator, "42").value() == "42");
    // A call is named in words (its phrase, the model's name), becomes the value the models
    // return, then the arithmetic goes on with it. It showed `kv_bytes_per_token(llama3.1-8b, bf16)`.
    const double perToken = evaluator.evaluateNumber("kv_bytes_per_token(llama3.1-8b, bf16)").value();
    CHECK(workText(evaluator, "kv_bytes_per_token(llama3.1-8b, bf16) * 2").value() ==
          "the BF16 KV bytes per token of Llama 3.1 8B × 2 = " + workNumber(perToken) + " × 2 = " + workNumber(perToken * 2));
    // Devices by name, formats in capitals; a function without a phrase by its name in words.
    CHECK(workText(evaluator, "peak(nvidia-a100-sxm4-80gb, bf16) * 1000").value().starts_with("the BF16 peak of the NVIDIA A100"));
    CHECK(workText(evaluator, "format_mantissa_bits(fp16) + 1").value() == "the FP16 fraction bits + 1 = 10 + 1 = 11");
    CHECK_THAT(workText(evaluator, "bubble(1f1b, 4, 8) * 2").value(),
               Catch::StartsWith("the 1f1b bubble fraction with 4 stages and 8 micro-batches × 2 = "));
    CHECK_THAT(workText(evaluator, "cpu_lab_intensity(64) * 2").value(), Catch::StartsWith("cpu lab intensity of 64 × 2 = "));
    // A number written with an exponent reads as a number: 1e9 is 1,000,000,000.
    CHECK(workText(evaluator, "2 * 1e9").value() == "2 × 1,000,000,000 = 2,000,000,000");
    // Long chains keep the first form and the last ones.
    const auto longChain = workText(evaluator, "((((1 + 1) * 2) + 1) * 2) + 1", 3).value();
    CHECK(longChain == "((((1 + 1) × 2) + 1) × 2) + 1 = 10 + 1 = 11");
    CHECK_FALSE(workText(evaluator, "nope(1)").has_value());
    CHECK(evaluator.render("Top: {{ 2^(30 - 15) | work }}.").value() == "Top: 2^(30 − 15) = 2^15 = 32,768.");
    CHECK(workNumber(1.0078125) == "1.0078125");
    CHECK(workNumber(65504) == "65,504");
}

TEST_CASE("a wrong answer that matches a declared mistake gets that mistake's message")
{
    const auto ctx = accelscope::tests::lessonDevicesContext();
    const Lesson lesson = lessonWith(fp16Max + "mistakes:\n- 2^16 -> \"That is 2^{{ 16 }}: the all-ones exponent is Inf/NaN.\"\n"
                                                 "- 2^16 - 1 -> That is the largest 16-bit integer.\n");
    const Check& check = *lesson.steps[0].check;
    REQUIRE(check.mistakes.size() == 2);
    CHECK(check.mistakes[0].value == "2^16");
    CHECK(check.mistakes[0].line == 15);
    CHECK(validateLesson(lesson, ctx).empty());
    const auto sixteen = checkAnswer(check, "65536", ctx);
    REQUIRE(sixteen.has_value());
    CHECK_FALSE(sixteen->correct);
    CHECK(sixteen->mistake == "That is 2^16: the all-ones exponent is Inf/NaN."); // rendered, quotes removed
    CHECK(checkAnswer(check, "65,535", ctx)->mistake == "That is the largest 16-bit integer.");
    CHECK(checkAnswer(check, "65000", ctx)->mistake.empty()); // no declared mistake: plain "not quite"
    CHECK(checkAnswer(check, "65504", ctx)->mistake.empty()); // right
    // With a tolerance, a mistake matches within it (GB where GiB was asked).
    const Lesson gib = lessonWith("kind: number\nquestion: Q?\nanswer: 2^30 * 70 / 2^30\ntolerance: 1%\nunit: GiB\n"
                                  "mistakes:\n- 70 * 2^30 / 1e9 -> GB, not GiB.\n");
    CHECK(validateLesson(gib, ctx).empty());
    CHECK(checkAnswer(*gib.steps[0].check, "75.2", ctx)->mistake == "GB, not GiB.");
    CHECK(checkAnswer(*gib.steps[0].check, "80", ctx)->mistake.empty());
}

TEST_CASE("a choice check's mistake is a wrong option's number, matched by number or text")
{
    const auto ctx = accelscope::tests::lessonDevicesContext();
    const Lesson lesson = lessonWith("kind: choice\nquestion: Q?\noptions:\n- compute bound\n- memory bound\nanswer: 2\n"
                                     "mistakes:\n- 1 -> Compare its intensity with the ridge.\n");
    CHECK(validateLesson(lesson, ctx).empty());
    const Check& check = *lesson.steps[0].check;
    CHECK(checkAnswer(check, "1", ctx)->mistake == "Compare its intensity with the ridge.");
    CHECK(checkAnswer(check, "Compute bound", ctx)->mistake == "Compare its intensity with the ridge.");
    CHECK(checkAnswer(check, "2", ctx)->mistake.empty());
}

TEST_CASE("lesson check refuses mistakes the check would accept and solutions that end elsewhere")
{
    const auto ctx = accelscope::tests::lessonDevicesContext();
    const auto messages = [&](const Lesson& l) {
        std::string all;
        for (const auto& p : validateLesson(l, ctx)) all += p.text() + "\n";
        return all;
    };
    CHECK_THAT(messages(lessonWith(fp16Max + "mistakes:\n- format_max(fp16) -> no\n")),
               Catch::Contains("t.md:15: the mistake format_max(fp16) = 65504 would be accepted"));
    CHECK_THAT(messages(lessonWith("kind: number\nquestion: Q?\nanswer: 100\ntolerance: 2%\nmistakes:\n- 101.5 -> no\n")),
               Catch::Contains("would be accepted"));
    CHECK_THAT(messages(lessonWith(fp16Max + "mistakes:\n- nope(1) -> no\n")), Catch::Contains("cannot be computed"));
    CHECK_THAT(messages(lessonWith("kind: choice\nquestion: Q?\noptions:\n- a\n- b\nanswer: 2\nmistakes:\n- 2 -> no\n")),
               Catch::Contains("mistake 2 is the right option"));
    CHECK_THAT(messages(lessonWith("kind: choice\nquestion: Q?\noptions:\n- a\n- b\nanswer: 2\nmistakes:\n- 3 -> no\n")),
               Catch::Contains("an option's number, 1 to 2"));
    CHECK_THAT(messages(lessonWith(fp16Max + "solution:\n- Almost: {{ 2^16 | work }}\n")),
               Catch::Contains("the solution ends at 65536, which the check does not accept (its answer is 65504)"));
    CHECK_THAT(messages(lessonWith(fp16Max + "solution:\n- no numbers at all\n")), Catch::Contains("must compute the answer"));
    CHECK(messages(lessonWith(fp16Max + "solution:\n- Top: {{ 2^15 * (2 - 2^-10) | work }}\n")).empty());
    CHECK_THAT(messages(lessonWith("kind: state\nquestion: Q?\npage: Precision\npredicate: format_represents\nvalue: 1000\nmax_bits: 8\n"
                                   "mistakes:\n- 1 -> no\n")),
               Catch::Contains("a state check takes no mistakes"));
    // A mistake line without its arrow does not parse, and says where.
    const std::string text = "---\nid: t\ntitle: T\nminutes: 5\nprerequisites: []\n---\n## S\n\n```check\n" + fp16Max +
                             "mistakes:\n- 65536 is 2^16\nexplanation: E\n```\n";
    const auto bad = parseLesson(text, "t.md");
    REQUIRE_FALSE(bad.has_value());
    CHECK_THAT(bad.error().message, Catch::StartsWith("t.md:15: a mistake is 'VALUE -> \"message\"'"));
}

TEST_CASE("a worked solution is the solution lines, or the answer's expression worked out")
{
    const auto ctx = accelscope::tests::lessonDevicesContext();
    const Evaluator evaluator = lessonEvaluator(ctx);
    const Lesson plain = lessonWith("kind: number\nquestion: Q?\nanswer: 2^15 * (2 - 2^-10)\ntolerance: 0\nunit: x\n");
    CHECK(workedSolution(*plain.steps[0].check, evaluator, "t.md").value() ==
          std::vector<std::string>{"2^15 × (2 − 2^-10) = 32,768 × (2 − 0.0009765625) = 32,768 × 1.9990234375 = 65,504 x"});
    const Lesson lines = lessonWith(fp16Max + "solution:\n- Bias {{ 2^4 - 1 }}.\n- Top: {{ 2^15 * (2 - 2^-10) | work }}\n");
    const auto solution = workedSolution(*lines.steps[0].check, evaluator, "t.md").value();
    REQUIRE(solution.size() == 2);
    CHECK(solution[0] == "Bias 15.");
    CHECK_THAT(solution[1], Catch::EndsWith("= 65,504"));
    // The rendered step carries it for the GUI; a choice check without lines has none.
    CHECK(renderStep(lines, lines.steps[0], ctx)->check->solution == solution);
    const Lesson choice = lessonWith("kind: choice\nquestion: Q?\noptions:\n- a\n- b\nanswer: 2\n");
    CHECK(renderStep(choice, choice.steps[0], ctx)->check->solution.empty());
}

TEST_CASE("every declared mistake of every lesson is refused with its message, and the lessons declare the common ones")
{
    const auto ctx = accelscope::tests::lessonTestContext();
    const auto loaded = loadLessons(ACCELSCOPE_LESSONS_DIR);
    REQUIRE(loaded.errors.empty());
    const Evaluator evaluator = lessonEvaluator(ctx);
    int mistakes = 0;
    int checksWithMistakes = 0;
    int solutions = 0;
    for (const auto& lesson : loaded.lessons) {
        for (const auto& step : lesson.steps) {
            if (!step.check) continue;
            const Check& check = *step.check;
            checksWithMistakes += check.mistakes.empty() ? 0 : 1;
            solutions += check.solution.empty() ? 0 : 1;
            for (const auto& mistake : check.mistakes) {
                INFO(lesson.file << ":" << mistake.line << ": " << mistake.value);
                const double value = evaluator.evaluateNumber(mistake.value).value();
                const std::string typed = check.kind == CheckKind::Choice ? std::to_string(static_cast<int>(value)) : workNumber(value);
                const auto outcome = checkAnswer(check, typed, ctx, lesson.file);
                REQUIRE(outcome.has_value());
                CHECK_FALSE(outcome->correct);
                CHECK_FALSE(outcome->mistake.empty());
                CHECK(outcome->mistake.find("{{") == std::string::npos);
                ++mistakes;
            }
        }
    }
    CHECK(mistakes >= 30);
    CHECK(checksWithMistakes >= 20);
    CHECK(solutions >= 15);
}

TEST_CASE("wrong tries are counted per step, and the solution is offered from the second")
{
    const auto ctx = accelscope::tests::lessonDevicesContext();
    accelscope::models::catalog::LessonProgress progress{"t", 0, R"({"1": {"attempts": 3, "wrong": 2, "correct": false}})", 0, ""};
    CHECK(wrongTries(progress, 1) == 2);
    CHECK(wrongTries(progress, 2) == 0);
    progress.answersJson = "{broken";
    CHECK(wrongTries(progress, 1) == 0);
    CHECK(wrongTriesBeforeSolution == 2);
}

TEST_CASE("work on a very long expression shows its value without the intermediate forms")
{
    const auto ctx = accelscope::tests::lessonDevicesContext();
    const Evaluator evaluator = lessonEvaluator(ctx);
    std::string sum = "1";
    for (int i = 0; i < 300; ++i) sum += " + 1";
    const auto text = workText(evaluator, sum).value();
    CHECK_THAT(text, Catch::EndsWith("... = 301"));
    CHECK(text.size() < 420);
}
