// SPDX-License-Identifier: GPL-3.0-or-later
#include "mcprelay.h"

#include "sandbox/history/containerregistry.h"

#include <QFile>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

bool writeAll(int fd, const char *data, size_t size)
{
    while (size > 0) {
        const ssize_t n = ::write(fd, data, size);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            pollfd p{fd, POLLOUT, 0};
            ::poll(&p, 1, -1);
            continue;
        }
        if (n <= 0)
            return false;
        data += n;
        size -= size_t(n);
    }
    return true;
}

} // namespace

QString McpRelay::socketPath(const QString &dataDir, const QString &workspace)
{
    const QString dir = ContainerRegistry(dataDir).workspaceDir(workspace);
    return dir.isEmpty() ? dir : dir + u'/' + QLatin1StringView(SocketName);
}

int McpRelay::connectToEngine(const QString &dataDir, const QString &workspace, pid_t *pid, QString *why)
{
    why->clear();
    const QString dir = ContainerRegistry(dataDir).workspaceDir(workspace);
    if (dir.isEmpty())
        return -1;
    // The directory is held open, so the checks and the connect see the same one.
    const int dirFd = ::open(QFile::encodeName(dir).constData(), O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (dirFd < 0)
        return -1; // no workspace directory yet: nothing serves it
    const uid_t me = ::geteuid();
    struct stat dirStat
    {
    };
    struct stat sockStat
    {
    };
    int fd = -1;
    const auto done = [&](const QString &reason) {
        *why = reason;
        if (fd >= 0)
            ::close(fd);
        ::close(dirFd);
        return -1;
    };
    if (::fstat(dirFd, &dirStat) != 0 || dirStat.st_uid != me || (dirStat.st_mode & 022) != 0)
        return done(u"the workspace directory %1 is not yours alone (owner or group/other write "
                    "permission); its socket is not used"_s.arg(dir));
    if (::fstatat(dirFd, SocketName, &sockStat, AT_SYMLINK_NOFOLLOW) != 0)
        return done({}); // no engine has served this workspace
    if (!S_ISSOCK(sockStat.st_mode) || sockStat.st_uid != me)
        return done(u"%1 is not a socket of yours; it is not used"_s.arg(socketPath(dataDir, workspace)));
    fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return done(u"cannot make a socket: %1"_s.arg(QString::fromLocal8Bit(std::strerror(errno))));
    // Through the held directory: the path stays short whatever the data directory's length.
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    std::snprintf(address.sun_path, sizeof address.sun_path, "/proc/self/fd/%d/%s", dirFd, SocketName);
    int rc;
    do
        rc = ::connect(fd, reinterpret_cast<const sockaddr *>(&address), sizeof address);
    while (rc != 0 && errno == EINTR);
    if (rc != 0)
        return done(errno == ECONNREFUSED || errno == ENOENT
                        ? u"no engine serves it any more (a socket left behind)"_s
                        : u"cannot connect to %1: %2"_s.arg(socketPath(dataDir, workspace),
                                                            QString::fromLocal8Bit(std::strerror(errno))));
    ucred peer{};
    socklen_t length = sizeof peer;
    if (::getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &peer, &length) != 0 || peer.uid != me)
        return done(u"the program serving %1 runs as another user; it is not used"_s.arg(
            socketPath(dataDir, workspace)));
    ::close(dirFd);
    if (pid)
        *pid = peer.pid;
    return fd;
}

int McpRelay::run(int engineFd, int inputFd, int outputFd, const volatile std::sig_atomic_t *stop,
                  QString *error)
{
    char buffer[65536];
    pollfd fds[2] = {{inputFd, POLLIN, 0}, {engineFd, POLLIN, 0}};
    for (;;) {
        if (stop && *stop)
            return 0; // the engine sees the connection close and ends the session's calls
        if (::poll(fds, 2, -1) < 0) {
            if (errno == EINTR)
                continue;
            *error = u"poll: %1"_s.arg(QString::fromLocal8Bit(std::strerror(errno)));
            return 1;
        }
        // The engine's answers first, so nothing it said before a close is lost.
        if (fds[1].revents != 0) {
            const ssize_t n = ::read(engineFd, buffer, sizeof buffer);
            if (n < 0 && (errno == EINTR || errno == EAGAIN))
                continue;
            if (n <= 0) {
                *error = u"the engine serving this workspace stopped (the window closed or its local API "
                         "was turned off); this MCP session has ended"_s;
                return 1;
            }
            if (!writeAll(outputFd, buffer, size_t(n)))
                return 0; // the client stopped reading: it is gone
        }
        if (fds[0].revents != 0) {
            const ssize_t n = ::read(inputFd, buffer, sizeof buffer);
            if (n < 0 && (errno == EINTR || errno == EAGAIN))
                continue;
            if (n <= 0) {
                // End of input ends the session, as in-process: the engine closes it and cancels its calls.
                ::shutdown(engineFd, SHUT_WR);
                // What it still says about messages it already had (a last answer) reaches the client.
                pollfd drain{engineFd, POLLIN, 0};
                while (::poll(&drain, 1, 5000) > 0) {
                    const ssize_t m = ::read(engineFd, buffer, sizeof buffer);
                    if (m <= 0 || !writeAll(outputFd, buffer, size_t(m)))
                        break;
                }
                return 0;
            }
            if (!writeAll(engineFd, buffer, size_t(n))) {
                *error = u"the engine serving this workspace stopped; this MCP session has ended"_s;
                return 1;
            }
        }
    }
}
