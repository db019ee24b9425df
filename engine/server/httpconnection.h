// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "httphead.h"

#include <QByteArray>
#include <QObject>
#include <QPointer>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>

class QFile;

// Stops a body being read on another thread (HttpConnection::readBodyDirect): set when the connection is
// aborted or goes away; fd() is an eventfd the reader polls along with the socket.
class BodyCancel
{
public:
    BodyCancel();
    ~BodyCancel();
    BodyCancel(const BodyCancel &) = delete;
    BodyCancel &operator=(const BodyCancel &) = delete;
    void cancel();
    bool isCancelled() const { return m_cancelled.load(std::memory_order_acquire); }
    int fd() const { return m_fd; }

private:
    std::atomic<bool> m_cancelled{false};
    int m_fd = -1;
};

// A request body handed to another thread to read straight from the socket (readBodyDirect).
struct DirectBody
{
    QByteArray buffered; // the body's first bytes, which Qt had read already
    int fd = -1;         // a duplicate of the socket's descriptor (the reader closes it); -1 when left is 0
    qint64 left = 0;     // the body's bytes still to read from fd, after buffered
    int idleTimeoutMs = 0;
    std::shared_ptr<BodyCancel> cancel;
};

class QTcpSocket;
class QTimer;

// How long a connection may take and how much it may send.
struct HttpLimits
{
    qint64 maxBodyBytes = 32LL * 1024 * 1024;
    // The whole request head must arrive within this time of its first byte (of the connection's start for a
    // new connection), so a client cannot hold a descriptor by sending nothing or one byte at a time.
    int headTimeoutMs = 10'000;
    // A keep-alive connection waiting for its next request, or a body that stops arriving, is closed after
    // this.
    int idleTimeoutMs = 60'000;
};

// Serves one keep-alive HTTP/1.1 connection: parses requests one at a time (Content-Length bodies up to a
// limit) and writes either a whole response or a close-delimited stream (SSE). A hand-written server
// because QHttpServer in Qt 6.4 cannot stream a response body, and it lets a WebSocket upgrade on the same
// port be handed to QWebSocketServer before any byte is consumed. The socket buffers at most one head: a body
// is read only after the head filter accepted the request (the API key is checked before any body byte).
class HttpConnection : public QObject
{
    Q_OBJECT
public:
    static constexpr qint64 MaxHeaderBytes = 64 * 1024;
    // Of a refused request's body, this much is read away after the answer so the client sees the answer
    // rather than a reset connection; the rest is left unread and the connection closed.
    static constexpr qint64 MaxDrainBytes = 1024 * 1024;
    // What the socket buffers while a streamed body (streamBody()) arrives.
    static constexpr qint64 StreamReadBytes = 1024 * 1024;

    // Called once a request's head is complete and before its body is read; returns false when it has
    // answered the request itself (sendResponse with close), true to read the body and emit requestReady. It
    // may fill request.workspace.
    using HeadFilter = std::function<bool(HttpConnection *, HttpRequest &)>;

    HttpConnection(QTcpSocket *socket, const HttpLimits &limits, QObject *parent = nullptr);
    ~HttpConnection() override;

    void setHeadFilter(HeadFilter filter) { m_filter = std::move(filter); }

    // Called with each piece of a streamed body as it arrives; false stops reading it (the sink has answered
    // the request, or will, with close set).
    using BodySink = std::function<bool(const QByteArray &bytes)>;
    // From the head filter only: this request's body goes to sink piece by piece instead of into
    // HttpRequest::body (which stays empty), so a body of any size passes in constant memory; the server's
    // body limit does not apply (the sink enforces its own). requestReady follows once all of it was taken.
    void streamBody(BodySink sink);
    // A streamed body's sink that hands pieces to another thread calls pauseBody() while that thread is
    // behind: no more is read from the socket (whose buffer then fills, and TCP stops the client), and a
    // complete body is not handed on (requestReady) until resumeBody(). The idle timeout does not run while
    // paused: the wait is the server's, not the client's.
    void pauseBody();
    void resumeBody();
    // The sink failed later than its call (on its thread): read no more of the body, as when it returns
    // false. The caller answers with close set.
    void abandonBody();

    // From the head filter, instead of streamBody(): the body is read by the caller on another thread,
    // straight from the socket's descriptor (splice, large reads: no copy through Qt's buffers). Once the
    // body's first bytes have arrived, Qt stops reading the socket (its buffer is full by its own measure)
    // and start gets them, a duplicate of the descriptor and how much more to read from it. The caller then
    // calls finishDirectBody() on this thread: with complete, requestReady follows; otherwise it answers
    // (with close) or aborts. The idle timeout is the reader's; abort() or the connection's end cancels it.
    using DirectStart = std::function<void(DirectBody body)>;
    void readBodyDirect(DirectStart start);
    // fromFd: bytes the reader took from the descriptor.
    void finishDirectBody(qint64 fromFd, bool complete);

    // Whole response; the connection then reads the next request (unless close is set).
    void sendResponse(int status, const QByteArray &contentType, const QByteArray &body,
                      const QList<QPair<QByteArray, QByteArray>> &headers = {}, bool close = false);
    // Whole response whose body is file, read and written a piece at a time as the socket drains (constant
    // memory for a file of any size).
    void sendFile(int status, const QByteArray &contentType, std::unique_ptr<QFile> file,
                  const QList<QPair<QByteArray, QByteArray>> &headers = {});
    // A streamed response without a length: ends when endStream() closes the connection.
    void beginStream(int status, const QByteArray &contentType,
                     const QList<QPair<QByteArray, QByteArray>> &headers = {});
    void writeStream(const QByteArray &bytes);
    void endStream();
    bool isStreaming() const { return m_streaming; }
    bool isOpen() const;
    QString peerDescription() const;
    // Nothing of a request is being answered: waiting for (or reading) a head, or closing.
    bool isIdle() const { return m_state == State::Head || m_state == State::Closing; }
    // How much of a refused request's body to read away (and drop) before closing; MaxDrainBytes unless the
    // server trusts the client (an authenticated one sending too large a body should see its 413).
    void setDrainLimit(qint64 bytes) { m_drainLimit = bytes; }
    // Ends the connection at once (the server sheds it to make room for others).
    void abort();

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
    enum class State { Head, Body, Busy, Closing };

    void onReadyRead();
    void onTimeout();
    void readBody();
    void startDirectBody();
    void fail(int status, const QByteArray &message);
    void waitForHead(int timeoutMs);
    void closeAfterWrite();
    void onBytesWritten();

    QPointer<QTcpSocket> m_socket;
    HttpLimits m_limits;
    HeadFilter m_filter;
    QTimer *m_timer = nullptr;
    State m_state = State::Head;
    bool m_headStarted = false; // a byte of the next head has arrived (the head deadline runs)
    bool m_streaming = false;
    bool m_closeAfter = false;
    bool m_shutdownPending = false;
    HttpRequest m_request;   // being read (State::Body)
    qint64 m_unreadBody = 0; // body bytes of the current request not read from the socket yet
    qint64 m_drainLeft = 0;  // State::Closing: body bytes still to read away
    qint64 m_drainLimit = MaxDrainBytes;
    BodySink m_sink;
    bool m_bodyPaused = false;
    DirectStart m_directStart; // readBodyDirect(), until the first bytes arrive
    bool m_direct = false;     // the body is being read on another thread
    qint64 m_directPeeked = 0; // of it, the bytes left in Qt's buffer (skipped when it finishes)
    std::shared_ptr<BodyCancel> m_directCancel;
    std::unique_ptr<QFile> m_file; // sendFile(): the rest of the body still to write
    qint64 m_fileLeft = 0;
    bool m_fileClose = false;
    void writeFileChunk();
};
