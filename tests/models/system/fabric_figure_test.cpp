// SPDX-License-Identifier: MIT
// models/system/fabric figures: the ring all-reduce state step by step, its figure, and the collective
// sweep figure with its summary and the measured comparison.
#include "models/system/fabric/collectives.hpp"
#include "models/system/fabric/fabric_figure.hpp"
#include "models/system/fabric/ring_allreduce.hpp"
#include "tests/models/system/fabric_fixture.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

using namespace accelscope::models;
using namespace accelscope::models::system;
using Catch::Matchers::WithinRel;

namespace {

bool hasText(const figure::Figure& f, const std::string& part)
{
    auto in = [&](const std::string& s) { return s.find(part) != std::string::npos; };
    if (in(f.title) || in(f.subtitle)) return true;
    if (std::ranges::any_of(f.statistics, in)) return true;
    if (std::ranges::any_of(f.legend, [&](const figure::LegendEntry& e) { return in(e.label); })) return true;
    return std::ranges::any_of(f.chart.texts, [&](const figure::Drawing::Text& t) { return in(t.text); });
}

} // namespace

TEST_CASE("the ring all-reduce ends with every chunk of every rank holding all N ranks' data")
{
    const int n = GENERATE(range(2, 13));
    INFO("ranks " << n);
    const auto start = ringAllReduceState(n, 0);
    REQUIRE(start);
    CHECK(start->steps == 2 * (n - 1));
    CHECK(start->sends.empty());
    for (const auto& rank : start->contributions) CHECK(std::ranges::all_of(rank, [](int c) { return c == 1; }));
    // After the reduce-scatter (N-1 steps) rank r holds exactly one fully reduced chunk, chunk r + 1 mod N.
    const auto middle = ringAllReduceState(n, n - 1);
    REQUIRE(middle);
    CHECK(middle->phase == "reduce-scatter");
    for (int r = 0; r < n; ++r) {
        const auto& rank = middle->contributions[r];
        CHECK(std::ranges::count(rank, n) == 1);
        CHECK(rank[(r + 1) % n] == n);
    }
    const auto end = ringAllReduceState(n, 2 * (n - 1));
    REQUIRE(end);
    CHECK(end->phase == "all-gather");
    for (const auto& rank : end->contributions) CHECK(std::ranges::all_of(rank, [&](int c) { return c == n; }));
    // One chunk of S/N per step and rank: 2(N-1)/N of the buffer in all, nccl-tests' bus factor.
    CHECK_THAT(end->sentFraction, WithinRel(busBandwidthFactor(Collective::AllReduce, n), 1e-12));
}

TEST_CASE("ring all-reduce of 4 ranks step by step: who sends which chunk and what the receiver then holds")
{
    // Step 1: rank r sends chunk r to r + 1, which adds it to its own copy: 2 ranks' data.
    const auto one = ringAllReduceState(4, 1);
    REQUIRE(one);
    REQUIRE(one->sends.size() == 4);
    for (const auto& s : one->sends) {
        CHECK(s.to == (s.from + 1) % 4);
        CHECK(s.chunk == s.from);
        CHECK(one->contributions[s.to][s.chunk] == 2);
    }
    // Step 2: rank r sends chunk r - 1 (which it got summed at step 1), so the receiver holds 3.
    const auto two = ringAllReduceState(4, 2);
    REQUIRE(two);
    CHECK(two->sends[1].chunk == 0);
    CHECK(two->contributions[2][0] == 3);
    // Step 4 is the first all-gather step: rank r passes on its reduced chunk r + 1, replacing the receiver's.
    const auto four = ringAllReduceState(4, 4);
    REQUIRE(four);
    CHECK(four->phase == "all-gather");
    CHECK(four->phaseStep == 1);
    CHECK(four->sends[0].chunk == 1);
    CHECK(four->contributions[1][1] == 4);
    CHECK(four->contributions[2][1] < 4);
}

TEST_CASE("a ring with too few or too many ranks or a step past the end is an error naming the option")
{
    CHECK(ringAllReduceState(1, 0).error().message.find("--ranks") != std::string::npos);
    CHECK(ringAllReduceState(ringFigureMaxRanks + 1, 0).error().message.find("--ranks") != std::string::npos);
    CHECK(ringAllReduceState(4, 7).error().message.find("--step must be from 0 to 2(N-1) = 6") != std::string::npos);
    CHECK(ringAllReduceState(4, -1).error().message.find("--step") != std::string::npos);
}

TEST_CASE("the ring figure draws every rank's chunks, an arrow per send, and states 2(N-1)/N")
{
    const auto state = ringAllReduceState(4, 2);
    REQUIRE(state);
    const auto f = ringAllReduceFigure(*state, 1024.0 * 1024 * 1024, false);
    // A frame per rank and a cell per chunk; 3 lines per arrow (shaft and head).
    CHECK(f.chart.rects.size() == 4 + 4 * 4);
    CHECK(f.chart.lines.size() == 4 * 3);
    CHECK(hasText(f, "reduce-scatter step 2 of 3"));
    CHECK(hasText(f, "algbw x 1.5"));
    // 2 chunks of 256 MiB sent so far; 1.5 GiB in all.
    CHECK(hasText(f, "2 chunks = 512 MiB"));
    CHECK(hasText(f, "= 1.5 GiB"));
    const auto start = ringAllReduceFigure(*ringAllReduceState(4, 0), 1024.0, false);
    CHECK(start.chart.lines.empty());
}

TEST_CASE("the sweep summary finds the knee by log interpolation and every change of algorithm")
{
    auto point = [](double bytes, double busbw, Algorithm a) {
        CollectiveEstimate e;
        e.bytes = bytes;
        e.busbwGBps = busbw;
        e.algorithm = a;
        return e;
    };
    // Half of the last busbw (40) is 20, halfway between 10 and 30: halfway in log size between 1 and 4 KiB.
    const auto s = summarizeSweep({point(1024, 10, Algorithm::Tree), point(4096, 30, Algorithm::Ring), point(16384, 40, Algorithm::Nvls)});
    CHECK_THAT(s.halfBandwidthBytes, WithinRel(2048.0, 1e-9));
    REQUIRE(s.switches.size() == 2);
    CHECK(s.switches[0].bytes == 4096);
    CHECK(s.switches[0].from == Algorithm::Tree);
    CHECK(s.switches[1].to == Algorithm::Nvls);
}

TEST_CASE("the sweep figure has a curve per algorithm of the fabric, the link dashed, and the measured points")
{
    const Fabric nvls = accelscope::tests::switchedFabric(Generation::Hopper, 450, 8, 1, 50, true);
    const auto algorithms = algorithmsFor(nvls, Collective::AllReduce);
    CHECK(algorithms == std::vector<Algorithm>{Algorithm::Ring, Algorithm::Tree, Algorithm::Nvls});
    CHECK(algorithmsFor(nvls, Collective::AllGather) == std::vector<Algorithm>{Algorithm::Ring});
    const auto f = collectiveSweepFigure(nvls, Collective::AllReduce, Algorithm::Auto, std::nullopt, false);
    REQUIRE(f);
    CHECK(f->legend.size() == 3 + 2); // the algorithms, auto, the dashed link
    CHECK(std::ranges::count_if(f->chart.lines, [](const auto& l) { return l.dashed; }) == 1);
    CHECK(hasText(*f, "test link link: 450 GB/s per direction"));
    // At 16 GiB the library picks NVLS: each GPU sends S once, the switch reduces. Its busbw (algbw x 1.75) stays under
    // the link here: 450 x NVLink efficiency 20.6/25 x fitted NVLS efficiency 0.66 = 245 GB/s algbw, 428 GB/s busbw.
    CHECK(hasText(*f, "at 16 GiB: nvls (simple), busbw 428 GB/s = algbw 245 GB/s x 1.75"));
    CHECK_FALSE(hasText(*f, "busbw above the link"));
    CHECK(hasText(*f, "nvls from"));
    CHECK(f->chart.markers.empty());
    // Another choice is another figure: the ring drawn heavy, auto dashed.
    const auto ring = collectiveSweepFigure(nvls, Collective::AllReduce, Algorithm::Ring, std::nullopt, false);
    REQUIRE(ring);
    CHECK(ring->subtitle != f->subtitle);
    CHECK(std::ranges::count_if(ring->chart.lines, [](const auto& l) { return l.dashed; }) > 1);
    // Measured at twice the model's busbw: the median ratio says 2.
    MeasuredRun run{"test run", {}};
    for (const double bytes : {1 << 20, 1 << 26, 1 << 30}) {
        const auto e = estimateCollective(nvls, Collective::AllReduce, bytes);
        REQUIRE(e);
        run.points.push_back({static_cast<double>(bytes), 2 * e->busbwGBps, e->timeUs / 2});
    }
    const auto c = compareMeasured(nvls, Collective::AllReduce, Algorithm::Auto, run);
    REQUIRE(c);
    CHECK(c->rows == 3);
    CHECK_THAT(c->medianRatio, WithinRel(2.0, 1e-12));
    const auto measured = collectiveSweepFigure(nvls, Collective::AllReduce, Algorithm::Auto, run, false);
    REQUIRE(measured);
    CHECK(measured->chart.markers.size() == 2 * 3); // busbw and time
    CHECK(hasText(*measured, "median 2 over 3 sizes"));
    // Two nodes: the network's rate is dashed too.
    const auto twoNodes = collectiveSweepFigure(accelscope::tests::switchedFabric(Generation::Hopper, 450, 8, 2, 50, true), Collective::AllReduce,
                                                Algorithm::Auto, std::nullopt, true);
    REQUIRE(twoNodes);
    CHECK(std::ranges::count_if(twoNodes->chart.lines, [](const auto& l) { return l.dashed; }) == 2);
    CHECK_FALSE(collectiveSweepFigure(accelscope::tests::switchedFabric(Generation::Hopper, 450, 1, 1, 50, true), Collective::AllReduce,
                                      Algorithm::Auto, std::nullopt, false));
}
