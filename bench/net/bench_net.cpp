// SPDX-License-Identifier: GPL-3.0-or-later
// Compares a 200 MB download and connection set-up through the egress path with the same requests sent
// straight to the test host. A container's path is the proxy accepting on a listener init made in the
// container's namespace ("listener": client -> proxy -> upstream); the relay path (client -> relay ->
// Unix socket -> proxy -> upstream) is init's fallback and shown beside it. Needs root (it creates the test
// host's network namespace).
//   SANDBENCH_BENCH_NET_ROUNDS  interleaved download rounds per route (default 9)
#include "sandbox/net/egressproxy.h"
#include "testhosts.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <thread>
#include <vector>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <unistd.h>

using namespace Qt::StringLiterals;
using Clock = std::chrono::steady_clock;

namespace {

constexpr qint64 DownloadBytes = 200LL * 1000 * 1000;
constexpr int SetupRounds = 200;
constexpr int DefaultDownloadRounds = 9;
constexpr double ThroughputTarget = 0.8;

// Where a request goes: straight to the server, to the relay's HTTP port, or to the proxy's Unix socket.
struct Route
{
    const char *name;
    int family;
    QByteArray address; // IPv4 text or socket path
    int port;
    QByteArray prefix; // "HTTP\n" when talking to the proxy socket directly
    bool absoluteForm;
};

int connectRoute(const Route &route)
{
    int fd = socket(route.family, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return -1;
    int rc;
    if (route.family == AF_INET) {
        int one = 1;
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_port = htons(uint16_t(route.port));
        inet_pton(AF_INET, route.address.constData(), &addr.sin_addr);
        rc = ::connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr);
    } else {
        sockaddr_un addr{};
        addr.sun_family = AF_UNIX;
        std::memcpy(addr.sun_path, route.address.constData(), route.address.size() + 1);
        rc = ::connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr);
    }
    if (rc < 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

// Sends one GET and reads the answer; returns bytes read, or -1. firstByte gets the time to the first byte.
qint64 fetch(const Route &route, const char *path, bool readAll, double *firstByteMs)
{
    const auto start = Clock::now();
    const int fd = connectRoute(route);
    if (fd < 0)
        return -1;
    const QByteArray target =
        route.absoluteForm ? "http://bench.sandbench.test" + QByteArray(path) : QByteArray(path);
    const QByteArray request = route.prefix + "GET " + target +
                               " HTTP/1.1\r\nHost: bench.sandbench.test\r\nConnection: close\r\n\r\n";
    if (::send(fd, request.constData(), request.size(), MSG_NOSIGNAL) != request.size()) {
        ::close(fd);
        return -1;
    }
    static thread_local std::vector<char> buffer(1 << 20);
    qint64 total = 0;
    for (;;) {
        const ssize_t n = ::recv(fd, buffer.data(), buffer.size(), 0);
        if (n <= 0)
            break;
        if (total == 0 && firstByteMs)
            *firstByteMs = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
        total += n;
        if (!readAll)
            break;
    }
    ::close(fd);
    return total;
}

// Nanoseconds a task (a process, or a thread of this one) has run on a CPU, from its schedstat.
qint64 cpuNs(const QString &schedstat)
{
    QFile f(schedstat);
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    return f.readAll().split(' ').value(0).toLongLong();
}

// CPU time of every thread of this process but `except` (the client's), i.e. the proxy and its pump.
qint64 engineCpuNs(pid_t except)
{
    qint64 total = 0;
    const QDir tasks(u"/proc/self/task"_s);
    for (const QString &tid : tasks.entryList(QDir::Dirs | QDir::NoDotAndDotDot))
        if (tid.toInt() != except)
            total += cpuNs(tasks.filePath(tid + u"/schedstat"_s));
    return total;
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values.empty() ? 0 : values[values.size() / 2];
}

// A listening TCP socket on 127.0.0.1:port, as init makes for the proxy, or -1.
int listenTcp(quint16 port)
{
    const int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd < 0 || ::bind(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0 ||
        ::listen(fd, 128) != 0) {
        if (fd >= 0)
            ::close(fd);
        return -1;
    }
    return fd;
}

quint16 freePort()
{
    QTcpServer server;
    server.listen(QHostAddress::LocalHost, 0);
    return server.serverPort();
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    bool roundsOk = false;
    const int roundsEnv = qEnvironmentVariableIntValue("SANDBENCH_BENCH_NET_ROUNDS", &roundsOk);
    const int downloadRounds = roundsOk && roundsEnv > 0 ? roundsEnv : DefaultDownloadRounds;
    if (const QString why = TestHosts::unavailableReason(); !why.isEmpty()) {
        std::printf("bench_net skipped: %s\n", qPrintable(why));
        return 0;
    }
    QTemporaryDir dir;
    TestHosts hosts;
    QString error;
    if (!hosts.setUp(dir.path(), &error)) {
        std::fprintf(stderr, "test hosts: %s\n", qPrintable(error));
        return 1;
    }
    {
        QFile big(hosts.wwwDir() + u"/big.bin"_s);
        big.open(QIODevice::WriteOnly);
        QByteArray block(1 << 20, 'x');
        for (int i = 0; i < block.size(); i += 97)
            block[i] = char(i);
        for (qint64 written = 0; written < DownloadBytes; written += block.size())
            big.write(block.constData(), std::min<qint64>(block.size(), DownloadBytes - written));
        QFile small(hosts.wwwDir() + u"/small.txt"_s);
        small.open(QIODevice::WriteOnly);
        small.write("ok\n");
    }

    EgressProxy proxy(*NetworkPolicy::fromEntries({u"bench.sandbench.test"_s}));
    proxy.setHostMap(TestHosts::hostMap());
    const QString socketPath = dir.path() + u"/egress.sock"_s;
    if (!proxy.listen(socketPath, &error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    const quint16 listenerPort = freePort();
    if (!proxy.adoptListener(listenTcp(listenerPort), "HTTP\n")) {
        std::fprintf(stderr, "the proxy did not take the listener on port %d\n", listenerPort);
        return 1;
    }
    const quint16 httpPort = freePort();
    QProcess relay;
    relay.setProcessChannelMode(QProcess::ForwardedChannels);
    relay.start(QStringLiteral(SANDBENCH_BIN_DIR "/sandbench-relay-helper"),
                {socketPath, QString::number(httpPort), u"0"_s});
    relay.waitForStarted();
    QThread::msleep(200);

    const QByteArray server = TestHosts::serverAddress().toLatin1();
    const Route direct{"direct", AF_INET, server, 80, {}, false};
    const Route viaListener{"listener", AF_INET, "127.0.0.1", listenerPort, {}, true};
    const Route viaRelay{"relay+proxy", AF_INET, "127.0.0.1", httpPort, {}, true};
    const Route viaProxy{"proxy only", AF_UNIX, socketPath.toLocal8Bit(), 0, "HTTP\n", true};
    const Route routes[] = {direct, viaListener, viaRelay, viaProxy};
    constexpr int RouteCount = 4;

    int status = 0;
    // The proxy serves from this thread's event loop; the clients block on their own thread.
    std::thread worker([&] {
        double throughput[RouteCount] = {};
        double setup[RouteCount] = {};
        const pid_t self = pid_t(::syscall(SYS_gettid));
        const QString relayStat = u"/proc/%1/schedstat"_s.arg(relay.processId());
        const QString clientStat = u"/proc/self/task/%1/schedstat"_s.arg(self);
        // Interleaved rounds, so drift in the machine's load hits every route alike. CPU time per byte
        // does not depend on how busy the machine is, so it is shown beside the rates.
        // Each round starts at another route, so none always runs right after the file was cached or the
        // same neighbour. Each proxied round's ratio is taken against the direct round of the same pass.
        int discarded = 0;
        std::vector<double> rates[RouteCount];
        std::vector<double> ratios[RouteCount];
        std::vector<double> cpu[RouteCount][3];   // route, {client, engine, relay}: ns per MB
        fetch(direct, "/big.bin", true, nullptr); // warm the page cache and the test host's server
        for (int round = 0; round < downloadRounds; ++round) {
            double pass[RouteCount] = {};
            bool whole = true;
            for (int k = 0; k < RouteCount; ++k) {
                const int r = (round + k) % RouteCount;
                const qint64 cpu0[3] = {cpuNs(clientStat), engineCpuNs(self), cpuNs(relayStat)};
                const auto start = Clock::now();
                const qint64 bytes = fetch(routes[r], "/big.bin", true, nullptr);
                const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
                const qint64 cpu1[3] = {cpuNs(clientStat), engineCpuNs(self), cpuNs(relayStat)};
                for (int k = 0; k < 3; ++k)
                    cpu[r][k].push_back(double(cpu1[k] - cpu0[k]) / (double(bytes) / 1e6));
                if (bytes < DownloadBytes) {
                    std::fprintf(stderr, "%s: short download (%lld bytes)\n", routes[r].name,
                                 (long long)bytes);
                    status = 1;
                    whole = false;
                }
                rates[r].push_back(bytes / seconds / 1e6);
                pass[r] = bytes / seconds / 1e6;
            }
            // A pass with a short download (the test host went away) says nothing about the rates.
            if (!whole) {
                ++discarded;
                continue;
            }
            for (int r = 0; r < RouteCount; ++r)
                ratios[r].push_back(pass[r] / pass[0]);
        }
        for (int r = 0; r < RouteCount; ++r)
            throughput[r] = median(rates[r]);
        if (discarded > 0)
            std::printf("%d of %d passes had a short download and are left out of the ratios\n", discarded,
                        downloadRounds);
        if (ratios[0].empty()) {
            std::printf("verdict: no complete pass; nothing measured\n");
            std::fflush(stdout);
            QMetaObject::invokeMethod(&app, &QCoreApplication::quit, Qt::QueuedConnection);
            return;
        }
        for (int r = 0; r < RouteCount; ++r) {
            std::vector<double> times;
            for (int i = 0; i < SetupRounds; ++i) {
                double ms = 0;
                if (fetch(routes[r], "/small.txt", false, &ms) > 0)
                    times.push_back(ms);
            }
            setup[r] = median(times);
        }
        std::printf("200 MB download, median of %d interleaved rounds; ratio = median of each round's rate / "
                    "that round's direct rate (CPU: us per MB, median):\n",
                    downloadRounds);
        for (int r = 0; r < RouteCount; ++r)
            std::printf(
                "  %-12s %8.0f MB/s   ratio %.2fx (min %.2f)   CPU client %5.0f  engine %5.0f  relay %5.0f\n",
                routes[r].name, throughput[r], median(ratios[r]),
                *std::min_element(ratios[r].begin(), ratios[r].end()), median(cpu[r][0]) / 1e3,
                median(cpu[r][1]) / 1e3, median(cpu[r][2]) / 1e3);
        std::printf("time to first byte, median of %d new connections (ms):\n", SetupRounds);
        for (int r = 0; r < RouteCount; ++r)
            std::printf("  %-12s %8.3f ms   added %+.3f ms\n", routes[r].name, setup[r], setup[r] - setup[0]);
        const double ratio = median(ratios[1]);
        std::printf("verdict: container egress (proxy on init's listener) throughput %.2fx direct (target >= "
                    "%.1fx): %s; added set-up %.3f ms (target <= 2 ms): %s; relay fallback %.2fx\n",
                    ratio, ThroughputTarget, ratio >= ThroughputTarget ? "met" : "MISSED",
                    setup[1] - setup[0], setup[1] - setup[0] <= 2.0 ? "met" : "MISSED", median(ratios[2]));
        std::fflush(stdout);
        QMetaObject::invokeMethod(&app, &QCoreApplication::quit, Qt::QueuedConnection);
    });
    app.exec();
    worker.join();
    relay.kill();
    relay.waitForFinished(5000);
    hosts.tearDown();
    return status;
}
