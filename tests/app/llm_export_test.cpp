// SPDX-License-Identifier: MIT
// The LLM calculator's "Export figure" and `accelscope-cli memory infer|train … --svg` write the same bytes for the same settings.
#include "app/gui/llm-calculator/llm_calculator_page.hpp"
#include "models/figure/figure.hpp"
#include "tests/app/cli_svg.hpp"
#include "tests/app/window_fixture.hpp"
#include "tests/support/temp_dir.hpp"

using namespace accelscope;

TEST_CASE("LLM calculator figure: the page's Export figure is byte for byte what memory infer and train --svg write")
{
    tests::WindowFixture fixture(QSize(1280, 800));
    fixture.window.openPage("llm-calculator", {});
    auto* page = fixture.window.pageOf<gui::LlmCalculatorPage>();
    REQUIRE(page != nullptr);
    auto& calc = page->calculator();
    const tests::TempDir dir;
    const auto svgOf = [&](std::vector<std::string> args) { return tests::cliSvg(fixture.context->userDatabase(), dir, std::move(args)); };
    const auto pageSvg = [&](bool dark) {
        const auto figure = page->figure(dark);
        REQUIRE(figure.has_value());
        return models::figure::figureSvg(*figure);
    };
    // The page as it opens: Llama 2 70B inference at the workload defaults (1,024 + 256 tokens), BF16, on H100, MI300X and B200.
    const std::string opened = pageSvg(false);
    CHECK_THAT(opened, Catch::Contains("LLM memory per device: inference") && Catch::Contains("NVIDIA H100"));
    CHECK(opened == svgOf({"memory", "infer", "--model", "llama2-70b", "--prompt", "1024", "--gen", "256"}));
    // Another model, batch and KV format on two devices, dark.
    calc.settings().modelId = "llama3.1-8b";
    calc.settings().batch = 8;
    calc.settings().kvCache = "fp8";
    calc.setBarDevices({"nvidia-a100-sxm4-80gb", "nvidia-h100-sxm"});
    const std::string changed = pageSvg(true);
    CHECK(changed != opened);
    CHECK(changed == svgOf({"memory", "infer", "--model", "llama3.1-8b", "--prompt", "1024", "--gen", "256", "--batch", "8", "--kv", "fp8",
                            "--bar", "nvidia-a100-sxm4-80gb", "--bar", "nvidia-h100-sxm", "--dark"}));
    // Training with the page's layout (8-way data parallel, ZeRO 1, selective recomputation, 4096 tokens).
    calc.settings() = {};
    calc.settings().mode = models::memory::LlmMode::Training;
    calc.setBarDevices({"nvidia-h100-sxm"});
    CHECK(pageSvg(false) == svgOf({"memory", "train", "--model", "llama2-70b", "--dp", "8", "--zero", "1", "--recompute", "selective",
                                   "--seq", "4096", "--bar", "nvidia-h100-sxm"}));
}
