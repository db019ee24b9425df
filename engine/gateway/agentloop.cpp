// SPDX-License-Identifier: GPL-3.0-or-later
#include "agentloop.h"

#include "base/randomtoken.h"
#include "base/shellsplitter.h"
#include "base/workspacesettings.h"
#include "gateway/approvalbroker.h"
#include "models/modelclient.h"
#include "models/providerregistry.h"
#include "sandbox/container.h"
#include "sandbox/containermanager.h"
#include "sandbox/history/filestore.h"
#include "sandbox/history/janitor.h"
#include "sandbox/history/meter.h"
#include "sandbox/history/uploadstore.h"
#include "sandbox/images/imagestore.h"
#include "sandbox/pythonkernel.h"
#include "sandbox/shellcall.h"

#include <QDateTime>
#include <QFile>
#include <QFutureWatcher>
#include <QJsonDocument>
#include <QPointer>
#include <QRegularExpression>
#include <QSet>
#include <QTimer>
#include <QtConcurrent>

#include <cmath>

using namespace Qt::StringLiterals;

namespace {

QString compact(const QJsonValue &value)
{
    return QString::fromUtf8(value.isArray()
                                 ? QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact)
                                 : QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
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
    // Only OpenAI's own Responses API hosts a shell and a code interpreter; a local server speaking the
    // format does not. SANDBENCH_OPENAI_HOSTS names more hosts that are OpenAI's API (a gateway in front of
    // it), comma-separated.
    const QString host = client->config().baseUrl.host();
    if (client->api() != ProviderApi::Responses)
        return false;
    if (host == u"api.openai.com" || host.endsWith(u".openai.com"))
        return true;
    const QStringList extra = qEnvironmentVariable("SANDBENCH_OPENAI_HOSTS").split(u',', Qt::SkipEmptyParts);
    for (const QString &h : extra)
        if (h.trimmed().compare(host, Qt::CaseInsensitive) == 0)
            return true;
    return false;
}

} // namespace
QStringList AgentToolCall::displayCommands() const
{
    if (isCode()) {
        if (code)
            return {code->displayText()};
        return {arguments.value(codeFunction == u"python" ? u"code"_s : u"command"_s).toString()};
    }
    if (!isBash())
        return action.commands;
    if (bashCommand.isEmpty() && bashRestart)
        return {u"(restart the bash session)"_s};
    return {bashCommand};
}

AgentLoop::AgentLoop(const AgentRequest &request, const AgentEnvironment &env, QObject *parent)
    : QObject(parent)
    , m_request(request)
    , m_env(env)
{
    if (m_request.id.isEmpty())
        m_request.id = randomToken(u"run_"_s, 24);
    m_messages = request.messages;
}

AgentLoop::~AgentLoop()
{
    dropFilesBatch();
    withdrawApproval();
    if (m_turn)
        m_turn->cancel();
    if (m_call && !m_call->isFinished()) {
        m_call->cancel();
        // Its end (a cell's interrupt takes a moment) has no one to read it now.
        if (!m_env.keepShellCalls)
            connect(m_call, &ShellCall::finished, m_call, &QObject::deleteLater);
    }
    if (m_env.meter && m_meterStarted)
        m_env.meter->finish(m_request.id);
}

void AgentLoop::start()
{
    m_startMs = QDateTime::currentMSecsSinceEpoch();
    QString error;
    if (m_request.code && !m_request.code->fileIds.isEmpty()) {
        for (qsizetype i = 0; i < m_request.code->fileIds.size(); ++i)
            m_request.inputFiles.append({m_request.code->fileIds.at(i),
                                         {},
                                         {},
                                         u"%1.file_ids[%2]"_s.arg(m_request.code->containerField).arg(i),
                                         true});
    }
    if (m_env.client) {
        m_client = m_env.client;
        m_upstreamModel = m_request.sampling.model.isEmpty() ? m_request.model : m_request.sampling.model;
        m_provider = m_client->config().name.isEmpty() ? u"scripted"_s : m_client->config().name;
    } else {
        ModelRoute route;
        m_client =
            m_env.providers ? m_env.providers->createClient(m_request.model, &route, &error, this) : nullptr;
        if (!m_client) {
            fail(AgentError::invalidRequest(
                u"model \"%1\": %2"_s.arg(m_request.model,
                                          error.isEmpty() ? u"no provider is configured"_s : error),
                u"model"_s));
            return;
        }
        m_upstreamModel = route.model;
        m_provider = route.provider.name;
    }
    m_request.sampling.model = m_upstreamModel;
    if (!applyGuardrails())
        return; // blocked: nothing reached the model

    m_hostedShell = m_request.shell && m_request.allowHostedShell &&
                    m_request.shell->engine == ServerToolConfig::Engine::Auto && isOpenAiHosted(m_client);
    if (m_hostedShell)
        m_request.shell.reset(); // the provider runs it; its items come back with each turn
    // The same for OpenAI's code interpreter, unless the caller named a local container for it.
    m_hostedCode = m_request.code && m_request.allowHostedShell &&
                   m_request.code->contractName == u"code_interpreter" &&
                   m_request.code->engine == ServerToolConfig::Engine::Auto &&
                   m_request.code->containerReference.isEmpty() && m_request.inputFiles.isEmpty() &&
                   isOpenAiHosted(m_client);
    if (m_hostedCode)
        m_request.code.reset();
    const bool needsContainer =
        m_request.shell || m_request.code ||
        (m_request.bash && m_request.bash->engine == ServerToolConfig::Engine::OpenRouter);
    if (!needsContainer && !m_request.inputFiles.isEmpty()) {
        fail(AgentError::invalidRequest(
            u"%1: files for the code need a code execution tool in the request"_s.arg(
                m_request.inputFiles.first().param),
            m_request.inputFiles.first().param));
        return;
    }
    if (needsContainer && !resolveContainer())
        return;
    // A Python contract's kernel starts now, while the model's first turn runs, so the first cell finds it
    // ready (SPEC §10; a no-op when this awake container has one).
    if (m_request.code && (m_request.code->kind == ServerToolConfig::Kind::Python || isReplPython())) {
        Container *c = m_env.container    ? m_pinned.data()
                       : m_env.containers ? m_env.containers->find(m_containerId)
                                          : nullptr;
        if (c)
            PythonKernel::of(c)->startAhead();
    }
    m_tools = offeredTools();
    if (m_env.meter && needsContainer) {
        m_env.meter->begin(m_request.id);
        m_meterStarted = true;
    }
    // Files an earlier request put into a container that is used again are there already.
    if (!m_containerCreated)
        m_request.inputFiles.removeIf([](const InputFile &f) { return f.intoNewOnly; });
    if (!needsContainer || m_request.inputFiles.isEmpty()) {
        beginTurns();
        return;
    }
    // Every named file must exist before anything is copied.
    const UploadStore store(m_env.containers->settings().workspaceDir());
    for (const InputFile &f : std::as_const(m_request.inputFiles)) {
        if (!f.fileId.isEmpty() && !store.find(UploadStore::tokenOf(f.fileId))) {
            fail({404, u"not_found_error"_s,
                  u"%1: no file %2 in this workspace"_s.arg(f.param, f.fileId.left(100)), u"file_not_found"_s,
                  f.param});
            return;
        }
    }
    importInputFiles(0, [this] {
        // The model learns where the files are, as the hosted tools tell theirs.
        if (!m_inputFileNames.isEmpty()) {
            QStringList paths;
            for (const QString &name : std::as_const(m_inputFileNames))
                paths.append(u"/workspace/home/"_s + name);
            const QString note =
                u"Files available to the code in its working directory /workspace/home (also /mnt/data): %1"_s
                    .arg(paths.join(u", "_s));
            for (qsizetype i = m_messages.size() - 1; i >= 0; --i) {
                if (m_messages[i].role == Message::Role::User) {
                    m_messages[i].content.append(ContentPart::fromText(note));
                    break;
                }
            }
        }
        beginTurns();
    });
}

void AgentLoop::importInputFiles(int index, std::function<void()> next)
{
    if (m_done)
        return;
    if (index == m_request.inputFiles.size()) {
        next();
        return;
    }
    Container *container = m_pinned ? m_pinned.data() : m_env.containers->find(m_containerId);
    if (!container) {
        fail({500, u"api_error"_s, u"the request's container is gone"_s, {}, {}});
        return;
    }
    const InputFile &f = m_request.inputFiles.at(index);
    const UploadStore store(m_env.containers->settings().workspaceDir());
    QString source;
    QString name;
    std::shared_ptr<UploadStore::Spool> spool;
    if (!f.fileId.isEmpty()) {
        const std::optional<StoredFile> stored = store.find(UploadStore::tokenOf(f.fileId));
        if (!stored) {
            fail({404, u"not_found_error"_s, u"%1: no file %2 in this workspace"_s.arg(f.param, f.fileId),
                  u"file_not_found"_s, f.param});
            return;
        }
        source = store.contentPath(stored->token);
        name = stored->filename;
    } else {
        // Inline bytes (already in memory as part of the request body) go through a spool file.
        QString error;
        std::unique_ptr<UploadStore::Spool> s = UploadStore(store).beginSpool(&error);
        if (!s || !s->write(f.bytes, &error)) {
            fail({500, u"api_error"_s, error, {}, {}});
            return;
        }
        spool = std::move(s);
        source = spool->path();
        name = UploadStore::sanitizeName(f.name, u"input"_s);
    }
    auto *watcher = new QFutureWatcher<ImportResult>(this);
    connect(watcher, &QFutureWatcher<ImportResult>::finished, this, [this, watcher, index, next, spool] {
        watcher->deleteLater();
        const ImportResult r = watcher->result();
        if (!r.ok) {
            fail({400,
                  u"invalid_request_error"_s,
                  u"%1: cannot put the file into the container: %2"_s.arg(
                      m_request.inputFiles.at(index).param, r.error),
                  {},
                  m_request.inputFiles.at(index).param});
            return;
        }
        m_inputFileNames.append(r.fileName);
        Q_EMIT inputFileReceived(m_containerId, r.fileName, r.size);
        importInputFiles(index + 1, next);
    });
    // A stored file is copied; an inline file's spool becomes the container's file itself.
    watcher->setFuture(
        container->importFile(source, 0, name, spool ? ImportSource::Spool : ImportSource::StoredFile));
}

void AgentLoop::startDirect(const ToolCall &call)
{
    m_direct = true;
    m_startMs = QDateTime::currentMSecsSinceEpoch();
    m_provider = u"mcp"_s;
    if (!resolveContainer())
        return;
    if (m_env.meter) {
        m_env.meter->begin(m_request.id);
        m_meterStarted = true;
    }
    std::optional<ServerToolConfig::Kind> kind;
    QString codeFunction;
    if (m_request.shell && call.name == m_request.shellFunctionName) {
        kind = m_request.shell->kind;
    } else if (m_request.code && m_request.code->kind == ServerToolConfig::Kind::Python &&
               call.name == m_request.pythonFunctionName) {
        kind = ServerToolConfig::Kind::Python;
        codeFunction = u"python"_s;
    } else if (m_request.code && m_request.code->kind == ServerToolConfig::Kind::CodeExecution &&
               (call.name == m_request.codeBashFunctionName || call.name == m_request.editorFunctionName)) {
        kind = ServerToolConfig::Kind::CodeExecution;
        codeFunction = call.name == m_request.editorFunctionName ? u"text_editor"_s : u"bash"_s;
    }
    // No model turn follows, so no tool definitions are built (runNextCall names the tools only for a call
    // of none of them).
    m_pending.append({call, kind, codeFunction});
    runNextCall();
}

// The first turn, or (programmatic tool calling) the cell an earlier response paused, resumed.
void AgentLoop::beginTurns()
{
    if (m_request.codeResume && isReplPython()) {
        // The client's tool_result resumes the cell an earlier response paused; its result is the model's
        // Python call's, and the loop goes on from there.
        ToolCall resume;
        resume.id = m_request.codeResume->serverToolUseId;
        resume.name = m_request.pythonFunctionName;
        resume.argumentsJson = u"{}"_s;
        m_pending.append({resume, ServerToolConfig::Kind::CodeExecution, u"python"_s});
        QTimer::singleShot(0, this, &AgentLoop::runNextCall); // once the caller follows the loop
        return;
    }
    nextTurn();
}

bool AgentLoop::isReplPython() const
{
    return m_request.code && m_request.code->kind == ServerToolConfig::Kind::CodeExecution &&
           (m_request.code->contractName == u"code_execution_20260120" ||
            m_request.code->contractName == u"code_execution_20260521");
}

QList<ToolDefinition> AgentLoop::offeredTools() const
{
    QList<ToolDefinition> tools = m_request.callerTools;
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
        tools.append(shell);
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
        tools.append(bash);
    }
    // Anthropic's code_execution_20260120/20260521 add a Python REPL to 20250825's bash and editor.
    const bool replPython = isReplPython();
    if (m_request.code && (m_request.code->kind == ServerToolConfig::Kind::Python || replPython)) {
        ToolDefinition python;
        python.name = m_request.pythonFunctionName;
        python.description =
            u"Runs Python 3 code in a sandboxed Linux container (working directory "
            "/workspace/home, where the user's files are) as a cell of a Jupyter kernel and returns "
            "what it printed to stdout and stderr and the value of its last expression. Variables, "
            "imports and loaded data persist between calls while the container is awake."_s;
        if (replPython && !m_request.codeCallableTools.isEmpty()) {
            python.description +=
                u"\n\nThe code can call these tools as async functions (await them at the top level of the "
                "cell, with the input as keyword arguments); each returns the tool's result as a string:"_s;
            for (const ToolDefinition &t : m_request.codeCallableTools)
                python.description += u"\n- %1: %2 Input schema: %3"_s.arg(
                    t.name, t.description,
                    compact(t.parameters.isEmpty() ? QJsonObject{{u"type"_s, u"object"_s}} : t.parameters));
        }
        python.parameters = QJsonObject{
            {u"type"_s, u"object"_s},
            {u"properties"_s,
             QJsonObject{{u"code"_s, QJsonObject{{u"type"_s, u"string"_s},
                                                 {u"description"_s, u"The Python code to run."_s}}}}},
            {u"required"_s, QJsonArray{u"code"_s}}};
        tools.append(python);
    }
    if (m_request.code && m_request.code->kind == ServerToolConfig::Kind::CodeExecution) {
        ToolDefinition bash;
        bash.name = m_request.codeBashFunctionName;
        bash.description = u"Runs a bash command in a sandboxed Linux container (working directory "
                           "/workspace/home; the directory and exported variables persist between calls) and "
                           "returns its stdout, stderr and return code. Python 3 is available."_s;
        bash.parameters =
            QJsonObject{{u"type"_s, u"object"_s},
                        {u"properties"_s, QJsonObject{{u"command"_s, QJsonObject{{u"type"_s, u"string"_s}}}}},
                        {u"required"_s, QJsonArray{u"command"_s}}};
        tools.append(bash);
        ToolDefinition editor;
        editor.name = m_request.editorFunctionName;
        editor.description =
            u"Views, creates or edits a text file in the container. command \"view\" returns "
            "the file (view_range [start, end] for a part, -1 for the end) or a directory's "
            "entries; \"create\" writes file_text to path; \"str_replace\" replaces old_str, "
            "which must occur exactly once, with new_str."_s;
        editor.parameters = QJsonObject{
            {u"type"_s, u"object"_s},
            {u"properties"_s,
             QJsonObject{
                 {u"command"_s,
                  QJsonObject{{u"type"_s, u"string"_s},
                              {u"enum"_s, QJsonArray{u"view"_s, u"create"_s, u"str_replace"_s}}}},
                 {u"path"_s, QJsonObject{{u"type"_s, u"string"_s}}},
                 {u"file_text"_s, QJsonObject{{u"type"_s, u"string"_s}}},
                 {u"old_str"_s, QJsonObject{{u"type"_s, u"string"_s}}},
                 {u"new_str"_s, QJsonObject{{u"type"_s, u"string"_s}}},
                 {u"view_range"_s, QJsonObject{{u"type"_s, u"array"_s},
                                               {u"items"_s, QJsonObject{{u"type"_s, u"integer"_s}}}}}}},
            {u"required"_s, QJsonArray{u"command"_s, u"path"_s}}};
        tools.append(editor);
    }
    return tools;
}

bool AgentLoop::applyGuardrails()
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
    for (int m = std::max(0, m_request.guardFromMessage); m < m_messages.size(); ++m) {
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
        fail({403,
              u"permission_error"_s,
              u"Request blocked by guardrail '%1': %2 detected in message %3 before it reached the model."_s
                  .arg(outcome.blockedBy, first ? first->family : QString(),
                       QString::number(first ? first->messageIndex : 0)),
              u"guardrail_blocked"_s,
              {}});
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

bool AgentLoop::scanOutput(QString *text, QString *blockReason)
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

bool AgentLoop::resolveContainer()
{
    QString reference;
    std::optional<NetworkPolicy> policy;
    std::optional<QString> image;
    for (const std::optional<ServerToolConfig> *tool : {&m_request.shell, &m_request.bash, &m_request.code}) {
        if (!*tool)
            continue;
        if (!(*tool)->containerReference.isEmpty()) {
            if (!reference.isEmpty() && reference != (*tool)->containerReference) {
                fail(AgentError::invalidRequest(u"the server tools name different containers (%1, %2)"_s.arg(
                                                    reference, (*tool)->containerReference),
                                                u"tools"_s));
                return false;
            }
            reference = (*tool)->containerReference;
        }
        if ((*tool)->networkPolicy) {
            if (policy && !(*policy == *(*tool)->networkPolicy)) {
                fail(AgentError::invalidRequest(u"the server tools ask for different network policies"_s,
                                                u"tools"_s));
                return false;
            }
            policy = (*tool)->networkPolicy;
        }
        if ((*tool)->image) {
            if (image && *image != *(*tool)->image) {
                fail(AgentError::invalidRequest(u"the server tools ask for different images"_s, u"tools"_s));
                return false;
            }
            image = (*tool)->image;
        }
    }
    if (m_env.container) {
        m_pinned = m_env.container;
        m_containerId = m_env.container->id();
        return true;
    }
    if (!m_env.containers) {
        fail({500, u"api_error"_s, u"no sandbox is available for this request"_s, {}, {}});
        return false;
    }
    // SPEC 1.4: a container_reference must name a container of this workspace; otherwise the session id
    // (ignored when malformed, last 20 characters when long), then the replayed container, then a new one.
    // The image (environment.image, else the workspace's) must exist before a container is made for it.
    const SandboxSettings &settings = m_env.containers->settings();
    const ImageStore images(settings.dataDir);
    if (image && !images.find(*image)) {
        fail(AgentError::invalidRequest(
            u"environment.image: no image \"%1\" in this Sandbench (sandbench images list)"_s.arg(*image),
            u"tools"_s));
        return false;
    }
    QString error;
    Container *c =
        m_env.containers->chooseContainer(m_request.sessionId, reference, m_request.replayedContainerId,
                                          policy, &error, &m_containerCreated, image);
    if (c) {
        QString wanted;
        if (image) {
            wanted = *image;
        } else {
            WorkspaceSettings ws(settings.workspaceDir());
            ws.load();
            wanted = c->isImageFixed() ? c->imageName() : ws.image();
        }
        if (!images.applyTo(c, wanted, &error))
            c = nullptr;
    }
    if (!c) {
        QString field = u"tools"_s;
        for (const std::optional<ServerToolConfig> *tool :
             {&m_request.shell, &m_request.bash, &m_request.code})
            if (*tool && !reference.isEmpty() && (*tool)->containerReference == reference &&
                !(*tool)->containerField.isEmpty())
                field = (*tool)->containerField;
        fail(AgentError::invalidRequest(field == u"tools" ? error : field + u": "_s + error, field));
        return false;
    }
    m_containerId = c->id();
    return true;
}

void AgentLoop::nextTurn()
{
    if (m_done)
        return;
    TurnRequest turn;
    turn.messages = m_messages;
    turn.tools = m_tools;
    if (m_hostedShell)
        turn.nativeTools.append(QJsonObject{
            {u"type"_s, u"shell"_s}, {u"environment"_s, QJsonObject{{u"type"_s, u"container_auto"_s}}}});
    if (m_hostedCode)
        turn.nativeTools.append(QJsonObject{{u"type"_s, u"code_interpreter"_s},
                                            {u"container"_s, QJsonObject{{u"type"_s, u"auto"_s}}}});
    turn.sampling = m_request.sampling;
    turn.stream = true;
    m_textOpen = false;
    m_text.clear();
    m_turnStartMs = QDateTime::currentMSecsSinceEpoch();
    m_turn = m_client->send(turn);
    if (m_firstUpstreamBody.isEmpty())
        m_firstUpstreamBody = m_turn->requestBody();
    Q_EMIT turnStarted(m_turns++);
    connect(m_turn, &ModelTurn::textDelta, this, [this](const QString &delta) {
        if (m_done || delta.isEmpty())
            return;
        if (!m_textOpen) {
            m_textOpen = true;
            Q_EMIT textStarted();
        }
        m_text += delta;
        Q_EMIT textDelta(delta);
    });
    connect(m_turn, &ModelTurn::finished, this, &AgentLoop::onTurnFinished);
    connect(m_turn, &ModelTurn::failed, this, &AgentLoop::onTurnFailed);
}

void AgentLoop::onTurnFinished(const TurnResult &result)
{
    m_turn = nullptr;
    if (m_done)
        return;
    m_usage.inputTokens += result.usage.inputTokens;
    m_usage.outputTokens += result.usage.outputTokens;
    m_lastStopReason = result.rawStopReason;
    m_turnRecords.append({m_upstreamModel, m_turnStartMs, QDateTime::currentMSecsSinceEpoch() - m_turnStartMs,
                          result.usage.inputTokens, result.usage.outputTokens, result.rawStopReason});
    Q_EMIT usageChanged(m_usage);
    const QString text = result.message.text();
    if (!text.isEmpty() || m_textOpen) {
        if (!m_textOpen)
            Q_EMIT textStarted(); // a provider that sent the text whole
        m_textOpen = false;
        m_text = text;
        Q_EMIT textDone(text);
    }
    if (m_hostedShell || m_hostedCode) {
        QJsonArray hosted;
        for (const QJsonValue &v : result.rawOutput.toArray()) {
            const QString type = v.toObject().value(u"type"_s).toString();
            if ((m_hostedShell && type.startsWith(u"shell_call")) ||
                (m_hostedCode && type == u"code_interpreter_call"))
                hosted.append(v);
        }
        if (!hosted.isEmpty())
            Q_EMIT hostedItems(hosted);
    }
    m_messages.append(result.message);
    Q_EMIT turnFinished();
    QSet<QString> callerNames;
    for (const ToolDefinition &t : std::as_const(m_request.callerTools))
        callerNames.insert(t.name);
    for (const ToolCall &call : result.message.toolCalls) {
        if (m_request.shell && call.name == m_request.shellFunctionName)
            m_pending.append({call, m_request.shell->kind, {}});
        else if (m_request.bash && call.name == m_request.bashFunctionName &&
                 m_request.bash->engine == ServerToolConfig::Engine::OpenRouter)
            m_pending.append({call, ServerToolConfig::Kind::Bash, {}});
        else if (m_request.code && m_request.code->kind == ServerToolConfig::Kind::Python &&
                 call.name == m_request.pythonFunctionName)
            m_pending.append({call, ServerToolConfig::Kind::Python, u"python"_s});
        else if (isReplPython() && call.name == m_request.pythonFunctionName)
            m_pending.append({call, ServerToolConfig::Kind::CodeExecution, u"python"_s});
        else if (m_request.code && m_request.code->kind == ServerToolConfig::Kind::CodeExecution &&
                 (call.name == m_request.codeBashFunctionName || call.name == m_request.editorFunctionName))
            m_pending.append({call, ServerToolConfig::Kind::CodeExecution,
                              call.name == m_request.editorFunctionName ? u"text_editor"_s : u"bash"_s});
        else if (callerNames.contains(call.name) ||
                 (m_request.bash && call.name == m_request.bashFunctionName)) {
            m_callerCalls.append(call);
            m_callerCallCodeIndex.append(-1);
        } else
            m_pending.append({call, std::nullopt, {}}); // answered with an error, the model tries again
    }
    if (m_pending.isEmpty()) {
        finish(!m_callerCalls.isEmpty() ? AgentOutcome::Stop::CallerTools
               : (m_lastStopReason == u"max_tokens" || m_lastStopReason == u"length" ||
                  m_lastStopReason == u"max_output_tokens")
                   ? AgentOutcome::Stop::MaxTokens
                   : AgentOutcome::Stop::EndTurn);
        return;
    }
    runNextCall();
}

void AgentLoop::onTurnFailed(const ModelError &error)
{
    m_turn = nullptr;
    if (m_done)
        return;
    m_turnRecords.append({m_upstreamModel, m_turnStartMs, QDateTime::currentMSecsSinceEpoch() - m_turnStartMs,
                          0, 0, u"error"_s});
    AgentError e{502, u"api_error"_s, u"upstream model failed: %1"_s.arg(error.toString()), {}, {}};
    if (error.kind == ModelError::Kind::Cancelled) {
        e.httpStatus = 499;
        e.type = u"cancelled"_s;
    } else if (error.kind == ModelError::Kind::Timeout) {
        e.httpStatus = 504;
        e.type = u"timeout_error"_s;
    } else if (error.httpStatus == 429) {
        e.httpStatus = 429;
        e.type = u"rate_limit_error"_s;
    } else if (error.kind == ModelError::Kind::Config) {
        e.httpStatus = 400;
        e.type = u"invalid_request_error"_s;
    }
    fail(e);
}

void AgentLoop::runNextCall()
{
    if (m_done)
        return;
    if (m_pending.isEmpty()) {
        if (m_direct)
            finish(AgentOutcome::Stop::EndTurn);
        else if (!m_callerCalls.isEmpty())
            finish(AgentOutcome::Stop::CallerTools);
        else
            nextTurn();
        return;
    }
    if (m_steps >= m_request.maxToolCalls) {
        // Every call of the assistant's message needs a result, or a replayed conversation is malformed.
        for (const PendingCall &p : std::as_const(m_pending))
            m_messages.append(
                Message::tool(p.call.id,
                              u"not run: max_tool_calls (%1) was reached; answer with what you have"_s.arg(
                                  m_request.maxToolCalls),
                              true));
        m_pending.clear();
        if (m_request.finalTurnAfterLimit && !m_limitReached && m_callerCalls.isEmpty()) {
            m_limitReached = true;
            m_request.sampling.toolChoice = u"none"_s;
            nextTurn();
            return;
        }
        finish(AgentOutcome::Stop::MaxToolCalls);
        return;
    }
    const PendingCall pending = m_pending.takeFirst();
    ++m_steps;
    if (!pending.kind) {
        QStringList names;
        for (const ToolDefinition &t : m_direct ? offeredTools() : m_tools)
            names.append(t.name);
        rejectCall(pending,
                   u"unknown tool \"%1\"; the tools are: %2"_s.arg(pending.call.name, names.join(u", "_s)),
                   u"unknown_tool"_s);
        return;
    }
    if (!pending.call.isValid()) {
        rejectCall(pending,
                   u"the arguments are not one JSON object (%1); send {\"%2\": ...} as JSON"_s.arg(
                       pending.call.parseError,
                       pending.codeFunction == u"python" ? u"code"_s
                       : *pending.kind == ServerToolConfig::Kind::Bash || !pending.codeFunction.isEmpty()
                           ? u"command"_s
                           : u"commands"_s),
                   u"invalid_tool_input"_s);
        return;
    }
    startShellCall(pending);
}

void AgentLoop::rejectCall(const PendingCall &pending, const QString &message, const QString &code)
{
    m_messages.append(Message::tool(pending.call.id, u"error: "_s + message, true));
    if (pending.kind) {
        AgentToolCall call;
        call.index = m_calls++;
        call.callId = pending.call.id;
        call.kind = *pending.kind;
        call.codeFunction = pending.codeFunction;
        call.containerId = m_containerId;
        call.arguments = pending.call.arguments();
        Q_EMIT toolCallStarted(call);
        AgentToolResult result;
        result.error = message;
        result.errorCode = code;
        Q_EMIT toolCallFinished(call, result);
    }
    // Queued so a long run of rejected calls cannot recurse deeply.
    QTimer::singleShot(0, this, &AgentLoop::runNextCall);
}

void AgentLoop::startShellCall(const PendingCall &pending)
{
    AgentToolCall call;
    call.callId = pending.call.id;
    call.kind = *pending.kind;
    call.codeFunction = pending.codeFunction;
    call.arguments = pending.call.arguments();
    const QJsonObject &args = call.arguments;
    const ServerToolConfig &tool = call.isCode()   ? *m_request.code
                                   : call.isBash() ? *m_request.bash
                                                   : *m_request.shell;
    QJsonObject actionArgs;
    std::optional<ShellAction> action;
    QString error;
    if (call.isCode()) {
        if (!prepareCodeCall(pending, &call))
            return;
        // The code contracts have no per-call limits: the tool's, else the shell's defaults.
        action = call.code->shellAction(tool.timeoutMs.value_or(m_env.limits.defaultTimeoutMs),
                                        tool.maxOutputLength.value_or(ShellAction::DefaultMaxOutputLength));
        action->maxTimeoutMs = std::max(m_env.limits.maxTimeoutMs, action->timeoutMs);
        action->keepOutputTail = m_env.limits.keepOutputTail;
        if (call.code->kind == CodeAction::Kind::Bash)
            action->commands = {bashScript(call.code->code)};
    } else if (call.isBash()) {
        call.bashRestart = args.value(u"restart"_s).toBool(false);
        if (args.value(u"commands"_s).isArray()) {
            QStringList parts;
            for (const QJsonValue &v : args.value(u"commands"_s).toArray())
                parts.append(v.toString());
            call.bashCommand = parts.join(u'\n');
        } else if (args.value(u"command"_s).isString()) {
            call.bashCommand = args.value(u"command"_s).toString();
        } else if (!call.bashRestart) {
            rejectCall(pending, u"\"command\" is required: a string (or \"restart\": true)"_s,
                       u"invalid_tool_input"_s);
            return;
        }
        QString script = bashScript(call.bashCommand);
        if (call.bashRestart)
            script = u"rm -rf /tmp/.sandbench-bash\n"_s +
                     (call.bashCommand.isEmpty() ? u"echo 'bash session restarted'"_s : script);
        actionArgs.insert(u"commands"_s, QJsonArray{script});
        for (const QString &key : {u"timeout_ms"_s, u"max_output_length"_s})
            if (args.contains(key))
                actionArgs.insert(key, args.value(key));
    } else {
        actionArgs = args;
    }
    if (!call.isCode()) {
        if (tool.timeoutMs && !actionArgs.contains(u"timeout_ms"_s))
            actionArgs.insert(u"timeout_ms"_s, *tool.timeoutMs);
        if (tool.maxOutputLength && !actionArgs.contains(u"max_output_length"_s))
            actionArgs.insert(u"max_output_length"_s, *tool.maxOutputLength);
        action = ShellAction::fromJson(actionArgs, &error, m_env.limits);
    }
    if (!action) {
        rejectCall(pending, error, u"invalid_tool_input"_s);
        return;
    }
    call.action = *action;
    call.validated = true;
    if (!gate(pending, call))
        return; // refused, or waiting for a person
    dispatchCall(pending, call);
}

QString AgentLoop::conversationKey() const
{
    if (!m_env.conversation.isEmpty())
        return m_env.conversation;
    return m_request.sessionId.isEmpty() ? u"request:"_s + m_request.id : u"session:"_s + m_request.sessionId;
}

bool AgentLoop::gate(const PendingCall &pending, const AgentToolCall &call)
{
    if (!m_env.approvals || m_env.approvalPolicy.mode == ApprovalMode::RunAll)
        return true;
    // What the rules read: the shell commands, the bash command; a Python call is the command `python3` (its
    // code is not shell), an editor call `text_editor COMMAND PATH`.
    QStringList matched = call.displayCommands();
    if (call.code && call.code->kind == CodeAction::Kind::Python)
        matched = {u"python3"_s};
    else if (call.code && call.code->kind != CodeAction::Kind::Bash)
        matched = {
            u"text_editor %1 %2"_s.arg(ShellSplitter::quote(call.arguments.value(u"command"_s).toString()),
                                       ShellSplitter::quote(call.arguments.value(u"path"_s).toString()))};
    const ApprovalPolicy::Evaluation e =
        m_env.approvalPolicy.evaluate(matched, m_env.approvals->allowedFor(conversationKey()));
    ApprovalRecord record;
    record.callId = call.callId;
    record.commands = call.displayCommands().join(u'\n');
    record.verdict = ApprovalPolicy::verdictName(e.verdict);
    record.reason = e.reason;
    record.timeMs = QDateTime::currentMSecsSinceEpoch();
    if (e.verdict == ApprovalVerdict::Allow) {
        record.decision = u"allowed"_s;
        record.by = e.rule.isEmpty() ? u"conversation"_s : u"rule"_s;
        m_approvalRecords.append(record);
        return true;
    }
    if (e.verdict == ApprovalVerdict::Deny) {
        record.decision = u"denied"_s;
        record.by = u"rule"_s;
        m_approvalRecords.append(record);
        rejectCall(pending, u"denied by the approval rules (%1); the call was not run"_s.arg(e.reason),
                   u"approval_denied"_s);
        return false;
    }
    if (!m_env.approvals->canAsk()) {
        record.decision = u"unavailable"_s;
        record.by = u"nobody"_s;
        m_approvalRecords.append(record);
        rejectCall(pending,
                   u"this call needs a person's approval (%1), but nothing can ask: no window, terminal or "
                   "live viewer is there to answer; the call was not run"_s.arg(e.reason),
                   u"approval_unavailable"_s);
        return false;
    }
    m_approvalRecords.append(record);
    ApprovalRequest request;
    request.requestId = m_request.id;
    request.conversation = conversationKey();
    request.callId = call.callId;
    const ServerToolConfig &tool = call.isCode()   ? *m_request.code
                                   : call.isBash() ? *m_request.bash
                                                   : *m_request.shell;
    request.tool = tool.typeName();
    request.commands = call.displayCommands();
    request.reason = e.reason;
    m_waitingPending = pending;
    m_waitingCall = call;
    // fail() answers the waiting call like a running one.
    m_runningCallId = call.callId;
    connect(m_env.approvals, &ApprovalBroker::resolved, this, &AgentLoop::onApprovalResolved,
            Qt::UniqueConnection);
    m_approvalId = m_env.approvals->ask(request, m_env.approvalPolicy.timeoutSeconds * 1000);
    if (const std::optional<ApprovalRequest> open = m_env.approvals->find(m_approvalId))
        Q_EMIT approvalPending(*open);
    return false;
}

void AgentLoop::onApprovalResolved(const ApprovalRequest &request, const ApprovalAnswer &answer)
{
    if (request.id != m_approvalId || m_approvalId.isEmpty())
        return;
    m_approvalId.clear();
    m_runningCallId.clear();
    ApprovalRecord &record = m_approvalRecords.last();
    record.decision = ApprovalAnswer::decisionName(answer.decision);
    record.by = answer.by;
    record.note = answer.note;
    record.waitedMs = QDateTime::currentMSecsSinceEpoch() - request.createdMs;
    Q_EMIT approvalResolved(request.id, record.decision);
    if (m_done)
        return;
    if (answer.allows()) {
        dispatchCall(m_waitingPending, m_waitingCall);
        return;
    }
    if (answer.decision == ApprovalDecision::Expired) {
        rejectCall(m_waitingPending,
                   u"no one answered the approval request within %1 s; the call was not run. Do not repeat "
                   "it unchanged: answer with what you have or ask the user"_s.arg(
                       m_env.approvalPolicy.timeoutSeconds),
                   u"approval_timeout"_s);
        return;
    }
    rejectCall(
        m_waitingPending,
        answer.note.trimmed().isEmpty()
            ? u"the user denied this call; it was not run"_s
            : u"the user denied this call; it was not run. Their note: %1"_s.arg(answer.note.trimmed()),
        u"approval_denied"_s);
}

void AgentLoop::withdrawApproval()
{
    if (m_approvalId.isEmpty() || !m_env.approvals)
        return;
    const QString id = std::exchange(m_approvalId, {});
    if (!m_approvalRecords.isEmpty()) {
        m_approvalRecords.last().decision = u"withdrawn"_s;
        m_approvalRecords.last().waitedMs =
            QDateTime::currentMSecsSinceEpoch() - m_approvalRecords.last().timeMs;
    }
    m_env.approvals->withdraw(id);
    Q_EMIT approvalResolved(id, u"withdrawn"_s);
}

void AgentLoop::dispatchCall(const PendingCall &pending, AgentToolCall call)
{
    const ServerToolConfig &tool = call.isCode()   ? *m_request.code
                                   : call.isBash() ? *m_request.bash
                                                   : *m_request.shell;
    Container *c = m_env.container    ? m_pinned.data()
                   : m_env.containers ? m_env.containers->find(m_containerId)
                                      : nullptr;
    if (!c) {
        rejectCall(pending, u"the container cannot be used: container %1 is gone"_s.arg(m_containerId),
                   u"unavailable"_s);
        return;
    }
    const std::optional<ShellAction> action = call.action;
    call.index = m_calls++;
    call.containerId = m_containerId;
    // The meter charges a cold start when this command has to start a new or sleeping sandbox (SPEC 1.7),
    // and for the first command in a new container that was started ahead: the charge does not depend on
    // what the engine prepared unseen.
    const bool startedAhead = c->takeStartedAhead(); // once: taken whatever the state
    const bool cold =
        startedAhead || (c->state() != Container::State::Running && c->state() != Container::State::Starting);
    Q_EMIT toolCallStarted(call);

    const int recordIndex = int(m_shellRecords.size());
    m_shellRecords.append(
        {call.callId, tool.typeName(), m_containerId, QDateTime::currentMSecsSinceEpoch(), 0, {}});
    m_imagesHome.clear();
    m_imagesBefore.clear();
    if (call.code && call.code->kind == CodeAction::Kind::Python) {
        m_imagesHome = c->homeDir();
        m_imagesBefore = CodeImages::listing(m_imagesHome);
    }
    m_filesHome.clear();
    m_filesBefore.clear();
    m_filesWithFigures = false;
    m_codeFiles.clear();
    // Anthropic's code-execution results name the files the code made by file_id (CodeFiles).
    if (call.code && m_request.code && m_request.code->contractName.startsWith(u"code_execution_"_s) &&
        (call.code->kind == CodeAction::Kind::Bash || call.code->kind == CodeAction::Kind::Python)) {
        m_filesHome = c->homeDir();
        // A Python call's shown figures are files the code made (the kernel saves them as PNG files).
        m_filesWithFigures = call.code->kind == CodeAction::Kind::Python;
        m_filesBefore = CodeFiles::listing(m_filesHome, m_filesWithFigures);
    }
    c->setIdleSleepMs(m_env.limits.idleSleepMs);
    PythonKernel *kernel = nullptr;
    m_kernelNote.clear();
    if (call.code && call.code->kind == CodeAction::Kind::Python) {
        // The container's notebook kernel: started by a command of its own ahead of this cell (SPEC §10).
        kernel = PythonKernel::of(c);
        m_kernelNote = kernel->takeResetNote();
        kernel->startAhead();
    }
    ShellCall *shell = c->run(*action);
    if (kernel)
        kernel->track(shell);
    if (call.isCode() || call.isBash())
        shell->setPresentation(call.displayCommands(), tool.typeName());
    if (call.code && call.code->kind == CodeAction::Kind::Python)
        shell->setKernelNonce(call.code->nonce);
    m_call = shell;
    m_runningCallId = call.callId;
    connect(shell, &ShellCall::commandStarted, this,
            [this, call, cold, recordIndex, firstCommand = true](int command) mutable {
                if (m_env.meter && m_meterStarted)
                    m_env.meter->commandStarted(m_request.id, cold && firstCommand);
                firstCommand = false;
                const QString text = call.displayCommands().value(command);
                QList<CommandRecord> &commands = m_shellRecords[recordIndex].commands;
                while (commands.size() <= command)
                    commands.append(CommandRecord());
                commands[command].command = text;
                commands[command].startMs = QDateTime::currentMSecsSinceEpoch();
                Q_EMIT commandStarted(call.index, command, text);
            });
    // A Python cell's stdout is the kernel bridge's JSON lines: every viewer (event stream, SSE, MCP
    // progress, logs) gets its output readable, as it streams, and the rest of the readable result when it
    // ends.
    const QString cellNonce =
        call.code && call.code->kind == CodeAction::Kind::Python ? call.code->nonce : QString();
    const auto cell = std::make_shared<CellStream>(cellNonce);
    connect(shell, &ShellCall::outputChunk, this,
            [this, index = call.index, cellNonce, cell](int command, ShellCall::Stream stream,
                                                        const QString &text) {
                if (cellNonce.isEmpty()) {
                    Q_EMIT commandOutput(index, command, stream == ShellCall::Stream::Stderr, text);
                    return;
                }
                const QPointer<AgentLoop> self(this);
                for (const CellStream::Piece &piece : cell->feed(stream == ShellCall::Stream::Stderr, text)) {
                    Q_EMIT commandOutput(index, command, piece.isStderr, piece.text);
                    if (!self)
                        return;
                }
            });
    connect(shell, &ShellCall::commandFinished, this,
            [this, index = call.index, cellNonce, cell](int command, const CommandResult &result) {
                if (cellNonce.isEmpty()) {
                    Q_EMIT commandFinished(index, command, result);
                    return;
                }
                const CommandResult readable = CodeOutput::readableResult(result, cellNonce);
                const QPointer<AgentLoop> self(this);
                for (const CellStream::Piece &piece : cell->rest(readable)) {
                    Q_EMIT commandOutput(index, command, piece.isStderr, piece.text);
                    if (!self)
                        return;
                }
                Q_EMIT commandFinished(index, command, readable);
            });
    connect(shell, &ShellCall::finished, this,
            [this, shell, call, recordIndex] { onShellCallFinished(shell, call, recordIndex); });
    Q_EMIT shellCallRunning(call, shell);
}

bool AgentLoop::prepareCodeCall(const PendingCall &pending, AgentToolCall *call)
{
    QString error;
    const QJsonObject args = pending.call.arguments();
    if (pending.codeFunction == u"python" && m_request.codeResume &&
        pending.call.id == m_request.codeResume->serverToolUseId && !m_resumed) {
        m_resumed = true;
        call->code = CodeAction::resume(m_request.codeResume->callId, m_request.codeResume->value,
                                        m_request.codeResume->isError);
        call->code->callableTools = {}; // the paused cell keeps the tools it was given
        call->resumed = true;
    } else if (pending.codeFunction == u"python") {
        call->code = CodeAction::python(args, &error);
        if (call->code && isReplPython())
            for (const ToolDefinition &t : std::as_const(m_request.codeCallableTools))
                call->code->callableTools.append(t.name);
        // Gemini's codeExecutionResult is what the code printed (its runs are scripts, not notebook cells).
        if (call->code && m_request.code && m_request.code->contractName == u"codeExecution")
            call->code->showResults = false;
    } else if (pending.codeFunction == u"text_editor")
        call->code = CodeAction::textEditor(args, &error);
    else
        call->code = CodeAction::bash(args, &error);
    if (!call->code) {
        rejectCall(pending, error, u"invalid_tool_input"_s);
        return false;
    }
    return true;
}

void AgentLoop::onShellCallFinished(ShellCall *shell, const AgentToolCall &call, int recordIndex)
{
    if (!m_filesHome.isEmpty() && !m_done && !shell->results().isEmpty()) {
        // The files the call made are copied into the workspace's stored files off the event loop; the
        // call's result follows once they are there.
        // The files the call made are copied into the workspace's stored files off the event loop; the
        // call's result follows once they are there. Should the loop end first (the client left), the
        // batch is let go of: the copy stops and what was stored is deleted again.
        const QString workspaceDir =
            m_env.containers ? m_env.containers->settings().workspaceDir() : QString();
        auto batch = std::make_shared<CodeFiles::Batch>(workspaceDir);
        m_filesBatch = batch;
        auto *watcher = new QFutureWatcher<void>(this);
        connect(watcher, &QFutureWatcher<void>::finished, this,
                [this, watcher, guard = QPointer<ShellCall>(shell), call, recordIndex] {
                    watcher->deleteLater();
                    // Without the batch the loop ended meanwhile and the files are deleted again.
                    if (m_filesBatch) {
                        m_codeFiles = std::exchange(m_filesBatch, {})->take();
                        for (const CodeFile &f : std::as_const(m_codeFiles))
                            m_fileBytesLeft -= f.bytes;
                    }
                    if (!guard) {
                        fail({500, u"api_error"_s, u"the code call's result is gone"_s, {}, {}});
                        return;
                    }
                    onShellCallFinished(guard, call, recordIndex);
                });
        watcher->setFuture(QtConcurrent::run([batch, before = std::exchange(m_filesBefore, {}),
                                              home = std::exchange(m_filesHome, {}), workspaceDir,
                                              containerId = m_containerId, budget = m_fileBytesLeft,
                                              figures = m_filesWithFigures]() mutable {
            if (!workspaceDir.isEmpty())
                batch->stored(CodeFiles::storeChangedSince(before, home, workspaceDir, containerId, &budget,
                                                           batch->cancelFlag(), figures));
        }));
        return;
    }
    m_filesHome.clear();
    m_filesBefore.clear();
    m_call = nullptr;
    if (!m_env.keepShellCalls)
        shell->deleteLater();
    const QList<CommandResult> results = shell->results();
    ShellCallRecord &callRecord = m_shellRecords[recordIndex];
    callRecord.durationMs = QDateTime::currentMSecsSinceEpoch() - callRecord.startMs;
    for (int i = 0; i < results.size(); ++i) {
        if (callRecord.commands.size() <= i) {
            CommandRecord missing;
            missing.command = call.displayCommands().value(i);
            callRecord.commands.append(missing);
        }
        CommandRecord &command = callRecord.commands[i];
        const CommandResult r = call.code && call.code->kind == CodeAction::Kind::Python
                                    ? CodeOutput::readableResult(results.at(i), call.code->nonce)
                                    : results.at(i);
        command.stdoutText = r.stdoutText;
        command.stderrText = r.stderrText;
        command.outcome = r.outcome.type == CommandOutcome::Type::Timeout ? u"timeout"_s : u"exit"_s;
        command.exitCode = r.outcome.type == CommandOutcome::Type::Exit ? r.outcome.exitCode : 0;
        command.durationMs = r.durationMs;
        if (command.startMs == 0)
            command.startMs = callRecord.startMs;
    }
    if (m_env.meter && m_meterStarted && callRecord.cost < 0) {
        // What the request's charge grew by while this call ran (the first call on a cold container pays
        // the minimum); settleCosts() gives the last call the rest.
        const MeterCharge charge = m_env.meter->current(m_request.id);
        double before = 0;
        for (const ShellCallRecord &other : std::as_const(m_shellRecords))
            before += &other != &callRecord ? std::max(0.0, other.cost) : 0.0;
        callRecord.cost = std::round(std::max(0.0, charge.cost - before) * 1e8) / 1e8;
        callRecord.includesMinimum = before <= 0 && charge.billedMs > charge.meteredMs;
        Q_EMIT callCostChanged(recordIndex, callRecord.cost, callRecord.includesMinimum);
    }
    if (m_done) {
        m_runningCallId.clear(); // the failure that ended the loop answered it
        return;
    }
    if (results.isEmpty() && !shell->errorString().isEmpty()) {
        fail({500, u"api_error"_s, u"the sandbox cannot run: %1"_s.arg(shell->errorString()), {}, {}});
        return; // fail() gave the call its result
    }
    m_runningCallId.clear();
    AgentToolResult result;
    result.results = results;
    result.completed = shell->isCompleted();
    if (!result.completed)
        result.error = shell->errorString();
    // The model reads a copy of the output the guardrails may have redacted (or withheld); the caller's
    // own items keep what the sandbox printed.
    QList<CommandResult> forModel = results;
    QString blockReason;
    for (CommandResult &r : forModel) {
        if (!scanOutput(&r.stdoutText, &blockReason) || !scanOutput(&r.stderrText, &blockReason))
            break;
    }
    QString content;
    if (call.code && !results.isEmpty()) {
        result.code = CodeOutput::fromResult(*call.code, results.constFirst());
        result.code->addNote(m_kernelNote);
        result.kernelNote = m_kernelNote;
        if (!m_imagesHome.isEmpty())
            result.images =
                CodeImages::changedSince(std::exchange(m_imagesBefore, {}), m_imagesHome, &m_imageBytesLeft);
        result.files = std::exchange(m_codeFiles, {});
        if (result.code->isError()) {
            result.error = result.code->errorMessage;
            result.errorCode = result.code->errorCode;
        }
    }
    bool isError = !blockReason.isEmpty() || !result.completed;
    if (!blockReason.isEmpty()) {
        content = u"error: "_s + blockReason;
    } else if (call.code) {
        CodeOutput forModelOutput = CodeOutput::fromResult(*call.code, forModel.value(0));
        forModelOutput.addNote(std::exchange(m_kernelNote, {}));
        content = forModelOutput.forModel();
        isError = isError || forModelOutput.isError();
        // The model cannot see the images, but it should know they exist (and where).
        QStringList imagePaths;
        for (const CodeImage &image : std::as_const(result.images))
            imagePaths.append(image.path);
        if (!imagePaths.isEmpty())
            content += u"\nimages: "_s + imagePaths.join(u", "_s);
        QStringList filePaths;
        for (const CodeFile &file : std::as_const(result.files))
            filePaths.append(file.path);
        if (!filePaths.isEmpty())
            content += u"\nfiles made (downloadable by the user): "_s + filePaths.join(u", "_s);
    } else if (call.isBash()) {
        const CommandResult m = forModel.value(0);
        content = compact(QJsonObject{
            {u"stdout"_s, m.stdoutText}, {u"stderr"_s, m.stderrText}, {u"outcome"_s, m.outcome.toJson()}});
    } else if (!m_direct) {
        // A direct call has no model to read it: its caller builds its own result from result.scanned.
        QJsonArray out;
        for (const CommandResult &r : std::as_const(forModel))
            out.append(r.toJson());
        content = compact(out);
        if (!result.completed && !result.error.isEmpty())
            content += u"\n"_s + result.error;
    }
    if (result.code && result.code->kernel && result.code->kernel->status == u"pending" &&
        result.code->kernel->toolCall && blockReason.isEmpty()) {
        // The code called one of the caller's tools: the response ends with that call (its caller is this
        // code call), the cell waits in the kernel, and the next request's tool_result resumes it.
        const KernelToolCall &paused = *result.code->kernel->toolCall;
        result.paused = true;
        ToolCall callerCall;
        callerCall.id = u"toolu_"_s + paused.id;
        callerCall.name = paused.name;
        callerCall.argumentsJson = compact(paused.input);
        m_callerCalls.append(callerCall);
        m_callerCallCodeIndex.append(call.index);
        Q_EMIT toolCallFinished(call, result);
        Q_EMIT filesChanged(m_containerId);
        m_pending.clear(); // the model's later calls of this turn do not run (the response ends here)
        finish(AgentOutcome::Stop::CallerTools);
        return;
    }
    m_messages.append(Message::tool(call.callId, content, isError));
    result.scanned = forModel;
    result.blockReason = blockReason;
    Q_EMIT toolCallFinished(call, result);
    Q_EMIT filesChanged(m_containerId);
    runNextCall();
}

void AgentLoop::finish(AgentOutcome::Stop stop)
{
    if (m_done)
        return;
    m_done = true;
    AgentOutcome outcome;
    outcome.stop = stop;
    outcome.text = m_text;
    outcome.callerCalls = m_callerCalls;
    outcome.callerCallCodeIndex = m_callerCallCodeIndex;
    outcome.usage = m_usage;
    if (m_env.meter && m_meterStarted) {
        settleCosts();
        outcome.metered = true;
    }
    outcome.metered = outcome.metered || m_request.hasServerTool();
    outcome.serverToolCost = m_cost;
    outcome.containerId = m_containerId;
    if (!m_containerId.isEmpty())
        outcome.containerExpiresAt = (QDateTime::currentMSecsSinceEpoch() + Janitor::kRetentionMs) / 1000;
    outcome.toolCalls = m_steps;
    outcome.rawStopReason = m_lastStopReason;
    Q_EMIT finished(outcome);
}

void AgentLoop::fail(const AgentError &error)
{
    if (m_done)
        return;
    m_done = true;
    // A call stopped while it runs is recorded with the time it ran so far (its end may come later).
    if (m_call && !m_call->isFinished() && !m_shellRecords.isEmpty() && m_shellRecords.last().durationMs == 0)
        m_shellRecords.last().durationMs =
            QDateTime::currentMSecsSinceEpoch() - m_shellRecords.last().startMs;
    settleCosts();
    // Every call of the assistant's message needs a result, or the conversation cannot be sent again.
    if (!m_runningCallId.isEmpty())
        m_messages.append(Message::tool(m_runningCallId, u"cancelled: %1"_s.arg(error.message), true));
    for (const PendingCall &p : std::as_const(m_pending))
        m_messages.append(Message::tool(p.call.id, u"not run: %1"_s.arg(error.message), true));
    m_pending.clear();
    dropFilesBatch();
    withdrawApproval();
    if (m_turn)
        m_turn->cancel();
    if (m_call && !m_call->isFinished())
        m_call->cancel();
    // Queued so a caller connecting after start() still sees it.
    QTimer::singleShot(0, this, [this, error] { Q_EMIT failed(error); });
}

void AgentLoop::settleCosts()
{
    if (!m_env.meter || !m_meterStarted)
        return;
    const MeterCharge charge = m_env.meter->finish(m_request.id);
    m_meterStarted = false;
    m_cost = charge.cost;
    if (m_shellRecords.isEmpty())
        return;
    // The calls before the last were costed when they ended; the last (ended, or stopped while it ran)
    // carries the rest of the request's charge, so the calls add up to it.
    double before = 0;
    for (qsizetype i = 0; i + 1 < m_shellRecords.size(); ++i) {
        m_shellRecords[i].cost = std::max(0.0, m_shellRecords[i].cost);
        before += m_shellRecords[i].cost;
    }
    ShellCallRecord &last = m_shellRecords.last();
    const double rest = std::round(std::max(0.0, charge.cost - before) * 1e8) / 1e8;
    const bool minimum = before <= 0 && charge.billedMs > charge.meteredMs;
    if (rest == last.cost && minimum == last.includesMinimum)
        return;
    last.cost = rest;
    last.includesMinimum = minimum;
    Q_EMIT callCostChanged(int(m_shellRecords.size()) - 1, last.cost, last.includesMinimum);
}

void AgentLoop::dropFilesBatch()
{
    // Files a call's code made that no answer will name: the copy stops, and whatever it stored goes once
    // the copying thread lets go too.
    if (m_filesBatch)
        std::exchange(m_filesBatch, {})->cancel();
    m_codeFiles.clear();
}

void AgentLoop::cancel()
{
    fail({499, u"cancelled"_s, u"the client closed the request"_s, {}, {}});
}

RequestRecord AgentLoop::record() const
{
    RequestRecord r;
    r.id = m_request.id;
    r.timeMs = m_startMs ? m_startMs : QDateTime::currentMSecsSinceEpoch();
    r.api = m_request.apiName;
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
    r.approvals = m_approvalRecords;
    return r;
}

QList<AgentLoop::FileCitation> AgentLoop::fileCitations(const QString &text) const
{
    QList<FileCitation> out;
    if (m_containerId.isEmpty() || !m_env.containers)
        return out;
    const QString home = m_env.containers->registry()->homeDir(m_env.workspace, m_containerId);
    if (home.isEmpty())
        return out;
    // A path in the container (/mnt/data/NAME or /workspace/home/NAME, also as OpenAI's sandbox: links), or a
    // name with an extension standing on its own (summary.txt, `out/chart.png`), relative to home.
    static const QRegularExpression mention(
        u"(?:sandbox:)?/(?:mnt/data|workspace/home)/([^\\s()\\[\\]'\"`<>\\\\]+)"
        u"|(?:^|(?<=[\\s(\\[{'\"`<>*_]))(\\w[^\\s()\\[\\]{}'\"`<>\\\\,;:!?*]*\\.\\w+)"
        u"(?=\\.?(?:[\\s()\\[\\]{}'\"`<>\\\\,;:!?*]|$))"_s,
        QRegularExpression::UseUnicodePropertiesOption);
    static const QRegularExpression number(u"^[\\d.]+$"_s);
    const FileStore store(home);
    QHash<QString, QString> made; // relative path -> its file id, or empty when not a file the code made
    // Code points before a UTF-16 offset, counted on from the last one asked for (offsets only grow, so the
    // text is walked once): a pair of surrogates is one, a lone one too.
    qsizetype countedUnits = 0;
    qsizetype counted = 0;
    const auto codePoints = [&](qsizetype units) {
        for (; countedUnits < units; ++countedUnits) {
            if (!(text.at(countedUnits).isLowSurrogate() && countedUnits > 0 &&
                  text.at(countedUnits - 1).isHighSurrogate()))
                ++counted;
        }
        return counted;
    };
    QRegularExpressionMatchIterator it = mention.globalMatch(text);
    // At most a few stats of files under home, each resolved beneath it (FileStore).
    while (it.hasNext() && made.size() < 64) {
        const QRegularExpressionMatch m = it.next();
        const bool path = m.capturedStart(1) >= 0;
        QString relative = m.captured(path ? 1 : 2);
        while (!relative.isEmpty() && QStringView(u".,;:!?").contains(relative.back()))
            relative.chop(1); // the sentence's punctuation
        if (relative.isEmpty() || number.match(relative).hasMatch() || m_inputFileNames.contains(relative))
            continue;
        auto known = made.constFind(relative);
        if (known == made.constEnd()) {
            const QString id = FileStore::fileIdForPath(QFile::encodeName(relative));
            QString error;
            const std::optional<ContainerFileStat> st = store.stat(id, false, &error);
            // Not there, or older than this request: not a file its code made.
            known = made.insert(relative, st && st->file.mtimeMs + 1000 >= m_startMs ? id : QString());
        }
        if (known->isEmpty())
            continue;
        const qsizetype startUnits = path ? m.capturedStart(0) : m.capturedStart(2);
        const qsizetype endUnits = m.capturedStart(path ? 1 : 2) + relative.size();
        const qsizetype start = codePoints(startUnits);
        out.append({*known, relative.section(u'/', -1), start, codePoints(endUnits)});
    }
    return out;
}
