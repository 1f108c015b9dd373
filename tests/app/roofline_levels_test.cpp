// SPDX-License-Identifier: MIT
// The Roofline page's hierarchical roofline: one roof per memory level with a bandwidth, a kernel on its level's roof.
#include "app/gui/roofline/roofline_visualizer.hpp"
#include "models/common/number_text.hpp"
#include "models/memory/pyramid_roofline.hpp"
#include "tests/app/gui_fixture.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

namespace gui = accelscope::gui;
namespace rl = accelscope::models::roofline;
using accelscope::tests::GuiFixture;

namespace {

bool hasTip(const accelscope::models::figure::Chart& chart, const std::string& part)
{
    return std::ranges::any_of(chart.hits, [&part](const auto& h) { return h.tip.find(part) != std::string::npos; });
}

bool hasText(const accelscope::models::figure::Chart& chart, const std::string& part)
{
    return std::ranges::any_of(chart.drawing.texts, [&part](const auto& t) { return t.text.find(part) != std::string::npos; });
}

} // namespace

TEST_CASE("roofline view: one roof per level with a bandwidth, each named on the chart and in the legend, DRAM only hides them")
{
    GuiFixture fixture;
    gui::roofline::RooflineVisualizer view(fixture.context->catalog().devices);
    view.setDevices({"nvidia-h100-sxm"});
    const auto* h100 = gui::findDevice(fixture.context->catalog().devices, "nvidia-h100-sxm");
    REQUIRE(h100 != nullptr);
    const auto model = accelscope::models::memory::deviceHierarchy(*h100, "bf16");
    REQUIRE(model.has_value());
    auto chart = view.chart(1200, 800, false, 13);
    // Every roof the model gives for a level the page shows by default is on the chart with its tip.
    std::size_t drawn = 0;
    for (const auto& r : model->roofline.roofs) {
        if (!view.levelShown(r.level)) continue;
        ++drawn;
        INFO(r.label);
        CHECK(hasTip(chart, r.label + ", " + accelscope::models::engineeringText(r.bandwidthGBps) + " GB/s"));
    }
    CHECK(drawn >= 2); // HBM3 and the PCIe host link today; L1 and L2 once the pyramid has their bandwidths
    CHECK(hasText(chart, "PCIe 5.0 x16 63.02 GB/s"));       // the link's roof is named on the chart
    CHECK(hasTip(chart, "host link: PCIe 5.0 x16"));
    view.setDramOnly(true);
    chart = view.chart(1200, 800, false, 13);
    CHECK_FALSE(hasTip(chart, "host link: PCIe 5.0 x16"));
    CHECK_FALSE(hasText(chart, "PCIe 5.0 x16 63.02 GB/s"));
    CHECK(hasTip(chart, "device memory: HBM3, 3,350 GB/s"));
    view.setDramOnly(false);
    view.setLevelShown(rl::MemoryLevel::HostLink, false);
    CHECK_FALSE(hasTip(view.chart(1200, 800, false, 13), "host link: PCIe 5.0 x16"));
}

TEST_CASE("roofline view: a kernel whose working set outgrows device memory sits on the host link's roof")
{
    GuiFixture fixture;
    gui::roofline::RooflineVisualizer view(fixture.context->catalog().devices);
    view.setDevices({"nvidia-h100-sxm"});
    // Decode attention over 65,536 cached tokens for 16,384 sequences: a KV cache of 4.4 TB, far past 80 GB of HBM.
    view.kernels() = {{rl::KernelKind::DecodeAttention, 65536, 16384, "bf16", true}};
    const auto placements = view.placements();
    REQUIRE(placements.size() == 1);
    const auto level = view.state().levelPlacement(placements[0]);
    REQUIRE(level.has_value());
    CHECK(level->resident == rl::MemoryLevel::HostMemory);
    const auto dotY = [&view] {
        const auto chart = view.chart(1200, 800, false, 13);
        const auto hit = std::ranges::find_if(chart.hits, [](const auto& h) { return h.tip.starts_with("decode attention"); });
        REQUIRE(hit != chart.hits.end());
        return std::pair{(hit->y0 + hit->y1) / 2, hit->tip};
    };
    const auto [yLevel, tip] = dotY();
    CHECK_THAT(tip, Catch::Contains("lives in host memory") && Catch::Contains("host link"));
    view.setDramOnly(true);
    const auto [yDram, tipDram] = dotY();
    CHECK_THAT(tipDram, !Catch::Contains("lives in"));
    CHECK(yLevel > yDram + 10); // 63 GB/s instead of 3,350 GB/s: lower on the chart (y grows downwards)
}
