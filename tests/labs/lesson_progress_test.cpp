// SPDX-License-Identifier: MIT
// A lesson's score from its stored progress: checks right on the first try, steps done, time.
#include "labs/guided/lesson_progress.hpp"
#include "tests/support/temp_dir.hpp"

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

TEST_CASE("a lesson is complete only when every check was answered right, and lists the checks still to do")
{
    const auto lesson = threeSteps();
    struct Row {
        int stepIndex;
        const char* answers;
        int answered;
        std::vector<int> toDo;
        bool reachedEnd;
        bool done;
    };
    const Row rows[] = {
        // Finished with Next past both questions: at the end, but not complete, both to do.
        {3, "{}", 0, {1, 3}, true, false},
        // Step 3 tried once, wrong: still to do.
        {3, R"({"1": {"correct": true, "attempts": 1}, "3": {"correct": false, "attempts": 1}})", 1, {3}, true, false},
        // Right once, then a wrong try: answered stays answered ("solved").
        {3, R"({"1": {"correct": false, "solved": true, "attempts": 3}, "3": {"correct": true, "solved": true, "attempts": 1}})", 2, {}, true, true},
        // Both answered but the last step not passed yet: not complete.
        {2, R"({"1": {"correct": true, "attempts": 1}, "3": {"correct": true, "attempts": 1}})", 2, {}, false, false},
        // A corrupted record at the end: nothing answered, so not complete.
        {3, "{broken", 0, {1, 3}, true, false},
    };
    for (const auto& row : rows) {
        INFO(row.answers << " at step " << row.stepIndex);
        const auto score = guided::scoreOf(LessonProgress{"l", row.stepIndex, row.answers, 1.0, ""}, lesson);
        CHECK(score.answered == row.answered);
        CHECK(score.toDo == row.toDo);
        CHECK(score.reachedEnd == row.reachedEnd);
        CHECK(score.done == row.done);
    }
}

TEST_CASE("a lesson without checks is complete when its last step is passed")
{
    guided::Lesson lesson;
    lesson.id = "read";
    lesson.steps.resize(2);
    CHECK_FALSE(guided::scoreOf(LessonProgress{"read", 1, "{}", 0, ""}, lesson).done);
    const auto score = guided::scoreOf(LessonProgress{"read", 2, "{}", 0, ""}, lesson);
    CHECK(score.done);
    CHECK(score.toDo.empty());
}

TEST_CASE("a lesson never started scores nothing and is not done")
{
    const auto score = guided::scoreOf(std::nullopt, threeSteps());
    CHECK(score.checks == 2);
    CHECK(score.rightFirstTry == 0);
    CHECK_FALSE(score.started);
    CHECK_FALSE(score.done);
    CHECK(score.toDo == std::vector<int>{1, 3});
}

TEST_CASE("a check answered right stays answered after a later wrong try")
{
    accelscope::tests::TempDir dir;
    auto store = accelscope::models::catalog::UserStore::open(dir.path() / "user.db");
    REQUIRE(store.has_value());
    const auto lesson = threeSteps();
    guided::CheckOutcome right;
    right.correct = true;
    guided::CheckOutcome wrong;
    REQUIRE(guided::recordAnswer(*store, lesson, 1, "2", right, 1.0).has_value());
    auto saved = guided::recordAnswer(*store, lesson, 1, "3", wrong, 1.0);
    REQUIRE(saved.has_value());
    const auto score = guided::scoreOf(*saved, lesson);
    CHECK(score.answered == 1);
    CHECK(score.toDo == std::vector<int>{3});
    CHECK(score.rightFirstTry == 0); // two attempts
}
