// SPDX-License-Identifier: MIT
// Field-by-field decoding, storage notes, side-by-side values and landmarks of element formats.
#include "models/precision/bit_decoding.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

using namespace accelscope::models::precision;

TEST_CASE("a code is decoded field by field with the formula and its exact value")
{
    struct Row {
        ElementFormat format;
        std::uint32_t code;
        const char* exponent;
        const char* significand;
        const char* formula;
    };
    // Hand-checked: FP16 0x7BFF = 0 11110 1111111111 = 2^(30-15) × (2 - 2^-10) = 65504 (IEEE 754 binary16);
    // 0x3555 = 0 01101 0101010101 = 2^-2 × 1.3330078125; 0x0001 = 2^-14 × 2^-10 (the smallest subnormal);
    // E4M3 0x7E = 0 1111 110 = 2^8 × 1.75 = 448 (OCP FP8); BF16 0xBF81 = -1 × 2^0 × 1.0078125.
    const Row rows[] = {
        {ElementFormat::Fp16, 0x7BFF, "2^(30 - 15) = 2^15", "1.f = 1.1111111111 (binary) = 1.9990234375", "+1 × 2^15 × 1.9990234375 = 65504"},
        {ElementFormat::Fp16, 0x3555, "2^(13 - 15) = 2^-2", "1.f = 1.0101010101 (binary) = 1.3330078125",
         "+1 × 2^-2 × 1.3330078125 = 0.333251953125"},
        {ElementFormat::Fp16, 0x0001, "2^(1 - 15) = 2^-14 (field 0: subnormal)", "0.f = 0.0000000001 (binary) = 0.0009765625",
         "+1 × 2^-14 × 0.0009765625 = 5.960464477539063e-08"},
        {ElementFormat::Fp8E4M3, 0x7E, "2^(15 - 7) = 2^8", "1.f = 1.110 (binary) = 1.75", "+1 × 2^8 × 1.75 = 448"},
        {ElementFormat::Bf16, 0xBF81, "2^(127 - 127) = 2^0", "1.f = 1.0000001 (binary) = 1.0078125", "-1 × 2^0 × 1.0078125 = -1.0078125"},
    };
    for (const auto& row : rows) {
        INFO(formatInfo(row.format).name << " " << row.code);
        const BitDecoding d = decodeBits(row.format, row.code);
        CHECK(d.exponent == row.exponent);
        CHECK(d.significand == row.significand);
        CHECK(d.formula == row.formula);
        CHECK(d.value == decode(row.format, row.code));
    }
    const BitDecoding max = decodeBits(ElementFormat::Fp16, 0x7BFF);
    CHECK(max.signBits == "0");
    CHECK(max.exponentBits == "11110");
    CHECK(max.mantissaBits == "1111111111");
    CHECK(max.scale == "2^15");
    CHECK(max.significandValue == "1.9990234375");
    CHECK(decodeBits(ElementFormat::Fp8E4M3, 0x7E).note.find("all-ones exponent holds numbers") != std::string::npos);
}

TEST_CASE("special codes say what they are, and every code of the small formats decodes to its value")
{
    CHECK(decodeBits(ElementFormat::Fp16, 0xFC00).formula == "-Inf");
    CHECK(decodeBits(ElementFormat::Fp16, 0x7E00).formula == "NaN");
    CHECK(decodeBits(ElementFormat::Fp8E4M3, 0x7F).note == "FP8 E4M3 \"fn\": no infinities; only S.1111.111 is NaN");
    CHECK(decodeBits(ElementFormat::Int4, 0xD).formula == "two's complement: -8 + 5 = -3");
    CHECK(decodeBits(ElementFormat::E8M0, 0x7F).formula == "2^0 = 1");
    // Every finite code's formula ends in its exact decoded value (the formula is never typed by hand).
    for (const auto format : {ElementFormat::Fp8E4M3, ElementFormat::Fp8E5M2, ElementFormat::Fp6E2M3, ElementFormat::Fp4E2M1,
                              ElementFormat::Fp16, ElementFormat::Bf16}) {
        for (std::uint32_t code = 0; code < codeCount(formatInfo(format)); ++code) {
            const BitDecoding d = decodeBits(format, code);
            if (!std::isfinite(d.value)) continue;
            INFO(formatInfo(format).name << " " << code);
            const double sign = d.sign == "-1" ? -1.0 : 1.0;
            const int k = std::stoi(d.scale.substr(2));
            REQUIRE(sign * std::ldexp(std::stod(d.significandValue), k) == d.value);
        }
    }
}

TEST_CASE("a typed value that does not fit says why: NaN in E4M3 fn, Inf, clamping, flush to zero, subnormal")
{
    CHECK(storageNote(ElementFormat::Fp8E4M3, 1000) ==
          "1000 is beyond FP8 E4M3's largest finite value 448: FP8 E4M3 has no infinity, so it overflows to NaN. "
          "Tick Saturate to clamp to 448.");
    CHECK(storageNote(ElementFormat::Fp8E4M3, 1000, Overflow::Saturate) == "1000 is beyond FP8 E4M3's largest finite value 448: saturated to 448.");
    CHECK(storageNote(ElementFormat::Fp16, 70000) ==
          "70000 is beyond FP16's largest finite value 65504: it overflows to inf. Tick Saturate to clamp to 65504.");
    CHECK(storageNote(ElementFormat::Fp4E2M1, 7) == "7 is beyond FP4 E2M1's largest finite value 6: FP4 E2M1 has no Inf or NaN, so it is clamped to 6.");
    CHECK(storageNote(ElementFormat::Fp8E4M3, 0.0001) == "0.0001 is below half of FP8 E4M3's smallest value 0.001953125: it flushes to zero.");
    CHECK(storageNote(ElementFormat::Fp8E4M3, 0.005).find("stored as a subnormal") != std::string::npos);
    CHECK(storageNote(ElementFormat::Fp8E4M3, 460).find("but rounds to it") != std::string::npos); // 460 < 448 + 16, the half step
    CHECK(storageNote(ElementFormat::Fp8E4M3, 1.5).empty());
    CHECK(storageNote(ElementFormat::Fp16, std::numeric_limits<double>::quiet_NaN()).empty());
    CHECK(storageNote(ElementFormat::Fp4E2M1, std::numeric_limits<double>::quiet_NaN()).rfind("FP4 E2M1 has no NaN", 0) == 0);
}

TEST_CASE("one value side by side in the comparison formats, with the stored value and its error")
{
    const auto rows = storeInFormats(0.1, comparisonFormats());
    REQUIRE(rows.size() == 6);
    CHECK(rows[0].format == ElementFormat::Fp32);
    for (const auto& r : rows) {
        INFO(formatInfo(r.format).name);
        CHECK(r.stored == quantize(r.format, 0.1));
        CHECK(r.error == r.stored - 0.1);
    }
    CHECK(rows[1].stored == 0.10009765625);     // BF16: 0x3DCD
    CHECK(rows[3].stored == 0.1015625);         // E4M3: 13/128
    CHECK(rows[5].stored == 0.0);               // FP4 flushes 0.1 to zero
    CHECK_FALSE(rows[5].note.empty());
    const auto big = storeInFormats(1000, comparisonFormats());
    CHECK(std::isnan(big[3].stored));
    CHECK(big[3].note.find("Tick Saturate") != std::string::npos);
}

TEST_CASE("landmarks are the largest finite value, the smallest normal and the smallest subnormal")
{
    const auto e4m3 = formatLandmarks(ElementFormat::Fp8E4M3);
    REQUIRE(e4m3.size() == 3);
    CHECK(e4m3[0].value == 448);
    CHECK(e4m3[0].label == "max 448");
    CHECK(e4m3[1].label == "min normal 0.015625");       // 2^-6
    CHECK(e4m3[2].label == "min subnormal 0.001953125"); // 2^-9
    CHECK(formatLandmarks(ElementFormat::Int8).size() == 1);
}
