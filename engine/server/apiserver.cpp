// SPDX-License-Identifier: GPL-3.0-or-later
#include "apiserver.h"

#include "apikeys.h"
#include "base/datadir.h"
#include "base/workspacesettings.h"
#include "eventhub.h"
#include "filesapi.h"
#include "gateway/agentloop.h"
#include "gateway/approvalbroker.h"
#include "gateway/format/geminiformat.h"
#include "gateway/format/wireformat.h"
#include "gateway/requestlog.h"
#include "gateway/requestobserver.h"
#include "httpconnection.h"
#include "livepublish.h"
#include "mcp/mcpsession.h"
#include "mcpendpoint.h"
#include "mcpsocketserver.h"
#include "models/providerregistry.h"
#include "sandbox/container.h"
#include "sandbox/containermanager.h"
#include "sandbox/history/containerregistry.h"
#include "sandbox/history/fileorigins.h"
#include "sandbox/history/filestore.h"
#include "sandbox/history/meter.h"
#include "sandbox/net/networkpolicy.h"
#include "sandbox/sandboxsettings.h"
#include "workspace/workspace.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFutureWatcher>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QThreadPool>
#include <QTimer>
#include <QUrlQuery>
#include <QUuid>
#include <QtConcurrent/QtConcurrentRun>

#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>

using namespace Qt::StringLiterals;

// Every request body the server accepts fits in the log whole.
static_assert(ApiServer::DefaultMaxBodyBytes <= RequestLog::MaxBodyBytes);

namespace {

QByteArray toJson(const QJsonObject &obj)
{
    return QJsonDocument(obj).toJson(QJsonDocument::Compact);
}

QString bearerKey(const QByteArray &authorization)
{
    const QByteArray value = authorization.trimmed();
    if (value.toLower().startsWith("bearer "))
        return QString::fromLatin1(value.mid(7).trimmed());
    return {};
}

} // namespace

// Mirrors a loop's progress to the workspace's WebSocket viewers (the window's API activity panel, any other
// viewer): neutral events, the same whatever format the request came in.
void publishLive(AgentLoop *loop, EventHub *hub, const QString &workspace, const QString &api, bool stream)
{
    // Nothing is built for a request no viewer was watching when it started (the usual case for `serve`);
    // output chunks are the hot path.
    if (!hub || hub->clientCount() == 0)
        return;
    const QPointer<EventHub> h(hub);
    const QString requestId = loop->id();
    auto publish = [h, workspace, requestId](const QString &type, QJsonObject event) {
        if (!h)
            return;
        event.insert(u"type"_s, type);
        event.insert(u"request_id"_s, requestId);
        h->publish(workspace, event);
    };
    auto callIds = std::make_shared<QHash<int, QString>>();
    publish(u"request.started"_s,
            {{u"api"_s, api}, {u"model"_s, loop->request().model}, {u"stream"_s, stream}});
    QObject::connect(loop, &AgentLoop::toolCallStarted, hub,
                     [publish, callIds, loop](const AgentToolCall &call) {
                         callIds->insert(call.index, call.callId);
                         QJsonObject action = call.action.toJson();
                         action.insert(u"commands"_s, QJsonArray::fromStringList(call.displayCommands()));
                         // The tool in the caller's own words, so a viewer can show code as code.
                         QString tool = call.isCode()   ? loop->request().code->typeName()
                                        : call.isBash() ? u"openrouter:bash"_s
                                                        : u"openrouter:shell"_s;
                         publish(u"shell_call.started"_s, {{u"call_id"_s, call.callId},
                                                           {u"container_id"_s, call.containerId},
                                                           {u"action"_s, action},
                                                           {u"tool"_s, tool},
                                                           {u"code_function"_s, call.codeFunction}});
                     });
    QObject::connect(loop, &AgentLoop::commandStarted, hub,
                     [publish, callIds](int call, int command, const QString &text) {
                         publish(u"command.started"_s, {{u"call_id"_s, callIds->value(call)},
                                                        {u"command_index"_s, command},
                                                        {u"command"_s, text}});
                     });
    QObject::connect(loop, &AgentLoop::commandOutput, hub,
                     [publish, callIds](int call, int command, bool isStderr, const QString &text) {
                         publish(u"output.chunk"_s, {{u"call_id"_s, callIds->value(call)},
                                                     {u"command_index"_s, command},
                                                     {u"stream"_s, isStderr ? u"stderr"_s : u"stdout"_s},
                                                     {u"text"_s, text}});
                     });
    QObject::connect(loop, &AgentLoop::commandFinished, hub,
                     [publish, callIds](int call, int command, const CommandResult &result) {
                         const QJsonObject r = result.toJson();
                         publish(u"command.finished"_s, {{u"call_id"_s, callIds->value(call)},
                                                         {u"command_index"_s, command},
                                                         {u"outcome"_s, r.value(u"outcome"_s)},
                                                         {u"result"_s, r}});
                     });
    QObject::connect(loop, &AgentLoop::inputFileReceived, hub,
                     [publish](const QString &containerId, const QString &name, qint64 bytes) {
                         publish(u"file.received"_s,
                                 {{u"container_id"_s, containerId}, {u"name"_s, name}, {u"bytes"_s, bytes}});
                     });
    QObject::connect(loop, &AgentLoop::filesChanged, hub, [publish](const QString &containerId) {
        publish(u"files.changed"_s, {{u"container_id"_s, containerId}});
    });
    QObject::connect(loop, &AgentLoop::finished, hub, [publish](const AgentOutcome &outcome) {
        QJsonObject usage{{u"input_tokens"_s, outcome.usage.inputTokens},
                          {u"output_tokens"_s, outcome.usage.outputTokens}};
        if (outcome.metered)
            usage.insert(u"server_tool_cost"_s, outcome.serverToolCost);
        publish(u"request.finished"_s,
                {{u"status"_s, u"completed"_s}, {u"http_status"_s, 200}, {u"usage"_s, usage}});
    });
    QObject::connect(loop, &AgentLoop::failed, hub, [publish](const AgentError &error) {
        publish(
            u"request.finished"_s,
            {{u"status"_s, u"failed"_s}, {u"http_status"_s, error.httpStatus}, {u"error"_s, error.message}});
    });
}

namespace {

// origins: the container's FileOrigins, loaded: "user" for an upload as it arrived, "assistant" otherwise.
QJsonObject fileJson(const ContainerFile &file, const QString &containerId, const FileOrigins &origins)
{
    return {{u"id"_s, file.id},
            {u"object"_s, u"container.file"_s},
            {u"container_id"_s, containerId},
            {u"path"_s, QString(u"/mnt/data/"_s + file.path)}, // OpenAI's path; /workspace/home alike
            {u"bytes"_s, file.size},
            {u"created_at"_s, file.mtimeMs / 1000},
            {u"source"_s, origins.sourceOf(file)}};
}

} // namespace

// The model endpoints and the wire format that owns each; /v1/messages is where Anthropic's SDK posts when
// its base URL is the server's root, and Google's /v1beta/models/{model}:generateContent is served at the
// root and below /api alike.
static QString modelEndpoint(const QString &path)
{
    if (GeminiFormat::claimsPath(path))
        return u"gemini"_s;
    if (path == u"/api/v1/responses")
        return u"responses"_s;
    if (path == u"/api/v1/messages" || path == u"/v1/messages")
        return u"messages"_s;
    if (path == u"/api/v1/chat/completions")
        return u"chat/completions"_s;
    return {};
}

// OpenAI's own SDKs (Stainless-made, in every language: they send x-stainless-lang) get OpenAI's error bodies
// on the Responses and Chat Completions endpoints; other clients OpenRouter's, whose SDK validates a numeric
// code (and @ai-sdk/openai takes either).
static std::unique_ptr<WireFormat> formatFor(const QString &endpoint, const HttpRequest &request)
{
    std::unique_ptr<WireFormat> format = WireFormat::forEndpoint(endpoint);
    if (format && !request.header("x-stainless-lang").isEmpty())
        format->setErrorShape(WireFormat::ErrorShape::OpenAi);
    return format;
}

// /api/v1/containers/{id}/network[/…]: the Sandbench network extension, whose bodies are small.
static bool isNetworkPath(const QString &path)
{
    const QStringList parts = path.mid(8).split(u'/', Qt::SkipEmptyParts);
    return path.startsWith(u"/api/v1/") && parts.size() >= 3 && parts.at(0) == u"containers" &&
           parts.at(2) == u"network";
}

ApiServer::ApiServer(const QString &dataDir, QObject *parent)
    : QObject(parent)
    , m_dataDir(dataDir)
    , m_tcp(new QTcpServer(this))
    , m_keys(std::make_unique<ApiKeys>(dataDir))
    , m_meter(std::make_unique<Meter>())
    , m_events(new EventHub(this))
    , m_files(new FilesApi(
          dataDir, m_events, [this](const QString &name) { return workspace(name); }, this))
{
    // MCP's Streamable HTTP at /mcp: sessions of the key's workspace, live in the same viewers.
    McpContext mcp;
    mcp.meter = m_meter.get();
    mcp.followLoop = [this](AgentLoop *loop, const QString &workspace) {
        trackCalls(loop, workspace);
        publishLive(loop, m_events, workspace, u"mcp"_s, true);
    };
    m_mcp = new McpEndpoint([this](const QString &name) { return workspace(name); },
                            [this](const QString &name) {
                                WorkspaceSettings settings(ContainerRegistry(m_dataDir).workspaceDir(name));
                                settings.load(); // unreadable: the defaults
                                return settings.sessionLimits(
                                    true, workspace(name)->containers()->settings().hostedLimits);
                            },
                            mcp, this);
    m_mcpSockets = new McpSocketServer(
        dataDir,
        [this](const QString &name, QObject *parent) { return m_mcp->createLocalSession(name, parent); },
        this);
    QString error;
    if (!DataDir::open(dataDir, &error))
        qWarning("sandbench: %s", qPrintable(error));
    // A burst of connections waits in the kernel's queue until the loop takes it, instead of having its
    // handshakes dropped and retried seconds later (Qt's default queue is 50; the kernel caps this at
    // net.core.somaxconn).
    m_tcp->setListenBacklogSize(SOMAXCONN);
    connect(m_tcp, &QTcpServer::newConnection, this, &ApiServer::onNewConnection);
    connect(m_tcp, &QTcpServer::acceptError, this, &ApiServer::onAcceptError);
    // Hashing and copying container files runs here, never on the event loop, and not on the global pool
    // that shell calls use.
    m_filePool = new QThreadPool(this);
    m_filePool->setMaxThreadCount(4);
    struct rlimit files;
    const qint64 descriptors = ::getrlimit(RLIMIT_NOFILE, &files) == 0 ? qint64(files.rlim_cur) : 1024;
    m_maxUnauthenticated = int(std::clamp<qint64>(descriptors / 4, 16, 512));
    m_events->setAuthenticator([this](const QNetworkRequest &request) {
        QString key = QUrlQuery(request.url()).queryItemValue(u"key"_s);
        if (key.isEmpty())
            key = bearerKey(request.rawHeader("Authorization"));
        return eventsWorkspace(key);
    });
    // Every live viewer can answer an approval ask of its workspace (README "Approvals").
    connect(m_events, &EventHub::clientJoined, this, [this](const QString &name, QWebSocket *client) {
        ApprovalBroker *broker = workspace(name)->approvals();
        if (m_viewersAnswer)
            broker->addAnswerer();
        for (const ApprovalRequest &r : broker->pending()) {
            QJsonObject e = r.toJson();
            e.insert(u"type"_s, u"approval.pending"_s);
            m_events->send(client, e);
        }
    });
    connect(m_events, &EventHub::clientLeft, this, [this](const QString &name) {
        if (m_viewersAnswer)
            workspace(name)->approvals()->removeAnswerer();
    });
    connect(m_events, &EventHub::messageReceived, this,
            [this](const QString &name, QWebSocket *client, const QJsonObject &message) {
                if (message.value(u"type"_s).toString() != u"approval.decide") {
                    m_events->send(client, {{u"type"_s, u"error"_s},
                                            {u"message"_s, u"unknown message type; the one a client may send "
                                                           "is \"approval.decide\""_s}});
                    return;
                }
                const QString id = message.value(u"approval_id"_s).toString();
                const std::optional<ApprovalDecision> decision =
                    ApprovalAnswer::parseDecision(message.value(u"decision"_s).toString());
                QString error;
                if (!m_viewersAnswer)
                    error = u"this server does not take approval decisions from viewers (serve "
                            "--approvals-viewers)"_s;
                else if (!decision)
                    error = u"decision must be allow_once, allow_conversation or deny"_s;
                else
                    workspace(name)->approvals()->answer(id, *decision, message.value(u"note"_s).toString(),
                                                         u"websocket"_s, &error);
                if (!error.isEmpty())
                    m_events->send(
                        client,
                        {{u"type"_s, u"approval.error"_s}, {u"approval_id"_s, id}, {u"message"_s, error}});
            });
}

void ApiServer::setLoggingEnabled(bool enabled)
{
    m_logging = enabled;
    if (m_mcp)
        m_mcp->setLogging(enabled);
}

void ApiServer::setMaxUploadBytes(qint64 bytes)
{
    m_files->setMaxFileBytes(bytes);
}

void ApiServer::setApprovalOverride(std::optional<ApprovalMode> mode, int timeoutSeconds)
{
    m_approvalMode = mode;
    m_approvalTimeout = timeoutSeconds;
    for (Workspace *ws : std::as_const(m_workspaces))
        ws->overrideApprovals(mode, timeoutSeconds);
}

void ApiServer::watchApprovals(Workspace *ws)
{
    ws->overrideApprovals(m_approvalMode, m_approvalTimeout);
    Q_EMIT workspaceReady(ws);
    const QString name = ws->name();
    const QPointer<EventHub> hub(m_events);
    connect(ws->approvals(), &ApprovalBroker::requested, this, [hub, name](const ApprovalRequest &r) {
        QJsonObject e = r.toJson();
        e.insert(u"type"_s, u"approval.pending"_s);
        if (hub)
            hub->publish(name, e);
    });
    connect(ws->approvals(), &ApprovalBroker::resolved, this,
            [hub, name](const ApprovalRequest &r, const ApprovalAnswer &a) {
                if (hub)
                    hub->publish(name, {{u"type"_s, u"approval.resolved"_s},
                                        {u"approval_id"_s, r.id},
                                        {u"request_id"_s, r.requestId},
                                        {u"call_id"_s, r.callId},
                                        {u"decision"_s, ApprovalAnswer::decisionName(a.decision)},
                                        {u"by"_s, a.by},
                                        {u"note"_s, a.note}});
            });
    connect(ws->approvals(), &ApprovalBroker::withdrawn, this, [hub, name](const QString &id) {
        if (hub)
            hub->publish(name, {{u"type"_s, u"approval.resolved"_s},
                                {u"approval_id"_s, id},
                                {u"decision"_s, u"withdrawn"_s},
                                {u"by"_s, u"nobody"_s}});
    });
}

ApiServer::~ApiServer()
{
    *m_stopping = true;
    m_filePool->waitForDone();
    // Runs still going refer to the meter and the workspaces: end them while both exist.
    qDeleteAll(findChildren<AgentLoop *>(Qt::FindDirectChildrenOnly));
    // So do MCP sessions' calls (their loops use the meter too): the relayed ones first.
    delete std::exchange(m_mcpSockets, nullptr);
    delete std::exchange(m_mcp, nullptr);
    for (Workspace *ws : std::as_const(m_workspaces)) {
        if (ws->parent() == this)
            ws->containers()->stopAll(); // the ones lent by useWorkspace() belong to their owner
    }
}

void ApiServer::useWorkspace(Workspace *workspace)
{
    Workspace *old = m_workspaces.value(workspace->name());
    if (old == workspace)
        return;
    if (old && old->parent() == this) {
        old->containers()->stopAll();
        old->deleteLater();
    }
    m_workspaces.insert(workspace->name(), workspace);
    watchApprovals(workspace);
    watchEgress(workspace);
    publishMcpSocket(workspace->name());
}

void ApiServer::publishMcpSocket(const QString &name)
{
    if (!m_tcp->isListening() || !m_mcpSockets || m_mcpSockets->isPublished(name))
        return;
    QString error;
    if (!m_mcpSockets->publish(name, &error))
        qWarning("sandbench: `sandbench mcp` for workspace %s cannot relay to this engine: %s",
                 qPrintable(name), qPrintable(error));
}

QString ApiServer::createViewerKey(const QString &workspace)
{
    const QString key =
        u"sbv_"_s + QUuid::createUuid().toString(QUuid::Id128) + QUuid::createUuid().toString(QUuid::Id128);
    m_viewerKeys.insert(key, workspace);
    return key;
}

QString ApiServer::eventsWorkspace(const QString &key)
{
    if (const auto it = m_viewerKeys.constFind(key); it != m_viewerKeys.constEnd())
        return it.value();
    return m_keys->workspaceForKey(key).value_or(QString());
}

QAbstractSocket::SocketError ApiServer::listenError() const
{
    return m_tcp->serverError();
}

bool ApiServer::listen(const QHostAddress &address, quint16 port, QString *error)
{
    if (!m_tcp->listen(address, port)) {
        *error = u"cannot listen on %1:%2: %3"_s.arg(address.toString()).arg(port).arg(m_tcp->errorString());
        return false;
    }
    for (const QString &name : m_workspaces.keys())
        publishMcpSocket(name);
    return true;
}

quint16 ApiServer::port() const
{
    return m_tcp->serverPort();
}

void ApiServer::setTimeouts(int headTimeoutMs, int idleTimeoutMs)
{
    m_limits.headTimeoutMs = headTimeoutMs;
    m_limits.idleTimeoutMs = idleTimeoutMs;
}

void ApiServer::onNewConnection()
{
    while (QTcpSocket *socket = m_tcp->nextPendingConnection()) {
        if (int(m_unauthenticated.size()) >= m_maxUnauthenticated && !shedUnauthenticated()) {
            refuseBusy(socket);
            continue;
        }
        const quint64 serial = m_nextSerial++;
        auto *connection = new HttpConnection(socket, m_limits, this);
        m_unauthenticated.emplace(serial, connection);
        connection->setHeadFilter([this, serial](HttpConnection *c, HttpRequest &request) {
            return acceptHead(c, request, serial);
        });
        connect(connection, &HttpConnection::closed, this,
                [this, serial] { m_unauthenticated.erase(serial); });
        connect(connection, &HttpConnection::requestReady, this,
                [this, connection](const HttpRequest &request) { handle(connection, request); });
        connect(connection, &HttpConnection::upgradeRequested, this,
                [this, connection, serial](const HttpRequest &request) {
                    m_unauthenticated.erase(serial);
                    handleUpgrade(connection, request);
                });
    }
}

bool ApiServer::shedUnauthenticated()
{
    for (auto it = m_unauthenticated.begin(); it != m_unauthenticated.end(); ++it) {
        HttpConnection *connection = it->second;
        if (!connection->isIdle())
            continue;
        m_unauthenticated.erase(it);
        connection->abort();
        return true;
    }
    return false;
}

void ApiServer::refuseBusy(QTcpSocket *socket)
{
    socket->setParent(this);
    const QByteArray body =
        toJson(errorBody(ErrorShape::OpenAi, 503, u"server_busy"_s,
                         u"too many connections without a valid API key are open; try again later"_s));
    socket->write("HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nContent-Length: " +
                  QByteArray::number(body.size()) + "\r\nConnection: close\r\n\r\n" + body);
    connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
    socket->disconnectFromHost();
}

void ApiServer::onAcceptError()
{
    // Out of descriptors: QTcpServer pauses. Make room by closing a client that has shown no key, then listen
    // again (a little later when there was none, so a full table does not spin).
    if (shedUnauthenticated())
        QMetaObject::invokeMethod(m_tcp, &QTcpServer::resumeAccepting, Qt::QueuedConnection);
    else
        QTimer::singleShot(200, m_tcp, &QTcpServer::resumeAccepting);
}

bool ApiServer::hostAllowed(const QByteArray &hostHeader) const
{
    // No Host at all is no browser (browsers always send one), so nothing a web page can aim here.
    if (hostHeader.isEmpty())
        return true;
    const QByteArray host = hostHeader.toLower();
    QByteArray name = host;
    QByteArray portText;
    if (host.startsWith('[')) {
        const qsizetype close = host.indexOf(']');
        if (close < 0)
            return false;
        name = host.left(close + 1);
        const QByteArray rest = host.mid(close + 1);
        if (!rest.isEmpty() && !rest.startsWith(':'))
            return false;
        portText = rest.mid(1);
    } else if (const qsizetype colon = host.indexOf(':'); colon >= 0) {
        name = host.left(colon);
        portText = host.mid(colon + 1);
    }
    bool portOk = true;
    const uint port = portText.isEmpty() ? 0 : portText.toUInt(&portOk);
    if (!portOk || port > 65535)
        return false;
    if ((name == "localhost" || name == "127.0.0.1" || name == "[::1]") &&
        (portText.isEmpty() || port == this->port()))
        return true;
    for (const QString &allowed : m_allowedHosts) {
        const QByteArray a = allowed.toLatin1().toLower();
        if (a == "*" || a == host || a == name)
            return true;
    }
    return false;
}

bool ApiServer::originAllowed(const QByteArray &origin) const
{
    if (origin.isEmpty())
        return true;
    for (const QString &allowed : m_allowedOrigins) {
        if (allowed == u"*"_s || allowed.toLatin1().toLower() == origin.toLower())
            return true;
    }
    return false;
}

bool ApiServer::acceptHead(HttpConnection *connection, HttpRequest &request, quint64 serial)
{
    const FilesApi::Api filesApi = FilesApi::apiOf(request);
    const bool google = filesApi == FilesApi::Api::GeminiFiles || filesApi == FilesApi::Api::GeminiUpload;
    const QString endpoint = google                            ? u"gemini"_s
                             : filesApi != FilesApi::Api::None ? QString()
                                                               : modelEndpoint(request.path);
    const ErrorShape shape = endpoint == u"messages" || filesApi == FilesApi::Api::AnthropicFiles
                                 ? ErrorShape::Anthropic
                                 : ErrorShape::OpenAi;
    const bool mcp = McpEndpoint::claimsPath(request.path);
    const auto refuse = [&](const AgentError &error) {
        const std::unique_ptr<WireFormat> format = formatFor(endpoint, request);
        // MCP's clients read a JSON-RPC error (id null), as its Streamable HTTP servers send one.
        const QJsonObject body =
            mcp      ? McpEndpoint::httpErrorBody(error.message)
            : format ? format->errorBody(error)
                     : errorBody(shape, error.httpStatus, error.type, error.message, error.code);
        connection->sendResponse(error.httpStatus, "application/json", toJson(body), {}, true);
        return false;
    };
    const QByteArray host = request.header("host");
    if (!hostAllowed(host)) {
        return refuse({421,
                       u"invalid_request_error"_s,
                       u"Host \"%1\" is not served here: use localhost, 127.0.0.1 or [::1] with port %2, or "
                       "start `sandbench serve` with --allow-host NAME"_s.arg(QString::fromLatin1(host))
                           .arg(port()),
                       u"host_not_allowed"_s,
                       {}});
    }
    // A web page's request carries its Origin: a page must not drive the API with a key it learned (a key in
    // the URL, ?key=, needs no preflight from a browser). Programs send no Origin.
    const QByteArray origin = request.header("origin");
    if (!originAllowed(origin)) {
        return refuse({403,
                       u"permission_error"_s,
                       u"requests from web pages (Origin %1) are refused: start `sandbench serve` with "
                       "--allow-origin ORIGIN to allow that page"_s.arg(QString::fromLatin1(origin)),
                       u"origin_not_allowed"_s,
                       {}});
    }
    if (endpoint.isEmpty() && !request.path.startsWith(u"/api/v1/") && filesApi == FilesApi::Api::None &&
        !McpEndpoint::claimsPath(request.path))
        return refuse({404, u"not_found_error"_s, u"no endpoint at %1"_s.arg(request.path), {}, {}});
    request.workspace = authenticate(request);
    if (request.workspace.isEmpty()) {
        return refuse(
            {401,
             u"authentication_error"_s,
             u"missing or invalid API key: send %1 with a key made by `sandbench keys create`"_s.arg(
                 endpoint == u"gemini" ? u"x-goog-api-key: KEY (or ?key=KEY)"_s
                                       : u"Authorization: Bearer KEY (or x-api-key)"_s),
             u"invalid_api_key"_s,
             {}});
    }
    m_unauthenticated.erase(serial);
    // Uploads are streamed to disk under their own limits.
    if (filesApi != FilesApi::Api::None)
        return m_files->acceptHead(connection, request);
    if (McpEndpoint::claimsPath(request.path)) {
        // An MCP client reads JSON-RPC errors: the 413 is one (id null), the body read away unkept.
        const qint64 limit = std::min(m_limits.maxBodyBytes, McpSession::MaxMessageBytes);
        if (request.declaredLength > limit) {
            connection->setDrainLimit(8 * limit);
            McpEndpoint::refuseTooLarge(connection, request, limit);
            return false;
        }
        return true;
    }
    if (request.declaredLength > m_limits.maxBodyBytes) {
        // The key's owner gets to read the 413 instead of a reset: its body is read away (never kept).
        connection->setDrainLimit(8 * m_limits.maxBodyBytes);
        return refuse(
            {413,
             shape == ErrorShape::Anthropic ? u"request_too_large"_s : u"invalid_request_error"_s,
             u"the request body is %1 bytes; the limit is %2 bytes (%3 MiB)"_s.arg(request.declaredLength)
                 .arg(m_limits.maxBodyBytes)
                 .arg(m_limits.maxBodyBytes / (1024 * 1024)),
             {},
             {}});
    }
    if (request.declaredLength > MaxNetworkBodyBytes && isNetworkPath(request.path)) {
        connection->setDrainLimit(8 * MaxNetworkBodyBytes);
        return refuse({413,
                       u"invalid_request_error"_s,
                       u"the request body is %1 bytes; the network endpoints take at most %2 bytes"_s
                           .arg(request.declaredLength)
                           .arg(MaxNetworkBodyBytes),
                       u"request_too_large"_s,
                       {}});
    }
    return true;
}

QString ApiServer::authenticate(const HttpRequest &request)
{
    QString key = bearerKey(request.header("authorization"));
    if (key.isEmpty())
        key = QString::fromLatin1(request.header("x-api-key")).trimmed();
    // Google's clients send x-goog-api-key, or the key in the URL (?key=): only on Google's paths.
    if (key.isEmpty() && (GeminiFormat::claimsPath(request.path) || FilesApi::isGooglePath(request.path))) {
        key = QString::fromLatin1(request.header("x-goog-api-key")).trimmed();
        if (key.isEmpty())
            key = request.query.queryItemValue(u"key"_s, QUrl::FullyDecoded);
    }
    return m_keys->workspaceForKey(key).value_or(QString());
}

void ApiServer::handleUpgrade(HttpConnection *connection, const HttpRequest &request)
{
    QString key = request.query.queryItemValue(u"key"_s);
    if (key.isEmpty())
        key = bearerKey(request.header("authorization"));
    if (!hostAllowed(request.header("host"))) {
        sendError(
            connection, ErrorShape::OpenAi, 421, u"invalid_request_error"_s,
            u"Host \"%1\" is not served here: use localhost, 127.0.0.1 or [::1] with port %2, or start "
            "`sandbench serve` with --allow-host NAME"_s.arg(QString::fromLatin1(request.header("host")))
                .arg(port()),
            true, u"host_not_allowed"_s);
        return;
    }
    if (request.path != u"/api/v1/events") {
        sendError(connection, ErrorShape::OpenAi, 404, u"not_found_error"_s,
                  u"no WebSocket endpoint at %1 (use /api/v1/events)"_s.arg(request.path), true);
        return;
    }
    // A web page's script can open a WebSocket to any address and its browser sends the page's Origin: no
    // page may watch a workspace unless its origin was allowed. Programs that are not browsers send no
    // Origin.
    if (const QByteArray origin = request.header("origin"); !originAllowed(origin)) {
        sendError(connection, ErrorShape::OpenAi, 403, u"permission_error"_s,
                  u"Origin \"%1\" may not open the event stream; start `sandbench serve` with --allow-origin "
                  "%1 to allow it"_s.arg(QString::fromLatin1(origin)),
                  true, u"origin_not_allowed"_s);
        return;
    }
    if (eventsWorkspace(key).isEmpty()) {
        sendError(connection, ErrorShape::OpenAi, 401, u"authentication_error"_s,
                  u"missing or invalid API key: pass ?key=KEY or Authorization: Bearer KEY"_s, true);
        return;
    }
    if (QTcpSocket *socket = connection->takeSocket())
        m_events->accept(socket);
}

Workspace *ApiServer::workspace(const QString &name)
{
    if (Workspace *ws = m_workspaces.value(name))
        return ws;
    auto *ws = new Workspace(m_dataDir, name, this);
    ws->containers()->setPrewarm(m_prewarm);
    m_workspaces.insert(name, ws);
    watchApprovals(ws);
    watchEgress(ws);
    publishMcpSocket(name);
    return ws;
}

RequestObserver *ApiServer::observer(const QString &name)
{
    return workspace(name)->observer();
}

void ApiServer::logRecord(const QString &workspaceName, RequestRecord record, int status,
                          const QByteArray &requestBody, const QByteArray &responseBody,
                          const QString &client)
{
    RequestObserver *obs = m_logging ? observer(workspaceName) : nullptr;
    if (!obs)
        return;
    record.workspace = workspaceName;
    record.client = client;
    record.status = status;
    record.latencyMs = QDateTime::currentMSecsSinceEpoch() - record.timeMs;
    // RequestLog drops the bodies itself when input & output logging is off; not copying them saves work.
    if (obs->ioLogging()) {
        record.requestBody = requestBody;
        record.responseBody = responseBody;
    }
    obs->record(record);
}

void ApiServer::logRejected(const QString &workspaceName, const QString &api, const HttpRequest &request,
                            qint64 startMs, int status, const QJsonObject &error)
{
    RequestRecord record;
    record.id = u"req_"_s + QUuid::createUuid().toString(QUuid::Id128);
    record.timeMs = startMs;
    record.api = api;
    record.model = QJsonDocument::fromJson(request.body).object().value(u"model"_s).toString();
    if (AgentError ignored; api == u"gemini") { // Google's URL names the model
        if (const auto route = GeminiFormat::route(request.path, u"sse"_s, &ignored))
            record.model = route->model;
    }
    logRecord(workspaceName, record, status, request.body, toJson(error), clientOf(request));
}

QString ApiServer::clientOf(const HttpRequest &request)
{
    // What the client calls itself ("OpenAI/Python 1.54.0", "Anthropic/JS 0.32.1"): printable and bounded,
    // it is the caller's own text. The SDKs that send none say their language in x-stainless-lang.
    QString agent = QString::fromUtf8(request.header("user-agent").left(4 * RequestRecord::MaxClientChars));
    if (agent.trimmed().isEmpty()) {
        const QByteArray lang = request.header("x-stainless-lang").left(32);
        agent = lang.isEmpty() ? QString() : u"SDK (%1)"_s.arg(QString::fromUtf8(lang));
    }
    return agent.trimmed().isEmpty() ? u"API client"_s
                                     : RequestRecord::oneLine(agent, RequestRecord::MaxClientChars);
}

void ApiServer::sendJson(HttpConnection *connection, int status, const QJsonObject &body)
{
    connection->sendResponse(status, "application/json", toJson(body));
}

QJsonObject ApiServer::errorBody(ErrorShape shape, int status, const QString &type, const QString &message,
                                 const QString &code)
{
    if (shape == ErrorShape::Anthropic)
        return {{u"type"_s, u"error"_s},
                {u"error"_s, QJsonObject{{u"type"_s, type}, {u"message"_s, message}}}};
    QJsonValue codeValue = code.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(code);
    if (status == 401 && code.isEmpty())
        codeValue = u"invalid_api_key"_s;
    return {{u"error"_s, QJsonObject{{u"message"_s, message},
                                     {u"type"_s, type},
                                     {u"param"_s, QJsonValue::Null},
                                     {u"code"_s, codeValue}}}};
}

void ApiServer::sendError(HttpConnection *connection, ErrorShape shape, int status, const QString &type,
                          const QString &message, bool close, const QString &code)
{
    connection->sendResponse(status, "application/json",
                             toJson(errorBody(shape, status, type, message, code)), {}, close);
}

void ApiServer::handle(HttpConnection *connection, const HttpRequest &request)
{
    if (McpEndpoint::claimsPath(request.path))
        return m_mcp->handle(connection, request);
    if (FilesApi::apiOf(request) != FilesApi::Api::None)
        return m_files->handle(connection, request);
    const QString endpoint = modelEndpoint(request.path);
    std::unique_ptr<WireFormat> format = formatFor(endpoint, request);
    const ErrorShape shape = endpoint == u"messages" ? ErrorShape::Anthropic : ErrorShape::OpenAi;
    const auto refuse = [&](const AgentError &error, bool close = false) {
        const QJsonObject body =
            format ? format->errorBody(error)
                   : errorBody(shape, error.httpStatus, error.type, error.message, error.code);
        connection->sendResponse(error.httpStatus, "application/json", toJson(body), {}, close);
    };
    // acceptHead() has checked the Host, the route, the key and the size before the body was read.
    const QString workspaceName = request.workspace;
    const QByteArray method = request.method;
    const auto methodNotAllowed = [&] {
        refuse({405,
                u"invalid_request_error"_s,
                u"%1 is not allowed on %2"_s.arg(QString::fromLatin1(method), request.path),
                {},
                {}});
    };
    if (format) {
        if (format->apiName() == u"gemini" && method == "GET" && GeminiFormat::isModelList(request.path))
            return handleModels(connection, workspaceName, true);
        if (method != "POST")
            return methodNotAllowed();
        handleModelRequest(connection, request, workspaceName, std::move(format));
        return;
    }
    const QStringList parts = request.path.mid(8).split(u'/', Qt::SkipEmptyParts);
    if (parts == QStringList{u"models"_s}) {
        if (method != "GET")
            return methodNotAllowed();
        handleModels(connection, workspaceName);
    } else if (parts.size() >= 3 && parts.at(0) == u"containers" && parts.at(2) == u"files") {
        handleFiles(connection, request, workspaceName, parts);
    } else if (parts.size() >= 3 && parts.at(0) == u"containers" && parts.at(2) == u"network") {
        handleNetwork(connection, request, workspaceName, parts);
    } else if (parts == QStringList{u"documents"_s}) {
        if (method != "GET")
            return methodNotAllowed();
        handleDocuments(connection, workspaceName);
    } else {
        refuse({404, u"not_found_error"_s, u"no endpoint at %1"_s.arg(request.path), {}, {}});
    }
}

void ApiServer::handleModelRequest(HttpConnection *connection, const HttpRequest &request,
                                   const QString &workspaceName, std::unique_ptr<WireFormat> format)
{
    const qint64 startMs = QDateTime::currentMSecsSinceEpoch();
    const QString api = format->apiName();
    // Every early answer is logged too: the log is where a user looks for why a client's request failed.
    const auto reject = [&](const AgentError &error) {
        const QJsonObject body = format->errorBody(error);
        connection->sendResponse(error.httpStatus, "application/json", toJson(body));
        logRejected(workspaceName, api, request, startMs, error.httpStatus, body);
    };
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(request.body, &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject()) {
        reject(
            AgentError::invalidRequest(parseError.error != QJsonParseError::NoError
                                           ? u"malformed JSON body at offset %1: %2"_s.arg(parseError.offset)
                                                 .arg(parseError.errorString())
                                           : u"the body must be a JSON object"_s));
        return;
    }
    FormatRequestContext context;
    SessionLimits limits; // the hosted ones unless the key's workspace opted its API requests out
    if (api == u"gemini") {
        AgentError routeError;
        const std::optional<GeminiFormat::Route> route =
            GeminiFormat::route(request.path, request.query.queryItemValue(u"alt"_s), &routeError);
        if (!route) {
            reject(routeError);
            return;
        }
        context.pathModel = route->model;
        context.pathStream = route->stream;
    }
    {
        WorkspaceSettings settings(ContainerRegistry(m_dataDir).workspaceDir(workspaceName));
        settings.load(); // unreadable: the defaults
        context.codeExecutionTimeoutSeconds = settings.codeExecutionTimeoutSeconds();
        limits =
            settings.sessionLimits(true, workspace(workspaceName)->containers()->settings().hostedLimits);
    }
    context.sessionIdHeader = QString::fromUtf8(request.header("x-session-id"));
    const QByteArray live = request.header("x-sandbench-live-events").trimmed().toLower();
    context.liveEvents = live == "1" || live == "true";
    if (request.header("x-stainless-lang") == "js") {
        const QByteArray version = request.header("x-stainless-package-version");
        const int major = version.left(version.indexOf('.')).toInt();
        context.nativeShellEvents = major == 0 || major >= 7;
    }
    AgentError error;
    const std::optional<AgentRequest> parsed = format->parse(doc.object(), context, &error);
    if (!parsed) {
        reject(error);
        return;
    }
    QString message;
    Workspace *ws = workspace(workspaceName);
    if (!ws->providers()->load(&message) || !ws->observer()->refresh(&message)) {
        reject({500, u"api_error"_s, message, {}, {}});
        return;
    }
    AgentEnvironment env;
    env.workspace = workspaceName;
    env.providers = ws->providers();
    env.containers = ws->containers();
    env.limits = limits;
    env.meter = m_meter.get();
    env.guardrails = ws->observer()->guardrails();
    env.scanToolOutput = ws->observer()->scanToolOutput();
    env.approvals = ws->approvals();
    env.approvalPolicy = ws->approvalPolicy();
    auto *loop = new AgentLoop(*parsed, env, this);
    WireFormat *fmt = format.release();
    fmt->setParent(loop);
    ++m_activeRuns;
    const QPointer<HttpConnection> conn(connection);
    trackCalls(loop, workspaceName);
    loop->start();
    // start() fails early (bad model, container policy, a blocking guardrail) with a plain HTTP error;
    // streaming starts only after.
    const bool streaming = parsed->stream && !loop->isDone();
    publishLive(loop, m_events, workspaceName, api, streaming);
    // A Sandbench extension on every model answer: the container the request's tools ran in (known once the
    // loop started), so a client whose API has no container field (Gemini) can reach it with another tool.
    QList<QPair<QByteArray, QByteArray>> headers;
    if (!loop->containerId().isEmpty())
        headers.append({"x-sandbench-container-id", loop->containerId().toUtf8()});
    if (streaming)
        connection->beginStream(200, "text/event-stream; charset=utf-8", headers);
    fmt->follow(loop, streaming, context.liveEvents, [conn](const QByteArray &bytes) {
        if (conn)
            conn->writeStream(bytes);
    });
    // A call waiting for a person: the stream says so in SSE comments, which every SSE client skips (a
    // Sandbench event would break the official SDKs' strict event types), and again every 15 s so no proxy
    // or client read timeout ends the wait. The WebSocket carries approval.pending as a proper event.
    if (streaming) {
        connect(loop, &AgentLoop::approvalPending, this, [loop, conn](const ApprovalRequest &r) {
            const QByteArray line = ": sandbench approval pending " + r.id.toUtf8() +
                                    ": waiting for a person to allow or deny call " + r.callId.toUtf8() +
                                    "\n\n";
            if (conn)
                conn->writeStream(line);
            auto *keepAlive = new QTimer(loop);
            keepAlive->setObjectName(u"approvalKeepAlive"_s);
            connect(keepAlive, &QTimer::timeout, loop, [conn, line] {
                if (conn)
                    conn->writeStream(line);
            });
            keepAlive->start(15000);
            connect(loop, &AgentLoop::approvalResolved, keepAlive, &QObject::deleteLater);
        });
    }
    const QByteArray requestBody = request.body;
    const QString client = clientOf(request);
    connect(loop, &AgentLoop::finished, this,
            [this, loop, fmt, conn, streaming, workspaceName, requestBody, headers, client] {
                const QByteArray body = toJson(fmt->finalBody());
                if (conn) {
                    if (streaming)
                        conn->endStream();
                    else
                        conn->sendResponse(200, "application/json", body, headers);
                }
                --m_activeRuns;
                logRecord(workspaceName, loop->record(), 200, requestBody, body, client);
                loop->deleteLater();
            });
    connect(
        loop, &AgentLoop::failed, this,
        [this, loop, fmt, conn, streaming, workspaceName, requestBody, headers, client](const AgentError &e) {
            const QJsonObject errorJson = fmt->errorBody(e);
            if (conn) {
                if (streaming)
                    conn->endStream();
                else if (e.httpStatus != 499)
                    conn->sendResponse(e.httpStatus, "application/json", toJson(errorJson), headers);
            }
            --m_activeRuns;
            logRecord(workspaceName, loop->record(), e.httpStatus, requestBody, toJson(errorJson), client);
            loop->deleteLater();
        });
    // A caller that goes away ends its loop: the running command is killed, the container stays.
    connect(connection, &HttpConnection::closed, loop, &AgentLoop::cancel);
}

void ApiServer::handleModels(HttpConnection *connection, const QString &workspaceName, bool google)
{
    QString error;
    Workspace *ws = workspace(workspaceName);
    if (!ws->providers()->load(&error)) {
        if (google)
            sendJson(connection, 500, GeminiFormat().errorBody({500, u"api_error"_s, error, {}, {}}));
        else
            sendError(connection, ErrorShape::OpenAi, 500, u"api_error"_s, error);
        return;
    }
    ModelListing *listing = ws->providers()->listModels();
    const QPointer<HttpConnection> conn(connection);
    connect(listing, &ModelListing::finished, this,
            [this, conn, google](const QList<ModelInfo> &models, const QMap<QString, QString> &errors) {
                if (!conn)
                    return;
                if (google) {
                    sendJson(conn, 200, GeminiFormat::modelList(models));
                    return;
                }
                QJsonArray data;
                for (const ModelInfo &m : models)
                    data.append(QJsonObject{{u"id"_s, m.id},
                                            {u"object"_s, u"model"_s},
                                            {u"created"_s, 0},
                                            {u"owned_by"_s, m.provider}});
                QJsonObject errorsJson;
                for (auto it = errors.constBegin(); it != errors.constEnd(); ++it)
                    errorsJson.insert(it.key(), it.value());
                QJsonObject body{{u"object"_s, u"list"_s}, {u"data"_s, data}};
                if (!errorsJson.isEmpty())
                    body.insert(u"errors"_s, errorsJson);
                sendJson(conn, 200, body);
            });
}

void ApiServer::handleFiles(HttpConnection *connection, const HttpRequest &request,
                            const QString &workspaceName, const QStringList &parts)
{
    const QString containerId = parts.at(1);
    const ContainerRegistry registry(m_dataDir);
    if (!ContainerRegistry::isValidContainerId(containerId)) {
        sendError(connection, ErrorShape::OpenAi, 400, u"invalid_request_error"_s,
                  u"invalid container id \"%1\": use 1 to 40 characters of A-Z, a-z, 0-9, _ and -"_s.arg(
                      containerId));
        return;
    }
    const QString home = registry.homeDir(workspaceName, containerId);
    if (home.isEmpty() || !QDir(home).exists()) {
        sendError(connection, ErrorShape::OpenAi, 404, u"not_found_error"_s,
                  u"no container %1 in this workspace"_s.arg(containerId));
        return;
    }
    QString error;
    if (parts.size() == 3) {
        if (request.method != "GET")
            return sendError(connection, ErrorShape::OpenAi, 405, u"invalid_request_error"_s, u"use GET"_s);
        bool ok = true;
        const QString limitText = request.query.queryItemValue(u"limit"_s);
        const int limit = limitText.isEmpty() ? FileStore::kDefaultLimit : limitText.toInt(&ok);
        if (!ok || limit < 1 || limit > FileStore::kMaxLimit) {
            sendError(connection, ErrorShape::OpenAi, 400, u"invalid_request_error"_s,
                      u"limit must be an integer from 1 to %1"_s.arg(FileStore::kMaxLimit));
            return;
        }
        // Listing walks the whole tree (to page it in path order): a worker does it, as it does the reads.
        const QString after = request.query.queryItemValue(u"after"_s);
        const QString containerDir = registry.containerDir(workspaceName, containerId);
        runFileTask(connection, home,
                    [this, home, containerDir, limit, after, containerId](const std::function<bool()> &) {
                        QString error;
                        const std::optional<ContainerFilePage> page =
                            FileStore(home).list(limit, after, &error);
                        auto origins = std::make_shared<FileOrigins>(containerDir);
                        origins->load(); // unreadable: every file is the assistant's
                        return std::function<void(HttpConnection *)>(
                            [this, page, error, containerId, origins](HttpConnection *c) {
                                if (!page) {
                                    sendError(c, ErrorShape::OpenAi, 400, u"invalid_request_error"_s, error);
                                    return;
                                }
                                QJsonArray data;
                                for (const ContainerFile &f : page->files)
                                    data.append(fileJson(f, containerId, *origins));
                                const auto edge = [&](bool first) -> QJsonValue {
                                    if (page->files.isEmpty())
                                        return QJsonValue::Null;
                                    return first ? page->files.first().id : page->files.last().id;
                                };
                                sendJson(c, 200,
                                         {{u"object"_s, u"list"_s},
                                          {u"data"_s, data},
                                          {u"has_more"_s, page->hasMore},
                                          {u"first_id"_s, edge(true)},
                                          {u"last_id"_s, edge(false)}});
                            });
                    });
        return;
    }
    const QString fileId = parts.at(3);
    if (!FileStore::pathForFileId(fileId, &error)) {
        sendError(connection, ErrorShape::OpenAi, 400, u"invalid_request_error"_s,
                  u"invalid file id \"%1\": %2"_s.arg(fileId, error));
        return;
    }
    const QString action = parts.value(4);
    if (parts.size() > 5 || (!action.isEmpty() && action != u"content" && action != u"promote")) {
        sendError(connection, ErrorShape::OpenAi, 404, u"not_found_error"_s,
                  u"no endpoint at %1"_s.arg(request.path));
        return;
    }
    // Reading, hashing and copying what a container wrote can take as long as the container likes (a sparse
    // file of many GiB): a worker does it while this thread serves everyone else.
    // The responder runs on this thread from a watcher owned by the connection, itself owned by the server.
    const auto failure = [this, containerId](FileStoreError kind, const QString &message) {
        return [this, kind, message, containerId](HttpConnection *c) {
            switch (kind) {
            case FileStoreError::QuotaExceeded:
                sendError(c, ErrorShape::OpenAi, 507, u"invalid_request_error"_s, message, false,
                          u"documents_quota_exceeded"_s);
                break;
            case FileStoreError::Cancelled:
                sendError(c, ErrorShape::OpenAi, 404, u"not_found_error"_s,
                          u"container %1 was removed while its file was being read"_s.arg(containerId));
                break;
            case FileStoreError::Io:
                sendError(c, ErrorShape::OpenAi, 500, u"api_error"_s, message);
                break;
            default:
                sendError(c, ErrorShape::OpenAi, 404, u"not_found_error"_s, message);
                break;
            }
        };
    };
    using Responder = std::function<void(HttpConnection *)>;
    if (action == u"promote") {
        if (request.method != "POST")
            return sendError(connection, ErrorShape::OpenAi, 405, u"invalid_request_error"_s, u"use POST"_s);
        const QString documentsDir = registry.documentsDir(workspaceName);
        runFileTask(
            connection, home,
            [home, fileId, documentsDir, containerId, workspaceName,
             failure](const std::function<bool()> &cancelled) -> Responder {
                QString error;
                FileStoreError kind = FileStoreError::None;
                const std::optional<PromotedDocument> doc = FileStore(home).promote(
                    fileId, documentsDir, {{u"container_id"_s, containerId}, {u"workspace"_s, workspaceName}},
                    &error, cancelled, &kind);
                if (!doc)
                    return failure(kind, error);
                const QJsonObject json{{u"id"_s, doc->id},
                                       {u"object"_s, u"document"_s},
                                       {u"filename"_s, doc->filename},
                                       {u"bytes"_s, doc->size},
                                       {u"sha256"_s, doc->sha256}};
                return [json](HttpConnection *c) { c->sendResponse(200, "application/json", toJson(json)); };
            });
        return;
    }
    if (request.method != "GET")
        return sendError(connection, ErrorShape::OpenAi, 405, u"invalid_request_error"_s, u"use GET"_s);
    if (action == u"content") {
        runFileTask(connection, home, [home, fileId, failure](const std::function<bool()> &) -> Responder {
            QString error;
            const std::optional<QByteArray> bytes =
                FileStore(home).read(fileId, 0, FileStore::kMaxReadBytes, &error);
            if (!bytes)
                return failure(FileStoreError::NotFound, error);
            return [bytes](HttpConnection *c) { c->sendResponse(200, "application/octet-stream", *bytes); };
        });
        return;
    }
    const QString containerDir = registry.containerDir(workspaceName, containerId);
    runFileTask(connection, home,
                [home, containerDir, fileId, containerId,
                 failure](const std::function<bool()> &cancelled) -> Responder {
                    QString error;
                    FileStoreError kind = FileStoreError::None;
                    const std::optional<ContainerFileStat> stat =
                        FileStore(home).stat(fileId, true, &error, cancelled, &kind);
                    if (!stat)
                        return failure(kind, error);
                    FileOrigins origins(containerDir);
                    origins.load();
                    QJsonObject json = fileJson(stat->file, containerId, origins);
                    json.insert(u"sha256"_s, stat->sha256);
                    return
                        [json](HttpConnection *c) { c->sendResponse(200, "application/json", toJson(json)); };
                });
}

void ApiServer::runFileTask(
    HttpConnection *connection, const QString &home,
    std::function<std::function<void(HttpConnection *)>(const std::function<bool()> &)> work)
{
    using Responder = std::function<void(HttpConnection *)>;
    auto gone = std::make_shared<std::atomic_bool>(false);
    connect(connection, &HttpConnection::closed, this, [gone] { *gone = true; });
    auto *watcher = new QFutureWatcher<Responder>(connection);
    connect(watcher, &QFutureWatcher<Responder>::finished, connection, [watcher, connection] {
        watcher->deleteLater();
        const Responder respond = watcher->result();
        if (respond && connection->isOpen())
            respond(connection);
    });
    watcher->setFuture(QtConcurrent::run(m_filePool, [work = std::move(work), gone, stopping = m_stopping,
                                                      homePath = QFile::encodeName(home)] {
        int calls = 0;
        const std::function<bool()> cancelled = [&] {
            if (*gone || *stopping)
                return true;
            // The container was removed (its home moved to the trash or deleted): stop reading its file.
            struct stat st;
            return ++calls % 64 == 0 && ::stat(homePath.constData(), &st) != 0;
        };
        return work(cancelled);
    }));
}

void ApiServer::handleDocuments(HttpConnection *connection, const QString &workspaceName)
{
    const QString dir = ContainerRegistry(m_dataDir).documentsDir(workspaceName);
    QJsonArray data;
    for (const QString &id : QDir(dir).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        QFile meta(dir + u'/' + id + u"/meta.json"_s);
        if (!meta.open(QIODevice::ReadOnly))
            continue; // an interrupted promote
        QJsonObject doc = QJsonDocument::fromJson(meta.readAll()).object();
        doc.insert(u"object"_s, u"document"_s);
        data.append(doc);
    }
    sendJson(connection, 200, {{u"object"_s, u"list"_s}, {u"data"_s, data}, {u"has_more"_s, false}});
}

void ApiServer::trackCalls(AgentLoop *loop, const QString &workspaceName)
{
    // Which request and call each container's command belongs to while it runs, for egress.refused.
    auto callsOf = std::make_shared<QHash<int, QPair<QString, QString>>>(); // index -> (call id, container)
    connect(loop, &AgentLoop::toolCallStarted, this, [callsOf](const AgentToolCall &call) {
        callsOf->insert(call.index, {call.callId, call.containerId});
    });
    connect(loop, &AgentLoop::commandStarted, this,
            [this, callsOf, loop, workspaceName](int call, int, const QString &) {
                const QPair<QString, QString> c = callsOf->value(call);
                if (!c.second.isEmpty())
                    m_runningCalls.insert(workspaceName + u'/' + c.second, {loop->id(), c.first});
            });
    const auto forgetCalls = [this, loop] {
        const QString id = loop->id();
        m_runningCalls.removeIf([&id](const auto &entry) { return entry.value().first == id; });
    };
    connect(loop, &AgentLoop::finished, this, forgetCalls);
    connect(loop, &AgentLoop::failed, this, forgetCalls);
    // A loop deleted before it finished (an MCP call cancelled, a server closing) leaves nothing behind.
    connect(loop, &QObject::destroyed, this, [this, id = loop->id()] {
        m_runningCalls.removeIf([&id](const auto &entry) { return entry.value().first == id; });
    });
}

void ApiServer::watchEgress(Workspace *ws)
{
    const QString name = ws->name();
    const auto follow = [this, name](Container *c) {
        connect(c, &Container::egressEvent, this, [this, name, c](const EgressEvent &e) {
            if (e.decision != EgressEvent::Decision::Refused || m_events->clientCount() == 0)
                return;
            const QString host = NetworkPolicy::normalizeHost(e.host);
            // Whether adding the host to the policy would let it through: refused only for not being in the
            // policy, not an address the rules refuse whatever the policy (the proxy's judgement), and not
            // already in the policy the container starts with next; as the window's live view decides its
            // "Allow HOST".
            const bool allowable = e.allowable && !host.isEmpty() && NetworkPolicy::validateEntry(host) &&
                                   !c->nextNetworkPolicy().allows(host);
            const QPair<QString, QString> call = m_runningCalls.value(name + u'/' + c->id());
            const auto orNull = [](const QString &text) {
                return text.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(text);
            };
            m_events->publish(name,
                              {{u"type"_s, u"egress.refused"_s},
                               {u"container_id"_s, c->id()},
                               {u"host"_s, host.isEmpty() ? e.host : host},
                               {u"port"_s, int(e.port)},
                               {u"protocol"_s, EgressEvent::protocolName(e.protocol)},
                               {u"reason"_s, e.reason},
                               {u"allowable"_s, allowable},
                               {u"request_id"_s, orNull(call.first)},
                               {u"call_id"_s, orNull(call.second)},
                               {u"time"_s, (e.started.isValid() ? e.started : QDateTime::currentDateTimeUtc())
                                               .toUTC()
                                               .toString(Qt::ISODateWithMs)}});
        });
        connect(c, &Container::networkPolicyReplaced, this,
                [this, name, c](const NetworkPolicy &policy, bool restarted) {
                    m_events->publish(name, {{u"type"_s, u"network_policy.replaced"_s},
                                             {u"container_id"_s, c->id()},
                                             {u"network_policy"_s, policy.toJson()},
                                             {u"restarted"_s, restarted}});
                });
    };
    for (Container *c : ws->containers()->loaded())
        follow(c);
    connect(ws->containers(), &ContainerManager::containerAdded, this, follow);
}

void ApiServer::handleNetwork(HttpConnection *connection, const HttpRequest &request,
                              const QString &workspaceName, const QStringList &parts)
{
    const auto bad = [&](const QString &message, const QString &code = {}) {
        sendError(connection, ErrorShape::OpenAi, 400, u"invalid_request_error"_s, message, false, code);
    };
    const QString containerId = parts.at(1);
    const bool allow = parts.size() == 4 && parts.at(3) == u"allow";
    if (parts.size() > 4 || (parts.size() == 4 && !allow)) {
        sendError(connection, ErrorShape::OpenAi, 404, u"not_found_error"_s,
                  u"no endpoint at %1 (use …/network or …/network/allow)"_s.arg(request.path));
        return;
    }
    if (request.method != (allow ? "POST" : "GET")) {
        sendError(connection, ErrorShape::OpenAi, 405, u"invalid_request_error"_s,
                  u"%1 is not allowed on %2: use %3"_s.arg(QString::fromLatin1(request.method), request.path,
                                                           allow ? u"POST"_s : u"GET"_s));
        return;
    }
    if (!ContainerManager::isValidId(containerId))
        return bad(u"invalid container id \"%1\": use 1 to 40 characters of A-Z, a-z, 0-9, _ and -"_s.arg(
            containerId.left(64)));
    ContainerManager *containers = workspace(workspaceName)->containers();
    Container *container = containers->find(containerId);
    if (!container) {
        sendError(connection, ErrorShape::OpenAi, 404, u"not_found_error"_s,
                  u"no container %1 in this workspace"_s.arg(containerId));
        return;
    }
    const auto reply = [&](const NetworkPolicy &policy, const QJsonObject &extra) {
        QJsonObject body{{u"object"_s, u"container.network_policy"_s},
                         {u"container_id"_s, containerId},
                         {u"network_policy"_s, policy.toJson()},
                         {u"description"_s, policy.describe()},
                         {u"restart_pending"_s, container->hasPendingNetworkPolicy()}};
        for (auto it = extra.constBegin(); it != extra.constEnd(); ++it)
            body.insert(it.key(), it.value());
        sendJson(connection, 200, body);
    };
    if (!allow)
        return reply(container->nextNetworkPolicy(), {});
    if (request.body.size() > MaxNetworkBodyBytes) { // a chunked body has no declared length
        sendError(connection, ErrorShape::OpenAi, 413, u"invalid_request_error"_s,
                  u"the request body is over %1 bytes"_s.arg(MaxNetworkBodyBytes), false,
                  u"request_too_large"_s);
        return;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(request.body, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return bad(
            u"malformed JSON body at offset %1: %2"_s.arg(parseError.offset).arg(parseError.errorString()));
    if (!doc.isObject())
        return bad(u"the body must be a JSON object: {\"host\": \"example.com\"} or {\"hosts\": [...]}"_s);
    const QJsonObject obj = doc.object();
    for (auto it = obj.constBegin(); it != obj.constEnd(); ++it) {
        if (it.key() != u"host" && it.key() != u"hosts")
            return bad(
                u"unknown field \"%1\": the body takes \"host\" (a string) or \"hosts\" (a list)"_s.arg(
                    it.key().left(64)));
    }
    QStringList hosts;
    if (obj.contains(u"host"_s) == obj.contains(u"hosts"_s))
        return bad(
            u"give either \"host\" (a string) or \"hosts\" (a list of 1 to %1 strings)"_s.arg(MaxAllowHosts));
    if (obj.contains(u"host"_s)) {
        if (!obj.value(u"host"_s).isString())
            return bad(u"\"host\" must be a string such as \"example.com\" or \"*.example.com\""_s);
        hosts.append(obj.value(u"host"_s).toString());
    } else {
        const QJsonValue list = obj.value(u"hosts"_s);
        if (!list.isArray() || list.toArray().isEmpty())
            return bad(u"\"hosts\" must be a list of 1 to %1 strings"_s.arg(MaxAllowHosts));
        if (list.toArray().size() > MaxAllowHosts)
            return bad(u"\"hosts\" has %1 entries; at most %2 may be allowed in one request"_s
                           .arg(list.toArray().size())
                           .arg(MaxAllowHosts),
                       u"too_many_hosts"_s);
        for (const QJsonValue &v : list.toArray()) {
            if (!v.isString())
                return bad(u"\"hosts\" must be a list of strings"_s);
            hosts.append(v.toString());
        }
    }
    const bool wasAwake = container->isAwake();
    QString error;
    bool changed = false;
    const std::optional<NetworkPolicy> policy = containers->allowHosts(containerId, hosts, &error, &changed);
    if (!policy) {
        const QString what =
            hosts.size() == 1 ? u"\"%1\""_s.arg(hosts.constFirst().left(100)) : u"these hosts"_s;
        // The same validation and words as the CLI and the window (NetworkPolicy::withHost): they say what
        // an entry may be.
        return bad(u"cannot allow %1: %2"_s.arg(what, error), u"invalid_host"_s);
    }
    QJsonArray allowed;
    for (const QString &host : std::as_const(hosts)) {
        const QString normalized = NetworkPolicy::normalizeHost(host);
        allowed.append(normalized.isEmpty() ? host.trimmed() : normalized);
    }
    // restart: what became of the running sandbox, since a policy is fixed while it runs (SPEC 1.5).
    const QString restart = !changed                               ? u"none"_s
                            : container->hasPendingNetworkPolicy() ? u"after_running_call"_s
                            : wasAwake                             ? u"restarted"_s
                                                                   : u"next_start"_s;
    reply(*policy, {{u"allowed"_s, allowed}, {u"changed"_s, changed}, {u"restart"_s, restart}});
}
