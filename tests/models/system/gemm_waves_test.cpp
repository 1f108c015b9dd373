// SPDX-License-Identifier: MIT
// A GEMM's tiles in waves (gemm_waves) and the Inside-the-chip figures (chip_figure), against counts
// derived by hand below on the default GemmChip: 132 cores, 128 x 256 tiles, 989.5 TFLOP/s at 0.78,
// 3,350 GB/s at 0.935, split-K only below one tile per core.
#include "models/system/chip/chip_figure.hpp"
#include "models/system/chip/gemm_waves.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

using namespace accelscope::models::system;
using accelscope::models::figure::Figure;

namespace {

GemmShape shape(double m, double n, double k)
{
    GemmShape s;
    s.m = m;
    s.n = n;
    s.k = k;
    return s;
}

bool hasStatistic(const Figure& f, const std::string& words)
{
    return std::ranges::any_of(f.statistics, [&](const std::string& line) { return line.find(words) != std::string::npos; });
}

} // namespace

TEST_CASE("4096 cubed on 132 cores: 512 tiles in 4 waves, the last with 116 tiles and 16 idle cores")
{
    // 4096 / 128 = 32 tile rows, 4096 / 256 = 16 tile columns: 512 tiles ≥ 132, so no split-K.
    // ⌈512 / 132⌉ = 4 waves; 512 − 3·132 = 116 in the last; efficiency 512 / 528.
    const GemmChip chip;
    const GemmWaves w = gemmWaves(chip, shape(4096, 4096, 4096));
    CHECK(w.tilesM == 32);
    CHECK(w.tilesN == 16);
    CHECK(w.time.splitK == 1);
    CHECK(w.time.waves == 4);
    CHECK(w.lastWaveTiles == 116);
    CHECK(w.idleCoresLastWave == 16);
    CHECK_THAT(w.time.waveEfficiency, Catch::Matchers::WithinRel(512.0 / 528.0, 1e-12));
    // Compute 4 waves × 2·128·256·4096 / (989.5e12 · 0.78 / 132) = 183.6 µs ≫ memory 32.1 µs; + 24 µs.
    CHECK_FALSE(w.time.memoryBound);
    CHECK_THAT(w.time.seconds, Catch::Matchers::WithinRel(207.64e-6, 1e-3));
    CHECK_THAT(w.achievedTflops, Catch::Matchers::WithinRel(2.0 * 4096 * 4096 * 4096 / 207.64e-6 / 1e12, 1e-3));
}

TEST_CASE("tiles go to waves row-major, 132 at a time")
{
    const GemmChip chip;
    const GemmWaves w = gemmWaves(chip, shape(4096, 4096, 4096));
    // Tile (row, col) is piece row·16 + col: 131 = (8, 3) is the last of wave 0, 132 = (8, 4) the first of wave 1.
    CHECK(gemmTileWave(chip, w, 0, 0, 0) == 0);
    CHECK(gemmTileWave(chip, w, 8, 3, 0) == 0);
    CHECK(gemmTileWave(chip, w, 8, 4, 0) == 1);
    CHECK(gemmTileWave(chip, w, 31, 15, 0) == 3);
}

TEST_CASE("one column of tiles more crosses a wave boundary: 4097 columns need a fifth wave and run slower")
{
    // N = 4097: 17 tile columns, 32 × 17 = 544 tiles > 4 × 132 = 528, so 5 waves for 0.02 % more FLOPs.
    const GemmChip chip;
    const GemmWaves before = gemmWaves(chip, shape(4096, 4096, 4096));
    const GemmWaves after = gemmWaves(chip, shape(4096, 4097, 4096));
    CHECK(after.time.waves == 5);
    CHECK(after.lastWaveTiles == 16);
    CHECK(after.achievedTflops < 0.85 * before.achievedTflops);
    const auto sweep = gemmSweep(chip, shape(4096, 4096, 4096), GemmSweepAxis::N, 4096, 4097, 2);
    REQUIRE(sweep.size() == 2);
    CHECK(sweep[0].waves == 4);
    CHECK(sweep[1].waves == 5);
    CHECK(sweep[1].achievedTflops < sweep[0].achievedTflops);
}

TEST_CASE("a small output splits K in 4: 32 tiles become 128 pieces in one wave")
{
    // 1024 × 1024: 8 × 4 = 32 tiles < 132. Compute per split (µs): 1: 91.8; 2: 45.9 + 5.4 = 51.3;
    // 4: 23.0 + 10.7 = 33.7; 8: 2 waves, 23.0 + 21.4 = 44.4 (partials 2·s·M·N·4 B at 0.935 × 3,350 GB/s). 4 wins.
    const GemmChip chip;
    const GemmWaves w = gemmWaves(chip, shape(1024, 1024, 8192));
    CHECK(w.time.splitK == 4);
    CHECK(w.time.tiles == 128);
    CHECK(w.time.waves == 1);
    CHECK(w.idleCoresLastWave == 4);
    CHECK_THAT(w.time.computeSeconds, Catch::Matchers::WithinRel(33.667e-6, 1e-3));
    // Piece = split·32 + tile: all 128 pieces fit in wave 0.
    CHECK(gemmTileWave(chip, w, 7, 3, 3) == 0);
}

TEST_CASE("the sweep range covers a few wave periods around N and never goes below 1")
{
    const GemmChip chip;
    // M = 4096: 32 tiles per column, a wave is 132 / 32 = 4.125 columns = 1,056 of N; ± 3 periods = ± 3,168.
    const auto [low, high] = gemmSweepRange(chip, shape(4096, 4096, 4096), GemmSweepAxis::N);
    CHECK_THAT(low, Catch::Matchers::WithinAbs(4096 - 3168, 1e-9));
    CHECK_THAT(high, Catch::Matchers::WithinAbs(4096 + 3168, 1e-9));
    const auto small = gemmSweepRange(chip, shape(4096, 256, 4096), GemmSweepAxis::N);
    CHECK(small.first == 1);
}

TEST_CASE("the GEMM figure states tiles, waves, efficiency, split-K, compute vs memory and TFLOP/s")
{
    const GemmChip chip;
    const Figure f = gemmWavesFigure(chip, shape(4096, 4096, 4096), false, "H100");
    CHECK(f.title == "GEMM waves: 4,096 x 4,096 x 4,096 BF16 on H100");
    CHECK(hasStatistic(f, "32 x 16 = 512 output tiles, no split-K"));
    CHECK(hasStatistic(f, "4 waves on 132 cores: wave efficiency 97.0 % (last wave 116 tiles, 16 cores idle)"));
    CHECK(hasStatistic(f, "compute-bound"));
    CHECK(hasStatistic(f, "TFLOP/s of 989.5 peak"));
    CHECK(std::ranges::any_of(f.legend, [](const auto& e) { return e.label == "last wave: 116 of 132 cores busy"; }));
    // The last wave's cores: 116 filled and 16 hollow squares (a stroke, no fill).
    const auto hollow = std::ranges::count_if(f.chart.rects, [](const auto& r) { return r.fill.a == 0 && r.strokeWidth == 1.0 && r.width < 10; });
    CHECK(hollow == 16);
}

TEST_CASE("a full last wave has no idle cores and no last-wave colour")
{
    // 128 × (132 · 256): one row of 132 tiles, exactly one wave.
    const GemmChip chip;
    const Figure f = gemmWavesFigure(chip, shape(128, 132 * 256, 4096), false);
    CHECK(hasStatistic(f, "1 wave on 132 cores: wave efficiency 100.0 %"));
    CHECK(std::ranges::none_of(f.legend, [](const auto& e) { return e.label.starts_with("last wave"); }));
}

TEST_CASE("a big output draws at most the capped grid of cells, each for a block of tiles")
{
    // 65,536²: 512 × 256 tiles. Rows: ⌈512 / 24⌉ = 22 tiles per cell, ⌈512 / 22⌉ = 24 drawn; columns:
    // ⌈256 / 40⌉ = 7 tiles per cell, ⌈256 / 7⌉ = 37 drawn. Each cell has one outline (no fill, wider than a core's square).
    const GemmChip chip;
    const Figure f = gemmWavesFigure(chip, shape(65536, 65536, 4096), true);
    CHECK(f.dark);
    const auto cells = std::ranges::count_if(f.chart.rects, [](const auto& r) { return r.fill.a == 0 && r.width >= 10; });
    CHECK(cells == 24 * 37);
    CHECK(hasStatistic(f, "512 x 256 = 131,072 output tiles"));
    for (const auto& t : f.chart.texts) {
        INFO(t.text);
        CHECK(t.x >= 0);
        CHECK(t.x <= f.chart.width);
    }
}

TEST_CASE("the occupancy figure highlights the binding resource and fills the warp slots")
{
    // The Best Practices Guide example on 7.0: 320 threads at 37 registers give 4 blocks of 10 warps by registers.
    const auto arch = archLimitsForComputeCapability(7, 0);
    REQUIRE(arch);
    LaunchConfig launch;
    launch.threadsPerBlock = 320;
    launch.registersPerThread = 37;
    const Occupancy r = computeOccupancy(*arch, launch);
    const Figure f = occupancyFigure(r, *arch, launch, false);
    CHECK(f.subtitle == "4 blocks, 40 warps per SM: 62.5 %, limited by registers");
    CHECK(hasStatistic(f, "4 blocks x 10 warps = 40 of 64 warps: occupancy 62.5 %"));
    CHECK(std::ranges::any_of(f.chart.texts, [](const auto& t) { return t.text == "4 (binds)"; }));
    CHECK(std::ranges::count_if(f.chart.texts, [](const auto& t) { return t.text.ends_with("(binds)"); }) == 1);
    // 64 warp slots: 40 filled, 24 hollow.
    const auto hollow = std::ranges::count_if(f.chart.rects, [](const auto& rect) { return rect.fill.a == 0; });
    CHECK(hollow == 24);
}

TEST_CASE("the CDNA occupancy figure names its limiter")
{
    const auto limits = cdnaLimits("gfx942");
    REQUIRE(limits);
    const CdnaLaunch launch{256, 128, 0, 0};
    const CdnaOccupancy r = computeCdnaOccupancy(*limits, launch);
    const Figure f = cdnaOccupancyFigure(r, *limits, launch, false);
    CHECK(f.subtitle.ends_with("limited by " + std::string(cdnaLimiterName(r.limiter))));
    CHECK(hasStatistic(f, std::to_string(r.activeWavesPerCu) + " of 32 waves"));
}

TEST_CASE("the occupancy figure states the next cliffs and keeps the scale at the block slots")
{
    // 9.0, 256 threads x 64 registers: 2,048 per warp, 8 warps per sub-partition, 32 per SM = 4 blocks by registers.
    // 48 registers (−16) give 1,536 per warp, 10 per sub-partition, 40 per SM = 5 blocks; 65 round up to 2,304 per
    // warp, 7 per sub-partition, 28 per SM = 3 blocks. Shared memory alone allows ⌊233,472 / 1,024⌋ = 228 blocks.
    const auto arch = archLimitsForComputeCapability(9, 0);
    REQUIRE(arch);
    LaunchConfig launch;
    launch.threadsPerBlock = 256;
    launch.registersPerThread = 64;
    const Figure f = occupancyFigure(computeOccupancy(*arch, launch), *arch, launch, false);
    CHECK(hasStatistic(f, "next cliff: 16 fewer registers per thread -> one block more"));
    CHECK(hasStatistic(f, "next cliff: 1 more register per thread -> one block fewer"));
    CHECK(std::ranges::any_of(f.chart.texts, [](const auto& t) { return t.text == "228 (off the scale)"; }));
    for (const auto& r : f.chart.rects) CHECK(r.x + r.width <= f.chart.width);
}
