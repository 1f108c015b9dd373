// SPDX-License-Identifier: MIT
// Recording a learner's answers in the user database (shared by `accelscope-cli lesson answer`
// and the Lessons page).
#pragma once

#include "labs/guided/lesson_engine.hpp"
#include "models/catalog/catalog_store.hpp"

#include <optional>
#include <vector>
#include <string_view>

namespace accelscope::labs::guided {

/// Adds the answer to step `stepNumber` (from 1) of `lesson` and its outcome to the stored
/// progress: the answer, whether it was right, the attempts; steps done advance on a right answer;
/// `seconds` are added to the time spent. A corrupted record is not touched (the error names the
/// lesson). Returns the saved record.
models::Result<models::catalog::LessonProgress> recordAnswer(models::catalog::UserStore& store, const Lesson& lesson,
                                                             int stepNumber, std::string_view answer,
                                                             const CheckOutcome& outcome, double seconds);

/// The stored progress of `lesson`, or a fresh record (nothing done) when there is none.
models::Result<models::catalog::LessonProgress> progressOf(const models::catalog::UserStore& store, const Lesson& lesson);

/// Marks every step of `lesson` done (the learner finished its last step) and adds `seconds` to
/// the time spent. A corrupted record is not touched. Returns the saved record.
models::Result<models::catalog::LessonProgress> finishLesson(models::catalog::UserStore& store, const Lesson& lesson,
                                                             double seconds);

/// How many wrong answers step `stepNumber` (from 1) has had, as recorded (0 when none, or when
/// the record is not readable): the worked solution is offered from the second.
int wrongTries(const models::catalog::LessonProgress& progress, int stepNumber);

/// Wrong tries after which a step's worked solution is offered.
constexpr int wrongTriesBeforeSolution = 2;

/// How a learner did in one lesson, from its stored progress.
struct LessonScore {
    int checks = 0;           ///< steps of the lesson with a check
    int answered = 0;         ///< of those, answered right at some attempt (a check is answered once it was right)
    int rightFirstTry = 0;    ///< of those, answered right with the first attempt
    int stepsDone = 0;        ///< steps done, clamped to the lesson's steps
    std::vector<int> toDo;    ///< step numbers (from 1) whose check has not been answered right, in order
    double secondsSpent = 0.0;
    bool started = false;     ///< a record exists
    bool reachedEnd = false;  ///< every step was passed (Finish, or the last check answered)
    bool done = false;        ///< complete: every step passed and every check answered right (toDo empty)
};

/// The score of `progress` (as stored; nullopt: never started) for `lesson`. A record whose
/// answers are not a JSON object counts no check right (so a lesson with checks is not done). A
/// check counts as answered when any attempt was right ("solved"; older records: "correct"), so a
/// wrong try after a right one does not undo it.
LessonScore scoreOf(const std::optional<models::catalog::LessonProgress>& progress, const Lesson& lesson);

} // namespace accelscope::labs::guided
