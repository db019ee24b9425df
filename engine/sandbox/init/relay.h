/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The in-container egress relay: listens on 127.0.0.1 for HTTP-proxy and
 * SOCKS5 clients and hands every TCP connection, unchanged, to the engine's
 * EgressProxy over a Unix socket, prefixed by one line naming the protocol
 * ("HTTP\n" or "SOCKS\n"). All policy checks happen on the host side.
 */
#ifndef SANDBENCH_INIT_RELAY_H
#define SANDBENCH_INIT_RELAY_H

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Runs the relay loop in the calling process; call it in a forked child.
 * http_port / socks_port: TCP ports on 127.0.0.1 (0 disables that listener).
 * Never returns while at least one listener works; returns -1 (errno set)
 * when no listener could be opened or both have failed, so the caller
 * should _exit() with a non-zero status. Forks nothing and reaps nothing;
 * ignores SIGPIPE for itself.
 */
int sb_relay_run(const char *unix_socket_path, int http_port, int socks_port);

/* A non-blocking, close-on-exec TCP socket listening on 127.0.0.1:port, or -1 (errno set). */
int sb_relay_listen_tcp(int port);

#ifdef __cplusplus
}
#endif

#endif
