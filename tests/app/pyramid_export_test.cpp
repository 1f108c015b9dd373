// SPDX-License-Identifier: MIT
// The Memory pyramid page's "Export figure" and `accelscope-cli memory pyramid … --svg` write the same bytes for the same state.
#include "app/gui/memory-pyramid/memory_pyramid_page.hpp"
#include "models/figure/figure.hpp"
#include "tests/app/cli_svg.hpp"
#include "tests/app/window_fixture.hpp"
#include "tests/support/temp_dir.hpp"

using namespace accelscope;

TEST_CASE("pyramid figure: the page's Export figure is byte for byte what memory pyramid --svg writes for the same state")
{
    tests::WindowFixture fixture(QSize(1280, 800));
    fixture.window.openPage("memory-pyramid", {});
    auto* page = fixture.window.pageOf<gui::MemoryPyramidPage>();
    REQUIRE(page != nullptr);
    auto& view = page->visualizer();
    const tests::TempDir dir;
    const auto svgOf = [&](std::vector<std::string> args) {
        args.insert(args.begin(), {"memory", "pyramid"});
        return tests::cliSvg(fixture.context->userDatabase(), dir, std::move(args));
    };
    const auto pageSvg = [&](bool dark) {
        const auto figure = page->figure(dark);
        REQUIRE(figure.has_value());
        return models::figure::figureSvg(*figure);
    };
    // The page's two devices (this machine's caches differ from machine to machine: left out here).
    view.setShowLocal(false);
    const std::string opened = pageSvg(false);
    CHECK_THAT(opened, Catch::Contains("Memory pyramid: NVIDIA H100") && Catch::Contains("HBM3"));
    CHECK(opened == svgOf({"--device", "nvidia-h100-sxm", "--compare", "amd-instinct-mi300x"}));
    // One device, dark, moving 64 MiB.
    view.setDevices("nvidia-b200", "");
    view.setMoveBytes(64.0 * 1024 * 1024);
    const std::string changed = pageSvg(true);
    CHECK(changed != opened);
    CHECK(changed == svgOf({"--device", "nvidia-b200", "--move-bytes", "67108864", "--dark"}));
}
