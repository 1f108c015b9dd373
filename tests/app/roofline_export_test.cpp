// SPDX-License-Identifier: MIT
// The Roofline page's "Export figure" and `accelscope-cli roofline … --svg` write the same bytes for the same state.
#include "app/gui/roofline/roofline_page.hpp"
#include "models/figure/figure.hpp"
#include "models/roofline/kernel_catalog.hpp"
#include "tests/app/cli_svg.hpp"
#include "tests/app/window_fixture.hpp"
#include "tests/support/temp_dir.hpp"

using namespace accelscope;

TEST_CASE("roofline figure: the page's Export figure is byte for byte what roofline --svg writes for the same state")
{
    tests::WindowFixture fixture(QSize(1280, 800));
    fixture.window.openPage("roofline", {});
    auto* page = fixture.window.pageOf<gui::RooflinePage>();
    REQUIRE(page != nullptr);
    auto& view = page->visualizer();
    const tests::TempDir dir;
    const auto svgOf = [&](std::vector<std::string> args) {
        args.insert(args.begin(), "roofline");
        return tests::cliSvg(fixture.context->userDatabase(), dir, std::move(args));
    };
    const auto pageSvg = [&](bool dark) {
        const auto figure = page->figure(dark);
        REQUIRE(figure.has_value());
        return models::figure::figureSvg(*figure);
    };

    // The page as it opens: H100 and MI300X, BF16 and FP8 roofs, its GEMM and decode GEMV.
    const std::string opened = pageSvg(false);
    CHECK_THAT(opened, Catch::Contains("NVIDIA H100") && Catch::Contains("<line") && Catch::Contains("GEMM"));
    CHECK(opened == svgOf({"--device", "nvidia-h100-sxm", "--device", "amd-instinct-mi300x"}));

    // Another state, dark: one device, FP8 roofs only, sparse peaks, DRAM only, a kernel of its own.
    view.setDevices({"nvidia-b200"});
    view.showOnlyPrecision("fp8");
    view.setSparse(true);
    view.setDramOnly(true);
    view.kernels() = {*models::roofline::parseKernelEntry("gemm:8192:1:fp8")};
    const std::string changed = pageSvg(true);
    CHECK(changed != opened);
    CHECK(changed == svgOf({"--device", "nvidia-b200", "--chart-precision", "fp8", "--sparse", "--dram-only", "--chart-kernel",
                            "gemm:8192:1:fp8", "--dark", "--precision", "fp8"}));

    // LLM mode: every prefill and decode op of a model preset.
    view.setDevices({"nvidia-h100-sxm"});
    view.showOnlyPrecision("bf16");
    view.setSparse(false);
    view.setDramOnly(false);
    view.setMode(models::roofline::ChartMode::Llm);
    view.llm().modelId = "llama3.1-8b";
    CHECK(pageSvg(false) == svgOf({"--device", "nvidia-h100-sxm", "--chart-precision", "bf16", "--chart-llm", "llama3.1-8b"}));
}
