// SPDX-License-Identifier: MIT
// Classroom mode under load, measured (docs/classroom.md): the projector panel on screen with a
// session on loopback, N WebSocket students (default 100) join and answer within about a second, while
// the panel is repainted every 16 ms. Prints the paint times (median, 99th percentile, worst), the
// longest gap between two paints, the answers counted and the process's resident memory before and
// after. A bench program: not a ctest entry (timings are not asserted anywhere).
//   classroom_load_probe [students] [--size WxH] [--font-scale S] [--presenter] [--screenshot FILE]
#include "app/gui/classroom/classroom_panel.hpp"
#include "app/gui/classroom/classroom_server.hpp"
#include "app/gui/theme.hpp"
#include "labs/guided/lesson.hpp"

#include <QApplication>
#include <QComboBox>
#include <QElapsedTimer>
#include <QEvent>
#include <QFile>
#include <QTimer>
#include <QWebSocket>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <memory>
#include <vector>

namespace {

constexpr std::string_view lessonText = R"(---
id: load
title: Load probe
minutes: 5
prerequisites: []
---
## Intensity

```check
kind: number
question: What is the arithmetic intensity of a 4096³ BF16 GEMM?
answer: 4096 / 3
tolerance: 0.5%
unit: FLOP/byte
mistakes:
- 4096 / 3 * 2 -> "That counts one byte per element; BF16 takes two."
- 4096 / 6 -> "That counts a multiply-add as one FLOP; it is two."
explanation: N/3.
```
)";

long residentKiB(const char* key)
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly)) return -1;
    for (const QByteArray& line : status.readAll().split('\n')) {
        if (line.startsWith(key)) return line.mid(static_cast<qsizetype>(std::strlen(key))).trimmed().split(' ').first().toLong();
    }
    return -1;
}

} // namespace

int main(int argc, char** argv)
{
    using namespace accelscope;
    QApplication app(argc, argv);
    int students = 100;
    QSize size(1280, 800);
    double fontScale = 1.0;
    QString screenshot;
    bool presenter = false;
    for (int i = 1; i < argc; ++i) {
        const QString a = QString::fromLocal8Bit(argv[i]);
        if (a == "--size" && i + 1 < argc) {
            const auto parts = QString::fromLocal8Bit(argv[++i]).split('x');
            size = QSize(parts.value(0).toInt(), parts.value(1).toInt());
        } else if (a == "--font-scale" && i + 1 < argc) {
            fontScale = QString::fromLocal8Bit(argv[++i]).toDouble();
        } else if (a == "--presenter") {
            presenter = true;
        } else if (a == "--screenshot" && i + 1 < argc) {
            screenshot = QString::fromLocal8Bit(argv[++i]);
        } else {
            students = a.toInt();
        }
    }
    // As presenter mode shows it: the high-contrast theme at the chosen text size.
    gui::applyTheme(app, presenter ? gui::Theme::HighContrast : gui::Theme::Light, fontScale);
    const long before = residentKiB("VmRSS:");
    const labs::guided::LessonContext context;
    const auto lesson = labs::guided::parseLesson(lessonText, "load.md");
    gui::ClassroomServer server(context);
    gui::ClassroomPanel panel(
        server, [&]() { return labs::classroom::questionFromStep(*lesson, 0, context); }, [] { return false; });
    panel.addresses()->setCurrentText(QStringLiteral("127.0.0.1"));
    panel.resize(size);
    panel.show();
    if (!panel.startSession()) return 1;
    panel.askCurrent();
    // Paint timing: the panel's whole repaint (every child) measured with grab() every 16 ms.
    std::vector<double> paintMs;
    double worstGapMs = 0;
    QElapsedTimer sinceLast;
    sinceLast.start();
    QTimer frames;
    QObject::connect(&frames, &QTimer::timeout, [&] {
        worstGapMs = std::max(worstGapMs, static_cast<double>(sinceLast.nsecsElapsed()) / 1e6);
        sinceLast.restart();
        QElapsedTimer t;
        t.start();
        panel.repaint();
        paintMs.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
    });
    std::vector<std::unique_ptr<QWebSocket>> sockets;
    const QUrl url(QStringLiteral("ws://127.0.0.1:%1/ws").arg(server.port()));
    int answered = 0;
    for (int i = 0; i < students; ++i) {
        auto socket = std::make_unique<QWebSocket>();
        QWebSocket* s = socket.get();
        QObject::connect(s, &QWebSocket::connected, [s, &server] {
            s->sendTextMessage(QStringLiteral(R"({"type":"join","code":"%1"})").arg(server.displayCode()));
        });
        QObject::connect(s, &QWebSocket::textMessageReceived, [s, i, &answered](const QString& text) {
            if (text.contains(R"("type":"question")")) {
                // Spread over the right answer, the two declared mistakes and some other values.
                const char* values[] = {"1365", "1370", "2731", "682.7", "1000", "1360"};
                s->sendTextMessage(QStringLiteral(R"({"type":"answer","question":1,"answer":"%1"})").arg(values[i % 6]));
            } else if (text.contains(R"("type":"received")")) {
                ++answered;
            }
        });
        sockets.push_back(std::move(socket));
    }
    QElapsedTimer wall;
    wall.start();
    frames.start(16);
    for (auto& s : sockets) s->open(url);
    while (answered < students && wall.elapsed() < 30000) QApplication::processEvents(QEventLoop::AllEvents, 5);
    const double answerMs = static_cast<double>(wall.nsecsElapsed()) / 1e6;
    while (static_cast<double>(wall.elapsed()) < answerMs + 300) QApplication::processEvents(QEventLoop::AllEvents, 5);
    frames.stop();
    panel.reveal();
    QApplication::processEvents();
    if (!screenshot.isEmpty()) {
        for (int i = 0; i < 30; ++i) QApplication::processEvents(QEventLoop::AllEvents, 10);
        panel.grab().save(screenshot);
    }
    std::sort(paintMs.begin(), paintMs.end());
    const auto at = [&](double p) { return paintMs.empty() ? 0.0 : paintMs[static_cast<std::size_t>(p * static_cast<double>(paintMs.size() - 1))]; };
    std::printf("students %d, answers counted %d (session: %d), all answered after %.0f ms\n", students, answered,
                server.session()->tally().answers, answerMs);
    std::printf("panel repaints %zu: median %.2f ms, p99 %.2f ms, worst %.2f ms; longest gap between repaints %.1f ms\n",
                paintMs.size(), at(0.5), at(0.99), paintMs.empty() ? 0.0 : paintMs.back(), worstGapMs);
    std::printf("resident memory: %ld KiB before, %ld KiB after, peak %ld KiB\n", before, residentKiB("VmRSS:"), residentKiB("VmHWM:"));
    server.stop();
    return answered == students ? 0 : 2;
}
