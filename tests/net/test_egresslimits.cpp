// SPDX-License-Identifier: GPL-3.0-or-later
// What one container's egress may hold of the engine: half-open connections, connections in all, a deadline
// for the handshake, and the budget every container shares. Measured in descriptors of this process (the
// engine) and in connections, never in seconds.
#include "sandbox/net/egressproxy.h"
#include "testhosts.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cstring>
#include <functional>
#include <memory>
#include <vector>

#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

const QByteArray PartialHead = "HTTP\nGET http://web.sandbench.test/hello.txt HTTP/1.1\r\n";
const QByteArray FullHead =
    "HTTP\nGET http://web.sandbench.test/hello.txt HTTP/1.1\r\nHost: web.sandbench.test\r\n\r\n";
const QByteArray Connect =
    "HTTP\nCONNECT web.sandbench.test:80 HTTP/1.1\r\nHost: web.sandbench.test:80\r\n\r\n";

int openDescriptors()
{
    return int(QDir(u"/proc/self/fd"_s).entryList(QDir::Files | QDir::System | QDir::NoDotAndDotDot).size());
}

// A client of the proxy's socket as the relay would be, on a raw descriptor: it stays open on this side
// whatever the proxy does, so counting descriptors sees exactly what the proxy keeps.
class RawClient
{
public:
    explicit RawClient(const QString &path)
    {
        m_fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
        sockaddr_un addr{};
        addr.sun_family = AF_UNIX;
        const QByteArray name = path.toLocal8Bit();
        std::memcpy(addr.sun_path, name.constData(), size_t(name.size()) + 1);
        if (::connect(m_fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0) {
            ::close(m_fd);
            m_fd = -1;
        }
    }
    ~RawClient() { close(); }
    RawClient(const RawClient &) = delete;
    RawClient &operator=(const RawClient &) = delete;

    bool isOpen() const { return m_fd >= 0; }
    bool send(const QByteArray &bytes)
    {
        return m_fd >= 0 &&
               ::send(m_fd, bytes.constData(), size_t(bytes.size()), MSG_NOSIGNAL) == bytes.size();
    }
    // Reads while the event loop serves the proxy, until `done` says so, the peer closes or 20 s pass.
    QByteArray readUntil(const std::function<bool(const QByteArray &)> &done)
    {
        (void)QTest::qWaitFor(
            [&] {
                char buffer[4096];
                for (;;) {
                    const ssize_t n = ::recv(m_fd, buffer, sizeof buffer, MSG_DONTWAIT);
                    if (n > 0) {
                        m_received.append(buffer, n);
                        continue;
                    }
                    if (n == 0)
                        m_closedByPeer = true;
                    break;
                }
                return m_closedByPeer || done(m_received);
            },
            20000);
        return m_received;
    }
    // What has arrived so far, without waiting.
    QByteArray readNow()
    {
        return readUntil([](const QByteArray &) { return true; });
    }
    QByteArray readHead()
    {
        return readUntil([](const QByteArray &got) { return got.contains("\r\n\r\n"); });
    }
    QByteArray readBytes(qsizetype count)
    {
        return readUntil([count](const QByteArray &got) { return got.size() >= count; });
    }
    bool closedByPeer() const { return m_closedByPeer; }
    void close()
    {
        if (m_fd >= 0)
            ::close(m_fd);
        m_fd = -1;
    }

private:
    int m_fd = -1;
    QByteArray m_received;
    bool m_closedByPeer = false;
};

} // namespace

class TestEgressLimits final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void cleanup();
    void halfOpenConnectionsCapped();
    void halfOpenConnectionsEndAtDeadline();
    void connectionCapCountsTunnels();
    void socksOverCapGetsFailureReply();
    void engineBudgetSharedByContainers();
    void defaultsFitTheEngine();

private:
    EgressProxy *makeProxy(const EgressLimits &limits, std::shared_ptr<EgressBudget> budget = {});
    int eventsWithReason(const QString &text) const;

    QTemporaryDir m_dir;
    TestHosts m_hosts;
    std::vector<std::unique_ptr<EgressProxy>> m_proxies;
    QList<EgressEvent> m_events;
    int m_socketCounter = 0;
};

void TestEgressLimits::initTestCase()
{
    if (const QString why = TestHosts::unavailableReason(); !why.isEmpty())
        QSKIP(qPrintable(why));
    QVERIFY(m_dir.isValid());
    QString error;
    QVERIFY2(m_hosts.setUp(m_dir.path(), &error), qPrintable(error));
}

void TestEgressLimits::cleanupTestCase()
{
    m_proxies.clear();
    m_hosts.tearDown();
}

void TestEgressLimits::init()
{
    m_events.clear();
}

void TestEgressLimits::cleanup()
{
    m_proxies.clear();
}

EgressProxy *TestEgressLimits::makeProxy(const EgressLimits &limits, std::shared_ptr<EgressBudget> budget)
{
    auto proxy =
        std::make_unique<EgressProxy>(*NetworkPolicy::fromEntries({u"web.sandbench.test"_s}), limits);
    proxy->setHostMap(TestHosts::hostMap());
    if (budget)
        proxy->setBudget(std::move(budget));
    connect(proxy.get(), &EgressProxy::connectionEvent, this,
            [this](const EgressEvent &event) { m_events.append(event); });
    QString error;
    if (!proxy->listen(m_dir.path() + u"/proxy-%1.sock"_s.arg(++m_socketCounter), &error)) {
        qWarning("%s", qPrintable(error));
        return nullptr;
    }
    m_proxies.push_back(std::move(proxy));
    return m_proxies.back().get();
}

int TestEgressLimits::eventsWithReason(const QString &text) const
{
    return int(std::count_if(m_events.cbegin(), m_events.cend(),
                             [&text](const EgressEvent &e) { return e.reason.contains(text); }));
}

// However many connections a container opens and leaves unfinished, the engine keeps no more than the cap
// of them; the ones over it are told why (503) or closed, and each is in the egress log.
void TestEgressLimits::halfOpenConnectionsCapped()
{
    EgressLimits limits;
    limits.maxHandshakes = 4;
    limits.maxConnections = 8;
    limits.handshakeTimeoutMs = 120'000; // only the cap can end them during this test
    EgressProxy *proxy = makeProxy(limits);
    QVERIFY(proxy);
    const QString cap = u"connection cap of 4 half-open connections reached"_s;
    const int before = openDescriptors();

    std::vector<std::unique_ptr<RawClient>> clients;
    for (int i = 0; i < 4; ++i) {
        clients.push_back(std::make_unique<RawClient>(proxy->socketPath()));
        QVERIFY(clients.back()->send(PartialHead));
    }
    QTRY_COMPARE(proxy->halfOpenConnections(), 4);

    // One at a time over the cap: each gets a reply that says why, and the log names its host.
    for (int i = 0; i < 3; ++i) {
        RawClient over(proxy->socketPath());
        QVERIFY(over.send(FullHead));
        const QByteArray reply = over.readHead();
        QVERIFY2(reply.startsWith("HTTP/1.1 503 Service Unavailable"), reply.constData());
        QVERIFY2(reply.contains(cap.toUtf8()), reply.constData());
    }
    QTRY_COMPARE(eventsWithReason(cap), 3);
    QCOMPARE(m_events.constLast().host, u"web.sandbench.test"_s);
    QCOMPARE(m_events.constLast().decision, EgressEvent::Decision::Refused);

    // A burst that never finishes its requests: refused, all of them, while the container still holds them.
    for (int i = 0; i < 16; ++i) {
        clients.push_back(std::make_unique<RawClient>(proxy->socketPath()));
        QVERIFY(clients.back()->send(PartialHead));
    }
    QTRY_COMPARE(eventsWithReason(cap), 3 + 16);
    QTRY_COMPARE(proxy->halfOpenConnections(), 4);
    // This process holds the 20 client ends; the proxy one descriptor per held connection and no more.
    QCOMPARE(openDescriptors() - before - 20, 4);
    for (size_t i = 4; i < clients.size(); ++i) {
        const QByteArray got = clients[i]->readUntil([](const QByteArray &) { return false; });
        QVERIFY(clients[i]->closedByPeer());
        QVERIFY2(got.isEmpty() || got.startsWith("HTTP/1.1 503"), got.constData());
    }
    for (size_t i = 0; i < 4; ++i) // the held ones are still waiting for an answer
        QVERIFY(clients[i]->readNow().isEmpty() && !clients[i]->closedByPeer());
}

// A handshake that does not finish in time ends: the connection count and the descriptors go back down.
void TestEgressLimits::halfOpenConnectionsEndAtDeadline()
{
    EgressLimits limits;
    limits.handshakeTimeoutMs = 300;
    EgressProxy *proxy = makeProxy(limits);
    QVERIFY(proxy);
    const int before = openDescriptors();
    RawClient http1(proxy->socketPath());
    RawClient http2(proxy->socketPath());
    RawClient socks(proxy->socketPath());
    RawClient silent(proxy->socketPath());
    QVERIFY(http1.send(PartialHead) && http2.send(PartialHead));
    QVERIFY(socks.send("SOCKS\n\x05\x01"));
    QTRY_COMPARE(eventsWithReason(u"no complete request in time"_s), 4);
    QCOMPARE(proxy->halfOpenConnections(), 0);
    QCOMPARE(proxy->activeConnections(), 0);
    QCOMPARE(openDescriptors() - before, 4); // only the clients' ends are left
    QVERIFY2(http1.readHead().startsWith("HTTP/1.1 408"), http1.readHead().constData());
    QVERIFY(http2.readHead().startsWith("HTTP/1.1 408"));
    QVERIFY(socks.readBytes(1).isEmpty()); // no SOCKS reply in the middle of a greeting
    QVERIFY(socks.closedByPeer() && silent.readBytes(1).isEmpty() && silent.closedByPeer());
}

// Open tunnels count against the cap of connections; one closing makes room for the next.
void TestEgressLimits::connectionCapCountsTunnels()
{
    EgressLimits limits;
    limits.maxConnections = 3;
    EgressProxy *proxy = makeProxy(limits);
    QVERIFY(proxy);
    const int before = openDescriptors();
    std::vector<std::unique_ptr<RawClient>> tunnels;
    for (int i = 0; i < 3; ++i) {
        tunnels.push_back(std::make_unique<RawClient>(proxy->socketPath()));
        QVERIFY(tunnels.back()->send(Connect));
        const QByteArray reply = tunnels.back()->readHead();
        QVERIFY2(reply.startsWith("HTTP/1.1 200"), reply.constData());
        // An unfinished request: the server waits for the rest, so the tunnel stays open.
        QVERIFY(tunnels.back()->send("GET /hello.txt HTTP/1.1\r\n"));
    }
    QTRY_COMPARE(proxy->halfOpenConnections(), 0);
    // Each tunnel: the client's end, the upstream and a splice pipe each way.
    QCOMPARE(openDescriptors() - before - 3, 3 * EgressBudget::DescriptorsPerConnection);

    RawClient fourth(proxy->socketPath());
    QVERIFY(fourth.send(Connect));
    const QByteArray refused = fourth.readHead();
    QVERIFY2(refused.startsWith("HTTP/1.1 503"), refused.constData());
    QVERIFY2(refused.contains("connection cap of 3 reached"), refused.constData());
    QTRY_COMPARE(eventsWithReason(u"connection cap of 3 reached"_s), 1);

    tunnels.front()->close();
    QTRY_VERIFY(std::any_of(m_events.cbegin(), m_events.cend(), [](const EgressEvent &e) {
        return e.decision == EgressEvent::Decision::Allowed;
    }));
    RawClient fifth(proxy->socketPath());
    QVERIFY(fifth.send(Connect));
    const QByteArray granted = fifth.readHead();
    QVERIFY2(granted.startsWith("HTTP/1.1 200"), granted.constData());
}

void TestEgressLimits::socksOverCapGetsFailureReply()
{
    EgressLimits limits;
    limits.maxHandshakes = 1;
    limits.handshakeTimeoutMs = 120'000;
    EgressProxy *proxy = makeProxy(limits);
    QVERIFY(proxy);
    RawClient held(proxy->socketPath());
    QVERIFY(held.send("SOCKS\n\x05\x01"));
    QTRY_COMPARE(proxy->halfOpenConnections(), 1);

    RawClient over(proxy->socketPath());
    QVERIFY(over.send(QByteArray("SOCKS\n\x05\x01\x00", 9)));
    QCOMPARE(over.readBytes(2), QByteArray("\x05\x00", 2));
    const QByteArray name = "web.sandbench.test";
    QVERIFY(
        over.send(QByteArray("\x05\x01\x00\x03", 4) + char(name.size()) + name + QByteArray("\x00\x50", 2)));
    const QByteArray reply = over.readBytes(2 + 10);
    QCOMPARE(reply.mid(2, 2), QByteArray("\x05\x01", 2)); // general SOCKS server failure
    QTRY_COMPARE(eventsWithReason(u"connection cap of 1 half-open connections reached"_s), 1);
    QCOMPARE(m_events.constLast().protocol, EgressEvent::Protocol::Socks);
    QCOMPARE(m_events.constLast().host, u"web.sandbench.test"_s);
}

// Many containers together cannot take the engine's descriptors: past the shared budget another
// container's request is refused with a reply, and it goes through once the budget has room again.
void TestEgressLimits::engineBudgetSharedByContainers()
{
    const auto budget = std::make_shared<EgressBudget>(3);
    EgressProxy *first = makeProxy({}, budget);
    EgressProxy *second = makeProxy({}, budget);
    QVERIFY(first && second);
    std::vector<std::unique_ptr<RawClient>> held;
    for (int i = 0; i < 3; ++i) {
        held.push_back(std::make_unique<RawClient>(first->socketPath()));
        QVERIFY(held.back()->send(PartialHead));
    }
    QTRY_COMPARE(first->halfOpenConnections(), 3);
    QCOMPARE(budget->inUse(), 3);

    RawClient other(second->socketPath());
    QVERIFY(other.send(FullHead));
    const QByteArray refused = other.readHead();
    QVERIFY2(refused.startsWith("HTTP/1.1 503"), refused.constData());
    QVERIFY2(refused.contains("the engine's connection cap of 3 for all containers reached"),
             refused.constData());

    held.clear();
    QTRY_COMPARE(budget->inUse(), 0);
    RawClient again(second->socketPath());
    QVERIFY(again.send(FullHead));
    const QByteArray reply = again.readUntil([](const QByteArray &) { return false; }); // to the end
    QVERIFY2(reply.startsWith("HTTP/1.0 200"), reply.constData());
    QVERIFY(reply.contains("hello from the sandbench test host"));
    QCOMPARE(budget->inUse(), 1); // the tunnel lasts until the client closes its side too
    again.close();
    QTRY_COMPARE(budget->inUse(), 0);
}

// The defaults: the process-wide budget holds at most half of the engine's descriptors whatever number of
// containers is awake, and on a 1024-descriptor engine one container cannot take the whole budget.
void TestEgressLimits::defaultsFitTheEngine()
{
    rlimit limit{};
    QCOMPARE(getrlimit(RLIMIT_NOFILE, &limit), 0);
    const auto budget = EgressBudget::processWide();
    QCOMPARE(budget->capacity(), EgressBudget::capacityFor(limit.rlim_cur));
    QVERIFY(qint64(budget->capacity()) * EgressBudget::DescriptorsPerConnection <=
            qint64(limit.rlim_cur) / 2);
    const int small = EgressBudget::capacityFor(1024);
    QVERIFY(small * EgressBudget::DescriptorsPerConnection <= 512);
    const EgressLimits defaults;
    QVERIFY(defaults.maxHandshakes < defaults.maxConnections);
    QVERIFY(defaults.maxConnections < small);
    QVERIFY(defaults.handshakeTimeoutMs <= 10'000 && defaults.connectTimeoutMs <= 10'000);
}

QTEST_GUILESS_MAIN(TestEgressLimits)
#include "test_egresslimits.moc"
