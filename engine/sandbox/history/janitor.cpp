// SPDX-License-Identifier: GPL-3.0-or-later
#include "janitor.h"

#include "containerregistry.h"

#include <QDateTime>
#include <QFutureWatcher>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

using namespace Qt::StringLiterals;
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

QThreadPool *Janitor::deletionPool()
{
    static QThreadPool *pool = [] {
        // Never destroyed: at exit a deletion in progress is simply cut short and resumed at the next start.
        auto *p = new QThreadPool;
        p->setMaxThreadCount(1);
        p->setObjectName(u"sandbench-trash"_s);
        return p;
    }();
    return pool;
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

QList<Janitor::Doomed> Janitor::claim()
{
    QList<Doomed> out;
    QStringList gone;
    bool announced = false;
    const qint64 now = m_nowMs();
    for (const QString &ws : m_registry->workspaces()) {
        for (const ContainerMeta &meta : m_registry->list(ws)) {
            const qint64 lastUse = qMax(meta.lastUsedMs, meta.createdMs);
            if (now - lastUse < kRetentionMs)
                continue;
            // Asked per container: a slot of an earlier expiring() may have woken this one.
            if (m_inUse && m_inUse(ws, meta.id))
                continue;
            Q_EMIT expiring(ws, meta.id);
            announced = true;
            // Renamed on this thread, before anything else can look it up: afterwards nobody finds it, and
            // the worker deletes a tree that no longer has a container's name.
            QString error;
            const QString trash = m_registry->moveToTrash(ws, meta.id, &error);
            if (trash.isEmpty()) {
                if (!error.isEmpty())
                    qWarning("sandbench: janitor: %s", qPrintable(error));
                else
                    gone.append(ws + u'/' + meta.id); // another process moved it first
                continue;
            }
            out.append({ws, meta.id, trash});
            gone.append(ws + u'/' + meta.id);
        }
    }
    if (announced)
        Q_EMIT expired(gone);
    for (const QString &ws : m_registry->workspaces()) {
        for (const QString &trash : m_registry->leftoverTrash(ws))
            out.append({ws, QString(), trash});
    }
    return out;
}

QStringList Janitor::deleteAll(const ContainerRegistry &registry, const QList<Doomed> &doomed)
{
    QStringList removed;
    for (const Doomed &d : doomed) {
        QString error;
        if (!registry.removeTrash(d.trashDir, &error))
            qWarning("sandbench: janitor (retried at the next sweep): %s", qPrintable(error));
        else if (!d.id.isEmpty())
            removed.append(d.workspace + u'/' + d.id);
    }
    return removed;
}

QStringList Janitor::sweepNow()
{
    return deleteAll(*m_registry, claim());
}

void Janitor::sweepAsync()
{
    if (m_running)
        return;
    // Choosing and moving aside stays on our thread (small json reads, one rename each); deleting trees does
    // not.
    const QList<Doomed> doomed = claim();
    if (doomed.isEmpty()) {
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
    watcher->setFuture(QtConcurrent::run(
        deletionPool(), [registry = *m_registry, doomed] { return deleteAll(registry, doomed); }));
}
