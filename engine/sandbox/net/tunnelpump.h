// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QObject>

#include <memory>

// Moves bytes between pairs of sockets on one worker thread with epoll, so bulk transfers never touch the
// event loop of the thread that owns the proxy.
class TunnelPump final : public QObject
{
    Q_OBJECT
public:
    explicit TunnelPump(QObject *parent = nullptr);
    ~TunnelPump() override;

    // Takes ownership of both non-blocking descriptors. toUpstream / toClient are written first.
    // upstreamLimit caps further client bytes sent upstream (-1 = no cap); bytes beyond it are read and
    // dropped, so one plain-HTTP request cannot carry a second, unchecked one. Returns the tunnel id.
    quint64 add(int clientFd, int upstreamFd, const QByteArray &toUpstream, const QByteArray &toClient,
                qint64 upstreamLimit = -1);
    int activeTunnels() const;

    // A tunnel that shutdown() closed, with the bytes it had carried each way.
    struct Ended
    {
        quint64 id = 0;
        qint64 bytesUp = 0;
        qint64 bytesDown = 0;
    };

    // Stops and joins the worker (it only finishes its current pass over ready sockets), then closes every
    // tunnel still open and returns them; `finished` is not emitted for these. Every tunnel that ended
    // earlier has emitted `finished` by the time this returns (queued receivers get it on their next event
    // pass), so each tunnel is reported exactly once, one way or the other. A tunnel added afterwards is
    // not pumped: the next call returns it. The destructor calls this and drops the result.
    QList<Ended> shutdown();

Q_SIGNALS:
    // Emitted from the worker thread (queued to receivers elsewhere) when a tunnel has ended.
    void finished(quint64 id, qint64 bytesUp, qint64 bytesDown);

private:
    struct Private;
    std::unique_ptr<Private> d;
};
