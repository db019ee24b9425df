// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandbox/history/uploadstore.h"

#include "base/jsonfile.h"
#include "base/workspacesettings.h"
#include "sandbox/history/filecopy.h"
#include "sandbox/history/filestore.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QLocale>
#include <QRandomGenerator>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

QString errnoText(int error)
{
    return QString::fromLocal8Bit(strerror(error));
}

QString newToken()
{
    static const char alphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789";
    QString token;
    token.reserve(UploadStore::TokenLength);
    for (int i = 0; i < UploadStore::TokenLength; ++i)
        token.append(QLatin1Char(alphabet[QRandomGenerator::system()->bounded(36)]));
    return token;
}

void setKind(UploadError *kind, UploadError value)
{
    if (kind)
        *kind = value;
}

QString sizeText(qint64 bytes)
{
    return QLocale::c().formattedDataSize(bytes);
}

} // namespace

QJsonObject StoredFile::toJson() const
{
    QJsonObject o{{u"token"_s, token},     {u"filename"_s, filename},
                  {u"bytes"_s, bytes},     {u"created_ms"_s, createdMs},
                  {u"purpose"_s, purpose}, {u"mime_type"_s, mimeType},
                  {u"api"_s, api}};
    if (expiresMs > 0)
        o.insert(u"expires_ms"_s, expiresMs);
    if (!displayName.isEmpty())
        o.insert(u"display_name"_s, displayName);
    if (!extra.isEmpty())
        o.insert(u"extra"_s, extra);
    return o;
}

std::optional<StoredFile> StoredFile::fromJson(const QJsonObject &json)
{
    StoredFile f;
    f.token = json.value(u"token"_s).toString();
    if (!UploadStore::isValidToken(f.token))
        return std::nullopt;
    f.filename = json.value(u"filename"_s).toString();
    f.bytes = json.value(u"bytes"_s).toInteger();
    f.createdMs = json.value(u"created_ms"_s).toInteger();
    f.expiresMs = json.value(u"expires_ms"_s).toInteger();
    f.purpose = json.value(u"purpose"_s).toString();
    f.mimeType = json.value(u"mime_type"_s).toString();
    f.api = json.value(u"api"_s).toString();
    f.displayName = json.value(u"display_name"_s).toString();
    f.extra = json.value(u"extra"_s).toObject();
    return f;
}

UploadStore::UploadStore(const QString &workspaceDir)
    : m_workspaceDir(workspaceDir)
    , m_dir(workspaceDir.isEmpty() ? QString() : workspaceDir + u"/files"_s)
{}

QString UploadStore::sanitizeName(const QString &name, const QString &fallback)
{
    // The last element of any path, with either separator (old browsers send the whole Windows path).
    QString base = name;
    const qsizetype cut = std::max(base.lastIndexOf(u'/'), base.lastIndexOf(u'\\'));
    if (cut >= 0)
        base = base.mid(cut + 1);
    QString clean;
    clean.reserve(base.size());
    for (const QChar c : std::as_const(base)) {
        // Control characters and the invisible format ones (bidi overrides that make a name read backwards).
        if (c.unicode() < 0x20 || c.unicode() == 0x7f || c.category() == QChar::Other_Control ||
            c.category() == QChar::Other_Format)
            continue;
        clean.append(c);
    }
    clean = clean.trimmed();
    if (clean.isEmpty() || clean == u"."_s || clean == u".."_s)
        clean = fallback;
    if (clean.toUtf8().size() > MaxNameBytes) {
        const QString suffix = QFileInfo(clean).suffix();
        const QString ext = suffix.isEmpty() || suffix.size() > 16 ? QString() : u"."_s + suffix;
        QString stem = clean.left(clean.size() - ext.size());
        while (!stem.isEmpty() && (stem + ext).toUtf8().size() > MaxNameBytes) {
            stem.chop(1);
            if (!stem.isEmpty() && stem.back().isHighSurrogate())
                stem.chop(1);
        }
        clean = stem + ext;
    }
    return clean;
}

bool UploadStore::isValidToken(QStringView token)
{
    if (token.size() != TokenLength)
        return false;
    for (const QChar c : token) {
        if (!((c >= u'a' && c <= u'z') || (c >= u'0' && c <= u'9')))
            return false;
    }
    return true;
}

QString UploadStore::tokenOf(const QString &id)
{
    QStringView rest(id);
    for (const QString &prefix : {u"file-"_s, u"file_"_s, u"files/"_s}) {
        if (rest.startsWith(prefix)) {
            rest = rest.mid(prefix.size());
            break;
        }
    }
    return isValidToken(rest) ? rest.toString() : QString();
}

UploadStore::Spool::~Spool()
{
    if (m_fd >= 0)
        ::close(m_fd);
    if (!m_path.isEmpty())
        ::unlink(QFile::encodeName(m_path).constData());
}

bool UploadStore::Spool::write(QByteArrayView bytes, QString *error)
{
    const char *p = bytes.data();
    qsizetype left = bytes.size();
    while (left > 0) {
        const ssize_t n = ::write(m_fd, p, size_t(left));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            *error = u"cannot store the upload: %1"_s.arg(errnoText(n < 0 ? errno : ENOSPC));
            return false;
        }
        p += n;
        left -= n;
        m_size += n;
    }
    return true;
}

bool UploadStore::Spool::truncate(qint64 size, QString *error)
{
    if (size < 0 || size > m_size || ::ftruncate(m_fd, off_t(size)) != 0 ||
        ::lseek(m_fd, off_t(size), SEEK_SET) != off_t(size)) {
        *error = u"cannot store the upload: %1"_s.arg(errnoText(size < 0 || size > m_size ? EINVAL : errno));
        return false;
    }
    m_size = size;
    return true;
}

std::unique_ptr<UploadStore::Spool> UploadStore::beginSpool(QString *error)
{
    if (m_dir.isEmpty()) {
        *error = u"the workspace has no folder"_s;
        return nullptr;
    }
    const QString incoming = m_dir + u"/.incoming"_s;
    if (!QDir().mkpath(incoming)) {
        *error = u"cannot create %1"_s.arg(incoming);
        return nullptr;
    }
    std::unique_ptr<Spool> spool(new Spool);
    for (int attempt = 0; attempt < 8 && spool->m_fd < 0; ++attempt) {
        const QString path = incoming + u'/' + newToken();
        spool->m_fd = ::open(QFile::encodeName(path).constData(),
                             O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
        if (spool->m_fd >= 0)
            spool->m_path = path;
        else if (errno != EEXIST)
            break;
    }
    if (spool->m_fd < 0) {
        *error = u"cannot store the upload in %1: %2"_s.arg(incoming, errnoText(errno));
        return nullptr;
    }
    return spool;
}

qint64 UploadStore::usage() const
{
    const Usage u = usageExcept({});
    return u.stored + u.receiving;
}

UploadStore::Usage UploadStore::usageExcept(const QString &spoolPath) const
{
    Usage u;
    if (m_dir.isEmpty())
        return u;
    const QByteArray dir = QFile::encodeName(m_dir);
    for (const QString &token : QDir(m_dir).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        struct stat st;
        if (isValidToken(token) &&
            ::lstat(QByteArray(dir + '/' + QFile::encodeName(token) + "/content").constData(), &st) == 0 &&
            S_ISREG(st.st_mode))
            u.stored += qint64(st.st_size);
    }
    const QString incoming = m_dir + u"/.incoming"_s;
    for (const QString &name : QDir(incoming).entryList(QDir::Files | QDir::Hidden)) {
        struct stat st;
        if (incoming + u'/' + name != spoolPath &&
            ::lstat(QByteArray(dir + "/.incoming/" + QFile::encodeName(name)).constData(), &st) == 0)
            u.receiving += qint64(st.st_size);
    }
    return u;
}

bool UploadStore::fitsQuota(qint64 bytes, QString *message, bool atLeast) const
{
    return fitsQuota(bytes, message, {}, atLeast);
}

bool UploadStore::fitsQuota(qint64 bytes, QString *message, const QString &spoolPath, bool atLeast) const
{
    WorkspaceSettings settings(m_workspaceDir);
    settings.load();
    const qint64 quota = settings.documentsQuotaBytes();
    const Usage u = usageExcept(spoolPath);
    const qint64 used = u.stored + FileStore::documentsUsage(m_workspaceDir + u"/documents"_s);
    if (used + u.receiving + bytes <= quota)
        return true;
    if (message) {
        // What was asked for, what is used, what other uploads being received hold, and the limit.
        const QString receiving = u.receiving > 0
                                      ? u" + %1 of other uploads being received"_s.arg(sizeText(u.receiving))
                                      : QString();
        *message =
            u"storing %1%2 bytes would pass this workspace's quota: %3 used by its files and documents%4 "
            "+ %5 > the limit of %6; delete files or raise documents_quota_bytes in the workspace's "
            "%7"_s.arg(atLeast ? u"at least "_s : QString())
                .arg(bytes)
                .arg(sizeText(used), receiving, sizeText(bytes), sizeText(quota),
                     WorkspaceSettings::fileName());
    }
    return false;
}

std::optional<StoredFile> UploadStore::commit(std::unique_ptr<Spool> spool, StoredFile meta, QString *error,
                                              UploadError *kind)
{
    if (!spool || spool->m_fd < 0) {
        *error = u"no upload"_s;
        setKind(kind, UploadError::Io);
        return std::nullopt;
    }
    // The spool is what is asked for, not part of what is used.
    if (!fitsQuota(spool->m_size, error, spool->m_path, false)) {
        setKind(kind, UploadError::QuotaExceeded);
        return std::nullopt;
    }
    meta.bytes = spool->m_size;
    if (meta.createdMs == 0)
        meta.createdMs = QDateTime::currentMSecsSinceEpoch();
    QString dir;
    for (int attempt = 0; attempt < 8; ++attempt) {
        meta.token = newToken();
        dir = m_dir + u'/' + meta.token;
        if (::mkdir(QFile::encodeName(dir).constData(), 0700) == 0)
            break;
        if (errno != EEXIST) {
            *error = u"cannot create %1: %2"_s.arg(dir, errnoText(errno));
            setKind(kind, UploadError::Io);
            return std::nullopt;
        }
        dir.clear();
    }
    if (dir.isEmpty()) {
        *error = u"no free file id"_s;
        setKind(kind, UploadError::Io);
        return std::nullopt;
    }
    ::close(spool->m_fd);
    spool->m_fd = -1;
    if (::rename(QFile::encodeName(spool->m_path).constData(),
                 QFile::encodeName(dir + u"/content"_s).constData()) != 0) {
        *error = u"cannot store the upload: %1"_s.arg(errnoText(errno));
        setKind(kind, UploadError::Io);
        QDir(dir).removeRecursively();
        return std::nullopt;
    }
    spool->m_path.clear();
    if (!JsonFile::write(dir + u"/meta.json"_s, QJsonDocument(meta.toJson()), error)) {
        setKind(kind, UploadError::Io);
        QDir(dir).removeRecursively();
        return std::nullopt;
    }
    return meta;
}

std::optional<StoredFile> UploadStore::addFromFd(int fd, StoredFile meta, QString *error, UploadError *kind,
                                                 const std::atomic<bool> *cancel)
{
    struct stat st;
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        *error = u"not a regular file"_s;
        setKind(kind, UploadError::NotFound);
        return std::nullopt;
    }
    if (!fitsQuota(qint64(st.st_size), error)) {
        setKind(kind, UploadError::QuotaExceeded);
        return std::nullopt;
    }
    std::unique_ptr<Spool> spool = beginSpool(error);
    if (!spool) {
        setKind(kind, UploadError::Io);
        return std::nullopt;
    }
    const FileCopy::Result r =
        FileCopy::copy(fd, spool->m_fd, qint64(st.st_size), FileCopy::Method::Clone, cancel);
    if (!r.ok) {
        *error = u"cannot copy the file: %1"_s.arg(errnoText(r.error));
        setKind(kind, UploadError::Io);
        return std::nullopt;
    }
    spool->m_size = qint64(st.st_size);
    return commit(std::move(spool), std::move(meta), error, kind);
}

std::optional<StoredFile> UploadStore::find(const QString &token) const
{
    if (!isValidToken(token) || m_dir.isEmpty())
        return std::nullopt;
    QString error;
    const std::optional<QJsonDocument> doc = JsonFile::read(m_dir + u'/' + token + u"/meta.json"_s, &error);
    if (!doc || !doc->isObject())
        return std::nullopt;
    std::optional<StoredFile> f = StoredFile::fromJson(doc->object());
    if (!f || f->token != token)
        return std::nullopt;
    if (f->expiresMs > 0 && f->expiresMs <= QDateTime::currentMSecsSinceEpoch())
        return std::nullopt;
    // The content is not fsynced (as a file cp wrote; meta.json is): after a crash it may be shorter than
    // the metadata says, and such a file is not handed out.
    struct stat st;
    if (::lstat(QFile::encodeName(contentPath(token)).constData(), &st) != 0 || !S_ISREG(st.st_mode) ||
        qint64(st.st_size) != f->bytes)
        return std::nullopt;
    return f;
}

QList<StoredFile> UploadStore::list() const
{
    QList<StoredFile> files;
    if (m_dir.isEmpty())
        return files;
    for (const QString &token : QDir(m_dir).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        if (std::optional<StoredFile> f = find(token))
            files.append(*f);
    }
    std::sort(files.begin(), files.end(), [](const StoredFile &a, const StoredFile &b) {
        return a.createdMs != b.createdMs ? a.createdMs > b.createdMs : a.token < b.token;
    });
    return files;
}

QString UploadStore::contentPath(const QString &token) const
{
    if (!isValidToken(token) || m_dir.isEmpty())
        return {};
    return m_dir + u'/' + token + u"/content"_s;
}

bool UploadStore::remove(const QString &token, QString *error)
{
    if (!find(token)) {
        *error = u"no such file"_s;
        return false;
    }
    // One rename makes it gone for find() and list(); the bytes go right after.
    const QString dir = m_dir + u'/' + token;
    const QString trash = m_dir + u"/.incoming/deleted-"_s + newToken();
    QDir().mkpath(m_dir + u"/.incoming"_s);
    if (::rename(QFile::encodeName(dir).constData(), QFile::encodeName(trash).constData()) != 0) {
        *error = u"cannot delete the file: %1"_s.arg(errnoText(errno));
        return false;
    }
    if (!QDir(trash).removeRecursively()) {
        *error = u"the file is gone from the API but %1 could not be removed"_s.arg(trash);
        return false;
    }
    return true;
}
