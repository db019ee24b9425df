// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandboxtestutil.h"

#include "sandbox/history/storageusage.h"

#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTemporaryDir>

using namespace Qt::StringLiterals;

// Hostile commands are contained and reported, and another container keeps answering meanwhile.
class TestLimits final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void hostileCommand_data();
    void hostileCommand();
    void storageWatchdog();
    void backgroundWriterCannotPassTheLimit();
    void gigabyteOfOutput();

private:
    QTemporaryDir m_dir;
    ContainerManager *m_manager = nullptr;
    Container *m_other = nullptr;
};

void TestLimits::initTestCase()
{
    SANDBOX_REQUIRE_INIT();
    SandboxSettings s = sandboxTestSettings(m_dir.path());
    s.limits.memoryBytes = 256LL * 1024 * 1024;
    s.limits.maxProcesses = 64;
    s.limits.storageBytes = 32LL * 1024 * 1024;
    s.limits.tmpBytes = 16LL * 1024 * 1024;
    m_manager = new ContainerManager(s, this);
    m_other = m_manager->findOrCreate(u"bystander"_s);
    ShellCall *warm = m_other->run(shellAction({u"true"_s}));
    QVERIFY(waitForCall(warm));
    QCOMPARE(warm->results().size(), 1);
}

void TestLimits::cleanupTestCase()
{
    delete m_manager;
}

void TestLimits::hostileCommand_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<int>("timeoutMs");
    QTest::addColumn<bool>("expectTimeout");
    QTest::addColumn<QByteArray>("marker");
    QTest::newRow("fork bomb") << u": bomb-marker-31; b() { b | b & }; b; sleep 30"_s << 4000 << true
                               << QByteArray("bomb-marker-31");
    QTest::newRow("memory hog") << u"python3 -c \"a = bytearray(1024 * 1024 * 1024); print(len(a))\""_s
                                << 60000 << false << QByteArray("bytearray(1024");
    QTest::newRow("tmp filler") << u"head -c 100M /dev/zero > /tmp/fill"_s << 60000 << false
                                << QByteArray("/tmp/fill");
    QTest::newRow("file size") << u"head -c 100M /dev/zero > big.bin"_s << 60000 << false
                               << QByteArray("big.bin");
    QTest::newRow("endless loop and daemon")
        << u"setsid sh -c ': daemon-marker-32; while :; do sleep 1; done' & : loop-marker-32; while :; do :; done"_s
        << 3000 << true << QByteArray("marker-32");
}

void TestLimits::hostileCommand()
{
    QFETCH(QString, command);
    QFETCH(int, timeoutMs);
    QFETCH(bool, expectTimeout);
    QFETCH(QByteArray, marker);

    Container *c = m_manager->create();
    QVERIFY(c);
    ShellCall *hostile = c->run(shellAction({command}, timeoutMs));
    QSignalSpy started(hostile, &ShellCall::commandStarted);
    QTRY_COMPARE_WITH_TIMEOUT(started.count(), 1, 30000);

    // Another container answers while the hostile command runs (or right after it ended).
    ShellCall *ping = m_other->run(shellAction({u"echo pong"_s}));
    QVERIFY(waitForCall(ping));
    QCOMPARE(ping->results().at(0).stdoutText, u"pong\n"_s);

    QVERIFY(waitForCall(hostile, timeoutMs + 30000));
    QCOMPARE(hostile->results().size(), 1);
    const CommandResult r = hostile->results().at(0);
    if (expectTimeout)
        QCOMPARE(r.outcome, CommandOutcome::timeout());
    else
        QVERIFY2(r.outcome.exitCode != 0, qPrintable(u"hostile command succeeded: "_s + r.stdoutText));
    QTRY_VERIFY_WITH_TIMEOUT(processesMatching(marker).isEmpty(), 10000);

    // The container itself recovers.
    RUN_CALL(after, c, shellAction({u"echo recovered; rm -f big.bin /tmp/fill"_s}));
    QCOMPARE(after->results().at(0).stdoutText, u"recovered\n"_s);
    QVERIFY(m_manager->remove(c->id()));
}

void TestLimits::storageWatchdog()
{
    Container *c = m_manager->create();
    QVERIFY(c);
    // Many files, each below the per-file limit: only the watchdog can stop this.
    RUN_CALL(call, c,
             shellAction(
                 {u"for i in $(seq 1 200); do head -c 2M /dev/zero > f$i; sleep 0.05; done; echo filled"_s},
                 120000));
    const CommandResult r = call->results().at(0);
    QVERIFY2(!r.stdoutText.contains(u"filled"_s), "the storage limit was not enforced");
    QVERIFY2(r.stderrText.contains(u"workspace storage limit of 33554432 bytes exceeded"_s),
             qPrintable(r.stderrText));
    QVERIFY(r.outcome.exitCode != 0);
    RUN_CALL(clean, c, shellAction({u"rm -f f*; echo clean"_s}));
    QCOMPARE(clean->results().at(0).stdoutText, u"clean\n"_s);
    QVERIFY(m_manager->remove(c->id()));
}

void TestLimits::backgroundWriterCannotPassTheLimit()
{
    // A command that returns at once and leaves a writer behind: the limit must hold with no command running.
    QTemporaryDir dir;
    SandboxSettings s = sandboxTestSettings(dir.path());
    constexpr qint64 limit = 64LL * 1024 * 1024;
    s.limits.storageBytes = limit;
    ContainerManager manager(s);
    Container *c = manager.create();
    QVERIFY(c);
    QSignalSpy stopped(c, &Container::backgroundStopped);
    const QString marker = u"bg-writer-%1"_s.arg(QRandomGenerator::global()->generate());
    // 4 MiB files, many of them (each below the per-file rlimit), at most 16 MiB/s.
    RUN_CALL(call, c,
             shellAction({u"nohup sh -c ': %1; i=0; while :; do i=$((i+1)); head -c 4M /dev/urandom > f$i; "
                          "sleep 0.25; done' >/dev/null 2>&1 & echo started"_s.arg(marker)}));
    QCOMPARE(call->results().at(0).stdoutText, u"started\n"_s);
    // Seen running first: right after the fork its command line may not name the marker yet, and an
    // empty list then would say nothing about the watchdog.
    QTRY_VERIFY_WITH_TIMEOUT(!processesMatching(marker.toUtf8()).isEmpty() || stopped.count() > 0, 10000);
    QTRY_VERIFY_WITH_TIMEOUT(processesMatching(marker.toUtf8()).isEmpty(), 40000);
    QCOMPARE(stopped.count(), 1);
    QCOMPARE(c->state(), Container::State::Running); // PID 1 stays: only what the commands started ends
    QTRY_COMPARE(c->liveCommandCount(), 0);
    // The watchdog measures every StorageCheckMs (500 ms); between the last measure under the limit and the
    // kill the writer adds at most one interval of output (8 MiB at 16 MiB/s) plus the 4 MiB file it is in,
    // and as much again for a timer that fires late on a loaded machine.
    const qint64 slack = 24LL * 1024 * 1024;
    c->historyStore()->waitForIdle();
    const qint64 used = StorageUsage::containerBytes(c->homeDir(), s.historyDir(c->id()));
    qInfo("home + history: %lld bytes, limit %lld", used, limit);
    QVERIFY2(used > limit - 8LL * 1024 * 1024, qPrintable(u"only %1 bytes written"_s.arg(used)));
    QVERIFY2(used <= limit + slack, qPrintable(u"%1 bytes used, limit %2"_s.arg(used).arg(limit)));

    // The next call's result and the container's log say why; the container serves it.
    RUN_CALL(next, c, shellAction({u"rm -f f*; echo cleaned"_s}));
    const CommandResult r = next->results().at(0);
    QCOMPARE(r.stdoutText, u"cleaned\n"_s);
    const QString why = u"background processes stopped: storage limit of 67108864 bytes exceeded"_s;
    QVERIFY2(r.stderrText.contains(why), qPrintable(r.stderrText));
    QFile log(s.initLogPath(c->id()));
    QVERIFY(log.open(QIODevice::ReadOnly));
    QVERIFY(QString::fromUtf8(log.readAll()).contains(why));
    RUN_CALL(again, c, shellAction({u"echo quiet"_s}));
    QVERIFY(!again->results().at(0).stderrText.contains(why));
}

void TestLimits::gigabyteOfOutput()
{
    RUN_CALL(call, m_other, shellAction({u"head -c 1000000000 /dev/zero | tr '\\0' x"_s}, 120000, 1000));
    const CommandResult r = call->results().at(0);
    QCOMPARE(r.outcome, CommandOutcome::exit(0));
    QCOMPARE(r.stdoutDropped, qint64(1000000000 - 1000));
    QCOMPARE(r.stdoutText, u"x"_s.repeated(1000) + truncationMarker(1000000000 - 1000));
}

QTEST_GUILESS_MAIN(TestLimits)
#include "test_limits.moc"
