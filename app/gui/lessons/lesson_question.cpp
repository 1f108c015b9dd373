// SPDX-License-Identifier: MIT
// LessonQuestion: a step's question, its answer controls, hints and worked solution.
#include "app/gui/lessons/lesson_question.hpp"

#include "app/gui/lessons/lesson_feedback.hpp"
#include "app/gui/presenter/presenter_mode.hpp"
#include "labs/guided/lesson_progress.hpp"

#include <QButtonGroup>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

namespace accelscope::gui {
namespace {

namespace guided = labs::guided;

QString text(const std::string& s) { return QString::fromStdString(s); }

} // namespace

LessonQuestion::LessonQuestion(QWidget* parent) : QWidget(parent)
{
    // The question and its unit are lesson file text: shown as written, never rendered as markup (#29).
    m_question = new QLabel;
    m_question->setTextFormat(Qt::PlainText);
    m_question->setWordWrap(true);
    m_choices = new QWidget;
    m_choiceLayout = new QVBoxLayout(m_choices);
    m_choiceLayout->setContentsMargins(0, 0, 0, 0);
    m_choiceGroup = new QButtonGroup(this);
    m_number = new QLineEdit;
    m_number->setPlaceholderText(tr("your answer"));
    m_unit = new QLabel;
    m_unit->setTextFormat(Qt::PlainText);
    m_check = new QPushButton(tr("Check"));
    m_check->setDefault(true);
    m_hint = new QPushButton(tr("Hint"));
    m_solution = new QPushButton(tr("Show solution"));
    m_solution->setToolTip(tr("The worked solution, each step computed by the same models that grade the answer"));
    m_solution->hide();
    m_feedback = new LessonFeedback(7);

    auto* answerRow = new QHBoxLayout;
    answerRow->addWidget(m_number, 1);
    answerRow->addWidget(m_unit);
    answerRow->addWidget(m_check);
    answerRow->addWidget(m_hint);
    answerRow->addWidget(m_solution);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_question);
    layout->addWidget(m_choices);
    layout->addLayout(answerRow);
    // Hints, feedback and the solution sit in a box of fixed height below the answer row: text
    // appearing after Check or Hint scrolls there instead of moving the question and buttons.
    layout->addWidget(m_feedback);

    connect(m_check, &QPushButton::clicked, this, &LessonQuestion::checkRequested);
    connect(m_number, &QLineEdit::returnPressed, this, &LessonQuestion::checkRequested);
    // Once checked, the field's text is an answer, not typing: presenter mode's Space steps on
    // (it typed a space before); an edit makes it typing again.
    connect(this, &LessonQuestion::checkRequested, this, [this] { m_number->setProperty(answeredFieldProperty, true); });
    connect(m_number, &QLineEdit::textEdited, this, [this] { m_number->setProperty(answeredFieldProperty, false); });
    connect(m_hint, &QPushButton::clicked, this, [this] {
        if (m_shown) m_hint->setEnabled(m_feedback->showNextHint(m_shown->hints));
    });
    connect(m_solution, &QPushButton::clicked, this, &LessonQuestion::showSolution);
}

void LessonQuestion::showCheck(const std::optional<guided::RenderedCheck>& check, bool readsState)
{
    m_shown = check;
    m_wrong = 0;
    m_feedback->clear();
    for (QAbstractButton* b : m_choiceGroup->buttons()) {
        m_choiceGroup->removeButton(b);
        delete b;
    }
    m_question->setVisible(check.has_value());
    m_choices->setVisible(check && check->kind == guided::CheckKind::Choice);
    const bool numeric = check && check->kind == guided::CheckKind::Number;
    m_number->setVisible(numeric);
    m_unit->setVisible(numeric);
    m_check->setVisible(check.has_value());
    m_hint->setVisible(check && !check->hints.empty());
    m_hint->setEnabled(check && !check->hints.empty()); // a new step's hints are all still to show
    m_solution->hide();
    m_number->clear();
    m_number->setProperty(answeredFieldProperty, false);
    if (!check) return;
    m_question->setText(text(check->question));
    m_unit->setText(text(check->unit));
    if (check->kind == guided::CheckKind::Choice) {
        for (std::size_t i = 0; i < check->options.size(); ++i) {
            auto* option = new QRadioButton(text(check->options[i]));
            m_choiceGroup->addButton(option, static_cast<int>(i) + 1);
            m_choiceLayout->addWidget(option);
        }
    }
    if (check->kind == guided::CheckKind::State) {
        m_check->setText(tr("Check my view"));
        m_check->setEnabled(readsState);
        m_check->setToolTip(readsState ? tr("Reads the %1 page as it is now (it is also watched: the step is marked done "
                                            "as soon as your change gets the view there)").arg(text(check->pageName))
                                       : tr("The %1 page does not report its state to lessons").arg(text(check->pageName)));
    } else {
        m_check->setText(tr("Check"));
        m_check->setEnabled(true);
        m_check->setToolTip(tr("Check your answer (Enter)"));
    }
}

QString LessonQuestion::typedAnswer() const
{
    if (!m_shown) return {};
    if (m_shown->kind == guided::CheckKind::Choice) {
        return m_choiceGroup->checkedId() > 0 ? QString::number(m_choiceGroup->checkedId()) : QString();
    }
    return m_number->text().trimmed();
}

void LessonQuestion::noteWrongAnswer()
{
    ++m_wrong;
    const bool offered = m_shown && !m_shown->solution.empty() && m_wrong >= guided::wrongTriesBeforeSolution;
    m_solution->setVisible(offered);
}

void LessonQuestion::showSolution()
{
    if (!m_shown || m_shown->solution.empty()) return;
    QStringList lines;
    for (const auto& line : m_shown->solution) lines << text(line);
    m_feedback->setSolution(lines);
}

} // namespace accelscope::gui
