// SPDX-License-Identifier: GPL-3.0-or-later
#include "hostaddresses.h"

#include <QMutexLocker>

#include <cerrno>

#include <ifaddrs.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace {

constexpr qint64 RereadWithoutNotificationsMs = 1000;

QHostAddress withoutScope(QHostAddress address)
{
    address.setScopeId(QString());
    return address;
}

} // namespace

HostAddresses::HostAddresses()
{
    m_netlink = ::socket(AF_NETLINK, SOCK_RAW | SOCK_NONBLOCK | SOCK_CLOEXEC, NETLINK_ROUTE);
    if (m_netlink >= 0) {
        sockaddr_nl local{};
        local.nl_family = AF_NETLINK;
        local.nl_groups = RTMGRP_IPV4_IFADDR | RTMGRP_IPV6_IFADDR;
        if (::bind(m_netlink, reinterpret_cast<sockaddr *>(&local), sizeof local) != 0) {
            ::close(m_netlink);
            m_netlink = -1;
        }
    }
    QMutexLocker lock(&m_mutex);
    readLocked();
}

HostAddresses::~HostAddresses()
{
    if (m_netlink >= 0)
        ::close(m_netlink);
}

std::shared_ptr<HostAddresses> HostAddresses::processWide()
{
    static const std::shared_ptr<HostAddresses> addresses = std::make_shared<HostAddresses>();
    return addresses;
}

QString HostAddresses::interfaceOf(const QHostAddress &address)
{
    QMutexLocker lock(&m_mutex);
    if (changedLocked())
        readLocked();
    return m_addresses.value(withoutScope(address));
}

void HostAddresses::refresh()
{
    QMutexLocker lock(&m_mutex);
    changedLocked(); // what is queued is older than this read
    readLocked();
}

int HostAddresses::reads() const
{
    QMutexLocker lock(&m_mutex);
    return m_reads;
}

bool HostAddresses::changedLocked()
{
    if (m_netlink < 0)
        return !m_sinceRead.isValid() || m_sinceRead.hasExpired(RereadWithoutNotificationsMs);
    // Only whether something arrived matters, not what: every address message means "read again".
    bool changed = false;
    char buffer[8192];
    for (;;) {
        const ssize_t n = ::recv(m_netlink, buffer, sizeof buffer, MSG_DONTWAIT);
        if (n > 0) {
            changed = true;
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && errno == ENOBUFS) { // the kernel dropped notifications: the set may be stale
            changed = true;
            continue;
        }
        break;
    }
    return changed;
}

void HostAddresses::readLocked()
{
    ++m_reads;
    m_sinceRead.start();
    ifaddrs *list = nullptr;
    if (::getifaddrs(&list) != 0)
        return; // keep what we knew: forgetting addresses would open them
    QHash<QHostAddress, QString> fresh;
    for (const ifaddrs *entry = list; entry; entry = entry->ifa_next) {
        if (!entry->ifa_addr)
            continue;
        const int family = entry->ifa_addr->sa_family;
        if (family != AF_INET && family != AF_INET6)
            continue;
        const QHostAddress address(entry->ifa_addr);
        if (!address.isNull())
            fresh.insert(withoutScope(address), QString::fromLocal8Bit(entry->ifa_name));
    }
    ::freeifaddrs(list);
    m_addresses = std::move(fresh);
}
