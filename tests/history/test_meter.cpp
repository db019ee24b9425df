// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandbox/history/meter.h"

#include <QTest>

using namespace Qt::StringLiterals;

class TestMeter final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void charges_data();
    void charges();
    void noCommandIsFree();
    void idleBetweenRequestsIsFree();
    void coldStartLaterInRequestCounts();
    void configurableRate();
    void currentDoesNotEnd();
    void concurrentRequestsAreSeparate();
};

void TestMeter::charges_data()
{
    QTest::addColumn<bool>("cold");
    QTest::addColumn<qint64>("beforeFirstCommand");
    QTest::addColumn<qint64>("metered");
    QTest::addColumn<qint64>("billed");
    QTest::addColumn<double>("cost");
    QTest::newRow("warm 5 s") << false << qint64(2000) << qint64(5000) << qint64(5000) << 0.0005;
    QTest::newRow("warm 0.25 s") << false << qint64(0) << qint64(250) << qint64(250) << 0.000025;
    QTest::newRow("cold 5 s pays 30 s") << true << qint64(7000) << qint64(5000) << qint64(30000) << 0.003;
    QTest::newRow("cold 45 s pays 45 s") << true << qint64(0) << qint64(45000) << qint64(45000) << 0.0045;
    // Exactly the decimal figure: no 3.0000000000000004e-7 in a reply.
    QTest::newRow("warm 3 ms") << false << qint64(0) << qint64(3) << qint64(3) << 3e-7;
    QTest::newRow("warm 2 min") << false << qint64(100) << qint64(120000) << qint64(120000) << 0.012;
}

void TestMeter::charges()
{
    QFETCH(bool, cold);
    QFETCH(qint64, beforeFirstCommand);
    QFETCH(qint64, metered);
    QFETCH(qint64, billed);
    QFETCH(double, cost);
    qint64 now = 1'000'000;
    Meter meter([&now] { return now; });
    meter.begin(u"req1"_s);
    now += beforeFirstCommand; // model thinking before the first command is not metered
    meter.commandStarted(u"req1"_s, cold);
    now += metered / 2;
    meter.commandStarted(u"req1"_s, false);
    now += metered - metered / 2;
    const MeterCharge charge = meter.finish(u"req1"_s);
    QCOMPARE(charge.meteredMs, metered);
    QCOMPARE(charge.billedMs, billed);
    QCOMPARE(charge.coldStart, cold);
    QCOMPARE(charge.cost, cost);
    QCOMPARE(QByteArray::number(charge.cost, 'g', 17), QByteArray::number(cost, 'g', 17));
}

void TestMeter::noCommandIsFree()
{
    qint64 now = 0;
    Meter meter([&now] { return now; });
    meter.begin(u"r"_s);
    now += 60000;
    const MeterCharge charge = meter.finish(u"r"_s);
    QCOMPARE(charge.billedMs, 0);
    QCOMPARE(charge.cost, 0.0);
}

void TestMeter::idleBetweenRequestsIsFree()
{
    qint64 now = 0;
    Meter meter([&now] { return now; });
    meter.begin(u"a"_s);
    meter.commandStarted(u"a"_s, true);
    now += 40000;
    QCOMPARE(meter.finish(u"a"_s).billedMs, 40000);
    now += 3 * 60 * 1000; // idle, container still warm
    meter.begin(u"b"_s);
    meter.commandStarted(u"b"_s, false);
    now += 1500;
    const MeterCharge b = meter.finish(u"b"_s);
    QCOMPARE(b.billedMs, 1500);
    QCOMPARE(b.cost, 0.00015);
}

void TestMeter::coldStartLaterInRequestCounts()
{
    qint64 now = 0;
    Meter meter([&now] { return now; });
    meter.begin(u"r"_s);
    meter.commandStarted(u"r"_s, false);
    now += 1000;
    meter.commandStarted(u"r"_s, true); // the container had gone to sleep between two commands
    now += 1000;
    QCOMPARE(meter.finish(u"r"_s).billedMs, Meter::kColdStartMinimumMs);
}

void TestMeter::configurableRate()
{
    qint64 now = 0;
    Meter meter([&now] { return now; }, 0.002);
    QCOMPARE(meter.ratePerSecond(), 0.002);
    meter.begin(u"r"_s);
    meter.commandStarted(u"r"_s, false);
    now += 10000;
    QCOMPARE(meter.finish(u"r"_s).cost, 0.02);
    meter.setRatePerSecond(0.0001);
    meter.begin(u"s"_s);
    meter.commandStarted(u"s"_s, true);
    QCOMPARE(meter.finish(u"s"_s).cost, 0.003);
}

void TestMeter::currentDoesNotEnd()
{
    qint64 now = 0;
    Meter meter([&now] { return now; });
    meter.begin(u"r"_s);
    meter.commandStarted(u"r"_s, false);
    now += 2000;
    QCOMPARE(meter.current(u"r"_s).meteredMs, 2000);
    now += 2000;
    QCOMPARE(meter.finish(u"r"_s).meteredMs, 4000);
    QCOMPARE(meter.finish(u"r"_s).meteredMs, 0); // finished requests are forgotten
}

void TestMeter::concurrentRequestsAreSeparate()
{
    qint64 now = 0;
    Meter meter([&now] { return now; });
    meter.begin(u"a"_s);
    meter.begin(u"b"_s);
    meter.commandStarted(u"a"_s, true);
    now += 1000;
    meter.commandStarted(u"b"_s, false);
    now += 1000;
    QCOMPARE(meter.finish(u"b"_s).billedMs, 1000);
    QCOMPARE(meter.finish(u"a"_s).billedMs, 30000);
}

QTEST_GUILESS_MAIN(TestMeter)
#include "test_meter.moc"
