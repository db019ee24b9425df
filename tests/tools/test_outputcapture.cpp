// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandbox/outputcapture.h"
#include "tools/shellaction.h"

#include <QTest>

using namespace Qt::StringLiterals;

// Truncation and UTF-8 handling of one captured output stream.
class TestOutputCapture final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void countCodePoints_data();
    void countCodePoints();
    void capAcrossChunks_data();
    void capAcrossChunks();
    void splitMultibyte();
    void underCapHasNoMarker();
};

void TestOutputCapture::countCodePoints_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<qint64>("expected");
    QTest::newRow("empty") << QByteArray() << qint64(0);
    QTest::newRow("ascii") << QByteArray("hello world, seventeen") << qint64(22);
    QTest::newRow("mixed") << u"häß€😀 x"_s.toUtf8() << qint64(7);
    QTest::newRow("long mixed") << u"äöü😀abc"_s.repeated(100).toUtf8() << qint64(700);
}

void TestOutputCapture::countCodePoints()
{
    QFETCH(QByteArray, bytes);
    QFETCH(qint64, expected);
    QCOMPARE(OutputCapture::countCodePoints(bytes.constData(), bytes.size()), expected);
}

void TestOutputCapture::capAcrossChunks_data()
{
    QTest::addColumn<int>("chunkSize");
    QTest::newRow("1 byte") << 1;
    QTest::newRow("3 bytes") << 3;
    QTest::newRow("7 bytes") << 7;
    QTest::newRow("whole") << 100000;
}

void TestOutputCapture::capAcrossChunks()
{
    QFETCH(int, chunkSize);
    const QString text = u"aé€😀"_s.repeated(50); // 200 code points, 1+2+3+4 bytes each
    const QByteArray bytes = text.toUtf8();
    OutputCapture capture(30);
    QString streamed;
    for (qsizetype i = 0; i < bytes.size(); i += chunkSize)
        streamed += capture.feed(bytes.constData() + i, qMin<qsizetype>(chunkSize, bytes.size() - i));
    QCOMPARE(capture.droppedCharacters(), qint64(170));
    streamed += capture.finish();
    // The first 30 code points: 7 full repetitions (28) + "aé".
    const QString kept = u"aé€😀"_s.repeated(7) + u"aé"_s;
    QCOMPARE(capture.text(), kept + truncationMarker(170));
    QCOMPARE(streamed, capture.text());
}

void TestOutputCapture::splitMultibyte()
{
    const QByteArray euro = u"€"_s.toUtf8();
    OutputCapture capture(10);
    QString out = capture.feed(euro.constData(), 1);
    out += capture.feed(euro.constData() + 1, 2);
    QCOMPARE(out, u"€"_s);
    QCOMPARE(capture.finish(), QString());
}

void TestOutputCapture::underCapHasNoMarker()
{
    OutputCapture capture(5);
    capture.feed("abcde", 5);
    QCOMPARE(capture.finish(), QString());
    QCOMPARE(capture.text(), u"abcde"_s);
    QCOMPARE(capture.droppedCharacters(), qint64(0));
}

QTEST_GUILESS_MAIN(TestOutputCapture)
#include "test_outputcapture.moc"
