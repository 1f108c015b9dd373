// SPDX-License-Identifier: MIT
// How one warp's memory request is served: 32-byte sectors touched in global memory (coalescing)
// and the serialisation of shared-memory bank conflicts, for a lane stride.
#pragma once

namespace accelscope::models::simt {

/// Distinct `sectorBytes` sectors that a warp of `width` lanes touches when lane i reads the
/// `elementBytes`-byte element at index i·`strideElements` (aligned base). NVIDIA, CUDA C++ Best
/// Practices Guide, "Coalesced Access to Global Memory": global loads are served in 32-byte sectors.
/// Preconditions: all arguments ≥ 1.
int sectorsPerWarpRequest(int strideElements, int elementBytes, int width = 32, int sectorBytes = 32);

/// Bytes the lanes asked for ÷ bytes the sectors moved, in (0, 1]: 1 when neighbouring lanes read
/// neighbouring elements.
double coalescingEfficiency(int strideElements, int elementBytes, int width = 32, int sectorBytes = 32);

/// Shared-memory bank conflict degree: the most distinct 4-byte words that fall in one bank when
/// lane i reads word i·`strideWords` (banks of 4 bytes; CUDA C++ Programming Guide, "Shared
/// Memory", compute capability 5.x and later: 32 banks). 1 means conflict free; an n-way conflict
/// takes n passes. Preconditions: all arguments ≥ 1.
int bankConflictWays(int strideWords, int banks = 32, int width = 32);

} // namespace accelscope::models::simt
