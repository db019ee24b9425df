// SPDX-License-Identifier: GPL-3.0-or-later
#include "mcpcommands.h"
#include "cliutil.h"
#include "quitonsignal.h"

#include "base/datadir.h"
#include "base/workspacesettings.h"
#include "mcp/mcpsession.h"
#include "mcp/mcpstdio.h"
#include "sandbox/containermanager.h"
#include "sandbox/history/containerregistry.h"
#include "sandbox/sandboxsettings.h"
#include "workspace/workspace.h"

#include <QCommandLineParser>
#include <QCoreApplication>

using namespace Qt::StringLiterals;

int runMcpCommand(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        u"Serves the Model Context Protocol over stdio for an agent host (Claude Desktop, Claude Code, "
        "Cursor, VS Code, Goose, Codex CLI): JSON-RPC messages on stdin, answers on stdout, diagnostics on "
        "stderr. Tools: shell, python, read_file, write_file, list_files, running in the workspace's "
        "containers with its limits, network policy, guardrails, approvals, history and request log (api "
        "\"mcp\"). Ends when stdin closes (exit 0).\n"
        "The same server is at /mcp of `sandbench serve` (Streamable HTTP, with the workspace's API key)."_s);
    const WorkspaceOptions common;
    common.addTo(parser);
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
