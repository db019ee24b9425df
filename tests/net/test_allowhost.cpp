// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 17, network allow at run time: a host a container was refused, once allowed, is reachable after
// the container restarts with its files and the new policy; the new policy is saved for the next start.
#include "../sandbox/sandboxtestutil.h"
#include "testhosts.h"

#include "sandbox/history/containerregistry.h"
#include "sandbox/net/networkpolicy.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

class TestAllowHost final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void refusedHostAllowedIsReachableAfterRestart();
    void allowWhileACallRunsWaitsForIt();
    void sleepingContainerStartsWithTheNewPolicy();
    void badInput_data();
    void badInput();
    void fullListIsRefused();

private:
    CommandResult runOne(Container *container, const QString &command, int timeoutMs = 60000);
    Container *containerWith(const QStringList &allowed);

    QTemporaryDir m_dir;
    TestHosts m_hosts;
    std::unique_ptr<ContainerManager> m_manager;
    QList<EgressEvent> m_events;
};

void TestAllowHost::initTestCase()
{
    const QString reason = TestHosts::unavailableReason();
    if (!reason.isEmpty())
        QSKIP(qPrintable(reason));
    QVERIFY(m_dir.isValid());
    QString error;
    QVERIFY2(m_hosts.setUp(m_dir.path() + u"/hosts"_s, &error), qPrintable(error));
    m_manager = std::make_unique<ContainerManager>(sandboxTestSettings(m_dir.path() + u"/data"_s));
}

void TestAllowHost::cleanupTestCase()
{
    m_manager.reset();
    m_hosts.tearDown();
}

CommandResult TestAllowHost::runOne(Container *container, const QString &command, int timeoutMs)
{
    ShellCall *call = container->run(shellAction({command}, timeoutMs));
    if (!waitForCall(call, timeoutMs + 30000) || call->results().isEmpty()) {
        qWarning("call failed: %s", qPrintable(call->errorString()));
        return {};
    }
    return call->results().constFirst();
}

Container *TestAllowHost::containerWith(const QStringList &allowed)
{
    QString error;
    const std::optional<NetworkPolicy> policy = NetworkPolicy::fromEntries(allowed, &error);
    Container *c = policy ? m_manager->create(*policy, &error) : nullptr;
    if (!c) {
        qWarning("no container: %s", qPrintable(error));
        return nullptr;
    }
    c->setEgressHostMap(TestHosts::hostMap());
    connect(c, &Container::egressEvent, this, [this](const EgressEvent &e) { m_events.append(e); });
    return c;
}

void TestAllowHost::refusedHostAllowedIsReachableAfterRestart()
{
    Container *c = containerWith({u"web.sandbench.test"_s});
    QVERIFY(c);
    QCOMPARE(
        runOne(c, u"echo made-before > kept.txt && mkdir -p sub && echo deep > sub/f"_s).outcome.exitCode, 0);
    const CommandResult refused = runOne(
        c, u"curl -s -o /dev/null -w '%{http_code}' --max-time 20 http://other.sandbench.test/hello.txt"_s);
    QCOMPARE(refused.stdoutText, u"403"_s);
    QTRY_VERIFY(std::any_of(m_events.cbegin(), m_events.cend(), [](const EgressEvent &e) {
        return e.host == u"other.sandbench.test"_s && e.decision == EgressEvent::Decision::Refused;
    }));
    const qint64 pidBefore = c->initPid();
    QVERIFY(pidBefore > 0);

    QSignalSpy replaced(c, &Container::networkPolicyReplaced);
    QString error;
    bool changed = false;
    const std::optional<NetworkPolicy> policy =
        m_manager->allowHost(c->id(), u"Other.Sandbench.Test"_s, &error, &changed);
    QVERIFY2(policy, qPrintable(error));
    QVERIFY(changed);
    QCOMPARE(policy->entries(), QStringList({u"other.sandbench.test"_s, u"web.sandbench.test"_s}));
    QCOMPARE(replaced.size(), 1);
    QCOMPARE(replaced.at(0).at(1).toBool(), true); // it was awake: restarted
    QCOMPARE(c->networkPolicy(), *policy);
    QVERIFY(c->isAwake());
    QTRY_VERIFY(c->initPid() > 0 && c->initPid() != pidBefore);

    const CommandResult allowed = runOne(c, u"curl -s --max-time 20 http://other.sandbench.test/hello.txt"_s);
    QCOMPARE(allowed.outcome.exitCode, 0);
    QVERIFY2(!allowed.stdoutText.isEmpty() && !allowed.stdoutText.contains(u"403"_s),
             qPrintable(allowed.stdoutText));
    // A connection's event comes when the tunnel has closed, which may be just after curl has exited.
    QTRY_VERIFY(std::any_of(m_events.cbegin(), m_events.cend(), [](const EgressEvent &e) {
        return e.host == u"other.sandbench.test"_s && e.decision == EgressEvent::Decision::Allowed;
    }));
    // The files survived the restart; the first host still works.
    QCOMPARE(runOne(c, u"cat kept.txt sub/f"_s).stdoutText, u"made-before\ndeep\n"_s);
    QCOMPARE(
        runOne(c,
               u"curl -s -o /dev/null -w '%{http_code}' --max-time 20 http://web.sandbench.test/hello.txt"_s)
            .stdoutText,
        u"200"_s);
    // Saved: a program started later loads the container with the new policy.
    const std::optional<ContainerMeta> meta =
        ContainerRegistry(c->settings().dataDir).load(c->settings().workspace, c->id(), &error);
    QVERIFY2(meta, qPrintable(error));
    QCOMPARE(NetworkPolicy::fromSaved(meta->policy), policy);
    // The image recorded beside the policy at the first start is kept.
    QVERIFY(meta->policy.contains(u"image"_s));

    // Allowing it again changes nothing and does not restart.
    const qint64 pidAfter = c->initPid();
    QVERIFY(m_manager->allowHost(c->id(), u"other.sandbench.test"_s, &error, &changed));
    QVERIFY(!changed);
    QCOMPARE(replaced.size(), 1);
    QCOMPARE(c->initPid(), pidAfter);
}

void TestAllowHost::allowWhileACallRunsWaitsForIt()
{
    Container *c = containerWith({u"web.sandbench.test"_s});
    QVERIFY(c);
    QCOMPARE(runOne(c, u"echo x > before.txt"_s).outcome.exitCode, 0);
    QSignalSpy replaced(c, &Container::networkPolicyReplaced);
    ShellCall *running = c->run(shellAction({u"sleep 2; echo finished-whole"_s}, 30000));
    QTRY_VERIFY(running->isRunning());
    QString error;
    QVERIFY2(m_manager->allowHost(c->id(), u"other.sandbench.test"_s, &error), qPrintable(error));
    // The running command is not killed: the restart waits for it.
    QVERIFY(c->hasPendingNetworkPolicy());
    QCOMPARE(replaced.size(), 0);
    QVERIFY(waitForCall(running));
    QCOMPARE(running->results().constFirst().outcome.exitCode, 0);
    QCOMPARE(running->results().constFirst().stdoutText, u"finished-whole\n"_s);
    QTRY_COMPARE(replaced.size(), 1);
    QVERIFY(!c->hasPendingNetworkPolicy());
    QCOMPARE(c->networkPolicy().entries(), QStringList({u"other.sandbench.test"_s, u"web.sandbench.test"_s}));
    QCOMPARE(runOne(c, u"cat before.txt; curl -s -o /dev/null -w '%{http_code}' --max-time 20 "
                       u"http://other.sandbench.test/hello.txt"_s)
                 .stdoutText,
             u"x\n200"_s);
}

void TestAllowHost::sleepingContainerStartsWithTheNewPolicy()
{
    // A container without network gets an allowlist of the host alone; asleep, it starts with it.
    Container *c = containerWith({});
    QVERIFY(c);
    const QString id = c->id();
    QCOMPARE(runOne(c, u"echo asleep > a.txt"_s).outcome.exitCode, 0);
    c->stop();
    QString error;
    bool changed = false;
    QVERIFY2(m_manager->allowHost(id, u"web.sandbench.test"_s, &error, &changed), qPrintable(error));
    QVERIFY(changed);
    QVERIFY(!c->isAwake());
    QCOMPARE(runOne(c, u"cat a.txt; curl -s -o /dev/null -w '%{http_code}' --max-time 20 "
                       u"http://web.sandbench.test/hello.txt"_s)
                 .stdoutText,
             u"asleep\n200"_s);
    // Another program's change (`sandbench network allow` writes meta.json) applies at the next start.
    c->stop();
    ContainerRegistry registry(c->settings().dataDir);
    std::optional<ContainerMeta> meta = registry.load(c->settings().workspace, id, &error);
    QVERIFY(meta);
    meta->policy = NetworkPolicy::fromEntries({u"web.sandbench.test"_s, u"other.sandbench.test"_s})->toJson();
    QVERIFY(registry.save(*meta, &error));
    QCOMPARE(
        runOne(
            c,
            u"curl -s -o /dev/null -w '%{http_code}' --max-time 20 http://other.sandbench.test/hello.txt"_s)
            .stdoutText,
        u"200"_s);
}

void TestAllowHost::badInput_data()
{
    QTest::addColumn<QString>("host");
    QTest::addColumn<QString>("message");
    QTest::newRow("space") << u"bad host"_s << u"bad host"_s;
    QTest::newRow("star") << u"*"_s << u"one host at a time"_s;
    QTest::newRow("empty") << QString() << QString();
    QTest::newRow("port") << u"example.com:8080"_s << u"example.com:8080"_s;
}

void TestAllowHost::badInput()
{
    QFETCH(QString, host);
    QFETCH(QString, message);
    Container *c = containerWith({u"web.sandbench.test"_s});
    QVERIFY(c);
    QString error;
    QVERIFY(!m_manager->allowHost(c->id(), host, &error));
    QVERIFY(!error.isEmpty());
    QVERIFY2(error.contains(message), qPrintable(error));
    QCOMPARE(c->networkPolicy().entries(), QStringList({u"web.sandbench.test"_s}));
    QVERIFY(!m_manager->allowHost(u"sess_nosuchcontainer"_s, u"example.com"_s, &error));
    QVERIFY2(error.contains(u"sess_nosuchcontainer"_s), qPrintable(error));
    QVERIFY(!m_manager->allowHost(u"../etc"_s, u"example.com"_s, &error));
}

void TestAllowHost::fullListIsRefused()
{
    QStringList fifty;
    for (int i = 0; i < NetworkPolicy::MaxEntries; ++i)
        fifty.append(u"h%1.example.com"_s.arg(i));
    Container *c = containerWith(fifty);
    QVERIFY(c);
    QString error;
    QVERIFY(!m_manager->allowHost(c->id(), u"one-more.example.com"_s, &error));
    QVERIFY2(error.contains(u"50"_s), qPrintable(error));
    QCOMPARE(c->networkPolicy().entries().size(), NetworkPolicy::MaxEntries);
}

QTEST_GUILESS_MAIN(TestAllowHost)
#include "test_allowhost.moc"
