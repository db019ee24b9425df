// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sandboxsettings.h"

#include <QByteArrayList>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>

#include <optional>

// A running sandbench-init launcher and the engine's end of its control socket.
struct InitProcess
{
    qint64 pid = -1;
    int controlFd = -1;
    QString logPath; // where its stderr goes
};

namespace InitSpawner {
// The options every launcher of these settings gets: host ids, limits, cgroup mode.
QByteArrayList commonArguments(const SandboxSettings &settings);
// Spawns sandbench-init with `arguments` (after the program path), the control socket as fd 3 and
// stderr appended to logPath. Must run on the main thread: init ties its life to the spawning thread.
std::optional<InitProcess> spawn(const SandboxSettings &settings, const QByteArrayList &arguments,
                                 const QString &logPath, QString *error);
// A launcher with --standby for these settings, its log beside the workspace's containers (see StandbyPool).
std::optional<InitProcess> spawnStandby(const SandboxSettings &settings, QString *error);
// Closes the control socket and makes sure the launcher is reaped (killed if it lingers).
void release(InitProcess &process);
// By default the process waits at exit (up to 2 s) for the launchers it released. A one-shot command that
// has printed its result asks not to: each such launcher already has EOF on its control socket (and gets its
// death signal when we exit), kills PID 1 and removes its cgroup on its own, and is reaped by our parent's
// reaper. Nothing is killed and nothing is left; only the exit no longer waits for the teardown.
void finishReleasedOnTheirOwnAtExit();
} // namespace InitSpawner

// Keeps one launcher started ahead of need with --standby: it has already joined its cgroup (on cgroup v1
// an attach waits for a kernel RCU grace period, ~10 ms) and, where it can, created the container's
// namespaces and the shared part of its root, so taking it makes a container start that much faster.
// Long-lived hosts (GUI, local API) enable it; one-shot commands do not pay for a spare.
class StandbyPool : public QObject
{
    Q_OBJECT
public:
    // A spare holds a private copy of the host's mount table from when it started: it would keep an
    // unmounted USB or LUKS volume busy and miss filesystems mounted later. It is replaced after this long.
    static constexpr int MaxSpareAgeMs = 5 * 60 * 1000;

    explicit StandbyPool(const SandboxSettings &settings, QObject *parent = nullptr);
    ~StandbyPool() override;

    void setEnabled(bool enabled);
    bool isEnabled() const { return m_enabled; }
    // The spare launcher, if one is ready; a new spare is started right after (when enabled).
    std::optional<InitProcess> take();
    // Takes a launcher started with InitSpawner::spawnStandby before the pool existed (a one-shot command
    // starts one before it loads the workspace, so the sandbox boots meanwhile). It is handed out as the
    // spare, enabled or not, and released with the pool if nobody takes it.
    void adopt(InitProcess process);

    // Replaces the spare with a fresh one (what MaxSpareAgeMs triggers; tests call it directly).
    void renew();
    qint64 sparePid() const { return m_spare ? m_spare->pid : -1; }

private:
    void refill();
    void dropSpare();

    SandboxSettings m_settings;
    bool m_enabled = false;
    bool m_refillScheduled = false;
    std::optional<InitProcess> m_spare;
    QTimer *m_ageTimer = nullptr;
};
