// SPDX-License-Identifier: MIT
// LessonStateWatch: a state check completes on the learner's move, not on arrival.
#include "app/gui/lessons/lesson_state_watch.hpp"

#include <QTimer>

namespace accelscope::gui {

LessonStateWatch::LessonStateWatch(PageNavigator& navigator, const labs::guided::LessonContext& context, QObject* parent)
    : QObject(parent), m_navigator(navigator), m_context(context)
{
    m_timer = new QTimer(this);
    m_timer->setInterval(500);
    connect(m_timer, &QTimer::timeout, this, &LessonStateWatch::poll);
}

bool LessonStateWatch::start(const labs::guided::Check& check, const std::string& file)
{
    m_check = check;
    m_file = file;
    m_arrivalState = m_navigator.pageState(check.page).value_or(labs::guided::PageState{});
    m_viewChanged = false;
    m_timer->start();
    const auto outcome = labs::guided::checkState(check, m_arrivalState, m_context, m_file);
    return outcome && outcome->correct;
}

void LessonStateWatch::stop() { m_timer->stop(); }

bool LessonStateWatch::active() const { return m_timer->isActive(); }

std::optional<labs::guided::PageState> LessonStateWatch::read(const std::string& page)
{
    auto state = m_navigator.pageState(page);
    if (state && *state != m_arrivalState) m_viewChanged = true;
    return state;
}

void LessonStateWatch::poll()
{
    // The first time a changed view satisfies the check, the page checks and records it as if
    // "Check my view" had been pressed.
    if (!m_check) {
        stop();
        return;
    }
    const auto state = read(m_check->page);
    if (!state || !m_viewChanged) return; // completes on the learner's move, not on arrival
    const auto outcome = labs::guided::checkState(*m_check, *state, m_context, m_file);
    if (!outcome || !outcome->correct) return;
    stop();
    emit reached(QString::fromStdString(outcome->explanation));
}

} // namespace accelscope::gui
