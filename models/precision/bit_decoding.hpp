// SPDX-License-Identifier: MIT
// A code of an element format decoded field by field for people (sign, 2^(e - bias), 1.f, the
// formula and its exact value), why a typed value is stored as it is when it does not fit, and
// one value in several formats side by side. The Precision page's bit editor and
// `accelscope-cli format decode/encode --explain` print these texts.
#pragma once

#include "models/precision/element_format.hpp"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace accelscope::models::precision {

/// The fields of one code and what each contributes. Texts use ASCII and '×' (Latin-1), so an
/// ImGui default font shows them; values are exact (exactText).
struct BitDecoding {
    ValueClass valueClass = ValueClass::Zero;
    double value = 0.0;          ///< decode(format, code)
    std::string signBits;        ///< "0" or "1"; empty for unsigned formats
    std::string exponentBits;    ///< the exponent field, most significant bit first; empty for integers
    std::string mantissaBits;    ///< the fraction field; empty for E8M0; all bits but the sign for integers
    std::string sign;            ///< "+1" or "-1"; empty for unsigned formats
    std::string exponent;        ///< "2^(15 - 15) = 2^0"; subnormals: "2^(1 - 15) = 2^-14 (field 0: subnormal)"
    std::string significand;     ///< "1.f = 1.0100000000 (binary) = 1.25"; subnormals "0.f = …"
    std::string scale;           ///< the exponent's part alone: "2^15" (empty for specials and integers)
    std::string significandValue; ///< the significand's part alone: "1.9990234375" (empty for specials and integers)
    std::string formula;         ///< "+1 × 2^0 × 1.25 = 1.25"; specials say what the code means ("NaN")
    std::string valueText;       ///< exactText of the value ("65504", "nan", "inf")
    std::string note;            ///< why a special code is special (E4M3 fn: "only S.1111.111 is NaN; no Inf")
};

/// Decodes `code` (its low `bits` bits) of `format` field by field.
BitDecoding decodeBits(ElementFormat format, std::uint32_t code);

/// Why `typed` is stored as it is in `format` when it does not fit: beyond the largest finite
/// value it overflows to ±Inf (IEEE formats), to NaN (E4M3 fn, with "tick Saturate to clamp to
/// 448"), or is clamped (formats without Inf/NaN, or `Overflow::Saturate`); below half the
/// smallest subnormal it flushes to zero; below the smallest normal it is subnormal with fewer
/// significant bits; a NaN in a format without NaN (FP6, FP4, integers) says what the conversion
/// gives. Empty when it is a normal value (or zero, or NaN in a format that has NaN).
std::string storageNote(ElementFormat format, double typed, Overflow overflow = Overflow::Standard);

/// One typed value stored in one format.
struct StoredValue {
    ElementFormat format;
    std::uint32_t code = 0;
    double stored = 0.0;
    double error = 0.0;          ///< stored - typed (NaN or Inf when stored is not finite)
    double relativeError = 0.0;  ///< |error| / |typed|; 0 when typed is 0
    std::string note;            ///< storageNote
};

/// `typed` in each of `formats` (rounded to nearest even), side by side.
std::vector<StoredValue> storeInFormats(double typed, std::span<const ElementFormat> formats,
                                        Overflow overflow = Overflow::Standard);

/// A value that marks a format's range on a number line.
struct FormatLandmark {
    double value = 0.0;
    std::string label; ///< "max 448", "min normal 0.015625", "min subnormal 0.001953125"
};

/// The largest finite value, the smallest normal and the smallest subnormal of a float format
/// (integers: the largest value only), exact, in that order.
std::vector<FormatLandmark> formatLandmarks(ElementFormat format);

/// The formats the bit editor compares a typed value in: FP32, BF16, FP16, FP8 E4M3, FP8 E5M2, FP4 E2M1.
std::span<const ElementFormat> comparisonFormats();

} // namespace accelscope::models::precision
