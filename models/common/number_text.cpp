// SPDX-License-Identifier: MIT
// Number text for people: exact values of binary formats, rounded engineering figures and quantities with units.
#include "models/common/number_text.hpp"

#include "models/common/exponent_text.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>

namespace accelscope::models {
namespace {

/// The magnitudes printed positionally; outside them the digits would run long, so exponent form.
constexpr double exactLow = 1e-6;
constexpr double positionalHigh = 1e15;
constexpr int engineeringLowExponent = -4;
constexpr int engineeringHighExponent = 14;
constexpr int readableExactDigits = 8;

std::string specialText(double value)
{
    if (std::isnan(value)) return "nan";
    return value > 0 ? "inf" : "-inf";
}

/// ',' between each group of three integer digits of a positional text ("-12345.6" → "-12,345.6").
std::string groupThousands(std::string_view text)
{
    const bool negative = !text.empty() && text.front() == '-';
    if (negative) text.remove_prefix(1);
    const std::size_t dot = std::min(text.find('.'), text.size());
    std::string out = negative ? "-" : "";
    for (std::size_t i = 0; i < dot; ++i) {
        if (i > 0 && (dot - i) % 3 == 0) out += ',';
        out += text[i];
    }
    out.append(text.substr(dot));
    return out;
}

/// A rounded nonzero value as its significant digits (no trailing zeros) and decimal exponent:
/// value = ±d[0].d[1…] × 10^exponent.
struct Digits {
    bool negative = false;
    std::string digits;
    int exponent = 0;
};

Digits roundedDigits(double value, int significant)
{
    std::array<char, 64> buffer{};
    const auto [end, ec] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value, std::chars_format::scientific, significant - 1);
    const std::string_view text(buffer.data(), ec == std::errc() ? static_cast<std::size_t>(end - buffer.data()) : 0);
    Digits out;
    const std::size_t e = text.find('e');
    for (std::size_t i = 0; i < e && i < text.size(); ++i) {
        if (text[i] == '-') out.negative = true;
        else if (text[i] != '.') out.digits += text[i];
    }
    if (e != std::string_view::npos) out.exponent = std::atoi(std::string(text.substr(e + 1)).c_str());
    while (out.digits.size() > 1 && out.digits.back() == '0') out.digits.pop_back();
    return out;
}

std::string positional(const Digits& d)
{
    std::string text = d.negative ? "-" : "";
    if (d.exponent < 0) return text + "0." + std::string(static_cast<std::size_t>(-d.exponent - 1), '0') + d.digits;
    const auto whole = static_cast<std::size_t>(d.exponent) + 1;
    if (d.digits.size() <= whole) return text + d.digits + std::string(whole - d.digits.size(), '0');
    return text + d.digits.substr(0, whole) + "." + d.digits.substr(whole);
}

std::string exponentForm(const Digits& d)
{
    std::string text = d.negative ? "-" : "";
    text += d.digits.substr(0, 1);
    if (d.digits.size() > 1) text += "." + d.digits.substr(1);
    const int magnitude = std::abs(d.exponent);
    return text + (d.exponent < 0 ? "e-" : "e+") + (magnitude < 10 ? "0" : "") + std::to_string(magnitude);
}

/// The number of significant digits in a decimal text ("0.0078125" → 5, "65504" → 5, "1e-07" → 1).
int significantDigits(std::string_view text)
{
    text = text.substr(0, text.find('e'));
    std::string digits;
    for (const char c : text) {
        if (c >= '0' && c <= '9') digits += c;
    }
    const auto first = digits.find_first_not_of('0');
    if (first == std::string::npos) return 1;
    const auto last = text.find('.') == std::string_view::npos ? digits.size() - 1 : digits.find_last_not_of('0');
    return static_cast<int>(last - first + 1);
}

struct Prefix {
    std::string_view symbol;
    double scale;
};

constexpr std::array<Prefix, 11> siPrefixes{{{"p", 1e-12}, {"n", 1e-9}, {"µ", 1e-6}, {"m", 1e-3}, {"", 1.0}, {"k", 1e3},
                                             {"M", 1e6}, {"G", 1e9}, {"T", 1e12}, {"P", 1e15}, {"E", 1e18}}};
constexpr std::array<Prefix, 6> iecPrefixes{{{"", 1.0}, {"Ki", 0x1p10}, {"Mi", 0x1p20}, {"Gi", 0x1p30}, {"Ti", 0x1p40}, {"Pi", 0x1p50}}};

/// Units that read well with an SI prefix; anything else (tokens/s, GB/s, FLOP/byte) is shown as given.
constexpr std::array<std::string_view, 12> prefixedUnits{"FLOP", "FLOP/s", "B", "B/s", "bit", "bit/s", "OP", "OP/s", "Hz", "W", "s", "J"};

template <std::size_t N>
Prefix choosePrefix(double value, const std::array<Prefix, N>& prefixes, bool smallPrefixes, bool largePrefixes = true)
{
    const double magnitude = std::fabs(value);
    Prefix chosen = {"", 1.0};
    for (const Prefix& p : prefixes) {
        if ((p.scale < 1.0 && !smallPrefixes) || (p.scale > 1.0 && !largePrefixes)) continue;
        if (magnitude >= p.scale * (1.0 - 5e-16) || &p == &prefixes.front()) chosen = p;
    }
    if (magnitude == 0) return {"", 1.0};
    return chosen;
}

} // namespace

std::string exactText(double value)
{
    if (!std::isfinite(value)) return specialText(value);
    std::array<char, 64> buffer{};
    const double magnitude = std::fabs(value);
    const bool fixed = magnitude == 0 || (magnitude >= exactLow && magnitude < positionalHigh);
    const auto result = fixed ? std::to_chars(buffer.data(), buffer.data() + buffer.size(), value, std::chars_format::fixed)
                              : std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
    return result.ec == std::errc() ? std::string(buffer.data(), result.ptr) : std::string("?");
}

std::string exactDisplayText(double value)
{
    const double magnitude = std::fabs(value);
    if (!std::isfinite(value) || magnitude == 0 || (magnitude >= exactLow && magnitude < positionalHigh))
        return exactText(value);
    std::array<char, 64> buffer{};
    const auto asFloat = static_cast<float>(value);
    const bool floatExact = static_cast<double>(asFloat) == value;
    // A float's value to 8 significant digits, float's precision (not its shortest round trip: that
    // prints FP32's smallest subnormal, 1.4012985 × 10^-45, as "1e-45").
    const auto result = floatExact ? std::to_chars(buffer.data(), buffer.data() + buffer.size(), asFloat, std::chars_format::scientific, 7)
                                   : std::to_chars(buffer.data(), buffer.data() + buffer.size(), value, std::chars_format::scientific);
    if (result.ec != std::errc()) return "?";
    const std::string text(buffer.data(), result.ptr);
    const auto e = text.find('e');
    if (e == std::string::npos) return text;
    std::string mantissa = text.substr(0, e);
    if (mantissa.find('.') != std::string::npos) {
        while (mantissa.back() == '0') mantissa.pop_back();
        if (mantissa.back() == '.') mantissa.pop_back();
    }
    const int exponent = std::atoi(text.c_str() + e + 1);
    return mantissa + " × 10^" + std::to_string(exponent);
}

std::string exponentForPeople(std::string_view text)
{
    const auto e = text.find_first_of("eE");
    // Only a number's exponent: digits before it, a sign or digit after it ("inf", "nan" pass).
    if (e == std::string_view::npos || e == 0 || e + 1 >= text.size() ||
        std::isdigit(static_cast<unsigned char>(text[e - 1])) == 0) {
        return std::string(text);
    }
    std::size_t i = e + 1;
    bool negative = false;
    if (text[i] == '+' || text[i] == '-') negative = text[i++] == '-';
    if (i >= text.size() || std::isdigit(static_cast<unsigned char>(text[i])) == 0) return std::string(text);
    int exponent = 0;
    for (; i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) != 0 && exponent < 100000; ++i) exponent = exponent * 10 + (text[i] - '0');
    return std::string(text.substr(0, e)) + " × 10^" + (negative ? "-" : "") + std::to_string(exponent) + std::string(text.substr(i));
}

std::string engineeringText(double value, int significant)
{
    if (!std::isfinite(value)) return specialText(value);
    if (value == 0) return "0";
    const Digits d = roundedDigits(value, std::clamp(significant, 1, 17));
    if (d.exponent < engineeringLowExponent || d.exponent > engineeringHighExponent) return exponentForm(d);
    return groupThousands(positional(d));
}

std::string decimalText(double value, int decimals, bool grouped)
{
    if (!std::isfinite(value)) return specialText(value);
    std::array<char, 400> buffer{};
    const auto [end, ec] =
        std::to_chars(buffer.data(), buffer.data() + buffer.size(), value, std::chars_format::fixed, std::clamp(decimals, 0, 17));
    std::string text = ec == std::errc() ? std::string(buffer.data(), end) : std::string("?");
    if (!text.empty() && text.front() == '-' && text.find_first_not_of("-0.") == std::string::npos) text.erase(0, 1);
    return grouped ? groupThousands(text) : text;
}

std::string readableText(double value, int significant)
{
    if (!std::isfinite(value)) return specialText(value);
    const std::string exact = exactText(value == 0 ? 0.0 : value);
    const bool whole = std::fabs(value) < positionalHigh && std::trunc(value) == value;
    if (exact.find('e') == std::string::npos && (whole || significantDigits(exact) <= readableExactDigits)) return groupThousands(exact);
    return engineeringText(value, significant);
}

std::string usdText(double value)
{
    if (!std::isfinite(value)) return specialText(value);
    const double magnitude = std::fabs(value);
    int decimals = 2;
    // Below a dollar: enough decimals for two significant digits (0.042 → 3, 0.0042 → 4).
    if (magnitude > 0.0 && magnitude < 0.995) decimals = std::clamp(1 - static_cast<int>(std::floor(std::log10(magnitude))), 2, 17);
    const std::string digits = decimalText(magnitude, decimals);
    const bool negative = value < 0.0 && digits.find_first_not_of("0.,") != std::string::npos;
    return (negative ? "-$" : "$") + digits;
}

std::string quantityText(double value, std::string_view unit, int significant, UnitPrefix prefix)
{
    if (prefix == UnitPrefix::Auto) {
        const bool takes = std::find(prefixedUnits.begin(), prefixedUnits.end(), unit) != prefixedUnits.end();
        prefix = takes ? UnitPrefix::Decimal : UnitPrefix::None;
    }
    Prefix chosen{"", 1.0};
    if (std::isfinite(value) && value != 0 && prefix == UnitPrefix::Decimal) {
        // Round first, so 999,999 B is "1 MB", not "1,000 kB".
        const std::string rounded = exponentForm(roundedDigits(value, std::clamp(significant, 1, 17)));
        double r = value;
        std::from_chars(rounded.data(), rounded.data() + rounded.size(), r);
        // Seconds go down to ms, µs, ns but never up to ks (people read 3,600 s or convert to hours).
        chosen = choosePrefix(r, siPrefixes, unit == "s" || unit.empty(), unit != "s");
    }
    if (std::isfinite(value) && prefix == UnitPrefix::Binary) chosen = choosePrefix(value, iecPrefixes, false);
    std::string text = engineeringText(value / chosen.scale, significant);
    if (unit.empty() && chosen.symbol.empty()) return text;
    return text + " " + std::string(chosen.symbol) + std::string(unit);
}

} // namespace accelscope::models
