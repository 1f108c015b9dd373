// SPDX-License-Identifier: MIT
// A classroom session without any network: clients connect, send text messages and get replies;
// the teacher asks a question, reveals it and marks a measured value. The server (app/gui/classroom)
// only carries the texts; every rule (code, limits, grading, one answer per student) is here.
#pragma once

#include "labs/classroom/answer_tally.hpp"
#include "labs/classroom/classroom_question.hpp"
#include "labs/classroom/client_message.hpp"
#include "labs/classroom/rate_limiter.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace accelscope::labs::classroom {

/// The limits of a session. Defaults: a room of up to 200 students (each phone a connection),
/// 8 messages at once then 2 per second per connection, 3 wrong codes per connection and 20 per
/// second for the whole session.
struct SessionOptions {
    bool nicknames = false;          ///< ask for and keep a nickname; off: no name is stored
    std::size_t maxConnections = 400;
    std::size_t maxStudents = 1000;  ///< tokens handed out (reconnects keep theirs)
    double burst = 8;
    double messagesPerSecond = 2;
    int maxWrongCodes = 3;
    double wrongCodesPerSecond = 20;
    int maxRefusals = 20;            ///< refused messages (malformed, flooding) before the connection is closed
};

using ClientId = std::uint64_t;
using Clock = RateLimiter::Clock;

/// What to send to one connection, and whether to close it afterwards.
struct Reply {
    std::vector<std::string> messages;
    bool close = false;
};

/// A message for one client.
struct Outgoing {
    ClientId client = 0;
    std::string text;
};

/// One answer kept for the export.
struct RecordedAnswer {
    std::string nickname; ///< empty unless the session keeps nicknames
    std::string typed;    ///< as the student sent it
    GradedAnswer graded;
};

/// A question asked in this session, with its answers (one per student, the last one counts).
struct AskedQuestion {
    int id = 0;
    Question question;
    std::map<std::string, RecordedAnswer> answers; ///< by client token
    bool revealed = false;
    std::optional<double> measured;
    std::string measuredLabel;
    std::vector<GradedAnswer> graded() const;
};

class ClassroomSession {
public:
    /// `code` from makeSessionCode; `context` is what questions are graded against and must
    /// outlive the session.
    ClassroomSession(std::string code, const guided::LessonContext& context, SessionOptions options, Clock::time_point start);

    const std::string& code() const { return m_code; }
    const SessionOptions& options() const { return m_options; }

    /// A new connection, or an error when the session has maxConnections already.
    models::Result<ClientId> connect(Clock::time_point now);
    /// The connection is gone; its student's answers stay.
    void disconnect(ClientId client);
    /// A message from a connection. `tokenBytes`: 16 random bytes, used when a join needs a new token.
    Reply receive(ClientId client, std::string_view text, Clock::time_point now, std::span<const std::uint8_t> tokenBytes);

    /// Asks a question: it becomes the current one (the previous one closes). Returns the message
    /// for every joined connection.
    std::vector<Outgoing> ask(Question question);
    /// Reveals the current question: no more answers; each joined connection learns the right
    /// answer and whether its own was right. Nothing when no question is open.
    std::vector<Outgoing> reveal();
    /// Marks a measured value (in the question's unit) on the current question's histogram.
    void setMeasured(double value, std::string label);
    /// The closing message for every connection (the server sends them, then closes).
    std::vector<Outgoing> close();

    const AskedQuestion* current() const { return m_questions.empty() ? nullptr : &m_questions.back(); }
    const std::vector<AskedQuestion>& questions() const { return m_questions; }
    /// The current question's bars (empty when none).
    Tally tally() const;
    std::size_t connections() const { return m_connections.size(); }
    std::size_t joined() const;
    /// Messages refused so far (malformed, too large, too fast, wrong code, closed question).
    std::size_t refused() const { return m_refused; }

private:
    struct Connection {
        RateLimiter limiter;
        std::string token; ///< empty until joined
        int wrongCodes = 0;
        int refusals = 0;
    };
    Reply refuse(Connection& connection, const std::string& why);
    Reply join(ClientId client, Connection& connection, const JoinMessage& message, Clock::time_point now,
               std::span<const std::uint8_t> tokenBytes);
    Reply answer(Connection& connection, const AnswerMessage& message);
    std::string questionFor(const std::string& token) const;
    std::string revealFor(const std::string& token) const;

    std::string m_code;
    const guided::LessonContext& m_context;
    SessionOptions m_options;
    RateLimiter m_wrongCodes;
    std::map<ClientId, Connection> m_connections;
    std::map<std::string, std::string> m_students; ///< token → nickname (empty without nicknames)
    std::vector<AskedQuestion> m_questions;
    ClientId m_nextClient = 1;
    std::size_t m_refused = 0;
};

} // namespace accelscope::labs::classroom
