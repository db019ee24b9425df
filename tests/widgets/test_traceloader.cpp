// SPDX-License-Identifier: GPL-3.0-or-later
#include "data/traceloader.h"
#include "models/scriptedclient.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;

class TestTraceLoader final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void responsesItem();
    void messagesBlocks();
    void nativeShellPair();
    void notATrace();
    void scriptedClientPlaysScript();
    void scriptedClientRejectsBadScripts();
};

void TestTraceLoader::responsesItem()
{
    const QByteArray json = R"({"id":"resp_1","output":[
        {"type":"reasoning"},
        {"type":"openrouter:shell","id":"sh_1","call_id":"call_1","status":"completed","container_id":"sess_abc",
         "action":{"commands":["cat /etc/os-release","python3 --version"],"timeout_ms":120000,"max_output_length":16384},
         "output":[{"stdout":"NAME=Debian\n","stderr":"","outcome":{"type":"exit","exit_code":0}},
                   {"stdout":"","stderr":"","outcome":{"type":"timeout"}}]},
        {"type":"message","content":[{"type":"output_text","text":"done"}]}]})";
    QString error;
    const QList<TraceCall> calls = TraceLoader::parse(json, &error);
    QCOMPARE(calls.size(), 1);
    const TraceCall &c = calls.first();
    QCOMPARE(c.containerId, u"sess_abc"_s);
    QCOMPARE(c.action.commands, (QStringList{u"cat /etc/os-release"_s, u"python3 --version"_s}));
    QCOMPARE(c.results.size(), 2);
    QCOMPARE(c.results[0].stdoutText, u"NAME=Debian\n"_s);
    QCOMPARE(c.results[1].outcome, CommandOutcome::timeout());
    const QJsonObject item = c.toOutputItem();
    QCOMPARE(item.value(u"type"_s).toString(), u"openrouter:shell"_s);
    QCOMPARE(item.value(u"output"_s).toArray().size(), 2);
}

void TestTraceLoader::messagesBlocks()
{
    const QByteArray json = R"({"type":"message","content":[
        {"type":"text","text":"Let me check."},
        {"type":"server_tool_use","id":"srvtoolu_1","name":"openrouter:bash","input":{"command":"ls -la"}},
        {"type":"openrouter_bash_tool_result","tool_use_id":"srvtoolu_1",
         "content":{"command":"ls -la","stdout":"total 0\n","stderr":"","exitCode":2}},
        {"type":"server_tool_use","id":"srvtoolu_2","name":"openrouter:shell","input":{"commands":["echo a","echo b"]}},
        {"type":"openrouter_shell_tool_result","tool_use_id":"srvtoolu_2",
         "content":[{"stdout":"a\n","stderr":"","outcome":{"type":"exit","exit_code":0}},
                    {"stdout":"b\n","stderr":"","outcome":{"type":"exit","exit_code":0}}]}]})";
    QString error;
    const QList<TraceCall> calls = TraceLoader::parse(json, &error);
    QCOMPARE(calls.size(), 2);
    QCOMPARE(calls[0].tool, u"openrouter:bash"_s);
    QCOMPARE(calls[0].action.commands, QStringList{u"ls -la"_s});
    QCOMPARE(calls[0].results.size(), 1);
    QCOMPARE(calls[0].results[0].outcome, CommandOutcome::exit(2));
    QCOMPARE(calls[1].results.size(), 2);
    QCOMPARE(calls[1].results[1].stdoutText, u"b\n"_s);
    QVERIFY(calls[1].completed);
}

void TestTraceLoader::nativeShellPair()
{
    const QByteArray json = R"([{"type":"shell_call","call_id":"c1","action":{"commands":["pwd"]}},
        {"type":"shell_call_output","call_id":"c1","output":[{"stdout":"/workspace/home\n","stderr":"","outcome":{"type":"exit","exit_code":0}}]}])";
    QString error;
    const QList<TraceCall> calls = TraceLoader::parse(json, &error);
    QCOMPARE(calls.size(), 1);
    QCOMPARE(calls[0].results.first().stdoutText, u"/workspace/home\n"_s);
}

void TestTraceLoader::notATrace()
{
    QString error;
    QVERIFY(TraceLoader::parse("{\"hello\":1}", &error).isEmpty());
    QVERIFY(error.contains(u"no shell calls"_s));
    QVERIFY(TraceLoader::parse("{nope", &error).isEmpty());
    QVERIFY(error.contains(u"not valid JSON"_s));
}

void TestTraceLoader::scriptedClientPlaysScript()
{
    ScriptedClient client;
    QString error;
    const QByteArray script = R"J({"name":"t","chunks":3,"chunk_delay_ms":1,"steps":[
        {"text":"Looking.","tool_calls":[{"name":"shell","arguments":{"commands":["echo 42"]}}]},
        {"text":"The answer: {{last_tool_stdout}} ({{last_tool_result}})"}]})J";
    QVERIFY2(client.loadScript(script, &error), qPrintable(error));
    QCOMPARE(client.scriptName(), u"t"_s);
    QCOMPARE(client.stepCount(), 2);

    TurnRequest request;
    request.messages = {Message::user(u"question"_s)};
    request.sampling.model = u"t"_s;
    ModelTurn *turn = client.send(request);
    QSignalSpy deltas(turn, &ModelTurn::textDelta);
    QSignalSpy finished(turn, &ModelTurn::finished);
    QTRY_COMPARE(finished.size(), 1);
    QVERIFY(deltas.size() >= 2); // streamed in pieces
    const TurnResult first = finished.first().first().value<TurnResult>();
    QCOMPARE(first.message.text(), u"Looking."_s);
    QCOMPARE(first.message.toolCalls.size(), 1);
    QCOMPARE(first.message.toolCalls[0].name, u"shell"_s);
    QCOMPARE(first.message.toolCalls[0].arguments().value(u"commands"_s).toArray().first().toString(),
             u"echo 42"_s);

    request.messages.append(first.message);
    request.messages.append(
        Message::tool(first.message.toolCalls[0].id,
                      uR"([{"stdout":"42\n","stderr":"","outcome":{"type":"exit","exit_code":0}}])"_s));
    ModelTurn *second = client.send(request);
    QSignalSpy finished2(second, &ModelTurn::finished);
    QTRY_COMPARE(finished2.size(), 1);
    const TurnResult answer = finished2.first().first().value<TurnResult>();
    QVERIFY2(answer.message.text().startsWith(u"The answer: 42 ([{"_s), qPrintable(answer.message.text()));
    QVERIFY(!answer.hasToolCalls());

    // Cancelling a scripted turn behaves like cancelling a real one.
    ModelTurn *third = client.send(request);
    QSignalSpy failed(third, &ModelTurn::failed);
    third->cancel();
    QTRY_COMPARE(failed.size(), 1);
    QCOMPARE(failed.first().first().value<ModelError>().kind, ModelError::Kind::Cancelled);
}

void TestTraceLoader::scriptedClientRejectsBadScripts()
{
    ScriptedClient client;
    QString error;
    QVERIFY(!client.loadScript("[", &error));
    QVERIFY(error.contains(u"not valid JSON"_s));
    QVERIFY(!client.loadScript("[{\"nothing\":1}]", &error));
    QVERIFY2(error.contains(u"Step 1"_s), qPrintable(error));
    QCOMPARE(ScriptedClient::displayLabel(), u"Scripted"_s);
}

QTEST_GUILESS_MAIN(TestTraceLoader)
#include "test_traceloader.moc"
