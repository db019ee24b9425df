// SPDX-License-Identifier: GPL-3.0-or-later
#include "containerhistory.h"

#include "changewatcher.h"
#include "containerregistry.h"
#include "fileorigins.h"
#include "lazygit.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QPointer>
#include <QPromise>

#include <QFile>
#include <QFileInfo>
#include <QMutex>

#include <atomic>

#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

// How often a stream of commits rewrites meta.json's last use (for the 30-day janitor; wake and sleep
// write it unless it is fresh, see kFreshUseMs).
constexpr qint64 kRecordUseIntervalMs = 60'000;
// A use this close to the recorded one is not worth a synced rewrite of meta.json (see recordUse).
constexpr qint64 kFreshUseMs = 1000;

// Runs fn on pool and returns its result as a future. Not QtConcurrent::run: QFuture::waitForFinished() would
// steal a queued task and run it at once on the waiting thread, out of order and beside the running one.
template<typename R, typename F, typename Start>
QFuture<R> runInOrder(Start start, F fn)
{
    auto promise = std::make_shared<QPromise<R>>();
    QFuture<R> future = promise->future();
    promise->start();
    start([promise, fn = std::move(fn)]() mutable {
        promise->addResult(fn());
        promise->finish();
    });
    return future;
}

// libgit2 set-up (its TLS back end reads the system's whole CA bundle) is undone whenever the last open store
// closes, and redone by the next open: on the CPU while that container's sandbox boots. One reference held
// for the life of the process makes it happen once, on the first wake.
void keepLibgit2Loaded()
{
    static const bool loaded = LazyGit::load() && git_libgit2_init() > 0;
    Q_UNUSED(loaded);
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
    // Set by the scan task (scanHome) once the store is open, home rescanned and the watcher running; cleared
    // on the container's thread as soon as sleep() is asked for. While set, a quiet watcher means "no
    // change".
    std::atomic<bool> hintsReady{false};
    QElapsedTimer sinceRecord;  // since meta.json's last use was last written
    qint64 unrecordedUseMs = 0; // a commit's time not yet written to meta.json
    std::atomic<bool> cancelled{false};

    // Charging heavy work to the container's cgroup (see setCgroupProcess). Guarded by chargeMutex: the
    // worker moves itself in, the container's thread may move it back out at any time.
    QMutex chargeMutex;
    qint64 cgroupPid = -1;
    long workerTid = 0;
    QList<QByteArray> returnTo; // the tasks files the worker came from

    // Records fileName (in home) as a user's upload in FileOrigins; a failure only costs that label.
    void recordUpload(const QString &fileName)
    {
        QString why;
        if (!FileOrigins(FileOrigins::containerDirOfHistory(gitDir)).recordUpload(homeDir, fileName, &why))
            qWarning().noquote() << "cannot record the upload" << fileName << "as the user's:" << why;
    }

    // The next commands' markers, made ahead on the worker (SnapshotStore::prepareMarker) and kept open, so
    // that the container's thread only writes and renames one. Guarded by spareMutex: the worker fills the
    // list, commandStarting() takes from it.
    static constexpr int kSpares = 2;
    static constexpr int kLockWaitMs = 2000;
    static constexpr int kLockWaitAgainMs = 10000;
    QElapsedTimer openFailed; // on the worker: when an open last failed
    QMutex spareMutex;
    QList<std::pair<QString, int>> spares; // name, descriptor

    // On the worker (at wake and with each commit): spares for the next commands, up to kSpares.
    void refillSpares()
    {
        for (;;) {
            {
                QMutexLocker lock(&spareMutex);
                if (spares.size() >= kSpares)
                    return;
            }
            int fd = -1;
            const QString made = SnapshotStore::prepareMarker(gitDir, &fd);
            if (made.isEmpty())
                return;
            QMutexLocker lock(&spareMutex);
            spares.append({made, fd});
        }
    }
    // On the worker, once a command's entry is written: its marker becomes a spare again, or goes.
    void recycle(const QString &marker)
    {
        {
            QMutexLocker lock(&spareMutex);
            if (spares.size() >= kSpares || !awake) {
                SnapshotStore::recycleMarker(gitDir, marker, nullptr); // removes it
                return;
            }
        }
        int fd = -1;
        const QString spare = SnapshotStore::recycleMarker(gitDir, marker, &fd);
        if (spare.isEmpty())
            return;
        QMutexLocker lock(&spareMutex);
        spares.append({spare, fd});
    }
    // No spare is left behind (the container sleeps or goes).
    void dropSpares()
    {
        QMutexLocker lock(&spareMutex);
        if (spares.isEmpty())
            return;
        for (const auto &spare : std::as_const(spares))
            ::close(spare.second);
        spares.clear();
        SnapshotStore::dropSpareMarkers(gitDir);
    }

    bool ensureOpen(QString *error)
    {
        if (store.isOpen())
            return true;
        keepLibgit2Loaded();
        // Another opener may be letting go this moment (a CLI command's restore, a store closing): a short
        // wait here, on the worker, rather than an error in the Files panel; not again while the last open
        // failed a moment ago (a holder that stays would make each queued operation wait).
        const bool failedLately = openFailed.isValid() && openFailed.elapsed() < kLockWaitAgainMs;
        if (store.open(homeDir, gitDir, error, failedLately ? 0 : kLockWaitMs)) {
            openFailed.invalidate();
            return true;
        }
        openFailed.start();
        return false;
    }
    // A sleeping container does not keep its repository locked: another Sandbench process may want it.
    void closeIfAsleep()
    {
        if (!awake)
            store.close();
    }
    void recordUse(const std::optional<QJsonObject> &policyJson, qint64 whenMs = 0)
    {
        unrecordedUseMs = 0;
        sinceRecord.start();
        ContainerRegistry registry(dataDir);
        std::optional<ContainerMeta> meta = registry.load(workspace, id, nullptr);
        if (!meta)
            return; // not a registered container (tests make bare ones): nothing to record
        const qint64 when = whenMs > 0 ? whenMs : QDateTime::currentMSecsSinceEpoch();
        // A container made a moment ago (the wake right after `exec` created it) already says all this: a
        // synced rewrite would only delay its first commit. The janitor counts days.
        if ((!policyJson || meta->policy == *policyJson) && when >= meta->lastUsedMs &&
            when - meta->lastUsedMs < kFreshUseMs)
            return;
        meta->lastUsedMs = qMax(meta->lastUsedMs, when);
        if (policyJson)
            meta->policy = *policyJson;
        registry.save(*meta, nullptr);
    }
    static bool writeTid(const QByteArray &tasksFile, long tid)
    {
        const int fd = ::open(tasksFile.constData(), O_WRONLY | O_CLOEXEC);
        if (fd < 0)
            return false;
        const QByteArray value = QByteArray::number(qint64(tid));
        const bool ok = ::write(fd, value.constData(), size_t(value.size())) == value.size();
        ::close(fd);
        return ok;
    }
    // cgroup v1 hierarchies of a task: controller list ("cpu,cpuacct") -> path.
    static QHash<QByteArray, QByteArray> v1Cgroups(const QString &procFile)
    {
        QHash<QByteArray, QByteArray> out;
        QFile f(procFile);
        if (!f.open(QIODevice::ReadOnly))
            return out;
        for (const QByteArray &line : f.read(64 * 1024).split('\n')) {
            const qsizetype a = line.indexOf(':');
            const qsizetype b = a < 0 ? -1 : line.indexOf(':', a + 1);
            if (b < 0 || line.left(a) == "0" || b == a + 1)
                continue; // v2 moves whole processes (threaded cgroups aside): not ours to move
            out.insert(line.mid(a + 1, b - a - 1), line.mid(b + 1));
        }
        return out;
    }
    // On the worker: run in the container's cpu (cpuacct, blkio) cgroups until uncharge(). Quietly nothing
    // where that is not possible.
    void charge()
    {
        QMutexLocker lock(&chargeMutex);
        if (cgroupPid <= 0 || !returnTo.isEmpty())
            return;
        workerTid = long(::syscall(SYS_gettid));
        const QHash<QByteArray, QByteArray> theirs = v1Cgroups(u"/proc/%1/cgroup"_s.arg(cgroupPid));
        const QHash<QByteArray, QByteArray> ours = v1Cgroups(u"/proc/thread-self/cgroup"_s);
        for (auto it = theirs.cbegin(); it != theirs.cend(); ++it) {
            const QByteArrayList controllers = it.key().split(',');
            if (!controllers.contains("cpu") && !controllers.contains("cpuacct") &&
                !controllers.contains("blkio"))
                continue;
            const QByteArray home = ours.value(it.key());
            if (home.isEmpty() || home == it.value())
                continue;
            const QByteArray mount = "/sys/fs/cgroup/" + it.key();
            if (writeTid(mount + it.value() + "/tasks", workerTid))
                returnTo.append(mount + home + "/tasks");
        }
    }
    void uncharge()
    {
        QMutexLocker lock(&chargeMutex);
        for (const QByteArray &tasks : std::as_const(returnTo))
            writeTid(tasks, workerTid);
        returnTo.clear();
    }
    // After a commit: meta.json is rewritten (and synced) at most every kRecordUseIntervalMs; sleep() writes
    // what is left.
    void noteUse()
    {
        if (!sinceRecord.isValid() || sinceRecord.elapsed() >= kRecordUseIntervalMs)
            recordUse(std::nullopt);
        else
            unrecordedUseMs = QDateTime::currentMSecsSinceEpoch();
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
    m_state->store.setCancelFlag(&m_state->cancelled);
    State *s = m_state.get();
    m_state->store.setHeavyWorkHook([s] { s->charge(); });
    m_pool.setMaxThreadCount(1);
}

ContainerHistory::~ContainerHistory()
{
    setCgroupProcess(-1);
    startDeferred();
    m_pool.waitForDone();
    m_state->dropSpares();
    m_state->watcher.stop();
    m_state->store.close();
}

void ContainerHistory::cancel()
{
    m_state->cancelled.store(true);
}

void ContainerHistory::waitForIdle()
{
    startDeferred();
    m_pool.waitForDone();
}

void ContainerHistory::start(std::function<void()> task, bool deferred)
{
    if (deferred) {
        if (m_deferred.isEmpty())
            QMetaObject::invokeMethod(this, &ContainerHistory::startDeferred, Qt::QueuedConnection);
        m_deferred.append(std::move(task));
        return;
    }
    startDeferred(); // what was asked for earlier runs earlier
    m_pool.start(std::move(task));
}

void ContainerHistory::startDeferred()
{
    for (std::function<void()> &task : std::exchange(m_deferred, {}))
        m_pool.start(std::move(task));
}

void ContainerHistory::setStorageBudget(qint64 bytes)
{
    std::shared_ptr<State> s = m_state;
    start([s, bytes] { s->store.setStorageBudget(bytes); });
}

void ContainerHistory::setCgroupProcess(qint64 pid)
{
    QMutexLocker lock(&m_state->chargeMutex);
    m_state->cgroupPid = pid;
    if (pid > 0)
        return;
    // The container is going: its cgroup must not hold our worker when it is removed.
    for (const QByteArray &tasks : std::as_const(m_state->returnTo))
        State::writeTid(tasks, m_state->workerTid);
    m_state->returnTo.clear();
}

void ContainerHistory::commandStarting(const QString &command, const QString &callId, int commandIndex)
{
    std::pair<QString, int> spare{QString(), -1};
    {
        QMutexLocker lock(&m_state->spareMutex);
        if (!m_state->spares.isEmpty())
            spare = m_state->spares.takeFirst();
    }
    // The next spare is made by this command's commit, on the worker (no thread is woken for it here).
    const QString marker =
        SnapshotStore::markCommandStarted(m_state->gitDir, command, spare.first, spare.second);
    if (!marker.isEmpty())
        m_markers.insert({callId, commandIndex}, marker);
}

void ContainerHistory::wake(const std::optional<QJsonObject> &policyJson)
{
    std::shared_ptr<State> s = m_state;
    m_awake = true;
    m_scanned = false;
    ++m_homeWrites;
    // A scan queued before the last sleep() may have set it after sleep() cleared it; no hint is trusted
    // until this wake's own scan has run.
    s->hintsReady.store(false, std::memory_order_release);
    start([s, policyJson] {
        QString error;
        s->awake = true;
        // Watch first, then scan (see scanHome): a change made in between is seen by both, never by neither.
        if (!s->watcher.start(s->homeDir, &error))
            qWarning("sandbench: not watching %s (%s); every save scans it", qPrintable(s->homeDir),
                     qPrintable(error));
        s->recordUse(policyJson);
        // What a crash left besides markers: spares, which name nothing. Then the first command's.
        s->dropSpares();
        SnapshotStore::dropSpareMarkers(s->gitDir);
        s->refillSpares();
    });
    // Markers no command of ours is running under are what a crash left: what home holds beyond the last
    // entry is recorded as its own entry before any command runs (one opendir when there are none).
    QStringList leftover = SnapshotStore::pendingMarkers(s->gitDir);
    for (const QString &mine : std::as_const(m_markers))
        leftover.removeAll(mine);
    if (leftover.isEmpty()) {
        // A container woken again: open and rescan now, on the worker while the sandbox boots and the first
        // command runs, so the first commit finds hints ready instead of waiting for the scan. A new one has
        // nothing to scan yet; its store is made at the first commit, not beside its cold start.
        if (QFileInfo::exists(s->gitDir + u"/HEAD"_s))
            scanHome();
        return;
    }
    m_scanned = true;
    write({}, -1, true, [leftover](State &st, QString *error) {
        std::optional<Snapshot> snap = st.store.recoverInterrupted(leftover, error);
        if (snap && st.watcher.isRunning())
            st.hintsReady.store(true, std::memory_order_release);
        return snap;
    });
}

void ContainerHistory::prepareStore()
{
    if (!m_awake)
        return;
    std::shared_ptr<State> s = m_state;
    start([s] {
        QString error;
        if (s->awake && !s->ensureOpen(&error))
            qWarning("sandbench: history of %s is not available: %s", qPrintable(s->id), qPrintable(error));
    });
}

void ContainerHistory::scanHome()
{
    // Opening the store (creating it for a new container) and rescanning home cost milliseconds of CPU; done
    // before the first commit rather than at wake, they do not compete with the sandbox's start and first
    // command. The first commit waits for them like for any scan.
    m_scanned = true;
    std::shared_ptr<State> s = m_state;
    start([s] {
        QString error;
        if (!s->ensureOpen(&error)) {
            qWarning("sandbench: history of %s is not available: %s", qPrintable(s->id), qPrintable(error));
            return;
        }
        const bool scanned = s->store.refresh(nullptr);
        s->uncharge();
        if (scanned && s->watcher.isRunning())
            s->hintsReady.store(true, std::memory_order_release);
    });
}

void ContainerHistory::sleep()
{
    std::shared_ptr<State> s = m_state;
    m_awake = false;
    s->hintsReady.store(false, std::memory_order_release);
    start([s] {
        // Again on the worker: a scan queued before this sleep ran in between and set it.
        s->hintsReady.store(false, std::memory_order_release);
        if (s->unrecordedUseMs > 0)
            s->recordUse(std::nullopt, s->unrecordedUseMs);
        s->awake = false;
        s->dropSpares();
        s->watcher.stop();
        if (s->store.isOpen())
            s->store.flush(nullptr);
        s->store.close();
    });
}

QFuture<HistoryResult<Snapshot>>
ContainerHistory::write(const QString &callId, int commandIndex, bool readsHome,
                        std::function<std::optional<Snapshot>(State &, QString *)> op,
                        std::function<void(State &)> before,
                        std::function<void(const HistoryResult<Snapshot> &)> done,
                        std::shared_ptr<bool> scanDone, bool deferStart)
{
    ++m_pendingWrites;
    if (readsHome) {
        ++m_pendingScans;
        ++m_homeWrites;
    }
    std::shared_ptr<State> s = m_state;
    QFuture<HistoryResult<Snapshot>> future = runInOrder<HistoryResult<Snapshot>>(
        [this, deferStart](std::function<void()> task) { start(std::move(task), deferStart); },
        [s, op, before] {
            HistoryResult<Snapshot> r;
            if (before)
                before(*s);
            if (s->ensureOpen(&r.error))
                r.value = op(*s, &r.error);
            s->uncharge();
            s->closeIfAsleep();
            if (r.value)
                s->noteUse();
            return r;
        });
    // A watcher, not then(): a Qt 6.4 future holds a single continuation, so a caller's then() on the
    // returned future would silently replace this bookkeeping. Callers may also block on the future itself.
    auto *watcher = new QFutureWatcher<HistoryResult<Snapshot>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this,
            [this, watcher, callId, commandIndex, readsHome, done, scanDone] {
                watcher->deleteLater();
                const HistoryResult<Snapshot> r = watcher->result();
                --m_pendingWrites;
                if (readsHome)
                    ++m_homeWrites; // what it wrote is in home by now
                const bool releasedNow = readsHome && !(scanDone && *scanDone);
                if (scanDone)
                    *scanDone = true;
                if (releasedNow)
                    --m_pendingScans;
                if (r.value) {
                    if (!r.value->commitId.isEmpty()) // a recovery that found nothing to record
                        Q_EMIT saved(callId, commandIndex, *r.value);
                } else
                    Q_EMIT saveFailed(callId, commandIndex, r.error);
                if (done)
                    done(r);
                if (releasedNow && m_pendingScans == 0)
                    Q_EMIT settled();
                if (m_pendingWrites == 0)
                    Q_EMIT idle();
            });
    watcher->setFuture(future);
    return future;
}

void ContainerHistory::releaseScan(const std::shared_ptr<bool> &scanDone)
{
    if (*scanDone)
        return; // the write finished first
    *scanDone = true;
    if (--m_pendingScans == 0)
        Q_EMIT settled();
}

QFuture<HistoryResult<Snapshot>> ContainerHistory::commit(const QString &command, const CommandMeta &meta,
                                                          const QString &callId, int commandIndex)
{
    // Decided here, when the command has just ended, not when the worker gets to it: by then the next
    // command may be writing. A quiet watcher means this command changed nothing, so its commit is empty
    // and never looks at home (the store is open and rescanned while hintsReady holds, so it has no full
    // scan pending). Anything else is found by the worker from the hint and the files as they are, so the
    // next command waits for it.
    const bool quiet =
        m_scanned && m_state->hintsReady.load(std::memory_order_acquire) && m_state->watcher.isQuiet();
    if (!quiet)
        ++m_changingCommits;
    if (m_awake && !m_scanned)
        scanHome();
    CommandMeta withMarker = meta;
    withMarker.pendingMarker = m_markers.take({callId, commandIndex});
    // Touched only on this object's thread (the hook below queues to it).
    auto scanDone = std::make_shared<bool>(false);
    QPointer<ContainerHistory> self(this);
    auto captured = [self, scanDone] {
        QMetaObject::invokeMethod(
            self.data(),
            [self, scanDone] {
                if (self)
                    self->releaseScan(scanDone);
            },
            Qt::QueuedConnection);
    };
    return write(
        callId, commandIndex, !quiet,
        [command, meta = withMarker, quiet, captured](State &s, QString *error) {
            // Without a watcher (degraded, or a save after sleep) the store scans everything.
            const ChangeHint hint = quiet                   ? ChangeHint::onlyPaths({})
                                    : s.watcher.isRunning() ? s.watcher.takeHint()
                                                            : ChangeHint::anything();
            s.store.setCapturedHook(quiet ? std::function<void()>() : captured);
            // The marker is this task's to remove once the entry is written: it is reused as the next
            // commands' marker (no file made or deleted per command).
            CommandMeta forStore = meta;
            forStore.pendingMarker.clear();
            std::optional<Snapshot> snap = s.store.commitCommand(command, forStore, hint, error);
            s.store.setCapturedHook({});
            if (snap && !meta.pendingMarker.isEmpty())
                s.recycle(meta.pendingMarker);
            if (s.awake)
                s.refillSpares();
            return snap;
        },
        {}, {}, quiet ? std::shared_ptr<bool>() : scanDone, quiet);
}

QFuture<ImportResult> ContainerHistory::importFile(const QString &source, qint64 maxBytes,
                                                   const QString &name, ImportSource kind)
{
    // The copy into home is the caller's result as soon as the store has captured it (a large file copied
    // aside): from then on commands may run and read it, and nothing they do changes the upload's entry,
    // which is hashed and written afterwards. A failure before that point is the result's historyError; a
    // later one is saveFailed() (the container's historyError()).
    struct Pending
    {
        ImportResult imported;
        QPromise<ImportResult> promise;
        std::atomic<bool> resolved{false};
        void resolve(const QString &historyError)
        {
            if (resolved.exchange(true))
                return;
            ImportResult result = imported;
            result.origin.reset(); // the history's own: the source is closed once the entry is stored
            if (result.ok)
                result.historyError = historyError;
            promise.addResult(result);
            promise.finish();
        }
    };
    auto pending = std::make_shared<Pending>();
    pending->promise.start();
    QFuture<ImportResult> future = pending->promise.future();
    auto scanDone = std::make_shared<bool>(false);
    QPointer<ContainerHistory> self(this);
    auto captured = [self, scanDone, pending] {
        pending->resolve({});
        QMetaObject::invokeMethod(
            self.data(),
            [self, scanDone] {
                if (self)
                    self->releaseScan(scanDone);
            },
            Qt::QueuedConnection);
    };
    write(
        {}, -1, true,
        [pending, captured](State &s, QString *error) -> std::optional<Snapshot> {
            if (!pending->imported.ok)
                return Snapshot{}; // nothing was copied, nothing to record
            s.store.setCapturedHook(captured);
            // Stored from the person's file once commands may run (see SnapshotStore::commitUpload).
            std::optional<Snapshot> snap =
                s.store.commitUpload(pending->imported.fileName, error, std::move(pending->imported.origin));
            s.store.setCapturedHook({});
            return snap;
        },
        [pending, source, maxBytes, name, kind](State &s) {
            pending->imported = FileImport::run(source, s.homeDir, maxBytes, name, kind);
            // Before any command may run: the file as it arrived is the user's (OpenAI's "source").
            if (pending->imported.ok)
                s.recordUpload(pending->imported.fileName);
            // A spool moved into home is complete there and the history's copy is made from it before any
            // command may run (no origin): the caller need not wait for that copy.
            if (pending->imported.moved)
                pending->resolve({});
        },
        [pending](const HistoryResult<Snapshot> &r) { pending->resolve(r ? QString() : r.error); }, scanDone);
    return future;
}

QFuture<HistoryResult<Snapshot>> ContainerHistory::commitUpload(const QString &fileName)
{
    return write({}, -1, true, [fileName](State &s, QString *error) {
        s.recordUpload(fileName);
        return s.store.commitUpload(fileName, error);
    });
}

QFuture<HistoryResult<Snapshot>> ContainerHistory::restoreFile(const QString &path, const QString &commitId)
{
    return write({}, -1, true, [path, commitId](State &s, QString *error) {
        return s.store.restoreFile(path, commitId, error);
    });
}

QFuture<HistoryResult<Snapshot>> ContainerHistory::restoreWorkspace(const QString &commitId)
{
    return write({}, -1, true,
                 [commitId](State &s, QString *error) { return s.store.restoreWorkspace(commitId, error); });
}

template<typename T>
QFuture<HistoryResult<T>>
ContainerHistory::read(std::function<std::optional<T>(SnapshotStore &, QString *)> op)
{
    std::shared_ptr<State> s = m_state;
    return runInOrder<HistoryResult<T>>([this](std::function<void()> task) { start(std::move(task)); },
                                        [s, op] {
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
