// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "safefs.h"
#include "snapshotstore.h"

#include <QList>
#include <QMutex>
#include <QSet>

#include <memory>

class InotifyHub;

// Collects inotify events below a container's home dir so that the commit after a command only looks at
// the paths that changed (ChangeHint::Paths) instead of lstat()ing every file.
// Watches are on inodes, so writes made inside the container's mount namespace are seen too. When events
// are lost (queue overflow, a directory moved within home, too many changes to list) the hint is Anything:
// a full scan. Writes through a shared mmap produce no event; SnapshotStore's full scan on open() and any
// Anything hint catch those.
// Every watcher of the process shares one inotify instance (the kernel allows a user 128 of them, fewer
// than the containers a server keeps awake), drained by its own thread so one busy container cannot
// overflow the queue for the others. A home with more than kMaxDirectories directories, or one that would
// take the process past half the host's watch budget (fs.inotify.max_user_watches), is not watched at all:
// every hint for it is Anything, said once in the log.
// One thread starts, stops and takes hints; any other thread may ask isQuiet() meanwhile.
class ChangeWatcher
{
public:
    // Watches one container may hold; past it, its saves scan (the host's budget is shared by every user's
    // program, from editors to systemd).
    static constexpr int kMaxDirectories = 8192;

    ChangeWatcher() = default;
    ~ChangeWatcher();
    ChangeWatcher(const ChangeWatcher &) = delete;
    ChangeWatcher &operator=(const ChangeWatcher &) = delete;

    // The cap for this watcher (tests lower it); takes effect at the next start().
    void setDirectoryLimit(int limit) { m_directoryLimit = limit; }

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
    friend class InotifyHub;

    bool startLocked(const QString &homeDir, QString *error);
    void stopLocked();
    void watchHome();
    bool addTree(int dirFd, const QByteArray &rel, int depth);
    void addNewDirectory(const QByteArray &rel);
    // Gives back every watch: the home is scanned on each save from now on.
    void degrade(const QString &why);
    void removeWatches();

    QString m_homeDir;
    UniqueFd m_home;
    std::shared_ptr<InotifyHub> m_hub;
    bool m_degraded = false; // not watching (see degrade()): every hint is Anything
    bool m_degradeLogged = false;
    int m_directoryLimit = kMaxDirectories;
    QString m_whyNotWatched;
    mutable QMutex m_mutex; // for isQuiet() from another thread

    // Filled by the hub's thread; guarded by the hub's mutex.
    QList<int> m_wds;
    QSet<QByteArray> m_paths;
    QByteArrayList m_newDirs;
    bool m_lost = false;    // events lost since the last hint
    bool m_rebuild = false; // a directory moved: watches below it report under stale paths
};
