// SPDX-License-Identifier: MIT
// The clock a core runs at while it works, measured (a dependent integer-add chain), and the
// architectural FLOP-per-cycle limit a measured peak must not exceed.
#pragma once

#include "labs/compute_peak/simd_kernels.hpp"
#include "models/common/result.hpp"

#include <chrono>
#include <functional>
#include <string>

namespace accelscope::labs::compute_peak {

/// A core clock reading: the frequency and how it was obtained.
struct ClockReading {
    double mhz = 0;      ///< 10^6 cycles per second
    std::string method;  ///< one sentence for the result's notes
};

/// Where a lab takes the running clock from (tests pass a fake one).
using ClockSource = std::function<ClockReading()>;

/// Times a chain of dependent 64-bit integer adds on the calling thread for about `target`. Each
/// add needs the previous result and an integer add has a latency of one cycle on every x86 core
/// since the P6 (Agner Fog, "Instruction tables", ADD r,r: latency 1), so adds per second is the
/// clock the core ran at during the chain. Best (highest) of 25 runs.
ClockReading measureCoreClock(std::chrono::duration<double> target);

/// The default ClockSource: measureCoreClock, runs of 2 ms.
ClockSource chainClockSource();

/// FMA units per core assumed for the limit: no x86 core to date has more than two vector FMA
/// pipes (Intel Skylake-SP to Sapphire Rapids ports 0 and 5; AMD Zen 2 to Zen 5 two FMA pipes).
inline constexpr int maxFmaPorts = 2;

/// The most FLOPs one core can retire per cycle with `isa`: maxFmaPorts × lanes × 2 (a
/// multiply-add is two FLOPs). AVX-512 FP32: 2 × 16 × 2 = 64.
double flopsPerCycleLimit(Isa isa, Precision precision);

/// `gflops` (one core, 10^9 FLOP/s) at `mhz` as FLOP per cycle, or InvalidData naming the figure,
/// the clock and the limit when it exceeds `limit`: the clock or the timing was not what the core
/// ran at, and the figure is refused rather than reported.
models::Result<double> checkedFlopsPerCycle(double gflops, double mhz, double limit);

} // namespace accelscope::labs::compute_peak
