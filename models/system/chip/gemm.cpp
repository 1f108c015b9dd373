// SPDX-License-Identifier: MIT
#include "models/system/chip/gemm.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace accelscope::models::system {

GemmTime gemmTime(const GemmChip& chip, const GemmShape& s)
{
    assert(chip.cores > 0 && chip.peakTflops > 0 && chip.memoryGBps > 0);
    assert(s.m >= 1 && s.n >= 1 && s.k >= 1);
    GemmTime best;
    best.computeSeconds = INFINITY;
    const double outputTiles = std::ceil(s.m / chip.tileM) * std::ceil(s.n / chip.tileN);
    const double perCoreFlops = chip.peakTflops * 1e12 * chip.mainloopEfficiency / chip.cores;
    for (int split : {1, 2, 4, 8}) {
        if (split > 1 && (s.k / split < chip.minSplitK || outputTiles >= chip.cores)) break;
        const double tiles = outputTiles * split;
        const double waves = std::ceil(tiles / chip.cores);
        double t = waves * 2.0 * chip.tileM * chip.tileN * (s.k / split) / perCoreFlops;
        // Split-K's partial sums: written and read back in FP32 before the reduction.
        if (split > 1) t += 2.0 * split * s.m * s.n * 4.0 / (chip.memoryGBps * 1e9 * chip.readEfficiency);
        if (t < best.computeSeconds) {
            best.computeSeconds = t;
            best.tiles = tiles;
            best.splitK = split;
            best.waves = waves;
            best.waveEfficiency = tiles / (waves * chip.cores);
        }
    }
    best.memorySeconds = s.bytes() / (chip.memoryGBps * 1e9 * chip.readEfficiency);
    best.memoryBound = best.memorySeconds > best.computeSeconds;
    best.seconds = std::max(best.computeSeconds, best.memorySeconds) + chip.overheadUs * 1e-6;
    return best;
}

} // namespace accelscope::models::system
