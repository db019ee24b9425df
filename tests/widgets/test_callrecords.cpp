// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 31 points 7, 10 and 12 on the real MainWindow, with a scripted model over real HTTP and real
// containers: a call that did not run leaves a card saying who refused it; a call's card, the conversation's
// cost and the Logs read one cost; the Logs' Response tab lists the tool calls of every API's response.
#include "base/settings.h"
#include "base/workspacesettings.h"
#include "chat/chatwidget.h"
#include "fakeupstream.h"
#include "gateway/requestlog.h"
#include "logs/logsmodel.h"
#include "logs/logspanel.h"
#include "sandbox/history/containerregistry.h"
#include "shellcalls/shellcallview.h"
#include "window/mainwindow.h"

#include <QComboBox>
#include <QDockWidget>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include <memory>

using namespace Qt::StringLiterals;

namespace {
const QString kWorkspace = u"test"_s;

QJsonObject shell(const QString &command)
{
    return {{u"commands"_s, QJsonArray{command}}};
}

// The dollars a label shows ("$0.0030 · includes the 30 s minimum", "Sandbox cost: $0.0030"); -1 for none.
double dollarsIn(const QString &text)
{
    static const QRegularExpression amount(u"\\$([0-9]+\\.[0-9]+)"_s);
    const QRegularExpressionMatch m = amount.match(text);
    return m.hasMatch() ? m.captured(1).toDouble() : -1;
}
} // namespace

class TestCallRecords final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void deniedCallsLeaveCardsInOrder();
    void stoppedCallCostIsTheRecordsCost();
    void responseTabListsEveryApisToolCalls();

private:
    std::unique_ptr<MainWindow> openWindow();
    void ask(MainWindow *window, const QString &question);
    void setPolicy(const ApprovalPolicy &policy);
    LogsPanel *showLogs(MainWindow *window);
    // Selects the newest logged request whose text contains text.
    void selectRequest(LogsPanel *logs, const QString &text);

    QTemporaryDir m_dataDir;
    FakeUpstream m_fake;
};

void TestCallRecords::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dataDir.isValid());
    QVERIFY(m_fake.listen());
    QString error;
    QVERIFY2(m_fake.addAsProvider(m_dataDir.path(), kWorkspace, u"responses"_s, u"fake"_s, &error),
             qPrintable(error));
    m_fake.setModels({u"fake-model"_s});
}

void TestCallRecords::init()
{
    Settings().reset(Settings::Key::WindowState);
    Settings().reset(Settings::Key::WindowGeometry);
    Settings().reset(Settings::Key::LastModel);
    m_fake.clearRequests();
}

std::unique_ptr<MainWindow> TestCallRecords::openWindow()
{
    auto window = std::make_unique<MainWindow>(m_dataDir.path(), kWorkspace);
    window->resize(1400, 900);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        return nullptr;
    return window;
}

void TestCallRecords::ask(MainWindow *window, const QString &question)
{
    auto *picker = window->findChild<QComboBox *>(u"ModelPicker"_s);
    QTRY_VERIFY(picker->findData(u"fake/fake-model"_s) >= 0);
    picker->setCurrentIndex(picker->findData(u"fake/fake-model"_s));
    ChatWidget *chat = window->currentChat();
    QTest::keyClicks(chat->findChild<QPlainTextEdit *>(u"MessageInput"_s), question);
    QTest::mouseClick(chat->findChild<QPushButton *>(u"SendButton"_s), Qt::LeftButton);
}

void TestCallRecords::setPolicy(const ApprovalPolicy &policy)
{
    QString error;
    WorkspaceSettings settings(ContainerRegistry(m_dataDir.path()).workspaceDir(kWorkspace));
    QVERIFY(settings.load(&error));
    settings.setApprovalPolicy(policy);
    QVERIFY2(settings.save(&error), qPrintable(error));
}

LogsPanel *TestCallRecords::showLogs(MainWindow *window)
{
    auto *dock = window->findChild<QDockWidget *>(u"LogsDock"_s);
    window->showPanel(dock);
    auto *logs = dock->findChild<LogsPanel *>();
    logs->reload();
    return logs;
}

void TestCallRecords::selectRequest(LogsPanel *logs, const QString &text)
{
    auto *search = logs->findChild<QLineEdit *>(u"LogsSearchEdit"_s);
    search->setText(text);
    QTest::keyClick(search, Qt::Key_Return);
    QTRY_VERIFY_WITH_TIMEOUT(logs->model()->filter().text == text && !logs->model()->isLoading() &&
                                 logs->model()->totalCount() >= 1 && logs->model()->rowIdAt(0) > 0,
                             20000);
    logs->findChild<QTableView *>(u"LogsTable"_s)->selectRow(0);
    QTRY_COMPARE(logs->shownRequest(), logs->model()->rowIdAt(0));
    QTRY_VERIFY(logs->detail().found);
}

// Point 7: a call refused by a rule and one a person denied with a note each leave a card, in order between
// the calls that ran, saying who refused it; the cards come back after a restart.
void TestCallRecords::deniedCallsLeaveCardsInOrder()
{
    QString error;
    setPolicy({ApprovalMode::Rules,
               {*ApprovalRule::make(u"allow"_s, u"echo *"_s, &error),
                *ApprovalRule::make(u"deny"_s, u"curl *"_s, &error)},
               300});
    // Longer than the panel is high: its card must still show why it did not run.
    QString longCurl = u"curl http://example.com/x"_s;
    for (int line = 0; line < 60; ++line)
        longCurl += u" \\\n  -H 'X-Line: %1'"_s.arg(line);
    m_fake.setScript({FakeStep::toolCall(u"shell"_s, shell(u"echo first-ran"_s)),
                      FakeStep::toolCall(u"shell"_s, shell(longCurl)),
                      FakeStep::toolCall(u"shell"_s, shell(u"rm -rf /workspace/home/old"_s)),
                      FakeStep::toolCall(u"shell"_s, shell(u"echo last-ran"_s)),
                      FakeStep::answer(u"denied-and-done"_s)});
    QStringList shownBefore;
    {
        std::unique_ptr<MainWindow> window = openWindow();
        QVERIFY(window);
        ask(window.get(), u"Clean up"_s);
        auto *prompt = window->findChild<QFrame *>(u"ApprovalPrompt"_s);
        QTRY_VERIFY_WITH_TIMEOUT(prompt->isVisible(), 60000);
        // The refused call's card is the newest: the panel shows where it says why, not its last line.
        QTRY_COMPARE(window->currentShellPanel()->views().size(), 2);
        auto *reason = window->currentShellPanel()->views().at(1)->findChild<QLabel *>(u"NotRunReason"_s);
        QVERIFY(reason);
        QTRY_VERIFY(!reason->visibleRegion().isEmpty());
        QTest::keyClicks(prompt->findChild<QLineEdit *>(u"ApprovalNote"_s), u"keep the old files"_s);
        QTest::mouseClick(prompt->findChild<QPushButton *>(u"ApprovalDeny"_s), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!window->currentChat()->session()->isBusy(), 60000);
        QCOMPARE(m_fake.modelRequests().size(), 5);

        const QList<ShellCallView *> views = window->currentShellPanel()->views();
        QCOMPARE(views.size(), 4);
        QVERIFY(views.at(0)->commandViews().value(0)->command().contains(u"first-ran"_s));
        QVERIFY(views.at(0)->notRunCode().isEmpty());
        QVERIFY(views.at(0)->commandViews().value(0)->outputText().contains(u"first-ran"_s));
        // Refused by the deny rule: the card says so and names the rule; nothing ran.
        QCOMPARE(views.at(1)->notRunCode(), u"approval_denied"_s);
        QCOMPARE(views.at(1)->statusText(), u"Denied"_s);
        QVERIFY2(views.at(1)->notRunText().contains(u"approval rules"_s) &&
                     views.at(1)->notRunText().contains(u"curl *"_s),
                 qPrintable(views.at(1)->notRunText()));
        QVERIFY(views.at(1)->commandViews().value(0)->command().startsWith(u"curl http://example.com/x"_s));
        QCOMPARE(views.at(1)->commandViews().value(0)->badgeText(), u"not run"_s);
        QVERIFY(views.at(1)->commandViews().value(0)->outputText().isEmpty());
        // Denied by the person in the window, with the note the model got.
        QCOMPARE(views.at(2)->notRunCode(), u"approval_denied"_s);
        QVERIFY2(views.at(2)->notRunText().contains(u"Denied by you in this window"_s) &&
                     views.at(2)->notRunText().contains(u"keep the old files"_s),
                 qPrintable(views.at(2)->notRunText()));
        QVERIFY(views.at(2)->isVisible());
        QVERIFY(views.at(3)->commandViews().value(0)->outputText().contains(u"last-ran"_s));
        for (ShellCallView *view : views)
            shownBefore.append(view->statusText() + u'|' + view->notRunText());

        // Point 12 for the window's own request: the Response tab lists its four calls with their outcomes.
        LogsPanel *logs = showLogs(window.get());
        selectRequest(logs, u"denied-and-done"_s);
        auto *calls = logs->findChild<QTreeWidget *>(u"LogsResponseToolCalls"_s);
        QTRY_COMPARE(calls->topLevelItemCount(), 4);
        logs->findChild<QTabWidget *>(u"LogsDetailTabs"_s)->setCurrentIndex(1);
        QVERIFY(calls->isVisible());
        QCOMPARE(calls->topLevelItem(0)->text(2), u"echo first-ran"_s);
        // The model's own call id (the one its next request answers), not the sandbox's.
        QString answered;
        for (const QJsonValue &v : m_fake.modelRequests().at(1).json().value(u"input"_s).toArray())
            if (v.toObject().value(u"type"_s).toString() == u"function_call_output")
                answered = v.toObject().value(u"call_id"_s).toString();
        QVERIFY(!answered.isEmpty());
        QCOMPARE(calls->topLevelItem(0)->text(1), answered);
        QVERIFY2(calls->topLevelItem(0)->text(3).contains(u"exit 0"_s),
                 qPrintable(calls->topLevelItem(0)->text(3)));
        QVERIFY2(calls->topLevelItem(1)->text(3).contains(u"not run (approval_denied)"_s),
                 qPrintable(calls->topLevelItem(1)->text(3)));
        QVERIFY(calls->topLevelItem(2)->text(3).contains(u"keep the old files"_s));
        QVERIFY(logs->findChild<QTabWidget *>(u"LogsDetailTabs"_s)->tabText(1).contains(u"4"_s));
    }
    // After a restart the saved conversation shows the same four cards, in the same order.
    std::unique_ptr<MainWindow> again = openWindow();
    QVERIFY(again);
    QTRY_COMPARE(again->currentShellPanel()->views().size(), 4);
    QStringList shownAfter;
    for (ShellCallView *view : again->currentShellPanel()->views())
        shownAfter.append(view->statusText() + u'|' + view->notRunText());
    QCOMPARE(shownAfter.mid(1, 2), shownBefore.mid(1, 2));
    setPolicy(ApprovalPolicy{ApprovalMode::RunAll, {}, 300});
}

// Point 10: a call stopped while it runs shows the cost its request was charged (a new container's 30 s
// minimum), the same as the conversation's header and the Logs' row and card; a later call adds to them.
void TestCallRecords::stoppedCallCostIsTheRecordsCost()
{
    setPolicy(ApprovalPolicy{ApprovalMode::RunAll, {}, 300});
    m_fake.setScript({FakeStep::toolCall(u"shell"_s, shell(u"echo stopping-soon; sleep 120"_s)),
                      FakeStep::toolCall(u"shell"_s, shell(u"echo warm-call"_s)),
                      FakeStep::answer(u"warm-answer"_s)});
    std::unique_ptr<MainWindow> window = openWindow();
    QVERIFY(window);
    // A conversation of its own: a new container, so the first call pays the minimum.
    QTest::keySequence(window.get(), QKeySequence::New);
    QTRY_VERIFY(window->currentShellPanel()->views().isEmpty());
    ask(window.get(), u"Start the long one"_s);
    QTRY_VERIFY_WITH_TIMEOUT(
        !window->currentShellPanel()->views().isEmpty() &&
            window->currentShellPanel()->views().constFirst()->commandViews().value(0)->outputText().contains(
                u"stopping-soon"_s),
        60000);
    ChatWidget *chat = window->currentChat();
    QTest::mouseClick(chat->findChild<QPushButton *>(u"StopButton"_s), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!chat->session()->isBusy(), 30000);
    ShellCallView *stopped = window->currentShellPanel()->views().constFirst();
    QTRY_VERIFY_WITH_TIMEOUT(stopped->isFinished(), 30000);
    auto *header = chat->findChild<QLabel *>(u"ConversationCost"_s);
    QTRY_VERIFY(dollarsIn(header->text()) > 0);
    QTRY_COMPARE(dollarsIn(stopped->costText()), dollarsIn(header->text()));
    QCOMPARE(dollarsIn(header->text()), 0.0030);
    QVERIFY2(stopped->costText().contains(u"minimum"_s), qPrintable(stopped->costText()));

    LogsPanel *logs = showLogs(window.get());
    selectRequest(logs, u"stopping-soon"_s);
    QCOMPARE(logs->detail().record.status, 499);
    const QModelIndex costCell = logs->model()->index(0, LogsModel::CostColumn);
    QCOMPARE(dollarsIn(costCell.data().toString()), 0.0030);
    auto *logCards = logs->findChild<ShellCallPanel *>(u"LogsShellCallPanel"_s);
    QTRY_COMPARE(logCards->views().size(), 1);
    QCOMPARE(logCards->views().constFirst()->costText(), stopped->costText());

    // The next question on the warm container: its card is its row's cost, and the header the sum.
    ask(window.get(), u"And a quick one"_s);
    QTRY_VERIFY_WITH_TIMEOUT(window->currentShellPanel()->views().size() == 2 &&
                                 window->currentShellPanel()->views().constLast()->isFinished(),
                             60000);
    QTRY_VERIFY_WITH_TIMEOUT(!chat->session()->isBusy(), 30000);
    ShellCallView *warm = window->currentShellPanel()->views().constLast();
    QTRY_VERIFY(dollarsIn(warm->costText()) >= 0);
    selectRequest(logs, u"warm-call"_s);
    QCOMPARE(dollarsIn(logs->model()->index(0, LogsModel::CostColumn).data().toString()) < 0
                 ? 0.0
                 : dollarsIn(logs->model()->index(0, LogsModel::CostColumn).data().toString()),
             dollarsIn(warm->costText()));
    QTRY_COMPARE(logCards->views().size(), 1);
    QCOMPARE(logCards->views().constFirst()->costText(), warm->costText());
    QVERIFY(qAbs(dollarsIn(header->text()) - dollarsIn(stopped->costText()) - dollarsIn(warm->costText())) <
            0.00015);

    // A restart shows the same costs on the saved cards.
    const QString stoppedCost = stopped->costText();
    const QString warmCost = warm->costText();
    const QString headerText = header->text();
    window.reset();
    std::unique_ptr<MainWindow> again = openWindow();
    QVERIFY(again);
    QTRY_COMPARE(again->currentShellPanel()->views().size(), 2);
    QCOMPARE(again->currentShellPanel()->views().at(0)->costText(), stoppedCost);
    QCOMPARE(again->currentShellPanel()->views().at(1)->costText(), warmCost);
    QCOMPARE(again->currentChat()->findChild<QLabel *>(u"ConversationCost"_s)->text(), headerText);
}

// Point 12: the Response tab lists the tool calls of a logged response of each API, in the API's own
// words, with arguments, call id and outcome, on one escaped line each.
void TestCallRecords::responseTabListsEveryApisToolCalls()
{
    struct Logged
    {
        QString api;
        QByteArray body;
        QStringList expected; // per call: name column, id, input, outcome (contains)
    };
    const QList<Logged> bodies{
        {u"responses"_s,
         R"json({"id":"resp_zebra","object":"response","output":[
            {"type":"function_call","id":"fc_1","call_id":"call_fn","name":"get_weather","arguments":"{\"city\":\"Oslo\"}","status":"completed"},
            {"type":"shell_call","id":"sh_1","call_id":"call_sh","action":{"commands":["ls -la","cat a\u001b[31m"]},"status":"completed"},
            {"type":"shell_call_output","id":"sho_1","call_id":"call_sh","status":"completed","output":[{"stdout":"total 0\n","stderr":"","outcome":{"type":"exit","exit_code":0}},{"stdout":"","stderr":"no such file","outcome":{"type":"exit","exit_code":1}}]},
            {"type":"code_interpreter_call","id":"ci_1","code":"print(6*7)","container_id":"cntr","status":"completed","outputs":[{"type":"logs","logs":"42\n"}]}]})json",
         {u"get_weather (function_call)"_s, u"call_fn"_s, u"{\"city\":\"Oslo\"}"_s,
          u"for the caller to run"_s, u"shell (shell_call)"_s, u"call_sh"_s, u"\\x1b[31m"_s,
          u"exit 1 · stderr: no such file"_s, u"python (code_interpreter_call)"_s, u"ci_1"_s, u"print(6*7)"_s,
          u"logs: 42"_s}},
        {u"messages"_s,
         R"json({"id":"msg_zebra","type":"message","role":"assistant","content":[
            {"type":"server_tool_use","id":"srvtoolu_1","name":"bash_code_execution","input":{"command":"wc -l data.csv"}},
            {"type":"bash_code_execution_tool_result","tool_use_id":"srvtoolu_1","content":{"type":"bash_code_execution_result","stdout":"10 data.csv","stderr":"","return_code":0,"content":[]}},
            {"type":"tool_use","id":"toolu_2","name":"lookup","input":{"q":"zebra"}}],"stop_reason":"tool_use"})json",
         {u"bash_code_execution (server_tool_use)"_s, u"srvtoolu_1"_s, u"wc -l data.csv"_s,
          u"exit 0 · stdout: 10 data.csv"_s, u"lookup (tool_use)"_s, u"toolu_2"_s, u"{\"q\":\"zebra\"}"_s,
          u"for the caller to run"_s}},
        {u"chat_completions"_s,
         R"json({"id":"chatcmpl-zebra","object":"chat.completion","choices":[{"index":0,"finish_reason":"tool_calls","message":{"role":"assistant","content":null,"tool_calls":[{"id":"call_c1","type":"function","function":{"name":"search","arguments":"{\"q\":\"zebra\\nstripes\"}"}}]}}]})json",
         {u"search (function)"_s, u"call_c1"_s, u"\\n"_s, u"for the caller to run"_s}},
        {u"gemini"_s,
         R"json({"responseId":"zebra","candidates":[{"content":{"role":"model","parts":[
            {"executableCode":{"language":"PYTHON","code":"print('zebra')"}},
            {"codeExecutionResult":{"outcome":"OUTCOME_OK","output":"zebra\n"}},
            {"functionCall":{"name":"plot","args":{"kind":"bar"}}}]},"finishReason":"STOP"}]})json",
         {u"python (executableCode)"_s, QString(), u"print('zebra')"_s, u"OUTCOME_OK · zebra\\n"_s,
          u"plot (functionCall)"_s, QString(), u"{\"kind\":\"bar\"}"_s, u"for the caller to run"_s}},
    };
    {
        RequestLog log;
        QVERIFY(log.open(RequestLog::databasePath(m_dataDir.path(), kWorkspace)));
        for (const Logged &l : bodies) {
            RequestRecord r;
            r.id = u"req_"_s + l.api;
            r.timeMs = QDateTime::currentMSecsSinceEpoch();
            r.api = l.api;
            r.model = u"zebra-model"_s;
            r.ioLogged = true;
            r.requestBody = "{\"input\":\"zebra " + l.api.toUtf8() + "\"}";
            r.responseBody = l.body;
            QVERIFY(QJsonDocument::fromJson(l.body).isObject());
            log.append(r);
        }
        RequestRecord plain;
        plain.id = u"req_plain"_s;
        plain.timeMs = QDateTime::currentMSecsSinceEpoch();
        plain.api = u"responses"_s;
        plain.ioLogged = true;
        plain.requestBody = "{\"input\":\"zebra plain\"}";
        plain.responseBody = "{\"output\":[{\"type\":\"message\",\"content\":[]}],\"choices\":7}";
        log.append(plain);
        // Logged before calls had costs of their own: two calls share the request's.
        RequestRecord older;
        older.id = u"req_older"_s;
        older.timeMs = QDateTime::currentMSecsSinceEpoch();
        older.api = u"responses"_s;
        older.ioLogged = true;
        older.requestBody = "{\"input\":\"zebra older\"}";
        older.serverToolCost = 0.0063;
        for (const QString &command : {u"echo a"_s, u"echo b"_s}) {
            ShellCallRecord call;
            call.callId = u"call_"_s + command.back();
            call.tool = u"openrouter:shell"_s;
            call.commands = {CommandRecord{command, u"x\n"_s, {}, u"exit"_s, 0, older.timeMs, 5}};
            older.shellCalls.append(call);
        }
        log.append(older);
        log.flush();
    }
    std::unique_ptr<MainWindow> window = openWindow();
    QVERIFY(window);
    LogsPanel *logs = showLogs(window.get());
    auto *calls = logs->findChild<QTreeWidget *>(u"LogsResponseToolCalls"_s);
    for (const Logged &l : bodies) {
        selectRequest(logs, u"zebra "_s + l.api);
        QCOMPARE(logs->detail().record.api, l.api);
        const int count = int(l.expected.size() / 4);
        QTRY_COMPARE(calls->topLevelItemCount(), count);
        logs->findChild<QTabWidget *>(u"LogsDetailTabs"_s)->setCurrentIndex(1);
        QVERIFY(calls->isVisible());
        for (int i = 0; i < count; ++i) {
            const QTreeWidgetItem *item = calls->topLevelItem(i);
            QCOMPARE(item->text(0), l.expected.at(i * 4));
            QCOMPARE(item->text(1), l.expected.at(i * 4 + 1));
            QVERIFY2(item->text(2).contains(l.expected.at(i * 4 + 2)),
                     qPrintable(l.api + u": "_s + item->text(2)));
            QVERIFY2(item->text(3).contains(l.expected.at(i * 4 + 3)),
                     qPrintable(l.api + u": "_s + item->text(3)));
            for (int column = 0; column < 4; ++column)
                for (const QChar c : item->text(column))
                    QVERIFY2(c.category() != QChar::Other_Control, qPrintable(item->text(column)));
        }
    }
    // A response with no tool calls (or one that is not JSON) hides the list and keeps the tab's name.
    selectRequest(logs, u"zebra plain"_s);
    QTRY_COMPARE(calls->topLevelItemCount(), 0);
    QVERIFY(!calls->isVisible());
    QCOMPARE(logs->findChild<QTabWidget *>(u"LogsDetailTabs"_s)->tabText(1), u"Response"_s);
    // A request logged before calls had costs: each card says it shares the request's cost.
    selectRequest(logs, u"zebra older"_s);
    auto *cards = logs->findChild<ShellCallPanel *>(u"LogsShellCallPanel"_s);
    QTRY_COMPARE(cards->views().size(), 2);
    for (ShellCallView *card : cards->views())
        QVERIFY2(card->costText().contains(u"part of $0.0063"_s), qPrintable(card->costText()));
}

QTEST_MAIN(TestCallRecords)
#include "test_callrecords.moc"
