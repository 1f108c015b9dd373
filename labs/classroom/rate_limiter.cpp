// SPDX-License-Identifier: MIT
// A token bucket.
#include "labs/classroom/rate_limiter.hpp"

#include <algorithm>

namespace accelscope::labs::classroom {

RateLimiter::RateLimiter(double burst, double perSecond, Clock::time_point start)
    : m_burst(burst), m_perSecond(perSecond), m_tokens(burst), m_last(start)
{
}

bool RateLimiter::available(Clock::time_point now)
{
    if (now > m_last) {
        const std::chrono::duration<double> elapsed = now - m_last;
        m_tokens = std::min(m_burst, m_tokens + elapsed.count() * m_perSecond);
        m_last = now;
    }
    return m_tokens >= 1.0;
}

bool RateLimiter::allow(Clock::time_point now)
{
    if (!available(now)) return false;
    m_tokens -= 1.0;
    return true;
}

} // namespace accelscope::labs::classroom
