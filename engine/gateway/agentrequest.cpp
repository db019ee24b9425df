// SPDX-License-Identifier: GPL-3.0-or-later
#include "agentrequest.h"

#include "sandbox/containermanager.h"
#include "tools/shellaction.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <cmath>

using namespace Qt::StringLiterals;

namespace {

QString compactJson(const QJsonValue &value)
{
    if (value.isObject())
        return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
    if (value.isArray())
        return QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact));
    return value.toString();
}

bool readLimit(const QJsonObject &obj, const QString &key, const QString &path, qint64 max,
               std::optional<int> *out, QString *error)
{
    const QJsonValue v = obj.value(key);
    if (v.isUndefined() || v.isNull())
        return true;
    const double d = v.toDouble(-1);
    if (!v.isDouble() || d != std::floor(d) || d < 1 || d > double(max)) {
        *error = u"%1.%2 must be an integer from 1 to %3"_s.arg(path, key).arg(max);
        if (v.isDouble())
            *error += u" (got %1)"_s.arg(v.toDouble());
        return false;
    }
    *out = int(d);
    return true;
}

std::optional<ServerToolConfig> parseServerTool(const QJsonObject &tool, ServerToolConfig::Kind kind,
                                                const QString &path, QString *error)
{
    ServerToolConfig config;
    config.kind = kind;
    // openrouter:* keep their options under "parameters"; OpenAI's native shell has them at the top level.
    const QJsonValue paramsValue = tool.value(u"parameters"_s);
    if (!paramsValue.isUndefined() && !paramsValue.isNull() && !paramsValue.isObject()) {
        *error = u"%1.parameters must be an object"_s.arg(path);
        return std::nullopt;
    }
    QJsonObject params = paramsValue.toObject();
    for (const QString &key :
         {u"engine"_s, u"timeout_ms"_s, u"max_output_length"_s, u"environment"_s, u"network_policy"_s}) {
        if (!params.contains(key) && tool.contains(key))
            params.insert(key, tool.value(key));
    }
    const QString ppath = path + u".parameters"_s;
    const QJsonValue engine = params.value(u"engine"_s);
    if (!engine.isUndefined() && !engine.isNull()) {
        const QString e = engine.toString();
        if (e == u"auto")
            config.engine = ServerToolConfig::Engine::Auto;
        else if (e == u"openrouter")
            config.engine = ServerToolConfig::Engine::OpenRouter;
        else if (e == u"native" && kind == ServerToolConfig::Kind::Bash)
            config.engine = ServerToolConfig::Engine::Native;
        else {
            *error = kind == ServerToolConfig::Kind::Bash
                         ? u"%1.engine must be \"auto\", \"native\" or \"openrouter\""_s.arg(ppath)
                         : u"%1.engine must be \"auto\" or \"openrouter\""_s.arg(ppath);
            return std::nullopt;
        }
    }
    if (!readLimit(params, u"timeout_ms"_s, ppath, ShellAction::MaxTimeoutMs, &config.timeoutMs, error) ||
        !readLimit(params, u"max_output_length"_s, ppath, ShellAction::MaxMaxOutputLength,
                   &config.maxOutputLength, error))
        return std::nullopt;

    const QJsonValue envValue = params.value(u"environment"_s);
    QJsonValue policyValue = params.value(u"network_policy"_s);
    if (!envValue.isUndefined() && !envValue.isNull()) {
        if (!envValue.isObject()) {
            *error = u"%1.environment must be an object"_s.arg(ppath);
            return std::nullopt;
        }
        const QJsonObject env = envValue.toObject();
        const QString type = env.value(u"type"_s).toString();
        if (type == u"container_reference") {
            const QString id = env.value(u"container_id"_s).toString();
            if (!ContainerManager::isValidId(id)) {
                *error =
                    u"%1.environment.container_id must be 1 to 40 characters of A-Z, a-z, 0-9, _ and -"_s.arg(
                        ppath);
                return std::nullopt;
            }
            config.containerReference = id;
        } else if (type != u"container_auto") {
            *error =
                u"%1.environment.type must be \"container_auto\" or \"container_reference\""_s.arg(ppath);
            return std::nullopt;
        }
        if ((policyValue.isUndefined() || policyValue.isNull()) && env.contains(u"network_policy"_s))
            policyValue = env.value(u"network_policy"_s);
    }
    if (!policyValue.isUndefined() && !policyValue.isNull()) {
        QString policyError;
        std::optional<NetworkPolicy> policy = NetworkPolicy::fromJson(policyValue, &policyError);
        if (!policy) {
            *error = u"%1.network_policy: %2"_s.arg(ppath, policyError);
            return std::nullopt;
        }
        config.networkPolicy = *policy;
    }
    return config;
}

// Text of a Responses content value (string or parts) or a Messages content value (string or blocks).
QList<ContentPart> contentParts(const QJsonValue &content)
{
    QList<ContentPart> parts;
    if (content.isString()) {
        parts.append(ContentPart::fromText(content.toString()));
        return parts;
    }
    for (const QJsonValue &v : content.toArray()) {
        const QJsonObject part = v.toObject();
        const QString type = part.value(u"type"_s).toString();
        if (type == u"input_text" || type == u"output_text" || type == u"text")
            parts.append(ContentPart::fromText(part.value(u"text"_s).toString()));
        else if (type == u"input_image" && part.value(u"image_url"_s).isString())
            parts.append(ContentPart::fromImageUrl(part.value(u"image_url"_s).toString()));
        else if (type == u"image") {
            const QJsonObject source = part.value(u"source"_s).toObject();
            if (source.value(u"type"_s).toString() == u"base64")
                parts.append(ContentPart::fromImageData(
                    QByteArray::fromBase64(source.value(u"data"_s).toString().toLatin1()),
                    source.value(u"media_type"_s).toString()));
            else if (source.value(u"type"_s).toString() == u"url")
                parts.append(ContentPart::fromImageUrl(source.value(u"url"_s).toString()));
        }
    }
    return parts;
}

QString toolResultText(const QJsonValue &content)
{
    if (content.isString())
        return content.toString();
    if (content.isArray()) {
        QStringList texts;
        bool allText = true;
        for (const QJsonValue &v : content.toArray()) {
            if (v.toObject().value(u"type"_s).toString() == u"text")
                texts.append(v.toObject().value(u"text"_s).toString());
            else
                allText = false;
        }
        if (allText)
            return texts.join(u'\n');
    }
    return compactJson(content);
}

// Builds the neutral conversation while remembering the last container id seen.
class ConversationBuilder
{
public:
    QList<Message> messages;
    QString lastContainerId;

    void system(const QString &text)
    {
        if (!text.isEmpty())
            messages.append(Message::system(text));
    }
    void user(const QList<ContentPart> &parts)
    {
        if (parts.isEmpty())
            return;
        Message m;
        m.role = Message::Role::User;
        m.content = parts;
        messages.append(m);
    }
    void assistantText(const QList<ContentPart> &parts)
    {
        if (parts.isEmpty())
            return;
        Message m;
        m.role = Message::Role::Assistant;
        m.content = parts;
        messages.append(m);
    }
    // Consecutive calls join the preceding assistant message, as providers expect.
    void assistantCall(const QString &id, const QString &name, const QString &arguments)
    {
        ToolCall call{id, name, arguments, {}};
        if (!messages.isEmpty() && messages.last().role == Message::Role::Assistant) {
            messages.last().toolCalls.append(call);
            return;
        }
        messages.append(Message::assistant({}, {call}));
    }
    void toolResult(const QString &callId, const QString &content, bool isError = false)
    {
        messages.append(Message::tool(callId, content, isError));
    }
    void noteContainer(const QJsonValue &id)
    {
        if (id.isString() && !id.toString().isEmpty())
            lastContainerId = id.toString();
    }
};

bool parseResponsesInput(const QJsonObject &body, const AgentRequest &req, ConversationBuilder *b,
                         QString *error)
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
        *error = u"input is required: a string or an array of input items"_s;
        return false;
    }
    const QJsonArray items = input.toArray();
    for (qsizetype i = 0; i < items.size(); ++i) {
        if (!items.at(i).isObject()) {
            *error = u"input[%1] must be an object"_s.arg(i);
            return false;
        }
        const QJsonObject item = items.at(i).toObject();
        QString type = item.value(u"type"_s).toString();
        if (type.isEmpty() && item.contains(u"role"_s))
            type = u"message"_s;
        if (type == u"message") {
            const QString role = item.value(u"role"_s).toString();
            const QList<ContentPart> parts = contentParts(item.value(u"content"_s));
            if (role == u"user")
                b->user(parts);
            else if (role == u"system" || role == u"developer") {
                QStringList texts;
                for (const ContentPart &p : parts)
                    texts.append(p.text);
                b->system(texts.join(u'\n'));
            } else if (role == u"assistant")
                b->assistantText(parts);
            else {
                *error = u"input[%1].role must be user, assistant, system or developer"_s.arg(i);
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
            b->assistantCall(item.value(u"call_id"_s).toString(), req.shellFunctionName,
                             compactJson(item.value(u"action"_s)));
            b->noteContainer(item.value(u"container_id"_s));
        } else if (type == u"shell_call_output") {
            b->toolResult(item.value(u"call_id"_s).toString(), compactJson(item.value(u"output"_s)));
            b->noteContainer(item.value(u"container_id"_s));
        } else if (type == u"reasoning" || type == u"item_reference") {
            continue; // provider-private state that another model cannot use
        } else {
            *error =
                u"input[%1].type \"%2\" is not supported (use message, function_call, function_call_output, "
                "openrouter:shell, shell_call or shell_call_output)"_s.arg(i)
                    .arg(type);
            return false;
        }
    }
    return true;
}

bool parseMessagesInput(const QJsonObject &body, const AgentRequest &req, ConversationBuilder *b,
                        QString *error)
{
    const QJsonValue system = body.value(u"system"_s);
    if (system.isString())
        b->system(system.toString());
    else if (system.isArray()) {
        QStringList texts;
        for (const ContentPart &p : contentParts(system))
            texts.append(p.text);
        b->system(texts.join(u'\n'));
    }
    const QJsonValue messages = body.value(u"messages"_s);
    if (!messages.isArray() || messages.toArray().isEmpty()) {
        *error = u"messages is required: a non-empty array"_s;
        return false;
    }
    const QJsonArray list = messages.toArray();
    for (qsizetype i = 0; i < list.size(); ++i) {
        const QJsonObject msg = list.at(i).toObject();
        const QString role = msg.value(u"role"_s).toString();
        if (role != u"user" && role != u"assistant") {
            *error = u"messages[%1].role must be \"user\" or \"assistant\""_s.arg(i);
            return false;
        }
        const QJsonValue content = msg.value(u"content"_s);
        if (content.isString()) {
            if (role == u"user")
                b->user(contentParts(content));
            else
                b->assistantText(contentParts(content));
            continue;
        }
        if (!content.isArray()) {
            *error = u"messages[%1].content must be a string or an array of content blocks"_s.arg(i);
            return false;
        }
        QList<ContentPart> pending;
        auto flushText = [&] {
            if (role == u"user")
                b->user(pending);
            else
                b->assistantText(pending);
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
                b->assistantCall(block.value(u"id"_s).toString(), name, compactJson(block.value(u"input"_s)));
            } else if (type == u"tool_result" || type == u"openrouter_shell_tool_result" ||
                       type == u"openrouter_bash_tool_result") {
                flushText();
                const QJsonValue result = block.value(u"content"_s);
                b->toolResult(block.value(u"tool_use_id"_s).toString(), toolResultText(result),
                              block.value(u"is_error"_s).toBool());
                b->noteContainer(result.toObject().value(u"container_id"_s));
            } else if (type == u"thinking" || type == u"redacted_thinking") {
                continue;
            } else {
                *error = u"messages[%1]: content block type \"%2\" is not supported"_s.arg(i).arg(type);
                return false;
            }
        }
        flushText();
    }
    return true;
}

} // namespace

QString ServerToolConfig::typeName() const
{
    switch (kind) {
    case Kind::Shell:
        return u"openrouter:shell"_s;
    case Kind::NativeShell:
        return u"shell"_s;
    case Kind::Bash:
        return u"openrouter:bash"_s;
    }
    return {};
}

std::optional<AgentRequest> AgentRequest::fromJson(CallerApi api, const QJsonObject &body,
                                                   const QString &headerSessionId, QString *error)
{
    AgentRequest req;
    req.api = api;
    const QString apiName = api == CallerApi::Responses ? u"Responses"_s : u"Messages"_s;
    const QJsonValue model = body.value(u"model"_s);
    if (!model.isString() || model.toString().isEmpty()) {
        *error = u"model is required: a string such as \"provider/model\""_s;
        return std::nullopt;
    }
    req.model = model.toString();
    req.stream = body.value(u"stream"_s).toBool(false);

    const QJsonValue session = body.value(u"session_id"_s);
    if (!session.isUndefined() && !session.isNull() && !session.isString()) {
        *error = u"session_id must be a string"_s;
        return std::nullopt;
    }
    req.sessionId = session.isString() ? session.toString() : headerSessionId;

    const QJsonValue maxCalls = body.value(u"max_tool_calls"_s);
    if (!maxCalls.isUndefined() && !maxCalls.isNull()) {
        const double d = maxCalls.toDouble(-1);
        if (!maxCalls.isDouble() || d != std::floor(d) || d < 1 || d > MaxMaxToolCalls) {
            *error = u"max_tool_calls must be an integer from 1 to %1"_s.arg(MaxMaxToolCalls);
            return std::nullopt;
        }
        req.maxToolCalls = int(d);
    }

    const QJsonValue toolsValue = body.value(u"tools"_s);
    if (!toolsValue.isUndefined() && !toolsValue.isNull() && !toolsValue.isArray()) {
        *error = u"tools must be an array"_s;
        return std::nullopt;
    }
    const QJsonArray tools = toolsValue.toArray();
    for (qsizetype i = 0; i < tools.size(); ++i) {
        const QString path = u"tools[%1]"_s.arg(i);
        if (!tools.at(i).isObject()) {
            *error = path + u" must be an object"_s;
            return std::nullopt;
        }
        const QJsonObject tool = tools.at(i).toObject();
        const QString type = tool.value(u"type"_s).toString();
        std::optional<ServerToolConfig::Kind> kind;
        if (type == u"openrouter:shell")
            kind = ServerToolConfig::Kind::Shell;
        else if (type == u"shell" && api == CallerApi::Responses)
            kind = ServerToolConfig::Kind::NativeShell;
        else if (type == u"openrouter:bash") {
            if (api != CallerApi::Messages) {
                *error = path + u": openrouter:bash is only valid on the Messages API (/api/v1/messages); "
                                "use openrouter:shell here"_s;
                return std::nullopt;
            }
            kind = ServerToolConfig::Kind::Bash;
        }
        if (kind) {
            std::optional<ServerToolConfig> config = parseServerTool(tool, *kind, path, error);
            if (!config)
                return std::nullopt;
            std::optional<ServerToolConfig> &slot =
                *kind == ServerToolConfig::Kind::Bash ? req.bash : req.shell;
            if (slot) {
                *error = path + u": only one %1 tool may be given"_s.arg(config->typeName());
                return std::nullopt;
            }
            slot = config;
            continue;
        }
        ToolDefinition def;
        if (api == CallerApi::Responses && type == u"function") {
            def.name = tool.value(u"name"_s).toString();
            def.description = tool.value(u"description"_s).toString();
            def.parameters = tool.value(u"parameters"_s).toObject();
        } else if (api == CallerApi::Messages && (type.isEmpty() || type == u"custom")) {
            def.name = tool.value(u"name"_s).toString();
            def.description = tool.value(u"description"_s).toString();
            def.parameters = tool.value(u"input_schema"_s).toObject();
        } else {
            *error = api == CallerApi::Responses
                         ? u"%1.type \"%2\" is not supported (use function, openrouter:shell or shell)"_s.arg(
                               path, type)
                         : u"%1.type \"%2\" is not supported (use a custom tool with input_schema, "
                           "openrouter:shell or openrouter:bash)"_s.arg(path, type);
            return std::nullopt;
        }
        if (def.name.isEmpty()) {
            *error = path + u".name is required"_s;
            return std::nullopt;
        }
        req.callerTools.append(def);
    }
    for (const ToolDefinition &def : std::as_const(req.callerTools)) {
        if (def.name == req.shellFunctionName)
            req.shellFunctionName = u"openrouter_shell"_s;
        if (def.name == req.bashFunctionName)
            req.bashFunctionName = u"openrouter_bash"_s;
    }

    ConversationBuilder builder;
    const bool ok = api == CallerApi::Responses ? parseResponsesInput(body, req, &builder, error)
                                                : parseMessagesInput(body, req, &builder, error);
    if (!ok)
        return std::nullopt;
    req.messages = builder.messages;
    req.replayedContainerId = builder.lastContainerId;
    bool hasUser = false;
    for (const Message &m : std::as_const(req.messages))
        hasUser = hasUser || m.role != Message::Role::System;
    if (!hasUser) {
        *error = u"the request has no input for the model (%1 API)"_s.arg(apiName);
        return std::nullopt;
    }

    SamplingOptions &s = req.sampling;
    s.model = req.model;
    const QJsonValue maxTokens =
        body.value(api == CallerApi::Responses ? u"max_output_tokens"_s : u"max_tokens"_s);
    if (!maxTokens.isUndefined() && !maxTokens.isNull()) {
        if (!maxTokens.isDouble() || maxTokens.toDouble() < 1) {
            *error = (api == CallerApi::Responses ? u"max_output_tokens"_s : u"max_tokens"_s) +
                     u" must be a positive integer"_s;
            return std::nullopt;
        }
        s.maxTokens = maxTokens.toInt();
    }
    if (body.value(u"temperature"_s).isDouble())
        s.temperature = body.value(u"temperature"_s).toDouble();
    if (body.value(u"top_p"_s).isDouble())
        s.topP = body.value(u"top_p"_s).toDouble();
    for (const QJsonValue &v : body.value(u"stop_sequences"_s).toArray())
        s.stop.append(v.toString());
    req.metadata = body.value(u"metadata"_s).toObject();
    return req;
}

bool chatBodyHasShellTool(const QJsonObject &body)
{
    for (const QJsonValue &v : body.value(u"tools"_s).toArray()) {
        const QString type = v.toObject().value(u"type"_s).toString();
        if (type == u"openrouter:shell" || type == u"openrouter:bash" || type == u"shell")
            return true;
    }
    return false;
}
