// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandbox/net/tunnelpump.h"

#include <QSet>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>
#include <array>

#include <sys/socket.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

// One connected pair: [0] stays with the test, [1] is handed to the pump.
std::array<int, 2> socketPair()
{
    std::array<int, 2> fds{-1, -1};
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0, fds.data()) != 0)
        qFatal("socketpair failed");
    return fds;
}

// Everything that has arrived on fd so far; eof is set once the peer has shut its side.
QByteArray receive(int fd, bool *eof = nullptr)
{
    QByteArray out;
    char buffer[4096];
    for (;;) {
        const ssize_t n = ::recv(fd, buffer, sizeof buffer, MSG_DONTWAIT);
        if (n > 0) {
            out.append(buffer, n);
            continue;
        }
        if (n == 0 && eof)
            *eof = true;
        return out;
    }
}

} // namespace

class TestTunnelPump final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void relaysBothWaysAndCounts();
    void upstreamLimitDropsTheRest();
    void everyTunnelReportsItsOwnId();
    void shutdownReportsEveryOpenTunnelOnce();
    void tunnelAddedAfterShutdownIsNotLost();
};

void TestTunnelPump::relaysBothWaysAndCounts()
{
    TunnelPump pump;
    QSignalSpy finished(&pump, &TunnelPump::finished);
    const auto client = socketPair();
    const auto upstream = socketPair();
    const quint64 id = pump.add(client[1], upstream[1], "GET ", "HTTP/1.0 ");
    QCOMPARE(pump.activeTunnels(), 1);

    QCOMPARE(::send(client[0], "/x", 2, 0), 2);
    QByteArray atUpstream;
    QTRY_COMPARE((atUpstream += receive(upstream[0])), "GET /x"_ba);
    QCOMPARE(::send(upstream[0], "200 OK", 6, 0), 6);
    QByteArray atClient;
    QTRY_COMPARE((atClient += receive(client[0])), "HTTP/1.0 200 OK"_ba);

    // The client's half-close reaches the upstream, which answers its last bytes and closes.
    ::shutdown(client[0], SHUT_WR);
    bool upstreamEof = false;
    QTRY_VERIFY((receive(upstream[0], &upstreamEof), upstreamEof));
    QCOMPARE(::send(upstream[0], "!", 1, 0), 1);
    ::close(upstream[0]);
    bool clientEof = false;
    QTRY_VERIFY((atClient += receive(client[0], &clientEof), clientEof));
    QCOMPARE(atClient, "HTTP/1.0 200 OK!"_ba);
    ::close(client[0]);

    QTRY_COMPARE(finished.size(), 1);
    QCOMPARE(finished.at(0).at(0).toULongLong(), id);
    QCOMPARE(finished.at(0).at(1).toLongLong(), qint64(6));  // "GET " + "/x"
    QCOMPARE(finished.at(0).at(2).toLongLong(), qint64(16)); // "HTTP/1.0 " + "200 OK" + "!"
    QCOMPARE(pump.activeTunnels(), 0);
}

void TestTunnelPump::upstreamLimitDropsTheRest()
{
    TunnelPump pump;
    QSignalSpy finished(&pump, &TunnelPump::finished);
    const auto client = socketPair();
    const auto upstream = socketPair();
    pump.add(client[1], upstream[1], "POST / HTTP/1.1\r\nContent-Length: 4\r\n\r\n", {}, 4);
    QCOMPARE(::send(client[0], "bodyGET /second HTTP/1.1\r\n\r\n", 28, 0), 28);
    ::shutdown(client[0], SHUT_WR);
    QByteArray atUpstream;
    bool eof = false;
    QTRY_VERIFY((atUpstream += receive(upstream[0], &eof), eof));
    QCOMPARE(atUpstream, "POST / HTTP/1.1\r\nContent-Length: 4\r\n\r\nbody"_ba);
    ::close(upstream[0]);
    ::close(client[0]);
    QTRY_COMPARE(finished.size(), 1);
}

// Tunnels whose peers are already gone end at once on the worker thread, often before add() has returned:
// the id add() gives must still be the one `finished` reports, exactly once each.
void TestTunnelPump::everyTunnelReportsItsOwnId()
{
    TunnelPump pump;
    QSignalSpy finished(&pump, &TunnelPump::finished);
    constexpr int Count = 3000;
    QSet<quint64> given;
    for (int i = 0; i < Count; ++i) {
        if (pump.activeTunnels() > 200) // stay far below the descriptor limit on a slow machine
            QTRY_VERIFY(pump.activeTunnels() <= 200);
        const auto client = socketPair();
        const auto upstream = socketPair();
        ::close(client[0]);
        ::close(upstream[0]);
        given.insert(pump.add(client[1], upstream[1], {}, {}));
    }
    QCOMPARE(given.size(), Count);
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), Count, 30000);
    QSet<quint64> reported;
    for (const QList<QVariant> &args : std::as_const(finished))
        reported.insert(args.at(0).toULongLong());
    QCOMPARE(reported, given);
    QTRY_COMPARE(pump.activeTunnels(), 0);
}

// A proxy that goes away (its container stopped) must still learn what every open tunnel carried: shutdown()
// returns exactly the tunnels that have not reported through `finished`, with their counts.
void TestTunnelPump::shutdownReportsEveryOpenTunnelOnce()
{
    TunnelPump pump;
    QSignalSpy finished(&pump, &TunnelPump::finished);
    constexpr int Count = 4;
    std::array<int, Count> clients{};
    std::array<int, Count> upstreams{};
    std::array<quint64, Count> ids{};
    for (int i = 0; i < Count; ++i) {
        const auto client = socketPair();
        const auto upstream = socketPair();
        clients[i] = client[0];
        upstreams[i] = upstream[0];
        ids[i] = pump.add(client[1], upstream[1], "up", "down");
    }
    // Tunnel i carries i + 1 more bytes up and 10 * (i + 1) more down.
    for (int i = 0; i < Count; ++i) {
        const QByteArray up(i + 1, 'u');
        const QByteArray down(10 * (i + 1), 'd');
        QCOMPARE(::send(clients[i], up.constData(), up.size(), 0), up.size());
        QCOMPARE(::send(upstreams[i], down.constData(), down.size(), 0), down.size());
        QByteArray atUpstream;
        QTRY_COMPARE((atUpstream += receive(upstreams[i])), "up" + up);
        QByteArray atClient;
        QTRY_COMPARE((atClient += receive(clients[i])), "down" + down);
    }
    // The first one ends on its own and reports through `finished`, never again.
    ::close(clients[0]);
    ::close(upstreams[0]);
    QTRY_COMPARE(finished.size(), 1);
    QCOMPARE(finished.at(0).at(0).toULongLong(), ids[0]);
    QCOMPARE(pump.activeTunnels(), Count - 1);

    const QList<TunnelPump::Ended> ended = pump.shutdown();
    QCOMPARE(ended.size(), Count - 1);
    for (int i = 1; i < Count; ++i) {
        const auto it = std::find_if(ended.cbegin(), ended.cend(),
                                     [&](const TunnelPump::Ended &e) { return e.id == ids[i]; });
        QVERIFY2(it != ended.cend(), qPrintable(u"tunnel %1 missing"_s.arg(ids[i])));
        QCOMPARE(it->bytesUp, qint64(2 + i + 1));
        QCOMPARE(it->bytesDown, qint64(4 + 10 * (i + 1)));
    }
    QCOMPARE(pump.activeTunnels(), 0);
    // The pump has let go of both ends: each peer sees the connection closed.
    for (int i = 1; i < Count; ++i) {
        bool eof = false;
        receive(clients[i], &eof);
        QVERIFY(eof);
        eof = false;
        receive(upstreams[i], &eof);
        QVERIFY(eof);
        ::close(clients[i]);
        ::close(upstreams[i]);
    }
    QCoreApplication::processEvents();
    QCOMPARE(finished.size(), 1);
    QVERIFY(pump.shutdown().isEmpty());
}

void TestTunnelPump::tunnelAddedAfterShutdownIsNotLost()
{
    TunnelPump pump;
    QSignalSpy finished(&pump, &TunnelPump::finished);
    QVERIFY(pump.shutdown().isEmpty());
    const auto client = socketPair();
    const auto upstream = socketPair();
    const quint64 id = pump.add(client[1], upstream[1], "abc", {});
    const QList<TunnelPump::Ended> ended = pump.shutdown();
    QCOMPARE(ended.size(), 1);
    QCOMPARE(ended.at(0).id, id);
    QCOMPARE(ended.at(0).bytesUp, qint64(3));
    QCOMPARE(ended.at(0).bytesDown, qint64(0));
    QCOMPARE(finished.size(), 0);
    QCOMPARE(pump.activeTunnels(), 0);
    ::close(client[0]);
    ::close(upstream[0]);
}

QTEST_GUILESS_MAIN(TestTunnelPump)
#include "test_tunnelpump.moc"
