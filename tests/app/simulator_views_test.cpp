// SPDX-License-Identifier: MIT
// Warp and pipeline views: state without ImGui, headless frames, SVG export.
#include "app/gui/visualizers/pipeline/pipeline_visualizer.hpp"
#include "app/gui/visualizers/warp/warp_visualizer.hpp"
#include "tests/app/headless_imgui.hpp"

#include <catch2/catch.hpp>

namespace gui = accelscope::gui;
namespace pl = accelscope::models::pipeline;
namespace simt = accelscope::models::simt;
using accelscope::tests::FakeDrawContext;
using accelscope::tests::HeadlessImGui;

TEST_CASE("warp view: presets, program edits and playback")
{
    gui::warp::WarpVisualizer view;
    REQUIRE(view.loadPreset("tid-lt-16"));
    REQUIRE(view.run(simt::ExecutionModel::PreVolta).has_value());
    CHECK(view.run(simt::ExecutionModel::PreVolta)->total.simdEfficiency == 0.5);
    CHECK(view.stepCount() == 2);
    view.setProgram("if tid <\n");
    CHECK_THAT(view.error(), Catch::StartsWith("line 1, column 9"));
    CHECK_FALSE(view.run(simt::ExecutionModel::Its).has_value());
    REQUIRE(view.loadPreset("spin-lock"));
    CHECK_FALSE(view.run(simt::ExecutionModel::PreVolta)->completed);
    CHECK(view.run(simt::ExecutionModel::Its)->completed);
    view.loadPreset("tid-lt-16");
    view.setCustomData("1, 2, x");
    CHECK_THAT(view.error(), Catch::Contains("only whole numbers"));
    CHECK_FALSE(view.loadPreset("no-such-preset"));
}

TEST_CASE("pipeline view: two schedules, the closed form beside, invalid settings reported")
{
    gui::pipeline::PipelineVisualizer view;
    view.setSchedules(pl::Schedule::GPipe, pl::Schedule::ZbH2);
    REQUIRE(view.top().has_value());
    REQUIRE(view.bottom().has_value());
    CHECK(view.top()->bubbleTime == Approx(pl::closedFormBubbleTime(view.config())));
    view.config().microbatches = 6; // not a multiple of p = 4 …
    view.setSchedules(pl::Schedule::Interleaved, std::nullopt);
    CHECK_THAT(view.error(), Catch::Contains("multiple of p"));
    CHECK_FALSE(view.bottom().has_value());
}

TEST_CASE("both simulator views draw headless frames and export SVG")
{
    HeadlessImGui imgui;
    FakeDrawContext context;
    gui::warp::WarpVisualizer warpView;
    gui::pipeline::PipelineVisualizer pipelineView;
    for (int frame = 0; frame < 3; ++frame) {
        context.dark = frame == 1;
        accelscope::tests::frame(warpView, context, ImVec2(400, 300));
        CHECK(ImGui::GetDrawData()->TotalVtxCount > 500);
        accelscope::tests::frame(pipelineView, context, ImVec2(400, 300));
        CHECK(ImGui::GetDrawData()->TotalVtxCount > 500);
    }
    warpView.togglePlay();
    accelscope::tests::frame(warpView, context, ImVec2(400, 300));
    CHECK(context.animationRequests > 0); // playing asks the host for frames
    CHECK_THAT(warpView.svg(), Catch::StartsWith("<svg") && Catch::Contains("<rect"));
    CHECK_THAT(pipelineView.svg(), Catch::StartsWith("<svg") && Catch::Contains("<rect"));
}
