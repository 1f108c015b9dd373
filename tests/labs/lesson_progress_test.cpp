// SPDX-License-Identifier: MIT
// A lesson's score from its stored progress: checks right on the first try, steps done, time.
#include "labs/guided/lesson_progress.hpp"

#include <catch2/catch.hpp>

namespace guided = accelscope::labs::guided;
using accelscope::models::catalog::LessonProgress;

namespace {

// Three steps: 1 and 3 have a check, 2 has none (stored answers are keyed by step number from 1).
guided::Lesson threeSteps()
{
    guided::Lesson lesson;
    lesson.id = "l";
    lesson.steps.resize(3);
    lesson.steps[0].check = guided::Check{};
    lesson.steps[2].check = guided::Check{};
    return lesson;
}

} // namespace

TEST_CASE("a lesson's score counts checks right on the first try from the stored answers")
{
    const auto lesson = threeSteps();
    struct Row {
        int stepIndex;
        const char* answers;
        int rightFirstTry;
        bool done;
    };
    const Row rows[] = {
        {0, "{}", 0, false},
        {1, R"({"1": {"answer": "2", "correct": true, "attempts": 1}})", 1, false},
        // Right on the second attempt: not the first try.
        {3, R"({"1": {"correct": true, "attempts": 2}, "3": {"correct": true, "attempts": 1}})", 1, true},
        {3, R"({"1": {"correct": true, "attempts": 1}, "3": {"correct": true, "attempts": 1}})", 2, true},
        // A wrong single attempt, and an answer to the step without a check, count nothing.
        {1, R"({"1": {"correct": false, "attempts": 1}, "2": {"correct": true, "attempts": 1}})", 0, false},
        // Corrupted answers: no check right, the steps done still read.
        {2, "{broken", 0, false},
    };
    for (const auto& row : rows) {
        INFO(row.answers);
        const auto score = guided::scoreOf(LessonProgress{"l", row.stepIndex, row.answers, 42.5, ""}, lesson);
        CHECK(score.checks == 2);
        CHECK(score.rightFirstTry == row.rightFirstTry);
        CHECK(score.stepsDone == row.stepIndex);
        CHECK(score.done == row.done);
        CHECK(score.started);
        CHECK(score.secondsSpent == 42.5);
    }
}

TEST_CASE("a lesson never started scores nothing and is not done")
{
    const auto score = guided::scoreOf(std::nullopt, threeSteps());
    CHECK(score.checks == 2);
    CHECK(score.rightFirstTry == 0);
    CHECK_FALSE(score.started);
    CHECK_FALSE(score.done);
}
