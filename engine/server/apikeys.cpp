// SPDX-License-Identifier: GPL-3.0-or-later
#include "apikeys.h"

#include "sandbox/containermanager.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
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

std::optional<QString> ApiKeys::create(const QString &workspace, QString *error)
{
    if (!ContainerManager::isValidId(workspace)) {
        *error = u"invalid workspace name \"%1\""_s.arg(workspace);
        return std::nullopt;
    }
    const QString path = filePath(m_dataDir, workspace);
    QJsonObject root;
    QFile in(path);
    if (in.exists()) {
        if (!in.open(QIODevice::ReadOnly)) {
            *error = u"cannot read %1: %2"_s.arg(path, in.errorString());
            return std::nullopt;
        }
        QJsonParseError parseError;
        const QJsonDocument doc = QJsonDocument::fromJson(in.readAll(), &parseError);
        if (!doc.isObject()) {
            *error = u"%1 is damaged: %2"_s.arg(path, parseError.errorString());
            return std::nullopt;
        }
        root = doc.object();
    }
    static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    QString key = u"sbk_"_s;
    for (int i = 0; i < 40; ++i)
        key.append(QLatin1Char(alphabet[QRandomGenerator::system()->bounded(62)]));
    QJsonArray keys = root.value(u"keys"_s).toArray();
    keys.append(QJsonObject{{u"sha256"_s, QString::fromLatin1(hashOf(key))},
                            {u"prefix"_s, key.left(8)},
                            {u"created_ms"_s, QDateTime::currentMSecsSinceEpoch()}});
    root.insert(u"keys"_s, keys);
    QDir().mkpath(QFileInfo(path).absolutePath());
    QSaveFile out(path);
    if (!out.open(QIODevice::WriteOnly) || out.write(QJsonDocument(root).toJson()) < 0) {
        *error = u"cannot write %1: %2"_s.arg(path, out.errorString());
        return std::nullopt;
    }
    out.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    if (!out.commit()) {
        *error = u"cannot write %1: %2"_s.arg(path, out.errorString());
        return std::nullopt;
    }
    m_byHash.insert(hashOf(key), workspace);
    return key;
}

std::optional<QString> ApiKeys::workspaceForKey(const QString &key)
{
    if (key.isEmpty())
        return std::nullopt;
    const QByteArray hash = hashOf(key);
    auto it = m_byHash.constFind(hash);
    if (it == m_byHash.constEnd()) {
        reload();
        it = m_byHash.constFind(hash);
        if (it == m_byHash.constEnd())
            return std::nullopt;
    }
    return it.value();
}

void ApiKeys::reload()
{
    m_byHash.clear();
    const QDir root(m_dataDir + u"/workspaces"_s);
    for (const QString &ws : root.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile file(filePath(m_dataDir, ws));
        if (!file.open(QIODevice::ReadOnly))
            continue;
        const QJsonArray keys = QJsonDocument::fromJson(file.readAll()).object().value(u"keys"_s).toArray();
        for (const QJsonValue &k : keys)
            m_byHash.insert(k.toObject().value(u"sha256"_s).toString().toLatin1(), ws);
    }
}
