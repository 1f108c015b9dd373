// SPDX-License-Identifier: MIT
// Move-N-bytes times per memory level.
#include "models/memory/pyramid_move.hpp"

namespace accelscope::models::memory {

LevelMove moveThrough(double bytes, std::optional<double> bandwidthGBps, std::optional<double> latencyNs,
                      std::optional<double> capacityBytes)
{
    LevelMove m;
    m.bytes = bytes;
    m.exceedsCapacity = capacityBytes && bytes > *capacityBytes;
    if (!bandwidthGBps || !(*bandwidthGBps > 0.0)) return m;
    m.latencyIncluded = latencyNs.has_value();
    m.seconds = bytes / (*bandwidthGBps * 1e9) + (latencyNs ? *latencyNs * 1e-9 : 0.0);
    return m;
}

LevelMove moveThrough(const PyramidLevel& level, double bytes)
{
    return moveThrough(bytes, level.bandwidthGBps.value, level.latencyNs.value, level.capacityBytes.value);
}

std::vector<LevelMove> moveTimes(const MemoryPyramid& pyramid, double bytes)
{
    std::vector<LevelMove> out;
    out.reserve(pyramid.levels.size());
    for (const auto& l : pyramid.levels) out.push_back(moveThrough(l, bytes));
    return out;
}

} // namespace accelscope::models::memory
