// SPDX-License-Identifier: GPL-3.0-or-later
#include "shellcalls/shellcallview.h"
#include "window/mainwindow.h"
#include "workspace/workspace.h"

#include <QAbstractItemModelTester>
#include <QAbstractTextDocumentLayout>
#include <QAction>
#include <QDockWidget>
#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>
#include <QToolButton>

#include <memory>

using namespace Qt::StringLiterals;

class TestMainWindow final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void titleAndIcon();
    void menus();
    void quitShortcutClosesWindow();
    void aboutDialogOpensOnce();
    void welcomePageShowsDataDirAndWorkspace();
    void firstStartUsesDefaultSize();
    void geometryRestoredAfterReopen();
    void dockLayoutRestoredAfterReopen();
    void layoutHasThreeAreas();
    void toolbarLabelsMoveWithTheirPickers();
    void outputNeverHidesALine();

private:
    std::unique_ptr<MainWindow> createWindow() const;

    QTemporaryDir m_dataDir;
};

void TestMainWindow::initTestCase()
{
    // Keeps QSettings away from the real user's configuration.
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dataDir.isValid());
}

void TestMainWindow::init()
{
    QSettings(u"sandbench"_s, u"sandbench-gui"_s).clear();
}

std::unique_ptr<MainWindow> TestMainWindow::createWindow() const
{
    return std::make_unique<MainWindow>(m_dataDir.path(), u"research"_s);
}

void TestMainWindow::titleAndIcon()
{
    const auto window = createWindow();
    QCOMPARE(window->objectName(), u"MainWindow"_s);
    QCOMPARE(window->windowTitle(), u"Sandbench"_s);
    QCOMPARE(window->workspace()->dataDir(), m_dataDir.path());
    QVERIFY(!window->windowIcon().isNull());
    QVERIFY(window->windowIcon().availableSizes().contains(QSize(256, 256)));
}

void TestMainWindow::menus()
{
    const auto window = createWindow();
    auto *fileMenu = window->findChild<QMenu *>(u"FileMenu"_s);
    auto *viewMenu = window->findChild<QMenu *>(u"ViewMenu"_s);
    auto *helpMenu = window->findChild<QMenu *>(u"HelpMenu"_s);
    QVERIFY(fileMenu);
    QVERIFY(viewMenu);
    QVERIFY(helpMenu);
    const QList<QAction *> topLevel = window->menuBar()->actions();
    QCOMPARE(topLevel.size(), 3);
    QCOMPARE(topLevel.at(0), fileMenu->menuAction());
    QCOMPARE(topLevel.at(1), viewMenu->menuAction());
    QCOMPARE(topLevel.at(2), helpMenu->menuAction());
    QCOMPARE(fileMenu->title(), u"&File"_s);
    QCOMPARE(helpMenu->title(), u"&Help"_s);
    for (const char *name : {"NewConversationAction", "AttachAction", "OpenTraceAction", "ProvidersAction"}) {
        auto *action = window->findChild<QAction *>(QString::fromLatin1(name));
        QVERIFY2(action && fileMenu->actions().contains(action), name);
        QVERIFY2(!action->shortcuts().isEmpty(), name);
    }
    // Every dock can be shown again from the View menu.
    const QList<QDockWidget *> docks = window->findChildren<QDockWidget *>();
    QVERIFY(docks.size() >= 3);
    for (QDockWidget *dock : docks) {
        QAction *entry = window->panelAction(dock->objectName());
        QVERIFY2(entry && viewMenu->actions().contains(entry), qPrintable(dock->objectName()));
        QCOMPARE(entry->text(), dock->windowTitle());
    }

    auto *quit = window->findChild<QAction *>(u"QuitAction"_s);
    QVERIFY(quit);
    QVERIFY(fileMenu->actions().contains(quit));
    // The platform's standard Quit keys, or Ctrl+Q where the platform defines none.
    QList<QKeySequence> expected = QKeySequence::keyBindings(QKeySequence::Quit);
    if (expected.isEmpty()) {
        expected = {QKeySequence(Qt::CTRL | Qt::Key_Q)};
    }
    QCOMPARE(quit->shortcuts(), expected);

    auto *about = window->findChild<QAction *>(u"AboutAction"_s);
    QVERIFY(about);
    QVERIFY(helpMenu->actions().contains(about));
    QCOMPARE(about->text(), u"&About Sandbench"_s);
}

void TestMainWindow::quitShortcutClosesWindow()
{
    const auto window = createWindow();
    window->show();
    window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(window.get()));

    auto *quit = window->findChild<QAction *>(u"QuitAction"_s);
    QVERIFY(quit);
    QTest::keySequence(window.get(), quit->shortcut());
    QTRY_VERIFY(!window->isVisible());
    // Closing through the action saves the window state like any other close.
    QVERIFY(QSettings(u"sandbench"_s, u"sandbench-gui"_s).contains(u"MainWindow/geometry"_s));
}

void TestMainWindow::aboutDialogOpensOnce()
{
    const auto window = createWindow();
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));

    auto *about = window->findChild<QAction *>(u"AboutAction"_s);
    QVERIFY(about);
    about->trigger();
    QMessageBox *box = nullptr;
    QTRY_VERIFY((box = window->findChild<QMessageBox *>(u"AboutDialog"_s)) && box->isVisible());
    QVERIFY(box->text().contains(u"Sandbench " SANDBENCH_VERSION ""_s));
    QVERIFY(box->informativeText().contains(u"GNU General Public License"_s));

    // A second trigger raises the open dialog instead of stacking another one.
    about->trigger();
    QCOMPARE(window->findChildren<QMessageBox *>().size(), 1);

    box->close();
    QTRY_VERIFY(window->findChildren<QMessageBox *>().isEmpty());
}

void TestMainWindow::welcomePageShowsDataDirAndWorkspace()
{
    const auto window = createWindow();
    QVERIFY(window->findChild<QWidget *>(u"WelcomePage"_s));
    QCOMPARE(window->findChild<QWidget *>(u"WelcomePage"_s)->parentWidget()->objectName(), u"ChatStack"_s);

    auto *title = window->findChild<QLabel *>(u"WelcomeTitle"_s);
    QVERIFY(title);
    QCOMPARE(title->text(), u"Welcome to Sandbench"_s);

    auto *dataDir = window->findChild<QLabel *>(u"DataDirLabel"_s);
    QVERIFY(dataDir);
    QVERIFY2(dataDir->text().contains(m_dataDir.path()), qPrintable(dataDir->text()));

    auto *workspace = window->findChild<QLabel *>(u"WorkspaceLabel"_s);
    QVERIFY(workspace);
    QVERIFY2(workspace->text().contains(u"research"_s), qPrintable(workspace->text()));
    QCOMPARE(window->workspace()->name(), u"research"_s);

    auto *icon = window->findChild<QLabel *>(u"WelcomeIcon"_s);
    QVERIFY(icon);
    QVERIFY(!icon->pixmap().isNull());
}

void TestMainWindow::firstStartUsesDefaultSize()
{
    const auto window = createWindow();
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    const QSize available = window->screen()->availableSize();
    QCOMPARE(window->size(), QSize(1600, 1000).boundedTo(available * 0.92));
}

void TestMainWindow::geometryRestoredAfterReopen()
{
    const QSize chosen(823, 611);
    {
        const auto window = createWindow();
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window.get()));
        window->resize(chosen);
        QTRY_COMPARE(window->size(), chosen);
        QVERIFY(window->close());
    }

    const auto reopened = createWindow();
    QCOMPARE(reopened->size(), chosen);
    reopened->show();
    QVERIFY(QTest::qWaitForWindowExposed(reopened.get()));
    QCOMPARE(reopened->size(), chosen);
}

void TestMainWindow::dockLayoutRestoredAfterReopen()
{
    {
        const auto window = createWindow();
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window.get()));
        auto *conversations = window->findChild<QDockWidget *>(u"ConversationsDock"_s);
        QVERIFY(conversations);
        QCOMPARE(window->dockWidgetArea(conversations), Qt::LeftDockWidgetArea);
        // The user moves the conversations to the right and hides the shell calls.
        window->addDockWidget(Qt::RightDockWidgetArea, conversations);
        window->findChild<QDockWidget *>(u"ShellCallsDock"_s)->hide();
        QVERIFY(window->close());
    }
    const auto reopened = createWindow();
    reopened->show();
    QVERIFY(QTest::qWaitForWindowExposed(reopened.get()));
    QCOMPARE(reopened->dockWidgetArea(reopened->findChild<QDockWidget *>(u"ConversationsDock"_s)),
             Qt::RightDockWidgetArea);
    QVERIFY(!reopened->findChild<QDockWidget *>(u"ShellCallsDock"_s)->isVisible());
}

void TestMainWindow::layoutHasThreeAreas()
{
    const auto window = createWindow();
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    auto *conversations = window->findChild<QDockWidget *>(u"ConversationsDock"_s);
    auto *shell = window->findChild<QDockWidget *>(u"ShellCallsDock"_s);
    QVERIFY(conversations && shell);
    QCOMPARE(window->dockWidgetArea(conversations), Qt::LeftDockWidgetArea);
    QCOMPARE(window->dockWidgetArea(shell), Qt::RightDockWidgetArea);
    QVERIFY(conversations->features() & QDockWidget::DockWidgetMovable);
    QVERIFY(shell->isVisible());
    // A first conversation, bound to a container, is ready to chat in.
    auto *list = window->findChild<QListWidget *>(u"ConversationList"_s);
    QAbstractItemModelTester tester(list->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(list->count(), 1);
    QVERIFY(list->item(0)->data(Qt::UserRole).toString().startsWith(u"sess_"_s));
    QVERIFY(window->findChild<QWidget *>(u"ChatWidget"_s)->isVisible());
    // New Conversation reuses an unasked one; once the first is named, it adds a second with its own
    // container.
    window->findChild<QAction *>(u"NewConversationAction"_s)->trigger();
    QCOMPARE(list->count(), 1);
    list->item(0)->setText(u"Named"_s);
    window->findChild<QAction *>(u"NewConversationAction"_s)->trigger();
    QCOMPARE(list->count(), 2);
    QVERIFY(list->item(1)->data(Qt::UserRole).toString() != list->item(0)->data(Qt::UserRole).toString());
    QCOMPARE(list->currentRow(), 1);
}

void TestMainWindow::toolbarLabelsMoveWithTheirPickers()
{
    const auto window = createWindow();
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    auto *toolbar = window->findChild<QToolBar *>(u"ModelToolBar"_s);
    QVERIFY(toolbar);
    const QStringList pickers{u"ModelPicker"_s, u"ToolContractPicker"_s, u"ImagePicker"_s,
                              u"ApprovalModePicker"_s};
    // From wide enough for all to too narrow for most: a picker the bar has no room for goes into its
    // » menu together with its label, so the bar never shows "Approvals:" with nothing after it.
    int hiddenSeen = 0;
    for (int width : {1800, 1366, 1100, 900, 700, 500}) {
        window->resize(width, 700);
        // The window may not go below its minimum width; the bar is never wider than the window.
        QTRY_VERIFY(window->width() == qMax(width, window->minimumSizeHint().width()) ||
                    window->width() == qMax(width, window->minimumWidth()));
        QTRY_VERIFY(toolbar->width() <= window->width());
        QCoreApplication::processEvents();
        for (const QString &name : pickers) {
            auto *picker = toolbar->findChild<QWidget *>(name);
            QVERIFY2(picker, qPrintable(name));
            QLabel *label = nullptr;
            for (QLabel *candidate : toolbar->findChildren<QLabel *>()) {
                if (candidate->buddy() == picker)
                    label = candidate;
            }
            QVERIFY2(label, qPrintable(name));
            QVERIFY2(!label->text().trimmed().isEmpty(), qPrintable(name));
            QCOMPARE(label->isVisibleTo(toolbar), picker->isVisibleTo(toolbar));
            if (!picker->isVisibleTo(toolbar))
                ++hiddenSeen;
        }
    }
    // The narrow widths really pushed pickers off the bar (else the loop above proved nothing).
    QVERIFY(hiddenSeen > 0);
}

namespace {
QJsonObject shellItem(const QStringList &stdoutTexts, const QStringList &stderrTexts)
{
    QJsonArray commands;
    QJsonArray output;
    for (int i = 0; i < stdoutTexts.size(); ++i) {
        commands.append(u"command %1"_s.arg(i));
        output.append(QJsonObject{{u"stdout"_s, stdoutTexts.at(i)},
                                  {u"stderr"_s, stderrTexts.at(i)},
                                  {u"outcome"_s, QJsonObject{{u"type"_s, u"exit"_s}, {u"exit_code"_s, 1}}}});
    }
    return {{u"type"_s, u"shell_call_output"_s},
            {u"call_id"_s, u"call_wrap"_s},
            {u"status"_s, u"completed"_s},
            {u"container_id"_s, u"sess_wrap0123456789abcd"_s},
            {u"action"_s, QJsonObject{{u"commands"_s, commands}}},
            {u"output"_s, output}};
}

// Every laid-out line of the output is inside the viewport: nothing to scroll to vertically, and the
// viewport is tall enough for all of them.
bool showsEveryLine(QPlainTextEdit *output)
{
    const int lines = int(std::ceil(output->document()->documentLayout()->documentSize().height()));
    return output->verticalScrollBar()->maximum() == 0 &&
           output->viewport()->height() >= lines * output->fontMetrics().lineSpacing();
}
} // namespace

void TestMainWindow::outputNeverHidesALine()
{
    const auto window = createWindow();
    window->resize(1366, 768);
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QTRY_VERIFY(window->currentShellPanel());
    ShellCallPanel *panel = window->currentShellPanel();
    const QString longLine = u"Traceback: "_s + QString(u"x"_s).repeated(150);
    QStringList thirty;
    for (int i = 0; i < 30; ++i)
        thirty << u"line %1"_s.arg(i);
    ShellCallView *view = panel->addItem(
        shellItem({QString(), u"one\ntwo\nthree\n"_s, thirty.join(u'\n')}, {longLine, QString(), QString()}),
        ShellCallView::Origin::Saved);
    QVERIFY(view);
    QCoreApplication::processEvents();
    const auto outputOf = [view](int i) {
        return view->commandViews().at(i)->findChild<QPlainTextEdit *>(u"CommandOutput"_s);
    };
    QPlainTextEdit *oneLine = outputOf(0);
    QVERIFY(oneLine);

    // Wrapped (the default): the long stderr line is shown whole, on as many rows as it needs.
    QVERIFY(panel->wrapsLines());
    QTRY_VERIFY(showsEveryLine(oneLine));
    QVERIFY(!oneLine->horizontalScrollBar()->isVisible());
    QVERIFY(oneLine->document()->documentLayout()->documentSize().height() > 1);
    QTRY_VERIFY(showsEveryLine(outputOf(1)));
    // Long output grows to MaxVisibleLines, then scrolls inside.
    QPlainTextEdit *tall = outputOf(2);
    QTRY_VERIFY(tall->verticalScrollBar()->maximum() > 0);
    QVERIFY(tall->viewport()->height() >=
            CommandOutputView::MaxVisibleLines * tall->fontMetrics().lineSpacing());

    // Unwrapped: the line scrolls sideways, and the scroll bar does not cover it.
    auto *wrap = panel->findChild<QToolButton *>(u"WrapLinesButton"_s);
    QVERIFY(wrap && wrap->isVisible());
    wrap->click();
    QVERIFY(!panel->wrapsLines());
    QTRY_VERIFY(oneLine->horizontalScrollBar()->maximum() > 0);
    QTRY_VERIFY(showsEveryLine(oneLine));
    QVERIFY(oneLine->horizontalScrollBar()->isVisible());

    // The choice is the user's preference: the next window starts with it.
    const auto second = createWindow();
    second->show();
    QTRY_VERIFY(second->currentShellPanel());
    QVERIFY(!second->currentShellPanel()->wrapsLines());
}

QTEST_MAIN(TestMainWindow)
#include "test_mainwindow.moc"
