// SPDX-License-Identifier: MIT
// The Lessons page: the course (lessons with minutes, prerequisites and progress; files that do
// not load or check are listed, not hidden), one step at a time with its numbers computed by the
// models, "Show me" opening the page the step is about, the step's question with hints, the
// answer checked and explained, progress kept in the user database, and a completion screen
// with the score and the next lesson when the last step is done.
#pragma once

#include "app/gui/app_context.hpp"
#include "app/gui/lessons/lesson_prose.hpp"
#include "app/gui/page.hpp"
#include "labs/guided/lesson_engine.hpp"

#include <QElapsedTimer>
#include <QWidget>

#include <functional>
#include <optional>
#include <vector>

class QLabel;
class QPushButton;
class QScrollArea;
class QSplitter;
class QStackedWidget;

namespace accelscope::gui {

class LessonClassroom;
class LessonCompletion;
class LessonCourseList;
class LessonFeedback;
class LessonQuestion;
class LessonStateWatch;

class LessonsPage : public QWidget, public AnimatedPage, public PageCommands {
    Q_OBJECT
public:
    /// The course from the lessons folder the application context names.
    LessonsPage(const PageServices& services, QWidget* parent = nullptr);
    /// `lessonsDir`: the folder of lesson files (tests give their own).
    LessonsPage(const PageServices& services, std::filesystem::path lessonsDir, QWidget* parent = nullptr);

    // AnimatedPage: presenter mode steps through the lesson's steps.
    QString stepAnimation(int direction) override;
    bool animationAtEnd() override;
    QString togglePlay() override { return {}; }
    /// View → Classroom… (F6): the step's question to the room (lesson_classroom.hpp).
    QList<QAction*> menuCommands() override;
    LessonClassroom* classroom() const { return m_classroom; }
    /// The open lesson (null when none) and what its numbers are computed against.
    const labs::guided::Lesson* lesson() const;
    const labs::guided::LessonContext& lessonContext() const { return m_lessonContext; }

    int lessonCount() const { return static_cast<int>(m_lessons.size()); }
    /// Problems of lesson files that were skipped ("file:line: what").
    const QStringList& skipped() const { return m_skipped; }
    bool openLesson(const QString& id);
    QString currentLessonId() const;
    int currentStep() const { return m_step; } ///< from 0
    /// Moves to the next or previous step; false at either end (the last step's "Finish" is finish()).
    bool stepBy(int direction);
    /// Finishes the open lesson (every step done, the step's time added) and shows the completion
    /// screen; false when no lesson is open.
    bool finish();
    /// Whether the completion screen is shown instead of a step.
    bool completionShown() const;
    LessonCompletion* completion() const { return m_completion; }
    LessonCourseList* courseList() const { return m_list; }
    /// "Recommended first: …" above a lesson whose prerequisites are not done; empty otherwise.
    QString recommendation() const;
    /// Checks `answer` (choice: the option's number from 1; number: the value) for the current
    /// step, records it, and shows the outcome. State checks read the page through the navigator
    /// and count only once the view has changed since the step opened: a view already there gives
    /// "Already there: …" and nullopt (nothing recorded).
    std::optional<bool> answer(const QString& answer = {});
    QString outcomeText() const;
    /// Clears the stored progress of the open lesson (also a corrupted record) and goes back to
    /// its first step; `ask` shows a confirmation first.
    bool startOver(bool ask = true);
    /// Why the open lesson's stored progress could not be read; empty when it could.
    const QString& progressProblem() const { return m_progressProblem; }
    /// Whether the open step's state check is being watched (the view re-read as it changes).
    bool watching() const;
    LessonProse* prose() const { return m_prose; }
    QPushButton* showMeButton() const { return m_showMe; }
    QPushButton* hintButton() const;
    QPushButton* nextButton() const { return m_next; }
    QPushButton* checkButton() const;
    LessonQuestion* question() const { return m_question; }

signals:
    void statusMessage(const QString& message);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    /// Gives the step's text most of the height: the question below gets what it needs, at most
    /// two fifths (it scrolls); kept once the user drags the divider, until the text size changes.
    void fitTextSplit();
    void loadCourse(const std::filesystem::path& dir);
    QWidget* buildStepView();
    /// The course list opens a lesson; the completion screen goes on or back.
    void connectCourse();
    void refreshList();
    void showStep();
    /// The completion screen for the open lesson, under the last check's outcome (may be empty).
    void showCompletion(const QString& lastOutcome);
    void startWatching();

    AppContext& m_context;
    PageNavigator& m_navigator;
    labs::guided::LessonContext m_lessonContext;
    std::vector<labs::guided::Lesson> m_lessons;
    QStringList m_skipped;
    int m_lesson = -1;
    int m_step = 0;
    std::optional<labs::guided::RenderedStep> m_rendered;
    QElapsedTimer m_stepTimer;
    LessonStateWatch* m_watch = nullptr; ///< a state step completes on the learner's move
    QString m_progressProblem;

    int m_nextLesson = -1; ///< the completion screen's next lesson; -1: back to the course

    LessonCourseList* m_list = nullptr;
    QLabel* m_problems = nullptr;
    QStackedWidget* m_stack = nullptr;
    QWidget* m_stepView = nullptr;
    LessonCompletion* m_completion = nullptr;
    QLabel* m_recommended = nullptr;
    QLabel* m_header = nullptr;
    LessonProse* m_prose = nullptr;
    QSplitter* m_textSplit = nullptr;    ///< the prose above, the question below
    QScrollArea* m_questionArea = nullptr;
    bool m_splitDragged = false;
    QPushButton* m_showMe = nullptr;
    LessonQuestion* m_question = nullptr;
    LessonFeedback* m_feedback = nullptr; ///< the question's feedback box
    QPushButton* m_previous = nullptr;
    QPushButton* m_next = nullptr;
    QPushButton* m_startOver = nullptr;
    LessonClassroom* m_classroom = nullptr;
};

} // namespace accelscope::gui
