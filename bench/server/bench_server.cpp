// SPDX-License-Identifier: GPL-3.0-or-later
// Local API benchmark against a baseline measured in the same run, with a scripted upstream that answers
// at once: (1) a direct loopback HTTP round trip to the upstream; (2) the gateway's own time per request
// beyond the commands' run time (p50, p99), without and with one shell call; (3) the request log's added
// latency (logging on vs off); (4) 200 concurrent requests.
#include "fakeupstream.h"
#include "models/plainhttp.h"
#include "models/providerregistry.h"
#include "server/apikeys.h"
#include "server/apiserver.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpSocket>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <functional>

using namespace Qt::StringLiterals;

namespace {

double percentile(QList<double> v, double p)
{
    std::sort(v.begin(), v.end());
    return v.isEmpty() ? 0 : v.at(std::min<qsizetype>(v.size() - 1, qsizetype(p * double(v.size()))));
}

// One HTTP/1.1 request on its own connection (Connection: close); calls done(status, body).
void request(quint16 port, const QByteArray &path, const QByteArray &key, const QByteArray &body,
             std::function<void(int, QByteArray)> done)
{
    auto *socket = new QTcpSocket;
    auto *buffer = new QByteArray;
    QObject::connect(socket, &QTcpSocket::connected, socket, [=] {
        socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
        socket->write("POST " + path +
                      " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                      "Authorization: Bearer " +
                      key + "\r\nConnection: close\r\nContent-Length: " + QByteArray::number(body.size()) +
                      "\r\n\r\n" + body);
    });
    QObject::connect(socket, &QTcpSocket::readyRead, socket, [=] { *buffer += socket->readAll(); });
    QObject::connect(socket, &QTcpSocket::disconnected, socket, [=] {
        *buffer += socket->readAll();
        const int status = buffer->mid(9, 3).toInt();
        const QByteArray payload = buffer->mid(buffer->indexOf("\r\n\r\n") + 4);
        delete buffer;
        socket->deleteLater();
        done(status, payload);
    });
    socket->connectToHost(QHostAddress::LocalHost, port);
}

bool runOne(quint16 port, const QByteArray &path, const QByteArray &key, const QByteArray &body, double *ms,
            QByteArray *out = nullptr)
{
    bool finished = false;
    int status = 0;
    QElapsedTimer t;
    t.start();
    request(port, path, key, body, [&](int s, const QByteArray &payload) {
        status = s;
        if (out)
            *out = payload;
        finished = true;
    });
    // Not QTest::qWaitFor: its sleep steps would dominate sub-millisecond round trips.
    while (!finished)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    *ms = double(t.nsecsElapsed()) / 1e6;
    return finished && status == 200;
}

double commandMs(const QByteArray &response)
{
    double total = 0;
    for (const QJsonValue &item : QJsonDocument::fromJson(response).object().value(u"output"_s).toArray())
        for (const QJsonValue &r : item.toObject().value(u"output"_s).toArray())
            total += r.toObject().value(u"duration_ms"_s).toDouble();
    return total;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int runs = argc > 1 ? QByteArray(argv[1]).toInt() : 200;
    // "plain": only the direct and gateway round trips (what a profiler run needs).
    const bool plainOnly = argc > 2 && QByteArray(argv[2]) == "plain";
    QTemporaryDir dir;
    FakeUpstream fake;
    fake.listen();
    fake.setScriptForModel(u"plain"_s, {FakeStep::answer(u"hi"_s).repeated(-1)});
    ProviderRegistry registry(dir.path(), u"default"_s);
    registry.load();
    ProviderConfig provider;
    provider.name = u"fake"_s;
    provider.api = ProviderApi::Chat;
    provider.baseUrl = fake.baseUrl();
    provider.isDefault = true;
    QString error;
    if (!registry.add(provider, &error)) {
        fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    ApiKeys keys(dir.path());
    const QByteArray key = keys.create(u"default"_s, &error).value_or(QString()).toUtf8();
    ApiServer server(dir.path());
    server.setPrewarm(true);
    if (!server.listen(QHostAddress::LocalHost, 0, &error)) {
        fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    const QByteArray chatBody = R"({"model":"plain","messages":[{"role":"user","content":"hi"}]})";
    const QByteArray plainBody = R"({"model":"plain","input":"hi"})";
    const QByteArray shellBody =
        R"({"model":"shell","input":"go","session_id":"bench","tools":[{"type":"openrouter:shell"}]})";

    // The gateway's upstream requests through the own HTTP client (models/plainhttp.h), interleaved with
    // the same request through QNetworkAccessManager alone (the client before it), so drift hits both.
    QList<double> direct, gateway, gatewayQnam, shellOverhead, shellTotal;
    for (int i = 0; i < runs; ++i) {
        double ms = 0;
        if (!runOne(fake.port(), "/v1/chat/completions", key, chatBody, &ms))
            return fprintf(stderr, "direct request failed\n"), 1;
        direct.append(ms);
        if (!runOne(server.port(), "/api/v1/responses", key, plainBody, &ms))
            return fprintf(stderr, "gateway request failed\n"), 1;
        gateway.append(ms);
        if (!plainOnly) {
            PlainHttp::setEnabled(false);
            const bool ok = runOne(server.port(), "/api/v1/responses", key, plainBody, &ms);
            PlainHttp::setEnabled(true);
            if (!ok)
                return fprintf(stderr, "gateway request (QNetworkAccessManager) failed\n"), 1;
            gatewayQnam.append(ms);
        }
    }
    const double overhead = percentile(gateway, 0.5) - percentile(direct, 0.5);
    auto verdict = [&] {
        printf("verdict: gateway overhead p50 %.3f ms beyond the direct upstream round trip %.3f ms "
               "(ratio %.2fx; target < 0.5 ms): %s\n",
               overhead, percentile(direct, 0.5), percentile(gateway, 0.5) / percentile(direct, 0.5),
               overhead < 0.5 ? "met" : "MISSED");
    };
    if (plainOnly) {
        verdict();
        return 0;
    }
    // Logging's added latency: the same plain request with the request log (and I/O logging) on and off,
    // interleaved so drift hits both equally.
    QList<double> logOn, logOff;
    for (int i = 0; i < 2 * runs; ++i) {
        const bool on = i % 2 == 0;
        server.setLoggingEnabled(on);
        double ms = 0;
        if (!runOne(server.port(), "/api/v1/responses", key, plainBody, &ms))
            return fprintf(stderr, "gateway request failed\n"), 1;
        (on ? logOn : logOff).append(ms);
    }
    server.setLoggingEnabled(true);

    // One shell call per request: the gateway makes two upstream round trips around the command.
    fake.setScriptForModel(
        u"shell"_s, {FakeStep::toolCall(u"shell"_s, QJsonObject{{u"commands"_s, QJsonArray{u"true"_s}}}),
                     FakeStep::answer(u"done"_s)});
    double warm = 0;
    runOne(server.port(), "/api/v1/responses", key, shellBody, &warm); // starts the container
    const int shellRuns = std::max(20, runs / 4);
    for (int i = 0; i < shellRuns; ++i) {
        fake.setScriptForModel(
            u"shell"_s, {FakeStep::toolCall(u"shell"_s, QJsonObject{{u"commands"_s, QJsonArray{u"true"_s}}}),
                         FakeStep::answer(u"done"_s)});
        double ms = 0;
        QByteArray out;
        if (!runOne(server.port(), "/api/v1/responses", key, shellBody, &ms, &out))
            return fprintf(stderr, "shell request failed: %s\n", out.constData()), 1;
        shellTotal.append(ms);
        // Results carry no duration, so the overhead includes the command itself (`true`, a few ms).
        shellOverhead.append(ms - commandMs(out) - 2 * percentile(direct, 0.5));
    }
    const double d50 = percentile(direct, 0.5), d99 = percentile(direct, 0.99);
    printf("direct loopback round trip to the upstream: p50 %.3f ms, p99 %.3f ms (%d runs)\n", d50, d99,
           runs);
    printf("gateway, no tool call (1 upstream turn):     p50 %.3f ms, p99 %.3f ms -> overhead p50 %.3f ms\n",
           percentile(gateway, 0.5), percentile(gateway, 0.99), percentile(gateway, 0.5) - d50);
    printf("  same, upstream via QNetworkAccessManager:  p50 %.3f ms, p99 %.3f ms -> overhead p50 %.3f ms "
           "(interleaved; the client before models/plainhttp)\n",
           percentile(gatewayQnam, 0.5), percentile(gatewayQnam, 0.99), percentile(gatewayQnam, 0.5) - d50);
    printf("request log on vs off (plain request):       p50 %.3f vs %.3f ms (+%.3f ms, target <= 1 ms), "
           "p99 %.3f vs %.3f ms\n",
           percentile(logOn, 0.5), percentile(logOff, 0.5), percentile(logOn, 0.5) - percentile(logOff, 0.5),
           percentile(logOn, 0.99), percentile(logOff, 0.99));
    printf("gateway, one shell call (2 upstream turns):  total p50 %.3f ms, p99 %.3f ms (%d runs, warm "
           "container)\n",
           percentile(shellTotal, 0.5), percentile(shellTotal, 0.99), shellRuns);
    printf("  minus 2 direct upstream round trips (%.3f ms): p50 %.3f ms, p99 %.3f ms "
           "(gateway + sandbox exec of `true`)\n",
           2 * d50, percentile(shellOverhead, 0.5), percentile(shellOverhead, 0.99));

    // 200 concurrent requests, each with a shell call, all in one session's container.
    const int concurrent = 200;
    // Each request has its own scripted model (a shell call, then the answer) so interleaving cannot mix
    // them.
    for (int i = 0; i < concurrent; ++i)
        fake.setScriptForModel(
            u"conc%1"_s.arg(i),
            {FakeStep::toolCall(u"shell"_s, QJsonObject{{u"commands"_s, QJsonArray{u"echo $RANDOM"_s}}}),
             FakeStep::answer(u"done"_s)});
    const QByteArray concBody =
        R"({"model":"conc","input":"go","session_id":"bench-conc","tools":[{"type":"openrouter:shell"}]})";
    int ok = 0, failed = 0;
    QElapsedTimer wall;
    wall.start();
    for (int i = 0; i < concurrent; ++i)
        request(server.port(), "/api/v1/responses", key,
                QByteArray(concBody).replace("\"conc\"", QByteArray("\"conc" + QByteArray::number(i) + '"')),
                [&](int status, const QByteArray &) { (status == 200 ? ok : failed)++; });
    while (ok + failed < concurrent)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    printf("%d concurrent requests with one shell call each: %d ok, %d errors, %.0f ms wall\n", concurrent,
           ok, failed, double(wall.elapsed()));
    printf("hosted figures (SPEC 7): about 2 s without a shell tool, 8-21 s with one shell call.\n");
    verdict();
    return failed == 0 && ok == concurrent ? 0 : 1;
}
