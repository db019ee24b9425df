// SPDX-License-Identifier: GPL-3.0-or-later
#include "otlpexporter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QRandomGenerator>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace {

constexpr qint64 kNsPerMs = 1'000'000;

QJsonObject anyValue(const QVariant &v)
{
    switch (v.typeId()) {
    case QMetaType::Bool:
        return {{u"boolValue"_s, v.toBool()}};
    case QMetaType::Int:
    case QMetaType::UInt:
    case QMetaType::LongLong:
    case QMetaType::ULongLong:
        // OTLP/JSON carries 64-bit integers as decimal strings.
        return {{u"intValue"_s, QString::number(v.toLongLong())}};
    case QMetaType::Double:
    case QMetaType::Float:
        return {{u"doubleValue"_s, v.toDouble()}};
    case QMetaType::QStringList: {
        QJsonArray values;
        for (const QString &s : v.toStringList())
            values.append(QJsonObject{{u"stringValue"_s, s}});
        return {{u"arrayValue"_s, QJsonObject{{u"values"_s, values}}}};
    }
    default:
        return {{u"stringValue"_s, v.toString()}};
    }
}

QJsonArray attributesJson(const QList<QPair<QString, QVariant>> &attributes)
{
    QJsonArray out;
    for (const auto &[key, value] : attributes)
        out.append(QJsonObject{{u"key"_s, key}, {u"value"_s, anyValue(value)}});
    return out;
}

QByteArray randomHex(int bytes)
{
    QByteArray raw(bytes, Qt::Uninitialized);
    do {
        for (char &c : raw)
            c = char(QRandomGenerator::global()->bounded(256));
    } while (raw.count('\0') == raw.size()); // all-zero ids are invalid in OTLP
    return raw.toHex();
}

} // namespace

QVariant OtlpSpan::attribute(const QString &key) const
{
    for (const auto &[k, v] : attributes) {
        if (k == key)
            return v;
    }
    return {};
}

QByteArray OtlpTrace::randomTraceId()
{
    return randomHex(16);
}

QByteArray OtlpTrace::randomSpanId()
{
    return randomHex(8);
}

QList<OtlpSpan> OtlpTrace::fromRequest(const RequestRecord &r)
{
    QList<OtlpSpan> spans;
    const QByteArray traceId = randomTraceId();
    const qint64 startNs = r.timeMs * kNsPerMs;
    const qint64 endNs = (r.timeMs + std::max<qint64>(r.latencyMs, 0)) * kNsPerMs;

    OtlpSpan root;
    root.traceId = traceId;
    root.spanId = randomSpanId();
    root.name = u"invoke_agent sandbench"_s;
    root.kind = OtlpSpan::Kind::Server;
    root.startNs = startNs;
    root.endNs = endNs;
    root.error = r.status >= 400;
    if (root.error)
        root.statusMessage = u"HTTP %1"_s.arg(r.status);
    root.attributes = {{u"gen_ai.operation.name"_s, u"invoke_agent"_s},
                       {u"gen_ai.agent.name"_s, u"sandbench"_s},
                       {u"gen_ai.system"_s, r.provider},
                       {u"gen_ai.provider.name"_s, r.provider},
                       {u"gen_ai.request.model"_s, r.model},
                       {u"gen_ai.usage.input_tokens"_s, r.inputTokens},
                       {u"gen_ai.usage.output_tokens"_s, r.outputTokens},
                       {u"openinference.span.kind"_s, u"CHAIN"_s},
                       {u"http.response.status_code"_s, r.status},
                       {u"sandbench.request.id"_s, r.id},
                       {u"sandbench.api"_s, r.api},
                       {u"sandbench.workspace"_s, r.workspace},
                       {u"sandbench.server_tool_cost"_s, r.serverToolCost},
                       {u"sandbench.container.ids"_s, r.containerIds},
                       {u"sandbench.guardrail.detections"_s, qint64(r.detections.size())}};
    for (const Detection &d : r.detections) {
        root.events.append({u"guardrail.detection"_s,
                            startNs,
                            {{u"sandbench.guardrail"_s, d.guardrail},
                             {u"sandbench.guardrail.action"_s, guardrailActionName(d.action)},
                             {u"sandbench.guardrail.family"_s, d.family},
                             {u"sandbench.guardrail.pattern"_s, d.patternId}}});
    }
    spans.append(root);

    QList<ModelTurnRecord> turns = r.turns;
    if (turns.isEmpty()) // a request without turn detail is still one model call
        turns.append({r.model, r.timeMs, r.latencyMs, r.inputTokens, r.outputTokens, {}});
    for (const ModelTurnRecord &t : std::as_const(turns)) {
        const QString model = t.model.isEmpty() ? r.model : t.model;
        OtlpSpan chat;
        chat.traceId = traceId;
        chat.spanId = randomSpanId();
        chat.parentSpanId = root.spanId;
        chat.name = u"chat "_s % model;
        chat.kind = OtlpSpan::Kind::Client;
        chat.startNs = t.startMs * kNsPerMs;
        chat.endNs = (t.startMs + t.durationMs) * kNsPerMs;
        chat.attributes = {{u"gen_ai.operation.name"_s, u"chat"_s},
                           {u"gen_ai.system"_s, r.provider},
                           {u"gen_ai.provider.name"_s, r.provider},
                           {u"gen_ai.request.model"_s, model},
                           {u"gen_ai.response.model"_s, model},
                           {u"gen_ai.usage.input_tokens"_s, t.inputTokens},
                           {u"gen_ai.usage.output_tokens"_s, t.outputTokens},
                           {u"openinference.span.kind"_s, u"LLM"_s},
                           {u"llm.model_name"_s, model},
                           {u"llm.provider"_s, r.provider},
                           {u"llm.token_count.prompt"_s, t.inputTokens},
                           {u"llm.token_count.completion"_s, t.outputTokens}};
        if (!t.finishReason.isEmpty())
            chat.attributes.append({u"gen_ai.response.finish_reasons"_s, QStringList{t.finishReason}});
        spans.append(chat);
    }

    for (const ShellCallRecord &c : r.shellCalls) {
        OtlpSpan tool;
        tool.traceId = traceId;
        tool.spanId = randomSpanId();
        tool.parentSpanId = root.spanId;
        tool.name = u"execute_tool "_s % c.tool;
        tool.startNs = c.startMs * kNsPerMs;
        tool.endNs = (c.startMs + c.durationMs) * kNsPerMs;
        tool.attributes = {{u"gen_ai.operation.name"_s, u"execute_tool"_s},
                           {u"gen_ai.tool.name"_s, c.tool},
                           {u"gen_ai.tool.call.id"_s, c.callId},
                           {u"gen_ai.tool.type"_s, u"extension"_s},
                           {u"openinference.span.kind"_s, u"TOOL"_s},
                           {u"tool.name"_s, c.tool},
                           {u"sandbench.container.id"_s, c.containerId},
                           {u"sandbench.commands"_s, qint64(c.commands.size())}};
        for (const CommandRecord &cmd : c.commands) {
            OtlpSpan::Event e{u"command"_s,
                              (cmd.startMs ? cmd.startMs : c.startMs) * kNsPerMs,
                              {{u"sandbench.command.outcome"_s, cmd.outcome},
                               {u"sandbench.command.exit_code"_s, cmd.exitCode},
                               {u"sandbench.command.duration_ms"_s, cmd.durationMs}}};
            if (!cmd.command.isEmpty()) // absent when input & output logging is off
                e.attributes.append({u"sandbench.command"_s, cmd.command});
            tool.events.append(e);
            if (cmd.outcome == u"timeout"_s) {
                tool.error = true;
                tool.statusMessage = u"command timed out"_s;
            }
        }
        spans.append(tool);
    }
    return spans;
}

QJsonObject OtlpTrace::toOtlpJson(const QList<OtlpSpan> &spans, const QString &serviceName)
{
    QJsonArray spansJson;
    for (const OtlpSpan &s : spans) {
        QJsonObject o{{u"traceId"_s, QString::fromLatin1(s.traceId)},
                      {u"spanId"_s, QString::fromLatin1(s.spanId)},
                      {u"name"_s, s.name},
                      {u"kind"_s, int(s.kind)},
                      {u"startTimeUnixNano"_s, QString::number(s.startNs)},
                      {u"endTimeUnixNano"_s, QString::number(s.endNs)},
                      {u"attributes"_s, attributesJson(s.attributes)}};
        if (!s.parentSpanId.isEmpty())
            o.insert(u"parentSpanId"_s, QString::fromLatin1(s.parentSpanId));
        if (!s.events.isEmpty()) {
            QJsonArray events;
            for (const OtlpSpan::Event &e : s.events) {
                events.append(QJsonObject{{u"name"_s, e.name},
                                          {u"timeUnixNano"_s, QString::number(e.timeNs)},
                                          {u"attributes"_s, attributesJson(e.attributes)}});
            }
            o.insert(u"events"_s, events);
        }
        QJsonObject status{{u"code"_s, s.error ? 2 : 1}};
        if (!s.statusMessage.isEmpty())
            status.insert(u"message"_s, s.statusMessage);
        o.insert(u"status"_s, status);
        spansJson.append(o);
    }
    const QJsonObject resource{
        {u"attributes"_s, attributesJson({{u"service.name"_s, serviceName},
                                          {u"service.version"_s, QStringLiteral(SANDBENCH_VERSION)}})}};
    const QJsonObject scope{{u"name"_s, u"sandbench.gateway"_s},
                            {u"version"_s, QStringLiteral(SANDBENCH_VERSION)}};
    return {{u"resourceSpans"_s,
             QJsonArray{QJsonObject{
                 {u"resource"_s, resource},
                 {u"scopeSpans"_s, QJsonArray{QJsonObject{{u"scope"_s, scope}, {u"spans"_s, spansJson}}}}}}}};
}

struct OtlpExporter::Destination
{
    OtlpDestination config;
    QList<OtlpSpan> queue;
    QList<OtlpSpan> batch; // being sent, or waiting for a retry
    int attempt = 0;
    bool inFlight = false;
    QTimer *timer = nullptr;
};

OtlpExporter::OtlpExporter(QObject *parent)
    : QObject(parent)
    , m_network(new QNetworkAccessManager(this))
{}

OtlpExporter::~OtlpExporter()
{
    const auto replies = m_network->findChildren<QNetworkReply *>();
    for (QNetworkReply *reply : replies) {
        reply->disconnect(this);
        reply->abort();
    }
    qDeleteAll(m_destinations);
    qDeleteAll(m_retired);
}

void OtlpExporter::setOptions(const Options &options)
{
    m_options = options;
}

void OtlpExporter::setDestinations(const QList<OtlpDestination> &destinations)
{
    for (Destination *d : std::as_const(m_destinations)) {
        delete d->timer;
        d->timer = nullptr;
        drop(d, d->queue.size() + (d->inFlight ? 0 : d->batch.size()));
        d->queue.clear();
        if (!d->inFlight)
            d->batch.clear();
    }
    // A request still out references its Destination, so removed ones live until the exporter goes.
    m_retired += m_destinations;
    m_destinations.clear();
    for (const OtlpDestination &config : destinations) {
        auto *d = new Destination;
        d->config = config;
        d->timer = new QTimer(this);
        d->timer->setSingleShot(true);
        connect(d->timer, &QTimer::timeout, this, [this, d] { send(d); });
        m_destinations.append(d);
    }
}

QList<OtlpDestination> OtlpExporter::destinations() const
{
    QList<OtlpDestination> out;
    for (const Destination *d : m_destinations)
        out.append(d->config);
    return out;
}

qint64 OtlpExporter::queuedSpans() const
{
    qint64 n = 0;
    for (const Destination *d : m_destinations)
        n += d->queue.size() + d->batch.size();
    return n;
}

void OtlpExporter::drop(Destination *, qint64 count)
{
    if (count <= 0)
        return;
    m_dropped += count;
    Q_EMIT spansDropped(count);
}

void OtlpExporter::enqueue(const QList<OtlpSpan> &spans)
{
    for (Destination *d : std::as_const(m_destinations)) {
        d->queue += spans;
        const qsizetype excess = d->queue.size() - m_options.maxQueuedSpans;
        if (excess > 0) {
            d->queue.remove(0, excess);
            drop(d, excess);
        }
        if (!d->inFlight && !d->timer->isActive())
            schedule(d, d->queue.size() >= m_options.maxBatchSpans ? 0 : m_options.flushIntervalMs);
    }
}

void OtlpExporter::schedule(Destination *d, int delayMs)
{
    if (d->timer)
        d->timer->start(delayMs);
}

void OtlpExporter::send(Destination *d)
{
    if (d->inFlight)
        return;
    if (d->batch.isEmpty()) {
        const qsizetype n = std::min<qsizetype>(d->queue.size(), m_options.maxBatchSpans);
        d->batch = d->queue.mid(0, n);
        d->queue.remove(0, n);
        d->attempt = 0;
    }
    if (d->batch.isEmpty())
        return;

    QUrl url = d->config.endpoint;
    QString path = url.path();
    while (path.endsWith(u'/'))
        path.chop(1);
    url.setPath(path + u"/v1/traces"_s);
    QNetworkRequest request(url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, "application/json"_ba);
    for (const auto &[name, value] : d->config.headers)
        request.setRawHeader(name, value);
    request.setTransferTimeout(m_options.requestTimeoutMs);
    const QByteArray body = QJsonDocument(OtlpTrace::toOtlpJson(d->batch)).toJson(QJsonDocument::Compact);
    d->inFlight = true;
    QNetworkReply *reply = m_network->post(request, body);
    connect(reply, &QNetworkReply::finished, this, [this, d, reply] {
        reply->deleteLater();
        d->inFlight = false;
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        if (!d->timer) { // destination removed while the request was out
            drop(d, d->batch.size());
            d->batch.clear();
            return;
        }
        if (reply->error() == QNetworkReply::NoError && status >= 200 && status < 300) {
            m_exported += d->batch.size();
            Q_EMIT batchExported(d->config.endpoint, int(d->batch.size()));
            d->batch.clear();
            if (!d->queue.isEmpty())
                schedule(d, 0);
            return;
        }
        // Connection failures, timeouts, 408, 429 and 5xx may pass; other 4xx will not.
        const bool retryable = status == 0 || status == 408 || status == 429 || status >= 500;
        if (retryable && d->attempt < m_options.maxRetries) {
            ++d->attempt;
            schedule(d, m_options.initialBackoffMs << std::min(d->attempt - 1, 10));
            return;
        }
        drop(d, d->batch.size());
        d->batch.clear();
        if (!d->queue.isEmpty())
            schedule(d, m_options.flushIntervalMs);
    });
}
