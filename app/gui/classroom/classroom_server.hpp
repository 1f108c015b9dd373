// SPDX-License-Identifier: MIT
// The classroom server: while a session runs, Qt's HTTP server answers GET / with the student page
// and upgrades /ws to a WebSocket; every text goes to labs::classroom::ClassroomSession, which holds
// every rule. Nothing else is served (no files), and stop() closes the port and every connection.
#pragma once

#include "labs/classroom/classroom_session.hpp"

#include <QHostAddress>
#include <QObject>
#include <QUrl>

#include <expected>
#include <map>
#include <memory>

class QHttpServer;
class QWebSocket;

namespace accelscope::gui {

class ClassroomServer : public QObject {
    Q_OBJECT
public:
    /// `context` grades the answers and must outlive the server.
    explicit ClassroomServer(const labs::guided::LessonContext& context, QObject* parent = nullptr);
    ~ClassroomServer() override;

    /// Starts a session with a new random code on `address` (`port` 0: a free port). Errors: the
    /// address cannot be listened on ("…: address not available"), or a session already runs.
    std::expected<void, QString> start(const QHostAddress& address, quint16 port, labs::classroom::SessionOptions options = {});
    /// Ends the session: every page is told, every connection closed, the port closed.
    void stop();
    bool running() const { return m_session != nullptr; }

    /// The address students open: http://address:port/#CODE (the code after '#' never reaches
    /// the network; the page fills it in). Empty when not running.
    QUrl joinUrl() const;
    /// The code as shown ("K7QM4-XRT2B"); empty when not running.
    QString displayCode() const;
    quint16 port() const { return m_port; }
    QHostAddress address() const { return m_address; }

    /// The running session (null when stopped) to read the tally and the questions from.
    const labs::classroom::ClassroomSession* session() const { return m_session.get(); }
    void ask(labs::classroom::Question question);
    void reveal();
    void setMeasured(double value, const QString& label);

    /// The IPv4 addresses of this machine's network interfaces that are up, loopback last.
    static QList<QHostAddress> candidateAddresses();

signals:
    /// Connections, answers or the question changed (the projector redraws).
    void changed();

private:
    void acceptWebSocket();
    void onText(QWebSocket* socket, const QString& text);
    void send(const std::vector<labs::classroom::Outgoing>& messages);
    void drop(QWebSocket* socket);

    const labs::guided::LessonContext& m_context;
    std::unique_ptr<QHttpServer> m_http;
    std::unique_ptr<labs::classroom::ClassroomSession> m_session;
    std::map<labs::classroom::ClientId, QWebSocket*> m_sockets;
    std::map<QWebSocket*, labs::classroom::ClientId> m_clients;
    QHostAddress m_address;
    quint16 m_port = 0;
    QByteArray m_page;
};

} // namespace accelscope::gui
