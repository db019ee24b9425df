// SPDX-License-Identifier: GPL-3.0-or-later
#include "eventhub.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QNetworkRequest>
#include <QTcpSocket>
#include <QWebSocket>
#include <QWebSocketServer>

using namespace Qt::StringLiterals;

EventHub::EventHub(QObject *parent)
    : QObject(parent)
    , m_server(new QWebSocketServer(u"sandbench"_s, QWebSocketServer::NonSecureMode, this))
{
    connect(m_server, &QWebSocketServer::newConnection, this, &EventHub::onNewConnection);
}

EventHub::~EventHub() = default;

void EventHub::accept(QTcpSocket *socket)
{
    m_server->handleConnection(socket);
    // The handshake bytes may all be buffered already, so no further readyRead would start it.
    if (socket->bytesAvailable() > 0)
        Q_EMIT socket->readyRead();
}

void EventHub::onNewConnection()
{
    while (QWebSocket *ws = m_server->nextPendingConnection()) {
        const QString workspace = m_workspaceOf ? m_workspaceOf(ws->request()) : QString();
        ws->setParent(this);
        // Viewers mostly listen; what they send (an approval decision) is small.
        ws->setMaxAllowedIncomingFrameSize(64 * 1024);
        ws->setMaxAllowedIncomingMessageSize(64 * 1024);
        if (workspace.isEmpty()) {
            ws->close(QWebSocketProtocol::CloseCodePolicyViolated, u"invalid API key"_s);
            ws->deleteLater();
            continue;
        }
        m_clients.append({ws, workspace});
        connect(ws, &QWebSocket::disconnected, this, [this, ws, workspace] {
            m_clients.removeIf([ws](const Client &c) { return c.socket == ws; });
            ws->deleteLater();
            Q_EMIT clientLeft(workspace);
        });
        connect(ws, &QWebSocket::textMessageReceived, this, [this, ws, workspace](const QString &text) {
            const QJsonDocument doc = QJsonDocument::fromJson(text.toUtf8());
            if (!doc.isObject()) {
                send(ws, {{u"type"_s, u"error"_s}, {u"message"_s, u"a message must be one JSON object"_s}});
                return;
            }
            Q_EMIT messageReceived(workspace, ws, doc.object());
        });
        ws->sendTextMessage(
            QString::fromUtf8(QJsonDocument(QJsonObject{{u"type"_s, u"hello"_s}, {u"workspace"_s, workspace}})
                                  .toJson(QJsonDocument::Compact)));
        Q_EMIT clientJoined(workspace, ws);
    }
}

void EventHub::send(QWebSocket *client, const QJsonObject &event)
{
    QJsonObject e = event;
    e.insert(u"time_ms"_s, QDateTime::currentMSecsSinceEpoch());
    client->sendTextMessage(QString::fromUtf8(QJsonDocument(e).toJson(QJsonDocument::Compact)));
}

void EventHub::publish(const QString &workspace, const QJsonObject &event)
{
    if (m_clients.isEmpty())
        return;
    QJsonObject e = event;
    e.insert(u"time_ms"_s, QDateTime::currentMSecsSinceEpoch());
    const QString text = QString::fromUtf8(QJsonDocument(e).toJson(QJsonDocument::Compact));
    for (const Client &c : std::as_const(m_clients)) {
        if (c.workspace == workspace)
            c.socket->sendTextMessage(text);
    }
}
