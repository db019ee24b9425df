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
    // set until it first starts; create(policy) fixes it at once.
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
    // is new.
    Container *chooseContainer(const QString &rawSessionId, const QString &containerReference,
                               const QString &replayedContainerId, const std::optional<NetworkPolicy> &policy,
                               QString *error, bool *created = nullptr);
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
    void stopAll();
    // Keeps a sandbox launcher started ahead of need so new containers start faster (see StandbyPool).
    // For long-lived hosts; one-shot commands leave it off.
    void setPrewarm(bool enabled);
    // A launcher started with InitSpawner::spawnStandby before this manager was made: the next container to
    // start takes it (see StandbyPool::adopt).
    void adoptLauncher(const InitProcess &process);

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
};
