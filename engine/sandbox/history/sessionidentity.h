// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QString>

#include <functional>
#include <optional>

// Chooses the container of a request (SPEC 1.4): session_id normalisation, container_reference validation,
// the per-workspace session -> container map and data-dir-wide unique container ids.
class SessionIdentity
{
public:
    static constexpr int kSessionIdTail = 20;
    static constexpr int kMaxReferenceLength = 40;
    static constexpr int kRandomIdLength = 20;

    // Only [A-Za-z0-9_-]: anything else (or an empty id) means the id is ignored (nullopt).
    // Longer than 20 characters: only the last 20 count.
    static std::optional<QString> normalizeSessionId(const QString &raw);
    // 1-40 characters of [A-Za-z0-9_-], never truncated.
    static bool validateContainerReference(const QString &id, QString *error);

    // dataDir holds the record of issued ids; the session map lives in DATA/workspaces/<ws>/sessions.json.
    SessionIdentity(const QString &dataDir, const QString &workspace);

    bool load(QString *error);
    std::optional<QString> containerForSession(const QString &sessionKey) const;
    bool bindSession(const QString &sessionKey, const QString &containerId, QString *error);
    // Drops every session bound to the container (after `containers rm` or expiry).
    bool forgetContainer(const QString &containerId, QString *error);
    // "sess_" + 20 random [A-Za-z0-9], never issued before in this data dir (recorded before returning).
    std::optional<QString> newContainerId(QString *error);

    struct Choice
    {
        QString containerId;
        bool isNew = false;    // the container does not exist yet: the caller creates it with this id
        QString sessionKey;    // the normalised session id, empty when none counted
        bool reserved = false; // containerId came from the reserved callback
    };
    // rawSessionId: the request's session_id / x-session-id; replayedContainerId: the most recent container
    // id found in the replayed conversation (empty when none); existsInWorkspace: whether a container id
    // exists in this workspace (ContainerRegistry::exists). A replayed id that does not exist here (expired,
    // or another workspace's) is never reused: a fresh id is issued instead. reserved, when given, is asked
    // first for that fresh id: one issued earlier by newContainerId() (a warm container's, see
    // ContainerManager), or nullopt to issue a new one; choice.reserved tells which.
    std::optional<Choice> choose(const QString &rawSessionId, const QString &replayedContainerId,
                                 const std::function<bool(const QString &)> &existsInWorkspace,
                                 QString *error,
                                 const std::function<std::optional<QString>()> &reserved = {});

private:
    bool save(QString *error);

    QString m_dataDir;
    QString m_workspace;
    QString m_mapPath;
    QHash<QString, QString> m_sessions;
};
