// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandbox/history/filestore.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <thread>

#include <sys/stat.h>

using namespace Qt::StringLiterals;

class TestFileStore final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void idsAreBase64UrlOfPath_data();
    void idsAreBase64UrlOfPath();
    void badIdsAreRefused_data();
    void badIdsAreRefused();
    void listPagesInStableOrder();
    void listLimits_data();
    void listLimits();
    void listSkipsSymlinksAndSpecialFiles();
    void statAndRead();
    void openContentStreams();
    void symlinkEscapesAreRefused_data();
    void symlinkEscapesAreRefused();
    void symlinkInsideHomeIsFollowed();
    void promoteCopiesIntoDocuments();
    void listStopsAtMaxDepth();
    void saveCopyStopsAtSizeWhenOpened();

private:
    QString home() const { return m_dir->filePath(u"ws/containers/c1/home"_s); }
    void write(const QString &rel, const QByteArray &data);

    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestFileStore::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(QDir().mkpath(home()));
}

void TestFileStore::write(const QString &rel, const QByteArray &data)
{
    const QString path = home() + u'/' + rel;
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(data);
}

void TestFileStore::idsAreBase64UrlOfPath_data()
{
    QTest::addColumn<QByteArray>("path");
    QTest::addColumn<QString>("id");
    QTest::newRow("simple") << QByteArray("a.txt") << u"cfile_YS50eHQ"_s;
    QTest::newRow("nested") << QByteArray("dir/data.csv") << u"cfile_ZGlyL2RhdGEuY3N2"_s;
    QTest::newRow("url alphabet") << QByteArray("\xfb\xff") << u"cfile_-_8"_s;
}

void TestFileStore::idsAreBase64UrlOfPath()
{
    QFETCH(QByteArray, path);
    QFETCH(QString, id);
    QCOMPARE(FileStore::fileIdForPath(path), id);
    QString error;
    QCOMPARE(FileStore::pathForFileId(id, &error).value_or("<none>"), path);
}

void TestFileStore::badIdsAreRefused_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("why");
    QTest::newRow("no prefix") << u"YS50eHQ"_s << u"not a file id"_s;
    QTest::newRow("empty") << u"cfile_"_s << u"not a file id"_s;
    QTest::newRow("not base64") << u"cfile_%%%"_s << u"not a file id"_s;
    QTest::newRow("padding") << u"cfile_YS50eHQ="_s << u"not a file id"_s;
    QTest::newRow("dotdot") << FileStore::fileIdForPath("../other/home/x") << u"\"..\""_s;
    QTest::newRow("inner dotdot") << FileStore::fileIdForPath("a/../../x") << u"\"..\""_s;
    QTest::newRow("absolute") << FileStore::fileIdForPath("/etc/passwd") << u"absolute"_s;
    QTest::newRow("nul") << FileStore::fileIdForPath(QByteArray("a\0b", 3)) << u"NUL"_s;
}

void TestFileStore::badIdsAreRefused()
{
    QFETCH(QString, id);
    QFETCH(QString, why);
    write(u"a.txt"_s, "x");
    FileStore store(home());
    QString error;
    QVERIFY(!store.stat(id, false, &error));
    QVERIFY2(error.contains(why), qPrintable(error));
    QVERIFY(!store.read(id, 0, 10, &error));
    QVERIFY(!store.openContent(id, &error));
}

void TestFileStore::listPagesInStableOrder()
{
    QStringList expected;
    for (int i = 0; i < 25; ++i) {
        const QString rel = u"d%1/f%2.txt"_s.arg(i % 3).arg(i, 2, 10, QLatin1Char('0'));
        write(rel, QByteArray(i, 'x'));
        expected.append(rel);
    }
    std::sort(expected.begin(), expected.end());
    FileStore store(home());
    QString error;
    QStringList seen;
    QString after;
    int pages = 0;
    for (;;) {
        const auto page = store.list(10, after, &error);
        QVERIFY2(page, qPrintable(error));
        ++pages;
        for (const ContainerFile &f : page->files) {
            seen.append(f.path);
            QCOMPARE(f.id, FileStore::fileIdForPath(f.path.toUtf8()));
        }
        if (!page->hasMore)
            break;
        after = page->files.last().id;
    }
    QCOMPARE(pages, 3);
    QCOMPARE(seen, expected);
    // A cursor whose file has since been deleted still continues after it.
    QVERIFY(QFile::remove(home() + u'/' + expected.at(9)));
    const auto page = store.list(5, FileStore::fileIdForPath(expected.at(9).toUtf8()), &error);
    QCOMPARE(page->files.first().path, expected.at(10));
    const auto defaultSized = store.list(FileStore::kDefaultLimit, QString(), &error);
    QCOMPARE(defaultSized->files.size(), 24);
    QVERIFY(!defaultSized->hasMore);
}

void TestFileStore::listLimits_data()
{
    QTest::addColumn<int>("limit");
    QTest::addColumn<bool>("ok");
    QTest::newRow("0") << 0 << false;
    QTest::newRow("-1") << -1 << false;
    QTest::newRow("1") << 1 << true;
    QTest::newRow("1000") << 1000 << true;
    QTest::newRow("1001") << 1001 << false;
}

void TestFileStore::listLimits()
{
    QFETCH(int, limit);
    QFETCH(bool, ok);
    write(u"a"_s, "1");
    write(u"b"_s, "2");
    FileStore store(home());
    QString error;
    const auto page = store.list(limit, QString(), &error);
    QCOMPARE(bool(page), ok);
    if (ok)
        QCOMPARE(page->hasMore, limit < 2);
    else
        QVERIFY(error.contains(u"between 1 and 1000"_s));
}

void TestFileStore::listSkipsSymlinksAndSpecialFiles()
{
    write(u"real.txt"_s, "x");
    QVERIFY(QFile::link(u"/etc"_s, home() + u"/etc-link"_s));
    QVERIFY(QFile::link(u"/etc/passwd"_s, home() + u"/passwd"_s));
    QCOMPARE(::mkfifo(QFile::encodeName(home() + u"/fifo"_s).constData(), 0644), 0);
    FileStore store(home());
    QString error;
    const auto page = store.list(100, QString(), &error);
    QCOMPARE(page->files.size(), 1);
    QCOMPARE(page->files.at(0).path, u"real.txt"_s);
    QVERIFY(!store.stat(FileStore::fileIdForPath("fifo"), false, &error));
    QVERIFY(error.contains(u"not a regular file"_s));
}

void TestFileStore::statAndRead()
{
    const QByteArray data = "0123456789abcdef";
    write(u"sub/data.bin"_s, data);
    FileStore store(home());
    QString error;
    const QString id = FileStore::fileIdForPath("sub/data.bin");
    const auto st = store.stat(id, true, &error);
    QVERIFY2(st, qPrintable(error));
    QCOMPARE(st->file.path, u"sub/data.bin"_s);
    QCOMPARE(st->file.size, data.size());
    QVERIFY(st->file.mtimeMs > 0);
    QCOMPARE(st->sha256,
             QString::fromLatin1(QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex()));
    QVERIFY(store.stat(id, false, &error)->sha256.isEmpty());
    QCOMPARE(store.read(id, 0, 4, &error).value(), QByteArray("0123"));
    QCOMPARE(store.read(id, 10, 100, &error).value(), QByteArray("abcdef"));
    QCOMPARE(store.read(id, 100, 10, &error).value(), QByteArray());
    QVERIFY(!store.read(id, -1, 10, &error));
    QVERIFY(!store.read(id, 0, 0, &error));
    QVERIFY(!store.read(id, 0, FileStore::kMaxReadBytes + 1, &error));
    QVERIFY(!store.stat(FileStore::fileIdForPath("missing"), false, &error));
    QVERIFY(!store.stat(FileStore::fileIdForPath("sub"), false, &error));
}

void TestFileStore::openContentStreams()
{
    write(u"big.txt"_s, QByteArray(100000, 'z'));
    FileStore store(home());
    QString error;
    const auto file = store.openContent(FileStore::fileIdForPath("big.txt"), &error);
    QVERIFY2(file, qPrintable(error));
    QCOMPARE(file->readAll(), QByteArray(100000, 'z'));
}

void TestFileStore::symlinkEscapesAreRefused_data()
{
    QTest::addColumn<QString>("linkName");
    QTest::addColumn<QString>("target");
    QTest::addColumn<QByteArray>("idPath");
    QTest::newRow("absolute to host file") << u"passwd"_s << u"/etc/passwd"_s << QByteArray("passwd");
    QTest::newRow("relative out of home") << u"up"_s << u"../../../secret.txt"_s << QByteArray("up");
    QTest::newRow("into another container")
        << u"other"_s << u"../../c2/home/theirs.txt"_s << QByteArray("other");
    QTest::newRow("dir link to host") << u"etc"_s << u"/etc"_s << QByteArray("etc/passwd");
    QTest::newRow("dir link to other container")
        << u"c2"_s << u"../../c2/home"_s << QByteArray("c2/theirs.txt");
}

void TestFileStore::symlinkEscapesAreRefused()
{
    QFETCH(QString, linkName);
    QFETCH(QString, target);
    QFETCH(QByteArray, idPath);
    const QString other = m_dir->filePath(u"ws/containers/c2/home"_s);
    QVERIFY(QDir().mkpath(other));
    QFile theirs(other + u"/theirs.txt"_s);
    QVERIFY(theirs.open(QIODevice::WriteOnly));
    theirs.write("not yours");
    theirs.close();
    QFile secret(m_dir->filePath(u"ws/secret.txt"_s));
    QVERIFY(secret.open(QIODevice::WriteOnly));
    secret.write("host secret");
    secret.close();
    QVERIFY(QFile::link(target, home() + u'/' + linkName));
    FileStore store(home());
    QString error;
    const QString id = FileStore::fileIdForPath(idPath);
    QVERIFY(!store.stat(id, false, &error));
    QVERIFY2(error.contains(u"outside the home directory"_s) || error.contains(u"Too many levels"_s),
             qPrintable(error));
    QVERIFY(!store.read(id, 0, 100, &error));
    QVERIFY(!store.openContent(id, &error));
    QVERIFY(!store.promote(id, m_dir->filePath(u"ws/documents"_s), {}, &error));
    QVERIFY(!QFileInfo::exists(m_dir->filePath(u"ws/documents"_s)) ||
            QDir(m_dir->filePath(u"ws/documents"_s)).isEmpty());
}

void TestFileStore::symlinkInsideHomeIsFollowed()
{
    write(u"data/real.csv"_s, "a,b\n");
    QVERIFY(QFile::link(u"data/real.csv"_s, home() + u"/alias.csv"_s));
    FileStore store(home());
    QString error;
    QCOMPARE(store.read(FileStore::fileIdForPath("alias.csv"), 0, 100, &error).value_or("<refused>"),
             QByteArray("a,b\n"));
}

void TestFileStore::promoteCopiesIntoDocuments()
{
    write(u"out/report.csv"_s, "x,y\n1,2\n");
    FileStore store(home());
    QString error;
    const QString docs = m_dir->filePath(u"ws/documents"_s);
    const auto doc = store.promote(FileStore::fileIdForPath("out/report.csv"), docs,
                                   {{u"container_id"_s, u"c1"_s}}, &error);
    QVERIFY2(doc, qPrintable(error));
    QVERIFY(doc->id.startsWith(u"doc_"_s));
    QCOMPARE(doc->id.size(), 28);
    QCOMPARE(doc->filename, u"report.csv"_s);
    QCOMPARE(doc->size, 8);
    QVERIFY(doc->contentPath.startsWith(docs + u'/' + doc->id));
    QFile content(doc->contentPath);
    QVERIFY(content.open(QIODevice::ReadOnly));
    QCOMPARE(content.readAll(), QByteArray("x,y\n1,2\n"));
    QFile meta(doc->metaPath);
    QVERIFY(meta.open(QIODevice::ReadOnly));
    const QJsonObject json = QJsonDocument::fromJson(meta.readAll()).object();
    QCOMPARE(json.value(u"id"_s).toString(), doc->id);
    QCOMPARE(json.value(u"sha256"_s).toString(), doc->sha256);
    QCOMPARE(json.value(u"source"_s).toObject().value(u"container_id"_s).toString(), u"c1"_s);
    QCOMPARE(json.value(u"source"_s).toObject().value(u"path"_s).toString(), u"out/report.csv"_s);
    // The document is a copy: changing the container's file leaves it alone.
    write(u"out/report.csv"_s, "changed");
    content.seek(0);
    QCOMPARE(content.readAll(), QByteArray("x,y\n1,2\n"));
    const auto second = store.promote(FileStore::fileIdForPath("out/report.csv"), docs, {}, &error);
    QVERIFY(second->id != doc->id);
}

void TestFileStore::listStopsAtMaxDepth()
{
    // A tree far deeper than the limit: listing it neither fails nor holds one descriptor per level.
    QByteArray deep;
    for (int level = 1; level <= FileStore::kMaxListDepth + 40; ++level) {
        deep += "d/";
        if (level == 10 || level == FileStore::kMaxListDepth - 1 || level == FileStore::kMaxListDepth + 40)
            write(QString::fromLatin1(deep) + u"f.txt"_s, "x");
    }
    write(u"top.txt"_s, "y");
    QString error;
    const auto page = FileStore(home()).list(FileStore::kMaxLimit, QString(), &error);
    QVERIFY2(page, qPrintable(error));
    QStringList paths;
    for (const ContainerFile &f : page->files)
        paths << f.path;
    // Files in folders up to kMaxListDepth - 1 levels deep (depth kMaxListDepth counting the file) are
    // listed.
    QCOMPARE(paths.size(), 3);
    QVERIFY(paths.contains(u"top.txt"_s));
    QVERIFY(paths.contains(u"d/d/d/d/d/d/d/d/d/d/f.txt"_s));
    QCOMPARE(paths.first().count(u'/'), FileStore::kMaxListDepth - 1);
}

void TestFileStore::saveCopyStopsAtSizeWhenOpened()
{
    const QByteArray start(4 << 20, 'a');
    write(u"growing.log"_s, start);
    // Another process keeps appending while the copy runs.
    std::atomic<bool> stop = false;
    const QString path = home() + u"/growing.log"_s;
    std::thread writer([&stop, path] {
        QFile f(path);
        if (!f.open(QIODevice::Append))
            return;
        const QByteArray more(64 * 1024, 'b');
        for (int i = 0; i < 2000 && !stop; ++i) {
            f.write(more);
            f.flush();
        }
    });
    QString error;
    const QString target = m_dir->filePath(u"copy.log"_s);
    const auto copied = FileStore(home()).saveCopy(FileStore::fileIdForPath("growing.log"), target, &error);
    const qint64 sizeAfter = QFileInfo(path).size();
    stop = true;
    writer.join();
    QVERIFY2(copied, qPrintable(error));
    QVERIFY(*copied >= start.size());
    QVERIFY(*copied <= sizeAfter);
    QFile copy(target);
    QVERIFY(copy.open(QIODevice::ReadOnly));
    QCOMPARE(copy.size(), *copied);
    QCOMPARE(copy.read(start.size()), start);
}

QTEST_GUILESS_MAIN(TestFileStore)
#include "test_filestore.moc"
