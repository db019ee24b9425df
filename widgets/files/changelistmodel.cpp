// SPDX-License-Identifier: GPL-3.0-or-later
#include "files/changelistmodel.h"

#include "common/plaintooltip.h"

#include <QLocale>

using namespace Qt::StringLiterals;

ChangeListModel::ChangeListModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void ChangeListModel::setChanges(const QList<FileChange> &changes)
{
    beginResetModel();
    m_changes = changes;
    endResetModel();
}

QString ChangeListModel::kindName(ChangeKind kind)
{
    switch (kind) {
    case ChangeKind::Added:
        return tr("added");
    case ChangeKind::Modified:
        return tr("changed");
    case ChangeKind::Deleted:
        return tr("deleted");
    }
    return {};
}

int ChangeListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_changes.size());
}

int ChangeListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ChangeListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const FileChange &c = m_changes.at(index.row());
    const QLocale locale;
    auto size = [&locale](qint64 bytes) {
        return bytes < 0 ? QString() : locale.formattedDataSize(bytes, 1, QLocale::DataSizeTraditionalFormat);
    };
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case KindColumn:
            return kindName(c.kind);
        case PathColumn:
            return c.path;
        case SizeColumn: {
            const QString notKept = tr(" (not kept)");
            const QString oldSize = size(c.oldSize) + (c.oldKept ? QString() : notKept);
            const QString newSize = size(c.newSize) + (c.newKept ? QString() : notKept);
            switch (c.kind) {
            case ChangeKind::Added:
                return newSize;
            case ChangeKind::Deleted:
                return oldSize;
            case ChangeKind::Modified:
                return u"%1 \u2192 %2"_s.arg(oldSize, newSize);
            }
        }
        }
        break;
    case Qt::ToolTipRole:
        if (!c.newKept || !c.oldKept)
            return plainToolTip(
                tr("%1 (%2). Not kept: storage budget: the content of this version was not kept "
                   "(only its name and size), so it has no diff and cannot be restored.")
                    .arg(c.path, kindName(c.kind)));
        return plainToolTip(tr("%1 (%2)").arg(c.path, kindName(c.kind)));
    case Qt::TextAlignmentRole:
        if (index.column() == SizeColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case PathRole:
        return c.path;
    case KindRole:
        return int(c.kind);
    case KeptRole:
        return c.kind == ChangeKind::Deleted ? c.oldKept : c.newKept;
    case OldKeptRole:
        return c.oldKept;
    case NewKeptRole:
        return c.newKept;
    }
    return {};
}

QVariant ChangeListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case KindColumn:
        return tr("Change");
    case PathColumn:
        return tr("File");
    case SizeColumn:
        return tr("Size");
    }
    return {};
}
