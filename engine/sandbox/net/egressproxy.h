// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "egresslimits.h"
#include "networkpolicy.h"

#include <QDateTime>
#include <QHash>
#include <QHostAddress>
#include <QObject>
#include <QString>

#include <memory>
#include <vector>

class QLocalServer;
class QLocalSocket;
class TunnelPump;
class EgressConnection;
class HostAddresses;
class HostsFile;

// One connection a container made (or tried to make) through its egress proxy.
struct EgressEvent
{
    enum class Decision {
        Allowed, // passed every check and was connected
        Refused, // a policy rule refused it; reason says which
        Failed,  // allowed, but the name did not resolve or the host could not be reached
    };
    enum class Protocol { Http, Connect, Socks };

    QString host;
    quint16 port = 0;
    Protocol protocol = Protocol::Http;
    Decision decision = Decision::Refused;
    QString reason; // empty when allowed
    // Refused only because the host is not in the policy, and adding it would let the connection through
    // as far as the proxy can tell without asking DNS (EgressProxy::allowingWouldHelp()).
    bool allowable = false;
    QHostAddress address;  // the address connected to (null when none)
    qint64 bytesUp = 0;    // container -> outside
    qint64 bytesDown = 0;  // outside -> container
    qint64 durationMs = 0; // from accept until the connection closed or was refused
    QDateTime started;

    static QString decisionName(Decision decision);
    static QString protocolName(Protocol protocol);
};
Q_DECLARE_METATYPE(EgressEvent)

// A container's host-side egress proxy: serves the Unix socket the in-container relay forwards to,
// checks every HTTP, CONNECT and SOCKS5 request against the container's NetworkPolicy and the
// public-address rule, and tunnels what passes. What it may hold is bounded by its EgressLimits and by
// the EgressBudget all proxies of the process share.
class EgressProxy final : public QObject
{
    Q_OBJECT
public:
    explicit EgressProxy(const NetworkPolicy &policy, QObject *parent = nullptr);
    EgressProxy(const NetworkPolicy &policy, const EgressLimits &limits, QObject *parent = nullptr);
    ~EgressProxy() override;

    // Listens on socketPath (a stale socket file is replaced) and reads the host's addresses again. The
    // socket is world-connectable because the container user may map to another host uid: keep it in a
    // directory only the engine can enter.
    bool listen(const QString &socketPath, QString *error = nullptr);
    // Takes a listening TCP socket (made by the container's init in the container's network namespace)
    // and serves its connections as if the relay had sent them with `header` ("HTTP\n" or "SOCKS\n"):
    // the same checks, then the pump splices between that socket and the upstream one, with no relay
    // hop. Only a listener whose descriptor nothing else holds may come here: its connections are then
    // the engine's alone. Takes ownership of fd; false (fd closed) if it is not a listening TCP socket or
    // the proxy is closed.
    bool adoptListener(int fd, const QByteArray &header);
    // Stops listening and ends every connection for good: each tunnel still open is closed and reported
    // (connectionEvent, Allowed, with its byte counts) before this returns, as is every tunnel that had
    // ended just before, so the proxy can be deleted right after without losing an event. A handshake
    // still under way is reported as failed once its target is known. The proxy cannot listen again.
    // The destructor calls this.
    void close();
    QString socketPath() const;
    bool isListening() const;

    NetworkPolicy policy() const { return m_policy; }
    EgressLimits limits() const { return m_limits; }

    // Test hooks: the process-wide budget and host address set are used unless these replace them (before
    // listen()).
    void setBudget(std::shared_ptr<EgressBudget> budget);
    void setHostAddresses(std::shared_ptr<HostAddresses> addresses);
    // Test hook: the hosts file allowingWouldHelp() reads instead of the process-wide /etc/hosts.
    void setHostsFile(std::shared_ptr<HostsFile> file);

    // Test hook: these names resolve to these addresses without DNS, and exactly these addresses are exempt
    // from the private-address rule when reached through these names. Nothing else is exempt.
    void setHostMap(const QHash<QString, QHostAddress> &map);

    // A host name as a container sent it, made safe to show and log: every character other than letters,
    // digits and . - _ : [ ] * becomes \xHH, and it is cut to 255 characters. Valid names are unchanged.
    static QString displayHost(const QString &raw);

    // Why an address is never a valid destination by its range ("loopback range 127.0.0.0/8",
    // "documentation range 192.0.2.0/24", ...), or empty if it is globally reachable (AddressRules).
    static QString blockedAddressReason(const QHostAddress &address);
    // The same, and first whether it is one of this host's own addresses ("this host's own address (eth0
    // 10.0.2.15)").
    QString refusedAddressReason(const QHostAddress &address) const;
    // Whether adding host (normalised) to the policy would let a connection to it through, judged without
    // asking DNS: a name the policy refuses is never looked up, since the query itself would carry the
    // name (and whatever a container encodes in it) out. False for an address literal the rules refuse,
    // for localhost and *.localhost (always loopback) and *.invalid (never resolves, RFC 6761), and for a
    // name the hosts file gives only such addresses; true for a name of the test host map and for any
    // other name (what DNS would answer is not known).
    bool allowingWouldHelp(const QString &host) const;

    // Connections being set up or refused plus tunnels still open.
    int activeConnections() const;
    // Connections whose set-up has not finished (what EgressLimits::maxHandshakes caps), and those being
    // refused for a cap.
    int halfOpenConnections() const { return m_handshakes + m_refusing; }

Q_SIGNALS:
    void connectionEvent(const EgressEvent &event);

private:
    friend class EgressConnection;

    void onNewConnection();
    void acceptFrom(int listenerIndex);
    // A new client (from the Unix socket, or accepted on an adopted listener with its header as preface).
    void takeClient(QLocalSocket *socket, const QByteArray &preface);
    void onTunnelFinished(quint64 id, qint64 bytesUp, qint64 bytesDown);
    // Why a new connection may not be set up now (a cap it would exceed), or empty. Takes its share of the
    // budget when it may.
    QString admit();

    NetworkPolicy m_policy;
    EgressLimits m_limits;
    std::shared_ptr<EgressBudget> m_budget;
    std::shared_ptr<HostAddresses> m_hostAddresses;
    std::shared_ptr<HostsFile> m_hostsFile;
    QHash<QString, QHostAddress> m_hostMap;
    QLocalServer *m_server = nullptr;
    struct Listener;
    std::vector<std::unique_ptr<Listener>> m_listeners;
    TunnelPump *m_pump = nullptr;
    QHash<quint64, EgressEvent> m_tunnels; // each holds one share of m_budget until reported
    int m_handshakes = 0;                  // connections being set up, each holding a share of m_budget
    int m_refusing = 0;                    // connections over a cap, waiting for their request to refuse it
    bool m_closed = false;
};
