// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/guientry.h"

#include "window/guistartup.h"
#include "window/windowlauncher.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QTimer>

#include <cstdio>

using namespace Qt::StringLiterals;

namespace {
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
    GuiStartup::setUpApplication(app);

    QCommandLineParser parser;
    GuiStartup::addOptions(parser);
    // Hidden option for the start-up benchmark.
    QCommandLineOption reportFirstPaint(u"report-first-paint"_s);
    reportFirstPaint.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(reportFirstPaint);
    // process() prints --help/--version and reports unknown options with exit code 1.
    parser.process(app);

    QString dataDir;
    QString workspace;
    if (!GuiStartup::resolve(parser, &dataDir, &workspace))
        return 2;

    FirstPaintReporter reporter;
    if (parser.isSet(reportFirstPaint))
        app.installEventFilter(&reporter);
    // On the heap and deleted on close: "Restart now" in Settings replaces it with a new window.
    WindowLauncher::open(dataDir, workspace);
    return app.exec();
}
