// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "gateway/format/wireformat.h"

#include <QHash>
#include <QJsonArray>

// The Anthropic Messages API as @anthropic-ai/sdk types it (POST /api/v1/messages and /v1/messages): the
// request's messages and tools (with the code_execution_* server tools, run locally), the Message with its
// content blocks (text, server_tool_use with the openrouter_*_tool_result and *code_execution_tool_result
// blocks, tool_use), container and usage, the message_* / content_block_* SSE events
// and the error body.
class MessagesFormat final : public WireFormat
{
    Q_OBJECT
public:
    MessagesFormat() = default;

    QString apiName() const override { return QStringLiteral("messages"); }
    std::optional<AgentRequest> parse(const QJsonObject &body, const FormatRequestContext &context,
                                      AgentError *error) override;
    QJsonObject errorBody(const AgentError &error) const override;

protected:
    void begin() override;
    void textStarted() override;
    void textDelta(const QString &delta) override;
    void textDone(const QString &text) override;
    void toolCallStarted(const AgentToolCall &call) override;
    void commandStarted(int call, int command, const QString &text) override;
    void commandOutput(int call, int command, bool isStderr, const QString &text) override;
    void commandFinished(int call, int command, const CommandResult &result) override;
    void toolCallFinished(const AgentToolCall &call, const AgentToolResult &result) override;
    QJsonObject finished(const AgentOutcome &outcome) override;
    void failed(const AgentError &error) override;

private:
    void send(const QByteArray &name, QJsonObject data);
    // A block that streams its input: start with input {}, one input_json_delta, stop.
    int addInputBlock(const QJsonObject &block);
    int addBlock(const QJsonObject &block);
    // The result block of a code-execution call (bash_code_execution_tool_result and its siblings).
    static QJsonObject codeResultBlock(const AgentToolCall &call, const AgentToolResult &result,
                                       const QString &toolUseId);
    QJsonObject usage(const AgentOutcome *outcome) const;
    QJsonObject message(const AgentOutcome *outcome) const;

    QString m_model;
    QJsonArray m_content;
    int m_text = -1;
    QHash<int, int> m_callBlocks;   // loop call index -> server_tool_use block index
    QHash<int, QString> m_blockIds; // loop call index -> srvtoolu_ id
};
