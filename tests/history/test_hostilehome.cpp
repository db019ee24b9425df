// SPDX-License-Identifier: GPL-3.0-or-later
// What a container can do to the engine through the files in its home while they are snapshotted: grow a file
// while it is read, hand over huge sparse files, make a commit long. Real libgit2, real files; bytes are
// counted through /proc (read() calls, resident memory), never time.
#include "sandbox/history/containerhistory.h"
#include "sandbox/history/snapshotstore.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <atomic>
#include <csignal>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

constexpr qint64 MiB = 1024 * 1024;
constexpr qint64 GiB = 1024 * MiB;

// Bytes this process has read with read()/pread() so far (/proc/self/io rchar).
qint64 bytesRead()
{
    QFile io(u"/proc/self/io"_s);
    if (!io.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : io.readAll().split('\n')) {
        if (line.startsWith("rchar:"))
            return line.mid(6).trimmed().toLongLong();
    }
    return -1;
}

// Peak resident memory of this process (/proc/self/status VmHWM), in bytes.
qint64 peakResident()
{
    QFile status(u"/proc/self/status"_s);
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong() * 1024;
    }
    return -1;
}

QByteArray randomBytes(qint64 size, quint32 seed)
{
    QByteArray data(size, Qt::Uninitialized);
    QRandomGenerator rng(seed);
    rng.fillRange(reinterpret_cast<quint32 *>(data.data()), size / 4);
    return data;
}

bool pwriteAll(int fd, const QByteArray &data, qint64 offset)
{
    return ::pwrite(fd, data.constData(), size_t(data.size()), off_t(offset)) == data.size();
}

QByteArray preadAt(const QString &path, qint64 offset, qint64 size)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly) || !f.seek(offset))
        return {};
    return f.read(size);
}

} // namespace

class TestHostileHome final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void growingFileIsStoredAsTheSizeItHad();
    void sparseFileHolesAreNeverRead();
    void destroyingTheHistoryStopsAHeavyCommit();

private:
    QString home() const { return m_dir->filePath(u"home"_s); }
    QString git() const { return m_dir->filePath(u"history.git"_s); }

    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestHostileHome::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    QVERIFY(QDir().mkpath(home()));
}

void TestHostileHome::cleanup()
{
    m_dir.reset();
}

void TestHostileHome::growingFileIsStoredAsTheSizeItHad()
{
    // 32 MiB of data that grows to 512 MiB (instantly: ftruncate) as soon as the store has begun reading it.
    // Reading until EOF would hold all of it; the store must stop at the size it saw when it opened the file.
    constexpr qint64 initial = 32 * MiB;
    constexpr qint64 grown = 512 * MiB;
    const QString path = home() + u"/grow.bin"_s;
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QCOMPARE(f.write(randomBytes(initial, 7)), initial);
    }
    int results[2];
    QCOMPARE(::pipe(results), 0);
    const QString homeDir = home();
    const QString gitDir = git();
    const pid_t child = ::fork();
    QVERIFY(child >= 0);
    if (child == 0) {
        // The store runs in a child so that its peak memory is its own.
        ::close(results[0]);
        SnapshotStore store;
        QString error;
        if (!store.open(homeDir, gitDir, &error))
            ::_exit(3);
        std::atomic<bool> done{false};
        const qint64 base = bytesRead();
        std::thread grower([&] {
            const int fd = ::open(QFile::encodeName(path).constData(), O_WRONLY);
            while (!done && bytesRead() - base < 4 * MiB)
                std::this_thread::yield();
            if (fd >= 0)
                (void)::ftruncate(fd, grown);
            ::close(fd);
        });
        const qint64 before = peakResident();
        const std::optional<Snapshot> snap =
            store.commitCommand(u"grow"_s, {}, ChangeHint::anything(), &error);
        const qint64 after = peakResident();
        done = true;
        grower.join();
        const qint64 stored = snap && snap->changes.size() == 1 ? snap->changes.at(0).newSize : -1;
        const qint64 out[3] = {before, after, stored};
        (void)::write(results[1], out, sizeof out);
        ::_exit(snap ? 0 : 4);
    }
    ::close(results[1]);
    qint64 got[3] = {-1, -1, -1};
    const ssize_t n = ::read(results[0], got, sizeof got);
    ::close(results[0]);
    int status = 0;
    QCOMPARE(::waitpid(child, &status, 0), child);
    QVERIFY2(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the child's commit failed");
    QCOMPARE(n, ssize_t(sizeof got));
    QVERIFY(QFileInfo(path).size() == grown);
    // Stored as the prefix it had, and never held whole.
    QCOMPARE(got[2], initial);
    QVERIFY2(got[1] - got[0] < 64 * MiB,
             qPrintable(u"peak memory grew by %1 MiB"_s.arg((got[1] - got[0]) / MiB)));
}

void TestHostileHome::sparseFileHolesAreNeverRead()
{
    // 4 GiB of apparent size with three small islands of data: only the islands may be read, and a restore
    // must bring the same content back (sparse again).
    const QString path = home() + u"/sparse.bin"_s;
    const QByteArray a = randomBytes(MiB, 1), b = randomBytes(64 * 1024, 2), c = randomBytes(4096, 3);
    const qint64 size = 4 * GiB;
    {
        const int fd = ::open(QFile::encodeName(path).constData(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        QVERIFY(fd >= 0);
        QCOMPARE(::ftruncate(fd, size), 0);
        QVERIFY(pwriteAll(fd, a, 0));
        QVERIFY(pwriteAll(fd, b, 2 * GiB));
        QVERIFY(pwriteAll(fd, c, size - 4096));
        ::close(fd);
    }
    SnapshotStore store;
    QString error;
    QVERIFY2(store.open(home(), git(), &error), qPrintable(error));
    const qint64 before = bytesRead();
    const std::optional<Snapshot> snap =
        store.commitCommand(u"make sparse"_s, {}, ChangeHint::anything(), &error);
    const qint64 read = bytesRead() - before;
    QVERIFY2(snap, qPrintable(error));
    QCOMPARE(snap->changes.size(), 1);
    QCOMPARE(snap->changes.at(0).newSize, size);
    QVERIFY2(read < 8 * MiB, qPrintable(u"read %1 MiB for 1.07 MiB of data"_s.arg(read / MiB)));

    QVERIFY(QFile::remove(path));
    QVERIFY2(store.restoreFile(u"sparse.bin"_s, snap->commitId, &error), qPrintable(error));
    struct stat st;
    QCOMPARE(::stat(QFile::encodeName(path).constData(), &st), 0);
    QCOMPARE(qint64(st.st_size), size);
    QVERIFY2(qint64(st.st_blocks) * 512 < 64 * MiB, "the restored file is not sparse");
    QCOMPARE(preadAt(path, 0, a.size()), a);
    QCOMPARE(preadAt(path, 2 * GiB, b.size()), b);
    QCOMPARE(preadAt(path, size - 4096, c.size()), c);
    QCOMPARE(preadAt(path, GiB, 4096), QByteArray(4096, '\0'));
    QCOMPARE(preadAt(path, 2 * GiB - 4096, 4096), QByteArray(4096, '\0'));
}

void TestHostileHome::destroyingTheHistoryStopsAHeavyCommit()
{
    // A 256 MiB file (real data) is being hashed when the container goes away: the commit must stop, not read
    // the rest, and leave a repository that opens cleanly.
    const QString path = home() + u"/big.bin"_s;
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        const QByteArray block = randomBytes(4 * MiB, 9);
        for (int i = 0; i < 64; ++i)
            QCOMPARE(f.write(block), block.size());
    }
    auto *history = new ContainerHistory(home(), git(), m_dir->path(), u"w"_s, u"c"_s);
    history->wake();
    const qint64 before = bytesRead();
    history->commit(u"make big"_s, {}, u"call"_s, 0);
    QVERIFY(QTest::qWaitFor([&] { return bytesRead() - before > 16 * MiB; }, 60000));
    // The container is being removed (ContainerManager::remove cancels its history, then deletes it).
    history->cancel();
    delete history;
    const qint64 read = bytesRead() - before;
    QVERIFY2(read < 128 * MiB,
             qPrintable(u"read %1 MiB of 256 after the history was destroyed"_s.arg(read / MiB)));

    SnapshotStore store;
    QString error;
    QVERIFY2(store.open(home(), git(), &error), qPrintable(error));
    QVERIFY(!store.recoveredOnOpen());
    const auto entries = store.history(&error);
    QVERIFY2(entries, qPrintable(error));
    QVERIFY(entries->isEmpty());
    QVERIFY(QDir(git() + u"/objects"_s).entryList({u"sbx-tmp-*"_s}, QDir::Files).isEmpty());
    // And it still works.
    QVERIFY(QFile::remove(path));
    QFile small(home() + u"/small.txt"_s);
    QVERIFY(small.open(QIODevice::WriteOnly));
    small.write("still here");
    small.close();
    const auto snap = store.commitCommand(u"after"_s, {}, ChangeHint::anything(), &error);
    QVERIFY2(snap, qPrintable(error));
    QCOMPARE(snap->changes.size(), 1);
}

QTEST_GUILESS_MAIN(TestHostileHome)
#include "test_hostilehome.moc"
