// SPDX-License-Identifier: GPL-3.0-or-later
#include "mcpsession.h"

#include "gateway/approvalbroker.h"
#include "jsonrpc.h"
#include "mcpfiles.h"
#include "mcptoolrun.h"
#include "mcptools.h"
#include "sandbox/container.h"
#include "sandbox/containermanager.h"
#include "workspace/workspace.h"

#include <QCoreApplication>
#include <QFutureWatcher>
#include <QJsonArray>
#include <QJsonDocument>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

using namespace Qt::StringLiterals;

namespace {

// MCP's "resource not found" error code.
constexpr int ResourceNotFound = -32002;
constexpr int ResourcesPerPage = 100;

} // namespace

QStringList McpSession::protocolVersions()
{
    // As the official SDKs negotiate them (LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS).
    static const QStringList versions{u"2025-11-25"_s, u"2025-06-18"_s, u"2025-03-26"_s, u"2024-11-05"_s,
                                      u"2024-10-07"_s};
    return versions;
}

QStringList McpSession::statelessProtocolVersions()
{
    // As @modelcontextprotocol/client 2.x negotiates them (SUPPORTED_MODERN_PROTOCOL_VERSIONS).
    static const QStringList versions{u"2026-07-28"_s};
    return versions;
}

QString McpSession::statelessVersionOf(const QJsonObject &message)
{
    const QJsonValue version = message.value(u"params"_s)[u"_meta"_s][QLatin1StringView(VersionMetaKey)];
    if (version.isUndefined())
        return {};
    // A version that is not a string is still a claim to a stateless revision, and gets its error.
    return version.isString() ? version.toString() : u"(not a string)"_s;
}

McpSession::McpSession(const McpContext &context, const QString &id, QObject *parent)
    : QObject(parent)
    , m_context(context)
    , m_id(id)
{
    if (!m_context.filePool) {
        m_pool = new QThreadPool(this);
        m_pool->setMaxThreadCount(2);
        m_context.filePool = m_pool;
    }
    if (m_context.conversation.isEmpty())
        m_context.conversation = u"mcp:"_s + id;
    if (!m_context.homeScans)
        m_context.homeScans = std::make_shared<McpFiles::HomeScans>();
}

McpSession::~McpSession()
{
    close();
    if (m_pool)
        m_pool->waitForDone();
}

QString McpSession::workspaceName() const
{
    return m_context.workspace->name();
}

void McpSession::close()
{
    if (m_closed)
        return;
    m_closed = true;
    const auto runs = m_runs;
    m_runs.clear();
    for (const QPointer<McpToolRun> &run : runs) {
        if (run) {
            run->disconnect(this);
            run->cancel();
            run->deleteLater();
        }
    }
}

void McpSession::cancelRequests(const QList<QJsonValue> &ids)
{
    for (const QJsonValue &id : ids) {
        if (const QPointer<McpToolRun> run = m_runs.value(JsonRpcMessage::idKey(id)))
            run->cancel();
    }
}

void McpSession::receive(const QByteArray &bytes)
{
    if (m_closed)
        return;
    if (bytes.size() > MaxMessageBytes) {
        replyError(QJsonValue::Undefined, JsonRpcMessage::InvalidRequest,
                   u"the message is %1 bytes; a message may be at most %2 bytes"_s.arg(bytes.size())
                       .arg(MaxMessageBytes));
        return;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        replyError(QJsonValue::Undefined, JsonRpcMessage::ParseError,
                   u"Parse error: not valid JSON at offset %1 (%2)"_s.arg(parseError.offset)
                       .arg(parseError.errorString()));
        return;
    }
    if (doc.isArray()) {
        replyError(
            QJsonValue::Undefined, JsonRpcMessage::InvalidRequest,
            u"JSON-RPC batches are not accepted: MCP 2025-06-18 and later send one message at a time"_s);
        return;
    }
    receiveJson(doc.object());
}

void McpSession::receiveJson(const QJsonValue &value)
{
    if (!m_closed)
        receiveMessage(JsonRpcMessage::fromJson(value));
}

void McpSession::receiveMessage(const JsonRpcMessage &message)
{
    if (m_closed)
        return;
    switch (message.kind) {
    case JsonRpcMessage::Kind::Request:
        handleRequest(message);
        break;
    case JsonRpcMessage::Kind::Notification:
        handleNotification(message);
        break;
    case JsonRpcMessage::Kind::Response:
        handleResponse(message);
        break;
    case JsonRpcMessage::Kind::Invalid:
        replyError(message.id.isUndefined() ? QJsonValue(QJsonValue::Undefined) : message.id,
                   JsonRpcMessage::InvalidRequest, u"Invalid Request: "_s + message.problem);
        break;
    }
}

void McpSession::reply(const QJsonValue &id, const QJsonObject &result)
{
    QJsonObject answer = result;
    if (const auto it = m_stateless.constFind(JsonRpcMessage::idKey(id)); it != m_stateless.constEnd()) {
        // 2026-07-28: every result says it is complete and who answered; a list how long it may be kept
        // (containers and their files change with every call: not at all, and for this client only).
        answer.insert(u"resultType"_s, u"complete"_s);
        QJsonObject meta = answer.value(u"_meta"_s).toObject();
        meta.insert(u"io.modelcontextprotocol/serverInfo"_s, serverInfo());
        answer.insert(u"_meta"_s, meta);
        if (it.value()) {
            answer.insert(u"ttlMs"_s, 0);
            answer.insert(u"cacheScope"_s, u"private"_s);
        }
        m_stateless.erase(it);
    }
    if (!m_closed)
        Q_EMIT sendMessage(JsonRpcMessage::resultMessage(id, answer), id);
}

void McpSession::replyError(const QJsonValue &id, int code, const QString &message, const QJsonValue &data)
{
    m_stateless.remove(JsonRpcMessage::idKey(id));
    if (!m_closed)
        Q_EMIT sendMessage(JsonRpcMessage::errorMessage(id, code, message, data), id);
}

QJsonObject McpSession::capabilities()
{
    return {{u"tools"_s, QJsonObject{{u"listChanged"_s, false}}},
            {u"resources"_s, QJsonObject{{u"listChanged"_s, false}, {u"subscribe"_s, false}}}};
}

QString McpSession::instructions()
{
    return u"Sandbench runs commands in isolated local Linux containers. A shell or python call without "
           "container_id gets a new container; every result names its container_id: pass it to later calls "
           "(and to read_file, write_file, list_files) to keep working with the same files in "
           "/workspace/home. The network is off unless a new container's network_policy allows hosts. "
           "python calls of one container share a Jupyter kernel: variables and imports persist while the "
           "container is awake (a container that slept starts a fresh kernel, with its files)."_s;
}

QJsonObject McpSession::serverInfo() const
{
    return {{u"name"_s, u"sandbench"_s},
            {u"title"_s, u"Sandbench"_s},
            {u"version"_s, QCoreApplication::applicationVersion()}};
}

QJsonArray McpSession::resourceTemplates()
{
    return {QJsonObject{{u"uriTemplate"_s, u"sandbench://containers/{container_id}/files/{+path}"_s},
                        {u"name"_s, u"container-file"_s},
                        {u"title"_s, u"A file of a container's /workspace/home"_s},
                        {u"description"_s, u"A file below /workspace/home of a Sandbench container of this "
                                           "workspace (container_id as the tools' results name it)."_s}}};
}

void McpSession::handleRequest(const JsonRpcMessage &message)
{
    const QString &method = message.method;
    const QJsonValue &id = message.id;
    if (m_runs.contains(JsonRpcMessage::idKey(id))) {
        replyError(id, JsonRpcMessage::InvalidRequest,
                   u"Invalid Request: id %1 is already used by a request that is still running"_s.arg(
                       JsonRpcMessage::idKey(id).mid(2)));
        return;
    }
    if (const QString stateless = statelessVersionOf({{u"params"_s, message.params}}); !stateless.isEmpty()) {
        if (!statelessProtocolVersions().contains(stateless)) {
            replyError(id, UnsupportedProtocolVersion,
                       u"Unsupported protocol version \"%1\": this server speaks %2 without a handshake (the "
                       u"version "
                       "in each request's _meta) and, after initialize, %3"_s.arg(
                           stateless.left(40), statelessProtocolVersions().join(u", "_s),
                           protocolVersions().join(u", "_s)),
                       QJsonObject{{u"supported"_s, QJsonArray::fromStringList(statelessProtocolVersions() +
                                                                               protocolVersions())},
                                   {u"requested"_s, stateless.left(40)}});
            return;
        }
        handleStatelessRequest(message);
        return;
    }
    if (method == u"server/discover") {
        // server/discover without the stateless revision's _meta: this is a handshake-era session.
        replyError(id, UnsupportedProtocolVersion,
                   u"server/discover needs params._meta[\"%1\"] naming one of %2; without it, start with "
                   "initialize (%3)"_s.arg(QLatin1StringView(VersionMetaKey),
                                           statelessProtocolVersions().join(u", "_s),
                                           protocolVersions().join(u", "_s)),
                   QJsonObject{{u"supported"_s, QJsonArray::fromStringList(statelessProtocolVersions() +
                                                                           protocolVersions())}});
        return;
    }
    if (method == u"initialize") {
        if (!message.params.value(u"protocolVersion"_s).isString()) {
            replyError(id, JsonRpcMessage::InvalidParams,
                       u"initialize: \"protocolVersion\" must be a string such as \"%1\""_s.arg(
                           protocolVersions().constFirst()));
            return;
        }
        reply(id, initialize(message.params));
        return;
    }
    if (method == u"ping") {
        reply(id, {});
        return;
    }
    if (!isInitialized()) {
        replyError(id, JsonRpcMessage::InvalidRequest,
                   u"Invalid Request: the session is not initialized; send \"initialize\" first"_s);
        return;
    }
    if (method == u"tools/list") {
        reply(id, {{u"tools"_s, McpTools::definitions(m_context.limits)}});
    } else if (method == u"tools/call") {
        callTool(id, message.params);
    } else if (method == u"resources/list") {
        listResources(id, message.params);
    } else if (method == u"resources/read") {
        readResource(id, message.params);
    } else if (method == u"resources/templates/list") {
        reply(id, {{u"resourceTemplates"_s, resourceTemplates()}});
    } else {
        replyError(id, JsonRpcMessage::MethodNotFound,
                   u"Method not found: \"%1\"; this server answers initialize, ping, tools/list, tools/call, "
                   "resources/list, resources/read and resources/templates/list"_s.arg(method.left(100)));
    }
}

void McpSession::handleStatelessRequest(const JsonRpcMessage &message)
{
    const QString &method = message.method;
    const QJsonValue &id = message.id;
    const QJsonObject meta = message.params.value(u"_meta"_s).toObject();
    // Who asks comes with each request (the request log and the live view name it).
    QString name = meta.value(u"io.modelcontextprotocol/clientInfo"_s)[u"name"_s].toString().left(100);
    name.removeIf([](QChar c) { return c.category() == QChar::Other_Control; });
    if (!name.isEmpty())
        m_context.clientName = name;
    else if (m_context.clientName.isEmpty())
        m_context.clientName = u"mcp"_s;
    const bool list = method == u"tools/list" || method == u"resources/list" ||
                      method == u"resources/templates/list" || method == u"resources/read" ||
                      method == u"server/discover";
    m_stateless.insert(JsonRpcMessage::idKey(id), list);
    if (method == u"initialize") {
        replyError(
            id, JsonRpcMessage::InvalidRequest,
            u"Invalid Request: %1 has no initialize; send requests directly, with the version in "
            "_meta, or initialize without it (%2)"_s.arg(
                meta.value(QLatin1StringView(VersionMetaKey)).toString(), protocolVersions().join(u", "_s)));
        return;
    }
    if (method == u"server/discover") {
        reply(id, {{u"supportedVersions"_s,
                    QJsonArray::fromStringList(statelessProtocolVersions() + protocolVersions())},
                   {u"capabilities"_s, capabilities()},
                   {u"instructions"_s, instructions()}});
        return;
    }
    // Elicitation in this revision is an input_required result, which this server does not send: asks go
    // to the window, a terminal or the live viewers, as for a client that cannot be asked.
    if (method == u"ping") {
        reply(id, {});
    } else if (method == u"tools/list") {
        reply(id, {{u"tools"_s, McpTools::definitions(m_context.limits)}});
    } else if (method == u"tools/call") {
        callTool(id, message.params);
    } else if (method == u"resources/list") {
        listResources(id, message.params);
    } else if (method == u"resources/read") {
        readResource(id, message.params);
    } else if (method == u"resources/templates/list") {
        reply(id, {{u"resourceTemplates"_s, resourceTemplates()}});
    } else {
        replyError(id, JsonRpcMessage::MethodNotFound,
                   u"Method not found: \"%1\"; this server answers server/discover, ping, tools/list, "
                   "tools/call, resources/list, resources/read and resources/templates/list"_s.arg(
                       method.left(100)));
    }
}

QJsonObject McpSession::initialize(const QJsonObject &params)
{
    const QString asked = params.value(u"protocolVersion"_s).toString();
    m_protocolVersion = protocolVersions().contains(asked) ? asked : protocolVersions().constFirst();
    const QJsonObject info = params.value(u"clientInfo"_s).toObject();
    QString name = info.value(u"name"_s).toString().left(100);
    name.removeIf([](QChar c) { return c.category() == QChar::Other_Control; });
    m_context.clientName = name.isEmpty() ? u"mcp"_s : name;
    // Form elicitation: "elicitation": {} (every version that has it) or {"form": {...}} (2025-11-25).
    const QJsonValue elicitation = params.value(u"capabilities"_s).toObject().value(u"elicitation"_s);
    m_elicitation = elicitation.isObject() &&
                    (elicitation.toObject().isEmpty() || elicitation.toObject().contains(u"form"_s));
    if (m_elicitation && !m_ownApprovals) {
        // The client answers this session's asks itself: they wait here, not in the window's list.
        m_ownApprovals = new ApprovalBroker(m_context.workspace->name(), this);
        m_ownApprovals->addAnswerer();
        connect(m_ownApprovals, &ApprovalBroker::requested, this, &McpSession::onApprovalRequested);
        connect(m_ownApprovals, &ApprovalBroker::resolved, this,
                [this](const ApprovalRequest &r, const ApprovalAnswer &) { onApprovalClosed(r.id); });
        connect(m_ownApprovals, &ApprovalBroker::withdrawn, this, &McpSession::onApprovalClosed);
        m_context.approvals = m_ownApprovals;
    }
    return {{u"protocolVersion"_s, m_protocolVersion},
            {u"capabilities"_s, capabilities()},
            {u"serverInfo"_s, serverInfo()},
            {u"instructions"_s, instructions()}};
}

void McpSession::callTool(const QJsonValue &id, const QJsonObject &params)
{
    const QJsonValue name = params.value(u"name"_s);
    if (!name.isString()) {
        replyError(id, JsonRpcMessage::InvalidParams,
                   u"tools/call: \"name\" must be a string, one of: "_s + McpTools::names().join(u", "_s));
        return;
    }
    const QJsonValue arguments = params.value(u"arguments"_s);
    if (!arguments.isUndefined() && !arguments.isNull() && !arguments.isObject()) {
        replyError(id, JsonRpcMessage::InvalidParams, u"tools/call: \"arguments\" must be an object"_s);
        return;
    }
    const QString tool = name.toString();
    if (!McpTools::exists(tool)) {
        reply(id, McpToolRun::errorResult(u"unknown tool \"%1\"; the tools are: %2"_s.arg(
                      tool.left(100), McpTools::names().join(u", "_s))));
        return;
    }
    if (m_runs.size() >= MaxRunningCalls) {
        reply(id, McpToolRun::errorResult(u"%1 tool calls of this session are running; at most %2 may run at "
                                          "once: wait for one to finish"_s.arg(m_runs.size())
                                              .arg(MaxRunningCalls)));
        return;
    }
    const QJsonValue progressToken = params.value(u"_meta"_s).toObject().value(u"progressToken"_s);
    auto *run = new McpToolRun(m_context, tool, arguments.toObject(), params, this);
    const QString key = JsonRpcMessage::idKey(id);
    m_runs.insert(key, run);
    m_runIds.insert(key, id);
    connect(run, &McpToolRun::containerUsed, this, [this](const QString &container) {
        m_containers.removeAll(container);
        m_containers.append(container);
        if (m_containers.size() > 100)
            m_containers.removeFirst();
    });
    if (progressToken.isString() || progressToken.isDouble()) {
        auto progress = std::make_shared<qint64>(0);
        connect(run, &McpToolRun::output, this, [this, id, progressToken, progress](const QString &text) {
            // progress must grow with each notification: the characters streamed so far.
            *progress += std::max<qint64>(1, text.size());
            Q_EMIT sendMessage(JsonRpcMessage::notificationMessage(u"notifications/progress"_s,
                                                                   {{u"progressToken"_s, progressToken},
                                                                    {u"progress"_s, double(*progress)},
                                                                    {u"message"_s, text}}),
                               id);
        });
    }
    connect(run, &McpToolRun::finished, this, [this, key, id, run](const QJsonObject &result) {
        m_runs.remove(key);
        m_runIds.remove(key);
        run->deleteLater();
        reply(id, result);
        if (m_runs.isEmpty())
            Q_EMIT idle();
    });
    connect(run, &McpToolRun::cancelled, this, [this, key, run] {
        // A cancelled request gets no response (MCP: the client has stopped waiting for it).
        m_runs.remove(key);
        m_runIds.remove(key);
        run->deleteLater();
        if (m_runs.isEmpty())
            Q_EMIT idle();
    });
    run->start();
}

void McpSession::handleNotification(const JsonRpcMessage &message)
{
    if (message.method == u"notifications/cancelled") {
        const QJsonValue requestId = message.params.value(u"requestId"_s);
        if (const QPointer<McpToolRun> run = m_runs.value(JsonRpcMessage::idKey(requestId)))
            run->cancel();
    }
    // notifications/initialized, roots/list_changed and the rest need nothing from this server; unknown
    // notifications are ignored, as JSON-RPC says.
}

void McpSession::handleResponse(const JsonRpcMessage &message)
{
    const QString key = JsonRpcMessage::idKey(message.id);
    const QString approvalId = m_approvalOf.take(key);
    m_elicitationRelated.remove(key);
    if (approvalId.isEmpty() || !m_ownApprovals)
        return; // an answer to nothing we asked (or asked and withdrew)
    m_elicitationFor.remove(approvalId);
    if (!message.error.isEmpty()) {
        m_ownApprovals->answer(approvalId, ApprovalDecision::Deny,
                               u"the client could not ask: "_s + message.error.value(u"message"_s).toString(),
                               u"mcp"_s);
        return;
    }
    const QJsonObject result = message.result.toObject();
    const QString action = result.value(u"action"_s).toString();
    const QJsonObject content = result.value(u"content"_s).toObject();
    const QString note = content.value(u"note"_s).toString().left(2000);
    ApprovalDecision decision = ApprovalDecision::Deny;
    if (action == u"accept") {
        const QString word = content.value(u"decision"_s).toString();
        if (word == u"allow_once")
            decision = ApprovalDecision::AllowOnce;
        else if (word == u"allow_session")
            decision = ApprovalDecision::AllowConversation;
    }
    m_ownApprovals->answer(approvalId, decision,
                           action == u"accept" ? note
                                               : u"the user %1 the approval request"_s.arg(
                                                     action == u"decline" ? u"declined"_s : u"dismissed"_s),
                           u"mcp"_s);
}

void McpSession::onApprovalRequested(const ApprovalRequest &request)
{
    QJsonValue related;
    for (auto it = m_runs.constBegin(); it != m_runs.constEnd(); ++it) {
        if (it.value() && it.value()->agentRequestId() == request.requestId)
            related = m_runIds.value(it.key());
    }
    const QJsonValue id = u"sandbench-elicit-%1"_s.arg(m_nextRequestId++);
    const QString key = JsonRpcMessage::idKey(id);
    m_approvalOf.insert(key, request.id);
    m_elicitationFor.insert(request.id, key);
    m_elicitationRelated.insert(key, related);
    QJsonObject params{
        {u"message"_s, u"Sandbench: allow this %1 call to run in the sandbox?\n\n%2\n\n(%3)"_s.arg(
                           request.tool, request.commands.join(u'\n').left(4000), request.reason)},
        {u"requestedSchema"_s,
         QJsonObject{
             {u"type"_s, u"object"_s},
             {u"properties"_s,
              QJsonObject{
                  {u"decision"_s,
                   QJsonObject{{u"type"_s, u"string"_s},
                               {u"title"_s, u"Decision"_s},
                               {u"description"_s, u"allow_once: run this call; allow_session: run it "
                                                  "and the same commands again in this session; "
                                                  "deny: do not run it"_s},
                               {u"enum"_s, QJsonArray{u"allow_once"_s, u"allow_session"_s, u"deny"_s}}}},
                  {u"note"_s, QJsonObject{{u"type"_s, u"string"_s},
                                          {u"title"_s, u"Note for the agent"_s},
                                          {u"description"_s, u"Why you deny it, or what to do instead"_s},
                                          {u"maxLength"_s, 2000}}}}},
             {u"required"_s, QJsonArray{u"decision"_s}}}}};
    if (m_protocolVersion >= u"2025-11-25")
        params.insert(u"mode"_s, u"form"_s);
    Q_EMIT sendMessage(JsonRpcMessage::requestMessage(id, u"elicitation/create"_s, params), related);
}

void McpSession::onApprovalClosed(const QString &approvalId)
{
    // Answered elsewhere, expired or withdrawn: the client stops asking.
    const QString key = m_elicitationFor.take(approvalId);
    if (key.isEmpty())
        return;
    m_approvalOf.remove(key);
    const QJsonValue related = m_elicitationRelated.take(key);
    if (m_closed)
        return;
    Q_EMIT sendMessage(
        JsonRpcMessage::notificationMessage(
            u"notifications/cancelled"_s,
            {{u"requestId"_s, key.mid(2)}, {u"reason"_s, u"the approval request was closed"_s}}),
        related);
}

void McpSession::listResources(const QJsonValue &id, const QJsonObject &params)
{
    // The files of the containers this session used, newest container first, a page at a time. The cursor
    // is "<container index>/<after file id>" in that order.
    int index = 0;
    QString after;
    if (params.contains(u"cursor"_s)) {
        const QString cursor = params.value(u"cursor"_s).toString();
        const qsizetype slash = cursor.indexOf(u'/');
        bool ok = false;
        index = cursor.left(slash).toInt(&ok);
        if (!ok || slash < 0 || index < 0) {
            replyError(id, JsonRpcMessage::InvalidParams,
                       u"resources/list: \"cursor\" is not one this server gave (use nextCursor as sent)"_s);
            return;
        }
        after = cursor.mid(slash + 1);
    }
    QStringList containers = m_containers;
    std::reverse(containers.begin(), containers.end());
    struct Page
    {
        QJsonArray resources;
        QString nextCursor;
    };
    QList<std::pair<QString, QString>> homes; // container id, home dir
    for (const QString &c : std::as_const(containers)) {
        if (Container *container = m_context.workspace->containers()->find(c))
            homes.append({c, container->homeDir()});
    }
    auto *watcher = new QFutureWatcher<Page>(this);
    connect(watcher, &QFutureWatcher<Page>::finished, this, [this, watcher, id] {
        watcher->deleteLater();
        const Page page = watcher->result();
        QJsonObject result{{u"resources"_s, page.resources}};
        if (!page.nextCursor.isEmpty())
            result.insert(u"nextCursor"_s, page.nextCursor);
        reply(id, result);
    });
    watcher->setFuture(QtConcurrent::run(m_context.filePool, [homes, index, after] {
        Page page;
        QString from = after;
        for (int i = index; i < homes.size(); ++i) {
            const FileStore store(homes.at(i).second);
            QString error;
            const int room = ResourcesPerPage - int(page.resources.size());
            const std::optional<ContainerFilePage> files = store.list(room, from, &error);
            from.clear();
            if (!files)
                continue;
            for (const ContainerFile &f : files->files)
                page.resources.append(QJsonObject{{u"uri"_s, McpFiles::uri(homes.at(i).first, f.path)},
                                                  {u"name"_s, f.path},
                                                  {u"title"_s, u"%1 (%2)"_s.arg(f.path, homes.at(i).first)},
                                                  {u"size"_s, f.size}});
            if (files->hasMore && !files->files.isEmpty()) {
                page.nextCursor = u"%1/%2"_s.arg(i).arg(files->files.constLast().id);
                return page;
            }
            if (page.resources.size() >= ResourcesPerPage) {
                if (i + 1 < homes.size())
                    page.nextCursor = u"%1/"_s.arg(i + 1);
                return page;
            }
        }
        return page;
    }));
}

void McpSession::readResource(const QJsonValue &id, const QJsonObject &params)
{
    const QString uri = params.value(u"uri"_s).toString();
    QString error;
    const auto parsed = McpFiles::parseUri(uri, &error);
    if (!parsed) {
        replyError(id, JsonRpcMessage::InvalidParams, u"resources/read: "_s + error);
        return;
    }
    Container *container = m_context.workspace->containers()->find(parsed->first);
    if (!container) {
        replyError(id, ResourceNotFound,
                   u"Resource not found: no container \"%1\" in this workspace"_s.arg(parsed->first),
                   QJsonObject{{u"uri"_s, uri}});
        return;
    }
    const QString home = container->homeDir();
    const QString relative = parsed->second;
    auto *watcher = new QFutureWatcher<McpFiles::Read>(this);
    connect(watcher, &QFutureWatcher<McpFiles::Read>::finished, this, [this, watcher, id, uri] {
        watcher->deleteLater();
        const McpFiles::Read read = watcher->result();
        if (!read.error.isEmpty()) {
            replyError(id, read.notFound ? ResourceNotFound : JsonRpcMessage::InvalidParams,
                       (read.notFound ? u"Resource not found: "_s : u"resources/read: "_s) + read.error,
                       QJsonObject{{u"uri"_s, uri}});
            return;
        }
        QJsonObject content{{u"uri"_s, uri}, {u"mimeType"_s, read.mimeType}};
        if (read.isText)
            content.insert(u"text"_s, QString::fromUtf8(read.data));
        else
            content.insert(u"blob"_s, QString::fromLatin1(read.data.toBase64()));
        reply(id, {{u"contents"_s, QJsonArray{content}}});
    });
    watcher->setFuture(QtConcurrent::run(m_context.filePool, [home, relative] {
        return McpFiles::read(home, relative, McpTools::MaxReadBytes);
    }));
}
