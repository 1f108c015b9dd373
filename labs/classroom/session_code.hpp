// SPDX-License-Identifier: MIT
// Classroom session codes and client tokens: made from random bytes the caller draws from a
// cryptographic source, read back forgivingly (case, dashes, look-alike letters), compared in constant time.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace accelscope::labs::classroom {

/// Characters in a session code: Crockford's base 32 (digits and letters without I, L, O, U), so
/// that a code read off a projector has no look-alikes. 5 bits per character.
inline constexpr std::string_view codeAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// Characters in a code: 10 × 5 = 50 bits, about 1.1e15 codes. Guessing is also limited by the
/// session (wrong codes per client and per second), so a guess rate of 1000/s would need 18,000
/// years on average.
inline constexpr std::size_t codeLength = 10;
/// Random bytes a code needs (codeLength × 5 bits, rounded up).
inline constexpr std::size_t codeEntropyBytes = (codeLength * 5 + 7) / 8;

/// A session code of codeLength characters from `randomBytes` (at least codeEntropyBytes; the
/// caller draws them from a cryptographic generator), each character one unbiased 5-bit group.
/// Shown as two groups of five ("K7QM4-XRT2B", see displayCode).
std::string makeSessionCode(std::span<const std::uint8_t> randomBytes);

/// The code as shown: "K7QM4-XRT2B".
std::string displayCode(std::string_view code);

/// What a person typed, as a code: upper case, spaces and dashes removed, O read as 0, I and L as
/// 1 (Crockford's decoding rules). Anything else is kept, so that a wrong code stays wrong.
std::string normalizeCode(std::string_view typed);

/// Whether `typed` (normalized first) is `code`, in time that depends only on their lengths.
bool codeMatches(std::string_view code, std::string_view typed);

/// A client token: 16 random bytes as 32 lower-case hex digits (a reconnecting page sends it back
/// to keep its answers). `randomBytes` must hold at least 16 bytes.
std::string makeClientToken(std::span<const std::uint8_t> randomBytes);

/// Whether `text` has the shape of a client token (32 lower-case hex digits).
bool isClientToken(std::string_view text);

} // namespace accelscope::labs::classroom
