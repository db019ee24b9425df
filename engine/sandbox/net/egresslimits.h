// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QtGlobal>

#include <atomic>
#include <memory>

// How much of the engine one container's egress proxy may hold (SPEC 1.5, 1.6). A connection costs the
// engine one descriptor while its request is read, two while it connects upstream and up to
// EgressBudget::DescriptorsPerConnection as a tunnel, so these bound what a container can take from the
// descriptors every workspace shares.
struct EgressLimits
{
    // Connections a container may have open through its proxy at once, being set up and tunnelling alike.
    // npm opens up to 15 per origin, pip 10, browsers 6 (at most 192 descriptors).
    int maxConnections = 32;
    // Of those, how many may still be setting up (request head or SOCKS exchange, name lookup, connect,
    // waiting for the ClientHello). One more connection than either cap allows gets an HTTP 503 or a SOCKS
    // "general failure" and the egress log says which cap was reached.
    int maxHandshakes = 16;
    // A client must send its complete request head, or its SOCKS greeting and request, within this; the
    // same deadline applies to the TLS ClientHello after a tunnel is granted.
    int handshakeTimeoutMs = 10'000;
    // Connecting upstream, across every address the name resolved to, must succeed within this.
    int connectTimeoutMs = 10'000;

    // Connections over a cap wait only for their request (so the refusal names the host and reaches the
    // client as a reply, not a reset), at most this many at once per container and this long.
    static constexpr int MaxRefusing = 4;
    static constexpr int RefusalTimeoutMs = 2'000;
};

// The connections all egress proxies of the process may hold together, whatever number of containers is
// awake: half of the soft RLIMIT_NOFILE divided by what a connection may cost (85 connections for the
// usual 1024), so they never hold more than half of the engine's descriptors and an API request or another
// workspace's command still gets one. Shared by every proxy; thread-safe.
class EgressBudget
{
public:
    // The most a connection holds: the client's socket, the upstream's and a splice pipe each way.
    static constexpr int DescriptorsPerConnection = 6;

    explicit EgressBudget(int capacity);

    // The budget of this process, sized from its soft descriptor limit when first asked for.
    static std::shared_ptr<EgressBudget> processWide();
    // Connections for a process allowed descriptorLimit descriptors (at least 16).
    static int capacityFor(quint64 descriptorLimit);

    int capacity() const { return m_capacity; }
    int inUse() const { return m_inUse.load(std::memory_order_relaxed); }
    // Takes one connection's share when the budget is not used up.
    bool tryAcquire() { return acquireBelow(m_capacity); }
    // For a connection that is only to be refused: may go a small reserve beyond the capacity.
    bool tryAcquireForRefusal() { return acquireBelow(m_capacity + m_capacity / 16 + 1); }
    void release() { m_inUse.fetch_sub(1, std::memory_order_relaxed); }

private:
    bool acquireBelow(int limit);

    const int m_capacity;
    std::atomic<int> m_inUse{0};
};
