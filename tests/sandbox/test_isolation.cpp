// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandboxtestutil.h"

#include <QTcpServer>
#include <QTemporaryDir>

using namespace Qt::StringLiterals;

// What a command inside a container must not see or do.
class TestIsolation final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void hostFilesInvisible();
    void otherContainerInvisible();
    void hostProcessesInvisible();
    void hostLoopbackUnreachable();
    void onlyLoopbackInterface();
    void systemDirsReadOnly_data();
    void systemDirsReadOnly();
    void sandboxUser();
    void privilegedOperationsFail_data();
    void privilegedOperationsFail();

private:
    CommandResult runOne(const QString &command);

    QTemporaryDir m_dir;
    QTemporaryDir m_hostHome;
    ContainerManager *m_manager = nullptr;
    Container *m_a = nullptr;
    Container *m_b = nullptr;
};

void TestIsolation::initTestCase()
{
    SANDBOX_REQUIRE_INIT();
    m_manager = new ContainerManager(sandboxTestSettings(m_dir.path()), this);
    m_a = m_manager->findOrCreate(u"iso-a"_s);
    m_b = m_manager->findOrCreate(u"iso-b"_s);
    QVERIFY(m_a && m_b);
}

void TestIsolation::cleanupTestCase()
{
    delete m_manager;
}

CommandResult TestIsolation::runOne(const QString &command)
{
    ShellCall *call = m_a->run(shellAction({command}));
    if (!waitForCall(call) || call->results().isEmpty()) {
        CommandResult failed;
        failed.outcome = CommandOutcome::exit(-1);
        failed.stderrText = u"call did not run: "_s + call->errorString();
        return failed;
    }
    return call->results().constFirst();
}

void TestIsolation::hostFilesInvisible()
{
    // A canary in a host home-like directory, world readable, must not be reachable by any path.
    const QString canary = m_hostHome.path() + u"/canary.txt"_s;
    QFile f(canary);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("host-secret-canary\n");
    f.close();
    QFile::setPermissions(canary, QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther | QFile::WriteOwner);
    const CommandResult r = runOne(
        u"cat %1; ls /root /home 2>&1; grep -rs host-secret-canary /tmp /workspace /root /home; true"_s.arg(
            canary));
    QVERIFY2(!r.stdoutText.contains(u"host-secret-canary"_s), qPrintable(r.stdoutText));
    QVERIFY2(r.stderrText.contains(u"No such file"_s), qPrintable(r.stderrText));
    // The test data dir (which holds every container) is not mounted either.
    const CommandResult d = runOne(u"ls %1"_s.arg(m_dir.path()));
    QVERIFY(d.outcome.exitCode != 0);
}

void TestIsolation::otherContainerInvisible()
{
    ShellCall *write = m_b->run(shellAction({u"echo b-secret-payload > secret.txt"_s}));
    QVERIFY(waitForCall(write));
    QCOMPARE(write->results().size(), 1);
    QCOMPARE(write->results().at(0).outcome, CommandOutcome::exit(0));
    const QString bHome = m_b->homeDir();
    const CommandResult r = runOne(
        u"cat %1/secret.txt; ls /workspace; cat /workspace/*/secret.txt; "
        "grep -rs b-secret-payload /workspace /tmp /home /root /mnt /srv /opt /var /run; true"_s.arg(bHome));
    QVERIFY2(!r.stdoutText.contains(u"b-secret-payload"_s), qPrintable(r.stdoutText));
    QCOMPARE(r.stdoutText.trimmed(), u"home"_s);
}

void TestIsolation::hostProcessesInvisible()
{
    const CommandResult r = runOne(u"ps -eo pid=,comm="_s);
    QCOMPARE(r.outcome, CommandOutcome::exit(0));
    const QStringList lines = r.stdoutText.split(u'\n', Qt::SkipEmptyParts);
    // Only the command's own processes (and possibly init): never the test process or host daemons.
    QVERIFY2(lines.size() <= 4, qPrintable(r.stdoutText));
    QVERIFY2(!r.stdoutText.contains(u"test_isolation"_s), qPrintable(r.stdoutText));
    const CommandResult proc = runOne(u"ls /proc | grep -c '^[0-9]'"_s);
    QVERIFY2(proc.stdoutText.trimmed().toInt() <= 5, qPrintable(proc.stdoutText));
}

void TestIsolation::hostLoopbackUnreachable()
{
    QTcpServer server;
    QVERIFY(server.listen(QHostAddress::LocalHost));
    int connections = 0;
    connect(&server, &QTcpServer::newConnection, this, [&] {
        ++connections;
        delete server.nextPendingConnection();
    });
    const CommandResult r =
        runOne(u"python3 -c \"import socket; s = socket.socket(); s.settimeout(3); "
               "r = s.connect_ex(('127.0.0.1', %1)); print('connect', r)\""_s.arg(server.serverPort()));
    QCOMPARE(r.outcome, CommandOutcome::exit(0));
    QVERIFY2(r.stdoutText.startsWith(u"connect "_s), qPrintable(r.stdoutText + r.stderrText));
    QVERIFY2(r.stdoutText.trimmed() != u"connect 0"_s, "the host's loopback service was reachable");
    QTest::qWait(100);
    QCOMPARE(connections, 0);
}

void TestIsolation::onlyLoopbackInterface()
{
    const CommandResult r = runOne(u"tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' '"_s);
    QCOMPARE(r.outcome, CommandOutcome::exit(0));
    QCOMPARE(r.stdoutText.split(u'\n', Qt::SkipEmptyParts), QStringList{u"lo"_s});
    const CommandResult ip = runOne(u"ip -o link 2>/dev/null | cut -d: -f2 | tr -d ' ' || true"_s);
    if (!ip.stdoutText.isEmpty())
        QCOMPARE(ip.stdoutText.split(u'\n', Qt::SkipEmptyParts), QStringList{u"lo"_s});
}

void TestIsolation::systemDirsReadOnly_data()
{
    QTest::addColumn<QString>("command");
    QTest::newRow("/usr") << u"touch /usr/sandbench-x"_s;
    QTest::newRow("/usr/bin") << u"echo x > /usr/bin/python3"_s;
    QTest::newRow("/etc") << u"touch /etc/sandbench-x"_s;
    QTest::newRow("/etc/passwd") << u"echo x >> /etc/passwd"_s;
    QTest::newRow("/") << u"mkdir /sandbench-x"_s;
}

void TestIsolation::systemDirsReadOnly()
{
    QFETCH(QString, command);
    const CommandResult r = runOne(command);
    QVERIFY2(r.outcome.exitCode != 0, qPrintable(r.stderrText));
    QVERIFY(!QFileInfo::exists(u"/usr/sandbench-x"_s) && !QFileInfo::exists(u"/etc/sandbench-x"_s));
}

void TestIsolation::sandboxUser()
{
    const CommandResult r =
        runOne(u"id -u; id -g; touch /workspace/home/w && touch /tmp/t && echo writable"_s);
    QCOMPARE(r.stdoutText, u"1000\n1000\nwritable\n"_s);
}

void TestIsolation::privilegedOperationsFail_data()
{
    QTest::addColumn<QString>("command");
    QTest::newRow("mount") << u"mount -t tmpfs none /tmp"_s;
    QTest::newRow("unshare mount") << u"unshare -Urm mount -t tmpfs none /tmp"_s;
    QTest::newRow("mknod") << u"mknod /tmp/null2 c 1 3"_s;
    QTest::newRow("proc/sys write") << u"echo 1 > /proc/sys/kernel/sysrq"_s;
    QTest::newRow("pid 1 environ") << u"cat /proc/1/environ"_s;
    QTest::newRow("ptrace pid 1")
        << u"python3 -c \"import ctypes, sys; libc = ctypes.CDLL(None, use_errno=True); "
           "sys.exit(0 if libc.ptrace(16, 1, 0, 0) == 0 else 1)\""_s;
    QTest::newRow("setuid root") << u"python3 -c \"import os; os.setuid(0)\""_s;
    QTest::newRow("raw socket")
        << u"python3 -c \"import socket; socket.socket(socket.AF_INET, socket.SOCK_RAW, 1)\""_s;
}

void TestIsolation::privilegedOperationsFail()
{
    QFETCH(QString, command);
    const CommandResult r = runOne(command);
    QVERIFY2(r.outcome.exitCode != 0, qPrintable(u"succeeded: "_s + r.stdoutText + r.stderrText));
    QVERIFY(r.outcome.exitCode != -1);
}

QTEST_GUILESS_MAIN(TestIsolation)
#include "test_isolation.moc"
