// SPDX-License-Identifier: GPL-3.0-or-later
// Approvals in the real MainWindow with a scripted model over real HTTP (issue 17).
#include "base/settings.h"
#include "base/workspacesettings.h"
#include "chat/chatwidget.h"
#include "fakeupstream.h"
#include "logs/logsmodel.h"
#include "logs/logspanel.h"
#include "sandbox/history/containerregistry.h"
#include "shellcalls/shellcallview.h"
#include "window/mainwindow.h"

#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;

class TestApprovalsWindow final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void askAllowDenyAndAllowForConversation();
    void rulesDecideWithoutAsking();
    void conversationModeOverridesWorkspace();
    void deniedAndStoppedCallsHaveCards();

private:
    void ask(MainWindow *window, const QString &question);
    QTemporaryDir m_dataDir;
    FakeUpstream m_fake;
};

void TestApprovalsWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    Settings().reset(Settings::Key::WindowState);
    Settings().reset(Settings::Key::LastModel);
    QVERIFY(m_dataDir.isValid());
    QVERIFY(m_fake.listen());
    QString error;
    QVERIFY2(m_fake.addAsProvider(m_dataDir.path(), u"test"_s, u"responses"_s, u"fake"_s, &error),
             qPrintable(error));
    m_fake.setModels({u"fake-model"_s});
    WorkspaceSettings settings(ContainerRegistry(m_dataDir.path()).workspaceDir(u"test"_s));
    QVERIFY(settings.load(&error));
    QVERIFY(settings.setValue(u"approvals"_s, u"ask"_s, &error));
    QVERIFY2(settings.save(&error), qPrintable(error));
}

void TestApprovalsWindow::ask(MainWindow *window, const QString &question)
{
    ChatWidget *chat = window->currentChat();
    auto *input = chat->findChild<QPlainTextEdit *>(u"MessageInput"_s);
    QTest::keyClicks(input, question);
    QTest::mouseClick(chat->findChild<QPushButton *>(u"SendButton"_s), Qt::LeftButton);
}

static QJsonObject shell(const QString &command)
{
    return {{u"commands"_s, QJsonArray{command}}};
}

void TestApprovalsWindow::askAllowDenyAndAllowForConversation()
{
    m_fake.setScript(
        {FakeStep::toolCall(u"shell"_s, shell(u"echo approved-run"_s)), FakeStep::answer(u"one"_s),
         FakeStep::toolCall(u"shell"_s, shell(u"echo never-$((6*7))"_s)), FakeStep::answer(u"two"_s),
         FakeStep::toolCall(u"shell"_s, shell(u"echo again"_s)), FakeStep::answer(u"three"_s),
         FakeStep::toolCall(u"shell"_s, shell(u"echo again"_s)), FakeStep::answer(u"four"_s)});
    MainWindow window(m_dataDir.path(), u"test"_s);
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *picker = window.findChild<QComboBox *>(u"ModelPicker"_s);
    QTRY_VERIFY(picker->findData(u"fake/fake-model"_s) >= 0);
    picker->setCurrentIndex(picker->findData(u"fake/fake-model"_s));
    auto *prompt = window.findChild<QFrame *>(u"ApprovalPrompt"_s);
    QVERIFY(prompt);
    QVERIFY(!prompt->isVisible());
    auto *mode = window.findChild<QComboBox *>(u"ApprovalModePicker"_s);
    QVERIFY(mode->currentText().contains(u"Ask before each call"_s));

    // Ask → Allow once: it runs, and the model reads its output.
    ask(&window, u"Run it"_s);
    QTRY_VERIFY_WITH_TIMEOUT(prompt->isVisible(), 30000);
    QCOMPARE(prompt->findChild<QPlainTextEdit *>(u"ApprovalCommands"_s)->toPlainText(),
             u"echo approved-run"_s);
    QVERIFY(prompt->findChild<QLabel *>(u"ApprovalSource"_s)->text().contains(u"Conversation"_s));
    // Nothing ran while it waits.
    QCOMPARE(m_fake.modelRequests().size(), 1);
    window.grab().save(u"/tmp/approvals-window.png"_s);
    QTest::mouseClick(prompt->findChild<QPushButton *>(u"ApprovalAllowOnce"_s), Qt::LeftButton);
    QTRY_VERIFY(!prompt->isVisible());
    QTRY_COMPARE_WITH_TIMEOUT(m_fake.modelRequests().size(), 2, 60000);
    QVERIFY(m_fake.modelRequests().at(1).body.contains("approved-run\\\\n"));
    QTRY_VERIFY(!window.currentChat()->session()->isBusy());

    // Deny with a note: the model gets the refusal and the note; nothing ran.
    ask(&window, u"Another"_s);
    QTRY_VERIFY_WITH_TIMEOUT(prompt->isVisible(), 30000);
    QTest::keyClicks(prompt->findChild<QLineEdit *>(u"ApprovalNote"_s), u"use the cached file instead"_s);
    QTest::mouseClick(prompt->findChild<QPushButton *>(u"ApprovalDeny"_s), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(m_fake.modelRequests().size(), 4, 60000);
    const QByteArray denied = m_fake.modelRequests().at(3).body;
    QVERIFY2(
        denied.contains("the user denied this call; it was not run. Their note: use the cached file instead"),
        denied.constData());
    QVERIFY(!denied.contains("never-42"));
    QTRY_VERIFY(!window.currentChat()->session()->isBusy());

    // Allow for this conversation: the same command later runs without asking.
    ask(&window, u"Third"_s);
    QTRY_VERIFY_WITH_TIMEOUT(prompt->isVisible(), 30000);
    QTest::mouseClick(prompt->findChild<QPushButton *>(u"ApprovalAllowConversation"_s), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(m_fake.modelRequests().size(), 6, 60000);
    QTRY_VERIFY(!window.currentChat()->session()->isBusy());
    ask(&window, u"Fourth"_s);
    QTRY_COMPARE_WITH_TIMEOUT(m_fake.modelRequests().size(), 8, 60000);
    QVERIFY(m_fake.modelRequests().at(7).body.contains("again\\\\n"));
    QVERIFY(!prompt->isVisible());
    QTRY_VERIFY(!window.currentChat()->session()->isBusy());
}

void TestApprovalsWindow::rulesDecideWithoutAsking()
{
    QString error;
    WorkspaceSettings settings(ContainerRegistry(m_dataDir.path()).workspaceDir(u"test"_s));
    QVERIFY(settings.load(&error));
    ApprovalPolicy policy;
    policy.mode = ApprovalMode::Rules;
    policy.rules = {*ApprovalRule::make(u"allow"_s, u"echo *"_s, &error),
                    *ApprovalRule::make(u"deny"_s, u"curl *"_s, &error)};
    settings.setApprovalPolicy(policy);
    QVERIFY(settings.save(&error));
    m_fake.clearRequests();
    m_fake.setScript({FakeStep::toolCall(u"shell"_s, shell(u"echo by-rule | wc -c"_s)),
                      FakeStep::answer(u"a"_s),
                      FakeStep::toolCall(u"shell"_s, shell(u"echo x && curl http://example.com"_s)),
                      FakeStep::answer(u"b"_s)});
    MainWindow window(m_dataDir.path(), u"test"_s);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *picker = window.findChild<QComboBox *>(u"ModelPicker"_s);
    QTRY_VERIFY(picker->findData(u"fake/fake-model"_s) >= 0);
    picker->setCurrentIndex(picker->findData(u"fake/fake-model"_s));
    auto *prompt = window.findChild<QFrame *>(u"ApprovalPrompt"_s);
    // `wc -c` matches no rule, so the pipeline asks; the strictest part wins.
    ask(&window, u"Count"_s);
    QTRY_VERIFY_WITH_TIMEOUT(prompt->isVisible(), 30000);
    QVERIFY(
        prompt->findChild<QLabel *>(u"ApprovalReason"_s)->text().contains(u"no rule matched \"wc -c\""_s));
    QTest::mouseClick(prompt->findChild<QPushButton *>(u"ApprovalAllowOnce"_s), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(m_fake.modelRequests().size(), 2, 60000);
    QTRY_VERIFY(!window.currentChat()->session()->isBusy());
    // A deny rule refuses at once, without asking, and the model reads which rule.
    ask(&window, u"Fetch"_s);
    QTRY_COMPARE_WITH_TIMEOUT(m_fake.modelRequests().size(), 4, 60000);
    QVERIFY(!prompt->isVisible());
    const QByteArray refused = m_fake.modelRequests().at(3).body;
    QVERIFY2(refused.contains("denied by the approval rules (rule \\\"deny curl *\\\" matched"),
             refused.constData());
    QTRY_VERIFY(!window.currentChat()->session()->isBusy());
    settings.setApprovalPolicy(ApprovalPolicy{ApprovalMode::Ask, {}, 300});
    QVERIFY(settings.save(&error));
}

void TestApprovalsWindow::conversationModeOverridesWorkspace()
{
    // The workspace asks; this conversation runs everything, and says so after a restart.
    m_fake.setScript({FakeStep::toolCall(u"shell"_s, shell(u"echo no-ask"_s)), FakeStep::answer(u"ok"_s)});
    m_fake.clearRequests();
    {
        MainWindow window(m_dataDir.path(), u"test"_s);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto *picker = window.findChild<QComboBox *>(u"ModelPicker"_s);
        QTRY_VERIFY(picker->findData(u"fake/fake-model"_s) >= 0);
        picker->setCurrentIndex(picker->findData(u"fake/fake-model"_s));
        auto *mode = window.findChild<QComboBox *>(u"ApprovalModePicker"_s);
        mode->setCurrentIndex(mode->findData(u"run-all"_s));
        ask(&window, u"Go"_s);
        QTRY_COMPARE_WITH_TIMEOUT(m_fake.modelRequests().size(), 2, 60000);
        QVERIFY(m_fake.modelRequests().at(1).body.contains("no-ask\\\\n"));
        QVERIFY(!window.findChild<QFrame *>(u"ApprovalPrompt"_s)->isVisible());
        QTRY_VERIFY(!window.currentChat()->session()->isBusy());
    }
    MainWindow again(m_dataDir.path(), u"test"_s);
    again.show();
    QVERIFY(QTest::qWaitForWindowExposed(&again));
    QTRY_COMPARE(again.findChild<QComboBox *>(u"ApprovalModePicker"_s)->currentData().toString(),
                 u"run-all"_s);
}

// Issue 31 left over: a conversation whose only call was denied says it has no sandbox cost (not
// "$0.0000"); a call still waiting for approval when Stop is pressed gets a "Stopped before it ran" card;
// the Logs' Shell calls tab lists the calls that did not run, each saying why.
void TestApprovalsWindow::deniedAndStoppedCallsHaveCards()
{
    m_fake.setScript(
        {FakeStep::toolCall(u"shell"_s, shell(u"echo denied-one"_s)), FakeStep::answer(u"fine"_s),
         FakeStep::toolCall(u"shell"_s, shell(u"echo stopped-one"_s)), FakeStep::answer(u"never"_s)});
    auto owned = std::make_unique<MainWindow>(m_dataDir.path(), u"test"_s);
    MainWindow &window = *owned;
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.newConversation();
    auto *picker = window.findChild<QComboBox *>(u"ModelPicker"_s);
    QTRY_VERIFY(picker->findData(u"fake/fake-model"_s) >= 0);
    picker->setCurrentIndex(picker->findData(u"fake/fake-model"_s));
    auto *prompt = window.findChild<QFrame *>(u"ApprovalPrompt"_s);
    ShellCallPanel *panel = window.currentShellPanel();
    QVERIFY(panel->views().isEmpty());

    // Denied: a card, and no "$0.0000".
    ask(&window, u"First"_s);
    QTRY_VERIFY_WITH_TIMEOUT(prompt->isVisible(), 30000);
    QTest::mouseClick(prompt->findChild<QPushButton *>(u"ApprovalDeny"_s), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!window.currentChat()->session()->isBusy(), 60000);
    QCOMPARE(panel->views().size(), 1);
    QCOMPARE(panel->views().at(0)->statusText(), u"Denied"_s);
    auto *cost = window.currentChat()->findChild<QLabel *>(u"ConversationCost"_s);
    QVERIFY(cost);
    QVERIFY2(!cost->isVisible() || !cost->text().contains(u"0.0000"_s), qPrintable(cost->text()));

    // Stop while the next call waits: its card says it was stopped before it ran.
    ask(&window, u"Second"_s);
    QTRY_VERIFY_WITH_TIMEOUT(prompt->isVisible(), 30000);
    QTest::mouseClick(window.currentChat()->findChild<QPushButton *>(u"StopButton"_s), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!window.currentChat()->session()->isBusy(), 60000);
    QTRY_VERIFY(!prompt->isVisible());
    QTRY_COMPARE(panel->views().size(), 2);
    ShellCallView *stopped = panel->views().at(1);
    QCOMPARE(stopped->statusText(), u"Stopped"_s);
    QVERIFY2(stopped->notRunText().startsWith(u"Stopped before it ran"_s), qPrintable(stopped->notRunText()));
    QCOMPARE(stopped->commandViews().first()->command(), u"echo stopped-one"_s);
    QCOMPARE(stopped->notRunCode(), u"stopped"_s);

    // The Logs list both requests' calls that did not run, with the same words.
    auto *dock = window.findChild<QDockWidget *>(u"LogsDock"_s);
    auto *logs = dock->findChild<LogsPanel *>();
    window.showPanel(dock);
    auto *table = logs->findChild<QTableView *>(u"LogsTable"_s);
    auto *calls = logs->findChild<ShellCallPanel *>(u"LogsShellCallPanel"_s);
    auto *tabs = logs->findChild<QTabWidget *>(u"LogsDetailTabs"_s);
    // Logged off the answer's path: wait for the stopped request (499) to be the newest row.
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            logs->reload();
            return table->model()->rowCount() >= 2 &&
                   logs->model()->index(0, LogsModel::StatusColumn).data().toInt() == 499;
        }(),
        20000);
    QStringList statuses, commands;
    for (int row : {1, 0}) { // oldest first: the denied call, then the stopped one
        logs->showRequest(logs->model()->rowIdAt(row));
        QTRY_COMPARE(logs->detail().record.rowId, logs->model()->rowIdAt(row));
        QTRY_COMPARE(calls->views().size(), 1);
        QTRY_COMPARE(tabs->tabText(2), u"Shell calls (1)"_s);
        statuses.append(calls->views().first()->statusText());
        commands.append(calls->views().first()->commandViews().first()->command());
        QVERIFY(!calls->views().first()->notRunText().isEmpty());
    }
    QCOMPARE(statuses, (QStringList{u"Denied"_s, u"Stopped"_s}));
    QCOMPARE(commands, (QStringList{u"echo denied-one"_s, u"echo stopped-one"_s}));

    // After a restart the conversation shows its cards again and says it cost nothing.
    const QString title = window.currentChat()->session()->title();
    owned.reset();
    MainWindow again(m_dataDir.path(), u"test"_s);
    again.resize(1400, 900);
    again.show();
    QVERIFY(QTest::qWaitForWindowExposed(&again));
    QCOMPARE(again.currentChat()->session()->title(), title);
    QTRY_COMPARE(again.currentShellPanel()->views().size(), 2);
    QCOMPARE(again.currentShellPanel()->views().at(1)->statusText(), u"Stopped"_s);
    cost = again.currentChat()->findChild<QLabel *>(u"ConversationCost"_s);
    QVERIFY2(!cost->isVisible() || cost->text() == u"No sandbox cost yet"_s, qPrintable(cost->text()));
    QVERIFY(cost->isVisible());
}

QTEST_MAIN(TestApprovalsWindow)
#include "test_approvalswindow.moc"
