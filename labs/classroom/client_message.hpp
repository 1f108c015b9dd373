// SPDX-License-Identifier: MIT
// The classroom protocol's messages: what a student's page sends (parsed strictly, bounded) and what
// the session sends back (JSON text built here, so that every string is escaped by the JSON writer).
#pragma once

#include "models/common/result.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::labs::classroom {

/// Largest message a page may send, in bytes; the server also sets it as the WebSocket limit.
inline constexpr std::size_t maxMessageBytes = 1024;
/// Longest answer, in bytes (a number with its unit or an option's number).
inline constexpr std::size_t maxAnswerBytes = 64;
/// Longest nickname, in bytes of UTF-8.
inline constexpr std::size_t maxNicknameBytes = 24;
/// Longest code field, in bytes (a code with dashes and spaces).
inline constexpr std::size_t maxCodeBytes = 32;

/// `{"type":"join","code":"K7QM4-XRT2B"}`, optionally with `"nickname"` and the `"token"` the
/// session gave this page before (a page that reconnects keeps its answers).
struct JoinMessage {
    std::string code;
    std::string nickname;
    std::string token;
};

/// `{"type":"answer","question":3,"answer":"591.6 FLOP/byte"}`.
struct AnswerMessage {
    int question = 0;
    std::string answer;
};

/// One message from a page: a join or an answer.
struct ClientMessage {
    std::optional<JoinMessage> join;
    std::optional<AnswerMessage> answer;
};

/// Parses a page's message: a JSON object of at most maxMessageBytes with exactly the keys of its
/// type, strings in valid UTF-8 without control characters and within their limits. Errors are one
/// line naming the field ("answer: longer than 64 bytes"); nothing else is accepted.
models::Result<ClientMessage> parseClientMessage(std::string_view text);

/// What the session tells a page. Every function returns one JSON document.
std::string joinedMessage(const std::string& token, bool nicknames);
std::string waitingMessage();
std::string questionMessage(int id, std::string_view kind, const std::string& text, const std::string& unit,
                            const std::vector<std::string>& options, const std::string& previousAnswer);
std::string receivedMessage(int question, const std::string& answer);
std::string revealMessage(int question, const std::string& expected, bool answered, bool correct, const std::string& mistake);
std::string errorMessage(const std::string& message);
std::string closedMessage();

} // namespace accelscope::labs::classroom
