// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "history/containerregistry.h"
#include "history/meter.h"
#include "history/sessionidentity.h"
#include "net/networkpolicy.h"
#include "sandboxsettings.h"

#include <QFuture>
#include <QHash>
#include <QList>
#include <QObject>
#include <QTimer>

#include <functional>
#include <memory>
#include <optional>

class Container;
class Janitor;
class StandbyPool;
struct InitProcess;

// Owns the containers of one workspace across restarts: loads them from the registry, chooses the container
// of a request (SPEC 1.4), creates and removes them, puts idle ones to sleep and runs the 30-day janitor.
class ContainerManager : public QObject
{
    Q_OBJECT
public:
    // A container with no command for this long sleeps (SPEC 1.4); only a workspace's long sessions
    // (SessionLimits) change it, for their own containers (Container::idleSleepMs).
    static constexpr qint64 kIdleSleepMs = SessionLimits::HostedIdleSleepMs;

    // Opens the workspace (its containers stay in the registry until something asks for one: find(),
    // chooseContainer(), list() make their Container objects, all stopped) and sweeps stale cgroups of a
    // killed predecessor.
    explicit ContainerManager(const SandboxSettings &settings, QObject *parent = nullptr);
    ~ContainerManager() override;

    const SandboxSettings &settings() const { return m_settings; }
    ContainerRegistry *registry() { return &m_registry; }
    // The workspace's session -> container map; use this one instance per workspace and process.
    SessionIdentity *sessions() { return m_identity.get(); }
    // Per-request sandbox-time charges (SPEC 1.7); callers begin/commandStarted/finish per request.
    Meter *meter() { return m_meter.get(); }

    // A new container with a fresh "sess_" id; not started until its first run(). Its network policy can be
    // set until it first starts; create(policy) fixes it at once. When the hidden container Python was
    // started ahead in (keepPythonAhead) can serve it, that one is handed out instead, awake: create() when
    // the workspace's network policy for new containers (WorkspacePolicy) is its own (no network),
    // create(policy) for that policy, and either only while the workspace's image is the one it runs on.
    Container *create(QString *error = nullptr);
    Container *create(const NetworkPolicy &policy, QString *error);
    // The container with this id in this workspace, its object made on first use; nullptr when there is none.
    Container *find(const QString &id);
    // The container with this id, created when missing; nullptr and an error when the id is invalid.
    Container *findOrCreate(const QString &id, QString *error = nullptr);
    // SPEC 1.4: a non-empty containerReference (validated, never truncated) must name a container of this
    // workspace; otherwise the session id rules of SessionIdentity::choose apply (replayedContainerId: the
    // most recent container id of the replayed conversation). policy nullopt: the container's own (disabled
    // for a new one); a policy different from an existing container's is refused. *created tells whether it
    // is new. image: the one the request names (nullopt: the workspace's); a new container is the hidden one
    // Python was started ahead in when its policy and image are these (see create()).
    Container *chooseContainer(const QString &rawSessionId, const QString &containerReference,
                               const QString &replayedContainerId, const std::optional<NetworkPolicy> &policy,
                               QString *error, bool *created = nullptr,
                               const std::optional<QString> &image = std::nullopt);
    // Adds host to the container's network policy (NetworkPolicy::withHost), saves it and restarts the
    // container with its files and the new policy (Container::replaceNetworkPolicy: after its running call).
    // Returns the new policy; nullopt and *error for an unknown container or a host that cannot be added.
    // *changed is false when the policy already allowed host.
    std::optional<NetworkPolicy> allowHost(const QString &id, const QString &host, QString *error,
                                           bool *changed = nullptr);
    // allowHost for several hosts at once: all of them or none (the first that cannot be added is named in
    // *error), and one restart at most.
    std::optional<NetworkPolicy> allowHosts(const QString &id, const QStringList &hosts, QString *error,
                                            bool *changed = nullptr);
    // Every container of the workspace (makes the objects not made yet).
    QList<Container *> list();
    // The containers whose objects are made (awake ones among them); the others are asleep on disk.
    QList<Container *> loaded() const { return m_containers.values(); }
    // Stops the container and deletes its files, history and session bindings.
    bool remove(const QString &id, QString *error = nullptr);
    // remove() for a GUI: the container is stopped, moved aside and forgotten at once (a new request naming
    // it finds nothing), its files are deleted on a worker thread. The future holds the error, empty when the
    // files are gone.
    QFuture<QString> removeInBackground(const QString &id);
    // Stops every container, and deletes the hidden one Python was started ahead in (see keepPythonAhead).
    void stopAll();
    // Keeps a sandbox launcher started ahead of need so new containers start faster (see StandbyPool).
    // For long-lived hosts; one-shot commands leave it off.
    void setPrewarm(bool enabled);
    // A launcher started with InitSpawner::spawnStandby before this manager was made: the next container to
    // start takes it (see StandbyPool::adopt).
    void adoptLauncher(const InitProcess &process);

    // Python started ahead: once the workspace used Python (PythonKernel::startAhead calls this; remembered
    // in the workspace's python-used file, so a later engine with prewarm keeps one from the start), and
    // while prewarm is on and its python_ahead setting (WorkspaceSettings) allows, one hidden container with
    // the defaults (no network, the workspace's image and limits) runs with its kernel started, its memory
    // charged to its own cgroup. The next create() or chooseContainer() it can serve hands it out under the
    // id it was minted with; another is started WarmReplenishDelayMs later. While hidden it is no container
    // of the workspace: no meta.json (so list(), find(), the janitor, the API, MCP and the window never see
    // it), never put to sleep, no storage watch, no timer but its renewal after MaxWarmAgeMs (it holds a
    // copy of the host's mount table, like a spare launcher). It is replaced when it dies, and stopped and
    // deleted with its files with the manager; one a killed engine left is deleted by the next manager.
    void keepPythonAhead();
    // Reads the python_ahead setting again: off drops the hidden container, on starts one if Python was used.
    void reloadPythonAheadSetting();
    // The hidden container, for tests and benchmarks only (never list or show it); nullptr when none.
    Container *hiddenPythonContainer() const { return m_warm; }
    // None is kept any more: the workspace's image has no ipykernel, or MaxWarmFailures in a row died.
    // Switching the setting (reloadPythonAheadSetting) or prewarm tries again.
    bool pythonAheadGaveUp() const { return m_warmGaveUp; }
    static constexpr int WarmReplenishDelayMs = 2000;
    static constexpr int MaxWarmAgeMs = 10 * 60 * 1000;
    static constexpr int MaxWarmFailures = 5;
    // The file in a hidden container's directory naming the engine process that keeps it.
    static QString warmMarkerName() { return QStringLiteral("python-ahead.pid"); }
    // The workspace's file saying it ran Python (see keepPythonAhead).
    QString pythonUsedMarker() const;

    // Monotonic ms for idle tracking (tests inject a clock and call checkIdle()).
    void setClock(std::function<qint64()> nowMs);
    // Puts every awake container idle for its idleSleepMs() to sleep; runs from a timer every 30 s.
    void checkIdle();
    // Wall-clock ms since the epoch for the janitor's 30 days (tests inject).
    void setWallClock(std::function<qint64()> nowMs);
    // Runs the janitor now (synchronously); returns the ids it deleted from this workspace. The janitor
    // sweeps every workspace and keeps what any manager of this process has in use (all live on one thread).
    QStringList sweepExpired();

    // 1-40 characters of [A-Za-z0-9_-].
    static bool isValidId(const QString &id);
    static QString newId();
    // Removes leftover container cgroups (sandbench/<id>-<pid>, standby-<pid> under cgroupParents()) whose
    // launcher is gone (exited, or a zombie nobody reaps), as a SIGKILL of a launcher leaves them; kills what
    // is still inside first. Runs whenever a manager starts (the GUI, `serve`, `exec`). Best effort; returns
    // how many were removed.
    static int cleanStaleCgroups();
    // The directories under which this process's sandbench-init launchers make their cgroups: "sandbench" in
    // our own cgroup of each hierarchy (v2, or v1's memory, pids and cpu).
    static QStringList cgroupParents();

Q_SIGNALS:
    void containerAdded(Container *container);
    void containerRemoved(const QString &id);
    void containerSlept(const QString &id);

private:
    Container *add(const QString &id);
    Container *createWithId(const QString &id, const std::optional<NetworkPolicy> &policy, QString *error);
    // A container of this workspace on disk that this manager has not loaded (made by another process).
    Container *loadFromDisk(const QString &id);
    // Awake, or running or queueing a command.
    bool inUse(const QString &id) const;
    // Any manager of this process over the same data directory has the container in use.
    static bool inUseInProcess(const QString &dataDir, const QString &workspace, const QString &id);
    // The hidden container, made visible and registered under its id, when it can serve a new container with
    // this network policy and image (nullopt: the workspace's); nullptr on a miss.
    Container *takeWarm(const NetworkPolicy &policy, const std::optional<QString> &image);
    bool warmServes(const NetworkPolicy &policy, const std::optional<QString> &image) const;
    void startWarm();
    // Stops the hidden container and deletes it with its files (on a worker unless wait).
    void dropWarm(bool wait = false);
    // The hidden container stopped, failed or lost its kernel: replaced after a back-off (noKernel: its
    // image has no ipykernel; none is kept).
    void warmLost(Container *c, bool noKernel = false);
    // Deletes hidden containers (directories with a marker and no meta.json) whose engine is gone.
    void removeOrphanedWarm();
    // The janitor is about to move the container aside: drop it without a signal (see Janitor::expiring).
    void releaseExpiring(const QString &id);
    // The janitor moved these "workspace/id" containers aside: forget ours and tell listeners.
    void forgetExpired(const QStringList &gone);

    SandboxSettings m_settings;
    ContainerRegistry m_registry;
    std::unique_ptr<SessionIdentity> m_identity;
    std::unique_ptr<Meter> m_meter;
    QHash<QString, Container *> m_containers; // made on first use (find, list, chooseContainer, create)
    QStringList m_released; // dropped by releaseExpiring(), containerRemoved() not yet emitted
    StandbyPool *m_standby = nullptr;
    Janitor *m_janitor = nullptr;
    std::function<qint64()> m_nowMs;
    std::function<qint64()> m_wallMs;
    QTimer m_idleTimer;
    Container *m_warm = nullptr; // hidden, not in m_containers
    bool m_pythonUsed = false;   // keepPythonAhead() was called
    int m_warmFailures = 0;      // hidden containers lost in a row (back-off)
    bool m_warmGaveUp = false;   // see pythonAheadGaveUp()
    QTimer m_warmTimer;          // single shot: the next start, or the hidden one's renewal
};
