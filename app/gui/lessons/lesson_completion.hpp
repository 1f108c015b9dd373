// SPDX-License-Identifier: MIT
// The screen a finished lesson ends on: the checks answered, the score, the time spent, what was
// learned (the steps done), the questions still to do, and the way on (the next lesson, or back to
// the course). A lesson with a question not answered right is "not complete yet".
#pragma once

#include "labs/guided/lesson_progress.hpp"

#include <QString>
#include <QWidget>

class QLabel;
class QPushButton;

namespace accelscope::gui {

class LessonCompletion : public QWidget {
    Q_OBJECT
public:
    explicit LessonCompletion(QWidget* parent = nullptr);

    /// Shows `lesson` finished with `score`; `lastOutcome` is what the last check said (empty when
    /// none); `nextTitle` empty: no lesson is ready next, the button goes back to the course.
    void showLesson(const labs::guided::Lesson& lesson, const labs::guided::LessonScore& score, const QString& lastOutcome,
              const QString& nextTitle);
    QString scoreText() const;
    QString timeText() const;
    QString learnedText() const;
    /// The steps whose question has not been answered right ("To do: step 3, …"); empty when none.
    QString toDoText() const;
    /// The title line ("✓ Lesson complete: …" or "Not complete yet: …").
    QString titleText() const;
    QPushButton* nextButton() const { return m_next; }
    QPushButton* reviewButton() const { return m_review; }

    /// "1 h 02 min", "12 min 30 s", "45 s".
    static QString duration(double seconds);

signals:
    /// The next lesson's button, or "Back to the course" when there is none.
    void nextRequested();
    /// "Review the steps" (`step` -1: the last step shown) or "Answer step N" (`step`: N − 1).
    void reviewRequested(int step);

private:
    QLabel* m_title = nullptr;
    QLabel* m_lastOutcome = nullptr;
    QLabel* m_score = nullptr;
    QLabel* m_time = nullptr;
    QLabel* m_learned = nullptr;
    QLabel* m_toDo = nullptr;
    int m_firstToDo = -1; ///< the first step (from 0) whose question is still to do, or -1
    QPushButton* m_next = nullptr;
    QPushButton* m_review = nullptr;
};

} // namespace accelscope::gui
