// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QStringList>
#include <QTimer>

#include <chrono>
#include <functional>

class ContainerRegistry;

// Deletes containers' saved files and history 30 days after their last use, at start-up and periodically.
// Documents are never touched.
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
    // thread.
    void setInUseCheck(std::function<bool(const QString &workspace, const QString &id)> inUse);

    // Sweeps now (deletion runs in a worker thread) and then every interval (default 1 hour).
    void start();
    void stop();
    // Synchronous sweep; returns "workspace/id" of every container deleted.
    QStringList sweepNow();

Q_SIGNALS:
    void swept(const QStringList &removed);

private:
    struct Expired
    {
        QString workspace;
        QString id;
    };
    QList<Expired> findExpired() const;
    void sweepAsync();

    ContainerRegistry *m_registry;
    std::function<qint64()> m_nowMs;
    std::function<bool(const QString &, const QString &)> m_inUse;
    QTimer m_timer;
    bool m_running = false;
};
