// SPDX-License-Identifier: MIT
#include "models/system/chip/gemm_waves.hpp"

#include "models/roofline/ceilings.hpp"
#include "models/system/step/kernel_parameters.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace accelscope::models::system {

GemmWaves gemmWaves(const GemmChip& chip, const GemmShape& shape)
{
    GemmWaves w;
    w.time = gemmTime(chip, shape);
    w.tilesM = static_cast<int>(std::ceil(shape.m / chip.tileM));
    w.tilesN = static_cast<int>(std::ceil(shape.n / chip.tileN));
    const auto tiles = static_cast<long long>(w.time.tiles);
    const auto waves = static_cast<long long>(w.time.waves);
    w.lastWaveTiles = static_cast<int>(tiles - (waves - 1) * chip.cores);
    w.idleCoresLastWave = chip.cores - w.lastWaveTiles;
    w.achievedTflops = shape.flops() / w.time.seconds / 1e12;
    return w;
}

int gemmTileWave(const GemmChip& chip, const GemmWaves& waves, int row, int col, int split)
{
    assert(row >= 0 && row < waves.tilesM && col >= 0 && col < waves.tilesN && split >= 0 && split < waves.time.splitK);
    const long long outputTiles = static_cast<long long>(waves.tilesM) * waves.tilesN;
    const long long piece = split * outputTiles + static_cast<long long>(row) * waves.tilesN + col;
    return static_cast<int>(piece / chip.cores);
}

std::vector<GemmSweepPoint> gemmSweep(const GemmChip& chip, const GemmShape& shape, GemmSweepAxis axis, double low, double high, int points)
{
    assert(low >= 1 && high > low && points >= 2);
    std::vector<GemmSweepPoint> out;
    out.reserve(static_cast<std::size_t>(points));
    for (int i = 0; i < points; ++i) {
        GemmShape s = shape;
        const double value = std::round(low + (high - low) * i / (points - 1));
        (axis == GemmSweepAxis::N ? s.n : s.m) = value;
        const GemmTime t = gemmTime(chip, s);
        out.push_back({value, s.flops() / t.seconds / 1e12, t.waves, t.memoryBound});
    }
    return out;
}

std::pair<double, double> gemmSweepRange(const GemmChip& chip, const GemmShape& shape, GemmSweepAxis axis)
{
    const bool n = axis == GemmSweepAxis::N;
    const double tile = n ? chip.tileN : chip.tileM;
    // Tiles one more row or column of tiles adds: the other dimension's tile count.
    const double across = std::ceil(n ? shape.m / chip.tileM : shape.n / chip.tileN);
    const double period = tile * std::max(1.0, chip.cores / across);
    const double half = std::max(4 * tile, 3 * period);
    const double value = n ? shape.n : shape.m;
    return {std::max(1.0, value - half), value + half};
}

Result<GemmChip> gemmChipForDevice(const catalog::Device& device, std::string_view dtype)
{
    const bool narrow = dtype == "fp8";
    if (!narrow && dtype != "bf16" && dtype != "fp16") {
        return fail(ErrorCode::InvalidArgument, "GEMM precision '" + std::string(dtype) + "' is not bf16, fp16 or fp8");
    }
    auto ceiling = roofline::computeCeiling(device, dtype);
    if (!ceiling) return std::unexpected(ceiling.error());
    return gemmChip(device, kernelParameters(device), ceiling->peakTflops, narrow);
}

GemmShape gemmShapeFor(double m, double n, double k, std::string_view dtype)
{
    GemmShape s;
    s.m = m;
    s.n = n;
    s.k = k;
    s.inputBytes = dtype == "fp8" ? 1.0 : 2.0;
    s.outputBytes = 2.0;
    return s;
}

} // namespace accelscope::models::system
