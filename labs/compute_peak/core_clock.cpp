// SPDX-License-Identifier: MIT
// The running clock from a dependent add chain, and the FLOP-per-cycle refusal.
#include "labs/compute_peak/core_clock.hpp"

#include "models/common/number_text.hpp"

#include <algorithm>
#include <cstdint>

namespace accelscope::labs::compute_peak {
namespace {

// 64 dependent adds per loop turn: the loop counter's own add and branch run beside the chain
// on other ports, so the chain's latency (one cycle per add) sets the pace.
constexpr std::uint64_t addsPerTurn = 64;
constexpr int clockRuns = 25;

std::uint64_t addChain(std::uint64_t turns, std::uint64_t value)
{
    std::uint64_t other = value | 1;
#if defined(__x86_64__)
    for (std::uint64_t i = 0; i < turns; ++i) {
        // Register-to-register adds, each reading the previous one's result (a += b, b += a, ...).
        // Not "add reg, imm": Golden Cove and later cores fold chains of immediate adds at rename
        // and retire several per cycle (a first version of this chain read 8.9 GHz).
        asm volatile(".rept 32\n\taddq %1, %0\n\taddq %0, %1\n\t.endr" : "+r"(value), "+r"(other));
    }
#else
    for (std::uint64_t i = 0; i < turns * addsPerTurn; ++i) asm volatile("" : "+r"(value), "+r"(other));
#endif
    return value + other;
}

} // namespace

ClockReading measureCoreClock(std::chrono::duration<double> target)
{
    using Clock = std::chrono::steady_clock;
    std::uint64_t turns = 1024;
    double seconds = 0;
    std::uint64_t sink = 0;
    // Grow the chain until one run lasts an eighth of the target, then time five full runs.
    while (true) {
        const auto t0 = Clock::now();
        sink += addChain(turns, sink);
        seconds = std::chrono::duration<double>(Clock::now() - t0).count();
        if (seconds >= target.count() / 8 || turns > (std::uint64_t{1} << 36)) break;
        turns *= 2;
    }
    turns = std::max<std::uint64_t>(1024, static_cast<std::uint64_t>(static_cast<double>(turns) * target.count() / seconds));
    double bestMhz = 0;
    // Many short runs: on a shared machine a run that no other thread interrupted is likely among
    // them, and the best one is the clock.
    for (int run = 0; run < clockRuns; ++run) {
        const auto t0 = Clock::now();
        sink += addChain(turns, sink);
        const double s = std::chrono::duration<double>(Clock::now() - t0).count();
        bestMhz = std::max(bestMhz, static_cast<double>(turns * addsPerTurn) / s / 1e6);
    }
    asm volatile("" : : "r"(sink));
    return {bestMhz, "measured on the same thread as a timed chain of dependent integer adds (1 add per cycle), "
                     "best of " + std::to_string(clockRuns) + " runs of " + models::decimalText(target.count() * 1e3, 0) + " ms"};
}

ClockSource chainClockSource()
{
    return [] { return measureCoreClock(std::chrono::milliseconds(2)); };
}

double flopsPerCycleLimit(Isa isa, Precision precision)
{
    const int fmaPipes = isaInfo(isa).fusedMultiplyAdd ? maxFmaPorts : 1;
    // Without FMA a multiply and an add retire on separate pipes: still at most 2 FLOPs per lane.
    return static_cast<double>(fmaPipes * lanes(isa, precision) * 2);
}

models::Result<double> checkedFlopsPerCycle(double gflops, double mhz, double limit)
{
    if (mhz <= 0) return models::fail(models::ErrorCode::InvalidData, "no running clock was measured");
    const double perCycle = gflops * 1e3 / mhz;
    if (perCycle > limit) {
        return models::fail(models::ErrorCode::InvalidData,
                            models::decimalText(perCycle, 1) + " FLOP/cycle (" + models::decimalText(gflops, 1) +
                                " GFLOP/s at " + models::decimalText(mhz, 0) + " MHz) exceeds the architectural limit of " +
                                models::decimalText(limit, 0) +
                                " FLOP/cycle: the clock or the timing was disturbed, so the figure is refused");
    }
    return perCycle;
}

} // namespace accelscope::labs::compute_peak
