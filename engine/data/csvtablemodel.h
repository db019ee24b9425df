// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QAbstractTableModel>
#include <QCache>
#include <QPointer>

class CsvIndex;

// A table over a CsvIndex: rows appear as the index finds them and are read from the file in small
// blocks on demand, so a gigabyte file costs a few cached blocks of memory.
class CsvTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    static constexpr int BlockRows = 128;

    // index is not owned and must outlive the model.
    explicit CsvTableModel(CsvIndex *index, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Picks up rows the index found since the last call (also called on the index's progress).
    void refresh();

private:
    const QList<QStringList> *block(qint64 number) const;

    QPointer<CsvIndex> m_index;
    int m_rows = 0;
    int m_columns = 0;
    mutable QCache<qint64, QList<QStringList>> m_blocks;
};
