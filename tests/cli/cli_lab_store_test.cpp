// SPDX-License-Identifier: MIT
// Lab results in the user database: run saves, import/export round-trip, history, delete, and
// the bad files and ids that must be refused without changing what is stored.
#include "tests/cli/cli_runner.hpp"
#include "tests/support/temp_dir.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using accelscope::tests::readText;
using accelscope::tests::runCli;
using accelscope::tests::TempDir;
using nlohmann::json;

namespace {

json history(const std::filesystem::path& user)
{
    const auto run = runCli(user, {"--json", "lab", "history"});
    REQUIRE(run.status == 0);
    return json::parse(run.out);
}

} // namespace

TEST_CASE("lab run saves its result, export gives back the same record, import on another database")
{
    TempDir dir;
    const auto server = dir.path() / "server.db";
    const auto laptop = dir.path() / "laptop.db";
    const auto file = dir.path() / "roofline.json";
    const auto run = runCli(server, {"--json", "lab", "run", "cpu-roofline", "--quick", "--out", file.string()});
    REQUIRE(run.status == 0);
    CHECK_THAT(run.err, Catch::Contains("saved as result #1"));
    const json h = history(server);
    REQUIRE(h.size() == 1);
    CHECK(h[0]["lab"] == "cpu-roofline");
    CHECK(h[0]["origin"] == "local");

    const auto exported = runCli(server, {"lab", "export", "1"});
    REQUIRE(exported.status == 0);
    CHECK(json::parse(exported.out) == json::parse(run.out));
    CHECK(json::parse(readText(file)) == json::parse(run.out));

    const auto imported = runCli(laptop, {"--json", "lab", "import", file.string()});
    REQUIRE(imported.status == 0);
    CHECK(json::parse(imported.out)["id"] == 1);
    const json l = history(laptop);
    REQUIRE(l.size() == 1);
    CHECK(l[0]["origin"] == "imported");
    CHECK(l[0]["source_file"] == "roofline.json");
    // The same record twice is refused, naming the stored copy.
    const auto again = runCli(laptop, {"lab", "import", file.string()});
    CHECK(again.status == 1);
    CHECK_THAT(again.err, Catch::Contains("already stored as #1"));
    CHECK(history(laptop).size() == 1);

    CHECK(runCli(server, {"lab", "run", "cpu-roofline", "--quick", "--no-save"}).status == 0);
    CHECK(history(server).size() == 1);
}

TEST_CASE("bad result files are refused with the file and the problem, nothing is stored")
{
    TempDir dir;
    const auto user = dir.path() / "u.db";
    const auto malformed = dir.write("broken.json", "{\"schema_version\": 1,\n \"lab\": ");
    auto run = runCli(user, {"lab", "import", malformed.string()});
    CHECK(run.status == 1);
    CHECK_THAT(run.err, Catch::Contains("broken.json: not JSON: line 2"));
    const auto newer = dir.write("newer.json", R"({"schema_version": 99, "lab": "x"})");
    CHECK_THAT(runCli(user, {"lab", "import", newer.string()}).err, Catch::Contains("newer.json: result schema 99 was made by a newer"));
    const auto missing = dir.write("missing.json", R"({"schema_version": 1, "lab": "x", "title": "t"})");
    CHECK_THAT(runCli(user, {"lab", "import", missing.string()}).err, Catch::Contains("missing.json: missing key"));
    CHECK_THAT(runCli(user, {"lab", "import", (dir.path() / "nope.json").string()}).err, Catch::Contains("nope.json: cannot open file"));
    // Issue #29: 2^63 and 2^64-1 wrapped to a negative int64 ("... is not a schema version").
    const auto huge = dir.write("huge.json", R"({"schema_version": 9223372036854775808, "lab": "x"})");
    CHECK_THAT(runCli(user, {"lab", "import", huge.string()}).err,
               Catch::Contains("huge.json: result schema 9223372036854775808 was made by a newer"));
    const auto most = dir.write("most.json", R"({"schema_version": 18446744073709551615, "lab": "x"})");
    CHECK_THAT(runCli(user, {"lab", "import", most.string()}).err, Catch::Contains("result schema 18446744073709551615 was made by a newer"));
    const auto negative = dir.write("negative.json", R"({"schema_version": -9223372036854775808, "lab": "x"})");
    CHECK_THAT(runCli(user, {"lab", "import", negative.string()}).err,
               Catch::Contains("schema_version: -9223372036854775808 is not a schema version"));
    const auto fraction = dir.write("fraction.json", R"({"schema_version": 1.5, "lab": "x"})");
    CHECK_THAT(runCli(user, {"lab", "import", fraction.string()}).err, Catch::Contains("fraction.json: schema_version: not a whole number"));
    CHECK(history(user).empty());
}

TEST_CASE("lab delete removes all the ids or none, export of an unknown id says so")
{
    TempDir dir;
    const auto user = dir.path() / "u.db";
    REQUIRE(runCli(user, {"lab", "run", "cpu-roofline", "--quick"}).status == 0);
    REQUIRE(runCli(user, {"lab", "run", "cpu-roofline", "--quick"}).status == 0);
    REQUIRE(history(user).size() == 2);
    const auto partial = runCli(user, {"lab", "delete", "1", "9"});
    CHECK(partial.status == 1);
    CHECK_THAT(partial.err, Catch::Contains("no stored result #9; nothing was deleted"));
    CHECK(history(user).size() == 2);
    CHECK_THAT(runCli(user, {"lab", "export", "9"}).err, Catch::Contains("no stored result #9"));
    const auto removed = runCli(user, {"--json", "lab", "delete", "1", "2"});
    REQUIRE(removed.status == 0);
    CHECK(json::parse(removed.out)["deleted"] == 2);
    CHECK(history(user).empty());
}

TEST_CASE("a cancelled or refused run stores nothing")
{
    TempDir dir;
    const auto user = dir.path() / "u.db";
    CHECK(runCli(user, {"lab", "run", "cpu-roofline", "--quick", "--param", "max_fmas=0"}).status == 1);
    CHECK(history(user).empty());
}
