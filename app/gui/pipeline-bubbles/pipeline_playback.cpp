// SPDX-License-Identifier: MIT
// PipelinePlayback.
#include "app/gui/pipeline-bubbles/pipeline_playback.hpp"

#include <algorithm>
#include <cmath>

namespace accelscope::gui::pipeline {
namespace {

// Simulated times are sums of op times, so equal moments may differ in the last bits.
double tolerance(double time) { return 1e-9 * std::max(1.0, std::abs(time)); }

} // namespace

void PipelinePlayback::setTimes(std::vector<double> times)
{
    std::ranges::sort(times);
    m_times.clear();
    for (const double t : times) {
        if (m_times.empty() || t - m_times.back() > tolerance(t)) m_times.push_back(t);
    }
    setStep(m_step);
}

void PipelinePlayback::setStep(int step)
{
    m_step = std::clamp(step, -1, stepCount());
    if (m_step < 0) m_playing = false;
}

void PipelinePlayback::stepBy(int direction)
{
    m_playing = false;
    const int current = m_step < 0 ? (direction > 0 ? 0 : stepCount()) : m_step;
    m_step = std::clamp(current + direction, 0, stepCount());
}

std::optional<double> PipelinePlayback::cursor() const
{
    if (m_step < 0 || m_times.empty()) return std::nullopt;
    return m_times[static_cast<std::size_t>(std::max(m_step, 1) - 1)];
}

bool PipelinePlayback::happened(double time) const
{
    if (m_step < 0) return true;
    if (m_step == 0) return false;
    const double t = m_times[static_cast<std::size_t>(m_step - 1)];
    return time <= t + tolerance(t);
}

bool PipelinePlayback::atCursor(double time) const
{
    if (m_step <= 0) return false;
    const double t = m_times[static_cast<std::size_t>(m_step - 1)];
    return std::abs(time - t) <= tolerance(t);
}

void PipelinePlayback::togglePlay()
{
    if (m_playing) {
        m_playing = false;
        return;
    }
    if (stepCount() == 0) return;
    if (m_step < 0 || m_step >= stepCount()) m_step = 0;
    m_playing = true;
    m_restartClock = true;
}

bool PipelinePlayback::advance(double nowSeconds)
{
    if (!m_playing) return false;
    if (m_restartClock) {
        m_restartClock = false;
        m_lastAdvance = nowSeconds;
        return true;
    }
    if (nowSeconds - m_lastAdvance >= 1.0 / std::clamp(m_speed, 0.5f, 20.0f)) {
        m_lastAdvance = nowSeconds;
        m_step = std::min(m_step + 1, stepCount());
        if (m_step >= stepCount()) m_playing = false; // stay on the whole picture
    }
    return m_playing;
}

} // namespace accelscope::gui::pipeline
