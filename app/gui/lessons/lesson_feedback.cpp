// SPDX-License-Identifier: MIT
// LessonFeedback: hints and the check's outcome in a fixed-height box.
#include "app/gui/lessons/lesson_feedback.hpp"

#include <QEvent>
#include <QLabel>
#include <QVBoxLayout>

namespace accelscope::gui {

LessonFeedback::LessonFeedback(int lines, QWidget* parent) : QScrollArea(parent), m_lines(lines)
{
    m_hints = new QLabel;
    m_hints->setTextFormat(Qt::PlainText); // hints are lesson file text (#29)
    m_hints->setWordWrap(true);
    m_hints->hide(); // no gap above the outcome until a hint is shown
    m_outcome = new QLabel;
    // Outcomes quote the typed answer and lesson text: plain, never rendered as markup (#17).
    m_outcome->setTextFormat(Qt::PlainText);
    m_outcome->setWordWrap(true);
    m_outcome->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_solution = new QLabel;
    m_solution->setObjectName(QStringLiteral("lessonSolution"));
    m_solution->setTextFormat(Qt::PlainText);
    m_solution->setWordWrap(true);
    m_solution->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_solution->hide();
    auto* box = new QWidget;
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_hints);
    layout->addWidget(m_outcome);
    layout->addWidget(m_solution);
    layout->addStretch();
    setWidget(box);
    setWidgetResizable(true);
    setFrameShape(QFrame::NoFrame);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setFixedHeight(fontMetrics().lineSpacing() * lines);
}

void LessonFeedback::changeEvent(QEvent* event)
{
    QScrollArea::changeEvent(event);
    if (event->type() == QEvent::FontChange) setFixedHeight(fontMetrics().lineSpacing() * m_lines);
}

void LessonFeedback::clear()
{
    m_hintsShown = 0;
    m_hints->clear();
    m_hints->hide();
    m_solution->clear();
    m_solution->hide();
    setOutcome({});
}

void LessonFeedback::setSolution(const QStringList& lines)
{
    QStringList numbered;
    for (int i = 0; i < lines.size(); ++i) numbered << (lines.size() > 1 ? tr("%1. %2").arg(i + 1).arg(lines[i]) : lines[i]);
    m_solution->setText(tr("Worked solution:\n%1").arg(numbered.join('\n')));
    m_solution->show();
    ensureWidgetVisible(m_solution);
}

QString LessonFeedback::solution() const { return m_solution->isHidden() ? QString() : m_solution->text(); }

void LessonFeedback::setOutcome(const QString& text, bool problem)
{
    m_outcome->setText(text);
    m_outcome->setStyleSheet(problem ? QStringLiteral("color: #d9534f;") : QString());
}

QString LessonFeedback::outcome() const { return m_outcome->text(); }

bool LessonFeedback::showNextHint(const std::vector<std::string>& hints)
{
    const int count = static_cast<int>(hints.size());
    if (m_hintsShown < count) ++m_hintsShown;
    QStringList shown;
    for (int i = 0; i < m_hintsShown; ++i) {
        shown << tr("Hint %1: %2").arg(i + 1).arg(QString::fromStdString(hints[static_cast<std::size_t>(i)]));
    }
    m_hints->setText(shown.join('\n'));
    m_hints->setVisible(!shown.isEmpty());
    return m_hintsShown < count;
}

} // namespace accelscope::gui
