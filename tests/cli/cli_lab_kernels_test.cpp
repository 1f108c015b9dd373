// SPDX-License-Identifier: MIT
// accelscope-cli lab run cpu-kernels --json --no-save --quick: the summary keys of the contract.
#include "tests/cli/cli_runner.hpp"
#include "tests/support/temp_dir.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using accelscope::tests::runCli;
using accelscope::tests::TempDir;
using nlohmann::json;

TEST_CASE("lab run cpu-kernels prints the contract's summary keys and its series, and saves nothing with --no-save")
{
    TempDir dir;
    const auto user = dir.path() / "u.db";
    const auto run = runCli(user, {"--json", "lab", "run", "cpu-kernels", "--quick", "--no-save"});
    REQUIRE(run.status == 0);
    const json doc = json::parse(run.out);
    CHECK(doc["lab"] == "cpu-kernels");
    std::map<std::string, double> figures;
    for (const auto& f : doc["summary"]) figures[f["key"].get<std::string>()] = f["value"].get<double>();
    for (const char* key : {"fp32_peak_gflops", "sgemm_blas_gflops", "sgemm_best_own_gflops", "gemv_measured_over_predicted",
                            "attention_tiled_over_materialised", "decode_tokens_per_s", "decode_measured_over_predicted"}) {
        INFO(key);
        REQUIRE(figures.contains(key));
        CHECK(figures[key] > 0.0);
    }
    CHECK(doc["series"].size() >= 4);
    const auto history = runCli(user, {"--json", "lab", "history"});
    REQUIRE(history.status == 0);
    CHECK(json::parse(history.out).empty());
}
