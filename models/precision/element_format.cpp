// SPDX-License-Identifier: MIT
// Reference codec: exact arithmetic in double (every format here fits in a double exactly).
#include "models/precision/element_format.hpp"

#include "models/common/number_text.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <charconv>
#include <cmath>
#include <limits>
#include <utility>

namespace accelscope::models::precision {
namespace {

using F = ElementFormat;
using S = SpecialEncoding;

// Largest finite value of a float format. IEEE 754-2019 §3.3 for Ieee; OCP Microscaling
// Formats (MX) v1.0, §5.3.2 Table 2 (E4M3 max 448, E5M2 max 57344) and §5.3.3 Table 3
// (E2M3 max 7.5, E3M2 max 28, E2M1 max 6).
constexpr double maxFinite(int exponentBits, int mantissaBits, int bias, S special)
{
    const int allOnes = (1 << exponentBits) - 1;
    double topExponent = 1.0;
    const int top = (special == S::Ieee ? allOnes - 1 : allOnes) - bias;
    for (int i = 0; i < top; ++i) topExponent *= 2.0;
    double unitInLastPlace = 1.0;
    for (int i = 0; i < mantissaBits; ++i) unitInLastPlace /= 2.0;
    // FN: the all-ones mantissa of the top exponent is NaN, so the largest mantissa is one ulp less.
    const double significand = special == S::FiniteNanFn ? 2.0 - 2.0 * unitInLastPlace : 2.0 - unitInLastPlace;
    return significand * topExponent;
}

constexpr double powerOfTwo(int exponent)
{
    double value = 1.0;
    for (int i = 0; i < exponent; ++i) value *= 2.0;
    for (int i = 0; i > exponent; --i) value /= 2.0;
    return value;
}

constexpr FormatInfo floatFormat(F format, std::string_view name, std::string_view label, int bits, int e, int m,
                                 int bias, S special)
{
    const double maxValue = maxFinite(e, m, bias, special);
    const int topField = (special == S::Ieee ? (1 << e) - 2 : (1 << e) - 1);
    return FormatInfo{format, name, label, bits, e, m, bias, true, special, maxValue, powerOfTwo(1 - bias),
                      powerOfTwo(1 - bias - m), powerOfTwo(-m), topField - bias};
}

constexpr std::array formats{
    floatFormat(F::Fp32, "fp32", "FP32", 32, 8, 23, 127, S::Ieee),
    floatFormat(F::Tf32, "tf32", "TF32", 19, 8, 10, 127, S::Ieee),
    floatFormat(F::Bf16, "bf16", "BF16", 16, 8, 7, 127, S::Ieee),
    floatFormat(F::Fp16, "fp16", "FP16", 16, 5, 10, 15, S::Ieee),
    floatFormat(F::Fp8E4M3, "fp8-e4m3", "FP8 E4M3", 8, 4, 3, 7, S::FiniteNanFn),
    floatFormat(F::Fp8E5M2, "fp8-e5m2", "FP8 E5M2", 8, 5, 2, 15, S::Ieee),
    floatFormat(F::Fp6E2M3, "fp6-e2m3", "FP6 E2M3", 6, 2, 3, 1, S::None),
    floatFormat(F::Fp6E3M2, "fp6-e3m2", "FP6 E3M2", 6, 3, 2, 3, S::None),
    floatFormat(F::Fp4E2M1, "fp4-e2m1", "FP4 E2M1", 4, 2, 1, 1, S::None),
    // E8M0: 2^(code − 127) for codes 0..254, 0xFF NaN (OCP MX v1.0 §5.4.1 Table 4).
    FormatInfo{F::E8M0, "e8m0", "E8M0 scale", 8, 8, 0, 127, false, S::ScaleE8M0, powerOfTwo(127), powerOfTwo(-127),
               powerOfTwo(-127), 1.0, 127},
    FormatInfo{F::Int8, "int8", "INT8", 8, 0, 7, 0, true, S::Integer, 127, 1, 1, 1, 0},
    FormatInfo{F::Int4, "int4", "INT4", 4, 0, 3, 0, true, S::Integer, 7, 1, 1, 1, 0},
};

constexpr std::array<std::pair<std::string_view, F>, 20> aliases{{
    {"float32", F::Fp32}, {"single", F::Fp32}, {"f32", F::Fp32}, {"tensorfloat32", F::Tf32},
    {"bfloat16", F::Bf16}, {"float16", F::Fp16}, {"half", F::Fp16}, {"f16", F::Fp16},
    {"e4m3", F::Fp8E4M3}, {"fp8", F::Fp8E4M3}, {"e4m3fn", F::Fp8E4M3}, {"fp8-e4m3fn", F::Fp8E4M3},
    {"e5m2", F::Fp8E5M2}, {"e2m3", F::Fp6E2M3}, {"e3m2", F::Fp6E3M2}, {"e2m1", F::Fp4E2M1},
    {"fp4", F::Fp4E2M1}, {"nvfp4-element", F::Fp4E2M1}, {"scale", F::E8M0}, {"ue8m0", F::E8M0},
}};

std::uint32_t mask(int bits) { return bits >= 32 ? 0xFFFFFFFFu : (1u << bits) - 1u; }

std::uint32_t nanCode(const FormatInfo& f)
{
    const std::uint32_t exponentOnes = mask(f.exponentBits) << f.mantissaBits;
    switch (f.special) {
    case S::Ieee: return exponentOnes | (1u << (f.mantissaBits - 1)); // quiet NaN
    case S::FiniteNanFn: return exponentOnes | mask(f.mantissaBits);
    case S::ScaleE8M0: return 0xFFu;
    default: return 0u; // FP6/FP4 and integers have no NaN
    }
}

// Rounds a non-negative q to an integer: to nearest, ties to even or away. Exact in double
// because q's fraction bits are representable (q = |x| / 2^k).
double roundToInteger(double q, Rounding rounding)
{
    const double whole = std::floor(q);
    const double fraction = q - whole;
    if (fraction > 0.5) return whole + 1.0;
    if (fraction < 0.5) return whole;
    if (rounding == Rounding::NearestTiesAway) return whole + 1.0;
    return std::fmod(whole, 2.0) == 0.0 ? whole : whole + 1.0;
}

std::uint32_t maxCode(const FormatInfo& f, bool negative)
{
    // Largest finite magnitude: top normal exponent field, largest allowed mantissa.
    const std::uint32_t topField = static_cast<std::uint32_t>(f.emax + f.bias);
    const std::uint32_t mantissa = f.special == S::FiniteNanFn ? mask(f.mantissaBits) - 1u : mask(f.mantissaBits);
    return (negative ? 1u << (f.bits - 1) : 0u) | (topField << f.mantissaBits) | mantissa;
}

std::uint32_t encodeFloat(const FormatInfo& f, double value, Overflow overflow, Rounding rounding)
{
    if (std::isnan(value)) return nanCode(f);
    const bool negative = std::signbit(value);
    const std::uint32_t sign = negative ? 1u << (f.bits - 1) : 0u;
    const std::uint32_t infinity = sign | (mask(f.exponentBits) << f.mantissaBits);
    const auto overflowCode = [&]() -> std::uint32_t {
        if (overflow == Overflow::Saturate || f.special == S::None) return maxCode(f, negative);
        return f.special == S::Ieee ? infinity : nanCode(f) | sign;
    };
    const double magnitude = std::fabs(value);
    if (std::isinf(magnitude)) return overflowCode();
    if (magnitude == 0.0) return sign;
    int exponent = 0;
    std::frexp(magnitude, &exponent); // magnitude = fraction · 2^exponent, fraction in [0.5, 1)
    const int binade = std::max(exponent - 1, 1 - f.bias); // below the normals: the subnormal grid
    const double quantum = std::ldexp(1.0, binade - f.mantissaBits);
    const double rounded = roundToInteger(magnitude / quantum, rounding) * quantum;
    if (rounded > f.maxNormal) return overflowCode(); // decided after rounding, per IEEE 754 §7.4
    if (rounded < f.minNormal) {
        return sign | static_cast<std::uint32_t>(rounded / f.minSubnormal);
    }
    std::frexp(rounded, &exponent);
    const int unbiased = exponent - 1;
    const double significand = std::ldexp(rounded, -unbiased); // in [1, 2)
    const auto mantissa = static_cast<std::uint32_t>(std::ldexp(significand - 1.0, f.mantissaBits));
    return sign | (static_cast<std::uint32_t>(unbiased + f.bias) << f.mantissaBits) | mantissa;
}

std::uint32_t encodeScale(const FormatInfo& f, double value, Overflow overflow)
{
    // No sign, no zero: non-positive values and NaN have no encoding but NaN.
    if (std::isnan(value) || value <= 0.0) return nanCode(f);
    if (std::isinf(value)) return overflow == Overflow::Saturate ? 254u : nanCode(f);
    int exponent = 0;
    const double fraction = std::frexp(value, &exponent); // value = fraction · 2^exponent
    // Nearest power of two; the midpoint 1.5·2^k (fraction 0.75) rounds up.
    const int power = fraction >= 0.75 ? exponent : exponent - 1;
    if (power < -127) return 0u;
    if (power > 127) return overflow == Overflow::Saturate ? 254u : nanCode(f);
    return static_cast<std::uint32_t>(power + 127);
}

std::uint32_t encodeInteger(const FormatInfo& f, double value, Rounding rounding)
{
    if (std::isnan(value)) return 0u;
    const double lowest = -f.maxNormal - 1.0;
    const double clamped = std::clamp(value, lowest, f.maxNormal);
    const double magnitude = roundToInteger(std::fabs(clamped), rounding);
    const double rounded = std::clamp(std::copysign(magnitude, clamped), lowest, f.maxNormal);
    return static_cast<std::uint32_t>(static_cast<std::int32_t>(rounded)) & mask(f.bits);
}

} // namespace

const FormatInfo& formatInfo(ElementFormat format)
{
    const auto& info = formats[static_cast<std::size_t>(format)];
    assert(info.format == format);
    return info;
}

std::span<const FormatInfo> allFormats() { return formats; }

std::optional<ElementFormat> formatFromName(std::string_view name)
{
    for (const auto& f : formats) {
        if (f.name == name) return f.format;
    }
    for (const auto& [alias, format] : aliases) {
        if (alias == name) return format;
    }
    return std::nullopt;
}

double decimalDigits(const FormatInfo& info) { return std::log10(std::ldexp(1.0, info.mantissaBits + 1)); }

double dynamicRangeBinades(const FormatInfo& info) { return std::log2(info.maxNormal / info.minSubnormal); }

std::uint32_t codeCount(const FormatInfo& info) { return info.bits >= 32 ? 0xFFFFFFFFu : 1u << info.bits; }

double decode(ElementFormat format, std::uint32_t code)
{
    const FormatInfo& f = formatInfo(format);
    code &= mask(f.bits);
    if (f.special == S::Integer) {
        const std::uint32_t signBit = 1u << (f.bits - 1);
        return (code & signBit) != 0 ? static_cast<double>(code) - std::ldexp(1.0, f.bits) : static_cast<double>(code);
    }
    if (f.special == S::ScaleE8M0) {
        return code == 0xFFu ? std::numeric_limits<double>::quiet_NaN() : std::ldexp(1.0, static_cast<int>(code) - 127);
    }
    const bool negative = (code >> (f.bits - 1)) != 0;
    const std::uint32_t exponentField = (code >> f.mantissaBits) & mask(f.exponentBits);
    const std::uint32_t mantissa = code & mask(f.mantissaBits);
    const bool topExponent = exponentField == mask(f.exponentBits);
    double magnitude = 0.0;
    if (f.special == S::Ieee && topExponent) {
        magnitude = mantissa == 0 ? std::numeric_limits<double>::infinity() : std::numeric_limits<double>::quiet_NaN();
    } else if (f.special == S::FiniteNanFn && topExponent && mantissa == mask(f.mantissaBits)) {
        magnitude = std::numeric_limits<double>::quiet_NaN();
    } else if (exponentField == 0) {
        magnitude = static_cast<double>(mantissa) * f.minSubnormal;
    } else {
        magnitude = std::ldexp(1.0 + std::ldexp(static_cast<double>(mantissa), -f.mantissaBits),
                               static_cast<int>(exponentField) - f.bias);
    }
    return negative ? -magnitude : magnitude;
}

ValueClass classify(ElementFormat format, std::uint32_t code)
{
    const FormatInfo& f = formatInfo(format);
    if (f.special == S::Integer) return ValueClass::Integer;
    const double value = decode(format, code);
    if (std::isnan(value)) return ValueClass::NaN;
    if (std::isinf(value)) return ValueClass::Infinity;
    if (value == 0.0) return ValueClass::Zero;
    if (f.special == S::ScaleE8M0) return ValueClass::Normal;
    return std::fabs(value) < f.minNormal ? ValueClass::Subnormal : ValueClass::Normal;
}

std::uint32_t encode(ElementFormat format, double value, Overflow overflow, Rounding rounding)
{
    const FormatInfo& f = formatInfo(format);
    switch (f.special) {
    case S::Integer: return encodeInteger(f, value, rounding);
    case S::ScaleE8M0: return encodeScale(f, value, overflow);
    default: return encodeFloat(f, value, overflow, rounding);
    }
}

double quantize(ElementFormat format, double value, Overflow overflow, Rounding rounding)
{
    return decode(format, encode(format, value, overflow, rounding));
}

std::optional<std::uint32_t> neighbour(ElementFormat format, std::uint32_t code, bool up)
{
    const FormatInfo& f = formatInfo(format);
    code &= mask(f.bits);
    if (std::isnan(decode(format, code))) return std::nullopt;
    if (f.special == S::Integer) {
        const double v = decode(format, code) + (up ? 1.0 : -1.0);
        if (v > f.maxNormal || v < -f.maxNormal - 1.0) return std::nullopt;
        return encode(format, v);
    }
    if (f.special == S::ScaleE8M0) {
        if (up) return code < 254u ? std::optional<std::uint32_t>(code + 1u) : std::nullopt;
        return code > 0u ? std::optional<std::uint32_t>(code - 1u) : std::nullopt;
    }
    const std::uint32_t signBit = 1u << (f.bits - 1);
    const bool negative = (code & signBit) != 0;
    const std::uint32_t magnitude = code & ~signBit;
    // Moving away from zero increases the magnitude code; towards zero decreases it; zero crosses.
    const bool away = up != negative;
    std::uint32_t next = 0;
    if (away) {
        if (std::isinf(decode(format, code))) return std::nullopt;
        next = (code & signBit) | (magnitude + 1u);
        if ((magnitude + 1u) > (mask(f.bits) >> 1)) return std::nullopt;
    } else if (magnitude == 0u) {
        next = (negative ? 0u : signBit) | 1u; // ±0 → the smallest subnormal of the other sign
    } else {
        next = (code & signBit) | (magnitude - 1u);
    }
    if (std::isnan(decode(format, next))) return std::nullopt;
    return next;
}

std::string shortestText(double value) { return exactText(value); }

std::string_view valueClassName(ValueClass valueClass)
{
    switch (valueClass) {
    case ValueClass::Zero: return "zero";
    case ValueClass::Subnormal: return "subnormal";
    case ValueClass::Normal: return "normal";
    case ValueClass::Infinity: return "infinity";
    case ValueClass::NaN: return "nan";
    case ValueClass::Integer: return "integer";
    }
    return "unknown";
}

} // namespace accelscope::models::precision
