// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/chatsession.h"

#include "gateway/guardrail.h"
#include "gateway/requestobserver.h"
#include "models/modelclient.h"
#include "models/scriptedclient.h"
#include "sandbox/container.h"
#include "sandbox/history/meter.h"
#include "sandbox/shellcall.h"
#include "tools/shellaction.h"

#include <QDateTime>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QUuid>

#include <sys/stat.h>

using namespace Qt::StringLiterals;

ChatSession::ChatSession(Container *container, QObject *parent)
    : QObject(parent)
    , m_container(container)
{
    // Sent to the model, so it stays in English whatever the interface language.
    m_systemPrompt = QStringLiteral(
        "You are a data assistant. You can run shell commands with the \"shell\" tool in a Linux "
        "sandbox whose working directory is /workspace/home, where the user's files are. Python 3 "
        "is available. Answer in Markdown.");
}

ChatSession::~ChatSession()
{
    if (m_turn)
        m_turn->disconnect(this);
    if (m_call)
        m_call->disconnect(this);
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

namespace {
// Lists regular *.png files (never symlinks, never through symlinked folders) up to depth levels below dir,
// looking at no more than *budget entries in all.
void collectPngs(const QString &dir, int depth, int *budget, QHash<QString, QDateTime> *files)
{
    QDirIterator it(dir, QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden | QDir::NoSymLinks);
    QStringList subdirs;
    while (it.hasNext() && *budget > 0) {
        --*budget;
        const QString path = it.next();
        // lstat: a link swapped in after listing is still seen as a link, and skipped.
        struct stat st;
        if (::lstat(QFile::encodeName(path).constData(), &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode)) {
            if (depth > 0)
                subdirs.append(path);
        } else if (S_ISREG(st.st_mode) && path.endsWith(u".png"_s, Qt::CaseInsensitive)) {
            files->insert(
                path,
                QDateTime::fromSecsSinceEpoch(st.st_mtim.tv_sec).addMSecs(st.st_mtim.tv_nsec / 1000000));
        }
    }
    for (const QString &sub : std::as_const(subdirs))
        collectPngs(sub, depth - 1, budget, files);
}
} // namespace

QHash<QString, QDateTime> ChatSession::pngFiles(const QString &dir)
{
    QHash<QString, QDateTime> files;
    if (dir.isEmpty())
        return files;
    int budget = MaxScannedEntries;
    collectPngs(dir, 1, &budget, &files);
    return files;
}

bool ChatSession::isImageInside(const QString &path, const QString &dir)
{
    if (path.isEmpty() || dir.isEmpty())
        return false;
    struct stat st;
    if (::lstat(QFile::encodeName(path).constData(), &st) != 0 || !S_ISREG(st.st_mode))
        return false;
    // No folder on the way may be a link out of the home either.
    const QString home = QFileInfo(dir).canonicalFilePath();
    const QString real = QFileInfo(path).canonicalFilePath();
    return !home.isEmpty() && real.startsWith(home + u'/');
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
    m_requestId = u"gui_"_s + QUuid::createUuid().toString(QUuid::Id128);
    m_record = RequestRecord();
    m_record.id = m_requestId;
    m_record.timeMs = QDateTime::currentMSecsSinceEpoch();
    m_record.api = u"workbench"_s;
    m_record.model = m_model;
    m_record.provider = m_client->config().name.isEmpty() ? u"scripted"_s : m_client->config().name;
    m_lastAnswer.clear();
    m_error.clear();
    m_lastGuardrailNote.clear();
    QString forModel = text;
    // The log entry of a blocked question names this question, not the previous one.
    m_lastUserText = text;
    if (!guard(&forModel))
        return false;
    m_lastUserText = forModel;
    if (m_messages.isEmpty() && !m_systemPrompt.isEmpty())
        m_messages.append(Message::system(m_systemPrompt));
    m_messages.append(Message::user(forModel));
    m_steps = 0;
    m_stopping = false;
    m_busy = true;
    m_chargedInRequest = 0;
    m_meterStarted = false;
    if (m_meter) {
        m_meter->begin(m_requestId);
        m_meterStarted = true;
    }
    Q_EMIT busyChanged(true);
    startTurn();
    return true;
}

bool ChatSession::guard(QString *text)
{
    if (!m_observer)
        return true;
    QString error;
    if (!m_observer->refresh(&error)) {
        // Sending unguarded would be worse than not sending (the local API refuses such requests too).
        Q_EMIT failed(tr("The question was not sent: the workspace's guardrail settings cannot be read (%1).")
                          .arg(error));
        return false;
    }
    const std::shared_ptr<const GuardrailEngine> engine = m_observer->guardrails();
    if (!engine)
        return true;
    const GuardrailOutcome outcome = engine->apply({{u"user"_s, *text}});
    m_record.detections = outcome.detections;
    for (Detection &d : m_record.detections)
        d.messageIndex = int(m_messages.size()) + (m_messages.isEmpty() && !m_systemPrompt.isEmpty() ? 1 : 0);
    if (outcome.blocked()) {
        QString family;
        for (const Detection &d : std::as_const(outcome.detections))
            if (d.action == GuardrailAction::Block && family.isEmpty())
                family = d.family;
        const QString reason = tr("Blocked by the guardrail \"%1\" (%2 detected); the question was not sent "
                                  "to the model. Rephrase "
                                  "it, or change the guardrail's action in the Guardrails panel.")
                                   .arg(outcome.blockedBy, family);
        m_error = reason;
        record(403, QString());
        Q_EMIT failed(reason);
        return false;
    }
    const QString forwarded = outcome.messages.value(0).content;
    if (!outcome.detections.isEmpty()) {
        QStringList slugs;
        for (const Detection &d : std::as_const(outcome.detections))
            if (!slugs.contains(d.guardrail))
                slugs.append(d.guardrail);
        if (forwarded != *text)
            m_lastGuardrailNote = tr("Guardrail %1 redacted part of your question before the model read it; "
                                     "the model received the text shown.")
                                      .arg(slugs.join(u", "_s));
        else
            m_lastGuardrailNote = tr("Guardrail %1 flagged your question; it was sent unchanged and the "
                                     "detection is in the request log.")
                                      .arg(slugs.join(u", "_s));
    }
    *text = forwarded;
    return true;
}

void ChatSession::stop()
{
    if (!m_busy)
        return;
    m_stopping = true;
    // Every tool call of the assistant's message needs a result, or the next request is malformed.
    for (const ToolCall &call : std::as_const(m_pendingCalls))
        m_messages.append(Message::tool(call.id, u"Cancelled by the user."_s, true));
    m_pendingCalls.clear();
    if (m_turn)
        m_turn->cancel(); // failed(Cancelled) ends the request
    if (m_call && !m_call->isFinished())
        m_call->cancel(); // finished() ends the request
    if (!m_turn && !m_call)
        finishWith(false);
}

void ChatSession::startTurn()
{
    TurnRequest request;
    request.messages = m_messages;
    request.tools = {shellTool()};
    request.sampling.model = m_model;
    request.stream = true;
    Q_EMIT assistantStarted();
    ModelTurn *turn = m_client->send(request);
    m_turn = turn;
    connect(turn, &ModelTurn::textDelta, this, &ChatSession::textDelta);
    connect(turn, &ModelTurn::finished, this, &ChatSession::onTurnFinished);
    connect(turn, &ModelTurn::failed, this, [this](const ModelError &error) {
        m_turn = nullptr;
        if (error.kind == ModelError::Kind::Cancelled || m_stopping) {
            finishWith(false);
            return;
        }
        m_error = error.toString();
        Q_EMIT failed(m_error);
        finishWith(false, error.httpStatus > 0 ? error.httpStatus : 502);
    });
}

void ChatSession::onTurnFinished(const TurnResult &result)
{
    m_turn = nullptr;
    m_messages.append(result.message);
    m_record.inputTokens += result.usage.inputTokens;
    m_record.outputTokens += result.usage.outputTokens;
    m_record.turns.append({m_model, QDateTime::currentMSecsSinceEpoch(), 0, result.usage.inputTokens,
                           result.usage.outputTokens, result.rawStopReason});
    if (!result.message.text().isEmpty())
        m_lastAnswer = result.message.text();
    Q_EMIT assistantFinished(result.message.text());
    if (m_stopping) {
        finishWith(false);
        return;
    }
    if (!result.hasToolCalls()) {
        finishWith(true);
        return;
    }
    m_pendingCalls = result.message.toolCalls;
    runNextCall();
}

void ChatSession::runNextCall()
{
    // Queued after a rejected call: the request may have ended (stop()) in between.
    if (!m_busy)
        return;
    if (m_stopping) {
        finishWith(false);
        return;
    }
    if (m_pendingCalls.isEmpty()) {
        if (m_steps >= MaxToolSteps) {
            m_error = tr("Stopped after %n tool call(s): the limit for one question.", nullptr, MaxToolSteps);
            Q_EMIT failed(m_error);
            finishWith(false);
            return;
        }
        startTurn();
        return;
    }
    const ToolCall call = m_pendingCalls.takeFirst();
    ++m_steps;
    auto reply = [this, &call](const QString &content, bool isError) {
        m_messages.append(Message::tool(call.id, content, isError));
        // Queued so a long run of rejected calls cannot recurse deeply.
        QMetaObject::invokeMethod(this, &ChatSession::runNextCall, Qt::QueuedConnection);
    };
    if (call.name != u"shell") {
        reply(u"Unknown tool \"%1\"; the only tool is \"shell\"."_s.arg(call.name), true);
        return;
    }
    if (!call.isValid()) {
        reply(call.parseError, true);
        return;
    }
    QString error;
    const std::optional<ShellAction> action = ShellAction::fromJson(call.arguments(), &error);
    if (!action) {
        reply(error, true);
        return;
    }
    m_pngsBefore = pngFiles(m_container->homeDir());
    // A call that has to start a new or sleeping container pays the cold-start minimum (SPEC 1.7).
    const bool cold = !m_container->isAwake();
    ShellCall *shell = m_container->run(*action);
    m_call = shell;
    shell->setProperty("toolCallId", call.id);
    shell->setProperty("startMs", QDateTime::currentMSecsSinceEpoch());
    connect(shell, &ShellCall::commandStarted, this, [this, cold, first = true]() mutable {
        if (m_meter && m_meterStarted)
            m_meter->commandStarted(m_requestId, cold && first);
        first = false;
    });
    connect(shell, &ShellCall::finished, this, &ChatSession::onCallFinished);
    Q_EMIT shellCallStarted(shell);
}

void ChatSession::onCallFinished()
{
    ShellCall *shell = m_call;
    m_call = nullptr;
    if (!shell)
        return;
    recordShellCall(shell);
    if (m_meter && m_meterStarted) {
        const double sofar = m_meter->current(m_requestId).cost;
        Q_EMIT shellCallCharged(shell, std::max(0.0, sofar - m_chargedInRequest));
        m_chargedInRequest = std::max(sofar, m_chargedInRequest);
    }
    const QJsonObject item = shell->outputItem();
    QString content =
        QString::fromUtf8(QJsonDocument(item.value(u"output"_s).toArray()).toJson(QJsonDocument::Compact));
    if (!shell->isCompleted() && !shell->errorString().isEmpty())
        content += u"\n"_s + shell->errorString();
    // The hosted detector never reads tool output; the workspace may ask for it (SPEC 3).
    if (m_observer && m_observer->scanToolOutput()) {
        if (const std::shared_ptr<const GuardrailEngine> engine = m_observer->guardrails()) {
            const ToolOutputOutcome outcome = engine->scanToolOutput(content);
            m_record.detections += outcome.detections;
            content = outcome.blocked() ? u"error: "_s + outcome.blockReason : outcome.text;
        }
    }
    m_messages.append(Message::tool(shell->property("toolCallId").toString(), content, false));
    Q_EMIT shellCallFinished(shell);

    QStringList images;
    const QHash<QString, QDateTime> after = pngFiles(m_container ? m_container->homeDir() : QString());
    for (auto it = after.cbegin(); it != after.cend(); ++it) {
        const auto before = m_pngsBefore.constFind(it.key());
        if (before == m_pngsBefore.cend() || before.value() != it.value())
            images.append(it.key());
    }
    images.sort();
    if (!images.isEmpty())
        Q_EMIT imagesCreated(images);
    runNextCall();
}

void ChatSession::recordShellCall(ShellCall *shell)
{
    ShellCallRecord r;
    r.callId = shell->property("toolCallId").toString();
    r.tool = u"openrouter:shell"_s;
    r.containerId = m_container ? m_container->id() : QString();
    r.startMs = shell->property("startMs").toLongLong();
    r.durationMs = QDateTime::currentMSecsSinceEpoch() - r.startMs;
    const QList<CommandResult> results = shell->results();
    for (int i = 0; i < results.size(); ++i) {
        const CommandResult &result = results.at(i);
        CommandRecord c;
        c.command = shell->action().commands.value(i);
        c.stdoutText = result.stdoutText;
        c.stderrText = result.stderrText;
        c.outcome = result.outcome.type == CommandOutcome::Type::Timeout ? u"timeout"_s : u"exit"_s;
        c.exitCode = result.outcome.type == CommandOutcome::Type::Exit ? result.outcome.exitCode : 0;
        c.durationMs = result.durationMs;
        c.startMs = r.startMs;
        r.commands.append(c);
    }
    m_record.shellCalls.append(r);
    if (!r.containerId.isEmpty() && !m_record.containerIds.contains(r.containerId))
        m_record.containerIds.append(r.containerId);
}

void ChatSession::record(int status, const QString &response)
{
    const QString requestId = m_record.id;
    if (m_observer && !requestId.isEmpty()) {
        RequestRecord r = m_record;
        r.workspace = m_observer->workspace();
        r.status = status;
        r.latencyMs = QDateTime::currentMSecsSinceEpoch() - r.timeMs;
        if (m_observer->ioLogging()) {
            r.requestBody = QJsonDocument(QJsonObject{{u"model"_s, m_model}, {u"input"_s, m_lastUserText}})
                                .toJson(QJsonDocument::Compact);
            r.responseBody = QJsonDocument(status == 200 ? QJsonObject{{u"output_text"_s, response}}
                                                         : QJsonObject{{u"error"_s, m_error}})
                                 .toJson(QJsonDocument::Compact);
        }
        m_observer->record(r);
    }
    m_record = RequestRecord();
    if (!requestId.isEmpty())
        Q_EMIT requestRecorded(requestId, status);
}

void ChatSession::finishWith(bool ok, int status)
{
    if (!m_busy)
        return;
    m_busy = false;
    if (m_meter && m_meterStarted) {
        const double cost = m_meter->finish(m_requestId).cost;
        m_meterStarted = false;
        m_record.serverToolCost = cost;
        m_totalCost += cost;
        // A question without shell calls costs nothing and leaves the figure as it was.
        if (cost > 0)
            Q_EMIT costChanged(m_totalCost);
    }
    if (!ok && status == 200)
        status = m_stopping ? 499 : 500;
    record(status, m_lastAnswer);
    const bool wasStopping = m_stopping;
    m_stopping = false;
    m_pendingCalls.clear();
    Q_EMIT busyChanged(false);
    if (ok)
        Q_EMIT finished();
    else if (wasStopping)
        Q_EMIT stopped();
}
