// SPDX-License-Identifier: MIT
// The Lessons page's question block: the question, its options or number field with the unit,
// Check, Hint and (after two wrong tries) Show solution, above the fixed-height feedback box.
#pragma once

#include "labs/guided/lesson_engine.hpp"

#include <QWidget>

#include <optional>

class QButtonGroup;
class QLabel;
class QLineEdit;
class QPushButton;
class QVBoxLayout;

namespace accelscope::gui {

class LessonFeedback;

class LessonQuestion : public QWidget {
    Q_OBJECT
public:
    explicit LessonQuestion(QWidget* parent = nullptr);

    /// Shows `check` (none: the step has no question) with its hints and solution still to show.
    /// A state check has no field; `readsState` says whether its page reports its view.
    void showCheck(const std::optional<labs::guided::RenderedCheck>& check, bool readsState);
    /// The learner's answer: the chosen option's number (from 1) or the typed number; empty if none.
    QString typedAnswer() const;
    /// A wrong answer was given: counts it, and from the second one offers the worked solution.
    void noteWrongAnswer();
    int wrongAnswers() const { return m_wrong; }
    /// Shows the worked solution in the feedback box (the Show solution button does this).
    void showSolution();

    LessonFeedback* feedback() const { return m_feedback; }
    QPushButton* checkButton() const { return m_check; }
    QPushButton* hintButton() const { return m_hint; }
    QPushButton* solutionButton() const { return m_solution; }
    QLineEdit* numberField() const { return m_number; }

signals:
    /// Check (or Enter in the number field) was pressed.
    void checkRequested();

private:
    std::optional<labs::guided::RenderedCheck> m_shown;
    int m_wrong = 0;
    QLabel* m_question = nullptr;
    QWidget* m_choices = nullptr;
    QVBoxLayout* m_choiceLayout = nullptr;
    QButtonGroup* m_choiceGroup = nullptr;
    QLineEdit* m_number = nullptr;
    QLabel* m_unit = nullptr;
    QPushButton* m_check = nullptr;
    QPushButton* m_hint = nullptr;
    QPushButton* m_solution = nullptr;
    LessonFeedback* m_feedback = nullptr;
};

} // namespace accelscope::gui
