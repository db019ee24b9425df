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

QString HistoryModel::describe(const HistoryEntry &e)
{
    QString command = e.command.simplified();
    if (command.size() > 200)
        command = command.left(200) + u'…';
    // One multi-argument arg() each: a "%1" inside the command must stay as it is.
    QString text;
    switch (e.kind) {
    case EntryKind::Command:
        text = command;
        if (e.timedOut)
            text = tr("%1 (timed out)").arg(command);
        else if (e.exitCode != 0)
            text = tr("%1 (exit %2)").arg(command, QString::number(e.exitCode));
        break;
    case EntryKind::Upload:
        text = tr("%1 — attached by you").arg(command);
        break;
    case EntryKind::Restore:
        // The engine writes "restore PATH to COMMIT" / "restore workspace to COMMIT".
        if (command.startsWith(u"restore "_s))
            command = command.mid(8);
        text = tr("Restore: %1").arg(command);
        break;
    case EntryKind::Recovered: {
        // The engine writes "changes saved after an interruption (during: CMD; CMD)".
        static const QString during = u" (during: "_s;
        const qsizetype at = command.indexOf(during);
        text = at >= 0 && command.endsWith(u')')
                   ? tr("Saved after an interruption (during: %1)")
                         .arg(command.mid(at + during.size(), command.size() - at - during.size() - 1))
                   : tr("Saved after an interruption");
        break;
    }
    }
    if (e.notKept > 0)
        text = tr("%1 (%2 not kept: storage budget)").arg(text, QString::number(e.notKept));
    return text;
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
        case CommandColumn:
            return describe(e);
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
            switch (e.kind) {
            case EntryKind::Command:
                return plainToolTip(e.command);
            case EntryKind::Upload:
                return plainToolTip(
                    tr("You attached %1: it was copied into /workspace/home.").arg(e.command));
            case EntryKind::Restore:
                return plainToolTip(tr("A restore from this history: %1").arg(e.command));
            case EntryKind::Recovered:
                return plainToolTip(tr("Files changed while Sandbench was interrupted (a crash or a kill), "
                                       "saved when the container woke up: %1")
                                        .arg(e.command));
            }
            break;
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
        return e.kind == EntryKind::Restore;
    case KindRole:
        return int(e.kind);
    }
    return {};
}

QVariant HistoryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case CommandColumn:
        return tr("Made by");
    case ChangesColumn:
        // Files added ~changed −deleted; the diff beside it counts lines and says so.
        return tr("Files");
    case TimeColumn:
        return tr("Time");
    }
    return {};
}
