// SPDX-License-Identifier: MIT
// `accelscope-cli warp …`: JSON contract and bad programs.
#include "tests/cli/cli_runner.hpp"
#include "tests/support/temp_dir.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>

using accelscope::tests::runCli;
using accelscope::tests::TempDir;
using nlohmann::json;

TEST_CASE("warp run --json reports cycles, efficiency, serialization and masks")
{
    TempDir dir;
    const auto run = runCli(dir.path() / "u.db", {"--json", "warp", "run", "--preset", "tid-lt-16", "--model", "its"});
    REQUIRE(run.status == 0);
    const json doc = json::parse(run.out);
    for (const char* key : {"cycles", "issued", "simd_efficiency", "serialization", "instructions", "completed"}) {
        INFO(key);
        CHECK(doc.contains(key));
    }
    CHECK(doc["cycles"] == 20);
    CHECK(doc["simd_efficiency"] == 0.5);
    CHECK(doc["model"] == "its");
    bool sawHalf = false;
    for (const auto& i : doc["instructions"]) sawHalf |= i["mask"] == "0x0000FFFF";
    CHECK(sawHalf);
}

TEST_CASE("warp run: a stuck program and bad input are reported")
{
    TempDir dir;
    const auto user = dir.path() / "u.db";
    const auto stuck = runCli(user, {"warp", "run", "--preset", "spin-lock", "--step-limit", "1000"});
    CHECK(stuck.status == 1);
    CHECK_THAT(stuck.err, Catch::Contains("stopped after 1000 issues"));
    const auto syntax = dir.write("bad.warp", "compute 3\nif tid <\nend\n");
    const auto bad = runCli(user, {"warp", "run", "--program", syntax.string()});
    CHECK(bad.status == 1);
    CHECK_THAT(bad.err, Catch::Contains("bad.warp: line 2, column 9: expression ends too early"));
    CHECK_THAT(runCli(user, {"warp", "run", "--preset", "nope"}).err, Catch::Contains("unknown preset 'nope'"));
    CHECK(runCli(user, {"warp", "run", "--preset", "tid-lt-16", "--width", "48"}).status == 2);
    const auto presets = json::parse(runCli(user, {"--json", "warp", "presets"}).out);
    CHECK(presets.size() >= 9);
}

TEST_CASE("warp run --svg writes the slide figure at the step, with legend, statistics and program")
{
    TempDir dir;
    const auto file = dir.path() / "warp.svg";
    const auto run = runCli(dir.path() / "u.db", {"warp", "run", "--preset", "tid-lt-16", "--svg", file.string(), "--step", "1"});
    REQUIRE(run.status == 0);
    std::ifstream in(file);
    const std::string svg((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    // tid-lt-16 step 1: line 2 on lanes 0-15 (16 of 32); both models 20 cycles at 50%.
    CHECK_THAT(svg, Catch::StartsWith("<svg") && Catch::Contains("step 1 of 2"));
    CHECK_THAT(svg, Catch::Contains("Step 1, pre-Volta: line 2, 16 of 32 lanes active (50.0%)"));
    CHECK_THAT(svg, Catch::Contains("idle lane") && Catch::Contains("if tid &lt; 16") && Catch::Contains("Sources:"));
    const auto dark = runCli(dir.path() / "u.db", {"warp", "run", "--preset", "tid-lt-16", "--svg", file.string(), "--dark"});
    REQUIRE(dark.status == 0);
    std::ifstream again(file);
    const std::string darkSvg((std::istreambuf_iterator<char>(again)), std::istreambuf_iterator<char>());
    CHECK_THAT(darkSvg, Catch::Contains("fill='#1e1e1e'") && Catch::Contains("whole run (2 steps)"));
}

TEST_CASE("warp run --svg refuses a step past the run and a folder that does not exist, writing nothing")
{
    TempDir dir;
    const auto file = dir.path() / "warp.svg";
    const auto late = runCli(dir.path() / "u.db", {"warp", "run", "--preset", "tid-lt-16", "--svg", file.string(), "--step", "3"});
    CHECK(late.status == 1);
    CHECK_THAT(late.err, Catch::Contains("--step 3: this run has 2 steps"));
    CHECK_FALSE(std::filesystem::exists(file));
    const auto missing = dir.path() / "no-such-folder" / "warp.svg";
    const auto bad = runCli(dir.path() / "u.db", {"warp", "run", "--preset", "tid-lt-16", "--svg", missing.string()});
    CHECK(bad.status == 1);
    CHECK_THAT(bad.err, Catch::Contains("--svg " + missing.string() + ": cannot write"));
    CHECK(std::count(bad.err.begin(), bad.err.end(), '\n') == 1);
    const auto stuck = runCli(dir.path() / "u.db", {"warp", "run", "--preset", "spin-lock", "--step-limit", "1000", "--svg", file.string()});
    CHECK(stuck.status == 1);
    CHECK_FALSE(std::filesystem::exists(file)); // an error exit writes no figure
}
