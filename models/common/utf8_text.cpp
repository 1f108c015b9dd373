// SPDX-License-Identifier: MIT
// UTF-8 validation: a hand-written decoder following RFC 3629's table of well-formed sequences.
#include "models/common/utf8_text.hpp"

#include <array>

namespace accelscope::models {
namespace {

/// The length of the well-formed sequence starting at `i`, or 0 when it is ill-formed.
std::size_t sequenceLength(std::string_view text, std::size_t i)
{
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char lead = byte(i);
    if (lead < 0x80) return 1;
    std::size_t length = 0;
    unsigned char low = 0x80; // the allowed range of the second byte (RFC 3629, section 4)
    unsigned char high = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        if (lead == 0xE0) low = 0xA0;  // no overlong three-byte forms
        if (lead == 0xED) high = 0x9F; // no UTF-16 surrogates
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        if (lead == 0xF0) low = 0x90;  // no overlong four-byte forms
        if (lead == 0xF4) high = 0x8F; // nothing above U+10FFFF
    } else {
        return 0;
    }
    if (i + length > text.size()) return 0;
    if (byte(i + 1) < low || byte(i + 1) > high) return 0;
    for (std::size_t k = 2; k < length; ++k) {
        if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
    }
    return length;
}

} // namespace

std::string hexByte(unsigned char byte)
{
    constexpr std::array digits{'0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'A', 'B', 'C', 'D', 'E', 'F'};
    return std::string("0x") + digits[byte >> 4] + digits[byte & 0x0F];
}

std::optional<Utf8Problem> firstInvalidUtf8(std::string_view text)
{
    int line = 1;
    std::size_t lineStart = 0;
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t length = sequenceLength(text, i);
        if (length == 0) {
            return Utf8Problem{i, line, i - lineStart + 1, static_cast<unsigned char>(text[i])};
        }
        if (text[i] == '\n') {
            ++line;
            lineStart = i + 1;
        }
        i += length;
    }
    return std::nullopt;
}

std::string_view withoutByteOrderMark(std::string_view text)
{
    if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
    return text;
}

std::string quotedExcerpt(std::string_view text, std::size_t maxBytes)
{
    std::string out;
    std::size_t i = 0;
    while (i < text.size() && i < maxBytes) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c == '\n') {
            out += "\\n";
        } else if (c == '\t') {
            out += "\\t";
        } else if (c < 0x20 || c == 0x7F) {
            out += "\\x" + hexByte(c).substr(2);
        } else if (c >= 0x80) {
            // A whole character or, for bytes that are not UTF-8, the byte escaped.
            const std::size_t length = sequenceLength(text, i);
            if (length == 0) {
                out += "\\x" + hexByte(c).substr(2);
            } else {
                if (i + length > maxBytes) break;
                out.append(text.substr(i, length));
                i += length;
                continue;
            }
        } else {
            out += static_cast<char>(c);
        }
        ++i;
    }
    if (i < text.size()) out += "...";
    return out;
}

std::string utf8ProblemText(const Utf8Problem& problem)
{
    return "not UTF-8 text (byte " + hexByte(problem.byte) + " at column " + std::to_string(problem.column) +
           "); save the file as UTF-8";
}

Result<void> checkUtf8(std::string_view text, const std::string& fileName)
{
    const auto problem = firstInvalidUtf8(text);
    if (!problem) return {};
    return fail(ErrorCode::InvalidData, fileName + ":" + std::to_string(problem->line) + ": " + utf8ProblemText(*problem));
}

} // namespace accelscope::models
