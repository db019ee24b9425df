// SPDX-License-Identifier: GPL-3.0-or-later
#include "responsesformat.h"

#include "gateway/agentloop.h"
#include "sandbox/containermanager.h"

#include <QDateTime>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace {

QJsonObject outputText(const QString &text)
{
    return {{u"type"_s, u"output_text"_s},
            {u"text"_s, text},
            {u"annotations"_s, QJsonArray()},
            {u"logprobs"_s, QJsonArray()}};
}

QJsonObject nativeAction(const ShellAction &action)
{
    return {{u"commands"_s, QJsonArray::fromStringList(action.commands)},
            {u"timeout_ms"_s, action.timeoutMs},
            {u"max_output_length"_s, action.maxOutputLength}};
}

// The action an item shows: what ran, or for a rejected call the commands the model asked for.
QJsonObject shownAction(const AgentToolCall &call, bool native)
{
    if (call.validated)
        return native ? nativeAction(call.action) : call.action.toJson();
    QJsonArray asked;
    for (const QJsonValue &v : call.arguments.value(u"commands"_s).toArray())
        if (v.isString())
            asked.append(v);
    if (call.arguments.value(u"command"_s).isString())
        asked.append(call.arguments.value(u"command"_s));
    QJsonObject action{{u"commands"_s, asked}};
    if (native) {
        action.insert(u"timeout_ms"_s, QJsonValue::Null);
        action.insert(u"max_output_length"_s, QJsonValue::Null);
    }
    return action;
}

} // namespace

bool ResponsesFormat::parseInput(const QJsonObject &body, const AgentRequest &req, ConversationBuilder *b,
                                 AgentError *error)
{
    const QJsonValue instructions = body.value(u"instructions"_s);
    if (instructions.isString())
        b->system(instructions.toString());
    const QJsonValue input = body.value(u"input"_s);
    if (input.isString()) {
        b->user({ContentPart::fromText(input.toString())});
        return true;
    }
    if (!input.isArray()) {
        *error = AgentError::invalidRequest(u"input is required: a string or an array of input items"_s,
                                            u"input"_s);
        return false;
    }
    const QJsonArray items = input.toArray();
    for (qsizetype i = 0; i < items.size(); ++i) {
        const QString path = u"input[%1]"_s.arg(i);
        if (!items.at(i).isObject()) {
            *error = AgentError::invalidRequest(path + u" must be an object"_s, path);
            return false;
        }
        const QJsonObject item = items.at(i).toObject();
        QString type = item.value(u"type"_s).toString();
        if (type.isEmpty() && item.contains(u"role"_s))
            type = u"message"_s;
        if (type == u"message") {
            const QString role = item.value(u"role"_s).toString();
            const QList<ContentPart> content = contentParts(item.value(u"content"_s));
            if (role == u"user")
                b->user(content);
            else if (role == u"system" || role == u"developer") {
                QStringList texts;
                for (const ContentPart &p : content)
                    texts.append(p.text);
                b->system(texts.join(u'\n'));
            } else if (role == u"assistant")
                b->assistantText(content);
            else {
                *error = AgentError::invalidRequest(
                    path + u".role must be user, assistant, system or developer"_s, path + u".role"_s);
                return false;
            }
        } else if (type == u"function_call") {
            b->assistantCall(item.value(u"call_id"_s).toString(), item.value(u"name"_s).toString(),
                             item.value(u"arguments"_s).toString());
        } else if (type == u"function_call_output") {
            b->toolResult(item.value(u"call_id"_s).toString(), toolResultText(item.value(u"output"_s)));
        } else if (type == u"openrouter:shell") {
            const QString callId = item.value(u"call_id"_s).toString();
            b->assistantCall(callId, req.shellFunctionName, compactJson(item.value(u"action"_s)));
            b->toolResult(callId, compactJson(item.value(u"output"_s)));
            b->noteContainer(item.value(u"container_id"_s));
        } else if (type == u"shell_call") {
            QJsonObject action = item.value(u"action"_s).toObject();
            for (const QString &key : {u"timeout_ms"_s, u"max_output_length"_s})
                if (action.value(key).isNull())
                    action.remove(key);
            b->assistantCall(item.value(u"call_id"_s).toString(), req.shellFunctionName, compactJson(action));
            b->noteContainer(item.value(u"environment"_s).toObject().value(u"container_id"_s));
            b->noteContainer(item.value(u"container_id"_s));
        } else if (type == u"shell_call_output") {
            b->toolResult(item.value(u"call_id"_s).toString(), compactJson(item.value(u"output"_s)));
            b->noteContainer(item.value(u"container_id"_s));
        } else if (type == u"code_interpreter_call") {
            // No call_id: the item's own id pairs the call with its result.
            const QString callId = item.value(u"id"_s).toString();
            b->assistantCall(callId, req.pythonFunctionName,
                             compactJson(QJsonObject{{u"code"_s, item.value(u"code"_s).toString()}}));
            QStringList parts;
            const QJsonValue outputs = item.value(u"outputs"_s);
            for (const QJsonValue &o : outputs.toArray()) {
                const QJsonObject out = o.toObject();
                if (out.value(u"type"_s).toString() == u"logs")
                    parts.append(out.value(u"logs"_s).toString());
                else if (out.value(u"type"_s).toString() == u"image")
                    parts.append(u"(an image)"_s);
            }
            b->toolResult(callId, outputs.isArray() ? parts.join(u'\n') : u"(outputs not included)"_s,
                          item.value(u"status"_s).toString() == u"failed");
            b->noteContainer(item.value(u"container_id"_s));
        } else if (type == u"reasoning" || type == u"item_reference") {
            continue; // provider-private state that another model cannot use
        } else {
            *error = AgentError::invalidRequest(
                u"%1.type \"%2\" is not supported (use message, function_call, function_call_output, "
                "code_interpreter_call, openrouter:shell, shell_call or shell_call_output)"_s.arg(path, type),
                path + u".type"_s);
            return false;
        }
    }
    return true;
}

std::optional<ServerToolConfig> ResponsesFormat::codeInterpreterTool(const QJsonObject &tool,
                                                                     const QString &path, AgentError *error)
{
    const auto bad = [&](const QString &field, const QString &message) -> std::optional<ServerToolConfig> {
        *error = AgentError::invalidRequest(path + u'.' + field + u' ' + message, path + u'.' + field);
        return std::nullopt;
    };
    ServerToolConfig config;
    config.kind = ServerToolConfig::Kind::Python;
    config.contractName = u"code_interpreter"_s;
    config.containerField = path + u".container"_s;
    const QJsonValue callers = tool.value(u"allowed_callers"_s);
    if (!callers.isUndefined() && !callers.isNull() &&
        (!callers.isArray() || !callers.toArray().contains(u"direct"_s)))
        return bad(u"allowed_callers"_s,
                   u"must include \"direct\": only the model calls the code interpreter here"_s);
    // A Sandbench extension: "openrouter" always runs the code locally; "auto" (the default) lets OpenAI's
    // own Responses API run its hosted code interpreter when it is the upstream, as the shell's engine does.
    const QJsonValue engine = tool.value(u"engine"_s);
    if (!engine.isUndefined() && !engine.isNull()) {
        if (engine.toString() == u"auto")
            config.engine = ServerToolConfig::Engine::Auto;
        else if (engine.toString() == u"openrouter")
            config.engine = ServerToolConfig::Engine::OpenRouter;
        else
            return bad(u"engine"_s,
                       u"must be \"auto\" or \"openrouter\" (a Sandbench extension: \"openrouter\" "
                       "always runs the code in a local container)"_s);
    }
    const QJsonValue container = tool.value(u"container"_s);
    if (container.isString()) {
        // A container id: run in that container (one of this workspace's, from an earlier response).
        if (!ContainerManager::isValidId(container.toString()))
            return bad(u"container"_s,
                       u"must be a container id (1 to 40 characters of A-Z, a-z, 0-9, _ and -) "
                       "or {\"type\": \"auto\"}"_s);
        config.containerReference = container.toString();
        return config;
    }
    if (!container.isObject())
        return bad(u"container"_s, u"is required: {\"type\": \"auto\"} or the id of a container"_s);
    const QJsonObject autoSpec = container.toObject();
    if (autoSpec.value(u"type"_s).toString() != u"auto")
        return bad(u"container.type"_s, u"must be \"auto\""_s);
    const QJsonValue fileIds = autoSpec.value(u"file_ids"_s);
    if (!fileIds.isUndefined() && !fileIds.isNull()) {
        if (!fileIds.isArray())
            return bad(u"container.file_ids"_s, u"must be an array of file ids"_s);
        const QJsonArray ids = fileIds.toArray();
        if (ids.size() > 100)
            return bad(u"container.file_ids"_s, u"may name at most 100 files"_s);
        for (const QJsonValue &id : ids) {
            if (!id.isString() || id.toString().isEmpty())
                return bad(u"container.file_ids"_s, u"must be an array of file ids (strings)"_s);
            config.fileIds.append(id.toString());
        }
    }
    // The local container's memory is the sandbox's setting; the hosted sizes are only checked.
    const QJsonValue memory = autoSpec.value(u"memory_limit"_s);
    if (!memory.isUndefined() && !memory.isNull() &&
        !QStringList{u"1g"_s, u"4g"_s, u"16g"_s, u"64g"_s}.contains(memory.toString()))
        return bad(u"container.memory_limit"_s, u"must be \"1g\", \"4g\", \"16g\" or \"64g\""_s);
    const QJsonValue policy = autoSpec.value(u"network_policy"_s);
    if (!policy.isUndefined() && !policy.isNull()) {
        QString policyError;
        std::optional<NetworkPolicy> p = NetworkPolicy::fromJson(policy, &policyError);
        if (!p)
            return bad(u"container.network_policy"_s, u"is invalid: "_s + policyError);
        config.networkPolicy = *p;
    }
    return config;
}

std::optional<AgentRequest> ResponsesFormat::parse(const QJsonObject &body,
                                                   const FormatRequestContext &context, AgentError *error)
{
    m_echoed = echoedFields(body);
    m_shellEvents = context.nativeShellEvents;
    AgentRequest req;
    req.apiName = apiName();
    req.allowHostedShell = true;
    req.finalTurnAfterLimit = true;
    if (!parseCommon(body, context, &req, error))
        return std::nullopt;
    QJsonArray tools;
    if (!toolsOf(body, &tools, error))
        return std::nullopt;
    for (qsizetype i = 0; i < tools.size(); ++i) {
        const QString path = u"tools[%1]"_s.arg(i);
        const QJsonObject tool = tools.at(i).toObject();
        const QString type = tool.value(u"type"_s).toString();
        if (type == u"openrouter:bash") {
            *error = AgentError::invalidRequest(
                path + u": openrouter:bash is only valid on the Messages API (/api/v1/messages); use "
                       "openrouter:shell here"_s,
                path);
            return std::nullopt;
        }
        if (type == u"openrouter:shell" || type == u"shell") {
            if (!addServerTool(tool,
                               type == u"shell" ? ServerToolConfig::Kind::NativeShell
                                                : ServerToolConfig::Kind::Shell,
                               path, &req, error))
                return std::nullopt;
            continue;
        }
        if (type == u"code_interpreter") {
            std::optional<ServerToolConfig> config = codeInterpreterTool(tool, path, error);
            if (!config || !addCodeTool(*config, path, &req, error))
                return std::nullopt;
            continue;
        }
        if (type != u"function") {
            *error = AgentError::invalidRequest(
                u"%1.type \"%2\" is not supported (use function, code_interpreter, openrouter:shell or "
                "shell)"_s.arg(path, type),
                path + u".type"_s);
            return std::nullopt;
        }
        if (!addFunctionTool(tool, u"parameters"_s, path, &req, error))
            return std::nullopt;
    }
    req.avoidNameClashes();
    // OpenAI leaves a code_interpreter_call's outputs out unless the request includes them.
    const QJsonValue include = body.value(u"include"_s);
    if (!include.isUndefined() && !include.isNull() && !include.isArray()) {
        *error = AgentError::invalidRequest(u"include must be an array of strings"_s, u"include"_s);
        return std::nullopt;
    }
    m_includeCodeOutputs = include.toArray().contains(u"code_interpreter_call.outputs"_s);
    ConversationBuilder builder;
    if (!parseInput(body, req, &builder, error))
        return std::nullopt;
    if (!builder.hasInput()) {
        *error = AgentError::invalidRequest(u"the request has no input for the model (Responses API)"_s,
                                            u"input"_s);
        return std::nullopt;
    }
    req.messages = builder.messages;
    req.replayedContainerId = builder.lastContainerId;
    const QJsonValue maxTokens = body.value(u"max_output_tokens"_s);
    if (!maxTokens.isUndefined() && !maxTokens.isNull()) {
        if (!maxTokens.isDouble() || maxTokens.toDouble() < 1) {
            *error = AgentError::invalidRequest(u"max_output_tokens must be a positive integer"_s,
                                                u"max_output_tokens"_s);
            return std::nullopt;
        }
        req.sampling.maxTokens = maxTokens.toInt();
    }
    const QJsonValue choice = body.value(u"tool_choice"_s);
    if (choice.isString())
        req.sampling.toolChoice = choice.toString();
    req.id = randomId(u"resp_"_s);
    m_createdAt = QDateTime::currentSecsSinceEpoch();
    return req;
}

QJsonObject ResponsesFormat::errorBody(const AgentError &error) const
{
    return openAiStyleErrorBody(error);
}

void ResponsesFormat::send(const QByteArray &name, QJsonObject data)
{
    if (!isStreaming())
        return;
    data.insert(u"type"_s, QString::fromLatin1(name));
    data.insert(u"sequence_number"_s, m_sequence++);
    write(sseEvent(name, data));
}

int ResponsesFormat::add(const QJsonObject &item)
{
    m_output.append(item);
    const int index = int(m_output.size() - 1);
    if (isStreaming())
        send("response.output_item.added", {{u"output_index"_s, index}, {u"item"_s, item}});
    return index;
}

void ResponsesFormat::done(int index, const QJsonObject &item)
{
    m_output.replace(index, item);
    if (isStreaming())
        send("response.output_item.done", {{u"output_index"_s, index}, {u"item"_s, item}});
}

QJsonObject ResponsesFormat::echoedFields(const QJsonObject &body)
{
    const auto echo = [&body](const QString &key, const QJsonValue &fallback) {
        const QJsonValue v = body.value(key);
        return v.isUndefined() ? fallback : v;
    };
    const QJsonValue null(QJsonValue::Null);
    QJsonObject r{
        {u"object"_s, u"response"_s},
        {u"access_programs"_s, null},
        {u"background"_s, false},
        {u"instructions"_s, echo(u"instructions"_s, null)},
        {u"max_output_tokens"_s, echo(u"max_output_tokens"_s, null)},
        {u"max_tool_calls"_s, echo(u"max_tool_calls"_s, null)},
        {u"metadata"_s,
         body.value(u"metadata"_s).isObject() ? body.value(u"metadata"_s) : QJsonValue(QJsonObject())},
        {u"model"_s, body.value(u"model"_s)},
        {u"parallel_tool_calls"_s, echo(u"parallel_tool_calls"_s, true)},
        {u"previous_response_id"_s, null},
        {u"reasoning"_s, echo(u"reasoning"_s, null)},
        {u"service_tier"_s, u"default"_s},
        {u"store"_s, false},
        {u"temperature"_s, echo(u"temperature"_s, null)},
        {u"frequency_penalty"_s, echo(u"frequency_penalty"_s, 0)},
        {u"presence_penalty"_s, echo(u"presence_penalty"_s, 0)},
        {u"text"_s, echo(u"text"_s, QJsonObject{{u"format"_s, QJsonObject{{u"type"_s, u"text"_s}}}})},
        {u"tool_choice"_s, echo(u"tool_choice"_s, u"auto"_s)},
        {u"tools"_s, body.value(u"tools"_s).isArray() ? body.value(u"tools"_s) : QJsonValue(QJsonArray())},
        {u"top_p"_s, echo(u"top_p"_s, null)},
        {u"truncation"_s, u"disabled"_s}};
    if (body.value(u"user"_s).isString())
        r.insert(u"user"_s, body.value(u"user"_s));
    return r;
}

QJsonObject ResponsesFormat::response(const QString &status, const AgentOutcome *outcome,
                                      const QJsonValue &error) const
{
    const QJsonValue null(QJsonValue::Null);
    QJsonObject r = m_echoed;
    r.insert(u"id"_s, loop() ? loop()->id() : QString());
    r.insert(u"created_at"_s, m_createdAt);
    r.insert(u"status"_s, status);
    r.insert(u"completed_at"_s,
             status == u"completed" ? QJsonValue(QDateTime::currentSecsSinceEpoch()) : null);
    r.insert(u"error"_s, error);
    r.insert(u"incomplete_details"_s, outcome && outcome->stop == AgentOutcome::Stop::MaxTokens
                                          ? QJsonValue(QJsonObject{{u"reason"_s, u"max_output_tokens"_s}})
                                          : null);
    r.insert(u"output"_s, m_output);
    if (!outcome) {
        r.insert(u"usage"_s, null);
        return r;
    }
    const qint64 in = outcome->usage.inputTokens;
    const qint64 out = outcome->usage.outputTokens;
    QJsonObject usage{
        {u"input_tokens"_s, in},
        {u"input_tokens_details"_s, QJsonObject{{u"cached_tokens"_s, 0}, {u"cache_write_tokens"_s, 0}}},
        {u"output_tokens"_s, out},
        {u"output_tokens_details"_s, QJsonObject{{u"reasoning_tokens"_s, 0}}},
        {u"total_tokens"_s, in + out}};
    if (outcome->metered) {
        usage.insert(u"server_tool_cost"_s, outcome->serverToolCost);
        usage.insert(u"cost_details"_s, QJsonObject{{u"server_tool_cost"_s, outcome->serverToolCost},
                                                    {u"upstream_inference_input_cost"_s, 0},
                                                    {u"upstream_inference_output_cost"_s, 0}});
    }
    r.insert(u"usage"_s, usage);
    if (!outcome->containerId.isEmpty())
        r.insert(u"container_id"_s, outcome->containerId);
    return r;
}

void ResponsesFormat::begin()
{
    const QJsonObject r = response(u"in_progress"_s, nullptr, QJsonValue::Null);
    send("response.created", {{u"response"_s, r}});
    send("response.in_progress", {{u"response"_s, r}});
}

void ResponsesFormat::textStarted()
{
    m_textId = randomId(u"msg_"_s);
    m_text = add({{u"type"_s, u"message"_s},
                  {u"id"_s, m_textId},
                  {u"status"_s, u"in_progress"_s},
                  {u"role"_s, u"assistant"_s},
                  {u"content"_s, QJsonArray()}});
    if (isStreaming())
        send("response.content_part.added", {{u"item_id"_s, m_textId},
                                             {u"output_index"_s, m_text},
                                             {u"content_index"_s, 0},
                                             {u"part"_s, outputText(QString())}});
}

void ResponsesFormat::textDelta(const QString &delta)
{
    send("response.output_text.delta", {{u"item_id"_s, m_textId},
                                        {u"output_index"_s, m_text},
                                        {u"content_index"_s, 0},
                                        {u"delta"_s, delta},
                                        {u"logprobs"_s, QJsonArray()}});
}

void ResponsesFormat::textDone(const QString &text)
{
    QJsonObject part = outputText(text);
    // Files the code interpreter made that the answer names, cited as OpenAI cites them.
    if (loop() && loop()->request().code && loop()->request().code->contractName == u"code_interpreter") {
        QJsonArray annotations;
        for (const AgentLoop::FileCitation &c : loop()->fileCitations(text))
            annotations.append(QJsonObject{{u"type"_s, u"container_file_citation"_s},
                                           {u"container_id"_s, loop()->containerId()},
                                           {u"file_id"_s, c.fileId},
                                           {u"filename"_s, c.filename},
                                           {u"start_index"_s, c.start},
                                           {u"end_index"_s, c.end}});
        part.insert(u"annotations"_s, annotations);
        // Each also as its own event once the text it cites was streamed, in order (as OpenAI streams them).
        if (isStreaming()) {
            for (qsizetype i = 0; i < annotations.size(); ++i)
                send("response.output_text.annotation.added", {{u"item_id"_s, m_textId},
                                                               {u"output_index"_s, m_text},
                                                               {u"content_index"_s, 0},
                                                               {u"annotation_index"_s, i},
                                                               {u"annotation"_s, annotations.at(i)}});
        }
    }
    if (isStreaming())
        send("response.output_text.done", {{u"item_id"_s, m_textId},
                                           {u"output_index"_s, m_text},
                                           {u"content_index"_s, 0},
                                           {u"text"_s, text},
                                           {u"logprobs"_s, QJsonArray()}});
    if (isStreaming())
        send("response.content_part.done", {{u"item_id"_s, m_textId},
                                            {u"output_index"_s, m_text},
                                            {u"content_index"_s, 0},
                                            {u"part"_s, part}});
    done(m_text, {{u"type"_s, u"message"_s},
                  {u"id"_s, m_textId},
                  {u"status"_s, u"completed"_s},
                  {u"role"_s, u"assistant"_s},
                  {u"content"_s, QJsonArray{part}}});
    m_text = -1;
}

void ResponsesFormat::hostedItems(const QJsonArray &items)
{
    for (const QJsonValue &v : items)
        done(add(v.toObject()), v.toObject());
}

QJsonObject ResponsesFormat::codeInterpreterItem(const AgentToolCall &call, const QString &id)
{
    const QJsonValue asked = call.arguments.value(u"code"_s);
    return {{u"type"_s, u"code_interpreter_call"_s},
            {u"id"_s, id},
            {u"code"_s, call.code          ? QJsonValue(call.code->code)
                        : asked.isString() ? asked
                                           : QJsonValue::Null},
            {u"container_id"_s, call.containerId},
            {u"outputs"_s, QJsonValue::Null},
            {u"status"_s, u"in_progress"_s}};
}

void ResponsesFormat::toolCallStarted(const AgentToolCall &call)
{
    CallEntry entry;
    if (call.kind == ServerToolConfig::Kind::Python) {
        // As OpenAI streams it: the item with no code yet, the code, then interpreting until it ran.
        entry.outputId = randomId(u"ci_"_s);
        const QJsonObject item = codeInterpreterItem(call, entry.outputId);
        m_output.append(item);
        entry.item = int(m_output.size() - 1);
        m_calls.insert(call.index, entry);
        if (!isStreaming())
            return;
        QJsonObject opening = item;
        opening.insert(u"code"_s, QString());
        send("response.output_item.added", {{u"output_index"_s, entry.item}, {u"item"_s, opening}});
        const QJsonObject ids{{u"item_id"_s, entry.outputId}, {u"output_index"_s, entry.item}};
        send("response.code_interpreter_call.in_progress", ids);
        const QString code = item.value(u"code"_s).toString();
        QJsonObject delta = ids;
        delta.insert(u"delta"_s, code);
        send("response.code_interpreter_call_code.delta", delta);
        QJsonObject codeDone = ids;
        codeDone.insert(u"code"_s, code);
        send("response.code_interpreter_call_code.done", codeDone);
        if (call.validated)
            send("response.code_interpreter_call.interpreting", ids);
        return;
    }
    if (call.kind == ServerToolConfig::Kind::NativeShell) {
        QJsonObject item{{u"type"_s, u"shell_call"_s},
                         {u"id"_s, randomId(u"sh_"_s)},
                         {u"call_id"_s, call.callId},
                         {u"action"_s, shownAction(call, true)},
                         {u"status"_s, u"in_progress"_s},
                         {u"environment"_s, QJsonObject{{u"type"_s, u"container_reference"_s},
                                                        {u"container_id"_s, call.containerId}}},
                         {u"created_by"_s, u"sandbench"_s}};
        entry.item = add(item);
        // The commands as OpenAI streams the model writing them.
        for (int i = 0; m_shellEvents && call.validated && i < call.action.commands.size(); ++i) {
            const QString &command = call.action.commands.at(i);
            send("response.shell_call_command.added",
                 {{u"output_index"_s, entry.item}, {u"command_index"_s, i}, {u"command"_s, QString()}});
            send("response.shell_call_command.delta",
                 {{u"output_index"_s, entry.item}, {u"command_index"_s, i}, {u"delta"_s, command}});
            send("response.shell_call_command.done",
                 {{u"output_index"_s, entry.item}, {u"command_index"_s, i}, {u"command"_s, command}});
        }
        item.insert(u"status"_s, u"completed"_s);
        done(entry.item, item);
        if (!call.validated) {
            m_calls.insert(call.index, entry);
            return; // rejected before it could run: toolCallFinished() adds the output with the error
        }
        entry.outputId = randomId(u"sho_"_s);
        entry.output = add({{u"type"_s, u"shell_call_output"_s},
                            {u"id"_s, entry.outputId},
                            {u"call_id"_s, call.callId},
                            {u"max_output_length"_s, call.action.maxOutputLength},
                            {u"output"_s, QJsonArray()},
                            {u"status"_s, u"in_progress"_s},
                            {u"created_by"_s, u"sandbench"_s}});
    } else {
        // The openrouter:shell item is the tool contract's own result shape (SPEC 1.2, tools/shellaction.h).
        QJsonObject item =
            shellOutputItem(randomId(u"sh_"_s), call.callId, call.containerId, call.action, {}, false);
        item.insert(u"status"_s, u"in_progress"_s);
        item.insert(u"action"_s, shownAction(call, false));
        entry.item = add(item);
    }
    m_calls.insert(call.index, entry);
    if (liveEvents())
        send("response.openrouter_shell_call.in_progress", {{u"output_index"_s, entry.item},
                                                            {u"call_id"_s, call.callId},
                                                            {u"container_id"_s, call.containerId}});
}

void ResponsesFormat::commandStarted(int call, int command, const QString &text)
{
    if (liveEvents())
        send("response.openrouter_shell_call.command.started", {{u"output_index"_s, m_calls.value(call).item},
                                                                {u"command_index"_s, command},
                                                                {u"command"_s, text}});
}

void ResponsesFormat::commandOutput(int call, int command, bool isStderr, const QString &text)
{
    const CallEntry entry = m_calls.value(call);
    if (entry.output >= 0 && m_shellEvents)
        send("response.shell_call_output_content.delta",
             {{u"item_id"_s, entry.outputId},
              {u"output_index"_s, entry.output},
              {u"command_index"_s, command},
              {u"delta"_s, QJsonObject{{isStderr ? u"stderr"_s : u"stdout"_s, text}}}});
    if (liveEvents())
        send("response.openrouter_shell_call.output.delta",
             {{u"output_index"_s, entry.item},
              {u"command_index"_s, command},
              {u"stream"_s, isStderr ? u"stderr"_s : u"stdout"_s},
              {u"delta"_s, text}});
}

void ResponsesFormat::commandFinished(int call, int command, const CommandResult &result)
{
    const CallEntry entry = m_calls.value(call);
    if (entry.output >= 0 && m_shellEvents)
        send("response.shell_call_output_content.done", {{u"item_id"_s, entry.outputId},
                                                         {u"output_index"_s, entry.output},
                                                         {u"command_index"_s, command},
                                                         {u"output"_s, QJsonArray{result.toJson()}}});
    if (liveEvents())
        send(
            "response.openrouter_shell_call.command.done",
            {{u"output_index"_s, entry.item}, {u"command_index"_s, command}, {u"result"_s, result.toJson()}});
}

void ResponsesFormat::toolCallFinished(const AgentToolCall &call, const AgentToolResult &result)
{
    CallEntry entry = m_calls.value(call.index);
    if (call.kind == ServerToolConfig::Kind::Python) {
        QJsonObject item = m_output.at(entry.item).toObject();
        // completed: the code ran (a traceback is one of its logs); incomplete: stopped at the time limit;
        // failed: it could not run (bad arguments, no python3, a guardrail).
        const bool ran = result.code && !result.code->isError();
        const QString status = ran && result.completed                ? u"completed"_s
                               : result.code && result.code->timedOut ? u"incomplete"_s
                                                                      : u"failed"_s;
        item.insert(u"status"_s, status);
        if (m_includeCodeOutputs) {
            QJsonArray outputs;
            QString logs;
            if (result.code)
                logs = result.code->logs.isEmpty() ? result.code->stdoutText + result.code->stderrText
                                                   : result.code->logs;
            if (!ran && !result.error.isEmpty())
                logs += (logs.isEmpty() || logs.endsWith(u'\n') ? QString() : u"\n"_s) + result.error;
            if (!logs.isEmpty())
                outputs.append(QJsonObject{{u"type"_s, u"logs"_s}, {u"logs"_s, logs}});
            for (const CodeImage &image : result.images)
                outputs.append(QJsonObject{{u"type"_s, u"image"_s}, {u"url"_s, image.dataUrl()}});
            item.insert(u"outputs"_s, outputs);
        }
        if (status == u"completed")
            send("response.code_interpreter_call.completed",
                 {{u"item_id"_s, entry.outputId}, {u"output_index"_s, entry.item}});
        done(entry.item, item);
        return;
    }
    const QString status = result.completed ? u"completed"_s : u"incomplete"_s;
    if (call.kind == ServerToolConfig::Kind::NativeShell) {
        QJsonArray output = resultsJson(result.results);
        if (result.results.isEmpty() && !result.error.isEmpty())
            output.append(
                QJsonObject{{u"stdout"_s, QString()},
                            {u"stderr"_s, result.error},
                            {u"outcome"_s, QJsonObject{{u"type"_s, u"exit"_s}, {u"exit_code"_s, 2}}}});
        QJsonObject item{{u"type"_s, u"shell_call_output"_s},
                         {u"id"_s, entry.outputId.isEmpty() ? randomId(u"sho_"_s) : entry.outputId},
                         {u"call_id"_s, call.callId},
                         {u"max_output_length"_s, !call.validated ? QJsonValue(QJsonValue::Null)
                                                                  : QJsonValue(call.action.maxOutputLength)},
                         {u"output"_s, output},
                         {u"status"_s, status},
                         {u"created_by"_s, u"sandbench"_s}};
        if (entry.output < 0)
            entry.output = add(item);
        done(entry.output, item);
        return;
    }
    QJsonObject item = m_output.at(entry.item).toObject();
    item.insert(u"status"_s, status);
    item.insert(u"output"_s, resultsJson(result.results));
    if (!result.error.isEmpty())
        item.insert(u"error"_s, result.error);
    done(entry.item, item);
}

QJsonObject ResponsesFormat::finished(const AgentOutcome &outcome)
{
    for (const ToolCall &call : outcome.callerCalls) {
        const QJsonObject item{{u"type"_s, u"function_call"_s},
                               {u"id"_s, randomId(u"fc_"_s)},
                               {u"call_id"_s, call.id},
                               {u"name"_s, call.name},
                               {u"arguments"_s, call.argumentsJson},
                               {u"status"_s, u"completed"_s}};
        const int index = add(item);
        if (isStreaming())
            send("response.function_call_arguments.done", {{u"item_id"_s, item.value(u"id"_s)},
                                                           {u"output_index"_s, index},
                                                           {u"name"_s, call.name},
                                                           {u"arguments"_s, call.argumentsJson}});
        done(index, item);
    }
    const bool incomplete = outcome.stop == AgentOutcome::Stop::MaxTokens;
    const QJsonObject r = response(incomplete ? u"incomplete"_s : u"completed"_s, &outcome, QJsonValue::Null);
    send(incomplete ? "response.incomplete" : "response.completed", {{u"response"_s, r}});
    return r;
}

void ResponsesFormat::failed(const AgentError &error)
{
    if (!isStreaming() || error.httpStatus == 499)
        return;
    // OpenAI's ResponseError codes are a closed list; server_error and rate_limit_exceeded are the two that
    // fit a gateway.
    const QString code = error.httpStatus == 429 ? u"rate_limit_exceeded"_s : u"server_error"_s;
    const QJsonObject e{
        {u"code"_s, code},
        {u"message"_s, error.message},
        {u"type"_s, error.type},
        {u"param"_s, error.param.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(error.param)}};
    send("response.failed", {{u"response"_s, response(u"failed"_s, nullptr, e)}});
}
