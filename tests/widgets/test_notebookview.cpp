// SPDX-License-Identifier: GPL-3.0-or-later
// The window is a notebook (issue 29, point 4; issue 31, point 20): a Python cell's outputs show as Jupyter
// shows them — text, tables rendered from the kernel's HTML as plain rich text, image/png inline — and an
// inline image has a context menu (copy, save, open at full size), a zoomable viewer, and shows once.
// Drives the real MainWindow offscreen against a real container and kernel; the model is a FakeUpstream.
#include "base/settings.h"
#include "chat/chatwidget.h"
#include "common/filedialog.h"
#include "common/imageviewer.h"
#include "common/inlineimage.h"
#include "common/inlinemessage.h"
#include "fakeupstream.h"
#include "files/filespanel.h"
#include "files/historymodel.h"
#include "files/historyview.h"
#include "gateway/logsreader.h"
#include "logs/logspanel.h"
#include "sandbox/container.h"
#include "shellcalls/celloutputview.h"
#include "shellcalls/shellcallview.h"
#include "window/mainwindow.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QContextMenuEvent>
#include <QDockWidget>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextEdit>
#include <QTextTable>
#include <QToolButton>
#include <QWheelEvent>

#include <memory>

using namespace Qt::StringLiterals;

class TestNotebookView final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void cellOutputsAsANotebook();
    void inlineImageMenuViewerAndSave();
    void savedChartShownOnce();
    void otherViewsShowCodeAndOutput();
    void restoredConversationKeepsItsCharts();

private:
    std::unique_ptr<MainWindow> createWindow();
    // Asks one question of a code-interpreter conversation whose model makes these Python calls, and waits
    // until every call's card has finished; *panel is set only then.
    void runCells(MainWindow *window, const QStringList &cells, ShellCallPanel **panel);
    static void snapshot(QWidget *widget, const QString &name);
    static QMenu *openContextMenu(QWidget *widget);

    std::unique_ptr<QTemporaryDir> m_dataDir;
    std::unique_ptr<FakeUpstream> m_fake;
    std::unique_ptr<MainWindow> m_window;
};

void TestNotebookView::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestNotebookView::init()
{
    Settings().reset(Settings::Key::WindowState);
    Settings().reset(Settings::Key::WindowGeometry);
    Settings().reset(Settings::Key::LastModel);
    m_dataDir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dataDir->isValid());
    m_fake = std::make_unique<FakeUpstream>();
    QVERIFY(m_fake->listen());
    QString error;
    QVERIFY2(m_fake->addAsProvider(m_dataDir->path(), u"test"_s, u"messages"_s, u"fake"_s, &error),
             qPrintable(error));
    m_fake->setModels({u"coder"_s});
}

void TestNotebookView::cleanup()
{
    m_window.reset();
    m_fake.reset();
    m_dataDir.reset();
}

std::unique_ptr<MainWindow> TestNotebookView::createWindow()
{
    auto window = std::make_unique<MainWindow>(m_dataDir->path(), u"test"_s);
    window->resize(1366, 768);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        return nullptr;
    return window;
}

void TestNotebookView::runCells(MainWindow *window, const QStringList &cells, ShellCallPanel **done)
{
    QList<FakeStep> steps;
    for (const QString &code : cells)
        steps.append(FakeStep::toolCall(u"python"_s, QJsonObject{{u"code"_s, code}}));
    steps.append(FakeStep::answer(u"Done."_s));
    m_fake->setScript(steps);
    auto *picker = window->findChild<QComboBox *>(u"ModelPicker"_s);
    QVERIFY(picker);
    QTRY_VERIFY_WITH_TIMEOUT(picker->findData(u"fake/coder"_s) >= 0, 10000);
    picker->setCurrentIndex(picker->findData(u"fake/coder"_s));
    auto *contracts = window->findChild<QComboBox *>(u"ToolContractPicker"_s);
    contracts->setCurrentIndex(contracts->findData(u"code_interpreter"_s));
    ChatWidget *chat = window->currentChat();
    QTest::keyClicks(chat->findChild<QPlainTextEdit *>(u"MessageInput"_s), u"Show me"_s);
    QTest::mouseClick(chat->findChild<QPushButton *>(u"SendButton"_s), Qt::LeftButton);
    ShellCallPanel *panel = window->currentShellPanel();
    QTRY_COMPARE_WITH_TIMEOUT(panel->views().size(), int(cells.size()), 120000);
    for (ShellCallView *view : panel->views())
        QTRY_COMPARE_WITH_TIMEOUT(view->statusText(), u"Completed"_s, 120000);
    QTRY_VERIFY_WITH_TIMEOUT(!chat->session()->isBusy(), 60000);
    *done = panel;
}

void TestNotebookView::snapshot(QWidget *widget, const QString &name)
{
    const QString dir = qEnvironmentVariable("SANDBENCH_TEST_SCREENSHOTS");
    if (dir.isEmpty())
        return;
    QTest::qWait(200); // let layouts settle
    widget->grab().save(dir + u"/notebook-"_s + name + u".png"_s);
}

QMenu *TestNotebookView::openContextMenu(QWidget *widget)
{
    QContextMenuEvent event(QContextMenuEvent::Mouse, widget->rect().center(),
                            widget->mapToGlobal(widget->rect().center()));
    QApplication::sendEvent(widget, &event);
    return qobject_cast<QMenu *>(QApplication::activePopupWidget());
}

namespace {
QStringList tableCells(const QTextEdit *view)
{
    // The text of every table cell the view's document holds, row by row.
    QStringList cells;
    for (QTextBlock b = view->document()->begin(); b.isValid(); b = b.next()) {
        auto *table = qobject_cast<QTextTable *>(QTextCursor(b).currentTable());
        if (!table)
            continue;
        for (int r = 0; r < table->rows(); ++r)
            for (int c = 0; c < table->columns(); ++c) {
                const QTextTableCell cell = table->cellAt(r, c);
                QTextCursor cursor = cell.firstCursorPosition();
                cursor.setPosition(cell.lastCursorPosition().position(), QTextCursor::KeepAnchor);
                cells.append(cursor.selectedText());
            }
        return cells;
    }
    return cells;
}

bool hasImageOrLink(const QTextDocument *doc)
{
    for (QTextBlock b = doc->begin(); b.isValid(); b = b.next())
        for (auto it = b.begin(); !it.atEnd(); ++it) {
            const QTextCharFormat f = it.fragment().charFormat();
            if (f.isImageFormat() || f.isAnchor() || !f.anchorHref().isEmpty())
                return true;
        }
    return false;
}
} // namespace

void TestNotebookView::cellOutputsAsANotebook()
{
    m_window = createWindow();
    QVERIFY(m_window);
    const QStringList cells{
        // A DataFrame as the last expression: Jupyter shows its HTML table.
        u"import pandas as pd\nprint('loaded')\n"
        "pd.DataFrame({'city': ['Oslo', 'Lyon', 'Kyoto'], 'sales': [120, 95, 210]})"_s,
        // HTML that tries everything: only its text and table remain.
        u"from IPython.display import HTML, display\n"
        "display(HTML('<script>alert(1)</script><style>td{color:red}</style><p onclick=\"x()\">Hi <b>bold</b>"
        "<img src=\"http://example.com/x.png\"><a href=\"file:///etc/passwd\">link</a></p>"
        "<iframe src=\"http://example.com\"></iframe><table><tr><th>k</th><td>v</td></tr></table>'))"_s,
        // A figure: image/png display data inline.
        u"import matplotlib.pyplot as plt\nplt.plot([1, 3, 2])\nplt.title('trend')\nplt.show()"_s,
    };
    ShellCallPanel *panel = nullptr;
    runCells(m_window.get(), cells, &panel);
    QVERIFY(panel);

    // The DataFrame: a real table with its rows, after what the cell printed; never the bridge's JSON.
    CommandOutputView *frame = panel->views().at(0)->commandViews().first();
    CellOutputView *cell = frame->cellView();
    QVERIFY2(cell, qPrintable(frame->outputText()));
    QCOMPARE(cell->tables().size(), 1);
    QCOMPARE(tableCells(cell->tables().first()),
             (QStringList{u""_s, u"city"_s, u"sales"_s, u"0"_s, u"Oslo"_s, u"120"_s, u"1"_s, u"Lyon"_s,
                          u"95"_s, u"2"_s, u"Kyoto"_s, u"210"_s}));
    QVERIFY(cell->tables().first()->isVisible());
    QCOMPARE(cell->text(), u"loaded\n"_s);
    QVERIFY(!frame->findChild<QPlainTextEdit *>(u"CommandOutput"_s)->isVisible());

    // Hostile HTML: text and the table, no script, style, image, link or frame.
    CellOutputView *hostile = panel->views().at(1)->commandViews().first()->cellView();
    QVERIFY(hostile);
    QCOMPARE(hostile->tables().size(), 1);
    const QString shown = hostile->tables().first()->toPlainText();
    QVERIFY2(shown.contains(u"Hi bold"_s) && shown.contains(u"link"_s), qPrintable(shown));
    for (const QString &bad : {u"alert"_s, u"color:red"_s, u"example.com"_s, u"passwd"_s, u"onclick"_s})
        QVERIFY2(!shown.contains(bad), qPrintable(shown));
    QCOMPARE(tableCells(hostile->tables().first()), (QStringList{u"k"_s, u"v"_s}));
    QVERIFY(!hasImageOrLink(hostile->tables().first()->document()));

    // The figure: an image inline, not "<Figure size 640x480 with 1 Axes>".
    CellOutputView *plot = panel->views().at(2)->commandViews().first()->cellView();
    QVERIFY(plot);
    QTRY_COMPARE(plot->images().size(), 1);
    QCOMPARE(plot->pendingImages(), 0);
    InlineImage *image = plot->images().first();
    QVERIFY(image->isVisible());
    QVERIFY(image->image().width() >= 300);
    QVERIFY(image->bytes().startsWith("\x89PNG"));
    QVERIFY(!plot->text().contains(u"Figure size"_s));
    // It fits the card: never wider than its panel.
    QVERIFY(image->width() <= panel->width());
    snapshot(m_window.get(), u"cells"_s);
    snapshot(panel->views().at(0), u"table"_s);
    snapshot(panel->views().at(1), u"hostile"_s);
}

void TestNotebookView::inlineImageMenuViewerAndSave()
{
    m_window = createWindow();
    QVERIFY(m_window);
    ShellCallPanel *panel = nullptr;
    runCells(m_window.get(), {u"import matplotlib.pyplot as plt\nplt.bar(['a', 'b'], [3, 5])\nplt.show()"_s},
             &panel);
    QVERIFY(panel);
    CellOutputView *cell = panel->views().first()->commandViews().first()->cellView();
    QVERIFY(cell);
    QTRY_COMPARE(cell->images().size(), 1);
    InlineImage *image = cell->images().first();
    panel->views().first()->ensurePolished();

    // The context menu: Copy image, Save image as…, Open at full size.
    QMenu *menu = openContextMenu(image);
    QVERIFY(menu);
    QCOMPARE(menu->objectName(), u"ImageMenu"_s);
    QStringList names;
    for (QAction *a : menu->actions())
        names.append(a->objectName());
    QCOMPARE(names, (QStringList{u"CopyImageAction"_s, u"SaveImageAction"_s, u"OpenImageAction"_s}));
    menu->actions().at(0)->trigger();
    menu->close();
    QCOMPARE(QApplication::clipboard()->image().size(), image->image().size());

    // Save image as…: the original bytes, whole.
    QTemporaryDir out;
    const QString target = out.filePath(u"chart.png"_s);
    FileDialog::setNextFileName(target);
    menu = openContextMenu(image);
    QVERIFY(menu);
    menu->actions().at(1)->trigger();
    menu->close();
    QFile saved(target);
    QVERIFY(saved.open(QIODevice::ReadOnly));
    QCOMPARE(saved.readAll(), image->bytes());
    QCOMPARE(image->message()->type(), InlineMessage::Type::Positive);
    // A place that cannot be written: an inline error, no file.
    const QString bad = out.filePath(u"missing/dir/chart.png"_s);
    FileDialog::setNextFileName(bad);
    image->saveAs();
    QTRY_COMPARE(image->message()->type(), InlineMessage::Type::Error);
    QVERIFY2(image->message()->text().contains(u"Could not save"_s), qPrintable(image->message()->text()));
    QVERIFY(!QFile::exists(bad));

    // A click opens it at full size, fitted to its window; zoom in, 100%, fit again.
    QTest::mouseClick(image->findChild<QWidget *>(u"InlineImagePicture"_s), Qt::LeftButton);
    ImageViewer *viewer = image->viewer();
    QVERIFY(viewer);
    QVERIFY(QTest::qWaitForWindowExposed(viewer));
    QVERIFY(viewer->fitsWindow());
    auto *scroll = viewer->findChild<QWidget *>(u"ViewerScroll"_s);
    QVERIFY(viewer->shownSize().width() <= scroll->width() &&
            viewer->shownSize().height() <= scroll->height());
    const double fit = viewer->zoom();
    QTest::mouseClick(viewer->findChild<QToolButton *>(u"ZoomInButton"_s), Qt::LeftButton);
    QVERIFY(viewer->zoom() > fit);
    QVERIFY(!viewer->fitsWindow());
    QTest::mouseClick(viewer->findChild<QToolButton *>(u"ActualSizeButton"_s), Qt::LeftButton);
    QCOMPARE(viewer->zoom(), 1.0);
    QCOMPARE(viewer->shownSize(), image->image().size());
    QTest::mouseClick(viewer->findChild<QToolButton *>(u"ZoomOutButton"_s), Qt::LeftButton);
    QVERIFY(viewer->zoom() < 1.0);
    // Ctrl+wheel zooms too.
    const double before = viewer->zoom();
    QWheelEvent wheel(QPointF(10, 10), scroll->mapToGlobal(QPointF(10, 10)), QPoint(), QPoint(0, 120),
                      Qt::NoButton, Qt::ControlModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(viewer->findChild<QScrollArea *>(u"ViewerScroll"_s)->viewport(), &wheel);
    QVERIFY(viewer->zoom() > before);
    QTest::mouseClick(viewer->findChild<QToolButton *>(u"FitButton"_s), Qt::LeftButton);
    QVERIFY(viewer->fitsWindow());
    QCOMPARE(viewer->zoom(), fit);
    // A larger window fits a larger image.
    viewer->resize(viewer->size() + QSize(200, 200));
    QTRY_VERIFY(viewer->zoom() > fit);
    snapshot(viewer, u"viewer"_s);
    // The viewer saves as well.
    const QString fromViewer = out.filePath(u"viewer.png"_s);
    FileDialog::setNextFileName(fromViewer);
    QTest::mouseClick(viewer->findChild<QToolButton *>(u"ViewerSaveButton"_s), Qt::LeftButton);
    QTRY_VERIFY(QFile::exists(fromViewer));
    viewer->close();

    // The chat's image has the same menu.
    ChatWidget *chat = m_window->currentChat();
    const QList<InlineImage *> chatImages = chat->findChildren<InlineImage *>(u"ChatImage"_s);
    QCOMPARE(chatImages.size(), 1);
    menu = openContextMenu(chatImages.first());
    QVERIFY(menu);
    QCOMPARE(menu->actions().size(), 3);
    menu->actions().at(2)->trigger();
    menu->close();
    QVERIFY(chatImages.first()->viewer());
    QTRY_VERIFY(chatImages.first()->viewer()->isVisible());
    chatImages.first()->viewer()->close();
}

void TestNotebookView::savedChartShownOnce()
{
    // The code saves its chart and shows it: one image in the chat (the saved file), none captured again.
    m_window = createWindow();
    QVERIFY(m_window);
    ShellCallPanel *panel = nullptr;
    runCells(m_window.get(),
             {u"import matplotlib.pyplot as plt\nplt.plot([1, 2, 3])\nplt.savefig('chart.png')\nplt.show()\n"
              "print('saved')"_s},
             &panel);
    QVERIFY(panel);
    ChatWidget *chat = m_window->currentChat();
    QTRY_VERIFY(!chat->findChildren<InlineImage *>(u"ChatImage"_s).isEmpty());
    QTest::qWait(100);
    const QList<InlineImage *> shown = chat->findChildren<InlineImage *>(u"ChatImage"_s);
    QStringList paths;
    for (InlineImage *i : shown)
        paths.append(i->property("imagePath").toString());
    QCOMPARE(paths, QStringList{m_window->currentContainer()->homeDir() + u"/chart.png"_s});
    CommandOutputView *view = panel->views().first()->commandViews().first();
    QVERIFY(!view->cellView() || view->cellView()->images().isEmpty());
    QCOMPARE(view->outputText(), u"saved\n"_s);
}

void TestNotebookView::otherViewsShowCodeAndOutput()
{
    // Wherever a cell's command and output are shown — the call's saved item, History, the request log —
    // they are the model's code and the cell's output, never the kernel bridge's script or JSON lines.
    m_window = createWindow();
    QVERIFY(m_window);
    const QString code = u"x = 6 * 7\nprint('answer', x)\nx"_s;
    ShellCallPanel *panel = nullptr;
    runCells(m_window.get(), {code}, &panel);
    QVERIFY(panel);
    const auto isWrapper = [](const QString &text) {
        return text.contains(u"sb_start"_s) || text.contains(u"base64"_s) || text.contains(u"{\"t\""_s);
    };

    // The item a saved conversation keeps (and restores as a card).
    const QJsonObject item = panel->views().first()->outputItem();
    QCOMPARE(item.value(u"action"_s).toObject().value(u"commands"_s).toArray().first().toString(), code);
    const QJsonObject output = item.value(u"output"_s).toArray().first().toObject();
    QCOMPARE(output.value(u"stdout"_s).toString(), u"answer 42\n42\n"_s);
    QVERIFY2(!isWrapper(QString::fromUtf8(QJsonDocument(item).toJson())),
             QJsonDocument(item).toJson().constData());

    // History: the cell's entry is its code; the kernel's own start says what it is.
    auto *files = m_window->findChild<FilesPanel *>();
    QVERIFY(files);
    HistoryModel *commits = files->historyView()->historyModel();
    QStringList commands;
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            commands.clear();
            for (int r = 0; r < commits->rowCount(); ++r)
                commands.append(commits->index(r, HistoryModel::CommandColumn).data().toString());
            return commands.contains(code.simplified()); // the list shows one line
        }(),
        30000);
    QVERIFY2(commands.contains(u"# Sandbench: start the Python kernel"_s),
             qPrintable(commands.join(u" | "_s)));
    for (const QString &c : std::as_const(commands))
        QVERIFY2(!isWrapper(c), qPrintable(c.left(300)));

    // The request log: the call's command and its output as the cell printed them.
    auto *dock = m_window->findChild<QDockWidget *>(u"LogsDock"_s);
    QVERIFY(dock);
    auto *logs = dock->findChild<LogsPanel *>();
    logs->reader()->setInterval(100);
    dock->show();
    dock->raise();
    auto *table = logs->findChild<QTableView *>(u"LogsTable"_s);
    QTRY_VERIFY_WITH_TIMEOUT(table->model()->rowCount() > 0, 20000);
    table->selectRow(0);
    auto *calls = logs->findChild<ShellCallPanel *>(u"LogsShellCallPanel"_s);
    QTRY_COMPARE_WITH_TIMEOUT(calls->views().size(), 1, 20000);
    CommandOutputView *logged = calls->views().first()->commandViews().first();
    QCOMPARE(logged->command(), code);
    QCOMPARE(logged->outputText(), u"answer 42\n42\n"_s);
}

void TestNotebookView::restoredConversationKeepsItsCharts()
{
    // Each cell's shown figure replaces the previous cell's file in the kernel's figures folder; the chat
    // keeps what it showed, so a restored conversation shows each chart where it was, not the last one.
    m_window = createWindow();
    QVERIFY(m_window);
    ShellCallPanel *panel = nullptr;
    runCells(m_window.get(),
             {u"import matplotlib.pyplot as plt\nplt.plot([1, 2, 3])\nplt.show()"_s,
              u"plt.bar(['x', 'y'], [4, 1])\nplt.show()"_s},
             &panel);
    QVERIFY(panel);
    QList<InlineImage *> shown = m_window->currentChat()->findChildren<InlineImage *>(u"ChatImage"_s);
    QCOMPARE(shown.size(), 2);
    const QByteArray first = shown.at(0)->bytes(), second = shown.at(1)->bytes();
    QVERIFY(first != second);

    m_window.reset();
    m_window = createWindow();
    QVERIFY(m_window);
    QTRY_COMPARE(m_window->currentChat()->findChildren<InlineImage *>(u"ChatImage"_s).size(), 2);
    shown = m_window->currentChat()->findChildren<InlineImage *>(u"ChatImage"_s);
    QCOMPARE(shown.at(0)->bytes(), first);
    QCOMPARE(shown.at(1)->bytes(), second);
}

QTEST_MAIN(TestNotebookView)
#include "test_notebookview.moc"
