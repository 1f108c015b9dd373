// SPDX-License-Identifier: MIT
// MX and NVFP4 block quantization, hand-checked against OCP MX v1.0 §6.3 and NVIDIA's recipe.
#include "models/precision/block_format.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

using namespace accelscope::models::precision;

TEST_CASE("MX shared scale is floor(log2(amax)) minus the element emax")
{
    // amax 300: floor(log2 300) = 8, E4M3 emax 8 → shared exponent 0, scale code 127. 300 lies
    // between 288 and 320 (step 32 in [256, 512)) and is nearer 288.
    std::vector<double> block(32, 1.0);
    block[5] = 300.0;
    const auto q = quantizeBlocks(BlockFormat::MxFp8E4M3, block);
    REQUIRE(q.scaleCodes.size() == 1);
    CHECK(q.scaleCodes[0] == 127u);
    CHECK(q.values[5] == 288.0);
    CHECK(q.values[0] == 1.0);
    CHECK(q.paddedElements == 0);

    // MXFP4, amax 100: floor(log2 100) = 6, E2M1 emax 2 → shared 4 (scale 16); 100/16 = 6.25 → 6 → 96.
    std::vector<double> fp4(32, 0.0);
    fp4[0] = 100.0;
    fp4[1] = -20.0; // −20/16 = −1.25 → −1 (tie to even between 1 and 1.5) → −16
    const auto m = quantizeBlocks(BlockFormat::MxFp4, fp4);
    CHECK(m.scaleCodes[0] == 127u + 4u);
    CHECK(m.values[0] == 96.0);
    CHECK(m.values[1] == -16.0);
    CHECK(m.saturated == 1); // 6.25 is beyond E2M1's 6
}

TEST_CASE("the shared exponent is exact just below a power of two")
{
    // amax = 2 − 2^-52: floor(log2) = 0 (a float log2 would say 1) → MXFP4 shared = −2, code 125.
    std::vector<double> block(32, 0.0);
    block[0] = std::nextafter(2.0, 0.0);
    CHECK(quantizeBlocks(BlockFormat::MxFp4, block).scaleCodes[0] == 125u);
}

TEST_CASE("MX special blocks: NaN or Inf make the scale NaN, zeros use the smallest scale")
{
    std::vector<double> block(32, 1.0);
    block[3] = std::nan("");
    const auto q = quantizeBlocks(BlockFormat::MxFp8E5M2, block);
    CHECK(q.scaleCodes[0] == 0xFFu);
    for (const double v : q.values) CHECK(std::isnan(v));
    block[3] = INFINITY;
    CHECK(quantizeBlocks(BlockFormat::MxFp6E3M2, block).scaleCodes[0] == 0xFFu);
    const auto zeros = quantizeBlocks(BlockFormat::MxFp4, std::vector<double>(32, 0.0));
    CHECK(zeros.scaleCodes[0] == 0u);
    for (const double v : zeros.values) CHECK(v == 0.0);
}

TEST_CASE("MXINT8 elements carry an implicit 2^-6")
{
    // amax 1.5: floor(log2) = 0, emax 0 → scale 1; 1.5 · 64 = 96 → exactly 1.5; 0.01 · 64 = 0.64 → 1/64.
    std::vector<double> block(32, 0.01);
    block[0] = 1.5;
    const auto q = quantizeBlocks(BlockFormat::MxInt8, block);
    CHECK(q.scaleCodes[0] == 127u);
    CHECK(q.values[0] == 1.5);
    CHECK(q.values[1] == 1.0 / 64.0);
    CHECK(q.codes[0] == 96u);
}

TEST_CASE("a tensor that does not fill its last block reports the padding")
{
    const std::vector<double> values(33, 0.5);
    const auto q = quantizeBlocks(BlockFormat::MxFp8E4M3, values);
    CHECK(q.scaleCodes.size() == 2);
    CHECK(q.codes.size() == 33);
    CHECK(q.values.size() == 33);
    CHECK(q.paddedElements == 31);
    CHECK(quantizeBlocks(BlockFormat::NvFp4, values).paddedElements == 15);
}

TEST_CASE("NVFP4 uses an FP32 tensor scale and E4M3 block scales")
{
    // Block 1 holds 1..6 (amax 6 = tensor amax): S = 448·6/6 = 448, block scale E4M3(6/6·448) = 448,
    // so elements are E2M1(x) and come back exactly.
    // Block 2 has amax 0.5: scale E4M3(0.5/6·448 = 37.33) = 36 (grid step 4 in [32, 64));
    // 0.5 · 448/36 = 6.22 → saturates to 6 → 6 · 36 / 448 = 0.482142857…
    std::vector<double> input{1, 2, 3, 4, 5, 6, 1.5, 0.5, 0, 0, 0, 0, 0, 0, 0, 0};
    input.resize(32, 0.0);
    input[16] = 0.5;
    input[17] = -0.25; // −0.25 · 12.444 = −3.11 → −3 → −3 · 36/448 = −0.241071…
    const auto q = quantizeBlocks(BlockFormat::NvFp4, input);
    REQUIRE(q.tensorScale.has_value());
    CHECK_THAT(*q.tensorScale, Catch::WithinRel(6.0f / 2688.0f, 1e-6f));
    REQUIRE(q.scaleCodes.size() == 2);
    CHECK(decode(ElementFormat::Fp8E4M3, q.scaleCodes[0]) == 448.0);
    CHECK(decode(ElementFormat::Fp8E4M3, q.scaleCodes[1]) == 36.0);
    CHECK(q.values[4] == 4.0); // 5 is a tie between 4 and 6 → even (4)
    CHECK(q.values[5] == 6.0);
    CHECK(q.values[6] == 1.5);
    CHECK_THAT(q.values[16], Catch::WithinRel(6.0 * 36.0 / 448.0, 1e-6));
    CHECK_THAT(q.values[17], Catch::WithinRel(-3.0 * 36.0 / 448.0, 1e-6));
    CHECK(q.saturated == 1);
}

TEST_CASE("bytes per element include the shared scales")
{
    CHECK(blockBytesPerElement(blockFormatInfo(BlockFormat::MxFp4)) == (4 + 8.0 / 32) / 8);   // 0.53125
    CHECK(blockBytesPerElement(blockFormatInfo(BlockFormat::NvFp4)) == (4 + 8.0 / 16) / 8);   // 0.5625
    CHECK(blockBytesPerElement(blockFormatInfo(BlockFormat::MxFp8E4M3)) == (8 + 8.0 / 32) / 8);
    CHECK(blockFormatFromName("mxfp6-e3m2") == BlockFormat::MxFp6E3M2);
    CHECK_FALSE(blockFormatFromName("mxfp3").has_value());
}
