// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

class AgentLoop;
class EventHub;

// Mirrors a loop's progress to the workspace's WebSocket viewers (request.started, shell_call.started,
// command.*, output.chunk, files.changed, request.finished): the model endpoints' and MCP's calls alike.
void publishLive(AgentLoop *loop, EventHub *hub, const QString &workspace, const QString &api, bool stream);
