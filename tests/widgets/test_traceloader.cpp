// SPDX-License-Identifier: GPL-3.0-or-later
#include "data/traceloader.h"
#include "models/scriptedclient.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
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
    void codeInterpreterCells();
    void anthropicCodeExecution();
    void savedCodeCallRoundTrip();
    void hostileCellOutputs();
    void hostileCellLimits();
    void tooLargeFile();
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
    QVERIFY(error.contains(u"no shell or code calls"_s));
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
    QVERIFY(error.contains(u"no shell or code calls"_s));
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

namespace {
// The eight bytes every PNG starts with, then some bytes: the loader checks the signature, never decodes.
QByteArray pngBytes(int size = 64)
{
    QByteArray png("\x89PNG\r\n\x1a\n");
    while (png.size() < size)
        png.append(char(png.size() % 251));
    return png;
}

QString dataUrl(const QByteArray &bytes, const QString &type = u"image/png"_s)
{
    return u"data:%1;base64,"_s.arg(type) + QString::fromLatin1(bytes.toBase64());
}

QByteArray responseWith(const QJsonValue &outputs, const QJsonValue &code = u"print(1)"_s)
{
    const QJsonObject call{
        {u"type"_s, u"code_interpreter_call"_s}, {u"id"_s, u"ci_1"_s},          {u"code"_s, code},
        {u"container_id"_s, u"cntr_1"_s},        {u"status"_s, u"completed"_s}, {u"outputs"_s, outputs}};
    return QJsonDocument(QJsonObject{{u"object"_s, u"response"_s}, {u"output"_s, QJsonArray{call}}}).toJson();
}

QStringList notesOf(const KernelCellResult &cell)
{
    QStringList notes;
    for (const KernelOutput &o : cell.outputs)
        if (o.kind == KernelOutput::Kind::Note)
            notes.append(o.text);
    return notes;
}
} // namespace

// An OpenAI code_interpreter_call with outputs (include: code_interpreter_call.outputs, as responses.d.ts
// types ResponseCodeInterpreterToolCall): the code is the command, logs are the cell's text, a PNG in a
// data: URL is an image output; the plain result holds the logs.
void TestTraceLoader::codeInterpreterCells()
{
    const QByteArray png = pngBytes();
    const QByteArray json = responseWith(
        QJsonArray{QJsonObject{{u"type"_s, u"logs"_s}, {u"logs"_s, u"   region  sales\n0  north    120\n"_s}},
                   QJsonObject{{u"type"_s, u"image"_s}, {u"url"_s, dataUrl(png)}}});
    QString error;
    const Trace trace = TraceLoader::read(json, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(trace.calls.size(), 1);
    const TraceCall &call = trace.calls.first();
    QCOMPARE(call.tool, u"code_interpreter"_s);
    QVERIFY(call.isPython());
    QCOMPARE(call.action.commands, QStringList{u"print(1)"_s});
    QCOMPARE(call.containerId, u"cntr_1"_s);
    QVERIFY(call.completed);
    QCOMPARE(call.cell.outputs.size(), 2);
    QCOMPARE(call.cell.outputs.at(0).kind, KernelOutput::Kind::Stream);
    QCOMPARE(call.cell.outputs.at(0).text, u"   region  sales\n0  north    120\n"_s);
    QCOMPARE(call.cell.outputs.at(1).kind, KernelOutput::Kind::Display);
    QCOMPARE(call.images.value(call.cell.outputs.at(1).imagePath), png);
    QCOMPARE(call.results.size(), 1);
    QCOMPARE(call.results.first().stdoutText, u"   region  sales\n0  north    120\n"_s);
    QCOMPARE(trace.items.size(), 1);
    QCOMPARE(trace.items.first().kind, TraceItem::Kind::ShellCall);

    // Without outputs (the request did not include them) the call is there, with nothing to show.
    const QByteArray bare = responseWith(QJsonValue::Null);
    const Trace bareTrace = TraceLoader::read(bare, &error);
    QCOMPARE(bareTrace.calls.size(), 1);
    QVERIFY(bareTrace.calls.first().cell.outputs.isEmpty());
    QVERIFY(bareTrace.calls.first().images.isEmpty());

    // A failed call says so in its outcome.
    QJsonObject failed = QJsonDocument::fromJson(json).object();
    QJsonArray output = failed.value(u"output"_s).toArray();
    QJsonObject item = output.first().toObject();
    item.insert(u"status"_s, u"failed"_s);
    output.replace(0, item);
    failed.insert(u"output"_s, output);
    const Trace failedTrace = TraceLoader::read(QJsonDocument(failed).toJson(), &error);
    QVERIFY(!failedTrace.calls.first().completed);
    QCOMPARE(failedTrace.calls.first().results.first().outcome.exitCode, 1);
}

// Anthropic's code execution as Messages blocks: server_tool_use code_execution with its
// code_execution_tool_result (stdout, stderr, return_code, files by id), bash_code_execution with its result,
// an error result, and a text_editor call that stays a tool call.
void TestTraceLoader::anthropicCodeExecution()
{
    const QByteArray json = R"({"type":"message","role":"assistant","model":"claude","content":[
        {"type":"server_tool_use","id":"srvtoolu_1","name":"code_execution","input":{"code":"import pandas"}},
        {"type":"code_execution_tool_result","tool_use_id":"srvtoolu_1","content":{"type":"code_execution_result",
         "stdout":"ok
","stderr":"warn
","return_code":3,"content":[{"type":"code_execution_output","file_id":"file_9"}]}},
        {"type":"server_tool_use","id":"srvtoolu_2","name":"bash_code_execution","input":{"command":"ls -l"}},
        {"type":"bash_code_execution_tool_result","tool_use_id":"srvtoolu_2","content":{"type":"bash_code_execution_result",
         "stdout":"total 0
","stderr":"","return_code":0,"content":[]}},
        {"type":"server_tool_use","id":"srvtoolu_3","name":"code_execution","input":{"code":"1/0"}},
        {"type":"code_execution_tool_result","tool_use_id":"srvtoolu_3","content":{"type":"code_execution_tool_result_error",
         "error_code":"execution_time_exceeded"}},
        {"type":"server_tool_use","id":"srvtoolu_4","name":"text_editor_code_execution","input":{"command":"view","path":"/tmp/a"}},
        {"type":"text","text":"Done."}]})";
    QString error;
    const Trace trace = TraceLoader::read(json, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(trace.format, u"messages"_s);
    QCOMPARE(trace.calls.size(), 3);

    const TraceCall &python = trace.calls.at(0);
    QCOMPARE(python.tool, u"code_execution_20250522"_s);
    QVERIFY(python.isPython());
    QCOMPARE(python.action.commands, QStringList{u"import pandas"_s});
    QVERIFY(python.completed);
    QCOMPARE(python.results.first().outcome.exitCode, 3);
    QCOMPARE(python.results.first().stdoutText, u"ok\n"_s);
    QVERIFY(python.results.first().stderrText.contains(u"warn\n"_s));
    QCOMPARE(python.cell.outputs.at(0).text, u"ok\n"_s);
    QVERIFY(python.cell.outputs.at(1).stderrStream);
    QCOMPARE(notesOf(python.cell).size(), 1);
    QVERIFY(notesOf(python.cell).first().contains(u"file_9"_s));

    const TraceCall &bash = trace.calls.at(1);
    QCOMPARE(bash.tool, u"code_execution_20250825"_s);
    QVERIFY(!bash.isPython());
    QCOMPARE(bash.action.commands, QStringList{u"ls -l"_s});
    QCOMPARE(bash.results.first().stdoutText, u"total 0\n"_s);
    QVERIFY(bash.cell.outputs.isEmpty());

    const TraceCall &failed = trace.calls.at(2);
    QCOMPARE(failed.results.first().outcome.exitCode, 1);
    QCOMPARE(failed.cell.outputs.first().kind, KernelOutput::Kind::Error);
    QVERIFY(failed.cell.outputs.first().text.contains(u"execution_time_exceeded"_s));

    int toolCalls = 0;
    for (const TraceItem &item : trace.items)
        toolCalls += item.kind == TraceItem::Kind::ToolCall;
    QCOMPARE(toolCalls, 1);
    QCOMPARE(trace.text(), u"Done."_s);
}

// The window saves a trace's code call as an openrouter:shell item with "tool"; read back, it is the same
// kind of call (a re-run leaves Python cells alone, a card titles it by its contract).
void TestTraceLoader::savedCodeCallRoundTrip()
{
    const Trace trace = TraceLoader::read(
        responseWith(QJsonArray{QJsonObject{{u"type"_s, u"logs"_s}, {u"logs"_s, u"1\n"_s}}}), nullptr);
    const QJsonObject item = trace.calls.first().toOutputItem();
    QCOMPARE(item.value(u"type"_s).toString(), u"openrouter:shell"_s);
    QCOMPARE(item.value(u"tool"_s).toString(), u"code_interpreter"_s);
    const QList<TraceCall> back = TraceLoader::parse(QJsonDocument(QJsonArray{item}).toJson(), nullptr);
    QCOMPARE(back.size(), 1);
    QVERIFY(back.first().isPython());
    QCOMPARE(back.first().action.commands, QStringList{u"print(1)"_s});
    QCOMPARE(back.first().results.first().stdoutText, u"1\n"_s);
    // An unknown "tool" is not taken for a code call.
    QJsonObject odd = item;
    odd.insert(u"tool"_s, u"rm -rf"_s);
    QVERIFY(!TraceLoader::parse(QJsonDocument(QJsonArray{odd}).toJson(), nullptr).first().isPython());
}

// Outputs a file may hold: a remote URL (never fetched: a note names it), a JPEG, bytes that are not a PNG,
// broken base64, no URL, an unknown output type, code that is not a string, outputs that are not a list.
void TestTraceLoader::hostileCellOutputs()
{
    const QByteArray json = responseWith(
        QJsonArray{QJsonObject{{u"type"_s, u"image"_s}, {u"url"_s, u"https://files.example.com/chart.png"_s}},
                   QJsonObject{{u"type"_s, u"image"_s}, {u"url"_s, dataUrl(pngBytes(), u"image/jpeg"_s)}},
                   QJsonObject{{u"type"_s, u"image"_s}, {u"url"_s, dataUrl("GIF89a not a png")}},
                   QJsonObject{{u"type"_s, u"image"_s}, {u"url"_s, u"data:image/png;base64,@@@@"_s}},
                   QJsonObject{{u"type"_s, u"image"_s}, {u"url"_s, u"data:image/png;base64"_s}},
                   QJsonObject{{u"type"_s, u"image"_s}, {u"url"_s, 42}}, QJsonObject{{u"type"_s, u"files"_s}},
                   QJsonObject{{u"type"_s, u"logs"_s}, {u"logs"_s, QJsonArray{1, 2}}}, u"not an object"_s},
        QJsonObject{{u"evil"_s, true}});
    QString error;
    const Trace trace = TraceLoader::read(json, &error);
    QCOMPARE(trace.calls.size(), 1);
    const TraceCall &call = trace.calls.first();
    QCOMPARE(call.action.commands, QStringList{QString()});
    QVERIFY(call.images.isEmpty());
    const QStringList notes = notesOf(call.cell);
    QCOMPARE(notes.size(), 8);
    QVERIFY(notes.at(0).contains(u"https://files.example.com/chart.png"_s));
    QVERIFY(notes.at(0).contains(u"not fetch"_s));
    QVERIFY(notes.at(1).contains(u"image/jpeg"_s));
    for (const QString &note : notes)
        QVERIFY2(!note.contains(u"base64,"_s), qPrintable(note)); // a note never quotes the data itself
    // The plain view says the same in the call's stderr.
    QVERIFY(call.results.first().stderrText.contains(u"not fetch"_s));

    // Outputs that are not a list: nothing to show, no crash.
    const QByteArray odd = R"({"object":"response","output":[{"type":"code_interpreter_call","id":"ci_1",
        "code":"x","outputs":{"type":"logs","logs":"hi"},"status":"completed"}]})";
    const Trace oddTrace = TraceLoader::read(odd, &error);
    QCOMPARE(oddTrace.calls.size(), 1);
    QVERIFY(oddTrace.calls.first().cell.outputs.isEmpty());
}

// A cell's bounds: text past MaxCellTextChars is counted in a note, images past MaxCellImages and over
// MaxImageBytes are notes, a remote URL of any length is quoted short.
void TestTraceLoader::hostileCellLimits()
{
    QJsonArray outputs;
    outputs.append(QJsonObject{{u"type"_s, u"logs"_s}, {u"logs"_s, QString(1000000, u'x')}});
    outputs.append(QJsonObject{{u"type"_s, u"logs"_s}, {u"logs"_s, u"tail"_s}});
    outputs.append(QJsonObject{{u"type"_s, u"image"_s},
                               {u"url"_s, dataUrl(pngBytes(int(TraceLoader::MaxImageBytes) + 1))}});
    for (int i = 0; i < TraceLoader::MaxCellImages + 2; ++i)
        outputs.append(QJsonObject{{u"type"_s, u"image"_s}, {u"url"_s, dataUrl(pngBytes(64 + i))}});
    outputs.append(QJsonObject{{u"type"_s, u"image"_s},
                               {u"url"_s, QString(u"http://example.com/"_s + QString(100000, u'a'))}});
    const Trace trace = TraceLoader::read(responseWith(outputs), nullptr);
    const TraceCall &call = trace.calls.first();
    qsizetype text = 0;
    for (const KernelOutput &o : call.cell.outputs)
        if (o.kind != KernelOutput::Kind::Note)
            text += o.text.size();
    QCOMPARE(text, TraceLoader::MaxCellTextChars);
    QCOMPARE(call.images.size(), TraceLoader::MaxCellImages);
    const QStringList notes = notesOf(call.cell);
    QVERIFY(notes.join(u'\n').contains(u"more characters"_s));
    QVERIFY(notes.join(u'\n').contains(QString::number(1000004 - TraceLoader::MaxCellTextChars)));
    QVERIFY(notes.join(u'\n').contains(u"More images than"_s));
    QVERIFY(notes.join(u'\n').contains(u"larger than"_s));
    for (const QString &note : notes)
        QVERIFY(note.size() < 400);
    QVERIFY(call.results.first().stdoutText.size() <= TraceLoader::MaxCellTextChars);
}

// A file larger than MaxFileBytes is refused before it is read; a missing one says why.
void TestTraceLoader::tooLargeFile()
{
    QTemporaryDir dir;
    QFile file(dir.filePath(u"huge.json"_s));
    QVERIFY(file.open(QIODevice::WriteOnly));
    QVERIFY(file.resize(TraceLoader::MaxFileBytes + 1)); // sparse: no disk used
    file.close();
    QString error;
    QVERIFY(TraceLoader::readFile(file.fileName(), &error).calls.isEmpty());
    QVERIFY2(error.contains(u"larger than 64 MiB"_s), qPrintable(error));
    QVERIFY(TraceLoader::readFile(dir.filePath(u"missing.json"_s), &error).calls.isEmpty());
    QVERIFY(error.contains(u"Cannot open"_s));
}

QTEST_GUILESS_MAIN(TestTraceLoader)
#include "test_traceloader.moc"
