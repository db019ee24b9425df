// SPDX-License-Identifier: GPL-3.0-or-later
#include "filestore.h"

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
#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

static const QString kFilePrefix = u"cfile_"_s;
// Documents are private whatever the umask (see DataDir).
static constexpr QFileDevice::Permissions kPrivateFile = QFileDevice::ReadOwner | QFileDevice::WriteOwner;
static constexpr QFileDevice::Permissions kPrivateDir = kPrivateFile | QFileDevice::ExeOwner;

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

int FileStore::openFile(const QString &fileId, QByteArray *path, QString *error) const
{
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
    return {FileStore::fileIdForPath(path), QString::fromUtf8(path), qint64(st.st_size),
            qint64(st.st_mtim.tv_sec) * 1000 + st.st_mtim.tv_nsec / 1'000'000};
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

std::optional<ContainerFileStat> FileStore::stat(const QString &fileId, bool withSha256, QString *error) const
{
    QByteArray path;
    UniqueFd fd(openFile(fileId, &path, error));
    if (!fd.isValid())
        return std::nullopt;
    struct stat st;
    ::fstat(fd.get(), &st);
    ContainerFileStat out{describe(path, st), {}};
    if (withSha256) {
        QFile file;
        if (!file.open(fd.get(), QIODevice::ReadOnly)) {
            if (error)
                *error = file.errorString();
            return std::nullopt;
        }
        QCryptographicHash hash(QCryptographicHash::Sha256);
        hash.addData(&file);
        out.sha256 = QString::fromLatin1(hash.result().toHex());
    }
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
    QByteArray data(maxBytes, Qt::Uninitialized);
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

std::optional<PromotedDocument> FileStore::promote(const QString &fileId, const QString &documentsDir,
                                                   const QJsonObject &extraMeta, QString *error) const
{
    QByteArray path;
    UniqueFd fd(openFile(fileId, &path, error));
    if (!fd.isValid())
        return std::nullopt;
    static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    PromotedDocument doc;
    QString dir;
    do {
        doc.id = u"doc_"_s;
        for (int i = 0; i < 24; ++i)
            doc.id += QLatin1Char(alphabet[QRandomGenerator::system()->bounded(int(sizeof alphabet - 1))]);
        dir = documentsDir + u'/' + doc.id;
    } while (QFileInfo::exists(dir));
    if (!QDir().mkpath(dir) || !QFile::setPermissions(dir, kPrivateDir)) {
        if (error)
            *error = u"cannot create %1"_s.arg(dir);
        return std::nullopt;
    }
    auto fail = [&](const QString &why) -> std::optional<PromotedDocument> {
        QDir(dir).removeRecursively();
        if (error)
            *error = why;
        return std::nullopt;
    };
    doc.filename = QString::fromUtf8(path.mid(path.lastIndexOf('/') + 1));
    doc.contentPath = dir + u"/content"_s;
    doc.metaPath = dir + u"/meta.json"_s;
    QFile source;
    if (!source.open(fd.get(), QIODevice::ReadOnly))
        return fail(source.errorString());
    QSaveFile content(doc.contentPath);
    if (!content.open(QIODevice::WriteOnly) || !content.setPermissions(kPrivateFile))
        return fail(content.errorString());
    // A file that is still being written is copied as far as it went when it was opened.
    struct stat st;
    qint64 left = ::fstat(fd.get(), &st) == 0 ? qint64(st.st_size) : 0;
    QCryptographicHash hash(QCryptographicHash::Sha256);
    QByteArray chunk;
    while (left > 0 && !(chunk = source.read(qMin<qint64>(left, 1 << 20))).isEmpty()) {
        left -= chunk.size();
        hash.addData(chunk);
        if (content.write(chunk) != chunk.size())
            return fail(content.errorString());
        doc.size += chunk.size();
    }
    if (!content.commit())
        return fail(content.errorString());
    doc.sha256 = QString::fromLatin1(hash.result().toHex());
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
        return fail(metaFile.errorString());
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
