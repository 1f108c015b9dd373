// SPDX-License-Identifier: MIT
// LessonsPage: the course list, a step with its question, answers, hints and progress.
#include "app/gui/lessons/lessons_page.hpp"

#include "app/gui/lessons/lesson_classroom.hpp"
#include "app/gui/lessons/lesson_completion.hpp"
#include "app/gui/lessons/lesson_course_list.hpp"
#include "app/gui/lessons/lesson_feedback.hpp"
#include "app/gui/lessons/lesson_question.hpp"
#include "app/gui/lessons/lesson_state_watch.hpp"
#include "labs/guided/lesson_progress.hpp"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QStackedWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace accelscope::gui {
namespace {

namespace guided = labs::guided;

QString text(const std::string& s) { return QString::fromStdString(s); }

} // namespace

LessonsPage::LessonsPage(const PageServices& services, QWidget* parent)
    : LessonsPage(services, services.context.lessonsDirectory(), parent)
{
}

LessonsPage::LessonsPage(const PageServices& services, std::filesystem::path lessonsDir, QWidget* parent)
    : QWidget(parent), m_context(services.context), m_navigator(services.navigator)
{
    m_list = new LessonCourseList(m_lessons);
    m_problems = new QLabel;
    m_problems->setObjectName(QStringLiteral("lessonProblems"));
    // Problems quote lesson files: plain text, so markup in a file is shown, not rendered (#17).
    m_problems->setTextFormat(Qt::PlainText);
    m_problems->setWordWrap(true);
    m_problems->setStyleSheet(QStringLiteral("color: #d9534f;"));
    m_problems->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_problems->hide();
    auto* left = new QWidget;
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->addWidget(m_list, 1);
    leftLayout->addWidget(m_problems);

    m_prose = new LessonProse(lessonsDir);
    m_watch = new LessonStateWatch(m_navigator, m_lessonContext, this);
    // The learner's change satisfied the state check (they are usually on that other page, so
    // the status bar says so).
    connect(m_watch, &LessonStateWatch::reached, this, [this](const QString& explanation) {
        const auto* l = lesson();
        if (l != nullptr && answer() == std::optional<bool>(true)) {
            emit statusMessage(tr("Lesson \"%1\", step %2: done. %3").arg(text(l->title)).arg(m_step + 1).arg(explanation));
        }
    });
    m_stepView = buildStepView();
    m_completion = new LessonCompletion;
    m_stack = new QStackedWidget;
    m_stack->addWidget(m_stepView);
    m_stack->addWidget(m_completion);
    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(left);
    split->addWidget(m_stack);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 3);
    split->setSizes({fontMetrics().horizontalAdvance(QLatin1Char('x')) * 45, fontMetrics().horizontalAdvance(QLatin1Char('x')) * 120});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(split);
    m_classroom = new LessonClassroom(*this);
    connectCourse();
    loadCourse(lessonsDir);
    refreshList();
    if (lessonCount() > 0) m_list->setCurrentRow(0);
}

void LessonsPage::connectCourse()
{
    connect(m_list, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row < 0 || row >= lessonCount()) return;
        m_lesson = row;
        auto store = m_context.userStore();
        auto progress = store ? guided::progressOf(**store, m_lessons[static_cast<std::size_t>(row)])
                              : models::Result<models::catalog::LessonProgress>(std::unexpected(store.error()));
        // Resume where the learner stopped (the first step not yet answered right).
        m_step = progress ? std::min(progress->stepIndex, static_cast<int>(m_lessons[static_cast<std::size_t>(row)].steps.size()) - 1) : 0;
        m_progressProblem = progress ? QString() : text(progress.error().message);
        if (!progress) emit statusMessage(m_progressProblem);
        showStep();
    });
    connect(m_completion, &LessonCompletion::nextRequested, this, [this] {
        if (m_nextLesson >= 0) {
            m_list->setCurrentRow(m_nextLesson);
            return;
        }
        m_stack->setCurrentWidget(m_stepView);
        m_list->setFocus();
    });
    connect(m_list, &QListWidget::itemClicked, this, [this](QListWidgetItem* item) {
        if (m_list->row(item) == m_lesson) m_stack->setCurrentWidget(m_stepView); // the finished lesson, clicked again
    });
    connect(m_completion, &LessonCompletion::reviewRequested, this, [this](int toDo) { if (toDo < 0 || !stepBy(toDo - m_step)) m_stack->setCurrentWidget(m_stepView); });
}

QWidget* LessonsPage::buildStepView()
{
    m_recommended = new QLabel;
    m_recommended->setTextFormat(Qt::PlainText); // prerequisite titles are lesson file text (#29)
    m_recommended->setObjectName(QStringLiteral("lessonRecommended"));
    m_recommended->setWordWrap(true);
    m_recommended->setStyleSheet(QStringLiteral("color: #b8860b;"));
    m_header = new QLabel;
    m_header->setWordWrap(true);
    m_showMe = new QPushButton;
    m_showMe->setToolTip(tr("Open the page this step is about, set up as the step describes"));
    m_question = new LessonQuestion;
    m_feedback = m_question->feedback();
    m_previous = new QPushButton(tr("← Previous"));
    m_next = new QPushButton(tr("Next →"));
    m_previous->setToolTip(tr("Previous step (Alt+Left; in presenter mode ←)"));
    m_previous->setShortcut(QKeySequence(tr("Alt+Left")));
    m_next->setShortcut(QKeySequence(tr("Alt+Right")));
    m_startOver = new QPushButton(tr("Start over"));
    m_startOver->setToolTip(tr("Forget this lesson's saved answers and progress (also a damaged record) and go back to step 1"));
    auto* nav = new QHBoxLayout;
    nav->addWidget(m_previous);
    nav->addStretch();
    nav->addWidget(m_startOver);
    nav->addWidget(m_next);
    // The question (with the feedback box of fixed height below its answer row) scrolls in the
    // lower pane of a splitter, so that at projector text sizes the prose keeps most of the height.
    auto* below = new QWidget;
    auto* belowLayout = new QVBoxLayout(below);
    belowLayout->setContentsMargins(0, 0, 0, 0);
    belowLayout->addWidget(m_showMe, 0, Qt::AlignLeft);
    belowLayout->addWidget(m_question);
    belowLayout->addStretch();
    m_questionArea = new QScrollArea;
    m_questionArea->setObjectName(QStringLiteral("lessonQuestionArea"));
    m_questionArea->setWidget(below);
    m_questionArea->setWidgetResizable(true);
    m_questionArea->setFrameShape(QFrame::NoFrame);
    m_questionArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_textSplit = new QSplitter(Qt::Vertical);
    m_textSplit->setObjectName(QStringLiteral("lessonTextSplit"));
    m_textSplit->addWidget(m_prose);
    m_textSplit->addWidget(m_questionArea);
    m_textSplit->setChildrenCollapsible(false);
    m_textSplit->setStretchFactor(0, 1);
    m_textSplit->setStretchFactor(1, 0);
    connect(m_textSplit, &QSplitter::splitterMoved, this, [this] { m_splitDragged = true; });
    m_textSplit->installEventFilter(this);
    auto* view = new QWidget;
    auto* viewLayout = new QVBoxLayout(view);
    viewLayout->addWidget(m_recommended);
    viewLayout->addWidget(m_header);
    viewLayout->addWidget(m_textSplit, 1);
    viewLayout->addLayout(nav);
    connect(m_showMe, &QPushButton::clicked, this, [this] {
        if (!m_rendered || !m_rendered->action) return;
        const auto action = *m_rendered->action; // opening the page may repaint this one
        const QStringList missing = m_navigator.openPage(action.page, action.settings);
        if (m_watch->active()) startWatching(); // what "Show me" set up is not the learner's move
        emit statusMessage(missing.isEmpty() ? tr("Opened %1").arg(text(action.pageName))
                                             : tr("Opened %1; not set there yet: %2").arg(text(action.pageName), missing.join(", ")));
    });
    connect(m_question, &LessonQuestion::checkRequested, this, [this] { answer(); });
    connect(m_previous, &QPushButton::clicked, this, [this] { stepBy(-1); });
    connect(m_next, &QPushButton::clicked, this, [this] {
        if (!stepBy(1)) finish(); // the last step's button is "Finish"
    });
    connect(m_startOver, &QPushButton::clicked, this, [this] { startOver(); });
    return view;
}

void LessonsPage::fitTextSplit()
{
    const int total = m_textSplit->height() - m_textSplit->handleWidth();
    if (m_splitDragged || total <= 0) return;
    QWidget* below = m_questionArea->widget();
    const int width = m_questionArea->viewport()->width();
    int wanted = below->hasHeightForWidth() ? below->heightForWidth(width) : below->sizeHint().height();
    // At projector sizes (under 20 lines in all) the pane shows the question down to its answer
    // row, the feedback box below is scrolled to; at most half the height.
    const bool large = total < fontMetrics().lineSpacing() * 20;
    if (large) wanted -= std::max(m_feedback->sizeHint().height(), m_feedback->minimumHeight());
    const int lower = std::max(std::min(wanted, large ? total / 2 : total * 2 / 5), std::min(wanted, fontMetrics().lineSpacing() * 3));
    m_textSplit->setSizes({total - lower, lower});
}

bool LessonsPage::eventFilter(QObject* watched, QEvent* event)
{
    // After the splitter has laid out its new size (its own handler runs after this one).
    if (watched == m_textSplit && event->type() == QEvent::Resize) QMetaObject::invokeMethod(this, &LessonsPage::fitTextSplit, Qt::QueuedConnection);
    return QWidget::eventFilter(watched, event);
}

void LessonsPage::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        m_splitDragged = false; // a new text size (presenter mode) starts from the fitted split
        QMetaObject::invokeMethod(this, &LessonsPage::fitTextSplit, Qt::QueuedConnection);
    }
}

void LessonsPage::loadCourse(const std::filesystem::path& dir)
{
    m_lessonContext.devices = m_context.catalog().devices;
    for (const auto& lab : m_context.labRegistry().labs()) m_lessonContext.labs.push_back(lab->describe());
    auto course = guided::loadCourse(dir, m_lessonContext); // skipped files are listed, not hidden
    m_lessons = std::move(course.lessons);
    for (const auto& problem : course.skipped) m_skipped << text(problem.text());
    if (m_lessons.empty() && m_skipped.empty()) m_skipped << tr("%1: no lesson files found").arg(text(dir.string()));
    m_problems->setText(tr("Skipped:\n%1").arg(m_skipped.join('\n')));
    m_problems->setVisible(!m_skipped.isEmpty());
}

void LessonsPage::refreshList()
{
    auto store = m_context.userStore();
    m_list->refresh(store ? *store : nullptr);
}

bool LessonsPage::finish()
{
    const auto* l = lesson();
    if (l == nullptr) return false;
    auto store = m_context.userStore();
    auto saved = store ? guided::finishLesson(**store, *l, static_cast<double>(m_stepTimer.restart()) / 1000.0)
                       : models::Result<models::catalog::LessonProgress>(std::unexpected(store.error()));
    if (!saved) emit statusMessage(tr("Not saved: %1").arg(text(saved.error().message)));
    showCompletion({});
    return true;
}

void LessonsPage::showCompletion(const QString& lastOutcome)
{
    const auto* l = lesson();
    m_watch->stop();
    refreshList();
    m_nextLesson = m_list->nextLesson(m_lesson);
    const QString next = m_nextLesson >= 0 ? text(m_lessons[static_cast<std::size_t>(m_nextLesson)].title) : QString();
    m_completion->showLesson(*l, m_list->score(m_lesson), lastOutcome, next);
    m_stack->setCurrentWidget(m_completion);
    (m_list->score(m_lesson).toDo.empty() ? m_completion->nextButton() : m_completion->reviewButton())->setFocus();
}

bool LessonsPage::completionShown() const { return m_stack->currentWidget() == m_completion; }

QString LessonsPage::recommendation() const { return m_recommended->isHidden() ? QString() : m_recommended->text(); }

const guided::Lesson* LessonsPage::lesson() const
{
    return m_lesson >= 0 && m_lesson < lessonCount() ? &m_lessons[static_cast<std::size_t>(m_lesson)] : nullptr;
}

QString LessonsPage::currentLessonId() const { return lesson() ? text(lesson()->id) : QString(); }

bool LessonsPage::openLesson(const QString& id)
{
    for (int i = 0; i < lessonCount(); ++i) {
        if (text(m_lessons[static_cast<std::size_t>(i)].id) == id) {
            m_list->setCurrentRow(i);
            m_stack->setCurrentWidget(m_stepView); // the open lesson again: back from its completion screen
            return true;
        }
    }
    return false;
}

QList<QAction*> LessonsPage::menuCommands() { return {m_classroom->action()}; }

bool LessonsPage::stepBy(int direction)
{
    const auto* l = lesson();
    if (l == nullptr) return false;
    const int next = m_step + direction;
    if (next < 0 || next >= static_cast<int>(l->steps.size())) return false;
    m_step = next;
    showStep();
    return true;
}

void LessonsPage::showStep()
{
    const auto* l = lesson();
    m_rendered.reset();
    m_question->showCheck(std::nullopt, false);
    m_watch->stop();
    m_stepTimer.start();
    m_stack->setCurrentWidget(m_stepView);
    if (l == nullptr || l->steps.empty()) return;
    const QStringList missing = m_list->missingPrerequisites(m_lesson);
    m_recommended->setText(tr("Recommended first: %1 (you can still take this lesson now).").arg(missing.join(tr(", "))));
    m_recommended->setVisible(!missing.isEmpty());
    const auto& step = l->steps[static_cast<std::size_t>(m_step)];
    m_classroom->setStepAskable(step.check && step.check->kind != guided::CheckKind::State);
    m_header->setText(tr("<b>%1</b> — step %2 of %3").arg(text(l->title).toHtmlEscaped()).arg(m_step + 1).arg(l->steps.size()));
    const bool last = m_step + 1 >= static_cast<int>(l->steps.size());
    m_next->setText(last ? tr("Finish ✓") : tr("Next →"));
    m_next->setToolTip(last ? tr("Last step of this lesson: finish it and see your score (Alt+Right)")
                            : tr("Next step (Alt+Right; in presenter mode Space or →)"));
    m_previous->setEnabled(m_step > 0);
    auto rendered = guided::renderStep(*l, step, m_lessonContext);
    if (!rendered) {
        m_prose->setPlainText(text(rendered.error().message));
        return;
    }
    m_rendered = std::move(*rendered);
    // The lesson's introduction opens its first step, above the step's own text.
    std::string intro;
    if (m_step == 0 && !l->summary.empty()) {
        auto summary = guided::renderText(l->summary, m_lessonContext, l->file, 1);
        intro = (summary ? *summary : summary.error().message) + "\n\n";
    }
    // The lesson's primary sources close its last step.
    std::string sources;
    if (last && !l->sources.empty()) {
        sources = "\n\n### Sources\n\n";
        for (const auto& source : l->sources) sources += "- " + source.text + "\n";
    }
    m_prose->showMarkdown(text(intro + "## " + m_rendered->title + "\n\n" + m_rendered->prose + sources));
    m_showMe->setVisible(m_rendered->action.has_value());
    if (m_rendered->action) m_showMe->setText(tr("Show me: %1").arg(text(m_rendered->action->pageName))); // fits at 2.5 on 1024 px
    fitTextSplit();
    // The question: radio buttons for a choice, a field with its unit for a number, the view
    // itself for a state check.
    const auto& check = m_rendered->check;
    const bool reads = check && check->kind == guided::CheckKind::State && m_navigator.pageState(check->page).has_value();
    m_question->showCheck(check, reads);
    if (!m_progressProblem.isEmpty()) { // said on every step until the learner starts over
        m_feedback->setOutcome(tr("Your saved progress for this lesson cannot be read (%1). Answers are not saved until you "
                                  "press Start over, which clears it; other lessons are not affected.").arg(m_progressProblem), true);
    }
    if (reads) startWatching();
}

QPushButton* LessonsPage::hintButton() const { return m_question->hintButton(); }
QPushButton* LessonsPage::checkButton() const { return m_question->checkButton(); }

std::optional<bool> LessonsPage::answer(const QString& given)
{
    const auto* l = lesson();
    if (l == nullptr || !m_rendered || !m_rendered->check) return std::nullopt;
    const auto& step = l->steps[static_cast<std::size_t>(m_step)];
    QString value = given;
    models::Result<guided::CheckOutcome> outcome = std::unexpected(models::Error{});
    if (step.check->kind == guided::CheckKind::State) {
        const auto state = m_watch->read(step.check->page);
        if (!state) {
            m_feedback->setOutcome(tr("The %1 page does not report its state to lessons yet.").arg(text(m_rendered->check->pageName)));
            return std::nullopt;
        }
        outcome = guided::checkState(*step.check, *state, m_lessonContext, l->file);
        if (outcome && outcome->correct && !m_watch->viewChanged()) { // there before the learner moved: not an answer
            m_feedback->setOutcome(tr("Already there: %1 Change the view, away from it and back, to see why.").arg(text(outcome->expected)));
            return std::nullopt;
        }
        for (const auto& [k, v] : *state) value += text(k + "=" + v + ";");
    } else {
        if (value.isEmpty()) value = m_question->typedAnswer();
        if (value.isEmpty()) {
            m_feedback->setOutcome(tr("Pick or type an answer first."));
            return std::nullopt;
        }
        outcome = guided::checkAnswer(*step.check, value.toStdString(), m_lessonContext, l->file);
    }
    if (!outcome) { // e.g. text where a number was expected: say so, record nothing
        m_feedback->setOutcome(text(outcome.error().message));
        return std::nullopt;
    }
    auto store = m_context.userStore();
    auto recorded = store ? guided::recordAnswer(**store, *l, m_step + 1, value.toStdString(), *outcome,
                                                 static_cast<double>(m_stepTimer.restart()) / 1000.0)
                          : models::Result<models::catalog::LessonProgress>(std::unexpected(store.error()));
    const bool hintsLeft = m_feedback->hintsShown() < static_cast<int>(m_rendered->check->hints.size());
    QString saved = recorded ? QString() : tr("\n(Not saved: %1)").arg(text(recorded.error().message));
    // A state check says what the view shows, a declared mistake its message; a choice or number
    // does not give its answer away, but after two wrong tries its worked solution is offered.
    if (!outcome->correct && step.check->kind != guided::CheckKind::State) m_question->noteWrongAnswer();
    const QString notYet = step.check->kind == guided::CheckKind::State ? tr("Not quite: %1 ").arg(text(outcome->expected))
                           : outcome->feedback().empty() ? tr("Not quite. ") : tr("Not quite: %1\n").arg(text(outcome->feedback()));
    const QString next = m_question->solutionButton()->isVisibleTo(m_question)
                             ? tr("Try again, or see the worked solution.%1")
                             : (hintsLeft ? tr("Try again, or take a hint.%1") : tr("Try again.%1"));
    m_feedback->setOutcome(outcome->correct ? tr("Right: %1\n%2%3").arg(text(outcome->expected), text(outcome->explanation), saved)
                                            : notYet + next.arg(saved),
                           !outcome->correct);
    if (recorded) refreshList();
    // The last check answered right finishes the lesson; its explanation heads the completion screen.
    if (outcome->correct && m_step + 1 >= static_cast<int>(l->steps.size())) showCompletion(m_feedback->outcome());
    return outcome->correct;
}

QString LessonsPage::outcomeText() const { return m_feedback->outcome(); }

bool LessonsPage::watching() const { return m_watch->active(); }

void LessonsPage::startWatching()
{
    // A view already there says so ("Already there: …") and waits for the learner's change.
    if (m_watch->start(*lesson()->steps[static_cast<std::size_t>(m_step)].check, lesson()->file)) answer();
}

bool LessonsPage::startOver(bool ask)
{
    const auto* l = lesson();
    if (l == nullptr) return false;
    if (ask && QMessageBox::question(this, tr("Start over"), tr("Forget your answers and progress in \"%1\"?").arg(text(l->title)))
                   != QMessageBox::Yes) {
        return false;
    }
    auto store = m_context.userStore();
    auto removed = store ? (*store)->resetLessonProgress(l->id) : models::Result<bool>(std::unexpected(store.error()));
    if (!removed) {
        m_feedback->setOutcome(tr("Could not clear the progress: %1").arg(text(removed.error().message)));
        return false;
    }
    m_progressProblem.clear();
    m_step = 0;
    refreshList();
    showStep();
    emit statusMessage(tr("Started \"%1\" over").arg(text(l->title)));
    return true;
}

QString LessonsPage::stepAnimation(int direction)
{
    if (!stepBy(direction)) return tr("Lesson: no step further that way");
    return tr("Lesson %1: step %2").arg(currentLessonId()).arg(currentStep() + 1);
}

bool LessonsPage::animationAtEnd()
{
    const auto* l = lesson();
    return l == nullptr || m_step + 1 >= static_cast<int>(l->steps.size());
}

} // namespace accelscope::gui
