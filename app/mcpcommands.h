// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

// `sandbench mcp`: serves MCP over stdio (McpStdio) for the workspace, until the client closes stdin.
int runMcpCommand(const QStringList &args);
