// SPDX-License-Identifier: GPL-3.0-or-later
#include "data/csvindex.h"
#include "data/csvtablemodel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <QRandomGenerator>

#include <sys/stat.h>

using namespace Qt::StringLiterals;

class TestCsvIndex final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void parsesSmallFiles_data();
    void parsesSmallFiles();
    void indexesLargeFileInBackground();
    void heldIndexStartsWhenReleased();
    void modelFollowsIndex();
    void missingFileIsAnError();
    void emptyFile();
    void fileTruncatedWhileShown();
    void onlyRegularFiles();
    void enormousRecordIsCut();
    void workerAgreesWithRecordByRecordScan_data();
    void workerAgreesWithRecordByRecordScan();

private:
    QString write(const QString &name, const QByteArray &bytes);
    QTemporaryDir m_dir;
};

void TestCsvIndex::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

QString TestCsvIndex::write(const QString &name, const QByteArray &bytes)
{
    const QString path = m_dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(bytes);
    return path;
}

void TestCsvIndex::parsesSmallFiles_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QStringList>("header");
    QTest::addColumn<QList<QStringList>>("rows");

    QTest::newRow("plain") << QByteArray("a,b\n1,2\n3,4\n") << QStringList{u"a"_s, u"b"_s}
                           << QList<QStringList>{{u"1"_s, u"2"_s}, {u"3"_s, u"4"_s}};
    QTest::newRow("no final newline")
        << QByteArray("a,b\n1,2") << QStringList{u"a"_s, u"b"_s} << QList<QStringList>{{u"1"_s, u"2"_s}};
    QTest::newRow("crlf") << QByteArray("a,b\r\n1,2\r\n3,4\r\n") << QStringList{u"a"_s, u"b"_s}
                          << QList<QStringList>{{u"1"_s, u"2"_s}, {u"3"_s, u"4"_s}};
    QTest::newRow("bom") << QByteArray("\xEF\xBB\xBFid,name\n1,x\n") << QStringList{u"id"_s, u"name"_s}
                         << QList<QStringList>{{u"1"_s, u"x"_s}};
    QTest::newRow("quoted comma") << QByteArray("a,b\n\"x, y\",2\n") << QStringList{u"a"_s, u"b"_s}
                                  << QList<QStringList>{{u"x, y"_s, u"2"_s}};
    QTest::newRow("doubled quotes") << QByteArray("a\n\"say \"\"hi\"\"\"\n") << QStringList{u"a"_s}
                                    << QList<QStringList>{{u"say \"hi\""_s}};
    QTest::newRow("newline in quotes")
        << QByteArray("a,b\n\"line1\nline2\",2\n3,4\n") << QStringList{u"a"_s, u"b"_s}
        << QList<QStringList>{{u"line1\nline2"_s, u"2"_s}, {u"3"_s, u"4"_s}};
    QTest::newRow("crlf in quotes") << QByteArray("a,b\r\n\"l1\r\nl2\",2\r\n") << QStringList{u"a"_s, u"b"_s}
                                    << QList<QStringList>{{u"l1\r\nl2"_s, u"2"_s}};
    QTest::newRow("empty fields") << QByteArray("a,b,c\n,,\n\"\",x,\n") << QStringList{u"a"_s, u"b"_s, u"c"_s}
                                  << QList<QStringList>{{QString(), QString(), QString()},
                                                        {QString(), u"x"_s, QString()}};
    QTest::newRow("utf8") << QByteArray("stadt,preis\nK\xC3\xB6ln,\xE2\x82\xAC"
                                        "5\n")
                          << QStringList{u"stadt"_s, u"preis"_s} << QList<QStringList>{{u"Köln"_s, u"€5"_s}};
    QTest::newRow("header only") << QByteArray("a,b\n") << QStringList{u"a"_s, u"b"_s}
                                 << QList<QStringList>{};
}

void TestCsvIndex::parsesSmallFiles()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QStringList, header);
    QFETCH(QList<QStringList>, rows);

    CsvIndex index;
    QString error;
    QVERIFY2(index.open(write(u"small.csv"_s, bytes), &error), qPrintable(error));
    QCOMPARE(index.header(), header);
    QTRY_VERIFY(index.isComplete());
    QCOMPARE(index.rowCount(), qint64(rows.size()));
    QCOMPARE(index.rows(0, 100), rows);
    for (int i = 0; i < rows.size(); ++i)
        QCOMPARE(index.row(i), rows.at(i));
    QVERIFY(index.row(rows.size()).isEmpty());
}

void TestCsvIndex::indexesLargeFileInBackground()
{
    // ~3 MB with quoted multi-line fields spread through it: far beyond the synchronous head.
    QByteArray bytes = "id,text,value\r\n";
    const int rows = 60000;
    for (int i = 0; i < rows; ++i) {
        if (i % 7 == 0)
            bytes += QByteArray::number(i) + ",\"multi\r\nline, \"\"quoted\"\"\"," +
                     QByteArray::number(i * 2) + "\r\n";
        else
            bytes += QByteArray::number(i) + ",plain text here," + QByteArray::number(i * 2) + "\r\n";
    }
    CsvIndex index;
    QSignalSpy finished(&index, &CsvIndex::finished);
    QVERIFY(index.open(write(u"large.csv"_s, bytes)));
    // The head is there at once, before the worker is done.
    QVERIFY(index.rowCount() > 100);
    QCOMPARE(index.row(0), (QStringList{u"0"_s, u"multi\r\nline, \"quoted\""_s, u"0"_s}));
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 30000);
    QCOMPARE(finished.first().first().toLongLong(), qint64(rows));
    QCOMPARE(index.rowCount(), qint64(rows));
    // Random access across checkpoints.
    for (const int i : {1023, 1024, 1025, 33333, 59999}) {
        const QString text = i % 7 == 0 ? u"multi\r\nline, \"quoted\""_s : u"plain text here"_s;
        QCOMPARE(index.row(i), (QStringList{QString::number(i), text, QString::number(i * 2)}));
    }
    const QList<QStringList> block = index.rows(59990, 50);
    QCOMPARE(block.size(), 10);
    QCOMPARE(block.last().first(), u"59999"_s);
}

void TestCsvIndex::heldIndexStartsWhenReleased()
{
    // While held (an upload of the same file is being copied), the head is there and nothing else is read;
    // released, the rest is indexed as usual. Holding again later does not stop a running index.
    QByteArray bytes = "id,v\n";
    const int rows = 100000;
    for (int i = 0; i < rows; ++i)
        bytes += QByteArray::number(i) + ",value\n";
    CsvIndex index;
    index.setHeld(true);
    QSignalSpy finished(&index, &CsvIndex::finished);
    QVERIFY(index.open(write(u"held.csv"_s, bytes)));
    const qint64 head = index.rowCount();
    QVERIFY(head > 100);
    QVERIFY(head < rows);
    QCOMPARE(index.row(0), (QStringList{u"0"_s, u"value"_s}));
    QVERIFY(index.isIndexing());
    const qint64 bytesHeld = index.bytesIndexed();
    QVERIFY(bytesHeld < bytes.size());
    QTest::qWait(300);
    QCOMPARE(index.rowCount(), head);
    QCOMPARE(index.bytesIndexed(), bytesHeld);
    QVERIFY(!index.isComplete());
    QCOMPARE(finished.size(), 0);
    index.setHeld(false);
    index.setHeld(true);
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 30000);
    QCOMPARE(index.rowCount(), qint64(rows));
    QVERIFY(index.isComplete());
    QCOMPARE(index.row(rows - 1), (QStringList{QString::number(rows - 1), u"value"_s}));
    // A held index of another file is cancelled as usual when the object goes (no worker to wait for).
    CsvIndex other;
    other.setHeld(true);
    QVERIFY(other.open(write(u"held2.csv"_s, bytes)));
    QVERIFY(other.isIndexing());
}

void TestCsvIndex::modelFollowsIndex()
{
    QByteArray bytes = "n,square\n";
    for (int i = 0; i < 20000; ++i)
        bytes += QByteArray::number(i) + "," + QByteArray::number(qint64(i) * i) + "\n";
    CsvIndex index;
    QVERIFY(index.open(write(u"model.csv"_s, bytes)));
    CsvTableModel model(&index);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.columnCount(), 2);
    QCOMPARE(model.headerData(0, Qt::Horizontal).toString(), u"n"_s);
    QCOMPARE(model.headerData(1, Qt::Horizontal).toString(), u"square"_s);
    QVERIFY(model.rowCount() > 0);
    QCOMPARE(model.index(0, 1).data().toString(), u"0"_s);
    QTRY_COMPARE(model.rowCount(), 20000);
    QCOMPARE(model.index(19999, 1).data().toString(), u"399960001"_s);
    QCOMPARE(model.index(12345, 0).data().toString(), u"12345"_s);
    // Without quotes the worker counts newlines in bulk: every row around each checkpoint reads back.
    for (qint64 i = 1020; i < 20000; i += 1024)
        for (qint64 k = i; k < std::min<qint64>(i + 8, 20000); ++k)
            QCOMPARE(index.row(k).value(0), QString::number(k));
    QCOMPARE(model.headerData(12345, Qt::Vertical).toInt(), 12346);
}

void TestCsvIndex::missingFileIsAnError()
{
    CsvIndex index;
    QString error;
    QVERIFY(!index.open(m_dir.filePath(u"nope.csv"_s), &error));
    QVERIFY2(error.contains(u"nope.csv"_s), qPrintable(error));
    QCOMPARE(index.rowCount(), 0);
}

void TestCsvIndex::emptyFile()
{
    CsvIndex index;
    QVERIFY(index.open(write(u"empty.csv"_s, {})));
    QVERIFY(index.header().isEmpty());
    QTRY_VERIFY(index.isComplete());
    QCOMPARE(index.rowCount(), 0);
    CsvTableModel model(&index);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
}

// Sandboxed code may rewrite the file while it is shown: reading past its new end must end the table early,
// never crash (a memory map would raise SIGBUS here).
void TestCsvIndex::fileTruncatedWhileShown()
{
    QByteArray bytes = "n,text\n";
    for (int i = 0; i < 200000; ++i)
        bytes += QByteArray::number(i) + ",some text for row " + QByteArray::number(i) + "\n";
    const QString path = write(u"shrinking.csv"_s, bytes);
    CsvIndex index;
    QSignalSpy finished(&index, &CsvIndex::finished);
    QVERIFY(index.open(path));
    QCOMPARE(index.row(5), (QStringList{u"5"_s, u"some text for row 5"_s}));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadWrite));
    QVERIFY(file.resize(100 * 1024)); // about 3,600 rows are left
    file.close();
    // Whether the worker had read past the new end or not, it finishes.
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 30000);
    QCOMPARE(index.row(5), (QStringList{u"5"_s, u"some text for row 5"_s}));
    // Rows past the new end are simply not there; the last one may be cut.
    QVERIFY(index.rows(150000, 50).isEmpty());
    QVERIFY(index.rows(3000, 50).size() == 50);

    // Truncated to nothing after indexing finished: every read comes back empty.
    QVERIFY(file.open(QIODevice::ReadWrite));
    QVERIFY(file.resize(0));
    file.close();
    QVERIFY(index.rows(0, 50).isEmpty());
    QVERIFY(index.row(1000).isEmpty());
}

void TestCsvIndex::onlyRegularFiles()
{
    const QString target = write(u"real.csv"_s, "a,b\n1,2\n");
    const QString link = m_dir.filePath(u"link.csv"_s);
    QVERIFY(QFile::link(target, link));
    CsvIndex index;
    QString error;
    QVERIFY(!index.open(link, &error));
    QVERIFY2(error.contains(u"symbolic link"_s), qPrintable(error));
    QCOMPARE(index.rowCount(), 0);
    QVERIFY(index.rows(0, 10).isEmpty());

    // A FIFO would block a plain open() until a writer appears: it is refused at once.
    const QString fifo = m_dir.filePath(u"fifo.csv"_s);
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    QVERIFY(!index.open(fifo, &error));
    QVERIFY2(error.contains(u"only regular files"_s), qPrintable(error));

    QVERIFY(!index.open(m_dir.path(), &error));
    QVERIFY2(error.contains(u"only regular files"_s), qPrintable(error));

    // The same object opens a good file afterwards.
    QVERIFY(index.open(target, &error));
    QCOMPARE(index.header(), (QStringList{u"a"_s, u"b"_s}));
    QTRY_VERIFY(index.isComplete());
    QCOMPARE(index.row(0), (QStringList{u"1"_s, u"2"_s}));
}

// A quoted field of several megabytes (with newlines) is cut for display; the rows after it stay right.
void TestCsvIndex::enormousRecordIsCut()
{
    QByteArray big(3 * 1024 * 1024, 'x');
    for (qsizetype i = 1000; i < big.size(); i += 1000)
        big[i] = '\n';
    QByteArray bytes = "id,payload\n1,small\n2,\"" + big + "\"\n";
    for (int i = 3; i < 3000; ++i)
        bytes += QByteArray::number(i) + ",row " + QByteArray::number(i) + "\n";
    bytes += "3000,last without newline";
    CsvIndex index;
    QVERIFY(index.open(write(u"enormous.csv"_s, bytes)));
    QTRY_VERIFY_WITH_TIMEOUT(index.isComplete(), 30000);
    QCOMPARE(index.rowCount(), qint64(3000));
    const QStringList cut = index.row(1);
    QCOMPARE(cut.value(0), u"2"_s);
    QVERIFY(cut.value(1).size() < 1024 * 1024);
    QVERIFY(cut.value(1).startsWith(u"xxxx"_s));
    QCOMPARE(index.row(2), (QStringList{u"3"_s, u"row 3"_s}));
    QCOMPARE(index.row(2050), (QStringList{u"2051"_s, u"row 2051"_s}));
    QCOMPARE(index.row(2999), (QStringList{u"3000"_s, u"last without newline"_s}));

    // A file that ends inside an unclosed quote: its final newline belongs to the field, and the head and
    // the worker agree the record is a row.
    QByteArray open = "h,v\n";
    for (int i = 0; i < 20000; ++i)
        open += "x,y\n";
    open += "\"abc\n";
    QVERIFY(index.open(write(u"unclosed.csv"_s, open)));
    QTRY_VERIFY_WITH_TIMEOUT(index.isComplete(), 30000);
    QCOMPARE(index.rowCount(), qint64(20001));
    QCOMPARE(index.row(20000).value(0), u"abc"_s);
}

void TestCsvIndex::workerAgreesWithRecordByRecordScan_data()
{
    QTest::addColumn<QByteArray>("bytes");
    // Random bytes dense in quotes, newlines and CRs: quoted stretches start and end anywhere in the
    // 64-byte words the worker counts at once, in its 256 KiB reads and across its 4 MiB batches.
    auto random = [](quint32 seed, qsizetype size, bool endQuoted) {
        QRandomGenerator gen(seed);
        QByteArray bytes = "h1,h2\n";
        bytes.reserve(size + 1);
        while (bytes.size() < size) {
            const quint32 r = gen.bounded(100);
            bytes += r < 78 ? 'x' : r < 86 ? ',' : r < 93 ? '\n' : r < 97 ? '"' : '\r';
        }
        const qsizetype quotes = bytes.count('"');
        if ((quotes % 2 == 1) != endQuoted)
            bytes += '"';
        return bytes;
    };
    QTest::newRow("random, 5 MB") << random(15, 5 * 1024 * 1024 + 37, false);
    QTest::newRow("random, ends inside quotes") << random(16, 300 * 1024 + 5, true);
    QTest::newRow("only newlines") << QByteArray("h\n") + QByteArray(200 * 1024 + 3, '\n');
    QByteArray words = "h\n";
    while (words.size() < 400 * 1024) // one record per 64 bytes, each ending on the last byte of a word
        words += QByteArray(61, 'y') + "\"\"\n";
    QTest::newRow("records on word edges") << words;
    QTest::newRow("one quote early") << QByteArray("h\n\"") + QByteArray(300 * 1024, '\n') + "x";
}

// The worker counts rows 64 bytes at a time with bit masks; reading the file record by record, the way the
// head and rows() do, must find the same rows and the same checkpoints.
void TestCsvIndex::workerAgreesWithRecordByRecordScan()
{
    QFETCH(QByteArray, bytes);
    // Reference: record boundaries by walking every byte.
    std::vector<std::pair<qsizetype, qsizetype>> records;
    bool quoted = false;
    qsizetype start = 0;
    for (qsizetype i = 0; i < bytes.size(); ++i) {
        if (bytes[i] == '"')
            quoted = !quoted;
        else if (bytes[i] == '\n' && !quoted) {
            records.emplace_back(start, i + 1);
            start = i + 1;
        }
    }
    if (start < bytes.size())
        records.emplace_back(start, bytes.size());
    const qint64 rows = qint64(records.size()) - 1; // the first record is the header

    CsvIndex index;
    QSignalSpy finished(&index, &CsvIndex::finished);
    QVERIFY(index.open(write(u"random.csv"_s, bytes)));
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
    QVERIFY(index.isComplete());
    QCOMPARE(index.rowCount(), rows);
    auto expected = [&](qint64 row) {
        const auto [from, to] = records[size_t(row + 1)];
        qsizetype length = to - from;
        if (length > 0 && bytes[from + length - 1] == '\n')
            --length;
        if (length > 0 && bytes[from + length - 1] == '\r')
            --length;
        return CsvIndex::parseRecord(bytes.constData() + from, length);
    };
    // Every checkpoint and its neighbours, so a checkpoint off by one record shows.
    for (qint64 cp = 0; cp < rows; cp += CsvIndex::CheckpointInterval) {
        for (const qint64 row : {cp - 1, cp, cp + 1}) {
            if (row < 0 || row >= rows)
                continue;
            QCOMPARE(index.row(row), expected(row));
        }
    }
    QCOMPARE(index.row(rows - 1), expected(rows - 1));
    QVERIFY(index.row(rows).isEmpty());
}

QTEST_GUILESS_MAIN(TestCsvIndex)
#include "test_csvindex.moc"
