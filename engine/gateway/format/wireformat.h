// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "gateway/agentloop.h"

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QPointer>

#include <functional>
#include <memory>
#include <optional>

// What a format needs to know of the HTTP request besides its body.
struct FormatRequestContext
{
    QString sessionIdHeader; // x-session-id
    // Sandbench's own per-command live events ride along in the SSE stream only when asked for
    // (header "x-sandbench-live-events: 1"): clients with a closed event list never see them otherwise.
    bool liveEvents = false;
    // OpenAI's response.shell_call_command.* / shell_call_output_content.* events: the openai SDK before
    // v7 throws on them in responses.stream(), so they are left out for it (it says its version in
    // x-stainless-package-version).
    bool nativeShellEvents = true;
    // Gemini names the model and the method in the URL (…/models/{model}:generateContent or
    // :streamGenerateContent?alt=sse); GeminiFormat::route() reads them and the server passes them here.
    QString pathModel;
    bool pathStream = false;
    // The workspace's code_execution_timeout_seconds (WorkspaceSettings); 0: each contract's own limit.
    int codeExecutionTimeoutSeconds = 0;
};

// One caller wire format (gateway/format/): everything about how a request arrives and how its answer
// leaves — parsing the body into a neutral AgentRequest, rendering the loop's events as the API's output
// items or content blocks, its final body, its SSE events and its error body. One instance serves one
// request: follow() binds it to that request's loop. The server only routes and moves bytes.
class WireFormat : public QObject
{
    Q_OBJECT
public:
    using Sink = std::function<void(const QByteArray &bytes)>;

    // The format serving an endpoint below /api/v1 ("responses", "messages", "chat/completions") or Google's
    // generateContent ("gemini"), or null.
    static std::unique_ptr<WireFormat> forEndpoint(const QString &endpoint);
    ~WireFormat() override;

    // "responses", "messages" or "chat_completions" (the request log's word for it).
    virtual QString apiName() const = 0;
    // Parses and validates a body (the format keeps what its answer echoes); on failure nullopt and an
    // error naming the field.
    virtual std::optional<AgentRequest> parse(const QJsonObject &body, const FormatRequestContext &context,
                                              AgentError *error) = 0;
    // The API's own error body for an error answered with a plain HTTP status.
    virtual QJsonObject errorBody(const AgentError &error) const = 0;
    // Whose error body the Responses and Chat Completions formats answer with: OpenRouter's (its SDK
    // validates a numeric code), or OpenAI's for its own SDKs (code a string or null, as they type it).
    enum class ErrorShape { OpenRouter, OpenAi };
    void setErrorShape(ErrorShape shape) { m_errorShape = shape; }

    // Renders loop's events; while stream is true they also go out through sink as SSE bytes (nothing is
    // written before the first event). finalBody() holds the whole response once the loop finished.
    void follow(AgentLoop *loop, bool stream, bool liveEvents, Sink sink);
    QJsonObject finalBody() const { return m_final; }
    bool isStreaming() const { return m_stream; }

protected:
    WireFormat() = default;

    // The stream's opening events (sent right after follow() when streaming).
    virtual void begin() {}
    virtual void textStarted() {}
    // Called only while streaming (deltas and per-command progress exist only as SSE events).
    virtual void textDelta(const QString &delta) {}
    virtual void textDone(const QString &text) {}
    virtual void hostedItems(const QJsonArray &items) {}
    virtual void toolCallStarted(const AgentToolCall &call) {}
    // Called only while streaming, as textDelta().
    virtual void commandStarted(int call, int command, const QString &text) {}
    virtual void commandOutput(int call, int command, bool isStderr, const QString &text) {}
    virtual void commandFinished(int call, int command, const CommandResult &result) {}
    virtual void toolCallFinished(const AgentToolCall &call, const AgentToolResult &result) {}
    // Returns the final body; a streaming format also sends its closing events.
    virtual QJsonObject finished(const AgentOutcome &outcome) = 0;
    // A streaming format sends its error event; the server answers a plain request with errorBody().
    virtual void failed(const AgentError &error) {}

    AgentLoop *loop() const { return m_loop; }
    bool liveEvents() const { return m_live; }
    // Writes raw SSE bytes when streaming.
    void write(const QByteArray &bytes);
    // "event: NAME\ndata: JSON\n\n".
    static QByteArray sseEvent(const QByteArray &name, const QJsonObject &data);
    static QString randomId(const QString &prefix, int length = 24);

    // Helpers every format's parser shares.
    // Common fields: model, stream, session_id, max_tool_calls, metadata. False with error.
    static bool parseCommon(const QJsonObject &body, const FormatRequestContext &context, AgentRequest *req,
                            AgentError *error);
    // Text and images of a content value (a string, or parts / blocks).
    static QList<ContentPart> contentParts(const QJsonValue &content);
    // A tool result's content as the model reads it.
    static QString toolResultText(const QJsonValue &content);
    static QString compactJson(const QJsonValue &value);
    // The request's tools array (absent: empty); false with an error when it is not an array.
    static bool toolsOf(const QJsonObject &body, QJsonArray *tools, AgentError *error);
    // Stores a server tool (openrouter:shell, openrouter:bash, shell) given at path in req; false with an
    // error for bad parameters or a second tool of the same slot.
    static bool addServerTool(const QJsonObject &tool, ServerToolConfig::Kind kind, const QString &path,
                              AgentRequest *req, AgentError *error);
    // Stores a code-execution contract (config.kind CodeExecution or Python, contractName set) given at
    // path; false with an error when the request already has one.
    static bool addCodeTool(const ServerToolConfig &config, const QString &path, AgentRequest *req,
                            AgentError *error);
    // Adds the caller's function tool described by spec (name, description and the JSON schema under
    // schemaKey) given at path; false with an error when it has no name.
    static bool addFunctionTool(const QJsonObject &spec, const QString &schemaKey, const QString &path,
                                AgentRequest *req, AgentError *error);
    static QJsonArray resultsJson(const QList<CommandResult> &results);
    // The Responses and Chat Completions error body, in the shape setErrorShape() chose: OpenRouter's {code:
    // the HTTP status, message, metadata: {reason}} with OpenAI's type and param beside it, or OpenAI's
    // {message, type, param, code: a string or null}.
    QJsonObject openAiStyleErrorBody(const AgentError &error) const;

private:
    ErrorShape m_errorShape = ErrorShape::OpenRouter;
    QPointer<AgentLoop> m_loop;
    Sink m_sink;
    bool m_stream = false;
    bool m_live = false;
    QJsonObject m_final;
};

// Builds the neutral conversation from replayed items while remembering the last container id seen.
class ConversationBuilder
{
public:
    QList<Message> messages;
    QString lastContainerId;

    void system(const QString &text);
    void user(const QList<ContentPart> &parts);
    void assistantText(const QList<ContentPart> &parts);
    // Consecutive calls join the preceding assistant message, as providers expect.
    void assistantCall(const QString &id, const QString &name, const QString &arguments);
    void toolResult(const QString &callId, const QString &content, bool isError = false);
    void noteContainer(const QJsonValue &id);
    // True when there is something besides system text for the model to answer.
    bool hasInput() const;
};
