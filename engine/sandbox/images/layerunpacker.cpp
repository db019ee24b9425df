// SPDX-License-Identifier: GPL-3.0-or-later
#include "layerunpacker.h"
#include "lazyarchive.h"

#include "base/printabletext.h"

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QHashFunctions>
#include <QList>

#include <dirent.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

using namespace Qt::StringLiterals;

namespace {

QString sysError(int err = errno)
{
    return QString::fromLocal8Bit(strerror(err));
}

// An entry's name for an error message: quoted, control characters escaped.
QString shown(const QByteArray &path)
{
    return printableText(QString::fromUtf8(path), true);
}

struct Fd
{
    int fd = -1;
    explicit Fd(int f = -1)
        : fd(f)
    {}
    Fd(const Fd &) = delete;
    Fd &operator=(const Fd &) = delete;
    ~Fd() { reset(); }
    void reset(int f = -1)
    {
        if (fd >= 0)
            ::close(fd);
        fd = f;
    }
    int release() { return std::exchange(fd, -1); }
};

// Opens path below dirFd without following any symbolic link (ELOOP if one is on the way), without leaving
// dirFd ("..": EXDEV) and without crossing a mount.
int openBeneath(int dirFd, const QByteArray &path, int flags)
{
    open_how how{};
    how.flags = quint64(flags | O_CLOEXEC | O_NOFOLLOW);
    how.resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS | RESOLVE_NO_XDEV;
    int fd;
    do {
        fd = int(syscall(SYS_openat2, dirFd, path.isEmpty() ? "." : path.constData(), &how, sizeof(how)));
    } while (fd < 0 && errno == EAGAIN);
    return fd;
}

std::pair<QByteArray, QByteArray> splitParent(const QByteArray &path)
{
    const qsizetype slash = path.lastIndexOf('/');
    if (slash < 0)
        return {QByteArray(), path};
    return {path.left(slash), path.mid(slash + 1)};
}

// Modes kept from an archive: permissions only (no set-id bits), always owner-writable so the store can
// replace and delete what it unpacked; the tree is mounted read-only anyway.
mode_t fileMode(mode_t m)
{
    return (m & 0777) | 0600;
}
mode_t dirMode(mode_t m)
{
    return (m & 01777) | 0700;
}

// The bytes of a tar stream as libarchive's tar reader wants them, decompressed by a second reader in "raw"
// format, with both sides hashed on the way: one read of the file gives the tree and both digests.
struct Stream
{
    int fd = -1;
    QCryptographicHash stored{QCryptographicHash::Sha256};
    QCryptographicHash plain{QCryptographicHash::Sha256};
    qint64 storedSize = 0;
    QByteArray inBuf = QByteArray(1 << 16, Qt::Uninitialized);
    QByteArray outBuf = QByteArray(1 << 16, Qt::Uninitialized);
    archive *raw = nullptr;
    int readErrno = 0;

    static la_ssize_t readFile(archive *, void *client, const void **buf)
    {
        auto *s = static_cast<Stream *>(client);
        ssize_t n;
        do {
            n = ::read(s->fd, s->inBuf.data(), size_t(s->inBuf.size()));
        } while (n < 0 && errno == EINTR);
        if (n < 0) {
            s->readErrno = errno;
            return ARCHIVE_FATAL;
        }
        s->stored.addData(QByteArrayView(s->inBuf.constData(), n));
        s->storedSize += n;
        *buf = s->inBuf.constData();
        return n;
    }

    static la_ssize_t readPlain(archive *, void *client, const void **buf)
    {
        auto *s = static_cast<Stream *>(client);
        const la_ssize_t n = LazyArchive::data(s->raw, s->outBuf.data(), size_t(s->outBuf.size()));
        if (n < 0)
            return ARCHIVE_FATAL;
        s->plain.addData(QByteArrayView(s->outBuf.constData(), n));
        *buf = s->outBuf.constData();
        return n;
    }

    // What the tar reader left: the rest of the decompressed stream, then of the file.
    bool drain()
    {
        for (;;) {
            const void *buf = nullptr;
            const la_ssize_t n = readPlain(nullptr, this, &buf);
            if (n < 0)
                return false;
            if (n == 0)
                break;
        }
        for (;;) {
            const void *buf = nullptr;
            const la_ssize_t n = readFile(nullptr, this, &buf);
            if (n < 0)
                return false;
            if (n == 0)
                return true;
        }
    }
};

struct Archive
{
    archive *a = LazyArchive::readNew();
    Archive() = default;
    Archive(const Archive &) = delete;
    Archive &operator=(const Archive &) = delete;
    ~Archive() { LazyArchive::readFree(a); }
};

QString archiveError(archive *a, const QString &what)
{
    const char *msg = LazyArchive::errorString(a);
    return u"%1 is not a readable tar archive: %2"_s.arg(what,
                                                         msg ? QString::fromUtf8(msg) : u"unknown error"_s);
}

// An entry's path made relative and checked against the limits. Empty: the root itself ("./"), skipped.
std::optional<QByteArray> cleanPath(const char *raw, const ImageLimits &limits, QString *error)
{
    if (!raw || !*raw) {
        *error = u"an entry has no name"_s;
        return std::nullopt;
    }
    const QByteArray path(raw);
    if (path.startsWith('/')) {
        *error = u"entry %1 has an absolute path"_s.arg(shown(path));
        return std::nullopt;
    }
    if (path.size() > limits.maxPathBytes) {
        *error = u"entry %1… has a path of %2 bytes; at most %3 bytes are allowed"_s.arg(shown(path.left(80)))
                     .arg(path.size())
                     .arg(limits.maxPathBytes);
        return std::nullopt;
    }
    QByteArray out;
    out.reserve(path.size());
    int depth = 0;
    for (const QByteArray &part : path.split('/')) {
        if (part.isEmpty() || part == ".")
            continue;
        if (part == "..") {
            *error = u"entry %1 leaves the tree (\"..\")"_s.arg(shown(path));
            return std::nullopt;
        }
        if (part.size() > 255) {
            *error = u"entry %1 has a name longer than 255 bytes"_s.arg(shown(path));
            return std::nullopt;
        }
        if (++depth > limits.maxDepth) {
            *error = u"entry %1… is more than %2 directories deep; at most %2 are allowed"_s
                         .arg(shown(path.left(80)))
                         .arg(limits.maxDepth);
            return std::nullopt;
        }
        if (!out.isEmpty())
            out += '/';
        out += part;
    }
    return out;
}

size_t pathHash(QByteArrayView path)
{
    return qHash(path, QHashSeed::globalSeed());
}

} // namespace

LayerUnpacker::LayerUnpacker(int rootFd, ImportBudget *budget)
    : m_rootFd(rootFd)
    , m_budget(budget)
{}

LayerUnpacker::~LayerUnpacker()
{
    forgetParent();
}

void LayerUnpacker::forgetParent()
{
    if (m_cachedFd >= 0)
        ::close(m_cachedFd);
    m_cachedFd = -1;
    m_cachedParent.clear();
}

bool LayerUnpacker::countEntry(QString *error)
{
    if (++m_budget->entries > m_budget->limits.maxEntries) {
        *error = u"the image has more than %1 entries (the archive and all its layers together); at most %1 "
                 u"are allowed"_s.arg(m_budget->limits.maxEntries);
        return false;
    }
    return true;
}

void LayerUnpacker::touch(const QByteArray &path)
{
    if (m_mode != Mode::Layer)
        return;
    // The path and its parents; once a parent is known its own parents are too.
    QByteArrayView p(path);
    while (!p.isEmpty()) {
        if (m_touched.contains(pathHash(p)) && p.size() != path.size())
            return;
        m_touched.insert(pathHash(p));
        const qsizetype slash = p.lastIndexOf('/');
        p = slash < 0 ? QByteArrayView() : p.first(slash);
    }
}

bool LayerUnpacker::touched(const QByteArray &path) const
{
    return m_touched.contains(pathHash(path));
}

// The directory parent (relative to the root), opened O_PATH without following links; create: missing
// directories are made (each counts as an entry). The descriptor stays owned by the unpacker.
int LayerUnpacker::parentDir(const QByteArray &parent, bool create, const QByteArray &entry, QString *error)
{
    if (m_cachedFd >= 0 && parent == m_cachedParent)
        return m_cachedFd;
    forgetParent();
    m_budget->steps += parent.count('/') + 1;
    Fd fd(openBeneath(m_rootFd, parent, O_PATH | O_DIRECTORY));
    if (fd.fd < 0 && errno == ENOENT) {
        if (!create)
            return -1;
        // Walk down one component at a time, making what is missing.
        fd.reset(openBeneath(m_rootFd, {}, O_PATH | O_DIRECTORY));
        QByteArray sofar;
        for (const QByteArray &part : parent.split('/')) {
            sofar += (sofar.isEmpty() ? "" : "/") + part;
            ++m_budget->steps;
            int next = openBeneath(fd.fd, part, O_PATH | O_DIRECTORY);
            if (next < 0 && errno == ENOENT) {
                if (!countEntry(error))
                    return -1;
                if (mkdirat(fd.fd, part.constData(), 0755) && errno != EEXIST) {
                    *error = u"cannot create directory %1: %2"_s.arg(shown(sofar), sysError());
                    return -1;
                }
                touch(sofar);
                next = openBeneath(fd.fd, part, O_PATH | O_DIRECTORY);
            }
            if (next < 0) {
                fd.reset();
                break; // errno says why
            }
            fd.reset(next);
        }
    }
    if (fd.fd < 0) {
        const int err = errno;
        if (err == ELOOP || err == ENOTDIR) {
            // Which component is in the way, and what it is.
            QByteArray sofar;
            bool link = err == ELOOP;
            for (const QByteArray &part : parent.split('/')) {
                const QByteArray next = sofar.isEmpty() ? part : sofar + '/' + part;
                struct stat st;
                Fd at(openBeneath(m_rootFd, sofar, O_PATH | O_DIRECTORY));
                if (at.fd < 0 || fstatat(at.fd, part.constData(), &st, AT_SYMLINK_NOFOLLOW) ||
                    !S_ISDIR(st.st_mode)) {
                    link = at.fd >= 0 && S_ISLNK(st.st_mode);
                    sofar = next;
                    break;
                }
                sofar = next;
            }
            if (link)
                *error = u"entry %1 lies below the symbolic link %2: an image's entries are never written "
                         u"through links"_s.arg(shown(entry), shown(sofar));
            else
                *error =
                    u"entry %1 lies below %2, which is not a directory"_s.arg(shown(entry), shown(sofar));
        } else if (err == ENOENT && !create)
            return -1;
        else
            *error = u"cannot open directory %1: %2"_s.arg(shown(parent), sysError(err));
        return -1;
    }
    m_cachedParent = parent;
    m_cachedFd = fd.release();
    return m_cachedFd;
}

bool LayerUnpacker::unpack(int fd, const QString &what, Mode mode, Digests *digests, QString *error)
{
    m_mode = mode;
    m_touched.clear();
    m_opaque.clear();
    forgetParent();
    error->clear();
    if (lseek(fd, 0, SEEK_SET) < 0) {
        *error = u"cannot read %1: %2"_s.arg(what, sysError());
        return false;
    }
    Stream stream;
    stream.fd = fd;
    Archive raw;
    LazyArchive::supportImageFilters(raw.a);
    LazyArchive::supportFormatRaw(raw.a);
    archive_entry *e = nullptr;
    if (LazyArchive::open(raw.a, &stream, &Stream::readFile) != ARCHIVE_OK ||
        LazyArchive::nextHeader(raw.a, &e) != ARCHIVE_OK) {
        *error = stream.readErrno ? u"cannot read %1: %2"_s.arg(what, sysError(stream.readErrno))
                                  : archiveError(raw.a, what);
        return false;
    }
    stream.raw = raw.a;
    Archive tar;
    LazyArchive::supportFormatTar(tar.a);
    LazyArchive::supportFormatGnutar(tar.a);
    if (LazyArchive::open(tar.a, &stream, &Stream::readPlain) != ARCHIVE_OK) {
        *error = archiveError(tar.a, what);
        return false;
    }
    int r;
    while ((r = LazyArchive::nextHeader(tar.a, &e)) == ARCHIVE_OK || r == ARCHIVE_WARN) {
        if (!entry(tar.a, e, error)) {
            if (error->isEmpty())
                *error = u"cannot unpack %1"_s.arg(shown(LazyArchive::entryPathname(e)));
            return false;
        }
    }
    forgetParent();
    if (r != ARCHIVE_EOF) {
        *error = stream.readErrno ? u"cannot read %1: %2"_s.arg(what, sysError(stream.readErrno))
                                  : archiveError(tar.a, what);
        return false;
    }
    if (!stream.drain()) {
        *error = stream.readErrno ? u"cannot read %1: %2"_s.arg(what, sysError(stream.readErrno))
                                  : archiveError(raw.a, what);
        return false;
    }
    if (digests) {
        digests->stored = QString::fromLatin1(stream.stored.result().toHex());
        digests->uncompressed = QString::fromLatin1(stream.plain.result().toHex());
        digests->storedSize = stream.storedSize;
    }
    m_touched.clear();
    m_opaque.clear();
    return true;
}

bool LayerUnpacker::whiteout(const QByteArray &parent, const QByteArray &name, const QByteArray &path,
                             QString *error)
{
    if (name == ".wh..wh..opq") {
        if (parentDir(parent, false, path, error) < 0)
            return error->isEmpty(); // nothing below to hide, or below a link (refused)
        if (!parent.isEmpty())
            touch(parent); // the directory itself stays
        // Once a directory (or one above it) was made opaque in this layer, nothing of the lower layers is
        // left below it: a repeated marker costs nothing, however many entries the layer added since.
        for (QByteArrayView p(parent);; p = p.first(std::max<qsizetype>(p.lastIndexOf('/'), 0))) {
            ++m_budget->steps;
            if (m_opaque.contains(pathHash(p)))
                return true;
            if (p.isEmpty())
                break;
        }
        m_opaque.insert(pathHash(parent));
        return removeUntouched(parent, error);
    }
    if (name.startsWith(".wh..wh."))
        return true; // aufs' own bookkeeping (.wh..wh..plnk): nothing to apply
    const QByteArray hidden = name.mid(4);
    if (hidden.isEmpty() || hidden == "." || hidden == "..") {
        *error = u"entry %1 is a whiteout of nothing"_s.arg(shown(path));
        return false;
    }
    const int dir = parentDir(parent, false, path, error);
    if (dir < 0)
        return error->isEmpty(); // nothing below to hide
    QString why;
    if (!removeTree(dir, hidden, &why, &m_budget->steps)) {
        *error = u"cannot apply the whiteout %1: %2"_s.arg(shown(path), why);
        return false;
    }
    return true;
}

// An opaque whiteout: everything below dir that this layer has not written goes. Directories the layer
// wrote into are visited in turn (a list of paths, not of descriptors).
bool LayerUnpacker::removeUntouched(const QByteArray &top, QString *error)
{
    forgetParent();
    QList<QByteArray> pending{top};
    while (!pending.isEmpty()) {
        const QByteArray dirPath = pending.takeLast();
        Fd dir(openBeneath(m_rootFd, dirPath, O_RDONLY | O_DIRECTORY));
        ++m_budget->steps;
        if (dir.fd < 0) {
            if (errno == ENOENT)
                continue;
            *error = u"cannot apply the opaque whiteout of %1: %2"_s.arg(shown(dirPath), sysError());
            return false;
        }
        QList<std::pair<QByteArray, bool>> children; // name, is a directory
        {
            DIR *d = fdopendir(::dup(dir.fd));
            if (!d) {
                *error = u"cannot apply the opaque whiteout of %1: %2"_s.arg(shown(dirPath), sysError());
                return false;
            }
            while (const dirent *de = readdir(d)) {
                if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
                    continue;
                children.append({QByteArray(de->d_name), de->d_type == DT_DIR});
            }
            closedir(d);
        }
        for (const auto &[name, isDir] : std::as_const(children)) {
            ++m_budget->steps;
            const QByteArray child = dirPath.isEmpty() ? name : dirPath + '/' + name;
            if (touched(child)) {
                if (isDir)
                    pending.append(child);
                continue;
            }
            QString why;
            if (!removeTree(dir.fd, name, &why, &m_budget->steps)) {
                *error = u"cannot apply the opaque whiteout of %1: %2"_s.arg(shown(top), why);
                return false;
            }
        }
    }
    return true;
}

bool LayerUnpacker::entry(archive *a, archive_entry *e, QString *error)
{
    if (!countEntry(error))
        return false;
    const std::optional<QByteArray> cleaned =
        cleanPath(LazyArchive::entryPathname(e), m_budget->limits, error);
    if (!cleaned)
        return false;
    const QByteArray &path = *cleaned;
    if (path.isEmpty())
        return true; // "./": the root, which exists
    m_budget->steps += path.count('/') + 1;
    const auto [parent, name] = splitParent(path);
    if (m_mode == Mode::Layer && name.startsWith(".wh."))
        return whiteout(parent, name, path, error);

    const mode_t type = LazyArchive::entryFiletype(e);
    const char *hardlink = LazyArchive::entryHardlink(e);
    if (!hardlink && (type == AE_IFCHR || type == AE_IFBLK)) {
        *error = u"entry %1 is a device node, which an image may not carry"_s.arg(shown(path));
        return false;
    }
    if (!hardlink && (type == AE_IFIFO || type == AE_IFSOCK))
        return true; // nothing of use in a read-only tree
    if (!hardlink && type != AE_IFREG && type != AE_IFDIR && type != AE_IFLNK) {
        *error = u"entry %1 has an unsupported type"_s.arg(shown(path));
        return false;
    }
    std::optional<QByteArray> linkTarget;
    if (hardlink) {
        QString why;
        linkTarget = cleanPath(hardlink, m_budget->limits, &why);
        if (!linkTarget || linkTarget->isEmpty()) {
            *error = u"hard link %1 points outside the tree (%2)"_s.arg(shown(path), shown(hardlink));
            return false;
        }
    }
    const int dir = parentDir(parent, true, path, error);
    if (dir < 0)
        return false;
    touch(path);
    struct stat old;
    const bool exists = fstatat(dir, name.constData(), &old, AT_SYMLINK_NOFOLLOW) == 0;
    if (!hardlink && type == AE_IFDIR) {
        if (exists && !S_ISDIR(old.st_mode)) {
            QString why;
            if (!removeTree(dir, name, &why, &m_budget->steps)) {
                *error = u"cannot replace %1: %2"_s.arg(shown(path), why);
                return false;
            }
        }
        if ((!exists || !S_ISDIR(old.st_mode)) && mkdirat(dir, name.constData(), 0700)) {
            *error = u"cannot create directory %1: %2"_s.arg(shown(path), sysError());
            return false;
        }
        Fd d(openBeneath(dir, name, O_RDONLY | O_DIRECTORY));
        if (d.fd < 0 || fchmod(d.fd, dirMode(LazyArchive::entryPerm(e)))) {
            *error = u"cannot set the mode of %1: %2"_s.arg(shown(path), sysError());
            return false;
        }
        return true;
    }
    if (exists) {
        // Only what is inside dir changes: the cached descriptor of dir itself stays right.
        QString why;
        if (!removeTree(dir, name, &why, &m_budget->steps)) {
            *error = u"cannot replace %1: %2"_s.arg(shown(path), why);
            return false;
        }
    }
    if (hardlink) {
        const auto [targetParent, targetName] = splitParent(*linkTarget);
        m_budget->steps += linkTarget->count('/') + 1;
        Fd tdir(openBeneath(m_rootFd, targetParent, O_PATH | O_DIRECTORY));
        struct stat st;
        if (tdir.fd < 0 || fstatat(tdir.fd, targetName.constData(), &st, AT_SYMLINK_NOFOLLOW) ||
            !(S_ISREG(st.st_mode) || S_ISLNK(st.st_mode))) {
            *error = u"hard link %1 names %2, which is not a file of the tree"_s.arg(shown(path),
                                                                                     shown(*linkTarget));
            return false;
        }
        // Flags 0: a link to the entry itself, never to what a symbolic link names.
        if (linkat(tdir.fd, targetName.constData(), dir, name.constData(), 0)) {
            *error = u"cannot link %1: %2"_s.arg(shown(path), sysError());
            return false;
        }
        return true;
    }
    if (type == AE_IFLNK) {
        const char *target = LazyArchive::entrySymlink(e);
        if (!target || !*target || strlen(target) > 4095) {
            *error = u"symbolic link %1 has no valid target"_s.arg(shown(path));
            return false;
        }
        // Any target: the link is only ever followed inside the container (or by the store, in its root).
        if (symlinkat(target, dir, name.constData())) {
            *error = u"cannot create symbolic link %1: %2"_s.arg(shown(path), sysError());
            return false;
        }
        return true;
    }
    const qint64 size = LazyArchive::entrySize(e);
    if (size < 0 || size > m_budget->limits.maxBytes - m_budget->bytes) {
        *error = u"the image unpacks to more than %1 bytes (the archive and all its layers together; entry "
                 u"%2 declares %3); at most %1 bytes are allowed"_s.arg(m_budget->limits.maxBytes)
                     .arg(shown(path))
                     .arg(size);
        return false;
    }
    m_budget->bytes += size;
    ++m_budget->files;
    Fd out(openat(dir, name.constData(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600));
    if (out.fd < 0) {
        *error = u"cannot create %1: %2"_s.arg(shown(path), sysError());
        return false;
    }
    const void *buf = nullptr;
    size_t len = 0;
    la_int64_t offset = 0;
    int r;
    while ((r = LazyArchive::dataBlock(a, &buf, &len, &offset)) == ARCHIVE_OK) {
        if (offset < 0 || offset > size || qint64(len) > size - offset) {
            *error = u"entry %1 holds more data than its header says"_s.arg(shown(path));
            return false;
        }
        const char *p = static_cast<const char *>(buf);
        size_t done = 0;
        while (done < len) {
            const ssize_t n = pwrite(out.fd, p + done, len - done, off_t(offset + qint64(done)));
            if (n <= 0) {
                *error = u"cannot write %1: %2"_s.arg(shown(path), sysError());
                return false;
            }
            done += size_t(n);
        }
    }
    if (r != ARCHIVE_EOF) {
        *error = archiveError(a, u"entry %1"_s.arg(shown(path)));
        return false;
    }
    if (ftruncate(out.fd, off_t(size)) || fchmod(out.fd, fileMode(LazyArchive::entryPerm(e)))) {
        *error = u"cannot finish %1: %2"_s.arg(shown(path), sysError());
        return false;
    }
    return true;
}

namespace {

// One directory being emptied: its name in its parent, its identity (to recognise the parent when climbing
// back through ".."), and where to go on reading it.
struct Level
{
    QByteArray name;
    dev_t dev = 0;
    ino_t ino = 0;
    off_t resume = 0;
    int passes = 0;
    qint64 removedThisPass = 0;
};

constexpr int maxRemoveDepth = 8192;

QString relative(const QList<Level> &stack, const char *leaf = nullptr)
{
    QByteArray out;
    for (const Level &l : stack)
        out += (out.isEmpty() ? "" : "/") + l.name;
    if (leaf)
        out += QByteArray("/") + leaf;
    return printableText(QString::fromUtf8(out), true);
}

} // namespace

bool LayerUnpacker::removeTree(int dirFd, const QByteArray &name, QString *error, qint64 *steps)
{
    qint64 localSteps = 0;
    if (!steps)
        steps = &localSteps;
    struct stat st;
    if (fstatat(dirFd, name.constData(), &st, AT_SYMLINK_NOFOLLOW)) {
        if (errno == ENOENT)
            return true;
        *error = u"%1: %2"_s.arg(shown(name), sysError());
        return false;
    }
    if (!S_ISDIR(st.st_mode)) {
        ++*steps;
        if (unlinkat(dirFd, name.constData(), 0) && errno != ENOENT) {
            *error = u"cannot delete %1: %2"_s.arg(shown(name), sysError());
            return false;
        }
        return true;
    }
    QList<Level> stack;
    Fd cur(openat(dirFd, name.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (cur.fd < 0 || fstat(cur.fd, &st)) {
        *error = u"cannot open %1: %2"_s.arg(shown(name), sysError());
        return false;
    }
    if ((st.st_mode & 0700) != 0700)
        fchmod(cur.fd, (st.st_mode & 07777) | 0700);
    stack.append({name, st.st_dev, st.st_ino});
    QByteArray buf(1 << 15, Qt::Uninitialized);
    for (;;) {
        Level &level = stack.last();
        bool descended = false;
        bool atEnd = false;
        if (lseek(cur.fd, level.resume, SEEK_SET) < 0) {
            *error = u"cannot read %1: %2"_s.arg(relative(stack), sysError());
            return false;
        }
        while (!descended && !atEnd) {
            const long n = syscall(SYS_getdents64, cur.fd, buf.data(), buf.size());
            if (n < 0) {
                *error = u"cannot read %1: %2"_s.arg(relative(stack), sysError());
                return false;
            }
            if (n == 0) {
                atEnd = true;
                break;
            }
            for (long pos = 0; pos < n;) {
                const auto *d = reinterpret_cast<const dirent64 *>(buf.constData() + pos);
                pos += d->d_reclen;
                if (!strcmp(d->d_name, ".") || !strcmp(d->d_name, ".."))
                    continue;
                ++*steps;
                unsigned char type = d->d_type;
                if (type == DT_UNKNOWN) {
                    struct stat cs;
                    if (fstatat(cur.fd, d->d_name, &cs, AT_SYMLINK_NOFOLLOW))
                        continue;
                    type = S_ISDIR(cs.st_mode) ? DT_DIR : DT_REG;
                }
                if (type != DT_DIR) {
                    if (unlinkat(cur.fd, d->d_name, 0) && errno != ENOENT) {
                        *error = u"cannot delete %1: %2"_s.arg(relative(stack, d->d_name), sysError());
                        return false;
                    }
                    ++level.removedThisPass;
                    continue;
                }
                if (stack.size() >= maxRemoveDepth) {
                    *error =
                        u"%1 is more than %2 directories deep"_s.arg(relative(stack)).arg(maxRemoveDepth);
                    return false;
                }
                const int child = openat(cur.fd, d->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
                struct stat cs;
                if (child < 0 || fstat(child, &cs)) {
                    const int err = errno;
                    if (child >= 0)
                        ::close(child);
                    if (err == ENOENT)
                        continue;
                    // Out of descriptors: an empty directory goes without being opened.
                    if ((err == EMFILE || err == ENFILE) && unlinkat(cur.fd, d->d_name, AT_REMOVEDIR) == 0) {
                        ++level.removedThisPass;
                        continue;
                    }
                    errno = err;
                    *error = u"cannot open %1: %2"_s.arg(relative(stack, d->d_name), sysError());
                    return false;
                }
                if ((cs.st_mode & 0700) != 0700)
                    fchmod(child, (cs.st_mode & 07777) | 0700);
                level.resume = off_t(d->d_off);
                Level next{QByteArray(d->d_name), cs.st_dev, cs.st_ino};
                cur.reset(child);
                stack.append(next);
                descended = true;
                break;
            }
        }
        if (descended)
            continue;
        // Empty as far as this read saw: remove it from its parent, reached back through "..".
        Level done = stack.takeLast();
        int parentFd = dirFd;
        Fd up;
        if (!stack.isEmpty()) {
            up.reset(openat(cur.fd, "..", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
            struct stat ps;
            if (up.fd < 0 || fstat(up.fd, &ps) || ps.st_dev != stack.last().dev ||
                ps.st_ino != stack.last().ino) {
                stack.append(done);
                *error = u"%1 moved while it was being deleted"_s.arg(relative(stack));
                return false;
            }
            parentFd = up.fd;
        }
        if (unlinkat(parentFd, done.name.constData(), AT_REMOVEDIR) == 0 || errno == ENOENT) {
            ++*steps;
            if (stack.isEmpty())
                return true;
            ++stack.last().removedThisPass;
            cur.reset(up.release());
            continue;
        }
        // Some entries were skipped (a file system whose offsets moved as entries went): read again from the
        // start while each pass still removes something.
        const int err = errno;
        if ((err == ENOTEMPTY || err == EEXIST) && (done.passes == 0 || done.removedThisPass > 0) &&
            done.passes < 64) {
            done.resume = 0;
            ++done.passes;
            done.removedThisPass = 0;
            stack.append(done);
            continue; // cur still is this directory
        }
        stack.append(done);
        *error = u"cannot delete %1: %2"_s.arg(relative(stack), sysError(err));
        return false;
    }
}

bool LayerUnpacker::removeTreeAtPath(const QString &path, QString *error)
{
    const QFileInfo info(path);
    Fd parent(::open(QFile::encodeName(info.absolutePath()).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (parent.fd < 0) {
        if (errno == ENOENT)
            return true;
        *error = u"cannot open %1: %2"_s.arg(info.absolutePath(), sysError());
        return false;
    }
    QString why;
    if (!removeTree(parent.fd, QFile::encodeName(info.fileName()), &why)) {
        *error = u"%1 (in %2)"_s.arg(why, info.absolutePath());
        return false;
    }
    return true;
}
