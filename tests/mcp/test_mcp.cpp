// SPDX-License-Identifier: GPL-3.0-or-later
#include "config-sandbench-tests.h"
#include "support/clirun.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <cstring>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

// Sandbench as an MCP server (issue 30) with real clients: the official SDKs (tests/npm/mcp_sdk.mjs) over
// stdio (`sandbench mcp`) and Streamable HTTP (/mcp of a real `sandbench serve`): tools, state across calls,
// progress with live output, cancellation, resources, elicitation allow/deny, bad input; and the stdio
// transport driven byte by byte (JSON-RPC errors, an oversized line, a clean stdout, exit at end of input).
// While `serve` serves a workspace, `sandbench mcp` relays to it (its socket, same user only).
class TestMcp final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void sdk_data();
    void sdk();
    void stdioSpeaksOnlyProtocol();
    void stdioOversizedLineIsRefused();
    void callsAreInTheRequestLog();
    void helpHasAnExample();
    void serveStopsWhileACallRuns();
    void stdioEndsWhileACallRuns_data();
    void stdioEndsWhileACallRuns();
    void relayOnlyToTheUsersOwnEngine_data();
    void relayOnlyToTheUsersOwnEngine();
    void twoRelaysShareOneHistory();
    void relayEndsWhenTheEngineStops();
    void statelessRevision_data();
    void statelessRevision();
    void statelessRevisionRefusesOtherVersions();

private:
    int runNode(const QProcessEnvironment &extra, QByteArray *out);
    // Writes input, waits for expected messages (a running call is cancelled when input ends), then ends
    // input.
    QList<QJsonObject> runStdio(const QByteArray &input, int expected, QByteArray *stderrOut = nullptr,
                                int *exitCode = nullptr);

    QTemporaryDir m_dir;
    QProcess m_server;
    quint16 m_port = 0;
    QString m_key;
    QString m_otherKey;
    QString m_askKey;
};

void TestMcp::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QByteArray out;
    if (runSandbench(m_dir.path(), {u"doctor"_s}, &out) != 0)
        QSKIP("sandboxes cannot run on this machine (sandbench doctor fails)");
    QCOMPARE(runSandbench(m_dir.path(), {u"keys"_s, u"create"_s}, &out), 0);
    m_key = QString::fromUtf8(out.trimmed());
    QCOMPARE(runSandbench(m_dir.path(), {u"keys"_s, u"create"_s, u"--workspace"_s, u"other"_s}, &out), 0);
    m_otherKey = QString::fromUtf8(out.trimmed());
    // A workspace whose calls each ask a person: the client answers by elicitation.
    QCOMPARE(runSandbench(m_dir.path(), {u"approvals"_s, u"mode"_s, u"ask"_s, u"--workspace"_s, u"ask"_s}),
             0);
    QCOMPARE(runSandbench(m_dir.path(), {u"keys"_s, u"create"_s, u"--workspace"_s, u"ask"_s}, &out), 0);
    m_askKey = QString::fromUtf8(out.trimmed());
    m_server.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_server.setStandardInputFile(QProcess::nullDevice());
    m_server.start(QStringLiteral(SANDBENCH_BIN_DIR "/sandbench"),
                   {u"serve"_s, u"--port"_s, u"0"_s, u"--data-dir"_s, m_dir.path()});
    QVERIFY(m_server.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(m_server.canReadLine(), 30000);
    const QRegularExpressionMatch m =
        QRegularExpression(u":(\\d+)/api/v1"_s).match(QString::fromUtf8(m_server.readLine()));
    QVERIFY(m.hasMatch());
    m_port = quint16(m.captured(1).toUInt());
    if (!QFileInfo::exists(QStringLiteral(SANDBENCH_NPM_DIR "/node_modules/@modelcontextprotocol/sdk")))
        qWarning("tests/npm has no node_modules: run npm ci --prefix tests/npm");
}

void TestMcp::cleanupTestCase()
{
    if (m_server.state() != QProcess::NotRunning) {
        m_server.terminate();
        if (!m_server.waitForFinished(20000))
            m_server.kill();
    }
}

int TestMcp::runNode(const QProcessEnvironment &extra, QByteArray *out)
{
    QProcess node;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(extra);
    node.setProcessEnvironment(env);
    node.setWorkingDirectory(QStringLiteral(SANDBENCH_NPM_DIR));
    node.setProcessChannelMode(QProcess::MergedChannels);
    node.start(u"node"_s, {u"mcp_sdk.mjs"_s});
    if (!node.waitForStarted())
        return -1;
    if (!QTest::qWaitFor([&] { return node.state() == QProcess::NotRunning; }, 300000)) {
        node.kill();
        node.waitForFinished();
    }
    *out = node.readAll();
    return node.exitStatus() == QProcess::NormalExit ? node.exitCode() : -1;
}

void TestMcp::sdk_data()
{
    QTest::addColumn<QString>("sdk");
    QTest::addColumn<QString>("transport");
    QTest::addColumn<QString>("part");
    for (const QString &sdk : {u"v1"_s, u"v2"_s})
        for (const QString &transport : {u"stdio"_s, u"stdio-own"_s, u"http"_s})
            for (const QString &part : {u"main"_s, u"approvals"_s})
                QTest::addRow("%s-%s-%s", qPrintable(sdk), qPrintable(transport), qPrintable(part))
                    << sdk << transport << part;
}

void TestMcp::sdk()
{
    QFETCH(QString, sdk);
    QFETCH(QString, transport);
    QFETCH(QString, part);
    const bool approvals = part == u"approvals";
    QProcessEnvironment env;
    env.insert(u"MCP_SDK"_s, sdk);
    env.insert(u"MCP_TRANSPORT"_s, transport);
    env.insert(u"MCP_PART"_s, part);
    env.insert(u"SANDBENCH_BIN"_s, QStringLiteral(SANDBENCH_BIN_DIR "/sandbench"));
    env.insert(u"SANDBENCH_DATA_DIR"_s, m_dir.path());
    env.insert(u"SANDBENCH_WORKSPACE"_s, approvals ? u"ask"_s : u"default"_s);
    env.insert(u"SANDBENCH_URL"_s, u"http://127.0.0.1:%1/mcp"_s.arg(m_port));
    env.insert(u"SANDBENCH_KEY"_s, approvals ? m_askKey : m_key);
    env.insert(u"SANDBENCH_OTHER_KEY"_s, m_otherKey);
    QByteArray out;
    const int code = runNode(env, &out);
    if (code != 0)
        qWarning("%s", out.constData());
    QCOMPARE(code, 0);
    const QByteArray okLine = QByteArray("OK mcp ") + sdk.toLatin1() + " " + transport.toLatin1();
    QVERIFY2(out.contains(okLine), out.constData());
    QVERIFY(!out.contains("FAIL "));
    // `serve` serves the workspace, so `sandbench mcp` relays to it unless told not to (its stderr is in
    // out).
    if (transport == u"stdio")
        QVERIFY2(out.contains("relaying to the engine") && !out.contains("in this process"), out.constData());
    if (transport == u"stdio-own")
        QVERIFY2(out.contains("in this process") && !out.contains("relaying"), out.constData());
}

QList<QJsonObject> TestMcp::runStdio(const QByteArray &input, int expected, QByteArray *stderrOut,
                                     int *exitCode)
{
    QProcess p;
    p.start(QStringLiteral(SANDBENCH_BIN_DIR "/sandbench"),
            {u"mcp"_s, u"--data-dir"_s, m_dir.path(), u"--workspace"_s, u"stdio"_s});
    if (!p.waitForStarted())
        return {};
    p.write(input);
    QByteArray output;
    QTest::qWaitFor(
        [&] {
            output += p.readAllStandardOutput();
            return output.count('\n') >= expected || p.state() == QProcess::NotRunning;
        },
        120000);
    p.closeWriteChannel();
    if (!p.waitForFinished(120000))
        p.kill();
    if (stderrOut)
        *stderrOut = p.readAllStandardError();
    if (exitCode)
        *exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    QList<QJsonObject> messages;
    output += p.readAllStandardOutput();
    for (const QByteArray &line : output.split('\n')) {
        if (line.isEmpty())
            continue;
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(line, &error);
        // Every line on stdout is a JSON-RPC message; anything else breaks the client.
        if (error.error != QJsonParseError::NoError || !doc.isObject() ||
            doc.object().value(u"jsonrpc"_s) != u"2.0"_s) {
            qWarning("not a protocol message on stdout: %s", line.left(200).constData());
            return {};
        }
        messages.append(doc.object());
    }
    return messages;
}

void TestMcp::stdioSpeaksOnlyProtocol()
{
    const QByteArray input =
        R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2099-01-01","capabilities":{},"clientInfo":{"name":"raw\u0007client","version":"1"}}})"
        "\n"
        "{not json\n"
        R"({"jsonrpc":"2.0","id":2,"method":"nope"})"
        "\n"
        R"([{"jsonrpc":"2.0","id":3,"method":"ping"}])"
        "\n"
        R"({"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"shell","arguments":{"commands":["echo to-stdout; echo to-stderr >&2"]}}})"
        "\n"
        R"({"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"shell","arguments":"x"}})"
        "\n"
        R"({"jsonrpc":"2.0","id":true,"method":"ping"})"
        "\n"
        R"({"jsonrpc":"2.0","id":6,"method":"ping"})"; // no newline before the end of input
    QByteArray err;
    int code = -1;
    const QList<QJsonObject> messages = runStdio(input, 7, &err, &code); // the last comes at the end of input
    QCOMPARE(code, 0);
    QCOMPARE(messages.size(), 8);
    QHash<QString, QJsonObject> byId;
    QList<QJsonObject> withoutId;
    for (const QJsonObject &m : messages) {
        if (m.value(u"id"_s).isNull())
            withoutId.append(m);
        else
            byId.insert(QString::number(m.value(u"id"_s).toInt()), m);
    }
    // An unknown version is answered with the newest this server speaks.
    QCOMPARE(byId.value(u"1"_s).value(u"result"_s)[u"protocolVersion"_s].toString(), u"2025-11-25"_s);
    QCOMPARE(byId.value(u"2"_s).value(u"error"_s)[u"code"_s].toInt(), -32601);
    QCOMPARE(byId.value(u"5"_s).value(u"error"_s)[u"code"_s].toInt(), -32602);
    QCOMPARE(byId.value(u"6"_s).value(u"result"_s).toObject(), QJsonObject());
    const QJsonObject call = byId.value(u"4"_s).value(u"result"_s).toObject();
    QCOMPARE(call.value(u"structuredContent"_s)[u"output"_s][0][u"stdout"_s].toString(), u"to-stdout\n"_s);
    QCOMPARE(call.value(u"structuredContent"_s)[u"output"_s][0][u"stderr"_s].toString(), u"to-stderr\n"_s);
    // Parse error, batch and a bad id: errors with id null.
    QStringList codes;
    for (const QJsonObject &m : std::as_const(withoutId))
        codes.append(QString::number(m.value(u"error"_s)[u"code"_s].toInt()));
    codes.sort();
    QCOMPARE(codes, (QStringList{u"-32600"_s, u"-32600"_s, u"-32700"_s}));
}

void TestMcp::callsAreInTheRequestLog()
{
    // Every tools/call is a request of api "mcp" in the workspace's request log, named by the client, with
    // its command and output: written after the answer, but written, also when the client leaves at once.
    const QByteArray input =
        R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"log-check","version":"1"}}})"
        "\n"
        R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"shell","arguments":{"commands":["echo logged-by-mcp"]}}})"
        "\n"
        R"({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"shell","arguments":{"commands":[]}}})"
        "\n";
    int code = -1;
    const QList<QJsonObject> messages = runStdio(input, 3, nullptr, &code);
    QCOMPARE(code, 0);
    QCOMPARE(messages.size(), 3);
    QByteArray out;
    QCOMPARE(runSandbench(m_dir.path(),
                          {u"logs"_s, u"list"_s, u"--json"_s, u"--workspace"_s, u"stdio"_s, u"--search"_s,
                           u"logged-by-mcp"_s},
                          &out),
             0);
    const QJsonArray list = QJsonDocument::fromJson(out).array();
    QCOMPARE(list.size(), 1);
    const QJsonObject entry = list.at(0).toObject();
    QCOMPARE(entry.value(u"api"_s).toString(), u"mcp"_s);
    QCOMPARE(entry.value(u"model"_s).toString(), u"log-check"_s);
    QCOMPARE(entry.value(u"status"_s).toInt(), 200);
    QCOMPARE(entry.value(u"container_ids"_s).toArray().size(), 1);
    out.clear();
    QCOMPARE(runSandbench(m_dir.path(),
                          {u"logs"_s, u"show"_s, entry.value(u"id"_s).toString(), u"--json"_s,
                           u"--workspace"_s, u"stdio"_s},
                          &out),
             0);
    QVERIFY2(out.contains("echo logged-by-mcp") && out.contains("logged-by-mcp\\n"), out.constData());
    // The call the schema refused is logged too, as what it was.
    out.clear();
    QCOMPARE(
        runSandbench(m_dir.path(),
                     {u"logs"_s, u"list"_s, u"--json"_s, u"--workspace"_s, u"stdio"_s, u"--limit"_s, u"2"_s},
                     &out),
        0);
    QStringList statuses;
    for (const QJsonValue &v : QJsonDocument::fromJson(out).array()) {
        QCOMPARE(v[u"api"_s].toString(), u"mcp"_s);
        statuses.append(QString::number(v[u"status"_s].toInt()));
    }
    statuses.sort();
    QCOMPARE(statuses, (QStringList{u"200"_s, u"400"_s}));
}

void TestMcp::stdioOversizedLineIsRefused()
{
    // Too long lines, each answered when it ends: one with its id first, one with the id last (the order the
    // official TypeScript SDK writes), and one whose only "id" is inside a string (no id can be told). The
    // error goes to the request's own id, so the client's call fails at once instead of waiting.
    const QByteArray pad(5 * 1024 * 1024, 'a');
    QByteArray input = R"({"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":")" + pad + "\"}}\n";
    input += R"({"method":"ping","params":{"pad":")" + pad +
             R"("},"jsonrpc":"2.0","id":"req-7"})"
             "\n";
    input += R"({"method":"ping","params":{"pad":")" + pad +
             R"(\",\"id\":9}"}})"
             "\n";
    // A response (to an elicitation, say) carries the server's id: answering that id would fail the client's
    // own request that happens to have the same one.
    input += R"({"result":{"pad":")" + pad +
             R"("},"jsonrpc":"2.0","id":2})"
             "\n";
    input += R"({"jsonrpc":"2.0","id":2,"method":"ping"})"
             "\n";
    const QList<QJsonObject> messages = runStdio(input, 5);
    QCOMPARE(messages.size(), 5);
    for (int i = 0; i < 4; ++i) {
        QCOMPARE(messages.at(i).value(u"error"_s)[u"code"_s].toInt(), -32600);
        QVERIFY(messages.at(i).value(u"error"_s)[u"message"_s].toString().contains(u"4194304"_s));
    }
    QCOMPARE(messages.at(0).value(u"id"_s).toInt(), 1);
    QCOMPARE(messages.at(1).value(u"id"_s).toString(), u"req-7"_s);
    QVERIFY(messages.at(2).value(u"id"_s).isNull());
    QVERIFY(messages.at(3).value(u"id"_s).isNull());
    QCOMPARE(messages.at(4).value(u"id"_s).toInt(), 2); // the stream goes on after the skipped lines
}

void TestMcp::helpHasAnExample()
{
    QByteArray out;
    QCOMPARE(runSandbench(m_dir.path(), {u"mcp"_s, u"--help"_s}, &out), 0);
    QVERIFY(out.contains("claude mcp add"));
    QVERIFY(out.contains("--workspace"));
    QCOMPARE(runSandbench(m_dir.path(), {u"mcp"_s, u"extra"_s}), 2);
}

static bool commandLives(const QByteArray &marker)
{
    for (const QString &pid : QDir(u"/proc"_s).entryList(QDir::Dirs)) {
        QFile cmdline(u"/proc/%1/cmdline"_s.arg(pid));
        if (cmdline.open(QIODevice::ReadOnly) && cmdline.readAll().contains(marker))
            return true;
    }
    return false;
}

// One POST to /mcp on its own connection; the raw reply (head and body, an SSE stream as far as it came).
static QByteArray postMcp(QTcpSocket *socket, quint16 port, const QByteArray &key, const QByteArray &session,
                          const QByteArray &body)
{
    socket->connectToHost(QHostAddress::LocalHost, port);
    if (!socket->waitForConnected(10000))
        return {};
    socket->write("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                  "Accept: application/json, text/event-stream\r\nAuthorization: Bearer " +
                  key + "\r\n" + (session.isEmpty() ? QByteArray() : "Mcp-Session-Id: " + session + "\r\n") +
                  "Content-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body);
    return socket->waitForBytesWritten(10000) ? QByteArray("sent") : QByteArray();
}

void TestMcp::serveStopsWhileACallRuns()
{
    // SIGTERM while an MCP call's command runs: serve ends cleanly (exit 0) and the command is gone.
    QProcess serve;
    serve.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    serve.setStandardInputFile(QProcess::nullDevice());
    serve.start(QStringLiteral(SANDBENCH_BIN_DIR "/sandbench"),
                {u"serve"_s, u"--port"_s, u"0"_s, u"--data-dir"_s, m_dir.path()});
    QVERIFY(serve.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(serve.canReadLine(), 30000);
    const QRegularExpressionMatch m =
        QRegularExpression(u":(\\d+)/api/v1"_s).match(QString::fromUtf8(serve.readLine()));
    QVERIFY(m.hasMatch());
    const quint16 port = quint16(m.captured(1).toUInt());
    QTcpSocket init;
    QVERIFY(
        !postMcp(
             &init, port, m_key.toUtf8(), {},
             R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t"}}})")
             .isEmpty());
    QByteArray reply;
    QTRY_VERIFY_WITH_TIMEOUT((reply += init.readAll()).contains("\r\n\r\n{"), 30000);
    const QRegularExpressionMatch s =
        QRegularExpression(u"(?i)mcp-session-id: (\\S+)"_s).match(QString::fromLatin1(reply));
    QVERIFY(s.hasMatch());
    QTcpSocket call;
    QVERIFY(
        !postMcp(
             &call, port, m_key.toUtf8(), s.captured(1).toLatin1(),
             R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"shell","arguments":{"commands":["echo started; sleep 31.4159"]},"_meta":{"progressToken":"p"}}})")
             .isEmpty());
    QByteArray stream;
    QTRY_VERIFY_WITH_TIMEOUT((stream += call.readAll()).contains("started\\n"), 60000);
    ::kill(pid_t(serve.processId()), SIGTERM);
    QVERIFY(serve.waitForFinished(30000));
    QCOMPARE(serve.exitStatus(), QProcess::NormalExit);
    QCOMPARE(serve.exitCode(), 0);
    // No process of the command is left.
    QTRY_VERIFY_WITH_TIMEOUT(!commandLives("31.4159"), 10000);
}

void TestMcp::stdioEndsWhileACallRuns_data()
{
    QTest::addColumn<bool>("signal");
    QTest::addColumn<QString>("workspace");
    QTest::newRow("end of input") << false << u"stdio"_s;
    QTest::newRow("SIGTERM") << true << u"stdio"_s;
    // A workspace `serve` serves: the call runs there, and the relay's end ends it there.
    QTest::newRow("end of input, relayed") << false << u"default"_s;
    QTest::newRow("SIGTERM, relayed") << true << u"default"_s;
}

void TestMcp::stdioEndsWhileACallRuns()
{
    // The host closes stdin (or sends SIGTERM) while a command runs: exit 0, the command killed.
    QFETCH(bool, signal);
    QFETCH(QString, workspace);
    const bool relayed = workspace != u"stdio"_s;
    const QByteArray marker = QByteArray(signal ? "27.1828" : "27.1829") + (relayed ? "1" : "");
    QProcess p;
    p.start(QStringLiteral(SANDBENCH_BIN_DIR "/sandbench"),
            {u"mcp"_s, u"--data-dir"_s, m_dir.path(), u"--workspace"_s, workspace});
    QVERIFY(p.waitForStarted());
    p.write(
        R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t"}}})"
        "\n"
        R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"shell","arguments":{"commands":["echo started; sleep )" +
        marker + R"("]},"_meta":{"progressToken":1}}})" + "\n");
    QByteArray out;
    QTRY_VERIFY_WITH_TIMEOUT((out += p.readAllStandardOutput()).contains("started\\n"), 60000);
    QVERIFY(commandLives(marker));
    if (signal)
        ::kill(pid_t(p.processId()), SIGTERM);
    else
        p.closeWriteChannel();
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QCOMPARE(p.exitCode(), 0);
    QTRY_VERIFY_WITH_TIMEOUT(!commandLives(marker), 10000);
    QCOMPARE(p.readAllStandardError().contains("relaying to the engine"), relayed);
}

namespace {

// `sandbench mcp` answering one ping: its stdout and stderr.
bool pingMcp(const QString &dataDir, const QString &workspace, QByteArray *out, QByteArray *err)
{
    QProcess p;
    p.start(QStringLiteral(SANDBENCH_BIN_DIR "/sandbench"),
            {u"mcp"_s, u"--data-dir"_s, dataDir, u"--workspace"_s, workspace});
    if (!p.waitForStarted())
        return false;
    p.write(R"({"jsonrpc":"2.0","id":7,"method":"ping"})"
            "\n");
    p.closeWriteChannel();
    if (!p.waitForFinished(60000))
        return false;
    *out = p.readAllStandardOutput();
    *err = p.readAllStandardError();
    return p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

// A socket file nothing listens on any more (an engine killed with SIGKILL leaves one).
bool leaveSocket(const QString &path)
{
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    const QByteArray name = QFile::encodeName(path);
    if (fd < 0 || size_t(name.size()) >= sizeof address.sun_path)
        return false;
    std::memcpy(address.sun_path, name.constData(), size_t(name.size()));
    const bool ok = ::bind(fd, reinterpret_cast<const sockaddr *>(&address), sizeof address) == 0;
    ::close(fd);
    return ok;
}

// `sandbench serve` on a data directory of its own (with a key, so it serves workspace default).
bool startServe(QProcess *serve, const QString &dataDir)
{
    if (runSandbench(dataDir, {u"keys"_s, u"create"_s}) != 0)
        return false;
    serve->setStandardInputFile(QProcess::nullDevice());
    serve->start(QStringLiteral(SANDBENCH_BIN_DIR "/sandbench"),
                 {u"serve"_s, u"--port"_s, u"0"_s, u"--data-dir"_s, dataDir});
    return serve->waitForStarted() && QTest::qWaitFor([&] { return serve->canReadLine(); }, 30000);
}

} // namespace

void TestMcp::relayOnlyToTheUsersOwnEngine_data()
{
    QTest::addColumn<QString>("plant");
    QTest::addColumn<QByteArray>("said");
    QTest::newRow("no engine") << u"nothing"_s << QByteArray();
    QTest::newRow("a socket left behind") << u"stale"_s << QByteArray("no engine serves it any more");
    QTest::newRow("a file, not a socket") << u"file"_s << QByteArray("is not a socket of yours");
    // A link to a live engine's socket (serve's, of another data directory) is not followed.
    QTest::newRow("a link to a live socket") << u"link"_s << QByteArray("is not a socket of yours");
    QTest::newRow("a directory others may write") << u"open-dir"_s << QByteArray("is not yours alone");
}

void TestMcp::relayOnlyToTheUsersOwnEngine()
{
    // Whatever is at the socket's place, `sandbench mcp` relays only to a live engine of its user through a
    // socket in a directory nobody else can write; otherwise it serves in-process and says why.
    QFETCH(QString, plant);
    QFETCH(QByteArray, said);
    QTemporaryDir dir;
    const QString wsDir = dir.path() + u"/workspaces/w"_s;
    QVERIFY(QDir().mkpath(wsDir));
    QVERIFY(::chmod(QFile::encodeName(dir.path() + u"/workspaces"_s).constData(), 0700) == 0);
    QVERIFY(::chmod(QFile::encodeName(wsDir).constData(), 0700) == 0);
    const QString socket = wsDir + u"/mcp.sock"_s;
    const QString live = m_dir.path() + u"/workspaces/default/mcp.sock"_s;
    QVERIFY(QFileInfo(live).exists()); // serve takes relays for the workspaces it serves
    if (plant == u"stale"_s || plant == u"open-dir"_s)
        QVERIFY(leaveSocket(socket));
    if (plant == u"open-dir"_s)
        QVERIFY(::chmod(QFile::encodeName(wsDir).constData(), 0770) == 0);
    if (plant == u"file"_s) {
        QFile f(socket);
        QVERIFY(f.open(QIODevice::WriteOnly));
    }
    if (plant == u"link"_s)
        QVERIFY(QFile::link(live, socket));
    QByteArray out, err;
    QVERIFY2(pingMcp(dir.path(), u"w"_s, &out, &err), err.constData());
    QCOMPARE(QJsonDocument::fromJson(out).object().value(u"id"_s).toInt(), 7);
    QVERIFY2(err.contains("serving workspace w in this process") && !err.contains("relaying to the engine"),
             err.constData());
    if (said.isEmpty())
        QVERIFY2(!err.contains("not relaying"), err.constData());
    else
        QVERIFY2(err.contains("not relaying to another engine: ") && err.contains(said), err.constData());
}

void TestMcp::twoRelaysShareOneHistory()
{
    // Two agent hosts' `sandbench mcp` on one container of a workspace serve serves: both relay, so each
    // call is the one engine's, and the container's history has an entry for each command (two engines
    // would each run the container and write its history over the other's).
    QTemporaryDir dir;
    QProcess serve;
    QVERIFY(startServe(&serve, dir.path()));
    const auto call = [this, &dir](const QString &container, const QString &command) {
        auto *p = new QProcess(this);
        p->start(QStringLiteral(SANDBENCH_BIN_DIR "/sandbench"), {u"mcp"_s, u"--data-dir"_s, dir.path()});
        QJsonObject args{{u"commands"_s, QJsonArray{command}}};
        if (!container.isEmpty())
            args.insert(u"container_id"_s, container);
        const QJsonObject message{
            {u"jsonrpc"_s, u"2.0"_s},
            {u"id"_s, 2},
            {u"method"_s, u"tools/call"_s},
            {u"params"_s, QJsonObject{{u"name"_s, u"shell"_s}, {u"arguments"_s, args}}}};
        p->write(
            R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t"}}})"
            "\n" +
            QJsonDocument(message).toJson(QJsonDocument::Compact) + "\n");
        return p;
    };
    const auto result = [](QProcess *p) {
        QByteArray out;
        QTest::qWaitFor([&] { return (out += p->readAllStandardOutput()).count('\n') >= 2; }, 60000);
        p->closeWriteChannel();
        p->waitForFinished(30000);
        const QByteArray err = p->readAllStandardError();
        p->deleteLater();
        if (!err.contains("relaying to the engine"))
            return QJsonObject{{u"stderr"_s, QString::fromUtf8(err)}};
        return QJsonDocument::fromJson(out.split('\n').value(1)).object().value(u"result"_s).toObject();
    };
    const QJsonObject first = result(call({}, u"echo one > f1"_s));
    const QString container = first.value(u"structuredContent"_s)[u"container_id"_s].toString();
    QVERIFY2(!container.isEmpty(), QJsonDocument(first).toJson().constData());
    QProcess *slow = call(container, u"sleep 2; echo two > f2"_s);
    QTest::qWait(500);
    QProcess *quick = call(container, u"echo three > f3"_s);
    const QJsonObject second = result(slow);
    const QJsonObject third = result(quick);
    for (const QJsonObject &r : {second, third})
        QVERIFY2(r.contains(u"structuredContent"_s) && !r.value(u"isError"_s).toBool(),
                 QJsonDocument(r).toJson().constData());
    // The history is read once the engine has let it go.
    serve.terminate();
    QVERIFY(serve.waitForFinished(30000));
    QProcess list;
    list.setProcessChannelMode(QProcess::MergedChannels);
    list.start(QStringLiteral(SANDBENCH_BIN_DIR "/sandbench"),
               {u"containers"_s, u"history"_s, container, u"--data-dir"_s, dir.path()});
    QVERIFY(list.waitForFinished(60000));
    const QByteArray history = list.readAll();
    QVERIFY2(list.exitCode() == 0, history.constData());
    for (const QByteArray command : {"$ echo one > f1", "$ sleep 2; echo two > f2", "$ echo three > f3"})
        QVERIFY2(history.contains(command), history.constData());
}

void TestMcp::relayEndsWhenTheEngineStops()
{
    // The window closes (or serve stops) under a relayed session: the relay says so and exits 1; the host
    // can start it again (then in-process).
    QTemporaryDir dir;
    QByteArray out;
    QProcess serve;
    QVERIFY(startServe(&serve, dir.path()));
    QProcess relay;
    relay.start(QStringLiteral(SANDBENCH_BIN_DIR "/sandbench"), {u"mcp"_s, u"--data-dir"_s, dir.path()});
    QVERIFY(relay.waitForStarted());
    relay.write(R"({"jsonrpc":"2.0","id":7,"method":"ping"})"
                "\n");
    QTRY_VERIFY_WITH_TIMEOUT((out += relay.readAllStandardOutput()).contains("\"id\":7"), 30000);
    serve.terminate();
    QVERIFY(serve.waitForFinished(30000));
    QVERIFY(relay.waitForFinished(30000));
    QCOMPARE(relay.exitCode(), 1);
    const QByteArray err = relay.readAllStandardError();
    QVERIFY2(err.contains("relaying to the engine") &&
                 err.contains("the engine serving this workspace stopped"),
             err.constData());
    // Its socket went with it.
    QVERIFY(!QFileInfo::exists(dir.path() + u"/workspaces/default/mcp.sock"_s));
}

void TestMcp::statelessRevision_data()
{
    QTest::addColumn<QString>("transport");
    QTest::newRow("stdio") << u"stdio"_s;
    QTest::newRow("stdio, relayed") << u"stdio-relayed"_s;
    QTest::newRow("http") << u"http"_s;
}

void TestMcp::statelessRevision()
{
    // The official v2 client pinned to 2026-07-28: server/discover instead of initialize, the version in
    // every request's _meta, no session; tools, state across calls (through container_id), progress,
    // resources and bad input (tests/npm/mcp_stateless.mjs).
    QFETCH(QString, transport);
    if (!QFileInfo::exists(QStringLiteral(SANDBENCH_NPM_DIR "/node_modules/@modelcontextprotocol/client")))
        QSKIP("tests/npm has no node_modules: run npm ci --prefix tests/npm");
    QProcess node;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"MCP_TRANSPORT"_s, transport == u"http"_s ? u"http"_s : u"stdio"_s);
    env.insert(u"SANDBENCH_BIN"_s, QStringLiteral(SANDBENCH_BIN_DIR "/sandbench"));
    env.insert(u"SANDBENCH_DATA_DIR"_s, m_dir.path());
    // "stdio" has no key, so serve does not serve it: in-process; default is relayed to serve.
    env.insert(u"SANDBENCH_WORKSPACE"_s, transport == u"stdio-relayed"_s ? u"default"_s : u"stdio"_s);
    env.insert(u"SANDBENCH_URL"_s, u"http://127.0.0.1:%1/mcp"_s.arg(m_port));
    env.insert(u"SANDBENCH_KEY"_s, m_key);
    node.setProcessEnvironment(env);
    node.setWorkingDirectory(QStringLiteral(SANDBENCH_NPM_DIR));
    node.setProcessChannelMode(QProcess::MergedChannels);
    node.start(u"node"_s, {u"mcp_stateless.mjs"_s});
    QVERIFY(node.waitForStarted());
    QVERIFY(QTest::qWaitFor([&] { return node.state() == QProcess::NotRunning; }, 180000));
    const QByteArray out = node.readAll();
    QVERIFY2(node.exitCode() == 0 && out.contains("OK stateless") && !out.contains("FAIL "), out.constData());
    if (transport == u"stdio-relayed"_s)
        QVERIFY2(out.contains("relaying to the engine"), out.constData());
}

void TestMcp::statelessRevisionRefusesOtherVersions()
{
    // A request without initialize naming a revision this server does not speak: a JSON-RPC error that
    // says which are supported (MCP's -32022 with data.supported), over stdio and over HTTP.
    const QByteArray request =
        R"({"jsonrpc":"2.0","id":3,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2099-01-01","io.modelcontextprotocol/clientCapabilities":{}}}})";
    const QList<QJsonObject> messages = runStdio(request + "\n", 1);
    QCOMPARE(messages.size(), 1);
    QTcpSocket socket;
    QVERIFY(!postMcp(&socket, m_port, m_key.toUtf8(), {}, request).isEmpty());
    QByteArray reply;
    QTRY_VERIFY_WITH_TIMEOUT((reply += socket.readAll()).contains("\r\n\r\n{") && reply.endsWith('}'), 30000);
    const QJsonObject overHttp = QJsonDocument::fromJson(reply.mid(reply.indexOf("\r\n\r\n") + 4)).object();
    QVERIFY(!reply.toLower().contains("mcp-session-id")); // a stateless request makes no session
    for (const QJsonObject &m : {messages.first(), overHttp}) {
        const QJsonObject error = m.value(u"error"_s).toObject();
        QCOMPARE(error.value(u"code"_s).toInt(), -32022);
        QCOMPARE(error.value(u"data"_s)[u"requested"_s].toString(), u"2099-01-01"_s);
        const QJsonArray supported = error.value(u"data"_s)[u"supported"_s].toArray();
        QVERIFY(supported.contains(u"2026-07-28"_s) && supported.contains(u"2025-11-25"_s));
        QVERIFY2(error.value(u"message"_s).toString().contains(u"2026-07-28"_s),
                 qPrintable(error.value(u"message"_s).toString()));
    }
    // server/discover without the revision's _meta belongs to no era: it says how to start.
    const QList<QJsonObject> discover =
        runStdio(R"({"jsonrpc":"2.0","id":4,"method":"server/discover","params":{}})"
                 "\n",
                 1);
    QCOMPARE(discover.size(), 1);
    QVERIFY(discover.first().value(u"error"_s)[u"message"_s].toString().contains(u"initialize"_s));
}

QTEST_GUILESS_MAIN(TestMcp)
#include "test_mcp.moc"
