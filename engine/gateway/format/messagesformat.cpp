// SPDX-License-Identifier: GPL-3.0-or-later
#include "messagesformat.h"

#include "sandbox/containermanager.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace {

// A JSON value as an error message quotes it ("x", 3, null; absent for undefined).
QString shown(const QJsonValue &v)
{
    if (v.isUndefined())
        return u"nothing"_s;
    const QByteArray json = QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(json.mid(1, json.size() - 2)).left(80);
}

// Anthropic's code-execution tools as the API names them in server_tool_use blocks: code_execution_20250825
// calls bash_code_execution and text_editor_code_execution, code_execution_20250522 calls code_execution.
QString toolName(const AgentToolCall &call)
{
    if (call.isCode())
        return call.codeFunction == u"text_editor" ? u"text_editor_code_execution"_s
               : call.codeFunction == u"python"    ? u"code_execution"_s
                                                   : u"bash_code_execution"_s;
    return call.isBash() ? u"openrouter:bash"_s : u"openrouter:shell"_s;
}

// The versions of Anthropic's code-execution tool this API runs locally. 20260120 and 20260521 are
// 20250825's bash and text editor plus a Python function (code_execution blocks) run in the container's
// kernel, whose state persists between requests that pass container (AgentLoop), and whose code may call
// the caller's tools that allow it (programmatic tool calling).
const QStringList kBashEditorVersions{u"code_execution_20250825"_s, u"code_execution_20260120"_s,
                                      u"code_execution_20260521"_s};
const QString kPythonVersion = u"code_execution_20250522"_s;

// The error codes each code-execution result block may carry (the SDK's *ToolResultErrorCode unions); any
// other reason (a guardrail, say) is "unavailable".
QString codeErrorCode(const QString &function, const QString &code)
{
    QStringList allowed{u"invalid_tool_input"_s, u"unavailable"_s, u"too_many_requests"_s,
                        u"execution_time_exceeded"_s};
    if (function == u"bash")
        allowed.append(u"output_file_too_large"_s);
    if (function == u"text_editor")
        allowed.append(u"file_not_found"_s);
    return allowed.contains(code) ? code : u"unavailable"_s;
}

// A code-execution tool entry ({"type": "code_execution_…", "name": "code_execution", …}) as a
// ServerToolConfig; nullopt and an error naming the field when it is not as the API types it.
std::optional<ServerToolConfig> codeTool(const QJsonObject &tool, const QString &path, AgentError *error)
{
    const QString type = tool.value(u"type"_s).toString();
    const auto bad = [&](const QString &field, const QString &message) {
        *error = AgentError::invalidRequest(message, path + u'.' + field);
        return std::nullopt;
    };
    ServerToolConfig config;
    config.contractName = type;
    if (type == kPythonVersion)
        config.kind = ServerToolConfig::Kind::Python;
    else if (kBashEditorVersions.contains(type))
        config.kind = ServerToolConfig::Kind::CodeExecution;
    else
        return bad(u"type"_s,
                   u"%1.type \"%2\" is not a code-execution version Sandbench runs (supported: %3 and "
                   "%4)"_s.arg(path, type, kBashEditorVersions.join(u", "_s), kPythonVersion));
    const QJsonValue name = tool.value(u"name"_s);
    if (name != QJsonValue(u"code_execution"_s))
        return bad(u"name"_s,
                   u"%1.name must be \"code_execution\" for %2 (got %3)"_s.arg(path, type, shown(name)));
    for (auto it = tool.constBegin(); it != tool.constEnd(); ++it) {
        const QString key = it.key();
        const QJsonValue v = it.value();
        if (key == u"type" || key == u"name")
            continue;
        if (key == u"allowed_callers") {
            static const QStringList callers{u"direct"_s, u"code_execution_20250825"_s,
                                             u"code_execution_20260120"_s, u"code_execution_20260521"_s};
            bool ok = v.isArray();
            for (const QJsonValue &c : v.toArray())
                ok = ok && callers.contains(c.toString());
            if (!ok)
                return bad(key,
                           u"%1.allowed_callers must be an array of %2"_s.arg(path, callers.join(u", "_s)));
        } else if (key == u"cache_control") {
            if (!v.isNull() && !v.isObject())
                return bad(key, u"%1.cache_control must be an object or null"_s.arg(path));
        } else if (key == u"defer_loading" || key == u"strict") {
            if (!v.isBool())
                return bad(key, u"%1.%2 must be true or false"_s.arg(path, key));
        } else {
            return bad(key, u"%1.%2: extra inputs are not permitted (%3 takes name, type, allowed_callers, "
                            "cache_control, defer_loading and strict)"_s.arg(path, key, type));
        }
    }
    return config;
}

// The request's container field: absent/null, an id, or ContainerParams {id?, skills?}; skills (files of
// Anthropic's Skills API) do not exist locally.
bool containerOf(const QJsonValue &value, QString *id, AgentError *error)
{
    QJsonValue idValue = value;
    if (value.isObject()) {
        const QJsonObject o = value.toObject();
        for (auto it = o.constBegin(); it != o.constEnd(); ++it) {
            if (it.key() == u"skills") {
                if (!it.value().isNull() && !(it.value().isArray() && it.value().toArray().isEmpty())) {
                    *error = AgentError::invalidRequest(
                        u"container.skills: Anthropic's skills are not available in Sandbench's local "
                        "containers; leave skills out"_s,
                        u"container.skills"_s);
                    return false;
                }
            } else if (it.key() != u"id") {
                *error = AgentError::invalidRequest(
                    u"container.%1: extra inputs are not permitted (container takes id and skills)"_s.arg(
                        it.key()),
                    u"container."_s + it.key());
                return false;
            }
        }
        idValue = o.value(u"id"_s);
    }
    if (idValue.isUndefined() || idValue.isNull())
        return true;
    if (!idValue.isString() || !ContainerManager::isValidId(idValue.toString())) {
        *error = AgentError::invalidRequest(
            u"container must be a container id (1-40 characters of A-Z, a-z, 0-9, _ and -, as a response's "
            "container.id) or {\"id\": ...}; got %1"_s.arg(shown(idValue)),
            u"container"_s);
        return false;
    }
    *id = idValue.toString();
    return true;
}

// What the model reads of a replayed code-execution result block's content: its fields without the block
// type (and the empty file list), as AgentLoop phrases a fresh result.
QString replayedCodeResult(const QJsonValue &content, bool *isError)
{
    QJsonObject o = content.toObject();
    const QString type = o.value(u"type"_s).toString();
    *isError = type.endsWith(u"_error"_s);
    o.remove(u"type"_s);
    if (o.value(u"content"_s).isArray())
        o.remove(u"content"_s);
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

QString isoTime(qint64 secs)
{
    return QDateTime::fromSecsSinceEpoch(secs, Qt::UTC).toString(Qt::ISODate);
}

const QJsonObject directCaller{{u"type"_s, u"direct"_s}};

// A tool_use block's caller naming a code execution tool (programmatic tool calling) rather than the model.
bool isCodeCaller(const QJsonValue &caller)
{
    const QString type = caller.toObject().value(u"type"_s).toString();
    return type.startsWith(u"code_execution_"_s);
}

// Programmatic tool calling (code_execution_20260120/20260521): the function tools whose allowed_callers
// name the request's code tool become callable from its code; those without "direct" are offered to the
// model only that way. False and an error naming the field for a bad list or a name Python cannot call.
bool codeCallableTools(const QHash<QString, std::pair<QJsonValue, QString>> &callers, AgentRequest *req,
                       AgentError *error)
{
    static const QStringList allowed{u"direct"_s, u"code_execution_20250825"_s, u"code_execution_20260120"_s,
                                     u"code_execution_20260521"_s};
    static const QRegularExpression identifier(u"^[A-Za-z_][A-Za-z0-9_]{0,63}$"_s);
    const QString version = req->code ? req->code->contractName : QString();
    QList<ToolDefinition> direct;
    for (const ToolDefinition &tool : std::as_const(req->callerTools)) {
        const auto it = callers.constFind(tool.name);
        if (it == callers.constEnd()) {
            direct.append(tool);
            continue;
        }
        const auto &[value, path] = *it;
        QStringList names;
        for (const QJsonValue &v : value.toArray())
            names.append(v.toString());
        if (!value.isArray() || names.isEmpty() ||
            std::any_of(names.cbegin(), names.cend(),
                        [](const QString &n) { return !allowed.contains(n); })) {
            *error = AgentError::invalidRequest(
                u"%1.allowed_callers must be a non-empty array of %2"_s.arg(path, allowed.join(u", "_s)),
                path + u".allowed_callers"_s);
            return false;
        }
        const bool fromCode = names.contains(version) && version != u"code_execution_20250825";
        if (fromCode && !identifier.match(tool.name).hasMatch()) {
            *error = AgentError::invalidRequest(
                u"%1.name \"%2\" must be a Python identifier (letters, digits and _, at most 64) to be "
                "callable from %3"_s.arg(path, tool.name, version),
                path + u".name"_s);
            return false;
        }
        if (fromCode)
            req->codeCallableTools.append(tool);
        if (names.contains(u"direct"_s) || !fromCode)
            direct.append(tool);
    }
    req->callerTools = direct;
    return true;
}

} // namespace

std::optional<AgentRequest> MessagesFormat::parse(const QJsonObject &body,
                                                  const FormatRequestContext &context, AgentError *error)
{
    AgentRequest req;
    req.apiName = apiName();
    if (!parseCommon(body, context, &req, error))
        return std::nullopt;
    m_model = req.model;
    QJsonArray tools;
    if (!toolsOf(body, &tools, error))
        return std::nullopt;
    QHash<QString, std::pair<QJsonValue, QString>> callers; // function tool -> its allowed_callers, path
    for (qsizetype i = 0; i < tools.size(); ++i) {
        const QString path = u"tools[%1]"_s.arg(i);
        const QJsonObject tool = tools.at(i).toObject();
        const QString type = tool.value(u"type"_s).toString();
        if (type == u"openrouter:shell" || type == u"openrouter:bash") {
            if (!addServerTool(tool,
                               type == u"openrouter:bash" ? ServerToolConfig::Kind::Bash
                                                          : ServerToolConfig::Kind::Shell,
                               path, &req, error))
                return std::nullopt;
            continue;
        }
        if (type.startsWith(u"code_execution_"_s)) {
            const std::optional<ServerToolConfig> config = codeTool(tool, path, error);
            if (!config || !addCodeTool(*config, path, &req, error))
                return std::nullopt;
            continue;
        }
        if (!type.isEmpty() && type != u"custom") {
            *error = AgentError::invalidRequest(
                u"%1.type \"%2\" is not supported (use a custom tool with input_schema, openrouter:shell, "
                "openrouter:bash, code_execution_20250825 or code_execution_20250522)"_s.arg(path, type),
                path + u".type"_s);
            return std::nullopt;
        }
        if (!addFunctionTool(tool, u"input_schema"_s, path, &req, error))
            return std::nullopt;
        if (tool.contains(u"allowed_callers"_s))
            callers.insert(req.callerTools.last().name, {tool.value(u"allowed_callers"_s), path});
    }
    if (!codeCallableTools(callers, &req, error))
        return std::nullopt;
    req.avoidNameClashes();

    ConversationBuilder b;
    const QJsonValue system = body.value(u"system"_s);
    if (system.isString())
        b.system(system.toString());
    else if (system.isArray()) {
        QStringList texts;
        for (const ContentPart &p : contentParts(system))
            texts.append(p.text);
        b.system(texts.join(u'\n'));
    }
    QHash<QString, AgentRequest::CodeResume> codeCalls; // tool_use id -> the paused code call
    const QJsonValue messages = body.value(u"messages"_s);
    if (!messages.isArray() || messages.toArray().isEmpty()) {
        *error = AgentError::invalidRequest(u"messages is required: a non-empty array"_s, u"messages"_s);
        return std::nullopt;
    }
    const QJsonArray list = messages.toArray();
    for (qsizetype i = 0; i < list.size(); ++i) {
        const QString path = u"messages[%1]"_s.arg(i);
        const QJsonObject msg = list.at(i).toObject();
        const QString role = msg.value(u"role"_s).toString();
        if (role != u"user" && role != u"assistant") {
            *error = AgentError::invalidRequest(path + u".role must be \"user\" or \"assistant\""_s,
                                                path + u".role"_s);
            return std::nullopt;
        }
        const QJsonValue content = msg.value(u"content"_s);
        if (content.isString()) {
            if (role == u"user")
                b.user(contentParts(content));
            else
                b.assistantText(contentParts(content));
            continue;
        }
        if (!content.isArray()) {
            *error = AgentError::invalidRequest(
                path + u".content must be a string or an array of content blocks"_s, path + u".content"_s);
            return std::nullopt;
        }
        QList<ContentPart> pending;
        const auto flushText = [&] {
            if (role == u"user")
                b.user(pending);
            else
                b.assistantText(pending);
            pending.clear();
        };
        for (const QJsonValue &v : content.toArray()) {
            const QJsonObject block = v.toObject();
            const QString type = block.value(u"type"_s).toString();
            if (type == u"text" || type == u"image") {
                pending += contentParts(QJsonArray{block});
            } else if (type == u"tool_use" && isCodeCaller(block.value(u"caller"_s))) {
                // A call the code made (programmatic tool calling): not the model's; its tool_result
                // resumes the paused cell (below), the code call's result is what the model reads.
                static const QRegularExpression pausedId(u"^toolu_([0-9a-f]{32})$"_s);
                const QRegularExpressionMatch m = pausedId.match(block.value(u"id"_s).toString());
                const QString serverId = block.value(u"caller"_s).toObject().value(u"tool_id"_s).toString();
                if (!m.hasMatch() || serverId.isEmpty()) {
                    *error = AgentError::invalidRequest(
                        u"%1: a tool_use block whose caller is a code execution tool must keep the id and "
                        "caller.tool_id this API gave it"_s.arg(path),
                        path + u".content"_s);
                    return std::nullopt;
                }
                codeCalls.insert(block.value(u"id"_s).toString(), {serverId, m.captured(1), {}, false});
            } else if (type == u"tool_result" &&
                       codeCalls.contains(block.value(u"tool_use_id"_s).toString())) {
                flushText();
                AgentRequest::CodeResume resume = codeCalls.value(block.value(u"tool_use_id"_s).toString());
                resume.value = toolResultText(block.value(u"content"_s));
                resume.isError = block.value(u"is_error"_s).toBool();
                req.codeResume = resume;
            } else if (type == u"tool_use" || type == u"server_tool_use") {
                flushText();
                QString name = block.value(u"name"_s).toString();
                if (name == u"openrouter:shell")
                    name = req.shellFunctionName;
                else if (name == u"openrouter:bash")
                    name = req.bashFunctionName;
                else if (type == u"server_tool_use" && name == u"bash_code_execution")
                    name = req.codeBashFunctionName;
                else if (type == u"server_tool_use" && name == u"text_editor_code_execution")
                    name = req.editorFunctionName;
                else if (type == u"server_tool_use" && name == u"code_execution")
                    name = req.pythonFunctionName;
                b.assistantCall(block.value(u"id"_s).toString(), name, compactJson(block.value(u"input"_s)));
            } else if (type == u"tool_result" || type == u"openrouter_shell_tool_result" ||
                       type == u"openrouter_bash_tool_result") {
                flushText();
                const QJsonValue result = block.value(u"content"_s);
                b.toolResult(block.value(u"tool_use_id"_s).toString(), toolResultText(result),
                             block.value(u"is_error"_s).toBool());
                b.noteContainer(result.toObject().value(u"container_id"_s));
            } else if (type == u"bash_code_execution_tool_result" ||
                       type == u"text_editor_code_execution_tool_result" ||
                       type == u"code_execution_tool_result") {
                flushText();
                bool isError = false;
                const QString text = replayedCodeResult(block.value(u"content"_s), &isError);
                b.toolResult(block.value(u"tool_use_id"_s).toString(), text, isError);
            } else if (type == u"container_upload" && role == u"user") {
                // A file of Anthropic's Files API for the code tool: copied into the request's container.
                const QString fileId = block.value(u"file_id"_s).toString();
                if (fileId.isEmpty()) {
                    *error = AgentError::invalidRequest(
                        path + u": a container_upload block needs a file_id"_s, path + u".content"_s);
                    return std::nullopt;
                }
                req.inputFiles.append({fileId, {}, {}, path + u".content"_s, i != list.size() - 1});
            } else if (type == u"thinking" || type == u"redacted_thinking") {
                continue;
            } else {
                *error = AgentError::invalidRequest(
                    u"%1: content block type \"%2\" is not supported"_s.arg(path, type),
                    path + u".content"_s);
                return std::nullopt;
            }
        }
        flushText();
    }
    if (!b.hasInput()) {
        *error = AgentError::invalidRequest(u"the request has no input for the model (Messages API)"_s,
                                            u"messages"_s);
        return std::nullopt;
    }
    req.messages = b.messages;
    req.replayedContainerId = b.lastContainerId;
    // A resume applies only while the paused code call has no result in the conversation (a replayed
    // history whose later response carried the result resumes nothing).
    if (req.codeResume) {
        for (const Message &m : std::as_const(req.messages))
            if (m.role == Message::Role::Tool && m.toolResult.callId == req.codeResume->serverToolUseId)
                req.codeResume.reset();
    }
    // The request's container (Anthropic's reuse field: an id, or {id, skills}) pins the container like a
    // container_reference; an id this workspace does not have fails the request (AgentLoop).
    QString containerId;
    if (!containerOf(body.value(u"container"_s), &containerId, error))
        return std::nullopt;
    if (!containerId.isEmpty()) {
        for (std::optional<ServerToolConfig> *tool : {&req.shell, &req.bash, &req.code})
            if (*tool && (*tool)->containerReference.isEmpty())
                (*tool)->containerReference = containerId;
    }
    const QJsonValue maxTokens = body.value(u"max_tokens"_s);
    if (!maxTokens.isUndefined() && !maxTokens.isNull()) {
        if (!maxTokens.isDouble() || maxTokens.toDouble() < 1) {
            *error = AgentError::invalidRequest(u"max_tokens must be a positive integer"_s, u"max_tokens"_s);
            return std::nullopt;
        }
        req.sampling.maxTokens = maxTokens.toInt();
    }
    for (const QJsonValue &v : body.value(u"stop_sequences"_s).toArray())
        req.sampling.stop.append(v.toString());
    req.id = randomId(u"msg_"_s);
    return req;
}

QJsonObject MessagesFormat::errorBody(const AgentError &error) const
{
    QString type = error.type;
    if (type == u"cancelled" || type.isEmpty())
        type = u"api_error"_s;
    return {{u"type"_s, u"error"_s},
            {u"error"_s, QJsonObject{{u"type"_s, type}, {u"message"_s, error.message}}},
            {u"request_id"_s, loop() ? QJsonValue(loop()->id()) : QJsonValue(QJsonValue::Null)}};
}

void MessagesFormat::send(const QByteArray &name, QJsonObject data)
{
    if (!isStreaming())
        return;
    data.insert(u"type"_s, QString::fromLatin1(name));
    write(sseEvent(name, data));
}

int MessagesFormat::addBlock(const QJsonObject &block)
{
    m_content.append(block);
    const int index = int(m_content.size() - 1);
    if (isStreaming())
        send("content_block_start", {{u"index"_s, index}, {u"content_block"_s, block}});
    if (isStreaming())
        send("content_block_stop", {{u"index"_s, index}});
    return index;
}

int MessagesFormat::addInputBlock(const QJsonObject &block)
{
    m_content.append(block);
    const int index = int(m_content.size() - 1);
    QJsonObject start = block;
    start.insert(u"input"_s, QJsonObject());
    if (isStreaming())
        send("content_block_start", {{u"index"_s, index}, {u"content_block"_s, start}});
    if (isStreaming())
        send("content_block_delta",
             {{u"index"_s, index},
              {u"delta"_s, QJsonObject{{u"type"_s, u"input_json_delta"_s},
                                       {u"partial_json"_s, compactJson(block.value(u"input"_s))}}}});
    if (isStreaming())
        send("content_block_stop", {{u"index"_s, index}});
    return index;
}

QJsonObject MessagesFormat::usage(const AgentOutcome *outcome) const
{
    const QJsonValue null(QJsonValue::Null);
    QJsonObject u{{u"input_tokens"_s, outcome ? outcome->usage.inputTokens : 0},
                  {u"output_tokens"_s, outcome ? outcome->usage.outputTokens : 0},
                  {u"cache_creation_input_tokens"_s, 0},
                  {u"cache_read_input_tokens"_s, 0},
                  {u"cache_creation"_s, null},
                  {u"inference_geo"_s, null},
                  {u"output_tokens_details"_s, null},
                  {u"server_tool_use"_s, null},
                  // The beta Message's usage (client.beta.messages) has these too.
                  {u"fallback_credit"_s, null},
                  {u"iterations"_s, null},
                  {u"service_tier"_s, u"standard"_s},
                  {u"speed"_s, null}};
    if (outcome && outcome->metered) {
        u.insert(u"server_tool_cost"_s, outcome->serverToolCost);
        u.insert(u"cost_details"_s, QJsonObject{{u"server_tool_cost"_s, outcome->serverToolCost},
                                                {u"upstream_inference_input_cost"_s, 0},
                                                {u"upstream_inference_output_cost"_s, 0}});
    }
    return u;
}

QJsonObject MessagesFormat::message(const AgentOutcome *outcome) const
{
    const QJsonValue null(QJsonValue::Null);
    QString stopReason = u"end_turn"_s;
    if (outcome) {
        switch (outcome->stop) {
        case AgentOutcome::Stop::CallerTools:
            stopReason = u"tool_use"_s;
            break;
        case AgentOutcome::Stop::MaxToolCalls:
            stopReason = u"pause_turn"_s; // Anthropic's word for a server-tool loop cut short
            break;
        case AgentOutcome::Stop::MaxTokens:
            stopReason = u"max_tokens"_s;
            break;
        case AgentOutcome::Stop::EndTurn:
            break;
        }
    }
    QJsonValue container = null;
    if (outcome && !outcome->containerId.isEmpty())
        container = QJsonObject{{u"id"_s, outcome->containerId},
                                {u"expires_at"_s, isoTime(outcome->containerExpiresAt)},
                                {u"skills"_s, null}};
    return {{u"id"_s, loop() ? loop()->id() : QString()},
            {u"type"_s, u"message"_s},
            {u"role"_s, u"assistant"_s},
            {u"model"_s, m_model},
            {u"content"_s, outcome ? m_content : QJsonArray()},
            {u"container"_s, container},
            {u"context_management"_s, null}, // the beta Message's
            {u"diagnostics"_s, null},
            {u"stop_reason"_s, outcome ? QJsonValue(stopReason) : null},
            {u"stop_sequence"_s, null},
            {u"stop_details"_s, null},
            {u"usage"_s, usage(outcome)}};
}

void MessagesFormat::begin()
{
    send("message_start", {{u"message"_s, message(nullptr)}});
}

void MessagesFormat::textStarted()
{
    m_content.append(
        QJsonObject{{u"type"_s, u"text"_s}, {u"text"_s, QString()}, {u"citations"_s, QJsonValue::Null}});
    m_text = int(m_content.size() - 1);
    if (isStreaming())
        send("content_block_start", {{u"index"_s, m_text}, {u"content_block"_s, m_content.at(m_text)}});
}

void MessagesFormat::textDelta(const QString &delta)
{
    if (isStreaming())
        send("content_block_delta",
             {{u"index"_s, m_text},
              {u"delta"_s, QJsonObject{{u"type"_s, u"text_delta"_s}, {u"text"_s, delta}}}});
}

void MessagesFormat::textDone(const QString &text)
{
    m_content.replace(
        m_text, QJsonObject{{u"type"_s, u"text"_s}, {u"text"_s, text}, {u"citations"_s, QJsonValue::Null}});
    if (isStreaming())
        send("content_block_stop", {{u"index"_s, m_text}});
    m_text = -1;
}

void MessagesFormat::toolCallStarted(const AgentToolCall &call)
{
    if (call.resumed) {
        // The paused cell's server_tool_use is in an earlier response; this one carries only its result.
        m_blockIds.insert(call.index, call.callId);
        return;
    }
    // Anthropic names server-side calls srvtoolu_…; the result block points back at that id.
    const QString id = randomId(u"srvtoolu_"_s);
    m_blockIds.insert(call.index, id);
    QJsonObject input = call.arguments;
    if (input.isEmpty() && call.validated && !call.isBash() && !call.isCode())
        input = QJsonObject{{u"commands"_s, QJsonArray::fromStringList(call.action.commands)}};
    m_callBlocks.insert(call.index, addInputBlock({{u"type"_s, u"server_tool_use"_s},
                                                   {u"id"_s, id},
                                                   {u"name"_s, toolName(call)},
                                                   {u"input"_s, input},
                                                   {u"caller"_s, directCaller}}));
    if (liveEvents())
        send("openrouter_shell_call.in_progress", {{u"index"_s, m_callBlocks.value(call.index)},
                                                   {u"call_id"_s, id},
                                                   {u"container_id"_s, call.containerId}});
}

void MessagesFormat::commandStarted(int call, int command, const QString &text)
{
    if (liveEvents())
        send("openrouter_shell_call.command.started",
             {{u"index"_s, m_callBlocks.value(call)}, {u"command_index"_s, command}, {u"command"_s, text}});
}

void MessagesFormat::commandOutput(int call, int command, bool isStderr, const QString &text)
{
    if (liveEvents())
        send("openrouter_shell_call.output.delta", {{u"index"_s, m_callBlocks.value(call)},
                                                    {u"command_index"_s, command},
                                                    {u"stream"_s, isStderr ? u"stderr"_s : u"stdout"_s},
                                                    {u"delta"_s, text}});
}

void MessagesFormat::commandFinished(int call, int command, const CommandResult &result)
{
    if (liveEvents())
        send("openrouter_shell_call.command.done", {{u"index"_s, m_callBlocks.value(call)},
                                                    {u"command_index"_s, command},
                                                    {u"result"_s, result.toJson()}});
}

void MessagesFormat::toolCallFinished(const AgentToolCall &call, const AgentToolResult &result)
{
    const QString id = m_blockIds.value(call.index);
    if (call.isCode()) {
        if (!result.paused) // a paused cell's result comes in the response after the caller's tool_result
            addBlock(codeResultBlock(call, result, id));
        return;
    }
    QJsonObject content;
    if (result.results.isEmpty() && !result.error.isEmpty()) {
        content = {{u"type"_s, u"error"_s},
                   {u"error_code"_s, result.errorCode.isEmpty() ? u"unavailable"_s : result.errorCode},
                   {u"message"_s, result.error}};
    } else if (call.isBash()) {
        const CommandResult r = result.results.value(0);
        content = {{u"command"_s, call.bashCommand},
                   {u"stdout"_s, r.stdoutText},
                   {u"stderr"_s, r.stderrText},
                   {u"exitCode"_s, r.outcome.type == CommandOutcome::Type::Exit
                                       ? QJsonValue(r.outcome.exitCode)
                                       : QJsonValue(QJsonValue::Null)},
                   {u"outcome"_s, r.outcome.toJson()},
                   {u"container_id"_s, call.containerId}};
    } else {
        content = {{u"container_id"_s, call.containerId},
                   {u"action"_s, call.action.toJson()},
                   {u"output"_s, resultsJson(result.results)}};
    }
    addBlock(
        {{u"type"_s, call.isBash() ? u"openrouter_bash_tool_result"_s : u"openrouter_shell_tool_result"_s},
         {u"tool_use_id"_s, id},
         {u"content"_s, content}});
}

QJsonObject MessagesFormat::finished(const AgentOutcome &outcome)
{
    for (qsizetype i = 0; i < outcome.callerCalls.size(); ++i) {
        const ToolCall &call = outcome.callerCalls.at(i);
        // A call the code made (programmatic tool calling) names the code call as its caller. The SDK's
        // caller types are code_execution_20250825 and code_execution_20260120 (also 20260521's REPL).
        const int codeIndex = outcome.callerCallCodeIndex.value(i, -1);
        const QJsonObject caller = codeIndex < 0 ? directCaller
                                                 : QJsonObject{{u"type"_s, u"code_execution_20260120"_s},
                                                               {u"tool_id"_s, m_blockIds.value(codeIndex)}};
        addInputBlock({{u"type"_s, u"tool_use"_s},
                       {u"id"_s, call.id},
                       {u"name"_s, call.name},
                       {u"input"_s, call.arguments()},
                       {u"caller"_s, caller}});
    }
    const QJsonObject body = message(&outcome);
    QJsonObject deltaUsage = usage(&outcome);
    for (const QString &key : {u"cache_creation"_s, u"inference_geo"_s, u"service_tier"_s, u"speed"_s})
        deltaUsage.remove(key);
    send("message_delta", {{u"delta"_s, QJsonObject{{u"stop_reason"_s, body.value(u"stop_reason"_s)},
                                                    {u"stop_sequence"_s, QJsonValue::Null},
                                                    {u"stop_details"_s, QJsonValue::Null},
                                                    {u"container"_s, body.value(u"container"_s)}}},
                           {u"context_management"_s, QJsonValue::Null},
                           {u"usage"_s, deltaUsage}});
    send("message_stop", {});
    return body;
}

void MessagesFormat::failed(const AgentError &error)
{
    if (!isStreaming() || error.httpStatus == 499)
        return;
    send("error", errorBody(error));
}

QJsonObject MessagesFormat::codeResultBlock(const AgentToolCall &call, const AgentToolResult &result,
                                            const QString &toolUseId)
{
    // code_execution_20250522: code_execution_tool_result; 20250825: bash_/text_editor_code_execution_….
    const QString prefix = call.codeFunction == u"python"        ? u"code_execution"_s
                           : call.codeFunction == u"text_editor" ? u"text_editor_code_execution"_s
                                                                 : u"bash_code_execution"_s;
    QJsonObject content;
    const bool isError = !result.code || result.code->isError();
    if (isError) {
        const QString code = result.code ? result.code->errorCode : result.errorCode;
        content = {{u"type"_s, QString(prefix + u"_tool_result_error"_s)},
                   {u"error_code"_s, codeErrorCode(call.codeFunction, code)}};
        if (call.codeFunction == u"text_editor") {
            const QString message = result.code ? result.code->errorMessage : result.error;
            content.insert(u"error_message"_s,
                           message.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(message));
        }
    } else if (call.codeFunction == u"text_editor") {
        const CodeAction::Kind kind = call.code ? call.code->kind : CodeAction::Kind::View;
        const QJsonObject &fields = result.code->editor;
        const auto field = [&](const QString &key) {
            return fields.contains(key) ? fields.value(key) : QJsonValue(QJsonValue::Null);
        };
        if (kind == CodeAction::Kind::Create) {
            content = {{u"type"_s, u"text_editor_code_execution_create_result"_s},
                       {u"is_file_update"_s, fields.value(u"is_file_update"_s).toBool()}};
        } else if (kind == CodeAction::Kind::StrReplace) {
            content = {{u"type"_s, u"text_editor_code_execution_str_replace_result"_s},
                       {u"lines"_s, field(u"lines"_s)},
                       {u"new_lines"_s, field(u"new_lines"_s)},
                       {u"new_start"_s, field(u"new_start"_s)},
                       {u"old_lines"_s, field(u"old_lines"_s)},
                       {u"old_start"_s, field(u"old_start"_s)}};
        } else {
            content = {{u"type"_s, u"text_editor_code_execution_view_result"_s},
                       {u"content"_s, fields.value(u"content"_s).toString()},
                       {u"file_type"_s, fields.value(u"file_type"_s).toString(u"text"_s)},
                       {u"num_lines"_s, field(u"num_lines"_s)},
                       {u"start_line"_s, field(u"start_line"_s)},
                       {u"total_lines"_s, field(u"total_lines"_s)}};
        }
    } else {
        // The files the code created or changed, stored for the Files API (AgentLoop, CodeFiles), by file_id.
        QJsonArray files;
        for (const CodeFile &file : result.files)
            files.append(QJsonObject{{u"type"_s, QString(prefix + u"_output"_s)},
                                     {u"file_id"_s, QString(u"file_"_s + file.token)}});
        content = {{u"type"_s, QString(prefix + u"_result"_s)},
                   {u"stdout"_s, result.code->stdoutText},
                   {u"stderr"_s, result.code->stderrText},
                   {u"return_code"_s, result.code->returnCode},
                   {u"content"_s, files}};
    }
    return {{u"type"_s, QString(prefix + u"_tool_result"_s)},
            {u"tool_use_id"_s, toolUseId},
            {u"content"_s, content}};
}
