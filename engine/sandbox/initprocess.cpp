// SPDX-License-Identifier: GPL-3.0-or-later
#include "initprocess.h"

#include "init/protocol.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTimer>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

using namespace Qt::StringLiterals;

namespace {

constexpr int ReapGraceMs = 5000;
constexpr int RefillDelayMs = 300;
// See InitSpawner::finishReleasedOnTheirOwnAtExit. Main thread only.
bool g_finishOnTheirOwnAtExit = false;

// Waits for a launcher whose control socket we closed and kills it if it lingers, so no zombie or stray
// sandbox outlives the engine's interest in it.
class InitReaper : public QObject
{
public:
    explicit InitReaper(pid_t pid)
        : QObject(QCoreApplication::instance())
        , m_pid(pid)
    {
        m_poll.setInterval(20);
        connect(&m_poll, &QTimer::timeout, this, &InitReaper::poll);
        m_poll.start();
        m_clock.start();
    }
    ~InitReaper() override
    {
        // At application exit wait (at most ReapGraceMs / 2.5) so init can remove its cgroups, then make sure
        // it is gone. A pidfd wakes us the moment it exits: a one-shot command's exit waits for nothing else.
        if (m_pid <= 0 || g_finishOnTheirOwnAtExit)
            return;
        const int pidfd = int(syscall(SYS_pidfd_open, m_pid, 0));
        QElapsedTimer clock;
        clock.start();
        while (waitpid(m_pid, nullptr, WNOHANG) == 0) {
            const qint64 left = 2000 - clock.elapsed();
            if (left <= 0) {
                ::kill(m_pid, SIGKILL);
                waitpid(m_pid, nullptr, 0);
                break;
            }
            if (pidfd >= 0) {
                pollfd p{pidfd, POLLIN, 0};
                ::poll(&p, 1, int(left));
            } else {
                usleep(1000);
            }
        }
        if (pidfd >= 0)
            ::close(pidfd);
    }

private:
    void poll()
    {
        const pid_t r = waitpid(m_pid, nullptr, WNOHANG);
        if (r == m_pid || (r < 0 && errno == ECHILD)) {
            m_pid = -1;
            m_poll.stop();
            deleteLater();
            return;
        }
        if (m_clock.elapsed() > ReapGraceMs)
            ::kill(m_pid, SIGKILL);
    }

    pid_t m_pid;
    QTimer m_poll;
    QElapsedTimer m_clock;
};

int moveHigh(int fd)
{
    // Keep our fds clear of 0-3 so the spawn file actions never clobber each other.
    const int high = fcntl(fd, F_DUPFD_CLOEXEC, 10);
    ::close(fd);
    return high;
}

QString errnoText(int err)
{
    return QString::fromLocal8Bit(strerror(err));
}

} // namespace

QByteArrayList InitSpawner::commonArguments(const SandboxSettings &settings)
{
    QByteArrayList args;
    if (geteuid() == 0) {
        args << "--host-uid" << QByteArray::number(SandboxSettings::sandboxHostUid()) << "--host-gid"
             << QByteArray::number(SandboxSettings::sandboxHostGid());
    }
    const ResourceLimits &l = settings.limits;
    args << "--memory" << QByteArray::number(l.memoryBytes) << "--pids" << QByteArray::number(l.maxProcesses)
         << "--cpus" << QByteArray::number(l.cpus, 'g', 6) << "--fsize" << QByteArray::number(l.storageBytes)
         << "--tmp-size" << QByteArray::number(l.tmpBytes) << "--nofile" << QByteArray::number(l.maxOpenFiles)
         << "--cgroup" << settings.cgroupMode.toUtf8();
    return args;
}

std::optional<InitProcess> InitSpawner::spawn(const SandboxSettings &settings,
                                              const QByteArrayList &arguments, const QString &logPath,
                                              QString *error)
{
    const QString initPath = settings.resolvedInitPath();
    if (::access(QFile::encodeName(initPath).constData(), X_OK) != 0) {
        *error =
            QCoreApplication::translate("InitSpawner", "the sandbox helper %1 is missing or not executable")
                .arg(initPath);
        return std::nullopt;
    }
    const QByteArray logFile = QFile::encodeName(logPath);
    // O_APPEND: the engine adds its own lines (Container::appendToInitLog) while init writes.
    int logFd = ::open(logFile.constData(), O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0600);
    if (logFd < 0) {
        *error =
            QCoreApplication::translate("InitSpawner", "cannot open %1: %2").arg(logPath, errnoText(errno));
        return std::nullopt;
    }
    logFd = moveHigh(logFd);

    int sv[2];
    if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) != 0) {
        *error = QCoreApplication::translate("InitSpawner", "cannot create the control socket: %1")
                     .arg(errnoText(errno));
        ::close(logFd);
        return std::nullopt;
    }
    const int ours = moveHigh(sv[0]);
    const int theirs = moveHigh(sv[1]);

    QByteArrayList args{QFile::encodeName(initPath)};
    args << arguments;
    std::vector<char *> argv;
    for (QByteArray &a : args)
        argv.push_back(a.data());
    argv.push_back(nullptr);

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, logFd, 1);
    posix_spawn_file_actions_adddup2(&actions, logFd, 2);
    posix_spawn_file_actions_adddup2(&actions, theirs, SB_CONTROL_FD);
    posix_spawn_file_actions_addclosefrom_np(&actions, SB_CONTROL_FD + 1);
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    posix_spawnattr_setsigmask(&attr, &none);
    posix_spawnattr_setsigdefault(&attr, &all);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    pid_t pid = -1;
    const int rc = posix_spawn(&pid, argv[0], &actions, &attr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    ::close(theirs);
    ::close(logFd);
    if (rc != 0) {
        ::close(ours);
        *error =
            QCoreApplication::translate("InitSpawner", "cannot start %1: %2").arg(initPath, errnoText(rc));
        return std::nullopt;
    }
    fcntl(ours, F_SETFL, fcntl(ours, F_GETFL) | O_NONBLOCK);
    return InitProcess{pid, ours, logPath};
}

std::optional<InitProcess> InitSpawner::spawnStandby(const SandboxSettings &settings, QString *error)
{
    const QString dir = settings.containersDir();
    if (!QDir().mkpath(dir)) {
        *error = QCoreApplication::translate("InitSpawner", "cannot create %1").arg(dir);
        return std::nullopt;
    }
    QByteArrayList args{"--standby"};
    args << commonArguments(settings);
    static int counter = 0;
    const QString log = dir + u"/.standby-%1-%2.log"_s.arg(QCoreApplication::applicationPid()).arg(++counter);
    return spawn(settings, args, log, error);
}

void InitSpawner::release(InitProcess &process)
{
    if (process.controlFd >= 0) {
        ::close(process.controlFd); // init sees EOF, kills every process of the container and exits
        process.controlFd = -1;
    }
    if (process.pid > 0) {
        new InitReaper(pid_t(process.pid));
        process.pid = -1;
    }
}

void InitSpawner::finishReleasedOnTheirOwnAtExit()
{
    g_finishOnTheirOwnAtExit = true;
}

StandbyPool::StandbyPool(const SandboxSettings &settings, QObject *parent)
    : QObject(parent)
    , m_settings(settings)
    , m_ageTimer(new QTimer(this))
{
    m_ageTimer->setSingleShot(true);
    m_ageTimer->setInterval(MaxSpareAgeMs);
    connect(m_ageTimer, &QTimer::timeout, this, &StandbyPool::renew);
}

StandbyPool::~StandbyPool()
{
    dropSpare();
}

void StandbyPool::dropSpare()
{
    m_ageTimer->stop();
    if (m_spare) {
        QFile::remove(m_spare->logPath);
        InitSpawner::release(*m_spare);
        m_spare.reset();
    }
}

void StandbyPool::setEnabled(bool enabled)
{
    m_enabled = enabled;
    if (enabled)
        refill();
    else
        dropSpare();
}

void StandbyPool::renew()
{
    dropSpare();
    refill();
}

std::optional<InitProcess> StandbyPool::take()
{
    std::optional<InitProcess> spare = std::exchange(m_spare, std::nullopt);
    m_ageTimer->stop();
    if (spare) {
        // A standby that died (killed, or its cgroup could not be made) shows as a readable EOF.
        char probe;
        if (::recv(spare->controlFd, &probe, 1, MSG_PEEK | MSG_DONTWAIT) == 0) {
            InitSpawner::release(*spare);
            spare.reset();
        }
    }
    if (m_enabled && !m_refillScheduled) {
        m_refillScheduled = true;
        // Not at once: the spare's cgroup attach blocks every fork on the machine until an RCU grace period
        // passes, which would slow down the very container we just handed out.
        QTimer::singleShot(RefillDelayMs, this, [this] {
            m_refillScheduled = false;
            refill();
        });
    }
    return spare;
}

void StandbyPool::adopt(InitProcess process)
{
    if (m_spare) {
        QFile::remove(process.logPath);
        InitSpawner::release(process);
        return;
    }
    m_spare = process;
    m_ageTimer->start();
}

void StandbyPool::refill()
{
    if (!m_enabled || m_spare)
        return;
    QString error;
    m_spare = InitSpawner::spawnStandby(m_settings, &error);
    if (m_spare)
        m_ageTimer->start();
    else
        qWarning("sandbench: cannot start a standby sandbox launcher: %s", qPrintable(error));
}
