// SPDX-License-Identifier: GPL-3.0-or-later
#include "chatcompletionsformat.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace {

// OpenRouter's SDK wants a string here; it names the backend that answered.
QString fingerprint()
{
    return QStringLiteral("fp_sandbench_" SANDBENCH_VERSION);
}

QString finishReason(const AgentOutcome &outcome)
{
    switch (outcome.stop) {
    case AgentOutcome::Stop::CallerTools:
        return u"tool_calls"_s;
    case AgentOutcome::Stop::MaxTokens:
        return u"length"_s;
    case AgentOutcome::Stop::EndTurn:
    case AgentOutcome::Stop::MaxToolCalls:
        break;
    }
    return u"stop"_s;
}

QJsonObject usageJson(const AgentOutcome &outcome)
{
    const qint64 in = outcome.usage.inputTokens;
    const qint64 out = outcome.usage.outputTokens;
    return {{u"prompt_tokens"_s, in},
            {u"completion_tokens"_s, out},
            {u"total_tokens"_s, in + out},
            {u"prompt_tokens_details"_s, QJsonObject{{u"cached_tokens"_s, 0}}},
            {u"completion_tokens_details"_s, QJsonObject{{u"reasoning_tokens"_s, 0}}}};
}

} // namespace

std::optional<AgentRequest>
ChatCompletionsFormat::parse(const QJsonObject &body, const FormatRequestContext &context, AgentError *error)
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
        if (type == u"openrouter:shell" || type == u"openrouter:bash" || type == u"shell") {
            *error = AgentError::invalidRequest(
                u"the %1 tool is not supported on the Chat Completions API (no shell tool is: "
                u"openrouter:shell, "
                "openrouter:bash, shell); use the Responses API (POST /api/v1/responses) or the Messages API "
                "(POST /api/v1/messages)"_s.arg(type),
                path);
            return std::nullopt;
        }
        if (type != u"function" || !tool.value(u"function"_s).isObject()) {
            *error = AgentError::invalidRequest(
                u"%1 must be {\"type\":\"function\",\"function\":{\"name\":…}}"_s.arg(path), path);
            return std::nullopt;
        }
        const QJsonObject function = tool.value(u"function"_s).toObject();
        if (!addFunctionTool(function, u"parameters"_s, path + u".function"_s, &req, error))
            return std::nullopt;
    }
    const QJsonValue messages = body.value(u"messages"_s);
    if (!messages.isArray() || messages.toArray().isEmpty()) {
        *error = AgentError::invalidRequest(u"messages is required: a non-empty array"_s, u"messages"_s);
        return std::nullopt;
    }
    ConversationBuilder b;
    const QJsonArray list = messages.toArray();
    for (qsizetype i = 0; i < list.size(); ++i) {
        const QString path = u"messages[%1]"_s.arg(i);
        const QJsonObject msg = list.at(i).toObject();
        const QString role = msg.value(u"role"_s).toString();
        const QJsonValue content = msg.value(u"content"_s);
        if (role == u"system" || role == u"developer") {
            QStringList texts;
            for (const ContentPart &p : contentParts(content))
                texts.append(p.text);
            b.system(texts.join(u'\n'));
        } else if (role == u"user") {
            b.user(contentParts(content));
        } else if (role == u"assistant") {
            b.assistantText(contentParts(content));
            for (const QJsonValue &v : msg.value(u"tool_calls"_s).toArray()) {
                const QJsonObject call = v.toObject();
                const QJsonObject function = call.value(u"function"_s).toObject();
                b.assistantCall(call.value(u"id"_s).toString(), function.value(u"name"_s).toString(),
                                function.value(u"arguments"_s).toString());
            }
        } else if (role == u"tool") {
            b.toolResult(msg.value(u"tool_call_id"_s).toString(), toolResultText(content));
        } else {
            *error = AgentError::invalidRequest(
                path + u".role must be system, developer, user, assistant or tool"_s, path + u".role"_s);
            return std::nullopt;
        }
    }
    if (!b.hasInput()) {
        *error = AgentError::invalidRequest(
            u"the request has no input for the model (Chat Completions API)"_s, u"messages"_s);
        return std::nullopt;
    }
    req.messages = b.messages;
    for (const QString &key : {u"max_completion_tokens"_s, u"max_tokens"_s}) {
        const QJsonValue v = body.value(key);
        if (v.isUndefined() || v.isNull())
            continue;
        if (!v.isDouble() || v.toDouble() < 1) {
            *error = AgentError::invalidRequest(key + u" must be a positive integer"_s, key);
            return std::nullopt;
        }
        req.sampling.maxTokens = v.toInt();
        break;
    }
    const QJsonValue stop = body.value(u"stop"_s);
    if (stop.isString())
        req.sampling.stop.append(stop.toString());
    for (const QJsonValue &v : stop.toArray())
        req.sampling.stop.append(v.toString());
    const QJsonValue choice = body.value(u"tool_choice"_s);
    if (choice.isString())
        req.sampling.toolChoice = choice.toString();
    else if (choice.isObject())
        req.sampling.toolChoice =
            choice.toObject().value(u"function"_s).toObject().value(u"name"_s).toString();
    m_includeUsage = body.value(u"stream_options"_s).toObject().value(u"include_usage"_s).toBool();
    req.id = randomId(u"chatcmpl-"_s, 29);
    m_created = QDateTime::currentSecsSinceEpoch();
    return req;
}

QJsonObject ChatCompletionsFormat::errorBody(const AgentError &error) const
{
    return openAiStyleErrorBody(error);
}

QJsonObject ChatCompletionsFormat::chunk(const QJsonObject &delta, const QJsonValue &finish) const
{
    return {{u"id"_s, loop() ? loop()->id() : QString()},
            {u"object"_s, u"chat.completion.chunk"_s},
            {u"created"_s, m_created},
            {u"model"_s, m_model},
            {u"system_fingerprint"_s, fingerprint()},
            {u"choices"_s, QJsonArray{QJsonObject{{u"index"_s, 0},
                                                  {u"delta"_s, delta},
                                                  {u"finish_reason"_s, finish},
                                                  {u"logprobs"_s, QJsonValue::Null}}}}};
}

void ChatCompletionsFormat::sendChunk(const QJsonObject &chunk)
{
    write("data: " + QJsonDocument(chunk).toJson(QJsonDocument::Compact) + "\n\n");
}

void ChatCompletionsFormat::begin()
{
    sendChunk(
        chunk({{u"role"_s, u"assistant"_s}, {u"content"_s, QString()}, {u"refusal"_s, QJsonValue::Null}},
              QJsonValue::Null));
}

void ChatCompletionsFormat::textDelta(const QString &delta)
{
    sendChunk(chunk({{u"content"_s, delta}}, QJsonValue::Null));
}

QJsonObject ChatCompletionsFormat::finished(const AgentOutcome &outcome)
{
    QJsonArray toolCalls;
    for (int i = 0; i < outcome.callerCalls.size(); ++i) {
        const ToolCall &call = outcome.callerCalls.at(i);
        const QJsonObject function{{u"name"_s, call.name}, {u"arguments"_s, call.argumentsJson}};
        toolCalls.append(
            QJsonObject{{u"id"_s, call.id}, {u"type"_s, u"function"_s}, {u"function"_s, function}});
        sendChunk(chunk({{u"tool_calls"_s, QJsonArray{QJsonObject{{u"index"_s, i},
                                                                  {u"id"_s, call.id},
                                                                  {u"type"_s, u"function"_s},
                                                                  {u"function"_s, function}}}}},
                        QJsonValue::Null));
    }
    const QString reason = finishReason(outcome);
    sendChunk(chunk({}, reason));
    if (m_includeUsage) {
        QJsonObject last = chunk({}, QJsonValue::Null);
        last.insert(u"choices"_s, QJsonArray());
        last.insert(u"usage"_s, usageJson(outcome));
        sendChunk(last);
    }
    write("data: [DONE]\n\n");
    QJsonObject message{{u"role"_s, u"assistant"_s},
                        {u"content"_s, outcome.text.isEmpty() && !toolCalls.isEmpty()
                                           ? QJsonValue(QJsonValue::Null)
                                           : QJsonValue(outcome.text)},
                        {u"refusal"_s, QJsonValue::Null},
                        {u"annotations"_s, QJsonArray()}};
    if (!toolCalls.isEmpty())
        message.insert(u"tool_calls"_s, toolCalls);
    return {{u"id"_s, loop() ? loop()->id() : QString()},
            {u"object"_s, u"chat.completion"_s},
            {u"created"_s, m_created},
            {u"model"_s, m_model},
            {u"system_fingerprint"_s, fingerprint()},
            {u"service_tier"_s, u"default"_s},
            {u"choices"_s, QJsonArray{QJsonObject{{u"index"_s, 0},
                                                  {u"message"_s, message},
                                                  {u"finish_reason"_s, reason},
                                                  {u"logprobs"_s, QJsonValue::Null}}}},
            {u"usage"_s, usageJson(outcome)}};
}

void ChatCompletionsFormat::failed(const AgentError &error)
{
    if (!isStreaming() || error.httpStatus == 499)
        return;
    write("data: " + QJsonDocument(errorBody(error)).toJson(QJsonDocument::Compact) + "\n\n");
}
