// SPDX-License-Identifier: MIT
// The Lessons page: the course loads and checks, a step renders its numbers, answers are checked
// and saved, a bad lesson file is skipped with its problem shown, a corrupted record is reported.
#include "app/gui/lessons/lessons_page.hpp"
#include "app/gui/lessons/lesson_completion.hpp"
#include "app/gui/lessons/lesson_course_list.hpp"
#include "app/gui/lessons/lesson_feedback.hpp"
#include "app/gui/lessons/lesson_question.hpp"
#include "tests/app/gui_fixture.hpp"

#include "accelscope/config.hpp"
#include "labs/guided/lesson_progress.hpp"
#include "models/catalog/sqlite_db.hpp"

#include <QCoreApplication>
#include <QDir>
#include <QLabel>
#include <QPushButton>
#include <QTextBrowser>

using namespace accelscope::gui;

TEST_CASE("the Lessons page loads the course, renders numbers, checks and saves answers")
{
    accelscope::tests::GuiFixture fixture;
    LessonsPage page(fixture.services(), ACCELSCOPE_LESSONS_DIR);
    CHECK(page.lessonCount() >= 12);
    CHECK(page.skipped().isEmpty());
    REQUIRE(page.openLesson("roofline"));
    CHECK(page.currentStep() == 0);
    CHECK_FALSE(page.prose()->toPlainText().contains("{{")); // every number computed
    // Step 1 asks for the intensity of a 4096³ BF16 GEMM: 4096/3 FLOP/byte.
    CHECK(page.answer("10") == std::optional<bool>(false));
    CHECK(page.answer("1365.33") == std::optional<bool>(true));
    CHECK(page.outcomeText().contains("Right"));
    CHECK_FALSE(page.answer("many").has_value()); // not a number: explained, nothing recorded
    auto store = accelscope::models::catalog::UserStore::open(fixture.context->userDatabase());
    REQUIRE(store.has_value());
    const auto progress = store->lessonProgress("roofline");
    REQUIRE(progress.has_value());
    REQUIRE(progress->has_value());
    CHECK((*progress)->stepIndex == 1);
    CHECK(page.stepBy(1));
    CHECK(page.currentStep() == 1);
    CHECK_FALSE(page.stepBy(-2)); // no step before the first
    // Re-opening resumes at the first step not yet answered right.
    LessonsPage again(fixture.services(), ACCELSCOPE_LESSONS_DIR);
    REQUIRE(again.openLesson("roofline"));
    CHECK(again.currentStep() == 1);
}

TEST_CASE("a bad lesson file is skipped with its problem shown, the others load")
{
    accelscope::tests::GuiFixture fixture;
    const auto dir = fixture.dir.path() / "lessons";
    std::filesystem::create_directories(dir);
    std::filesystem::copy_file(std::filesystem::path(ACCELSCOPE_LESSONS_DIR) / "02-roofline.md", dir / "02-roofline.md");
    std::filesystem::copy(std::filesystem::path(ACCELSCOPE_LESSONS_DIR) / "images", dir / "images");
    fixture.dir.write("lessons/01-bad.md", "---\nid: bad\ntitle: Bad\nminutes: many\nprerequisites: []\n---\n## Step\ntext\n");
    fixture.dir.write("lessons/03-nowhere.md",
                      "---\nid: nowhere\ntitle: Nowhere\nminutes: 10\nprerequisites: []\n---\n## Step\ntext\n\n```action\npage: Nowhere\n```\n");
    LessonsPage page(fixture.services(), dir);
    CHECK(page.lessonCount() == 1);
    REQUIRE(page.skipped().size() == 2);
    CHECK(page.skipped().join('\n').contains("minutes must be a whole number"));
    CHECK(page.skipped().join('\n').contains("no page 'Nowhere'"));
    // Problems quote lesson files, so they are shown as plain text (#17).
    const auto* problems = page.findChild<QLabel*>("lessonProblems");
    REQUIRE(problems != nullptr);
    CHECK(problems->textFormat() == Qt::PlainText);
}

TEST_CASE("a corrupted progress record is shown on the page, kept, and cleared by Start over")
{
    accelscope::tests::GuiFixture fixture;
    {
        LessonsPage page(fixture.services(), ACCELSCOPE_LESSONS_DIR);
        REQUIRE(page.openLesson("roofline"));
        REQUIRE(page.answer("1365.33") == std::optional<bool>(true));
    }
    {
        auto db = accelscope::models::catalog::Database::open(fixture.context->userDatabase(),
                                                              accelscope::models::catalog::OpenMode::ReadWriteCreate);
        REQUIRE(db.has_value());
        REQUIRE(db->execute("UPDATE lesson_progress SET answers = '{broken' WHERE lesson_id = 'roofline'").has_value());
    }
    LessonsPage page(fixture.services(), ACCELSCOPE_LESSONS_DIR);
    REQUIRE(page.openLesson("roofline"));
    CHECK(page.progressProblem().contains("corrupted"));
    CHECK(page.currentStep() == 0);
    CHECK(page.outcomeText().contains("cannot be read")); // on the page, not only in the status bar
    // An answer is still checked, but not written over the damaged record.
    CHECK(page.answer("1365.33") == std::optional<bool>(true));
    CHECK(page.outcomeText().contains("Not saved"));
    {
        auto store = accelscope::models::catalog::UserStore::open(fixture.context->userDatabase());
        REQUIRE(store.has_value());
        CHECK_FALSE(store->lessonProgress("roofline").has_value()); // still the corrupted record
    }
    REQUIRE(page.startOver(false));
    CHECK(page.progressProblem().isEmpty());
    CHECK(page.currentStep() == 0);
    CHECK(page.answer("1365.33") == std::optional<bool>(true));
    CHECK_FALSE(page.outcomeText().contains("Not saved"));
    auto store = accelscope::models::catalog::UserStore::open(fixture.context->userDatabase());
    REQUIRE(store.has_value());
    const auto progress = store->lessonProgress("roofline");
    REQUIRE(progress.has_value());
    REQUIRE(progress->has_value());
    CHECK((*progress)->stepIndex == 1);
}

TEST_CASE("questions, units, hints and prerequisite titles from lesson files are shown as plain text")
{
    // Issue #29: markup in a lesson file rendered in these labels.
    accelscope::tests::GuiFixture fixture;
    LessonsPage page(fixture.services(), ACCELSCOPE_LESSONS_DIR);
    REQUIRE(page.openLesson("roofline"));
    const auto labels = page.question()->findChildren<QLabel*>();
    REQUIRE(labels.size() >= 5); // question, unit, hints, outcome, worked solution
    for (const QLabel* label : labels) CHECK(label->textFormat() == Qt::PlainText);
    const auto* recommended = page.findChild<QLabel*>("lessonRecommended");
    REQUIRE(recommended != nullptr);
    CHECK(recommended->textFormat() == Qt::PlainText);
}

TEST_CASE("the Hint button is enabled again on every later step that has hints")
{
    accelscope::tests::GuiFixture fixture;
    LessonsPage page(fixture.services(), ACCELSCOPE_LESSONS_DIR);
    REQUIRE(page.openLesson("roofline"));
    int stepsWithHints = 0;
    do {
        QPushButton* hint = page.hintButton();
        if (hint->isHidden()) continue; // no question, or one without hints
        ++stepsWithHints;
        INFO("step " << page.currentStep() + 1);
        CHECK(hint->isEnabled()); // failed before: disabled for good after one step's hints ran out
        for (int i = 0; i < 10 && hint->isEnabled(); ++i) hint->click();
        CHECK_FALSE(hint->isEnabled()); // this step's hints are all shown
        CHECK(page.answer("-1") != std::optional<bool>(true));
        CHECK_FALSE(page.outcomeText().contains("take a hint")); // none left to take
    } while (page.stepBy(1));
    CHECK(stepsWithHints >= 2);
}

TEST_CASE("a lesson's introduction is shown above its first step, and its last step's button is Finish")
{
    accelscope::tests::GuiFixture fixture;
    LessonsPage page(fixture.services(), ACCELSCOPE_LESSONS_DIR);
    REQUIRE(page.openLesson("roofline"));
    // 02-roofline.md's introduction cites the roofline paper; its first step does not.
    CHECK(page.prose()->toPlainText().contains("Williams, Waterman and Patterson"));
    CHECK(page.prose()->toPlainText().contains("Arithmetic intensity"));
    CHECK_FALSE(page.prose()->toPlainText().contains("{{"));
    CHECK(page.nextButton()->isEnabled());
    // The first step asks for FLOP/byte: a number in another unit is refused, saying which unit.
    CHECK_FALSE(page.answer("1365 GFLOP").has_value());
    CHECK(page.outcomeText().contains("answered in FLOP/byte"));
    REQUIRE(page.stepBy(1));
    CHECK_FALSE(page.prose()->toPlainText().contains("Williams, Waterman and Patterson"));
    while (page.stepBy(1)) {}
    // The last step ends with the lesson's primary sources.
    CHECK(page.prose()->toPlainText().contains("Sources"));
    CHECK(page.prose()->toPlainText().contains("Williams, Waterman and Patterson, \"Roofline"));
    CHECK(page.nextButton()->isEnabled()); // was disabled: the last step now finishes the lesson
    CHECK(page.nextButton()->text().contains("Finish"));
    CHECK(page.nextButton()->toolTip().startsWith("Last step of this lesson"));
    REQUIRE(page.stepBy(-1));
    CHECK(page.nextButton()->isEnabled());
    CHECK(page.nextButton()->text().contains("Next"));
}

TEST_CASE("finishing a lesson with questions never answered lists them as to do and does not mark it complete")
{
    accelscope::tests::GuiFixture fixture;
    LessonsPage page(fixture.services(), ACCELSCOPE_LESSONS_DIR);
    page.resize(1280, 800);
    REQUIRE(page.openLesson("roofline"));
    const int roofline = page.courseList()->currentRow();
    // Its prerequisite (the memory wall) is not done: said at the top and in the list.
    CHECK(page.recommendation().contains("Recommended first: The memory wall"));
    CHECK(page.courseList()->item(roofline)->text().contains("After: The memory wall and the memory pyramid (not done)"));
    CHECK(page.courseList()->item(roofline)->text().contains("not started"));
    CHECK(page.answer("10") == std::optional<bool>(false));
    CHECK(page.courseList()->item(roofline)->text().contains("step 1 of 5")); // updated as the answer is recorded
    CHECK(page.answer("1365.33") == std::optional<bool>(true));
    CHECK(page.courseList()->item(roofline)->text().contains("step 2 of 5"));
    REQUIRE(page.stepBy(1));
    CHECK(page.answer("-1") == std::optional<bool>(false));
    while (page.stepBy(1)) {}
    CHECK_FALSE(page.completionShown());
    page.nextButton()->click(); // "Finish" on the last step, past four questions never answered right
    REQUIRE(page.completionShown());
    auto* completion = page.completion();
    // Failed before: "✓ Lesson complete" and every step under "What you learned".
    CHECK(completion->titleText() == "Not complete yet: Rooflines and arithmetic intensity (4 questions to do)");
    CHECK(completion->scoreText() == "Answered: 1 of 5 checks; 0 right on the first try.");
    CHECK(completion->timeText().startsWith("Time spent: "));
    CHECK(completion->toDoText().contains("Step 2: Two roofs"));
    CHECK(completion->toDoText().contains("Step 5: Same kernel, other chips"));
    CHECK_FALSE(completion->toDoText().contains("Arithmetic intensity"));
    CHECK(completion->learnedText().contains("Arithmetic intensity"));
    CHECK_FALSE(completion->learnedText().contains("Two roofs"));
    // The lesson's primary sources close the completion screen (and its last step).
    CHECK(completion->learnedText().contains("Read further"));
    CHECK(completion->learnedText().contains("https://doi.org/10.1145/1498765.1498785"));
    CHECK_FALSE(page.courseList()->item(roofline)->text().startsWith("✓"));
    CHECK(page.courseList()->item(roofline)->text().contains("4 questions to do"));
    // The way on is the first question left.
    CHECK(completion->reviewButton()->text() == "Answer step 2");
    completion->reviewButton()->click();
    CHECK_FALSE(page.completionShown());
    CHECK(page.currentStep() == 1);
    // Re-opened, the lesson is still not done, and neither is its prerequisite for the next one.
    LessonsPage again(fixture.services(), ACCELSCOPE_LESSONS_DIR);
    CHECK_FALSE(again.courseList()->done(roofline));
    CHECK(again.courseList()->item(roofline)->text().contains("4 questions to do"));
}

TEST_CASE("a first-try answer counts in the score and the last step's Finish saves the time")
{
    accelscope::tests::GuiFixture fixture;
    LessonsPage page(fixture.services(), ACCELSCOPE_LESSONS_DIR);
    REQUIRE(page.openLesson("roofline"));
    REQUIRE(page.answer("1365.33") == std::optional<bool>(true));
    while (page.stepBy(1)) {}
    REQUIRE(page.finish());
    CHECK(page.completion()->scoreText() == "Answered: 1 of 5 checks; 1 right on the first try.");
    auto store = accelscope::models::catalog::UserStore::open(fixture.context->userDatabase());
    REQUIRE(store.has_value());
    const auto progress = store->lessonProgress("roofline");
    REQUIRE(progress.has_value());
    REQUIRE(progress->has_value());
    CHECK((*progress)->stepIndex == 5);
    CHECK((*progress)->secondsSpent >= 0.0);
}

TEST_CASE("the question and its buttons do not move when feedback or a hint appears")
{
    accelscope::tests::GuiFixture fixture;
    LessonsPage page(fixture.services(), ACCELSCOPE_LESSONS_DIR);
    page.resize(1280, 800);
    page.show();
    REQUIRE(page.openLesson("roofline"));
    QCoreApplication::processEvents();
    const auto checkY = [&] { return page.checkButton()->mapTo(&page, QPoint(0, 0)).y(); };
    const auto nextY = [&] { return page.nextButton()->mapTo(&page, QPoint(0, 0)).y(); };
    const int before = checkY();
    const int nextBefore = nextY();
    CHECK(page.answer("10") == std::optional<bool>(false));
    QCoreApplication::processEvents();
    CHECK(checkY() == before); // failed before: the outcome's line pushed the question up
    CHECK(nextY() == nextBefore);
    page.hintButton()->click();
    QCoreApplication::processEvents();
    CHECK(checkY() == before);
    CHECK(nextY() == nextBefore);
}

TEST_CASE("answering the last check right opens the completion screen, with Back to the course when nothing is ready next")
{
    accelscope::tests::GuiFixture fixture;
    fixture.dir.write("lessons/01-first.md", "---\nid: first\ntitle: First\nminutes: 5\nprerequisites: []\n---\n"
                                             "## Only step\ntext\n\n```check\nkind: choice\nquestion: Which?\noptions:\n- A\n- B\n"
                                             "answer: 2\nhints:\n- Not A.\nexplanation: B it is.\n```\n");
    fixture.dir.write("lessons/02-second.md", "---\nid: second\ntitle: Second\nminutes: 5\nprerequisites: [first]\n---\n"
                                              "## Read\ntext\n");
    LessonsPage page(fixture.services(), fixture.dir.path() / "lessons");
    REQUIRE(page.lessonCount() == 2);
    REQUIRE(page.openLesson("second"));
    CHECK(page.recommendation() == "Recommended first: First (you can still take this lesson now).");
    REQUIRE(page.openLesson("first"));
    CHECK(page.answer("1") == std::optional<bool>(false));
    CHECK_FALSE(page.completionShown());
    CHECK(page.answer("2") == std::optional<bool>(true));
    REQUIRE(page.completionShown()); // no Finish needed after the last check
    CHECK(page.completion()->scoreText() == "Answered: 1 of 1 check; 0 right on the first try.");
    CHECK(page.completion()->titleText() == "✓ Lesson complete: First");
    CHECK(page.completion()->toDoText().isEmpty());
    CHECK(page.completion()->reviewButton()->text() == "Review the steps");
    CHECK(page.completion()->learnedText().contains("Only step"));
    CHECK(page.completion()->nextButton()->text() == "Next lesson: Second →");
    page.completion()->nextButton()->click();
    CHECK(page.currentLessonId() == "second");
    CHECK(page.recommendation().isEmpty());
    // A last step without a check: Finish; no lesson is left, so the way on is the course.
    page.nextButton()->click();
    REQUIRE(page.completionShown());
    CHECK(page.completion()->scoreText() == "Score: this lesson has no checks.");
    CHECK(page.completion()->nextButton()->text() == "Back to the course");
    page.completion()->nextButton()->click();
    CHECK_FALSE(page.completionShown());
    CHECK(page.currentLessonId() == "second");
    CHECK(page.courseList()->item(0)->text().startsWith("✓ First"));
    CHECK(page.courseList()->item(1)->text().startsWith("✓ Second"));
    page.nextButton()->click();
    REQUIRE(page.completionShown());
    REQUIRE(page.openLesson("second")); // the open lesson again: its steps, not the completion screen
    CHECK_FALSE(page.completionShown());
}

TEST_CASE("the feedback box keeps its height in lines when the text size changes")
{
    accelscope::tests::GuiFixture fixture;
    LessonsPage page(fixture.services(), ACCELSCOPE_LESSONS_DIR);
    auto* feedback = page.findChild<accelscope::gui::LessonFeedback*>();
    REQUIRE(feedback != nullptr);
    const int before = feedback->height();
    QFont larger = page.font();
    larger.setPointSizeF(larger.pointSizeF() * 2.5); // presenter mode's largest text
    page.setFont(larger);
    CHECK(feedback->lines() >= 6); // room for an outcome and a worked solution
    CHECK(feedback->height() == feedback->lines() * feedback->fontMetrics().lineSpacing());
    CHECK(feedback->height() > 2 * before);
}

TEST_CASE("a declared mistake gets its message, and two wrong answers offer the worked solution")
{
    accelscope::tests::GuiFixture fixture;
    LessonsPage page(fixture.services(), ACCELSCOPE_LESSONS_DIR);
    page.resize(1280, 800);
    page.show();
    REQUIRE(page.openLesson("number-formats"));
    REQUIRE(page.currentStep() == 0); // the largest finite FP16
    QCoreApplication::processEvents();
    QPushButton* solution = page.question()->solutionButton();
    const int checkY = page.checkButton()->mapTo(&page, QPoint(0, 0)).y();
    CHECK(page.answer("65536") == std::optional<bool>(false));
    CHECK(page.outcomeText().contains("Not quite: That is 2^16.")); // the declared mistake, not a bare "Not quite"
    CHECK_FALSE(solution->isVisibleTo(&page));                      // one wrong try: not offered yet
    CHECK(page.answer("60000") == std::optional<bool>(false));
    CHECK(page.outcomeText().startsWith("Not quite. ")); // no mistake declared for 60000, and not near
    REQUIRE(solution->isVisibleTo(&page));
    CHECK(page.outcomeText().contains("worked solution"));
    // A near miss of the exact answer says so (it was a bare "Not quite"), without the value.
    CHECK(page.answer("65500") == std::optional<bool>(false));
    CHECK(page.outcomeText().startsWith("Not quite: Close, but this question wants the exact stored value"));
    auto* feedback = page.findChild<LessonFeedback*>();
    REQUIRE(feedback != nullptr);
    CHECK(feedback->solution().isEmpty()); // offered, not forced
    solution->click();
    QCoreApplication::processEvents();
    // Each step computed by the engine: the last line works 2^15 × (2 − 2^-10) out to 65,504.
    CHECK(feedback->solution().contains("2^15 × (2 − 0.0009765625) = 32,768 × 1.9990234375 = 65,504"));
    CHECK(feedback->solution().startsWith("Worked solution:\n1. FP16: 5 exponent bits, bias 15."));
    CHECK(page.checkButton()->mapTo(&page, QPoint(0, 0)).y() == checkY); // the question did not move
    // The next step starts afresh: no solution offered, none shown.
    REQUIRE(page.stepBy(1));
    CHECK_FALSE(solution->isVisibleTo(&page));
    CHECK(feedback->solution().isEmpty());
    // A choice's declared mistake: the GEMV is not compute bound because of its size.
    REQUIRE(page.openLesson("roofline"));
    REQUIRE(page.stepBy(2 - page.currentStep()));
    CHECK(page.answer("3") == std::optional<bool>(false));
    CHECK(page.outcomeText().contains("the math per byte does"));
}
