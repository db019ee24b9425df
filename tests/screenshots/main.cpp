// SPDX-License-Identifier: GPL-3.0-or-later
// sandbench-screenshots: starts the workbench as `sandbench` does and lets DemoDriver play a conversation in
// it (docs/screenshots/make-screenshots.sh). A separate program, so the shipped GUI module has no demo code.
#include "demodriver.h"
#include "window/guistartup.h"
#include "window/mainwindow.h"
#include "window/windowlauncher.h"

#include <QApplication>
#include <QCommandLineParser>

using namespace Qt::StringLiterals;

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    GuiStartup::setUpApplication(app);

    QCommandLineParser parser;
    GuiStartup::addOptions(parser);
    const QCommandLineOption demoModel(u"demo-model"_s, u"Pick this model (picker text or data)."_s,
                                       u"model"_s);
    const QCommandLineOption demoAttach(u"demo-attach"_s, u"Attach this file first (repeatable)."_s,
                                        u"file"_s);
    const QCommandLineOption demoAsk(u"demo-ask"_s, u"Ask this question (repeatable)."_s, u"text"_s);
    const QCommandLineOption demoTrace(u"demo-trace"_s, u"Open this saved trace after the questions."_s,
                                       u"file"_s);
    const QCommandLineOption demoFollowUp(
        u"demo-follow-up"_s, u"Ask this in the first conversation after the trace."_s, u"text"_s);
    const QCommandLineOption demoPanels(u"demo-panels"_s, u"Capture every workbench panel at the end."_s);
    const QCommandLineOption screenshotDir(u"screenshot-dir"_s, u"Save the captures here, then quit."_s,
                                           u"dir"_s);
    parser.addOptions({demoModel, demoAttach, demoAsk, demoTrace, demoFollowUp, demoPanels, screenshotDir});
    parser.process(app);

    QString dataDir;
    QString workspace;
    if (!GuiStartup::resolve(parser, &dataDir, &workspace))
        return 2;

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
