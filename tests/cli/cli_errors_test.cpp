// SPDX-License-Identifier: MIT
// CLI bad input: one stderr line naming the input, non-zero status, nothing written.
#include "models/catalog/sqlite_db.hpp"
#include "tests/cli/cli_runner.hpp"
#include "tests/models/catalog/catalog_fixture.hpp"
#include "tests/support/npy_file.hpp"
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
    dir.write("data/acme.json", accelscope::tests::replaced(accelscope::tests::validCatalogText(), "\"80 GiB\"", "\"80 TFLOPS\""));
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
        "id,name,vendor,kind,form_factor,scope,scope_note,source_title,source_publisher,source_kind,source_url,memory_gb\n"
        "acme-own2,Own 2,Acme,gpu,PCIe,card,one card,Brief,Acme,datasheet,https://acme.example/b.pdf,16\n"
        "acme-own3,Own 3,Acme,gpu,PCIe,card,one card,Brief,Acme,datasheet,https://acme.example/b.pdf,-16\n");
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

namespace {

// The CLI face of issue #17: status 1 and one stderr line that names the input (catalog files:
// the issue line, then the "N problems" line), never an exception escaping runCli (which main()
// would print as "internal error").
void checkOneLineError(const accelscope::tests::CliRun& run, const std::string& starts, int lines = 1)
{
    INFO(run.err.substr(0, 300));
    CHECK(run.status == 1);
    CHECK(std::count(run.err.begin(), run.err.end(), '\n') == lines);
    CHECK(run.err.size() < 400 * static_cast<std::size_t>(lines));
    CHECK_THAT(run.err, !Catch::Contains("internal error"));
    CHECK_THAT(run.err, Catch::StartsWith(starts));
}

} // namespace

TEST_CASE("hostile catalog files are one error line naming file, line and field")
{
    using accelscope::tests::replaced;
    using accelscope::tests::validCatalogText;
    TempDir dir;
    const auto user = dir.path() / "user.db";
    const std::string deep = std::string(100000, '(') + "bf16_tflops_sparse" + std::string(100000, ')');
    const auto formula = dir.write("deep.json", replaced(validCatalogText(), R"("bf16_tflops_sparse / 2")", "\"" + deep + "\""));
    checkOneLineError(runCli(user, {"catalog", "import", formula.string()}),
                      "deep.json:18: bf16_tflops_dense: ", 2);
    CHECK_THAT(runCli(user, {"catalog", "import", formula.string()}).err, Catch::Contains("nested deeper than 200 levels"));
    const auto id = dir.write("id.json", replaced(validCatalogText(), "acme-x1", std::string(200000, 'a') + "_"));
    checkOneLineError(runCli(user, {"catalog", "import", id.string()}), "id.json:7: id: 'aaaa", 2);

    const auto nested = dir.write("nested.json", replaced(validCatalogText(), R"("scope_note": "one card",)",
                                                          "\"scope_note\": \"one card\", \"notes\": " + std::string(100000, '[') +
                                                              std::string(100000, ']') + ","));
    checkOneLineError(runCli(user, {"catalog", "import", nested.string()}),
                      "nested.json:12: (syntax): nested deeper than 200 levels", 2);

    const std::string csvFront = "id,name,vendor,kind,form_factor,scope,scope_note,source_title,source_publisher,source_kind,"
                                 "source_url,release_year,memory_gb\nacme-own2,Own 2,Acme,gpu,PCIe,card,one card,Brief,Acme,"
                                 "datasheet,https://acme.example/b.pdf,";
    const auto dash = dir.write("dash.csv", csvFront + "2024,-\n");
    checkOneLineError(runCli(user, {"catalog", "import", dash.string()}), "dash.csv:2: memory_gb: \"-\" is not a number", 2);
    const auto year = dir.write("year.csv", csvFront + "MMXXIV,16\n");
    checkOneLineError(runCli(user, {"catalog", "import", year.string()}),
                      "year.csv:2: release_year: \"MMXXIV\" is not a number", 2);
    const auto huge = dir.write("huge.csv", csvFront + "2024,1e999\n");
    checkOneLineError(runCli(user, {"catalog", "import", huge.string()}), "huge.csv:2: memory_gb: \"1e999\" is not a number", 2);
}

TEST_CASE("hostile .npy files are one error line naming the file")
{
    TempDir dir;
    const auto user = dir.path() / "user.db";
    const auto descr = dir.write("descr.npy", accelscope::tests::npyFile(std::string(60000, 'f'), "1,", std::string(4, '\0')));
    const auto shape = dir.write("shape.npy", accelscope::tests::npyFile("<f4", "99999999999999999999999,", std::string(4, '\0')));
    const auto wraps = dir.write("wraps.npy", accelscope::tests::npyFile("<f4", "4611686018427387904,", ""));
    const std::vector<std::pair<std::filesystem::path, std::string>> cases{
        {descr, ": unsupported dtype 'ffff"}, {shape, ": shape (99999999999999999999999,) is too large"},
        {wraps, ": the shape promises 4611686018427387904 values, more than memory can hold"}};
    for (const auto& [file, message] : cases) {
        const auto run = runCli(user, {"format", "quantize", "fp8-e4m3", "--input", file.string()});
        checkOneLineError(run, "accelscope-cli: error: " + file.string() + message);
    }
}

TEST_CASE("hostile lab result files are one error line naming the file and field")
{
    TempDir dir;
    const auto user = dir.path() / "user.db";
    const std::string front = R"({"schema_version": 1, "lab": "x", "title": "t", "parameters": {}, "series": [], "summary": [], )";
    const auto deep = dir.write("deep.json", front + "\"machine\": " + std::string(100000, '[') +
                                                 std::string(100000, ']') + R"(, "duration_s": 1})");
    checkOneLineError(runCli(user, {"lab", "import", deep.string()}),
                      "accelscope-cli: error: " + deep.string() + ":1: nested deeper than 200 levels");
    const auto overflow = dir.write("overflow.json", front + R"("duration_s": 1e999})");
    checkOneLineError(runCli(user, {"lab", "import", overflow.string()}),
                      "accelscope-cli: error: " + overflow.string() + ": duration_s: number overflow parsing '1e999'");
    const auto wrongType = dir.write("type.json", R"({"schema_version": 1, "lab": "x", "title": "t", "parameters": {},
 "series": [{"name": 5, "x_label": "", "x_unit": "", "y_label": "", "y_unit": "", "points": []}], "summary": [], "duration_s": 1})");
    checkOneLineError(runCli(user, {"lab", "import", wrongType.string()}),
                      "accelscope-cli: error: " + wrongType.string() + ": series[0].name: expected a string, found a number");
}

TEST_CASE("hostile lesson expressions and warp programs are one error line")
{
    TempDir dir;
    const auto user = dir.path() / "user.db";
    checkOneLineError(runCli(user, {"lesson", "eval", std::string(100000, '-') + "1"}), "accelscope-cli: error: in '---");
    std::string powers = "2";
    for (int k = 0; k < 100000; ++k) powers += "^1";
    CHECK_THAT(runCli(user, {"lesson", "eval", powers}).err, Catch::EndsWith("nested deeper than 200 levels\n"));

    const auto deep = dir.write("deep.warp", "compute 1\nif " + std::string(100000, '!') + "1\nend\n");
    checkOneLineError(runCli(user, {"warp", "run", "--program", deep.string()}),
                      "accelscope-cli: error: " + deep.string() + ": line 2, column ");
    const auto minOverMinusOne = dir.write("fpe.warp", "compute 1\nif (0 - 9223372036854775807 - 1) / (0 - 1) == 0\n  compute 1\nend\n");
    checkOneLineError(runCli(user, {"warp", "run", "--program", minOverMinusOne.string()}),
                      "accelscope-cli: error: " + minOverMinusOne.string() + ": integer overflow at line 2");
    const auto byZero = dir.write("zero.warp", "loop tid % 0\n  compute 1\nend\n");
    checkOneLineError(runCli(user, {"warp", "run", "--program", byZero.string()}),
                      "accelscope-cli: error: " + byZero.string() + ": division by zero at line 1");
}

TEST_CASE("a user database with a damaged schema version is one error line naming file and version")
{
    TempDir dir;
    for (const int version : {-1, 1000}) {
        const auto user = dir.path() / ("user" + std::to_string(version) + ".db");
        {
            auto db = accelscope::models::catalog::Database::open(user, accelscope::models::catalog::OpenMode::ReadWriteCreate);
            REQUIRE(db.has_value());
            REQUIRE(db->execute("PRAGMA user_version = " + std::to_string(version)).has_value());
        }
        checkOneLineError(runCli(user, {"lab", "history"}),
                          "accelscope-cli: error: " + user.string() + ": user database schema " + std::to_string(version));
    }
}
