// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

// `sandbench containers list | files ID | history ID | promote ID PATH | rm ID`; args[0] is the program,
// args[1] the action. Never reaches outside the --workspace given. Exit 0, 1 on failure, 2 on bad input.
int runContainersCommand(const QStringList &args);
