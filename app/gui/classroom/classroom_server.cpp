// SPDX-License-Identifier: MIT
// The classroom server.
#include "app/gui/classroom/classroom_server.hpp"

#include "app/gui/classroom/student_page.hpp"
#include "labs/classroom/client_message.hpp"
#include "labs/classroom/session_code.hpp"

#include <QHttpServer>
#include <QHttpServerResponse>
#include <QLoggingCategory>
#include <QNetworkInterface>
#include <QRandomGenerator>
#include <QTcpServer>
#include <QTcpSocket>
#include <QWebSocket>

#include <array>

Q_LOGGING_CATEGORY(classroomLog, "accelscope.classroom")

namespace accelscope::gui {
namespace {

using namespace labs::classroom;

/// Most bytes a connection may send before it becomes a WebSocket: the page's GET and the upgrade
/// request are under 2 KiB. Qt 6.4's HTTP server reads a whole request body into memory before it
/// answers (a 50 MB POST took the process from 20 to 120 MB), so this server cuts a connection off
/// at the limit instead.
constexpr qint64 maxHttpBytes = 16 * 1024;

/// A TCP server whose connections are counted while they speak HTTP. The count is a slot connected
/// before the HTTP server's own; when the HTTP server hands a socket to the WebSocket server it
/// disconnects every slot of the socket, this one too, and the WebSocket limits take over.
class LimitedTcpServer : public QTcpServer {
public:
    using QTcpServer::QTcpServer;

protected:
    void incomingConnection(qintptr descriptor) override
    {
        auto* socket = new QTcpSocket(this);
        if (!socket->setSocketDescriptor(descriptor)) {
            socket->deleteLater();
            return;
        }
        connect(socket, &QTcpSocket::readyRead, socket, [socket] {
            const qint64 seen = socket->property("accelscopeBytes").toLongLong() + socket->bytesAvailable();
            socket->setProperty("accelscopeBytes", seen);
            if (seen > maxHttpBytes) socket->abort();
        });
        addPendingConnection(socket);
    }
};

template <std::size_t N>
std::array<std::uint8_t, N> randomBytes()
{
    // QRandomGenerator::system() reads the operating system's cryptographic source.
    std::array<std::uint8_t, N> out{};
    for (auto& b : out) b = static_cast<std::uint8_t>(QRandomGenerator::system()->bounded(256));
    return out;
}

} // namespace

ClassroomServer::ClassroomServer(const labs::guided::LessonContext& context, QObject* parent) : QObject(parent), m_context(context) {}

ClassroomServer::~ClassroomServer() { stop(); }

QList<QHostAddress> ClassroomServer::candidateAddresses()
{
    QList<QHostAddress> lan;
    for (const auto& interface : QNetworkInterface::allInterfaces()) {
        if (!interface.flags().testFlag(QNetworkInterface::IsUp) || !interface.flags().testFlag(QNetworkInterface::IsRunning)) continue;
        if (interface.flags().testFlag(QNetworkInterface::IsLoopBack)) continue;
        for (const auto& entry : interface.addressEntries()) {
            if (entry.ip().protocol() == QAbstractSocket::IPv4Protocol) lan.push_back(entry.ip());
        }
    }
    lan.push_back(QHostAddress(QHostAddress::LocalHost));
    return lan;
}

std::expected<void, QString> ClassroomServer::start(const QHostAddress& address, quint16 port, SessionOptions options)
{
    if (running()) return std::unexpected(tr("A classroom session is already running."));
    auto http = std::make_unique<QHttpServer>();
    m_page = studentPage(options.nicknames).toUtf8();
    http->route("/", QHttpServerRequest::Method::Get, [this] {
        QHttpServerResponse response("text/html; charset=utf-8", m_page);
        // The page is self-contained: no other origin, no frames, nothing cached or sniffed.
        response.setHeader("Content-Security-Policy",
                           "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; "
                           "img-src data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("Cache-Control", "no-store");
        response.setHeader("Referrer-Policy", "no-referrer");
        return response;
    });
    // Qt 6.4 upgrades a WebSocket request only when a route handles it: this one writes nothing, and
    // the socket goes to acceptWebSocket (which also checks the path and the origin).
    http->route("/ws", QHttpServerRequest::Method::Get, [](QHttpServerResponder&&) {});
    // Anything else (another path, another method, a file name) is 404: nothing on disk is served.
    http->afterRequest([](QHttpServerResponse&& response) {
        response.setHeader("X-Content-Type-Options", "nosniff");
        return std::move(response);
    });
    auto* tcp = new LimitedTcpServer(http.get());
    if (!tcp->listen(address, port)) {
        return std::unexpected(tr("Cannot listen on %1:%2 (%3).").arg(address.toString()).arg(port).arg(tcp->errorString()));
    }
    http->bind(tcp);
    const quint16 bound = tcp->serverPort();
    connect(http.get(), &QHttpServer::newWebSocketConnection, this, &ClassroomServer::acceptWebSocket);
    const auto code = randomBytes<codeEntropyBytes>();
    m_session = std::make_unique<ClassroomSession>(makeSessionCode(code), m_context, options, Clock::now());
    m_http = std::move(http);
    m_address = address;
    m_port = bound;
    qCInfo(classroomLog) << "classroom session listening on" << address.toString() << bound;
    emit changed();
    return {};
}

void ClassroomServer::stop()
{
    if (!running()) return;
    send(m_session->close());
    // Closing each socket and deleting the HTTP server (its listening QTcpServer with it) closes
    // the port at once; the sockets are deleted from the event loop.
    for (auto& [socket, client] : m_clients) {
        socket->disconnect(this);
        socket->close(QWebSocketProtocol::CloseCodeGoingAway, QStringLiteral("session ended"));
        socket->deleteLater();
    }
    m_clients.clear();
    m_sockets.clear();
    for (auto* server : m_http->servers()) server->close();
    m_http.reset();
    m_session.reset();
    m_port = 0;
    qCInfo(classroomLog) << "classroom session stopped";
    emit changed();
}

QUrl ClassroomServer::joinUrl() const
{
    if (!running()) return {};
    QUrl url;
    url.setScheme(QStringLiteral("http"));
    url.setHost(m_address.toString());
    url.setPort(m_port);
    url.setPath(QStringLiteral("/"));
    url.setFragment(displayCode());
    return url;
}

QString ClassroomServer::displayCode() const
{
    return running() ? QString::fromStdString(labs::classroom::displayCode(m_session->code())) : QString();
}

void ClassroomServer::acceptWebSocket()
{
    while (m_http && m_http->hasPendingWebSocketConnections()) {
        QWebSocket* socket = m_http->nextPendingWebSocketConnection().release();
        socket->setParent(this);
        socket->setMaxAllowedIncomingMessageSize(maxMessageBytes);
        socket->setMaxAllowedIncomingFrameSize(maxMessageBytes);
        // Only this page's WebSocket: the path, and a browser's origin must be this server.
        const QString origin = socket->origin();
        const QString own = QStringLiteral("http://%1:%2").arg(m_address.toString()).arg(m_port);
        auto client = m_session->connect(Clock::now());
        if (socket->requestUrl().path() != QStringLiteral("/ws") || (!origin.isEmpty() && origin != own) || !client) {
            const QString why = client ? tr("not this session's page") : QString::fromStdString(client.error().message);
            socket->sendTextMessage(QString::fromStdString(errorMessage(why.toStdString())));
            socket->close(QWebSocketProtocol::CloseCodePolicyViolated, why);
            socket->deleteLater();
            if (client) m_session->disconnect(*client);
            continue;
        }
        m_sockets[*client] = socket;
        m_clients[socket] = *client;
        connect(socket, &QWebSocket::textMessageReceived, this, [this, socket](const QString& text) { onText(socket, text); });
        connect(socket, &QWebSocket::binaryMessageReceived, this, [this, socket] { onText(socket, QStringLiteral("binary")); });
        connect(socket, &QWebSocket::disconnected, this, [this, socket] { drop(socket); });
        emit changed();
    }
}

void ClassroomServer::onText(QWebSocket* socket, const QString& text)
{
    const auto it = m_clients.find(socket);
    if (it == m_clients.end() || !m_session) return;
    const auto token = randomBytes<16>();
    const QByteArray utf8 = text.toUtf8();
    const Reply reply = m_session->receive(it->second, std::string_view(utf8.constData(), static_cast<std::size_t>(utf8.size())),
                                           Clock::now(), token);
    for (const auto& message : reply.messages) socket->sendTextMessage(QString::fromStdString(message));
    if (reply.close) {
        socket->close(QWebSocketProtocol::CloseCodePolicyViolated, QStringLiteral("refused"));
        drop(socket);
    }
    emit changed();
}

void ClassroomServer::drop(QWebSocket* socket)
{
    const auto it = m_clients.find(socket);
    if (it == m_clients.end()) return;
    if (m_session) m_session->disconnect(it->second);
    m_sockets.erase(it->second);
    m_clients.erase(it);
    socket->disconnect(this);
    socket->deleteLater();
    emit changed();
}

void ClassroomServer::send(const std::vector<Outgoing>& messages)
{
    for (const auto& message : messages) {
        if (const auto it = m_sockets.find(message.client); it != m_sockets.end()) {
            it->second->sendTextMessage(QString::fromStdString(message.text));
        }
    }
}

void ClassroomServer::ask(Question question)
{
    if (!running()) return;
    send(m_session->ask(std::move(question)));
    emit changed();
}

void ClassroomServer::reveal()
{
    if (!running()) return;
    send(m_session->reveal());
    emit changed();
}

void ClassroomServer::setMeasured(double value, const QString& label)
{
    if (!running()) return;
    m_session->setMeasured(value, label.toStdString());
    emit changed();
}

} // namespace accelscope::gui
