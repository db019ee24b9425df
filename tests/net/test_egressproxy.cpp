// SPDX-License-Identifier: GPL-3.0-or-later
#include "config-sandbench-tests.h"
#include "sandbox/net/egressproxy.h"
#include "sandbox/net/hostsfile.h"
#include "testhosts.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <memory>
#include <vector>

#include <arpa/inet.h>
#include <fcntl.h>
#include <ifaddrs.h>
#include <netinet/in.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

struct ClientResult
{
    bool finished = false;
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

quint16 freePort()
{
    QTcpServer server;
    server.listen(QHostAddress::LocalHost, 0);
    return server.serverPort();
}

// A TCP socket on 127.0.0.1:port, listening or not (as init makes the proxy's), or -1.
int tcpSocket(quint16 port, int type, bool listening)
{
    const int fd = ::socket(AF_INET, type | SOCK_CLOEXEC, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd < 0 || ::bind(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0 ||
        (listening && ::listen(fd, 16) != 0)) {
        if (fd >= 0)
            ::close(fd);
        return -1;
    }
    return fd;
}

// Nanoseconds every thread of this process has run on a CPU, from their schedstat.
qint64 processCpuNs()
{
    qint64 total = 0;
    const QDir tasks(u"/proc/self/task"_s);
    for (const QString &tid : tasks.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile stat(tasks.filePath(tid + u"/schedstat"_s));
        if (stat.open(QIODevice::ReadOnly))
            total += stat.readAll().split(' ').value(0).toLongLong();
    }
    return total;
}

// A proxy with a relay of its own, for the tests that close it: the shared one stays open for the others.
struct OwnProxy
{
    QList<EgressEvent> events;
    quint16 httpPort = 0;
    QProcess relay;
    std::unique_ptr<EgressProxy> proxy; // goes first: closing it may still report into `events`

    ~OwnProxy()
    {
        if (relay.state() != QProcess::NotRunning) {
            relay.kill();
            relay.waitForFinished(5000);
        }
    }
};

} // namespace

class TestEgressProxy final : public QObject
{
    Q_OBJECT

private:
    // Runs a client while the event loop keeps serving the proxy (waitForFinished would starve it).
    ClientResult runClient(const QString &program, const QStringList &args, int timeoutMs = 60000);
    QString httpProxy() const { return u"http://127.0.0.1:%1"_s.arg(m_httpPort); }
    ClientResult curl(const QStringList &args);
    std::optional<EgressEvent> lastEventFor(const QString &host) const;
    void startOwnProxy(OwnProxy &own, const QString &name, const std::optional<NetworkPolicy> &policy = {});
    void openLargeDownload(QTcpSocket &client, quint16 httpPort, const QByteArray &request);

    QTemporaryDir m_dir;
    TestHosts m_hosts;
    EgressProxy *m_proxy = nullptr;
    QProcess m_relay;
    quint16 m_httpPort = 0;
    quint16 m_socksPort = 0;
    QList<EgressEvent> m_events;

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void httpAllowed();
    void httpsConnectAllowed();
    void pythonRequests_data();
    void pythonRequests();
    void globMatchesSubdomainsOnly_data();
    void globMatchesSubdomainsOnly();
    void hostOutsideListGets403_data();
    void hostOutsideListGets403();
    void otherPortRefused();
    void privateDestinationsRefused_data();
    void privateDestinationsRefused();
    void reservedRangesRefusedUnderStar_data();
    void reservedRangesRefusedUnderStar();
    void hostsOwnAddressesRefusedUnderStar();
    void hostHeaderMustMatchTarget();
    void socks5_data();
    void socks5();
    void socks5Refused();
    void socks5InvalidNameRefusedAndSanitised();
    void tlsSniMustMatch_data();
    void tlsSniMustMatch();
    void tunnelNotInheritedByChildren();
    void largeDownloadIntact();
    void pipDownloadFromSimpleIndex();
    void closeReportsOpenTunnel();
    void adoptedListenersServeHttpAndSocks();
    void adoptedListenerKeepsCapsAndClosesWithProxy();
    void adoptListenerTakesOnlyListeningTcp();
    void closeDeliversTunnelThatJustEnded();
    void stalledDownloadLetsThePumpSleep();
    void allowableOnlyWhenAllowingHelps_data();
    void allowableOnlyWhenAllowingHelps();
    void hostsFileParse();
    void hostsFileRereadWhenChanged();
};

ClientResult TestEgressProxy::runClient(const QString &program, const QStringList &args, int timeoutMs)
{
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const QString &name : {u"http_proxy"_s, u"https_proxy"_s, u"all_proxy"_s, u"no_proxy"_s})
        env.remove(name), env.remove(name.toUpper());
    // Machine-wide CA and pip settings would override the test CA given on the command line.
    const QStringList names = env.keys();
    for (const QString &name : names)
        if (name.startsWith(u"PIP_") || name == u"REQUESTS_CA_BUNDLE" || name == u"CURL_CA_BUNDLE")
            env.remove(name);
    env.insert(u"HOME"_s, m_dir.path());
    env.insert(u"PIP_CONFIG_FILE"_s, u"/dev/null"_s);
    process.setProcessEnvironment(env);
    process.start(program, args);
    ClientResult result;
    result.finished = QTest::qWaitFor([&] { return process.state() == QProcess::NotRunning; }, timeoutMs);
    if (!result.finished) {
        process.kill();
        process.waitForFinished(5000);
    }
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    result.out = process.readAllStandardOutput();
    result.err = process.readAllStandardError();
    return result;
}

ClientResult TestEgressProxy::curl(const QStringList &args)
{
    return runClient(u"curl"_s, QStringList{u"-sS"_s, u"--max-time"_s, u"30"_s} + args);
}

std::optional<EgressEvent> TestEgressProxy::lastEventFor(const QString &host) const
{
    for (auto it = m_events.crbegin(); it != m_events.crend(); ++it)
        if (it->host == host)
            return *it;
    return std::nullopt;
}

void TestEgressProxy::startOwnProxy(OwnProxy &own, const QString &name,
                                    const std::optional<NetworkPolicy> &policy)
{
    own.proxy = std::make_unique<EgressProxy>(policy.value_or(m_proxy->policy()));
    own.proxy->setHostMap(TestHosts::hostMap());
    connect(own.proxy.get(), &EgressProxy::connectionEvent, this,
            [&own](const EgressEvent &event) { own.events.append(event); });
    const QString socketPath = m_dir.path() + u"/"_s + name + u".sock"_s;
    QString error;
    QVERIFY2(own.proxy->listen(socketPath, &error), qPrintable(error));
    own.httpPort = freePort();
    own.relay.setProcessChannelMode(QProcess::ForwardedChannels);
    own.relay.start(QStringLiteral(SANDBENCH_BIN_DIR "/sandbench-relay-helper"),
                    {socketPath, QString::number(own.httpPort), QString::number(freePort())});
    QVERIFY(own.relay.waitForStarted());
    QVERIFY(QTest::qWaitFor([&own] {
        QTcpSocket probe;
        probe.connectToHost(QHostAddress::LocalHost, own.httpPort);
        return probe.waitForConnected(200);
    }));
    QTRY_COMPARE(own.proxy->activeConnections(), 0); // the probes' connections are gone
}

// A CONNECT tunnel carrying the 20 MiB file, held open by reading no more than the first bytes: once they
// arrive the connection is in the proxy's pump.
void TestEgressProxy::openLargeDownload(QTcpSocket &client, quint16 httpPort, const QByteArray &request)
{
    client.connectToHost(QHostAddress::LocalHost, httpPort);
    QVERIFY(client.waitForConnected(5000));
    client.write("CONNECT web.sandbench.test:80 HTTP/1.1\r\nHost: web.sandbench.test:80\r\n\r\n");
    QByteArray reply;
    QTRY_VERIFY_WITH_TIMEOUT((reply += client.readAll()).contains("\r\n\r\n"), 20000);
    QVERIFY2(reply.startsWith("HTTP/1.1 200"), reply.constData());
    client.setReadBufferSize(64 * 1024);
    client.write(request);
    QTRY_VERIFY_WITH_TIMEOUT(client.bytesAvailable() > 0, 20000);
}

void TestEgressProxy::initTestCase()
{
    if (const QString why = TestHosts::unavailableReason(); !why.isEmpty())
        QSKIP(qPrintable(why));
    QVERIFY(m_dir.isValid());
    QString error;
    QVERIFY2(m_hosts.setUp(m_dir.path(), &error), qPrintable(error));

    const auto policy =
        NetworkPolicy::fromEntries({u"web.sandbench.test"_s, u"*.glob.sandbench.test"_s, u"localhost"_s,
                                    u"127.0.0.1"_s, TestHosts::serverAddress()},
                                   &error);
    QVERIFY2(policy, qPrintable(error));
    m_proxy = new EgressProxy(*policy, this);
    m_proxy->setHostMap(TestHosts::hostMap());
    connect(m_proxy, &EgressProxy::connectionEvent, this,
            [this](const EgressEvent &event) { m_events.append(event); });
    const QString socketPath = m_dir.path() + u"/egress.sock"_s;
    QVERIFY2(m_proxy->listen(socketPath, &error), qPrintable(error));

    m_httpPort = freePort();
    m_socksPort = freePort();
    m_relay.setProcessChannelMode(QProcess::ForwardedChannels);
    m_relay.start(QStringLiteral(SANDBENCH_BIN_DIR "/sandbench-relay-helper"),
                  {socketPath, QString::number(m_httpPort), QString::number(m_socksPort)});
    QVERIFY(m_relay.waitForStarted());
    QVERIFY(QTest::qWaitFor([this] {
        QTcpSocket probe;
        probe.connectToHost(QHostAddress::LocalHost, m_socksPort);
        return probe.waitForConnected(200);
    }));
}

void TestEgressProxy::cleanupTestCase()
{
    if (m_relay.state() != QProcess::NotRunning) {
        m_relay.kill();
        m_relay.waitForFinished(5000);
    }
    delete m_proxy;
    m_proxy = nullptr;
    m_hosts.tearDown();
}

void TestEgressProxy::httpAllowed()
{
    const ClientResult r = curl({u"--proxy"_s, httpProxy(), u"http://web.sandbench.test/hello.txt"_s});
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    QCOMPARE(r.out, "hello from the sandbench test host\n"_ba);
    QTRY_VERIFY_WITH_TIMEOUT(lastEventFor(u"web.sandbench.test"_s).has_value(), 20000);
    const EgressEvent event = *lastEventFor(u"web.sandbench.test"_s);
    QCOMPARE(event.decision, EgressEvent::Decision::Allowed);
    QCOMPARE(event.protocol, EgressEvent::Protocol::Http);
    QCOMPARE(event.port, quint16(80));
    QCOMPARE(event.address, QHostAddress(TestHosts::serverAddress()));
    QVERIFY(event.bytesDown > 35);
    QVERIFY(event.bytesUp > 0);
}

void TestEgressProxy::httpsConnectAllowed()
{
    m_events.clear();
    const ClientResult r = curl({u"--proxy"_s, httpProxy(), u"--cacert"_s, m_hosts.certificatePath(),
                                 u"https://web.sandbench.test/hello.txt"_s});
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    QCOMPARE(r.out, "hello from the sandbench test host\n"_ba);
    QTRY_VERIFY_WITH_TIMEOUT(lastEventFor(u"web.sandbench.test"_s).has_value(), 20000);
    const EgressEvent event = *lastEventFor(u"web.sandbench.test"_s);
    QCOMPARE(event.protocol, EgressEvent::Protocol::Connect);
    QCOMPARE(event.decision, EgressEvent::Decision::Allowed);
    QCOMPARE(event.port, quint16(443));
}

void TestEgressProxy::pythonRequests_data()
{
    QTest::addColumn<QString>("url");
    QTest::newRow("http") << u"http://web.sandbench.test/hello.txt"_s;
    QTest::newRow("https") << u"https://web.sandbench.test/hello.txt"_s;
    QTest::newRow("https glob") << u"https://a.glob.sandbench.test/hello.txt"_s;
}

void TestEgressProxy::pythonRequests()
{
    QFETCH(QString, url);
    const QString script = uR"(
import requests, sys
proxy, url, ca = sys.argv[1:4]
r = requests.get(url, proxies={"http": proxy, "https": proxy}, verify=ca, timeout=30)
print(r.status_code)
sys.stdout.write(r.text)
)"_s;
    const ClientResult r =
        runClient(u"/usr/bin/python3"_s, {u"-c"_s, script, httpProxy(), url, m_hosts.certificatePath()});
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    QCOMPARE(r.out, "200\nhello from the sandbench test host\n"_ba);
}

void TestEgressProxy::globMatchesSubdomainsOnly_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("expectedCode");
    QTest::newRow("subdomain http") << u"http://a.glob.sandbench.test/hello.txt"_s << u"200"_s;
    QTest::newRow("deeper subdomain") << u"http://deep.a.glob.sandbench.test/hello.txt"_s << u"200"_s;
    QTest::newRow("apex http") << u"http://glob.sandbench.test/hello.txt"_s << u"403"_s;
    QTest::newRow("subdomain https") << u"https://a.glob.sandbench.test/hello.txt"_s << u"200"_s;
}

void TestEgressProxy::globMatchesSubdomainsOnly()
{
    QFETCH(QString, url);
    QFETCH(QString, expectedCode);
    const ClientResult r = curl({u"--proxy"_s, httpProxy(), u"--cacert"_s, m_hosts.certificatePath(), u"-o"_s,
                                 u"/dev/null"_s, u"-w"_s, u"%{http_code}"_s, url});
    QVERIFY(r.finished);
    QCOMPARE(QString::fromLatin1(r.out), expectedCode);
}

void TestEgressProxy::hostOutsideListGets403_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<bool>("tunnel");
    QTest::newRow("http") << u"http://other.sandbench.test/hello.txt"_s << false;
    QTest::newRow("https via CONNECT") << u"https://other.sandbench.test/hello.txt"_s << true;
}

void TestEgressProxy::hostOutsideListGets403()
{
    QFETCH(QString, url);
    QFETCH(bool, tunnel);
    m_events.clear();
    const QString bodyPath = m_dir.path() + u"/body.txt"_s;
    QFile::remove(bodyPath);
    // For a refused CONNECT curl reports the proxy's status as http_connect and keeps its body out of -o.
    const ClientResult r = curl({u"--proxy"_s, httpProxy(), u"--cacert"_s, m_hosts.certificatePath(), u"-o"_s,
                                 bodyPath, u"-w"_s, tunnel ? u"%{http_connect}"_s : u"%{http_code}"_s, url});
    QVERIFY(r.finished);
    QCOMPARE(r.out, "403"_ba);
    if (!tunnel) {
        QFile body(bodyPath);
        QVERIFY(body.open(QIODevice::ReadOnly));
        const QByteArray text = body.readAll();
        QVERIFY2(text.contains("other.sandbench.test"), text.constData());
        QVERIFY2(text.contains("not in this container's network policy"), text.constData());
    } else {
        QVERIFY(r.exitCode != 0);
    }
    QTRY_VERIFY(lastEventFor(u"other.sandbench.test"_s).has_value());
    const EgressEvent event = *lastEventFor(u"other.sandbench.test"_s);
    QCOMPARE(event.decision, EgressEvent::Decision::Refused);
    QVERIFY2(event.reason.contains(u"not in the network policy"), qPrintable(event.reason));
}

void TestEgressProxy::otherPortRefused()
{
    // The server really listens on 8080, so only the proxy can be what says no.
    const ClientResult direct = curl({u"http://%1:8080/hello.txt"_s.arg(TestHosts::serverAddress())});
    QVERIFY2(direct.exitCode == 0, direct.err.constData());
    QCOMPARE(direct.out, "hello from the sandbench test host\n"_ba);

    m_events.clear();
    ClientResult r = curl({u"--proxy"_s, httpProxy(), u"http://web.sandbench.test:8080/hello.txt"_s, u"-w"_s,
                           u"\n%{http_code}"_s});
    QVERIFY(r.finished);
    QVERIFY2(r.out.endsWith("\n403"), r.out.constData());
    QVERIFY2(r.out.contains("only ports 80 and 443"), r.out.constData());
    QTRY_VERIFY_WITH_TIMEOUT(lastEventFor(u"web.sandbench.test"_s).has_value(), 20000);
    QCOMPARE(lastEventFor(u"web.sandbench.test"_s)->reason, u"port 8080 is not allowed"_s);

    r = curl({u"--proxy"_s, httpProxy(), u"-o"_s, u"/dev/null"_s, u"-w"_s, u"%{http_connect}"_s,
              u"https://web.sandbench.test:8080/"_s});
    QCOMPARE(r.out, "403"_ba);
}

void TestEgressProxy::privateDestinationsRefused_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("host");
    QTest::addColumn<QString>("reason");
    // All three are in the allowlist; only the address rule stands in the way.
    QTest::newRow("name resolving to loopback") << u"http://localhost/"_s << u"localhost"_s << u"loopback"_s;
    QTest::newRow("loopback literal") << u"http://127.0.0.1/"_s << u"127.0.0.1"_s << u"loopback"_s;
    // The test host's own address, reached as a literal rather than through the host map, is not exempt.
    QTest::newRow("private literal") << u"http://10.213.7.2/hello.txt"_s << u"10.213.7.2"_s << u"private"_s;
}

void TestEgressProxy::privateDestinationsRefused()
{
    QFETCH(QString, url);
    QFETCH(QString, host);
    QFETCH(QString, reason);
    m_events.clear();
    const ClientResult r = curl({u"--proxy"_s, httpProxy(), u"-w"_s, u"\n%{http_code}"_s, url});
    QVERIFY(r.finished);
    QVERIFY2(r.out.endsWith("\n403"), r.out.constData());
    QVERIFY2(r.out.contains(host.toUtf8()), r.out.constData());
    QTRY_VERIFY(lastEventFor(host).has_value());
    const EgressEvent event = *lastEventFor(host);
    QCOMPARE(event.decision, EgressEvent::Decision::Refused);
    QVERIFY2(event.reason.contains(reason), qPrintable(event.reason));
}

void TestEgressProxy::reservedRangesRefusedUnderStar_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("reason");
    QTest::newRow("TEST-NET-1") << u"http://192.0.2.1/"_s << u"documentation range 192.0.2.0/24"_s;
    QTest::newRow("TEST-NET-2") << u"https://198.51.100.1/"_s << u"documentation range 198.51.100.0/24"_s;
    QTest::newRow("TEST-NET-3") << u"http://203.0.113.9/"_s << u"documentation range 203.0.113.0/24"_s;
    QTest::newRow("benchmarking") << u"https://198.18.0.1/"_s << u"benchmarking range 198.18.0.0/15"_s;
    QTest::newRow("IETF assignments") << u"http://192.0.0.170/"_s << u"IETF protocol assignments range"_s;
    QTest::newRow("class E") << u"http://240.0.0.1/"_s << u"reserved range 240.0.0.0/4"_s;
    QTest::newRow("v6 documentation") << u"http://[2001:db8::1]/"_s << u"documentation range 2001:db8::/32"_s;
    QTest::newRow("v6 discard-only") << u"https://[100::1]/"_s << u"discard-only range 100::/64"_s;
    QTest::newRow("v4-mapped benchmarking")
        << u"http://[::ffff:198.18.0.1]/"_s
        << u"benchmarking range 198.18.0.0/15 (as an IPv4-mapped address)"_s;
    QTest::newRow("NAT64 documentation")
        << u"http://[64:ff9b::c000:201]/"_s << u"documentation range 192.0.2.0/24 (through NAT64)"_s;
}

// Under "*" every public host is allowed, but these ranges are not public: the proxy refuses them before it
// connects, with the range in the egress log.
void TestEgressProxy::reservedRangesRefusedUnderStar()
{
    QFETCH(QString, url);
    QFETCH(QString, reason);
    OwnProxy own;
    startOwnProxy(own, u"star-ranges"_s, NetworkPolicy::fromEntries({u"*"_s}));
    if (QTest::currentTestFailed())
        return;
    const bool tunnel = url.startsWith(u"https");
    const ClientResult r =
        curl({u"--proxy"_s, u"http://127.0.0.1:%1"_s.arg(own.httpPort), u"-o"_s, u"/dev/null"_s, u"-w"_s,
              tunnel ? u"%{http_connect}"_s : u"%{http_code}"_s, url});
    QVERIFY(r.finished);
    QCOMPARE(r.out, "403"_ba);
    QTRY_COMPARE(own.events.size(), 1);
    const EgressEvent event = own.events.constFirst();
    QCOMPARE(event.decision, EgressEvent::Decision::Refused);
    QVERIFY2(event.reason.contains(reason), qPrintable(event.reason));
    QVERIFY(event.address.isNull()); // never connected
}

// Every address of this machine's interfaces (as getifaddrs() lists them now, the test hosts' veth among
// them) is refused under "*", even with a service listening there, and the log names interface and address.
void TestEgressProxy::hostsOwnAddressesRefusedUnderStar()
{
    struct Own
    {
        QString interface;
        QHostAddress address;
    };
    QList<Own> own;
    ifaddrs *list = nullptr;
    QCOMPARE(getifaddrs(&list), 0);
    for (const ifaddrs *entry = list; entry; entry = entry->ifa_next) {
        if (!entry->ifa_addr ||
            (entry->ifa_addr->sa_family != AF_INET && entry->ifa_addr->sa_family != AF_INET6))
            continue;
        const QHostAddress address(entry->ifa_addr);
        if (!address.isLoopback() && !address.isLinkLocal()) // link-local ones need a scope to reach
            own.append({QString::fromLocal8Bit(entry->ifa_name), address});
    }
    freeifaddrs(list);
    QVERIFY2(!own.isEmpty(), "the test hosts' veth gives this host at least one address");

    OwnProxy proxy;
    startOwnProxy(proxy, u"star-own"_s, NetworkPolicy::fromEntries({u"*"_s}));
    if (QTest::currentTestFailed())
        return;
    for (const Own &entry : std::as_const(own)) {
        const QString shown = entry.address.toString();
        // A service of the host on that address; when something else already has port 80 there, it is the
        // one the proxy must not reach.
        QTcpServer service;
        int accepted = 0;
        connect(&service, &QTcpServer::newConnection, &service, [&service, &accepted] {
            while (QTcpSocket *socket = service.nextPendingConnection()) {
                ++accepted;
                socket->write("HTTP/1.0 200 OK\r\nContent-Length: 13\r\n\r\nhost service\n");
                socket->disconnectFromHost();
            }
        });
        service.listen(entry.address, 80);

        proxy.events.clear();
        const QString host =
            entry.address.protocol() == QAbstractSocket::IPv6Protocol ? u"[%1]"_s.arg(shown) : shown;
        const ClientResult r = curl({u"--proxy"_s, u"http://127.0.0.1:%1"_s.arg(proxy.httpPort), u"-o"_s,
                                     u"/dev/null"_s, u"-w"_s, u"%{http_code}"_s, u"http://%1/"_s.arg(host)});
        QVERIFY(r.finished);
        QVERIFY2(r.out == "403", qPrintable(shown + u": "_s + QString::fromLatin1(r.out)));
        QTRY_COMPARE(proxy.events.size(), 1);
        const QString expected = u"this host's own address (%1 %2)"_s.arg(entry.interface, shown);
        QVERIFY2(proxy.events.constFirst().reason.contains(expected),
                 qPrintable(proxy.events.constFirst().reason + u" / "_s + expected));
        QCOMPARE(accepted, 0);
    }
}

void TestEgressProxy::hostHeaderMustMatchTarget()
{
    const ClientResult r = curl({u"--proxy"_s, httpProxy(), u"-H"_s, u"Host: other.sandbench.test"_s, u"-w"_s,
                                 u"\n%{http_code}"_s, u"http://web.sandbench.test/hello.txt"_s});
    QVERIFY(r.finished);
    QVERIFY2(r.out.endsWith("\n403"), r.out.constData());
    QVERIFY2(r.out.contains("other.sandbench.test"), r.out.constData());
}

void TestEgressProxy::socks5_data()
{
    QTest::addColumn<QString>("url");
    QTest::newRow("http") << u"http://web.sandbench.test/hello.txt"_s;
    QTest::newRow("https") << u"https://web.sandbench.test/hello.txt"_s;
}

void TestEgressProxy::socks5()
{
    QFETCH(QString, url);
    m_events.clear();
    const ClientResult r = curl({u"--socks5-hostname"_s, u"127.0.0.1:%1"_s.arg(m_socksPort), u"--cacert"_s,
                                 m_hosts.certificatePath(), url});
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    QCOMPARE(r.out, "hello from the sandbench test host\n"_ba);
    // An allowed tunnel is reported once both ends have closed.
    QTRY_VERIFY_WITH_TIMEOUT(lastEventFor(u"web.sandbench.test"_s).has_value(), 20000);
    QCOMPARE(lastEventFor(u"web.sandbench.test"_s)->protocol, EgressEvent::Protocol::Socks);
}

void TestEgressProxy::socks5Refused()
{
    m_events.clear();
    const ClientResult r = curl({u"--socks5-hostname"_s, u"127.0.0.1:%1"_s.arg(m_socksPort),
                                 u"http://other.sandbench.test/hello.txt"_s});
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 97); // CURLE_PROXY: the SOCKS server answered "not allowed by ruleset"
    QVERIFY(r.out.isEmpty());
    QTRY_VERIFY(lastEventFor(u"other.sandbench.test"_s).has_value());
    QCOMPARE(lastEventFor(u"other.sandbench.test"_s)->decision, EgressEvent::Decision::Refused);

    const ClientResult port = curl({u"--socks5-hostname"_s, u"127.0.0.1:%1"_s.arg(m_socksPort),
                                    u"http://web.sandbench.test:8080/hello.txt"_s});
    QCOMPARE(port.exitCode, 97);
}

// A SOCKS5 domain is whatever bytes the client sends: one with spaces and markup is refused, and the event
// names it in a form that cannot be read as markup.
void TestEgressProxy::socks5InvalidNameRefusedAndSanitised()
{
    m_events.clear();
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, m_socksPort);
    QVERIFY(socket.waitForConnected(5000));
    socket.write(QByteArray::fromHex("050100")); // version 5, one method: no authentication
    QTRY_VERIFY(socket.bytesAvailable() >= 2 || socket.waitForReadyRead(100));
    QCOMPARE(socket.read(2), QByteArray::fromHex("0500"));
    const QByteArray name = "<img src=/dev/zero> web.sandbench.test";
    socket.write(QByteArray::fromHex("05010003") + char(name.size()) + name + QByteArray::fromHex("0050"));
    QTRY_VERIFY(socket.bytesAvailable() >= 2 || socket.waitForReadyRead(100));
    const QByteArray reply = socket.readAll();
    QCOMPARE(reply.at(0), char(0x05));
    QVERIFY(reply.at(1) != 0x00); // not "succeeded"
    QTRY_COMPARE(m_events.size(), 1);
    const EgressEvent event = m_events.constFirst();
    QCOMPARE(event.decision, EgressEvent::Decision::Refused);
    QCOMPARE(event.protocol, EgressEvent::Protocol::Socks);
    QVERIFY2(!event.host.contains(u'<') && !event.host.contains(u' '), qPrintable(event.host));
    QCOMPARE(event.host, u"\\x3cimg\\x20src\\x3d\\x2fdev\\x2fzero\\x3e\\x20web.sandbench.test"_s);
    QVERIFY(event.reason.contains(u"not a valid host name"_s));
    // Valid names pass through unchanged.
    QCOMPARE(EgressProxy::displayHost(u"web.sandbench.test"_s), u"web.sandbench.test"_s);
    QCOMPARE(EgressProxy::displayHost(u"::1"_s), u"::1"_s);
    QCOMPARE(EgressProxy::displayHost(QString(300, u'a')).size(), 256);
}

void TestEgressProxy::tlsSniMustMatch_data()
{
    QTest::addColumn<QString>("serverName");
    QTest::addColumn<bool>("allowed");
    QTest::newRow("same name") << u"web.sandbench.test"_s << true;
    QTest::newRow("different name") << u"other.sandbench.test"_s << false;
}

void TestEgressProxy::tlsSniMustMatch()
{
    QFETCH(QString, serverName);
    QFETCH(bool, allowed);
    m_events.clear();
    // CONNECT to an allowed host, then a ClientHello naming another one (domain fronting).
    const QString script = uR"(
import socket, ssl, sys
port, name, ca = int(sys.argv[1]), sys.argv[2], sys.argv[3]
s = socket.create_connection(("127.0.0.1", port), timeout=20)
s.sendall(b"CONNECT web.sandbench.test:443 HTTP/1.1\r\nHost: web.sandbench.test:443\r\n\r\n")
reply = b""
while b"\r\n\r\n" not in reply:
    reply += s.recv(1)
print(reply.split(b"\r\n")[0].decode())
ctx = ssl.create_default_context(cafile=ca)
try:
    t = ctx.wrap_socket(s, server_hostname=name)
    t.sendall(b"GET /hello.txt HTTP/1.0\r\nHost: " + name.encode() + b"\r\n\r\n")
    print("tls ok", b"hello from" in t.recv(4096) + t.recv(4096))
except (ssl.SSLError, OSError) as e:
    print("tls failed")
)"_s;
    const ClientResult r = runClient(u"/usr/bin/python3"_s, {u"-c"_s, script, QString::number(m_httpPort),
                                                             serverName, m_hosts.certificatePath()});
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.startsWith("HTTP/1.1 200"), r.out.constData());
    QCOMPARE(r.out.contains("tls ok True"), allowed);
    QCOMPARE(r.out.contains("tls failed"), !allowed);
    QTRY_VERIFY_WITH_TIMEOUT(lastEventFor(u"web.sandbench.test"_s).has_value(), 20000);
    const EgressEvent event = *lastEventFor(u"web.sandbench.test"_s);
    QCOMPARE(event.decision, allowed ? EgressEvent::Decision::Allowed : EgressEvent::Decision::Refused);
    if (!allowed)
        QVERIFY2(event.reason.contains(u"SNI other.sandbench.test"), qPrintable(event.reason));
}

// A program the host starts while a tunnel is open must not receive the tunnel's sockets: it would keep the
// connection open after the proxy closed it.
void TestEgressProxy::tunnelNotInheritedByChildren()
{
    m_events.clear();
    // Once the first bytes of the 20 MiB answer arrive the connection is in the proxy's pump; reading no
    // further keeps it open.
    QTcpSocket client;
    openLargeDownload(client, m_httpPort, "GET /large.bin HTTP/1.0\r\nHost: web.sandbench.test\r\n\r\n");
    if (QTest::currentTestFailed())
        return;

    const ClientResult r = runClient(
        u"/bin/sh"_s,
        {u"-c"_s, u"for f in /proc/$$/fd/*; do readlink \"$f\"; done | grep -c '^socket:' || true"_s});
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    QCOMPARE(r.out.trimmed(), "0"_ba);

    client.setReadBufferSize(0);
    qint64 received = 0;
    QTRY_VERIFY_WITH_TIMEOUT((received += client.readAll().size()) > (20LL << 20), 20000);
    client.disconnectFromHost();
    QTRY_VERIFY_WITH_TIMEOUT(lastEventFor(u"web.sandbench.test"_s).has_value(), 20000);
    QCOMPARE(lastEventFor(u"web.sandbench.test"_s)->protocol, EgressEvent::Protocol::Connect);
    QCOMPARE(lastEventFor(u"web.sandbench.test"_s)->decision, EgressEvent::Decision::Allowed);
}

void TestEgressProxy::largeDownloadIntact()
{
    m_events.clear();
    const QString out = m_dir.path() + u"/large.out"_s;
    const ClientResult r =
        curl({u"--proxy"_s, httpProxy(), u"-o"_s, out, u"http://web.sandbench.test/large.bin"_s});
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    QFile got(out);
    QFile want(m_hosts.wwwDir() + u"/large.bin"_s);
    QVERIFY(got.open(QIODevice::ReadOnly) && want.open(QIODevice::ReadOnly));
    QCOMPARE(got.size(), 20LL << 20);
    QVERIFY(got.readAll() == want.readAll());
    QTRY_VERIFY_WITH_TIMEOUT(lastEventFor(u"web.sandbench.test"_s).has_value(), 20000);
    QVERIFY(lastEventFor(u"web.sandbench.test"_s)->bytesDown > (20LL << 20));
}

void TestEgressProxy::pipDownloadFromSimpleIndex()
{
    const QString dest = m_dir.path() + u"/pip-out"_s;
    const ClientResult r = runClient(
        u"/usr/bin/python3"_s,
        {u"-m"_s, u"pip"_s, u"download"_s, u"--no-deps"_s, u"--no-cache-dir"_s,
         u"--disable-pip-version-check"_s, u"--index-url"_s, u"https://web.sandbench.test/simple/"_s,
         u"--cert"_s, m_hosts.certificatePath(), u"--proxy"_s, httpProxy(), u"-d"_s, dest, u"sbtestpkg"_s},
        120000);
    QVERIFY2(r.finished && r.exitCode == 0, QByteArray(r.out + r.err).constData());
    QVERIFY(QFile::exists(dest + u"/sbtestpkg-0.1-py3-none-any.whl"_s));
}

// A container stopping closes its proxy while tunnels are open: each is still reported, once, with what it
// carried, before close() returns (the proxy is deleted right after).
void TestEgressProxy::closeReportsOpenTunnel()
{
    OwnProxy own;
    startOwnProxy(own, u"closing"_s);
    if (QTest::currentTestFailed())
        return;
    const QByteArray request = "GET /large.bin HTTP/1.0\r\nHost: web.sandbench.test\r\n\r\n";
    QTcpSocket client;
    openLargeDownload(client, own.httpPort, request);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(own.proxy->activeConnections(), 1);
    QVERIFY(own.events.isEmpty());
    const qint64 receivedBefore = client.bytesAvailable();

    own.proxy->close();
    QCOMPARE(own.events.size(), 1);
    const EgressEvent event = own.events.constFirst();
    QCOMPARE(event.host, u"web.sandbench.test"_s);
    QCOMPARE(event.protocol, EgressEvent::Protocol::Connect);
    QCOMPARE(event.decision, EgressEvent::Decision::Allowed);
    QCOMPARE(event.bytesUp, qint64(request.size()));
    QVERIFY(event.bytesDown >= receivedBefore);
    QCOMPARE(own.proxy->activeConnections(), 0);
    QVERIFY(!own.proxy->isListening());
    QVERIFY(!own.proxy->listen(m_dir.path() + u"/closing-again.sock"_s));

    // The tunnel really ended: the client sees the connection close, with no more than the proxy carried.
    client.setReadBufferSize(0);
    qint64 received = 0;
    QTRY_VERIFY_WITH_TIMEOUT(
        (received += client.readAll().size(), client.state() == QAbstractSocket::UnconnectedState), 20000);
    received += client.readAll().size();
    QVERIFY2(received <= event.bytesDown, qPrintable(u"%1 > %2"_s.arg(received).arg(event.bytesDown)));

    own.proxy.reset();
    QCoreApplication::processEvents();
    QCOMPARE(own.events.size(), 1);
}

// The listeners init hands over: the proxy accepts on them itself, with every check of the relay path, and
// splices straight between the accepted socket and the upstream one.
void TestEgressProxy::adoptedListenersServeHttpAndSocks()
{
    OwnProxy own;
    startOwnProxy(own, u"adopting"_s);
    if (QTest::currentTestFailed())
        return;
    const quint16 httpPort = freePort();
    const quint16 socksPort = freePort();
    QVERIFY(own.proxy->adoptListener(tcpSocket(httpPort, SOCK_STREAM, true), "HTTP\n"));
    QVERIFY(own.proxy->adoptListener(tcpSocket(socksPort, SOCK_STREAM, true), "SOCKS\n"));
    const QString proxy = u"http://127.0.0.1:%1"_s.arg(httpPort);

    ClientResult r = curl({u"--proxy"_s, proxy, u"http://web.sandbench.test/hello.txt"_s});
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    QCOMPARE(r.out, "hello from the sandbench test host\n"_ba);
    r = curl(
        {u"--proxy"_s, u"socks5h://127.0.0.1:%1"_s.arg(socksPort), u"http://web.sandbench.test/hello.txt"_s});
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    QCOMPARE(r.out, "hello from the sandbench test host\n"_ba);
    // The whole 20 MiB file, byte for byte, through the pump.
    r = curl({u"--proxy"_s, proxy, u"http://web.sandbench.test/large.bin"_s});
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    QFile large(m_hosts.wwwDir() + u"/large.bin"_s);
    QVERIFY(large.open(QIODevice::ReadOnly));
    QVERIFY(r.out == large.readAll());
    // Refused like any other: a host outside the policy, a private address.
    r = curl({u"-s"_s, u"-o"_s, u"/dev/null"_s, u"-w"_s, u"%{http_code}"_s, u"--proxy"_s, proxy,
              u"http://elsewhere.example/"_s});
    QCOMPARE(r.out, "403"_ba);
    r = curl({u"-s"_s, u"-o"_s, u"/dev/null"_s, u"-w"_s, u"%{http_code}"_s, u"--proxy"_s, proxy,
              u"http://10.1.2.3/"_s});
    QCOMPARE(r.out, "403"_ba);

    QTRY_COMPARE_WITH_TIMEOUT(own.events.size(), 5, 20000);
    const QList<EgressEvent::Protocol> protocols = {EgressEvent::Protocol::Http, EgressEvent::Protocol::Socks,
                                                    EgressEvent::Protocol::Http};
    for (int i = 0; i < 3; ++i) {
        QCOMPARE(own.events[i].decision, EgressEvent::Decision::Allowed);
        QCOMPARE(own.events[i].host, u"web.sandbench.test"_s);
        QCOMPARE(own.events[i].protocol, protocols[i]);
    }
    QCOMPARE(own.events[2].bytesDown > large.size(), true);
    QCOMPARE(own.events[3].decision, EgressEvent::Decision::Refused);
    QCOMPARE(own.events[4].decision, EgressEvent::Decision::Refused);
    QTRY_COMPARE(own.proxy->activeConnections(), 0);
}

// The caps hold for connections from an adopted listener, and close() stops accepting on it for good.
void TestEgressProxy::adoptedListenerKeepsCapsAndClosesWithProxy()
{
    EgressLimits limits;
    limits.maxConnections = 1;
    limits.maxHandshakes = 1;
    QList<EgressEvent> events;
    auto proxy = std::make_unique<EgressProxy>(m_proxy->policy(), limits);
    proxy->setHostMap(TestHosts::hostMap());
    connect(proxy.get(), &EgressProxy::connectionEvent, this,
            [&events](const EgressEvent &event) { events.append(event); });
    const quint16 port = freePort();
    QVERIFY(proxy->adoptListener(tcpSocket(port, SOCK_STREAM, true), "HTTP\n"));

    QTcpSocket holder; // a tunnel that stays open
    openLargeDownload(holder, port, "GET /large.bin HTTP/1.0\r\nHost: web.sandbench.test\r\n\r\n");
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(proxy->activeConnections(), 1);
    QTcpSocket second;
    second.connectToHost(QHostAddress::LocalHost, port);
    QVERIFY(second.waitForConnected(5000));
    second.write("GET http://web.sandbench.test/hello.txt HTTP/1.1\r\nHost: web.sandbench.test\r\n\r\n");
    QByteArray reply;
    QTRY_VERIFY_WITH_TIMEOUT((reply += second.readAll()).contains("\r\n\r\n"), 20000);
    QVERIFY2(reply.startsWith("HTTP/1.1 503"), reply.constData());

    proxy->close();
    // The open tunnel is reported with its counts; the refusal was reported before.
    QCOMPARE(events.size(), 2);
    QCOMPARE(events[0].decision, EgressEvent::Decision::Refused);
    QCOMPARE(events[1].decision, EgressEvent::Decision::Allowed);
    QVERIFY(events[1].bytesDown > 0);
    QCOMPARE(proxy->activeConnections(), 0);
    // Nothing listens any more: a new client is refused by the kernel, and the proxy takes no new listener.
    QTcpSocket late;
    late.connectToHost(QHostAddress::LocalHost, port);
    QVERIFY(!late.waitForConnected(2000));
    QVERIFY(!proxy->adoptListener(tcpSocket(freePort(), SOCK_STREAM, true), "HTTP\n"));
    QCOMPARE(events.size(), 2);
}

// Bad input: only a listening TCP socket and a known header are taken; anything else is closed unused.
void TestEgressProxy::adoptListenerTakesOnlyListeningTcp()
{
    EgressProxy proxy(m_proxy->policy());
    int pipeFds[2];
    QCOMPARE(::pipe2(pipeFds, O_CLOEXEC), 0);
    ::close(pipeFds[1]);
    QVERIFY(!proxy.adoptListener(pipeFds[0], "HTTP\n"));
    QVERIFY(!proxy.adoptListener(tcpSocket(freePort(), SOCK_DGRAM, false), "HTTP\n"));
    QVERIFY(!proxy.adoptListener(tcpSocket(freePort(), SOCK_STREAM, false), "HTTP\n"));
    int unixPair[2];
    QCOMPARE(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, unixPair), 0);
    ::close(unixPair[1]);
    QVERIFY(!proxy.adoptListener(unixPair[0], "HTTP\n"));
    const quint16 port = freePort();
    QVERIFY(!proxy.adoptListener(tcpSocket(port, SOCK_STREAM, true), "TELNET\n"));
    QVERIFY(!proxy.adoptListener(-1, "HTTP\n"));
    // The refused listener was closed, not kept: its port is free again.
    const int again = tcpSocket(port, SOCK_STREAM, true);
    QVERIFY(again >= 0);
    QVERIFY(proxy.adoptListener(again, "SOCKS\n"));
    QCOMPARE(proxy.activeConnections(), 0);
}

// A tunnel that ended on the pump's thread just before close() has its report queued to the proxy: close()
// delivers it (with its counts) rather than letting it go with the deleted proxy, and never twice.
void TestEgressProxy::closeDeliversTunnelThatJustEnded()
{
    OwnProxy own;
    startOwnProxy(own, u"ending"_s);
    if (QTest::currentTestFailed())
        return;
    const QByteArray request = "GET /large.bin HTTP/1.0\r\nHost: web.sandbench.test\r\n\r\n";
    QTcpSocket client;
    openLargeDownload(client, own.httpPort, request);
    if (QTest::currentTestFailed())
        return;
    const qint64 receivedBefore = client.bytesAvailable();
    QCOMPARE(own.proxy->activeConnections(), 1);

    // End the tunnel from the client's side and wait for the pump to drop it, without running the event
    // loop: its `finished` stays queued.
    client.abort();
    const QDeadlineTimer deadline(20000);
    while (own.proxy->activeConnections() > 0 && !deadline.hasExpired())
        QThread::msleep(5);
    QCOMPARE(own.proxy->activeConnections(), 0);
    QVERIFY(own.events.isEmpty());

    own.proxy->close();
    QCOMPARE(own.events.size(), 1);
    const EgressEvent event = own.events.constFirst();
    QCOMPARE(event.decision, EgressEvent::Decision::Allowed);
    QCOMPARE(event.bytesUp, qint64(request.size()));
    QVERIFY(event.bytesDown >= receivedBefore);
    QVERIFY(receivedBefore > 0);

    own.proxy.reset();
    QCoreApplication::processEvents();
    QCOMPARE(own.events.size(), 1);
}

void TestEgressProxy::stalledDownloadLetsThePumpSleep()
{
    // A container that stops reading a download costs the engine no CPU: with the client's socket and the
    // pump's pipe full, the pump sleeps until the client reads again (it once woke for every packet the
    // server sent, to find nowhere to put it).
    OwnProxy own;
    startOwnProxy(own, u"stalled"_s);
    if (QTest::currentTestFailed())
        return;
    const quint16 port = freePort();
    QVERIFY(own.proxy->adoptListener(tcpSocket(port, SOCK_STREAM, true), "HTTP\n"));
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    QVERIFY(fd >= 0);
    const auto closeFd = qScopeGuard([fd] { ::close(fd); });
    const int smallBuffer = 64 * 1024;
    ::setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &smallBuffer, sizeof smallBuffer);
    const timeval patience{20, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &patience, sizeof patience);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    QCOMPARE(::connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr), 0);
    const QByteArray request =
        "GET http://web.sandbench.test/large.bin HTTP/1.1\r\nHost: web.sandbench.test\r\n"
        "Connection: close\r\n\r\n";
    QCOMPARE(::send(fd, request.constData(), size_t(request.size()), MSG_NOSIGNAL), ssize_t(request.size()));

    // Stalled: bytes wait in the client's socket and no more arrive.
    int queued = -1;
    bool stalled = false;
    for (const QDeadlineTimer deadline(20000); !stalled && !deadline.hasExpired();) {
        QTest::qWait(100);
        int now = 0;
        ::ioctl(fd, FIONREAD, &now);
        stalled = now > 0 && now == queued;
        queued = now;
    }
    QVERIFY(stalled);
    QCOMPARE(own.proxy->activeConnections(), 1);
    const qint64 before = processCpuNs();
    QTest::qWait(1000);
    const qint64 usedMs = (processCpuNs() - before) / 1000000;
    QVERIFY2(usedMs < 200, qPrintable(u"%1 ms of CPU in a second of a stalled download"_s.arg(usedMs)));

    // Reading again, the client gets the whole file.
    QByteArray reply;
    std::vector<char> buffer(1 << 20);
    for (;;) {
        const ssize_t n = ::recv(fd, buffer.data(), buffer.size(), 0);
        if (n <= 0)
            break;
        reply.append(buffer.data(), n);
    }
    const qsizetype headEnd = reply.indexOf("\r\n\r\n");
    QVERIFY2(reply.startsWith("HTTP/1.0 200") || reply.startsWith("HTTP/1.1 200"),
             reply.left(200).constData());
    QFile large(m_hosts.wwwDir() + u"/large.bin"_s);
    QVERIFY(large.open(QIODevice::ReadOnly));
    QVERIFY(headEnd > 0 && reply.mid(headEnd + 4) == large.readAll());
}

// Issue 28 (7): a refusal is "allowable" only when adding the host to the policy would let the connection
// through: refused for not being in the policy, and not a name or address the proxy refuses whatever the
// policy says. A name only DNS could answer for is never looked up (that would carry it out), so it stays
// allowable. The proxy's hosts file here is a test file; the connections are real ones through the proxy.
void TestEgressProxy::allowableOnlyWhenAllowingHelps_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("host");
    QTest::addColumn<bool>("allowable");
    QTest::newRow("name refused only by the policy")
        << u"http://unlisted.sandbench.test/"_s << u"unlisted.sandbench.test"_s << true;
    QTest::newRow("name of the test host map")
        << u"https://other.sandbench.test/"_s << u"other.sandbench.test"_s << true;
    QTest::newRow("hosts file: public address")
        << u"http://public.sandbench.test/"_s << u"public.sandbench.test"_s << true;
    QTest::newRow("hosts file: loopback and public")
        << u"http://mixed.sandbench.test/"_s << u"mixed.sandbench.test"_s << true;
    QTest::newRow("hosts file: loopback")
        << u"http://loop.sandbench.test/"_s << u"loop.sandbench.test"_s << false;
    QTest::newRow("hosts file: documentation")
        << u"https://doc.sandbench.test/"_s << u"doc.sandbench.test"_s << false;
    QTest::newRow("hosts file: v6 documentation")
        << u"http://doc6.sandbench.test/"_s << u"doc6.sandbench.test"_s << false;
    QTest::newRow("hosts file: 0.0.0.0")
        << u"http://sink.sandbench.test/"_s << u"sink.sandbench.test"_s << false;
    QTest::newRow("hosts file: upper case, trailing dot")
        << u"http://LOOP.Sandbench.Test./"_s << u"loop.sandbench.test"_s << false;
    QTest::newRow("localhost") << u"http://localhost/"_s << u"localhost"_s << false;
    QTest::newRow("a .localhost name") << u"http://app.localhost/"_s << u"app.localhost"_s << false;
    QTest::newRow("an .invalid name") << u"http://nothing.invalid/"_s << u"nothing.invalid"_s << false;
    QTest::newRow("loopback literal") << u"http://127.0.0.1/"_s << u"127.0.0.1"_s << false;
    QTest::newRow("documentation literal") << u"https://192.0.2.1/"_s << u"192.0.2.1"_s << false;
    QTest::newRow("v6 loopback literal") << u"http://[::1]/"_s << u"::1"_s << false;
    QTest::newRow("public literal") << u"http://93.184.216.34/"_s << u"93.184.216.34"_s << true;
    QTest::newRow("allowed host, other port")
        << u"http://web.sandbench.test:8080/"_s << u"web.sandbench.test"_s << false;
}

void TestEgressProxy::allowableOnlyWhenAllowingHelps()
{
    QFETCH(QString, url);
    QFETCH(QString, host);
    QFETCH(bool, allowable);
    const QString hostsPath = m_dir.path() + u"/allowable-hosts"_s;
    QFile hosts(hostsPath);
    QVERIFY(hosts.open(QIODevice::WriteOnly | QIODevice::Truncate));
    hosts.write("# names the resolver answers from this file\n"
                "127.0.0.1\tloop.sandbench.test   # loopback\n"
                "192.0.2.7 doc.sandbench.test\n"
                "2001:db8::5 doc6.sandbench.test\n"
                "0.0.0.0 sink.sandbench.test\n"
                "93.184.216.34 public.sandbench.test\n"
                "127.0.0.1 mixed.sandbench.test\n"
                "93.184.216.34 mixed.sandbench.test\n");
    hosts.close();
    OwnProxy own;
    startOwnProxy(own, u"allowable"_s, NetworkPolicy::fromEntries({u"web.sandbench.test"_s}));
    if (QTest::currentTestFailed())
        return;
    own.proxy->setHostsFile(std::make_shared<HostsFile>(hostsPath));
    const bool tunnel = url.startsWith(u"https");
    const ClientResult r =
        curl({u"--proxy"_s, u"http://127.0.0.1:%1"_s.arg(own.httpPort), u"-o"_s, u"/dev/null"_s, u"-w"_s,
              tunnel ? u"%{http_connect}"_s : u"%{http_code}"_s, url});
    QVERIFY(r.finished);
    QCOMPARE(r.out, "403"_ba);
    QTRY_COMPARE(own.events.size(), 1);
    const EgressEvent event = own.events.constFirst();
    QCOMPARE(NetworkPolicy::normalizeHost(event.host), host); // as the container sent it
    QCOMPARE(event.decision, EgressEvent::Decision::Refused);
    QVERIFY2(event.reason.contains(u"not in the network policy"_s) || url.contains(u":8080"_s),
             qPrintable(event.reason));
    QCOMPARE(event.allowable, allowable);
    QVERIFY(event.address.isNull()); // nothing was looked up or connected
}

void TestEgressProxy::hostsFileParse()
{
    const QHash<QString, QList<QHostAddress>> names =
        HostsFile::parse("127.0.0.1 localhost Box.Example.  box # comment 203.0.113.1 hidden.example\n"
                         "  ::1\tlocalhost ip6-localhost\r\n"
                         "# 198.51.100.1 commented.example\n"
                         "not-an-address name.example\n"
                         "fe80::1%eth0 scoped.example\n"
                         "198.51.100.2 twice.example 10.0.0.1 bad_name! -dash.example\n"
                         "198.51.100.2 twice.example\n"
                         "203.0.113.9 twice.example\n"
                         "192.0.2.1\n"
                         "203.0.113.7 last.example"); // no final newline
    QCOMPARE(names.value(u"localhost"_s),
             QList<QHostAddress>({QHostAddress(u"127.0.0.1"_s), QHostAddress(u"::1"_s)}));
    QCOMPARE(names.value(u"box.example"_s), QList<QHostAddress>{QHostAddress(u"127.0.0.1"_s)});
    QCOMPARE(names.value(u"box"_s), QList<QHostAddress>{QHostAddress(u"127.0.0.1"_s)});
    QCOMPARE(names.value(u"ip6-localhost"_s), QList<QHostAddress>{QHostAddress(u"::1"_s)});
    QCOMPARE(names.value(u"scoped.example"_s), QList<QHostAddress>{QHostAddress(u"fe80::1"_s)});
    QCOMPARE(names.value(u"twice.example"_s),
             QList<QHostAddress>({QHostAddress(u"198.51.100.2"_s), QHostAddress(u"203.0.113.9"_s)}));
    QCOMPARE(names.value(u"last.example"_s), QList<QHostAddress>{QHostAddress(u"203.0.113.7"_s)});
    for (const QString &absent : {u"hidden.example"_s, u"commented.example"_s, u"name.example"_s,
                                  u"not-an-address"_s, u"10.0.0.1"_s, u"bad_name!"_s, u"-dash.example"_s})
        QVERIFY2(!names.contains(absent), qPrintable(absent));
    QCOMPARE(names.size(), 7);
    QVERIFY(HostsFile::parse({}).isEmpty());
    QVERIFY(HostsFile::parse(QByteArray(1 << 16, '\0')).isEmpty());
}

void TestEgressProxy::hostsFileRereadWhenChanged()
{
    const QString path = m_dir.path() + u"/reread-hosts"_s;
    HostsFile file(path);
    QVERIFY(file.addresses(u"later.example"_s).isEmpty()); // no file yet: nothing, no error
    const auto write = [&path](const QByteArray &text) {   // a different size each time
        QFile f(path);
        return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(text) == text.size();
    };
    QVERIFY(write("127.0.0.1 later.example\n"));
    QCOMPARE(file.addresses(u"Later.Example"_s), QList<QHostAddress>{QHostAddress(u"127.0.0.1"_s)});
    QVERIFY(write("203.0.113.5 later.example\n"));
    QCOMPARE(file.addresses(u"later.example"_s), QList<QHostAddress>{QHostAddress(u"203.0.113.5"_s)});
    // Larger than the limit: none of it counts.
    QVERIFY(write("203.0.113.5 later.example\n" + QByteArray(HostsFile::MaxBytes, '#')));
    QVERIFY(file.addresses(u"later.example"_s).isEmpty());
    // Not a regular file: a FIFO in its place is not opened for reading (which would block).
    QVERIFY(QFile::remove(path));
    QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
    QVERIFY(file.addresses(u"later.example"_s).isEmpty());
    QVERIFY(QFile::remove(path));
}

QTEST_GUILESS_MAIN(TestEgressProxy)
#include "test_egressproxy.moc"
