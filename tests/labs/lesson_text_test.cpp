// SPDX-License-Identifier: MIT
// What a learner reads in every bundled lesson (introduction, prose, questions, options, hints,
// worked solutions, mistake messages, explanations, the right answer) is text for people: no
// function calls, no "e+38" exponents, no float noise (issue #30); and every question about a
// model preset states the parameter count its answer depends on.
#include "labs/guided/lesson_engine.hpp"
#include "labs/guided/lesson_functions.hpp"
#include "models/common/exponent_text.hpp"
#include "models/common/number_text.hpp"
#include "models/roofline/model_presets.hpp"
#include "models/roofline/transformer_config.hpp"
#include "tests/support/lesson_test_context.hpp"

#include "accelscope/config.hpp"

#include <catch2/catch.hpp>

#include <regex>
#include <set>
#include <string>
#include <vector>

using namespace accelscope::labs::guided;

namespace {

struct Visible {
    std::string where; ///< "02-roofline.md step 3 hint"
    std::string text;
};

std::vector<Visible> visibleTexts(const Lesson& lesson, const LessonContext& ctx)
{
    const Evaluator evaluator = lessonEvaluator(ctx);
    const std::string file = lesson.file.substr(lesson.file.find_last_of('/') + 1);
    std::vector<Visible> out;
    if (auto intro = renderText(lesson.summary, ctx, lesson.file, 1)) out.push_back({file + " introduction", *intro});
    for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
        const Step& step = lesson.steps[i];
        const std::string at = file + " step " + std::to_string(i + 1);
        auto rendered = renderStep(lesson, step, ctx);
        INFO(at);
        REQUIRE(rendered.has_value());
        out.push_back({at + " prose", rendered->prose});
        if (!rendered->check) continue;
        const RenderedCheck& c = *rendered->check;
        out.push_back({at + " question", c.question});
        for (const auto& o : c.options) out.push_back({at + " option", o});
        for (const auto& h : c.hints) out.push_back({at + " hint", h});
        for (const auto& s : c.solution) out.push_back({at + " solution", s});
        if (auto e = evaluator.render(step.check->explanation)) out.push_back({at + " explanation", *e});
        for (const auto& m : step.check->mistakes) {
            if (auto r = evaluator.render(m.message)) out.push_back({at + " mistake", *r});
        }
        if (step.check->kind == CheckKind::Number) {
            auto v = evaluator.evaluateNumber(step.check->answerExpression);
            REQUIRE(v.has_value());
            // The feedback's "Right: …" line, from the answer typed back exactly.
            auto outcome = checkAnswer(*step.check, accelscope::models::exactText(*v), ctx, lesson.file);
            REQUIRE(outcome.has_value());
            out.push_back({at + " feedback", outcome->expected});
        }
    }
    return out;
}

/// What in `text` is not for people: a lesson function's call, an exponent written "e+38", float noise.
std::vector<std::string> notForPeople(const std::string& text, const std::vector<std::string>& functionNames)
{
    std::vector<std::string> found;
    for (const auto& name : functionNames) {
        for (auto at = text.find(name + "("); at != std::string::npos; at = text.find(name + "(", at + 1)) {
            const bool wordStart = at == 0 || !(std::isalnum(static_cast<unsigned char>(text[at - 1])) != 0 || text[at - 1] == '_');
            if (wordStart) found.push_back("a call: " + text.substr(at, 60));
        }
    }
    const std::regex exponent(R"(\d[eE][+-]?\d)");
    const std::regex noise(R"(\.\d*[1-9](0{6,}|9{6,})\d)");
    std::smatch m;
    if (std::regex_search(text, m, exponent)) found.push_back("an exponent: " + text.substr(static_cast<std::size_t>(std::max<long>(0, m.position(0) - 20)), 40));
    if (std::regex_search(text, m, noise)) found.push_back("float noise: " + m.str(0));
    return found;
}

} // namespace

TEST_CASE("no text a learner reads in a lesson has a function call, an e-notation exponent or float noise")
{
    const auto ctx = accelscope::tests::lessonTestContext();
    const auto loaded = loadLessons(ACCELSCOPE_LESSONS_DIR);
    REQUIRE(loaded.errors.empty());
    // min, max, sqrt and the like are mathematics, not code; the lesson functions are code.
    const std::set<std::string> math{"min", "max", "ceil", "floor", "round", "log2", "log10", "sqrt"};
    std::vector<std::string> names;
    for (const auto& f : lessonFunctions(ctx)) {
        if (!math.count(f.name)) names.push_back(f.name);
    }
    std::vector<std::string> problems;
    std::size_t texts = 0;
    for (const auto& lesson : loaded.lessons) {
        for (const auto& v : visibleTexts(lesson, ctx)) {
            ++texts;
            for (const auto& p : notForPeople(v.text, names)) problems.push_back(v.where + ": " + p);
        }
    }
    CHECK(texts > 300); // every lesson's texts were read
    for (const auto& p : problems) UNSCOPED_INFO(p);
    CHECK(problems.empty());
}

TEST_CASE("the learner-text check finds a call, an exponent and float noise")
{
    const std::vector<std::string> names{"peak", "format_mantissa_bits"};
    CHECK(notForPeople("format_mantissa_bits(fp16) = 10", names).size() == 1);
    CHECK(notForPeople("the peak(nvidia-a100-sxm4-80gb, bf16) × 1000", names).size() == 1);
    CHECK(notForPeople("up to 3.39e+38", names).size() == 1);
    CHECK(notForPeople("1.1920928955078125e-07", names).size() == 1);
    CHECK(notForPeople("0.30000000000000004", names).size() == 1);
    CHECK(notForPeople("1.0999999999", names).size() == 1);
    CHECK(notForPeople("the BF16 peak of the A100 is 312 TFLOP/s, 3.4 × 10^38, 0.0078125, 0.000000059604644775390625", names).empty());
    CHECK(notForPeople("speak(", names).empty()); // a word that ends in a function's name is not a call
}

TEST_CASE("a number question whose answer scales with a model's parameter count states that count")
{
    const auto ctx = accelscope::tests::lessonTestContext();
    const auto loaded = loadLessons(ACCELSCOPE_LESSONS_DIR);
    REQUIRE(loaded.errors.empty());
    const Evaluator evaluator = lessonEvaluator(ctx);
    const auto presets = accelscope::models::roofline::modelPresets().value();
    int questions = 0;
    for (const auto& lesson : loaded.lessons) {
        for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
            const auto& check = lesson.steps[i].check;
            if (!check || check->kind != CheckKind::Number) continue;
            // Answers that scale with the parameter count (weights, prefill FLOPs, one decode
            // step's reads): the learner needs it to compute them. (KV-cache answers depend on
            // layers and heads, which the steps' prose gives.)
            const std::string& answer = check->answerExpression;
            if (answer.find("params(") == std::string::npos && answer.find("weight_bytes(") == std::string::npos &&
                answer.find("ttft(") == std::string::npos && answer.find("tpot(") == std::string::npos) {
                continue;
            }
            for (const auto& preset : presets) {
                const std::string& id = preset.id;
                const auto at = check->answerExpression.find(id);
                if (at == std::string::npos) continue;
                const auto after = at + id.size();
                if (after < check->answerExpression.size() &&
                    (std::isalnum(static_cast<unsigned char>(check->answerExpression[after])) != 0 || check->answerExpression[after] == '.')) {
                    continue; // llama3.1-8b inside llama3.1-80b…
                }
                ++questions;
                const auto question = evaluator.render(check->question);
                REQUIRE(question.has_value());
                // "Llama 2 7B (6.74 B parameters)": the count to 3 significant digits, in billions.
                const std::string billions =
                    accelscope::models::engineeringText(accelscope::models::roofline::countParameters(preset).total / 1e9, 3);
                INFO(lesson.file << " step " << i + 1 << ": " << *question);
                CHECK(question->find(billions + " B parameters") != std::string::npos);
            }
        }
    }
    CHECK(questions > 0);
}
