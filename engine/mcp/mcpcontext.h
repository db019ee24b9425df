// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "base/sessionlimits.h"

#include <QString>

#include <functional>
#include <memory>

class AgentLoop;
class ApprovalBroker;
class Meter;
class QThreadPool;
class Workspace;
namespace McpFiles {
class HomeScans;
}

// What one MCP session's tool calls need from the process serving it; nothing is owned.
struct McpContext
{
    Workspace *workspace = nullptr;
    Meter *meter = nullptr; // may be null: the workspace's containers' meter is used
    // Where an approval ask waits: the session's own broker when the client answers asks by elicitation,
    // else the workspace's (the window, a terminal, live viewers).
    ApprovalBroker *approvals = nullptr;
    QString conversation; // what "allow for this session" remembers under ("mcp:<session id>")
    QString clientName;   // the client's clientInfo name (request logs, live view)
    SessionLimits limits;
    QThreadPool *filePool = nullptr; // read_file and list_files run here, never on the event loop
    bool logging = true;             // request log and broadcast (benchmarks turn them off)
    // Called with each call's agent loop right after it started (the HTTP server mirrors it to live viewers).
    std::function<void(AgentLoop *, const QString &workspace)> followLoop;
    // The session's last view of its containers' homes (shell calls name the files they change).
    std::shared_ptr<McpFiles::HomeScans> homeScans;
};
