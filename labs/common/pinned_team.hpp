// SPDX-License-Identifier: MIT
// A team of worker threads pinned to CPUs, released together so a kernel can be timed without
// thread start-up in the measurement.
#pragma once

#include <barrier>
#include <functional>
#include <memory>

#include <sched.h>
#include <thread>
#include <vector>

namespace accelscope::labs {

class PinnedTeam {
public:
    /// The calling thread becomes worker 0 (pinned to CPU 0 until the team is destroyed); helper
    /// t is pinned to logical CPU t (modulo the CPU count).
    explicit PinnedTeam(int threads);
    ~PinnedTeam();
    PinnedTeam(const PinnedTeam&) = delete;
    PinnedTeam& operator=(const PinnedTeam&) = delete;

    int size() const { return m_threads; }
    /// Runs `work(t)` on every worker at once and returns the wall time in seconds from the
    /// common start to the last finisher.
    double run(const std::function<void(int)>& work);

private:
    void worker(int index);
    int m_threads;
    std::function<void(int)> m_work;
    bool m_stop = false;
    std::barrier<> m_start;
    std::barrier<> m_finish;
    std::vector<std::thread> m_workers;
    std::unique_ptr<cpu_set_t> m_saved; ///< the caller's affinity, restored at the end
    bool m_restore = false;
};

} // namespace accelscope::labs
