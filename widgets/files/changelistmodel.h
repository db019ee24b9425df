// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sandbox/history/snapshotstore.h"

#include <QAbstractTableModel>
#include <QList>

// The files one command added, changed or deleted, with their sizes before and after.
class ChangeListModel final : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { KindColumn, PathColumn, SizeColumn, ColumnCount };
    // KeptRole: false when the version this change shows (the new one; the old one for a deletion) was not
    // kept (storage budget).
    // OldKeptRole / NewKeptRole: whether the version before / after the change was kept (true where there is
    // no such version).
    enum Role { PathRole = Qt::UserRole + 1, KindRole, KeptRole, OldKeptRole, NewKeptRole };

    explicit ChangeListModel(QObject *parent = nullptr);

    void setChanges(const QList<FileChange> &changes);
    const QList<FileChange> &changes() const { return m_changes; }
    static QString kindName(ChangeKind kind);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<FileChange> m_changes;
};
