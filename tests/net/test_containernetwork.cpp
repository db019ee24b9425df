// SPDX-License-Identifier: GPL-3.0-or-later
// End to end: commands in a real container reach the outside only through the egress proxy, and only
// where the container's network policy allows.
#include "../sandbox/sandboxtestutil.h"
#include "testhosts.h"

#include "sandbox/net/networkpolicy.h"

#include <QDir>
#include <QFile>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

constexpr int ContainerOpenFiles = 777;

// The parent of a process, from its stat: "pid (comm) state ppid ...".
qint64 parentOf(qint64 pid)
{
    QFile stat(u"/proc/%1/stat"_s.arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return qint64(-1);
    const QByteArray text = stat.readAll();
    // comm may hold spaces, so read after its closing parenthesis.
    const QList<QByteArray> fields = text.mid(text.lastIndexOf(')') + 2).split(' ');
    return fields.size() > 1 ? fields[1].toLongLong() : qint64(-1);
}

// The host pid of the container's relay: the process named sandbench-relay below the container's init.
qint64 relayPid(qint64 initPid)
{
    const QStringList pids = QDir(u"/proc"_s).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &entry : pids) {
        bool number = false;
        const qint64 pid = entry.toLongLong(&number);
        QFile comm(u"/proc/%1/comm"_s.arg(entry));
        if (!number || !comm.open(QIODevice::ReadOnly) || comm.readAll().trimmed() != "sandbench-relay")
            continue;
        for (qint64 up = parentOf(pid); up > 1; up = parentOf(up))
            if (up == initPid)
                return pid;
    }
    return -1;
}

// Every process whose ancestry reaches pid, pid included.
QList<qint64> processesBelow(qint64 root)
{
    QList<qint64> found;
    const QStringList pids = QDir(u"/proc"_s).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &entry : pids) {
        bool number = false;
        const qint64 pid = entry.toLongLong(&number);
        if (!number)
            continue;
        for (qint64 up = pid; up > 1; up = parentOf(up))
            if (up == root) {
                found << pid;
                break;
            }
    }
    return found;
}

// What a /proc link says ("socket:[INODE]", "net:[INODE]"), not resolved against the file system.
QByteArray linkText(const QString &path)
{
    char buf[128];
    const ssize_t n = ::readlink(QFile::encodeName(path).constData(), buf, sizeof buf);
    return n > 0 ? QByteArray(buf, n) : QByteArray();
}

// "socket:[INODE]" of every socket a process has open.
QSet<QByteArray> socketsOf(qint64 pid)
{
    QSet<QByteArray> sockets;
    const QDir fds(u"/proc/%1/fd"_s.arg(pid));
    for (const QString &fd : fds.entryList(QDir::Files | QDir::System | QDir::NoDotAndDotDot)) {
        const QByteArray link = linkText(fds.filePath(fd));
        if (link.startsWith("socket:["))
            sockets.insert(link);
    }
    return sockets;
}

// "socket:[INODE]" of the TCP sockets listening on 127.0.0.1 on these ports in pid's network namespace.
QSet<QByteArray> listeningSockets(qint64 pid, const QList<int> &ports)
{
    QSet<QByteArray> sockets;
    QFile tcp(u"/proc/%1/net/tcp"_s.arg(pid));
    if (!tcp.open(QIODevice::ReadOnly))
        return sockets;
    for (const QByteArray &line : tcp.readAll().split('\n')) {
        const QList<QByteArray> f = line.simplified().split(' ');
        if (f.size() < 10 || f[3] != "0A")
            continue;
        for (const int port : ports)
            if (f[1] == "0100007F:" + QByteArray::number(port, 16).toUpper().rightJustified(4, '0'))
                sockets.insert("socket:[" + f[9] + ']');
    }
    return sockets;
}

} // namespace

class TestContainerNetwork final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void noPolicyMeansNoNetwork();
    void allowlistedHostOverHttpAndHttps();
    void directConnectionHasNoRoute();
    void refusedHostsAndPorts();
    void pipInstallsFromAllowlistedIndex();
    void policyIsFixedWhileRunning();
    void stoppingReportsOpenConnections();
    void egressListenersAreTheEnginesAlone();

private:
    CommandResult runOne(Container *container, const QString &command, int timeoutMs = 60000);
    Container *containerWith(const QStringList &allowed);

    QTemporaryDir m_dir;
    TestHosts m_hosts;
    std::unique_ptr<ContainerManager> m_manager;
    QList<EgressEvent> m_events;
};

void TestContainerNetwork::initTestCase()
{
    const QString reason = TestHosts::unavailableReason();
    if (!reason.isEmpty())
        QSKIP(qPrintable(reason));
    QVERIFY(m_dir.isValid());
    QString error;
    QVERIFY2(m_hosts.setUp(m_dir.path() + u"/hosts"_s, &error), qPrintable(error));
    SandboxSettings settings = sandboxTestSettings(m_dir.path() + u"/data"_s);
    // Unlike the engine's own limit (tests check the relay does not inherit that).
    settings.limits.maxOpenFiles = ContainerOpenFiles;
    m_manager = std::make_unique<ContainerManager>(settings);
}

void TestContainerNetwork::cleanupTestCase()
{
    m_manager.reset();
    m_hosts.tearDown();
}

CommandResult TestContainerNetwork::runOne(Container *container, const QString &command, int timeoutMs)
{
    ShellCall *call = container->run(shellAction({command}, timeoutMs));
    if (!waitForCall(call, timeoutMs + 30000) || call->results().isEmpty()) {
        qWarning("call failed: %s", qPrintable(call->errorString()));
        return {};
    }
    return call->results().constFirst();
}

Container *TestContainerNetwork::containerWith(const QStringList &allowed)
{
    Container *c = m_manager->create();
    QString error;
    const std::optional<NetworkPolicy> policy = NetworkPolicy::fromEntries(allowed, &error);
    if (!policy || !c->setNetworkPolicy(*policy)) {
        qWarning("bad policy: %s", qPrintable(error));
        return nullptr;
    }
    c->setEgressHostMap(TestHosts::hostMap());
    connect(c, &Container::egressEvent, this, [this](const EgressEvent &e) { m_events.append(e); });
    // The test CA, where the sandbox user can read it.
    QFile::copy(m_hosts.certificatePath(), c->homeDir() + u"/test-ca.pem"_s);
    QFile::setPermissions(c->homeDir() + u"/test-ca.pem"_s,
                          QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther);
    return c;
}

void TestContainerNetwork::noPolicyMeansNoNetwork()
{
    Container *c = m_manager->create();
    const CommandResult r =
        runOne(c, u"curl -s -o /dev/null -w '%{http_code}' --max-time 5 https://example.com"_s);
    QCOMPARE(r.stdoutText, u"000"_s);
    QCOMPARE(r.outcome.type, CommandOutcome::Type::Exit);
    QVERIFY(r.outcome.exitCode != 0);
    // No relay, no proxy variables at all.
    const CommandResult env = runOne(c, u"env | grep -ci proxy; ss -ltn 2>/dev/null | grep -c 3128"_s);
    QCOMPARE(env.stdoutText.split(u'\n', Qt::SkipEmptyParts), QStringList({u"0"_s, u"0"_s}));
}

void TestContainerNetwork::allowlistedHostOverHttpAndHttps()
{
    Container *c = containerWith({u"web.sandbench.test"_s});
    QVERIFY(c);
    const CommandResult http = runOne(c, u"curl -s --max-time 20 http://web.sandbench.test/hello.txt"_s);
    QVERIFY2(http.outcome.exitCode == 0, qPrintable(http.stderrText));
    QVERIFY2(!http.stdoutText.isEmpty(), qPrintable(http.stderrText));
    const CommandResult https =
        runOne(c, u"python3 -c \"import requests; r = requests.get('https://web.sandbench.test/hello.txt', "
                  "verify='test-ca.pem', timeout=20); print(r.status_code)\""_s);
    QVERIFY2(https.outcome.exitCode == 0, qPrintable(https.stderrText));
    QCOMPARE(https.stdoutText.trimmed(), u"200"_s);
    QTRY_VERIFY(std::any_of(m_events.cbegin(), m_events.cend(), [](const EgressEvent &e) {
        return e.host == u"web.sandbench.test"_s && e.decision == EgressEvent::Decision::Allowed &&
               e.bytesDown > 0;
    }));
}

void TestContainerNetwork::directConnectionHasNoRoute()
{
    Container *c = containerWith({u"web.sandbench.test"_s, TestHosts::serverAddress()});
    QVERIFY(c);
    // Ignoring the proxy settings gets nowhere: the container has no interface but lo.
    const CommandResult r =
        runOne(c, u"curl -s --noproxy '*' -o /dev/null -w '%{http_code}' --max-time 5 http://%1/"_s.arg(
                      TestHosts::serverAddress()));
    QCOMPARE(r.stdoutText, u"000"_s);
    QCOMPARE(r.outcome.exitCode, 7); // couldn't connect
}

void TestContainerNetwork::refusedHostsAndPorts()
{
    Container *c = containerWith({u"web.sandbench.test"_s});
    QVERIFY(c);
    const CommandResult other =
        runOne(c, u"curl -s -w '\\n%{http_code}' --max-time 20 http://other.sandbench.test/"_s);
    QVERIFY2(other.stdoutText.endsWith(u"403"_s), qPrintable(other.stdoutText));
    QVERIFY(other.stdoutText.contains(u"other.sandbench.test"_s));
    const CommandResult port =
        runOne(c, u"curl -s -o /dev/null -w '%{http_code}' --max-time 20 http://web.sandbench.test:8080/"_s);
    QCOMPARE(port.stdoutText, u"403"_s);
    QTRY_VERIFY(std::any_of(m_events.cbegin(), m_events.cend(), [](const EgressEvent &e) {
        return e.host == u"other.sandbench.test"_s && e.decision == EgressEvent::Decision::Refused;
    }));
}

void TestContainerNetwork::pipInstallsFromAllowlistedIndex()
{
    Container *c = containerWith({u"web.sandbench.test"_s});
    QVERIFY(c);
    const CommandResult r =
        runOne(c,
               u"PIP_CONFIG_FILE=/dev/null python3 -m pip download --no-deps --no-cache-dir "
               u"--disable-pip-version-check "
               "--cert test-ca.pem --index-url https://web.sandbench.test/simple/ -d dl sbtestpkg && ls dl"_s,
               120000);
    QVERIFY2(r.outcome.exitCode == 0, qPrintable(r.stderrText));
    QVERIFY(r.stdoutText.contains(u"sbtestpkg-0.1-py3-none-any.whl"_s));
}

void TestContainerNetwork::policyIsFixedWhileRunning()
{
    Container *c = containerWith({u"web.sandbench.test"_s});
    QVERIFY(c);
    QCOMPARE(runOne(c, u"true"_s).outcome.exitCode, 0);
    const NetworkPolicy other = *NetworkPolicy::fromEntries({u"other.sandbench.test"_s});
    QVERIFY(!c->setNetworkPolicy(other));
    QCOMPARE(c->networkPolicy().entries(), QStringList({u"web.sandbench.test"_s}));
    QVERIFY(NetworkPolicy::mismatchError(c->id(), c->networkPolicy(), other).contains(c->id()));
    const CommandResult still =
        runOne(c, u"curl -s -o /dev/null -w '%{http_code}' --max-time 20 http://other.sandbench.test/"_s);
    QCOMPARE(still.stdoutText, u"403"_s);
}

// A download still running when its container stops is in the egress log all the same, once, by the time
// stop() returns.
void TestContainerNetwork::stoppingReportsOpenConnections()
{
    Container *c = containerWith({u"web.sandbench.test"_s});
    QVERIFY(c);
    QCOMPARE(runOne(c, u"true"_s).outcome.exitCode, 0);
    QList<EgressEvent> mine;
    const QObject collector; // ends the connection below with this test, whatever way it returns
    connect(c, &Container::egressEvent, &collector, [&mine](const EgressEvent &e) { mine.append(e); });
    // A slow 20 MiB download; `started` appears once its first bytes are through the proxy.
    ShellCall *call = c->run(shellAction({u"curl -s --limit-rate 50k http://web.sandbench.test/large.bin | "
                                          u"(head -c 1000 > /dev/null; touch started; cat > /dev/null)"_s},
                                         120000));
    QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(c->homeDir() + u"/started"_s), 30000);
    QVERIFY(mine.isEmpty());

    c->stop();
    QCOMPARE(mine.size(), 1);
    const EgressEvent event = mine.constFirst();
    QCOMPARE(event.host, u"web.sandbench.test"_s);
    QCOMPARE(event.decision, EgressEvent::Decision::Allowed);
    QCOMPARE(event.protocol, EgressEvent::Protocol::Http);
    QVERIFY(event.bytesUp > 0);
    QVERIFY2(event.bytesDown > 1000, qPrintable(QString::number(event.bytesDown)));
    QVERIFY(event.bytesDown < (20LL << 20));

    QVERIFY(waitForCall(call));
    QCoreApplication::processEvents();
    QCOMPARE(mine.size(), 1);
}

// The proxy ports' listeners are made by init before any command and handed to the engine: no relay runs,
// and no process of the container holds them (so none can accept, or tamper with, what the proxy
// accepts on them), while the engine does. The container's commands still have its descriptor limit.
void TestContainerNetwork::egressListenersAreTheEnginesAlone()
{
    Container *c = containerWith({u"web.sandbench.test"_s});
    QVERIFY(c);
    const CommandResult r = runOne(c, u"ulimit -Sn; ulimit -Hn"_s);
    QCOMPARE(r.stdoutText.split(u'\n', Qt::SkipEmptyParts), QStringList({u"777"_s, u"777"_s}));
    QCOMPARE(relayPid(c->initPid()), qint64(-1));
    const QList<qint64> inside = processesBelow(c->initPid());
    QVERIFY(inside.contains(c->initPid()));
    // The launcher may still be in the host's namespace: the table is the one of a process that is not.
    const QByteArray hostNet = linkText(u"/proc/self/ns/net"_s);
    qint64 member = -1;
    for (const qint64 pid : inside)
        if (member < 0 && linkText(u"/proc/%1/ns/net"_s.arg(pid)) != hostNet)
            member = pid;
    QVERIFY(member > 0);
    const QSet<QByteArray> listeners = listeningSockets(member, {3128, 1080});
    QCOMPARE(listeners.size(), 2);
    for (const qint64 pid : inside)
        QVERIFY2(!socketsOf(pid).intersects(listeners), qPrintable(u"pid %1 holds a listener"_s.arg(pid)));
    QCOMPARE(socketsOf(QCoreApplication::applicationPid()).intersect(listeners), listeners);
    const CommandResult http = runOne(c, u"curl -s --max-time 20 http://web.sandbench.test/hello.txt"_s);
    QVERIFY2(http.stdoutText.contains(u"hello from"_s), qPrintable(http.stderrText));
    const CommandResult socks = runOne(
        c, u"curl -s --max-time 20 --proxy socks5h://127.0.0.1:1080 http://web.sandbench.test/hello.txt"_s);
    QVERIFY2(socks.stdoutText.contains(u"hello from"_s), qPrintable(socks.stderrText));
}

QTEST_GUILESS_MAIN(TestContainerNetwork)
#include "test_containernetwork.moc"
