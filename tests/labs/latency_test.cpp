// SPDX-License-Identifier: MIT
// Pointer chasing: the chain is one cycle through every line; the quick run yields a curve.
#include "labs/latency/latency_lab.hpp"

#include <catch2/catch.hpp>

#include <vector>

using namespace accelscope::labs;

TEST_CASE("Sattolo's algorithm gives one cycle through every node")
{
    for (const std::uint64_t nodes : {2u, 3u, 64u, 1000u, 4096u}) {
        INFO(nodes);
        const auto next = latency::randomCycle(nodes, 7);
        std::vector<bool> seen(nodes, false);
        std::uint64_t at = 0;
        for (std::uint64_t step = 0; step < nodes; ++step) {
            CHECK_FALSE(seen[at]);
            seen[at] = true;
            at = next[at];
        }
        CHECK(at == 0); // back at the start after exactly `nodes` steps
    }
    CHECK(latency::randomCycle(1000, 1) != latency::randomCycle(1000, 2));
}

TEST_CASE("the latency lab runs at quick sizes with working sets that double")
{
    latency::LatencyLab lab;
    RunConfig config;
    config.quick = true;
    const auto result = lab.run(config);
    REQUIRE(result.has_value());
    REQUIRE(result->series.size() == 1); // quick: huge pages only
    const auto& points = result->series.front().points;
    REQUIRE(points.size() == 9);         // 4 KiB … 1 MiB
    CHECK(points.front().x == 4.0);
    for (std::size_t i = 1; i < points.size(); ++i) CHECK(points[i].x == 2 * points[i - 1].x);
    for (const auto& p : points) CHECK(p.y > 0.0);
    config.parameters["pages"] = 3;
    CHECK_THAT(lab.run(config).error().message, Catch::Contains("parameter 'pages' = 3 is out of range"));
}
