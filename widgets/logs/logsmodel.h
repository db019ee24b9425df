// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "gateway/requestlog.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QList>
#include <QSet>

#include <atomic>
#include <memory>

class LogsReader;

// The requests of a workspace's log that match a filter, newest first, as a table that stays fast at any
// size: the row count comes from one COUNT query and rows are read a page at a time, on demand, off the GUI
// thread. Rows whose page is still loading show a placeholder; pages far from what was asked last are
// dropped so memory stays bounded.
class LogsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        TimeColumn,
        StatusColumn,
        FromColumn, // who asked: the window's conversation and question, or the API client
        ModelColumn,
        ApiColumn,
        RequestColumn,
        LatencyColumn,
        TokensColumn,
        CostColumn,
        ColumnCount
    };
    enum Role { RowIdRole = Qt::UserRole + 1 };
    static constexpr int PageSize = 200;
    static constexpr int MaxCachedPages = 40;

    explicit LogsModel(LogsReader *reader, QObject *parent = nullptr);

    // Who asked, in a line: the question for the window's requests (its conversation in the tooltip), "API:
    // CLIENT" for the local API's (the texts were made printable when logged).
    static QString fromText(const RequestRecord &record);
    // An API as a person reads it, in the current language ("OpenAI Responses" for "responses", "this
    // window" for "workbench"); an unknown value as it is.
    static QString apiTitle(const QString &api);

    // Applies a new filter (limit and offset are ignored) and re-reads.
    void setFilter(const LogFilter &filter);
    LogFilter filter() const { return m_filter; }
    // Re-reads with the same filter because the log changed. Rows that arrived are inserted at the top, so
    // the view keeps its place and selection; rows on screen show their previous values until re-read.
    void refresh();
    // The same with the filter's window moved (a relative time range such as "last hour" slides).
    void refresh(const LogFilter &filter);

    qint64 totalCount() const { return m_count; }
    // Why the log could not be read at the last refresh (see LogsReader::lastError()); empty when it could.
    QString error() const { return m_error; }
    bool isLoading() const { return m_pendingRefresh > 0; }
    // The log's row id of a row whose page is loaded, else 0.
    qint64 rowIdAt(int row) const;
    // The row showing a request, if its page is loaded; -1 otherwise.
    int rowOfRequest(qint64 rowId) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    // A refresh finished: the count and the first page are in place.
    void refreshed();
    void pageLoaded(int firstRow, int lastRow);

private:
    const RequestRecord *recordAt(int row) const;
    void requestPage(int page) const;
    void onPage(quint64 generation, int page, const QList<RequestRecord> &rows);
    void reread(bool sameFilter);

    LogsReader *m_reader;
    LogFilter m_filter;
    quint64 m_generation = 0;
    // The generation as the reader's thread sees it: queued page reads of an older one are skipped.
    std::shared_ptr<std::atomic<quint64>> m_liveGeneration = std::make_shared<std::atomic<quint64>>(0);
    QString m_error;
    int m_pendingRefresh = 0;
    qint64 m_count = 0;
    QHash<int, QList<RequestRecord>> m_pages;
    // Pages from before the last refresh, shown (shifted by the rows inserted since) until re-read.
    QHash<int, QList<RequestRecord>> m_stalePages;
    qint64 m_staleShift = 0;
    mutable QSet<int> m_requested;
    mutable int m_lastAsked = 0;
};
