// SPDX-License-Identifier: MIT
// NVIDIA SM occupancy with the CUDA Occupancy Calculator's rules, and the
// per-CC limits it uses.
#include "models/system/chip/occupancy.hpp"

#include <algorithm>
#include <cassert>

namespace accelscope::models::system {

namespace {

constexpr int kib = 1024;

int divideRoundUp(int x, int y) { return (x + y - 1) / y; }
int roundUp(int x, int y) { return divideRoundUp(x, y) * y; }

// Sources for the table below.
// [TS]  CUDA C++ Programming Guide, "Compute Capabilities", Table "Technical
// Specifications per
//       Compute Capability" (docs.nvidia.com/cuda/cuda-c-programming-guide/
//       #features-and-technical-specifications): threads per block, resident
//       blocks / warps per SM, 64 K 32-bit registers per SM and per block, 255
//       registers per thread, shared memory per SM and the per-block maximum
//       after opt-in.
// [SM]  Same guide, the "Shared Memory" subsection of each architecture
// (7.x, 8.x, 9.0, 10.0,
//       12.0): the carve-out sizes per SM the L1/shared split can take.
// [OCC] NVIDIA's occupancy calculator, cuda_occupancy.h (CUDA 13.0 toolkit):
//       cudaOccRegAllocationGranularity (256 registers per warp),
//       cudaOccSubPartitionsPerMultiprocessor (4),
//       cudaOccSMemAllocationGranularity (256 B for 7.x, 128 B from 8.x),
//       cudaOccMaxBlocksPerMultiprocessor, cudaOccAlignUpShmemSizeVoltaPlus
//       (carve-out options), cudaOccSMemPerBlock (the 1 KiB reserve counts
//       against the per-block limit from 8.0). reservedSharedMemPerBlock = 1
//       KiB from 8.0: cudaDeviceProp::reservedSharedMemPerBlock (CUDA Runtime
//       API) and the guide's 8.x "Shared Memory" section ("1 KB of shared
//       memory is reserved for system use").
//
// Left out: 11.0 (Jetson Thor, called 10.1 before CUDA 13): cuda_occupancy.h
// knows it but I did not read its resident-warp limit in a primary source, so
// it is not guessed. 5.x and 6.x: CUDA 13 no longer builds for them, and
// Pascal's partitioned global caching and GP100's two sub-partitions are rules
// of their own. 10.1 as a number no longer exists (renamed 11.0).
struct CcRow {
    int major;
    int minor;
    int maxWarpsPerSm;          // [TS]
    int maxBlocksPerSm;         // [TS], equal to [OCC] cudaOccMaxBlocksPerMultiprocessor
    int sharedPerSmKib;         // [TS] "maximum amount of shared memory per SM"
    int sharedPerBlockOptInKib; // [TS] "maximum amount of shared memory per thread block"
    int family;                 // index into the carve-out lists below
};

// Carve-out options per SM in KiB, [SM] and [OCC]
// cudaOccAlignUpShmemSizeVoltaPlus.
constexpr int carveVolta[] = {0, 8, 16, 32, 64, 96};                    // 7.0, 7.2
constexpr int carveTuring[] = {32, 64};                                 // 7.5
constexpr int carveGa100[] = {0, 8, 16, 32, 64, 100, 132, 164};         // 8.0, 8.7
constexpr int carve100[] = {0, 8, 16, 32, 64, 100};                     // 8.6, 8.9, 12.x
constexpr int carve228[] = {0, 8, 16, 32, 64, 100, 132, 164, 196, 228}; // 9.0, 10.x

constexpr CcRow ccRows[] = {
    {7, 0, 64, 32, 96, 96, 0},    {7, 2, 64, 32, 96, 96, 0},   {7, 5, 32, 16, 64, 64, 1},
    {8, 0, 64, 32, 164, 163, 2},  {8, 6, 48, 16, 100, 99, 3},  {8, 7, 48, 16, 164, 163, 2},
    {8, 9, 48, 24, 100, 99, 3},   {9, 0, 64, 32, 228, 227, 4}, {10, 0, 64, 32, 228, 227, 4},
    {10, 3, 64, 32, 228, 227, 4}, {12, 0, 48, 24, 100, 99, 3}, {12, 1, 48, 24, 100, 99, 3},
};

std::vector<int> carveoutBytes(int family)
{
    auto toBytes = [](const auto& kibs) {
        std::vector<int> out;
        for (int k : kibs) out.push_back(k * kib);
        return out;
    };
    switch (family) {
    case 0: return toBytes(carveVolta);
    case 1: return toBytes(carveTuring);
    case 2: return toBytes(carveGa100);
    case 3: return toBytes(carve100);
    default: return toBytes(carve228);
    }
}

// The smallest carve-out option that holds `bytes`; `bytes` never exceeds the
// largest option because the per-block limit is at most the SM's shared memory.
int alignUpToCarveout(const ArchLimits& arch, int bytes)
{
    for (int option : arch.carveoutOptionsBytes)
        if (option >= bytes) return option;
    return arch.carveoutOptionsBytes.back();
}

int blocksByRegisters(const ArchLimits& arch, int warpsPerBlock, int registersPerThread, int& perBlock)
{
    // [OCC] cudaOccMaxBlocksPerSMRegsLimit: registers go to warps, each warp's
    // count rounded up to the allocation unit; each sub-partition holds 1/n of
    // the file and whole warps.
    const int perWarp = roundUp(registersPerThread * arch.warpSize, arch.registerAllocationUnit);
    perBlock = perWarp * warpsPerBlock;
    // The launch check assumes the block's warps spread over all sub-partitions
    // at once, so it rounds the warp count up to a multiple of them. (While
    // registers per block equal registers per SM, as on 7.0–12.x, the
    // sub-partition count below already gives 0 whenever this fails.)
    const int perBlockChecked = perWarp * roundUp(warpsPerBlock, arch.subPartitions);
    if (registersPerThread > arch.maxRegistersPerThread || perBlock > arch.maxRegistersPerBlock ||
        perBlockChecked > arch.maxRegistersPerBlock)
        return 0;
    if (perWarp == 0) return unlimitedBlocks;
    const int warpsPerSubPartition = (arch.registersPerSm / arch.subPartitions) / perWarp;
    return warpsPerSubPartition * arch.subPartitions / warpsPerBlock;
}

int blocksBySharedMemory(const ArchLimits& arch, const LaunchConfig& launch, Occupancy& out)
{
    // [OCC] cudaOccMaxBlocksPerSMSmemLimit.
    const int allocated = roundUp(launch.sharedMemoryPerBlockBytes + arch.reservedSharedMemoryPerBlockBytes,
                                  arch.sharedMemoryAllocationUnitBytes);
    out.sharedMemoryPerBlockBytes = allocated;
    const int perBlockLimit =
        (launch.sharedMemoryOptIn ? std::max(arch.maxSharedMemoryPerBlockOptInBytes, arch.maxSharedMemoryPerBlockBytes)
                                  : arch.maxSharedMemoryPerBlockBytes) +
        arch.reservedSharedMemoryPerBlockBytes;
    if (allocated > perBlockLimit) {
        out.sharedMemoryPerSmBytes = 0;
        return 0;
    }
    const int preferred = launch.carveoutPercent < 0
                              ? alignUpToCarveout(arch, arch.sharedMemoryPerSmBytes)
                              : alignUpToCarveout(arch, launch.carveoutPercent * arch.sharedMemoryPerSmBytes / 100);
    // The preference holds as long as one block fits in it; otherwise the driver
    // takes the smallest carve-out that holds one block.
    const int perSm = preferred >= allocated ? preferred : alignUpToCarveout(arch, allocated);
    out.sharedMemoryPerSmBytes = perSm;
    return allocated > 0 ? perSm / allocated : unlimitedBlocks;
}

int activeBlocks(const ArchLimits& arch, const LaunchConfig& launch)
{
    return computeOccupancyNoCliff(arch, launch).activeBlocksPerSm;
}

// The smallest change of registers per thread, within [1,
// maxRegistersPerThread], that gains (direction −1) or loses (direction +1) a
// resident block.
std::optional<int> registerCliff(const ArchLimits& arch, LaunchConfig launch, int direction)
{
    const int start = launch.registersPerThread;
    const int blocks = activeBlocks(arch, launch);
    for (int r = start + direction; r >= 1 && r <= arch.maxRegistersPerThread; r += direction) {
        launch.registersPerThread = r;
        const int now = activeBlocks(arch, launch);
        if (direction < 0 ? now > blocks : now < blocks) return direction * (r - start);
    }
    return std::nullopt;
}

// The same for shared bytes per block. The allocation only changes at multiples
// of the allocation unit, so the candidates are the largest request of each
// smaller allocation and the smallest request of each larger one.
std::optional<int> sharedCliff(const ArchLimits& arch, LaunchConfig launch, int direction)
{
    const int start = launch.sharedMemoryPerBlockBytes;
    const int unit = arch.sharedMemoryAllocationUnitBytes;
    const int reserve = arch.reservedSharedMemoryPerBlockBytes;
    const int highest = std::max(arch.maxSharedMemoryPerBlockOptInBytes, arch.maxSharedMemoryPerBlockBytes);
    const int blocks = activeBlocks(arch, launch);
    const int allocated = roundUp(start + reserve, unit);
    for (int k = 1;; ++k) {
        const int request = direction < 0 ? allocated - k * unit - reserve : allocated + (k - 1) * unit + 1 - reserve;
        if (request < 0 || request > highest) return std::nullopt;
        launch.sharedMemoryPerBlockBytes = request;
        const int now = activeBlocks(arch, launch);
        if (direction < 0 ? now > blocks : now < blocks) return direction < 0 ? start - request : request - start;
    }
}

} // namespace

Occupancy computeOccupancyNoCliff(const ArchLimits& arch, const LaunchConfig& launch)
{
    assert(launch.threadsPerBlock >= 1 && launch.registersPerThread >= 0 && launch.sharedMemoryPerBlockBytes >= 0);
    assert(launch.carveoutPercent >= -1 && launch.carveoutPercent <= 100);
    Occupancy out;
    out.warpsPerBlock = divideRoundUp(launch.threadsPerBlock, arch.warpSize);
    // [OCC] cudaOccMaxBlocksPerSMWarpsLimit.
    out.blocksByWarps = launch.threadsPerBlock > arch.maxThreadsPerBlock ? 0 : arch.maxWarpsPerSm / out.warpsPerBlock;
    out.blocksByRegisters =
        blocksByRegisters(arch, out.warpsPerBlock, launch.registersPerThread, out.registersPerBlock);
    out.blocksBySharedMemory = blocksBySharedMemory(arch, launch, out);
    out.blocksByBlockSlots = arch.maxBlocksPerSm;
    out.activeBlocksPerSm =
        std::min({out.blocksByWarps, out.blocksByRegisters, out.blocksBySharedMemory, out.blocksByBlockSlots});
    const std::pair<Limiter, int> counts[] = {{Limiter::Warps, out.blocksByWarps},
                                              {Limiter::Registers, out.blocksByRegisters},
                                              {Limiter::SharedMemory, out.blocksBySharedMemory},
                                              {Limiter::Blocks, out.blocksByBlockSlots}};
    for (const auto& [limiter, count] : counts)
        if (count == out.activeBlocksPerSm) out.limiters.push_back(limiter);
    out.limiter = out.limiters.front();
    out.activeWarpsPerSm = out.activeBlocksPerSm * out.warpsPerBlock;
    out.occupancy = static_cast<double>(out.activeWarpsPerSm) / arch.maxWarpsPerSm;
    return out;
}

Occupancy computeOccupancy(const ArchLimits& arch, const LaunchConfig& launch)
{
    Occupancy out = computeOccupancyNoCliff(arch, launch);
    out.cliff.registersFewerForOneMoreBlock = registerCliff(arch, launch, -1);
    out.cliff.registersMoreToLoseOneBlock = registerCliff(arch, launch, +1);
    out.cliff.sharedBytesFewerForOneMoreBlock = sharedCliff(arch, launch, -1);
    out.cliff.sharedBytesMoreToLoseOneBlock = sharedCliff(arch, launch, +1);
    return out;
}

std::optional<ArchLimits> archLimitsForComputeCapability(int major, int minor)
{
    const auto row = std::find_if(std::begin(ccRows), std::end(ccRows),
                                  [&](const CcRow& r) { return r.major == major && r.minor == minor; });
    if (row == std::end(ccRows)) return std::nullopt;
    ArchLimits a;
    a.computeMajor = major;
    a.computeMinor = minor;
    a.warpSize = 32;             // [TS] "Warp size"
    a.maxThreadsPerBlock = 1024; // [TS] "Maximum number of threads per block"
    a.maxWarpsPerSm = row->maxWarpsPerSm;
    a.maxBlocksPerSm = row->maxBlocksPerSm;
    a.registersPerSm = 64 * kib;       // [TS] "Number of 32-bit registers per SM"
    a.maxRegistersPerBlock = 64 * kib; // [TS] "Maximum number of 32-bit registers per thread block"
    a.maxRegistersPerThread = 255;     // [TS] "Maximum number of 32-bit registers per thread"
    a.registerAllocationUnit = 256;    // [OCC] cudaOccRegAllocationGranularity, per warp
    a.subPartitions = 4;               // [OCC] cudaOccSubPartitionsPerMultiprocessor
    a.sharedMemoryPerSmBytes = row->sharedPerSmKib * kib;
    a.carveoutOptionsBytes = carveoutBytes(row->family);
    a.sharedMemoryAllocationUnitBytes = major >= 8 ? 128 : 256;     // [OCC] cudaOccSMemAllocationGranularity
    a.reservedSharedMemoryPerBlockBytes = major >= 8 ? 1 * kib : 0; // [OCC], [SM] 8.x: 1 KB reserved
    a.maxSharedMemoryPerBlockBytes = 48 * kib;                      // [TS] default per-block limit
    a.maxSharedMemoryPerBlockOptInBytes = row->sharedPerBlockOptInKib * kib;
    return a;
}

std::vector<std::pair<int, int>> supportedComputeCapabilities()
{
    std::vector<std::pair<int, int>> out;
    for (const CcRow& r : ccRows) out.emplace_back(r.major, r.minor);
    return out;
}

std::string_view limiterName(Limiter limiter)
{
    switch (limiter) {
    case Limiter::Warps: return "warps";
    case Limiter::Registers: return "registers";
    case Limiter::SharedMemory: return "shared memory";
    case Limiter::Blocks: return "blocks";
    }
    return "unknown";
}

} // namespace accelscope::models::system
