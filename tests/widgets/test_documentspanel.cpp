// SPDX-License-Identifier: GPL-3.0-or-later
// The Documents panel in the real MainWindow: files promoted from a real container appear on their own, open
// in a preview or another application, save to disk and delete after an inline confirmation.
#include "base/settings.h"
#include "common/inlinemessage.h"
#include "documents/documentspanel.h"
#include "documents/documentspanelmodel.h"
#include "sandbox/container.h"
#include "sandbox/containermanager.h"
#include "sandbox/history/filestore.h"
#include "sandbox/sandboxtestutil.h"
#include "window/mainwindow.h"

#include <QAbstractItemModelTester>
#include <QDesktopServices>
#include <QDockWidget>
#include <QFileDialog>
#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>

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

class TestDocumentsPanel final : public QObject
{
    Q_OBJECT

public Q_SLOTS:
    // QDesktopServices hands file URLs here instead of to the desktop during the test.
    void openUrl(const QUrl &url) { m_opened.append(url); }

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void cleanup();
    void promotedFilesAppearAndPreview();
    void openSaveAndDelete();
    void halfWrittenAndDamagedEntriesAreSkipped();
    void markupInNamesIsShownAsText();

private:
    std::unique_ptr<MainWindow> createWindow();
    DocumentsPanel *showPanel(MainWindow *window);
    // Runs a real command in the window's current container.
    bool run(MainWindow *window, const QString &command);
    QString promote(MainWindow *window, const QString &path);
    QString documentsDir() const;

    std::unique_ptr<QTemporaryDir> m_dataDir;
    QTemporaryDir m_out;
    QList<QUrl> m_opened;
};

void TestDocumentsPanel::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_out.isValid());
    QDesktopServices::setUrlHandler(u"file"_s, this, "openUrl");
}

void TestDocumentsPanel::cleanupTestCase()
{
    QDesktopServices::unsetUrlHandler(u"file"_s);
}

void TestDocumentsPanel::init()
{
    Settings().reset(Settings::Key::WindowState);
    Settings().reset(Settings::Key::WindowGeometry);
    m_dataDir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dataDir->isValid());
    m_opened.clear();
}

void TestDocumentsPanel::cleanup()
{
    m_dataDir.reset();
}

std::unique_ptr<MainWindow> TestDocumentsPanel::createWindow()
{
    auto window = std::make_unique<MainWindow>(m_dataDir->path(), u"test"_s);
    window->resize(1200, 800);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        return nullptr;
    return window;
}

DocumentsPanel *TestDocumentsPanel::showPanel(MainWindow *window)
{
    auto *dock = window->findChild<QDockWidget *>(u"DocumentsDock"_s);
    if (!dock)
        return nullptr;
    dock->show();
    dock->raise();
    return window->findChild<DocumentsPanel *>(u"DocumentsPanel"_s);
}

QString TestDocumentsPanel::documentsDir() const
{
    return ContainerRegistry(m_dataDir->path()).documentsDir(u"test"_s);
}

bool TestDocumentsPanel::run(MainWindow *window, const QString &command)
{
    Container *container = window->currentContainer();
    if (!container)
        return false;
    ShellCall *call = container->run(shellAction({command}));
    if (!waitForCall(call) || call->results().isEmpty())
        return false;
    const CommandResult result = call->results().constFirst();
    if (result.outcome.exitCode != 0)
        qWarning("%s", qPrintable(result.stderrText));
    return result.outcome.exitCode == 0;
}

QString TestDocumentsPanel::promote(MainWindow *window, const QString &path)
{
    Container *container = window->currentContainer();
    const FileStore store(container->homeDir());
    QString error;
    const std::optional<PromotedDocument> doc =
        store.promote(FileStore::fileIdForPath(path.toUtf8()), documentsDir(),
                      {{u"container_id"_s, container->id()}, {u"workspace"_s, u"test"_s}}, &error);
    if (!doc)
        qWarning("promote failed: %s", qPrintable(error));
    return doc ? doc->id : QString();
}

void TestDocumentsPanel::promotedFilesAppearAndPreview()
{
    const auto window = createWindow();
    QVERIFY(window);
    DocumentsPanel *panel = showPanel(window.get());
    QVERIFY(panel);
    QAbstractItemModelTester tester(panel->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    auto *empty = panel->findChild<QLabel *>(u"DocumentsEmpty"_s);
    QTRY_VERIFY(empty->isVisible());
    QCOMPARE(panel->model()->rowCount(), 0);

    QVERIFY(run(window.get(), u"printf 'city,visits\\nLyon,3\\nOslo,5\\n' > report.csv && mkdir -p src && "
                              "printf 'def total(xs):\\n    return sum(xs)\\n' > src/stats.py && "
                              "head -c 4096 /dev/zero > blob.bin"_s));
    const QString containerId = window->currentContainer()->id();

    const QString csvId = promote(window.get(), u"report.csv"_s);
    QVERIFY(!csvId.isEmpty());
    QTRY_COMPARE(panel->model()->rowCount(), 1);
    QVERIFY(!empty->isVisible());
    auto *table = panel->findChild<QTableView *>(u"DocumentsTable"_s);
    QVERIFY(table->isVisible());
    const QAbstractItemModel *model = table->model();
    QCOMPARE(model->index(0, DocumentsPanelModel::NameColumn).data().toString(), u"report.csv"_s);
    QCOMPARE(model->index(0, DocumentsPanelModel::SourceColumn).data().toString(), containerId);
    QVERIFY(model->index(0, DocumentsPanelModel::SizeColumn).data().toString().contains(u"26"_s));
    QVERIFY(!model->index(0, DocumentsPanelModel::DateColumn).data().toString().isEmpty());

    // The newest document comes first.
    QTest::qWait(5);
    const QString pyId = promote(window.get(), u"src/stats.py"_s);
    QTRY_COMPARE(panel->model()->rowCount(), 2);
    QCOMPARE(model->index(0, DocumentsPanelModel::NameColumn).data().toString(), u"stats.py"_s);

    // CSV: the table preview.
    QVERIFY(panel->selectDocument(csvId));
    QTRY_COMPARE(panel->previewKind(), u"csv"_s);
    QCOMPARE(panel->findChild<QLabel *>(u"DocumentPreviewTitle"_s)->text(), u"report.csv"_s);
    QVERIFY(panel->findChild<QLabel *>(u"DocumentPreviewDetails"_s)->text().contains(containerId));
    auto *csvTable = panel->findChild<QTableView *>(u"CsvTable"_s);
    QVERIFY(csvTable && csvTable->isVisible());
    QTRY_COMPARE(csvTable->model()->rowCount(), 2);
    QCOMPARE(csvTable->model()->headerData(0, Qt::Horizontal).toString(), u"city"_s);
    QCOMPARE(csvTable->model()->index(1, 0).data().toString(), u"Oslo"_s);

    // Code: text, highlighted when the highlighter has a backend.
    QVERIFY(panel->selectDocument(pyId));
    QTRY_COMPARE(panel->previewKind(), u"text"_s);
    auto *text = panel->findChild<QTextBrowser *>(u"DocumentTextPreview"_s);
    QVERIFY(text->isVisible());
    QVERIFY(text->toPlainText().contains(u"return sum(xs)"_s));

    // An image from the container's home.
    QImage image(40, 20, QImage::Format_RGB32);
    image.fill(Qt::darkCyan);
    QVERIFY(image.save(window->currentContainer()->homeDir() + u"/chart.png"_s));
    const QString pngId = promote(window.get(), u"chart.png"_s);
    QTRY_VERIFY(panel->selectDocument(pngId));
    QTRY_COMPARE(panel->previewKind(), u"image"_s);
    auto *imageLabel = panel->findChild<QLabel *>(u"DocumentImagePreview"_s);
    QVERIFY(imageLabel->isVisible());
    QCOMPARE(imageLabel->pixmap().size(), QSize(40, 20));

    // Binary content has no preview, and says what to do instead.
    const QString binId = promote(window.get(), u"blob.bin"_s);
    QTRY_VERIFY(panel->selectDocument(binId));
    QTRY_COMPARE(panel->previewKind(), u"binary"_s);
    QVERIFY(panel->findChild<QLabel *>(u"DocumentPreviewPlaceholder"_s)->text().contains(u"Save As"_s));

    if (qEnvironmentVariableIsSet("SANDBENCH_SCREENSHOTS")) {
        panel->selectDocument(csvId);
        QTest::qWait(200);
        window->grab().save(u"/tmp/docsnet-documents.png"_s);
        panel->selectDocument(pyId);
        QTest::qWait(1000);
        panel->grab().save(u"/tmp/docsnet-documents-text.png"_s);
    }
}

void TestDocumentsPanel::openSaveAndDelete()
{
    const auto window = createWindow();
    QVERIFY(window);
    DocumentsPanel *panel = showPanel(window.get());
    QVERIFY(panel);
    QAbstractItemModelTester tester(panel->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    auto *open = panel->findChild<QPushButton *>(u"DocumentOpenButton"_s);
    auto *save = panel->findChild<QPushButton *>(u"DocumentSaveButton"_s);
    auto *remove = panel->findChild<QPushButton *>(u"DocumentDeleteButton"_s);
    QVERIFY(!open->isEnabled() && !save->isEnabled() && !remove->isEnabled());

    QVERIFY(run(window.get(), u"echo 'quarterly summary' > summary.txt"_s));
    const QString id = promote(window.get(), u"summary.txt"_s);
    QTRY_VERIFY(panel->selectDocument(id));
    QVERIFY(open->isEnabled() && save->isEnabled() && remove->isEnabled());

    // Open hands a copy with the real file name to the desktop.
    QTest::mouseClick(open, Qt::LeftButton);
    QTRY_COMPARE(m_opened.size(), 1);
    const QString opened = m_opened.constFirst().toLocalFile();
    QCOMPARE(QFileInfo(opened).fileName(), u"summary.txt"_s);
    QFile openedFile(opened);
    QVERIFY(openedFile.open(QIODevice::ReadOnly));
    QCOMPARE(openedFile.readAll(), "quarterly summary\n"_ba);
    openedFile.close();
    QCOMPARE(QFileInfo(opened).absolutePath(), DocumentsPanel::externalCopyDirOf(id));

    // Opening again reuses an unchanged copy, but never overwrites one the user edited: that gets a new name.
    QTest::mouseClick(open, Qt::LeftButton);
    QTRY_COMPARE(m_opened.size(), 2);
    QCOMPARE(m_opened.at(1).toLocalFile(), opened);
    QVERIFY(openedFile.open(QIODevice::WriteOnly | QIODevice::Truncate));
    openedFile.write("edited by the user\n");
    openedFile.close();
    QTest::mouseClick(open, Qt::LeftButton);
    QTRY_COMPARE(m_opened.size(), 3);
    const QString second = m_opened.at(2).toLocalFile();
    QCOMPARE(QFileInfo(second).fileName(), u"summary (2).txt"_s);
    QVERIFY(openedFile.open(QIODevice::ReadOnly));
    QCOMPARE(openedFile.readAll(), "edited by the user\n"_ba);
    openedFile.close();

    // Save As: the dialog is opened without a nested event loop and answered here.
    QTest::mouseClick(save, Qt::LeftButton);
    QFileDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = panel->findChild<QFileDialog *>(u"DocumentSaveDialog"_s)));
    QVERIFY(dialog->isVisible());
    const QString target = m_out.filePath(u"kept-summary.txt"_s);
    dialog->selectFile(target);
    static_cast<QDialog *>(dialog)->accept(); // QFileDialog::accept(), which emits fileSelected
    QTRY_VERIFY(QFileInfo::exists(target));
    QFile saved(target);
    QVERIFY(saved.open(QIODevice::ReadOnly));
    QCOMPARE(saved.readAll(), "quarterly summary\n"_ba);
    auto *message = panel->findChild<InlineMessage *>(u"DocumentsMessage"_s);
    QTRY_VERIFY(message->isVisible());
    QVERIFY(message->text().contains(u"kept-summary.txt"_s));

    // Saving where nothing can be written says so inline.
    panel->saveDocumentTo(id, u"/proc/no-such-dir/x.txt"_s);
    QTRY_COMPARE(message->type(), InlineMessage::Type::Error);
    QVERIFY(message->text().contains(u"Cannot save summary.txt"_s));

    // Delete asks inline first; Keep leaves the document alone.
    QTest::mouseClick(remove, Qt::LeftButton);
    auto *bar = panel->findChild<QWidget *>(u"DocumentDeleteBar"_s);
    QVERIFY(bar->isVisible());
    QVERIFY(panel->findChild<QLabel *>(u"DocumentDeleteText"_s)->text().contains(u"summary.txt"_s));
    screenshot(panel, u"/tmp/docsnet-documents-delete.png"_s);
    QTest::mouseClick(panel->findChild<QPushButton *>(u"DocumentDeleteCancelButton"_s), Qt::LeftButton);
    QVERIFY(!bar->isVisible());
    QCOMPARE(panel->model()->rowCount(), 1);

    // Open, then delete at once: the copy for the other application is made first and deleted with the rest.
    QTest::mouseClick(open, Qt::LeftButton);
    QTest::mouseClick(remove, Qt::LeftButton);
    QTest::mouseClick(panel->findChild<QPushButton *>(u"DocumentDeleteConfirmButton"_s), Qt::LeftButton);
    QTRY_COMPARE(panel->model()->rowCount(), 0);
    QVERIFY(!QFileInfo::exists(documentsDir() + u'/' + id));
    // The copies handed to other applications went with it.
    QTRY_VERIFY(!QFileInfo::exists(DocumentsPanel::externalCopyDirOf(id)));
    QTRY_VERIFY(panel->findChild<QLabel *>(u"DocumentsEmpty"_s)->isVisible());
    QVERIFY(!remove->isEnabled());
}

void TestDocumentsPanel::halfWrittenAndDamagedEntriesAreSkipped()
{
    const auto window = createWindow();
    QVERIFY(window);
    DocumentsPanel *panel = showPanel(window.get());
    QVERIFY(panel);
    QAbstractItemModelTester tester(panel->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);

    // A promote in progress: the directory exists, meta.json comes last.
    const QString dir = documentsDir() + u"/doc_Pending0000000000000000"_s;
    QVERIFY(QDir().mkpath(dir));
    QFile content(dir + u"/content"_s);
    QVERIFY(content.open(QIODevice::WriteOnly));
    content.write("a,b\n1,2\n");
    content.close();
    // Not a document directory at all, and a document whose meta.json is broken.
    QVERIFY(QDir().mkpath(documentsDir() + u"/not-a-document"_s));
    QVERIFY(QDir().mkpath(documentsDir() + u"/doc_Broken00000000000000000"_s));
    QFile broken(documentsDir() + u"/doc_Broken00000000000000000/meta.json"_s);
    QVERIFY(broken.open(QIODevice::WriteOnly));
    broken.write("{not json");
    broken.close();
    QSignalSpy refreshed(panel, &DocumentsPanel::refreshed);
    panel->refresh();
    QTRY_VERIFY(refreshed.size() >= 1);
    QCOMPARE(panel->model()->rowCount(), 0);

    // meta.json arrives: the watcher on the pending directory picks it up.
    QFile meta(dir + u"/meta.json"_s);
    QVERIFY(meta.open(QIODevice::WriteOnly));
    meta.write(QJsonDocument(QJsonObject{{u"id"_s, u"doc_Pending0000000000000000"_s},
                                         {u"filename"_s, u"late.csv"_s},
                                         {u"size"_s, 8},
                                         {u"created_ms"_s, QDateTime::currentMSecsSinceEpoch()},
                                         {u"source"_s, QJsonObject{{u"container_id"_s, u"sess_api"_s},
                                                                   {u"path"_s, u"late.csv"_s}}}})
                   .toJson());
    meta.close();
    QTRY_COMPARE(panel->model()->rowCount(), 1);
    QCOMPARE(panel->model()->index(0, DocumentsPanelModel::SourceColumn).data().toString(), u"sess_api"_s);
}

// A container chooses file names and paths: markup in them is shown as text, never read as HTML (an
// <img src=/dev/zero> would make Qt read /dev/zero forever and hang the window).
void TestDocumentsPanel::markupInNamesIsShownAsText()
{
    const auto window = createWindow();
    QVERIFY(window);
    DocumentsPanel *panel = showPanel(window.get());
    QVERIFY(panel);
    QVERIFY(run(window.get(), u"mkdir -p '<img src=/dev' && echo hi > '<img src=/dev/zero>.txt'"_s));
    const QString id = promote(window.get(), u"<img src=/dev/zero>.txt"_s);
    QVERIFY(!id.isEmpty());
    QTRY_VERIFY(panel->selectDocument(id));
    auto *details = panel->findChild<QLabel *>(u"DocumentPreviewDetails"_s);
    QCOMPARE(details->textFormat(), Qt::PlainText);
    QVERIFY(details->text().contains(u"<img src=/dev/zero>.txt"_s));
    QCOMPARE(panel->findChild<QLabel *>(u"DocumentPreviewTitle"_s)->textFormat(), Qt::PlainText);
    // Tooltips escape it.
    const QModelIndex source = panel->model()->index(0, DocumentsPanelModel::SourceColumn);
    // (rich text with every space made non-breaking, as Qt::convertFromPlainText() writes it)
    const QString tip = source.data(Qt::ToolTipRole).toString().replace(QChar(0xa0), u' ');
    QVERIFY(!tip.contains(u"<img"_s));
    QVERIFY(tip.contains(u"&lt;img src=/dev/zero&gt;"_s));
    // The window still answers: the preview loads and the delete confirmation shows the name as text.
    QTRY_COMPARE(panel->previewKind(), u"text"_s);
    QTest::mouseClick(panel->findChild<QPushButton *>(u"DocumentDeleteButton"_s), Qt::LeftButton);
    auto *question = panel->findChild<QLabel *>(u"DocumentDeleteText"_s);
    QTRY_VERIFY(question->isVisible());
    QCOMPARE(question->textFormat(), Qt::PlainText);
    panel->grab();
    QTest::mouseClick(panel->findChild<QPushButton *>(u"DocumentDeleteConfirmButton"_s), Qt::LeftButton);
    QTRY_COMPARE(panel->model()->rowCount(), 0);
}

QTEST_MAIN(TestDocumentsPanel)
#include "test_documentspanel.moc"
