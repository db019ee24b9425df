// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "gateway/agentrequest.h"
#include "gateway/guardrail.h"
#include "gateway/requestrecord.h"
#include "models/conversation.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QPointer>

#include <memory>

class Container;
class ContainerManager;
class Meter;
class ModelClient;
class ModelTurn;
class ProviderRegistry;
class ShellCall;
struct ModelError;
struct CommandResult;

// What a run needs from its workspace; nothing is owned.
struct AgentEnvironment
{
    QString workspace;
    ProviderRegistry *providers = nullptr;
    ContainerManager *containers = nullptr;
    Meter *meter = nullptr; // may be null: no cost reported
    // May be null: no guardrails. Applied to the caller's messages before the first upstream call.
    std::shared_ptr<const GuardrailEngine> guardrails;
    bool scanToolOutput = false; // the guardrails also read sandbox output before the model does
};

// One request of the local API run to completion: the server-tool agent loop (SPEC 1, issue 5). It talks to
// the upstream model in its own format, runs shell/bash calls in the request's container, feeds the results
// back and builds the caller's response (Responses or Messages shape), emitting every step as it happens.
class AgentRun : public QObject
{
    Q_OBJECT
public:
    AgentRun(const AgentRequest &request, const AgentEnvironment &env, QObject *parent = nullptr);
    ~AgentRun() override;

    QString id() const { return m_id; }
    const AgentRequest &request() const { return m_request; }
    QString containerId() const { return m_containerId; }
    // True once the run has finished or failed (fail() inside start() sets it before emitting).
    bool isDone() const { return m_done; }
    // A machine-readable code for the last failure (e.g. "guardrail_blocked"); empty for most.
    QString errorCode() const { return m_errorCode; }
    // What the run did so far, for the request log and traces: id, start time, api, model, provider,
    // tokens, cost, container, model turns, shell calls with their commands, guardrail detections. The
    // caller adds status, latency, workspace and bodies.
    RequestRecord record() const;

    // Validates what needs the workspace (model route, container policy) and starts the first turn.
    // Emits failed() (queued) when the request cannot run.
    void start();
    // Stops the model turn and kills any running command; emits failed(499).
    void cancel();

Q_SIGNALS:
    // An entry of the caller's output (a Responses output item or a Messages content block) appeared; index
    // is its position in the final output. Text entries then grow through outputTextDelta.
    void outputAdded(int index, const QJsonObject &entry);
    void outputTextDelta(int index, const QString &delta);
    void outputDone(int index, const QJsonObject &entry);
    // Live sandbox progress of the shell call whose entry is at index.
    void shellCallStarted(int index, const QString &callId, const QString &containerId,
                          const QJsonObject &action);
    void commandStarted(int index, int command, const QString &text);
    void commandOutput(int index, int command, const QString &stream, const QString &text);
    void commandFinished(int index, int command, const QJsonObject &result);
    void filesChanged(const QString &containerId);
    // The whole response body in the caller's API shape.
    void finished(const QJsonObject &response);
    // httpStatus and a message naming what went wrong (upstream provider and status included).
    void failed(int httpStatus, const QString &errorType, const QString &message);

private:
    struct PendingCall
    {
        ToolCall call;
        bool bash = false;
    };

    void nextTurn();
    void onTurnFinished(const TurnResult &result);
    void onTurnFailed(const ModelError &error);
    void runNextCall();
    void startShellCall(const PendingCall &pending);
    void onShellCallFinished(ShellCall *call, const PendingCall &pending, int entryIndex);
    void toolError(const PendingCall &pending, const QString &message);
    void finish(const QString &stopWhy);
    void fail(int status, const QString &type, const QString &message);
    bool resolveContainer(QString *error);
    bool applyGuardrails();
    // Runs the guardrails over one stream of sandbox output; false when a block-action guardrail matched.
    bool scanOutput(QString *text, QString *blockReason);
    Container *container(QString *error);

    int addEntry(const QJsonObject &entry);
    void setEntry(int index, const QJsonObject &entry);
    QJsonObject callerCallEntry(const ToolCall &call) const;
    QJsonObject buildResponse(const QString &stopWhy) const;
    QString newId(const QString &prefix) const;

    AgentRequest m_request;
    AgentEnvironment m_env;
    QString m_id;
    ModelClient *m_client = nullptr;
    QPointer<ModelTurn> m_turn;
    QPointer<ShellCall> m_call;
    QString m_upstreamModel;
    bool m_nativeShell = false; // shell auto on OpenAI: the provider runs it
    QList<Message> m_messages;
    QList<ToolDefinition> m_tools;
    QJsonArray m_output;
    int m_textEntry = -1;
    QList<PendingCall> m_pending;
    QList<ToolCall> m_callerCalls;
    int m_steps = 0;
    bool m_done = false;
    bool m_meterStarted = false;
    QString m_containerId;
    bool m_containerIsNew = false;
    TokenUsage m_usage;
    QString m_lastStopReason;
    QElapsedTimer m_clock;
    QString m_errorCode;
    // For record().
    qint64 m_startMs = 0;
    qint64 m_turnStartMs = 0;
    QString m_provider;
    QList<ModelTurnRecord> m_turnRecords;
    QList<ShellCallRecord> m_shellRecords;
    QList<Detection> m_detections;
    mutable double m_cost = 0;
};
