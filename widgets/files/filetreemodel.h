// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sandbox/history/filestore.h"

#include <QAbstractItemModel>
#include <QList>

#include <memory>
#include <vector>

// The files of a container's home as a tree (folders first, then names), built from FileStore's flat
// listing: name, size and modification time per row; folders show the total size of what they hold.
class FileTreeModel final : public QAbstractItemModel
{
    Q_OBJECT
public:
    enum Column { NameColumn, SizeColumn, ModifiedColumn, ColumnCount };
    enum Role {
        PathRole = Qt::UserRole + 1, // relative path below home
        FileIdRole,                  // cfile_ id; empty for a folder
        IsFolderRole,
        SizeRole,  // bytes
        MtimeRole, // ms since the epoch
    };

    explicit FileTreeModel(QObject *parent = nullptr);
    ~FileTreeModel() override;

    // Replaces the whole tree.
    void setFiles(const QList<ContainerFile> &files);
    int fileCount() const { return m_fileCount; }
    // The index of the row at path (a file or a folder), or an invalid index.
    QModelIndex indexForPath(const QString &path) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Node;
    Node *nodeFor(const QModelIndex &index) const;

    std::unique_ptr<Node> m_root;
    int m_fileCount = 0;
};
