// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

// `sandbench network allow HOST | show` for one container (--container ID) or a window conversation's
// (--conversation ID): adds a host to the container's saved network policy. args[0] is the program, args[1]
// the action. Exit 0, 1 on failure, 2 on bad input.
int runNetworkCommand(const QStringList &args);
