// SPDX-License-Identifier: GPL-3.0-or-later
// The host's own addresses are never a container's destination, even under "*" and even for an address the
// host gained after the proxy started. The test runs in a network namespace of its own (made in main(),
// before any thread), so it can give "the host" public-looking addresses without touching the machine's.
#include "sandbox/net/egressproxy.h"
#include "sandbox/net/hostaddresses.h"
#include "testhosts.h"

#include <QCoreApplication>
#include <QLocalSocket>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <cerrno>
#include <cstring>
#include <memory>

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <sched.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

bool g_isolated = false;
QString g_isolationError;

const QString Veth = u"sbown0"_s;
const QString VethPeer = u"sbown1"_s;
// Outside every special-purpose range: before this change the proxy treated them as public destinations.
const QString OwnV4 = u"11.22.33.44"_s;
const QString OwnV6 = u"2a0f:9400:7::44"_s;
const QString LaterV4 = u"11.22.33.45"_s;

struct OwnAddress
{
    QString interface;
    QHostAddress address;
};

// What getifaddrs() says this (namespaced) host has, apart from loopback and link-local addresses (which
// need a scope to connect to and are refused by their range anyway).
QList<OwnAddress> ownAddresses()
{
    QList<OwnAddress> out;
    ifaddrs *list = nullptr;
    if (getifaddrs(&list) != 0)
        return out;
    for (const ifaddrs *entry = list; entry; entry = entry->ifa_next) {
        if (!entry->ifa_addr ||
            (entry->ifa_addr->sa_family != AF_INET && entry->ifa_addr->sa_family != AF_INET6))
            continue;
        const QHostAddress address(entry->ifa_addr);
        if (address.isLoopback() || address.isLinkLocal())
            continue;
        out.append({QString::fromLocal8Bit(entry->ifa_name), address});
    }
    freeifaddrs(list);
    return out;
}

QString urlHost(const QHostAddress &address)
{
    return address.protocol() == QAbstractSocket::IPv6Protocol ? u"["_s + address.toString() + u"]"_s
                                                               : address.toString();
}

// A service of "the host" on one of its addresses, answering every connection with a 200.
class HostService
{
public:
    bool listen(const QHostAddress &address)
    {
        QObject::connect(&m_server, &QTcpServer::newConnection, &m_server, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection()) {
                ++m_accepted;
                socket->write("HTTP/1.0 200 OK\r\nContent-Length: 13\r\n\r\nhost service\n");
                socket->disconnectFromHost();
                QObject::connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            }
        });
        return m_server.listen(address, 80);
    }
    int accepted() const { return m_accepted; }

private:
    QTcpServer m_server;
    int m_accepted = 0;
};

} // namespace

class TestHostAddresses final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void ownAddressesRefusedUnderStar();
    void addressAddedLaterIsRefused();

private:
    // Sends one plain-HTTP proxy request for url straight to the proxy's socket (as the relay would) and
    // returns the status line; waits for the connection's egress event.
    QByteArray request(const QString &url, EgressEvent *event);
    static bool ip(const QStringList &args);

    QTemporaryDir m_dir;
    std::unique_ptr<EgressProxy> m_proxy;
    QList<EgressEvent> m_events;
};

bool TestHostAddresses::ip(const QStringList &args)
{
    QString error;
    const bool ok = TestHosts::runTool(u"ip"_s, args, &error);
    if (!ok)
        qWarning("%s", qPrintable(error));
    return ok;
}

void TestHostAddresses::initTestCase()
{
    if (!g_isolated)
        QSKIP(qPrintable(u"needs a network namespace of its own (root): "_s + g_isolationError));
    QVERIFY(ip({u"link"_s, u"set"_s, u"lo"_s, u"up"_s}));
    QVERIFY(ip({u"link"_s, u"add"_s, Veth, u"type"_s, u"veth"_s, u"peer"_s, u"name"_s, VethPeer}));
    QVERIFY(ip({u"addr"_s, u"add"_s, OwnV4 + u"/24"_s, u"dev"_s, Veth}));
    QVERIFY(ip({u"-6"_s, u"addr"_s, u"add"_s, OwnV6 + u"/64"_s, u"dev"_s, Veth, u"nodad"_s}));
    QVERIFY(ip({u"link"_s, u"set"_s, Veth, u"up"_s}));
    QVERIFY(ip({u"link"_s, u"set"_s, VethPeer, u"up"_s}));

    EgressLimits limits;
    limits.connectTimeoutMs = 1000; // the removed address below leads nowhere
    m_proxy = std::make_unique<EgressProxy>(*NetworkPolicy::fromEntries({u"*"_s}), limits);
    connect(m_proxy.get(), &EgressProxy::connectionEvent, this,
            [this](const EgressEvent &event) { m_events.append(event); });
    QString error;
    QVERIFY2(m_proxy->listen(m_dir.path() + u"/egress.sock"_s, &error), qPrintable(error));
}

void TestHostAddresses::cleanupTestCase()
{
    m_proxy.reset();
}

QByteArray TestHostAddresses::request(const QString &url, EgressEvent *event)
{
    m_events.clear();
    QLocalSocket client;
    client.connectToServer(m_proxy->socketPath());
    if (!client.waitForConnected(5000))
        return "no connection";
    const QByteArray host = QUrl(url).authority().toUtf8();
    client.write("HTTP\nGET " + url.toUtf8() + " HTTP/1.1\r\nHost: " + host + "\r\n\r\n");
    QByteArray reply;
    (void)QTest::qWaitFor(
        [&] {
            reply += client.readAll();
            return client.state() == QLocalSocket::UnconnectedState || reply.contains("\r\n\r\n");
        },
        20000);
    (void)QTest::qWaitFor([this] { return !m_events.isEmpty(); }, 20000);
    if (!m_events.isEmpty())
        *event = m_events.constFirst();
    return reply.left(reply.indexOf("\r\n"));
}

void TestHostAddresses::ownAddressesRefusedUnderStar()
{
    const QList<OwnAddress> own = ownAddresses();
    QVERIFY2(own.size() >= 2, "the namespace's veth has its IPv4 and IPv6 address");
    for (const OwnAddress &entry : own) {
        const QString shown = entry.address.toString();
        // The host really serves there: only the proxy's rule can stop the request.
        HostService service;
        QVERIFY2(service.listen(entry.address), qPrintable(shown));
        QTcpSocket direct;
        direct.connectToHost(entry.address, 80);
        QVERIFY2(direct.waitForConnected(5000), qPrintable(shown));
        QTRY_COMPARE(service.accepted(), 1);

        EgressEvent event;
        const QByteArray status = request(u"http://%1/"_s.arg(urlHost(entry.address)), &event);
        QVERIFY2(status.startsWith("HTTP/1.1 403"), status.constData());
        QCOMPARE(event.decision, EgressEvent::Decision::Refused);
        const QString expected = u"this host's own address (%1 %2)"_s.arg(entry.interface, shown);
        QVERIFY2(event.reason.contains(expected), qPrintable(event.reason + u" / "_s + expected));
        QCOMPARE(service.accepted(), 1); // the proxy never connected
    }
}

// An address the host gains while the proxy runs is refused from the next connection on (the kernel's
// RTM_NEWADDR, not a re-read per connection), and one it loses is no longer called its own.
void TestHostAddresses::addressAddedLaterIsRefused()
{
    EgressEvent event;
    request(u"http://%1/"_s.arg(OwnV4), &event); // any pending change is read now
    const int readsBefore = HostAddresses::processWide()->reads();
    request(u"http://%1/"_s.arg(OwnV4), &event);
    QCOMPARE(HostAddresses::processWide()->reads(), readsBefore); // nothing changed: nothing re-read

    QVERIFY(ip({u"addr"_s, u"add"_s, LaterV4 + u"/32"_s, u"dev"_s, Veth}));
    HostService service;
    QVERIFY(service.listen(QHostAddress(LaterV4)));
    const QByteArray status = request(u"http://%1/"_s.arg(LaterV4), &event);
    QVERIFY2(status.startsWith("HTTP/1.1 403"), status.constData());
    QVERIFY2(event.reason.contains(u"this host's own address (%1 %2)"_s.arg(Veth, LaterV4)),
             qPrintable(event.reason));
    QCOMPARE(service.accepted(), 0);
    QVERIFY(HostAddresses::processWide()->reads() > readsBefore);

    QVERIFY(ip({u"addr"_s, u"del"_s, LaterV4 + u"/32"_s, u"dev"_s, Veth}));
    request(u"http://%1/"_s.arg(LaterV4), &event);
    QVERIFY2(!event.reason.contains(u"own address"_s), qPrintable(event.reason));
    QCOMPARE(event.decision, EgressEvent::Decision::Failed); // no longer local: nothing answers there
}

int main(int argc, char **argv)
{
    // Before QCoreApplication: every thread the process starts later lives in the new namespace.
    if (geteuid() != 0)
        g_isolationError = u"not root"_s;
    else if (unshare(CLONE_NEWNET) != 0)
        g_isolationError = QString::fromLocal8Bit(strerror(errno));
    else
        g_isolated = true;
    QCoreApplication app(argc, argv);
    TestHostAddresses test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_hostaddresses.moc"
