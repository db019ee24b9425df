// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QStringList>
#include <QTimer>

#include <chrono>
#include <functional>

class ContainerRegistry;
class QThreadPool;

// Deletes containers' saved files and history 30 days after their last use, at start-up and periodically.
// A container is either deleted before anyone can use it or kept because it is in use: the choice and a
// rename out of the way happen at once on the janitor's thread, only the deletion of the moved tree runs on
// a worker. Also deletes trash a killed process left. Documents are never touched.
class Janitor final : public QObject
{
    Q_OBJECT

public:
    static constexpr qint64 kRetentionMs = 30LL * 24 * 60 * 60 * 1000;

    // registry must outlive the janitor; nowMs is wall-clock ms since the epoch (injectable for tests).
    explicit Janitor(ContainerRegistry *registry, std::function<qint64()> nowMs = {},
                     QObject *parent = nullptr);

    void setInterval(std::chrono::milliseconds interval);
    // Containers for which this returns true (awake, in a request) are skipped. Called on the janitor's
    // thread, right before each container would be moved aside.
    void setInUseCheck(std::function<bool(const QString &workspace, const QString &id)> inUse);

    // Sweeps now (expired containers are gone when this returns; their files are deleted in a worker thread)
    // and then every interval (default 1 hour).
    void start();
    void stop();
    // Synchronous sweep; returns "workspace/id" of every container deleted. For tests and tools: start()
    // and the periodic sweeps block only while choosing and moving aside.
    QStringList sweepNow();

    // The one worker thread of this process that deletes moved-aside trees (the janitor's, and
    // ContainerManager::removeInBackground's): one deletion at a time, never a thread of the global pool
    // that history and commands use. What it has not finished when the process dies is trash of a dead
    // process, finished by the next sweep (see ContainerRegistry::leftoverTrash).
    static QThreadPool *deletionPool();

Q_SIGNALS:
    // A container is about to be moved aside for deletion (emitted on the janitor's thread, connect
    // directly): whoever holds it drops it now, without looking it up again.
    void expiring(const QString &workspace, const QString &id);
    // Follows the expiring() signals of a sweep: these "workspace/id" containers no longer exist (moved
    // aside, their files are being deleted). One that expiring() named but that is missing here could not be
    // moved and keeps its files.
    void expired(const QStringList &gone);
    // The files of these "workspace/id" containers are deleted.
    void swept(const QStringList &removed);

private:
    // A directory to delete: an expired container moved aside, or leftover trash (id empty).
    struct Doomed
    {
        QString workspace;
        QString id;
        QString trashDir;
    };
    // Picks the expired containers and moves them aside, then reserves leftover trash.
    QList<Doomed> claim();
    static QStringList deleteAll(const ContainerRegistry &registry, const QList<Doomed> &doomed);
    void sweepAsync();

    ContainerRegistry *m_registry;
    std::function<qint64()> m_nowMs;
    std::function<bool(const QString &, const QString &)> m_inUse;
    QTimer m_timer;
    bool m_running = false;
};
