// SPDX-License-Identifier: GPL-3.0-or-later
#include "fakeupstream.h"

#include "models/providerconfig.h"
#include "models/providerregistry.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

using namespace Qt::StringLiterals;

FakeStep FakeStep::answer(const QString &text)
{
    FakeStep step;
    step.text = text;
    return step;
}

FakeStep FakeStep::toolCall(const QString &name, const QJsonObject &arguments)
{
    return rawToolCall(name, QString::fromUtf8(QJsonDocument(arguments).toJson(QJsonDocument::Compact)));
}

FakeStep FakeStep::rawToolCall(const QString &name, const QString &rawArguments)
{
    FakeStep step;
    step.toolCalls.append({name, rawArguments, {}});
    return step;
}

FakeStep FakeStep::withToolCalls(const QList<FakeToolCall> &calls, const QString &text)
{
    FakeStep step;
    step.toolCalls = calls;
    step.text = text;
    return step;
}

FakeStep FakeStep::httpError(int status, int times, int retryAfterSeconds)
{
    FakeStep step;
    step.kind = Kind::HttpError;
    step.httpStatus = status;
    step.times = times;
    step.retryAfterSeconds = retryAfterSeconds;
    return step;
}

FakeStep FakeStep::hang()
{
    FakeStep step;
    step.kind = Kind::Hang;
    return step;
}

FakeStep &FakeStep::inChunks(int n)
{
    chunks = qMax(1, n);
    return *this;
}

FakeStep &FakeStep::withoutIds()
{
    omitIds = true;
    return *this;
}

FakeStep &FakeStep::repeated(int n)
{
    times = n;
    return *this;
}

FakeStep &FakeStep::stallingAfter(int events)
{
    stallAfterEvents = events;
    return *this;
}

std::optional<FakeStep> FakeStep::fromJson(const QJsonObject &obj, QString *error)
{
    FakeStep step;
    if (obj.value(u"hang"_s).toBool()) {
        step.kind = Kind::Hang;
    } else if (obj.contains(u"status"_s)) {
        step.kind = Kind::HttpError;
        step.httpStatus = obj.value(u"status"_s).toInt();
        step.retryAfterSeconds = obj.value(u"retry_after"_s).toInt(-1);
        step.errorBody = obj.value(u"body"_s).toString().toUtf8();
    } else {
        step.text = obj.value(u"text"_s).toString();
        for (const QJsonValue &v : obj.value(u"tool_calls"_s).toArray()) {
            const QJsonObject call = v.toObject();
            const QJsonValue args = call.value(u"arguments"_s);
            step.toolCalls.append(
                {call.value(u"name"_s).toString(),
                 args.isString()
                     ? args.toString()
                     : QString::fromUtf8(QJsonDocument(args.toObject()).toJson(QJsonDocument::Compact)),
                 call.value(u"id"_s).toString()});
        }
        if (step.text.isEmpty() && step.toolCalls.isEmpty()) {
            if (error)
                *error = u"a step needs \"text\", \"tool_calls\", \"status\" or \"hang\""_s;
            return std::nullopt;
        }
    }
    const QJsonValue times = obj.value(u"times"_s);
    step.times = times.toString() == u"forever" ? -1 : times.toInt(1);
    step.chunks = qMax(1, obj.value(u"chunks"_s).toInt(1));
    step.omitIds = obj.value(u"omit_ids"_s).toBool();
    step.stallAfterEvents = obj.value(u"stall_after_events"_s).toInt(-1);
    return step;
}

QJsonObject RecordedRequest::json() const
{
    return QJsonDocument::fromJson(body).object();
}

QString RecordedRequest::api() const
{
    if (path.endsWith(u"/responses"))
        return u"responses"_s;
    if (path.endsWith(u"/messages"))
        return u"messages"_s;
    if (path.endsWith(u"/chat/completions"))
        return u"chat"_s;
    if (path.endsWith(u"/models"))
        return u"models"_s;
    return {};
}

namespace {

QStringList splitInto(const QString &text, int n)
{
    QStringList parts;
    if (text.isEmpty())
        return parts;
    n = qMin<qsizetype>(n, text.size());
    const qsizetype size = text.size() / n;
    qsizetype at = 0;
    for (int i = 0; i < n; ++i) {
        const qsizetype len = i == n - 1 ? text.size() - at : size;
        parts.append(text.mid(at, len));
        at += len;
    }
    return parts;
}

QString toolResultText(const QJsonValue &content)
{
    if (content.isString())
        return content.toString();
    QString text;
    for (const QJsonValue &part : content.toArray()) {
        const QJsonObject o = part.toObject();
        text += o.value(u"text"_s).toString();
    }
    return text;
}

// The content of the last tool result in a request of any of the three formats.
QString lastToolResult(const QJsonObject &body)
{
    QString last;
    for (const QJsonValue &v : body.value(u"input"_s).toArray()) {
        const QJsonObject item = v.toObject();
        if (item.value(u"type"_s).toString() == u"function_call_output")
            last = toolResultText(item.value(u"output"_s));
    }
    for (const QJsonValue &v : body.value(u"messages"_s).toArray()) {
        const QJsonObject message = v.toObject();
        if (message.value(u"role"_s).toString() == u"tool")
            last = toolResultText(message.value(u"content"_s));
        for (const QJsonValue &b : message.value(u"content"_s).toArray()) {
            if (b.toObject().value(u"type"_s).toString() == u"tool_result")
                last = toolResultText(b.toObject().value(u"content"_s));
        }
    }
    return last;
}

QJsonValue argumentsAsInput(const QString &raw)
{
    const QJsonDocument doc = QJsonDocument::fromJson(raw.toUtf8());
    if (doc.isObject())
        return doc.object();
    return raw; // a deliberately malformed call keeps its text
}

struct Encoded
{
    QList<QPair<QByteArray, QJsonObject>> events; // streaming
    QJsonObject body;                             // non-streaming
    bool chatDone = false;
};

QString callId(const FakeToolCall &call, const QString &prefix, int n)
{
    return call.id.isEmpty() ? prefix % QString::number(n) : call.id;
}

Encoded encodeResponses(const FakeStep &step, const QString &text, const QString &model, int serial)
{
    Encoded out;
    const QString respId = u"resp_"_s % QString::number(serial);
    QJsonArray output;
    QJsonObject inProgress{{u"id"_s, respId},
                           {u"object"_s, u"response"_s},
                           {u"status"_s, u"in_progress"_s},
                           {u"model"_s, model},
                           {u"output"_s, QJsonArray()}};
    out.events.append(
        {"response.created", QJsonObject{{u"type"_s, u"response.created"_s}, {u"response"_s, inProgress}}});
    int index = 0;
    for (const QJsonValue &hosted : step.hostedItems) {
        out.events.append(
            {"response.output_item.added", QJsonObject{{u"type"_s, u"response.output_item.added"_s},
                                                       {u"output_index"_s, index},
                                                       {u"item"_s, hosted}}});
        out.events.append(
            {"response.output_item.done", QJsonObject{{u"type"_s, u"response.output_item.done"_s},
                                                      {u"output_index"_s, index},
                                                      {u"item"_s, hosted}}});
        output.append(hosted);
        ++index;
    }
    if (!text.isEmpty()) {
        const QString itemId = u"msg_"_s % QString::number(serial);
        QJsonObject item{{u"type"_s, u"message"_s},
                         {u"id"_s, itemId},
                         {u"role"_s, u"assistant"_s},
                         {u"status"_s, u"in_progress"_s},
                         {u"content"_s, QJsonArray()}};
        out.events.append(
            {"response.output_item.added", QJsonObject{{u"type"_s, u"response.output_item.added"_s},
                                                       {u"output_index"_s, index},
                                                       {u"item"_s, item}}});
        for (const QString &piece : splitInto(text, step.chunks))
            out.events.append(
                {"response.output_text.delta", QJsonObject{{u"type"_s, u"response.output_text.delta"_s},
                                                           {u"item_id"_s, itemId},
                                                           {u"output_index"_s, index},
                                                           {u"content_index"_s, 0},
                                                           {u"delta"_s, piece}}});
        out.events.append(
            {"response.output_text.done", QJsonObject{{u"type"_s, u"response.output_text.done"_s},
                                                      {u"item_id"_s, itemId},
                                                      {u"output_index"_s, index},
                                                      {u"content_index"_s, 0},
                                                      {u"text"_s, text}}});
        item.insert(u"status"_s, u"completed"_s);
        item.insert(u"content"_s,
                    QJsonArray{QJsonObject{
                        {u"type"_s, u"output_text"_s}, {u"text"_s, text}, {u"annotations"_s, QJsonArray()}}});
        out.events.append(
            {"response.output_item.done", QJsonObject{{u"type"_s, u"response.output_item.done"_s},
                                                      {u"output_index"_s, index},
                                                      {u"item"_s, item}}});
        output.append(item);
        ++index;
    }
    for (qsizetype i = 0; i < step.toolCalls.size(); ++i) {
        const FakeToolCall &call = step.toolCalls[i];
        const QString itemId = u"fc_"_s % QString::number(serial) % u'_' % QString::number(i);
        QJsonObject item{{u"type"_s, u"function_call"_s},
                         {u"id"_s, itemId},
                         {u"name"_s, call.name},
                         {u"arguments"_s, QString()},
                         {u"status"_s, u"in_progress"_s}};
        if (!step.omitIds)
            item.insert(u"call_id"_s, callId(call, u"call_"_s, serial * 10 + int(i)));
        out.events.append(
            {"response.output_item.added", QJsonObject{{u"type"_s, u"response.output_item.added"_s},
                                                       {u"output_index"_s, index},
                                                       {u"item"_s, item}}});
        for (const QString &piece : splitInto(call.arguments, step.chunks))
            out.events.append({"response.function_call_arguments.delta",
                               QJsonObject{{u"type"_s, u"response.function_call_arguments.delta"_s},
                                           {u"item_id"_s, itemId},
                                           {u"output_index"_s, index},
                                           {u"delta"_s, piece}}});
        out.events.append({"response.function_call_arguments.done",
                           QJsonObject{{u"type"_s, u"response.function_call_arguments.done"_s},
                                       {u"item_id"_s, itemId},
                                       {u"output_index"_s, index},
                                       {u"arguments"_s, call.arguments}}});
        item.insert(u"arguments"_s, call.arguments);
        item.insert(u"status"_s, u"completed"_s);
        out.events.append(
            {"response.output_item.done", QJsonObject{{u"type"_s, u"response.output_item.done"_s},
                                                      {u"output_index"_s, index},
                                                      {u"item"_s, item}}});
        output.append(item);
        ++index;
    }
    QJsonObject done{{u"id"_s, respId},
                     {u"object"_s, u"response"_s},
                     {u"status"_s, u"completed"_s},
                     {u"model"_s, model},
                     {u"output"_s, output},
                     {u"usage"_s, QJsonObject{{u"input_tokens"_s, step.inputTokens},
                                              {u"output_tokens"_s, step.outputTokens},
                                              {u"total_tokens"_s, step.inputTokens + step.outputTokens}}}};
    out.events.append(
        {"response.completed", QJsonObject{{u"type"_s, u"response.completed"_s}, {u"response"_s, done}}});
    int seq = 0;
    for (auto &event : out.events)
        event.second.insert(u"sequence_number"_s, seq++);
    out.body = done;
    return out;
}

Encoded encodeMessages(const FakeStep &step, const QString &text, const QString &model, int serial)
{
    Encoded out;
    const QString msgId = u"msg_"_s % QString::number(serial);
    const QString stop = step.toolCalls.isEmpty() ? u"end_turn"_s : u"tool_use"_s;
    QJsonArray content;
    out.events.append(
        {"message_start",
         QJsonObject{
             {u"type"_s, u"message_start"_s},
             {u"message"_s, QJsonObject{{u"id"_s, msgId},
                                        {u"type"_s, u"message"_s},
                                        {u"role"_s, u"assistant"_s},
                                        {u"model"_s, model},
                                        {u"content"_s, QJsonArray()},
                                        {u"stop_reason"_s, QJsonValue()},
                                        {u"usage"_s, QJsonObject{{u"input_tokens"_s, step.inputTokens},
                                                                 {u"output_tokens"_s, 1}}}}}}});
    out.events.append({"ping", QJsonObject{{u"type"_s, u"ping"_s}}});
    int index = 0;
    if (!text.isEmpty()) {
        out.events.append(
            {"content_block_start",
             QJsonObject{{u"type"_s, u"content_block_start"_s},
                         {u"index"_s, index},
                         {u"content_block"_s, QJsonObject{{u"type"_s, u"text"_s}, {u"text"_s, QString()}}}}});
        for (const QString &piece : splitInto(text, step.chunks))
            out.events.append(
                {"content_block_delta",
                 QJsonObject{{u"type"_s, u"content_block_delta"_s},
                             {u"index"_s, index},
                             {u"delta"_s, QJsonObject{{u"type"_s, u"text_delta"_s}, {u"text"_s, piece}}}}});
        out.events.append(
            {"content_block_stop", QJsonObject{{u"type"_s, u"content_block_stop"_s}, {u"index"_s, index}}});
        content.append(QJsonObject{{u"type"_s, u"text"_s}, {u"text"_s, text}});
        ++index;
    }
    for (qsizetype i = 0; i < step.toolCalls.size(); ++i) {
        const FakeToolCall &call = step.toolCalls[i];
        QJsonObject block{{u"type"_s, u"tool_use"_s}, {u"name"_s, call.name}, {u"input"_s, QJsonObject()}};
        if (!step.omitIds)
            block.insert(u"id"_s, callId(call, u"toolu_"_s, serial * 10 + int(i)));
        out.events.append({"content_block_start", QJsonObject{{u"type"_s, u"content_block_start"_s},
                                                              {u"index"_s, index},
                                                              {u"content_block"_s, block}}});
        for (const QString &piece : splitInto(call.arguments, step.chunks))
            out.events.append({"content_block_delta",
                               QJsonObject{{u"type"_s, u"content_block_delta"_s},
                                           {u"index"_s, index},
                                           {u"delta"_s, QJsonObject{{u"type"_s, u"input_json_delta"_s},
                                                                    {u"partial_json"_s, piece}}}}});
        out.events.append(
            {"content_block_stop", QJsonObject{{u"type"_s, u"content_block_stop"_s}, {u"index"_s, index}}});
        block.insert(u"input"_s, argumentsAsInput(call.arguments));
        content.append(block);
        ++index;
    }
    out.events.append(
        {"message_delta",
         QJsonObject{{u"type"_s, u"message_delta"_s},
                     {u"delta"_s, QJsonObject{{u"stop_reason"_s, stop}, {u"stop_sequence"_s, QJsonValue()}}},
                     {u"usage"_s, QJsonObject{{u"output_tokens"_s, step.outputTokens}}}}});
    out.events.append({"message_stop", QJsonObject{{u"type"_s, u"message_stop"_s}}});
    out.body = QJsonObject{{u"id"_s, msgId},
                           {u"type"_s, u"message"_s},
                           {u"role"_s, u"assistant"_s},
                           {u"model"_s, model},
                           {u"content"_s, content},
                           {u"stop_reason"_s, stop},
                           {u"stop_sequence"_s, QJsonValue()},
                           {u"usage"_s, QJsonObject{{u"input_tokens"_s, step.inputTokens},
                                                    {u"output_tokens"_s, step.outputTokens}}}};
    return out;
}

Encoded encodeChat(const FakeStep &step, const QString &text, const QString &model, int serial)
{
    Encoded out;
    out.chatDone = true;
    const QString id = u"chatcmpl-"_s % QString::number(serial);
    // Every field OpenAI sends, so SDKs that validate chunks (zod) see an ordinary upstream.
    const QString fingerprint = u"fp_fakeupstream"_s;
    auto chunk = [&](const QJsonObject &delta, const QJsonValue &finish) {
        return QJsonObject{
            {u"id"_s, id},
            {u"object"_s, u"chat.completion.chunk"_s},
            {u"created"_s, 1700000000},
            {u"model"_s, model},
            {u"system_fingerprint"_s, fingerprint},
            {u"choices"_s,
             QJsonArray{QJsonObject{{u"index"_s, 0}, {u"delta"_s, delta}, {u"finish_reason"_s, finish}}}}};
    };
    const QString finish = step.toolCalls.isEmpty() ? u"stop"_s : u"tool_calls"_s;
    out.events.append(
        {{}, chunk(QJsonObject{{u"role"_s, u"assistant"_s}, {u"content"_s, QString()}}, QJsonValue())});
    for (const QString &piece : splitInto(text, step.chunks))
        out.events.append({{}, chunk(QJsonObject{{u"content"_s, piece}}, QJsonValue())});
    QJsonArray calls;
    for (qsizetype i = 0; i < step.toolCalls.size(); ++i) {
        const FakeToolCall &call = step.toolCalls[i];
        QJsonObject first{{u"index"_s, int(i)},
                          {u"type"_s, u"function"_s},
                          {u"function"_s, QJsonObject{{u"name"_s, call.name}, {u"arguments"_s, QString()}}}};
        QJsonObject full{
            {u"type"_s, u"function"_s},
            {u"function"_s, QJsonObject{{u"name"_s, call.name}, {u"arguments"_s, call.arguments}}}};
        if (!step.omitIds) {
            const QString cid = callId(call, u"call_"_s, serial * 10 + int(i));
            first.insert(u"id"_s, cid);
            full.insert(u"id"_s, cid);
        }
        out.events.append({{}, chunk(QJsonObject{{u"tool_calls"_s, QJsonArray{first}}}, QJsonValue())});
        for (const QString &piece : splitInto(call.arguments, step.chunks))
            out.events.append(
                {{},
                 chunk(QJsonObject{{u"tool_calls"_s,
                                    QJsonArray{
                                        QJsonObject{{u"index"_s, int(i)},
                                                    {u"function"_s, QJsonObject{{u"arguments"_s, piece}}}}}}},
                       QJsonValue())});
        calls.append(full);
    }
    out.events.append({{}, chunk(QJsonObject(), finish)});
    const QJsonObject usage{{u"prompt_tokens"_s, step.inputTokens},
                            {u"completion_tokens"_s, step.outputTokens},
                            {u"total_tokens"_s, step.inputTokens + step.outputTokens}};
    out.events.append({{},
                       QJsonObject{{u"id"_s, id},
                                   {u"object"_s, u"chat.completion.chunk"_s},
                                   {u"created"_s, 1700000000},
                                   {u"model"_s, model},
                                   {u"system_fingerprint"_s, fingerprint},
                                   {u"choices"_s, QJsonArray()},
                                   {u"usage"_s, usage}}});
    QJsonObject message{{u"role"_s, u"assistant"_s},
                        {u"content"_s, text.isEmpty() ? QJsonValue() : QJsonValue(text)}};
    if (!calls.isEmpty())
        message.insert(u"tool_calls"_s, calls);
    out.body = QJsonObject{{u"id"_s, id},
                           {u"object"_s, u"chat.completion"_s},
                           {u"created"_s, 1700000000},
                           {u"model"_s, model},
                           {u"system_fingerprint"_s, fingerprint},
                           {u"choices"_s, QJsonArray{QJsonObject{{u"index"_s, 0},
                                                                 {u"message"_s, message},
                                                                 {u"logprobs"_s, QJsonValue()},
                                                                 {u"finish_reason"_s, finish}}}},
                           {u"usage"_s, usage}};
    return out;
}

QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 200:
        return "OK";
    case 400:
        return "Bad Request";
    case 404:
        return "Not Found";
    case 429:
        return "Too Many Requests";
    case 500:
        return "Internal Server Error";
    case 503:
        return "Service Unavailable";
    default:
        return "Status";
    }
}

} // namespace

FakeUpstream::FakeUpstream(QObject *parent)
    : QObject(parent)
    , m_server(new QTcpServer(this))
{
    connect(m_server, &QTcpServer::newConnection, this, &FakeUpstream::onNewConnection);
}

FakeUpstream::~FakeUpstream() = default;

bool FakeUpstream::listen(quint16 port)
{
    return m_server->listen(QHostAddress::LocalHost, port);
}

quint16 FakeUpstream::port() const
{
    return m_server->serverPort();
}

QUrl FakeUpstream::baseUrl() const
{
    return QUrl(u"http://127.0.0.1:%1/v1"_s.arg(port()));
}

bool FakeUpstream::addAsProvider(const QString &dataDir, const QString &workspace, const QString &api,
                                 const QString &name, QString *error) const
{
    QString problem;
    ProviderRegistry registry(dataDir, workspace);
    const std::optional<ProviderApi> format = providerApiFromName(api);
    bool ok = false;
    if (!format)
        problem = u"unknown API format %1"_s.arg(api);
    else if (registry.load(&problem)) {
        ProviderConfig config;
        config.name = name;
        config.api = *format;
        config.baseUrl = baseUrl();
        config.isDefault = true;
        ok = registry.add(config, &problem);
    }
    if (!ok && error)
        *error = problem;
    return ok;
}

void FakeUpstream::setScript(const QList<FakeStep> &steps)
{
    m_default = {steps, QList<int>(steps.size(), 0)};
}

void FakeUpstream::setScriptForModel(const QString &model, const QList<FakeStep> &steps)
{
    m_byModel.insert(model, {steps, QList<int>(steps.size(), 0)});
}

bool FakeUpstream::loadScript(const QByteArray &json, QString *error)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (doc.isNull()) {
        if (error)
            *error = parseError.errorString();
        return false;
    }
    auto parse = [error](const QJsonArray &array, QList<FakeStep> *steps) {
        for (const QJsonValue &v : array) {
            std::optional<FakeStep> step = FakeStep::fromJson(v.toObject(), error);
            if (!step)
                return false;
            steps->append(*step);
        }
        return true;
    };
    QList<FakeStep> steps;
    if (doc.isArray()) {
        if (!parse(doc.array(), &steps))
            return false;
        setScript(steps);
        return true;
    }
    if (!parse(doc.object().value(u"default"_s).toArray(), &steps))
        return false;
    setScript(steps);
    const QJsonObject models = doc.object().value(u"models"_s).toObject();
    for (auto it = models.constBegin(); it != models.constEnd(); ++it) {
        QList<FakeStep> modelSteps;
        if (!parse(it.value().toArray(), &modelSteps))
            return false;
        setScriptForModel(it.key(), modelSteps);
    }
    return true;
}

int FakeUpstream::remainingSteps(const QString &model) const
{
    const Script &script = m_byModel.contains(model) ? m_byModel[model] : m_default;
    int remaining = 0;
    for (qsizetype i = 0; i < script.steps.size(); ++i) {
        if (script.steps[i].times < 0 || script.used[i] < script.steps[i].times)
            ++remaining;
    }
    return remaining;
}

void FakeUpstream::setModels(const QStringList &ids)
{
    m_models = ids;
}

QList<RecordedRequest> FakeUpstream::modelRequests() const
{
    QList<RecordedRequest> out;
    for (const RecordedRequest &r : m_requests) {
        if (r.method == "POST" && r.api() != u"models" && !r.api().isEmpty())
            out.append(r);
    }
    return out;
}

std::optional<FakeStep> FakeUpstream::nextStep(const QString &model)
{
    Script &script = m_byModel.contains(model) ? m_byModel[model] : m_default;
    for (qsizetype i = 0; i < script.steps.size(); ++i) {
        const FakeStep &step = script.steps[i];
        if (step.times < 0)
            return step;
        if (script.used[i] < step.times) {
            ++script.used[i];
            return step;
        }
    }
    return std::nullopt;
}

void FakeUpstream::onNewConnection()
{
    while (QTcpSocket *socket = m_server->nextPendingConnection()) {
        socket->setParent(this);
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onReadyRead(socket); });
        connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
    }
}

void FakeUpstream::onReadyRead(QTcpSocket *socket)
{
    QByteArray buffer = socket->property("sb_buffer").toByteArray() + socket->readAll();
    if (socket->property("sb_handled").toBool())
        return;
    const qsizetype headerEnd = buffer.indexOf("\r\n\r\n");
    if (headerEnd < 0) {
        socket->setProperty("sb_buffer", buffer);
        return;
    }
    RecordedRequest request;
    const QList<QByteArray> lines = buffer.left(headerEnd).split('\n');
    const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
    request.method = requestLine.value(0);
    QString target = QString::fromUtf8(requestLine.value(1));
    request.path = target.section(u'?', 0, 0);
    qsizetype contentLength = 0;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const qsizetype colon = lines[i].indexOf(':');
        if (colon <= 0)
            continue;
        const QByteArray name = lines[i].left(colon).trimmed().toLower();
        const QByteArray value = lines[i].mid(colon + 1).trimmed();
        request.headers.insert(name, value);
        if (name == "content-length")
            contentLength = value.toLongLong();
    }
    if (buffer.size() < headerEnd + 4 + contentLength) {
        socket->setProperty("sb_buffer", buffer);
        return;
    }
    request.body = buffer.mid(headerEnd + 4, contentLength);
    socket->setProperty("sb_handled", true);
    socket->setProperty("sb_buffer", QByteArray());
    m_requests.append(request);
    Q_EMIT requestReceived(request);
    handle(socket, request);
}

void FakeUpstream::handle(QTcpSocket *socket, const RecordedRequest &request)
{
    const QString api = request.api();
    if (api == u"models" && request.method == "GET") {
        if (m_modelsStatus != 200) {
            writeSimple(
                socket, m_modelsStatus, "application/json",
                QJsonDocument(QJsonObject{{u"error"_s, QJsonObject{{u"message"_s, u"models unavailable"_s}}}})
                    .toJson(QJsonDocument::Compact));
            return;
        }
        QStringList ids = m_models;
        if (ids.isEmpty())
            ids = QStringList(m_byModel.keys()) << u"fake-model"_s;
        QJsonArray data;
        for (const QString &id : ids)
            data.append(QJsonObject{{u"id"_s, id},
                                    {u"object"_s, u"model"_s},
                                    {u"type"_s, u"model"_s},
                                    {u"created"_s, 1700000000},
                                    {u"owned_by"_s, u"fake"_s}});
        writeSimple(socket, 200, "application/json",
                    QJsonDocument(QJsonObject{{u"object"_s, u"list"_s}, {u"data"_s, data}})
                        .toJson(QJsonDocument::Compact));
        return;
    }
    if (request.method != "POST" || api.isEmpty() || api == u"models") {
        writeSimple(socket, 404, "application/json", R"({"error":{"message":"not found"}})");
        return;
    }
    const QJsonObject body = request.json();
    const QString model = body.value(u"model"_s).toString();
    const bool stream = body.value(u"stream"_s).toBool();
    const std::optional<FakeStep> step = nextStep(model);
    if (!step) {
        writeSimple(socket, 500, "application/json",
                    R"({"error":{"message":"FakeUpstream: script exhausted","type":"api_error"}})");
        return;
    }
    if (step->kind == FakeStep::Kind::Hang)
        return; // read the request, never answer
    if (step->kind == FakeStep::Kind::HttpError) {
        QByteArray errorBody = step->errorBody;
        if (errorBody.isEmpty()) {
            const QString message = u"FakeUpstream scripted HTTP %1"_s.arg(step->httpStatus);
            const QJsonObject error =
                api == u"messages"
                    ? QJsonObject{{u"type"_s, u"error"_s},
                                  {u"error"_s,
                                   QJsonObject{{u"type"_s, u"api_error"_s}, {u"message"_s, message}}}}
                    : QJsonObject{
                          {u"error"_s, QJsonObject{{u"message"_s, message}, {u"type"_s, u"server_error"_s}}}};
            errorBody = QJsonDocument(error).toJson(QJsonDocument::Compact);
        }
        QList<QByteArray> extra;
        if (step->retryAfterSeconds >= 0)
            extra.append("Retry-After: " + QByteArray::number(step->retryAfterSeconds));
        writeSimple(socket, step->httpStatus, "application/json", errorBody, extra);
        return;
    }
    QString text = step->text;
    if (text.contains(u"{{last_tool_result}}"))
        text.replace(u"{{last_tool_result}}"_s, lastToolResult(body));
    const int serial = ++m_counter;
    const Encoded encoded = api == u"responses"  ? encodeResponses(*step, text, model, serial)
                            : api == u"messages" ? encodeMessages(*step, text, model, serial)
                                                 : encodeChat(*step, text, model, serial);
    if (!stream) {
        writeSimple(socket, 200, "application/json",
                    QJsonDocument(encoded.body).toJson(QJsonDocument::Compact));
        return;
    }
    QList<QByteArray> events;
    for (const auto &[name, data] : encoded.events)
        events.append(sseEvent(name, data));
    if (encoded.chatDone)
        events.append(m_crlf ? QByteArray("data: [DONE]\r\n\r\n") : QByteArray("data: [DONE]\n\n"));
    writeStream(socket, events, step->stallAfterEvents);
}

QByteArray FakeUpstream::sseEvent(const QByteArray &name, const QJsonObject &data) const
{
    const QByteArray nl = m_crlf ? "\r\n" : "\n";
    QByteArray out;
    if (!name.isEmpty())
        out += "event: " + name + nl;
    out += "data: " + QJsonDocument(data).toJson(QJsonDocument::Compact) + nl + nl;
    return out;
}

void FakeUpstream::writeSimple(QTcpSocket *socket, int status, const QByteArray &contentType,
                               const QByteArray &body, const QList<QByteArray> &extraHeaders)
{
    QByteArray response = "HTTP/1.1 " + QByteArray::number(status) + ' ' + reasonPhrase(status) + "\r\n";
    response += "Content-Type: " + contentType + "\r\n";
    response += "Content-Length: " + QByteArray::number(body.size()) + "\r\n";
    for (const QByteArray &h : extraHeaders)
        response += h + "\r\n";
    response += "Connection: close\r\n\r\n" + body;
    socket->write(response);
    socket->disconnectFromHost();
}

void FakeUpstream::writeStream(QTcpSocket *socket, const QList<QByteArray> &events, int stallAfter)
{
    socket->write("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n"
                  "Connection: close\r\n\r\n");
    QList<QByteArray> pieces;
    for (qsizetype i = 0; i < events.size(); ++i) {
        if (stallAfter >= 0 && i >= stallAfter)
            break;
        if (m_splitWrites && events[i].size() > 1) {
            pieces.append(events[i].left(events[i].size() / 2));
            pieces.append(events[i].mid(events[i].size() / 2));
        } else {
            pieces.append(events[i]);
        }
    }
    const bool stall = stallAfter >= 0 && stallAfter < events.size();
    // One piece per event-loop turn (and a flush each time) so the client sees separate network reads.
    auto *timer = new QTimer(socket);
    timer->setInterval(m_splitWrites ? 5 : 0);
    QPointer<QTcpSocket> guard(socket);
    connect(timer, &QTimer::timeout, socket, [timer, guard, pieces, stall, at = qsizetype(0)]() mutable {
        if (!guard)
            return;
        if (at < pieces.size()) {
            guard->write(pieces[at++]);
            guard->flush();
            return;
        }
        timer->stop();
        if (!stall)
            guard->disconnectFromHost();
    });
    timer->start();
}
