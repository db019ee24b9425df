// SPDX-License-Identifier: GPL-3.0-or-later
// Sandbench as an MCP server inside the app (issue 30), driven through the real MainWindow: the local API's
// page shows ready-to-paste configurations for the agent hosts, and an official MCP client (the v1 SDK,
// tests/npm/mcp_live.mjs) runs a command through /mcp while the "Other programs" panel shows it live.
#include "base/settings.h"
#include "base/workspacesettings.h"
#include "config-sandbench-tests.h"
#include "localapi/apiactivitypanel.h"
#include "localapi/apirequestview.h"
#include "localapi/localapicontroller.h"
#include "localapi/localapipage.h"
#include "localapi/mcpconfigbox.h"
#include "sandbox/container.h"
#include "sandbox/containermanager.h"
#include "sandbox/history/containerregistry.h"
#include "server/apiserver.h"
#include "server/mcpsocketserver.h"
#include "shellcalls/shellcallview.h"
#include "window/mainwindow.h"
#include "workspace/workspace.h"

#include <QClipboard>
#include <QComboBox>
#include <QDialog>
#include <QDockWidget>
#include <QFile>
#include <QFrame>
#include <QGuiApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;

class TestMcpWindow final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void configurationsForEachHost();
    void mcpClientCallShowsLive_data();
    void mcpClientCallShowsLive();
    void mcpCallWaitsForTheWindowsAnswer();

private:
    // Starts tests/npm/mcp_live.mjs against the window's /mcp, or over stdio through a `sandbench mcp` it
    // starts on the window's data directory and workspace.
    bool startClient(QProcess *node, MainWindow *window, const QString &key, bool stdio = false);
    std::unique_ptr<MainWindow> createWindow(QTemporaryDir *dir);
    static quint16 freePort();
    LocalApiPage *openPage(MainWindow *window);
};

void TestMcpWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestMcpWindow::cleanup()
{
    Settings settings;
    settings.reset(Settings::Key::LocalApiEnabled);
    settings.reset(Settings::Key::LocalApiPort);
}

std::unique_ptr<MainWindow> TestMcpWindow::createWindow(QTemporaryDir *dir)
{
    auto window = std::make_unique<MainWindow>(dir->path(), u"test"_s);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        return nullptr;
    return window;
}

quint16 TestMcpWindow::freePort()
{
    QTcpServer probe;
    if (!probe.listen(QHostAddress::LocalHost, 0))
        return 0;
    const quint16 port = probe.serverPort();
    probe.close();
    return port;
}

LocalApiPage *TestMcpWindow::openPage(MainWindow *window)
{
    auto *activity = window->findChild<ApiActivityPanel *>(u"ApiActivityPanel"_s);
    if (!activity)
        return nullptr;
    QTest::mouseClick(activity->findChild<QPushButton *>(u"LocalApiSettingsButton"_s), Qt::LeftButton);
    LocalApiPage *page = nullptr;
    QTest::qWaitFor([&] {
        auto *dialog = window->findChild<QDialog *>(u"LocalApiDialog"_s);
        page = dialog ? dialog->findChild<LocalApiPage *>(u"LocalApiPage"_s) : nullptr;
        return page != nullptr;
    });
    return page;
}

void TestMcpWindow::configurationsForEachHost()
{
    QTemporaryDir dir;
    const auto window = createWindow(&dir);
    QVERIFY(window);
    QVERIFY(window->localApi()->start(freePort()));
    LocalApiPage *page = openPage(window.get());
    QVERIFY(page);
    auto *box = page->findChild<McpConfigBox *>(u"McpConfigBox"_s);
    QVERIFY(box);
    auto *host = box->findChild<QComboBox *>(u"McpConfigHost"_s);
    auto *transport = box->findChild<QComboBox *>(u"McpConfigTransport"_s);
    auto *text = box->findChild<QPlainTextEdit *>(u"McpConfigText"_s);
    QCOMPARE(host->count(), 5);
    // A key made on the page goes into the HTTP configurations.
    QTest::mouseClick(page->findChild<QPushButton *>(u"LocalApiCreateKey"_s), Qt::LeftButton);
    const QString key = page->exampleText().section(u"Bearer "_s, 1).section(u'"', 0, 0);
    QVERIFY(key.startsWith(u"sbk_"_s));
    const QString url = window->localApi()->url().toString() + u"/mcp"_s;
    for (int h = 0; h < host->count(); ++h) {
        host->setCurrentIndex(h);
        transport->setCurrentIndex(0);
        const QString stdio = text->toPlainText();
        QVERIFY2(stdio.contains(u"mcp"_s) && stdio.contains(dir.path()) && stdio.contains(u"test"_s),
                 qPrintable(stdio));
        QVERIFY(stdio.contains(McpConfigBox::program()));
        transport->setCurrentIndex(1);
        const QString http = text->toPlainText();
        if (h == int(McpConfigBox::Host::ClaudeDesktop)) {
            QCOMPARE(http, stdio); // Claude Desktop starts local servers itself
            continue;
        }
        QVERIFY2(http.contains(url) && http.contains(key), qPrintable(http));
        if (h == int(McpConfigBox::Host::Cursor) || h == int(McpConfigBox::Host::VsCode))
            QVERIFY(QJsonDocument::fromJson(http.section(u'\n', 1).toUtf8()).isObject());
    }
    host->setCurrentIndex(int(McpConfigBox::Host::ClaudeCode));
    transport->setCurrentIndex(0);
    QCOMPARE(text->toPlainText(), u"claude mcp add sandbench -- %1 mcp --data-dir %2 --workspace test"_s.arg(
                                      McpConfigBox::program(), dir.path()));
    QTest::mouseClick(box->findChild<QPushButton *>(u"McpConfigCopy"_s), Qt::LeftButton);
    QCOMPARE(QGuiApplication::clipboard()->text(), text->toPlainText());
    // Names with spaces or quotes are quoted for the shell.
    QCOMPARE(
        McpConfigBox::config(McpConfigBox::Host::ClaudeCode, McpConfigBox::Transport::Stdio,
                             u"/opt/my apps/sandbench"_s, u"/d/it's"_s, u"w"_s, {}, {}),
        u"claude mcp add sandbench -- '/opt/my apps/sandbench' mcp --data-dir '/d/it'\\''s' --workspace w"_s);
}

void TestMcpWindow::mcpClientCallShowsLive_data()
{
    QTest::addColumn<bool>("stdio");
    QTest::newRow("Streamable HTTP") << false;
    // The host starts `sandbench mcp` itself: it relays to the window's engine, so the call is the window's.
    QTest::newRow("stdio") << true;
}

void TestMcpWindow::mcpClientCallShowsLive()
{
    QFETCH(bool, stdio);
    if (!QFile::exists(
            QStringLiteral(SANDBENCH_NPM_DIR "/node_modules/@modelcontextprotocol/sdk/package.json")))
        QSKIP("tests/npm has no node_modules: run npm ci --prefix tests/npm");
    QTemporaryDir dir;
    const auto window = createWindow(&dir);
    QVERIFY(window);
    LocalApiController *api = window->localApi();
    QVERIFY(api->start(freePort()));
    QString error;
    const std::optional<QString> key = api->createKey(&error);
    QVERIFY2(key, qPrintable(error));
    auto *dock = window->findChild<QDockWidget *>(u"ApiActivityDock"_s);
    QVERIFY(dock);
    dock->hide();
    ApiActivityPanel *activity = window->findChild<ApiActivityPanel *>(u"ApiActivityPanel"_s);
    QVERIFY(activity);

    QProcess node;
    QVERIFY(startClient(&node, window.get(), *key, stdio));
    QByteArray out;
    const auto readNode = [&] { out += node.readAll(); };

    // The MCP client's call appears in "Other programs", named by its clientInfo, and brings the panel up.
    QTRY_COMPARE_WITH_TIMEOUT(activity->requests().size(), 1, 60000);
    QTRY_VERIFY(dock->isVisible());
    ApiRequestView *request = activity->requests().first();
    QCOMPARE(request->apiText(), u"MCP"_s);
    QCOMPARE(request->modelText(), u"live-client"_s);
    QTRY_COMPARE_WITH_TIMEOUT(request->callViews().size(), 1, 60000);
    ShellCallView *call = request->callViews().first();
    // Live: the first output shows in the window, and reaches the client as progress, while the command
    // still waits.
    QTRY_COMPARE_WITH_TIMEOUT(call->commandViews().value(0) ? call->commandViews()[0]->outputText()
                                                            : QString(),
                              u"live-1\n"_s, 60000);
    QCOMPARE(call->commandViews()[0]->badgeText(), u"running"_s);
    QTRY_VERIFY_WITH_TIMEOUT((readNode(), out.contains("PROGRESS \"live-1\\n\"")), 60000);
    QVERIFY(!out.contains("RESULT"));
    QCOMPARE(node.state(), QProcess::Running);

    Container *container = window->workspace()->containers()->find(call->containerId());
    QVERIFY(container);
    QFile go(container->homeDir() + u"/go"_s);
    QVERIFY(go.open(QIODevice::WriteOnly));
    go.close();

    QTRY_VERIFY_WITH_TIMEOUT(node.state() == QProcess::NotRunning, 60000);
    readNode();
    QCOMPARE(node.exitCode(), 0);
    QVERIFY2(out.contains("live-2"), out.constData());
    QVERIFY(out.contains(call->containerId().toUtf8()));
    QTRY_COMPARE(request->statusText(), u"Completed"_s);
    QTRY_COMPARE(call->commandViews()[0]->outputText(), u"live-1\nlive-2\n"_s);
    if (stdio) {
        // It said so on stderr, and nothing but protocol reached the client's stdout (the SDK would have
        // failed on anything else).
        const QByteArray said =
            "STDERR sandbench mcp: relaying to the engine that serves workspace test (pid " +
            QByteArray::number(QCoreApplication::applicationPid()) + ")";
        QVERIFY2(out.contains(said), out.constData());
        QVERIFY(!out.contains("in this process"));
        // The relay's session has ended with it.
        QTRY_COMPARE(window->localApi()->server()->mcpSockets()->connectionCount(), 0);
    }
}

bool TestMcpWindow::startClient(QProcess *node, MainWindow *window, const QString &key, bool stdio)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    if (stdio) {
        env.insert(u"SANDBENCH_BIN"_s, QStringLiteral(SANDBENCH_BIN_DIR "/sandbench"));
        env.insert(u"SANDBENCH_ARGS"_s,
                   QString::fromUtf8(
                       QJsonDocument(QJsonArray{u"mcp"_s, u"--data-dir"_s, window->localApi()->dataDir(),
                                                u"--workspace"_s, window->localApi()->workspace()})
                           .toJson(QJsonDocument::Compact)));
    } else {
        env.insert(u"SANDBENCH_URL"_s, window->localApi()->url().toString() + u"/mcp"_s);
        env.insert(u"SANDBENCH_KEY"_s, key);
    }
    node->setProcessEnvironment(env);
    node->setWorkingDirectory(QStringLiteral(SANDBENCH_NPM_DIR));
    node->setProcessChannelMode(QProcess::MergedChannels);
    node->start(u"node"_s, {u"mcp_live.mjs"_s});
    return node->waitForStarted();
}

void TestMcpWindow::mcpCallWaitsForTheWindowsAnswer()
{
    if (!QFile::exists(
            QStringLiteral(SANDBENCH_NPM_DIR "/node_modules/@modelcontextprotocol/sdk/package.json")))
        QSKIP("tests/npm has no node_modules: run npm ci --prefix tests/npm");
    // The workspace asks before each call, and the client cannot be asked (no elicitation): the window is.
    QTemporaryDir dir;
    {
        WorkspaceSettings settings(ContainerRegistry(dir.path()).workspaceDir(u"test"_s));
        settings.setApprovalPolicy(ApprovalPolicy{ApprovalMode::Ask, {}, 300});
        QString error;
        QVERIFY2(settings.save(&error), qPrintable(error));
    }
    const auto window = createWindow(&dir);
    QVERIFY(window);
    QVERIFY(window->localApi()->start(freePort()));
    QString error;
    const std::optional<QString> key = window->localApi()->createKey(&error);
    QVERIFY2(key, qPrintable(error));
    auto *prompt = window->findChild<QFrame *>(u"ApprovalPrompt"_s);
    QVERIFY(prompt);
    QProcess node;
    QVERIFY(startClient(&node, window.get(), *key));
    QTRY_VERIFY_WITH_TIMEOUT(prompt->isVisible(), 60000);
    QVERIFY(
        prompt->findChild<QPlainTextEdit *>(u"ApprovalCommands"_s)->toPlainText().contains(u"echo live-1"_s));
    QTest::keyClicks(prompt->findChild<QLineEdit *>(u"ApprovalNote"_s), u"not from an agent host"_s);
    QTest::mouseClick(prompt->findChild<QPushButton *>(u"ApprovalDeny"_s), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(node.state() == QProcess::NotRunning, 60000);
    const QByteArray out = node.readAll();
    QCOMPARE(node.exitCode(), 1);
    QVERIFY2(out.contains("ERROR") && out.contains("not from an agent host"), out.constData());
    QVERIFY(!out.contains("live-1\\n"));
}

QTEST_MAIN(TestMcpWindow)
#include "test_mcpwindow.moc"
