// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 31 point 21, on the real MainWindow: what users of other workbenches expect and Sandbench lacked —
// Markdown files formatted (safely) in the Files preview, a sample trace to try the trace viewer, Logs that
// say which conversation, question or client a request came from, a hint to add a provider, and clean-up
// actions in Data & Disk Use that free what they say.
#include "base/settings.h"
#include "chat/chatwidget.h"
#include "chat/providerhint.h"
#include "common/inlineconfirm.h"
#include "common/inlinemessage.h"
#include "files/filepreview.h"
#include "files/filespanel.h"
#include "gateway/requestlog.h"
#include "gateway/requestobserver.h"
#include "localapi/localapicontroller.h"
#include "logs/logsmodel.h"
#include "logs/logspanel.h"
#include "sandbox/container.h"
#include "sandbox/containermanager.h"
#include "sandbox/history/containerregistry.h"
#include "sandbox/history/uploadstore.h"
#include "server/apikeys.h"
#include "settings/datalocationpage.h"
#include "settings/providersettings.h"
#include "settings/settingsdialog.h"
#include "settings/translatorloader.h"
#include "shellcalls/shellcallview.h"
#include "window/mainwindow.h"
#include "workspace/diskcleanup.h"
#include "workspace/workspace.h"

#include <QAbstractButton>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTemporaryFile>
#include <QTest>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextDocument>
#include <QToolButton>
#include <QTreeWidget>

#include <QRandomGenerator>

#include <fcntl.h>
#include <memory>
#include <unistd.h>

using namespace Qt::StringLiterals;

class TestWindowExtras final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void markdownIsFormattedSafely();
    void sampleTraceOpensFromTheEmptyPanel();
    void hintAddsAProviderWhenThereIsNone();
    void logsSayWhoAsked();
    void cleanupFreesWhatItSays();

private:
    std::unique_ptr<MainWindow> createWindow(const QSize &size = QSize(1366, 768));
    FilesPanel *openFilesPanel(MainWindow *window);

    std::unique_ptr<QTemporaryDir> m_dataDir;
};

void TestWindowExtras::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    // English plurals ("1 file", "40 requests") come from the English catalogue, as in the app.
    TranslatorLoader::apply(QCoreApplication::instance(), u"en"_s);
}

void TestWindowExtras::init()
{
    Settings().reset(Settings::Key::WindowState);
    Settings().reset(Settings::Key::WindowGeometry);
    Settings().reset(Settings::Key::LastModel);
    m_dataDir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dataDir->isValid());
}

void TestWindowExtras::cleanup()
{
    m_dataDir.reset();
}

std::unique_ptr<MainWindow> TestWindowExtras::createWindow(const QSize &size)
{
    auto window = std::make_unique<MainWindow>(m_dataDir->path(), u"test"_s);
    window->resize(size);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        return nullptr;
    return window;
}

FilesPanel *TestWindowExtras::openFilesPanel(MainWindow *window)
{
    auto *dock = window->findChild<QDockWidget *>(u"FilesDock"_s);
    if (!dock)
        return nullptr;
    window->showPanel(dock);
    return dock->findChild<FilesPanel *>(u"FilesPanel"_s);
}

// 21a: a Markdown file of the container is shown formatted, but as hostile text: raw HTML stays text, no
// image is loaded (not from a server, not from a host file; each shows as its address), a huge file stays
// source and says why, and Show source shows the text as written.
void TestWindowExtras::markdownIsFormattedSafely()
{
    QTcpServer server; // a real server the file's images name: nothing may connect to it
    QVERIFY(server.listen(QHostAddress::LocalHost));
    int connections = 0;
    connect(&server, &QTcpServer::newConnection, &server, [&] {
        while (QTcpSocket *socket = server.nextPendingConnection()) {
            ++connections;
            socket->close();
        }
    });
    QImage hostImage(8, 8, QImage::Format_RGB32);
    hostImage.fill(Qt::red);
    const QString hostPicture = m_dataDir->filePath(u"host.png"_s);
    QVERIFY(hostImage.save(hostPicture));

    auto window = createWindow();
    QVERIFY(window);
    Container *container = window->currentContainer();
    QVERIFY(container);
    QVERIFY(QDir().mkpath(container->homeDir()));
    const QString remote = u"http://127.0.0.1:%1/pixel.png"_s.arg(server.serverPort());
    {
        QFile md(container->homeDir() + u"/notes.md"_s);
        QVERIFY(md.open(QIODevice::WriteOnly));
        md.write(QStringLiteral("# Quarterly notes\n\nRevenue rose **sharply** in Q3, see [the "
                                "report](https://example.com/r).\n\n"
                                "![tracking pixel](%1)\n\n![host file](%2)\n\n"
                                "<script>alert('owned')</script>\n\n<img src=\"%1\"> <b>raw bold</b>\n\n"
                                "| Region | Revenue |\n|---|---:|\n| North | 10 |\n")
                     .arg(remote, QUrl::fromLocalFile(hostPicture).toString())
                     .toUtf8());
        // Quotes as deep as allowed, and long runs of emphasis and link brackets: formatted at once.
        QFile deep(container->homeDir() + u"/deep.md"_s);
        QVERIFY(deep.open(QIODevice::WriteOnly));
        deep.write(QByteArray(FilePreview::MaxMarkdownDepth, '>') + " deep\n");
        deep.write(QByteArray(FilePreview::MaxMarkdownBytes / 4, '*') + "\n");
        deep.write(QByteArray(FilePreview::MaxMarkdownBytes / 8, '[') + "\n");
        QFile lists(container->homeDir() + u"/lists.md"_s);
        QVERIFY(lists.open(QIODevice::WriteOnly));
        QByteArray nested;
        for (int i = 0; i < 20000; ++i)
            nested += "- ";
        lists.write(nested + "x\n");
        QFile huge(container->homeDir() + u"/huge.md"_s);
        QVERIFY(huge.open(QIODevice::WriteOnly));
        const QByteArray line = "- item with **bold** and [a link](https://example.com)\n";
        while (huge.size() < FilePreview::MaxMarkdownBytes + 4096)
            huge.write(line);
    }
    FilesPanel *panel = openFilesPanel(window.get());
    QVERIFY(panel);
    panel->refresh();
    QTRY_VERIFY(panel->openPath(u"notes.md"_s));
    FilePreview *preview = panel->preview();
    QTRY_COMPARE(preview->kind(), FilePreview::Kind::Text);
    QVERIFY(preview->isMarkdown());
    QVERIFY(preview->showsFormatted());
    auto *formatted = preview->findChild<QTextBrowser *>(u"FilePreviewFormatted"_s);
    QVERIFY(formatted);
    QTRY_VERIFY(formatted->isVisible());
    formatted->grab(); // painted: any image would be asked for now
    QTest::qWait(300);
    QCOMPARE(connections, 0);

    QTextDocument *doc = formatted->document();
    const QString text = doc->toPlainText();
    QVERIFY2(text.startsWith(u"Quarterly notes"_s), qPrintable(text));               // a heading, not "# …"
    QVERIFY2(text.contains(u"<script>alert('owned')</script>"_s), qPrintable(text)); // raw HTML stays text
    QVERIFY2(text.contains(u"<b>raw bold</b>"_s), qPrintable(text));
    QVERIFY2(text.contains(u"[image not loaded: %1]"_s.arg(remote)), qPrintable(text));
    QVERIFY2(text.contains(u"[image not loaded: %1]"_s.arg(QUrl::fromLocalFile(hostPicture).toString())),
             qPrintable(text));
    bool bold = false, heading = false, image = false, table = false;
    for (QTextBlock block = doc->begin(); block.isValid(); block = block.next()) {
        heading = heading || block.blockFormat().headingLevel() == 1;
        table = table || block.text() == u"North"_s;
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextCharFormat format = it.fragment().charFormat();
            image = image || format.isImageFormat();
            bold = bold || (it.fragment().text() == u"sharply"_s && format.fontWeight() >= QFont::Bold);
        }
    }
    QVERIFY(heading);
    QVERIFY(bold);
    QVERIFY(table);
    QVERIFY(!image);

    // Show source: the text as written, highlighted; the choice holds for the next Markdown file.
    auto *toggle = preview->findChild<QToolButton *>(u"FilePreviewSourceToggle"_s);
    QVERIFY(toggle && toggle->isVisible());
    toggle->click();
    auto *source = preview->findChild<QTextBrowser *>(u"FilePreviewText"_s);
    QTRY_VERIFY(source->isVisible());
    QVERIFY(!preview->showsFormatted());
    QVERIFY(source->toPlainText().startsWith(u"# Quarterly notes"_s));
    toggle->click();
    QTRY_VERIFY(formatted->isVisible());

    QVERIFY(panel->openPath(u"deep.md"_s));
    QTRY_VERIFY(preview->path() == u"deep.md"_s && preview->kind() == FilePreview::Kind::Text);
    QVERIFY(preview->showsFormatted());
    QVERIFY(formatted->document()->toPlainText().contains(u"deep"_s));

    // Lists nested 20000 deep in one line would take the layout seconds: source, and the note says why.
    QVERIFY(panel->openPath(u"lists.md"_s));
    QTRY_VERIFY(preview->path() == u"lists.md"_s && preview->kind() == FilePreview::Kind::Text);
    QVERIFY(!preview->isMarkdown());
    QVERIFY(source->isVisible());
    QVERIFY2(preview->noteText().contains(u"nests quotes or lists 20000 deep"_s),
             qPrintable(preview->noteText()));

    // A huge Markdown file is source, and the note says why.
    QVERIFY(panel->openPath(u"huge.md"_s));
    QTRY_COMPARE(preview->kind(), FilePreview::Kind::Text);
    QVERIFY(!preview->isMarkdown());
    QVERIFY(source->isVisible());
    QVERIFY(!toggle->isVisible());
    QVERIFY2(preview->noteText().contains(u"is shown as source, not formatted"_s),
             qPrintable(preview->noteText()));
    QCOMPARE(connections, 0);
}

// 21b: the empty Shell calls panel offers the sample trace Sandbench made of the sales demo; it opens in the
// trace viewer with its call, commands and output, and can be re-run. The Logs panel's call list offers none.
void TestWindowExtras::sampleTraceOpensFromTheEmptyPanel()
{
    auto window = createWindow();
    QVERIFY(window);
    ShellCallPanel *empty = window->currentShellPanel();
    QVERIFY(empty->views().isEmpty());
    auto *button = empty->findChild<QPushButton *>(u"OpenSampleTraceButton"_s);
    QVERIFY(button);
    QTRY_VERIFY(button->isVisible());
    QCOMPARE(button->text(), u"Open Sample Trace"_s);
    for (ShellCallPanel *other : window->findChildren<ShellCallPanel *>())
        if (other->parent() && !window->findChild<QWidget *>(u"ShellPanelStack"_s)->isAncestorOf(other))
            QVERIFY2(!other->findChild<QPushButton *>(u"OpenSampleTraceButton"_s)->isVisibleTo(other),
                     qPrintable(other->parent()->objectName()));

    auto *list = window->findChild<QListWidget *>(u"ConversationList"_s);
    const int conversations = list->count();
    button->click();
    QTRY_COMPARE(list->count(), conversations + 1);
    QCOMPARE(list->currentItem()->text(), u"Trace: sales-demo.json"_s);
    ShellCallPanel *panel = window->currentShellPanel();
    QVERIFY(panel != empty);
    QCOMPARE(panel->views().size(), 1);
    ShellCallView *call = panel->views().constFirst();
    QVERIFY(call->isFromTrace());
    QVERIFY(call->isFinished());
    const QList<CommandOutputView *> commands = call->commandViews();
    QCOMPARE(commands.size(), 3);
    QCOMPARE(commands.at(0)->command(), u"head -5 sales.csv"_s);
    QCOMPARE(commands.at(1)->command(), u"wc -l sales.csv"_s);
    for (CommandOutputView *command : commands)
        command->flush();
    QVERIFY2(commands.at(1)->outputText().contains(u"241 sales.csv"_s),
             qPrintable(commands.at(1)->outputText()));
    QVERIFY2(commands.at(2)->outputText().contains(u"**South** sells the most"_s),
             qPrintable(commands.at(2)->outputText()));
    QVERIFY(!panel->findChild<QPushButton *>(u"OpenSampleTraceButton"_s)->isVisible());
    QVERIFY(panel->findChild<QPushButton *>(u"RerunButton"_s)->isVisible());
    // The conversation shows the trace's answer.
    const auto answered = [&] {
        for (QTextBrowser *text : window->currentChat()->findChildren<QTextBrowser *>())
            if (text->toPlainText().contains(u"South sells the most"_s))
                return true;
        return false;
    };
    QTRY_VERIFY(answered());
}

// 21d: with no provider set up the model list offers only the demos, and the window says so above the
// conversation; Add Provider… opens Settings → Providers with a blank form focused, and once a provider is
// saved there the hint goes.
void TestWindowExtras::hintAddsAProviderWhenThereIsNone()
{
    auto window = createWindow();
    QVERIFY(window);
    auto *hint = window->findChild<ProviderHint *>(u"ProviderHint"_s);
    QVERIFY(hint);
    QTRY_VERIFY(hint->isVisible());
    QVERIFY2(hint->text().contains(u"No model provider is set up"_s), qPrintable(hint->text()));
    auto *picker = window->findChild<QComboBox *>(u"ModelPicker"_s);
    for (int i = 0; i < picker->count(); ++i)
        QVERIFY2(picker->itemData(i).toString().startsWith(u"scripted:"_s), qPrintable(picker->itemText(i)));
    // Below the hint, the conversation keeps its room.
    QVERIFY(hint->height() < window->height() / 6);

    hint->findChild<QPushButton *>(u"ProviderHintAddButton"_s)->click();
    auto *dialog = window->findChild<SettingsDialog *>(u"SettingsDialog"_s);
    QVERIFY(dialog);
    QTRY_VERIFY(dialog->isVisible());
    auto *page = dialog->findChild<ProviderSettingsPage *>(u"ProviderSettingsPage"_s);
    QVERIFY(page);
    QTRY_VERIFY(page->isVisible());
    auto *name = page->findChild<QLineEdit *>(u"ProviderName"_s);
    QVERIFY(name->text().isEmpty());
    QTRY_VERIFY(name->hasFocus() || QApplication::focusWidget() == name);

    name->setText(u"local"_s);
    page->findChild<QLineEdit *>(u"ProviderBaseUrl"_s)->setText(u"http://127.0.0.1:9/v1"_s);
    page->findChild<QPushButton *>(u"SaveProviderButton"_s)->click();
    QTRY_VERIFY(!hint->isVisible());
    dialog->close();
}

// 21c: each row of the Logs says who asked: the window's conversation and question (first line, control
// characters escaped, long ones cut), or the API client by its User-Agent.
void TestWindowExtras::logsSayWhoAsked()
{
    auto window = createWindow();
    QVERIFY(window);
    // A question from the window, through a script of one shell call.
    QVERIFY(QDir().mkpath(window->scriptsDir()));
    const QJsonObject script{
        {u"name"_s, u"origin"_s},
        {u"steps"_s,
         QJsonArray{
             QJsonObject{{u"text"_s, u"Running."_s},
                         {u"tool_calls"_s,
                          QJsonArray{QJsonObject{
                              {u"name"_s, u"shell"_s},
                              {u"arguments"_s, QJsonObject{{u"commands"_s, QJsonArray{u"echo hi"_s}}}}}}}},
             QJsonObject{{u"text"_s, u"Done."_s}}}}};
    const QString path = window->scriptsDir() + u"/origin.json"_s;
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QJsonDocument(script).toJson());
    }
    window->refreshModels();
    auto *picker = window->findChild<QComboBox *>(u"ModelPicker"_s);
    QTRY_VERIFY(picker->findData(QString(u"scripted:"_s + path)) >= 0);
    picker->setCurrentIndex(picker->findData(QString(u"scripted:"_s + path)));
    ChatWidget *chat = window->currentChat();
    const QString question =
        u"Sum the \x1b[31mred\x1b[0m column of every sheet"_s + QString(300, u'!') + u"\nthen plot it"_s;
    chat->findChild<QPlainTextEdit *>(u"MessageInput"_s)->setPlainText(question);
    chat->sendCurrentText();
    QTRY_VERIFY_WITH_TIMEOUT(!window->currentShellPanel()->views().isEmpty(), 20000);
    QTRY_VERIFY_WITH_TIMEOUT(!chat->session()->isBusy(), 60000);
    // The title comes from the question too: logged printable, as the question is.
    const QString title = RequestRecord::oneLine(chat->session()->title(), RequestRecord::MaxQuestionChars);
    QVERIFY(!title.isEmpty());

    // A request of another program, through the window's local API, with its own User-Agent.
    QTcpServer probe;
    QVERIFY(probe.listen(QHostAddress::LocalHost));
    const quint16 port = probe.serverPort();
    probe.close();
    QString error;
    QVERIFY2(window->localApi()->start(port, &error), qPrintable(error));
    const std::optional<QString> key = ApiKeys(m_dataDir->path()).create(u"test"_s, &error);
    QVERIFY2(key, qPrintable(error));
    QNetworkAccessManager nam;
    QNetworkRequest request(QUrl(u"http://127.0.0.1:%1/api/v1/responses"_s.arg(port)));
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader("Authorization", "Bearer " + key->toUtf8());
    request.setRawHeader("User-Agent", "OpenAI/Python 1.54.0");
    std::unique_ptr<QNetworkReply> reply(nam.post(
        request,
        QJsonDocument(QJsonObject{{u"model"_s, u"nowhere/none"_s}, {u"input"_s, u"hi"_s}}).toJson()));
    QTRY_VERIFY_WITH_TIMEOUT(reply->isFinished(), 30000);
    QVERIFY(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt() >= 400);

    auto *dock = window->findChild<QDockWidget *>(u"LogsDock"_s);
    QVERIFY(dock);
    window->showPanel(dock);
    auto *logs = dock->findChild<LogsPanel *>();
    QVERIFY(logs);
    LogsModel *model = logs->model();
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            logs->reload();
            return model->rowCount() >= 2 &&
                   !model->index(0, LogsModel::FromColumn).data().toString().isEmpty() &&
                   !model->index(1, LogsModel::FromColumn).data().toString().isEmpty();
        }(),
        20000);
    QCOMPARE(model->headerData(LogsModel::FromColumn, Qt::Horizontal).toString(), u"From"_s);
    QString fromWindow, fromApi, windowTip;
    for (int row = 0; row < model->rowCount(); ++row) {
        const QModelIndex from = model->index(row, LogsModel::FromColumn);
        if (from.data().toString().startsWith(u"API: "_s)) {
            fromApi = from.data().toString();
        } else {
            fromWindow = from.data().toString();
            windowTip = from.data(Qt::ToolTipRole).toString();
        }
    }
    QCOMPARE(fromApi, u"API: OpenAI/Python 1.54.0"_s);
    // The question (first line, escaped, cut); the tooltip names its conversation too.
    QVERIFY2(fromWindow.startsWith(u"\"Sum the \\x1b[31mred\\x1b[0m column of every sheet!!!"_s),
             qPrintable(fromWindow));
    QVERIFY2(fromWindow.endsWith(u'…'), qPrintable(fromWindow));
    QVERIFY2(windowTip.contains(title), qPrintable(windowTip));
    QVERIFY2(!fromWindow.contains(u'\x1b'), qPrintable(fromWindow));
    QVERIFY2(!fromWindow.contains(u"then plot it"_s), qPrintable(fromWindow));
    QVERIFY2(windowTip.contains(u"Asked in the window"_s), qPrintable(windowTip));
    QVERIFY(fromWindow.size() <= RequestRecord::MaxQuestionChars + 1);

    // The details say it too.
    for (int row = 0; row < model->rowCount(); ++row) {
        if (model->index(row, LogsModel::FromColumn).data().toString().startsWith(u"API: "_s))
            continue;
        logs->showRequest(model->rowIdAt(row));
        QTRY_COMPARE(logs->detail().record.rowId, model->rowIdAt(row));
        QCOMPARE(logs->detail().record.client, u"window"_s);
        QCOMPARE(logs->detail().record.conversation, title);
        auto *header = logs->findChild<QLabel *>(u"LogsDetailHeader"_s);
        QVERIFY(header);
        QTRY_VERIFY2(header->text().contains(u"from the window's conversation"_s),
                     qPrintable(header->text()));
    }

    // The API is named as a person reads it, in the table and the details, in every language: never the
    // log's own word ("über workbench").
    int windowRow = -1, apiRow = -1;
    for (int row = 0; row < model->rowCount(); ++row)
        (model->index(row, LogsModel::FromColumn).data().toString().startsWith(u"API: "_s) ? apiRow
                                                                                           : windowRow) = row;
    QVERIFY(windowRow >= 0 && apiRow >= 0);
    QCOMPARE(model->index(apiRow, LogsModel::ApiColumn).data().toString(), u"OpenAI Responses"_s);
    QCOMPARE(model->index(windowRow, LogsModel::ApiColumn).data().toString(), u"this window"_s);
    QCOMPARE(model->index(windowRow, LogsModel::ApiColumn).data(Qt::ToolTipRole).toString(),
             u"this window (workbench)"_s);
    auto *header = logs->findChild<QLabel *>(u"LogsDetailHeader"_s);
    for (const QString &language : {u"de"_s, u"fr"_s, u"zh_CN"_s, u"ru"_s, u"en"_s}) {
        TranslatorLoader::apply(QCoreApplication::instance(), language);
        const QString shown = model->index(windowRow, LogsModel::ApiColumn).data().toString();
        QVERIFY2(shown != u"workbench"_s && (language == u"en"_s) == (shown == u"this window"_s),
                 qPrintable(language + u": "_s + shown));
        logs->showRequest(model->rowIdAt(apiRow));
        QTRY_COMPARE(logs->detail().record.rowId, model->rowIdAt(apiRow));
        logs->showRequest(model->rowIdAt(windowRow));
        QTRY_COMPARE(logs->detail().record.rowId, model->rowIdAt(windowRow));
        QTRY_VERIFY2(header->text().contains(shown.toHtmlEscaped()), qPrintable(header->text()));
        QVERIFY2(!header->text().contains(u"workbench"_s), qPrintable(language + u": "_s + header->text()));
    }
}

namespace {
qint64 fileBytes(const QString &path)
{
    qint64 sum = 0;
    for (const char *suffix : {"", "-wal", "-shm"})
        sum += QFileInfo(path + QLatin1StringView(suffix)).size();
    return sum;
}

QByteArray noise(qsizetype size)
{
    QByteArray bytes(size, Qt::Uninitialized);
    QRandomGenerator::global()->fillRange(reinterpret_cast<quint32 *>(bytes.data()), size / 4);
    return bytes.toBase64().left(size); // text, as bodies are; random, so nothing packs it smaller
}
} // namespace

// 21e: Data & Disk Use deletes old requests, containers no conversation uses and uploaded files: each says
// what it would delete and free, Cancel deletes nothing, Delete frees what it said and the figures follow.
void TestWindowExtras::cleanupFreesWhatItSays()
{
    auto window = createWindow();
    QVERIFY(window);
    Workspace *ws = window->workspace();
    const QString dataDir = m_dataDir->path();
    const ContainerRegistry registry(dataDir);
    const QString wsDir = registry.workspaceDir(ws->name());
    const qint64 now = QDateTime::currentMSecsSinceEpoch();

    // 40 requests from 10 days ago with 64 KiB bodies (the log itself keeps 30 days), 3 from today.
    RequestLog *log = ws->observer()->log();
    QVERIFY(log);
    for (int i = 0; i < 43; ++i) {
        RequestRecord r;
        r.id = u"resp_cleanup_%1"_s.arg(i);
        r.timeMs = i < 40 ? now - 10LL * 24 * 3600 * 1000 : now - 1000;
        r.api = u"responses"_s;
        r.model = u"m"_s;
        r.requestBody = noise(64 * 1024);
        r.responseBody = "{}";
        log->append(r);
    }
    log->flush();
    const QString logPath = wsDir + u"/logs.sqlite"_s;
    QCOMPARE(log->path(), logPath);
    const qint64 logBefore = fileBytes(logPath);
    QVERIFY2(logBefore > 40 * 64 * 1024, qPrintable(QString::number(logBefore)));

    // An uploaded file of 1 MiB.
    UploadStore uploads(wsDir);
    QTemporaryFile upload;
    QVERIFY(upload.open());
    upload.write(noise(1 << 20));
    upload.flush();
    StoredFile meta;
    meta.filename = u"data.bin"_s;
    meta.api = u"openai"_s;
    QString error;
    const int fd = ::open(QFile::encodeName(upload.fileName()).constData(), O_RDONLY | O_CLOEXEC);
    QVERIFY(fd >= 0);
    const std::optional<StoredFile> stored = uploads.addFromFd(fd, meta, &error);
    ::close(fd);
    QVERIFY2(stored, qPrintable(error));
    QCOMPARE(uploads.list().size(), 1);

    // A container an API request left behind (no conversation uses it) with 1 MiB of files, beside the
    // window's own conversation container.
    ContainerMeta left;
    left.id = u"sess_leftbehind0123456789"_s;
    left.workspace = ws->name();
    left.createdMs = left.lastUsedMs = now;
    QVERIFY2(ContainerRegistry(dataDir).create(left, &error), qPrintable(error));
    {
        QVERIFY(QDir().mkpath(registry.homeDir(ws->name(), left.id)));
        QFile big(registry.homeDir(ws->name(), left.id) + u"/big.bin"_s);
        QVERIFY(big.open(QIODevice::WriteOnly));
        big.write(noise(1 << 20));
    }
    const QString ownContainer = window->currentContainer()->id();
    QVERIFY(registry.exists(ws->name(), ownContainer));

    window->showSettings(u"data"_s);
    auto *page = window->findChild<DataLocationPage *>(u"DataLocationPage"_s);
    QVERIFY(page);
    QTRY_VERIFY(page->isVisible());
    QTRY_VERIFY(!page->isMeasuring());
    auto *confirm = page->findChild<InlineConfirm *>(u"CleanupConfirm"_s);
    auto *message = page->findChild<InlineMessage *>(u"CleanupMessage"_s);
    QVERIFY(confirm && message);

    // ask(button): the question the page asks for it.
    const auto ask = [&](const char *button) -> QString {
        QSignalSpy asked(page, &DataLocationPage::cleanupAsked);
        QSignalSpy finished(page, &DataLocationPage::cleanupFinished); // nothing to ask about
        page->findChild<QPushButton *>(QString::fromLatin1(button))->click();
        if (!QTest::qWaitFor([&] { return !asked.isEmpty() || !finished.isEmpty(); }, 30000))
            return QString();
        return asked.isEmpty() ? message->text() : confirm->question();
    };
    const auto answer = [&](const QString &button) {
        QSignalSpy finished(page, &DataLocationPage::cleanupFinished);
        QSignalSpy measured(page, &DataLocationPage::measured);
        confirm->findChild<QPushButton *>(button)->click();
        QVERIFY(finished.size() > 0 || finished.wait(60000));
        if (button != u"InlineConfirmCancel"_s)
            QVERIFY(measured.size() > 0 || measured.wait(60000));
    };

    // Request logs: Cancel keeps all 43; Delete removes the 40 old ones and the file shrinks.
    QString question = ask("CleanupLogsButton");
    QVERIFY2(question.contains(u"Delete 40 requests logged more than 7 days ago"_s), qPrintable(question));
    QVERIFY2(question.contains(u"This frees about"_s), qPrintable(question));
    answer(u"InlineConfirmCancel"_s);
    QCOMPARE(message->text(), u"Nothing was deleted."_s);
    QCOMPARE(log->count(LogFilter()), 43);
    question = ask("CleanupLogsButton");
    answer(u"delete"_s);
    QVERIFY2(message->text().startsWith(u"Deleted 40 requests; the log is"_s), qPrintable(message->text()));
    QCOMPARE(log->count(LogFilter()), 3);
    const qint64 logAfter = fileBytes(logPath);
    QVERIFY2(logBefore - logAfter > 40 * 64 * 1024 / 2,
             qPrintable(u"%1 -> %2"_s.arg(logBefore).arg(logAfter)));
    // Nothing older is left: it says so and asks nothing.
    question = ask("CleanupLogsButton");
    QVERIFY2(question.contains(u"Nothing to delete: no request in the log is older than 7 days"_s),
             qPrintable(question));

    // Uploads: the table's Uploaded files row holds the 1 MiB file before.
    const auto uploadsRow = [&] {
        return page->findChild<QTreeWidget *>(u"DiskUseTable"_s)->topLevelItem(4)->text(1);
    };
    QVERIFY2(uploadsRow().endsWith(u"MiB"_s), qPrintable(uploadsRow()));
    question = ask("CleanupUploadsButton");
    QVERIFY2(question.contains(u"Delete 1 file uploaded through the Files APIs"_s), qPrintable(question));
    QVERIFY2(question.contains(u"This frees 1"_s), qPrintable(question)); // 1.0 MiB and a little
    answer(u"InlineConfirmCancel"_s);
    QCOMPARE(uploads.list().size(), 1);
    ask("CleanupUploadsButton");
    answer(u"delete"_s);
    QVERIFY2(message->text().startsWith(u"Deleted 1 file, freeing 1"_s), qPrintable(message->text()));
    QVERIFY(uploads.list().isEmpty());
    // The table's Uploaded files row follows (whole blocks: the store's empty folder is left).
    QVERIFY2(uploadsRow().endsWith(u"KiB"_s), qPrintable(uploadsRow()));
    QVERIFY(!QFileInfo::exists(uploads.dir() + u'/' + stored->token));

    // Containers: only the one left behind, never the conversation's.
    question = ask("CleanupContainersButton");
    QVERIFY2(question.contains(u"Delete 1 container that no conversation uses"_s), qPrintable(question));
    answer(u"InlineConfirmCancel"_s);
    QVERIFY(registry.exists(ws->name(), left.id));
    ask("CleanupContainersButton");
    answer(u"delete"_s);
    QVERIFY2(message->text().startsWith(u"Deleted 1 container, freeing 1"_s), qPrintable(message->text()));
    QTRY_VERIFY(!QFileInfo::exists(registry.containerDir(ws->name(), left.id)));
    QVERIFY(registry.exists(ws->name(), ownContainer));

    // The table was measured again after each: the workspace's request logs figure is the smaller file.
    auto *table = page->findChild<QTreeWidget *>(u"DiskUseTable"_s);
    QCOMPARE(table->topLevelItem(3)->text(1),
             QLocale().formattedDataSize(DiskCleanup::requestLogBytes(wsDir)));
}

QTEST_MAIN(TestWindowExtras)
#include "test_windowextras.moc"
