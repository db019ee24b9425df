// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/modelclient.h"
#include "models/turnassembler.h"

#include <QHash>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace {

StopReason stopReasonOf(const QString &reason)
{
    if (reason == u"stop" || reason == u"end_turn" || reason == u"eos")
        return StopReason::EndTurn;
    if (reason == u"tool_calls" || reason == u"function_call" || reason == u"tool_use")
        return StopReason::ToolCalls;
    if (reason == u"length" || reason == u"max_tokens")
        return StopReason::MaxTokens;
    if (reason == u"content_filter")
        return StopReason::ContentFilter;
    return StopReason::Other;
}

QString argumentsText(const QJsonValue &value)
{
    if (value.isString())
        return value.toString();
    if (value.isObject()) // Ollama-style servers sometimes send the object itself
        return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
    return {};
}

QString contentText(const QJsonValue &content)
{
    if (content.isString())
        return content.toString();
    QString text;
    for (const QJsonValue &part : content.toArray()) {
        if (part.toObject().value(u"type"_s).toString() == u"text")
            text += part.toObject().value(u"text"_s).toString();
    }
    return text;
}

// Chat Completions chunks: choices[0].delta with content and tool_calls[i].function.arguments fragments, then
// [DONE].
class ChatDecoder final : public TurnDecoder
{
public:
    using TurnDecoder::TurnDecoder;

    void onEvent(const SseEvent &event) override
    {
        const QByteArray data = event.data.trimmed();
        if (data == "[DONE]") {
            buildRaw();
            m_out->complete();
            return;
        }
        QJsonParseError parseError;
        const QJsonDocument doc = QJsonDocument::fromJson(data, &parseError);
        if (!doc.isObject())
            return; // keep-alives and junk some local servers interleave
        m_sawChunk = true;
        const QJsonObject chunk = doc.object();
        if (chunk.value(u"error"_s).isObject()) {
            const QJsonObject error = chunk.value(u"error"_s).toObject();
            const int code = error.value(u"code"_s).toInt();
            m_out->fail(error.value(u"message"_s).toString(u"upstream error"_s), code == 429 || code >= 500);
            return;
        }
        m_out->setResponseId(chunk.value(u"id"_s).toString());
        m_out->setModel(chunk.value(u"model"_s).toString());
        applyUsage(chunk.value(u"usage"_s).toObject());
        const QJsonArray choices = chunk.value(u"choices"_s).toArray();
        if (choices.isEmpty())
            return;
        const QJsonObject choice = choices.first().toObject();
        const QJsonObject delta = choice.value(u"delta"_s).toObject();
        const QString text = contentText(delta.value(u"content"_s));
        m_text += text;
        m_out->appendText(text);
        const QJsonArray calls = delta.value(u"tool_calls"_s).toArray();
        for (qsizetype i = 0; i < calls.size(); ++i)
            applyCallDelta(calls.at(i).toObject(), i);
        if (delta.value(u"function_call"_s).isObject()) { // the pre-tools format, still sent by some servers
            const QJsonObject fn = delta.value(u"function_call"_s).toObject();
            m_out->startToolCall(0, {}, fn.value(u"name"_s).toString());
            m_out->appendToolArguments(0, argumentsText(fn.value(u"arguments"_s)));
        }
        const QJsonValue finish = choice.value(u"finish_reason"_s);
        if (finish.isString()) {
            m_out->setStopReason(stopReasonOf(finish.toString()), finish.toString());
            m_finishReason = finish.toString();
        }
    }

    void onStreamEnd() override
    {
        // Several local servers close the stream without a [DONE] line.
        if (m_sawChunk) {
            buildRaw();
            m_out->complete();
        }
    }

    void onBody(const QJsonObject &body) override
    {
        if (body.value(u"error"_s).isObject()) {
            m_out->fail(body.value(u"error"_s).toObject().value(u"message"_s).toString(), false);
            return;
        }
        m_out->setResponseId(body.value(u"id"_s).toString());
        m_out->setModel(body.value(u"model"_s).toString());
        applyUsage(body.value(u"usage"_s).toObject());
        const QJsonObject choice = body.value(u"choices"_s).toArray().first().toObject();
        const QJsonObject message = choice.value(u"message"_s).toObject();
        m_out->appendText(contentText(message.value(u"content"_s)));
        const QJsonArray calls = message.value(u"tool_calls"_s).toArray();
        for (qsizetype i = 0; i < calls.size(); ++i) {
            const QJsonObject call = calls.at(i).toObject();
            const QJsonObject fn = call.value(u"function"_s).toObject();
            m_out->startToolCall(int(i), call.value(u"id"_s).toString(), fn.value(u"name"_s).toString());
            m_out->setToolArguments(int(i), argumentsText(fn.value(u"arguments"_s)));
            m_out->finishToolCall(int(i));
        }
        const QString reason = choice.value(u"finish_reason"_s).toString();
        m_out->setStopReason(stopReasonOf(reason), reason);
        m_out->setRawOutput(message);
        m_out->complete();
    }

private:
    void applyUsage(const QJsonObject &usage)
    {
        if (usage.isEmpty())
            return;
        m_out->setInputTokens(usage.value(u"prompt_tokens"_s).toInteger());
        m_out->setOutputTokens(usage.value(u"completion_tokens"_s).toInteger());
    }

    void applyCallDelta(const QJsonObject &call, qsizetype position)
    {
        const QString id = call.value(u"id"_s).toString();
        int key;
        if (call.contains(u"index"_s)) {
            key = call.value(u"index"_s).toInt();
        } else if (!id.isEmpty()) {
            // No index: a new id is a new call, a known id continues its call.
            key = m_keyById.contains(id) ? m_keyById.value(id) : m_out->toolCallCount() + 1000;
        } else {
            key = m_lastKey >= 0 ? m_lastKey : int(position);
        }
        if (!id.isEmpty())
            m_keyById.insert(id, key);
        m_lastKey = key;
        const QJsonObject fn = call.value(u"function"_s).toObject();
        m_out->startToolCall(key, id, fn.value(u"name"_s).toString());
        const QJsonValue args = fn.value(u"arguments"_s);
        if (args.isObject())
            m_out->setToolArguments(key, argumentsText(args));
        else
            m_out->appendToolArguments(key, argumentsText(args));
    }

    void buildRaw() { m_out->setRawOutput(QJsonObject{{u"role"_s, u"assistant"_s}, {u"content"_s, m_text}}); }

    QHash<QString, int> m_keyById;
    int m_lastKey = -1;
    bool m_sawChunk = false;
    QString m_text;
    QString m_finishReason;
};

} // namespace

std::unique_ptr<TurnDecoder> makeChatDecoder(TurnAssembler *out)
{
    return std::make_unique<ChatDecoder>(out);
}

QString ChatCompletionsClient::endpointPath() const
{
    return u"/chat/completions"_s;
}

std::unique_ptr<TurnDecoder> ChatCompletionsClient::createDecoder(TurnAssembler *assembler) const
{
    return makeChatDecoder(assembler);
}

QJsonObject ChatCompletionsClient::requestBody(const TurnRequest &request) const
{
    QJsonArray messages;
    for (const Message &message : request.messages) {
        switch (message.role) {
        case Message::Role::System:
            messages.append(QJsonObject{{u"role"_s, u"system"_s}, {u"content"_s, message.text()}});
            break;
        case Message::Role::User: {
            bool onlyText = true;
            for (const ContentPart &part : message.content)
                onlyText = onlyText && part.type == ContentPart::Type::Text;
            if (onlyText) {
                // One string, as every server takes it; the parts stay apart as paragraphs, so a part the
                // engine added (where the request's input files are) does not run into the question.
                QStringList texts;
                for (const ContentPart &part : message.content)
                    texts.append(part.text);
                messages.append(QJsonObject{{u"role"_s, u"user"_s}, {u"content"_s, texts.join(u"\n\n"_s)}});
                break;
            }
            QJsonArray parts;
            for (const ContentPart &part : message.content) {
                if (part.type == ContentPart::Type::Text)
                    parts.append(QJsonObject{{u"type"_s, u"text"_s}, {u"text"_s, part.text}});
                else
                    parts.append(QJsonObject{{u"type"_s, u"image_url"_s},
                                             {u"image_url"_s, QJsonObject{{u"url"_s, part.imageAsUrl()}}}});
            }
            messages.append(QJsonObject{{u"role"_s, u"user"_s}, {u"content"_s, parts}});
            break;
        }
        case Message::Role::Assistant: {
            const QString text = message.text();
            QJsonObject m{{u"role"_s, u"assistant"_s},
                          {u"content"_s, text.isEmpty() ? QJsonValue() : QJsonValue(text)}};
            QJsonArray calls;
            for (const ToolCall &call : message.toolCalls) {
                // Servers such as Ollama re-parse earlier arguments and reject invalid JSON; the error result
                // that follows tells the model what was wrong.
                const QString args = call.isValid() ? call.argumentsJson : u"{}"_s;
                calls.append(QJsonObject{
                    {u"id"_s, call.id},
                    {u"type"_s, u"function"_s},
                    {u"function"_s, QJsonObject{{u"name"_s, call.name}, {u"arguments"_s, args}}}});
            }
            if (!calls.isEmpty())
                m.insert(u"tool_calls"_s, calls);
            messages.append(m);
            break;
        }
        case Message::Role::Tool:
            messages.append(QJsonObject{{u"role"_s, u"tool"_s},
                                        {u"tool_call_id"_s, message.toolResult.callId},
                                        {u"content"_s, message.toolResult.content}});
            break;
        }
    }
    const SamplingOptions &s = request.sampling;
    QJsonObject body{{u"model"_s, s.model}, {u"messages"_s, messages}, {u"stream"_s, request.stream}};
    if (request.stream)
        body.insert(u"stream_options"_s, QJsonObject{{u"include_usage"_s, true}});
    QJsonArray tools;
    for (const ToolDefinition &tool : request.tools) {
        QJsonObject fn{{u"name"_s, tool.name}};
        if (!tool.description.isEmpty())
            fn.insert(u"description"_s, tool.description);
        fn.insert(u"parameters"_s,
                  tool.parameters.isEmpty() ? QJsonObject{{u"type"_s, u"object"_s}} : tool.parameters);
        tools.append(QJsonObject{{u"type"_s, u"function"_s}, {u"function"_s, fn}});
    }
    for (const QJsonValue &tool : request.nativeTools)
        tools.append(tool);
    if (!tools.isEmpty())
        body.insert(u"tools"_s, tools);
    if (s.maxTokens > 0)
        body.insert(u"max_tokens"_s, s.maxTokens);
    if (s.temperature)
        body.insert(u"temperature"_s, *s.temperature);
    if (s.topP)
        body.insert(u"top_p"_s, *s.topP);
    if (!s.stop.isEmpty())
        body.insert(u"stop"_s, QJsonArray::fromStringList(s.stop));
    if (!s.toolChoice.isEmpty()) {
        if (s.toolChoice == u"auto" || s.toolChoice == u"none" || s.toolChoice == u"required")
            body.insert(u"tool_choice"_s, s.toolChoice);
        else
            body.insert(u"tool_choice"_s,
                        QJsonObject{{u"type"_s, u"function"_s},
                                    {u"function"_s, QJsonObject{{u"name"_s, s.toolChoice}}}});
    }
    for (auto it = s.extra.constBegin(); it != s.extra.constEnd(); ++it)
        body.insert(it.key(), it.value());
    return body;
}
