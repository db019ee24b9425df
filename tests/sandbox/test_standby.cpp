// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandboxtestutil.h"

#include "sandbox/initprocess.h"
#include "sandbox/net/networkpolicy.h"

#include <QRegularExpression>
#include <QTemporaryDir>

#include <csignal>

using namespace Qt::StringLiterals;

// A container taken from a launcher started ahead of need (ContainerManager::setPrewarm) builds most of its
// root before it knows which container it is; it must end up exactly like one started on demand. And the
// command process PID 1 keeps ready between commands must behave like one started for the command.
class TestStandby final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void takenFromAStandby();
    void sameRootAsOnDemand();
    void ownIdentityAndWorkspace();
    void hostPathsStayHidden();
    void proxySocketWithAPolicy();
    void severalInARow();
    void commandsWithoutASpareStillRun();
    void firstCommandInAShellStartedAhead();
    void oldSpareIsReplaced();

private:
    Container *standbyContainer(const NetworkPolicy &policy = NetworkPolicy::disabled());
    QString run(Container *c, const QString &command, int *exitCode = nullptr);

    QTemporaryDir m_dir;
    ContainerManager *m_manager = nullptr;
};

namespace {

QByteArray commandLine(qint64 pid)
{
    QFile f(u"/proc/%1/cmdline"_s.arg(pid));
    return f.open(QIODevice::ReadOnly) ? f.readAll().replace('\0', ' ') : QByteArray();
}

QList<qint64> childrenOf(qint64 pid)
{
    QFile f(u"/proc/%1/task/%1/children"_s.arg(pid));
    QList<qint64> out;
    if (!f.open(QIODevice::ReadOnly))
        return out;
    for (const QByteArray &part : f.readAll().split(' ')) {
        if (!part.trimmed().isEmpty())
            out << part.trimmed().toLongLong();
    }
    return out;
}

} // namespace

void TestStandby::initTestCase()
{
    SANDBOX_REQUIRE_INIT();
    m_manager = new ContainerManager(sandboxTestSettings(m_dir.path()), this);
}

void TestStandby::cleanupTestCase()
{
    delete m_manager;
}

Container *TestStandby::standbyContainer(const NetworkPolicy &policy)
{
    // A standby is spawned at once when enabled and again a moment after one is taken.
    m_manager->setPrewarm(false);
    m_manager->setPrewarm(true);
    QTest::qWait(100);
    QString error;
    Container *c = m_manager->create(policy, &error);
    if (!c)
        qWarning("%s", qPrintable(error));
    return c;
}

QString TestStandby::run(Container *c, const QString &command, int *exitCode)
{
    ShellCall *call = c->run(shellAction({command}));
    if (!waitForCall(call) || call->results().isEmpty())
        return u"[did not run: %1]"_s.arg(call->errorString());
    const CommandResult r = call->results().constFirst();
    if (exitCode)
        *exitCode = r.outcome.exitCode;
    return r.stdoutText + r.stderrText;
}

void TestStandby::takenFromAStandby()
{
    Container *c = standbyContainer();
    QVERIFY(c);
    QCOMPARE(run(c, u"echo up"_s), u"up\n"_s);
    // The launcher of this container is the one started with --standby.
    QVERIFY2(commandLine(c->initPid()).contains("--standby"), commandLine(c->initPid()).constData());
    QCOMPARE(c->enforcement().value(u"seccomp"_s), u"on"_s);
    QCOMPARE(c->enforcement().value(u"capabilities"_s), u"none"_s);
    m_manager->setPrewarm(false);
    Container *onDemand = m_manager->create();
    QCOMPARE(run(onDemand, u"echo up"_s), u"up\n"_s);
    QVERIFY(!commandLine(onDemand->initPid()).contains("--standby"));
    QCOMPARE(c->enforcement(), onDemand->enforcement());
}

void TestStandby::sameRootAsOnDemand()
{
    // Every mount (where, how, what) and every top-level entry is the same either way.
    const QString probe = u"awk '{print $5, $6, $8}' /proc/self/mountinfo; "
                          "ls -la / | awk '{print $1, $3, $4, $9, $10, $11}'; ls -la /etc /dev | "
                          "awk '{print $1, $3, $4, $9, $10, $11}'"_s;
    Container *standby = standbyContainer();
    QVERIFY(standby);
    m_manager->setPrewarm(false);
    Container *onDemand = m_manager->create();
    QVERIFY(onDemand);
    int code = -1;
    const QString a = run(standby, probe, &code);
    QCOMPARE(code, 0);
    const QString b = run(onDemand, probe, &code);
    QCOMPARE(code, 0);
    QVERIFY2(a.contains(u"/workspace/home"_s), qPrintable(a));
    QCOMPARE(a, b);
}

void TestStandby::ownIdentityAndWorkspace()
{
    Container *c = standbyContainer();
    QVERIFY(c);
    QVERIFY(placeFile(c, u"from-host.txt"_s, "host side\n"));
    const QString out = run(c, u"hostname; cat /etc/hostname; grep -c %1 /etc/hosts; id -u; pwd; "
                               "cat from-host.txt; echo inside > from-container.txt"_s.arg(c->id()));
    QCOMPARE(out, u"%1\n%1\n1\n1000\n/workspace/home\nhost side\n"_s.arg(c->id()));
    QFile f(c->homeDir() + u"/from-container.txt"_s);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), QByteArray("inside\n"));
}

void TestStandby::hostPathsStayHidden()
{
    // The root is built over /sys in the launcher's own mount namespace; neither that nor any host path
    // shows inside.
    const QString canary = m_dir.path() + u"/canary.txt"_s;
    QFile f(canary);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("standby-host-canary\n");
    f.close();
    Container *c = standbyContainer();
    QVERIFY(c);
    int code = -1;
    const QString out = run(c,
                            u"cat %1 2>&1; ls /sys 2>&1; ls %2 2>&1; grep -rs standby-host-canary /tmp "
                            "/workspace /root /home /run; true"_s.arg(canary, m_dir.path()),
                            &code);
    QVERIFY2(!out.contains(u"standby-host-canary"_s), qPrintable(out));
    QCOMPARE(out.count(u"No such file"_s), 3);
    QCOMPARE(run(c, u"touch /usr/x /etc/x 2>&1 | grep -c Read-only"_s), u"2\n"_s);
}

void TestStandby::proxySocketWithAPolicy()
{
    QString error;
    const std::optional<NetworkPolicy> policy = NetworkPolicy::fromEntries({u"example.com"_s}, &error);
    QVERIFY2(policy, qPrintable(error));
    Container *c = standbyContainer(*policy);
    QVERIFY(c);
    QCOMPARE(run(c, u"test -S /run/sandbench/egress.sock && echo socket"_s), u"socket\n"_s);
    QVERIFY(commandLine(c->initPid()).contains("--standby"));
    QCOMPARE(c->enforcement().value(u"network"_s), u"proxy"_s);
    // Without a policy there is no socket.
    Container *plain = standbyContainer();
    QCOMPARE(run(plain, u"ls /run"_s), QString());
}

void TestStandby::severalInARow()
{
    QStringList ids, names;
    for (int i = 0; i < 4; ++i) {
        Container *c = standbyContainer();
        QVERIFY(c);
        ids << c->id();
        names << run(c, u"hostname"_s).trimmed();
        QVERIFY(m_manager->remove(c->id()));
    }
    QCOMPARE(names, ids);
}

void TestStandby::commandsWithoutASpareStillRun()
{
    // PID 1 keeps one command process ready (its only child once a command is done); when that one is gone
    // the next command starts the slow way and a new one is made after it.
    Container *c = standbyContainer();
    QVERIFY(c);
    QCOMPARE(run(c, u"echo first"_s), u"first\n"_s);
    const QList<qint64> pid1 = childrenOf(c->initPid());
    QCOMPARE(pid1.size(), 1);
    QTRY_COMPARE(childrenOf(pid1.constFirst()).size(), 1);
    const qint64 spare = childrenOf(pid1.constFirst()).constFirst();
    QVERIFY(::kill(pid_t(spare), SIGKILL) == 0);
    QTRY_VERIFY(!childrenOf(pid1.constFirst()).contains(spare));
    QCOMPARE(run(c, u"echo second; sleep 0.2 & wait"_s), u"second\n"_s);
    QTRY_COMPARE(childrenOf(pid1.constFirst()).size(), 1);
    QCOMPARE(run(c, u"echo third"_s), u"third\n"_s);
    // A command's whole tree still ends with its timeout.
    ShellCall *call = c->run(shellAction({u"sleep 60 & sleep 60"_s}, 500));
    QVERIFY(waitForCall(call));
    QCOMPARE(call->results().constFirst().outcome.type, CommandOutcome::Type::Timeout);
    QCOMPARE(run(c, u"echo after"_s), u"after\n"_s);
}

void TestStandby::firstCommandInAShellStartedAhead()
{
    // The first command of a container from a standby goes to a shell started before the container had its
    // name and workspace (its reader shows in its command line). It sees what a command started for it sees:
    // the same probe, run again in the same container with another environment (which no shell started ahead
    // has), prints the same but for that variable and the command line. A file placed before the first
    // command is there, the workspace is nosuid and nodev in both, and neither can read its reaper's /proc.
    // (Mounts are compared as a set: the workspace reached the first shell's namespace last.)
    const QString probe =
        uR"probe(echo "start=$_ ${BASH_EXECUTION_STRING:0:4} args=$0 $#"; pwd; umask; trap -p; alias
declare -p OLDPWD PWD HOSTNAME SHLVL 2>&1; env | sort; ls /proc/$$/fd >/tmp/probe-fds; tr '\n' ' ' </tmp/probe-fds; echo
grep -E '^(Uid|Gid|Groups|CapEff|CapBnd|NoNewPrivs|Seccomp|SigBlk|SigIgn):' /proc/self/status
cat /proc/self/limits /proc/self/cgroup; for n in user net uts ipc cgroup; do readlink /proc/self/ns/$n; done
ls /proc/1/fd /proc/1/environ >/dev/null 2>&1 && echo "reaper open" || echo "reaper closed"
awk '{print $5, $6}' /proc/self/mountinfo | sort; ls; ls /proc >/tmp/probe-procs; grep -c '^[0-9]' /tmp/probe-procs
echo "cmdline=$(tr '\0\n' '  ' </proc/$$/cmdline)")probe"_s;
    Container *c = standbyContainer();
    QVERIFY(c);
    QVERIFY(placeFile(c, u"placed.txt"_s, "before\n"));
    ShellCall *first = c->run(shellAction({probe}));
    QVERIFY(waitForCall(first));
    QCOMPARE(first->results().constFirst().outcome, CommandOutcome::exit(0));
    QStringList ahead = first->results().constFirst().stdoutText.split(u'\n');
    ShellCall *direct = c->run(shellAction({probe}), {u"PROBE_ENV=direct"_s});
    QVERIFY(waitForCall(direct));
    QCOMPARE(direct->results().constFirst().outcome, CommandOutcome::exit(0));
    QStringList started = direct->results().constFirst().stdoutText.split(u'\n');

    const QString aheadCommandLine = ahead.filter(u"cmdline="_s).value(0);
    QVERIFY2(aheadCommandLine.contains(u"builtin cd -- /workspace/home"_s), qPrintable(aheadCommandLine));
    QVERIFY2(!started.filter(u"cmdline="_s).value(0).contains(u"builtin cd"_s),
             qPrintable(started.join(u'\n')));
    QVERIFY(started.removeAll(u"PROBE_ENV=direct"_s) == 1);
    for (QStringList *lines : {&ahead, &started})
        lines->removeIf([](const QString &line) { return line.startsWith(u"cmdline="_s); });
    QVERIFY2(ahead.contains(u"placed.txt"_s), qPrintable(ahead.join(u'\n')));
    // Its reaper (PID 1 of its namespace, the sandbox user's too) holds the control socket: out of reach.
    QVERIFY2(ahead.contains(u"reaper closed"_s), qPrintable(ahead.join(u'\n')));
    QVERIFY2(ahead.contains(u"HOSTNAME=%1"_s.arg(c->id())), qPrintable(ahead.join(u'\n')));
    QVERIFY2(ahead.filter(QRegularExpression(u"^/workspace/home rw,nosuid,nodev"_s)).size() == 2,
             qPrintable(ahead.join(u'\n')));
    QCOMPARE(ahead, started);
}

void TestStandby::oldSpareIsReplaced()
{
    // A spare keeps the host's mount table from when it started; after StandbyPool::MaxSpareAgeMs a new one
    // takes its place and the old launcher ends.
    StandbyPool pool(sandboxTestSettings(m_dir.path() + u"/renew"_s));
    pool.setEnabled(true);
    const qint64 first = pool.sparePid();
    QVERIFY(first > 0);
    // The launcher's command line shows once it has exec'd (spawn returns right after the fork).
    QTRY_VERIFY(commandLine(first).contains("--standby"));
    pool.renew();
    const qint64 second = pool.sparePid();
    QVERIFY(second > 0);
    QVERIFY(second != first);
    QTRY_VERIFY(commandLine(second).contains("--standby"));
    // Gone, or at most a zombie until the reaper collects it.
    QTRY_VERIFY_WITH_TIMEOUT(commandLine(first).isEmpty(), 10000);
    pool.setEnabled(false);
    QCOMPARE(pool.sparePid(), qint64(-1));
    QTRY_VERIFY_WITH_TIMEOUT(commandLine(second).isEmpty(), 10000);
}

QTEST_GUILESS_MAIN(TestStandby)
#include "test_standby.moc"
