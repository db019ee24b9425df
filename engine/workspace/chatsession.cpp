// SPDX-License-Identifier: GPL-3.0-or-later
#include "workspace/chatsession.h"

#include "base/workspacesettings.h"
#include "gateway/agentloop.h"
#include "gateway/approvalbroker.h"
#include "gateway/format/geminiformat.h"
#include "gateway/guardrail.h"
#include "gateway/requestobserver.h"
#include "models/modelclient.h"
#include "models/scriptedclient.h"
#include "sandbox/container.h"
#include "sandbox/history/containerregistry.h"
#include "sandbox/history/meter.h"
#include "sandbox/shellcall.h"
#include "tools/shellaction.h"

#include <QDateTime>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QUuid>

#include <utility>

using namespace Qt::StringLiterals;

ChatSession::ChatSession(Container *container, QObject *parent)
    : QObject(parent)
    , m_container(container)
{
    // Sent to the model, so it stays in English whatever the interface language; it names no tool, since
    // the conversation's tool contract decides which ones the model has.
    m_systemPrompt = QStringLiteral(
        "You are a data assistant. Your tools run commands or code in a Linux sandbox whose working "
        "directory is /workspace/home, where the user's files are. Python 3 is available. Answer in "
        "Markdown.");
}

ChatSession::~ChatSession()
{
    if (m_loop) {
        m_loop->disconnect(this);
        delete m_loop;
    }
}

void ChatSession::setMessages(const QList<Message> &messages)
{
    if (m_busy)
        return;
    // A history saved mid-answer may end with tool calls that never got a result; every provider rejects
    // such a request, so each one gets an error result here.
    m_messages.clear();
    QStringList unanswered;
    const auto answerRest = [this, &unanswered] {
        for (const QString &id : std::as_const(unanswered))
            m_messages.append(Message::tool(id, u"The command was cancelled when Sandbench closed."_s, true));
        unanswered.clear();
    };
    for (const Message &message : messages) {
        if (message.role == Message::Role::Tool) {
            unanswered.removeAll(message.toolResult.callId);
        } else {
            answerRest();
            for (const ToolCall &call : message.toolCalls)
                unanswered.append(call.id);
        }
        m_messages.append(message);
    }
    answerRest();
}

void ChatSession::setClient(ModelClient *client, const QString &model)
{
    m_client = client;
    m_model = model;
}

QList<ChatSession::ToolContract> ChatSession::toolContracts()
{
    return {ToolContract::Shell, ToolContract::Bash, ToolContract::AnthropicCodeExecution,
            ToolContract::GeminiCodeExecution, ToolContract::OpenAiCodeInterpreter};
}

QString ChatSession::toolContractKey(ToolContract contract)
{
    switch (contract) {
    case ToolContract::Shell:
        return u"openrouter:shell"_s;
    case ToolContract::Bash:
        return u"openrouter:bash"_s;
    case ToolContract::AnthropicCodeExecution:
        return u"code_execution_20250825"_s;
    case ToolContract::GeminiCodeExecution:
        return u"codeExecution"_s;
    case ToolContract::OpenAiCodeInterpreter:
        return u"code_interpreter"_s;
    }
    return {};
}

std::optional<ChatSession::ToolContract> ChatSession::toolContractFromKey(const QString &key)
{
    for (ToolContract c : toolContracts())
        if (toolContractKey(c) == key)
            return c;
    return std::nullopt;
}

ToolDefinition ChatSession::shellTool()
{
    ToolDefinition tool;
    tool.name = u"shell"_s;
    tool.description =
        u"Run shell commands in the sandbox (working directory /workspace/home). Commands run in "
        u"order, each in its own shell; returns stdout, stderr and the outcome of each."_s;
    tool.parameters = QJsonObject{
        {u"type"_s, u"object"_s},
        {u"properties"_s,
         QJsonObject{{u"commands"_s, QJsonObject{{u"type"_s, u"array"_s},
                                                 {u"items"_s, QJsonObject{{u"type"_s, u"string"_s}}}}},
                     {u"timeout_ms"_s, QJsonObject{{u"type"_s, u"integer"_s}}},
                     {u"max_output_length"_s, QJsonObject{{u"type"_s, u"integer"_s}}}}},
        {u"required"_s, QJsonArray{u"commands"_s}},
    };
    return tool;
}

bool ChatSession::send(const QString &text)
{
    if (m_busy) {
        Q_EMIT failed(tr("Wait for the current answer or press Stop."));
        return false;
    }
    if (!m_client) {
        Q_EMIT failed(tr("Choose a model first."));
        return false;
    }
    if (!m_container) {
        Q_EMIT failed(tr("This conversation has no container."));
        return false;
    }
    std::shared_ptr<const GuardrailEngine> guardrails;
    if (m_observer) {
        QString error;
        if (!m_observer->refresh(&error)) {
            // Sending unguarded would be worse than not sending (the local API refuses such requests too).
            Q_EMIT failed(
                tr("The question was not sent: the workspace's guardrail settings cannot be read (%1).")
                    .arg(error));
            return false;
        }
        guardrails = m_observer->guardrails();
    }
    m_requestId = u"gui_"_s + QUuid::createUuid().toString(QUuid::Id128);
    m_lastGuardrailNote.clear();
    m_lastUserText = text;

    AgentRequest request;
    request.id = m_requestId;
    request.apiName = u"workbench"_s;
    request.model = m_model;
    request.sampling.model = m_model;
    request.messages = m_messages;
    if (request.messages.isEmpty() && !m_systemPrompt.isEmpty())
        request.messages.append(Message::system(m_systemPrompt));
    // Earlier questions were checked when they were asked.
    request.guardFromMessage = int(request.messages.size());
    request.messages.append(Message::user(text));
    request.maxToolCalls = MaxToolSteps;
    ServerToolConfig tool;
    tool.engine = ServerToolConfig::Engine::OpenRouter;
    tool.contractName = toolContractKey(m_contract);
    switch (m_contract) {
    case ToolContract::Shell:
        tool.kind = ServerToolConfig::Kind::Shell;
        request.shell = tool;
        break;
    case ToolContract::Bash:
        tool.kind = ServerToolConfig::Kind::Bash;
        request.bash = tool;
        break;
    case ToolContract::AnthropicCodeExecution:
        tool.kind = ServerToolConfig::Kind::CodeExecution;
        request.code = tool;
        break;
    case ToolContract::GeminiCodeExecution:
    case ToolContract::OpenAiCodeInterpreter:
        tool.kind = ServerToolConfig::Kind::Python;
        if (m_contract == ToolContract::GeminiCodeExecution) {
            // Google runs each piece of code for at most 30 seconds; the workspace setting changes that here
            // as it does for the API.
            int seconds = GeminiFormat::DefaultCodeExecutionTimeoutSeconds;
            if (m_container) {
                const SandboxSettings &s = m_container->settings();
                WorkspaceSettings settings(ContainerRegistry(s.dataDir).workspaceDir(s.workspace));
                if (settings.load() && settings.codeExecutionTimeoutSeconds() > 0)
                    seconds = settings.codeExecutionTimeoutSeconds();
            }
            tool.timeoutMs = seconds * 1000;
        }
        request.code = tool;
        break;
    }

    AgentEnvironment env;
    if (m_container) {
        // Long sessions: a workspace may lift the hosted limits for its own conversations.
        const SandboxSettings &s = m_container->settings();
        WorkspaceSettings settings(ContainerRegistry(s.dataDir).workspaceDir(s.workspace));
        env.limits = settings.load() ? settings.sessionLimits(false, s.hostedLimits) : s.hostedLimits;
    }
    env.client = m_client;
    env.container = m_container;
    env.meter = m_meter;
    env.guardrails = guardrails;
    env.scanToolOutput = m_observer && m_observer->scanToolOutput();
    env.keepShellCalls = true;
    env.approvals = m_approvals;
    env.approvalPolicy = m_workspacePolicy ? m_workspacePolicy() : ApprovalPolicy();
    if (m_approvalMode)
        env.approvalPolicy.mode = *m_approvalMode;
    env.conversation = m_conversationKey;
    env.workspace = m_observer ? m_observer->workspace() : QString();

    auto *loop = new AgentLoop(request, env, this);
    m_loop = loop;
    m_steps = 0;
    m_stopping = false;
    connect(loop, &AgentLoop::turnStarted, this, [this] { Q_EMIT assistantStarted(); });
    connect(loop, &AgentLoop::textDelta, this, &ChatSession::textDelta);
    connect(loop, &AgentLoop::textDone, this, [this](const QString &text) { m_turnText = text; });
    connect(loop, &AgentLoop::turnFinished, this,
            [this] { Q_EMIT assistantFinished(std::exchange(m_turnText, {})); });
    m_shells.clear();
    m_ranCalls.clear();
    m_callItems.clear();
    connect(loop, &AgentLoop::shellCallRunning, this, [this](const AgentToolCall &call, ShellCall *shell) {
        ++m_steps;
        m_shells.append(shell);
        m_ranCalls.insert(call.index);
        m_callItems.append({QPointer<ShellCall>(shell), QJsonObject{{u"call_id"_s, call.callId}}});
        Q_EMIT shellCallStarted(shell);
        // The loop costs the call first (AgentLoop::callCostChanged), then this reports it finished.
        connect(shell, &ShellCall::finished, this, [this, shell] { Q_EMIT shellCallFinished(shell); });
    });
    // Each call's cost is the request record's: the cards, the conversation's total and the Logs agree.
    connect(loop, &AgentLoop::callCostChanged, this, [this](int record, double dollars, bool minimum) {
        if (ShellCall *shell = m_shells.value(record))
            Q_EMIT shellCallCharged(shell, dollars, minimum);
    });
    connect(loop, &AgentLoop::toolCallFinished, this,
            [this, loop](const AgentToolCall &call, const AgentToolResult &result) {
                if (m_ranCalls.contains(call.index))
                    return;
                const QJsonObject item = notRunItem(loop, call, result);
                m_callItems.append({QPointer<ShellCall>(), item});
                Q_EMIT callNotRun(item);
            });
    m_waitingApproval.clear();
    connect(loop, &AgentLoop::approvalPending, this, [this](const ApprovalRequest &request) {
        m_waitingApproval = request.id;
        QJsonObject item{
            {u"type"_s, u"openrouter:shell"_s},
            {u"call_id"_s, request.callId},
            {u"status"_s, u"incomplete"_s},
            {u"container_id"_s, m_container ? m_container->id() : QString()},
            {u"action"_s, QJsonObject{{u"commands"_s, QJsonArray::fromStringList(request.commands)}}},
            {u"output"_s, QJsonArray()}};
        if (m_contract != ToolContract::Shell)
            item.insert(u"tool"_s, toolContractKey(m_contract));
        m_waitingItem = item;
    });
    connect(loop, &AgentLoop::approvalResolved, this, [this](const QString &id, const QString &decision) {
        if (id != m_waitingApproval)
            return;
        m_waitingApproval.clear();
        QJsonObject item = std::exchange(m_waitingItem, {});
        if (decision != u"withdrawn")
            return; // answered: the call runs, or its refusal comes as toolCallFinished
        // The question ended while the call waited (Stop): it never ran, and its card says so.
        item.insert(
            u"not_run"_s,
            QJsonObject{{u"code"_s, m_stopping ? u"stopped"_s : u"approval_withdrawn"_s},
                        {u"decision"_s, decision},
                        {u"message"_s, m_stopping ? u"Stop was pressed while it waited for approval"_s
                                                  : u"the question ended while it waited for approval"_s}});
        m_callItems.append({QPointer<ShellCall>(), item});
        Q_EMIT callNotRun(item);
    });
    connect(loop, &AgentLoop::finished, this, [this, loop](const AgentOutcome &outcome) {
        m_messages = loop->messages();
        if (outcome.stop == AgentOutcome::Stop::MaxToolCalls) {
            const QString error =
                tr("Stopped after %n tool call(s): the limit for one question.", nullptr, MaxToolSteps);
            Q_EMIT failed(error);
            finishWith(false, 200, error);
            return;
        }
        finishWith(true, 200);
    });
    connect(loop, &AgentLoop::failed, this, [this, loop](const AgentError &error) {
        if (error.code == u"guardrail_blocked") {
            QString family;
            QString slug;
            for (const Detection &d : loop->detections())
                if (d.action == GuardrailAction::Block && family.isEmpty()) {
                    family = d.family;
                    slug = d.guardrail;
                }
            const QString reason =
                tr("Blocked by the guardrail \"%1\" (%2 detected); the question was not sent "
                   "to the model. Rephrase "
                   "it, or change the guardrail's action in the Guardrails panel.")
                    .arg(guardrailTitle(slug), family);
            Q_EMIT failed(reason);
            finishWith(false, 403, reason);
            return;
        }
        // What ran stays in the history; every unanswered call already has a result.
        m_messages = loop->messages();
        if (error.httpStatus == 499 || m_stopping) {
            finishWith(false, 499);
            return;
        }
        Q_EMIT failed(error.message);
        finishWith(false, error.httpStatus, error.message);
    });
    m_busy = true;
    loop->start();
    if (loop->isDone()) {
        // Blocked before the model: failed() follows (queued) and records it; nothing was sent.
        m_busy = false;
        return false;
    }
    Q_EMIT busyChanged(true);
    // What the model received for this question (the guardrails may have redacted it) and what they did.
    const QList<Message> seen = loop->messages();
    if (request.guardFromMessage < seen.size())
        m_lastUserText = seen.at(request.guardFromMessage).text();
    if (!loop->detections().isEmpty()) {
        // Each guardrail by the name the Guardrails panel gives it, under what it did: a Flag rule only
        // flags, even when another rule redacted the same question.
        QStringList redacted;
        QStringList flagged;
        for (const Detection &d : loop->detections()) {
            QStringList &names = d.action == GuardrailAction::Redact ? redacted : flagged;
            const QString name = guardrailTitle(d.guardrail);
            if (!names.contains(name))
                names.append(name);
        }
        QStringList notes;
        if (!redacted.isEmpty() && m_lastUserText != text)
            notes.append(tr("Redacted by %1 before the model read it; the model received: \u201c%2\u201d")
                             .arg(redacted.join(u", "_s), m_lastUserText));
        if (!flagged.isEmpty())
            notes.append(tr("Flagged by %1; sent unchanged, and the detection is in the request log.")
                             .arg(flagged.join(u", "_s)));
        m_lastGuardrailNote = notes.join(u"\n"_s);
    }
    return true;
}

QJsonObject ChatSession::responseBody(const QString &answer) const
{
    // Shaped like a Responses body, so the Logs read its tool calls as they read an API request's: each
    // call's item (its output cut to its first characters; the Shell calls tab has it whole), then the
    // answer.
    constexpr qsizetype KeptChars = 2000;
    QJsonArray output;
    for (const auto &[shell, notRun] : m_callItems) {
        if (!shell) {
            if (!notRun.isEmpty())
                output.append(notRun);
            continue;
        }
        QJsonObject item = shell->outputItem();
        item.insert(u"call_id"_s, notRun.value(u"call_id"_s)); // the model's id, not the sandbox's
        QJsonArray results;
        for (const QJsonValue &v : item.value(u"output"_s).toArray()) {
            QJsonObject result = v.toObject();
            for (const QString &stream : {u"stdout"_s, u"stderr"_s}) {
                const QString text = result.value(stream).toString();
                if (text.size() > KeptChars)
                    result.insert(stream,
                                  QString(text.left(KeptChars) + truncationMarker(text.size() - KeptChars)));
            }
            results.append(result);
        }
        item.insert(u"output"_s, results);
        output.append(item);
    }
    if (!answer.isEmpty())
        output.append(QJsonObject{
            {u"type"_s, u"message"_s},
            {u"role"_s, u"assistant"_s},
            {u"content"_s, QJsonArray{QJsonObject{{u"type"_s, u"output_text"_s}, {u"text"_s, answer}}}}});
    return {{u"object"_s, u"response"_s}, {u"output"_s, output}, {u"output_text"_s, answer}};
}

QJsonObject ChatSession::notRunItem(const AgentLoop *loop, const AgentToolCall &call,
                                    const AgentToolResult &result) const
{
    // The commands as the model sent them (a call refused for bad arguments has no validated action).
    QStringList commands = call.displayCommands();
    commands.removeAll(QString());
    const QJsonObject &args = call.arguments;
    if (commands.isEmpty() && args.value(u"commands"_s).isArray())
        for (const QJsonValue &c : args.value(u"commands"_s).toArray())
            commands.append(c.isString() ? c.toString()
                                         : QString::fromUtf8(
                                               QJsonDocument(QJsonArray{c}).toJson(QJsonDocument::Compact)));
    if (commands.isEmpty())
        for (const QString &key : {u"command"_s, u"code"_s})
            if (args.value(key).isString()) {
                commands.append(args.value(key).toString());
                break;
            }
    if (commands.isEmpty())
        commands.append(QString::fromUtf8(QJsonDocument(args).toJson(QJsonDocument::Compact)));
    QJsonObject notRun{{u"code"_s, result.errorCode}, {u"message"_s, result.error}};
    const QList<ApprovalRecord> approvals = loop->approvals();
    for (auto it = approvals.crbegin(); it != approvals.crend(); ++it) {
        if (it->callId != call.callId)
            continue;
        notRun.insert(u"decision"_s, it->decision);
        notRun.insert(u"by"_s, it->by);
        notRun.insert(u"reason"_s, it->reason);
        if (!it->note.trimmed().isEmpty())
            notRun.insert(u"note"_s, it->note.trimmed());
        break;
    }
    QJsonObject item{{u"type"_s, u"openrouter:shell"_s},
                     {u"call_id"_s, call.callId},
                     {u"status"_s, u"incomplete"_s},
                     {u"container_id"_s, m_container ? m_container->id() : call.containerId},
                     {u"action"_s, QJsonObject{{u"commands"_s, QJsonArray::fromStringList(commands)}}},
                     {u"output"_s, QJsonArray()},
                     {u"not_run"_s, notRun}};
    if (m_contract != ToolContract::Shell)
        item.insert(u"tool"_s, toolContractKey(m_contract));
    return item;
}

QString ChatSession::guardrailTitle(const QString &slug)
{
    if (slug == u"regex-prompt-injection")
        return tr("Prompt-injection patterns");
    if (slug == u"email")
        return tr("Email addresses");
    if (slug == u"phone")
        return tr("Phone numbers");
    if (slug == u"credit-card")
        return tr("Credit card numbers");
    if (slug == u"ip-address")
        return tr("IP addresses");
    return slug;
}

QString ChatSession::titleFromQuestion(const QString &question, int maxLength)
{
    QString line;
    const QStringList lines = question.split(u'\n');
    for (QString l : lines) {
        // A title is shown as text in lists and headers: no terminal escapes or bidi overrides in it.
        l.removeIf([](QChar c) {
            return c != u'\t' &&
                   (c.category() == QChar::Other_Control || c.category() == QChar::Other_Format);
        });
        line = l.simplified();
        if (!line.isEmpty())
            break;
    }
    if (line.size() <= maxLength)
        return line;
    if (maxLength < 2)
        return line.left(maxLength);
    // Cut at the last word that fits, unless that leaves less than half of the room.
    qsizetype cut = line.lastIndexOf(u' ', maxLength - 1);
    if (cut < maxLength / 2)
        cut = maxLength - 1;
    if (line.at(cut - 1).isHighSurrogate())
        --cut; // never half a character
    return line.left(cut).trimmed() + u'…';
}

void ChatSession::stop()
{
    if (!m_busy || !m_loop)
        return;
    m_stopping = true;
    m_loop->cancel(); // failed(499) ends the request
    // Saved at once (the window may be closing): the stopped call has its result already.
    m_messages = m_loop->messages();
}

void ChatSession::record(const AgentLoop *loop, int status, const QByteArray &responseBody)
{
    if (!m_observer)
        return;
    RequestRecord r = loop->record();
    r.workspace = m_observer->workspace();
    r.status = status;
    // Which conversation and question: the Logs panel shows them (kept only with input & output logging).
    r.client = u"window"_s;
    r.conversation = RequestRecord::oneLine(m_title, RequestRecord::MaxQuestionChars);
    r.question = RequestRecord::oneLine(m_lastUserText, RequestRecord::MaxQuestionChars);
    r.latencyMs = QDateTime::currentMSecsSinceEpoch() - r.timeMs;
    if (m_observer->ioLogging()) {
        // The request as the model received it (its provider's own body) and what came back.
        r.requestBody = loop->firstUpstreamBody();
        if (r.requestBody.isEmpty())
            r.requestBody = QJsonDocument(QJsonObject{{u"model"_s, m_model}, {u"input"_s, m_lastUserText}})
                                .toJson(QJsonDocument::Compact);
        r.responseBody = responseBody;
    }
    m_observer->record(r);
}

void ChatSession::finishWith(bool ok, int status, const QString &error)
{
    if (!m_loop)
        return;
    AgentLoop *loop = m_loop;
    m_loop = nullptr;
    const bool wasBusy = m_busy;
    m_busy = false;
    const RequestRecord r = loop->record();
    if (m_meter && r.serverToolCost > 0) {
        m_totalCost += r.serverToolCost;
        Q_EMIT costChanged(m_totalCost);
    }
    QString answer;
    for (auto it = m_messages.crbegin(); it != m_messages.crend() && answer.isEmpty(); ++it)
        if (it->role == Message::Role::Assistant)
            answer = it->text();
    QJsonObject body = responseBody(answer);
    if (!ok) {
        body.remove(u"output_text"_s);
        body.insert(u"error"_s, error);
    }
    record(loop, status, QJsonDocument(body).toJson(QJsonDocument::Compact));
    loop->deleteLater();
    Q_EMIT requestRecorded(m_requestId, status);
    const bool wasStopping = m_stopping;
    m_stopping = false;
    if (wasBusy)
        Q_EMIT busyChanged(false);
    if (ok)
        Q_EMIT finished();
    else if (wasStopping || status == 499)
        Q_EMIT stopped();
}
