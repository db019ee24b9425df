// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/inlinemessage.h"

#include <QPointer>
#include <QWidget>

class Container;
class FilePreview;
class FileTreeModel;
class HistoryView;
class QLabel;
class QSplitter;
class QTabWidget;
class QTimer;
class QToolButton;
class QTreeView;

// The Files panel: the current conversation's container home (/workspace/home) as a tree with sizes and
// times, a preview of the selected file, the per-command history with diffs and restore, saving a file to
// this computer and promoting it to the workspace's documents. Follows the container it is given and
// refreshes whenever a command's changes are saved.
class FilesPanel : public QWidget
{
    Q_OBJECT
public:
    // Listing stops after this many files (and says so).
    static constexpr int MaxListedFiles = 20000;

    // documentsDir: where promoted files go (ContainerRegistry::documentsDir of the workspace).
    explicit FilesPanel(const QString &documentsDir, const QString &workspace, QWidget *parent = nullptr);

    Container *container() const { return m_container; }
    FileTreeModel *treeModel() const { return m_model; }
    FilePreview *preview() const { return m_preview; }
    HistoryView *historyView() const { return m_historyView; }
    // The relative path of the selected file (empty for none or a folder), for display.
    QString selectedPath() const;
    // FileStore's id of the selected file: it names the file exactly, also when the name is not UTF-8.
    QString selectedFileId() const;
    // Selects and previews a file by its path below home; false (with an inline error) when the path is
    // refused or not listed.
    bool openPath(const QString &relativePath);
    QString messageText() const;

public Q_SLOTS:
    void setContainer(Container *container);
    // Lists the files and reads the history again.
    void refresh();
    // Asks where to save the selected file (a non-modal file dialog), then copies the file that was selected
    // when it opened there.
    void saveSelected();
    // Copies the selected file to destination on this computer.
    void saveSelectedTo(const QString &destination);
    void promoteSelected();

Q_SIGNALS:
    // The file list was read again.
    void filesListed();
    void saved(const QString &destination);
    void promoted(const QString &documentId, const QString &fileName);

protected:
    void showEvent(QShowEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void scheduleRefresh();
    void onFilesChanged(const QStringList &paths);
    void onCurrentChanged();
    // Shows the preview below the tree (a file is previewed) or gives the tree the page (nothing is).
    void showPreview(bool shown);
    void placePreview();
    void showMessage(const QString &text, InlineMessage::Type type);
    void saveFileTo(const QString &home, const QString &fileId, const QString &path,
                    const QString &destination);
    void updateHeader();
    void updateActions();
    // Whether a path (relative to home) has a part named with a dot: the tools' and libraries' caches and
    // settings (.cache, .config, .sandbench), not what the user works on.
    static bool isHidden(const QString &path);

    QString m_documentsDir;
    QString m_workspace;
    QPointer<Container> m_container;
    QList<QMetaObject::Connection> m_containerConnections;
    QLabel *m_header = nullptr;
    QToolButton *m_refreshButton = nullptr;
    QToolButton *m_saveButton = nullptr;
    QToolButton *m_promoteButton = nullptr;
    InlineMessage *m_message = nullptr;
    QTreeView *m_tree = nullptr;
    FileTreeModel *m_model = nullptr;
    QTabWidget *m_tabs = nullptr;
    QSplitter *m_splitter = nullptr; // the tree above the preview
    bool m_previewPlaced = false;    // the user moved the divider: placePreview() leaves it
    bool m_placePending = false;
    FilePreview *m_preview = nullptr;
    HistoryView *m_historyView = nullptr;
    QTimer *m_refreshTimer = nullptr;
    QString m_homeDir;
    qint64 m_totalBytes = 0;
    int m_hiddenFiles = 0;     // files under a dot-name the list leaves out
    bool m_showHidden = false; // "Hidden files": list them too
    QToolButton *m_hiddenButton = nullptr;
    bool m_truncated = false;
    bool m_dirty = false;
    bool m_listing = false;     // a listing runs
    bool m_listPending = false; // refresh() was asked for while it ran
    bool m_saving = false;
    bool m_promoting = false;
    quint64 m_listGeneration = 0;
};
