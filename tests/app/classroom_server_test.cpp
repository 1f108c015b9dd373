// SPDX-License-Identifier: MIT
// The classroom server on loopback: the page and nothing else, 100 WebSocket students all counted,
// hostile clients refused while the session goes on, and the port closed after Stop.
#include "app/gui/classroom/classroom_server.hpp"
#include "labs/classroom/client_message.hpp"
#include "labs/guided/lesson.hpp"

#include <catch2/catch.hpp>

#include <QCoreApplication>
#include <QEventLoop>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTcpSocket>
#include <QTest>
#include <QWebSocket>

#include <functional>
#include <memory>

using namespace accelscope;

namespace {

constexpr std::string_view lessonText = R"(---
id: room
title: Room
minutes: 5
prerequisites: []
---
## Bound

```check
kind: choice
question: A GEMV in BF16 is
options:
- compute bound
- memory bound
answer: 2
explanation: About 1 FLOP/byte.
```
)";

labs::classroom::Question question(const labs::guided::LessonContext& context)
{
    const auto lesson = labs::guided::parseLesson(lessonText, "room.md");
    REQUIRE(lesson.has_value());
    return labs::classroom::questionFromStep(*lesson, 0, context).value();
}

bool waitFor(const std::function<bool()>& done, int ms = 10000)
{
    QElapsedTimer timer;
    timer.start();
    while (!done() && timer.elapsed() < ms) QTest::qWait(5);
    return done();
}

/// A student's page, as a WebSocket client.
struct Student {
    std::unique_ptr<QWebSocket> socket = std::make_unique<QWebSocket>();
    QStringList received;
    bool closed = false;
    explicit Student(const QUrl& url, const QString& origin = {})
    {
        if (!origin.isEmpty()) socket = std::make_unique<QWebSocket>(origin);
        QObject::connect(socket.get(), &QWebSocket::textMessageReceived, [this](const QString& t) { received << t; });
        QObject::connect(socket.get(), &QWebSocket::disconnected, [this] { closed = true; });
        socket->open(url);
    }
    bool open() const { return socket->state() == QAbstractSocket::ConnectedState; }
    void send(const QString& text) { socket->sendTextMessage(text); }
    QString lastType() const
    {
        return received.isEmpty() ? QString() : QJsonDocument::fromJson(received.back().toUtf8()).object().value("type").toString();
    }
    QString lastMessage() const
    {
        return received.isEmpty() ? QString() : QJsonDocument::fromJson(received.back().toUtf8()).object().value("message").toString();
    }
};

QUrl wsUrl(const gui::ClassroomServer& server) { return QUrl(QStringLiteral("ws://127.0.0.1:%1/ws").arg(server.port())); }

QString joinText(const gui::ClassroomServer& server) { return QStringLiteral(R"({"type":"join","code":"%1"})").arg(server.displayCode()); }

} // namespace

TEST_CASE("the classroom server serves the student page and nothing else, and closes the port on stop")
{
    const labs::guided::LessonContext context;
    gui::ClassroomServer server(context);
    REQUIRE(server.start(QHostAddress::LocalHost, 0).has_value());
    const quint16 port = server.port();
    CHECK(server.joinUrl().toString() == QStringLiteral("http://127.0.0.1:%1/#%2").arg(port).arg(server.displayCode()));
    QNetworkAccessManager network;
    const auto get = [&](const QString& path) {
        QNetworkReply* reply = network.get(QNetworkRequest(QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(port).arg(path))));
        REQUIRE(waitFor([reply] { return reply->isFinished(); }));
        reply->deleteLater();
        return std::make_pair(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), reply);
    };
    const auto [status, page] = get("/");
    CHECK(status == 200);
    CHECK(page->rawHeader("Content-Security-Policy").contains("default-src 'none'"));
    CHECK(page->readAll().contains("Accelscope classroom"));
    for (const char* path : {"/etc/passwd", "/../CMakeLists.txt", "/%2e%2e/%2e%2e/etc/passwd", "/ws.html", "/index.html"}) {
        INFO(path);
        CHECK(get(path).first == 404);
    }
    // A request body past the limit is cut off, not read into memory; the page is still served.
    QTcpSocket flood;
    flood.connectToHost(QHostAddress::LocalHost, port);
    REQUIRE(flood.waitForConnected(5000));
    flood.write("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 4000000\r\n\r\n");
    flood.write(QByteArray(4'000'000, 'x'));
    CHECK(waitFor([&] { return flood.state() == QAbstractSocket::UnconnectedState; }));
    CHECK(get("/").first == 200);
    server.stop();
    CHECK_FALSE(server.running());
    QTcpSocket probe;
    probe.connectToHost(QHostAddress::LocalHost, port);
    CHECK_FALSE(probe.waitForConnected(2000));
    CHECK(probe.error() == QAbstractSocket::ConnectionRefusedError);
}

TEST_CASE("100 WebSocket students join and answer at once and every answer is counted")
{
    const labs::guided::LessonContext context;
    gui::ClassroomServer server(context);
    labs::classroom::SessionOptions options;
    REQUIRE(server.start(QHostAddress::LocalHost, 0, options).has_value());
    std::vector<std::unique_ptr<Student>> students;
    for (int i = 0; i < 100; ++i) students.push_back(std::make_unique<Student>(wsUrl(server)));
    REQUIRE(waitFor([&] { return std::all_of(students.begin(), students.end(), [](const auto& s) { return s->open(); }); }));
    for (auto& s : students) s->send(joinText(server));
    REQUIRE(waitFor([&] { return server.session()->joined() == 100; }));
    server.ask(question(context));
    REQUIRE(waitFor([&] { return std::all_of(students.begin(), students.end(), [](const auto& s) { return s->lastType() == "question"; }); }));
    for (int i = 0; i < 100; ++i) {
        students[static_cast<std::size_t>(i)]->send(QStringLiteral(R"({"type":"answer","question":1,"answer":"%1"})").arg(i % 4 == 0 ? 1 : 2));
    }
    REQUIRE(waitFor([&] { return std::all_of(students.begin(), students.end(), [](const auto& s) { return s->lastType() == "received"; }); }));
    const auto tally = server.session()->tally();
    CHECK(tally.answers == 100);
    CHECK(tally.bins.at(0).count == 25);
    CHECK(tally.bins.at(1).count == 75);
    server.reveal();
    REQUIRE(waitFor([&] { return std::all_of(students.begin(), students.end(), [](const auto& s) { return s->lastType() == "reveal"; }); }));
    CHECK(server.session()->tally().right == 75);
    // Memory stays bounded by the room: one student and one answer each, whatever they sent.
    CHECK(server.session()->questions().back().answers.size() == 100);
    server.stop();
    REQUIRE(waitFor([&] { return std::all_of(students.begin(), students.end(), [](const auto& s) { return s->closed; }); }));
    CHECK(std::all_of(students.begin(), students.end(), [](const auto& s) { return s->received.contains(R"({"type":"closed"})"); }));
}

TEST_CASE("hostile clients are refused and closed while the session goes on")
{
    const labs::guided::LessonContext context;
    gui::ClassroomServer server(context);
    REQUIRE(server.start(QHostAddress::LocalHost, 0).has_value());
    server.ask(question(context));
    Student good(wsUrl(server));
    REQUIRE(waitFor([&] { return good.open(); }));
    good.send(joinText(server));
    REQUIRE(waitFor([&] { return good.lastType() == "question"; }));

    Student oversized(wsUrl(server));
    REQUIRE(waitFor([&] { return oversized.open(); }));
    oversized.send(QString(64 * 1024, QLatin1Char('x'))); // over the WebSocket limit: the server drops the connection
    CHECK(waitFor([&] { return oversized.closed; }));

    Student guesser(wsUrl(server));
    REQUIRE(waitFor([&] { return guesser.open(); }));
    for (int i = 0; i < 3; ++i) guesser.send(QStringLiteral(R"({"type":"join","code":"AAAAA-AAAA%1"})").arg(i));
    CHECK(waitFor([&] { return guesser.closed; }));
    CHECK(guesser.received.first().contains("wrong code"));

    Student junk(wsUrl(server));
    REQUIRE(waitFor([&] { return junk.open(); }));
    junk.send(QStringLiteral("{\"type\":\"answer\",\"question\":1,\"answer\":\"2\""));
    REQUIRE(waitFor([&] { return !junk.received.isEmpty(); }));
    CHECK(junk.lastMessage() == "message: not JSON (or not UTF-8)");
    junk.send(QStringLiteral(R"({"type":"answer","question":1,"answer":"2"})"));
    REQUIRE(waitFor([&] { return junk.received.size() == 2; }));
    CHECK(junk.lastMessage() == "join with the session's code first");

    Student flooder(wsUrl(server));
    REQUIRE(waitFor([&] { return flooder.open(); }));
    for (int i = 0; i < 200; ++i) flooder.send(QStringLiteral("{}"));
    CHECK(waitFor([&] { return flooder.closed; }));
    CHECK(flooder.received.join(' ').contains("too many messages"));

    Student elsewhere(QUrl(QStringLiteral("ws://127.0.0.1:%1/other").arg(server.port())));
    CHECK(waitFor([&] { return elsewhere.closed; }));
    Student otherSite(wsUrl(server), QStringLiteral("http://evil.example"));
    CHECK(waitFor([&] { return otherSite.closed; }));

    // The good student is still there and still counted.
    good.send(QStringLiteral(R"({"type":"answer","question":1,"answer":"2"})"));
    REQUIRE(waitFor([&] { return good.lastType() == "received"; }));
    CHECK(server.running());
    CHECK(server.session()->tally().answers == 1);
    CHECK(server.session()->refused() >= 5);
}
