// SPDX-License-Identifier: MIT
// A GEMM's output tiles in waves over a chip's cores, tile by tile, and the wave-quantization sawtooth: the
// achieved TFLOP/s of gemmTime as one dimension grows. Also the GemmChip of a catalog device at a precision.
#pragma once

#include "models/catalog/device.hpp"
#include "models/common/result.hpp"
#include "models/system/chip/gemm.hpp"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace accelscope::models::system {

/// How `gemmTime` lays one GEMM over the cores.
struct GemmWaves {
    GemmTime time;
    int tilesM = 0;          ///< output tiles along M: ⌈M / tileM⌉
    int tilesN = 0;          ///< output tiles along N: ⌈N / tileN⌉
    int lastWaveTiles = 0;   ///< tiles (split-K pieces) the last wave runs, 1…cores
    int idleCoresLastWave = 0; ///< cores with no tile in the last wave
    double achievedTflops = 0; ///< 2MNK / time, TFLOP/s
};

/// The largest M, N or K that `chip gemm` and the Inside-the-chip page take: 2^20 = 1,048,576 (a million
/// tokens in one linear layer), so that the tile counts (at most 8,192 × 4,096 of 128 × 256) fit an int;
/// 10^30 wrapped to −2,147,483,648 tiles before (issue #29).
constexpr double maxGemmDimension = 1 << 20;

/// The tiling and waves of `shape` on `chip` (calls `gemmTime`). Preconditions as `gemmTime`.
GemmWaves gemmWaves(const GemmChip& chip, const GemmShape& shape);

/// The wave (0-based) that runs piece `split` of output tile (`row`, `col`): pieces are issued row-major over
/// the output tiles, all tiles of split 0 first, then split 1 (a library's rasterisation, simplified), and wave w
/// takes pieces w·cores … (w+1)·cores − 1.
int gemmTileWave(const GemmChip& chip, const GemmWaves& waves, int row, int col, int split);

/// One point of a sweep: the swept dimension's value and what `gemmTime` gives there.
struct GemmSweepPoint {
    double value = 0;          ///< M or N, elements
    double achievedTflops = 0; ///< TFLOP/s
    double waves = 0;
    bool memoryBound = false;
};

/// Which dimension a sweep moves.
enum class GemmSweepAxis { M, N };

/// Achieved TFLOP/s of `shape` with M or N set to each of `points` evenly spaced values from `low` to `high`
/// (elements, 1 ≤ low < high, points ≥ 2). Rounded to whole elements; the sawtooth of wave quantization.
std::vector<GemmSweepPoint> gemmSweep(const GemmChip& chip, const GemmShape& shape, GemmSweepAxis axis, double low, double high,
                                      int points);

/// The range a sweep around `shape` covers so that it shows a few waves' teeth: N (or M) ± about three wave periods
/// (a wave period is the growth that adds `cores` tiles), at least ± four tiles, never below one tile.
std::pair<double, double> gemmSweepRange(const GemmChip& chip, const GemmShape& shape, GemmSweepAxis axis);

/// "bf16" (also "fp16") or "fp8": the GEMM chip of `device` at that precision's dense tensor peak with its kernel
/// efficiencies (models/system/step/kernel_parameters). Error when the device has no such tensor figure.
Result<GemmChip> gemmChipForDevice(const catalog::Device& device, std::string_view dtype);

/// Bytes per element of `dtype` ("bf16", "fp16": 2, "fp8": 1); the output stays BF16 (2 bytes).
GemmShape gemmShapeFor(double m, double n, double k, std::string_view dtype);

} // namespace accelscope::models::system
