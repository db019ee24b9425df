// SPDX-License-Identifier: GPL-3.0-or-later
#include "logs/logsmodel.h"

#include "common/plaintooltip.h"
#include "common/retranslate.h"
#include "gateway/logsreader.h"

#include <QDateTime>
#include <QFutureWatcher>
#include <QLocale>

#include <limits>

using namespace Qt::StringLiterals;

LogsModel::LogsModel(LogsReader *reader, QObject *parent)
    : QAbstractTableModel(parent)
    , m_reader(reader)
{}

void LogsModel::setFilter(const LogFilter &filter)
{
    m_filter = filter;
    m_filter.limit = PageSize;
    m_filter.offset = 0;
    reread(false);
}

void LogsModel::refresh()
{
    reread(true);
}

void LogsModel::refresh(const LogFilter &filter)
{
    m_filter = filter;
    m_filter.limit = PageSize;
    m_filter.offset = 0;
    reread(true);
}

void LogsModel::reread(bool sameFilter)
{
    const quint64 generation = ++m_generation;
    m_liveGeneration->store(generation);
    ++m_pendingRefresh;
    struct Result
    {
        qint64 count = 0;
        QList<RequestRecord> firstPage;
        QString error;
    };
    const LogFilter filter = m_filter;
    auto *watcher = new QFutureWatcher<Result>(this);
    connect(watcher, &QFutureWatcher<Result>::finished, this, [this, watcher, generation, sameFilter] {
        watcher->deleteLater();
        --m_pendingRefresh;
        if (generation != m_generation)
            return; // a newer filter or refresh is on its way
        const Result result = watcher->result();
        m_error = result.error;
        const qint64 added = result.count - m_count;
        // A few new requests (live traffic) are inserted; a bulk change (an import, a prune, rows that
        // retention removed while others arrived) re-reads all. Inserting is right only when the row that was
        // first is now right below the new ones.
        const qint64 oldFirst = rowIdAt(0);
        if (sameFilter && m_count > 0 && added >= 0 && added < result.firstPage.size() && oldFirst > 0 &&
            result.firstPage.at(int(added)).rowId == oldFirst &&
            result.count <= std::numeric_limits<int>::max()) {
            // New requests are the newest: insert them at the top and keep the old rows, shifted, until
            // re-read.
            m_stalePages = m_pages;
            m_staleShift = 0;
            m_pages.clear();
            m_requested.clear();
            if (added > 0) {
                beginInsertRows({}, 0, int(added) - 1);
                m_count = result.count;
                m_staleShift = added;
                endInsertRows();
            }
            m_pages.insert(0, result.firstPage);
            m_requested.remove(0);
            Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
            Q_EMIT refreshed();
            return;
        }
        m_stalePages.clear();
        m_staleShift = 0;
        beginResetModel();
        m_count = result.count;
        m_pages.clear();
        m_requested.clear();
        if (result.count > 0)
            m_pages.insert(0, result.firstPage);
        endResetModel();
        Q_EMIT refreshed();
    });
    LogsReader *reader = m_reader;
    watcher->setFuture(m_reader->run([filter, reader, generation, live = m_liveGeneration](RequestLog *log) {
        Result result;
        if (generation != live->load())
            return result; // a newer refresh is queued behind this one
        if (!log) {
            result.error = reader->lastError();
            return result;
        }
        result.count = log->count(filter);
        if (result.count > 0)
            result.firstPage = log->search(filter);
        return result;
    }));
}

void LogsModel::requestPage(int page) const
{
    m_lastAsked = page;
    if (m_requested.contains(page))
        return;
    m_requested.insert(page);
    LogFilter filter = m_filter;
    filter.offset = page * PageSize;
    const quint64 generation = m_generation;
    auto *self = const_cast<LogsModel *>(this);
    auto *watcher = new QFutureWatcher<QList<RequestRecord>>(self);
    connect(watcher, &QFutureWatcher<QList<RequestRecord>>::finished, self,
            [self, watcher, generation, page] {
                watcher->deleteLater();
                self->onPage(generation, page, watcher->result());
            });
    watcher->setFuture(m_reader->run([filter, generation, live = m_liveGeneration](RequestLog *log) {
        // Pages of a filter or refresh that was replaced meanwhile are never shown: skip reading them.
        if (!log || generation != live->load())
            return QList<RequestRecord>();
        return log->search(filter);
    }));
}

void LogsModel::onPage(quint64 generation, int page, const QList<RequestRecord> &rows)
{
    if (generation != m_generation)
        return;
    m_requested.remove(page);
    m_pages.insert(page, rows);
    // Keep the pages nearest to what the view asked for last.
    while (m_pages.size() > MaxCachedPages) {
        int farthest = -1;
        for (auto it = m_pages.cbegin(); it != m_pages.cend(); ++it) {
            if (farthest < 0 || std::abs(it.key() - m_lastAsked) > std::abs(farthest - m_lastAsked))
                farthest = it.key();
        }
        m_pages.remove(farthest);
    }
    const int first = page * PageSize;
    const int last = std::min(rowCount() - 1, first + PageSize - 1);
    if (first <= last) {
        Q_EMIT dataChanged(index(first, 0), index(last, ColumnCount - 1));
        Q_EMIT pageLoaded(first, last);
    }
}

const RequestRecord *LogsModel::recordAt(int row) const
{
    if (const auto it = m_pages.constFind(row / PageSize); it != m_pages.cend()) {
        const int offset = row % PageSize;
        return offset < it->size() ? &it->at(offset) : nullptr;
    }
    const qint64 old = row - m_staleShift;
    if (old < 0)
        return nullptr;
    const auto it = m_stalePages.constFind(int(old / PageSize));
    if (it == m_stalePages.cend())
        return nullptr;
    const int offset = int(old % PageSize);
    return offset < it->size() ? &it->at(offset) : nullptr;
}

qint64 LogsModel::rowIdAt(int row) const
{
    const RequestRecord *r = recordAt(row);
    return r ? r->rowId : 0;
}

int LogsModel::rowOfRequest(qint64 rowId) const
{
    for (auto it = m_pages.cbegin(); it != m_pages.cend(); ++it) {
        for (int i = 0; i < it->size(); ++i) {
            if (it->at(i).rowId == rowId)
                return it.key() * PageSize + i;
        }
    }
    return -1;
}

int LogsModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid())
        return 0;
    return int(std::min<qint64>(m_count, std::numeric_limits<int>::max()));
}

int LogsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

namespace {

QString formatLatency(qint64 ms)
{
    if (ms < 1000)
        return LogsModel::tr("%1 ms").arg(ms);
    return LogsModel::tr("%1 s").arg(QLocale().toString(double(ms) / 1000.0, 'f', 1));
}

} // namespace

QVariant LogsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    if (!m_pages.contains(index.row() / PageSize))
        requestPage(index.row() / PageSize);
    const RequestRecord *r = recordAt(index.row());
    if (!r) {
        if (role == Qt::DisplayRole && index.column() == TimeColumn)
            return tr("Loading…");
        return {};
    }
    switch (role) {
    case RowIdRole:
        return r->rowId;
    case Qt::TextAlignmentRole:
        switch (index.column()) {
        case StatusColumn:
        case LatencyColumn:
        case TokensColumn:
        case CostColumn:
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        default:
            return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
        }
    case Qt::ToolTipRole:
        // Ids and names come from the clients of the local API: shown as text, never read as markup.
        if (index.column() == RequestColumn)
            return plainToolTip(r->id);
        // The API whole where its column is narrow, and the log's own word for it, as searches and exports
        // have it.
        if (index.column() == ApiColumn)
            return plainToolTip(tr("%1 (%2)").arg(apiTitle(r->api), r->api));
        if (index.column() == TimeColumn)
            return LocaleFormat::detailed(QDateTime::fromMSecsSinceEpoch(r->timeMs));
        if (index.column() == ModelColumn && !r->provider.isEmpty())
            return plainToolTip(tr("%1 via provider %2").arg(r->model, r->provider));
        if (index.column() == ModelColumn)
            return plainToolTip(r->model);
        if (index.column() == TokensColumn)
            return tr("%1 input tokens, %2 output tokens").arg(r->inputTokens).arg(r->outputTokens);
        if (index.column() == FromColumn && r->client == u"window" && !r->question.isEmpty())
            return plainToolTip(
                tr("Asked in the window's conversation “%1”: %2").arg(r->conversation, r->question));
        if (index.column() == FromColumn)
            return plainToolTip(fromText(*r));
        return {};
    case Qt::DisplayRole:
        switch (index.column()) {
        case TimeColumn:
            return LocaleFormat::dateTime(QDateTime::fromMSecsSinceEpoch(r->timeMs));
        case StatusColumn:
            return r->status;
        case FromColumn:
            return fromText(*r);
        case ModelColumn:
            return r->model;
        case ApiColumn:
            return apiTitle(r->api);
        case RequestColumn:
            return r->id;
        case LatencyColumn:
            return formatLatency(r->latencyMs);
        case TokensColumn:
            return tr("%1 → %2").arg(r->inputTokens).arg(r->outputTokens);
        case CostColumn:
            return r->serverToolCost > 0 ? u"$"_s + QLocale().toString(r->serverToolCost, 'f', 4) : u"–"_s;
        }
        return {};
    default:
        return {};
    }
}

QString LogsModel::apiTitle(const QString &api)
{
    // The vendors' names of their APIs stay as they are; what is Sandbench's own is said in words.
    if (api == u"responses")
        return tr("OpenAI Responses");
    if (api == u"messages")
        return tr("Anthropic Messages");
    if (api == u"chat_completions")
        return tr("Chat Completions");
    if (api == u"gemini")
        return tr("Gemini");
    if (api == u"workbench")
        return tr("this window", "the API of a request the window's own conversation made");
    if (api == u"mcp")
        return tr("MCP");
    return api;
}

QString LogsModel::fromText(const RequestRecord &r)
{
    if (r.client == u"window") {
        // The question: a narrow column elides in the middle, and a title would repeat on each of its rows.
        if (r.conversation.isEmpty() && r.question.isEmpty())
            return tr("Window");
        if (r.question.isEmpty())
            return tr("Window: %1").arg(r.conversation);
        return r.question; // the conversation is in the tooltip and the details
    }
    if (r.api == u"mcp")
        return tr("MCP client");
    if (!r.client.isEmpty())
        return tr("API: %1").arg(r.client);
    return QString();
}

QVariant LogsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case TimeColumn:
        return tr("Time");
    case StatusColumn:
        return tr("Status");
    case ModelColumn:
        return tr("Model");
    case FromColumn:
        return tr("From");
    case ApiColumn:
        return tr("API");
    case RequestColumn:
        return tr("Request");
    case LatencyColumn:
        return tr("Latency");
    case TokensColumn:
        return tr("Tokens in → out");
    case CostColumn:
        return tr("Sandbox cost");
    }
    return {};
}
