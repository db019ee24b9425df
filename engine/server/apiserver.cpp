// SPDX-License-Identifier: GPL-3.0-or-later
#include "apiserver.h"

#include "apikeys.h"
#include "eventhub.h"
#include "gateway/agentrun.h"
#include "gateway/requestobserver.h"
#include "httpconnection.h"
#include "models/providerregistry.h"
#include "sandbox/containermanager.h"
#include "sandbox/history/containerregistry.h"
#include "sandbox/history/filestore.h"
#include "sandbox/history/meter.h"
#include "sandbox/sandboxsettings.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QUrlQuery>
#include <QUuid>

using namespace Qt::StringLiterals;

namespace {

// A streamed Chat Completions response is logged up to this size.
constexpr qsizetype kMaxLoggedStreamBytes = 4 * 1024 * 1024;

QByteArray toJson(const QJsonObject &obj)
{
    return QJsonDocument(obj).toJson(QJsonDocument::Compact);
}

QByteArray sseEvent(const QByteArray &name, const QJsonObject &data)
{
    return "event: " + name + "\ndata: " + toJson(data) + "\n\n";
}

QString bearerKey(const QByteArray &authorization)
{
    const QByteArray value = authorization.trimmed();
    if (value.toLower().startsWith("bearer "))
        return QString::fromLatin1(value.mid(7).trimmed());
    return {};
}

// Turns an AgentRun's progress into the caller API's own SSE events (plus namespaced live-output events
// the official SDKs skip), and mirrors it to the workspace's WebSocket viewers.
class RunStreamer : public QObject
{
public:
    RunStreamer(AgentRun *run, HttpConnection *connection, EventHub *hub, const QString &workspace,
                bool stream)
        : QObject(run)
        , m_run(run)
        , m_connection(connection)
        , m_hub(hub)
        , m_workspace(workspace)
        , m_stream(stream)
        , m_responses(run->request().api == CallerApi::Responses)
    {
        connect(run, &AgentRun::outputAdded, this, &RunStreamer::onAdded);
        connect(run, &AgentRun::outputTextDelta, this, &RunStreamer::onTextDelta);
        connect(run, &AgentRun::outputDone, this, &RunStreamer::onDone);
        connect(run, &AgentRun::shellCallStarted, this, &RunStreamer::onShellCallStarted);
        connect(run, &AgentRun::commandStarted, this, &RunStreamer::onCommandStarted);
        connect(run, &AgentRun::commandOutput, this, &RunStreamer::onCommandOutput);
        connect(run, &AgentRun::commandFinished, this, &RunStreamer::onCommandFinished);
        connect(run, &AgentRun::filesChanged, this, [this](const QString &containerId) {
            publish(u"files.changed"_s, {{u"container_id"_s, containerId}});
        });
    }

    void begin(bool stream)
    {
        m_stream = stream;
        publish(u"request.started"_s, {{u"api"_s, m_responses ? u"responses"_s : u"messages"_s},
                                       {u"model"_s, m_run->request().model},
                                       {u"stream"_s, m_stream}});
        if (!m_stream || !m_connection)
            return;
        m_connection->beginStream(200, "text/event-stream; charset=utf-8");
        if (m_responses) {
            const QJsonObject response{{u"id"_s, m_run->id()},
                                       {u"object"_s, u"response"_s},
                                       {u"status"_s, u"in_progress"_s},
                                       {u"model"_s, m_run->request().model},
                                       {u"output"_s, QJsonArray()}};
            send("response.created", {{u"response"_s, response}});
            send("response.in_progress", {{u"response"_s, response}});
        } else {
            send("message_start",
                 {{u"message"_s,
                   QJsonObject{{u"id"_s, m_run->id()},
                               {u"type"_s, u"message"_s},
                               {u"role"_s, u"assistant"_s},
                               {u"model"_s, m_run->request().model},
                               {u"content"_s, QJsonArray()},
                               {u"stop_reason"_s, QJsonValue::Null},
                               {u"stop_sequence"_s, QJsonValue::Null},
                               {u"usage"_s, QJsonObject{{u"input_tokens"_s, 0}, {u"output_tokens"_s, 0}}}}}});
        }
    }

    void end(const QJsonObject &response)
    {
        publish(u"request.finished"_s, {{u"status"_s, u"completed"_s},
                                        {u"http_status"_s, 200},
                                        {u"usage"_s, response.value(u"usage"_s)}});
        if (!m_stream || !m_connection)
            return;
        if (m_responses) {
            const bool incomplete = response.value(u"status"_s).toString() == u"incomplete";
            send(incomplete ? "response.incomplete" : "response.completed", {{u"response"_s, response}});
        } else {
            QJsonObject usage = response.value(u"usage"_s).toObject();
            send("message_delta",
                 {{u"delta"_s, QJsonObject{{u"stop_reason"_s, response.value(u"stop_reason"_s)},
                                           {u"stop_sequence"_s, QJsonValue::Null}}},
                  {u"usage"_s, usage}});
            send("message_stop", {});
        }
        m_connection->endStream();
    }

    void fail(int status, const QString &type, const QString &message)
    {
        publish(u"request.finished"_s,
                {{u"status"_s, u"failed"_s}, {u"http_status"_s, status}, {u"error"_s, message}});
        if (!m_stream || !m_connection)
            return;
        if (m_responses)
            send("response.failed",
                 {{u"response"_s,
                   QJsonObject{{u"id"_s, m_run->id()},
                               {u"object"_s, u"response"_s},
                               {u"status"_s, u"failed"_s},
                               {u"error"_s, QJsonObject{{u"code"_s, type}, {u"message"_s, message}}}}}});
        else
            send("error", {{u"error"_s, QJsonObject{{u"type"_s, type}, {u"message"_s, message}}}});
        m_connection->endStream();
    }

private:
    void send(const QByteArray &name, QJsonObject data)
    {
        if (!m_connection)
            return;
        data.insert(u"type"_s, QString::fromLatin1(name));
        if (m_responses)
            data.insert(u"sequence_number"_s, m_sequence++);
        m_connection->writeStream(sseEvent(name, data));
    }

    void publish(const QString &type, QJsonObject event)
    {
        if (!m_hub)
            return;
        event.insert(u"type"_s, type);
        event.insert(u"request_id"_s, m_run->id());
        m_hub->publish(m_workspace, event);
    }

    bool isMessageItem(const QJsonObject &entry) const
    {
        return m_responses && entry.value(u"type"_s).toString() == u"message";
    }

    void onAdded(int index, const QJsonObject &entry)
    {
        if (!m_stream)
            return;
        if (m_responses) {
            send("response.output_item.added", {{u"output_index"_s, index}, {u"item"_s, entry}});
            if (isMessageItem(entry))
                send("response.content_part.added",
                     {{u"item_id"_s, entry.value(u"id"_s)},
                      {u"output_index"_s, index},
                      {u"content_index"_s, 0},
                      {u"part"_s, QJsonObject{{u"type"_s, u"output_text"_s},
                                              {u"text"_s, QString()},
                                              {u"annotations"_s, QJsonArray()}}}});
            m_itemIds.insert(index, entry.value(u"id"_s).toString());
        } else {
            send("content_block_start", {{u"index"_s, index}, {u"content_block"_s, entry}});
        }
    }

    void onTextDelta(int index, const QString &delta)
    {
        if (!m_stream)
            return;
        if (m_responses)
            send("response.output_text.delta", {{u"item_id"_s, m_itemIds.value(index)},
                                                {u"output_index"_s, index},
                                                {u"content_index"_s, 0},
                                                {u"delta"_s, delta}});
        else
            send("content_block_delta",
                 {{u"index"_s, index},
                  {u"delta"_s, QJsonObject{{u"type"_s, u"text_delta"_s}, {u"text"_s, delta}}}});
    }

    void onDone(int index, const QJsonObject &entry)
    {
        if (!m_stream)
            return;
        if (m_responses) {
            if (isMessageItem(entry)) {
                const QJsonObject part = entry.value(u"content"_s).toArray().at(0).toObject();
                send("response.output_text.done", {{u"item_id"_s, entry.value(u"id"_s)},
                                                   {u"output_index"_s, index},
                                                   {u"content_index"_s, 0},
                                                   {u"text"_s, part.value(u"text"_s)}});
                send("response.content_part.done", {{u"item_id"_s, entry.value(u"id"_s)},
                                                    {u"output_index"_s, index},
                                                    {u"content_index"_s, 0},
                                                    {u"part"_s, part}});
            }
            send("response.output_item.done", {{u"output_index"_s, index}, {u"item"_s, entry}});
        } else {
            send("content_block_stop", {{u"index"_s, index}});
        }
    }

    QByteArray liveName(const char *what) const
    {
        return (m_responses ? QByteArray("response.openrouter_shell_call.")
                            : QByteArray("openrouter_shell_call.")) +
               what;
    }

    void onShellCallStarted(int index, const QString &callId, const QString &containerId,
                            const QJsonObject &action)
    {
        m_callIds.insert(index, callId);
        publish(u"shell_call.started"_s,
                {{u"call_id"_s, callId}, {u"container_id"_s, containerId}, {u"action"_s, action}});
        if (m_stream)
            send(liveName("in_progress"),
                 {{u"output_index"_s, index}, {u"call_id"_s, callId}, {u"container_id"_s, containerId}});
    }

    void onCommandStarted(int index, int command, const QString &text)
    {
        publish(
            u"command.started"_s,
            {{u"call_id"_s, m_callIds.value(index)}, {u"command_index"_s, command}, {u"command"_s, text}});
        if (m_stream)
            send(liveName("command.started"),
                 {{u"output_index"_s, index}, {u"command_index"_s, command}, {u"command"_s, text}});
    }

    void onCommandOutput(int index, int command, const QString &stream, const QString &text)
    {
        publish(u"output.chunk"_s, {{u"call_id"_s, m_callIds.value(index)},
                                    {u"command_index"_s, command},
                                    {u"stream"_s, stream},
                                    {u"text"_s, text}});
        if (m_stream)
            send(liveName("output.delta"), {{u"output_index"_s, index},
                                            {u"command_index"_s, command},
                                            {u"stream"_s, stream},
                                            {u"delta"_s, text}});
    }

    void onCommandFinished(int index, int command, const QJsonObject &result)
    {
        publish(u"command.finished"_s, {{u"call_id"_s, m_callIds.value(index)},
                                        {u"command_index"_s, command},
                                        {u"outcome"_s, result.value(u"outcome"_s)},
                                        {u"result"_s, result}});
        if (m_stream)
            send(liveName("command.done"),
                 {{u"output_index"_s, index}, {u"command_index"_s, command}, {u"result"_s, result}});
    }

    AgentRun *m_run;
    QPointer<HttpConnection> m_connection;
    QPointer<EventHub> m_hub;
    QString m_workspace;
    bool m_stream;
    bool m_responses;
    int m_sequence = 0;
    QHash<int, QString> m_itemIds;
    QHash<int, QString> m_callIds;
};

QJsonObject fileJson(const ContainerFile &file, const QString &containerId)
{
    return {{u"id"_s, file.id},
            {u"object"_s, u"container.file"_s},
            {u"container_id"_s, containerId},
            {u"path"_s, QString(u"/workspace/home/"_s + file.path)},
            {u"bytes"_s, file.size},
            {u"created_at"_s, file.mtimeMs / 1000},
            {u"source"_s, u"sandbox"_s}};
}

} // namespace

ApiServer::ApiServer(const QString &dataDir, QObject *parent)
    : QObject(parent)
    , m_dataDir(dataDir)
    , m_tcp(new QTcpServer(this))
    , m_keys(std::make_unique<ApiKeys>(dataDir))
    , m_meter(std::make_unique<Meter>())
    , m_events(new EventHub(this))
{
    connect(m_tcp, &QTcpServer::newConnection, this, &ApiServer::onNewConnection);
    m_events->setAuthenticator([this](const QNetworkRequest &request) {
        QString key = QUrlQuery(request.url()).queryItemValue(u"key"_s);
        if (key.isEmpty())
            key = bearerKey(request.rawHeader("Authorization"));
        return eventsWorkspace(key);
    });
}

ApiServer::~ApiServer()
{
    // Runs still going refer to the meter and the workspaces: end them while both exist.
    qDeleteAll(findChildren<AgentRun *>(Qt::FindDirectChildrenOnly));
    for (Workspace *ws : std::as_const(m_workspaces)) {
        if (!ws->borrowed)
            ws->containers->stopAll();
        delete ws;
    }
}

void ApiServer::useWorkspace(const QString &name, ContainerManager *containers, ProviderRegistry *providers,
                             RequestObserver *observer)
{
    Workspace *ws = m_workspaces.value(name);
    if (!ws) {
        ws = new Workspace;
        ws->observer = observer ? observer : new RequestObserver(m_dataDir, name, this);
        m_workspaces.insert(name, ws);
    } else {
        if (!ws->borrowed) {
            ws->containers->stopAll();
            ws->containers->deleteLater();
            ws->providers->deleteLater();
        }
        if (observer && ws->observer != observer) {
            if (ws->observer->parent() == this)
                ws->observer->deleteLater();
            ws->observer = observer;
        }
    }
    ws->containers = containers;
    ws->providers = providers;
    ws->borrowed = true;
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
    return true;
}

quint16 ApiServer::port() const
{
    return m_tcp->serverPort();
}

void ApiServer::onNewConnection()
{
    while (QTcpSocket *socket = m_tcp->nextPendingConnection()) {
        auto *connection = new HttpConnection(socket, m_maxBody, this);
        connect(connection, &HttpConnection::requestReady, this,
                [this, connection](const HttpRequest &request) { handle(connection, request); });
        connect(connection, &HttpConnection::upgradeRequested, this,
                [this, connection](const HttpRequest &request) { handleUpgrade(connection, request); });
    }
}

QString ApiServer::authenticate(const HttpRequest &request)
{
    QString key = bearerKey(request.header("authorization"));
    if (key.isEmpty())
        key = QString::fromLatin1(request.header("x-api-key")).trimmed();
    return m_keys->workspaceForKey(key).value_or(QString());
}

void ApiServer::handleUpgrade(HttpConnection *connection, const HttpRequest &request)
{
    QString key = request.query.queryItemValue(u"key"_s);
    if (key.isEmpty())
        key = bearerKey(request.header("authorization"));
    if (request.path != u"/api/v1/events") {
        sendError(connection, ErrorShape::OpenAi, 404, u"not_found_error"_s,
                  u"no WebSocket endpoint at %1 (use /api/v1/events)"_s.arg(request.path), true);
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

ApiServer::Workspace *ApiServer::workspace(const QString &name, QString *error)
{
    if (Workspace *ws = m_workspaces.value(name))
        return ws;
    auto *ws = new Workspace;
    ws->containers = new ContainerManager(SandboxSettings::forDataDir(m_dataDir, name), this);
    ws->containers->setPrewarm(m_prewarm);
    ws->providers = new ProviderRegistry(m_dataDir, name, this);
    ws->observer = new RequestObserver(m_dataDir, name, this);
    m_workspaces.insert(name, ws);
    return ws;
}

RequestObserver *ApiServer::observer(const QString &name)
{
    QString error;
    Workspace *ws = workspace(name, &error);
    return ws ? ws->observer : nullptr;
}

void ApiServer::logRecord(const QString &workspaceName, RequestRecord record, int status,
                          const QByteArray &requestBody, const QByteArray &responseBody)
{
    RequestObserver *obs = m_logging ? observer(workspaceName) : nullptr;
    if (!obs)
        return;
    record.workspace = workspaceName;
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
    logRecord(workspaceName, record, status, request.body, toJson(error));
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
    const ErrorShape shape = request.path == u"/api/v1/messages" ? ErrorShape::Anthropic : ErrorShape::OpenAi;
    if (request.bodyTooLarge) {
        sendError(
            connection, shape, 413,
            shape == ErrorShape::Anthropic ? u"request_too_large"_s : u"invalid_request_error"_s,
            u"the request body is %1 bytes; the limit is %2 bytes (%3 MiB)"_s.arg(request.declaredLength)
                .arg(m_maxBody)
                .arg(m_maxBody / (1024 * 1024)),
            true);
        return;
    }
    if (!request.path.startsWith(u"/api/v1/")) {
        sendError(connection, shape, 404, u"not_found_error"_s, u"no endpoint at %1"_s.arg(request.path));
        return;
    }
    const QString workspaceName = authenticate(request);
    if (workspaceName.isEmpty()) {
        sendError(connection, shape, 401, u"authentication_error"_s,
                  u"missing or invalid API key: send Authorization: Bearer KEY (or x-api-key) with a key "
                  "made by `sandbench keys create`"_s);
        return;
    }
    const QStringList parts = request.path.mid(8).split(u'/', Qt::SkipEmptyParts);
    const QByteArray method = request.method;
    auto methodNotAllowed = [&] {
        sendError(connection, shape, 405, u"invalid_request_error"_s,
                  u"%1 is not allowed on %2"_s.arg(QString::fromLatin1(method), request.path));
    };
    if (parts == QStringList{u"responses"_s} || parts == QStringList{u"messages"_s}) {
        if (method != "POST")
            return methodNotAllowed();
        handleAgent(connection, request, workspaceName, parts.first() == u"messages");
    } else if (parts == QStringList{u"chat"_s, u"completions"_s}) {
        if (method != "POST")
            return methodNotAllowed();
        handleChat(connection, request, workspaceName);
    } else if (parts == QStringList{u"models"_s}) {
        if (method != "GET")
            return methodNotAllowed();
        handleModels(connection, workspaceName);
    } else if (parts.size() >= 3 && parts.at(0) == u"containers" && parts.at(2) == u"files") {
        handleFiles(connection, request, workspaceName, parts);
    } else if (parts == QStringList{u"documents"_s}) {
        if (method != "GET")
            return methodNotAllowed();
        handleDocuments(connection, workspaceName);
    } else {
        sendError(connection, shape, 404, u"not_found_error"_s, u"no endpoint at %1"_s.arg(request.path));
    }
}

void ApiServer::handleAgent(HttpConnection *connection, const HttpRequest &request,
                            const QString &workspaceName, bool messages)
{
    const ErrorShape shape = messages ? ErrorShape::Anthropic : ErrorShape::OpenAi;
    const QString api = messages ? u"messages"_s : u"responses"_s;
    const qint64 startMs = QDateTime::currentMSecsSinceEpoch();
    // Every early answer is logged too: the log is where a user looks for why a client's request failed.
    const auto reject = [&](int status, const QString &type, const QString &message) {
        sendError(connection, shape, status, type, message);
        logRejected(workspaceName, api, request, startMs, status, errorBody(shape, status, type, message));
    };
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(request.body, &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject()) {
        reject(400, u"invalid_request_error"_s,
               parseError.error != QJsonParseError::NoError
                   ? u"malformed JSON body at offset %1: %2"_s.arg(parseError.offset)
                         .arg(parseError.errorString())
                   : u"the body must be a JSON object"_s);
        return;
    }
    QString error;
    const std::optional<AgentRequest> parsed =
        AgentRequest::fromJson(messages ? CallerApi::Messages : CallerApi::Responses, doc.object(),
                               QString::fromUtf8(request.header("x-session-id")), &error);
    if (!parsed) {
        reject(400, u"invalid_request_error"_s, error);
        return;
    }
    Workspace *ws = workspace(workspaceName, &error);
    if (!ws) {
        sendError(connection, shape, 500, u"api_error"_s, u"workspace %1: %2"_s.arg(workspaceName, error));
        return;
    }
    if (!ws->providers->load(&error)) {
        reject(500, u"api_error"_s, error);
        return;
    }
    if (!ws->observer->refresh(&error)) {
        reject(500, u"api_error"_s, error);
        return;
    }
    AgentEnvironment env;
    env.workspace = workspaceName;
    env.providers = ws->providers;
    env.containers = ws->containers;
    env.meter = m_meter.get();
    env.guardrails = ws->observer->guardrails();
    env.scanToolOutput = ws->observer->scanToolOutput();
    auto *run = new AgentRun(*parsed, env, this);
    auto *streamer = new RunStreamer(run, connection, m_events, workspaceName, parsed->stream);
    ++m_activeRuns;
    const QPointer<HttpConnection> conn(connection);
    run->start();
    // start() fails early (bad model, container policy) with a plain HTTP error; streaming starts only after.
    const bool streaming = parsed->stream && !run->isDone();
    const QByteArray requestBody = request.body;
    connect(run, &AgentRun::finished, this,
            [this, run, streamer, conn, streaming, workspaceName, requestBody](const QJsonObject &response) {
                streamer->end(response); // also tells the WebSocket viewers
                const QByteArray body = toJson(response);
                if (!streaming && conn)
                    conn->sendResponse(200, "application/json", body);
                --m_activeRuns;
                logRecord(workspaceName, run->record(), 200, requestBody, body);
                run->deleteLater();
            });
    connect(run, &AgentRun::failed, this,
            [this, run, streamer, conn, shape, streaming, workspaceName,
             requestBody](int status, const QString &type, const QString &message) {
                streamer->fail(status, type, message);
                const QJsonObject error = errorBody(shape, status, type, message, run->errorCode());
                if (!streaming && conn && status != 499)
                    conn->sendResponse(status, "application/json", toJson(error));
                --m_activeRuns;
                logRecord(workspaceName, run->record(), status, requestBody, toJson(error));
                run->deleteLater();
            });
    // A caller that goes away ends its run: the running command is killed, the container stays.
    connect(connection, &HttpConnection::closed, run, &AgentRun::cancel);
    streamer->begin(streaming);
}

void ApiServer::handleChat(HttpConnection *connection, const HttpRequest &request,
                           const QString &workspaceName)
{
    const qint64 startMs = QDateTime::currentMSecsSinceEpoch();
    const auto reject = [&](int status, const QString &type, const QString &message) {
        sendError(connection, ErrorShape::OpenAi, status, type, message);
        logRejected(workspaceName, u"chat_completions"_s, request, startMs, status,
                    errorBody(ErrorShape::OpenAi, status, type, message));
    };
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(request.body, &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject()) {
        reject(400, u"invalid_request_error"_s, u"malformed JSON body: %1"_s.arg(parseError.errorString()));
        return;
    }
    QJsonObject body = doc.object();
    if (chatBodyHasShellTool(body)) {
        reject(
            400, u"invalid_request_error"_s,
            u"the openrouter:shell and openrouter:bash tools are not supported on the Chat Completions API; "
            "use the Responses API (POST /api/v1/responses) or the Messages API (POST /api/v1/messages)"_s);
        return;
    }
    QString error;
    Workspace *ws = workspace(workspaceName, &error);
    if (!ws || !ws->providers->load(&error)) {
        sendError(connection, ErrorShape::OpenAi, 500, u"api_error"_s, error);
        return;
    }
    const std::optional<ModelRoute> route = ws->providers->route(body.value(u"model"_s).toString(), &error);
    if (!route) {
        reject(400, u"invalid_request_error"_s, error);
        return;
    }
    if (route->provider.api != ProviderApi::Chat) {
        reject(400, u"invalid_request_error"_s,
               u"model \"%1\" routes to provider %2, which speaks the %3 API; Chat Completions requests are "
               "forwarded only to chat providers (use /api/v1/responses or /api/v1/messages)"_s.arg(
                   body.value(u"model"_s).toString(), route->provider.name,
                   providerApiName(route->provider.api)));
        return;
    }
    if (!ws->observer->refresh(&error)) {
        reject(500, u"api_error"_s, error);
        return;
    }
    QList<Detection> detections;
    if (const std::shared_ptr<const GuardrailEngine> guardrails = ws->observer->guardrails()) {
        // The text of each message (a string, or the text parts of an array), flattened for the guardrails.
        struct Source
        {
            int message;
            int part; // -1: the content is a plain string
        };
        QJsonArray messages = body.value(u"messages"_s).toArray();
        QList<GuardrailMessage> texts;
        QList<Source> sources;
        for (int m = 0; m < messages.size(); ++m) {
            const QJsonObject message = messages.at(m).toObject();
            const QString role = message.value(u"role"_s).toString();
            const QJsonValue content = message.value(u"content"_s);
            if (content.isString()) {
                texts.append({role, content.toString()});
                sources.append({m, -1});
            }
            const QJsonArray parts = content.toArray();
            for (int p = 0; p < parts.size(); ++p) {
                if (parts.at(p).toObject().value(u"type"_s).toString() != u"text")
                    continue;
                texts.append({role, parts.at(p).toObject().value(u"text"_s).toString()});
                sources.append({m, p});
            }
        }
        const GuardrailOutcome outcome = guardrails->apply(texts);
        for (Detection d : outcome.detections) {
            d.messageIndex = d.messageIndex >= 0 ? sources.at(d.messageIndex).message : -1;
            detections.append(d);
        }
        if (outcome.blocked()) {
            const QString message =
                u"Request blocked by guardrail '%1' before it reached the model."_s.arg(outcome.blockedBy);
            const QJsonObject errorJson =
                errorBody(ErrorShape::OpenAi, 403, u"permission_error"_s, message, u"guardrail_blocked"_s);
            connection->sendResponse(403, "application/json", toJson(errorJson));
            RequestRecord blocked;
            blocked.id = u"chatcmpl_"_s + QUuid::createUuid().toString(QUuid::Id128);
            blocked.timeMs = startMs;
            blocked.api = u"chat_completions"_s;
            blocked.model = body.value(u"model"_s).toString();
            blocked.provider = route->provider.name;
            blocked.detections = detections;
            logRecord(workspaceName, blocked, 403, request.body, toJson(errorJson));
            return;
        }
        for (int i = 0; i < sources.size() && i < outcome.messages.size(); ++i) {
            if (outcome.messages.at(i).content == texts.at(i).content)
                continue;
            QJsonObject message = messages.at(sources.at(i).message).toObject();
            if (sources.at(i).part < 0) {
                message.insert(u"content"_s, outcome.messages.at(i).content);
            } else {
                QJsonArray parts = message.value(u"content"_s).toArray();
                QJsonObject part = parts.at(sources.at(i).part).toObject();
                part.insert(u"text"_s, outcome.messages.at(i).content);
                parts.replace(sources.at(i).part, part);
                message.insert(u"content"_s, parts);
            }
            messages.replace(sources.at(i).message, message);
        }
        body.insert(u"messages"_s, messages);
    }
    body.insert(u"model"_s, route->model);
    QNetworkRequest upstream(route->provider.endpoint(u"/chat/completions"_s));
    upstream.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    const QString key = ws->providers->apiKey(route->provider, &error);
    if (!key.isEmpty())
        upstream.setRawHeader("Authorization", "Bearer " + key.toUtf8());
    QNetworkReply *reply = ws->providers->networkAccessManager()->post(upstream, toJson(body));
    const QPointer<HttpConnection> conn(connection);
    const bool stream = body.value(u"stream"_s).toBool();
    // Forwarded requests are logged like agent requests: model, provider, status, tokens and bodies.
    RequestRecord record;
    record.id = u"chatcmpl_"_s + QUuid::createUuid().toString(QUuid::Id128);
    record.timeMs = startMs;
    record.api = u"chat_completions"_s;
    record.model = doc.object().value(u"model"_s).toString();
    record.provider = route->provider.name;
    record.detections = detections;
    auto streamed = std::make_shared<QByteArray>();
    connect(connection, &HttpConnection::closed, reply, &QNetworkReply::abort);
    if (stream) {
        connect(reply, &QNetworkReply::metaDataChanged, this, [reply, conn] {
            if (conn && !conn->isStreaming())
                conn->beginStream(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(),
                                  reply->header(QNetworkRequest::ContentTypeHeader).toByteArray());
        });
        connect(reply, &QNetworkReply::readyRead, this, [reply, conn, streamed] {
            const QByteArray bytes = reply->readAll();
            if (streamed->size() < kMaxLoggedStreamBytes)
                streamed->append(bytes);
            if (conn)
                conn->writeStream(bytes);
        });
    }
    const QByteArray requestBody = request.body;
    connect(reply, &QNetworkReply::finished, this,
            [this, reply, conn, stream, record, streamed, requestBody, workspaceName]() mutable {
                reply->deleteLater();
                int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
                QByteArray bytes = reply->readAll();
                if (stream)
                    streamed->append(bytes);
                const QByteArray logged = stream ? *streamed : bytes;
                const QJsonObject usage =
                    QJsonDocument::fromJson(logged).object().value(u"usage"_s).toObject();
                record.inputTokens = usage.value(u"prompt_tokens"_s).toInteger();
                record.outputTokens = usage.value(u"completion_tokens"_s).toInteger();
                const auto finish = [&](int finalStatus, const QByteArray &response) {
                    logRecord(workspaceName, record, finalStatus, requestBody, response);
                };
                if (!conn) {
                    finish(499, logged);
                    return;
                }
                if (stream && conn->isStreaming()) {
                    conn->writeStream(bytes);
                    conn->endStream();
                    finish(status, logged);
                    return;
                }
                if (status == 0) {
                    const QString message = u"upstream provider failed: %1"_s.arg(reply->errorString());
                    sendError(conn, ErrorShape::OpenAi, 502, u"api_error"_s, message);
                    finish(502, toJson(errorBody(ErrorShape::OpenAi, 502, u"api_error"_s, message)));
                    return;
                }
                conn->sendResponse(status, reply->header(QNetworkRequest::ContentTypeHeader).toByteArray(),
                                   bytes);
                finish(status, bytes);
            });
}

void ApiServer::handleModels(HttpConnection *connection, const QString &workspaceName)
{
    QString error;
    Workspace *ws = workspace(workspaceName, &error);
    if (!ws || !ws->providers->load(&error)) {
        sendError(connection, ErrorShape::OpenAi, 500, u"api_error"_s, error);
        return;
    }
    ModelListing *listing = ws->providers->listModels();
    const QPointer<HttpConnection> conn(connection);
    connect(listing, &ModelListing::finished, this,
            [this, conn](const QList<ModelInfo> &models, const QMap<QString, QString> &errors) {
                if (!conn)
                    return;
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
    const FileStore store(home);
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
        const std::optional<ContainerFilePage> page =
            store.list(limit, request.query.queryItemValue(u"after"_s), &error);
        if (!page) {
            sendError(connection, ErrorShape::OpenAi, 400, u"invalid_request_error"_s, error);
            return;
        }
        QJsonArray data;
        for (const ContainerFile &f : page->files)
            data.append(fileJson(f, containerId));
        sendJson(
            connection, 200,
            {{u"object"_s, u"list"_s},
             {u"data"_s, data},
             {u"has_more"_s, page->hasMore},
             {u"first_id"_s, page->files.isEmpty() ? QJsonValue::Null : QJsonValue(page->files.first().id)},
             {u"last_id"_s, page->files.isEmpty() ? QJsonValue::Null : QJsonValue(page->files.last().id)}});
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
    if (action == u"promote") {
        if (request.method != "POST")
            return sendError(connection, ErrorShape::OpenAi, 405, u"invalid_request_error"_s, u"use POST"_s);
        const std::optional<PromotedDocument> doc =
            store.promote(fileId, registry.documentsDir(workspaceName),
                          {{u"container_id"_s, containerId}, {u"workspace"_s, workspaceName}}, &error);
        if (!doc) {
            sendError(connection, ErrorShape::OpenAi, 404, u"not_found_error"_s, error);
            return;
        }
        sendJson(connection, 200,
                 {{u"id"_s, doc->id},
                  {u"object"_s, u"document"_s},
                  {u"filename"_s, doc->filename},
                  {u"bytes"_s, doc->size},
                  {u"sha256"_s, doc->sha256}});
        return;
    }
    if (request.method != "GET")
        return sendError(connection, ErrorShape::OpenAi, 405, u"invalid_request_error"_s, u"use GET"_s);
    if (action == u"content") {
        const std::optional<QByteArray> bytes = store.read(fileId, 0, FileStore::kMaxReadBytes, &error);
        if (!bytes) {
            sendError(connection, ErrorShape::OpenAi, 404, u"not_found_error"_s, error);
            return;
        }
        connection->sendResponse(200, "application/octet-stream", *bytes);
        return;
    }
    const std::optional<ContainerFileStat> stat = store.stat(fileId, true, &error);
    if (!stat) {
        sendError(connection, ErrorShape::OpenAi, 404, u"not_found_error"_s, error);
        return;
    }
    QJsonObject json = fileJson(stat->file, containerId);
    json.insert(u"sha256"_s, stat->sha256);
    sendJson(connection, 200, json);
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
