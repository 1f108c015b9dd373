// SPDX-License-Identifier: MIT
// Guided lessons: the parser, the expression evaluator over the models, each check kind, state
// predicates, validation errors with file:line, and every real lesson rendering.
#include "labs/guided/lesson_engine.hpp"
#include "labs/guided/page_contracts.hpp"
#include "labs/lab_registry.hpp"
#include "models/catalog/catalog_store.hpp"
#include "tests/support/lesson_test_context.hpp"
#include "tests/support/temp_dir.hpp"

#include "accelscope/config.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <vector>

using namespace accelscope::labs::guided;

namespace {

constexpr const char* goodLesson = R"(---
id: tiny
title: A tiny lesson
minutes: 10
prerequisites: [other]
---
Intro with {{ 1 + 1 }}.

## First
Ridge {{ ridge(nvidia-h100-sxm, bf16) | 0 }} FLOP/byte.

```action
page: Roofline
devices: nvidia-h100-sxm
precision: bf16
kernel: gemm:M=512,N=512,K=512
```

```check
kind: number
question: Ridge?
answer: ridge(nvidia-h100-sxm, bf16)
tolerance: 2%
unit: FLOP/byte
hints:
- divide
explanation: It is {{ ridge(nvidia-h100-sxm, bf16) | 1 }}.
```

## Second

```check
kind: choice
question: Pick two
options:
- one
- two
answer: 2
explanation: two it is
```

## Third

```check
kind: state
question: Cross the ridge
page: Roofline
predicate: kernel_intensity_above_ridge
device: nvidia-h100-sxm
precision: bf16
explanation: done
```
)";

Lesson parsed(const std::string& text, const std::string& file = "tiny.md")
{
    auto lesson = parseLesson(text, file);
    INFO((lesson ? "" : lesson.error().message));
    REQUIRE(lesson.has_value());
    return *lesson;
}

std::string parseError(const std::string& text)
{
    auto lesson = parseLesson(text, "bad.md");
    REQUIRE_FALSE(lesson.has_value());
    return lesson.error().message;
}

} // namespace

TEST_CASE("a lesson file parses into header, steps, action and checks")
{
    const Lesson l = parsed(goodLesson);
    CHECK(l.id == "tiny");
    CHECK(l.minutes == 10);
    CHECK(l.prerequisites == std::vector<std::string>{"other"});
    REQUIRE(l.steps.size() == 3);
    CHECK(l.steps[0].action->page == "roofline"); // the file names it "Roofline": resolved to the id when parsed
    CHECK(l.steps[0].check->kind == CheckKind::Number);
    CHECK(l.steps[0].check->relativeTolerance == Approx(0.02));
    CHECK(l.steps[1].check->answerIndex == 1);
    CHECK(l.steps[2].check->parameters.size() == 2);
    CHECK(l.steps[0].line == 9);
}

TEST_CASE("a lesson names a page by id or English title and the parser stores the id")
{
    std::string byId = goodLesson;
    byId.replace(byId.find("page: Roofline"), 14, "page: roofline");
    const Lesson a = parsed(goodLesson), b = parsed(byId);
    CHECK(a.steps[0].action->page == "roofline");
    CHECK(b.steps[0].action->page == "roofline");
    CHECK(a.steps[2].check->page == "roofline"); // a state check's page too
    // A name no contract declares is kept as written; validation names it with the pages there are.
    std::string unknown = goodLesson;
    unknown.replace(unknown.find("page: Roofline"), 14, "page: Roofs");
    CHECK(parsed(unknown).steps[0].action->page == "Roofs");
    CHECK(resolvePageId("LLM calculator").value() == "llm-calculator");
    CHECK(resolvePageId("llm-calculator").value() == "llm-calculator");
    CHECK_FALSE(resolvePageId("Lessons").has_value()); // no contract: a lesson cannot open it
    CHECK_FALSE(pageContract("Roofline").has_value()); // after parsing, pages are looked up by id only
}

TEST_CASE("every bundled lesson names only pages a contract declares, stored by id")
{
    const auto loaded = loadLessons(ACCELSCOPE_LESSONS_DIR);
    REQUIRE(loaded.lessons.size() >= 12);
    std::vector<std::string> ids;
    for (const auto& contract : pageContracts()) ids.push_back(contract.id);
    int named = 0;
    for (const auto& lesson : loaded.lessons) {
        for (const auto& step : lesson.steps) {
            INFO(lesson.file << ": " << step.title);
            if (step.action) {
                CHECK(std::find(ids.begin(), ids.end(), step.action->page) != ids.end());
                ++named;
            }
            if (step.check && step.check->kind == CheckKind::State) {
                CHECK(std::find(ids.begin(), ids.end(), step.check->page) != ids.end());
                ++named;
            }
        }
    }
    CHECK(named >= 20);
}

TEST_CASE("broken headers and blocks are errors with file and line")
{
    const auto check = [](const std::string& text, const std::string& expected) {
        CHECK_THAT(parseError(text), Catch::Contains(expected));
    };
    check("id: x\n", "bad.md:1: a lesson starts with a '---' header line");
    check("---\nid: x\ntitle: t\nminutes: 10\n", "has no closing '---'");
    check("---\nid: x\ntitle: t\n---\n## s\n", "bad.md:4: the header has no 'minutes:'");
    check("---\nid: X Y\ntitle: t\nminutes: 5\n---\n## s\n", "bad.md:2: id must be lower-case");
    check("---\nid: x\ntitle: t\nminutes: ten\n---\n## s\n", "bad.md:4: minutes must be a whole number");
    check("---\nid: x\ntitle: t\nminutes: 5\nauthor: me\n---\n## s\n", "bad.md:5: unknown header key 'author'");
    check("---\nid: x\ntitle: t\nminutes: 5\n---\nno steps\n", "has no steps");
    check("---\nid: x\ntitle: t\nminutes: 5\n---\n## s\n```check\nkind: essay\nquestion: q\n```\n", "bad.md:8: unknown check kind 'essay'");
    check("---\nid: x\ntitle: t\nminutes: 5\n---\n## s\n```action\nbroken line\n```\n", "bad.md:8: expected 'key: value'");
    check("---\nid: x\ntitle: t\nminutes: 5\n---\n## s\n```lab\nlab: cpu-roofline\n", "bad.md:7: the ```lab block is not closed");
}

TEST_CASE("expressions compute through the models and format their numbers")
{
    const auto ctx = accelscope::tests::lessonTestContext();
    const Evaluator e = lessonEvaluator(ctx);
    CHECK(e.evaluateNumber("2 + 3 * 4 ^ 2 / 8 - -1").value() == Approx(9.0));
    CHECK(e.evaluateNumber("ridge(nvidia-h100-sxm, bf16)").value() ==
          Approx(e.evaluateNumber("peak(nvidia-h100-sxm, bf16) * 1000 / bandwidth(nvidia-h100-sxm)").value()));
    // ZeRO paper, Figure 1: Ψ = 7.5B, N_d = 64: 120, 31.4, 16.6, 1.9 GB.
    CHECK(e.evaluateNumber("zero_bytes(7.5e9, 64, 0) / 1e9").value() == Approx(120.0));
    CHECK(e.evaluateNumber("zero_bytes(7.5e9, 64, 1) / 1e9").value() == Approx(31.40625));
    CHECK(e.evaluateNumber("zero_bytes(7.5e9, 64, 3) / 1e9").value() == Approx(1.875));
    // GPipe bubble (p − 1)/(m + p − 1) = 3/11; "1f1b" is a word although it starts with a digit.
    CHECK(e.evaluateNumber("bubble(gpipe, 4, 8)").value() == Approx(3.0 / 11.0));
    CHECK(e.evaluateNumber("bubble(1f1b, 4, 8)").value() == Approx(3.0 / 11.0));
    CHECK(e.evaluateNumber("format_max(fp8-e4m3)").value() == 448.0);
    CHECK(e.evaluateNumber("bytes_per_element(mxfp4)").value() == 0.53125);
    // Llama 2 70B: 2 · 80 layers · 8 KV heads · 128 · 2 bytes = 327 680 bytes per token.
    CHECK(e.evaluateNumber("kv_bytes_per_token(llama2-70b, fp16)").value() == 327680.0);
    CHECK(e.evaluateNumber("warp_efficiency(tid-lt-16)").value() == Approx(0.5));
    CHECK(e.evaluateNumber("sectors(1, 4)").value() == 4.0);
    CHECK(e.evaluateNumber("bank_ways(32)").value() == 32.0);
    CHECK(e.evaluateNumber("bank_ways(33)").value() == 1.0);
    // Ring all-reduce: 2 · 7/8 · 1 GB at 100 GB/s = 17.5 ms.
    CHECK(e.evaluateNumber("allreduce_time(1e9, 8, 100)").value() == Approx(0.0175));
    CHECK(e.render("{{ 1234567.8 | ,1 }} {{ 0.256 | %1 }} {{ 3.14159 | 2 }} {{ 2/3 }}").value() == "1,234,567.8 25.6% 3.14 0.6667");
}

TEST_CASE("lesson numbers print through models::number_text: exact for format values, no exponent or float noise")
{
    const auto ctx = accelscope::tests::lessonTestContext();
    const Evaluator e = lessonEvaluator(ctx);
    struct Case {
        const char* text;
        const char* rendered;
    };
    const std::vector<Case> cases{
        {"{{ format_max(fp16) }}", "65,504"},   // (2 - 2^-10) * 2^15, not 6.55e+04 or 6.55e4
        {"{{ 1 + 2^-7 }}", "1.0078125"},        // BF16 next after 1, not 1.008
        {"{{ 2^-7 }}", "0.0078125"},            // not 0.007812
        {"{{ format_max(fp8-e4m3) }}", "448"},
        {"{{ 0.1 + 0.2 }}", "0.3"},             // 0.30000000000000004: float noise rounded away
        {"{{ 13412.7 | s4 }}", "13,410"},       // sN: N significant digits, grouped
        {"{{ 65504 | s3 }}", "65,500"},
        {"{{ -0.0021875 - 0.000000000000000009 | s4 }}", "-0.002188"}, // -0.002187500000000009: noise rounded away
        {"{{ 1365.33 | ,1 }}", "1,365.3"},
        {"{{ -0.00001 | 2 }}", "0.00"},         // a rounded zero has no sign
    };
    for (const auto& c : cases) {
        CAPTURE(c.text);
        CHECK(e.render(c.text).value() == c.rendered);
    }
}

TEST_CASE("peak() and ridge() pick the roof by models::roofline::selectRoof: tensor units, else vector units")
{
    const auto ctx = accelscope::tests::lessonTestContext();
    const Evaluator e = lessonEvaluator(ctx);
    // H100 has no FP32 tensor figure: its FP32 roof is the 67 TFLOP/s vector figure, ridge 67000 / 3350 = 20 FLOP/byte.
    CHECK(e.evaluateNumber("peak(nvidia-h100-sxm, fp32)").value() == 67.0);
    CHECK(e.evaluateNumber("ridge(nvidia-h100-sxm, fp32)").value() == Approx(20.0));
    CHECK(e.evaluateNumber("ridge(nvidia-h100-sxm, fp32, auto)").value() == Approx(20.0));
    CHECK(e.evaluateNumber("peak(nvidia-h100-sxm, fp64)").value() == 67.0); // FP64 tensor, not the 34 TFLOP/s vector figure
    CHECK(e.evaluateNumber("peak(nvidia-h100-sxm, fp64, vector)").value() == 34.0);
    CHECK_THAT(e.evaluate("peak(nvidia-h100-sxm, fp32, tensor)").error().message, Catch::Contains("no fp32 tensor dense figure"));
    CHECK_THAT(e.evaluate("peak(nvidia-h100-sxm, fp32, matrix)").error().message, Catch::Contains("unit must be tensor, vector or auto"));
}

TEST_CASE("unknown functions, devices and arguments are errors that name them")
{
    const auto ctx = accelscope::tests::lessonTestContext();
    const Evaluator e = lessonEvaluator(ctx);
    CHECK_THAT(e.evaluate("nosuch(1)").error().message, Catch::Contains("unknown function 'nosuch'"));
    CHECK_THAT(e.evaluate("ridge(nvidia-h999, bf16)").error().message, Catch::Contains("unknown device id 'nvidia-h999'"));
    CHECK_THAT(e.evaluate("ridge(nvidia-h100-sxm)").error().message, Catch::Contains("ridge takes 2 to 3 arguments"));
    CHECK_THAT(e.evaluate("format_max(fp7)").error().message, Catch::Contains("unknown element format 'fp7'"));
    CHECK_THAT(e.evaluate("1 / 0").error().message, Catch::Contains("division by zero"));
    CHECK_THAT(e.render("{{ 1 | q }}").error().message, Catch::Contains("bad number format 'q'"));
}

TEST_CASE("deeply nested or long unary and power chains are errors, not a stack overflow")
{
    // Issue #17: 100000 unary minuses or a 100000-long '^' chain recursed past the stack (the old
    // depth limit counted only atoms, which unary and power chains bypassed).
    const auto ctx = accelscope::tests::lessonTestContext();
    const Evaluator e = lessonEvaluator(ctx);
    std::string powers = "1";
    for (int k = 0; k < 100000; ++k) powers += "^1";
    const std::string parens = std::string(100000, '(') + "1" + std::string(100000, ')');
    const std::string calls = [] {
        std::string text;
        for (int k = 0; k < 100000; ++k) text += "sqrt(";
        return text + "1" + std::string(100000, ')');
    }();
    for (const std::string& expression : {std::string(100000, '-') + "1", powers, parens, calls}) {
        const auto value = e.evaluate(expression);
        REQUIRE_FALSE(value.has_value());
        CHECK_THAT(value.error().message, Catch::EndsWith("nested deeper than 200 levels"));
        CHECK(value.error().message.size() < 200);
    }
    // Shallower than the limit still evaluates; left-associative chains are loops, not nesting.
    CHECK(e.evaluateNumber(std::string(150, '-') + "2").value() == 2.0);
    CHECK(e.evaluateNumber(std::string(150, '(') + "2" + std::string(150, ')')).value() == 2.0);
    std::string sum = "0";
    for (int k = 0; k < 10000; ++k) sum += "+1";
    CHECK(e.evaluateNumber(sum).value() == 10000.0);
}

TEST_CASE("each check kind accepts the model's answer and refuses a wrong one")
{
    const Lesson l = parsed(goodLesson);
    const auto ctx = accelscope::tests::lessonTestContext();
    const auto& number = *l.steps[0].check;
    const double ridge = lessonEvaluator(ctx).evaluateNumber("ridge(nvidia-h100-sxm, bf16)").value();
    CHECK(checkAnswer(number, std::to_string(ridge * 1.01), ctx)->correct);
    CHECK(checkAnswer(number, std::to_string(ridge) + " FLOP/byte", ctx)->correct);
    CHECK_FALSE(checkAnswer(number, std::to_string(ridge * 1.1), ctx)->correct);
    CHECK_THAT(checkAnswer(number, "lots", ctx).error().message, Catch::Contains("not a number"));
    const auto& choice = *l.steps[1].check;
    CHECK(checkAnswer(choice, "2", ctx)->correct);
    CHECK(checkAnswer(choice, "Two", ctx)->correct);
    CHECK_FALSE(checkAnswer(choice, "1", ctx)->correct);
    CHECK_FALSE(checkAnswer(choice, "7", ctx).has_value());
    const auto& state = *l.steps[2].check;
    CHECK(checkState(state, {{"kernel", "gemm:M=4096,N=4096,K=4096"}}, ctx)->correct);
    CHECK_FALSE(checkState(state, {{"kernel", "gemm:M=64,N=64,K=64"}}, ctx)->correct);
    CHECK(checkAnswer(state, "kernel_intensity=1000", ctx)->correct);
    CHECK_FALSE(checkState(state, {}, ctx).has_value());
}

TEST_CASE("validation reports every bad setting of an action, not only the first (issue #32)")
{
    const auto ctx = accelscope::tests::lessonTestContext();
    std::string changed = goodLesson;
    const std::string from = "devices: nvidia-h100-sxm";
    changed.replace(changed.find(from), from.size(), "devices: nvidia-h1000\nshade: blue");
    std::string precision = "precision: bf16\nkernel";
    changed.replace(changed.find(precision), precision.size(), "precision: bf17\nkernel");
    const auto problems = validateLesson(parsed(changed), ctx);
    REQUIRE(problems.size() >= 3);
    std::string all;
    for (const auto& p : problems) all += p.text() + "\n";
    CHECK_THAT(all, Catch::Contains("tiny.md:14: devices: no device with id 'nvidia-h1000'"));
    CHECK_THAT(all, Catch::Contains("tiny.md:15: the Roofline page has no setting 'shade'"));
    CHECK_THAT(all, Catch::Contains("tiny.md:16: precision: unknown precision 'bf17'"));
}

TEST_CASE("validation reports missing pages, devices, presets, labs and unreachable states with file:line")
{
    const auto ctx = accelscope::tests::lessonTestContext();
    std::string text = goodLesson;
    CHECK(validateLesson(parsed(text), ctx).empty());
    const auto problemFor = [&ctx](const std::string& from, const std::string& to) {
        std::string changed = goodLesson;
        changed.replace(changed.find(from), from.size(), to);
        const auto problems = validateLesson(parsed(changed), ctx);
        REQUIRE(problems.size() >= 1);
        return problems[0].text();
    };
    CHECK_THAT(problemFor("page: Roofline\ndevices", "page: Roofs\ndevices"), Catch::Contains("tiny.md:13: no page 'Roofs'"));
    CHECK_THAT(problemFor("devices: nvidia-h100-sxm", "devices: nvidia-h1000"), Catch::Contains("tiny.md:14: devices: no device with id 'nvidia-h1000'"));
    CHECK_THAT(problemFor("precision: bf16\nkernel", "precision: bf17\nkernel"), Catch::Contains("tiny.md:15: precision: unknown precision 'bf17'"));
    CHECK_THAT(problemFor("answer: ridge(nvidia-h100-sxm, bf16)", "answer: ridge(nvidia-h100-sxm, fp2)"), Catch::Contains("tiny.md:22: the answer cannot be computed"));
    CHECK_THAT(problemFor("answer: 2\n", "answer: 3\n"), Catch::Contains("tiny.md:38: answer 3 is not one of the 2 options"));
    CHECK_THAT(problemFor("predicate: kernel_intensity_above_ridge", "predicate: kernel_glows"), Catch::Contains("unknown predicate 'kernel_glows'"));
    CHECK_THAT(problemFor("Ridge {{ ridge(", "Ridge {{ ridgeline("), Catch::Contains("tiny.md:10: unknown function 'ridgeline'"));
    CHECK_THAT(problemFor("## Second\n", "## Second\n```lab\nlab: cpu-roofline\nmax_fmas: 99999\n```\n"), Catch::Contains("max_fmas"));
    CHECK_THAT(problemFor("## Second\n", "## Second\n```lab\nlab: cuda-coalescing\n```\n"), Catch::Contains("needs CUDA"));
    CHECK_THAT(problemFor("## Second\n", "## Second\n```action\npage: Warp divergence\npreset: nope\n```\n"), Catch::Contains("unknown warp preset 'nope'"));
}

TEST_CASE("lesson sets: duplicate ids, unknown prerequisites and cycles")
{
    const auto ctx = accelscope::tests::lessonTestContext();
    Lesson a = parsed(goodLesson, "a.md");
    Lesson b = parsed(goodLesson, "b.md");
    b.id = "other";
    b.prerequisites = {"tiny"};
    auto problems = validateLessons({a, b}, ctx);
    REQUIRE(problems.size() == 1);
    CHECK_THAT(problems[0].message, Catch::Contains("cycle"));
    b.prerequisites = {"missing"};
    problems = validateLessons({a, b, a}, ctx);
    CHECK(problems.size() == 2);
}

TEST_CASE("every real lesson parses, validates and renders every number of every step")
{
    const auto ctx = accelscope::tests::lessonTestContext();
    const auto loaded = loadLessons(ACCELSCOPE_LESSONS_DIR);
    CHECK(loaded.errors.empty());
    REQUIRE(loaded.lessons.size() >= 12);
    for (const auto& p : validateLessons(loaded.lessons, ctx)) FAIL_CHECK(p.text());
    for (const auto& lesson : loaded.lessons) {
        CHECK(lesson.steps.size() >= 4);
        CHECK(lesson.steps.size() <= 8);
        CHECK(lesson.minutes >= 10);
        CHECK(lesson.minutes <= 20);
        for (const auto& step : lesson.steps) {
            auto rendered = renderStep(lesson, step, ctx);
            INFO(lesson.file << ": " << step.title);
            REQUIRE(rendered.has_value());
            CHECK(rendered->prose.find("{{") == std::string::npos);
            REQUIRE(step.check.has_value());
            if (step.check->kind == CheckKind::Number) {
                auto expected = lessonEvaluator(ctx).evaluateNumber(step.check->answerExpression);
                REQUIRE(expected.has_value());
                // Both ways, exact checks included: tests/labs/lesson_grading_test.cpp.
                CHECK(checkAnswer(*step.check, formatNumber(*expected, "s12").value(), ctx)->correct);
            }
        }
    }
}

TEST_CASE("a warp state check reads the efficiencies the page measured, either model passing")
{
    const auto ctx = accelscope::tests::lessonTestContext();
    const Lesson l = parsed(R"(---
id: warp
title: Warp
minutes: 10
prerequisites: []
---
## Step
```check
kind: state
question: Reach 90%.
page: Warp divergence
predicate: warp_efficiency_at_least
min: 0.9
```
)");
    const auto& check = *l.steps[0].check;
    CHECK(checkState(check, {{"preset", "data-random"}, {"efficiency_prevolta", "0.5"}, {"efficiency_its", "0.95"}}, ctx)->correct);
    CHECK_FALSE(checkState(check, {{"preset", "data-random"}, {"efficiency_prevolta", "0.5"}, {"efficiency_its", "0.6"}}, ctx)->correct);
    // Naming a model restricts the check to that panel.
    CHECK_FALSE(checkState(check, {{"model", "prevolta"}, {"efficiency_prevolta", "0.5"}, {"efficiency_its", "0.95"}}, ctx)->correct);
    // Without measurements the preset is simulated: a uniform warp runs at 100%, four-way branches do not.
    CHECK(checkState(check, {{"preset", "warp-uniform"}}, ctx)->correct);
    CHECK_FALSE(checkState(check, {{"preset", "four-way"}}, ctx)->correct);
    CHECK_THAT(checkState(check, {{"efficiency_prevolta", "0.5"}, {"efficiency_its", "lots"}}, ctx).error().message, Catch::Contains("efficiency_its"));
}

TEST_CASE("lesson images must be SVG or PNG files beside the lesson, named with their line when not")
{
    const auto ctx = accelscope::tests::lessonTestContext();
    accelscope::tests::TempDir dir;
    dir.write("images/shape.svg", "<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'/>");
    const auto lessonWith = [&](const std::string& image) {
        const std::string text = "---\nid: pic\ntitle: Pictures\nminutes: 10\nprerequisites: []\n---\n## Step\nText.\n\n" + image + "\n";
        return parsed(text, (dir.path() / "pic.md").string());
    };
    const Lesson good = lessonWith("![The shape](images/shape.svg)");
    REQUIRE(good.images.size() == 1);
    CHECK(good.images[0].line == 10);
    for (const auto& p : validateLesson(good, ctx)) FAIL_CHECK(p.text());
    const auto problem = [&](const std::string& image) {
        const auto problems = validateLesson(lessonWith(image), ctx);
        REQUIRE(problems.size() == 1);
        CHECK(problems[0].line == 10);
        return problems[0].text();
    };
    CHECK_THAT(problem("![Missing](images/none.svg)"), Catch::Contains("image 'images/none.svg' not found beside the lesson file"));
    CHECK_THAT(problem("![Web](https://example.com/a.png)"), Catch::Contains("not a URL"));
    CHECK_THAT(problem("![Up](../secret.png)"), Catch::Contains("must not leave the lessons folder"));
    CHECK_THAT(problem("![Gif](images/shape.gif)"), Catch::Contains("only .svg and .png"));
}

TEST_CASE("lesson check refuses a setting the page's controls cannot reach, naming file:line, key and range")
{
    const auto ctx = accelscope::tests::lessonTestContext();
    // Each of these was accepted before the pages' contracts were one declaration (issue #11).
    const std::vector<std::tuple<std::string, std::string, std::string, std::string>> cases{
        {"LLM calculator", "dp", "4096", "dp: 4096 is outside the page's range 1 to 64"},
        {"LLM calculator", "pp", "128", "pp: 128 is outside the page's range 1 to 32"},
        {"LLM calculator", "mbs", "1024", "mbs: 1024 is outside the page's range 1 to 64"},
        {"LLM calculator", "gen", "0", "gen: 0 is outside the page's range 1 to 32,768"},
        {"Roofline", "batch", "4096", "batch: 4096 is outside the page's range 1 to 1,024"},
        {"Roofline", "prompt", "1000000", "prompt: 1000000 is outside the page's range 1 to 131,072"},
        {"Pipeline bubbles", "v", "8", "v: 8 is outside the page's range 2 to 4"},
        {"Warp divergence", "warps", "64", "warps: 64 is outside the page's range 1 to 8"},
        {"LLM calculator", "devices", "nvidia-h100-sxm,nvidia-h100-sxm,nvidia-h100-sxm,nvidia-h100-sxm,nvidia-h100-sxm",
         "devices: 5 devices; allowed 1 to 4"},
    };
    for (const auto& [page, key, value, message] : cases) {
        INFO(page << " " << key << ": " << value);
        const std::string text = std::string(goodLesson).replace(
            std::string(goodLesson).find("## Second\n"), 10, "## Second\n```action\npage: " + page + "\n" + key + ": " + value + "\n```\n");
        const auto problems = validateLesson(parsed(text), ctx);
        REQUIRE(problems.size() == 1);
        CHECK_THAT(problems[0].text(), Catch::StartsWith("tiny.md:33: ") && Catch::Contains(message));
        // One step inside the range is accepted.
        const auto contract = pageContract(resolvePageId(page).value()).value(); // the file names it by title
        const auto& spec = contract.setting(key);
        if (spec.kind == SettingKind::Integer) {
            const std::string inside = std::to_string(std::stoi(value) < spec.minInt() ? spec.minInt() : spec.maxInt());
            const std::string ok = std::string(goodLesson).replace(
                std::string(goodLesson).find("## Second\n"), 10, "## Second\n```action\npage: " + page + "\n" + key + ": " + inside + "\n```\n");
            CHECK(validateLesson(parsed(ok), ctx).empty());
        }
    }
}

TEST_CASE("the x format prints a number format's value exactly, without separators")
{
    CHECK(formatNumber(65504.0, "x").value() == "65504");      // FP16 max: never 6.55e+04 or 65,504
    CHECK(formatNumber(1.0078125, "x").value() == "1.0078125"); // BF16(1.01)
    CHECK(formatNumber(0.0078125, "x").value() == "0.0078125"); // BF16 epsilon, 2^-7
    CHECK(formatNumber(448.0, "x").value() == "448");           // E4M3 max
    const auto ctx = accelscope::tests::lessonTestContext();
    CHECK(lessonEvaluator(ctx).render("max {{ format_max(fp16) | x }}").value() == "max 65504");
    CHECK_FALSE(formatNumber(1.0, "x2").has_value()); // x takes no digits
}

TEST_CASE("a course loads the lessons that check and names the first problem of each file it skips")
{
    const auto ctx = accelscope::tests::lessonTestContext();
    accelscope::tests::TempDir dir;
    dir.write("01-good.md", goodLesson);
    std::string bad = goodLesson;
    bad.replace(bad.find("id: tiny"), 8, "id: broken");
    bad.replace(bad.find("devices: nvidia-h100-sxm"), 24, "devices: nvidia-h1000");
    dir.write("02-bad.md", bad);
    dir.write("03-unparsable.md", "no header here\n");
    const auto course = loadCourse(dir.path(), ctx);
    REQUIRE(course.lessons.size() == 1);
    CHECK(course.lessons[0].id == "tiny");
    REQUIRE(course.skipped.size() == 2);
    std::vector<std::string> texts;
    for (const auto& p : course.skipped) texts.push_back(p.text());
    std::ranges::sort(texts);
    CHECK_THAT(texts[0], Catch::Contains("02-bad.md:14: devices: no device with id 'nvidia-h1000'"));
    CHECK_THAT(texts[1], Catch::Contains("03-unparsable.md:1:"));
}

TEST_CASE("a lesson cites its primary sources in the header, each with its http(s) address")
{
    const auto ctx = accelscope::tests::lessonDevicesContext();
    const std::string header = "---\nid: t\ntitle: T\nminutes: 5\nprerequisites: []\nsources:\n- Paper, section 2: https://example.org/p\n"
                               "- A datasheet without an address\n---\n## S\ntext\n";
    const auto lesson = parseLesson(header, "t.md");
    REQUIRE(lesson.has_value());
    REQUIRE(lesson->sources.size() == 2);
    CHECK(lesson->sources[0].text == "Paper, section 2: https://example.org/p");
    CHECK(lesson->sources[0].line == 7);
    const auto problems = validateLesson(*lesson, ctx);
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].text() == "t.md:8: a source needs its http(s) address: 'A datasheet without an address'");
    // Every bundled lesson is reviewed against at least two primary sources.
    const auto loaded = loadLessons(ACCELSCOPE_LESSONS_DIR);
    REQUIRE(loaded.errors.empty());
    for (const auto& l : loaded.lessons) {
        INFO(l.file);
        CHECK(l.sources.size() >= 2);
    }
}
