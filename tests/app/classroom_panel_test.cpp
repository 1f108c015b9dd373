// SPDX-License-Identifier: MIT
// The projector panel on the Lessons page: F6 is enabled on a step with a number or choice question,
// a session runs on loopback, a student's answer fills the bars (counts only), Reveal marks the right
// answer and the declared mistake, a measured value is marked, Stop closes the port; and the panel
// fits 1024x768 and 1280x800 at text size 2.5 in the presenter theme.
#include "app/gui/classroom/classroom_panel.hpp"
#include "app/gui/classroom/classroom_server.hpp"
#include "app/gui/lessons/lesson_classroom.hpp"
#include "app/gui/lessons/lessons_page.hpp"
#include "app/gui/theme.hpp"
#include "tests/app/gui_fixture.hpp"
#include "tests/app/layout_audit.hpp"

#include "accelscope/config.hpp"

#include <catch2/catch.hpp>

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QLineEdit>
#include <QTcpSocket>
#include <QTest>
#include <QWebSocket>

using namespace accelscope;

namespace {

bool waitFor(const std::function<bool()>& done, int ms = 10000)
{
    QElapsedTimer timer;
    timer.start();
    while (!done() && timer.elapsed() < ms) QTest::qWait(5);
    return done();
}

std::string statistics(const gui::ClassroomPanel& panel)
{
    const auto figure = panel.figure(); // kept: a range-for over a temporary's member would dangle
    REQUIRE(figure.has_value());
    std::string all;
    for (const auto& line : figure->statistics) all += line + "\n";
    return all;
}

} // namespace

TEST_CASE("the Classroom panel asks the open step, counts an answer, reveals, marks a measured value and stops")
{
    tests::GuiFixture fixture;
    gui::LessonsPage page(fixture.services(), ACCELSCOPE_LESSONS_DIR);
    REQUIRE(page.openLesson("roofline"));
    auto* classroom = page.classroom();
    REQUIRE(page.menuCommands().contains(classroom->action()));
    CHECK(classroom->action()->shortcut() == QKeySequence(Qt::Key_F6));
    // Step 1 asks a number (the 4096³ GEMM's intensity), step 4 a page state: not for a room.
    CHECK(classroom->action()->isEnabled());
    page.stepBy(3);
    CHECK_FALSE(classroom->action()->isEnabled());
    page.stepBy(-3);
    CHECK(classroom->action()->isEnabled());

    gui::ClassroomPanel* panel = classroom->open();
    panel->addresses()->setCurrentText(QStringLiteral("127.0.0.1"));
    REQUIRE(panel->startSession());
    gui::ClassroomServer& server = classroom->server();
    REQUIRE(panel->askCurrent());
    QWebSocket student;
    QStringList received;
    QObject::connect(&student, &QWebSocket::textMessageReceived, [&](const QString& t) { received << t; });
    student.open(QUrl(QStringLiteral("ws://127.0.0.1:%1/ws").arg(server.port())));
    REQUIRE(waitFor([&] { return student.state() == QAbstractSocket::ConnectedState; }));
    student.sendTextMessage(QStringLiteral(R"({"type":"join","code":"%1"})").arg(server.displayCode()));
    REQUIRE(waitFor([&] { return received.size() >= 2; }));
    // Twice the intensity: the lesson's declared mistake "one byte per element".
    student.sendTextMessage(QStringLiteral(R"({"type":"answer","question":1,"answer":"2730.67"})"));
    REQUIRE(waitFor([&] { return received.size() >= 3; }));
    CHECK(received.last().contains("received"));
    CHECK(statistics(*panel) == "1 answer\nnot revealed yet: counts only\n");
    panel->reveal();
    const std::string shown = statistics(*panel);
    CHECK(shown.find("right: 1,365 FLOP/byte (0 of 1)") != std::string::npos);
    CHECK(shown.find("That counts one byte per element; BF16 takes two.: 1") != std::string::npos);
    panel->measuredField()->setText(QStringLiteral("1300 FLOP/byte"));
    CHECK(panel->markMeasured());
    CHECK(statistics(*panel).find("measured on this machine: 1,300 FLOP/byte") != std::string::npos);
    panel->measuredField()->setText(QStringLiteral("1300 GB"));
    CHECK_FALSE(panel->markMeasured());
    CHECK(panel->message().contains("answered in FLOP/byte"));

    const quint16 port = server.port();
    panel->stopSession();
    CHECK_FALSE(server.running());
    QTcpSocket probe;
    probe.connectToHost(QHostAddress::LocalHost, port);
    CHECK_FALSE(probe.waitForConnected(2000));
}

TEST_CASE("the Classroom panel fits 1024x768 and 1280x800 at text size 2.5 in the presenter theme")
{
    tests::GuiFixture fixture;
    gui::LessonsPage page(fixture.services(), ACCELSCOPE_LESSONS_DIR);
    REQUIRE(page.openLesson("roofline"));
    gui::applyTheme(*qApp, gui::Theme::HighContrast, 2.5);
    gui::ClassroomPanel* panel = page.classroom()->open();
    panel->addresses()->setCurrentText(QStringLiteral("127.0.0.1"));
    REQUIRE(panel->startSession());
    REQUIRE(panel->askCurrent());
    panel->reveal();
    for (const QSize size : {QSize(1024, 768), QSize(1280, 800)}) {
        panel->resize(size);
        // The panel redraws 100 ms after a change: wait for its layout to settle (up to 3 s on a loaded machine), not a fixed time.
        const bool settled = QTest::qWaitFor([&] { return tests::layoutProblems(*panel).empty(); }, 3000);
        CHECK(settled);
        INFO(size.width() << "x" << size.height());
        const QSize least = panel->minimumSizeHint();
        CHECK(least.width() <= size.width());
        CHECK(least.height() <= size.height());
        std::string all;
        for (const auto& p : tests::layoutProblems(*panel)) all += "\n  " + p;
        INFO("cut off:" << all);
        CHECK(all.empty());
    }
    panel->stopSession();
    gui::applyTheme(*qApp, gui::Theme::Light, 1.0);
}
