// SPDX-License-Identifier: GPL-3.0-or-later
// Drives the Settings window of a real MainWindow on the offscreen platform the way a user would.
#include "base/settings.h"
#include "base/workspacesettings.h"
#include "chat/chatwidget.h"
#include "common/inlinemessage.h"
#include "common/retranslate.h"
#include "sandbox/sandboxsettings.h"
#include "settings/datalocationpage.h"
#include "settings/settingsdialog.h"
#include "settings/thememanager.h"
#include "settings/translatorloader.h"
#include "window/mainwindow.h"
#include "window/windowlauncher.h"
#include "workspace/workspace.h"
#include "workspace/workspacecatalog.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDateTimeEdit>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QPointer>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QTreeWidget>

#include <memory>

using namespace Qt::StringLiterals;

class TestSettingsDialog final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void opensOnceWithEveryPage();
    void providersMenuOpensProvidersPage();
    void darkThemeThenSystemRestoresPalette();
    void invalidWorkspaceNameShowsInlineError_data();
    void invalidWorkspaceNameShowsInlineError();
    void createdWorkspaceIsListedAndOpens();
    void diskUseShowsFiguresAfterRefresh();
    void longSessionsRoundTrip();
    void pythonAheadSwitch();
    void liveSwitchToGermanAndBack();
    void unknownLanguageFallsBackToEnglishTexts();

private:
    std::unique_ptr<MainWindow> createWindow();
    SettingsDialog *openSettings(MainWindow *window, const QString &page = {});
    static QList<MainWindow *> visibleMainWindows();
    static void resetChoices();

    std::unique_ptr<QTemporaryDir> m_dataDir;
};

void TestSettingsDialog::initTestCase()
{
    // Keeps QSettings away from the real user's configuration.
    QStandardPaths::setTestModeEnabled(true);
}

void TestSettingsDialog::resetChoices()
{
    Settings settings;
    for (const Settings::Key key : {Settings::Key::Language, Settings::Key::Theme, Settings::Key::WindowState,
                                    Settings::Key::WindowGeometry, Settings::Key::LastModel})
        settings.reset(key);
    settings.sync();
}

void TestSettingsDialog::init()
{
    resetChoices();
    m_dataDir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dataDir->isValid());
}

void TestSettingsDialog::cleanup()
{
    // Windows a test opened through the dialog delete themselves when closed.
    for (MainWindow *window : visibleMainWindows())
        window->close();
    QTest::qWait(0);
    TranslatorLoader::apply(QCoreApplication::instance(), QString());
    ThemeManager::apply(u"system"_s);
    resetChoices();
    m_dataDir.reset();
}

std::unique_ptr<MainWindow> TestSettingsDialog::createWindow()
{
    auto window = std::make_unique<MainWindow>(m_dataDir->path(), u"test"_s);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        return nullptr;
    return window;
}

SettingsDialog *TestSettingsDialog::openSettings(MainWindow *window, const QString &page)
{
    window->findChild<QAction *>(u"SettingsAction"_s)->trigger();
    auto *dialog = window->findChild<SettingsDialog *>(u"SettingsDialog"_s);
    if (!dialog || !QTest::qWaitForWindowExposed(dialog))
        return nullptr;
    if (!page.isEmpty()) {
        const QStringList ids = dialog->pageIds();
        auto *list = dialog->findChild<QListWidget *>(u"SettingsPageList"_s);
        // Chooses the page in the list as a user would.
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {},
                          list->visualItemRect(list->item(int(ids.indexOf(page)))).center());
    }
    return dialog;
}

QList<MainWindow *> TestSettingsDialog::visibleMainWindows()
{
    QList<MainWindow *> windows;
    for (QWidget *widget : QApplication::topLevelWidgets()) {
        if (auto *window = qobject_cast<MainWindow *>(widget); window && window->isVisible())
            windows.append(window);
    }
    return windows;
}

void TestSettingsDialog::opensOnceWithEveryPage()
{
    const auto window = createWindow();
    QVERIFY(window);
    auto *settingsAction = window->findChild<QAction *>(u"SettingsAction"_s);
    QVERIFY(settingsAction);
    QVERIFY(window->findChild<QMenu *>(u"FileMenu"_s)->actions().contains(settingsAction));
    QCOMPARE(settingsAction->menuRole(), QAction::PreferencesRole);
    QVERIFY(!settingsAction->shortcuts().isEmpty());
    // Preferences keys belong to Settings… alone.
    const QList<QKeySequence> settingsKeys = settingsAction->shortcuts();
    for (const QKeySequence &key : window->findChild<QAction *>(u"ProvidersAction"_s)->shortcuts())
        QVERIFY2(!settingsKeys.contains(key), qPrintable(key.toString()));

    SettingsDialog *dialog = openSettings(window.get());
    QVERIFY(dialog);
    QVERIFY(!dialog->isModal());
    QVERIFY(window->isEnabled());

    const QStringList expected{u"providers"_s, u"localapi"_s, u"workspaces"_s,
                               u"language"_s,  u"theme"_s,    u"data"_s};
    for (const QString &id : expected)
        QVERIFY2(dialog->pageIds().contains(id), qPrintable(id));
    const QHash<QString, QString> pageNames{{u"providers"_s, u"ProviderSettingsPage"_s},
                                            {u"localapi"_s, u"LocalApiPage"_s},
                                            {u"workspaces"_s, u"WorkspacesPage"_s},
                                            {u"language"_s, u"LanguagePage"_s},
                                            {u"theme"_s, u"ThemePage"_s},
                                            {u"data"_s, u"DataLocationPage"_s}};
    auto *list = dialog->findChild<QListWidget *>(u"SettingsPageList"_s);
    QCOMPARE(list->count(), int(dialog->pageIds().size()));
    for (const QString &id : expected) {
        dialog->showPage(id);
        QCOMPARE(dialog->currentPage(), id);
        QWidget *page = dialog->page(id);
        QVERIFY2(page, qPrintable(id));
        QCOMPARE(page->objectName(), pageNames.value(id));
        QVERIFY2(page->isVisible(), qPrintable(id));
        // The list names the page the user sees.
        QCOMPARE(list->currentItem()->data(Qt::UserRole).toString(), id);
    }

    // A second trigger raises the same window at the page asked for.
    window->showSettings(u"theme"_s);
    QCOMPARE(window->findChildren<SettingsDialog *>().size(), 1);
    QCOMPARE(dialog->currentPage(), u"theme"_s);
    dialog->close();
    QTRY_VERIFY(window->findChildren<SettingsDialog *>().isEmpty());
}

void TestSettingsDialog::providersMenuOpensProvidersPage()
{
    const auto window = createWindow();
    QVERIFY(window);
    window->showSettings(u"data"_s);
    auto *dialog = window->findChild<SettingsDialog *>(u"SettingsDialog"_s);
    QVERIFY(dialog);
    QCOMPARE(dialog->currentPage(), u"data"_s);
    window->findChild<QAction *>(u"ProvidersAction"_s)->trigger();
    QCOMPARE(window->findChildren<SettingsDialog *>().size(), 1);
    QCOMPARE(dialog->currentPage(), u"providers"_s);
    QVERIFY(dialog->page(u"providers"_s)->isVisible());
}

void TestSettingsDialog::darkThemeThenSystemRestoresPalette()
{
    const auto window = createWindow();
    QVERIFY(window);
    const QColor systemWindow = QApplication::palette().color(QPalette::Window);
    const QColor systemText = QApplication::palette().color(QPalette::WindowText);
    SettingsDialog *dialog = openSettings(window.get(), u"theme"_s);
    QVERIFY(dialog);
    QCOMPARE(dialog->currentPage(), u"theme"_s);
    auto *system = dialog->findChild<QRadioButton *>(u"ThemeSystemRadio"_s);
    auto *light = dialog->findChild<QRadioButton *>(u"ThemeLightRadio"_s);
    auto *dark = dialog->findChild<QRadioButton *>(u"ThemeDarkRadio"_s);
    QVERIFY(system && light && dark);
    QVERIFY(system->isChecked());
    // On the button's indicator, where a user clicks.
    const auto click = [](QRadioButton *radio) {
        QTest::mouseClick(radio, Qt::LeftButton, {}, QPoint(radio->height() / 2, radio->height() / 2));
    };

    click(dark);
    QVERIFY(dark->isChecked());
    QCOMPARE(window->settings()->value(Settings::Key::Theme).toString(), u"dark"_s);
    QVERIFY2(QApplication::palette().color(QPalette::Window).lightness() < 90,
             qPrintable(QApplication::palette().color(QPalette::Window).name()));
    QVERIFY(QApplication::palette().color(QPalette::WindowText).lightness() > 200);
    // Every window follows, the main window and the dialog too.
    QTRY_VERIFY(window->palette().color(QPalette::Window).lightness() < 90);
    QTRY_VERIFY(dialog->palette().color(QPalette::Base).lightness() < 90);

    click(light);
    QCOMPARE(window->settings()->value(Settings::Key::Theme).toString(), u"light"_s);
    QVERIFY(QApplication::palette().color(QPalette::Window).lightness() > 180);
    QVERIFY(QApplication::palette().color(QPalette::WindowText).lightness() < 60);

    click(dark);
    click(system);
    QCOMPARE(window->settings()->value(Settings::Key::Theme).toString(), u"system"_s);
    QCOMPARE(QApplication::palette().color(QPalette::Window), systemWindow);
    QCOMPARE(QApplication::palette().color(QPalette::WindowText), systemText);
    QTRY_COMPARE(window->palette().color(QPalette::Window), systemWindow);
}

void TestSettingsDialog::invalidWorkspaceNameShowsInlineError_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("expected");

    const QString rule = u"A–Z"_s;
    QTest::newRow("empty") << QString() << rule;
    QTest::newRow("space") << u"my workspace"_s << rule;
    QTest::newRow("dot") << u"a.b"_s << rule;
    QTest::newRow("slash") << u"../escape"_s << rule;
    QTest::newRow("non-ascii") << u"größe"_s << rule;
    QTest::newRow("41 characters") << QString(41, u'w') << rule;
    QTest::newRow("taken") << u"default"_s << u"already exists"_s;
    QTest::newRow("taken, other case") << u"DEFAULT"_s << u"already exists"_s;
}

void TestSettingsDialog::invalidWorkspaceNameShowsInlineError()
{
    QFETCH(QString, name);
    QFETCH(QString, expected);

    const auto window = createWindow();
    QVERIFY(window);
    SettingsDialog *dialog = openSettings(window.get(), u"workspaces"_s);
    QVERIFY(dialog);
    auto *list = dialog->findChild<QListWidget *>(u"WorkspaceList"_s);
    const int before = list->count();
    auto *edit = dialog->findChild<QLineEdit *>(u"NewWorkspaceName"_s);
    // QTest types ASCII only; other text arrives as an input method would commit it.
    bool ascii = true;
    for (const QChar c : name)
        ascii = ascii && c.unicode() < 0x80;
    if (ascii)
        QTest::keyClicks(edit, name);
    else
        edit->insert(name);
    QTest::mouseClick(dialog->findChild<QPushButton *>(u"CreateWorkspaceButton"_s), Qt::LeftButton);

    auto *message = dialog->findChild<InlineMessage *>(u"WorkspaceMessage"_s);
    QVERIFY(message->isVisible());
    QCOMPARE(message->type(), InlineMessage::Type::Error);
    QVERIFY2(message->text().contains(expected), qPrintable(message->text()));
    QCOMPARE(list->count(), before);
    // The name stays so the user can correct it.
    QCOMPARE(edit->text(), name);
    const QStringList dirs =
        QDir(m_dataDir->path() + u"/workspaces"_s).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    QVERIFY2(dirs.size() <= 1, qPrintable(dirs.join(u", "_s)));
    QVERIFY(!QFileInfo::exists(m_dataDir->path() + u"/escape"_s));
}

void TestSettingsDialog::createdWorkspaceIsListedAndOpens()
{
    const auto window = createWindow();
    QVERIFY(window);
    SettingsDialog *dialog = openSettings(window.get(), u"workspaces"_s);
    QVERIFY(dialog);
    auto *current = dialog->findChild<QLabel *>(u"CurrentWorkspaceLabel"_s);
    QVERIFY2(current->text().contains(u"test"_s), qPrintable(current->text()));
    auto *list = dialog->findChild<QListWidget *>(u"WorkspaceList"_s);
    const auto listed = [list](const QString &name) {
        for (int row = 0; row < list->count(); ++row) {
            if (list->item(row)->data(Qt::UserRole).toString() == name)
                return list->item(row);
        }
        return static_cast<QListWidgetItem *>(nullptr);
    };
    QVERIFY(listed(u"test"_s));
    QVERIFY(listed(u"default"_s));
    QVERIFY(!listed(u"research-2"_s));

    QTest::keyClicks(dialog->findChild<QLineEdit *>(u"NewWorkspaceName"_s), u"research-2"_s);
    QTest::keyClick(dialog->findChild<QLineEdit *>(u"NewWorkspaceName"_s), Qt::Key_Return);
    auto *message = dialog->findChild<InlineMessage *>(u"WorkspaceMessage"_s);
    QVERIFY(message->isVisible());
    QCOMPARE(message->type(), InlineMessage::Type::Positive);
    QVERIFY(listed(u"research-2"_s));
    QCOMPARE(list->currentItem(), listed(u"research-2"_s));
    QVERIFY(QFileInfo(m_dataDir->path() + u"/workspaces/research-2"_s).isDir());
    QVERIFY(dialog->findChild<QLineEdit *>(u"NewWorkspaceName"_s)->text().isEmpty());

    // The next start opens it.
    QCOMPARE(WorkspaceCatalog(m_dataDir->path()).startWorkspace(), u"default"_s);
    QTest::mouseClick(dialog->findChild<QPushButton *>(u"StartWorkspaceButton"_s), Qt::LeftButton);
    QCOMPARE(WorkspaceCatalog(m_dataDir->path()).startWorkspace(), u"research-2"_s);
    QVERIFY2(listed(u"research-2"_s)->text().contains(u"opens at start"_s),
             qPrintable(listed(u"research-2"_s)->text()));
    QVERIFY(!dialog->findChild<QPushButton *>(u"StartWorkspaceButton"_s)->isEnabled());

    // A window of its own for it, beside this one.
    QTest::mouseClick(dialog->findChild<QPushButton *>(u"OpenWorkspaceButton"_s), Qt::LeftButton);
    MainWindow *other = nullptr;
    QTRY_VERIFY([&] {
        for (MainWindow *w : visibleMainWindows()) {
            if (w != window.get())
                other = w;
        }
        return other != nullptr;
    }());
    QCOMPARE(other->workspace()->name(), u"research-2"_s);
    QCOMPARE(other->workspace()->dataDir(), m_dataDir->path());
    QVERIFY(window->isVisible());
    // Asked again, the window there is comes to the front: two windows would corrupt its conversations.
    QTest::mouseClick(dialog->findChild<QPushButton *>(u"OpenWorkspaceButton"_s), Qt::LeftButton);
    QTest::qWait(0);
    QCOMPARE(visibleMainWindows().size(), 2);
    QCOMPARE(WindowLauncher::open(m_dataDir->path(), u"research-2"_s), other);
    QCOMPARE(WindowLauncher::open(m_dataDir->path() + u"/"_s, u"test"_s), window.get());
    QCOMPARE(visibleMainWindows().size(), 2);
    // This window's own workspace cannot be opened a second time.
    list->setCurrentItem(listed(u"test"_s));
    QVERIFY(!dialog->findChild<QPushButton *>(u"OpenWorkspaceButton"_s)->isEnabled());
    Q_EMIT list->itemActivated(listed(u"test"_s));
    QTest::qWait(0);
    QCOMPARE(visibleMainWindows().size(), 2);
    QPointer<MainWindow> guard(other);
    other->close();
    QTRY_VERIFY(!guard);
}

void TestSettingsDialog::diskUseShowsFiguresAfterRefresh()
{
    const QString ws = m_dataDir->path() + u"/workspaces/test"_s;
    QVERIFY(QDir().mkpath(ws + u"/documents"_s));
    const auto writeFile = [](const QString &path, qint64 bytes) {
        QFile file(path);
        return file.open(QIODevice::WriteOnly) && file.write(QByteArray(bytes, 'x')) == bytes;
    };
    QVERIFY(writeFile(ws + u"/documents/report.csv"_s, 300 * 1024));

    const auto window = createWindow();
    QVERIFY(window);
    SettingsDialog *dialog = openSettings(window.get(), u"data"_s);
    QVERIFY(dialog);
    QCOMPARE(dialog->findChild<QLabel *>(u"DataDirPath"_s)->text(),
             QDir::toNativeSeparators(m_dataDir->path()));
    auto *page = dialog->findChild<DataLocationPage *>(u"DataLocationPage"_s);
    auto *table = dialog->findChild<QTreeWidget *>(u"DiskUseTable"_s);
    QVERIFY(page && table);
    QCOMPARE(table->topLevelItemCount(), 6);
    // Showing the page starts the first measurement.
    QTRY_VERIFY(!page->isMeasuring() && table->topLevelItem(0)->text(1) != u"—"_s);
    const QLocale locale;
    const auto documentsBytes = [table] { return table->topLevelItem(2)->text(1); };
    // The file and its folder, in whole file-system blocks.
    QStringList plausible;
    for (qint64 kib = 300; kib <= 316; kib += 4)
        plausible.append(locale.formattedDataSize(kib * 1024));
    QVERIFY2(plausible.contains(documentsBytes()), qPrintable(documentsBytes()));
    for (int row = 0; row < table->topLevelItemCount(); ++row)
        QVERIFY2(table->topLevelItem(row)->text(2) != u"—"_s, qPrintable(table->topLevelItem(row)->text(0)));
    const QString totalBefore = table->topLevelItem(5)->text(2);
    QVERIFY(totalBefore != locale.formattedDataSize(0));
    auto *status = dialog->findChild<QLabel *>(u"DiskUseStatus"_s);
    QVERIFY2(status->text().contains(u"Measured"_s), qPrintable(status->text()));

    // A second workspace's documents count under all workspaces only.
    QVERIFY(QDir().mkpath(m_dataDir->path() + u"/workspaces/other/documents"_s));
    QVERIFY(writeFile(m_dataDir->path() + u"/workspaces/other/documents/big.bin"_s, 4 * 1024 * 1024));
    QSignalSpy measured(page, &DataLocationPage::measured);
    QTest::mouseClick(dialog->findChild<QPushButton *>(u"RefreshDiskUseButton"_s), Qt::LeftButton);
    QTRY_COMPARE(measured.size(), 1);
    QCOMPARE(table->topLevelItem(2)->text(1), documentsBytes());
    QVERIFY2(table->topLevelItem(5)->text(2) != totalBefore, qPrintable(table->topLevelItem(5)->text(2)));
    QVERIFY2(status->text().contains(u"Workspaces: 2."_s), qPrintable(status->text()));
}

void TestSettingsDialog::liveSwitchToGermanAndBack()
{
    auto window = createWindow();
    QVERIFY(window);
    auto *fileMenu = window->findChild<QMenu *>(u"FileMenu"_s);
    auto *quit = window->findChild<QAction *>(u"QuitAction"_s);
    auto *filesDock = window->findChild<QDockWidget *>(u"FilesDock"_s);
    auto *conversations = window->findChild<QListWidget *>(u"ConversationList"_s);
    QCOMPARE(fileMenu->title(), u"&File"_s);
    QCOMPARE(conversations->item(0)->text(), u"New conversation"_s);
    // A name the user gave is theirs: it never changes with the language.
    window->newConversation();
    conversations->item(1)->setText(u"Quarterly numbers"_s);
    const int conversationCount = window->conversationCount();
    ChatWidget *chat = window->currentChat();
    auto *send = chat->findChild<QPushButton *>(u"SendButton"_s);
    QCOMPARE(send->text(), u"Send"_s);
    auto *wrap = window->findChild<QToolButton *>(u"WrapLinesButton"_s);
    QVERIFY(wrap);
    QCOMPARE(wrap->text(), u"Wrap lines"_s);
    auto *from = window->findChild<QDateTimeEdit *>(u"LogsFromEdit"_s);
    QVERIFY(from);
    // A note the window wrote earlier (not the model's or the user's words).
    Q_EMIT chat->session()->stopped();
    auto *stoppedNote = chat->findChild<MessageBubble *>(u"StoppedNote"_s);
    QVERIFY(stoppedNote);
    QCOMPARE(stoppedNote->text(), u"Stopped."_s);

    SettingsDialog *dialog = openSettings(window.get(), u"language"_s);
    QVERIFY(dialog);
    auto *combo = dialog->findChild<QComboBox *>(u"LanguageCombo"_s);
    QVERIFY(combo);
    QCOMPARE(combo->count(), 6);
    for (int i = 0; i < combo->count(); ++i) // never "System default ()" where the locale has no name
        QVERIFY2(!combo->itemText(i).contains(u"()"_s), qPrintable(combo->itemText(i)));
    QVERIFY(combo->findText(u"Deutsch"_s) >= 0);
    QVERIFY(combo->findText(u"简体中文"_s) >= 0);
    // Nothing offers a restart any more.
    QVERIFY(!dialog->findChild<QPushButton *>(u"RestartNowButton"_s));

    combo->setCurrentIndex(combo->findData(u"de"_s));
    QCOMPARE(window->settings()->value(Settings::Key::Language).toString(), u"de"_s);
    QCOMPARE(TranslatorLoader::activeLanguage(), u"de"_s);
    // The same window, its conversations still there, in German: menus, docks, panels, the dialog itself.
    QTRY_COMPARE(fileMenu->title(), u"&Datei"_s);
    QCOMPARE(quit->text(), u"&Beenden"_s);
    QCOMPARE(filesDock->windowTitle(), u"Dateien"_s);
    QCOMPARE(send->text(), u"Senden"_s);
    QVERIFY2(wrap->text() != u"Wrap lines"_s, qPrintable(wrap->text()));
    QCOMPARE(dialog->windowTitle(), u"Einstellungen"_s);
    QCOMPARE(dialog->findChild<QListWidget *>(u"SettingsPageList"_s)->currentItem()->text(), u"Sprache"_s);
    QCOMPARE(window->conversationCount(), conversationCount);
    QCOMPARE(window->currentChat(), chat);
    QVERIFY(visibleMainWindows().contains(window.get()));
    // The window's own names follow; the user's does not.
    QCOMPARE(conversations->item(0)->text(), u"Neue Unterhaltung"_s);
    QCOMPARE(conversations->item(1)->text(), u"Quarterly numbers"_s);
    QCOMPARE(stoppedNote->text(), u"Angehalten."_s);
    // Dates and times in German.
    QCOMPARE(from->displayFormat(), QLocale(u"de"_s).dateTimeFormat(QLocale::ShortFormat));
    const QDateTime morning(QDate(2026, 3, 9), QTime(8, 10, 5));
    QCOMPARE(LocaleFormat::time(morning), u"08:10"_s);

    combo->setCurrentIndex(combo->findData(u"en"_s));
    QTRY_COMPARE(fileMenu->title(), u"&File"_s);
    QCOMPARE(quit->text(), u"&Quit"_s);
    QCOMPARE(filesDock->windowTitle(), u"Files"_s);
    QCOMPARE(send->text(), u"Send"_s);
    QCOMPARE(wrap->text(), u"Wrap lines"_s);
    QCOMPARE(dialog->windowTitle(), u"Settings"_s);
    QCOMPARE(conversations->item(0)->text(), u"New conversation"_s);
    QCOMPARE(stoppedNote->text(), u"Stopped."_s);
    QVERIFY2(LocaleFormat::time(morning).startsWith(u"8:10"_s) &&
                 LocaleFormat::time(morning).endsWith(u"AM"_s),
             qPrintable(LocaleFormat::time(morning)));
    // Saved with the new name: a restart keeps what the switch showed.
    window->close();
    QTest::qWait(0);
    window.reset();
    auto reopened = createWindow();
    QVERIFY(reopened);
    auto *list = reopened->findChild<QListWidget *>(u"ConversationList"_s);
    QCOMPARE(list->item(0)->text(), u"New conversation"_s);
    QCOMPARE(list->item(1)->text(), u"Quarterly numbers"_s);
}

void TestSettingsDialog::unknownLanguageFallsBackToEnglishTexts()
{
    auto window = createWindow();
    QVERIFY(window);
    // A stored choice no catalogue exists for (an old or hand-edited setting): English texts, no crash.
    TranslatorLoader::apply(QCoreApplication::instance(), u"xx_YY"_s);
    QCoreApplication::processEvents();
    QTRY_COMPARE(window->findChild<QMenu *>(u"FileMenu"_s)->title(), u"&File"_s);
    TranslatorLoader::apply(QCoreApplication::instance(), u"zh_CN"_s);
    QTRY_VERIFY(window->findChild<QMenu *>(u"FileMenu"_s)->title() != u"&File"_s);
    TranslatorLoader::apply(QCoreApplication::instance(), QString());
    QTRY_COMPARE(window->findChild<QMenu *>(u"FileMenu"_s)->title(), u"&File"_s);
}

// Issue 17: the Long sessions box shows the workspace's settings.json and saves what the user chose; a
// damaged file is not overwritten.
void TestSettingsDialog::longSessionsRoundTrip()
{
    const QString dir = SandboxSettings::forDataDir(m_dataDir->path(), u"test"_s).workspaceDir();
    QDir().mkpath(dir);
    {
        WorkspaceSettings settings(dir);
        settings.setLongCommandTimeoutSeconds(7200);
        settings.setIdleSleepMinutes(0);
        QVERIFY(settings.save());
    }
    const auto window = createWindow();
    QVERIFY(window);
    SettingsDialog *dialog = openSettings(window.get(), u"workspaces"_s);
    QVERIFY(dialog);
    auto *enabled = dialog->findChild<QCheckBox *>(u"LongSessionsCheck"_s);
    auto *api = dialog->findChild<QCheckBox *>(u"LongSessionsApiCheck"_s);
    auto *command = dialog->findChild<QSpinBox *>(u"LongCommandMinutes"_s);
    auto *idle = dialog->findChild<QSpinBox *>(u"IdleSleepMinutes"_s);
    QVERIFY(enabled && api && command && idle);
    QTRY_VERIFY(enabled->isVisible());
    QVERIFY(!enabled->isChecked());
    QVERIFY(!api->isChecked());
    QCOMPARE(command->value(), 120);
    QCOMPARE(idle->value(), 0);
    QCOMPARE(idle->text(), u"never"_s);
    QVERIFY(!command->isEnabled()); // nothing lifted yet
    // The API switch only extends the lift (README "Long sessions"): without it, it is greyed out.
    QVERIFY(!api->isEnabled());

    QTest::mouseClick(enabled, Qt::LeftButton);
    QVERIFY(command->isEnabled());
    QVERIFY(api->isEnabled());
    command->setValue(30);
    idle->setValue(99999); // past the range: the most it allows
    QCOMPARE(idle->value(), WorkspaceSettings::MaxIdleSleepMinutes);
    QTest::mouseClick(dialog->findChild<QPushButton *>(u"LongSessionsSave"_s), Qt::LeftButton);
    auto *message = dialog->findChild<InlineMessage *>(u"LongSessionsMessage"_s);
    QTRY_VERIFY(message->isVisible());
    QCOMPARE(message->type(), InlineMessage::Type::Positive);
    WorkspaceSettings saved(dir);
    QVERIFY(saved.load());
    QVERIFY(saved.longSessions());
    QVERIFY(!saved.longSessionsForApi());
    QCOMPARE(saved.longCommandTimeoutSeconds(), 1800);
    QCOMPARE(saved.idleSleepMinutes(), WorkspaceSettings::MaxIdleSleepMinutes);
    QVERIFY(saved.sessionLimits(false).lifted);
    QCOMPARE(saved.sessionLimits(true), SessionLimits::hosted());

    QFile damaged(saved.filePath());
    QVERIFY(damaged.open(QIODevice::WriteOnly | QIODevice::Truncate));
    damaged.write("{ not json");
    damaged.close();
    QTest::mouseClick(api, Qt::LeftButton);
    QTest::mouseClick(dialog->findChild<QPushButton *>(u"LongSessionsSave"_s), Qt::LeftButton);
    QTRY_COMPARE(message->type(), InlineMessage::Type::Error);
    QVERIFY2(message->text().startsWith(u"Not saved"_s), qPrintable(message->text()));
    QVERIFY(damaged.open(QIODevice::ReadOnly));
    QCOMPARE(damaged.readAll(), QByteArray("{ not json"));
    dialog->grab().save(u"/tmp/runtime-settings.png"_s);
}

// Python started ahead (issue 29): on by default, the switch saves python_ahead at once; a damaged
// settings.json is not overwritten and the switch shows what is in force.
void TestSettingsDialog::pythonAheadSwitch()
{
    const QString dir = SandboxSettings::forDataDir(m_dataDir->path(), u"test"_s).workspaceDir();
    QDir().mkpath(dir);
    const auto window = createWindow();
    QVERIFY(window);
    SettingsDialog *dialog = openSettings(window.get(), u"workspaces"_s);
    QVERIFY(dialog);
    auto *check = dialog->findChild<QCheckBox *>(u"PythonAheadCheck"_s);
    auto *message = dialog->findChild<InlineMessage *>(u"PythonAheadMessage"_s);
    QVERIFY(check && message);
    QTRY_VERIFY(check->isVisible());
    QVERIFY(check->isChecked());
    QVERIFY(!check->toolTip().isEmpty());

    QTest::mouseClick(check, Qt::LeftButton);
    QVERIFY(!check->isChecked());
    QTRY_VERIFY(message->isVisible());
    QCOMPARE(message->type(), InlineMessage::Type::Positive);
    WorkspaceSettings saved(dir);
    QVERIFY(saved.load());
    QVERIFY(!saved.pythonAhead());
    QCOMPARE(saved.value(u"python_ahead"_s), u"off"_s);

    QFile damaged(saved.filePath());
    QVERIFY(damaged.open(QIODevice::WriteOnly | QIODevice::Truncate));
    damaged.write("{ not json");
    damaged.close();
    QTest::mouseClick(check, Qt::LeftButton);
    QTRY_COMPARE(message->type(), InlineMessage::Type::Error);
    QVERIFY2(message->text().startsWith(u"Not saved"_s), qPrintable(message->text()));
    QVERIFY(damaged.open(QIODevice::ReadOnly));
    QCOMPARE(damaged.readAll(), QByteArray("{ not json"));
    // A file that cannot be read leaves the default in force, and the switch says so.
    QVERIFY(check->isChecked());
}

QTEST_MAIN(TestSettingsDialog)
#include "test_settingsdialog.moc"
