// SPDX-License-Identifier: GPL-3.0-or-later
#include "apikeys.h"

#include "base/randomtoken.h"
#include "sandbox/containermanager.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QSaveFile>

using namespace Qt::StringLiterals;

namespace {

QByteArray hashOf(const QString &key)
{
    return QCryptographicHash::hash(key.toUtf8(), QCryptographicHash::Sha256).toHex();
}

} // namespace

ApiKeys::ApiKeys(const QString &dataDir)
    : m_dataDir(dataDir)
{
    reload();
}

QString ApiKeys::filePath(const QString &dataDir, const QString &workspace)
{
    return dataDir + u"/workspaces/"_s + workspace + u"/keys.json"_s;
}

bool ApiKeys::readFile(const QString &workspace, QJsonObject *root, QString *error) const
{
    const QString path = filePath(m_dataDir, workspace);
    QFile in(path);
    if (!in.exists()) {
        *root = QJsonObject();
        return true;
    }
    if (!in.open(QIODevice::ReadOnly)) {
        *error = u"cannot read %1: %2"_s.arg(path, in.errorString());
        return false;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(in.readAll(), &parseError);
    if (!doc.isObject()) {
        *error = u"%1 is damaged: %2"_s.arg(path, parseError.errorString());
        return false;
    }
    *root = doc.object();
    return true;
}

bool ApiKeys::writeFile(const QString &workspace, const QJsonObject &root, QString *error)
{
    const QString path = filePath(m_dataDir, workspace);
    QDir().mkpath(QFileInfo(path).absolutePath());
    QSaveFile out(path);
    if (!out.open(QIODevice::WriteOnly) || out.write(QJsonDocument(root).toJson()) < 0) {
        *error = u"cannot write %1: %2"_s.arg(path, out.errorString());
        return false;
    }
    out.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    if (!out.commit()) {
        *error = u"cannot write %1: %2"_s.arg(path, out.errorString());
        return false;
    }
    return true;
}

QString ApiKeys::stampOf(const QString &path)
{
    const QFileInfo info(path);
    if (!info.exists())
        return {};
    return QString::number(info.lastModified().toMSecsSinceEpoch()) + u'/' + QString::number(info.size());
}

std::optional<QString> ApiKeys::create(const QString &workspace, QString *error)
{
    if (!ContainerManager::isValidId(workspace)) {
        *error = u"invalid workspace name \"%1\""_s.arg(workspace);
        return std::nullopt;
    }
    QJsonObject root;
    if (!readFile(workspace, &root, error))
        return std::nullopt;
    const QString key = randomToken(u"sbk_"_s, 40, QRandomGenerator::system());
    QJsonArray keys = root.value(u"keys"_s).toArray();
    keys.append(QJsonObject{{u"sha256"_s, QString::fromLatin1(hashOf(key))},
                            {u"prefix"_s, key.left(8)},
                            {u"created_ms"_s, QDateTime::currentMSecsSinceEpoch()}});
    root.insert(u"keys"_s, keys);
    if (!writeFile(workspace, root, error))
        return std::nullopt;
    m_byHash.insert(hashOf(key), workspace);
    m_stamps.insert(workspace, stampOf(filePath(m_dataDir, workspace)));
    return key;
}

std::optional<QList<ApiKeys::Info>> ApiKeys::list(const QString &workspace, QString *error) const
{
    if (!ContainerManager::isValidId(workspace)) {
        *error = u"invalid workspace name \"%1\""_s.arg(workspace);
        return std::nullopt;
    }
    QJsonObject root;
    if (!readFile(workspace, &root, error))
        return std::nullopt;
    QList<Info> result;
    for (const QJsonValue &v : root.value(u"keys"_s).toArray()) {
        const QJsonObject k = v.toObject();
        result.append({k.value(u"sha256"_s).toString(), k.value(u"prefix"_s).toString(),
                       k.value(u"created_ms"_s).toInteger()});
    }
    return result;
}

bool ApiKeys::revoke(const QString &workspace, const QString &sha256, QString *error)
{
    if (!ContainerManager::isValidId(workspace)) {
        *error = u"invalid workspace name \"%1\""_s.arg(workspace);
        return false;
    }
    QJsonObject root;
    if (!readFile(workspace, &root, error))
        return false;
    QJsonArray keys = root.value(u"keys"_s).toArray();
    qsizetype found = -1;
    for (qsizetype i = 0; i < keys.size(); ++i) {
        if (keys.at(i).toObject().value(u"sha256"_s).toString() == sha256)
            found = i;
    }
    if (found < 0) {
        *error = u"workspace %1 has no key with hash %2"_s.arg(workspace, sha256);
        return false;
    }
    keys.removeAt(found);
    root.insert(u"keys"_s, keys);
    if (!writeFile(workspace, root, error))
        return false;
    m_byHash.remove(sha256.toLatin1());
    m_stamps.insert(workspace, stampOf(filePath(m_dataDir, workspace)));
    return true;
}

std::optional<QString> ApiKeys::workspaceForKey(const QString &key)
{
    if (key.isEmpty())
        return std::nullopt;
    const QByteArray hash = hashOf(key);
    auto it = m_byHash.constFind(hash);
    // A known key is still checked against its file, which another process may have changed since.
    if (it != m_byHash.constEnd() && m_stamps.value(it.value()) == stampOf(filePath(m_dataDir, it.value())))
        return it.value();
    reload();
    it = m_byHash.constFind(hash);
    if (it == m_byHash.constEnd())
        return std::nullopt;
    return it.value();
}

void ApiKeys::reload()
{
    m_byHash.clear();
    m_stamps.clear();
    const QDir root(m_dataDir + u"/workspaces"_s);
    for (const QString &ws : root.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QString path = filePath(m_dataDir, ws);
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            continue;
        m_stamps.insert(ws, stampOf(path));
        const QJsonArray keys = QJsonDocument::fromJson(file.readAll()).object().value(u"keys"_s).toArray();
        for (const QJsonValue &k : keys)
            m_byHash.insert(k.toObject().value(u"sha256"_s).toString().toLatin1(), ws);
    }
}
