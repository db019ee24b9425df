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
#include "localapi/localapicontroller.h"
#include "logs/logsmodel.h"
#include "logs/logspanel.h"
#include "sandbox/container.h"
#include "shellcalls/celloutputview.h"
#include "shellcalls/cellrecord.h"
#include "shellcalls/shellcallview.h"
#include "shellcalls/tracecomparison.h"
#include "window/mainwindow.h"

#include <QAction>
#include <QApplication>
#include <QBuffer>
#include <QClipboard>
#include <QComboBox>
#include <QContextMenuEvent>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QMenu>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTcpServer>
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
    void savedAndLoggedCardsKeepTheNotebook();
    void hostileSavedCell();
    void exitLineAsJupyterShowsIt();
    void traceCellsInTheWindow();
    void apiRequestCellsInTheLogs();

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

namespace {
// The notebook a card shows for its first command: its tables' cells and its images' sizes.
struct ShownCell
{
    QList<QStringList> tables;
    QList<QSize> images;
};
ShownCell shownCell(ShellCallView *view)
{
    ShownCell shown;
    CellOutputView *cell = view->commandViews().first()->cellView();
    if (!cell)
        return shown;
    for (const QTextEdit *table : cell->tables())
        shown.tables.append(tableCells(table));
    for (const InlineImage *image : cell->images())
        shown.images.append(image->image().size());
    return shown;
}
} // namespace

void TestNotebookView::savedAndLoggedCardsKeepTheNotebook()
{
    // A finished cell's card in the Logs and in a conversation restored after a restart shows the same
    // notebook as the live card: the table rendered from the kernel's HTML and the figure inline.
    m_window = createWindow();
    QVERIFY(m_window);
    ShellCallPanel *panel = nullptr;
    runCells(m_window.get(),
             {u"import pandas as pd\npd.DataFrame({'city': ['Oslo', 'Lyon'], 'sales': [120, 95]})"_s,
              u"import matplotlib.pyplot as plt\nplt.plot([1, 3, 2])\nplt.show()"_s},
             &panel);
    QVERIFY(panel);
    const QStringList table{u""_s,    u"city"_s, u"sales"_s, u"0"_s, u"Oslo"_s,
                            u"120"_s, u"1"_s,    u"Lyon"_s,  u"95"_s};
    QCOMPARE(shownCell(panel->views().at(0)).tables, QList<QStringList>{table});
    CellOutputView *liveFigure = panel->views().at(1)->commandViews().first()->cellView();
    QVERIFY(liveFigure);
    QTRY_COMPARE(liveFigure->images().size(), 1);
    const QSize figure = liveFigure->images().first()->image().size();
    const QByteArray figureBytes = liveFigure->images().first()->bytes();

    // The Logs: the request's cards.
    const auto loggedCards = [](MainWindow *window) -> ShellCallPanel * {
        auto *dock = window->findChild<QDockWidget *>(u"LogsDock"_s);
        auto *logs = dock->findChild<LogsPanel *>();
        logs->reader()->setInterval(100);
        dock->show();
        dock->raise();
        auto *table = logs->findChild<QTableView *>(u"LogsTable"_s);
        if (!QTest::qWaitFor([&] { return table->model()->rowCount() > 0; }, 20000))
            return nullptr;
        table->selectRow(0);
        auto *calls = logs->findChild<ShellCallPanel *>(u"LogsShellCallPanel"_s);
        if (!QTest::qWaitFor([&] { return calls->views().size() == 2; }, 20000))
            return nullptr;
        return calls;
    };
    ShellCallPanel *logged = loggedCards(m_window.get());
    QVERIFY(logged);
    QCOMPARE(shownCell(logged->views().at(0)).tables, QList<QStringList>{table});
    QTRY_COMPARE(shownCell(logged->views().at(1)).images, QList<QSize>{figure});

    // After a restart: the conversation's cards and the Logs' alike.
    m_window.reset();
    m_window = createWindow();
    QVERIFY(m_window);
    ShellCallPanel *restored = m_window->currentShellPanel();
    QTRY_COMPARE(restored->views().size(), 2);
    QCOMPARE(shownCell(restored->views().at(0)).tables, QList<QStringList>{table});
    QTRY_COMPARE(shownCell(restored->views().at(1)).images, QList<QSize>{figure});
    QCOMPARE(restored->views().at(1)->commandViews().first()->cellView()->images().first()->bytes(),
             figureBytes);
    // No "<Figure size …>" where the figure is shown.
    QVERIFY(!restored->views().at(1)->commandViews().first()->outputText().contains(u"Figure size"_s));
    logged = loggedCards(m_window.get());
    QVERIFY(logged);
    QCOMPARE(shownCell(logged->views().at(0)).tables, QList<QStringList>{table});
    QTRY_COMPARE(shownCell(logged->views().at(1)).images, QList<QSize>{figure});
    snapshot(restored, u"restored"_s);
}

void TestNotebookView::hostileSavedCell()
{
    // A saved cell is read back as hostile: images only by their content name, from the store itself (no
    // link, no path, no file too large or not a PNG), HTML never interpreted, items and text bounded.
    QTemporaryDir store, outside;
    QVERIFY(store.isValid() && outside.isValid());
    QImage picture(4, 3, QImage::Format_RGB32);
    picture.fill(Qt::red);
    QByteArray png;
    {
        QBuffer buffer(&png);
        buffer.open(QIODevice::WriteOnly);
        QVERIFY(picture.save(&buffer, "PNG"));
    }
    const auto write = [](const QString &path, const QByteArray &bytes) {
        QFile f(path);
        return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
    };
    const QString good = u"0123456789abcdef0123456789abcdef.png"_s;
    const QString linked = u"1111111111111111111111111111111a.png"_s;
    const QString notPng = u"2222222222222222222222222222222b.png"_s;
    const QString huge = u"3333333333333333333333333333333c.png"_s;
    QVERIFY(write(store.filePath(good), png));
    QVERIFY(write(outside.filePath(u"secret.png"_s), png));
    QVERIFY(QFile::link(outside.filePath(u"secret.png"_s), store.filePath(linked)));
    QVERIFY(write(store.filePath(notPng), "GIF89a not a png"));
    QVERIFY(write(store.filePath(huge), png + QByteArray(3 << 20, 'x')));
    QVERIFY(write(outside.filePath(u"0123456789abcdef0123456789abcdef.png"_s), png));

    QJsonArray outputs;
    const QStringList badNames{u"../"_s + QFileInfo(outside.path()).fileName() + u"/secret.png"_s,
                               outside.filePath(good),
                               linked,
                               notPng,
                               huge,
                               u"0123456789ABCDEF0123456789ABCDEF.png"_s};
    for (const QString &image : badNames)
        outputs.append(QJsonObject{{u"kind"_s, u"display"_s}, {u"image"_s, image}, {u"text"_s, u"<img>"_s}});
    outputs.append(QJsonObject{{u"kind"_s, u"display"_s}, {u"image"_s, good}});
    outputs.append(QJsonObject{{u"kind"_s, u"script"_s}, {u"text"_s, u"never shown"_s}});
    outputs.append(
        QJsonObject{{u"kind"_s, u"result"_s},
                    {u"html"_s, u"<script>alert(1)</script><img src=\"http://example.com/x.png\">"
                                "<table><tr><td><a href=\"file:///etc/passwd\">a</a></td></tr></table>"_s}});
    outputs.append(QJsonObject{{u"kind"_s, u"result"_s},
                               {u"html"_s, QString(u"<table><tr><td>"_s + QString(70000, u'x'))}});
    for (int i = 0; i < 3000; ++i) // 3 MB of text, 3,000 items
        outputs.append(QJsonObject{{u"kind"_s, u"stream"_s}, {u"text"_s, QString(1000, u'y')}});
    const QJsonObject item{
        {u"type"_s, u"openrouter:shell"_s},
        {u"status"_s, u"completed"_s},
        {u"action"_s, QJsonObject{{u"commands"_s, QJsonArray{u"x"_s}}}},
        {u"output"_s,
         QJsonArray{QJsonObject{{u"stdout"_s, u"plain"_s},
                                {u"outcome"_s, QJsonObject{{u"type"_s, u"exit"_s}, {u"exit_code"_s, 0}}},
                                {u"cell"_s, QJsonObject{{u"outputs"_s, outputs}}}}}}};
    ShellCallPanel panel;
    panel.setCellStore(store.path());
    ShellCallView *view = panel.addItem(item, ShellCallView::Origin::Saved);
    CellOutputView *cell = view->commandViews().first()->cellView();
    QVERIFY(cell);
    // One image: the store's own PNG, shown once per output that names it.
    QTRY_COMPARE(cell->pendingImages(), 0);
    QCOMPARE(cell->images().size(), 1);
    QCOMPARE(cell->images().first()->bytes(), png);
    // The table's text only; the oversized HTML is not read (its output has no text either).
    QCOMPARE(cell->tables().size(), 1);
    QCOMPARE(tableCells(cell->tables().first()), QStringList{u"a"_s});
    QVERIFY(!hasImageOrLink(cell->tables().first()->document()));
    // Text: the outputs that named a bad image say what they are; the unknown kind is dropped; the streams
    // are bounded.
    QVERIFY(!cell->text().contains(u"never shown"_s));
    QVERIFY(cell->text().startsWith(u"<img>"_s));
    QVERIFY(cell->text().size() <= CellRecord::MaxTextChars);
    QVERIFY(cell->text().size() > CellRecord::MaxTextChars / 2);

    // Without a store, or with a cell that is not one, the card shows its plain text.
    ShellCallPanel plain;
    view = plain.addItem(item, ShellCallView::Origin::Saved);
    QVERIFY(!view->commandViews().first()->cellView());
    QJsonObject broken = item;
    QJsonArray out = broken.value(u"output"_s).toArray();
    QJsonObject first = out.first().toObject();
    first.insert(u"cell"_s, QJsonObject{{u"outputs"_s, u"nope"_s}});
    out.replace(0, first);
    broken.insert(u"output"_s, out);
    view = panel.addItem(broken, ShellCallView::Origin::Saved);
    QVERIFY(!view->commandViews().first()->cellView());
    QCOMPARE(view->commandViews().first()->outputText(), u"plain"_s);
}

void TestNotebookView::exitLineAsJupyterShowsIt()
{
    // sys.exit(3): the card shows Jupyter's "SystemExit: 3" after the cell's output, and a saved card keeps
    // it (with the message of sys.exit("stop"), which is also the cell's stderr).
    KernelCellResult cell;
    cell.mode = KernelCellResult::Mode::Kernel;
    cell.status = u"exit"_s;
    cell.exitCode = 3;
    cell.outputs = {{KernelOutput::Kind::Stream, false, u"bye\n"_s, {}, {}, {}},
                    {KernelOutput::Kind::Exit, false, u"SystemExit: 3\n"_s, {}, {}, {}},
                    {KernelOutput::Kind::Exit, true, u"SystemExit: stop\n"_s, {}, {}, {}}};
    const std::optional<CellRecord> loaded = CellRecord::load(CellRecord::save(cell, {}, {}, {}), {});
    QVERIFY(loaded);
    QCOMPARE(loaded->cell.outputs.size(), 3);
    QCOMPARE(loaded->cell.outputs.at(1).kind, KernelOutput::Kind::Exit);
    QVERIFY(!loaded->cell.outputs.at(1).stderrStream);
    QVERIFY(loaded->cell.outputs.at(2).stderrStream);
    QCOMPARE(loaded->cell.stderrText(), u"stop\n"_s);
    QCOMPARE(loaded->cell.logs(), u"bye\nSystemExit: 3\nSystemExit: stop\n"_s);
    const CellOutputView live(cell, {}, {});
    const CellOutputView saved(loaded->cell, {}, {});
    QCOMPARE(live.text(), u"bye\nSystemExit: 3\nSystemExit: stop\n"_s);
    QCOMPARE(saved.text(), live.text());
}

namespace {
QByteArray pngOf(const QSize &size, const QColor &colour)
{
    QImage picture(size, QImage::Format_RGB32);
    picture.fill(colour);
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    picture.save(&buffer, "PNG");
    return png;
}

// The window's panel of shell calls that shows this many calls (a restored window shows another
// conversation first).
ShellCallPanel *panelWithCalls(MainWindow *window, int calls)
{
    for (ShellCallPanel *panel : window->findChildren<ShellCallPanel *>())
        if (panel->objectName() != u"LogsShellCallPanel"_s && panel->views().size() == calls)
            return panel;
    return nullptr;
}
} // namespace

void TestNotebookView::traceCellsInTheWindow()
{
    // An OpenAI code_interpreter_call in a trace opened in the window shows as a cell: its code, then its
    // outputs, the PNG the trace holds as a data: URL inline; an image at a remote URL is named, never
    // fetched. The card is the same after a restart, and Re-run runs the shell call only.
    const QByteArray png = pngOf(QSize(48, 32), Qt::darkCyan);
    const QString code = u"import matplotlib.pyplot as plt\nprint('mean', 2.0)\nplt.plot([1, 3, 2])"_s;
    const QJsonObject cellItem{
        {u"type"_s, u"code_interpreter_call"_s},
        {u"id"_s, u"ci_trace"_s},
        {u"code"_s, code},
        {u"container_id"_s, u"cntr_trace"_s},
        {u"status"_s, u"completed"_s},
        {u"outputs"_s, QJsonArray{QJsonObject{{u"type"_s, u"logs"_s}, {u"logs"_s, u"mean 2.0\n"_s}},
                                  QJsonObject{{u"type"_s, u"image"_s},
                                              {u"url"_s, QString(u"data:image/png;base64,"_s +
                                                                 QString::fromLatin1(png.toBase64()))}},
                                  QJsonObject{{u"type"_s, u"image"_s},
                                              {u"url"_s, u"https://files.example.com/chart.png"_s}}}}};
    const QJsonObject shellItem{
        {u"type"_s, u"openrouter:shell"_s},
        {u"id"_s, u"sh_trace"_s},
        {u"call_id"_s, u"call_trace"_s},
        {u"status"_s, u"completed"_s},
        {u"container_id"_s, u"cntr_trace"_s},
        {u"action"_s, QJsonObject{{u"commands"_s, QJsonArray{u"echo hi"_s}}}},
        {u"output"_s,
         QJsonArray{QJsonObject{{u"stdout"_s, u"hi\n"_s},
                                {u"stderr"_s, u""_s},
                                {u"outcome"_s, QJsonObject{{u"type"_s, u"exit"_s}, {u"exit_code"_s, 0}}}}}}};
    const QJsonObject response{{u"object"_s, u"response"_s},
                               {u"id"_s, u"resp_trace"_s},
                               {u"model"_s, u"gpt-5"_s},
                               {u"status"_s, u"completed"_s},
                               {u"output"_s, QJsonArray{cellItem, shellItem}}};
    const QString path = m_dataDir->filePath(u"notebook-trace.json"_s);
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QJsonDocument(response).toJson());
    }

    m_window = createWindow();
    QVERIFY(m_window);
    QVERIFY(m_window->openTrace(path));
    ShellCallPanel *panel = m_window->currentShellPanel();
    QCOMPARE(panel->views().size(), 2);
    // A Python cell is not called a shell call.
    const QString title = panel->findChild<QLabel *>(u"TraceTitle"_s)->text();
    QVERIFY2(title.startsWith(u"notebook-trace.json — 2 call"_s) && !title.contains(u"shell"_s),
             qPrintable(title));
    ShellCallView *card = panel->views().at(0);
    QCOMPARE(card->toolText(), ShellCallView::contractTitle(u"code_interpreter"_s));
    QCOMPARE(card->commandViews().first()->command(), code);
    CellOutputView *cell = card->commandViews().first()->cellView();
    QVERIFY(cell);
    QTRY_COMPARE(shownCell(card).images, QList<QSize>{QSize(48, 32)});
    QCOMPARE(cell->images().first()->bytes(), png);
    QVERIFY(cell->text().contains(u"mean 2.0"_s));
    QVERIFY(cell->text().contains(u"https://files.example.com/chart.png"_s));
    QVERIFY(cell->text().contains(u"does not fetch"_s));
    QVERIFY(!panel->views().at(1)->commandViews().first()->cellView());
    QCOMPARE(panel->views().at(1)->commandViews().first()->outputText(), u"hi\n"_s);
    // Every text part shows all its rows at the card's width (the note wraps into several).
    const QList<QPlainTextEdit *> texts = cell->findChildren<QPlainTextEdit *>(u"CellText"_s);
    QCOMPARE(texts.size(), 2);
    for (QPlainTextEdit *text : texts)
        QTRY_COMPARE(text->verticalScrollBar()->maximum(), 0);
    if (!qEnvironmentVariableIsEmpty("SANDBENCH_TEST_SCREENSHOTS")) {
        // The cell's card from its top, as a person scrolls to it.
        auto *scroll = panel->findChild<QScrollArea *>();
        QTest::qWait(300);
        scroll->verticalScrollBar()->setValue(card->mapTo(scroll->widget(), QPoint(0, 0)).y());
        snapshot(m_window.get(), u"trace"_s);
    }

    // Re-run locally compares the shell call; the Python cell is not run as a shell command.
    auto *rerun = panel->findChild<QPushButton *>(u"RerunButton"_s);
    QVERIFY(rerun);
    rerun->click();
    QCOMPARE(panel->comparisons().size(), 1);
    QTRY_VERIFY_WITH_TIMEOUT(panel->comparisons().first()->isFinished(), 120000);

    // After a restart the trace's conversation shows the cell again, its image from the chat images.
    m_window.reset();
    m_window = createWindow();
    QVERIFY(m_window);
    ShellCallPanel *restored = nullptr;
    QTRY_VERIFY((restored = panelWithCalls(m_window.get(), 2)));
    QTRY_COMPARE(shownCell(restored->views().at(0)).images, QList<QSize>{QSize(48, 32)});
    QCOMPARE(restored->views().at(0)->toolText(), ShellCallView::contractTitle(u"code_interpreter"_s));
}

void TestNotebookView::apiRequestCellsInTheLogs()
{
    // Another program's Responses request with the code interpreter, through the window's local API: its
    // Python cell's card in the Logs is the same notebook view as the window's own cells, with the figure
    // the response carried inline.
    m_window = createWindow();
    QVERIFY(m_window);
    QTcpServer probe;
    QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
    const quint16 port = probe.serverPort();
    probe.close();
    QString error;
    LocalApiController *api = m_window->localApi();
    QVERIFY2(api->start(port, &error), qPrintable(error));
    const std::optional<QString> key = api->createKey(&error);
    QVERIFY2(key, qPrintable(error));
    const QString code =
        u"import matplotlib.pyplot as plt\nprint('mean', 2.0)\nplt.plot([1, 3, 2])\nplt.show()"_s;
    m_fake->setScript(
        {FakeStep::toolCall(u"python"_s, QJsonObject{{u"code"_s, code}}), FakeStep::answer(u"Plotted."_s)});
    const QJsonObject body{
        {u"model"_s, u"fake/coder"_s},
        {u"input"_s, u"plot it"_s},
        {u"tools"_s, QJsonArray{QJsonObject{{u"type"_s, u"code_interpreter"_s},
                                            {u"container"_s, QJsonObject{{u"type"_s, u"auto"_s}}}}}},
        {u"include"_s, QJsonArray{u"code_interpreter_call.outputs"_s}}};
    QNetworkAccessManager nam;
    QNetworkRequest request(QUrl(u"http://127.0.0.1:%1/api/v1/responses"_s.arg(port)));
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader("Authorization", "Bearer " + key->toUtf8());
    std::unique_ptr<QNetworkReply> reply(nam.post(request, QJsonDocument(body).toJson()));
    QTRY_VERIFY_WITH_TIMEOUT(reply->isFinished(), 120000);
    const QByteArray answer = reply->readAll();
    QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
    QVERIFY2(answer.contains("data:image/png;base64,"), answer.left(2000).constData());

    auto *dock = m_window->findChild<QDockWidget *>(u"LogsDock"_s);
    auto *logs = dock->findChild<LogsPanel *>();
    logs->reader()->setInterval(100);
    dock->show();
    dock->raise();
    auto *table = logs->findChild<QTableView *>(u"LogsTable"_s);
    QTRY_VERIFY_WITH_TIMEOUT(table->model()->rowCount() > 0, 20000);
    table->selectRow(0);
    auto *calls = logs->findChild<ShellCallPanel *>(u"LogsShellCallPanel"_s);
    QTRY_COMPARE_WITH_TIMEOUT(calls->views().size(), 1, 20000);
    ShellCallView *card = calls->views().first();
    QCOMPARE(card->commandViews().first()->command(), code);
    QCOMPARE(card->toolText(), ShellCallView::contractTitle(u"code_interpreter"_s));
    CellOutputView *cell = card->commandViews().first()->cellView();
    QVERIFY(cell);
    QTRY_COMPARE(cell->images().size(), 1);
    QVERIFY(!cell->images().first()->image().isNull());
    QVERIFY(cell->text().contains(u"mean 2.0"_s));
    // At 1366x768 the panel fits its dock (its filters give way), and the columns up to API fit the list's
    // width: the API is read without scrolling sideways, elided where it must be, whole in its tooltip.
    QTRY_VERIFY(table->viewport()->width() > 0);
    QScrollArea *dockArea = nullptr;
    for (QWidget *w = logs->parentWidget(); w && !dockArea; w = w->parentWidget())
        dockArea = qobject_cast<QScrollArea *>(w);
    if (dockArea)
        QTRY_VERIFY2(logs->width() <= dockArea->viewport()->width(),
                     qPrintable(u"the Logs are %1 wide in a dock of %2"_s.arg(logs->width())
                                    .arg(dockArea->viewport()->width())));
    QTRY_VERIFY2(table->columnViewportPosition(LogsModel::ApiColumn) +
                         table->columnWidth(LogsModel::ApiColumn) <=
                     table->viewport()->width(),
                 qPrintable(u"API column ends at %1, the list is %2 wide"_s
                                .arg(table->columnViewportPosition(LogsModel::ApiColumn) +
                                     table->columnWidth(LogsModel::ApiColumn))
                                .arg(table->viewport()->width())));
    QCOMPARE(table->model()->index(0, LogsModel::ApiColumn).data(Qt::ToolTipRole).toString(),
             u"OpenAI Responses (responses)"_s);
    snapshot(m_window.get(), u"logs-api"_s);
    if (!qEnvironmentVariableIsEmpty("SANDBENCH_TEST_SCREENSHOTS")) {
        // The card in the Shell calls tab, the Logs floated with room.
        auto *tabs = logs->findChild<QTabWidget *>(u"LogsDetailTabs"_s);
        tabs->setCurrentIndex(tabs->indexOf(calls->parentWidget()));
        dock->setFloating(true);
        dock->resize(620, 740);
        QTest::qWait(300);
        calls->findChild<QScrollArea *>()->verticalScrollBar()->setValue(0);
        snapshot(dock, u"logs-api-cell"_s);
    }
    Settings settings;
    settings.reset(Settings::Key::LocalApiEnabled);
    settings.reset(Settings::Key::LocalApiPort);
}

QTEST_MAIN(TestNotebookView)
#include "test_notebookview.moc"
