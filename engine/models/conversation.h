// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <optional>

// One piece of a message's content: text, or an image given by URL or inline bytes.
struct ContentPart
{
    enum class Type { Text, Image };
    Type type = Type::Text;
    QString text;
    QString imageUrl;      // http(s) or data: URL
    QByteArray imageData;  // raw bytes (not base64) when the image is inline
    QString imageMimeType; // e.g. image/png, with imageData

    static ContentPart fromText(const QString &text);
    static ContentPart fromImageUrl(const QString &url);
    static ContentPart fromImageData(const QByteArray &bytes, const QString &mimeType);
    // A data: URL for inline images, else imageUrl.
    QString imageAsUrl() const;
};

// A tool call the assistant made; argumentsJson is kept as the raw text the model produced.
struct ToolCall
{
    QString id;
    QString name;
    QString argumentsJson;
    // Set when the arguments were not one JSON object; the loop sends it back to the model as a tool error.
    QString parseError;

    bool isValid() const { return parseError.isEmpty(); }
    // The parsed arguments; empty when parseError is set.
    QJsonObject arguments() const;
    bool operator==(const ToolCall &other) const = default;
};

// The result of one tool call, sent back to the model in a Tool message.
struct ToolResult
{
    QString callId;
    QString content;
    bool isError = false;
    bool operator==(const ToolResult &other) const = default;
};

// A function tool offered to the model, in a provider-neutral shape.
struct ToolDefinition
{
    QString name;
    QString description;
    QJsonObject parameters; // JSON schema of the arguments object
};

// One message of a conversation, independent of any provider's wire format.
struct Message
{
    enum class Role { System, User, Assistant, Tool };
    Role role = Role::User;
    QList<ContentPart> content;
    QList<ToolCall> toolCalls; // Assistant only
    ToolResult toolResult;     // Tool only
    // Provider-native items replayed verbatim (Responses input items or Messages content blocks, e.g.
    // shell_call/shell_call_output or server_tool_use); used only by the client of nativeApi.
    QJsonArray nativeItems;
    QString nativeApi; // "responses" or "messages"

    static Message system(const QString &text);
    static Message user(const QString &text);
    static Message assistant(const QString &text, const QList<ToolCall> &calls = {});
    static Message tool(const QString &callId, const QString &content, bool isError = false);

    // All text parts joined.
    QString text() const;
};

// Sampling and length options of one turn. Unset optionals are left out of the request.
struct SamplingOptions
{
    QString model;
    int maxTokens = 0; // 0: provider default (Messages needs one, it then sends DefaultMaxTokens)
    std::optional<double> temperature;
    std::optional<double> topP;
    QStringList stop;
    // "auto", "none", "required", or a tool name; empty leaves it out.
    QString toolChoice;
    // Extra top-level fields merged into the request body last (e.g. "reasoning", "stream_options").
    QJsonObject extra;

    static constexpr int DefaultMaxTokens = 4096;
};

// Everything one model turn needs.
struct TurnRequest
{
    QList<Message> messages;
    QList<ToolDefinition> tools;
    // Provider-native tools appended verbatim to the request's tools (e.g. Responses {"type":"shell"}).
    QJsonArray nativeTools;
    SamplingOptions sampling;
    bool stream = true;
};

// Why the model stopped.
enum class StopReason { EndTurn, ToolCalls, MaxTokens, ContentFilter, Other };

// Token counts reported by the provider (0 when it reported none).
struct TokenUsage
{
    qint64 inputTokens = 0;
    qint64 outputTokens = 0;
};

// The outcome of a successful turn.
struct TurnResult
{
    Message message; // the full assistant message, tool calls included
    StopReason stopReason = StopReason::EndTurn;
    QString rawStopReason; // the provider's own word, e.g. "tool_use", "length"
    TokenUsage usage;
    QString responseId;
    QString model;
    // The provider's own output: Responses output items, Messages content blocks, or the Chat message object.
    QJsonValue rawOutput;

    bool hasToolCalls() const { return !message.toolCalls.isEmpty(); }
};

// Why a turn failed, in words that name the provider and the HTTP status.
struct ModelError
{
    enum class Kind { Http, Network, Timeout, Protocol, Upstream, Cancelled, Config };
    Kind kind = Kind::Http;
    QString provider;
    int httpStatus = 0; // 0 when there was no HTTP response
    QString message;
    bool retryable = false;
    int attempts = 0; // HTTP attempts made, retries included
    QByteArray body;  // the error response body, if any

    // E.g. "provider openai: HTTP 500 after 4 attempts: upstream exploded".
    QString toString() const;
};

QString stopReasonName(StopReason reason);

Q_DECLARE_METATYPE(ToolCall)
Q_DECLARE_METATYPE(TurnResult)
Q_DECLARE_METATYPE(ModelError)
