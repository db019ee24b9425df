// SPDX-License-Identifier: GPL-3.0-or-later
#include "chat/chatwidget.h"
#include "settings/thememanager.h"
#include "window/mainwindow.h"
#include "window/shortcutsdialog.h"

#include <QAction>
#include <QApplication>
#include <QFocusFrame>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include <memory>

using namespace Qt::StringLiterals;

// Keyboard use of the real main window: Tab in and out of the message box, the tab order, the focus ring in
// each theme and the list of shortcuts.
class TestKeyboard final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void tabLeavesMessageBox();
    void ctrlTabTypesATab();
    void tabOrderFollowsLayout();
    void focusRingInEveryTheme_data();
    void focusRingInEveryTheme();
    void shortcutsDialogListsTheWindowsActions();

private:
    std::unique_ptr<MainWindow> createWindow();
    static QString describe(const QWidget *widget);

    QTemporaryDir m_dataDir;
};

void TestKeyboard::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dataDir.isValid());
}

void TestKeyboard::init()
{
    QSettings(u"sandbench"_s, u"sandbench-gui"_s).clear();
    // What the application does at start (GuiStartup).
    ThemeManager::apply(u"system"_s);
}

void TestKeyboard::cleanup()
{
    ThemeManager::apply(u"system"_s);
}

std::unique_ptr<MainWindow> TestKeyboard::createWindow()
{
    auto window = std::make_unique<MainWindow>(m_dataDir.path(), u"keys"_s);
    // The smallest screen the layout is made for (the offscreen screen is 800×600).
    window->resize(1366, 768);
    window->show();
    window->activateWindow();
    if (!QTest::qWaitForWindowActive(window.get()))
        return nullptr;
    return window;
}

QString TestKeyboard::describe(const QWidget *widget)
{
    if (!widget)
        return u"(none)"_s;
    QString text = QString::fromLatin1(widget->metaObject()->className()) + u' ' + widget->objectName();
    if (widget->parentWidget())
        text += u" in "_s + widget->parentWidget()->objectName();
    return text;
}

void TestKeyboard::tabLeavesMessageBox()
{
    const auto window = createWindow();
    QVERIFY(window);
    ChatWidget *chat = window->currentChat();
    QVERIFY(chat);
    auto *input = chat->findChild<QPlainTextEdit *>(u"MessageInput"_s);
    auto *send = chat->findChild<QPushButton *>(u"SendButton"_s);
    input->setFocus(Qt::OtherFocusReason);
    QTRY_COMPARE(QApplication::focusWidget(), input);
    QTest::keyClicks(input, u"ls"_s);

    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), send);
    QCOMPARE(input->toPlainText(), u"ls"_s);

    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Backtab, Qt::ShiftModifier);
    QCOMPARE(QApplication::focusWidget(), input);
    // Back again from the message box: the button below the conversation list.
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Backtab, Qt::ShiftModifier);
    QCOMPARE(QApplication::focusWidget()->objectName(), u"NewConversationButton"_s);
    QCOMPARE(input->toPlainText(), u"ls"_s);
}

void TestKeyboard::ctrlTabTypesATab()
{
    const auto window = createWindow();
    QVERIFY(window);
    auto *input = window->currentChat()->findChild<QPlainTextEdit *>(u"MessageInput"_s);
    input->setFocus(Qt::OtherFocusReason);
    QTRY_COMPARE(QApplication::focusWidget(), input);
    QTest::keyClicks(input, u"a"_s);
    QTest::keyClick(input, Qt::Key_Tab, Qt::ControlModifier);
    QTest::keyClicks(input, u"b"_s);
    QCOMPARE(input->toPlainText(), u"a\tb"_s);
    QCOMPARE(QApplication::focusWidget(), input);
    // The shortcut is an action of the message box, like Send and Stop.
    auto *insertTab = window->currentChat()->findChild<QAction *>(u"InsertTabAction"_s);
    QVERIFY(insertTab && input->actions().contains(insertTab));
    QCOMPARE(insertTab->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_Tab));
}

void TestKeyboard::tabOrderFollowsLayout()
{
    const auto window = createWindow();
    QVERIFY(window);
    auto *list = window->findChild<QListWidget *>(u"ConversationList"_s);
    list->setFocus(Qt::OtherFocusReason);
    QTRY_COMPARE(QApplication::focusWidget(), list);

    QStringList order;
    QStringList trail;
    QList<QPointer<QWidget>> stops;
    for (int press = 0; press < 12; ++press) {
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        QWidget *focused = QApplication::focusWidget();
        QVERIFY(focused);
        trail.append(describe(focused));
        order.append(focused->objectName());
        stops.append(focused);
        // Every stop is a widget the user sees, with the ring around it.
        const QRect inWindow(focused->mapTo(window.get(), QPoint(0, 0)), focused->size());
        QVERIFY2(focused->isVisible() && inWindow.intersects(window->rect()) && focused->width() > 4,
                 qPrintable(trail.join(u" → "_s) + u" %1,%2 %3x%4 %5"_s.arg(inWindow.x())
                                                       .arg(inWindow.y())
                                                       .arg(inWindow.width())
                                                       .arg(inWindow.height())
                                                       .arg(focused->isVisible())));
        QFocusFrame *ring = ThemeManager::focusFrame();
        QVERIFY2(ring && ring->isVisible(), qPrintable(trail.join(u" → "_s)));
        QCOMPARE(ring->widget(), focused);
    }
    qInfo("%s", qPrintable(trail.join(u" → "_s)));
    const QStringList start{u"NewConversationButton"_s, u"MessageInput"_s, u"SendButton"_s, u"AttachButton"_s,
                            u"MessageList"_s};
    QCOMPARE(order.mid(0, start.size()), start);
    // After the conversation, the panels on the right: the shell calls first.
    QWidget *shellDock = window->findChild<QWidget *>(u"ShellCallsDock"_s);
    const int afterChat = int(start.size());
    QVERIFY(afterChat < stops.size());
    QVERIFY2(stops.at(afterChat) && shellDock->isAncestorOf(stops.at(afterChat)),
             qPrintable(trail.join(u" → "_s)));
}

void TestKeyboard::focusRingInEveryTheme_data()
{
    QTest::addColumn<QString>("theme");
    QTest::newRow("light") << u"light"_s;
    QTest::newRow("dark") << u"dark"_s;
    QTest::newRow("system") << u"system"_s;
}

void TestKeyboard::focusRingInEveryTheme()
{
    QFETCH(QString, theme);
    ThemeManager::apply(theme);
    const auto window = createWindow();
    QVERIFY(window);
    auto *list = window->findChild<QListWidget *>(u"ConversationList"_s);
    list->setFocus(Qt::OtherFocusReason);
    QTRY_COMPARE(QApplication::focusWidget(), list);
    QTest::keyClick(list, Qt::Key_Tab);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    auto *input = window->currentChat()->findChild<QPlainTextEdit *>(u"MessageInput"_s);
    QCOMPARE(QApplication::focusWidget(), input);

    // The pixels just outside the message box, on all four sides, are the highlight colour.
    const QImage shot = window->grab().toImage();
    const QColor highlight = input->palette().color(QPalette::Active, QPalette::Highlight);
    const QRect box(input->mapTo(window.get(), QPoint(0, 0)), input->size());
    const QPoint outside[] = {{box.left() - 1, box.center().y()},
                              {box.right() + 1, box.center().y()},
                              {box.center().x(), box.top() - 1},
                              {box.center().x(), box.bottom() + 1}};
    const qreal dpr = shot.devicePixelRatio();
    for (const QPoint &p : outside) {
        const QColor seen = shot.pixelColor((QPointF(p) * dpr).toPoint());
        QVERIFY2(seen == highlight,
                 qPrintable(u"%1 at %2,%3 is %4, not %5"_s.arg(theme).arg(p.x()).arg(p.y()).arg(
                     seen.name(), highlight.name())));
    }
    // The highlight stands out from the window around it.
    const QColor window_ = input->palette().color(QPalette::Window);
    QVERIFY(std::abs(highlight.lightness() - window_.lightness()) +
                std::abs(highlight.hue() - window_.hue()) >
            40);
    if (theme == u"dark")
        window->grab().save(u"/tmp/keys-dark-focus.png"_s);

    // Focus on a widget without focus (none): no ring left behind.
    input->clearFocus();
    QTRY_VERIFY(!ThemeManager::focusFrame() || !ThemeManager::focusFrame()->isVisible());
}

void TestKeyboard::shortcutsDialogListsTheWindowsActions()
{
    const auto window = createWindow();
    QVERIFY(window);
    auto *action = window->findChild<QAction *>(u"ShortcutsAction"_s);
    QVERIFY(action);
    action->trigger();
    auto *dialog = window->findChild<ShortcutsDialog *>(u"ShortcutsDialog"_s);
    QVERIFY(dialog);
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    auto *table = dialog->findChild<QTreeWidget *>(u"ShortcutsTable"_s);
    QVERIFY(table);
    const auto rows = [table] {
        QStringList lines;
        for (int i = 0; i < table->topLevelItemCount(); ++i)
            lines.append(table->topLevelItem(i)->text(0) + u" = "_s + table->topLevelItem(i)->text(1));
        return lines;
    };
    // Every action of the window with a shortcut and a name is there, with its keys as the user types them.
    int expected = 0;
    const QStringList shown = rows();
    for (const QAction *a : window->findChildren<QAction *>()) {
        if (a->shortcuts().isEmpty() || a->text().isEmpty())
            continue;
        ++expected;
        const QString keys = a->shortcuts().first().toString(QKeySequence::NativeText);
        QVERIFY2(std::any_of(shown.cbegin(), shown.cend(),
                             [&keys](const QString &line) { return line.contains(keys); }),
                 qPrintable(keys + u" missing from "_s + shown.join(u"; "_s)));
    }
    QVERIFY(expected >= 10);
    const QStringList lines = rows();
    for (const QString &line : {u"Quit = "_s, u"New Conversation = "_s, u"Keyboard Shortcuts = "_s,
                                u"Send the message = Ctrl+Return, Ctrl+Enter"_s,
                                u"Type a tab in the message = Ctrl+Tab"_s, u"Rename = F2"_s}) {
        QVERIFY2(std::any_of(lines.cbegin(), lines.cend(),
                             [&line](const QString &l) { return l.startsWith(line); }),
                 qPrintable(line + u" missing from "_s + lines.join(u"; "_s)));
    }
    // Two conversations have two message boxes: still one row for each of their keys.
    window->newConversation();
    dialog->refresh();
    QCOMPARE(rows().filter(u"Send the message"_s).size(), 1);
    QCOMPARE(table->topLevelItemCount(), lines.size());
    // The message box's keys say where they work; the menus' name their menu.
    const QList<ShortcutsDialog::Row> listed = ShortcutsDialog::rows(window.get());
    for (const ShortcutsDialog::Row &row : listed) {
        if (row.action == u"Send the message")
            QCOMPARE(row.where, u"Message box"_s);
        if (row.action == u"Quit")
            QCOMPARE(row.where, u"File"_s);
    }

    // Read from the actions, not a list: a new key shows at the next refresh; one without a name does not.
    auto *extra = new QAction(u"Jump somewhere"_s, window.get());
    extra->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_J));
    window->addAction(extra);
    auto *unnamed = new QAction(window.get());
    unnamed->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_K));
    dialog->refresh();
    QVERIFY2(rows().contains(u"Jump somewhere = "_s + extra->shortcut().toString(QKeySequence::NativeText)),
             qPrintable(rows().join(u"; "_s)));
    QCOMPARE(table->topLevelItemCount(), lines.size() + 1);

    // One dialog per window.
    action->trigger();
    QCOMPARE(window->findChildren<ShortcutsDialog *>().size(), 1);
}

QTEST_MAIN(TestKeyboard)
#include "test_keyboard.moc"
