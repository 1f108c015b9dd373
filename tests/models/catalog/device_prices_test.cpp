// SPDX-License-Identifier: MIT
// Price kinds, listed cloud prices, reasons for absent figures and the verified flag: parsing, the prices the
// planner reads (devicePrices), and their round trips through JSON, CSV and the SQLite store.
#include "models/catalog/catalog_parser.hpp"
#include "models/catalog/catalog_set.hpp"
#include "models/catalog/catalog_store.hpp"
#include "models/catalog/device_csv.hpp"
#include "models/catalog/device_json.hpp"
#include "models/catalog/device_prices.hpp"

#include "tests/models/catalog/catalog_fixture.hpp"
#include "tests/support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace accelscope::models::catalog;
using accelscope::tests::replaced;
using accelscope::tests::validCatalogText;

namespace {

// The fixture's TDP line (line 19) followed by a headline price and a list of two more; sources "ds" and "aws".
constexpr const char* tdpLine = R"("tdp_w": {"value": 350, "source": "ds", "where": "table 1, row TDP"})";

std::string pricedText(const std::string& headline, const std::string& more = "", const std::string& missing = "")
{
    std::string text = replaced(validCatalogText(), tdpLine, std::string(tdpLine) + ",\n        " + headline);
    text = replaced(text, R"("primary_sources": ["ds"],)",
                    R"("primary_sources": ["ds"],)" + (more.empty() ? std::string{} : "\n      \"cloud_prices\": [" + more + "],") +
                        (missing.empty() ? std::string{} : "\n      \"missing\": " + missing + ","));
    return replaced(text, R"("date": "2024-05"})",
                    R"("date": "2024-05"}, "aws": {"title": "Amazon EC2 On-Demand Pricing", "publisher": "AWS", "kind": "price-list", "url": "https://aws.amazon.com/ec2/pricing/on-demand/", "date": "2026-11"})");
}

constexpr const char* onDemand =
    R"("cloud_usd_per_hour": {"derived": "55.04 / 8", "source": "aws", "where": "p5.48xlarge row, $55.04 for 8 GPUs", "date": "2026-11", "price_kind": "on-demand", "provider": "AWS", "region": "us-east-1", "verified": false})";
constexpr const char* spotAndCommitted =
    R"({"value": "2.10 USD/h", "source": "aws", "where": "spot table", "date": "2026-10", "price_kind": "spot", "provider": "AWS", "region": "us-west-2"},
        {"derived": "30.5 / 8", "source": "aws", "where": "savings plan table, 1 year", "date": "2026-11", "price_kind": "committed-1y", "provider": "AWS"})";

ParsedCatalog parse(const std::string& text) { return parseCatalogText(text, "acme.json", Origin::Bundled); }

std::string firstIssue(const ParsedCatalog& parsed)
{
    if (parsed.issues.empty()) return "(no issue)";
    const auto& i = parsed.issues.front();
    return std::to_string(i.line) + ": " + i.field + ": " + i.message;
}

} // namespace

TEST_CASE("a cloud price carries its kind, provider and region, and every price of a device is listed with its basis")
{
    const auto parsed = parse(pricedText(onDemand, spotAndCommitted, R"({"interconnect_gbs": "PCIe only; no scale-up link"})"));
    REQUIRE(parsed.issues.empty());
    const Device& d = parsed.devices.front();
    const Figure* headline = d.figure(FigureKey::CloudUsdPerHour);
    REQUIRE(headline != nullptr);
    CHECK(headline->priceKind == PriceKind::OnDemand);
    CHECK(headline->provider == "AWS");
    CHECK(headline->region == "us-east-1");
    CHECK_FALSE(headline->verified);
    CHECK(headline->value == Approx(6.88)); // 55.04 / 8 GPUs
    REQUIRE(d.cloudPrices.size() == 2);

    const auto quotes = devicePrices(d);
    REQUIRE(quotes.size() == 3);
    CHECK(quotes[0].headline);
    CHECK(quotes[0].basis == PriceBasis::OnDemand);
    CHECK(quotes[0].source.url == "https://aws.amazon.com/ec2/pricing/on-demand/");
    CHECK_FALSE(quotes[0].verified);
    CHECK(quotes[1].basis == PriceBasis::Spot);
    CHECK(quotes[1].usd == Approx(2.10));
    CHECK(quotes[1].region == "us-west-2");
    CHECK(quotes[1].verified);
    CHECK(quotes[2].basis == PriceBasis::Committed1y);
    CHECK(quotes[2].usd == Approx(3.8125)); // 30.5 / 8
    CHECK(quotes[2].region.empty());
    CHECK(quotes[2].date == "2026-11");

    CHECK(devicePrices(d, PriceBasis::Spot).size() == 1);
    CHECK(devicePrices(d, PriceBasis::CapacityBlock).empty());
    REQUIRE(lowestPrice(d, PriceBasis::OnDemand).has_value());
    CHECK(lowestPrice(d, PriceBasis::OnDemand)->usd == Approx(6.88));
    CHECK_FALSE(lowestPrice(d, PriceBasis::List).has_value());

    REQUIRE(d.missingReason(FigureKey::InterconnectGbs) != nullptr);
    CHECK(*d.missingReason(FigureKey::InterconnectGbs) == "PCIe only; no scale-up link");
    CHECK(d.missingReason(FigureKey::TdpW) == nullptr);
}

TEST_CASE("a list price is listed first on the list basis with its vendor as seller")
{
    const auto parsed = parse(pricedText(R"("list_price_usd": {"value": 1999, "source": "ds", "where": "price line", "date": "2025-01"})"));
    REQUIRE(parsed.issues.empty());
    const auto quotes = devicePrices(parsed.devices.front());
    REQUIRE(quotes.size() == 1);
    CHECK(quotes[0].basis == PriceBasis::List);
    CHECK(quotes[0].provider == "Acme");
    CHECK(priceBasisName(quotes[0].basis) == "list");
}

TEST_CASE("bad price fields are issues naming the line and the field")
{
    struct Case {
        const char* what;
        std::string headline;
        std::string more;
        std::string message;
    };
    const std::string base = R"("cloud_usd_per_hour": {"value": 2, "source": "aws", "where": "w", "date": "2026-11")";
    const Case cases[] = {
        {"no kind", base + R"(, "provider": "AWS"})", "", "needs 'price_kind'"},
        {"unknown kind", base + R"(, "provider": "AWS", "price_kind": "reserved"})", "", "unknown price kind 'reserved'"},
        {"no provider", base + R"(, "price_kind": "spot"})", "", "needs 'provider'"},
        {"no date", R"("cloud_usd_per_hour": {"value": 2, "source": "aws", "where": "w", "price_kind": "spot", "provider": "AWS"})", "", "needs a 'date'"},
        {"kind on a non-price", R"("list_price_usd": {"value": 9, "source": "ds", "where": "w", "date": "2025-01", "price_kind": "spot"})", "",
         "for cloud prices (cloud_usd_per_hour) only"},
        {"verified not a boolean", base + R"(, "provider": "AWS", "price_kind": "spot", "verified": "no"})", "", "must be true or false"},
        {"listed price naming a figure", base + R"(, "provider": "AWS", "price_kind": "spot"})",
         R"({"derived": "tdp_w / 100", "source": "aws", "where": "w", "date": "2026-11", "price_kind": "spot", "provider": "AWS"})", "divides constants only"},
    };
    for (const auto& c : cases) {
        INFO(c.what);
        const auto parsed = parse(pricedText(c.headline, c.more));
        REQUIRE_FALSE(parsed.issues.empty());
        CHECK_THAT(firstIssue(parsed), Catch::Contains(c.message));
        CHECK(parsed.issues.front().line >= 13); // the device's lines, not line 1
    }
}

TEST_CASE("a reason for an absent figure must name an absent, known figure")
{
    const std::string price = R"("cloud_usd_per_hour": {"value": 2, "source": "aws", "where": "w", "date": "2026-11", "price_kind": "spot", "provider": "AWS"})";
    CHECK_THAT(firstIssue(parse(pricedText(price, "", R"({"tdp_w": "not published"})"))), Catch::Contains("'tdp_w' has a figure"));
    CHECK_THAT(firstIssue(parse(pricedText(price, "", R"({"tdp_watts": "x"})"))), Catch::Contains("unknown figure 'tdp_watts'"));
    CHECK_THAT(firstIssue(parse(pricedText(price, "", R"({"fp4_tflops_dense": ""})"))), Catch::Contains("non-empty string"));
    CHECK_THAT(firstIssue(parse(pricedText(price, "", R"(["fp4"])"))), Catch::Contains("must be an object"));
}

TEST_CASE("a device with a cloud price exports to CSV and imports back with its kind, provider, region, date and unverified flag")
{
    // Before price columns existed, the export had no date column and the import refused the price ("a price needs a 'date'").
    const auto parsed = parse(pricedText(onDemand));
    REQUIRE(parsed.issues.empty());
    const Device& original = parsed.devices.front();
    const std::string csv = devicesCsv({&original});
    const auto back = parseDevicesCsv(csv, "export.csv", Origin::User);
    INFO(firstIssue(back));
    REQUIRE(back.issues.empty());
    REQUIRE(back.devices.size() == 1);
    const Figure* price = back.devices.front().figure(FigureKey::CloudUsdPerHour);
    REQUIRE(price != nullptr);
    CHECK(price->value == Approx(6.88));
    CHECK(price->date == "2026-11");
    CHECK(price->priceKind == PriceKind::OnDemand);
    CHECK(price->provider == "AWS");
    CHECK(price->region == "us-east-1");
    CHECK_FALSE(price->verified);
    CHECK(back.devices.front().figure(FigureKey::TdpW)->verified);
}

TEST_CASE("CSV price fields of an absent figure are issues of their row")
{
    const std::string csv =
        "id,name,vendor,kind,form_factor,scope,scope_note,source_title,source_publisher,source_kind,source_url,source_where,"
        "memory_gb,cloud_usd_per_hour_kind,unverified_figures\n"
        "my-x,My X,Me,gpu,PCIe,card,one card,T,P,datasheet,https://e.example,w,16 GiB,spot,tdp_w\n";
    const auto parsed = parseDevicesCsv(csv, "mine.csv", Origin::User);
    REQUIRE(parsed.issues.size() == 2);
    CHECK(parsed.issues[0].line == 2);
    CHECK(parsed.issues[0].field == "cloud_usd_per_hour_kind");
    CHECK_THAT(parsed.issues[0].message, Catch::Contains("given without cloud_usd_per_hour"));
    CHECK(parsed.issues[1].field == "unverified_figures");
}

TEST_CASE("listed prices, reasons and flags survive the JSON export and the SQLite store")
{
    const auto parsed = parse(pricedText(onDemand, spotAndCommitted, R"({"fp4_tflops_dense": "not published"})"));
    REQUIRE(parsed.issues.empty());
    const Device& original = parsed.devices.front();

    const auto back = parseCatalogText(catalogDocumentJson({&original}).dump(2), "export.json", Origin::User);
    INFO(firstIssue(back));
    REQUIRE(back.issues.empty());
    CHECK(devicePrices(back.devices.front()).size() == 3);
    CHECK(back.devices.front().missingReasons.size() == 1);

    accelscope::tests::TempDir dir;
    const auto path = dir.path() / "catalog.db";
    REQUIRE(writeBundledCatalog(path, parsed.devices, CatalogInfo{bundledSchemaVersion, "abc", 1, "fixture"}).has_value());
    auto stored = BundledCatalog::open(path)->loadAll();
    REQUIRE(stored.has_value());
    const Device& d = stored->front();
    const auto quotes = devicePrices(d);
    REQUIRE(quotes.size() == 3);
    CHECK(quotes[0].basis == PriceBasis::OnDemand);
    CHECK(quotes[0].region == "us-east-1");
    CHECK_FALSE(quotes[0].verified);
    CHECK(quotes[0].formula == "55.04 / 8");
    CHECK(quotes[1].basis == PriceBasis::Spot);
    CHECK(quotes[2].basis == PriceBasis::Committed1y);
    CHECK(quotes[2].usd == Approx(3.8125));
    CHECK(quotes[2].source.publisher == "AWS");
    REQUIRE(d.missingReason(FigureKey::Fp4TflopsDense) != nullptr);
    CHECK(*d.missingReason(FigureKey::Fp4TflopsDense) == "not published");

    const auto json = deviceJson(d);
    CHECK(json["figures"]["cloud_usd_per_hour"]["price_kind"] == "on-demand");
    CHECK(json["figures"]["cloud_usd_per_hour"]["verified"] == false);
    CHECK(json["figures"]["tdp_w"]["verified"] == true);
    REQUIRE(json["prices"].size() == 3);
    CHECK(json["prices"][1]["basis"] == "spot");
    CHECK(json["prices"][2]["region"].is_null());
    CHECK(json["missing"]["fp4_tflops_dense"] == "not published");
}

TEST_CASE("a version-7 user database gains the price columns and keeps its devices and their prices")
{
    accelscope::tests::TempDir dir;
    const auto path = dir.path() / "user.db";
    // what version 7 held: none of the price columns
    const auto devices = accelscope::tests::migratedDevices(dir, path, pricedText(onDemand, spotAndCommitted),
                                                               "ALTER TABLE figures DROP COLUMN price_kind; ALTER TABLE figures DROP COLUMN provider; "
                                                               "ALTER TABLE figures DROP COLUMN region; ALTER TABLE figures DROP COLUMN verified; "
                                                               "ALTER TABLE devices DROP COLUMN cloud_prices; ALTER TABLE devices DROP COLUMN missing; "
                                                               "PRAGMA user_version = 7");
    REQUIRE(devices.size() == 1);
    // The old rows had no kind: the figure loads (verified by default) and only the headline is left.
    const Figure* price = devices.front().figure(FigureKey::CloudUsdPerHour);
    REQUIRE(price != nullptr);
    CHECK(price->value == Approx(6.88));
    CHECK_FALSE(price->priceKind.has_value());
    CHECK(devicePrices(devices.front()).size() == 1);
}
