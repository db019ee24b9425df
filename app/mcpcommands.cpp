// SPDX-License-Identifier: GPL-3.0-or-later
#include "mcpcommands.h"
#include "cliutil.h"
#include "quitonsignal.h"

#include "base/datadir.h"
#include "base/workspacesettings.h"
#include "mcp/mcprelay.h"
#include "mcp/mcpsession.h"
#include "mcp/mcpstdio.h"
#include "sandbox/containermanager.h"
#include "sandbox/history/containerregistry.h"
#include "sandbox/sandboxsettings.h"
#include "workspace/workspace.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <csignal>
#include <fcntl.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

volatile std::sig_atomic_t g_stopRelay = 0;

void stopRelay(int)
{
    g_stopRelay = 1;
}

} // namespace

int runMcpCommand(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        u"Serves the Model Context Protocol over stdio for an agent host (Claude Desktop, Claude Code, "
        "Cursor, VS Code, Goose, Codex CLI): JSON-RPC messages on stdin, answers on stdout, diagnostics on "
        "stderr. Tools: shell, python, read_file, write_file, list_files, running in the workspace's "
        "containers with its limits, network policy, guardrails, approvals, history and request log (api "
        "\"mcp\"). Ends when stdin closes (exit 0).\n"
        "When the window's local API or `sandbench serve` already serves the workspace, the messages are "
        "relayed to that engine (its socket DATA/workspaces/<ws>/mcp.sock, same user only) so the calls run "
        "there: live in the window's \"Other programs\", one history. Otherwise the calls run in this "
        "process. Which one is said on stderr.\n"
        "The same server is at /mcp of `sandbench serve` (Streamable HTTP, with the workspace's API key)."_s);
    const WorkspaceOptions common;
    common.addTo(parser);
    const QCommandLineOption noRelayOption(
        u"no-relay"_s, u"Run the calls in this process even when another engine serves the workspace."_s);
    parser.addOption(noRelayOption);
    if (const std::optional<int> exit = parseCommandLine(parser, args, common))
        return *exit;
    if (!parser.positionalArguments().isEmpty()) {
        printErr(u"sandbench mcp takes no arguments (got \"%1\"); it reads MCP messages from stdin"_s.arg(
            displayName(parser.positionalArguments().constFirst(), true)));
        return ExitUsage;
    }
    const SandboxSettings settings = common.settings(parser);
    QString error;
    if (!DataDir::open(settings.dataDir, &error)) {
        printErr(u"sandbench mcp: "_s + error);
        return ExitFailure;
    }
    if (!parser.isSet(noRelayOption)) {
        pid_t pid = 0;
        QString why;
        const int engine = McpRelay::connectToEngine(settings.dataDir, settings.workspace, &pid, &why);
        if (engine >= 0) {
            printErr(
                u"sandbench mcp: relaying to the engine that serves workspace %1 (pid %2): the calls run "
                "there"_s.arg(settings.workspace)
                    .arg(pid));
            // Only the relay writes the protocol stream; anything else written to fd 1 goes to stderr.
            const int out = ::fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
            ::dup2(STDERR_FILENO, STDOUT_FILENO);
            std::signal(SIGPIPE, SIG_IGN);
            // SIGTERM or SIGINT from the host end the session as end of input does (exit 0), as in-process.
            struct sigaction action
            {
            };
            action.sa_handler = stopRelay; // no SA_RESTART: the wait is interrupted
            ::sigemptyset(&action.sa_mask);
            ::sigaction(SIGTERM, &action, nullptr);
            ::sigaction(SIGINT, &action, nullptr);
            QString relayError;
            const int code = McpRelay::run(engine, STDIN_FILENO, out, &g_stopRelay, &relayError);
            ::close(engine);
            if (code != 0) {
                printErr(u"sandbench mcp: "_s + relayError);
                return ExitFailure;
            }
            return ExitOk;
        }
        if (!why.isEmpty())
            printErr(u"sandbench mcp: not relaying to another engine: "_s + why);
    }
    printErr(u"sandbench mcp: serving workspace %1 in this process"_s.arg(settings.workspace));
    Workspace workspace(settings.dataDir, settings.workspace);
    workspace.containers()->setPrewarm(true);
    WorkspaceSettings ws(ContainerRegistry(settings.dataDir).workspaceDir(settings.workspace));
    ws.load(); // unreadable: the defaults
    McpContext context;
    context.workspace = &workspace;
    context.limits = ws.sessionLimits(true, workspace.containers()->settings().hostedLimits);
    McpSession session(context, u"stdio"_s);
    McpStdio stdio(&session);
    if (!stdio.isValid()) {
        printErr(u"sandbench mcp: standard output cannot be used"_s);
        return ExitFailure;
    }
    QObject::connect(&stdio, &McpStdio::finished, QCoreApplication::instance(), &QCoreApplication::quit);
    QuitOnSignal quitOnSignal;
    const int code = QCoreApplication::exec();
    session.close();
    workspace.containers()->stopAll();
    return code;
}
