// SPDX-License-Identifier: MIT
// Number text for people: exact, engineering, decimal, readable and quantity texts against hand-checked cases.
#include "models/common/number_text.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

using namespace accelscope::models;

namespace {
constexpr double infinity = std::numeric_limits<double>::infinity();
constexpr double quietNan = std::numeric_limits<double>::quiet_NaN();
} // namespace

TEST_CASE("exact text is the shortest decimal that reads back, positional from 1e-6 to 1e15")
{
    struct Case {
        double value;
        const char* text;
    };
    const std::vector<Case> cases{
        {65504.0, "65504"},               // FP16 max = (2 - 2^-10) * 2^15
        {1.0078125, "1.0078125"},         // BF16 next after 1 = 1 + 2^-7
        {0.0078125, "0.0078125"},         // 2^-7
        {448.0, "448"},                   // E4M3 max = 1.75 * 2^8
        {0.1, "0.1"},                     // the double nearest 0.1 reads back from "0.1"
        {-2.5, "-2.5"},
        {0.0, "0"},
        {-0.0, "-0"},                     // binary formats have a negative zero
        {1e6, "1000000"},                 // to_chars' own shortest would say "1e+06"
        {1e-6, "0.000001"},               // the low edge stays positional
        {1e14, "100000000000000"},
        {1e15, "1e+15"},                  // the high edge switches to exponent form
        {1e-7, "1e-07"},
        {3.4028234663852886e38, "3.4028234663852886e+38"}, // FP32 max
        {0x1p-1074, "5e-324"},            // smallest double subnormal, 4.94e-324
        {0x1p-24, "5.960464477539063e-08"}, // FP16 smallest subnormal, 2^-24
        {quietNan, "nan"},
        {infinity, "inf"},
        {-infinity, "-inf"},
    };
    for (const auto& c : cases) {
        CAPTURE(c.text);
        CHECK(exactText(c.value) == c.text);
    }
}

TEST_CASE("engineering text rounds to its significant digits, groups thousands and shows no float noise")
{
    struct Case {
        double value;
        int significant;
        const char* text;
    };
    const std::vector<Case> cases{
        {13400.0, 4, "13,400"},
        {13412.7, 4, "13,410"},         // 1.341 27e4 → 1.341e4
        {1365.33, 5, "1,365.3"},
        {65504.0, 4, "65,500"},         // 6.5504e4 → 6.550e4
        {65504.0, 3, "65,500"},
        {0.0021875, 4, "0.002188"},     // the double is 0.00218750000000000004…, rounds up
        {-0.002187500000000009, 4, "-0.002188"},
        {1.0078125, 4, "1.008"},
        {989.5, 4, "989.5"},
        {295.37313432835822, 4, "295.4"}, // 989.5e12 / 3.35e12
        {0.30000000000000004, 4, "0.3"},
        {1e-4, 4, "0.0001"},            // the low edge stays positional
        {0.000015, 2, "1.5e-05"},
        {2.5e15, 4, "2.5e+15"},
        {999999999999999.0, 4, "1e+15"}, // rounds past the high edge
        {123456789012.0, 4, "123,500,000,000"},
        {-1234567.0, 3, "-1,230,000"},
        {0.0, 4, "0"},
        {-0.0, 4, "0"},
        {0x1p-1074, 4, "4.941e-324"},   // subnormal 4.940656…e-324
        {quietNan, 4, "nan"},
        {infinity, 4, "inf"},
        {-infinity, 4, "-inf"},
    };
    for (const auto& c : cases) {
        CAPTURE(c.text, c.significant);
        CHECK(engineeringText(c.value, c.significant) == c.text);
    }
}

TEST_CASE("decimal text has a fixed count of decimals and no sign on a rounded zero")
{
    struct Case {
        double value;
        int decimals;
        bool grouped;
        const char* text;
    };
    const std::vector<Case> cases{
        {1234.5, 2, true, "1,234.50"},   {1234.5, 2, false, "1234.50"}, {-1234567.0, 0, true, "-1,234,567"},
        {-0.0001, 1, true, "0.0"},       {2.5, 0, true, "2"},            // round half to even: 2.5 is exact
        {80.12345, 1, false, "80.1"},    {quietNan, 2, true, "nan"},          {-infinity, 2, true, "-inf"},
    };
    for (const auto& c : cases) {
        CAPTURE(c.text);
        CHECK(decimalText(c.value, c.decimals, c.grouped) == c.text);
    }
}

TEST_CASE("readable text is exact for short and whole values and engineering otherwise")
{
    struct Case {
        double value;
        const char* text;
    };
    const std::vector<Case> cases{
        {65504.0, "65,504"},          // whole: never "6.55e+04"
        {1.0078125, "1.0078125"},     // 8 significant digits: exact
        {0.0078125, "0.0078125"},
        {448.0, "448"},
        {0.1, "0.1"},
        {8030261248.0, "8,030,261,248"}, // a whole parameter count stays whole
        {295.37313432835822, "295.4"},
        {-0.002187500000000009, "-0.002188"},
        {1e20, "1e+20"},              // beyond 1e15: exponent form
        {0.0, "0"},
        {-0.0, "0"},
        {quietNan, "nan"},
        {-infinity, "-inf"},
    };
    for (const auto& c : cases) {
        CAPTURE(c.text);
        CHECK(readableText(c.value) == c.text);
    }
}

TEST_CASE("quantity text puts an SI prefix before units that take one")
{
    struct Case {
        double value;
        const char* unit;
        UnitPrefix prefix;
        const char* text;
    };
    const std::vector<Case> cases{
        {989.5e12, "FLOP/s", UnitPrefix::Auto, "989.5 TFLOP/s"},   // H100 SXM BF16 dense
        {3.35e12, "B/s", UnitPrefix::Auto, "3.35 TB/s"},           // H100 SXM HBM3
        {13400.0, "tokens/s", UnitPrefix::Auto, "13,400 tokens/s"}, // tokens take no prefix
        {3350.0, "GB/s", UnitPrefix::Auto, "3,350 GB/s"},           // already prefixed: as given
        {999999.0, "B", UnitPrefix::Auto, "1 MB"},                  // rounded before the prefix is chosen
        {1.5e-6, "s", UnitPrefix::Auto, "1.5 µs"},
        {0.0125, "s", UnitPrefix::Auto, "12.5 ms"},
        {3600.0, "s", UnitPrefix::Auto, "3,600 s"},                // never "3.6 ks"
        {2.5e-9, "s", UnitPrefix::Auto, "2.5 ns"},
        {12500.0, "", UnitPrefix::Decimal, "12.5 k"},
        {0x1p34, "B", UnitPrefix::Binary, "16 GiB"},                // 2^34 B = 16 × 2^30
        {1536.0, "B", UnitPrefix::Binary, "1.5 KiB"},
        {2e21, "FLOP", UnitPrefix::Auto, "2,000 EFLOP"},           // beyond E: the largest prefix grows
        {-2e9, "FLOP", UnitPrefix::Auto, "-2 GFLOP"},
        {0.0, "FLOP/s", UnitPrefix::Auto, "0 FLOP/s"},
        {quietNan, "GB/s", UnitPrefix::Auto, "nan GB/s"},
        {infinity, "FLOP/s", UnitPrefix::Auto, "inf FLOP/s"},
    };
    for (const auto& c : cases) {
        CAPTURE(c.text);
        CHECK(quantityText(c.value, c.unit, 4, c.prefix) == c.text);
    }
}

TEST_CASE("exactDisplayText: float's shortest digits and x 10^ for the extremes, exactText in between")
{
    CHECK(exactDisplayText(65504.0) == "65504");
    CHECK(exactDisplayText(0.0078125) == "0.0078125");
    CHECK(exactDisplayText(static_cast<double>(std::numeric_limits<float>::max())) == "3.4028235 × 10^38");
    CHECK(exactDisplayText(static_cast<double>(std::numeric_limits<float>::min())) == "1.1754944 × 10^-38");
    CHECK(exactDisplayText(static_cast<double>(std::numeric_limits<float>::denorm_min())) == "1.4012985 × 10^-45");
    // A double that no float holds keeps double's shortest digits.
    CHECK(exactDisplayText(std::numeric_limits<double>::max()) == "1.7976931348623157 × 10^308");
    CHECK(exactDisplayText(-std::numeric_limits<float>::infinity()) == "-inf");
}

TEST_CASE("usdText: cents from a dollar up, two significant digits below")
{
    // Table: value, text. 0.0423 has two significant digits at 3 decimals (floor(log10) = -2).
    const std::vector<std::pair<double, std::string>> cases{
        {0.42, "$0.42"},        {0.0423, "$0.042"}, {0.00423, "$0.0042"}, {1234.5, "$1,234.50"}, {1.0, "$1.00"},
        {0.999, "$1.00"},       {0.0, "$0.00"},     {-0.42, "-$0.42"},    {12.3456, "$12.35"},   {0.1, "$0.10"},
    };
    for (const auto& [value, text] : cases) {
        INFO(value);
        CHECK(accelscope::models::usdText(value) == text);
    }
}
