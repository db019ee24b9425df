// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "mcp/mcpcontext.h"

#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QSet>

#include <functional>

class HttpConnection;
class McpSession;
class QTimer;
struct HttpRequest;

// MCP's Streamable HTTP transport at /mcp of the local API (SPEC 11). The ApiServer has checked the Host,
// Origin and key (which decides the workspace) before a request gets here. POST carries one JSON-RPC
// message: notifications and responses get 202; a request gets its answer as JSON when nothing else is sent
// before it, else as an SSE stream (begun by the first progress notification or elicitation request, or
// after KeepAliveMs of quiet) that ends with its response. initialize makes a session (Mcp-Session-Id); later
// requests must name it, and only the key's own workspace can use it; DELETE ends it. A request of the
// stateless revision (2026-07-28: the version in its _meta or MCP-Protocol-Version) needs no session: it gets
// one of its own, removed once it is answered, and no Mcp-Session-Id. GET (a standalone server stream) is
// 405: everything the server sends belongs to a request.
class McpEndpoint : public QObject
{
    Q_OBJECT
public:
    static constexpr int MaxSessions = 64;
    static constexpr qint64 SessionIdleMs = 60LL * 60 * 1000;
    static constexpr int KeepAliveMs = 15000;
    // The session header, as the spec names it (headers are read in lower case).
    static constexpr char SessionHeader[] = "Mcp-Session-Id";

    // context: what every session's calls share (meter, logging, followLoop); workspace and limits are
    // filled per session from the key's workspace.
    using WorkspaceLookup = std::function<Workspace *(const QString &name)>;
    using LimitsLookup = std::function<SessionLimits(const QString &name)>;
    McpEndpoint(WorkspaceLookup workspaces, LimitsLookup limits, const McpContext &context,
                QObject *parent = nullptr);
    ~McpEndpoint() override;

    static bool claimsPath(const QString &path) { return path == u"/mcp" || path == u"/mcp/"; }
    // Answers a POST whose declared body is over limit, from its head alone (its body is never read in):
    // 413 with a JSON-RPC error (id null) naming the limit when the client takes JSON, else the same words
    // as text. The connection closes after the answer.
    static void refuseTooLarge(HttpConnection *connection, const HttpRequest &request, qint64 limit);
    // The body of an HTTP-level refusal of /mcp (a bad Host, Origin or key): a JSON-RPC error, id null.
    static QJsonObject httpErrorBody(const QString &message);
    void setLogging(bool enabled);
    int sessionCount() const { return int(m_sessions.size()); }
    void handle(HttpConnection *connection, const HttpRequest &request);
    // A session of workspace for another transport (a `sandbench mcp` relay on the engine's local socket):
    // the same context as this endpoint's sessions, owned by parent.
    McpSession *createLocalSession(const QString &workspace, QObject *parent);

private:
    struct Stream
    {
        QPointer<HttpConnection> connection;
        QSet<QString> pending;        // id keys of the requests still to be answered
        QList<QJsonObject> responses; // JSON mode: the answers so far
        bool sse = false;
        bool acceptsSse = false;
        QString sessionId;
        int keepAlive = 0;              // the endpoint's timer id while it waits (see timerEvent)
        QMetaObject::Connection closed; // the client going away cancels the pending requests
    };
    struct Entry
    {
        McpSession *session = nullptr;
        QString workspace;
        qint64 lastUsedMs = 0;
        QList<Stream *> streams;
        Stream *current = nullptr; // the POST being handled right now (errors without an id go there)
        bool stateless = false;    // made for one request of a stateless revision (2026-07-28)
    };

    void post(HttpConnection *connection, const HttpRequest &request);
    // A stream quiet for KeepAliveMs: SSE begins (if it had not) and a comment goes out. One timer id per
    // waiting stream on this object, not a QTimer each: every tools/call has one.
    void timerEvent(QTimerEvent *event) override;
    void remove(const QString &id);
    McpSession *createSession(const QString &workspace, QString *id);
    void route(const QString &sessionId, const QJsonObject &message, const QJsonValue &related);
    void finishStream(const QString &sessionId, Entry &entry, Stream *stream);
    void dropStream(Stream *stream);
    // Turns a waiting answer into an SSE stream and sends what was held back.
    void beginSse(Stream *stream);
    void writeEvent(Stream *stream, const QJsonObject &message);
    void sweep();
    void sendRpcError(HttpConnection *connection, int status, int code, const QString &message);

    WorkspaceLookup m_workspaces;
    LimitsLookup m_limits;
    McpContext m_context;
    QHash<QString, Entry> m_sessions;
    QHash<int, Stream *> m_keepAlive; // timer id -> the stream it keeps alive
    QTimer *m_sweep = nullptr;
};
