// SPDX-License-Identifier: MIT
// The LLM calculator's "This machine" panel headless: its rows are labs' texts, and its frames
// (table, bars, tooltips, buttons) draw without ImGui asserts or ID clashes, with and without a run.
#include "app/gui/llm-calculator/llm_calculator.hpp"
#include "labs/measured/machine_decode.hpp"
#include "tests/app/gui_fixture.hpp"
#include "tests/app/headless_imgui.hpp"
#include "tests/support/kernels_result.hpp"

#include <catch2/catch.hpp>

namespace gui = accelscope::gui;
using accelscope::tests::FakeDrawContext;
using accelscope::tests::GuiFixture;
using accelscope::tests::HeadlessImGui;

TEST_CASE("the This machine panel shows labs' decode texts and draws headless frames with its tooltips")
{
    GuiFixture fixture;
    HeadlessImGui imgui;
    FakeDrawContext context;
    gui::llm::LlmCalculator calc(fixture.context->catalog().devices);
    auto& panel = calc.machineDecode();
    int opened = 0;
    panel.setActions({[] {}, [&opened] { ++opened; }});
    CHECK(panel.rows().empty());
    CHECK(panel.sourceLine().empty());
    for (int f = 0; f < 3; ++f) accelscope::tests::frame(calc, context, ImVec2(300, 300)); // the problem and the buttons

    const auto decode = accelscope::labs::machineDecode(accelscope::tests::decodeResult(), 3);
    REQUIRE(decode.has_value());
    panel.setDecode(*decode, "ignored when there is a decode");
    CHECK(panel.problem().empty());
    const auto rows = panel.rows();
    REQUIRE(rows.size() == 2);
    CHECK(rows[0].label == "FP32 weights");
    CHECK(rows[0].text.predicted == accelscope::labs::decodeComparisonText(decode->formats[0]).predicted);
    CHECK(rows[1].text.bound == "bandwidth");
    CHECK(panel.sourceLine() == "Source: cpu-kernels lab, 2026-11-24T09:00:00Z (result #3), Test CPU, one core");
    // Sweep the mouse down the page so the table's and the bars' tooltips open, in both themes.
    for (float y = 200; y < 700; y += 12) {
        context.dark = static_cast<int>(y) % 2 == 0;
        for (int pass = 0; pass < 2; ++pass) accelscope::tests::frame(calc, context, ImVec2(300, y));
        CHECK(ImGui::GetDrawData()->TotalVtxCount > 500);
    }
    CHECK(opened == 0); // hovering presses nothing
    calc.settings().mode = gui::llm::CalcMode::Training; // the panel is an inference view
    accelscope::tests::frame(calc, context, ImVec2(300, 300));
}
