// SPDX-License-Identifier: MIT
// UTF-8 validation for text read from files (catalogs, CSV, lab results, lessons, warp programs).
#pragma once

#include "models/common/result.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace accelscope::models {

/// Where a text stops being well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing
/// above U+10FFFF): the 1-based line and column (in bytes) and the offending byte.
struct Utf8Problem {
    std::size_t offset = 0;
    int line = 1;
    std::size_t column = 1;
    unsigned char byte = 0;
};

/// The first ill-formed sequence in `text`, or nothing when all of it is UTF-8.
std::optional<Utf8Problem> firstInvalidUtf8(std::string_view text);

/// `text` without a leading UTF-8 byte-order mark (spreadsheets write one before CSV).
std::string_view withoutByteOrderMark(std::string_view text);

/// A byte for messages: "0xE9", "0x00".
std::string hexByte(unsigned char byte);

/// Refuses text that is not UTF-8 with one line: `file:line: not UTF-8 text (byte 0xE9 at column
/// 12); save it as UTF-8`. Text is checked where it enters (issue #17): a Latin-1 value stored in
/// the user database made every later `--json` listing fail.
Result<void> checkUtf8(std::string_view text, const std::string& fileName);

/// The start of `text` for quoting in a one-line message: at most `maxBytes` bytes (cut at a
/// character boundary, "..." appended when cut), line breaks and other control characters written
/// as \n, \t, \xNN so that a quoted value never breaks the message's line.
std::string quotedExcerpt(std::string_view text, std::size_t maxBytes = 60);

/// The message of `checkUtf8` for a known problem, for parsers that report issues as rows.
std::string utf8ProblemText(const Utf8Problem& problem);

} // namespace accelscope::models
