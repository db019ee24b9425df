// SPDX-License-Identifier: GPL-3.0-or-later
#include "tunnelpump.h"

#include <QList>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include <csignal>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

namespace {

// Big reads keep a 200 MB download at a few thousand syscalls per direction.
constexpr qsizetype BufferSize = 256 * 1024;

struct Tunnel;

struct Endpoint
{
    int fd = -1;
    bool hup = false;
    bool registered = false;
    uint32_t events = 0;
    Tunnel *tunnel = nullptr;
};

// Bytes read from end[i] that still have to go to end[1 - i].
struct Flow
{
    QByteArray buffer;      // initial bytes, and everything when a byte limit applies
    int pipe[2] = {-1, -1}; // splice() path: socket -> pipe -> socket without copying through user space
    qsizetype inPipe = 0;
    qsizetype pipeCapacity = 0;
    qsizetype head = 0;
    qsizetype tail = 0;
    qint64 limit = -1;
    qint64 total = 0;
    bool eof = false;
    bool shut = false;
};

struct Tunnel
{
    quint64 id = 0;
    Endpoint end[2]; // 0 = client side (Unix socket from the relay), 1 = upstream TCP
    Flow flow[2];
    bool dead = false;
};

// Whether a connected TCP socket is on a loopback address (so both its ends are on this host).
bool isLoopbackTcp(int fd)
{
    sockaddr_storage addr{};
    socklen_t length = sizeof addr;
    if (::getsockname(fd, reinterpret_cast<sockaddr *>(&addr), &length) != 0)
        return false;
    if (addr.ss_family == AF_INET)
        return ntohl(reinterpret_cast<const sockaddr_in &>(addr).sin_addr.s_addr) >> 24 == 127;
    if (addr.ss_family == AF_INET6) {
        const in6_addr &a = reinterpret_cast<const sockaddr_in6 &>(addr).sin6_addr;
        return IN6_IS_ADDR_LOOPBACK(&a) || (IN6_IS_ADDR_V4MAPPED(&a) && a.s6_addr[12] == 127);
    }
    return false;
}

bool wouldBlock()
{
    return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR;
}

} // namespace

struct TunnelPump::Private
{
    TunnelPump *q = nullptr;
    int epfd = -1;
    int wakeFd = -1;
    std::thread thread;
    std::atomic<bool> stop{false};
    std::atomic<int> active{0};
    std::atomic<quint64> nextId{1};
    std::mutex mutex;
    std::vector<Tunnel *> incoming;
    std::vector<Tunnel *> tunnels; // owned by the worker thread
    std::vector<Tunnel *> dead;

    void run();
    bool pumpFlow(Tunnel *t, int i);
    // Pumps the flows in `flows` (bit i: bytes read from end[i]), then ends the tunnel or sets what epoll
    // watches.
    void update(Tunnel *t, unsigned flows = 3);
    void kill(Tunnel *t);
};

TunnelPump::TunnelPump(QObject *parent)
    : QObject(parent)
    , d(std::make_unique<Private>())
{
    d->q = this;
    d->epfd = epoll_create1(EPOLL_CLOEXEC);
    d->wakeFd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    epoll_event ev{};
    ev.events = EPOLLIN;
    ev.data.ptr = nullptr;
    epoll_ctl(d->epfd, EPOLL_CTL_ADD, d->wakeFd, &ev);
    d->thread = std::thread([this] { d->run(); });
}

TunnelPump::~TunnelPump()
{
    shutdown();
    ::close(d->wakeFd);
    ::close(d->epfd);
}

QList<TunnelPump::Ended> TunnelPump::shutdown()
{
    if (d->thread.joinable()) {
        d->stop = true;
        const uint64_t one = 1;
        [[maybe_unused]] auto written = ::write(d->wakeFd, &one, sizeof one);
        d->thread.join();
    }
    // The worker is gone: everything it held is ours now.
    {
        std::lock_guard lock(d->mutex);
        d->tunnels.insert(d->tunnels.end(), d->incoming.begin(), d->incoming.end());
        d->incoming.clear();
    }
    QList<Ended> ended;
    for (Tunnel *t : std::exchange(d->tunnels, {})) {
        if (!t->dead) { // a dead one has emitted `finished` already
            for (Endpoint &e : t->end)
                ::close(e.fd);
            for (Flow &f : t->flow)
                for (int fd : f.pipe)
                    if (fd >= 0)
                        ::close(fd);
            --d->active;
            ended.append({t->id, t->flow[0].total, t->flow[1].total});
        }
        delete t;
    }
    d->dead.clear(); // the worker frees its dead after every pass; these were in `tunnels` as well
    return ended;
}

quint64 TunnelPump::add(int clientFd, int upstreamFd, const QByteArray &toUpstream,
                        const QByteArray &toClient, qint64 upstreamLimit)
{
    auto *t = new Tunnel;
    t->id = d->nextId++;
    t->end[0].fd = clientFd;
    t->end[1].fd = upstreamFd;
    const QByteArray initial[2] = {toUpstream, toClient};
    for (int i = 0; i < 2; ++i) {
        t->end[i].tunnel = t;
        Flow &f = t->flow[i];
        f.buffer.resize(std::max(BufferSize, initial[i].size()));
        std::memcpy(f.buffer.data(), initial[i].constData(), initial[i].size());
        f.tail = initial[i].size();
        f.total = initial[i].size();
    }
    t->flow[0].limit = upstreamLimit;
    for (Flow &f : t->flow) {
        if (f.limit >= 0 || ::pipe2(f.pipe, O_CLOEXEC | O_NONBLOCK) != 0)
            continue;
        ::fcntl(f.pipe[1], F_SETPIPE_SZ, 1 << 20);
        f.pipeCapacity = ::fcntl(f.pipe[1], F_GETPIPE_SZ);
        f.buffer.resize(f.tail); // only the initial bytes go through user space
    }
    int one = 1;
    setsockopt(upstreamFd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    // The client's end of a tunnel from init's listener is a loopback connection, where there is no link
    // to be fair to: BBR (a common default) would pace each send on timers, costing the pump, and the
    // client reading its acknowledgements, about a quarter of their CPU per byte. Reno sends at once.
    if (isLoopbackTcp(clientFd)) {
        static constexpr char Reno[] = "reno";
        setsockopt(clientFd, IPPROTO_TCP, TCP_CONGESTION, Reno, sizeof Reno - 1);
    }
    ++d->active;
    // Once published, the tunnel belongs to the worker, which may finish and free it before we return.
    const quint64 id = t->id;
    {
        std::lock_guard lock(d->mutex);
        d->incoming.push_back(t);
    }
    const uint64_t wake = 1;
    [[maybe_unused]] auto written = ::write(d->wakeFd, &wake, sizeof wake);
    return id;
}

int TunnelPump::activeTunnels() const
{
    return d->active;
}

void TunnelPump::Private::run()
{
    // splice() cannot say MSG_NOSIGNAL: keep a closed peer's SIGPIPE pending on this thread instead of
    // letting it end the whole engine. The write still fails with EPIPE, which ends the tunnel.
    sigset_t pipeSignal;
    sigemptyset(&pipeSignal);
    sigaddset(&pipeSignal, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipeSignal, nullptr);
    epoll_event events[64];
    while (!stop) {
        const int n = epoll_wait(epfd, events, 64, -1);
        if (n < 0 && errno != EINTR)
            break;
        for (int i = 0; i < n; ++i) {
            auto *e = static_cast<Endpoint *>(events[i].data.ptr);
            if (!e) {
                uint64_t value;
                [[maybe_unused]] auto got = ::read(wakeFd, &value, sizeof value);
                std::vector<Tunnel *> fresh;
                {
                    std::lock_guard lock(mutex);
                    fresh.swap(incoming);
                }
                for (Tunnel *t : fresh) {
                    tunnels.push_back(t);
                    update(t);
                }
                continue;
            }
            Tunnel *t = e->tunnel;
            if (t->dead)
                continue;
            if (events[i].events & EPOLLERR) {
                kill(t);
                continue;
            }
            // Only the flows this event can have unblocked: readable end k feeds flow k, writable end k
            // drains flow 1 - k. A hang-up may have ended either.
            const int side = e == &t->end[0] ? 0 : 1;
            unsigned flows = 0;
            if (events[i].events & EPOLLIN)
                flows |= 1u << side;
            if (events[i].events & EPOLLOUT)
                flows |= 1u << (1 - side);
            if (events[i].events & EPOLLHUP) {
                e->hup = true;
                flows = 3;
            }
            update(t, flows);
        }
        if (!dead.empty()) {
            for (Tunnel *t : dead) {
                std::erase(tunnels, t);
                delete t;
            }
            dead.clear();
        }
    }
}

bool TunnelPump::Private::pumpFlow(Tunnel *t, int i)
{
    Flow &f = t->flow[i];
    const int src = t->end[i].fd;
    const int dst = t->end[1 - i].fd;
    char *buf = f.buffer.data();
    const qsizetype capacity = f.buffer.size();
    // A short splice means the source is empty or the destination full for now: asking again at once
    // would only return EAGAIN, so this pass stops trying that side and the (level-triggered) epoll set
    // says when to go on. A hung-up source has left the set and will not say so: it is read to its end.
    const bool srcHup = t->end[i].hup;
    bool srcDry = false;
    bool dstFull = false;
    for (;;) {
        bool progress = false;
        if (f.pipeCapacity > 0 && !f.eof && !srcDry && f.inPipe < f.pipeCapacity) {
            const qsizetype room = f.pipeCapacity - f.inPipe;
            const ssize_t n =
                ::splice(src, nullptr, f.pipe[1], nullptr, size_t(room), SPLICE_F_MOVE | SPLICE_F_NONBLOCK);
            if (n > 0) {
                f.inPipe += n;
                f.total += n;
                progress = true;
                srcDry = n < room && !srcHup;
            } else if (n == 0) {
                f.eof = true;
            } else if (!wouldBlock()) {
                return false;
            } else {
                srcDry = true;
            }
        }
        if (f.pipeCapacity > 0 && f.head == f.tail && f.inPipe > 0 && !dstFull) {
            const qsizetype queued = f.inPipe;
            const ssize_t n =
                ::splice(f.pipe[0], nullptr, dst, nullptr, size_t(queued), SPLICE_F_MOVE | SPLICE_F_NONBLOCK);
            if (n > 0) {
                f.inPipe -= n;
                progress = true;
                dstFull = n < queued;
            } else if (n < 0 && !wouldBlock()) {
                return false;
            } else {
                dstFull = true;
            }
        }
        if (f.pipeCapacity == 0 && !f.eof && f.tail < capacity) {
            const ssize_t n = ::recv(src, buf + f.tail, capacity - f.tail, 0);
            if (n > 0) {
                qint64 keep = n;
                if (f.limit >= 0) {
                    keep = std::min<qint64>(n, f.limit);
                    f.limit -= keep;
                }
                f.tail += keep;
                f.total += keep;
                progress = true;
            } else if (n == 0) {
                f.eof = true;
            } else if (!wouldBlock()) {
                return false;
            }
        }
        if (f.head < f.tail) {
            const ssize_t n = ::send(dst, buf + f.head, f.tail - f.head, MSG_NOSIGNAL);
            if (n > 0) {
                f.head += n;
                progress = true;
            } else if (n < 0 && !wouldBlock()) {
                return false;
            }
            if (f.head == f.tail) {
                f.head = f.tail = 0;
            } else if (f.head >= capacity / 2) {
                std::memmove(buf, buf + f.head, f.tail - f.head);
                f.tail -= f.head;
                f.head = 0;
            }
        }
        if (!progress)
            break;
    }
    if (f.eof && f.head == f.tail && f.inPipe == 0 && !f.shut) {
        ::shutdown(dst, SHUT_WR);
        f.shut = true;
    }
    return true;
}

void TunnelPump::Private::update(Tunnel *t, unsigned flows)
{
    if (((flows & 1) && !pumpFlow(t, 0)) || ((flows & 2) && !pumpFlow(t, 1)) ||
        (t->flow[0].shut && t->flow[1].shut)) {
        kill(t);
        return;
    }
    for (int i = 0; i < 2; ++i) {
        // A peer gone in both directions: once its last bytes are delivered nothing more can flow.
        if (t->end[i].hup && t->flow[i].eof && t->flow[i].head == t->flow[i].tail && t->flow[i].inPipe == 0) {
            kill(t);
            return;
        }
    }
    for (int i = 0; i < 2; ++i) {
        Endpoint &e = t->end[i];
        uint32_t wanted = 0;
        const Flow &in = t->flow[i];
        const Flow &out = t->flow[1 - i];
        // A source is watched only while its flow holds nothing: bytes still queued mean the destination
        // took no more (a pass ends only then), and its EPOLLOUT says when to go on, reading the source
        // too. Watching it meanwhile would wake this thread for every packet with nowhere to put it: a pipe
        // can be full in its slots while holding fewer bytes than its size, and splice() then says EAGAIN.
        if (!in.eof && in.head == in.tail && in.inPipe == 0)
            wanted |= EPOLLIN;
        if (out.head < out.tail || out.inPipe > 0)
            wanted |= EPOLLOUT;
        epoll_event ev{};
        ev.events = wanted;
        ev.data.ptr = &e;
        // EPOLLHUP cannot be masked, so a hung-up end leaves the set and is drained when its partner is
        // writable again.
        if (!e.hup && !e.registered) {
            if (epoll_ctl(epfd, EPOLL_CTL_ADD, e.fd, &ev) == 0) {
                e.registered = true;
                e.events = wanted;
            }
        } else if (!e.hup && e.events != wanted) {
            epoll_ctl(epfd, EPOLL_CTL_MOD, e.fd, &ev);
            e.events = wanted;
        } else if (e.hup && e.registered) {
            epoll_ctl(epfd, EPOLL_CTL_DEL, e.fd, nullptr);
            e.registered = false;
        }
    }
}

void TunnelPump::Private::kill(Tunnel *t)
{
    if (t->dead)
        return;
    t->dead = true;
    for (Endpoint &e : t->end) {
        // Leave the epoll set before closing: if another descriptor still refers to the same socket, close()
        // alone would keep the registration, and its events would point at this tunnel after it is freed.
        if (e.registered)
            epoll_ctl(epfd, EPOLL_CTL_DEL, e.fd, nullptr);
        e.registered = false;
        ::close(e.fd);
        e.fd = -1;
    }
    for (Flow &f : t->flow) {
        for (int &fd : f.pipe)
            if (fd >= 0)
                ::close(fd), fd = -1;
    }
    dead.push_back(t);
    --active;
    Q_EMIT q->finished(t->id, t->flow[0].total, t->flow[1].total);
}
