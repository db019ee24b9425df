// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "gateway/format/wireformat.h"

// OpenAI Chat Completions (POST /api/v1/chat/completions) as the openai SDK types it: the messages and
// function tools of the request, the chat.completion body, the chat.completion.chunk stream ending in
// [DONE], and the error body. The shell tools are refused here (SPEC 1.1); any provider serves the request,
// translated by the gateway's own clients.
class ChatCompletionsFormat final : public WireFormat
{
    Q_OBJECT
public:
    ChatCompletionsFormat() = default;

    QString apiName() const override { return QStringLiteral("chat_completions"); }
    std::optional<AgentRequest> parse(const QJsonObject &body, const FormatRequestContext &context,
                                      AgentError *error) override;
    QJsonObject errorBody(const AgentError &error) const override;

protected:
    void begin() override;
    void textDelta(const QString &delta) override;
    QJsonObject finished(const AgentOutcome &outcome) override;
    void failed(const AgentError &error) override;

private:
    QJsonObject chunk(const QJsonObject &delta, const QJsonValue &finishReason) const;
    void sendChunk(const QJsonObject &chunk);

    QString m_model;
    qint64 m_created = 0;
    bool m_includeUsage = false;
};
