// SPDX-License-Identifier: MIT
// The empirical CPU roofline: one streaming kernel whose FLOPs per byte is a parameter (the
// mixbench / Empirical Roofline Toolkit method), swept from memory bound to compute bound and
// drawn against the machine's own measured ceilings.
#pragma once

#include "labs/common/cpu_lab.hpp"

#include <vector>

namespace accelscope::labs::roofline {

/// Multiply-adds per element for a sweep up to `maxFmas`: 0, 1, 2, 3, 4, 6, 8, 12, 16, 24, …
std::vector<int> fmaSteps(int maxFmas);

/// Arithmetic intensity of the kernel with `fmas` multiply-adds per float: (2·fmas + 1) / 4 FLOP/byte.
double intensityFlopPerByte(int fmas);

class CpuRooflineLab : public CpuLab {
public:
    LabDescription describe() const override;

protected:
    models::Result<void> measure(CpuRunStart& run, const RunMonitor& monitor) override;
};

} // namespace accelscope::labs::roofline
