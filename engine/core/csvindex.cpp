// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/csvindex.h"

#include <QMutex>
#include <QMutexLocker>
#include <QtConcurrent>

#include <atomic>
#include <cstring>
#include <vector>

using namespace Qt::StringLiterals;

namespace {
// The offset just past the record starting at pos (past its '\n', or size). Quotes toggle the quoted state,
// which also covers doubled quotes inside quoted fields; a newline ends a record only outside quotes. memchr
// does the work so unquoted data goes at memory speed.
qint64 recordEnd(const char *data, qint64 size, qint64 pos)
{
    bool quoted = false;
    while (pos < size) {
        const char *base = data + pos;
        const qint64 left = size - pos;
        if (quoted) {
            const void *q = std::memchr(base, '"', size_t(left));
            if (!q)
                return size;
            pos = static_cast<const char *>(q) - data + 1;
            quoted = false;
            continue;
        }
        const void *nl = std::memchr(base, '\n', size_t(left));
        const qint64 lineEnd = nl ? static_cast<const char *>(nl) - data : size;
        const void *q = std::memchr(base, '"', size_t(lineEnd - pos));
        if (!q)
            return nl ? lineEnd + 1 : size;
        pos = static_cast<const char *>(q) - data + 1;
        quoted = true;
    }
    return size;
}

// Length of the record's content without its trailing "\n" or "\r\n".
qint64 contentLength(const char *data, qint64 start, qint64 end)
{
    qint64 len = end - start;
    if (len > 0 && data[start + len - 1] == '\n')
        --len;
    if (len > 0 && data[start + len - 1] == '\r')
        --len;
    return len;
}
} // namespace

struct CsvIndex::State
{
    mutable QMutex mutex;
    std::vector<qint64> checkpoints; // offset of data row k * CheckpointInterval
    qint64 rows = 0;
    std::atomic<qint64> bytes{0};
    std::atomic<bool> cancel{false};
    std::atomic<bool> done{false};
};

CsvIndex::CsvIndex(QObject *parent)
    : QObject(parent)
{
    m_poll.setInterval(100);
    connect(&m_poll, &QTimer::timeout, this, &CsvIndex::pollProgress);
}

CsvIndex::~CsvIndex()
{
    cancel();
    // The worker checks the flag every few megabytes, so this wait is short.
    m_future.waitForFinished();
}

void CsvIndex::cancel()
{
    if (m_state)
        m_state->cancel = true;
}

bool CsvIndex::open(const QString &path, QString *error)
{
    if (m_state) {
        cancel();
        m_future.waitForFinished();
    }
    m_state = std::make_shared<State>();
    m_finishedEmitted = false;
    m_header.clear();
    m_columns = 0;
    m_data = nullptr;
    if (m_file.isOpen()) {
        m_file.close();
    }
    m_path = path;
    m_file.setFileName(path);
    if (!m_file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = tr("Cannot open %1: %2").arg(path, m_file.errorString());
        m_state->done = true;
        return false;
    }
    m_size = m_file.size();
    if (m_size > 0) {
        m_data = reinterpret_cast<const char *>(m_file.map(0, m_size));
        if (!m_data) {
            if (error)
                *error = tr("Cannot read %1: %2").arg(path, m_file.errorString());
            m_state->done = true;
            return false;
        }
    }

    qint64 pos = 0;
    if (m_size >= 3 && std::memcmp(m_data, "\xEF\xBB\xBF", 3) == 0)
        pos = 3;
    if (pos < m_size) {
        const qint64 end = recordEnd(m_data, m_size, pos);
        m_header = parseRecord(m_data + pos, contentLength(m_data, pos, end));
        m_columns = int(m_header.size());
        pos = end;
    }

    // The head: rows inside the first HeadBytes are indexed here so the first screen needs no worker.
    State &s = *m_state;
    qint64 rows = 0;
    while (pos < m_size && pos < HeadBytes) {
        if (rows % CheckpointInterval == 0)
            s.checkpoints.push_back(pos);
        const qint64 end = recordEnd(m_data, m_size, pos);
        m_columns =
            std::max(m_columns, int(parseRecord(m_data + pos, contentLength(m_data, pos, end)).size()));
        pos = end;
        ++rows;
    }
    s.rows = rows;
    s.bytes = pos;
    if (pos >= m_size) {
        s.done = true;
        QTimer::singleShot(0, this, &CsvIndex::pollProgress);
        return true;
    }

    const char *data = m_data;
    const qint64 size = m_size;
    std::shared_ptr<State> state = m_state;
    m_future = QtConcurrent::run([state, data, size, pos, rows]() mutable {
        constexpr qint64 Batch = 4 * 1024 * 1024;
        std::vector<qint64> found;
        while (pos < size && !state->cancel) {
            const qint64 stop = std::min(size, pos + Batch);
            found.clear();
            qint64 n = rows;
            while (pos < stop) {
                if (n % CheckpointInterval == 0)
                    found.push_back(pos);
                pos = recordEnd(data, size, pos);
                ++n;
            }
            {
                QMutexLocker lock(&state->mutex);
                state->checkpoints.insert(state->checkpoints.end(), found.begin(), found.end());
                state->rows = n;
            }
            rows = n;
            state->bytes = pos;
        }
        state->done = true;
    });
    m_poll.start();
    return true;
}

qint64 CsvIndex::rowCount() const
{
    if (!m_state)
        return 0;
    QMutexLocker lock(&m_state->mutex);
    return m_state->rows;
}

qint64 CsvIndex::bytesIndexed() const
{
    return m_state ? m_state->bytes.load() : 0;
}

bool CsvIndex::isIndexing() const
{
    return m_state && !m_state->done;
}

bool CsvIndex::isComplete() const
{
    return m_state && m_state->done && m_state->bytes >= m_size;
}

void CsvIndex::pollProgress()
{
    if (!m_state)
        return;
    const qint64 rows = rowCount();
    Q_EMIT progress(bytesIndexed(), m_size, rows);
    if (m_state->done && !m_finishedEmitted) {
        m_finishedEmitted = true;
        m_poll.stop();
        Q_EMIT finished(rows);
    }
}

QList<QStringList> CsvIndex::rows(qint64 first, int count) const
{
    QList<QStringList> out;
    if (!m_state || first < 0 || count <= 0 || !m_data)
        return out;
    qint64 pos = 0;
    qint64 available = 0;
    {
        QMutexLocker lock(&m_state->mutex);
        available = m_state->rows;
        const size_t cp = size_t(first / CheckpointInterval);
        if (first >= available || cp >= m_state->checkpoints.size())
            return out;
        pos = m_state->checkpoints[cp];
    }
    for (qint64 i = (first / CheckpointInterval) * CheckpointInterval; i < first && pos < m_size; ++i)
        pos = recordEnd(m_data, m_size, pos);
    const qint64 last = std::min(available, first + count);
    out.reserve(int(last - first));
    for (qint64 i = first; i < last && pos < m_size; ++i) {
        const qint64 end = recordEnd(m_data, m_size, pos);
        out.append(parseRecord(m_data + pos, contentLength(m_data, pos, end)));
        pos = end;
    }
    return out;
}

QStringList CsvIndex::row(qint64 index) const
{
    const QList<QStringList> one = rows(index, 1);
    return one.isEmpty() ? QStringList() : one.first();
}

QStringList CsvIndex::parseRecord(const char *data, qint64 length)
{
    QStringList fields;
    QByteArray field;
    qint64 i = 0;
    bool quotedField = false;
    auto flush = [&] {
        fields.append(QString::fromUtf8(field));
        field.clear();
        quotedField = false;
    };
    while (i < length) {
        const char c = data[i];
        if (c == '"' && field.isEmpty() && !quotedField) {
            // A quoted field: up to the closing quote; "" is one quote.
            quotedField = true;
            ++i;
            while (i < length) {
                if (data[i] == '"') {
                    if (i + 1 < length && data[i + 1] == '"') {
                        field.append('"');
                        i += 2;
                        continue;
                    }
                    ++i;
                    break;
                }
                field.append(data[i]);
                ++i;
            }
            continue;
        }
        if (c == ',') {
            flush();
        } else {
            field.append(c);
        }
        ++i;
    }
    flush();
    return fields;
}
