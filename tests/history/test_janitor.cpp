// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandbox/history/containerregistry.h"
#include "sandbox/history/janitor.h"

#include <QDir>
#include <QFile>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/wait.h>
#include <unistd.h>

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
    void expiredContainerIsGoneOnceChosen();
    void inUseIsAskedRightBeforeTheMove();
    void leftoverTrashIsDeletedAndNeverListed();
    void trashNamesAreNeverContainers_data();
    void trashNamesAreNeverContainers();
    void crashBetweenMoveAndDeleteIsFinishedAtNextStart_data();
    void crashBetweenMoveAndDeleteIsFinishedAtNextStart();

private:
    void makeContainer(const QString &ws, const QString &id, qint64 lastUsedMs);
    // Everything under the workspace's containers/, hidden names included.
    QStringList containerEntries(const QString &ws) const
    {
        return QDir(m_registry->workspaceDir(ws) + u"/containers"_s)
            .entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
    }
    QString makeTrash(const QString &ws, const QString &name)
    {
        const QString dir = m_registry->workspaceDir(ws) + u"/containers/"_s + name;
        if (!QDir().mkpath(dir + u"/home/deep"_s))
            return {};
        QFile meta(dir + u"/meta.json"_s);
        if (!meta.open(QIODevice::WriteOnly))
            return {};
        meta.write("{}");
        return dir;
    }

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

void TestJanitor::expiredContainerIsGoneOnceChosen()
{
    const qint64 now = 1'800'000'000'000;
    makeContainer(u"ws"_s, u"old"_s, now - 31 * kDay);
    makeContainer(u"ws"_s, u"kept"_s, now - 2 * kDay);
    Janitor janitor(m_registry.get(), [now] { return now; });
    QSignalSpy swept(&janitor, &Janitor::swept);
    // What a request naming the container would see at the moment the sweep has decided.
    bool existedWhenExpiring = false;
    bool visibleAfterDecision = true;
    QStringList gone;
    connect(&janitor, &Janitor::expiring, this,
            [&](const QString &ws, const QString &id) { existedWhenExpiring = m_registry->exists(ws, id); });
    connect(&janitor, &Janitor::expired, this, [&](const QStringList &entries) {
        gone = entries;
        visibleAfterDecision = m_registry->exists(u"ws"_s, u"old"_s) ||
                               m_registry->load(u"ws"_s, u"old"_s, nullptr).has_value() ||
                               QFileInfo::exists(m_registry->containerDir(u"ws"_s, u"old"_s));
    });
    janitor.start();
    QVERIFY(existedWhenExpiring);
    QCOMPARE(gone, QStringList{u"ws/old"_s});
    QVERIFY(!visibleAfterDecision);
    // Still before the worker is done (or not): no directory under the container's name, with or without
    // meta.
    QString error;
    QVERIFY(!m_registry->load(u"ws"_s, u"old"_s, &error));
    QVERIFY2(error.contains(u"no container old"_s), qPrintable(error));
    QVERIFY(!QFileInfo::exists(m_registry->containerDir(u"ws"_s, u"old"_s)));
    QCOMPARE(m_registry->list(u"ws"_s).size(), 1);
    // The id is free at once; a new container under it is not touched by the deletion of the old files.
    QVERIFY2(m_registry->create({u"old"_s, u"ws"_s, now, now, {}}, &error), qPrintable(error));
    QFile fresh(m_registry->homeDir(u"ws"_s, u"old"_s) + u"/new.txt"_s);
    QVERIFY(fresh.open(QIODevice::WriteOnly));
    fresh.close();

    QTRY_COMPARE(swept.size(), 1);
    QCOMPARE(swept.first().first().toStringList(), QStringList{u"ws/old"_s});
    janitor.stop();
    QCOMPARE(containerEntries(u"ws"_s), (QStringList{u"kept"_s, u"old"_s}));
    QVERIFY(QFileInfo::exists(m_registry->homeDir(u"ws"_s, u"old"_s) + u"/new.txt"_s));
    QVERIFY(!QFileInfo::exists(m_registry->homeDir(u"ws"_s, u"old"_s) + u"/data.csv"_s));
    QVERIFY(!QFileInfo::exists(m_registry->historyDir(u"ws"_s, u"old"_s)));
    QVERIFY(QFileInfo::exists(m_registry->homeDir(u"ws"_s, u"kept"_s) + u"/data.csv"_s));
}

void TestJanitor::inUseIsAskedRightBeforeTheMove()
{
    const qint64 now = 1'800'000'000'000;
    makeContainer(u"ws"_s, u"a"_s, now - 40 * kDay);
    makeContainer(u"ws"_s, u"b"_s, now - 40 * kDay);
    Janitor janitor(m_registry.get(), [now] { return now; });
    // Whoever drops the first container wakes the second one meanwhile (list order: a, then b).
    QSet<QString> awake;
    janitor.setInUseCheck([&awake](const QString &, const QString &id) { return awake.contains(id); });
    QStringList expiring;
    connect(&janitor, &Janitor::expiring, this, [&](const QString &, const QString &id) {
        expiring.append(id);
        awake.insert(id == u"a"_s ? u"b"_s : u"a"_s);
    });
    const QStringList removed = janitor.sweepNow();
    QCOMPARE(expiring.size(), 1);
    QCOMPARE(removed, QStringList{u"ws/"_s + expiring.first()});
    const QString kept = expiring.first() == u"a"_s ? u"b"_s : u"a"_s;
    QVERIFY(m_registry->exists(u"ws"_s, kept));
    QVERIFY(QFileInfo::exists(m_registry->homeDir(u"ws"_s, kept) + u"/data.csv"_s));
    QCOMPARE(containerEntries(u"ws"_s), QStringList{kept});
}

void TestJanitor::leftoverTrashIsDeletedAndNeverListed()
{
    const qint64 now = 1'800'000'000'000;
    makeContainer(u"ws"_s, u"live"_s, now - kDay);
    // A deletion of a killed process (its pid is free), a failed one of ours, and one another live process
    // (pid 1) is still working on.
    const QString dead = makeTrash(u"ws"_s, u".trash-gone-1-999999999-1"_s);
    const QString ours = makeTrash(u"ws"_s, u".trash-my-id-%1-7"_s.arg(::getpid()));
    const QString busy = makeTrash(u"ws"_s, u".trash-other-1-3"_s);
    const QString otherWs = makeTrash(u"ws2"_s, u".trash-x-999999999-2"_s);
    QVERIFY(!dead.isEmpty() && !ours.isEmpty() && !busy.isEmpty() && !otherWs.isEmpty());
    QVERIFY(QFile::setPermissions(dead + u"/home/deep"_s, QFile::ReadOwner | QFile::ExeOwner));

    // The registry never takes trash for a container.
    QCOMPARE(m_registry->list(u"ws"_s).size(), 1);
    QCOMPARE(m_registry->list(u"ws"_s).constFirst().id, u"live"_s);
    QVERIFY(m_registry->list(u"ws2"_s).isEmpty());
    QVERIFY(!m_registry->exists(u"ws"_s, u".trash-gone-1-999999999-1"_s));
    QString error;
    QVERIFY(!m_registry->load(u"ws"_s, u".trash-gone-1-999999999-1"_s, &error));
    QVERIFY(!m_registry->remove(u"ws"_s, u".trash-other-1-3"_s, &error));
    QVERIFY(QFileInfo::exists(busy));

    Janitor janitor(m_registry.get(), [now] { return now; });
    QCOMPARE(janitor.sweepNow(), QStringList{}); // nothing expired; leftovers are not containers
    QCOMPARE(containerEntries(u"ws"_s), (QStringList{u".trash-other-1-3"_s, u"live"_s}));
    QVERIFY(containerEntries(u"ws2"_s).isEmpty());
    QVERIFY(QFileInfo::exists(m_registry->homeDir(u"ws"_s, u"live"_s) + u"/data.csv"_s));

    // The asynchronous sweep cleans them up too.
    const QString again = makeTrash(u"ws"_s, u".trash-again-999999999-5"_s);
    QVERIFY(!again.isEmpty());
    QSignalSpy swept(&janitor, &Janitor::swept);
    janitor.start();
    QTRY_COMPARE(swept.size(), 1);
    janitor.stop();
    QCOMPARE(swept.first().first().toStringList(), QStringList{});
    QCOMPARE(containerEntries(u"ws"_s), (QStringList{u".trash-other-1-3"_s, u"live"_s}));
}

void TestJanitor::trashNamesAreNeverContainers_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("trash");
    QTest::newRow("container id") << u"sess_abc"_s << false;
    QTest::newRow("trash") << u".trash-sess_abc-123-1"_s << true;
    QTest::newRow("id with dashes") << u".trash-a-b-c-123-45"_s << true;
    QTest::newRow("no serial") << u".trash-abc-123"_s << false;
    QTest::newRow("other hidden") << u".trashy"_s << false;
    QTest::newRow("path") << u".trash-../x-1-1"_s << false;
}

void TestJanitor::trashNamesAreNeverContainers()
{
    QFETCH(QString, name);
    QFETCH(bool, trash);
    QCOMPARE(ContainerRegistry::isTrashName(name), trash);
    if (trash)
        QVERIFY(!ContainerRegistry::isValidContainerId(name));
}

void TestJanitor::crashBetweenMoveAndDeleteIsFinishedAtNextStart_data()
{
    QTest::addColumn<bool>("partlyDeleted");
    QTest::newRow("moved aside, nothing deleted") << false;
    QTest::newRow("killed in the middle of the deletion") << true;
}

void TestJanitor::crashBetweenMoveAndDeleteIsFinishedAtNextStart()
{
    QFETCH(bool, partlyDeleted);
    const qint64 now = 1'800'000'000'000;
    makeContainer(u"ws"_s, u"old"_s, now - 40 * kDay);
    makeContainer(u"ws"_s, u"kept"_s, now - kDay);
    for (int i = 0; i < 50; ++i) {
        QFile f(m_registry->homeDir(u"ws"_s, u"old"_s) + u"/f%1.txt"_s.arg(i));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("x\n");
    }
    // A process that moves the expired container aside, as the janitor does, and is killed before (or
    // while) its worker deletes the tree.
    const pid_t child = ::fork();
    QVERIFY(child >= 0);
    if (child == 0) {
        ContainerRegistry registry(m_dir->path());
        const QString trash = registry.moveToTrash(u"ws"_s, u"old"_s, nullptr);
        if (trash.isEmpty())
            ::_exit(3);
        if (partlyDeleted) {
            for (int i = 0; i < 25; ++i)
                QFile::remove(trash + u"/home/f%1.txt"_s.arg(i));
        }
        ::raise(SIGKILL);
        ::_exit(4);
    }
    int status = 0;
    QCOMPARE(::waitpid(child, &status, 0), child);
    QVERIFY(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
    // What the crash left: the container is gone under its name, its files wait in trash.
    QVERIFY(!m_registry->exists(u"ws"_s, u"old"_s));
    const QStringList left = containerEntries(u"ws"_s);
    QCOMPARE(left.size(), 2);
    QVERIFY2(left.first().startsWith(u".trash-old-%1-"_s.arg(child)), qPrintable(left.join(u' ')));
    QCOMPARE(m_registry->list(u"ws"_s).size(), 1);

    // The next start: its sweep finishes the deletion and touches nothing else.
    Janitor janitor(m_registry.get(), [now] { return now; });
    QSignalSpy swept(&janitor, &Janitor::swept);
    janitor.start();
    QTRY_COMPARE(swept.size(), 1);
    janitor.stop();
    QCOMPARE(swept.first().first().toStringList(), QStringList{}); // trash, not a container of this run
    QCOMPARE(containerEntries(u"ws"_s), QStringList{u"kept"_s});
    QVERIFY(QFileInfo::exists(m_registry->homeDir(u"ws"_s, u"kept"_s) + u"/data.csv"_s));
    QVERIFY(m_registry->list(u"ws"_s).size() == 1);
}

QTEST_GUILESS_MAIN(TestJanitor)
#include "test_janitor.moc"
