// SPDX-License-Identifier: GPL-3.0-or-later
#include "fileorigins.h"

#include "filestore.h"
#include "safefs.h"

#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

#include <algorithm>
#include <fcntl.h>
#include <sys/stat.h>

using namespace Qt::StringLiterals;

namespace {

constexpr auto kFileName = "file-origins.json";

FileOrigins::Identity identityOf(const struct stat &st)
{
    return {quint64(st.st_dev), quint64(st.st_ino),
            qint64(st.st_ctim.tv_sec) * 1'000'000'000 + st.st_ctim.tv_nsec, 0};
}

// 64-bit numbers as decimal strings: a JSON number (a double) would round them.
QString number(quint64 n)
{
    return QString::number(n);
}

} // namespace

FileOrigins::FileOrigins(const QString &containerDir)
    : m_path(containerDir.isEmpty() ? QString() : containerDir + u'/' + QLatin1StringView(kFileName))
{}

QString FileOrigins::containerDirOfHistory(const QString &gitDir)
{
    return gitDir.isEmpty() ? QString() : QFileInfo(gitDir).absolutePath();
}

bool FileOrigins::load(QString *error)
{
    m_entries.clear();
    if (m_path.isEmpty())
        return true;
    QFile file(m_path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (!file.exists())
            return true;
        if (error)
            *error = u"cannot read %1: %2"_s.arg(m_path, file.errorString());
        return false;
    }
    const QByteArray bytes = file.read(kMaxRecordBytes + 1);
    if (bytes.size() > kMaxRecordBytes) {
        if (error)
            *error = u"%1 is larger than %2 bytes"_s.arg(m_path).arg(kMaxRecordBytes);
        return false;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parseError);
    if (!doc.isObject()) {
        if (error)
            *error = u"%1 is damaged: %2"_s.arg(m_path, parseError.errorString());
        return false;
    }
    const QJsonObject files = doc.object().value(u"files"_s).toObject();
    for (auto it = files.begin(); it != files.end() && m_entries.size() < kMaxEntries; ++it) {
        const QJsonObject o = it.value().toObject();
        bool okDevice = false, okInode = false, okCtime = false;
        Identity id;
        id.device = o.value(u"device"_s).toString().toULongLong(&okDevice);
        id.inode = o.value(u"inode"_s).toString().toULongLong(&okInode);
        id.ctimeNs = o.value(u"ctime_ns"_s).toString().toLongLong(&okCtime);
        id.recordedMs = qint64(o.value(u"recorded_ms"_s).toDouble());
        if (okDevice && okInode && okCtime && !it.key().isEmpty())
            m_entries.insert(it.key(), id);
    }
    return true;
}

bool FileOrigins::save(QString *error) const
{
    QJsonObject files;
    for (auto it = m_entries.cbegin(); it != m_entries.cend(); ++it)
        files.insert(it.key(), QJsonObject{{u"device"_s, number(it->device)},
                                           {u"inode"_s, number(it->inode)},
                                           {u"ctime_ns"_s, QString::number(it->ctimeNs)},
                                           {u"recorded_ms"_s, double(it->recordedMs)}});
    QSaveFile out(m_path);
    if (!out.open(QIODevice::WriteOnly)) {
        if (error)
            *error = u"cannot write %1: %2"_s.arg(m_path, out.errorString());
        return false;
    }
    out.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    out.write(
        QJsonDocument(QJsonObject{{u"version"_s, 1}, {u"files"_s, files}}).toJson(QJsonDocument::Compact));
    if (!out.commit()) {
        if (error)
            *error = u"cannot write %1: %2"_s.arg(m_path, out.errorString());
        return false;
    }
    return true;
}

bool FileOrigins::recordUpload(const QString &homeDir, const QString &relativePath, QString *error)
{
    if (m_path.isEmpty())
        return true;
    QString why;
    if (!load(&why))
        m_entries.clear(); // a damaged record starts over: its files show as the assistant's
    QByteArrayList parts;
    if (!SafeFs::splitRelativePath(relativePath.toUtf8(), &parts, error))
        return false;
    const UniqueFd home = SafeFs::openDirectory(homeDir, error);
    if (!home.isValid())
        return false;
    // The identity of home's own file: no link is followed to a file elsewhere.
    const UniqueFd fd = SafeFs::openBeneath(home.get(), relativePath.toUtf8(), O_PATH | O_NOFOLLOW, error);
    struct stat st;
    if (!fd.isValid() || ::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode)) {
        if (error && fd.isValid())
            *error = u"%1 is not a regular file in home"_s.arg(relativePath);
        return false;
    }
    Identity id = identityOf(st);
    id.recordedMs = QDateTime::currentMSecsSinceEpoch();
    // Entries whose file is gone or was changed since say nothing any more.
    for (auto it = m_entries.begin(); it != m_entries.end();) {
        struct stat now;
        const UniqueFd other =
            SafeFs::openBeneath(home.get(), it.key().toUtf8(), O_PATH | O_NOFOLLOW, nullptr);
        Identity current = other.isValid() && ::fstat(other.get(), &now) == 0 ? identityOf(now) : Identity{};
        current.recordedMs = it->recordedMs;
        it = current == *it ? std::next(it) : m_entries.erase(it);
    }
    m_entries.insert(relativePath, id);
    while (m_entries.size() > kMaxEntries) {
        const auto oldest =
            std::min_element(m_entries.begin(), m_entries.end(), [](const Identity &a, const Identity &b) {
                return a.recordedMs < b.recordedMs;
            });
        m_entries.erase(oldest);
    }
    return save(error);
}

bool FileOrigins::isUpload(const QString &relativePath, const Identity &identity) const
{
    const auto it = m_entries.constFind(relativePath);
    return it != m_entries.cend() && it->device == identity.device && it->inode == identity.inode &&
           it->ctimeNs == identity.ctimeNs;
}

QString FileOrigins::sourceOf(const ContainerFile &file) const
{
    return isUpload(file.path, {file.device, file.inode, file.ctimeNs, 0}) ? u"user"_s : u"assistant"_s;
}
