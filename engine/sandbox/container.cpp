// SPDX-License-Identifier: GPL-3.0-or-later
#include "container.h"

#include "history/containerregistry.h"
#include "history/storageusage.h"
#include "images/imagestore.h"
#include "init/protocol.h"
#include "initprocess.h"
#include "shellcall.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonObject>
#include <QSocketNotifier>
#include <QtConcurrent/QtConcurrentRun>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <pthread.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

constexpr int StartTimeoutMs = 30000;
constexpr int ShellCallPipeBytes = 1024 * 1024; // as ShellCall's own pipes (ReadChunk)
QByteArray header(quint32 type, quint32 id, qint32 value, quint32 payloadLen)
{
    sb_msg_header h{type, id, value, payloadLen};
    return QByteArray(reinterpret_cast<const char *>(&h), sizeof h);
}

} // namespace

Container::Container(const QString &id, const SandboxSettings &settings, QObject *parent)
    : QObject(parent)
    , m_id(id)
    , m_settings(settings)
    , m_nowMs([] {
        return qint64(std::chrono::duration_cast<std::chrono::milliseconds>(
                          std::chrono::steady_clock::now().time_since_epoch())
                          .count());
    })
    , m_history(new ContainerHistory(settings.homeDir(id), settings.historyDir(id), settings.dataDir,
                                     settings.workspace, id, this))
{
    m_lastActivityMs = m_nowMs();
    m_history->setStorageBudget(settings.limits.storageBytes);
    connect(m_history, &ContainerHistory::saved, this,
            [this](const QString &callId, int index, const Snapshot &snapshot) {
                Q_EMIT filesChanged(index, snapshot.changes, callId, snapshot.commitId);
            });
    connect(m_history, &ContainerHistory::saveFailed, this,
            [this](const QString &, int, const QString &error) {
                Q_EMIT historyError(tr("cannot save the history of %1: %2").arg(m_id, error));
            });
    connect(m_history, &ContainerHistory::settled, this, &Container::onHistorySettled);
    // Commits, restores and pruning change history.git: measure it again at the next check.
    const auto historyChanged = [this] {
        m_gitBytes = -1;
        ++m_gitGeneration;
    };
    connect(m_history, &ContainerHistory::saved, this, historyChanged);
    connect(m_history, &ContainerHistory::idle, this, historyChanged);
    m_storageTimer.setInterval(StorageCheckMs);
    connect(&m_storageTimer, &QTimer::timeout, this, &Container::checkStorage);
    m_startTimer.setSingleShot(true);
    connect(&m_startTimer, &QTimer::timeout, this, [this] {
        shutDown(tr("the sandbox did not become ready within %1 seconds").arg(StartTimeoutMs / 1000), true);
    });
}

Container::~Container()
{
    m_queue.clear();
    if (m_state == State::Starting || m_state == State::Running)
        shutDown(tr("the container was removed"), false);
    for (ShellCall *call : findChildren<ShellCall *>(Qt::FindDirectChildrenOnly))
        call->m_container = nullptr;
    // Pending commits finish before the store closes (a commit takes milliseconds with the watcher's hint).
    delete m_history;
    m_history = nullptr;
}

void Container::setClock(std::function<qint64()> nowMs)
{
    m_nowMs = std::move(nowMs);
    m_lastActivityMs = m_nowMs();
}

QString Container::homeDir() const
{
    return m_settings.homeDir(m_id);
}

void Container::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    Q_EMIT stateChanged(state);
}

bool Container::start()
{
    if (m_state == State::Starting || m_state == State::Running)
        return true;
    m_error.clear();
    m_enforcement.clear();
    m_firstShellComing = false;

    const QString home = homeDir();
    auto failLater = [this](const QString &message) {
        m_error = message;
        setState(State::Failed);
        QMetaObject::invokeMethod(
            this,
            [this, message] {
                if (m_state != State::Failed)
                    return;
                const auto queue = std::exchange(m_queue, {});
                for (const QPointer<ShellCall> &call : queue) {
                    if (call)
                        call->failToStart(message);
                }
                Q_EMIT failed(message);
            },
            Qt::QueuedConnection);
        return false;
    };

    if (!QDir().mkpath(home))
        return failLater(tr("cannot create the container directory %1").arg(home));
    if (geteuid() == 0) {
        // The sandbox user maps to an unprivileged host id, never to host root.
        const QByteArray homePath = QFile::encodeName(home);
        if (::chown(homePath.constData(), SandboxSettings::sandboxHostUid(),
                    SandboxSettings::sandboxHostGid()) != 0)
            return failLater(tr("cannot hand %1 to the sandbox user: %2")
                                 .arg(home, QString::fromLocal8Bit(strerror(errno))));
        ::chmod(homePath.constData(), 0700);
    }
    if (m_policyFixed) {
        // Another process (`sandbench network allow`) may have widened the saved policy while this slept.
        const std::optional<ContainerMeta> meta =
            ContainerRegistry(m_settings.dataDir).load(m_settings.workspace, m_id, nullptr);
        if (meta && !meta->policy.isEmpty()) {
            // A damaged one reads as no network: it can narrow, never widen.
            const NetworkPolicy saved = NetworkPolicy::fromSaved(meta->policy);
            if (saved != m_policy) {
                m_policy = saved;
                Q_EMIT networkPolicyReplaced(m_policy, false);
            }
        }
    }
    QString rootfs;
    if (!m_imageId.isEmpty()) {
        rootfs = ImageStore::rootfsPath(m_settings.dataDir, m_imageId);
        if (rootfs.isEmpty() || !QFileInfo(rootfs).isDir())
            return failLater(
                tr("the image %1 (%2) of this container is no longer installed (sandbench images list)")
                    .arg(m_imageName, m_imageId.left(12)));
    }
    const bool fixNow = !m_policyFixed || !m_imageFixed;
    m_policyFixed = true;
    m_imageFixed = true;
    QJsonObject fixed = m_policy.toJson();
    fixed.insert(u"image"_s, m_imageId.isEmpty()
                                 ? QJsonObject()
                                 : QJsonObject{{u"name"_s, m_imageName}, {u"id"_s, m_imageId}});
    m_lastActivityMs = m_nowMs();
    QString error;
    QString proxySocket;
    if (m_policy.isEnabled()) {
        // The socket is world-connectable (the sandbox user may map to another host uid), so it lives in a
        // directory only the engine can enter; init opens it before it changes user.
        const QString runDir = SandboxSettings::runtimeDir(&error);
        if (runDir.isEmpty())
            return failLater(error);
        m_proxy = new EgressProxy(m_policy, m_settings.egress, this);
        m_proxy->setHostMap(m_hostMap);
        connect(m_proxy, &EgressProxy::connectionEvent, this, &Container::egressEvent);
        proxySocket = runDir + u"/"_s + m_id + u".sock"_s;
        if (!m_proxy->listen(proxySocket, &error)) {
            delete m_proxy;
            m_proxy = nullptr;
            return failLater(tr("cannot start the egress proxy: %1").arg(error));
        }
    }
    // A spare launcher built the host's root already: an image's container starts its own.
    std::optional<InitProcess> process = m_standby && rootfs.isEmpty() ? m_standby->take() : std::nullopt;
    if (process) {
        // A launcher started ahead of need: hand it this container's identity.
        const QByteArray payload =
            m_id.toUtf8() + '\0' + QFile::encodeName(home) + '\0' + QFile::encodeName(proxySocket) + '\0';
        const QByteArray packet = header(SB_MSG_CONFIG, 0, 0, quint32(payload.size())) + payload;
        // First the CONFIG, then what can wait for it: the launcher builds the rest of the root meanwhile.
        const bool sent = ::send(process->controlFd, packet.constData(), size_t(packet.size()),
                                 MSG_NOSIGNAL) == packet.size();
        if (sent) {
            m_firstShellComing = proxySocket.isEmpty();
            // The launcher writes on through its descriptor; the log file takes this container's name.
            const QString log = m_settings.initLogPath(m_id);
            QFile::remove(log);
            QFile::rename(process->logPath, log);
        } else {
            QFile::remove(process->logPath);
            InitSpawner::release(*process);
            process.reset();
        }
    }
    // The store opens and rescans home on its own thread while the sandbox boots.
    m_history->wake(fixNow ? std::optional<QJsonObject>(fixed) : std::nullopt);
    if (!process) {
        QByteArrayList args{"--id", m_id.toUtf8(), "--workspace", QFile::encodeName(home)};
        args << InitSpawner::commonArguments(m_settings);
        if (!proxySocket.isEmpty())
            args << "--proxy-socket" << QFile::encodeName(proxySocket);
        if (!rootfs.isEmpty())
            args << "--rootfs" << QFile::encodeName(rootfs);
        process = InitSpawner::spawn(m_settings, args, m_settings.initLogPath(m_id), &error);
        if (!process) {
            delete m_proxy;
            m_proxy = nullptr;
            return failLater(error);
        }
    }
    m_pid = process->pid;
    m_history->setCgroupProcess(m_pid);
    m_fd = process->controlFd;
    m_notifier = new QSocketNotifier(m_fd, QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, &Container::onControlReadable);
    m_pidfd = int(syscall(SYS_pidfd_open, pid_t(m_pid), 0));
    if (m_pidfd >= 0) {
        fcntl(m_pidfd, F_SETFD, FD_CLOEXEC);
        m_exitNotifier = new QSocketNotifier(m_pidfd, QSocketNotifier::Read, this);
        connect(m_exitNotifier, &QSocketNotifier::activated, this, &Container::onInitExited);
    }
    m_recvBuffer.resize(sizeof(sb_msg_header) + SB_MAX_PACKET);
    setState(State::Starting);
    m_startTimer.start(StartTimeoutMs);
    return true;
}

void Container::stop()
{
    const auto queue = std::exchange(m_queue, {});
    for (const QPointer<ShellCall> &call : queue) {
        if (call)
            call->failToStart(tr("the container was stopped"));
    }
    if (m_state == State::Starting || m_state == State::Running) {
        shutDown(tr("the container was stopped"), false);
    } else if (m_state == State::Failed) {
        m_history->sleep();
        setState(State::Stopped);
    }
}

void Container::shutDown(const QString &reason, bool failed)
{
    const bool wasStarting = m_state == State::Starting;
    m_startTimer.stop();
    delete m_notifier;
    m_notifier = nullptr;
    delete m_exitNotifier;
    m_exitNotifier = nullptr;
    if (m_pidfd >= 0) {
        ::close(m_pidfd);
        m_pidfd = -1;
    }
    dropSpare();
    // Before the cgroup goes: history work charged to it moves back out.
    m_history->setCgroupProcess(-1);
    InitProcess process{m_pid, m_fd, {}};
    InitSpawner::release(process);
    if (m_proxy) {
        // Open tunnels end with the container. close() reports each of them (egressEvent) before it
        // returns, while this container is still whole to pass the events on.
        m_proxy->close();
        m_proxy->deleteLater();
        m_proxy = nullptr;
    }
    m_fd = -1;
    m_pid = -1;
    // Init took every process of the container with it.
    m_liveCommands.clear();
    updateStorageWatch();
    QString message = reason;
    if (failed) {
        const QString tail = initLogTail();
        if (!tail.isEmpty() && !message.contains(tail))
            message += u"\n"_s + tail;
        m_error = message;
    }
    setState(failed ? State::Failed : State::Stopped);

    // A call waiting in the queue gets a fresh sandbox (next start) unless this was a start failure. A
    // command sent during start-up never ran: its call did not start, like the queued ones.
    if (QPointer<ShellCall> current = std::exchange(m_current, nullptr)) {
        if (wasStarting)
            current->failToStart(message);
        else
            current->abort(reason);
    }
    // After the aborted command's commit, before a restart's wake.
    m_history->sleep();
    if (failed) {
        const auto queue = std::exchange(m_queue, {});
        for (const QPointer<ShellCall> &call : queue) {
            if (call)
                call->failToStart(message);
        }
        Q_EMIT this->failed(message);
    } else {
        Q_EMIT stopped();
        if (!m_queue.isEmpty())
            start();
    }
}

QString Container::initLogTail() const
{
    QFile log(m_settings.initLogPath(m_id));
    if (!log.open(QIODevice::ReadOnly))
        return {};
    if (log.size() > 4096)
        log.seek(log.size() - 4096);
    return QString::fromUtf8(log.readAll()).trimmed();
}

bool Container::setNetworkPolicy(const NetworkPolicy &policy)
{
    if (m_policyFixed || m_state == State::Starting || m_state == State::Running)
        return policy == m_policy;
    m_policy = policy;
    return true;
}

bool Container::setImage(const QString &name, const QString &id)
{
    if (m_imageFixed || m_state == State::Starting || m_state == State::Running)
        return id == m_imageId;
    m_imageName = id.isEmpty() ? QString() : name;
    m_imageId = id;
    return true;
}

void Container::fixImage(const QString &name, const QString &id)
{
    m_imageName = name;
    m_imageId = id;
    m_imageFixed = true;
}

void Container::fixNetworkPolicy(const NetworkPolicy &policy)
{
    m_policy = policy;
    m_policyFixed = true;
}

void Container::replaceNetworkPolicy(const NetworkPolicy &policy)
{
    m_pendingPolicy = policy;
    applyPendingPolicy();
}

bool Container::applyPendingPolicy()
{
    if (!m_pendingPolicy || m_current)
        return false;
    const NetworkPolicy policy = *std::exchange(m_pendingPolicy, std::nullopt);
    const bool restart = isAwake();
    m_policy = policy;
    // Not fixed until the next start, which records it in meta.json (ContainerHistory::wake).
    m_policyFixed = false;
    if (restart) {
        // Queued calls stay queued: shutDown() starts the sandbox again for them, now with the new policy.
        shutDown(tr("the network policy changed"), false);
        if (m_state == State::Stopped)
            start();
    }
    Q_EMIT networkPolicyReplaced(policy, restart);
    return true;
}

ShellCall *Container::run(const ShellAction &action, const QStringList &extraEnv)
{
    QStringList env = extraEnv;
    if (m_policy.isEnabled()) {
        // Only with a policy: the relay inside listens on these ports; names resolve at the proxy.
        for (const char *name : {"HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy"})
            env.prepend(QLatin1StringView(name) + u"=http://127.0.0.1:3128"_s);
        env.prepend(u"ALL_PROXY=socks5h://127.0.0.1:1080"_s);
        env.prepend(u"all_proxy=socks5h://127.0.0.1:1080"_s);
        env.prepend(u"NO_PROXY=localhost,127.0.0.1,::1"_s);
        env.prepend(u"no_proxy=localhost,127.0.0.1,::1"_s);
    }
    auto *call = new ShellCall(this, action, env);
    m_queue.append(call);
    m_lastActivityMs = m_nowMs();
    m_lastRunWasCold = m_state == State::Stopped || m_state == State::Failed;
    if (m_lastRunWasCold)
        start();
    scheduleNext();
    return call;
}

void Container::scheduleNext()
{
    if (m_nextScheduled)
        return;
    m_nextScheduled = true;
    // Queued so a caller always gets to connect to a call's signals before anything happens.
    QMetaObject::invokeMethod(
        this,
        [this] {
            m_nextScheduled = false;
            startNext();
        },
        Qt::QueuedConnection);
}

void Container::startNext()
{
    // While init starts, the first command is sent right behind the start-up: init runs it as soon as it is
    // ready, without a round trip through us (see sendExec). From a standby, it goes on READY to the shell
    // init started before CONFIG, which came ahead of READY.
    if (m_current ||
        !(m_state == State::Running || (m_state == State::Starting && m_fd >= 0 && !m_firstShellComing)))
        return;
    // A command never starts while an earlier command's files are being read for its commit (or restored),
    // so each commit holds exactly what its own command changed; onHistorySettled() resumes. The commit of a
    // command that changed nothing reads no file and may still be writing (see ContainerHistory::commit).
    if (!m_history->isSettled())
        return;
    // A person allowed a host while the last call ran: restart with the new policy before the next one.
    if (applyPendingPolicy())
        return;
    while (!m_queue.isEmpty()) {
        QPointer<ShellCall> call = m_queue.takeFirst();
        if (!call || call->isFinished())
            continue;
        m_current = call;
        call->begin();
        return;
    }
}

void Container::callFinished(ShellCall *call)
{
    m_lastActivityMs = m_nowMs();
    if (m_current == call) {
        m_current = nullptr;
        scheduleNext();
    }
    m_queue.removeAll(call);
}

void Container::forgetCall(ShellCall *call)
{
    m_queue.removeAll(call);
    if (m_current == call) {
        if (call->commandId() != 0)
            sendKill(call->commandId());
        m_current = nullptr;
        scheduleNext();
    }
}

void Container::commandStarting(ShellCall *call, int index)
{
    // What a person reads (a code tool's code), not the wrapper that runs it.
    m_history->commandStarting(call->displayCommands().value(index), call->id(), index);
}

void Container::commandCompleted(ShellCall *call, int index, const CommandResult &result)
{
    m_lastActivityMs = m_nowMs();
    CommandMeta meta;
    meta.timedOut = result.outcome.type == CommandOutcome::Type::Timeout;
    meta.exitCode = result.outcome.exitCode;
    meta.durationMs = result.durationMs;
    m_history->commit(call->displayCommands().value(index), meta, call->id(), index);
}

void Container::afterHistorySettled(QObject *context, std::function<void()> fn)
{
    if (m_history->isSettled()) {
        fn();
        return;
    }
    m_afterSave.append({QPointer<QObject>(context), std::move(fn)});
}

void Container::onHistorySettled()
{
    const auto waiting = std::exchange(m_afterSave, {});
    for (const auto &[context, fn] : waiting) {
        if (context)
            fn();
    }
    scheduleNext();
}

QFuture<HistoryResult<Snapshot>> Container::refuseWhileBusy()
{
    HistoryResult<Snapshot> r;
    r.error = tr("a command is running in container %1; restore once it has finished").arg(m_id);
    return QtFuture::makeReadyFuture(r);
}

QFuture<HistoryResult<Snapshot>> Container::restoreFile(const QString &path, const QString &commitId)
{
    if (isBusy())
        return refuseWhileBusy();
    return m_history->restoreFile(path, commitId);
}

QFuture<HistoryResult<Snapshot>> Container::restoreWorkspace(const QString &commitId)
{
    if (isBusy())
        return refuseWhileBusy();
    return m_history->restoreWorkspace(commitId);
}

void Container::dropSpare(bool tellInit)
{
    // A shell spare's bash reads end of file without the end mark and exits without running anything.
    if (tellInit && m_spareStdout >= 0 && m_sparePid > 0 && m_fd >= 0) {
        const QByteArray note = header(SB_MSG_EXEC_SPARE, 0, m_sparePid, 0);
        ::send(m_fd, note.constData(), size_t(note.size()), MSG_NOSIGNAL | MSG_DONTWAIT);
    }
    for (int *fd : {&m_spareFd, &m_spareStdout, &m_spareStderr}) {
        if (*fd >= 0)
            ::close(*fd);
        *fd = -1;
    }
    m_sparePid = 0;
    m_spareEnv.clear();
}

namespace {

// A pipe end opened for reading (O_RDONLY) or writing.
bool isPipeEnd(int fd, int accessMode)
{
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISFIFO(st.st_mode))
        return false;
    const int flags = fcntl(fd, F_GETFL);
    return flags >= 0 && (flags & O_ACCMODE) == accessMode;
}

} // namespace

quint32 Container::sendToReadyShell(const QByteArray &payload, int *stdoutFd, int *stderrFd,
                                    qint32 *startedPid)
{
    *startedPid = -1;
    if (!hasReadyShell() || m_state != State::Running || m_fd < 0 || payload.size() > SB_MAX_PACKET)
        return 0;
    const qsizetype commandEnd = payload.indexOf('\0');
    if (commandEnd < 0)
        return 0;
    const QByteArray env = payload.mid(commandEnd + 1);
    if (env != m_spareEnv) {
        // Started with another environment: it can serve no command of this one. init makes the next spare
        // with the environment of the EXEC that follows.
        dropSpare();
        return 0;
    }
    // The command, then the end mark, in one write into the empty pipe: all of it or nothing.
    QByteArray text = payload.left(commandEnd);
    text.append('\x01');
    const int capacity = fcntl(m_spareFd, F_GETPIPE_SZ);
    if (capacity < 0 || text.size() > capacity)
        return 0; // too long for this pipe: PID 1 takes it, and the spare waits for the next command
    const quint32 id = m_nextCommandId++;
    if (m_nextCommandId == 0)
        m_nextCommandId = 1;
    // A pipe has no MSG_NOSIGNAL: a bash that died must not end this process with SIGPIPE, so the signal
    // is blocked on this thread for the write and taken back if it came.
    sigset_t pipeSignal, previous;
    sigemptyset(&pipeSignal);
    sigaddset(&pipeSignal, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous);
    ssize_t n;
    do {
        n = ::write(m_spareFd, text.constData(), size_t(text.size()));
    } while (n < 0 && errno == EINTR);
    if (n < 0 && errno == EPIPE) {
        const timespec none{};
        while (sigtimedwait(&pipeSignal, nullptr, &none) == SIGPIPE) {
        }
    }
    pthread_sigmask(SIG_SETMASK, &previous, nullptr);
    if (n != text.size()) {
        // Gone (EPIPE) or, impossible for an empty pipe of that capacity, short: either way bash finds no
        // end mark once the pipe closes, and runs nothing.
        dropSpare();
        return 0;
    }
    const qint32 sparePid = m_sparePid;
    const int out = std::exchange(m_spareStdout, -1);
    const int err = std::exchange(m_spareStderr, -1);
    dropSpare(false); // closes the command pipe: bash runs the command
    QString error;
    if (!noteSpareExec(id, sparePid, env, &error)) {
        ::close(out);
        ::close(err);
        return 0;
    }
    *stdoutFd = out;
    *stderrFd = err;
    *startedPid = sparePid;
    return id;
}

bool Container::noteSpareExec(quint32 id, qint32 sparePid, const QByteArray &env, QString *error)
{
    const QByteArray note = header(SB_MSG_EXEC_SPARE, id, sparePid, quint32(env.size())) + env;
    if (::send(m_fd, note.constData(), size_t(note.size()), MSG_NOSIGNAL) != note.size()) {
        *error =
            tr("cannot send the command to the sandbox: %1").arg(QString::fromLocal8Bit(strerror(errno)));
        return false;
    }
    m_liveCommands.insert(id);
    if (m_settings.limits.storageBytes > 0)
        m_storageTimer.start();
    return true;
}

bool Container::sendToSpare(const QByteArray &packet, int stdoutFd, int stderrFd)
{
    if (m_spareFd < 0 || m_state != State::Running)
        return false;
    iovec iov{const_cast<char *>(packet.data()), size_t(packet.size())};
    alignas(cmsghdr) char control[CMSG_SPACE(2 * sizeof(int))] = {};
    msghdr msg{};
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control;
    msg.msg_controllen = sizeof control;
    cmsghdr *cmsg = CMSG_FIRSTHDR(&msg);
    cmsg->cmsg_level = SOL_SOCKET;
    cmsg->cmsg_type = SCM_RIGHTS;
    cmsg->cmsg_len = CMSG_LEN(2 * sizeof(int));
    const int fds[2] = {stdoutFd, stderrFd};
    std::memcpy(CMSG_DATA(cmsg), fds, sizeof fds);
    ssize_t n;
    do {
        n = ::sendmsg(m_spareFd, &msg, MSG_NOSIGNAL | MSG_DONTWAIT);
    } while (n < 0 && errno == EINTR);
    // One command per spare, sent or not: one that failed (EPIPE) died, and init makes the next one.
    ::close(m_spareFd);
    m_spareFd = -1;
    return n == packet.size();
}

quint32 Container::sendExec(const QByteArray &payload, int stdoutFd, int stderrFd, QString *error,
                            qint32 *startedPid)
{
    *startedPid = -1;
    // Starting: init reads the EXEC after it has sent READY (the control socket keeps messages in order).
    if (m_fd < 0 || (m_state != State::Running && m_state != State::Starting)) {
        *error = tr("the sandbox is not running");
        return 0;
    }
    if (payload.size() > SB_MAX_PACKET) {
        *error = tr("the command and its environment exceed %1 bytes").arg(SB_MAX_PACKET);
        return 0;
    }
    const quint32 id = m_nextCommandId++;
    if (m_nextCommandId == 0)
        m_nextCommandId = 1;
    QByteArray packet = header(SB_MSG_EXEC, id, 0, quint32(payload.size())) + payload;
    // The command process init prepared between commands takes it directly: the call costs the execve of
    // bash and no hop through PID 1, which books it from the EXEC_SPARE that follows.
    const qint32 sparePid = m_sparePid;
    if (!hasReadyShell() && sendToSpare(packet, stdoutFd, stderrFd)) {
        m_sparePid = 0;
        const qsizetype commandEnd = payload.indexOf('\0');
        if (!noteSpareExec(id, sparePid, commandEnd < 0 ? QByteArray() : payload.mid(commandEnd + 1), error))
            return 0;
        *startedPid = sparePid;
        return id;
    }
    if (!hasReadyShell())
        m_sparePid = 0;
    iovec iov{packet.data(), size_t(packet.size())};
    alignas(cmsghdr) char control[CMSG_SPACE(2 * sizeof(int))] = {};
    msghdr msg{};
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control;
    msg.msg_controllen = sizeof control;
    cmsghdr *cmsg = CMSG_FIRSTHDR(&msg);
    cmsg->cmsg_level = SOL_SOCKET;
    cmsg->cmsg_type = SCM_RIGHTS;
    cmsg->cmsg_len = CMSG_LEN(2 * sizeof(int));
    const int fds[2] = {stdoutFd, stderrFd};
    std::memcpy(CMSG_DATA(cmsg), fds, sizeof fds);
    ssize_t n;
    do {
        n = ::sendmsg(m_fd, &msg, MSG_NOSIGNAL);
    } while (n < 0 && errno == EINTR);
    if (n != packet.size()) {
        *error =
            tr("cannot send the command to the sandbox: %1").arg(QString::fromLocal8Bit(strerror(errno)));
        return 0;
    }
    m_liveCommands.insert(id);
    // (Re)started: a new command gets a whole interval before its first check, time to free space.
    if (m_settings.limits.storageBytes > 0)
        m_storageTimer.start();
    return id;
}

void Container::setStorageWatchPaused(bool paused)
{
    m_storageWatchPaused = paused;
    updateStorageWatch();
}

void Container::updateStorageWatch()
{
    if (m_liveCommands.isEmpty() || m_settings.limits.storageBytes <= 0 || m_storageWatchPaused) {
        m_storageTimer.stop();
        if (m_storageWatcher) {
            m_storageWatcher->disconnect(this);
            m_storageWatcher->deleteLater();
            m_storageWatcher = nullptr;
        }
    } else if (!m_storageTimer.isActive()) {
        m_storageTimer.start();
    }
}

void Container::checkStorage()
{
    if (m_storageWatcher || m_liveCommands.isEmpty())
        return;
    const QString home = homeDir();
    const QString git = m_settings.historyDir(m_id);
    const qint64 knownGit = m_gitBytes;
    const quint64 generation = m_gitGeneration;
    m_storageWatcher = new QFutureWatcher<std::pair<qint64, qint64>>(this);
    connect(m_storageWatcher, &QFutureWatcherBase::finished, this, [this, generation] {
        const auto [homeBytes, gitBytes] = m_storageWatcher->result();
        m_storageWatcher->deleteLater();
        m_storageWatcher = nullptr;
        onStorageMeasured(homeBytes, gitBytes, generation);
    });
    // Walking a tree can take long: never on this thread. history.git changes only through our own commits,
    // so its size is reused until one of them changes it.
    m_storageWatcher->setFuture(QtConcurrent::run([home, git, knownGit] {
        const qint64 gitBytes = knownGit >= 0 ? knownGit : StorageUsage::treeBytes(git);
        return std::pair<qint64, qint64>(StorageUsage::treeBytes(home), gitBytes);
    }));
}

void Container::onStorageMeasured(qint64 homeBytes, qint64 gitBytes, quint64 gitGeneration)
{
    if (gitGeneration == m_gitGeneration)
        m_gitBytes = gitBytes;
    const qint64 limit = m_settings.limits.storageBytes;
    if (homeBytes + gitBytes <= limit || m_fd < 0 || m_liveCommands.isEmpty())
        return;
    // Everything a command started ends, the running command and what earlier ones left behind; PID 1 stays
    // and the container serves the next command.
    const quint32 running = m_current ? m_current->commandId() : 0;
    const bool background = m_liveCommands.size() > (m_liveCommands.contains(running) ? 1 : 0);
    const QByteArray packet = header(SB_MSG_KILL_ALL, 0, 0, 0);
    if (::send(m_fd, packet.constData(), size_t(packet.size()), MSG_NOSIGNAL) != packet.size()) {
        shutDown(tr("the sandbox is gone"), false);
        return;
    }
    if (running != 0)
        m_current->stopForStorage();
    if (background) {
        const QString message =
            tr("background processes stopped: storage limit of %1 bytes exceeded").arg(limit);
        m_backgroundNote = message;
        appendToInitLog(message);
        Q_EMIT backgroundStopped(message);
    }
}

void Container::appendToInitLog(const QString &line) const
{
    QFile log(m_settings.initLogPath(m_id));
    if (log.open(QIODevice::WriteOnly | QIODevice::Append))
        log.write("sandbench: " + line.toUtf8() + '\n');
}

bool Container::sendKill(quint32 commandId)
{
    if (m_fd < 0)
        return false;
    const QByteArray packet = header(SB_MSG_KILL, commandId, 0, 0);
    return ::send(m_fd, packet.constData(), size_t(packet.size()), MSG_NOSIGNAL) == packet.size();
}

void Container::onControlReadable()
{
    // Several messages may be waiting; handle them all but stop if a handler tore the socket down.
    for (int i = 0; i < 64 && m_fd >= 0; ++i) {
        // Only SB_MSG_SPARE and SB_MSG_LISTENERS carry descriptors; any other that comes is closed.
        iovec iov{m_recvBuffer.data(), size_t(m_recvBuffer.size())};
        alignas(cmsghdr) char control[CMSG_SPACE(4 * sizeof(int))];
        msghdr msg{};
        msg.msg_iov = &iov;
        msg.msg_iovlen = 1;
        msg.msg_control = control;
        msg.msg_controllen = sizeof control;
        const ssize_t n = ::recvmsg(m_fd, &msg, MSG_DONTWAIT | MSG_CMSG_CLOEXEC);
        QList<int> fds;
        for (cmsghdr *c = n > 0 ? CMSG_FIRSTHDR(&msg) : nullptr; c; c = CMSG_NXTHDR(&msg, c)) {
            if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS)
                continue;
            const size_t count = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
            for (size_t k = 0; k < count; ++k) {
                int fd;
                std::memcpy(&fd, CMSG_DATA(c) + k * sizeof(int), sizeof fd);
                fds << fd;
            }
        }
        sb_msg_header peek{};
        if (n >= qsizetype(sizeof peek))
            std::memcpy(&peek, m_recvBuffer.constData(), sizeof peek);
        if (peek.type == SB_MSG_SPARE && fds.size() == 1 && m_state == State::Running && peek.value > 0) {
            dropSpare();
            m_spareFd = fds.takeFirst();
            m_sparePid = peek.value;
        } else if (peek.type == SB_MSG_SPARE && fds.size() == 3 &&
                   (m_state == State::Running || (m_state == State::Starting && m_firstShellComing)) &&
                   peek.value > 0 && isPipeEnd(fds[0], O_WRONLY) && isPipeEnd(fds[1], O_RDONLY) &&
                   isPipeEnd(fds[2], O_RDONLY)) {
            // A shell spare: its output pipes are readied now, between commands, as ShellCall makes its own.
            dropSpare();
            m_spareFd = fds.takeFirst();
            m_spareStdout = fds.takeFirst();
            m_spareStderr = fds.takeFirst();
            for (int fd : {m_spareStdout, m_spareStderr}) {
                fcntl(fd, F_SETPIPE_SZ, ShellCallPipeBytes);
                fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
            }
            fcntl(m_spareFd, F_SETFL, fcntl(m_spareFd, F_GETFL) | O_NONBLOCK);
            fcntl(m_spareFd, F_SETPIPE_SZ, 2 * SB_MAX_PACKET); // room for the longest command
            const qsizetype len = qMin<qsizetype>(peek.payload_len, n - qsizetype(sizeof peek));
            m_spareEnv = QByteArray(m_recvBuffer.constData() + sizeof peek, qMax<qsizetype>(0, len));
            m_sparePid = peek.value;
        }
        if (peek.type == SB_MSG_LISTENERS && fds.size() == 2 && m_state == State::Starting && m_proxy) {
            // init made these in the container's namespace and kept no copy: the proxy accepts there itself.
            // Fail-closed: a listener the proxy does not take is closed, and nothing answers on its port.
            const bool http = m_proxy->adoptListener(fds.takeFirst(), "HTTP\n");
            const bool socks = m_proxy->adoptListener(fds.takeFirst(), "SOCKS\n");
            if (!http || !socks)
                appendToInitLog(u"the egress proxy did not take init's listening sockets"_s);
        }
        for (int fd : std::as_const(fds))
            ::close(fd);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            return;
        if (n <= 0) {
            const bool wasStarting = m_state == State::Starting;
            shutDown(wasStarting ? tr("the sandbox exited during start-up")
                                 : tr("the sandbox stopped unexpectedly"),
                     wasStarting);
            return;
        }
        if (size_t(n) < sizeof(sb_msg_header))
            continue;
        sb_msg_header h;
        std::memcpy(&h, m_recvBuffer.constData(), sizeof h);
        const qsizetype len = qMin<qsizetype>(h.payload_len, n - qsizetype(sizeof h));
        handleMessage(h.type, h.id, h.value, QByteArray(m_recvBuffer.constData() + sizeof h, len));
    }
}

void Container::onInitExited()
{
    // Read what init said before it went (an ERROR explains a failed start), then treat it as gone.
    if (m_fd >= 0)
        onControlReadable();
    if (m_fd < 0)
        return;
    const bool wasStarting = m_state == State::Starting;
    shutDown(wasStarting ? tr("the sandbox exited during start-up") : tr("the sandbox stopped unexpectedly"),
             wasStarting);
}

void Container::handleMessage(quint32 type, quint32 id, qint32 value, const QByteArray &payload)
{
    switch (type) {
    case SB_MSG_READY: {
        if (m_state != State::Starting)
            return;
        m_startTimer.stop();
        m_firstShellComing = false;
        for (const QByteArray &line : payload.split('\n')) {
            const qsizetype eq = line.indexOf('=');
            if (eq > 0)
                m_enforcement.insert(QString::fromUtf8(line.left(eq)).trimmed(),
                                     QString::fromUtf8(line.mid(eq + 1)).trimmed());
        }
        setState(State::Running);
        Q_EMIT started();
        startNext();
        return;
    }
    case SB_MSG_ERROR:
        // A command init could not start has no namespace: nothing of it runs.
        if (id != 0 && m_liveCommands.remove(id))
            updateStorageWatch();
        if (id == 0) {
            QString message = QString::fromUtf8(payload).trimmed();
            if (message.isEmpty())
                message = QString::fromLocal8Bit(strerror(value));
            shutDown(tr("the sandbox failed: %1").arg(message), true);
            return;
        }
        if (m_current && m_current->commandId() == id)
            m_current->handleError(id, value, QString::fromUtf8(payload));
        return;
    case SB_MSG_STARTED:
        if (m_current && m_current->commandId() == id)
            m_current->handleStarted(id, value);
        return;
    case SB_MSG_DONE:
        if (m_current && m_current->commandId() == id)
            m_current->handleDone(id, value);
        return;
    case SB_MSG_REAPED:
        m_liveCommands.remove(id);
        updateStorageWatch();
        return;
    default:
        return;
    }
}
