// SPDX-License-Identifier: GPL-3.0-or-later
#include "httpconnection.h"

#include <QFile>
#include <QTcpSocket>
#include <QTimer>

#include <cerrno>
#include <fcntl.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

// How long a closing connection waits for the rest of a body it reads away (without progress).
static constexpr int kLingerMs = 2000;

HttpConnection::HttpConnection(QTcpSocket *socket, const HttpLimits &limits, QObject *parent)
    : QObject(parent)
    , m_socket(socket)
    , m_limits(limits)
    , m_timer(new QTimer(this))
{
    socket->setParent(this);
    // At most one head is buffered: a body stays in the kernel (and the client blocks) until the head filter
    // has accepted its request.
    socket->setReadBufferSize(MaxHeaderBytes + 4);
    // Responses are written whole; Nagle plus delayed ACKs would add ~40 ms per SSE event and keep-alive
    // reply.
    socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
    m_timer->setSingleShot(true);
    m_timer->setTimerType(Qt::CoarseTimer);
    connect(m_timer, &QTimer::timeout, this, &HttpConnection::onTimeout);
    connect(socket, &QTcpSocket::readyRead, this, &HttpConnection::onReadyRead);
    connect(socket, &QTcpSocket::bytesWritten, this, &HttpConnection::onBytesWritten);
    connect(socket, &QTcpSocket::disconnected, this, [this] {
        m_timer->stop();
        Q_EMIT closed();
        deleteLater();
    });
    m_timer->start(m_limits.headTimeoutMs);
    QMetaObject::invokeMethod(this, &HttpConnection::onReadyRead, Qt::QueuedConnection);
}

BodyCancel::BodyCancel()
    : m_fd(::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK))
{}

BodyCancel::~BodyCancel()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

void BodyCancel::cancel()
{
    m_cancelled.store(true, std::memory_order_release);
    if (m_fd >= 0) {
        const quint64 one = 1;
        (void)!::write(m_fd, &one, sizeof one);
    }
}

HttpConnection::~HttpConnection()
{
    if (m_directCancel)
        m_directCancel->cancel();
}

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
    m_timer->stop();
    disconnect(socket, nullptr, this, nullptr);
    socket->setParent(nullptr);
    socket->setReadBufferSize(0);
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
    case 408:
        return "Request Timeout";
    case 405:
        return "Method Not Allowed";
    case 411:
        return "Length Required";
    case 421:
        return "Misdirected Request";
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
    case 507:
        return "Insufficient Storage";
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

void HttpConnection::abort()
{
    if (m_directCancel)
        m_directCancel->cancel();
    if (m_socket)
        m_socket->abort();
}

void HttpConnection::waitForHead(int timeoutMs)
{
    m_state = State::Head;
    m_headStarted = m_socket && m_socket->bytesAvailable() > 0;
    m_timer->start(m_headStarted ? m_limits.headTimeoutMs : timeoutMs);
}

void HttpConnection::onTimeout()
{
    if (!m_socket)
        return;
    switch (m_state) {
    case State::Head:
        if (m_headStarted)
            fail(408, "the request head did not arrive within " + QByteArray::number(m_limits.headTimeoutMs) +
                          " ms");
        else
            m_socket->disconnectFromHost(); // an idle connection: nothing to answer
        break;
    case State::Body:
        fail(408,
             "the request body stopped arriving for " + QByteArray::number(m_limits.idleTimeoutMs) + " ms");
        break;
    case State::Closing:
        m_socket->abort();
        break;
    case State::Busy:
        break;
    }
}

void HttpConnection::onReadyRead()
{
    if (!m_socket)
        return;
    switch (m_state) {
    case State::Busy:
        return;
    case State::Body:
        readBody();
        return;
    case State::Closing: {
        char sink[16 * 1024];
        bool progress = false;
        while (m_drainLeft > 0) {
            const qint64 n = m_socket->read(sink, qMin<qint64>(m_drainLeft, sizeof sink));
            if (n <= 0)
                break;
            m_drainLeft -= n;
            progress = true;
        }
        if (progress && m_drainLeft > 0)
            m_timer->start(kLingerMs);
        if (m_drainLeft == 0 && !m_shutdownPending)
            m_socket->disconnectFromHost();
        return;
    }
    case State::Head:
        break;
    }
    if (m_socket->bytesAvailable() == 0)
        return;
    if (!m_headStarted) {
        m_headStarted = true;
        m_timer->start(m_limits.headTimeoutMs);
    }
    // Headers are parsed from a peek so an upgrade can hand the untouched socket to QWebSocketServer.
    const QByteArray head = m_socket->peek(MaxHeaderBytes + 4);
    HttpRequest request;
    const HttpHeadResult parsed = parseHttpRequestHead(head, MaxHeaderBytes, &request);
    if (parsed.status == HttpHeadResult::Status::Incomplete)
        return;
    if (parsed.status == HttpHeadResult::Status::Invalid) {
        fail(parsed.httpStatus, parsed.message);
        return;
    }
    m_timer->stop();
    if (request.header("upgrade").toLower() == "websocket") {
        m_state = State::Busy;
        Q_EMIT upgradeRequested(request);
        return;
    }
    m_socket->skip(parsed.headBytes);
    m_state = State::Busy;
    m_unreadBody = request.declaredLength;
    m_closeAfter = request.header("connection").toLower() == "close";
    m_sink = {};
    m_directStart = {};
    if (m_filter && !m_filter(this, request))
        return;
    // A client that asked whether to send its body (curl does for bodies over 1 MiB, and otherwise waits a
    // second before it sends anyway) hears yes once the head was accepted; a refusal was the final answer.
    if (request.declaredLength > 0 &&
        (m_sink || m_directStart || request.declaredLength <= m_limits.maxBodyBytes) &&
        request.header("expect").toLower() == "100-continue")
        m_socket->write("HTTP/1.1 100 Continue\r\n\r\n");
    if (m_directStart) {
        m_request = std::move(request);
        m_state = State::Body;
        readBody();
        return;
    }
    if (m_sink) {
        m_request = std::move(request);
        m_state = State::Body;
        // Bigger reads while a streamed body arrives: fewer, larger writes to its sink.
        m_socket->setReadBufferSize(StreamReadBytes);
        readBody();
        return;
    }
    if (request.declaredLength > m_limits.maxBodyBytes) {
        fail(413, "the request body is larger than " + QByteArray::number(m_limits.maxBodyBytes) + " bytes");
        return;
    }
    m_request = std::move(request);
    m_request.body.reserve(m_request.declaredLength);
    m_state = State::Body;
    readBody();
}

void HttpConnection::streamBody(BodySink sink)
{
    m_sink = std::move(sink);
    m_bodyPaused = false;
}

void HttpConnection::pauseBody()
{
    m_bodyPaused = true;
    m_timer->stop();
}

void HttpConnection::resumeBody()
{
    if (!m_bodyPaused)
        return;
    m_bodyPaused = false;
    if (m_socket && m_state == State::Body)
        readBody();
}

void HttpConnection::abandonBody()
{
    m_bodyPaused = false;
    if (!m_sink)
        return;
    m_sink = {};
    if (m_state == State::Body)
        m_state = State::Busy;
    if (m_socket)
        m_socket->setReadBufferSize(MaxHeaderBytes + 4);
}

void HttpConnection::readBodyDirect(DirectStart start)
{
    m_directStart = std::move(start);
}

void HttpConnection::finishDirectBody(qint64 fromFd, bool complete)
{
    if (!m_direct)
        return;
    m_direct = false;
    m_directCancel.reset();
    if (!m_socket)
        return;
    // The bytes the reader got from Qt's buffer leave it now, and Qt reads the socket again.
    m_socket->skip(m_directPeeked);
    m_unreadBody -= m_directPeeked + fromFd;
    m_directPeeked = 0;
    m_socket->setReadBufferSize(MaxHeaderBytes + 4);
    if (!complete || m_unreadBody != 0) {
        m_state = State::Busy; // the caller answers (with close) or aborts
        return;
    }
    m_state = State::Busy;
    const HttpRequest request = std::move(m_request);
    m_request = HttpRequest();
    Q_EMIT requestReady(request);
}

void HttpConnection::startDirectBody()
{
    // Called with at least one byte in Qt's buffer: a read buffer no larger than what it holds makes Qt stop
    // reading the socket at once (it disables its read notifier), so the bytes that follow are the reader's
    // alone, in order. They stay in the buffer (peeked) until finishDirectBody().
    DirectStart start = std::move(m_directStart);
    m_directStart = {};
    const qint64 have = m_socket->bytesAvailable();
    DirectBody body;
    m_directPeeked = qMin(have, m_unreadBody);
    body.buffered = m_socket->peek(m_directPeeked);
    body.left = m_unreadBody - m_directPeeked;
    body.idleTimeoutMs = m_limits.idleTimeoutMs;
    if (body.left > 0) {
        m_socket->setReadBufferSize(1);
        body.fd = ::fcntl(int(m_socket->socketDescriptor()), F_DUPFD_CLOEXEC, 0);
        if (body.fd < 0) {
            m_socket->setReadBufferSize(MaxHeaderBytes + 4);
            m_directPeeked = 0;
            fail(503, "the server is out of file descriptors");
            return;
        }
    }
    m_directCancel = std::make_shared<BodyCancel>();
    body.cancel = m_directCancel;
    m_direct = true;
    m_timer->stop();
    m_state = State::Busy; // onReadyRead leaves the socket alone
    start(std::move(body));
}

void HttpConnection::readBody()
{
    if (m_directStart) {
        if (m_socket->bytesAvailable() > 0 || m_unreadBody == 0)
            startDirectBody();
        else
            m_timer->start(m_limits.idleTimeoutMs);
        return;
    }
    if (m_sink) {
        if (m_bodyPaused)
            return; // resumeBody() reads on
        QByteArray chunk;
        while (m_unreadBody > 0 && m_socket->bytesAvailable() > 0 && !m_bodyPaused) {
            chunk = m_socket->read(qMin<qint64>(m_unreadBody, StreamReadBytes));
            if (chunk.isEmpty())
                break;
            m_unreadBody -= chunk.size();
            if (!m_sink(chunk)) {
                // The sink answered (or will): read no more of this body.
                m_sink = {};
                if (m_state == State::Body)
                    m_state = State::Busy;
                if (m_socket)
                    m_socket->setReadBufferSize(MaxHeaderBytes + 4);
                return;
            }
        }
        if (m_bodyPaused)
            return;
        if (m_unreadBody > 0) {
            m_timer->start(m_limits.idleTimeoutMs);
            return;
        }
        m_sink = {};
        m_socket->setReadBufferSize(MaxHeaderBytes + 4);
    } else if (m_unreadBody > 0) {
        const QByteArray chunk = m_socket->read(m_unreadBody);
        m_request.body += chunk;
        m_unreadBody -= chunk.size();
        if (m_unreadBody > 0) {
            m_timer->start(m_limits.idleTimeoutMs);
            return;
        }
    }
    m_timer->stop();
    m_state = State::Busy;
    const HttpRequest request = std::move(m_request);
    m_request = HttpRequest();
    Q_EMIT requestReady(request);
}

void HttpConnection::closeAfterWrite()
{
    m_state = State::Closing;
    m_drainLeft = qMin(m_unreadBody, m_drainLimit);
    m_unreadBody = 0;
    if (m_drainLeft == 0) {
        m_timer->stop();
        m_socket->disconnectFromHost();
        return;
    }
    // Half-close once the answer is out and read a bounded part of the body away, so the client reads the
    // answer instead of a reset; the linger timer ends the rest.
    m_shutdownPending = true;
    m_timer->start(kLingerMs);
    m_socket->flush();
    onBytesWritten();
    QMetaObject::invokeMethod(this, &HttpConnection::onReadyRead, Qt::QueuedConnection);
}

void HttpConnection::onBytesWritten()
{
    if (m_file) {
        writeFileChunk();
        return;
    }
    if (!m_shutdownPending || !m_socket || m_socket->bytesToWrite() > 0)
        return;
    m_shutdownPending = false;
    ::shutdown(int(m_socket->socketDescriptor()), SHUT_WR);
    if (m_drainLeft == 0)
        m_socket->disconnectFromHost();
}

void HttpConnection::sendResponse(int status, const QByteArray &contentType, const QByteArray &body,
                                  const QList<QPair<QByteArray, QByteArray>> &headers, bool close)
{
    if (!m_socket || m_state == State::Closing)
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
    // The answer reaches the kernel now, not when the loop next polls the socket: whatever the caller does
    // next (a request-log record, the next event) is then no part of the client's wait.
    m_socket->flush();
    if (close) {
        closeAfterWrite();
        return;
    }
    waitForHead(m_limits.idleTimeoutMs);
    if (m_socket->bytesAvailable() > 0)
        QMetaObject::invokeMethod(this, &HttpConnection::onReadyRead, Qt::QueuedConnection);
}

void HttpConnection::sendFile(int status, const QByteArray &contentType, std::unique_ptr<QFile> file,
                              const QList<QPair<QByteArray, QByteArray>> &headers)
{
    if (!m_socket || m_state == State::Closing)
        return;
    // The length is what the file has now; a file that shrinks meanwhile ends the connection early.
    const qint64 size = file->size();
    QByteArray out = "HTTP/1.1 " + QByteArray::number(status) + ' ' + reasonPhrase(status) + "\r\n";
    out += "Content-Type: " + contentType + "\r\n";
    out += "Content-Length: " + QByteArray::number(size) + "\r\n";
    for (const auto &h : headers)
        out += h.first + ": " + h.second + "\r\n";
    out += m_closeAfter ? "Connection: close\r\n\r\n" : "Connection: keep-alive\r\n\r\n";
    m_socket->write(out);
    m_file = std::move(file);
    m_fileLeft = size;
    m_fileClose = m_closeAfter;
    m_state = State::Busy;
    writeFileChunk();
}

void HttpConnection::writeFileChunk()
{
    static constexpr qint64 Chunk = 256 * 1024;
    while (m_socket && m_file && m_fileLeft > 0 && m_socket->bytesToWrite() < Chunk) {
        const QByteArray bytes = m_file->read(qMin(m_fileLeft, Chunk));
        if (bytes.isEmpty()) {
            m_file.reset();
            m_socket->abort(); // the file shrank or failed: the client must not take a short body as whole
            return;
        }
        m_fileLeft -= bytes.size();
        m_socket->write(bytes);
    }
    if (!m_socket || !m_file || m_fileLeft > 0)
        return;
    m_file.reset();
    if (m_fileClose) {
        closeAfterWrite();
        return;
    }
    waitForHead(m_limits.idleTimeoutMs);
    if (m_socket->bytesAvailable() > 0)
        QMetaObject::invokeMethod(this, &HttpConnection::onReadyRead, Qt::QueuedConnection);
}

void HttpConnection::beginStream(int status, const QByteArray &contentType,
                                 const QList<QPair<QByteArray, QByteArray>> &headers)
{
    if (!m_socket)
        return;
    m_streaming = true;
    QByteArray extra;
    for (const auto &[name, value] : headers)
        extra += name + ": " + value + "\r\n";
    m_socket->write("HTTP/1.1 " + QByteArray::number(status) + ' ' + reasonPhrase(status) +
                    "\r\nContent-Type: " + contentType +
                    "\r\nCache-Control: no-cache\r\nConnection: close\r\nX-Accel-Buffering: no\r\n" + extra +
                    "\r\n");
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
    m_state = State::Closing;
    m_socket->flush();
    m_socket->disconnectFromHost();
}
