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
        // Viewers only listen; what they send is never read, so it gets no room.
        ws->setMaxAllowedIncomingFrameSize(64 * 1024);
        ws->setMaxAllowedIncomingMessageSize(64 * 1024);
        if (workspace.isEmpty()) {
            ws->close(QWebSocketProtocol::CloseCodePolicyViolated, u"invalid API key"_s);
            ws->deleteLater();
            continue;
        }
        m_clients.append({ws, workspace});
        connect(ws, &QWebSocket::disconnected, this, [this, ws] {
            m_clients.removeIf([ws](const Client &c) { return c.socket == ws; });
            ws->deleteLater();
        });
        ws->sendTextMessage(
            QString::fromUtf8(QJsonDocument(QJsonObject{{u"type"_s, u"hello"_s}, {u"workspace"_s, workspace}})
                                  .toJson(QJsonDocument::Compact)));
    }
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
