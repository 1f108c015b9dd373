// SPDX-License-Identifier: MIT
// A guided lesson as data: header, steps, and each step's action, lab run and check; the parser
// of lesson files (labs/guided/FORMAT.md).
#pragma once

#include "models/common/result.hpp"

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace accelscope::labs::guided {

/// One `key: value` line of a fenced block, with its line in the file.
struct Setting {
    std::string key;
    std::string value;
    int line = 0;
};

/// Opens a page in a given state: `page` is the page's id ("roofline"; the file may name it by id or
/// English title, resolved when parsed; a name no contract declares is kept as written and
/// reported by validation); the settings are the page's keys (device ids, precision, preset,
/// slider values) as written.
struct Action {
    std::string page;
    std::vector<Setting> settings;
    int line = 0;
};

/// A micro-lab run. `fallback` names what to use without CUDA: another lab id, "simulator" (the
/// step's action page) or "model" (the numbers the step's text computes); the text says which.
struct LabRun {
    std::string labId;
    std::map<std::string, double> parameters;
    std::string fallback;
    int line = 0;
    std::map<std::string, int> parameterLines; ///< for error messages
};

enum class CheckKind { Choice, Number, State };

/// A common wrong answer a check declares (`- VALUE -> "message"` under `mistakes:`): `value`
/// is an expression (a number for number checks, an option's number for choice checks) and
/// `message` the text shown when a wrong answer matches it (may hold `{{ … }}` numbers).
struct Mistake {
    std::string value;
    std::string message;
    int line = 0;
};

/// A question. Choice: options and the index of the right one. Number: an expression computed
/// by the models, a tolerance (relative, absolute, or 0 for exact; there is no default: a check
/// without `tolerance:` is a validateLesson problem and is graded exactly) and a unit. State: a
/// named predicate over a page's state with parameters. Hints and the explanation may hold
/// `{{ … }}` numbers.
struct Check {
    CheckKind kind = CheckKind::Choice;
    std::string question;
    std::vector<std::string> options;
    int answerIndex = -1;
    std::string answerExpression;
    double relativeTolerance = 0.0; ///< fraction (0.02 for "2%")
    double absoluteTolerance = 0.0; ///< in `unit`; both 0: exact (the answer must be the model's double)
    int toleranceLine = 0;          ///< 0: no `tolerance:` line was written
    std::string unit;
    std::string page; ///< state checks: the page's id, resolved as Action::page is
    std::string predicate;
    std::vector<Setting> parameters;
    std::vector<std::string> hints;
    std::vector<Mistake> mistakes;  ///< declared misconceptions, matched against wrong answers
    std::vector<Setting> solution;  ///< worked-solution lines (prose with `{{ … }}`, `| work` shows the steps)
    std::string explanation;
    int line = 0;
    int answerLine = 0;
    /// Number checks: both tolerances 0, the answer must be the model's value itself.
    bool exact() const { return relativeTolerance == 0.0 && absoluteTolerance == 0.0; }
};

/// One `## ` section of a lesson.
struct Step {
    std::string title;
    std::string prose; ///< Markdown with `{{ … }}` numbers, the fenced spec blocks removed
    int line = 0;      ///< line of the heading
    int proseLine = 0; ///< first line of the prose
    std::optional<Action> action;
    std::optional<LabRun> lab;
    std::optional<Check> check;
};

/// A Markdown image `![alt](path)` in a lesson's prose.
struct Image {
    std::string path; ///< as written: relative to the lesson file (images/…)
    int line = 0;
};

/// A primary source a lesson cites (a `sources:` item of its header): what it is, where in it,
/// and its http(s) address ("IEEE 754-2019, §3.6, binary16: https://…").
struct Source {
    std::string text;
    int line = 0;
};

/// A lesson file.
struct Lesson {
    std::string id;
    std::string title;
    int minutes = 0;
    std::vector<std::string> prerequisites; ///< lesson ids
    std::vector<Source> sources;            ///< the primary sources it cites, shown after its last step
    std::string summary;                    ///< prose before the first step
    std::vector<Step> steps;
    std::vector<Image> images;              ///< every image of the summary and the steps' prose
    std::string file;                       ///< as given to parseLesson (file name in messages)
    int idLine = 1;
    int prerequisitesLine = 1;
};

/// A problem with a lesson, at a place in its file.
struct Problem {
    std::string file;
    int line = 0;
    std::string message;
    /// "file:line: message".
    std::string text() const;
};

/// Parses a lesson file's text. `file` names it in errors. Fails (InvalidData, "file:line: what")
/// for a missing or broken header (`---` block with id, title, minutes 1–120, prerequisites), a
/// lesson without steps, an unknown fenced block kind, a malformed `key: value` line, a second
/// block of one kind in a step, or an unknown check kind. Does not evaluate expressions or look
/// anything up; validateLesson does that.
models::Result<Lesson> parseLesson(std::string_view text, const std::string& file);

/// Every `*.md` file of `dir` except FORMAT.md and README.md, sorted by name.
struct LoadedLessons {
    std::vector<Lesson> lessons;
    std::vector<Problem> errors; ///< files that did not parse (the others are still loaded)
};

/// Reads and parses the lessons of a folder; a bad file is reported and the others load.
LoadedLessons loadLessons(const std::filesystem::path& dir);

/// Reads and parses one file.
models::Result<Lesson> loadLessonFile(const std::filesystem::path& file);

/// The value of an action/check setting, or nullptr.
const Setting* findSetting(const std::vector<Setting>& settings, std::string_view key);

std::string_view checkKindName(CheckKind kind);

} // namespace accelscope::labs::guided
