// SPDX-License-Identifier: GPL-3.0-or-later
#include "files/historyview.h"

#include "common/flowlayout.h"
#include "common/retranslate.h"
#include "files/changelistmodel.h"
#include "files/diffview.h"
#include "files/historymodel.h"
#include "sandbox/container.h"

#include <QEvent>
#include <QFuture>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSplitter>
#include <QTimer>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {
// A QFutureWatcher, not QFuture::then(): in Qt 6.4 a future keeps a single continuation, and
// ContainerHistory attaches its own to the futures it returns (that is what emits saved()).
template<typename T, typename Fn>
void whenReady(const QFuture<T> &future, QObject *context, Fn fn)
{
    auto *watcher = new QFutureWatcher<T>(context);
    QObject::connect(watcher, &QFutureWatcher<T>::finished, context, [watcher, fn] {
        watcher->deleteLater();
        if (!watcher->isCanceled())
            fn(watcher->result());
    });
    watcher->setFuture(future);
}

QTreeView *makeList(const QString &name, QAbstractItemModel *model, QWidget *parent)
{
    auto *view = new QTreeView(parent);
    view->setObjectName(name);
    view->setModel(model);
    view->setRootIsDecorated(false);
    view->setUniformRowHeights(true);
    view->setAlternatingRowColors(true);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->setTextElideMode(Qt::ElideMiddle);
    view->header()->setStretchLastSection(false);
    view->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    return view;
}
} // namespace

HistoryView::HistoryView(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(u"HistoryView"_s);
    m_history = new HistoryModel(this);
    m_changes = new ChangeListModel(this);
    m_historyList = makeList(u"HistoryList"_s, m_history, this);
    m_historyList->header()->setSectionResizeMode(HistoryModel::CommandColumn, QHeaderView::Stretch);
    m_changeList = makeList(u"HistoryChanges"_s, m_changes, this);
    m_changeList->header()->setSectionResizeMode(ChangeListModel::PathColumn, QHeaderView::Stretch);
    m_diff = new DiffView(this);
    m_empty = new QLabel(this);
    retranslate(m_empty,
                [this] { m_empty->setText(tr("No commands have changed files in this container yet.")); });
    m_empty->setObjectName(u"HistoryEmpty"_s);
    m_empty->setWordWrap(true);
    m_empty->setEnabled(false);

    m_restoreFile = new QPushButton(this);
    m_restoreFile->setObjectName(u"RestoreFileButton"_s);
    m_restoreBefore = new QPushButton(this);
    m_restoreBefore->setObjectName(u"RestoreBeforeButton"_s);
    m_restoreWorkspace = new QPushButton(this);
    // updateButtons() sets the restore buttons' texts and tooltips, which depend on the selection.
    retranslate(m_restoreWorkspace, [this] {
        m_restoreWorkspace->setText(tr("Restore Workspace…"));
        m_restoreWorkspace->setToolTip(
            tr("Put every file under /workspace/home back as it was after the selected command"));
    });
    m_restoreWorkspace->setObjectName(u"RestoreWorkspaceButton"_s);
    connect(m_restoreFile, &QPushButton::clicked, this, [this] { restoreSelectedFile(Version::ThisEntry); });
    connect(m_restoreBefore, &QPushButton::clicked, this,
            [this] { restoreSelectedFile(Version::BeforeEntry); });
    connect(m_restoreWorkspace, &QPushButton::clicked, this, &HistoryView::confirmRestoreWorkspace);

    // The commands beside the files the selected one changed, the restore buttons under both, and the diff
    // below: docked below the shell calls, the panel is wide but short, and the diff is what is read. In a
    // wide panel (floating, or the user widened it) the lists stand left of the diff.
    m_lists = new QSplitter(Qt::Horizontal, this);
    m_lists->setObjectName(u"HistoryListsSplitter"_s);
    m_lists->setChildrenCollapsible(false);
    m_lists->addWidget(m_historyList);
    m_lists->addWidget(m_changeList);
    // A command line is longer than a file's path and a command changes only a few files.
    m_lists->setStretchFactor(0, 3);
    m_lists->setStretchFactor(1, 2);
    m_historyList->installEventFilter(this);
    m_changeList->installEventFilter(this);
    auto *listsBox = new QWidget(this);
    auto *listsLayout = new QVBoxLayout(listsBox);
    listsLayout->setContentsMargins(0, 0, 0, 0);
    listsLayout->addWidget(m_lists, 1);
    // The three restore buttons wrap in a narrow panel instead of setting its narrowest width.
    m_restoreButtons = new QWidget(listsBox);
    auto *buttonsLayout = new FlowLayout(m_restoreButtons, 6, 4);
    buttonsLayout->setContentsMargins(0, 0, 0, 0);
    for (QPushButton *button : {m_restoreBefore, m_restoreFile, m_restoreWorkspace})
        buttonsLayout->addWidget(button);
    listsLayout->addWidget(m_restoreButtons);

    m_splitter = new QSplitter(Qt::Vertical, this);
    m_splitter->setObjectName(u"HistorySplitter"_s);
    m_splitter->setChildrenCollapsible(false);
    m_splitter->addWidget(listsBox);
    m_splitter->addWidget(m_diff);
    m_splitter->setStretchFactor(0, 1);
    m_splitter->setStretchFactor(1, 2);
    // Two rows of each list and three lines of the diff are enough to start from in a short dock; the
    // splitter gives the diff what is left.
    for (QTreeView *list : {m_historyList, m_changeList})
        list->setMinimumHeight(list->header()->sizeHint().height() + 2 * (fontMetrics().height() + 10) +
                               2 * list->frameWidth());
    m_diff->setMinimumHeight(6 * fontMetrics().height());

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_empty);
    layout->addWidget(m_splitter, 1);
    m_splitter->hide(); // until there is history to show
    arrange();

    connect(m_historyList->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &HistoryView::onCommitSelected);
    connect(m_changeList->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &HistoryView::onChangeSelected);
    // The restore buttons' texts depend on the selection: updateButtons() sets them, now and after a
    // language switch.
    retranslate(this, [this] { updateButtons(); });
}

void HistoryView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    arrange();
}

bool HistoryView::eventFilter(QObject *watched, QEvent *event)
{
    if ((watched == m_historyList || watched == m_changeList) && event->type() == QEvent::Resize)
        fitColumns();
    return QWidget::eventFilter(watched, event);
}

void HistoryView::fitColumns()
{
    // A narrow list shows the command and the file first: the time and the sizes go before they squeeze
    // those to "…", and come back when the list is wider.
    const int chars = fontMetrics().averageCharWidth();
    m_historyList->setColumnHidden(HistoryModel::TimeColumn, m_historyList->width() < 40 * chars);
    m_changeList->setColumnHidden(ChangeListModel::SizeColumn, m_changeList->width() < 40 * chars);
}

void HistoryView::arrange()
{
    // Lists beside the diff only from about 160 characters: a side-by-side diff needs twice a code line's
    // width, and a docked panel (1920 wide: about 110 characters) shows it better below the lists.
    const bool wide = width() >= 160 * fontMetrics().averageCharWidth();
    const Qt::Orientation outer = wide ? Qt::Horizontal : Qt::Vertical;
    const int along = wide ? width() : height();
    QWidget *listsBox = m_splitter->widget(0);
    if (m_splitter->orientation() == outer && (m_placed || along < 8 * fontMetrics().height())) {
        // Above the diff, the restore buttons wrap when the panel is narrow: the lists' part grows by the
        // lines they need, so the buttons never cover the lists.
        const int needed = m_lists->minimumSizeHint().height() + listsBox->layout()->spacing() +
                           m_restoreButtons->heightForWidth(width());
        const QList<int> sizes = m_splitter->sizes();
        if (!wide && m_placed && sizes.size() == 2 && sizes.at(0) < needed &&
            sizes.at(0) + sizes.at(1) > needed)
            m_splitter->setSizes({needed, sizes.at(0) + sizes.at(1) - needed});
        return;
    }
    m_splitter->setOrientation(outer);
    m_lists->setOrientation(wide ? Qt::Vertical : Qt::Horizontal);
    // The lists two fifths of the way, no less than they need; the diff the rest.
    const int lists = std::max(along * 2 / 5, wide ? listsBox->minimumSizeHint().width()
                                                   : listsBox->minimumSizeHint().height());
    m_splitter->setSizes({lists, std::max(0, along - lists)});
    m_placed = true;
}

void HistoryView::setContainer(Container *container)
{
    if (container == m_container && container)
        return;
    m_container = container;
    m_commit.clear();
    m_path.clear();
    ++m_changesGeneration;
    ++m_diffGeneration;
    m_history->setEntries({});
    m_changes->setChanges({});
    m_diff->clear();
    refresh();
}

void HistoryView::refresh()
{
    const quint64 generation = ++m_historyGeneration;
    if (!m_container) {
        m_history->setEntries({});
        m_empty->setVisible(true);
        m_splitter->setVisible(false);
        updateButtons();
        return;
    }
    whenReady(m_container->history(), this,
              [this, generation](const HistoryResult<QList<HistoryEntry>> &result) {
                  if (generation != m_historyGeneration)
                      return;
                  if (!result) {
                      Q_EMIT message(tr("Cannot read the file history: %1").arg(result.error),
                                     InlineMessage::Type::Error);
                      return;
                  }
                  const QString keep = m_commit;
                  // Setting the entries resets the selection; keep the signal from clearing what is shown.
                  m_historyList->selectionModel()->blockSignals(true);
                  m_history->setEntries(*result.value);
                  m_historyList->selectionModel()->blockSignals(false);
                  // Nothing to list: the sentence says so, and no empty lists or diff take the room.
                  m_empty->setVisible(m_history->rowCount() == 0);
                  m_splitter->setVisible(m_history->rowCount() > 0);
                  const int row = m_history->rowForCommit(keep);
                  if (row >= 0) {
                      m_historyList->selectionModel()->blockSignals(true);
                      m_historyList->setCurrentIndex(m_history->index(row, 0));
                      m_historyList->selectionModel()->blockSignals(false);
                  } else if (!keep.isEmpty()) {
                      m_commit.clear();
                      m_path.clear();
                      m_changes->setChanges({});
                      m_diff->clear();
                  }
                  updateButtons();
                  Q_EMIT historyLoaded();
              });
}

bool HistoryView::selectCommit(const QString &commitId)
{
    const int row = m_history->rowForCommit(commitId);
    if (row < 0)
        return false;
    m_historyList->setCurrentIndex(m_history->index(row, 0));
    return true;
}

bool HistoryView::selectChange(const QString &path)
{
    for (int row = 0; row < m_changes->rowCount(); ++row) {
        if (m_changes->changes().at(row).path == path) {
            m_changeList->setCurrentIndex(m_changes->index(row, 0));
            return true;
        }
    }
    return false;
}

void HistoryView::onCommitSelected()
{
    const QModelIndex current = m_historyList->currentIndex();
    m_commit = current.isValid() ? current.data(HistoryModel::CommitIdRole).toString() : QString();
    loadChanges();
    updateButtons();
}

void HistoryView::loadChanges()
{
    const quint64 generation = ++m_changesGeneration;
    ++m_diffGeneration;
    m_path.clear();
    m_changes->setChanges({});
    m_diff->clear();
    if (!m_container || m_commit.isEmpty())
        return;
    whenReady(m_container->changes(m_commit), this,
              [this, generation](const HistoryResult<QList<FileChange>> &result) {
                  if (generation != m_changesGeneration)
                      return;
                  if (!result) {
                      Q_EMIT message(tr("Cannot read what the command changed: %1").arg(result.error),
                                     InlineMessage::Type::Error);
                      return;
                  }
                  m_changes->setChanges(*result.value);
                  if (m_changes->rowCount() == 1)
                      m_changeList->setCurrentIndex(m_changes->index(0, 0));
                  updateButtons();
                  Q_EMIT changesLoaded();
              });
}

void HistoryView::onChangeSelected()
{
    const QModelIndex current = m_changeList->currentIndex();
    m_path = current.isValid() ? current.data(ChangeListModel::PathRole).toString() : QString();
    loadDiff();
    updateButtons();
}

void HistoryView::loadDiff()
{
    const quint64 generation = ++m_diffGeneration;
    if (!m_container || m_commit.isEmpty() || m_path.isEmpty()) {
        m_diff->clear();
        return;
    }
    m_diff->showText(tr("Loading the diff of %1…").arg(m_path));
    const QString path = m_path;
    whenReady(m_container->fileDiff(path, QString(), m_commit), this,
              [this, generation, path](const HistoryResult<FileDiff> &result) {
                  if (generation != m_diffGeneration)
                      return;
                  if (!result) {
                      m_diff->showText(tr("Cannot show the diff of %1: %2").arg(path, result.error));
                      return;
                  }
                  m_diff->setDiff(path, *result.value);
                  Q_EMIT diffLoaded();
              });
}

std::optional<FileChange> HistoryView::selectedChange() const
{
    const QModelIndex current = m_changeList->currentIndex();
    if (!current.isValid() || m_path.isEmpty() || current.row() >= m_changes->rowCount())
        return std::nullopt;
    const FileChange &change = m_changes->changes().at(current.row());
    if (change.path != m_path)
        return std::nullopt;
    return change;
}

QString HistoryView::parentOfSelected() const
{
    const int row = m_history->rowForCommit(m_commit);
    return row >= 0 ? m_history->entries().at(row).parentId : QString();
}

void HistoryView::updateButtons()
{
    const bool idle = m_container && !m_restoring;
    const std::optional<FileChange> change = selectedChange();
    const bool fileSelected = idle && !m_commit.isEmpty() && change.has_value();
    const QString name = m_path;
    const QString undoable = tr("The restore is recorded in the history, so it can be undone.");
    const QString notKept = tr("Not kept: storage budget. This version's content was not kept, so it cannot "
                               "be restored.");

    // This version: the file as the selected entry left it.
    setTranslatedText(m_restoreFile, [=, this]() -> QString { return tr("Restore This Version"); });
    if (!change) {
        m_restoreFile->setEnabled(false);
        setTranslatedToolTip(m_restoreFile, [=, this]() -> QString {
            return tr("Select a file to put it back as the selected entry left it");
        });
    } else if (change->kind == ChangeKind::Deleted) {
        m_restoreFile->setEnabled(false);
        setTranslatedToolTip(m_restoreFile, [=, this]() -> QString {
            return tr("The selected entry deleted %1: there is no version of it after this entry.").arg(name);
        });
    } else if (!change->newKept) {
        m_restoreFile->setEnabled(false);
        m_restoreFile->setToolTip(notKept);
    } else {
        m_restoreFile->setEnabled(fileSelected);
        setTranslatedToolTip(m_restoreFile, [=, this]() -> QString {
            return tr("Put %1 back as the selected entry left it. %2").arg(name, undoable);
        });
    }

    // The version before: the file as it was just before the selected entry.
    const bool hasParent = !parentOfSelected().isEmpty();
    if (change && change->kind == ChangeKind::Added) {
        setTranslatedText(m_restoreBefore, [=, this]() -> QString { return tr("Delete, as Before"); });
        setTranslatedToolTip(m_restoreBefore, [=, this]() -> QString {
            return tr("%1 did not exist before the selected entry: delete it from /workspace/home. %2")
                .arg(name, undoable);
        });
    } else if (change && change->kind == ChangeKind::Deleted) {
        setTranslatedText(m_restoreBefore, [=, this]() -> QString { return tr("Restore Deleted File"); });
        setTranslatedToolTip(m_restoreBefore, [=, this]() -> QString {
            return tr("Put %1 back as it was before the selected entry deleted it. %2").arg(name, undoable);
        });
    } else {
        setTranslatedText(m_restoreBefore, [=, this]() -> QString { return tr("Restore Version Before"); });
        setTranslatedToolTip(m_restoreBefore, [=, this]() -> QString {
            return change ? tr("Put %1 back as it was before the selected entry. %2").arg(name, undoable)
                          : tr("Select a file to put it back as it was before the selected entry");
        });
    }
    if (change && !change->oldKept && change->kind != ChangeKind::Added) {
        m_restoreBefore->setEnabled(false);
        m_restoreBefore->setToolTip(notKept);
    } else if (change && !hasParent) {
        m_restoreBefore->setEnabled(false);
        setTranslatedToolTip(m_restoreBefore, [=, this]() -> QString {
            return tr("Nothing was saved before this entry: it is the first one.");
        });
    } else {
        m_restoreBefore->setEnabled(fileSelected);
    }
    // Their texts changed with the selection: they may wrap onto another line now.
    if (m_splitter)
        QTimer::singleShot(0, this, &HistoryView::arrange);
}

void HistoryView::restoreSelectedFile(Version version)
{
    if (!m_container || m_commit.isEmpty() || m_path.isEmpty() || m_restoring)
        return;
    const QString path = m_path;
    QString source = m_commit;
    if (version == Version::BeforeEntry) {
        source = parentOfSelected();
        if (source.isEmpty()) {
            Q_EMIT message(tr("Cannot restore %1: no earlier version of it was saved.").arg(path),
                           InlineMessage::Type::Error);
            return;
        }
    }
    m_restoring = true;
    updateButtons();
    whenReady(m_container->restoreFile(path, source), this,
              [this, path, version](const HistoryResult<Snapshot> &result) {
                  m_restoring = false;
                  updateButtons();
                  if (!result) {
                      Q_EMIT message(tr("Cannot restore %1: %2").arg(path, result.error),
                                     InlineMessage::Type::Error);
                      return;
                  }
                  if (result.value->written == 0) {
                      // Nothing was written, so nothing was recorded either.
                      Q_EMIT message(
                          version == Version::ThisEntry
                              ? tr("%1 is already as this entry left it: nothing was restored.").arg(path)
                              : tr("%1 is already as it was before this entry: nothing was "
                                   "restored.")
                                    .arg(path),
                          InlineMessage::Type::Information);
                      return;
                  }
                  Q_EMIT message(version == Version::ThisEntry
                                     ? tr("Restored %1 as this entry left it.").arg(path)
                                     : tr("Restored %1 as it was before this entry.").arg(path),
                                 InlineMessage::Type::Positive);
                  Q_EMIT restored();
              });
}

void HistoryView::confirmRestoreWorkspace()
{
    if (!m_container || m_commit.isEmpty())
        return;
    // Destructive: confirm, window-modal and without a nested event loop.
    auto *box = new QMessageBox(QMessageBox::Warning, tr("Restore Workspace"),
                                tr("Put every file under /workspace/home back as it was after this command?"),
                                QMessageBox::NoButton, this);
    box->setObjectName(u"RestoreWorkspaceConfirm"_s);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setInformativeText(
        tr("Files created later are deleted. The restore itself is recorded in the history, "
           "so it can be undone."));
    QPushButton *yes = box->addButton(tr("Restore"), QMessageBox::AcceptRole);
    yes->setObjectName(u"RestoreWorkspaceConfirmButton"_s);
    box->addButton(QMessageBox::Cancel);
    box->setDefaultButton(QMessageBox::Cancel);
    const QString commit = m_commit;
    connect(box, &QMessageBox::buttonClicked, this, [this, yes, commit](QAbstractButton *button) {
        if (button == yes && commit == m_commit)
            restoreWorkspace();
    });
    box->open();
}

void HistoryView::restoreWorkspace()
{
    if (!m_container || m_commit.isEmpty() || m_restoring)
        return;
    m_restoring = true;
    updateButtons();
    whenReady(m_container->restoreWorkspace(m_commit), this, [this](const HistoryResult<Snapshot> &result) {
        m_restoring = false;
        updateButtons();
        if (!result) {
            Q_EMIT message(tr("Cannot restore the workspace: %1").arg(result.error),
                           InlineMessage::Type::Error);
            return;
        }
        if (result.value->written == 0) {
            Q_EMIT message(tr("The workspace is already as it was after this command: nothing was restored."),
                           InlineMessage::Type::Information);
            return;
        }
        Q_EMIT message(tr("Restored the workspace: %n file(s) changed.", nullptr, result.value->written),
                       InlineMessage::Type::Positive);
        Q_EMIT restored();
    });
}
