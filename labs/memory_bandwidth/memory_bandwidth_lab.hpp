// SPDX-License-Identifier: MIT
// CPU memory bandwidth: STREAM kernels (copy, scale, add, triad) plus read-only and write-only,
// on 1..N pinned threads, and a single-thread working-set sweep that draws the bandwidth pyramid.
#pragma once

#include "labs/common/cpu_lab.hpp"

namespace accelscope::labs::memory_bandwidth {

class MemoryBandwidthLab : public CpuLab {
public:
    LabDescription describe() const override;

protected:
    models::Result<void> measure(CpuRunStart& run, const RunMonitor& monitor) override;
};

} // namespace accelscope::labs::memory_bandwidth
