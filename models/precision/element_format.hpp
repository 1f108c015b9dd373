// SPDX-License-Identifier: MIT
// Element number formats from FP32 down to FP4, the E8M0 scale and small integers: properties
// and a bit-exact reference codec.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace accelscope::models::precision {

/// Every element format. FP8 E4M3 is the OCP/NVIDIA "fn" variant (no Inf, only S.1111.111 is NaN).
enum class ElementFormat { Fp32, Tf32, Bf16, Fp16, Fp8E4M3, Fp8E5M2, Fp6E2M3, Fp6E3M2, Fp4E2M1, E8M0, Int8, Int4 };

/// How the top exponent is used.
enum class SpecialEncoding {
    Ieee,        ///< all-ones exponent: Inf (mantissa 0) or NaN (FP32, TF32, BF16, FP16, E5M2)
    FiniteNanFn, ///< no Inf; only all-ones exponent and mantissa is NaN (E4M3, OCP MX v1.0 §5.3.2)
    None,        ///< no Inf, no NaN: every code is a number (FP6, FP4; OCP MX v1.0 §5.3.3)
    ScaleE8M0,   ///< unsigned exponent only; 0xFF is NaN (OCP MX v1.0 §5.4.1)
    Integer,     ///< two's complement integer
};

/// Static description of a format. Values are exact doubles.
struct FormatInfo {
    ElementFormat format;
    std::string_view name;      ///< canonical CLI name ("fp8-e4m3")
    std::string_view label;     ///< display label ("FP8 E4M3")
    int bits;
    int exponentBits;
    int mantissaBits;           ///< explicit fraction bits
    int bias;
    bool isSigned;
    SpecialEncoding special;
    double maxNormal;           ///< largest finite value
    double minNormal;           ///< smallest positive normal (1 for integers)
    double minSubnormal;        ///< smallest positive value (1 for integers)
    double epsilon;             ///< gap between 1 and the next value (2^-mantissaBits)
    int emax;                   ///< exponent of the largest normal binade (used by MX scaling)
};

/// How a value is classified after decoding.
enum class ValueClass { Zero, Subnormal, Normal, Infinity, NaN, Integer };

/// What encode does with a finite value beyond the largest finite one.
enum class Overflow {
    Standard,  ///< IEEE-like formats give ±Inf, E4M3 gives NaN, FP6/FP4/integers/E8M0 clamp
    Saturate,  ///< clamp to ±maxNormal (NVIDIA's `.satfinite`)
};

/// Rounding of encode. TiesAway matches NVIDIA's hardware FP32→TF32 conversion (cvt.rna.tf32.f32).
enum class Rounding { NearestEven, NearestTiesAway };

/// Properties of a format.
const FormatInfo& formatInfo(ElementFormat format);
/// All element formats in display order (widest first).
std::span<const FormatInfo> allFormats();
/// Format by name or alias ("e4m3", "fp8", "half", "bfloat16", …); nullopt when unknown.
std::optional<ElementFormat> formatFromName(std::string_view name);

/// Decimal digits of precision: log10(2^(mantissaBits+1)).
double decimalDigits(const FormatInfo& info);
/// Dynamic range in binades: log2(maxNormal / minSubnormal).
double dynamicRangeBinades(const FormatInfo& info);
/// Number of distinct codes (2^bits).
std::uint32_t codeCount(const FormatInfo& info);

/// The exact value of `code` (the low `bits` bits are used). NaN codes give a quiet NaN.
double decode(ElementFormat format, std::uint32_t code);
/// Classification of `code`.
ValueClass classify(ElementFormat format, std::uint32_t code);

/// Rounds `value` once, exactly, to the format: to nearest (ties to even unless asked
/// otherwise), on the subnormal grid below the smallest normal, then applies overflow rules
/// to the rounded value (so rounding, not the input, decides overflow). NaN gives the
/// format's NaN code (integers: 0). −0 keeps its sign where the format has one.
std::uint32_t encode(ElementFormat format, double value, Overflow overflow = Overflow::Standard,
                     Rounding rounding = Rounding::NearestEven);

/// The value the format stores for `value` (= decode(encode(value))).
double quantize(ElementFormat format, double value, Overflow overflow = Overflow::Standard,
                Rounding rounding = Rounding::NearestEven);

/// The neighbouring code towards +∞ (up) or −∞ (down), or nullopt at the ends / for NaN.
std::optional<std::uint32_t> neighbour(ElementFormat format, std::uint32_t code, bool up);

/// Shortest decimal text that reads back to the same double (models::exactText: positional from 1e-6
/// to below 1e15, so 65504 and 0.0001, never "1e-04"); "nan", "inf", "-inf" for specials.
std::string shortestText(double value);

/// Name of a value class ("normal", "subnormal", …).
std::string_view valueClassName(ValueClass valueClass);

} // namespace accelscope::models::precision
