// SPDX-License-Identifier: MIT
// Watches the page a lesson's state check is about: the view as the step found it, whether the
// learner has changed it since, and the moment their change satisfies the check.
#pragma once

#include "app/gui/page.hpp"
#include "labs/guided/lesson_engine.hpp"

#include <QObject>
#include <QString>

#include <optional>
#include <string>

class QTimer;

namespace accelscope::gui {

class LessonStateWatch : public QObject {
    Q_OBJECT
public:
    /// `navigator` and `context` must outlive the watch (the page owns all three).
    LessonStateWatch(PageNavigator& navigator, const labs::guided::LessonContext& context, QObject* parent = nullptr);

    /// Records the view of `check`'s page as it is now and re-reads it every half second.
    /// Returns whether that view already satisfies the check (then it waits for a change).
    bool start(const labs::guided::Check& check, const std::string& file);
    void stop();
    bool active() const;
    /// `page` as it is now (nullopt: it does not report its state), noting whether it differs
    /// from the view at start.
    std::optional<labs::guided::PageState> read(const std::string& page);
    /// Whether the page has been seen in another state than at start.
    bool viewChanged() const { return m_viewChanged; }

signals:
    /// The learner's change got the view to satisfy the check; the watch has stopped.
    void reached(const QString& explanation);

private:
    void poll();

    PageNavigator& m_navigator;
    const labs::guided::LessonContext& m_context;
    QTimer* m_timer = nullptr;
    std::optional<labs::guided::Check> m_check;
    std::string m_file;
    /// `page`'s typed state now, noting whether it differs from the view at start.
    std::optional<labs::guided::TypedState> readValues(const std::string& page);

    labs::guided::TypedState m_arrivalState;
    std::optional<labs::guided::TypedState> m_lastChecked; ///< the view the last poll checked
    bool m_viewChanged = false;
};

} // namespace accelscope::gui
