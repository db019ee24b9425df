// SPDX-License-Identifier: GPL-3.0-or-later
#include "guientry.h"

#include "base/settings.h"
#include "demodriver.h"
#include "mainwindow.h"
#include "thememanager.h"
#include "translatorloader.h"
#include "windowlauncher.h"
#include "workspace/workspacecatalog.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QStandardPaths>
#include <QTimer>

#include <cstdio>

using namespace Qt::StringLiterals;

namespace {
// Same precedence as the headless commands: --data-dir, then SANDBENCH_DATA_DIR, then the XDG data location.
QString resolveDataDir(const QString &fromArguments)
{
    if (!fromArguments.isEmpty()) {
        return fromArguments;
    }
    const QString fromEnvironment = qEnvironmentVariable("SANDBENCH_DATA_DIR");
    if (!fromEnvironment.isEmpty()) {
        return fromEnvironment;
    }
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
}
// Prints FIRST_PAINT once the first widget has painted; the start-up benchmark waits for that line.
class FirstPaintReporter : public QObject
{
public:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (!m_done && event->type() == QEvent::Paint) {
            m_done = true;
            // After this paint event the frame is flushed; report from the next event-loop turn.
            QTimer::singleShot(0, this, [] {
                std::fputs("FIRST_PAINT\n", stdout);
                std::fflush(stdout);
            });
        }
        return QObject::eventFilter(watched, event);
    }

private:
    bool m_done = false;
};
} // namespace

extern "C" Q_DECL_EXPORT int sandbench_gui_main(int argc, char **argv)
{
    if (QCoreApplication::instance()) {
        std::fputs("sandbench: the GUI must create the application object itself\n", stderr);
        return 1;
    }

    QApplication app(argc, argv);
    QCoreApplication::setApplicationName(u"sandbench"_s);
    QCoreApplication::setApplicationVersion(QStringLiteral(SANDBENCH_VERSION));
    QGuiApplication::setApplicationDisplayName(u"Sandbench"_s);
    QGuiApplication::setDesktopFileName(u"sandbench"_s);
    QGuiApplication::setWindowIcon(MainWindow::applicationIcon());

    {
        // The user's choices from the Settings window; the language falls back to the system's.
        const Settings settings;
        TranslatorLoader::apply(&app, settings.value(Settings::Key::Language).toString());
        ThemeManager::apply(settings.value(Settings::Key::Theme).toString());
    }

    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate("main", "The Sandbench desktop workbench."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption dataDirOption(
        u"data-dir"_s, QCoreApplication::translate("main", "Keep containers, logs and settings in <dir>."),
        QCoreApplication::translate("main", "dir"));
    const QCommandLineOption workspaceOption(
        u"workspace"_s,
        QCoreApplication::translate("main",
                                    "Open the workspace <name> (default: the one chosen in Settings, else "
                                    "\"default\")."),
        QCoreApplication::translate("main", "name"));
    parser.addOption(dataDirOption);
    parser.addOption(workspaceOption);
    // Hidden options for the screenshot script and the start-up benchmark.
    QCommandLineOption demoModel(u"demo-model"_s, QString(), u"model"_s);
    QCommandLineOption demoAttach(u"demo-attach"_s, QString(), u"file"_s);
    QCommandLineOption demoAsk(u"demo-ask"_s, QString(), u"text"_s);
    QCommandLineOption demoTrace(u"demo-trace"_s, QString(), u"file"_s);
    QCommandLineOption demoFollowUp(u"demo-follow-up"_s, QString(), u"text"_s);
    QCommandLineOption demoPanels(u"demo-panels"_s);
    QCommandLineOption screenshotDir(u"screenshot-dir"_s, QString(), u"dir"_s);
    QCommandLineOption reportFirstPaint(u"report-first-paint"_s);
    for (QCommandLineOption *option : {&demoModel, &demoAttach, &demoAsk, &demoTrace, &demoFollowUp,
                                       &demoPanels, &screenshotDir, &reportFirstPaint}) {
        option->setFlags(QCommandLineOption::HiddenFromHelp);
        parser.addOption(*option);
    }
    // process() prints --help/--version and reports unknown options with exit code 1.
    parser.process(app);

    const QString dataDir = resolveDataDir(parser.value(dataDirOption));
    const QString workspace = parser.isSet(workspaceOption) ? parser.value(workspaceOption)
                                                            : WorkspaceCatalog(dataDir).startWorkspace();
    if (!WorkspaceCatalog::isValidName(workspace)) {
        std::fprintf(stderr, "sandbench: %s\n",
                     qPrintable(QCoreApplication::translate("main", "invalid --workspace name: %1")
                                    .arg(WorkspaceCatalog::nameRule())));
        return 2;
    }

    FirstPaintReporter reporter;
    if (parser.isSet(reportFirstPaint))
        app.installEventFilter(&reporter);
    // On the heap and deleted on close: "Restart now" in Settings replaces it with a new window.
    MainWindow *window = WindowLauncher::open(dataDir, workspace);
    DemoDriver::Plan plan;
    plan.model = parser.value(demoModel);
    plan.attachments = parser.values(demoAttach);
    plan.questions = parser.values(demoAsk);
    plan.trace = parser.value(demoTrace);
    plan.followUps = parser.values(demoFollowUp);
    plan.panelTour = parser.isSet(demoPanels);
    plan.screenshotDir = parser.value(screenshotDir);
    plan.quitWhenDone = !plan.screenshotDir.isEmpty();
    if (!plan.questions.isEmpty() || !plan.screenshotDir.isEmpty()) {
        auto *driver = new DemoDriver(window, plan, window);
        driver->start();
    }
    return app.exec();
}
