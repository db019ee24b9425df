// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/modelclient.h"
#include "models/turnassembler.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace {

QJsonArray contentParts(const Message &message, bool output)
{
    QJsonArray parts;
    for (const ContentPart &part : message.content) {
        if (part.type == ContentPart::Type::Text)
            parts.append(QJsonObject{{u"type"_s, output ? u"output_text"_s : u"input_text"_s},
                                     {u"text"_s, part.text}});
        else if (!output)
            parts.append(QJsonObject{{u"type"_s, u"input_image"_s}, {u"image_url"_s, part.imageAsUrl()}});
    }
    return parts;
}

StopReason stopReasonOf(const QJsonObject &response)
{
    const QString status = response.value(u"status"_s).toString();
    if (status == u"incomplete") {
        const QString reason =
            response.value(u"incomplete_details"_s).toObject().value(u"reason"_s).toString();
        if (reason == u"max_output_tokens")
            return StopReason::MaxTokens;
        if (reason == u"content_filter")
            return StopReason::ContentFilter;
        return StopReason::Other;
    }
    return StopReason::EndTurn;
}

bool retryableCode(const QString &code)
{
    return code == u"rate_limit_exceeded" || code == u"server_error" || code == u"server_is_overloaded";
}

// Responses API events: response.output_text.delta, response.function_call_arguments.delta,
// response.completed...
class ResponsesDecoder final : public TurnDecoder
{
public:
    using TurnDecoder::TurnDecoder;

    void onEvent(const SseEvent &event) override
    {
        const QJsonObject data = QJsonDocument::fromJson(event.data).object();
        QString type = data.value(u"type"_s).toString();
        if (type.isEmpty())
            type = event.event;
        const int index = data.value(u"output_index"_s).toInt();
        if (type == u"response.created" || type == u"response.in_progress") {
            const QJsonObject response = data.value(u"response"_s).toObject();
            m_out->setResponseId(response.value(u"id"_s).toString());
            m_out->setModel(response.value(u"model"_s).toString());
        } else if (type == u"response.output_item.added") {
            const QJsonObject item = data.value(u"item"_s).toObject();
            if (item.value(u"type"_s).toString() == u"function_call") {
                m_out->startToolCall(index, item.value(u"call_id"_s).toString(),
                                     item.value(u"name"_s).toString());
                m_out->appendToolArguments(index, item.value(u"arguments"_s).toString());
            }
        } else if (type == u"response.output_text.delta") {
            m_out->appendText(data.value(u"delta"_s).toString());
        } else if (type == u"response.function_call_arguments.delta") {
            m_out->appendToolArguments(index, data.value(u"delta"_s).toString());
        } else if (type == u"response.function_call_arguments.done") {
            if (data.contains(u"arguments"_s))
                m_out->setToolArguments(index, data.value(u"arguments"_s).toString());
        } else if (type == u"response.output_item.done") {
            const QJsonObject item = data.value(u"item"_s).toObject();
            if (item.value(u"type"_s).toString() == u"function_call") {
                m_out->startToolCall(index, item.value(u"call_id"_s).toString(),
                                     item.value(u"name"_s).toString());
                if (item.contains(u"arguments"_s))
                    m_out->setToolArguments(index, item.value(u"arguments"_s).toString());
                m_out->finishToolCall(index);
            }
        } else if (type == u"response.completed" || type == u"response.incomplete") {
            applyResponse(data.value(u"response"_s).toObject());
            m_out->complete();
        } else if (type == u"response.failed") {
            const QJsonObject error = data.value(u"response"_s).toObject().value(u"error"_s).toObject();
            m_out->fail(error.value(u"message"_s).toString(u"the response failed"_s),
                        retryableCode(error.value(u"code"_s).toString()));
        } else if (type == u"error") {
            const QJsonObject error =
                data.value(u"error"_s).isObject() ? data.value(u"error"_s).toObject() : data;
            m_out->fail(error.value(u"message"_s).toString(u"upstream error"_s),
                        retryableCode(error.value(u"code"_s).toString()));
        }
    }

    void onBody(const QJsonObject &body) override
    {
        if (body.value(u"error"_s).isObject()) {
            const QJsonObject error = body.value(u"error"_s).toObject();
            m_out->fail(error.value(u"message"_s).toString(),
                        retryableCode(error.value(u"code"_s).toString()));
            return;
        }
        m_out->setResponseId(body.value(u"id"_s).toString());
        m_out->setModel(body.value(u"model"_s).toString());
        const QJsonArray output = body.value(u"output"_s).toArray();
        for (qsizetype i = 0; i < output.size(); ++i) {
            const QJsonObject item = output.at(i).toObject();
            const QString type = item.value(u"type"_s).toString();
            if (type == u"message") {
                for (const QJsonValue &part : item.value(u"content"_s).toArray()) {
                    if (part.toObject().value(u"type"_s).toString() == u"output_text")
                        m_out->appendText(part.toObject().value(u"text"_s).toString());
                }
            } else if (type == u"function_call") {
                m_out->startToolCall(int(i), item.value(u"call_id"_s).toString(),
                                     item.value(u"name"_s).toString());
                m_out->setToolArguments(int(i), item.value(u"arguments"_s).toString());
                m_out->finishToolCall(int(i));
            }
        }
        applyResponse(body);
        m_out->complete();
    }

private:
    void applyResponse(const QJsonObject &response)
    {
        m_out->setResponseId(response.value(u"id"_s).toString());
        m_out->setModel(response.value(u"model"_s).toString());
        const QJsonObject usage = response.value(u"usage"_s).toObject();
        m_out->setInputTokens(usage.value(u"input_tokens"_s).toInteger());
        m_out->setOutputTokens(usage.value(u"output_tokens"_s).toInteger());
        m_out->setStopReason(stopReasonOf(response), response.value(u"status"_s).toString());
        const QJsonArray output = response.value(u"output"_s).toArray();
        m_out->setRawOutput(output);
        if (!output.isEmpty())
            m_out->setNativeItems(output, u"responses"_s);
    }
};

} // namespace

std::unique_ptr<TurnDecoder> makeResponsesDecoder(TurnAssembler *out)
{
    return std::make_unique<ResponsesDecoder>(out);
}

QString ResponsesClient::endpointPath() const
{
    return u"/responses"_s;
}

std::unique_ptr<TurnDecoder> ResponsesClient::createDecoder(TurnAssembler *assembler) const
{
    return makeResponsesDecoder(assembler);
}

QJsonObject ResponsesClient::requestBody(const TurnRequest &request) const
{
    QJsonArray input;
    QStringList instructions;
    for (const Message &message : request.messages) {
        if (message.nativeApi == u"responses" && !message.nativeItems.isEmpty()) {
            for (const QJsonValue &item : message.nativeItems)
                input.append(item);
            continue;
        }
        switch (message.role) {
        case Message::Role::System:
            instructions.append(message.text());
            break;
        case Message::Role::User:
            input.append(QJsonObject{{u"type"_s, u"message"_s},
                                     {u"role"_s, u"user"_s},
                                     {u"content"_s, contentParts(message, false)}});
            break;
        case Message::Role::Assistant:
            if (!message.text().isEmpty())
                input.append(QJsonObject{{u"type"_s, u"message"_s},
                                         {u"role"_s, u"assistant"_s},
                                         {u"content"_s, contentParts(message, true)}});
            for (const ToolCall &call : message.toolCalls)
                input.append(QJsonObject{{u"type"_s, u"function_call"_s},
                                         {u"call_id"_s, call.id},
                                         {u"name"_s, call.name},
                                         {u"arguments"_s, call.argumentsJson}});
            break;
        case Message::Role::Tool:
            input.append(QJsonObject{{u"type"_s, u"function_call_output"_s},
                                     {u"call_id"_s, message.toolResult.callId},
                                     {u"output"_s, message.toolResult.content}});
            break;
        }
    }
    QJsonObject body{
        {u"model"_s, request.sampling.model}, {u"input"_s, input}, {u"stream"_s, request.stream}};
    if (!instructions.isEmpty())
        body.insert(u"instructions"_s, instructions.join(u"\n\n"_s));
    QJsonArray tools;
    for (const ToolDefinition &tool : request.tools) {
        QJsonObject t{{u"type"_s, u"function"_s}, {u"name"_s, tool.name}};
        if (!tool.description.isEmpty())
            t.insert(u"description"_s, tool.description);
        t.insert(u"parameters"_s,
                 tool.parameters.isEmpty() ? QJsonObject{{u"type"_s, u"object"_s}} : tool.parameters);
        tools.append(t);
    }
    for (const QJsonValue &tool : request.nativeTools)
        tools.append(tool);
    if (!tools.isEmpty())
        body.insert(u"tools"_s, tools);
    const SamplingOptions &s = request.sampling;
    if (s.maxTokens > 0)
        body.insert(u"max_output_tokens"_s, s.maxTokens);
    if (s.temperature)
        body.insert(u"temperature"_s, *s.temperature);
    if (s.topP)
        body.insert(u"top_p"_s, *s.topP);
    if (!s.toolChoice.isEmpty()) {
        if (s.toolChoice == u"auto" || s.toolChoice == u"none" || s.toolChoice == u"required")
            body.insert(u"tool_choice"_s, s.toolChoice);
        else
            body.insert(u"tool_choice"_s, QJsonObject{{u"type"_s, u"function"_s}, {u"name"_s, s.toolChoice}});
    }
    for (auto it = s.extra.constBegin(); it != s.extra.constEnd(); ++it)
        body.insert(it.key(), it.value());
    return body;
}
