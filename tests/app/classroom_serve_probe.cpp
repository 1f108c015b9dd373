// SPDX-License-Identifier: MIT
// A classroom session on loopback for the browser test (tests/app/classroom_browser_test.py): prints
// {"url":…,"code":…} and then answers commands on stdin, one per line, with one JSON line each:
// "ask number", "ask choice", "reveal", "tally", "stop" (the port closes, then it exits).
#include "app/gui/classroom/classroom_server.hpp"
#include "labs/guided/lesson.hpp"

#include <QCoreApplication>
#include <QSocketNotifier>

#include <cstdio>
#include <iostream>
#include <string>

namespace {

// The numbers need no catalog: a square BF16 GEMM of N = 4096 reaches N/3 FLOP/byte.
constexpr std::string_view lessonText = R"(---
id: probe
title: Browser test
minutes: 5
prerequisites: []
---
## Intensity

```check
kind: number
question: What is the arithmetic intensity of a 4096³ BF16 GEMM? <script>alert(1)</script>
answer: 4096 / 3
tolerance: 0.5%
unit: FLOP/byte
mistakes:
- 4096 / 3 * 2 -> "That counts one byte per element; BF16 takes two."
explanation: N/3.
```

## Bound

```check
kind: choice
question: A GEMV in BF16 on an H100 is
options:
- compute bound
- memory bound
answer: 2
explanation: About 1 FLOP/byte.
```
)";

void say(const std::string& json)
{
    std::cout << json << std::endl;
}

} // namespace

int main(int argc, char** argv)
{
    using namespace accelscope;
    QCoreApplication app(argc, argv);
    const labs::guided::LessonContext context;
    const auto lesson = labs::guided::parseLesson(lessonText, "probe.md");
    gui::ClassroomServer server(context);
    if (auto started = server.start(QHostAddress::LocalHost, 0); !started) {
        std::cerr << "classroom_serve_probe: " << started.error().toStdString() << "\n";
        return 1;
    }
    say(R"({"url":")" + server.joinUrl().toString().toStdString() + R"(","code":")" + server.displayCode().toStdString() +
        R"(","port":)" + std::to_string(server.port()) + "}");
    QSocketNotifier input(0, QSocketNotifier::Read);
    QObject::connect(&input, &QSocketNotifier::activated, [&] {
        std::string line;
        if (!std::getline(std::cin, line) || line == "stop") {
            server.stop();
            say(R"({"stopped":true})");
            QCoreApplication::quit();
            return;
        }
        if (line == "ask number" || line == "ask choice") {
            server.ask(labs::classroom::questionFromStep(*lesson, line == "ask number" ? 0 : 1, context).value());
            say(R"({"asked":true})");
        } else if (line == "reveal") {
            server.reveal();
            say(R"({"revealed":true})");
        } else if (line == "tally") {
            const auto tally = server.session()->tally();
            say(R"({"answers":)" + std::to_string(tally.answers) + R"(,"joined":)" + std::to_string(server.session()->joined()) +
                R"(,"right":)" + std::to_string(tally.right) + "}");
        } else {
            say(R"({"error":"unknown command"})");
        }
    });
    return QCoreApplication::exec();
}
