// SPDX-License-Identifier: MIT
// Comparison rows, best-value ranking and derived metrics (hand-checked).
#include "models/catalog/comparison.hpp"

#include "tests/models/catalog/catalog_fixture.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace accelscope::models::catalog;
using accelscope::tests::figureOf;

namespace {

Device device(std::string id, double bwGbs, double bf16Dense, double tdpW, std::optional<double> price)
{
    Device d;
    d.id = id;
    d.name = id;
    d.figures[FigureKey::MemoryBwGbs] = figureOf(bwGbs);
    d.figures[FigureKey::Bf16TflopsDense] = figureOf(bf16Dense, Provenance::Derived);
    d.figures[FigureKey::TdpW] = figureOf(tdpW);
    if (price) d.figures[FigureKey::ListPriceUsd] = figureOf(*price);
    return d;
}

const ComparisonRow& row(const Comparison& c, const std::string& key)
{
    const auto it = std::ranges::find(c.rows, key, &ComparisonRow::key);
    REQUIRE(it != c.rows.end());
    return *it;
}

} // namespace

TEST_CASE("ridge point is peak compute over bandwidth")
{
    // 989.4 TFLOP/s ÷ 3350 GB/s = 989.4e12 / 3.35e12 = 295.34 FLOP/B.
    const Device h = device("h", 3350, 989.4, 700, std::nullopt);
    const auto metrics = derivedMetrics(h);
    const auto ridge = std::ranges::find(metrics, "ridge_bf16_flop_per_byte", &DerivedMetric::key);
    REQUIRE(ridge != metrics.end());
    REQUIRE(ridge->value.has_value());
    CHECK_THAT(*ridge->value, Catch::WithinRel(295.343, 1e-4));
    const auto perWatt = std::ranges::find(metrics, "bf16_tflops_per_w", &DerivedMetric::key);
    CHECK_THAT(*perWatt->value, Catch::WithinRel(989.4 / 700, 1e-12));
    const auto fp8 = std::ranges::find(metrics, "ridge_fp8_flop_per_byte", &DerivedMetric::key);
    CHECK_FALSE(fp8->value.has_value()); // no FP8 figure → no ridge, not zero
}

TEST_CASE("the best value of each row is highlighted in the right direction")
{
    const Device a = device("a", 2000, 300, 400, 10000.0);
    const Device b = device("b", 3000, 300, 700, 30000.0);
    const Device c = device("c", 1000, 100, 300, std::nullopt);
    const Comparison cmp = compareDevices({&a, &b, &c});
    CHECK(row(cmp, "memory_bw_gbs").best == std::vector<std::size_t>{1});
    // Normalised bars: 2000/3000, 3000/3000, 1000/3000.
    const auto& bars = row(cmp, "memory_bw_gbs").normalized;
    REQUIRE(bars.size() == 3);
    CHECK_THAT(*bars[0], Catch::WithinRel(2.0 / 3.0, 1e-12));
    CHECK(*bars[1] == 1.0);
    CHECK_THAT(*bars[2], Catch::WithinRel(1.0 / 3.0, 1e-12));
    CHECK_FALSE(row(cmp, "usd_per_bf16_tflops").normalized[2].has_value());
    CHECK(row(cmp, "bf16_tflops_dense").best == std::vector<std::size_t>{0, 1}); // tie
    CHECK(row(cmp, "tdp_w").best.empty());                                      // neither better
    CHECK(row(cmp, "list_price_usd").best == std::vector<std::size_t>{0});       // lower is better
    // USD per TFLOP/s: a 10000/300 = 33.3, b 30000/300 = 100 → a is best; c has no price.
    const ComparisonRow& cost = row(cmp, "usd_per_bf16_tflops");
    CHECK(cost.best == std::vector<std::size_t>{0});
    CHECK_FALSE(cost.values[2].has_value());
    CHECK(row(cmp, "bf16_tflops_dense").derivedFigure == std::vector<bool>{true, true, true});
    CHECK(std::ranges::none_of(cmp.rows, [](const ComparisonRow& r) { return r.key == "fp8_tflops_dense"; }));
}

TEST_CASE("comparison CSV quotes names and leaves missing values empty")
{
    Device a = device("a", 2000, 300, 400, std::nullopt);
    a.name = "Acme \"Fast\", 80GB";
    const Device b = device("b", 3000, 300, 700, 9.5);
    const std::string csv = comparisonCsv(compareDevices({&a, &b}));
    CHECK_THAT(csv, Catch::StartsWith("figure,unit,\"Acme \"\"Fast\"\", 80GB\",b,derived_formula\n"));
    CHECK_THAT(csv, Catch::Contains("\nmemory_bw_gbs,GB/s,2000,3000,\n"));
    CHECK_THAT(csv, Catch::Contains("\nlist_price_usd,USD,,9.5,\n"));
}

TEST_CASE("best in row only where the values compare: compute units of one kind, never PCIe lanes")
{
    Device h100 = device("h100", 3350, 989, 700, std::nullopt);
    h100.computeUnitName = "SM";
    h100.figures[FigureKey::ComputeUnits] = figureOf(132);
    h100.figures[FigureKey::PcieLanes] = figureOf(16);
    Device b200 = device("b200", 8000, 2250, 1000, std::nullopt);
    b200.computeUnitName = "SM";
    b200.figures[FigureKey::ComputeUnits] = figureOf(148);
    b200.figures[FigureKey::PcieLanes] = figureOf(16);
    Device mi300x = device("mi300x", 5300, 1307, 750, std::nullopt);
    mi300x.computeUnitName = "CU";
    mi300x.figures[FigureKey::ComputeUnits] = figureOf(304);
    mi300x.figures[FigureKey::PcieLanes] = figureOf(8);

    const Comparison sameKind = compareDevices({&h100, &b200});
    CHECK(row(sameKind, "compute_units").best == std::vector<std::size_t>{1}); // 148 SMs > 132 SMs
    CHECK(row(sameKind, "pcie_lanes").best.empty());
    const Comparison mixed = compareDevices({&h100, &b200, &mi300x});
    CHECK(row(mixed, "compute_units").best.empty()); // 304 CUs are not "more" than 148 SMs
    CHECK(row(mixed, "pcie_lanes").best.empty());
    CHECK(row(mixed, "memory_bw_gbs").best == std::vector<std::size_t>{1}); // other rows still rank
}
