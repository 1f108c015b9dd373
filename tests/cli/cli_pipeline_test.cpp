// SPDX-License-Identifier: MIT
// `accelscope-cli pipeline`: JSON contract and bad input.
#include "tests/cli/cli_runner.hpp"
#include "tests/support/temp_dir.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <iterator>

using accelscope::tests::runCli;
using accelscope::tests::TempDir;
using nlohmann::json;

TEST_CASE("pipeline --json has makespan, both bubble fractions, peak activations and ops")
{
    TempDir dir;
    const auto run = runCli(dir.path() / "u.db", {"--json", "pipeline", "--schedule", "gpipe", "-p", "4", "-m", "8",
                                                  "--f", "1", "--b", "2", "--w", "0"});
    REQUIRE(run.status == 0);
    const json doc = json::parse(run.out);
    CHECK(doc["makespan"] == 33.0);                  // (m + p − 1)(F + B) = 11 · 3
    CHECK(doc["bubble_fraction_total"] == Approx(3.0 / 11.0));
    CHECK(doc["bubble_fraction_ideal"] == Approx(3.0 / 8.0));
    CHECK(doc["peak_activations"].size() == 4);
    CHECK(doc["peak_activations"][0] == 8.0);
    CHECK(doc["ops"].size() == 64);
    CHECK(doc["ops"][0].contains("kind"));
}

TEST_CASE("pipeline bad input: p or m of 0, m not a multiple of p for interleaving, v < 1")
{
    TempDir dir;
    const auto user = dir.path() / "u.db";
    CHECK_THAT(runCli(user, {"pipeline", "-p", "0", "-m", "8"}).err, Catch::Contains("p (stages) must be 1 to 1024, not 0"));
    CHECK_THAT(runCli(user, {"pipeline", "-p", "4", "-m", "0"}).err, Catch::Contains("m (micro-batches) must be 1"));
    CHECK_THAT(runCli(user, {"pipeline", "--schedule", "interleaved", "-p", "4", "-m", "6", "-v", "2"}).err,
               Catch::Contains("m to be a multiple of p"));
    CHECK_THAT(runCli(user, {"pipeline", "--schedule", "interleaved", "-p", "4", "-m", "8", "-v", "0"}).err,
               Catch::Contains("v (chunks per device) must be 1 to 64"));
    CHECK(runCli(user, {"pipeline", "--schedule", "zb-h3"}).status == 2);
}

TEST_CASE("lab run --quick --json prints one record, lab show refuses a newer file")
{
    TempDir dir;
    const auto user = dir.path() / "u.db";
    const auto out = dir.path() / "r.json";
    const auto run = runCli(user, {"--json", "lab", "run", "cpu-memory-bandwidth", "--quick", "--out", out.string()});
    REQUIRE(run.status == 0);
    const json doc = json::parse(run.out);
    CHECK(doc["lab"] == "cpu-memory-bandwidth");
    CHECK_THAT(run.err, Catch::Contains("%]")); // progress goes to stderr
    CHECK(runCli(user, {"lab", "show", out.string()}).status == 0);
    json newer = doc;
    newer["schema_version"] = 99;
    const auto future = dir.write("future.json", newer.dump());
    CHECK_THAT(runCli(user, {"lab", "show", future.string()}).err, Catch::Contains("made by a newer Accelscope"));
    CHECK_THAT(runCli(user, {"lab", "run", "cpu-memory-bandwidth", "--param", "threads=99"}).err, Catch::Contains("out of range"));
    CHECK_THAT(runCli(user, {"lab", "run", "gpu-magic"}).err, Catch::Contains("unknown lab 'gpu-magic'"));
}

TEST_CASE("lab list marks the GPU labs, and a GPU lab on a machine without CUDA fails with one line naming what is missing")
{
    TempDir dir;
    const auto user = dir.path() / "u.db";
    const auto list = runCli(user, {"--json", "lab", "list"});
    REQUIRE(list.status == 0);
    const json labs = json::parse(list.out);
    bool sawGpuLab = false;
    for (const auto& lab : labs) {
        if (!lab["needs_cuda"].get<bool>()) continue;
        sawGpuLab = true;
        if (!lab["available"].get<bool>()) CHECK_THAT(lab["unavailable_reason"].get<std::string>(), Catch::StartsWith("needs CUDA: "));
    }
    CHECK(sawGpuLab);
    const auto run = runCli(user, {"lab", "run", "cuda-bandwidth", "--quick"});
    if (run.status != 0) {
        CHECK_THAT(run.err, Catch::Contains("needs CUDA: "));
        WARN("no GPU run here: " << run.err);
    }
}

TEST_CASE("pipeline --svg writes the Gantt figure at the step with both schedules' bubble fractions")
{
    TempDir dir;
    const auto file = dir.path() / "pipeline.svg";
    const auto run = runCli(dir.path() / "u.db", {"pipeline", "--schedule", "1f1b", "--compare", "zb-h1", "--svg", file.string(), "--step", "2"});
    REQUIRE(run.status == 0);
    std::ifstream in(file);
    const std::string svg((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    // p 4, m 8, F = B = W = 1: 1F1B bubble 9 / 33 = 27.3% of total; ZB-H1 (p-1)(F+B-W) = 3, 3 / 27 = 11.1%.
    CHECK_THAT(svg, Catch::Contains("1f1b: bubble fraction 27.3% of total"));
    CHECK_THAT(svg, Catch::Contains("zb-h1: bubble fraction 11.1% of total"));
    CHECK_THAT(svg, Catch::Contains("Step 2 of ") && Catch::Contains("F forward") && Catch::Contains("W weight gradients"));
    const auto late = runCli(dir.path() / "u.db", {"pipeline", "--svg", file.string(), "--step", "999"});
    CHECK(late.status == 1);
    CHECK_THAT(late.err, Catch::Contains("--step 999: these schedules have"));
}
