// SPDX-License-Identifier: MIT
// Classroom mode without a network: codes, the message parser, the rate limit, questions from lesson
// checks graded by the lesson engine, the bars, the session's rules, the CSV and the figure.
#include "labs/classroom/answer_tally.hpp"
#include "labs/classroom/classroom_export.hpp"
#include "labs/classroom/classroom_session.hpp"
#include "labs/classroom/client_message.hpp"
#include "labs/classroom/session_code.hpp"
#include "labs/guided/lesson_engine.hpp"
#include "labs/guided/lessons_directory.hpp"
#include "models/common/number_text.hpp"

#include "tests/support/lesson_test_context.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <array>
#include <numeric>

using namespace accelscope::labs::classroom;
namespace guided = accelscope::labs::guided;
using Json = nlohmann::json;

namespace {

// A lesson whose numbers need no catalog: a square BF16 GEMM of N = 4096 has 2·N³ FLOPs over
// 3·N²·2 bytes, N/3 = 1365.33 FLOP/byte; its declared mistakes are twice (one byte per element),
// half (a multiply-add as one FLOP) and 3/2 of it (A and B only).
constexpr std::string_view lessonText = R"(---
id: room
title: Room test
minutes: 5
prerequisites: []
---
# Room

## Intensity

```check
kind: number
question: What is the arithmetic intensity of a {{ 4096 | ,0 }}³ BF16 GEMM?
answer: 4096 / 3
tolerance: 0.5%
unit: FLOP/byte
mistakes:
- 4096 / 3 * 2 -> "That counts one byte per element; BF16 takes two."
- 4096 / 6 -> "That counts a multiply-add as one FLOP; it is two."
- 4096 / 2 -> "That counts A and B only. The result C is written too."
explanation: N/3.
```

## Bound

```check
kind: choice
question: A GEMV in BF16 on an H100 is
options:
- compute bound
- memory bound
- <b>neither</b>
answer: 2
mistakes:
- 1 -> "Count the FLOPs per byte first."
explanation: About 1 FLOP/byte.
```

## Prose only

Nothing to ask.
)";

guided::Lesson roomLesson()
{
    auto lesson = guided::parseLesson(lessonText, "room.md");
    REQUIRE(lesson.has_value());
    return *lesson;
}

const guided::LessonContext& emptyContext()
{
    static const guided::LessonContext context; // no devices: the test lesson computes plain numbers
    return context;
}

std::array<std::uint8_t, 16> bytes(std::uint8_t seed)
{
    std::array<std::uint8_t, 16> out{};
    std::iota(out.begin(), out.end(), seed);
    return out;
}

Json parsed(const std::string& text) { return Json::parse(text); }

} // namespace

TEST_CASE("a long mistake message is cut to its first sentence for a bin label")
{
    CHECK(shortLabel("That is 2^16. Count again.") == "That is 2^16.");
    CHECK(shortLabel("That counts one byte per element; BF16 takes two bytes per element, so halve it") ==
          "That counts one byte per element; BF16 takes two bytes per elem…");
    CHECK(shortLabel("ÄÖÜ äöü", 4) == "ÄÖÜ…");
}

TEST_CASE("a session code takes five unbiased bits per character from the random bytes")
{
    // 0x00..0x06: bits 00000000 00000001 00000010 00000011 00000100 00000101 00000110 → groups of 5:
    // 00000 00000 00000 10000 00100 00000 11000 00100 00000 10100 (+6 unused) → 0 0 0 G 4 0 R 4 0 M
    // (Crockford: G is 16, R 24, M 20).
    const std::array<std::uint8_t, 7> random{0, 1, 2, 3, 4, 5, 6};
    CHECK(makeSessionCode(random) == "000G40R40M");
    CHECK(displayCode("000G40R40M") == "000G4-0R40M");
    const std::array<std::uint8_t, 7> ones{255, 255, 255, 255, 255, 255, 255};
    CHECK(makeSessionCode(ones) == "ZZZZZZZZZZ");
}

TEST_CASE("a typed code is read forgivingly but a wrong one never matches")
{
    CHECK(codeMatches("K7QM4XRT2B", "k7qm4-xrt2b"));
    CHECK(codeMatches("K7QM40R11B", " k7qm4 OR ILb "));
    CHECK_FALSE(codeMatches("K7QM4XRT2B", "K7QM4XRT2C"));
    CHECK_FALSE(codeMatches("K7QM4XRT2B", "K7QM4XRT2"));
    CHECK_FALSE(codeMatches("K7QM4XRT2B", ""));
    CHECK(isClientToken(makeClientToken(bytes(7))));
    CHECK(makeClientToken(bytes(0)) == "000102030405060708090a0b0c0d0e0f");
    CHECK_FALSE(isClientToken("000102030405060708090A0B0C0D0E0F"));
}

TEST_CASE("the message parser accepts a join and an answer and names the field of anything else")
{
    const auto join = parseClientMessage(R"({"type":"join","code":"K7QM4-XRT2B","nickname":"Ann"})");
    REQUIRE(join.has_value());
    REQUIRE(join->join.has_value());
    CHECK(join->join->code == "K7QM4-XRT2B");
    CHECK(join->join->nickname == "Ann");
    const auto answer = parseClientMessage(R"({"type":"answer","question":3,"answer":"1365 FLOP/byte"})");
    REQUIRE(answer.has_value());
    REQUIRE(answer->answer.has_value());
    CHECK(answer->answer->question == 3);
    CHECK(answer->answer->answer == "1365 FLOP/byte");

    const std::vector<std::pair<std::string, std::string>> refused{
        {"", "message: not JSON (or not UTF-8)"},
        {"[1,2]", "message: not a JSON object"},
        {R"({"type":"vote"})", "type: neither join nor answer"},
        {R"({"code":"x"})", "type: missing"},
        {R"({"type":"join"})", "code: missing"},
        {R"({"type":"join","code":5})", "code: not a string"},
        {R"({"type":"join","code":"x","admin":true})", "unknown field 'admin'"},
        {R"({"type":"answer","question":"1","answer":"2"})", "question: not a question number"},
        {R"({"type":"answer","question":0,"answer":"2"})", "question: not a question number"},
        {R"({"type":"answer","question":1.5,"answer":"2"})", "question: not a question number"},
        {R"({"type":"answer","question":1,"answer":")" + std::string(65, '9') + "\"}", "answer: longer than 64 bytes"},
        {R"({"type":"answer","question":1,"answer":"1\u0000"})", "answer: holds a control character"},
        {R"({"type":"join","code":"x","nickname":"\u001b[31mred"})", "nickname: holds a control character"},
        {"{\"type\":\"join\",\"code\":\"\xff\"}", "message: not JSON (or not UTF-8)"},
        {std::string(1025, ' '), "message: longer than 1024 bytes"},
    };
    for (const auto& [text, message] : refused) {
        INFO(text.substr(0, 80));
        const auto result = parseClientMessage(text);
        REQUIRE_FALSE(result.has_value());
        CHECK(result.error().message == message);
    }
}

TEST_CASE("server messages escape what they carry")
{
    const std::string text = questionMessage(2, "choice", "</script><b>\"q\"", "", {"a\nb"}, "");
    const Json json = parsed(text);
    CHECK(json["text"] == "</script><b>\"q\"");
    CHECK(json["options"][0] == "a\nb");
    CHECK(text.find('\n') == std::string::npos);
    CHECK(parsed(errorMessage("x\"y"))["message"] == "x\"y");
}

TEST_CASE("the rate limiter allows a burst, then the steady rate")
{
    const auto t0 = RateLimiter::Clock::time_point{};
    RateLimiter limiter(3, 2, t0);
    CHECK(limiter.allow(t0));
    CHECK(limiter.allow(t0));
    CHECK(limiter.allow(t0));
    CHECK_FALSE(limiter.allow(t0));
    // 2 per second: one more after 0.5 s, none at 0.6 s, the burst is full again after 1.5 s.
    CHECK(limiter.allow(t0 + std::chrono::milliseconds(500)));
    CHECK_FALSE(limiter.allow(t0 + std::chrono::milliseconds(600)));
    const auto later = t0 + std::chrono::seconds(10);
    CHECK(limiter.allow(later));
    CHECK(limiter.allow(later));
    CHECK(limiter.allow(later));
    CHECK_FALSE(limiter.allow(later));
}

TEST_CASE("a number check becomes a question graded with its tolerance and declared mistakes")
{
    const auto lesson = roomLesson();
    const auto question = questionFromStep(lesson, 0, emptyContext());
    REQUIRE(question.has_value());
    CHECK(question->text == "What is the arithmetic intensity of a 4,096³ BF16 GEMM?");
    CHECK(question->unit == "FLOP/byte");
    CHECK_THAT(question->expectedValue, Catch::Matchers::WithinRel(4096.0 / 3, 1e-12));
    CHECK(question->expectedText == "1,365 FLOP/byte");
    REQUIRE(question->mistakes.size() == 3);
    CHECK(question->mistakes[2].label == "That counts A and B only.");

    // 0.5% of 1365.33 is 6.8: 1360 is right, 1350 is not.
    CHECK(gradeAnswer(*question, "1360", emptyContext())->correct);
    CHECK(gradeAnswer(*question, "1,365.3 FLOP/byte", emptyContext())->correct);
    const auto near = gradeAnswer(*question, "1350", emptyContext());
    CHECK_FALSE(near->correct);
    CHECK(near->mistake == -1);
    const auto doubled = gradeAnswer(*question, "2731", emptyContext());
    CHECK_FALSE(doubled->correct);
    CHECK(doubled->mistake == 0);
    CHECK(doubled->text == "2,731 FLOP/byte");
    CHECK(gradeAnswer(*question, "682.7", emptyContext())->mistake == 1);
    const auto unit = gradeAnswer(*question, "1365 GB", emptyContext());
    REQUIRE_FALSE(unit.has_value());
    CHECK(unit.error().message == "'1365 GB': this question is answered in FLOP/byte, not 'GB'; give the number in FLOP/byte");
    CHECK(gradeAnswer(*question, "lots", emptyContext()).error().message == "'lots' is not a number (in FLOP/byte)");
}

TEST_CASE("a choice check becomes a question answered by the option's number")
{
    const auto lesson = roomLesson();
    const auto question = questionFromStep(lesson, 1, emptyContext());
    REQUIRE(question.has_value());
    CHECK(question->kind == guided::CheckKind::Choice);
    CHECK(question->options == std::vector<std::string>{"compute bound", "memory bound", "<b>neither</b>"});
    CHECK(question->expectedText == "memory bound");
    CHECK(gradeAnswer(*question, "2", emptyContext())->correct);
    CHECK(gradeAnswer(*question, "1", emptyContext())->mistake == 0);
    CHECK(gradeAnswer(*question, "3", emptyContext())->mistake == -1);
    CHECK(gradeAnswer(*question, "4", emptyContext()).error().message == "choose an option from 1 to 3");
    CHECK(gradeAnswer(*question, "memory bound", emptyContext()).error().message == "choose an option from 1 to 3");
    CHECK(questionFromStep(lesson, 2, emptyContext()).error().message ==
          "room.md:" + std::to_string(lesson.steps[2].line) + ": step 'Prose only' has no check to ask");
    CHECK(questionFromStep(lesson, 3, emptyContext()).error().message == "room: no step 4 (it has 3)");
}

TEST_CASE("every number and choice check of the bundled lessons can be asked and its right answer counts as right")
{
    const auto context = accelscope::tests::lessonTestContext();
    const auto course = guided::loadCourse(guided::lessonsDirectory(ACCELSCOPE_TEST_BIN_DIR), context);
    REQUIRE(course.skipped.empty());
    int asked = 0;
    for (const auto& lesson : course.lessons) {
        for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
            if (!askable(lesson.steps[i])) continue;
            INFO(lesson.id << " step " << i + 1);
            const auto question = questionFromStep(lesson, i, context);
            REQUIRE(question.has_value());
            const std::string right = question->kind == guided::CheckKind::Choice ? std::to_string(static_cast<int>(question->expectedValue))
                                                                                  : accelscope::models::exactText(question->expectedValue);
            const auto graded = gradeAnswer(*question, right, context);
            REQUIRE(graded.has_value());
            CHECK(graded->correct);
            ++asked;
        }
    }
    CHECK(asked > 40);
}

TEST_CASE("choice bars count each option and mark the right one and the mistakes only after the reveal")
{
    const auto question = questionFromStep(roomLesson(), 1, emptyContext()).value();
    std::vector<GradedAnswer> answers;
    for (const char* a : {"2", "2", "1", "3", "2"}) answers.push_back(gradeAnswer(question, a, emptyContext()).value());
    const Tally hidden = tallyAnswers(question, answers, false);
    REQUIRE(hidden.bins.size() == 3);
    CHECK(hidden.bins[0].count == 1);
    CHECK(hidden.bins[1].count == 3);
    CHECK(hidden.bins[2].count == 1);
    CHECK_FALSE(hidden.bins[1].right);
    CHECK(hidden.bins[0].mistakes.empty());
    CHECK(hidden.right == 0);
    const Tally shown = tallyAnswers(question, answers, true);
    CHECK(shown.bins[1].right);
    CHECK(shown.bins[0].mistakes == std::vector<std::string>{"Count the FLOPs per byte first."});
    CHECK(shown.right == 3);
    CHECK(shown.perMistake == std::vector<int>{1});
    CHECK(shown.other == 1);
}

TEST_CASE("a number histogram bins the answers and marks the answer, the mistakes and the measured value after the reveal")
{
    const auto question = questionFromStep(roomLesson(), 0, emptyContext()).value();
    std::vector<GradedAnswer> answers;
    for (const char* a : {"1365", "1366", "1364", "2731", "682.7", "1000", "1365", "1365"}) {
        answers.push_back(gradeAnswer(question, a, emptyContext()).value());
    }
    const Tally hidden = tallyAnswers(question, answers, false);
    int total = 0;
    for (const auto& bin : hidden.bins) {
        total += bin.count;
        CHECK_FALSE(bin.right);
        CHECK(bin.mistakes.empty());
    }
    CHECK(total == 8);
    CHECK(hidden.bins.size() <= maxNumberBins);

    const Tally shown = tallyAnswers(question, answers, true, 1300.0, "measured");
    total = 0;
    int rightBins = 0;
    int measuredBins = 0;
    for (const auto& bin : shown.bins) {
        total += bin.count;
        rightBins += bin.right ? 1 : 0;
        measuredBins += bin.measured ? 1 : 0;
        if (bin.right) {
            CHECK(bin.low <= 4096.0 / 3);
            CHECK(bin.high > 4096.0 / 3);
            CHECK_THAT((bin.low + bin.high) / 2, Catch::Matchers::WithinRel(4096.0 / 3, 1e-9)); // centred after the reveal
            CHECK(bin.count >= 5); // the five answers within 0.5 %
        }
    }
    CHECK(total == 8);
    CHECK(rightBins == 1);
    CHECK(measuredBins == 1);
    CHECK(shown.right == 5);
    CHECK(shown.perMistake == std::vector<int>{1, 1, 0});
    CHECK(shown.other == 1);
    std::size_t labelled = 0;
    for (const auto& bin : shown.bins) labelled += bin.mistakes.size();
    CHECK(labelled == 3);
}

TEST_CASE("an outlier goes to an above bin instead of squashing the histogram")
{
    const auto question = questionFromStep(roomLesson(), 0, emptyContext()).value();
    std::vector<GradedAnswer> answers;
    for (int i = 0; i < 40; ++i) answers.push_back(gradeAnswer(question, std::to_string(1300 + i), emptyContext()).value());
    answers.push_back(gradeAnswer(question, "1e300", emptyContext()).value());
    const Tally tally = tallyAnswers(question, answers, false);
    REQUIRE(tally.bins.size() >= 3);
    CHECK(tally.bins.back().label.rfind("above ", 0) == 0);
    CHECK(tally.bins.back().count == 1);
    CHECK_FALSE(tally.logScale);
}

TEST_CASE("a session lets a student join with the code, answer once per question and learn the answer at the reveal")
{
    const auto lesson = roomLesson();
    const auto t0 = Clock::time_point{};
    ClassroomSession session("K7QM4XRT2B", emptyContext(), {}, t0);
    const ClientId client = session.connect(t0).value();
    auto reply = session.receive(client, R"({"type":"join","code":"k7qm4-xrt2b"})", t0, bytes(1));
    REQUIRE(reply.messages.size() == 2);
    CHECK(parsed(reply.messages[0])["type"] == "joined");
    CHECK(parsed(reply.messages[1])["type"] == "waiting");
    CHECK(session.joined() == 1);

    const auto sent = session.ask(questionFromStep(lesson, 0, emptyContext()).value());
    REQUIRE(sent.size() == 1);
    CHECK(parsed(sent[0].text)["id"] == 1);
    reply = session.receive(client, R"({"type":"answer","question":1,"answer":"2731"})", t0, bytes(1));
    CHECK(parsed(reply.messages.at(0))["type"] == "received");
    // A changed mind replaces the answer: one per student.
    reply = session.receive(client, R"({"type":"answer","question":1,"answer":"1365"})", t0, bytes(1));
    CHECK(parsed(reply.messages.at(0))["answer"] == "1,365 FLOP/byte");
    CHECK(session.tally().answers == 1);
    reply = session.receive(client, R"({"type":"answer","question":1,"answer":"many"})", t0, bytes(1));
    CHECK(parsed(reply.messages.at(0))["message"] == "'many' is not a number (in FLOP/byte)");
    reply = session.receive(client, R"({"type":"answer","question":7,"answer":"1"})", t0, bytes(1));
    CHECK(parsed(reply.messages.at(0))["message"] == "that question is closed");

    const auto revealed = session.reveal();
    REQUIRE(revealed.size() == 1);
    const Json reveal = parsed(revealed[0].text);
    CHECK(reveal["expected"] == "1,365 FLOP/byte");
    CHECK(reveal["correct"] == true);
    reply = session.receive(client, R"({"type":"answer","question":1,"answer":"1"})", t0 + std::chrono::seconds(9), bytes(1));
    CHECK(parsed(reply.messages.at(0))["message"] == "the answer has been revealed: no more answers");
    CHECK(session.tally().right == 1);
    CHECK(parsed(session.close().at(0).text)["type"] == "closed");
}

TEST_CASE("a page that reconnects with its token keeps its answer")
{
    const auto t0 = Clock::time_point{};
    ClassroomSession session("K7QM4XRT2B", emptyContext(), {}, t0);
    session.ask(questionFromStep(roomLesson(), 1, emptyContext()).value());
    const ClientId first = session.connect(t0).value();
    const auto joined = session.receive(first, R"({"type":"join","code":"K7QM4XRT2B"})", t0, bytes(3));
    const std::string token = parsed(joined.messages[0])["token"];
    session.receive(first, R"({"type":"answer","question":1,"answer":"2"})", t0, bytes(3));
    session.disconnect(first);
    const ClientId again = session.connect(t0).value();
    const auto back = session.receive(again, R"({"type":"join","code":"K7QM4XRT2B","token":")" + token + "\"}", t0, bytes(4));
    CHECK(parsed(back.messages[0])["token"] == token);
    CHECK(parsed(back.messages[1])["answer"] == "memory bound");
    CHECK(session.tally().answers == 1);
}

TEST_CASE("wrong codes, floods and junk are refused and close the connection while the session goes on")
{
    const auto t0 = Clock::time_point{};
    ClassroomSession session("K7QM4XRT2B", emptyContext(), {}, t0);
    session.ask(questionFromStep(roomLesson(), 1, emptyContext()).value());
    const ClientId good = session.connect(t0).value();
    session.receive(good, R"({"type":"join","code":"K7QM4XRT2B"})", t0, bytes(1));

    const ClientId guesser = session.connect(t0).value();
    auto reply = session.receive(guesser, R"({"type":"join","code":"AAAAAAAAAA"})", t0, bytes(2));
    CHECK(parsed(reply.messages.at(0))["message"] == "wrong code: check the code on the screen");
    CHECK_FALSE(reply.close);
    session.receive(guesser, R"({"type":"join","code":"AAAAAAAAAB"})", t0, bytes(2));
    reply = session.receive(guesser, R"({"type":"join","code":"AAAAAAAAAC"})", t0, bytes(2));
    CHECK(reply.close); // the third wrong code
    reply = session.receive(guesser, R"({"type":"answer","question":1,"answer":"2"})", t0, bytes(2));
    CHECK(parsed(reply.messages.at(0))["message"] == "join with the session's code first");

    const ClientId flooder = session.connect(t0).value();
    bool closed = false;
    int refusedFast = 0;
    for (int i = 0; i < 100 && !closed; ++i) {
        reply = session.receive(flooder, "{}", t0, bytes(3));
        if (!reply.messages.empty() && parsed(reply.messages[0])["message"] == "too many messages: wait a moment and try again") ++refusedFast;
        closed = reply.close;
    }
    CHECK(closed);
    CHECK(refusedFast > 0);

    // Many connections guessing: the session's allowance of wrong codes runs out, and then even
    // the right code is not tried until time passes.
    for (int i = 0; i < 30; ++i) {
        const ClientId g = session.connect(t0).value();
        session.receive(g, R"({"type":"join","code":"BBBBBBBBBB"})", t0, bytes(4));
        session.disconnect(g);
    }
    const ClientId late = session.connect(t0).value();
    reply = session.receive(late, R"({"type":"join","code":"K7QM4XRT2B"})", t0, bytes(5));
    CHECK(parsed(reply.messages.at(0))["message"] == "too many wrong codes in this room: wait a moment and try again");
    reply = session.receive(late, R"({"type":"join","code":"K7QM4XRT2B"})", t0 + std::chrono::seconds(2), bytes(5));
    CHECK(parsed(reply.messages.at(0))["type"] == "joined");

    reply = session.receive(good, R"({"type":"answer","question":1,"answer":"2"})", t0, bytes(1));
    CHECK(parsed(reply.messages.at(0))["type"] == "received");
    CHECK(session.tally().answers == 1);
    CHECK(session.refused() > 30);
}

TEST_CASE("a full session refuses a new connection")
{
    const auto t0 = Clock::time_point{};
    SessionOptions options;
    options.maxConnections = 2;
    ClassroomSession session("K7QM4XRT2B", emptyContext(), options, t0);
    CHECK(session.connect(t0).has_value());
    CHECK(session.connect(t0).has_value());
    CHECK(session.connect(t0).error().message == "the session is full (2 connections)");
}

TEST_CASE("nicknames are kept only when the session asks for them")
{
    const auto t0 = Clock::time_point{};
    for (const bool nicknames : {false, true}) {
        SessionOptions options;
        options.nicknames = nicknames;
        ClassroomSession session("K7QM4XRT2B", emptyContext(), options, t0);
        session.ask(questionFromStep(roomLesson(), 1, emptyContext()).value());
        const ClientId client = session.connect(t0).value();
        session.receive(client, R"({"type":"join","code":"K7QM4XRT2B","nickname":"Zed=1+1"})", t0, bytes(1));
        session.receive(client, R"({"type":"answer","question":1,"answer":"1"})", t0, bytes(1));
        const std::string csv = sessionCsv(session.questions(), nicknames);
        CHECK((csv.find("Zed") != std::string::npos) == nicknames);
        if (nicknames) CHECK(csv.find("'Zed=1+1") == std::string::npos); // starts with Z: no formula guard needed
        CHECK(csv.find("1,room,2,choice,A GEMV in BF16 on an H100 is,,memory bound,1,compute bound,1,no,no,"
                       "Count the FLOPs per byte first.\r\n") != std::string::npos);
        CHECK(csv.find("1,room,2,choice,A GEMV in BF16 on an H100 is,,memory bound,1,memory bound,0,yes,no,\r\n") != std::string::npos);
    }
}

TEST_CASE("the bars figure has a row per bin and says what was revealed")
{
    const auto question = questionFromStep(roomLesson(), 1, emptyContext()).value();
    const std::vector<GradedAnswer> answers{gradeAnswer(question, "2", emptyContext()).value(),
                                            gradeAnswer(question, "1", emptyContext()).value()};
    const auto hidden = tallyFigure(question, tallyAnswers(question, answers, false), false);
    CHECK(hidden.statistics == std::vector<std::string>{"2 answers", "not revealed yet: counts only"});
    CHECK(hidden.chart.rects.size() == 3);
    const auto shown = tallyFigure(question, tallyAnswers(question, answers, true), true);
    CHECK(shown.statistics.at(1) == "right: memory bound (1 of 2)");
    const std::string svg = accelscope::models::figure::figureSvg(shown);
    CHECK(svg.find("&lt;b&gt;neither&lt;/b&gt;") != std::string::npos);
    CHECK(svg.find("<b>neither") == std::string::npos);
}
