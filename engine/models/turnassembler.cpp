// SPDX-License-Identifier: GPL-3.0-or-later
#include "turnassembler.h"

#include "models/modelclient.h"
#include "models/toolcallparser.h"

using namespace Qt::StringLiterals;

TurnAssembler::TurnAssembler(ModelTurn *turn, const QStringList &knownTools)
    : m_turn(turn)
    , m_knownTools(knownTools)
{
    m_result.message.role = Message::Role::Assistant;
}

void TurnAssembler::appendText(const QString &text)
{
    if (text.isEmpty())
        return;
    m_text += text;
    m_emitted = true;
    Q_EMIT m_turn->textDelta(text);
}

TurnAssembler::PendingCall *TurnAssembler::find(int key)
{
    for (PendingCall &pending : m_calls) {
        if (pending.key == key)
            return &pending;
    }
    return nullptr;
}

bool TurnAssembler::hasToolCall(int key) const
{
    return std::any_of(m_calls.cbegin(), m_calls.cend(),
                       [key](const PendingCall &p) { return p.key == key; });
}

void TurnAssembler::startToolCall(int key, const QString &id, const QString &name)
{
    if (PendingCall *pending = find(key)) {
        // Local servers sometimes send the id or name in a later chunk than the first.
        if (pending->call.name.isEmpty() && !name.isEmpty())
            pending->call.name = name;
        return;
    }
    PendingCall pending;
    pending.key = key;
    pending.call.id = id.isEmpty() ? ToolCallParser::generateCallId() : id;
    pending.call.name = name;
    m_calls.append(pending);
    m_emitted = true;
    Q_EMIT m_turn->toolCallStarted(int(m_calls.size() - 1), pending.call.id, name);
}

void TurnAssembler::appendToolArguments(int key, const QString &fragment)
{
    if (!hasToolCall(key))
        startToolCall(key, {}, {});
    PendingCall *pending = find(key);
    if (pending->finished || fragment.isEmpty())
        return;
    pending->call.argumentsJson += fragment;
    Q_EMIT m_turn->toolCallDelta(int(pending - m_calls.data()), fragment);
}

void TurnAssembler::setToolArguments(int key, const QString &arguments)
{
    if (!hasToolCall(key))
        startToolCall(key, {}, {});
    PendingCall *pending = find(key);
    if (pending->finished)
        return;
    if (pending->call.argumentsJson.isEmpty() && !arguments.isEmpty())
        Q_EMIT m_turn->toolCallDelta(int(pending - m_calls.data()), arguments);
    pending->call.argumentsJson = arguments;
}

ToolCall TurnAssembler::finishToolCall(int key)
{
    PendingCall *pending = find(key);
    if (!pending)
        return {};
    if (!pending->finished) {
        pending->finished = true;
        ToolCallParser::normalize(pending->call);
        if (pending->call.name.isEmpty() && pending->call.parseError.isEmpty())
            pending->call.parseError = u"the tool call has no tool name"_s;
        Q_EMIT m_turn->toolCallFinished(int(pending - m_calls.data()), pending->call);
    }
    return pending->call;
}

void TurnAssembler::setStopReason(StopReason reason, const QString &raw)
{
    m_result.stopReason = reason;
    m_result.rawStopReason = raw;
    m_stopReasonSet = true;
}

void TurnAssembler::setResponseId(const QString &id)
{
    if (!id.isEmpty())
        m_result.responseId = id;
}

void TurnAssembler::setModel(const QString &model)
{
    if (!model.isEmpty())
        m_result.model = model;
}

void TurnAssembler::setNativeItems(const QJsonArray &items, const QString &api)
{
    m_result.message.nativeItems = items;
    m_result.message.nativeApi = api;
}

void TurnAssembler::fail(const QString &message, bool retryable)
{
    if (m_failed)
        return;
    m_failed = true;
    m_failureMessage = message;
    m_failureRetryable = retryable;
}

TurnResult TurnAssembler::finalize()
{
    for (qsizetype i = 0; i < m_calls.size(); ++i)
        finishToolCall(m_calls[i].key);
    QString text = m_text;
    if (m_calls.isEmpty()) {
        const QList<ToolCall> embedded = ToolCallParser::extractEmbedded(&text, m_knownTools);
        for (const ToolCall &call : embedded) {
            PendingCall pending;
            pending.key = -1 - int(m_calls.size());
            pending.call = call;
            pending.finished = true;
            m_calls.append(pending);
            const int index = int(m_calls.size() - 1);
            Q_EMIT m_turn->toolCallStarted(index, call.id, call.name);
            Q_EMIT m_turn->toolCallDelta(index, call.argumentsJson);
            Q_EMIT m_turn->toolCallFinished(index, call);
        }
        if (!embedded.isEmpty()) {
            // Native items would replay the call as text; the neutral message is the truth now.
            m_result.message.nativeItems = {};
            m_result.message.nativeApi.clear();
        }
    }
    Message &message = m_result.message;
    message.content.clear();
    if (!text.isEmpty())
        message.content.append(ContentPart::fromText(text));
    message.toolCalls.clear();
    for (const PendingCall &pending : std::as_const(m_calls))
        message.toolCalls.append(pending.call);
    // Local models often report "stop" even when they called tools.
    if (!message.toolCalls.isEmpty() &&
        (m_result.stopReason == StopReason::EndTurn || m_result.stopReason == StopReason::Other))
        m_result.stopReason = StopReason::ToolCalls;
    if (!m_stopReasonSet && message.toolCalls.isEmpty())
        m_result.stopReason = StopReason::EndTurn;
    return m_result;
}
