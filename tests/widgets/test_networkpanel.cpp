// SPDX-License-Identifier: GPL-3.0-or-later
// The Network panel in the real MainWindow: entries checked by the engine's rules as they are typed, presets,
// the "*" warning, the 50-entry limit, the workspace default reaching new conversations' containers only,
// and a refused connection of a real container in the live view.
#include "base/settings.h"
#include "common/inlinemessage.h"
#include "network/networkpolicyeditor.h"
#include "network/networkpolicyeditorconnections.h"
#include "sandbox/container.h"
#include "sandbox/containermanager.h"
#include "sandbox/net/workspacepolicy.h"
#include "sandbox/sandboxtestutil.h"
#include "settings/translatorloader.h"
#include "window/mainwindow.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPointer>
#include <QPushButton>
#include <QRadioButton>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include <memory>

using namespace Qt::StringLiterals;

namespace {
// With SANDBENCH_SCREENSHOTS set, saves what the widget shows once pending layouts ran.
void screenshot(QWidget *widget, const QString &path)
{
    if (!qEnvironmentVariableIsSet("SANDBENCH_SCREENSHOTS"))
        return;
    QTest::qWait(200);
    widget->grab().save(path);
}
} // namespace

class TestNetworkPanel final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void invalidEntriesShowTheEnginesMessage_data();
    void invalidEntriesShowTheEnginesMessage();
    void wildcardWarns();
    void presetsAddTheirHosts();
    void fiftyEntriesAtMost();
    void workspaceDefaultReachesNewContainersOnly();
    void liveViewShowsRefusedConnection();
    void damagedWorkspaceFileMeansNoNetwork();
    void messagesFollowTheLanguage();

private:
    std::unique_ptr<MainWindow> createWindow();
    NetworkPolicyEditor *showPanel(MainWindow *window);
    void type(NetworkPolicyEditor *editor, const QString &text);
    static QString workspaceDir(const QString &dataDir);

    std::unique_ptr<QTemporaryDir> m_dataDir;
};

void TestNetworkPanel::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestNetworkPanel::init()
{
    Settings().reset(Settings::Key::WindowState);
    Settings().reset(Settings::Key::WindowGeometry);
    m_dataDir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dataDir->isValid());
}

void TestNetworkPanel::cleanup()
{
    m_dataDir.reset();
}

QString TestNetworkPanel::workspaceDir(const QString &dataDir)
{
    return SandboxSettings::forDataDir(dataDir, u"test"_s).workspaceDir();
}

std::unique_ptr<MainWindow> TestNetworkPanel::createWindow()
{
    auto window = std::make_unique<MainWindow>(m_dataDir->path(), u"test"_s);
    window->resize(1200, 860);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        return nullptr;
    return window;
}

NetworkPolicyEditor *TestNetworkPanel::showPanel(MainWindow *window)
{
    auto *dock = window->findChild<QDockWidget *>(u"NetworkDock"_s);
    if (!dock)
        return nullptr;
    dock->show();
    dock->raise();
    return window->findChild<NetworkPolicyEditor *>(u"NetworkPolicyEditor"_s);
}

void TestNetworkPanel::type(NetworkPolicyEditor *editor, const QString &text)
{
    auto *field = editor->findChild<QLineEdit *>(u"NetworkPolicyNewEntry"_s);
    field->clear();
    QTest::keyClicks(field, text);
}

void TestNetworkPanel::invalidEntriesShowTheEnginesMessage_data()
{
    QTest::addColumn<QString>("entry");
    QTest::newRow("scheme") << u"https://pypi.org"_s;
    QTest::newRow("path") << u"pypi.org/simple"_s;
    QTest::newRow("port") << u"pypi.org:8080"_s;
    QTest::newRow("inner star") << u"py*.org"_s;
    QTest::newRow("bad label") << u"-pypi.org"_s;
}

void TestNetworkPanel::invalidEntriesShowTheEnginesMessage()
{
    QFETCH(QString, entry);
    const auto window = createWindow();
    QVERIFY(window);
    NetworkPolicyEditor *editor = showPanel(window.get());
    QVERIFY(editor);
    QCOMPARE(editor->scope(), NetworkPolicyEditor::Scope::Workspace);
    QVERIFY(editor->findChild<QRadioButton *>(u"NetworkModeOff"_s)->isChecked());

    // The engine's rules, in the user's words (the API's English names its field instead).
    const QString expected = NetworkPolicy::entryProblem(entry);
    QVERIFY2(expected.startsWith(u'"' + entry + u"\" is not valid: "_s), qPrintable(expected));
    QString apiError;
    QVERIFY(!NetworkPolicy::validateEntry(entry, &apiError));
    QVERIFY(apiError.contains(expected.section(u": "_s, 1).section(u". Use"_s, 0, 0)));
    type(editor, entry);
    auto *error = editor->findChild<QLabel *>(u"NetworkPolicyNewEntryError"_s);
    QVERIFY(error->isVisible());
    QCOMPARE(error->text(), expected);
    QVERIFY(!editor->findChild<QPushButton *>(u"NetworkPolicyAddButton"_s)->isEnabled());
    QTest::keyClick(editor->findChild<QLineEdit *>(u"NetworkPolicyNewEntry"_s), Qt::Key_Return);
    QVERIFY(editor->entries().isEmpty());

    // Editing a listed entry into something invalid shows the message beside it and blocks saving.
    type(editor, u"pypi.org"_s);
    QVERIFY(!error->isVisible());
    QTest::keyClick(editor->findChild<QLineEdit *>(u"NetworkPolicyNewEntry"_s), Qt::Key_Return);
    QCOMPARE(editor->entries(), QStringList{u"pypi.org"_s});
    auto *save = editor->findChild<QPushButton *>(u"NetworkPolicySaveButton"_s);
    QVERIFY(save->isEnabled());
    auto *rowEdit = editor->findChild<QLineEdit *>(u"NetworkPolicyEntryEdit"_s);
    rowEdit->selectAll();
    QTest::keyClicks(rowEdit, entry);
    auto *rowError = editor->findChild<QLabel *>(u"NetworkPolicyEntryError"_s);
    QTRY_VERIFY(rowError->isVisible());
    QCOMPARE(rowError->text(), expected);
    QVERIFY(!save->isEnabled());
    QVERIFY(!editor->save());
    QVERIFY(!QFileInfo::exists(WorkspacePolicy(workspaceDir(m_dataDir->path())).filePath()));
}

void TestNetworkPanel::wildcardWarns()
{
    const auto window = createWindow();
    QVERIFY(window);
    NetworkPolicyEditor *editor = showPanel(window.get());
    QVERIFY(editor);
    auto *warning = editor->findChild<InlineMessage *>(u"NetworkPolicyWildcardWarning"_s);
    QVERIFY(!warning->isVisible());
    type(editor, u"*"_s);
    QVERIFY(warning->isVisible());
    QCOMPARE(warning->type(), InlineMessage::Type::Warning);
    QVERIFY(warning->text().contains(u"unrestricted"_s));
    QVERIFY(editor->addEntry(u"*"_s));
    QVERIFY(warning->isVisible());

    // "*" next to other entries is refused by the engine, and the form says why.
    QVERIFY(editor->addEntry(u"example.com"_s));
    auto *formError = editor->findChild<InlineMessage *>(u"NetworkPolicyFormError"_s);
    QVERIFY(!NetworkPolicy::fromEntries({u"*"_s, u"example.com"_s}));
    QVERIFY(formError->isVisible());
    QVERIFY2(formError->text().contains(u"must be the only entry"_s), qPrintable(formError->text()));
    QVERIFY(!editor->findChild<QPushButton *>(u"NetworkPolicySaveButton"_s)->isEnabled());
    screenshot(editor, u"/tmp/docsnet-network-wildcard.png"_s);

    // Alone it saves as unrestricted egress.
    editor->findChildren<QToolButton *>(u"NetworkPolicyEntryRemove"_s).last()->click();
    QTRY_COMPARE(editor->entries(), QStringList{u"*"_s});
    QVERIFY(!formError->isVisible());
    QVERIFY(editor->save());
    QVERIFY(editor->workspacePolicy().isUnrestricted());
    QVERIFY(warning->isVisible());
}

void TestNetworkPanel::presetsAddTheirHosts()
{
    const auto window = createWindow();
    QVERIFY(window);
    NetworkPolicyEditor *editor = showPanel(window.get());
    QVERIFY(editor);
    auto *python = editor->findChild<QAction *>(u"NetworkPreset_python"_s);
    QVERIFY(python);
    python->trigger();
    QCOMPARE(editor->entries(), (QStringList{u"pypi.org"_s, u"files.pythonhosted.org"_s}));
    QVERIFY(editor->findChild<QRadioButton *>(u"NetworkModeAllowlist"_s)->isChecked());
    editor->findChild<QAction *>(u"NetworkPreset_npm"_s)->trigger();
    QVERIFY(editor->entries().contains(u"registry.npmjs.org"_s));
    // Again: nothing is doubled.
    python->trigger();
    QCOMPARE(editor->entries().size(), 3);
    QVERIFY(editor->findChild<InlineMessage *>(u"NetworkPolicyMessage"_s)->text().contains(u"already"_s));
    // A host that a preset also has counts once, in any spelling the engine treats as the same.
    QVERIFY(!editor->addEntry(u"PyPI.org."_s));
    QCOMPARE(editor->entries().size(), 3);
    // Every preset is valid by the engine's rules.
    for (const NetworkPolicyEditor::Preset &preset : NetworkPolicyEditor::presets())
        QVERIFY2(NetworkPolicy::fromEntries(preset.hosts).has_value(), qPrintable(preset.id));
    QCOMPARE(editor->findChild<QLabel *>(u"NetworkPolicyCount"_s)->text(), u"3 of 50 entries"_s);
    if (qEnvironmentVariableIsSet("SANDBENCH_SCREENSHOTS")) {
        editor->findChild<QLineEdit *>(u"NetworkPolicyNewEntry"_s)->setText(u"https://example.com/"_s);
        QTest::qWait(200);
        window->grab().save(u"/tmp/docsnet-network.png"_s);
        editor->grab().save(u"/tmp/docsnet-network-panel.png"_s);
    }
}

void TestNetworkPanel::fiftyEntriesAtMost()
{
    const auto window = createWindow();
    QVERIFY(window);
    NetworkPolicyEditor *editor = showPanel(window.get());
    QVERIFY(editor);
    auto *field = editor->findChild<QLineEdit *>(u"NetworkPolicyNewEntry"_s);
    auto *add = editor->findChild<QPushButton *>(u"NetworkPolicyAddButton"_s);
    for (int i = 0; i < NetworkPolicy::MaxEntries; ++i) {
        field->setText(u"host%1.example.com"_s.arg(i));
        QTest::mouseClick(add, Qt::LeftButton);
    }
    QCOMPARE(editor->entries().size(), 50);
    QCOMPARE(editor->findChild<QLabel *>(u"NetworkPolicyCount"_s)->text(), u"50 of 50 entries"_s);

    field->setText(u"one-too-many.example.com"_s);
    QTest::mouseClick(add, Qt::LeftButton);
    QCOMPARE(editor->entries().size(), 50);
    QStringList fiftyOne = editor->entries();
    fiftyOne.append(u"one-too-many.example.com"_s);
    QVERIFY(!NetworkPolicy::fromEntries(fiftyOne)); // the engine's limit
    auto *error = editor->findChild<QLabel *>(u"NetworkPolicyNewEntryError"_s);
    QVERIFY(error->isVisible());
    QCOMPARE(error->text(), u"A network policy holds at most 50 entries; this one would have 51."_s);
    // The field keeps what was typed, and a preset cannot go past the limit either.
    QCOMPARE(field->text(), u"one-too-many.example.com"_s);
    QVERIFY(!editor->addPreset(u"github"_s));
    QCOMPARE(editor->entries().size(), 50);
    // Fifty is fine to save.
    QVERIFY(editor->save());
    QCOMPARE(editor->workspacePolicy().entries().size(), 50);
}

void TestNetworkPanel::workspaceDefaultReachesNewContainersOnly()
{
    const auto window = createWindow();
    QVERIFY(window);
    NetworkPolicyEditor *editor = showPanel(window.get());
    QVERIFY(editor);
    auto *note = editor->findChild<QLabel *>(u"NetworkPolicyNote"_s);
    QVERIFY(note->text().contains(u"new containers"_s));

    // Conversation 1 runs a command: its container starts with no network, fixed from now on.
    Container *running = window->currentContainer();
    QVERIFY(running);
    QVERIFY(!running->networkPolicy().isEnabled());
    ShellCall *call = running->run(shellAction({u"true"_s}));
    QVERIFY(waitForCall(call));
    QVERIFY(running->isNetworkPolicyFixed());

    // Conversation 2 exists but has not started: it is as new as a container made later.
    window->newConversation();
    Container *waiting = window->currentContainer();
    QVERIFY(waiting && waiting != running);
    QVERIFY(!waiting->networkPolicy().isEnabled());

    editor->setScope(NetworkPolicyEditor::Scope::Workspace);
    editor->findChild<QAction *>(u"NetworkPreset_python"_s)->trigger();
    QTest::mouseClick(editor->findChild<QPushButton *>(u"NetworkPolicySaveButton"_s), Qt::LeftButton);
    const NetworkPolicy saved = *NetworkPolicy::fromEntries({u"pypi.org"_s, u"files.pythonhosted.org"_s});
    QCOMPARE(editor->workspacePolicy(), saved);
    WorkspacePolicy onDisk(workspaceDir(m_dataDir->path()));
    QVERIFY(onDisk.load());
    QCOMPARE(onDisk.policy(), saved);

    window->newConversation();
    Container *fresh = window->currentContainer();
    QVERIFY(fresh && fresh != waiting);
    QCOMPARE(fresh->networkPolicy(), saved);
    QCOMPARE(waiting->networkPolicy(), saved);
    QCOMPARE(running->networkPolicy(), NetworkPolicy::disabled());

    // The new conversation's own policy can still change before it starts...
    editor->setScope(NetworkPolicyEditor::Scope::Container);
    QVERIFY(!editor->isReadOnly());
    QVERIFY(editor->findChild<QComboBox *>(u"NetworkPolicyScope"_s)->currentText().contains(fresh->id()));
    QCOMPARE(editor->entries(), saved.entries());
    QVERIFY(editor->addEntry(u"example.org"_s));
    QVERIFY(editor->save());
    QVERIFY(fresh->networkPolicy().allows(u"example.org"_s));
    // ...and is fixed once it did: the form turns read-only by itself.
    call = fresh->run(shellAction({u"true"_s}));
    QVERIFY(waitForCall(call));
    QTRY_VERIFY(editor->isReadOnly());
    QVERIFY(note->text().contains(u"stays fixed"_s));
    QVERIFY(!editor->findChild<QPushButton *>(u"NetworkPolicySaveButton"_s)->isVisible());
    QVERIFY(!editor->addEntry(u"example.net"_s));

    // Back in conversation 1, whose container started before the change: it keeps no network.
    window->findChild<QListWidget *>(u"ConversationList"_s)->setCurrentRow(0);
    QCOMPARE(editor->container(), running);
    QVERIFY(editor->isReadOnly());
    QVERIFY(editor->findChild<QRadioButton *>(u"NetworkModeOff"_s)->isChecked());
    QCOMPARE(running->networkPolicy(), NetworkPolicy::disabled());
    screenshot(editor, u"/tmp/docsnet-network-fixed.png"_s);
}

void TestNetworkPanel::liveViewShowsRefusedConnection()
{
    // The workspace default gives the first conversation's container a proxy with a one-host allowlist.
    WorkspacePolicy policy(workspaceDir(m_dataDir->path()));
    policy.setPolicy(*NetworkPolicy::fromEntries({u"pypi.org"_s}));
    QVERIFY(policy.save());
    const auto window = createWindow();
    QVERIFY(window);
    NetworkPolicyEditor *editor = showPanel(window.get());
    QVERIFY(editor);
    Container *container = window->currentContainer();
    QCOMPARE(container->networkPolicy(), policy.policy());
    NetworkConnectionsModel *model = editor->connectionsModel();
    QVERIFY(model);
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    auto *table = editor->findChild<QTableView *>(u"NetworkConnectionsTable"_s);
    QCOMPARE(table->model(), model);
    QVERIFY(editor->findChild<QLabel *>(u"NetworkConnectionsTitle"_s)->text().contains(container->id()));

    // A name outside the allowlist: the proxy refuses the CONNECT before any lookup, no outside network
    // needed.
    ShellCall *call = container->run(shellAction(
        {u"curl -s -o /dev/null -w '%{http_connect}' --max-time 20 https://not-allowed.sandbench.test/"_s}));
    QVERIFY(waitForCall(call));
    QCOMPARE(call->results().constFirst().stdoutText, u"403"_s);
    QTRY_VERIFY(model->rowCount() >= 1);
    const QModelIndex host = model->index(0, NetworkConnectionsModel::HostColumn);
    QCOMPARE(host.data().toString(), u"not-allowed.sandbench.test"_s);
    QCOMPARE(model->index(0, NetworkConnectionsModel::PortColumn).data().toInt(), 443);
    QCOMPARE(model->index(0, NetworkConnectionsModel::ResultColumn).data().toString(), u"refused"_s);
    QVERIFY(!model->index(0, NetworkConnectionsModel::ReasonColumn).data().toString().isEmpty());
    QCOMPARE(model->index(0, 0).data(NetworkConnectionsModel::DecisionRole).toInt(),
             int(EgressEvent::Decision::Refused));

    screenshot(editor, u"/tmp/docsnet-network-live.png"_s);

    // The bound keeps the newest rows.
    model->setMaxRows(2);
    for (int i = 0; i < 3; ++i) {
        EgressEvent e;
        e.host = u"h%1.example"_s.arg(i);
        e.port = 80;
        e.decision = EgressEvent::Decision::Allowed;
        e.bytesUp = 10;
        e.bytesDown = 2048;
        e.started = QDateTime::currentDateTimeUtc();
        model->addEvent(e);
    }
    QCOMPARE(model->rowCount(), 2);
    QCOMPARE(model->index(0, NetworkConnectionsModel::HostColumn).data().toString(), u"h2.example"_s);
    QVERIFY(model->index(0, NetworkConnectionsModel::BytesColumn).data().toString().contains(u"2.0"_s));
    model->setMaxRows(NetworkConnectionsModel::DefaultMaxRows);

    // Host names and reasons come from the container: the tooltip shows them as text, never as HTML (an
    // <img src=/dev/zero> would hang the window reading /dev/zero).
    EgressEvent markup;
    markup.host = u"<img src=/dev/zero>"_s;
    markup.port = 443;
    markup.reason = u"<b>faked</b> reason"_s;
    markup.started = QDateTime::currentDateTimeUtc();
    model->addEvent(markup);
    const QString tip = model->index(0, NetworkConnectionsModel::HostColumn)
                            .data(Qt::ToolTipRole)
                            .toString()
                            .replace(QChar(0xa0), u' '); // convertFromPlainText() keeps spaces as &nbsp;
    QVERIFY2(!tip.contains(u"<img"_s) && !tip.contains(u"<b>"_s), qPrintable(tip));
    QVERIFY2(tip.contains(u"&lt;img src=/dev/zero&gt;"_s), qPrintable(tip));
    table->viewport()->grab();
    QTest::mouseClick(editor->findChild<QPushButton *>(u"NetworkConnectionsClear"_s), Qt::LeftButton);
    QTRY_COMPARE(model->rowCount(), 0);

    // Switching conversations replaces the table's model; the old selection model goes with it.
    QPointer<QItemSelectionModel> selection = table->selectionModel();
    editor->setContainer(nullptr);
    QTRY_VERIFY(selection.isNull());
    editor->setContainer(container);
    QCOMPARE(table->model(), model);
}

void TestNetworkPanel::damagedWorkspaceFileMeansNoNetwork()
{
    const QString dir = workspaceDir(m_dataDir->path());
    QVERIFY(QDir().mkpath(dir));
    QFile file(WorkspacePolicy(dir).filePath());
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"network_policy": {"allowed_domains": ["https://evil.example/"]}})");
    file.close();
    WorkspacePolicy damaged(dir);
    QString error;
    QVERIFY(!damaged.load(&error));
    QVERIFY(error.contains(u"https://evil.example/"_s));
    QCOMPARE(damaged.policy(), NetworkPolicy::disabled());

    const auto window = createWindow();
    QVERIFY(window);
    NetworkPolicyEditor *editor = showPanel(window.get());
    QVERIFY(editor);
    auto *message = editor->findChild<InlineMessage *>(u"NetworkPolicyMessage"_s);
    QVERIFY(message->isVisible());
    QCOMPARE(message->type(), InlineMessage::Type::Error);
    QCOMPARE(window->currentContainer()->networkPolicy(), NetworkPolicy::disabled());
}

QTEST_MAIN(TestNetworkPanel)
// In German the form explains in German; what the API says about the same entry stays English.
void TestNetworkPanel::messagesFollowTheLanguage()
{
    TranslatorLoader::apply(qApp, u"de"_s);
    const auto restore = qScopeGuard([] { TranslatorLoader::apply(qApp, u"en"_s); });
    const auto window = createWindow();
    QVERIFY(window);
    NetworkPolicyEditor *editor = showPanel(window.get());
    QVERIFY(editor);
    type(editor, u"https://pypi.org"_s);
    auto *error = editor->findChild<QLabel *>(u"NetworkPolicyNewEntryError"_s);
    QVERIFY(error->isVisible());
    QVERIFY2(error->text().startsWith(u"„https://pypi.org“ ist ungültig: er enthält ein Schema"_s),
             qPrintable(error->text()));
    screenshot(editor, u"/tmp/docsnet-network-de.png"_s);
    QString apiError;
    QVERIFY(!NetworkPolicy::validateEntry(u"https://pypi.org"_s, &apiError));
    QVERIFY2(
        apiError.startsWith(u"network_policy entry \"https://pypi.org\" is not valid: it has a scheme"_s),
        qPrintable(apiError));
}

#include "test_networkpanel.moc"
