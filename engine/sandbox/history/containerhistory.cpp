// SPDX-License-Identifier: GPL-3.0-or-later
#include "containerhistory.h"

#include "changewatcher.h"
#include "containerregistry.h"

#include <QDateTime>
#include <QPromise>

namespace {

// Runs fn on pool and returns its result as a future. Not QtConcurrent::run: QFuture::waitForFinished() would
// steal a queued task and run it at once on the waiting thread, out of order and beside the running one.
template<typename R, typename F>
QFuture<R> runInOrder(QThreadPool *pool, F fn)
{
    auto promise = std::make_shared<QPromise<R>>();
    QFuture<R> future = promise->future();
    promise->start();
    pool->start([promise, fn = std::move(fn)]() mutable {
        promise->addResult(fn());
        promise->finish();
    });
    return future;
}

} // namespace

struct ContainerHistory::State
{
    QString homeDir;
    QString gitDir;
    QString dataDir;
    QString workspace;
    QString id;
    SnapshotStore store;
    ChangeWatcher watcher;
    bool awake = false;

    bool ensureOpen(QString *error) { return store.isOpen() || store.open(homeDir, gitDir, error); }
    // A sleeping container does not keep its repository locked: another Sandbench process may want it.
    void closeIfAsleep()
    {
        if (!awake)
            store.close();
    }
    void recordUse(const std::optional<QJsonObject> &policyJson)
    {
        ContainerRegistry registry(dataDir);
        std::optional<ContainerMeta> meta = registry.load(workspace, id, nullptr);
        if (!meta)
            return; // not a registered container (tests make bare ones): nothing to record
        meta->lastUsedMs = qMax(meta->lastUsedMs, QDateTime::currentMSecsSinceEpoch());
        if (policyJson)
            meta->policy = *policyJson;
        registry.save(*meta, nullptr);
    }
};

ContainerHistory::ContainerHistory(const QString &homeDir, const QString &gitDir, const QString &dataDir,
                                   const QString &workspace, const QString &id, QObject *parent)
    : QObject(parent)
    , m_state(std::make_shared<State>())
{
    m_state->homeDir = homeDir;
    m_state->gitDir = gitDir;
    m_state->dataDir = dataDir;
    m_state->workspace = workspace;
    m_state->id = id;
    m_pool.setMaxThreadCount(1);
}

ContainerHistory::~ContainerHistory()
{
    m_pool.waitForDone();
    m_state->watcher.stop();
    m_state->store.close();
}

void ContainerHistory::waitForIdle()
{
    m_pool.waitForDone();
}

void ContainerHistory::wake(const std::optional<QJsonObject> &policyJson)
{
    std::shared_ptr<State> s = m_state;
    m_pool.start([s, policyJson] {
        QString error;
        s->awake = true;
        if (!s->ensureOpen(&error)) {
            qWarning("sandbench: history of %s is not available: %s", qPrintable(s->id), qPrintable(error));
        } else {
            // Watch first, then scan: a change made in between is seen by both, never by neither.
            if (!s->watcher.start(s->homeDir, &error))
                qWarning("sandbench: not watching %s (%s); every save scans it", qPrintable(s->homeDir),
                         qPrintable(error));
            s->store.refresh(nullptr);
        }
        s->recordUse(policyJson);
    });
}

void ContainerHistory::sleep()
{
    std::shared_ptr<State> s = m_state;
    m_pool.start([s] {
        s->awake = false;
        s->watcher.stop();
        if (s->store.isOpen())
            s->store.flush(nullptr);
        s->store.close();
    });
}

QFuture<HistoryResult<Snapshot>>
ContainerHistory::write(const QString &callId, int commandIndex,
                        std::function<std::optional<Snapshot>(State &, QString *)> op)
{
    ++m_pendingWrites;
    std::shared_ptr<State> s = m_state;
    QFuture<HistoryResult<Snapshot>> future = runInOrder<HistoryResult<Snapshot>>(&m_pool, [s, op] {
        HistoryResult<Snapshot> r;
        if (s->ensureOpen(&r.error))
            r.value = op(*s, &r.error);
        s->closeIfAsleep();
        if (r.value)
            s->recordUse(std::nullopt);
        return r;
    });
    future.then(this, [this, callId, commandIndex](const HistoryResult<Snapshot> &r) {
        --m_pendingWrites;
        if (r.value)
            Q_EMIT saved(callId, commandIndex, *r.value);
        else
            Q_EMIT saveFailed(callId, commandIndex, r.error);
        if (m_pendingWrites == 0)
            Q_EMIT idle();
    });
    return future;
}

QFuture<HistoryResult<Snapshot>> ContainerHistory::commit(const QString &command, const CommandMeta &meta,
                                                          const QString &callId, int commandIndex)
{
    return write(callId, commandIndex, [command, meta](State &s, QString *error) {
        // Without a watcher (degraded, or a save after sleep) the store scans everything.
        const ChangeHint hint = s.watcher.isRunning() ? s.watcher.takeHint() : ChangeHint::anything();
        return s.store.commitCommand(command, meta, hint, error);
    });
}

QFuture<HistoryResult<Snapshot>> ContainerHistory::restoreFile(const QString &path, const QString &commitId)
{
    return write({}, -1, [path, commitId](State &s, QString *error) {
        return s.store.restoreFile(path, commitId, error);
    });
}

QFuture<HistoryResult<Snapshot>> ContainerHistory::restoreWorkspace(const QString &commitId)
{
    return write({}, -1,
                 [commitId](State &s, QString *error) { return s.store.restoreWorkspace(commitId, error); });
}

template<typename T>
QFuture<HistoryResult<T>>
ContainerHistory::read(std::function<std::optional<T>(SnapshotStore &, QString *)> op)
{
    std::shared_ptr<State> s = m_state;
    return runInOrder<HistoryResult<T>>(&m_pool, [s, op] {
        HistoryResult<T> r;
        if (s->ensureOpen(&r.error))
            r.value = op(s->store, &r.error);
        s->closeIfAsleep();
        return r;
    });
}

QFuture<HistoryResult<QList<HistoryEntry>>> ContainerHistory::history(int limit)
{
    return read<QList<HistoryEntry>>(
        [limit](SnapshotStore &store, QString *error) { return store.history(error, limit); });
}

QFuture<HistoryResult<QList<FileChange>>> ContainerHistory::changes(const QString &commitId)
{
    return read<QList<FileChange>>(
        [commitId](SnapshotStore &store, QString *error) { return store.changes(commitId, error); });
}

QFuture<HistoryResult<FileDiff>> ContainerHistory::fileDiff(const QString &path, const QString &fromCommit,
                                                            const QString &toCommit)
{
    return read<FileDiff>([path, fromCommit, toCommit](SnapshotStore &store, QString *error) {
        return store.fileDiff(path, fromCommit, toCommit, error);
    });
}
