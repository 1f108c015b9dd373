// SPDX-License-Identifier: MIT
// Byte sizes from text: a number, then a decimal or binary unit.
#include "models/common/byte_size.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <string>

namespace accelscope::models {
namespace {

std::string lower(std::string_view text)
{
    std::string out(text);
    for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

std::string quoted(std::string_view text)
{
    std::string out;
    for (const char c : text.substr(0, 32)) out += static_cast<unsigned char>(c) < 0x20 || c == 0x7f ? '?' : c;
    return "'" + out + (text.size() > 32 ? "...'" : "'");
}

} // namespace

Result<double> parseByteSize(std::string_view text)
{
    std::size_t begin = 0;
    while (begin < text.size() && text[begin] == ' ') ++begin;
    std::size_t end = text.size();
    while (end > begin && text[end - 1] == ' ') --end;
    const std::string_view trimmed = text.substr(begin, end - begin);
    double value = 0;
    const auto [numberEnd, ec] = std::from_chars(trimmed.data(), trimmed.data() + trimmed.size(), value);
    if (ec != std::errc() || !std::isfinite(value)) return fail(ErrorCode::InvalidArgument, quoted(text) + " is not a size (a number, then B, kB, MB, GB, KiB, MiB, GiB ...)");
    std::string_view unit(numberEnd, static_cast<std::size_t>(trimmed.data() + trimmed.size() - numberEnd));
    while (!unit.empty() && unit.front() == ' ') unit.remove_prefix(1);
    const std::string u = lower(unit);
    double factor = 0;
    if (u.empty() || u == "b") factor = 1;
    else if (u == "kb") factor = 1e3;
    else if (u == "mb") factor = 1e6;
    else if (u == "gb") factor = 1e9;
    else if (u == "tb") factor = 1e12;
    else if (u == "kib" || u == "k") factor = 1024.0;
    else if (u == "mib" || u == "m") factor = 1048576.0;
    else if (u == "gib" || u == "g") factor = 1073741824.0;
    else if (u == "tib" || u == "t") factor = 1099511627776.0;
    if (factor == 0) return fail(ErrorCode::InvalidArgument, quoted(text) + ": unknown unit " + quoted(unit) + " (B, kB, MB, GB, TB, KiB, MiB, GiB, TiB, K, M, G, T)");
    const double bytes = value * factor;
    if (!(bytes > 0)) return fail(ErrorCode::InvalidArgument, quoted(text) + " is not above 0 bytes");
    if (bytes > 1152921504606846976.0) return fail(ErrorCode::InvalidArgument, quoted(text) + " is above 2^60 bytes");
    return bytes;
}

} // namespace accelscope::models
