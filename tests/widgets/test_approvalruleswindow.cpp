// SPDX-License-Identifier: GPL-3.0-or-later
// The approval rules editor (Settings → Workspaces) in the real MainWindow (issue 17): reached from the
// toolbar's approval picker under "rules", saved where `sandbench approvals` reads them, and deciding the
// next shell call of a conversation that runs in a real container with a scripted model over real HTTP.
#include "base/settings.h"
#include "base/workspacesettings.h"
#include "chat/chatwidget.h"
#include "common/inlinemessage.h"
#include "config-sandbench-tests.h"
#include "fakeupstream.h"
#include "sandbox/history/containerregistry.h"
#include "settings/approvalrulesbox.h"
#include "settings/settingsdialog.h"
#include "settings/translatorloader.h"
#include "window/mainwindow.h"

#include <QComboBox>
#include <QFile>
#include <QGroupBox>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

class TestApprovalRulesWindow final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void editRulesFromToolbarSaveAndRun();
    void badInputShowsWhyAndSavesNothing();
    void atMostMaxRules();
    void followsALanguageSwitch();
    void editsTheSelectedWorkspace();

private:
    QString workspaceDir() const { return ContainerRegistry(m_dataDir.path()).workspaceDir(u"test"_s); }
    QByteArray settingsFile() const;
    ApprovalRulesBox *openEditor(MainWindow *window);
    void addRule(ApprovalRulesBox *box, const QString &verdict, const QString &pattern);
    QStringList tableRules(ApprovalRulesBox *box) const;
    void ask(MainWindow *window, const QString &question);

    QTemporaryDir m_dataDir;
    FakeUpstream m_fake;
};

void TestApprovalRulesWindow::initTestCase()
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
    // The workspace runs everything; the conversation chooses rules in the toolbar.
    WorkspaceSettings settings(workspaceDir());
    QVERIFY(settings.load(&error));
    QVERIFY(settings.setValue(u"approvals"_s, u"run-all"_s, &error));
    QVERIFY2(settings.save(&error), qPrintable(error));
}

QByteArray TestApprovalRulesWindow::settingsFile() const
{
    QFile file(WorkspaceSettings(workspaceDir()).filePath());
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

ApprovalRulesBox *TestApprovalRulesWindow::openEditor(MainWindow *window)
{
    window->showApprovalRules();
    auto *dialog = window->findChild<SettingsDialog *>(u"SettingsDialog"_s);
    if (!dialog || !dialog->isVisible() || dialog->currentPage() != u"workspaces"_s)
        return nullptr;
    return dialog->findChild<ApprovalRulesBox *>(u"ApprovalRulesBox"_s);
}

void TestApprovalRulesWindow::addRule(ApprovalRulesBox *box, const QString &verdict, const QString &pattern)
{
    auto *v = box->findChild<QComboBox *>(u"ApprovalNewVerdict"_s);
    v->setCurrentIndex(v->findData(verdict));
    auto *p = box->findChild<QLineEdit *>(u"ApprovalNewPattern"_s);
    p->clear();
    QTest::keyClicks(p, pattern);
    QTest::mouseClick(box->findChild<QPushButton *>(u"ApprovalRuleAdd"_s), Qt::LeftButton);
}

QStringList TestApprovalRulesWindow::tableRules(ApprovalRulesBox *box) const
{
    auto *table = box->findChild<QTableWidget *>(u"ApprovalRulesTable"_s);
    QStringList out;
    for (int r = 0; r < table->rowCount(); ++r)
        out.append(table->item(r, 0)->data(Qt::UserRole).toString() + u' ' + table->item(r, 1)->text());
    return out;
}

void TestApprovalRulesWindow::ask(MainWindow *window, const QString &question)
{
    ChatWidget *chat = window->currentChat();
    QTest::keyClicks(chat->findChild<QPlainTextEdit *>(u"MessageInput"_s), question);
    QTest::mouseClick(chat->findChild<QPushButton *>(u"SendButton"_s), Qt::LeftButton);
}

static QJsonObject shell(const QString &command)
{
    return {{u"commands"_s, QJsonArray{command}}};
}

// For a person to look at: the layout settled first, so a label that just grew is not cut.
static void screenshot(QWidget *widget, const QString &name)
{
    for (int i = 0; i < 3; ++i) {
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        QCoreApplication::processEvents();
    }
    widget->grab().save(u"/tmp/rulesui-%1.png"_s.arg(name));
}

static void selectRow(QTableWidget *table, int row)
{
    table->setCurrentCell(row, 1);
    table->selectRow(row);
}

void TestApprovalRulesWindow::editRulesFromToolbarSaveAndRun()
{
    m_fake.clearRequests();
    m_fake.setScript(
        {FakeStep::toolCall(u"shell"_s, shell(u"python3 -c 'print(6*7)'"_s)), FakeStep::answer(u"one"_s),
         FakeStep::toolCall(u"shell"_s, shell(u"curl -s http://example.com"_s)), FakeStep::answer(u"two"_s),
         FakeStep::toolCall(u"shell"_s, shell(u"rm -f /tmp/nothing"_s)), FakeStep::answer(u"three"_s)});
    MainWindow window(m_dataDir.path(), u"test"_s);
    window.resize(1366, 768);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *models = window.findChild<QComboBox *>(u"ModelPicker"_s);
    QTRY_VERIFY(models->findData(u"fake/fake-model"_s) >= 0);
    models->setCurrentIndex(models->findData(u"fake/fake-model"_s));

    // Under "run everything" the picker has no way to rules; under "rules" it has, and says so.
    auto *picker = window.findChild<QComboBox *>(u"ApprovalModePicker"_s);
    QCOMPARE(picker->findData(u"edit-rules"_s), -1);
    picker->setCurrentIndex(picker->findData(u"rules"_s));
    const int entry = picker->findData(u"edit-rules"_s);
    QVERIFY(entry > 0);
    QVERIFY(picker->itemText(entry).contains(u"Edit Rules"_s));
    QVERIFY(picker->toolTip().contains(u"Edit Rules"_s));
    picker->setCurrentIndex(entry);
    // Choosing it opens the editor and keeps the conversation under rules.
    QCOMPARE(picker->currentData().toString(), u"rules"_s);
    auto *dialog = window.findChild<SettingsDialog *>(u"SettingsDialog"_s);
    QVERIFY(dialog);
    QTRY_VERIFY(dialog->isVisible());
    QCOMPARE(dialog->currentPage(), u"workspaces"_s);
    auto *box = dialog->findChild<ApprovalRulesBox *>(u"ApprovalRulesBox"_s);
    QVERIFY(box);
    QVERIFY(box->isVisible());
    QVERIFY(box->title().contains(u"test"_s));
    auto *table = box->findChild<QTableWidget *>(u"ApprovalRulesTable"_s);
    QCOMPARE(table->rowCount(), 0);

    addRule(box, u"allow"_s, u"python3 *"_s);
    addRule(box, u"ask"_s, u"rm *"_s);
    addRule(box, u"deny"_s, u"curl *"_s);
    // Added below the selected rule: the last one added.
    QCOMPARE(tableRules(box), (QStringList{u"allow python3 *"_s, u"ask rm *"_s, u"deny curl *"_s}));

    // Reorder: deny curl first, then allow python3, then ask rm.
    auto *up = box->findChild<QPushButton *>(u"ApprovalRuleUp"_s);
    auto *down = box->findChild<QPushButton *>(u"ApprovalRuleDown"_s);
    selectRow(table, 2);
    QVERIFY(!down->isEnabled());
    QTest::mouseClick(up, Qt::LeftButton);
    QTest::mouseClick(up, Qt::LeftButton);
    QVERIFY(!up->isEnabled());
    selectRow(table, 1);
    QTest::mouseClick(down, Qt::LeftButton);
    QCOMPARE(tableRules(box), (QStringList{u"deny curl *"_s, u"ask rm *"_s, u"allow python3 *"_s}));
    QTest::mouseClick(up, Qt::LeftButton);
    QCOMPARE(tableRules(box), (QStringList{u"deny curl *"_s, u"allow python3 *"_s, u"ask rm *"_s}));

    // Edit in place: a fourth rule's pattern and verdict are changed in the table, then it is removed.
    table->clearSelection();
    addRule(box, u"allow"_s, u"echo *"_s);
    QCOMPARE(tableRules(box).at(3), u"allow echo *"_s);
    table->editItem(table->item(3, 1));
    auto *patternEditor = table->viewport()->findChild<QLineEdit *>();
    QVERIFY(patternEditor);
    patternEditor->selectAll();
    QTest::keyClicks(patternEditor, u"wc *"_s);
    QTest::keyClick(patternEditor, Qt::Key_Return);
    // The delegate commits an edit queued.
    QTRY_COMPARE(table->item(3, 1)->text(), u"wc *"_s);
    table->editItem(table->item(3, 0));
    auto *verdictEditor = table->viewport()->findChild<QComboBox *>(u"ApprovalVerdictEditor"_s);
    QVERIFY(verdictEditor);
    verdictEditor->setCurrentIndex(verdictEditor->findData(u"deny"_s));
    Q_EMIT verdictEditor->activated(verdictEditor->currentIndex());
    QCOMPARE(tableRules(box).at(3), u"deny wc *"_s);
    QVERIFY(table->item(3, 0)->text().contains(u"Deny"_s));
    selectRow(table, 3);
    QTest::mouseClick(box->findChild<QPushButton *>(u"ApprovalRuleRemove"_s), Qt::LeftButton);
    QCOMPARE(table->rowCount(), 3);

    // Test a command: each simple command with the rule ApprovalPolicy picks, and the call's verdict.
    auto *test = box->findChild<QLineEdit *>(u"ApprovalTestCommand"_s);
    auto *result = box->findChild<QLabel *>(u"ApprovalTestResult"_s);
    QTest::keyClicks(test, u"python3 run.py | rm -rf out; curl http://x && ls"_s);
    const QString shown = result->text();
    QVERIFY2(shown.contains(u"\u201cpython3 run.py\u201d \u2192 rule 2, \u201cpython3 *\u201d: Allow"_s),
             qPrintable(shown));
    QVERIFY2(shown.contains(u"\u201crm -rf out\u201d \u2192 rule 3, \u201crm *\u201d: Ask"_s),
             qPrintable(shown));
    QVERIFY2(shown.contains(u"\u201ccurl http://x\u201d \u2192 rule 1, \u201ccurl *\u201d: Deny"_s),
             qPrintable(shown));
    QVERIFY2(shown.contains(u"\u201cls\u201d \u2192 no rule matches: Ask"_s), qPrintable(shown));
    QVERIFY2(shown.contains(u"The call: Deny"_s), qPrintable(shown));
    // The workspace's own mode is run-all: the editor says where the rules decide.
    QVERIFY2(shown.contains(u"only in conversations set to \u201cRules\u201d"_s), qPrintable(shown));
    // The Settings window's size on a 1366x768 screen (SettingsDialog: at least 860 x 600).
    dialog->resize(std::max(860, dialog->width()), 600);
    screenshot(dialog, u"editor"_s);
    test->clear();
    QTest::keyClicks(test, u"python3 -V"_s);
    QVERIFY(result->text().contains(u"The call: Allow"_s));
    // A call the rules cannot account for asks, and says why (issue 28: rules fail closed).
    test->clear();
    QTest::keyClicks(test, u"python3 -V; eval \"$X\""_s);
    QVERIFY2(result->text().contains(u"The call: Ask"_s), qPrintable(result->text()));
    QVERIFY2(result->text().contains(u"cannot account for all of it (eval runs text as commands"_s),
             qPrintable(result->text()));

    // The wait limit and the workspace's default mode too; then save.
    box->findChild<QSpinBox *>(u"ApprovalTimeout"_s)->setValue(120);
    auto *defaultMode = box->findChild<QComboBox *>(u"ApprovalWorkspaceMode"_s);
    defaultMode->setCurrentIndex(defaultMode->findData(u"ask"_s));
    QVERIFY(picker->itemText(0).contains(u"Run everything"_s));
    auto *save = box->findChild<QPushButton *>(u"ApprovalRulesSave"_s);
    QVERIFY(save->isEnabled());
    QTest::mouseClick(save, Qt::LeftButton);
    auto *message = box->findChild<InlineMessage *>(u"ApprovalRulesMessage"_s);
    QVERIFY(message->isVisible());
    QCOMPARE(message->type(), InlineMessage::Type::Positive);
    QVERIFY(!save->isEnabled());
    // The toolbar names the workspace's new default at once.
    QVERIFY2(picker->itemText(0).contains(u"Ask before each call"_s), qPrintable(picker->itemText(0)));
    QCOMPARE(picker->currentData().toString(), u"rules"_s);

    WorkspaceSettings saved(workspaceDir());
    QString error;
    QVERIFY(saved.load(&error));
    const ApprovalPolicy policy = saved.approvalPolicy(&error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(policy.mode, ApprovalMode::Ask);
    QCOMPARE(policy.timeoutSeconds, 120);
    QStringList texts;
    for (const ApprovalRule &r : policy.rules)
        texts.append(r.text());
    QCOMPARE(texts, (QStringList{u"deny curl *"_s, u"allow python3 *"_s, u"ask rm *"_s}));

    // The CLI reads the same rules.
    QProcess cli;
    cli.start(QStringLiteral(SANDBENCH_BIN_DIR "/sandbench"),
              {u"approvals"_s, u"rules"_s, u"list"_s, u"--data-dir"_s, m_dataDir.path(), u"--workspace"_s,
               u"test"_s});
    QVERIFY(cli.waitForFinished(60000));
    const QString listed = QString::fromUtf8(cli.readAllStandardOutput());
    QCOMPARE(cli.exitCode(), 0);
    QVERIFY2(listed.contains(u"1. deny curl *\n  2. allow python3 *\n  3. ask rm *\n"_s), qPrintable(listed));
    QVERIFY2(listed.contains(u"timeout_seconds: 120"_s), qPrintable(listed));
    dialog->close();

    // The conversation (under rules) follows them: python3 runs without asking, curl is refused, rm asks.
    auto *prompt = window.findChild<QFrame *>(u"ApprovalPrompt"_s);
    ask(&window, u"Compute"_s);
    QTRY_COMPARE_WITH_TIMEOUT(m_fake.modelRequests().size(), 2, 60000);
    QVERIFY2(m_fake.modelRequests().at(1).body.contains("42\\\\n"),
             m_fake.modelRequests().at(1).body.constData());
    QVERIFY(!prompt->isVisible());
    QTRY_VERIFY(!window.currentChat()->session()->isBusy());
    ask(&window, u"Fetch"_s);
    QTRY_COMPARE_WITH_TIMEOUT(m_fake.modelRequests().size(), 4, 60000);
    QVERIFY(!prompt->isVisible());
    const QByteArray refused = m_fake.modelRequests().at(3).body;
    QVERIFY2(refused.contains("denied by the approval rules (rule \\\"deny curl *\\\" matched"),
             refused.constData());
    QTRY_VERIFY(!window.currentChat()->session()->isBusy());
    ask(&window, u"Clean"_s);
    QTRY_VERIFY_WITH_TIMEOUT(prompt->isVisible(), 30000);
    QVERIFY(
        prompt->findChild<QLabel *>(u"ApprovalReason"_s)->text().contains(u"rule \"ask rm *\" matched"_s));
    QTest::mouseClick(prompt->findChild<QPushButton *>(u"ApprovalDeny"_s), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(m_fake.modelRequests().size(), 6, 60000);
    QTRY_VERIFY(!window.currentChat()->session()->isBusy());
}

void TestApprovalRulesWindow::badInputShowsWhyAndSavesNothing()
{
    MainWindow window(m_dataDir.path(), u"test"_s);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    ApprovalRulesBox *box = openEditor(&window);
    QVERIFY(box);
    const QByteArray before = settingsFile();
    QVERIFY(before.contains("curl *"));
    auto *table = box->findChild<QTableWidget *>(u"ApprovalRulesTable"_s);
    auto *message = box->findChild<InlineMessage *>(u"ApprovalRulesMessage"_s);
    const QStringList rules = tableRules(box);
    QCOMPARE(rules.size(), 3);

    const auto refused = [&](const QString &pattern, const QString &why) {
        addRule(box, u"allow"_s, pattern);
        if (!message->isVisible() || message->type() != InlineMessage::Type::Error)
            return QStringLiteral("no error for \"%1\"").arg(pattern.left(40));
        if (!message->text().contains(why))
            return message->text();
        if (tableRules(box) != rules)
            return QStringLiteral("\"%1\" was added").arg(pattern.left(40));
        return QString();
    };
    QCOMPARE(refused(u"   "_s, u"the pattern is empty"_s), QString());
    QCOMPARE(refused(u"echo a; rm b"_s, u"is more than one command"_s), QString());
    QCOMPARE(refused(u"echo a | wc"_s, u"write one rule for each"_s), QString());
    QCOMPARE(refused(u"echo $(id)"_s, u"command substitution"_s), QString());
    QCOMPARE(refused(QString(ApprovalPolicy::MaxPatternLength + 1, u'x'), u"at most 1000 are allowed"_s),
             QString());
    QCOMPARE(refused(u"python3   *"_s, u"Rule 2 is this rule already"_s), QString());
    // The longest pattern is accepted.
    addRule(box, u"allow"_s, QString(ApprovalPolicy::MaxPatternLength, u'y'));
    QCOMPARE(table->rowCount(), 4);
    QVERIFY(!message->isVisible() || message->type() != InlineMessage::Type::Error);

    // An edit in place that makes a rule bad is shown at once, and Save refuses to write anything.
    table->item(1, 1)->setText(u"python3 x && rm -rf /"_s);
    QVERIFY(message->isVisible());
    QVERIFY2(message->text().contains(u"Rule 2:"_s), qPrintable(message->text()));
    QTest::mouseClick(box->findChild<QPushButton *>(u"ApprovalRulesSave"_s), Qt::LeftButton);
    QVERIFY2(message->text().startsWith(u"Not saved. Rule 2:"_s), qPrintable(message->text()));
    QVERIFY(message->text().contains(u"more than one command"_s));
    auto *dialog = window.findChild<SettingsDialog *>(u"SettingsDialog"_s);
    dialog->resize(std::max(860, dialog->width()), 600);
    box->window()->findChild<QScrollArea *>(u"SettingsPage_workspaces"_s)->ensureWidgetVisible(message);
    screenshot(dialog, u"error"_s);
    QCOMPARE(table->currentRow(), 1);
    // A duplicate made in place is refused too.
    table->item(1, 1)->setText(u"curl *"_s);
    table->item(1, 0)->setData(Qt::UserRole, u"deny"_s);
    QVERIFY(!box->save());
    QVERIFY2(message->text().contains(u"Rule 2 repeats rule 1"_s), qPrintable(message->text()));
    QCOMPARE(settingsFile(), before);

    // Revert brings the saved rules back.
    QTest::mouseClick(box->findChild<QPushButton *>(u"ApprovalRulesRevert"_s), Qt::LeftButton);
    QCOMPARE(tableRules(box), rules);
    QVERIFY(!box->hasUnsavedChanges());
}

void TestApprovalRulesWindow::atMostMaxRules()
{
    QString error;
    WorkspaceSettings settings(workspaceDir());
    QVERIFY(settings.load(&error));
    ApprovalPolicy full = settings.approvalPolicy(&error);
    full.rules.clear();
    for (int i = 0; i < ApprovalPolicy::MaxRules; ++i)
        full.rules.append(*ApprovalRule::make(u"allow"_s, u"tool%1 *"_s.arg(i), &error));
    settings.setApprovalPolicy(full);
    QVERIFY(settings.save(&error));
    const QByteArray before = settingsFile();

    MainWindow window(m_dataDir.path(), u"test"_s);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    ApprovalRulesBox *box = openEditor(&window);
    QVERIFY(box);
    auto *table = box->findChild<QTableWidget *>(u"ApprovalRulesTable"_s);
    QCOMPARE(table->rowCount(), ApprovalPolicy::MaxRules);
    addRule(box, u"deny"_s, u"one-more *"_s);
    auto *message = box->findChild<InlineMessage *>(u"ApprovalRulesMessage"_s);
    QVERIFY(message->isVisible());
    QVERIFY2(message->text().contains(u"at most 500 rules"_s), qPrintable(message->text()));
    QCOMPARE(table->rowCount(), ApprovalPolicy::MaxRules);
    // The test line still names the deciding rule among many.
    QTest::keyClicks(box->findChild<QLineEdit *>(u"ApprovalTestCommand"_s), u"tool499 --help"_s);
    QVERIFY(box->findChild<QLabel *>(u"ApprovalTestResult"_s)->text().contains(u"rule 500"_s));
    QCOMPARE(settingsFile(), before);
}

void TestApprovalRulesWindow::followsALanguageSwitch()
{
    QString error;
    WorkspaceSettings settings(workspaceDir());
    QVERIFY(settings.load(&error));
    ApprovalPolicy policy = settings.approvalPolicy(&error);
    policy.mode = ApprovalMode::Rules;
    policy.rules = {*ApprovalRule::make(u"deny"_s, u"curl *"_s, &error),
                    *ApprovalRule::make(u"allow"_s, u"python3 *"_s, &error)};
    settings.setApprovalPolicy(policy);
    QVERIFY(settings.save(&error));

    MainWindow window(m_dataDir.path(), u"test"_s);
    window.resize(1366, 768);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    // The workspace's own mode is rules: the picker's default entry leads to the editor too.
    auto *picker = window.findChild<QComboBox *>(u"ApprovalModePicker"_s);
    picker->setCurrentIndex(picker->findData(u"run-all"_s));
    QCOMPARE(picker->findData(u"edit-rules"_s), -1);
    picker->setCurrentIndex(0);
    QVERIFY(picker->itemText(0).contains(u"Rules"_s));
    QVERIFY(picker->findData(u"edit-rules"_s) > 0);
    ApprovalRulesBox *box = openEditor(&window);
    QVERIFY(box);
    TranslatorLoader::apply(QCoreApplication::instance(), u"de"_s);
    auto *table = box->findChild<QTableWidget *>(u"ApprovalRulesTable"_s);
    QTRY_COMPARE(table->item(0, 0)->text(), u"Ablehnen"_s);
    QCOMPARE(table->horizontalHeaderItem(1)->text(), u"Muster"_s);
    QVERIFY(box->title().contains(u"Freigaben"_s));
    QCOMPARE(picker->itemText(picker->findData(u"edit-rules"_s)), u"Regeln bearbeiten \u2026"_s);
    QTest::keyClicks(box->findChild<QLineEdit *>(u"ApprovalTestCommand"_s), u"python3 a.py | curl x"_s);
    const QString shown = box->findChild<QLabel *>(u"ApprovalTestResult"_s)->text();
    QVERIFY2(shown.contains(u"\u201ecurl x\u201c \u2192 Regel 1, \u201ecurl *\u201c: Ablehnen"_s),
             qPrintable(shown));
    auto *dialog = window.findChild<SettingsDialog *>(u"SettingsDialog"_s);
    dialog->resize(std::max(860, dialog->width()), 600);
    screenshot(dialog, u"de"_s);
    // No button's German text is cut.
    for (const char *name : {"ApprovalRuleAdd", "ApprovalRuleRemove", "ApprovalRuleUp", "ApprovalRuleDown",
                             "ApprovalRulesSave", "ApprovalRulesRevert"}) {
        auto *button = box->findChild<QPushButton *>(QString::fromLatin1(name));
        QVERIFY2(button->width() >= button->sizeHint().width(), name);
    }
    auto *verdict = box->findChild<QComboBox *>(u"ApprovalNewVerdict"_s);
    QVERIFY(verdict->width() >= verdict->sizeHint().width());
    QVERIFY(verdict->sizeHint().width() > verdict->fontMetrics().horizontalAdvance(u"Nachfragen"_s));
    TranslatorLoader::apply(QCoreApplication::instance(), QString());
    QTRY_COMPARE(table->item(0, 0)->text(), u"Deny"_s);
}

void TestApprovalRulesWindow::editsTheSelectedWorkspace()
{
    const QByteArray before = settingsFile();
    MainWindow window(m_dataDir.path(), u"test"_s);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    ApprovalRulesBox *box = openEditor(&window);
    QVERIFY(box);
    QCOMPARE(box->workspaceName(), u"test"_s);
    auto *page = box->parentWidget();
    QTest::keyClicks(page->findChild<QLineEdit *>(u"NewWorkspaceName"_s), u"other"_s);
    // An unsaved edit of "test" is dropped, with a warning, when another workspace is selected.
    addRule(box, u"deny"_s, u"wget *"_s);
    QVERIFY(box->hasUnsavedChanges());
    QTest::mouseClick(page->findChild<QPushButton *>(u"CreateWorkspaceButton"_s), Qt::LeftButton);
    QCOMPARE(box->workspaceName(), u"other"_s);
    QVERIFY(box->title().contains(u"other"_s));
    auto *message = box->findChild<InlineMessage *>(u"ApprovalRulesMessage"_s);
    QVERIFY(message->isVisible());
    QCOMPARE(message->type(), InlineMessage::Type::Warning);
    QVERIFY(message->text().contains(u"\u201ctest\u201d were dropped"_s));
    QCOMPARE(box->findChild<QTableWidget *>(u"ApprovalRulesTable"_s)->rowCount(), 0);
    addRule(box, u"allow"_s, u"make *"_s);
    QVERIFY(box->save());
    WorkspaceSettings other(ContainerRegistry(m_dataDir.path()).workspaceDir(u"other"_s));
    QString error;
    QVERIFY(other.load(&error));
    QCOMPARE(other.approvalPolicy().rules.size(), 1);
    QCOMPARE(other.approvalPolicy().rules.first().text(), u"allow make *"_s);
    QCOMPARE(settingsFile(), before);
    // Edit Rules… from this window shows this window's workspace again.
    window.showApprovalRules();
    QCOMPARE(box->workspaceName(), u"test"_s);
    // The keyboard focus is in the rules (the Settings window's focus widget).
    QCOMPARE(box->window()->focusWidget(), box->findChild<QTableWidget *>(u"ApprovalRulesTable"_s));
}

QTEST_MAIN(TestApprovalRulesWindow)
#include "test_approvalruleswindow.moc"
