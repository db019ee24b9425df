// SPDX-License-Identifier: GPL-3.0-or-later
#include "files/filespanel.h"

#include "common/elidedlabel.h"
#include "common/filedialog.h"
#include "common/retranslate.h"
#include "files/filepreview.h"
#include "files/filetreemodel.h"
#include "files/historyview.h"
#include "sandbox/container.h"
#include "sandbox/history/filestore.h"

#include <QDir>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonObject>
#include <QLabel>
#include <QLocale>
#include <QSet>
#include <QSplitter>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTimer>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>
#include <QtConcurrent>

#include <cerrno>
#include <functional>

#include <sys/stat.h>

using namespace Qt::StringLiterals;

namespace {
struct Listing
{
    QList<ContainerFile> files;
    bool truncated = false;
    QString error;
};

Listing listFiles(const QString &homeDir)
{
    Listing out;
    // A container that never ran has no home yet: nothing to list, not an error.
    if (!QFileInfo(homeDir).isDir())
        return out;
    const FileStore store(homeDir);
    QString after;
    for (;;) {
        QString error;
        const std::optional<ContainerFilePage> page = store.list(FileStore::kMaxLimit, after, &error);
        if (!page) {
            out.error = error;
            return out;
        }
        out.files += page->files;
        if (!page->hasMore || page->files.isEmpty())
            break;
        if (out.files.size() >= FilesPanel::MaxListedFiles) {
            out.truncated = true;
            break;
        }
        after = page->files.last().id;
    }
    return out;
}

QToolButton *makeButton(const QString &name, std::function<QString()> text, std::function<QString()> toolTip,
                        QWidget *parent)
{
    auto *button = new QToolButton(parent);
    button->setObjectName(name);
    setTranslatedText(button, std::move(text));
    setTranslatedToolTip(button, std::move(toolTip));
    button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    return button;
}
} // namespace

FilesPanel::FilesPanel(const QString &documentsDir, const QString &workspace, QWidget *parent)
    : QWidget(parent)
    , m_documentsDir(documentsDir)
    , m_workspace(workspace)
{
    setObjectName(u"FilesPanel"_s);
    // Elided, so the container id and counts never push the buttons out of a narrow dock (1366x768).
    m_header = new ElidedLabel(this);
    m_header->setObjectName(u"FilesHeader"_s);
    m_refreshButton = makeButton(
        u"FilesRefreshButton"_s, [] { return tr("Refresh"); },
        [] { return tr("Read the files and history again"); }, this);
    m_saveButton = makeButton(
        u"FilesSaveButton"_s, [] { return tr("Save As…"); },
        [] { return tr("Save the selected file on this computer"); }, this);
    m_promoteButton = makeButton(
        u"FilesPromoteButton"_s, [] { return tr("Promote"); },
        [] { return tr("Copy the selected file to the workspace's documents, which never expire"); }, this);
    // Caches and settings programs keep in the home (matplotlib's, pip's, Sandbench's own figures) are left
    // out of the list unless asked for, as a file manager does.
    m_hiddenButton = makeButton(
        u"FilesShowHiddenButton"_s, [] { return tr("Hidden files"); },
        [] {
            return tr(
                "Also list files and folders whose name starts with a dot (.cache, .config, .sandbench)");
        },
        this);
    m_hiddenButton->setCheckable(true);
    connect(m_hiddenButton, &QToolButton::toggled, this, [this](bool shown) {
        m_showHidden = shown;
        refresh();
    });
    connect(m_refreshButton, &QToolButton::clicked, this, &FilesPanel::refresh);
    connect(m_saveButton, &QToolButton::clicked, this, &FilesPanel::saveSelected);
    connect(m_promoteButton, &QToolButton::clicked, this, &FilesPanel::promoteSelected);

    m_message = new InlineMessage(this);
    m_message->setObjectName(u"FilesMessage"_s);

    m_model = new FileTreeModel(this);
    m_tree = new QTreeView(this);
    m_tree->setObjectName(u"FilesTree"_s);
    m_tree->setModel(m_model);
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->setSelectionMode(QAbstractItemView::SingleSelection);
    m_tree->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_tree->setTextElideMode(Qt::ElideMiddle);
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(FileTreeModel::NameColumn, QHeaderView::Stretch);
    m_tree->header()->setSectionResizeMode(FileTreeModel::SizeColumn, QHeaderView::ResizeToContents);
    m_tree->header()->setSectionResizeMode(FileTreeModel::ModifiedColumn, QHeaderView::ResizeToContents);
    connect(m_tree->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &FilesPanel::onCurrentChanged);

    m_preview = new FilePreview(this);
    m_historyView = new HistoryView(this);
    // The tree and its preview on one tab, the history on the other: each gets the panel's whole height,
    // which docked below the shell calls is a third of the window or less.
    m_splitter = new QSplitter(Qt::Vertical, this);
    m_splitter->setObjectName(u"FilesSplitter"_s);
    m_splitter->setChildrenCollapsible(false);
    m_splitter->addWidget(m_tree);
    m_splitter->addWidget(m_preview);
    m_splitter->setStretchFactor(0, 2);
    m_splitter->setStretchFactor(1, 3);
    // The preview takes room only when it shows a file; until then the tree has the whole page. Its pages
    // (the table's search row and all) would ask for more than a short dock has beside five rows of the tree:
    // it needs a title and a few lines, the rest scrolls.
    m_preview->hide();
    m_preview->setMinimumHeight(6 * fontMetrics().height());
    connect(m_splitter, &QSplitter::splitterMoved, this, [this] { m_previewPlaced = true; });
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(u"FilesTabs"_s);
    m_tabs->setDocumentMode(true);
    retranslate(m_tabs, [this, tab = m_tabs->addTab(m_splitter, QString())] {
        m_tabs->setTabText(tab, tr("Files"));
    });
    retranslate(m_tabs, [this, tab = m_tabs->addTab(m_historyView, QString())] {
        m_tabs->setTabText(tab, tr("History"));
    });
    // Beside the Files and History tabs, where the row has room (the top row sets the panel's least width).
    m_hiddenButton->setAutoRaise(true);
    m_tabs->setCornerWidget(m_hiddenButton, Qt::TopRightCorner);
    connect(m_preview, &FilePreview::fileMissing, this, &FilesPanel::scheduleRefresh);
    connect(m_historyView, &HistoryView::message, this, &FilesPanel::showMessage);

    auto *top = new QHBoxLayout;
    top->setContentsMargins(0, 0, 0, 0);
    top->addWidget(m_header, 1);
    top->addWidget(m_refreshButton);
    top->addWidget(m_saveButton);
    top->addWidget(m_promoteButton);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(m_message);
    layout->addWidget(m_tabs, 1);

    // Commands often save in bursts (one commit per command of a call): read once per burst.
    m_refreshTimer = new QTimer(this);
    m_refreshTimer->setSingleShot(true);
    m_refreshTimer->setInterval(150);
    connect(m_refreshTimer, &QTimer::timeout, this, &FilesPanel::refresh);
    updateHeader();
    updateActions();
}

void FilesPanel::setContainer(Container *container)
{
    if (container == m_container && container)
        return;
    for (const auto &c : std::as_const(m_containerConnections))
        disconnect(c);
    m_containerConnections.clear();
    m_container = container;
    m_homeDir = container ? container->homeDir() : QString();
    ++m_listGeneration; // a listing of the previous container still running is ignored
    m_message->hide();
    m_preview->clear();
    showPreview(false);
    m_model->setFiles({});
    m_totalBytes = 0;
    m_truncated = false;
    m_historyView->setContainer(container);
    if (container) {
        m_containerConnections.append(
            connect(container, &Container::filesChanged, this,
                    [this](int, const QList<FileChange> &changes, const QString &, const QString &) {
                        QStringList paths;
                        for (const FileChange &c : changes)
                            paths.append(c.path);
                        onFilesChanged(paths);
                    }));
    }
    updateHeader();
    updateActions();
    refresh();
}

void FilesPanel::onFilesChanged(const QStringList &paths)
{
    // The preview follows its file: reload it after the list when the command touched it.
    if (!m_preview->path().isEmpty() && paths.contains(m_preview->path()))
        m_preview->setProperty("stale", true);
    scheduleRefresh();
}

void FilesPanel::scheduleRefresh()
{
    if (!isVisible()) {
        m_dirty = true; // read when shown: no work for a hidden panel
        return;
    }
    m_refreshTimer->start();
}

void FilesPanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    placePreview();
    if (m_dirty) {
        m_dirty = false;
        refresh();
    }
}

void FilesPanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    // In a narrow panel the names come first: the modification time ("5 Dec 2026 00:28:00") goes before it
    // squeezes them to "…"; widening the panel brings it back.
    m_tree->setColumnHidden(FileTreeModel::ModifiedColumn, width() < 55 * fontMetrics().averageCharWidth());
    placePreview();
}

void FilesPanel::showPreview(bool shown)
{
    if (shown == m_preview->isVisibleTo(m_splitter))
        return;
    m_preview->setVisible(shown);
    m_placePending = shown && !m_previewPlaced;
    placePreview();
}

void FilesPanel::placePreview()
{
    // Until the user moves the divider: the tree keeps the rows it has (five at least) and at most a little
    // more than half the page; the preview the rest.
    if (!m_placePending || !m_splitter->isVisible() || m_splitter->height() < 4 * fontMetrics().height())
        return;
    m_placePending = false;
    const int total = m_splitter->height() - m_splitter->handleWidth();
    const int row = std::max(m_tree->sizeHintForRow(0), fontMetrics().height() + 2);
    int rows = 0;
    for (QModelIndex index = m_model->index(0, 0); index.isValid(); index = m_tree->indexBelow(index))
        ++rows;
    const int frame = m_tree->header()->height() + 2 * m_tree->frameWidth();
    const int wanted = frame + row * (rows + 1);
    const int tree = std::max(frame + 5 * row, std::min(wanted, total * 55 / 100));
    m_splitter->setSizes({tree, std::max(0, total - tree)});
}

void FilesPanel::refresh()
{
    m_refreshTimer->stop();
    m_dirty = false;
    if (m_listing) {
        // One listing at a time: read once more when the running one ends.
        m_listPending = true;
        return;
    }
    const quint64 generation = ++m_listGeneration;
    m_historyView->refresh();
    if (!m_container) {
        m_model->setFiles({});
        updateHeader();
        return;
    }
    m_listing = true;
    auto *watcher = new QFutureWatcher<Listing>(this);
    connect(watcher, &QFutureWatcher<Listing>::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        m_listing = false;
        if (m_listPending) {
            m_listPending = false;
            QTimer::singleShot(0, this, &FilesPanel::refresh);
        }
        if (generation != m_listGeneration)
            return;
        const Listing listing = watcher->result();
        if (!listing.error.isEmpty()) {
            showMessage(tr("Cannot list the container's files: %1").arg(listing.error),
                        InlineMessage::Type::Error);
            return;
        }
        // Keep what the user had open and selected across the reset.
        const QString selected = m_tree->currentIndex().data(FileTreeModel::PathRole).toString();
        QSet<QString> expanded;
        std::function<void(const QModelIndex &)> collect = [&](const QModelIndex &parent) {
            for (int row = 0; row < m_model->rowCount(parent); ++row) {
                const QModelIndex index = m_model->index(row, 0, parent);
                if (m_tree->isExpanded(index)) {
                    expanded.insert(index.data(FileTreeModel::PathRole).toString());
                    collect(index);
                }
            }
        };
        collect({});
        const bool first = m_model->fileCount() == 0;

        m_tree->selectionModel()->blockSignals(true);
        QList<ContainerFile> shown;
        m_totalBytes = 0;
        m_hiddenFiles = 0;
        for (const ContainerFile &f : listing.files) {
            if (!m_showHidden && isHidden(f.path)) {
                ++m_hiddenFiles;
                continue;
            }
            shown.append(f);
            m_totalBytes += f.size;
        }
        m_model->setFiles(shown);
        m_truncated = listing.truncated;
        if (first && listing.files.size() <= 200) {
            // Open every folder but hidden ones (caches and tool settings such as .cache/ and .config/).
            std::function<void(const QModelIndex &)> expand = [&](const QModelIndex &parent) {
                for (int row = 0; row < m_model->rowCount(parent); ++row) {
                    const QModelIndex index = m_model->index(row, 0, parent);
                    if (!index.data(FileTreeModel::IsFolderRole).toBool() ||
                        QFileInfo(index.data(FileTreeModel::PathRole).toString()).fileName().startsWith(u'.'))
                        continue;
                    m_tree->expand(index);
                    expand(index);
                }
            };
            expand({});
        }
        for (const QString &path : std::as_const(expanded))
            m_tree->expand(m_model->indexForPath(path));
        const QModelIndex again = m_model->indexForPath(selected);
        if (again.isValid())
            m_tree->setCurrentIndex(again);
        m_tree->selectionModel()->blockSignals(false);

        if (!selected.isEmpty() && !again.isValid() && m_preview->path() == selected) {
            m_preview->clear();
            showPreview(false);
            showMessage(tr("%1 was deleted.").arg(selected), InlineMessage::Type::Information);
        } else if (again.isValid() && m_preview->property("stale").toBool()) {
            m_preview->setProperty("stale", false);
            m_preview->showFile(m_homeDir, selected, again.data(FileTreeModel::FileIdRole).toString());
        }
        updateHeader();
        updateActions();
        Q_EMIT filesListed();
    });
    watcher->setFuture(QtConcurrent::run(listFiles, m_homeDir));
}

void FilesPanel::onCurrentChanged()
{
    const QModelIndex current = m_tree->currentIndex();
    updateActions();
    if (!current.isValid() || current.data(FileTreeModel::IsFolderRole).toBool())
        return;
    m_preview->setProperty("stale", false);
    m_preview->showFile(m_homeDir, current.data(FileTreeModel::PathRole).toString(),
                        current.data(FileTreeModel::FileIdRole).toString());
    m_tabs->setCurrentWidget(m_splitter);
    showPreview(true);
}

QString FilesPanel::selectedPath() const
{
    const QModelIndex current = m_tree->currentIndex();
    if (!current.isValid() || current.data(FileTreeModel::IsFolderRole).toBool())
        return {};
    return current.data(FileTreeModel::PathRole).toString();
}

QString FilesPanel::selectedFileId() const
{
    const QModelIndex current = m_tree->currentIndex();
    if (!current.isValid() || current.data(FileTreeModel::IsFolderRole).toBool())
        return {};
    return current.data(FileTreeModel::FileIdRole).toString();
}

bool FilesPanel::openPath(const QString &relativePath)
{
    QString why;
    if (!FileStore::pathForFileId(FileStore::fileIdForPath(relativePath.toUtf8()), &why)) {
        showMessage(tr("Cannot open \"%1\": %2. Paths are relative to /workspace/home and may not contain "
                       "\"..\" or start with \"/\".")
                        .arg(relativePath, why),
                    InlineMessage::Type::Error);
        return false;
    }
    const QModelIndex index = m_model->indexForPath(relativePath);
    if (!index.isValid() || index.data(FileTreeModel::IsFolderRole).toBool()) {
        showMessage(tr("There is no file \"%1\" in the container.").arg(relativePath),
                    InlineMessage::Type::Error);
        return false;
    }
    m_tree->scrollTo(index);
    m_tree->setCurrentIndex(index);
    return true;
}

QString FilesPanel::messageText() const
{
    return m_message->isVisibleTo(this) ? m_message->text() : QString();
}

void FilesPanel::saveSelected()
{
    const QString path = selectedPath();
    const QString id = selectedFileId();
    if (path.isEmpty() || id.isEmpty() || m_saving)
        return;
    // What to save is fixed now: the selection or the conversation may change while the dialog is open.
    const QString home = m_homeDir;
    const QString downloads = QStandardPaths::writableLocation(QStandardPaths::DownloadLocation);
    FileDialog::Options options;
    options.objectName = u"FilesSaveDialog"_s;
    options.caption = tr("Save %1").arg(QFileInfo(path).fileName());
    options.suggestedPath = QDir(downloads).filePath(QFileInfo(path).fileName());
    FileDialog::chooseFileToSave(
        this, options, this, [this, home, id, path](const QString &to) { saveFileTo(home, id, path, to); });
}

void FilesPanel::saveSelectedTo(const QString &destination)
{
    if (!m_container)
        return;
    saveFileTo(m_homeDir, selectedFileId(), selectedPath(), destination);
}

void FilesPanel::saveFileTo(const QString &home, const QString &fileId, const QString &path,
                            const QString &destination)
{
    if (home.isEmpty() || fileId.isEmpty() || destination.isEmpty() || m_saving)
        return;
    m_saving = true;
    updateActions();
    struct Outcome
    {
        QString error;
        bool missing = false;
    };
    auto *watcher = new QFutureWatcher<Outcome>(this);
    connect(watcher, &QFutureWatcher<Outcome>::finished, this, [this, watcher, path, destination] {
        watcher->deleteLater();
        m_saving = false;
        updateActions();
        const Outcome outcome = watcher->result();
        if (outcome.missing) {
            showMessage(
                tr("Cannot save %1: it no longer exists in the container (deleted or renamed).").arg(path),
                InlineMessage::Type::Error);
            return;
        }
        if (!outcome.error.isEmpty()) {
            showMessage(tr("Cannot save %1: %2").arg(path, outcome.error), InlineMessage::Type::Error);
            return;
        }
        showMessage(tr("Saved %1 to %2.").arg(path, QDir::toNativeSeparators(destination)),
                    InlineMessage::Type::Positive);
        Q_EMIT saved(destination);
    });
    watcher->setFuture(QtConcurrent::run([home, fileId, destination] {
        Outcome outcome;
        const FileStore store(home);
        if (store.saveCopy(fileId, destination, &outcome.error))
            return outcome;
        // The id holds the name's real bytes (which need not be UTF-8).
        if (const std::optional<QByteArray> raw = FileStore::pathForFileId(fileId, nullptr)) {
            struct stat st;
            const QByteArray full = QFile::encodeName(home) + '/' + *raw;
            outcome.missing = ::lstat(full.constData(), &st) != 0 && errno == ENOENT;
        }
        return outcome;
    }));
}

void FilesPanel::promoteSelected()
{
    const QString path = selectedPath();
    const QString id = selectedFileId();
    if (path.isEmpty() || id.isEmpty() || !m_container || m_promoting)
        return;
    if (m_documentsDir.isEmpty()) {
        showMessage(tr("This workspace has no documents folder."), InlineMessage::Type::Error);
        return;
    }
    const QString home = m_homeDir;
    const QString documents = m_documentsDir;
    const QJsonObject source{{u"container_id"_s, m_container->id()}, {u"workspace"_s, m_workspace}};
    struct Outcome
    {
        std::optional<PromotedDocument> doc;
        QString error;
    };
    m_promoting = true;
    updateActions();
    auto *watcher = new QFutureWatcher<Outcome>(this);
    connect(watcher, &QFutureWatcher<Outcome>::finished, this, [this, watcher, path] {
        watcher->deleteLater();
        m_promoting = false;
        updateActions();
        const Outcome outcome = watcher->result();
        if (!outcome.doc) {
            showMessage(tr("Cannot promote %1: %2").arg(path, outcome.error), InlineMessage::Type::Error);
            return;
        }
        showMessage(tr("Promoted %1 to Documents (%2).").arg(outcome.doc->filename, outcome.doc->id),
                    InlineMessage::Type::Positive);
        Q_EMIT promoted(outcome.doc->id, outcome.doc->filename);
    });
    watcher->setFuture(QtConcurrent::run([home, id, documents, source] {
        Outcome outcome;
        outcome.doc = FileStore(home).promote(id, documents, source, &outcome.error);
        return outcome;
    }));
}

void FilesPanel::showMessage(const QString &text, InlineMessage::Type type)
{
    m_message->showMessage(text, type);
}

void FilesPanel::updateHeader()
{
    if (!m_container) {
        setTranslatedText(m_header, [=, this]() -> QString { return tr("No container"); });
        return;
    }
    setTranslatedText(m_header, [id = m_container->id(), files = m_model->fileCount(), bytes = m_totalBytes,
                                 hidden = m_hiddenFiles, truncated = m_truncated] {
        QString text =
            tr("%1 — %n file(s), %2", nullptr, files)
                .arg(id, QLocale().formattedDataSize(bytes, 1, QLocale::DataSizeTraditionalFormat));
        if (hidden > 0)
            text += u' ' + tr("(%n hidden)", nullptr, hidden);
        if (truncated)
            text += u' ' + tr("(only the first %1 files are listed)").arg(MaxListedFiles);
        return text;
    });
    setTranslatedToolTip(m_header,
                         [id = m_container->id()] { return tr("/workspace/home of container %1").arg(id); });
}

bool FilesPanel::isHidden(const QString &path)
{
    const QList<QStringView> parts = QStringView(path).split(u'/', Qt::SkipEmptyParts);
    return std::any_of(parts.cbegin(), parts.cend(), [](QStringView part) { return part.startsWith(u'.'); });
}

void FilesPanel::updateActions()
{
    const bool file = !selectedFileId().isEmpty();
    m_saveButton->setEnabled(file && !m_saving);
    m_promoteButton->setEnabled(file && !m_promoting);
}
