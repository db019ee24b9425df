// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/modelclient.h"
#include "models/turnassembler.h"

#include <QJsonDocument>
#include <QMap>

using namespace Qt::StringLiterals;

namespace {

StopReason stopReasonOf(const QString &reason)
{
    if (reason == u"end_turn" || reason == u"stop_sequence")
        return StopReason::EndTurn;
    if (reason == u"tool_use")
        return StopReason::ToolCalls;
    if (reason == u"max_tokens")
        return StopReason::MaxTokens;
    if (reason == u"refusal")
        return StopReason::ContentFilter;
    return StopReason::Other;
}

bool retryableType(const QString &type)
{
    return type == u"overloaded_error" || type == u"api_error" || type == u"rate_limit_error";
}

QString compact(const QJsonValue &value)
{
    if (value.isString())
        return value.toString(); // a sloppy server put the raw argument text in "input"
    if (value.isObject())
        return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
    return {};
}

// Messages API events: message_start, content_block_start/delta/stop, message_delta, message_stop.
class MessagesDecoder final : public TurnDecoder
{
public:
    using TurnDecoder::TurnDecoder;

    void onEvent(const SseEvent &event) override
    {
        const QJsonObject data = QJsonDocument::fromJson(event.data).object();
        QString type = data.value(u"type"_s).toString();
        if (type.isEmpty())
            type = event.event;
        const int index = data.value(u"index"_s).toInt();
        if (type == u"message_start") {
            const QJsonObject message = data.value(u"message"_s).toObject();
            m_out->setResponseId(message.value(u"id"_s).toString());
            m_out->setModel(message.value(u"model"_s).toString());
            applyUsage(message.value(u"usage"_s).toObject());
        } else if (type == u"content_block_start") {
            QJsonObject block = data.value(u"content_block"_s).toObject();
            const QString blockType = block.value(u"type"_s).toString();
            if (blockType == u"text") {
                m_out->appendText(block.value(u"text"_s).toString());
            } else if (blockType == u"tool_use") {
                m_out->startToolCall(index, block.value(u"id"_s).toString(),
                                     block.value(u"name"_s).toString());
                const QJsonObject input = block.value(u"input"_s).toObject();
                if (!input.isEmpty())
                    m_out->setToolArguments(index, compact(input));
            }
            m_blocks.insert(index, block);
            m_json.remove(index);
        } else if (type == u"content_block_delta") {
            const QJsonObject delta = data.value(u"delta"_s).toObject();
            const QString deltaType = delta.value(u"type"_s).toString();
            QJsonObject &block = m_blocks[index];
            if (deltaType == u"text_delta") {
                const QString text = delta.value(u"text"_s).toString();
                block.insert(u"type"_s, block.value(u"type"_s).toString(u"text"_s));
                block.insert(u"text"_s, QString(block.value(u"text"_s).toString() + text));
                m_out->appendText(text);
            } else if (deltaType == u"input_json_delta") {
                const QString part = delta.value(u"partial_json"_s).toString();
                m_json[index] += part;
                if (block.value(u"type"_s).toString(u"tool_use"_s) == u"tool_use")
                    m_out->appendToolArguments(index, part);
            } else if (deltaType == u"thinking_delta") {
                block.insert(u"thinking"_s, QString(block.value(u"thinking"_s).toString() +
                                                    delta.value(u"thinking"_s).toString()));
            } else if (deltaType == u"signature_delta") {
                block.insert(u"signature"_s, delta.value(u"signature"_s).toString());
            }
        } else if (type == u"content_block_stop") {
            QJsonObject &block = m_blocks[index];
            if (block.value(u"type"_s).toString() == u"tool_use" || m_out->hasToolCall(index)) {
                const ToolCall call = m_out->finishToolCall(index);
                block.insert(u"type"_s, u"tool_use"_s);
                block.insert(u"id"_s, call.id);
                block.insert(u"name"_s, call.name);
                block.insert(u"input"_s, call.arguments());
            } else if (m_json.contains(index)) {
                block.insert(u"input"_s, QJsonDocument::fromJson(m_json.value(index).toUtf8()).object());
            }
        } else if (type == u"message_delta") {
            const QJsonObject delta = data.value(u"delta"_s).toObject();
            if (delta.contains(u"stop_reason"_s) && !delta.value(u"stop_reason"_s).isNull()) {
                const QString reason = delta.value(u"stop_reason"_s).toString();
                m_out->setStopReason(stopReasonOf(reason), reason);
            }
            applyUsage(data.value(u"usage"_s).toObject());
        } else if (type == u"message_stop") {
            finishBlocks();
            m_out->complete();
        } else if (type == u"error") {
            const QJsonObject error = data.value(u"error"_s).toObject();
            m_out->fail(error.value(u"message"_s).toString(u"upstream error"_s),
                        retryableType(error.value(u"type"_s).toString()));
        }
    }

    void onBody(const QJsonObject &body) override
    {
        if (body.value(u"type"_s).toString() == u"error") {
            const QJsonObject error = body.value(u"error"_s).toObject();
            m_out->fail(error.value(u"message"_s).toString(),
                        retryableType(error.value(u"type"_s).toString()));
            return;
        }
        m_out->setResponseId(body.value(u"id"_s).toString());
        m_out->setModel(body.value(u"model"_s).toString());
        const QJsonArray content = body.value(u"content"_s).toArray();
        QJsonArray native;
        for (qsizetype i = 0; i < content.size(); ++i) {
            QJsonObject block = content.at(i).toObject();
            const QString type = block.value(u"type"_s).toString();
            if (type == u"text") {
                m_out->appendText(block.value(u"text"_s).toString());
            } else if (type == u"tool_use") {
                m_out->startToolCall(int(i), block.value(u"id"_s).toString(),
                                     block.value(u"name"_s).toString());
                m_out->setToolArguments(int(i), compact(block.value(u"input"_s)));
                const ToolCall call = m_out->finishToolCall(int(i));
                block.insert(u"id"_s, call.id);
                block.insert(u"input"_s, call.arguments());
            }
            native.append(block);
        }
        const QString reason = body.value(u"stop_reason"_s).toString();
        m_out->setStopReason(stopReasonOf(reason), reason);
        applyUsage(body.value(u"usage"_s).toObject());
        m_out->setRawOutput(content);
        if (!native.isEmpty())
            m_out->setNativeItems(native, u"messages"_s);
        m_out->complete();
    }

private:
    void applyUsage(const QJsonObject &usage)
    {
        if (usage.contains(u"input_tokens"_s))
            m_out->setInputTokens(usage.value(u"input_tokens"_s).toInteger());
        if (usage.contains(u"output_tokens"_s))
            m_out->setOutputTokens(usage.value(u"output_tokens"_s).toInteger());
    }

    void finishBlocks()
    {
        QJsonArray blocks;
        for (auto it = m_blocks.cbegin(); it != m_blocks.cend(); ++it)
            blocks.append(it.value());
        m_out->setRawOutput(blocks);
        if (!blocks.isEmpty())
            m_out->setNativeItems(blocks, u"messages"_s);
    }

    QMap<int, QJsonObject> m_blocks;
    QMap<int, QString> m_json;
};

QJsonArray userBlocks(const Message &message)
{
    QJsonArray blocks;
    for (const ContentPart &part : message.content) {
        if (part.type == ContentPart::Type::Text) {
            if (!part.text.isEmpty())
                blocks.append(QJsonObject{{u"type"_s, u"text"_s}, {u"text"_s, part.text}});
        } else if (!part.imageData.isEmpty()) {
            blocks.append(QJsonObject{
                {u"type"_s, u"image"_s},
                {u"source"_s, QJsonObject{{u"type"_s, u"base64"_s},
                                          {u"media_type"_s, part.imageMimeType},
                                          {u"data"_s, QString::fromLatin1(part.imageData.toBase64())}}}});
        } else {
            blocks.append(
                QJsonObject{{u"type"_s, u"image"_s},
                            {u"source"_s, QJsonObject{{u"type"_s, u"url"_s}, {u"url"_s, part.imageUrl}}}});
        }
    }
    return blocks;
}

} // namespace

std::unique_ptr<TurnDecoder> makeMessagesDecoder(TurnAssembler *out)
{
    return std::make_unique<MessagesDecoder>(out);
}

QString MessagesClient::endpointPath() const
{
    return u"/messages"_s;
}

void MessagesClient::addAuthHeaders(QNetworkRequest *request) const
{
    if (!apiKey().isEmpty())
        request->setRawHeader("x-api-key", apiKey().toUtf8());
    request->setRawHeader("anthropic-version", "2023-06-01");
}

std::unique_ptr<TurnDecoder> MessagesClient::createDecoder(TurnAssembler *assembler) const
{
    return makeMessagesDecoder(assembler);
}

QJsonObject MessagesClient::requestBody(const TurnRequest &request) const
{
    QStringList system;
    QJsonArray messages;
    // Consecutive messages of one role are merged: tool results travel together in one user message.
    auto appendBlocks = [&messages](const QString &role, const QJsonArray &blocks) {
        if (blocks.isEmpty())
            return;
        if (!messages.isEmpty() && messages.last().toObject().value(u"role"_s).toString() == role) {
            QJsonObject last = messages.last().toObject();
            QJsonArray content = last.value(u"content"_s).toArray();
            for (const QJsonValue &b : blocks)
                content.append(b);
            last.insert(u"content"_s, content);
            messages.replace(messages.size() - 1, last);
            return;
        }
        messages.append(QJsonObject{{u"role"_s, role}, {u"content"_s, blocks}});
    };
    for (const Message &message : request.messages) {
        const bool native = message.nativeApi == u"messages" && !message.nativeItems.isEmpty();
        switch (message.role) {
        case Message::Role::System:
            system.append(message.text());
            break;
        case Message::Role::User:
            appendBlocks(u"user"_s, native ? message.nativeItems : userBlocks(message));
            break;
        case Message::Role::Assistant: {
            if (native) {
                appendBlocks(u"assistant"_s, message.nativeItems);
                break;
            }
            QJsonArray blocks;
            const QString text = message.text();
            if (!text.isEmpty())
                blocks.append(QJsonObject{{u"type"_s, u"text"_s}, {u"text"_s, text}});
            for (const ToolCall &call : message.toolCalls)
                blocks.append(QJsonObject{{u"type"_s, u"tool_use"_s},
                                          {u"id"_s, call.id},
                                          {u"name"_s, call.name},
                                          {u"input"_s, call.arguments()}});
            appendBlocks(u"assistant"_s, blocks);
            break;
        }
        case Message::Role::Tool: {
            if (native) {
                appendBlocks(u"user"_s, message.nativeItems);
                break;
            }
            QJsonObject block{{u"type"_s, u"tool_result"_s},
                              {u"tool_use_id"_s, message.toolResult.callId},
                              {u"content"_s, message.toolResult.content}};
            if (message.toolResult.isError)
                block.insert(u"is_error"_s, true);
            appendBlocks(u"user"_s, QJsonArray{block});
            break;
        }
        }
    }
    const SamplingOptions &s = request.sampling;
    QJsonObject body{{u"model"_s, s.model},
                     {u"messages"_s, messages},
                     {u"max_tokens"_s, s.maxTokens > 0 ? s.maxTokens : SamplingOptions::DefaultMaxTokens},
                     {u"stream"_s, request.stream}};
    if (!system.isEmpty())
        body.insert(u"system"_s, system.join(u"\n\n"_s));
    QJsonArray tools;
    for (const ToolDefinition &tool : request.tools) {
        QJsonObject t{{u"name"_s, tool.name}};
        if (!tool.description.isEmpty())
            t.insert(u"description"_s, tool.description);
        t.insert(u"input_schema"_s,
                 tool.parameters.isEmpty() ? QJsonObject{{u"type"_s, u"object"_s}} : tool.parameters);
        tools.append(t);
    }
    for (const QJsonValue &tool : request.nativeTools)
        tools.append(tool);
    if (!tools.isEmpty())
        body.insert(u"tools"_s, tools);
    if (s.temperature)
        body.insert(u"temperature"_s, *s.temperature);
    if (s.topP)
        body.insert(u"top_p"_s, *s.topP);
    if (!s.stop.isEmpty())
        body.insert(u"stop_sequences"_s, QJsonArray::fromStringList(s.stop));
    if (!s.toolChoice.isEmpty()) {
        if (s.toolChoice == u"auto" || s.toolChoice == u"none")
            body.insert(u"tool_choice"_s, QJsonObject{{u"type"_s, s.toolChoice}});
        else if (s.toolChoice == u"required")
            body.insert(u"tool_choice"_s, QJsonObject{{u"type"_s, u"any"_s}});
        else
            body.insert(u"tool_choice"_s, QJsonObject{{u"type"_s, u"tool"_s}, {u"name"_s, s.toolChoice}});
    }
    for (auto it = s.extra.constBegin(); it != s.extra.constEnd(); ++it)
        body.insert(it.key(), it.value());
    return body;
}
