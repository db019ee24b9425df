// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "safefs.h"
#include "snapshotstore.h"

#include <QHash>
#include <QMutex>
#include <QSet>

// Collects inotify events below a container's home dir so that the commit after a command only looks at
// the paths that changed (ChangeHint::Paths) instead of lstat()ing every file.
// Watches are on inodes, so writes made inside the container's mount namespace are seen too. When events
// are lost (queue overflow, watch limit, a directory moved within home) the hint is Anything: a full scan.
// Writes through a shared mmap produce no event; SnapshotStore's full scan on open() and any Anything
// hint catch those.
// One thread starts, stops and takes hints; any other thread may ask isQuiet() meanwhile.
class ChangeWatcher
{
public:
    ChangeWatcher() = default;
    ~ChangeWatcher();
    ChangeWatcher(const ChangeWatcher &) = delete;
    ChangeWatcher &operator=(const ChangeWatcher &) = delete;

    bool start(const QString &homeDir, QString *error);
    void stop();
    bool isRunning() const;

    // Drains pending events and returns what may have changed since the previous call.
    ChangeHint takeHint();

    // True when the next hint would be an empty Paths hint: the watcher runs with every watch in place,
    // nothing was lost and no event is waiting. Events are queued by the kernel inside the writing system
    // call, so once a process has exited everything it wrote is counted here. Takes no event; false when
    // the hint-taking thread is inside the watcher right now.
    bool isQuiet() const;

private:
    bool startLocked(const QString &homeDir, QString *error);
    void stopLocked();
    bool addTree(int dirFd, const QByteArray &rel);
    void addNewDirectory(const QByteArray &rel);

    QString m_homeDir;
    UniqueFd m_home;
    UniqueFd m_inotify;
    QHash<int, QByteArray> m_wdPath;
    QSet<QByteArray> m_paths;
    bool m_lost = false;     // events lost since the last hint
    bool m_degraded = false; // a watch could not be added: every hint is Anything
    mutable QMutex m_mutex;  // for isQuiet() from another thread
};
