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
    void responsesTraceFields();
    void messagesTraceFields();
    void requestSideIsNotTheAnswer();
    void traceWithoutNumbers();
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

// A whole Response as the openai SDK types it (resources/responses/responses.d.ts: Response, ResponseUsage,
// ResponseReasoningItem, ResponseOutputMessage, ResponseFunctionToolCall) with Sandbench's openrouter:shell
// item, usage.server_tool_cost and container_id.
void TestTraceLoader::responsesTraceFields()
{
    const QByteArray json =
        R"({"id":"resp_42","object":"response","created_at":1760000000,"status":"completed",
        "model":"openai/gpt-5.1","instructions":null,"input":[{"role":"user","content":"count the rows"}],
        "output":[
          {"type":"reasoning","id":"rs_1","summary":[{"type":"summary_text","text":"I should look at the file."}]},
          {"type":"message","id":"msg_1","status":"completed","role":"assistant",
           "content":[{"type":"output_text","text":"Let me check.","annotations":[],"logprobs":[]}]},
          {"type":"openrouter:shell","id":"sh_1","call_id":"call_1","status":"completed","container_id":"sess_7f",
           "action":{"commands":["wc -l data.csv"],"timeout_ms":120000,"max_output_length":16384},
           "output":[{"stdout":"101 data.csv\n","stderr":"","outcome":{"type":"exit","exit_code":0}}]},
          {"type":"function_call","id":"fc_1","call_id":"call_2","name":"lookup","arguments":"{\"q\":\"rows\"}",
           "status":"completed"},
          {"type":"web_search_call","id":"ws_1","status":"completed"},
          {"type":"message","id":"msg_2","status":"completed","role":"assistant",
           "content":[{"type":"output_text","text":"The file has 100 rows.","annotations":[]}]}],
        "usage":{"input_tokens":1200,"input_tokens_details":{"cached_tokens":300,"cache_write_tokens":0},
                 "output_tokens":80,"output_tokens_details":{"reasoning_tokens":20},"total_tokens":1280,
                 "server_tool_cost":0.0042,"cost_details":{"server_tool_cost":0.0042}},
        "container_id":"sess_7f"})";
    QString error;
    const Trace t = TraceLoader::read(json, &error);
    QCOMPARE(t.format, u"responses"_s);
    QCOMPARE(t.id, u"resp_42"_s);
    QCOMPARE(t.model, u"openai/gpt-5.1"_s);
    QCOMPARE(t.status, u"completed"_s);
    QCOMPARE(t.containerId, u"sess_7f"_s);
    QCOMPARE(t.inputTokens, 1200);
    QCOMPARE(t.outputTokens, 80);
    QCOMPARE(t.totalTokens, 1280);
    QCOMPARE(t.cachedTokens, 300);
    QCOMPARE(t.reasoningTokens, 20);
    QCOMPARE(t.serverToolCost, 0.0042);
    QCOMPARE(t.text(), u"Let me check.\n\nThe file has 100 rows."_s);
    // Every output item, in order; the user's question is not among them.
    QCOMPARE(t.items.size(), 6);
    QCOMPARE(t.items[0].kind, TraceItem::Kind::Reasoning);
    QCOMPARE(t.items[0].text, u"I should look at the file."_s);
    QCOMPARE(t.items[1].kind, TraceItem::Kind::Text);
    QCOMPARE(t.items[2].kind, TraceItem::Kind::ShellCall);
    QCOMPARE(t.items[2].call, 0);
    QCOMPARE(t.items[3].kind, TraceItem::Kind::ToolCall);
    QCOMPARE(t.items[3].name, u"lookup"_s);
    QCOMPARE(t.items[3].text, u"{\"q\":\"rows\"}"_s);
    QCOMPARE(t.items[4].kind, TraceItem::Kind::Other);
    QCOMPARE(t.items[4].type, u"web_search_call"_s);
    QCOMPARE(t.items[5].text, u"The file has 100 rows."_s);
    QCOMPARE(t.calls.size(), 1);
    QCOMPARE(t.calls[0].results[0].stdoutText, u"101 data.csv\n"_s);

    // The same response inside a saved response.completed event.
    const Trace event = TraceLoader::read(
        R"({"type":"response.completed","sequence_number":9,"response":)" + json + "}", &error);
    QCOMPARE(event.model, t.model);
    QCOMPARE(event.items.size(), t.items.size());
    QCOMPARE(event.serverToolCost, 0.0042);
}

// A whole Message as @anthropic-ai/sdk types it (resources/messages/messages.d.ts: Message, Usage,
// ThinkingBlock, TextBlock, ServerToolUseBlock, ToolUseBlock, Container) with Sandbench's result blocks.
void TestTraceLoader::messagesTraceFields()
{
    const QByteArray json =
        R"({"id":"msg_01A","type":"message","role":"assistant","model":"anthropic/claude-sonnet-4.5",
        "content":[
          {"type":"thinking","thinking":"Check the OS first.","signature":"sig"},
          {"type":"text","text":"Checking.","citations":null},
          {"type":"server_tool_use","id":"srvtoolu_1","name":"openrouter:shell","input":{"commands":["uname -s","false"]},
           "caller":{"type":"direct"}},
          {"type":"openrouter_shell_tool_result","tool_use_id":"srvtoolu_1",
           "content":{"container_id":"sess_msg9","action":{"commands":["uname -s","false"]},
                      "output":[{"stdout":"Linux\n","stderr":"","outcome":{"type":"exit","exit_code":0}},
                                {"stdout":"","stderr":"","outcome":{"type":"exit","exit_code":1}}]}},
          {"type":"tool_use","id":"toolu_2","name":"get_weather","input":{"city":"Paris"},"caller":{"type":"direct"}},
          {"type":"text","text":"It is Linux.","citations":null}],
        "container":{"id":"sess_msg9","expires_at":"2026-10-01T00:00:00Z","skills":null},
        "stop_reason":"tool_use","stop_sequence":null,
        "usage":{"input_tokens":900,"output_tokens":60,"cache_creation_input_tokens":0,"cache_read_input_tokens":128,
                 "cache_creation":null,"inference_geo":null,"output_tokens_details":null,"server_tool_use":null,
                 "service_tier":"standard","speed":null,"server_tool_cost":0.0017}})";
    QString error;
    const Trace t = TraceLoader::read(json, &error);
    QCOMPARE(t.format, u"messages"_s);
    QCOMPARE(t.id, u"msg_01A"_s);
    QCOMPARE(t.model, u"anthropic/claude-sonnet-4.5"_s);
    QCOMPARE(t.status, u"tool_use"_s);
    QCOMPARE(t.containerId, u"sess_msg9"_s);
    QCOMPARE(t.inputTokens, 900);
    QCOMPARE(t.outputTokens, 60);
    QCOMPARE(t.totalTokens, 960);
    QCOMPARE(t.cachedTokens, 128);
    QCOMPARE(t.reasoningTokens, -1);
    QCOMPARE(t.serverToolCost, 0.0017);
    QCOMPARE(t.text(), u"Checking.\n\nIt is Linux."_s);
    QCOMPARE(t.items.size(), 5);
    QCOMPARE(t.items[0].kind, TraceItem::Kind::Reasoning);
    QCOMPARE(t.items[0].text, u"Check the OS first."_s);
    QCOMPARE(t.items[2].kind, TraceItem::Kind::ShellCall);
    QCOMPARE(t.items[3].kind, TraceItem::Kind::ToolCall);
    QCOMPARE(t.items[3].name, u"get_weather"_s);
    QCOMPARE(t.items[3].text, u"{\"city\":\"Paris\"}"_s);
    QCOMPARE(t.calls.size(), 1);
    // The container comes from the result block's content, as Sandbench's Messages format writes it.
    QCOMPARE(t.calls[0].containerId, u"sess_msg9"_s);
    QCOMPARE(t.calls[0].results.size(), 2);
    QCOMPARE(t.calls[0].results[1].outcome, CommandOutcome::exit(1));
    QVERIFY(t.calls[0].completed);
}

void TestTraceLoader::requestSideIsNotTheAnswer()
{
    // A saved conversation: earlier assistant turns are in what was sent, not in this response's text.
    const QByteArray json = R"({"object":"response","model":"m","status":"completed",
        "input":[{"role":"user","content":[{"type":"input_text","text":"hi"}]},
                 {"type":"message","role":"assistant","content":[{"type":"output_text","text":"old answer"}]}],
        "output":[{"type":"shell_call","id":"sh_9","call_id":"c9","status":"completed",
                   "action":{"commands":["pwd"]},"environment":{"type":"container_reference","container_id":"sess_n1"}},
                  {"type":"shell_call_output","call_id":"c9",
                   "output":[{"stdout":"/workspace/home\n","stderr":"","outcome":{"type":"exit","exit_code":0}}]},
                  {"type":"message","role":"assistant","content":[{"type":"output_text","text":"new answer"}]}]})";
    QString error;
    const Trace t = TraceLoader::read(json, &error);
    QCOMPARE(t.text(), u"new answer"_s);
    QCOMPARE(t.items.size(), 2);
    QCOMPARE(t.calls.size(), 1);
    QCOMPARE(t.calls[0].containerId, u"sess_n1"_s);
    QCOMPARE(t.containerId, u"sess_n1"_s); // the response names none: its call's
    QCOMPARE(t.serverToolCost, -1.0);
}

void TestTraceLoader::traceWithoutNumbers()
{
    // A bare list of items holds no model, usage or cost: they stay unknown, never zero.
    const QByteArray json = R"([{"type":"openrouter:shell","call_id":"c1","action":{"commands":["true"]},
        "output":[{"stdout":"","stderr":"","outcome":{"type":"exit","exit_code":0}}]}])";
    QString error;
    const Trace t = TraceLoader::read(json, &error);
    QCOMPARE(t.calls.size(), 1);
    QVERIFY(t.format.isEmpty());
    QVERIFY(t.model.isEmpty());
    QCOMPARE(t.inputTokens, -1);
    QCOMPARE(t.totalTokens, -1);
    QCOMPARE(t.serverToolCost, -1.0);
    QVERIFY(t.containerId.isEmpty());
    // A response with text but no shell call is not a trace this viewer opens.
    const Trace textOnly = TraceLoader::read(
        R"({"object":"response","model":"m","output":[{"type":"message","role":"assistant",
            "content":[{"type":"output_text","text":"just text"}]}]})",
        &error);
    QVERIFY(textOnly.calls.isEmpty());
    QVERIFY(error.contains(u"no shell calls"_s));
    QCOMPARE(textOnly.text(), u"just text"_s);
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
