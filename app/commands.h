// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

// Headless subcommands; each takes the arguments after the subcommand name (args[0] is the program)
// and returns the process exit code. They run the Qt event loop themselves.
int runExecCommand(const QStringList &args);
int runDoctorCommand(const QStringList &args);
int runServeCommand(const QStringList &args);
// `keys create`; args[1] is the action.
int runKeysCommand(const QStringList &args);
// `workspaces get|set`: the workspace's settings.json (WorkspaceSettings); args[1] is the action.
int runWorkspacesCommand(const QStringList &args);
// `providers add|list`; args[1] is the action.
int runProvidersCommand(const QStringList &args);
// The top-level usage text.
QString topLevelUsage();
