// SPDX-License-Identifier: GPL-3.0-or-later
#include "frontlauncher.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

constexpr const char *kVariable = "SANDBENCH_FRONT_LAUNCHER";

struct Named
{
    qint64 pid = -1;
    int fd = -1;
    QString log;
};
std::optional<Named> g_named;

bool isSeqpacketSocket(int fd)
{
    struct stat st;
    if (::fstat(fd, &st) != 0 || !S_ISSOCK(st.st_mode))
        return false;
    int type = 0;
    socklen_t len = sizeof type;
    return ::getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &len) == 0 && type == SOCK_SEQPACKET;
}

// The parent pid in /proc/PID/stat (the field after the parenthesised name, which may hold anything).
qint64 parentOf(qint64 pid)
{
    QFile f(u"/proc/%1/stat"_s.arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray stat = f.read(4096);
    const qsizetype close = stat.lastIndexOf(')');
    if (close < 0)
        return -1;
    const QList<QByteArray> fields = stat.mid(close + 2).split(' ');
    return fields.size() > 1 ? fields.at(1).toLongLong() : -1;
}

QByteArrayList commandLineOf(qint64 pid)
{
    QFile f(u"/proc/%1/cmdline"_s.arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QByteArray all = f.read(64 * 1024);
    if (all.endsWith('\0'))
        all.chop(1);
    return all.isEmpty() ? QByteArrayList() : all.split('\0');
}

} // namespace

void FrontLauncher::takeFromEnvironment()
{
    const QByteArray value = qgetenv(kVariable);
    if (value.isNull())
        return;
    ::unsetenv(kVariable);
    const qsizetype a = value.indexOf(':');
    const qsizetype b = a < 0 ? -1 : value.indexOf(':', a + 1);
    if (b < 0)
        return;
    bool pidOk = false, fdOk = false;
    const qint64 pid = value.left(a).toLongLong(&pidOk);
    const int fd = value.mid(a + 1, b - a - 1).toInt(&fdOk);
    if (!pidOk || !fdOk || pid <= 0 || fd <= 2 || !isSeqpacketSocket(fd))
        return; // not ours to touch
    ::fcntl(fd, F_SETFD, FD_CLOEXEC);
    g_named = Named{pid, fd, QFile::decodeName(value.mid(b + 1))};
}

void FrontLauncher::discard()
{
    const std::optional<Named> named = std::exchange(g_named, std::nullopt);
    if (!named)
        return;
    if (parentOf(named->pid) != qint64(::getpid())) {
        ::close(named->fd);
        return;
    }
    // Only the name the front gives its log (with our pid: the front was this process).
    const QFileInfo log(named->log);
    if (log.fileName() == u".standby-%1-0.log"_s.arg(::getpid()) && log.isFile() && !log.isSymLink())
        QFile::remove(named->log);
    InitProcess process{named->pid, named->fd, named->log};
    InitSpawner::release(process);
}

std::optional<InitProcess> FrontLauncher::take(const SandboxSettings &settings)
{
    const std::optional<Named> named = std::exchange(g_named, std::nullopt);
    if (!named)
        return std::nullopt;
    if (parentOf(named->pid) != qint64(::getpid())) {
        ::close(named->fd); // a socket named to us for this, by someone else: not a launcher of ours
        return std::nullopt;
    }
    InitProcess process{named->pid, named->fd, named->log};
    const QFileInfo log(named->log);
    const bool logHere = log.fileName().startsWith(u".standby-"_s) && log.fileName().endsWith(u".log"_s) &&
                         !log.isSymLink() && log.isFile() &&
                         log.absoluteDir().canonicalPath() == QDir(settings.containersDir()).canonicalPath();
    QByteArrayList expected{QFile::encodeName(settings.resolvedInitPath()), "--standby"};
    expected << InitSpawner::commonArguments(settings);
    const QByteArrayList actual = commandLineOf(named->pid);
    if (logHere && actual == expected) {
        ::fcntl(process.controlFd, F_SETFL, ::fcntl(process.controlFd, F_GETFL) | O_NONBLOCK);
        return process; // a dead one shows as EOF to StandbyPool::take, which releases it
    }
    if (!actual.isEmpty()) // empty: it has exited already
        fprintf(stderr,
                "sandbench: the launcher started ahead does not fit these settings; starting another\n");
    if (logHere)
        QFile::remove(named->log);
    InitSpawner::release(process);
    return std::nullopt;
}
