// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/guistartup.h"

#include "base/settings.h"
#include "settings/thememanager.h"
#include "settings/translatorloader.h"
#include "window/mainwindow.h"
#include "workspace/workspacecatalog.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QStandardPaths>

#include <cstdio>

using namespace Qt::StringLiterals;

namespace {
const QString DataDirOption = u"data-dir"_s;
const QString WorkspaceOption = u"workspace"_s;
} // namespace

void GuiStartup::setUpApplication(QApplication &app)
{
    QCoreApplication::setApplicationName(u"sandbench"_s);
    QCoreApplication::setApplicationVersion(QStringLiteral(SANDBENCH_VERSION));
    QGuiApplication::setApplicationDisplayName(u"Sandbench"_s);
    QGuiApplication::setDesktopFileName(u"sandbench"_s);
    QGuiApplication::setWindowIcon(MainWindow::applicationIcon());

    // The user's choices from the Settings window; the language falls back to the system's.
    const Settings settings;
    TranslatorLoader::apply(&app, settings.value(Settings::Key::Language).toString());
    ThemeManager::apply(settings.value(Settings::Key::Theme).toString());
}

void GuiStartup::addOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(QCoreApplication::translate("main", "The Sandbench desktop workbench."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption(QCommandLineOption(
        DataDirOption, QCoreApplication::translate("main", "Keep containers, logs and settings in <dir>."),
        QCoreApplication::translate("main", "dir")));
    parser.addOption(QCommandLineOption(
        WorkspaceOption,
        QCoreApplication::translate("main",
                                    "Open the workspace <name> (default: the one chosen in Settings, else "
                                    "\"default\")."),
        QCoreApplication::translate("main", "name")));
}

bool GuiStartup::resolve(const QCommandLineParser &parser, QString *dataDir, QString *workspace)
{
    // Same precedence as the headless commands.
    *dataDir = parser.value(DataDirOption);
    if (dataDir->isEmpty())
        *dataDir = qEnvironmentVariable("SANDBENCH_DATA_DIR");
    if (dataDir->isEmpty())
        *dataDir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    *workspace = parser.isSet(WorkspaceOption) ? parser.value(WorkspaceOption)
                                               : WorkspaceCatalog(*dataDir).startWorkspace();
    if (!WorkspaceCatalog::isValidName(*workspace)) {
        std::fprintf(stderr, "sandbench: %s\n",
                     qPrintable(QCoreApplication::translate("main", "invalid --workspace name: %1")
                                    .arg(WorkspaceCatalog::nameRule())));
        return false;
    }
    return true;
}
