// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandbox/net/tunnelpump.h"

#include <QSet>
#include <QSignalSpy>
#include <QTest>

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

QTEST_GUILESS_MAIN(TestTunnelPump)
#include "test_tunnelpump.moc"
