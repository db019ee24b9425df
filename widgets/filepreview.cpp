// SPDX-License-Identifier: GPL-3.0-or-later
#include "filepreview.h"

#include "csvpreview.h"
#include "inlinemessage.h"
#include "sandbox/history/filestore.h"
#include "syntaxhighlighter.h"

#include <QDir>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFutureWatcher>
#include <QLabel>
#include <QLocale>
#include <QMimeDatabase>
#include <QScrollArea>
#include <QStackedWidget>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <QtConcurrent>

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
    QImage image;
    QString csvPath; // host path, checked to be a plain file below home
};

namespace {
bool isCsvName(const QString &name)
{
    const QString suffix = QFileInfo(name).suffix().toLower();
    return suffix == u"csv"_s || suffix == u"tsv"_s;
}

FilePreview::Result load(const QString &homeDir, const QString &relativePath)
{
    FilePreview::Result r;
    const FileStore store(homeDir);
    const QString id = FileStore::fileIdForPath(relativePath.toUtf8());
    QString error;
    const std::optional<ContainerFileStat> st = store.stat(id, false, &error);
    if (!st) {
        r.kind = FilePreview::Kind::Error;
        r.error = error;
        // FileStore reports a missing file with the system's ENOENT text.
        const QString full = QDir(homeDir).filePath(relativePath);
        r.missing = !QFileInfo::exists(full) && !QFileInfo(full).isSymLink() &&
                    FileStore::pathForFileId(id, nullptr).has_value();
        return r;
    }
    r.size = st->file.size;
    const std::optional<QByteArray> head = store.read(id, 0, qMax<qint64>(1, qMin<qint64>(r.size, FilePreview::MaxTextBytes)), &error);
    if (!head) {
        r.kind = FilePreview::Kind::Error;
        r.error = error;
        return r;
    }
    const QMimeType mime = QMimeDatabase().mimeTypeForFileNameAndData(relativePath, head->left(4096));
    r.mime = mime.name();

    if (isCsvName(relativePath)) {
        // CsvPreview opens by path: make sure that path is this plain file below home, no link on the way.
        const QString full = QDir(homeDir).filePath(relativePath);
        const QString canonicalHome = QFileInfo(homeDir).canonicalFilePath();
        const QString canonical = QFileInfo(full).canonicalFilePath();
        if (canonical.isEmpty() || canonical != QDir::cleanPath(canonicalHome + u'/' + relativePath)) {
            r.kind = FilePreview::Kind::Error;
            r.error = QCoreApplication::translate("FilePreview", "%1 is not a plain file inside the container's home.")
                          .arg(relativePath);
            return r;
        }
        r.kind = FilePreview::Kind::Csv;
        r.csvPath = canonical;
        return r;
    }

    if (mime.name().startsWith(u"image/"_s)) {
        if (r.size <= FilePreview::MaxImageBytes) {
            const std::optional<QByteArray> all = r.size <= FilePreview::MaxTextBytes ? head
                                                                                       : store.read(id, 0, r.size, &error);
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
    m_text = new QTextBrowser(this);
    m_text->setObjectName(u"FilePreviewText"_s);
    m_text->setOpenLinks(false);
    m_text->setLineWrapMode(QTextEdit::NoWrap);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
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
    m_stack->addWidget(m_imageArea);
    m_stack->addWidget(m_csv);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_title);
    layout->addWidget(m_note);
    layout->addWidget(m_message);
    layout->addWidget(m_stack, 1);
    clear();
}

void FilePreview::clear()
{
    ++m_generation;
    m_path.clear();
    m_kind = Kind::None;
    m_highlightedHtml.clear();
    m_image = QImage();
    m_title->clear();
    m_title->hide();
    m_note->hide();
    m_message->hide();
    m_placeholder->setText(tr("Select a file to preview it."));
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

void FilePreview::showFile(const QString &homeDir, const QString &relativePath)
{
    const quint64 generation = ++m_generation;
    m_homeDir = homeDir;
    m_path = relativePath;
    m_kind = Kind::None;
    m_highlightedHtml.clear();
    m_image = QImage();
    m_message->hide();
    m_note->hide();
    m_title->setText(relativePath);
    m_title->show();
    m_placeholder->setText(tr("Loading %1…").arg(relativePath));
    m_stack->setCurrentWidget(m_placeholder);

    QString why;
    if (!FileStore::pathForFileId(FileStore::fileIdForPath(relativePath.toUtf8()), &why)) {
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
    watcher->setFuture(QtConcurrent::run(load, homeDir, relativePath));
}

void FilePreview::apply(const Result &r)
{
    m_kind = r.kind;
    const QLocale locale;
    const QString size = locale.formattedDataSize(r.size, 1, QLocale::DataSizeTraditionalFormat);
    if (r.kind != Kind::Error)
        m_title->setText(r.mime.isEmpty() ? tr("%1 — %2").arg(m_path, size)
                                          : tr("%1 — %2, %3").arg(m_path, size, r.mime));
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
        m_placeholder->setText(tr("Binary file (%1, %2): no preview. Use Save to copy it to this computer.")
                                   .arg(r.mime, size));
        m_stack->setCurrentWidget(m_placeholder);
        break;
    case Kind::Image:
        m_image = r.image;
        m_note->setText(tr("%1 × %2 pixels").arg(r.image.width()).arg(r.image.height()));
        m_note->show();
        m_stack->setCurrentWidget(m_imageArea);
        showImage();
        break;
    case Kind::Csv:
        if (!m_csv->openFile(r.csvPath)) {
            m_kind = Kind::Error;
            showError(tr("Cannot open %1 as a table.").arg(m_path));
            break;
        }
        m_stack->setCurrentWidget(m_csv);
        break;
    case Kind::Text: {
        if (r.textCapped) {
            m_note->setText(tr("Showing the first %1 of %2.")
                                .arg(locale.formattedDataSize(MaxTextBytes, 0, QLocale::DataSizeTraditionalFormat),
                                     size));
            m_note->show();
        }
        m_text->setPlainText(r.text);
        m_stack->setCurrentWidget(m_text);
        const quint64 generation = m_generation;
        SyntaxHighlighter::instance()->highlight(r.text, m_path, this, [this, generation](const QString &html) {
            if (generation != m_generation)
                return;
            m_highlightedHtml = html;
            m_text->setHtml(html);
            Q_EMIT highlighted();
        });
        break;
    }
    }
    Q_EMIT loaded();
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
