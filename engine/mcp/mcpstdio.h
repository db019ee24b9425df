// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "mcplinereader.h"

#include <QByteArray>
#include <QJsonObject>
#include <QObject>

class McpSession;
class QSocketNotifier;

// MCP's stdio transport for `sandbench mcp`: newline-delimited JSON-RPC messages on standard input, answers
// on standard output and nothing else. The output descriptor is taken over at construction: fd 1 itself is
// pointed at stderr, so nothing else in the process (a warning, a child that inherits it) can write into
// the protocol stream. A line longer than McpSession::MaxMessageBytes is answered with an error and skipped.
// End of input ends the session: finished() follows once its running calls are cancelled.
class McpStdio : public QObject
{
    Q_OBJECT
public:
    McpStdio(McpSession *session, int inputFd = 0, int outputFd = 1, QObject *parent = nullptr);
    ~McpStdio() override;

    bool isValid() const { return m_out >= 0; }

Q_SIGNALS:
    void finished();

private:
    void onReadable();
    void send(const QJsonObject &message);
    void processLine(const QByteArray &line);
    // A message past the limit: the error goes to its own request when its id could be read.
    void refuseTooLong(const QJsonValue &id);

    McpSession *m_session = nullptr;
    int m_in = -1;
    int m_out = -1;
    QSocketNotifier *m_notifier = nullptr;
    McpLineReader m_reader;
};
