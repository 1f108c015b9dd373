// SPDX-License-Identifier: MIT
// Stated values with units convert exactly to canonical units; GB vs GiB is never implicit.
#include "models/catalog/figure_parser.hpp"

#include <catch2/catch.hpp>

using namespace accelscope::models::catalog;

struct UnitCase {
    FigureKey key;
    const char* stated;
    double canonical;
};

TEST_CASE("stated values convert to the canonical unit of their figure")
{
    // GiB = 2^30 B = 1.073741824 GB; MiB = 2^20 B = 1.048576 MB; TB/s = 1000 GB/s.
    const UnitCase c = GENERATE(values<UnitCase>({
        {FigureKey::MemoryGb, "80 GB", 80.0},
        {FigureKey::MemoryGb, "96 GiB", 96 * 1.073741824},
        {FigureKey::MemoryGb, "1.5 TB", 1500.0},
        {FigureKey::MemoryBwGbs, "3.35 TB/s", 3350.0},
        {FigureKey::MemoryBwGbs, "900 GB/s", 900.0},
        {FigureKey::MemoryBwGbs, "21 PB/s", 21.0e6},
        {FigureKey::OnchipMemoryMb, "50 MiB", 50 * 1.048576},
        {FigureKey::OnchipMemoryMb, "44 GB", 44000.0},
        {FigureKey::Fp8TflopsDense, "4.5 PFLOPS", 4500.0},
        {FigureKey::Fp32Tflops, "19.5 TFLOPS", 19.5},
        {FigureKey::Int8TopsDense, "624 TOPS", 624.0},
        {FigureKey::BoostClockMhz, "1.98 GHz", 1980.0},
        {FigureKey::TdpW, "1.2 kW", 1200.0},
        {FigureKey::ComputeUnits, "132", 132.0},
    }));
    INFO(c.stated);
    const auto value = parseStatedValue(c.stated, figureInfo(c.key));
    REQUIRE(value.has_value());
    CHECK_THAT(*value, Catch::WithinRel(c.canonical, 1e-12));
}

TEST_CASE("a unit of another dimension is rejected with the accepted list")
{
    const auto value = parseStatedValue("80 TFLOPS", figureInfo(FigureKey::MemoryGb));
    REQUIRE_FALSE(value.has_value());
    CHECK(value.error().message == "unit 'TFLOPS' does not fit memory_gb (expects GB, GiB, TB, TiB, MB, MiB)");
    CHECK_FALSE(parseStatedValue("GB 80", figureInfo(FigureKey::MemoryGb)).has_value());
    CHECK_FALSE(parseStatedValue("", figureInfo(FigureKey::MemoryGb)).has_value());
}

TEST_CASE("ranges reject zeros, negatives, unit slips and fractional counts")
{
    CHECK(checkFigureRange(700, figureInfo(FigureKey::TdpW)).has_value());
    CHECK_FALSE(checkFigureRange(0, figureInfo(FigureKey::TdpW)).has_value());
    CHECK_FALSE(checkFigureRange(-1, figureInfo(FigureKey::MemoryGb)).has_value());
    CHECK_FALSE(checkFigureRange(3.35e9, figureInfo(FigureKey::MemoryBwGbs)).has_value());
    CHECK_FALSE(checkFigureRange(132.5, figureInfo(FigureKey::ComputeUnits)).has_value());
}

TEST_CASE("every figure key round-trips through its JSON name")
{
    for (const auto& info : allFigures()) {
        INFO(info.jsonKey);
        CHECK(figureFromJsonKey(info.jsonKey) == info.key);
        CHECK(&figureInfo(info.key) == &info);
    }
    CHECK_FALSE(figureFromJsonKey("bf16_tflops").has_value());
}

TEST_CASE("figure values print with up to four significant digits")
{
    CHECK(formatFigureValue(3350) == "3350");
    CHECK(formatFigureValue(989.4) == "989.4");
    CHECK(formatFigureValue(0.5) == "0.5");
    CHECK(formatFigureValue(494.72) == "494.7");
    CHECK(formatFigureValue(21e6) == "21000000");
}
