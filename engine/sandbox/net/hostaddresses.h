// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QElapsedTimer>
#include <QHash>
#include <QHostAddress>
#include <QMutex>
#include <QString>

#include <memory>

// The addresses of this host's own interfaces: a service the host binds on its LAN or public address is as
// private to it as one on loopback, so no container may reach them (SPEC 1.5). Read with getifaddrs() when
// made and on refresh(); a netlink socket subscribed to the kernel's address changes (RTM_NEWADDR and
// RTM_DELADDR on every interface) says when to read again, and each lookup drains it first, so an address
// added a moment ago is known when the next connection is judged, at the cost of one non-blocking recv().
// One set serves every proxy of the process (processWide()). Thread-safe.
class HostAddresses
{
public:
    HostAddresses();
    ~HostAddresses();
    HostAddresses(const HostAddresses &) = delete;
    HostAddresses &operator=(const HostAddresses &) = delete;

    static std::shared_ptr<HostAddresses> processWide();

    // The interface that holds address ("eth0"), or empty when none of this host's interfaces does. IPv6
    // scope ids are ignored.
    QString interfaceOf(const QHostAddress &address);
    // Reads the interfaces again now.
    void refresh();
    // How many times the interfaces were read (tests see that a change, not a lookup, causes a read).
    int reads() const;
    // Whether the kernel's change notifications arrive; without them a lookup rereads the interfaces when
    // the last read is older than a second.
    bool watchesChanges() const { return m_netlink >= 0; }

private:
    void readLocked();
    bool changedLocked();

    mutable QMutex m_mutex;
    int m_netlink = -1;
    QHash<QHostAddress, QString> m_addresses; // without scope ids
    QElapsedTimer m_sinceRead;
    int m_reads = 0;
};
