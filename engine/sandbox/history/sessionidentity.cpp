// SPDX-License-Identifier: GPL-3.0-or-later
#include "sessionidentity.h"

#include "containerregistry.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QSaveFile>
#include <QSet>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

static bool isIdChar(QChar c)
{
    const char16_t u = c.unicode();
    return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') || u == '_' || u == '-';
}

static bool allIdChars(const QString &s)
{
    return std::all_of(s.cbegin(), s.cend(), isIdChar);
}

std::optional<QString> SessionIdentity::normalizeSessionId(const QString &raw)
{
    if (raw.isEmpty() || !allIdChars(raw))
        return std::nullopt;
    return raw.size() > kSessionIdTail ? raw.right(kSessionIdTail) : raw;
}

bool SessionIdentity::validateContainerReference(const QString &id, QString *error)
{
    auto fail = [error](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    if (id.isEmpty())
        return fail(
            u"container_reference id is empty; it must be 1-40 characters of A-Z, a-z, 0-9, _ and -"_s);
    if (id.size() > kMaxReferenceLength)
        return fail(
            u"container_reference id is %1 characters long; at most %2 are allowed"_s.arg(id.size()).arg(
                kMaxReferenceLength));
    if (!allIdChars(id))
        return fail(u"container_reference id may only contain A-Z, a-z, 0-9, _ and -"_s);
    return true;
}

SessionIdentity::SessionIdentity(const QString &dataDir, const QString &workspace)
    : m_dataDir(dataDir)
    , m_workspace(workspace)
{
    const QString ws = ContainerRegistry(dataDir).workspaceDir(workspace);
    if (!ws.isEmpty())
        m_mapPath = ws + u"/sessions.json"_s;
}

bool SessionIdentity::load(QString *error)
{
    m_sessions.clear();
    if (m_mapPath.isEmpty()) {
        if (error)
            *error = u"invalid workspace name: %1"_s.arg(m_workspace);
        return false;
    }
    QFile file(m_mapPath);
    if (!file.exists())
        return true;
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = u"cannot read %1: %2"_s.arg(m_mapPath, file.errorString());
        return false;
    }
    const QJsonObject sessions =
        QJsonDocument::fromJson(file.readAll()).object().value(u"sessions"_s).toObject();
    for (auto it = sessions.begin(); it != sessions.end(); ++it) {
        const QString id = it.value().toString();
        if (normalizeSessionId(it.key()) == it.key() && ContainerRegistry::isValidContainerId(id))
            m_sessions.insert(it.key(), id);
    }
    return true;
}

bool SessionIdentity::save(QString *error)
{
    if (m_mapPath.isEmpty()) {
        if (error)
            *error = u"invalid workspace name: %1"_s.arg(m_workspace);
        return false;
    }
    QDir().mkpath(QFileInfo(m_mapPath).absolutePath());
    QJsonObject sessions;
    for (auto it = m_sessions.cbegin(); it != m_sessions.cend(); ++it)
        sessions.insert(it.key(), it.value());
    QSaveFile file(m_mapPath);
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(QJsonDocument(QJsonObject{{u"sessions"_s, sessions}}).toJson()) < 0 || !file.commit()) {
        if (error)
            *error = u"cannot write %1: %2"_s.arg(m_mapPath, file.errorString());
        return false;
    }
    return true;
}

std::optional<QString> SessionIdentity::containerForSession(const QString &sessionKey) const
{
    const auto it = m_sessions.constFind(sessionKey);
    return it == m_sessions.cend() ? std::nullopt : std::optional<QString>(*it);
}

bool SessionIdentity::bindSession(const QString &sessionKey, const QString &containerId, QString *error)
{
    if (normalizeSessionId(sessionKey) != sessionKey || !ContainerRegistry::isValidContainerId(containerId)) {
        if (error)
            *error = u"invalid session key or container id"_s;
        return false;
    }
    m_sessions.insert(sessionKey, containerId);
    return save(error);
}

bool SessionIdentity::forgetContainer(const QString &containerId, QString *error)
{
    const qsizetype removed = m_sessions.removeIf([&](const auto &it) { return it.value() == containerId; });
    return removed == 0 || save(error);
}

std::optional<QString> SessionIdentity::newContainerId(QString *error)
{
    QDir().mkpath(m_dataDir);
    const QString recordPath = m_dataDir + u"/issued-container-ids"_s;
    QFile record(recordPath);
    if (!record.open(QIODevice::ReadWrite | QIODevice::Append)) {
        if (error)
            *error = u"cannot open %1: %2"_s.arg(recordPath, record.errorString());
        return std::nullopt;
    }
    // The flock makes check-and-append atomic against other Sandbench processes on the same data dir.
    ::flock(record.handle(), LOCK_EX);
    record.seek(0);
    QSet<QByteArray> issued;
    for (const QByteArray &line : record.readAll().split('\n')) {
        if (!line.isEmpty())
            issued.insert(line);
    }
    static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    QByteArray id;
    do {
        id = "sess_";
        for (int i = 0; i < kRandomIdLength; ++i)
            id += alphabet[QRandomGenerator::system()->bounded(int(sizeof alphabet - 1))];
    } while (issued.contains(id));
    const bool ok =
        record.write(id + '\n') == id.size() + 1 && record.flush() && ::fsync(record.handle()) == 0;
    ::flock(record.handle(), LOCK_UN);
    if (!ok) {
        if (error)
            *error = u"cannot record container id in %1"_s.arg(recordPath);
        return std::nullopt;
    }
    return QString::fromLatin1(id);
}

std::optional<SessionIdentity::Choice>
SessionIdentity::choose(const QString &rawSessionId, const QString &replayedContainerId,
                        const std::function<bool(const QString &)> &existsInWorkspace, QString *error,
                        const std::function<std::optional<QString>()> &reserved)
{
    Choice choice;
    if (const std::optional<QString> key = normalizeSessionId(rawSessionId)) {
        choice.sessionKey = *key;
        if (const std::optional<QString> bound = containerForSession(*key)) {
            // A session's container whose files expired comes back empty under the same id: that id was
            // issued to this workspace, so reusing it is safe.
            choice.containerId = *bound;
            choice.isNew = !existsInWorkspace(*bound);
            return choice;
        }
    } else if (ContainerRegistry::isValidContainerId(replayedContainerId) &&
               existsInWorkspace(replayedContainerId)) {
        choice.containerId = replayedContainerId;
        return choice;
    }
    std::optional<QString> id = reserved ? reserved() : std::nullopt;
    choice.reserved = id.has_value();
    if (!id)
        id = newContainerId(error);
    if (!id)
        return std::nullopt;
    choice.containerId = *id;
    choice.isNew = true;
    if (!choice.sessionKey.isEmpty() && !bindSession(choice.sessionKey, *id, error))
        return std::nullopt;
    return choice;
}
