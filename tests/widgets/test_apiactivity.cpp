// SPDX-License-Identifier: GPL-3.0-or-later
// The local API inside the app and the "Other programs" panel, driven through the real MainWindow: a test
// plays another program that sends real HTTP requests; the model is a fake upstream on loopback.
#include "base/settings.h"
#include "chat/chatwidget.h"
#include "common/elidedlabel.h"
#include "fakeupstream.h"
#include "files/filespanel.h"
#include "files/filetreemodel.h"
#include "files/historymodel.h"
#include "files/historyview.h"
#include "localapi/apiactivitypanel.h"
#include "localapi/apirequestview.h"
#include "localapi/localapicontroller.h"
#include "localapi/localapiindicator.h"
#include "localapi/localapipage.h"
#include "models/providerregistry.h"
#include "sandbox/container.h"
#include "sandbox/containermanager.h"
#include "server/eventstreamclient.h"
#include "shellcalls/shellcallview.h"
#include "window/mainwindow.h"
#include "workspace/workspace.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDialog>
#include <QDockWidget>
#include <QGuiApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QTreeWidget>

#include <memory>

using namespace Qt::StringLiterals;

class TestApiActivity final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void otherProgramsRequestShowsLive();
    void badPortsShowInline();
    void turningOffClosesThePortAndOnReconnects();
    void startsAtAppStartWhenEnabled();
    void badKeysAreRefused();
    void longContainerIdShownWhole();
    void keepsOnlyRecentRequests();
    void elidedLabelKeepsWholeText();
    void portChangeKeepsRunningServer();
    void droppedStreamEndsRunning();
    void windowAndApiShowTheSameCall();
    void fileUploadedThroughApiShowsInFilesAndHistory();

private:
    std::unique_ptr<MainWindow> createWindow();
    void addProvider();
    static quint16 freePort();
    // Opens the page through the panel's button, turns the API on at a free port and makes a key.
    void turnOn(MainWindow *window, QString *key);
    QNetworkReply *post(quint16 port, const QString &key, const QJsonObject &body);
    static QJsonObject shellRequest(const QString &model, const QJsonObject &parameters = {});
    static LocalApiPage *page(MainWindow *window);
    static ApiActivityPanel *panel(MainWindow *window);
    static QString messageText(QWidget *inlineMessage);

    std::unique_ptr<QTemporaryDir> m_dataDir;
    std::unique_ptr<FakeUpstream> m_fake;
    QNetworkAccessManager m_nam;
};

void TestApiActivity::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestApiActivity::init()
{
    Settings settings;
    for (Settings::Key key :
         {Settings::Key::WindowState, Settings::Key::WindowGeometry, Settings::Key::LastModel,
          Settings::Key::LocalApiEnabled, Settings::Key::LocalApiPort})
        settings.reset(key);
    m_dataDir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dataDir->isValid());
    m_fake = std::make_unique<FakeUpstream>();
    QVERIFY(m_fake->listen());
    addProvider();
}

void TestApiActivity::cleanup()
{
    // Other tests share the user's settings: leave the API off for them.
    Settings settings;
    settings.reset(Settings::Key::LocalApiEnabled);
    settings.reset(Settings::Key::LocalApiPort);
    m_fake.reset();
    m_dataDir.reset();
}

std::unique_ptr<MainWindow> TestApiActivity::createWindow()
{
    auto window = std::make_unique<MainWindow>(m_dataDir->path(), u"test"_s);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        return nullptr;
    return window;
}

void TestApiActivity::addProvider()
{
    QString error;
    QVERIFY2(m_fake->addAsProvider(m_dataDir->path(), u"test"_s, u"responses"_s, u"fake"_s, &error),
             qPrintable(error));
}

quint16 TestApiActivity::freePort()
{
    QTcpServer probe;
    if (!probe.listen(QHostAddress::LocalHost, 0))
        return 0;
    const quint16 port = probe.serverPort();
    probe.close();
    return port;
}

LocalApiPage *TestApiActivity::page(MainWindow *window)
{
    auto *dialog = window->findChild<QDialog *>(u"LocalApiDialog"_s);
    return dialog ? dialog->findChild<LocalApiPage *>(u"LocalApiPage"_s) : nullptr;
}

ApiActivityPanel *TestApiActivity::panel(MainWindow *window)
{
    return window->findChild<ApiActivityPanel *>(u"ApiActivityPanel"_s);
}

QString TestApiActivity::messageText(QWidget *inlineMessage)
{
    return inlineMessage->findChild<QLabel *>(u"InlineMessageText"_s)->text();
}

void TestApiActivity::turnOn(MainWindow *window, QString *key)
{
    ApiActivityPanel *activity = panel(window);
    QVERIFY(activity);
    QTest::mouseClick(activity->findChild<QPushButton *>(u"LocalApiSettingsButton"_s), Qt::LeftButton);
    LocalApiPage *p = nullptr;
    QTRY_VERIFY((p = page(window)));
    QCOMPARE(p->window()->windowModality(), Qt::WindowModal);
    auto *keys = p->findChild<QTreeWidget *>(u"LocalApiKeys"_s);
    QAbstractItemModelTester tester(keys->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);

    auto *portEdit = p->findChild<QLineEdit *>(u"LocalApiPort"_s);
    QCOMPARE(portEdit->text(), u"8642"_s);
    const quint16 port = freePort();
    QVERIFY(port > 1024);
    portEdit->clear();
    QTest::keyClicks(portEdit, QString::number(port));
    QTest::mouseClick(p->findChild<QCheckBox *>(u"LocalApiEnabled"_s), Qt::LeftButton);
    LocalApiController *api = window->localApi();
    QTRY_VERIFY(api->isRunning());
    QCOMPARE(api->port(), port);
    QCOMPARE(window->settings()->value(Settings::Key::LocalApiPort).toInt(), int(port));
    QVERIFY(window->settings()->value(Settings::Key::LocalApiEnabled).toBool());
    const QString url = u"http://127.0.0.1:%1/api/v1"_s.arg(port);
    QCOMPARE(p->findChild<QLabel *>(u"LocalApiStatus"_s)->text(), u"Running at %1"_s.arg(url));
    QCOMPARE(p->findChild<QLineEdit *>(u"LocalApiUrl"_s)->text(), url);
    QTest::mouseClick(p->findChild<QPushButton *>(u"LocalApiCopyUrl"_s), Qt::LeftButton);
    QCOMPARE(QGuiApplication::clipboard()->text(), url);
    auto *indicator = window->findChild<LocalApiIndicator *>(u"LocalApiIndicator"_s);
    QVERIFY(indicator->isVisible());
    QCOMPARE(indicator->text(), u"Local API: http://127.0.0.1:%1"_s.arg(port));

    // A key for "the other program": shown whole once, listed, copyable, and used in the example.
    const int before = keys->topLevelItemCount();
    QTest::mouseClick(p->findChild<QPushButton *>(u"LocalApiCreateKey"_s), Qt::LeftButton);
    auto *newKey = p->findChild<QLineEdit *>(u"LocalApiNewKey"_s);
    QVERIFY(newKey->isVisible());
    *key = newKey->text();
    QVERIFY(key->startsWith(u"sbk_"_s));
    QCOMPARE(keys->topLevelItemCount(), before + 1);
    QVERIFY(keys->currentItem());
    QTest::mouseClick(p->findChild<QPushButton *>(u"LocalApiCopyKey"_s), Qt::LeftButton);
    QCOMPARE(QGuiApplication::clipboard()->text(), *key);
    const QString example = p->findChild<QPlainTextEdit *>(u"LocalApiExample"_s)->toPlainText();
    QVERIFY(example.contains(url + u"/responses"_s));
    QVERIFY(example.contains(*key));
    QVERIFY(example.contains(u"openrouter:shell"_s));
    QTRY_COMPARE(activity->client()->state(), EventStreamClient::State::Connected);
    QVERIFY(activity->statusText().contains(u"Watching this app's local API"_s));
}

QNetworkReply *TestApiActivity::post(quint16 port, const QString &key, const QJsonObject &body)
{
    QNetworkRequest request(QUrl(u"http://127.0.0.1:%1/api/v1/responses"_s.arg(port)));
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader("Authorization", "Bearer " + key.toUtf8());
    request.setTransferTimeout(120000);
    return m_nam.post(request, QJsonDocument(body).toJson(QJsonDocument::Compact));
}

QJsonObject TestApiActivity::shellRequest(const QString &model, const QJsonObject &parameters)
{
    QJsonObject tool{{u"type"_s, u"openrouter:shell"_s}};
    if (!parameters.isEmpty())
        tool.insert(u"parameters"_s, parameters);
    return {{u"model"_s, model}, {u"input"_s, u"look around"_s}, {u"tools"_s, QJsonArray{tool}}};
}

void TestApiActivity::otherProgramsRequestShowsLive()
{
    // The second command waits for a file the test drops into the container, so the test sees it running.
    m_fake->setScriptForModel(
        u"watched"_s,
        {FakeStep::toolCall(
             u"shell"_s,
             QJsonObject{{u"commands"_s, QJsonArray{u"echo hello-from-program"_s,
                                                    u"echo live-1; while [ ! -e go ]; do sleep 0.05; done; "
                                                    "echo live-2; echo oops >&2; exit 3"_s}}}),
         FakeStep::answer(u"done"_s)});
    const auto window = createWindow();
    QVERIFY(window);
    auto *dock = window->findChild<QDockWidget *>(u"ApiActivityDock"_s);
    QVERIFY(dock);
    QCOMPARE(dock->windowTitle(), u"Other programs"_s);
    QString key;
    turnOn(window.get(), &key);
    if (QTest::currentTestFailed())
        return;
    page(window.get())->window()->close();
    dock->hide();

    std::unique_ptr<QNetworkReply> reply(
        post(window->localApi()->port(), key, shellRequest(u"fake/watched"_s)));
    ApiActivityPanel *activity = panel(window.get());
    QTRY_COMPARE_WITH_TIMEOUT(activity->requests().size(), 1, 30000);
    // A request from another program brings the panel into view.
    QTRY_VERIFY(dock->isVisible());
    ApiRequestView *request = activity->requests().first();
    QCOMPARE(request->apiText(), u"Responses"_s);
    QCOMPARE(request->modelText(), u"fake/watched"_s);
    QCOMPARE(request->statusText(), u"Running"_s);
    QVERIFY(!request->findChild<QLabel *>(u"ApiRequestTime"_s)->text().isEmpty());
    QTRY_COMPARE_WITH_TIMEOUT(request->callViews().size(), 1, 30000);
    ShellCallView *call = request->callViews().first();
    QCOMPARE(call->commandViews().size(), 2);
    QCOMPARE(call->commandViews()[0]->command(), u"echo hello-from-program"_s);

    // Output streams in while the command still runs.
    QTRY_COMPARE_WITH_TIMEOUT(call->commandViews()[1]->outputText(), u"live-1\n"_s, 60000);
    QCOMPARE(call->commandViews()[1]->badgeText(), u"running"_s);
    QCOMPARE(call->commandViews()[0]->outputText(), u"hello-from-program\n"_s);
    QCOMPARE(call->commandViews()[0]->badgeText(), u"exit 0"_s);
    QCOMPARE(call->statusText(), u"Running"_s);
    QVERIFY(!reply->isFinished());

    // The call ran in the window's own container set (one per workspace and process).
    Container *container = window->workspace()->containers()->find(call->containerId());
    QVERIFY(container);
    QFile go(container->homeDir() + u"/go"_s);
    QVERIFY(go.open(QIODevice::WriteOnly));
    go.close();

    QTRY_VERIFY_WITH_TIMEOUT(reply->isFinished(), 60000);
    QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
    const QJsonObject response = QJsonDocument::fromJson(reply->readAll()).object();
    QJsonObject item;
    for (const QJsonValue &v : response.value(u"output"_s).toArray()) {
        if (v.toObject().value(u"type"_s).toString() == u"openrouter:shell")
            item = v.toObject();
    }
    QCOMPARE(item.value(u"container_id"_s).toString(), call->containerId());

    QTRY_COMPARE(request->statusText(), u"Completed"_s);
    QCOMPARE(call->statusText(), u"Completed"_s);
    QCOMPARE(call->commandViews()[1]->outputText(), u"live-1\nlive-2\noops\n"_s);
    QCOMPARE(call->commandViews()[1]->badgeText(), u"exit 3"_s);
    QVERIFY(!call->findChild<QLabel *>(u"ElapsedLabel"_s)->text().isEmpty());
    const double cost = response.value(u"usage"_s).toObject().value(u"server_tool_cost"_s).toDouble();
    QVERIFY(cost > 0);
    QCOMPARE(call->findChild<QLabel *>(u"CostLabel"_s)->text(),
             u"$%1"_s.arg(QLocale().toString(cost, 'f', 4)));
    QVERIFY2(request->usageText().contains(u"1 shell call"_s), qPrintable(request->usageText()));
    QVERIFY2(request->usageText().contains(u"sandbox $"_s), qPrintable(request->usageText()));
    // The same view as a conversation's: the header names the container in full in its tooltip.
    auto *title = call->findChild<ElidedLabel *>(u"CallContainer"_s);
    QVERIFY(title->toolTip().contains(call->containerId()));
    QVERIFY(call->outputItem().value(u"output"_s).toArray().size() == 2);

    QTest::mouseClick(activity->findChild<QPushButton *>(u"ApiActivityClear"_s), Qt::LeftButton);
    QVERIFY(activity->requests().isEmpty());
    QVERIFY(activity->findChild<QLabel *>(u"ApiActivityEmpty"_s)->isVisible());
}

void TestApiActivity::badPortsShowInline()
{
    const auto window = createWindow();
    QVERIFY(window);
    ApiActivityPanel *activity = panel(window.get());
    QTest::mouseClick(activity->findChild<QPushButton *>(u"LocalApiSettingsButton"_s), Qt::LeftButton);
    LocalApiPage *p = nullptr;
    QTRY_VERIFY((p = page(window.get())));
    auto *portEdit = p->findChild<QLineEdit *>(u"LocalApiPort"_s);
    auto *message = p->findChild<QWidget *>(u"LocalApiMessage"_s);
    auto *apply = p->findChild<QPushButton *>(u"LocalApiApplyPort"_s);

    for (const QString &bad : {u"80"_s, u"70000"_s, u"http"_s, QString()}) {
        portEdit->clear();
        QTest::keyClicks(portEdit, bad);
        QTest::mouseClick(apply, Qt::LeftButton);
        QVERIFY(message->isVisible());
        QVERIFY2(messageText(message).contains(u"from 1024 to 65535"_s), qPrintable(messageText(message)));
        QVERIFY(!window->localApi()->isRunning());
    }
    QCOMPARE(window->settings()->value(Settings::Key::LocalApiPort).toInt(), 8642);

    // A port another program holds: the switch stays on, the page and the panel say why it is not running.
    QTcpServer squatter;
    QVERIFY(squatter.listen(QHostAddress::LocalHost, 0));
    portEdit->clear();
    QTest::keyClicks(portEdit, QString::number(squatter.serverPort()));
    QTest::mouseClick(p->findChild<QCheckBox *>(u"LocalApiEnabled"_s), Qt::LeftButton);
    QVERIFY(!window->localApi()->isRunning());
    QVERIFY(message->isVisible());
    QVERIFY2(messageText(message).contains(u"already in use"_s), qPrintable(messageText(message)));
    QVERIFY(p->findChild<QLabel *>(u"LocalApiStatus"_s)->text().startsWith(u"Not running: Port"_s));
    QVERIFY(activity->statusText().contains(u"not running"_s));
    auto *indicator = window->findChild<LocalApiIndicator *>(u"LocalApiIndicator"_s);
    QVERIFY(indicator->isVisible());
    QCOMPARE(indicator->text(), u"Local API: not running"_s);

    // Another port through Apply starts it.
    const quint16 port = freePort();
    portEdit->clear();
    QTest::keyClicks(portEdit, QString::number(port));
    QTest::mouseClick(apply, Qt::LeftButton);
    QVERIFY(window->localApi()->isRunning());
    QCOMPARE(window->localApi()->port(), port);
    QVERIFY(!message->isVisible());
    QTRY_COMPARE(activity->client()->state(), EventStreamClient::State::Connected);
}

void TestApiActivity::turningOffClosesThePortAndOnReconnects()
{
    m_fake->setScriptForModel(
        u"again"_s, {FakeStep::toolCall(u"shell"_s, QJsonObject{{u"commands"_s, QJsonArray{u"echo back"_s}}}),
                     FakeStep::answer(u"ok"_s)});
    const auto window = createWindow();
    QVERIFY(window);
    QString key;
    turnOn(window.get(), &key);
    if (QTest::currentTestFailed())
        return;
    LocalApiPage *p = page(window.get());
    const quint16 port = window->localApi()->port();
    ApiActivityPanel *activity = panel(window.get());

    QTest::mouseClick(p->findChild<QCheckBox *>(u"LocalApiEnabled"_s), Qt::LeftButton);
    QVERIFY(!window->localApi()->isRunning());
    QVERIFY(!window->settings()->value(Settings::Key::LocalApiEnabled).toBool());
    QCOMPARE(p->findChild<QLabel *>(u"LocalApiStatus"_s)->text(), u"Stopped"_s);
    QVERIFY(!window->findChild<LocalApiIndicator *>(u"LocalApiIndicator"_s)->isVisible());
    QTRY_COMPARE(activity->client()->state(), EventStreamClient::State::Closed);
    QVERIFY(activity->statusText().contains(u"The local API is off"_s));
    QTcpSocket probe;
    probe.connectToHost(QHostAddress::LocalHost, port);
    QVERIFY(!probe.waitForConnected(5000));
    QCOMPARE(probe.error(), QAbstractSocket::ConnectionRefusedError);

    // On again (the same port): the panel follows the new server by itself and shows its requests.
    QTest::mouseClick(p->findChild<QCheckBox *>(u"LocalApiEnabled"_s), Qt::LeftButton);
    QVERIFY(window->localApi()->isRunning());
    QCOMPARE(window->localApi()->port(), port);
    QTRY_COMPARE(activity->client()->state(), EventStreamClient::State::Connected);
    std::unique_ptr<QNetworkReply> reply(post(port, key, shellRequest(u"fake/again"_s)));
    QTRY_VERIFY_WITH_TIMEOUT(reply->isFinished(), 60000);
    QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
    QTRY_COMPARE(activity->requests().size(), 1);
    QTRY_COMPARE(activity->requests().first()->statusText(), u"Completed"_s);
    QCOMPARE(activity->requests().first()->callViews().first()->commandViews().first()->outputText(),
             u"back\n"_s);
}

void TestApiActivity::startsAtAppStartWhenEnabled()
{
    const quint16 port = freePort();
    {
        Settings settings;
        settings.setValue(Settings::Key::LocalApiEnabled, true);
        settings.setValue(Settings::Key::LocalApiPort, int(port));
    }
    {
        const auto window = createWindow();
        QVERIFY(window);
        QVERIFY(window->localApi()->isRunning());
        QCOMPARE(window->localApi()->port(), port);
        auto *indicator = window->findChild<LocalApiIndicator *>(u"LocalApiIndicator"_s);
        QCOMPARE(indicator->text(), u"Local API: http://127.0.0.1:%1"_s.arg(port));
        QTRY_COMPARE(panel(window.get())->client()->state(), EventStreamClient::State::Connected);
    }
    // Taken at start: the window opens all the same and says why the API is not running.
    QTcpServer squatter;
    QVERIFY(squatter.listen(QHostAddress::LocalHost, port));
    const auto window = createWindow();
    QVERIFY(window);
    QVERIFY(!window->localApi()->isRunning());
    QVERIFY(window->localApi()->lastError().contains(u"already in use"_s));
    QCOMPARE(window->findChild<LocalApiIndicator *>(u"LocalApiIndicator"_s)->text(),
             u"Local API: not running"_s);
    QVERIFY(panel(window.get())->statusText().contains(u"already in use"_s));
}

void TestApiActivity::badKeysAreRefused()
{
    m_fake->setScriptForModel(
        u"outside"_s,
        {FakeStep::toolCall(u"shell"_s, QJsonObject{{u"commands"_s, QJsonArray{u"echo seen"_s}}}),
         FakeStep::answer(u"ok"_s)});
    const auto window = createWindow();
    QVERIFY(window);
    QString key;
    turnOn(window.get(), &key);
    if (QTest::currentTestFailed())
        return;
    const quint16 port = window->localApi()->port();
    ApiActivityPanel *activity = panel(window.get());

    std::unique_ptr<QNetworkReply> bad(post(port, u"sbk_not-a-key"_s, shellRequest(u"fake/outside"_s)));
    QTRY_VERIFY_WITH_TIMEOUT(bad->isFinished(), 30000);
    QCOMPARE(bad->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 401);
    QCOMPARE(m_fake->modelRequests().size(), 0);
    // The viewer's own key watches events only; it cannot send requests.
    std::unique_ptr<QNetworkReply> viewer(
        post(port, window->localApi()->viewerKey(), shellRequest(u"fake/outside"_s)));
    QTRY_VERIFY_WITH_TIMEOUT(viewer->isFinished(), 30000);
    QCOMPARE(viewer->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 401);

    // Watching "another server" (here the same one, as a terminal's `sandbench serve` would be): a wrong key
    // is refused and said so; the right key shows its requests.
    QVERIFY(!activity->watchServer(QUrl(u"not a url"_s), key));
    QVERIFY(messageText(activity->findChild<QWidget *>(u"ApiActivityMessage"_s))
                .contains(u"not a server address"_s));
    QVERIFY(activity->watchServer(window->localApi()->url(), u"sbk_wrong"_s));
    QTRY_COMPARE(activity->client()->state(), EventStreamClient::State::Refused);
    QVERIFY2(activity->statusText().contains(u"refused the key"_s), qPrintable(activity->statusText()));
    QVERIFY(activity->findChild<QWidget *>(u"ApiActivityServerUrl"_s)->isVisibleTo(activity));
    auto *serverKey = activity->findChild<QLineEdit *>(u"ApiActivityServerKey"_s);
    serverKey->setText(key);
    QTest::mouseClick(activity->findChild<QPushButton *>(u"ApiActivityConnect"_s), Qt::LeftButton);
    QTRY_COMPARE(activity->client()->state(), EventStreamClient::State::Connected);
    QVERIFY(activity->statusText().contains(u"workspace test"_s));
    std::unique_ptr<QNetworkReply> good(post(port, key, shellRequest(u"fake/outside"_s)));
    QTRY_VERIFY_WITH_TIMEOUT(good->isFinished(), 60000);
    QCOMPARE(good->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
    QTRY_COMPARE(activity->requests().size(), 1);
    QTRY_COMPARE(activity->requests().first()->statusText(), u"Completed"_s);

    // A revoked key stops working at once.
    LocalApiPage *p = page(window.get());
    auto *keys = p->findChild<QTreeWidget *>(u"LocalApiKeys"_s);
    QAbstractItemModelTester tester(keys->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(keys->topLevelItemCount(), 1);
    keys->setCurrentItem(keys->topLevelItem(0));
    QTest::mouseClick(p->findChild<QPushButton *>(u"LocalApiRevokeKey"_s), Qt::LeftButton);
    QMessageBox *confirm = nullptr;
    QTRY_VERIFY((confirm = p->findChild<QMessageBox *>(u"LocalApiRevokeConfirm"_s)));
    QTest::mouseClick(confirm->button(QMessageBox::Yes), Qt::LeftButton);
    QTRY_COMPARE(keys->topLevelItemCount(), 0);
    std::unique_ptr<QNetworkReply> revoked(post(port, key, shellRequest(u"fake/outside"_s)));
    QTRY_VERIFY_WITH_TIMEOUT(revoked->isFinished(), 30000);
    QCOMPARE(revoked->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 401);

    // Back to the app's own API.
    activity->watchLocalApi();
    QTRY_COMPARE(activity->client()->state(), EventStreamClient::State::Connected);
    QVERIFY(!activity->findChild<QWidget *>(u"ApiActivityServerUrl"_s)->isVisibleTo(activity));
}

void TestApiActivity::longContainerIdShownWhole()
{
    const QString longId = u"long-container-id-for-the-header-0123456"_s;
    QCOMPARE(longId.size(), 40);
    m_fake->setScriptForModel(
        u"long"_s, {FakeStep::toolCall(u"shell"_s, QJsonObject{{u"commands"_s, QJsonArray{u"pwd"_s}}}),
                    FakeStep::answer(u"ok"_s)});
    const auto window = createWindow();
    QVERIFY(window);
    QVERIFY(window->workspace()->containers()->findOrCreate(longId));
    QString key;
    turnOn(window.get(), &key);
    if (QTest::currentTestFailed())
        return;
    page(window.get())->window()->close();
    std::unique_ptr<QNetworkReply> reply(post(
        window->localApi()->port(), key,
        shellRequest(u"fake/long"_s, {{u"environment"_s, QJsonObject{{u"type"_s, u"container_reference"_s},
                                                                     {u"container_id"_s, longId}}}})));
    QTRY_VERIFY_WITH_TIMEOUT(reply->isFinished(), 60000);
    QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
    ApiActivityPanel *activity = panel(window.get());
    QTRY_COMPARE(activity->requests().size(), 1);
    QTRY_COMPARE(activity->requests().first()->statusText(), u"Completed"_s);
    ShellCallView *call = activity->requests().first()->callViews().first();
    QCOMPARE(call->containerId(), longId);
    auto *title = call->findChild<ElidedLabel *>(u"CallContainer"_s);
    QCOMPARE(title->toolTip(), u"Container %1"_s.arg(longId));
    QCOMPARE(title->text(), u"Container %1"_s.arg(longId));
    // Narrow panel: the middle is elided, both ends stay readable.
    auto *dock = window->findChild<QDockWidget *>(u"ApiActivityDock"_s);
    dock->setFloating(true);
    dock->resize(300, 500);
    QTRY_VERIFY(title->isElided());
    QVERIFY(title->displayedText().contains(u"…"_s));
    QVERIFY(title->displayedText().endsWith(longId.right(3)));
    QTest::mouseClick(call->findChild<QToolButton *>(u"CopyContainerId"_s), Qt::LeftButton);
    QCOMPARE(QGuiApplication::clipboard()->text(), longId);
}

void TestApiActivity::keepsOnlyRecentRequests()
{
    m_fake->setScriptForModel(u"chatty"_s, {FakeStep::answer(u"no tools needed"_s).repeated(-1)});
    const auto window = createWindow();
    QVERIFY(window);
    QString key;
    turnOn(window.get(), &key);
    if (QTest::currentTestFailed())
        return;
    ApiActivityPanel *activity = panel(window.get());
    activity->setMaxRequests(2);
    QStringList ids;
    for (int i = 0; i < 3; ++i) {
        std::unique_ptr<QNetworkReply> reply(
            post(window->localApi()->port(), key, shellRequest(u"fake/chatty"_s)));
        QTRY_VERIFY_WITH_TIMEOUT(reply->isFinished(), 30000);
        QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
        ids.append(QJsonDocument::fromJson(reply->readAll()).object().value(u"id"_s).toString());
        QTRY_VERIFY(activity->request(ids.last()) && activity->request(ids.last())->isFinished());
    }
    QCOMPARE(activity->requests().size(), 2);
    // Newest first; the oldest is gone.
    QCOMPARE(activity->requests().at(0)->requestId(), ids.at(2));
    QCOMPARE(activity->requests().at(1)->requestId(), ids.at(1));
    QVERIFY(!activity->request(ids.at(0)));
    ApiRequestView *newest = activity->requests().first();
    QVERIFY(!newest->findChild<QLabel *>(u"ApiRequestNoCalls"_s)->isHidden());
    QVERIFY(newest->usageText().contains(u"0 shell call"_s));
}

void TestApiActivity::elidedLabelKeepsWholeText()
{
    ElidedLabel label;
    label.setText(u"Container sess_0123456789abcdefghijklmnopqrstuvwxyz"_s);
    label.resize(label.fontMetrics().horizontalAdvance(label.text()) + 20, 20);
    QVERIFY(!label.isElided());
    label.resize(80, 20);
    QVERIFY(label.isElided());
    QCOMPARE(label.text(), u"Container sess_0123456789abcdefghijklmnopqrstuvwxyz"_s);
    QVERIFY(label.displayedText().startsWith(u"Co"_s));
    QVERIFY(label.displayedText().endsWith(u"z"_s));
}

void TestApiActivity::portChangeKeepsRunningServer()
{
    const auto window = createWindow();
    QVERIFY(window);
    LocalApiController *api = window->localApi();
    const quint16 first = freePort();
    QString error;
    QVERIFY2(api->start(first, &error), qPrintable(error));

    // A taken port: the API keeps running where it was, and the settings say so.
    QTcpServer squatter;
    QVERIFY(squatter.listen(QHostAddress::LocalHost, 0));
    QVERIFY(!api->setPort(squatter.serverPort(), &error));
    QVERIFY2(error.contains(u"already in use by another program"_s), qPrintable(error));
    QVERIFY(api->isRunning());
    QCOMPARE(api->port(), first);
    QCOMPARE(window->settings()->value(Settings::Key::LocalApiPort).toInt(), int(first));
    QTcpSocket probe;
    probe.connectToHost(QHostAddress::LocalHost, first);
    QVERIFY(probe.waitForConnected(5000));

    // A second window of this app on the same port is named as such, not as "another program".
    auto other = std::make_unique<MainWindow>(m_dataDir->path(), u"second"_s);
    other->show();
    QVERIFY(QTest::qWaitForWindowExposed(other.get()));
    QVERIFY(!other->localApi()->start(first, &error));
    QVERIFY2(error.contains(u"another Sandbench window"_s), qPrintable(error));
    QVERIFY2(error.contains(u"test"_s), qPrintable(error));
    QVERIFY(!other->localApi()->isRunning());
    QVERIFY(api->isRunning());
    other.reset();
}

void TestApiActivity::droppedStreamEndsRunning()
{
    ApiRequestView view(u"req_drop"_s, 100);
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    view.handleEvent({{u"type"_s, u"request.started"_s},
                      {u"request_id"_s, u"req_drop"_s},
                      {u"api"_s, u"responses"_s},
                      {u"model"_s, u"fake/m"_s},
                      {u"time_ms"_s, now}});
    QCOMPARE(view.statusText(), u"Running"_s);
    view.markDisconnected();
    QCOMPARE(view.statusText(), u"Disconnected"_s);
    QVERIFY(view.isDisconnected());
    QVERIFY(!view.isFinished());
    // Back after a reconnect: it runs, then ends as usual.
    view.handleEvent(
        {{u"type"_s, u"output.chunk"_s}, {u"request_id"_s, u"req_drop"_s}, {u"time_ms"_s, now + 10}});
    QCOMPARE(view.statusText(), u"Running"_s);
    view.handleEvent({{u"type"_s, u"request.finished"_s},
                      {u"request_id"_s, u"req_drop"_s},
                      {u"status"_s, u"completed"_s},
                      {u"http_status"_s, 200},
                      {u"time_ms"_s, now + 20}});
    QCOMPARE(view.statusText(), u"Completed"_s);
    view.markDisconnected();
    QCOMPARE(view.statusText(), u"Completed"_s);
}

// One loop serves both: a question in the window and the same request from another program reach the model
// with the same tools and show the same call, command by command.
void TestApiActivity::windowAndApiShowTheSameCall()
{
    const QList<FakeStep> script{
        FakeStep::toolCall(
            u"shell"_s,
            QJsonObject{{u"commands"_s, QJsonArray{u"echo same-1"_s, u"echo same-2 >&2; exit 4"_s}}}),
        FakeStep::answer(u"same answer"_s)};
    m_fake->setScriptForModel(u"same"_s, script + script);
    const auto window = createWindow();
    QVERIFY(window);
    QString key;
    turnOn(window.get(), &key);
    if (QTest::currentTestFailed())
        return;
    page(window.get())->window()->close();

    auto *picker = window->findChild<QComboBox *>(u"ModelPicker"_s);
    QTRY_VERIFY(picker->findData(u"fake/same"_s) >= 0);
    picker->setCurrentIndex(picker->findData(u"fake/same"_s));
    ChatWidget *chat = window->currentChat();
    chat->findChild<QPlainTextEdit *>(u"MessageInput"_s)->setPlainText(u"look around"_s);
    QTest::mouseClick(chat->findChild<QPushButton *>(u"SendButton"_s), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!chat->session()->isBusy() && !window->currentShellPanel()->views().isEmpty(),
                             60000);
    ShellCallView *inWindow = window->currentShellPanel()->views().constLast();
    QTRY_COMPARE_WITH_TIMEOUT(inWindow->statusText(), u"Completed"_s, 60000);
    const int windowRequests = int(m_fake->modelRequests().size());

    std::unique_ptr<QNetworkReply> reply(post(window->localApi()->port(), key, shellRequest(u"fake/same"_s)));
    QTRY_VERIFY_WITH_TIMEOUT(reply->isFinished(), 60000);
    QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
    ApiActivityPanel *activity = panel(window.get());
    QTRY_COMPARE_WITH_TIMEOUT(activity->requests().size(), 1, 30000);
    ApiRequestView *request = activity->requests().first();
    QTRY_COMPARE(request->statusText(), u"Completed"_s);
    QCOMPARE(request->callViews().size(), 1);
    ShellCallView *fromApi = request->callViews().first();

    QCOMPARE(fromApi->commandViews().size(), inWindow->commandViews().size());
    for (int i = 0; i < inWindow->commandViews().size(); ++i) {
        QCOMPARE(fromApi->commandViews()[i]->command(), inWindow->commandViews()[i]->command());
        QCOMPARE(fromApi->commandViews()[i]->outputText(), inWindow->commandViews()[i]->outputText());
        QCOMPARE(fromApi->commandViews()[i]->badgeText(), inWindow->commandViews()[i]->badgeText());
    }
    QCOMPARE(inWindow->commandViews()[1]->outputText(), u"same-2\n"_s);
    QCOMPARE(inWindow->commandViews()[1]->badgeText(), u"exit 4"_s);
    QCOMPARE(fromApi->statusText(), inWindow->statusText());

    // The model saw the same shell tool and the same tool result from both.
    const QList<RecordedRequest> sent = m_fake->modelRequests();
    QCOMPARE(int(sent.size()), 2 * windowRequests);
    const auto shellTool = [](const RecordedRequest &r) {
        for (const QJsonValue &t : r.json().value(u"tools"_s).toArray())
            if (t.toObject().value(u"name"_s).toString() == u"shell")
                return t.toObject();
        return QJsonObject();
    };
    QVERIFY(!shellTool(sent.at(0)).isEmpty());
    QCOMPARE(shellTool(sent.at(windowRequests)), shellTool(sent.at(0)));
    const auto lastResult = [](const RecordedRequest &r) {
        const QJsonArray input = r.json().value(u"input"_s).toArray();
        for (qsizetype i = input.size() - 1; i >= 0; --i)
            if (input.at(i).toObject().value(u"type"_s).toString() == u"function_call_output")
                return input.at(i).toObject().value(u"output"_s).toString();
        return QString();
    };
    QVERIFY(lastResult(sent.at(windowRequests - 1)).contains(u"same-1"_s));
    QCOMPARE(lastResult(sent.constLast()), lastResult(sent.at(windowRequests - 1)));
}

void TestApiActivity::fileUploadedThroughApiShowsInFilesAndHistory()
{
    // Issue 32: another program puts a file into the shown conversation's container through the API.
    const auto window = createWindow();
    QVERIFY(window);
    QString key;
    turnOn(window.get(), &key);
    if (QTest::currentTestFailed())
        return;
    page(window.get())->window()->close();
    Container *container = window->currentContainer();
    QVERIFY(container);
    QNetworkRequest request(QUrl(
        u"http://127.0.0.1:%1/api/v1/containers/%2/files?path=sales.csv"_s.arg(window->localApi()->port())
            .arg(container->id())));
    request.setRawHeader("Authorization", "Bearer " + key.toUtf8());
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("text/csv"));
    const QByteArray csv = "region,amount\nnorth,10\nsouth,20\n";
    std::unique_ptr<QNetworkReply> reply(m_nam.post(request, csv));
    QTRY_VERIFY_WITH_TIMEOUT(reply->isFinished(), 30000);
    QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
    QCOMPARE(QJsonDocument::fromJson(reply->readAll()).object().value(u"path"_s).toString(),
             u"/mnt/data/sales.csv"_s);

    // The live view names the file that came in.
    ApiActivityPanel *activity = panel(window.get());
    QTRY_COMPARE_WITH_TIMEOUT(activity->requests().size(), 1, 10000);
    ApiRequestView *view = activity->requests().first();
    QTRY_COMPARE(view->receivedFilesText().size(), 1);
    QVERIFY2(view->receivedFilesText().first().startsWith(u"File received: sales.csv ("_s),
             qPrintable(view->receivedFilesText().first()));
    QTRY_COMPARE(view->statusText(), u"Completed"_s);

    // The container's Files panel lists it, and its history has the upload as an entry of its own.
    auto *dock = window->findChild<QDockWidget *>(u"FilesDock"_s);
    QVERIFY(dock);
    dock->show();
    dock->raise();
    auto *files = dock->findChild<FilesPanel *>(u"FilesPanel"_s);
    QVERIFY(files);
    QCOMPARE(files->container(), container);
    files->refresh();
    QTRY_COMPARE_WITH_TIMEOUT(files->treeModel()->fileCount(), 1, 10000);
    QCOMPARE(files->treeModel()->index(0, FileTreeModel::NameColumn).data().toString(), u"sales.csv"_s);
    HistoryModel *history = files->historyView()->historyModel();
    QTRY_VERIFY_WITH_TIMEOUT(history->rowCount() >= 1, 10000);
    const QString entry = history->index(0, HistoryModel::CommandColumn).data().toString();
    QVERIFY2(entry.contains(u"sales.csv"_s), qPrintable(entry));
    QCOMPARE(history->index(0, 0).data(HistoryModel::KindRole).toInt(), int(EntryKind::Upload));
}

QTEST_MAIN(TestApiActivity)
#include "test_apiactivity.moc"
