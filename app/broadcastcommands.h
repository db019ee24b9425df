// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

// `sandbench broadcast add URL [--header K=V]... | list [--json] | rm URL`: the workspace's OTLP trace
// destinations (broadcast.json). args[0] is the program, args[1] the action. Returns the exit code.
int runBroadcastCommand(const QStringList &args);
