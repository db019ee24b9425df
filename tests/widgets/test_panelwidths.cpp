// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 31 point 16 on the real MainWindow: the side columns keep their share of the window's width when it
// grows (maximised, or opened larger than they were saved at), and keep their width while the chat's content
// changes (an attachment, the inline approval prompt, a trace re-run).
#include "base/settings.h"
#include "base/workspacesettings.h"
#include "chat/chatwidget.h"
#include "sandbox/history/containerregistry.h"
#include "shellcalls/shellcallview.h"
#include "shellcalls/tracecomparison.h"
#include "window/mainwindow.h"

#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStandardPaths>
#include <QStyle>
#include <QTemporaryDir>
#include <QTest>
#include <QWindow>

#include <memory>

using namespace Qt::StringLiterals;

class TestPanelWidths final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void savedWidthsScaleToALargerWindow();
    void widthsFollowAMaximisedWindow();
    void widthsStayWhileTheChatChanges();
    void aDraggedSeparatorIsTheNewShare();
    void brokenSavedSharesAreIgnored();

private:
    std::unique_ptr<MainWindow> openWindow(const QSize &size);
    static int widthOf(MainWindow *window, const QString &dock);
    // Lets the layout settle: every posted event and zero timer has run twice.
    static void settle();

    QTemporaryDir m_dataDir;
};

void TestPanelWidths::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dataDir.isValid());
}

void TestPanelWidths::init()
{
    Settings().reset(Settings::Key::WindowState);
    Settings().reset(Settings::Key::WindowGeometry);
    Settings().reset(Settings::Key::WindowPanelShares);
}

std::unique_ptr<MainWindow> TestPanelWidths::openWindow(const QSize &size)
{
    auto window = std::make_unique<MainWindow>(m_dataDir.path(), u"test"_s);
    window->resize(size);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        return nullptr;
    settle();
    return window;
}

int TestPanelWidths::widthOf(MainWindow *window, const QString &dock)
{
    return window->findChild<QDockWidget *>(dock)->width();
}

void TestPanelWidths::settle()
{
    for (int i = 0; i < 3; ++i) {
        QCoreApplication::sendPostedEvents();
        QTest::qWait(20);
    }
}

// Widths saved at 1024×600 and the window opened at 1920×1080: each column gets its share of the room, the
// chat does not take all of it.
void TestPanelWidths::savedWidthsScaleToALargerWindow()
{
    double left = 0;
    double right = 0;
    {
        std::unique_ptr<MainWindow> small = openWindow(QSize(1024, 600));
        QVERIFY(small);
        left = double(widthOf(small.get(), u"ConversationsDock"_s)) / small->width();
        right = double(widthOf(small.get(), u"ShellCallsDock"_s)) / small->width();
        QVERIFY2(left > 0.1 && right > 0.2, qPrintable(u"%1 %2"_s.arg(left).arg(right)));
        small->close(); // saves the window's state, as quitting does
    }
    std::unique_ptr<MainWindow> large = openWindow(QSize(1920, 1080));
    QVERIFY(large);
    QCOMPARE(large->width(), 1920);
    const int conversations = widthOf(large.get(), u"ConversationsDock"_s);
    const int shell = widthOf(large.get(), u"ShellCallsDock"_s);
    QVERIFY2(qAbs(conversations - left * 1920) <= 8,
             qPrintable(u"conversations %1, expected %2"_s.arg(conversations).arg(left * 1920)));
    QVERIFY2(qAbs(shell - right * 1920) <= 8,
             qPrintable(u"shell calls %1, expected %2"_s.arg(shell).arg(right * 1920)));
    const int chat = large->currentChat()->width();
    QVERIFY2(chat < 1920 * (1 - left - right) + 24, qPrintable(u"chat %1"_s.arg(chat)));
}

// The same window made larger while it is open (maximised) and back: the columns follow.
void TestPanelWidths::widthsFollowAMaximisedWindow()
{
    std::unique_ptr<MainWindow> window = openWindow(QSize(1024, 600));
    QVERIFY(window);
    const double left = double(widthOf(window.get(), u"ConversationsDock"_s)) / window->width();
    const double right = double(widthOf(window.get(), u"ShellCallsDock"_s)) / window->width();
    window->resize(1920, 1080);
    settle();
    QTRY_VERIFY2(qAbs(widthOf(window.get(), u"ShellCallsDock"_s) - right * 1920) <= 8,
                 qPrintable(QString::number(widthOf(window.get(), u"ShellCallsDock"_s))));
    QVERIFY(qAbs(widthOf(window.get(), u"ConversationsDock"_s) - left * 1920) <= 8);
    window->resize(1366, 768);
    settle();
    QTRY_VERIFY(qAbs(widthOf(window.get(), u"ShellCallsDock"_s) - right * 1366) <= 8);
    QVERIFY(qAbs(widthOf(window.get(), u"ConversationsDock"_s) - left * 1366) <= 8);
}

// An attachment with a long name, the approval prompt with a long command and a trace re-run leave the
// columns where they were.
void TestPanelWidths::widthsStayWhileTheChatChanges()
{
    QString error;
    WorkspaceSettings settings(ContainerRegistry(m_dataDir.path()).workspaceDir(u"test"_s));
    QVERIFY(settings.load(&error));
    settings.setApprovalPolicy(ApprovalPolicy{ApprovalMode::Ask, {}, 300});
    QVERIFY2(settings.save(&error), qPrintable(error));

    std::unique_ptr<MainWindow> window = openWindow(QSize(1366, 768));
    QVERIFY(window);
    const int left = widthOf(window.get(), u"ConversationsDock"_s);
    const int right = widthOf(window.get(), u"ShellCallsDock"_s);
    const auto unchanged = [&](const char *after) {
        settle();
        const int nowLeft = widthOf(window.get(), u"ConversationsDock"_s);
        const int nowRight = widthOf(window.get(), u"ShellCallsDock"_s);
        QVERIFY2(qAbs(nowLeft - left) <= 1 && qAbs(nowRight - right) <= 1,
                 qPrintable(u"after %1: %2/%3 were %4/%5"_s.arg(QLatin1StringView(after))
                                .arg(nowLeft)
                                .arg(nowRight)
                                .arg(left)
                                .arg(right)));
    };

    // An attachment whose name is longer than the chat is wide.
    QTemporaryDir files;
    const QString csv =
        files.filePath(u"quarterly-revenue-by-region-and-product-line-"_s + QString(80, u'x') + u".csv"_s);
    QFile file(csv);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("region,revenue\nnorth,1\n");
    file.close();
    window->attachFile(csv);
    QTRY_VERIFY(!window->currentChat()->pendingAttachments().isEmpty());
    unchanged("an attachment");

    // The approval prompt with one long command line.
    QVERIFY(QDir().mkpath(window->scriptsDir()));
    const QString command = u"echo "_s + QString(300, u'w');
    const QJsonObject script{
        {u"name"_s, u"widths"_s},
        {u"steps"_s,
         QJsonArray{QJsonObject{{u"tool_calls"_s,
                                 QJsonArray{QJsonObject{
                                     {u"name"_s, u"shell"_s},
                                     {u"arguments"_s, QJsonObject{{u"commands"_s, QJsonArray{command}}}}}}}},
                    QJsonObject{{u"text"_s, u"ok"_s}}}}};
    const QString path = window->scriptsDir() + u"/widths.json"_s;
    QFile scriptFile(path);
    QVERIFY(scriptFile.open(QIODevice::WriteOnly));
    scriptFile.write(QJsonDocument(script).toJson());
    scriptFile.close();
    window->refreshModels();
    auto *picker = window->findChild<QComboBox *>(u"ModelPicker"_s);
    QTRY_VERIFY(picker->findData(QString(u"scripted:"_s + path)) >= 0);
    picker->setCurrentIndex(picker->findData(QString(u"scripted:"_s + path)));
    ChatWidget *chat = window->currentChat();
    chat->findChild<QPlainTextEdit *>(u"MessageInput"_s)->setPlainText(u"Go"_s);
    chat->sendCurrentText();
    auto *prompt = window->findChild<QFrame *>(u"ApprovalPrompt"_s);
    QTRY_VERIFY_WITH_TIMEOUT(prompt->isVisible(), 30000);
    unchanged("the approval prompt");
    QTest::mouseClick(prompt->findChild<QPushButton *>(u"ApprovalDeny"_s), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!chat->session()->isBusy(), 30000);
    unchanged("the denied call");

    // A trace with two commands, opened and re-run beside the trace.
    const QString trace = files.filePath(u"trace.json"_s);
    QFile traceFile(trace);
    QVERIFY(traceFile.open(QIODevice::WriteOnly));
    traceFile.write(R"json({"id":"resp_t","output":[
        {"type":"openrouter:shell","id":"sh_1","call_id":"call_1","status":"completed","container_id":"sess_t",
         "action":{"commands":["echo one","echo two-with-a-longer-line-of-output"]},
         "output":[{"stdout":"one\n","stderr":"","outcome":{"type":"exit","exit_code":0}},
                   {"stdout":"two\n","stderr":"","outcome":{"type":"exit","exit_code":0}}]}]})json");
    traceFile.close();
    QVERIFY(window->openTrace(trace));
    unchanged("opening a trace");
    auto *rerun = window->currentShellPanel()->findChild<QPushButton *>(u"RerunButton"_s);
    QTRY_VERIFY(rerun->isVisible());
    QTest::mouseClick(rerun, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!window->currentShellPanel()->comparisons().isEmpty(), 30000);
    unchanged("a trace re-run");
    settings.setApprovalPolicy(ApprovalPolicy{ApprovalMode::RunAll, {}, 300});
    QVERIFY(settings.save(&error));
}

// A person drags the separator between the chat and the shell calls: that width stays (it is not put back as
// a layout pass would be) and is the share the column keeps when the window grows.
void TestPanelWidths::aDraggedSeparatorIsTheNewShare()
{
    std::unique_ptr<MainWindow> window = openWindow(QSize(1366, 768));
    QVERIFY(window);
    auto *shell = window->findChild<QDockWidget *>(u"ShellCallsDock"_s);
    const int before = shell->width();
    // The separator lies just left of the dock; dragging it 150 px left widens the column by as much.
    // Through the window system, as a real mouse: the application knows the button is down.
    QWindow *handle = window->windowHandle();
    const int extent =
        window->style()->pixelMetric(QStyle::PM_DockWidgetSeparatorExtent, nullptr, window.get());
    const QPoint grip(shell->geometry().left() - extent / 2 - 1, shell->geometry().center().y());
    QTest::mousePress(handle, Qt::LeftButton, {}, grip);
    for (int step = 1; step <= 5; ++step)
        QTest::mouseMove(handle, grip - QPoint(30 * step, 0));
    QTest::mouseRelease(handle, Qt::LeftButton, {}, grip - QPoint(150, 0));
    settle();
    const int dragged = shell->width();
    QVERIFY2(dragged > before + 100, qPrintable(u"%1 -> %2"_s.arg(before).arg(dragged)));
    window->resize(1920, 1080);
    settle();
    QTRY_VERIFY2(qAbs(shell->width() - double(dragged) / 1366 * 1920) <= 8,
                 qPrintable(u"%1, expected %2"_s.arg(shell->width()).arg(double(dragged) / 1366 * 1920)));
}

// Shares that are not numbers, or would leave the chat no room, are not applied: the window opens with the
// widths its state saved.
void TestPanelWidths::brokenSavedSharesAreIgnored()
{
    for (int run = 0; run < 2; ++run) {
        std::unique_ptr<MainWindow> window = openWindow(QSize(1366, 768));
        QVERIFY(window);
        window->close();
    }
    // What the saved state gives without shares.
    int savedRight = 0;
    {
        Settings().reset(Settings::Key::WindowPanelShares);
        std::unique_ptr<MainWindow> window = openWindow(QSize(1366, 768));
        QVERIFY(window);
        savedRight = widthOf(window.get(), u"ShellCallsDock"_s);
        window->close();
    }
    Settings().setValue(Settings::Key::WindowPanelShares,
                        QVariantMap{{u"width"_s, -5}, {u"left"_s, u"a lot"_s}, {u"right"_s, 12.0}});
    std::unique_ptr<MainWindow> window = openWindow(QSize(1366, 768));
    QVERIFY(window);
    QVERIFY2(qAbs(widthOf(window.get(), u"ShellCallsDock"_s) - savedRight) <= 8,
             qPrintable(QString::number(widthOf(window.get(), u"ShellCallsDock"_s))));
    QVERIFY(window->currentChat()->width() > 300);
    Settings().setValue(Settings::Key::WindowPanelShares,
                        QVariantMap{{u"left"_s, qQNaN()}, {u"right"_s, -0.3}});
    window->close();
}

QTEST_MAIN(TestPanelWidths)
#include "test_panelwidths.moc"
