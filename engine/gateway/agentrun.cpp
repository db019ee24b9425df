// SPDX-License-Identifier: GPL-3.0-or-later
#include "agentrun.h"

#include "models/modelclient.h"
#include "models/providerregistry.h"
#include "sandbox/container.h"
#include "sandbox/containermanager.h"
#include "sandbox/history/meter.h"
#include "sandbox/shellcall.h"
#include "tools/shellaction.h"

#include <QDateTime>
#include <QDir>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace {

QString compact(const QJsonValue &value)
{
    return QString::fromUtf8(value.isArray()
                                 ? QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact)
                                 : QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
}

QString randomToken(int length)
{
    static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    QString out;
    out.reserve(length);
    for (int i = 0; i < length; ++i)
        out.append(QLatin1Char(alphabet[QRandomGenerator::global()->bounded(62)]));
    return out;
}

// The persistent bash session of a container (SPEC 1.1). The container runs one command at a time, so a
// long-lived bash would block every other call; instead each call restores the state the previous one saved
// (working directory, exported variables, functions, aliases) and saves it again on exit, even on `exit`.
// The state lives in the container's private /tmp, so it ends with the sandbox, as processes do.
QString bashScript(const QString &command)
{
    const QString encoded = QString::fromLatin1(command.toUtf8().toBase64());
    return u"__sb_dir=/tmp/.sandbench-bash\n"
           "mkdir -p \"$__sb_dir\" 2>/dev/null\n"
           "[ -f \"$__sb_dir/state\" ] && . \"$__sb_dir/state\" >/dev/null 2>&1\n"
           "__sb_save() { { export -p; declare -f; alias -p; printf 'cd -- %q 2>/dev/null\\n' \"$PWD\"; } "
           "> \"$__sb_dir/state.new\" 2>/dev/null && mv -f \"$__sb_dir/state.new\" \"$__sb_dir/state\"; }\n"
           "trap __sb_save EXIT\n"
           "shopt -s expand_aliases\n"
           "eval \"$(printf %s '"_s +
           encoded + u"' | base64 -d)\"\n"_s;
}

QJsonArray resultsJson(const QList<CommandResult> &results)
{
    QJsonArray out;
    for (const CommandResult &r : results)
        out.append(r.toJson());
    return out;
}

QString roleName(Message::Role role)
{
    switch (role) {
    case Message::Role::System:
        return u"system"_s;
    case Message::Role::User:
        return u"user"_s;
    case Message::Role::Assistant:
        return u"assistant"_s;
    case Message::Role::Tool:
        return u"tool"_s;
    }
    return u"user"_s;
}

bool isOpenAiHosted(const ModelClient *client)
{
    // Only OpenAI's own Responses API hosts a shell; a local server speaking the format does not.
    const QString host = client->config().baseUrl.host();
    return client->api() == ProviderApi::Responses &&
           (host == u"api.openai.com" || host.endsWith(u".openai.com"));
}

} // namespace

AgentRun::AgentRun(const AgentRequest &request, const AgentEnvironment &env, QObject *parent)
    : QObject(parent)
    , m_request(request)
    , m_env(env)
{
    m_id = newId(request.api == CallerApi::Responses ? u"resp_"_s : u"msg_"_s);
    m_messages = request.messages;
}

AgentRun::~AgentRun()
{
    if (m_turn)
        m_turn->cancel();
    if (m_call && !m_call->isFinished())
        m_call->cancel();
    if (m_env.meter && m_meterStarted && !m_done)
        m_env.meter->finish(m_id);
}

QString AgentRun::newId(const QString &prefix) const
{
    return prefix + randomToken(24);
}

void AgentRun::start()
{
    m_clock.start();
    m_startMs = QDateTime::currentMSecsSinceEpoch();
    QString error;
    ModelRoute route;
    m_client =
        m_env.providers ? m_env.providers->createClient(m_request.model, &route, &error, this) : nullptr;
    if (!m_client) {
        fail(400, u"invalid_request_error"_s,
             u"model \"%1\": %2"_s.arg(m_request.model,
                                       error.isEmpty() ? u"no provider is configured"_s : error));
        return;
    }
    m_upstreamModel = route.model;
    m_request.sampling.model = route.model;
    m_provider = route.provider.name;
    if (!applyGuardrails())
        return; // blocked: nothing reached the model

    const bool shellLocal =
        m_request.shell && !(m_request.shell->engine == ServerToolConfig::Engine::Auto &&
                             m_request.api == CallerApi::Responses && isOpenAiHosted(m_client));
    m_nativeShell = m_request.shell && !shellLocal;
    if (m_request.shell && !shellLocal) {
        // Keep the provider's own hosted shell: it runs there and its items come back with the response.
        m_request.shell.reset();
    }
    const bool needsContainer =
        m_request.shell || (m_request.bash && m_request.bash->engine == ServerToolConfig::Engine::OpenRouter);
    if (needsContainer && !resolveContainer(&error)) {
        return; // resolveContainer failed the run
    }

    m_tools = m_request.callerTools;
    if (m_request.shell) {
        ToolDefinition shell;
        shell.name = m_request.shellFunctionName;
        shell.description = u"Runs shell commands in a sandboxed Linux container (working directory "
                            "/workspace/home). The commands of one call run in order, each as its own shell "
                            "process; returns each command's stdout, stderr and exit code."_s;
        shell.parameters =
            QJsonObject{{u"type"_s, u"object"_s},
                        {u"properties"_s,
                         QJsonObject{{u"commands"_s,
                                      QJsonObject{{u"type"_s, u"array"_s},
                                                  {u"items"_s, QJsonObject{{u"type"_s, u"string"_s}}},
                                                  {u"description"_s, u"Shell commands to run in order."_s}}},
                                     {u"timeout_ms"_s, QJsonObject{{u"type"_s, u"integer"_s}}},
                                     {u"max_output_length"_s, QJsonObject{{u"type"_s, u"integer"_s}}}}},
                        {u"required"_s, QJsonArray{u"commands"_s}}};
        m_tools.append(shell);
    }
    if (m_request.bash) {
        ToolDefinition bash;
        bash.name = m_request.bashFunctionName;
        bash.description = u"Runs a command in a persistent bash session: the working directory, exported "
                           "variables and functions survive between calls until restart is true."_s;
        bash.parameters = QJsonObject{
            {u"type"_s, u"object"_s},
            {u"properties"_s, QJsonObject{{u"command"_s, QJsonObject{{u"type"_s, u"string"_s}}},
                                          {u"restart"_s, QJsonObject{{u"type"_s, u"boolean"_s}}}}}};
        m_tools.append(bash);
    }
    if (m_env.meter && needsContainer) {
        m_env.meter->begin(m_id);
        m_meterStarted = true;
    }
    nextTurn();
}

bool AgentRun::applyGuardrails()
{
    if (!m_env.guardrails)
        return true;
    // Every text the guardrails read, flattened, with where it came from (part -1: a tool result). Native
    // items replayed verbatim are not scanned: they are provider output, not user-supplied text.
    struct Source
    {
        int message;
        int part;
    };
    QList<GuardrailMessage> texts;
    QList<Source> sources;
    for (int m = 0; m < m_messages.size(); ++m) {
        const Message &message = m_messages.at(m);
        const QString role = roleName(message.role);
        for (int p = 0; p < message.content.size(); ++p) {
            if (message.content.at(p).type != ContentPart::Type::Text || message.content.at(p).text.isEmpty())
                continue;
            texts.append({role, message.content.at(p).text});
            sources.append({m, p});
        }
        if (message.role == Message::Role::Tool && !message.toolResult.content.isEmpty()) {
            texts.append({role, message.toolResult.content});
            sources.append({m, -1});
        }
    }
    const GuardrailOutcome outcome = m_env.guardrails->apply(texts);
    for (Detection d : outcome.detections) {
        d.messageIndex = d.messageIndex >= 0 ? sources.at(d.messageIndex).message : -1;
        m_detections.append(d);
    }
    if (outcome.blocked()) {
        const Detection *first = nullptr;
        for (const Detection &d : std::as_const(m_detections))
            if (d.action == GuardrailAction::Block && !first)
                first = &d;
        m_errorCode = u"guardrail_blocked"_s;
        fail(403, u"permission_error"_s,
             u"Request blocked by guardrail '%1': %2 detected in message %3 before it reached the model."_s
                 .arg(outcome.blockedBy, first ? first->family : QString(),
                      QString::number(first ? first->messageIndex : 0)));
        return false;
    }
    for (int i = 0; i < sources.size() && i < outcome.messages.size(); ++i) {
        const QString &text = outcome.messages.at(i).content;
        if (text == texts.at(i).content)
            continue;
        Message &message = m_messages[sources.at(i).message];
        if (sources.at(i).part < 0)
            message.toolResult.content = text;
        else
            message.content[sources.at(i).part].text = text;
    }
    return true;
}

bool AgentRun::scanOutput(QString *text, QString *blockReason)
{
    if (!m_env.guardrails || !m_env.scanToolOutput || text->isEmpty())
        return true;
    const ToolOutputOutcome outcome = m_env.guardrails->scanToolOutput(*text);
    m_detections += outcome.detections;
    if (outcome.blocked()) {
        *blockReason = outcome.blockReason;
        return false;
    }
    *text = outcome.text;
    return true;
}

bool AgentRun::resolveContainer(QString *error)
{
    QString reference;
    std::optional<NetworkPolicy> policy;
    for (const std::optional<ServerToolConfig> *tool : {&m_request.shell, &m_request.bash}) {
        if (!*tool)
            continue;
        if (!(*tool)->containerReference.isEmpty()) {
            if (!reference.isEmpty() && reference != (*tool)->containerReference) {
                fail(400, u"invalid_request_error"_s,
                     u"the shell and bash tools name different containers (%1, %2)"_s.arg(
                         reference, (*tool)->containerReference));
                return false;
            }
            reference = (*tool)->containerReference;
        }
        if ((*tool)->networkPolicy) {
            if (policy && !(*policy == *(*tool)->networkPolicy)) {
                fail(400, u"invalid_request_error"_s,
                     u"the shell and bash tools ask for different network policies"_s);
                return false;
            }
            policy = (*tool)->networkPolicy;
        }
    }
    // SPEC 1.4: a container_reference must name a container of this workspace; otherwise the session id
    // (ignored when malformed, last 20 characters when long), then the replayed container, then a new one.
    bool created = false;
    Container *c = m_env.containers->chooseContainer(m_request.sessionId, reference,
                                                     m_request.replayedContainerId, policy, error, &created);
    if (!c) {
        fail(400, u"invalid_request_error"_s, *error);
        return false;
    }
    m_containerId = c->id();
    m_containerIsNew = created;
    return true;
}

Container *AgentRun::container(QString *error)
{
    Container *c = m_env.containers->find(m_containerId);
    if (!c) {
        *error = tr("container %1 is gone").arg(m_containerId);
        return nullptr;
    }
    // chooseContainer() fixed or checked the network policy already.
    return c;
}

void AgentRun::nextTurn()
{
    if (m_done)
        return;
    TurnRequest turn;
    turn.messages = m_messages;
    turn.tools = m_tools;
    if (m_nativeShell)
        turn.nativeTools.append(QJsonObject{
            {u"type"_s, u"shell"_s}, {u"environment"_s, QJsonObject{{u"type"_s, u"container_auto"_s}}}});
    turn.sampling = m_request.sampling;
    turn.stream = true;
    m_textEntry = -1;
    m_turnStartMs = QDateTime::currentMSecsSinceEpoch();
    m_turn = m_client->send(turn);
    connect(m_turn, &ModelTurn::textDelta, this, [this](const QString &delta) {
        if (m_done || delta.isEmpty())
            return;
        if (m_textEntry < 0) {
            const QJsonObject entry =
                m_request.api == CallerApi::Responses
                    ? QJsonObject{{u"type"_s, u"message"_s},
                                  {u"id"_s, newId(u"msg_"_s)},
                                  {u"status"_s, u"in_progress"_s},
                                  {u"role"_s, u"assistant"_s},
                                  {u"content"_s, QJsonArray{QJsonObject{{u"type"_s, u"output_text"_s},
                                                                        {u"text"_s, QString()},
                                                                        {u"annotations"_s, QJsonArray()}}}}}
                    : QJsonObject{{u"type"_s, u"text"_s}, {u"text"_s, QString()}};
            m_textEntry = addEntry(entry);
        }
        Q_EMIT outputTextDelta(m_textEntry, delta);
    });
    connect(m_turn, &ModelTurn::finished, this, &AgentRun::onTurnFinished);
    connect(m_turn, &ModelTurn::failed, this, &AgentRun::onTurnFailed);
}

void AgentRun::onTurnFinished(const TurnResult &result)
{
    m_turn = nullptr;
    if (m_done)
        return;
    m_usage.inputTokens += result.usage.inputTokens;
    m_usage.outputTokens += result.usage.outputTokens;
    m_lastStopReason = result.rawStopReason;
    m_turnRecords.append({m_upstreamModel, m_turnStartMs, QDateTime::currentMSecsSinceEpoch() - m_turnStartMs,
                          result.usage.inputTokens, result.usage.outputTokens, result.rawStopReason});
    const QString text = result.message.text();
    if (!text.isEmpty() || m_textEntry >= 0) {
        QJsonObject entry;
        if (m_request.api == CallerApi::Responses) {
            entry = m_textEntry >= 0 ? m_output.at(m_textEntry).toObject()
                                     : QJsonObject{{u"type"_s, u"message"_s},
                                                   {u"id"_s, newId(u"msg_"_s)},
                                                   {u"role"_s, u"assistant"_s}};
            entry.insert(u"status"_s, u"completed"_s);
            entry.insert(u"content"_s, QJsonArray{QJsonObject{{u"type"_s, u"output_text"_s},
                                                              {u"text"_s, text},
                                                              {u"annotations"_s, QJsonArray()}}});
        } else {
            entry = QJsonObject{{u"type"_s, u"text"_s}, {u"text"_s, text}};
        }
        if (m_textEntry < 0)
            m_textEntry = addEntry(entry);
        setEntry(m_textEntry, entry);
        Q_EMIT outputDone(m_textEntry, entry);
    }
    if (m_nativeShell) {
        // The provider ran its own hosted shell: its items go to the caller as they are.
        for (const QJsonValue &v : result.rawOutput.toArray()) {
            const QString type = v.toObject().value(u"type"_s).toString();
            if (type.startsWith(u"shell_call")) {
                const int index = addEntry(v.toObject());
                Q_EMIT outputDone(index, v.toObject());
            }
        }
    }
    m_messages.append(result.message);
    for (const ToolCall &call : result.message.toolCalls) {
        if (m_request.shell && call.name == m_request.shellFunctionName)
            m_pending.append({call, false});
        else if (m_request.bash && call.name == m_request.bashFunctionName &&
                 m_request.bash->engine == ServerToolConfig::Engine::OpenRouter)
            m_pending.append({call, true});
        else
            m_callerCalls.append(call);
    }
    if (m_pending.isEmpty()) {
        finish(m_callerCalls.isEmpty() ? QString() : u"tool_use"_s);
        return;
    }
    runNextCall();
}

void AgentRun::onTurnFailed(const ModelError &error)
{
    m_turn = nullptr;
    if (m_done)
        return;
    m_turnRecords.append({m_upstreamModel, m_turnStartMs, QDateTime::currentMSecsSinceEpoch() - m_turnStartMs,
                          0, 0, u"error"_s});
    int status = 502;
    QString type = u"api_error"_s;
    if (error.kind == ModelError::Kind::Cancelled)
        status = 499;
    else if (error.kind == ModelError::Kind::Timeout)
        status = 504;
    else if (error.httpStatus == 429) {
        status = 429;
        type = u"rate_limit_error"_s;
    } else if (error.kind == ModelError::Kind::Config)
        status = 400;
    fail(status, type, u"upstream model failed: %1"_s.arg(error.toString()));
}

void AgentRun::runNextCall()
{
    if (m_done)
        return;
    if (m_pending.isEmpty()) {
        if (!m_callerCalls.isEmpty())
            finish(u"tool_use"_s);
        else
            nextTurn();
        return;
    }
    if (m_steps >= m_request.maxToolCalls) {
        m_pending.clear();
        finish(u"max_tool_calls"_s);
        return;
    }
    const PendingCall pending = m_pending.takeFirst();
    ++m_steps;
    if (!pending.call.isValid()) {
        toolError(pending, u"the arguments are not one JSON object (%1); send {\"%2\": ...} as JSON"_s.arg(
                               pending.call.parseError, pending.bash ? u"command"_s : u"commands"_s));
        return;
    }
    startShellCall(pending);
}

void AgentRun::toolError(const PendingCall &pending, const QString &message)
{
    m_messages.append(Message::tool(pending.call.id, u"error: "_s + message, true));
    if (m_request.api == CallerApi::Responses) {
        const int index = addEntry(QJsonObject{{u"type"_s, u"openrouter:shell"_s},
                                               {u"id"_s, newId(u"sh_"_s)},
                                               {u"call_id"_s, pending.call.id},
                                               {u"status"_s, u"incomplete"_s},
                                               {u"container_id"_s, m_containerId},
                                               {u"error"_s, message},
                                               {u"output"_s, QJsonArray()}});
        Q_EMIT outputDone(index, m_output.at(index).toObject());
    } else {
        const QString name = pending.bash ? u"openrouter:bash"_s : u"openrouter:shell"_s;
        int index = addEntry(QJsonObject{{u"type"_s, u"server_tool_use"_s},
                                         {u"id"_s, pending.call.id},
                                         {u"name"_s, name},
                                         {u"input"_s, QJsonObject{{u"raw"_s, pending.call.argumentsJson}}}});
        Q_EMIT outputDone(index, m_output.at(index).toObject());
        index = addEntry(QJsonObject{
            {u"type"_s, pending.bash ? u"openrouter_bash_tool_result"_s : u"openrouter_shell_tool_result"_s},
            {u"tool_use_id"_s, pending.call.id},
            {u"content"_s, QJsonObject{{u"type"_s, u"error"_s},
                                       {u"error_code"_s, u"invalid_tool_input"_s},
                                       {u"message"_s, message}}}});
        Q_EMIT outputDone(index, m_output.at(index).toObject());
    }
    QTimer::singleShot(0, this, &AgentRun::runNextCall);
}

void AgentRun::startShellCall(const PendingCall &pending)
{
    const QJsonObject args = pending.call.arguments();
    const ServerToolConfig &tool = pending.bash ? *m_request.bash : *m_request.shell;
    QJsonObject actionArgs;
    QString bashCommand;
    if (pending.bash) {
        const bool restart = args.value(u"restart"_s).toBool(false);
        if (args.value(u"commands"_s).isArray()) {
            QStringList parts;
            for (const QJsonValue &v : args.value(u"commands"_s).toArray())
                parts.append(v.toString());
            bashCommand = parts.join(u'\n');
        } else if (args.value(u"command"_s).isString()) {
            bashCommand = args.value(u"command"_s).toString();
        } else if (!restart) {
            toolError(pending, u"\"command\" is required: a string (or \"restart\": true)"_s);
            return;
        }
        QString script = bashScript(bashCommand);
        if (restart)
            script = u"rm -rf /tmp/.sandbench-bash\n"_s +
                     (bashCommand.isEmpty() ? u"echo 'bash session restarted'"_s : script);
        actionArgs.insert(u"commands"_s, QJsonArray{script});
        for (const QString &key : {u"timeout_ms"_s, u"max_output_length"_s})
            if (args.contains(key))
                actionArgs.insert(key, args.value(key));
    } else {
        actionArgs = args;
    }
    if (tool.timeoutMs && !actionArgs.contains(u"timeout_ms"_s))
        actionArgs.insert(u"timeout_ms"_s, *tool.timeoutMs);
    if (tool.maxOutputLength && !actionArgs.contains(u"max_output_length"_s))
        actionArgs.insert(u"max_output_length"_s, *tool.maxOutputLength);
    QString error;
    const std::optional<ShellAction> action = ShellAction::fromJson(actionArgs, &error);
    if (!action) {
        toolError(pending, error);
        return;
    }
    Container *c = container(&error);
    if (!c) {
        toolError(pending, u"the container cannot be used: %1"_s.arg(error));
        return;
    }
    // The meter charges a cold start when this command has to start a new or sleeping sandbox.
    const bool cold = c->state() != Container::State::Running && c->state() != Container::State::Starting;
    m_containerIsNew = false;

    int index = -1;
    const QJsonObject actionJson = action->toJson();
    if (m_request.api == CallerApi::Responses) {
        if (tool.kind == ServerToolConfig::Kind::NativeShell) {
            index = addEntry(QJsonObject{{u"type"_s, u"shell_call"_s},
                                         {u"id"_s, newId(u"sh_"_s)},
                                         {u"call_id"_s, pending.call.id},
                                         {u"action"_s, actionJson},
                                         {u"status"_s, u"in_progress"_s},
                                         {u"container_id"_s, m_containerId}});
        } else {
            index = addEntry(
                shellOutputItem(newId(u"sh_"_s), pending.call.id, m_containerId, *action, {}, false));
            QJsonObject entry = m_output.at(index).toObject();
            entry.insert(u"status"_s, u"in_progress"_s);
            setEntry(index, entry);
        }
    } else {
        QJsonObject input = args;
        index = addEntry(QJsonObject{{u"type"_s, u"server_tool_use"_s},
                                     {u"id"_s, pending.call.id},
                                     {u"name"_s, pending.bash ? u"openrouter:bash"_s : u"openrouter:shell"_s},
                                     {u"input"_s, input}});
        Q_EMIT outputDone(index, m_output.at(index).toObject());
    }
    Q_EMIT shellCallStarted(index, pending.call.id, m_containerId, actionJson);

    const int recordIndex = int(m_shellRecords.size());
    m_shellRecords.append({pending.call.id,
                           pending.bash ? u"openrouter:bash"_s : tool.typeName(),
                           m_containerId,
                           QDateTime::currentMSecsSinceEpoch(),
                           0,
                           {}});
    ShellCall *call = c->run(*action);
    m_call = call;
    bool firstCommand = true;
    connect(call, &ShellCall::commandStarted, this,
            [this, index, call, cold, firstCommand, bashCommand, pending, recordIndex](int command) mutable {
                if (m_env.meter && m_meterStarted)
                    m_env.meter->commandStarted(m_id, cold && firstCommand);
                firstCommand = false;
                const QString text = pending.bash ? bashCommand : call->action().commands.value(command);
                QList<CommandRecord> &commands = m_shellRecords[recordIndex].commands;
                while (commands.size() <= command)
                    commands.append(CommandRecord());
                commands[command].command = text;
                commands[command].startMs = QDateTime::currentMSecsSinceEpoch();
                Q_EMIT commandStarted(index, command, text);
            });
    connect(call, &ShellCall::outputChunk, this,
            [this, index](int command, ShellCall::Stream stream, const QString &text) {
                Q_EMIT commandOutput(index, command,
                                     stream == ShellCall::Stream::Stdout ? u"stdout"_s : u"stderr"_s, text);
            });
    connect(call, &ShellCall::commandFinished, this, [this, index](int command, const CommandResult &result) {
        Q_EMIT commandFinished(index, command, result.toJson());
    });
    connect(call, &ShellCall::finished, this, [this, call, pending, index, bashCommand, recordIndex] {
        m_call = nullptr;
        call->deleteLater();
        const QList<CommandResult> results = call->results();
        ShellCallRecord &callRecord = m_shellRecords[recordIndex];
        callRecord.durationMs = QDateTime::currentMSecsSinceEpoch() - callRecord.startMs;
        for (int i = 0; i < results.size(); ++i) {
            if (callRecord.commands.size() <= i) {
                CommandRecord missing;
                missing.command = pending.bash ? bashCommand : call->action().commands.value(i);
                callRecord.commands.append(missing);
            }
            CommandRecord &command = callRecord.commands[i];
            const CommandResult &r = results.at(i);
            command.stdoutText = r.stdoutText;
            command.stderrText = r.stderrText;
            command.outcome = r.outcome.type == CommandOutcome::Type::Timeout ? u"timeout"_s : u"exit"_s;
            command.exitCode = r.outcome.type == CommandOutcome::Type::Exit ? r.outcome.exitCode : 0;
            command.durationMs = r.durationMs;
            if (command.startMs == 0)
                command.startMs = callRecord.startMs;
        }
        if (m_done)
            return;
        const bool completed = call->isCompleted();
        // The model reads a copy of the output the guardrails may have redacted (or withheld); the caller's
        // own items keep what the sandbox printed.
        QList<CommandResult> forModelResults = results;
        QString blockReason;
        for (CommandResult &r : forModelResults) {
            if (!scanOutput(&r.stdoutText, &blockReason) || !scanOutput(&r.stderrText, &blockReason))
                break;
        }
        if (results.isEmpty() && !call->errorString().isEmpty()) {
            fail(500, u"api_error"_s, u"the sandbox cannot run: %1"_s.arg(call->errorString()));
            return;
        }
        const ServerToolConfig &tool = pending.bash ? *m_request.bash : *m_request.shell;
        QString forModel;
        if (pending.bash) {
            const CommandResult r = results.value(0);
            QJsonObject content{{u"command"_s, bashCommand},
                                {u"stdout"_s, r.stdoutText},
                                {u"stderr"_s, r.stderrText},
                                {u"exitCode"_s, r.outcome.type == CommandOutcome::Type::Exit
                                                    ? QJsonValue(r.outcome.exitCode)
                                                    : QJsonValue(QJsonValue::Null)},
                                {u"outcome"_s, r.outcome.toJson()},
                                {u"container_id"_s, m_containerId}};
            const CommandResult m = forModelResults.value(0);
            forModel = compact(QJsonObject{{u"stdout"_s, m.stdoutText},
                                           {u"stderr"_s, m.stderrText},
                                           {u"outcome"_s, m.outcome.toJson()}});
            const QJsonObject block{{u"type"_s, u"openrouter_bash_tool_result"_s},
                                    {u"tool_use_id"_s, pending.call.id},
                                    {u"content"_s, content}};
            const int resultIndex = addEntry(block);
            Q_EMIT outputDone(resultIndex, block);
        } else {
            forModel = compact(resultsJson(forModelResults));
            if (m_request.api == CallerApi::Messages) {
                const QJsonObject block{{u"type"_s, u"openrouter_shell_tool_result"_s},
                                        {u"tool_use_id"_s, pending.call.id},
                                        {u"content"_s, QJsonObject{{u"container_id"_s, m_containerId},
                                                                   {u"action"_s, call->action().toJson()},
                                                                   {u"output"_s, resultsJson(results)}}}};
                const int resultIndex = addEntry(block);
                Q_EMIT outputDone(resultIndex, block);
            } else if (tool.kind == ServerToolConfig::Kind::NativeShell) {
                QJsonObject item = m_output.at(index).toObject();
                item.insert(u"status"_s, completed ? u"completed"_s : u"incomplete"_s);
                setEntry(index, item);
                Q_EMIT outputDone(index, item);
                const QJsonObject out{{u"type"_s, u"shell_call_output"_s},
                                      {u"id"_s, newId(u"sho_"_s)},
                                      {u"call_id"_s, pending.call.id},
                                      {u"container_id"_s, m_containerId},
                                      {u"max_output_length"_s, call->action().maxOutputLength},
                                      {u"output"_s, resultsJson(results)}};
                const int outIndex = addEntry(out);
                Q_EMIT outputDone(outIndex, out);
            } else {
                const QJsonObject item =
                    shellOutputItem(m_output.at(index).toObject().value(u"id"_s).toString(), pending.call.id,
                                    m_containerId, call->action(), results, completed);
                setEntry(index, item);
                Q_EMIT outputDone(index, item);
            }
        }
        if (!blockReason.isEmpty())
            m_messages.append(Message::tool(pending.call.id, u"error: "_s + blockReason, true));
        else
            m_messages.append(Message::tool(pending.call.id, forModel, !completed));
        Q_EMIT filesChanged(m_containerId);
        runNextCall();
    });
}

int AgentRun::addEntry(const QJsonObject &entry)
{
    m_output.append(entry);
    const int index = int(m_output.size() - 1);
    Q_EMIT outputAdded(index, entry);
    return index;
}

void AgentRun::setEntry(int index, const QJsonObject &entry)
{
    m_output.replace(index, entry);
}

QJsonObject AgentRun::callerCallEntry(const ToolCall &call) const
{
    if (m_request.api == CallerApi::Responses)
        return {{u"type"_s, u"function_call"_s},
                {u"id"_s, newId(u"fc_"_s)},
                {u"call_id"_s, call.id},
                {u"name"_s, call.name},
                {u"arguments"_s, call.argumentsJson},
                {u"status"_s, u"completed"_s}};
    return {{u"type"_s, u"tool_use"_s},
            {u"id"_s, call.id},
            {u"name"_s, call.name},
            {u"input"_s, call.arguments()}};
}

void AgentRun::finish(const QString &stopWhy)
{
    if (m_done)
        return;
    for (const ToolCall &call : std::as_const(m_callerCalls)) {
        const QJsonObject entry = callerCallEntry(call);
        const int index = addEntry(entry);
        Q_EMIT outputDone(index, entry);
    }
    m_done = true;
    const QJsonObject response = buildResponse(stopWhy);
    Q_EMIT finished(response);
}

void AgentRun::fail(int status, const QString &type, const QString &message)
{
    if (m_done)
        return;
    m_done = true;
    if (m_env.meter && m_meterStarted)
        m_cost = m_env.meter->finish(m_id).cost;
    m_meterStarted = false;
    if (m_turn)
        m_turn->cancel();
    if (m_call && !m_call->isFinished())
        m_call->cancel();
    // Queued so a caller connecting after start() still sees it.
    QTimer::singleShot(0, this, [this, status, type, message] { Q_EMIT failed(status, type, message); });
}

void AgentRun::cancel()
{
    fail(499, u"cancelled"_s, u"the client closed the request"_s);
}

QJsonObject AgentRun::buildResponse(const QString &stopWhy) const
{
    QJsonObject usage;
    double cost = 0;
    bool metered = false;
    if (m_env.meter && m_meterStarted) {
        cost = m_env.meter->finish(m_id).cost;
        m_cost = cost;
        metered = true;
    }
    const QString why = stopWhy == u"max_tool_calls"
                            ? u"stopped after %1 server tool calls: max_tool_calls is %2"_s.arg(m_steps).arg(
                                  m_request.maxToolCalls)
                            : QString();
    if (m_request.api == CallerApi::Responses) {
        usage = {{u"input_tokens"_s, m_usage.inputTokens},
                 {u"output_tokens"_s, m_usage.outputTokens},
                 {u"total_tokens"_s, m_usage.inputTokens + m_usage.outputTokens}};
        if (metered || m_request.hasServerTool())
            usage.insert(u"server_tool_cost"_s, cost);
        QJsonObject response{{u"id"_s, m_id},
                             {u"object"_s, u"response"_s},
                             {u"created_at"_s, QDateTime::currentSecsSinceEpoch()},
                             {u"status"_s, stopWhy == u"max_tool_calls" ? u"incomplete"_s : u"completed"_s},
                             {u"model"_s, m_request.model},
                             {u"output"_s, m_output},
                             {u"usage"_s, usage},
                             {u"error"_s, QJsonValue::Null},
                             {u"max_tool_calls"_s, m_request.maxToolCalls},
                             {u"incomplete_details"_s,
                              why.isEmpty() ? QJsonValue(QJsonValue::Null)
                                            : QJsonValue(QJsonObject{{u"reason"_s, u"max_tool_calls"_s},
                                                                     {u"message"_s, why}})}};
        if (!m_request.metadata.isEmpty())
            response.insert(u"metadata"_s, m_request.metadata);
        if (!m_containerId.isEmpty())
            response.insert(u"container_id"_s, m_containerId);
        return response;
    }
    usage = {{u"input_tokens"_s, m_usage.inputTokens}, {u"output_tokens"_s, m_usage.outputTokens}};
    if (metered || m_request.hasServerTool())
        usage.insert(u"server_tool_cost"_s, cost);
    QString stopReason = u"end_turn"_s;
    if (stopWhy == u"tool_use")
        stopReason = u"tool_use"_s;
    else if (stopWhy == u"max_tool_calls")
        stopReason = u"pause_turn"_s;
    else if (m_lastStopReason == u"max_tokens" || m_lastStopReason == u"length" ||
             m_lastStopReason == u"max_output_tokens")
        stopReason = u"max_tokens"_s;
    QJsonObject response{{u"id"_s, m_id},
                         {u"type"_s, u"message"_s},
                         {u"role"_s, u"assistant"_s},
                         {u"model"_s, m_request.model},
                         {u"content"_s, m_output},
                         {u"stop_reason"_s, stopReason},
                         {u"stop_sequence"_s, QJsonValue::Null},
                         {u"usage"_s, usage}};
    if (!why.isEmpty())
        response.insert(u"stop_details"_s,
                        QJsonObject{{u"type"_s, u"max_tool_calls"_s}, {u"message"_s, why}});
    if (!m_containerId.isEmpty())
        response.insert(u"container"_s, QJsonObject{{u"id"_s, m_containerId}});
    return response;
}

RequestRecord AgentRun::record() const
{
    RequestRecord r;
    r.id = m_id;
    r.timeMs = m_startMs ? m_startMs : QDateTime::currentMSecsSinceEpoch();
    r.api = m_request.api == CallerApi::Responses ? u"responses"_s : u"messages"_s;
    r.model = m_request.model;
    r.provider = m_provider;
    r.inputTokens = m_usage.inputTokens;
    r.outputTokens = m_usage.outputTokens;
    r.serverToolCost = m_cost;
    if (!m_shellRecords.isEmpty() && !m_containerId.isEmpty())
        r.containerIds = QStringList{m_containerId};
    r.shellCalls = m_shellRecords;
    r.turns = m_turnRecords;
    r.detections = m_detections;
    return r;
}
