// SPDX-License-Identifier: GPL-3.0-or-later
// FileImport: a person's file copied into a container's home, in the kernel where it can be
// (copy_file_range), by reading and writing where it cannot, within the upload limit either way.
#include "sandbox/history/fileimport.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

class TestFileImport final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void copiesEveryByte_data();
    void copiesEveryByte();
    void fromAnotherFileSystem();
    void limitIsInclusive();
    void fileThatSaysItIsEmpty();
    void specialFileOverTheLimit();
    void badSources();
    void takenNameGetsANumber();
    void originStaysOpenAndSaysWhenItChanged();
    void noOriginForAFileThatSaysItIsEmpty();
    void spoolIsMovedNotCopied();
    void spoolElsewhereIsCopied();
    void storedFileNeedsNoRacyWindow();

private:
    QString write(const QString &name, const QByteArray &data);
    QString home() const { return m_dir->filePath(u"home"_s); }
    static QByteArray read(const QString &path);
    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestFileImport::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    QVERIFY(QDir().mkpath(home()));
}

QString TestFileImport::write(const QString &name, const QByteArray &data)
{
    const QString path = m_dir->filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(data) != data.size())
        return {};
    return path;
}

QByteArray TestFileImport::read(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void TestFileImport::copiesEveryByte_data()
{
    QTest::addColumn<qint64>("size");
    QTest::newRow("empty") << 0LL;
    QTest::newRow("one byte") << 1LL;
    QTest::newRow("a few MB, not a multiple of anything") << qint64(5 * 1024 * 1024 + 17);
}

void TestFileImport::copiesEveryByte()
{
    QFETCH(qint64, size);
    QByteArray data(size, Qt::Uninitialized);
    for (qint64 i = 0; i < size; ++i)
        data[i] = char((i * 131 + i / 4096) & 0xff);
    const QString source = write(u"data.csv"_s, data);
    QVERIFY(!source.isEmpty());
    const ImportResult r = FileImport::run(source, home(), 0);
    QVERIFY2(r.ok, qPrintable(r.error));
    QCOMPARE(r.size, size);
    QCOMPARE(r.fileName, u"data.csv"_s);
    QCOMPARE(r.sandboxPath, u"/workspace/home/data.csv"_s);
    QCOMPARE(r.hostPath, QDir(home()).filePath(u"data.csv"_s));
    QCOMPARE(read(r.hostPath), data);
    QCOMPARE(read(source), data); // the original is left alone
}

// tmpfs to the home's file system: the kernel may refuse to copy across; the result is the same.
void TestFileImport::fromAnotherFileSystem()
{
    if (!QFileInfo(u"/dev/shm"_s).isWritable())
        QSKIP("no writable /dev/shm");
    QTemporaryDir shm(u"/dev/shm/test-fileimport-XXXXXX"_s);
    QVERIFY(shm.isValid());
    const QByteArray data = QByteArray("id,v\n") + QByteArray("1,2\n").repeated(300000);
    const QString source = shm.filePath(u"shm.csv"_s);
    QFile f(source);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(data), qint64(data.size()));
    f.close();
    const ImportResult r = FileImport::run(source, home(), 0);
    QVERIFY2(r.ok, qPrintable(r.error));
    QCOMPARE(r.size, qint64(data.size()));
    QCOMPARE(read(r.hostPath), data);
}

void TestFileImport::limitIsInclusive()
{
    const QByteArray data(4096, 'x');
    const QString source = write(u"limit.txt"_s, data);
    ImportResult r = FileImport::run(source, home(), data.size());
    QVERIFY2(r.ok, qPrintable(r.error));
    QCOMPARE(read(r.hostPath), data);
    r = FileImport::run(source, home(), data.size() - 1);
    QVERIFY(!r.ok);
    QVERIFY2(r.error.contains(u"more than"_s), qPrintable(r.error));
    // Nothing but the first copy is in home.
    QCOMPARE(QDir(home()).entryList(QDir::Files), QStringList{u"limit.txt"_s});
}

// procfs says 0 bytes and holds more: it is read, not copied in the kernel (which would copy nothing).
void TestFileImport::fileThatSaysItIsEmpty()
{
    const QString source = u"/proc/self/status"_s;
    QCOMPARE(QFileInfo(source).size(), 0);
    const ImportResult r = FileImport::run(source, home(), 0);
    QVERIFY2(r.ok, qPrintable(r.error));
    const QByteArray copied = read(r.hostPath);
    QVERIFY(r.size > 0);
    QCOMPARE(qint64(copied.size()), r.size);
    QVERIFY2(copied.startsWith("Name:"), copied.left(40).constData());
}

// A file that holds more than it said when it was checked stops at the limit and leaves nothing behind.
void TestFileImport::specialFileOverTheLimit()
{
    const ImportResult r = FileImport::run(u"/proc/self/status"_s, home(), 10);
    QVERIFY(!r.ok);
    QVERIFY2(r.error.contains(u"grew beyond the upload limit"_s), qPrintable(r.error));
    QVERIFY(QDir(home()).entryList(QDir::Files | QDir::Hidden).isEmpty());
}

void TestFileImport::badSources()
{
    ImportResult r = FileImport::run(m_dir->filePath(u"missing.csv"_s), home(), 0);
    QVERIFY(!r.ok);
    QVERIFY2(r.error.contains(u"does not exist"_s), qPrintable(r.error));
    r = FileImport::run(home(), home(), 0);
    QVERIFY(!r.ok);
    QVERIFY2(r.error.contains(u"is a folder"_s), qPrintable(r.error));
    r = FileImport::run(u"/dev/null"_s, home(), 0);
    QVERIFY(!r.ok);
    QVERIFY2(r.error.contains(u"not a regular file"_s), qPrintable(r.error));
    QVERIFY(QDir(home()).entryList(QDir::Files | QDir::Hidden).isEmpty());
}

void TestFileImport::takenNameGetsANumber()
{
    const QString source = write(u"sales.csv"_s, "a,b\n1,2\n");
    // A symlink the sandbox planted under the name is never written through.
    const QString outside = m_dir->filePath(u"outside.txt"_s);
    QVERIFY(QFile::link(outside, QDir(home()).filePath(u"sales.csv"_s)));
    const ImportResult r = FileImport::run(source, home(), 0);
    QVERIFY2(r.ok, qPrintable(r.error));
    QCOMPARE(r.fileName, u"sales-2.csv"_s);
    QCOMPARE(read(r.hostPath), QByteArray("a,b\n1,2\n"));
    QVERIFY(!QFile::exists(outside));
}

// The person's file stays open for the history (ImportOrigin): it names home's copy and says whether the
// original still holds what was copied, which a change made at once (within the clock's racy window) cannot
// promise.
void TestFileImport::originStaysOpenAndSaysWhenItChanged()
{
    const QByteArray data = QByteArray("id,v\n") + QByteArray("1,2\n").repeated(1000);
    const QString source = write(u"orig.csv"_s, data);
    ImportResult fresh = FileImport::run(source, home(), 0);
    QVERIFY2(fresh.ok, qPrintable(fresh.error));
    QVERIFY(fresh.origin);
    QVERIFY(!fresh.origin->stillAsCopied(1'000'000'000));    // written just now: racy
    QVERIFY(fresh.origin->stillAsCopied(-60'000'000'000LL)); // without a racy window it is unchanged
    QTest::qWait(1100);                                      // older than the racy window
    const ImportResult r = FileImport::run(source, home(), 0);
    QVERIFY2(r.ok, qPrintable(r.error));
    QVERIFY(r.origin);
    QCOMPARE(r.origin->size, qint64(data.size()));
    struct stat copied;
    QVERIFY(::stat(QFile::encodeName(r.hostPath).constData(), &copied) == 0);
    QCOMPARE(r.origin->homeIno, copied.st_ino);
    QCOMPARE(r.origin->homeDev, copied.st_dev);
    QVERIFY(r.origin->stillAsCopied(1'000'000'000));
    // Removed, the descriptor still reads the same bytes.
    QVERIFY(QFile::remove(source));
    QByteArray back(data.size(), Qt::Uninitialized);
    QCOMPARE(::pread(r.origin->fd, back.data(), size_t(back.size()), 0), ssize_t(data.size()));
    QCOMPARE(back, data);
    // Changed in place, the same size: no longer what was copied.
    QCOMPARE(::pwrite(r.origin->fd, "x", 1, 0), ssize_t(-1)); // read-only
    const QString again = write(u"again.csv"_s, data);
    QTest::qWait(1100);
    const ImportResult r2 = FileImport::run(again, home(), 0);
    QVERIFY(r2.ok && r2.origin);
    QVERIFY(r2.origin->stillAsCopied(1'000'000'000));
    QFile edit(again);
    QVERIFY(edit.open(QIODevice::ReadWrite));
    QVERIFY(edit.seek(3));
    QCOMPARE(edit.write("X"), 1);
    edit.close();
    QVERIFY(!r2.origin->stillAsCopied(1'000'000'000));
    QVERIFY(!r2.origin->stillAsCopied(-60'000'000'000LL));
}

// Read rather than copied (procfs): there is no descriptor worth keeping, the history copies home's file.
void TestFileImport::noOriginForAFileThatSaysItIsEmpty()
{
    const ImportResult r = FileImport::run(u"/proc/self/status"_s, home(), 0);
    QVERIFY2(r.ok, qPrintable(r.error));
    QVERIFY(!r.origin);
    const ImportResult empty = FileImport::run(write(u"empty.csv"_s, {}), home(), 0);
    QVERIFY2(empty.ok, qPrintable(empty.error));
    QVERIFY(!empty.origin);
}
void TestFileImport::spoolIsMovedNotCopied()
{
    // A server's spool on home's file system becomes home's file itself: the same inode, readable by the
    // sandbox, under a free name; no copy, so no origin either (the history captures it before commands run).
    const QByteArray data = QByteArray("id,v\n") + QByteArray("1,2\n").repeated(1000);
    const QString spool = write(u"spool-1"_s, data);
    QVERIFY(::chmod(QFile::encodeName(spool).constData(), 0600) == 0);
    struct stat before;
    QVERIFY(::stat(QFile::encodeName(spool).constData(), &before) == 0);
    const ImportResult r = FileImport::run(spool, home(), 0, u"data.csv"_s, ImportSource::Spool);
    QVERIFY2(r.ok, qPrintable(r.error));
    QVERIFY(r.moved);
    QVERIFY(!r.origin);
    QCOMPARE(r.fileName, u"data.csv"_s);
    QCOMPARE(r.size, qint64(data.size()));
    struct stat after;
    QVERIFY(::stat(QFile::encodeName(r.hostPath).constData(), &after) == 0);
    QCOMPARE(after.st_ino, before.st_ino);
    QCOMPARE(after.st_mode & 07777, mode_t(0644));
    QCOMPARE(read(r.hostPath), data);
    // The name is taken now: the next spool gets the next free one, a person's file is still copied.
    const ImportResult second =
        FileImport::run(write(u"spool-2"_s, "second"), home(), 0, u"data.csv"_s, ImportSource::Spool);
    QVERIFY2(second.ok, qPrintable(second.error));
    QVERIFY(second.moved);
    QCOMPARE(second.fileName, u"data-2.csv"_s);
    const QString person = write(u"person.csv"_s, "mine");
    const ImportResult copied = FileImport::run(person, home(), 0);
    QVERIFY2(copied.ok, qPrintable(copied.error));
    QVERIFY(!copied.moved);
    QVERIFY(::stat(QFile::encodeName(copied.hostPath).constData(), &after) == 0);
    QVERIFY(::stat(QFile::encodeName(person).constData(), &before) == 0);
    QVERIFY(after.st_ino != before.st_ino);
    // A spool over the limit is refused like any file, and not linked.
    const ImportResult over = FileImport::run(write(u"spool-3"_s, data), home(), data.size() - 1,
                                              u"over.csv"_s, ImportSource::Spool);
    QVERIFY(!over.ok);
    QVERIFY(!QFile::exists(QDir(home()).filePath(u"over.csv"_s)));
}

void TestFileImport::spoolElsewhereIsCopied()
{
    // A spool on another file system than home cannot be linked: it is copied, as a stored file would be.
    if (!QFileInfo(u"/dev/shm"_s).isWritable())
        QSKIP("no writable /dev/shm");
    QTemporaryDir shm(u"/dev/shm/test-fileimport-XXXXXX"_s);
    QVERIFY(shm.isValid());
    const QByteArray data = QByteArray("1,2\n").repeated(5000);
    const QString spool = shm.filePath(u"spool"_s);
    QFile f(spool);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(data), qint64(data.size()));
    f.close();
    const ImportResult r = FileImport::run(spool, home(), 0, u"data.csv"_s, ImportSource::Spool);
    QVERIFY2(r.ok, qPrintable(r.error));
    QVERIFY(!r.moved);
    QCOMPARE(read(r.hostPath), data);
    QCOMPARE(read(spool), data);
}

void TestFileImport::storedFileNeedsNoRacyWindow()
{
    // A stored upload is never written again: its origin may be read after commands run however recently
    // it was written; a person's file written just now may not (originStaysOpenAndSaysWhenItChanged).
    const QString stored = write(u"content"_s, "a,b\n1,2\n");
    const ImportResult r = FileImport::run(stored, home(), 0, u"data.csv"_s, ImportSource::StoredFile);
    QVERIFY2(r.ok, qPrintable(r.error));
    QVERIFY(!r.moved);
    QVERIFY(r.origin);
    QVERIFY(r.origin->stillAsCopied(1'000'000'000));
    const ImportResult person = FileImport::run(stored, home(), 0, u"p.csv"_s);
    QVERIFY(person.origin);
    QVERIFY(!person.origin->stillAsCopied(1'000'000'000));
}

QTEST_GUILESS_MAIN(TestFileImport)
#include "test_fileimport.moc"
