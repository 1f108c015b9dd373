// SPDX-License-Identifier: MIT
// The Pipeline page's playback: a time cursor that steps through the moments at which ops start.
#pragma once

#include <optional>
#include <vector>

namespace accelscope::gui::pipeline {

/// Step-by-step playback over a list of event times (the op start times of the shown schedules).
/// Step s (1 … stepCount()) puts the cursor on the s-th time: events at or before it have
/// happened. Step 0 puts it on the first time with nothing happened yet; −1 means no playback
/// (everything shown). No ImGui and no clock of its own: the caller passes the time in.
class PipelinePlayback {
public:
    /// Replaces the event times (any order, duplicates allowed: equal times are one step) and keeps
    /// the step inside the new range.
    void setTimes(std::vector<double> times);
    int stepCount() const { return static_cast<int>(m_times.size()); }
    int step() const { return m_step; }
    /// Sets the step, clamped to −1 … stepCount().
    void setStep(int step);
    /// One step forward (+1) or back (−1), clamped to 0 … stepCount(); from −1 forward goes to
    /// step 1 and back to stepCount() − 1. Pauses playback (the presenter took over).
    void stepBy(int direction);
    /// The cursor's time; none at −1.
    std::optional<double> cursor() const;
    /// Whether an event at `time` has happened by the current step (always at −1).
    bool happened(double time) const;
    /// Whether an event at `time` is the one the cursor stands on (never at −1 or 0).
    bool atCursor(double time) const;

    /// Starts or pauses; starting from −1 or from the last step begins again at step 0.
    void togglePlay();
    bool playing() const { return m_playing; }
    /// Steps per second while playing (0.5 … 20).
    float& speed() { return m_speed; }
    /// Moves one step on when 1 / speed seconds have passed since the last move (the first call
    /// after starting only notes the time) and stops at the last step; true while still playing.
    bool advance(double nowSeconds);

private:
    std::vector<double> m_times; ///< distinct, ascending
    int m_step = -1;
    bool m_playing = false;
    bool m_restartClock = false;
    float m_speed = 3.0f;
    double m_lastAdvance = 0.0;
};

} // namespace accelscope::gui::pipeline
