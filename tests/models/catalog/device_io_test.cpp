// SPDX-License-Identifier: MIT
// Export/import formats: JSON export parses back to the same devices; CSV import validates rows.
#include "models/catalog/device_csv.hpp"
#include "models/catalog/device_json.hpp"

#include "tests/models/catalog/catalog_fixture.hpp"

#include "tests/support/cli_contract.hpp"

#include <catch2/catch.hpp>

using namespace accelscope::models::catalog;

namespace {

Device fixtureDevice()
{
    auto parsed = parseCatalogText(accelscope::tests::validCatalogText(), "acme.json", Origin::Bundled);
    REQUIRE(parsed.issues.empty());
    return parsed.devices.front();
}

constexpr const char* csvHeader =
    "id,name,vendor,kind,form_factor,scope,scope_note,source_title,source_publisher,source_kind,source_url,source_where,"
    "memory_gb,memory_bw_gbs,tdp_w\n";

} // namespace

TEST_CASE("JSON export parses back to the same devices")
{
    const Device original = fixtureDevice();
    const std::string text = catalogDocumentJson({&original}).dump(2);
    const ParsedCatalog back = parseCatalogText(text, "export.json", Origin::User);
    REQUIRE(back.issues.empty());
    REQUIRE(back.devices.size() == 1);
    const Device& d = back.devices.front();
    CHECK(d.origin == Origin::User);
    CHECK(d.figures.size() == original.figures.size());
    for (const auto& [key, figure] : original.figures) {
        CHECK(d.value(key) == figure.value);
        CHECK(d.figure(key)->provenance == figure.provenance);
    }
}

TEST_CASE("show JSON has every contract key, null for missing figures")
{
    const auto json = deviceJson(fixtureDevice());
    for (const char* key : accelscope::tests::showContractKeys) {
        INFO(key);
        CHECK(json.contains(key));
    }
    CHECK(json["memory_bw_gbs"] == 2000.0);
    CHECK(json["bf16_tflops_dense"] == 400.0);
    CHECK(json["fp8_tflops_dense"].is_null());
    CHECK(json["figures"]["bf16_tflops_dense"]["provenance"] == "derived");
    CHECK(json["figures"]["bf16_tflops_dense"]["formula"] == "bf16_tflops_sparse / 2");
    CHECK(json["sources"][0]["url"] == "https://acme.example/x1.pdf");
}

TEST_CASE("a CSV file imports with each figure citing its row's source")
{
    const std::string csv = std::string(csvHeader) +
        "acme-y1,\"Acme Y1, 48GB\",Acme,gpu,PCIe,card,one card,Y1 brief,Acme,datasheet,https://acme.example/y1.pdf,"
        "page 2,48 GiB,864,300\n";
    const ParsedCatalog parsed = parseDevicesCsv(csv, "mine.csv", Origin::User);
    REQUIRE(parsed.issues.empty());
    REQUIRE(parsed.devices.size() == 1);
    const Device& d = parsed.devices.front();
    CHECK(d.name == "Acme Y1, 48GB");
    CHECK_THAT(*d.value(FigureKey::MemoryGb), Catch::WithinRel(48 * 1.073741824, 1e-12)); // 48 GiB in 10^9 B
    CHECK(d.value(FigureKey::MemoryBwGbs) == 864.0);
    CHECK(d.figure(FigureKey::TdpW)->where == "page 2");
    CHECK(d.sourceOf(FigureKey::TdpW)->url == "https://acme.example/y1.pdf");
}

TEST_CASE("CSV import errors name the line and column")
{
    struct Case {
        const char* what;
        std::string text;
        int line;
        const char* field;
        const char* message;
    };
    const std::string good = "acme-y1,Y1,Acme,gpu,PCIe,card,one card,Brief,Acme,datasheet,https://acme.example/y.pdf,p2,48,864,300\n";
    const Case c = GENERATE_COPY(values<Case>({
        {"bad unit on line 3", std::string(csvHeader) + good +
             "acme-y2,Y2,Acme,gpu,PCIe,card,one card,Brief,Acme,datasheet,https://acme.example/y.pdf,p2,48 TFLOPS,864,300\n",
         3, "memory_gb", "does not fit"},
        {"unknown column", "id,name,colour\n", 1, "colour", "unknown column"},
        {"short row", std::string(csvHeader) + "acme-y1,Y1\n", 2, "(csv)", "row has 2 fields"},
        {"unknown kind", std::string(csvHeader) +
             "acme-y1,Y1,Acme,fpga,PCIe,card,one card,Brief,Acme,datasheet,https://acme.example/y.pdf,p2,48,864,300\n",
         2, "kind", "unknown kind 'fpga'"},
        {"missing source url", std::string(csvHeader) +
             "acme-y1,Y1,Acme,gpu,PCIe,card,one card,Brief,Acme,datasheet,,p2,48,864,300\n", 2, "url", "has no url"},
        {"file source url", std::string(csvHeader) +
             "acme-y1,Y1,Acme,gpu,PCIe,card,one card,Brief,Acme,datasheet,file:///usr/bin/xterm,p2,48,864,300\n",
         2, "url", "only http(s) links are allowed, not 'file:…'"},
        {"javascript source url", std::string(csvHeader) +
             "acme-y1,Y1,Acme,gpu,PCIe,card,one card,Brief,Acme,datasheet,JavaScript:alert(1),p2,48,864,300\n",
         2, "url", "only http(s) links are allowed, not 'JavaScript:…'"},
        {"unclosed quote", std::string(csvHeader) + "\"acme-y1,Y1\n", 3, "(csv)", "not closed"},
        {"empty file", "", 1, "(csv)", "empty file"},
    }));
    INFO(c.what);
    const ParsedCatalog parsed = parseDevicesCsv(c.text, "mine.csv", Origin::User);
    REQUIRE_FALSE(parsed.issues.empty());
    CHECK(parsed.devices.empty());
    CHECK(parsed.issues.front().line == c.line);
    CHECK(parsed.issues.front().field == c.field);
    CHECK_THAT(parsed.issues.front().message, Catch::Contains(c.message));
}

TEST_CASE("CSV figures and years that are not numbers are issues naming the field, not an exception")
{
    // Issue #17: std::stod("-"), std::stod("1e999") and std::stoi("twenty") threw out of the
    // parser ("internal error" at the CLI).
    const std::string header = "id,name,vendor,kind,form_factor,scope,scope_note,source_title,source_publisher,source_kind,"
                               "source_url,source_where,release_year,memory_gb,memory_bw_gbs,tdp_w\n";
    const std::string front = "acme-y1,Y1,Acme,gpu,PCIe,card,one card,Brief,Acme,datasheet,https://acme.example/y.pdf,p2,";
    struct Case {
        std::string row;
        const char* field;
        std::string format;
    };
    const std::vector<Case> cases{
        {"2024,-,864,300", "memory_gb", R"(mine.csv:2: memory_gb: "-" is not a number)"},
        {"2024,48,1e999,300", "memory_bw_gbs", R"(mine.csv:2: memory_bw_gbs: "1e999" is not a number)"},
        {"2024,48,864,3e", "tdp_w", R"(mine.csv:2: tdp_w: "3e" is not a number)"},
        {"twenty,48,864,300", "release_year", R"(mine.csv:2: release_year: "twenty" is not a number)"},
        {"-,48,864,300", "release_year", R"(mine.csv:2: release_year: "-" is not a number)"},
        {"2024.5,48,864,300", "release_year", R"(mine.csv:2: release_year: "2024.5" is not a number)"},
        {"99999999999,48,864,300", "release_year", R"(mine.csv:2: release_year: "99999999999" is not a number)"},
    };
    for (const Case& c : cases) {
        INFO(c.row);
        const ParsedCatalog parsed = parseDevicesCsv(header + front + c.row + "\n", "mine.csv", Origin::User);
        REQUIRE_FALSE(parsed.issues.empty());
        CHECK(parsed.devices.empty());
        CHECK(parsed.issues.front().field == c.field);
        CHECK(parsed.issues.front().format() == c.format);
    }
    const ParsedCatalog good = parseDevicesCsv(header + front + "+2024,+48,8.64e2,300\n", "mine.csv", Origin::User);
    REQUIRE(good.issues.empty());
    CHECK(good.devices.front().releaseYear == 2024);
    CHECK(good.devices.front().value(FigureKey::MemoryBwGbs) == 864.0);
}

TEST_CASE("CSV export has a header and one row per device, canonical numbers")
{
    const Device d = fixtureDevice();
    const std::string csv = devicesCsv({&d});
    const auto firstNewline = csv.find('\n');
    CHECK(csv.substr(0, 27) == "id,name,vendor,kind,form_fa");
    CHECK(std::count(csv.begin(), csv.end(), '\n') == 2);
    CHECK_THAT(csv.substr(firstNewline + 1), Catch::StartsWith("acme-x1,Acme X1 80GB,Acme,gpu,PCIe,card,one card,"));
    CHECK_THAT(csv, Catch::Contains(",80 GiB,2000,")); // memory in its display unit, which re-imports exactly
}
