// SPDX-License-Identifier: MIT
// The CLI's JSON contract: one document on stdout, documented keys, units in key names.
#include "tests/cli/cli_runner.hpp"
#include "tests/support/temp_dir.hpp"

#include "tests/support/cli_contract.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using accelscope::tests::runCli;
using accelscope::tests::TempDir;
using nlohmann::json;

TEST_CASE("catalog list --json prints one array of devices")
{
    TempDir dir;
    const auto run = runCli(dir.path() / "user.db", {"--json", "catalog", "list"});
    REQUIRE(run.status == 0);
    CHECK(run.err.empty());
    const json doc = json::parse(run.out);
    REQUIRE(doc.is_array());
    CHECK(doc.size() >= 100);
    CHECK(doc[0].contains("memory_bw_gbs"));

    const auto filtered = runCli(dir.path() / "user.db", {"catalog", "list", "--kind", "tpu", "--json"});
    REQUIRE(filtered.status == 0);
    for (const auto& d : json::parse(filtered.out)) CHECK(d["kind"] == "tpu");
}

TEST_CASE("catalog show --json has exactly the contract figure keys")
{
    TempDir dir;
    const auto run = runCli(dir.path() / "user.db", {"catalog", "show", "nvidia-h100-sxm", "--json"});
    REQUIRE(run.status == 0);
    const json doc = json::parse(run.out);
    REQUIRE(doc.is_object());
    for (const char* key : accelscope::tests::showContractKeys) {
        INFO(key);
        CHECK(doc.contains(key));
    }
    CHECK(doc["id"] == "nvidia-h100-sxm");
    CHECK(doc["memory_bw_gbs"].is_number());
    CHECK(doc["fp4_tflops_dense"].is_null()); // Hopper has no FP4 tensor cores
    CHECK(doc["sources"].is_array());
    CHECK_FALSE(doc["sources"].empty());
    CHECK(doc["scope"] == "module");
    CHECK(doc["scope_note"] == "one GPU (SXM5 module)");
    CHECK(doc["contains"] == json::array());
}

TEST_CASE("catalog validate --json counts devices per scope")
{
    TempDir dir;
    const auto run = runCli(dir.path() / "user.db", {"--json", "catalog", "validate"});
    REQUIRE(run.status == 0);
    const json doc = json::parse(run.out);
    int total = 0;
    for (const auto& [scope, count] : doc["per_scope"].items()) {
        INFO(scope);
        CHECK((scope == "chip" || scope == "package" || scope == "card" || scope == "module" || scope == "board" ||
               scope == "node" || scope == "rack" || scope == "pod"));
        total += count.get<int>();
    }
    CHECK(total == doc["devices"].get<int>());
    CHECK(doc["per_scope"]["board"].get<int>() >= 1);
}

TEST_CASE("catalog show prints the scope enum with its note")
{
    TempDir dir;
    const auto run = runCli(dir.path() / "user.db", {"catalog", "show", "nvidia-h100-sxm"});
    REQUIRE(run.status == 0);
    CHECK_THAT(run.out, Catch::Contains("  figures describe: module: one GPU (SXM5 module)\n"));
    CHECK_THAT(run.out, !Catch::Contains("  contains:"));
}

TEST_CASE("catalog compare --json has one row per figure with best indices")
{
    TempDir dir;
    const auto csv = dir.path() / "cmp.csv";
    const auto run = runCli(dir.path() / "user.db",
                            {"--json", "catalog", "compare", "nvidia-h100-sxm", "amd-instinct-mi300x", "--csv", csv.string()});
    REQUIRE(run.status == 0);
    const json doc = json::parse(run.out);
    CHECK(doc["devices"] == json::array({"nvidia-h100-sxm", "amd-instinct-mi300x"}));
    bool sawRidge = false;
    for (const auto& row : doc["rows"]) {
        CHECK(row["values"].size() == 2);
        if (row["key"] == "ridge_bf16_flop_per_byte") {
            sawRidge = true;
            CHECK(row["formula"] == "1000 × bf16_tflops_dense / memory_bw_gbs");
        }
    }
    CHECK(sawRidge);
    CHECK_THAT(accelscope::tests::readText(csv), Catch::StartsWith("figure,unit,"));
}

TEST_CASE("every catalog command prints a single JSON document with --json")
{
    TempDir dir;
    const auto user = dir.path() / "user.db";
    const auto good = dir.path() / "data";
    std::filesystem::create_directory(good);
    const std::vector<std::vector<std::string>> commands{
        {"--json", "catalog", "list", "--supports", "fp4"},
        {"--json", "catalog", "validate", ACCELSCOPE_TEST_DATA_DIR "/../data/catalog"},
        {"--json", "catalog", "export", "--kind", "tpu"},
        {"--json", "catalog", "build", "--data", ACCELSCOPE_TEST_DATA_DIR "/../data/catalog", "--out",
         (dir.path() / "x.db").string()},
        {"--json", "version"},
        {"--json", "machine"},
    };
    for (const auto& args : commands) {
        INFO(args[1]);
        const auto run = runCli(user, args);
        CHECK(run.status == 0);
        CHECK_NOTHROW(json::parse(run.out));
    }
}

TEST_CASE("catalog compare shows Ironwood and MI300X with the same 192 GiB, both best")
{
    // Google prints 192 GiB, AMD "192 GB" for the same bytes; memory is shown in GiB (issue #15).
    TempDir dir;
    const auto run = runCli(dir.path() / "user.db",
                            {"--json", "catalog", "compare", "google-tpu7x-ironwood", "amd-instinct-mi300x"});
    REQUIRE(run.status == 0);
    const json doc = json::parse(run.out);
    bool sawMemory = false;
    for (const auto& row : doc["rows"]) {
        if (row["key"] != "memory_gb") continue;
        sawMemory = true;
        CHECK(row["unit"] == "GiB");
        CHECK(row["values"][0] == row["values"][1]);
        CHECK_THAT(row["values"][0].get<double>(), Catch::WithinRel(192.0, 1e-12));
        CHECK(row["best"] == json::array({0, 1}));
    }
    CHECK(sawMemory);

    const auto show = runCli(dir.path() / "user.db", {"--json", "catalog", "show", "amd-instinct-mi300x"});
    REQUIRE(show.status == 0);
    const json mi300x = json::parse(show.out);
    CHECK(mi300x["memory_bytes"] == 192LL * 1024 * 1024 * 1024);
    CHECK(mi300x["memory_gib"] == 192.0);
    CHECK(mi300x["figures"]["memory_gb"]["label"] == "192 GB");
    const auto text = runCli(dir.path() / "user.db", {"catalog", "show", "amd-instinct-mi300x"});
    CHECK_THAT(text.out, Catch::Contains("memory_gb") && Catch::Contains("192") && Catch::Contains("GiB") &&
                             Catch::Contains("vendor prints \"192 GB\""));
}

TEST_CASE("catalog show prints a pod's parts, and --json lists them")
{
    TempDir dir;
    const auto text = runCli(dir.path() / "user.db", {"catalog", "show", "google-tpu-v5e-pod"});
    REQUIRE(text.status == 0);
    CHECK_THAT(text.out, Catch::Contains("  figures describe: pod: ") && Catch::Contains("  contains: 256 x google-tpu-v5e\n") &&
                             Catch::Contains("  scale-up topology: ICI 2D torus across all 256 chips"));
    const auto run = runCli(dir.path() / "user.db", {"--json", "catalog", "show", "google-tpu-v5e-pod"});
    REQUIRE(run.status == 0);
    const json doc = json::parse(run.out);
    CHECK(doc["scope"] == "pod");
    CHECK(doc["contains"] == json::array({json{{"device", "google-tpu-v5e"}, {"count", 256}}}));
    CHECK(doc["scaleup_domain_devices"] == 256.0);
}

TEST_CASE("catalog show names the scale-up link kind and the per-direction scale-out bandwidth")
{
    TempDir dir;
    const auto text = runCli(dir.path() / "user.db", {"catalog", "show", "intel-gaudi3-hl325l"});
    REQUIRE(text.status == 0);
    CHECK_THAT(text.out, Catch::Contains("  scale-up link: RoCE v2 (24x 200 GbE, integrated) (ethernet)\n"));
    const auto run = runCli(dir.path() / "user.db", {"--json", "catalog", "show", "nvidia-dgx-b200"});
    REQUIRE(run.status == 0);
    const json doc = json::parse(run.out);
    CHECK(doc["scaleup_link_kind"] == "dedicated");
    CHECK(doc["scaleout_gbs_per_device"] == 50.0);
    CHECK(doc["tdp_w"] == 14300.0);
    const auto none = runCli(dir.path() / "user.db", {"--json", "catalog", "show", "nvidia-l4"});
    REQUIRE(none.status == 0);
    CHECK(json::parse(none.out)["scaleup_link_kind"].is_null());
}
