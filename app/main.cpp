// SPDX-License-Identifier: GPL-3.0-or-later
#include "broadcastcommands.h"
#include "commands.h"
#include "containercommands.h"
#include "gatewaycommands.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QFileInfo>
#include <QLibrary>

#include <cstdio>
#include <cstring>

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

bool isHelpOrVersion(const char *arg)
{
    return !strcmp(arg, "--help") || !strcmp(arg, "-h") || !strcmp(arg, "-?") || !strcmp(arg, "--help-all") ||
           !strcmp(arg, "--version") || !strcmp(arg, "-v");
}

} // namespace

int main(int argc, char **argv)
{
    // The subcommand comes first; anything else (no arguments, or Qt/GUI options) starts the GUI.
    const bool hasSubcommand = argc > 1 && argv[1][0] != '-';
    bool wantsInfo = false;
    for (int i = 1; i < argc && !hasSubcommand; ++i)
        wantsInfo = wantsInfo || isHelpOrVersion(argv[i]);
    if (!hasSubcommand && !wantsInfo)
        return runGui(argc, argv);

    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(u"sandbench"_s);
    QCoreApplication::setApplicationVersion(QStringLiteral(SANDBENCH_VERSION));

    QStringList args = QCoreApplication::arguments();
    if (!hasSubcommand) {
        for (const QString &a : std::as_const(args)) {
            if (a == u"--version"_s || a == u"-v"_s) {
                printf("sandbench %s\n", SANDBENCH_VERSION);
                return 0;
            }
        }
        fputs(qPrintable(topLevelUsage()), stdout);
        return 0;
    }

    const QString command = args.at(1);
    args.removeAt(1); // the parsers see "program [options] [-- positional]"
    if (command == u"exec"_s)
        return runExecCommand(args);
    if (command == u"doctor"_s)
        return runDoctorCommand(args);
    if (command == u"serve"_s)
        return runServeCommand(args);
    if (command == u"keys"_s)
        return runKeysCommand(args);
    if (command == u"providers"_s)
        return runProvidersCommand(args);
    if (command == u"containers"_s)
        return runContainersCommand(args);
    if (command == u"guardrails"_s)
        return runGuardrailsCommand(args);
    if (command == u"logs"_s)
        return runLogsCommand(args);
    if (command == u"broadcast"_s)
        return runBroadcastCommand(args);
    if (command == u"help"_s) {
        fputs(qPrintable(topLevelUsage()), stdout);
        return 0;
    }
    fprintf(stderr, "sandbench: unknown command '%s'\n\n%s", qPrintable(command),
            qPrintable(topLevelUsage()));
    return 2;
}
