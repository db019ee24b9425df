// SPDX-License-Identifier: GPL-3.0-or-later
// FileOrigins: which files of a container's home are a user's uploads (OpenAI's container file "source":
// "user") and which the code wrote ("assistant"), recorded outside home so commands cannot forge it, and
// kept across a restart of the engine.
#include "sandbox/history/containerhistory.h"
#include "sandbox/history/fileorigins.h"
#include "sandbox/history/filestore.h"

#include <QDir>
#include <QFile>
#include <QHash>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

class TestFileOrigins final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void uploadsAreTheUsersWhatTheCodeWritesIsTheAssistants_data();
    void uploadsAreTheUsersWhatTheCodeWritesIsTheAssistants();
    void overwriteKeepingSizeAndMtimeIsStillTheAssistants();
    void survivesARestart();
    void homeCannotForgeTheRecord();
    void linksAndDamageAreRefused();

private:
    QString containerDir() const { return m_dir->path(); }
    QString home() const { return m_dir->filePath(u"home"_s); }
    QString git() const { return m_dir->filePath(u"history.git"_s); }
    QString write(const QString &path, const QByteArray &data);
    // The sources FileStore's list and FileOrigins give, by path (a fresh FileOrigins: what the server does).
    QHash<QString, QString> sources() const;
    // Waits until the coarse clock (the one the kernel stamps ctime with) has passed path's ctime: a change
    // made afterwards gets a later ctime.
    static void afterCtimeOf(const QString &path);

    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestFileOrigins::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    QVERIFY(QDir().mkpath(home()));
}

QString TestFileOrigins::write(const QString &path, const QByteArray &data)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(data) != data.size())
        return {};
    return path;
}

QHash<QString, QString> TestFileOrigins::sources() const
{
    QHash<QString, QString> out;
    QString error;
    const std::optional<ContainerFilePage> page = FileStore(home()).list(FileStore::kMaxLimit, {}, &error);
    if (!page)
        return out;
    FileOrigins origins(containerDir());
    origins.load();
    for (const ContainerFile &f : page->files)
        out.insert(f.path, origins.sourceOf(f));
    return out;
}

void TestFileOrigins::afterCtimeOf(const QString &path)
{
    struct stat st;
    QVERIFY(::stat(QFile::encodeName(path).constData(), &st) == 0);
    const qint64 ctime = qint64(st.st_ctim.tv_sec) * 1'000'000'000 + st.st_ctim.tv_nsec;
    QVERIFY(QTest::qWaitFor(
        [ctime] {
            struct timespec now;
            ::clock_gettime(CLOCK_REALTIME_COARSE, &now);
            return qint64(now.tv_sec) * 1'000'000'000 + now.tv_nsec > ctime;
        },
        10000));
}

void TestFileOrigins::uploadsAreTheUsersWhatTheCodeWritesIsTheAssistants_data()
{
    QTest::addColumn<int>("kind");
    QTest::newRow("person's file") << int(ImportSource::PersonsFile);
    QTest::newRow("stored file") << int(ImportSource::StoredFile);
    QTest::newRow("spool") << int(ImportSource::Spool);
}

void TestFileOrigins::uploadsAreTheUsersWhatTheCodeWritesIsTheAssistants()
{
    // Every way an API puts a file into a container ends in ContainerHistory::importFile, which records it.
    QFETCH(int, kind);
    const QString source = write(m_dir->filePath(u"spool-1"_s), "id,amount\n1,10\n2,20\n");
    QVERIFY(::chmod(QFile::encodeName(source).constData(), 0600) == 0);
    {
        ContainerHistory history(home(), git(), m_dir->path(), u"w"_s, u"c"_s);
        // A failed import answers on the history's thread: the event loop runs while it is awaited.
        const auto imported = [](const QFuture<ImportResult> &f) {
            if (!QTest::qWaitFor([&f] { return f.isFinished(); }, 60000))
                return ImportResult{};
            return f.result();
        };
        ImportResult r = imported(history.importFile(source, 0, u"sales.csv"_s, ImportSource(kind)));
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(r.fileName, u"sales.csv"_s);
        r = imported(history.importFile(source, 0, u"keep.csv"_s, ImportSource::StoredFile));
        QVERIFY2(r.ok || kind == int(ImportSource::Spool), qPrintable(r.error));
        if (!r.ok) // the spool became home's file: its name is gone
            QVERIFY(!QFile::exists(source));
        else
            QVERIFY(r.ok);
        history.waitForIdle();
    }
    QVERIFY(QFile::exists(m_dir->filePath(u"file-origins.json"_s)));
    // The server drops its spool after the import (UploadStore::Spool's destructor unlinks its name): a
    // moved spool's name is gone already, so that changes nothing of home's file.
    afterCtimeOf(home() + u"/sales.csv"_s);
    ::unlink(QFile::encodeName(source).constData());
    // The code makes a file of its own.
    QVERIFY(!write(home() + u"/summary.txt"_s, "total 30\n").isEmpty());
    QHash<QString, QString> s = sources();
    QCOMPARE(s.value(u"sales.csv"_s), u"user"_s);
    QCOMPARE(s.value(u"summary.txt"_s), u"assistant"_s);
    if (kind != int(ImportSource::Spool))
        QCOMPARE(s.value(u"keep.csv"_s), u"user"_s);

    // The code appends to the upload: now it is the assistant's.
    afterCtimeOf(home() + u"/sales.csv"_s);
    QFile f(home() + u"/sales.csv"_s);
    QVERIFY(f.open(QIODevice::Append));
    f.write("3,30\n");
    f.close();
    // ... and replaces the other with a new file of the same name.
    if (kind != int(ImportSource::Spool)) {
        QVERIFY(QFile::remove(home() + u"/keep.csv"_s));
        QVERIFY(!write(home() + u"/keep.csv"_s, "id,amount\n1,10\n2,20\n").isEmpty());
    }
    s = sources();
    QCOMPARE(s.value(u"sales.csv"_s), u"assistant"_s);
    if (kind != int(ImportSource::Spool))
        QCOMPARE(s.value(u"keep.csv"_s), u"assistant"_s);
}

void TestFileOrigins::overwriteKeepingSizeAndMtimeIsStillTheAssistants()
{
    // Code that rewrites an upload in place with the same size and sets its mtime back (touch -d) cannot
    // pass it off as the user's: the ctime it cannot set says it changed.
    const QString path = write(home() + u"/data.csv"_s, "aaaa\n");
    FileOrigins origins(containerDir());
    QString error;
    QVERIFY2(origins.recordUpload(home(), u"data.csv"_s, &error), qPrintable(error));
    QCOMPARE(sources().value(u"data.csv"_s), u"user"_s);
    struct stat before;
    QVERIFY(::stat(QFile::encodeName(path).constData(), &before) == 0);
    afterCtimeOf(path);
    const int fd = ::open(QFile::encodeName(path).constData(), O_WRONLY);
    QVERIFY(fd >= 0);
    QCOMPARE(::pwrite(fd, "bbbb\n", 5, 0), ssize_t(5));
    const struct timespec times[2] = {before.st_atim, before.st_mtim};
    QCOMPARE(::futimens(fd, times), 0);
    ::close(fd);
    struct stat after;
    QVERIFY(::stat(QFile::encodeName(path).constData(), &after) == 0);
    QCOMPARE(after.st_mtim.tv_nsec, before.st_mtim.tv_nsec);
    QCOMPARE(after.st_size, before.st_size);
    QCOMPARE(after.st_ino, before.st_ino);
    QCOMPARE(sources().value(u"data.csv"_s), u"assistant"_s);
}

void TestFileOrigins::survivesARestart()
{
    // A new engine (new objects, nothing in memory) reads the same record beside the history.
    write(home() + u"/a.csv"_s, "a");
    write(home() + u"/b.csv"_s, "b");
    {
        FileOrigins origins(containerDir());
        QString error;
        QVERIFY2(origins.recordUpload(home(), u"a.csv"_s, &error), qPrintable(error));
    }
    FileOrigins again(containerDir());
    QVERIFY(again.load());
    QCOMPARE(again.size(), 1);
    QCOMPARE(sources().value(u"a.csv"_s), u"user"_s);
    QCOMPARE(sources().value(u"b.csv"_s), u"assistant"_s);
    // Entries of files that changed since are dropped at the next upload.
    afterCtimeOf(home() + u"/a.csv"_s);
    write(home() + u"/a.csv"_s, "changed");
    QString error;
    QVERIFY2(again.recordUpload(home(), u"b.csv"_s, &error), qPrintable(error));
    FileOrigins third(containerDir());
    QVERIFY(third.load());
    QCOMPARE(third.size(), 1);
    QCOMPARE(sources().value(u"a.csv"_s), u"assistant"_s);
    QCOMPARE(sources().value(u"b.csv"_s), u"user"_s);
}

void TestFileOrigins::homeCannotForgeTheRecord()
{
    // What a command can write is home: a record planted there, or an xattr on its own file, is nobody's
    // word. The record lives outside home.
    const QString made = write(home() + u"/made.txt"_s, "mine");
    struct stat st;
    QVERIFY(::stat(QFile::encodeName(made).constData(), &st) == 0);
    const QString forged = u"{\"version\":1,\"files\":{\"made.txt\":{\"device\":\"%1\",\"inode\":\"%2\","
                           "\"ctime_ns\":\"%3\"}}}"_s.arg(st.st_dev)
                               .arg(st.st_ino)
                               .arg(qint64(st.st_ctim.tv_sec) * 1'000'000'000 + st.st_ctim.tv_nsec);
    QVERIFY(!write(home() + u"/file-origins.json"_s, forged.toUtf8()).isEmpty());
    (void)::setxattr(QFile::encodeName(made).constData(), "user.source", "user", 4, 0);
    QVERIFY(!FileOrigins(containerDir()).path().startsWith(home() + u'/'));
    QCOMPARE(sources().value(u"made.txt"_s), u"assistant"_s);
}

void TestFileOrigins::linksAndDamageAreRefused()
{
    // A link in home to a host file is not recorded (nor followed); "..", absolute paths neither.
    const QString outside = write(m_dir->filePath(u"host.txt"_s), "host");
    QVERIFY(QFile::link(outside, home() + u"/link.txt"_s));
    FileOrigins origins(containerDir());
    QString error;
    QVERIFY(!origins.recordUpload(home(), u"link.txt"_s, &error));
    QVERIFY(!error.isEmpty());
    for (const QString &bad : {u"../host.txt"_s, u"/etc/passwd"_s, u""_s}) {
        error.clear();
        QVERIFY2(!origins.recordUpload(home(), bad, &error), qPrintable(bad));
        QVERIFY2(!error.isEmpty(), qPrintable(bad));
    }
    QVERIFY(!QFile::exists(m_dir->filePath(u"file-origins.json"_s)));
    // A damaged record says so and knows nothing; the next upload starts it over.
    write(home() + u"/ok.csv"_s, "ok");
    QVERIFY(!write(m_dir->filePath(u"file-origins.json"_s), "{not json").isEmpty());
    FileOrigins damaged(containerDir());
    error.clear();
    QVERIFY(!damaged.load(&error));
    QVERIFY2(error.contains(u"damaged"_s), qPrintable(error));
    QCOMPARE(sources().value(u"ok.csv"_s), u"assistant"_s);
    QVERIFY2(damaged.recordUpload(home(), u"ok.csv"_s, &error), qPrintable(error));
    QCOMPARE(sources().value(u"ok.csv"_s), u"user"_s);
    // An oversized record is not read.
    QVERIFY(!write(m_dir->filePath(u"file-origins.json"_s), QByteArray(FileOrigins::kMaxRecordBytes + 1, ' '))
                 .isEmpty());
    error.clear();
    QVERIFY(!FileOrigins(containerDir()).load(&error));
    QVERIFY2(error.contains(u"larger"_s), qPrintable(error));
}

QTEST_GUILESS_MAIN(TestFileOrigins)
#include "test_fileorigins.moc"
