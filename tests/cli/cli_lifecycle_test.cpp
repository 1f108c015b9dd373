// SPDX-License-Identifier: MIT
// catalog list/show: lifecycle status as of a day, the --status filter, block-scaled figure keys.
#include "tests/cli/cli_runner.hpp"
#include "tests/support/temp_dir.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>

using accelscope::tests::runCli;
using accelscope::tests::TempDir;
using nlohmann::json;

TEST_CASE("catalog list --status keeps only devices in that status on the as-of day")
{
    TempDir dir;
    const auto run = runCli(dir.path() / "user.db", {"--json", "catalog", "list", "--status", "shipping"});
    REQUIRE(run.status == 0);
    const json list = json::parse(run.out);
    REQUIRE_FALSE(list.empty());
    bool nvl72 = false;
    for (const auto& d : list) {
        CHECK(d["status"] == "shipping");
        CHECK(d["status_as_of"] == "2026-11-24");
        nvl72 |= d["id"] == "nvidia-gb200-nvl72";
    }
    CHECK(nvl72);
    // GB200 NVL72 became generally available on 2025-02-04; before that it was only announced.
    const auto before = runCli(dir.path() / "user.db", {"--json", "catalog", "list", "--status", "announced", "--as-of", "2024-12-01"});
    REQUIRE(before.status == 0);
    bool announcedThen = false;
    for (const auto& d : json::parse(before.out)) announcedThen |= d["id"] == "nvidia-gb200-nvl72";
    CHECK(announcedThen);
}

TEST_CASE("catalog show prints the lifecycle dates with their sources and the derived status")
{
    TempDir dir;
    const auto text = runCli(dir.path() / "user.db", {"catalog", "show", "nvidia-gb200-nvl72"});
    REQUIRE(text.status == 0);
    CHECK_THAT(text.out, Catch::Contains("announced: 2024-03-18 [nvidia-pr-blackwell-2024]"));
    CHECK_THAT(text.out, Catch::Contains("status: shipping (as of 2026-11-24)"));
    const auto doc = json::parse(runCli(dir.path() / "user.db", {"--json", "catalog", "show", "nvidia-gb200-nvl72"}).out);
    CHECK(doc["lifecycle"]["shipping"]["date"] == "2025-02-04");
    CHECK(doc["status"] == "shipping");
    const auto mi355x = json::parse(runCli(dir.path() / "user.db", {"--json", "catalog", "show", "amd-instinct-mi355x"}).out);
    CHECK(mi355x["mxfp4_tflops_dense"] == 10000.0);
    CHECK(mi355x["nvfp4_tflops_dense"].is_null());
}

TEST_CASE("catalog compare names the vendor format of a vendor-format row")
{
    TempDir dir;
    const auto run = runCli(dir.path() / "user.db", {"catalog", "compare", "tenstorrent-wormhole-n150", "tenstorrent-wormhole-n300"});
    REQUIRE(run.status == 0);
    CHECK_THAT(run.out, Catch::Contains("vendor_format_tflops_dense: Vendor format (BLOCKFP8) tensor dense"));
    const auto doc = json::parse(runCli(dir.path() / "user.db", {"--json", "catalog", "compare", "tenstorrent-wormhole-n150", "amd-instinct-mi355x"}).out);
    bool mxfp4 = false;
    for (const auto& row : doc["rows"]) mxfp4 |= row["key"] == "mxfp4_tflops_dense" && row["label"] == "MXFP4 tensor dense";
    CHECK(mxfp4);
}

TEST_CASE("a bad --as-of or --status is one error line")
{
    TempDir dir;
    const auto date = runCli(dir.path() / "user.db", {"catalog", "list", "--as-of", "2026-02-30"});
    CHECK(date.status != 0);
    CHECK(date.out.empty());
    CHECK_THAT(date.err, Catch::Contains("--as-of: '2026-02-30' is not a calendar date YYYY-MM-DD"));
    CHECK(std::count(date.err.begin(), date.err.end(), '\n') == 1);
    const auto status = runCli(dir.path() / "user.db", {"catalog", "list", "--status", "sold-out"});
    CHECK(status.status != 0);
    CHECK(status.out.empty());
    CHECK_THAT(status.err, Catch::Contains("--status"));
}
