// SPDX-License-Identifier: MIT
// Issue #17, poisoned state: what imports is what every face reads back, text that is not UTF-8 is
// refused where it enters, and a record that cannot be read is listed as damaged, never fatal.
#include "models/catalog/sqlite_db.hpp"
#include "tests/cli/cli_runner.hpp"
#include "tests/models/catalog/catalog_fixture.hpp"
#include "tests/support/temp_dir.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>

using accelscope::tests::CliRun;
using accelscope::tests::runCli;
using accelscope::tests::TempDir;
using nlohmann::json;

namespace {

/// A minimal lab result record whose machine description is `machine` (JSON text).
std::string resultWithMachine(const std::string& machine)
{
    return R"({"schema_version": 1, "lab": "cpu-roofline", "title": "Roofline", "machine": )" + machine +
           R"(, "parameters": {}, "series": [], "summary": [{"key": "peak_gflops", "value": 12.5, "unit": "GFLOP/s"}],
              "started_at": "2026-11-24T05:00:00Z", "duration_s": 1})";
}

void checkOneLine(const CliRun& run, const std::string& contains, int lines = 1)
{
    INFO(run.err.substr(0, 300));
    CHECK(run.status == 1);
    CHECK(std::count(run.err.begin(), run.err.end(), '\n') == lines);
    CHECK_THAT(run.err, !Catch::Contains("internal error"));
    CHECK_THAT(run.err, Catch::Contains(contains));
}

/// Writes a row into lab_results directly, as a damaged or older database could hold it.
void plantResult(const std::filesystem::path& user, const std::string& machineSummary, const std::string& record)
{
    auto db = accelscope::models::catalog::Database::open(user, accelscope::models::catalog::OpenMode::ReadWriteCreate);
    REQUIRE(db.has_value());
    auto insert = db->prepare("INSERT INTO lab_results (lab_id, title, started_at, machine, origin, source_file, record, "
                              "content_hash) VALUES ('cpu-roofline', 'Roofline', '2026-11-24T04:00:00Z', ?, 'imported', "
                              "'planted.json', ?, ?)");
    REQUIRE(insert.has_value());
    insert->bind(1, machineSummary).bind(2, record).bind(3, "planted-" + std::to_string(record.size()));
    REQUIRE(insert->run().has_value());
}

} // namespace

TEST_CASE("a lab result whose machine os is a number is refused at import, naming the field")
{
    TempDir dir;
    const auto user = dir.path() / "user.db";
    struct Case {
        std::string machine;
        std::string field;
    };
    const std::vector<Case> cases{
        {R"({"os": 42})", "machine.os: expected a string, found a number"},
        {R"({"cpu_model": ["x"]})", "machine.cpu_model: expected a string, found an array"},
        {R"("a laptop")", "machine: expected an object, found a string"},
        {R"({"caches": [{"level": "L1"}]})", "machine.caches[0].level: expected a cache level from 0 to 9"},
        {R"({"caches": [{"level": 1, "size_bytes": "32K"}]})", "machine.caches[0].size_bytes: expected a number"},
        {R"({"caches": [7]})", "machine.caches[0]: expected an object, found a number"},
        {R"({"gpu": {"name": 5}})", "machine.gpu.name: expected a string, found a number"},
    };
    for (const auto& c : cases) {
        const auto file = dir.write("result.json", resultWithMachine(c.machine));
        checkOneLine(runCli(user, {"lab", "import", file.string()}), "result.json: " + c.field);
    }
    const auto history = runCli(user, {"--json", "lab", "history"});
    REQUIRE(history.status == 0);
    CHECK(json::parse(history.out).empty());

    // The same record with a well-typed machine imports and reads back on every face.
    const auto good = dir.write("good.json", resultWithMachine(R"({"os": "Linux 6.1", "cpu_model": "Test CPU"})"));
    REQUIRE(runCli(user, {"lab", "import", good.string()}).status == 0);
    CHECK(runCli(user, {"lab", "show", "1"}).status == 0);
    CHECK(runCli(user, {"--json", "lab", "export", "1"}).status == 0);
}

TEST_CASE("a stored lab result no face can read is listed as damaged and can be deleted")
{
    TempDir dir;
    const auto user = dir.path() / "user.db";
    const auto good = dir.write("good.json", resultWithMachine(R"({"os": "Linux 6.1", "cpu_model": "Test CPU"})"));
    REQUIRE(runCli(user, {"lab", "import", good.string()}).status == 0); // creates the database, #1
    plantResult(user, "Test CPU", resultWithMachine(R"({"os": 42})"));  // #2, as an older version stored it
    plantResult(user, "Caf\xE9 CPU", "{\"lab\": \"caf\xE9\"}");         // #3, Latin-1 bytes

    const auto table = runCli(user, {"lab", "history"});
    REQUIRE(table.status == 0);
    CHECK_THAT(table.out, Catch::Contains("damaged: stored result #2: machine.os: expected a string, found a number"));
    CHECK_THAT(table.out, Catch::Contains("damaged: stored result #3:1: not UTF-8 text (byte 0xE9"));
    CHECK_THAT(table.out, Catch::Contains("peak_gflops 12.5 GFLOP/s"));
    const auto listed = runCli(user, {"--json", "lab", "history"});
    REQUIRE(listed.status == 0);
    const json rows = json::parse(listed.out); // bytes that are not UTF-8 print as U+FFFD, not as a failure
    REQUIRE(rows.size() == 3);
    const auto planted = std::ranges::find_if(rows, [](const json& r) { return r["id"] == 3; });
    REQUIRE(planted != rows.end());
    CHECK((*planted)["machine"] == "Caf\xEF\xBF\xBD CPU");

    checkOneLine(runCli(user, {"lab", "show", "2"}), "stored result #2: machine.os: expected a string, found a number");
    checkOneLine(runCli(user, {"lab", "export", "3"}), "stored result #3:1: not UTF-8 text");
    checkOneLine(runCli(user, {"lab", "show", "--pyramid", "1", "2"}), "stored result #2: machine.os");
    CHECK(runCli(user, {"lab", "show", "1"}).status == 0);
    CHECK(runCli(user, {"lab", "delete", "2", "3"}).status == 0);
    CHECK(json::parse(runCli(user, {"--json", "lab", "history"}).out).size() == 1);
}

TEST_CASE("a Latin-1 CSV import is refused naming line and column, and listings keep working")
{
    TempDir dir;
    const auto user = dir.path() / "user.db";
    const std::string header = "id,name,vendor,kind,form_factor,scope,scope_note,source_title,source_publisher,source_kind,"
                               "source_url,memory_gb\n";
    const std::string row = "acme-own2,Own 2,Acme,gpu,PCIe,card,one card,Brief,Acme,datasheet,https://acme.example/b.pdf,16\n";
    const auto latin1 = dir.write("latin1.csv", header + row + "acme-own3,Caf\xE9 3,Acme,gpu,PCIe,card,one card,Brief,Acme,"
                                                               "datasheet,https://acme.example/b.pdf,16\n");
    checkOneLine(runCli(user, {"catalog", "import", latin1.string()}),
                 "latin1.csv:3: (encoding): not UTF-8 text (byte 0xE9 at column 14); save the file as UTF-8", 2);
    const auto list = runCli(user, {"--json", "catalog", "list", "--user"});
    REQUIRE(list.status == 0);
    CHECK(json::parse(list.out).empty()); // nothing of the file was imported

    // A spreadsheet's byte-order mark is not part of the first column's name; UTF-8 text imports.
    const auto bom = dir.write("bom.csv", "\xEF\xBB\xBF" + header + "acme-own2,Caf\xC3\xA9 2,Acme,gpu,PCIe,card,one card,"
                                                                    "Brief,Acme,datasheet,https://acme.example/b.pdf,16\n");
    REQUIRE(runCli(user, {"catalog", "import", bom.string()}).status == 0);
    const auto after = runCli(user, {"--json", "catalog", "list", "--user"});
    REQUIRE(after.status == 0);
    const json devices = json::parse(after.out);
    REQUIRE(devices.size() == 1);
    CHECK(devices[0]["name"] == "Caf\xC3\xA9 2");
    CHECK(runCli(user, {"--json", "catalog", "export", "--user"}).status == 0);
}

TEST_CASE("text that is not UTF-8 is refused at every file boundary with file and line")
{
    TempDir dir;
    const auto user = dir.path() / "user.db";
    const std::string latin1 = "Caf\xE9";

    const auto catalog = dir.write("cat.json", accelscope::tests::replaced(accelscope::tests::validCatalogText(),
                                                                           "Acme X1 80GB", latin1));
    checkOneLine(runCli(user, {"catalog", "import", catalog.string()}), "cat.json:8: (syntax): not UTF-8 text (byte 0xE9", 2);

    const auto result = dir.write("r.json", resultWithMachine(R"({"os": ")" + latin1 + "\"}"));
    checkOneLine(runCli(user, {"lab", "import", result.string()}), "r.json:1: not UTF-8 text (byte 0xE9 at column ");

    const auto warp = dir.write("w.warp", "compute 1\n# " + latin1 + "\n");
    checkOneLine(runCli(user, {"warp", "run", "--program", warp.string()}), "w.warp: line 2, column 6: not UTF-8 text");

    const auto model = dir.write("m.json", "{\n  \"id\": \"" + latin1 + "\"\n}\n");
    checkOneLine(runCli(user, {"memory", "infer", "--config", model.string()}), "m.json:2: (syntax): not UTF-8 text");

    const auto lessons = dir.path() / "lessons";
    std::filesystem::create_directories(lessons);
    const auto lesson = dir.write("lessons/99-bad.md", "---\nid: bad\ntitle: " + latin1 + "\n---\n");
    const auto check = runCli(user, {"lesson", "check", lesson.string()});
    CHECK(check.status == 1);
    CHECK_THAT(check.err + check.out, Catch::Contains("99-bad.md:3: not UTF-8 text (byte 0xE9 at column 11)"));
}

TEST_CASE("a key or column given twice is refused naming file, line and key")
{
    TempDir dir;
    const auto user = dir.path() / "user.db";
    const auto catalog = dir.write("twice.json", accelscope::tests::replaced(accelscope::tests::validCatalogText(),
                                                                             R"("vendor": "Acme",)",
                                                                             R"("vendor": "Acme", "vendor": "Other",)"));
    checkOneLine(runCli(user, {"catalog", "import", catalog.string()}), "twice.json:9: (syntax): duplicate key 'vendor'", 2);

    const auto model = dir.write("twice-model.json", "{\n  \"id\": \"m\",\n  \"layers\": 2,\n  \"layers\": 3\n}\n");
    checkOneLine(runCli(user, {"memory", "infer", "--config", model.string()}), "twice-model.json:4: (syntax): duplicate key 'layers'");

    const auto result = dir.write("twice-result.json", resultWithMachine(R"({"os": "Linux", "os": "Windows"})"));
    checkOneLine(runCli(user, {"lab", "import", result.string()}), "twice-result.json: os: the key is given twice in one object");

    const auto csv = dir.write("twice.csv", "id,name,vendor,kind,form_factor,scope,scope_note,source_title,source_publisher,source_kind,"
                                            "source_url,memory_gb,memory_gb\nacme-own2,Own 2,Acme,gpu,PCIe,card,one card,Brief,"
                                            "Acme,datasheet,https://acme.example/b.pdf,16,32\n");
    checkOneLine(runCli(user, {"catalog", "import", csv.string()}), "twice.csv:1: memory_gb: column given twice", 2);
    CHECK(json::parse(runCli(user, {"--json", "catalog", "list", "--user"}).out).empty());
    CHECK(json::parse(runCli(user, {"--json", "lab", "history"}).out).empty());
}

TEST_CASE("NaN, infinity and overflow are refused where numbers are read")
{
    TempDir dir;
    const auto user = dir.path() / "user.db";
    const std::string header = "id,name,vendor,kind,form_factor,scope,scope_note,source_title,source_publisher,source_kind,"
                               "source_url,memory_gb\nacme-a,A,Acme,gpu,PCIe,card,one card,B,A,datasheet,https://a.example/b.pdf,";
    for (const std::string value : {"nan", "inf", "-inf", "1e999", "1e300"}) {
        const auto csv = dir.write("n.csv", header + value + "\n");
        checkOneLine(runCli(user, {"catalog", "import", csv.string()}), "n.csv:2: memory_gb: ", 2);
    }
    const auto catalog = dir.write("nan.json", accelscope::tests::replaced(accelscope::tests::validCatalogText(),
                                                                           R"("value": 350)", R"("value": "NaN W")"));
    checkOneLine(runCli(user, {"catalog", "import", catalog.string()}), "nan.json:19: tdp_w: a value that is not finite", 2);
    CHECK(json::parse(runCli(user, {"--json", "catalog", "list", "--user"}).out).empty());

    for (const std::string value : {"nan", "inf", "1e999"}) {
        checkOneLine(runCli(user, {"lesson", "answer", "memory-wall", "1", value}), "'" + value + "' is not a number");
    }
    checkOneLine(runCli(user, {"lesson", "eval", "10^400"}), "'10^400' is not finite (it overflows)");
    const auto warp = dir.write("big.warp", "loop 99999999999999999999\n  compute 1\nend\n");
    checkOneLine(runCli(user, {"warp", "run", "--program", warp.string()}), "big.warp: line 1, column 6: number out of range");
}

TEST_CASE("path tricks in files are refused or reduced to a file name")
{
    TempDir dir;
    const auto user = dir.path() / "user.db";
    const auto csv = dir.write("path.csv", "id,name,vendor,kind,form_factor,scope,scope_note,source_title,source_publisher,source_kind,"
                                           "source_url,memory_gb\n../../etc/passwd,A,Acme,gpu,PCIe,card,one card,B,A,datasheet,"
                                           "file:///etc/passwd,16\n");
    const auto refused = runCli(user, {"catalog", "import", csv.string()});
    checkOneLine(refused, "path.csv:2: ", 3);
    CHECK_THAT(refused.err, Catch::Contains("url: only http(s) links are allowed, not 'file:"));
    CHECK_THAT(refused.err, Catch::Contains("id: '../../etc/passwd' is not a slug"));

    // A result imported through "sub/../" is recorded by its file name only.
    std::filesystem::create_directories(dir.path() / "sub");
    dir.write("r.json", resultWithMachine(R"({"os": "Linux"})"));
    REQUIRE(runCli(user, {"lab", "import", (dir.path() / "sub" / ".." / "r.json").string()}).status == 0);
    const json rows = json::parse(runCli(user, {"--json", "lab", "history"}).out);
    REQUIRE(rows.size() == 1);
    CHECK(rows[0]["source_file"] == "r.json");
    // Exporting onto a folder is one error line; the folder is left as it was.
    checkOneLine(runCli(user, {"lab", "export", "1", "--out", (dir.path() / "sub").string()}), "");
    CHECK(std::filesystem::is_directory(dir.path() / "sub"));
}

TEST_CASE("model configs: overflowing numbers, deep nesting and bare NaN are one line naming the file")
{
    TempDir dir;
    const auto user = dir.path() / "user.db";
    const auto huge = dir.write("huge.json", "{\n  \"id\": \"m\",\n  \"layers\": 1e999\n}\n");
    checkOneLine(runCli(user, {"memory", "infer", "--config", huge.string()}), "huge.json:3: (syntax): number overflow parsing '1e999'");
    const auto deep = dir.write("deep.json", "{\"id\": " + std::string(100000, '[') + std::string(100000, ']') + "}");
    checkOneLine(runCli(user, {"memory", "infer", "--config", deep.string()}), "deep.json:1: (syntax): nested deeper than 200 levels");
    const auto nan = dir.write("nan.json", "{\n  \"id\": \"m\",\n  \"layers\": NaN\n}\n");
    checkOneLine(runCli(user, {"memory", "infer", "--config", nan.string()}), "nan.json:3: (syntax): ");
}

TEST_CASE("a tensor holding NaN or infinity is refused by quantize, naming the file and the value")
{
    TempDir dir;
    const auto user = dir.path() / "user.db";
    const auto text = dir.write("t.txt", "1.5\nnan\n2\n");
    checkOneLine(runCli(user, {"format", "quantize", "--input", text.string(), "fp8-e4m3"}),
                 text.string() + ": value 2 of the tensor is NaN; error metrics need finite values");
    const auto inf = dir.write("i.txt", "1.5 2 -inf\n");
    checkOneLine(runCli(user, {"format", "quantize", "--input", inf.string(), "int8-sym"}),
                 inf.string() + ": value 3 of the tensor is infinite");
    CHECK(runCli(user, {"format", "quantize", "--input", dir.write("ok.txt", "1.5 2 -3\n").string(), "fp8-e4m3"}).status == 0);
}

TEST_CASE("a user device with a figure this version does not know still loads, saying so")
{
    TempDir dir;
    const auto user = dir.path() / "user.db";
    const auto good = dir.write("good.json", accelscope::tests::replaced(accelscope::tests::validCatalogText(), "acme-x1", "acme-own1"));
    REQUIRE(runCli(user, {"catalog", "import", good.string()}).status == 0);
    {
        auto db = accelscope::models::catalog::Database::open(user, accelscope::models::catalog::OpenMode::ReadWriteCreate);
        REQUIRE(db.has_value());
        REQUIRE(db->execute("INSERT INTO figures (device_id, key, value, provenance) VALUES ('acme-own1', 'qubits_per_die', 7, "
                            "'sourced'), ('gone-device', 'memory_gb', 1, 'sourced')").has_value());
    }
    const auto list = runCli(user, {"--json", "catalog", "list", "--user"});
    REQUIRE(list.status == 0);
    REQUIRE(json::parse(list.out).size() == 1);
    const auto shown = runCli(user, {"catalog", "show", "acme-own1"});
    REQUIRE(shown.status == 0);
    CHECK_THAT(shown.out, Catch::Contains("figure 'qubits_per_die' this version does not know"));
    CHECK_THAT(shown.out, Catch::Contains("80")); // the figures it knows are all there
}
