// SPDX-License-Identifier: MIT
// Representable values, values per binade, histograms and storage sizes.
#include "models/precision/format_analysis.hpp"

#include <catch2/catch.hpp>

using namespace accelscope::models::precision;

TEST_CASE("FP4 E2M1 has 15 distinct finite values")
{
    // ±{0.5, 1, 1.5, 2, 3, 4, 6} and one zero (−0 merged).
    const auto values = representableValues(ElementFormat::Fp4E2M1);
    REQUIRE(values.size() == 15);
    CHECK(values.front() == -6.0);
    CHECK(values[7] == 0.0);
    CHECK(values.back() == 6.0);
    CHECK(representableValues(ElementFormat::Fp8E4M3).size() == 253); // 256 − 2 NaN − one duplicate zero
    CHECK(representableValues(ElementFormat::Fp8E5M2).size() == 247); // 256 − 6 NaN − 2 Inf − one zero
}

TEST_CASE("values per binade: 2^mantissa in every normal binade, fewer in the subnormal ones")
{
    const auto e4m3 = valuesPerBinade(ElementFormat::Fp8E4M3);
    // Subnormals m·2^-9: 2^-9 (m=1), 2^-8 (m=2,3), 2^-7 (m=4..7); normals 2^-6 … 2^8 have 8 each, except the top
    // binade [256, 512) with 7 (S.1111.111 is NaN).
    REQUIRE(e4m3.size() == 18);
    CHECK(e4m3.front().exponent == -9);
    CHECK(e4m3.front().values == 1);
    CHECK(e4m3[3].exponent == -6);
    CHECK(e4m3[3].values == 8);
    CHECK(e4m3.back().exponent == 8);
    CHECK(e4m3.back().values == 7);
}

TEST_CASE("a symmetric histogram counts every value once")
{
    std::vector<double> values;
    for (int i = -50; i <= 50; ++i) values.push_back(i / 10.0);
    values.push_back(1000.0); // an outlier beyond the 99th percentile
    const auto h = symmetricHistogram(values, 10, 0.99);
    std::size_t total = h.below + h.above;
    for (const auto c : h.counts) total += c;
    CHECK(total == values.size());
    CHECK(h.above == 1);
    CHECK(h.hi == 5.0);
    CHECK(storageGigabytes(70e9, 0.5625) == 39.375);
}
