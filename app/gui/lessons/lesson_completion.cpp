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
    m_toDo = wrapped();
    m_toDo->setTextFormat(Qt::RichText);
    m_toDo->setObjectName(QStringLiteral("lessonToDo"));
    m_next = new QPushButton;
    m_next->setDefault(true);
    m_review = new QPushButton(tr("Review the steps"));
    m_review->setToolTip(tr("Back to this lesson's last step"));
    connect(m_next, &QPushButton::clicked, this, &LessonCompletion::nextRequested);
    connect(m_review, &QPushButton::clicked, this, [this] { emit reviewRequested(m_firstToDo); });

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
    layout->addWidget(m_toDo); // what is left comes before what was learned: it is what to do next
    layout->addWidget(m_learned);
    layout->addLayout(buttons); // right under the summary, where the eye is, not at the window's bottom
    layout->addStretch();
}

void LessonCompletion::showLesson(const labs::guided::Lesson& lesson, const labs::guided::LessonScore& score,
                                  const QString& lastOutcome, const QString& nextTitle)
{
    const int toDo = static_cast<int>(score.toDo.size());
    const QString title = text(lesson.title);
    m_title->setText(toDo == 0   ? tr("✓ Lesson complete: %1").arg(title)
                     : toDo == 1 ? tr("Not complete yet: %1 (1 question to do)").arg(title)
                                 : tr("Not complete yet: %1 (%2 questions to do)").arg(title, QString::number(toDo)));
    m_lastOutcome->setText(lastOutcome);
    m_lastOutcome->setVisible(!lastOutcome.isEmpty());
    QString scoreLine = tr("Score: this lesson has no checks.");
    if (score.checks == 1) {
        scoreLine = tr("Answered: %1 of 1 check; %2 right on the first try.").arg(score.answered).arg(score.rightFirstTry);
    }
    if (score.checks > 1) {
        scoreLine = tr("Answered: %1 of %2 checks; %3 right on the first try.").arg(score.answered).arg(score.checks).arg(score.rightFirstTry);
    }
    m_score->setText(scoreLine);
    m_time->setText(tr("Time spent: %1 (about %2 min planned).").arg(duration(score.secondsSpent)).arg(lesson.minutes));
    // The questions passed with Next but never answered right: listed, and the review button goes
    // to the first of them, so "complete" always means every question was answered.
    QString toDoList;
    for (const int step : score.toDo) {
        const auto& s = lesson.steps[static_cast<std::size_t>(step - 1)];
        toDoList += QStringLiteral("<li>%1</li>").arg(tr("Step %1: %2").arg(step).arg(text(s.title).toHtmlEscaped()));
    }
    m_toDo->setText(toDo == 0 ? QString() : tr("<b>To do</b> (not answered yet)<ul>%1</ul>").arg(toDoList));
    m_toDo->setVisible(toDo > 0);
    m_firstToDo = toDo == 0 ? -1 : score.toDo.front() - 1;
    m_review->setText(toDo == 0 ? tr("Review the steps") : tr("Answer step %1").arg(score.toDo.front()));
    m_review->setToolTip(toDo == 0 ? tr("Back to this lesson's last step") : tr("Go to the first question not answered yet"));
    QString learned = tr("<b>What you learned</b><ul>");
    for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
        const bool open = std::find(score.toDo.begin(), score.toDo.end(), static_cast<int>(i) + 1) != score.toDo.end();
        if (!open) learned += QStringLiteral("<li>%1</li>").arg(text(lesson.steps[i].title).toHtmlEscaped());
    }
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
    // With questions left, answering them is the way on; the next lesson stays a click away.
    m_review->setDefault(toDo > 0);
    m_next->setDefault(toDo == 0);
}

QString LessonCompletion::scoreText() const { return m_score->text(); }
QString LessonCompletion::timeText() const { return m_time->text(); }
QString LessonCompletion::learnedText() const { return m_learned->text(); }
QString LessonCompletion::toDoText() const { return m_toDo->isHidden() ? QString() : m_toDo->text(); }
QString LessonCompletion::titleText() const { return m_title->text(); }

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
