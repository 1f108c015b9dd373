// SPDX-License-Identifier: MIT
// CLI bad input: one stderr line naming the input, non-zero status, nothing written.
#include "tests/cli/cli_runner.hpp"
#include "tests/models/catalog/catalog_fixture.hpp"
#include "tests/support/temp_dir.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using accelscope::tests::runCli;
using accelscope::tests::TempDir;

TEST_CASE("an ambiguous device name lists the candidates")
{
    TempDir dir;
    const auto run = runCli(dir.path() / "user.db", {"catalog", "show", "H100"});
    CHECK(run.status == 1);
    CHECK(run.out.empty());
    CHECK_THAT(run.err, Catch::StartsWith("accelscope-cli: error: device name 'H100' is ambiguous"));
    CHECK_THAT(run.err, Catch::Contains("nvidia-h100-sxm"));
    CHECK(std::count(run.err.begin(), run.err.end(), '\n') == 1);
}

TEST_CASE("an unknown device name is one error line")
{
    TempDir dir;
    const auto run = runCli(dir.path() / "user.db", {"--json", "catalog", "compare", "nvidia-h100-sxm", "Voodoo5"});
    CHECK(run.status == 1);
    CHECK(run.out.empty());
    CHECK_THAT(run.err, Catch::Contains("no device matches 'Voodoo5'"));
}

TEST_CASE("a malformed data file fails the build with file:line and writes no database")
{
    TempDir dir;
    std::filesystem::create_directory(dir.path() / "data");
    dir.write("data/acme.json", accelscope::tests::replaced(accelscope::tests::validCatalogText(), "\"80 GB\"", "\"80 TFLOPS\""));
    const auto out = dir.path() / "catalog.db";
    const auto run = runCli(dir.path() / "user.db",
                            {"catalog", "build", "--data", (dir.path() / "data").string(), "--out", out.string()});
    CHECK(run.status == 1);
    CHECK_THAT(run.err, Catch::StartsWith("acme.json:15: memory_gb: unit 'TFLOPS' does not fit memory_gb"));
    CHECK_FALSE(std::filesystem::exists(out));
}

TEST_CASE("a malformed import leaves the user database unchanged and names row and field")
{
    TempDir dir;
    const auto user = dir.path() / "user.db";
    const auto good = dir.write("good.json", accelscope::tests::replaced(accelscope::tests::validCatalogText(), "acme-x1", "acme-own1"));
    REQUIRE(runCli(user, {"catalog", "import", good.string()}).status == 0);
    const auto before = runCli(user, {"--json", "catalog", "list", "--user"});
    REQUIRE(nlohmann::json::parse(before.out).size() == 1);

    const auto bad = dir.write("bad.csv",
        "id,name,vendor,kind,form_factor,scope,source_title,source_publisher,source_kind,source_url,memory_gb\n"
        "acme-own2,Own 2,Acme,gpu,PCIe,one card,Brief,Acme,datasheet,https://acme.example/b.pdf,16\n"
        "acme-own3,Own 3,Acme,gpu,PCIe,one card,Brief,Acme,datasheet,https://acme.example/b.pdf,-16\n");
    const auto run = runCli(user, {"catalog", "import", bad.string()});
    CHECK(run.status == 1);
    CHECK_THAT(run.err, Catch::StartsWith("bad.csv:3: memory_gb: negative value"));
    const auto after = runCli(user, {"--json", "catalog", "list", "--user"});
    CHECK(nlohmann::json::parse(after.out).size() == 1);

    const auto duplicate = runCli(user, {"catalog", "import", good.string()});
    CHECK(duplicate.status == 1);
    CHECK_THAT(duplicate.err, Catch::Contains("duplicate id 'acme-own1'"));
}

TEST_CASE("bad arguments are usage errors with status 2")
{
    TempDir dir;
    CHECK(runCli(dir.path() / "user.db", {"catalog", "list", "--kind", "fpga"}).status == 2);
    CHECK(runCli(dir.path() / "user.db", {"catalog", "compare", "only-one"}).status == 2);
    CHECK(runCli(dir.path() / "user.db", {"catalog", "frobnicate"}).status == 2);
}

TEST_CASE("a missing catalog database is reported, not crashed on")
{
    TempDir dir;
    std::vector<const char*> argv{"accelscope-cli", "--db", "/nonexistent/accelscope.db", "catalog", "list"};
    std::ostringstream out;
    std::ostringstream err;
    CHECK(accelscope::cli::runCli(static_cast<int>(argv.size()), argv.data(), out, err) == 1);
    CHECK_THAT(err.str(), Catch::Contains("/nonexistent/accelscope.db"));
}
