// SPDX-License-Identifier: GPL-3.0-or-later
#include "imagestore.h"
#include "lazyarchive.h"

#include "base/jsonfile.h"
#include "sandbox/container.h"
#include "sandbox/history/containerregistry.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLockFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <dirent.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

using namespace Qt::StringLiterals;

namespace {

QString sysError()
{
    return QString::fromLocal8Bit(strerror(errno));
}

// Closes a descriptor at the end of a scope.
struct Fd
{
    int fd = -1;
    explicit Fd(int f = -1)
        : fd(f)
    {}
    Fd(const Fd &) = delete;
    Fd &operator=(const Fd &) = delete;
    ~Fd()
    {
        if (fd >= 0)
            ::close(fd);
    }
    int release() { return std::exchange(fd, -1); }
};

// Opens path below root with every symlink resolved as if root were "/" (the kernel keeps it inside).
int openInRoot(int rootFd, const QByteArray &path, int flags)
{
    open_how how{};
    how.flags = quint64(flags | O_CLOEXEC);
    how.resolve = RESOLVE_IN_ROOT | RESOLVE_NO_MAGICLINKS;
    return int(syscall(SYS_openat2, rootFd, path.isEmpty() ? "." : path.constData(), &how, sizeof(how)));
}

std::optional<QByteArray> readInRoot(int rootFd, const QByteArray &path, qint64 maxBytes, QString *error)
{
    Fd fd(openInRoot(rootFd, path, O_RDONLY));
    if (fd.fd < 0) {
        *error = u"cannot open %1: %2"_s.arg(QString::fromUtf8(path), sysError());
        return std::nullopt;
    }
    struct stat st;
    if (fstat(fd.fd, &st) || !S_ISREG(st.st_mode)) {
        *error = u"%1 is not a file"_s.arg(QString::fromUtf8(path));
        return std::nullopt;
    }
    if (st.st_size > maxBytes) {
        *error = u"%1 is larger than %2 bytes"_s.arg(QString::fromUtf8(path)).arg(maxBytes);
        return std::nullopt;
    }
    QByteArray data(qsizetype(st.st_size), Qt::Uninitialized);
    qint64 done = 0;
    while (done < data.size()) {
        ssize_t n = ::read(fd.fd, data.data() + done, size_t(data.size() - done));
        if (n <= 0) {
            *error = u"cannot read %1"_s.arg(QString::fromUtf8(path));
            return std::nullopt;
        }
        done += n;
    }
    return data;
}

// sha256 of a file below root, streamed.
std::optional<QString> hashInRoot(int rootFd, const QByteArray &path, qint64 *size, QString *error)
{
    Fd fd(openInRoot(rootFd, path, O_RDONLY));
    if (fd.fd < 0) {
        *error = u"the archive has no blob %1: %2"_s.arg(QString::fromUtf8(path), sysError());
        return std::nullopt;
    }
    QCryptographicHash hash(QCryptographicHash::Sha256);
    QByteArray buf(1 << 20, Qt::Uninitialized);
    qint64 total = 0;
    for (;;) {
        ssize_t n = ::read(fd.fd, buf.data(), size_t(buf.size()));
        if (n < 0) {
            *error = u"cannot read %1: %2"_s.arg(QString::fromUtf8(path), sysError());
            return std::nullopt;
        }
        if (n == 0)
            break;
        hash.addData(QByteArrayView(buf.constData(), n));
        total += n;
    }
    if (size)
        *size = total;
    return QString::fromLatin1(hash.result().toHex());
}

bool isHex64(const QString &s)
{
    static const QRegularExpression re(u"^[0-9a-f]{64}$"_s);
    return re.match(s).hasMatch();
}

// "sha256:<hex>" -> hex; nullopt for any other algorithm or form.
std::optional<QString> digestHex(const QString &digest)
{
    if (!digest.startsWith(u"sha256:"_s) || !isHex64(digest.mid(7)))
        return std::nullopt;
    return digest.mid(7);
}

// Removes name below dirFd, a whole tree for a directory, never following a symlink.
bool removeTreeAt(int dirFd, const char *name)
{
    struct stat st;
    if (fstatat(dirFd, name, &st, AT_SYMLINK_NOFOLLOW))
        return errno == ENOENT;
    if (S_ISDIR(st.st_mode)) {
        int fd = openat(dirFd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0)
            return false;
        fchmod(fd, (st.st_mode & 07777) | 0700);
        DIR *d = fdopendir(fd);
        if (!d) {
            ::close(fd);
            return false;
        }
        bool ok = true;
        while (struct dirent *e = readdir(d)) {
            if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
                continue;
            ok = removeTreeAt(dirfd(d), e->d_name) && ok;
        }
        closedir(d);
        return ok && unlinkat(dirFd, name, AT_REMOVEDIR) == 0;
    }
    return unlinkat(dirFd, name, 0) == 0;
}

bool removeTree(const QString &path)
{
    const QFileInfo info(path);
    Fd parent(::open(QFile::encodeName(info.absolutePath()).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    return parent.fd >= 0 && removeTreeAt(parent.fd, QFile::encodeName(info.fileName()).constData());
}

// An archive entry's path made relative and checked: no absolute path, no "..", no empty path. An empty
// result (the root itself, "./") is valid and means "skip".
std::optional<QByteArray> cleanPath(const char *raw, QString *error)
{
    if (!raw || !*raw) {
        *error = u"an entry has no name"_s;
        return std::nullopt;
    }
    const QByteArray path(raw);
    if (path.startsWith('/')) {
        *error = u"entry \"%1\" has an absolute path"_s.arg(QString::fromUtf8(path));
        return std::nullopt;
    }
    if (path.size() > 4096) {
        *error = u"an entry's path is longer than 4096 bytes"_s;
        return std::nullopt;
    }
    QByteArrayList parts;
    for (const QByteArray &part : path.split('/')) {
        if (part.isEmpty() || part == ".")
            continue;
        if (part == "..") {
            *error = u"entry \"%1\" leaves the tree (\"..\")"_s.arg(QString::fromUtf8(path));
            return std::nullopt;
        }
        if (part.size() > 255) {
            *error = u"entry \"%1\" has a name longer than 255 bytes"_s.arg(QString::fromUtf8(path));
            return std::nullopt;
        }
        parts << part;
    }
    return parts.join('/');
}

std::pair<QByteArray, QByteArray> splitParent(const QByteArray &path)
{
    const qsizetype slash = path.lastIndexOf('/');
    if (slash < 0)
        return {QByteArray(), path};
    return {path.left(slash), path.mid(slash + 1)};
}

// Opens (O_PATH) the directory path below root, creating missing ones; symlinks resolve inside root.
int ensureDirInRoot(int rootFd, const QByteArray &path, QString *error, int depth = 0)
{
    int fd = openInRoot(rootFd, path, O_PATH | O_DIRECTORY);
    if (fd >= 0 || errno != ENOENT || depth > 512) {
        if (fd < 0)
            *error = u"cannot open directory \"%1\": %2"_s.arg(QString::fromUtf8(path), sysError());
        return fd;
    }
    const auto [parent, name] = splitParent(path);
    Fd parentFd(ensureDirInRoot(rootFd, parent, error, depth + 1));
    if (parentFd.fd < 0)
        return -1;
    if (mkdirat(parentFd.fd, name.constData(), 0755) && errno != EEXIST) {
        *error = u"cannot create directory \"%1\": %2"_s.arg(QString::fromUtf8(path), sysError());
        return -1;
    }
    fchmodat(parentFd.fd, name.constData(), 0755, 0);
    fd = openInRoot(rootFd, path, O_PATH | O_DIRECTORY);
    if (fd < 0)
        *error = u"cannot open directory \"%1\": %2"_s.arg(QString::fromUtf8(path), sysError());
    return fd;
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

struct Unpacker
{
    int rootFd;
    const ImageLimits &limits;
    qint64 bytes = 0;
    qint64 entries = 0;
    qint64 files = 0;

    struct Archive
    {
        archive *a = LazyArchive::readNew();
        ~Archive() { LazyArchive::readFree(a); }
    };

    static QString archiveError(archive *a, const QString &what)
    {
        const char *msg = LazyArchive::errorString(a);
        return u"%1 is not a readable tar archive: %2"_s.arg(what, msg ? QString::fromUtf8(msg)
                                                                       : u"unknown error"_s);
    }

    bool open(Archive &ar, int fd, const QString &what, QString *error)
    {
        LazyArchive::supportFilterAll(ar.a);
        LazyArchive::supportFormatTar(ar.a);
        LazyArchive::supportFormatGnutar(ar.a);
        if (lseek(fd, 0, SEEK_SET) < 0 || LazyArchive::openFd(ar.a, fd, 1 << 16) != ARCHIVE_OK) {
            *error = archiveError(ar.a, what);
            return false;
        }
        return true;
    }

    // Pass 1 (layers): checks every entry and applies the layer's whiteouts to what lower layers left.
    bool applyWhiteouts(int fd, const QString &what, QString *error)
    {
        Archive ar;
        if (!open(ar, fd, what, error))
            return false;
        archive_entry *e = nullptr;
        int r;
        while ((r = LazyArchive::nextHeader(ar.a, &e)) == ARCHIVE_OK || r == ARCHIVE_WARN) {
            const std::optional<QByteArray> path = cleanPath(LazyArchive::entryPathname(e), error);
            if (!path)
                return false;
            const auto [parent, name] = splitParent(*path);
            if (!name.startsWith(".wh."))
                continue;
            QString dirError;
            Fd dir(openInRoot(rootFd, parent, O_RDONLY | O_DIRECTORY));
            if (dir.fd < 0)
                continue; // nothing below to hide
            if (name == ".wh..wh..opq") {
                DIR *d = fdopendir(dir.release());
                if (!d)
                    continue;
                bool ok = true;
                while (struct dirent *de = readdir(d)) {
                    if (strcmp(de->d_name, ".") && strcmp(de->d_name, ".."))
                        ok = removeTreeAt(dirfd(d), de->d_name) && ok;
                }
                closedir(d);
                if (!ok) {
                    *error = u"cannot apply the opaque whiteout of \"%1\": %2"_s.arg(
                        QString::fromUtf8(parent), sysError());
                    return false;
                }
            } else if (!name.startsWith(".wh..wh.")) {
                const QByteArray hidden = name.mid(4);
                if (hidden.isEmpty() || hidden == "." || hidden == "..") {
                    *error = u"entry \"%1\" is a whiteout of nothing"_s.arg(QString::fromUtf8(*path));
                    return false;
                }
                if (!removeTreeAt(dir.fd, hidden.constData())) {
                    *error =
                        u"cannot apply the whiteout \"%1\": %2"_s.arg(QString::fromUtf8(*path), sysError());
                    return false;
                }
            }
        }
        if (r != ARCHIVE_EOF) {
            *error = archiveError(ar.a, what);
            return false;
        }
        return true;
    }

    // Unpacks the tar on fd into root; whiteouts true: a layer, whose .wh. entries are markers.
    bool unpack(int fd, const QString &what, bool whiteouts, QString *error)
    {
        if (whiteouts && !applyWhiteouts(fd, what, error))
            return false;
        Archive ar;
        if (!open(ar, fd, what, error))
            return false;
        archive_entry *e = nullptr;
        int r;
        while ((r = LazyArchive::nextHeader(ar.a, &e)) == ARCHIVE_OK || r == ARCHIVE_WARN) {
            if (++entries > limits.maxEntries) {
                *error = u"the image has more than %1 entries"_s.arg(limits.maxEntries);
                return false;
            }
            const std::optional<QByteArray> path = cleanPath(LazyArchive::entryPathname(e), error);
            if (!path)
                return false;
            if (path->isEmpty())
                continue;
            const auto [parent, name] = splitParent(*path);
            if (whiteouts && name.startsWith(".wh."))
                continue;
            if (!entry(ar.a, e, *path, parent, name, error)) {
                if (error->isEmpty())
                    *error = u"cannot unpack \"%1\""_s.arg(QString::fromUtf8(*path));
                return false;
            }
        }
        if (r != ARCHIVE_EOF) {
            *error = archiveError(ar.a, what);
            return false;
        }
        return true;
    }

    bool entry(archive *a, archive_entry *e, const QByteArray &path, const QByteArray &parent,
               const QByteArray &name, QString *error)
    {
        const QString shown = QString::fromUtf8(path);
        const mode_t type = LazyArchive::entryFiletype(e);
        const char *hardlink = LazyArchive::entryHardlink(e);
        if (!hardlink && (type == AE_IFCHR || type == AE_IFBLK)) {
            *error = u"entry \"%1\" is a device node, which an image may not carry"_s.arg(shown);
            return false;
        }
        if (!hardlink && (type == AE_IFIFO || type == AE_IFSOCK))
            return true; // nothing of use in a read-only tree
        std::optional<QByteArray> linkTarget;
        if (hardlink) {
            linkTarget = cleanPath(hardlink, error);
            if (!linkTarget || linkTarget->isEmpty()) {
                *error = u"hard link \"%1\" points outside the tree (\"%2\")"_s.arg(
                    shown, QString::fromUtf8(hardlink));
                return false;
            }
        }
        Fd dir(ensureDirInRoot(rootFd, parent, error));
        if (dir.fd < 0)
            return false;
        struct stat old;
        const bool exists = fstatat(dir.fd, name.constData(), &old, AT_SYMLINK_NOFOLLOW) == 0;
        if (!hardlink && type == AE_IFDIR) {
            if (exists && !S_ISDIR(old.st_mode) && !removeTreeAt(dir.fd, name.constData()))
                return false;
            if ((!exists || !S_ISDIR(old.st_mode)) && mkdirat(dir.fd, name.constData(), 0700)) {
                *error = u"cannot create directory \"%1\": %2"_s.arg(shown, sysError());
                return false;
            }
            fchmodat(dir.fd, name.constData(), dirMode(LazyArchive::entryPerm(e)), 0);
            return true;
        }
        if (exists && !removeTreeAt(dir.fd, name.constData())) {
            *error = u"cannot replace \"%1\": %2"_s.arg(shown, sysError());
            return false;
        }
        if (hardlink) {
            Fd target(openInRoot(rootFd, *linkTarget, O_PATH | O_NOFOLLOW));
            struct stat st;
            if (target.fd < 0 || fstat(target.fd, &st) || !S_ISREG(st.st_mode)) {
                *error = u"hard link \"%1\" names \"%2\", which is not a file of the tree"_s.arg(
                    shown, QString::fromUtf8(*linkTarget));
                return false;
            }
            const QByteArray proc = "/proc/self/fd/" + QByteArray::number(target.fd);
            if (linkat(AT_FDCWD, proc.constData(), dir.fd, name.constData(), AT_SYMLINK_FOLLOW)) {
                *error = u"cannot link \"%1\": %2"_s.arg(shown, sysError());
                return false;
            }
            return true;
        }
        if (type == AE_IFLNK) {
            const char *target = LazyArchive::entrySymlink(e);
            if (!target || strlen(target) > 4095) {
                *error = u"symbolic link \"%1\" has no valid target"_s.arg(shown);
                return false;
            }
            // Any target is fine: it resolves inside the container, and the store resolves in its tree.
            if (symlinkat(target, dir.fd, name.constData())) {
                *error = u"cannot create symbolic link \"%1\": %2"_s.arg(shown, sysError());
                return false;
            }
            return true;
        }
        if (type != AE_IFREG) {
            *error = u"entry \"%1\" has an unsupported type"_s.arg(shown);
            return false;
        }
        const qint64 size = LazyArchive::entrySize(e);
        if (size < 0 || bytes + size > limits.maxBytes) {
            *error = u"the image unpacks to more than %1 bytes"_s.arg(limits.maxBytes);
            return false;
        }
        bytes += size;
        ++files;
        Fd out(openat(dir.fd, name.constData(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600));
        if (out.fd < 0) {
            *error = u"cannot create \"%1\": %2"_s.arg(shown, sysError());
            return false;
        }
        const void *buf = nullptr;
        size_t len = 0;
        la_int64_t offset = 0;
        int r;
        while ((r = LazyArchive::dataBlock(a, &buf, &len, &offset)) == ARCHIVE_OK) {
            if (offset + qint64(len) > size) {
                *error = u"entry \"%1\" holds more data than its header says"_s.arg(shown);
                return false;
            }
            const char *p = static_cast<const char *>(buf);
            size_t done = 0;
            while (done < len) {
                ssize_t n = pwrite(out.fd, p + done, len - done, off_t(offset + qint64(done)));
                if (n <= 0) {
                    *error = u"cannot write \"%1\": %2"_s.arg(shown, sysError());
                    return false;
                }
                done += size_t(n);
            }
        }
        if (r != ARCHIVE_EOF) {
            *error = archiveError(a, u"entry \"%1\""_s.arg(shown));
            return false;
        }
        if (ftruncate(out.fd, off_t(size)) || fchmod(out.fd, fileMode(LazyArchive::entryPerm(e)))) {
            *error = u"cannot finish \"%1\": %2"_s.arg(shown, sysError());
            return false;
        }
        return true;
    }
};

QString osName(int rootFd)
{
    QString error;
    std::optional<QByteArray> text = readInRoot(rootFd, "etc/os-release", 65536, &error);
    if (!text)
        text = readInRoot(rootFd, "usr/lib/os-release", 65536, &error);
    if (!text)
        return {};
    QString name, version;
    for (const QByteArray &line : text->split('\n')) {
        const qsizetype eq = line.indexOf('=');
        if (eq < 0)
            continue;
        QString value = QString::fromUtf8(line.mid(eq + 1)).trimmed();
        if (value.size() >= 2 && (value.startsWith(u'"') || value.startsWith(u'\'')))
            value = value.mid(1, value.size() - 2);
        const QByteArray key = line.left(eq).trimmed();
        if (key == "PRETTY_NAME")
            return value;
        if (key == "NAME")
            name = value;
        if (key == "VERSION")
            version = value;
    }
    return QString(name + u' ' + version).trimmed();
}

// python3's version: from dpkg's status when the image has one, else from the binary's PY_VERSION string.
QString pythonVersion(int rootFd)
{
    Fd python(openInRoot(rootFd, "usr/bin/python3", O_RDONLY));
    struct stat st;
    if (python.fd < 0 || fstat(python.fd, &st) || !S_ISREG(st.st_mode))
        return {};
    QString error;
    if (const auto status = readInRoot(rootFd, "var/lib/dpkg/status", 64 << 20, &error)) {
        static const QRegularExpression stanza(
            u"^Package: (?:lib)?python3\\.\\d+-minimal\\n(?:[^\\n]+\\n)*?Version: (?:\\d+:)?(3\\.\\d+\\.\\d+)"_s,
            QRegularExpression::MultilineOption);
        const QRegularExpressionMatch m = stanza.match(QString::fromUtf8(*status));
        if (m.hasMatch())
            return m.captured(1);
    }
    if (st.st_size < (64 << 20)) {
        QByteArray data(qsizetype(st.st_size), Qt::Uninitialized);
        if (pread(python.fd, data.data(), size_t(data.size()), 0) == st.st_size) {
            static const QRegularExpression literal(u"\\x{0}(3\\.\\d{1,2}\\.\\d{1,2})\\x{0}"_s);
            const QRegularExpressionMatch m = literal.match(QString::fromLatin1(data));
            if (m.hasMatch())
                return m.captured(1);
        }
    }
    return u"3"_s;
}

bool hasFileInRoot(int rootFd, const QByteArray &path)
{
    Fd fd(openInRoot(rootFd, path, O_PATH));
    struct stat st;
    return fd.fd >= 0 && fstat(fd.fd, &st) == 0 && S_ISREG(st.st_mode);
}

} // namespace

QJsonObject ImageInfo::toJson() const
{
    QJsonObject o;
    o.insert(u"name"_s, name);
    o.insert(u"id"_s, QString(u"sha256:"_s + id));
    o.insert(u"source"_s, source);
    o.insert(u"os"_s, os);
    o.insert(u"python"_s, python);
    o.insert(u"bash"_s, hasBash);
    o.insert(u"size_bytes"_s, sizeBytes);
    o.insert(u"files"_s, fileCount);
    o.insert(u"layers"_s, layers);
    o.insert(u"imported_at"_s, importedMs / 1000);
    if (!packages.isEmpty())
        o.insert(u"packages"_s, QJsonArray::fromStringList(packages));
    return o;
}

std::optional<ImageInfo> ImageInfo::fromJson(const QJsonObject &json)
{
    ImageInfo info;
    info.name = json.value(u"name"_s).toString();
    const QString id = json.value(u"id"_s).toString();
    const std::optional<QString> hex = digestHex(id);
    if (!hex)
        return std::nullopt;
    info.id = *hex;
    info.source = json.value(u"source"_s).toString();
    info.os = json.value(u"os"_s).toString();
    info.python = json.value(u"python"_s).toString();
    info.hasBash = json.value(u"bash"_s).toBool();
    info.sizeBytes = json.value(u"size_bytes"_s).toInteger();
    info.fileCount = json.value(u"files"_s).toInteger();
    info.layers = json.value(u"layers"_s).toInt();
    info.importedMs = json.value(u"imported_at"_s).toInteger() * 1000;
    for (const QJsonValue &p : json.value(u"packages"_s).toArray())
        info.packages << p.toString();
    return info;
}

ImageStore::ImageStore(const QString &dataDir)
    : m_dataDir(dataDir)
{}

ImageInfo ImageStore::describeTree(const QString &root)
{
    ImageInfo info;
    Fd rootFd(::open(QFile::encodeName(root).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (rootFd.fd < 0)
        return info;
    info.os = osName(rootFd.fd);
    info.python = pythonVersion(rootFd.fd);
    info.hasBash = hasFileInRoot(rootFd.fd, "bin/bash") || hasFileInRoot(rootFd.fd, "usr/bin/bash");
    return info;
}

QString ImageStore::summary(const ImageInfo &info)
{
    const QString os = info.os.isEmpty() ? u"unknown OS"_s : info.os;
    return os + u" · "_s + (info.hasPython() ? u"Python "_s + info.python : u"no python3"_s);
}

QString ImageStore::imagesDir(const QString &dataDir)
{
    return dataDir + u"/images"_s;
}

QString ImageStore::rootfsPath(const QString &dataDir, const QString &id)
{
    if (!isHex64(id))
        return {};
    return imagesDir(dataDir) + u"/store/"_s + id + u"/rootfs"_s;
}

bool ImageStore::isValidName(const QString &name)
{
    static const QRegularExpression re(u"^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$"_s);
    return re.match(name).hasMatch();
}

std::optional<QStringList> ImageStore::parsePackages(const QString &list, QString *error)
{
    static const QRegularExpression re(u"^[a-z0-9][a-z0-9+.-]*$"_s);
    QStringList out;
    for (const QString &raw : list.split(u',', Qt::SkipEmptyParts)) {
        const QString name = raw.trimmed();
        if (!re.match(name).hasMatch() || name.size() > 100) {
            *error = u"\"%1\" is not a Debian package name"_s.arg(name);
            return std::nullopt;
        }
        out << name;
    }
    return out;
}

QJsonObject ImageStore::names() const
{
    QString error;
    const auto doc = JsonFile::read(imagesDir(m_dataDir) + u"/names.json"_s, &error);
    return doc ? doc->object() : QJsonObject{};
}

bool ImageStore::bindName(const QString &name, const QString &id, QString *error)
{
    QJsonObject all = names();
    if (id.isEmpty())
        all.remove(name);
    else
        all.insert(name, id);
    return JsonFile::write(imagesDir(m_dataDir) + u"/names.json"_s, QJsonDocument(all), error);
}

QList<ImageInfo> ImageStore::list() const
{
    QList<ImageInfo> out;
    const QJsonObject all = names();
    for (auto it = all.begin(); it != all.end(); ++it) {
        QString error;
        const auto doc = JsonFile::read(
            imagesDir(m_dataDir) + u"/store/"_s + it.value().toString() + u"/image.json"_s, &error);
        if (!doc || !isHex64(it.value().toString()))
            continue;
        std::optional<ImageInfo> info = ImageInfo::fromJson(doc->object());
        if (!info)
            continue;
        info->name = it.key();
        out << *info;
    }
    return out;
}

std::optional<ImageInfo> ImageStore::find(const QString &nameOrId) const
{
    const QList<ImageInfo> all = list();
    for (const ImageInfo &info : all) {
        if (info.name == nameOrId)
            return info;
    }
    QString hex = nameOrId;
    if (hex.startsWith(u"sha256:"_s))
        hex = hex.mid(7);
    static const QRegularExpression prefix(u"^[0-9a-f]{12,64}$"_s);
    if (!prefix.match(hex).hasMatch())
        return std::nullopt;
    for (const ImageInfo &info : all) {
        if (info.id.startsWith(hex))
            return info;
    }
    return std::nullopt;
}

bool ImageStore::applyTo(Container *container, const QString &name, QString *error) const
{
    QString id;
    QString shown = name;
    if (!name.isEmpty()) {
        const std::optional<ImageInfo> info = find(name);
        if (!info) {
            *error = u"no image \"%1\" (see sandbench images list)"_s.arg(name);
            return false;
        }
        id = info->id;
        shown = info->name;
    }
    if (container->setImage(shown, id))
        return true;
    *error =
        u"container %1 runs on %2, not on %3: a container's image is fixed when it first starts; use a "
        u"new container"_s.arg(container->id(),
                               container->imageId().isEmpty() ? u"the host's /usr"_s
                                                              : u"image \"%1\""_s.arg(container->imageName()),
                               name.isEmpty() ? u"the host's /usr"_s : u"image \"%1\""_s.arg(name));
    return false;
}

QStringList ImageStore::users(const QString &id) const
{
    QStringList out;
    ContainerRegistry registry(m_dataDir);
    for (const QString &ws : registry.workspaces()) {
        for (const ContainerMeta &meta : registry.list(ws)) {
            if (meta.policy.value(u"image"_s).toObject().value(u"id"_s).toString() == id)
                out << ws + u'/' + meta.id;
        }
    }
    return out;
}

namespace {

// Processes started with `--rootfs TREE` (sandbench-init of a container on that image tree): a container that
// is starting shows here before its meta.json names the image (the history's worker writes it meanwhile).
QList<int> processesOnTree(const QString &tree)
{
    QList<int> pids;
    const QByteArray wanted = QFile::encodeName(tree);
    DIR *proc = ::opendir("/proc");
    if (!proc)
        return pids;
    while (const dirent *e = ::readdir(proc)) {
        char *end = nullptr;
        const long pid = std::strtol(e->d_name, &end, 10);
        if (pid <= 0 || *end != '\0')
            continue;
        QFile f(u"/proc/%1/cmdline"_s.arg(pid));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QList<QByteArray> args = f.read(64 * 1024).split('\0');
        for (qsizetype i = 0; i + 1 < args.size(); ++i) {
            if (args.at(i) == "--rootfs" && args.at(i + 1) == wanted) {
                pids << int(pid);
                break;
            }
        }
    }
    ::closedir(proc);
    return pids;
}

} // namespace

bool ImageStore::remove(const QString &nameOrId, QString *error)
{
    const std::optional<ImageInfo> info = find(nameOrId);
    if (!info) {
        *error = u"no image \"%1\" (see sandbench images list)"_s.arg(nameOrId);
        return false;
    }
    QLockFile lock(imagesDir(m_dataDir) + u"/.lock"_s);
    lock.lock();
    const QJsonObject all = names();
    for (auto it = all.begin(); it != all.end(); ++it) {
        if (it.key() != info->name && it.value().toString() == info->id)
            return bindName(info->name, {}, error); // another name keeps the tree its containers use
    }
    const QStringList using_ = users(info->id);
    if (!using_.isEmpty()) {
        *error = u"image \"%1\" is in use by these containers: %2; remove them first (sandbench rm ID)"_s.arg(
            info->name, using_.join(u", "_s));
        return false;
    }
    const QList<int> starting = processesOnTree(rootfsPath(m_dataDir, info->id));
    if (!starting.isEmpty()) {
        *error =
            u"image \"%1\" is in use by a container that is starting (process %2); try again once it has "
            u"started, then remove that container first (sandbench rm ID)"_s.arg(info->name)
                .arg(starting.constFirst());
        return false;
    }
    if (!bindName(info->name, {}, error))
        return false;
    if (!removeTree(imagesDir(m_dataDir) + u"/store/"_s + info->id)) {
        *error = u"cannot delete the files of image \"%1\": %2"_s.arg(info->name, sysError());
        return false;
    }
    return true;
}

std::optional<ImageInfo> ImageStore::importPath(const QString &path, const QString &name, QString *error)
{
    if (!isValidName(name)) {
        *error = u"\"%1\" is not a valid image name: 1-64 characters of A-Z, a-z, 0-9, ., _, : and -, "
                 u"starting with a letter or digit"_s.arg(name);
        return std::nullopt;
    }
    const QFileInfo source(path);
    if (!source.exists()) {
        *error = u"%1 does not exist"_s.arg(path);
        return std::nullopt;
    }
    if (source.isDir())
        return importTree(source.absoluteFilePath(), name, {}, error);

    // An archive: unpacked (with the same checks as a layer) into a scratch directory, read from there.
    if (!QDir().mkpath(imagesDir(m_dataDir) + u"/tmp"_s)) {
        *error = u"cannot create %1/tmp"_s.arg(imagesDir(m_dataDir));
        return std::nullopt;
    }
    QTemporaryDir scratch(imagesDir(m_dataDir) + u"/tmp/import-XXXXXX"_s);
    if (!scratch.isValid()) {
        *error = u"cannot create a scratch directory: %1"_s.arg(scratch.errorString());
        return std::nullopt;
    }
    scratch.setAutoRemove(false);
    auto cleanup = qScopeGuard([&] { removeTree(scratch.path()); });
    Fd in(::open(QFile::encodeName(source.absoluteFilePath()).constData(), O_RDONLY | O_CLOEXEC));
    if (in.fd < 0) {
        *error = u"cannot open %1: %2"_s.arg(path, sysError());
        return std::nullopt;
    }
    // Peek: an image archive has index.json or manifest.json at its top; anything else is a rootfs tar.
    bool imageArchive = false;
    {
        Unpacker::Archive ar;
        LazyArchive::supportFilterAll(ar.a);
        LazyArchive::supportFormatTar(ar.a);
        LazyArchive::supportFormatGnutar(ar.a);
        if (LazyArchive::openFd(ar.a, in.fd, 1 << 16) != ARCHIVE_OK) {
            *error = Unpacker::archiveError(ar.a, path);
            return std::nullopt;
        }
        archive_entry *e = nullptr;
        int r;
        int seen = 0;
        while ((r = LazyArchive::nextHeader(ar.a, &e)) == ARCHIVE_OK && ++seen < 100000) {
            QString ignored;
            const auto clean = cleanPath(LazyArchive::entryPathname(e), &ignored);
            if (clean && (*clean == "index.json" || *clean == "manifest.json" || *clean == "oci-layout")) {
                imageArchive = true;
                break;
            }
        }
        if (!imageArchive && r != ARCHIVE_EOF && r != ARCHIVE_OK) {
            *error = Unpacker::archiveError(ar.a, path);
            return std::nullopt;
        }
    }
    if (!imageArchive) {
        // A root-filesystem tar (mmdebstrap, a container export): one layer, identified by its own sha256.
        QString hashError;
        QCryptographicHash hash(QCryptographicHash::Sha256);
        QFile file(source.absoluteFilePath());
        if (!file.open(QIODevice::ReadOnly) || !hash.addData(&file)) {
            *error = u"cannot read %1"_s.arg(path);
            return std::nullopt;
        }
        const QString id = QString::fromLatin1(hash.result().toHex());
        ImageInfo info;
        info.name = name;
        info.id = id;
        info.source = u"rootfs-tar"_s;
        info.layers = 1;
        const QString root = scratch.path() + u"/rootfs"_s;
        QDir().mkpath(root);
        ::chmod(QFile::encodeName(root).constData(), 0755);
        Fd rootFd(::open(QFile::encodeName(root).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
        Unpacker u{rootFd.fd, m_limits};
        if (!u.unpack(in.fd, path, true, error))
            return std::nullopt;
        info.sizeBytes = u.bytes;
        info.fileCount = u.files;
        return finish(info, root, error);
    }
    const QString layout = scratch.path() + u"/archive"_s;
    QDir().mkpath(layout);
    Fd layoutFd(::open(QFile::encodeName(layout).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    ImageLimits outer = m_limits;
    Unpacker u{layoutFd.fd, outer};
    if (!u.unpack(in.fd, path, false, error))
        return std::nullopt;
    const bool oci = QFileInfo::exists(layout + u"/index.json"_s);
    return importTree(layout, name, oci ? u"oci-archive"_s : u"docker-archive"_s, error);
}

std::optional<ImageInfo> ImageStore::importTree(const QString &dir, const QString &name, const QString &kind,
                                                QString *error)
{
    Fd dirFd(::open(QFile::encodeName(dir).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (dirFd.fd < 0) {
        *error = u"cannot open %1: %2"_s.arg(dir, sysError());
        return std::nullopt;
    }
    auto readJson = [&](const QByteArray &path, const QString &expectHex) -> std::optional<QJsonDocument> {
        const std::optional<QByteArray> data = readInRoot(dirFd.fd, path, m_limits.maxJsonBytes, error);
        if (!data)
            return std::nullopt;
        if (!expectHex.isEmpty() &&
            QString::fromLatin1(QCryptographicHash::hash(*data, QCryptographicHash::Sha256).toHex()) !=
                expectHex) {
            *error = u"the archive is damaged: %1 does not match its digest sha256:%2"_s.arg(
                QString::fromUtf8(path), expectHex);
            return std::nullopt;
        }
        QJsonParseError pe;
        QJsonDocument doc = QJsonDocument::fromJson(*data, &pe);
        if (doc.isNull()) {
            *error = u"%1 is not valid JSON: %2"_s.arg(QString::fromUtf8(path), pe.errorString());
            return std::nullopt;
        }
        return doc;
    };

    struct Layer
    {
        QByteArray path;
        QString expectHex; // sha256 of the file
        qint64 size = -1;
    };
    QList<Layer> layers;
    QString configHex;
    QString source = kind;

    const bool oci = hasFileInRoot(dirFd.fd, "index.json");
    if (oci) {
        if (source.isEmpty())
            source = u"oci-layout"_s;
        const auto index = readJson("index.json", {});
        if (!index)
            return std::nullopt;
        QJsonObject manifest;
        QJsonArray manifests = index->object().value(u"manifests"_s).toArray();
        for (int depth = 0;; ++depth) {
            if (manifests.isEmpty() || depth > 4) {
                *error = u"the OCI index lists no image manifest"_s;
                return std::nullopt;
            }
            // The linux/amd64 entry of a multi-platform index, else the first.
            QJsonObject chosen = manifests.first().toObject();
            for (const QJsonValue &m : manifests) {
                const QJsonObject p = m.toObject().value(u"platform"_s).toObject();
                if (p.value(u"os"_s).toString() == u"linux" &&
                    p.value(u"architecture"_s).toString() == u"amd64")
                    chosen = m.toObject();
            }
            const std::optional<QString> hex = digestHex(chosen.value(u"digest"_s).toString());
            if (!hex) {
                *error = u"the OCI index names a manifest without a sha256 digest"_s;
                return std::nullopt;
            }
            const auto doc = readJson("blobs/sha256/" + hex->toLatin1(), *hex);
            if (!doc)
                return std::nullopt;
            const QJsonObject obj = doc->object();
            if (obj.contains(u"manifests"_s)) { // a nested index
                manifests = obj.value(u"manifests"_s).toArray();
                continue;
            }
            manifest = obj;
            break;
        }
        const std::optional<QString> cfg =
            digestHex(manifest.value(u"config"_s).toObject().value(u"digest"_s).toString());
        if (!cfg) {
            *error = u"the image manifest has no config with a sha256 digest"_s;
            return std::nullopt;
        }
        if (!readJson("blobs/sha256/" + cfg->toLatin1(), *cfg))
            return std::nullopt;
        configHex = *cfg;
        for (const QJsonValue &l : manifest.value(u"layers"_s).toArray()) {
            const QJsonObject d = l.toObject();
            const std::optional<QString> hex = digestHex(d.value(u"digest"_s).toString());
            if (!hex) {
                *error = u"a layer of the manifest has no sha256 digest"_s;
                return std::nullopt;
            }
            layers << Layer{"blobs/sha256/" + hex->toLatin1(), *hex, d.value(u"size"_s).toInteger(-1)};
        }
    } else if (hasFileInRoot(dirFd.fd, "manifest.json")) {
        if (source.isEmpty())
            source = u"docker-archive"_s;
        const auto doc = readJson("manifest.json", {});
        if (!doc)
            return std::nullopt;
        const QJsonObject first = doc->array().first().toObject();
        const QByteArray configPath = first.value(u"Config"_s).toString().toUtf8();
        const std::optional<QByteArray> configBytes =
            readInRoot(dirFd.fd, configPath, m_limits.maxJsonBytes, error);
        if (configPath.isEmpty() || !configBytes) {
            if (configPath.isEmpty())
                *error = u"manifest.json names no image config"_s;
            return std::nullopt;
        }
        configHex =
            QString::fromLatin1(QCryptographicHash::hash(*configBytes, QCryptographicHash::Sha256).toHex());
        const QString base = QFileInfo(QString::fromUtf8(configPath)).fileName().section(u'.', 0, 0);
        if (isHex64(base) && base != configHex) {
            *error = u"the archive is damaged: %1 does not match its digest sha256:%2"_s.arg(
                QString::fromUtf8(configPath), base);
            return std::nullopt;
        }
        const QJsonArray diffIds = QJsonDocument::fromJson(*configBytes)
                                       .object()
                                       .value(u"rootfs"_s)
                                       .toObject()
                                       .value(u"diff_ids"_s)
                                       .toArray();
        const QJsonArray paths = first.value(u"Layers"_s).toArray();
        for (qsizetype i = 0; i < paths.size(); ++i) {
            Layer layer{paths.at(i).toString().toUtf8(), {}, -1};
            const QString name = QFileInfo(QString::fromUtf8(layer.path)).fileName().section(u'.', 0, 0);
            if (isHex64(name) && layer.path.contains("sha256"))
                layer.expectHex = name; // blobs/sha256/<hex>
            else if (i < diffIds.size())
                layer.expectHex = digestHex(diffIds.at(i).toString()).value_or(QString());
            if (layer.expectHex.isEmpty()) {
                *error = u"layer %1 of manifest.json has no digest to check it against"_s.arg(
                    QString::fromUtf8(layer.path));
                return std::nullopt;
            }
            layers << layer;
        }
    } else {
        *error =
            u"%1 is not an image: it has neither an OCI index.json nor a docker manifest.json"_s.arg(dir);
        return std::nullopt;
    }
    if (layers.size() > m_limits.maxLayers) {
        *error = u"the image has more than %1 layers"_s.arg(m_limits.maxLayers);
        return std::nullopt;
    }
    qint64 total = 0;
    for (const Layer &layer : std::as_const(layers)) {
        qint64 size = 0;
        const std::optional<QString> hex = hashInRoot(dirFd.fd, layer.path, &size, error);
        if (!hex)
            return std::nullopt;
        if (*hex != layer.expectHex || (layer.size >= 0 && layer.size != size)) {
            *error = u"the archive is damaged: layer %1 does not match its digest sha256:%2"_s.arg(
                QString::fromUtf8(layer.path), layer.expectHex);
            return std::nullopt;
        }
        total += size;
        if (total > m_limits.maxBytes) {
            *error = u"the image's layers are larger than %1 bytes"_s.arg(m_limits.maxBytes);
            return std::nullopt;
        }
    }

    ImageInfo info;
    info.name = name;
    info.id = configHex;
    info.source = source;
    info.layers = int(layers.size());
    if (!QDir().mkpath(imagesDir(m_dataDir) + u"/tmp"_s)) {
        *error = u"cannot create %1/tmp"_s.arg(imagesDir(m_dataDir));
        return std::nullopt;
    }
    if (QFileInfo::exists(imagesDir(m_dataDir) + u"/store/"_s + configHex + u"/image.json"_s))
        return finish(info, {}, error); // stored already: only the name is new
    QTemporaryDir scratch(imagesDir(m_dataDir) + u"/tmp/rootfs-XXXXXX"_s);
    if (!scratch.isValid()) {
        *error = u"cannot create a scratch directory: %1"_s.arg(scratch.errorString());
        return std::nullopt;
    }
    scratch.setAutoRemove(false);
    auto cleanup = qScopeGuard([&] { removeTree(scratch.path()); });
    const QString root = scratch.path() + u"/rootfs"_s;
    QDir().mkpath(root);
    ::chmod(QFile::encodeName(root).constData(), 0755);
    Fd rootFd(::open(QFile::encodeName(root).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    Unpacker u{rootFd.fd, m_limits};
    for (const Layer &layer : std::as_const(layers)) {
        Fd fd(openInRoot(dirFd.fd, layer.path, O_RDONLY));
        if (fd.fd < 0) {
            *error = u"cannot open layer %1: %2"_s.arg(QString::fromUtf8(layer.path), sysError());
            return std::nullopt;
        }
        if (!u.unpack(fd.fd, u"layer %1"_s.arg(QString::fromUtf8(layer.path)), true, error))
            return std::nullopt;
    }
    info.sizeBytes = u.bytes;
    info.fileCount = u.files;
    return finish(info, root, error);
}

std::optional<ImageInfo> ImageStore::finish(ImageInfo info, const QString &rootfs, QString *error)
{
    const QString storeDir = imagesDir(m_dataDir) + u"/store/"_s + info.id;
    QDir().mkpath(imagesDir(m_dataDir) + u"/store"_s);
    QLockFile lock(imagesDir(m_dataDir) + u"/.lock"_s);
    lock.lock();
    if (!QFileInfo::exists(storeDir + u"/image.json"_s)) {
        if (rootfs.isEmpty()) {
            *error = u"image %1 vanished from the store during the import"_s.arg(info.shortId());
            return std::nullopt;
        }
        const ImageInfo described = describeTree(rootfs);
        info.os = described.os;
        info.python = described.python;
        info.hasBash = described.hasBash;
        info.importedMs = QDateTime::currentMSecsSinceEpoch();
        removeTree(storeDir); // a half-finished earlier import
        if (!QDir().mkpath(storeDir) || ::rename(QFile::encodeName(rootfs).constData(),
                                                 QFile::encodeName(storeDir + u"/rootfs"_s).constData())) {
            *error = u"cannot store the image in %1: %2"_s.arg(storeDir, sysError());
            return std::nullopt;
        }
        ::chmod(QFile::encodeName(storeDir).constData(), 0755);
        ImageInfo stored = info;
        stored.name.clear();
        if (!JsonFile::write(storeDir + u"/image.json"_s, QJsonDocument(stored.toJson()), error))
            return std::nullopt;
    } else {
        QString readError;
        const auto doc = JsonFile::read(storeDir + u"/image.json"_s, &readError);
        if (const auto stored = doc ? ImageInfo::fromJson(doc->object()) : std::nullopt) {
            const QString name = info.name;
            info = *stored;
            info.name = name;
        }
    }
    if (!bindName(info.name, info.id, error))
        return std::nullopt;
    return info;
}

std::optional<ImageInfo> ImageStore::build(const QString &name, const QStringList &packages,
                                           const QString &suite, const QString &mirror, QString *error,
                                           const std::function<void(const QString &)> &progress)
{
    if (!isValidName(name)) {
        *error = u"\"%1\" is not a valid image name: 1-64 characters of A-Z, a-z, 0-9, ., _, : and -, "
                 u"starting with a letter or digit"_s.arg(name);
        return std::nullopt;
    }
    static const QRegularExpression suiteRe(u"^[a-z][a-z0-9-]{1,30}$"_s);
    if (!suiteRe.match(suite).hasMatch()) {
        *error = u"\"%1\" is not a Debian suite name (e.g. bookworm)"_s.arg(suite);
        return std::nullopt;
    }
    QDir().mkpath(imagesDir(m_dataDir) + u"/tmp"_s);
    QTemporaryDir scratch(imagesDir(m_dataDir) + u"/tmp/build-XXXXXX"_s);
    if (!scratch.isValid()) {
        *error = u"cannot create a scratch directory: %1"_s.arg(scratch.errorString());
        return std::nullopt;
    }
    const QString tar = scratch.path() + u"/rootfs.tar"_s;
    QStringList args{u"--variant=apt"_s, u"--format=tar"_s, u"--skip=output/dev"_s};
    if (!packages.isEmpty())
        args << u"--include="_s + packages.join(u',');
    args << suite << tar;
    if (!mirror.isEmpty())
        args << mirror;
    QProcess proc;
    proc.setProcessChannelMode(QProcess::MergedChannels);
    proc.start(u"mmdebstrap"_s, args);
    if (!proc.waitForStarted()) {
        *error = u"cannot run mmdebstrap (apt-get install mmdebstrap): %1"_s.arg(proc.errorString());
        return std::nullopt;
    }
    QByteArray tail;
    while (proc.state() != QProcess::NotRunning) {
        proc.waitForReadyRead(1000);
        const QByteArray out = proc.readAll();
        tail = QByteArray(tail + out).right(4000);
        if (progress && !out.isEmpty()) {
            for (const QByteArray &line : out.split('\n')) {
                if (!line.trimmed().isEmpty())
                    progress(QString::fromUtf8(line));
            }
        }
    }
    proc.waitForFinished(-1);
    tail += proc.readAll();
    if (proc.exitStatus() != QProcess::NormalExit || proc.exitCode() != 0) {
        *error = u"mmdebstrap failed (exit %1):\n%2"_s.arg(proc.exitCode())
                     .arg(QString::fromUtf8(tail.right(2000)).trimmed());
        return std::nullopt;
    }
    std::optional<ImageInfo> info = importPath(tar, name, error);
    if (!info)
        return std::nullopt;
    if (info->source == u"rootfs-tar") {
        // Record how it was made.
        const QString json = imagesDir(m_dataDir) + u"/store/"_s + info->id + u"/image.json"_s;
        info->source = u"mmdebstrap"_s;
        info->packages = packages;
        ImageInfo stored = *info;
        stored.name.clear();
        JsonFile::write(json, QJsonDocument(stored.toJson()), error);
    }
    return info;
}
