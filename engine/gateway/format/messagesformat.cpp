// SPDX-License-Identifier: GPL-3.0-or-later
#include "messagesformat.h"

#include <QDateTime>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace {

QString toolName(const AgentToolCall &call)
{
    return call.isBash() ? u"openrouter:bash"_s : u"openrouter:shell"_s;
}

QString isoTime(qint64 secs)
{
    return QDateTime::fromSecsSinceEpoch(secs, Qt::UTC).toString(Qt::ISODate);
}

const QJsonObject directCaller{{u"type"_s, u"direct"_s}};

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
        if (!type.isEmpty() && type != u"custom") {
            *error = AgentError::invalidRequest(
                u"%1.type \"%2\" is not supported (use a custom tool with input_schema, openrouter:shell or "
                "openrouter:bash)"_s.arg(path, type),
                path + u".type"_s);
            return std::nullopt;
        }
        if (!addFunctionTool(tool, u"input_schema"_s, path, &req, error))
            return std::nullopt;
    }
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
            } else if (type == u"tool_use" || type == u"server_tool_use") {
                flushText();
                QString name = block.value(u"name"_s).toString();
                if (name == u"openrouter:shell")
                    name = req.shellFunctionName;
                else if (name == u"openrouter:bash")
                    name = req.bashFunctionName;
                b.assistantCall(block.value(u"id"_s).toString(), name, compactJson(block.value(u"input"_s)));
            } else if (type == u"tool_result" || type == u"openrouter_shell_tool_result" ||
                       type == u"openrouter_bash_tool_result") {
                flushText();
                const QJsonValue result = block.value(u"content"_s);
                b.toolResult(block.value(u"tool_use_id"_s).toString(), toolResultText(result),
                             block.value(u"is_error"_s).toBool());
                b.noteContainer(result.toObject().value(u"container_id"_s));
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
    // The request's container (Anthropic's reuse field) pins the container like a container_reference.
    const QJsonValue container = body.value(u"container"_s);
    if (container.isString() && !container.toString().isEmpty()) {
        for (std::optional<ServerToolConfig> *tool : {&req.shell, &req.bash})
            if (*tool && (*tool)->containerReference.isEmpty())
                (*tool)->containerReference = container.toString();
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
    // Anthropic names server-side calls srvtoolu_…; the result block points back at that id.
    const QString id = randomId(u"srvtoolu_"_s);
    m_blockIds.insert(call.index, id);
    QJsonObject input = call.arguments;
    if (input.isEmpty() && call.validated && !call.isBash())
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
    for (const ToolCall &call : outcome.callerCalls)
        addInputBlock({{u"type"_s, u"tool_use"_s},
                       {u"id"_s, call.id},
                       {u"name"_s, call.name},
                       {u"input"_s, call.arguments()},
                       {u"caller"_s, directCaller}});
    const QJsonObject body = message(&outcome);
    QJsonObject deltaUsage = usage(&outcome);
    for (const QString &key : {u"cache_creation"_s, u"inference_geo"_s, u"service_tier"_s, u"speed"_s})
        deltaUsage.remove(key);
    send("message_delta", {{u"delta"_s, QJsonObject{{u"stop_reason"_s, body.value(u"stop_reason"_s)},
                                                    {u"stop_sequence"_s, QJsonValue::Null},
                                                    {u"stop_details"_s, QJsonValue::Null},
                                                    {u"container"_s, body.value(u"container"_s)}}},
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
