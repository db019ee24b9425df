// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "gateway/agentloop.h"
#include "gateway/requestrecord.h"
#include "models/conversation.h"
#include "models/modelclient.h"
#include "sandbox/container.h"

#include <QDateTime>
#include <QHash>
#include <QObject>
#include <QPointer>
#include <QSet>

#include <functional>

class ApprovalBroker;
class Meter;
class RequestObserver;
class ShellCall;

// One conversation of the window: keeps its history and, for each question, drives the one AgentLoop with
// the conversation's own container and the chosen model — the same loop, guardrails, metering and request
// record as a local API request. Adds only what the window needs around it: the
// cost of each call, the note on what a guardrail did.
class ChatSession : public QObject
{
    Q_OBJECT
public:
    static constexpr int MaxToolSteps = 30;
    // The tools the model gets, as one of the hosted contracts names them: the shell tools, or a vendor's
    // code-execution contract run in this conversation's container.
    enum class ToolContract {
        Shell,
        Bash,
        AnthropicCodeExecution,
        GeminiCodeExecution,
        OpenAiCodeInterpreter
    };
    static QList<ToolContract> toolContracts();
    // The contract's own type word, saved with the conversation: "openrouter:shell", "openrouter:bash",
    // "code_execution_20250825", "codeExecution", "code_interpreter".
    static QString toolContractKey(ToolContract contract);
    static std::optional<ToolContract> toolContractFromKey(const QString &key);

    // container is not owned; it is where every shell call of this conversation runs.
    explicit ChatSession(Container *container, QObject *parent = nullptr);
    ~ChatSession() override;

    Container *container() const { return m_container; }
    // client is not owned; model is the name sent upstream.
    void setClient(ModelClient *client, const QString &model);
    ModelClient *client() const { return m_client; }
    QString model() const { return m_model; }
    void setSystemPrompt(const QString &prompt) { m_systemPrompt = prompt; }
    // Applies from the next question on.
    void setToolContract(ToolContract contract) { m_contract = contract; }
    ToolContract toolContract() const { return m_contract; }
    // Neither is owned and both must outlive the session; either may be null (no guardrails or log; no
    // cost).
    void setObserver(RequestObserver *observer) { m_observer = observer; }
    // The conversation's title as the window shows it; the request log names it with each request.
    void setTitle(const QString &title) { m_title = title; }
    QString title() const { return m_title; }
    void setMeter(Meter *meter) { m_meter = meter; }

    // Approvals (README "Approvals"): where asks wait and the workspace's policy now; the conversation's own
    // mode, when set, wins over the workspace's (its rules stay the workspace's). key names the conversation
    // for "Allow for this conversation".
    void setApprovals(ApprovalBroker *broker, std::function<ApprovalPolicy()> workspacePolicy,
                      const QString &key)
    {
        m_approvals = broker;
        m_workspacePolicy = std::move(workspacePolicy);
        m_conversationKey = key;
    }
    void setApprovalMode(std::optional<ApprovalMode> mode) { m_approvalMode = mode; }
    std::optional<ApprovalMode> approvalMode() const { return m_approvalMode; }
    QString conversationKey() const { return m_conversationKey; }

    QList<Message> messages() const { return m_messages; }
    // A saved conversation's history, so the model sees it on the next question; ignored while busy.
    void setMessages(const QList<Message> &messages);
    // The text the model received for the last question (redacted when a guardrail redacted it) and, when a
    // guardrail acted on it, a sentence saying which and what.
    QString lastUserText() const { return m_lastUserText; }
    QString lastGuardrailNote() const { return m_lastGuardrailNote; }
    // Sandbox cost of every question of this conversation, in dollars.
    double totalCost() const { return m_totalCost; }
    void setTotalCost(double dollars) { m_totalCost = dollars; }
    // The id of the current (or last) question in the request log.
    QString requestId() const { return m_requestId; }
    bool isBusy() const { return m_busy; }
    // Tool steps taken by the current (or last) request.
    int toolSteps() const { return m_steps; }

    // Adds a user message and runs the loop; false (and failed()) when busy or no client is set.
    bool send(const QString &text);
    // Cancels the model turn and the running shell call; stopped() follows.
    void stop();

    // The function tool offered to the model, shaped like openrouter:shell's arguments.
    static ToolDefinition shellTool();
    // A conversation's name made from its first question: the first line, cut at a word to at most
    // maxLength characters with "…" when longer; empty when the question has no text.
    // The name the Guardrails panel gives a guardrail ("Email addresses" for email); an unknown slug as is.
    static QString guardrailTitle(const QString &slug);
    static QString titleFromQuestion(const QString &question, int maxLength = 48);

Q_SIGNALS:
    void busyChanged(bool busy);
    void assistantStarted();
    void textDelta(const QString &text);
    // The assistant's message is complete (text may be empty when it only called tools).
    void assistantFinished(const QString &text);
    void shellCallStarted(ShellCall *call);
    void shellCallFinished(ShellCall *call);
    // A call the model made that did not run: refused by the approval rules or a person, unanswered, or
    // invalid. item is shaped like a finished call's Responses output item (type, call_id, container_id,
    // action.commands, tool, status "incomplete", empty output) plus "not_run": {code (the loop's
    // errorCode: "approval_denied", "approval_timeout", "approval_unavailable", "invalid_tool_input", …),
    // message (what the model was told), and for an approval: decision, by, reason, note}.
    void callNotRun(const QJsonObject &item);
    // A call's share of the question's sandbox cost, from the request record (ShellCallRecord::cost): when
    // it ends (just before shellCallFinished), and again when the question ends or is stopped (its last
    // call carries the rest), so the calls add up to the question's cost. The first call on a new or
    // sleeping container carries the 30-second minimum, and includesMinimum says when it does.
    void shellCallCharged(ShellCall *call, double dollars, bool includesMinimum);
    // totalCost() changed (a question finished).
    void costChanged(double total);
    // The question was handed to the request log.
    void requestRecorded(const QString &requestId, int status);
    void failed(const QString &message);
    void stopped();
    // The model answered without further tool calls.
    void finished();

private:
    void finishWith(bool ok, int status, const QString &error = {});
    void record(const AgentLoop *loop, int status, const QByteArray &responseBody);
    QJsonObject notRunItem(const AgentLoop *loop, const AgentToolCall &call,
                           const AgentToolResult &result) const;

    QPointer<Container> m_container;
    QPointer<ModelClient> m_client;
    QString m_model;
    QString m_systemPrompt;
    ToolContract m_contract = ToolContract::Shell;
    QList<Message> m_messages;
    AgentLoop *m_loop = nullptr;
    RequestObserver *m_observer = nullptr;
    Meter *m_meter = nullptr;
    ApprovalBroker *m_approvals = nullptr;
    std::function<ApprovalPolicy()> m_workspacePolicy;
    std::optional<ApprovalMode> m_approvalMode;
    QString m_conversationKey;
    QString m_requestId;
    QString m_lastUserText;
    QString m_title;
    QString m_lastGuardrailNote;
    QString m_turnText;
    double m_totalCost = 0;
    bool m_busy = false;
    bool m_stopping = false;
    int m_steps = 0;
    // The current question's calls that ran, in order (AgentLoop's record index), and their loop indexes.
    QList<QPointer<ShellCall>> m_shells;
    QSet<int> m_ranCalls;
    // Every call of the question in order, for the logged response: a call that ran (its ShellCall and
    // {call_id: the model's id}) or the item of one that did not.
    QList<QPair<QPointer<ShellCall>, QJsonObject>> m_callItems;
    // The call waiting for a person's answer now (its approval id, call id, tool and commands); a Stop while
    // it waits gives it a "stopped" item (callNotRun).
    QString m_waitingApproval;
    QJsonObject m_waitingItem;
    QJsonObject responseBody(const QString &answer) const;
};
