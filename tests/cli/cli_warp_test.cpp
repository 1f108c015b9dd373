// SPDX-License-Identifier: MIT
// `accelscope-cli warp …`: JSON contract and bad programs.
#include "tests/cli/cli_runner.hpp"
#include "tests/support/temp_dir.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

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
