// SPDX-License-Identifier: GPL-3.0-or-later
// The caller wire formats (gateway/format/) on their own: each is driven by a loop's neutral events (emitted
// here by hand, no model and no sandbox) and must produce its API's exact events, final body and errors.
#include "base/workspacesettings.h"
#include "gateway/agentloop.h"
#include "gateway/format/geminiformat.h"
#include "gateway/format/wireformat.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

struct Captured
{
    QList<QJsonObject> events; // data of each SSE event, in order
    QStringList names;         // its event: line ("" when none)
    QByteArray raw;
};

// Splits SSE bytes into events.
void parseSse(Captured *out)
{
    out->events.clear();
    out->names.clear();
    const QList<QByteArray> chunks = out->raw.split('\n');
    QString name;
    for (const QByteArray &line : chunks) {
        if (line.startsWith("event: "))
            name = QString::fromUtf8(line.mid(7));
        else if (line.startsWith("data: ")) {
            const QByteArray data = line.mid(6);
            out->names.append(name);
            out->events.append(data == "[DONE]" ? QJsonObject{{u"done"_s, true}}
                                                : QJsonDocument::fromJson(data).object());
            name.clear();
        }
    }
}

QStringList types(const Captured &c)
{
    QStringList t;
    for (const QJsonObject &e : c.events)
        t.append(e.value(u"type"_s).toString());
    return t;
}

AgentToolCall shellCall(ServerToolConfig::Kind kind, const QStringList &commands)
{
    AgentToolCall call;
    call.index = 0;
    call.callId = u"call_1"_s;
    call.kind = kind;
    call.containerId = u"sess_test"_s;
    call.action.commands = commands;
    call.validated = true;
    call.arguments = QJsonObject{{u"commands"_s, QJsonArray::fromStringList(commands)}};
    return call;
}

AgentToolResult okResult(const QString &out)
{
    AgentToolResult r;
    CommandResult c;
    c.stdoutText = out;
    c.outcome = CommandOutcome::exit(0);
    r.results = {c};
    r.completed = true;
    return r;
}

// A Python call of OpenAI's code_interpreter as the loop emits it.
AgentToolCall pythonCall(const QString &code)
{
    AgentToolCall call;
    call.index = 0;
    call.callId = u"call_py"_s;
    call.kind = ServerToolConfig::Kind::Python;
    call.codeFunction = u"python"_s;
    call.containerId = u"sess_test"_s;
    call.arguments = QJsonObject{{u"code"_s, code}};
    QString error;
    call.code = CodeAction::python(call.arguments, &error);
    call.validated = call.code.has_value();
    return call;
}

AgentToolResult pythonResult(const QString &out, const QString &err = {}, bool timedOut = false)
{
    AgentToolResult r;
    CommandResult c;
    c.stdoutText = out;
    c.stderrText = err;
    c.outcome = timedOut ? CommandOutcome::timeout() : CommandOutcome::exit(err.isEmpty() ? 0 : 1);
    r.results = {c};
    r.completed = !timedOut;
    CodeAction action;
    r.code = CodeOutput::fromResult(action, c);
    if (r.code->isError())
        r.error = r.code->errorMessage, r.errorCode = r.code->errorCode;
    return r;
}

QJsonObject codeInterpreterBody(bool includeOutputs, bool stream = true)
{
    QJsonObject body{
        {u"model"_s, u"p/m"_s},
        {u"input"_s, u"plot it"_s},
        {u"stream"_s, stream},
        {u"tools"_s, QJsonArray{QJsonObject{{u"type"_s, u"code_interpreter"_s},
                                            {u"container"_s, QJsonObject{{u"type"_s, u"auto"_s}}}}}}};
    if (includeOutputs)
        body.insert(u"include"_s, QJsonArray{u"code_interpreter_call.outputs"_s});
    return body;
}

CodeAction pythonAction(const QString &code)
{
    CodeAction a;
    a.kind = CodeAction::Kind::Python;
    a.code = code;
    return a;
}

AgentOutcome outcome()
{
    AgentOutcome o;
    o.text = u"done"_s;
    o.usage = {11, 7};
    o.metered = true;
    o.serverToolCost = 0.003;
    o.containerId = u"sess_test"_s;
    o.containerExpiresAt = 1900000000;
    return o;
}

} // namespace

class TestWireFormat final : public QObject
{
    Q_OBJECT

private:
    // Parses body with the endpoint's format and follows a loop that is never started.
    std::unique_ptr<WireFormat> make(const QString &endpoint, const QJsonObject &body, Captured *out,
                                     AgentLoop **loop, bool stream = true, FormatRequestContext context = {})
    {
        std::unique_ptr<WireFormat> format = WireFormat::forEndpoint(endpoint);
        AgentError error;
        const std::optional<AgentRequest> request = format->parse(body, context, &error);
        if (!request)
            return nullptr;
        *loop = new AgentLoop(*request, AgentEnvironment(), this);
        format->follow(*loop, stream, context.liveEvents, [out](const QByteArray &b) { out->raw += b; });
        return format;
    }

private Q_SLOTS:
    void responsesTextStream()
    {
        Captured c;
        AgentLoop *loop = nullptr;
        auto f = make(u"responses"_s, {{u"model"_s, u"p/m"_s}, {u"input"_s, u"hi"_s}, {u"stream"_s, true}},
                      &c, &loop);
        QVERIFY(f);
        Q_EMIT loop->textStarted();
        Q_EMIT loop->textDelta(u"do"_s);
        Q_EMIT loop->textDelta(u"ne"_s);
        Q_EMIT loop->textDone(u"done"_s);
        AgentOutcome o = outcome();
        Q_EMIT loop->finished(o);
        parseSse(&c);
        QCOMPARE(types(c), QStringList({u"response.created"_s, u"response.in_progress"_s,
                                        u"response.output_item.added"_s, u"response.content_part.added"_s,
                                        u"response.output_text.delta"_s, u"response.output_text.delta"_s,
                                        u"response.output_text.done"_s, u"response.content_part.done"_s,
                                        u"response.output_item.done"_s, u"response.completed"_s}));
        for (int i = 0; i < c.events.size(); ++i)
            QCOMPARE(c.events.at(i).value(u"sequence_number"_s).toInt(), i);
        // A message is added empty; its part follows (openai v7's stream helper requires it).
        QCOMPARE(c.events.at(2).value(u"item"_s).toObject().value(u"content"_s).toArray().size(), 0);
        QVERIFY(c.events.at(4).value(u"logprobs"_s).isArray());
        const QJsonObject created = c.events.at(0).value(u"response"_s).toObject();
        const QJsonObject completed = c.events.last().value(u"response"_s).toObject();
        QCOMPARE(created.value(u"id"_s), completed.value(u"id"_s));
        // Every field the strictest client (OpenRouter's zod schema) requires, in both.
        for (const QJsonObject &r : {created, completed})
            for (const QString &key :
                 {u"completed_at"_s, u"frequency_penalty"_s, u"presence_penalty"_s, u"instructions"_s,
                  u"metadata"_s, u"error"_s, u"incomplete_details"_s, u"temperature"_s, u"top_p"_s,
                  u"tool_choice"_s, u"tools"_s, u"parallel_tool_calls"_s, u"status"_s, u"created_at"_s})
                QVERIFY2(r.contains(key), qPrintable(key));
        QCOMPARE(completed.value(u"output"_s).toArray().size(), 1);
        const QJsonObject usage = completed.value(u"usage"_s).toObject();
        QCOMPARE(usage.value(u"input_tokens_details"_s).toObject().value(u"cached_tokens"_s).toInt(), 0);
        QCOMPARE(usage.value(u"cost_details"_s).toObject().value(u"server_tool_cost"_s).toDouble(), 0.003);
        QCOMPARE(usage.value(u"server_tool_cost"_s).toDouble(), 0.003);
        QCOMPARE(f->finalBody(), completed);
    }

    void responsesNativeShell_data()
    {
        QTest::addColumn<bool>("shellEvents");
        QTest::newRow("openai v7") << true;
        QTest::newRow("openai v6") << false;
    }

    void responsesNativeShell()
    {
        QFETCH(bool, shellEvents);
        Captured c;
        AgentLoop *loop = nullptr;
        FormatRequestContext context;
        context.nativeShellEvents = shellEvents;
        auto f = make(u"responses"_s,
                      {{u"model"_s, u"p/m"_s},
                       {u"input"_s, u"hi"_s},
                       {u"tools"_s, QJsonArray{QJsonObject{
                                        {u"type"_s, u"shell"_s},
                                        {u"environment"_s, QJsonObject{{u"type"_s, u"container_auto"_s}}}}}}},
                      &c, &loop, true, context);
        QVERIFY(f);
        const AgentToolCall call = shellCall(ServerToolConfig::Kind::NativeShell, {u"echo hi"_s});
        Q_EMIT loop->toolCallStarted(call);
        Q_EMIT loop->commandStarted(0, 0, u"echo hi"_s);
        Q_EMIT loop->commandOutput(0, 0, false, u"hi\n"_s);
        const AgentToolResult result = okResult(u"hi\n"_s);
        Q_EMIT loop->commandFinished(0, 0, result.results.first());
        Q_EMIT loop->toolCallFinished(call, result);
        Q_EMIT loop->finished(outcome());
        parseSse(&c);
        const QStringList t = types(c);
        QCOMPARE(t.contains(u"response.shell_call_command.added"_s), shellEvents);
        QCOMPARE(t.contains(u"response.shell_call_output_content.delta"_s), shellEvents);
        QVERIFY(!t.join(u' ').contains(u"openrouter"_s)); // live events are opt-in
        const QJsonArray output = f->finalBody().value(u"output"_s).toArray();
        QCOMPARE(output.size(), 2);
        const QJsonObject shell = output.at(0).toObject();
        QCOMPARE(shell.value(u"type"_s).toString(), u"shell_call"_s);
        QCOMPARE(shell.value(u"status"_s).toString(), u"completed"_s);
        QCOMPARE(shell.value(u"environment"_s).toObject().value(u"container_id"_s).toString(),
                 u"sess_test"_s);
        QVERIFY(shell.value(u"action"_s).toObject().contains(u"timeout_ms"_s));
        const QJsonObject out = output.at(1).toObject();
        QCOMPARE(out.value(u"type"_s).toString(), u"shell_call_output"_s);
        QCOMPARE(out.value(u"status"_s).toString(), u"completed"_s);
        QCOMPARE(out.value(u"call_id"_s).toString(), u"call_1"_s);
        QCOMPARE(out.value(u"output"_s).toArray().at(0).toObject().value(u"stdout"_s).toString(), u"hi\n"_s);
        if (shellEvents) {
            // Output deltas name the output item, which was added before them.
            const int delta = int(t.indexOf(u"response.shell_call_output_content.delta"_s));
            QCOMPARE(c.events.at(delta).value(u"item_id"_s), out.value(u"id"_s));
            QCOMPARE(c.events.at(delta).value(u"delta"_s).toObject().value(u"stdout"_s).toString(),
                     u"hi\n"_s);
        }
    }

    void responsesLiveEventsOptIn()
    {
        Captured c;
        AgentLoop *loop = nullptr;
        FormatRequestContext context;
        context.liveEvents = true;
        auto f = make(u"responses"_s,
                      {{u"model"_s, u"p/m"_s},
                       {u"input"_s, u"hi"_s},
                       {u"tools"_s, QJsonArray{QJsonObject{{u"type"_s, u"openrouter:shell"_s}}}}},
                      &c, &loop, true, context);
        const AgentToolCall call = shellCall(ServerToolConfig::Kind::Shell, {u"echo hi"_s});
        Q_EMIT loop->toolCallStarted(call);
        Q_EMIT loop->commandOutput(0, 0, true, u"err"_s);
        Q_EMIT loop->toolCallFinished(call, okResult(u"hi\n"_s));
        parseSse(&c);
        QVERIFY(types(c).contains(u"response.openrouter_shell_call.output.delta"_s));
        const QJsonObject item = c.events.last().value(u"item"_s).toObject();
        QCOMPARE(item.value(u"type"_s).toString(), u"openrouter:shell"_s);
        QCOMPARE(item.value(u"container_id"_s).toString(), u"sess_test"_s);
        QCOMPARE(item.value(u"output"_s).toArray().at(0).toObject().value(u"stdout"_s).toString(), u"hi\n"_s);
    }

    void rejectedCallShowsWhatWasAsked()
    {
        Captured c;
        AgentLoop *loop = nullptr;
        auto f = make(u"responses"_s,
                      {{u"model"_s, u"p/m"_s},
                       {u"input"_s, u"hi"_s},
                       {u"tools"_s, QJsonArray{QJsonObject{{u"type"_s, u"openrouter:shell"_s}}}}},
                      &c, &loop, false);
        AgentToolCall call;
        call.index = 0;
        call.callId = u"call_9"_s;
        call.arguments = QJsonObject{{u"commands"_s, QJsonArray{u"echo a"_s}}, {u"timeout_ms"_s, 999999}};
        AgentToolResult result;
        result.error = u"timeout_ms must be an integer from 1 to 300000"_s;
        result.errorCode = u"invalid_tool_input"_s;
        Q_EMIT loop->toolCallStarted(call);
        Q_EMIT loop->toolCallFinished(call, result);
        Q_EMIT loop->finished(outcome());
        const QJsonObject item = f->finalBody().value(u"output"_s).toArray().at(0).toObject();
        QCOMPARE(item.value(u"status"_s).toString(), u"incomplete"_s);
        QCOMPARE(item.value(u"action"_s).toObject().value(u"commands"_s).toArray(), QJsonArray{u"echo a"_s});
        QCOMPARE(item.value(u"error"_s).toString(), result.error);
        QVERIFY(c.raw.isEmpty()); // not streamed: nothing written
    }

    void codeInterpreterStream()
    {
        Captured c;
        AgentLoop *loop = nullptr;
        auto f = make(u"responses"_s, codeInterpreterBody(true), &c, &loop);
        QVERIFY(f);
        const AgentToolCall call = pythonCall(u"print('hi')"_s);
        QVERIFY(call.validated);
        Q_EMIT loop->toolCallStarted(call);
        Q_EMIT loop->commandStarted(0, 0, call.code->code);
        Q_EMIT loop->commandOutput(0, 0, false, u"hi\n"_s);
        AgentToolResult result = pythonResult(u"hi\n"_s);
        CodeImage png;
        png.path = u"/workspace/home/.sandbench/figures/figure-1.png"_s;
        png.mimeType = u"image/png"_s;
        png.data = QByteArray("\x89PNG\r\n\x1a\nrest", 12);
        result.images = {png};
        Q_EMIT loop->commandFinished(0, 0, result.results.first());
        Q_EMIT loop->toolCallFinished(call, result);
        Q_EMIT loop->finished(outcome());
        parseSse(&c);
        QCOMPARE(types(c), QStringList({u"response.created"_s, u"response.in_progress"_s,
                                        u"response.output_item.added"_s,
                                        u"response.code_interpreter_call.in_progress"_s,
                                        u"response.code_interpreter_call_code.delta"_s,
                                        u"response.code_interpreter_call_code.done"_s,
                                        u"response.code_interpreter_call.interpreting"_s,
                                        u"response.code_interpreter_call.completed"_s,
                                        u"response.output_item.done"_s, u"response.completed"_s}));
        for (int i = 0; i < c.events.size(); ++i)
            QCOMPARE(c.events.at(i).value(u"sequence_number"_s).toInt(), i);
        // Added with no code yet (the stream helper appends the deltas to it), in progress.
        const QJsonObject added = c.events.at(2).value(u"item"_s).toObject();
        QCOMPARE(added.value(u"type"_s).toString(), u"code_interpreter_call"_s);
        QCOMPARE(added.value(u"code"_s).toString(), QString());
        QCOMPARE(added.value(u"status"_s).toString(), u"in_progress"_s);
        QVERIFY(added.value(u"outputs"_s).isNull());
        const QString id = added.value(u"id"_s).toString();
        QVERIFY(id.startsWith(u"ci_"_s));
        for (int i = 3; i <= 7; ++i) {
            QCOMPARE(c.events.at(i).value(u"item_id"_s).toString(), id);
            QCOMPARE(c.events.at(i).value(u"output_index"_s).toInt(), 0);
        }
        QCOMPARE(c.events.at(4).value(u"delta"_s).toString(), u"print('hi')"_s);
        QCOMPARE(c.events.at(5).value(u"code"_s).toString(), u"print('hi')"_s);
        QVERIFY(!types(c).join(u' ').contains(u"openrouter"_s)); // live events are opt-in
        const QJsonArray output = f->finalBody().value(u"output"_s).toArray();
        QCOMPARE(output.size(), 1);
        const QJsonObject item = output.at(0).toObject();
        QCOMPARE(item, c.events.at(8).value(u"item"_s).toObject());
        QCOMPARE(item.value(u"id"_s).toString(), id);
        QCOMPARE(item.value(u"code"_s).toString(), u"print('hi')"_s);
        QCOMPARE(item.value(u"container_id"_s).toString(), u"sess_test"_s);
        QCOMPARE(item.value(u"status"_s).toString(), u"completed"_s);
        const QJsonArray outputs = item.value(u"outputs"_s).toArray();
        QCOMPARE(outputs.size(), 2);
        QCOMPARE(outputs.at(0).toObject(), (QJsonObject{{u"type"_s, u"logs"_s}, {u"logs"_s, u"hi\n"_s}}));
        QCOMPARE(outputs.at(1).toObject().value(u"type"_s).toString(), u"image"_s);
        QCOMPARE(outputs.at(1).toObject().value(u"url"_s).toString(),
                 u"data:image/png;base64,"_s + QString::fromLatin1(png.data.toBase64()));
        QCOMPARE(item.keys(),
                 QStringList({u"code"_s, u"container_id"_s, u"id"_s, u"outputs"_s, u"status"_s, u"type"_s}));
    }

    void codeInterpreterOutputsNeedInclude()
    {
        Captured c;
        AgentLoop *loop = nullptr;
        auto f = make(u"responses"_s, codeInterpreterBody(false, false), &c, &loop, false);
        QVERIFY(f);
        const AgentToolCall call = pythonCall(u"print(1)"_s);
        Q_EMIT loop->toolCallStarted(call);
        Q_EMIT loop->toolCallFinished(call, pythonResult(u"1\n"_s));
        Q_EMIT loop->finished(outcome());
        const QJsonObject item = f->finalBody().value(u"output"_s).toArray().at(0).toObject();
        QCOMPARE(item.value(u"status"_s).toString(), u"completed"_s);
        QVERIFY(item.contains(u"outputs"_s));
        QVERIFY(item.value(u"outputs"_s).isNull()); // as OpenAI: only with include
        QCOMPARE(item.value(u"code"_s).toString(), u"print(1)"_s);
        QVERIFY(c.raw.isEmpty());
    }

    void codeInterpreterStatuses()
    {
        Captured c;
        AgentLoop *loop = nullptr;
        auto f = make(u"responses"_s, codeInterpreterBody(true), &c, &loop);
        QVERIFY(f);
        // A traceback is a log of a completed call; a timeout leaves it incomplete.
        AgentToolCall failing = pythonCall(u"1/0"_s);
        Q_EMIT loop->toolCallStarted(failing);
        Q_EMIT loop->toolCallFinished(failing, pythonResult({}, u"ZeroDivisionError: division by zero\n"_s));
        AgentToolCall slow = pythonCall(u"while True: pass"_s);
        slow.index = 1;
        Q_EMIT loop->toolCallStarted(slow);
        Q_EMIT loop->toolCallFinished(slow, pythonResult(u"partial\n"_s, {}, true));
        // Rejected before it ran (no code): failed, the error as its log.
        AgentToolCall rejected;
        rejected.index = 2;
        rejected.callId = u"call_bad"_s;
        rejected.kind = ServerToolConfig::Kind::Python;
        rejected.codeFunction = u"python"_s;
        rejected.containerId = u"sess_test"_s;
        AgentToolResult error;
        error.error = u"\"code\" is required: a non-empty string"_s;
        error.errorCode = u"invalid_tool_input"_s;
        Q_EMIT loop->toolCallStarted(rejected);
        Q_EMIT loop->toolCallFinished(rejected, error);
        Q_EMIT loop->finished(outcome());
        parseSse(&c);
        const QJsonArray output = f->finalBody().value(u"output"_s).toArray();
        QCOMPARE(output.size(), 3);
        QCOMPARE(output.at(0).toObject().value(u"status"_s).toString(), u"completed"_s);
        QCOMPARE(output.at(0)
                     .toObject()
                     .value(u"outputs"_s)
                     .toArray()
                     .at(0)
                     .toObject()
                     .value(u"logs"_s)
                     .toString(),
                 u"ZeroDivisionError: division by zero\n"_s);
        QCOMPARE(output.at(1).toObject().value(u"status"_s).toString(), u"incomplete"_s);
        QVERIFY(output.at(1)
                    .toObject()
                    .value(u"outputs"_s)
                    .toArray()
                    .at(0)
                    .toObject()
                    .value(u"logs"_s)
                    .toString()
                    .startsWith(u"partial\n"_s));
        const QJsonObject bad = output.at(2).toObject();
        QCOMPARE(bad.value(u"status"_s).toString(), u"failed"_s);
        QVERIFY(bad.value(u"code"_s).isNull());
        QCOMPARE(bad.value(u"outputs"_s).toArray().at(0).toObject().value(u"logs"_s).toString(), error.error);
        // Only the call that completed says so; a rejected call never interprets.
        QCOMPARE(types(c).count(u"response.code_interpreter_call.completed"_s), 1);
        QCOMPARE(types(c).count(u"response.code_interpreter_call.interpreting"_s), 2);
    }

    void codeInterpreterParse()
    {
        std::unique_ptr<WireFormat> format = WireFormat::forEndpoint(u"responses"_s);
        AgentError error;
        // A container id reuses that container; replayed calls go back to the model as its own calls.
        const QJsonObject body{
            {u"model"_s, u"p/m"_s},
            {u"tools"_s,
             QJsonArray{QJsonObject{{u"type"_s, u"code_interpreter"_s}, {u"container"_s, u"sess_abc"_s}}}},
            {u"input"_s,
             QJsonArray{QJsonObject{{u"role"_s, u"user"_s}, {u"content"_s, u"plot"_s}},
                        QJsonObject{{u"type"_s, u"code_interpreter_call"_s},
                                    {u"id"_s, u"ci_1"_s},
                                    {u"code"_s, u"print(6*7)"_s},
                                    {u"container_id"_s, u"sess_abc"_s},
                                    {u"status"_s, u"completed"_s},
                                    {u"outputs"_s, QJsonArray{QJsonObject{{u"type"_s, u"logs"_s},
                                                                          {u"logs"_s, u"42\n"_s}}}}},
                        QJsonObject{{u"role"_s, u"user"_s}, {u"content"_s, u"again"_s}}}}};
        const std::optional<AgentRequest> req = format->parse(body, {}, &error);
        QVERIFY2(req, qPrintable(error.message));
        QVERIFY(req->code);
        QCOMPARE(req->code->kind, ServerToolConfig::Kind::Python);
        QCOMPARE(req->code->typeName(), u"code_interpreter"_s);
        QCOMPARE(req->code->containerReference, u"sess_abc"_s);
        QCOMPARE(req->code->containerField, u"tools[0].container"_s);
        QCOMPARE(req->replayedContainerId, u"sess_abc"_s);
        QCOMPARE(req->messages.size(), 4);
        const Message &assistant = req->messages.at(1);
        QCOMPARE(assistant.role, Message::Role::Assistant);
        QCOMPARE(assistant.toolCalls.size(), 1);
        QCOMPARE(assistant.toolCalls.at(0).name, req->pythonFunctionName);
        QCOMPARE(assistant.toolCalls.at(0).id, u"ci_1"_s);
        QCOMPARE(assistant.toolCalls.at(0).arguments().value(u"code"_s).toString(), u"print(6*7)"_s);
        QCOMPARE(req->messages.at(2).role, Message::Role::Tool);
        QCOMPARE(req->messages.at(2).toolResult.content, u"42\n"_s);
        // The auto container with the hosted options it can take.
        QJsonObject autoBody = codeInterpreterBody(true, false);
        autoBody.insert(u"tools"_s,
                        QJsonArray{QJsonObject{
                            {u"type"_s, u"code_interpreter"_s},
                            {u"allowed_callers"_s, QJsonArray{u"direct"_s}},
                            {u"container"_s,
                             QJsonObject{{u"type"_s, u"auto"_s},
                                         {u"file_ids"_s, QJsonArray()},
                                         {u"memory_limit"_s, u"4g"_s},
                                         {u"network_policy"_s, QJsonObject{{u"type"_s, u"disabled"_s}}}}}}});
        const std::optional<AgentRequest> autoReq =
            WireFormat::forEndpoint(u"responses"_s)->parse(autoBody, {}, &error);
        QVERIFY2(autoReq, qPrintable(error.message));
        QVERIFY(autoReq->code && autoReq->code->containerReference.isEmpty());
        QVERIFY(autoReq->code->networkPolicy.has_value());
    }

    void messagesStream()
    {
        Captured c;
        AgentLoop *loop = nullptr;
        auto f =
            make(u"messages"_s,
                 {{u"model"_s, u"p/m"_s},
                  {u"max_tokens"_s, 100},
                  {u"messages"_s, QJsonArray{QJsonObject{{u"role"_s, u"user"_s}, {u"content"_s, u"hi"_s}}}},
                  {u"tools"_s, QJsonArray{QJsonObject{{u"type"_s, u"openrouter:shell"_s}}}}},
                 &c, &loop);
        QVERIFY(f);
        const AgentToolCall call = shellCall(ServerToolConfig::Kind::Shell, {u"ls"_s});
        Q_EMIT loop->toolCallStarted(call);
        Q_EMIT loop->toolCallFinished(call, okResult(u"a\n"_s));
        Q_EMIT loop->textStarted();
        Q_EMIT loop->textDelta(u"done"_s);
        Q_EMIT loop->textDone(u"done"_s);
        Q_EMIT loop->finished(outcome());
        parseSse(&c);
        QCOMPARE(types(c),
                 QStringList({u"message_start"_s, u"content_block_start"_s, u"content_block_delta"_s,
                              u"content_block_stop"_s, u"content_block_start"_s, u"content_block_stop"_s,
                              u"content_block_start"_s, u"content_block_delta"_s, u"content_block_stop"_s,
                              u"message_delta"_s, u"message_stop"_s}));
        QCOMPARE(c.names, types(c)); // Anthropic's SDK reads the event: line
        // A server_tool_use starts with an empty input that input_json_delta fills, as Anthropic streams it.
        const QJsonObject start = c.events.at(1).value(u"content_block"_s).toObject();
        QCOMPARE(start.value(u"type"_s).toString(), u"server_tool_use"_s);
        QVERIFY(start.value(u"id"_s).toString().startsWith(u"srvtoolu_"_s));
        QCOMPARE(start.value(u"input"_s).toObject(), QJsonObject());
        QCOMPARE(QJsonDocument::fromJson(
                     c.events.at(2).value(u"delta"_s).toObject().value(u"partial_json"_s).toString().toUtf8())
                     .object(),
                 call.arguments);
        const QJsonObject result = c.events.at(4).value(u"content_block"_s).toObject();
        QCOMPARE(result.value(u"tool_use_id"_s), start.value(u"id"_s));
        QCOMPARE(c.events.at(6).value(u"content_block"_s).toObject().value(u"citations"_s),
                 QJsonValue(QJsonValue::Null));
        const QJsonObject delta = c.events.at(9).value(u"delta"_s).toObject();
        QCOMPARE(delta.value(u"container"_s).toObject().value(u"id"_s).toString(), u"sess_test"_s);
        QCOMPARE(delta.value(u"container"_s).toObject().value(u"expires_at"_s).toString(),
                 u"2030-03-17T17:46:40Z"_s);
        const QJsonObject body = f->finalBody();
        QCOMPARE(body.value(u"container"_s).toObject().value(u"id"_s).toString(), u"sess_test"_s);
        QCOMPARE(body.value(u"content"_s).toArray().size(), 3);
        for (const QString &key : {u"cache_creation_input_tokens"_s, u"cache_read_input_tokens"_s,
                                   u"server_tool_use"_s, u"service_tier"_s})
            QVERIFY2(body.value(u"usage"_s).toObject().contains(key), qPrintable(key));
    }

    void chatStream()
    {
        Captured c;
        AgentLoop *loop = nullptr;
        auto f =
            make(u"chat/completions"_s,
                 {{u"model"_s, u"p/m"_s},
                  {u"stream"_s, true},
                  {u"stream_options"_s, QJsonObject{{u"include_usage"_s, true}}},
                  {u"messages"_s, QJsonArray{QJsonObject{{u"role"_s, u"user"_s}, {u"content"_s, u"hi"_s}}}}},
                 &c, &loop);
        QVERIFY(f);
        Q_EMIT loop->textDelta(u"hel"_s);
        Q_EMIT loop->textDelta(u"lo"_s);
        AgentOutcome o = outcome();
        o.text = u"hello"_s;
        Q_EMIT loop->finished(o);
        parseSse(&c);
        QVERIFY(c.names.join(QString()).isEmpty()); // data: lines only
        QCOMPARE(c.events.size(), 6);
        QCOMPARE(c.events.at(0)
                     .value(u"choices"_s)
                     .toArray()
                     .at(0)
                     .toObject()
                     .value(u"delta"_s)
                     .toObject()
                     .value(u"role"_s)
                     .toString(),
                 u"assistant"_s);
        QCOMPARE(c.events.at(3)
                     .value(u"choices"_s)
                     .toArray()
                     .at(0)
                     .toObject()
                     .value(u"finish_reason"_s)
                     .toString(),
                 u"stop"_s);
        QCOMPARE(c.events.at(4).value(u"usage"_s).toObject().value(u"total_tokens"_s).toInt(), 18);
        QVERIFY(c.events.at(5).value(u"done"_s).toBool());
        const QJsonObject body = f->finalBody();
        QCOMPARE(body.value(u"model"_s).toString(), u"p/m"_s); // the name that was asked for
        QVERIFY(body.contains(u"system_fingerprint"_s));
        QCOMPARE(body.value(u"choices"_s)
                     .toArray()
                     .at(0)
                     .toObject()
                     .value(u"message"_s)
                     .toObject()
                     .value(u"content"_s)
                     .toString(),
                 u"hello"_s);
    }

    // Gemini (GeminiFormat): the URL names the model and the method.
    void geminiRoutes()
    {
        QVERIFY(GeminiFormat::claimsPath(u"/v1beta/models/p/m:generateContent"_s));
        QVERIFY(GeminiFormat::claimsPath(u"/api/v1beta/models"_s)); // answered with 404 NOT_FOUND
        QVERIFY(GeminiFormat::claimsPath(u"/api/v1/models/m:streamGenerateContent"_s));
        QVERIFY(!GeminiFormat::claimsPath(u"/api/v1/models"_s)); // the OpenAI-style model list
        QVERIFY(!GeminiFormat::claimsPath(u"/api/v1/responses"_s));
        QVERIFY(!GeminiFormat::claimsPath(u"/v1/messages"_s));
        AgentError error;
        auto r = GeminiFormat::route(u"/v1beta/models/fresp/gemini-x:generateContent"_s, {}, &error);
        QVERIFY(r);
        QCOMPARE(r->model, u"fresp/gemini-x"_s); // "provider/model" keeps its slash
        QVERIFY(!r->stream);
        r = GeminiFormat::route(u"/api/v1beta/models/m:streamGenerateContent"_s, u"sse"_s, &error);
        QVERIFY(r && r->stream && r->model == u"m"_s);
        QVERIFY(!GeminiFormat::route(u"/v1beta/models/m:streamGenerateContent"_s, {}, &error));
        QCOMPARE(error.httpStatus, 400);
        QVERIFY2(error.message.contains(u"alt=sse"_s), qPrintable(error.message));
        QVERIFY(!GeminiFormat::route(u"/v1beta/models/m:countTokens"_s, {}, &error));
        QCOMPARE(error.httpStatus, 404);
        QVERIFY(!GeminiFormat::route(u"/v1beta/models"_s, {}, &error));
        QCOMPARE(error.httpStatus, 404);
        // GET …/models is models.list(): Google's ListModelsResponse, names as generateContent takes them.
        QVERIFY(GeminiFormat::isModelList(u"/v1beta/models"_s));
        QVERIFY(GeminiFormat::isModelList(u"/api/v1beta/models"_s));
        QVERIFY(!GeminiFormat::isModelList(u"/v1beta/models/m:generateContent"_s));
        const QJsonArray list = GeminiFormat::modelList({ModelInfo{u"fresp/m1"_s, u"fresp"_s, u"m1"_s}})
                                    .value(u"models"_s)
                                    .toArray();
        QCOMPARE(list.size(), 1);
        QCOMPARE(list.at(0).toObject().value(u"name"_s).toString(), u"models/fresp/m1"_s);
        QVERIFY(list.at(0)
                    .toObject()
                    .value(u"supportedGenerationMethods"_s)
                    .toArray()
                    .contains(u"generateContent"_s));
    }

    void geminiBadRequests_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("message");
        QTest::addColumn<QString>("param");
        const QByteArray user = R"("contents":[{"role":"user","parts":[{"text":"x"}]}])";
        QTest::newRow("no contents") << QByteArray("{}") << u"contents is required"_s << u"contents"_s;
        QTest::newRow("empty parts") << QByteArray(R"({"contents":[{"role":"user","parts":[]}]})")
                                     << u"contents[0].parts is required"_s << u"contents[0].parts"_s;
        QTest::newRow("system role") << QByteArray(
                                            R"({"contents":[{"role":"system","parts":[{"text":"x"}]}]})")
                                     << u"must be \"user\" or \"model\""_s << u"contents[0].role"_s;
        QTest::newRow("unsupported tool")
            << "{" + user + R"(,"tools":[{"googleSearch":{}}]})"
            << u"tools[0].googleSearch is not supported"_s << u"tools[0].googleSearch"_s;
        QTest::newRow("codeExecution not an object") << "{" + user + R"(,"tools":[{"codeExecution":true}]})"
                                                     << u"must be an object"_s << u"tools[0].codeExecution"_s;
        QTest::newRow("two code tools")
            << "{" + user + R"(,"tools":[{"codeExecution":{}},{"code_execution":{}}]})"
            << u"only one code-execution tool"_s << u"tools[1].codeExecution"_s;
        QTest::newRow("function without name")
            << "{" + user + R"(,"tools":[{"functionDeclarations":[{"description":"d"}]}]})"
            << u"name is required"_s << u"tools[0].functionDeclarations[0].name"_s;
        QTest::newRow("unknown part field")
            << QByteArray(R"({"contents":[{"parts":[{"toolCall":{}}]}]})") << u"toolCall is not supported"_s
            << u"contents[0].parts[0].toolCall"_s;
        QTest::newRow("functionCall from the user")
            << QByteArray(R"({"contents":[{"role":"user","parts":[{"functionCall":{"name":"f"}}]}]})")
            << u"may only appear in a \"model\" turn"_s << u"contents[0].parts[0].functionCall"_s;
        QTest::newRow("unanswered functionResponse")
            << QByteArray(
                   R"({"contents":[{"role":"user","parts":[{"functionResponse":{"name":"f","response":{}}}]}]})")
            << u"answers no earlier functionCall named \"f\""_s
            << u"contents[0].parts[0].functionResponse.name"_s;
        QTest::newRow("not an image")
            << QByteArray(
                   R"({"contents":[{"parts":[{"inlineData":{"mimeType":"application/pdf","data":"AAAA"}}]}]})")
            << u"\"application/pdf\" is not supported"_s << u"contents[0].parts[0].inlineData.mimeType"_s;
        QTest::newRow("bad base64")
            << QByteArray(
                   R"({"contents":[{"parts":[{"inline_data":{"mime_type":"image/png","data":"@@"}}]}]})")
            << u"base64"_s << u"contents[0].parts[0].inlineData.data"_s;
        QTest::newRow("temperature not a number")
            << "{" + user + R"(,"generationConfig":{"temperature":"hot"}})" << u"must be a number"_s
            << u"generationConfig.temperature"_s;
        QTest::newRow("two candidates")
            << "{" + user + R"(,"generationConfig":{"candidateCount":2}})" << u"candidateCount must be 1"_s
            << u"generationConfig.candidateCount"_s;
        QTest::newRow("six stop sequences")
            << "{" + user + R"(,"generationConfig":{"stopSequences":["a","b","c","d","e","f"]}})"
            << u"at most 5 strings"_s << u"generationConfig.stopSequences"_s;
        QTest::newRow("bad calling mode")
            << "{" + user + R"(,"toolConfig":{"functionCallingConfig":{"mode":"SOMETIMES"}}})"
            << u"AUTO, ANY, NONE or VALIDATED"_s << u"toolConfig.functionCallingConfig.mode"_s;
    }

    void geminiBadRequests()
    {
        QFETCH(QByteArray, body);
        QFETCH(QString, message);
        QFETCH(QString, param);
        GeminiFormat format;
        FormatRequestContext context;
        context.pathModel = u"p/m"_s;
        AgentError error;
        QVERIFY(!format.parse(QJsonDocument::fromJson(body).object(), context, &error));
        QCOMPARE(error.httpStatus, 400);
        QVERIFY2(error.message.contains(message), qPrintable(error.message));
        QCOMPARE(error.param, param);
        // Google's google.rpc.Status, with the field in a BadRequest detail.
        const QJsonObject status = format.errorBody(error).value(u"error"_s).toObject();
        QCOMPARE(status.value(u"code"_s).toInt(), 400);
        QCOMPARE(status.value(u"status"_s).toString(), u"INVALID_ARGUMENT"_s);
        QCOMPARE(status.value(u"message"_s).toString(), error.message);
        const QJsonObject detail = status.value(u"details"_s).toArray().at(0).toObject();
        QCOMPARE(detail.value(u"@type"_s).toString(), u"type.googleapis.com/google.rpc.BadRequest"_s);
        QCOMPARE(detail.value(u"fieldViolations"_s).toArray().at(0).toObject().value(u"field"_s).toString(),
                 param);
    }

    void geminiErrorStatuses()
    {
        GeminiFormat format;
        AgentError noModel;
        QVERIFY(!format.parse(QJsonDocument::fromJson(R"({"contents":[{"parts":[{"text":"x"}]}]})").object(),
                              {}, &noModel));
        QVERIFY2(noModel.message.contains(u"named in the URL"_s), qPrintable(noModel.message));
        const QList<std::pair<int, QString>> statuses{
            {401, u"UNAUTHENTICATED"_s},    {403, u"PERMISSION_DENIED"_s}, {404, u"NOT_FOUND"_s},
            {429, u"RESOURCE_EXHAUSTED"_s}, {500, u"INTERNAL"_s},          {503, u"UNAVAILABLE"_s}};
        for (const auto &[code, word] : statuses) {
            const QJsonObject e = format.errorBody({code, u"x"_s, u"m"_s, u"invalid_api_key"_s, {}})
                                      .value(u"error"_s)
                                      .toObject();
            QCOMPARE(e.value(u"code"_s).toInt(), code);
            QCOMPARE(e.value(u"status"_s).toString(), word);
            const QJsonObject info = e.value(u"details"_s).toArray().at(0).toObject();
            QCOMPARE(info.value(u"@type"_s).toString(), u"type.googleapis.com/google.rpc.ErrorInfo"_s);
            QCOMPARE(info.value(u"reason"_s).toString(), u"INVALID_API_KEY"_s);
        }
    }

    void geminiParse()
    {
        // Both spellings proto3 JSON allows; a replayed code run, a function call without id and its answer.
        const QByteArray body =
            R"({"system_instruction": {"parts": [{"text": "Be brief."}]}, "contents": [)"
            R"({"role": "user", "parts": [{"text": "Look"},)"
            R"(  {"inlineData": {"mimeType": "image/png", "data": "iVBORw=="}}]},)"
            R"({"role": "model", "parts": [{"text": "Running", "thoughtSignature": "c2ln"},)"
            R"json(  {"executableCode": {"language": "PYTHON", "code": "print(1)", "id": "exec_1"}},)json"
            R"(  {"codeExecutionResult": {"outcome": "OUTCOME_OK", "output": "1\n", "id": "exec_1"}},)"
            R"(  {"thought": true, "text": "hidden"},)"
            R"(  {"functionCall": {"name": "get_weather", "args": {"city": "Paris"}}}]},)"
            R"({"role": "user", "parts": [{"functionResponse": {"name": "get_weather", "response": {"t": 21}}}]}],)"
            R"("tools": [{"code_execution": {}, "functionDeclarations": [{"name": "get_weather", "parameters": )"
            R"(  {"type": "OBJECT", "properties": {"city": {"type": "STRING", "nullable": true}},)"
            R"(   "required": ["city"], "propertyOrdering": ["city"]}}]}],)"
            R"("generation_config": {"temperature": 0.2, "max_output_tokens": 64, "stopSequences": ["END"]},)"
            R"("toolConfig": {"functionCallingConfig": {"mode": "ANY", "allowedFunctionNames": ["get_weather"]}}})";
        GeminiFormat format;
        FormatRequestContext context;
        context.pathModel = u"p/m"_s;
        context.sessionIdHeader = u"s1"_s;
        AgentError error;
        const std::optional<AgentRequest> req =
            format.parse(QJsonDocument::fromJson(body).object(), context, &error);
        QVERIFY2(req, qPrintable(error.message));
        QCOMPARE(req->model, u"p/m"_s);
        QCOMPARE(req->sessionId, u"s1"_s);
        QVERIFY(!req->stream);
        QVERIFY(req->code);
        QCOMPARE(req->code->kind, ServerToolConfig::Kind::Python);
        QCOMPARE(req->code->contractName, u"codeExecution"_s);
        QCOMPARE(req->code->timeoutMs, 30000); // Google's documented limit
        QCOMPARE(req->sampling.temperature, 0.2);
        QCOMPARE(req->sampling.maxTokens, 64);
        QCOMPARE(req->sampling.stop, QStringList{u"END"_s});
        QCOMPARE(req->sampling.toolChoice, u"get_weather"_s);
        QCOMPARE(req->callerTools.size(), 1);
        const QJsonObject schema = req->callerTools.at(0).parameters;
        QCOMPARE(schema.value(u"type"_s).toString(), u"object"_s); // Gemini's OBJECT as JSON Schema
        QCOMPARE(schema.value(u"properties"_s).toObject().value(u"city"_s).toObject().value(u"type"_s),
                 QJsonValue(QJsonArray{u"string"_s, u"null"_s}));
        QVERIFY(!schema.contains(u"propertyOrdering"_s));

        const QList<Message> &m = req->messages;
        QCOMPARE(m.size(), 6);
        QCOMPARE(m.at(0).role, Message::Role::System);
        QCOMPARE(m.at(1).role, Message::Role::User);
        QCOMPARE(m.at(1).content.size(), 2);
        QCOMPARE(m.at(1).content.at(1).type, ContentPart::Type::Image);
        QCOMPARE(m.at(1).content.at(1).imageMimeType, u"image/png"_s);
        // The model's text and its Python run (as the python function the loop offers), then the result.
        QCOMPARE(m.at(2).role, Message::Role::Assistant);
        QCOMPARE(m.at(2).content.at(0).text, u"Running"_s);
        QCOMPARE(m.at(2).toolCalls.size(), 1);
        QCOMPARE(m.at(2).toolCalls.at(0).id, u"exec_1"_s);
        QCOMPARE(m.at(2).toolCalls.at(0).name, req->pythonFunctionName);
        QCOMPARE(m.at(2).toolCalls.at(0).arguments().value(u"code"_s).toString(), u"print(1)"_s);
        QCOMPARE(m.at(3).role, Message::Role::Tool);
        QCOMPARE(m.at(3).toolResult.callId, u"exec_1"_s);
        QVERIFY2(m.at(3).toolResult.content.contains(u"OUTCOME_OK"_s),
                 qPrintable(m.at(3).toolResult.content));
        // The thought is not replayed; the function call got an id its response reuses.
        QCOMPARE(m.at(4).toolCalls.size(), 1);
        QCOMPARE(m.at(4).toolCalls.at(0).name, u"get_weather"_s);
        QCOMPARE(m.at(4).toolCalls.at(0).arguments().value(u"city"_s).toString(), u"Paris"_s);
        QCOMPARE(m.at(5).role, Message::Role::Tool);
        QCOMPARE(m.at(5).toolResult.callId, m.at(4).toolCalls.at(0).id);
        QVERIFY(m.at(5).toolResult.content.contains(u"21"_s));
    }

    void geminiStreamedHistory()
    {
        // chats.sendMessageStream() keeps one model Content per chunk, the last one with an empty text.
        const QByteArray body =
            R"({"contents": [{"role": "user", "parts": [{"text": "go"}]},)"
            R"({"role": "model", "parts": [{"text": "Let me "}]}, {"role": "model", "parts": [{"text": "run it."}]},)"
            R"json({"role": "model", "parts": [{"executableCode": {"language": "PYTHON", "code": "print(3)"}}]},)json"
            R"({"role": "model", "parts": [{"codeExecutionResult": {"outcome": "OUTCOME_OK", "output": "3\n"}}]},)"
            R"({"role": "model", "parts": [{"text": "It is "}]}, {"role": "model", "parts": [{"text": "3."}]},)"
            R"({"role": "model", "parts": [{"text": ""}]}, {"role": "user", "parts": [{"text": "and 4?"}]}],)"
            R"("tools": [{"codeExecution": {}}]})";
        GeminiFormat format;
        FormatRequestContext context;
        context.pathModel = u"m"_s;
        AgentError error;
        const auto req = format.parse(QJsonDocument::fromJson(body).object(), context, &error);
        QVERIFY2(req, qPrintable(error.message));
        const QList<Message> &m = req->messages;
        QCOMPARE(m.size(), 5);
        QCOMPARE(m.at(1).role, Message::Role::Assistant);
        QCOMPARE(m.at(1).content.size(), 1);
        QCOMPARE(m.at(1).content.at(0).text, u"Let me run it."_s);
        QCOMPARE(m.at(1).toolCalls.size(), 1);
        QCOMPARE(m.at(2).role, Message::Role::Tool);
        QCOMPARE(m.at(2).toolResult.callId, m.at(1).toolCalls.at(0).id);
        QCOMPARE(m.at(3).role, Message::Role::Assistant);
        QCOMPARE(m.at(3).content.size(), 1);
        QCOMPARE(m.at(3).content.at(0).text, u"It is 3."_s);
        QCOMPARE(m.at(4).role, Message::Role::User);
        QCOMPARE(m.at(4).text(), u"and 4?"_s);
    }

    void geminiTimeoutLimit_data()
    {
        QTest::addColumn<int>("setting");
        QTest::addColumn<int>("timeoutMs");
        QTest::newRow("Google's 30 s") << 0 << 30000;
        QTest::newRow("lifted") << 120 << 120000;
        QTest::newRow("lowered") << 2 << 2000;
        QTest::newRow("capped at the shell's maximum") << 900 << 300000;
    }

    void geminiTimeoutLimit()
    {
        QFETCH(int, setting);
        QFETCH(int, timeoutMs);
        GeminiFormat format;
        FormatRequestContext context;
        context.pathModel = u"m"_s;
        context.codeExecutionTimeoutSeconds = setting;
        AgentError error;
        const auto req =
            format.parse(QJsonDocument::fromJson(
                             R"({"contents":[{"parts":[{"text":"x"}]}],"tools":[{"codeExecution":{}}]})")
                             .object(),
                         context, &error);
        QVERIFY2(req, qPrintable(error.message));
        QCOMPARE(req->code->timeoutMs, timeoutMs);
    }

    void workspaceCodeTimeoutSetting()
    {
        QTemporaryDir dir;
        WorkspaceSettings settings(dir.path());
        QCOMPARE(settings.codeExecutionTimeoutSeconds(), 0);
        QString error;
        QVERIFY(settings.setValue(u"code_execution_timeout_seconds"_s, u"120"_s, &error));
        QVERIFY(settings.save(&error));
        WorkspaceSettings reread(dir.path());
        QVERIFY(reread.load(&error));
        QCOMPARE(reread.codeExecutionTimeoutSeconds(), 120);
        QCOMPARE(reread.value(u"code_execution_timeout_seconds"_s), u"120"_s);
        for (const QString &bad : {u"301"_s, u"-1"_s, u"soon"_s}) {
            QVERIFY(!reread.setValue(u"code_execution_timeout_seconds"_s, bad, &error));
            QVERIFY2(error.contains(u"from 1 to 300"_s), qPrintable(error));
        }
        QCOMPARE(reread.codeExecutionTimeoutSeconds(), 120);
        QVERIFY(!reread.setValue(u"nope"_s, u"1"_s, &error));
        QVERIFY(error.contains(u"code_execution_timeout_seconds"_s));
        QVERIFY(reread.setValue(u"code_execution_timeout_seconds"_s, u"0"_s, &error)); // back to each default
        QCOMPARE(reread.codeExecutionTimeoutSeconds(), 0);
        // A hand-edited value out of range counts as not set.
        QFile file(reread.filePath());
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"code_execution_timeout_seconds": 100000})");
        file.close();
        QVERIFY(reread.load(&error));
        QCOMPARE(reread.codeExecutionTimeoutSeconds(), 0);
    }

    void geminiRendering()
    {
        Captured c;
        AgentLoop *loop = nullptr;
        FormatRequestContext context;
        context.pathModel = u"p/m"_s;
        auto f = make(u"gemini"_s,
                      QJsonDocument::fromJson(
                          R"({"contents":[{"parts":[{"text":"x"}]}],"tools":[{"codeExecution":{}}]})")
                          .object(),
                      &c, &loop, false, context);
        QVERIFY(f);
        const auto codeCall = [](int index, const QString &code) {
            AgentToolCall call;
            call.index = index;
            call.callId = u"call_%1"_s.arg(index);
            call.kind = ServerToolConfig::Kind::Python;
            call.codeFunction = u"python"_s;
            call.validated = true;
            call.code = pythonAction(code);
            call.arguments = QJsonObject{{u"code"_s, code}};
            return call;
        };
        const auto ran = [](const QString &out, const QString &err, int rc, bool timedOut = false) {
            AgentToolResult r;
            r.completed = !timedOut;
            CodeOutput o;
            o.stdoutText = out;
            o.stderrText = err;
            o.returnCode = rc;
            o.timedOut = timedOut;
            if (timedOut)
                o.errorCode = u"execution_time_exceeded"_s;
            r.code = o;
            return r;
        };
        Q_EMIT loop->textDone(u"Let me run it."_s);
        const AgentToolCall ok = codeCall(0, u"print(1)"_s);
        Q_EMIT loop->toolCallStarted(ok);
        AgentToolResult withImage = ran(u"1\n"_s, u"a warning\n"_s, 0);
        withImage.images = {CodeImage{u"/workspace/home/plot.png"_s, u"image/png"_s, QByteArray("\x89PNG")}};
        Q_EMIT loop->toolCallFinished(ok, withImage);
        const AgentToolCall bad = codeCall(1, u"1/0"_s);
        Q_EMIT loop->toolCallStarted(bad);
        Q_EMIT loop->toolCallFinished(bad, ran(QString(), u"ZeroDivisionError: division by zero\n"_s, 1));
        const AgentToolCall slow = codeCall(2, u"import time; time.sleep(99)"_s);
        Q_EMIT loop->toolCallStarted(slow);
        Q_EMIT loop->toolCallFinished(slow, ran(u"partial\n"_s, QString(), 124, true));
        AgentToolCall rejected;
        rejected.index = 3;
        rejected.callId = u"call_3"_s;
        rejected.kind = ServerToolConfig::Kind::Python;
        rejected.codeFunction = u"python"_s;
        AgentToolResult refused;
        refused.error = u"code must be a non-empty string"_s;
        refused.errorCode = u"invalid_tool_input"_s;
        Q_EMIT loop->toolCallStarted(rejected);
        Q_EMIT loop->toolCallFinished(rejected, refused);
        Q_EMIT loop->textDone(u"done"_s);
        Q_EMIT loop->finished(outcome());
        QVERIFY(c.raw.isEmpty());
        const QJsonObject body = f->finalBody();
        QCOMPARE(body.value(u"modelVersion"_s).toString(), u"p/m"_s);
        QCOMPARE(body.value(u"responseId"_s).toString(), loop->id());
        const QJsonObject usage = body.value(u"usageMetadata"_s).toObject();
        QCOMPARE(usage.value(u"promptTokenCount"_s).toInt(), 11);
        QCOMPARE(usage.value(u"candidatesTokenCount"_s).toInt(), 7);
        QCOMPARE(usage.value(u"totalTokenCount"_s).toInt(), 18);
        const QJsonObject candidate = body.value(u"candidates"_s).toArray().at(0).toObject();
        QCOMPARE(candidate.value(u"finishReason"_s).toString(), u"STOP"_s);
        QCOMPARE(candidate.value(u"content"_s).toObject().value(u"role"_s).toString(), u"model"_s);
        const QJsonArray parts = candidate.value(u"content"_s).toObject().value(u"parts"_s).toArray();
        QStringList kinds;
        for (const QJsonValue &p : parts)
            kinds.append(p.toObject().keys().join(u'+'));
        QCOMPARE(kinds, QStringList({u"text"_s, u"executableCode"_s, u"codeExecutionResult"_s,
                                     u"inlineData"_s, u"executableCode"_s, u"codeExecutionResult"_s,
                                     u"executableCode"_s, u"codeExecutionResult"_s, u"executableCode"_s,
                                     u"codeExecutionResult"_s, u"text"_s}));
        // The image the first run saved, as Google returns a graph its code drew.
        const QJsonObject image = parts.at(3).toObject().value(u"inlineData"_s).toObject();
        QCOMPARE(image.value(u"mimeType"_s).toString(), u"image/png"_s);
        QCOMPARE(QByteArray::fromBase64(image.value(u"data"_s).toString().toLatin1()), QByteArray("\x89PNG"));
        const QJsonObject exec = parts.at(1).toObject().value(u"executableCode"_s).toObject();
        QCOMPARE(exec.value(u"language"_s).toString(), u"PYTHON"_s);
        QCOMPARE(exec.value(u"code"_s).toString(), u"print(1)"_s);
        const auto result = [&](int i) {
            return parts.at(i).toObject().value(u"codeExecutionResult"_s).toObject();
        };
        QCOMPARE(result(2).value(u"id"_s), exec.value(u"id"_s));
        // OK: stdout only, as Google documents; failed: stderr; deadline: what ran plus the limit.
        QCOMPARE(result(2).value(u"outcome"_s).toString(), u"OUTCOME_OK"_s);
        QCOMPARE(result(2).value(u"output"_s).toString(), u"1\n"_s);
        QCOMPARE(result(5).value(u"outcome"_s).toString(), u"OUTCOME_FAILED"_s);
        QCOMPARE(result(5).value(u"output"_s).toString(), u"ZeroDivisionError: division by zero\n"_s);
        QCOMPARE(result(7).value(u"outcome"_s).toString(), u"OUTCOME_DEADLINE_EXCEEDED"_s);
        QVERIFY2(result(7).value(u"output"_s).toString().startsWith(u"partial\n"_s),
                 qPrintable(result(7).value(u"output"_s).toString()));
        QVERIFY(result(7).value(u"output"_s).toString().contains(u"30-second limit"_s));
        QCOMPARE(result(9).value(u"outcome"_s).toString(), u"OUTCOME_FAILED"_s);
        QCOMPARE(result(9).value(u"output"_s).toString(), refused.error);
        QCOMPARE(parts.at(10).toObject().value(u"text"_s).toString(), u"done"_s);
    }

    void geminiStream()
    {
        Captured c;
        AgentLoop *loop = nullptr;
        FormatRequestContext context;
        context.pathModel = u"m"_s;
        context.pathStream = true;
        auto f = make(
            u"gemini"_s,
            QJsonDocument::fromJson(R"({"contents":[{"parts":[{"text":"x"}]}],"tools":[{"codeExecution":{}},)"
                                    R"({"functionDeclarations":[{"name":"f"}]}]})")
                .object(),
            &c, &loop, true, context);
        QVERIFY(f);
        QVERIFY(c.raw.isEmpty()); // Google sends no opening event
        Q_EMIT loop->textStarted();
        Q_EMIT loop->textDelta(u"Let "_s);
        Q_EMIT loop->textDelta(u"me"_s);
        Q_EMIT loop->textDone(u"Let me"_s);
        AgentToolCall call;
        call.index = 0;
        call.callId = u"call_0"_s;
        call.kind = ServerToolConfig::Kind::Python;
        call.code = pythonAction(u"print(2)"_s);
        Q_EMIT loop->toolCallStarted(call);
        AgentToolResult r;
        r.completed = true;
        r.code = CodeOutput();
        r.code->stdoutText = u"2\n"_s;
        Q_EMIT loop->toolCallFinished(call, r);
        AgentOutcome o = outcome();
        o.stop = AgentOutcome::Stop::CallerTools;
        o.callerCalls = {ToolCall{u"call_f"_s, u"f"_s, u"{\"a\":1}"_s, {}}};
        Q_EMIT loop->finished(o);
        QVERIFY(c.raw.contains("\r\n\r\n"));
        QVERIFY(!c.raw.contains("event:"));
        parseSse(&c);
        QCOMPARE(c.events.size(), 5);
        const auto parts = [&](int i) {
            return c.events.at(i)
                .value(u"candidates"_s)
                .toArray()
                .at(0)
                .toObject()
                .value(u"content"_s)
                .toObject()
                .value(u"parts"_s)
                .toArray();
        };
        QCOMPARE(parts(0).at(0).toObject().value(u"text"_s).toString(), u"Let "_s);
        QCOMPARE(parts(1).at(0).toObject().value(u"text"_s).toString(), u"me"_s);
        QCOMPARE(parts(2).at(0).toObject().value(u"executableCode"_s).toObject().value(u"code"_s).toString(),
                 u"print(2)"_s);
        QCOMPARE(parts(3)
                     .at(0)
                     .toObject()
                     .value(u"codeExecutionResult"_s)
                     .toObject()
                     .value(u"output"_s)
                     .toString(),
                 u"2\n"_s);
        for (int i = 0; i < 4; ++i) {
            QVERIFY(!c.events.at(i)
                         .value(u"candidates"_s)
                         .toArray()
                         .at(0)
                         .toObject()
                         .contains(u"finishReason"_s));
            QCOMPARE(c.events.at(i).value(u"responseId"_s).toString(), loop->id());
        }
        // The caller's function call ends the answer with STOP, as Gemini ends a turn with functionCall
        // parts.
        const QJsonObject last = c.events.at(4);
        QCOMPARE(last.value(u"candidates"_s).toArray().at(0).toObject().value(u"finishReason"_s).toString(),
                 u"STOP"_s);
        const QJsonObject fc = parts(4).at(0).toObject().value(u"functionCall"_s).toObject();
        QCOMPARE(fc.value(u"name"_s).toString(), u"f"_s);
        QCOMPARE(fc.value(u"id"_s).toString(), u"call_f"_s);
        QCOMPARE(fc.value(u"args"_s).toObject().value(u"a"_s).toInt(), 1);
        QCOMPARE(last.value(u"usageMetadata"_s).toObject().value(u"totalTokenCount"_s).toInt(), 18);
        // The whole answer: the text in one part, then the code, its result and the call.
        QCOMPARE(f->finalBody()
                     .value(u"candidates"_s)
                     .toArray()
                     .at(0)
                     .toObject()
                     .value(u"content"_s)
                     .toObject()
                     .value(u"parts"_s)
                     .toArray()
                     .size(),
                 4);

        // An error after the stream began is a chunk {"error": {...}}, which the SDK throws as ApiError.
        Captured e;
        AgentLoop *failing = nullptr;
        auto g =
            make(u"gemini"_s, QJsonDocument::fromJson(R"({"contents":[{"parts":[{"text":"x"}]}]})").object(),
                 &e, &failing, true, context);
        Q_EMIT failing->failed({502, u"api_error"_s, u"upstream down"_s, {}, {}});
        parseSse(&e);
        QCOMPARE(e.events.size(), 1);
        QCOMPARE(e.events.at(0).value(u"error"_s).toObject().value(u"status"_s).toString(), u"UNAVAILABLE"_s);
        QCOMPARE(e.events.at(0).value(u"error"_s).toObject().value(u"code"_s).toInt(), 502);
    }

    void badRequests_data()
    {
        QTest::addColumn<QString>("endpoint");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("message");
        QTest::addColumn<QString>("param");
        QTest::newRow("no model") << u"responses"_s << QByteArray(R"({"input":"x"})")
                                  << u"model is required"_s << u"model"_s;
        QTest::newRow("bash on responses")
            << u"responses"_s
            << QByteArray(R"({"model":"m","input":"x","tools":[{"type":"openrouter:bash"}]})")
            << u"only valid on the Messages API"_s << u"tools[0]"_s;
        QTest::newRow("shell on chat")
            << u"chat/completions"_s
            << QByteArray(
                   R"({"model":"m","messages":[{"role":"user","content":"x"}],"tools":[{"type":"openrouter:shell"}]})")
            << u"use the Responses API"_s << u"tools[0]"_s;
        QTest::newRow("timeout too large")
            << u"messages"_s
            << QByteArray(
                   R"({"model":"m","messages":[{"role":"user","content":"x"}],"tools":[{"type":"openrouter:shell","parameters":{"timeout_ms":300001}}]})")
            << u"from 1 to 300000"_s << u"tools[0]"_s;
        QTest::newRow("native shell option at the top level")
            << u"responses"_s
            << QByteArray(R"({"model":"m","input":"x","tools":[{"type":"shell","timeout_ms":999999}]})")
            << u"tools[0].timeout_ms must be"_s << u"tools[0]"_s;
        QTest::newRow("stream not bool")
            << u"responses"_s << QByteArray(R"({"model":"m","input":"x","stream":"yes"})")
            << u"stream must be true or false"_s << u"stream"_s;
        const auto ci = [](const char *tool, const char *extra = "") -> QByteArray {
            return QByteArray(R"({"model":"m","input":"x","tools":[)") + tool + "]" + extra + "}";
        };
        QTest::newRow("code_interpreter without container")
            << u"responses"_s << ci(R"({"type":"code_interpreter"})") << u"tools[0].container is required"_s
            << u"tools[0].container"_s;
        QTest::newRow("code_interpreter container type")
            << u"responses"_s << ci(R"({"type":"code_interpreter","container":{"type":"manual"}})")
            << u"tools[0].container.type must be \"auto\""_s << u"tools[0].container.type"_s;
        QTest::newRow("code_interpreter container id")
            << u"responses"_s << ci(R"({"type":"code_interpreter","container":"../etc"})")
            << u"tools[0].container must be a container id"_s << u"tools[0].container"_s;
        QTest::newRow("code_interpreter file_ids")
            << u"responses"_s
            << ci(R"({"type":"code_interpreter","container":{"type":"auto","file_ids":["file-1", 7]}})")
            << u"tools[0].container.file_ids must be an array of file ids (strings)"_s
            << u"tools[0].container.file_ids"_s;
        QTest::newRow("code_interpreter memory_limit")
            << u"responses"_s
            << ci(R"({"type":"code_interpreter","container":{"type":"auto","memory_limit":"2g"}})")
            << u"tools[0].container.memory_limit must be"_s << u"tools[0].container.memory_limit"_s;
        QTest::newRow("code_interpreter network_policy")
            << u"responses"_s
            << ci(R"({"type":"code_interpreter","container":{"type":"auto","network_policy":{"type":"open"}}})")
            << u"tools[0].container.network_policy is invalid"_s << u"tools[0].container.network_policy"_s;
        QTest::newRow("code_interpreter programmatic only")
            << u"responses"_s
            << ci(R"({"type":"code_interpreter","container":{"type":"auto"},"allowed_callers":["programmatic"]})")
            << u"tools[0].allowed_callers must include"_s << u"tools[0].allowed_callers"_s;
        QTest::newRow("two code_interpreters")
            << u"responses"_s
            << ci(R"({"type":"code_interpreter","container":{"type":"auto"}},{"type":"code_interpreter","container":"c1"})")
            << u"only one code-execution tool"_s << u"tools[1]"_s;
        QTest::newRow("include not an array")
            << u"responses"_s
            << ci(R"({"type":"code_interpreter","container":{"type":"auto"}})", R"(,"include":"all")")
            << u"include must be an array"_s << u"include"_s;
        QTest::newRow("empty messages") << u"messages"_s << QByteArray(R"({"model":"m","messages":[]})")
                                        << u"messages is required"_s << u"messages"_s;
        // Anthropic's code execution tools: the API's own names and options, nothing else.
        const auto codeTools = [](const char *tools, const char *extra = "") -> QByteArray {
            return QByteArray(R"({"model":"m","messages":[{"role":"user","content":"x"}],"tools":)") + tools +
                   extra + "}";
        };
        QTest::newRow("code execution: wrong name")
            << u"messages"_s << codeTools(R"([{"type":"code_execution_20250825","name":"python"}])")
            << u"tools[0].name must be \"code_execution\" for code_execution_20250825 (got \"python\")"_s
            << u"tools[0].name"_s;
        QTest::newRow("code execution: no name")
            << u"messages"_s << codeTools(R"([{"type":"code_execution_20250522"}])")
            << u"tools[0].name must be \"code_execution\" for code_execution_20250522 (got nothing)"_s
            << u"tools[0].name"_s;
        QTest::newRow("code execution: unknown version")
            << u"messages"_s << codeTools(R"([{"type":"code_execution_20240101","name":"code_execution"}])")
            << u"supported: code_execution_20250825, code_execution_20260120, code_execution_20260521 and "
               "code_execution_20250522"_s
            << u"tools[0].type"_s;
        QTest::newRow("code execution: extra option")
            << u"messages"_s
            << codeTools(R"([{"type":"code_execution_20250825","name":"code_execution","timeout_ms":5}])")
            << u"tools[0].timeout_ms: extra inputs are not permitted"_s << u"tools[0].timeout_ms"_s;
        QTest::newRow("code execution: bad allowed_callers")
            << u"messages"_s
            << codeTools(
                   R"([{"type":"code_execution_20250825","name":"code_execution","allowed_callers":["anyone"]}])")
            << u"tools[0].allowed_callers must be an array of direct, code_execution_20250825"_s
            << u"tools[0].allowed_callers"_s;
        QTest::newRow("code execution: strict not bool")
            << u"messages"_s
            << codeTools(R"([{"type":"code_execution_20250825","name":"code_execution","strict":"yes"}])")
            << u"tools[0].strict must be true or false"_s << u"tools[0].strict"_s;
        QTest::newRow("code execution: cache_control not an object")
            << u"messages"_s
            << codeTools(R"([{"type":"code_execution_20250825","name":"code_execution","cache_control":1}])")
            << u"tools[0].cache_control must be an object or null"_s << u"tools[0].cache_control"_s;
        QTest::newRow("code execution: two versions")
            << u"messages"_s
            << codeTools(R"([{"type":"code_execution_20250825","name":"code_execution"},)"
                         R"({"type":"code_execution_20250522","name":"code_execution"}])")
            << u"tools[1]: only one code-execution tool may be given (already code_execution_20250825)"_s
            << u"tools[1]"_s;
        QTest::newRow("container: malformed id")
            << u"messages"_s
            << codeTools(R"([{"type":"code_execution_20250825","name":"code_execution"}])",
                         R"(,"container":"../etc")")
            << u"container must be a container id"_s << u"container"_s;
        QTest::newRow("container: not a string")
            << u"messages"_s
            << codeTools(R"([{"type":"code_execution_20250825","name":"code_execution"}])",
                         R"(,"container":7)")
            << u"got 7"_s << u"container"_s;
        QTest::newRow("container: skills")
            << u"messages"_s
            << codeTools(R"([{"type":"code_execution_20250825","name":"code_execution"}])",
                         R"(,"container":{"id":"abc","skills":[{"skill_id":"pptx","type":"anthropic"}]})")
            << u"skills are not available"_s << u"container.skills"_s;
        QTest::newRow("container: unknown field")
            << u"messages"_s
            << codeTools(R"([{"type":"code_execution_20250825","name":"code_execution"}])",
                         R"(,"container":{"id":"abc","ttl":3})")
            << u"container.ttl: extra inputs are not permitted"_s << u"container.ttl"_s;
    }

    void badRequests()
    {
        QFETCH(QString, endpoint);
        QFETCH(QByteArray, body);
        QFETCH(QString, message);
        QFETCH(QString, param);
        std::unique_ptr<WireFormat> format = WireFormat::forEndpoint(endpoint);
        AgentError error;
        QVERIFY(!format->parse(QJsonDocument::fromJson(body).object(), {}, &error));
        QCOMPARE(error.httpStatus, 400);
        QVERIFY2(error.message.contains(message), qPrintable(error.message));
        QCOMPARE(error.param, param);
    }

    void messagesCodeTools_data()
    {
        QTest::addColumn<QByteArray>("tools");
        QTest::addColumn<QByteArray>("container"); // the body's container field, "" for none
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("reference");
        const int code = int(ServerToolConfig::Kind::CodeExecution);
        const int python = int(ServerToolConfig::Kind::Python);
        QTest::newRow("20250825") << QByteArray(
                                         R"({"type":"code_execution_20250825","name":"code_execution"})")
                                  << QByteArray() << code << QString();
        QTest::newRow("20250825 with every option")
            << QByteArray(
                   R"({"type":"code_execution_20250825","name":"code_execution","allowed_callers":)"
                   R"(["direct"],"cache_control":{"type":"ephemeral"},"defer_loading":false,"strict":true})")
            << QByteArray(R"("cntr_1")") << code << u"cntr_1"_s;
        QTest::newRow("20260120") << QByteArray(
                                         R"({"type":"code_execution_20260120","name":"code_execution"})")
                                  << QByteArray(R"({"id":"cntr_2","skills":null})") << code << u"cntr_2"_s;
        QTest::newRow("20250522") << QByteArray(
                                         R"({"type":"code_execution_20250522","name":"code_execution"})")
                                  << QByteArray("null") << python << QString();
    }

    void messagesCodeTools()
    {
        QFETCH(QByteArray, tools);
        QFETCH(QByteArray, container);
        QFETCH(int, kind);
        QFETCH(QString, reference);
        QByteArray body =
            R"({"model":"m","messages":[{"role":"user","content":"x"}],"tools":[)" + tools + "]";
        if (!container.isEmpty())
            body += R"(,"container":)" + container;
        body += "}";
        AgentError error;
        const std::optional<AgentRequest> req =
            WireFormat::forEndpoint(u"messages"_s)->parse(QJsonDocument::fromJson(body).object(), {}, &error);
        QVERIFY2(req, qPrintable(error.message));
        QVERIFY(req->code);
        QCOMPARE(int(req->code->kind), kind);
        QCOMPARE(req->code->typeName(), QJsonDocument::fromJson(tools).object().value(u"type"_s).toString());
        QCOMPARE(req->code->containerReference, reference);
        QVERIFY(req->callerTools.isEmpty());
    }

    // Each code-execution result as its SDK type: bash, the editor's three operations and its error, a call
    // rejected before it ran, a timeout, Python, and a reason the SDK has no code for.
    void messagesCodeBlocks()
    {
        Captured c;
        AgentLoop *loop = nullptr;
        auto f =
            make(u"messages"_s,
                 {{u"model"_s, u"p/m"_s},
                  {u"messages"_s, QJsonArray{QJsonObject{{u"role"_s, u"user"_s}, {u"content"_s, u"hi"_s}}}},
                  {u"tools"_s, QJsonArray{QJsonObject{{u"type"_s, u"code_execution_20250825"_s},
                                                      {u"name"_s, u"code_execution"_s}}}}},
                 &c, &loop, false);
        QVERIFY(f);
        int index = 0;
        const auto run = [&](const QString &function, const QJsonObject &args,
                             const AgentToolResult &result) {
            AgentToolCall call;
            call.index = index++;
            call.callId = u"call_%1"_s.arg(call.index);
            call.kind = function == u"python" ? ServerToolConfig::Kind::Python
                                              : ServerToolConfig::Kind::CodeExecution;
            call.codeFunction = function;
            call.arguments = args;
            QString error;
            call.code = function == u"python"        ? CodeAction::python(args, &error)
                        : function == u"text_editor" ? CodeAction::textEditor(args, &error)
                                                     : CodeAction::bash(args, &error);
            Q_EMIT loop->toolCallStarted(call);
            Q_EMIT loop->toolCallFinished(call, result);
        };
        const auto output = [](const CodeOutput &o) {
            AgentToolResult r;
            r.completed = true;
            r.code = o;
            r.results = {CommandResult()};
            return r;
        };
        CodeOutput bashOut;
        bashOut.stdoutText = u"out\n"_s;
        bashOut.stderrText = u"err\n"_s;
        bashOut.returnCode = 3;
        run(u"bash"_s, {{u"command"_s, u"ls"_s}}, output(bashOut));
        CodeOutput view;
        view.editor = {{u"content"_s, u"a\nb"_s},
                       {u"file_type"_s, u"text"_s},
                       {u"num_lines"_s, 2},
                       {u"start_line"_s, 1},
                       {u"total_lines"_s, 2}};
        run(u"text_editor"_s, {{u"command"_s, u"view"_s}, {u"path"_s, u"f"_s}}, output(view));
        CodeOutput create;
        create.editor = {{u"is_file_update"_s, true}};
        run(u"text_editor"_s, {{u"command"_s, u"create"_s}, {u"path"_s, u"f"_s}, {u"file_text"_s, u"x"_s}},
            output(create));
        CodeOutput replace;
        replace.editor = {{u"old_start"_s, 4},
                          {u"old_lines"_s, 1},
                          {u"new_start"_s, 4},
                          {u"new_lines"_s, 2},
                          {u"lines"_s, QJsonArray{u"p"_s, u"q"_s}}};
        run(u"text_editor"_s,
            {{u"command"_s, u"str_replace"_s},
             {u"path"_s, u"f"_s},
             {u"old_str"_s, u"o"_s},
             {u"new_str"_s, u"p\nq"_s}},
            output(replace));
        CodeOutput missing;
        missing.errorCode = u"file_not_found"_s;
        missing.errorMessage = u"no such file: /workspace/home/g"_s;
        run(u"text_editor"_s, {{u"command"_s, u"view"_s}, {u"path"_s, u"g"_s}}, output(missing));
        AgentToolResult rejected;
        rejected.error = u"\"command\" is required"_s;
        rejected.errorCode = u"invalid_tool_input"_s;
        run(u"bash"_s, {{u"cmd"_s, u"ls"_s}}, rejected);
        CodeOutput slow;
        slow.timedOut = true;
        slow.returnCode = 124;
        slow.errorCode = u"execution_time_exceeded"_s;
        run(u"bash"_s, {{u"command"_s, u"sleep 999"_s}}, output(slow));
        CodeOutput py;
        py.stdoutText = u"42\n"_s;
        // A file the code made, stored for the Files API: named by file_id in the result's content.
        AgentToolResult pyResult = output(py);
        pyResult.files = {CodeFile{u"/workspace/home/out.csv"_s, u"abcdefghijklmnopqrstuvwx"_s, 4}};
        run(u"python"_s, {{u"code"_s, u"print(42)"_s}}, pyResult);
        AgentToolResult blocked;
        blocked.error = u"blocked by a guardrail"_s;
        blocked.errorCode = u"output_blocked"_s;
        run(u"python"_s, {{u"code"_s, u"print(1)"_s}}, blocked);
        Q_EMIT loop->finished(outcome());

        const QJsonArray content = f->finalBody().value(u"content"_s).toArray();
        QCOMPARE(content.size(), 18);
        const QStringList names{u"bash_code_execution"_s,
                                u"text_editor_code_execution"_s,
                                u"text_editor_code_execution"_s,
                                u"text_editor_code_execution"_s,
                                u"text_editor_code_execution"_s,
                                u"bash_code_execution"_s,
                                u"bash_code_execution"_s,
                                u"code_execution"_s,
                                u"code_execution"_s};
        for (int i = 0; i < names.size(); ++i) {
            const QJsonObject use = content.at(2 * i).toObject();
            const QJsonObject result = content.at(2 * i + 1).toObject();
            QCOMPARE(use.value(u"type"_s).toString(), u"server_tool_use"_s);
            QCOMPARE(use.value(u"name"_s).toString(), names.at(i));
            QVERIFY(use.value(u"id"_s).toString().startsWith(u"srvtoolu_"_s));
            QCOMPARE(use.value(u"caller"_s).toObject(), QJsonObject({{u"type"_s, u"direct"_s}}));
            QCOMPARE(result.value(u"type"_s).toString(), QString(names.at(i) + u"_tool_result"_s));
            QCOMPARE(result.value(u"tool_use_id"_s), use.value(u"id"_s));
        }
        const auto inner = [&](int call) {
            return content.at(2 * call + 1).toObject().value(u"content"_s).toObject();
        };
        QCOMPARE(content.at(0).toObject().value(u"input"_s).toObject(),
                 QJsonObject({{u"command"_s, u"ls"_s}}));
        QCOMPARE(inner(0), QJsonObject({{u"type"_s, u"bash_code_execution_result"_s},
                                        {u"stdout"_s, u"out\n"_s},
                                        {u"stderr"_s, u"err\n"_s},
                                        {u"return_code"_s, 3},
                                        {u"content"_s, QJsonArray()}}));
        QCOMPARE(inner(1), QJsonObject({{u"type"_s, u"text_editor_code_execution_view_result"_s},
                                        {u"content"_s, u"a\nb"_s},
                                        {u"file_type"_s, u"text"_s},
                                        {u"num_lines"_s, 2},
                                        {u"start_line"_s, 1},
                                        {u"total_lines"_s, 2}}));
        QCOMPARE(inner(2), QJsonObject({{u"type"_s, u"text_editor_code_execution_create_result"_s},
                                        {u"is_file_update"_s, true}}));
        QCOMPARE(inner(3), QJsonObject({{u"type"_s, u"text_editor_code_execution_str_replace_result"_s},
                                        {u"old_start"_s, 4},
                                        {u"old_lines"_s, 1},
                                        {u"new_start"_s, 4},
                                        {u"new_lines"_s, 2},
                                        {u"lines"_s, QJsonArray{u"p"_s, u"q"_s}}}));
        QCOMPARE(inner(4), QJsonObject({{u"type"_s, u"text_editor_code_execution_tool_result_error"_s},
                                        {u"error_code"_s, u"file_not_found"_s},
                                        {u"error_message"_s, u"no such file: /workspace/home/g"_s}}));
        // A call rejected before it ran still shows what the model asked for.
        QCOMPARE(content.at(10).toObject().value(u"input"_s).toObject(), QJsonObject({{u"cmd"_s, u"ls"_s}}));
        QCOMPARE(inner(5), QJsonObject({{u"type"_s, u"bash_code_execution_tool_result_error"_s},
                                        {u"error_code"_s, u"invalid_tool_input"_s}}));
        QCOMPARE(inner(6), QJsonObject({{u"type"_s, u"bash_code_execution_tool_result_error"_s},
                                        {u"error_code"_s, u"execution_time_exceeded"_s}}));
        QCOMPARE(inner(7),
                 QJsonObject({{u"type"_s, u"code_execution_result"_s},
                              {u"stdout"_s, u"42\n"_s},
                              {u"stderr"_s, QString()},
                              {u"return_code"_s, 0},
                              {u"content"_s, QJsonArray{QJsonObject{
                                                 {u"type"_s, u"code_execution_output"_s},
                                                 {u"file_id"_s, u"file_abcdefghijklmnopqrstuvwx"_s}}}}}));
        // output_blocked is not in CodeExecutionToolResultErrorCode.
        QCOMPARE(inner(8), QJsonObject({{u"type"_s, u"code_execution_tool_result_error"_s},
                                        {u"error_code"_s, u"unavailable"_s}}));
        QCOMPARE(f->finalBody().value(u"container"_s).toObject().value(u"id"_s).toString(), u"sess_test"_s);
    }

    // A replayed conversation: the code blocks become the neutral call and result the model reads.
    void messagesCodeReplay()
    {
        const QJsonObject body = QJsonDocument::fromJson(R"({"model":"m","tools":[
            {"type":"code_execution_20250825","name":"code_execution"}],"messages":[
            {"role":"user","content":"go"},
            {"role":"assistant","content":[
              {"type":"server_tool_use","id":"srvtoolu_1","name":"bash_code_execution","input":{"command":"ls"},
               "caller":{"type":"direct"}},
              {"type":"bash_code_execution_tool_result","tool_use_id":"srvtoolu_1","content":
                {"type":"bash_code_execution_result","stdout":"a
","stderr":"","return_code":0,"content":[]}},
              {"type":"server_tool_use","id":"srvtoolu_2","name":"text_editor_code_execution",
               "input":{"command":"view","path":"g"}},
              {"type":"text_editor_code_execution_tool_result","tool_use_id":"srvtoolu_2","content":
                {"type":"text_editor_code_execution_tool_result_error","error_code":"file_not_found",
                 "error_message":"no such file"}},
              {"type":"server_tool_use","id":"srvtoolu_3","name":"code_execution","input":{"code":"1"}},
              {"type":"code_execution_tool_result","tool_use_id":"srvtoolu_3","content":
                {"type":"code_execution_result","stdout":"","stderr":"","return_code":0,"content":[]}},
              {"type":"text","text":"done"}]},
            {"role":"user","content":"again"}]})")
                                     .object();
        AgentError error;
        const std::optional<AgentRequest> req =
            WireFormat::forEndpoint(u"messages"_s)->parse(body, {}, &error);
        QVERIFY2(req, qPrintable(error.message));
        const QList<Message> &m = req->messages;
        QCOMPARE(m.size(), 9); // user, (call, result) x 3, text, user
        QCOMPARE(m.at(1).toolCalls.value(0).name, req->codeBashFunctionName);
        QCOMPARE(m.at(1).toolCalls.value(0).arguments(), QJsonObject({{u"command"_s, u"ls"_s}}));
        QCOMPARE(m.at(2).role, Message::Role::Tool);
        QCOMPARE(m.at(2).toolResult.callId, u"srvtoolu_1"_s);
        QCOMPARE(QJsonDocument::fromJson(m.at(2).toolResult.content.toUtf8()).object(),
                 QJsonObject({{u"stdout"_s, u"a\n"_s}, {u"stderr"_s, QString()}, {u"return_code"_s, 0}}));
        QVERIFY(!m.at(2).toolResult.isError);
        QCOMPARE(m.at(3).toolCalls.value(0).name, req->editorFunctionName);
        QVERIFY(m.at(4).toolResult.isError);
        QVERIFY(m.at(4).toolResult.content.contains(u"file_not_found"_s));
        QCOMPARE(m.at(5).toolCalls.value(0).name, req->pythonFunctionName);
        QCOMPARE(m.at(7).text(), u"done"_s);
    }

    void errorBodies()
    {
        const AgentError e{429, u"rate_limit_error"_s, u"slow down"_s, {}, {}};
        const QJsonObject openai = WireFormat::forEndpoint(u"responses"_s)->errorBody(e);
        // OpenRouter's SDK validates a numeric code; the openai SDK reads type and message.
        QCOMPARE(openai.value(u"error"_s).toObject().value(u"code"_s).toInt(), 429);
        QCOMPARE(openai.value(u"error"_s).toObject().value(u"type"_s).toString(), u"rate_limit_error"_s);
        // OpenAI's own SDKs type code (and param) as a string or null: their requests get OpenAI's shape, on
        // both OpenAI-style endpoints.
        const AgentError coded{404, u"not_found_error"_s, u"no file"_s, u"file_not_found"_s,
                               u"file_ids[0]"_s};
        for (const QString &endpoint : {u"responses"_s, u"chat/completions"_s}) {
            std::unique_ptr<WireFormat> format = WireFormat::forEndpoint(endpoint);
            format->setErrorShape(WireFormat::ErrorShape::OpenAi);
            const QJsonObject plain = format->errorBody(e).value(u"error"_s).toObject();
            QVERIFY2(plain.value(u"code"_s).isNull(), qPrintable(endpoint));
            QVERIFY(plain.value(u"param"_s).isNull());
            QCOMPARE(plain.value(u"type"_s).toString(), u"rate_limit_error"_s);
            QCOMPARE(plain.value(u"message"_s).toString(), u"slow down"_s);
            QVERIFY(!plain.contains(u"metadata"_s));
            const QJsonObject named = format->errorBody(coded).value(u"error"_s).toObject();
            QCOMPARE(named.value(u"code"_s).toString(), u"file_not_found"_s);
            QCOMPARE(named.value(u"param"_s).toString(), u"file_ids[0]"_s);
        }
        // OpenRouter's keeps the reason in metadata.
        QCOMPARE(WireFormat::forEndpoint(u"responses"_s)
                     ->errorBody(coded)
                     .value(u"error"_s)
                     .toObject()
                     .value(u"metadata"_s)
                     .toObject()
                     .value(u"reason"_s)
                     .toString(),
                 u"file_not_found"_s);
        const QJsonObject anthropic = WireFormat::forEndpoint(u"messages"_s)->errorBody(e);
        QCOMPARE(anthropic.value(u"type"_s).toString(), u"error"_s);
        QCOMPARE(anthropic.value(u"error"_s).toObject().value(u"type"_s).toString(), u"rate_limit_error"_s);
        QCOMPARE(anthropic.value(u"error"_s).toObject().value(u"message"_s).toString(), u"slow down"_s);
        QVERIFY(!WireFormat::forEndpoint(u"files"_s));
    }
};

QTEST_GUILESS_MAIN(TestWireFormat)
#include "test_wireformat.moc"
