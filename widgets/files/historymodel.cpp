// SPDX-License-Identifier: GPL-3.0-or-later
#include "files/historymodel.h"

#include "common/plaintooltip.h"
#include "common/retranslate.h"

#include <QDateTime>
#include <QLocale>

using namespace Qt::StringLiterals;

HistoryModel::HistoryModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void HistoryModel::setEntries(const QList<HistoryEntry> &entries)
{
    beginResetModel();
    m_entries = entries;
    endResetModel();
}

int HistoryModel::rowForCommit(const QString &commitId) const
{
    for (qsizetype i = 0; i < m_entries.size(); ++i) {
        if (m_entries.at(i).commitId == commitId)
            return int(i);
    }
    return -1;
}

QString HistoryModel::changeSummary(int added, int modified, int deleted)
{
    return u"+%1 ~%2 \u2212%3"_s.arg(QString::number(added), QString::number(modified),
                                     QString::number(deleted));
}

int HistoryModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

int HistoryModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant HistoryModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const HistoryEntry &e = m_entries.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case CommandColumn: {
            QString command = e.command.simplified();
            if (command.size() > 200)
                command = command.left(200) + u'…';
            // One multi-argument arg() each: a "%1" inside the command must stay as it is.
            QString text = command;
            if (e.isRestore)
                text = tr("Restore: %1").arg(command);
            else if (e.timedOut)
                text = tr("%1 (timed out)").arg(command);
            else if (e.exitCode != 0)
                text = tr("%1 (exit %2)").arg(command, QString::number(e.exitCode));
            if (e.notKept > 0)
                text = tr("%1 (%2 not kept: storage budget)").arg(text, QString::number(e.notKept));
            return text;
        }
        case ChangesColumn:
            return changeSummary(e.added, e.modified, e.deleted);
        case TimeColumn: {
            // Time of day for today's commands, date and time for older ones.
            const QDateTime when = QDateTime::fromMSecsSinceEpoch(e.timeMs);
            return when.date() == QDate::currentDate() ? LocaleFormat::time(when)
                                                       : LocaleFormat::dateTime(when);
        }
        }
        break;
    case Qt::ToolTipRole:
        switch (index.column()) {
        case CommandColumn:
            return plainToolTip(e.command);
        case ChangesColumn:
            if (e.notKept > 0)
                return tr("%1 added, %2 changed, %3 deleted; the content of %4 of these versions was not "
                          "kept "
                          "(storage budget)")
                    .arg(QString::number(e.added), QString::number(e.modified), QString::number(e.deleted),
                         QString::number(e.notKept));
            return tr("%1 added, %2 changed, %3 deleted")
                .arg(QString::number(e.added), QString::number(e.modified), QString::number(e.deleted));
        case TimeColumn:
            return tr("%1, took %2 ms")
                .arg(LocaleFormat::detailed(QDateTime::fromMSecsSinceEpoch(e.timeMs)),
                     QString::number(e.durationMs));
        }
        break;
    case Qt::TextAlignmentRole:
        if (index.column() != CommandColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case CommitIdRole:
        return e.commitId;
    case IsRestoreRole:
        return e.isRestore;
    }
    return {};
}

QVariant HistoryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case CommandColumn:
        return tr("Command");
    case ChangesColumn:
        return tr("Changes");
    case TimeColumn:
        return tr("Time");
    }
    return {};
}
