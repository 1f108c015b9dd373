// SPDX-License-Identifier: MIT
// A classroom session without any network.
#include "labs/classroom/classroom_session.hpp"

#include "labs/classroom/session_code.hpp"

namespace accelscope::labs::classroom {
namespace {

std::string_view kindName(guided::CheckKind kind) { return kind == guided::CheckKind::Choice ? "choice" : "number"; }

} // namespace

std::vector<GradedAnswer> AskedQuestion::graded() const
{
    std::vector<GradedAnswer> out;
    out.reserve(answers.size());
    for (const auto& [token, answer] : answers) out.push_back(answer.graded);
    return out;
}

ClassroomSession::ClassroomSession(std::string code, const guided::LessonContext& context, SessionOptions options,
                                   Clock::time_point start)
    : m_code(std::move(code)), m_context(context), m_options(options),
      m_wrongCodes(options.wrongCodesPerSecond, options.wrongCodesPerSecond, start)
{
}

models::Result<ClientId> ClassroomSession::connect(Clock::time_point now)
{
    if (m_connections.size() >= m_options.maxConnections) {
        ++m_refused;
        return models::fail(models::ErrorCode::InvalidArgument,
                            "the session is full (" + std::to_string(m_options.maxConnections) + " connections)");
    }
    const ClientId id = m_nextClient++;
    m_connections.emplace(id, Connection{RateLimiter(m_options.burst, m_options.messagesPerSecond, now), {}, 0, 0});
    return id;
}

void ClassroomSession::disconnect(ClientId client) { m_connections.erase(client); }

std::size_t ClassroomSession::joined() const
{
    std::size_t n = 0;
    for (const auto& [id, connection] : m_connections) n += connection.token.empty() ? 0 : 1;
    return n;
}

Reply ClassroomSession::refuse(Connection& connection, const std::string& why)
{
    ++m_refused;
    Reply reply;
    reply.messages.push_back(errorMessage(why));
    reply.close = ++connection.refusals > m_options.maxRefusals;
    return reply;
}

Reply ClassroomSession::receive(ClientId client, std::string_view text, Clock::time_point now,
                                std::span<const std::uint8_t> tokenBytes)
{
    const auto it = m_connections.find(client);
    if (it == m_connections.end()) return {{}, true};
    Connection& connection = it->second;
    if (!connection.limiter.allow(now)) return refuse(connection, "too many messages: wait a moment and try again");
    auto message = parseClientMessage(text);
    if (!message) return refuse(connection, message.error().message);
    if (message->join) return join(client, connection, *message->join, now, tokenBytes);
    return answer(connection, *message->answer);
}

Reply ClassroomSession::join(ClientId client, Connection& connection, const JoinMessage& message, Clock::time_point now,
                             std::span<const std::uint8_t> tokenBytes)
{
    if (!connection.token.empty()) return refuse(connection, "already joined");
    // A wrong code counts against the connection and the whole session, so that guessing stays slow
    // however many connections a guesser opens; while the session's allowance is spent no code is
    // tried at all, so a guess learns nothing then.
    const bool spent = !m_wrongCodes.available(now);
    if (spent || !codeMatches(m_code, message.code)) {
        if (!spent) m_wrongCodes.allow(now);
        ++m_refused;
        Reply reply;
        reply.messages.push_back(errorMessage(spent ? "too many wrong codes in this room: wait a moment and try again"
                                                    : "wrong code: check the code on the screen"));
        reply.close = ++connection.wrongCodes >= m_options.maxWrongCodes;
        return reply;
    }
    std::string token = message.token;
    const bool known = isClientToken(token) && m_students.contains(token);
    bool inUse = false;
    for (const auto& [id, other] : m_connections) inUse = inUse || (id != client && other.token == token);
    if (!known || inUse) {
        if (m_students.size() >= m_options.maxStudents) {
            Reply reply = refuse(connection, "the session is full");
            reply.close = true;
            return reply;
        }
        token = makeClientToken(tokenBytes);
        m_students.emplace(token, std::string());
    }
    if (m_options.nicknames && !message.nickname.empty()) m_students[token] = message.nickname;
    connection.token = token;
    Reply reply;
    reply.messages.push_back(joinedMessage(token, m_options.nicknames));
    reply.messages.push_back(questionFor(token));
    if (current() != nullptr && current()->revealed) reply.messages.push_back(revealFor(token));
    return reply;
}

Reply ClassroomSession::answer(Connection& connection, const AnswerMessage& message)
{
    if (connection.token.empty()) return refuse(connection, "join with the session's code first");
    if (m_questions.empty() || m_questions.back().id != message.question) return refuse(connection, "that question is closed");
    AskedQuestion& asked = m_questions.back();
    if (asked.revealed) return refuse(connection, "the answer has been revealed: no more answers");
    auto graded = gradeAnswer(asked.question, message.answer, m_context);
    if (!graded) return refuse(connection, graded.error().message);
    const std::string& nickname = m_students[connection.token];
    asked.answers[connection.token] = RecordedAnswer{nickname, message.answer, *graded};
    connection.refusals = 0;
    return {{receivedMessage(asked.id, graded->text)}, false};
}

std::string ClassroomSession::questionFor(const std::string& token) const
{
    if (m_questions.empty()) return waitingMessage();
    const AskedQuestion& asked = m_questions.back();
    const auto mine = asked.answers.find(token);
    return questionMessage(asked.id, kindName(asked.question.kind), asked.question.text, asked.question.unit,
                           asked.question.options, mine == asked.answers.end() ? std::string() : mine->second.graded.text);
}

std::string ClassroomSession::revealFor(const std::string& token) const
{
    const AskedQuestion& asked = m_questions.back();
    const auto mine = asked.answers.find(token);
    const bool answered = mine != asked.answers.end();
    const bool correct = answered && mine->second.graded.correct;
    const int mistake = answered ? mine->second.graded.mistake : -1;
    return revealMessage(asked.id, asked.question.expectedText, answered, correct,
                         mistake >= 0 ? asked.question.mistakes[static_cast<std::size_t>(mistake)].message : std::string());
}

std::vector<Outgoing> ClassroomSession::ask(Question question)
{
    const int id = m_questions.empty() ? 1 : m_questions.back().id + 1;
    m_questions.push_back(AskedQuestion{id, std::move(question), {}, false, std::nullopt, {}});
    std::vector<Outgoing> out;
    for (const auto& [client, connection] : m_connections) {
        if (!connection.token.empty()) out.push_back({client, questionFor(connection.token)});
    }
    return out;
}

std::vector<Outgoing> ClassroomSession::reveal()
{
    std::vector<Outgoing> out;
    if (m_questions.empty() || m_questions.back().revealed) return out;
    m_questions.back().revealed = true;
    for (const auto& [client, connection] : m_connections) {
        if (!connection.token.empty()) out.push_back({client, revealFor(connection.token)});
    }
    return out;
}

void ClassroomSession::setMeasured(double value, std::string label)
{
    if (m_questions.empty()) return;
    m_questions.back().measured = value;
    m_questions.back().measuredLabel = std::move(label);
}

std::vector<Outgoing> ClassroomSession::close()
{
    std::vector<Outgoing> out;
    for (const auto& [client, connection] : m_connections) out.push_back({client, closedMessage()});
    return out;
}

Tally ClassroomSession::tally() const
{
    if (m_questions.empty()) return {};
    const AskedQuestion& asked = m_questions.back();
    return tallyAnswers(asked.question, asked.graded(), asked.revealed, asked.measured, asked.measuredLabel);
}

} // namespace accelscope::labs::classroom
