// SPDX-License-Identifier: MIT
// The compare chart draws in a headless ImGui context (no GL): no asserts, hover, tooltips.
#include "app/gui/compare/compare_chart.hpp"
#include "models/catalog/device_query.hpp"
#include "tests/app/gui_fixture.hpp"
#include "tests/app/headless_imgui.hpp"

#include <imgui.h>

using namespace accelscope::gui;
using namespace accelscope::models::catalog;
using accelscope::tests::FakeDrawContext;
using accelscope::tests::HeadlessImGui;

namespace {

// Bundled devices by id (the test fails if one is missing).
std::vector<const Device*> devicesById(const accelscope::tests::GuiFixture& fixture, std::initializer_list<const char*> ids)
{
    std::vector<const Device*> out;
    for (const char* id : ids) {
        auto found = findDevice(fixture.context->catalog().devices, id);
        REQUIRE(found.has_value());
        out.push_back(*found);
    }
    return out;
}

} // namespace

TEST_CASE("the compare chart draws several frames, light and dark, without ImGui asserts")
{
    accelscope::tests::GuiFixture fixture;
    HeadlessImGui imgui;
    CompareChart chart;
    FakeDrawContext context;
    accelscope::tests::frame(chart, context, ImVec2(-1, -1)); // empty comparison draws its instructions
    chart.setComparison(compareDevices(devicesById(fixture, {"nvidia-h100-sxm", "amd-instinct-mi300x", "google-tpu-v5p"})));
    for (int i = 0; i < 4; ++i) {
        context.dark = i % 2 == 1;
        accelscope::tests::frame(chart, context, ImVec2(-1, -1));
    }
    CHECK(ImGui::GetDrawData()->TotalVtxCount > 500);
    CHECK_FALSE(chart.hovered().has_value());
    CHECK(context.animationRequests == 0); // a static chart never asks for frames
}

TEST_CASE("hovering a bar reports its row and device, and the tooltip cites the source")
{
    accelscope::tests::GuiFixture fixture;
    HeadlessImGui imgui;
    CompareChart chart;
    FakeDrawContext context;
    chart.setComparison(compareDevices(devicesById(fixture, {"nvidia-h100-sxm", "amd-instinct-mi300x"})));
    std::optional<std::pair<std::size_t, std::size_t>> found;
    for (float y = 0; y < 700 && !found; y += 3) {
        accelscope::tests::frame(chart, context, ImVec2(500, y));
        accelscope::tests::frame(chart, context, ImVec2(500, y)); // hover state settles on the second frame
        found = chart.hovered();
    }
    REQUIRE(found.has_value());
    const auto& row = chart.comparison().rows[found->first];
    const std::string tip = chart.tooltipText(found->first, found->second);
    CHECK_THAT(tip, Catch::Contains(chart.comparison().devices[found->second]->name));
    CHECK_THAT(tip, Catch::Contains(row.label));
    if (row.values[found->second] && !row.isDerivedMetric) {
        const auto key = *figureFromJsonKey(row.key);
        if (const Source* s = chart.comparison().devices[found->second]->sourceOf(key)) {
            CHECK_THAT(tip, Catch::Contains(s->title));
        }
    }
}

TEST_CASE("tooltips of derived rows show the formula and missing values say so")
{
    accelscope::tests::GuiFixture fixture;
    CompareChart chart;
    chart.setComparison(compareDevices(devicesById(fixture, {"nvidia-h100-sxm", "nvidia-b200"})));
    const auto& rows = chart.comparison().rows;
    const auto ridge = std::ranges::find(rows, "ridge_bf16_flop_per_byte", &ComparisonRow::key);
    REQUIRE(ridge != rows.end());
    CHECK_THAT(chart.tooltipText(static_cast<std::size_t>(ridge - rows.begin()), 0),
               Catch::Contains("derived: 1000 × bf16_tflops_dense / memory_bw_gbs"));
    const auto fp4 = std::ranges::find(rows, "fp4_tflops_dense", &ComparisonRow::key);
    REQUIRE(fp4 != rows.end());
    CHECK_THAT(chart.tooltipText(static_cast<std::size_t>(fp4 - rows.begin()), 0), Catch::Contains("not published"));
}
