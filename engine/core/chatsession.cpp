// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/chatsession.h"

#include "models/modelclient.h"
#include "sandbox/container.h"
#include "sandbox/shellcall.h"
#include "tools/shellaction.h"

#include <QDirIterator>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

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

QHash<QString, QDateTime> ChatSession::pngFiles(const QString &dir)
{
    QHash<QString, QDateTime> files;
    if (dir.isEmpty())
        return files;
    QDirIterator it(dir, {u"*.png"_s}, QDir::Files, QDirIterator::Subdirectories);
    const int baseDepth = int(dir.count(u'/'));
    while (it.hasNext()) {
        const QString path = it.next();
        if (path.count(u'/') - baseDepth > 2)
            continue;
        files.insert(path, it.fileInfo().lastModified());
    }
    return files;
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
    if (m_messages.isEmpty() && !m_systemPrompt.isEmpty())
        m_messages.append(Message::system(m_systemPrompt));
    m_messages.append(Message::user(text));
    m_steps = 0;
    m_stopping = false;
    m_busy = true;
    Q_EMIT busyChanged(true);
    startTurn();
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
        Q_EMIT failed(error.toString());
        finishWith(false);
    });
}

void ChatSession::onTurnFinished(const TurnResult &result)
{
    m_turn = nullptr;
    m_messages.append(result.message);
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
    if (m_stopping) {
        finishWith(false);
        return;
    }
    if (m_pendingCalls.isEmpty()) {
        if (m_steps >= MaxToolSteps) {
            Q_EMIT failed(
                tr("Stopped after %n tool call(s): the limit for one question.", nullptr, MaxToolSteps));
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
    ShellCall *shell = m_container->run(*action);
    m_call = shell;
    shell->setProperty("toolCallId", call.id);
    connect(shell, &ShellCall::finished, this, &ChatSession::onCallFinished);
    Q_EMIT shellCallStarted(shell);
}

void ChatSession::onCallFinished()
{
    ShellCall *shell = m_call;
    m_call = nullptr;
    if (!shell)
        return;
    const QJsonObject item = shell->outputItem();
    QString content =
        QString::fromUtf8(QJsonDocument(item.value(u"output"_s).toArray()).toJson(QJsonDocument::Compact));
    if (!shell->isCompleted() && !shell->errorString().isEmpty())
        content += u"\n"_s + shell->errorString();
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

void ChatSession::finishWith(bool ok)
{
    if (!m_busy)
        return;
    m_busy = false;
    const bool wasStopping = m_stopping;
    m_stopping = false;
    m_pendingCalls.clear();
    Q_EMIT busyChanged(false);
    if (ok)
        Q_EMIT finished();
    else if (wasStopping)
        Q_EMIT stopped();
}
