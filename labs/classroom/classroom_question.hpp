// SPDX-License-Identifier: MIT
// A question for the room, made from a lesson step's check (a number with its unit, or a choice),
// graded by the lesson engine itself: the same tolerance, the same declared mistakes.
#pragma once

#include "labs/guided/lesson.hpp"
#include "labs/guided/lesson_context.hpp"
#include "models/common/result.hpp"

#include <optional>
#include <string>
#include <vector>

namespace accelscope::labs::classroom {

/// A declared mistake of the check, computed: its value (a number, or an option's number from 1
/// for a choice), its message rendered, and a short label for a histogram bin.
struct MistakeMark {
    double value = 0;
    std::string message;
    std::string label;
};

/// A question as the room sees it and as the session grades it.
struct Question {
    std::string lessonId;
    std::string lessonTitle;
    std::string stepTitle;
    int stepNumber = 0; ///< from 1
    guided::CheckKind kind = guided::CheckKind::Number;
    std::string text;                 ///< rendered, every `{{ … }}` computed
    std::vector<std::string> options; ///< choice: rendered option texts
    std::string unit;                 ///< number: the check's unit ("FLOP/byte"), may be empty
    double expectedValue = 0;         ///< number: the model's value; choice: the right option's number (from 1)
    std::string expectedText;         ///< as the lesson engine writes it ("591.6 FLOP/byte", "memory bound")
    std::vector<MistakeMark> mistakes;
    bool hasLiveView = false; ///< the step opens a page (its live view)
    std::string labId;        ///< the step's lab, empty when none
    guided::Check check;      ///< the lesson's check, graded by guided::checkAnswer
    std::string file;         ///< the lesson file, for messages
};

/// Whether a step's check can be asked to a room: a number or a choice (a state check is answered
/// by working a page, not by typing).
bool askable(const guided::Step& step);

/// The question of step `stepIndex` (from 0) of `lesson`. Errors: no such step, a step without a
/// check or with a state check, and any expression the models cannot compute ("file:line: what").
models::Result<Question> questionFromStep(const guided::Lesson& lesson, std::size_t stepIndex,
                                          const guided::LessonContext& context);

/// One student's answer, graded.
struct GradedAnswer {
    std::string text;   ///< as shown: the number with the unit ("591.6 FLOP/byte") or the option's text
    double value = 0;   ///< number: the value; choice: the option's number (from 1)
    bool correct = false;
    int mistake = -1;   ///< index into Question::mistakes of the declared mistake it matches, −1 none
};

/// Grades `answer` with guided::checkAnswer (number: a number, optionally with the unit; choice:
/// the option's number, as the page's buttons send it). Errors are for the student: "'abc' is not
/// a number (in ms)".
models::Result<GradedAnswer> gradeAnswer(const Question& question, std::string_view answer,
                                         const guided::LessonContext& context);

/// A mistake message cut to a bin label: its first sentence, at most `maxChars` characters
/// (UTF-8 aware, "…" when cut).
std::string shortLabel(const std::string& message, std::size_t maxChars = 64);

} // namespace accelscope::labs::classroom
