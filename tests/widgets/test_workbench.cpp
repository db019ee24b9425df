// SPDX-License-Identifier: GPL-3.0-or-later
// Drives the real MainWindow on the offscreen platform the way a user would.
#include "base/settings.h"
#include "base/workspacesettings.h"
#include "chat/chatwidget.h"
#include "common/csvpreview.h"
#include "common/filedialog.h"
#include "config-sandbench-tests.h"
#include "fakeupstream.h"
#include "models/providerregistry.h"
#include "sandbox/container.h"
#include "sandbox/containermanager.h"
#include "sandbox/history/containerregistry.h"
#include "sandbox/pythonkernel.h"
#include "sandbox/shellcall.h"
#include "shellcalls/shellcallview.h"
#include "shellcalls/tracecomparison.h"
#include "shellcalls/tracesummary.h"
#include "tools/kernelcell.h"
#include "window/mainwindow.h"
#include "workspace/workspace.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextEdit>
#include <QToolButton>

#include <memory>

#include <unistd.h>

using namespace Qt::StringLiterals;

class TestWorkbench final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void dropCsvLandsInContainer();
    void invalidDropsShowInlineErrors_data();
    void invalidDropsShowInlineErrors();
    void questionAnsweredWithLiveShellCall();
    void stopEndsLongCommand();
    void toolContractPerConversation();
    void notebookStateBetweenQuestions();
    void newConversationFindsPythonStartedAhead();
    void geminiContractUsesWorkspaceLimit();
    void openTrace_data();
    void openTrace();
    void traceShowsEverythingAndComparesRerun();
    void restartKeepsOriginsOfCalls();
    void modelPickerListsProviderModels();
    void scriptedConversation();
    void demoWithoutFileUsesItsSample();
    void demoStopsWhenItsCommandsFail();
    void providerSettingsKeepKeysOutOfPlainText();

private:
    std::unique_ptr<MainWindow> createWindow();
    void addProvider(const QString &api);
    void pickModel(MainWindow *window, const QString &id);
    void drop(MainWindow *window, const QString &path);
    static QStringList hostProcessesMatching(const QByteArray &cmdline);
    // With SANDBENCH_TEST_SCREENSHOTS=DIR set, saves what widget shows as DIR/workbench-<name>.png.
    static void snapshot(QWidget *widget, const QString &name);
    // Asks the scripted demo one question and returns its answer once the conversation is idle.
    QString askDemo(MainWindow *window, const QString &attach);

    std::unique_ptr<QTemporaryDir> m_dataDir;
    std::unique_ptr<FakeUpstream> m_fake;
    QTemporaryDir m_files;
};

void TestWorkbench::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_files.isValid());
}

void TestWorkbench::init()
{
    Settings().reset(Settings::Key::WindowState);
    Settings().reset(Settings::Key::WindowGeometry);
    Settings().reset(Settings::Key::LastModel);
    m_dataDir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dataDir->isValid());
    m_fake = std::make_unique<FakeUpstream>();
    QVERIFY(m_fake->listen());
}

void TestWorkbench::cleanup()
{
    m_fake.reset();
    m_dataDir.reset();
}

std::unique_ptr<MainWindow> TestWorkbench::createWindow()
{
    auto window = std::make_unique<MainWindow>(m_dataDir->path(), u"test"_s);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        return nullptr;
    return window;
}

void TestWorkbench::addProvider(const QString &api)
{
    QString error;
    QVERIFY2(m_fake->addAsProvider(m_dataDir->path(), u"test"_s, api, u"fake"_s, &error), qPrintable(error));
}

void TestWorkbench::pickModel(MainWindow *window, const QString &id)
{
    auto *picker = window->findChild<QComboBox *>(u"ModelPicker"_s);
    QVERIFY(picker);
    QTRY_VERIFY(picker->findData(id) >= 0);
    picker->setCurrentIndex(picker->findData(id));
}

void TestWorkbench::drop(MainWindow *window, const QString &path)
{
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(path)});
    const QPoint centre = window->rect().center();
    QDragEnterEvent enter(centre, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(window, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent dropEvent(QPointF(centre), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(window, &dropEvent);
}

QStringList TestWorkbench::hostProcessesMatching(const QByteArray &cmdline)
{
    QStringList found;
    const QStringList pids = QDir(u"/proc"_s).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &pid : pids) {
        QFile f(u"/proc/"_s + pid + u"/cmdline"_s);
        // Whether the shell execs the command or forks it, its command line contains the words.
        if (f.open(QIODevice::ReadOnly) && f.readAll().replace('\0', ' ').contains(cmdline))
            found.append(pid);
    }
    return found;
}

void TestWorkbench::dropCsvLandsInContainer()
{
    const QString csv = m_files.filePath(u"sales.csv"_s);
    QVERIFY(QFile::copy(u":/samples/sales.csv"_s, csv));
    const auto window = createWindow();
    QVERIFY(window);
    Container *container = window->currentContainer();
    QVERIFY(container);

    drop(window.get(), csv);

    auto *chat = window->currentChat();
    QToolButton *chip = nullptr;
    QTRY_VERIFY((chip = chat->findChild<QToolButton *>(u"AttachmentChip"_s)));
    QCOMPARE(chip->text(), u"sales.csv · %1"_s.arg(QLocale().formattedDataSize(
                               QFileInfo(csv).size(), 1, QLocale::DataSizeTraditionalFormat)));
    QCOMPARE(chip->property("sandboxPath").toString(), u"/workspace/home/sales.csv"_s);
    const QString copy = container->homeDir() + u"/sales.csv"_s;
    QVERIFY(QFile::exists(copy));
    QFile original(csv), copied(copy);
    QVERIFY(original.open(QIODevice::ReadOnly) && copied.open(QIODevice::ReadOnly));
    QCOMPARE(copied.readAll(), original.readAll());
    if (::geteuid() == 0)
        QCOMPARE(QFileInfo(copy).ownerId(), SandboxSettings::sandboxHostUid());
    QCOMPARE(chat->pendingAttachments(), QStringList{u"/workspace/home/sales.csv"_s});

    // Clicking the chip opens the table preview with the parsed rows.
    QTest::mouseClick(chip, Qt::LeftButton);
    auto *preview = window->findChild<CsvPreview *>(u"CsvPreview"_s);
    QVERIFY(preview);
    QTRY_VERIFY(preview->isVisible());
    auto *table = preview->findChild<QTableView *>(u"CsvTable"_s);
    QVERIFY(table->model());
    QAbstractItemModelTester tester(table->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QTRY_COMPARE(table->model()->rowCount(), 240);
    QCOMPARE(table->model()->headerData(2, Qt::Horizontal).toString(), u"product"_s);
    QCOMPARE(table->model()->index(4, 2).data().toString(), u"Grinder, \"Pro\" edition"_s);
    QTRY_COMPARE(preview->findChild<QLabel *>(u"CsvRowCount"_s)->text(), u"240 rows"_s);

    // A second drop of the same name does not overwrite the first.
    drop(window.get(), csv);
    QTRY_COMPARE(chat->findChildren<QToolButton *>(u"AttachmentChip"_s).size(), 2);
    QVERIFY(QFile::exists(container->homeDir() + u"/sales-2.csv"_s));
}

void TestWorkbench::invalidDropsShowInlineErrors_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("message");
    QTest::newRow("directory") << u"dir"_s << u"is a folder"_s;
    QTest::newRow("too large") << u"large"_s << u"more than"_s;
    QTest::newRow("missing") << u"missing"_s << u"does not exist"_s;
}

void TestWorkbench::invalidDropsShowInlineErrors()
{
    QFETCH(QString, kind);
    QFETCH(QString, message);
    QString path;
    if (kind == u"dir") {
        path = m_files.filePath(u"folder"_s);
        QVERIFY(QDir().mkpath(path));
    } else if (kind == u"large") {
        path = m_files.filePath(u"large.bin"_s);
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QVERIFY(f.resize(4096));
    } else {
        path = m_files.filePath(u"missing.csv"_s);
    }
    const auto window = createWindow();
    QVERIFY(window);
    window->settings()->setValue(Settings::Key::MaxUploadBytes, qint64(1024));
    drop(window.get(), path);
    auto *chat = window->currentChat();
    auto *error = chat->findChild<QWidget *>(u"ChatError"_s);
    QTRY_VERIFY(error->isVisible());
    const QString text = error->findChild<QLabel *>(u"InlineMessageText"_s)->text();
    QVERIFY2(text.contains(message), qPrintable(text));
    QVERIFY(chat->findChildren<QToolButton *>(u"AttachmentChip"_s).isEmpty());
    QDir home(window->currentContainer()->homeDir());
    QVERIFY(!home.exists() || home.entryList(QDir::AllEntries | QDir::NoDotAndDotDot).isEmpty());
    window->settings()->reset(Settings::Key::MaxUploadBytes);
}

void TestWorkbench::questionAnsweredWithLiveShellCall()
{
    addProvider(u"responses"_s);
    m_fake->setScript(
        {FakeStep::toolCall(u"shell"_s, QJsonObject{{u"commands"_s, QJsonArray{u"echo hello-from-sandbox"_s,
                                                                               u"echo oops >&2; exit 3"_s,
                                                                               u"wc -l < sales.csv"_s}}}),
         FakeStep::answer(u"The file has **241** lines."_s).inChunks(4)});
    const QString csv = m_files.filePath(u"q.csv"_s);
    QVERIFY(QFile::copy(u":/samples/sales.csv"_s, csv) || QFile::exists(csv));
    m_fake->setModels({u"fake-model"_s});
    const auto window = createWindow();
    QVERIFY(window);
    pickModel(window.get(), u"fake/fake-model"_s);
    drop(window.get(), csv);
    auto *chat = window->currentChat();
    QTRY_VERIFY(chat->findChild<QToolButton *>(u"AttachmentChip"_s));
    QVERIFY(QFile::rename(window->currentContainer()->homeDir() + u"/q.csv"_s,
                          window->currentContainer()->homeDir() + u"/sales.csv"_s));

    auto *input = chat->findChild<QPlainTextEdit *>(u"MessageInput"_s);
    QTest::keyClicks(input, u"How many lines?"_s);
    QTest::mouseClick(chat->findChild<QPushButton *>(u"SendButton"_s), Qt::LeftButton);

    ShellCallPanel *panel = window->currentShellPanel();
    QTRY_COMPARE(panel->views().size(), 1);
    ShellCallView *view = panel->views().first();
    QCOMPARE(view->commandViews().size(), 3);
    QCOMPARE(view->commandViews()[0]->findChild<QTextEdit *>(u"CommandText"_s)->toPlainText(),
             u"$ echo hello-from-sandbox"_s);
    QTRY_COMPARE_WITH_TIMEOUT(view->statusText(), u"Completed"_s, 60000);
    QCOMPARE(view->commandViews()[0]->outputText(), u"hello-from-sandbox\n"_s);
    QCOMPARE(view->commandViews()[0]->badgeText(), u"exit 0"_s);
    QCOMPARE(view->commandViews()[1]->outputText(), u"oops\n"_s);
    QCOMPARE(view->commandViews()[1]->badgeText(), u"exit 3"_s);
    QCOMPARE(view->commandViews()[2]->outputText().trimmed(), u"241"_s);
    QVERIFY(view->findChild<QLabel *>(u"CallContainer"_s)->text().contains(window->currentContainer()->id()));
    QVERIFY(!view->findChild<QLabel *>(u"ElapsedLabel"_s)->text().isEmpty());

    // The answer streams into an assistant bubble rendered from Markdown.
    QTRY_VERIFY(!chat->session()->isBusy());
    MessageBubble *answer = nullptr;
    for (MessageBubble *b : chat->bubbles()) {
        if (b->role() == MessageBubble::Role::Assistant)
            answer = b;
    }
    QVERIFY(answer);
    QCOMPARE(answer->text(), u"The file has **241** lines."_s);
    QCOMPARE(answer->renderedText(), u"The file has 241 lines."_s);

    // What the model was told: the upload's path, and the shell results as the tool output.
    const QList<RecordedRequest> requests = m_fake->modelRequests();
    QCOMPARE(requests.size(), 2);
    QVERIFY(requests[0].body.contains("/workspace/home/q.csv"));
    QVERIFY(requests[1].body.contains("hello-from-sandbox"));
    QVERIFY(requests[1].body.contains("exit_code\\\":3"));
}

void TestWorkbench::stopEndsLongCommand()
{
    addProvider(u"chat"_s);
    m_fake->setScript(
        {FakeStep::toolCall(u"shell"_s,
                            QJsonObject{{u"commands"_s, QJsonArray{u"sleep 100.25"_s, u"echo never"_s}}}),
         FakeStep::answer(u"should not be asked"_s)});
    m_fake->setModels({u"slow"_s});
    const auto window = createWindow();
    QVERIFY(window);
    pickModel(window.get(), u"fake/slow"_s);
    auto *chat = window->currentChat();
    QTest::keyClicks(chat->findChild<QPlainTextEdit *>(u"MessageInput"_s), u"Wait for me"_s);
    QTest::keyClick(chat->findChild<QPlainTextEdit *>(u"MessageInput"_s), Qt::Key_Return,
                    Qt::ControlModifier);

    ShellCallPanel *panel = window->currentShellPanel();
    QTRY_COMPARE(panel->views().size(), 1);
    ShellCallView *view = panel->views().first();
    QTRY_COMPARE_WITH_TIMEOUT(view->commandViews()[0]->badgeText(), u"running"_s, 60000);
    QTRY_VERIFY(!hostProcessesMatching("sleep 100.25"_ba).isEmpty());
    auto *stop = chat->findChild<QPushButton *>(u"StopButton"_s);
    QVERIFY(stop->isEnabled());
    QTest::mouseClick(stop, Qt::LeftButton);

    QTRY_COMPARE(view->statusText(), u"Cancelled"_s);
    QVERIFY(view->commandViews()[0]->badgeText() != u"running"_s);
    QCOMPARE(view->commandViews()[1]->badgeText(), u"not run"_s);
    QTRY_VERIFY(!chat->session()->isBusy());
    QVERIFY(chat->findChild<QWidget *>(u"StoppedNote"_s));
    QVERIFY(!stop->isEnabled());
    QTRY_VERIFY(hostProcessesMatching("sleep 100.25"_ba).isEmpty());
    // The model is not asked again after a stop.
    QCOMPARE(m_fake->modelRequests().size(), 1);
}

void TestWorkbench::geminiContractUsesWorkspaceLimit()
{
    // Gemini code execution in the window: Google's 30 s per run, changed by the workspace's
    // code_execution_timeout_seconds as it is for the API.
    WorkspaceSettings settings(ContainerRegistry(m_dataDir->path()).workspaceDir(u"test"_s));
    settings.setCodeExecutionTimeoutSeconds(1);
    QVERIFY(settings.save());
    addProvider(u"chat"_s);
    m_fake->setScript(
        {FakeStep::toolCall(
             u"python"_s,
             QJsonObject{{u"code"_s, u"import time\nprint('started', flush=True)\ntime.sleep(120)"_s}}),
         FakeStep::answer(u"It was stopped."_s)});
    m_fake->setModels({u"coder"_s});
    auto window = createWindow();
    QVERIFY(window);
    pickModel(window.get(), u"fake/coder"_s);
    auto *contracts = window->findChild<QComboBox *>(u"ToolContractPicker"_s);
    QVERIFY(contracts);
    contracts->setCurrentIndex(contracts->findData(u"codeExecution"_s));
    QCOMPARE(contracts->currentText(), u"Gemini code execution"_s);
    auto *chat = window->currentChat();
    QList<int> timeouts;
    connect(chat->session(), &ChatSession::shellCallStarted, this,
            [&timeouts](ShellCall *call) { timeouts.append(call->action().timeoutMs); });
    QTest::keyClicks(chat->findChild<QPlainTextEdit *>(u"MessageInput"_s), u"Sleep"_s);
    QTest::mouseClick(chat->findChild<QPushButton *>(u"SendButton"_s), Qt::LeftButton);
    ShellCallPanel *panel = window->currentShellPanel();
    QTRY_COMPARE(panel->views().size(), 1);
    QCOMPARE(panel->views().first()->toolText(), u"Gemini code execution"_s);
    QTRY_VERIFY_WITH_TIMEOUT(!chat->session()->isBusy(), 60000);
    // The kernel interrupts the cell at the limit; the command's own kill is the last resort after a margin.
    QCOMPARE(timeouts, QList<int>{1000 + KernelCell::EngineMarginMs});
    QCOMPARE(panel->views().first()->statusText(), u"Completed (timeout)"_s);
    const QList<RecordedRequest> requests = m_fake->modelRequests();
    QCOMPARE(requests.size(), 2);
    QVERIFY2(requests[1].body.contains("execution_time_exceeded"), requests[1].body.constData());
}

void TestWorkbench::notebookStateBetweenQuestions()
{
    // A conversation with a Python contract is a notebook: the second question's cell uses the first one's
    // variable, and the live view shows the cell's last expression (SPEC §10).
    addProvider(u"messages"_s);
    m_fake->setScript({FakeStep::toolCall(u"python"_s, QJsonObject{{u"code"_s, u"x = 41\nprint('set')"_s}}),
                       FakeStep::answer(u"x is set."_s),
                       FakeStep::toolCall(u"python"_s, QJsonObject{{u"code"_s, u"x + 1"_s}}),
                       FakeStep::answer(u"It is 42."_s),
                       FakeStep::toolCall(u"python"_s, QJsonObject{{u"code"_s, u"x"_s}}),
                       FakeStep::answer(u"x is gone."_s)});
    m_fake->setModels({u"coder"_s});
    auto window = createWindow();
    QVERIFY(window);
    pickModel(window.get(), u"fake/coder"_s);
    auto *contracts = window->findChild<QComboBox *>(u"ToolContractPicker"_s);
    QVERIFY(contracts);
    contracts->setCurrentIndex(contracts->findData(u"code_interpreter"_s));
    auto *chat = window->currentChat();
    auto *input = chat->findChild<QPlainTextEdit *>(u"MessageInput"_s);
    ShellCallPanel *panel = window->currentShellPanel();
    const QStringList questions{u"Set x to 41"_s, u"What is x + 1?"_s};
    const QStringList outputs{u"set\n"_s, u"42\n"_s};
    for (int i = 0; i < 2; ++i) {
        QTest::keyClicks(input, questions.at(i));
        QTest::mouseClick(chat->findChild<QPushButton *>(u"SendButton"_s), Qt::LeftButton);
        QTRY_COMPARE(panel->views().size(), i + 1);
        ShellCallView *view = panel->views().at(i);
        QTRY_COMPARE_WITH_TIMEOUT(view->statusText(), u"Completed"_s, 60000);
        QCOMPARE(view->commandViews()[0]->outputText(), outputs.at(i));
        QTRY_VERIFY(!chat->session()->isBusy());
    }
    // The status bar shows the kernel's state; Restart Python drops x.
    auto *state = window->findChild<QLabel *>(u"KernelStateLabel"_s);
    auto *restart = window->findChild<QAction *>(u"RestartPythonAction"_s);
    QVERIFY(state && restart);
    QTRY_COMPARE(state->text(), u"Python: idle"_s);
    QVERIFY(restart->isEnabled());
    restart->trigger();
    QTRY_COMPARE(state->text(), u"Python: busy"_s);
    QTRY_COMPARE_WITH_TIMEOUT(state->text(), u"Python: idle"_s, 60000);
    QTest::keyClicks(input, u"And x now?"_s);
    QTest::mouseClick(chat->findChild<QPushButton *>(u"SendButton"_s), Qt::LeftButton);
    QTRY_COMPARE(panel->views().size(), 3);
    QTRY_COMPARE_WITH_TIMEOUT(panel->views().at(2)->statusText(), u"Completed"_s, 60000);
    const QString after = panel->views().at(2)->commandViews()[0]->outputText();
    QVERIFY2(after.contains(u"NameError: name 'x' is not defined"_s), qPrintable(after));
}

void TestWorkbench::newConversationFindsPythonStartedAhead()
{
    // Issue 29: once the workspace ran Python, the window keeps a hidden container with its kernel started;
    // the next new conversation gets it, shows Python idle before its first question, and its first cell
    // answers from that kernel.
    addProvider(u"messages"_s);
    m_fake->setScript({FakeStep::toolCall(u"python"_s, QJsonObject{{u"code"_s, u"1"_s}}),
                       FakeStep::answer(u"one"_s),
                       FakeStep::toolCall(u"python"_s, QJsonObject{{u"code"_s, u"6 * 7"_s}}),
                       FakeStep::answer(u"It is 42."_s)});
    m_fake->setModels({u"coder"_s});
    auto window = createWindow();
    QVERIFY(window);
    pickModel(window.get(), u"fake/coder"_s);
    auto *contracts = window->findChild<QComboBox *>(u"ToolContractPicker"_s);
    QVERIFY(contracts);
    contracts->setCurrentIndex(contracts->findData(u"code_interpreter"_s));
    auto *chat = window->currentChat();
    QTest::keyClicks(chat->findChild<QPlainTextEdit *>(u"MessageInput"_s), u"Run one cell"_s);
    QTest::mouseClick(chat->findChild<QPushButton *>(u"SendButton"_s), Qt::LeftButton);
    QTRY_COMPARE(window->currentShellPanel()->views().size(), 1);
    QTRY_COMPARE_WITH_TIMEOUT(window->currentShellPanel()->views().at(0)->statusText(), u"Completed"_s,
                              60000);
    QTRY_VERIFY(!chat->session()->isBusy());
    const QString first = window->currentContainer()->id();

    ContainerManager *containers = window->workspace()->containers();
    QTRY_VERIFY_WITH_TIMEOUT(
        containers->hiddenPythonContainer() && PythonKernel::existing(containers->hiddenPythonContainer()) &&
            PythonKernel::existing(containers->hiddenPythonContainer())->state() == PythonKernel::State::Idle,
        120000);
    const QString hidden = containers->hiddenPythonContainer()->id();
    QVERIFY(hidden != first);
    window->findChild<QAction *>(u"NewConversationAction"_s)->trigger();
    QTRY_VERIFY(window->currentChat() != chat);
    QCOMPARE(window->currentContainer()->id(), hidden);
    auto *state = window->findChild<QLabel *>(u"KernelStateLabel"_s);
    QVERIFY(state);
    QTRY_COMPARE(state->text(), u"Python: idle"_s);

    chat = window->currentChat();
    contracts->setCurrentIndex(contracts->findData(u"code_interpreter"_s));
    QTest::keyClicks(chat->findChild<QPlainTextEdit *>(u"MessageInput"_s), u"What is 6 * 7?"_s);
    QTest::mouseClick(chat->findChild<QPushButton *>(u"SendButton"_s), Qt::LeftButton);
    ShellCallPanel *panel = window->currentShellPanel();
    QTRY_COMPARE(panel->views().size(), 1);
    QTRY_COMPARE_WITH_TIMEOUT(panel->views().at(0)->statusText(), u"Completed"_s, 60000);
    QCOMPARE(panel->views().at(0)->commandViews()[0]->outputText(), u"42\n"_s);
    QCOMPARE(window->currentContainer()->id(), hidden);
}

void TestWorkbench::toolContractPerConversation()
{
    // The model gets the OpenAI code interpreter's Python tool and then Anthropic's bash and text editor;
    // the live view shows the code and the command, not the wrapper that runs them.
    addProvider(u"messages"_s);
    m_fake->setScript({FakeStep::toolCall(
                           u"python"_s, QJsonObject{{u"code"_s, u"open('out.txt', 'w').write('from python')\n"
                                                                "print(6 * 7)"_s}}),
                       FakeStep::answer(u"It printed 42."_s),
                       FakeStep::toolCall(u"text_editor_code_execution"_s,
                                          QJsonObject{{u"command"_s, u"view"_s}, {u"path"_s, u"out.txt"_s}}),
                       FakeStep::answer(u"The file says: from python."_s)});
    m_fake->setModels({u"coder"_s});
    auto window = createWindow();
    QVERIFY(window);
    pickModel(window.get(), u"fake/coder"_s);
    auto *contracts = window->findChild<QComboBox *>(u"ToolContractPicker"_s);
    QVERIFY(contracts);
    QVERIFY(contracts->isEnabled());
    QCOMPARE(contracts->count(), 5);
    QCOMPARE(contracts->currentData().toString(), u"openrouter:shell"_s);
    contracts->setCurrentIndex(contracts->findData(u"code_interpreter"_s));
    QCOMPARE(contracts->currentText(), u"OpenAI code interpreter"_s);

    auto *chat = window->currentChat();
    auto *input = chat->findChild<QPlainTextEdit *>(u"MessageInput"_s);
    QTest::keyClicks(input, u"Compute six times seven"_s);
    QTest::mouseClick(chat->findChild<QPushButton *>(u"SendButton"_s), Qt::LeftButton);
    ShellCallPanel *panel = window->currentShellPanel();
    QTRY_COMPARE(panel->views().size(), 1);
    ShellCallView *view = panel->views().first();
    QCOMPARE(view->toolText(), u"OpenAI code interpreter"_s);
    const QString shown = view->commandViews()[0]->findChild<QTextEdit *>(u"CommandText"_s)->toPlainText();
    QVERIFY2(shown.contains(u"print(6 * 7)"_s) && !shown.contains(u"base64"_s), qPrintable(shown));
    QTRY_COMPARE_WITH_TIMEOUT(view->statusText(), u"Completed"_s, 60000);
    QCOMPARE(view->commandViews()[0]->outputText(), u"42\n"_s);
    QTRY_VERIFY(!chat->session()->isBusy());
    // The upstream saw a function tool named python, and its result as the code's output.
    QList<RecordedRequest> requests = m_fake->modelRequests();
    QCOMPARE(requests.size(), 2);
    QVERIFY(requests[0].body.contains("\"name\":\"python\""));
    QVERIFY(!requests[0].body.contains("\"name\":\"shell\""));
    QVERIFY2(requests[1].body.contains("return_code"), requests[1].body.constData());

    // Another contract for the next question of the same conversation: its container keeps the file.
    contracts->setCurrentIndex(contracts->findData(u"code_execution_20250825"_s));
    QTest::keyClicks(input, u"What does out.txt say?"_s);
    QTest::mouseClick(chat->findChild<QPushButton *>(u"SendButton"_s), Qt::LeftButton);
    QTRY_COMPARE(panel->views().size(), 2);
    view = panel->views().at(1);
    QCOMPARE(view->toolText(), u"Anthropic code execution"_s);
    QCOMPARE(view->commandViews()[0]->findChild<QTextEdit *>(u"CommandText"_s)->toPlainText(),
             u"$ view out.txt"_s);
    QTRY_COMPARE_WITH_TIMEOUT(view->statusText(), u"Completed"_s, 60000);
    QVERIFY2(view->commandViews()[0]->outputText().contains(u"from python"_s),
             qPrintable(view->commandViews()[0]->outputText()));
    QTRY_VERIFY(!chat->session()->isBusy());
    requests = m_fake->modelRequests();
    QCOMPARE(requests.size(), 4);
    QVERIFY(requests[2].body.contains("\"name\":\"bash_code_execution\""));
    QVERIFY(requests[2].body.contains("\"name\":\"text_editor_code_execution\""));

    // The choice is the conversation's: saved, restored, and shown again after a restart.
    const QString shownAfter =
        view->commandViews()[0]->findChild<QTextEdit *>(u"CommandText"_s)->toPlainText();
    window.reset();
    window = createWindow();
    QVERIFY(window);
    contracts = window->findChild<QComboBox *>(u"ToolContractPicker"_s);
    pickModel(window.get(), u"fake/coder"_s);
    QCOMPARE(contracts->currentData().toString(), u"code_execution_20250825"_s);
    QCOMPARE(window->currentChat()->session()->toolContract(),
             ChatSession::ToolContract::AnthropicCodeExecution);
    QTRY_COMPARE(window->currentShellPanel()->views().size(), 2);
    ShellCallView *restored = window->currentShellPanel()->views().at(1);
    QCOMPARE(restored->toolText(), u"Anthropic code execution"_s);
    QCOMPARE(restored->commandViews()[0]->findChild<QTextEdit *>(u"CommandText"_s)->toPlainText(),
             shownAfter);

    // The demo scripts call the shell: the picker says so and cannot be changed while one is chosen.
    auto *picker = window->findChild<QComboBox *>(u"ModelPicker"_s);
    int demo = -1;
    for (int i = 0; i < picker->count() && demo < 0; ++i)
        if (picker->itemData(i).toString().startsWith(u"scripted:"_s))
            demo = i;
    QVERIFY2(demo >= 0, "the scripted demo is always offered");
    picker->setCurrentIndex(demo);
    QVERIFY(!contracts->isEnabled());
    QCOMPARE(contracts->currentData().toString(), u"openrouter:shell"_s);
    // Choosing a real model again shows the conversation's own choice.
    pickModel(window.get(), u"fake/coder"_s);
    QCOMPARE(contracts->currentData().toString(), u"code_execution_20250825"_s);
}

void TestWorkbench::openTrace_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QStringList>("commands");
    QTest::addColumn<QString>("firstOutput");
    QTest::addColumn<QString>("lastBadge");

    QTest::newRow("responses") << QByteArray(
                                      R"({"output":[{"type":"openrouter:shell","id":"sh_1","call_id":"call_1",
        "status":"completed","container_id":"sess_hosted123",
        "action":{"commands":["cat /etc/os-release","python3 --version"],"timeout_ms":120000,"max_output_length":16384},
        "output":[{"stdout":"PRETTY_NAME=\"Ubuntu 22.04.5 LTS\"\n","stderr":"","outcome":{"type":"exit","exit_code":0}},
                  {"stdout":"","stderr":"","outcome":{"type":"timeout"}}]}]})")
                               << QStringList{u"cat /etc/os-release"_s, u"python3 --version"_s}
                               << u"PRETTY_NAME=\"Ubuntu 22.04.5 LTS\"\n"_s << u"timeout"_s;
    QTest::newRow("messages")
        << QByteArray(R"({"content":[{"type":"server_tool_use","id":"srvtoolu_9","name":"openrouter:shell",
        "input":{"commands":["echo traced","false"]}},{"type":"openrouter_shell_tool_result","tool_use_id":"srvtoolu_9",
        "content":[{"stdout":"traced\n","stderr":"","outcome":{"type":"exit","exit_code":0}},
                   {"stdout":"","stderr":"","outcome":{"type":"exit","exit_code":1}}]}]})")
        << QStringList{u"echo traced"_s, u"false"_s} << u"traced\n"_s << u"exit 1"_s;
}

void TestWorkbench::openTrace()
{
    QFETCH(QByteArray, json);
    QFETCH(QStringList, commands);
    QFETCH(QString, firstOutput);
    QFETCH(QString, lastBadge);
    const QString path = m_files.filePath(u"trace.json"_s);
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(json);
    f.close();

    const auto window = createWindow();
    QVERIFY(window);
    FileDialog::setNextFileName(path);
    window->findChild<QAction *>(u"OpenTraceAction"_s)->trigger();
    QTRY_COMPARE(window->conversationCount(), 2);
    auto *list = window->findChild<QListWidget *>(u"ConversationList"_s);
    QAbstractItemModelTester tester(list->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(list->currentItem()->text(), u"Trace: trace.json"_s);
    ShellCallPanel *panel = window->currentShellPanel();
    QCOMPARE(panel->views().size(), 1);
    ShellCallView *view = panel->views().first();
    QCOMPARE(view->commandViews().size(), commands.size());
    for (int i = 0; i < commands.size(); ++i)
        QCOMPARE(view->commandViews()[i]->command(), commands[i]);
    QCOMPARE(view->commandViews()[0]->outputText(), firstOutput);
    QCOMPARE(view->commandViews().last()->badgeText(), lastBadge);
    QVERIFY(panel->findChild<QPushButton *>(u"RerunButton"_s)->isVisible());

    if (QTest::currentDataTag() == "messages"_ba) {
        // Re-run locally: the same commands in this conversation's new container.
        QTest::mouseClick(panel->findChild<QPushButton *>(u"RerunButton"_s), Qt::LeftButton);
        QTRY_COMPARE(panel->comparisons().size(), 1);
        TraceComparisonView *rerun = panel->comparisons().first();
        QTRY_VERIFY_WITH_TIMEOUT(rerun->isFinished(), 60000);
        QCOMPARE(rerun->call()->results().at(0).stdoutText, u"traced\n"_s);
        QCOMPARE(rerun->call()->results().at(1).outcome, CommandOutcome::exit(1));
        // The same output and outcomes as the trace: nothing differs.
        QCOMPARE(rerun->badgeText(0), u"same"_s);
        QCOMPARE(rerun->badgeText(1), u"same"_s);
        QVERIFY2(rerun->summaryText().startsWith(u"All 2 command"_s), qPrintable(rerun->summaryText()));
        QCOMPARE(rerun->call()->containerId(), window->currentContainer()->id());
    }

    // Not a trace: an inline error, no new conversation.
    const QString bad = m_files.filePath(u"bad.json"_s);
    QFile b(bad);
    QVERIFY(b.open(QIODevice::WriteOnly | QIODevice::Truncate));
    b.write("{\"nothing\":true}");
    b.close();
    FileDialog::setNextFileName(bad);
    window->findChild<QAction *>(u"OpenTraceAction"_s)->trigger();
    QCOMPARE(window->conversationCount(), 2);
    QTRY_VERIFY(window->currentChat()->findChild<QWidget *>(u"ChatError"_s)->isVisible());
}

void TestWorkbench::snapshot(QWidget *widget, const QString &name)
{
    const QString dir = qEnvironmentVariable("SANDBENCH_TEST_SCREENSHOTS");
    if (dir.isEmpty())
        return;
    QTest::qWait(200); // let layouts settle
    widget->grab().save(dir + u"/workbench-"_s + name + u".png"_s);
}

// A whole saved Response (the openai SDK's Response type with Sandbench's openrouter:shell item): the viewer
// shows its text, items, model, usage, cost and container, and a local re-run beside it, command by command.
void TestWorkbench::traceShowsEverythingAndComparesRerun()
{
    const QByteArray json = R"({"id":"resp_trace1","object":"response","created_at":1760000000,
        "status":"completed","model":"openai/gpt-5.1",
        "output":[
          {"type":"reasoning","id":"rs_1","summary":[{"type":"summary_text","text":"Run three commands."}]},
          {"type":"message","id":"msg_1","status":"completed","role":"assistant",
           "content":[{"type":"output_text","text":"I will check the sandbox.","annotations":[]}]},
          {"type":"openrouter:shell","id":"sh_1","call_id":"call_1","status":"completed","container_id":"sess_hostedABC",
           "action":{"commands":["echo same-everywhere","printf 'one\\ntwo\\n'","exit 3"],
                     "timeout_ms":120000,"max_output_length":16384},
           "output":[{"stdout":"same-everywhere\n","stderr":"","outcome":{"type":"exit","exit_code":0}},
                     {"stdout":"one\nTWO\n","stderr":"","outcome":{"type":"exit","exit_code":0}},
                     {"stdout":"","stderr":"","outcome":{"type":"exit","exit_code":0}}]},
          {"type":"message","id":"msg_2","status":"completed","role":"assistant",
           "content":[{"type":"output_text","text":"All three commands ran.","annotations":[]}]}],
        "usage":{"input_tokens":1500,"input_tokens_details":{"cached_tokens":0,"cache_write_tokens":0},
                 "output_tokens":90,"output_tokens_details":{"reasoning_tokens":12},"total_tokens":1590,
                 "server_tool_cost":0.0063},
        "container_id":"sess_hostedABC"})";
    const QString path = m_files.filePath(u"full-trace.json"_s);
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(json);
    f.close();

    const auto window = createWindow();
    QVERIFY(window);
    window->resize(1400, 900);
    QVERIFY(window->openTrace(path));
    ShellCallPanel *panel = window->currentShellPanel();
    auto *summary = qobject_cast<TraceSummaryView *>(panel->traceSummary());
    QVERIFY(summary);
    QCOMPARE(summary->factText(u"TraceModel"_s), u"openai/gpt-5.1"_s);
    QCOMPARE(summary->factText(u"TraceId"_s), u"resp_trace1"_s);
    QCOMPARE(summary->factText(u"TraceContainer"_s), u"sess_hostedABC"_s);
    const QLocale locale;
    QVERIFY2(summary->factText(u"TraceUsage"_s).contains(locale.toString(1500)) &&
                 summary->factText(u"TraceUsage"_s).contains(locale.toString(1590)),
             qPrintable(summary->factText(u"TraceUsage"_s)));
    QVERIFY2(summary->factText(u"TraceCost"_s).contains(locale.toString(0.0063, 'f', 4)),
             qPrintable(summary->factText(u"TraceCost"_s)));
    QCOMPARE(summary->itemLines().size(), 4);
    QVERIFY(summary->itemLines()[0].contains(u"Run three commands."_s));
    QVERIFY(summary->itemLines()[2].contains(u"printf"_s));
    QCOMPARE(summary->findChild<QPlainTextEdit *>(u"TraceText"_s)->toPlainText(),
             u"I will check the sandbox.\n\nAll three commands ran."_s);

    // The call names the trace's container and carries the trace's cost, not "cost —".
    QCOMPARE(panel->views().size(), 1);
    ShellCallView *traced = panel->views().first();
    QVERIFY(traced->isFromTrace());
    QVERIFY(traced->findChild<QLabel *>(u"CallContainer"_s)->text().contains(u"sess_hostedABC"_s));
    QVERIFY2(traced->costText().contains(locale.toString(0.0063, 'f', 4)), qPrintable(traced->costText()));
    QCOMPARE(traced->elapsedText(), u"from trace"_s);

    // The conversation shows the items in order: the assistant's texts as its answers.
    ChatWidget *chat = window->currentChat();
    QStringList answers;
    for (MessageBubble *b : chat->bubbles())
        if (b->role() == MessageBubble::Role::Assistant)
            answers.append(b->text());
    QCOMPARE(answers, (QStringList{u"I will check the sandbox."_s, u"All three commands ran."_s}));
    auto *facts = chat->findChild<MessageBubble *>(u"TraceFacts"_s);
    QVERIFY(facts);
    QVERIFY2(facts->text().contains(u"openai/gpt-5.1"_s) && facts->text().contains(u"sess_hostedABC"_s),
             qPrintable(facts->text()));
    snapshot(window.get(), u"trace"_s);

    // Re-run: the trace and the local run side by side, each command marked same or differs.
    QTest::mouseClick(panel->findChild<QPushButton *>(u"RerunButton"_s), Qt::LeftButton);
    QTRY_COMPARE(panel->comparisons().size(), 1);
    TraceComparisonView *comparison = panel->comparisons().first();
    QTRY_VERIFY_WITH_TIMEOUT(comparison->isFinished(), 60000);
    QCOMPARE(comparison->commandCount(), 3);
    QCOMPARE(comparison->badgeText(0), u"same"_s);
    QCOMPARE(comparison->verdict(0), TraceComparisonView::Verdict::Same);
    QCOMPARE(comparison->badgeText(1), u"differs"_s);
    QCOMPARE(comparison->differences(1), QStringList{u"stdout"_s});
    QCOMPARE(comparison->differences(2), QStringList{u"outcome"_s});
    QVERIFY2(comparison->summaryText().startsWith(u"2 of 3 command"_s),
             qPrintable(comparison->summaryText()));
    // The differing stream is marked on both sides, its differing line highlighted.
    const QList<QWidget *> rows = comparison->findChildren<QWidget *>(u"CompareCommand"_s);
    QCOMPARE(rows.size(), 3);
    const auto *localOut = rows[1]->findChild<QPlainTextEdit *>(u"LocalStdout"_s);
    QCOMPARE(localOut->toPlainText(), u"one\ntwo\n"_s);
    QCOMPARE(rows[1]->findChild<QPlainTextEdit *>(u"TraceStdout"_s)->toPlainText(), u"one\nTWO\n"_s);
    QCOMPARE(localOut->extraSelections().size(), 1);
    QCOMPARE(localOut->extraSelections().first().cursor.block().text(), u"two"_s);
    QVERIFY(rows[0]->findChild<QPlainTextEdit *>(u"LocalStdout"_s)->extraSelections().isEmpty());
    QVERIFY(!rows[1]->findChild<QLabel *>(u"CompareStdoutLabel"_s)->styleSheet().isEmpty());
    QVERIFY(rows[1]->findChild<QLabel *>(u"CompareStderrLabel"_s)->styleSheet().isEmpty());
    QCOMPARE(rows[2]->findChild<QLabel *>(u"LocalOutcome"_s)->text(), u"exit 3"_s);
    QCOMPARE(rows[2]->findChild<QLabel *>(u"TraceOutcome"_s)->text(), u"exit 0"_s);
    QVERIFY(comparison->findChild<QLabel *>(u"ComparisonTitle"_s)
                ->text()
                .contains(window->currentContainer()->id()));
    auto *scroll = panel->findChild<QScrollArea *>(u"ShellCallScroll"_s);
    scroll->ensureWidgetVisible(comparison);
    snapshot(panel, u"trace-comparison-panel"_s);
    snapshot(window.get(), u"trace-comparison"_s);
}

// After a restart the window's own saved calls show their time; only an opened trace's calls say "from
// trace".
void TestWorkbench::restartKeepsOriginsOfCalls()
{
    addProvider(u"responses"_s);
    m_fake->setScript(
        {FakeStep::toolCall(u"shell"_s, QJsonObject{{u"commands"_s, QJsonArray{u"echo ours"_s}}}),
         FakeStep::answer(u"done"_s)});
    m_fake->setModels({u"fake-model"_s});
    const QString tracePath = m_files.filePath(u"restart-trace.json"_s);
    {
        QFile f(tracePath);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(R"({"object":"response","model":"m","output":[{"type":"openrouter:shell","call_id":"c1",
            "container_id":"sess_t","action":{"commands":["echo traced"]},
            "output":[{"stdout":"traced\n","stderr":"","outcome":{"type":"exit","exit_code":0}}]}]})");
    }
    {
        const auto window = createWindow();
        QVERIFY(window);
        pickModel(window.get(), u"fake/fake-model"_s);
        ChatWidget *chat = window->currentChat();
        QTest::keyClicks(chat->findChild<QPlainTextEdit *>(u"MessageInput"_s), u"run it"_s);
        QTest::mouseClick(chat->findChild<QPushButton *>(u"SendButton"_s), Qt::LeftButton);
        QTRY_COMPARE(window->currentShellPanel()->views().size(), 1);
        QTRY_COMPARE_WITH_TIMEOUT(window->currentShellPanel()->views().first()->statusText(), u"Completed"_s,
                                  60000);
        QTRY_VERIFY(!chat->session()->isBusy());
        QVERIFY(!window->currentShellPanel()->views().first()->isFromTrace());
        QVERIFY(window->openTrace(tracePath));
        window->close();
    }
    const auto again = createWindow();
    QVERIFY(again);
    QCOMPARE(again->conversationCount(), 2);
    auto *list = again->findChild<QListWidget *>(u"ConversationList"_s);
    int ordinary = -1;
    int trace = -1;
    for (int i = 0; i < list->count(); ++i)
        (list->item(i)->text().startsWith(u"Trace: "_s) ? trace : ordinary) = i;
    QVERIFY(ordinary >= 0 && trace >= 0);
    list->setCurrentRow(ordinary);
    ShellCallPanel *panel = again->currentShellPanel();
    QCOMPARE(panel->views().size(), 1);
    ShellCallView *restored = panel->views().first();
    QVERIFY(!restored->isFromTrace());
    QVERIFY2(restored->elapsedText() != u"from trace"_s && !restored->elapsedText().isEmpty(),
             qPrintable(restored->elapsedText()));
    QCOMPARE(restored->commandViews().first()->outputText(), u"ours\n"_s);
    QVERIFY(!panel->findChild<QPushButton *>(u"RerunButton"_s)->isVisible());

    // The trace's conversation keeps its calls as the trace's, and they can still be re-run.
    list->setCurrentRow(trace);
    panel = again->currentShellPanel();
    QCOMPARE(panel->views().size(), 1);
    QVERIFY(panel->views().first()->isFromTrace());
    QCOMPARE(panel->views().first()->elapsedText(), u"from trace"_s);
    QTest::mouseClick(panel->findChild<QPushButton *>(u"RerunButton"_s), Qt::LeftButton);
    QTRY_COMPARE(panel->comparisons().size(), 1);
    QTRY_VERIFY_WITH_TIMEOUT(panel->comparisons().first()->isFinished(), 60000);
    QCOMPARE(panel->comparisons().first()->badgeText(0), u"same"_s);
}

void TestWorkbench::modelPickerListsProviderModels()
{
    addProvider(u"chat"_s);
    m_fake->setModels({u"alpha"_s, u"beta"_s});
    const auto window = createWindow();
    QVERIFY(window);
    auto *picker = window->findChild<QComboBox *>(u"ModelPicker"_s);
    QAbstractItemModelTester tester(picker->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QTRY_VERIFY(picker->findData(u"fake/alpha"_s) >= 0);
    QVERIFY(picker->findData(u"fake/beta"_s) >= 0);
    QVERIFY(picker->findText(u"fake/alpha"_s) >= 0);
    // The scripted provider is there too and says what it is.
    const int scripted = picker->findText(u"Scripted: sales-demo"_s);
    QVERIFY(scripted >= 0);
    picker->setCurrentIndex(scripted);
    auto *header = window->currentChat()->findChild<QLabel *>(u"ChatHeader"_s);
    QVERIFY2(header->text().startsWith(u"Scripted: sales-demo"_s), qPrintable(header->text()));
    QVERIFY(header->text().contains(u"no model is asked"_s));
    picker->setCurrentIndex(picker->findData(u"fake/beta"_s));
    QCOMPARE(header->text(), u"Model: fake/beta"_s);
    QCOMPARE(window->settings()->lastModel(), u"fake/beta"_s);
}

void TestWorkbench::scriptedConversation()
{
    const QString csv = m_files.filePath(u"sales.csv"_s);
    QVERIFY(QFile::copy(u":/samples/sales.csv"_s, csv) || QFile::exists(csv));
    const auto window = createWindow();
    QVERIFY(window);
    auto *picker = window->findChild<QComboBox *>(u"ModelPicker"_s);
    QTRY_VERIFY(picker->findText(u"Scripted: sales-demo"_s) >= 0);
    picker->setCurrentIndex(picker->findText(u"Scripted: sales-demo"_s));
    FileDialog::setNextFileName(csv);
    window->findChild<QAction *>(u"AttachAction"_s)->trigger();
    auto *chat = window->currentChat();
    QTRY_VERIFY(chat->findChild<QToolButton *>(u"AttachmentChip"_s));
    QTest::keyClicks(chat->findChild<QPlainTextEdit *>(u"MessageInput"_s), u"Which region sells most?"_s);
    chat->sendCurrentText();
    ShellCallPanel *panel = window->currentShellPanel();
    QTRY_COMPARE(panel->views().size(), 1);
    QTRY_COMPARE_WITH_TIMEOUT(panel->views().first()->statusText(), u"Completed"_s, 60000);
    QVERIFY(panel->views().first()->commandViews()[0]->outputText().startsWith(u"date,region,product"_s));
    QVERIFY(panel->views().first()->commandViews()[2]->outputText().contains(u"South"_s));
    QTRY_VERIFY(!chat->session()->isBusy());
    QVERIFY(chat->bubbles().last()->renderedText().contains(u"South"_s));
}

QString TestWorkbench::askDemo(MainWindow *window, const QString &attach)
{
    auto *picker = window->findChild<QComboBox *>(u"ModelPicker"_s);
    if (!QTest::qWaitFor([&] { return picker->findText(u"Scripted: sales-demo"_s) >= 0; }))
        return u"(no demo model)"_s;
    picker->setCurrentIndex(picker->findText(u"Scripted: sales-demo"_s));
    auto *chat = window->currentChat();
    if (!attach.isEmpty()) {
        FileDialog::setNextFileName(attach);
        window->findChild<QAction *>(u"AttachAction"_s)->trigger();
        if (!QTest::qWaitFor([&] { return chat->findChild<QToolButton *>(u"AttachmentChip"_s) != nullptr; }))
            return u"(not attached)"_s;
    }
    QTest::keyClicks(chat->findChild<QPlainTextEdit *>(u"MessageInput"_s), u"Which region sells most?"_s);
    chat->sendCurrentText();
    if (!QTest::qWaitFor([&] { return window->currentShellPanel()->views().size() == 1; }, 10000) ||
        !QTest::qWaitFor([&] { return !chat->session()->isBusy(); }, 90000))
        return u"(no answer)"_s;
    return chat->bubbles().last()->renderedText();
}

void TestWorkbench::demoWithoutFileUsesItsSample()
{
    const auto window = createWindow();
    QVERIFY(window);
    const QString answer = askDemo(window.get(), QString());
    auto *chat = window->currentChat();
    // It says that it brought its own file, and the file is in the sandbox.
    auto *note = chat->findChild<MessageBubble *>(u"SampleNote"_s);
    QVERIFY(note);
    QVERIFY2(note->renderedText().contains(u"attached its own sample, sales.csv"_s),
             qPrintable(note->renderedText()));
    ShellCallView *call = window->currentShellPanel()->views().first();
    QCOMPARE(call->statusText(), u"Completed"_s);
    QCOMPARE(call->commandViews().size(), 3);
    const QString summary = call->commandViews()[2]->outputText();
    QVERIFY2(summary.contains(u"sells the most"_s), qPrintable(summary));
    // Every figure in the answer is one the commands printed.
    static const QRegularExpression figure(
        u"\\$[0-9,]+\\.[0-9]{2}|[0-9]+ orders|[0-9]+ [A-Z][a-z]+ 20[0-9]{2}"_s);
    int figures = 0;
    for (auto it = figure.globalMatch(answer); it.hasNext(); ++figures) {
        const QString f = it.next().captured();
        QVERIFY2(summary.contains(f), qPrintable(u"%1 is not in the tool output:\n%2"_s.arg(f, summary)));
    }
    QVERIFY2(figures >= 6, qPrintable(answer));
    QVERIFY2(answer.contains(u"by quarter"_s), qPrintable(answer)); // the chart it offers is by quarter
    // The sample is an upload entry of its own, older than every command's, and no command's entry has it.
    Container *container = window->currentContainer();
    container->historyStore()->waitForIdle();
    QFuture<HistoryResult<QList<HistoryEntry>>> history = container->history();
    QTRY_VERIFY(history.isFinished());
    QVERIFY2(history.result(), qPrintable(history.result().error));
    const QList<HistoryEntry> entries = *history.result().value;
    QCOMPARE(entries.size(), 4); // the upload and the three commands, newest first
    QCOMPARE(entries.last().kind, EntryKind::Upload);
    QCOMPARE(entries.last().command, u"sales.csv"_s);
    QCOMPARE(entries.last().added, 1);
    for (qsizetype i = 0; i + 1 < entries.size(); ++i) {
        QCOMPARE(entries.at(i).kind, EntryKind::Command);
        QFuture<HistoryResult<QList<FileChange>>> changes = container->changes(entries.at(i).commitId);
        QTRY_VERIFY(changes.isFinished());
        const HistoryResult<QList<FileChange>> listed = changes.result();
        QVERIFY(listed.value);
        for (const FileChange &change : *listed.value)
            QVERIFY2(change.path != u"sales.csv"_s, qPrintable(entries.at(i).command));
    }
}

void TestWorkbench::demoStopsWhenItsCommandsFail()
{
    // A sales.csv without the columns the demo reads: its summary fails, and it must not answer anyway.
    const QString csv = QDir(m_files.path()).filePath(u"wrong/sales.csv"_s);
    QVERIFY(QDir().mkpath(QFileInfo(csv).path()));
    QFile file(csv);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("city,visits\nOslo,3\nLima,5\n");
    file.close();
    const auto window = createWindow();
    QVERIFY(window);
    const QString answer = askDemo(window.get(), csv);
    QVERIFY(!window->currentChat()->findChild<MessageBubble *>(u"SampleNote"_s));
    ShellCallView *call = window->currentShellPanel()->views().first();
    QVERIFY2(call->commandViews()[2]->outputText().contains(u"Traceback"_s),
             qPrintable(call->commandViews()[2]->outputText()));
    QVERIFY2(answer.contains(u"I could not finish"_s) && answer.contains(u"exit code 1"_s) &&
                 answer.contains(u"Traceback"_s),
             qPrintable(answer));
    QVERIFY2(!answer.contains(u"sells the most"_s) && !answer.contains(u'$'), qPrintable(answer));
}

void TestWorkbench::providerSettingsKeepKeysOutOfPlainText()
{
    m_fake->setModels({u"local-llm"_s});
    const auto window = createWindow();
    QVERIFY(window);
    // The fake stands in for a local server on one of the probed ports.
    window->settings()->setValue(Settings::Key::LocalServerPorts, QString::number(m_fake->port()));
    window->findChild<QAction *>(u"ProvidersAction"_s)->trigger();
    // The providers page of the Settings window.
    QWidget *dialog = nullptr;
    QTRY_VERIFY((dialog = window->findChild<QWidget *>(u"ProviderSettingsPage"_s)) && dialog->isVisible());

    QTest::mouseClick(dialog->findChild<QPushButton *>(u"DetectButton"_s), Qt::LeftButton);
    auto *local = dialog->findChild<QListWidget *>(u"LocalServers"_s);
    QTRY_COMPARE(local->count(), 1);
    QVERIFY2(local->item(0)->text().contains(m_fake->baseUrl().toString()),
             qPrintable(local->item(0)->text()));
    Q_EMIT local->itemActivated(local->item(0));
    QCOMPARE(dialog->findChild<QLineEdit *>(u"ProviderBaseUrl"_s)->text(), m_fake->baseUrl().toString());

    dialog->findChild<QLineEdit *>(u"ProviderName"_s)->setText(u"local"_s);
    dialog->findChild<QLineEdit *>(u"ProviderKey"_s)->setText(u"sk-secret-123"_s);
    QTest::mouseClick(dialog->findChild<QPushButton *>(u"SaveProviderButton"_s), Qt::LeftButton);

    // Saved, and its models reach the picker.
    QTRY_VERIFY(window->findChild<QComboBox *>(u"ModelPicker"_s)->findData(u"local/local-llm"_s) >= 0);
    auto *message = dialog->findChild<QWidget *>(u"ProviderMessage"_s);
    QTRY_VERIFY(message->isVisible());
    const QString text = message->findChild<QLabel *>(u"InlineMessageText"_s)->text();
    // Either a keychain stored it or the message says why not; the key never lands in a file.
    QVERIFY2(text.contains(u"keychain"_s), qPrintable(text));
    QDirIterator it(m_dataDir->path(), QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QFile f(it.next());
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY2(!f.readAll().contains("sk-secret-123"), qPrintable(f.fileName()));
    }
    window->settings()->reset(Settings::Key::LocalServerPorts);
}

QTEST_MAIN(TestWorkbench)
#include "test_workbench.moc"
