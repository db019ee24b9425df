// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QtGlobal>

// The limits a conversation's or request's shell calls are held to: the hosted ones of SPEC 1.3/1.4 by
// default, or a workspace's lifted ones ("long sessions", WorkspaceSettings::sessionLimits()).
struct SessionLimits
{
    static constexpr int HostedMaxTimeoutMs = 300000;
    static constexpr int HostedDefaultTimeoutMs = 120000;
    static constexpr qint64 HostedIdleSleepMs = 5 * 60 * 1000;

    // The longest timeout_ms a call may ask for (larger is rejected), and the timeout of a call that names
    // none.
    int maxTimeoutMs = HostedMaxTimeoutMs;
    int defaultTimeoutMs = HostedDefaultTimeoutMs;
    // A container with no command for this long sleeps; 0: never.
    qint64 idleSleepMs = HostedIdleSleepMs;
    // Output past max_output_length keeps its last characters (a command running for hours shows how it
    // ends) instead of its first.
    bool keepOutputTail = false;
    bool lifted = false;

    static SessionLimits hosted() { return {}; }
    friend bool operator==(const SessionLimits &, const SessionLimits &) = default;
};
