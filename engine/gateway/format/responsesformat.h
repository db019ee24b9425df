// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "gateway/format/wireformat.h"

#include <QHash>
#include <QJsonArray>

// The OpenAI Responses API as OpenAI's and OpenRouter's SDKs type it (POST /api/v1/responses): input items,
// the Response object, its output items (message, function_call, openrouter:shell, shell_call and
// shell_call_output, code_interpreter_call), the response.* SSE events and the error body.
class ResponsesFormat final : public WireFormat
{
    Q_OBJECT
public:
    ResponsesFormat() = default;

    QString apiName() const override { return QStringLiteral("responses"); }
    std::optional<AgentRequest> parse(const QJsonObject &body, const FormatRequestContext &context,
                                      AgentError *error) override;
    QJsonObject errorBody(const AgentError &error) const override;

protected:
    void begin() override;
    void textStarted() override;
    void textDelta(const QString &delta) override;
    void textDone(const QString &text) override;
    void hostedItems(const QJsonArray &items) override;
    void toolCallStarted(const AgentToolCall &call) override;
    void commandStarted(int call, int command, const QString &text) override;
    void commandOutput(int call, int command, bool isStderr, const QString &text) override;
    void commandFinished(int call, int command, const CommandResult &result) override;
    void toolCallFinished(const AgentToolCall &call, const AgentToolResult &result) override;
    QJsonObject finished(const AgentOutcome &outcome) override;
    void failed(const AgentError &error) override;

private:
    struct CallEntry
    {
        int item = -1;    // output index of the openrouter:shell or shell_call item
        int output = -1;  // output index of the shell_call_output item (native shell)
        QString outputId; // shell_call_output's id; the code_interpreter_call's own id
    };
    // OpenAI's {"type": "code_interpreter", "container": {"type": "auto", ...} | "<container id>"} at path.
    static std::optional<ServerToolConfig> codeInterpreterTool(const QJsonObject &tool, const QString &path,
                                                               AgentError *error);
    static QJsonObject codeInterpreterItem(const AgentToolCall &call, const QString &id);
    static bool parseInput(const QJsonObject &body, const AgentRequest &req, ConversationBuilder *b,
                           AgentError *error);
    void send(const QByteArray &name, QJsonObject data);
    int add(const QJsonObject &item);
    void done(int index, const QJsonObject &item);
    // The Response fields that repeat the request (instructions, tools, tool_choice, …), built once.
    static QJsonObject echoedFields(const QJsonObject &body);
    QJsonObject response(const QString &status, const AgentOutcome *outcome, const QJsonValue &error) const;

    QJsonObject m_echoed;
    QJsonArray m_output;
    int m_text = -1;
    QString m_textId;
    QHash<int, CallEntry> m_calls;
    int m_sequence = 0;
    bool m_shellEvents = true;
    bool m_includeCodeOutputs = false; // include: ["code_interpreter_call.outputs"]
    qint64 m_createdAt = 0;
};
