// SPDX-License-Identifier: MIT
// Validation of catalog data: every bad-input class is reported as file:line: field: problem.
#include "models/catalog/catalog_parser.hpp"

#include "tests/models/catalog/catalog_fixture.hpp"
#include "tests/support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace accelscope::models::catalog;
using accelscope::tests::replaced;
using accelscope::tests::validCatalogText;

TEST_CASE("a valid document parses into devices with canonical units and derived figures")
{
    const ParsedCatalog parsed = parseCatalogText(validCatalogText(), "acme.json", Origin::Bundled);
    REQUIRE(parsed.issues.empty());
    REQUIRE(parsed.devices.size() == 1);
    const Device& d = parsed.devices.front();
    CHECK(d.id == "acme-x1");
    CHECK(d.kind == DeviceKind::Gpu);
    CHECK(d.formFactor == FormFactor::Pcie);
    CHECK(d.sourceLine == 7);
    CHECK_THAT(*d.value(FigureKey::MemoryGb), Catch::WithinRel(80 * 1.073741824, 1e-12)); // 80 GiB in 10^9 B
    CHECK(d.figure(FigureKey::MemoryGb)->label == "80 GB");
    CHECK(d.value(FigureKey::MemoryBwGbs) == 2000.0); // 2 TB/s = 2000 GB/s
    CHECK(d.value(FigureKey::Bf16TflopsDense) == 400.0);
    CHECK(d.figure(FigureKey::Bf16TflopsDense)->provenance == Provenance::Derived);
    CHECK(d.figure(FigureKey::MemoryBwGbs)->stated == "2 TB/s");
    REQUIRE(d.sourceOf(FigureKey::MemoryGb) != nullptr);
    CHECK(d.sourceOf(FigureKey::MemoryGb)->url == "https://acme.example/x1.pdf");
}

TEST_CASE("the scale-up link kind and the scale-out bandwidth per device are read with their direction")
{
    const std::string text = replaced(
        replaced(validCatalogText(), R"("vendor": "Acme",)",
                 R"j("vendor": "Acme", "interconnect_name": "RoCE v2 (24x 200 GbE)", "scaleup_link_kind": "ethernet",)j"),
        R"("tdp_w": {"value": 350, "source": "ds", "where": "table 1, row TDP"})",
        R"("tdp_w": {"value": 350, "source": "ds", "where": "table 1, row TDP"},
        "scaleout_gbs_per_device": {"derived": "3 * 200 / 8", "source": "ds", "where": "3 of 24 ports face the network", "note": "3 x 200 Gb/s / 8 bits"})");
    const ParsedCatalog parsed = parseCatalogText(text, "acme.json", Origin::Bundled);
    REQUIRE(parsed.issues.empty());
    const Device& d = parsed.devices.front();
    CHECK(d.scaleupLinkKind == "ethernet");
    CHECK(d.value(FigureKey::ScaleoutGbsPerDevice) == 75.0);
    CHECK_THAT(std::string(figureInfo(FigureKey::ScaleoutGbsPerDevice).label), Catch::Contains("per direction"));
    CHECK_THAT(std::string(figureInfo(FigureKey::InterconnectGbs).label), Catch::Contains("both directions"));
    for (const std::string_view kind : {"dedicated", "ethernet"}) {
        CHECK(std::ranges::find(scaleupLinkKinds(), kind) != scaleupLinkKinds().end());
    }
}

struct BadCase {
    const char* what;
    const char* from;
    const char* to;
    int line;
    const char* field;
    const char* message;
};

TEST_CASE("each class of bad input names the file, line, field and problem")
{
    // Lines refer to validCatalogText(): 3 source, 7 id, 9 vendor, 10 kind, 12 scope, 15 memory_gb,
    // 16 memory_bw_gbs, 17 bf16 sparse, 18 bf16 dense, 19 tdp_w.
    const BadCase bad = GENERATE(values<BadCase>({
        {"unknown field", R"("vendor": "Acme",)", R"("vendor": "Acme", "colour": "red",)", 9, "colour", "unknown field"},
        {"unknown figure", R"("tdp_w": {"value": 350)", R"("tdp_watts": {"value": 350)", 19, "tdp_watts", "unknown figure"},
        {"wrong unit", R"("80 GiB")", R"("80 TFLOPS")", 15, "memory_gb", "unit 'TFLOPS' does not fit memory_gb"},
        {"missing unit", R"("2 TB/s")", R"("2 furlongs")", 16, "memory_bw_gbs", "unit 'furlongs' does not fit"},
        {"missing source", R"("value": "2 TB/s", "source": "ds", )", R"("value": "2 TB/s", )", 16, "memory_bw_gbs", "missing source"},
        {"undefined source", R"("value": "2 TB/s", "source": "ds")", R"("value": "2 TB/s", "source": "nope")", 16, "memory_bw_gbs", "'nope' is not defined"},
        {"no primary source", R"("primary_sources": ["ds"],)", R"("primary_sources": [],)", 13, "primary_sources", "at least one"},
        {"dense > sparse", R"("bf16_tflops_sparse / 2")", R"("bf16_tflops_sparse * 2")", 18, "bf16_tflops_dense", "greater than sparse"},
        {"negative value", R"("value": 350)", R"("value": -350)", 19, "tdp_w", "negative value"},
        {"absurd value", R"("2 TB/s")", R"("2000 PB/s")", 16, "memory_bw_gbs", "implausible value"},
        {"zero value", R"("value": 350)", R"("value": 0)", 19, "tdp_w", "implausible value 0"},
        {"unknown kind", R"("kind": "gpu")", R"("kind": "gpgpu")", 10, "kind", "unknown kind 'gpgpu'"},
        {"unknown form factor", R"("PCIe")", R"("dongle")", 11, "form_factor", "unknown form factor"},
        {"bad id", R"("id": "acme-x1")", R"("id": "Acme X1")", 7, "id", "not a slug"},
        {"missing name", R"("name": "Acme X1 80GB",)", "", 6, "name", "missing required field"},
        {"formula names unknown figure", R"("bf16_tflops_sparse / 2")", R"("bf16_tflops_sparce / 2")", 18, "bf16_tflops_dense", "unknown figure 'bf16_tflops_sparce'"},
        {"formula uses absent figure", R"("bf16_tflops_sparse / 2")", R"("fp8_tflops_sparse / 4")", 18, "bf16_tflops_dense", "does not have"},
        {"formula syntax", R"("bf16_tflops_sparse / 2")", R"("bf16_tflops_sparse / (2")", 18, "bf16_tflops_dense", "missing ')'"},
        {"constants without source", R"({"derived": "bf16_tflops_sparse / 2", "note": "footnote: sparsity doubles"})", R"({"derived": "800 / 2"})", 18, "bf16_tflops_dense", "formula of constants needs"},
        {"price without date", R"("tdp_w": {"value": 350)", R"("list_price_usd": {"value": "9000 USD")", 19, "list_price_usd", "needs a 'date'"},
        {"aggregator url", "https://acme.example/x1.pdf", "https://www.techpowerup.com/gpu-specs/x1", 3, "url", "aggregators are not sources"},
        {"http url", "https://acme.example/x1.pdf", "http://acme.example/x1.pdf", 3, "url", "not an https URL"},
        {"file url", "https://acme.example/x1.pdf", "file:///usr/bin/xterm", 3, "url", "only http(s) links are allowed, not 'file:…'"},
        {"javascript url", "https://acme.example/x1.pdf", "javascript:alert(1)", 3, "url", "only http(s) links are allowed, not 'javascript:…'"},
        {"url without scheme", "https://acme.example/x1.pdf", "acme.example/x1.pdf", 3, "url", "only http(s) links are allowed, not 'acme.example/x1.pdf…'"},
        {"bad source date", R"("date": "2024-05")", R"("date": "May 2024")", 3, "date", "not YYYY"},
        {"figure both derived and sourced", R"({"derived": "bf16_tflops_sparse / 2")", R"({"value": 1, "derived": "bf16_tflops_sparse / 2")", 18, "bf16_tflops_dense", "not both"},
        {"decimal memory unit", R"("80 GiB", "label": "80 GB")", R"("80 GB")", 15, "memory_gb", "'80 GB' is a decimal unit, but memory is built in binary units: write '80 GiB' and keep the vendor's text in \"label\""},
        {"decimal memory unit in TB", R"("80 GiB", "label": "80 GB")", R"("1.4 TB")", 15, "memory_gb", "write '1.4 TiB'"},
        {"unknown scope", R"("scope": "card",)", R"("scope": "one card",)", 12, "scope", "unknown scope 'one card' (expected chip, package"},
        {"missing scope note", R"( "scope_note": "one card",)", "", 6, "scope_note", "missing required field"},
        {"empty scope note", R"("scope_note": "one card",)", R"("scope_note": "",)", 12, "scope_note", "must not be empty"},
        {"parts of a chip", R"("scope": "card",)", R"("scope": "chip", "contains": [{"device": "acme-y1", "count": 2}],)", 12, "contains", "a chip has no parts"},
        {"part without count", R"("scope": "card",)", R"("scope": "board", "contains": [{"device": "acme-y1"}],)", 12, "contains", "part 'acme-y1' needs 'count'"},
        {"part count zero", R"("scope": "card",)", R"("scope": "board", "contains": [{"device": "acme-y1", "count": 0}],)", 12, "contains", "a whole number from 1"},
        {"part without device", R"("scope": "card",)", R"("scope": "board", "contains": [{"count": 2}],)", 12, "contains", "needs 'device'"},
        {"part listed twice", R"("scope": "card",)", R"("scope": "board", "contains": [{"device": "acme-y1", "count": 2}, {"device": "acme-y1", "count": 1}],)", 12, "contains", "listed twice"},
        {"pod without parts", R"("scope": "card",)", R"("scope": "pod",)", 12, "contains", "a pod must list its parts"},
        {"unknown link kind", R"("vendor": "Acme",)", R"("vendor": "Acme", "interconnect_name": "X-Link", "scaleup_link_kind": "infiniband",)", 9, "scaleup_link_kind", "unknown link kind 'infiniband' (expected dedicated"},
        {"link kind not text", R"("vendor": "Acme",)", R"("vendor": "Acme", "interconnect_name": "X-Link", "scaleup_link_kind": 2,)", 9, "scaleup_link_kind", "must be a string"},
        {"link kind without a link", R"("vendor": "Acme",)", R"("vendor": "Acme", "scaleup_link_kind": "ethernet",)", 9, "interconnect_name", "'interconnect_name' is required with scaleup_link_kind"},
        {"scale-out in Gb/s", R"("tdp_w": {"value": 350)", R"("scaleout_gbs_per_device": {"value": "400 Gb/s")", 19, "scaleout_gbs_per_device", "unit 'Gb/s' does not fit scaleout_gbs_per_device"},
        {"scale-out zero", R"("tdp_w": {"value": 350)", R"("scaleout_gbs_per_device": {"value": 0)", 19, "scaleout_gbs_per_device", "implausible value 0"},
        {"scale-out absurd", R"("tdp_w": {"value": 350)", R"("scaleout_gbs_per_device": {"value": "5 PB/s")", 19, "scaleout_gbs_per_device", "implausible value"},
        {"syntax error", R"("scope_note": "one card",)", R"("scope_note": "one card")", 13, "(syntax)", "unexpected"},
    }));
    INFO(bad.what);
    const std::string text = replaced(validCatalogText(), bad.from, bad.to);
    const ParsedCatalog parsed = parseCatalogText(text, "acme.json", Origin::Bundled);
    REQUIRE_FALSE(parsed.issues.empty());
    CHECK(parsed.devices.empty());
    const ValidationIssue& issue = parsed.issues.front();
    CHECK(issue.file == "acme.json");
    CHECK(issue.line == bad.line);
    CHECK(issue.field == bad.field);
    CHECK_THAT(issue.message, Catch::Contains(bad.message));
    CHECK_THAT(issue.format(), Catch::StartsWith("acme.json:" + std::to_string(bad.line) + ": " + bad.field + ": "));
}

TEST_CASE("a derived figure from printed constants keeps its source")
{
    const std::string text = replaced(validCatalogText(), R"({"derived": "bf16_tflops_sparse / 2", "note": "footnote: sparsity doubles"})",
                                      R"({"derived": "3200 / 8", "source": "ds", "where": "system table, 8 cards"})");
    const ParsedCatalog parsed = parseCatalogText(text, "acme.json", Origin::Bundled);
    REQUIRE(parsed.issues.empty());
    const Device& d = parsed.devices.front();
    CHECK(d.value(FigureKey::Bf16TflopsDense) == 400.0);
    REQUIRE(d.sourceOf(FigureKey::Bf16TflopsDense) != nullptr);
    CHECK(d.figure(FigureKey::Bf16TflopsDense)->where == "system table, 8 cards");
}

TEST_CASE("a cycle of derived figures is an error, not a hang")
{
    std::string text = replaced(validCatalogText(), R"~("value": "800 TFLOPS", "source": "ds", "where": "table 1, row BF16 (with sparsity)")~",
                                R"("derived": "bf16_tflops_dense * 2")");
    const ParsedCatalog parsed = parseCatalogText(text, "acme.json", Origin::Bundled);
    REQUIRE_FALSE(parsed.issues.empty());
    CHECK_THAT(parsed.issues.front().message, Catch::Contains("cycle"));
}

TEST_CASE("duplicate ids across files are reported with both files")
{
    accelscope::tests::TempDir dir;
    dir.write("a.json", validCatalogText());
    dir.write("b.json", validCatalogText());
    const auto parsed = loadCatalogDirectory(dir.path());
    REQUIRE(parsed.has_value());
    REQUIRE(parsed->issues.size() == 1);
    CHECK(parsed->issues.front().format() == "b.json:7: id: duplicate id 'acme-x1' (also in a.json)");
    CHECK(parsed->fileCount == 2);
}

TEST_CASE("a missing data folder is an I/O error")
{
    const auto parsed = loadCatalogDirectory("/nonexistent/accelscope/catalog");
    REQUIRE_FALSE(parsed.has_value());
    CHECK(parsed.error().code == accelscope::models::ErrorCode::Io);
}

TEST_CASE("primary sources are https and not aggregators")
{
    CHECK(isAcceptableSourceUrl("https://www.nvidia.com/en-us/data-center/h100/"));
    CHECK(isAcceptableSourceUrl("https://docs.tenstorrent.com/aibs/blackhole/specifications.html"));
    CHECK_FALSE(isAcceptableSourceUrl("http://www.nvidia.com/"));
    CHECK_FALSE(isAcceptableSourceUrl("https://en.wikipedia.org/wiki/Hopper_(microarchitecture)"));
    CHECK_FALSE(isAcceptableSourceUrl("https://www.techpowerup.com/gpu-specs/h100-sxm5-80-gb.c3900"));
    CHECK(isAcceptableSourceUrl("https://notwikipedia.org.example.com/"));
}

TEST_CASE("hostile catalog values are issues, not a crash")
{
    // Issue #17: a long device id overflowed the stack of std::regex, and so did a deeply
    // parenthesised derived-figure formula in the recursive formula parser.
    const std::string longId = std::string(200000, 'a');
    const std::string deepFormula = std::string(100000, '(') + "bf16_tflops_sparse" + std::string(100000, ')');
    struct Hostile {
        std::string what, from, to;
        int line;
        std::string field, message;
    };
    const std::vector<Hostile> cases{
        {"long id is fine", R"("id": "acme-x1")", R"("id": ")" + longId + "\"", 0, "", ""},
        {"long bad id", R"("id": "acme-x1")", R"("id": ")" + longId + "A\"", 7, "id", "not a slug"},
        {"id starting with a dash", R"("id": "acme-x1")", R"("id": "-acme")", 7, "id", "not a slug"},
        {"long bad date", R"("date": "2024-05")", R"("date": ")" + std::string(100000, '1') + "\"", 3, "date", "not YYYY"},
        {"deep formula", R"("bf16_tflops_sparse / 2")", "\"" + deepFormula + "\"", 18, "bf16_tflops_dense",
         "nested deeper than 200 levels"},
        // 100000 nested arrays took gigabytes of JSON pointers (bad_alloc) before the depth limit.
        {"deep JSON", R"("scope_note": "one card",)",
         "\"scope_note\": \"one card\",\n\"notes\": " + std::string(100000, '[') + std::string(100000, ']') + ",", 13,
         "(syntax)", "nested deeper than 200 levels"},
        {"number out of range", R"("value": 350)", R"("value": 1e999)", 19, "(syntax)", "number overflow parsing '1e999'"},
    };
    for (const Hostile& c : cases) {
        INFO(c.what);
        const ParsedCatalog parsed = parseCatalogText(replaced(validCatalogText(), c.from, c.to), "acme.json", Origin::Bundled);
        if (c.line == 0) {
            CHECK(parsed.issues.empty());
            continue;
        }
        REQUIRE_FALSE(parsed.issues.empty());
        const ValidationIssue& issue = parsed.issues.front();
        CHECK(issue.line == c.line);
        CHECK(issue.field == c.field);
        CHECK_THAT(issue.message, Catch::Contains(c.message));
    }
    for (const char* date : {"2024", "2024-05", "2024-05-17"}) {
        const ParsedCatalog parsed =
            parseCatalogText(replaced(validCatalogText(), R"("date": "2024-05")", std::string(R"("date": ")") + date + "\""),
                             "acme.json", Origin::Bundled);
        CHECK(parsed.issues.empty());
    }
    for (const char* date : {"202a", "2024-5", "2024/05/17", "2024-05-1x"}) {
        INFO(date);
        const ParsedCatalog parsed =
            parseCatalogText(replaced(validCatalogText(), R"("date": "2024-05")", std::string(R"("date": ")") + date + "\""),
                             "acme.json", Origin::Bundled);
        CHECK_FALSE(parsed.issues.empty());
    }
}

TEST_CASE("a value with a line break or a control byte is quoted escaped: every message stays one line")
{
    // Issue #17: the fuzzers found a device kind and a source key printed raw into a message, so an
    // import's error list broke across lines (kept in tests/fuzz/regressions/).
    std::string text = replaced(validCatalogText(), R"("kind": "gpu")", R"("kind": "g\npu\u0001")");
    text = replaced(text, R"("ds": {"title": "Acme X1 datasheet",)", R"("d\ns": {)");
    const ParsedCatalog parsed = parseCatalogText(text, "acme.json", Origin::Bundled);
    REQUIRE_FALSE(parsed.issues.empty());
    bool kind = false;
    bool key = false;
    for (const ValidationIssue& issue : parsed.issues) {
        INFO(issue.message);
        CHECK(std::ranges::none_of(issue.message, [](char c) { return static_cast<unsigned char>(c) < 0x20; }));
        // Since issue #29 a control byte in any text field is refused before the kind is looked up.
        kind = kind || (issue.field == "kind" && issue.message.find("a control character (byte 0x0A at position 2)") != std::string::npos);
        key = key || issue.message.find(R"(source 'd\ns' has no title)") != std::string::npos;
    }
    CHECK(kind);
    CHECK(key);
}
