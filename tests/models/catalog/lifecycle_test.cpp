// SPDX-License-Identifier: MIT
// Lifecycle dates and status, block-scaled and vendor-format figures: the model and the parser.
#include "models/catalog/catalog_parser.hpp"
#include "models/catalog/catalog_store.hpp"
#include "models/catalog/comparison.hpp"
#include "models/catalog/device_json.hpp"
#include "models/catalog/lifecycle.hpp"

#include "tests/models/catalog/catalog_fixture.hpp"
#include "tests/support/temp_dir.hpp"

#include <catch2/catch.hpp>

using namespace accelscope::models::catalog;
using accelscope::tests::replaced;
using accelscope::tests::validCatalogText;

namespace {

// The fixture's primary_sources line (13); lifecycle fields go on it so other line numbers stay.
constexpr const char* primaryLine = R"("primary_sources": ["ds"],)";

std::string withLifecycle(const std::string& fields) { return replaced(validCatalogText(), primaryLine, fields + R"( "primary_sources": ["ds"],)"); }

LifecycleDate on(const char* date) { return LifecycleDate{date, "ds", "dateline", 0}; }

} // namespace

TEST_CASE("lifecycle dates are real calendar dates of month or day precision")
{
    const auto [text, valid] = GENERATE(table<const char*, bool>({
        {"2024-03", true}, {"2024-03-18", true}, {"2024-02-29", true}, {"2023-02-29", false}, {"2024-13", false},
        {"2024-00", false}, {"2024-04-31", false}, {"2024", false}, {"March 2024", false}, {"2024-3-18", false},
        {"", false}, {"1899-01", false},
    }));
    INFO(text);
    CHECK(isLifecycleDate(text) == valid);
}

TEST_CASE("the status follows from the dates on the as-of day")
{
    Lifecycle life;
    life.announced = on("2024-03-18");
    CHECK_FALSE(derivedStatus(life, "2026-11-24").has_value()); // no shipping date recorded: not decided
    life.shipping = on("2024-12");
    CHECK(derivedStatus(life, "2024-06-01") == LifecycleStatus::Announced);
    CHECK(derivedStatus(life, "2024-12-01") == LifecycleStatus::Shipping); // a month counts from its first day
    CHECK(derivedStatus(life, "2024-11-30") == LifecycleStatus::Announced);
    CHECK_FALSE(derivedStatus(life, "2024-03-17").has_value());             // before the announcement
    life.endOfLife = on("2026-06-30");
    CHECK(derivedStatus(life, "2026-06-29") == LifecycleStatus::Shipping);
    CHECK(derivedStatus(life, "2026-06-30") == LifecycleStatus::EndOfLife);
}

TEST_CASE("a stated status is checked against the dates")
{
    Lifecycle life;
    life.announced = on("2026-04-22");
    CHECK_FALSE(statusContradiction(life, LifecycleStatus::Announced, "2026-11-24").has_value());
    CHECK_THAT(*statusContradiction(life, LifecycleStatus::EndOfLife, "2026-11-24"), Catch::Contains("needs an 'end_of_life' date"));
    CHECK_THAT(*statusContradiction(life, LifecycleStatus::Shipping, "2026-01-01"), Catch::Contains("announce date 2026-04-22 is after 2026-01-01"));
    life.shipping = on("2027-01");
    CHECK_THAT(*statusContradiction(life, LifecycleStatus::Shipping, "2026-11-24"),
               Catch::Contains("contradicts the dates, which make it 'announced' on 2026-11-24"));
    CHECK_THAT(*statusContradiction(Lifecycle{}, LifecycleStatus::Shipping, "2026-11-24"), Catch::Contains("needs the dates"));
}

TEST_CASE("dates out of order are named by both fields")
{
    Lifecycle life;
    life.announced = on("2024-03-18");
    life.shipping = on("2023-12");
    CHECK(*lifecycleOrderProblem(life) == "shipping 2023-12 is before announced 2024-03-18");
    life.shipping = on("2024-03"); // the same month as the announcement is in order
    CHECK_FALSE(lifecycleOrderProblem(life).has_value());
}

TEST_CASE("a device with sourced lifecycle dates parses and shows its status")
{
    const std::string text = withLifecycle(R"("announced": {"date": "2024-03-18", "source": "ds", "where": "dateline"}, "shipping": {"date": "2024-12", "source": "ds", "where": "page 2"}, "status": "shipping",)");
    const ParsedCatalog parsed = parseCatalogText(text, "acme.json", Origin::Bundled);
    REQUIRE(parsed.issues.empty());
    const Device& d = parsed.devices.front();
    REQUIRE(d.lifecycle.announced.has_value());
    CHECK(d.lifecycle.announced->date == "2024-03-18");
    CHECK(d.lifecycle.announced->line == 13);
    CHECK(d.lifecycle.shipping->where == "page 2");
    CHECK(lifecycleStatus(d.lifecycle, lifecycleAsOf) == LifecycleStatus::Shipping);
    const auto json = deviceJson(d, "2024-06-01");
    CHECK(json["status"] == "announced");
    CHECK(json["status_as_of"] == "2024-06-01");
    CHECK(json["lifecycle"]["shipping"]["date"] == "2024-12");
    CHECK(deviceListJson(d)["status"] == "shipping");
}

struct BadLifecycle {
    const char* what;
    const char* fields;
    const char* field;
    const char* message;
};

TEST_CASE("bad lifecycle fields name the file, line, field and problem")
{
    const BadLifecycle bad = GENERATE(values<BadLifecycle>({
        {"bad date", R"("announced": {"date": "2024-02-30", "source": "ds", "where": "dateline"},)", "announced", "date '2024-02-30' is not a calendar date"},
        {"date in words", R"("shipping": {"date": "Q4 2024", "source": "ds", "where": "p 2"},)", "shipping", "'Q4 2024' is not a calendar date"},
        {"date without source", R"("announced": {"date": "2024-03-18"},)", "announced", "needs 'source' and 'where'"},
        {"undefined source", R"("announced": {"date": "2024-03-18", "source": "pr", "where": "dateline"},)", "announced", "source 'pr' is not defined"},
        {"date not an object", R"("announced": "2024-03-18",)", "announced", "must be an object"},
        {"unknown key", R"("announced": {"date": "2024-03-18", "source": "ds", "where": "x", "by": "me"},)", "announced", "unknown key 'by'"},
        {"unknown status", R"("announced": {"date": "2024-03-18", "source": "ds", "where": "x"}, "status": "sold-out",)", "status", "unknown status 'sold-out' (expected announced, shipping, end-of-life)"},
        {"status contradicting dates", R"("announced": {"date": "2024-03-18", "source": "ds", "where": "x"}, "shipping": {"date": "2024-12", "source": "ds", "where": "y"}, "status": "announced",)", "status", "contradicts the dates, which make it 'shipping'"},
        {"end of life without a date", R"("announced": {"date": "2024-03-18", "source": "ds", "where": "x"}, "status": "end-of-life",)", "status", "needs an 'end_of_life' date"},
        {"status without dates", R"("status": "shipping",)", "status", "needs the dates it follows from"},
        {"shipping before announced", R"("announced": {"date": "2024-03-18", "source": "ds", "where": "x"}, "shipping": {"date": "2023-12", "source": "ds", "where": "y"},)", "shipping", "shipping 2023-12 is before announced 2024-03-18"},
        {"end of life before shipping", R"("shipping": {"date": "2024-12", "source": "ds", "where": "y"}, "end_of_life": {"date": "2024-06-30", "source": "ds", "where": "z"},)", "end_of_life", "end_of_life 2024-06-30 is before shipping 2024-12"},
    }));
    INFO(bad.what);
    const ParsedCatalog parsed = parseCatalogText(withLifecycle(bad.fields), "acme.json", Origin::Bundled);
    REQUIRE_FALSE(parsed.issues.empty());
    CHECK(parsed.devices.empty());
    const ValidationIssue& issue = parsed.issues.front();
    CHECK(issue.file == "acme.json");
    CHECK(issue.line == 13);
    CHECK(issue.field == bad.field);
    CHECK_THAT(issue.message, Catch::Contains(bad.message));
}

TEST_CASE("block-scaled figures parse apart from plain FP8 and FP4, dense never above sparse")
{
    const std::string text = replaced(validCatalogText(), R"("tdp_w": {"value": 350,)",
                                      R"("fp4_tflops_dense": {"value": "9 PFLOPS", "source": "ds", "where": "FP4 row"}, "nvfp4_tflops_dense": {"value": "10 PFLOPS", "source": "ds", "where": "NVFP4 row"}, "mxfp6_tflops_dense": {"value": "5000 TFLOPS", "source": "ds", "where": "MXFP6 row"}, "mxfp4_tflops_sparse": {"derived": "mxfp4_tflops_dense * 2"}, "mxfp4_tflops_dense": {"value": "9 PFLOPS", "source": "ds", "where": "MXFP4 row"}, "mxfp8_tflops_dense": {"value": "2500 TFLOPS", "source": "ds", "where": "MXFP8 row"}, "tdp_w": {"value": 350,)");
    const ParsedCatalog parsed = parseCatalogText(text, "acme.json", Origin::Bundled);
    REQUIRE(parsed.issues.empty());
    const Device& d = parsed.devices.front();
    CHECK(d.value(FigureKey::Nvfp4TflopsDense) == 10000.0);
    CHECK(d.value(FigureKey::Fp4TflopsDense) == 9000.0);
    CHECK(d.value(FigureKey::Mxfp4TflopsSparse) == 18000.0);
    CHECK(d.value(FigureKey::Mxfp6TflopsDense) == 5000.0);
    CHECK(d.value(FigureKey::Mxfp8TflopsDense) == 2500.0);
    CHECK(figureInfo(FigureKey::Nvfp4TflopsDense).label == "NVFP4 tensor dense");

    const std::string worse = replaced(text, R"("mxfp4_tflops_sparse": {"derived": "mxfp4_tflops_dense * 2"})",
                                       R"("mxfp4_tflops_sparse": {"derived": "mxfp4_tflops_dense / 2"})");
    const ParsedCatalog bad = parseCatalogText(worse, "acme.json", Origin::Bundled);
    REQUIRE_FALSE(bad.issues.empty());
    CHECK(bad.issues.front().field == "mxfp4_tflops_dense");
    CHECK_THAT(bad.issues.front().message, Catch::Contains("greater than sparse"));
}

TEST_CASE("a vendor format figure needs the format's name, and the name needs a figure")
{
    const char* figure = R"("vendor_format_tflops_dense": {"value": "774 TFLOPS", "source": "ds", "where": "BLOCKFP8 row"}, "tdp_w": {"value": 350,)";
    const std::string unnamed = replaced(validCatalogText(), R"("tdp_w": {"value": 350,)", figure);
    const ParsedCatalog noName = parseCatalogText(unnamed, "acme.json", Origin::Bundled);
    REQUIRE_FALSE(noName.issues.empty());
    CHECK(noName.issues.front().field == "vendor_format_name");
    CHECK_THAT(noName.issues.front().message, Catch::Contains("required with vendor_format_tflops_dense"));

    const std::string named = replaced(unnamed, primaryLine, R"("vendor_format_name": "BLOCKFP8", "primary_sources": ["ds"],)");
    const ParsedCatalog ok = parseCatalogText(named, "acme.json", Origin::Bundled);
    REQUIRE(ok.issues.empty());
    CHECK(ok.devices.front().vendorFormatName == "BLOCKFP8");
    CHECK(ok.devices.front().value(FigureKey::VendorFormatTflopsDense) == 774.0);

    const ParsedCatalog orphan = parseCatalogText(withLifecycle(R"("vendor_format_name": "BLOCKFP8",)"), "acme.json", Origin::Bundled);
    REQUIRE_FALSE(orphan.issues.empty());
    CHECK_THAT(orphan.issues.front().format(), Catch::StartsWith("acme.json:13: vendor_format_name: names a vendor format but"));
}

TEST_CASE("the comparison labels a vendor format row with the format names and ranks only one format")
{
    Device a;
    a.id = "a";
    a.vendorFormatName = "BLOCKFP8";
    a.figures[FigureKey::VendorFormatTflopsDense] = accelscope::tests::figureOf(774);
    Device b = a;
    b.id = "b";
    b.figures[FigureKey::VendorFormatTflopsDense] = accelscope::tests::figureOf(664);
    const auto rowOf = [](const Comparison& c) {
        return *std::ranges::find(c.rows, std::string("vendor_format_tflops_dense"), &ComparisonRow::key);
    };
    const auto same = rowOf(compareDevices({&a, &b}));
    CHECK(same.label == "Vendor format (BLOCKFP8) tensor dense");
    CHECK(same.best == std::vector<std::size_t>{0});
    b.vendorFormatName = "BFP16";
    const auto mixed = rowOf(compareDevices({&a, &b}));
    CHECK(mixed.label == "Vendor format (BLOCKFP8, BFP16) tensor dense");
    CHECK(mixed.best.empty());
}

TEST_CASE("lifecycle and vendor format survive the bundled catalog and the user database")
{
    const std::string text = replaced(withLifecycle(R"("announced": {"date": "2024-03-18", "source": "ds", "where": "dateline"}, "shipping": {"date": "2024-12", "source": "ds", "where": "page 2"}, "vendor_format_name": "BLOCKFP8",)"),
                                      R"("tdp_w": {"value": 350,)", R"("vendor_format_tflops_dense": {"value": 774, "source": "ds", "where": "row"}, "tdp_w": {"value": 350,)");
    const ParsedCatalog parsed = parseCatalogText(text, "acme.json", Origin::Bundled);
    REQUIRE(parsed.issues.empty());
    accelscope::tests::TempDir dir;
    const auto path = dir.path() / "catalog.db";
    REQUIRE(writeBundledCatalog(path, parsed.devices, CatalogInfo{bundledSchemaVersion, "abc", 1, "fixture"}).has_value());
    auto catalog = BundledCatalog::open(path);
    REQUIRE(catalog.has_value());
    auto devices = catalog->loadAll();
    REQUIRE(devices.has_value());
    REQUIRE(devices->size() == 1);
    const Device& back = devices->front();
    CHECK(back.vendorFormatName == "BLOCKFP8");
    REQUIRE(back.lifecycle.announced.has_value());
    CHECK(back.lifecycle.announced->date == "2024-03-18");
    CHECK(back.lifecycle.announced->sourceKey == "ds");
    CHECK(back.lifecycle.shipping->where == "page 2");
    CHECK_FALSE(back.lifecycle.endOfLife.has_value());
    CHECK(lifecycleStatus(back.lifecycle, "2026-11-24") == LifecycleStatus::Shipping);

    const auto exported = catalogDocumentJson({&back});
    CHECK(exported["devices"][0]["announced"]["date"] == "2024-03-18");
    CHECK(exported["devices"][0]["vendor_format_name"] == "BLOCKFP8");
}
