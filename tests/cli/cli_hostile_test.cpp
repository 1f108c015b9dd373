// SPDX-License-Identifier: MIT
// CLI hostile input, second round (issue #29): endless and oversized inputs, unbounded numbers, control
// characters, CSV formulas and user-database errors; each is one error line or a clean acceptance.
#include "tests/cli/cli_checks.hpp"
#include "tests/models/catalog/catalog_fixture.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using accelscope::tests::requireOneErrorLine;
using accelscope::tests::runCli;
using accelscope::tests::runJson;
using accelscope::tests::TempDir;

namespace {

const std::string sourcesCsv = std::string(ACCELSCOPE_TEST_DATA_DIR) + "/../data/serving/efficiency-sources.csv";
const std::string calibrationCsv = std::string(ACCELSCOPE_TEST_DATA_DIR) + "/../data/serving/mlperf-inference-v4.csv";

} // namespace

TEST_CASE("an endless input is refused at its size limit by every reader")
{
    // /dev/zero never ends: before issue #29 each of these grew memory until the process died.
    const std::vector<std::vector<std::string>> commands{
        {"catalog", "import", "/dev/zero"},
        {"lab", "import", "/dev/zero"},
        {"warp", "run", "--program", "/dev/zero"},
        {"format", "quantize", "--input", "/dev/zero", "fp8-e4m3"},
        {"serve", "calibrate", "--data", "/dev/zero", "--sources", sourcesCsv},
        {"serve", "calibrate", "--data", calibrationCsv, "--sources", "/dev/zero"},
        {"memory", "infer", "--config", "/dev/zero", "--device", "nvidia-h100-sxm"},
        {"fabric", "import", "/dev/zero"},
    };
    for (const auto& args : commands) {
        INFO(args[0] + " " + args[1]);
        requireOneErrorLine(args, "/dev/zero: too large (more than ");
    }
    TempDir dir;
    const auto lesson = runCli(dir.path() / "user.db", {"lesson", "check", "/dev/zero"});
    CHECK(lesson.status == 1);
    CHECK_THAT(lesson.out + lesson.err, Catch::Contains("/dev/zero: too large (more than 1,048,576 bytes)"));
}

TEST_CASE("an oversized regular file is refused by its size before it is read")
{
    TempDir dir;
    const auto big = dir.path() / "big.json";
    std::ofstream(big).put('{');
    std::filesystem::resize_file(big, 16 * 1024 * 1024 + 1); // sparse: no 16 MiB written
    requireOneErrorLine({"catalog", "import", big.string()}, "big.json: too large (16,777,217 > 16,777,216 bytes)");
    requireOneErrorLine({"lab", "import", big.string()}, "big.json: too large (16,777,217 > 4,194,304 bytes)");
}

TEST_CASE("a lab result with more points than the limit is one error line")
{
    TempDir dir;
    nlohmann::json points = nlohmann::json::array();
    for (int i = 0; i < 100001; ++i) points.push_back({i, 1.0});
    nlohmann::json doc{{"schema_version", 1}, {"lab", "cpu-latency"}, {"title", "t"}, {"machine", nlohmann::json::object()},
                       {"parameters", nlohmann::json::object()}, {"summary", nlohmann::json::array()},
                       {"notes", nlohmann::json::array()}, {"started_at", "2026-01-01T00:00:00Z"}, {"duration_s", 1.5},
                       {"series", {{{"name", "s"}, {"x_label", "x"}, {"x_unit", "B"}, {"y_label", "y"}, {"y_unit", "ns"},
                                    {"points", points}}}}};
    const auto file = dir.write("many.json", doc.dump());
    requireOneErrorLine({"lab", "import", file.string()}, "many.json: series: too many points (100,001 > 100,000 in all series)");
}

TEST_CASE("a warp run stops at the block's work limit instead of growing without bound")
{
    TempDir dir;
    const auto program = dir.write("spin.warp", "while 1\n  compute 1\nend\n");
    const auto run = runCli(dir.path() / "user.db",
                            {"warp", "run", "--program", program.string(), "--warps", "64", "--width", "64", "--step-limit", "100000000"});
    INFO(run.err);
    CHECK(run.status == 1);
    CHECK_THAT(run.out + run.err, Catch::Contains("100,000,000 lane-terms of work in the block"));
}

TEST_CASE("non-finite and absurd numbers for latency limits and prices are one error line")
{
    const std::vector<std::string> server{"serve", "estimate", "--model", "llama2-70b", "--device", "nvidia-h100-sxm",
                                          "--count", "8", "--scenario", "server"};
    for (const std::string bad : {"nan", "-inf", "inf", "0", "-5"}) {
        INFO(bad);
        auto args = server;
        args.insert(args.end(), {"--ttft-ms", bad});
        requireOneErrorLine(args, "--ttft-ms must be a number from 0.001 to 3,600,000, got ");
    }
    requireOneErrorLine({"serve", "prices", "set", "--device", "nvidia-h100-sxm", "--list-price-usd", "30000", "--years", "5e-324"},
                        "--years must be a number from 0.1 to 100, got ");
    requireOneErrorLine({"serve", "prices", "set", "--device", "nvidia-h100-sxm", "--usd-per-hour", "1e300"},
                        "--usd-per-hour must be a number from 0 to 100,000, got ");
}

TEST_CASE("a subnormal efficiency in the calibration sources is one error line naming its line")
{
    TempDir dir;
    const auto sources = dir.write("sources.csv", "catalog_id,kind,efficiency_pct,source_url\n"
                                                  "nvidia-h100-sxm,memory_bandwidth,4.9e-324,https://example.com\n");
    requireOneErrorLine({"serve", "calibrate", "--data", calibrationCsv, "--sources", sources.string()},
                        "sources.csv:2: efficiency_pct must be a number from 1 to 100, got ");
}

TEST_CASE("an imported release year that does not fit an int is refused, not stored as another year")
{
    using accelscope::tests::replaced;
    TempDir dir;
    // 4294969320 = 2^32 + 2024: it was cut to 2024.
    const auto file = dir.write("year.json", replaced(accelscope::tests::validCatalogText(), R"("vendor": "Acme",)",
                                                      R"("vendor": "Acme", "release_year": 4294969320,)"));
    const auto run = runCli(dir.path() / "user.db", {"catalog", "import", file.string()});
    CHECK(run.status == 1);
    CHECK_THAT(run.err, Catch::Contains("year.json:9: release_year: must be a whole year between 1990 and 2035"));
}

TEST_CASE("a NUL or another control character in a device name is refused on import")
{
    using accelscope::tests::replaced;
    TempDir dir;
    const auto file = dir.write("nul.json", replaced(accelscope::tests::validCatalogText(), R"("Acme X1 80GB")", R"("Acme\u0000X1")"));
    const auto run = runCli(dir.path() / "user.db", {"catalog", "import", file.string()});
    CHECK(run.status == 1);
    CHECK_THAT(run.err, Catch::Contains("nul.json:8: name: a control character (byte 0x00 at position 5) is not allowed"));
    const auto tab = dir.write("tab.json", replaced(accelscope::tests::validCatalogText(), R"("Acme X1 80GB")", R"("Acme\tX1")"));
    CHECK_THAT(runCli(dir.path() / "user.db", {"catalog", "import", tab.string()}).err, Catch::Contains("(byte 0x09 at position 5)"));
}

TEST_CASE("CSV export puts a quote before a cell that a spreadsheet would run as a formula, and imports it back unchanged")
{
    using accelscope::tests::replaced;
    TempDir dir;
    const auto user = dir.path() / "user.db";
    const std::string formula = R"(=HYPERLINK(\"http://evil.example\",\"x\"))";
    const auto file = dir.write("f.json", replaced(accelscope::tests::validCatalogText(), R"("Acme X1 80GB")", "\"" + formula + "\""));
    REQUIRE(runCli(user, {"catalog", "import", file.string()}).status == 0);
    const auto csv = dir.path() / "out.csv";
    REQUIRE(runCli(user, {"catalog", "export", "acme-x1", "--format", "csv", "--out", csv.string()}).status == 0);
    const std::string text = accelscope::tests::readText(csv);
    CHECK_THAT(text, Catch::Contains(R"x("'=HYPERLINK(""http://evil.example"",""x"")")x"));
    CHECK_THAT(text, !Catch::Contains(R"(,"=HYPERLINK)"));
    // Round trip: into a second database, the name reads back without the quote.
    const auto other = dir.path() / "other.db";
    REQUIRE(runCli(other, {"catalog", "import", csv.string()}).status == 0);
    const auto shown = runCli(other, {"--json", "catalog", "show", "acme-x1"});
    CHECK(nlohmann::json::parse(shown.out)["name"] == R"x(=HYPERLINK("http://evil.example","x"))x");
}

TEST_CASE("a damaged user database says what to do, and userdb check and reset find it and keep a backup")
{
    TempDir dir;
    const auto user = dir.path() / "user.db";
    std::string garbage(8192, 'x');
    dir.write("user.db", garbage);
    const auto list = runCli(user, {"catalog", "list"});
    CHECK(list.status == 1);
    CHECK_THAT(list.err, Catch::Contains("accelscope-cli userdb reset"));
    CHECK(std::ranges::count(list.err, '\n') == 1);

    const auto check = runCli(user, {"userdb", "check"});
    CHECK(check.status == 1);
    CHECK_THAT(check.err, Catch::Contains("userdb reset"));

    const auto reset = runCli(user, {"--json", "userdb", "reset"});
    REQUIRE(reset.status == 0);
    const auto backup = nlohmann::json::parse(reset.out)["backup"].get<std::string>();
    CHECK(backup == user.string() + ".backup-1");
    CHECK(accelscope::tests::readText(backup) == garbage);
    CHECK_FALSE(std::filesystem::exists(user));
    CHECK(runCli(user, {"catalog", "list"}).status == 0);
    const auto none = runCli(user, {"userdb", "check"});
    CHECK(none.status == 0);
    CHECK_THAT(none.out, Catch::Contains("none yet"));
    REQUIRE(runCli(user, {"serve", "prices", "set", "--usd-per-kwh", "0.2"}).status == 0);
    const auto sound = runCli(user, {"userdb", "check"});
    CHECK(sound.status == 0);
    CHECK_THAT(sound.out, Catch::Contains("sound"));
}

TEST_CASE("listing does not create a user database, so a read-only data folder still lists")
{
    TempDir dir;
    const auto user = dir.path() / "never" / "user.db";
    CHECK(runCli(user, {"catalog", "list"}).status == 0);
    CHECK_FALSE(std::filesystem::exists(user));
}
