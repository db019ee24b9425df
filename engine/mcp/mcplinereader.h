// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QJsonValue>

#include <functional>

// MCP's stdio framing, shared by `sandbench mcp` (McpStdio) and the engine's local socket (McpSocketServer):
// newline-delimited messages of at most a limit each. Blank lines are skipped; a line past the limit is
// dropped up to its newline, never kept whole in memory, and reported once when it ends, with the request id
// read from its first or last bytes (where JSON-RPC clients put it), so the client's own request gets the
// error instead of waiting for an answer that cannot come.
class McpLineReader
{
public:
    // How many bytes of a skipped line's start and end are kept to find its id.
    static constexpr qsizetype EdgeBytes = 256;

    explicit McpLineReader(qint64 limit)
        : m_limit(limit)
    {}

    using TooLong = std::function<void(const QJsonValue &id)>;

    // Feeds bytes as read: line() for each complete, non-blank line; tooLong() once for each line past the
    // limit, when its newline arrives, with its id (undefined when none could be read).
    void feed(QByteArrayView data, const std::function<void(const QByteArray &)> &line,
              const TooLong &tooLong);
    // End of input: the last line when it had no newline (empty when there is none or it was too long; a
    // too long one is reported to tooLong).
    QByteArray finish(const TooLong &tooLong);

    // The top-level "id" of a JSON-RPC request known only by its first and last bytes: a number or a short
    // string right after the opening brace (optionally after "jsonrpc":"2.0"), or right before the closing
    // one. Undefined when neither edge has one, or when the start does not show a request ("method" among
    // the first members): a response's id is not one the client waits on.
    static QJsonValue idOfEdges(QByteArrayView head, QByteArrayView tail);

private:
    void keepEdges(QByteArrayView part);

    qint64 m_limit;
    QByteArray m_buffer;
    bool m_skipping = false; // inside a line past the limit
    QByteArray m_head;       // a skipped line's first EdgeBytes
    QByteArray m_tail;       // and its last EdgeBytes (so far)
};
