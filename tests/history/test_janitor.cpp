// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandbox/history/containerregistry.h"
#include "sandbox/history/janitor.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

static constexpr qint64 kDay = 24LL * 60 * 60 * 1000;

class TestJanitor final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void expiresAfterThirtyDays_data();
    void expiresAfterThirtyDays();
    void documentsAreNeverTouched();
    void inUseContainersAreKept();
    void startSweepsAndRepeats();

private:
    void makeContainer(const QString &ws, const QString &id, qint64 lastUsedMs);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<ContainerRegistry> m_registry;
};

void TestJanitor::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_registry = std::make_unique<ContainerRegistry>(m_dir->path());
}

void TestJanitor::makeContainer(const QString &ws, const QString &id, qint64 lastUsedMs)
{
    QString error;
    QVERIFY2(m_registry->create({id, ws, lastUsedMs, lastUsedMs, {}}, &error), qPrintable(error));
    QFile f(m_registry->homeDir(ws, id) + u"/data.csv"_s);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("1,2\n");
    QVERIFY(QDir().mkpath(m_registry->historyDir(ws, id) + u"/objects"_s));
}

void TestJanitor::expiresAfterThirtyDays_data()
{
    QTest::addColumn<qint64>("age");
    QTest::addColumn<bool>("deleted");
    QTest::newRow("fresh") << qint64(0) << false;
    QTest::newRow("29 days") << 29 * kDay << false;
    QTest::newRow("30 days minus 1 ms") << 30 * kDay - 1 << false;
    QTest::newRow("exactly 30 days") << 30 * kDay << true;
    QTest::newRow("90 days") << 90 * kDay << true;
}

void TestJanitor::expiresAfterThirtyDays()
{
    QFETCH(qint64, age);
    QFETCH(bool, deleted);
    const qint64 now = 1'800'000'000'000;
    makeContainer(u"ws"_s, u"c1"_s, now - age);
    Janitor janitor(m_registry.get(), [now] { return now; });
    const QStringList removed = janitor.sweepNow();
    QCOMPARE(removed, deleted ? QStringList{u"ws/c1"_s} : QStringList{});
    QCOMPARE(QFileInfo::exists(m_registry->homeDir(u"ws"_s, u"c1"_s)), !deleted);
    QCOMPARE(QFileInfo::exists(m_registry->historyDir(u"ws"_s, u"c1"_s)), !deleted);
    QCOMPARE(m_registry->exists(u"ws"_s, u"c1"_s), !deleted);
}

void TestJanitor::documentsAreNeverTouched()
{
    const qint64 now = 1'800'000'000'000;
    makeContainer(u"ws"_s, u"old"_s, now - 400 * kDay);
    const QString doc = m_registry->documentsDir(u"ws"_s) + u"/doc_abc/content"_s;
    QVERIFY(QDir().mkpath(QFileInfo(doc).absolutePath()));
    QFile f(doc);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.close();
    Janitor janitor(m_registry.get(), [now] { return now; });
    QCOMPARE(janitor.sweepNow(), QStringList{u"ws/old"_s});
    QVERIFY(QFileInfo::exists(doc));
}

void TestJanitor::inUseContainersAreKept()
{
    const qint64 now = 1'800'000'000'000;
    makeContainer(u"ws"_s, u"busy"_s, now - 31 * kDay);
    makeContainer(u"ws"_s, u"idle"_s, now - 31 * kDay);
    Janitor janitor(m_registry.get(), [now] { return now; });
    janitor.setInUseCheck([](const QString &, const QString &id) { return id == u"busy"_s; });
    QCOMPARE(janitor.sweepNow(), QStringList{u"ws/idle"_s});
    QVERIFY(m_registry->exists(u"ws"_s, u"busy"_s));
}

void TestJanitor::startSweepsAndRepeats()
{
    qint64 now = 1'800'000'000'000;
    makeContainer(u"ws"_s, u"a"_s, now - 31 * kDay);
    makeContainer(u"ws"_s, u"b"_s, now - 10 * kDay);
    Janitor janitor(m_registry.get(), [&now] { return now; });
    janitor.setInterval(20ms);
    QSignalSpy spy(&janitor, &Janitor::swept);
    janitor.start();
    QTRY_VERIFY(!m_registry->exists(u"ws"_s, u"a"_s));
    QVERIFY(m_registry->exists(u"ws"_s, u"b"_s));
    now += 21 * kDay; // b passes 30 days; the periodic sweep finds it
    QTRY_VERIFY(!m_registry->exists(u"ws"_s, u"b"_s));
    janitor.stop();
    bool sawA = false, sawB = false;
    for (const QList<QVariant> &args : spy) {
        sawA = sawA || args.at(0).toStringList().contains(u"ws/a"_s);
        sawB = sawB || args.at(0).toStringList().contains(u"ws/b"_s);
    }
    QVERIFY(sawA);
    QVERIFY(sawB);
}

QTEST_GUILESS_MAIN(TestJanitor)
#include "test_janitor.moc"
