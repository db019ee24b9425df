// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sandbox/history/snapshotstore.h"

#include <QAbstractTableModel>
#include <QList>

// A container's file history, newest first: one row per entry with what made it (a command, a file the user
// attached, a restore, changes saved after an interruption), what it added, changed and deleted, and when.
class HistoryModel final : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { CommandColumn, ChangesColumn, TimeColumn, ColumnCount };
    enum Role { CommitIdRole = Qt::UserRole + 1, IsRestoreRole, KindRole /* int(EntryKind) */ };

    explicit HistoryModel(QObject *parent = nullptr);

    void setEntries(const QList<HistoryEntry> &entries);
    const QList<HistoryEntry> &entries() const { return m_entries; }
    int rowForCommit(const QString &commitId) const;
    // "+2 ~1 −0" style summary.
    static QString changeSummary(int added, int modified, int deleted);
    // What the Command column shows for e: the command, or what else made the entry, in words.
    static QString describe(const HistoryEntry &e);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<HistoryEntry> m_entries;
};
