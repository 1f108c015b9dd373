// SPDX-License-Identifier: MIT
// Plain-text tables for the CLI's human-readable output.
#pragma once

#include <string>
#include <vector>

namespace accelscope::cli {

/// Left-aligned columns separated by two spaces; numbers are right-aligned.
class TextTable {
public:
    explicit TextTable(std::vector<std::string> header) : m_header(std::move(header)) {}
    void addRow(std::vector<std::string> row) { m_rows.push_back(std::move(row)); }
    std::string render() const;

private:
    std::vector<std::string> m_header;
    std::vector<std::vector<std::string>> m_rows;
};

/// Display width of UTF-8 text (code points; the CLI prints no wide characters).
std::size_t displayWidth(const std::string& text);

} // namespace accelscope::cli
