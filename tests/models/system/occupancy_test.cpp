// SPDX-License-Identifier: MIT
// NVIDIA SM occupancy: the Best Practices Guide example, each limiter, the 1
// KiB reserve, the carve-out, per-block limits and the next-cliff numbers, all
// derived by hand below.
#include "models/system/chip/occupancy.hpp"

#include <catch2/catch.hpp>

using namespace accelscope::models::system;

namespace {

ArchLimits cc(int major, int minor)
{
    auto limits = archLimitsForComputeCapability(major, minor);
    REQUIRE(limits.has_value());
    return *limits;
}

LaunchConfig launch(int threads, int registers, int sharedBytes = 0)
{
    LaunchConfig l;
    l.threadsPerBlock = threads;
    l.registersPerThread = registers;
    l.sharedMemoryPerBlockBytes = sharedBytes;
    return l;
}

} // namespace

TEST_CASE("Best Practices Guide example: 320-thread blocks at 37 registers "
          "give 4 blocks on 7.0, not 5")
{
    // CUDA C++ Best Practices Guide, "Execution Configuration" > "Occupancy" >
    // "Calculating Occupancy", compute capability 7.0: 128-thread blocks at 37
    // registers reach 75 % (12 blocks), 320-thread blocks "only 63 %" because
    // only four blocks fit. 37 registers × 32 lanes = 1184 → rounded to the
    // 256-register unit: 1280 per warp. Each of the 4 sub-partitions has 65536 /
    // 4 = 16384 registers → ⌊16384 / 1280⌋ = 12 warps, 48 per SM. 320 threads =
    // 10 warps → ⌊48 / 10⌋ = 4 blocks = 40 warps = 40/64 = 62.5 %. Plain
    // division, 65536 / (320 × 37) = 5.53, would say 5.
    const ArchLimits volta = cc(7, 0);
    CHECK(65536 / (320 * 37) == 5);
    const Occupancy big = computeOccupancy(volta, launch(320, 37));
    CHECK(big.activeBlocksPerSm == 4);
    CHECK(big.activeWarpsPerSm == 40);
    CHECK_THAT(big.occupancy, Catch::Matchers::WithinAbs(0.625, 1e-12));
    CHECK(big.limiter == Limiter::Registers);
    CHECK(big.registersPerBlock == 12800); // 1280 × 10 warps
    // 128 threads = 4 warps → ⌊48 / 4⌋ = 12 blocks = 48 warps = 75 %.
    const Occupancy small = computeOccupancy(volta, launch(128, 37));
    CHECK(small.activeBlocksPerSm == 12);
    CHECK_THAT(small.occupancy, Catch::Matchers::WithinAbs(0.75, 1e-12));
}

TEST_CASE("each limiter is named with the block count every resource allows")
{
    struct Row {
        int major, minor, threads, registers, shared;
        int blocks, warps, byWarps, byRegisters, bySharedMemory;
        Limiter limiter;
    };
    const int unl = unlimitedBlocks;
    const Row rows[] = {
        // 8.0, 1024 threads = 32 warps: ⌊64 / 32⌋ = 2. 16 registers → 512 per
        // warp → 32 warps per
        // sub-partition → 128 / 32 = 4. Shared: only the 1 KiB reserve → 167936 /
        // 1024 = 164.
        {8, 0, 1024, 16, 0, 2, 64, 2, 4, 164, Limiter::Warps},
        // 8.6, 32 threads = 1 warp: warps allow 48, 16 registers allow 128,
        // shared 102400 / 1024
        // = 100, but 8.6 holds only 16 resident blocks.
        {8, 6, 32, 16, 0, 16, 16, 48, 128, 100, Limiter::Blocks},
        // 7.0 example above: registers.
        {7, 0, 320, 37, 0, 4, 40, 6, 4, unl, Limiter::Registers},
        // 8.0, 256 threads, 32 registers, 32 KiB: 32768 + 1024 reserve = 33792 (a
        // multiple of
        // 128) → ⌊167936 / 33792⌋ = 4; warps ⌊64 / 8⌋ = 8; registers 1024 per
        // warp → 16 per
        // sub-partition → 64 / 8 = 8.
        {8, 0, 256, 32, 32 * 1024, 4, 32, 8, 8, 4, Limiter::SharedMemory},
    };
    for (const Row& r : rows) {
        CAPTURE(r.major, r.minor, r.threads, r.registers, r.shared);
        const Occupancy o = computeOccupancy(cc(r.major, r.minor), launch(r.threads, r.registers, r.shared));
        CHECK(o.activeBlocksPerSm == r.blocks);
        CHECK(o.activeWarpsPerSm == r.warps);
        CHECK(o.blocksByWarps == r.byWarps);
        CHECK(o.blocksByRegisters == r.byRegisters);
        CHECK(o.blocksBySharedMemory == r.bySharedMemory);
        CHECK(o.limiter == r.limiter);
    }
}

TEST_CASE("the 1 KiB reserve from 8.0 costs a block that 7.0 and plain "
          "division would give")
{
    // 32 KiB per block on 8.0: without the reserve ⌊167936 / 32768⌋ = 5; with it
    // 33792 → 4.
    CHECK(167936 / 32768 == 5);
    const Occupancy ampere = computeOccupancy(cc(8, 0), launch(256, 32, 32 * 1024));
    CHECK(ampere.sharedMemoryPerBlockBytes == 33792);
    CHECK(ampere.blocksBySharedMemory == 4);
    // 9.0: ⌊233472 / 33792⌋ = 6 (⌊233472 / 32768⌋ = 7 without it).
    CHECK(computeOccupancy(cc(9, 0), launch(128, 32, 32 * 1024)).blocksBySharedMemory == 6);
    // 7.0 has no reserve: 32768 rounds to the 256-byte unit unchanged, ⌊98304 /
    // 32768⌋ = 3.
    const Occupancy volta = computeOccupancy(cc(7, 0), launch(256, 32, 32 * 1024));
    CHECK(volta.sharedMemoryPerBlockBytes == 32768);
    CHECK(volta.blocksBySharedMemory == 3);
    // The allocation unit: 8.0 rounds 1000 + 1024 = 2024 to 2048 (128 B); 7.0
    // rounds 1000 to 1024 (256 B).
    CHECK(computeOccupancy(cc(8, 0), launch(32, 16, 1000)).sharedMemoryPerBlockBytes == 2048);
    CHECK(computeOccupancy(cc(7, 0), launch(32, 16, 1000)).sharedMemoryPerBlockBytes == 1024);
}

TEST_CASE("per-block limits: opt-in maximum with the reserve, 48 KiB without "
          "opt-in, 255 registers")
{
    const ArchLimits ampere = cc(8, 0);
    // 163 KiB = 166912 B + 1024 = 167936 = the whole SM: one block. One byte more
    // rounds to 168064.
    CHECK(computeOccupancy(ampere, launch(128, 32, 166912)).activeBlocksPerSm == 1);
    CHECK(computeOccupancy(ampere, launch(128, 32, 166913)).activeBlocksPerSm == 0);
    LaunchConfig noOptIn = launch(128, 32, 48 * 1024);
    noOptIn.sharedMemoryOptIn = false;
    CHECK(computeOccupancy(ampere, noOptIn).activeBlocksPerSm == 3); // 50176 B → ⌊167936 / 50176⌋
    noOptIn.sharedMemoryPerBlockBytes += 1;
    CHECK(computeOccupancy(ampere, noOptIn).activeBlocksPerSm == 0);
    CHECK(computeOccupancy(ampere, launch(32, 256)).blocksByRegisters == 0);
    // 1024 threads at 65 registers: 2080 → 2304 per warp × 32 warps > 65536.
    CHECK(computeOccupancy(ampere, launch(1024, 65)).activeBlocksPerSm == 0);
    CHECK(computeOccupancy(ampere, launch(1056, 16)).blocksByWarps == 0);
}

TEST_CASE("a carve-out preference holds while one block fits, else the next "
          "option that holds one")
{
    // 8.0, 128 threads, 16 registers, no shared memory: each block still takes
    // the 1 KiB reserve. 0 % carve-out → 0 KiB, too small → the next option, 8
    // KiB → ⌊8192 / 1024⌋ = 8 blocks.
    LaunchConfig l = launch(128, 16);
    l.carveoutPercent = 0;
    const Occupancy small = computeOccupancy(cc(8, 0), l);
    CHECK(small.sharedMemoryPerSmBytes == 8192);
    CHECK(small.activeBlocksPerSm == 8);
    CHECK(small.limiter == Limiter::SharedMemory);
    // 25 % of 164 KiB = 41984 B → the 64 KiB option → 64 blocks by shared memory.
    l.carveoutPercent = 25;
    CHECK(computeOccupancy(cc(8, 0), l).sharedMemoryPerSmBytes == 64 * 1024);
    // 7.5 offers only 32 and 64 KiB: 0 % gives 32 KiB → ⌊32768 / 8192⌋ = 4;
    // default 64 KiB → 8.
    LaunchConfig t = launch(64, 16, 8192);
    t.carveoutPercent = 0;
    CHECK(computeOccupancy(cc(7, 5), t).blocksBySharedMemory == 4);
    t.carveoutPercent = -1;
    CHECK(computeOccupancy(cc(7, 5), t).blocksBySharedMemory == 8);
}

TEST_CASE("next cliff: registers and shared bytes that gain or lose one block")
{
    // 7.0, 320 threads, 37 registers, 4 blocks. 33–37 registers all round to 1280
    // per warp; at 32 (1024 per warp, 16 warps per sub-partition, 64 per SM) 6
    // blocks fit: 5 fewer. 48 registers (1536, 10 warps per sub-partition, 40 per
    // SM) still give 4; 49 (1792, 9, 36) give 3: 12 more.
    const Occupancy o = computeOccupancy(cc(7, 0), launch(320, 37));
    CHECK(o.cliff.registersFewerForOneMoreBlock == 5);
    CHECK(o.cliff.registersMoreToLoseOneBlock == 12);
    // No shared memory: nothing to remove. 4 blocks fit while a block takes ≤
    // 98304 / 4 = 24576 B; 24577 B rounds to 24832 → 3 blocks.
    CHECK_FALSE(o.cliff.sharedBytesFewerForOneMoreBlock.has_value());
    CHECK(o.cliff.sharedBytesMoreToLoseOneBlock == 24577);

    // 8.0, 256 threads, 32 registers, 32 KiB: 4 blocks by shared memory. Five
    // need an allocation ≤ 167936 / 5 = 33587 → 33536 B → 32512 requested: 256
    // fewer. Three once the allocation passes 167936 / 4 = 41984: 41985 − 1024 =
    // 40961 requested, 8193 more.
    const Occupancy s = computeOccupancy(cc(8, 0), launch(256, 32, 32 * 1024));
    CHECK(s.cliff.sharedBytesFewerForOneMoreBlock == 256);
    CHECK(s.cliff.sharedBytesMoreToLoseOneBlock == 8193);
    // Registers do not bind (8 blocks): fewer gain nothing; 65 registers (2304
    // per warp, 7 warps per sub-partition, 28 per SM, 3 blocks) lose one: 33
    // more.
    CHECK_FALSE(s.cliff.registersFewerForOneMoreBlock.has_value());
    CHECK(s.cliff.registersMoreToLoseOneBlock == 33);
}

TEST_CASE("published compute capabilities carry the technical-specifications "
          "values")
{
    struct Row {
        int major, minor, warps, blocks, smemPerSm, optIn, reserve, unit;
    };
    const Row rows[] = {
        {7, 0, 64, 32, 96 * 1024, 96 * 1024, 0, 256},       {7, 2, 64, 32, 96 * 1024, 96 * 1024, 0, 256},
        {7, 5, 32, 16, 64 * 1024, 64 * 1024, 0, 256},       {8, 0, 64, 32, 164 * 1024, 163 * 1024, 1024, 128},
        {8, 6, 48, 16, 100 * 1024, 99 * 1024, 1024, 128},   {8, 7, 48, 16, 164 * 1024, 163 * 1024, 1024, 128},
        {8, 9, 48, 24, 100 * 1024, 99 * 1024, 1024, 128},   {9, 0, 64, 32, 228 * 1024, 227 * 1024, 1024, 128},
        {10, 0, 64, 32, 228 * 1024, 227 * 1024, 1024, 128}, {10, 3, 64, 32, 228 * 1024, 227 * 1024, 1024, 128},
        {12, 0, 48, 24, 100 * 1024, 99 * 1024, 1024, 128},  {12, 1, 48, 24, 100 * 1024, 99 * 1024, 1024, 128},
    };
    CHECK(supportedComputeCapabilities().size() == std::size(rows));
    for (const Row& r : rows) {
        CAPTURE(r.major, r.minor);
        const ArchLimits a = cc(r.major, r.minor);
        CHECK(a.maxWarpsPerSm == r.warps);
        CHECK(a.maxBlocksPerSm == r.blocks);
        CHECK(a.sharedMemoryPerSmBytes == r.smemPerSm);
        CHECK(a.maxSharedMemoryPerBlockOptInBytes == r.optIn);
        CHECK(a.reservedSharedMemoryPerBlockBytes == r.reserve);
        CHECK(a.sharedMemoryAllocationUnitBytes == r.unit);
        CHECK(a.carveoutOptionsBytes.back() == r.smemPerSm);
        CHECK(a.registersPerSm == 65536);
        CHECK(a.maxRegistersPerThread == 255);
    }
    CHECK_FALSE(archLimitsForComputeCapability(11, 0).has_value());
    CHECK_FALSE(archLimitsForComputeCapability(6, 1).has_value());
    CHECK_FALSE(archLimitsForComputeCapability(7, 1).has_value());
}

TEST_CASE("limiter names")
{
    CHECK(limiterName(Limiter::Warps) == "warps");
    CHECK(limiterName(Limiter::Registers) == "registers");
    CHECK(limiterName(Limiter::SharedMemory) == "shared memory");
    CHECK(limiterName(Limiter::Blocks) == "blocks");
}
