// SPDX-License-Identifier: GPL-3.0-or-later
#include "data/csvtablemodel.h"

#include "data/csvindex.h"

#include <limits>

CsvTableModel::CsvTableModel(CsvIndex *index, QObject *parent)
    : QAbstractTableModel(parent)
    , m_index(index)
    , m_blocks(64)
{
    connect(index, &CsvIndex::progress, this, &CsvTableModel::refresh);
    connect(index, &CsvIndex::finished, this, &CsvTableModel::refresh);
    refresh();
}

void CsvTableModel::refresh()
{
    if (!m_index)
        return;
    const int columns = m_index->columnCount();
    if (columns > m_columns) {
        beginInsertColumns({}, m_columns, columns - 1);
        m_columns = columns;
        endInsertColumns();
    }
    // Views address rows with int; beyond that the preview shows the first 2^31 rows.
    const int rows = int(std::min<qint64>(m_index->rowCount(), std::numeric_limits<int>::max() - 1));
    if (rows > m_rows) {
        // The last block may have been cached while it was still short.
        m_blocks.remove(qint64(m_rows) / BlockRows);
        beginInsertRows({}, m_rows, rows - 1);
        m_rows = rows;
        endInsertRows();
    }
}

int CsvTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

int CsvTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_columns;
}

const QList<QStringList> *CsvTableModel::block(qint64 number) const
{
    if (auto *cached = m_blocks.object(number))
        return cached;
    auto *rows = new QList<QStringList>(m_index->rows(number * BlockRows, BlockRows));
    m_blocks.insert(number, rows);
    return m_blocks.object(number);
}

QVariant CsvTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid) || !m_index)
        return {};
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    const QList<QStringList> *rows = block(index.row() / BlockRows);
    const int offset = index.row() % BlockRows;
    if (!rows || offset >= rows->size())
        return {};
    const QStringList &fields = rows->at(offset);
    return index.column() < fields.size() ? QVariant(fields.at(index.column())) : QVariant();
}

QVariant CsvTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole || section < 0)
        return {};
    if (orientation == Qt::Vertical)
        return section + 1;
    const QStringList header = m_index ? m_index->header() : QStringList();
    if (section < header.size())
        return header.at(section);
    return section < m_columns ? QVariant(QString::number(section + 1)) : QVariant();
}
