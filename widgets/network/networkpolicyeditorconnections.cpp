// SPDX-License-Identifier: GPL-3.0-or-later
#include "network/networkpolicyeditorconnections.h"

#include "common/plaintooltip.h"
#include "common/retranslate.h"

#include <QApplication>
#include <QLocale>
#include <QStyle>

using namespace Qt::StringLiterals;

NetworkConnectionsModel::NetworkConnectionsModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void NetworkConnectionsModel::addEvent(const EgressEvent &event)
{
    beginInsertRows({}, 0, 0);
    m_events.prepend(event);
    endInsertRows();
    trim();
}

void NetworkConnectionsModel::clear()
{
    if (m_events.isEmpty())
        return;
    beginResetModel();
    m_events.clear();
    endResetModel();
}

void NetworkConnectionsModel::setMaxRows(int rows)
{
    m_maxRows = std::max(1, rows);
    trim();
}

void NetworkConnectionsModel::trim()
{
    const int size = int(m_events.size());
    if (size <= m_maxRows)
        return;
    beginRemoveRows({}, m_maxRows, size - 1);
    m_events.resize(m_maxRows);
    endRemoveRows();
}

int NetworkConnectionsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_events.size());
}

int NetworkConnectionsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant NetworkConnectionsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const EgressEvent &e = m_events[index.row()];
    if (role == DecisionRole)
        return int(e.decision);
    const auto resultText = [&e] {
        switch (e.decision) {
        case EgressEvent::Decision::Allowed:
            return tr("allowed");
        case EgressEvent::Decision::Refused:
            return tr("refused");
        case EgressEvent::Decision::Failed:
            return tr("failed");
        }
        return QString();
    };
    const bool moved = e.bytesUp > 0 || e.bytesDown > 0;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case TimeColumn:
            return LocaleFormat::time(e.started);
        case HostColumn:
            return e.host;
        case PortColumn:
            return e.port ? QVariant(int(e.port)) : QVariant();
        case ResultColumn:
            return resultText();
        case ReasonColumn:
            return e.reason;
        case BytesColumn:
            if (!moved)
                return e.decision == EgressEvent::Decision::Allowed ? QString() : u"—"_s;
            return tr("↑ %1  ↓ %2")
                .arg(QLocale().formattedDataSize(e.bytesUp, 1, QLocale::DataSizeTraditionalFormat),
                     QLocale().formattedDataSize(e.bytesDown, 1, QLocale::DataSizeTraditionalFormat));
        }
        break;
    case Qt::ToolTipRole: {
        QString tip = tr("%1 %2:%3 — %4")
                          .arg(EgressEvent::protocolName(e.protocol), e.host)
                          .arg(e.port)
                          .arg(resultText());
        if (!e.reason.isEmpty())
            tip += u'\n' + e.reason;
        if (!e.address.isNull())
            tip += u'\n' + tr("Address: %1").arg(e.address.toString());
        if (moved)
            tip += u'\n' + tr("Sent %1 bytes, received %2 bytes")
                               .arg(QLocale().toString(e.bytesUp), QLocale().toString(e.bytesDown));
        tip += u'\n' + LocaleFormat::detailed(e.started);
        // Host and reason come from the container: shown as text, never read as markup.
        return plainToolTip(tip);
    }
    case Qt::DecorationRole:
        if (index.column() == ResultColumn) {
            const QStyle::StandardPixmap icon =
                e.decision == EgressEvent::Decision::Allowed   ? QStyle::SP_DialogApplyButton
                : e.decision == EgressEvent::Decision::Refused ? QStyle::SP_DialogCancelButton
                                                               : QStyle::SP_MessageBoxWarning;
            return QApplication::style()->standardIcon(icon);
        }
        break;
    case Qt::TextAlignmentRole:
        if (index.column() == PortColumn || index.column() == BytesColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        break;
    default:
        break;
    }
    return {};
}

QVariant NetworkConnectionsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case TimeColumn:
        return tr("Time");
    case HostColumn:
        return tr("Host");
    case PortColumn:
        return tr("Port");
    case ResultColumn:
        return tr("Result");
    case ReasonColumn:
        return tr("Reason");
    case BytesColumn:
        return tr("Bytes");
    }
    return {};
}
