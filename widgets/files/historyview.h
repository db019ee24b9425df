// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/inlinemessage.h"

#include <QPointer>
#include <QWidget>

class ChangeListModel;
class Container;
class DiffView;
class HistoryModel;
class QLabel;
class QPushButton;
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

    // Restores the selected file / the whole home to the selected command (a file the command deleted comes
    // back as it was before); the result is reported through message() and restored() (only when something
    // changed).
    void restoreSelectedFile();
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

private:
    void onCommitSelected();
    void onChangeSelected();
    void loadChanges();
    void loadDiff();
    void updateButtons();
    // The selected change is the file's deletion by the selected command.
    bool selectedChangeIsDeletion() const;
    void confirmRestoreWorkspace();

    QPointer<Container> m_container;
    HistoryModel *m_history = nullptr;
    ChangeListModel *m_changes = nullptr;
    QTreeView *m_historyList = nullptr;
    QTreeView *m_changeList = nullptr;
    DiffView *m_diff = nullptr;
    QLabel *m_empty = nullptr;
    QPushButton *m_restoreFile = nullptr;
    QPushButton *m_restoreWorkspace = nullptr;
    QString m_commit;
    QString m_path;
    quint64 m_historyGeneration = 0;
    quint64 m_changesGeneration = 0;
    quint64 m_diffGeneration = 0;
    bool m_restoring = false;
};
