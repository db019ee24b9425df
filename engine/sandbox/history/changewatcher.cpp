// SPDX-License-Identifier: GPL-3.0-or-later
#include "changewatcher.h"

#include <cerrno>
#include <dirent.h>
#include <fcntl.h>
#include <mutex>
#include <sys/inotify.h>
#include <sys/ioctl.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

static constexpr quint32 kMask = IN_CREATE | IN_DELETE | IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE |
                                 IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR |
                                 IN_EXCL_UNLINK;

ChangeWatcher::~ChangeWatcher()
{
    stop();
}

bool ChangeWatcher::start(const QString &homeDir, QString *error)
{
    QMutexLocker lock(&m_mutex);
    return startLocked(homeDir, error);
}

void ChangeWatcher::stop()
{
    QMutexLocker lock(&m_mutex);
    stopLocked();
}

bool ChangeWatcher::isRunning() const
{
    QMutexLocker lock(&m_mutex);
    return m_inotify.isValid();
}

bool ChangeWatcher::isQuiet() const
{
    std::unique_lock lock(m_mutex, std::try_to_lock);
    if (!lock.owns_lock() || !m_inotify.isValid() || m_lost || m_degraded || !m_paths.isEmpty())
        return false;
    int pending = 0;
    return ::ioctl(m_inotify.get(), FIONREAD, &pending) == 0 && pending == 0;
}

bool ChangeWatcher::startLocked(const QString &homeDir, QString *error)
{
    stopLocked();
    m_homeDir = homeDir;
    m_home = SafeFs::openDirectory(homeDir, error);
    if (!m_home.isValid())
        return false;
    m_inotify.reset(::inotify_init1(IN_NONBLOCK | IN_CLOEXEC));
    if (!m_inotify.isValid()) {
        if (error)
            *error = u"inotify: %1"_s.arg(SafeFs::errnoString(errno));
        return false;
    }
    if (!addTree(m_home.get(), QByteArray())) {
        // Out of watches: keep running, but every hint says "scan everything".
        m_degraded = true;
    }
    return true;
}

void ChangeWatcher::stopLocked()
{
    m_inotify.reset();
    m_home.reset();
    m_wdPath.clear();
    m_paths.clear();
    m_lost = false;
    m_degraded = false;
}

bool ChangeWatcher::addTree(int dirFd, const QByteArray &rel)
{
    // Watching through /proc/self/fd pins the directory we opened without following any symlink.
    const QByteArray procPath = "/proc/self/fd/" + QByteArray::number(dirFd);
    const int wd = ::inotify_add_watch(m_inotify.get(), procPath.constData(), kMask);
    if (wd < 0)
        return false;
    m_wdPath.insert(wd, rel);
    DIR *dir = ::fdopendir(::openat(dirFd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (!dir)
        return true;
    bool ok = true;
    while (dirent *de = ::readdir(dir)) {
        if (de->d_type != DT_DIR && de->d_type != DT_UNKNOWN)
            continue;
        const QByteArray name(de->d_name);
        if (name == "." || name == "..")
            continue;
        UniqueFd sub(::openat(dirFd, de->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
        if (sub.isValid())
            ok = addTree(sub.get(), rel.isEmpty() ? name : rel + '/' + name) && ok;
    }
    ::closedir(dir);
    return ok;
}

void ChangeWatcher::addNewDirectory(const QByteArray &rel)
{
    QByteArrayList parts;
    if (!SafeFs::splitRelativePath(rel, &parts, nullptr))
        return;
    UniqueFd parent = SafeFs::openParent(m_home.get(), parts, false, 0, 0, nullptr);
    if (!parent.isValid())
        return;
    UniqueFd dir(
        ::openat(parent.get(), parts.last().constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (dir.isValid() && !addTree(dir.get(), rel))
        m_degraded = true;
}

ChangeHint ChangeWatcher::takeHint()
{
    QMutexLocker lock(&m_mutex);
    if (!m_inotify.isValid())
        return ChangeHint::anything();
    QByteArrayList newDirs;
    bool rebuild = false;
    alignas(inotify_event) char buf[64 * 1024];
    for (;;) {
        const ssize_t n = ::read(m_inotify.get(), buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        for (ssize_t off = 0; off < n;) {
            const auto *ev = reinterpret_cast<const inotify_event *>(buf + off);
            off += ssize_t(sizeof(inotify_event) + ev->len);
            if (ev->mask & IN_Q_OVERFLOW) {
                m_lost = true;
                continue;
            }
            const auto it = m_wdPath.constFind(ev->wd);
            if (it == m_wdPath.cend())
                continue; // a watch removed earlier in this batch
            const QByteArray dirRel = *it;
            if (ev->mask & IN_IGNORED) {
                m_wdPath.remove(ev->wd);
                continue;
            }
            if (ev->mask & (IN_DELETE_SELF | IN_MOVE_SELF)) {
                if (dirRel.isEmpty())
                    m_lost = true;
                else
                    m_paths.insert(dirRel);
                if (ev->mask & IN_MOVE_SELF)
                    rebuild = true;
                continue;
            }
            if (ev->len == 0)
                continue;
            const QByteArray name(ev->name);
            const QByteArray path = dirRel.isEmpty() ? name : dirRel + '/' + name;
            m_paths.insert(path);
            if (ev->mask & IN_ISDIR) {
                if (ev->mask & (IN_CREATE | IN_MOVED_TO))
                    newDirs.append(path);
                if (ev->mask & IN_MOVED_FROM)
                    rebuild = true; // watches below it now report under a stale path
            }
        }
    }
    if (rebuild) {
        // Rare (a directory renamed inside home): start over with fresh watches and scan everything once.
        const QString home = m_homeDir;
        startLocked(home, nullptr);
        return ChangeHint::anything();
    }
    // Watch new directories before the store scans them: anything written there before the watch
    // existed is covered by that scan, anything after it raises an event for the next hint.
    for (const QByteArray &dir : std::as_const(newDirs))
        addNewDirectory(dir);
    const ChangeHint hint = (m_lost || m_degraded)
                                ? ChangeHint::anything()
                                : ChangeHint::onlyPaths(QByteArrayList(m_paths.cbegin(), m_paths.cend()));
    m_paths.clear();
    m_lost = false;
    return hint;
}
