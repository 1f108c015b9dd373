// SPDX-License-Identifier: MIT
// Classroom session codes and client tokens.
#include "labs/classroom/session_code.hpp"

#include <cassert>
#include <cctype>

namespace accelscope::labs::classroom {

std::string makeSessionCode(std::span<const std::uint8_t> randomBytes)
{
    assert(randomBytes.size() >= codeEntropyBytes);
    std::string code;
    std::uint64_t bits = 0;
    for (std::size_t i = 0; i < codeEntropyBytes; ++i) bits = (bits << 8) | randomBytes[i];
    for (std::size_t i = 0; i < codeLength; ++i) {
        // Every character takes the next 5 bits: 32 symbols, so no symbol is more likely than another.
        const auto shift = codeEntropyBytes * 8 - 5 * (i + 1);
        code += codeAlphabet[(bits >> shift) & 31U];
    }
    return code;
}

std::string displayCode(std::string_view code)
{
    if (code.size() != codeLength) return std::string(code);
    return std::string(code.substr(0, codeLength / 2)) + "-" + std::string(code.substr(codeLength / 2));
}

std::string normalizeCode(std::string_view typed)
{
    std::string out;
    for (const char c : typed) {
        if (c == ' ' || c == '-') continue;
        char u = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        if (u == 'O') u = '0';
        if (u == 'I' || u == 'L') u = '1';
        out += u;
    }
    return out;
}

bool codeMatches(std::string_view code, std::string_view typed)
{
    const std::string given = normalizeCode(typed);
    if (given.size() != code.size()) return false;
    unsigned difference = 0;
    for (std::size_t i = 0; i < code.size(); ++i) {
        difference |= static_cast<unsigned>(static_cast<unsigned char>(code[i]) ^ static_cast<unsigned char>(given[i]));
    }
    return difference == 0;
}

std::string makeClientToken(std::span<const std::uint8_t> randomBytes)
{
    assert(randomBytes.size() >= 16);
    constexpr std::string_view hex = "0123456789abcdef";
    std::string token;
    for (std::size_t i = 0; i < 16; ++i) {
        token += hex[randomBytes[i] >> 4];
        token += hex[randomBytes[i] & 15U];
    }
    return token;
}

bool isClientToken(std::string_view text)
{
    if (text.size() != 32) return false;
    for (const char c : text) {
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
    }
    return true;
}

} // namespace accelscope::labs::classroom
