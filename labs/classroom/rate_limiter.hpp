// SPDX-License-Identifier: MIT
// A token bucket: a burst of messages, then a steady rate; time comes from the caller.
#pragma once

#include <chrono>

namespace accelscope::labs::classroom {

/// Allows up to `burst` events at once and `perSecond` on average after that. The caller passes
/// the time of each event (steady clock), so tests drive it without sleeping.
class RateLimiter {
public:
    using Clock = std::chrono::steady_clock;

    RateLimiter(double burst, double perSecond, Clock::time_point start);

    /// Whether an event at `now` is allowed; an allowed event takes one token.
    bool allow(Clock::time_point now);
    /// Whether an event at `now` would be allowed; takes nothing.
    bool available(Clock::time_point now);

private:
    double m_burst;
    double m_perSecond;
    double m_tokens;
    Clock::time_point m_last;
};

} // namespace accelscope::labs::classroom
