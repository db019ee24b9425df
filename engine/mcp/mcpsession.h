// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "mcpcontext.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QStringList>

class ApprovalBroker;
class McpToolRun;
class QThreadPool;
struct ApprovalRequest;
struct JsonRpcMessage;

// One MCP session (SPEC 11): the protocol core both transports share. It takes JSON-RPC messages as bytes,
// answers through sendMessage() and runs Sandbench's tools (McpToolRun) in its workspace: initialize with
// version negotiation, ping, tools/list, tools/call (progress notifications carry live output; a
// notifications/cancelled kills the running command), resources/list, resources/read and
// resources/templates/list; approval asks go to the client as elicitation/create when it declared the
// capability. Requests of the stateless revision (2026-07-28) are answered without initialize
// (server/discover, the version in each request's _meta). Malformed JSON-RPC gets JSON-RPC errors; a tool's
// own failures are results with isError.
class McpSession : public QObject
{
    Q_OBJECT
public:
    // The most one message may be, in bytes (a stdio line, an HTTP body).
    static constexpr qint64 MaxMessageBytes = 4 * 1024 * 1024;
    // Tool calls one session may run at once; more get a tool error.
    static constexpr int MaxRunningCalls = 16;

    // The protocol versions spoken, newest first; initialize answers with the client's when it is one of
    // these, else with the newest.
    static QStringList protocolVersions();
    // The stateless revisions (2026-07-28): no initialize; each request names its version, client and
    // capabilities in params._meta (VersionMetaKey, …), and server/discover says what the server speaks.
    static QStringList statelessProtocolVersions();
    static constexpr char VersionMetaKey[] = "io.modelcontextprotocol/protocolVersion";
    // MCP's error for a revision the server does not speak (data: supported, requested).
    static constexpr int UnsupportedProtocolVersion = -32022;
    // The revision a message's params._meta names (empty when it names none: the initialize era).
    static QString statelessVersionOf(const QJsonObject &message);

    McpSession(const McpContext &context, const QString &id, QObject *parent = nullptr);
    ~McpSession() override;

    QString id() const { return m_id; }
    QString workspaceName() const;
    bool isInitialized() const { return !m_protocolVersion.isEmpty(); }
    QString protocolVersion() const { return m_protocolVersion; }
    QString clientName() const { return m_context.clientName; }
    bool clientElicits() const { return m_elicitation; }
    int runningCalls() const { return int(m_runs.size()); }
    // Request log and broadcast for the calls that start from now on.
    void setLogging(bool enabled) { m_context.logging = enabled; }

    // One message (a JSON object) as received. related: the transport's handle for this message's own
    // requests (HTTP: its POST), passed back with everything sent about them.
    void receive(const QByteArray &bytes);
    void receiveJson(const QJsonValue &message);
    // The same, already read as a JSON-RPC message (the HTTP transport reads it to route the answer).
    void receiveMessage(const JsonRpcMessage &message);
    // Ends every running call (the transport closed); nothing more is sent.
    void close();
    // Cancels the calls of these request ids (an HTTP stream whose client went away).
    void cancelRequests(const QList<QJsonValue> &ids);

Q_SIGNALS:
    // A message for the client. relatedRequest: the id of the client's request it answers or belongs to
    // (progress, elicitation), or undefined for none.
    void sendMessage(const QJsonObject &message, const QJsonValue &relatedRequest);
    // The client may have lost interest: every call ended (the HTTP transport closes idle sessions).
    void idle();

private:
    void handleRequest(const JsonRpcMessage &message);
    void handleNotification(const JsonRpcMessage &message);
    void handleResponse(const JsonRpcMessage &message);
    QJsonObject initialize(const QJsonObject &params);
    // A request of a stateless revision: answered without a session handshake.
    void handleStatelessRequest(const JsonRpcMessage &message);
    QJsonObject serverInfo() const;
    static QJsonArray resourceTemplates();
    static QJsonObject capabilities();
    static QString instructions();
    void callTool(const QJsonValue &id, const QJsonObject &params);
    void listResources(const QJsonValue &id, const QJsonObject &params);
    void readResource(const QJsonValue &id, const QJsonObject &params);
    void reply(const QJsonValue &id, const QJsonObject &result);
    void replyError(const QJsonValue &id, int code, const QString &message,
                    const QJsonValue &data = QJsonValue::Undefined);
    void onApprovalRequested(const ApprovalRequest &request);
    void onApprovalClosed(const QString &approvalId);

    McpContext m_context;
    QString m_id;
    QString m_protocolVersion;
    bool m_elicitation = false;
    bool m_closed = false;
    ApprovalBroker *m_ownApprovals = nullptr; // when the client elicits
    QThreadPool *m_pool = nullptr;
    QHash<QString, QPointer<McpToolRun>> m_runs;     // request id key -> its run
    QHash<QString, QJsonValue> m_runIds;             // request id key -> the id as sent
    QHash<QString, QString> m_approvalOf;            // elicitation request id key -> approval id
    QHash<QString, QString> m_elicitationFor;        // approval id -> elicitation request id key
    QHash<QString, QJsonValue> m_elicitationRelated; // elicitation id key -> the tools/call's id
    QStringList m_containers;                        // the containers this session's calls used, in order
    // Stateless requests still to be answered (id key -> whether the answer is a list, which says how long
    // it may be cached): their results carry resultType, the server's info and, for lists, ttlMs.
    QHash<QString, bool> m_stateless;
    qint64 m_nextRequestId = 1;
};
