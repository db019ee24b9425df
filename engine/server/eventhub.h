// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QWebSocket> // complete for the signals' QWebSocket * (moc)

#include <functional>

class QNetworkRequest;
class QTcpSocket;
class QWebSocketServer;

// The live event stream of the local API: WebSocket clients of a workspace receive every event of that
// workspace's requests as JSON text messages (request.started, shell_call.started, command.started,
// output.chunk, command.finished, files.changed, request.finished, approval.pending, approval.resolved,
// egress.refused, network_policy.replaced). A client may send one kind of message back:
// {"type": "approval.decide", ...} (README "Approvals").
class EventHub : public QObject
{
    Q_OBJECT
public:
    explicit EventHub(QObject *parent = nullptr);
    ~EventHub() override;

    // Says which workspace an upgraded connection belongs to (empty: refuse it).
    void setAuthenticator(std::function<QString(const QNetworkRequest &)> workspaceOf)
    {
        m_workspaceOf = std::move(workspaceOf);
    }
    // Completes the WebSocket handshake on socket (nothing read from it yet).
    void accept(QTcpSocket *socket);
    void publish(const QString &workspace, const QJsonObject &event);
    int clientCount() const { return int(m_clients.size()); }
    // One client only (the pending asks it joined too late to see).
    void send(QWebSocket *client, const QJsonObject &event);

Q_SIGNALS:
    void clientJoined(const QString &workspace, QWebSocket *client);
    void clientLeft(const QString &workspace);
    // A JSON object a client sent (anything else is answered with an error event and dropped).
    void messageReceived(const QString &workspace, QWebSocket *client, const QJsonObject &message);

private:
    struct Client
    {
        QWebSocket *socket;
        QString workspace;
    };
    void onNewConnection();

    QWebSocketServer *m_server = nullptr;
    std::function<QString(const QNetworkRequest &)> m_workspaceOf;
    QList<Client> m_clients;
};
