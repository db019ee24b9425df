// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QByteArrayList>
#include <QString>

#include <functional>

#include <sys/stat.h>
#include <sys/types.h>

// Owns one file descriptor and closes it on destruction.
class UniqueFd
{
public:
    UniqueFd() = default;
    explicit UniqueFd(int fd)
        : m_fd(fd)
    {}
    UniqueFd(UniqueFd &&other) noexcept
        : m_fd(other.release())
    {}
    UniqueFd &operator=(UniqueFd &&other) noexcept;
    UniqueFd(const UniqueFd &) = delete;
    UniqueFd &operator=(const UniqueFd &) = delete;
    ~UniqueFd();

    int get() const { return m_fd; }
    bool isValid() const { return m_fd >= 0; }
    int release();
    void reset(int fd = -1);

private:
    int m_fd = -1;
};

// Host-side file system helpers that never follow a symlink planted by a container.
namespace SafeFs {

// Opens a trusted host directory (the home dir itself) without following a final symlink.
UniqueFd openDirectory(const QString &path, QString *error);

// Splits a relative path into components; refuses empty, absolute, NUL, "." and ".." components.
bool splitRelativePath(const QByteArray &path, QByteArrayList *parts, QString *error);

// Walks the directories of parts[0..n-2] below rootFd with O_NOFOLLOW. With create, missing
// components are made (and anything that is not a real directory in the way is replaced), owned by uid/gid.
UniqueFd openParent(int rootFd, const QByteArrayList &parts, bool create, uid_t uid, gid_t gid,
                    QString *error);

// Opens a path below rootFd that must stay below it: openat2(RESOLVE_BENEATH) where the kernel has it,
// otherwise a component walk that refuses every symlink.
UniqueFd openBeneath(int rootFd, const QByteArray &relPath, int flags, QString *error);

// Removes name (file, symlink or whole directory tree) below dirFd without following symlinks.
bool removeTree(int dirFd, const QByteArray &name);

// Atomically replaces name in dirFd with a regular file (temp file + rename); never writes through a link.
bool writeFileAt(int dirFd, const QByteArray &name, const QByteArray &data, mode_t mode, uid_t uid, gid_t gid,
                 QString *error);

// The same, with the content written by fill into the new file's descriptor (which may leave holes);
// fill returns false (and sets *error) to give up, and nothing is replaced.
bool writeFileAt(int dirFd, const QByteArray &name, const std::function<bool(int fd, QString *error)> &fill,
                 mode_t mode, uid_t uid, gid_t gid, QString *error);

// Atomically replaces name in dirFd with a symlink to target.
bool writeSymlinkAt(int dirFd, const QByteArray &name, const QByteArray &target, uid_t uid, gid_t gid,
                    QString *error);

// lchown that is a no-op unless we run as root (otherwise the files are ours already).
void chownIfRoot(int dirFd, const QByteArray &name, uid_t uid, gid_t gid);

QString errnoString(int err);

} // namespace SafeFs
