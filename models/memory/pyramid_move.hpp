// SPDX-License-Identifier: MIT
// Time to move N bytes through each level of a memory pyramid: bytes over bandwidth, plus latency when known.
#pragma once

#include "models/memory/memory_pyramid.hpp"

#include <optional>
#include <vector>

namespace accelscope::models::memory {

/// Moving `bytes` through one level.
struct LevelMove {
    double bytes = 0.0;
    std::optional<double> seconds;  ///< bytes / (bandwidth × 10^9) + latency × 10^-9; empty without a bandwidth figure
    bool latencyIncluded = false;   ///< false: the level has no latency figure, the time is bandwidth only (+ latency)
    bool exceedsCapacity = false;   ///< the bytes are more than the level holds (capacity known)
};

/// The move of `bytes` through a level with `bandwidthGBps` (10^9 B/s) and `latencyNs`, either of
/// which may be unknown, and `capacityBytes` (unknown: never exceeded). Precondition: bytes ≥ 0.
LevelMove moveThrough(double bytes, std::optional<double> bandwidthGBps, std::optional<double> latencyNs,
                      std::optional<double> capacityBytes);

/// The move of `bytes` through `level`, with its own (sourced, derived or estimated) figures.
LevelMove moveThrough(const PyramidLevel& level, double bytes);

/// One LevelMove per level of the pyramid, fastest first.
std::vector<LevelMove> moveTimes(const MemoryPyramid& pyramid, double bytes);

} // namespace accelscope::models::memory
