// SPDX-License-Identifier: GPL-3.0-or-later
#include "wireformat.h"

#include "base/randomtoken.h"
#include "gateway/format/chatcompletionsformat.h"
#include "gateway/format/geminiformat.h"
#include "gateway/format/messagesformat.h"
#include "gateway/format/responsesformat.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <cmath>

using namespace Qt::StringLiterals;

std::unique_ptr<WireFormat> WireFormat::forEndpoint(const QString &endpoint)
{
    if (endpoint == u"responses")
        return std::make_unique<ResponsesFormat>();
    if (endpoint == u"messages")
        return std::make_unique<MessagesFormat>();
    if (endpoint == u"chat/completions")
        return std::make_unique<ChatCompletionsFormat>();
    if (endpoint == u"gemini")
        return std::make_unique<GeminiFormat>();
    return nullptr;
}

WireFormat::~WireFormat() = default;

void WireFormat::follow(AgentLoop *loop, bool stream, bool liveEvents, Sink sink)
{
    m_loop = loop;
    m_stream = stream;
    m_live = liveEvents;
    m_sink = std::move(sink);
    connect(loop, &AgentLoop::textStarted, this, [this] { textStarted(); });
    connect(loop, &AgentLoop::textDone, this, [this](const QString &t) { textDone(t); });
    connect(loop, &AgentLoop::hostedItems, this, [this](const QJsonArray &items) { hostedItems(items); });
    connect(loop, &AgentLoop::toolCallStarted, this, [this](const AgentToolCall &c) { toolCallStarted(c); });
    connect(loop, &AgentLoop::toolCallFinished, this,
            [this](const AgentToolCall &c, const AgentToolResult &r) { toolCallFinished(c, r); });
    if (m_stream) {
        // Deltas and per-command progress exist only as SSE events; a plain answer is built from the rest.
        connect(loop, &AgentLoop::textDelta, this, [this](const QString &d) { textDelta(d); });
        connect(loop, &AgentLoop::commandStarted, this,
                [this](int call, int command, const QString &text) { commandStarted(call, command, text); });
        connect(loop, &AgentLoop::commandOutput, this,
                [this](int call, int command, bool isStderr, const QString &text) {
                    commandOutput(call, command, isStderr, text);
                });
        connect(loop, &AgentLoop::commandFinished, this,
                [this](int call, int command, const CommandResult &r) { commandFinished(call, command, r); });
    }
    connect(loop, &AgentLoop::finished, this, [this](const AgentOutcome &o) { m_final = finished(o); });
    connect(loop, &AgentLoop::failed, this, [this](const AgentError &e) { failed(e); });
    if (m_stream)
        begin();
}

void WireFormat::write(const QByteArray &bytes)
{
    if (m_stream && m_sink)
        m_sink(bytes);
}

QByteArray WireFormat::sseEvent(const QByteArray &name, const QJsonObject &data)
{
    return "event: " + name + "\ndata: " + QJsonDocument(data).toJson(QJsonDocument::Compact) + "\n\n";
}

QString WireFormat::randomId(const QString &prefix, int length)
{
    return randomToken(prefix, length);
}

QString WireFormat::compactJson(const QJsonValue &value)
{
    if (value.isObject())
        return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
    if (value.isArray())
        return QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact));
    return value.toString();
}

bool WireFormat::toolsOf(const QJsonObject &body, QJsonArray *tools, AgentError *error)
{
    const QJsonValue value = body.value(u"tools"_s);
    if (!value.isUndefined() && !value.isNull() && !value.isArray()) {
        *error = AgentError::invalidRequest(u"tools must be an array"_s, u"tools"_s);
        return false;
    }
    *tools = value.toArray();
    for (qsizetype i = 0; i < tools->size(); ++i) {
        if (!tools->at(i).isObject()) {
            const QString path = u"tools[%1]"_s.arg(i);
            *error = AgentError::invalidRequest(path + u" must be an object"_s, path);
            return false;
        }
    }
    return true;
}

bool WireFormat::addServerTool(const QJsonObject &tool, ServerToolConfig::Kind kind, const QString &path,
                               AgentRequest *req, AgentError *error)
{
    QString message;
    std::optional<ServerToolConfig> config = ServerToolConfig::fromJson(tool, kind, path, &message);
    if (!config) {
        *error = AgentError::invalidRequest(message, path);
        return false;
    }
    std::optional<ServerToolConfig> &slot = kind == ServerToolConfig::Kind::Bash ? req->bash : req->shell;
    if (slot) {
        *error = AgentError::invalidRequest(
            path + u": only one %1 tool may be given"_s.arg(
                       kind == ServerToolConfig::Kind::Bash ? u"bash"_s : u"shell"_s),
            path);
        return false;
    }
    slot = config;
    return true;
}

bool WireFormat::addCodeTool(const ServerToolConfig &config, const QString &path, AgentRequest *req,
                             AgentError *error)
{
    if (req->code) {
        *error = AgentError::invalidRequest(
            u"%1: only one code-execution tool may be given (already %2)"_s.arg(path, req->code->typeName()),
            path);
        return false;
    }
    req->code = config;
    return true;
}

bool WireFormat::addFunctionTool(const QJsonObject &spec, const QString &schemaKey, const QString &path,
                                 AgentRequest *req, AgentError *error)
{
    ToolDefinition def;
    def.name = spec.value(u"name"_s).toString();
    def.description = spec.value(u"description"_s).toString();
    def.parameters = spec.value(schemaKey).toObject();
    if (def.name.isEmpty()) {
        *error = AgentError::invalidRequest(path + u".name is required"_s, path + u".name"_s);
        return false;
    }
    req->callerTools.append(def);
    return true;
}

QJsonArray WireFormat::resultsJson(const QList<CommandResult> &results)
{
    QJsonArray out;
    for (const CommandResult &r : results)
        out.append(r.toJson());
    return out;
}

QJsonObject WireFormat::openAiStyleErrorBody(const AgentError &error) const
{
    const QJsonValue null(QJsonValue::Null);
    if (m_errorShape == ErrorShape::OpenAi)
        return {{u"error"_s, QJsonObject{{u"message"_s, error.message},
                                         {u"type"_s, error.type},
                                         {u"param"_s, error.param.isEmpty() ? null : QJsonValue(error.param)},
                                         {u"code"_s, error.code.isEmpty() ? null : QJsonValue(error.code)}}}};
    return {
        {u"error"_s,
         QJsonObject{{u"code"_s, error.httpStatus},
                     {u"message"_s, error.message},
                     {u"type"_s, error.type},
                     {u"param"_s, error.param.isEmpty() ? null : QJsonValue(error.param)},
                     {u"metadata"_s,
                      error.code.isEmpty() ? null : QJsonValue(QJsonObject{{u"reason"_s, error.code}})}}}};
}

bool WireFormat::parseCommon(const QJsonObject &body, const FormatRequestContext &context, AgentRequest *req,
                             AgentError *error)
{
    const QJsonValue model = body.value(u"model"_s);
    if (!model.isString() || model.toString().isEmpty()) {
        *error = AgentError::invalidRequest(u"model is required: a string such as \"provider/model\""_s,
                                            u"model"_s);
        return false;
    }
    req->model = model.toString();
    req->sampling.model = req->model;
    const QJsonValue stream = body.value(u"stream"_s);
    if (!stream.isUndefined() && !stream.isNull() && !stream.isBool()) {
        *error = AgentError::invalidRequest(u"stream must be true or false"_s, u"stream"_s);
        return false;
    }
    req->stream = stream.toBool(false);

    const QJsonValue session = body.value(u"session_id"_s);
    if (!session.isUndefined() && !session.isNull() && !session.isString()) {
        *error = AgentError::invalidRequest(u"session_id must be a string"_s, u"session_id"_s);
        return false;
    }
    req->sessionId = session.isString() ? session.toString() : context.sessionIdHeader;

    const QJsonValue maxCalls = body.value(u"max_tool_calls"_s);
    if (!maxCalls.isUndefined() && !maxCalls.isNull()) {
        const double d = maxCalls.toDouble(-1);
        if (!maxCalls.isDouble() || d != std::floor(d) || d < 1 || d > AgentRequest::MaxMaxToolCalls) {
            *error = AgentError::invalidRequest(
                u"max_tool_calls must be an integer from 1 to %1"_s.arg(AgentRequest::MaxMaxToolCalls),
                u"max_tool_calls"_s);
            return false;
        }
        req->maxToolCalls = int(d);
    }
    const QJsonValue metadata = body.value(u"metadata"_s);
    if (!metadata.isUndefined() && !metadata.isNull() && !metadata.isObject()) {
        *error = AgentError::invalidRequest(u"metadata must be an object"_s, u"metadata"_s);
        return false;
    }
    req->metadata = metadata.toObject();
    SamplingOptions &s = req->sampling;
    for (const QString &key : {u"temperature"_s, u"top_p"_s}) {
        const QJsonValue v = body.value(key);
        if (v.isUndefined() || v.isNull())
            continue;
        if (!v.isDouble()) {
            *error = AgentError::invalidRequest(key + u" must be a number"_s, key);
            return false;
        }
        (key == u"temperature" ? s.temperature : s.topP) = v.toDouble();
    }
    return true;
}

QList<ContentPart> WireFormat::contentParts(const QJsonValue &content)
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
        else if (type == u"image_url") {
            const QJsonValue url = part.value(u"image_url"_s);
            parts.append(ContentPart::fromImageUrl(url.isObject() ? url.toObject().value(u"url"_s).toString()
                                                                  : url.toString()));
        } else if (type == u"image") {
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

QString WireFormat::toolResultText(const QJsonValue &content)
{
    if (content.isString())
        return content.toString();
    if (content.isArray()) {
        QStringList texts;
        bool allText = true;
        for (const QJsonValue &v : content.toArray()) {
            const QString type = v.toObject().value(u"type"_s).toString();
            if (type == u"text" || type == u"input_text" || type == u"output_text")
                texts.append(v.toObject().value(u"text"_s).toString());
            else
                allText = false;
        }
        if (allText)
            return texts.join(u'\n');
    }
    return compactJson(content);
}

void ConversationBuilder::system(const QString &text)
{
    if (!text.isEmpty())
        messages.append(Message::system(text));
}

void ConversationBuilder::user(const QList<ContentPart> &parts)
{
    if (parts.isEmpty())
        return;
    Message m;
    m.role = Message::Role::User;
    m.content = parts;
    messages.append(m);
}

void ConversationBuilder::assistantText(const QList<ContentPart> &parts)
{
    if (parts.isEmpty())
        return;
    Message m;
    m.role = Message::Role::Assistant;
    m.content = parts;
    messages.append(m);
}

void ConversationBuilder::assistantCall(const QString &id, const QString &name, const QString &arguments)
{
    ToolCall call{id, name, arguments, {}};
    if (!messages.isEmpty() && messages.last().role == Message::Role::Assistant) {
        messages.last().toolCalls.append(call);
        return;
    }
    messages.append(Message::assistant({}, {call}));
}

void ConversationBuilder::toolResult(const QString &callId, const QString &content, bool isError)
{
    messages.append(Message::tool(callId, content, isError));
}

void ConversationBuilder::noteContainer(const QJsonValue &id)
{
    if (id.isString() && !id.toString().isEmpty())
        lastContainerId = id.toString();
}

bool ConversationBuilder::hasInput() const
{
    for (const Message &m : messages)
        if (m.role != Message::Role::System)
            return true;
    return false;
}
