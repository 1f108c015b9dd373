// SPDX-License-Identifier: MIT
// Slide figures of the chip models: a GEMM's output tiles in waves over the cores with the wave-quantization
// sawtooth, and a launch's occupancy (blocks per SM each resource allows, the binding one, the next cliff).
#pragma once

#include "models/figure/figure.hpp"
#include "models/system/chip/cdna_occupancy.hpp"
#include "models/system/chip/gemm.hpp"
#include "models/system/chip/occupancy.hpp"

#include <string>

namespace accelscope::models::system {

/// Most rows and columns of cells the tile grid draws; a larger grid draws each cell for a block of tiles.
inline constexpr int gemmGridMaxRows = 24;
inline constexpr int gemmGridMaxColumns = 40;

/// The output matrix of `shape` as a grid of `chip`'s tiles, each coloured by the wave that runs it (split-K
/// pieces side by side in a tile), the cores of the last wave busy and idle, and achieved TFLOP/s as N varies
/// around `shape` (the sawtooth). `deviceName` goes in the title (empty: none). Statistics: tiles, waves, wave
/// efficiency, split-K, compute vs memory time, achieved vs peak TFLOP/s — all from `gemmWaves`.
figure::Figure gemmWavesFigure(const GemmChip& chip, const GemmShape& shape, bool dark, const std::string& deviceName = {});

/// The blocks per SM that warps, registers, shared memory and block slots each allow for `launch` on `arch`,
/// the binding ones highlighted, the SM's warp slots filled by the resident blocks, and the next cliffs
/// (`result` is `computeOccupancy(arch, launch)`).
figure::Figure occupancyFigure(const Occupancy& result, const ArchLimits& arch, const LaunchConfig& launch, bool dark);

/// The same for an AMD CDNA compute unit: workgroups per CU by wave slots, VGPRs, LDS and barriers
/// (`result` is `computeCdnaOccupancy(limits, launch)`).
figure::Figure cdnaOccupancyFigure(const CdnaOccupancy& result, const CdnaLimits& limits, const CdnaLaunch& launch, bool dark);

} // namespace accelscope::models::system
