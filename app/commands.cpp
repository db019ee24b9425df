// SPDX-License-Identifier: GPL-3.0-or-later
#include "commands.h"
#include "approvalcommands.h"
#include "cliutil.h"
#include "frontlauncher.h"
#include "quitonsignal.h"

#include "base/datadir.h"
#include "base/settings.h"
#include "base/workspacesettings.h"
#include "gateway/approvalbroker.h"
#include "models/providerregistry.h"
#include "sandbox/container.h"
#include "sandbox/containermanager.h"
#include "sandbox/doctor.h"
#include "sandbox/history/containerregistry.h"
#include "sandbox/history/safefs.h"
#include "sandbox/history/snapshotstore.h"
#include "sandbox/images/imagestore.h"
#include "sandbox/initprocess.h"
#include "sandbox/net/networkpolicy.h"
#include "sandbox/shellcall.h"
#include "server/apikeys.h"
#include "server/apiserver.h"
#include "tools/shellaction.h"
#include "workspace/workspace.h"
#include "workspace/workspacecatalog.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QHostAddress>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUrl>

#include <cstdio>
#include <memory>

#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

const WorkspaceOptions common;

SandboxSettings settingsFrom(const QCommandLineParser &parser)
{
    return common.settings(parser);
}

bool parseInt(const QCommandLineParser &parser, const QCommandLineOption &option, int *out)
{
    if (!parser.isSet(option))
        return true;
    bool ok = false;
    const qlonglong v = parser.value(option).toLongLong(&ok);
    if (!ok || v < INT_MIN || v > INT_MAX) {
        printErr(
            u"--%1 must be an integer (got \"%2\")"_s.arg(option.names().constFirst(), parser.value(option)));
        return false;
    }
    *out = int(v);
    return true;
}

} // namespace

QString topLevelUsage()
{
    return u"Usage: sandbench [--data-dir DIR] [--workspace NAME] [COMMAND [ACTION]] [OPTIONS]\n"
           "\n"
           "Without a command, starts the desktop workbench.\n"
           "\n"
           "Commands:\n"
           "  exec [--session ID | --container ID] [--timeout-ms N] [--max-output-length N]\n"
           "       [--network-policy JSON] [--image NAME] -- CMD [CMD ...]\n"
           "                 run commands as one shell call and print its output item as JSON\n"
           "  doctor [--json] report what isolation and limits are enforced here\n"
           "  serve [--host 127.0.0.1] [--port 8642] [--allow-host NAME]... [--allow-origin ORIGIN]...\n"
           "        [--approvals run-all|ask|rules] [--approvals-timeout S] [--approvals-viewers]\n"
           "                 serve the local API (Responses, Messages, Chat Completions, Gemini\n"
           "                 generateContent, WebSocket events)\n"
           "  mcp            serve the Model Context Protocol over stdio (tools shell, python, read_file,\n"
           "                 write_file, list_files) for agent hosts; also at /mcp of serve\n"
           "  keys create    print a new API key for the workspace\n"
           "  workspaces get [KEY] | set KEY VALUE\n"
           "                 the workspace's settings (documents_quota_bytes, "
           "code_execution_timeout_seconds, image,\n"
           "                 approvals, approvals_timeout_seconds, long_sessions, long_sessions_api,\n"
           "                 long_command_timeout_seconds, idle_sleep_minutes, python_ahead)\n"
           "  approvals [show] | mode run-all|ask|rules | timeout S | rules list|add VERDICT PATTERN|rm "
           "N|clear\n"
           "                 approve shell and code calls: run all, ask each, or by rule ([--json])\n"
           "  providers add NAME --api responses|messages|chat --base-url URL [--key-env VAR] [--default]\n"
           "  providers list [--json]\n"
           "  containers list | files ID | history ID | promote ID PATH | rm ID\n"
           "  network allow HOST | show (--container ID | --conversation ID) [--json]\n"
           "                 widen a container's network policy (it restarts with its files)\n"
           "  guardrails set SLUG --action flag|redact|block [--scope user_only|all_messages]\n"
           "  guardrails list [--json]\n"
           "  logs list [--json] [--limit N]\n"
           "  logs show ID [--json]\n"
           "  logs export FILE [--limit N]\n"
           "  broadcast add URL [--header K=V]... | list [--json] | rm URL\n"
           "  images import PATH --name NAME | build NAME --packages P,P | list | inspect NAME | rm NAME\n"
           "                 images containers run on instead of the host's /usr (OCI, docker save, "
           "mmdebstrap)\n"
           "\n"
           "Every command takes --data-dir DIR (or SANDBENCH_DATA_DIR) and --workspace NAME, before or\n"
           "after the command and its action, as in git:\n"
           "  sandbench --data-dir ~/work containers history ctr_6a1f…\n"
           "Run 'sandbench COMMAND --help' for a command's options.\n"_s;
}

int runExecCommand(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        u"Runs the commands as one shell call in a sandbox and prints the output "
        "item as JSON. Exit 0 when the call ran, 1 when the sandbox cannot run, "
        "2 on bad input."_s);
    common.addTo(parser);
    const QCommandLineOption sessionOption(u"session"_s, u"Session id; names the container."_s, u"id"_s);
    const QCommandLineOption containerOption(u"container"_s, u"Container id (1-40 of A-Z a-z 0-9 _ -)."_s,
                                             u"id"_s);
    const QCommandLineOption timeoutOption(u"timeout-ms"_s,
                                           u"Timeout per command (1-300000, default 120000)."_s, u"ms"_s);
    const QCommandLineOption maxOutputOption(
        u"max-output-length"_s, u"Characters kept per stream (1-65536, default 16384)."_s, u"n"_s);
    const QCommandLineOption policyOption(u"network-policy"_s,
                                          u"Network policy JSON: {\"allowed_domains\":[...]}, "
                                          u"{\"type\":\"allowlist\",\"allowed_domains\":[...]} "
                                          "or {\"type\":\"disabled\"} (the default)."_s,
                                          u"json"_s);
    const QCommandLineOption imageOption(
        u"image"_s,
        u"Image a new container runs on (sandbench images list; default: the workspace's image)."_s,
        u"name"_s);
    parser.addOptions(
        {sessionOption, containerOption, timeoutOption, maxOutputOption, policyOption, imageOption});
    parser.addPositionalArgument(u"commands"_s, u"Commands to run, after --."_s, u"-- CMD [CMD ...]"_s);
    // A launcher bin/sandbench started for this call and that it does not take (bad input) goes at once.
    struct DiscardFrontLauncher
    {
        ~DiscardFrontLauncher() { FrontLauncher::discard(); }
    } discardFrontLauncher;
    if (const std::optional<int> exit = parseCommandLine(parser, args, common))
        return *exit;
    // While the other core is idle: the history needs libgit2 started before this call's entry is saved.
    SnapshotStore::startLibraryAhead();
    struct FinishLibraryAhead
    {
        ~FinishLibraryAhead() { SnapshotStore::finishLibraryAhead(); }
    } finishLibraryAhead;

    if (parser.isSet(sessionOption) && parser.isSet(containerOption)) {
        printErr(u"give either --session or --container, not both"_s);
        return ExitUsage;
    }
    NetworkPolicy policy = NetworkPolicy::disabled();
    if (parser.isSet(policyOption)) {
        QJsonParseError jsonError;
        const QJsonDocument doc = QJsonDocument::fromJson(parser.value(policyOption).toUtf8(), &jsonError);
        if (jsonError.error != QJsonParseError::NoError) {
            printErr(u"--network-policy: not valid JSON (%1)"_s.arg(jsonError.errorString()));
            return ExitUsage;
        }
        QString error;
        const std::optional<NetworkPolicy> parsed = NetworkPolicy::fromJson(
            doc.isObject() ? QJsonValue(doc.object()) : QJsonValue(doc.array()), &error);
        if (!parsed) {
            printErr(u"--network-policy: %1"_s.arg(error));
            return ExitUsage;
        }
        policy = *parsed;
    }
    ShellAction action;
    action.commands = parser.positionalArguments();
    if (!parseInt(parser, timeoutOption, &action.timeoutMs) ||
        !parseInt(parser, maxOutputOption, &action.maxOutputLength))
        return ExitUsage;
    const QString problem = action.validate();
    if (!problem.isEmpty()) {
        printErr(problem);
        return ExitUsage;
    }
    // SPEC 1.4: --container pins an existing container exactly; --session follows the session id rules.
    const QString reference = parser.value(containerOption);
    QString error;
    if (parser.isSet(containerOption) && !SessionIdentity::validateContainerReference(reference, &error)) {
        printErr(u"invalid --container \"%1\": %2"_s.arg(reference, error));
        return ExitUsage;
    }
    const QString session = parser.value(sessionOption);
    if (parser.isSet(sessionOption)) {
        const std::optional<QString> key = SessionIdentity::normalizeSessionId(session);
        if (!key)
            printErr(u"sandbench: --session \"%1\" is ignored (only A-Z, a-z, 0-9, _ and - count); "
                     "using a new container"_s.arg(session));
        else if (*key != session)
            printErr(u"sandbench: --session is longer than %1 characters; only its last %1 (\"%2\") count"_s
                         .arg(SessionIdentity::kSessionIdTail)
                         .arg(*key));
    }

    const SandboxSettings settings = settingsFrom(parser);
    if (parser.isSet(imageOption) && !parser.value(imageOption).isEmpty() &&
        !ImageStore(settings.dataDir).find(parser.value(imageOption))) {
        printErr(u"sandbench: no image \"%1\" (see sandbench images list)"_s.arg(parser.value(imageOption)));
        return ExitUsage;
    }
    // The sandbox boots while the workspace loads: a launcher started ahead (by bin/sandbench before this
    // CLI was even loaded, else now) has made its cgroup, namespaces and the shared part of the root by the
    // time the container asks for it (see StandbyPool::adopt). If it cannot start, the container's own start
    // says why. A container on an image starts its own.
    QString spawnError;
    std::optional<InitProcess> ahead = FrontLauncher::take(settings);
    if (!ahead)
        ahead = InitSpawner::spawnStandby(settings, &spawnError);
    ContainerManager manager(settings);
    if (ahead)
        manager.adoptLauncher(*ahead);
    Container *container = manager.chooseContainer(
        session, reference, {},
        parser.isSet(policyOption) ? std::optional<NetworkPolicy>(policy) : std::nullopt, &error);
    if (!container) {
        printErr(error);
        return ExitUsage;
    }
    {
        // Another process running this container (sandbench serve, the window) holds its history: a second
        // sandbox on the same home would mix both processes' changes. Only probed (released at once): this
        // process's own history opens it below.
        const ContainerRegistry registry(manager.settings().dataDir);
        UniqueFd probe;
        if (!SnapshotStore::lockAgainstOpen(
                registry.historyDir(manager.settings().workspace, container->id()), &probe)) {
            printErr(
                u"sandbench: container %1 is in use by another Sandbench process (sandbench serve or the "
                "window); run the command there, or stop it there first"_s.arg(container->id()));
            return ExitFailure;
        }
    }
    // --image, else the workspace's image for a container that has none fixed yet.
    QString image = parser.value(imageOption);
    if (!parser.isSet(imageOption)) {
        WorkspaceSettings ws(manager.settings().workspaceDir());
        ws.load();
        image = container->isImageFixed() ? container->imageName() : ws.image();
    }
    if (!ImageStore(manager.settings().dataDir).applyTo(container, image, &error)) {
        printErr(u"sandbench: "_s + error);
        return ExitUsage;
    }
    ShellCall *call = container->run(action);
    // Queued, so that it also ends the loop when the call finishes before the loop runs (see below).
    const auto exitWith = [](int code) {
        QMetaObject::invokeMethod(
            QCoreApplication::instance(), [code] { QCoreApplication::exit(code); }, Qt::QueuedConnection);
    };
    QObject::connect(call, &ShellCall::finished, &manager, [call, &manager, exitWith] {
        if (call->results().isEmpty() && !call->errorString().isEmpty()) {
            printErr(u"sandbench: the sandbox cannot run: %1"_s.arg(call->errorString()));
            manager.stopAll();
            exitWith(ExitFailure);
            return;
        }
        printOut(QJsonDocument(call->outputItem()).toJson(QJsonDocument::Indented));
        // The call's entry is saved before we exit (the history waits for it); the sandbox's teardown (PID 1
        // killed, its cgroup removed) is its launcher's own and goes on after we have exited.
        InitSpawner::finishReleasedOnTheirOwnAtExit();
        manager.stopAll();
        exitWith(ExitOk);
    });
    // Where the launcher has no shell started ahead for it (a proxy, or no launcher ahead), the command goes
    // to it now, right behind the container's CONFIG. Queued (Container::run), it would wait for the loop's
    // first turn behind what else is queued: up to 1.5 ms on a busy machine.
    if (container->state() == Container::State::Starting)
        QCoreApplication::sendPostedEvents(container, QEvent::MetaCall);
    // This process waits for the call's history entry: the store is made while the sandbox boots.
    container->historyStore()->prepareStore();
    return QCoreApplication::exec();
}

int runDoctorCommand(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(u"Reports what isolation and limits are enforced on this machine. "
                                     "Exit 0 when sandboxes can run, 1 otherwise."_s);
    common.addTo(parser);
    const QCommandLineOption jsonOption(u"json"_s, u"Print the report as JSON."_s);
    parser.addOption(jsonOption);
    if (const std::optional<int> exit = parseCommandLine(parser, args, common))
        return *exit;
    if (!parser.positionalArguments().isEmpty()) {
        printErr(u"doctor takes no arguments"_s);
        return ExitUsage;
    }
    Doctor doctor(settingsFrom(parser));
    QObject::connect(&doctor, &Doctor::finished, &doctor, [&doctor, &parser, &jsonOption] {
        if (parser.isSet(jsonOption))
            printOut(QJsonDocument(doctor.toJson()).toJson(QJsonDocument::Indented));
        else
            printOut(doctor.report().toLocal8Bit());
        QCoreApplication::exit(doctor.canRun() ? ExitOk : ExitFailure);
    });
    doctor.run();
    return QCoreApplication::exec();
}

namespace {

QString dataDirFrom(const QCommandLineParser &parser)
{
    return settingsFrom(parser).dataDir;
}

QString workspaceFrom(const QCommandLineParser &parser)
{
    return settingsFrom(parser).workspace;
}

} // namespace

int runServeCommand(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        u"Serves the local API: POST /api/v1/responses, /api/v1/messages, "
        "/api/v1/chat/completions, GET /api/v1/models, container files, documents "
        "and the WebSocket event stream at /api/v1/events.\n"
        "SIGTERM or SIGINT (Ctrl-C) ends it like a quit: running calls stop, containers stop and their "
        "cgroups "
        "are removed, logs are flushed, and the exit status is 0. A second signal during that ends it at "
        "once."_s);
    common.addTo(parser);
    const QCommandLineOption hostOption(u"host"_s, u"Address to bind (default 127.0.0.1)."_s, u"address"_s,
                                        u"127.0.0.1"_s);
    const QCommandLineOption portOption(u"port"_s, u"Port (default 8642; 0 picks a free one)."_s, u"port"_s,
                                        QString::number(ApiServer::DefaultPort));
    const QCommandLineOption allowHostOption(
        u"allow-host"_s,
        u"Also accept this Host header (NAME for any port, NAME:PORT, or * for any); repeatable. By default "
        "only localhost, 127.0.0.1 and [::1] are accepted, which keeps web pages (DNS rebinding) out. Also "
        "read from the LocalApi/allowedHosts setting."_s,
        u"name"_s);
    const QCommandLineOption allowOriginOption(
        u"allow-origin"_s,
        u"Let web pages of this origin (e.g. https://viewer.example) open the WebSocket event stream; "
        "repeatable, * for any. By default no request with an Origin header may. Also read from the "
        "LocalApi/allowedOrigins setting."_s,
        u"origin"_s);
    const QCommandLineOption headerTimeoutOption(
        u"header-timeout-ms"_s, u"A request's head must arrive within this time (default 10000)."_s, u"ms"_s,
        QString::number(HttpLimits().headTimeoutMs));
    const QCommandLineOption idleTimeoutOption(
        u"idle-timeout-ms"_s,
        u"An idle keep-alive connection or a stalled body is closed after this time (default 60000)."_s,
        u"ms"_s, QString::number(HttpLimits().idleTimeoutMs));
    const QCommandLineOption approvalsOption(
        u"approvals"_s,
        u"run-all, ask or rules: how shell and code calls are approved, over each workspace's own setting "
        "(sandbench approvals). ask and rules need someone to answer: this terminal (when stdin is one) or, "
        "with --approvals-viewers, the live viewers of the WebSocket event stream."_s,
        u"mode"_s);
    const QCommandLineOption approvalsTimeoutOption(
        u"approvals-timeout"_s, u"Seconds an ask waits before the model gets a tool error (1 to 86400)."_s,
        u"s"_s);
    const QCommandLineOption approvalsViewersOption(
        u"approvals-viewers"_s,
        u"Let live viewers (WebSocket approval.decide) answer asks, so --approvals ask can run without a "
        "terminal."_s);
    const QCommandLineOption maxUploadOption(
        u"max-upload-mib"_s,
        u"The most one uploaded file may have, in MiB (1 to 65536; default: each API's own limit, 512 MiB "
        u"for "
        "OpenAI's Files API, 500 MB for Anthropic's, 2 GiB for Google's)."_s,
        u"MiB"_s);
    parser.addOptions({hostOption, portOption, allowHostOption, allowOriginOption, headerTimeoutOption,
                       idleTimeoutOption, approvalsOption, approvalsTimeoutOption, approvalsViewersOption,
                       maxUploadOption});
    if (const std::optional<int> exit = parseCommandLine(parser, args, common))
        return *exit;
    int headerTimeout = HttpLimits().headTimeoutMs;
    int idleTimeout = HttpLimits().idleTimeoutMs;
    if (!parseInt(parser, headerTimeoutOption, &headerTimeout) ||
        !parseInt(parser, idleTimeoutOption, &idleTimeout))
        return ExitUsage;
    if (headerTimeout < 100 || idleTimeout < 100) {
        printErr(u"--header-timeout-ms and --idle-timeout-ms must be at least 100"_s);
        return ExitUsage;
    }
    int maxUploadMiB = 0;
    if (parser.isSet(maxUploadOption) &&
        (!parseInt(parser, maxUploadOption, &maxUploadMiB) || maxUploadMiB < 1 || maxUploadMiB > 65536)) {
        printErr(u"--max-upload-mib must be a whole number of MiB from 1 to 65536"_s);
        return ExitUsage;
    }
    for (const QString &origin : parser.values(allowOriginOption)) {
        if (origin != u"*"_s && !QUrl(origin, QUrl::StrictMode).isValid()) {
            printErr(
                u"--allow-origin takes an origin such as https://viewer.example (got \"%1\")"_s.arg(origin));
            return ExitUsage;
        }
    }
    QHostAddress host;
    if (!host.setAddress(parser.value(hostOption))) {
        printErr(u"--host must be an IP address (got \"%1\")"_s.arg(parser.value(hostOption)));
        return ExitUsage;
    }
    bool ok = false;
    const uint port = parser.value(portOption).toUInt(&ok);
    if (!ok || port > 65535) {
        printErr(u"--port must be a number from 0 to 65535"_s);
        return ExitUsage;
    }
    std::optional<ApprovalMode> approvalMode;
    if (parser.isSet(approvalsOption)) {
        approvalMode = ApprovalPolicy::parseMode(parser.value(approvalsOption));
        if (!approvalMode) {
            printErr(u"--approvals must be one of %1 (got \"%2\")"_s.arg(
                ApprovalPolicy::modeNames().join(u", "_s), parser.value(approvalsOption)));
            return ExitUsage;
        }
    }
    int approvalTimeout = 0;
    if (parser.isSet(approvalsTimeoutOption)) {
        bool okTimeout = false;
        approvalTimeout = parser.value(approvalsTimeoutOption).toInt(&okTimeout);
        if (!okTimeout || approvalTimeout < 1 || approvalTimeout > ApprovalPolicy::MaxTimeoutSeconds) {
            printErr(u"--approvals-timeout must be a whole number of seconds from 1 to %1"_s.arg(
                ApprovalPolicy::MaxTimeoutSeconds));
            return ExitUsage;
        }
    }
    const bool terminal = ::isatty(STDIN_FILENO) == 1;
    const bool viewers = parser.isSet(approvalsViewersOption);
    if (approvalMode && *approvalMode != ApprovalMode::RunAll && !terminal && !viewers) {
        printErr(
            u"sandbench serve: --approvals %1 needs someone to answer each ask, and nothing can: stdin "
            "is not a terminal and live viewers may not answer. Run serve in a terminal, add "
            "--approvals-viewers to answer over the WebSocket event stream, or use --approvals run-all."_s
                .arg(ApprovalPolicy::modeName(*approvalMode)));
        return ExitUsage;
    }
    const QString dataDir = dataDirFrom(parser);
    // The workspaces that have keys now are made here, once, and lent to the server; they outlive it.
    // A workspace given its first key while serving is still made by the server when its first request
    // comes.
    QObject workspaces;
    ApiServer server(dataDir);
    server.setPrewarm(true);
    server.setApprovalOverride(approvalMode, approvalTimeout);
    // The terminal answers every workspace's asks; a viewer counts only when --approvals-viewers says so.
    std::unique_ptr<TerminalApprover> prompt;
    if (terminal)
        prompt = std::make_unique<TerminalApprover>();
    QObject::connect(&server, &ApiServer::workspaceReady, &server, [&prompt](Workspace *ws) {
        if (prompt)
            prompt->attach(ws->approvals());
    });
    if (!viewers)
        server.setViewersAnswerApprovals(false);
    server.setTimeouts(headerTimeout, idleTimeout);
    server.setMaxUploadBytes(qint64(maxUploadMiB) * 1024 * 1024);
    const Settings settings;
    server.setAllowedHosts(settings.localApiAllowedHosts() + parser.values(allowHostOption));
    server.setAllowedOrigins(settings.localApiAllowedOrigins() + parser.values(allowOriginOption));
    ApiKeys keys(dataDir);
    for (const QString &name : WorkspaceCatalog(dataDir).list()) {
        const std::optional<QList<ApiKeys::Info>> stored = keys.list(name, nullptr);
        if (!stored || stored->isEmpty())
            continue;
        auto *workspace = new Workspace(dataDir, name, &workspaces);
        workspace->containers()->setPrewarm(true);
        server.useWorkspace(workspace);
    }
    QString error;
    if (!server.listen(host, quint16(port), &error)) {
        printErr(error);
        return ExitFailure;
    }
    // Installed once serving: SIGTERM/SIGINT from here on take the quit path (exit status 0).
    QuitOnSignal quitOnSignal;
    // Tests and scripts read the bound port from this line.
    printOut(
        u"sandbench: serving on http://%1:%2/api/v1\n"_s.arg(host.toString()).arg(server.port()).toUtf8());
    return QCoreApplication::exec();
}

int runKeysCommand(const QStringList &args)
{
    QString action;
    const QStringList rest = withoutAction(args, &action);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        u"keys create: prints a new API key for the workspace (shown once; only its "
        "SHA-256 is stored)."_s);
    common.addTo(parser);
    if (const std::optional<int> exit = parseCommandLine(parser, rest, common))
        return *exit;
    if (action != u"create"_s) {
        printErr(u"usage: sandbench keys create [--workspace NAME] [--data-dir DIR]"_s);
        return ExitUsage;
    }
    ApiKeys keys(dataDirFrom(parser));
    QString error;
    const std::optional<QString> key = keys.create(workspaceFrom(parser), &error);
    if (!key) {
        printErr(error);
        return ExitFailure;
    }
    printOut((*key + u'\n').toUtf8());
    return ExitOk;
}

int runWorkspacesCommand(const QStringList &args)
{
    QString action;
    const QStringList rest = withoutAction(args, &action);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        u"workspaces get [KEY]: prints the workspace's settings (KEY=VALUE lines, or one value).\n"
        "workspaces set KEY VALUE: changes one (VALUE 0 restores code_execution_timeout_seconds' default).\n"
        "Keys: "_s +
        WorkspaceSettings::keys().join(u", "_s) +
        u".\ncode_execution_timeout_seconds: the time one run of Gemini's codeExecution may take, here and "
        u"in "
        "the window (Google allows 30 s), 1 to 300; the other code contracts use the shell's limits.\n"
        "long_sessions on|off: lift the hosted limits for the workspace's own (window) conversations: a "
        "command may run up to long_command_timeout_seconds (default 86400, at most 604800; also its timeout "
        "when the call names none), an idle container sleeps after idle_sleep_minutes (default 60; 0: never) "
        "and output past max_output_length keeps its last characters.\n"
        "long_sessions_api on|off: while long_sessions is on, lift them for API requests made with the "
        "workspace's keys as well (off, or long_sessions off: they keep the hosted 300 s and 5 minutes).\n"
        "python_ahead on|off (default on): once the workspace ran Python, serve, mcp and the window keep one "
        "hidden container with its kernel started, so a new container's first cell needs no start; off "
        "frees its memory (a running serve or window applies it when it next starts one)."_s);
    common.addTo(parser);
    parser.addPositionalArgument(u"key"_s, u"Setting name."_s);
    parser.addPositionalArgument(u"value"_s, u"New value (set)."_s);
    if (const std::optional<int> exit = parseCommandLine(parser, rest, common))
        return *exit;
    const QStringList positional = parser.positionalArguments();
    const bool get = action == u"get"_s && positional.size() <= 1;
    const bool set = action == u"set"_s && positional.size() == 2;
    if (!get && !set) {
        printErr(
            u"usage: sandbench workspaces get [KEY] | set KEY VALUE [--workspace NAME] [--data-dir DIR]"_s);
        return ExitUsage;
    }
    const QString dataDir = dataDirFrom(parser);
    const QString dir = ContainerRegistry(dataDir).workspaceDir(workspaceFrom(parser));
    if (dir.isEmpty()) {
        printErr(u"invalid workspace name \"%1\""_s.arg(workspaceFrom(parser)));
        return ExitUsage;
    }
    QString error;
    WorkspaceSettings settings(dir);
    if (!settings.load(&error)) {
        printErr(error);
        return ExitFailure;
    }
    if (get) {
        if (!positional.isEmpty() && !WorkspaceSettings::keys().contains(positional.first())) {
            printErr(u"unknown setting \"%1\" (known: %2)"_s.arg(positional.first(),
                                                                 WorkspaceSettings::keys().join(u", "_s)));
            return ExitUsage;
        }
        if (!positional.isEmpty()) {
            printOut((settings.value(positional.first()) + u'\n').toUtf8());
            return ExitOk;
        }
        for (const QString &key : WorkspaceSettings::keys())
            printOut((key + u'=' + settings.value(key) + u'\n').toUtf8());
        return ExitOk;
    }
    if (!settings.setValue(positional.at(0), positional.at(1), &error)) {
        printErr(error);
        return ExitUsage;
    }
    if (!DataDir::open(dataDir, &error) || !settings.save(&error)) {
        printErr(error);
        return ExitFailure;
    }
    if (settings.longSessionsForApi() && !settings.longSessions() &&
        (positional.at(0) == u"long_sessions_api"_s || positional.at(0) == u"long_sessions"_s))
        printErr(u"note: long_sessions is off, so API requests keep the hosted limits until it is on "
                 "(long_sessions_api only extends long_sessions to them)"_s);
    return ExitOk;
}

int runProvidersCommand(const QStringList &args)
{
    QString action;
    const QStringList rest = withoutAction(args, &action);
    QCommandLineParser parser;
    parser.setApplicationDescription(u"providers add NAME --api responses|messages|chat --base-url URL "
                                     "[--key-env VAR] [--default]\nproviders list"_s);
    common.addTo(parser);
    const QCommandLineOption apiOption(u"api"_s, u"responses, messages or chat."_s, u"api"_s);
    const QCommandLineOption urlOption(u"base-url"_s, u"Base URL, e.g. https://api.openai.com/v1."_s,
                                       u"url"_s);
    const QCommandLineOption keyEnvOption(u"key-env"_s, u"Environment variable holding the API key."_s,
                                          u"var"_s);
    const QCommandLineOption defaultOption(u"default"_s, u"Make it the default provider."_s);
    const QCommandLineOption jsonOption(u"json"_s, u"list: print JSON."_s);
    parser.addOptions({apiOption, urlOption, keyEnvOption, defaultOption, jsonOption});
    parser.addPositionalArgument(u"name"_s, u"Provider name ([a-z0-9_-]+)."_s);
    if (const std::optional<int> exit = parseCommandLine(parser, rest, common))
        return *exit;
    ProviderRegistry registry(dataDirFrom(parser), workspaceFrom(parser));
    QString error;
    if (!registry.load(&error)) {
        printErr(error);
        return ExitFailure;
    }
    if (action == u"list"_s) {
        QJsonArray list;
        for (const ProviderConfig &p : registry.providers()) {
            list.append(p.toJson());
            if (!parser.isSet(jsonOption))
                printOut(u"%1%2\t%3\t%4\n"_s
                             .arg(p.name, p.isDefault ? u" (default)"_s : QString(), providerApiName(p.api),
                                  p.baseUrl.toString())
                             .toUtf8());
        }
        if (parser.isSet(jsonOption))
            printOut(QJsonDocument(list).toJson(QJsonDocument::Indented));
        return ExitOk;
    }
    if (action != u"add"_s) {
        printErr(u"usage: sandbench providers add NAME --api responses|messages|chat --base-url URL "
                 "[--key-env VAR] [--default] | sandbench providers list"_s);
        return ExitUsage;
    }
    if (parser.positionalArguments().size() != 1) {
        printErr(u"providers add takes one NAME"_s);
        return ExitUsage;
    }
    const std::optional<ProviderApi> api = providerApiFromName(parser.value(apiOption));
    if (!api) {
        printErr(u"--api must be responses, messages or chat"_s);
        return ExitUsage;
    }
    ProviderConfig config;
    config.name = parser.positionalArguments().constFirst();
    config.api = *api;
    config.baseUrl = QUrl(parser.value(urlOption));
    config.keyEnv = parser.value(keyEnvOption);
    config.isDefault = parser.isSet(defaultOption);
    const QString problem = config.validate();
    if (!problem.isEmpty()) {
        printErr(problem);
        return ExitUsage;
    }
    if (!registry.add(config, &error)) {
        printErr(error);
        return ExitFailure;
    }
    printOut(u"added provider %1 (%2, %3)%4\n"_s
                 .arg(config.name, providerApiName(config.api), config.baseUrl.toString(),
                      config.isDefault ? u", default"_s : QString())
                 .toUtf8());
    return ExitOk;
}
