// SPDX-License-Identifier: MIT
// Pipeline schedules against the published closed forms over a grid of p, m, v and op times.
#include "models/pipeline/pipeline_schedule.hpp"

#include <catch2/catch.hpp>

#include <limits>

#include <algorithm>

using namespace accelscope::models::pipeline;

namespace {

PipelineResult run(Schedule s, int p, int m, int v = 1, double f = 1, double b = 1, double w = 1, double comm = 0)
{
    PipelineConfig c;
    c.schedule = s;
    c.stages = p;
    c.microbatches = m;
    c.chunks = v;
    c.forwardTime = f;
    c.backwardTime = b;
    c.weightTime = w;
    c.commTime = comm;
    auto r = simulatePipeline(c);
    REQUIRE(r.has_value());
    return *r;
}

double peak(const PipelineResult& r) { return *std::ranges::max_element(r.peakActivations); }

} // namespace

TEST_CASE("GPipe and 1F1B: bubble (p−1)/(m+p−1) of total time and (p−1)/m of ideal time")
{
    // Huang et al. 2019 (GPipe §2.3); Narayanan et al. 2021 (§2.2): bubble time (p−1)(tf + tb).
    const Schedule s = GENERATE(Schedule::GPipe, Schedule::OneFOneB);
    for (const int p : {1, 2, 4, 8}) {
        for (const int m : {1, 4, 8, 16}) {
            INFO(scheduleName(s) << " p=" << p << " m=" << m);
            const auto r = run(s, p, m, 1, 1.0, 1.5, 0.5);
            CHECK(r.bubbleTime == Approx((p - 1) * 3.0));
            CHECK(r.bubbleFractionOfTotal == Approx((p - 1.0) / (m + p - 1.0)));
            CHECK(r.bubbleFractionOfIdeal == Approx((p - 1.0) / m));
            CHECK(r.makespan == Approx(r.idealTime + r.bubbleTime));
        }
    }
}

TEST_CASE("peak in-flight activations: m for GPipe, p for 1F1B and ZB-H1, 2p−1 for ZB-H2")
{
    for (const int p : {2, 4, 8}) {
        const int m = 4 * p;
        INFO("p=" << p);
        CHECK(peak(run(Schedule::GPipe, p, m)) == m);
        CHECK(peak(run(Schedule::OneFOneB, p, m)) == p);
        CHECK(peak(run(Schedule::ZbH1, p, m)) == p);
        CHECK(peak(run(Schedule::ZbH2, p, m)) == 2 * p - 1);
        CHECK(run(Schedule::OneFOneB, p, m).peakActivations.back() == 1); // the last stage holds one
    }
}

TEST_CASE("interleaved 1F1B: bubble (p−1)/(v·m) of ideal time")
{
    // Narayanan et al. 2021, §2.2.2: the bubble shrinks by the number of chunks v.
    for (const int p : {2, 4}) {
        for (const int v : {2, 3, 4}) {
            for (const int m : {p, 2 * p, 4 * p}) {
                INFO("p=" << p << " v=" << v << " m=" << m);
                const auto r = run(Schedule::Interleaved, p, m, v, 1.0, 2.0, 0.0);
                CHECK(r.bubbleFractionOfIdeal == Approx((p - 1.0) / (v * m)));
            }
        }
    }
}

TEST_CASE("zero bubble: ZB-H1 (p−1)(F+B−W) and ZB-H2 (p−1)(F+B−2W)")
{
    // Qi et al. 2024, §2.1–2.2, for W ≤ B and F + B ≥ 2W (the paper's regime).
    struct Times {
        double f, b, w;
    };
    const Times t = GENERATE(values<Times>({{1, 1, 1}, {1, 1.5, 0.5}, {2, 3, 1}}));
    for (const int p : {2, 3, 4, 8}) {
        for (const int m : {2 * p, 3 * p, 4 * p}) {
            INFO("F=" << t.f << " B=" << t.b << " W=" << t.w << " p=" << p << " m=" << m);
            CHECK(run(Schedule::ZbH1, p, m, 1, t.f, t.b, t.w).bubbleTime == Approx((p - 1) * (t.f + t.b - t.w)));
            CHECK(run(Schedule::ZbH2, p, m, 1, t.f, t.b, t.w).bubbleTime == Approx((p - 1) * (t.f + t.b - 2 * t.w)));
        }
    }
    // With equal times ZB-H1 has a third of 1F1B's bubble and ZB-H2 none.
    CHECK(run(Schedule::ZbH1, 4, 16).bubbleTime * 3 == Approx(run(Schedule::OneFOneB, 4, 16).bubbleTime));
    CHECK(run(Schedule::ZbH2, 4, 16).bubbleTime == Approx(0.0));
}

TEST_CASE("communication adds a hop per stage boundary on the critical path")
{
    const auto r = run(Schedule::GPipe, 4, 4, 1, 1, 1, 0, 0.25);
    CHECK(r.makespan == Approx(4 * 2.0 + 3 * 2.0 + 2 * 3 * 0.25));
}

TEST_CASE("every op appears once and respects its dependencies")
{
    const auto r = run(Schedule::Interleaved, 4, 8, 2);
    CHECK(r.ops.size() == static_cast<std::size_t>(4 * 8 * 2 * 2));
    for (const auto& op : r.ops) CHECK(op.end > op.start);
}

TEST_CASE("activation bytes follow Korthikanti et al.'s per-layer formula")
{
    // s = 2048, b = 1, h = 4096, a = 32: s·b·h·(34 + 5·a·s/h) = 2048·4096·(34 + 80) bytes per layer.
    PipelineConfig c;
    c.schedule = Schedule::OneFOneB;
    c.stages = 4;
    c.microbatches = 8;
    c.model = ActivationModel{32, 4096, 32, 2048, 1};
    const auto r = simulatePipeline(c);
    REQUIRE(r.has_value());
    const double perLayer = 2048.0 * 4096.0 * 114.0;
    CHECK(r->peakActivationBytes.front() == Approx(4 * 8 * perLayer)); // 4 micro-batches × 8 layers
}

TEST_CASE("bad configurations are clear errors")
{
    const auto error = [](PipelineConfig c) { return simulatePipeline(c).error().message; };
    PipelineConfig c;
    c.stages = 0;
    CHECK_THAT(error(c), Catch::Contains("p (stages) must be 1 to 1024"));
    c.stages = 4;
    c.microbatches = 0;
    CHECK_THAT(error(c), Catch::Contains("m (micro-batches) must be 1"));
    c.microbatches = 6;
    c.schedule = Schedule::Interleaved;
    c.chunks = 2;
    CHECK_THAT(error(c), Catch::Contains("m to be a multiple of p (m = 6, p = 4)"));
    c.chunks = 0;
    CHECK_THAT(error(c), Catch::Contains("v (chunks per device) must be 1 to 64"));
    c.microbatches = 8;
    c.chunks = 2147483647; // issue #29: an internal error before
    CHECK_THAT(error(c), Catch::Contains("v (chunks per device) must be 1 to 64"));
    c.stages = 1024;
    c.microbatches = 2048;
    c.chunks = 2;
    CHECK_THAT(error(c), Catch::Contains("p x m x v must be at most 1,000,000"));
    c.stages = 4;
    c.microbatches = 6;
    c.chunks = 1;
    CHECK_THAT(error(c), Catch::Contains("interleaving needs v ≥ 2"));
    c.schedule = Schedule::OneFOneB;
    c.forwardTime = 0;
    CHECK_THAT(error(c), Catch::Contains("op times must be positive"));
    c.forwardTime = std::numeric_limits<double>::infinity();
    CHECK_THAT(error(c), Catch::Contains("op times must be positive finite numbers"));
    c.forwardTime = 1;
    c.weightTime = std::numeric_limits<double>::quiet_NaN();
    CHECK_THAT(error(c), Catch::Contains("op times must be positive finite numbers"));
    c.weightTime = 0;
    c.commTime = std::numeric_limits<double>::quiet_NaN(); // issue #29: printed a bubble of 0
    CHECK_THAT(error(c), Catch::Contains("communication time must be a finite number"));
}
