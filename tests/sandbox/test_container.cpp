// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandboxtestutil.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>

#include <csignal>

using namespace Qt::StringLiterals;

// A real container: commands, output capture, timeouts, cancel, restart after init dies, the manager.
class TestContainer final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void osReleaseAndPython();
    void pythonSum();
    void pandasReadsWorkspaceCsv();
    void exitCodes_data();
    void exitCodes();
    void stderrSeparate();
    void environmentAndWorkdir();
    void truncation_data();
    void truncation();
    void chunksBeforeFinished();
    void timeoutKillsTree_data();
    void timeoutKillsTree();
    void cancelSkipsRemaining();
    void preparedCommandProcess();
    void readyShellLeaksNothing();
    void readyShellLimitsAndErrors();
    void callsRunInOrder();
    void initDeathFailsCallAndRestarts();
    void filesSurviveRestart();
    void enforcementReported();
    void startFailureReported();
    void managerIds();
    void managerRemove();

private:
    QTemporaryDir m_dir;
    ContainerManager *m_manager = nullptr;
    Container *m_c = nullptr;
};

void TestContainer::initTestCase()
{
    SANDBOX_REQUIRE_INIT();
    QVERIFY(m_dir.isValid());
    // Ignored here, so every launcher inherits it ignored: commands must still see it at its default.
    ::signal(SIGUSR2, SIG_IGN);
    m_manager = new ContainerManager(sandboxTestSettings(m_dir.path()), this);
    QString error;
    m_c = m_manager->create(&error);
    QVERIFY2(m_c, qPrintable(error));
}

void TestContainer::cleanupTestCase()
{
    delete m_manager;
    ::signal(SIGUSR2, SIG_DFL);
}

void TestContainer::osReleaseAndPython()
{
    RUN_CALL(call, m_c, shellAction({u"cat /etc/os-release"_s, u"python3 --version"_s}));
    QVERIFY(call->isCompleted());
    const QList<CommandResult> r = call->results();
    QCOMPARE(r.size(), 2);
    QVERIFY2(r[0].stdoutText.contains(u"PRETTY_NAME="_s), qPrintable(r[0].stdoutText));
    QVERIFY(!r[0].stdoutText.contains(u"Python"_s));
    QCOMPARE(r[0].outcome, CommandOutcome::exit(0));
    QVERIFY2(r[1].stdoutText.startsWith(u"Python 3."_s), qPrintable(r[1].stdoutText + r[1].stderrText));
    QCOMPARE(r[1].outcome, CommandOutcome::exit(0));

    const QJsonObject item = call->outputItem();
    QCOMPARE(item.value(u"type"_s).toString(), u"openrouter:shell"_s);
    QCOMPARE(item.value(u"status"_s).toString(), u"completed"_s);
    QCOMPARE(item.value(u"container_id"_s).toString(), m_c->id());
    QCOMPARE(item.value(u"call_id"_s).toString(), call->id());
    QVERIFY(call->id().startsWith(u"call_"_s));
    QCOMPARE(item.value(u"output"_s).toArray().size(), 2);
    QCOMPARE(item.value(u"output"_s).toArray().at(1).toObject().value(u"outcome"_s).toObject(),
             QJsonObject({{u"type"_s, u"exit"_s}, {u"exit_code"_s, 0}}));
}

void TestContainer::pythonSum()
{
    RUN_CALL(call, m_c, shellAction({u"python3 -c \"print(sum(range(1, 101)))\""_s}));
    QCOMPARE(call->results().at(0).stdoutText, u"5050\n"_s);
    QCOMPARE(call->results().at(0).outcome, CommandOutcome::exit(0));
}

void TestContainer::pandasReadsWorkspaceCsv()
{
    QVERIFY(placeFile(m_c, u"sales.csv"_s, "region,amount\nnorth,10\nsouth,32\nnorth,5\n"));
    RUN_CALL(call, m_c,
             shellAction({u"python3 -c \"import pandas as pd; df = pd.read_csv('sales.csv'); "
                          "print(df.groupby('region')['amount'].sum()['north'], df['amount'].sum())\""_s}));
    const CommandResult r = call->results().at(0);
    QVERIFY2(r.outcome == CommandOutcome::exit(0), qPrintable(r.stderrText));
    QCOMPARE(r.stdoutText, u"15 47\n"_s);
}

void TestContainer::exitCodes_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<int>("code");
    QTest::newRow("true") << u"true"_s << 0;
    QTest::newRow("false") << u"false"_s << 1;
    QTest::newRow("exit 3") << u"exit 3"_s << 3;
    QTest::newRow("exit 255") << u"exit 255"_s << 255;
    QTest::newRow("not found") << u"no-such-command-here"_s << 127;
    QTest::newRow("SIGKILL") << u"kill -KILL $$"_s << 137;
    QTest::newRow("SIGTERM") << u"kill -TERM $$"_s << 143;
    // Never read as the shell's own options (bash -c --version would print bash's version and exit 0).
    QTest::newRow("--version") << u"--version"_s << 127;
    QTest::newRow("-x") << u"-x"_s << 127;
}

void TestContainer::exitCodes()
{
    QFETCH(QString, command);
    QFETCH(int, code);
    RUN_CALL(call, m_c, shellAction({command}));
    QCOMPARE(call->results().at(0).outcome, CommandOutcome::exit(code));
}

void TestContainer::stderrSeparate()
{
    RUN_CALL(call, m_c, shellAction({u"echo out; echo err >&2; echo out2"_s}));
    const CommandResult r = call->results().at(0);
    QCOMPARE(r.stdoutText, u"out\nout2\n"_s);
    QCOMPARE(r.stderrText, u"err\n"_s);
}

void TestContainer::environmentAndWorkdir()
{
    ShellCall *call = m_c->run(shellAction({u"pwd; echo $HOME; echo $FOO; id -un"_s}), {u"FOO=bar baz"_s});
    QVERIFY(waitForCall(call));
    QCOMPARE(call->results().size(), 1);
    QCOMPARE(call->results().at(0).stdoutText, u"/workspace/home\n/workspace/home\nbar baz\nsandbox\n"_s);
}

void TestContainer::truncation_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<int>("maxOutput");
    QTest::addColumn<QString>("kept");
    QTest::addColumn<qint64>("dropped");
    QTest::newRow("ascii") << u"head -c 100000 /dev/zero | tr '\\0' a"_s << 1000 << u"a"_s.repeated(1000)
                           << qint64(99000);
    QTest::newRow("multibyte") << u"python3 -c \"print('€' * 5000)\""_s << 100 << u"€"_s.repeated(100)
                               << qint64(4901);
    QTest::newRow("under cap") << u"echo hello"_s << 6 << u"hello\n"_s << qint64(0);
    QTest::newRow("one over") << u"echo hello"_s << 5 << u"hello"_s << qint64(1);
}

void TestContainer::truncation()
{
    QFETCH(QString, command);
    QFETCH(int, maxOutput);
    QFETCH(QString, kept);
    QFETCH(qint64, dropped);
    RUN_CALL(call, m_c, shellAction({command, command + u" >&2"_s}, 30000, maxOutput));
    const QList<CommandResult> r = call->results();
    QCOMPARE(r.size(), 2);
    const QString expected = dropped ? kept + truncationMarker(dropped) : kept;
    QCOMPARE(r[0].stdoutText, expected);
    QCOMPARE(r[0].stdoutDropped, dropped);
    QCOMPARE(r[0].stderrText, QString());
    QCOMPARE(r[1].stderrText, expected);
    QCOMPARE(r[1].stderrDropped, dropped);
}

void TestContainer::chunksBeforeFinished()
{
    ShellCall *call = m_c->run(shellAction({u"echo one; sleep 0.5; echo two"_s, u"echo three >&2"_s}));
    QStringList events;
    QString streamed[2];
    connect(call, &ShellCall::commandStarted, this, [&](int i) { events << u"started %1"_s.arg(i); });
    connect(call, &ShellCall::outputChunk, this, [&](int i, ShellCall::Stream s, const QString &text) {
        events << u"chunk %1"_s.arg(i);
        if (i == 0 && s == ShellCall::Stream::Stdout)
            streamed[0] += text;
        if (i == 1 && s == ShellCall::Stream::Stderr)
            streamed[1] += text;
    });
    connect(call, &ShellCall::commandFinished, this,
            [&](int i, const CommandResult &) { events << u"finished %1"_s.arg(i); });
    connect(call, &ShellCall::finished, this, [&] { events << u"done"_s; });
    QVERIFY(waitForCall(call));
    QCOMPARE(streamed[0], u"one\ntwo\n"_s);
    QCOMPARE(streamed[1], u"three\n"_s);
    QCOMPARE(events.first(), u"started 0"_s);
    QCOMPARE(events.at(1), u"chunk 0"_s);
    QVERIFY(events.indexOf(u"chunk 0"_s) < events.indexOf(u"finished 0"_s));
    QVERIFY(events.indexOf(u"finished 0"_s) < events.indexOf(u"started 1"_s));
    QVERIFY(events.indexOf(u"chunk 1"_s) < events.indexOf(u"finished 1"_s));
    QCOMPARE(events.last(), u"done"_s);
    QCOMPARE(events.count(u"done"_s), 1);
}

void TestContainer::timeoutKillsTree_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QByteArray>("marker");
    QTest::newRow("setsid sleep") << u"setsid sleep 1000.4242 & sleep 1000.4243"_s << QByteArray("1000.424");
    QTest::newRow("busy loop") << u": busy-loop-marker-77; while :; do :; done"_s
                               << QByteArray("busy-loop-marker-77");
    QTest::newRow("daemon and loop")
        << u"setsid bash -c ': daemon-marker-88; while :; do sleep 1; done' & : daemon-marker-88; while :; do :; done"_s
        << QByteArray("daemon-marker-88");
}

void TestContainer::timeoutKillsTree()
{
    QFETCH(QString, command);
    QFETCH(QByteArray, marker);
    ShellCall *call = m_c->run(shellAction({command, u"echo after"_s}, 1500));
    QVERIFY(QTest::qWaitFor([&] { return call->results().size() >= 1 || call->isFinished(); }, 30000));
    QCOMPARE(call->results().at(0).outcome, CommandOutcome::timeout());
    // The whole tree is gone, setsid daemons included.
    QTRY_VERIFY_WITH_TIMEOUT(processesMatching(marker).isEmpty(), 10000);
    QVERIFY(waitForCall(call));
    // Later commands of the call still run after a timeout.
    QCOMPARE(call->results().size(), 2);
    QCOMPARE(call->results().at(1).stdoutText, u"after\n"_s);
    QVERIFY(call->isCompleted());
    QCOMPARE(call->outputItem().value(u"output"_s).toArray().at(0).toObject().value(u"outcome"_s).toObject(),
             QJsonObject({{u"type"_s, u"timeout"_s}}));
}

namespace {

// Host pids of the direct children of pid.
QList<int> childrenOf(qint64 pid)
{
    QList<int> out;
    QFile f(u"/proc/%1/task/%1/children"_s.arg(pid));
    if (f.open(QIODevice::ReadOnly)) {
        for (const QByteArray &part : f.readAll().split(' ')) {
            if (part.trimmed().toInt() > 0)
                out << part.trimmed().toInt();
        }
    }
    return out;
}

} // namespace

void TestContainer::preparedCommandProcess()
{
    // Between commands init hands the engine a command process that has dropped its privileges; the next
    // command goes straight to it and behaves like any other: output, exit code, timeout, the sandbox user.
    RUN_CALL(first, m_c, shellAction({u"true"_s}));
    QTRY_VERIFY_WITH_TIMEOUT(m_c->hasPreparedCommand(), 10000);
    ShellCall *call =
        m_c->run(shellAction({u"id -u; grep -E '^(CapEff|NoNewPrivs|Seccomp):' /proc/self/status; "
                              "echo err >&2; exit 7"_s}));
    QSignalSpy started(call, &ShellCall::commandStarted);
    QVERIFY(waitForCall(call));
    QCOMPARE(started.count(), 1);
    CommandResult r = call->results().at(0);
    QCOMPARE(r.outcome, CommandOutcome::exit(7));
    QVERIFY2(r.stdoutText.startsWith(u"1000\n"_s), qPrintable(r.stdoutText));
    QVERIFY2(r.stdoutText.contains(u"CapEff:\t0000000000000000"_s), qPrintable(r.stdoutText));
    QVERIFY2(r.stdoutText.contains(u"NoNewPrivs:\t1"_s), qPrintable(r.stdoutText));
    QVERIFY2(r.stdoutText.contains(u"Seccomp:\t2"_s), qPrintable(r.stdoutText));
    QCOMPARE(r.stderrText, u"err\n"_s);

    // A timeout ends it and its whole tree as it would any command.
    QTRY_VERIFY_WITH_TIMEOUT(m_c->hasPreparedCommand(), 10000);
    ShellCall *slow =
        m_c->run(shellAction({u"setsid sleep 1000 & exec -a spare-marker-71 sleep 1000"_s}, 1000));
    QVERIFY(waitForCall(slow));
    QCOMPARE(slow->results().at(0).outcome, CommandOutcome::timeout());
    QTRY_VERIFY_WITH_TIMEOUT(processesMatching("spare-marker-71").isEmpty(), 10000);

    // A prepared process that died before use (here: every child of PID 1 killed from the host) costs the
    // next command nothing but the direct way.
    QTRY_VERIFY_WITH_TIMEOUT(m_c->hasPreparedCommand(), 10000);
    const QList<int> pid1 = childrenOf(m_c->initPid());
    QCOMPARE(pid1.size(), 1);
    const QList<int> spare = childrenOf(pid1.first());
    QVERIFY(!spare.isEmpty());
    for (int pid : spare)
        ::kill(pid, SIGKILL);
    // Without running the event loop, so the engine still holds the dead one when the command goes out.
    QElapsedTimer clock;
    clock.start();
    auto gone = [&spare] {
        for (int pid : spare) {
            if (QFile::exists(u"/proc/%1"_s.arg(pid)))
                return false;
        }
        return true;
    };
    while (!gone() && clock.elapsed() < 10000)
        usleep(1000);
    QVERIFY(gone());
    QVERIFY(m_c->hasPreparedCommand());
    RUN_CALL(after, m_c, shellAction({u"echo still"_s}));
    QCOMPARE(after->results().at(0).stdoutText, u"still\n"_s);
    QCOMPARE(after->results().at(0).outcome, CommandOutcome::exit(0));
    // And init makes the next one.
    QTRY_VERIFY_WITH_TIMEOUT(m_c->hasPreparedCommand(), 10000);
    RUN_CALL(last, m_c, shellAction({u"echo last"_s}));
    QCOMPARE(last->results().at(0).stdoutText, u"last\n"_s);
}

namespace {

// What a command sees of its process and sandbox: cwd, umask, shell variables, traps, environment, open
// descriptors, credentials, capabilities, no_new_privs, seccomp, signal masks, rlimits, cgroup, namespaces
// (all but its own pid namespace) and how many processes its pid namespace holds.
const QString Probe =
    uR"(echo "start=$_ ${BASH_EXECUTION_STRING:0:4}"; pwd; umask; echo "leak=${LEAK-unset} x=${x-unset} args=$0 $#"; trap -p; alias; env | sort
ls /proc/$$/fd >/tmp/probe-fds; tr '\n' ' ' </tmp/probe-fds; echo; ls /proc/self/fd | tr '\n' ' '; echo
grep -E '^(Uid|Gid|Groups|CapInh|CapPrm|CapEff|CapBnd|CapAmb|NoNewPrivs|Seccomp|SigBlk|SigIgn):' /proc/self/status
cat /proc/self/limits /proc/self/cgroup; for n in user net uts ipc cgroup; do readlink /proc/self/ns/$n; done
ls /proc >/tmp/probe-procs; grep -c '^[0-9]' /tmp/probe-procs)"_s;

// Runs action with env once init has handed over a shell started ahead (with that environment, learnt from
// the command before); fails the test unless the command went to it.
ShellCall *runInReadyShell(Container *c, const ShellAction &action, const QStringList &env)
{
    // A bound, not a timing check: under a loaded machine the container's CPU share makes this take seconds.
    if (!QTest::qWaitFor([c] { return c->hasReadyShell(); }, 30000))
        return nullptr;
    ShellCall *call = c->run(action, env);
    bool tookIt = false;
    QObject::connect(
        call, &ShellCall::commandStarted, call, [c, &tookIt] { tookIt = !c->hasReadyShell(); },
        Qt::DirectConnection);
    if (!waitForCall(call) || !tookIt)
        return nullptr;
    return call;
}

} // namespace

void TestContainer::readyShellLeaksNothing()
{
    // A command that goes to the shell init started ahead sees exactly what one started for it sees, and
    // nothing of the commands before it: the same probe run the direct way (a new environment, which no
    // prepared shell has) and then twice in a shell started ahead, around a command that changes all it can.
    const QStringList env{u"PROBE_ENV=one two"_s};
    RUN_CALL(direct, m_c, shellAction({Probe}));
    {
        ShellCall *call = m_c->run(shellAction({Probe}), env);
        QVERIFY(waitForCall(call));
        QCOMPARE(call->results().at(0).outcome, CommandOutcome::exit(0));
        const QString expected = call->results().at(0).stdoutText;
        QVERIFY2(expected.contains(u"PROBE_ENV=one two"_s), qPrintable(expected));
        QVERIFY2(expected.startsWith(
                     u"start=bash echo\n/workspace/home\n0022\nleak=unset x=unset args=bash 0\n"_s),
                 qPrintable(expected));
        QVERIFY2(expected.contains(u"\n0 1 2 \n0 1 2 3 \n"_s), qPrintable(expected));
        QVERIFY2(expected.contains(u"CapEff:\t0000000000000000"_s), qPrintable(expected));
        QVERIFY2(expected.contains(u"NoNewPrivs:\t1"_s), qPrintable(expected));
        QVERIFY2(expected.contains(u"Seccomp:\t2"_s), qPrintable(expected));
        // No signal blocked, and neither PID 1's SIGPIPE nor the engine's SIGUSR2 (initTestCase) ignored.
        // (glibc's posix_spawn leaves its own two, 32 and 33, ignored in every program it starts; sigaction
        // cannot set those back.)
        QVERIFY2(expected.contains(u"SigBlk:\t0000000000000000\n"_s), qPrintable(expected));
        const QRegularExpressionMatch ignored =
            QRegularExpression(u"SigIgn:\t([0-9a-f]{16})\n"_s).match(expected);
        QVERIFY2(ignored.hasMatch(), qPrintable(expected));
        const quint64 ignoredMask = ignored.captured(1).toULongLong(nullptr, 16);
        QCOMPARE(ignoredMask & ((1ULL << (SIGPIPE - 1)) | (1ULL << (SIGUSR2 - 1))), 0ULL);
        QCOMPARE(call->results().at(0).stderrText, QString());

        ShellCall *ahead = runInReadyShell(m_c, shellAction({Probe}), env);
        QVERIFY2(ahead, "the probe did not go to a shell started ahead");
        QCOMPARE(ahead->results().at(0).stdoutText.split(u'\n'), expected.split(u'\n'));
        QCOMPARE(ahead->results().at(0).stderrText, QString());

        ShellCall *dirty = runInReadyShell(
            m_c,
            shellAction({u"cd /tmp; export LEAK=1; x=5; umask 077; ulimit -S -n 64; trap 'echo t' USR1 EXIT; "
                         "alias ll='ls -l'; exec 7>/tmp/leak-fd; trap - EXIT"_s}),
            env);
        QVERIFY2(dirty, "the command did not go to a shell started ahead");
        QCOMPARE(dirty->results().at(0).outcome, CommandOutcome::exit(0));

        ShellCall *after = runInReadyShell(m_c, shellAction({Probe}), env);
        QVERIFY2(after, "the probe did not go to a shell started ahead");
        QCOMPARE(after->results().at(0).stdoutText.split(u'\n'), expected.split(u'\n'));
    }
    // A command with the container's usual environment again: the shell made for the other one is not used.
    RUN_CALL(back, m_c, shellAction({Probe}));
    QCOMPARE(back->results().at(0).stdoutText.split(u'\n'), direct->results().at(0).stdoutText.split(u'\n'));
    QVERIFY(!back->results().at(0).stdoutText.contains(u"PROBE_ENV"_s));
}

void TestContainer::readyShellLimitsAndErrors()
{
    RUN_CALL(warmUp, m_c, shellAction({u"true"_s}));
    // Exit codes, signals, output on both streams and a syntax error, as `bash -c` reports them.
    ShellCall *exit7 = runInReadyShell(m_c, shellAction({u"echo out; echo err >&2; exit 7"_s}), {});
    QVERIFY(exit7);
    QCOMPARE(exit7->results().at(0).outcome, CommandOutcome::exit(7));
    QCOMPARE(exit7->results().at(0).stdoutText, u"out\n"_s);
    QCOMPARE(exit7->results().at(0).stderrText, u"err\n"_s);
    ShellCall *killed = runInReadyShell(m_c, shellAction({u"kill -KILL $$"_s}), {});
    QVERIFY(killed);
    QCOMPARE(killed->results().at(0).outcome, CommandOutcome::exit(137));
    ShellCall *syntax = runInReadyShell(m_c, shellAction({u"echo )"_s}), {});
    QVERIFY(syntax);
    QCOMPARE(syntax->results().at(0).outcome, CommandOutcome::exit(2));
    QVERIFY2(syntax->results().at(0).stderrText.contains(u"syntax error near unexpected token `)'"_s),
             qPrintable(syntax->results().at(0).stderrText));
    // Reads nothing from stdin; a command ending in the end mark's byte keeps it.
    ShellCall *stdinCall = runInReadyShell(
        m_c,
        shellAction({u"cat; printf '%s' \"$BASH_EXECUTION_STRING\" | tail -c 3 | od -An -tx1; : \x01"_s}),
        {});
    QVERIFY(stdinCall);
    QCOMPARE(stdinCall->results().at(0).outcome, CommandOutcome::exit(0));
    QVERIFY2(stdinCall->results().at(0).stdoutText.contains(u"3a 20 01"_s),
             qPrintable(stdinCall->results().at(0).stdoutText));

    // A timeout ends the command and its tree; the next command still finds a shell started ahead.
    ShellCall *slow = runInReadyShell(
        m_c, shellAction({u"setsid sleep 1000 & exec -a ahead-marker-72 sleep 1000"_s}, 1000), {});
    QVERIFY(slow);
    QCOMPARE(slow->results().at(0).outcome, CommandOutcome::timeout());
    QTRY_VERIFY_WITH_TIMEOUT(processesMatching("ahead-marker-72").isEmpty(), 10000);
    ShellCall *next = runInReadyShell(m_c, shellAction({u"echo next"_s}), {});
    QVERIFY(next);
    QCOMPARE(next->results().at(0).stdoutText, u"next\n"_s);

    // A long command (past the default pipe size) and one past the protocol's limit, which fails as before.
    const QString longCommand = u": "_s + QString(200 * 1024, u'x') + u"; echo long"_s;
    ShellCall *longCall = runInReadyShell(m_c, shellAction({longCommand}), {});
    QVERIFY(longCall);
    QCOMPARE(longCall->results().at(0).stdoutText, u"long\n"_s);
    QVERIFY(QTest::qWaitFor([this] { return m_c->hasReadyShell(); }, 10000));
    RUN_CALL(tooLong, m_c, shellAction({u": "_s + QString(300 * 1024, u'x')}));
    QCOMPARE(tooLong->results().at(0).outcome, CommandOutcome::exit(126));
    RUN_CALL(fine, m_c, shellAction({u"echo fine"_s}));
    QCOMPARE(fine->results().at(0).stdoutText, u"fine\n"_s);

    // Each change of environment lets the shell started ahead go unused; init frees its place (it has 64),
    // and the dropped shell runs nothing.
    for (int i = 0; i < 80; ++i) {
        QVERIFY(QTest::qWaitFor([this] { return m_c->hasReadyShell(); }, 10000));
        const QStringList env{u"FLIP=%1"_s.arg(i)};
        ShellCall *call = m_c->run(shellAction({u"echo $FLIP >> flips.txt"_s}), env);
        QVERIFY(waitForCall(call));
        QVERIFY2(call->results().value(0).outcome == CommandOutcome::exit(0),
                 qPrintable(call->errorString() + call->results().value(0).stderrText));
    }
    RUN_CALL(flips, m_c,
             shellAction({u"wc -l < flips.txt; sort -n flips.txt | uniq | wc -l; rm flips.txt"_s}));
    QCOMPARE(flips->results().at(0).stdoutText, u"80\n80\n"_s);
}

void TestContainer::cancelSkipsRemaining()
{
    ShellCall *call = m_c->run(shellAction({u": cancel-marker-55; sleep 1000"_s, u"echo never"_s}));
    QSignalSpy started(call, &ShellCall::commandStarted);
    QTRY_COMPARE_WITH_TIMEOUT(started.count(), 1, 30000);
    call->cancel();
    QVERIFY(waitForCall(call));
    QCOMPARE(call->results().size(), 1);
    QVERIFY(!call->isCompleted());
    QCOMPARE(call->outputItem().value(u"status"_s).toString(), u"incomplete"_s);
    QTRY_VERIFY_WITH_TIMEOUT(processesMatching("cancel-marker-55").isEmpty(), 10000);
    // The container still works.
    RUN_CALL(next, m_c, shellAction({u"echo ok"_s}));
    QCOMPARE(next->results().at(0).stdoutText, u"ok\n"_s);
}

void TestContainer::callsRunInOrder()
{
    ShellCall *a = m_c->run(shellAction({u"sleep 0.3; echo a >> order.txt"_s}));
    ShellCall *b = m_c->run(shellAction({u"echo b >> order.txt; cat order.txt; rm order.txt"_s}));
    QVERIFY(waitForCall(b));
    QVERIFY(a->isFinished());
    QCOMPARE(b->results().at(0).stdoutText, u"a\nb\n"_s);
}

void TestContainer::initDeathFailsCallAndRestarts()
{
    ShellCall *call = m_c->run(shellAction({u"sleep 1000"_s, u"echo never"_s}));
    QSignalSpy started(call, &ShellCall::commandStarted);
    QTRY_COMPARE_WITH_TIMEOUT(started.count(), 1, 30000);
    QVERIFY(m_c->initPid() > 0);
    QSignalSpy stopped(m_c, &Container::stopped);
    ::kill(pid_t(m_c->initPid()), SIGKILL);
    QVERIFY(waitForCall(call, 20000));
    QCOMPARE(call->results().size(), 1);
    QVERIFY(!call->isCompleted());
    QVERIFY(!call->errorString().isEmpty());
    QCOMPARE(stopped.count(), 1);
    QCOMPARE(m_c->state(), Container::State::Stopped);
    RUN_CALL(next, m_c, shellAction({u"echo back"_s}));
    QCOMPARE(next->results().at(0).stdoutText, u"back\n"_s);
    QCOMPARE(m_c->state(), Container::State::Running);
}

void TestContainer::filesSurviveRestart()
{
    RUN_CALL(write, m_c, shellAction({u"echo kept > kept.txt; export GONE=1"_s}));
    m_c->stop();
    QCOMPARE(m_c->state(), Container::State::Stopped);
    RUN_CALL(read, m_c, shellAction({u"cat kept.txt; echo \"[$GONE]\""_s}));
    QCOMPARE(read->results().at(0).stdoutText, u"kept\n[]\n"_s);
}

void TestContainer::enforcementReported()
{
    RUN_CALL(call, m_c, shellAction({u"true"_s}));
    const QMap<QString, QString> e = m_c->enforcement();
    QVERIFY2(!e.isEmpty(), "READY carried no enforcement lines");
    QCOMPARE(e.value(u"uid"_s), u"1000"_s);
    QCOMPARE(e.value(u"seccomp"_s), u"on"_s);
    QCOMPARE(e.value(u"no_new_privs"_s), u"on"_s);
}

void TestContainer::startFailureReported()
{
    QTemporaryDir dir;
    SandboxSettings s = sandboxTestSettings(dir.path());
    s.initPath = dir.path() + u"/no-such-init"_s;
    Container c(u"broken"_s, s);
    QSignalSpy failed(&c, &Container::failed);
    ShellCall *call = c.run(shellAction({u"true"_s}));
    QVERIFY(waitForCall(call, 10000));
    QVERIFY(call->results().isEmpty());
    QVERIFY(call->errorString().contains(u"no-such-init"_s));
    QCOMPARE(failed.count(), 1);
    QCOMPARE(c.state(), Container::State::Failed);
}

void TestContainer::managerIds()
{
    QString error;
    Container *c = m_manager->create(&error);
    QVERIFY(c);
    QVERIFY2(QRegularExpression(u"^sess_[A-Za-z0-9]{20}$"_s).match(c->id()).hasMatch(), qPrintable(c->id()));
    QCOMPARE(m_manager->find(c->id()), c);
    QCOMPARE(m_manager->findOrCreate(c->id(), &error), c);
    QVERIFY(!m_manager->findOrCreate(u"bad id!"_s, &error));
    QVERIFY(error.contains(u"bad id!"_s));
    QVERIFY(!m_manager->findOrCreate(u"a"_s.repeated(41), &error));
    QVERIFY(m_manager->findOrCreate(u"a"_s.repeated(40), &error));
    QVERIFY(!m_manager->findOrCreate(QString(), &error));
    QVERIFY(m_manager->findOrCreate(u"my-session_1"_s, &error));
    QVERIFY(m_manager->list().contains(c));
}

void TestContainer::managerRemove()
{
    Container *c = m_manager->findOrCreate(u"to-remove"_s);
    QVERIFY(c);
    RUN_CALL(call, c, shellAction({u"echo x > file"_s}));
    const QString dir = m_manager->settings().containerDir(u"to-remove"_s);
    QVERIFY(QFileInfo::exists(dir + u"/home/file"_s));
    QVERIFY(m_manager->remove(u"to-remove"_s));
    QVERIFY(!QFileInfo::exists(dir));
    QVERIFY(!m_manager->find(u"to-remove"_s));
}

QTEST_GUILESS_MAIN(TestContainer)
#include "test_container.moc"
