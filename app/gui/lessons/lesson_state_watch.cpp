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
    m_arrivalState = m_navigator.pageValues(check.page).value_or(labs::guided::TypedState{});
    m_lastChecked.reset();
    m_viewChanged = false;
    m_timer->start();
    const auto outcome = labs::guided::checkState(check, labs::guided::stateText(m_arrivalState), m_context, m_file);
    return outcome && outcome->correct;
}

void LessonStateWatch::stop() { m_timer->stop(); }

bool LessonStateWatch::active() const { return m_timer->isActive(); }

std::optional<labs::guided::TypedState> LessonStateWatch::readValues(const std::string& page)
{
    auto values = m_navigator.pageValues(page);
    if (values && *values != m_arrivalState) m_viewChanged = true;
    return values;
}

std::optional<labs::guided::PageState> LessonStateWatch::read(const std::string& page)
{
    const auto values = readValues(page);
    if (!values) return std::nullopt;
    return labs::guided::stateText(*values);
}

void LessonStateWatch::poll()
{
    // The first time a changed view satisfies the check, the page checks and records it as if
    // "Check my view" had been pressed.
    if (!m_check) {
        stop();
        return;
    }
    const auto values = readValues(m_check->page);
    if (!values || !m_viewChanged) return; // completes on the learner's move, not on arrival
    // Typed values compare without text: a view unchanged since the last poll is not checked again
    // (no numbers to text and back, no predicate run, every half second).
    if (m_lastChecked == values) return;
    m_lastChecked = values;
    const auto outcome = labs::guided::checkState(*m_check, labs::guided::stateText(*values), m_context, m_file);
    if (!outcome || !outcome->correct) return;
    stop();
    emit reached(QString::fromStdString(outcome->explanation));
}

} // namespace accelscope::gui
