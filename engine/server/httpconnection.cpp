// SPDX-License-Identifier: GPL-3.0-or-later
#include "httpconnection.h"

#include <QTcpSocket>
#include <QUrl>

using namespace Qt::StringLiterals;

HttpConnection::HttpConnection(QTcpSocket *socket, qint64 maxBodyBytes, QObject *parent)
    : QObject(parent)
    , m_socket(socket)
    , m_maxBody(maxBodyBytes)
{
    socket->setParent(this);
    // Responses are written whole; Nagle plus delayed ACKs would add ~40 ms per SSE event and keep-alive
    // reply.
    socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
    connect(socket, &QTcpSocket::readyRead, this, &HttpConnection::onReadyRead);
    connect(socket, &QTcpSocket::disconnected, this, [this] {
        Q_EMIT closed();
        deleteLater();
    });
    QMetaObject::invokeMethod(this, &HttpConnection::onReadyRead, Qt::QueuedConnection);
}

HttpConnection::~HttpConnection() = default;

bool HttpConnection::isOpen() const
{
    return m_socket && m_socket->state() == QAbstractSocket::ConnectedState;
}

QString HttpConnection::peerDescription() const
{
    return m_socket ? m_socket->peerAddress().toString() + u':' + QString::number(m_socket->peerPort())
                    : QString();
}

QTcpSocket *HttpConnection::takeSocket()
{
    QTcpSocket *socket = m_socket;
    if (!socket)
        return nullptr;
    disconnect(socket, nullptr, this, nullptr);
    socket->setParent(nullptr);
    m_socket = nullptr;
    deleteLater();
    return socket;
}

QByteArray HttpConnection::reasonPhrase(int status)
{
    switch (status) {
    case 200:
        return "OK";
    case 101:
        return "Switching Protocols";
    case 400:
        return "Bad Request";
    case 401:
        return "Unauthorized";
    case 403:
        return "Forbidden";
    case 404:
        return "Not Found";
    case 405:
        return "Method Not Allowed";
    case 411:
        return "Length Required";
    case 413:
        return "Content Too Large";
    case 429:
        return "Too Many Requests";
    case 431:
        return "Request Header Fields Too Large";
    case 499:
        return "Client Closed Request";
    case 500:
        return "Internal Server Error";
    case 501:
        return "Not Implemented";
    case 502:
        return "Bad Gateway";
    case 503:
        return "Service Unavailable";
    case 504:
        return "Gateway Timeout";
    default:
        return "Status";
    }
}

void HttpConnection::fail(int status, const QByteArray &message)
{
    sendResponse(status, "application/json",
                 "{\"error\":{\"type\":\"invalid_request_error\",\"message\":\"" + message + "\"}}", {},
                 true);
}

void HttpConnection::onReadyRead()
{
    if (!m_socket)
        return;
    if (m_discardLeft >= 0) {
        const QByteArray chunk = m_socket->read(m_discardLeft);
        m_discardLeft -= chunk.size();
        if (m_discardLeft > 0)
            return;
        m_discardLeft = -1;
        m_busy = true;
        m_closeAfter = true;
        Q_EMIT requestReady(m_pending);
        return;
    }
    if (m_busy)
        return;
    // Headers are parsed from a peek so an upgrade can hand the untouched socket to QWebSocketServer.
    const QByteArray head = m_socket->peek(MaxHeaderBytes + 4);
    const qsizetype end = head.indexOf("\r\n\r\n");
    if (end < 0) {
        if (head.size() > MaxHeaderBytes)
            fail(431, "request headers are larger than 64 KiB");
        return;
    }
    HttpRequest request;
    const QList<QByteArray> lines = head.left(end).split('\n');
    const QList<QByteArray> first = lines.value(0).trimmed().split(' ');
    if (first.size() != 3 || !first.at(2).startsWith("HTTP/1.")) {
        fail(400, "malformed HTTP request line");
        return;
    }
    request.method = first.at(0);
    const QUrl url(QString::fromLatin1(first.at(1)));
    request.path = url.path();
    request.query = QUrlQuery(url.query());
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines.at(i).trimmed();
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0)
            continue;
        request.headers.insert(line.left(colon).trimmed().toLower(), line.mid(colon + 1).trimmed());
    }
    if (request.header("upgrade").toLower() == "websocket") {
        m_busy = true;
        Q_EMIT upgradeRequested(request);
        return;
    }
    if (request.header("transfer-encoding").toLower().contains("chunked")) {
        m_socket->read(end + 4);
        fail(411, "chunked request bodies are not supported; send Content-Length");
        return;
    }
    bool ok = true;
    const QByteArray lengthHeader = request.header("content-length");
    const qint64 length = lengthHeader.isEmpty() ? 0 : lengthHeader.toLongLong(&ok);
    if (!ok || length < 0) {
        m_socket->read(end + 4);
        fail(400, "invalid Content-Length");
        return;
    }
    request.declaredLength = length;
    if (length > m_maxBody) {
        m_socket->read(end + 4);
        request.bodyTooLarge = true;
        // Read the body away first so the client sees the 413 rather than a reset connection.
        if (length > 8 * m_maxBody) {
            m_busy = true;
            m_closeAfter = true;
            Q_EMIT requestReady(request);
            return;
        }
        m_pending = request;
        m_discardLeft = length;
        onReadyRead();
        return;
    }
    if (m_socket->bytesAvailable() < end + 4 + length)
        return;
    m_socket->read(end + 4);
    request.body = m_socket->read(length);
    m_busy = true;
    m_closeAfter = request.header("connection").toLower() == "close";
    Q_EMIT requestReady(request);
}

void HttpConnection::sendResponse(int status, const QByteArray &contentType, const QByteArray &body,
                                  const QList<QPair<QByteArray, QByteArray>> &headers, bool close)
{
    if (!m_socket)
        return;
    close = close || m_closeAfter;
    QByteArray out = "HTTP/1.1 " + QByteArray::number(status) + ' ' + reasonPhrase(status) + "\r\n";
    out += "Content-Type: " + contentType + "\r\n";
    out += "Content-Length: " + QByteArray::number(body.size()) + "\r\n";
    for (const auto &h : headers)
        out += h.first + ": " + h.second + "\r\n";
    out += close ? "Connection: close\r\n\r\n" : "Connection: keep-alive\r\n\r\n";
    out += body;
    m_socket->write(out);
    m_busy = false;
    if (close) {
        m_socket->disconnectFromHost();
        return;
    }
    if (m_socket->bytesAvailable() > 0)
        QMetaObject::invokeMethod(this, &HttpConnection::onReadyRead, Qt::QueuedConnection);
}

void HttpConnection::beginStream(int status, const QByteArray &contentType)
{
    if (!m_socket)
        return;
    m_streaming = true;
    m_socket->write("HTTP/1.1 " + QByteArray::number(status) + ' ' + reasonPhrase(status) +
                    "\r\nContent-Type: " + contentType +
                    "\r\nCache-Control: no-cache\r\nConnection: close\r\nX-Accel-Buffering: no\r\n\r\n");
}

void HttpConnection::writeStream(const QByteArray &bytes)
{
    if (m_socket && m_streaming)
        m_socket->write(bytes);
}

void HttpConnection::endStream()
{
    if (!m_socket)
        return;
    m_streaming = false;
    m_socket->disconnectFromHost();
}
