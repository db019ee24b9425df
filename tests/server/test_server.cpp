// SPDX-License-Identifier: GPL-3.0-or-later
#include "config-sandbench-tests.h"
#include "fakeupstream.h"
#include "sandbox/ocitestutil.h"
#include "support/clirun.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QWebSocket>

#include <memory>

using namespace Qt::StringLiterals;

// A real `sandbench serve` process with a scripted upstream model, driven over real sockets by Qt, Python
// requests and the official openai / @anthropic-ai/sdk npm packages.
class TestServer final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void twoCommandsInOneCall();
    void multiStepLoopKeepsContainer();
    void maxToolCallsEndsCleanly();
    void malformedArgumentsGoBackToModel();
    void commandTimeout();
    void retriesAfter429();
    void upstream500Forever();
    void sessionIdSharesContainerAndFiles();
    void networkPolicyMismatch();
    void environmentImage();
    void callerFunctionToolsPassThrough();
    void bashPersistentSession();
    void bashAutoReturnsToolUse();
    void streamingResponsesHasLiveOutput();
    void streamingMessages();
    void sixModelsAnswer5050_data();
    void sixModelsAnswer5050();
    void hostedPythonExample();
    void webSocketSeesOtherClientsRequest();
    void webSocketShowsACellAsItsOutput();
    void pythonStartedAheadServesTheNextNewContainer();
    void clientGoneMidCellKeepsTheState();
    void badRequests_data();
    void badRequests();
    void unauthorized_data();
    void unauthorized();
    void bodyTooLarge();
    void chatCompletionsRejectsShellAndForwards();
    void models();
    void codeInterpreterHostedByOpenAi();
    void npmOpenAi();
    void npmAnthropic();

private:
    struct Reply
    {
        int status = 0;
        QByteArray body;
        QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
    };
    int runCli(const QStringList &args, QByteArray *out = nullptr);
    Reply post(const QString &path, const QJsonObject &body,
               const QList<QPair<QByteArray, QByteArray>> &headers = {}, const QByteArray &rawBody = {});
    Reply get(const QString &path);
    QString url(const QString &path) const { return u"http://127.0.0.1:%1%2"_s.arg(m_port).arg(path); }
    static QJsonArray shellItems(const QJsonObject &response);
    static QString outputText(const QJsonObject &response);
    static QJsonObject shellTool(const QJsonObject &params = {});
    int runNode(const QString &script, QByteArray *out);

    QTemporaryDir m_dir;
    FakeUpstream m_fake;
    QProcess m_server;
    quint16 m_port = 0;
    QString m_key;
    QNetworkAccessManager m_nam;
};

int TestServer::runCli(const QStringList &args, QByteArray *out)
{
    return runSandbench(m_dir.path(), args, out);
}

void TestServer::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QByteArray out;
    if (runCli({u"doctor"_s}, &out) != 0)
        QSKIP("sandboxes cannot run on this machine (sandbench doctor fails)");
    QVERIFY(m_fake.listen());
    const QString base = m_fake.baseUrl().toString();
    QCOMPARE(runCli({u"providers"_s, u"add"_s, u"fake"_s, u"--api"_s, u"chat"_s, u"--base-url"_s, base,
                     u"--default"_s}),
             0);
    QCOMPARE(runCli({u"providers"_s, u"add"_s, u"fchat"_s, u"--api"_s, u"chat"_s, u"--base-url"_s, base}), 0);
    QCOMPARE(
        runCli({u"providers"_s, u"add"_s, u"fresp"_s, u"--api"_s, u"responses"_s, u"--base-url"_s, base}), 0);
    QCOMPARE(runCli({u"providers"_s, u"add"_s, u"fmsg"_s, u"--api"_s, u"messages"_s, u"--base-url"_s, base}),
             0);
    // "localhost" stands for OpenAI's own API (SANDBENCH_OPENAI_HOSTS below); 127.0.0.1 is any other server.
    QString openAiLike = base;
    openAiLike.replace(u"127.0.0.1"_s, u"localhost"_s);
    QCOMPARE(runCli({u"providers"_s, u"add"_s, u"fopenai"_s, u"--api"_s, u"responses"_s, u"--base-url"_s,
                     openAiLike}),
             0);
    QCOMPARE(runCli({u"providers"_s, u"list"_s}, &out), 0);
    QVERIFY(out.contains("fresp"));
    QCOMPARE(runCli({u"keys"_s, u"create"_s}, &out), 0);
    m_key = QString::fromUtf8(out.trimmed());
    QVERIFY(m_key.startsWith(u"sbk_"_s));
    // Only the key's hash is stored.
    QFile keys(m_dir.filePath(u"workspaces/default/keys.json"_s));
    QVERIFY(keys.open(QIODevice::ReadOnly));
    QVERIFY(!keys.readAll().contains(m_key.toUtf8()));

    m_server.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"SANDBENCH_OPENAI_HOSTS"_s, u"localhost"_s);
    m_server.setProcessEnvironment(env);
    m_server.start(QStringLiteral(SANDBENCH_BIN_DIR "/sandbench"),
                   {u"serve"_s, u"--port"_s, u"0"_s, u"--data-dir"_s, m_dir.path()});
    QVERIFY(m_server.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(m_server.canReadLine(), 30000);
    const QString line = QString::fromUtf8(m_server.readLine());
    const QRegularExpressionMatch m = QRegularExpression(u":(\\d+)/api/v1"_s).match(line);
    QVERIFY2(m.hasMatch(), qPrintable(line));
    m_port = quint16(m.captured(1).toUInt());
}

void TestServer::cleanupTestCase()
{
    if (m_server.state() != QProcess::NotRunning) {
        m_server.terminate();
        if (!m_server.waitForFinished(10000))
            m_server.kill();
    }
}

TestServer::Reply TestServer::post(const QString &path, const QJsonObject &body,
                                   const QList<QPair<QByteArray, QByteArray>> &headers,
                                   const QByteArray &rawBody)
{
    QNetworkRequest request(QUrl(url(path)));
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setTransferTimeout(120000);
    bool hasAuth = false;
    for (const auto &h : headers) {
        request.setRawHeader(h.first, h.second);
        hasAuth = hasAuth || h.first.toLower() == "authorization" || h.first.toLower() == "x-api-key";
    }
    if (!hasAuth)
        request.setRawHeader("Authorization", "Bearer " + m_key.toUtf8());
    std::unique_ptr<QNetworkReply> reply(
        m_nam.post(request, rawBody.isNull() ? QJsonDocument(body).toJson(QJsonDocument::Compact) : rawBody));
    Reply result;
    if (!QTest::qWaitFor([&] { return reply->isFinished(); }, 150000))
        return result;
    result.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    result.body = reply->readAll();
    return result;
}

TestServer::Reply TestServer::get(const QString &path)
{
    QNetworkRequest request(QUrl(url(path)));
    request.setRawHeader("Authorization", "Bearer " + m_key.toUtf8());
    std::unique_ptr<QNetworkReply> reply(m_nam.get(request));
    Reply result;
    if (!QTest::qWaitFor([&] { return reply->isFinished(); }, 60000))
        return result;
    result.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    result.body = reply->readAll();
    return result;
}

QJsonArray TestServer::shellItems(const QJsonObject &response)
{
    QJsonArray items;
    for (const QJsonValue &v : response.value(u"output"_s).toArray())
        if (v.toObject().value(u"type"_s).toString() == u"openrouter:shell")
            items.append(v);
    return items;
}

QString TestServer::outputText(const QJsonObject &response)
{
    QString text;
    for (const QJsonValue &v : response.value(u"output"_s).toArray())
        for (const QJsonValue &part : v.toObject().value(u"content"_s).toArray())
            text += part.toObject().value(u"text"_s).toString();
    for (const QJsonValue &v : response.value(u"content"_s).toArray())
        text += v.toObject().value(u"text"_s).toString();
    return text;
}

QJsonObject TestServer::shellTool(const QJsonObject &params)
{
    QJsonObject tool{{u"type"_s, u"openrouter:shell"_s}};
    if (!params.isEmpty())
        tool.insert(u"parameters"_s, params);
    return tool;
}

static QJsonObject responsesBody(const QString &model, const QJsonObject &tool,
                                 const QString &input = u"go"_s)
{
    return {{u"model"_s, model}, {u"input"_s, input}, {u"tools"_s, QJsonArray{tool}}};
}

static QJsonObject commands(const QStringList &list)
{
    return {{u"commands"_s, QJsonArray::fromStringList(list)}};
}

void TestServer::twoCommandsInOneCall()
{
    m_fake.setScriptForModel(
        u"two"_s, {FakeStep::toolCall(u"shell"_s, commands({u"echo one"_s, u"echo two >&2; exit 3"_s})),
                   FakeStep::answer(u"saw: {{last_tool_result}}"_s)});
    const Reply r = post(u"/api/v1/responses"_s, responsesBody(u"two"_s, shellTool()));
    QCOMPARE(r.status, 200);
    const QJsonObject json = r.json();
    QCOMPARE(json.value(u"status"_s).toString(), u"completed"_s);
    const QJsonArray items = shellItems(json);
    QCOMPARE(items.size(), 1);
    const QJsonObject item = items.at(0).toObject();
    QVERIFY(item.value(u"container_id"_s).toString().startsWith(u"sess_"_s));
    QCOMPARE(item.value(u"status"_s).toString(), u"completed"_s);
    QCOMPARE(item.value(u"action"_s).toObject().value(u"commands"_s).toArray().size(), 2);
    const QJsonArray output = item.value(u"output"_s).toArray();
    QCOMPARE(output.size(), 2);
    QCOMPARE(output.at(0).toObject().value(u"stdout"_s).toString(), u"one\n"_s);
    QCOMPARE(output.at(1).toObject().value(u"stderr"_s).toString(), u"two\n"_s);
    QCOMPARE(output.at(1).toObject().value(u"outcome"_s).toObject().value(u"exit_code"_s).toInt(), 3);
    QVERIFY(outputText(json).contains(u"one"_s));
    QVERIFY(json.value(u"usage"_s).toObject().value(u"server_tool_cost"_s).toDouble() > 0);
}

void TestServer::multiStepLoopKeepsContainer()
{
    m_fake.setScriptForModel(u"loop"_s,
                             {FakeStep::toolCall(u"shell"_s, commands({u"echo step1 > notes.txt"_s})),
                              FakeStep::toolCall(u"shell"_s, commands({u"echo step2 >> notes.txt"_s})),
                              FakeStep::toolCall(u"shell"_s, commands({u"cat notes.txt"_s})),
                              FakeStep::answer(u"final {{last_tool_result}}"_s)});
    const Reply r = post(u"/api/v1/responses"_s, responsesBody(u"loop"_s, shellTool()));
    QCOMPARE(r.status, 200);
    const QJsonArray items = shellItems(r.json());
    QCOMPARE(items.size(), 3);
    const QString container = items.at(0).toObject().value(u"container_id"_s).toString();
    QCOMPARE(items.at(2).toObject().value(u"container_id"_s).toString(), container);
    QCOMPARE(
        items.at(2).toObject().value(u"output"_s).toArray().at(0).toObject().value(u"stdout"_s).toString(),
        u"step1\nstep2\n"_s);
    QVERIFY(outputText(r.json()).contains(u"step2"_s));
}

void TestServer::maxToolCallsEndsCleanly()
{
    m_fake.setScriptForModel(u"forever"_s,
                             {FakeStep::toolCall(u"shell"_s, commands({u"true"_s})).repeated(-1)});
    QJsonObject body = responsesBody(u"forever"_s, shellTool());
    body.insert(u"max_tool_calls"_s, 3);
    const Reply r = post(u"/api/v1/responses"_s, body);
    QCOMPARE(r.status, 200);
    const QJsonObject json = r.json();
    // OpenAI's semantics: further calls are not run and the model is asked once more with tools off.
    QCOMPARE(json.value(u"status"_s).toString(), u"completed"_s);
    QVERIFY(json.value(u"incomplete_details"_s).isNull());
    QCOMPARE(shellItems(json).size(), 3);
    const QJsonObject last = m_fake.modelRequests().constLast().json();
    QCOMPARE(last.value(u"tool_choice"_s).toString(), u"none"_s);
    QVERIFY(QJsonDocument(last).toJson().contains("max_tool_calls (3) was reached"));

    body.insert(u"max_tool_calls"_s, 31);
    const Reply bad = post(u"/api/v1/responses"_s, body);
    QCOMPARE(bad.status, 400);
    QVERIFY(
        bad.json().value(u"error"_s).toObject().value(u"message"_s).toString().contains(u"max_tool_calls"_s));
}

void TestServer::malformedArgumentsGoBackToModel()
{
    m_fake.setScriptForModel(u"malformed"_s,
                             {FakeStep::rawToolCall(u"shell"_s, u"{\"commands\": [\"echo hi\""_s),
                              FakeStep::toolCall(u"shell"_s, QJsonObject{{u"commands"_s, u"not-an-array"_s}}),
                              FakeStep::toolCall(u"shell"_s, commands({u"echo fixed"_s})),
                              FakeStep::answer(u"after errors: {{last_tool_result}}"_s)});
    const Reply r = post(u"/api/v1/responses"_s, responsesBody(u"malformed"_s, shellTool()));
    QCOMPARE(r.status, 200);
    const QJsonObject json = r.json();
    const QJsonArray items = shellItems(json);
    QCOMPARE(items.size(), 3);
    QCOMPARE(items.at(0).toObject().value(u"status"_s).toString(), u"incomplete"_s);
    QVERIFY(items.at(1).toObject().value(u"error"_s).toString().contains(u"commands"_s));
    QCOMPARE(
        items.at(2).toObject().value(u"output"_s).toArray().at(0).toObject().value(u"stdout"_s).toString(),
        u"fixed\n"_s);
    // The model saw the tool error of the first attempt.
    const QList<RecordedRequest> requests = m_fake.modelRequests();
    bool sawError = false;
    for (const RecordedRequest &req : requests)
        sawError = sawError || (req.json().value(u"model"_s).toString() == u"malformed"_s &&
                                req.body.contains("not one JSON object"));
    QVERIFY(sawError);
}

void TestServer::commandTimeout()
{
    m_fake.setScriptForModel(
        u"slow"_s, {FakeStep::toolCall(u"shell"_s, QJsonObject{{u"commands"_s, QJsonArray{u"sleep 30"_s}},
                                                               {u"timeout_ms"_s, 500}}),
                    FakeStep::answer(u"timed out"_s)});
    const Reply r = post(u"/api/v1/responses"_s, responsesBody(u"slow"_s, shellTool()));
    QCOMPARE(r.status, 200);
    const QJsonArray items = shellItems(r.json());
    QCOMPARE(items.size(), 1);
    QCOMPARE(items.at(0)
                 .toObject()
                 .value(u"output"_s)
                 .toArray()
                 .at(0)
                 .toObject()
                 .value(u"outcome"_s)
                 .toObject()
                 .value(u"type"_s)
                 .toString(),
             u"timeout"_s);
    QCOMPARE(items.at(0).toObject().value(u"action"_s).toObject().value(u"timeout_ms"_s).toInt(), 500);
}

void TestServer::retriesAfter429()
{
    m_fake.setScriptForModel(u"limited"_s,
                             {FakeStep::httpError(429, 1, 0), FakeStep::answer(u"after retry"_s)});
    const Reply r = post(u"/api/v1/responses"_s, responsesBody(u"limited"_s, shellTool()));
    QCOMPARE(r.status, 200);
    QCOMPARE(outputText(r.json()), u"after retry"_s);
}

void TestServer::upstream500Forever()
{
    m_fake.setScriptForModel(u"broken"_s, {FakeStep::httpError(500, -1)});
    const Reply r = post(u"/api/v1/responses"_s, responsesBody(u"broken"_s, shellTool()));
    QCOMPARE(r.status, 502);
    const QString message = r.json().value(u"error"_s).toObject().value(u"message"_s).toString();
    QVERIFY2(message.contains(u"500"_s) && message.contains(u"fake"_s), qPrintable(message));
    // The Messages API answers in its own error shape.
    const Reply m =
        post(u"/api/v1/messages"_s,
             {{u"model"_s, u"broken"_s},
              {u"max_tokens"_s, 100},
              {u"messages"_s, QJsonArray{QJsonObject{{u"role"_s, u"user"_s}, {u"content"_s, u"hi"_s}}}}});
    QCOMPARE(m.status, 502);
    QCOMPARE(m.json().value(u"type"_s).toString(), u"error"_s);
}

void TestServer::sessionIdSharesContainerAndFiles()
{
    m_fake.setScriptForModel(
        u"sess"_s,
        {FakeStep::toolCall(u"shell"_s, commands({u"echo data > report.txt"_s})), FakeStep::answer(u"ok"_s),
         FakeStep::toolCall(u"shell"_s, commands({u"cat report.txt"_s})), FakeStep::answer(u"ok"_s)});
    QJsonObject body = responsesBody(u"sess"_s, shellTool());
    body.insert(u"session_id"_s, u"my-session-1"_s);
    const Reply first = post(u"/api/v1/responses"_s, body);
    QCOMPARE(first.status, 200);
    const QString container = shellItems(first.json()).at(0).toObject().value(u"container_id"_s).toString();
    body.remove(u"session_id"_s);
    const Reply second = post(u"/api/v1/responses"_s, body, {{"x-session-id", "my-session-1"}});
    QCOMPARE(second.status, 200);
    const QJsonObject item = shellItems(second.json()).at(0).toObject();
    QCOMPARE(item.value(u"container_id"_s).toString(), container);
    QCOMPARE(item.value(u"output"_s).toArray().at(0).toObject().value(u"stdout"_s).toString(), u"data\n"_s);

    const Reply files = get(u"/api/v1/containers/%1/files"_s.arg(container));
    QCOMPARE(files.status, 200);
    QString fileId;
    for (const QJsonValue &f : files.json().value(u"data"_s).toArray())
        if (f.toObject().value(u"path"_s).toString().endsWith(u"report.txt"_s))
            fileId = f.toObject().value(u"id"_s).toString();
    QVERIFY(fileId.startsWith(u"cfile_"_s));
    const Reply content = get(u"/api/v1/containers/%1/files/%2/content"_s.arg(container, fileId));
    QCOMPARE(content.status, 200);
    QCOMPARE(content.body, QByteArray("data\n"));
    const Reply promoted = post(u"/api/v1/containers/%1/files/%2/promote"_s.arg(container, fileId), {});
    QCOMPARE(promoted.status, 200);
    const Reply docs = get(u"/api/v1/documents"_s);
    QCOMPARE(docs.status, 200);
    QVERIFY(docs.body.contains("report.txt"));
    QCOMPARE(get(u"/api/v1/containers/nope_nope/files"_s).status, 404);
    QCOMPARE(get(u"/api/v1/containers/%1/files/cfile_!!/content"_s.arg(container)).status, 400);
}

void TestServer::networkPolicyMismatch()
{
    m_fake.setScriptForModel(
        u"pin"_s, {FakeStep::toolCall(u"shell"_s, commands({u"true"_s})), FakeStep::answer(u"ok"_s),
                   FakeStep::toolCall(u"shell"_s, commands({u"true"_s})), FakeStep::answer(u"ok"_s)});
    // A reference must name an existing container of the workspace.
    const QJsonObject unknown{{u"type"_s, u"container_reference"_s}, {u"container_id"_s, u"pinned-one"_s}};
    const Reply refused =
        post(u"/api/v1/responses"_s, responsesBody(u"pin"_s, shellTool({{u"environment"_s, unknown}})));
    QCOMPARE(refused.status, 400);
    QVERIFY(refused.body.contains("pinned-one"));

    const Reply created = post(u"/api/v1/responses"_s, responsesBody(u"pin"_s, shellTool()));
    QCOMPARE(created.status, 200);
    const QString id = shellItems(created.json()).at(0).toObject().value(u"container_id"_s).toString();
    const QJsonObject env{{u"type"_s, u"container_reference"_s}, {u"container_id"_s, id}};
    const Reply first =
        post(u"/api/v1/responses"_s, responsesBody(u"pin"_s, shellTool({{u"environment"_s, env}})));
    QCOMPARE(first.status, 200);
    QCOMPARE(shellItems(first.json()).at(0).toObject().value(u"container_id"_s).toString(), id);
    const Reply second =
        post(u"/api/v1/responses"_s,
             responsesBody(u"pin"_s,
                           shellTool({{u"environment"_s, env},
                                      {u"network_policy"_s,
                                       QJsonObject{{u"allowed_domains"_s, QJsonArray{u"pypi.org"_s}}}}})));
    QCOMPARE(second.status, 400);
    QVERIFY2(second.json().value(u"error"_s).toObject().value(u"message"_s).toString().contains(id),
             second.body.constData());
}

// environment.image (a Sandbench extension): the request's new container runs on the image; an unknown image
// is a 400 in the API's own error shape.
void TestServer::environmentImage()
{
    const QString archive = m_dir.filePath(u"bb-oci.tar"_s);
    QVERIFY(OciTest::writeFile(archive, OciTest::busyboxOciArchive()));
    QCOMPARE(runCli({u"images"_s, u"import"_s, archive, u"--name"_s, u"bb"_s}), 0);
    m_fake.setScriptForModel(
        u"img"_s, {FakeStep::toolCall(u"shell"_s, commands({u"ls /usr/bin"_s, u"cat /etc/os-release"_s})),
                   FakeStep::answer(u"ok"_s)});
    const QJsonObject env{{u"type"_s, u"container_auto"_s}, {u"image"_s, u"bb"_s}};
    const Reply r =
        post(u"/api/v1/responses"_s, responsesBody(u"img"_s, shellTool({{u"environment"_s, env}})));
    QCOMPARE(r.status, 200);
    const QJsonArray output = shellItems(r.json()).at(0).toObject().value(u"output"_s).toArray();
    QCOMPARE(output.size(), 2);
    const QString bin = output.at(0).toObject().value(u"stdout"_s).toString();
    QVERIFY2(bin.contains(u"busybox"_s) && !bin.contains(u"python3"_s), qPrintable(bin));
    QVERIFY(output.at(1).toObject().value(u"stdout"_s).toString().contains(u"Busybox test image 1.0"_s));

    const QJsonObject unknown{{u"type"_s, u"container_auto"_s}, {u"image"_s, u"no-such-image"_s}};
    const Reply refused =
        post(u"/api/v1/responses"_s, responsesBody(u"img"_s, shellTool({{u"environment"_s, unknown}})));
    QCOMPARE(refused.status, 400);
    const QJsonObject error = refused.json().value(u"error"_s).toObject();
    QVERIFY2(error.value(u"message"_s).toString().contains(u"no image \"no-such-image\""_s),
             refused.body.constData());
    QCOMPARE(error.value(u"type"_s).toString(), u"invalid_request_error"_s);

    const QJsonObject bad{{u"type"_s, u"container_auto"_s}, {u"image"_s, 42}};
    const Reply badReply =
        post(u"/api/v1/responses"_s, responsesBody(u"img"_s, shellTool({{u"environment"_s, bad}})));
    QCOMPARE(badReply.status, 400);
    QVERIFY2(badReply.body.contains("environment.image"), badReply.body.constData());
}

void TestServer::callerFunctionToolsPassThrough()
{
    m_fake.setScriptForModel(u"fn"_s,
                             {FakeStep::toolCall(u"get_weather"_s, QJsonObject{{u"city"_s, u"Oslo"_s}})});
    QJsonObject body = responsesBody(u"fn"_s, shellTool());
    QJsonArray tools = body.value(u"tools"_s).toArray();
    tools.append(QJsonObject{{u"type"_s, u"function"_s},
                             {u"name"_s, u"get_weather"_s},
                             {u"parameters"_s, QJsonObject{{u"type"_s, u"object"_s}}}});
    body.insert(u"tools"_s, tools);
    const Reply r = post(u"/api/v1/responses"_s, body);
    QCOMPARE(r.status, 200);
    const QJsonArray output = r.json().value(u"output"_s).toArray();
    QCOMPARE(output.size(), 1);
    QCOMPARE(output.at(0).toObject().value(u"type"_s).toString(), u"function_call"_s);
    QCOMPARE(output.at(0).toObject().value(u"name"_s).toString(), u"get_weather"_s);
    QVERIFY(output.at(0).toObject().value(u"arguments"_s).toString().contains(u"Oslo"_s));
}

static QJsonObject messagesBody(const QString &model, const QString &engine)
{
    return {{u"model"_s, model},
            {u"max_tokens"_s, 1024},
            {u"messages"_s, QJsonArray{QJsonObject{{u"role"_s, u"user"_s}, {u"content"_s, u"go"_s}}}},
            {u"tools"_s, QJsonArray{QJsonObject{{u"type"_s, u"openrouter:bash"_s},
                                                {u"parameters"_s, QJsonObject{{u"engine"_s, engine}}}}}}};
}

void TestServer::bashPersistentSession()
{
    m_fake.setScriptForModel(
        u"bash"_s,
        {FakeStep::toolCall(u"bash"_s,
                            QJsonObject{{u"command"_s, u"mkdir -p sub && cd sub && export FOO=bar && "
                                                       "greet() { echo hello $1; }"_s}}),
         FakeStep::toolCall(u"bash"_s, QJsonObject{{u"command"_s, u"echo $FOO; pwd; greet you"_s}}),
         FakeStep::toolCall(u"bash"_s, QJsonObject{{u"restart"_s, true}}),
         FakeStep::toolCall(u"bash"_s, QJsonObject{{u"command"_s, u"echo \"[$FOO]\"; pwd"_s}}),
         FakeStep::answer(u"done"_s)});
    const Reply r = post(u"/api/v1/messages"_s, messagesBody(u"bash"_s, u"openrouter"_s));
    QCOMPARE(r.status, 200);
    const QJsonObject json = r.json();
    QCOMPARE(json.value(u"stop_reason"_s).toString(), u"end_turn"_s);
    QList<QJsonObject> results;
    int uses = 0;
    for (const QJsonValue &v : json.value(u"content"_s).toArray()) {
        const QString type = v.toObject().value(u"type"_s).toString();
        if (type == u"openrouter_bash_tool_result")
            results.append(v.toObject().value(u"content"_s).toObject());
        if (type == u"server_tool_use") {
            ++uses;
            QCOMPARE(v.toObject().value(u"name"_s).toString(), u"openrouter:bash"_s);
        }
    }
    QCOMPARE(uses, 4);
    QCOMPARE(results.size(), 4);
    QCOMPARE(results.at(1).value(u"stdout"_s).toString(), u"bar\n/workspace/home/sub\nhello you\n"_s);
    QCOMPARE(results.at(1).value(u"exitCode"_s).toInt(), 0);
    QCOMPARE(results.at(1).value(u"command"_s).toString(), u"echo $FOO; pwd; greet you"_s);
    QCOMPARE(results.at(3).value(u"stdout"_s).toString(), u"[]\n/workspace/home\n"_s);
    QVERIFY(json.value(u"usage"_s).toObject().contains(u"server_tool_cost"_s));
}

void TestServer::bashAutoReturnsToolUse()
{
    m_fake.setScriptForModel(u"bashauto"_s,
                             {FakeStep::toolCall(u"bash"_s, QJsonObject{{u"command"_s, u"ls -la"_s}})});
    const Reply r = post(u"/api/v1/messages"_s, messagesBody(u"bashauto"_s, u"auto"_s));
    QCOMPARE(r.status, 200);
    const QJsonObject json = r.json();
    QCOMPARE(json.value(u"stop_reason"_s).toString(), u"tool_use"_s);
    const QJsonArray content = json.value(u"content"_s).toArray();
    QCOMPARE(content.size(), 1);
    QCOMPARE(content.at(0).toObject().value(u"type"_s).toString(), u"tool_use"_s);
    QCOMPARE(content.at(0).toObject().value(u"name"_s).toString(), u"bash"_s);
    QCOMPARE(content.at(0).toObject().value(u"input"_s).toObject().value(u"command"_s).toString(),
             u"ls -la"_s);
    QVERIFY(json.value(u"container"_s).isNull()); // nothing ran
}

void TestServer::streamingResponsesHasLiveOutput()
{
    m_fake.setScriptForModel(
        u"stream"_s, {FakeStep::toolCall(u"shell"_s, commands({u"for i in 1 2 3; do echo line$i; done"_s})),
                      FakeStep::answer(u"streamed answer"_s).inChunks(3)});
    QJsonObject body = responsesBody(u"stream"_s, shellTool());
    body.insert(u"stream"_s, true);
    // Sandbench's per-command events only when asked for: clients with a closed event list never see them.
    const Reply plain = post(u"/api/v1/responses"_s, body);
    QCOMPARE(plain.status, 200);
    QVERIFY(plain.body.contains("event: response.completed"));
    QVERIFY(!plain.body.contains("openrouter_shell_call"));
    QVERIFY(plain.body.contains("line3"));
    m_fake.setScriptForModel(
        u"stream"_s, {FakeStep::toolCall(u"shell"_s, commands({u"for i in 1 2 3; do echo line$i; done"_s})),
                      FakeStep::answer(u"streamed answer"_s).inChunks(3)});
    const Reply r = post(u"/api/v1/responses"_s, body, {{"x-sandbench-live-events", "1"}});
    QCOMPARE(r.status, 200);
    QVERIFY(r.body.contains("event: response.created"));
    QVERIFY(r.body.contains("event: response.openrouter_shell_call.output.delta"));
    QVERIFY(r.body.contains("event: response.openrouter_shell_call.command.done"));
    QVERIFY(r.body.contains("event: response.output_text.delta"));
    QVERIFY(r.body.contains("event: response.completed"));
    QVERIFY(r.body.contains("line3"));
}

void TestServer::streamingMessages()
{
    m_fake.setScriptForModel(u"mstream"_s,
                             {FakeStep::toolCall(u"bash"_s, QJsonObject{{u"command"_s, u"echo hi"_s}}),
                              FakeStep::answer(u"all done"_s)});
    QJsonObject body = messagesBody(u"mstream"_s, u"openrouter"_s);
    body.insert(u"stream"_s, true);
    const Reply r = post(u"/api/v1/messages"_s, body, {{"x-sandbench-live-events", "1"}});
    QCOMPARE(r.status, 200);
    for (const char *event :
         {"message_start", "content_block_start", "content_block_delta", "content_block_stop",
          "openrouter_shell_call.output.delta", "message_delta", "message_stop"})
        QVERIFY2(r.body.contains(QByteArray(QByteArray("event: ") + event)), event);
}

void TestServer::sixModelsAnswer5050_data()
{
    QTest::addColumn<QString>("provider");
    QTest::newRow("chat-a") << u"fchat"_s;
    QTest::newRow("chat-b") << u"fchat"_s;
    QTest::newRow("responses-a") << u"fresp"_s;
    QTest::newRow("responses-b") << u"fresp"_s;
    QTest::newRow("messages-a") << u"fmsg"_s;
    QTest::newRow("messages-b") << u"fmsg"_s;
}

void TestServer::sixModelsAnswer5050()
{
    QFETCH(QString, provider);
    const QString model = u"m-"_s + QString::fromLatin1(QTest::currentDataTag());
    m_fake.setScriptForModel(
        model, {FakeStep::toolCall(u"shell"_s, commands({u"python3 -c \"print(sum(range(1, 101)))\""_s})),
                FakeStep::answer(u"The sum is {{last_tool_result}}"_s)});
    const Reply r =
        post(u"/api/v1/responses"_s,
             responsesBody(provider + u'/' + model, shellTool(),
                           u"Run python3 -c \"print(sum(range(1, 101)))\" and tell me the result"_s));
    QCOMPARE(r.status, 200);
    const QJsonArray items = shellItems(r.json());
    QCOMPARE(items.size(), 1);
    QCOMPARE(
        items.at(0).toObject().value(u"output"_s).toArray().at(0).toObject().value(u"stdout"_s).toString(),
        u"5050\n"_s);
    QVERIFY(outputText(r.json()).contains(u"5050"_s));
    QCOMPARE(r.json().value(u"model"_s).toString(), provider + u'/' + model);
}

void TestServer::hostedPythonExample()
{
    m_fake.setScriptForModel(
        u"openai/gpt-5.2"_s,
        {FakeStep::toolCall(u"shell"_s, commands({u"cat /etc/os-release"_s, u"python3 --version"_s})),
         FakeStep::answer(u"Debian with Python 3"_s)});
    QProcess python;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"SANDBENCH_BASE_URL"_s, url(u"/api/v1"_s));
    env.insert(u"SANDBENCH_API_KEY"_s, m_key);
    python.setProcessEnvironment(env);
    python.start(u"/usr/bin/python3"_s, {QStringLiteral(SANDBENCH_SERVER_TEST_DATA "/hosted_example.py")});
    QVERIFY(python.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(python.state() == QProcess::NotRunning, 120000);
    const QByteArray out = python.readAllStandardOutput();
    QVERIFY2(python.exitCode() == 0, python.readAllStandardError().constData());
    QVERIFY2(out.contains("Container: sess_"), out.constData());
    QVERIFY2(out.contains("Commands: ['cat /etc/os-release', 'python3 --version']"), out.constData());
    QVERIFY2(out.contains("PRETTY_NAME"), out.constData());
    QVERIFY2(out.contains("Python 3"), out.constData());
    // Qt writes JSON keys sorted, so Python prints {'exit_code': 0, 'type': 'exit'}.
    QCOMPARE(out.count("'exit_code': 0"), 2);
    QCOMPARE(out.count("'type': 'exit'"), 2);
}

void TestServer::webSocketSeesOtherClientsRequest()
{
    QWebSocket ws;
    QStringList types;
    QList<QJsonObject> events;
    connect(&ws, &QWebSocket::textMessageReceived, this, [&](const QString &text) {
        const QJsonObject e = QJsonDocument::fromJson(text.toUtf8()).object();
        events.append(e);
        types.append(e.value(u"type"_s).toString());
    });
    ws.open(QUrl(u"ws://127.0.0.1:%1/api/v1/events?key=%2"_s.arg(m_port).arg(m_key)));
    QTRY_VERIFY_WITH_TIMEOUT(types.contains(u"hello"_s), 10000);

    m_fake.setScriptForModel(u"watched"_s,
                             {FakeStep::toolCall(u"shell"_s, commands({u"echo watched; touch w.txt"_s})),
                              FakeStep::answer(u"ok"_s)});
    const Reply r = post(u"/api/v1/responses"_s, responsesBody(u"watched"_s, shellTool()));
    QCOMPARE(r.status, 200);
    QTRY_VERIFY_WITH_TIMEOUT(types.contains(u"request.finished"_s), 10000);
    for (const QString &t : {u"request.started"_s, u"shell_call.started"_s, u"command.started"_s,
                             u"output.chunk"_s, u"command.finished"_s, u"files.changed"_s})
        QVERIFY2(types.contains(t), qPrintable(t + u" missing from "_s + types.join(u", "_s)));
    bool sawOutput = false;
    for (const QJsonObject &e : std::as_const(events))
        sawOutput = sawOutput || (e.value(u"type"_s) == u"output.chunk"_s &&
                                  e.value(u"text"_s).toString().contains(u"watched"_s));
    QVERIFY(sawOutput);
    QVERIFY(types.indexOf(u"request.started"_s) < types.indexOf(u"command.started"_s));
    QVERIFY(types.indexOf(u"command.finished"_s) < types.indexOf(u"request.finished"_s));
    ws.close();

    // A wrong key gets no stream.
    QWebSocket bad;
    bool badClosed = false;
    connect(&bad, &QWebSocket::disconnected, this, [&] { badClosed = true; });
    connect(&bad, qOverload<QAbstractSocket::SocketError>(&QWebSocket::error), this,
            [&] { badClosed = true; });
    bad.open(QUrl(u"ws://127.0.0.1:%1/api/v1/events?key=wrong"_s.arg(m_port)));
    QTRY_VERIFY_WITH_TIMEOUT(badClosed, 10000);
}

void TestServer::webSocketShowsACellAsItsOutput()
{
    // A Python cell's events carry its code and the cell's output, never the kernel bridge's script or JSON.
    QWebSocket ws;
    QList<QJsonObject> events;
    connect(&ws, &QWebSocket::textMessageReceived, this,
            [&](const QString &text) { events.append(QJsonDocument::fromJson(text.toUtf8()).object()); });
    ws.open(QUrl(u"ws://127.0.0.1:%1/api/v1/events?key=%2"_s.arg(m_port).arg(m_key)));
    QTRY_VERIFY_WITH_TIMEOUT(!events.isEmpty(), 10000);
    const QString code = u"print('cell-ok')\n6 * 7"_s;
    m_fake.setScriptForModel(u"cell"_s, {FakeStep::toolCall(u"python"_s, QJsonObject{{u"code"_s, code}}),
                                         FakeStep::answer(u"ok"_s)});
    const QJsonObject tool{{u"type"_s, u"code_interpreter"_s},
                           {u"container"_s, QJsonObject{{u"type"_s, u"auto"_s}}}};
    const Reply r = post(u"/api/v1/responses"_s, responsesBody(u"cell"_s, tool));
    QCOMPARE(r.status, 200);
    const auto finished = [&] {
        for (const QJsonObject &e : std::as_const(events))
            if (e.value(u"type"_s) == u"request.finished"_s)
                return true;
        return false;
    };
    QTRY_VERIFY_WITH_TIMEOUT(finished(), 30000);
    QString chunks, finishedStdout, started;
    for (const QJsonObject &e : std::as_const(events)) {
        const QString type = e.value(u"type"_s).toString();
        if (type == u"output.chunk"_s)
            chunks += e.value(u"text"_s).toString();
        else if (type == u"command.finished"_s)
            finishedStdout = e.value(u"result"_s).toObject().value(u"stdout"_s).toString();
        else if (type == u"command.started"_s)
            started = e.value(u"command"_s).toString();
    }
    QCOMPARE(started, code);
    QCOMPARE(chunks, u"cell-ok\n42\n"_s);
    QCOMPARE(finishedStdout, u"cell-ok\n42\n"_s);
    ws.close();
}

// A client that goes away while its request's cell runs: the cell is interrupted as a cancel is (SIGINT),
// not the kernel restarted, so the container's Python state is there for the next request.
void TestServer::clientGoneMidCellKeepsTheState()
{
    const QJsonObject tool{{u"type"_s, u"code_interpreter"_s},
                           {u"container"_s, QJsonObject{{u"type"_s, u"auto"_s}}}};
    m_fake.setScriptForModel(u"gone1"_s,
                             {FakeStep::toolCall(u"python"_s, QJsonObject{{u"code"_s, u"kept_api = 3"_s}}),
                              FakeStep::answer(u"ok"_s)});
    const Reply first = post(u"/api/v1/responses"_s, responsesBody(u"gone1"_s, tool));
    QCOMPARE(first.status, 200);
    QString container;
    for (const QJsonValue &item : first.json().value(u"output"_s).toArray())
        if (item.toObject().value(u"type"_s) == u"code_interpreter_call"_s)
            container = item.toObject().value(u"container_id"_s).toString();
    QVERIFY2(!container.isEmpty(), first.body.constData());
    const QJsonObject pinned{{u"type"_s, u"code_interpreter"_s}, {u"container"_s, container}};

    m_fake.setScriptForModel(
        u"gone2"_s,
        {FakeStep::toolCall(
             u"python"_s,
             QJsonObject{{u"code"_s, u"import time\nprint('started', flush=True)\ntime.sleep(30)"_s}}),
         FakeStep::answer(u"ok"_s)});
    QJsonObject body = responsesBody(u"gone2"_s, pinned);
    body.insert(u"stream"_s, true);
    QNetworkRequest request(QUrl(url(u"/api/v1/responses"_s)));
    request.setHeader(QNetworkRequest::ContentTypeHeader, u"application/json"_s);
    request.setRawHeader("Authorization", "Bearer " + m_key.toUtf8());
    request.setRawHeader("x-sandbench-live-events", "1");
    std::unique_ptr<QNetworkReply> reply(
        m_nam.post(request, QJsonDocument(body).toJson(QJsonDocument::Compact)));
    QByteArray streamed;
    connect(reply.get(), &QIODevice::readyRead, this, [&] { streamed += reply->readAll(); });
    // The cell's output streams while it runs; the client leaves then.
    QVERIFY2(QTest::qWaitFor([&] { return streamed.contains("started"); }, 60000), streamed.constData());
    QVERIFY(!streamed.contains("response.completed"));
    reply->abort();

    m_fake.setScriptForModel(u"gone3"_s,
                             {FakeStep::toolCall(u"python"_s, QJsonObject{{u"code"_s, u"kept_api"_s}}),
                              FakeStep::answer(u"ok"_s)});
    QJsonObject nextBody = responsesBody(u"gone3"_s, pinned);
    nextBody.insert(u"include"_s, QJsonArray{u"code_interpreter_call.outputs"_s});
    const Reply next = post(u"/api/v1/responses"_s, nextBody);
    QCOMPARE(next.status, 200);
    QString logs;
    for (const QJsonValue &item : next.json().value(u"output"_s).toArray())
        for (const QJsonValue &out : item.toObject().value(u"outputs"_s).toArray())
            logs += out.toObject().value(u"logs"_s).toString();
    QVERIFY2(logs == u"3\n"_s, next.body.constData());
}

// Issue 29: once the workspace ran Python, `serve` keeps a hidden container with its kernel started ahead;
// no list shows it, and the next request that needs a new container is handed it.
void TestServer::pythonStartedAheadServesTheNextNewContainer()
{
    const QJsonObject tool{{u"type"_s, u"code_interpreter"_s},
                           {u"container"_s, QJsonObject{{u"type"_s, u"auto"_s}}}};
    m_fake.setScriptForModel(u"ahead1"_s, {FakeStep::toolCall(u"python"_s, QJsonObject{{u"code"_s, u"1"_s}}),
                                           FakeStep::answer(u"ok"_s)});
    QCOMPARE(post(u"/api/v1/responses"_s, responsesBody(u"ahead1"_s, tool)).status, 200);
    // The hidden one: a container directory with the engine's marker and no meta.json.
    const QString containers = m_dir.filePath(u"workspaces/default/containers"_s);
    const auto hidden = [&] {
        for (const QString &id : QDir(containers).entryList(QDir::Dirs | QDir::NoDotAndDotDot))
            if (QFileInfo::exists(containers + u'/' + id + u"/python-ahead.pid"_s))
                return id;
        return QString();
    };
    QTRY_VERIFY_WITH_TIMEOUT(!hidden().isEmpty(), 60000);
    const QString id = hidden();
    QVERIFY(!QFileInfo::exists(containers + u'/' + id + u"/meta.json"_s));
    QByteArray out;
    QCOMPARE(runCli({u"containers"_s, u"list"_s, u"--json"_s}, &out), 0);
    QVERIFY2(!out.contains(id.toUtf8()), out.constData());
    // Another process (the CLI) cannot remove it either: there is no such container.
    QVERIFY(runCli({u"containers"_s, u"rm"_s, id}, &out) != 0);
    QVERIFY(QFileInfo::exists(containers + u'/' + id + u"/python-ahead.pid"_s));

    // A new request without a container: handed the hidden one, its first cell answered by its kernel.
    m_fake.setScriptForModel(u"ahead2"_s,
                             {FakeStep::toolCall(u"python"_s, QJsonObject{{u"code"_s, u"6 * 7"_s}}),
                              FakeStep::answer(u"{{last_tool_result}}"_s)});
    QJsonObject body = responsesBody(u"ahead2"_s, tool);
    body.insert(u"include"_s, QJsonArray{u"code_interpreter_call.outputs"_s});
    const Reply r = post(u"/api/v1/responses"_s, body);
    QCOMPARE(r.status, 200);
    QString used;
    QString logs;
    for (const QJsonValue &v : r.json().value(u"output"_s).toArray()) {
        const QJsonObject item = v.toObject();
        if (item.value(u"type"_s) != u"code_interpreter_call"_s)
            continue;
        used = item.value(u"container_id"_s).toString();
        for (const QJsonValue &o : item.value(u"outputs"_s).toArray())
            logs += o.toObject().value(u"logs"_s).toString();
    }
    QCOMPARE(used, id);
    QCOMPARE(logs, u"42\n"_s);
    QVERIFY(!logs.contains(u"sandbench:"_s));
    QVERIFY(QFileInfo::exists(containers + u'/' + id + u"/meta.json"_s));
    QVERIFY(!QFileInfo::exists(containers + u'/' + id + u"/python-ahead.pid"_s));
    QCOMPARE(runCli({u"containers"_s, u"list"_s, u"--json"_s}, &out), 0);
    QVERIFY(out.contains(id.toUtf8()));
    // It was a new container for this request: the cold-start minimum is charged (SPEC 1.7).
    QVERIFY(r.json().value(u"usage"_s).toObject().value(u"server_tool_cost"_s).toDouble() >= 0.0029);
}

void TestServer::badRequests_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("mustMention");
    QTest::newRow("malformed json") << u"/api/v1/responses"_s << QByteArray("{\"model\": ")
                                    << u"malformed JSON"_s;
    QTest::newRow("not an object") << u"/api/v1/responses"_s << QByteArray("[1,2]") << u"JSON object"_s;
    QTest::newRow("no model") << u"/api/v1/responses"_s << QByteArray(R"({"input":"hi"})") << u"model"_s;
    QTest::newRow("unknown tool") << u"/api/v1/responses"_s
                                  << QByteArray(
                                         R"({"model":"x","input":"hi","tools":[{"type":"web_search"}]})")
                                  << u"web_search"_s;
    QTest::newRow("bash on responses")
        << u"/api/v1/responses"_s
        << QByteArray(R"({"model":"x","input":"hi","tools":[{"type":"openrouter:bash"}]})")
        << u"Messages API"_s;
    QTest::newRow("timeout too large")
        << u"/api/v1/responses"_s
        << QByteArray(
               R"({"model":"x","input":"hi","tools":[{"type":"openrouter:shell","parameters":{"timeout_ms":300001}}]})")
        << u"tools[0].parameters.timeout_ms"_s;
    QTest::newRow("output too large")
        << u"/api/v1/responses"_s
        << QByteArray(
               R"({"model":"x","input":"hi","tools":[{"type":"openrouter:shell","parameters":{"max_output_length":70000}}]})")
        << u"max_output_length"_s;
    QTest::newRow("bad container id")
        << u"/api/v1/responses"_s
        << QByteArray(
               R"({"model":"x","input":"hi","tools":[{"type":"openrouter:shell","parameters":{"environment":{"type":"container_reference","container_id":"../etc"}}}]})")
        << u"container_id"_s;
    QTest::newRow("bad policy")
        << u"/api/v1/responses"_s
        << QByteArray(
               R"({"model":"x","input":"hi","tools":[{"type":"openrouter:shell","parameters":{"network_policy":{"type":"nonsense"}}}]})")
        << u"network_policy"_s;
    QTest::newRow("bad engine")
        << u"/api/v1/messages"_s
        << QByteArray(
               R"({"model":"x","max_tokens":5,"messages":[{"role":"user","content":"hi"}],"tools":[{"type":"openrouter:bash","parameters":{"engine":"cloud"}}]})")
        << u"engine"_s;
    QTest::newRow("messages missing")
        << u"/api/v1/messages"_s << QByteArray(R"({"model":"x","max_tokens":5})") << u"messages"_s;
}

void TestServer::badRequests()
{
    QFETCH(QString, path);
    QFETCH(QByteArray, body);
    QFETCH(QString, mustMention);
    const Reply r = post(path, {}, {}, body);
    QCOMPARE(r.status, 400);
    const QJsonObject json = r.json();
    const QString message = json.value(u"error"_s).toObject().value(u"message"_s).toString();
    QVERIFY2(message.contains(mustMention), qPrintable(message));
    if (path.endsWith(u"messages"_s))
        QCOMPARE(json.value(u"type"_s).toString(), u"error"_s);
}

void TestServer::unauthorized_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QByteArray>("header");
    QTest::addColumn<QByteArray>("value");
    QTest::newRow("responses missing") << u"/api/v1/responses"_s << QByteArray("X-Other") << QByteArray("1");
    QTest::newRow("responses wrong") << u"/api/v1/responses"_s << QByteArray("Authorization")
                                     << QByteArray("Bearer sbk_wrong");
    QTest::newRow("messages wrong x-api-key")
        << u"/api/v1/messages"_s << QByteArray("x-api-key") << QByteArray("sbk_nope");
    QTest::newRow("gemini wrong x-goog-api-key")
        << u"/v1beta/models/m:generateContent"_s << QByteArray("x-goog-api-key") << QByteArray("sbk_nope");
    QTest::newRow("gemini wrong ?key=")
        << u"/api/v1beta/models/m:generateContent?key=sbk_nope"_s << QByteArray("X-Other") << QByteArray("1");
    // Google's two ways of sending a key open Google's paths only, even with a valid key.
    QTest::newRow("x-goog-api-key on responses")
        << u"/api/v1/responses"_s << QByteArray("x-goog-api-key") << m_key.toUtf8();
    QTest::newRow("?key= on messages")
        << u"/api/v1/messages?key=%1"_s.arg(m_key) << QByteArray("X-Other") << QByteArray("1");
}

void TestServer::unauthorized()
{
    QFETCH(QString, path);
    QFETCH(QByteArray, header);
    QFETCH(QByteArray, value);
    QNetworkRequest request(QUrl(url(path)));
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader(header, value);
    std::unique_ptr<QNetworkReply> reply(m_nam.post(request, QByteArray("{}")));
    QTRY_VERIFY_WITH_TIMEOUT(reply->isFinished(), 30000);
    QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 401);
    const QJsonObject json = QJsonDocument::fromJson(reply->readAll()).object();
    QVERIFY(json.value(u"error"_s).toObject().value(u"message"_s).toString().contains(u"keys create"_s));
    if (path.endsWith(u"messages"_s))
        QCOMPARE(json.value(u"error"_s).toObject().value(u"type"_s).toString(), u"authentication_error"_s);
    if (path.contains(u"v1beta"_s)) { // google.rpc.Status, saying how Google's clients send the key
        QCOMPARE(json.value(u"error"_s).toObject().value(u"status"_s).toString(), u"UNAUTHENTICATED"_s);
        QCOMPARE(json.value(u"error"_s).toObject().value(u"code"_s).toInt(), 401);
        QVERIFY(
            json.value(u"error"_s).toObject().value(u"message"_s).toString().contains(u"x-goog-api-key"_s));
    }
}

void TestServer::bodyTooLarge()
{
    QByteArray big(33 * 1024 * 1024, 'x');
    const Reply r = post(u"/api/v1/responses"_s, {}, {}, big);
    QCOMPARE(r.status, 413);
    QVERIFY(r.json().value(u"error"_s).toObject().value(u"message"_s).toString().contains(u"32 MiB"_s));
    // The server is still there.
    QCOMPARE(get(u"/api/v1/documents"_s).status, 200);
}

void TestServer::chatCompletionsRejectsShellAndForwards()
{
    const Reply r =
        post(u"/api/v1/chat/completions"_s,
             {{u"model"_s, u"x"_s},
              {u"messages"_s, QJsonArray{QJsonObject{{u"role"_s, u"user"_s}, {u"content"_s, u"hi"_s}}}},
              {u"tools"_s, QJsonArray{shellTool()}}});
    QCOMPARE(r.status, 400);
    const QString message = r.json().value(u"error"_s).toObject().value(u"message"_s).toString();
    QVERIFY(message.contains(u"Responses"_s) && message.contains(u"Messages"_s));

    m_fake.setScriptForModel(u"plainchat"_s, {FakeStep::answer(u"forwarded hello"_s)});
    const Reply ok =
        post(u"/api/v1/chat/completions"_s,
             {{u"model"_s, u"fchat/plainchat"_s},
              {u"messages"_s, QJsonArray{QJsonObject{{u"role"_s, u"user"_s}, {u"content"_s, u"hi"_s}}}}});
    QCOMPARE(ok.status, 200);
    QVERIFY(ok.body.contains("forwarded hello"));
    QCOMPARE(ok.json().value(u"model"_s).toString(), u"fchat/plainchat"_s);

    // Any provider answers a Chat Completions request, translated by the gateway's own clients, and the
    // reply names the model that was asked for.
    for (const QString &provider : {u"fresp"_s, u"fmsg"_s}) {
        m_fake.setScriptForModel(u"anychat"_s, {FakeStep::answer(u"translated hello"_s)});
        const QString model = provider + u"/anychat"_s;
        const Reply t =
            post(u"/api/v1/chat/completions"_s,
                 {{u"model"_s, model},
                  {u"messages"_s, QJsonArray{QJsonObject{{u"role"_s, u"user"_s}, {u"content"_s, u"hi"_s}}}}});
        QCOMPARE(t.status, 200);
        QCOMPARE(t.json().value(u"model"_s).toString(), model);
        QCOMPARE(t.json().value(u"object"_s).toString(), u"chat.completion"_s);
        const QJsonObject message =
            t.json().value(u"choices"_s).toArray().at(0).toObject().value(u"message"_s).toObject();
        QCOMPARE(message.value(u"content"_s).toString(), u"translated hello"_s);
        QCOMPARE(m_fake.modelRequests().constLast().api(),
                 provider == u"fresp" ? u"responses"_s : u"messages"_s);
    }
}

void TestServer::codeInterpreterHostedByOpenAi()
{
    // OpenAI's own Responses API runs its code interpreter itself: with engine left at "auto" the tool goes
    // upstream as it came and the provider's code_interpreter_call item comes back unchanged.
    const QJsonObject hostedCall{
        {u"type"_s, u"code_interpreter_call"_s}, {u"id"_s, u"ci_hosted1"_s},
        {u"code"_s, u"print(6 * 7)"_s},          {u"container_id"_s, u"cntr_hosted123"_s},
        {u"outputs"_s, QJsonValue::Null},        {u"status"_s, u"completed"_s}};
    FakeStep answer = FakeStep::answer(u"It is 42."_s);
    answer.hostedItems = QJsonArray{hostedCall};
    m_fake.setScriptForModel(u"ci-hosted"_s, {answer});
    m_fake.clearRequests();
    const QJsonObject tool{{u"type"_s, u"code_interpreter"_s},
                           {u"container"_s, QJsonObject{{u"type"_s, u"auto"_s}}}};
    Reply r = post(u"/api/v1/responses"_s, responsesBody(u"fopenai/ci-hosted"_s, tool));
    QCOMPARE(r.status, 200);
    QJsonArray output = r.json().value(u"output"_s).toArray();
    // The provider's item as it sent it, beside the answer (which streamed first, so it comes first).
    QCOMPARE(output.size(), 2);
    QCOMPARE(output.at(0).toObject().value(u"type"_s).toString(), u"message"_s);
    QCOMPARE(output.at(1).toObject(), hostedCall);
    QList<RecordedRequest> sent = m_fake.modelRequests();
    QCOMPARE(sent.size(), 1);
    const QJsonArray upstreamTools = sent.at(0).json().value(u"tools"_s).toArray();
    QCOMPARE(upstreamTools.size(), 1);
    QCOMPARE(upstreamTools.at(0).toObject().value(u"type"_s).toString(), u"code_interpreter"_s);

    // engine "openrouter" (a Sandbench extension), a local container id, or any other upstream: local.
    m_fake.setScriptForModel(u"ci-local"_s,
                             {FakeStep::toolCall(u"python"_s, QJsonObject{{u"code"_s, u"print(6 * 7)"_s}}),
                              FakeStep::answer(u"It is 42."_s)});
    m_fake.clearRequests();
    QJsonObject local = tool;
    local.insert(u"engine"_s, u"openrouter"_s);
    r = post(u"/api/v1/responses"_s, responsesBody(u"fopenai/ci-local"_s, local));
    QCOMPARE(r.status, 200);
    output = r.json().value(u"output"_s).toArray();
    QCOMPARE(output.at(0).toObject().value(u"type"_s).toString(), u"code_interpreter_call"_s);
    QVERIFY(output.at(0).toObject().value(u"container_id"_s).toString() != u"cntr_hosted123"_s);
    sent = m_fake.modelRequests();
    QCOMPARE(sent.size(), 2);
    QCOMPARE(sent.at(0).json().value(u"tools"_s).toArray().at(0).toObject().value(u"type"_s).toString(),
             u"function"_s);

    QJsonObject bad = tool;
    bad.insert(u"engine"_s, u"native"_s);
    r = post(u"/api/v1/responses"_s, responsesBody(u"fopenai/ci-local"_s, bad));
    QCOMPARE(r.status, 400);
    QVERIFY2(r.body.contains("tools[0].engine must be"), r.body.constData());
}

void TestServer::models()
{
    const Reply r = get(u"/api/v1/models"_s);
    QCOMPARE(r.status, 200);
    QVERIFY(r.body.contains("fchat/"));
    QVERIFY(r.body.contains("fresp/"));
}

int TestServer::runNode(const QString &script, QByteArray *out)
{
    QProcess node;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"SANDBENCH_BASE_URL"_s, url(u"/api/v1"_s));
    env.insert(u"SANDBENCH_API_KEY"_s, m_key);
    node.setProcessEnvironment(env);
    node.setWorkingDirectory(QStringLiteral(SANDBENCH_NPM_DIR));
    node.setProcessChannelMode(QProcess::MergedChannels);
    node.start(u"node"_s, {script});
    if (!node.waitForStarted())
        return -1;
    if (!QTest::qWaitFor([&] { return node.state() == QProcess::NotRunning; }, 180000))
        return -2;
    *out = node.readAll();
    return node.exitCode();
}

void TestServer::npmOpenAi()
{
    if (!QFileInfo::exists(QStringLiteral(SANDBENCH_NPM_DIR "/node_modules/openai")))
        QSKIP("tests/npm/node_modules is missing: run `npm ci --prefix tests/npm`");
    m_fake.setScriptForModel(
        u"sdk-openai"_s, {FakeStep::toolCall(u"shell"_s, commands({u"echo from-sdk"_s, u"uname -s"_s})),
                          FakeStep::answer(u"SDK answer: {{last_tool_result}}"_s),
                          FakeStep::toolCall(u"shell"_s, commands({u"for i in 1 2; do echo tick$i; done"_s})),
                          FakeStep::answer(u"streamed SDK answer"_s).inChunks(4)});
    QByteArray out;
    const int code = runNode(u"openai_responses.mjs"_s, &out);
    QVERIFY2(code == 0, out.constData());
    QVERIFY2(out.contains("OK non-streaming") && out.contains("OK streaming"), out.constData());
}

void TestServer::npmAnthropic()
{
    if (!QFileInfo::exists(QStringLiteral(SANDBENCH_NPM_DIR "/node_modules/@anthropic-ai/sdk")))
        QSKIP("tests/npm/node_modules is missing: run `npm ci --prefix tests/npm`");
    m_fake.setScriptForModel(
        u"sdk-anthropic"_s,
        {FakeStep::toolCall(u"bash"_s, QJsonObject{{u"command"_s, u"cd /tmp && export X=42"_s}}),
         FakeStep::toolCall(u"bash"_s, QJsonObject{{u"command"_s, u"echo $X; pwd"_s}}),
         FakeStep::answer(u"bash done"_s),
         FakeStep::toolCall(u"bash"_s, QJsonObject{{u"command"_s, u"whoami"_s}})});
    QByteArray out;
    const int code = runNode(u"anthropic_messages.mjs"_s, &out);
    QVERIFY2(code == 0, out.constData());
    QVERIFY2(out.contains("OK openrouter") && out.contains("OK auto"), out.constData());
}

QTEST_GUILESS_MAIN(TestServer)
#include "test_server.moc"
