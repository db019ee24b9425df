// SPDX-License-Identifier: GPL-3.0-or-later
#include "gateway/otlpexporter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>

using namespace Qt::StringLiterals;

// A minimal OTLP/HTTP receiver on loopback: records each POST and answers with the queued statuses
// (200 when none are left), or never answers at all when silent.
class OtlpReceiver : public QObject
{
public:
    struct Request
    {
        QByteArray method;
        QByteArray path;
        QHash<QByteArray, QByteArray> headers; // lower-case names
        QByteArray body;
    };

    explicit OtlpReceiver(bool silent = false)
        : m_silent(silent)
    {
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection()) {
                ++connections;
                connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onData(socket); });
                connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            }
        });
    }
    bool listen() { return m_server.listen(QHostAddress::LocalHost); }
    QUrl url(const QString &path = {}) const
    {
        return QUrl(u"http://127.0.0.1:%1%2"_s.arg(m_server.serverPort()).arg(path));
    }

    QList<Request> requests;
    QList<int> statuses;
    int connections = 0;

private:
    void onData(QTcpSocket *socket)
    {
        QByteArray &buffer = m_buffers[socket];
        buffer += socket->readAll();
        const qsizetype headerEnd = buffer.indexOf("\r\n\r\n");
        if (headerEnd < 0)
            return;
        Request r;
        const QList<QByteArray> lines = buffer.left(headerEnd).split('\n');
        const QList<QByteArray> requestLine = lines.first().trimmed().split(' ');
        r.method = requestLine.value(0);
        r.path = requestLine.value(1);
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const qsizetype colon = lines.at(i).indexOf(':');
            if (colon > 0)
                r.headers.insert(lines.at(i).left(colon).trimmed().toLower(),
                                 lines.at(i).mid(colon + 1).trimmed());
        }
        const qsizetype length = r.headers.value("content-length").toLongLong();
        if (buffer.size() < headerEnd + 4 + length)
            return;
        r.body = buffer.mid(headerEnd + 4, length);
        buffer.remove(0, headerEnd + 4 + length);
        requests.append(r);
        if (m_silent)
            return;
        const int status = statuses.isEmpty() ? 200 : statuses.takeFirst();
        socket->write("HTTP/1.1 " + QByteArray::number(status) +
                      " X\r\nContent-Type: application/json\r\n"
                      "Content-Length: 2\r\n\r\n{}");
    }

    QTcpServer m_server;
    QHash<QTcpSocket *, QByteArray> m_buffers;
    bool m_silent;
};

class TestOtlpExporter final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void traceFromRequest();
    void exportsValidOtlp();
    void retriesThenSucceeds();
    void deadReceiver();
    void slowReceiver();
    void queueBound();

private:
    static RequestRecord sampleRequest();
    static void validateOtlp(const QByteArray &body, int expectedSpans);
};

RequestRecord TestOtlpExporter::sampleRequest()
{
    RequestRecord r;
    r.id = u"resp_42"_s;
    r.timeMs = 1'700'000'000'000;
    r.latencyMs = 5000;
    r.api = u"responses"_s;
    r.model = u"openai/gpt-x"_s;
    r.provider = u"openrouter"_s;
    r.inputTokens = 1500;
    r.outputTokens = 300;
    r.turns = {{u"openai/gpt-x"_s, r.timeMs, 1000, 1000, 100, u"tool_calls"_s},
               {u"openai/gpt-x"_s, r.timeMs + 3000, 2000, 500, 200, u"stop"_s}};
    ShellCallRecord call{u"call_7"_s, u"openrouter:shell"_s, u"ctr_1"_s, r.timeMs + 1000, 2000, {}};
    call.commands = {{u"ls"_s, u"a.csv\n"_s, {}, u"exit"_s, 0, r.timeMs + 1000, 10},
                     {u"false"_s, {}, {}, u"exit"_s, 1, r.timeMs + 1010, 5}};
    r.shellCalls.append(call);
    return r;
}

void TestOtlpExporter::traceFromRequest()
{
    const QList<OtlpSpan> spans = OtlpTrace::fromRequest(sampleRequest());
    QCOMPARE(spans.size(), 4);
    const OtlpSpan &root = spans.at(0);
    static const QRegularExpression hex32(u"^[0-9a-f]{32}$"_s);
    static const QRegularExpression hex16(u"^[0-9a-f]{16}$"_s);
    QVERIFY(hex32.match(QString::fromLatin1(root.traceId)).hasMatch());
    QVERIFY(root.parentSpanId.isEmpty());
    QCOMPARE(root.attribute(u"openinference.span.kind"_s).toString(), u"CHAIN"_s);
    QCOMPARE(root.startNs, 1'700'000'000'000LL * 1'000'000);
    QCOMPARE(root.endNs, 1'700'000'005'000LL * 1'000'000);
    QSet<QByteArray> ids;
    for (const OtlpSpan &s : spans) {
        QVERIFY(hex16.match(QString::fromLatin1(s.spanId)).hasMatch());
        QCOMPARE(s.traceId, root.traceId);
        ids.insert(s.spanId);
    }
    QCOMPARE(ids.size(), 4);
    QCOMPARE(spans.at(1).name, u"chat openai/gpt-x"_s);
    QCOMPARE(spans.at(1).parentSpanId, root.spanId);
    QCOMPARE(spans.at(1).attribute(u"gen_ai.operation.name"_s).toString(), u"chat"_s);
    QCOMPARE(spans.at(1).attribute(u"gen_ai.request.model"_s).toString(), u"openai/gpt-x"_s);
    QCOMPARE(spans.at(1).attribute(u"gen_ai.provider.name"_s).toString(), u"openrouter"_s);
    QCOMPARE(spans.at(1).attribute(u"gen_ai.usage.input_tokens"_s).toLongLong(), 1000);
    QCOMPARE(spans.at(2).attribute(u"gen_ai.usage.output_tokens"_s).toLongLong(), 200);
    QCOMPARE(spans.at(1).attribute(u"openinference.span.kind"_s).toString(), u"LLM"_s);
    const OtlpSpan &tool = spans.at(3);
    QCOMPARE(tool.name, u"execute_tool openrouter:shell"_s);
    QCOMPARE(tool.parentSpanId, root.spanId);
    QCOMPARE(tool.attribute(u"gen_ai.tool.name"_s).toString(), u"openrouter:shell"_s);
    QCOMPARE(tool.attribute(u"gen_ai.tool.call.id"_s).toString(), u"call_7"_s);
    QCOMPARE(tool.attribute(u"openinference.span.kind"_s).toString(), u"TOOL"_s);
    QCOMPARE(tool.events.size(), 2);
    QCOMPARE(tool.events.at(1).attributes.value(1).second.toInt(), 1); // exit code
}

void TestOtlpExporter::validateOtlp(const QByteArray &body, int expectedSpans)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &error);
    QVERIFY2(doc.isObject(), qPrintable(error.errorString()));
    const QJsonArray resourceSpans = doc.object().value(u"resourceSpans"_s).toArray();
    QCOMPARE(resourceSpans.size(), 1);
    const QJsonObject resource = resourceSpans.first().toObject().value(u"resource"_s).toObject();
    const QJsonArray resourceAttributes = resource.value(u"attributes"_s).toArray();
    QVERIFY(std::any_of(resourceAttributes.begin(), resourceAttributes.end(), [](const QJsonValue &a) {
        return a[u"key"_s] == u"service.name"_s && a[u"value"_s][u"stringValue"_s] == u"sandbench"_s;
    }));
    const QJsonArray scopeSpans = resourceSpans.first().toObject().value(u"scopeSpans"_s).toArray();
    QCOMPARE(scopeSpans.size(), 1);
    QVERIFY(!scopeSpans.first()[u"scope"_s][u"name"_s].toString().isEmpty());
    const QJsonArray spans = scopeSpans.first()[u"spans"_s].toArray();
    QCOMPARE(spans.size(), expectedSpans);
    static const QRegularExpression hex32(u"^[0-9a-f]{32}$"_s);
    static const QRegularExpression hex16(u"^[0-9a-f]{16}$"_s);
    static const QRegularExpression digits(u"^[0-9]+$"_s);
    QHash<QString, QString> traceOfSpan;
    for (const QJsonValue &v : spans) {
        const QJsonObject s = v.toObject();
        QVERIFY(hex32.match(s[u"traceId"_s].toString()).hasMatch());
        QVERIFY(hex16.match(s[u"spanId"_s].toString()).hasMatch());
        QVERIFY(!s[u"name"_s].toString().isEmpty());
        QVERIFY(s[u"kind"_s].toInt() >= 1 && s[u"kind"_s].toInt() <= 5);
        QVERIFY(digits.match(s[u"startTimeUnixNano"_s].toString()).hasMatch());
        QVERIFY(digits.match(s[u"endTimeUnixNano"_s].toString()).hasMatch());
        QVERIFY(s[u"endTimeUnixNano"_s].toString().toLongLong() >=
                s[u"startTimeUnixNano"_s].toString().toLongLong());
        for (const QJsonValue &a : s[u"attributes"_s].toArray()) {
            QVERIFY(!a[u"key"_s].toString().isEmpty());
            const QJsonObject value = a[u"value"_s].toObject();
            QCOMPARE(value.size(), 1);
            const QString type = value.keys().first();
            QVERIFY2(QStringList(
                         {u"stringValue"_s, u"intValue"_s, u"doubleValue"_s, u"boolValue"_s, u"arrayValue"_s})
                         .contains(type),
                     qPrintable(type));
            if (type == u"intValue"_s)
                QVERIFY(value[type].isString()); // 64-bit ints are strings in OTLP/JSON
        }
        traceOfSpan.insert(s[u"spanId"_s].toString(), s[u"traceId"_s].toString());
    }
    // Parent links: exactly one root per trace, every parent exists in the same trace.
    int roots = 0;
    for (const QJsonValue &v : spans) {
        const QString parent = v[u"parentSpanId"_s].toString();
        if (parent.isEmpty()) {
            ++roots;
            continue;
        }
        QVERIFY(traceOfSpan.contains(parent));
        QCOMPARE(traceOfSpan.value(parent), v[u"traceId"_s].toString());
    }
    QCOMPARE(roots, expectedSpans / 4);
}

void TestOtlpExporter::exportsValidOtlp()
{
    OtlpReceiver receiver;
    QVERIFY(receiver.listen());
    OtlpExporter exporter;
    exporter.setOptions({.maxQueuedSpans = 100, .maxBatchSpans = 100, .flushIntervalMs = 10});
    exporter.setDestinations(
        {{receiver.url(u"/langfuse/api/public/otel"_s), {{"Authorization", "Basic abc"}}},
         {receiver.url(u"/"_s), {{"x-custom", "1"}}}});
    QSignalSpy exported(&exporter, &OtlpExporter::batchExported);
    exporter.enqueue(sampleRequest());
    exporter.enqueue(sampleRequest());
    QTRY_COMPARE(receiver.requests.size(), 2);
    QTRY_COMPARE(exporter.exportedSpans(), 16);
    QCOMPARE(exporter.droppedSpans(), 0);
    QCOMPARE(exporter.queuedSpans(), 0);
    QSet<QByteArray> paths;
    for (const OtlpReceiver::Request &r : std::as_const(receiver.requests)) {
        QCOMPARE(r.method, "POST"_ba);
        QCOMPARE(r.headers.value("content-type"), "application/json"_ba);
        paths.insert(r.path);
        if (r.path.startsWith("/langfuse"))
            QCOMPARE(r.headers.value("authorization"), "Basic abc"_ba);
        else
            QCOMPARE(r.headers.value("x-custom"), "1"_ba);
        validateOtlp(r.body, 8);
        if (QTest::currentTestFailed())
            return;
    }
    QCOMPARE(paths, (QSet<QByteArray>{"/langfuse/api/public/otel/v1/traces", "/v1/traces"}));
}

void TestOtlpExporter::retriesThenSucceeds()
{
    OtlpReceiver receiver;
    QVERIFY(receiver.listen());
    receiver.statuses = {503, 429};
    OtlpExporter exporter;
    exporter.setOptions({.flushIntervalMs = 10, .maxRetries = 3, .initialBackoffMs = 20});
    exporter.setDestinations({{receiver.url(), {}}});
    exporter.enqueue(sampleRequest());
    QTRY_COMPARE(exporter.exportedSpans(), 4);
    QCOMPARE(receiver.requests.size(), 3);
    QCOMPARE(exporter.droppedSpans(), 0);

    receiver.statuses = {400}; // a client error is not retried
    exporter.enqueue(sampleRequest());
    QTRY_COMPARE(exporter.droppedSpans(), 4);
    QCOMPARE(receiver.requests.size(), 4);
}

void TestOtlpExporter::deadReceiver()
{
    QUrl dead;
    {
        OtlpReceiver probe;
        QVERIFY(probe.listen());
        dead = probe.url();
    } // closed: connections to this port are refused
    OtlpExporter exporter;
    exporter.setOptions({.flushIntervalMs = 10, .maxRetries = 2, .initialBackoffMs = 20});
    exporter.setDestinations({{dead, {}}});
    QSignalSpy dropped(&exporter, &OtlpExporter::spansDropped);
    for (int i = 0; i < 5; ++i)
        exporter.enqueue(sampleRequest());
    // enqueue() did no network work: everything is still queued and nothing has failed yet.
    QCOMPARE(exporter.queuedSpans(), 20);
    QCOMPARE(exporter.droppedSpans(), 0);
    QTRY_COMPARE(exporter.droppedSpans(), 20);
    qint64 signalled = 0;
    for (const auto &args : std::as_const(dropped))
        signalled += args.at(0).toLongLong();
    QCOMPARE(signalled, 20);
    QCOMPARE(exporter.exportedSpans(), 0);
}

void TestOtlpExporter::slowReceiver()
{
    OtlpReceiver receiver(/*silent=*/true);
    QVERIFY(receiver.listen());
    OtlpExporter exporter;
    exporter.setOptions(
        {.maxQueuedSpans = 8, .flushIntervalMs = 10, .maxRetries = 0, .requestTimeoutMs = 300});
    exporter.setDestinations({{receiver.url(), {}}});
    for (int i = 0; i < 3; ++i)
        exporter.enqueue(sampleRequest());
    QCOMPARE(exporter.droppedSpans(), 4); // 12 spans into a queue of 8
    QCOMPARE(exporter.queuedSpans(), 8);
    QTRY_VERIFY(!receiver.requests.isEmpty()); // the request did reach the receiver, which never answers
    QTRY_COMPARE_WITH_TIMEOUT(exporter.droppedSpans(), 12, 15'000);
    QCOMPARE(exporter.exportedSpans(), 0);
}

void TestOtlpExporter::queueBound()
{
    OtlpExporter exporter;
    exporter.setOptions({.maxQueuedSpans = 10, .flushIntervalMs = 60'000});
    exporter.setDestinations({{QUrl(u"http://127.0.0.1:9"_s), {}}, {QUrl(u"http://127.0.0.1:9"_s), {}}});
    for (int i = 0; i < 10; ++i)
        exporter.enqueue(sampleRequest());
    QCOMPARE(exporter.queuedSpans(), 20);
    QCOMPARE(exporter.droppedSpans(), 60); // 40 spans per destination, 10 kept
    exporter.setDestinations({});
    QCOMPARE(exporter.droppedSpans(), 80);
    QCOMPARE(exporter.queuedSpans(), 0);
}

QTEST_GUILESS_MAIN(TestOtlpExporter)
#include "test_otlpexporter.moc"
