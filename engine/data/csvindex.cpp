// SPDX-License-Identifier: GPL-3.0-or-later
#include "data/csvindex.h"

#include <QFile>
#include <QMutex>
#include <QMutexLocker>
#include <QtConcurrent>

#include <atomic>
#include <cstring>
#include <memory>
#include <utility>
#include <vector>

#include <cerrno>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

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
// Reads up to length bytes at offset; fewer at the end of the file or when it shrank meanwhile.
qint64 readAt(int fd, char *into, qint64 offset, qint64 length)
{
    qint64 done = 0;
    while (done < length) {
        const ssize_t n = ::pread(fd, into + done, size_t(length - done), off_t(offset + done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        done += n;
    }
    return done;
}

// Whether the byte before offset is a newline.
bool endsWithNewline(int fd, qint64 offset)
{
    char c = 0;
    return readAt(fd, &c, offset - 1, 1) == 1 && c == '\n';
}

// Scans a file for record boundaries a block at a time, outside quotes, without holding more than one
// block. A quote toggles the quoted state (a doubled quote toggles twice); a newline outside quotes ends a
// record.
class BoundaryScanner
{
public:
    static constexpr qint64 BlockSize = 256 * 1024;

    BoundaryScanner(int fd, qint64 size)
        : m_fd(fd)
        , m_size(size)
        , m_block(new char[BlockSize])
    {}

    // The worker's pass: counts the records ending in [from, to) into rows and appends the offset of every
    // CheckpointInterval-th row start to checkpoints. Stretches without quotes are counted 64 bytes at a
    // time; a newline is only located exactly where a checkpoint falls.
    qint64 countRows(qint64 from, qint64 to, qint64 &rows, std::vector<qint64> &checkpoints)
    {
        constexpr qint64 Interval = CsvIndex::CheckpointInterval;
        qint64 pos = from;
        to = std::min(to, m_size);
        while (pos < to) {
            const qint64 got = readAt(m_fd, m_block.get(), pos, std::min(BlockSize, to - pos));
            if (got <= 0) {
                m_size = pos;
                return pos;
            }
            const char *base = m_block.get();
            const char *p = base;
            const char *blockEnd = base + got;
            const char *quote = nextQuote(p, blockEnd);
            while (p < blockEnd) {
                if (m_quoted) {
                    if (quote == blockEnd) {
                        p = blockEnd;
                        break;
                    }
                    p = quote + 1;
                    m_quoted = false;
                    quote = nextQuote(p, blockEnd);
                    continue;
                }
                // Unquoted up to `quote`: every newline before it ends a record.
                const qint64 toCheckpoint = Interval - rows % Interval;
                qint64 skipped = 0;
                while (quote - p >= 64) {
                    const qint64 here = newlinesIn64(p);
                    if (skipped + here >= toCheckpoint)
                        break;
                    skipped += here;
                    p += 64;
                }
                rows += skipped;
                const void *nl = std::memchr(p, '\n', size_t(quote - p));
                if (!nl) {
                    if (quote == blockEnd) {
                        p = blockEnd;
                        break;
                    }
                    p = quote + 1;
                    m_quoted = true;
                    quote = nextQuote(p, blockEnd);
                    continue;
                }
                p = static_cast<const char *>(nl) + 1;
                ++rows;
                const qint64 next = pos + (p - base);
                if (rows % Interval == 0 && next < m_size)
                    checkpoints.push_back(next);
            }
            pos += got;
        }
        return pos;
    }

    qint64 size() const { return m_size; }
    // Inside a quoted field where the last scan stopped.
    bool quoted() const { return m_quoted; }

private:
    // How many of the 64 bytes at p are '\n'.
    static qint64 newlinesIn64(const char *p)
    {
#ifdef __SSE2__
        // Each matching byte compares to 0xff (-1): subtracting the four comparisons leaves 0..4 per
        // lane, and a sum of absolute differences against zero adds the lanes up.
        const __m128i nl = _mm_set1_epi8('\n');
        __m128i lanes = _mm_setzero_si128();
        for (int i = 0; i < 4; ++i) {
            const __m128i chunk = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p + 16 * i));
            lanes = _mm_sub_epi8(lanes, _mm_cmpeq_epi8(chunk, nl));
        }
        const __m128i sums = _mm_sad_epu8(lanes, _mm_setzero_si128());
        return _mm_cvtsi128_si64(sums) + _mm_cvtsi128_si64(_mm_unpackhi_epi64(sums, sums));
#else
        qint64 count = 0;
        for (int i = 0; i < 64; ++i)
            count += p[i] == '\n';
        return count;
#endif
    }

    static const char *nextQuote(const char *from, const char *end)
    {
        const void *q = std::memchr(from, '"', size_t(end - from));
        return q ? static_cast<const char *>(q) : end;
    }

    int m_fd;
    qint64 m_size;
    std::unique_ptr<char[]> m_block;
    bool m_quoted = false;
};

// Reads whole records at given offsets through a window of the file, for the head and for rows().
class RecordReader
{
public:
    RecordReader(int fd, qint64 size)
        : m_fd(fd)
        , m_size(size)
    {}

    // The record starting at pos: its content (without the line ending, cut at MaxRecordBytes) and the
    // offset just past it. Returns false at the end of the file.
    bool read(qint64 pos, QByteArray *content, qint64 *end)
    {
        if (pos >= m_size)
            return false;
        if (pos < m_start || pos >= m_start + m_window.size())
            load(pos, WindowBytes);
        for (;;) {
            const qint64 available = m_start + m_window.size() - pos;
            if (available <= 0)
                return false; // the file shrank
            const char *data = m_window.constData() + (pos - m_start);
            const qint64 stop = recordEnd(data, available, 0);
            if (stop < available || m_start + m_window.size() >= m_size) {
                *content = QByteArray(data, contentLength(data, 0, stop));
                *end = pos + stop;
                return true;
            }
            if (available > CsvIndex::MaxRecordBytes) {
                // An enormous record: keep its beginning and find its end without buffering the rest.
                *content = QByteArray(data, CsvIndex::MaxRecordBytes);
                // Counting from one short of a checkpoint makes the first record end the one reported.
                BoundaryScanner scanner(m_fd, m_size);
                std::vector<qint64> ends;
                qint64 rows = CsvIndex::CheckpointInterval - 1;
                for (qint64 at = pos; ends.empty() && at < scanner.size();)
                    at = scanner.countRows(at, at + BoundaryScanner::BlockSize, rows, ends);
                *end = ends.empty() ? scanner.size() : ends.front();
                return true;
            }
            // The record runs past the window: read again from its start, with more room.
            load(pos, std::min(std::max(available, WindowBytes) * 4, CsvIndex::MaxRecordBytes + 1));
        }
    }

private:
    static constexpr qint64 WindowBytes = 64 * 1024;

    void load(qint64 pos, qint64 want)
    {
        const qint64 length = std::min(want, m_size - pos);
        m_window.resize(length);
        const qint64 got = readAt(m_fd, m_window.data(), pos, length);
        m_window.resize(got);
        m_start = pos;
        if (got < length)
            m_size = pos + got; // the file shrank
    }

    int m_fd;
    qint64 m_size;
    QByteArray m_window;
    qint64 m_start = 0;
};
} // namespace

struct CsvIndex::State
{
    ~State()
    {
        if (fd >= 0)
            ::close(fd);
    }

    int fd = -1; // shared with the worker; closed with the last reference
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
    // The worker checks the flag after every block it reads, so this wait is short.
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
    m_size = 0;
    m_path = path;
    auto fail = [&](const QString &message) {
        if (error)
            *error = message;
        if (m_state->fd >= 0)
            ::close(std::exchange(m_state->fd, -1));
        m_state->done = true;
        return false;
    };
    // O_NONBLOCK: a FIFO planted under the name must not hang the caller; O_NOFOLLOW: a symlink planted as
    // the file itself is refused (callers pass paths they made, so directories above are theirs).
    const int fd =
        ::open(QFile::encodeName(path).constData(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
    if (fd < 0) {
        const int err = errno;
        if (err == ELOOP)
            return fail(
                tr("Cannot open %1: it is a symbolic link; only regular files can be previewed.").arg(path));
        return fail(tr("Cannot open %1: %2").arg(path, QString::fromLocal8Bit(std::strerror(err))));
    }
    m_state->fd = fd;
    struct stat st;
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
        return fail(tr("Cannot open %1: only regular files can be previewed.").arg(path));
    m_size = st.st_size;

    RecordReader reader(fd, m_size);
    QByteArray record;
    qint64 pos = 0;
    qint64 end = 0;
    char bom[3];
    if (readAt(fd, bom, 0, 3) == 3 && std::memcmp(bom, "\xEF\xBB\xBF", 3) == 0)
        pos = 3;
    if (reader.read(pos, &record, &end)) {
        m_header = parseRecord(record.constData(), record.size());
        m_columns = int(m_header.size());
        pos = end;
    }

    // The head: rows inside the first HeadBytes are indexed here so the first screen needs no worker.
    State &s = *m_state;
    qint64 rows = 0;
    while (pos < HeadBytes && reader.read(pos, &record, &end)) {
        if (rows % CheckpointInterval == 0)
            s.checkpoints.push_back(pos);
        m_columns = std::max(m_columns, int(parseRecord(record.constData(), record.size()).size()));
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

    const qint64 size = m_size;
    std::shared_ptr<State> state = m_state;
    // `this` outlives the worker: the destructor and open() wait for it.
    m_future = QtConcurrent::run([this, state, size, pos, rows]() mutable {
        constexpr qint64 Batch = 4 * 1024 * 1024;
        BoundaryScanner scanner(state->fd, size);
        std::vector<qint64> found;
        // The record starting at pos is row `rows`; every record end starts the next one.
        qint64 n = rows;
        if (n % CheckpointInterval == 0)
            found.push_back(pos);
        while (pos < scanner.size() && !state->cancel) {
            const qint64 stop = scanner.countRows(pos, pos + Batch, n, found);
            const bool atEnd = stop >= scanner.size();
            // A last record without a line ending counts too.
            // (A final newline inside an unclosed quote ends nothing either.)
            const qint64 counted =
                atEnd && stop > 0 && (scanner.quoted() || !endsWithNewline(state->fd, stop)) ? n + 1 : n;
            {
                QMutexLocker lock(&state->mutex);
                state->checkpoints.insert(state->checkpoints.end(), found.begin(), found.end());
                state->rows = counted;
            }
            found.clear();
            state->bytes = stop;
            pos = stop;
        }
        state->done = true;
        // Say so now rather than at the next progress poll.
        QMetaObject::invokeMethod(this, &CsvIndex::pollProgress, Qt::QueuedConnection);
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
    if (!m_state || m_state->fd < 0 || first < 0 || count <= 0)
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
    RecordReader reader(m_state->fd, m_size);
    QByteArray record;
    qint64 end = 0;
    for (qint64 i = (first / CheckpointInterval) * CheckpointInterval; i < first; ++i) {
        if (!reader.read(pos, &record, &end))
            return out; // the file shrank
        pos = end;
    }
    const qint64 last = std::min(available, first + count);
    out.reserve(int(last - first));
    for (qint64 i = first; i < last && reader.read(pos, &record, &end); ++i) {
        out.append(parseRecord(record.constData(), record.size()));
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
