// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/conversation.h"
#include "sandbox/net/networkpolicy.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

// The API a caller speaks to the local server.
enum class CallerApi { Responses, Messages };

// One server-side shell tool a caller offered (SPEC 1.1), with its validated parameters.
struct ServerToolConfig
{
    enum class Kind { Shell, NativeShell, Bash };
    enum class Engine { Auto, OpenRouter, Native };
    Kind kind = Kind::Shell;
    Engine engine = Engine::Auto;
    std::optional<int> timeoutMs;
    std::optional<int> maxOutputLength;
    QString containerReference; // environment {"type":"container_reference"}; empty for container_auto
    std::optional<NetworkPolicy> networkPolicy;

    // "openrouter:shell", "shell" or "openrouter:bash".
    QString typeName() const;
};

// A caller's request to /api/v1/responses or /api/v1/messages, parsed and validated into neutral form.
struct AgentRequest
{
    static constexpr int DefaultMaxToolCalls = 30;
    static constexpr int MaxMaxToolCalls = 30;

    CallerApi api = CallerApi::Responses;
    QString model;
    QList<Message> messages;
    QList<ToolDefinition> callerTools;
    std::optional<ServerToolConfig> shell; // openrouter:shell or the native {"type":"shell"}
    std::optional<ServerToolConfig> bash;  // openrouter:bash (Messages only)
    SamplingOptions sampling;
    int maxToolCalls = DefaultMaxToolCalls;
    bool stream = false;
    QString sessionId;           // raw body session_id or x-session-id header; normalised later
    QString replayedContainerId; // the most recent container id found in the replayed conversation
    QJsonObject metadata;
    // The function names the shell tools are offered to the upstream model under ("shell", "bash", or
    // "openrouter_shell"/"openrouter_bash" when a caller function already uses the short name).
    QString shellFunctionName = QStringLiteral("shell");
    QString bashFunctionName = QStringLiteral("bash");

    // Parses the body; on failure returns nullopt and a message that names the field. headerSessionId is
    // the x-session-id header (the body field wins).
    static std::optional<AgentRequest> fromJson(CallerApi api, const QJsonObject &body,
                                                const QString &headerSessionId, QString *error);

    // True when the request carries openrouter:shell, openrouter:bash or the native shell tool.
    bool hasServerTool() const { return shell.has_value() || bash.has_value(); }
};

// True when a Chat Completions body offers one of the shell tools (which only Responses/Messages support).
bool chatBodyHasShellTool(const QJsonObject &body);
