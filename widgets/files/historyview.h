// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/inlinemessage.h"

#include "sandbox/history/snapshotstore.h"

#include <QPointer>
#include <QWidget>

#include <optional>

class ChangeListModel;
class Container;
class DiffView;
class HistoryModel;
class QLabel;
class QPushButton;
class QSplitter;
class QTreeView;

// A container's per-command file history: the commands (newest first) with what each added, changed and
// deleted, the files one command touched, a diff of the selected file, and restoring a file or the whole
// workspace to how it was after a command. Everything is asked from the container's history store
// asynchronously.
class HistoryView : public QWidget
{
    Q_OBJECT
public:
    explicit HistoryView(QWidget *parent = nullptr);

    void setContainer(Container *container);
    // Reads the history again, keeping the selected command when it is still there.
    void refresh();
    // Selects the command whose commit is commitId (loads its changes).
    bool selectCommit(const QString &commitId);
    bool selectChange(const QString &path);
    QString selectedCommit() const { return m_commit; }
    QString selectedPath() const { return m_path; }

    HistoryModel *historyModel() const { return m_history; }
    ChangeListModel *changeModel() const { return m_changes; }
    DiffView *diffView() const { return m_diff; }

    // Which version of the selected file a restore puts back: as the selected entry left it, or as it was
    // just before that entry (its parent's version).
    enum class Version { ThisEntry, BeforeEntry };
    // Restores the selected file to that version / the whole home to the selected entry; the result is
    // reported through message() (inline, also when home already was so: then nothing is recorded) and
    // restored() (only when something changed).
    void restoreSelectedFile(Version version = Version::ThisEntry);
    void restoreWorkspace();

Q_SIGNALS:
    void message(const QString &text, InlineMessage::Type type);
    // A restore finished and changed the files under home.
    void restored();
    // The history list was reloaded.
    void historyLoaded();
    // The selected command's changes were loaded.
    void changesLoaded();
    // The diff view shows the selected file's diff.
    void diffLoaded();

protected:
    void resizeEvent(QResizeEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    // The lists above the diff in a narrow panel, left of it in a wide one.
    void arrange();
    // Hides the columns a narrow list has no room for.
    void fitColumns();
    void onCommitSelected();
    void onChangeSelected();
    void loadChanges();
    void loadDiff();
    void updateButtons();
    // The selected change, when it is the row of m_path.
    std::optional<FileChange> selectedChange() const;
    QString parentOfSelected() const;
    void confirmRestoreWorkspace();

    QPointer<Container> m_container;
    HistoryModel *m_history = nullptr;
    ChangeListModel *m_changes = nullptr;
    QTreeView *m_historyList = nullptr;
    QTreeView *m_changeList = nullptr;
    DiffView *m_diff = nullptr;
    QSplitter *m_splitter = nullptr; // the lists and the diff
    QSplitter *m_lists = nullptr;    // the commands and the files the selected one changed
    QWidget *m_restoreButtons = nullptr;
    bool m_placed = false; // the splitter has its first sizes
    QLabel *m_empty = nullptr;
    QPushButton *m_restoreFile = nullptr;   // this version
    QPushButton *m_restoreBefore = nullptr; // the version before
    QPushButton *m_restoreWorkspace = nullptr;
    QString m_commit;
    QString m_path;
    quint64 m_historyGeneration = 0;
    quint64 m_changesGeneration = 0;
    quint64 m_diffGeneration = 0;
    bool m_restoring = false;
};
