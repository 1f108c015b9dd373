// SPDX-License-Identifier: MIT
// The warp figure for slides: the step, legend, statistics and program are in its SVG.
#include "models/simt/warp_figure.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace accelscope::models;
using namespace accelscope::models::simt;

namespace {

struct Runs {
    WarpProgram program;
    WarpRun preVolta;
    WarpRun its;
};

Runs runPreset(const char* name)
{
    const WarpPreset* preset = findWarpPreset(name);
    REQUIRE(preset != nullptr);
    auto program = parseWarpProgram(preset->source);
    REQUIRE(program);
    WarpConfig config;
    config.data = preset->data;
    auto a = runWarps(*program, config);
    config.model = ExecutionModel::Its;
    auto b = runWarps(*program, config);
    REQUIRE(a);
    REQUIRE(b);
    return {*program, *a, *b};
}

figure::Figure figureAt(const Runs& r, int step, bool dark = false)
{
    WarpFigureInput in;
    in.program = &r.program;
    in.preVolta = &r.preVolta;
    in.its = &r.its;
    in.programName = "tid-lt-16";
    in.step = step;
    in.dark = dark;
    return warpFigure(in);
}

std::size_t count(const std::string& text, const std::string& what)
{
    std::size_t n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

} // namespace

TEST_CASE("warp figure at step 1 of tid-lt-16 names the step, the 16 active lanes, the legend and the program")
{
    // tid-lt-16: "if tid < 16 / compute 10 / else / compute 10 / end". Step 1 is line 2 on
    // lanes 0-15: 16 of 32 lanes, 50%. Both models run the two paths one after the other: 20
    // cycles, SIMD efficiency 16·10·2 / (32·20) = 50%.
    const Runs r = runPreset("tid-lt-16");
    REQUIRE(warpStepCount(r.preVolta, r.its) == 2);
    const figure::Figure f = figureAt(r, 1);
    const std::string svg = figure::figureSvg(f);
    CHECK(f.subtitle == "step 1 of 2");
    CHECK_THAT(svg, Catch::Contains("step 1 of 2"));
    CHECK_THAT(svg, Catch::Contains("Step 1, pre-Volta: line 2, 16 of 32 lanes active (50.0%), cycle 0"));
    CHECK_THAT(svg, Catch::Contains("SIMD efficiency: pre-Volta 50.0%, ITS 50.0%"));
    CHECK_THAT(svg, Catch::Contains("line 2: ") && Catch::Contains("line 4: ") && Catch::Contains("idle lane"));
    CHECK_THAT(svg, Catch::Contains("if tid &lt; 16"));               // the program, escaped
    CHECK_THAT(svg, Catch::Contains("&gt;  2  ") || Catch::Contains("&gt; 2  ")); // its step line marked
    CHECK_THAT(svg, Catch::Contains("Fung et al., MICRO 2007"));
    CHECK_THAT(figure::figureCaption(f), Catch::Contains("step 1 of 2") && Catch::Contains("Sources: "));
}

TEST_CASE("warp figure grid grows with the step and the whole run says so")
{
    const Runs r = runPreset("tid-lt-16");
    // Per model and step, one rect per lane: 32 lanes x shown issues (plus frame rects).
    const std::string none = figure::figureSvg(figureAt(r, 0));
    const std::string one = figure::figureSvg(figureAt(r, 1));
    const std::string all = figure::figureSvg(figureAt(r, -1));
    CHECK(count(one, "<rect") - count(none, "<rect") == 2 * 32);
    CHECK(count(all, "<rect") - count(none, "<rect") == 2 * 2 * 32);
    CHECK_THAT(all, Catch::Contains("whole run (2 steps)"));
    CHECK_THAT(all, !Catch::Contains("lanes active"));
}

TEST_CASE("warp figure light and dark differ in background and keep every text inside the figure")
{
    const Runs r = runPreset("nested-ifs");
    const figure::Figure light = figureAt(r, 2, false);
    const figure::Figure dark = figureAt(r, 2, true);
    CHECK_THAT(figure::figureSvg(light), Catch::Contains("width='100%'") || Catch::Contains("fill='#ffffff'"));
    CHECK_THAT(figure::figureSvg(dark), Catch::Contains("fill='#1e1e1e'"));
    CHECK_THAT(figure::figureSvg(light), !Catch::Contains("fill='#1e1e1e'"));
    const figure::FigureSize size = figure::figureSize(light);
    // The chart's texts start inside the chart and no longer line runs past the figure's width.
    for (const auto& t : light.chart.texts) CHECK(24 + t.x + figure::textWidthEstimate(t.text, t.size) <= size.width);
    for (const auto& s : light.statistics) CHECK(2 * 24 + figure::textWidthEstimate(s, 15) <= size.width + 0.5);
}

TEST_CASE("warp figure of a stuck loop stays small: at most one column of lanes per pixel")
{
    // spin-lock under pre-Volta never finishes: the run stops at the step limit with thousands of
    // issues, far more than the 640-pixel grid has columns.
    const WarpPreset* preset = findWarpPreset("spin-lock");
    REQUIRE(preset != nullptr);
    auto program = parseWarpProgram(preset->source);
    REQUIRE(program);
    WarpConfig config;
    config.stepLimit = 20000;
    auto a = runWarps(*program, config);
    config.model = ExecutionModel::Its;
    auto b = runWarps(*program, config);
    REQUIRE(a);
    REQUIRE(b);
    REQUIRE(costedIssuesOfWarp0(*a).size() > 5000);
    WarpFigureInput in{&*program, &*a, &*b, 32, 1, "spin-lock", -1, false};
    const figure::Figure f = warpFigure(in);
    CHECK(f.chart.rects.size() <= 2 * (640 + 1) * 32 + 2);
    CHECK(figure::figureSvg(f).size() < 8'000'000);
}
