// SPDX-License-Identifier: MIT
// The Serving planner's "Export figure" and `accelscope-cli serve plan … --svg` write the same bytes for the same request.
#include "app/gui/serving-planner/serving_page.hpp"
#include "models/figure/figure.hpp"
#include "tests/app/cli_svg.hpp"
#include "tests/app/window_fixture.hpp"
#include "tests/support/temp_dir.hpp"

using namespace accelscope;

TEST_CASE("serving figure: the page's Export figure is byte for byte what serve plan --svg writes for the same request")
{
    tests::WindowFixture fixture(QSize(1280, 800));
    fixture.window.openPage("serving-planner", {});
    auto* page = fixture.window.pageOf<gui::ServingPage>();
    REQUIRE(page != nullptr);
    const tests::TempDir dir;
    const auto svgOf = [&](std::vector<std::string> args) {
        args.insert(args.begin(), {"serve", "plan"});
        return tests::cliSvg(fixture.context->userDatabase(), dir, std::move(args));
    };
    const auto pageSvg = [&](bool dark) {
        page->replan();
        const auto figure = page->figure(dark);
        REQUIRE(figure.has_value());
        return models::figure::figureSvg(*figure);
    };
    // Llama 3.1 70B, BF16 weights and KV, 1024 tokens in and 256 out, offline, accelerators ranked by cost (the page's
    // defaults, set here: the window may restore another session's settings).
    for (const auto& [key, value] : {std::pair{"model", "llama3.1-70b"}, {"weights", "bf16"}, {"kv", "bf16"}, {"input", "1024"},
                                     {"output", "256"}, {"scenario", "offline"}, {"rank", "cost"}, {"all_kinds", "false"}}) {
        INFO(key);
        REQUIRE(page->settingsBinding().apply(key, value));
    }
    for (const auto& [key, value] : page->settingsBinding().state()) UNSCOPED_INFO(key << " = " << value);
    const std::string opened = pageSvg(false);
    CHECK_THAT(opened, Catch::Contains("tokens/s per user") && Catch::Contains(" x "));
    CHECK(opened == svgOf({"--model", "llama3.1-70b", "--weights", "bf16", "--kv", "bf16", "--input", "1024", "--output", "256"}));
    // Another request, dark: FP8, longer prompts, ranked by devices.
    REQUIRE(page->settingsBinding().apply("weights", "fp8"));
    REQUIRE(page->settingsBinding().apply("kv", "fp8"));
    REQUIRE(page->settingsBinding().apply("input", "4096"));
    REQUIRE(page->settingsBinding().apply("rank", "devices"));
    const std::string changed = pageSvg(true);
    CHECK(changed != opened);
    CHECK(changed == svgOf({"--model", "llama3.1-70b", "--weights", "fp8", "--kv", "fp8", "--input", "4096", "--output", "256", "--rank",
                            "devices", "--dark"}));
}
