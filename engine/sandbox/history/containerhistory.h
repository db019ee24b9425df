// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fileimport.h"
#include "snapshotstore.h"

#include <QFuture>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPair>
#include <QString>
#include <QThreadPool>

#include <functional>
#include <memory>
#include <optional>

// A value or the reason there is none; what every history request resolves to.
template<typename T>
struct HistoryResult
{
    std::optional<T> value;
    QString error;

    explicit operator bool() const { return value.has_value(); }
};

// One container's SnapshotStore and ChangeWatcher, driven from the container's thread but worked on a
// private single-thread pool: store operations never block the event loop and never overlap (one commit
// of a container at a time, in the order they were asked for).
class ContainerHistory final : public QObject
{
    Q_OBJECT
public:
    // dataDir/workspace/id locate the container's meta.json, which commits touch (last use for the janitor).
    ContainerHistory(const QString &homeDir, const QString &gitDir, const QString &dataDir,
                     const QString &workspace, const QString &id, QObject *parent = nullptr);
    // Waits for queued work (the last command's commit is saved when the engine exits), then closes the
    // store.
    ~ContainerHistory() override;
    // The container is going away for good (removed): the running operation stops (a large file within a
    // MiB; the repository stays valid and the command's marker stays), and queued work is dropped.
    void cancel();

    // The container starts: start watching home and record the use, with policyJson written into the meta
    // when given. The store is opened and home rescanned (after the watch started, so nothing a command
    // writes can slip between the scan and the watch) just before the first commit.
    void wake(const std::optional<QJsonObject> &policyJson = std::nullopt);
    // Opens (for a new container: creates) the store now, after wake(), instead of before the first commit.
    // That reads nothing of home, so it may run beside the first command; a one-shot `sandbench exec`,
    // which waits for that commit, asks for it so the store is made while the sandbox boots.
    void prepareStore();
    // The container stopped: write the stat cache, stop watching and release the store's lock.
    void sleep();

    // Bytes home and its history may use together (SandboxSettings limits.storageBytes); see SnapshotStore.
    void setStorageBudget(qint64 bytes);
    // The container's launcher (in its cgroup), or -1 when it is not running: heavy history work of this
    // container runs in that cgroup's cpu controller where the kernel allows moving one thread (cgroup v1),
    // so the container pays for it. Clearing it moves the worker back at once, before the cgroup goes away.
    void setCgroupProcess(qint64 pid);
    // A command is about to run: leaves a marker naming it until its commit is written (see
    // SnapshotStore::markCommandStarted), so a crash in between is recorded as what it was.
    void commandStarting(const QString &command, const QString &callId, int commandIndex);

    // Saves what the command changed as one commit; the result arrives in saved() (and the future). Call it
    // as soon as the command has ended: when the watcher saw no change by then, the commit is empty and
    // reads nothing under home, so it does not hold up the next command (see isSettled()). Otherwise the
    // next command waits until the changed files are captured (large ones copied aside), not until they
    // are hashed and stored (SnapshotStore::setCapturedHook).
    QFuture<HistoryResult<Snapshot>> commit(const QString &command, const CommandMeta &meta,
                                            const QString &callId, int commandIndex);

    // A person's file goes into home as an upload entry of its own (see SnapshotStore::commitUpload): copied
    // (FileImport::run) and recorded in one step on the store's thread, in order with the commits. No
    // command starts until the copy is captured (isSettled() is false), so no command's entry holds any of
    // it and the upload's entry holds exactly the upload. The future is ready then: the file is usable while
    // a large one is still hashed and stored. The copy stays when recording fails; ImportResult::
    // historyError says why when it failed before the capture, saveFailed() otherwise. saved() reports the
    // entry.
    // name: the file's name in home (FileImport::run); empty: the source's own. kind: see ImportSource (a
    // spool is moved into home rather than copied where it can be).
    QFuture<ImportResult> importFile(const QString &source, qint64 maxBytes, const QString &name = {},
                                     ImportSource kind = ImportSource::PersonsFile);
    // Records fileName, a file already put into home (e.g. with FileImport::run), as an upload entry.
    QFuture<HistoryResult<Snapshot>> commitUpload(const QString &fileName);

    QFuture<HistoryResult<QList<HistoryEntry>>> history(int limit = -1);
    QFuture<HistoryResult<QList<FileChange>>> changes(const QString &commitId);
    QFuture<HistoryResult<FileDiff>> fileDiff(const QString &path, const QString &fromCommit,
                                              const QString &toCommit);
    QFuture<HistoryResult<Snapshot>> restoreFile(const QString &path, const QString &commitId);
    QFuture<HistoryResult<Snapshot>> restoreWorkspace(const QString &commitId);

    // Commits asked for so far of commands that may have changed home (the watcher saw something, or could
    // not tell). While it stays the same, no command's commit found anything to look at: a caller can tell
    // that the commands it ran changed no file without reading home.
    quint64 changingCommits() const { return m_changingCommits; }
    // Counts what may have changed home as this history knows it: a changing commit, an upload or a restore
    // (each when asked for and again when done) and every wake (the host's files may have been edited while
    // the container slept). While it stays the same, home holds what it held when it was last read, so a
    // listing taken then may stand in for a new one.
    quint64 homeWrites() const { return m_homeWrites; }
    // Commits and restores asked for whose result has not been delivered yet.
    int pendingWrites() const { return m_pendingWrites; }
    // True when no pending write still has to look at home (a commit that reads files, a restore): the next
    // command may start now and its changes cannot end up in an earlier commit. settled() follows a false.
    bool isSettled() const { return m_pendingScans == 0; }
    // Blocks until the pool is idle; for tests, benchmarks and shutdown only.
    void waitForIdle();

Q_SIGNALS:
    // A command's commit is done (callId empty and commandIndex -1 for a restore or an upload).
    void saved(const QString &callId, int commandIndex, const Snapshot &snapshot);
    void saveFailed(const QString &callId, int commandIndex, const QString &error);
    // pendingWrites() dropped to zero.
    void idle();
    // isSettled() became true.
    void settled();

private:
    struct State;
    template<typename T>
    QFuture<HistoryResult<T>> read(std::function<std::optional<T>(SnapshotStore &, QString *)> op);
    // readsHome: op looks at (or writes) files under home, so no command may run until it is done.
    // before runs first, even when the store cannot be opened; done gets the result on this object's thread
    // once the bookkeeping is done.
    QFuture<HistoryResult<Snapshot>> write(const QString &callId, int commandIndex, bool readsHome,
                                           std::function<std::optional<Snapshot>(State &, QString *)> op,
                                           std::function<void(State &)> before = {},
                                           std::function<void(const HistoryResult<Snapshot> &)> done = {},
                                           std::shared_ptr<bool> scanDone = {}, bool deferStart = false);
    // Every task goes to the worker through here, in the order asked for. A deferred one starts when control
    // is back in the event loop (or before the next task, or a wait, whichever is first): a quiet command's
    // commit then does not compete for a core with whatever its command's end still runs on this thread
    // (the answer to the caller).
    void start(std::function<void()> task, bool deferred = false);
    void startDeferred();
    // The op of a write that reads home has captured it (*scanDone): the next command may start.
    void releaseScan(const std::shared_ptr<bool> &scanDone);

    void scanHome();

    std::shared_ptr<State> m_state;
    QThreadPool m_pool;
    QList<std::function<void()>> m_deferred; // tasks for the worker once control is back in the event loop
    bool m_awake = false;                    // between wake() and sleep()
    bool m_scanned = false;                  // scanHome() queued since the last wake()
    int m_pendingWrites = 0;
    quint64 m_changingCommits = 0;
    quint64 m_homeWrites = 0;
    int m_pendingScans = 0;
    QHash<QPair<QString, int>, QString> m_markers; // (callId, commandIndex) -> marker
};
