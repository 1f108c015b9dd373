// SPDX-License-Identifier: MIT
// Memory levels measured on the local machine (by the latency and bandwidth labs), to show beside its pyramid.
#pragma once

#include <string>
#include <vector>

namespace accelscope::gui {

/// One measured level; a figure of 0 means "not measured".
struct MeasuredLevel {
    std::string level;            ///< "L1", "L2", "L3", "DRAM" (matched to the hwloc levels by name)
    double workingSetBytes = 0.0; ///< working set the figures were measured at
    double latencyNs = 0.0;
    double bandwidthGbs = 0.0;    ///< GB/s (10^9 B/s)
};

/// What the labs measured on this machine.
struct MeasuredPyramid {
    std::string name;             ///< "latency + bandwidth labs, 2026-11-21"
    std::vector<MeasuredLevel> levels;
};

} // namespace accelscope::gui
