// SPDX-License-Identifier: MIT
// Precision views: state changes tested without ImGui, every view drawn for a few headless frames.
#include "app/gui/visualizers/precision/precision_visualizer.hpp"
#include "tests/app/headless_imgui.hpp"

#include <catch2/catch.hpp>

using namespace accelscope::gui::precision;
using namespace accelscope::models::precision;
using accelscope::tests::FakeDrawContext;
using accelscope::tests::HeadlessImGui;

TEST_CASE("bit editor: flipping bits and typing values")
{
    BitEditorView view;
    view.setFormat(ElementFormat::Fp8E4M3);
    CHECK(view.code() == 0x38u); // 1.0
    view.flipBit(7);
    CHECK(decode(ElementFormat::Fp8E4M3, view.code()) == -1.0);
    REQUIRE(view.enterValue("464"));
    CHECK(view.code() == 0x7Eu); // the tie rounds to even: 448
    REQUIRE(view.enterValue("500"));
    CHECK(view.code() == 0x7Fu); // overflow without saturation is NaN in E4M3
    CHECK_FALSE(view.enterValue("12abc"));
    CHECK(view.message() == "'12abc' is not a number");
    view.setFormat(ElementFormat::Fp4E2M1);
    CHECK_FALSE(view.enterValue("nan"));
    CHECK(view.message() == "FP4 E2M1 has no NaN");
}

TEST_CASE("block view: an outlier raises the shared scale")
{
    BlockView view;
    view.setFormat(BlockFormat::MxFp4);
    for (std::size_t i = 0; i < view.values().size(); ++i) view.setValue(i, 1.0);
    const auto before = view.quantized().scaleCodes.front();
    view.setValue(3, 100.0);
    CHECK(view.quantized().scaleCodes.front() > before);
    CHECK(view.quantized().values[0] == 0.0); // 1.0 / 16 = 0.0625 flushes to zero in E2M1
    view.setFormat(BlockFormat::NvFp4);
    CHECK(view.values().size() == 16);
}

TEST_CASE("quantization lab: metrics for every selected scheme and a CSV of them")
{
    QuantizationLabView view;
    const auto& results = view.results();
    REQUIRE(results.size() == 6);
    for (const auto& r : results) {
        INFO(r.scheme);
        CHECK(r.error.empty());
        CHECK(r.metrics.count == 65536);
    }
    const std::string csv = view.csv();
    CHECK(std::count(csv.begin(), csv.end(), '\n') == 7);
    view.setTensor({1.0, -2.0, 0.5, 4.0}, "tiny.npy");
    CHECK(view.results().front().metrics.count == 4);
}

TEST_CASE("format table CSV lists element and block formats with model sizes")
{
    FormatTableView table;
    table.setParameters(70.0f);
    const std::string csv = table.csv();
    CHECK_THAT(csv, Catch::Contains("FP8 E4M3,±448,"));
    CHECK_THAT(csv, Catch::Contains("NVFP4,"));
    CHECK_THAT(csv, Catch::Contains(",0.5625,39.38\n")); // 70e9 · 0.5625 B = 39.375 GB
}

TEST_CASE("every precision tab draws headless frames without ImGui asserts")
{
    HeadlessImGui imgui;
    PrecisionVisualizer visualizer;
    FakeDrawContext context;
    for (int tab = 0; tab < 5; ++tab) {
        visualizer.selectTab(static_cast<PrecisionVisualizer::Tab>(tab));
        for (int frame = 0; frame < 3; ++frame) {
            context.dark = frame == 1;
            accelscope::tests::frame(visualizer, context, ImVec2(300, 200));
        }
        CHECK(visualizer.currentTab() == static_cast<PrecisionVisualizer::Tab>(tab));
        CHECK(ImGui::GetDrawData()->TotalVtxCount > 200);
    }
    visualizer.numberLine().setFormats(ElementFormat::Fp4E2M1, ElementFormat::Int4);
    visualizer.numberLine().setLogScale(false);
    visualizer.selectTab(PrecisionVisualizer::Tab::NumberLine);
    accelscope::tests::frame(visualizer, context, ImVec2(300, 200));
    accelscope::tests::frame(visualizer, context, ImVec2(300, 200));
}
