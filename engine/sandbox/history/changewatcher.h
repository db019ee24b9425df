// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "safefs.h"
#include "snapshotstore.h"

#include <QHash>
#include <QSet>

// Collects inotify events below a container's home dir so that the commit after a command only looks at
// the paths that changed (ChangeHint::Paths) instead of lstat()ing every file.
// Watches are on inodes, so writes made inside the container's mount namespace are seen too. When events
// are lost (queue overflow, watch limit, a directory moved within home) the hint is Anything: a full scan.
// Writes through a shared mmap produce no event; SnapshotStore's full scan on open() and any Anything
// hint catch those.
class ChangeWatcher
{
public:
    ChangeWatcher() = default;
    ~ChangeWatcher();
    ChangeWatcher(const ChangeWatcher &) = delete;
    ChangeWatcher &operator=(const ChangeWatcher &) = delete;

    bool start(const QString &homeDir, QString *error);
    void stop();
    bool isRunning() const { return m_inotify.isValid(); }

    // Drains pending events and returns what may have changed since the previous call.
    ChangeHint takeHint();

private:
    bool addTree(int dirFd, const QByteArray &rel);
    void addNewDirectory(const QByteArray &rel);

    QString m_homeDir;
    UniqueFd m_home;
    UniqueFd m_inotify;
    QHash<int, QByteArray> m_wdPath;
    QSet<QByteArray> m_paths;
    bool m_lost = false;     // events lost since the last hint
    bool m_degraded = false; // a watch could not be added: every hint is Anything
};
