// SPDX-License-Identifier: MIT
// Format output helpers.
#include "app/cli/format_output.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace accelscope::cli {

std::string hexCode(std::uint32_t code, int bits)
{
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "0x%0*X", (bits + 3) / 4, code);
    return buffer;
}

std::string valueText(double value) { return models::precision::shortestText(value); }

nlohmann::json jsonValue(double value)
{
    if (!std::isfinite(value)) return valueText(value);
    return value;
}

std::optional<std::uint32_t> parseCode(const std::string& text)
{
    const bool hex = text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
    const char* begin = text.data() + (hex ? 2 : 0);
    const char* end = text.data() + text.size();
    std::uint32_t code = 0;
    const auto [stop, ec] = std::from_chars(begin, end, code, hex ? 16 : 10);
    if (ec != std::errc{} || stop != end || begin == end) return std::nullopt;
    return code;
}

} // namespace accelscope::cli
