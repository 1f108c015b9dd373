// SPDX-License-Identifier: MIT
// NVIDIA SM occupancy: resident blocks and warps per SM from block size,
// registers and shared memory, computed with the rules of NVIDIA's CUDA
// Occupancy Calculator (cuda_occupancy.h).
#pragma once

#include <limits>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

namespace accelscope::models::system {

/// The per-SM limits of one compute capability that decide occupancy. Sizes in
/// bytes, register counts in 32-bit registers. Filled by
/// `archLimitsForComputeCapability`; every value there names its source.
struct ArchLimits {
    int computeMajor = 0;
    int computeMinor = 0;
    int warpSize = 32;                         ///< threads per warp
    int maxThreadsPerBlock = 0;                ///< threads
    int maxWarpsPerSm = 0;                     ///< resident warps per SM
    int maxBlocksPerSm = 0;                    ///< resident blocks per SM
    int registersPerSm = 0;                    ///< 32-bit registers per SM
    int maxRegistersPerBlock = 0;              ///< 32-bit registers one block may hold
    int maxRegistersPerThread = 0;             ///< 32-bit registers one thread may use
    int registerAllocationUnit = 0;            ///< registers; each warp's registers round up to this
    int subPartitions = 0;                     ///< SM sub-partitions (SMSPs), each with 1/n of the registers
    int sharedMemoryPerSmBytes = 0;            ///< largest shared-memory carve-out per SM
    std::vector<int> carveoutOptionsBytes;     ///< shared-memory sizes per SM the
                                               ///< L1/shared split allows, ascending
    int sharedMemoryAllocationUnitBytes = 0;   ///< a block's shared memory rounds up to this
    int reservedSharedMemoryPerBlockBytes = 0; ///< the driver's own shared memory per block (1 KiB from 8.0)
    int maxSharedMemoryPerBlockBytes = 0;      ///< per-block limit without opt-in (48 KiB)
    int maxSharedMemoryPerBlockOptInBytes = 0; ///< per-block limit after cudaFuncSetAttribute opt-in
};

/// One kernel launch as the occupancy calculator sees it.
struct LaunchConfig {
    int threadsPerBlock = 0;           ///< threads, ≥ 1
    int registersPerThread = 0;        ///< 32-bit registers (ptxas "Used N registers"); 0 means none
    int sharedMemoryPerBlockBytes = 0; ///< static + dynamic shared memory the kernel asks for, bytes,
                                       ///< without the driver's reserved part
    /// True when the kernel opted in
    /// (cudaFuncAttributeMaxDynamicSharedMemorySize) to more than 48 KiB per
    /// block; false keeps the 48 KiB default limit.
    bool sharedMemoryOptIn = true;
    /// Preferred shared-memory carve-out in percent of `sharedMemoryPerSmBytes`
    /// (0–100), or −1 for the driver default
    /// (cudaFuncAttributePreferredSharedMemoryCarveout).
    int carveoutPercent = -1;
};

/// A resource that caps the resident blocks per SM.
enum class Limiter { Warps, Registers, SharedMemory, Blocks };

/// Stands for "this resource sets no limit" in the per-resource block counts.
inline constexpr int unlimitedBlocks = std::numeric_limits<int>::max();

/// How far a register or shared-memory change must go to move the block count
/// by one. Empty when no change of that resource alone moves it (another
/// resource binds, or the range ends).
struct OccupancyCliff {
    std::optional<int> registersFewerForOneMoreBlock;   ///< registers per thread to remove
    std::optional<int> registersMoreToLoseOneBlock;     ///< registers per thread to add
    std::optional<int> sharedBytesFewerForOneMoreBlock; ///< bytes per block to remove
    std::optional<int> sharedBytesMoreToLoseOneBlock;   ///< bytes per block to add
};

/// The occupancy of one launch on one SM.
struct Occupancy {
    int activeBlocksPerSm = 0;
    int activeWarpsPerSm = 0;
    double occupancy = 0.0; ///< active warps ÷ max warps per SM, in [0, 1]
    int warpsPerBlock = 0;
    int registersPerBlock = 0;         ///< registers allocated to one block (after rounding)
    int sharedMemoryPerBlockBytes = 0; ///< shared memory allocated to one block (reserve + rounding)
    int sharedMemoryPerSmBytes = 0;    ///< the carve-out the launch runs with
    int blocksByWarps = 0;             ///< blocks each resource allows alone
    int blocksByRegisters = 0;         ///< `unlimitedBlocks` when no registers are used
    int blocksBySharedMemory = 0;      ///< `unlimitedBlocks` when no shared memory is allocated
    int blocksByBlockSlots = 0;
    Limiter limiter = Limiter::Warps; ///< the first binding resource, in `Limiter` order
    std::vector<Limiter> limiters;    ///< every resource whose count equals the result
    OccupancyCliff cliff;
};

/// Resident blocks and warps per SM for `launch`, the calculator's rules: warps
/// per block round up to whole warps; each warp's registers round up to
/// `registerAllocationUnit` and warps fit per sub-partition; shared memory per
/// block is the request plus the reserve rounded up to the allocation unit, and
/// the SM's carve-out is the preferred one or, if a block does not fit in it,
/// the smallest option that holds one block. A block that breaks a per-block
/// limit gives 0 blocks. Preconditions: `threadsPerBlock` ≥ 1,
/// `registersPerThread` ≥ 0, `sharedMemoryPerBlockBytes` ≥ 0, `carveoutPercent`
/// in −1…100.
Occupancy computeOccupancy(const ArchLimits& arch, const LaunchConfig& launch);

/// The same block count without the cliff search (what the cross-check and the
/// cliff search call).
Occupancy computeOccupancyNoCliff(const ArchLimits& arch, const LaunchConfig& launch);

/// The limits of compute capability
/// `major`.`minor`: 7.0, 7.2, 7.5, 8.0, 8.6, 8.7, 8.9, 9.0, 10.0, 10.3, 12.0
/// and 12.1. Empty for any other (see the source file for what is left out).
std::optional<ArchLimits> archLimitsForComputeCapability(int major, int minor);

/// The compute capabilities `archLimitsForComputeCapability` knows, as {major,
/// minor}, ascending.
std::vector<std::pair<int, int>> supportedComputeCapabilities();

/// "warps", "registers", "shared memory" or "blocks".
std::string_view limiterName(Limiter limiter);

} // namespace accelscope::models::system
