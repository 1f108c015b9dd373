// SPDX-License-Identifier: MIT
// The Roofline page's "this machine": the latest saved cpu-kernels run as points with predicted vs measured.
#include "app/gui/roofline/roofline_page.hpp"
#include "labs/lab_result_json.hpp"
#include "tests/app/window_fixture.hpp"
#include "tests/support/kernels_result.hpp"

#include <QTest>

#include <algorithm>

using namespace accelscope::gui;

namespace {

bool hasTip(const accelscope::models::figure::Chart& chart, const std::string& part)
{
    return std::ranges::any_of(chart.hits, [&part](const auto& h) { return h.tip.find(part) != std::string::npos; });
}

} // namespace

TEST_CASE("this machine: no saved cpu-kernels run names the lab and opens it, a saved run appears as points")
{
    accelscope::tests::WindowFixture fixture(QSize(1280, 800));
    MainWindow& window = fixture.window;
    window.openPage("roofline", {});
    auto* page = window.pageOf<RooflinePage>();
    REQUIRE(page != nullptr);
    auto& state = page->visualizer().state();

    CHECK_FALSE(page->showThisMachine());
    CHECK_THAT(state.machineProblem(), Catch::Contains("cpu-kernels") && Catch::Contains("Labs page"));
    CHECK_FALSE(page->visualizer().measured().has_value());
    state.machineActions().openKernelsLab(); // the controls' "Open the CPU kernels lab" button
    CHECK(window.currentPageName() == "Labs");

    auto store = fixture.context->userStore();
    REQUIRE(store.has_value());
    REQUIRE((*store)->addLabResult(accelscope::labs::storedLabResult(accelscope::tests::kernelsResult(), "local")).has_value());
    window.openPage("roofline", {});
    REQUIRE(page->showThisMachine());
    CHECK(state.machineProblem().empty());
    REQUIRE(page->visualizer().measured().has_value());
    CHECK(page->visualizer().measured()->kernels.size() == 2);
    page->visualizer().setDevices({});
    const auto chart = page->visualizer().chart(1000, 700, false, 13);
    // Each kernel: a point with its prediction, measurement, ratio and bound (the numbers are tests/labs/measured_test's).
    CHECK(hasTip(chart, "SGEMM 256x256x256 (measured on"));
    CHECK(hasTip(chart, "compute bound on the measured ceilings"));
    CHECK(hasTip(chart, "GEMV 1024x1024 (measured on"));
    CHECK(hasTip(chart, "measured / predicted = 2.00"));
    const auto squares = std::ranges::count_if(chart.drawing.markers, [](const auto& m) { return m.shape == accelscope::models::figure::MarkerShape::Square; });
    CHECK(squares >= 2);

    // The page draws at 1280 x 800 and 1024 x 768, text size 1 and 2.5 (scripts/screenshots.sh shows it).
    page->visualizer().setDevices({"nvidia-h100-sxm"});
    for (const auto& [size, scale] : {std::pair{QSize(1280, 800), 1.0}, std::pair{QSize(1024, 768), 1.0}, std::pair{QSize(1280, 800), 2.5}}) {
        window.setFontScale(scale);
        window.resize(size);
        INFO(size.width() << "x" << size.height() << " at text size " << scale);
        CHECK(accelscope::tests::settleCanvases(page));
    }
    window.setFontScale(1.0);
    page->clearMeasured();
    page->visualizer().setDevices({"nvidia-h100-sxm", "amd-instinct-mi300x"});
    for (const auto& [size, scale] : {std::pair{QSize(1280, 800), 1.0}, std::pair{QSize(1024, 768), 1.0}, std::pair{QSize(1280, 800), 2.5}}) {
        window.setFontScale(scale);
        window.resize(size);
        INFO(size.width() << "x" << size.height() << " at text size " << scale);
        CHECK(accelscope::tests::settleCanvases(page));
    }
    window.setFontScale(1.0);
}
