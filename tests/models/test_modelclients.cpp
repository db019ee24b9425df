// SPDX-License-Identifier: GPL-3.0-or-later
#include "fakeupstream.h"
#include "models/modelclient.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;

// The three provider clients against FakeUpstream over real HTTP, streaming and not.
class TestModelClients final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void text_data() { combos(); }
    void text();
    void oneToolCall_data() { combos(); }
    void oneToolCall();
    void twoToolCalls_data() { combos(); }
    void twoToolCalls();
    void argumentsInManyChunks_data() { combos(); }
    void argumentsInManyChunks();
    void trailingJunk_data() { combos(); }
    void trailingJunk();
    void malformedArguments_data() { combos(); }
    void malformedArguments();
    void missingIds_data() { combos(); }
    void missingIds();
    void embeddedCallInText_data() { combos(); }
    void embeddedCallInText();
    void retriedAfter429_data() { combos(); }
    void retriedAfter429();
    void serverErrorForever_data() { combos(); }
    void serverErrorForever();
    void timeoutBeforeDataIsRetried_data() { combos(); }
    void timeoutBeforeDataIsRetried();
    void idleTimeout_data() { combos(); }
    void idleTimeout();
    void crlfStream_data();
    void crlfStream();
    void requestShape_data() { combos(); }
    void requestShape();
    void nativeReplay();
    void cancel();
    void scriptFromJson();

private:
    struct Run
    {
        bool done = false;
        std::optional<TurnResult> result;
        std::optional<ModelError> error;
        QString streamedText;
        QList<int> started;
        QMap<int, QString> argumentDeltas;
        QList<ToolCall> finishedCalls;
        int rawChunks = 0;
        int retries = 0;
    };
    void combos();
    ModelClient *client();
    std::shared_ptr<Run> start(const TurnRequest &request, ModelTurn **turnOut = nullptr);
    std::shared_ptr<Run> run(const TurnRequest &request);
    TurnRequest basicRequest() const;

    std::unique_ptr<FakeUpstream> m_fake;
    std::unique_ptr<ModelClient> m_client;
    QNetworkAccessManager *m_nam = nullptr;
};

void TestModelClients::combos()
{
    QTest::addColumn<int>("api");
    QTest::addColumn<bool>("stream");
    for (ProviderApi api : {ProviderApi::Responses, ProviderApi::Messages, ProviderApi::Chat}) {
        for (bool stream : {true, false}) {
            const QString name = providerApiName(api) % (stream ? u" stream"_s : u" plain"_s);
            QTest::newRow(qPrintable(name)) << int(api) << stream;
        }
    }
}

void TestModelClients::init()
{
    m_fake = std::make_unique<FakeUpstream>();
    QVERIFY(m_fake->listen());
    m_nam = new QNetworkAccessManager(m_fake.get());
}

void TestModelClients::cleanup()
{
    m_client.reset();
    m_fake.reset();
}

ModelClient *TestModelClients::client()
{
    const auto api =
        ProviderApi(QTest::currentDataTag() ? *static_cast<int *>(QTest::qData("api", qMetaTypeId<int>()))
                                            : int(ProviderApi::Responses));
    ProviderConfig config;
    config.name = u"fake"_s;
    config.api = api;
    config.baseUrl = m_fake->baseUrl();
    m_client.reset(ModelClient::create(config, u"sk-test-key"_s, m_nam));
    m_client->setRetryPolicy({3, 1, 5, 0.0});
    m_client->setTimeouts({5000, 5000});
    return m_client.get();
}

TurnRequest TestModelClients::basicRequest() const
{
    TurnRequest request;
    request.sampling.model = u"fake-model"_s;
    request.stream =
        QTest::currentDataTag() ? *static_cast<bool *>(QTest::qData("stream", QMetaType::Bool)) : true;
    request.messages = {Message::system(u"You run commands."_s), Message::user(u"What is in the folder?"_s)};
    request.tools = {
        {u"shell"_s, u"Run shell commands"_s,
         QJsonObject{{u"type"_s, u"object"_s},
                     {u"properties"_s, QJsonObject{{u"commands"_s, QJsonObject{{u"type"_s, u"array"_s}}}}}}}};
    return request;
}

std::shared_ptr<TestModelClients::Run> TestModelClients::start(const TurnRequest &request,
                                                               ModelTurn **turnOut)
{
    auto r = std::make_shared<Run>();
    ModelClient *c = m_client ? m_client.get() : client();
    ModelTurn *turn = c->send(request);
    if (turnOut)
        *turnOut = turn;
    connect(turn, &ModelTurn::textDelta, this, [r](const QString &t) { r->streamedText += t; });
    connect(turn, &ModelTurn::toolCallStarted, this, [r](int index, const QString &id, const QString &) {
        QVERIFY(!id.isEmpty());
        r->started.append(index);
    });
    connect(turn, &ModelTurn::toolCallDelta, this,
            [r](int index, const QString &f) { r->argumentDeltas[index] += f; });
    connect(turn, &ModelTurn::toolCallFinished, this,
            [r](int, const ToolCall &call) { r->finishedCalls.append(call); });
    connect(turn, &ModelTurn::rawChunk, this, [r](const QByteArray &) { ++r->rawChunks; });
    connect(turn, &ModelTurn::retrying, this, [r](int, int, const ModelError &) { ++r->retries; });
    connect(turn, &ModelTurn::finished, this, [r](const TurnResult &result) {
        r->result = result;
        r->done = true;
    });
    connect(turn, &ModelTurn::failed, this, [r](const ModelError &error) {
        r->error = error;
        r->done = true;
    });
    return r;
}

std::shared_ptr<TestModelClients::Run> TestModelClients::run(const TurnRequest &request)
{
    auto r = start(request);
    if (!QTest::qWaitFor([&r] { return r->done; }, 20000))
        qWarning("turn did not end");
    return r;
}

#define REQUIRE_RESULT(r)                                                                                    \
    QVERIFY2((r)->done, "turn did not end");                                                                 \
    QVERIFY2((r)->result.has_value(), (r)->error ? qPrintable((r)->error->toString()) : "no result")

void TestModelClients::text()
{
    client();
    m_fake->setScript({FakeStep::answer(u"Hello, world! Ünïcödé ✓"_s).inChunks(6)});
    m_fake->setSplitWrites(true);
    const auto r = run(basicRequest());
    REQUIRE_RESULT(r);
    QCOMPARE(r->result->message.text(), u"Hello, world! Ünïcödé ✓"_s);
    QCOMPARE(r->streamedText, r->result->message.text());
    QCOMPARE(r->result->message.role, Message::Role::Assistant);
    QCOMPARE(r->result->stopReason, StopReason::EndTurn);
    QVERIFY(!r->result->hasToolCalls());
    QCOMPARE(r->result->usage.inputTokens, 11);
    QCOMPARE(r->result->usage.outputTokens, 7);
    QCOMPARE(r->result->model, u"fake-model"_s);
    QVERIFY(r->rawChunks > 0);
    QCOMPARE(m_fake->modelRequests().size(), 1);
}

void TestModelClients::oneToolCall()
{
    client();
    const QJsonObject args{{u"commands"_s, QJsonArray{u"ls -la"_s, u"python3 --version"_s}},
                           {u"timeout_ms"_s, 5000}};
    m_fake->setScript({FakeStep::toolCall(u"shell"_s, args)});
    const auto r = run(basicRequest());
    REQUIRE_RESULT(r);
    QCOMPARE(r->result->stopReason, StopReason::ToolCalls);
    QCOMPARE(r->result->message.toolCalls.size(), 1);
    const ToolCall call = r->result->message.toolCalls.first();
    QCOMPARE(call.name, u"shell"_s);
    QVERIFY(call.isValid());
    QCOMPARE(call.arguments(), args);
    QVERIFY(!call.id.isEmpty());
    QCOMPARE(r->started, QList<int>{0});
    QCOMPARE(r->finishedCalls.size(), 1);
    QCOMPARE(r->finishedCalls.first(), call);
    QCOMPARE(QJsonDocument::fromJson(r->argumentDeltas.value(0).toUtf8()).object(), args);
}

void TestModelClients::twoToolCalls()
{
    client();
    m_fake->setScript({FakeStep::withToolCalls(
        {{u"shell"_s, uR"({"commands":["ls"]})"_s, {}}, {u"shell"_s, uR"({"commands":["pwd"]})"_s, {}}},
        u"Running two calls."_s)});
    const auto r = run(basicRequest());
    REQUIRE_RESULT(r);
    QCOMPARE(r->result->message.text(), u"Running two calls."_s);
    const QList<ToolCall> calls = r->result->message.toolCalls;
    QCOMPARE(calls.size(), 2);
    QCOMPARE(calls[0].arguments().value(u"commands"_s).toArray().first().toString(), u"ls"_s);
    QCOMPARE(calls[1].arguments().value(u"commands"_s).toArray().first().toString(), u"pwd"_s);
    QVERIFY(calls[0].id != calls[1].id);
    QCOMPARE(r->started, (QList<int>{0, 1}));
}

void TestModelClients::argumentsInManyChunks()
{
    client();
    QJsonArray commands;
    for (int i = 0; i < 30; ++i)
        commands.append(u"echo line %1 with \"quotes\" and {braces}"_s.arg(i));
    const QJsonObject args{{u"commands"_s, commands}};
    m_fake->setScript({FakeStep::toolCall(u"shell"_s, args).inChunks(40)});
    m_fake->setSplitWrites(true);
    const auto r = run(basicRequest());
    REQUIRE_RESULT(r);
    QCOMPARE(r->result->message.toolCalls.size(), 1);
    QCOMPARE(r->result->message.toolCalls.first().arguments(), args);
}

void TestModelClients::trailingJunk()
{
    client();
    m_fake->setScript(
        {FakeStep::rawToolCall(u"shell"_s, uR"({"commands":["ls"]}</function> trailing words)"_s)});
    const auto r = run(basicRequest());
    REQUIRE_RESULT(r);
    const ToolCall call = r->result->message.toolCalls.value(0);
    QVERIFY2(call.isValid(), qPrintable(call.parseError));
    QCOMPARE(call.argumentsJson, uR"({"commands":["ls"]})"_s);
}

void TestModelClients::malformedArguments()
{
    client();
    m_fake->setScript({FakeStep::rawToolCall(u"shell"_s, uR"({"commands":["ls")"_s)});
    const auto r = run(basicRequest());
    REQUIRE_RESULT(r);
    QCOMPARE(r->result->message.toolCalls.size(), 1);
    const ToolCall call = r->result->message.toolCalls.first();
    QCOMPARE(call.name, u"shell"_s);
    QVERIFY(!call.id.isEmpty());
    QVERIFY(!call.isValid());
    QVERIFY(call.parseError.contains(u"shell"_s));
    QCOMPARE(r->result->stopReason, StopReason::ToolCalls);
}

void TestModelClients::missingIds()
{
    client();
    m_fake->setScript({FakeStep::withToolCalls({{u"shell"_s, uR"({"commands":["a"]})"_s, {}},
                                                {u"shell"_s, uR"({"commands":["b"]})"_s, {}}})
                           .withoutIds()
                           .inChunks(3)});
    const auto r = run(basicRequest());
    REQUIRE_RESULT(r);
    const QList<ToolCall> calls = r->result->message.toolCalls;
    QCOMPARE(calls.size(), 2);
    QVERIFY(calls[0].id.startsWith(u"call_"_s));
    QVERIFY(calls[1].id.startsWith(u"call_"_s));
    QVERIFY(calls[0].id != calls[1].id);
    QCOMPARE(calls[1].arguments().value(u"commands"_s).toArray().first().toString(), u"b"_s);
}

void TestModelClients::embeddedCallInText()
{
    client();
    m_fake->setScript(
        {FakeStep::answer(
             u"Let me check.\n<tool_call>{\"name\": \"shell\", \"arguments\": {\"commands\": [\"wc -l data.csv\"]}}</tool_call>"_s)
             .inChunks(7)});
    const auto r = run(basicRequest());
    REQUIRE_RESULT(r);
    QCOMPARE(r->result->message.text(), u"Let me check."_s);
    QCOMPARE(r->result->message.toolCalls.size(), 1);
    QCOMPARE(r->result->message.toolCalls.first().name, u"shell"_s);
    QCOMPARE(
        r->result->message.toolCalls.first().arguments().value(u"commands"_s).toArray().first().toString(),
        u"wc -l data.csv"_s);
    QCOMPARE(r->result->stopReason, StopReason::ToolCalls);
    QCOMPARE(r->finishedCalls.size(), 1);
}

void TestModelClients::retriedAfter429()
{
    client();
    m_fake->setScript(
        {FakeStep::httpError(429, 1, 0), FakeStep::httpError(503, 1), FakeStep::answer(u"ok"_s)});
    const auto r = run(basicRequest());
    REQUIRE_RESULT(r);
    QCOMPARE(r->result->message.text(), u"ok"_s);
    QCOMPARE(r->retries, 2);
    QCOMPARE(m_fake->modelRequests().size(), 3);
}

void TestModelClients::serverErrorForever()
{
    client();
    m_fake->setScript({FakeStep::httpError(500, -1)});
    const auto r = run(basicRequest());
    QVERIFY(r->done);
    QVERIFY(r->error.has_value());
    QCOMPARE(r->error->kind, ModelError::Kind::Http);
    QCOMPARE(r->error->httpStatus, 500);
    QCOMPARE(r->error->provider, u"fake"_s);
    QCOMPARE(r->error->attempts, 4);
    QVERIFY(r->error->retryable);
    QCOMPARE(r->error->message, u"FakeUpstream scripted HTTP 500"_s);
    QVERIFY2(r->error->toString().contains(u"provider fake: HTTP 500 after 4 attempts"_s),
             qPrintable(r->error->toString()));
    QCOMPARE(m_fake->modelRequests().size(), 4);
    QCOMPARE(r->retries, 3);
}

void TestModelClients::timeoutBeforeDataIsRetried()
{
    client();
    m_client->setTimeouts({300, 300});
    m_fake->setScript({FakeStep::hang(), FakeStep::answer(u"second try"_s)});
    const auto r = run(basicRequest());
    REQUIRE_RESULT(r);
    QCOMPARE(r->result->message.text(), u"second try"_s);
    QCOMPARE(r->retries, 1);
}

void TestModelClients::idleTimeout()
{
    QFETCH(bool, stream);
    client();
    m_client->setTimeouts({5000, 300});
    m_client->setRetryPolicy({0, 1, 5, 0.0});
    // Streaming: the text arrives, then the server goes quiet. Plain: the server never answers.
    if (stream) {
        m_client->setTimeouts({5000, 300});
        m_fake->setScript({FakeStep::answer(u"partial answer that stops"_s).inChunks(10).stallingAfter(4)});
    } else {
        m_client->setTimeouts({300, 300});
        m_fake->setScript({FakeStep::hang()});
    }
    const auto r = run(basicRequest());
    QVERIFY(r->done);
    QVERIFY(r->error.has_value());
    QCOMPARE(r->error->kind, ModelError::Kind::Timeout);
    QCOMPARE(r->error->provider, u"fake"_s);
    QVERIFY(r->error->toString().contains(u"fake"_s));
}

void TestModelClients::crlfStream_data()
{
    combos();
}

void TestModelClients::crlfStream()
{
    client();
    m_fake->setCrlf(true);
    m_fake->setSplitWrites(true);
    m_fake->setScript(
        {FakeStep::toolCall(u"shell"_s, QJsonObject{{u"commands"_s, QJsonArray{u"id"_s}}}).inChunks(4)});
    const auto r = run(basicRequest());
    REQUIRE_RESULT(r);
    QCOMPARE(
        r->result->message.toolCalls.value(0).arguments().value(u"commands"_s).toArray().first().toString(),
        u"id"_s);
}

void TestModelClients::requestShape()
{
    QFETCH(int, api);
    QFETCH(bool, stream);
    client();
    m_fake->setScript({FakeStep::answer(u"The folder has 3 files."_s)});
    TurnRequest request = basicRequest();
    request.sampling.maxTokens = 321;
    request.sampling.temperature = 0.5;
    ToolCall call{u"call_abc"_s, u"shell"_s, uR"({"commands":["ls"]})"_s, {}};
    request.messages.append(Message::assistant(u"Looking."_s, {call}));
    request.messages.append(Message::tool(u"call_abc"_s, u"a.csv\nb.csv\nc.csv"_s, true));
    request.nativeTools = QJsonArray{QJsonObject{{u"type"_s, u"web_search"_s}}};
    // A user message of two text parts (the engine adds one, e.g. where a request's input files are).
    QString question;
    for (Message &m : request.messages)
        if (m.role == Message::Role::User) {
            question = m.text();
            m.content.append(ContentPart::fromText(u"Files are in /workspace/home."_s));
            break;
        }
    QVERIFY(!question.isEmpty());
    const auto r = run(request);
    REQUIRE_RESULT(r);
    QCOMPARE(m_fake->modelRequests().size(), 1);
    const RecordedRequest sent = m_fake->modelRequests().first();
    const QJsonObject body = sent.json();
    QCOMPARE(body.value(u"model"_s).toString(), u"fake-model"_s);
    QCOMPARE(body.value(u"stream"_s).toBool(), stream);
    QCOMPARE(body.value(u"temperature"_s).toDouble(), 0.5);
    const QJsonArray tools = body.value(u"tools"_s).toArray();
    QCOMPARE(tools.size(), 2);
    QCOMPARE(tools.last().toObject().value(u"type"_s).toString(), u"web_search"_s);
    switch (ProviderApi(api)) {
    case ProviderApi::Responses: {
        QCOMPARE(sent.path, u"/v1/responses"_s);
        QCOMPARE(sent.header("authorization"), QByteArray("Bearer sk-test-key"));
        QCOMPARE(body.value(u"instructions"_s).toString(), u"You run commands."_s);
        QCOMPARE(body.value(u"max_output_tokens"_s).toInt(), 321);
        QCOMPARE(tools.first().toObject().value(u"type"_s).toString(), u"function"_s);
        QCOMPARE(tools.first().toObject().value(u"name"_s).toString(), u"shell"_s);
        const QJsonArray input = body.value(u"input"_s).toArray();
        QCOMPARE(input.size(), 4);
        QCOMPARE(
            input[0].toObject().value(u"content"_s).toArray().first().toObject().value(u"type"_s).toString(),
            u"input_text"_s);
        QCOMPARE(input[2].toObject().value(u"type"_s).toString(), u"function_call"_s);
        QCOMPARE(input[2].toObject().value(u"call_id"_s).toString(), u"call_abc"_s);
        QCOMPARE(input[2].toObject().value(u"arguments"_s).toString(), uR"({"commands":["ls"]})"_s);
        QCOMPARE(input[3].toObject().value(u"type"_s).toString(), u"function_call_output"_s);
        QCOMPARE(input[3].toObject().value(u"call_id"_s).toString(), u"call_abc"_s);
        QCOMPARE(input[3].toObject().value(u"output"_s).toString(), u"a.csv\nb.csv\nc.csv"_s);
        break;
    }
    case ProviderApi::Messages: {
        QCOMPARE(sent.path, u"/v1/messages"_s);
        QCOMPARE(sent.header("x-api-key"), QByteArray("sk-test-key"));
        QCOMPARE(sent.header("anthropic-version"), QByteArray("2023-06-01"));
        QVERIFY(sent.header("authorization").isEmpty());
        QCOMPARE(body.value(u"system"_s).toString(), u"You run commands."_s);
        QCOMPARE(body.value(u"max_tokens"_s).toInt(), 321);
        QCOMPARE(tools.first().toObject().value(u"input_schema"_s).toObject().value(u"type"_s).toString(),
                 u"object"_s);
        const QJsonArray messages = body.value(u"messages"_s).toArray();
        QCOMPARE(messages.size(), 3);
        const QJsonArray assistant = messages[1].toObject().value(u"content"_s).toArray();
        QCOMPARE(assistant[1].toObject().value(u"type"_s).toString(), u"tool_use"_s);
        QCOMPARE(assistant[1].toObject().value(u"id"_s).toString(), u"call_abc"_s);
        QCOMPARE(assistant[1].toObject().value(u"input"_s).toObject().value(u"commands"_s).toArray().size(),
                 1);
        QCOMPARE(messages[2].toObject().value(u"role"_s).toString(), u"user"_s);
        const QJsonObject result = messages[2].toObject().value(u"content"_s).toArray().first().toObject();
        QCOMPARE(result.value(u"type"_s).toString(), u"tool_result"_s);
        QCOMPARE(result.value(u"tool_use_id"_s).toString(), u"call_abc"_s);
        QCOMPARE(result.value(u"is_error"_s).toBool(), true);
        QCOMPARE(result.value(u"content"_s).toString(), u"a.csv\nb.csv\nc.csv"_s);
        break;
    }
    case ProviderApi::Chat: {
        QCOMPARE(sent.path, u"/v1/chat/completions"_s);
        QCOMPARE(sent.header("authorization"), QByteArray("Bearer sk-test-key"));
        QCOMPARE(body.value(u"max_tokens"_s).toInt(), 321);
        QCOMPARE(tools.first().toObject().value(u"function"_s).toObject().value(u"name"_s).toString(),
                 u"shell"_s);
        const QJsonArray messages = body.value(u"messages"_s).toArray();
        QCOMPARE(messages.size(), 4);
        QCOMPARE(messages[0].toObject().value(u"role"_s).toString(), u"system"_s);
        // The parts of a text-only user message are one string, kept apart as paragraphs (not run together).
        QCOMPARE(messages[1].toObject().value(u"content"_s).toString(),
                 question + u"\n\nFiles are in /workspace/home."_s);
        const QJsonObject toolCall =
            messages[2].toObject().value(u"tool_calls"_s).toArray().first().toObject();
        QCOMPARE(toolCall.value(u"id"_s).toString(), u"call_abc"_s);
        QCOMPARE(toolCall.value(u"function"_s).toObject().value(u"arguments"_s).toString(),
                 uR"({"commands":["ls"]})"_s);
        QCOMPARE(messages[3].toObject().value(u"role"_s).toString(), u"tool"_s);
        QCOMPARE(messages[3].toObject().value(u"tool_call_id"_s).toString(), u"call_abc"_s);
        QCOMPARE(body.value(u"stream_options"_s).toObject().value(u"include_usage"_s).toBool(), stream);
        break;
    }
    }
}

void TestModelClients::nativeReplay()
{
    // A Responses turn's own output items go back verbatim, so provider-native items survive the loop.
    client();
    m_fake->setScript({FakeStep::toolCall(u"shell"_s, QJsonObject{{u"commands"_s, QJsonArray{u"ls"_s}}}),
                       FakeStep::answer(u"Result: {{last_tool_result}}"_s)});
    TurnRequest request = basicRequest();
    request.nativeTools = QJsonArray{QJsonObject{{u"type"_s, u"shell"_s}}};
    const auto first = run(request);
    REQUIRE_RESULT(first);
    const Message assistant = first->result->message;
    QCOMPARE(assistant.nativeApi, u"responses"_s);
    QCOMPARE(assistant.nativeItems.size(), 1);
    request.messages.append(assistant);
    request.messages.append(Message::tool(assistant.toolCalls.first().id, u"a.csv"_s));
    const auto second = run(request);
    REQUIRE_RESULT(second);
    QCOMPARE(second->result->message.text(), u"Result: a.csv"_s);
    const QJsonArray input = m_fake->modelRequests().last().json().value(u"input"_s).toArray();
    QCOMPARE(input.at(1).toObject(), assistant.nativeItems.first().toObject());
    QCOMPARE(m_fake->modelRequests().last().json().value(u"tools"_s).toArray().last().toObject(),
             (QJsonObject{{u"type"_s, u"shell"_s}}));
}

void TestModelClients::cancel()
{
    client();
    m_fake->setScript({FakeStep::hang()});
    ModelTurn *turn = nullptr;
    const auto r = start(basicRequest(), &turn);
    QTRY_COMPARE(m_fake->modelRequests().size(), 1);
    turn->cancel();
    QVERIFY(r->done);
    QVERIFY(r->error.has_value());
    QCOMPARE(r->error->kind, ModelError::Kind::Cancelled);
    QVERIFY(!r->result.has_value());
}

void TestModelClients::scriptFromJson()
{
    client();
    QString error;
    QVERIFY(!m_fake->loadScript(R"([{"times":2}])", &error));
    QVERIFY(!error.isEmpty());
    QVERIFY2(m_fake->loadScript(R"({"default":[{"text":"default answer"}],
        "models":{"stepper":[{"tool_calls":[{"name":"shell","arguments":{"commands":["echo hi"]}}],"times":3},
                             {"status":429,"retry_after":0},
                             {"text":"done after steps"}]}})",
                                &error),
             qPrintable(error));
    TurnRequest request = basicRequest();
    request.sampling.model = u"stepper"_s;
    for (int i = 0; i < 3; ++i) {
        const auto r = run(request);
        REQUIRE_RESULT(r);
        QCOMPARE(r->result->message.toolCalls.value(0)
                     .arguments()
                     .value(u"commands"_s)
                     .toArray()
                     .first()
                     .toString(),
                 u"echo hi"_s);
    }
    const auto last = run(request);
    REQUIRE_RESULT(last);
    QCOMPARE(last->result->message.text(), u"done after steps"_s);
    QCOMPARE(last->retries, 1);
    QCOMPARE(m_fake->remainingSteps(u"stepper"_s), 0);
    request.sampling.model = u"other"_s;
    const auto other = run(request);
    REQUIRE_RESULT(other);
    QCOMPARE(other->result->message.text(), u"default answer"_s);
}

QTEST_GUILESS_MAIN(TestModelClients)
#include "test_modelclients.moc"
