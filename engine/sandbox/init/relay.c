/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The in-container egress relay. One process, one epoll loop, no threads and
 * no children: every accepted TCP connection becomes a session of two
 * non-blocking sockets and one buffer per direction. Half-close is passed on
 * with shutdown(SHUT_WR) so request/response protocols that close their
 * sending side early keep working.
 */
#define _GNU_SOURCE
#include "relay.h"

#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/un.h>
#include <unistd.h>

/* Large enough that a bulk download moves in few syscalls, small enough that
 * hundreds of parallel connections (npm) stay cheap. */
#define RELAY_BUF (128 * 1024)
#define RELAY_MAX_EVENTS 64

enum { TAG_LISTENER = 1, TAG_ENDPOINT = 2 };

struct relay_listener
{
    int tag;
    int fd;
    const char *header;
};

struct relay_session;

struct relay_endpoint
{
    int tag;
    int fd;
    int side;
    int hup;         /* the peer has gone in both directions */
    int registered;  /* currently in the epoll set */
    uint32_t events; /* last mask given to epoll */
    struct relay_session *session;
};

/* Bytes read from end[i] that still have to be written to end[1 - i]. */
struct relay_flow
{
    int pipe[2]; /* splice() path: bytes move socket -> pipe -> socket inside the kernel */
    size_t in_pipe;
    size_t pipe_cap; /* 0: no pipe, use buf */
    char *buf;       /* the protocol header line, and everything when no pipe could be made */
    size_t head;
    size_t tail;
    int eof;
    int shut;
};

struct relay_session
{
    struct relay_endpoint end[2]; /* 0 = TCP client, 1 = Unix socket to the engine */
    struct relay_flow flow[2];
    int dead;
    struct relay_session *next_dead;
};

struct relay
{
    int epfd;
    const char *unix_path;
    struct relay_listener listeners[2];
    int live_listeners;
    int paused; /* accept() ran out of descriptors; listeners are out of the epoll set */
    struct relay_session *dead;
};

int sb_relay_listen_tcp(int port)
{
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return -1;
    int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    struct sockaddr_in addr;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons((uint16_t)port);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (bind(fd, (struct sockaddr *)&addr, sizeof addr) < 0 || listen(fd, SOMAXCONN) < 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

/* Blocking connect with a short timeout: a Unix connect only blocks while the
 * engine's accept backlog is full, and waiting briefly beats dropping the client. */
static int connect_unix(const char *path)
{
    struct sockaddr_un addr;
    size_t len = strlen(path);
    if (len >= sizeof addr.sun_path) {
        errno = ENAMETOOLONG;
        return -1;
    }
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return -1;
    struct timeval tv = {2, 0};
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    memset(&addr, 0, sizeof addr);
    addr.sun_family = AF_UNIX;
    memcpy(addr.sun_path, path, len + 1);
    if (connect(fd, (struct sockaddr *)&addr, sizeof addr) < 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    int flags = fcntl(fd, F_GETFL);
    fcntl(fd, F_SETFL, flags | O_NONBLOCK);
    return fd;
}

static void set_listeners_registered(struct relay *r, int on)
{
    for (int i = 0; i < 2; ++i) {
        struct relay_listener *l = &r->listeners[i];
        if (l->fd < 0)
            continue;
        if (on) {
            struct epoll_event ev = {.events = EPOLLIN, .data.ptr = l};
            epoll_ctl(r->epfd, EPOLL_CTL_ADD, l->fd, &ev);
        } else {
            epoll_ctl(r->epfd, EPOLL_CTL_DEL, l->fd, NULL);
        }
    }
}

static void session_kill(struct relay *r, struct relay_session *s)
{
    if (s->dead)
        return;
    s->dead = 1;
    for (int i = 0; i < 2; ++i) {
        if (s->end[i].fd >= 0)
            close(s->end[i].fd); /* also leaves the epoll set */
        s->end[i].fd = -1;
        for (int j = 0; j < 2; ++j) {
            if (s->flow[i].pipe[j] >= 0)
                close(s->flow[i].pipe[j]);
            s->flow[i].pipe[j] = -1;
        }
    }
    /* Freed after the current batch of epoll events, which may still point at it. */
    s->next_dead = r->dead;
    r->dead = s;
    if (r->paused) {
        r->paused = 0;
        set_listeners_registered(r, 1);
    }
}

static void free_dead(struct relay *r)
{
    while (r->dead) {
        struct relay_session *s = r->dead;
        r->dead = s->next_dead;
        free(s->flow[0].buf);
        free(s->flow[1].buf);
        free(s);
    }
}

static int would_block(void)
{
    return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR;
}

/* Moves whatever can move without blocking; returns -1 when the session must end. */
static int pump_flow(struct relay_session *s, int i)
{
    struct relay_flow *f = &s->flow[i];
    int src = s->end[i].fd;
    int dst = s->end[1 - i].fd;
    for (;;) {
        int progress = 0;
        if (f->pipe_cap && !f->eof && f->in_pipe < f->pipe_cap) {
            ssize_t n = splice(src, NULL, f->pipe[1], NULL, f->pipe_cap - f->in_pipe,
                               SPLICE_F_MOVE | SPLICE_F_NONBLOCK);
            if (n > 0) {
                f->in_pipe += (size_t)n;
                progress = 1;
            } else if (n == 0) {
                f->eof = 1;
            } else if (!would_block()) {
                return -1;
            }
        }
        if (f->pipe_cap && f->head == f->tail && f->in_pipe > 0) {
            ssize_t n = splice(f->pipe[0], NULL, dst, NULL, f->in_pipe, SPLICE_F_MOVE | SPLICE_F_NONBLOCK);
            if (n > 0) {
                f->in_pipe -= (size_t)n;
                progress = 1;
            } else if (n < 0 && !would_block()) {
                return -1;
            }
        }
        if (!f->pipe_cap && !f->eof && f->tail < RELAY_BUF) {
            ssize_t n = recv(src, f->buf + f->tail, RELAY_BUF - f->tail, 0);
            if (n > 0) {
                f->tail += (size_t)n;
                progress = 1;
            } else if (n == 0) {
                f->eof = 1;
            } else if (!would_block()) {
                return -1;
            }
        }
        if (f->head < f->tail) {
            ssize_t n = send(dst, f->buf + f->head, f->tail - f->head, MSG_NOSIGNAL);
            if (n > 0) {
                f->head += (size_t)n;
                progress = 1;
            } else if (n < 0 && !would_block()) {
                return -1;
            }
            if (f->head == f->tail) {
                f->head = f->tail = 0;
            } else if (f->head >= RELAY_BUF / 2) {
                memmove(f->buf, f->buf + f->head, f->tail - f->head);
                f->tail -= f->head;
                f->head = 0;
            }
        }
        if (!progress)
            break;
    }
    if (f->eof && f->head == f->tail && f->in_pipe == 0 && !f->shut) {
        shutdown(dst, SHUT_WR);
        f->shut = 1;
    }
    return 0;
}

static void session_update(struct relay *r, struct relay_session *s)
{
    if (pump_flow(s, 0) < 0 || pump_flow(s, 1) < 0) {
        session_kill(r, s);
        return;
    }
    if (s->flow[0].shut && s->flow[1].shut) {
        session_kill(r, s);
        return;
    }
    for (int i = 0; i < 2; ++i) {
        struct relay_endpoint *e = &s->end[i];
        /* A peer that is gone in both directions: once everything it sent is
         * delivered nothing more can flow, and writing to it would fail. */
        if (e->hup && s->flow[i].eof && s->flow[i].head == s->flow[i].tail && s->flow[i].in_pipe == 0) {
            session_kill(r, s);
            return;
        }
    }
    for (int i = 0; i < 2; ++i) {
        struct relay_endpoint *e = &s->end[i];
        uint32_t events = 0;
        const struct relay_flow *in = &s->flow[i];
        const struct relay_flow *out = &s->flow[1 - i];
        /* A source is watched only while its flow holds nothing: queued bytes
         * mean the destination took no more, and its EPOLLOUT resumes the flow
         * (pump_flow reads the source too). Watching it meanwhile would wake the
         * relay for every packet with nowhere to put it: a pipe can be full in
         * its slots with fewer bytes than its size, and splice() says EAGAIN. */
        if (!in->eof && in->head == in->tail && in->in_pipe == 0)
            events |= EPOLLIN;
        if (out->head < out->tail || out->in_pipe > 0)
            events |= EPOLLOUT;
        /* EPOLLHUP cannot be masked; a hung-up end leaves the set and is
         * drained when its partner becomes writable. */
        int want = !e->hup;
        if (want && !e->registered) {
            struct epoll_event ev = {.events = events, .data.ptr = e};
            if (epoll_ctl(r->epfd, EPOLL_CTL_ADD, e->fd, &ev) == 0) {
                e->registered = 1;
                e->events = events;
            }
        } else if (want && e->events != events) {
            struct epoll_event ev = {.events = events, .data.ptr = e};
            epoll_ctl(r->epfd, EPOLL_CTL_MOD, e->fd, &ev);
            e->events = events;
        } else if (!want && e->registered) {
            epoll_ctl(r->epfd, EPOLL_CTL_DEL, e->fd, NULL);
            e->registered = 0;
        }
    }
}

static void start_session(struct relay *r, int client, const char *header)
{
    int one = 1;
    setsockopt(client, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    /* The client is on the container's loopback, where there is no link to
     * be fair to: BBR (a common default) would pace each send on timers. */
    static const char reno[] = "reno";
    setsockopt(client, IPPROTO_TCP, TCP_CONGESTION, reno, sizeof reno - 1);
    int upstream = connect_unix(r->unix_path);
    if (upstream < 0) {
        close(client);
        return;
    }
    struct relay_session *s = calloc(1, sizeof *s);
    if (s)
        s->flow[0].buf = malloc(RELAY_BUF);
    if (s)
        s->flow[1].buf = malloc(RELAY_BUF);
    if (!s || !s->flow[0].buf || !s->flow[1].buf) {
        if (s) {
            free(s->flow[0].buf);
            free(s->flow[1].buf);
        }
        free(s);
        close(client);
        close(upstream);
        return;
    }
    for (int i = 0; i < 2; ++i) {
        s->end[i].tag = TAG_ENDPOINT;
        s->end[i].side = i;
        s->end[i].session = s;
        struct relay_flow *f = &s->flow[i];
        f->pipe[0] = f->pipe[1] = -1;
        if (pipe2(f->pipe, O_CLOEXEC | O_NONBLOCK) == 0) {
            fcntl(f->pipe[1], F_SETPIPE_SZ, 1 << 20);
            int cap = fcntl(f->pipe[1], F_GETPIPE_SZ);
            f->pipe_cap = cap > 0 ? (size_t)cap : 0;
        }
    }
    s->end[0].fd = client;
    s->end[1].fd = upstream;
    size_t hlen = strlen(header);
    memcpy(s->flow[0].buf, header, hlen);
    s->flow[0].tail = hlen;
    session_update(r, s);
}

static void accept_clients(struct relay *r, struct relay_listener *l)
{
    for (int n = 0; n < RELAY_MAX_EVENTS; ++n) {
        int client = accept4(l->fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (client >= 0) {
            start_session(r, client, l->header);
            continue;
        }
        if (errno == EAGAIN || errno == EWOULDBLOCK)
            return;
        if (errno == EINTR || errno == ECONNABORTED || errno == EPROTO || errno == EPERM)
            continue;
        if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM) {
            /* Out of resources: stop accepting until a session ends or a moment passes. */
            r->paused = 1;
            set_listeners_registered(r, 0);
            return;
        }
        epoll_ctl(r->epfd, EPOLL_CTL_DEL, l->fd, NULL);
        close(l->fd);
        l->fd = -1;
        --r->live_listeners;
        return;
    }
}

int sb_relay_run(const char *unix_socket_path, int http_port, int socks_port)
{
    signal(SIGPIPE, SIG_IGN);
    struct relay r;
    memset(&r, 0, sizeof r);
    r.unix_path = unix_socket_path;
    r.listeners[0] = (struct relay_listener){TAG_LISTENER, -1, "HTTP\n"};
    r.listeners[1] = (struct relay_listener){TAG_LISTENER, -1, "SOCKS\n"};
    int ports[2] = {http_port, socks_port};
    int saved_errno = EINVAL;
    for (int i = 0; i < 2; ++i) {
        if (ports[i] <= 0 || ports[i] > 65535)
            continue;
        r.listeners[i].fd = sb_relay_listen_tcp(ports[i]);
        if (r.listeners[i].fd >= 0)
            ++r.live_listeners;
        else
            saved_errno = errno;
    }
    r.epfd = epoll_create1(EPOLL_CLOEXEC);
    if (r.epfd < 0)
        saved_errno = errno;
    if (r.live_listeners == 0 || r.epfd < 0) {
        for (int i = 0; i < 2; ++i)
            if (r.listeners[i].fd >= 0)
                close(r.listeners[i].fd);
        if (r.epfd >= 0)
            close(r.epfd);
        errno = saved_errno;
        return -1;
    }
    set_listeners_registered(&r, 1);

    struct epoll_event events[RELAY_MAX_EVENTS];
    while (r.live_listeners > 0) {
        int n = epoll_wait(r.epfd, events, RELAY_MAX_EVENTS, r.paused ? 100 : -1);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        if (n == 0 && r.paused) {
            r.paused = 0;
            set_listeners_registered(&r, 1);
            continue;
        }
        for (int i = 0; i < n; ++i) {
            int tag = *(int *)events[i].data.ptr;
            if (tag == TAG_LISTENER) {
                struct relay_listener *l = events[i].data.ptr;
                if (l->fd >= 0 && !r.paused)
                    accept_clients(&r, l);
                continue;
            }
            struct relay_endpoint *e = events[i].data.ptr;
            struct relay_session *s = e->session;
            if (s->dead)
                continue;
            if (events[i].events & EPOLLERR) {
                session_kill(&r, s);
                continue;
            }
            if (events[i].events & EPOLLHUP)
                e->hup = 1;
            session_update(&r, s);
        }
        free_dead(&r);
    }
    int err = errno;
    close(r.epfd);
    errno = err ? err : EBADF;
    return -1;
}
