// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandbox/history/filecopy.h"
#include "sandbox/history/safefs.h"

#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(FileCopy::Method)

// FileCopy: how history captures a large file (reflink, else copy_file_range, else read/write), what it
// falls back on, and that it copies exactly the size asked for, holes as holes, whatever the source does.
class TestFileCopy final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init();
    void fallbackChoice_data();
    void fallbackChoice();
    void copiesContent_data();
    void copiesContent();
    void keepsHoles_data();
    void keepsHoles();
    void grownSourceGivesThePrefix();
    void shrunkSourceFails_data();
    void shrunkSourceFails();
    void cancelStops();
    void fifoIsRefused();
    void emptyFile();

private:
    QString path(const QString &name) const { return m_dir->filePath(name); }
    UniqueFd openNew(const QString &name) const
    {
        return UniqueFd(
            ::open(QFile::encodeName(path(name)).constData(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600));
    }
    UniqueFd openRead(const QString &name) const
    {
        return UniqueFd(::open(QFile::encodeName(path(name)).constData(), O_RDONLY | O_CLOEXEC));
    }
    QByteArray contents(const QString &name) const
    {
        QFile f(path(name));
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<missing>");
    }
    void writeFile(const QString &name, const QByteArray &data) const
    {
        QFile f(path(name));
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        QCOMPARE(f.write(data), data.size());
    }
    static QByteArray randomBytes(qsizetype n, quint32 seed)
    {
        QByteArray out(n, Qt::Uninitialized);
        QRandomGenerator rng(seed);
        rng.fillRange(reinterpret_cast<quint32 *>(out.data()), n / 4);
        return out;
    }

    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestFileCopy::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

void TestFileCopy::fallbackChoice_data()
{
    QTest::addColumn<FileCopy::Method>("method");
    QTest::addColumn<int>("err");
    QTest::addColumn<int>("next"); // -1: no fallback
    using M = FileCopy::Method;
    const int cr = int(M::CopyRange), rw = int(M::ReadWrite);
    // No reflinks on this file system (ext4, tmpfs), or across two of them: a real copy.
    QTest::addRow("clone unsupported") << M::Clone << int(EOPNOTSUPP) << cr;
    QTest::addRow("clone not an ioctl here") << M::Clone << int(ENOTTY) << cr;
    QTest::addRow("clone across file systems") << M::Clone << int(EXDEV) << cr;
    QTest::addRow("clone of unaligned file") << M::Clone << int(EINVAL) << cr;
    QTest::addRow("clone: disk full") << M::Clone << int(ENOSPC) << -1;
    QTest::addRow("clone: I/O error") << M::Clone << int(EIO) << -1;
    QTest::addRow("copy_file_range missing") << M::CopyRange << int(ENOSYS) << rw;
    QTest::addRow("copy_file_range across file systems") << M::CopyRange << int(EXDEV) << rw;
    QTest::addRow("copy_file_range unsupported") << M::CopyRange << int(EOPNOTSUPP) << rw;
    QTest::addRow("copy_file_range refused") << M::CopyRange << int(EINVAL) << rw;
    QTest::addRow("copy_file_range: disk full") << M::CopyRange << int(ENOSPC) << -1;
    QTest::addRow("copy_file_range: I/O error") << M::CopyRange << int(EIO) << -1;
    QTest::addRow("read/write is the last") << M::ReadWrite << int(EINVAL) << -1;
    QTest::addRow("read/write: disk full") << M::ReadWrite << int(ENOSPC) << -1;
}

void TestFileCopy::fallbackChoice()
{
    QFETCH(FileCopy::Method, method);
    QFETCH(int, err);
    QFETCH(int, next);
    const std::optional<FileCopy::Method> got = FileCopy::fallbackAfter(method, err);
    QCOMPARE(got ? int(*got) : -1, next);
}

void TestFileCopy::copiesContent_data()
{
    QTest::addColumn<FileCopy::Method>("first");
    QTest::addRow("clone first") << FileCopy::Method::Clone;
    QTest::addRow("copy_file_range") << FileCopy::Method::CopyRange;
    QTest::addRow("read/write") << FileCopy::Method::ReadWrite;
}

void TestFileCopy::copiesContent()
{
    QFETCH(FileCopy::Method, first);
    // Not a multiple of any chunk size, several chunks of the slowest method.
    const QByteArray data = randomBytes(9 * 1024 * 1024 + 12345, 7);
    writeFile(u"src"_s, data);
    UniqueFd src = openRead(u"src"_s);
    UniqueFd dst = openNew(u"dst"_s);
    const FileCopy::Result r = FileCopy::copy(src.get(), dst.get(), data.size(), first);
    QVERIFY2(r.ok, qPrintable(SafeFs::errnoString(r.error)));
    QCOMPARE(contents(u"dst"_s), data);
    if (first == FileCopy::Method::Clone) {
        // Where the file system clones, nothing is read; elsewhere (ext4, tmpfs) the fallback copies it all.
        QVERIFY(r.used == FileCopy::Method::Clone || r.used == FileCopy::Method::CopyRange);
        QCOMPARE(r.bytesRead, r.used == FileCopy::Method::Clone ? 0 : data.size());
    } else {
        QCOMPARE(r.used, first);
        QCOMPARE(r.bytesRead, data.size());
    }
}

void TestFileCopy::keepsHoles_data()
{
    copiesContent_data();
}

void TestFileCopy::keepsHoles()
{
    QFETCH(FileCopy::Method, first);
    constexpr qint64 MiB = 1024 * 1024;
    // 64 MiB apparent, two 1 MiB data extents (one at the very end).
    const QByteArray a = randomBytes(MiB, 1), b = randomBytes(MiB, 2);
    {
        UniqueFd fd = openNew(u"sparse"_s);
        QVERIFY(fd.isValid());
        QCOMPARE(::pwrite(fd.get(), a.constData(), size_t(a.size()), 8 * MiB), ssize_t(a.size()));
        QCOMPARE(::pwrite(fd.get(), b.constData(), size_t(b.size()), 63 * MiB), ssize_t(b.size()));
    }
    UniqueFd src = openRead(u"sparse"_s);
    UniqueFd dst = openNew(u"copy"_s);
    const FileCopy::Result r = FileCopy::copy(src.get(), dst.get(), 64 * MiB, first);
    QVERIFY2(r.ok, qPrintable(SafeFs::errnoString(r.error)));
    struct stat st;
    QCOMPARE(::fstat(dst.get(), &st), 0);
    QCOMPARE(qint64(st.st_size), 64 * MiB);
    QVERIFY2(qint64(st.st_blocks) * 512 <= 4 * MiB, qPrintable(QString::number(qint64(st.st_blocks) * 512)));
    QVERIFY(r.bytesRead <= 2 * MiB);
    const QByteArray copy = contents(u"copy"_s);
    QCOMPARE(copy.mid(8 * MiB, MiB), a);
    QCOMPARE(copy.mid(63 * MiB, MiB), b);
    QCOMPARE(copy.left(8 * MiB), QByteArray(8 * MiB, '\0'));
}

void TestFileCopy::grownSourceGivesThePrefix()
{
    // The size is decided when the file was opened; what it grew to since is not copied.
    const QByteArray data = randomBytes(3 * 1024 * 1024, 3);
    writeFile(u"src"_s, data);
    UniqueFd src = openRead(u"src"_s);
    for (FileCopy::Method m :
         {FileCopy::Method::Clone, FileCopy::Method::CopyRange, FileCopy::Method::ReadWrite}) {
        const QString name = u"dst%1"_s.arg(int(m));
        UniqueFd dst = openNew(name);
        const FileCopy::Result r = FileCopy::copy(src.get(), dst.get(), 1024 * 1024 + 1, m);
        QVERIFY(r.ok);
        QCOMPARE(contents(name), data.left(1024 * 1024 + 1));
    }
}

void TestFileCopy::shrunkSourceFails_data()
{
    copiesContent_data();
}

void TestFileCopy::shrunkSourceFails()
{
    QFETCH(FileCopy::Method, first);
    // A file that no longer holds what fstat said when it was opened (truncated since) is not copied as if
    // it did: the capture fails and the store looks at the file again next time.
    writeFile(u"src"_s, randomBytes(2 * 1024 * 1024, 4));
    UniqueFd src = openRead(u"src"_s);
    UniqueFd dst = openNew(u"dst"_s);
    const FileCopy::Result r = FileCopy::copy(src.get(), dst.get(), 5 * 1024 * 1024, first);
    QVERIFY(!r.ok);
    QCOMPARE(r.error, ESTALE);
}

void TestFileCopy::cancelStops()
{
    writeFile(u"src"_s, randomBytes(4 * 1024 * 1024, 5));
    UniqueFd src = openRead(u"src"_s);
    const std::atomic<bool> cancel{true};
    for (FileCopy::Method m : {FileCopy::Method::CopyRange, FileCopy::Method::ReadWrite}) {
        const QString name = u"dst%1"_s.arg(int(m));
        UniqueFd dst = openNew(name);
        const FileCopy::Result r = FileCopy::copy(src.get(), dst.get(), 4 * 1024 * 1024, m, &cancel);
        QVERIFY(!r.ok);
        QCOMPARE(r.error, ECANCELED);
        QCOMPARE(r.bytesRead, 0);
    }
}

void TestFileCopy::fifoIsRefused()
{
    // Not something history passes (it copies regular files only), but a fifo must fail, not hang.
    QCOMPARE(::mkfifo(QFile::encodeName(path(u"fifo"_s)).constData(), 0600), 0);
    UniqueFd src(::open(QFile::encodeName(path(u"fifo"_s)).constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC));
    QVERIFY(src.isValid());
    UniqueFd dst = openNew(u"dst"_s);
    const FileCopy::Result r = FileCopy::copy(src.get(), dst.get(), 4096);
    QVERIFY(!r.ok);
}

void TestFileCopy::emptyFile()
{
    writeFile(u"src"_s, {});
    UniqueFd src = openRead(u"src"_s);
    UniqueFd dst = openNew(u"dst"_s);
    const FileCopy::Result r = FileCopy::copy(src.get(), dst.get(), 0);
    QVERIFY(r.ok);
    QCOMPARE(contents(u"dst"_s), QByteArray());
}

QTEST_GUILESS_MAIN(TestFileCopy)
#include "test_filecopy.moc"
