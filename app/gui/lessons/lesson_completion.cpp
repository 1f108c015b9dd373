// SPDX-License-Identifier: MIT
// LessonCompletion: a finished lesson's score, time, steps learned and the next lesson.
#include "app/gui/lessons/lesson_completion.hpp"

#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace accelscope::gui {
namespace {

QString text(const std::string& s) { return QString::fromStdString(s); }

QLabel* wrapped()
{
    auto* label = new QLabel;
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

} // namespace

LessonCompletion::LessonCompletion(QWidget* parent) : QWidget(parent)
{
    m_title = wrapped();
    QFont big = m_title->font();
    big.setPointSizeF(big.pointSizeF() * 1.5);
    big.setBold(true);
    m_title->setFont(big);
    m_lastOutcome = wrapped();
    // The title and the last outcome quote the lesson file and the typed answer (#17).
    m_title->setTextFormat(Qt::PlainText);
    m_lastOutcome->setTextFormat(Qt::PlainText);
    m_score = wrapped();
    m_time = wrapped();
    m_learned = wrapped();
    m_learned->setTextFormat(Qt::RichText);
    m_next = new QPushButton;
    m_next->setDefault(true);
    m_review = new QPushButton(tr("Review the steps"));
    m_review->setToolTip(tr("Back to this lesson's last step"));
    connect(m_next, &QPushButton::clicked, this, &LessonCompletion::nextRequested);
    connect(m_review, &QPushButton::clicked, this, &LessonCompletion::reviewRequested);

    auto* line = new QFrame;
    line->setFrameShape(QFrame::HLine);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_review);
    buttons->addStretch();
    buttons->addWidget(m_next);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(24, 24, 24, 24);
    layout->setSpacing(12);
    layout->addWidget(m_title);
    layout->addWidget(m_lastOutcome);
    layout->addWidget(line);
    layout->addWidget(m_score);
    layout->addWidget(m_time);
    layout->addWidget(m_learned);
    layout->addLayout(buttons); // right under the summary, where the eye is, not at the window's bottom
    layout->addStretch();
}

void LessonCompletion::showLesson(const labs::guided::Lesson& lesson, const labs::guided::LessonScore& score,
                                  const QString& lastOutcome, const QString& nextTitle)
{
    m_title->setText(tr("✓ Lesson complete: %1").arg(text(lesson.title)));
    m_lastOutcome->setText(lastOutcome);
    m_lastOutcome->setVisible(!lastOutcome.isEmpty());
    QString scoreLine = tr("Score: this lesson has no checks.");
    if (score.checks == 1) scoreLine = tr("Score: %1 of 1 check right on the first try.").arg(score.rightFirstTry);
    if (score.checks > 1) scoreLine = tr("Score: %1 of %2 checks right on the first try.").arg(score.rightFirstTry).arg(score.checks);
    m_score->setText(scoreLine);
    m_time->setText(tr("Time spent: %1 (about %2 min planned).").arg(duration(score.secondsSpent)).arg(lesson.minutes));
    QString learned = tr("<b>What you learned</b><ul>");
    for (const auto& step : lesson.steps) learned += QStringLiteral("<li>%1</li>").arg(text(step.title).toHtmlEscaped());
    learned += QStringLiteral("</ul>");
    if (!lesson.sources.empty()) { // the primary sources the lesson rests on, escaped (file text, #17)
        learned += tr("<b>Read further</b><ul>");
        for (const auto& source : lesson.sources) learned += QStringLiteral("<li>%1</li>").arg(text(source.text).toHtmlEscaped());
        learned += QStringLiteral("</ul>");
    }
    m_learned->setText(learned);
    m_next->setText(nextTitle.isEmpty() ? tr("Back to the course") : tr("Next lesson: %1 →").arg(nextTitle));
    m_next->setToolTip(nextTitle.isEmpty() ? tr("Every lesson you can take now is done; pick one from the course list to review")
                                           : tr("The next lesson in the course whose prerequisites are done"));
}

QString LessonCompletion::scoreText() const { return m_score->text(); }
QString LessonCompletion::timeText() const { return m_time->text(); }
QString LessonCompletion::learnedText() const { return m_learned->text(); }

QString LessonCompletion::duration(double seconds)
{
    const auto total = static_cast<long long>(std::llround(std::max(seconds, 0.0)));
    const long long hours = total / 3600;
    const long long minutes = total % 3600 / 60;
    const long long secs = total % 60;
    if (hours > 0) return tr("%1 h %2 min").arg(hours).arg(minutes, 2, 10, QLatin1Char('0'));
    if (minutes > 0) return tr("%1 min %2 s").arg(minutes).arg(secs);
    return tr("%1 s").arg(secs);
}

} // namespace accelscope::gui
