// SPDX-License-Identifier: GPL-3.0-or-later
// The panels of the real MainWindow as people use them: View › <panel> brings the panel to the front with
// the keyboard in it, short tab titles with icons, a default arrangement that does not move when a panel is
// opened, at the two common screen sizes, and the Network form's rows staying visible beside its warnings.
#include "base/settings.h"
#include "common/inlinemessage.h"
#include "network/networkpolicyeditor.h"
#include "network/networkpolicyeditorrow.h"
#include "sandbox/container.h"
#include "window/mainwindow.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QLabel>
#include <QMenu>
#include <QScrollArea>
#include <QStandardPaths>
#include <QTabBar>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;

namespace {
const QStringList PanelDocks = {u"ShellCallsDock"_s,  u"FilesDock"_s,      u"DocumentsDock"_s,
                                u"NetworkDock"_s,     u"GuardrailsDock"_s, u"LogsDock"_s,
                                u"ApiActivityDock"_s, u"CsvPreviewDock"_s};

// The window's tab bar that holds dock, and the dock's index there.
QTabBar *tabBarOf(MainWindow *window, QDockWidget *dock, int *index)
{
    const auto bars = window->findChildren<QTabBar *>();
    for (QTabBar *bar : bars) {
        for (int i = 0; i < bar->count(); ++i) {
            if (bar->tabData(i).value<quintptr>() == quintptr(dock)) {
                *index = i;
                return bar;
            }
        }
    }
    return nullptr;
}

QRect rectIn(QWidget *widget, QWidget *ancestor)
{
    return QRect(widget->mapTo(ancestor, QPoint(0, 0)), widget->size());
}
} // namespace

class TestPanels final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void viewMenuBringsPanelToFront_data();
    void viewMenuBringsPanelToFront();
    void viewMenuShowsClosedPanel();
    void tabTitlesShortWithIcons();
    void openingPanelKeepsLayout();
    void defaultLayout_data();
    void defaultLayout();
    void networkRowsVisibleBesideWarnings_data();
    void networkRowsVisibleBesideWarnings();

private:
    std::unique_ptr<MainWindow> createWindow(const QSize &size = QSize(1366, 768));
    // With SANDBENCH_TEST_SCREENSHOTS=DIR set, saves what the window shows as DIR/panels-<name>.png.
    static void snapshot(QWidget *window, const QString &name);

    std::unique_ptr<QTemporaryDir> m_dataDir;
};

void TestPanels::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestPanels::init()
{
    Settings().reset(Settings::Key::WindowState);
    Settings().reset(Settings::Key::WindowGeometry);
    m_dataDir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dataDir->isValid());
}

void TestPanels::cleanup()
{
    m_dataDir.reset();
}

std::unique_ptr<MainWindow> TestPanels::createWindow(const QSize &size)
{
    // The size a first start picks on a screen of this size, set before the default arrangement is made.
    {
        QWidget probe;
        probe.resize(size);
        Settings settings;
        settings.setValue(Settings::Key::WindowGeometry, probe.saveGeometry());
        settings.sync();
    }
    auto window = std::make_unique<MainWindow>(m_dataDir->path(), u"test"_s);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        return nullptr;
    QApplication::processEvents();
    return window;
}

void TestPanels::snapshot(QWidget *window, const QString &name)
{
    const QString dir = qEnvironmentVariable("SANDBENCH_TEST_SCREENSHOTS");
    if (dir.isEmpty())
        return;
    QTest::qWait(300); // the docks' animations and pending layouts
    window->grab().save(dir + u"/panels-"_s + name + u".png"_s);
}

void TestPanels::viewMenuBringsPanelToFront_data()
{
    QTest::addColumn<QString>("dockName");
    for (const QString &name : PanelDocks)
        QTest::newRow(qPrintable(name)) << name;
}

void TestPanels::viewMenuBringsPanelToFront()
{
    QFETCH(QString, dockName);
    const auto window = createWindow();
    QVERIFY(window);
    auto *dock = window->findChild<QDockWidget *>(dockName);
    QVERIFY(dock);
    QAction *action = window->panelAction(dockName);
    QVERIFY2(action, qPrintable(dockName));
    QVERIFY(window->findChild<QMenu *>(u"ViewMenu"_s)->actions().contains(action));
    QVERIFY(!action->icon().isNull());
    // Another panel of the same tab group is in front first (Logs, or Files when Logs is the one).
    QDockWidget *other =
        window->findChild<QDockWidget *>(dockName == u"LogsDock" ? u"FilesDock"_s : u"LogsDock"_s);
    window->showPanel(other);
    int index = -1;
    if (QTabBar *bar = tabBarOf(window.get(), dock, &index))
        QVERIFY(bar->currentIndex() != index || dockName == u"ShellCallsDock");

    action->trigger();
    QTRY_VERIFY(dock->isVisible());
    // In front: its tab is the current one (or it is not tabbed at all) and it has the keyboard.
    QTabBar *bar = nullptr;
    QTRY_VERIFY((bar = tabBarOf(window.get(), dock, &index)) == nullptr || bar->currentIndex() == index);
    QVERIFY(!dock->visibleRegion().isEmpty());
    QWidget *focus = QApplication::focusWidget();
    QVERIFY2(focus && dock->isAncestorOf(focus), qPrintable(focus ? focus->objectName() : u"none"_s));
}

void TestPanels::viewMenuShowsClosedPanel()
{
    const auto window = createWindow();
    QVERIFY(window);
    auto *files = window->findChild<QDockWidget *>(u"FilesDock"_s);
    QAction *action = window->panelAction(u"FilesDock"_s);
    // Closed with its own button, it comes back in front where it was, not behind another tab.
    files->close();
    QVERIFY(files->isHidden());
    window->showPanel(window->findChild<QDockWidget *>(u"LogsDock"_s));
    action->trigger();
    QVERIFY(files->isVisible());
    int index = -1;
    QTabBar *bar = nullptr;
    QTRY_VERIFY((bar = tabBarOf(window.get(), files, &index)) && bar->currentIndex() == index);
    QCOMPARE(window->dockWidgetArea(files), Qt::RightDockWidgetArea);
    // Asking again for the panel in front keeps it open.
    action->trigger();
    QVERIFY(files->isVisible());
    QCOMPARE(bar->currentIndex(), index);
}

void TestPanels::tabTitlesShortWithIcons()
{
    const auto window = createWindow();
    QVERIFY(window);
    for (const QString &name : PanelDocks)
        window->showPanel(window->findChild<QDockWidget *>(name));
    QApplication::processEvents();
    const QString containerId = window->currentContainer()->id();
    QVERIFY(containerId.size() >= 20);
    for (const QString &name : PanelDocks) {
        auto *dock = window->findChild<QDockWidget *>(name);
        QVERIFY2(!dock->windowTitle().contains(containerId), qPrintable(dock->windowTitle()));
        QVERIFY2(dock->windowTitle().size() <= 16, qPrintable(dock->windowTitle()));
        QVERIFY(!dock->windowIcon().isNull());
        int index = -1;
        QTabBar *bar = tabBarOf(window.get(), dock, &index);
        if (!bar)
            continue;
        // Qt names the tab after the dock; the icon and the whole container id (in the tooltip) are ours.
        QCOMPARE(bar->tabText(index), dock->windowTitle());
        QTRY_VERIFY(!bar->tabIcon(index).isNull());
        // The whole title fits: no "F…".
        const int textWidth = bar->fontMetrics().horizontalAdvance(bar->tabText(index));
        QVERIFY2(bar->tabRect(index).width() >= textWidth,
                 qPrintable(u"%1: %2 < %3"_s.arg(name).arg(bar->tabRect(index).width()).arg(textWidth)));
        if (name == u"ShellCallsDock")
            QVERIFY(bar->tabToolTip(index).contains(containerId));
    }
    // The container id is in the Shell calls panel itself, whole.
    auto *label =
        window->findChild<QDockWidget *>(u"ShellCallsDock"_s)->findChild<QLabel *>(u"ShellCallsContainer"_s);
    QVERIFY(label);
    QVERIFY(label->isVisible());
    QVERIFY(label->text().contains(containerId));
}

void TestPanels::openingPanelKeepsLayout()
{
    const auto window = createWindow();
    QVERIFY(window);
    QWidget *chat = window->centralWidget();
    auto *shell = window->findChild<QDockWidget *>(u"ShellCallsDock"_s);
    auto *files = window->findChild<QDockWidget *>(u"FilesDock"_s);
    QVERIFY(shell->isVisible());
    QVERIFY(files->isVisible());
    const QRect chatBefore = chat->geometry();
    const QRect shellBefore = shell->geometry();
    const QRect filesBefore = files->geometry();
    for (const QString &name : PanelDocks) {
        window->panelAction(name)->trigger();
        QApplication::processEvents();
        QTest::qWait(50);
        QCOMPARE(chat->geometry(), chatBefore);
        QCOMPARE(shell->geometry(), shellBefore);
        if (name != u"ShellCallsDock") {
            // Every panel takes the same place: the tab area below the shell calls.
            QCOMPARE(window->findChild<QDockWidget *>(name)->geometry(), filesBefore);
        }
    }
}

void TestPanels::defaultLayout_data()
{
    QTest::addColumn<QSize>("size");
    QTest::newRow("1366x768") << QSize(1366, 768);
    QTest::newRow("1920x1080") << QSize(1920, 1080);
}

void TestPanels::defaultLayout()
{
    QFETCH(QSize, size);
    const auto window = createWindow(size);
    QVERIFY(window);
    QCOMPARE(window->size(), size);
    auto *conversations = window->findChild<QDockWidget *>(u"ConversationsDock"_s);
    auto *shell = window->findChild<QDockWidget *>(u"ShellCallsDock"_s);
    auto *files = window->findChild<QDockWidget *>(u"FilesDock"_s);
    QWidget *chat = window->centralWidget();
    QCOMPARE(window->dockWidgetArea(conversations), Qt::LeftDockWidgetArea);
    QCOMPARE(window->dockWidgetArea(shell), Qt::RightDockWidgetArea);
    QCOMPARE(window->dockWidgetArea(files), Qt::RightDockWidgetArea);
    // Chat in the middle with the window's whole height; shell calls above the panels on the right.
    QVERIFY(conversations->geometry().right() < chat->geometry().left());
    QVERIFY(chat->geometry().right() < shell->geometry().left());
    QVERIFY(shell->geometry().bottom() < files->geometry().top());
    QVERIFY(qAbs(shell->geometry().left() - files->geometry().left()) <= 2);
    // Room for each: a chat line of about 60 characters, a readable shell and panel column.
    const int chars = chat->fontMetrics().averageCharWidth();
    QVERIFY2(chat->width() >= 60 * chars, qPrintable(QString::number(chat->width())));
    QVERIFY2(shell->width() >= 440, qPrintable(QString::number(shell->width())));
    QVERIFY2(conversations->width() >= 170, qPrintable(QString::number(conversations->width())));
    QVERIFY(shell->height() >= 200 && files->height() >= 200);
    snapshot(window.get(), u"default-%1x%2"_s.arg(size.width()).arg(size.height()));
}

void TestPanels::networkRowsVisibleBesideWarnings_data()
{
    QTest::addColumn<QSize>("size");
    QTest::newRow("1366x768") << QSize(1366, 768);
    QTest::newRow("1920x1080") << QSize(1920, 1080);
}

void TestPanels::networkRowsVisibleBesideWarnings()
{
    QFETCH(QSize, size);
    const auto window = createWindow(size);
    QVERIFY(window);
    window->panelAction(u"NetworkDock"_s)->trigger();
    auto *editor = window->findChild<NetworkPolicyEditor *>(u"NetworkPolicyEditor"_s);
    QVERIFY(editor && editor->isVisible());
    // "*" among other hosts: the wildcard warning and the form's error both show.
    for (const QString &entry : {u"pypi.org"_s, u"*"_s, u"github.com"_s, u"example.com"_s})
        QVERIFY(editor->addEntry(entry));
    auto *warning = editor->findChild<InlineMessage *>(u"NetworkPolicyWildcardWarning"_s);
    auto *formError = editor->findChild<InlineMessage *>(u"NetworkPolicyFormError"_s);
    QTRY_VERIFY(warning->isVisible() && formError->isVisible());
    QApplication::processEvents();
    QTest::qWait(100);
    auto *area = editor->findChild<QScrollArea *>(u"NetworkPolicyEntriesArea"_s);
    const QRect areaRect = rectIn(area->viewport(), editor);
    const QList<NetworkPolicyEntryRow *> rows = editor->findChildren<NetworkPolicyEntryRow *>();
    QCOMPARE(rows.size(), 4);
    // The host list keeps room for at least two rows and nothing is drawn over it.
    QVERIFY2(area->viewport()->height() >= 2 * rows.first()->height(),
             qPrintable(u"%1 < 2 × %2"_s.arg(area->viewport()->height()).arg(rows.first()->height())));
    for (InlineMessage *message : {warning, formError}) {
        const QRect r = rectIn(message, editor);
        QVERIFY2(!r.intersects(areaRect), qPrintable(message->objectName()));
        // Each message shows its whole text: its label has the height its wrapped text needs.
        auto *label = message->findChild<QLabel *>(u"InlineMessageText"_s);
        QVERIFY2(label->height() >= label->heightForWidth(label->width()),
                 qPrintable(u"%1: %2 < %3"_s.arg(message->objectName())
                                .arg(label->height())
                                .arg(label->heightForWidth(label->width()))));
    }
    // Every row can be scrolled into view and then lies inside the list.
    // (The form itself scrolls when the panel is short, so the list is scrolled into view first.)
    auto *formArea = editor->findChild<QScrollArea *>(u"NetworkPolicyFormArea"_s);
    QVERIFY(formArea);
    for (NetworkPolicyEntryRow *row : rows) {
        formArea->ensureWidgetVisible(area, 0, 0);
        area->ensureWidgetVisible(row, 0, 0);
        QApplication::processEvents();
        const QRect r = rectIn(row, editor);
        const QRect list = rectIn(area->viewport(), editor);
        QVERIFY2(list.contains(r), qPrintable(row->text()));
        QVERIFY2(rectIn(formArea->viewport(), editor).contains(r), qPrintable(row->text()));
        QVERIFY(!r.intersects(rectIn(warning, editor)));
        QVERIFY(!r.intersects(rectIn(formError, editor)));
    }
    snapshot(window.get(), u"network-wildcard-%1x%2"_s.arg(size.width()).arg(size.height()));
}

QTEST_MAIN(TestPanels)
#include "test_panels.moc"
