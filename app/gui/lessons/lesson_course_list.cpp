// SPDX-License-Identifier: MIT
// LessonCourseList: the course's items with progress marks and prerequisites.
#include "app/gui/lessons/lesson_course_list.hpp"

#include "app/gui/plain_tool_tip.hpp"
#include "models/catalog/catalog_store.hpp"

namespace accelscope::gui {
namespace {

namespace guided = labs::guided;

QString text(const std::string& s) { return QString::fromStdString(s); }

} // namespace

LessonCourseList::LessonCourseList(const std::vector<guided::Lesson>& lessons, QWidget* parent)
    : QListWidget(parent), m_lessons(lessons)
{
    setWordWrap(true);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // Items of two or three lines each: spacing and alternating rows keep a lesson's lines together.
    setSpacing(3);
    setAlternatingRowColors(true);
    setToolTip(tr("The course. Each lesson says how long it takes, how far you got (✓ done), and what to do first."));
}

int LessonCourseList::indexOf(const std::string& id) const
{
    for (std::size_t i = 0; i < m_lessons.size(); ++i) {
        if (m_lessons[i].id == id) return static_cast<int>(i);
    }
    return -1;
}

void LessonCourseList::refresh(const models::catalog::UserStore* store)
{
    const QSignalBlocker block(this);
    const int current = currentRow();
    m_scores.assign(m_lessons.size(), {});
    std::vector<QString> problems(m_lessons.size());
    for (std::size_t i = 0; i < m_lessons.size(); ++i) {
        if (store == nullptr) continue;
        auto progress = store->lessonProgress(m_lessons[i].id);
        if (!progress) problems[i] = tr("progress unreadable");
        else m_scores[i] = guided::scoreOf(*progress, m_lessons[i]);
    }
    clear();
    for (std::size_t i = 0; i < m_lessons.size(); ++i) {
        const int row = static_cast<int>(i);
        auto* item = new QListWidgetItem(itemText(row, problems[i]), this);
        const QString after = prerequisiteLine(row);
        item->setToolTip(plainToolTip(after.isEmpty() ? text(m_lessons[i].summary).left(400)
                                                      : tr("%1\n\n%2").arg(after, text(m_lessons[i].summary).left(400))));
    }
    if (current >= 0 && current < count()) setCurrentRow(current);
}

QString LessonCourseList::itemText(int row, const QString& progressProblem) const
{
    const auto& lesson = m_lessons[static_cast<std::size_t>(row)];
    const auto& s = score(row);
    const int steps = static_cast<int>(lesson.steps.size());
    QString state;
    if (!progressProblem.isEmpty()) state = progressProblem;
    else if (s.done) state = tr("done");
    else if (s.reachedEnd) state = s.toDo.size() == 1 ? tr("1 question to do") : tr("%1 questions to do").arg(s.toDo.size());
    else if (s.started) state = tr("step %1 of %2").arg(s.stepsDone + 1).arg(steps);
    else state = tr("not started");
    QString lines = tr("%1%2\n%3 min · %4").arg(s.done ? tr("✓ ") : QString(), text(lesson.title)).arg(lesson.minutes).arg(state);
    const QString after = prerequisiteLine(row);
    if (!after.isEmpty()) lines += '\n' + after;
    return lines;
}

QString LessonCourseList::prerequisiteLine(int row) const
{
    QStringList after;
    for (const auto& id : m_lessons[static_cast<std::size_t>(row)].prerequisites) {
        const int p = indexOf(id);
        if (p < 0) after << text(id);
        else after << (done(p) ? tr("%1 ✓") : tr("%1 (not done)")).arg(text(m_lessons[static_cast<std::size_t>(p)].title));
    }
    return after.isEmpty() ? QString() : tr("After: %1").arg(after.join(tr(", ")));
}

QStringList LessonCourseList::missingPrerequisites(int row) const
{
    QStringList missing;
    for (const auto& id : m_lessons[static_cast<std::size_t>(row)].prerequisites) {
        const int p = indexOf(id);
        if (p < 0) missing << text(id);
        else if (!done(p)) missing << text(m_lessons[static_cast<std::size_t>(p)].title);
    }
    return missing;
}

int LessonCourseList::nextLesson(int row) const
{
    const int n = static_cast<int>(m_lessons.size());
    for (int k = 1; k < n; ++k) {
        const int candidate = (row + k) % n;
        if (!done(candidate) && missingPrerequisites(candidate).isEmpty()) return candidate;
    }
    return -1;
}

} // namespace accelscope::gui
