// SPDX-License-Identifier: GPL-3.0-or-later
#include "containermanager.h"

#include "base/datadir.h"
#include "base/randomtoken.h"
#include "base/workspacesettings.h"
#include "container.h"
#include "history/janitor.h"
#include "images/imagestore.h"
#include "initprocess.h"
#include "net/workspacepolicy.h"
#include "pythonkernel.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QtConcurrent>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

using namespace Qt::StringLiterals;

namespace {

constexpr int IdleCheckIntervalMs = 30 * 1000;

qint64 steadyNowMs()
{
    return qint64(std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::steady_clock::now().time_since_epoch())
                      .count());
}

NetworkPolicy policyFromMeta(const QJsonObject &json)
{
    return NetworkPolicy::fromSaved(json);
}

// A container on disk that ever ran keeps the image it ran on (none: the host's /usr); one that never ran
// may still be given one. Starts always record "image" (an empty object for the host); containers made
// before images existed count as run once they were used.
void fixImageFromMeta(Container *c, const ContainerMeta &meta)
{
    const QJsonObject image = meta.policy.value(u"image"_s).toObject();
    if (meta.policy.contains(u"image"_s) || meta.lastUsedMs > meta.createdMs)
        c->fixImage(image.value(u"name"_s).toString(), image.value(u"id"_s).toString());
}

// A launcher is alive while /proc shows it as a sandbench-init that has not exited: a zombie (state Z, or X
// while it is being reaped) is dead, and one whose parent never reaps it stays a zombie for good.
bool launcherAlive(qint64 pid)
{
    QFile stat(u"/proc/%1/stat"_s.arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return false;
    const QByteArray line = stat.read(512);
    // "pid (comm) state ..."; comm may itself hold ") ", so the last one ends it.
    const qsizetype open = line.indexOf('(');
    const qsizetype close = line.lastIndexOf(") ");
    if (open < 0 || close < open || close + 2 >= line.size())
        return false;
    const char state = line.at(close + 2);
    return line.mid(open + 1, close - open - 1) == "sandbench-init" && state != 'Z' && state != 'X';
}

QList<int> cgroupProcesses(const QString &dir)
{
    QList<int> pids;
    QFile procs(dir + u"/cgroup.procs"_s);
    if (!procs.open(QIODevice::ReadOnly))
        return pids;
    // A container's cgroup holds at most its pids limit of processes; read no more than that many lines.
    for (const QByteArray &pid : procs.read(1 << 20).split('\n')) {
        if (pid.toInt() > 0)
            pids.append(pid.toInt());
    }
    return pids;
}

} // namespace

QStringList ContainerManager::cgroupParents()
{
    // As sandbench-init computes them from the cgroup it inherits from us (see init/cgroup.c).
    QStringList out;
    QFile self(u"/proc/self/cgroup"_s);
    if (!self.open(QIODevice::ReadOnly))
        return out;
    for (const QByteArray &line : self.readAll().split('\n')) {
        const QList<QByteArray> parts = line.split(':');
        if (parts.size() < 3)
            continue;
        QString path = QString::fromUtf8(parts.mid(2).join(':'));
        if (path == u"/"_s)
            path.clear();
        if (parts.at(1).isEmpty() && parts.at(0) == "0") {
            out.append(u"/sys/fs/cgroup"_s + path + u"/sandbench"_s);
            continue;
        }
        for (const QByteArray &controller : parts.at(1).split(',')) {
            if (controller == "memory" || controller == "pids" || controller == "cpu")
                out.append(u"/sys/fs/cgroup/"_s + QString::fromLatin1(controller) + path + u"/sandbench"_s);
        }
    }
    return out;
}

namespace {

// Every manager of this process. Each one's janitor sweeps all workspaces, so it must ask all of them what is
// in use and tell all of them what expired (the API server keeps one manager per workspace). Main thread
// only.
QList<ContainerManager *> &liveManagers()
{
    static QList<ContainerManager *> managers;
    return managers;
}

} // namespace

ContainerManager::ContainerManager(const SandboxSettings &settings, QObject *parent)
    : QObject(parent)
    , m_settings(settings)
    , m_registry(settings.dataDir)
    , m_identity(std::make_unique<SessionIdentity>(settings.dataDir, settings.workspace))
    , m_meter(std::make_unique<Meter>(std::function<qint64()>(), settings.meterRatePerSecond))
    , m_standby(new StandbyPool(settings, this))
    , m_nowMs(steadyNowMs)
    , m_wallMs([] { return QDateTime::currentMSecsSinceEpoch(); })
{
    QString error;
    // Settings may be made by hand (tests, benchmarks): the data dir's files are private all the same.
    if (!DataDir::open(m_settings.dataDir, &error))
        qWarning("sandbench: %s", qPrintable(error));
    if (!m_identity->load(&error))
        qWarning("sandbench: %s", qPrintable(error));
    cleanStaleCgroups();
    removeOrphanedWarm();
    // No Container objects yet: a workspace may hold a thousand sleeping containers and a start needs one or
    // two of them (find() and chooseContainer() load each from the registry on first use).

    liveManagers().append(this);
    m_janitor = new Janitor(
        &m_registry, [this] { return m_wallMs(); }, this);
    // Only managers of the same data directory share containers (tests run several side by side).
    const QString dataDir = m_registry.dataDir();
    m_janitor->setInUseCheck([dataDir](const QString &workspace, const QString &id) {
        return inUseInProcess(dataDir, workspace, id);
    });
    connect(
        m_janitor, &Janitor::expiring, this,
        [dataDir](const QString &workspace, const QString &id) {
            for (ContainerManager *m : liveManagers()) {
                if (m->m_registry.dataDir() == dataDir && m->m_settings.workspace == workspace)
                    m->releaseExpiring(id);
            }
        },
        Qt::DirectConnection);
    connect(
        m_janitor, &Janitor::expired, this,
        [dataDir](const QStringList &gone) {
            // A copy: a slot of containerRemoved() may make or end a manager.
            const QList<ContainerManager *> managers = liveManagers();
            for (ContainerManager *m : managers) {
                if (liveManagers().contains(m) && m->m_registry.dataDir() == dataDir)
                    m->forgetExpired(gone);
            }
        },
        Qt::DirectConnection);
    // Expired containers are moved aside before this returns: no request can load one of them.
    m_janitor->start();

    m_warmTimer.setSingleShot(true);
    connect(&m_warmTimer, &QTimer::timeout, this, [this] {
        // With a hidden container: it is old enough to renew; without: the (re)start it waited for.
        dropWarm();
        startWarm();
    });

    m_idleTimer.setInterval(IdleCheckIntervalMs);
    connect(&m_idleTimer, &QTimer::timeout, this, &ContainerManager::checkIdle);
    m_idleTimer.start();
}

ContainerManager::~ContainerManager()
{
    liveManagers().removeOne(this);
    m_janitor->stop();
    dropWarm(true);
    stopAll();
    // Containers (and their pending commits) go before the registry they touch.
    qDeleteAll(m_containers);
    m_containers.clear();
}

bool ContainerManager::isValidId(const QString &id)
{
    return ContainerRegistry::isValidContainerId(id);
}

QString ContainerManager::newId()
{
    return randomToken(u"sess_"_s, 20, QRandomGenerator::system());
}

Container *ContainerManager::add(const QString &id)
{
    auto *container = new Container(id, m_settings, this);
    container->setStandbyPool(m_standby);
    container->setClock(m_nowMs);
    m_containers.insert(id, container);
    Q_EMIT containerAdded(container);
    return container;
}

Container *ContainerManager::createWithId(const QString &id, const std::optional<NetworkPolicy> &policy,
                                          QString *error)
{
    ContainerMeta meta;
    meta.id = id;
    meta.workspace = m_settings.workspace;
    meta.createdMs = m_wallMs();
    meta.lastUsedMs = meta.createdMs;
    meta.policy = policy.value_or(NetworkPolicy::disabled()).toJson();
    QString why;
    if (!m_registry.create(meta, &why)) {
        if (error)
            *error = tr("cannot create container %1: %2").arg(id, why);
        return nullptr;
    }
    if (geteuid() == 0) {
        // Restores before the first start write files owned like home: the sandbox user's, never root's.
        const QByteArray home = QFile::encodeName(m_settings.homeDir(id));
        if (::chown(home.constData(), SandboxSettings::sandboxHostUid(), SandboxSettings::sandboxHostGid()) ==
            0)
            ::chmod(home.constData(), 0700);
    }
    Container *c = add(id);
    if (policy)
        c->fixNetworkPolicy(*policy);
    return c;
}

Container *ContainerManager::create(QString *error)
{
    if (m_warm) {
        // What the window seeds a new conversation's container with (NetworkPolicyEditor::seed).
        WorkspacePolicy workspacePolicy(m_settings.workspaceDir());
        workspacePolicy.load();
        if (Container *c = takeWarm(workspacePolicy.policy(), std::nullopt))
            return c;
    }
    const std::optional<QString> id = m_identity->newContainerId(error);
    return id ? createWithId(*id, std::nullopt, error) : nullptr;
}

Container *ContainerManager::create(const NetworkPolicy &policy, QString *error)
{
    if (Container *c = takeWarm(policy, std::nullopt))
        return c;
    const std::optional<QString> id = m_identity->newContainerId(error);
    return id ? createWithId(*id, policy, error) : nullptr;
}

Container *ContainerManager::find(const QString &id)
{
    if (Container *c = m_containers.value(id))
        return c;
    return isValidId(id) ? loadFromDisk(id) : nullptr;
}

Container *ContainerManager::loadFromDisk(const QString &id)
{
    const std::optional<ContainerMeta> meta = m_registry.load(m_settings.workspace, id, nullptr);
    if (!meta)
        return nullptr;
    Container *c = add(id);
    c->fixNetworkPolicy(policyFromMeta(meta->policy));
    fixImageFromMeta(c, *meta);
    return c;
}

Container *ContainerManager::findOrCreate(const QString &id, QString *error)
{
    if (!isValidId(id)) {
        if (error)
            *error =
                tr("invalid container id \"%1\": use 1 to 40 characters of A-Z, a-z, 0-9, _ and -").arg(id);
        return nullptr;
    }
    if (Container *c = find(id))
        return c;
    if (Container *c = loadFromDisk(id))
        return c;
    if (m_warm && m_warm->id() == id)
        dropWarm(); // named before it was handed out: it goes, and the id becomes an ordinary new container
    if (QFileInfo::exists(m_settings.containerDir(id) + u'/' + warmMarkerName())) {
        // Another process's hidden container: its id is taken.
        if (error)
            *error = tr("container id \"%1\" is taken: use another").arg(id);
        return nullptr;
    }
    return createWithId(id, std::nullopt, error);
}

Container *ContainerManager::chooseContainer(const QString &rawSessionId, const QString &containerReference,
                                             const QString &replayedContainerId,
                                             const std::optional<NetworkPolicy> &policy, QString *error,
                                             bool *created, const std::optional<QString> &image)
{
    if (created)
        *created = false;
    Container *c = nullptr;
    if (!containerReference.isEmpty()) {
        if (!SessionIdentity::validateContainerReference(containerReference, error))
            return nullptr;
        c = find(containerReference);
        if (!c)
            c = loadFromDisk(containerReference);
        if (!c) {
            if (error)
                *error = tr("no container %1 in workspace %2 (it never existed here, was removed, or its "
                            "files expired)")
                             .arg(containerReference, m_settings.workspace);
            return nullptr;
        }
    } else {
        const auto exists = [this](const QString &id) {
            return m_containers.contains(id) || m_registry.exists(m_settings.workspace, id);
        };
        // A new id is the hidden container's when it can serve the request.
        const NetworkPolicy wanted = policy.value_or(NetworkPolicy::disabled());
        const auto reserved = [this, &wanted, &image]() -> std::optional<QString> {
            if (warmServes(wanted, image))
                return m_warm->id();
            return std::nullopt;
        };
        const std::optional<SessionIdentity::Choice> choice =
            m_identity->choose(rawSessionId, replayedContainerId, exists, error, reserved);
        if (!choice)
            return nullptr;
        if (choice->reserved) {
            if ((c = takeWarm(wanted, image))) {
                if (created)
                    *created = true;
                return c;
            }
            // Its meta.json could not be written: the id becomes an ordinary new container (and says why if
            // that fails too); the hidden one must not stay under it.
            if (m_warm && m_warm->id() == choice->containerId)
                dropWarm();
        }
        c = find(choice->containerId);
        if (!c && !choice->isNew)
            c = loadFromDisk(choice->containerId);
        if (!c) {
            c = createWithId(choice->containerId, policy, error);
            if (!c)
                return nullptr;
            if (created)
                *created = true;
        }
    }
    if (policy && !c->setNetworkPolicy(*policy)) {
        if (error)
            *error = NetworkPolicy::mismatchError(c->id(), c->networkPolicy(), *policy);
        return nullptr;
    }
    return c;
}

std::optional<NetworkPolicy> ContainerManager::allowHost(const QString &id, const QString &host,
                                                         QString *error, bool *changed)
{
    return allowHosts(id, {host}, error, changed);
}

std::optional<NetworkPolicy> ContainerManager::allowHosts(const QString &id, const QStringList &hosts,
                                                          QString *error, bool *changed)
{
    if (changed)
        *changed = false;
    Container *c = isValidId(id) ? find(id) : nullptr;
    if (!c && isValidId(id))
        c = loadFromDisk(id);
    if (!c) {
        if (error)
            *error = tr("no container %1 in workspace %2").arg(id, m_settings.workspace);
        return std::nullopt;
    }
    std::optional<NetworkPolicy> policy = c->nextNetworkPolicy();
    for (const QString &host : hosts) {
        QString why;
        policy = policy->withHost(host, &why);
        if (!policy) {
            if (error)
                *error = hosts.size() == 1 ? why : u"%1: %2"_s.arg(host.trimmed(), why);
            return std::nullopt;
        }
    }
    if (*policy == c->nextNetworkPolicy())
        return policy;
    // Saved now, so a restart of the program keeps it even before the container wakes again.
    std::optional<ContainerMeta> meta = m_registry.load(m_settings.workspace, id, error);
    if (!meta)
        return std::nullopt;
    meta->policy = policy->savedInto(meta->policy);
    if (!m_registry.save(*meta, error))
        return std::nullopt;
    if (changed)
        *changed = true;
    c->replaceNetworkPolicy(*policy);
    return policy;
}

QList<Container *> ContainerManager::list()
{
    for (const ContainerMeta &meta : m_registry.list(m_settings.workspace)) {
        if (!m_containers.contains(meta.id)) {
            Container *c = add(meta.id);
            c->fixNetworkPolicy(policyFromMeta(meta.policy));
            fixImageFromMeta(c, meta);
        }
    }
    return m_containers.values();
}

bool ContainerManager::remove(const QString &id, QString *error)
{
    if (!isValidId(id) || (m_warm && m_warm->id() == id)) {
        if (error)
            *error = tr("invalid container id \"%1\"").arg(id);
        return false;
    }
    Container *c = m_containers.take(id);
    // A container of the workspace, its object made or not (containerRemoved() is for these).
    const bool known = c || m_registry.exists(m_settings.workspace, id);
    // A hidden container (another process's Python ahead) is no container of the workspace.
    const bool existed = known || (QFileInfo::exists(m_settings.containerDir(id)) &&
                                   !QFileInfo::exists(m_settings.containerDir(id) + u'/' + warmMarkerName()));
    if (!existed) {
        if (error)
            *error = tr("no container %1 in workspace %2").arg(id, m_settings.workspace);
        return false;
    }
    if (c) {
        // Its files are about to go: no history work on them is worth finishing.
        c->historyStore()->cancel();
        c->stop();
        delete c; // waits for the cancelled work and closes its history
    }
    QString why;
    // Moved aside first (see ContainerRegistry::remove): an interrupted deletion leaves trash, not a half
    // container.
    bool ok = m_registry.remove(m_settings.workspace, id, &why);
    m_identity->forgetContainer(id, nullptr);
    if (!ok && error)
        *error = tr("cannot delete container %1: %2").arg(id, why);
    if (known)
        Q_EMIT containerRemoved(id);
    return ok;
}

QFuture<QString> ContainerManager::removeInBackground(const QString &id)
{
    if (!isValidId(id) || (m_warm && m_warm->id() == id))
        return QtFuture::makeReadyFuture(tr("invalid container id \"%1\"").arg(id));
    Container *c = m_containers.take(id);
    const bool known = c || m_registry.exists(m_settings.workspace, id);
    // A hidden container (another process's Python ahead) is no container of the workspace.
    const bool existed = known || (QFileInfo::exists(m_settings.containerDir(id)) &&
                                   !QFileInfo::exists(m_settings.containerDir(id) + u'/' + warmMarkerName()));
    if (!existed)
        return QtFuture::makeReadyFuture(tr("no container %1 in workspace %2").arg(id, m_settings.workspace));
    if (c) {
        c->historyStore()->cancel();
        c->stop();
        // Before the move: waits for the cancelled work, and nothing of it can re-create the directory.
        delete c;
    }
    // The rename happens here, on the caller's thread: once this returns, a request naming the container (a
    // reopen, loadFromDisk()) finds nothing rather than files the worker is deleting.
    QString why;
    const QString trash = m_registry.moveToTrash(m_settings.workspace, id, &why);
    if (why.isEmpty())
        m_identity->forgetContainer(id, nullptr);
    if (known)
        Q_EMIT containerRemoved(id);
    if (!why.isEmpty()) // the files stay where they were, with their meta: a later use finds them again
        return QtFuture::makeReadyFuture(tr("cannot delete container %1: %2").arg(id, why));
    if (trash.isEmpty())
        return QtFuture::makeReadyFuture(QString());
    // The registry is a set of paths; the worker has its own copy.
    return QtConcurrent::run(Janitor::deletionPool(), [registry = m_registry, trash, id] {
        QString error;
        if (registry.removeTrash(trash, &error))
            return QString();
        return tr("cannot delete container %1: %2").arg(id, error);
    });
}

void ContainerManager::setPrewarm(bool enabled)
{
    m_standby->setEnabled(enabled);
    m_warmGaveUp = false;
    m_warmFailures = 0;
    // A workspace that ran Python before (in this or an earlier run of the engine) keeps one ahead from the
    // start, so the first cell after a restart needs no kernel start either.
    if (enabled && !m_pythonUsed && QFileInfo::exists(pythonUsedMarker()))
        m_pythonUsed = true;
    if (!enabled) {
        dropWarm();
        m_warmTimer.stop();
    } else if (m_pythonUsed && !m_warm && !m_warmTimer.isActive()) {
        m_warmTimer.start(WarmReplenishDelayMs);
    }
}

void ContainerManager::keepPythonAhead()
{
    if (m_pythonUsed || m_warmGaveUp)
        return;
    m_pythonUsed = true;
    // Remembered for the next start of serve, mcp or the window: an empty file, made once per engine run.
    QFile marker(pythonUsedMarker());
    if (!marker.exists() && !marker.open(QIODevice::WriteOnly))
        qWarning("sandbench: cannot remember that the workspace uses Python: %s",
                 qPrintable(marker.errorString()));
    // Not at once: the kernel that asked starts first, undisturbed.
    if (m_standby->isEnabled() && !m_warm && !m_warmTimer.isActive())
        m_warmTimer.start(WarmReplenishDelayMs);
}

QString ContainerManager::pythonUsedMarker() const
{
    return m_settings.workspaceDir() + u"/python-used"_s;
}

void ContainerManager::reloadPythonAheadSetting()
{
    WorkspaceSettings workspace(m_settings.workspaceDir());
    workspace.load();
    m_warmGaveUp = false;
    m_warmFailures = 0;
    if (!workspace.pythonAhead()) {
        dropWarm();
        m_warmTimer.stop();
    } else if (m_pythonUsed && m_standby->isEnabled() && !m_warm && !m_warmTimer.isActive()) {
        m_warmTimer.start(0);
    }
}

void ContainerManager::startWarm()
{
    if (m_warm || !m_pythonUsed || m_warmGaveUp || !m_standby->isEnabled())
        return;
    WorkspaceSettings workspace(m_settings.workspaceDir());
    workspace.load();
    if (!workspace.pythonAhead())
        return;
    QString error;
    const std::optional<QString> id = m_identity->newContainerId(&error);
    if (!id) {
        qWarning("sandbench: no container for Python ahead: %s", qPrintable(error));
        return;
    }
    // Its directories, and no meta.json: no container of the workspace until it is handed out. The marker
    // names this process, so that a later manager deletes it if this one is killed.
    const QString dir = m_settings.containerDir(*id);
    QFile marker(dir + u'/' + warmMarkerName());
    if (!QDir().mkpath(m_settings.homeDir(*id)) ||
        !QFile::setPermissions(dir,
                               QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner) ||
        !marker.open(QIODevice::WriteOnly) || marker.write(QByteArray::number(qint64(::getpid()))) < 0) {
        qWarning("sandbench: cannot make %s for Python ahead", qPrintable(dir));
        m_registry.remove(m_settings.workspace, *id, nullptr);
        return;
    }
    marker.close();
    if (geteuid() == 0) {
        const QByteArray home = QFile::encodeName(m_settings.homeDir(*id));
        if (::chown(home.constData(), SandboxSettings::sandboxHostUid(), SandboxSettings::sandboxHostGid()) ==
            0)
            ::chmod(home.constData(), 0700);
    }
    auto *c = new Container(*id, m_settings, this);
    c->setStandbyPool(m_standby);
    c->setClock(m_nowMs);
    c->setStorageWatchPaused(true);
    if (!ImageStore(m_settings.dataDir).applyTo(c, workspace.image(), &error)) {
        // The workspace's image is gone: its new containers cannot start either; nothing to start ahead.
        delete c;
        m_registry.remove(m_settings.workspace, *id, nullptr);
        return;
    }
    c->setNetworkPolicy(NetworkPolicy::disabled());
    m_warm = c;
    connect(c, &Container::stopped, this, [this, c] { warmLost(c); });
    connect(c, &Container::failed, this, [this, c] { warmLost(c); });
    PythonKernel *kernel = PythonKernel::of(c);
    connect(kernel, &PythonKernel::stateChanged, this, [this, c](PythonKernel::State state) {
        if (state == PythonKernel::State::Idle) {
            m_warmFailures = 0;
        } else if (state == PythonKernel::State::None) {
            // Its kernel ended, or could not start; an image without ipykernel is not tried again.
            const PythonKernel *k = PythonKernel::existing(c);
            warmLost(c, k && k->isUnavailable());
        }
    });
    kernel->startAhead();
    m_warmTimer.start(MaxWarmAgeMs);
}

bool ContainerManager::warmServes(const NetworkPolicy &policy, const std::optional<QString> &image) const
{
    if (!m_warm || !m_warm->isAwake() || m_warm->hasPendingNetworkPolicy() ||
        !(policy == m_warm->networkPolicy()))
        return false;
    const PythonKernel *kernel = PythonKernel::existing(m_warm);
    if (!kernel ||
        (kernel->state() != PythonKernel::State::Idle && kernel->state() != PythonKernel::State::Starting))
        return false;
    QString name;
    if (image) {
        name = *image;
    } else {
        WorkspaceSettings workspace(m_settings.workspaceDir());
        workspace.load();
        name = workspace.image();
    }
    if (name.isEmpty())
        return m_warm->imageId().isEmpty();
    const std::optional<ImageInfo> info = ImageStore(m_settings.dataDir).find(name);
    return info && info->id == m_warm->imageId();
}

Container *ContainerManager::takeWarm(const NetworkPolicy &policy, const std::optional<QString> &image)
{
    if (!warmServes(policy, image))
        return nullptr;
    Container *c = std::exchange(m_warm, nullptr);
    m_warmTimer.stop();
    c->disconnect(this);
    if (PythonKernel *kernel = PythonKernel::existing(c))
        kernel->disconnect(this);
    // What createWithId() and the first start would have written, now: from here on it is a container of
    // the workspace, used a moment ago.
    ContainerMeta meta;
    meta.id = c->id();
    meta.workspace = m_settings.workspace;
    meta.createdMs = m_wallMs();
    meta.lastUsedMs = meta.createdMs;
    meta.policy = c->networkPolicy().toJson();
    meta.policy.insert(u"image"_s, c->imageId().isEmpty()
                                       ? QJsonObject()
                                       : QJsonObject{{u"name"_s, c->imageName()}, {u"id"_s, c->imageId()}});
    QString why;
    if (!m_registry.create(meta, &why)) {
        qWarning("sandbench: cannot hand out the container Python was started ahead in: %s", qPrintable(why));
        m_warm = c;
        dropWarm();
        m_warmTimer.start(WarmReplenishDelayMs);
        return nullptr;
    }
    QFile::remove(m_settings.containerDir(c->id()) + u'/' + warmMarkerName());
    c->setStorageWatchPaused(false);
    c->setStartedAhead();
    c->setIdleSleepMs(kIdleSleepMs);
    c->setClock(m_nowMs); // idle from now on
    m_containers.insert(c->id(), c);
    Q_EMIT containerAdded(c);
    m_warmTimer.start(WarmReplenishDelayMs);
    return c;
}

void ContainerManager::dropWarm(bool wait)
{
    Container *c = std::exchange(m_warm, nullptr);
    if (!c)
        return;
    m_warmTimer.stop();
    const QString id = c->id();
    c->disconnect(this);
    if (PythonKernel *kernel = PythonKernel::existing(c))
        kernel->disconnect(this);
    c->historyStore()->cancel();
    c->stop();
    delete c;
    // Moved aside at once (its id is free of it), deleted on a worker unless the manager is going.
    QString why;
    const QString trash = m_registry.moveToTrash(m_settings.workspace, id, &why);
    if (!trash.isEmpty() && wait) {
        m_registry.removeTrash(trash, &why);
    } else if (!trash.isEmpty()) {
        Janitor::deletionPool()->start([registry = m_registry, trash] {
            QString error;
            if (!registry.removeTrash(trash, &error))
                qWarning("sandbench: %s", qPrintable(error));
        });
    }
    if (!why.isEmpty())
        qWarning("sandbench: cannot delete the container Python was started ahead in: %s", qPrintable(why));
}

void ContainerManager::warmLost(Container *c, bool noKernel)
{
    // From a signal of the container: it goes from the event loop, not from inside its own emit.
    QMetaObject::invokeMethod(
        this,
        [this, c, noKernel] {
            if (c != m_warm)
                return;
            dropWarm();
            // A launcher killed from outside could not remove its cgroup: nothing of it may stay.
            cleanStaleCgroups();
            // Back off when they keep dying (2 s, 4 s, 8 s, ...); an image without ipykernel, or
            // MaxWarmFailures in a row (a sandbox that cannot start), and none is kept (pythonAheadGaveUp).
            if (noKernel || ++m_warmFailures >= MaxWarmFailures) {
                m_warmGaveUp = true;
                return;
            }
            m_warmTimer.start(WarmReplenishDelayMs << (m_warmFailures - 1));
        },
        Qt::QueuedConnection);
}

void ContainerManager::removeOrphanedWarm()
{
    const QString parent = m_settings.containersDir();
    const QStringList ids = QDir(parent).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &id : ids) {
        if (!isValidId(id) || m_registry.exists(m_settings.workspace, id))
            continue;
        QFile marker(parent + u'/' + id + u'/' + warmMarkerName());
        if (!marker.open(QIODevice::ReadOnly))
            continue;
        const qint64 pid = marker.read(32).trimmed().toLongLong();
        marker.close();
        // Kept by a live engine (this one's other managers included): its own to delete.
        if (pid > 0 && (::kill(pid_t(pid), 0) == 0 || errno == EPERM))
            continue;
        m_registry.remove(m_settings.workspace, id, nullptr);
    }
}

void ContainerManager::adoptLauncher(const InitProcess &process)
{
    m_standby->adopt(process);
}

void ContainerManager::stopAll()
{
    // Everything ends (the program or its server is going): the hidden one too, and none is kept until
    // Python is used again.
    dropWarm(true);
    m_pythonUsed = false;
    for (Container *c : std::as_const(m_containers))
        c->stop();
}

void ContainerManager::setClock(std::function<qint64()> nowMs)
{
    m_nowMs = nowMs ? std::move(nowMs) : std::function<qint64()>(steadyNowMs);
    for (Container *c : std::as_const(m_containers))
        c->setClock(m_nowMs);
}

void ContainerManager::checkIdle()
{
    const qint64 now = m_nowMs();
    const QList<Container *> containers = m_containers.values();
    for (Container *c : containers) {
        if (c->isAwake() && !c->isBusy() && c->idleSleepMs() > 0 &&
            now - c->lastActivityMs() >= c->idleSleepMs()) {
            c->stop();
            Q_EMIT containerSlept(c->id());
        }
    }
}

void ContainerManager::setWallClock(std::function<qint64()> nowMs)
{
    m_wallMs = nowMs ? std::move(nowMs)
                     : std::function<qint64()>([] { return QDateTime::currentMSecsSinceEpoch(); });
}

bool ContainerManager::inUse(const QString &id) const
{
    // History still being written needs no check: releasing the container waits for it before the move.
    // Only a made object can be awake or busy; one still on disk is asleep.
    const Container *c = m_containers.value(id);
    return c && (c->isAwake() || c->isBusy());
}

bool ContainerManager::inUseInProcess(const QString &dataDir, const QString &workspace, const QString &id)
{
    for (const ContainerManager *m : liveManagers()) {
        if (m->m_registry.dataDir() == dataDir && m->m_settings.workspace == workspace && m->inUse(id))
            return true;
    }
    return false;
}

void ContainerManager::releaseExpiring(const QString &id)
{
    // Idle and asleep (the in-use check said so): deleting it waits for nothing and stops nothing.
    if (Container *c = m_containers.take(id)) {
        delete c;
        m_released.append(id);
    }
}

void ContainerManager::forgetExpired(const QStringList &gone)
{
    const QString prefix = m_settings.workspace + u'/';
    QStringList removed;
    for (const QString &entry : gone) {
        if (entry.startsWith(prefix)) {
            removed.append(entry.mid(prefix.size()));
            m_identity->forgetContainer(removed.constLast(), nullptr);
        }
    }
    // Also the ones that could not be moved: their object is gone (a later use loads them again). Gone ones
    // whose object was never made are announced all the same: they were containers of this workspace.
    for (const QString &id : std::exchange(m_released, {})) {
        if (!removed.contains(id))
            removed.append(id);
    }
    for (const QString &id : std::as_const(removed))
        Q_EMIT containerRemoved(id);
}

QStringList ContainerManager::sweepExpired()
{
    const QStringList removed = m_janitor->sweepNow();
    QStringList ours;
    const QString prefix = m_settings.workspace + u'/';
    for (const QString &entry : removed) {
        if (entry.startsWith(prefix))
            ours.append(entry.mid(prefix.size()));
    }
    return ours;
}

int ContainerManager::cleanStaleCgroups()
{
    int removed = 0;
    for (const QString &parent : cgroupParents()) {
        const QStringList entries = QDir(parent).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        for (const QString &entry : entries) {
            // NAME-LAUNCHERPID, as the launcher names it. A live launcher owns its cgroup even while it is
            // still empty (made, not yet joined) or empty again (being removed): leave those to it.
            const qsizetype dash = entry.lastIndexOf(u'-');
            const QStringView pid = QStringView(entry).mid(dash + 1);
            const bool named =
                dash > 0 && !pid.isEmpty() && pid.size() <= 10 &&
                std::all_of(pid.begin(), pid.end(), [](QChar c) { return c >= u'0' && c <= u'9'; }) &&
                ContainerRegistry::isIdText(QStringView(entry).left(dash), entry.size());
            if (!named || launcherAlive(pid.toLongLong()))
                continue;
            const QString dir = parent + u'/' + entry;
            const QByteArray path = QFile::encodeName(dir);
            // Up to a second: the processes of a container whose launcher was killed take a moment to go.
            for (int attempt = 0; attempt < 200; ++attempt) {
                if (::rmdir(path.constData()) == 0) {
                    ++removed;
                    break;
                }
                if (errno != EBUSY)
                    break;
                // Stragglers of a killed engine's container: nothing of the old run may survive.
                const QList<int> pids = cgroupProcesses(dir);
                if (pids.isEmpty() && attempt >= 20)
                    break; // busy with something other than processes (child cgroups): not ours to force
                for (int pid : pids) {
                    // Never ourselves: a history worker may have been charged to a container's cgroup.
                    if (pid != ::getpid())
                        ::kill(pid, SIGKILL);
                }
                usleep(5000);
            }
        }
    }
    return removed;
}
