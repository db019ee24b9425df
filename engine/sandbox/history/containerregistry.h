// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

// What is kept about one container besides its files; survives restarts in containers/<id>/meta.json.
struct ContainerMeta
{
    QString id;
    QString workspace;
    qint64 createdMs = 0;
    qint64 lastUsedMs = 0;
    QJsonObject policy; // network policy etc., fixed when the container starts (placeholder for the runtime)

    QJsonObject toJson() const;
    static std::optional<ContainerMeta> fromJson(const QJsonObject &json);
};

// Maps (workspace, container id) to directories under DATA/workspaces/<ws>/containers/<id>/ and keeps
// their meta json. Every path is built from validated names only, so no input reaches another workspace.
class ContainerRegistry
{
public:
    explicit ContainerRegistry(const QString &dataDir);

    static bool isValidWorkspaceName(const QString &workspace);
    // 1 to maxLength of A-Z a-z 0-9 _ - (workspace names, container ids).
    static bool isIdText(QStringView text, qsizetype maxLength);
    static bool isValidContainerId(const QString &id);

    QString dataDir() const { return m_dataDir; }
    // Each returns an empty string when a name is invalid.
    QString workspaceDir(const QString &workspace) const;
    QString documentsDir(const QString &workspace) const;
    QString containerDir(const QString &workspace, const QString &id) const;
    QString homeDir(const QString &workspace, const QString &id) const;
    QString historyDir(const QString &workspace, const QString &id) const;

    QStringList workspaces() const;
    // Creates the container's directories and meta json; fails if it exists already.
    bool create(const ContainerMeta &meta, QString *error);
    bool save(const ContainerMeta &meta, QString *error);
    std::optional<ContainerMeta> load(const QString &workspace, const QString &id, QString *error) const;
    bool exists(const QString &workspace, const QString &id) const;
    // Records a use (a command, a wake) so the janitor keeps the files 30 days from now.
    bool touch(const QString &workspace, const QString &id, qint64 nowMs, QString *error);
    // The workspace's containers, most recently used first.
    QList<ContainerMeta> list(const QString &workspace) const;
    // Deletes the container's files, history and meta; never touches documents. The directory is moved aside
    // first (moveToTrash()), so a deletion cut short leaves trash for the janitor, never a half container.
    // True when nothing is left (also when there was no directory).
    bool remove(const QString &workspace, const QString &id, QString *error);

    // Moves the container's directory aside to a hidden trash name beside it (one rename: atomic, and cheap
    // enough for the GUI thread). From then on the container does not exist for load(), exists() or list(),
    // and a new one with the same id can be made. Returns the trash directory, reserved for the caller, who
    // must hand it to removeTrash(); empty when there was no directory (error left empty) or the rename
    // failed (error says why; the container is untouched).
    QString moveToTrash(const QString &workspace, const QString &id, QString *error);
    // Deletes a directory moveToTrash() or leftoverTrash() returned; may take long (run it on a worker).
    bool removeTrash(const QString &trashDir, QString *error) const;
    // The workspace's trash that nobody deletes: left by a killed process or by a deletion that failed. Each
    // returned directory is reserved for the caller, who must hand it to removeTrash().
    QStringList leftoverTrash(const QString &workspace);
    // Whether a name under containers/ is trash (never a container id: ids have no dot).
    static bool isTrashName(const QString &name);

private:
    QString metaPath(const QString &workspace, const QString &id) const;

    QString m_dataDir;
};
