// SPDX-License-Identifier: MIT
// Memory levels measured on a machine (by the latency and bandwidth labs), as data the pyramid chart draws.
#pragma once

#include "models/memory/pyramid_move.hpp"

#include <optional>
#include <string>
#include <vector>

namespace accelscope::models::memory {

/// One measured level; a figure of 0 means "not measured".
struct MeasuredLevel {
    std::string level;            ///< "L1", "L2", "L3", "DRAM" (matched to the hwloc levels by name)
    double workingSetBytes = 0.0; ///< working set the figures were measured at, bytes
    double latencyNs = 0.0;       ///< load-to-use latency, ns
    double bandwidthGbs = 0.0;    ///< GB/s (10^9 B/s)
    /// Seconds to stream `bytes` at the measured bandwidth (moveThrough, as the pyramid page times
    /// it); 0 when the bandwidth is not measured.
    double moveSeconds(double bytes) const
    {
        if (!(bandwidthGbs > 0)) return 0.0;
        return moveThrough(bytes, bandwidthGbs, std::nullopt, std::nullopt).seconds.value_or(0.0);
    }
};

/// What the labs measured on one machine.
struct MeasuredPyramid {
    std::string name;             ///< "Test CPU, measured (latency 2026-11-21…, bandwidth …)"
    std::vector<MeasuredLevel> levels; ///< fastest first: L1, L2, L3, then DRAM
};

} // namespace accelscope::models::memory
