// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <csignal>

#include <sys/types.h>

// `sandbench mcp` when an engine (the window's local API, `sandbench serve`) already serves the workspace:
// the MCP stream is relayed to that engine's local socket, DATA/workspaces/<ws>/mcp.sock, so the calls run
// there (live in the window's "Other programs", one writer of history and logs) instead of in a second
// engine. The socket carries exactly the stdio transport (one JSON-RPC message a line each way). Only an
// engine of the same user is used: the workspace directory must be the user's and writable by nobody else,
// the socket the user's and no link, and the kernel's peer credentials (SO_PEERCRED) the user's uid; the
// engine checks the relay's the same way. Nothing goes over the network and no key is written anywhere.
class McpRelay
{
public:
    static constexpr char SocketName[] = "mcp.sock";

    // The socket's path for a workspace (empty for an invalid workspace name).
    static QString socketPath(const QString &dataDir, const QString &workspace);
    // A connected socket to the engine serving the workspace, its pid in *pid; or -1 when none does. *why
    // says what was found when it is not simply that no engine runs (a stale socket, one that is not the
    // user's), for the diagnostics.
    static int connectToEngine(const QString &dataDir, const QString &workspace, pid_t *pid, QString *why);
    // Copies MCP messages from inputFd to the engine and the engine's answers to outputFd until the input
    // ends (0), *stop turns true (0; set by a signal handler, which interrupts the wait) or the engine goes
    // away (1, *error says so). Blocks; the process does nothing else meanwhile.
    static int run(int engineFd, int inputFd, int outputFd, const volatile std::sig_atomic_t *stop,
                   QString *error);
};
