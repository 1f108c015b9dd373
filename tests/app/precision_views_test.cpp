// SPDX-License-Identifier: MIT
// Precision views: state changes tested without ImGui, every view drawn for a few headless frames.
#include "app/gui/precision/precision_visualizer.hpp"
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

TEST_CASE("bit editor: typing re-encodes at once, each field is decoded, and formats are compared")
{
    BitEditorView view;
    view.setFormat(ElementFormat::Fp16);
    view.typeText("65504"); // as each keystroke does: no Enter
    CHECK(view.code() == 0x7BFFu);
    const auto d = view.decoding();
    CHECK(d.exponent == "2^(30 - 15) = 2^15");
    CHECK(d.formula == "+1 × 2^15 × 1.9990234375 = 65504");
    view.typeText("1e-"); // half typed: the code stays, a quiet message says so
    CHECK(view.code() == 0x7BFFu);
    CHECK(view.message().rfind("keep typing", 0) == 0);
    view.typeText("1e-3");
    CHECK(view.message().empty());
    CHECK(view.code() == encode(ElementFormat::Fp16, 1e-3));
    // E4M3 fn has no Inf: 1000 overflows to NaN, and the editor says how to clamp it.
    view.setFormat(ElementFormat::Fp8E4M3);
    view.typeText("1000");
    CHECK(view.code() == 0x7Fu);
    CHECK(view.storageNote().find("Tick Saturate to clamp to 448") != std::string::npos);
    view.setSaturate(true);
    CHECK(view.code() == 0x7Eu);
    CHECK(view.storageNote() == "1000 is beyond FP8 E4M3's largest finite value 448: saturated to 448.");
    const auto rows = view.sideBySide();
    REQUIRE(rows.size() == comparisonFormats().size());
    CHECK(rows[2].stored == 1000); // FP16 holds it exactly
    CHECK(rows[3].stored == 448);  // E4M3, saturated
    // A typed value stays typed when the format changes.
    view.setFormat(ElementFormat::Bf16);
    REQUIRE(view.typedValue().has_value());
    CHECK(*view.typedValue() == 1000);
    CHECK(view.code() == encode(ElementFormat::Bf16, 1000));
}

TEST_CASE("the number line marks max, min normal and min subnormal")
{
    HeadlessImGui imgui;
    FakeDrawContext context;
    NumberLineView line;
    line.setFormats(ElementFormat::Fp8E4M3, std::nullopt);
    REQUIRE(line.markers().size() == 3);
    CHECK(line.markers()[0].label == "max 448");
    for (int frame = 0; frame < 2; ++frame) accelscope::tests::frame(line, context, ImVec2(300, 200));
    CHECK(line.markersDrawn() == 3); // on the log scale the three labels find rows that do not overlap
    BitEditorView bits;
    bits.typeText("1000");
    for (int frame = 0; frame < 2; ++frame) accelscope::tests::frame(bits, context, ImVec2(300, 200));
    CHECK(ImGui::GetDrawData()->TotalVtxCount > 500);
}
