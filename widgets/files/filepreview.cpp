// SPDX-License-Identifier: GPL-3.0-or-later
#include "files/filepreview.h"
#include "common/retranslate.h"

#include "common/csvpreview.h"
#include "common/inlinemessage.h"
#include "common/safetextbrowser.h"
#include "common/syntaxhighlighter.h"
#include "sandbox/history/filestore.h"

#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFutureWatcher>
#include <QLabel>
#include <QLocale>
#include <QMimeDatabase>
#include <QScrollArea>
#include <QScrollBar>
#include <QStackedWidget>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextCursor>
#include <QTextDocument>
#include <QToolButton>
#include <QVBoxLayout>
#include <QtConcurrent>

#include <cerrno>
#include <sys/stat.h>

using namespace Qt::StringLiterals;

struct FilePreview::Result
{
    Kind kind = Kind::None;
    QString error;
    bool missing = false;
    qint64 size = 0;
    QString mime;
    QString text;
    bool textCapped = false;
    int markdownDepth = 0; // Markdown: the deepest nesting of quotes and lists
    QImage image;
    // CSV: a private copy of the file (deleted with the last reference) and the copy's path.
    std::shared_ptr<QTemporaryDir> csvSnapshot;
    QString csvPath;
};

namespace {
bool isMarkdownName(const QString &name)
{
    const QString suffix = QFileInfo(name).suffix().toLower();
    return suffix == u"md"_s || suffix == u"markdown"_s;
}

// How deeply a Markdown line nests block quotes and lists, at most: its markers at the start ("> - 1. ")
// and its indentation. Formatting thousands of nested lists takes the layout seconds.
int markdownDepth(const QString &text)
{
    int deepest = 0;
    for (qsizetype at = 0; at < text.size();) {
        qsizetype end = text.indexOf(u'\n', at);
        if (end < 0)
            end = text.size();
        int depth = 0, columns = 0;
        qsizetype i = at;
        while (i < end) {
            const QChar c = text.at(i);
            if (c == u' ' || c == u'\t') {
                if (depth == 0) // the indentation that nests a line under earlier ones
                    columns += c == u'\t' ? 4 : 1;
                ++i;
            } else if (c == u'>') {
                ++depth;
                ++i;
            } else if ((c == u'-' || c == u'*' || c == u'+') && (i + 1 == end || text.at(i + 1).isSpace())) {
                ++depth;
                ++i;
            } else if (c.isDigit()) {
                qsizetype j = i;
                while (j < end && j - i < 9 && text.at(j).isDigit())
                    ++j;
                if (j < end && (text.at(j) == u'.' || text.at(j) == u')') &&
                    (j + 1 == end || text.at(j + 1).isSpace())) {
                    ++depth;
                    i = j + 1;
                } else {
                    break;
                }
            } else {
                break;
            }
        }
        deepest = qMax(deepest, depth + columns / 2);
        at = end + 1;
    }
    return deepest;
}

bool isCsvName(const QString &name)
{
    const QString suffix = QFileInfo(name).suffix().toLower();
    return suffix == u"csv"_s || suffix == u"tsv"_s;
}

// Copies the CSV file (through FileStore: no link out of home, no fifo) into a private temporary folder, at
// most the size it had when opened, so the table's memory map never sees the container's live file.
bool snapshotCsv(const FileStore &store, const QString &id, const QString &relativePath,
                 FilePreview::Result *r)
{
    QString error;
    const std::unique_ptr<QFile> source = store.openContent(id, &error);
    if (!source) {
        r->kind = FilePreview::Kind::Error;
        r->error = error;
        return false;
    }
    const qint64 size = source->size();
    if (size > FilePreview::MaxCsvBytes) {
        r->size = size;
        r->kind = FilePreview::Kind::TooLarge;
        return false;
    }
    auto dir = std::make_shared<QTemporaryDir>(QDir::tempPath() + u"/sandbench-csv-XXXXXX"_s);
    QString name = QFileInfo(relativePath).fileName();
    if (name.isEmpty() || name.startsWith(u'.'))
        name.prepend(u"table"_s);
    QFile copy(dir->filePath(name));
    if (!dir->isValid() || !copy.open(QIODevice::WriteOnly)) {
        r->kind = FilePreview::Kind::Error;
        r->error = dir->isValid() ? copy.errorString() : dir->errorString();
        return false;
    }
    qint64 left = size;
    QByteArray chunk;
    while (left > 0 && !(chunk = source->read(qMin<qint64>(left, 1 << 20))).isEmpty()) {
        if (copy.write(chunk) != chunk.size()) {
            r->kind = FilePreview::Kind::Error;
            r->error = copy.errorString();
            return false;
        }
        left -= chunk.size();
    }
    copy.close();
    r->csvSnapshot = dir;
    r->csvPath = copy.fileName();
    return true;
}

FilePreview::Result load(const QString &homeDir, const QString &relativePath, QString id)
{
    FilePreview::Result r;
    const FileStore store(homeDir);
    if (id.isEmpty())
        id = FileStore::fileIdForPath(relativePath.toUtf8());
    QString error;
    const std::optional<ContainerFileStat> st = store.stat(id, false, &error);
    if (!st) {
        r.kind = FilePreview::Kind::Error;
        r.error = error;
        // FileStore reports a missing file with the system's ENOENT text. The id holds the name's real bytes.
        if (const std::optional<QByteArray> raw = FileStore::pathForFileId(id, nullptr)) {
            struct stat link;
            const QByteArray full = QFile::encodeName(homeDir) + '/' + *raw;
            r.missing = ::lstat(full.constData(), &link) != 0 && errno == ENOENT;
        }
        return r;
    }
    r.size = st->file.size;
    const std::optional<QByteArray> head =
        store.read(id, 0, qMax<qint64>(1, qMin<qint64>(r.size, FilePreview::MaxTextBytes)), &error);
    if (!head) {
        r.kind = FilePreview::Kind::Error;
        r.error = error;
        return r;
    }
    const QMimeType mime = QMimeDatabase().mimeTypeForFileNameAndData(relativePath, head->left(4096));
    r.mime = mime.name();

    if (isCsvName(relativePath)) {
        if (snapshotCsv(store, id, relativePath, &r))
            r.kind = FilePreview::Kind::Csv;
        return r;
    }

    if (mime.name().startsWith(u"image/"_s)) {
        if (r.size <= FilePreview::MaxImageBytes) {
            const std::optional<QByteArray> all =
                r.size <= FilePreview::MaxTextBytes ? head : store.read(id, 0, r.size, &error);
            if (all) {
                QImage image;
                if (image.loadFromData(*all)) {
                    r.kind = FilePreview::Kind::Image;
                    r.image = image;
                    return r;
                }
            }
        }
    }

    // A NUL byte early on means binary, as git and grep decide.
    if (head->left(8192).contains('\0')) {
        r.kind = FilePreview::Kind::Binary;
        return r;
    }
    QByteArray bytes = *head;
    r.textCapped = r.size > bytes.size();
    if (r.textCapped) {
        // Do not end in the middle of a UTF-8 sequence.
        qsizetype cut = bytes.size();
        while (cut > 0 && (uchar(bytes.at(cut - 1)) & 0xC0) == 0x80)
            --cut;
        if (cut > 0 && (uchar(bytes.at(cut - 1)) & 0x80))
            --cut;
        bytes.truncate(cut);
    }
    r.kind = FilePreview::Kind::Text;
    r.text = QString::fromUtf8(bytes);
    if (isMarkdownName(relativePath) && !r.textCapped && r.size <= FilePreview::MaxMarkdownBytes)
        r.markdownDepth = markdownDepth(r.text);
    return r;
}
} // namespace

FilePreview::FilePreview(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(u"FilePreview"_s);
    m_title = new QLabel(this);
    m_title->setObjectName(u"FilePreviewTitle"_s);
    m_title->setTextFormat(Qt::PlainText);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_title->setWordWrap(true);
    m_note = new QLabel(this);
    m_note->setObjectName(u"FilePreviewNote"_s);
    m_note->setWordWrap(true);
    m_note->setTextFormat(Qt::PlainText);
    m_note->hide();
    m_message = new InlineMessage(this);
    m_message->setObjectName(u"FilePreviewMessage"_s);

    m_placeholder = new QLabel(this);
    m_placeholder->setObjectName(u"FilePreviewPlaceholder"_s);
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setWordWrap(true);
    m_placeholder->setEnabled(false);
    m_text = new SafeTextBrowser(this);
    m_text->setObjectName(u"FilePreviewText"_s);
    m_text->setOpenLinks(false);
    m_text->setLineWrapMode(QTextEdit::NoWrap);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_formatted = new SafeTextBrowser(this);
    m_formatted->setObjectName(u"FilePreviewFormatted"_s);
    m_sourceToggle = new QToolButton(this);
    m_sourceToggle->setObjectName(u"FilePreviewSourceToggle"_s);
    m_sourceToggle->setCheckable(true);
    m_sourceToggle->setToolButtonStyle(Qt::ToolButtonTextOnly);
    retranslate(m_sourceToggle, [this] {
        m_sourceToggle->setText(tr("Show source"));
        m_sourceToggle->setToolTip(tr("Show the Markdown file as its source text instead of formatted"));
    });
    m_sourceToggle->hide();
    connect(m_sourceToggle, &QToolButton::toggled, this, [this](bool source) { setShowFormatted(!source); });
    m_imageLabel = new QLabel;
    m_imageLabel->setObjectName(u"FilePreviewImage"_s);
    m_imageLabel->setAlignment(Qt::AlignCenter);
    m_imageArea = new QScrollArea(this);
    m_imageArea->setObjectName(u"FilePreviewImageArea"_s);
    m_imageArea->setWidget(m_imageLabel);
    m_imageArea->setWidgetResizable(true);
    m_imageArea->setAlignment(Qt::AlignCenter);
    m_csv = new CsvPreview(this);
    // MainWindow has its own CsvPreview named "CsvPreview".
    m_csv->setObjectName(u"FilesCsvPreview"_s);
    m_stack = new QStackedWidget(this);
    m_stack->setObjectName(u"FilePreviewStack"_s);
    m_stack->addWidget(m_placeholder);
    m_stack->addWidget(m_text);
    m_stack->addWidget(m_formatted);
    m_stack->addWidget(m_imageArea);
    m_stack->addWidget(m_csv);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *top = new QHBoxLayout;
    top->addWidget(m_title, 1);
    top->addWidget(m_sourceToggle, 0, Qt::AlignTop);
    layout->addLayout(top);
    layout->addWidget(m_note);
    layout->addWidget(m_message);
    layout->addWidget(m_stack, 1);
    clear();
}

void FilePreview::clear()
{
    ++m_generation;
    releaseCsv();
    m_path.clear();
    m_kind = Kind::None;
    m_markdown = false;
    m_sourceToggle->hide();
    m_formatted->clear();
    m_highlightedHtml.clear();
    m_plainText.clear();
    m_image = QImage();
    m_title->clear();
    m_title->hide();
    m_note->hide();
    m_message->hide();
    setTranslatedText(m_placeholder, [=, this]() -> QString { return tr("Select a file to preview it."); });
    m_stack->setCurrentWidget(m_placeholder);
}

QString FilePreview::errorText() const
{
    return m_message->isVisibleTo(this) ? m_message->text() : QString();
}

QString FilePreview::noteText() const
{
    return m_note->isVisibleTo(this) ? m_note->text() : QString();
}

QString FilePreview::csvSnapshotPath() const
{
    return m_csvSnapshot ? m_csv->path() : QString();
}

void FilePreview::releaseCsv()
{
    if (!m_csvSnapshot)
        return;
    // CsvPreview cannot close a file; a fresh one lets the old table, its index and memory map go.
    auto *fresh = new CsvPreview(this);
    fresh->setObjectName(m_csv->objectName());
    const int at = m_stack->indexOf(m_csv);
    const bool shown = m_stack->currentWidget() == m_csv;
    m_stack->insertWidget(at, fresh);
    if (shown)
        m_stack->setCurrentWidget(fresh);
    delete m_csv;
    m_csv = fresh;
    m_csvSnapshot.reset(); // after the map is gone: deletes the private copy
}

void FilePreview::showFile(const QString &homeDir, const QString &relativePath, const QString &fileId)
{
    const quint64 generation = ++m_generation;
    releaseCsv();
    m_homeDir = homeDir;
    m_path = relativePath;
    m_kind = Kind::None;
    m_markdown = false;
    m_sourceToggle->hide();
    m_formatted->clear();
    m_highlightedHtml.clear();
    m_plainText.clear();
    m_image = QImage();
    m_message->hide();
    m_note->hide();
    m_title->setText(relativePath);
    m_title->show();
    setTranslatedText(m_placeholder, [=, this]() -> QString { return tr("Loading %1…").arg(relativePath); });
    m_stack->setCurrentWidget(m_placeholder);

    const QString id = fileId.isEmpty() ? FileStore::fileIdForPath(relativePath.toUtf8()) : fileId;
    QString why;
    if (!FileStore::pathForFileId(id, &why)) {
        Result r;
        r.kind = Kind::Error;
        r.error = why;
        apply(r);
        return;
    }
    auto *watcher = new QFutureWatcher<Result>(this);
    connect(watcher, &QFutureWatcher<Result>::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation == m_generation)
            apply(watcher->result());
    });
    watcher->setFuture(QtConcurrent::run(load, homeDir, relativePath, id));
}

void FilePreview::apply(const Result &r)
{
    m_kind = r.kind;
    const QLocale locale;
    const QString size = locale.formattedDataSize(r.size, 1, QLocale::DataSizeTraditionalFormat);
    if (r.kind != Kind::Error)
        setTranslatedText(m_title, [this, mime = r.mime, size] {
            return mime.isEmpty() ? tr("%1 — %2").arg(m_path, size)
                                  : tr("%1 — %2, %3").arg(m_path, size, mime);
        });
    switch (r.kind) {
    case Kind::None:
        break;
    case Kind::Error:
        showError(r.missing ? tr("%1 no longer exists in the container: it was deleted or renamed after the "
                                 "list was read.")
                                  .arg(m_path)
                            : tr("Cannot show %1: %2").arg(m_path, r.error));
        if (r.missing)
            Q_EMIT fileMissing(m_path);
        break;
    case Kind::Binary:
        setTranslatedText(m_placeholder, [mime = r.mime, size] {
            return tr("Binary file (%1, %2): no preview. Use Save to copy it to this computer.")
                .arg(mime, size);
        });
        m_stack->setCurrentWidget(m_placeholder);
        break;
    case Kind::Image:
        m_image = r.image;
        setTranslatedText(m_note, [pixels = r.image.size()] {
            return tr("%1 × %2 pixels").arg(pixels.width()).arg(pixels.height());
        });
        m_note->show();
        m_stack->setCurrentWidget(m_imageArea);
        showImage();
        break;
    case Kind::TooLarge:
        setTranslatedText(m_placeholder, [=, this]() -> QString {
            return tr("%1 is %2, larger than the %3 a table preview is made for. Use Save As… to "
                      "copy it to this computer.")
                .arg(m_path, size,
                     locale.formattedDataSize(MaxCsvBytes, 0, QLocale::DataSizeTraditionalFormat));
        });
        m_stack->setCurrentWidget(m_placeholder);
        break;
    case Kind::Csv:
        m_csvSnapshot = r.csvSnapshot;
        if (!m_csv->openFile(r.csvPath)) {
            m_kind = Kind::Error;
            showError(tr("Cannot open %1 as a table.").arg(m_path));
            break;
        }
        m_stack->setCurrentWidget(m_csv);
        break;
    case Kind::Text: {
        if (r.textCapped) {
            setTranslatedText(m_note, [=, this]() -> QString {
                return tr("Showing the first %1 of %2.")
                    .arg(locale.formattedDataSize(MaxTextBytes, 0, QLocale::DataSizeTraditionalFormat), size);
            });
            m_note->show();
        }
        m_text->setPlainText(r.text);
        m_stack->setCurrentWidget(m_text);
        m_plainText = r.text;
        highlightText();
        if (isMarkdownName(m_path)) {
            if (r.textCapped || r.size > MaxMarkdownBytes) {
                // Formatting is laid out on this thread: a large file stays source, and says why.
                setTranslatedText(m_note, [=, this]() -> QString {
                    return tr("%1 is %2: Markdown larger than %3 is shown as source, not formatted.")
                        .arg(m_path, size,
                             locale.formattedDataSize(MaxMarkdownBytes, 0,
                                                      QLocale::DataSizeTraditionalFormat));
                });
                m_note->show();
            } else if (r.markdownDepth > MaxMarkdownDepth) {
                setTranslatedText(m_note, [=, this]() -> QString {
                    return tr("%1 nests quotes or lists %2 deep: Markdown deeper than %3 is shown as source, "
                              "not formatted.")
                        .arg(m_path)
                        .arg(r.markdownDepth)
                        .arg(MaxMarkdownDepth);
                });
                m_note->show();
            } else {
                m_markdown = true;
                const QSignalBlocker blocker(m_sourceToggle);
                m_sourceToggle->setChecked(!m_formattedWanted);
                m_sourceToggle->show();
                if (m_formattedWanted)
                    showMarkdown();
            }
        }
        break;
    }
    }
    Q_EMIT loaded();
}

void FilePreview::highlightText()
{
    SyntaxHighlighter *highlighter = SyntaxHighlighter::instance();
    m_highlightTheme = highlighter->themeName();
    const quint64 generation = m_generation;
    const QString theme = m_highlightTheme;
    highlighter->highlight(m_plainText, m_path, this, [this, generation, theme](const QString &html) {
        if (generation != m_generation || theme != m_highlightTheme)
            return;
        const int scroll = m_text->verticalScrollBar()->value();
        m_highlightedHtml = html;
        m_text->setHtml(html);
        m_text->verticalScrollBar()->setValue(scroll);
        Q_EMIT highlighted();
    });
}

bool FilePreview::showsFormatted() const
{
    return m_markdown && m_stack->currentWidget() == m_formatted;
}

void FilePreview::setShowFormatted(bool formatted)
{
    m_formattedWanted = formatted;
    {
        const QSignalBlocker blocker(m_sourceToggle);
        m_sourceToggle->setChecked(!formatted);
    }
    if (!m_markdown || m_kind != Kind::Text)
        return;
    if (formatted)
        showMarkdown();
    else
        m_stack->setCurrentWidget(m_text);
}

void FilePreview::showMarkdown()
{
    if (m_formatted->document()->isEmpty()) {
        QTextDocument *doc = m_formatted->document();
        // The file is the container's: no raw HTML (it could hide text or style the page), and nothing is
        // loaded (SafeTextBrowser loads no resource). An image shows as the address it names, so a tracking
        // pixel or a picture of a host file is seen for what it is.
        doc->setMarkdown(m_plainText, QTextDocument::MarkdownFeatures(QTextDocument::MarkdownDialectGitHub |
                                                                      QTextDocument::MarkdownNoHTML));
        QList<QPair<int, QString>> images;
        for (QTextBlock block = doc->begin(); block.isValid(); block = block.next())
            for (auto it = block.begin(); !it.atEnd(); ++it)
                if (const QTextFragment fragment = it.fragment(); fragment.charFormat().isImageFormat())
                    for (int i = 0; i < fragment.length(); ++i)
                        images.append(
                            {fragment.position() + i, fragment.charFormat().toImageFormat().name()});
        for (auto it = images.crbegin(); it != images.crend(); ++it) {
            QTextCursor cursor(doc);
            cursor.setPosition(it->first);
            cursor.setPosition(it->first + 1, QTextCursor::KeepAnchor);
            cursor.insertText(tr("[image not loaded: %1]").arg(it->second), QTextCharFormat());
        }
    }
    m_stack->setCurrentWidget(m_formatted);
}

void FilePreview::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    // The addresses of images that were not loaded are in the formatted text: lay it out again.
    if (event->type() == QEvent::LanguageChange && m_markdown) {
        m_formatted->clear();
        if (m_formattedWanted && m_kind == Kind::Text)
            showMarkdown();
    }
    // A theme switch between light and dark: highlight again with the matching colours.
    if ((event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange) &&
        m_kind == Kind::Text && !m_plainText.isEmpty() &&
        SyntaxHighlighter::instance()->themeName() != m_highlightTheme)
        highlightText();
}

void FilePreview::showError(const QString &text)
{
    m_message->showMessage(text, InlineMessage::Type::Error);
    m_placeholder->setText(QString());
    m_stack->setCurrentWidget(m_placeholder);
}

void FilePreview::showImage()
{
    if (m_image.isNull())
        return;
    // Fit large images to the view; small ones keep their pixels.
    // The stack's size, not the viewport's: a scroll area that was hidden has not been laid out yet.
    const QSize room = m_stack->contentsRect().size() - QSize(8, 8);
    QPixmap pixmap = QPixmap::fromImage(m_image);
    if (pixmap.width() > room.width() || pixmap.height() > room.height())
        pixmap = pixmap.scaled(room.expandedTo(QSize(16, 16)), Qt::KeepAspectRatio, Qt::SmoothTransformation);
    m_imageLabel->setPixmap(pixmap);
}

void FilePreview::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    if (m_kind == Kind::Image)
        showImage();
}
