// SPDX-License-Identifier: GPL-3.0-or-later
#include "config-sandbench-tests.h"

#include "gateway/requestlog.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

// `sandbench guardrails` and `sandbench logs`, run as the real binary against a temporary data directory.
class TestGatewayCli final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void guardrailsRoundTrip();
    void guardrailsBadInput_data();
    void guardrailsBadInput();
    void logsEmptyWorkspace();
    void logsList();
    void logsLimit_data();
    void logsLimit();
    void logsBadInput_data();
    void logsBadInput();
    void logsExport();
    void logsShow();
    void logsSearch_data();
    void logsSearch();

private:
    struct Run
    {
        int exitCode = -1;
        QByteArray out;
        QByteArray err;
    };
    Run sandbench(const QStringList &args);
    QString workspaceDir(const QString &workspace) const
    {
        return m_data.path() + u"/workspaces/"_s + workspace;
    }
    static QJsonArray jsonArray(const QByteArray &bytes);

    QTemporaryDir m_data;
    QString m_bin;
};

void TestGatewayCli::initTestCase()
{
    m_bin = QStringLiteral(SANDBENCH_BIN_DIR "/sandbench");
    QVERIFY2(QFileInfo(m_bin).isExecutable(), qPrintable(m_bin));
    QVERIFY(m_data.isValid());

    // Three requests in workspace "logged", oldest first, written the way the gateway writes them.
    RequestLog log;
    QString error;
    QVERIFY2(log.open(RequestLog::databasePath(m_data.path(), u"logged"_s), &error), qPrintable(error));
    const qint64 base = 1'700'000'000'000;
    for (int i = 0; i < 3; ++i) {
        RequestRecord r;
        r.id = u"resp_%1"_s.arg(i);
        r.timeMs = base + i * 1000;
        r.latencyMs = 100 + i;
        r.workspace = u"logged"_s;
        r.api = i == 1 ? u"messages"_s : u"responses"_s;
        r.model = u"openai/gpt-test"_s;
        r.provider = u"openrouter"_s;
        r.status = i == 2 ? 403 : 200;
        r.inputTokens = 10 * (i + 1);
        r.outputTokens = i;
        r.containerIds = {u"ctr_%1"_s.arg(i)};
        r.client = u"OpenAI/Python 1.54.0"_s;
        r.requestBody = "{\"input\":\"question " + QByteArray::number(i) + "\"}";
        r.responseBody = "{\"output\":[]}";
        ShellCallRecord call{
            u"call_%1"_s.arg(i), u"openrouter:shell"_s, r.containerIds.constFirst(), r.timeMs, 5, {}};
        call.commands.append({u"echo %1"_s.arg(i), u"%1\n"_s.arg(i), QString(), u"exit"_s, 0, r.timeMs, 5});
        r.shellCalls.append(call);
        if (i == 1) {
            r.detections.append({u"pii"_s, GuardrailAction::Redact, GuardrailScope::UserOnly, 0, 3, 17,
                                 u"email"_s, u"email"_s});
            r.detections.append({u"pii"_s, GuardrailAction::Redact, GuardrailScope::UserOnly, 0, 30, 12,
                                 u"phone"_s, u"phone"_s});
            r.detections.append({u"secrets"_s, GuardrailAction::Flag, GuardrailScope::AllMessages, -1, 0, 40,
                                 u"aws"_s, u"aws_access_key"_s});
        }
        log.append(r);
    }
    log.flush();
}

TestGatewayCli::Run TestGatewayCli::sandbench(const QStringList &args)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"SANDBENCH_DATA_DIR"_s, m_data.path());
    p.setProcessEnvironment(env);
    p.start(m_bin, args);
    Run r;
    if (!p.waitForFinished(60000)) {
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

QJsonArray TestGatewayCli::jsonArray(const QByteArray &bytes)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &error);
    if (error.error != QJsonParseError::NoError || !doc.isArray())
        qWarning("not a JSON array: %s", bytes.constData());
    return doc.array();
}

void TestGatewayCli::guardrailsRoundTrip()
{
    Run r = sandbench({u"guardrails"_s, u"list"_s, u"--workspace"_s, u"rails"_s});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("no guardrails configured"), r.out.constData());
    r = sandbench({u"guardrails"_s, u"list"_s, u"--json"_s, u"--workspace"_s, u"rails"_s});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(jsonArray(r.out).size(), 0);

    r = sandbench({u"guardrails"_s, u"set"_s, u"regex-prompt-injection"_s, u"--action"_s, u"block"_s,
                   u"--scope"_s, u"all_messages"_s, u"--workspace"_s, u"rails"_s});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("regex-prompt-injection: action block, scope all_messages"), r.out.constData());
    // --data-dir instead of the environment variable reaches the same workspace.
    r = sandbench({u"guardrails"_s, u"set"_s, u"email"_s, u"--action"_s, u"redact"_s, u"--workspace"_s,
                   u"rails"_s, u"--data-dir"_s, m_data.path()});
    QCOMPARE(r.exitCode, 0);
    // Updating keeps the scope when none is given.
    r = sandbench({u"guardrails"_s, u"set"_s, u"regex-prompt-injection"_s, u"--action"_s, u"flag"_s,
                   u"--workspace"_s, u"rails"_s});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(QFile::exists(workspaceDir(u"rails"_s) + u"/guardrails.json"_s));

    r = sandbench({u"guardrails"_s, u"list"_s, u"--workspace"_s, u"rails"_s});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out, QByteArray("regex-prompt-injection\tflag\tall_messages\nemail\tredact\tuser_only\n"));

    r = sandbench({u"guardrails"_s, u"list"_s, u"--json"_s, u"--workspace"_s, u"rails"_s});
    QCOMPARE(r.exitCode, 0);
    const QJsonArray list = jsonArray(r.out);
    QCOMPARE(list.size(), 2);
    QCOMPARE(list.at(0).toObject(), (QJsonObject{{u"slug"_s, u"regex-prompt-injection"_s},
                                                 {u"action"_s, u"flag"_s},
                                                 {u"scope"_s, u"all_messages"_s}}));
    QCOMPARE(
        list.at(1).toObject(),
        (QJsonObject{{u"slug"_s, u"email"_s}, {u"action"_s, u"redact"_s}, {u"scope"_s, u"user_only"_s}}));

    // Other workspaces are untouched.
    r = sandbench({u"guardrails"_s, u"list"_s, u"--json"_s});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(jsonArray(r.out).size(), 0);
}

void TestGatewayCli::guardrailsBadInput_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message"); // part of stderr naming what is allowed
    const QString slug = u"regex-prompt-injection"_s;
    QTest::newRow("unknown slug")
        << QStringList{u"set"_s, u"nope"_s, u"--action"_s, u"flag"_s}
        << u"available: regex-prompt-injection, email, phone, credit-card, ip-address"_s;
    QTest::newRow("bad action") << QStringList{u"set"_s, slug, u"--action"_s, u"warn"_s}
                                << u"use one of: flag, redact, block"_s;
    QTest::newRow("missing action") << QStringList{u"set"_s, slug} << u"--action flag, redact or block"_s;
    QTest::newRow("bad scope") << QStringList{u"set"_s,  slug,         u"--action"_s,
                                              u"flag"_s, u"--scope"_s, u"tools"_s}
                               << u"use one of: user_only, all_messages"_s;
    QTest::newRow("empty scope") << QStringList{u"set"_s, slug, u"--action"_s, u"flag"_s, u"--scope"_s, u""_s}
                                 << u"use one of: user_only, all_messages"_s;
    QTest::newRow("no slug") << QStringList{u"set"_s, u"--action"_s, u"flag"_s} << u"available:"_s;
    QTest::newRow("two slugs") << QStringList{u"set"_s, slug, u"email"_s, u"--action"_s, u"flag"_s}
                               << u"takes one SLUG"_s;
    QTest::newRow("unknown subcommand") << QStringList{u"remove"_s, slug} << u"guardrails list [--json]"_s;
    QTest::newRow("no subcommand") << QStringList{} << u"guardrails set SLUG"_s;
    QTest::newRow("unknown option") << QStringList{u"list"_s, u"--verbose"_s} << u"verbose"_s;
    QTest::newRow("bad workspace") << QStringList{u"list"_s, u"--workspace"_s, u"../x"_s}
                                   << u"invalid --workspace"_s;
}

void TestGatewayCli::guardrailsBadInput()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const QStringList workspace =
        args.contains(u"--workspace"_s) ? QStringList() : QStringList{u"--workspace"_s, u"bad"_s};
    const Run r = sandbench(QStringList{u"guardrails"_s} + args + workspace);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
    // Nothing was written.
    QVERIFY(!QFile::exists(workspaceDir(u"bad"_s) + u"/guardrails.json"_s));
}

void TestGatewayCli::logsEmptyWorkspace()
{
    Run r = sandbench({u"logs"_s, u"list"_s, u"--workspace"_s, u"quiet"_s});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out, QByteArray("no requests logged\n"));
    r = sandbench({u"logs"_s, u"list"_s, u"--json"_s, u"--workspace"_s, u"quiet"_s});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(jsonArray(r.out), QJsonArray());
    const QString file = m_data.filePath(u"quiet.jsonl"_s);
    r = sandbench({u"logs"_s, u"export"_s, file, u"--workspace"_s, u"quiet"_s});
    QCOMPARE(r.exitCode, 0);
    QFile exported(file);
    QVERIFY(exported.open(QIODevice::ReadOnly));
    QCOMPARE(exported.readAll(), QByteArray());
    // Reading does not create a database.
    QVERIFY(!QFile::exists(RequestLog::databasePath(m_data.path(), u"quiet"_s)));
}

void TestGatewayCli::logsList()
{
    Run r = sandbench({u"logs"_s, u"list"_s, u"--json"_s, u"--workspace"_s, u"logged"_s});
    QCOMPARE(r.exitCode, 0);
    const QJsonArray list = jsonArray(r.out);
    QCOMPARE(list.size(), 3);
    // Newest first, metadata only.
    QStringList ids;
    for (const QJsonValue &v : list)
        ids.append(v.toObject().value(u"id"_s).toString());
    QCOMPARE(ids, (QStringList{u"resp_2"_s, u"resp_1"_s, u"resp_0"_s}));
    const QJsonObject newest = list.at(0).toObject();
    QCOMPARE(newest.value(u"time"_s).toString(), u"2023-11-14T22:13:22.000Z"_s);
    QCOMPARE(newest.value(u"latency_ms"_s).toInteger(), 102);
    QCOMPARE(newest.value(u"api"_s).toString(), u"responses"_s);
    QCOMPARE(newest.value(u"model"_s).toString(), u"openai/gpt-test"_s);
    QCOMPARE(newest.value(u"provider"_s).toString(), u"openrouter"_s);
    QCOMPARE(newest.value(u"status"_s).toInt(), 403);
    QCOMPARE(newest.value(u"input_tokens"_s).toInteger(), 30);
    QCOMPARE(newest.value(u"output_tokens"_s).toInteger(), 2);
    QCOMPARE(newest.value(u"container_ids"_s).toArray(), QJsonArray{u"ctr_2"_s});
    QVERIFY(newest.contains(u"server_tool_cost"_s));
    QVERIFY(!newest.contains(u"request_body"_s));
    QCOMPARE(list.at(1).toObject().value(u"api"_s).toString(), u"messages"_s);

    r = sandbench({u"logs"_s, u"list"_s, u"--workspace"_s, u"logged"_s});
    QCOMPARE(r.exitCode, 0);
    const QList<QByteArray> lines = r.out.trimmed().split('\n');
    QCOMPARE(lines.size(), 3);
    QVERIFY2(lines.at(0).contains("resp_2") && lines.at(0).contains("403") && lines.at(0).contains("102 ms"),
             lines.at(0).constData());
    QVERIFY(lines.at(2).contains("resp_0"));
    // What the guardrails did, per request.
    QVERIFY2(lines.at(1).endsWith("guardrails: pii redact ×2, secrets flag"), lines.at(1).constData());
    QVERIFY2(!lines.at(0).contains("guardrails"), lines.at(0).constData());
    const QJsonArray actions = list.at(1).toObject().value(u"guardrail_actions"_s).toArray();
    QCOMPARE(actions.size(), 2);
    QCOMPARE(actions.at(0).toObject(),
             (QJsonObject{{u"guardrail"_s, u"pii"_s}, {u"action"_s, u"redact"_s}, {u"detections"_s, 2}}));
    QCOMPARE(newest.value(u"guardrail_actions"_s).toArray(), QJsonArray());
}

void TestGatewayCli::logsShow()
{
    Run r = sandbench({u"logs"_s, u"show"_s, u"resp_1"_s, u"--workspace"_s, u"logged"_s});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(
        r.out.startsWith("resp_1  2023-11-14T22:13:21.000Z  messages  openai/gpt-test  status 200  101 ms\n"),
        r.out.constData());
    QVERIFY2(r.out.contains("  from \"OpenAI/Python 1.54.0\"\n") ||
                 r.out.contains("  from OpenAI/Python 1.54.0\n"),
             r.out.constData());
    QVERIFY2(r.out.contains("$ echo 1  -> exit 0, 5 ms"), r.out.constData());
    QVERIFY2(r.out.contains("stdout: 1\n"), r.out.constData());
    QVERIFY2(r.out.contains("pii  redact  message 0, characters 3-20  (email)"), r.out.constData());
    QVERIFY2(r.out.contains("secrets  flag  tool output, characters 0-40  (aws)"), r.out.constData());

    r = sandbench({u"--workspace"_s, u"logged"_s, u"logs"_s, u"show"_s, u"resp_1"_s, u"--json"_s});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(o.value(u"id"_s).toString(), u"resp_1"_s);
    QCOMPARE(o.value(u"client"_s).toString(), u"OpenAI/Python 1.54.0"_s);
    QCOMPARE(o.value(u"detections"_s).toArray().size(), 3);
    QCOMPARE(o.value(u"request_body"_s).toString(), u"{\"input\":\"question 1\"}"_s);
    QCOMPARE(o.value(u"shell_calls"_s).toArray().at(0).toObject().value(u"call_id"_s).toString(),
             u"call_1"_s);

    r = sandbench({u"logs"_s, u"show"_s, u"resp_nope"_s, u"--workspace"_s, u"logged"_s});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("no request \"resp_nope\" in the log of workspace logged"), r.err.constData());
    QVERIFY(r.out.isEmpty());
}

void TestGatewayCli::logsLimit_data()
{
    QTest::addColumn<QString>("limit");
    QTest::addColumn<int>("rows");
    QTest::newRow("1") << u"1"_s << 1;
    QTest::newRow("2") << u"2"_s << 2;
    QTest::newRow("more than logged") << u"100000"_s << 3;
}

void TestGatewayCli::logsLimit()
{
    QFETCH(QString, limit);
    QFETCH(int, rows);
    const Run r =
        sandbench({u"logs"_s, u"list"_s, u"--json"_s, u"--limit"_s, limit, u"--workspace"_s, u"logged"_s});
    QCOMPARE(r.exitCode, 0);
    const QJsonArray list = jsonArray(r.out);
    QCOMPARE(list.size(), rows);
    QCOMPARE(list.at(0).toObject().value(u"id"_s).toString(), u"resp_2"_s);
}

void TestGatewayCli::logsBadInput_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    const QString limitMessage = u"--limit must be an integer from 1 to 100000"_s;
    QTest::newRow("limit 0") << QStringList{u"list"_s, u"--limit"_s, u"0"_s} << limitMessage;
    QTest::newRow("limit negative") << QStringList{u"list"_s, u"--limit"_s, u"-3"_s} << limitMessage;
    QTest::newRow("limit too large") << QStringList{u"list"_s, u"--limit"_s, u"100001"_s} << limitMessage;
    QTest::newRow("limit not a number") << QStringList{u"list"_s, u"--limit"_s, u"ten"_s} << limitMessage;
    QTest::newRow("export limit 0") << QStringList{u"export"_s, u"/tmp/x.jsonl"_s, u"--limit"_s, u"0"_s}
                                    << limitMessage;
    QTest::newRow("list with argument") << QStringList{u"list"_s, u"extra"_s} << u"takes no arguments"_s;
    QTest::newRow("export without file") << QStringList{u"export"_s} << u"takes one FILE"_s;
    QTest::newRow("show without id") << QStringList{u"show"_s} << u"logs show takes one request ID"_s;
    QTest::newRow("export json") << QStringList{u"export"_s, u"/tmp/x.jsonl"_s, u"--json"_s}
                                 << u"JSON Lines"_s;
    QTest::newRow("unknown subcommand") << QStringList{u"tail"_s} << u"logs list [--json] [--limit N]"_s;
    QTest::newRow("empty search") << QStringList{u"list"_s, u"--search"_s, u"  "_s}
                                  << u"--search needs some text"_s;
    QTest::newRow("show with search")
        << QStringList{u"show"_s, u"resp_1"_s, u"--search"_s, u"x"_s} << u"logs show takes no --search"_s;
}

void TestGatewayCli::logsSearch_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("ids");
    QTest::newRow("word in a body") << u"question"_s << QStringList{u"resp_2"_s, u"resp_1"_s, u"resp_0"_s};
    QTest::newRow("two words") << u"question 1"_s << QStringList{u"resp_1"_s};
    QTest::newRow("phrase") << u"\"echo 2\""_s << QStringList{u"resp_2"_s};
    QTest::newRow("prefix") << u"quest*"_s << QStringList{u"resp_2"_s, u"resp_1"_s, u"resp_0"_s};
    QTest::newRow("FTS syntax is text") << u"question OR nothing"_s << QStringList{};
    QTest::newRow("unbalanced quote") << u"\"echo"_s << QStringList{u"resp_2"_s, u"resp_1"_s, u"resp_0"_s};
    QTest::newRow("punctuation") << u"\":\""_s << QStringList{u"resp_2"_s, u"resp_1"_s, u"resp_0"_s};
    QTest::newRow("no match") << u"nothing"_s << QStringList{};
}

void TestGatewayCli::logsSearch()
{
    QFETCH(QString, text);
    QFETCH(QStringList, ids);
    Run r =
        sandbench({u"logs"_s, u"list"_s, u"--json"_s, u"--search"_s, text, u"--workspace"_s, u"logged"_s});
    QCOMPARE(r.exitCode, 0);
    QStringList got;
    for (const QJsonValue &v : jsonArray(r.out))
        got.append(v.toObject().value(u"id"_s).toString());
    QCOMPARE(got, ids);
    // export writes the same requests.
    const QString file =
        m_data.filePath(u"search-%1.jsonl"_s.arg(QString::fromLatin1(QTest::currentDataTag())));
    r = sandbench({u"logs"_s, u"export"_s, file, u"--search"_s, text, u"--workspace"_s, u"logged"_s});
    QCOMPARE(r.exitCode, 0);
    QFile f(file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray all = f.readAll().trimmed();
    QCOMPARE(all.isEmpty() ? 0 : all.count('\n') + 1, ids.size());
}

void TestGatewayCli::logsBadInput()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const Run r = sandbench(QStringList{u"logs"_s} + args + QStringList{u"--workspace"_s, u"logged"_s});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
    QVERIFY(r.out.isEmpty());
}

void TestGatewayCli::logsExport()
{
    const QString file = m_data.filePath(u"export.jsonl"_s);
    Run r = sandbench({u"logs"_s, u"export"_s, file, u"--workspace"_s, u"logged"_s});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("exported 3 request(s)"), r.out.constData());
    QFile exported(file);
    QVERIFY(exported.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = exported.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), 3);
    QStringList ids;
    for (const QByteArray &line : lines) {
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(line, &error);
        QCOMPARE(error.error, QJsonParseError::NoError);
        QVERIFY(doc.isObject());
        ids.append(doc.object().value(u"id"_s).toString());
    }
    QCOMPARE(ids, (QStringList{u"resp_2"_s, u"resp_1"_s, u"resp_0"_s}));
    // Full records: bodies and shell calls with their commands and outputs.
    const QJsonObject first = QJsonDocument::fromJson(lines.at(2)).object();
    QCOMPARE(first.value(u"request_body"_s).toString(), u"{\"input\":\"question 0\"}"_s);
    const QJsonArray calls = first.value(u"shell_calls"_s).toArray();
    QCOMPARE(calls.size(), 1);
    const QJsonObject command = calls.at(0).toObject().value(u"commands"_s).toArray().at(0).toObject();
    QCOMPARE(command.value(u"command"_s).toString(), u"echo 0"_s);
    QCOMPARE(command.value(u"stdout"_s).toString(), u"0\n"_s);

    r = sandbench({u"logs"_s, u"export"_s, file, u"--limit"_s, u"1"_s, u"--workspace"_s, u"logged"_s});
    QCOMPARE(r.exitCode, 0);
    exported.close();
    QVERIFY(exported.open(QIODevice::ReadOnly));
    const QList<QByteArray> limited = exported.readAll().trimmed().split('\n');
    QCOMPARE(limited.size(), 1);
    QCOMPARE(QJsonDocument::fromJson(limited.at(0)).object().value(u"id"_s).toString(), u"resp_2"_s);

    r = sandbench({u"logs"_s, u"export"_s, u"/nonexistent-dir/x.jsonl"_s, u"--workspace"_s, u"logged"_s});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.err.contains("cannot write"));
}

QTEST_GUILESS_MAIN(TestGatewayCli)
#include "test_gatewaycli.moc"
