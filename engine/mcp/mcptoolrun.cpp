// SPDX-License-Identifier: GPL-3.0-or-later
#include "mcptoolrun.h"

#include "base/randomtoken.h"
#include "gateway/agentloop.h"
#include "gateway/requestobserver.h"
#include "mcpfiles.h"
#include "mcptools.h"
#include "sandbox/container.h"
#include "sandbox/containermanager.h"
#include "sandbox/history/containerhistory.h"
#include "sandbox/history/filestore.h"
#include "sandbox/net/networkpolicy.h"
#include "sandbox/pythonkernel.h"
#include "workspace/workspace.h"

#include <QDateTime>
#include <QFutureWatcher>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

using namespace Qt::StringLiterals;

namespace {

QString compact(const QJsonObject &o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

QJsonObject textItem(const QString &text)
{
    return {{u"type"_s, u"text"_s}, {u"text"_s, text}};
}

QString outcomeText(const CommandResult &r)
{
    return r.outcome.type == CommandOutcome::Type::Timeout
               ? u"timed out"_s
               : u"exit code "_s + QString::number(r.outcome.exitCode);
}

// What the agent's model reads: each command with its output and how it ended. (Built by appending: it is
// made for every shell call, and QString::arg() parses its pattern each time.)
QString transcript(const QString &containerId, const QStringList &commands,
                   const QList<CommandResult> &results)
{
    QString text = u"container_id: "_s + containerId + u'\n';
    for (int i = 0; i < results.size(); ++i) {
        const CommandResult &r = results.at(i);
        text += u"\n$ "_s + commands.value(i) + u'\n';
        if (!r.stdoutText.isEmpty())
            text += r.stdoutText + (r.stdoutText.endsWith(u'\n') ? QString() : u"\n"_s);
        if (!r.stderrText.isEmpty())
            text += u"[stderr]\n"_s + r.stderrText + (r.stderrText.endsWith(u'\n') ? QString() : u"\n"_s);
        text += u'[' + outcomeText(r) + u"]\n"_s;
    }
    if (results.size() < commands.size())
        text += u"\n(%1 of %2 commands did not run)\n"_s.arg(commands.size() - results.size())
                    .arg(commands.size());
    return text;
}

} // namespace

McpToolRun::McpToolRun(const McpContext &context, const QString &tool, const QJsonObject &arguments,
                       const QJsonObject &request, QObject *parent)
    : QObject(parent)
    , m_context(context)
    , m_tool(tool)
    , m_arguments(arguments)
    , m_request(request)
{}

McpToolRun::~McpToolRun()
{
    if (m_loop && !m_loop->isDone()) {
        m_done = true; // no signal from a run being deleted
        m_loop->cancel();
    }
}

QJsonObject McpToolRun::errorResult(const QString &message)
{
    return {{u"content"_s, QJsonArray{textItem(u"error: "_s + message)}}, {u"isError"_s, true}};
}

void McpToolRun::start()
{
    m_startMs = QDateTime::currentMSecsSinceEpoch();
    const QString problem = McpTools::check(m_tool, m_arguments, m_context.limits);
    if (!problem.isEmpty()) {
        complete(errorResult(u"%1: %2"_s.arg(m_tool, problem)), 400);
        return;
    }
    if (m_tool == u"read_file" || m_tool == u"write_file" || m_tool == u"list_files") {
        QString error;
        m_relativePath = McpTools::homeRelativePath(m_arguments.value(u"path"_s).toString(u"."_s),
                                                    m_tool == u"list_files", &error);
        if (m_relativePath.isEmpty()) {
            complete(errorResult(u"%1: %2"_s.arg(m_tool, error)), 400);
            return;
        }
    }
    if (m_tool == u"read_file")
        startFileRead();
    else if (m_tool == u"list_files")
        startFileList();
    else
        startLoop();
}

void McpToolRun::cancel()
{
    if (m_done)
        return;
    m_done = true;
    if (m_loop && !m_loop->isDone())
        m_loop->cancel();
    Q_EMIT cancelled();
}

void McpToolRun::startLoop()
{
    Workspace *ws = m_context.workspace;
    AgentRequest request;
    request.id = randomToken(u"mcp_"_s, 24);
    request.apiName = u"mcp"_s;
    request.model = m_context.clientName.isEmpty() ? u"mcp"_s : m_context.clientName;
    ServerToolConfig tool;
    tool.engine = ServerToolConfig::Engine::OpenRouter;
    tool.containerReference = m_arguments.value(u"container_id"_s).toString();
    tool.containerField = u"container_id"_s;
    ToolCall call;
    call.id = randomToken(u"call_"_s, 24);
    QJsonObject callArguments;
    if (m_tool == u"shell") {
        tool.kind = ServerToolConfig::Kind::Shell;
        if (m_arguments.contains(u"network_policy"_s) && !m_arguments.value(u"network_policy"_s).isNull()) {
            QString error;
            tool.networkPolicy = NetworkPolicy::fromJson(m_arguments.value(u"network_policy"_s), &error);
            if (!tool.networkPolicy) {
                complete(errorResult(u"shell: \"network_policy\": %1"_s.arg(error)), 400);
                return;
            }
        }
        request.shell = tool;
        call.name = request.shellFunctionName;
        for (const QString &key : {u"commands"_s, u"timeout_ms"_s, u"max_output_length"_s})
            if (m_arguments.contains(key))
                callArguments.insert(key, m_arguments.value(key));
    } else if (m_tool == u"python") {
        tool.kind = ServerToolConfig::Kind::Python;
        tool.contractName = u"mcp:python"_s;
        request.code = tool;
        call.name = request.pythonFunctionName;
        callArguments.insert(u"code"_s, m_arguments.value(u"code"_s));
    } else {
        const QByteArray content = m_arguments.value(u"content"_s).toString().toUtf8();
        if (content.size() > McpTools::MaxWriteBytes) {
            complete(errorResult(u"write_file: \"content\" is %1 bytes; at most %2 bytes (%3 KiB) can be "
                                 "written in one call: write larger files with shell (e.g. in parts with "
                                 "cat >>)"_s.arg(content.size())
                                     .arg(McpTools::MaxWriteBytes)
                                     .arg(McpTools::MaxWriteBytes / 1024)),
                     400);
            return;
        }
        tool.kind = ServerToolConfig::Kind::CodeExecution;
        tool.contractName = u"mcp:write_file"_s;
        request.code = tool;
        call.name = request.editorFunctionName;
        callArguments = {{u"command"_s, u"create"_s},
                         {u"path"_s, QString(u"/workspace/home/"_s + m_relativePath)},
                         {u"file_text"_s, m_arguments.value(u"content"_s).toString()}};
    }
    call.argumentsJson = compact(callArguments);

    QString message;
    if (!ws->observer()->refresh(&message)) {
        complete(errorResult(u"the workspace's guardrails cannot be read, so nothing runs: "_s + message),
                 500);
        return;
    }
    AgentEnvironment env;
    env.workspace = ws->name();
    env.containers = ws->containers();
    env.limits = m_context.limits;
    env.meter = m_context.meter ? m_context.meter : ws->containers()->meter();
    env.guardrails = ws->observer()->guardrails();
    env.scanToolOutput = ws->observer()->scanToolOutput();
    env.approvals = m_context.approvals ? m_context.approvals : ws->approvals();
    env.approvalPolicy = ws->approvalPolicy();
    env.conversation = m_context.conversation;
    auto *loop = new AgentLoop(request, env, this);
    m_loop = loop;
    connect(loop, &AgentLoop::toolCallStarted, this, [this](const AgentToolCall &c) {
        m_containerId = c.containerId;
        // Before the command runs: what home holds, to name the files it creates.
        if (m_tool == u"shell" && c.validated) {
            if (Container *container = m_context.workspace->containers()->find(c.containerId)) {
                m_home = container->homeDir();
                m_history = container->historyStore();
                if (m_history)
                    m_changingBefore = m_history->changingCommits();
                // Read again only when something wrote to home since this session last looked.
                m_filesBefore = m_context.homeScans
                                    ? m_context.homeScans->current(c.containerId, m_history, m_home)
                                    : McpFiles::snapshot(m_home);
            }
        }
        Q_EMIT containerUsed(c.containerId);
    });
    connect(loop, &AgentLoop::commandStarted, this, [this](int, int, const QString &text) {
        if (m_tool == u"shell")
            Q_EMIT output(u"$ "_s + text + u'\n');
    });
    connect(loop, &AgentLoop::commandOutput, this,
            [this](int, int, bool, const QString &text) { Q_EMIT output(text); });
    connect(loop, &AgentLoop::toolCallFinished, this, &McpToolRun::onToolCallFinished);
    connect(loop, &AgentLoop::finished, this, &McpToolRun::onLoopFinished);
    connect(loop, &AgentLoop::failed, this, &McpToolRun::onLoopFailed);
    // Live viewers follow before the start: a direct call starts its command at once.
    if (m_context.followLoop)
        m_context.followLoop(loop, ws->name());
    loop->startDirect(call);
}

void McpToolRun::onToolCallFinished(const AgentToolCall &call, const AgentToolResult &result)
{
    const QString container = call.containerId.isEmpty() ? m_loop->containerId() : call.containerId;
    const auto failure = [&](const QString &text) {
        QJsonObject r = errorResult(u"%1 (container_id: %2)"_s.arg(text, container));
        m_loopResult = r;
    };
    if (!result.blockReason.isEmpty()) {
        failure(u"%1: the output was withheld by a guardrail: %2"_s.arg(m_tool, result.blockReason));
        return;
    }
    if (result.results.isEmpty() && !result.error.isEmpty()) {
        failure(u"%1: %2"_s.arg(m_tool, result.error));
        return;
    }
    QJsonObject structured;
    QJsonArray content;
    bool isError = false;
    if (m_tool == u"shell") {
        QJsonArray out;
        for (const CommandResult &r : result.scanned)
            out.append(r.toJson());
        structured = {{u"type"_s, u"openrouter:shell"_s},
                      {u"status"_s, result.completed ? u"completed"_s : u"incomplete"_s},
                      {u"container_id"_s, container},
                      {u"action"_s, call.action.toJson()},
                      {u"output"_s, out}};
        QString text = transcript(container, call.action.commands, result.scanned);
        if (!result.completed && !result.error.isEmpty())
            text += u"\n"_s + result.error + u'\n';
        content.append(textItem(text));
        // The files the commands created or changed, as links the client can read (resources/read).
        // (Each command's commit was asked for before its result came: a command that wrote anything
        // counts by now.)
        const bool unchanged = m_history && m_history->changingCommits() == m_changingBefore;
        if (!m_home.isEmpty() && !unchanged) {
            const quint64 writes = m_history ? m_history->homeWrites() : 0;
            const McpFiles::HomeScans::Files after = McpFiles::snapshot(m_home);
            for (const QString &path : McpFiles::changed(m_filesBefore, after, 20))
                content.append(QJsonObject{{u"type"_s, u"resource_link"_s},
                                           {u"uri"_s, McpFiles::uri(container, path)},
                                           {u"name"_s, path}});
            if (m_context.homeScans)
                m_context.homeScans->keep(container, m_history, writes, after);
        }
    } else if (m_tool == u"python") {
        CodeOutput code = CodeOutput::fromResult(*call.code, result.scanned.value(0));
        // Why the kernel's state was reset before this cell (the container slept, the kernel was lost, or a
        // cancelled cell's kernel was restarted), if the loop took that note before the cell ran.
        code.addNote(result.kernelNote);
        // The container's Jupyter kernel ran the cell (SPEC §10): its state lives while the container is
        // awake. An image without ipykernel ran it as a script, whose state is gone when it ends; so did a
        // cell that found the kernel not running (it did not start), and the next call tries it again.
        const bool persists = code.kernel && code.kernel->mode == KernelCellResult::Mode::Kernel;
        const PythonKernel *kernel =
            PythonKernel::existing(m_context.workspace->containers()->find(container));
        const bool noKernelInImage = code.kernel && (code.kernel->mode == KernelCellResult::Mode::Fallback ||
                                                     (kernel && kernel->isUnavailable()));
        QJsonArray images;
        for (const CodeImage &image : result.images)
            images.append(image.path);
        structured = {{u"container_id"_s, container},
                      {u"stdout"_s, code.stdoutText},
                      {u"stderr"_s, code.stderrText},
                      {u"exit_code"_s, code.returnCode},
                      {u"timed_out"_s, code.timedOut},
                      {u"state_persists"_s, persists},
                      {u"images"_s, images}};
        QString text = u"container_id: %1\n"_s.arg(container);
        if (code.isError())
            text += u"error: "_s + code.errorMessage + u'\n';
        if (!code.stdoutText.isEmpty())
            text += code.stdoutText + (code.stdoutText.endsWith(u'\n') ? QString() : u"\n"_s);
        if (!code.stderrText.isEmpty())
            text +=
                u"[stderr]\n"_s + code.stderrText + (code.stderrText.endsWith(u'\n') ? QString() : u"\n"_s);
        text += code.timedOut ? u"[timed out]\n"_s : u"[exit code %1]\n"_s.arg(code.returnCode);
        if (!persists && noKernelInImage)
            text +=
                u"Note: this container's image has no Jupyter kernel (python3-ipykernel), so the code ran "
                "as a new python3 process: variables and imports do not persist between python calls. "
                "Files in /workspace/home persist."_s;
        else if (!persists)
            text +=
                u"Note: the container's Python kernel was not running (it did not start), so this code ran "
                "as a new python3 process without the variables and imports of earlier calls; the next "
                "python call starts the kernel again. Files in /workspace/home persist."_s;
        content.append(textItem(text));
        for (const CodeImage &image : result.images)
            content.append(QJsonObject{{u"type"_s, u"image"_s},
                                       {u"data"_s, QString::fromLatin1(image.data.toBase64())},
                                       {u"mimeType"_s, image.mimeType}});
        isError = code.isError();
    } else {
        const CodeOutput code = CodeOutput::fromResult(*call.code, result.scanned.value(0));
        if (code.isError()) {
            failure(u"write_file: "_s + code.errorMessage);
            return;
        }
        const QString uri = McpFiles::uri(container, m_relativePath);
        const qint64 bytes = m_arguments.value(u"content"_s).toString().toUtf8().size();
        structured = {{u"container_id"_s, container},
                      {u"path"_s, QString(u"/workspace/home/"_s + m_relativePath)},
                      {u"bytes"_s, bytes},
                      {u"uri"_s, uri}};
        content.append(textItem(u"wrote %1 bytes to /workspace/home/%2 (container_id: %3)"_s.arg(bytes).arg(
            m_relativePath, container)));
        content.append(QJsonObject{{u"type"_s, u"resource_link"_s},
                                   {u"uri"_s, uri},
                                   {u"name"_s, m_relativePath.section(u'/', -1)},
                                   {u"mimeType"_s, u"text/plain"_s}});
    }
    m_loopResult = {{u"content"_s, content}, {u"structuredContent"_s, structured}};
    if (isError)
        m_loopResult.insert(u"isError"_s, true);
}

void McpToolRun::onLoopFinished(const AgentOutcome &)
{
    if (m_done)
        return;
    QJsonObject result = m_loopResult;
    if (result.isEmpty())
        result = errorResult(u"%1: the call ended without a result"_s.arg(m_tool));
    complete(result, result.value(u"isError"_s).toBool() ? 400 : 200);
}

void McpToolRun::onLoopFailed(const AgentError &error)
{
    if (error.httpStatus == 499) {
        // Cancelled: the client asked for it (or went away); the log keeps what ran.
        if (m_context.logging && m_loop) {
            RequestRecord record = m_loop->record();
            record.workspace = m_context.workspace->name();
            record.status = 499;
            record.latencyMs = QDateTime::currentMSecsSinceEpoch() - record.timeMs;
            if (m_context.workspace->observer()->ioLogging())
                record.requestBody = QJsonDocument(m_request).toJson(QJsonDocument::Compact);
            m_context.workspace->observer()->record(record);
        }
        if (!m_done) {
            m_done = true;
            Q_EMIT cancelled();
        }
        return;
    }
    if (m_done)
        return;
    complete(errorResult(u"%1: %2"_s.arg(m_tool, error.message)), error.httpStatus);
}

Container *McpToolRun::findContainer()
{
    const QString id = m_arguments.value(u"container_id"_s).toString();
    Container *container = m_context.workspace->containers()->find(id);
    if (!container) {
        complete(errorResult(u"%1: \"container_id\": no container \"%2\" in this workspace; use a "
                             "container_id that a shell or python result named"_s.arg(m_tool, id)),
                 404);
        return nullptr;
    }
    m_containerId = container->id();
    Q_EMIT containerUsed(m_containerId);
    return container;
}

void McpToolRun::startFileRead()
{
    Container *container = findContainer();
    if (!container)
        return;
    const QString home = container->homeDir();
    const QString relative = m_relativePath;
    auto *watcher = new QFutureWatcher<McpFiles::Read>(this);
    connect(watcher, &QFutureWatcher<McpFiles::Read>::finished, this, [this, watcher] {
        watcher->deleteLater();
        if (m_done)
            return;
        const McpFiles::Read read = watcher->result();
        const QString path = u"/workspace/home/"_s + m_relativePath;
        if (!read.error.isEmpty()) {
            complete(errorResult(u"read_file: \"path\" %1: %2"_s.arg(path, read.error)),
                     read.notFound ? 404 : 400);
            return;
        }
        const QString uri = McpFiles::uri(m_containerId, m_relativePath);
        QJsonArray content;
        if (read.isText) {
            content.append(textItem(QString::fromUtf8(read.data)));
        } else if (read.mimeType == u"image/png" || read.mimeType == u"image/jpeg" ||
                   read.mimeType == u"image/gif" || read.mimeType == u"image/webp") {
            content.append(QJsonObject{{u"type"_s, u"image"_s},
                                       {u"data"_s, QString::fromLatin1(read.data.toBase64())},
                                       {u"mimeType"_s, read.mimeType}});
        } else {
            content.append(QJsonObject{
                {u"type"_s, u"resource"_s},
                {u"resource"_s, QJsonObject{{u"uri"_s, uri},
                                            {u"mimeType"_s, read.mimeType},
                                            {u"blob"_s, QString::fromLatin1(read.data.toBase64())}}}});
        }
        complete({{u"content"_s, content},
                  {u"structuredContent"_s, QJsonObject{{u"container_id"_s, m_containerId},
                                                       {u"path"_s, path},
                                                       {u"bytes"_s, read.size},
                                                       {u"mime_type"_s, read.mimeType},
                                                       {u"is_text"_s, read.isText},
                                                       {u"uri"_s, uri}}}},
                 200);
    });
    watcher->setFuture(QtConcurrent::run(m_context.filePool, [home, relative] {
        return McpFiles::read(home, relative, McpTools::MaxReadBytes);
    }));
}

void McpToolRun::startFileList()
{
    Container *container = findContainer();
    if (!container)
        return;
    const QString home = container->homeDir();
    const QString prefix = m_relativePath == u"." ? QString() : m_relativePath + u'/';
    auto *watcher = new QFutureWatcher<McpFiles::Listing>(this);
    connect(watcher, &QFutureWatcher<McpFiles::Listing>::finished, this, [this, watcher, prefix] {
        watcher->deleteLater();
        if (m_done)
            return;
        const McpFiles::Listing listing = watcher->result();
        if (!listing.error.isEmpty()) {
            complete(errorResult(u"list_files: "_s + listing.error), 400);
            return;
        }
        QJsonArray files;
        QString text = u"container_id: %1\n"_s.arg(m_containerId);
        QJsonArray content;
        for (const ContainerFile &f : listing.files) {
            files.append(QJsonObject{{u"path"_s, QString(u"/workspace/home/"_s + f.path)},
                                     {u"bytes"_s, f.size},
                                     {u"modified_at"_s, f.mtimeMs / 1000}});
            text += u"%1\t%2\n"_s.arg(f.size, 10).arg(u"/workspace/home/"_s + f.path);
        }
        if (listing.files.isEmpty())
            text += prefix.isEmpty() ? u"(no files in /workspace/home)\n"_s
                                     : u"(no files below /workspace/home/%1)\n"_s.arg(m_relativePath);
        if (listing.truncated)
            text += u"(only the first %1 files are listed)\n"_s.arg(McpTools::MaxListEntries);
        content.append(textItem(text));
        complete(
            {{u"content"_s, content},
             {u"structuredContent"_s,
              QJsonObject{{u"container_id"_s, m_containerId},
                          {u"path"_s, prefix.isEmpty() ? u"/workspace/home"_s
                                                       : QString(u"/workspace/home/"_s + m_relativePath)},
                          {u"files"_s, files},
                          {u"truncated"_s, listing.truncated}}}},
            200);
    });
    watcher->setFuture(QtConcurrent::run(m_context.filePool, [home, prefix] {
        return McpFiles::list(home, prefix, McpTools::MaxListEntries);
    }));
}

void McpToolRun::complete(const QJsonObject &result, int status)
{
    if (m_done)
        return;
    m_done = true;
    // The answer goes out first, and the record is written once its bytes are on their way: the request
    // log is no part of the call's latency.
    Q_EMIT finished(result);
    if (!m_context.logging)
        return;
    RequestRecord record;
    if (m_loop)
        record = m_loop->record();
    const QPointer<Workspace> workspace = m_context.workspace;
    QTimer::singleShot(0, workspace,
                       [workspace, record, result, status, request = m_request, startMs = m_startMs,
                        containerId = m_containerId, client = m_context.clientName]() mutable {
                           if (!workspace)
                               return;
                           RequestObserver *observer = workspace->observer();
                           if (record.id.isEmpty()) {
                               record.id = randomToken(u"mcp_"_s, 24);
                               record.timeMs = startMs;
                               record.api = u"mcp"_s;
                               record.model = client.isEmpty() ? u"mcp"_s : client;
                               record.provider = u"mcp"_s;
                               if (!containerId.isEmpty())
                                   record.containerIds = {containerId};
                           }
                           record.workspace = workspace->name();
                           record.status = status;
                           record.latencyMs = QDateTime::currentMSecsSinceEpoch() - record.timeMs;
                           if (observer->ioLogging()) {
                               record.requestBody = QJsonDocument(request).toJson(QJsonDocument::Compact);
                               record.responseBody = QJsonDocument(result).toJson(QJsonDocument::Compact);
                           }
                           observer->record(record);
                       });
}

QString McpToolRun::agentRequestId() const
{
    return m_loop ? m_loop->id() : QString();
}
