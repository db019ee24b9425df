// SPDX-License-Identifier: GPL-3.0-or-later
// sandbench-screenshots: starts the workbench as `sandbench` does and lets DemoDriver play a conversation in
// it (docs/screenshots/make-screenshots.sh). A separate program, so the shipped GUI module has no demo code.
#include "base/settings.h"
#include "demodriver.h"
#include "settings/thememanager.h"
#include "settings/translatorloader.h"
#include "window/guistartup.h"
#include "window/mainwindow.h"
#include "window/windowlauncher.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QRegularExpression>

#include <cstdio>

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
    const QCommandLineOption windowSize(u"window-size"_s, u"Size of the window, e.g. 1366x768."_s, u"WxH"_s);
    const QCommandLineOption language(
        u"language"_s, u"Show the window in this language (en, de, zh_CN, ...)."_s, u"language"_s);
    const QCommandLineOption theme(u"theme"_s, u"Use this theme (system, light, dark)."_s, u"theme"_s);
    parser.addOptions({demoModel, demoAttach, demoAsk, demoTrace, demoFollowUp, demoPanels, screenshotDir,
                       windowSize, language, theme});
    parser.process(app);

    // Stored like the Settings window stores them, so that window shows the same choice.
    Settings settings;
    if (parser.isSet(language)) {
        settings.setValue(Settings::Key::Language, parser.value(language));
        TranslatorLoader::apply(&app, parser.value(language));
    }
    if (parser.isSet(theme)) {
        settings.setValue(Settings::Key::Theme, parser.value(theme));
        ThemeManager::apply(parser.value(theme));
    }
    QSize size;
    if (parser.isSet(windowSize)) {
        const auto match = QRegularExpression(u"^(\\d+)x(\\d+)$"_s).match(parser.value(windowSize));
        if (!match.hasMatch()) {
            std::fprintf(stderr, "sandbench-screenshots: --window-size wants WxH, e.g. 1366x768\n");
            return 2;
        }
        size = QSize(match.captured(1).toInt(), match.captured(2).toInt());
    }

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
    plan.windowSize = size;
    plan.quitWhenDone = !plan.screenshotDir.isEmpty();
    if (!plan.questions.isEmpty() || !plan.screenshotDir.isEmpty()) {
        auto *driver = new DemoDriver(window, plan, window);
        driver->start();
    }
    return app.exec();
}
