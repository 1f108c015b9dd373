// SPDX-License-Identifier: MIT
// Lessons at run time: pages and their settings, state predicates, rendering a step with its
// numbers computed, checking answers, and validating a lesson against the models.
#pragma once

#include "labs/guided/lesson.hpp"
#include "labs/guided/lesson_context.hpp"
#include "labs/guided/lesson_functions.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace accelscope::labs::guided {

/// The state of a page as plain keys and values (the GUI fills it; see FORMAT.md for each page).
using PageState = std::map<std::string, std::string>;

/// An action, validated: the page and its settings (device ids exact, names canonical).
struct PageAction {
    std::string page;     ///< the page's stable id ("llm-calculator")
    std::string pageName; ///< as lessons name it ("LLM calculator")
    std::map<std::string, std::string> settings;
};

/// Checks an action against its page's keys (devices in the catalog, presets, formats, schedule
/// names, values in range) and returns it as a structured object. Error: "file:line: what".
models::Result<PageAction> pageAction(const Action& action, const LessonContext& context, const std::string& file);
/// Every problem of an action (an unknown page, each unknown or out-of-range setting), each "file:line: what";
/// empty when pageAction succeeds. `lesson check` lists them all.
std::vector<models::Error> pageActionProblems(const Action& action, const LessonContext& context, const std::string& file);

/// A state predicate the engine knows.
struct PredicateInfo {
    std::string name;
    std::string page; ///< the id of the page whose state it reads ("roofline")
    std::string description;
    std::vector<std::string> parameters; ///< parameter keys of the check block
    std::vector<std::string> stateKeys;  ///< PageState keys it reads
    std::string goal;                    ///< what the step asks for, in the learner's words (never the predicate id)
};
std::vector<PredicateInfo> predicates();

/// A check as shown before answering: no answer, numbers in the text filled in.
struct RenderedCheck {
    CheckKind kind = CheckKind::Choice;
    std::string question;
    std::vector<std::string> options;
    std::string unit;
    std::string page;      ///< state checks: the page's stable id ("roofline")
    std::string pageName;  ///< state checks: as lessons name it ("Roofline")
    std::string predicate; ///< state checks
    std::map<std::string, std::string> parameters; ///< state checks, evaluated
    std::vector<std::string> hints;
    /// The worked solution, one line per step (lesson_solution.hpp: workedSolution), offered after
    /// two wrong tries; empty when the check has none.
    std::vector<std::string> solution;
};

/// A step with every `{{ … }}` replaced by the value the models compute.
struct RenderedStep {
    std::string title;
    std::string prose;
    std::optional<PageAction> action;
    std::optional<LabRun> lab;
    bool labNeedsCuda = false;
    std::optional<RenderedCheck> check;
};

/// Renders one step of `lesson` (errors "file:line: what" for a bad expression).
models::Result<RenderedStep> renderStep(const Lesson& lesson, const Step& step, const LessonContext& context);

/// Renders free text of a lesson (its summary) at `line`.
models::Result<std::string> renderText(const std::string& text, const LessonContext& context, const std::string& file,
                                       int line);

/// The result of an answer.
struct CheckOutcome {
    bool correct = false;
    /// The right answer as text: a choice's option ("memory bound"), a number with its unit
    /// ("591.6 FLOP/byte"); for a state check, what the view shows in words ("The kernel's 85.33
    /// FLOP/byte is below the NVIDIA H100 SXM's BF16 ridge of 295.4 FLOP/byte: memory bound.").
    std::string expected;
    std::string explanation; ///< rendered
    /// A wrong answer that matches one of the check's declared mistakes: that mistake's message,
    /// rendered ("That is 2^16: …"); empty otherwise.
    std::string mistake;
    /// A wrong number near the answer that matches no declared mistake: how near, in a sentence
    /// (lesson_solution.hpp: nearMissText); empty otherwise.
    std::string nearMiss;
    /// What to tell a learner after a wrong answer beyond "Not quite": the mistake's message, else
    /// the near miss, else nothing.
    const std::string& feedback() const { return mistake.empty() ? nearMiss : mistake; }
};

/// Checks a learner's answer. Choice: the option's number (from 1) or its text. Number: a
/// number, optionally followed by the check's unit or an accepted spelling of it (FLOP/B for
/// FLOP/byte, bytes for B, TFLOPS for TFLOP/s, 1 GPU for GPUs; unitsMatch); right within the
/// tolerance of the model's value, or, for an exact check (tolerance 0, or none written), when it
/// reads as the model's double itself; a number followed by another unit is an error naming the
/// check's unit. State: `key=value` pairs separated by ';' (see checkState). Errors: an answer that is
/// not of the check's kind, or an expression the models cannot compute.
models::Result<CheckOutcome> checkAnswer(const Check& check, std::string_view answer, const LessonContext& context,
                                         const std::string& file = "lesson");

/// Whether a learner's unit `given` names the check's unit `unit`: spaces, case and a leading '-'
/// ("-way") do not count, except b against B (bits against bytes); 'x' stands for '×', 'u' for 'µ';
/// "byte"/"bytes" for B (FLOP/B is FLOP/byte), "FLOPS" and "FLOPs" at the end for FLOP/s, "FLOPs/"
/// for "FLOP/", "/sec" and " per second" for "/s", and a count unit's singular ("1 GPU" for GPUs).
bool unitsMatch(std::string_view given, std::string_view unit);

/// A learner's number answer: a number (commas as thousands separators allowed), optionally
/// followed by `unit` or a spelling of it unitsMatch accepts (FLOP/B for FLOP/byte). Errors name the answer and the unit it
/// takes ("'12 GB' : this question is answered in ms, not 'GB'; give the number in ms").
models::Result<double> parseLearnerNumber(std::string_view answer, const std::string& unit);

/// Checks a page state against a state check's predicate (the GUI calls this on each change).
models::Result<CheckOutcome> checkState(const Check& check, const PageState& state, const LessonContext& context,
                                        const std::string& file = "lesson");

/// Every problem of one lesson: prose and check text that does not render, actions naming a
/// missing page, device, preset or format or a value out of range, labs that do not exist or
/// take other parameters, checks that the models cannot answer (a choice without its answer, a
/// number expression that fails, an unknown predicate or an unreachable target).
std::vector<Problem> validateLesson(const Lesson& lesson, const LessonContext& context);

/// The course of a lessons folder: the lessons that parse and validate against `context`, in file
/// order, and for every file skipped its first problem ("file:line: what"), so a course never points
/// at something that does not work (a missing page, a device the catalog lacks).
struct Course {
    std::vector<Lesson> lessons;
    std::vector<Problem> skipped;
};
Course loadCourse(const std::filesystem::path& dir, const LessonContext& context);

/// validateLesson for each, plus duplicate ids, unknown prerequisites and prerequisite cycles.
std::vector<Problem> validateLessons(const std::vector<Lesson>& lessons, const LessonContext& context);

} // namespace accelscope::labs::guided
