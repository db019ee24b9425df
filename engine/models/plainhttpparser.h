// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

#include <utility>

namespace PlainHttp {

struct Limits
{
    int maxHeaderBytes = 64 * 1024;            // status line and headers of one response
    int maxHeaderCount = 256;                  // header lines of one response
    qint64 maxBodyBytes = 256LL * 1024 * 1024; // decoded body of one response
    int maxChunkLineBytes = 1024;              // a chunk-size line with its extensions
    int idleKeepAliveMs = 30000;               // an idle connection older than this is not reused
    int maxIdlePerHost = 8;                    // idle connections kept per host:port
};

// The response side of HTTP/1.1 as a pure parser of an upstream's bytes (no I/O): append() what arrived,
// then call next() until it says NeedMore, Done or Error. 1xx answers are skipped; the body is framed by
// Content-Length, chunked encoding (extensions and trailers read and dropped) or the end of the
// connection (closed()). Every line and the body are bounded by Limits.
class ResponseParser
{
public:
    enum class Step { NeedMore, Head, Body, Done, Error };

    explicit ResponseParser(const Limits &limits = Limits());

    void append(const QByteArray &bytes);
    // Head: status(), reason(), headers() are set. Body: *body holds the next decoded bytes (not empty).
    Step next(QByteArray *body);
    // The connection ended: Done when the body runs until close, else Error (see error()).
    Step closed();

    int status() const { return m_status; }
    QByteArray reason() const { return m_reason; }
    const QList<std::pair<QByteArray, QByteArray>> &headers() const { return m_headers; }
    // The connection may carry another request after Done (HTTP/1.1 without Connection: close, framed body,
    // and nothing past the end of this response).
    bool reusable() const;
    bool receivedAny() const { return m_receivedAny; }
    QString error() const { return m_error; }

private:
    enum class State { Status, Headers, Body, ChunkSize, ChunkData, ChunkDataEnd, Trailer, Done, Failed };
    enum class Framing { None, Length, Chunked, UntilClose };

    Step fail(const QString &message);
    Step headEnded();
    // One line without its CRLF; false when none is complete yet (or on error: m_state is Failed).
    bool takeLine(QByteArray *line, int limit, const char *what, int shownLimit);
    void compact();

    Limits m_limits;
    QByteArray m_in;
    qsizetype m_pos = 0;
    State m_state = State::Status;
    Framing m_framing = Framing::None;
    qint64 m_remaining = 0;
    qint64 m_bodyBytes = 0;
    int m_headerBytes = 0;
    int m_status = 0;
    bool m_http10 = false;
    bool m_keepAlive = false;
    bool m_receivedAny = false;
    QByteArray m_reason;
    QList<std::pair<QByteArray, QByteArray>> m_headers;
    QString m_error;
};

} // namespace PlainHttp
