// SPDX-License-Identifier: GPL-3.0-or-later
// MCP benchmark against baselines measured in the same run, interleaved so drift hits all alike:
//  (1) a shell call of `true` made directly through the engine (Container::run on a warm container);
//  (2) the same call as an MCP tools/call over stdio (`sandbench mcp --no-relay`, its own warm container),
//      and relayed (`sandbench mcp` on the workspace the in-process ApiServer serves: through its socket);
//  (3) the same call over Streamable HTTP (/mcp of an in-process ApiServer, on the container of (1));
//  (4) the Responses API's gateway overhead: a plain request through the gateway minus a direct loopback
//      round trip to the (scripted) upstream, as bench_server measures it.
// Targets: (2) - (1) <= 1 ms p50 (both ways); (3) - (1) <= (4) p50.
// Besides wall time, the CPU each kind of call costs this process (its event-loop thread, and all its threads
// until the next call: the request log's writer included) — steadier than wall time on a busy machine.
#include "fakeupstream.h"
#include "models/providerregistry.h"
#include "sandbox/container.h"
#include "sandbox/containermanager.h"
#include "sandbox/shellcall.h"
#include "server/apikeys.h"
#include "server/apiserver.h"
#include "workspace/workspace.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTimer>

#include <sys/resource.h>

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

void waitUntil(const std::function<bool()> &done)
{
    // Not QTest::qWaitFor: its sleep steps would dominate sub-millisecond differences.
    while (!done())
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
}

// One HTTP/1.1 POST on its own connection (Connection: close): the status, the headers and the body (an
// SSE stream is read to its end).
struct Reply
{
    int status = 0;
    QByteArray head;
    QByteArray body;
};

Reply post(quint16 port, const QByteArray &path, const QByteArray &headers, const QByteArray &body,
           double *ms)
{
    Reply reply;
    bool finished = false;
    QElapsedTimer t;
    t.start();
    auto *socket = new QTcpSocket;
    auto *buffer = new QByteArray;
    QObject::connect(socket, &QTcpSocket::connected, socket, [=] {
        socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
        socket->write("POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
                      headers + "Connection: close\r\nContent-Length: " + QByteArray::number(body.size()) +
                      "\r\n\r\n" + body);
    });
    QObject::connect(socket, &QTcpSocket::readyRead, socket, [=] { *buffer += socket->readAll(); });
    QObject::connect(socket, &QTcpSocket::disconnected, socket, [&, socket, buffer] {
        *buffer += socket->readAll();
        reply.status = buffer->mid(9, 3).toInt();
        const qsizetype split = buffer->indexOf("\r\n\r\n");
        reply.head = buffer->left(split);
        reply.body = buffer->mid(split + 4);
        delete buffer;
        socket->deleteLater();
        finished = true;
    });
    socket->connectToHost(QHostAddress::LocalHost, port);
    waitUntil([&] { return finished; });
    *ms = double(t.nsecsElapsed()) / 1e6;
    return reply;
}

// CPU time used so far, in ms: by the calling (event-loop) thread, and by the whole process.
struct Cpu
{
    double thread = 0;
    double process = 0;
};

Cpu cpuNow()
{
    const auto ms = [](const rusage &r) {
        return double(r.ru_utime.tv_sec + r.ru_stime.tv_sec) * 1e3 +
               double(r.ru_utime.tv_usec + r.ru_stime.tv_usec) / 1e3;
    };
    rusage thread{}, process{};
    getrusage(RUSAGE_THREAD, &thread);
    getrusage(RUSAGE_SELF, &process);
    return {ms(thread), ms(process)};
}

// Lets the containers get their next shell ready (a spare bash) before a measured call, so no call pays for
// the one before it.
void settle()
{
    bool done = false;
    QTimer::singleShot(15, [&] { done = true; });
    waitUntil([&] { return done; });
}

bool callEngine(Container *c, double *ms)
{
    ShellAction action;
    action.commands = {u"true"_s};
    QElapsedTimer t;
    t.start();
    ShellCall *call = c->run(action);
    bool done = false;
    QObject::connect(call, &ShellCall::finished, call, [&] { done = true; });
    waitUntil([&] { return done; });
    *ms = double(t.nsecsElapsed()) / 1e6;
    const bool ok = call->isCompleted() && call->results().size() == 1;
    call->deleteLater();
    return ok;
}

// The stdio server: one message a line each way.
class StdioClient
{
public:
    bool start(const QString &dataDir, const QStringList &args)
    {
        m_process.setProcessChannelMode(QProcess::SeparateChannels);
        m_process.setReadChannel(QProcess::StandardOutput);
        m_process.start(QStringLiteral(SANDBENCH_BENCH_BIN_DIR "/sandbench"),
                        QStringList{u"mcp"_s, u"--data-dir"_s, dataDir} + args);
        return m_process.waitForStarted();
    }
    QJsonObject request(const QJsonObject &message, double *ms = nullptr)
    {
        QElapsedTimer t;
        t.start();
        m_process.write(QJsonDocument(message).toJson(QJsonDocument::Compact) + '\n');
        const QJsonValue id = message.value(u"id"_s);
        for (;;) {
            // The event loop keeps running meanwhile: a relayed server is this process's own ApiServer.
            waitUntil(
                [this] { return m_process.canReadLine() || m_process.state() == QProcess::NotRunning; });
            if (!m_process.canReadLine())
                return {};
            const QJsonObject reply = QJsonDocument::fromJson(m_process.readLine()).object();
            if (reply.value(u"id"_s) == id) {
                if (ms)
                    *ms = double(t.nsecsElapsed()) / 1e6;
                return reply;
            }
        }
    }
    void stop()
    {
        m_process.closeWriteChannel();
        if (!m_process.waitForFinished(20000))
            m_process.kill();
    }

private:
    QProcess m_process;
};

QJsonObject initializeMessage(int id)
{
    return {{u"jsonrpc"_s, u"2.0"_s},
            {u"id"_s, id},
            {u"method"_s, u"initialize"_s},
            {u"params"_s, QJsonObject{{u"protocolVersion"_s, u"2025-11-25"_s},
                                      {u"capabilities"_s, QJsonObject()},
                                      {u"clientInfo"_s, QJsonObject{{u"name"_s, u"bench"_s}}}}}};
}

QJsonObject shellMessage(int id, const QString &container)
{
    QJsonObject args{{u"commands"_s, QJsonArray{u"true"_s}}};
    if (!container.isEmpty())
        args.insert(u"container_id"_s, container);
    return {{u"jsonrpc"_s, u"2.0"_s},
            {u"id"_s, id},
            {u"method"_s, u"tools/call"_s},
            {u"params"_s, QJsonObject{{u"name"_s, u"shell"_s}, {u"arguments"_s, args}}}};
}

// The result of an SSE or JSON answer to a tools/call.
QJsonObject resultOf(const Reply &reply)
{
    QByteArray json = reply.body;
    if (reply.head.toLower().contains("text/event-stream")) {
        const qsizetype at = reply.body.lastIndexOf("data: ");
        json = reply.body.mid(at + 6).trimmed();
    }
    return QJsonDocument::fromJson(json).object().value(u"result"_s).toObject();
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int runs = argc > 1 ? QByteArray(argv[1]).toInt() : 200;
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
    if (!registry.add(provider, &error))
        return fprintf(stderr, "%s\n", qPrintable(error)), 1;
    ApiKeys keys(dir.path());
    const QByteArray key = keys.create(u"default"_s, &error).value_or(QString()).toUtf8();
    Workspace workspace(dir.path(), u"default"_s);
    workspace.containers()->setPrewarm(true);
    ApiServer server(dir.path());
    server.setPrewarm(true);
    server.useWorkspace(&workspace);
    if (!server.listen(QHostAddress::LocalHost, 0, &error))
        return fprintf(stderr, "%s\n", qPrintable(error)), 1;
    const QByteArray auth = "Authorization: Bearer " + key + "\r\n";
    const QByteArray mcpHeaders = auth + "Accept: application/json, text/event-stream\r\n";

    // The engine's own container, warmed.
    Container *container = workspace.containers()->create(&error);
    if (!container)
        return fprintf(stderr, "%s\n", qPrintable(error)), 1;
    double ms = 0;
    for (int i = 0; i < 3; ++i)
        if (!callEngine(container, &ms))
            return fprintf(stderr, "the sandbox cannot run\n"), 1;

    // An HTTP MCP session on that container.
    const Reply init = post(server.port(), "/mcp", mcpHeaders,
                            QJsonDocument(initializeMessage(1)).toJson(QJsonDocument::Compact), &ms);
    QByteArray session;
    for (const QByteArray &line : init.head.split('\n'))
        if (line.toLower().startsWith("mcp-session-id:"))
            session = line.mid(15).trimmed();
    if (init.status != 200 || session.isEmpty())
        return fprintf(stderr, "MCP initialize over HTTP failed: %s\n", init.body.constData()), 1;
    const QByteArray sessionHeaders = mcpHeaders + "Mcp-Session-Id: " + session + "\r\n";

    // The stdio server, with a warm container of its own; and a relay to this process's engine (on the
    // container of (1)).
    StdioClient stdio;
    if (!stdio.start(dir.path(), {u"--workspace"_s, u"stdio"_s, u"--no-relay"_s}) ||
        stdio.request(initializeMessage(1)).isEmpty())
        return fprintf(stderr, "sandbench mcp did not start\n"), 1;
    const QJsonObject first = stdio.request(shellMessage(2, {})).value(u"result"_s).toObject();
    const QString stdioContainer = first.value(u"structuredContent"_s)[u"container_id"_s].toString();
    if (stdioContainer.isEmpty())
        return fprintf(stderr, "MCP shell over stdio failed\n"), 1;
    StdioClient relay;
    if (!relay.start(dir.path(), {u"--workspace"_s, u"default"_s}) ||
        relay.request(initializeMessage(1)).isEmpty())
        return fprintf(stderr, "sandbench mcp (relayed) did not start\n"), 1;

    QList<double> engine, overStdio, overRelay, overHttp, overHttpNoLog, direct, gateway;
    // CPU per call (thread, process), measured from its start to the start of the next measured call.
    QList<double> cpuEngineT, cpuEngineP, cpuHttpT, cpuHttpP, cpuQuietT, cpuQuietP, cpuGatewayT, cpuGatewayP,
        cpuDirectT, cpuDirectP;
    const auto cpuSince = [](const Cpu &from, QList<double> *thread, QList<double> *process) {
        const Cpu now = cpuNow();
        thread->append(now.thread - from.thread);
        process->append(now.process - from.process);
    };
    Cpu cpu;
    const QByteArray chatBody = R"({"model":"plain","messages":[{"role":"user","content":"hi"}]})";
    const QByteArray plainBody = R"({"model":"plain","input":"hi"})";
    int id = 10;
    for (int i = 0; i < runs; ++i) {
        settle();
        cpu = cpuNow();
        if (!callEngine(container, &ms))
            return fprintf(stderr, "engine call failed\n"), 1;
        engine.append(ms);
        settle();
        cpuSince(cpu, &cpuEngineT, &cpuEngineP);
        const QJsonObject viaStdio = stdio.request(shellMessage(++id, stdioContainer), &ms);
        if (viaStdio.value(u"result"_s)[u"isError"_s].toBool() || viaStdio.value(u"result"_s).isUndefined())
            return fprintf(stderr, "MCP stdio call failed\n"), 1;
        overStdio.append(ms);
        settle();
        const QJsonObject viaRelay = relay.request(shellMessage(++id, container->id()), &ms);
        if (viaRelay.value(u"result"_s)[u"isError"_s].toBool() || viaRelay.value(u"result"_s).isUndefined())
            return fprintf(stderr, "MCP relayed stdio call failed\n"), 1;
        overRelay.append(ms);
        // Over HTTP with the request log, and the same without it to show what the log costs a call; in
        // alternating order, so neither always follows the same kind of call.
        for (const bool logged : {i % 2 == 0, i % 2 != 0}) {
            server.setLoggingEnabled(logged);
            settle();
            cpu = cpuNow();
            const Reply viaHttp =
                post(server.port(), "/mcp", sessionHeaders,
                     QJsonDocument(shellMessage(++id, container->id())).toJson(QJsonDocument::Compact), &ms);
            if (viaHttp.status != 200 || resultOf(viaHttp).value(u"isError"_s).toBool() ||
                resultOf(viaHttp).isEmpty())
                return fprintf(stderr, "MCP HTTP call failed: %s\n", viaHttp.body.constData()), 1;
            (logged ? overHttp : overHttpNoLog).append(ms);
            settle();
            if (logged)
                cpuSince(cpu, &cpuHttpT, &cpuHttpP);
            else
                cpuSince(cpu, &cpuQuietT, &cpuQuietP);
        }
        server.setLoggingEnabled(true);
        // Every measured request starts from the same quiet loop as the calls above: a request right after
        // another finds the loop (and the CPU) awake, which would take that wake-up out of one side only.
        settle();
        cpu = cpuNow();
        if (post(fake.port(), "/v1/chat/completions", auth, chatBody, &ms).status != 200)
            return fprintf(stderr, "direct upstream request failed\n"), 1;
        direct.append(ms);
        settle();
        cpuSince(cpu, &cpuDirectT, &cpuDirectP);
        cpu = cpuNow();
        if (post(server.port(), "/api/v1/responses", auth, plainBody, &ms).status != 200)
            return fprintf(stderr, "gateway request failed\n"), 1;
        gateway.append(ms);
        settle();
        cpuSince(cpu, &cpuGatewayT, &cpuGatewayP);
    }
    stdio.stop();
    relay.stop();
    const double e50 = percentile(engine, 0.5);
    const double stdioAdded = percentile(overStdio, 0.5) - e50;
    const double relayAdded = percentile(overRelay, 0.5) - e50;
    const double httpAdded = percentile(overHttp, 0.5) - e50;
    const double gatewayOverhead = percentile(gateway, 0.5) - percentile(direct, 0.5);
    printf("shell `true` directly through the engine:  p50 %.3f ms, p99 %.3f ms (%d runs, warm container)\n",
           e50, percentile(engine, 0.99), runs);
    printf("  as MCP tools/call over stdio:            p50 %.3f ms, p99 %.3f ms -> adds p50 %.3f ms\n",
           percentile(overStdio, 0.5), percentile(overStdio, 0.99), stdioAdded);
    printf("  over stdio, relayed to a running engine:  p50 %.3f ms, p99 %.3f ms -> adds p50 %.3f ms\n",
           percentile(overRelay, 0.5), percentile(overRelay, 0.99), relayAdded);
    printf("  as MCP tools/call over Streamable HTTP:  p50 %.3f ms, p99 %.3f ms -> adds p50 %.3f ms\n",
           percentile(overHttp, 0.5), percentile(overHttp, 0.99), httpAdded);
    printf("    same, request log off:                p50 %.3f ms -> adds p50 %.3f ms\n",
           percentile(overHttpNoLog, 0.5), percentile(overHttpNoLog, 0.5) - e50);
    printf("Responses API gateway overhead:            p50 %.3f ms (gateway %.3f ms - direct upstream %.3f "
           "ms)\n",
           gatewayOverhead, percentile(gateway, 0.5), percentile(direct, 0.5));
    printf("CPU per call, p50 (event-loop thread / whole process until the next call): engine %.3f / %.3f "
           "ms; MCP over HTTP %.3f / %.3f ms, request log off %.3f / %.3f ms; Responses gateway request "
           "%.3f / %.3f ms, direct upstream request %.3f / %.3f ms\n",
           percentile(cpuEngineT, 0.5), percentile(cpuEngineP, 0.5), percentile(cpuHttpT, 0.5),
           percentile(cpuHttpP, 0.5), percentile(cpuQuietT, 0.5), percentile(cpuQuietP, 0.5),
           percentile(cpuGatewayT, 0.5), percentile(cpuGatewayP, 0.5), percentile(cpuDirectT, 0.5),
           percentile(cpuDirectP, 0.5));
    printf(
        "CPU added per call, p50 differences (event-loop thread): MCP over HTTP - engine %.3f ms; Responses "
        "gateway - direct upstream %.3f ms\n",
        percentile(cpuHttpT, 0.5) - percentile(cpuEngineT, 0.5),
        percentile(cpuGatewayT, 0.5) - percentile(cpuDirectT, 0.5));
    printf("verdict: stdio adds %.3f ms p50, relayed %.3f ms (target <= 1 ms): %s; HTTP adds %.3f ms p50 "
           "(target <= the "
           "Responses gateway overhead, %.3f ms): %s\n",
           stdioAdded, relayAdded, stdioAdded <= 1.0 && relayAdded <= 1.0 ? "met" : "MISSED", httpAdded,
           gatewayOverhead, httpAdded <= gatewayOverhead ? "met" : "MISSED");
    return 0;
}
