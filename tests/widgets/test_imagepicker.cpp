// SPDX-License-Identifier: GPL-3.0-or-later
// The window's Image picker: each conversation runs on the host's /usr or an imported image, saved with the
// conversation; the last choice is the workspace's image for new conversations.
#include "base/settings.h"
#include "base/workspacesettings.h"
#include "chat/chatwidget.h"
#include "config-sandbench-tests.h"
#include "fakeupstream.h"
#include "sandbox/container.h"
#include "sandbox/images/imagestore.h"
#include "sandbox/ocitestutil.h"
#include "shellcalls/shellcallview.h"
#include "window/mainwindow.h"

#include <QJsonArray>
#include <QJsonObject>

#include <QAction>
#include <QComboBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>

using namespace Qt::StringLiterals;

class TestImagePicker : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void pickerRunsConversationOnImage();
    void removedImageIsSaidPlainly();

private:
    std::unique_ptr<MainWindow> createWindow();
    void ask(MainWindow *window, const QString &text);

    QTemporaryDir m_dir;
    FakeUpstream m_fake;
};

void TestImagePicker::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(QFileInfo(QStringLiteral(SANDBENCH_BIN_DIR "/sandbench-init")).isExecutable());
    QVERIFY2(!OciTest::busybox().isEmpty(), "/bin/busybox is missing: apt-get install busybox-static");
    Settings().reset(Settings::Key::WindowState);
    Settings().reset(Settings::Key::WindowGeometry);
    Settings().reset(Settings::Key::LastModel);
    QVERIFY(m_dir.isValid());
    QVERIFY(m_fake.listen());
    QString error;
    QVERIFY2(m_fake.addAsProvider(m_dir.path(), u"test"_s, u"chat"_s, u"fake"_s, &error), qPrintable(error));
    m_fake.setModels({u"coder"_s});
    const QString archive = m_dir.path() + u"/bb.tar"_s;
    QVERIFY(OciTest::writeFile(archive, OciTest::busyboxOciArchive()));
    QVERIFY2(ImageStore(m_dir.path()).importPath(archive, u"bb"_s, &error), qPrintable(error));
}

std::unique_ptr<MainWindow> TestImagePicker::createWindow()
{
    auto window = std::make_unique<MainWindow>(m_dir.path(), u"test"_s);
    window->resize(1400, 800);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        return nullptr;
    auto *models = window->findChild<QComboBox *>(u"ModelPicker"_s);
    if (!models || !QTest::qWaitFor([models] { return models->findData(u"fake/coder"_s) >= 0; }, 10000))
        return nullptr;
    models->setCurrentIndex(models->findData(u"fake/coder"_s));
    return window;
}

void TestImagePicker::ask(MainWindow *window, const QString &text)
{
    ChatWidget *chat = window->currentChat();
    QTest::keyClicks(chat->findChild<QPlainTextEdit *>(u"MessageInput"_s), text);
    QTest::mouseClick(chat->findChild<QPushButton *>(u"SendButton"_s), Qt::LeftButton);
}

void TestImagePicker::pickerRunsConversationOnImage()
{
    const QJsonArray commands{u"ls /usr/bin"_s, u"cat /etc/os-release"_s};
    m_fake.setScript({FakeStep::toolCall(u"shell"_s, QJsonObject{{u"commands"_s, commands}}),
                      FakeStep::answer(u"Listed."_s)});
    auto window = createWindow();
    QVERIFY(window);
    auto *picker = window->findChild<QComboBox *>(u"ImagePicker"_s);
    QVERIFY(picker);
    QCOMPARE(picker->count(), 2);
    QVERIFY2(picker->itemText(0).startsWith(u"Host system — "_s) &&
                 picker->itemText(0).contains(u"Python 3."_s),
             qPrintable(picker->itemText(0)));
    QCOMPARE(picker->itemText(1), u"bb — Busybox test image 1.0 · no python3"_s);
    QVERIFY(picker->itemData(1, Qt::ToolTipRole).toString().contains(u"has no python3"_s));
    QCOMPARE(picker->currentIndex(), 0);
    QVERIFY(picker->isEnabled());

    picker->setCurrentIndex(1);
    QCOMPARE(window->currentContainer()->imageName(), u"bb"_s);
    WorkspaceSettings ws(m_dir.path() + u"/workspaces/test"_s);
    QVERIFY(ws.load());
    QCOMPARE(ws.image(), u"bb"_s);
    window->findChild<QToolBar *>(u"ModelToolBar"_s)->grab().save(u"/tmp/images-picker-toolbar.png"_s);

    ask(window.get(), u"What is in /usr/bin?"_s);
    ShellCallPanel *panel = window->currentShellPanel();
    QTRY_COMPARE(panel->views().size(), 1);
    ShellCallView *view = panel->views().first();
    QTRY_COMPARE_WITH_TIMEOUT(view->statusText(), u"Completed"_s, 60000);
    const QString bin = view->commandViews()[0]->outputText();
    QVERIFY2(bin.contains(u"busybox"_s) && !bin.contains(u"python3"_s), qPrintable(bin));
    QVERIFY(view->commandViews()[1]->outputText().contains(u"Busybox test image 1.0"_s));
    // Its container ran on the image: the choice is fixed for this conversation.
    QTRY_VERIFY(!picker->isEnabled());
    QVERIFY(picker->toolTip().contains(u"Start a new conversation"_s));
    QTRY_VERIFY(!window->currentChat()->session()->isBusy());
    window->grab().save(u"/tmp/images-picker-window.png"_s);

    // A new conversation starts on the workspace's image and may change it.
    window->findChild<QAction *>(u"NewConversationAction"_s)->trigger();
    QTRY_VERIFY(picker->isEnabled());
    QCOMPARE(picker->currentData().toString(), u"bb"_s);
    QCOMPARE(window->currentContainer()->imageName(), u"bb"_s);
    picker->setCurrentIndex(0);
    QCOMPARE(window->currentContainer()->imageName(), QString());
    QVERIFY(ws.load());
    QCOMPARE(ws.image(), QString());
    picker->setCurrentIndex(1);

    // After a restart both conversations keep their images.
    window.reset();
    window = createWindow();
    QVERIFY(window);
    picker = window->findChild<QComboBox *>(u"ImagePicker"_s);
    QCOMPARE(window->currentContainer()->imageName(), u"bb"_s);
    QCOMPARE(picker->currentData().toString(), u"bb"_s);

    // An image imported while the window is open shows after Refresh models.
    QString error;
    QVERIFY(ImageStore(m_dir.path()).importPath(m_dir.path() + u"/bb.tar"_s, u"later"_s, &error));
    QCOMPARE(picker->findData(u"later"_s), -1);
    window->findChild<QAction *>(u"RefreshModelsAction"_s)->trigger();
    QVERIFY(picker->findData(u"later"_s) >= 0);
    QCOMPARE(picker->currentData().toString(), u"bb"_s);
    QVERIFY(ImageStore(m_dir.path()).remove(u"later"_s, &error));
}

void TestImagePicker::removedImageIsSaidPlainly()
{
    // The workspace names an image that is gone: a new conversation runs on the host and says why.
    WorkspaceSettings ws(m_dir.path() + u"/workspaces/test"_s);
    QVERIFY(ws.load());
    ws.setImage(u"vanished"_s);
    QVERIFY(ws.save());
    auto window = createWindow();
    QVERIFY(window);
    window->newConversation(); // a new one, not the unasked first one the action would reuse
    QCOMPARE(window->currentContainer()->imageName(), QString());
    auto *picker = window->findChild<QComboBox *>(u"ImagePicker"_s);
    QCOMPARE(picker->currentIndex(), 0);
    QString error;
    // Choosing an image that was removed after the list was read is refused inline.
    QVERIFY(ImageStore(m_dir.path()).importPath(m_dir.path() + u"/bb.tar"_s, u"bb2"_s, &error));
    QVERIFY(ImageStore(m_dir.path()).remove(u"bb2"_s, &error));
    picker->addItem(u"bb2"_s, u"bb2"_s);
    picker->setCurrentIndex(picker->count() - 1);
    QCOMPARE(window->currentContainer()->imageName(), QString());
    QCOMPARE(picker->currentIndex(), 0);
}

QTEST_MAIN(TestImagePicker)
#include "test_imagepicker.moc"
