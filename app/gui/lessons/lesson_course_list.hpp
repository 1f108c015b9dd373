// SPDX-License-Identifier: MIT
// The Lessons page's course list: each lesson with its minutes, whether it is done, in progress
// (step k of n) or not started, and its prerequisites by title with whether they are done.
#pragma once

#include "labs/guided/lesson_progress.hpp"

#include <QListWidget>
#include <QStringList>

#include <vector>

namespace accelscope::models::catalog {
class UserStore;
}

namespace accelscope::gui {

class LessonCourseList : public QListWidget {
    Q_OBJECT
public:
    /// `lessons` must outlive the list (the page owns both).
    explicit LessonCourseList(const std::vector<labs::guided::Lesson>& lessons, QWidget* parent = nullptr);

    /// Re-reads every lesson's progress (`store` null: none readable) and rewrites the items,
    /// keeping the current row without emitting currentRowChanged.
    void refresh(const models::catalog::UserStore* store);
    /// The score of lesson `row` as last read.
    const labs::guided::LessonScore& score(int row) const { return m_scores[static_cast<std::size_t>(row)]; }
    bool done(int row) const { return score(row).done; }
    /// Titles of lesson `row`'s prerequisites that are not done yet.
    QStringList missingPrerequisites(int row) const;
    /// The first lesson after `row` in course order (then from the start) that is not done and
    /// whose prerequisites are; -1 when none.
    int nextLesson(int row) const;

private:
    int indexOf(const std::string& id) const;
    QString itemText(int row, const QString& progressProblem) const;
    QString prerequisiteLine(int row) const;

    const std::vector<labs::guided::Lesson>& m_lessons;
    std::vector<labs::guided::LessonScore> m_scores;
};

} // namespace accelscope::gui
