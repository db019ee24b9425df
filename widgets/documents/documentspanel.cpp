// SPDX-License-Identifier: GPL-3.0-or-later
#include "documents/documentspanel.h"

#include "common/csvpreview.h"
#include "common/filedialog.h"
#include "common/inlinemessage.h"
#include "common/retranslate.h"
#include "common/safetextbrowser.h"
#include "common/syntaxhighlighter.h"
#include "documents/documentspanelmodel.h"

#include <QDesktopServices>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QFontDatabase>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QImage>
#include <QImageReader>
#include <QLabel>
#include <QLocale>
#include <QPixmap>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollArea>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QTimer>
#include <QUrl>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

struct PreviewData
{
    QString kind; // text, image, binary, error
    QString text;
    QImage image;
    QString error;
    bool truncated = false;
};

PreviewData loadPreview(const QString &path, const QString &fileName, qint64 size)
{
    PreviewData data;
    const QByteArray suffix = QFileInfo(fileName).suffix().toLower().toLatin1();
    if (!suffix.isEmpty() && QImageReader::supportedImageFormats().contains(suffix)) {
        if (size > DocumentsPanel::MaxImagePreviewBytes) {
            data.kind = u"binary"_s;
            return data;
        }
        QImageReader reader(path, suffix);
        reader.setAutoDetectImageFormat(true);
        reader.setAutoTransform(true);
        data.image = reader.read();
        if (!data.image.isNull()) {
            data.kind = u"image"_s;
            return data;
        }
        // Not an image after all (a wrong suffix): look at it as text below.
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        data.kind = u"error"_s;
        data.error = file.errorString();
        return data;
    }
    const QByteArray bytes = file.read(DocumentsPanel::MaxTextPreviewBytes);
    if (bytes.contains('\0')) {
        data.kind = u"binary"_s;
        return data;
    }
    data.kind = u"text"_s;
    data.text = QString::fromUtf8(bytes);
    data.truncated = file.size() > bytes.size();
    return data;
}

// Copies source to target atomically; returns an error or empty.
QString copyFile(const QString &source, const QString &target)
{
    QFile in(source);
    if (!in.open(QIODevice::ReadOnly))
        return in.errorString();
    QSaveFile out(target);
    if (!out.open(QIODevice::WriteOnly))
        return out.errorString();
    QByteArray chunk;
    while (!(chunk = in.read(1 << 20)).isEmpty()) {
        if (out.write(chunk) != chunk.size())
            return out.errorString();
    }
    if (in.error() != QFileDevice::NoError)
        return in.errorString();
    if (!out.commit())
        return out.errorString();
    return {};
}

// True when both files hold the same bytes.
bool sameContent(const QString &a, const QString &b)
{
    QFile fa(a), fb(b);
    if (!fa.open(QIODevice::ReadOnly) || !fb.open(QIODevice::ReadOnly) || fa.size() != fb.size())
        return false;
    while (!fa.atEnd()) {
        if (fa.read(1 << 20) != fb.read(1 << 20))
            return false;
    }
    return true;
}

// Where the copy of a document goes in dir: its own name, unless a copy by that name exists and differs
// (the user edited it in the other application); then "name (2).ext", "name (3).ext"… so that edit is kept.
// An identical existing copy is reused as it is (*reuse set).
QString externalCopyTarget(const QString &dir, const QString &fileName, const QString &contentPath,
                           bool *reuse)
{
    *reuse = false;
    const QFileInfo info(fileName);
    const QString base = info.completeBaseName();
    const QString suffix = info.suffix().isEmpty() ? QString() : u'.' + info.suffix();
    for (int n = 1;; ++n) {
        const QString name = n == 1 ? fileName : u"%1 (%2)%3"_s.arg(base).arg(n).arg(suffix);
        const QString path = dir + u'/' + name;
        const QFileInfo existing(path);
        if (!existing.exists() && !existing.isSymLink())
            return path;
        if (existing.isFile() && !existing.isSymLink() && sameContent(path, contentPath)) {
            *reuse = true;
            return path;
        }
    }
}

// A private directory for copies handed to other applications, which need the real file name.
QString externalCopyDir(const QString &id, QString *error)
{
    const QString base = DocumentsPanel::externalCopyBase();
    QDir().mkpath(base);
    QFile::setPermissions(base, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    const QFileInfo info(base);
    if (!info.isDir() || info.isSymLink() || info.ownerId() != ::getuid()) {
        *error = QObject::tr("%1 is not a private directory of this user").arg(base);
        return {};
    }
    const QString dir = base + u'/' + id;
    if (!QDir().mkpath(dir)) {
        *error = QObject::tr("cannot create %1").arg(dir);
        return {};
    }
    return dir;
}

} // namespace

DocumentsPanel::DocumentsPanel(const QString &documentsDir, QWidget *parent)
    : QWidget(parent)
    , m_documentsDir(documentsDir)
    , m_model(new DocumentsPanelModel(this))
{
    setObjectName(u"DocumentsPanel"_s);
    m_copiesAndDeletes.setMaxThreadCount(1);

    auto *intro = translatedLabel(
        [=, this]() -> QString {
            return tr("Files promoted from a container. Documents belong to the workspace and "
                      "never expire.");
        },
        this);
    intro->setObjectName(u"DocumentsIntro"_s);
    intro->setWordWrap(true);

    m_table = new QTableView(this);
    m_table->setObjectName(u"DocumentsTable"_s);
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideMiddle);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->horizontalHeader()->setSectionResizeMode(DocumentsPanelModel::NameColumn, QHeaderView::Stretch);

    m_emptyLabel = translatedLabel(
        [=, this]() -> QString {
            return tr("No documents yet. Promote a file from a container (the Files panel, "
                      "<tt>sandbench containers promote ID PATH</tt> or the local API) to keep a "
                      "copy here.");
        },
        this);
    m_emptyLabel->setObjectName(u"DocumentsEmpty"_s);
    m_emptyLabel->setWordWrap(true);
    m_emptyLabel->setAlignment(Qt::AlignCenter);
    m_emptyLabel->setForegroundRole(QPalette::PlaceholderText);
    m_emptyLabel->setMargin(16);
    m_listStack = new QStackedWidget(this);
    m_listStack->addWidget(m_emptyLabel);
    m_listStack->addWidget(m_table);

    m_openButton = new QPushButton(this);
    retranslate(m_openButton, [this] { m_openButton->setText(tr("Open")); });
    m_openButton->setObjectName(u"DocumentOpenButton"_s);
    retranslate(m_openButton, [this] {
        m_openButton->setToolTip(tr("Open a copy in the desktop's application for this kind of file"));
    });
    m_saveButton = new QPushButton(this);
    retranslate(m_saveButton, [this] { m_saveButton->setText(tr("Save As…")); });
    m_saveButton->setObjectName(u"DocumentSaveButton"_s);
    m_deleteButton = new QPushButton(this);
    retranslate(m_deleteButton, [this] { m_deleteButton->setText(tr("Delete")); });
    m_deleteButton->setObjectName(u"DocumentDeleteButton"_s);
    connect(m_openButton, &QPushButton::clicked, this, &DocumentsPanel::openExternally);
    connect(m_saveButton, &QPushButton::clicked, this, &DocumentsPanel::saveAs);
    connect(m_deleteButton, &QPushButton::clicked, this, &DocumentsPanel::requestDelete);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_openButton);
    buttons->addWidget(m_saveButton);
    buttons->addStretch(1);
    buttons->addWidget(m_deleteButton);

    // The delete confirmation sits in the panel: destructive, but no modal dialog is needed for it.
    auto *deleteBar = new QFrame(this);
    deleteBar->setObjectName(u"DocumentDeleteBar"_s);
    deleteBar->setFrameShape(QFrame::StyledPanel);
    deleteBar->setAutoFillBackground(true);
    deleteBar->setBackgroundRole(QPalette::AlternateBase);
    m_deleteBar = deleteBar;
    m_deleteText = new QLabel(m_deleteBar);
    m_deleteText->setObjectName(u"DocumentDeleteText"_s);
    m_deleteText->setWordWrap(true);
    m_deleteText->setTextFormat(Qt::PlainText); // names come from containers: never read as HTML
    auto *confirm = new QPushButton(m_deleteBar);
    retranslate(confirm, [confirm] { confirm->setText(tr("Delete")); });
    confirm->setObjectName(u"DocumentDeleteConfirmButton"_s);
    auto *keep = new QPushButton(m_deleteBar);
    retranslate(keep, [keep] { keep->setText(tr("Keep")); });
    keep->setObjectName(u"DocumentDeleteCancelButton"_s);
    connect(confirm, &QPushButton::clicked, this, &DocumentsPanel::confirmDelete);
    connect(keep, &QPushButton::clicked, this, [this] {
        m_pendingDelete.clear();
        m_deleteBar->hide();
    });
    auto *deleteLayout = new QHBoxLayout(m_deleteBar);
    deleteLayout->setContentsMargins(6, 6, 6, 6);
    deleteLayout->addWidget(m_deleteText, 1);
    deleteLayout->addWidget(confirm);
    deleteLayout->addWidget(keep);
    m_deleteBar->hide();

    m_message = new InlineMessage(this);
    m_message->setObjectName(u"DocumentsMessage"_s);

    auto *top = new QWidget(this);
    auto *topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(intro);
    topLayout->addWidget(m_listStack, 1);
    topLayout->addLayout(buttons);
    topLayout->addWidget(m_deleteBar);
    topLayout->addWidget(m_message);

    m_previewTitle = new QLabel(this);
    m_previewTitle->setObjectName(u"DocumentPreviewTitle"_s);
    QFont bold = m_previewTitle->font();
    bold.setBold(true);
    m_previewTitle->setFont(bold);
    m_previewTitle->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_previewTitle->setTextFormat(Qt::PlainText);
    m_previewDetails = new QLabel(this);
    m_previewDetails->setObjectName(u"DocumentPreviewDetails"_s);
    m_previewDetails->setForegroundRole(QPalette::PlaceholderText);
    m_previewDetails->setWordWrap(true);
    m_previewDetails->setTextFormat(Qt::PlainText);

    m_placeholder = new QLabel(this);
    setTranslatedText(m_placeholder,
                      [=, this]() -> QString { return tr("Select a document to see it here."); });
    m_placeholder->setObjectName(u"DocumentPreviewPlaceholder"_s);
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setWordWrap(true);
    m_placeholder->setForegroundRole(QPalette::PlaceholderText);
    m_placeholder->setTextFormat(Qt::PlainText);
    m_text = new SafeTextBrowser(this);
    m_text->setObjectName(u"DocumentTextPreview"_s);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_text->setLineWrapMode(QTextEdit::NoWrap);
    m_text->setOpenLinks(false);
    m_image = new QLabel;
    m_image->setObjectName(u"DocumentImagePreview"_s);
    m_image->setAlignment(Qt::AlignCenter);
    m_imageArea = new QScrollArea(this);
    m_imageArea->setObjectName(u"DocumentImageArea"_s);
    m_imageArea->setWidget(m_image);
    m_imageArea->setWidgetResizable(true);
    m_imageArea->setAlignment(Qt::AlignCenter);
    m_previewStack = new QStackedWidget(this);
    m_previewStack->setObjectName(u"DocumentPreviewStack"_s);
    m_previewStack->addWidget(m_placeholder);
    m_previewStack->addWidget(m_text);
    m_previewStack->addWidget(m_imageArea);
    // The image is fitted again whenever the preview area changes size.
    m_previewStack->installEventFilter(this);

    auto *bottom = new QWidget(this);
    auto *bottomLayout = new QVBoxLayout(bottom);
    bottomLayout->setContentsMargins(0, 0, 0, 0);
    bottomLayout->addWidget(m_previewTitle);
    bottomLayout->addWidget(m_previewDetails);
    bottomLayout->addWidget(m_previewStack, 1);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->setObjectName(u"DocumentsSplitter"_s);
    splitter->setChildrenCollapsible(false);
    splitter->addWidget(top);
    splitter->addWidget(bottom);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(splitter);

    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &DocumentsPanel::onCurrentChanged);
    connect(m_table, &QTableView::activated, this, &DocumentsPanel::openExternally);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &DocumentsPanel::updateActions);
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, &DocumentsPanel::updateActions);

    // Promotes write meta.json last into a new directory: watch the directory for new entries and each
    // half-written entry until its meta.json is there.
    m_watcher = new QFileSystemWatcher(this);
    if (!m_documentsDir.isEmpty() && QDir().mkpath(m_documentsDir))
        m_watcher->addPath(m_documentsDir);
    m_scanTimer = new QTimer(this);
    m_scanTimer->setSingleShot(true);
    m_scanTimer->setInterval(100);
    connect(m_scanTimer, &QTimer::timeout, this, &DocumentsPanel::refresh);
    connect(m_watcher, &QFileSystemWatcher::directoryChanged, this, &DocumentsPanel::scheduleScan);

    updateActions();
    refresh();
}

DocumentsPanel::~DocumentsPanel()
{
    // The copies handed to other applications this session go with the window (a few small directories).
    for (const QString &id : std::as_const(m_openedCopies)) {
        if (const QString dir = externalCopyDirOf(id); !dir.isEmpty())
            QDir(dir).removeRecursively();
    }
}

const DocumentEntry *DocumentsPanel::current() const
{
    const QModelIndex index = m_table->selectionModel()->currentIndex();
    return index.isValid() ? m_model->document(index.row()) : nullptr;
}

QString DocumentsPanel::currentDocumentId() const
{
    const DocumentEntry *doc = current();
    return doc ? doc->id : QString();
}

void DocumentsPanel::scheduleScan()
{
    m_scanTimer->start();
}

void DocumentsPanel::refresh()
{
    if (m_scanning) {
        m_rescan = true;
        return;
    }
    m_scanning = true;
    auto *watcher = new QFutureWatcher<DocumentScan>(this);
    connect(watcher, &QFutureWatcher<DocumentScan>::finished, this, [this, watcher] {
        watcher->deleteLater();
        m_scanning = false;
        applyScan(watcher->result());
        if (std::exchange(m_rescan, false))
            refresh();
    });
    watcher->setFuture(QtConcurrent::run(&DocumentsPanelModel::scan, m_documentsDir));
}

void DocumentsPanel::applyScan(const DocumentScan &scan)
{
    // The directory itself may have been removed and created again.
    if (!m_documentsDir.isEmpty() && !m_watcher->directories().contains(m_documentsDir) &&
        QFileInfo::exists(m_documentsDir))
        m_watcher->addPath(m_documentsDir);
    const QStringList watched = m_watcher->directories();
    for (const QString &dir : watched) {
        if (dir != m_documentsDir && !scan.pendingDirs.contains(dir))
            m_watcher->removePath(dir);
    }
    for (const QString &dir : scan.pendingDirs) {
        if (!watched.contains(dir))
            m_watcher->addPath(dir);
    }
    const QString selected = currentDocumentId();
    m_model->setDocuments(scan.documents);
    // The other columns fit their contents; the name takes the rest.
    for (int column : {int(DocumentsPanelModel::SizeColumn), int(DocumentsPanelModel::SourceColumn),
                       int(DocumentsPanelModel::DateColumn)})
        m_table->resizeColumnToContents(column);
    if (!selected.isEmpty() && m_model->rowOf(selected) < 0)
        onCurrentChanged();
    updateActions();
    Q_EMIT refreshed();
}

bool DocumentsPanel::selectDocument(const QString &id)
{
    const int row = m_model->rowOf(id);
    if (row < 0)
        return false;
    m_table->setCurrentIndex(m_model->index(row, DocumentsPanelModel::NameColumn));
    m_table->scrollTo(m_table->currentIndex());
    return true;
}

void DocumentsPanel::updateActions()
{
    const bool any = m_model->rowCount() > 0;
    m_listStack->setCurrentWidget(any ? static_cast<QWidget *>(m_table) : m_emptyLabel);
    const bool selected = current() != nullptr;
    m_openButton->setEnabled(selected);
    m_saveButton->setEnabled(selected);
    m_deleteButton->setEnabled(selected);
    if (!m_pendingDelete.isEmpty() && m_model->rowOf(m_pendingDelete) < 0) {
        m_pendingDelete.clear();
        m_deleteBar->hide();
    }
}

void DocumentsPanel::setPreviewKind(const QString &kind)
{
    m_previewKind = kind;
    if (kind != u"none")
        Q_EMIT previewReady(kind);
}

void DocumentsPanel::onCurrentChanged()
{
    updateActions();
    const DocumentEntry *doc = current();
    ++m_previewGeneration;
    if (!doc) {
        m_previewTitle->clear();
        m_previewDetails->clear();
        setTranslatedText(m_placeholder,
                          [=, this]() -> QString { return tr("Select a document to see it here."); });
        m_previewStack->setCurrentWidget(m_placeholder);
        m_previewKind = u"none"_s;
        return;
    }
    if (m_pendingDelete != doc->id) {
        m_pendingDelete.clear();
        m_deleteBar->hide();
    }
    showPreview(*doc);
}

void DocumentsPanel::showPreview(const DocumentEntry &doc)
{
    m_previewTitle->setText(doc.filename);
    const QString size = QLocale().formattedDataSize(doc.size, 1, QLocale::DataSizeTraditionalFormat);
    setTranslatedText(m_previewDetails, [=, this]() -> QString {
        return doc.containerId.isEmpty()
                   ? size
                   : tr("%1 · from /workspace/home/%2 in %3").arg(size, doc.sourcePath, doc.containerId);
    });

    const QString suffix = QFileInfo(doc.filename).suffix().toLower();
    if (suffix == u"csv" || suffix == u"tsv") {
        if (!m_csv) {
            // Created on first use; renamed so it is never mistaken for the window's own table preview.
            m_csv = new CsvPreview(this);
            m_csv->setObjectName(u"DocumentCsvPreview"_s);
            // The title above already names the document; the preview's own would say "content".
            if (auto *title = m_csv->findChild<QLabel *>(u"CsvTitle"_s))
                title->hide();
            m_previewStack->addWidget(m_csv);
        }
        m_csv->openFile(doc.contentPath());
        m_previewStack->setCurrentWidget(m_csv);
        setPreviewKind(u"csv"_s);
        return;
    }

    setTranslatedText(m_placeholder, [=, this]() -> QString { return tr("Loading…"); });
    m_previewStack->setCurrentWidget(m_placeholder);
    m_previewKind = u"loading"_s;
    m_previewImage = QImage();
    const quint64 generation = m_previewGeneration;
    auto *watcher = new QFutureWatcher<PreviewData>(this);
    connect(watcher, &QFutureWatcher<PreviewData>::finished, this, [this, watcher, generation, doc] {
        watcher->deleteLater();
        if (generation != m_previewGeneration)
            return;
        const PreviewData data = watcher->result();
        if (data.kind == u"image") {
            m_previewImage = data.image;
            fitImage();
            setTranslatedToolTip(m_image, [pixels = data.image.size()] {
                return tr("%1 × %2 pixels").arg(pixels.width()).arg(pixels.height());
            });
            m_previewStack->setCurrentWidget(m_imageArea);
        } else if (data.kind == u"text") {
            const QString note =
                data.truncated
                    ? tr("[The preview shows the first %1; use Open or Save As for the whole file.]")
                          .arg(QLocale().formattedDataSize(MaxTextPreviewBytes))
                    : QString();
            // Plain text at once; the highlighted version replaces it when it is ready.
            m_text->setPlainText(data.text);
            if (!note.isEmpty())
                m_text->append(u"\n"_s + note);
            m_text->moveCursor(QTextCursor::Start);
            m_text->setProperty("highlighted", false);
            m_previewStack->setCurrentWidget(m_text);
            SyntaxHighlighter::instance()->highlight(data.text, doc.filename, this,
                                                     [this, generation, note](const QString &html) {
                                                         if (generation != m_previewGeneration)
                                                             return;
                                                         m_text->setHtml(html);
                                                         if (!note.isEmpty())
                                                             m_text->append(note.toHtmlEscaped());
                                                         m_text->moveCursor(QTextCursor::Start);
                                                         m_text->setProperty("highlighted", true);
                                                     });
        } else if (data.kind == u"binary") {
            setTranslatedText(m_placeholder, [=, this]() -> QString {
                return tr("No preview for this kind of file. Use Open to view it in another "
                          "application, or Save As to keep a copy.");
            });
        } else {
            setTranslatedText(m_placeholder, [name = doc.filename, error = data.error] {
                return tr("Cannot read %1: %2").arg(name, error);
            });
        }
        setPreviewKind(data.kind);
    });
    watcher->setFuture(QtConcurrent::run(&loadPreview, doc.contentPath(), doc.filename, doc.size));
}

void DocumentsPanel::fitImage()
{
    if (m_previewImage.isNull())
        return;
    // The stack's size, not the scroll area's viewport: a hidden scroll area has not been laid out yet.
    const QSize room = m_previewStack->contentsRect().size() - QSize(8, 8);
    QPixmap pixmap = QPixmap::fromImage(m_previewImage);
    if (pixmap.width() > room.width() || pixmap.height() > room.height())
        pixmap = pixmap.scaled(room.expandedTo(QSize(16, 16)), Qt::KeepAspectRatio, Qt::SmoothTransformation);
    m_image->setPixmap(pixmap);
}

bool DocumentsPanel::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_previewStack && event->type() == QEvent::Resize && m_previewKind == u"image"_s)
        fitImage();
    return QWidget::eventFilter(watched, event);
}

void DocumentsPanel::openExternally()
{
    const DocumentEntry *doc = current();
    if (!doc)
        return;
    const DocumentEntry copy = *doc;
    auto *watcher = new QFutureWatcher<QString>(this);
    auto target = std::make_shared<QString>();
    connect(watcher, &QFutureWatcher<QString>::finished, this, [this, watcher, target, copy] {
        watcher->deleteLater();
        const QString error = watcher->result();
        if (!error.isEmpty()) {
            m_message->showMessage(
                [=, this]() -> QString { return tr("Cannot open %1: %2").arg(copy.filename, error); },
                InlineMessage::Type::Error);
            return;
        }
        if (!QFileInfo::exists(*target))
            return; // deleted meanwhile: nothing to open
        if (!QDesktopServices::openUrl(QUrl::fromLocalFile(*target)))
            m_message->showMessage(
                [=, this]() -> QString {
                    return tr("No application on this computer opens %1. Use Save As to keep a copy "
                              "and open it yourself.")
                        .arg(copy.filename);
                },
                InlineMessage::Type::Warning);
    });
    // Other applications need a file with its real name; the content file has none.
    watcher->setFuture(QtConcurrent::run(&m_copiesAndDeletes, [copy, target] {
        QString error;
        const QString dir = externalCopyDir(copy.id, &error);
        if (dir.isEmpty())
            return error;
        bool reuse = false;
        *target = externalCopyTarget(dir, copy.filename, copy.contentPath(), &reuse);
        return reuse ? QString() : copyFile(copy.contentPath(), *target);
    }));
    m_openedCopies.insert(copy.id);
}

QString DocumentsPanel::externalCopyBase()
{
    return QDir::temp().filePath(u"sandbench-documents-%1"_s.arg(::getuid()));
}

QString DocumentsPanel::externalCopyDirOf(const QString &id)
{
    return DocumentsPanelModel::isValidId(id) ? externalCopyBase() + u'/' + id : QString();
}

void DocumentsPanel::saveAs()
{
    const DocumentEntry *doc = current();
    if (!doc)
        return;
    const QString id = doc->id;
    FileDialog::Options options;
    options.objectName = u"DocumentSaveDialog"_s;
    options.caption = tr("Save a copy of %1").arg(doc->filename);
    options.suggestedPath = QDir::home().filePath(doc->filename);
    FileDialog::chooseFileToSave(this, options, this,
                                 [this, id](const QString &path) { saveDocumentTo(id, path); });
}

void DocumentsPanel::saveDocumentTo(const QString &id, const QString &path)
{
    const int row = m_model->rowOf(id);
    if (row < 0 || path.isEmpty())
        return;
    const DocumentEntry doc = *m_model->document(row);
    auto *watcher = new QFutureWatcher<QString>(this);
    connect(watcher, &QFutureWatcher<QString>::finished, this, [this, watcher, doc, path] {
        watcher->deleteLater();
        const QString error = watcher->result();
        if (!error.isEmpty()) {
            m_message->showMessage(
                [=, this]() -> QString {
                    return tr("Cannot save %1 to %2: %3").arg(doc.filename, path, error);
                },
                InlineMessage::Type::Error);
            return;
        }
        m_message->showMessage(
            [=, this]() -> QString {
                return tr("Saved %1 to %2.").arg(doc.filename, QDir::toNativeSeparators(path));
            },
            InlineMessage::Type::Positive);
        Q_EMIT documentSaved(path);
    });
    watcher->setFuture(QtConcurrent::run(&m_copiesAndDeletes, &copyFile, doc.contentPath(), path));
}

void DocumentsPanel::requestDelete()
{
    const DocumentEntry *doc = current();
    if (!doc)
        return;
    m_pendingDelete = doc->id;
    setTranslatedText(m_deleteText, [name = doc->filename] {
        return tr("Delete %1 from the workspace's documents? This cannot be undone.").arg(name);
    });
    m_deleteBar->show();
}

void DocumentsPanel::confirmDelete()
{
    const QString id = std::exchange(m_pendingDelete, QString());
    m_deleteBar->hide();
    const int row = m_model->rowOf(id);
    if (row < 0 || !DocumentsPanelModel::isValidId(id))
        return;
    const DocumentEntry doc = *m_model->document(row);
    // Only ever a direct child of the documents directory, whatever meta.json says.
    const QString dir = QDir(m_documentsDir).filePath(id);
    const QString copies = externalCopyDirOf(id);
    m_openedCopies.remove(id);
    auto *watcher = new QFutureWatcher<bool>(this);
    connect(watcher, &QFutureWatcher<bool>::finished, this, [this, watcher, doc] {
        watcher->deleteLater();
        if (!watcher->result()) {
            m_message->showMessage(
                [=, this]() -> QString {
                    return tr("Cannot delete %1 completely; some of its files remain in %2.")
                        .arg(doc.filename, QDir::toNativeSeparators(doc.dir));
                },
                InlineMessage::Type::Error);
        } else {
            m_message->showMessage([=, this]() -> QString { return tr("Deleted %1.").arg(doc.filename); },
                                   InlineMessage::Type::Information);
            Q_EMIT documentDeleted(doc.id);
        }
        refresh();
    });
    watcher->setFuture(QtConcurrent::run(&m_copiesAndDeletes, [dir, copies] {
        // The copies opened in other applications go too (a deleted document leaves nothing behind).
        if (!copies.isEmpty())
            QDir(copies).removeRecursively();
        return QDir(dir).removeRecursively();
    }));
}
