// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QByteArrayView>

#include <functional>

// MCP's stdio framing, shared by `sandbench mcp` (McpStdio) and the engine's local socket (McpSocketServer):
// newline-delimited messages of at most a limit each. Blank lines are skipped; a line past the limit is
// reported once and dropped up to its newline, never kept whole in memory.
class McpLineReader
{
public:
    explicit McpLineReader(qint64 limit)
        : m_limit(limit)
    {}

    // Feeds bytes as read: line() for each complete, non-blank line; tooLong() once for each line past the
    // limit.
    void feed(QByteArrayView data, const std::function<void(const QByteArray &)> &line,
              const std::function<void()> &tooLong);
    // End of input: the last line when it had no newline (empty when there is none or it was too long).
    QByteArray finish();

private:
    qint64 m_limit;
    QByteArray m_buffer;
    bool m_skipping = false; // inside a line past the limit
};
