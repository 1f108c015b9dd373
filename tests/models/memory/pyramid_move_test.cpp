// SPDX-License-Identifier: MIT
// Move-N-bytes times per memory pyramid level (models/memory/pyramid_move).
#include "models/memory/memory_pyramid.hpp"
#include "models/memory/pyramid_move.hpp"
#include "tests/models/roofline/roofline_fixture.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace accelscope::models::memory;
using Catch::Matchers::WithinRel;

TEST_CASE("moving bytes takes bytes over bandwidth plus latency when the latency is known")
{
    struct Row {
        double bytes;
        std::optional<double> bandwidthGBps;
        std::optional<double> latencyNs;
        std::optional<double> capacityBytes;
        std::optional<double> seconds;
        bool latencyIncluded;
        bool exceeds;
    };
    // 3.35e9 B at 3350 GB/s = 1 ms; 1e9 B at 100 GB/s + 100 ns = 0.01 s + 1e-7 s; 1 MiB into a 48 KiB cache exceeds it.
    const auto row = GENERATE(Row{3.35e9, 3350.0, std::nullopt, 80e9, 1e-3, false, false},
                              Row{1e9, 100.0, 100.0, std::nullopt, 0.0100001, true, false},
                              Row{1048576.0, 300.0, 4.5, 49152.0, 1048576.0 / 300e9 + 4.5e-9, true, true},
                              Row{1e9, std::nullopt, 90.0, 64e9, std::nullopt, false, false});
    const LevelMove m = moveThrough(row.bytes, row.bandwidthGBps, row.latencyNs, row.capacityBytes);
    CHECK(m.bytes == row.bytes);
    REQUIRE(m.seconds.has_value() == row.seconds.has_value());
    if (row.seconds) CHECK_THAT(*m.seconds, WithinRel(*row.seconds, 1e-12));
    CHECK(m.latencyIncluded == row.latencyIncluded);
    CHECK(m.exceedsCapacity == row.exceeds);
}

TEST_CASE("the H100 pyramid: 3.35 GB through HBM3 in 1 ms plus the measured latency")
{
    // Moved from the GUI tests ("1 ms (+ latency)"): H100 SXM HBM3 at 3350 GB/s (catalog memory_bw_gbs).
    const MemoryPyramid p = devicePyramid(accelscope::tests::bundledDevice("nvidia-h100-sxm"));
    const auto moves = moveTimes(p, 3.35e9);
    REQUIRE(moves.size() == p.levels.size());
    const auto hbm = std::ranges::find_if(p.levels, [](const auto& l) { return l.label == "HBM3"; });
    REQUIRE(hbm != p.levels.end());
    const LevelMove& m = moves[static_cast<std::size_t>(hbm - p.levels.begin())];
    REQUIRE(m.seconds.has_value());
    CHECK_THAT(*m.seconds, WithinRel(1e-3 + 478.8 / 1.755 * 1e-9, 1e-12)); // + Luo et al.'s H800 global latency
    CHECK(m.latencyIncluded);
    CHECK_FALSE(m.exceedsCapacity); // 3.35 GB < 80 GB
    CHECK(moves[2].seconds.has_value()); // L2: Luo et al.'s measured H800 throughput
    CHECK_FALSE(moves[0].latencyIncluded); // the register file has no latency figure
    CHECK(moveTimes(p, 100e9)[static_cast<std::size_t>(hbm - p.levels.begin())].exceedsCapacity);
}
