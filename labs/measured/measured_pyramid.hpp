// SPDX-License-Identifier: MIT
// Memory levels measured on a machine (by the latency and bandwidth labs), to show beside its pyramid.
#pragma once

#include "models/memory/pyramid_move.hpp"

#include "labs/lab.hpp"

#include <optional>
#include <string>
#include <vector>

namespace accelscope::labs {

/// One measured level; a figure of 0 means "not measured".
struct MeasuredLevel {
    std::string level;            ///< "L1", "L2", "L3", "DRAM" (matched to the hwloc levels by name)
    double workingSetBytes = 0.0; ///< working set the figures were measured at, bytes
    double latencyNs = 0.0;       ///< load-to-use latency, ns
    double bandwidthGbs = 0.0;    ///< GB/s (10^9 B/s)

    /// Seconds to stream `bytes` at the measured bandwidth (models::memory::moveThrough, as the
    /// pyramid page times it); 0 when the bandwidth is not measured.
    double moveSeconds(double bytes) const
    {
        if (!(bandwidthGbs > 0)) return 0.0;
        return models::memory::moveThrough(bytes, bandwidthGbs, std::nullopt, std::nullopt).seconds.value_or(0.0);
    }
};

/// What the labs measured on one machine.
struct MeasuredPyramid {
    std::string name;             ///< "Test CPU, measured (latency 2026-11-21…, bandwidth …)"
    std::vector<MeasuredLevel> levels; ///< fastest first: L1, L2, L3, then DRAM
};

/// Per-level latency (cpu-latency) and single-thread bandwidth (cpu-memory-bandwidth sweep, read
/// at half of each cache's size; DRAM from the all-threads read kernel) of these results, matched
/// to the cache levels of the machine that made them. Nothing when no result is of those labs.
std::optional<MeasuredPyramid> measuredPyramid(const std::vector<LabResult>& results);

} // namespace accelscope::labs
