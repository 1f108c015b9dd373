// SPDX-License-Identifier: MIT
// The LLM calculator's "This machine": the newest saved cpu-kernels run's decode tokens/s, predicted
// by the serving model and measured, with the figures `accelscope-cli lab show ID --decode` prints.
#include "app/gui/llm-calculator/llm_calculator_page.hpp"
#include "labs/lab_result_json.hpp"
#include "models/common/number_text.hpp"
#include "tests/app/window_fixture.hpp"
#include "tests/cli/cli_runner.hpp"
#include "tests/support/kernels_result.hpp"

#include <nlohmann/json.hpp>


#include <utility>

using namespace accelscope;
using accelscope::gui::LlmCalculatorPage;

TEST_CASE("this machine on the LLM page: no saved run opens the kernels lab, a saved run shows the CLI's decode figures")
{
    tests::WindowFixture fixture(QSize(1280, 800));
    gui::MainWindow& window = fixture.window;
    window.openPage("llm-calculator", {});
    auto* page = window.pageOf<LlmCalculatorPage>();
    REQUIRE(page != nullptr);
    auto& panel = page->calculator().machineDecode();

    CHECK_FALSE(page->showThisMachine());
    CHECK_THAT(panel.problem(), Catch::Contains("cpu-kernels") && Catch::Contains("Labs page"));
    CHECK(panel.rows().empty());
    REQUIRE(panel.actions().openKernelsLab);
    panel.actions().openKernelsLab(); // the panel's "Open the CPU kernels lab" button
    CHECK(window.currentPageName() == "Labs");

    auto store = fixture.context->userStore();
    REQUIRE(store.has_value());
    const auto id = (*store)->addLabResult(labs::storedLabResult(tests::decodeResult(), "local"));
    REQUIRE(id.has_value());
    window.openPage("llm-calculator", {}); // shown again: the newest saved run is read
    REQUIRE(panel.decode().has_value());
    CHECK(panel.problem().empty());
    CHECK_THAT(panel.sourceLine(), Catch::Contains("cpu-kernels lab, 2026-11-24T09:00:00Z (result #" + std::to_string(*id) + ")"));

    const auto cli = tests::runCli(fixture.context->userDatabase(), {"--json", "lab", "show", std::to_string(*id), "--decode"});
    REQUIRE(cli.status == 0);
    const auto doc = nlohmann::json::parse(cli.out);
    const auto rows = panel.rows();
    REQUIRE(rows.size() == 2);
    REQUIRE(doc["formats"].size() == 2);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const auto& f = doc["formats"][i];
        INFO(f["weights"].get<std::string>());
        CHECK(panel.decode()->formats[i].step.tokensPerS == f["predicted_tokens_per_s"].get<double>());
        CHECK(rows[i].label == f["label"].get<std::string>());
        CHECK(rows[i].text.predicted == models::engineeringText(f["predicted_tokens_per_s"].get<double>()));
        CHECK(rows[i].text.measured == models::engineeringText(f["measured_tokens_per_s"].get<double>()));
        CHECK(rows[i].text.ratio == models::decimalText(f["measured_over_predicted"].get<double>(), 2) + "x");
        CHECK(rows[i].text.bound == f["bound"].get<std::string>());
        CHECK(rows[i].text.labPredicted == models::engineeringText(f["lab_predicted_tokens_per_s"].get<double>()));
    }
    // The hand-checked FP32 figures of tests/labs/machine_decode_test.cpp.
    CHECK(rows[0].text.predicted == "2,599");
    CHECK(rows[0].text.ratio == "0.19x");
    // The CLI's table has the same cells.
    const auto text = tests::runCli(fixture.context->userDatabase(), {"lab", "show", std::to_string(*id), "--decode"});
    REQUIRE(text.status == 0);
    for (const auto& r : rows) {
        CHECK_THAT(text.out, Catch::Contains(r.label) && Catch::Contains(r.text.predicted) && Catch::Contains(r.text.measured) &&
                                 Catch::Contains(r.text.ratio) && Catch::Contains(r.text.labPredicted) && Catch::Contains(r.text.gap));
    }

    // The panel draws at 1280 x 800 and 1024 x 768, text size 1 and 2.5 (scripts/screenshots.sh shows it).
    for (const auto& [size, scale] : {std::pair{QSize(1280, 800), 1.0}, std::pair{QSize(1024, 768), 1.0}, std::pair{QSize(1280, 800), 2.5}}) {
        window.setFontScale(scale);
        window.resize(size);
        INFO(size.width() << "x" << size.height() << " at text size " << scale);
        CHECK(tests::settleCanvases(page));
    }
    window.setFontScale(1.0);
}
