// SPDX-License-Identifier: GPL-3.0-or-later
#include "changewatcher.h"

#include <QFile>
#include <QHash>

#include <cerrno>
#include <dirent.h>
#include <fcntl.h>
#include <mutex>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <system_error>
#include <thread>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

constexpr quint32 kMask = IN_CREATE | IN_DELETE | IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVED_FROM |
                          IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | IN_EXCL_UNLINK;
// Changed paths kept per watcher between hints; past it the hint is Anything (a scan costs no more than a
// list that long, and a container creating millions of files must not grow the engine's memory).
constexpr qsizetype kMaxPendingPaths = 65536;
// Each level of the walk holds a directory open: deeper homes are scanned instead of watched.
constexpr int kMaxDepth = 256;

int hostWatchBudget()
{
    QFile f(u"/proc/sys/fs/inotify/max_user_watches"_s);
    const int max = f.open(QIODevice::ReadOnly) ? f.read(32).trimmed().toInt() : 0;
    return max > 0 ? max / 2 : 4096;
}

} // namespace

// The one inotify instance of the process, shared by every running ChangeWatcher and drained by its own
// thread into each watcher's pending events. Lives while a watcher holds it.
class InotifyHub
{
public:
    static std::shared_ptr<InotifyHub> acquire(QString *error)
    {
        static QMutex mutex;
        static std::weak_ptr<InotifyHub> current;
        QMutexLocker lock(&mutex);
        if (std::shared_ptr<InotifyHub> hub = current.lock())
            return hub;
        const int fd = ::inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
        const int wake = fd >= 0 ? ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK) : -1;
        if (fd < 0 || wake < 0) {
            if (error)
                *error = u"inotify: %1"_s.arg(SafeFs::errnoString(errno));
            if (fd >= 0)
                ::close(fd);
            return {};
        }
        std::shared_ptr<InotifyHub> hub(new InotifyHub(fd, wake));
        current = hub;
        return hub;
    }

    ~InotifyHub()
    {
        const quint64 one = 1;
        (void)!::write(m_wake, &one, sizeof one);
        m_reader.join();
        ::close(m_wake);
        // The last close of an inotify instance that had watches waits for the kernel to free their marks
        // (a deferred reaper and an SRCU grace period: 4-10 ms). Nothing here needs to wait for that: a
        // container going to sleep, or a one-shot command on its way out, goes on meanwhile. Only the
        // descriptor crosses; the kernel finishes the close even if the process exits first.
        try {
            std::thread([fd = m_fd] { ::close(fd); }).detach();
        } catch (const std::system_error &) {
            ::close(m_fd); // no thread to spare: wait here
        }
    }

    // Guards the watch table and every member watcher's pending events.
    QMutex mutex;

    void joinLocked(ChangeWatcher *watcher) { m_members.insert(watcher); }
    void leaveLocked(ChangeWatcher *watcher) { m_members.remove(watcher); }

    // A watch on the directory open as dirFd, reported to watcher under rel; -1 with errno on failure
    // (ENOSPC also when the process's share of the host's budget is used up).
    int addWatchLocked(int dirFd, ChangeWatcher *watcher, const QByteArray &rel)
    {
        if (m_watches.size() >= m_budget) {
            errno = ENOSPC;
            return -1;
        }
        // Watching through /proc/self/fd pins the directory we opened without following any symlink.
        const QByteArray procPath = "/proc/self/fd/" + QByteArray::number(dirFd);
        const int wd = ::inotify_add_watch(m_fd, procPath.constData(), kMask);
        if (wd < 0)
            return -1;
        // The same directory watched twice (two watchers of one home) shares the kernel's watch.
        m_watches[wd].append({watcher, rel});
        return wd;
    }

    void removeWatchLocked(int wd, ChangeWatcher *watcher)
    {
        const auto it = m_watches.find(wd);
        if (it == m_watches.end())
            return;
        it->removeIf([watcher](const Subscriber &s) { return s.watcher == watcher; });
        if (it->isEmpty()) {
            ::inotify_rm_watch(m_fd, wd);
            m_watches.erase(it);
        }
    }

    // Reads every queued event and hands it to the watchers of its directory.
    void drainLocked()
    {
        alignas(inotify_event) char buf[64 * 1024];
        for (;;) {
            const ssize_t n = ::read(m_fd, buf, sizeof buf);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0)
                return;
            for (ssize_t off = 0; off < n;) {
                const auto *ev = reinterpret_cast<const inotify_event *>(buf + off);
                off += ssize_t(sizeof(inotify_event) + ev->len);
                dispatch(ev);
            }
        }
    }

private:
    struct Subscriber
    {
        ChangeWatcher *watcher;
        QByteArray rel; // the directory, relative to the watcher's home
    };

    InotifyHub(int fd, int wake)
        : m_fd(fd)
        , m_wake(wake)
        , m_budget(hostWatchBudget())
        , m_reader([this] { run(); })
    {}

    void run()
    {
        for (;;) {
            pollfd fds[2] = {{m_fd, POLLIN, 0}, {m_wake, POLLIN, 0}};
            if (::poll(fds, 2, -1) < 0) {
                if (errno == EINTR)
                    continue;
                return;
            }
            if (fds[1].revents)
                return;
            if (fds[0].revents) {
                QMutexLocker lock(&mutex);
                drainLocked();
            }
        }
    }

    static void notePath(ChangeWatcher *w, const QByteArray &path)
    {
        if (w->m_lost)
            return; // a full scan is due anyway
        if (w->m_paths.size() >= kMaxPendingPaths) {
            w->m_lost = true;
            w->m_paths.clear();
            return;
        }
        w->m_paths.insert(path);
    }

    void dispatch(const inotify_event *ev)
    {
        if (ev->mask & IN_Q_OVERFLOW) {
            for (ChangeWatcher *w : std::as_const(m_members))
                w->m_lost = true;
            return;
        }
        const auto it = m_watches.find(ev->wd);
        if (it == m_watches.end())
            return; // a watch removed since the event was queued
        if (ev->mask & IN_IGNORED) {
            for (const Subscriber &s : std::as_const(*it))
                s.watcher->m_wds.removeOne(ev->wd);
            m_watches.erase(it);
            return;
        }
        for (const Subscriber &s : std::as_const(*it)) {
            ChangeWatcher *w = s.watcher;
            if (ev->mask & (IN_DELETE_SELF | IN_MOVE_SELF)) {
                if (s.rel.isEmpty())
                    w->m_lost = true;
                else
                    notePath(w, s.rel);
                if (ev->mask & IN_MOVE_SELF)
                    w->m_rebuild = true;
                continue;
            }
            if (ev->len == 0)
                continue;
            const QByteArray name(ev->name);
            const QByteArray path = s.rel.isEmpty() ? name : s.rel + '/' + name;
            notePath(w, path);
            if (ev->mask & IN_ISDIR) {
                if (ev->mask & (IN_CREATE | IN_MOVED_TO)) {
                    // More new directories than one home may watch: the rebuild degrades it.
                    if (w->m_newDirs.size() < w->m_directoryLimit)
                        w->m_newDirs.append(path);
                    else
                        w->m_rebuild = true;
                }
                if (ev->mask & IN_MOVED_FROM)
                    w->m_rebuild = true; // watches below it now report under a stale path
            }
        }
    }

    const int m_fd;
    const int m_wake;
    const qsizetype m_budget;
    QHash<int, QList<Subscriber>> m_watches;
    QSet<ChangeWatcher *> m_members;
    std::thread m_reader; // last: starts once everything above exists
};

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
    return m_hub != nullptr;
}

bool ChangeWatcher::isQuiet() const
{
    std::unique_lock lock(m_mutex, std::try_to_lock);
    if (!lock.owns_lock() || !m_hub || m_degraded)
        return false;
    // Whatever the kernel queued so far, for any watcher, is sorted out first.
    QMutexLocker hubLock(&m_hub->mutex);
    m_hub->drainLocked();
    return !m_lost && !m_rebuild && m_paths.isEmpty() && m_newDirs.isEmpty();
}

bool ChangeWatcher::startLocked(const QString &homeDir, QString *error)
{
    stopLocked();
    m_homeDir = homeDir;
    m_home = SafeFs::openDirectory(homeDir, error);
    if (!m_home.isValid())
        return false;
    m_hub = InotifyHub::acquire(error);
    if (!m_hub) {
        m_home.reset();
        return false;
    }
    {
        QMutexLocker hubLock(&m_hub->mutex);
        m_hub->joinLocked(this);
    }
    watchHome();
    return true;
}

void ChangeWatcher::watchHome()
{
    m_degraded = false;
    // Keep running, but every hint says "scan everything".
    if (!addTree(m_home.get(), QByteArray(), 0))
        degrade(m_whyNotWatched);
}

void ChangeWatcher::stopLocked()
{
    if (m_hub) {
        QMutexLocker hubLock(&m_hub->mutex);
        for (int wd : std::as_const(m_wds))
            m_hub->removeWatchLocked(wd, this);
        m_hub->leaveLocked(this);
    }
    // The hub no longer touches this watcher.
    m_hub.reset();
    m_home.reset();
    m_wds.clear();
    m_paths.clear();
    m_newDirs.clear();
    m_lost = false;
    m_rebuild = false;
    m_degraded = false;
}

void ChangeWatcher::removeWatches()
{
    QMutexLocker hubLock(&m_hub->mutex);
    for (int wd : std::as_const(m_wds))
        m_hub->removeWatchLocked(wd, this);
    m_wds.clear();
    m_paths.clear();
    m_newDirs.clear();
    m_rebuild = false;
}

void ChangeWatcher::degrade(const QString &why)
{
    m_degraded = true;
    removeWatches();
    if (!m_degradeLogged) {
        m_degradeLogged = true;
        qWarning("sandbench: not watching %s for changes: %s; every save scans it", qPrintable(m_homeDir),
                 qPrintable(why));
    }
}

bool ChangeWatcher::addTree(int dirFd, const QByteArray &rel, int depth)
{
    if (m_wds.size() >= m_directoryLimit) {
        m_whyNotWatched = u"it has more than %1 directories"_s.arg(m_directoryLimit);
        return false;
    }
    if (depth > kMaxDepth) {
        m_whyNotWatched = u"its directories nest more than %1 deep"_s.arg(kMaxDepth);
        return false;
    }
    {
        QMutexLocker hubLock(&m_hub->mutex);
        const int wd = m_hub->addWatchLocked(dirFd, this, rel);
        if (wd < 0) {
            m_whyNotWatched =
                u"no inotify watch left (%1; see `sandbench doctor`)"_s.arg(SafeFs::errnoString(errno));
            return false;
        }
        m_wds.append(wd);
    }
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
        if (!sub.isValid()) {
            // Gone, not a directory, or unreadable (then the store cannot read it either); out of
            // descriptors would leave a directory unwatched: give up watching instead.
            if (errno == EMFILE || errno == ENFILE || errno == ENOMEM) {
                m_whyNotWatched = SafeFs::errnoString(errno);
                ok = false;
                break;
            }
            continue;
        }
        if (!addTree(sub.get(), rel.isEmpty() ? name : rel + '/' + name, depth + 1)) {
            ok = false;
            break;
        }
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
    if (dir.isValid() && !addTree(dir.get(), rel, int(parts.size())))
        degrade(m_whyNotWatched);
}

ChangeHint ChangeWatcher::takeHint()
{
    QMutexLocker lock(&m_mutex);
    if (!m_hub)
        return ChangeHint::anything();
    if (m_degraded)
        return ChangeHint::anything();
    QSet<QByteArray> paths;
    QByteArrayList newDirs;
    bool lost;
    bool rebuild;
    {
        QMutexLocker hubLock(&m_hub->mutex);
        m_hub->drainLocked();
        paths = std::exchange(m_paths, {});
        newDirs = std::exchange(m_newDirs, {});
        lost = std::exchange(m_lost, false);
        rebuild = std::exchange(m_rebuild, false);
    }
    if (rebuild) {
        // Rare (a directory renamed inside home): start over with fresh watches and scan everything once.
        removeWatches();
        watchHome();
        return ChangeHint::anything();
    }
    // Watch new directories before the store scans them: anything written there before the watch
    // existed is covered by that scan, anything after it raises an event for the next hint.
    for (const QByteArray &dir : std::as_const(newDirs)) {
        if (m_degraded)
            break;
        addNewDirectory(dir);
    }
    if (lost || m_degraded)
        return ChangeHint::anything();
    return ChangeHint::onlyPaths(QByteArrayList(paths.cbegin(), paths.cend()));
}
