// SPDX-License-Identifier: MIT
// A GEMM on a chip of many cores: output tiles, waves of tiles over the cores, split-K, and the memory side.
#pragma once

#include <string>

namespace accelscope::models::system {

/// C (M x N) = A (M x K) B (K x N). Element sizes in bytes; FLOPs are 2MNK.
struct GemmShape {
    double m = 1;
    double n = 1;
    double k = 1;
    double inputBytes = 2;  ///< per element of A and B (BF16 2, FP8 1, FP4 0.5)
    double outputBytes = 2; ///< per element of C
    double groups = 1;      ///< a grouped GEMM (MoE experts): `groups` B matrices, A's rows split among them (m counts all)
    double flops() const { return 2.0 * m * n * k; }
    /// A and every B read once, C written once: the least traffic any tiling can have.
    double bytes() const { return (m * k + groups * k * n) * inputBytes + m * n * outputBytes; }
};

/// What the GEMM time needs of a chip. The efficiencies are fractions in (0, 1] measured by kernel
/// microbenchmarks (models/system/step/kernel_parameters says which).
struct GemmChip {
    int cores = 132;                  ///< SMs / CUs / cores that each take one output tile at a time
    double peakTflops = 989.5;        ///< dense tensor peak of the GEMM's precision
    double memoryGBps = 3350;         ///< device memory, one direction
    double mainloopEfficiency = 0.78; ///< fraction of the peak one core's tile loop reaches on a long K
    double readEfficiency = 0.935;    ///< fraction of the memory bandwidth a streaming read reaches
    double overheadUs = 24;           ///< fixed time per kernel call (launch, prologue, epilogue)
    int tileM = 128;                  ///< output tile the library uses for large problems
    int tileN = 256;
    int minSplitK = 512;              ///< split-K keeps at least this many K per split
};

/// The time of one GEMM and what set it.
struct GemmTime {
    double seconds = 0;
    double computeSeconds = 0;   ///< waves x one tile's loop at the core's share of the peak
    double memorySeconds = 0;    ///< bytes() at readEfficiency x bandwidth
    double tiles = 0;            ///< output tiles x splits
    int splitK = 1;
    double waves = 0;
    double waveEfficiency = 0;   ///< tiles / (waves x cores): the last wave's idle cores
    bool memoryBound = false;
};

/// time = max(compute, memory) + overhead. Compute: ceil(tiles x splits / cores) waves, each one tile of
/// tileM x tileN x K/splits at peak x mainloopEfficiency / cores, plus split-K's FP32 partial sums written and
/// read back; split-K (2, 4, 8, keeping K/split >= minSplitK) only when the output tiles do not fill the cores,
/// the split that finishes first, as a library's heuristic picks it. Memory: bytes() at readEfficiency.
/// scripts/fit_kernel_parameters.py is the same model in Python and fits its efficiencies.
GemmTime gemmTime(const GemmChip& chip, const GemmShape& shape);

} // namespace accelscope::models::system
