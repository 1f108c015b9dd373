// SPDX-License-Identifier: MIT
// The roofline chart as a pure function of its state (models/roofline/roofline_chart), its figure, and the chart
// canvas it is drawn with: tips under the mouse, labels that keep clear of each other.
#include "models/figure/chart_canvas.hpp"
#include "models/roofline/roofline_chart.hpp"
#include "models/roofline/roofline_figure.hpp"
#include "tests/models/roofline/roofline_fixture.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace accelscope::models;
using accelscope::tests::bundledDevice;

TEST_CASE("chart canvas: the topmost hover area gives the tip, and a label moves off an earlier one or is left out")
{
    figure::ChartCanvas canvas(200, 100, 10);
    canvas.hit(0, 0, 100, 100, "roof");
    canvas.hit(40, 40, 60, 60, "dot");
    CHECK(figure::tipAt(canvas.chart(), 50, 50) == "dot");
    CHECK(figure::tipAt(canvas.chart(), 10, 10) == "roof");
    CHECK(figure::tipAt(canvas.chart(), 150, 10).empty());
    REQUIRE(canvas.textFree(10, 40, "first", {0, 0, 0}));
    REQUIRE(canvas.textFree(10, 40, "second", {0, 0, 0}));
    const auto& texts = canvas.chart().drawing.texts;
    REQUIRE(texts.size() == 2);
    CHECK(std::abs(texts[1].y - texts[0].y) >= 10); // one text size apart at least: no overlap
    CHECK_FALSE(canvas.textFree(10, 40, "far too long a label for this canvas, whatever its place", {0, 0, 0}));
    CHECK(canvas.chart().drawing.texts.size() == 2);
}

TEST_CASE("roofline chart: a function of its state, with a tip on every dot, and its figure needs a device")
{
    roofline::RooflineState state({bundledDevice("nvidia-h100-sxm"), bundledDevice("amd-instinct-mi300x")});
    REQUIRE(state.deviceIds().size() == 2); // the page's default pair
    const auto chart = roofline::rooflineChart(state, 900, 560, false, 15);
    const auto gemm = std::ranges::find_if(chart.hits, [](const auto& h) { return h.tip.starts_with("GEMM 4096^3 bf16 on NVIDIA H100"); });
    REQUIRE(gemm != chart.hits.end());
    CHECK_THAT(figure::tipAt(chart, (gemm->x0 + gemm->x1) / 2, (gemm->y0 + gemm->y1) / 2), Catch::Contains("compute bound"));
    // Same state, same drawing: the figure's SVG does not depend on anything else.
    const auto first = roofline::rooflineFigure(state, true);
    const auto second = roofline::rooflineFigure(state, true);
    REQUIRE(first.has_value());
    REQUIRE(second.has_value());
    CHECK(figure::figureSvg(*first) == figure::figureSvg(*second));
    CHECK(first->chart.texts.size() == chart.drawing.texts.size());
    state.setDevices({});
    const auto none = roofline::rooflineFigure(state, false);
    REQUIRE_FALSE(none.has_value());
    CHECK_THAT(none.error().message, Catch::Contains("choose a device"));
}
