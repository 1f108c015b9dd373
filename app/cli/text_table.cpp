// SPDX-License-Identifier: MIT
// TextTable rendering.
#include "app/cli/text_table.hpp"

#include <algorithm>

namespace accelscope::cli {
namespace {

bool looksNumeric(const std::string& text)
{
    return !text.empty() && text.find_first_not_of("0123456789.,-+e ") == std::string::npos;
}

} // namespace

std::size_t displayWidth(const std::string& text)
{
    return static_cast<std::size_t>(std::ranges::count_if(text, [](char c) { return (c & 0xC0) != 0x80; }));
}

std::string TextTable::render() const
{
    std::vector<std::size_t> widths(m_header.size(), 0);
    const auto measure = [&](const std::vector<std::string>& row) {
        for (std::size_t i = 0; i < row.size() && i < widths.size(); ++i) {
            widths[i] = std::max(widths[i], displayWidth(row[i]));
        }
    };
    measure(m_header);
    for (const auto& row : m_rows) measure(row);
    const auto line = [&](const std::vector<std::string>& row, bool header) {
        std::string out;
        for (std::size_t i = 0; i < widths.size(); ++i) {
            const std::string cell = i < row.size() ? row[i] : "";
            const std::string pad(widths[i] - displayWidth(cell), ' ');
            const bool right = !header && looksNumeric(cell);
            out += (i ? "  " : "") + (right ? pad + cell : cell + (i + 1 < widths.size() ? pad : ""));
        }
        return out + "\n";
    };
    std::string out = line(m_header, true);
    std::size_t total = 0;
    for (auto w : widths) total += w + 2;
    out += std::string(total > 2 ? total - 2 : 0, '-') + "\n";
    for (const auto& row : m_rows) out += line(row, false);
    return out;
}

} // namespace accelscope::cli
