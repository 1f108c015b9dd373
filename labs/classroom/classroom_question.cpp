// SPDX-License-Identifier: MIT
// A question for the room from a lesson step's check.
#include "labs/classroom/classroom_question.hpp"

#include "labs/guided/lesson_engine.hpp"
#include "labs/guided/lesson_functions.hpp"
#include "models/common/number_text.hpp"

#include <charconv>

namespace accelscope::labs::classroom {
namespace {

using models::ErrorCode;
using models::fail;

bool continuation(unsigned char c) { return (c & 0xC0U) == 0x80U; }

} // namespace

bool askable(const guided::Step& step)
{
    return step.check && (step.check->kind == guided::CheckKind::Number || step.check->kind == guided::CheckKind::Choice);
}

std::string shortLabel(const std::string& message, std::size_t maxChars)
{
    std::string first = message;
    if (const auto end = first.find(". "); end != std::string::npos) first.erase(end + 1);
    std::size_t chars = 0;
    for (std::size_t i = 0; i < first.size(); ++i) {
        if (continuation(static_cast<unsigned char>(first[i]))) continue;
        if (chars == maxChars - 1) {
            first.erase(i);
            while (!first.empty() && first.back() == ' ') first.pop_back();
            return first + "…";
        }
        ++chars;
    }
    return first;
}

models::Result<Question> questionFromStep(const guided::Lesson& lesson, std::size_t stepIndex,
                                          const guided::LessonContext& context)
{
    if (stepIndex >= lesson.steps.size()) {
        return fail(ErrorCode::NotFound, lesson.id + ": no step " + std::to_string(stepIndex + 1) + " (it has " +
                                             std::to_string(lesson.steps.size()) + ")");
    }
    const guided::Step& step = lesson.steps[stepIndex];
    const std::string where = lesson.file + ":" + std::to_string(step.line);
    if (!step.check) return fail(ErrorCode::InvalidArgument, where + ": step '" + step.title + "' has no check to ask");
    if (!askable(step)) {
        return fail(ErrorCode::InvalidArgument, where + ": step '" + step.title +
                                                    "' checks a page's state; a room answers number and choice checks");
    }
    auto rendered = guided::renderStep(lesson, step, context);
    if (!rendered) return std::unexpected(rendered.error());
    const guided::Check& check = *step.check;
    Question q;
    q.lessonId = lesson.id;
    q.lessonTitle = lesson.title;
    q.stepTitle = step.title;
    q.stepNumber = static_cast<int>(stepIndex) + 1;
    q.kind = check.kind;
    q.text = rendered->check->question;
    q.options = rendered->check->options;
    q.unit = rendered->check->unit;
    q.hasLiveView = step.action.has_value();
    q.labId = step.lab ? step.lab->labId : std::string();
    q.check = check;
    q.file = lesson.file;
    const guided::Evaluator evaluator = guided::lessonEvaluator(context);
    if (check.kind == guided::CheckKind::Number) {
        auto expected = evaluator.evaluateNumber(check.answerExpression);
        if (!expected) return fail(ErrorCode::InvalidData, lesson.file + ":" + std::to_string(check.answerLine) + ": " +
                                                                expected.error().message);
        q.expectedValue = *expected;
    } else {
        q.expectedValue = check.answerIndex + 1;
    }
    // The engine's own text of the right answer: grade the right answer and keep what it says.
    const std::string right = check.kind == guided::CheckKind::Number ? models::exactText(q.expectedValue)
                                                                      : std::to_string(check.answerIndex + 1);
    auto outcome = guided::checkAnswer(check, right, context, lesson.file);
    if (!outcome) return std::unexpected(outcome.error());
    q.expectedText = outcome->expected;
    for (const auto& mistake : check.mistakes) {
        auto value = evaluator.evaluateNumber(mistake.value);
        if (!value) return fail(ErrorCode::InvalidData, lesson.file + ":" + std::to_string(mistake.line) + ": " + value.error().message);
        auto message = evaluator.render(mistake.message);
        if (!message) return fail(ErrorCode::InvalidData, lesson.file + ":" + std::to_string(mistake.line) + ": " + message.error().message);
        q.mistakes.push_back({*value, *message, shortLabel(*message)});
    }
    return q;
}

models::Result<GradedAnswer> gradeAnswer(const Question& question, std::string_view answer, const guided::LessonContext& context)
{
    GradedAnswer graded;
    if (question.kind == guided::CheckKind::Choice) {
        // The page sends the option's number (its buttons); the text of an option is not accepted here.
        int number = 0;
        const auto [end, ec] = std::from_chars(answer.data(), answer.data() + answer.size(), number);
        if (ec != std::errc() || end != answer.data() + answer.size() || number < 1 ||
            number > static_cast<int>(question.options.size())) {
            return fail(ErrorCode::InvalidArgument, "choose an option from 1 to " + std::to_string(question.options.size()));
        }
        graded.value = number;
        graded.text = question.options[static_cast<std::size_t>(number) - 1];
    } else {
        auto value = guided::parseLearnerNumber(answer, question.check.unit);
        if (!value) return std::unexpected(value.error());
        graded.value = *value;
        graded.text = models::readableText(*value) + (question.unit.empty() ? "" : " " + question.unit);
    }
    auto outcome = guided::checkAnswer(question.check, answer, context, question.file);
    if (!outcome) return std::unexpected(outcome.error());
    graded.correct = outcome->correct;
    for (std::size_t i = 0; i < question.mistakes.size() && !graded.correct; ++i) {
        if (question.mistakes[i].message == outcome->mistake) {
            graded.mistake = static_cast<int>(i);
            break;
        }
    }
    return graded;
}

} // namespace accelscope::labs::classroom
