// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "base/approvalpolicy.h"
#include "gateway/agentrequest.h"
#include "gateway/codefiles.h"
#include "gateway/codeimages.h"
#include "gateway/guardrail.h"
#include "gateway/requestrecord.h"
#include "models/conversation.h"
#include "tools/codeaction.h"
#include "tools/shellaction.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QPointer>

#include <memory>

class ApprovalBroker;
struct ApprovalAnswer;
struct ApprovalRequest;
class Container;
class ContainerManager;
class Meter;
class ModelClient;
class ModelTurn;
class ProviderRegistry;
class ShellCall;
struct ModelError;

// What a loop needs from its workspace; nothing is owned.
struct AgentEnvironment
{
    QString workspace;
    ProviderRegistry *providers = nullptr; // routes the request's model name
    // A client chosen by the caller instead of a route (the window's model picker); wins over providers.
    ModelClient *client = nullptr;
    ContainerManager *containers = nullptr;
    // A window conversation's own container: every call runs there and no other is chosen.
    Container *container = nullptr;
    Meter *meter = nullptr; // may be null: no cost reported
    // May be null: no guardrails. Applied to the request's messages before the first upstream call.
    std::shared_ptr<const GuardrailEngine> guardrails;
    bool scanToolOutput = false; // the guardrails also read sandbox output before the model does
    // The window's views keep showing finished calls: their ShellCall objects stay (children of the
    // container) instead of being deleted when the call ends.
    bool keepShellCalls = false;
    // Approvals (README "Approvals"): the policy every shell/code call passes before it runs, and where an
    // ask waits for a person. No broker: every call runs.
    ApprovalBroker *approvals = nullptr;
    ApprovalPolicy approvalPolicy;
    // What "Allow for this conversation" remembers under: the window's conversation; empty for an API
    // request (its session id, else the request itself).
    QString conversation;
    // The limits of every call this loop runs: the hosted ones unless the workspace lifted them (long
    // sessions, WorkspaceSettings::sessionLimits) for this kind of caller.
    SessionLimits limits;
};

// One server-tool call of a loop: which tool, where it runs and what it runs.
struct AgentToolCall
{
    int index = -1; // 0, 1, … in the order the loop started them
    QString callId; // the model's call id
    ServerToolConfig::Kind kind = ServerToolConfig::Kind::Shell;
    QString containerId;
    QJsonObject arguments; // as the model sent them
    // What runs (for bash: the session wrapper around bashCommand); false for a call rejected before it ran,
    // whose arguments did not validate.
    bool validated = false;
    ShellAction action;
    QString bashCommand; // bash: the model's command; empty for a restart alone
    bool bashRestart = false;
    // The code tools: which function the model called — "python", "bash" or "text_editor" (set even for a
    // rejected call) — and, once validated, what it runs.
    QString codeFunction;
    std::optional<CodeAction> code;
    // A Python call that resumes a cell an earlier response paused in a tool call (callId is that
    // server_tool_use's id): no new call block, only its result.
    bool resumed = false;

    bool isBash() const { return kind == ServerToolConfig::Kind::Bash; }
    bool isCode() const
    {
        return kind == ServerToolConfig::Kind::CodeExecution || kind == ServerToolConfig::Kind::Python;
    }
    // The commands a person reads: the shell call's commands, or the bash command.
    QStringList displayCommands() const;
};

// How a server-tool call ended.
struct AgentToolResult
{
    QList<CommandResult> results;
    bool completed = false;
    // Set when the call did not run: a message for the model and the caller, and a code
    // ("invalid_tool_input", "unavailable", "output_blocked").
    QString error;
    QString errorCode;
    // A code tool's call that ran: its output as the caller's items show it (unredacted).
    std::optional<CodeOutput> code;
    // A Python call: why the kernel's state was reset before it ran (code carries it first; scanned does
    // not), empty when it was not.
    QString kernelNote;
    // A Python call: the images it made (CodeImages: files created or changed under home, open figures).
    QList<CodeImage> images;
    // An Anthropic code-execution call (bash, or 20250522's Python): the files it created or changed in home,
    // copied into the workspace's UploadStore (CodeFiles), for the result block's file_ids.
    QList<CodeFile> files;
    // What the model reads: the results after the tool-output guardrails (redacted where they redact), and
    // the reason when a block-action guardrail withheld the output; a direct caller (MCP) gets these.
    QList<CommandResult> scanned;
    QString blockReason;
    // A Python cell paused in a tool call the caller must answer (programmatic tool calling): no result yet.
    bool paused = false;
};

// How a loop ended.
struct AgentOutcome
{
    enum class Stop { EndTurn, CallerTools, MaxToolCalls, MaxTokens };
    Stop stop = Stop::EndTurn;
    QString text;                // the last assistant text
    QList<ToolCall> callerCalls; // Stop::CallerTools: the calls the caller must run
    // For each of callerCalls: the index of the code call (AgentToolCall::index) whose code made it, or -1
    // when the model called it directly.
    QList<int> callerCallCodeIndex;
    TokenUsage usage;
    double serverToolCost = 0;
    bool metered = false; // a sandbox ran (or could have): the cost is reported even when 0
    QString containerId;
    qint64 containerExpiresAt = 0; // seconds since the epoch; 0 when no container
    int toolCalls = 0;
    QString rawStopReason; // the upstream's own word for the last turn
};

// The one agent loop (SPEC 1): sends the request to its model in the provider's own format, runs each
// shell/bash call the model makes in the request's container, feeds the results back and repeats until the
// model answers or max_tool_calls is reached. Guardrails, metering and the request record happen here and
// nowhere else. It speaks no caller wire format: its signals are neutral, and the window and every format
// class in gateway/format/ render them.
class AgentLoop : public QObject
{
    Q_OBJECT
public:
    AgentLoop(const AgentRequest &request, const AgentEnvironment &env, QObject *parent = nullptr);
    ~AgentLoop() override;

    QString id() const { return m_request.id; }
    const AgentRequest &request() const { return m_request; }
    QString containerId() const { return m_containerId; }
    // The files this request's code made (changed since it started, not its input files) that text names by
    // their path in the container (/mnt/data/NAME or /workspace/home/NAME) or by a name with an extension
    // relative to home (summary.txt, out/chart.png), as OpenAI's container_file_citation annotations: start
    // and end are code-point offsets into text (what a Python str, OpenAI's, counts; not UTF-16 units).
    struct FileCitation
    {
        QString fileId; // FileStore's cfile_ id
        QString filename;
        qsizetype start = 0;
        qsizetype end = 0;
    };
    QList<FileCitation> fileCitations(const QString &text) const;
    bool isDone() const { return m_done; }
    // The conversation as the model saw it: the request's messages (redacted where a guardrail redacted
    // them) plus every assistant message and tool result of this loop.
    QList<Message> messages() const { return m_messages; }
    QList<Detection> detections() const { return m_detections; }
    // Every approval decision so far, in order (a refused call's says who refused it and why).
    QList<ApprovalRecord> approvals() const { return m_approvalRecords; }
    // What the loop did so far: id, start time, api, model, provider, tokens, cost, container, turns, shell
    // calls with their commands, guardrail detections. The caller adds status, latency, workspace, bodies.
    RequestRecord record() const;
    // The provider's request body of the first model turn, as sent.
    QByteArray firstUpstreamBody() const { return m_firstUpstreamBody; }

    // Routes the model, applies the guardrails and starts the first turn. A request that cannot run fails
    // (queued, so a caller connecting after start() still sees it); isDone() is true at once then.
    void start();
    // Runs one server-tool call a caller made itself (an MCP tools/call) instead of a model: no model is
    // routed or asked; the call goes through the same container choice, validation, approval gate, run,
    // tool-output guardrails, meter and record as a model's call, then finished() (or failed() when no
    // container could be chosen) follows. call.name is one of the request's function names.
    void startDirect(const ToolCall &call);
    // Stops the model turn and kills any running command; failed(499 "cancelled") follows.
    void cancel();

Q_SIGNALS:
    // One of the request's input files was copied into its container (name as it is there).
    void inputFileReceived(const QString &containerId, const QString &name, qint64 bytes);
    void turnStarted(int turn);
    // The assistant's text of the current turn: started once, deltas, done with the whole text.
    void textStarted();
    void textDelta(const QString &delta);
    void textDone(const QString &text);
    // The model's turn ended (with text, tool calls or both).
    void turnFinished();
    // Items the provider's own hosted tools produced (OpenAI's shell with engine "auto"), as it sent them.
    void hostedItems(const QJsonArray &items);
    void toolCallStarted(const AgentToolCall &call);
    // The running ShellCall behind a tool call, for in-process viewers (the window binds its view to it).
    void shellCallRunning(const AgentToolCall &call, ShellCall *shell);
    void commandStarted(int call, int command, const QString &text);
    void commandOutput(int call, int command, bool isStderr, const QString &text);
    void commandFinished(int call, int command, const CommandResult &result);
    void toolCallFinished(const AgentToolCall &call, const AgentToolResult &result);
    // A shell/code call's share of the request's sandbox cost (ShellCallRecord::cost) became known when it
    // ended, or grew when the request ended (its last call carries the rest of the metered time). record is
    // the call's index in record().shellCalls: the calls in the order shellCallRunning() showed them.
    void callCostChanged(int record, double dollars, bool includesMinimum);
    // A call waits for a person's answer (ApprovalBroker); approvalResolved follows with the decision word
    // (ApprovalAnswer::decisionName, or "withdrawn").
    void approvalPending(const ApprovalRequest &request);
    void approvalResolved(const QString &approvalId, const QString &decision);
    void filesChanged(const QString &containerId);
    void usageChanged(const TokenUsage &total);
    void finished(const AgentOutcome &outcome);
    void failed(const AgentError &error);

private:
    struct PendingCall
    {
        ToolCall call;
        std::optional<ServerToolConfig::Kind> kind; // nullopt: a function no one offered
        QString codeFunction;                       // the code tools: "python", "bash" or "text_editor"
    };

    void nextTurn();
    void beginTurns();
    void onTurnFinished(const TurnResult &result);
    void onTurnFailed(const ModelError &error);
    void runNextCall();
    void startShellCall(const PendingCall &pending);
    // The code tools' action for a pending call; false after rejecting the call.
    bool prepareCodeCall(const PendingCall &pending, AgentToolCall *call);
    // Runs a validated call in its container.
    void dispatchCall(const PendingCall &pending, AgentToolCall call);
    // The approval gate before dispatch: true to run now; false when the call was refused or waits.
    bool gate(const PendingCall &pending, const AgentToolCall &call);
    void onApprovalResolved(const ApprovalRequest &request, const ApprovalAnswer &answer);
    void withdrawApproval();
    QString conversationKey() const;
    void onShellCallFinished(ShellCall *shell, const AgentToolCall &call, int recordIndex);
    void rejectCall(const PendingCall &pending, const QString &message, const QString &code);
    void finish(AgentOutcome::Stop stop);
    void fail(const AgentError &error);
    // Ends the meter: m_cost is the request's charge, and its calls' costs add up to it.
    void settleCosts();
    bool resolveContainer();
    bool applyGuardrails();
    // Runs the guardrails over one stream of sandbox output; false when a block-action guardrail matched.
    bool scanOutput(QString *text, QString *blockReason);
    QList<ToolDefinition> offeredTools() const;
    bool isReplPython() const;

    AgentRequest m_request;
    AgentEnvironment m_env;
    ModelClient *m_client = nullptr;
    QPointer<ModelTurn> m_turn;
    QPointer<ShellCall> m_call;
    QPointer<Container> m_pinned;
    QString m_runningCallId;
    // The running Python call's container home and its images before the call (CodeImages).
    QString m_imagesHome;
    QHash<QString, qint64> m_imagesBefore;
    QString m_kernelNote; // why the running Python call's kernel lost its state, for its result (once)
    qint64 m_imageBytesLeft = CodeImages::MaxRequestImageBytes; // over all the calls of this request
    // The running Anthropic code call's container home and its files before the call (CodeFiles), and the
    // files stored once it finished (for its result).
    QString m_filesHome;
    QHash<QString, qint64> m_filesBefore;
    bool m_filesWithFigures = false; // a Python call: its shown figures count as files it made
    QList<CodeFile> m_codeFiles;
    // The files the running call's code made, being stored (CodeFiles::Batch); let go of when the loop
    // ends first, which deletes them again.
    std::shared_ptr<CodeFiles::Batch> m_filesBatch;
    void dropFilesBatch();
    qint64 m_fileBytesLeft = CodeFiles::MaxRequestBytes; // over all the calls of this request
    QString m_upstreamModel;
    bool m_hostedShell = false; // shell auto on OpenAI: the provider runs it
    bool m_hostedCode = false;  // code_interpreter on OpenAI with engine auto: the provider runs it
    QList<Message> m_messages;
    QList<ToolDefinition> m_tools;
    bool m_textOpen = false;
    QString m_text;
    QList<PendingCall> m_pending;
    QList<ToolCall> m_callerCalls;
    QList<int> m_callerCallCodeIndex;
    bool m_resumed = false; // the request's codeResume ran
    int m_steps = 0;
    int m_turns = 0;
    int m_calls = 0;
    bool m_done = false;
    bool m_direct = false; // startDirect(): one caller's call, no model turn
    bool m_meterStarted = false;
    bool m_limitReached = false;
    QString m_containerId;
    bool m_containerCreated = false;
    QStringList m_inputFileNames; // as they are in the container
    // Copies the request's input files into its container, then calls next (or fails the request).
    void importInputFiles(int index, std::function<void()> next);
    TokenUsage m_usage;
    QString m_lastStopReason;
    QByteArray m_firstUpstreamBody;
    // For record().
    qint64 m_startMs = 0;
    qint64 m_turnStartMs = 0;
    QString m_provider;
    QList<ModelTurnRecord> m_turnRecords;
    QList<ShellCallRecord> m_shellRecords;
    QList<Detection> m_detections;
    QList<ApprovalRecord> m_approvalRecords;
    double m_cost = 0;
    // The call waiting for an answer.
    QString m_approvalId;
    PendingCall m_waitingPending;
    AgentToolCall m_waitingCall;
};
