// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "base/sessionlimits.h"
#include "net/egresslimits.h"
#include "sandboxdefaults.h"

#include <QString>

// Resource limits applied to every container of a manager; tests lower them.
struct ResourceLimits
{
    double cpus = SB_DEFAULT_CPUS;
    qint64 memoryBytes = SB_DEFAULT_MEMORY_BYTES;
    qint64 storageBytes = SB_DEFAULT_STORAGE_BYTES;
    int maxProcesses = SB_DEFAULT_MAX_PROCESSES;
    // RLIMIT_NOFILE of every process in the container, commands and the egress relay alike (never the
    // engine's own limit, which a container must not inherit).
    int maxOpenFiles = SB_DEFAULT_MAX_OPEN_FILES;
    qint64 tmpBytes = SB_DEFAULT_TMP_BYTES;
};

// Where containers live on disk and how they are launched.
// Layout: DATA/workspaces/<workspace>/containers/<id>/{home,history.git,meta.json,init.log}.
struct SandboxSettings
{
    QString dataDir;
    QString workspace = QStringLiteral("default");
    QString initPath; // empty: sandbench-init beside the application
    QString cgroupMode = QStringLiteral(SB_DEFAULT_CGROUP_MODE); // auto|v1|v2|none
    ResourceLimits limits;
    EgressLimits egress;                // what one container's egress proxy may hold of the engine
    double meterRatePerSecond = 0.0001; // dollars per second of sandbox time (SPEC 1.7)
    // The limits held to when a workspace has not lifted them (SPEC 1.3, 1.4); tests lower them.
    SessionLimits hostedLimits;

    // Data dir from SANDBENCH_DATA_DIR or the XDG application data location.
    static QString defaultDataDir();
    // Settings for dataDir (empty: defaultDataDir()) and workspace (empty: "default"); opens the data dir
    // with DataDir::open (private modes from now on).
    static SandboxSettings forDataDir(const QString &dataDir, const QString &workspace = {});

    QString resolvedInitPath() const;
    QString workspaceDir() const;
    QString containersDir() const;
    QString containerDir(const QString &id) const;
    QString homeDir(const QString &id) const;
    QString historyDir(const QString &id) const;
    QString initLogPath(const QString &id) const;

    // A private (0700, ours) directory for sockets: /tmp/sandbench-UID. Socket paths must stay under 108
    // bytes, which a path inside the data dir does not guarantee. Empty and an error when it is unsafe.
    static QString runtimeDir(QString *error);

    // Host uid/gid the sandbox user maps to: 910000 when the engine runs as root, else our own ids.
    static uint sandboxHostUid();
    static uint sandboxHostGid();
};
