// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "requestrecord.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPair>
#include <QUrl>
#include <QVariant>

class QNetworkAccessManager;
class QTimer;

// One span in OTLP terms; attribute values may be QString, bool, integer or double.
struct OtlpSpan
{
    enum class Kind { Internal = 1, Server = 2, Client = 3 };
    struct Event
    {
        QString name;
        qint64 timeNs = 0;
        QList<QPair<QString, QVariant>> attributes;
    };
    QByteArray traceId;      // 32 lowercase hex digits
    QByteArray spanId;       // 16 lowercase hex digits
    QByteArray parentSpanId; // empty for the root
    QString name;
    Kind kind = Kind::Internal;
    qint64 startNs = 0; // unix nanoseconds
    qint64 endNs = 0;
    bool error = false;
    QString statusMessage;
    QList<QPair<QString, QVariant>> attributes;
    QList<Event> events;

    QVariant attribute(const QString &key) const;
};

// Turns a finished request into spans following the OpenTelemetry GenAI conventions: a root
// "invoke_agent sandbench" span (CHAIN), one "chat {model}" span per model turn (LLM) and one
// "execute_tool {tool}" span per shell call (TOOL) with an event per command.
class OtlpTrace
{
public:
    static QList<OtlpSpan> fromRequest(const RequestRecord &record);
    static QByteArray randomTraceId();
    static QByteArray randomSpanId();
    // The OTLP/HTTP JSON body (ExportTraceServiceRequest) for spans of one service.
    static QJsonObject toOtlpJson(const QList<OtlpSpan> &spans,
                                  const QString &serviceName = QStringLiteral("sandbench"));
};

struct OtlpDestination
{
    QUrl endpoint; // base URL; spans go to {endpoint}/v1/traces
    QList<QPair<QByteArray, QByteArray>> headers;
};

// Sends spans to any number of OTLP/HTTP JSON collectors without ever making its caller wait: enqueue() only
// appends to a bounded per-destination queue; batches go out from the event loop, are retried with
// exponential backoff, and whatever cannot be queued or delivered is counted as dropped.
class OtlpExporter : public QObject
{
    Q_OBJECT

public:
    struct Options
    {
        int maxQueuedSpans = 2048; // per destination; the oldest spans are dropped beyond it
        int maxBatchSpans = 256;
        int flushIntervalMs = 200;
        int maxRetries = 3;
        int initialBackoffMs = 500;
        int requestTimeoutMs = 10'000;
    };

    explicit OtlpExporter(QObject *parent = nullptr);
    ~OtlpExporter() override;

    void setOptions(const Options &options);
    void setDestinations(const QList<OtlpDestination> &destinations);
    QList<OtlpDestination> destinations() const;

    // Call from the exporter's thread. Constant time apart from copying the spans.
    void enqueue(const QList<OtlpSpan> &spans);
    void enqueue(const RequestRecord &record) { enqueue(OtlpTrace::fromRequest(record)); }

    qint64 droppedSpans() const { return m_dropped; }
    qint64 exportedSpans() const { return m_exported; }
    qint64 queuedSpans() const;

Q_SIGNALS:
    void spansDropped(qint64 count); // hook for RequestLog::addDroppedSpans
    void batchExported(const QUrl &endpoint, int spans);

private:
    struct Destination;
    void schedule(Destination *d, int delayMs);
    void send(Destination *d);
    void drop(Destination *d, qint64 count);

    Options m_options;
    QNetworkAccessManager *m_network;
    QList<Destination *> m_destinations;
    QList<Destination *> m_retired;
    qint64 m_dropped = 0;
    qint64 m_exported = 0;
};
