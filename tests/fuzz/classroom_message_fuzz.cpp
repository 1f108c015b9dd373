// SPDX-License-Identifier: MIT
// libFuzzer target: a student's message to a classroom session (issue #31), parsed alone and then
// handed to a session with an open number question, as the server does with every WebSocket text.
#include "labs/classroom/classroom_session.hpp"
#include "labs/classroom/client_message.hpp"
#include "labs/guided/lesson.hpp"
#include "tests/fuzz/fuzz_support.hpp"

#include <array>
#include <cstdlib>

namespace {

constexpr std::string_view lessonText = R"(---
id: fuzz
title: Fuzz
minutes: 5
prerequisites: []
---
## Number

```check
kind: number
question: How much?
answer: 4096 / 3
tolerance: 1%
unit: FLOP/byte
mistakes:
- 4096 / 6 -> "Half."
```
)";

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace accelscope::labs;
    const std::string_view text = accelscope::fuzz::textOf(data, size);
    accelscope::fuzz::requireOneLine(classroom::parseClientMessage(text));

    // The lesson and its question are the same for every input: parsed once (it was most of the time).
    static const guided::LessonContext context;
    static const auto question = classroom::questionFromStep(*guided::parseLesson(lessonText, "fuzz.md"), 0, context).value();
    const auto t0 = classroom::Clock::time_point{};
    classroom::ClassroomSession session("K7QM4XRT2B", context, {}, t0);
    session.ask(question);
    const auto client = session.connect(t0).value();
    const std::array<std::uint8_t, 16> token{};
    session.receive(client, R"({"type":"join","code":"K7QM4XRT2B"})", t0, token);
    const auto reply = session.receive(client, text, t0, token);
    // Every reply is one JSON line; the tally still adds up.
    for (const auto& message : reply.messages) {
        if (message.empty() || message.find('\n') != std::string::npos) std::abort();
    }
    if (session.tally().answers > 1) std::abort();
    return 0;
}
