// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/conversation.h"
#include "models/sseparser.h"

class ModelTurn;

// Collects one attempt's text, tool calls and metadata from a decoder and emits the turn's streaming signals.
class TurnAssembler
{
public:
    TurnAssembler(ModelTurn *turn, const QStringList &knownTools);

    void appendText(const QString &text);
    // Starts the call the decoder knows by key, or fills a missing id or name of a started one.
    void startToolCall(int key, const QString &id, const QString &name);
    bool hasToolCall(int key) const;
    void appendToolArguments(int key, const QString &fragment);
    // The provider's final, complete arguments replace the streamed fragments.
    void setToolArguments(int key, const QString &arguments);
    // Normalises the call's arguments and emits toolCallFinished (once).
    ToolCall finishToolCall(int key);

    void setInputTokens(qint64 tokens) { m_result.usage.inputTokens = tokens; }
    void setOutputTokens(qint64 tokens) { m_result.usage.outputTokens = tokens; }
    void setStopReason(StopReason reason, const QString &raw);
    void setResponseId(const QString &id);
    void setModel(const QString &model);
    void setRawOutput(const QJsonValue &raw) { m_result.rawOutput = raw; }
    // Items to replay verbatim to the same API (see Message::nativeItems).
    void setNativeItems(const QJsonArray &items, const QString &api);

    // The decoder saw the provider's end of the response.
    void complete() { m_complete = true; }
    // The provider reported an error inside the stream or body.
    void fail(const QString &message, bool retryable);

    bool isComplete() const { return m_complete; }
    bool hasFailed() const { return m_failed; }
    QString failureMessage() const { return m_failureMessage; }
    bool failureRetryable() const { return m_failureRetryable; }
    bool hasEmitted() const { return m_emitted; }
    int toolCallCount() const { return int(m_calls.size()); }

    // Finishes open calls, extracts calls written into the text when there are no real ones, and returns the
    // turn.
    TurnResult finalize();

private:
    struct PendingCall
    {
        int key = 0;
        ToolCall call;
        bool finished = false;
    };
    PendingCall *find(int key);

    ModelTurn *m_turn = nullptr;
    QStringList m_knownTools;
    QString m_text;
    QList<PendingCall> m_calls;
    TurnResult m_result;
    bool m_stopReasonSet = false;
    bool m_complete = false;
    bool m_failed = false;
    bool m_failureRetryable = false;
    QString m_failureMessage;
    bool m_emitted = false;
};

// Turns one API's stream events or whole body into TurnAssembler calls.
class TurnDecoder
{
public:
    explicit TurnDecoder(TurnAssembler *out)
        : m_out(out)
    {}
    virtual ~TurnDecoder() = default;
    virtual void onEvent(const SseEvent &event) = 0;
    virtual void onBody(const QJsonObject &body) = 0;
    // The stream closed; a decoder may accept an unterminated stream here.
    virtual void onStreamEnd() {}

protected:
    TurnAssembler *m_out;
};

// Decoders of the three wire formats (defined in their client's source file).
std::unique_ptr<TurnDecoder> makeResponsesDecoder(TurnAssembler *out);
std::unique_ptr<TurnDecoder> makeMessagesDecoder(TurnAssembler *out);
std::unique_ptr<TurnDecoder> makeChatDecoder(TurnAssembler *out);
