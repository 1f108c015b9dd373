// SPDX-License-Identifier: MIT
// PinnedTeam: the calling thread is worker 0; helpers 1..N−1 wait on barriers. Each is pinned to
// its own CPU so the team never shares a core with an idle waiter (a separate timing thread on a
// 2-CPU machine made kernels look 5–10x faster than they are).
#include "labs/common/pinned_team.hpp"

#include <chrono>

#include <pthread.h>
#include <sched.h>

namespace accelscope::labs {
namespace {

void pinCurrentThread(int cpu)
{
    const int cpus = static_cast<int>(std::thread::hardware_concurrency());
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu % (cpus > 0 ? cpus : 1), &set);
    // Pinning can fail in a restricted container; the run still works, only less repeatably.
    static_cast<void>(pthread_setaffinity_np(pthread_self(), sizeof set, &set));
}

} // namespace

PinnedTeam::PinnedTeam(int threads) : m_threads(threads), m_start(threads), m_finish(threads)
{
    m_saved = std::make_unique<cpu_set_t>();
    m_restore = pthread_getaffinity_np(pthread_self(), sizeof(cpu_set_t), m_saved.get()) == 0;
    pinCurrentThread(0);
    for (int t = 1; t < threads; ++t) m_workers.emplace_back([this, t] { worker(t); });
}

PinnedTeam::~PinnedTeam()
{
    m_stop = true;
    m_start.arrive_and_wait();
    for (auto& w : m_workers) w.join();
    if (m_restore) static_cast<void>(pthread_setaffinity_np(pthread_self(), sizeof(cpu_set_t), m_saved.get()));
}

void PinnedTeam::worker(int index)
{
    pinCurrentThread(index);
    while (true) {
        m_start.arrive_and_wait();
        if (m_stop) return;
        m_work(index);
        m_finish.arrive_and_wait();
    }
}

double PinnedTeam::run(const std::function<void(int)>& work)
{
    m_work = work;
    const auto begin = std::chrono::steady_clock::now();
    m_start.arrive_and_wait();
    work(0);
    m_finish.arrive_and_wait();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
}

} // namespace accelscope::labs
