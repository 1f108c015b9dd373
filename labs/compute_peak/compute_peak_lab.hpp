// SPDX-License-Identifier: MIT
// CPU compute peak: FP32 and FP64 multiply-adds with enough independent chains to hide the FMA
// latency, in every instruction set the CPU has (scalar to AVX-512), on one core and on all.
#pragma once

#include "labs/compute_peak/simd_kernels.hpp"
#include "labs/common/cpu_lab.hpp"

#include <functional>

namespace accelscope::labs {
class PinnedTeam;
}

namespace accelscope::labs::compute_peak {

/// The best GFLOP/s of `repetitions` timed runs of the peak loop on every worker of `team`, each
/// run lasting about `targetSeconds`. Errors (InvalidData) when a worker's checksum is wrong.
models::Result<double> measurePeakGflops(PinnedTeam& team, Isa isa, Precision precision, double targetSeconds,
                                         int repetitions);

class ComputePeakLab : public CpuLab {
public:
    LabDescription describe() const override;

protected:
    models::Result<void> measure(CpuRunStart& run, const RunMonitor& monitor) override;
};

} // namespace accelscope::labs::compute_peak
