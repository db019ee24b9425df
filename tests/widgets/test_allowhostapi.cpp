// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 17, network allow at run time for other programs' requests: a host refused to a request sent to the
// window's own local API shows in the "Other programs" panel as "Refused: HOST" with "Allow HOST"; clicking
// it widens that container's policy through ContainerManager::allowHost and the view says so. Watching
// another `sandbench serve`, the panel asks that server (POST …/network/allow with the watched key) instead.
#include "base/settings.h"
#include "clirun.h"
#include "common/elidedlabel.h"
#include "common/inlinemessage.h"
#include "fakeupstream.h"
#include "localapi/apiactivitypanel.h"
#include "localapi/apirequestview.h"
#include "localapi/localapicontroller.h"
#include "sandbox/container.h"
#include "sandbox/containermanager.h"
#include "sandbox/history/containerregistry.h"
#include "sandbox/sandboxtestutil.h"
#include "server/eventstreamclient.h"
#include "shellcalls/shellcallview.h"
#include "window/mainwindow.h"
#include "workspace/workspace.h"

#include <QDockWidget>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;

class TestAllowHostApi final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void refusedHostOfAnApiRequestCanBeAllowed();
    void anotherServersRefusalIsAllowedThere();
    void refusalsWithoutAllowGetNoButton();

private:
    // A Responses request with the shell tool under an allowlist of pypi.org, to the server at base.
    std::unique_ptr<QNetworkReply> postFetch(const QString &base, const QString &key);

    QTemporaryDir m_dataDir;
    FakeUpstream m_fake;
    QNetworkAccessManager m_nam;
};

void TestAllowHostApi::initTestCase()
{
    SANDBOX_REQUIRE_INIT();
    QStandardPaths::setTestModeEnabled(true);
    Settings settings;
    for (Settings::Key key :
         {Settings::Key::WindowState, Settings::Key::WindowGeometry, Settings::Key::LastModel,
          Settings::Key::LocalApiEnabled, Settings::Key::LocalApiPort})
        settings.reset(key);
    QVERIFY(m_dataDir.isValid());
    QVERIFY(m_fake.listen());
    QString error;
    QVERIFY2(m_fake.addAsProvider(m_dataDir.path(), u"test"_s, u"responses"_s, u"fake"_s, &error),
             qPrintable(error));
}

void TestAllowHostApi::cleanupTestCase()
{
    Settings settings;
    settings.reset(Settings::Key::LocalApiEnabled);
    settings.reset(Settings::Key::LocalApiPort);
}

std::unique_ptr<QNetworkReply> TestAllowHostApi::postFetch(const QString &base, const QString &key)
{
    const QJsonObject body{
        {u"model"_s, u"fake/m"_s},
        {u"input"_s, u"fetch"_s},
        {u"tools"_s, QJsonArray{QJsonObject{
                         {u"type"_s, u"openrouter:shell"_s},
                         {u"parameters"_s,
                          QJsonObject{{u"network_policy"_s,
                                       QJsonObject{{u"type"_s, u"allowlist"_s},
                                                   {u"allowed_domains"_s, QJsonArray{u"pypi.org"_s}}}}}}}}}};
    QNetworkRequest request(QUrl(base + u"/api/v1/responses"_s));
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader("Authorization", "Bearer " + key.toUtf8());
    return std::unique_ptr<QNetworkReply>(m_nam.post(request, QJsonDocument(body).toJson()));
}

void TestAllowHostApi::refusedHostOfAnApiRequestCanBeAllowed()
{
    // A name outside the request's allowlist is refused before any lookup (no outside network needed);
    // pypi.org on port 8080 is refused too, but allowing pypi.org again would not help: no button for it.
    m_fake.setScript(
        {FakeStep::toolCall(
             u"shell"_s,
             QJsonObject{{u"commands"_s,
                          QJsonArray{u"echo kept > kept.txt"_s,
                                     u"curl -s -o /dev/null --max-time 20 https://blocked.sandbench.test/"_s,
                                     u"curl -s -o /dev/null --max-time 20 http://pypi.org:8080/"_s}}}),
         FakeStep::answer(u"It was refused."_s)});
    auto window = std::make_unique<MainWindow>(m_dataDir.path(), u"test"_s);
    window->resize(1400, 900);
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QTcpServer probe;
    QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
    const quint16 port = probe.serverPort();
    probe.close();
    QString error;
    LocalApiController *api = window->localApi();
    QVERIFY2(api->start(port, &error), qPrintable(error));
    const std::optional<QString> key = api->createKey(&error);
    QVERIFY2(key, qPrintable(error));
    auto *activity = window->findChild<ApiActivityPanel *>(u"ApiActivityPanel"_s);
    QVERIFY(activity);
    QTRY_COMPARE_WITH_TIMEOUT(activity->client()->state(), EventStreamClient::State::Connected, 30000);

    std::unique_ptr<QNetworkReply> reply = postFetch(u"http://127.0.0.1:%1"_s.arg(port), *key);
    QTRY_VERIFY_WITH_TIMEOUT(reply->isFinished(), 90000);
    QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);

    QTRY_COMPARE(activity->requests().size(), 1);
    ApiRequestView *requestView = activity->requests().constFirst();
    QTRY_COMPARE(requestView->callViews().size(), 1);
    ShellCallView *view = requestView->callViews().constFirst();
    QTRY_COMPARE(view->refusedHosts(), QStringList({u"blocked.sandbench.test"_s, u"pypi.org"_s}));
    const QList<ElidedLabel *> rows = view->findChildren<ElidedLabel *>(u"RefusedHost"_s);
    QCOMPARE(rows.size(), 2);
    QCOMPARE(rows.constFirst()->text(), u"Refused: blocked.sandbench.test"_s);
    const QList<QPushButton *> buttons = view->findChildren<QPushButton *>(u"AllowHostButton"_s);
    QCOMPARE(buttons.size(), 1);
    QPushButton *allow = buttons.constFirst();
    QCOMPARE(allow->accessibleName(), u"Allow blocked.sandbench.test"_s);
    auto *dock = window->findChild<QDockWidget *>(u"ApiActivityDock"_s);
    QTRY_VERIFY(dock->isVisible());
    QVERIFY(allow->isVisible());

    Container *container = window->workspace()->containers()->find(view->containerId());
    QVERIFY(container);
    QCOMPARE(container->networkPolicy().entries(), QStringList{u"pypi.org"_s});
    QTest::mouseClick(allow, Qt::LeftButton);
    QTRY_VERIFY(!view->networkMessage().isEmpty());
    QVERIFY2(view->networkMessage().contains(u"Allowed blocked.sandbench.test"_s),
             qPrintable(view->networkMessage()));
    QVERIFY(view->networkMessage().contains(u"blocked.sandbench.test, pypi.org"_s));
    QVERIFY(!allow->isEnabled());
    QCOMPARE(container->nextNetworkPolicy().entries(),
             QStringList({u"blocked.sandbench.test"_s, u"pypi.org"_s}));
    const std::optional<ContainerMeta> meta =
        ContainerRegistry(m_dataDir.path()).load(u"test"_s, container->id(), &error);
    QVERIFY2(meta, qPrintable(error));
    QCOMPARE(NetworkPolicy::fromSaved(meta->policy).entries(),
             QStringList({u"blocked.sandbench.test"_s, u"pypi.org"_s}));
    // The container's files survived the restart with the new policy.
    ShellCall *check = container->run(shellAction({u"cat kept.txt"_s}));
    QVERIFY(waitForCall(check));
    QCOMPARE(check->results().constFirst().stdoutText, u"kept\n"_s);
    QCOMPARE(container->networkPolicy().entries(), QStringList({u"blocked.sandbench.test"_s, u"pypi.org"_s}));

    const QString shot = qEnvironmentVariable("SANDBENCH_TEST_SCREENSHOTS");
    if (!shot.isEmpty()) {
        window->resizeDocks({dock}, {560}, Qt::Horizontal);
        QTest::qWait(50);
        window->grab().save(shot + u"/api-allow.png"_s);
        dock->grab().save(shot + u"/api-allow-panel.png"_s);
    }
    // Clicking Allow again for a host already allowed (a second view's button) says so inline.
    Q_EMIT activity->allowHostRequested(view, container->id(), u"blocked.sandbench.test"_s);
    QVERIFY2(view->networkMessage().contains(u"already allowed"_s), qPrintable(view->networkMessage()));

    api->stop();
}

void TestAllowHostApi::anotherServersRefusalIsAllowedThere()
{
    // A real `sandbench serve` on a data directory of its own, watched from the window's panel with a key of
    // that server's workspace: Allow widens the policy of the server's container, not of any of the window's.
    QTemporaryDir serveDir;
    QVERIFY(serveDir.isValid());
    QCOMPARE(runSandbench(serveDir.path(), {u"providers"_s, u"add"_s, u"fake"_s, u"--api"_s, u"responses"_s,
                                            u"--base-url"_s, m_fake.baseUrl().toString(), u"--default"_s}),
             0);
    QByteArray out;
    QCOMPARE(runSandbench(serveDir.path(), {u"keys"_s, u"create"_s}, &out), 0);
    const QString key = QString::fromUtf8(out.trimmed());
    QProcess serve;
    serve.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    serve.start(QStringLiteral(SANDBENCH_BIN_DIR "/sandbench"),
                {u"serve"_s, u"--port"_s, u"0"_s, u"--data-dir"_s, serveDir.path()});
    QVERIFY(serve.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(serve.canReadLine(), 30000);
    const QRegularExpressionMatch m =
        QRegularExpression(u":(\\d+)/api/v1"_s).match(QString::fromUtf8(serve.readLine()));
    QVERIFY(m.hasMatch());
    const quint16 port = quint16(m.captured(1).toUInt());
    const QString base = u"http://127.0.0.1:%1"_s.arg(port);

    auto window = std::make_unique<MainWindow>(m_dataDir.path(), u"test"_s);
    window->resize(1400, 900);
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    auto *activity = window->findChild<ApiActivityPanel *>(u"ApiActivityPanel"_s);
    QVERIFY(activity);
    QVERIFY(activity->watchServer(QUrl(base), key));
    QTRY_COMPARE_WITH_TIMEOUT(activity->client()->state(), EventStreamClient::State::Connected, 30000);

    m_fake.setScript(
        {FakeStep::toolCall(
             u"shell"_s,
             QJsonObject{
                 {u"commands"_s,
                  QJsonArray{u"curl -s -o /dev/null --max-time 20 https://elsewhere.sandbench.test/"_s}}}),
         FakeStep::answer(u"It was refused."_s)});
    std::unique_ptr<QNetworkReply> reply = postFetch(base, key);
    QTRY_VERIFY_WITH_TIMEOUT(reply->isFinished(), 90000);
    QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);

    QTRY_COMPARE(activity->requests().size(), 1);
    ApiRequestView *requestView = activity->requests().constFirst();
    QTRY_COMPARE(requestView->callViews().size(), 1);
    ShellCallView *view = requestView->callViews().constFirst();
    QTRY_COMPARE(view->refusedHosts(), QStringList{u"elsewhere.sandbench.test"_s});
    const QList<QPushButton *> buttons = view->findChildren<QPushButton *>(u"AllowHostButton"_s);
    QCOMPARE(buttons.size(), 1);
    // The window's workspace has no such container: the server's answer is what the view shows.
    QVERIFY(!window->workspace()->containers()->find(view->containerId()));
    QTest::mouseClick(buttons.constFirst(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(view->networkMessage().contains(u"Allowed elsewhere.sandbench.test"_s), 30000);
    QVERIFY2(view->networkMessage().contains(u"elsewhere.sandbench.test, pypi.org"_s),
             qPrintable(view->networkMessage()));

    // The server saved it: its own network endpoint lists the new host.
    QNetworkRequest get(QUrl(base + u"/api/v1/containers/%1/network"_s.arg(view->containerId())));
    get.setRawHeader("Authorization", "Bearer " + key.toUtf8());
    std::unique_ptr<QNetworkReply> policy(m_nam.get(get));
    QTRY_VERIFY_WITH_TIMEOUT(policy->isFinished(), 30000);
    const QJsonObject answer = QJsonDocument::fromJson(policy->readAll()).object();
    QCOMPARE(answer.value(u"network_policy"_s).toObject().value(u"allowed_domains"_s).toArray(),
             QJsonArray({u"elsewhere.sandbench.test"_s, u"pypi.org"_s}));

    // A host the server will not take: its own reason shows inline.
    Q_EMIT requestView->allowHostRequested(view, view->containerId(), u"not a host!"_s);
    QTRY_VERIFY_WITH_TIMEOUT(view->networkMessage().startsWith(u"not a host! was not allowed: "_s), 30000);
    QVERIFY2(view->networkMessage().contains(u"cannot allow"_s), qPrintable(view->networkMessage()));
    // The server gone: the view says the request failed, and nothing else changes.
    serve.terminate();
    QVERIFY(serve.waitForFinished(30000));
    Q_EMIT requestView->allowHostRequested(view, view->containerId(), u"third.sandbench.test"_s);
    QTRY_VERIFY_WITH_TIMEOUT(view->networkMessage().startsWith(u"third.sandbench.test was not allowed: "_s),
                             30000);
    // The allowed host's button stays off after the error; a host not allowed yet could be tried again.
    QVERIFY(!buttons.constFirst()->isEnabled());
}

void TestAllowHostApi::refusalsWithoutAllowGetNoButton()
{
    // A view that cannot allow hosts shows the refusal and no button; an event for an unknown call lands
    // under the request's call in that container.
    ApiRequestView view(u"req_1"_s, 100);
    view.handleEvent({{u"type"_s, u"request.started"_s}, {u"api"_s, u"responses"_s}, {u"time_ms"_s, 1}});
    view.handleEvent({{u"type"_s, u"shell_call.started"_s},
                      {u"call_id"_s, u"call_1"_s},
                      {u"container_id"_s, u"sess_a"_s},
                      {u"action"_s, QJsonObject{{u"commands"_s, QJsonArray{u"curl x"_s}}}}});
    QCOMPARE(view.callViews().size(), 1);
    view.handleEvent({{u"type"_s, u"egress.refused"_s},
                      {u"container_id"_s, u"sess_a"_s},
                      {u"host"_s, u"x.example.com"_s},
                      {u"allowable"_s, true},
                      {u"call_id"_s, QJsonValue::Null}});
    ShellCallView *call = view.callViews().constFirst();
    QCOMPARE(call->refusedHosts(), QStringList{u"x.example.com"_s});
    QVERIFY(call->findChildren<QPushButton *>(u"AllowHostButton"_s).isEmpty());
    // Another container's refusal is not this call's.
    view.handleEvent({{u"type"_s, u"egress.refused"_s},
                      {u"container_id"_s, u"sess_b"_s},
                      {u"host"_s, u"y.example.com"_s},
                      {u"allowable"_s, true}});
    QCOMPARE(call->refusedHosts(), QStringList{u"x.example.com"_s});
    // The app's own API: allowable hosts get the button, the others not.
    view.setCanAllowHosts(true);
    view.handleEvent({{u"type"_s, u"egress.refused"_s},
                      {u"container_id"_s, u"sess_a"_s},
                      {u"call_id"_s, u"call_1"_s},
                      {u"host"_s, u"z.example.com"_s},
                      {u"allowable"_s, true}});
    view.handleEvent({{u"type"_s, u"egress.refused"_s},
                      {u"container_id"_s, u"sess_a"_s},
                      {u"call_id"_s, u"call_1"_s},
                      {u"host"_s, u"10.0.0.1"_s},
                      {u"allowable"_s, false}});
    QCOMPARE(call->refusedHosts(), QStringList({u"x.example.com"_s, u"z.example.com"_s, u"10.0.0.1"_s}));
    const QList<QPushButton *> buttons = call->findChildren<QPushButton *>(u"AllowHostButton"_s);
    QCOMPARE(buttons.size(), 1);
    QCOMPARE(buttons.constFirst()->property("host").toString(), u"z.example.com"_s);
    QList<QStringList> asked;
    connect(&view, &ApiRequestView::allowHostRequested, this,
            [&asked, call](ShellCallView *from, const QString &containerId, const QString &host) {
                QCOMPARE(from, call);
                asked.append({containerId, host});
            });
    QTest::mouseClick(buttons.constFirst(), Qt::LeftButton);
    QCOMPARE(asked, QList<QStringList>{QStringList({u"sess_a"_s, u"z.example.com"_s})});
    QVERIFY(!buttons.constFirst()->isEnabled());
    // The Allow failed: the button can be clicked again; once it went through it stays off.
    call->showNetworkMessage(u"z.example.com was not allowed: Connection refused"_s,
                             InlineMessage::Type::Error);
    QVERIFY(buttons.constFirst()->isEnabled());
    QTest::mouseClick(buttons.constFirst(), Qt::LeftButton);
    QCOMPARE(asked.size(), 2);
    call->showHostAllowed(u"z.example.com"_s, {u"z.example.com"_s}, false, u"next_start"_s);
    QVERIFY(call->networkMessage().startsWith(u"Allowed z.example.com. The container starts"_s));
    call->showNetworkMessage(u"another failure"_s, InlineMessage::Type::Error);
    QVERIFY(!buttons.constFirst()->isEnabled());
}

QTEST_MAIN(TestAllowHostApi)
#include "test_allowhostapi.moc"
