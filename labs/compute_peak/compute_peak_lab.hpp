// SPDX-License-Identifier: MIT
// CPU compute peak: FP32 and FP64 multiply-adds with enough independent chains to hide the FMA
// latency, in every instruction set the CPU has (scalar to AVX-512), on one core and on all.
#pragma once

#include "labs/compute_peak/core_clock.hpp"
#include "labs/compute_peak/simd_kernels.hpp"
#include "labs/common/cpu_lab.hpp"

#include <array>
#include <functional>

namespace accelscope::labs {
class PinnedTeam;
}

namespace accelscope::labs::compute_peak {

/// The best GFLOP/s of `repetitions` timed runs of the peak loop on every worker of `team`, each
/// run lasting about `targetSeconds`. Errors (InvalidData) when a worker's checksum is wrong.
models::Result<double> measurePeakGflops(PinnedTeam& team, Isa isa, Precision precision, double targetSeconds,
                                         int repetitions);

/// Reports FLOP/s per instruction set and, on one core, FLOP per cycle at the clock `clock`
/// measures on the measuring thread right after the one-thread runs; a FLOP-per-cycle figure above
/// the architectural limit (flopsPerCycleLimit) is refused with the reason in the notes.
class ComputePeakLab : public CpuLab {
public:
    explicit ComputePeakLab(ClockSource clock = chainClockSource()) : m_clock(std::move(clock)) {}
    LabDescription describe() const override;

protected:
    models::Result<void> measure(CpuRunStart& run, const RunMonitor& monitor) override;

private:
    /// Adds fp32/fp64 FLOP per cycle at `clock` (or the refusal) to `result`; `bestIsas`: the
    /// instruction sets of the one-thread fp32 and fp64 peaks.
    static void addFlopsPerCycle(LabResult& result, const ClockReading& clock, const std::array<Isa, 2>& bestIsas);

    ClockSource m_clock;
};

} // namespace accelscope::labs::compute_peak
