// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/sseparser.h"

#include <QTest>

using namespace Qt::StringLiterals;

// The incremental SSE parser against the EventSource rules, fed in every possible chunking.
class TestSseParser final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void parse_data();
    void parse();
    void unterminatedEventAtEnd();
    void crAtChunkBoundary();
};

static SseEvent ev(const QByteArray &data, const QString &event = {}, const QString &id = {}, int retry = -1)
{
    SseEvent e;
    e.data = data;
    e.event = event;
    e.id = id;
    e.retryMs = retry;
    return e;
}

void TestSseParser::parse_data()
{
    QTest::addColumn<QByteArray>("stream");
    QTest::addColumn<QList<SseEvent>>("expected");

    QTest::newRow("lf") << QByteArray("data: a\n\ndata: b\n\n") << QList<SseEvent>{ev("a"), ev("b")};
    QTest::newRow("crlf") << QByteArray("data: a\r\n\r\nevent: x\r\ndata: b\r\n\r\n")
                          << QList<SseEvent>{ev("a"), ev("b", u"x"_s)};
    QTest::newRow("cr only") << QByteArray("data: a\r\rdata: b\r\r") << QList<SseEvent>{ev("a"), ev("b")};
    QTest::newRow("multi-line data") << QByteArray("data: one\ndata: two\ndata:three\n\n")
                                     << QList<SseEvent>{ev("one\ntwo\nthree")};
    QTest::newRow("comments") << QByteArray(": keep-alive\n\n:another\ndata: x\n: mid\n\n")
                              << QList<SseEvent>{ev("x")};
    QTest::newRow("named with id and retry")
        << QByteArray("event: message_start\nid: 7\nretry: 3000\ndata: {\"a\":1}\n\n")
        << QList<SseEvent>{ev("{\"a\":1}", u"message_start"_s, u"7"_s, 3000)};
    QTest::newRow("no space after colon keeps one space rule")
        << QByteArray("data:x\ndata:  y\n\n") << QList<SseEvent>{ev("x\n y")};
    QTest::newRow("field without colon") << QByteArray("data\n\n") << QList<SseEvent>{ev("")};
    QTest::newRow("event without data dropped")
        << QByteArray("event: ping\n\ndata: z\n\n") << QList<SseEvent>{ev("z")};
    QTest::newRow("bom") << QByteArray("\xEF\xBB\xBF"
                                       "data: a\n\n")
                         << QList<SseEvent>{ev("a")};
    QTest::newRow("unknown field ignored") << QByteArray("foo: bar\ndata: a\n\n") << QList<SseEvent>{ev("a")};
    QTest::newRow("utf8") << QByteArray("data: gr\xC3\xBC\xC3\x9F"
                                        "e\n\n")
                          << QList<SseEvent>{ev(QByteArray("gr\xC3\xBC\xC3\x9F"
                                                           "e"))};
    QTest::newRow("done marker") << QByteArray("data: {\"x\":1}\n\ndata: [DONE]\n\n")
                                 << QList<SseEvent>{ev("{\"x\":1}"), ev("[DONE]")};
}

void TestSseParser::parse()
{
    QFETCH(QByteArray, stream);
    QFETCH(QList<SseEvent>, expected);
    // Every chunk size, so that each event, line and CRLF pair is split at every position.
    for (int chunk = 1; chunk <= stream.size(); ++chunk) {
        SseParser parser;
        QList<SseEvent> events;
        for (qsizetype at = 0; at < stream.size(); at += chunk)
            events += parser.feed(stream.mid(at, chunk));
        events += parser.finish();
        if (events != expected) {
            qWarning() << "chunk size" << chunk;
            for (const SseEvent &e : std::as_const(events))
                qWarning() << e.event << e.data << e.id << e.retryMs;
        }
        QCOMPARE(events.size(), expected.size());
        QCOMPARE(events, expected);
    }
}

void TestSseParser::unterminatedEventAtEnd()
{
    SseParser parser;
    QVERIFY(parser.feed("data: partial").isEmpty());
    const QList<SseEvent> events = parser.finish();
    QCOMPARE(events.size(), 1);
    QCOMPARE(events.first().data, QByteArray("partial"));
}

void TestSseParser::crAtChunkBoundary()
{
    SseParser parser;
    QList<SseEvent> events = parser.feed("data: a\r");
    events += parser.feed("\n\r");
    events += parser.feed("\ndata: b\r\n\r\n");
    QCOMPARE(events, (QList<SseEvent>{ev("a"), ev("b")}));
}

QTEST_GUILESS_MAIN(TestSseParser)
#include "test_sseparser.moc"
