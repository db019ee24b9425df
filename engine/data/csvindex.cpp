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
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
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

// One bit per byte of a 64-byte stretch: which are quotes, which are newlines.
struct ByteMasks
{
    quint64 quotes = 0;
    quint64 newlines = 0;
};

[[gnu::always_inline]] inline ByteMasks masksOf64(const char *p)
{
    ByteMasks m;
#ifdef __SSE2__
    const __m128i quote = _mm_set1_epi8('"');
    const __m128i newline = _mm_set1_epi8('\n');
    for (int k = 0; k < 4; ++k) {
        const __m128i chunk = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p + 16 * k));
        m.quotes |= quint64(quint32(_mm_movemask_epi8(_mm_cmpeq_epi8(chunk, quote)))) << (16 * k);
        m.newlines |= quint64(quint32(_mm_movemask_epi8(_mm_cmpeq_epi8(chunk, newline)))) << (16 * k);
    }
#else
    for (int k = 0; k < 64; ++k) {
        m.quotes |= quint64(p[k] == '"') << k;
        m.newlines |= quint64(p[k] == '\n') << k;
    }
#endif
    return m;
}

// Bit k is the parity of bits 0..k: set for every byte after an odd number of quotes.
[[gnu::always_inline]] inline quint64 prefixXor(quint64 x)
{
    x ^= x << 1;
    x ^= x << 2;
    x ^= x << 4;
    x ^= x << 8;
    x ^= x << 16;
    x ^= x << 32;
    return x;
}

// Counts the records that end at the set bits of `ends` (the 64 bytes at `offset` of a file of `size`
// bytes) one by one, appending the start of every CheckpointInterval-th row to checkpoints.
void visitEnds(quint64 ends, qint64 offset, qint64 size, qint64 &rows, std::vector<qint64> &checkpoints)
{
    while (ends) {
        const qint64 next = offset + __builtin_ctzll(ends) + 1;
        ends &= ends - 1;
        ++rows;
        if (rows % CsvIndex::CheckpointInterval == 0 && next < size)
            checkpoints.push_back(next);
    }
}

// The 64 bytes at data + i, or the last few bytes padded with zeros (neither quote nor newline).
[[gnu::always_inline]] inline const char *word(const char *data, qint64 length, qint64 i, char *tail)
{
    if (length - i >= 64)
        return data + i;
    std::memset(tail, 0, 64);
    std::memcpy(tail, data + i, size_t(length - i));
    return tail;
}

// Counts the records ending in data[0, length), which lies at `offset` of a file of `size` bytes, into
// rows, and appends the start of every CheckpointInterval-th row to checkpoints. A quote toggles the quoted
// state (a doubled quote toggles twice); a newline outside quotes ends a record. Returns whether the scan
// ends inside quotes. Rows are counted with one popcount per 64 bytes; only the words where a checkpoint
// falls are visited newline by newline. Compiled for POPCNT and without, and picked at load time; CPUs
// with AVX2 and carry-less multiplication take scanBlockAvx2 instead.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
[[gnu::target_clones("popcnt", "default")]]
#endif
bool scanBlock(const char *data, qint64 length, qint64 offset, qint64 size, bool quoted, qint64 &rows,
               std::vector<qint64> &checkpoints)
{
    constexpr qint64 Interval = CsvIndex::CheckpointInterval;
    quint64 carry = quoted ? ~quint64(0) : 0;
    qint64 n = rows; // in a register, and the rows left until the next checkpoint beside it
    qint64 untilCheckpoint = Interval - n % Interval;
    alignas(16) char tail[64];
    for (qint64 i = 0; i < length; i += 64) {
        const ByteMasks m = masksOf64(word(data, length, i, tail));
        const quint64 inside = prefixXor(m.quotes) ^ carry;
        carry = quint64(qint64(inside) >> 63);
        const quint64 ends = m.newlines & ~inside;
        const qint64 count = __builtin_popcountll(ends);
        if (count < untilCheckpoint) {
            n += count;
            untilCheckpoint -= count;
        } else {
            visitEnds(ends, offset + i, size, n, checkpoints);
            untilCheckpoint = Interval - n % Interval;
        }
    }
    rows = n;
    return carry != 0;
}

#if defined(__x86_64__) && defined(__GNUC__)
#define SANDBENCH_CSV_AVX2 1
// scanBlock with two 32-byte compares per character and the prefix XOR as one carry-less multiplication.
[[gnu::target("avx2,pclmul,popcnt")]] bool scanBlockAvx2(const char *data, qint64 length, qint64 offset,
                                                         qint64 size, bool quoted, qint64 &rows,
                                                         std::vector<qint64> &checkpoints)
{
    constexpr qint64 Interval = CsvIndex::CheckpointInterval;
    const __m256i quote = _mm256_set1_epi8('"');
    const __m256i newline = _mm256_set1_epi8('\n');
    const __m128i ones = _mm_set1_epi8(-1);
    quint64 carry = quoted ? ~quint64(0) : 0;
    qint64 n = rows; // in a register, and the rows left until the next checkpoint beside it
    qint64 untilCheckpoint = Interval - n % Interval;
    alignas(32) char tail[64];
    for (qint64 i = 0; i < length; i += 64) {
        const char *p = word(data, length, i, tail);
        const __m256i lo = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(p));
        const __m256i hi = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(p + 32));
        const quint64 quotes = quint64(quint32(_mm256_movemask_epi8(_mm256_cmpeq_epi8(lo, quote)))) |
                               quint64(quint32(_mm256_movemask_epi8(_mm256_cmpeq_epi8(hi, quote)))) << 32;
        const quint64 newlines = quint64(quint32(_mm256_movemask_epi8(_mm256_cmpeq_epi8(lo, newline)))) |
                                 quint64(quint32(_mm256_movemask_epi8(_mm256_cmpeq_epi8(hi, newline)))) << 32;
        const quint64 parity =
            quint64(_mm_cvtsi128_si64(_mm_clmulepi64_si128(_mm_set_epi64x(0, qint64(quotes)), ones, 0)));
        const quint64 inside = parity ^ carry;
        carry = quint64(qint64(inside) >> 63);
        const quint64 ends = newlines & ~inside;
        const qint64 count = __builtin_popcountll(ends);
        if (count < untilCheckpoint) {
            n += count;
            untilCheckpoint -= count;
        } else {
            visitEnds(ends, offset + i, size, n, checkpoints);
            untilCheckpoint = Interval - n % Interval;
        }
    }
    rows = n;
    return carry != 0;
}
#endif

// The fastest of the above this CPU runs.
bool scanWords(const char *data, qint64 length, qint64 offset, qint64 size, bool quoted, qint64 &rows,
               std::vector<qint64> &checkpoints)
{
#ifdef SANDBENCH_CSV_AVX2
    static const bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("pclmul") &&
                             __builtin_cpu_supports("popcnt");
    if (avx2)
        return scanBlockAvx2(data, length, offset, size, quoted, rows, checkpoints);
#endif
    return scanBlock(data, length, offset, size, quoted, rows, checkpoints);
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
    // CheckpointInterval-th row start to checkpoints. Each 64 bytes become a bit mask of their quotes and one
    // of their newlines; a prefix XOR of the quote mask marks the bytes inside quotes, and the newlines
    // outside them are counted with one popcount. Only where a checkpoint falls are they visited one by one.
    qint64 countRows(qint64 from, qint64 to, qint64 &rows, std::vector<qint64> &checkpoints)
    {
        qint64 pos = from;
        to = std::min(to, m_size);
        while (pos < to) {
            const qint64 got = readAt(m_fd, m_block.get(), pos, std::min(BlockSize, to - pos));
            if (got <= 0) {
                m_size = pos;
                return pos;
            }
            m_quoted = scanWords(m_block.get(), got, pos, m_size, m_quoted, rows, checkpoints);
            pos += got;
        }
        return pos;
    }

    qint64 size() const { return m_size; }
    // Inside a quoted field where the last scan stopped.
    bool quoted() const { return m_quoted; }

private:
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
    m_startPending = false;
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

    m_startPos = pos;
    m_startRows = rows;
    if (m_held)
        m_startPending = true;
    else
        startWorker();
    return true;
}

void CsvIndex::setHeld(bool held)
{
    m_held = held;
    if (!held && m_startPending) {
        m_startPending = false;
        startWorker();
    }
}

void CsvIndex::startWorker()
{
    const qint64 size = m_size;
    qint64 pos = m_startPos;
    const qint64 rows = m_startRows;
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
