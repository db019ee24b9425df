/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The wire protocol between the engine and a container's init (PID 1).
 * Plain C so the init program stays free of Qt and C++.
 *
 * Transport: a SOCK_SEQPACKET socketpair; the init end is file descriptor
 * SB_CONTROL_FD in sandbench-init. Every message is exactly one packet: a
 * struct sb_msg_header followed by payload_len bytes of payload. File
 * descriptors travel as SCM_RIGHTS ancillary data of the same packet.
 *
 * engine -> init
 *   SB_MSG_EXEC      id = command id chosen by the engine (unique per container)
 *                    payload = "command\0" then zero or more "KEY=VALUE\0"
 *                    environment entries added to the default environment
 *                    fds = [stdout write end, stderr write end]
 *                    The command runs as `bash -c command` in /workspace/home,
 *                    inside its own PID namespace, as the sandbox user.
 *                    May be sent before READY: init runs it once it is ready.
 *   SB_MSG_KILL      id = command id: SIGKILL the command's whole PID namespace
 *                    (children, grandchildren and setsid daemons included).
 *   SB_MSG_KILL_ALL  SIGKILL every command's PID namespace: the running command and
 *                    whatever earlier commands left behind (nohup, &, setsid). PID 1 and
 *                    the egress relay stay; the container keeps serving EXEC. Each killed
 *                    command ends with DONE (if not sent yet) and REAPED as usual.
 *   SB_MSG_EXEC_SPARE id = command id, value = the spare's reaper pid from SB_MSG_SPARE: the engine
 *                    has just sent this command's EXEC packet (fds and all) straight to that spare's
 *                    socket, so the command runs without a hop through PID 1; init books it like an
 *                    EXEC and sends no STARTED for it (the engine counts it started when it sent it).
 *                    payload = the command's environment entries ("KEY=VALUE\0" each, as in EXEC
 *                    after the command), which the next shell spare starts with.
 *                    id = 0: the engine let that shell spare go unused (closed its descriptors).
 *   SB_MSG_SHUTDOWN  end every process and exit.
 *   SB_MSG_CONFIG    only to a launcher started with --standby, as its first message:
 *                    payload = "id\0workspace\0proxy-socket-or-empty\0". A standby has
 *                    already joined its cgroup and, where it can, created the namespaces
 *                    and the shared part of the root, so the container starts without
 *                    that cost.
 *
 * init -> engine
 *   SB_MSG_READY     sent once, after the root is built; value = 0.
 *                    payload = human-readable summary of what is enforced
 *                    ("key=value\n" lines, see sandbench-init --help).
 *   SB_MSG_STARTED   id = command id, value = pid of the command (host view
 *                    is not available; this is the pid inside the container).
 *   SB_MSG_DONE      id = command id, value = raw wait status of `bash` (as
 *                    from waitpid). Sent when bash itself exits, or when the
 *                    namespace was killed before that. Always after the
 *                    command's STARTED; a second DONE for the same command
 *                    (a kill racing its exit) is to be ignored.
 *   SB_MSG_REAPED    id = command id: the command's PID namespace is empty (bash and
 *                    every background process it started are gone). Always after the
 *                    command's DONE; until it comes, something of the command still runs.
 *   SB_MSG_SPARE     value = pid of a prepared command's reaper (a "spare": the command process
 *                    under it has dropped every privilege and waits for one EXEC packet);
 *                    fds = [the socket it waits on]. Sent between commands; the engine may use
 *                    it for one command (see SB_MSG_EXEC_SPARE) or never. A send that fails
 *                    (EPIPE: the spare died) means the command goes to init as SB_MSG_EXEC.
 *                    A *shell spare* (once init knows the engine's environment, where the root has
 *                    /bin/bash): bash itself already runs under the reaper, every privilege dropped;
 *                    fds = [its command pipe (write end), its stdout, its stderr (read ends)],
 *                    payload = the environment entries it started with. The engine uses it only
 *                    for a command with that environment: it writes the command's bytes and then
 *                    one 0x01 byte to the pipe and closes it (a pipe closed without the 0x01 runs
 *                    nothing), reads the output from the two pipes, and sends SB_MSG_EXEC_SPARE.
 *                    A standby's *first shell*: a shell spare with no environment entries that PID 1
 *                    made before CONFIG and sends before READY (never with a proxy). The engine, which
 *                    then holds the container's first EXEC until READY, sends that command to it when
 *                    its environment matches.
 *   SB_MSG_LISTENERS sent at most once, before READY, when the container has a proxy: fds = [the
 *                    listening TCP sockets on 127.0.0.1:3128 (HTTP proxy) and :1080 (SOCKS5)],
 *                    made in the container's network namespace before any command runs and
 *                    closed in init once sent, so only the engine holds them and every connection
 *                    accepted on them. The engine's proxy serves them directly (no relay hop).
 *                    Without this message (the send failed) init runs the relay instead.
 *   SB_MSG_ERROR     id = command id or 0 for the container, value = errno,
 *                    payload = message. For id 0 the container is unusable
 *                    and init exits after sending it.
 */
#ifndef SANDBENCH_INIT_PROTOCOL_H
#define SANDBENCH_INIT_PROTOCOL_H

#include <stdint.h>

#define SB_PROTOCOL_VERSION 6
#define SB_CONTROL_FD 3
#define SB_MAX_PACKET (256 * 1024)

enum sb_msg_type {
    SB_MSG_READY = 1,
    SB_MSG_EXEC = 2,
    SB_MSG_STARTED = 3,
    SB_MSG_DONE = 4,
    SB_MSG_KILL = 5,
    SB_MSG_ERROR = 6,
    SB_MSG_SHUTDOWN = 7,
    SB_MSG_CONFIG = 8,
    SB_MSG_KILL_ALL = 9,
    SB_MSG_REAPED = 10,
    SB_MSG_SPARE = 11,
    SB_MSG_EXEC_SPARE = 12,
    SB_MSG_LISTENERS = 13,
};

struct sb_msg_header
{
    uint32_t type;
    uint32_t id;
    int32_t value;
    uint32_t payload_len;
};

/* Exit codes of sandbench-init before the control channel is usable. */
#define SB_EXIT_USAGE 64
#define SB_EXIT_SETUP 70

/* The user inside every container. */
#define SB_SANDBOX_UID 1000
#define SB_SANDBOX_GID 1000
#define SB_SANDBOX_USER "sandbox"
#define SB_WORKDIR "/workspace/home"

#endif
