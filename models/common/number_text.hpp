// SPDX-License-Identifier: MIT
// Number text for people: exact values of binary formats, rounded engineering figures and quantities with units.
#pragma once

#include <string>
#include <string_view>

namespace accelscope::models {

/// Which prefixes `quantityText` may put before its unit.
enum class UnitPrefix {
    Auto,    ///< SI prefixes when the unit takes them (FLOP, FLOP/s, B, B/s, bit, Hz, W, s), none otherwise
    None,    ///< the unit as given ("tokens/s", "GB/s", "FLOP/byte")
    Decimal, ///< SI prefixes (k, M, G, T, P, E; m, µ, n, p) whatever the unit
    Binary,  ///< IEC prefixes in steps of 1024 (Ki, Mi, Gi, Ti, Pi), for sizes in bytes
};

/// The shortest decimal that reads back as exactly `value` (std::to_chars shortest round trip),
/// positional for magnitudes from 1e-6 to below 1e15 ("65504", "1.0078125", "0.0078125", "0.1"),
/// exponent form outside them ("5e-324", "1e+20"). No thousands separators, so the text can be typed
/// back. -0 prints "-0"; NaN "nan"; infinities "inf" and "-inf". For values of binary number formats
/// and answers to exact checks.
std::string exactText(double value);

/// exactText for reading rather than typing back: outside the positional range a value that a float
/// holds exactly is written to float's 8 significant digits (FP32's largest value reads
/// 3.4028235 × 10^38, not double's 3.4028234663852886e+38; its smallest subnormal 1.4012985 × 10^-45),
/// other values with double's shortest digits, and the exponent form is written "× 10^".
/// Within exactText's positional range it is exactText ("65504", "0.0078125").
std::string exactDisplayText(double value);

/// `value` rounded to `significant` significant digits (1 to 17) before printing, so float noise never
/// shows (-0.002187500000000009 → "-0.002188"); trailing zeros dropped; ',' between thousands
/// ("13,400", "1,365.3" for 5 digits). Positional when the rounded magnitude is from 1e-4 to below 1e15,
/// exponent form outside ("1.5e-05", "2.5e+15"). Zero (either sign) prints "0"; NaN "nan"; "inf", "-inf".
std::string engineeringText(double value, int significant = 4);

/// `value` with exactly `decimals` decimals (0 to 17), ',' between thousands when `grouped`
/// ("1,234.50"); a rounded zero never carries a sign. NaN "nan"; "inf", "-inf".
std::string decimalText(double value, int decimals, bool grouped = true);

/// The default text of a number for people: its exact text when that has at most 8 significant digits
/// or the value is a whole number below 1e15 (65504 → "65,504", 1.0078125, 0.1), otherwise
/// `engineeringText(value, significant)` (295.37313… → "295.4"); thousands grouped either way.
std::string readableText(double value, int significant = 4);

/// A dollar amount for people: cents from $1 up ("$1,234.50", "$0.42"), and below a dollar two
/// significant digits but never fewer than 2 decimals ("$0.042", "$0.0042"); "-$0.42" below zero,
/// "$0.00" for zero. NaN and infinities as readableText.
std::string usdText(double value);

/// `value` in `unit` for people: `engineeringText` of the value scaled to a prefix that keeps it
/// from 1 to below 1000 (1024 with `UnitPrefix::Binary`), a space, the prefix and the unit
/// ("989.5 TFLOP/s" for 9.895e14 FLOP/s, "3.35 TB/s", "13,400 tokens/s", "1.5 µs", "16 GiB").
/// Values beyond the largest prefix keep it and grow; seconds take only m, µ, n, p ("3,600 s");
/// an empty unit with prefixes prints "12.5 k".
std::string quantityText(double value, std::string_view unit, int significant = 4, UnitPrefix prefix = UnitPrefix::Auto);

} // namespace accelscope::models
