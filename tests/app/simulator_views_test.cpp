// SPDX-License-Identifier: MIT
// Warp and pipeline views: state without ImGui, playback, headless frames, SVG export.
#include "app/gui/pipeline-bubbles/pipeline_visualizer.hpp"
#include "app/gui/warp-divergence/warp_visualizer.hpp"
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

TEST_CASE("pipeline view: a playback step is the next moment an op starts, in either chart")
{
    gui::pipeline::PipelineVisualizer view;
    view.setSchedules(pl::Schedule::OneFOneB, std::nullopt);
    view.config().stages = 2;
    view.config().microbatches = 2;
    // 1F1B, p = 2, m = 2, F = 1, B + W = 2 (one op), no communication:
    //   d0: F0 [0,1]  F1 [1,2]  B0 [4,6]  B1 [7,9]      d1: F0 [1,2]  B0 [2,4]  F1 [4,5]  B1 [5,7]
    // distinct starts 0, 1, 2, 4, 5, 7: six steps; makespan (m + p − 1)(F + B + W) = 9.
    REQUIRE(view.stepCount() == 6);
    CHECK(view.step() == -1);
    CHECK_FALSE(view.cursorTime().has_value());
    const std::vector<double> cursor{0, 1, 2, 4, 5, 7};
    for (int step = 1; step <= 6; ++step) {
        view.setStep(step);
        INFO("step " << step);
        REQUIRE(view.cursorTime().has_value());
        CHECK(*view.cursorTime() == Approx(cursor[static_cast<std::size_t>(step - 1)]));
    }
    // Comparing with ZB-H1 (B and W split, 1 each) adds its start times on the same cursor:
    //   d0: F0 0  F1 1  B0 3  W0 4  B1 5  W1 6      d1: F0 1  B0 2  F1 3  B1 4  W0 5  W1 6
    // the union with 1F1B's is 0, 1, …, 7: eight steps.
    view.setSchedules(pl::Schedule::OneFOneB, pl::Schedule::ZbH1);
    CHECK(view.stepCount() == 8);
    view.setStep(4);
    CHECK(*view.cursorTime() == Approx(3.0));
}

TEST_CASE("pipeline view: stepping 1F1B with p 4 and m 8 moves the cursor, clamps at both ends, -1 shows everything")
{
    gui::pipeline::PipelineVisualizer view;
    view.setSchedules(pl::Schedule::OneFOneB, std::nullopt);
    view.config().stages = 4;
    view.config().microbatches = 8;
    const int count = view.stepCount();
    REQUIRE(count > 0);
    CHECK(count <= static_cast<int>(view.top()->ops.size()));
    const double bubble = view.top()->bubbleTime;
    const std::string fullSvg = view.svg();

    view.stepBy(1); // from "everything" forward: the first op start, as on the Warp page
    CHECK(view.step() == 1);
    CHECK(*view.cursorTime() == Approx(0.0));
    view.stepBy(1);
    CHECK(view.step() == 2);
    CHECK(*view.cursorTime() == Approx(1.0)); // d0's second forward and d1's first
    view.stepBy(-1);
    view.stepBy(-1);
    CHECK(view.step() == 0);
    view.stepBy(-1);
    CHECK(view.step() == 0); // clamped at the start
    view.setStep(count);
    // The last op to start is d0's last backward (B + W = 2): makespan 33 − 2.
    CHECK(*view.cursorTime() == Approx(view.top()->makespan - 2.0));
    view.stepBy(1);
    CHECK(view.step() == count); // clamped at the end
    view.setStep(count + 10);
    CHECK(view.step() == count);
    view.setStep(-1);
    view.stepBy(-1); // from "everything" back: the step before the last
    CHECK(view.step() == count - 1);
    view.setStep(-7);
    CHECK(view.step() == -1);
    CHECK_FALSE(view.cursorTime().has_value());

    // The statistics are those of the whole schedule at any step; the SVG (the slide figure) shows
    // the step, and the whole schedule again at -1.
    view.setStep(3);
    CHECK(view.top()->bubbleTime == bubble);
    CHECK(view.svg() != fullSvg);
    CHECK_THAT(view.svg(), Catch::Contains("step 3 of " + std::to_string(count)));
    view.setStep(-1);
    CHECK(view.svg() == fullSvg);
    // Fewer micro-batches, fewer steps: the step stays inside the new range.
    view.setStep(count);
    view.config().microbatches = 2;
    CHECK(view.stepCount() < count);
    CHECK(view.step() == view.stepCount());
}

TEST_CASE("pipeline view: playing advances one step per tick, stops at the last step, and a manual step pauses")
{
    HeadlessImGui imgui;
    FakeDrawContext context;
    gui::pipeline::PipelineVisualizer view;
    view.config().stages = 2;
    view.config().microbatches = 2;
    view.setSchedules(pl::Schedule::OneFOneB, std::nullopt);
    REQUIRE(view.stepCount() == 6);
    CHECK_FALSE(view.playing());
    view.togglePlay();
    CHECK(view.playing());
    CHECK(view.step() == 0); // playing from "everything" starts on the empty timeline
    accelscope::tests::frame(view, context, ImVec2(400, 300)); // notes the start time
    CHECK(context.animationRequests > 0);
    for (int tick = 1; tick <= 10; ++tick) {
        context.time += 1.0; // slower than any speed: one step per frame
        accelscope::tests::frame(view, context, ImVec2(400, 300));
        CHECK(view.step() == std::min(tick, 6));
    }
    CHECK_FALSE(view.playing()); // stopped on the last step, the whole picture
    view.togglePlay();           // from the end it starts again
    CHECK(view.step() == 0);
    view.stepBy(1);
    CHECK_FALSE(view.playing());
    CHECK(view.step() == 1);
    view.togglePlay();
    view.togglePlay();
    CHECK_FALSE(view.playing());
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
    for (const int step : {0, 5, pipelineView.stepCount()}) { // mid-animation frames, light and dark
        pipelineView.setStep(step);
        for (const bool dark : {false, true}) {
            context.dark = dark;
            accelscope::tests::frame(pipelineView, context, ImVec2(400, 300));
            CHECK(ImGui::GetDrawData()->TotalVtxCount > 500);
        }
    }
    warpView.togglePlay();
    accelscope::tests::frame(warpView, context, ImVec2(400, 300));
    CHECK(context.animationRequests > 0); // playing asks the host for frames
    CHECK_THAT(warpView.svg(), Catch::StartsWith("<svg") && Catch::Contains("<rect"));
    CHECK_THAT(pipelineView.svg(), Catch::StartsWith("<svg") && Catch::Contains("<rect"));
}
