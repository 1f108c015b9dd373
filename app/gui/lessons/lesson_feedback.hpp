// SPDX-License-Identifier: MIT
// The Lessons page's feedback box: the hints shown so far, what the last Check said and the worked
// solution when asked for, in a
// box of fixed height so that text appearing there never moves the question or the buttons.
#pragma once

#include <QScrollArea>
#include <QString>

#include <string>
#include <vector>

class QLabel;

namespace accelscope::gui {

class LessonFeedback : public QScrollArea {
    Q_OBJECT
public:
    /// `lines`: the box's height in lines of text; longer feedback scrolls inside it.
    explicit LessonFeedback(int lines = 6, QWidget* parent = nullptr);

    /// Clears the hints and the outcome (a new step).
    void clear();
    /// What the last check said; `problem` shows it in the error colour.
    void setOutcome(const QString& text, bool problem = false);
    QString outcome() const;
    /// Shows one more of `hints` (all shown so far, numbered); returns whether any are left.
    bool showNextHint(const std::vector<std::string>& hints);
    int hintsShown() const { return m_hintsShown; }
    /// The box's height in lines of text.
    int lines() const { return m_lines; }
    /// Shows a worked solution under the outcome, one line per step (cleared with the rest).
    void setSolution(const QStringList& lines);
    QString solution() const;

protected:
    /// Keeps the height at `lines` lines when the text size changes (Ctrl+/−, presenter mode).
    void changeEvent(QEvent* event) override;

private:
    int m_lines = 6;
    QLabel* m_hints = nullptr;
    QLabel* m_outcome = nullptr;
    QLabel* m_solution = nullptr;
    int m_hintsShown = 0;
};

} // namespace accelscope::gui
