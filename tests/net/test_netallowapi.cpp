// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 17, network allow at run time through the local API: POST /api/v1/containers/{id}/network/allow on
// a real server on loopback widens a real container's policy (reachable after its restart, files kept),
// refuses bad input in the API's own error shape, and the WebSocket stream carries egress.refused.
#include "../sandbox/sandboxtestutil.h"
#include "fakeupstream.h"
#include "testhosts.h"

#include "sandbox/history/containerregistry.h"
#include "sandbox/net/networkpolicy.h"
#include "server/apikeys.h"
#include "server/apiserver.h"
#include "workspace/workspace.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QWebSocket>

#include <memory>

using namespace Qt::StringLiterals;

namespace {

struct Reply
{
    int status = 0;
    QJsonObject json;
    QByteArray raw;
};

} // namespace

class TestNetAllowApi final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void allowedHostIsReachableAfterRestart();
    void severalHostsAtOnceRestartOnce();
    void refusalOfAnApiRequestNamesTheRequest();
    void refusalOfAnMcpCallNamesTheCall();
    void refusalAllowingCannotHelpIsNotAllowable();
    void badInput_data();
    void badInput();
    void otherWorkspacesContainersAreNotFound();
    void oversizedBodyIsRefused();

private:
    Reply send(const QByteArray &method, const QString &path, const QByteArray &body = {},
               const QString &key = {});
    Reply allow(const QString &containerId, const QJsonObject &body);
    QJsonObject waitForEvent(const QString &type, const std::function<bool(const QJsonObject &)> &match);
    Container *containerWith(const QStringList &allowed);
    CommandResult runOne(Container *container, const QString &command, int timeoutMs = 60000);

    QTemporaryDir m_dir;
    TestHosts m_hosts;
    bool m_hostsUp = false;
    std::unique_ptr<Workspace> m_workspace;
    std::unique_ptr<ApiServer> m_server;
    QString m_key;
    QNetworkAccessManager m_nam;
    QWebSocket m_ws;
    QList<QJsonObject> m_events;
};

void TestNetAllowApi::initTestCase()
{
    SANDBOX_REQUIRE_INIT();
    QVERIFY(m_dir.isValid());
    QString error;
    // The pretend outside web servers need root; only the reachability test needs them.
    if (TestHosts::unavailableReason().isEmpty()) {
        QVERIFY2(m_hosts.setUp(m_dir.path() + u"/hosts"_s, &error), qPrintable(error));
        m_hostsUp = true;
    }
    const QString data = m_dir.path() + u"/data"_s;
    m_workspace = std::make_unique<Workspace>(data, u"test"_s);
    // Every container of the served workspace resolves the test names to the test hosts.
    connect(m_workspace->containers(), &ContainerManager::containerAdded, this,
            [](Container *c) { c->setEgressHostMap(TestHosts::hostMap()); });
    m_server = std::make_unique<ApiServer>(data);
    m_server->useWorkspace(m_workspace.get());
    QVERIFY2(m_server->listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
    const std::optional<QString> key = m_server->keys()->create(u"test"_s, &error);
    QVERIFY2(key, qPrintable(error));
    m_key = *key;
    connect(&m_ws, &QWebSocket::textMessageReceived, this, [this](const QString &text) {
        m_events.append(QJsonDocument::fromJson(text.toUtf8()).object());
    });
    m_ws.open(QUrl(u"ws://127.0.0.1:%1/api/v1/events?key=%2"_s.arg(m_server->port()).arg(m_key)));
    QVERIFY(!waitForEvent(u"hello"_s, [](const QJsonObject &) { return true; }).isEmpty());
}

void TestNetAllowApi::cleanupTestCase()
{
    m_ws.close();
    m_server.reset();
    if (m_workspace)
        m_workspace->containers()->stopAll();
    m_workspace.reset();
    m_hosts.tearDown();
}

Reply TestNetAllowApi::send(const QByteArray &method, const QString &path, const QByteArray &body,
                            const QString &key)
{
    QNetworkRequest request(QUrl(u"http://127.0.0.1:%1%2"_s.arg(m_server->port()).arg(path)));
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader("Authorization", "Bearer " + (key.isNull() ? m_key : key).toUtf8());
    request.setTransferTimeout(120000);
    QNetworkReply *reply = m_nam.sendCustomRequest(request, method, body);
    (void)QTest::qWaitFor([reply] { return reply->isFinished(); }, 120000);
    Reply r;
    r.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    r.raw = reply->readAll();
    r.json = QJsonDocument::fromJson(r.raw).object();
    reply->deleteLater();
    return r;
}

Reply TestNetAllowApi::allow(const QString &containerId, const QJsonObject &body)
{
    return send("POST", u"/api/v1/containers/%1/network/allow"_s.arg(containerId),
                QJsonDocument(body).toJson(QJsonDocument::Compact));
}

QJsonObject TestNetAllowApi::waitForEvent(const QString &type,
                                          const std::function<bool(const QJsonObject &)> &match)
{
    QJsonObject found;
    (void)QTest::qWaitFor(
        [&] {
            for (qsizetype i = 0; i < m_events.size(); ++i) {
                if (m_events.at(i).value(u"type"_s).toString() == type && match(m_events.at(i))) {
                    found = m_events.takeAt(i);
                    return true;
                }
            }
            return false;
        },
        60000);
    return found;
}

Container *TestNetAllowApi::containerWith(const QStringList &allowed)
{
    QString error;
    const std::optional<NetworkPolicy> policy = NetworkPolicy::fromEntries(allowed, &error);
    Container *c = policy ? m_workspace->containers()->create(*policy, &error) : nullptr;
    if (!c)
        qWarning("no container: %s", qPrintable(error));
    return c;
}

CommandResult TestNetAllowApi::runOne(Container *container, const QString &command, int timeoutMs)
{
    ShellCall *call = container->run(shellAction({command}, timeoutMs));
    if (!waitForCall(call, timeoutMs + 30000) || call->results().isEmpty()) {
        qWarning("call failed: %s", qPrintable(call->errorString()));
        return {};
    }
    return call->results().constFirst();
}

void TestNetAllowApi::allowedHostIsReachableAfterRestart()
{
    if (!m_hostsUp)
        QSKIP(qPrintable(TestHosts::unavailableReason()));
    Container *c = containerWith({u"web.sandbench.test"_s});
    QVERIFY(c);
    QCOMPARE(runOne(c, u"echo made-before > kept.txt"_s).outcome.exitCode, 0);
    const QString fetch =
        u"curl -s -o /dev/null -w '%{http_code}' --max-time 20 http://other.sandbench.test/hello.txt"_s;
    QCOMPARE(runOne(c, fetch).stdoutText, u"403"_s);
    // The refusal reached the WebSocket: no API request ran this command, so no request id.
    const QJsonObject refused = waitForEvent(u"egress.refused"_s, [c](const QJsonObject &e) {
        return e.value(u"container_id"_s).toString() == c->id();
    });
    QVERIFY2(!refused.isEmpty(), "no egress.refused event");
    QCOMPARE(refused.value(u"host"_s).toString(), u"other.sandbench.test"_s);
    QCOMPARE(refused.value(u"port"_s).toInt(), 80);
    QVERIFY(refused.value(u"allowable"_s).toBool());
    QVERIFY(refused.value(u"request_id"_s).isNull());
    QVERIFY(refused.value(u"time_ms"_s).toInteger() > 0);
    QVERIFY(QDateTime::fromString(refused.value(u"time"_s).toString(), Qt::ISODateWithMs).isValid());
    const qint64 pidBefore = c->initPid();

    const Reply r = allow(c->id(), {{u"host"_s, u"Other.Sandbench.Test"_s}});
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json.value(u"object"_s).toString(), u"container.network_policy"_s);
    QCOMPARE(r.json.value(u"container_id"_s).toString(), c->id());
    QCOMPARE(r.json.value(u"allowed"_s).toArray(), QJsonArray{u"other.sandbench.test"_s});
    QVERIFY(r.json.value(u"changed"_s).toBool());
    QCOMPARE(r.json.value(u"restart"_s).toString(), u"restarted"_s);
    QCOMPARE(r.json.value(u"restart_pending"_s).toBool(), false);
    const QJsonObject policy = r.json.value(u"network_policy"_s).toObject();
    QCOMPARE(policy.value(u"type"_s).toString(), u"allowlist"_s);
    QCOMPARE(policy.value(u"allowed_domains"_s).toArray(),
             QJsonArray({u"other.sandbench.test"_s, u"web.sandbench.test"_s}));
    const QJsonObject replaced = waitForEvent(u"network_policy.replaced"_s, [c](const QJsonObject &e) {
        return e.value(u"container_id"_s).toString() == c->id();
    });
    QVERIFY(replaced.value(u"restarted"_s).toBool());
    QTRY_VERIFY(c->initPid() > 0 && c->initPid() != pidBefore);

    const CommandResult reached = runOne(c, u"curl -s --max-time 20 http://other.sandbench.test/hello.txt"_s);
    QCOMPARE(reached.outcome.exitCode, 0);
    QVERIFY2(!reached.stdoutText.isEmpty() && !reached.stdoutText.contains(u"403"_s),
             qPrintable(reached.stdoutText));
    QCOMPARE(runOne(c, u"cat kept.txt"_s).stdoutText, u"made-before\n"_s);
    QString error;
    const std::optional<ContainerMeta> meta =
        ContainerRegistry(m_dir.path() + u"/data"_s).load(u"test"_s, c->id(), &error);
    QVERIFY2(meta, qPrintable(error));
    QCOMPARE(NetworkPolicy::fromSaved(meta->policy).entries(),
             QStringList({u"other.sandbench.test"_s, u"web.sandbench.test"_s}));

    // Again: nothing changes, nothing restarts; GET shows the same policy.
    const qint64 pidAfter = c->initPid();
    const Reply again = allow(c->id(), {{u"host"_s, u"other.sandbench.test"_s}});
    QCOMPARE(again.status, 200);
    QVERIFY(!again.json.value(u"changed"_s).toBool());
    QCOMPARE(again.json.value(u"restart"_s).toString(), u"none"_s);
    QCOMPARE(c->initPid(), pidAfter);
    const Reply shown = send("GET", u"/api/v1/containers/%1/network"_s.arg(c->id()));
    QCOMPARE(shown.status, 200);
    QCOMPARE(shown.json.value(u"network_policy"_s).toObject(), policy);
}

void TestNetAllowApi::severalHostsAtOnceRestartOnce()
{
    // A container without network that never started: the list becomes its allowlist for its first start.
    Container *c = containerWith({});
    QVERIFY(c);
    QSignalSpy replaced(c, &Container::networkPolicyReplaced);
    const Reply r = allow(c->id(), {{u"hosts"_s, QJsonArray{u"pypi.org"_s, u"*.pythonhosted.org"_s}}});
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json.value(u"restart"_s).toString(), u"next_start"_s);
    QCOMPARE(r.json.value(u"network_policy"_s).toObject().value(u"allowed_domains"_s).toArray(),
             QJsonArray({u"*.pythonhosted.org"_s, u"pypi.org"_s}));
    QCOMPARE(replaced.size(), 1);

    // All or nothing: one bad entry leaves the policy as it was.
    const Reply bad = allow(c->id(), {{u"hosts"_s, QJsonArray{u"ok.example.com"_s, u"not a host"_s}}});
    QCOMPARE(bad.status, 400);
    QCOMPARE(bad.json.value(u"error"_s).toObject().value(u"code"_s).toString(), u"invalid_host"_s);
    QVERIFY2(bad.json.value(u"error"_s).toObject().value(u"message"_s).toString().contains(u"not a host"_s),
             bad.raw.constData());
    QCOMPARE(c->nextNetworkPolicy().entries(), QStringList({u"*.pythonhosted.org"_s, u"pypi.org"_s}));
    QCOMPARE(replaced.size(), 1);

    // The policy's own limit of 50 entries holds across requests.
    QJsonArray many;
    for (int i = 0; i < 48; ++i)
        many.append(u"h%1.example.com"_s.arg(i));
    QCOMPARE(allow(c->id(), {{u"hosts"_s, many}}).status, 200);
    const Reply full = allow(c->id(), {{u"host"_s, u"one-too-many.example.com"_s}});
    QCOMPARE(full.status, 400);
    QCOMPARE(full.json.value(u"error"_s).toObject().value(u"code"_s).toString(), u"invalid_host"_s);
    QCOMPARE(c->nextNetworkPolicy().entries().size(), 50);
}

void TestNetAllowApi::refusalOfAnApiRequestNamesTheRequest()
{
    // A request's shell call tries a host outside the request's network_policy: refused before any lookup,
    // so no outside network is needed; the event names the request and the call.
    FakeUpstream fake;
    QVERIFY(fake.listen());
    QString error;
    QVERIFY2(fake.addAsProvider(m_dir.path() + u"/data"_s, u"test"_s, u"chat"_s, u"fake"_s, &error),
             qPrintable(error));
    fake.setScript(
        {FakeStep::toolCall(u"shell"_s, {{u"commands"_s, QJsonArray{u"curl -s -o /dev/null --max-time 20 "
                                                                    u"https://blocked.sandbench.test/"_s}}}),
         FakeStep::answer(u"refused"_s)});
    const QJsonObject body{
        {u"model"_s, u"fake/m"_s},
        {u"input"_s, u"fetch"_s},
        {u"tools"_s, QJsonArray{QJsonObject{
                         {u"type"_s, u"openrouter:shell"_s},
                         {u"parameters"_s,
                          QJsonObject{{u"network_policy"_s,
                                       QJsonObject{{u"type"_s, u"allowlist"_s},
                                                   {u"allowed_domains"_s, QJsonArray{u"pypi.org"_s}}}}}}}}}};
    const Reply r = send("POST", u"/api/v1/responses"_s, QJsonDocument(body).toJson());
    QVERIFY2(r.status == 200, r.raw.constData());
    const QJsonObject started =
        waitForEvent(u"shell_call.started"_s, [](const QJsonObject &) { return true; });
    QVERIFY(!started.isEmpty());
    const QJsonObject refused = waitForEvent(u"egress.refused"_s, [](const QJsonObject &e) {
        return e.value(u"host"_s).toString() == u"blocked.sandbench.test"_s;
    });
    QVERIFY2(!refused.isEmpty(), "no egress.refused event");
    QCOMPARE(refused.value(u"request_id"_s).toString(), started.value(u"request_id"_s).toString());
    QCOMPARE(refused.value(u"call_id"_s).toString(), started.value(u"call_id"_s).toString());
    QCOMPARE(refused.value(u"container_id"_s).toString(), started.value(u"container_id"_s).toString());
    QCOMPARE(refused.value(u"port"_s).toInt(), 443);
    QVERIFY(refused.value(u"allowable"_s).toBool());
    QVERIFY(!refused.value(u"reason"_s).toString().isEmpty());

    // The endpoint is the client's own explicit choice: it widens the request's container too.
    const QString id = refused.value(u"container_id"_s).toString();
    const Reply allowed = allow(id, {{u"host"_s, u"blocked.sandbench.test"_s}});
    QCOMPARE(allowed.status, 200);
    QCOMPARE(allowed.json.value(u"network_policy"_s).toObject().value(u"allowed_domains"_s).toArray(),
             QJsonArray({u"blocked.sandbench.test"_s, u"pypi.org"_s}));
}

// Issue 30: an MCP client's shell call (Streamable HTTP at /mcp) is attributed the same way: the refusal
// names the MCP call's request and call, as the live view shows them.
void TestNetAllowApi::refusalOfAnMcpCallNamesTheCall()
{
    const auto post = [this](const QJsonObject &message, const QByteArray &session, QByteArray *sessionOut) {
        QNetworkRequest request(QUrl(u"http://127.0.0.1:%1/mcp"_s.arg(m_server->port())));
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
        request.setRawHeader("Accept", "application/json, text/event-stream");
        request.setRawHeader("Authorization", "Bearer " + m_key.toUtf8());
        if (!session.isEmpty())
            request.setRawHeader("Mcp-Session-Id", session);
        request.setTransferTimeout(120000);
        QNetworkReply *reply = m_nam.post(request, QJsonDocument(message).toJson(QJsonDocument::Compact));
        (void)QTest::qWaitFor([reply] { return reply->isFinished(); }, 120000);
        if (sessionOut)
            *sessionOut = reply->rawHeader("Mcp-Session-Id");
        const QByteArray body = reply->readAll();
        reply->deleteLater();
        return body;
    };
    QByteArray session;
    post({{u"jsonrpc"_s, u"2.0"_s},
          {u"id"_s, 1},
          {u"method"_s, u"initialize"_s},
          {u"params"_s, QJsonObject{{u"protocolVersion"_s, u"2025-11-25"_s},
                                    {u"capabilities"_s, QJsonObject()},
                                    {u"clientInfo"_s, QJsonObject{{u"name"_s, u"egress-client"_s}}}}}},
         {}, &session);
    QVERIFY(!session.isEmpty());
    const QJsonObject args{
        {u"commands"_s,
         QJsonArray{u"curl -s -o /dev/null --max-time 20 https://mcp-blocked.sandbench.test/"_s}},
        {u"network_policy"_s,
         QJsonObject{{u"type"_s, u"allowlist"_s}, {u"allowed_domains"_s, QJsonArray{u"pypi.org"_s}}}}};
    const QByteArray result =
        post({{u"jsonrpc"_s, u"2.0"_s},
              {u"id"_s, 2},
              {u"method"_s, u"tools/call"_s},
              {u"params"_s, QJsonObject{{u"name"_s, u"shell"_s}, {u"arguments"_s, args}}}},
             session, nullptr);
    QVERIFY2(result.contains("structuredContent") && !result.contains("\"isError\":true"),
             result.constData());
    const QJsonObject started = waitForEvent(u"shell_call.started"_s, [](const QJsonObject &e) {
        return e.value(u"action"_s)[u"commands"_s][0].toString().contains(u"mcp-blocked"_s);
    });
    QVERIFY(!started.isEmpty());
    const QJsonObject refused = waitForEvent(u"egress.refused"_s, [](const QJsonObject &e) {
        return e.value(u"host"_s).toString() == u"mcp-blocked.sandbench.test"_s;
    });
    QVERIFY2(!refused.isEmpty(), "no egress.refused event");
    QVERIFY(!started.value(u"request_id"_s).toString().isEmpty());
    QCOMPARE(refused.value(u"request_id"_s).toString(), started.value(u"request_id"_s).toString());
    QCOMPARE(refused.value(u"call_id"_s).toString(), started.value(u"call_id"_s).toString());
    QCOMPARE(refused.value(u"container_id"_s).toString(), started.value(u"container_id"_s).toString());
}

// Issue 28 (7): names and addresses the proxy refuses whatever the policy says (loopback, documentation)
// are not "allowable": allowing them could not let the connection through. A name refused only by the
// policy is. No outside network is needed: nothing here is looked up or connected.
void TestNetAllowApi::refusalAllowingCannotHelpIsNotAllowable()
{
    Container *c = containerWith({u"web.sandbench.test"_s});
    QVERIFY(c);
    // The container's own no_proxy would keep curl off the proxy for loopback.
    const QString fetch = u"no_proxy= NO_PROXY= curl -s -o /dev/null --max-time 20 http://%1/"_s;
    const QList<QPair<QString, bool>> cases = {{u"localhost"_s, false},
                                               {u"127.0.0.1"_s, false},
                                               {u"192.0.2.1"_s, false},
                                               {u"refused-by-policy.sandbench.test"_s, true}};
    for (const auto &[host, allowable] : cases) {
        QCOMPARE(runOne(c, fetch.arg(host)).outcome.exitCode, 0); // curl without -f: a 403 is no error
        const QJsonObject refused = waitForEvent(u"egress.refused"_s, [c, host](const QJsonObject &e) {
            return e.value(u"container_id"_s).toString() == c->id() && e.value(u"host"_s).toString() == host;
        });
        QVERIFY2(!refused.isEmpty(), qPrintable(u"no egress.refused event for "_s + host));
        QVERIFY2(refused.value(u"reason"_s).toString().contains(u"not in the network policy"_s),
                 qPrintable(refused.value(u"reason"_s).toString()));
        QVERIFY2(refused.value(u"allowable"_s).toBool() == allowable, qPrintable(host));
    }
}

void TestNetAllowApi::badInput_data()
{
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<QString>("suffix"); // after /api/v1/containers/ID
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("message"); // a part of the error message

    const QByteArray ok = R"({"host":"example.com"})";
    QTest::newRow("GET on allow") << QByteArray("GET") << u"/network/allow"_s << QByteArray() << 405
                                  << u"use POST"_s;
    QTest::newRow("DELETE on network")
        << QByteArray("DELETE") << u"/network"_s << QByteArray() << 405 << u"use GET"_s;
    QTest::newRow("unknown action") << QByteArray("POST") << u"/network/deny"_s << ok << 404
                                    << u"no endpoint"_s;
    QTest::newRow("not JSON") << QByteArray("POST") << u"/network/allow"_s << QByteArray("host=x") << 400
                              << u"malformed JSON"_s;
    QTest::newRow("array") << QByteArray("POST") << u"/network/allow"_s << QByteArray(R"(["x.com"])") << 400
                           << u"must be a JSON object"_s;
    QTest::newRow("empty object") << QByteArray("POST") << u"/network/allow"_s << QByteArray("{}") << 400
                                  << u"give either \"host\""_s;
    QTest::newRow("both") << QByteArray("POST") << u"/network/allow"_s
                          << QByteArray(R"({"host":"a.com","hosts":["b.com"]})") << 400
                          << u"give either \"host\""_s;
    QTest::newRow("unknown field") << QByteArray("POST") << u"/network/allow"_s
                                   << QByteArray(R"({"host":"a.com","port":8080})") << 400
                                   << u"unknown field \"port\""_s;
    QTest::newRow("host not a string") << QByteArray("POST") << u"/network/allow"_s
                                       << QByteArray(R"({"host":42})") << 400 << u"must be a string"_s;
    QTest::newRow("hosts empty") << QByteArray("POST") << u"/network/allow"_s << QByteArray(R"({"hosts":[]})")
                                 << 400 << u"list of 1 to 50"_s;
    QTest::newRow("hosts not strings")
        << QByteArray("POST") << u"/network/allow"_s << QByteArray(R"({"hosts":["a.com",1]})") << 400
        << u"list of strings"_s;
    QStringList many;
    for (int i = 0; i < 51; ++i)
        many.append(u"\"h%1.example.com\""_s.arg(i));
    QTest::newRow("too many hosts") << QByteArray("POST") << u"/network/allow"_s
                                    << (u"{\"hosts\":["_s + many.join(u',') + u"]}"_s).toUtf8() << 400
                                    << u"51 entries; at most 50"_s;
    const QList<std::pair<const char *, const char *>> hosts{
        {"*", "allow one host at a time"},
        {"http://example.com/", "it has a scheme; give only the host name"},
        {"exa mple.com", "spaces or control characters"},
        {"", "empty entries are not allowed"},
        {"10.0.0.1:80", "ports are not part of the policy"},
        {"a..b", "empty label"}};
    for (const auto &[host, why] : hosts) {
        QTest::addRow("invalid host '%s'", host)
            << QByteArray("POST") << u"/network/allow"_s
            << QJsonDocument(QJsonObject{{u"host"_s, QString::fromLatin1(host)}}).toJson() << 400
            << QString::fromLatin1(why);
    }
}

void TestNetAllowApi::badInput()
{
    QFETCH(QByteArray, method);
    QFETCH(QString, suffix);
    QFETCH(QByteArray, body);
    QFETCH(int, status);
    QFETCH(QString, message);
    static Container *c = nullptr;
    if (!c)
        c = containerWith({u"pypi.org"_s});
    QVERIFY(c);
    const Reply r = send(method, u"/api/v1/containers/"_s + c->id() + suffix, body);
    QCOMPARE(r.status, status);
    // The API's own error shape.
    const QJsonObject error = r.json.value(u"error"_s).toObject();
    QVERIFY2(error.value(u"message"_s).toString().contains(message), r.raw.constData());
    QCOMPARE(error.value(u"type"_s).toString(),
             status == 404 ? u"not_found_error"_s : u"invalid_request_error"_s);
    QVERIFY(error.contains(u"param"_s) && error.contains(u"code"_s));
    if (error.value(u"code"_s).toString() == u"invalid_host")
        QVERIFY(error.value(u"message"_s).toString().startsWith(u"cannot allow \""_s));
    // Nothing was widened.
    QCOMPARE(c->nextNetworkPolicy().entries(), QStringList{u"pypi.org"_s});
}

void TestNetAllowApi::otherWorkspacesContainersAreNotFound()
{
    Container *c = containerWith({u"pypi.org"_s});
    QVERIFY(c);
    QString error;
    const std::optional<QString> otherKey = m_server->keys()->create(u"other"_s, &error);
    QVERIFY2(otherKey, qPrintable(error));
    const QByteArray body = R"({"host":"example.com"})";
    const QString path = u"/api/v1/containers/%1/network/allow"_s.arg(c->id());
    const Reply foreign = send("POST", path, body, *otherKey);
    QCOMPARE(foreign.status, 404);
    QCOMPARE(foreign.json.value(u"error"_s).toObject().value(u"type"_s).toString(), u"not_found_error"_s);
    const Reply unknown = send("POST", u"/api/v1/containers/sess_nosuchcontainer/network/allow"_s, body);
    QCOMPARE(unknown.status, 404);
    QVERIFY(unknown.json.value(u"error"_s)
                .toObject()
                .value(u"message"_s)
                .toString()
                .contains(u"no container sess_nosuchcontainer"_s));
    const Reply badId = send("POST", u"/api/v1/containers/a.b/network/allow"_s, body);
    QCOMPARE(badId.status, 400);
    QVERIFY(badId.json.value(u"error"_s)
                .toObject()
                .value(u"message"_s)
                .toString()
                .contains(u"invalid container id"_s));
    const Reply noKey = send("POST", path, body, u"sbk_not-a-key"_s);
    QCOMPARE(noKey.status, 401);
    QCOMPARE(noKey.json.value(u"error"_s).toObject().value(u"code"_s).toString(), u"invalid_api_key"_s);
    QCOMPARE(c->nextNetworkPolicy().entries(), QStringList{u"pypi.org"_s});
}

void TestNetAllowApi::oversizedBodyIsRefused()
{
    Container *c = containerWith({u"pypi.org"_s});
    QVERIFY(c);
    const QByteArray body =
        "{\"host\":\"example.com\",\"pad\":\"" + QByteArray(ApiServer::MaxNetworkBodyBytes, 'x') + "\"}";
    const Reply r = send("POST", u"/api/v1/containers/%1/network/allow"_s.arg(c->id()), body);
    QCOMPARE(r.status, 413);
    QCOMPARE(r.json.value(u"error"_s).toObject().value(u"code"_s).toString(), u"request_too_large"_s);
    QCOMPARE(c->nextNetworkPolicy().entries(), QStringList{u"pypi.org"_s});
}

QTEST_GUILESS_MAIN(TestNetAllowApi)
#include "test_netallowapi.moc"
