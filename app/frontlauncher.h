// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sandbox/initprocess.h"

#include <optional>

// The launcher bin/sandbench (app/front.c) started for `exec` before it execve()d this CLI, named in
// SANDBENCH_FRONT_LAUNCHER=PID:FD:LOG.
namespace FrontLauncher {
// First thing in main(): reads and removes the variable (no child of ours sees it) and makes the named
// socket close-on-exec, whatever the command.
void takeFromEnvironment();
// The launcher, if it is what InitSpawner::spawnStandby(settings) would have started: our own child, a
// SOCK_SEQPACKET control socket, the same command line, its log in settings' containers directory. One that
// is not is released (a warning on stderr if it was alive and ours but started differently) and nullopt
// returned, so the caller starts its own. At most once.
std::optional<InitProcess> take(const SandboxSettings &settings);
// Releases a launcher that was not taken (exec stopped at bad input) and removes the log the front made
// for it. Nothing when there is none or it was taken.
void discard();
} // namespace FrontLauncher
