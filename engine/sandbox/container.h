// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "history/containerhistory.h"
#include "initprocess.h"
#include "net/egressproxy.h"
#include "net/networkpolicy.h"
#include "sandboxsettings.h"
#include "tools/shellaction.h"

#include <QByteArray>
#include <QFutureWatcher>
#include <QList>
#include <QMap>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QStringList>
#include <QTimer>

#include <algorithm>
#include <functional>
#include <optional>

class QSocketNotifier;
#include "shellcall.h"

// One sandbox: a sandbench-init process (PID 1 of its namespaces) driven over a control socket; runs the
// shell calls given to it one after another.
class Container : public QObject
{
    Q_OBJECT
public:
    enum class State { Stopped, Starting, Running, Failed };
    Q_ENUM(State)

    Container(const QString &id, const SandboxSettings &settings, QObject *parent = nullptr);
    ~Container() override;

    QString id() const { return m_id; }
    State state() const { return m_state; }
    QString errorString() const { return m_error; }
    // What init reported as enforced (READY "key=value" lines), e.g. "cgroup" -> "v1".
    QMap<QString, QString> enforcement() const { return m_enforcement; }
    const SandboxSettings &settings() const { return m_settings; }
    QString homeDir() const;
    qint64 initPid() const { return m_pid; }
    // Whether init has handed us a prepared command process the next command goes to (SB_MSG_SPARE).
    bool hasPreparedCommand() const { return m_spareFd >= 0; }
    // Whether that is a shell spare: bash itself runs already and waits for the command's text.
    bool hasReadyShell() const { return m_spareFd >= 0 && m_spareStdout >= 0; }
    // True while a call runs or waits.
    bool isBusy() const { return m_current || !m_queue.isEmpty(); }

    // True while init runs (starting or running): the next run() needs no start.
    bool isAwake() const { return m_state == State::Starting || m_state == State::Running; }
    // Whether the last run() had to start the container (new, sleeping, or after a restart of the
    // program): such a request pays the cold-start minimum (SPEC 1.7).
    bool lastStartWasCold() const { return m_lastRunWasCold; }
    // A new container handed out already started (ContainerManager's Python ahead): true once, for the first
    // command's charge, which is a new container's (SPEC 1.7) all the same.
    void setStartedAhead() { m_startedAhead = true; }
    bool takeStartedAhead() { return std::exchange(m_startedAhead, false); }

    // The egress policy is fixed for the container's life once it first started (SPEC 1.5): set it before.
    // Returns false (and leaves the policy) when it is fixed and policy differs.
    bool setNetworkPolicy(const NetworkPolicy &policy);
    NetworkPolicy networkPolicy() const { return m_policy; }
    // Sets the policy and fixes it now (a container loaded from disk keeps the one it was created with).
    void fixNetworkPolicy(const NetworkPolicy &policy);
    bool isNetworkPolicyFixed() const { return m_policyFixed; }
    // Replaces the fixed policy (a person allowed a host while it runs, ContainerManager::allowHost). A
    // running sandbox cannot change its policy, so an awake container restarts with its files and the new
    // policy: at once when no call runs, else as soon as the running call ends (calls queued meanwhile wait
    // for the restart). networkPolicyReplaced() says when it took effect.
    void replaceNetworkPolicy(const NetworkPolicy &policy);
    // A replaced policy waiting for the running call to end.
    bool hasPendingNetworkPolicy() const { return m_pendingPolicy.has_value(); }
    // The pending policy, else the current one.
    NetworkPolicy nextNetworkPolicy() const { return m_pendingPolicy.value_or(m_policy); }
    // Test hook passed to the egress proxy: names resolved without DNS (see EgressProxy::setHostMap).
    void setEgressHostMap(const QHash<QString, QHostAddress> &map) { m_hostMap = map; }

    // The image the container runs on (ImageStore; empty id: the host's /usr). Like the network policy it is
    // fixed once the container first starts (kept in meta.json); setImage returns false when it is fixed
    // and differs.
    bool setImage(const QString &name, const QString &id);
    void fixImage(const QString &name, const QString &id);
    QString imageName() const { return m_imageName; }
    QString imageId() const { return m_imageId; }
    bool isImageFixed() const { return m_imageFixed; }

    // Takes launchers started ahead of need from pool (may be null); see StandbyPool.
    void setStandbyPool(StandbyPool *pool) { m_standby = pool; }

    // Starts init; returns false when it could not even be spawned (failed() follows, queued).
    bool start();
    // Ends every process of the container (init exits when its control socket closes); files stay.
    void stop();
    // Queues the action; it runs once the container is up and earlier calls are done. Starts a stopped
    // container. extraEnv holds "KEY=VALUE" entries added to init's default environment.
    ShellCall *run(const ShellAction &action, const QStringList &extraEnv = {});
    // SIGKILLs what is left of command commandId (ShellCall::lastCommandId): the processes it left running in
    // its namespace, such as the Python kernel's bridge (PythonKernel). False when the container is not up.
    bool killCommand(quint32 commandId) { return commandId != 0 && sendKill(commandId); }

    // The clock that idle time is measured with (monotonic ms); tests inject their own.
    void setClock(std::function<qint64()> nowMs);
    // When the last command started or ended (or the container started), on that clock.
    qint64 lastActivityMs() const { return m_lastActivityMs; }
    // How long the container may stay idle before it sleeps (ContainerManager::checkIdle); 0: never. Each
    // run sets it from its caller's SessionLimits (hosted: 5 minutes).
    qint64 idleSleepMs() const { return m_idleSleepMs; }
    void setIdleSleepMs(qint64 ms) { m_idleSleepMs = std::max<qint64>(0, ms); }

    // How often the storage watchdog measures home + history.git (StorageUsage) while anything of a command
    // runs: the command itself or what it left running in the background (nohup, &, setsid).
    static constexpr int StorageCheckMs = 500;
    // A hidden warm container (ContainerManager keeps one with its Python kernel started ahead) runs only
    // its own kernel: no storage watch polls it until it is handed out.
    void setStorageWatchPaused(bool paused);
    // Commands whose processes may still run: sent and not yet reported REAPED (their PID namespace is not
    // empty). Background processes keep a finished command here until they end or the container sleeps.
    int liveCommandCount() const { return int(m_liveCommands.size()); }

    // History of the files under home: one commit per command (see ContainerHistory). Queries work whether
    // the container is awake or asleep; results arrive through the futures.
    ContainerHistory *historyStore() const { return m_history; }
    QFuture<HistoryResult<QList<HistoryEntry>>> history(int limit = -1) { return m_history->history(limit); }
    QFuture<HistoryResult<QList<FileChange>>> changes(const QString &commitId)
    {
        return m_history->changes(commitId);
    }
    // fromCommit empty: the parent of toCommit.
    QFuture<HistoryResult<FileDiff>> fileDiff(const QString &path, const QString &fromCommit,
                                              const QString &toCommit)
    {
        return m_history->fileDiff(path, fromCommit, toCommit);
    }
    // A person's file into home, recorded as an upload entry of its own (see ContainerHistory::importFile);
    // commands queued meanwhile wait for it. filesChanged(-1, ...) reports the entry.
    QFuture<ImportResult> importFile(const QString &source, qint64 maxBytes, const QString &name = {},
                                     ImportSource kind = ImportSource::PersonsFile)
    {
        return m_history->importFile(source, maxBytes, name, kind);
    }
    // Records fileName, already copied into home (FileImport::run), as an upload entry.
    QFuture<HistoryResult<Snapshot>> recordUpload(const QString &fileName)
    {
        return m_history->commitUpload(fileName);
    }
    // Refused while a call runs or waits; commands queued meanwhile wait for the restore. The restored files
    // belong to the sandbox user. filesChanged(-1, ...) reports what changed.
    QFuture<HistoryResult<Snapshot>> restoreFile(const QString &path, const QString &commitId);
    QFuture<HistoryResult<Snapshot>> restoreWorkspace(const QString &commitId);

Q_SIGNALS:
    void started();
    void failed(const QString &error);
    void stopped();
    void stateChanged(Container::State state);
    // Every connection a command made or tried through the egress proxy.
    void egressEvent(const EgressEvent &event);
    // replaceNetworkPolicy() took effect; restarted: the sandbox was awake and restarted for it.
    void networkPolicyReplaced(const NetworkPolicy &policy, bool restarted);
    // A command's changes under home were saved as commit commitId (after its ShellCall::commandFinished,
    // possibly after the call's finished()). commandIndex is the command's index in call callId; -1 and an
    // empty callId for a restore.
    void filesChanged(int commandIndex, const QList<FileChange> &changes, const QString &callId,
                      const QString &commitId);
    // Saving history failed (the commands themselves ran).
    void historyError(const QString &message);
    // The storage watchdog ended processes a command left running; message says why (also in init.log and
    // in the stderr of the next command to finish).
    void backgroundStopped(const QString &message);

private:
    friend class ShellCall;

    // Used by ShellCall. *startedPid is set (>= 0) when the command went straight to a prepared command
    // process (SB_MSG_SPARE): it runs already, and no STARTED will come for it.
    quint32 sendExec(const QByteArray &payload, int stdoutFd, int stderrFd, QString *error,
                     qint32 *startedPid);
    // Sends the EXEC packet to the spare init handed us, if any; false when there is none or it is gone.
    bool sendToSpare(const QByteArray &packet, int stdoutFd, int stderrFd);
    // tellInit: a shell spare let go unused is named to init (SB_MSG_EXEC_SPARE of id 0), which frees it.
    void dropSpare(bool tellInit = true);
    // Sends the command to the shell spare init handed us (SB_MSG_SPARE with output pipes) when it was
    // started with this payload's environment; returns the command id with *stdoutFd/*stderrFd (the read
    // ends of its output, ours now) and *startedPid, or 0 when there is none to use: then sendExec.
    quint32 sendToReadyShell(const QByteArray &payload, int *stdoutFd, int *stderrFd, qint32 *startedPid);
    // Tells init which command went to the spare sparePid (SB_MSG_EXEC_SPARE) and books it as running.
    bool noteSpareExec(quint32 id, qint32 sparePid, const QByteArray &env, QString *error);
    bool sendKill(quint32 commandId);
    void callFinished(ShellCall *call);
    void forgetCall(ShellCall *call);
    // A command is about to run: mark it, so a crash before its commit is recorded as its interruption.
    void commandStarting(ShellCall *call, int index);
    // A command ended: queue its commit.
    void commandCompleted(ShellCall *call, int index, const CommandResult &result);
    // Runs fn once no queued commit or restore still reads files under home (at once when none does),
    // unless context died: the next command may then start (see ContainerHistory::isSettled()).
    void afterHistorySettled(QObject *context, std::function<void()> fn);
    void onHistorySettled();
    QFuture<HistoryResult<Snapshot>> refuseWhileBusy();
    // The storage watchdog (see StorageCheckMs).
    void updateStorageWatch();
    void checkStorage();
    void onStorageMeasured(qint64 homeBytes, qint64 gitBytes, quint64 gitGeneration);
    // Why background processes were stopped, once, for the next command's result.
    QString takeBackgroundNote() { return std::exchange(m_backgroundNote, {}); }
    void appendToInitLog(const QString &line) const;

    void setState(State state);
    void onControlReadable();
    void onInitExited();
    void handleMessage(quint32 type, quint32 id, qint32 value, const QByteArray &payload);
    void startNext();
    void scheduleNext();
    // Applies m_pendingPolicy when no call runs; true when it did.
    bool applyPendingPolicy();
    // Closes the control socket and hands init to a reaper; ends the current call with reason.
    void shutDown(const QString &reason, bool failed);
    QString initLogTail() const;

    QString m_id;
    SandboxSettings m_settings;
    State m_state = State::Stopped;
    QString m_error;
    QMap<QString, QString> m_enforcement;
    int m_fd = -1;
    qint64 m_pid = -1;
    QSocketNotifier *m_notifier = nullptr;
    int m_pidfd = -1;   // watches the launcher itself: its namespace may outlive it while holding the socket
    int m_spareFd = -1; // a prepared command process's socket (SB_MSG_SPARE), or -1
    qint32 m_sparePid = 0; // its reaper, in the container's pid namespace
    // A shell spare's output pipes (read ends) and the environment its bash started with; -1 for a plain one.
    int m_spareStdout = -1;
    int m_spareStderr = -1;
    QByteArray m_spareEnv;
    // Started from a standby launcher without a proxy: its PID 1 hands a shell started before CONFIG ahead of
    // READY, so the first command waits for READY instead of going right behind CONFIG.
    bool m_firstShellComing = false;
    QSocketNotifier *m_exitNotifier = nullptr;
    QTimer m_startTimer;
    QByteArray m_recvBuffer;
    quint32 m_nextCommandId = 1;
    QPointer<ShellCall> m_current;
    QList<QPointer<ShellCall>> m_queue;
    bool m_nextScheduled = false;
    QPointer<StandbyPool> m_standby;
    NetworkPolicy m_policy = NetworkPolicy::disabled();
    QHash<QString, QHostAddress> m_hostMap;
    EgressProxy *m_proxy = nullptr;
    bool m_policyFixed = false;
    QString m_imageName;
    QString m_imageId;
    bool m_imageFixed = false;
    std::optional<NetworkPolicy> m_pendingPolicy;
    bool m_lastRunWasCold = false;
    std::function<qint64()> m_nowMs;
    qint64 m_lastActivityMs = 0;
    qint64 m_idleSleepMs = SessionLimits::HostedIdleSleepMs;
    ContainerHistory *m_history = nullptr;
    QList<std::pair<QPointer<QObject>, std::function<void()>>> m_afterSave;
    QSet<quint32> m_liveCommands;
    QTimer m_storageTimer;
    QFutureWatcher<std::pair<qint64, qint64>> *m_storageWatcher = nullptr;
    qint64 m_gitBytes = -1;      // history.git's size when last measured; -1: measure again
    quint64 m_gitGeneration = 0; // bumped whenever history may have changed on disk
    QString m_backgroundNote;
    bool m_storageWatchPaused = false;
    bool m_startedAhead = false;
};
