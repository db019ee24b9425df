// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "mcpcontext.h"

#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QPointer>

class AgentLoop;
class Container;
class ContainerHistory;
struct AgentToolCall;
struct AgentToolResult;
struct AgentOutcome;
struct AgentError;

// One MCP tools/call of a Sandbench tool. shell, python and write_file run as a server-tool call of the one
// agent loop (AgentLoop::startDirect), so container choice, limits, network policy, the approval gate, the
// tool-output guardrails, the history entry, the meter, the request log (api "mcp") and the live view are
// the same as for a model's call; read_file and list_files read the container's home through FileStore
// (openat2 RESOLVE_BENEATH) on the file pool. Emits finished() once with the CallToolResult, or cancelled().
class McpToolRun : public QObject
{
    Q_OBJECT
public:
    // request: the tools/call's params, as the request log keeps them (serialised only for a log that keeps
    // bodies, after the answer went out).
    McpToolRun(const McpContext &context, const QString &tool, const QJsonObject &arguments,
               const QJsonObject &request, QObject *parent = nullptr);
    ~McpToolRun() override;

    QString tool() const { return m_tool; }
    void start();
    // The agent loop's request id of a running shell, python or write_file call (approval asks name it).
    QString agentRequestId() const;
    // Kills the running command (the container stays); cancelled() follows, never finished().
    void cancel();

    // A CallToolResult that reports a tool error (isError) with this text.
    static QJsonObject errorResult(const QString &message);

Q_SIGNALS:
    // Live text of the running call: a command as it starts ("$ cmd") and its output as it streams.
    void output(const QString &text);
    void containerUsed(const QString &containerId);
    void finished(const QJsonObject &result);
    void cancelled();

private:
    void startLoop();
    // The container_id argument's container, or null after completing with a tool error.
    Container *findContainer();
    void startFileRead();
    void startFileList();
    void onToolCallFinished(const AgentToolCall &call, const AgentToolResult &result);
    void onLoopFinished(const AgentOutcome &outcome);
    void onLoopFailed(const AgentError &error);
    void complete(const QJsonObject &result, int status);

    McpContext m_context;
    QString m_tool;
    QJsonObject m_arguments;
    QJsonObject m_request;
    QString m_relativePath; // read_file, write_file, list_files
    QPointer<AgentLoop> m_loop;
    QJsonObject m_loopResult;
    QString m_containerId;
    QString m_home; // shell: the container's home, and its files before the call (resource_link items)
    QHash<QString, QPair<qint64, qint64>> m_filesBefore;
    // The container's history and its count of commits that may have changed home, as the call started:
    // unchanged at the end, the commands changed no file and home is not read again.
    QPointer<ContainerHistory> m_history;
    quint64 m_changingBefore = 0;
    bool m_done = false;
    qint64 m_startMs = 0;
};
