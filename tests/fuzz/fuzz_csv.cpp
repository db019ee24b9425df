// SPDX-License-Identifier: GPL-3.0-or-later
// The CSV scanner reads files a container wrote. Each input is written to a file and opened the way the
// window opens an attachment: the head parsed at once, the rest indexed on the worker thread, then every
// row read back in one block and a sample of them one at a time (the two must agree), and the raw bytes split
// as one record.
#include "data/csvindex.h"

#include <QCoreApplication>
#include <QDir>
#include <QThread>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <unistd.h>

namespace {
QString g_path;
}

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    static QCoreApplication app(*argc, *argv);
    const QByteArray dir = QDir::tempPath().toLocal8Bit() + "/sandbench-fuzz-csv-XXXXXX";
    QByteArray buffer = dir;
    if (!mkdtemp(buffer.data()))
        abort();
    g_path = QString::fromLocal8Bit(buffer) + QStringLiteral("/input.csv");
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *bytes = reinterpret_cast<const char *>(data);
    (void)CsvIndex::parseRecord(bytes, qint64(size));

    const int fd = ::open(g_path.toLocal8Bit().constData(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0)
        abort();
    for (size_t done = 0; done < size;) {
        const ssize_t n = ::write(fd, bytes + done, size - done);
        if (n <= 0)
            abort();
        done += size_t(n);
    }
    ::close(fd);

    CsvIndex index;
    if (!index.open(g_path))
        return 0;
    while (index.isIndexing())
        QThread::usleep(50);
    if (!index.isComplete())
        abort();
    const qint64 rows = index.rowCount();
    if (rows < 0 || index.bytesIndexed() > qint64(size))
        abort();
    const int count = int(qMin<qint64>(rows, 5000));
    const QList<QStringList> block = index.rows(0, count);
    if (block.size() != count)
        abort();
    // Reading one row walks from its checkpoint, so sample them (every row for small inputs).
    const int step = qMax(1, count / 64);
    for (int i = 0; i < count; i += step) {
        if (index.row(i) != block.at(i))
            abort();
    }
    (void)index.rows(rows - 1, 10);
    (void)index.rows(rows, 10);
    return 0;
}
