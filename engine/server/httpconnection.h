// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QHash>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QUrlQuery>

class QTcpSocket;

// One HTTP/1.1 request as the server received it.
struct HttpRequest
{
    QByteArray method;
    QString path; // decoded path without the query
    QUrlQuery query;
    QHash<QByteArray, QByteArray> headers; // lower-case names
    QByteArray body;
    bool bodyTooLarge = false; // Content-Length above the limit; the body was discarded
    qint64 declaredLength = 0;

    QByteArray header(const QByteArray &name) const { return headers.value(name.toLower()); }
};

// Serves one keep-alive HTTP/1.1 connection: parses requests one at a time (Content-Length bodies up to a
// limit) and writes either a whole response or a close-delimited stream (SSE). A hand-written server
// because QHttpServer in Qt 6.4 cannot stream a response body, and it lets a WebSocket upgrade on the same
// port be handed to QWebSocketServer before any byte is consumed.
class HttpConnection : public QObject
{
    Q_OBJECT
public:
    static constexpr qint64 MaxHeaderBytes = 64 * 1024;

    HttpConnection(QTcpSocket *socket, qint64 maxBodyBytes, QObject *parent = nullptr);
    ~HttpConnection() override;

    // Whole response; the connection then reads the next request (unless close is set).
    void sendResponse(int status, const QByteArray &contentType, const QByteArray &body,
                      const QList<QPair<QByteArray, QByteArray>> &headers = {}, bool close = false);
    // A streamed response without a length: ends when endStream() closes the connection.
    void beginStream(int status, const QByteArray &contentType);
    void writeStream(const QByteArray &bytes);
    void endStream();
    bool isStreaming() const { return m_streaming; }
    bool isOpen() const;
    QString peerDescription() const;

    // Hands the socket over (for a WebSocket upgrade) without consuming its bytes; the connection deletes
    // itself later.
    QTcpSocket *takeSocket();

    static QByteArray reasonPhrase(int status);

Q_SIGNALS:
    void requestReady(const HttpRequest &request);
    // A request with "Upgrade: websocket"; nothing was read from the socket.
    void upgradeRequested(const HttpRequest &request);
    // The peer went away (or the connection closed itself).
    void closed();

private:
    void onReadyRead();
    void fail(int status, const QByteArray &message);

    QPointer<QTcpSocket> m_socket;
    qint64 m_maxBody = 0;
    QByteArray m_buffer;
    bool m_busy = false; // a request is being answered
    bool m_streaming = false;
    bool m_closeAfter = false;
    // Discarding an oversized body.
    HttpRequest m_pending;
    qint64 m_discardLeft = -1;
};
