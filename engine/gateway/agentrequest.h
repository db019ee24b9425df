// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/conversation.h"
#include "sandbox/net/networkpolicy.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

// One server-side tool a caller offered (SPEC 1.1), with its validated parameters: a shell tool, or one of
// the vendors' hosted code-execution contracts run locally.
struct ServerToolConfig
{
    // CodeExecution: Anthropic's code_execution_20250825 (a bash and a text editor function); Python: a
    // tool that runs Python code (Anthropic's code_execution_20250522, Gemini's codeExecution, OpenAI's
    // code_interpreter).
    enum class Kind { Shell, NativeShell, Bash, CodeExecution, Python };
    enum class Engine { Auto, OpenRouter, Native };
    Kind kind = Kind::Shell;
    Engine engine = Engine::Auto;
    std::optional<int> timeoutMs;
    std::optional<int> maxOutputLength;
    QString containerReference; // environment {"type":"container_reference"}; empty for container_auto
    std::optional<NetworkPolicy> networkPolicy;
    // environment.image (a Sandbench extension): the image a new container runs on (ImageStore name).
    std::optional<QString> image;
    // The code tools: the caller's own type word ("code_execution_20250825", "code_interpreter",
    // "codeExecution", ...), which the request log and the live view show.
    QString contractName;
    // Where the caller named containerReference when it is not the shell tools' environment (e.g.
    // "tools[0].container" for OpenAI's code_interpreter): errors about that container name this field.
    QString containerField;
    // OpenAI's code_interpreter {type: "auto", file_ids}: stored files copied into the new container.
    QStringList fileIds;

    bool isCode() const { return kind == Kind::CodeExecution || kind == Kind::Python; }
    // "openrouter:shell", "shell", "openrouter:bash" or the code tool's contractName.
    QString typeName() const;
    // Reads the tool object's options (under "parameters" for openrouter:*, at the top level for OpenAI's
    // native shell); on failure nullopt and a message that names the field under path (e.g. "tools[0]").
    static std::optional<ServerToolConfig> fromJson(const QJsonObject &tool, Kind kind, const QString &path,
                                                    QString *error);
};

// Why a request could not run or stopped failing, in neutral terms; each wire format renders it in its own
// error shape. type is one of the words both OpenAI and Anthropic use (invalid_request_error,
// authentication_error, permission_error, not_found_error, rate_limit_error, api_error, timeout_error,
// request_too_large) or "cancelled".
struct AgentError
{
    int httpStatus = 500;
    QString type = QStringLiteral("api_error");
    QString message;
    QString code;  // machine-readable detail, e.g. "guardrail_blocked"; empty for most
    QString param; // the request field at fault, when known

    static AgentError invalidRequest(const QString &message, const QString &param = {})
    {
        return {400, QStringLiteral("invalid_request_error"), message, {}, param};
    }
};

// A file the caller handed in for the code to read (OpenAI's container.file_ids, Anthropic's
// container_upload, Gemini's inlineData/fileData): copied into the request's container, as an upload entry of
// its history, before the model's first turn.
struct InputFile
{
    QString fileId;   // a stored file of the workspace (UploadStore; any API's id form), or empty
    QString name;     // inline: the name in the container (sanitised by the loop)
    QByteArray bytes; // inline: the content
    QString param;    // the request field that named it, for errors ("tools[0].container.file_ids[0]")
    // Only into a container made for this request: OpenAI's {type: "auto", file_ids}, or a file of an earlier
    // message of a replayed conversation (already in a container that is used again).
    bool intoNewOnly = false;
};

// A request for the agent loop, independent of the wire format it arrived in: what the model sees, which
// tools it has, the limits and how its container is chosen. The window builds one per question; each
// caller format (gateway/format/) builds one from an HTTP body.
struct AgentRequest
{
    static constexpr int DefaultMaxToolCalls = 30;
    static constexpr int MaxMaxToolCalls = 30;

    QString id; // the response id the caller sees (resp_…, msg_…, chatcmpl-…); the loop makes one if empty
    QString apiName; // for the request log: "responses", "messages", "chat_completions", "workbench"
    QString model;   // as the caller named it; replies carry this name
    QList<Message> messages;
    // Messages before this index were checked by the guardrails already (an earlier question of the same
    // window conversation); only the rest are scanned.
    int guardFromMessage = 0;
    QList<ToolDefinition> callerTools;
    std::optional<ServerToolConfig> shell; // openrouter:shell or the native {"type":"shell"}
    std::optional<ServerToolConfig> bash;  // openrouter:bash (Messages only)
    // A hosted code-execution contract (Kind::CodeExecution or Kind::Python); one per request.
    std::optional<ServerToolConfig> code;
    // Anthropic's code_execution_20260120/20260521: the caller's tools whose allowed_callers name the
    // version, which the code may call (programmatic tool calling, SPEC §10); those without "direct" are
    // offered only that way.
    QList<ToolDefinition> codeCallableTools;
    // A Python cell paused in such a tool call, which this request's tool_result resumes: the paused
    // server_tool_use's id (the call the model made), the kernel's call id and the client's result.
    struct CodeResume
    {
        QString serverToolUseId;
        QString callId;
        QString value;
        bool isError = false;
    };
    std::optional<CodeResume> codeResume;
    // OpenAI's own Responses API may run a shell with engine "auto" itself (SPEC 1.1); only a Responses
    // caller can take its native items back.
    bool allowHostedShell = false;
    // What happens when max_tool_calls is reached with calls pending: OpenAI's Responses semantics (the calls
    // are not run and the model answers once more, tools off) or Anthropic's (stop with pause_turn).
    bool finalTurnAfterLimit = false;
    SamplingOptions sampling;
    int maxToolCalls = DefaultMaxToolCalls;
    bool stream = false;
    QString sessionId;           // raw body session_id or x-session-id header; normalised later
    QString replayedContainerId; // the most recent container id found in the replayed conversation
    QJsonObject metadata;
    QList<InputFile> inputFiles;
    // The function names the shell tools are offered to the upstream model under ("shell", "bash", or
    // "openrouter_shell"/"openrouter_bash" when a caller function already uses the short name).
    QString shellFunctionName = QStringLiteral("shell");
    QString bashFunctionName = QStringLiteral("bash");
    // The code tools' functions: Python's, and code_execution_20250825's bash and text editor.
    QString pythonFunctionName = QStringLiteral("python");
    QString codeBashFunctionName = QStringLiteral("bash_code_execution");
    QString editorFunctionName = QStringLiteral("text_editor_code_execution");

    // True when the request carries a server tool: openrouter:shell, openrouter:bash, the native shell tool
    // or a code-execution contract.
    bool hasServerTool() const { return shell.has_value() || bash.has_value() || code.has_value(); }
    // Renames the shell tools' functions when a caller function already uses the short names.
    void avoidNameClashes();
};
