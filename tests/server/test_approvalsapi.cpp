// SPDX-License-Identifier: GPL-3.0-or-later
#include "config-sandbench-tests.h"
#include "fakeupstream.h"
#include "support/clirun.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QRegularExpression>
#include <QSocketNotifier>
#include <QTemporaryDir>
#include <QTest>
#include <QWebSocket>

#include <memory>

#include <pty.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

// Approvals of API requests against a real `sandbench serve --approvals ask` (issue 17): the request waits,
// its SSE stream and the WebSocket say so, a WebSocket decision resumes or refuses it, the limit expires with
// a tool error, nothing-can-ask is refused; and the terminal prompt answers through a pty.
class TestApprovalsApi final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void serveRefusesWhenNothingCanAsk();
    void allowOverWebSocketResumesStream();
    void denyOverWebSocketGivesModelTheNote();
    void limitExpiresWithToolError();
    void badDecisionsGetErrors();
    void officialSdksReadThroughTheWait();
    void noViewerRefusesAtOnce();
    void terminalPromptAnswers();

private:
    QNetworkReply *postAsync(quint16 port, const QJsonObject &body);
    QJsonObject waitFor(const QString &type);
    void decide(const QString &id, const QString &decision, const QString &note = {});
    QJsonObject logged(const QString &requestId);

    QTemporaryDir m_dir;
    FakeUpstream m_fake;
    QProcess m_server;
    quint16 m_port = 0;
    QString m_key;
    QNetworkAccessManager m_nam;
    QWebSocket m_ws;
    QList<QJsonObject> m_events;
};

static QJsonObject body(const QString &model, bool stream)
{
    return {{u"model"_s, model},
            {u"input"_s, u"go"_s},
            {u"stream"_s, stream},
            {u"tools"_s, QJsonArray{QJsonObject{{u"type"_s, u"openrouter:shell"_s}}}}};
}

static FakeStep shellCall(const QString &command)
{
    return FakeStep::toolCall(u"shell"_s, {{u"commands"_s, QJsonArray{command}}});
}

void TestApprovalsApi::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QByteArray out;
    if (runSandbench(m_dir.path(), {u"doctor"_s}, &out) != 0)
        QSKIP("sandboxes cannot run on this machine (sandbench doctor fails)");
    QVERIFY(m_fake.listen());
    QCOMPARE(runSandbench(m_dir.path(), {u"providers"_s, u"add"_s, u"fake"_s, u"--api"_s, u"chat"_s,
                                         u"--base-url"_s, m_fake.baseUrl().toString(), u"--default"_s}),
             0);
    QCOMPARE(runSandbench(m_dir.path(), {u"keys"_s, u"create"_s}, &out), 0);
    m_key = QString::fromUtf8(out.trimmed());
    m_server.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_server.start(QStringLiteral(SANDBENCH_BIN_DIR "/sandbench"),
                   {u"serve"_s, u"--port"_s, u"0"_s, u"--data-dir"_s, m_dir.path(), u"--approvals"_s,
                    u"ask"_s, u"--approvals-viewers"_s});
    QVERIFY(m_server.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(m_server.canReadLine(), 30000);
    const QRegularExpressionMatch m =
        QRegularExpression(u":(\\d+)/api/v1"_s).match(QString::fromUtf8(m_server.readLine()));
    QVERIFY(m.hasMatch());
    m_port = quint16(m.captured(1).toUInt());
    connect(&m_ws, &QWebSocket::textMessageReceived, this, [this](const QString &text) {
        m_events.append(QJsonDocument::fromJson(text.toUtf8()).object());
    });
    m_ws.open(QUrl(u"ws://127.0.0.1:%1/api/v1/events?key=%2"_s.arg(m_port).arg(m_key)));
    QVERIFY(!waitFor(u"hello"_s).isEmpty());
}

void TestApprovalsApi::cleanupTestCase()
{
    m_ws.close();
    if (m_server.state() != QProcess::NotRunning) {
        m_server.terminate();
        if (!m_server.waitForFinished(10000))
            m_server.kill();
    }
}

QNetworkReply *TestApprovalsApi::postAsync(quint16 port, const QJsonObject &b)
{
    QNetworkRequest request(QUrl(u"http://127.0.0.1:%1/api/v1/responses"_s.arg(port)));
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader("Authorization", "Bearer " + m_key.toUtf8());
    request.setTransferTimeout(120000);
    return m_nam.post(request, QJsonDocument(b).toJson(QJsonDocument::Compact));
}

QJsonObject TestApprovalsApi::waitFor(const QString &type)
{
    QJsonObject found;
    QTest::qWaitFor(
        [&] {
            for (qsizetype i = 0; i < m_events.size(); ++i) {
                if (m_events.at(i).value(u"type"_s).toString() == type) {
                    found = m_events.takeAt(i);
                    return true;
                }
            }
            return false;
        },
        60000);
    return found;
}

void TestApprovalsApi::decide(const QString &id, const QString &decision, const QString &note)
{
    m_ws.sendTextMessage(QString::fromUtf8(QJsonDocument(QJsonObject{{u"type"_s, u"approval.decide"_s},
                                                                     {u"approval_id"_s, id},
                                                                     {u"decision"_s, decision},
                                                                     {u"note"_s, note}})
                                               .toJson(QJsonDocument::Compact)));
}

QJsonObject TestApprovalsApi::logged(const QString &requestId)
{
    // The log is written on a worker thread: wait until the record is there.
    QByteArray out;
    QTest::qWaitFor(
        [&] {
            return runSandbench(m_dir.path(), {u"logs"_s, u"show"_s, requestId, u"--json"_s}, &out) == 0;
        },
        20000);
    return QJsonDocument::fromJson(out).object();
}

void TestApprovalsApi::serveRefusesWhenNothingCanAsk()
{
    QProcess p;
    p.setStandardInputFile(QProcess::nullDevice());
    p.start(QStringLiteral(SANDBENCH_BIN_DIR "/sandbench"),
            {u"serve"_s, u"--port"_s, u"0"_s, u"--data-dir"_s, m_dir.path(), u"--approvals"_s, u"ask"_s});
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 2);
    const QByteArray err = p.readAllStandardError();
    QVERIFY2(err.contains("needs someone to answer each ask") && err.contains("--approvals-viewers"),
             err.constData());
    p.start(QStringLiteral(SANDBENCH_BIN_DIR "/sandbench"), {u"serve"_s, u"--port"_s, u"0"_s, u"--data-dir"_s,
                                                             m_dir.path(), u"--approvals"_s, u"sometimes"_s});
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 2);
    QVERIFY(p.readAllStandardError().contains("run-all, ask, rules"));
}

void TestApprovalsApi::allowOverWebSocketResumesStream()
{
    m_events.clear();
    m_fake.setScriptForModel(u"allow"_s,
                             {shellCall(u"echo resumed-$((40+2))"_s), FakeStep::answer(u"done"_s)});
    std::unique_ptr<QNetworkReply> reply(postAsync(m_port, body(u"allow"_s, true)));
    QByteArray stream;
    connect(reply.get(), &QNetworkReply::readyRead, this, [&] { stream += reply->readAll(); });
    const QJsonObject pending = waitFor(u"approval.pending"_s);
    QVERIFY2(!pending.isEmpty(), "no approval.pending on the WebSocket");
    QCOMPARE(pending.value(u"commands"_s).toArray(), QJsonArray{u"echo resumed-$((40+2))"_s});
    const QString id = pending.value(u"approval_id"_s).toString();
    QVERIFY(id.startsWith(u"apr_"_s));
    // The request waits: the stream says so in an SSE comment, and nothing ran.
    QTRY_VERIFY_WITH_TIMEOUT(stream.contains(QByteArray(": sandbench approval pending " + id.toUtf8())),
                             20000);
    QVERIFY(!stream.contains("resumed-42"));
    QCOMPARE(m_fake.modelRequests().size(), 1);
    QVERIFY(!reply->isFinished());

    decide(id, u"allow_once"_s);
    const QJsonObject resolved = waitFor(u"approval.resolved"_s);
    QCOMPARE(resolved.value(u"decision"_s).toString(), u"allow_once"_s);
    QCOMPARE(resolved.value(u"by"_s).toString(), u"websocket"_s);
    QTRY_VERIFY_WITH_TIMEOUT(reply->isFinished(), 60000);
    stream += reply->readAll();
    QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
    QVERIFY(stream.contains("resumed-42"));
    QVERIFY(stream.contains("response.completed"));

    // The decision is in the request log.
    const QString requestId = pending.value(u"request_id"_s).toString();
    const QJsonArray approvals = logged(requestId).value(u"approvals"_s).toArray();
    QCOMPARE(approvals.size(), 1);
    QCOMPARE(approvals.at(0)[u"decision"_s].toString(), u"allow_once"_s);
    QCOMPARE(approvals.at(0)[u"by"_s].toString(), u"websocket"_s);
    QCOMPARE(approvals.at(0)[u"verdict"_s].toString(), u"ask"_s);
}

void TestApprovalsApi::denyOverWebSocketGivesModelTheNote()
{
    m_events.clear();
    m_fake.clearRequests();
    m_fake.setScriptForModel(u"deny"_s,
                             {shellCall(u"touch denied.txt"_s), FakeStep::answer(u"understood"_s)});
    std::unique_ptr<QNetworkReply> reply(postAsync(m_port, body(u"deny"_s, false)));
    const QJsonObject pending = waitFor(u"approval.pending"_s);
    QVERIFY(!pending.isEmpty());
    decide(pending.value(u"approval_id"_s).toString(), u"deny"_s, u"not in this folder"_s);
    QTRY_VERIFY_WITH_TIMEOUT(reply->isFinished(), 60000);
    QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
    const QJsonObject response = QJsonDocument::fromJson(reply->readAll()).object();
    QVERIFY(QJsonDocument(response).toJson().contains("understood"));
    const QList<RecordedRequest> requests = m_fake.modelRequests();
    QCOMPARE(requests.size(), 2);
    QVERIFY2(requests.at(1).body.contains(
                 "the user denied this call; it was not run. Their note: not in this folder"),
             requests.at(1).body.constData());
    const QJsonArray approvals =
        logged(pending.value(u"request_id"_s).toString()).value(u"approvals"_s).toArray();
    QCOMPARE(approvals.at(0)[u"decision"_s].toString(), u"deny"_s);
    QCOMPARE(approvals.at(0)[u"note"_s].toString(), u"not in this folder"_s);
}

void TestApprovalsApi::limitExpiresWithToolError()
{
    m_events.clear();
    QCOMPARE(runSandbench(m_dir.path(), {u"approvals"_s, u"timeout"_s, u"1"_s}), 0);
    m_fake.clearRequests();
    m_fake.setScriptForModel(u"expire"_s, {shellCall(u"echo late"_s), FakeStep::answer(u"gave up"_s)});
    std::unique_ptr<QNetworkReply> reply(postAsync(m_port, body(u"expire"_s, true)));
    const QJsonObject pending = waitFor(u"approval.pending"_s);
    QVERIFY(!pending.isEmpty());
    const QJsonObject resolved = waitFor(u"approval.resolved"_s);
    QCOMPARE(resolved.value(u"decision"_s).toString(), u"expired"_s);
    QTRY_VERIFY_WITH_TIMEOUT(reply->isFinished(), 60000);
    QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
    QVERIFY(reply->readAll().contains("response.completed"));
    QCOMPARE(m_fake.modelRequests().size(), 2);
    QVERIFY(m_fake.modelRequests().at(1).body.contains("no one answered the approval request within 1 s"));
    // Answering after the limit is an error, not a late run.
    decide(pending.value(u"approval_id"_s).toString(), u"allow_once"_s);
    QVERIFY(waitFor(u"approval.error"_s).value(u"message"_s).toString().contains(u"expired"_s));
    QCOMPARE(runSandbench(m_dir.path(), {u"approvals"_s, u"timeout"_s, u"300"_s}), 0);
}

void TestApprovalsApi::badDecisionsGetErrors()
{
    m_events.clear();
    decide(u"apr_unknown"_s, u"allow_once"_s);
    QVERIFY(waitFor(u"approval.error"_s).value(u"message"_s).toString().contains(u"apr_unknown"_s));
    decide(u"apr_unknown"_s, u"maybe"_s);
    QVERIFY(waitFor(u"approval.error"_s).value(u"message"_s).toString().contains(u"allow_once"_s));
    m_ws.sendTextMessage(u"not json"_s);
    QVERIFY(waitFor(u"error"_s).value(u"message"_s).toString().contains(u"JSON object"_s));
}

void TestApprovalsApi::officialSdksReadThroughTheWait()
{
    if (!QFileInfo::exists(QStringLiteral(SANDBENCH_NPM_DIR "/node_modules/openai")))
        QSKIP("tests/npm/node_modules is missing: run `npm ci --prefix tests/npm`");
    m_events.clear();
    m_fake.setScriptForModel(u"sdk-approve"_s,
                             {shellCall(u"echo sdk-approved"_s), FakeStep::answer(u"one"_s),
                              shellCall(u"echo sdk-approved"_s), FakeStep::answer(u"two"_s)});
    QProcess node;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"SANDBENCH_BASE_URL"_s, u"http://127.0.0.1:%1/api/v1"_s.arg(m_port));
    env.insert(u"SANDBENCH_API_KEY"_s, m_key);
    node.setProcessEnvironment(env);
    node.setWorkingDirectory(QStringLiteral(SANDBENCH_NPM_DIR));
    node.setProcessChannelMode(QProcess::MergedChannels);
    node.start(u"node"_s, {u"approvals_sdks.mjs"_s});
    QVERIFY(node.waitForStarted());
    for (int i = 0; i < 2; ++i) {
        const QJsonObject pending = waitFor(u"approval.pending"_s);
        QVERIFY2(!pending.isEmpty(), "no approval.pending for the SDK request");
        // Long enough that the client reads the comment before the stream goes on.
        QTest::qWait(300);
        decide(pending.value(u"approval_id"_s).toString(), u"allow_once"_s);
    }
    QVERIFY(QTest::qWaitFor([&] { return node.state() == QProcess::NotRunning; }, 120000));
    const QByteArray out = node.readAll();
    QVERIFY2(node.exitCode() == 0, out.constData());
    QVERIFY(out.contains("OK openai stream") && out.contains("OK anthropic stream"));
}

void TestApprovalsApi::noViewerRefusesAtOnce()
{
    m_ws.close();
    QTRY_COMPARE(m_ws.state(), QAbstractSocket::UnconnectedState);
    m_fake.clearRequests();
    m_fake.setScriptForModel(u"alone"_s, {shellCall(u"echo alone"_s), FakeStep::answer(u"no one"_s)});
    // The server notices the close on its own loop; a request right after may still see the viewer.
    QTest::qWait(500);
    std::unique_ptr<QNetworkReply> reply(postAsync(m_port, body(u"alone"_s, false)));
    QTRY_VERIFY_WITH_TIMEOUT(reply->isFinished(), 60000);
    QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
    QCOMPARE(m_fake.modelRequests().size(), 2);
    QVERIFY(m_fake.modelRequests().at(1).body.contains("but nothing can ask"));
}

void TestApprovalsApi::terminalPromptAnswers()
{
    // serve on a pty: stdin is a terminal, so it asks there.
    int master = -1;
    const QByteArray bin = SANDBENCH_BIN_DIR "/sandbench";
    const QByteArray dataDir = m_dir.path().toUtf8();
    const pid_t pid = forkpty(&master, nullptr, nullptr, nullptr);
    QVERIFY(pid >= 0);
    if (pid == 0) {
        execl(bin.constData(), "sandbench", "serve", "--port", "0", "--data-dir", dataDir.constData(),
              "--approvals", "ask", static_cast<char *>(nullptr));
        _exit(127);
    }
    QByteArray screen;
    QSocketNotifier notifier(master, QSocketNotifier::Read);
    connect(&notifier, &QSocketNotifier::activated, this, [&] {
        char buf[4096];
        const ssize_t n = ::read(master, buf, sizeof buf);
        if (n > 0)
            screen.append(buf, n);
        else
            notifier.setEnabled(false);
    });
    const QRegularExpression portLine(u":(\\d+)/api/v1"_s);
    QTRY_VERIFY_WITH_TIMEOUT(portLine.match(QString::fromUtf8(screen)).hasMatch(), 30000);
    const quint16 port = quint16(portLine.match(QString::fromUtf8(screen)).captured(1).toUInt());

    m_fake.clearRequests();
    // A model's command may carry terminal escapes; the prompt shows them, never sends them.
    m_fake.setScriptForModel(u"tty"_s, {shellCall(u"echo tty-ok \x1b[2J"_s), FakeStep::answer(u"fine"_s),
                                        shellCall(u"echo tty-no"_s), FakeStep::answer(u"ok"_s)});
    std::unique_ptr<QNetworkReply> reply(postAsync(port, body(u"tty"_s, false)));
    QTRY_VERIFY_WITH_TIMEOUT(screen.contains("Allow? y = once"), 30000);
    QVERIFY2(screen.contains("$ \"echo tty-ok \\x1b[2J\""), screen.constData());
    QVERIFY(!screen.contains("\x1b[2J"));
    QCOMPARE(::write(master, "y\n", 2), 2);
    QTRY_VERIFY_WITH_TIMEOUT(reply->isFinished(), 60000);
    QVERIFY(m_fake.modelRequests().at(1).body.contains("tty-ok"));

    screen.clear();
    m_fake.clearRequests();
    reply.reset(postAsync(port, body(u"tty"_s, false)));
    QTRY_VERIFY_WITH_TIMEOUT(screen.contains("Allow? y = once"), 30000);
    QCOMPARE(::write(master, "what\n", 5), 5);
    QTRY_VERIFY_WITH_TIMEOUT(screen.contains("answer y, a or n [note]"), 10000);
    QCOMPARE(::write(master, "n from the terminal\n", 20), 20);
    QTRY_VERIFY_WITH_TIMEOUT(reply->isFinished(), 60000);
    QVERIFY(m_fake.modelRequests().at(1).body.contains("Their note: from the terminal"));

    ::kill(pid, SIGTERM);
    int status = 0;
    bool reaped = false;
    QTRY_VERIFY_WITH_TIMEOUT(reaped || (reaped = ::waitpid(pid, &status, WNOHANG) == pid), 20000);
    QVERIFY(WIFEXITED(status));
    ::close(master);
}

QTEST_GUILESS_MAIN(TestApprovalsApi)
#include "test_approvalsapi.moc"
