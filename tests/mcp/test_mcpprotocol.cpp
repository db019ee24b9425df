// SPDX-License-Identifier: GPL-3.0-or-later
#include "mcp/jsonrpc.h"
#include "mcp/mcpfiles.h"
#include "mcp/mcpsession.h"
#include "mcp/mcptools.h"
#include "workspace/workspace.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

// The MCP protocol core without a sandbox (issue 30): JSON-RPC message checks and errors, initialize with
// version negotiation, what may come before it, tools/list, the tools' argument checks, paths, resource URIs,
// and arbitrary bytes.
class TestMcpProtocol final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void messageKinds_data();
    void messageKinds();
    void negotiatesVersions_data();
    void negotiatesVersions();
    void requestsBeforeInitialize();
    void jsonRpcErrors();
    void toolsList();
    void toolErrorsAreResults();
    void argumentChecks_data();
    void argumentChecks();
    void homePaths_data();
    void homePaths();
    void resourceUris_data();
    void resourceUris();
    void arbitraryBytes();

private:
    QList<QJsonObject> send(const QByteArray &bytes);
    void initialize(const QString &version = u"2025-11-25"_s);

    QTemporaryDir m_dir;
    Workspace *m_workspace = nullptr;
    McpSession *m_session = nullptr;
    QList<QJsonObject> m_sent;
};

void TestMcpProtocol::init()
{
    QVERIFY(m_dir.isValid());
    m_workspace = new Workspace(m_dir.path(), u"default"_s, this);
    McpContext context;
    context.workspace = m_workspace;
    context.logging = false;
    m_session = new McpSession(context, u"test"_s, this);
    m_sent.clear();
    connect(m_session, &McpSession::sendMessage, this,
            [this](const QJsonObject &message, const QJsonValue &) { m_sent.append(message); });
}

void TestMcpProtocol::cleanup()
{
    delete m_session;
    delete m_workspace;
}

QList<QJsonObject> TestMcpProtocol::send(const QByteArray &bytes)
{
    m_sent.clear();
    m_session->receive(bytes);
    return m_sent;
}

void TestMcpProtocol::initialize(const QString &version)
{
    const QList<QJsonObject> out =
        send(QJsonDocument(
                 QJsonObject{{u"jsonrpc"_s, u"2.0"_s},
                             {u"id"_s, 1},
                             {u"method"_s, u"initialize"_s},
                             {u"params"_s, QJsonObject{{u"protocolVersion"_s, version},
                                                       {u"capabilities"_s, QJsonObject()},
                                                       {u"clientInfo"_s, QJsonObject{{u"name"_s, u"t"_s}}}}}})
                 .toJson());
    QCOMPARE(out.size(), 1);
}

void TestMcpProtocol::messageKinds_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("problem");
    using K = JsonRpcMessage::Kind;
    QTest::newRow("request") << QByteArray(R"({"jsonrpc":"2.0","id":1,"method":"ping"})") << int(K::Request)
                             << QString();
    QTest::newRow("string id") << QByteArray(R"({"jsonrpc":"2.0","id":"x","method":"ping"})")
                               << int(K::Request) << QString();
    QTest::newRow("notification") << QByteArray(R"({"jsonrpc":"2.0","method":"notifications/initialized"})")
                                  << int(K::Notification) << QString();
    QTest::newRow("response") << QByteArray(R"({"jsonrpc":"2.0","id":1,"result":{}})") << int(K::Response)
                              << QString();
    QTest::newRow("error response") << QByteArray(
                                           R"({"jsonrpc":"2.0","id":1,"error":{"code":-1,"message":"m"}})")
                                    << int(K::Response) << QString();
    QTest::newRow("no version") << QByteArray(R"({"id":1,"method":"ping"})") << int(K::Invalid)
                                << u"jsonrpc"_s;
    QTest::newRow("old version") << QByteArray(R"({"jsonrpc":"1.0","id":1,"method":"ping"})")
                                 << int(K::Invalid) << u"jsonrpc"_s;
    QTest::newRow("bool id") << QByteArray(R"({"jsonrpc":"2.0","id":true,"method":"ping"})")
                             << int(K::Invalid) << u"id"_s;
    QTest::newRow("null id") << QByteArray(R"({"jsonrpc":"2.0","id":null,"method":"ping"})")
                             << int(K::Invalid) << u"id"_s;
    QTest::newRow("fraction id") << QByteArray(R"({"jsonrpc":"2.0","id":1.5,"method":"ping"})")
                                 << int(K::Invalid) << u"id"_s;
    QTest::newRow("empty method") << QByteArray(R"({"jsonrpc":"2.0","id":1,"method":""})") << int(K::Invalid)
                                  << u"method"_s;
    QTest::newRow("method number") << QByteArray(R"({"jsonrpc":"2.0","id":1,"method":5})") << int(K::Invalid)
                                   << u"method"_s;
    QTest::newRow("array params") << QByteArray(R"({"jsonrpc":"2.0","id":1,"method":"x","params":[1]})")
                                  << int(K::Invalid) << u"params"_s;
    QTest::newRow("method and result") << QByteArray(R"({"jsonrpc":"2.0","id":1,"method":"x","result":{}})")
                                       << int(K::Invalid) << u"not both"_s;
    QTest::newRow("result and error") << QByteArray(R"({"jsonrpc":"2.0","id":1,"result":{},"error":{}})")
                                      << int(K::Invalid) << u"exactly one"_s;
    QTest::newRow("response without id")
        << QByteArray(R"({"jsonrpc":"2.0","result":{}})") << int(K::Invalid) << u"id"_s;
    QTest::newRow("bad error") << QByteArray(R"({"jsonrpc":"2.0","id":1,"error":{"code":"x"}})")
                               << int(K::Invalid) << u"error"_s;
    QTest::newRow("nothing") << QByteArray(R"({"jsonrpc":"2.0","id":1})") << int(K::Invalid) << u"method"_s;
}

void TestMcpProtocol::messageKinds()
{
    QFETCH(QByteArray, json);
    QFETCH(int, kind);
    QFETCH(QString, problem);
    const JsonRpcMessage m = JsonRpcMessage::fromJson(QJsonDocument::fromJson(json).object());
    QCOMPARE(int(m.kind), kind);
    QVERIFY2(m.problem.contains(problem), qPrintable(m.problem));
    QCOMPARE(m.problem.isEmpty(), problem.isEmpty());
}

void TestMcpProtocol::negotiatesVersions_data()
{
    QTest::addColumn<QString>("asked");
    QTest::addColumn<QString>("answered");
    for (const QString &v : McpSession::protocolVersions())
        QTest::newRow(qPrintable(v)) << v << v;
    QTest::newRow("unknown") << u"2099-01-01"_s << u"2025-11-25"_s;
    QTest::newRow("garbage") << u"latest"_s << u"2025-11-25"_s;
}

void TestMcpProtocol::negotiatesVersions()
{
    QFETCH(QString, asked);
    QFETCH(QString, answered);
    initialize(asked);
    const QJsonObject result = m_sent.constFirst().value(u"result"_s).toObject();
    QCOMPARE(result.value(u"protocolVersion"_s).toString(), answered);
    QCOMPARE(result.value(u"serverInfo"_s)[u"name"_s].toString(), u"sandbench"_s);
    QVERIFY(result.value(u"capabilities"_s)[u"tools"_s].isObject());
    QVERIFY(result.value(u"capabilities"_s)[u"resources"_s].isObject());
    QVERIFY(m_session->isInitialized());
}

void TestMcpProtocol::requestsBeforeInitialize()
{
    QList<QJsonObject> out = send(R"({"jsonrpc":"2.0","id":1,"method":"tools/list"})");
    QCOMPARE(out.size(), 1);
    QCOMPARE(out.constFirst().value(u"error"_s)[u"code"_s].toInt(), JsonRpcMessage::InvalidRequest);
    QVERIFY(out.constFirst().value(u"error"_s)[u"message"_s].toString().contains(u"initialize"_s));
    out = send(R"({"jsonrpc":"2.0","id":2,"method":"ping"})");
    QCOMPARE(out.constFirst().value(u"result"_s).toObject(), QJsonObject());
    out = send(R"({"jsonrpc":"2.0","id":3,"method":"initialize","params":{}})");
    QCOMPARE(out.constFirst().value(u"error"_s)[u"code"_s].toInt(), JsonRpcMessage::InvalidParams);
    QVERIFY(!m_session->isInitialized());
}

void TestMcpProtocol::jsonRpcErrors()
{
    initialize();
    const auto code = [this](const QByteArray &bytes) {
        const QList<QJsonObject> out = send(bytes);
        return out.size() == 1 ? out.constFirst().value(u"error"_s)[u"code"_s].toInt() : 0;
    };
    const QList<std::pair<QByteArray, int>> cases = {
        {"{not json", JsonRpcMessage::ParseError},
        {"", JsonRpcMessage::ParseError},
        {"[]", JsonRpcMessage::InvalidRequest},
        {R"([{"jsonrpc":"2.0","id":1,"method":"ping"}])", JsonRpcMessage::InvalidRequest},
        {"42", JsonRpcMessage::ParseError},
        {R"({"jsonrpc":"2.0","id":1,"method":"sampling/createMessage"})", JsonRpcMessage::MethodNotFound},
        {R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{}})", JsonRpcMessage::InvalidParams},
        {R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"shell","arguments":[1]}})",
         JsonRpcMessage::InvalidParams},
        {R"({"jsonrpc":"2.0","id":1,"method":"resources/read","params":{"uri":"file:///etc/passwd"}})",
         JsonRpcMessage::InvalidParams},
        {R"({"jsonrpc":"2.0","id":1,"method":"resources/list","params":{"cursor":"zz"}})",
         JsonRpcMessage::InvalidParams},
        {R"({"jsonrpc":"2.0","id":1,"method":"resources/read","params":{"uri":"sandbench://containers/sess_none/files/a.txt"}})",
         -32002},
        {QByteArray(McpSession::MaxMessageBytes + 1, ' '), JsonRpcMessage::InvalidRequest},
    };
    for (const auto &[bytes, expected] : cases)
        QCOMPARE(code(bytes), expected);
    // An error about a message whose id cannot be read has id null.
    const QByteArray objectId = R"({"jsonrpc":"2.0","id":{},"method":"ping"})";
    const QList<QJsonObject> out = send(objectId);
    QVERIFY(out.constFirst().value(u"id"_s).isNull());
    // Notifications, known or not, and stray responses get no answer.
    const QList<QByteArray> silent = {
        R"({"jsonrpc":"2.0","method":"notifications/initialized"})",
        R"({"jsonrpc":"2.0","method":"notifications/whatever","params":{"x":1}})",
        R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":99}})",
        R"({"jsonrpc":"2.0","id":"nobody-asked","result":{}})",
    };
    for (const QByteArray &bytes : silent)
        QVERIFY(send(bytes).isEmpty());
}

void TestMcpProtocol::toolsList()
{
    initialize();
    const QList<QJsonObject> out = send(R"({"jsonrpc":"2.0","id":2,"method":"tools/list"})");
    const QJsonArray tools = out.constFirst().value(u"result"_s)[u"tools"_s].toArray();
    QStringList names;
    for (const QJsonValue &t : tools) {
        names.append(t[u"name"_s].toString());
        QCOMPARE(t[u"inputSchema"_s][u"additionalProperties"_s].toBool(true), false);
        QCOMPARE(t[u"outputSchema"_s][u"type"_s].toString(), u"object"_s);
        QVERIFY(t[u"annotations"_s][u"readOnlyHint"_s].isBool());
    }
    QCOMPARE(names, McpTools::names());
    QCOMPARE(tools.at(0)[u"inputSchema"_s][u"properties"_s][u"timeout_ms"_s][u"maximum"_s].toInt(), 300000);
}

void TestMcpProtocol::toolErrorsAreResults()
{
    initialize();
    QList<QJsonObject> out =
        send(R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"rm_rf","arguments":{}}})");
    QCOMPARE(out.size(), 1);
    QJsonObject result = out.constFirst().value(u"result"_s).toObject();
    QCOMPARE(result.value(u"isError"_s).toBool(), true);
    QVERIFY(result.value(u"content"_s)[0][u"text"_s].toString().contains(u"unknown tool \"rm_rf\""_s));
    // A schema failure is answered before anything runs (no sandbox is needed for it).
    out = send(
        R"({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"shell","arguments":{"commands":"ls"}}})");
    result = out.constFirst().value(u"result"_s).toObject();
    QCOMPARE(result.value(u"isError"_s).toBool(), true);
    QVERIFY(result.value(u"content"_s)[0][u"text"_s].toString().contains(u"\"commands\" must be an array"_s));
    out = send(
        R"({"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"read_file","arguments":{"container_id":"sess_none","path":"a"}}})");
    result = out.constFirst().value(u"result"_s).toObject();
    QCOMPARE(result.value(u"isError"_s).toBool(), true);
    QVERIFY(result.value(u"content"_s)[0][u"text"_s].toString().contains(u"no container \"sess_none\""_s));
}

void TestMcpProtocol::argumentChecks_data()
{
    QTest::addColumn<QString>("tool");
    QTest::addColumn<QByteArray>("args");
    QTest::addColumn<QString>("error");
    QTest::newRow("ok") << u"shell"_s << QByteArray(R"({"commands":["ls"],"timeout_ms":1000})") << QString();
    QTest::newRow("missing") << u"shell"_s << QByteArray("{}") << u"\"commands\" is required"_s;
    QTest::newRow("empty") << u"shell"_s << QByteArray(R"({"commands":[]})") << u"1 to 100 strings (got 0)"_s;
    QTest::newRow("not strings") << u"shell"_s << QByteArray(R"({"commands":["a",{}]})")
                                 << u"\"commands[1]\" must be a string (got an object)"_s;
    QTest::newRow("timeout big") << u"shell"_s << QByteArray(R"({"commands":["a"],"timeout_ms":300001})")
                                 << u"from 1 to 300000 (got the number 300001)"_s;
    QTest::newRow("timeout fraction") << u"shell"_s << QByteArray(R"({"commands":["a"],"timeout_ms":1.5})")
                                      << u"\"timeout_ms\" must be an integer"_s;
    QTest::newRow("timeout string") << u"shell"_s << QByteArray(R"({"commands":["a"],"timeout_ms":"5"})")
                                    << u"got the string \"5\""_s;
    QTest::newRow("output") << u"shell"_s << QByteArray(R"({"commands":["a"],"max_output_length":70000})")
                            << u"from 1 to 65536"_s;
    QTest::newRow("policy type") << u"shell"_s << QByteArray(R"({"commands":["a"],"network_policy":"all"})")
                                 << u"\"network_policy\" must be an object"_s;
    QTest::newRow("extra") << u"shell"_s << QByteArray(R"({"commands":["a"],"cwd":"/"})")
                           << u"unknown argument \"cwd\": shell takes commands, container_id"_s;
    QTest::newRow("container chars") << u"python"_s << QByteArray(R"({"code":"1","container_id":"../x"})")
                                     << u"A-Z, a-z, 0-9, _ and -"_s;
    QTest::newRow("container long")
        << u"python"_s
        << QByteArray(R"({"code":"1","container_id":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"})")
        << u"41 characters long; at most 40"_s;
    QTest::newRow("null optional") << u"python"_s << QByteArray(R"({"code":"1","container_id":null})")
                                   << QString();
    QTest::newRow("read needs container")
        << u"read_file"_s << QByteArray(R"({"path":"a"})") << u"\"container_id\" is required"_s;
    QTest::newRow("write content type")
        << u"write_file"_s << QByteArray(R"({"container_id":"c","path":"a","content":5})")
        << u"\"content\" must be a string"_s;
    QTest::newRow("list ok") << u"list_files"_s << QByteArray(R"({"container_id":"c"})") << QString();
}

void TestMcpProtocol::argumentChecks()
{
    QFETCH(QString, tool);
    QFETCH(QByteArray, args);
    QFETCH(QString, error);
    const QString got =
        McpTools::check(tool, QJsonDocument::fromJson(args).object(), SessionLimits::hosted());
    QVERIFY2(error.isEmpty() ? got.isEmpty() : got.contains(error), qPrintable(got));
}

void TestMcpProtocol::homePaths_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("relative");
    QTest::newRow("plain") << u"a.txt"_s << u"a.txt"_s;
    QTest::newRow("nested") << u"d/./e//f.txt"_s << u"d/e/f.txt"_s;
    QTest::newRow("absolute home") << u"/workspace/home/d/f"_s << u"d/f"_s;
    QTest::newRow("home itself") << u"/workspace/home"_s << QString();
    QTest::newRow("dotdot") << u"../etc/passwd"_s << QString();
    QTest::newRow("inner dotdot") << u"a/../../b"_s << QString();
    QTest::newRow("outside") << u"/etc/passwd"_s << QString();
    QTest::newRow("prefix trick") << u"/workspace/homeother/x"_s << QString();
    QTest::newRow("nul") << u"a\u0000b"_s << QString();
}

void TestMcpProtocol::homePaths()
{
    QFETCH(QString, path);
    QFETCH(QString, relative);
    QString error;
    QCOMPARE(McpTools::homeRelativePath(path, false, &error), relative);
    QCOMPARE(error.isEmpty(), !relative.isEmpty());
}

void TestMcpProtocol::resourceUris_data()
{
    QTest::addColumn<QString>("uri");
    QTest::addColumn<QString>("container");
    QTest::addColumn<QString>("relative");
    QTest::newRow("ok") << u"sandbench://containers/sess_1/files/d/a%20b.txt"_s << u"sess_1"_s
                        << u"d/a b.txt"_s;
    QTest::newRow("round trip") << McpFiles::uri(u"c"_s, u"x y/%z.txt"_s) << u"c"_s << u"x y/%z.txt"_s;
    QTest::newRow("encoded dotdot") << u"sandbench://containers/c/files/%2E%2E/x"_s << QString() << QString();
    QTest::newRow("encoded slash dotdot")
        << u"sandbench://containers/c/files/a%2F..%2F..%2Fx"_s << QString() << QString();
    QTest::newRow("bad container") << u"sandbench://containers/a.b/files/x"_s << QString() << QString();
    QTest::newRow("no files") << u"sandbench://containers/c/x"_s << QString() << QString();
    QTest::newRow("no path") << u"sandbench://containers/c/files/"_s << QString() << QString();
    QTest::newRow("other scheme") << u"file:///etc/passwd"_s << QString() << QString();
}

void TestMcpProtocol::resourceUris()
{
    QFETCH(QString, uri);
    QFETCH(QString, container);
    QFETCH(QString, relative);
    QString error;
    const auto parsed = McpFiles::parseUri(uri, &error);
    QCOMPARE(parsed.has_value(), !container.isEmpty());
    if (parsed) {
        QCOMPARE(parsed->first, container);
        QCOMPARE(parsed->second, relative);
    } else {
        QVERIFY(!error.isEmpty());
    }
}

void TestMcpProtocol::arbitraryBytes()
{
    initialize();
    // Random bytes and mutations of valid messages: every one answered with at most one message, never a
    // crash; ids that cannot be read are answered with id null.
    QRandomGenerator random(30);
    const QByteArray valid =
        R"({"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"shell","arguments":{"commands":[]}}})";
    for (int i = 0; i < 3000; ++i) {
        QByteArray bytes = valid;
        if (i % 3 == 0) {
            bytes.resize(random.bounded(64));
            for (char &c : bytes)
                c = char(random.bounded(256));
        } else {
            for (int k = 0; k < 1 + i % 5; ++k)
                bytes[random.bounded(int(bytes.size()))] = char(random.bounded(256));
        }
        const QList<QJsonObject> out = send(bytes);
        QVERIFY(out.size() <= 1);
        if (!out.isEmpty())
            QCOMPARE(out.constFirst().value(u"jsonrpc"_s).toString(), u"2.0"_s);
    }
}

QTEST_GUILESS_MAIN(TestMcpProtocol)
#include "test_mcpprotocol.moc"
