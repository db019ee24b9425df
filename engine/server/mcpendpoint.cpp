// SPDX-License-Identifier: GPL-3.0-or-later
#include "mcpendpoint.h"

#include "base/randomtoken.h"
#include "httpconnection.h"
#include "mcp/jsonrpc.h"
#include "mcp/mcpsession.h"
#include "workspace/workspace.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTimer>
#include <QTimerEvent>

using namespace Qt::StringLiterals;

namespace {

// Where a request's messages go when it has no id of its own (a parse error) or none could be matched.
const QString kNoId = u"-"_s;

QByteArray toJson(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

} // namespace

McpEndpoint::McpEndpoint(WorkspaceLookup workspaces, LimitsLookup limits, const McpContext &context,
                         QObject *parent)
    : QObject(parent)
    , m_workspaces(std::move(workspaces))
    , m_limits(std::move(limits))
    , m_context(context)
    , m_sweep(new QTimer(this))
{
    m_sweep->setInterval(60 * 1000);
    connect(m_sweep, &QTimer::timeout, this, &McpEndpoint::sweep);
    m_sweep->start();
}

McpEndpoint::~McpEndpoint()
{
    const QStringList ids = m_sessions.keys();
    for (const QString &id : ids)
        remove(id);
}

void McpEndpoint::setLogging(bool enabled)
{
    m_context.logging = enabled;
    for (const Entry &entry : std::as_const(m_sessions))
        entry.session->setLogging(enabled);
}

void McpEndpoint::sendRpcError(HttpConnection *connection, int status, int code, const QString &message)
{
    connection->sendResponse(status, "application/json",
                             toJson(JsonRpcMessage::errorMessage(QJsonValue::Undefined, code, message)));
}

void McpEndpoint::refuseTooLarge(HttpConnection *connection, const HttpRequest &request, qint64 limit)
{
    const QString message =
        u"Payload Too Large: the message is %1 bytes; an MCP message may be at most %2 bytes (%3 MiB)"_s
            .arg(request.declaredLength)
            .arg(limit)
            .arg(double(limit) / (1024 * 1024), 0, 'g', 3);
    // A client that names what it accepts and leaves JSON out (MCP's clients all take it) reads plain text.
    const QByteArray accept = request.header("accept").toLower();
    if (!accept.isEmpty() && !accept.contains("application/json") && !accept.contains("application/*") &&
        !accept.contains("*/*")) {
        connection->sendResponse(413, "text/plain; charset=utf-8", message.toUtf8() + '\n', {}, true);
        return;
    }
    connection->sendResponse(
        413, "application/json",
        toJson(JsonRpcMessage::errorMessage(QJsonValue::Undefined, JsonRpcMessage::InvalidRequest, message)),
        {}, true);
}

QJsonObject McpEndpoint::httpErrorBody(const QString &message)
{
    return JsonRpcMessage::errorMessage(QJsonValue::Undefined, -32000, message);
}

void McpEndpoint::handle(HttpConnection *connection, const HttpRequest &request)
{
    const QByteArray sessionId = request.header("mcp-session-id");
    if (request.method == "POST") {
        post(connection, request);
        return;
    }
    if (request.method == "DELETE") {
        const auto it = m_sessions.constFind(QString::fromLatin1(sessionId));
        if (sessionId.isEmpty() || it == m_sessions.constEnd() || it->workspace != request.workspace) {
            sendRpcError(connection, 404, -32001,
                         u"Session not found: no MCP session \"%1\" for this key"_s.arg(
                             QString::fromLatin1(sessionId.left(80))));
            return;
        }
        remove(QString::fromLatin1(sessionId));
        connection->sendResponse(200, "application/json", "{}");
        return;
    }
    connection->sendResponse(
        405, "application/json",
        toJson(JsonRpcMessage::errorMessage(
            QJsonValue::Undefined, -32000,
            u"%1 is not allowed on /mcp: POST a JSON-RPC message, DELETE to end a session "
            "(this server opens no standalone GET stream)"_s.arg(
                QString::fromLatin1(request.method.left(20))))),
        {{"Allow", "POST, DELETE"}});
}

McpSession *McpEndpoint::createLocalSession(const QString &workspace, QObject *parent)
{
    McpContext context = m_context;
    context.workspace = m_workspaces(workspace);
    if (!context.workspace)
        return nullptr;
    context.limits = m_limits(workspace);
    return new McpSession(context, randomToken(u"mcpl_"_s, 32), parent);
}

McpSession *McpEndpoint::createSession(const QString &workspace, QString *id)
{
    // Past the limit, the session unused longest without a running call makes room.
    if (m_sessions.size() >= MaxSessions) {
        QString oldest;
        qint64 oldestMs = std::numeric_limits<qint64>::max();
        for (auto it = m_sessions.constBegin(); it != m_sessions.constEnd(); ++it) {
            if (it->session->runningCalls() == 0 && it->streams.isEmpty() && it->lastUsedMs < oldestMs) {
                oldest = it.key();
                oldestMs = it->lastUsedMs;
            }
        }
        if (oldest.isEmpty())
            return nullptr;
        remove(oldest);
    }
    *id = randomToken(u"mcps_"_s, 32);
    McpContext context = m_context;
    context.workspace = m_workspaces(workspace);
    context.limits = m_limits(workspace);
    auto *session = new McpSession(context, *id, this);
    Entry entry;
    entry.session = session;
    entry.workspace = workspace;
    entry.lastUsedMs = QDateTime::currentMSecsSinceEpoch();
    m_sessions.insert(*id, entry);
    connect(session, &McpSession::sendMessage, this,
            [this, sid = *id](const QJsonObject &message, const QJsonValue &related) {
                route(sid, message, related);
            });
    return session;
}

void McpEndpoint::post(HttpConnection *connection, const HttpRequest &request)
{
    const QByteArray contentType = request.header("content-type").toLower();
    if (!contentType.startsWith("application/json")) {
        sendRpcError(connection, 415, JsonRpcMessage::InvalidRequest,
                     u"Content-Type must be application/json (one JSON-RPC message)"_s);
        return;
    }
    const QByteArray accept = request.header("accept").toLower();
    if (!accept.isEmpty() && !accept.contains("application/json") && !accept.contains("*/*")) {
        sendRpcError(connection, 406, JsonRpcMessage::InvalidRequest,
                     u"Accept must include application/json and text/event-stream"_s);
        return;
    }
    if (request.body.size() > McpSession::MaxMessageBytes) {
        sendRpcError(connection, 413, JsonRpcMessage::InvalidRequest,
                     u"the message is %1 bytes; a message may be at most %2 bytes"_s.arg(request.body.size())
                         .arg(McpSession::MaxMessageBytes));
        return;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(request.body, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        sendRpcError(connection, 400, JsonRpcMessage::ParseError,
                     u"Parse error: not valid JSON at offset %1 (%2)"_s.arg(parseError.offset)
                         .arg(parseError.errorString()));
        return;
    }
    if (!doc.isObject()) {
        sendRpcError(connection, 400, JsonRpcMessage::InvalidRequest,
                     doc.isArray() ? u"JSON-RPC batches are not accepted: POST one message at a time"_s
                                   : u"Invalid Request: a JSON-RPC message must be a JSON object"_s);
        return;
    }
    const JsonRpcMessage message = JsonRpcMessage::fromJson(doc.object());
    QString sessionId = QString::fromLatin1(request.header("mcp-session-id"));
    const bool initialize = message.kind == JsonRpcMessage::Kind::Request && message.method == u"initialize";
    const QByteArray version = request.header("mcp-protocol-version");
    // A stateless revision (2026-07-28) needs no session: each request is answered by a session of its own.
    const bool stateless = sessionId.isEmpty() &&
                           (!McpSession::statelessVersionOf(doc.object()).isEmpty() ||
                            McpSession::statelessProtocolVersions().contains(QString::fromLatin1(version)));
    if (sessionId.isEmpty()) {
        if (stateless && message.kind != JsonRpcMessage::Kind::Request) {
            // Without a session there is nothing a notification or response could be about; a stateless
            // client cancels a call by closing its request.
            connection->sendResponse(202, "application/json", {});
            return;
        }
        if (!initialize && !stateless) {
            sendRpcError(connection, 400, -32000,
                         u"Bad Request: the Mcp-Session-Id header is required; start a session with an "
                         "initialize request (%1), or name %2 in each request's _meta without one"_s.arg(
                             McpSession::protocolVersions().join(u", "_s),
                             McpSession::statelessProtocolVersions().join(u", "_s)));
            return;
        }
        if (!createSession(request.workspace, &sessionId)) {
            sendRpcError(
                connection, 503, -32000,
                u"%1 MCP sessions are open and busy; end one (DELETE /mcp) or try later"_s.arg(MaxSessions));
            return;
        }
        m_sessions[sessionId].stateless = stateless;
    }
    auto it = m_sessions.find(sessionId);
    if (it == m_sessions.end() || it->workspace != request.workspace) {
        sendRpcError(
            connection, 404, -32001,
            u"Session not found: no MCP session \"%1\" for this key; start a new one with initialize"_s.arg(
                sessionId.left(80)));
        return;
    }
    static const QStringList versions =
        McpSession::statelessProtocolVersions() + McpSession::protocolVersions();
    if (!version.isEmpty() && !versions.contains(QString::fromLatin1(version))) {
        sendRpcError(connection, 400, -32000,
                     u"Bad Request: MCP-Protocol-Version \"%1\" is not supported; supported: %2"_s.arg(
                         QString::fromLatin1(version.left(40)), versions.join(u", "_s)));
        if (it->stateless)
            remove(sessionId);
        return;
    }
    Entry &entry = it.value();
    entry.lastUsedMs = QDateTime::currentMSecsSinceEpoch();
    if (message.kind == JsonRpcMessage::Kind::Notification ||
        message.kind == JsonRpcMessage::Kind::Response) {
        entry.session->receiveMessage(message);
        connection->sendResponse(202, "application/json", {}, {{SessionHeader, sessionId.toLatin1()}});
        return;
    }
    auto *stream = new Stream;
    stream->connection = connection;
    stream->acceptsSse = accept.contains("text/event-stream");
    stream->pending.insert(message.kind == JsonRpcMessage::Kind::Request ? JsonRpcMessage::idKey(message.id)
                                                                         : kNoId);
    entry.streams.append(stream);
    entry.current = stream;
    McpSession *session = entry.session;
    session->receiveMessage(message);
    // The session may be gone (a DELETE cannot come in between, but be safe) or the answer already sent.
    it = m_sessions.find(sessionId);
    if (it == m_sessions.end())
        return;
    it->current = nullptr;
    if (!it->streams.contains(stream))
        return; // answered at once, as JSON
    // The answer comes later: as plain JSON when nothing else is sent before it (a quick call), else as an
    // SSE stream that begins with the first progress notification or elicitation request, or when the call
    // has been quiet for KeepAliveMs (then comments keep proxies and clients from timing out).
    stream->sessionId = sessionId;
    if (stream->acceptsSse) {
        stream->keepAlive = startTimer(KeepAliveMs);
        m_keepAlive.insert(stream->keepAlive, stream);
        for (const QJsonObject &m : std::as_const(stream->responses))
            if (m.contains(u"method"_s)) {
                beginSse(stream);
                break;
            }
    }
    // A client that goes away stops its calls (the container stays).
    stream->closed = connect(connection, &HttpConnection::closed, this, [this, sessionId, stream] {
        const auto e = m_sessions.find(sessionId);
        if (e == m_sessions.end() || !e->streams.contains(stream))
            return;
        QList<QJsonValue> ids;
        for (const QString &key : std::as_const(stream->pending)) {
            if (key.startsWith(u"s:"))
                ids.append(key.mid(2));
            else if (key.startsWith(u"n:"))
                ids.append(key.mid(2).toDouble());
        }
        e->streams.removeAll(stream);
        if (e->current == stream)
            e->current = nullptr;
        dropStream(stream);
        e->session->cancelRequests(ids);
    });
}

void McpEndpoint::timerEvent(QTimerEvent *event)
{
    Stream *stream = m_keepAlive.value(event->timerId());
    if (!stream) {
        QObject::timerEvent(event);
        return;
    }
    beginSse(stream);
    if (stream->connection)
        stream->connection->writeStream(": keep-alive\n\n");
}

void McpEndpoint::route(const QString &sessionId, const QJsonObject &message, const QJsonValue &related)
{
    const auto it = m_sessions.find(sessionId);
    if (it == m_sessions.end())
        return;
    Entry &entry = it.value();
    const QString key = related.isUndefined() || related.isNull() ? kNoId : JsonRpcMessage::idKey(related);
    Stream *stream = nullptr;
    for (Stream *s : std::as_const(entry.streams))
        if (s->pending.contains(key))
            stream = s;
    if (!stream)
        stream = entry.current;
    if (!stream)
        return; // its request's client went away; there is no standalone stream to carry it
    const bool isResponse = !message.contains(u"method"_s);
    // Something besides the answer, once the request was taken: the answer will come as SSE.
    if (!isResponse && !stream->sse && stream->acceptsSse && entry.current != stream)
        beginSse(stream);
    if (stream->sse)
        writeEvent(stream, message);
    else if (isResponse || stream->acceptsSse)
        stream->responses.append(message); // JSON mode keeps only answers; SSE not begun yet keeps all
    if (isResponse) {
        stream->pending.remove(key);
        if (key != kNoId && stream->pending.contains(kNoId))
            stream->pending.remove(kNoId);
        if (stream->pending.isEmpty())
            finishStream(sessionId, entry, stream);
    }
}

void McpEndpoint::beginSse(Stream *stream)
{
    if (stream->sse || !stream->connection)
        return;
    stream->sse = true;
    const bool stateless = m_sessions.value(stream->sessionId).stateless;
    stream->connection->beginStream(
        200, "text/event-stream",
        stateless ? QList<QPair<QByteArray, QByteArray>>()
                  : QList<QPair<QByteArray, QByteArray>>{{SessionHeader, stream->sessionId.toLatin1()}});
    const QList<QJsonObject> early = std::exchange(stream->responses, {});
    for (const QJsonObject &m : early)
        writeEvent(stream, m);
}

void McpEndpoint::writeEvent(Stream *stream, const QJsonObject &message)
{
    if (stream->connection)
        stream->connection->writeStream("event: message\ndata: " + toJson(message) + "\n\n");
}

void McpEndpoint::dropStream(Stream *stream)
{
    QObject::disconnect(stream->closed);
    if (stream->keepAlive) {
        killTimer(stream->keepAlive);
        m_keepAlive.remove(stream->keepAlive);
    }
    delete stream;
}

void McpEndpoint::finishStream(const QString &sessionId, Entry &entry, Stream *stream)
{
    entry.streams.removeAll(stream);
    if (entry.current == stream)
        entry.current = nullptr;
    const QPointer<HttpConnection> connection = stream->connection;
    const bool sse = stream->sse;
    QJsonObject answer;
    for (const QJsonObject &m : std::as_const(stream->responses))
        if (!m.contains(u"method"_s))
            answer = m;
    dropStream(stream);
    if (entry.stateless && entry.streams.isEmpty()) {
        // Its one request is answered: the session goes (after this call has returned through it).
        QTimer::singleShot(0, this, [this, sessionId] { remove(sessionId); });
    }
    if (!connection)
        return;
    if (sse)
        connection->endStream();
    else if (entry.stateless)
        connection->sendResponse(200, "application/json", toJson(answer));
    else
        connection->sendResponse(200, "application/json", toJson(answer),
                                 {{SessionHeader, sessionId.toLatin1()}});
}

void McpEndpoint::remove(const QString &id)
{
    const auto it = m_sessions.find(id);
    if (it == m_sessions.end())
        return;
    Entry entry = it.value();
    m_sessions.erase(it);
    for (Stream *stream : std::as_const(entry.streams)) {
        const QPointer<HttpConnection> connection = stream->connection;
        const bool sse = stream->sse;
        dropStream(stream);
        if (connection && sse)
            connection->endStream();
    }
    entry.session->close();
    entry.session->deleteLater();
}

void McpEndpoint::sweep()
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    QStringList idle;
    for (auto it = m_sessions.constBegin(); it != m_sessions.constEnd(); ++it)
        if (it->session->runningCalls() == 0 && it->streams.isEmpty() && now - it->lastUsedMs > SessionIdleMs)
            idle.append(it.key());
    for (const QString &id : std::as_const(idle))
        remove(id);
}
