// SPDX-License-Identifier: MIT
// Element formats: every code of every format up to 19 bits against an independent formula,
// round trips, ties, subnormals, overflow thresholds, specials, E8M0 and integers.
#include "models/precision/element_format.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

using namespace accelscope::models::precision;

namespace {

// Independent decoding straight from the bit-field definition (IEEE 754-2019 §3.4; OCP MX v1.0
// §5.3): (−1)^s · 2^(e−bias) · (1 + m/2^M) for e > 0, (−1)^s · 2^(1−bias) · (m/2^M) for e = 0.
double expectedValue(const FormatInfo& f, std::uint32_t code)
{
    if (f.special == SpecialEncoding::Integer) {
        const auto half = std::pow(2.0, f.bits - 1);
        return code >= half ? code - 2 * half : code;
    }
    if (f.special == SpecialEncoding::ScaleE8M0) {
        return code == 255 ? std::nan("") : std::pow(2.0, static_cast<double>(code) - 127);
    }
    const std::uint32_t s = code >> (f.bits - 1);
    const std::uint32_t e = (code >> f.mantissaBits) & ((1u << f.exponentBits) - 1);
    const std::uint32_t m = code & ((1u << f.mantissaBits) - 1);
    const std::uint32_t eMax = (1u << f.exponentBits) - 1;
    const std::uint32_t mMax = (1u << f.mantissaBits) - 1;
    const double sign = s ? -1.0 : 1.0;
    if (f.special == SpecialEncoding::Ieee && e == eMax) return m == 0 ? sign * INFINITY : std::nan("");
    if (f.special == SpecialEncoding::FiniteNanFn && e == eMax && m == mMax) return std::nan("");
    const double fraction = m / std::pow(2.0, f.mantissaBits);
    if (e == 0) return sign * std::pow(2.0, 1 - f.bias) * fraction;
    return sign * std::pow(2.0, static_cast<double>(e) - f.bias) * (1 + fraction);
}

bool sameValue(double a, double b)
{
    if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
    return a == b && std::signbit(a) == std::signbit(b);
}

} // namespace

TEST_CASE("every code of every format up to 19 bits decodes to the bit-field formula and round-trips")
{
    const ElementFormat format = GENERATE(ElementFormat::Tf32, ElementFormat::Bf16, ElementFormat::Fp16,
                                          ElementFormat::Fp8E4M3, ElementFormat::Fp8E5M2, ElementFormat::Fp6E2M3,
                                          ElementFormat::Fp6E3M2, ElementFormat::Fp4E2M1, ElementFormat::E8M0,
                                          ElementFormat::Int8, ElementFormat::Int4);
    const FormatInfo& f = formatInfo(format);
    INFO(f.name);
    std::uint32_t mismatches = 0;
    std::uint32_t roundTripFailures = 0;
    for (std::uint32_t code = 0; code < codeCount(f); ++code) {
        const double value = decode(format, code);
        mismatches += sameValue(value, expectedValue(f, code)) ? 0 : 1;
        if (!std::isnan(value)) roundTripFailures += encode(format, value) == code ? 0 : 1;
    }
    CHECK(mismatches == 0);
    CHECK(roundTripFailures == 0);
}

TEST_CASE("format properties match the specifications")
{
    struct Expected {
        ElementFormat format;
        double maxNormal;
        double minNormal;
        double minSubnormal;
    };
    // FP16/BF16/FP32: IEEE 754 binary16 / bfloat16 / binary32. FP8/FP6/FP4: OCP MX v1.0 Tables 2–3.
    const Expected e = GENERATE(values<Expected>({
        {ElementFormat::Fp32, std::numeric_limits<float>::max(), std::ldexp(1.0, -126), std::ldexp(1.0, -149)},
        {ElementFormat::Bf16, 3.3895313892515355e38, std::ldexp(1.0, -126), std::ldexp(1.0, -133)},
        {ElementFormat::Fp16, 65504, std::ldexp(1.0, -14), std::ldexp(1.0, -24)},
        {ElementFormat::Fp8E4M3, 448, std::ldexp(1.0, -6), std::ldexp(1.0, -9)},
        {ElementFormat::Fp8E5M2, 57344, std::ldexp(1.0, -14), std::ldexp(1.0, -16)},
        {ElementFormat::Fp6E2M3, 7.5, 1.0, 0.125},
        {ElementFormat::Fp6E3M2, 28, 0.25, 0.0625},
        {ElementFormat::Fp4E2M1, 6, 1.0, 0.5},
        {ElementFormat::E8M0, std::ldexp(1.0, 127), std::ldexp(1.0, -127), std::ldexp(1.0, -127)},
    }));
    const FormatInfo& f = formatInfo(e.format);
    INFO(f.name);
    CHECK(f.maxNormal == e.maxNormal);
    CHECK(f.minNormal == e.minNormal);
    CHECK(f.minSubnormal == e.minSubnormal);
    CHECK(formatInfo(ElementFormat::Fp8E4M3).emax == 8);
    CHECK(formatInfo(ElementFormat::Fp8E5M2).emax == 15);
    CHECK(formatInfo(ElementFormat::Fp4E2M1).emax == 2);
    CHECK_THAT(decimalDigits(formatInfo(ElementFormat::Fp16)), Catch::WithinAbs(3.311, 0.001)); // log10(2^11)
    CHECK_THAT(dynamicRangeBinades(formatInfo(ElementFormat::Fp8E4M3)), Catch::WithinAbs(17.807, 0.001)); // log2(448·2^9)
}

struct RoundCase {
    ElementFormat format;
    double input;
    Overflow overflow;
    double expected; // NaN expected is written as NAN
};

TEST_CASE("rounding is to nearest even, once, and overflow is decided after rounding")
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    const RoundCase c = GENERATE_COPY(values<RoundCase>({
        // FP16: 1 + 2^-11 lies halfway between 1 and 1 + 2^-10 → even (1); 1 + 3·2^-11 → 1 + 2^-9.
        {ElementFormat::Fp16, 1 + std::ldexp(1.0, -11), Overflow::Standard, 1.0},
        {ElementFormat::Fp16, 1 + 3 * std::ldexp(1.0, -11), Overflow::Standard, 1 + std::ldexp(1.0, -9)},
        // FP16 max 65504; the next grid point would be 65536, the midpoint 65520 rounds to it → Inf.
        {ElementFormat::Fp16, 65519.99, Overflow::Standard, 65504},
        {ElementFormat::Fp16, 65520, Overflow::Standard, inf},
        {ElementFormat::Fp16, 65520, Overflow::Saturate, 65504},
        // FP16 subnormals: half of the smallest subnormal rounds to zero (even), 0.75 of it to it.
        {ElementFormat::Fp16, std::ldexp(1.0, -25), Overflow::Standard, 0.0},
        {ElementFormat::Fp16, 1.5 * std::ldexp(1.0, -25), Overflow::Standard, std::ldexp(1.0, -24)},
        // E4M3: 448 max; 464 is the midpoint to 480 (which would be the NaN code) → even → 448.
        {ElementFormat::Fp8E4M3, 464, Overflow::Standard, 448},
        {ElementFormat::Fp8E4M3, 464.5, Overflow::Standard, nan},
        {ElementFormat::Fp8E4M3, 464.5, Overflow::Saturate, 448},
        {ElementFormat::Fp8E4M3, inf, Overflow::Standard, nan},
        {ElementFormat::Fp8E4M3, -inf, Overflow::Saturate, -448},
        // E5M2: 57344 max; midpoint 61440 rounds to even 65536 → Inf.
        {ElementFormat::Fp8E5M2, 61439.9, Overflow::Standard, 57344},
        {ElementFormat::Fp8E5M2, 61440, Overflow::Standard, inf},
        {ElementFormat::Fp8E5M2, -61440, Overflow::Saturate, -57344},
        // FP4 E2M1 grid 0, 0.5, 1, 1.5, 2, 3, 4, 6: ties to even codes; always saturates.
        {ElementFormat::Fp4E2M1, 0.25, Overflow::Standard, 0.0},
        {ElementFormat::Fp4E2M1, 0.75, Overflow::Standard, 1.0},
        {ElementFormat::Fp4E2M1, 5.0, Overflow::Standard, 4.0},
        {ElementFormat::Fp4E2M1, 2.5, Overflow::Standard, 2.0},
        {ElementFormat::Fp4E2M1, 100.0, Overflow::Standard, 6.0},
        {ElementFormat::Fp4E2M1, -inf, Overflow::Standard, -6.0},
        {ElementFormat::Fp6E3M2, 30.0, Overflow::Standard, 28.0},
        // BF16 keeps 8 bits: 1 + 2^-8 is a tie → 1; 1 + 2^-8 + 2^-20 → 1 + 2^-7.
        {ElementFormat::Bf16, 1 + std::ldexp(1.0, -8), Overflow::Standard, 1.0},
        {ElementFormat::Bf16, 1 + std::ldexp(1.0, -8) + std::ldexp(1.0, -20), Overflow::Standard, 1 + std::ldexp(1.0, -7)},
        // Integers round half to even and clamp.
        {ElementFormat::Int8, 2.5, Overflow::Standard, 2.0},
        {ElementFormat::Int8, -3.5, Overflow::Standard, -4.0},
        {ElementFormat::Int8, 300.0, Overflow::Standard, 127.0},
        {ElementFormat::Int8, -128.7, Overflow::Standard, -128.0},
        {ElementFormat::Int4, 7.5, Overflow::Standard, 7.0},
    }));
    INFO(formatInfo(c.format).name << " " << c.input);
    const double got = quantize(c.format, c.input, c.overflow);
    CHECK(sameValue(got, c.expected));
}

TEST_CASE("specials: signed zero, NaN and infinity codes")
{
    CHECK(encode(ElementFormat::Fp16, -0.0) == 0x8000u);
    CHECK(encode(ElementFormat::Fp8E4M3, std::nan("")) == 0x7Fu);
    CHECK(encode(ElementFormat::Fp8E5M2, INFINITY) == 0x7Cu);
    CHECK(encode(ElementFormat::Fp8E5M2, -INFINITY) == 0xFCu);
    CHECK(encode(ElementFormat::Fp8E5M2, std::nan("")) == 0x7Eu);
    CHECK(encode(ElementFormat::Fp16, std::nan("")) == 0x7E00u);
    CHECK(encode(ElementFormat::Bf16, std::nan("")) == 0x7FC0u);
    CHECK(encode(ElementFormat::Fp32, std::nan("")) == 0x7FC00000u);
    CHECK(classify(ElementFormat::Fp8E4M3, 0x7E) == ValueClass::Normal);  // 448
    CHECK(classify(ElementFormat::Fp8E4M3, 0x78) == ValueClass::Normal);  // 256: E4M3 has no Inf
    CHECK(classify(ElementFormat::Fp8E4M3, 0xFF) == ValueClass::NaN);
    CHECK(classify(ElementFormat::Fp8E5M2, 0x7C) == ValueClass::Infinity);
    CHECK(classify(ElementFormat::Fp8E5M2, 0x01) == ValueClass::Subnormal);
    CHECK(classify(ElementFormat::Fp4E2M1, 0x8) == ValueClass::Zero); // −0
}

TEST_CASE("E8M0 has no sign, no zero, and 0xFF is NaN")
{
    CHECK(decode(ElementFormat::E8M0, 127) == 1.0);
    CHECK(decode(ElementFormat::E8M0, 0) == std::ldexp(1.0, -127));
    CHECK(decode(ElementFormat::E8M0, 254) == std::ldexp(1.0, 127));
    CHECK(std::isnan(decode(ElementFormat::E8M0, 255)));
    CHECK(encode(ElementFormat::E8M0, 1.0) == 127u);
    CHECK(encode(ElementFormat::E8M0, 0.75) == 127u); // the midpoint 1.5·2^-1 rounds up
    CHECK(encode(ElementFormat::E8M0, 0.7) == 126u);
    CHECK(encode(ElementFormat::E8M0, 0.0) == 255u);
    CHECK(encode(ElementFormat::E8M0, -2.0) == 255u);
    CHECK(encode(ElementFormat::E8M0, std::ldexp(1.0, -140)) == 0u);
    CHECK(encode(ElementFormat::E8M0, std::ldexp(1.0, 200)) == 255u);
    CHECK(encode(ElementFormat::E8M0, std::ldexp(1.0, 200), Overflow::Saturate) == 254u);
}

TEST_CASE("TF32 offers ties-away rounding like NVIDIA's cvt.rna")
{
    const double tie = 1 + std::ldexp(1.0, -11); // halfway between 1 and 1 + 2^-10
    CHECK(quantize(ElementFormat::Tf32, tie) == 1.0);
    CHECK(quantize(ElementFormat::Tf32, tie, Overflow::Standard, Rounding::NearestTiesAway) == 1 + std::ldexp(1.0, -10));
    CHECK(quantize(ElementFormat::Tf32, -tie, Overflow::Standard, Rounding::NearestTiesAway) == -(1 + std::ldexp(1.0, -10)));
}

TEST_CASE("neighbours step one code up or down, across zero, and stop at the ends")
{
    CHECK(decode(ElementFormat::Fp16, *neighbour(ElementFormat::Fp16, 0x3C00, true)) == 1 + std::ldexp(1.0, -10));
    CHECK(decode(ElementFormat::Fp16, *neighbour(ElementFormat::Fp16, 0x3C00, false)) == 1 - std::ldexp(1.0, -11));
    CHECK(decode(ElementFormat::Fp16, *neighbour(ElementFormat::Fp16, 0x0000, false)) == -std::ldexp(1.0, -24));
    CHECK(decode(ElementFormat::Fp16, *neighbour(ElementFormat::Fp16, 0x8000, true)) == std::ldexp(1.0, -24));
    CHECK_FALSE(neighbour(ElementFormat::Fp8E4M3, 0x7E, true).has_value()); // 448 is the top
    CHECK(std::isinf(decode(ElementFormat::Fp8E5M2, *neighbour(ElementFormat::Fp8E5M2, 0x7B, true))));
    CHECK_FALSE(neighbour(ElementFormat::Fp4E2M1, 0x7, true).has_value());
    CHECK(decode(ElementFormat::Int4, *neighbour(ElementFormat::Int4, 0x8, true)) == -7.0);
}

TEST_CASE("format names and aliases resolve")
{
    CHECK(formatFromName("fp8-e4m3") == ElementFormat::Fp8E4M3);
    CHECK(formatFromName("e5m2") == ElementFormat::Fp8E5M2);
    CHECK(formatFromName("bfloat16") == ElementFormat::Bf16);
    CHECK(formatFromName("half") == ElementFormat::Fp16);
    CHECK_FALSE(formatFromName("fp7").has_value());
    for (const auto& f : allFormats()) CHECK(formatFromName(f.name) == f.format);
}
