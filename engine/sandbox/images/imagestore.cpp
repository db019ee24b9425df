// SPDX-License-Identifier: GPL-3.0-or-later
#include "imagestore.h"
#include "layerunpacker.h"
#include "lazyarchive.h"

#include "base/jsonfile.h"
#include "base/printabletext.h"
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
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QUrl>

#include <dirent.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <sys/file.h>
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

// Removes a path of Sandbench's own (a scratch directory, a stored tree) without following links.
bool removeTree(const QString &path, QString *error = nullptr)
{
    QString ignored;
    return LayerUnpacker::removeTreeAtPath(path, error ? error : &ignored);
}

// An import's scratch directory left by a process that died (SIGKILL, power loss) is one that nobody
// holds locked and that is older than any start-up (the lock comes a moment after mkdir). Best effort:
// whatever cannot be opened or removed now stays for the next sweep.
constexpr qint64 StaleScratchSeconds = 600;

void sweepStaleScratch(int parentFd)
{
    const int listFd = fcntl(parentFd, F_DUPFD_CLOEXEC, 0);
    DIR *dir = listFd >= 0 ? fdopendir(listFd) : nullptr;
    if (!dir) {
        if (listFd >= 0)
            ::close(listFd);
        return;
    }
    QList<QByteArray> stale;
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    while (const dirent *e = readdir(dir)) {
        const QByteArray name(e->d_name);
        if (name == "." || name == ".." || stale.size() >= 64)
            continue;
        const int fd = openat(parentFd, e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0)
            continue;
        struct stat st
        {
        };
        if (fstat(fd, &st) == 0 && now - qint64(st.st_mtim.tv_sec) >= StaleScratchSeconds &&
            flock(fd, LOCK_EX | LOCK_NB) == 0)
            stale.append(name);
        ::close(fd); // the lock goes with it; a directory older than any start-up is not locked again
    }
    closedir(dir);
    for (const QByteArray &name : std::as_const(stale)) {
        QString ignored;
        LayerUnpacker::removeTree(parentFd, name, &ignored);
    }
}

// ChainID as the OCI image spec defines it: the first layer's DiffID, then sha256("<chain> <diff_id>").
QString chainIdOf(const QStringList &diffIdHexes)
{
    QString chain;
    for (const QString &diff : diffIdHexes) {
        if (chain.isEmpty()) {
            chain = diff;
            continue;
        }
        const QByteArray text = "sha256:" + chain.toLatin1() + " sha256:" + diff.toLatin1();
        chain = QString::fromLatin1(QCryptographicHash::hash(text, QCryptographicHash::Sha256).toHex());
    }
    return chain;
}

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
    if (!chainId.isEmpty())
        o.insert(u"chain_id"_s, QString(u"sha256:"_s + chainId));
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
    info.chainId = digestHex(json.value(u"chain_id"_s).toString()).value_or(QString());
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
    const std::optional<ImageInfo> stored = storedImage(dataDir, id);
    if (stored && isHex64(stored->chainId))
        return imagesDir(dataDir) + u"/trees/"_s + stored->chainId;
    return imagesDir(dataDir) + u"/store/"_s + id + u"/rootfs"_s; // stored before trees were keyed by layers
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
            *error = u"%1 is not a Debian package name"_s.arg(printableText(name, true));
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
            *error = u"no image %1 (see sandbench images list)"_s.arg(printableText(name, true));
            return false;
        }
        id = info->id;
        shown = info->name;
    }
    if (container->setImage(shown, id))
        return true;
    *error = u"container %1 runs on %2, not on %3: a container's image is fixed when it first starts; use a "
             u"new container"_s.arg(
                 container->id(),
                 container->imageId().isEmpty() ? u"the host's /usr"_s
                                                : u"image \"%1\""_s.arg(container->imageName()),
                 name.isEmpty() ? u"the host's /usr"_s : u"image %1"_s.arg(printableText(name, true)));
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
        *error = u"no image %1 (see sandbench images list)"_s.arg(printableText(nameOrId, true));
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
        *error = u"image %1 is in use by these containers: %2; remove them first (sandbench rm ID)"_s.arg(
            printableText(info->name, true), using_.join(u", "_s));
        return false;
    }
    const QString tree = rootfsPath(m_dataDir, info->id);
    const QList<int> starting = processesOnTree(tree);
    if (!starting.isEmpty()) {
        *error = u"image %1 is in use by a container that is starting (process %2); try again once it has "
                 u"started, then remove that container first (sandbench rm ID)"_s
                     .arg(printableText(info->name, true))
                     .arg(starting.constFirst());
        return false;
    }
    // The tree first (unless another image of the same layers shares it), then the name, then the record:
    // whatever fails, the error says what is left and the name still leads to it until the tree is gone.
    QString why;
    if (!treeSharedWithOtherImage(info->id, info->chainId) && !removeTree(tree, &why)) {
        *error = u"cannot delete the files of image %1: %2. Left: %3 (partly deleted); the name %1 stays, so "
                 u"'sandbench images rm %4' can try again"_s.arg(printableText(info->name, true), why, tree,
                                                                 printableText(info->name));
        return false;
    }
    if (!bindName(info->name, {}, error))
        return false;
    const QString record = imagesDir(m_dataDir) + u"/store/"_s + info->id;
    if (!removeTree(record, &why)) {
        *error = u"image %1 is removed, but its record %2 is left: %3"_s.arg(printableText(info->name, true),
                                                                             record, why);
        return false;
    }
    return true;
}

bool ImageStore::treeSharedWithOtherImage(const QString &id, const QString &chainId) const
{
    if (chainId.isEmpty())
        return false; // an image stored before trees were keyed by their layers has a tree of its own
    const QStringList ids =
        QDir(imagesDir(m_dataDir) + u"/store"_s).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &other : ids) {
        if (other == id)
            continue;
        const std::optional<ImageInfo> stored = storedImage(m_dataDir, other);
        if (stored && stored->chainId == chainId)
            return true;
    }
    return false;
}

std::optional<ImageInfo> ImageStore::storedImage(const QString &dataDir, const QString &id)
{
    if (!isHex64(id))
        return std::nullopt;
    QString error;
    const auto doc = JsonFile::read(imagesDir(dataDir) + u"/store/"_s + id + u"/image.json"_s, &error);
    return doc ? ImageInfo::fromJson(doc->object()) : std::nullopt;
}

namespace {

// The top of an archive: an image archive has index.json or manifest.json at its top, anything else is a
// root-filesystem tar. Reads headers only.
std::optional<bool> isImageArchive(int fd, const QString &what, QString *error)
{
    if (lseek(fd, 0, SEEK_SET) < 0) {
        *error = u"cannot read %1: %2"_s.arg(what, sysError());
        return std::nullopt;
    }
    archive *a = LazyArchive::readNew();
    auto free = qScopeGuard([a] { LazyArchive::readFree(a); });
    LazyArchive::supportImageFilters(a);
    LazyArchive::supportFormatTar(a);
    LazyArchive::supportFormatGnutar(a);
    auto fail = [&] {
        const char *msg = LazyArchive::errorString(a);
        *error = u"%1 is not a readable tar archive: %2"_s.arg(what, msg ? QString::fromUtf8(msg)
                                                                         : u"unknown error"_s);
        return std::nullopt;
    };
    if (LazyArchive::openFd(a, fd, 1 << 16) != ARCHIVE_OK)
        return fail();
    archive_entry *e = nullptr;
    int r;
    int seen = 0;
    while ((r = LazyArchive::nextHeader(a, &e)) == ARCHIVE_OK && ++seen < 100000) {
        QByteArray path(LazyArchive::entryPathname(e));
        while (path.startsWith("./"))
            path = path.mid(2);
        if (path == "index.json" || path == "manifest.json" || path == "oci-layout")
            return true;
    }
    if (r != ARCHIVE_EOF && r != ARCHIVE_OK)
        return fail();
    return false;
}

std::optional<QString> fileSha256(int fd, QString *error)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    QByteArray buf(1 << 20, Qt::Uninitialized);
    if (lseek(fd, 0, SEEK_SET) < 0) {
        *error = sysError();
        return std::nullopt;
    }
    for (;;) {
        const ssize_t n = ::read(fd, buf.data(), size_t(buf.size()));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            *error = sysError();
            return std::nullopt;
        }
        if (n == 0)
            return QString::fromLatin1(hash.result().toHex());
        hash.addData(QByteArrayView(buf.constData(), n));
    }
}

} // namespace

std::optional<ImageInfo> ImageStore::importPath(const QString &path, const QString &name, QString *error)
{
    if (!isValidName(name)) {
        *error = u"%1 is not a valid image name: 1-64 characters of A-Z, a-z, 0-9, ., _, : and -, "
                 u"starting with a letter or digit"_s.arg(printableText(name, true));
        return std::nullopt;
    }
    const QFileInfo source(path);
    const QString shownPath = printableText(path);
    if (!source.exists()) {
        *error = u"%1 does not exist"_s.arg(shownPath);
        return std::nullopt;
    }
    ImportBudget budget{m_limits};
    if (source.isDir())
        return importTree(source.absoluteFilePath(), name, {}, &budget, error);

    Fd in(::open(QFile::encodeName(source.absoluteFilePath()).constData(), O_RDONLY | O_CLOEXEC));
    if (in.fd < 0) {
        *error = u"cannot open %1: %2"_s.arg(shownPath, sysError());
        return std::nullopt;
    }
    const std::optional<bool> imageArchive = isImageArchive(in.fd, shownPath, error);
    if (!imageArchive)
        return std::nullopt;
    if (!*imageArchive) {
        // A root-filesystem tar (mmdebstrap, a container export): one layer. The image's id is the file's
        // sha256, its tree's key the sha256 of the uncompressed tar (its diff_id, which is its ChainID).
        ImageInfo info;
        info.name = name;
        info.source = u"rootfs-tar"_s;
        info.layers = 1;
        QString readError;
        const std::optional<QString> id = fileSha256(in.fd, &readError);
        if (!id) {
            *error = u"cannot read %1: %2"_s.arg(shownPath, readError);
            return std::nullopt;
        }
        info.id = *id;
        if (const std::optional<ImageInfo> stored = storedImage(m_dataDir, info.id);
            stored && !stored->chainId.isEmpty() && QFileInfo(treePath(stored->chainId)).isDir()) {
            info.chainId = stored->chainId;
            return finish(info, {}, error); // stored already: only the name is new
        }
        Scratch scratch(this, u"rootfs"_s, error);
        if (!scratch.valid())
            return std::nullopt;
        LayerUnpacker unpacker(scratch.rootFd(), &budget);
        LayerUnpacker::Digests digests;
        if (!unpacker.unpack(in.fd, shownPath, LayerUnpacker::Mode::Layer, &digests, error))
            return std::nullopt;
        if (digests.stored != info.id) {
            *error = u"%1 changed while it was being imported"_s.arg(shownPath);
            return std::nullopt;
        }
        info.chainId = digests.uncompressed;
        info.sizeBytes = budget.bytes;
        info.fileCount = budget.files;
        return finish(info, scratch.rootPath(), error);
    }
    // An image archive: unpacked (with the same checks as a layer, on the same budget) into a scratch
    // directory and read from there.
    Scratch scratch(this, u"import"_s, error);
    if (!scratch.valid())
        return std::nullopt;
    LayerUnpacker unpacker(scratch.rootFd(), &budget);
    if (!unpacker.unpack(in.fd, shownPath, LayerUnpacker::Mode::Plain, nullptr, error))
        return std::nullopt;
    const bool oci = hasFileInRoot(scratch.rootFd(), "index.json");
    return importTree(scratch.rootPath(), name, oci ? u"oci-archive"_s : u"docker-archive"_s, &budget, error);
}

ImageStore::Scratch::Scratch(const ImageStore *store, const QString &kind, QString *error)
{
    const QString tmp = imagesDir(store->m_dataDir) + u"/tmp"_s;
    if (!QDir().mkpath(tmp)) {
        *error = u"cannot create %1"_s.arg(tmp);
        return;
    }
    // Two descriptors held from the start (the directory it is in and a spare), so that deleting it never
    // needs one more than the import had, even at the process's descriptor limit.
    m_parentFd = ::open(QFile::encodeName(tmp).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    m_spareFd = m_parentFd >= 0 ? fcntl(m_parentFd, F_DUPFD_CLOEXEC, 0) : -1;
    if (m_spareFd < 0) {
        *error = u"cannot create a scratch directory in %1: %2"_s.arg(tmp, sysError());
        return;
    }
    sweepStaleScratch(m_parentFd);
    for (int attempt = 0; attempt < 100 && m_name.isEmpty(); ++attempt) {
        const QByteArray name =
            kind.toLatin1() + '-' + QByteArray::number(QRandomGenerator::system()->generate64(), 36);
        if (mkdirat(m_parentFd, name.constData(), 0700) == 0)
            m_name = name;
        else if (errno != EEXIST)
            break;
    }
    if (m_name.isEmpty()) {
        *error = u"cannot create a scratch directory in %1: %2"_s.arg(tmp, sysError());
        return;
    }
    m_path = tmp + u'/' + QFile::decodeName(m_name);
    // The tree itself is one level down, so the scratch directory's own mode never matters to it.
    // Held, and locked, while this import lives: a sweep by another process leaves it alone.
    m_lockFd = openat(m_parentFd, m_name.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (m_lockFd >= 0 && flock(m_lockFd, LOCK_EX | LOCK_NB) != 0) {
        ::close(m_lockFd);
        m_lockFd = -1;
    }
    m_rootFd = m_lockFd < 0 || mkdirat(m_lockFd, "rootfs", 0755)
                   ? -1
                   : openat(m_lockFd, "rootfs", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (m_rootFd < 0 || fchmod(m_rootFd, 0755)) {
        *error = u"cannot create %1/rootfs: %2"_s.arg(m_path, sysError());
        if (m_rootFd >= 0)
            ::close(m_rootFd);
        m_rootFd = -1;
    }
}

ImageStore::Scratch::~Scratch()
{
    for (int fd : {m_rootFd, m_spareFd})
        if (fd >= 0)
            ::close(fd);
    if (!m_name.isEmpty()) {
        QString ignored; // whatever is left: all of it on failure, an empty directory once finish() moved the
                         // tree
        LayerUnpacker::removeTree(m_parentFd, m_name, &ignored);
    }
    for (int fd : {m_lockFd, m_parentFd})
        if (fd >= 0)
            ::close(fd);
}

QString ImageStore::treePath(const QString &chainId) const
{
    return imagesDir(m_dataDir) + u"/trees/"_s + chainId;
}

std::optional<ImageInfo> ImageStore::importTree(const QString &dir, const QString &name, const QString &kind,
                                                ImportBudget *budget, QString *error)
{
    Fd dirFd(::open(QFile::encodeName(dir).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (dirFd.fd < 0) {
        *error = u"cannot open %1: %2"_s.arg(printableText(dir), sysError());
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
                printableText(QString::fromUtf8(path)), expectHex);
            return std::nullopt;
        }
        QJsonParseError pe;
        QJsonDocument doc = QJsonDocument::fromJson(*data, &pe);
        if (doc.isNull()) {
            *error =
                u"%1 is not valid JSON: %2"_s.arg(printableText(QString::fromUtf8(path)), pe.errorString());
            return std::nullopt;
        }
        return doc;
    };

    struct Layer
    {
        QByteArray path;
        QString storedHex; // sha256 of the blob as stored, when its name or descriptor gives one
        qint64 size = -1;
    };
    QList<Layer> layers;
    QString configHex;
    QJsonObject config;
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
        const auto configDoc = readJson("blobs/sha256/" + cfg->toLatin1(), *cfg);
        if (!configDoc)
            return std::nullopt;
        config = configDoc->object();
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
        if (configPath.isEmpty()) {
            *error = u"manifest.json names no image config"_s;
            return std::nullopt;
        }
        const std::optional<QByteArray> configBytes =
            readInRoot(dirFd.fd, configPath, m_limits.maxJsonBytes, error);
        if (!configBytes)
            return std::nullopt;
        configHex =
            QString::fromLatin1(QCryptographicHash::hash(*configBytes, QCryptographicHash::Sha256).toHex());
        const QString base = QFileInfo(QString::fromUtf8(configPath)).fileName().section(u'.', 0, 0);
        if (isHex64(base) && base != configHex) {
            *error = u"the archive is damaged: %1 does not match its digest sha256:%2"_s.arg(
                printableText(QString::fromUtf8(configPath)), base);
            return std::nullopt;
        }
        config = QJsonDocument::fromJson(*configBytes).object();
        for (const QJsonValue &p : first.value(u"Layers"_s).toArray()) {
            Layer layer{p.toString().toUtf8(), {}, -1};
            const QString name = QFileInfo(QString::fromUtf8(layer.path)).fileName();
            if (isHex64(name) && layer.path.contains("sha256/"))
                layer.storedHex = name; // blobs/sha256/<hex>, as docker 25 and later save
            layers << layer;
        }
    } else {
        *error = u"%1 is not an image: it has neither an OCI index.json nor a docker manifest.json"_s.arg(
            printableText(dir));
        return std::nullopt;
    }
    if (layers.size() > m_limits.maxLayers) {
        *error =
            u"the image has %1 layers; at most %2 are allowed"_s.arg(layers.size()).arg(m_limits.maxLayers);
        return std::nullopt;
    }
    // The config's diff_ids: the sha256 of each layer's uncompressed tar, in order. They, not the archive's
    // file names, say what the image's tree is.
    QStringList diffIds;
    for (const QJsonValue &v : config.value(u"rootfs"_s).toObject().value(u"diff_ids"_s).toArray()) {
        const std::optional<QString> hex = digestHex(v.toString());
        if (!hex) {
            *error = u"the image config's rootfs.diff_ids holds %1, which is not a sha256 digest"_s.arg(
                printableText(v.toString(), true));
            return std::nullopt;
        }
        diffIds << *hex;
    }
    if (diffIds.size() != layers.size() || layers.isEmpty()) {
        *error = u"the image config's rootfs.diff_ids lists %1 layer(s), the manifest %2: they must name the "
                 u"same layers"_s.arg(diffIds.size())
                     .arg(layers.size());
        return std::nullopt;
    }

    ImageInfo info;
    info.name = name;
    info.id = configHex;
    info.chainId = chainIdOf(diffIds);
    info.source = source;
    info.layers = int(layers.size());
    if (QFileInfo(treePath(info.chainId)).isDir())
        return finish(info, {}, error); // these layers are stored already: only the name (or config) is new

    Scratch scratch(this, u"rootfs"_s, error);
    if (!scratch.valid())
        return std::nullopt;
    // The layers' own bytes and entries count apart from the archive's: the archive's budget is spent on
    // unpacking the blobs, theirs on the tree; both against the one limit.
    LayerUnpacker unpacker(scratch.rootFd(), budget);
    const qint64 bytesBefore = budget->bytes;
    const qint64 filesBefore = budget->files;
    for (qsizetype i = 0; i < layers.size(); ++i) {
        const Layer &layer = layers.at(i);
        const QString what = u"layer %1 of %2 (%3)"_s.arg(i + 1)
                                 .arg(layers.size())
                                 .arg(printableText(QString::fromUtf8(layer.path)));
        Fd fd(openInRoot(dirFd.fd, layer.path, O_RDONLY));
        struct stat st;
        if (fd.fd < 0 || fstat(fd.fd, &st) || !S_ISREG(st.st_mode)) {
            *error = u"the archive has no %1: %2"_s.arg(what, fd.fd < 0 ? sysError() : u"not a file"_s);
            return std::nullopt;
        }
        LayerUnpacker::Digests digests;
        if (!unpacker.unpack(fd.fd, what, LayerUnpacker::Mode::Layer, &digests, error))
            return std::nullopt;
        if (!layer.storedHex.isEmpty() && digests.stored != layer.storedHex) {
            *error = u"the archive is damaged: %1 does not match its digest sha256:%2 (its content is "
                     u"sha256:%3)"_s.arg(what, layer.storedHex, digests.stored);
            return std::nullopt;
        }
        if (layer.size >= 0 && digests.storedSize != layer.size) {
            *error = u"the archive is damaged: %1 has %2 bytes, its descriptor says %3"_s.arg(what)
                         .arg(digests.storedSize)
                         .arg(layer.size);
            return std::nullopt;
        }
        if (digests.uncompressed != diffIds.at(i)) {
            *error = u"%1 does not match the image config: its uncompressed content is sha256:%2, but "
                     u"rootfs.diff_ids[%3] says sha256:%4; refused"_s.arg(what, digests.uncompressed)
                         .arg(i)
                         .arg(diffIds.at(i));
            return std::nullopt;
        }
    }
    info.sizeBytes = budget->bytes - bytesBefore;
    info.fileCount = budget->files - filesBefore;
    return finish(info, scratch.rootPath(), error);
}

std::optional<ImageInfo> ImageStore::finish(ImageInfo info, const QString &rootfs, QString *error)
{
    const QString storeDir = imagesDir(m_dataDir) + u"/store/"_s + info.id;
    const QString tree = treePath(info.chainId);
    QDir().mkpath(imagesDir(m_dataDir) + u"/store"_s);
    QDir().mkpath(imagesDir(m_dataDir) + u"/trees"_s);
    QLockFile lock(imagesDir(m_dataDir) + u"/.lock"_s);
    lock.lock();
    if (!rootfs.isEmpty() && !QFileInfo(tree).isDir()) {
        if (::rename(QFile::encodeName(rootfs).constData(), QFile::encodeName(tree).constData())) {
            *error = u"cannot store the image's tree in %1: %2"_s.arg(tree, sysError());
            return std::nullopt;
        }
    } else if (!QFileInfo(tree).isDir()) {
        *error = u"image %1's tree vanished from the store during the import"_s.arg(info.shortId());
        return std::nullopt;
    }
    const std::optional<ImageInfo> stored = storedImage(m_dataDir, info.id);
    if (stored && stored->chainId == info.chainId) {
        const QString name = info.name;
        info = *stored;
        info.name = name;
    } else {
        // New, or stored before trees were keyed by their layers (then its own old tree goes once no
        // container uses it; the record now names the checked tree).
        const ImageInfo described = describeTree(tree);
        info.os = described.os;
        info.python = described.python;
        info.hasBash = described.hasBash;
        info.importedMs = QDateTime::currentMSecsSinceEpoch();
        if (rootfs.isEmpty()) {
            // The tree is another image's (the same layers): its figures are this one's.
            const QStringList ids =
                QDir(imagesDir(m_dataDir) + u"/store"_s).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
            for (const QString &other : ids) {
                const std::optional<ImageInfo> o = storedImage(m_dataDir, other);
                if (o && o->chainId == info.chainId) {
                    info.sizeBytes = o->sizeBytes;
                    info.fileCount = o->fileCount;
                    break;
                }
            }
        }
        if (!QDir().mkpath(storeDir)) {
            *error = u"cannot create %1"_s.arg(storeDir);
            return std::nullopt;
        }
        ImageInfo record = info;
        record.name.clear();
        if (!JsonFile::write(storeDir + u"/image.json"_s, QJsonDocument(record.toJson()), error))
            return std::nullopt;
        const QString legacy = storeDir + u"/rootfs"_s;
        if (stored && QFileInfo(legacy).isDir() && users(info.id).isEmpty() &&
            processesOnTree(legacy).isEmpty())
            removeTree(legacy);
    }
    if (!bindName(info.name, info.id, error))
        return std::nullopt;
    return info;
}

bool ImageStore::isValidMirror(const QString &mirror, QString *error)
{
    if (mirror.isEmpty())
        return true;
    const QString allowed = u"an http://, https:// or file:// URL (e.g. http://deb.debian.org/debian)"_s;
    if (mirror.size() > 2048) {
        *error = u"the mirror is longer than 2048 characters; it must be %1"_s.arg(allowed);
        return false;
    }
    for (const QChar c : mirror) {
        if (c.unicode() < 0x21 || c.unicode() == 0x7f || c.isSpace() ||
            c.category() == QChar::Other_Control || c.category() == QChar::Other_Format) {
            *error = u"the mirror %1 holds a space or a control character; it must be %2"_s.arg(
                printableText(mirror, true), allowed);
            return false;
        }
    }
    const QUrl url(mirror, QUrl::StrictMode);
    const QString scheme = url.scheme();
    const bool web = scheme == u"http"_s || scheme == u"https"_s;
    const bool file = scheme == u"file"_s;
    if (!url.isValid() || !(web || file) || (web && url.host().isEmpty()) ||
        (file && !url.path().startsWith(u'/')) || !mirror.startsWith(scheme + u':')) {
        *error = u"the mirror %1 is not %2"_s.arg(printableText(mirror, true), allowed);
        return false;
    }
    return true;
}

std::optional<ImageInfo> ImageStore::build(const QString &name, const QStringList &packages,
                                           const QString &suite, const QString &mirror, QString *error,
                                           const std::function<void(const QString &)> &progress)
{
    if (!isValidName(name)) {
        *error = u"%1 is not a valid image name: 1-64 characters of A-Z, a-z, 0-9, ., _, : and -, "
                 u"starting with a letter or digit"_s.arg(printableText(name, true));
        return std::nullopt;
    }
    static const QRegularExpression suiteRe(u"^[a-z][a-z0-9-]{1,30}$"_s);
    if (!suiteRe.match(suite).hasMatch()) {
        *error = u"%1 is not a Debian suite name (e.g. bookworm)"_s.arg(printableText(suite, true));
        return std::nullopt;
    }
    if (!isValidMirror(mirror, error))
        return std::nullopt;
    for (const QString &package : packages) {
        QString packageError;
        if (!parsePackages(package, &packageError) || package.contains(u',')) {
            *error = packageError.isEmpty()
                         ? u"%1 is not a Debian package name"_s.arg(printableText(package, true))
                         : packageError;
            return std::nullopt;
        }
    }
    Scratch scratch(this, u"build"_s, error);
    if (!scratch.valid())
        return std::nullopt;
    const QString tar = scratch.rootPath() + u"/rootfs.tar"_s;
    QStringList args{u"--variant=apt"_s, u"--format=tar"_s, u"--skip=output/dev"_s};
    if (!packages.isEmpty())
        args << u"--include="_s + packages.join(u',');
    // "--": whatever follows is SUITE TARGET MIRROR, never an option (mmdebstrap's Getopt::Long permutes).
    args << u"--"_s << suite << tar;
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
        QStringList lines;
        for (const QString &line : QString::fromUtf8(tail.right(2000)).trimmed().split(u'\n'))
            lines << printableText(line);
        *error = u"mmdebstrap failed (exit %1):\n%2"_s.arg(proc.exitCode()).arg(lines.join(u'\n'));
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
