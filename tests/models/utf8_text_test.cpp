// SPDX-License-Identifier: MIT
// UTF-8 validation at file boundaries (issue #17): RFC 3629's well-formed sequences are accepted,
// everything else is found with its line, column and byte.
#include "models/common/utf8_text.hpp"

#include <catch2/catch.hpp>

#include <string>

using accelscope::models::checkUtf8;
using accelscope::models::firstInvalidUtf8;
using accelscope::models::withoutByteOrderMark;

TEST_CASE("well-formed UTF-8 is accepted, from ASCII to four-byte sequences")
{
    for (const std::string& text : {std::string(), std::string("plain ASCII\nwith lines\n"), std::string("caf\xC3\xA9"), // é U+00E9
                                    std::string("\xE2\x82\xAC 5"),     // € U+20AC
                                    std::string("\xED\x9F\xBF"),       // U+D7FF, last before the surrogates
                                    std::string("\xEE\x80\x80"),       // U+E000, first after them
                                    std::string("\xF0\x9F\x98\x80"),   // 😀 U+1F600
                                    std::string("\xF4\x8F\xBF\xBF"),   // U+10FFFF, the last code point
                                    std::string("nul \0 inside", 12)}) {
        INFO(text);
        CHECK_FALSE(firstInvalidUtf8(text).has_value());
        CHECK(checkUtf8(text, "f.txt").has_value());
    }
}

TEST_CASE("ill-formed UTF-8 is found at its line, column and byte")
{
    struct Case {
        std::string text;
        int line;
        std::size_t column;
        unsigned char byte;
    };
    const std::vector<Case> cases{
        {"caf\xE9", 1, 4, 0xE9},                    // Latin-1 é
        {"ok\nsecond \x80 line", 2, 8, 0x80},       // a lone continuation byte
        {"\xC0\xAF", 1, 1, 0xC0},                   // overlong '/'
        {"\xC1\xBF", 1, 1, 0xC1},                   // overlong
        {"\xE0\x80\xAF", 1, 1, 0xE0},               // overlong three-byte '/'
        {"\xED\xA0\x80", 1, 1, 0xED},               // a UTF-16 surrogate U+D800
        {"\xF0\x80\x80\xAF", 1, 1, 0xF0},           // overlong four-byte
        {"\xF4\x90\x80\x80", 1, 1, 0xF4},           // above U+10FFFF
        {"\xF5\x80\x80\x80", 1, 1, 0xF5},           // no such lead byte
        {"\xFF", 1, 1, 0xFF},
        {"ab\xE2\x82", 1, 3, 0xE2},                 // truncated at the end of the text
        {"ab\xE2\x82x", 1, 3, 0xE2},                // truncated by an ASCII byte
        {"a\n\nb\xC3", 3, 2, 0xC3},
    };
    for (const auto& c : cases) {
        INFO(c.text);
        const auto problem = firstInvalidUtf8(c.text);
        REQUIRE(problem.has_value());
        CHECK(problem->line == c.line);
        CHECK(problem->column == c.column);
        CHECK(problem->byte == c.byte);
    }
    const auto refused = checkUtf8("name,x\ncaf\xE9,1\n", "mine.csv");
    REQUIRE_FALSE(refused.has_value());
    CHECK(refused.error().message == "mine.csv:2: not UTF-8 text (byte 0xE9 at column 4); save the file as UTF-8");
}

TEST_CASE("a leading byte-order mark is dropped, one elsewhere is kept")
{
    CHECK(withoutByteOrderMark("\xEF\xBB\xBFid,name") == "id,name");
    CHECK(withoutByteOrderMark("id,\xEF\xBB\xBFname") == "id,\xEF\xBB\xBFname");
    CHECK(withoutByteOrderMark("\xEF\xBB") == "\xEF\xBB");
}

TEST_CASE("a quoted excerpt stays on one line and is cut at a character boundary")
{
    using accelscope::models::quotedExcerpt;
    CHECK(quotedExcerpt("short") == "short");
    CHECK(quotedExcerpt("a\nb\tc\rd\x7F") == "a\\nb\\tc\\x0Dd\\x7F");
    CHECK(quotedExcerpt(std::string(100, 'x')) == std::string(60, 'x') + "...");
    CHECK(quotedExcerpt("caf\xC3\xA9", 4) == "caf...");         // é does not fit in 4 bytes: not split
    CHECK(quotedExcerpt("caf\xC3\xA9", 5) == "caf\xC3\xA9");
    CHECK(quotedExcerpt("caf\xE9 x") == "caf\\xE9 x");            // a Latin-1 byte is escaped
    CHECK(quotedExcerpt("") == "");
}
