// SPDX-License-Identifier: GPL-3.0-or-later
#include "filestore.h"

#include "base/workspacesettings.h"
#include "safefs.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QSaveFile>

#include <algorithm>
#include <cerrno>
#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

static const QString kFilePrefix = u"cfile_"_s;
// Documents are private whatever the umask (see DataDir).
static constexpr QFileDevice::Permissions kPrivateFile = QFileDevice::ReadOwner | QFileDevice::WriteOwner;
static constexpr QFileDevice::Permissions kPrivateDir = kPrivateFile | QFileDevice::ExeOwner;

namespace {

constexpr qint64 kChunk = 1 << 20;

void setKind(FileStoreError *kind, FileStoreError value)
{
    if (kind)
        *kind = value;
}

bool isCancelled(const FileStoreCancel &cancelled)
{
    return cancelled && cancelled();
}

QString sizeText(qint64 bytes)
{
    const double gib = double(bytes) / (1024.0 * 1024 * 1024);
    if (gib >= 1)
        return u"%1 GiB"_s.arg(gib, 0, 'f', 1);
    return u"%1 MiB"_s.arg(double(bytes) / (1024.0 * 1024), 0, 'f', 1);
}

// The next data extent [*start, *end) at or after pos and below size; false when only holes are left. Where
// the file system cannot tell holes, everything is data.
bool nextData(int fd, qint64 pos, qint64 size, qint64 *start, qint64 *end)
{
    if (pos >= size)
        return false;
    const off_t data = ::lseek(fd, pos, SEEK_DATA);
    if (data < 0) {
        if (errno == ENXIO)
            return false;
        *start = pos;
        *end = size;
        return true;
    }
    if (data >= size)
        return false;
    off_t hole = ::lseek(fd, data, SEEK_HOLE);
    if (hole < 0 || hole > size)
        hole = size;
    *start = data;
    *end = hole;
    return true;
}

// SHA-256 of the first size bytes of fd: data extents read with pread, holes (and a tail the file lost
// meanwhile) counted as zeros without reading them.
std::optional<QByteArray> hashFd(int fd, qint64 size, const FileStoreCancel &cancelled, QString *error,
                                 FileStoreError *kind)
{
    static const QByteArray zeros(kChunk, '\0');
    QCryptographicHash hash(QCryptographicHash::Sha256);
    const auto addZeros = [&](qint64 n) {
        while (n > 0) {
            if (isCancelled(cancelled))
                return false;
            const qint64 k = qMin(n, kChunk);
            hash.addData(QByteArrayView(zeros).first(k));
            n -= k;
        }
        return true;
    };
    QByteArray buffer(kChunk, Qt::Uninitialized);
    qint64 pos = 0;
    qint64 start = 0;
    qint64 end = 0;
    while (nextData(fd, pos, size, &start, &end)) {
        if (!addZeros(start - pos))
            break;
        pos = start;
        while (pos < end) {
            if (isCancelled(cancelled))
                break;
            const ssize_t n = ::pread(fd, buffer.data(), size_t(qMin(end - pos, kChunk)), pos);
            if (n < 0 && errno == EINTR)
                continue;
            if (n < 0) {
                if (error)
                    *error = SafeFs::errnoString(errno);
                setKind(kind, FileStoreError::Io);
                return std::nullopt;
            }
            if (n == 0) { // the file shrank: the rest of the decided size reads as zeros
                pos = end;
                break;
            }
            hash.addData(QByteArrayView(buffer).first(n));
            pos += n;
        }
        if (isCancelled(cancelled))
            break;
    }
    if (!isCancelled(cancelled))
        addZeros(size - pos);
    if (isCancelled(cancelled)) {
        if (error)
            *error = u"cancelled"_s;
        setKind(kind, FileStoreError::Cancelled);
        return std::nullopt;
    }
    return hash.result();
}

// Copies [offset, offset + length) of src to the same offset of dst: copy_file_range (in the kernel, a
// reflink where the file system can), else pread/pwrite. A source that ends early leaves the rest a hole.
bool copyRange(int src, int dst, qint64 offset, qint64 length, const FileStoreCancel &cancelled,
               bool *useCopyFileRange, QString *error)
{
    constexpr qint64 kStep = 16 * kChunk;
    QByteArray buffer;
    qint64 done = 0;
    while (done < length) {
        if (isCancelled(cancelled))
            return true; // the caller sees the flag
        const qint64 want = qMin(length - done, *useCopyFileRange ? kStep : kChunk);
        ssize_t n;
        if (*useCopyFileRange) {
            loff_t in = offset + done;
            loff_t out = offset + done;
            n = ::copy_file_range(src, &in, dst, &out, size_t(want), 0);
            if (n < 0 && (errno == EXDEV || errno == ENOSYS || errno == EINVAL || errno == EOPNOTSUPP ||
                          errno == EPERM)) {
                *useCopyFileRange = false;
                continue;
            }
        } else {
            if (buffer.isEmpty())
                buffer.resize(kChunk);
            n = ::pread(src, buffer.data(), size_t(want), offset + done);
            for (ssize_t written = 0; n > 0 && written < n;) {
                const ssize_t w =
                    ::pwrite(dst, buffer.constData() + written, size_t(n - written), offset + done + written);
                if (w < 0 && errno == EINTR)
                    continue;
                if (w < 0) {
                    n = -1;
                    break;
                }
                written += w;
            }
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            *error = SafeFs::errnoString(errno);
            return false;
        }
        if (n == 0)
            return true;
        done += n;
    }
    return true;
}

} // namespace

FileStore::FileStore(const QString &homeDir)
    : m_homeDir(homeDir)
{}

QString FileStore::fileIdForPath(const QByteArray &relativePath)
{
    return kFilePrefix + QString::fromLatin1(relativePath.toBase64(QByteArray::Base64UrlEncoding |
                                                                   QByteArray::OmitTrailingEquals));
}

std::optional<QByteArray> FileStore::pathForFileId(const QString &fileId, QString *error)
{
    auto fail = [error](const QString &why) -> std::optional<QByteArray> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (!fileId.startsWith(kFilePrefix) || fileId.size() == kFilePrefix.size())
        return fail(u"not a file id: %1"_s.arg(fileId));
    const QByteArray encoded = fileId.mid(kFilePrefix.size()).toLatin1();
    const auto decoded = QByteArray::fromBase64Encoding(encoded, QByteArray::Base64UrlEncoding |
                                                                     QByteArray::AbortOnBase64DecodingErrors);
    // Only the canonical spelling is accepted, so one file has exactly one id.
    if (!decoded || fileIdForPath(decoded.decoded) != fileId)
        return fail(u"not a file id: %1"_s.arg(fileId));
    QByteArrayList parts;
    QString why;
    if (!SafeFs::splitRelativePath(decoded.decoded, &parts, &why))
        return fail(u"file id refused: %1"_s.arg(why));
    return decoded.decoded;
}

int FileStore::openFile(const QString &fileId, QByteArray *path, QString *error, FileStoreError *kind) const
{
    setKind(kind, FileStoreError::NotFound);
    const std::optional<QByteArray> rel = pathForFileId(fileId, error);
    if (!rel)
        return -1;
    UniqueFd home = SafeFs::openDirectory(m_homeDir, error);
    if (!home.isValid())
        return -1;
    // O_NONBLOCK so that a fifo cannot stall us before fstat refuses it.
    UniqueFd fd = SafeFs::openBeneath(home.get(), *rel, O_RDONLY | O_NONBLOCK | O_NOCTTY, error);
    if (!fd.isValid())
        return -1;
    struct stat st;
    if (::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode)) {
        if (error)
            *error = u"%1 is not a regular file"_s.arg(QString::fromUtf8(*rel));
        return -1;
    }
    ::fcntl(fd.get(), F_SETFL, ::fcntl(fd.get(), F_GETFL) & ~O_NONBLOCK);
    if (path)
        *path = *rel;
    return fd.release();
}

static void collectFiles(int dirFd, const QByteArray &prefix, int depth,
                         QList<std::pair<QByteArray, struct stat>> *out)
{
    const int readFd = ::openat(dirFd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (readFd < 0)
        return;
    DIR *dir = ::fdopendir(readFd);
    if (!dir) {
        ::close(readFd);
        return;
    }
    // The directory stream is closed before descending, so only one descriptor per level stays open.
    QByteArrayList subdirs;
    while (dirent *de = ::readdir(dir)) {
        const QByteArray name(de->d_name);
        if (name == "." || name == "..")
            continue;
        struct stat st;
        if (::fstatat(dirFd, de->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0)
            continue;
        if (S_ISDIR(st.st_mode)) {
            if (depth < FileStore::kMaxListDepth) // each level holds a descriptor while below it
                subdirs.append(name);
        } else if (S_ISREG(st.st_mode)) {
            out->append({prefix.isEmpty() ? name : prefix + '/' + name, st});
        }
    }
    ::closedir(dir);
    for (const QByteArray &name : std::as_const(subdirs)) {
        UniqueFd sub(::openat(dirFd, name.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
        if (sub.isValid())
            collectFiles(sub.get(), prefix.isEmpty() ? name : prefix + '/' + name, depth + 1, out);
    }
}

static ContainerFile describe(const QByteArray &path, const struct stat &st)
{
    return {FileStore::fileIdForPath(path),
            QString::fromUtf8(path),
            qint64(st.st_size),
            qint64(st.st_mtim.tv_sec) * 1000 + st.st_mtim.tv_nsec / 1'000'000,
            quint64(st.st_dev),
            quint64(st.st_ino),
            qint64(st.st_ctim.tv_sec) * 1'000'000'000 + st.st_ctim.tv_nsec};
}

std::optional<ContainerFilePage> FileStore::list(int limit, const QString &after, QString *error) const
{
    if (limit < 1 || limit > kMaxLimit) {
        if (error)
            *error = u"limit must be between 1 and %1, got %2"_s.arg(kMaxLimit).arg(limit);
        return std::nullopt;
    }
    QByteArray afterPath;
    if (!after.isEmpty()) {
        const std::optional<QByteArray> p = pathForFileId(after, error);
        if (!p)
            return std::nullopt;
        afterPath = *p;
    }
    UniqueFd home = SafeFs::openDirectory(m_homeDir, error);
    if (!home.isValid())
        return std::nullopt;
    QList<std::pair<QByteArray, struct stat>> all;
    collectFiles(home.get(), QByteArray(), 1, &all);
    std::sort(all.begin(), all.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    // The cursor is a path, not a position, so pages stay stable when files before it come and go.
    auto it = after.isEmpty()
                  ? all.cbegin()
                  : std::upper_bound(all.cbegin(), all.cend(), afterPath,
                                     [](const QByteArray &p, const auto &e) { return p < e.first; });
    ContainerFilePage page;
    for (; it != all.cend() && page.files.size() < limit; ++it)
        page.files.append(describe(it->first, it->second));
    page.hasMore = it != all.cend();
    return page;
}

std::optional<ContainerFileStat> FileStore::stat(const QString &fileId, bool withSha256, QString *error,
                                                 const FileStoreCancel &cancelled, FileStoreError *kind) const
{
    QByteArray path;
    UniqueFd fd(openFile(fileId, &path, error, kind));
    if (!fd.isValid())
        return std::nullopt;
    struct stat st;
    if (::fstat(fd.get(), &st) != 0) {
        if (error)
            *error = SafeFs::errnoString(errno);
        setKind(kind, FileStoreError::Io);
        return std::nullopt;
    }
    ContainerFileStat out{describe(path, st), {}};
    if (withSha256) {
        const std::optional<QByteArray> digest = hashFd(fd.get(), qint64(st.st_size), cancelled, error, kind);
        if (!digest)
            return std::nullopt;
        out.sha256 = QString::fromLatin1(digest->toHex());
    }
    setKind(kind, FileStoreError::None);
    return out;
}

std::optional<QByteArray> FileStore::read(const QString &fileId, qint64 offset, qint64 maxBytes,
                                          QString *error) const
{
    if (offset < 0 || maxBytes < 1 || maxBytes > kMaxReadBytes) {
        if (error)
            *error = u"offset must be >= 0 and max_bytes between 1 and %1"_s.arg(kMaxReadBytes);
        return std::nullopt;
    }
    UniqueFd fd(openFile(fileId, nullptr, error));
    if (!fd.isValid())
        return std::nullopt;
    struct stat st;
    if (::fstat(fd.get(), &st) != 0) {
        if (error)
            *error = SafeFs::errnoString(errno);
        return std::nullopt;
    }
    // Never past the size the file had when it was opened, however fast a container appends to it.
    QByteArray data(qBound<qint64>(0, qint64(st.st_size) - offset, maxBytes), Qt::Uninitialized);
    qsizetype done = 0;
    while (done < data.size()) {
        const ssize_t n = ::pread(fd.get(), data.data() + done, size_t(data.size() - done), offset + done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            if (error)
                *error = SafeFs::errnoString(errno);
            return std::nullopt;
        }
        if (n == 0)
            break;
        done += n;
    }
    data.truncate(done);
    return data;
}

std::unique_ptr<QFile> FileStore::openContent(const QString &fileId, QString *error) const
{
    const int fd = openFile(fileId, nullptr, error);
    if (fd < 0)
        return nullptr;
    auto file = std::make_unique<QFile>();
    if (!file->open(fd, QIODevice::ReadOnly, QFileDevice::AutoCloseHandle)) {
        ::close(fd);
        if (error)
            *error = file->errorString();
        return nullptr;
    }
    return file;
}

qint64 FileStore::documentsUsage(const QString &documentsDir)
{
    qint64 total = 0;
    const QByteArray dir = QFile::encodeName(documentsDir);
    const QStringList ids = QDir(documentsDir).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &id : ids) {
        for (const char *name : {"/content", "/content.part"}) {
            struct stat st;
            const QByteArray file = dir + '/' + QFile::encodeName(id) + name;
            if (::lstat(file.constData(), &st) == 0 && S_ISREG(st.st_mode))
                total += qint64(st.st_size);
        }
    }
    return total;
}

std::optional<PromotedDocument> FileStore::promote(const QString &fileId, const QString &documentsDir,
                                                   const QJsonObject &extraMeta, QString *error,
                                                   const FileStoreCancel &cancelled,
                                                   FileStoreError *kind) const
{
    QByteArray path;
    UniqueFd fd(openFile(fileId, &path, error, kind));
    if (!fd.isValid())
        return std::nullopt;
    const auto failWith = [&](FileStoreError why, const QString &message) -> std::optional<PromotedDocument> {
        if (error)
            *error = message;
        setKind(kind, why);
        return std::nullopt;
    };
    // What is copied is decided here, from the open descriptor: a file that is still being written is copied
    // as far as it went when it was opened.
    struct stat st;
    if (::fstat(fd.get(), &st) != 0)
        return failWith(FileStoreError::Io, SafeFs::errnoString(errno));
    const qint64 size = qint64(st.st_size);
    if (!QDir().mkpath(documentsDir))
        return failWith(FileStoreError::Io, u"cannot create %1"_s.arg(documentsDir));
    WorkspaceSettings settings(QFileInfo(documentsDir).absolutePath());
    QString settingsError;
    if (!settings.load(&settingsError))
        return failWith(FileStoreError::Io, settingsError);
    const qint64 quota = settings.documentsQuotaBytes();

    // One promote at a time per documents folder, so two cannot both fit the quota.
    UniqueFd lock(::open(QFile::encodeName(documentsDir + u"/.promote.lock"_s).constData(),
                         O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600));
    if (!lock.isValid())
        return failWith(FileStoreError::Io, SafeFs::errnoString(errno));
    while (::flock(lock.get(), LOCK_EX | LOCK_NB) != 0) {
        if (errno != EWOULDBLOCK && errno != EINTR)
            return failWith(FileStoreError::Io, SafeFs::errnoString(errno));
        if (isCancelled(cancelled))
            return failWith(FileStoreError::Cancelled, u"cancelled"_s);
        ::usleep(20'000);
    }
    const qint64 used = documentsUsage(documentsDir);
    if (used + size > quota) {
        return failWith(FileStoreError::QuotaExceeded,
                        u"promoting %1 would pass this workspace's documents quota: %2 used (%3 bytes) + %4 "
                        "requested (%5 bytes) > the limit of %6 (%7 bytes); delete documents or raise "
                        "documents_quota_bytes in the workspace's %8"_s.arg(QString::fromUtf8(path))
                            .arg(sizeText(used))
                            .arg(used)
                            .arg(sizeText(size))
                            .arg(size)
                            .arg(sizeText(quota))
                            .arg(quota)
                            .arg(WorkspaceSettings::fileName()));
    }

    static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    PromotedDocument doc;
    QString dir;
    do {
        doc.id = u"doc_"_s;
        for (int i = 0; i < 24; ++i)
            doc.id += QLatin1Char(alphabet[QRandomGenerator::system()->bounded(int(sizeof alphabet - 1))]);
        dir = documentsDir + u'/' + doc.id;
    } while (QFileInfo::exists(dir));
    if (!QDir().mkpath(dir) || !QFile::setPermissions(dir, kPrivateDir))
        return failWith(FileStoreError::Io, u"cannot create %1"_s.arg(dir));
    auto fail = [&](FileStoreError why, const QString &message) -> std::optional<PromotedDocument> {
        QDir(dir).removeRecursively();
        return failWith(why, message);
    };
    doc.filename = QString::fromUtf8(path.mid(path.lastIndexOf('/') + 1));
    doc.contentPath = dir + u"/content"_s;
    doc.metaPath = dir + u"/meta.json"_s;
    const QByteArray partPath = QFile::encodeName(dir + u"/content.part"_s);
    UniqueFd out(::open(partPath.constData(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600));
    if (!out.isValid() || ::ftruncate(out.get(), size) != 0)
        return fail(FileStoreError::Io, u"cannot write %1: %2"_s.arg(dir, SafeFs::errnoString(errno)));
    // Only the data extents are copied; the holes between them stay holes in the document.
    bool useCopyFileRange = true;
    qint64 pos = 0;
    qint64 start = 0;
    qint64 end = 0;
    QString why;
    while (nextData(fd.get(), pos, size, &start, &end)) {
        if (!copyRange(fd.get(), out.get(), start, end - start, cancelled, &useCopyFileRange, &why))
            return fail(FileStoreError::Io, u"cannot copy %1: %2"_s.arg(QString::fromUtf8(path), why));
        if (isCancelled(cancelled))
            return fail(FileStoreError::Cancelled, u"cancelled"_s);
        pos = end;
    }
    // The hash is of what the document holds, whatever the container did to the source meanwhile.
    const std::optional<QByteArray> digest = hashFd(out.get(), size, cancelled, &why, kind);
    if (!digest)
        return fail(kind ? *kind : FileStoreError::Io, why);
    if (::rename(partPath.constData(), QFile::encodeName(doc.contentPath).constData()) != 0)
        return fail(FileStoreError::Io,
                    u"cannot write %1: %2"_s.arg(doc.contentPath, SafeFs::errnoString(errno)));
    doc.size = size;
    doc.sha256 = QString::fromLatin1(digest->toHex());
    QJsonObject sourceMeta = extraMeta;
    sourceMeta.insert(u"path"_s, QString::fromUtf8(path));
    sourceMeta.insert(u"file_id"_s, fileId);
    const QJsonObject meta{{u"id"_s, doc.id},
                           {u"filename"_s, doc.filename},
                           {u"size"_s, doc.size},
                           {u"sha256"_s, doc.sha256},
                           {u"created_ms"_s, QDateTime::currentMSecsSinceEpoch()},
                           {u"source"_s, sourceMeta}};
    // meta.json last: a document directory without it is an interrupted promote.
    QSaveFile metaFile(doc.metaPath);
    if (!metaFile.open(QIODevice::WriteOnly) || !metaFile.setPermissions(kPrivateFile) ||
        metaFile.write(QJsonDocument(meta).toJson()) < 0 || !metaFile.commit())
        return fail(FileStoreError::Io, metaFile.errorString());
    setKind(kind, FileStoreError::None);
    return doc;
}

std::optional<qint64> FileStore::saveCopy(const QString &fileId, const QString &destination,
                                          QString *error) const
{
    auto fail = [error](const QString &why) -> std::optional<qint64> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (destination.isEmpty())
        return fail(u"no destination given"_s);
    const std::unique_ptr<QFile> source = openContent(fileId, error);
    if (!source)
        return std::nullopt;
    // A file that is still being written is copied as far as it went when it was opened.
    struct stat st;
    if (::fstat(source->handle(), &st) != 0)
        return fail(SafeFs::errnoString(errno));
    qint64 left = qint64(st.st_size);
    QSaveFile target(destination);
    if (!target.open(QIODevice::WriteOnly))
        return fail(u"cannot write %1: %2"_s.arg(destination, target.errorString()));
    qint64 copied = 0;
    QByteArray chunk;
    while (left > 0 && !(chunk = source->read(qMin<qint64>(left, 1 << 20))).isEmpty()) {
        if (target.write(chunk) != chunk.size())
            return fail(u"cannot write %1: %2"_s.arg(destination, target.errorString()));
        copied += chunk.size();
        left -= chunk.size();
    }
    if (source->error() != QFileDevice::NoError)
        return fail(source->errorString());
    if (!target.commit())
        return fail(u"cannot write %1: %2"_s.arg(destination, target.errorString()));
    return copied;
}
