// SPDX-License-Identifier: GPL-3.0-or-later
// The caller wire formats (gateway/format/) on their own: each is driven by a loop's neutral events (emitted
// here by hand, no model and no sandbox) and must produce its API's exact events, final body and errors.
#include "gateway/agentloop.h"
#include "gateway/format/wireformat.h"

#include <QJsonArray>
#include <QJsonDocument>
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
        QTest::newRow("empty messages") << u"messages"_s << QByteArray(R"({"model":"m","messages":[]})")
                                        << u"messages is required"_s << u"messages"_s;
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

    void errorBodies()
    {
        const AgentError e{429, u"rate_limit_error"_s, u"slow down"_s, {}, {}};
        const QJsonObject openai = WireFormat::forEndpoint(u"responses"_s)->errorBody(e);
        // OpenRouter's SDK validates a numeric code; the openai SDK reads type and message.
        QCOMPARE(openai.value(u"error"_s).toObject().value(u"code"_s).toInt(), 429);
        QCOMPARE(openai.value(u"error"_s).toObject().value(u"type"_s).toString(), u"rate_limit_error"_s);
        const QJsonObject anthropic = WireFormat::forEndpoint(u"messages"_s)->errorBody(e);
        QCOMPARE(anthropic.value(u"type"_s).toString(), u"error"_s);
        QCOMPARE(anthropic.value(u"error"_s).toObject().value(u"type"_s).toString(), u"rate_limit_error"_s);
        QCOMPARE(anthropic.value(u"error"_s).toObject().value(u"message"_s).toString(), u"slow down"_s);
        QVERIFY(!WireFormat::forEndpoint(u"files"_s));
    }
};

QTEST_GUILESS_MAIN(TestWireFormat)
#include "test_wireformat.moc"
