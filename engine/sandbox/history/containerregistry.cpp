// SPDX-License-Identifier: GPL-3.0-or-later
#include "containerregistry.h"

#include "safefs.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSaveFile>

#include <algorithm>
#include <cerrno>

using namespace Qt::StringLiterals;

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

bool ContainerRegistry::isValidWorkspaceName(const QString &workspace)
{
    static const QRegularExpression re(u"^[A-Za-z0-9_-]{1,64}$"_s);
    return re.match(workspace).hasMatch();
}

bool ContainerRegistry::isValidContainerId(const QString &id)
{
    static const QRegularExpression re(u"^[A-Za-z0-9_-]{1,40}$"_s);
    return re.match(id).hasMatch();
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
    if (!QDir().mkpath(dir + u"/home"_s)) {
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
    const QString dir = containerDir(workspace, id);
    if (dir.isEmpty())
        return invalidName(error);
    UniqueFd parent = SafeFs::openDirectory(workspaceDir(workspace) + u"/containers"_s, error);
    if (!parent.isValid())
        return false;
    // Meta first: once it is gone the container no longer exists even if deleting the files is cut short.
    QFile::remove(dir + u"/meta.json"_s);
    if (!SafeFs::removeTree(parent.get(), id.toLatin1())) {
        if (error)
            *error = u"cannot delete %1: %2"_s.arg(dir, SafeFs::errnoString(errno));
        return false;
    }
    return true;
}
