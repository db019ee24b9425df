// SPDX-License-Identifier: GPL-3.0-or-later
#include "safefs.h"

#include <QFile>
#include <QRandomGenerator>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <sys/syscall.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

UniqueFd &UniqueFd::operator=(UniqueFd &&other) noexcept
{
    if (this != &other)
        reset(other.release());
    return *this;
}

UniqueFd::~UniqueFd()
{
    reset();
}

int UniqueFd::release()
{
    const int fd = m_fd;
    m_fd = -1;
    return fd;
}

void UniqueFd::reset(int fd)
{
    if (m_fd >= 0)
        ::close(m_fd);
    m_fd = fd;
}

namespace SafeFs {

QString errnoString(int err)
{
    return QString::fromLocal8Bit(std::strerror(err));
}

UniqueFd openDirectory(const QString &path, QString *error)
{
    UniqueFd fd(::open(QFile::encodeName(path).constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!fd.isValid() && error)
        *error = u"cannot open directory %1: %2"_s.arg(path, errnoString(errno));
    return fd;
}

bool splitRelativePath(const QByteArray &path, QByteArrayList *parts, QString *error)
{
    auto fail = [error](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    if (path.isEmpty())
        return fail(u"empty path"_s);
    if (path.contains('\0'))
        return fail(u"path contains a NUL character"_s);
    if (path.startsWith('/'))
        return fail(u"absolute paths are not allowed: %1"_s.arg(QString::fromUtf8(path)));
    const QByteArrayList split = path.split('/');
    parts->clear();
    for (const QByteArray &part : split) {
        if (part == "..")
            return fail(u"path leaves the home directory (\"..\"): %1"_s.arg(QString::fromUtf8(path)));
        if (part.isEmpty() || part == ".")
            return fail(u"path has an empty or \".\" component: %1"_s.arg(QString::fromUtf8(path)));
        parts->append(part);
    }
    return true;
}

void chownIfRoot(int dirFd, const QByteArray &name, uid_t uid, gid_t gid)
{
    if (::geteuid() == 0)
        (void)::fchownat(dirFd, name.constData(), uid, gid, AT_SYMLINK_NOFOLLOW);
}

UniqueFd openParent(int rootFd, const QByteArrayList &parts, bool create, uid_t uid, gid_t gid,
                    QString *error)
{
    UniqueFd current(::fcntl(rootFd, F_DUPFD_CLOEXEC, 0));
    for (qsizetype i = 0; i + 1 < parts.size(); ++i) {
        const QByteArray &name = parts.at(i);
        int fd = ::openat(current.get(), name.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0 && create && (errno == ENOENT || errno == ENOTDIR || errno == ELOOP)) {
            // Whatever stands in the way (a file, or a symlink the container planted) is replaced
            // by a real directory: restoring must recreate the saved layout, never follow a link.
            if (errno != ENOENT)
                removeTree(current.get(), name);
            if (::mkdirat(current.get(), name.constData(), 0755) == 0 || errno == EEXIST) {
                chownIfRoot(current.get(), name, uid, gid);
                fd = ::openat(current.get(), name.constData(),
                              O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            }
        }
        if (fd < 0) {
            if (error)
                *error = u"cannot open directory %1: %2"_s.arg(
                    QString::fromUtf8(parts.mid(0, i + 1).join('/')), errnoString(errno));
            return {};
        }
        current.reset(fd);
    }
    return current;
}

static UniqueFd openBeneathManual(int rootFd, const QByteArray &relPath, int flags, QString *error)
{
    QByteArrayList parts;
    if (!splitRelativePath(relPath, &parts, error))
        return {};
    UniqueFd parent = openParent(rootFd, parts, false, 0, 0, error);
    if (!parent.isValid())
        return {};
    UniqueFd fd(::openat(parent.get(), parts.last().constData(), flags | O_NOFOLLOW | O_CLOEXEC));
    if (!fd.isValid() && error)
        *error = u"cannot open %1: %2"_s.arg(QString::fromUtf8(relPath), errnoString(errno));
    return fd;
}

UniqueFd openBeneath(int rootFd, const QByteArray &relPath, int flags, QString *error)
{
    static std::atomic<bool> haveOpenat2 = true;
    if (haveOpenat2.load(std::memory_order_relaxed)) {
        open_how how{};
        how.flags = quint64(flags | O_CLOEXEC);
        how.resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS | RESOLVE_NO_XDEV;
        const QByteArray path = relPath;
        const int fd = int(::syscall(SYS_openat2, rootFd, path.constData(), &how, sizeof how));
        if (fd >= 0)
            return UniqueFd(fd);
        if (errno != ENOSYS) {
            if (error) {
                if (errno == EXDEV || errno == ELOOP)
                    *error = u"%1 points outside the home directory"_s.arg(QString::fromUtf8(relPath));
                else
                    *error = u"cannot open %1: %2"_s.arg(QString::fromUtf8(relPath), errnoString(errno));
            }
            return {};
        }
        haveOpenat2.store(false, std::memory_order_relaxed);
    }
    return openBeneathManual(rootFd, relPath, flags, error);
}

static bool removeChildren(int dirFd)
{
    DIR *dir = ::fdopendir(::openat(dirFd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (!dir)
        return false;
    QByteArrayList names;
    while (dirent *entry = ::readdir(dir)) {
        const QByteArray name(entry->d_name);
        if (name != "." && name != "..")
            names.append(name);
    }
    ::closedir(dir);
    bool ok = true;
    for (const QByteArray &name : names)
        ok = removeTree(dirFd, name) && ok;
    return ok;
}

bool removeTree(int dirFd, const QByteArray &name)
{
    if (::unlinkat(dirFd, name.constData(), 0) == 0 || errno == ENOENT)
        return true;
    if (errno != EISDIR && errno != EPERM)
        return false;
    UniqueFd sub(::openat(dirFd, name.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!sub.isValid())
        return false;
    // A container may have made the directory read-only; we own it on the host, so open it up.
    (void)::fchmod(sub.get(), 0700);
    removeChildren(sub.get());
    sub.reset();
    return ::unlinkat(dirFd, name.constData(), AT_REMOVEDIR) == 0 || errno == ENOENT;
}

static QByteArray tempName()
{
    return ".sbrestore-" + QByteArray::number(QRandomGenerator::global()->generate64(), 36);
}

static bool replaceWith(int dirFd, const QByteArray &tmp, const QByteArray &name, QString *error)
{
    if (::renameat(dirFd, tmp.constData(), dirFd, name.constData()) == 0)
        return true;
    if (errno == EISDIR || errno == ENOTEMPTY || errno == EEXIST) {
        removeTree(dirFd, name);
        if (::renameat(dirFd, tmp.constData(), dirFd, name.constData()) == 0)
            return true;
    }
    const int err = errno;
    ::unlinkat(dirFd, tmp.constData(), 0);
    if (error)
        *error = u"cannot replace %1: %2"_s.arg(QString::fromUtf8(name), errnoString(err));
    return false;
}

bool writeFileAt(int dirFd, const QByteArray &name, const QByteArray &data, mode_t mode, uid_t uid, gid_t gid,
                 QString *error)
{
    return writeFileAt(
        dirFd, name,
        [&](int fd, QString *why) {
            qsizetype done = 0;
            while (done < data.size()) {
                const ssize_t n = ::write(fd, data.constData() + done, size_t(data.size() - done));
                if (n < 0 && errno == EINTR)
                    continue;
                if (n <= 0) {
                    if (why)
                        *why = u"cannot write %1: %2"_s.arg(QString::fromUtf8(name), errnoString(errno));
                    return false;
                }
                done += n;
            }
            return true;
        },
        mode, uid, gid, error);
}

bool writeFileAt(int dirFd, const QByteArray &name, const std::function<bool(int fd, QString *error)> &fill,
                 mode_t mode, uid_t uid, gid_t gid, QString *error)
{
    const QByteArray tmp = tempName();
    UniqueFd fd(::openat(dirFd, tmp.constData(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600));
    if (!fd.isValid()) {
        if (error)
            *error = u"cannot create %1: %2"_s.arg(QString::fromUtf8(name), errnoString(errno));
        return false;
    }
    if (!fill(fd.get(), error)) {
        fd.reset();
        ::unlinkat(dirFd, tmp.constData(), 0);
        return false;
    }
    if (::geteuid() == 0)
        (void)::fchown(fd.get(), uid, gid);
    (void)::fchmod(fd.get(), mode & 07777);
    fd.reset();
    return replaceWith(dirFd, tmp, name, error);
}

bool writeSymlinkAt(int dirFd, const QByteArray &name, const QByteArray &target, uid_t uid, gid_t gid,
                    QString *error)
{
    const QByteArray tmp = tempName();
    if (::symlinkat(target.constData(), dirFd, tmp.constData()) != 0) {
        if (error)
            *error = u"cannot create symlink %1: %2"_s.arg(QString::fromUtf8(name), errnoString(errno));
        return false;
    }
    chownIfRoot(dirFd, tmp, uid, gid);
    return replaceWith(dirFd, tmp, name, error);
}

} // namespace SafeFs
