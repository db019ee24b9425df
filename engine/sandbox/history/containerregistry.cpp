// SPDX-License-Identifier: GPL-3.0-or-later
#include "containerregistry.h"

#include "safefs.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QMutex>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSet>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio> // renameat
#include <fcntl.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

// Trash directories a deletion of this process works on (moved aside and not yet deleted, or taken over
// from a dead process): leftoverTrash() never hands them out a second time. Workers release them.
QMutex &reservedMutex()
{
    static QMutex mutex;
    return mutex;
}

QSet<QString> &reservedTrash()
{
    static QSet<QString> paths;
    return paths;
}

bool reserveTrash(const QString &path)
{
    const QMutexLocker lock(&reservedMutex());
    if (reservedTrash().contains(path))
        return false;
    reservedTrash().insert(path);
    return true;
}

void releaseTrash(const QString &path)
{
    const QMutexLocker lock(&reservedMutex());
    reservedTrash().remove(path);
}

// .trash-<container id>-<pid of the process that moved it aside>-<serial in that process>
const QRegularExpression &trashPattern()
{
    static const QRegularExpression re(u"^\\.trash-([A-Za-z0-9_-]{1,40})-([0-9]{1,10})-([0-9]{1,10})$"_s);
    return re;
}

bool processAlive(qint64 pid)
{
    return pid > 0 && (::kill(pid_t(pid), 0) == 0 || errno == EPERM);
}

// Renames name (in parentPath, open as parentFd) to a fresh trash name of this process, reserved for the
// caller. Returns the trash path; empty on failure with *err set.
QString renameToTrash(int parentFd, const QString &parentPath, const QByteArray &name, const QString &id,
                      int *err)
{
    static std::atomic<quint32> serial{0};
    for (int attempt = 0; attempt < 100; ++attempt) {
        const QByteArray trash = ".trash-" + id.toLatin1() + '-' + QByteArray::number(qint64(::getpid())) +
                                 '-' + QByteArray::number(++serial);
        const QString path = parentPath + u'/' + QString::fromLatin1(trash);
        if (!reserveTrash(path))
            continue;
        // Reserved before the rename: a sweep listing the directory meanwhile must not take it.
        if (::renameat(parentFd, name.constData(), parentFd, trash.constData()) == 0)
            return path;
        *err = errno;
        releaseTrash(path);
        // Only a stale trash of a dead namesake process is in the way: try the next serial.
        if (*err != EEXIST && *err != ENOTEMPTY && *err != ENOTDIR)
            return {};
    }
    *err = EEXIST;
    return {};
}

} // namespace

QJsonObject ContainerMeta::toJson() const
{
    return {{u"id"_s, id},
            {u"workspace"_s, workspace},
            {u"created_ms"_s, createdMs},
            {u"last_used_ms"_s, lastUsedMs},
            {u"policy"_s, policy}};
}

std::optional<ContainerMeta> ContainerMeta::fromJson(const QJsonObject &json)
{
    ContainerMeta meta;
    meta.id = json.value(u"id"_s).toString();
    meta.workspace = json.value(u"workspace"_s).toString();
    meta.createdMs = json.value(u"created_ms"_s).toInteger();
    meta.lastUsedMs = json.value(u"last_used_ms"_s).toInteger();
    meta.policy = json.value(u"policy"_s).toObject();
    if (!ContainerRegistry::isValidContainerId(meta.id) ||
        !ContainerRegistry::isValidWorkspaceName(meta.workspace))
        return std::nullopt;
    return meta;
}

ContainerRegistry::ContainerRegistry(const QString &dataDir)
    : m_dataDir(QDir::cleanPath(QDir(dataDir).absolutePath()))
{}

bool ContainerRegistry::isIdText(QStringView text, qsizetype maxLength)
{
    // By hand, not a QRegularExpression: every command line start checks a name or two, and PCRE2's first
    // compile costs 0.2 ms of that start.
    if (text.isEmpty() || text.size() > maxLength)
        return false;
    return std::all_of(text.begin(), text.end(), [](QChar c) {
        const char16_t u = c.unicode();
        return (u >= u'A' && u <= u'Z') || (u >= u'a' && u <= u'z') || (u >= u'0' && u <= u'9') ||
               u == u'_' || u == u'-';
    });
}

bool ContainerRegistry::isValidWorkspaceName(const QString &workspace)
{
    return isIdText(workspace, 64);
}

bool ContainerRegistry::isValidContainerId(const QString &id)
{
    return isIdText(id, 40);
}

QString ContainerRegistry::workspaceDir(const QString &workspace) const
{
    return isValidWorkspaceName(workspace) ? m_dataDir + u"/workspaces/"_s + workspace : QString();
}

QString ContainerRegistry::documentsDir(const QString &workspace) const
{
    const QString ws = workspaceDir(workspace);
    return ws.isEmpty() ? ws : ws + u"/documents"_s;
}

QString ContainerRegistry::containerDir(const QString &workspace, const QString &id) const
{
    const QString ws = workspaceDir(workspace);
    return ws.isEmpty() || !isValidContainerId(id) ? QString() : ws + u"/containers/"_s + id;
}

QString ContainerRegistry::homeDir(const QString &workspace, const QString &id) const
{
    const QString dir = containerDir(workspace, id);
    return dir.isEmpty() ? dir : dir + u"/home"_s;
}

QString ContainerRegistry::historyDir(const QString &workspace, const QString &id) const
{
    const QString dir = containerDir(workspace, id);
    return dir.isEmpty() ? dir : dir + u"/history.git"_s;
}

QString ContainerRegistry::metaPath(const QString &workspace, const QString &id) const
{
    const QString dir = containerDir(workspace, id);
    return dir.isEmpty() ? dir : dir + u"/meta.json"_s;
}

QStringList ContainerRegistry::workspaces() const
{
    QStringList out;
    const QStringList names = QDir(m_dataDir + u"/workspaces"_s).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &name : names) {
        if (isValidWorkspaceName(name))
            out.append(name);
    }
    return out;
}

static bool invalidName(QString *error)
{
    if (error)
        *error = u"invalid workspace or container id"_s;
    return false;
}

bool ContainerRegistry::create(const ContainerMeta &meta, QString *error)
{
    const QString dir = containerDir(meta.workspace, meta.id);
    if (dir.isEmpty())
        return invalidName(error);
    if (QFileInfo::exists(metaPath(meta.workspace, meta.id))) {
        if (error)
            *error = u"container %1 exists already"_s.arg(meta.id);
        return false;
    }
    if (!QDir().mkpath(dir + u"/home"_s) ||
        !QFile::setPermissions(dir,
                               QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner)) {
        if (error)
            *error = u"cannot create %1"_s.arg(dir);
        return false;
    }
    // meta.json comes last: a directory without it is an unfinished creation and is not listed.
    return save(meta, error);
}

bool ContainerRegistry::save(const ContainerMeta &meta, QString *error)
{
    const QString path = metaPath(meta.workspace, meta.id);
    if (path.isEmpty())
        return invalidName(error);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) ||
        !file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner) ||
        file.write(QJsonDocument(meta.toJson()).toJson(QJsonDocument::Indented)) < 0 || !file.commit()) {
        if (error)
            *error = u"cannot write %1: %2"_s.arg(path, file.errorString());
        return false;
    }
    return true;
}

std::optional<ContainerMeta> ContainerRegistry::load(const QString &workspace, const QString &id,
                                                     QString *error) const
{
    const QString path = metaPath(workspace, id);
    if (path.isEmpty()) {
        invalidName(error);
        return std::nullopt;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = u"no container %1 in workspace %2"_s.arg(id, workspace);
        return std::nullopt;
    }
    std::optional<ContainerMeta> meta =
        ContainerMeta::fromJson(QJsonDocument::fromJson(file.readAll()).object());
    // The directory a meta file sits in is authoritative: a copied file cannot claim another workspace.
    if (!meta || meta->id != id || meta->workspace != workspace) {
        if (error)
            *error = u"damaged meta data for container %1"_s.arg(id);
        return std::nullopt;
    }
    return meta;
}

bool ContainerRegistry::exists(const QString &workspace, const QString &id) const
{
    const QString path = metaPath(workspace, id);
    return !path.isEmpty() && QFileInfo::exists(path);
}

bool ContainerRegistry::touch(const QString &workspace, const QString &id, qint64 nowMs, QString *error)
{
    std::optional<ContainerMeta> meta = load(workspace, id, error);
    if (!meta)
        return false;
    meta->lastUsedMs = qMax(meta->lastUsedMs, nowMs);
    return save(*meta, error);
}

QList<ContainerMeta> ContainerRegistry::list(const QString &workspace) const
{
    QList<ContainerMeta> out;
    const QString ws = workspaceDir(workspace);
    if (ws.isEmpty())
        return out;
    const QStringList ids =
        QDir(ws + u"/containers"_s).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    // Trash (hidden, and never a valid id) and unfinished creations (no meta.json) are not containers.
    for (const QString &id : ids) {
        if (std::optional<ContainerMeta> meta = load(workspace, id, nullptr))
            out.append(*meta);
    }
    std::stable_sort(out.begin(), out.end(), [](const ContainerMeta &a, const ContainerMeta &b) {
        return a.lastUsedMs > b.lastUsedMs;
    });
    return out;
}

bool ContainerRegistry::remove(const QString &workspace, const QString &id, QString *error)
{
    QString why;
    const QString trash = moveToTrash(workspace, id, &why);
    if (trash.isEmpty()) {
        if (error && !why.isEmpty())
            *error = why;
        return why.isEmpty();
    }
    return removeTrash(trash, error);
}

bool ContainerRegistry::isTrashName(const QString &name)
{
    return trashPattern().match(name).hasMatch();
}

QString ContainerRegistry::moveToTrash(const QString &workspace, const QString &id, QString *error)
{
    if (error)
        error->clear();
    if (containerDir(workspace, id).isEmpty()) {
        invalidName(error);
        return {};
    }
    const QString parentPath = workspaceDir(workspace) + u"/containers"_s;
    UniqueFd parent = SafeFs::openDirectory(parentPath, error);
    if (!parent.isValid())
        return {};
    int err = 0;
    const QString trash = renameToTrash(parent.get(), parentPath, id.toLatin1(), id, &err);
    if (trash.isEmpty() && err != ENOENT && error)
        *error = u"cannot move %1 aside: %2"_s.arg(containerDir(workspace, id), SafeFs::errnoString(err));
    return trash;
}

bool ContainerRegistry::removeTrash(const QString &trashDir, QString *error) const
{
    // Only DATA/workspaces/<ws>/containers/<trash name>: a bad path can never delete anything else.
    const QFileInfo info(trashDir);
    const QString prefix = m_dataDir + u"/workspaces/"_s;
    const QString suffix = u"/containers"_s;
    const QString parentPath = info.path();
    const QString middle = parentPath.startsWith(prefix) ? parentPath.mid(prefix.size()) : QString();
    const bool valid = isTrashName(info.fileName()) && middle.endsWith(suffix) &&
                       isValidWorkspaceName(middle.chopped(suffix.size()));
    bool ok = false;
    if (!valid) {
        if (error)
            *error = u"%1 is not a container's trash"_s.arg(trashDir);
    } else if (UniqueFd parent = SafeFs::openDirectory(parentPath, error); parent.isValid()) {
        ok = SafeFs::removeTree(parent.get(), QFile::encodeName(info.fileName()));
        if (!ok && error)
            *error = u"cannot delete %1: %2"_s.arg(trashDir, SafeFs::errnoString(errno));
    }
    releaseTrash(trashDir);
    return ok;
}

QStringList ContainerRegistry::leftoverTrash(const QString &workspace)
{
    QStringList out;
    const QString ws = workspaceDir(workspace);
    if (ws.isEmpty())
        return out;
    const QString parentPath = ws + u"/containers"_s;
    const QStringList names = QDir(parentPath)
                                  .entryList({u".trash-*"_s}, QDir::AllEntries | QDir::Hidden | QDir::System |
                                                                  QDir::NoDotAndDotDot);
    if (names.isEmpty())
        return out;
    UniqueFd parent = SafeFs::openDirectory(parentPath, nullptr);
    if (!parent.isValid())
        return out;
    for (const QString &name : names) {
        const QRegularExpressionMatch m = trashPattern().match(name);
        if (!m.hasMatch())
            continue;
        const qint64 owner = m.captured(2).toLongLong();
        if (owner == qint64(::getpid())) {
            // Ours and reserved by nobody: a deletion that failed earlier.
            const QString path = parentPath + u'/' + name;
            if (reserveTrash(path))
                out.append(path);
        } else if (!processAlive(owner)) {
            // A dead process's: take it over with a rename, so another live process cannot delete it too.
            int err = 0;
            const QString taken =
                renameToTrash(parent.get(), parentPath, name.toLatin1(), m.captured(1), &err);
            if (!taken.isEmpty())
                out.append(taken);
        }
    }
    return out;
}
