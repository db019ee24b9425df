// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
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

Q_SIGNALS:
    // Emitted from the worker thread (queued to receivers elsewhere) when a tunnel has ended.
    void finished(quint64 id, qint64 bytesUp, qint64 bytesDown);

private:
    struct Private;
    std::unique_ptr<Private> d;
};
