// SPDX-License-Identifier: GPL-3.0-or-later
#include "approvalcommands.h"
#include "broadcastcommands.h"
#include "cliutil.h"
#include "commands.h"
#include "containercommands.h"
#include "frontlauncher.h"
#include "gatewaycommands.h"
#include "imagecommands.h"
#include "mcpcommands.h"
#include "networkcommands.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QFileInfo>
#include <QLibrary>

#include <cstdio>

using namespace Qt::StringLiterals;

namespace {

// The GUI lives in a separate module so headless commands never load Qt Widgets or Gui.
int runGui(int argc, char **argv)
{
    const QString dir = QFileInfo(QFile::symLinkTarget(u"/proc/self/exe"_s)).absolutePath();
    const QString path = dir + u"/libsandbench-gui.so"_s;
    QLibrary gui(path);
    if (!gui.load()) {
        fprintf(stderr,
                "sandbench: the desktop workbench is not available (%s).\n"
                "Headless commands still work; see 'sandbench --help'.\n",
                qPrintable(gui.errorString()));
        return 1;
    }
    using GuiMain = int (*)(int, char **);
    auto guiMain = reinterpret_cast<GuiMain>(gui.resolve("sandbench_gui_main"));
    if (!guiMain) {
        fprintf(stderr, "sandbench: %s has no sandbench_gui_main entry point.\n", qPrintable(path));
        return 1;
    }
    return guiMain(argc, argv);
}

struct Command
{
    const char *name;
    int (*run)(const QStringList &args);
    const char *example; // shown at the end of the command's --help
};

int runHelpCommand(const QStringList &)
{
    fputs(qPrintable(topLevelUsage()), stdout);
    return 0;
}

constexpr Command kCommands[] = {
    {"exec", runExecCommand, "sandbench exec --session demo -- 'python3 --version' 'ls -l'"},
    {"doctor", runDoctorCommand, "sandbench doctor --json"},
    {"serve", runServeCommand, "sandbench serve --port 8642"},
    {"mcp", runMcpCommand, "claude mcp add sandbench -- sandbench mcp --workspace agents"},
    {"keys", runKeysCommand, "sandbench keys create --workspace research"},
    {"approvals", runApprovalsCommand, "sandbench approvals rules add allow 'python3 *'"},
    {"workspaces", runWorkspacesCommand, "sandbench workspaces set code_execution_timeout_seconds 120"},
    {"providers", runProvidersCommand,
     "sandbench providers add ollama --api chat --base-url http://127.0.0.1:11434/v1 --default"},
    {"containers", runContainersCommand, "sandbench containers history sess_6a1f… --limit 5"},
    {"network", runNetworkCommand, "sandbench network allow pypi.org --conversation conv_3f9a… --json"},
    {"guardrails", runGuardrailsCommand,
     "sandbench guardrails set email --action redact --scope all_messages"},
    {"logs", runLogsCommand, "sandbench logs show resp_0f3c9a… --json | jq .detections"},
    {"broadcast", runBroadcastCommand, "sandbench broadcast add http://127.0.0.1:4318 --header x-team=data"},
    {"images", runImagesCommand, "sandbench images build science --packages python3-pandas,r-base-core"},
    {"help", runHelpCommand, ""},
};

const Command *findCommand(const QString &word)
{
    for (const Command &c : kCommands) {
        if (word == QLatin1StringView(c.name))
            return &c;
    }
    return nullptr;
}

bool isHelpOrVersion(const QString &arg)
{
    return arg == u"--help"_s || arg == u"-h"_s || arg == u"-?"_s || arg == u"--help-all"_s ||
           arg == u"--version"_s || arg == u"-v"_s;
}

} // namespace

int main(int argc, char **argv)
{
    FrontLauncher::takeFromEnvironment(); // before anything could start a child that would inherit it
    // The command is the first word on the line; global options may come before it, as in git
    // ("sandbench --data-dir D containers history ID"). No command (or Qt/GUI options only) starts the GUI.
    QStringList raw;
    for (int i = 0; i < argc; ++i)
        raw << QString::fromLocal8Bit(argv[i]);
    const int at = firstWord(raw);
    const QString word = at > 0 ? raw.at(at) : QString();
    const Command *command = findCommand(word);
    bool wantsInfo = false;
    for (int i = 1; i < raw.size() && !command && raw.at(i) != u"--"_s; ++i)
        wantsInfo = wantsInfo || isHelpOrVersion(raw.at(i));
    // A first word that names no command is a typo, unless Qt options come first (-platform offscreen).
    bool onlyGlobalsBefore = at > 0;
    for (int i = 1; i < at; ++i) {
        const QString &a = raw.at(i);
        if (a == u"--data-dir"_s || a == u"--workspace"_s)
            ++i;
        else if (!a.startsWith(u"--data-dir="_s) && !a.startsWith(u"--workspace="_s))
            onlyGlobalsBefore = false;
    }
    const bool unknownCommand = !command && onlyGlobalsBefore;
    if (!command && !wantsInfo && !unknownCommand)
        return runGui(argc, argv);

    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(u"sandbench"_s);
    QCoreApplication::setApplicationVersion(QStringLiteral(SANDBENCH_VERSION));

    if (unknownCommand) {
        fprintf(stderr, "sandbench: unknown command %s\n\n%s", qPrintable(displayName(word, true)),
                qPrintable(topLevelUsage()));
        return 2;
    }
    if (!command) {
        for (const QString &a : std::as_const(raw)) {
            if (a == u"--version"_s || a == u"-v"_s) {
                printf("sandbench %s\n", SANDBENCH_VERSION);
                return 0;
            }
        }
        fputs(qPrintable(topLevelUsage()), stdout);
        return 0;
    }
    setCommandHelp(QString::fromLatin1(command->name), QString::fromUtf8(command->example));
    QStringList args = raw;
    args.removeAt(at); // the parsers see "program [options] [action] [-- positional]"
    return command->run(args);
}
