// SPDX-License-Identifier: MIT
// The classroom protocol's messages.
#include "labs/classroom/client_message.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>

namespace accelscope::labs::classroom {
namespace {

using models::ErrorCode;
using models::fail;
using Json = nlohmann::json;

/// A string field within `maxBytes`, without control characters (the JSON parser already refused
/// invalid UTF-8); empty when absent and not `required`.
models::Result<std::string> stringField(const Json& object, const char* key, std::size_t maxBytes, bool required)
{
    const auto it = object.find(key);
    if (it == object.end()) {
        if (required) return fail(ErrorCode::InvalidArgument, std::string(key) + ": missing");
        return std::string();
    }
    if (!it->is_string()) return fail(ErrorCode::InvalidArgument, std::string(key) + ": not a string");
    const auto& text = it->get_ref<const std::string&>();
    if (text.size() > maxBytes) {
        return fail(ErrorCode::InvalidArgument, std::string(key) + ": longer than " + std::to_string(maxBytes) + " bytes");
    }
    const bool control = std::any_of(text.begin(), text.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return u < 0x20 || u == 0x7f;
    });
    if (control) return fail(ErrorCode::InvalidArgument, std::string(key) + ": holds a control character");
    return text;
}

models::Result<void> onlyKeys(const Json& object, const std::set<std::string>& allowed)
{
    for (const auto& [key, value] : object.items()) {
        if (!allowed.contains(key)) {
            // The key is the client's text: name it only when it is short and printable.
            const bool plain = key.size() <= 24 && std::all_of(key.begin(), key.end(), [](char c) { return c >= 0x21 && c <= 0x7e; });
            return fail(ErrorCode::InvalidArgument, plain ? "unknown field '" + key + "'" : std::string("unknown field"));
        }
    }
    return {};
}

std::string dump(const Json& json)
{
    // Replace, never throw: every string here is checked UTF-8 or the lessons' own text.
    return json.dump(-1, ' ', false, Json::error_handler_t::replace);
}

} // namespace

models::Result<ClientMessage> parseClientMessage(std::string_view text)
{
    if (text.size() > maxMessageBytes) {
        return fail(ErrorCode::InvalidArgument, "message: longer than " + std::to_string(maxMessageBytes) + " bytes");
    }
    const Json json = Json::parse(text.begin(), text.end(), nullptr, false);
    if (json.is_discarded()) return fail(ErrorCode::InvalidArgument, "message: not JSON (or not UTF-8)");
    if (!json.is_object()) return fail(ErrorCode::InvalidArgument, "message: not a JSON object");
    auto type = stringField(json, "type", 16, true);
    if (!type) return std::unexpected(type.error());
    ClientMessage message;
    if (*type == "join") {
        if (auto keys = onlyKeys(json, {"type", "code", "nickname", "token"}); !keys) return std::unexpected(keys.error());
        auto code = stringField(json, "code", maxCodeBytes, true);
        if (!code) return std::unexpected(code.error());
        auto nickname = stringField(json, "nickname", maxNicknameBytes, false);
        if (!nickname) return std::unexpected(nickname.error());
        auto token = stringField(json, "token", 32, false);
        if (!token) return std::unexpected(token.error());
        message.join = JoinMessage{*code, *nickname, *token};
        return message;
    }
    if (*type == "answer") {
        if (auto keys = onlyKeys(json, {"type", "question", "answer"}); !keys) return std::unexpected(keys.error());
        const auto question = json.find("question");
        if (question == json.end()) return fail(ErrorCode::InvalidArgument, "question: missing");
        if (!question->is_number_integer() || question->get<long long>() < 1 || question->get<long long>() > 1'000'000) {
            return fail(ErrorCode::InvalidArgument, "question: not a question number");
        }
        auto answer = stringField(json, "answer", maxAnswerBytes, true);
        if (!answer) return std::unexpected(answer.error());
        message.answer = AnswerMessage{static_cast<int>(question->get<long long>()), *answer};
        return message;
    }
    return fail(ErrorCode::InvalidArgument, "type: neither join nor answer");
}

std::string joinedMessage(const std::string& token, bool nicknames)
{
    return dump({{"type", "joined"}, {"token", token}, {"nicknames", nicknames}});
}

std::string waitingMessage() { return dump({{"type", "waiting"}}); }

std::string questionMessage(int id, std::string_view kind, const std::string& text, const std::string& unit,
                            const std::vector<std::string>& options, const std::string& previousAnswer)
{
    return dump({{"type", "question"}, {"id", id}, {"kind", kind}, {"text", text}, {"unit", unit}, {"options", options},
                 {"answer", previousAnswer}});
}

std::string receivedMessage(int question, const std::string& answer)
{
    return dump({{"type", "received"}, {"question", question}, {"answer", answer}});
}

std::string revealMessage(int question, const std::string& expected, bool answered, bool correct, const std::string& mistake)
{
    return dump({{"type", "reveal"}, {"question", question}, {"expected", expected}, {"answered", answered},
                 {"correct", correct}, {"mistake", mistake}});
}

std::string errorMessage(const std::string& message) { return dump({{"type", "error"}, {"message", message}}); }

std::string closedMessage() { return dump({{"type", "closed"}}); }

} // namespace accelscope::labs::classroom
