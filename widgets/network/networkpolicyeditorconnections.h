// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sandbox/net/egressproxy.h"

#include <QAbstractTableModel>
#include <QList>

// The live connections of one container (Container::egressEvent), newest first and bounded: time, host,
// port, whether the proxy allowed or refused it, the reason, and the bytes moved when known.
class NetworkConnectionsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { TimeColumn, HostColumn, PortColumn, ResultColumn, ReasonColumn, BytesColumn, ColumnCount };
    enum Role { DecisionRole = Qt::UserRole + 1 };
    static constexpr int DefaultMaxRows = 500;

    explicit NetworkConnectionsModel(QObject *parent = nullptr);

    void addEvent(const EgressEvent &event);
    void clear();
    // Older rows beyond this are dropped.
    void setMaxRows(int rows);
    int maxRows() const { return m_maxRows; }
    const QList<EgressEvent> &events() const { return m_events; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    void trim();

    QList<EgressEvent> m_events; // newest first
    int m_maxRows = DefaultMaxRows;
};
