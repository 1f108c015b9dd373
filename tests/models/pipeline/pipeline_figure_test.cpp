// SPDX-License-Identifier: MIT
// The pipeline figure for slides: step, legend and bubble statistics are in its SVG.
#include "models/pipeline/pipeline_figure.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace accelscope::models;
using namespace accelscope::models::pipeline;

TEST_CASE("pipeline figure of 1F1B p 4 m 8 at step 2 shows the cursor time, ops started and the bubble fraction")
{
    PipelineConfig config; // 1F1B, p 4, m 8, F = B = W = 1
    auto result = simulatePipeline(config);
    REQUIRE(result);
    // 4 stages x 8 micro-batches x (F, B+W) = 64 ops. Start times 0, 1, 2, …: step 2 stands on
    // t = 1, where d0's F0 (t 0), d0's F1 and d1's F0 (t 1) have started: 3 of 64.
    // Bubble (p-1)(F+B+W) = 9 over ideal m(F+B+W) = 24: 9 / 33 = 27.3% of total, 37.5% of ideal.
    const std::vector<double> times = pipelineStepTimes({&*result});
    REQUIRE(times.size() >= 2);
    CHECK(times[1] == Approx(1.0));
    PipelineFigureInput in;
    in.charts.push_back({config.schedule, config, &*result});
    in.step = 2;
    const figure::Figure f = pipelineFigure(in);
    const std::string svg = figure::figureSvg(f);
    CHECK_THAT(svg, Catch::Contains("step 2 of " + std::to_string(times.size()) + ", t = 1"));
    CHECK_THAT(svg, Catch::Contains("Step 2 of " + std::to_string(times.size()) + ": 3 of 64 ops started"));
    CHECK_THAT(svg, Catch::Contains("1f1b: bubble fraction 27.3% of total (37.5% of ideal)"));
    CHECK_THAT(svg, Catch::Contains("F forward") && Catch::Contains("B backward") && Catch::Contains("bubble (stage idle)"));
    CHECK_THAT(svg, Catch::Contains("stroke-dasharray")); // the cursor
    CHECK_THAT(figure::figureCaption(f), Catch::Contains("Narayanan et al., SC 2021"));

    in.step = -1;
    const std::string whole = figure::figureSvg(pipelineFigure(in));
    CHECK_THAT(whole, Catch::Contains("whole schedule") && !Catch::Contains("ops started") && !Catch::Contains("stroke-dasharray"));
}

TEST_CASE("pipeline figure compares two schedules on one axis with both bubble fractions")
{
    PipelineConfig a;
    PipelineConfig b;
    b.schedule = Schedule::ZbH1;
    auto ra = simulatePipeline(a);
    auto rb = simulatePipeline(b);
    REQUIRE(ra);
    REQUIRE(rb);
    PipelineFigureInput in;
    in.charts = {{a.schedule, a, &*ra}, {b.schedule, b, &*rb}};
    in.dark = true;
    const figure::Figure f = pipelineFigure(in);
    REQUIRE(f.statistics.size() == 2);
    CHECK_THAT(f.statistics[1], Catch::StartsWith("zb-h1: bubble fraction"));
    CHECK_THAT(f.title, Catch::Contains("1f1b vs zb-h1"));
    CHECK_THAT(figure::figureSvg(f), Catch::Contains("fill='#1e1e1e'") && Catch::Contains("W weight gradients"));
}
