// SPDX-License-Identifier: GPL-3.0-or-later
#include "janitor.h"

#include "containerregistry.h"

#include <QDateTime>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

using namespace std::chrono_literals;

Janitor::Janitor(ContainerRegistry *registry, std::function<qint64()> nowMs, QObject *parent)
    : QObject(parent)
    , m_registry(registry)
    , m_nowMs(std::move(nowMs))
{
    if (!m_nowMs)
        m_nowMs = [] { return QDateTime::currentMSecsSinceEpoch(); };
    m_timer.setInterval(1h);
    connect(&m_timer, &QTimer::timeout, this, &Janitor::sweepAsync);
}

void Janitor::setInterval(std::chrono::milliseconds interval)
{
    m_timer.setInterval(interval);
}

void Janitor::setInUseCheck(std::function<bool(const QString &, const QString &)> inUse)
{
    m_inUse = std::move(inUse);
}

void Janitor::start()
{
    m_timer.start();
    sweepAsync();
}

void Janitor::stop()
{
    m_timer.stop();
}

QList<Janitor::Expired> Janitor::findExpired() const
{
    QList<Expired> out;
    const qint64 now = m_nowMs();
    for (const QString &ws : m_registry->workspaces()) {
        for (const ContainerMeta &meta : m_registry->list(ws)) {
            const qint64 lastUse = qMax(meta.lastUsedMs, meta.createdMs);
            if (now - lastUse < kRetentionMs)
                continue;
            if (m_inUse && m_inUse(ws, meta.id))
                continue;
            out.append({ws, meta.id});
        }
    }
    return out;
}

QStringList Janitor::sweepNow()
{
    QStringList removed;
    for (const Expired &e : findExpired()) {
        if (m_registry->remove(e.workspace, e.id, nullptr))
            removed.append(e.workspace + u'/' + e.id);
    }
    return removed;
}

void Janitor::sweepAsync()
{
    if (m_running)
        return;
    // Picking candidates (small json reads, the in-use check) stays on our thread; deleting trees does not.
    const QList<Expired> expired = findExpired();
    if (expired.isEmpty()) {
        Q_EMIT swept({});
        return;
    }
    m_running = true;
    auto *watcher = new QFutureWatcher<QStringList>(this);
    connect(watcher, &QFutureWatcher<QStringList>::finished, this, [this, watcher] {
        m_running = false;
        const QStringList removed = watcher->result();
        watcher->deleteLater();
        Q_EMIT swept(removed);
    });
    // A copy: the deletion may outlive whoever owns the registry.
    watcher->setFuture(QtConcurrent::run([registry = *m_registry, expired]() mutable {
        QStringList removed;
        for (const Expired &e : expired) {
            if (registry.remove(e.workspace, e.id, nullptr))
                removed.append(e.workspace + u'/' + e.id);
        }
        return removed;
    }));
}
