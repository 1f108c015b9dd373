// SPDX-License-Identifier: MIT
// Field-by-field decoding texts, storage notes and side-by-side values of element formats.
#include "models/precision/bit_decoding.hpp"

#include "models/common/number_text.hpp"

#include <array>
#include <cmath>

namespace accelscope::models::precision {
namespace {

constexpr std::array comparedFormats{ElementFormat::Fp32,    ElementFormat::Bf16,    ElementFormat::Fp16,
                                     ElementFormat::Fp8E4M3, ElementFormat::Fp8E5M2, ElementFormat::Fp4E2M1};

std::string bitString(std::uint32_t field, int width)
{
    std::string out;
    for (int bit = width - 1; bit >= 0; --bit) out += ((field >> bit) & 1u) != 0 ? '1' : '0';
    return out;
}

std::string power(int exponent) { return "2^" + std::to_string(exponent); }

void decodeInteger(const FormatInfo& f, std::uint32_t code, BitDecoding& d)
{
    const int rest = f.bits - 1;
    const bool negative = ((code >> rest) & 1u) != 0;
    const std::uint32_t low = code & ((1u << rest) - 1u);
    d.signBits = negative ? "1" : "0";
    d.mantissaBits = bitString(low, rest);
    d.sign = negative ? "-" + power(rest) + " = " + exactText(-std::ldexp(1.0, rest)) : "0";
    d.significand = d.mantissaBits + " (binary) = " + std::to_string(low);
    d.formula = "two's complement: " + (negative ? exactText(-std::ldexp(1.0, rest)) + " + " : std::string()) +
                std::to_string(low) + " = " + d.valueText;
}

void decodeScale(const FormatInfo& f, std::uint32_t code, BitDecoding& d)
{
    d.exponentBits = bitString(code, f.bits);
    if (d.valueClass == ValueClass::NaN) {
        d.formula = "NaN";
        d.note = "E8M0: the all-ones code is NaN; every other code is a power of two";
        return;
    }
    const int k = static_cast<int>(code) - f.bias;
    d.exponent = "2^(" + std::to_string(code) + " - " + std::to_string(f.bias) + ") = " + power(k);
    d.scale = power(k);
    d.formula = power(k) + " = " + d.valueText;
}

} // namespace

BitDecoding decodeBits(ElementFormat format, std::uint32_t code)
{
    const FormatInfo& f = formatInfo(format);
    code &= f.bits >= 32 ? 0xFFFFFFFFu : (1u << f.bits) - 1u;
    BitDecoding d;
    d.value = decode(format, code);
    d.valueClass = classify(format, code);
    d.valueText = exactText(d.value);
    if (f.special == SpecialEncoding::Integer) {
        decodeInteger(f, code, d);
        return d;
    }
    if (f.special == SpecialEncoding::ScaleE8M0) {
        decodeScale(f, code, d);
        return d;
    }
    const int m = f.mantissaBits;
    const std::uint32_t fraction = code & ((1u << m) - 1u);
    const std::uint32_t allOnes = (1u << f.exponentBits) - 1u;
    const std::uint32_t field = (code >> m) & allOnes;
    const bool negative = f.isSigned && ((code >> (f.bits - 1)) & 1u) != 0;
    d.signBits = f.isSigned ? (negative ? "1" : "0") : "";
    d.exponentBits = bitString(field, f.exponentBits);
    d.mantissaBits = bitString(fraction, m);
    d.sign = negative ? "-1" : "+1";
    if (d.valueClass == ValueClass::Infinity || d.valueClass == ValueClass::NaN) {
        d.formula = d.valueClass == ValueClass::NaN ? "NaN" : (negative ? "-Inf" : "+Inf");
        d.exponent = "all ones: a special code";
        d.significand = fraction == 0 ? "0: infinity" : "not 0: NaN";
        if (f.special == SpecialEncoding::FiniteNanFn) d.significand = "all ones: NaN";
        d.note = f.special == SpecialEncoding::FiniteNanFn
                     ? std::string(f.label) + " \"fn\": no infinities; only S." + d.exponentBits + "." + d.mantissaBits + " is NaN"
                     : "exponent all ones: " + std::string(fraction == 0 ? "fraction 0 is infinity" : "a fraction other than 0 is NaN");
        return d;
    }
    const bool subnormal = field == 0;
    const int k = (subnormal ? 1 : static_cast<int>(field)) - f.bias;
    const double significand = (subnormal ? 0.0 : 1.0) + std::ldexp(static_cast<double>(fraction), -m);
    d.exponent = "2^(" + std::to_string(subnormal ? 1 : field) + " - " + std::to_string(f.bias) + ") = " + power(k) +
                 (subnormal ? " (field 0: subnormal)" : "");
    d.significand = std::string(subnormal ? "0.f = 0." : "1.f = 1.") + (m > 0 ? d.mantissaBits : "0") + " (binary) = " +
                    exactText(significand);
    d.scale = power(k);
    d.significandValue = exactText(significand);
    d.formula = d.sign + " × " + power(k) + " × " + exactText(significand) + " = " + d.valueText;
    if (f.special == SpecialEncoding::FiniteNanFn && field == allOnes) {
        d.note = std::string(f.label) + " \"fn\": the all-ones exponent holds numbers (no Inf); only its all-ones fraction is NaN";
    }
    return d;
}

std::string storageNote(ElementFormat format, double typed, Overflow overflow)
{
    const FormatInfo& f = formatInfo(format);
    if (std::isnan(typed)) {
        if (f.special != SpecialEncoding::None && f.special != SpecialEncoding::Integer) return {};
        return std::string(f.label) + " has no NaN: a NaN cannot be stored, and the conversion gives " +
               exactText(quantize(format, typed, overflow)) + ".";
    }
    const double stored = quantize(format, typed, overflow);
    const std::string label(f.label);
    const std::string max = exactText(f.maxNormal);
    const std::string given = exactText(typed);
    if (std::isinf(typed) && std::isinf(stored)) return {};
    if (std::fabs(typed) > f.maxNormal) {
        const std::string beyond = given + " is beyond " + label + "'s largest finite value " + max;
        if (std::isnan(stored)) {
            return beyond + ": " + label + " has no infinity, so it overflows to NaN. Tick Saturate to clamp to " + max + ".";
        }
        if (std::isinf(stored)) return beyond + ": it overflows to " + exactText(stored) + ". Tick Saturate to clamp to " + max + ".";
        if (overflow == Overflow::Saturate) return beyond + ": saturated to " + exactText(stored) + ".";
        if (f.special == SpecialEncoding::None || f.special == SpecialEncoding::Integer) {
            return beyond + ": " + label + " has no Inf or NaN, so it is clamped to " + exactText(stored) + ".";
        }
        return beyond + ", but rounds to it (it is less than half a step above).";
    }
    if (typed != 0.0 && stored == 0.0) {
        return given + " is below half of " + label + "'s smallest value " + exactText(f.minSubnormal) + ": it flushes to zero.";
    }
    if (f.special != SpecialEncoding::Integer && typed != 0.0 && std::fabs(typed) < f.minNormal) {
        return given + " is below " + label + "'s smallest normal " + exactText(f.minNormal) +
               ": stored as a subnormal, with fewer significant bits.";
    }
    return {};
}

std::vector<StoredValue> storeInFormats(double typed, std::span<const ElementFormat> formats, Overflow overflow)
{
    std::vector<StoredValue> out;
    for (const ElementFormat format : formats) {
        StoredValue v{format, encode(format, typed, overflow), 0.0, 0.0, 0.0, storageNote(format, typed, overflow)};
        v.stored = decode(format, v.code);
        v.error = v.stored - typed;
        v.relativeError = typed != 0.0 ? std::fabs(v.error / typed) : 0.0;
        out.push_back(std::move(v));
    }
    return out;
}

std::vector<FormatLandmark> formatLandmarks(ElementFormat format)
{
    const FormatInfo& f = formatInfo(format);
    std::vector<FormatLandmark> out{{f.maxNormal, "max " + exactText(f.maxNormal)}};
    if (f.special == SpecialEncoding::Integer || f.special == SpecialEncoding::ScaleE8M0) return out;
    out.push_back({f.minNormal, "min normal " + exactText(f.minNormal)});
    if (f.minSubnormal < f.minNormal) out.push_back({f.minSubnormal, "min subnormal " + exactText(f.minSubnormal)});
    return out;
}

std::span<const ElementFormat> comparisonFormats() { return comparedFormats; }

} // namespace accelscope::models::precision
