// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QString>

#include <optional>

class QJsonObject;

// The local API's keys: each belongs to one workspace and is stored only as its SHA-256 in
// DATA/workspaces/<ws>/keys.json; the key a request carries decides its workspace.
class ApiKeys
{
public:
    explicit ApiKeys(const QString &dataDir);

    static QString filePath(const QString &dataDir, const QString &workspace);
    // A new key ("sbk_" + 40 random characters) for workspace; it is returned once and never stored.
    std::optional<QString> create(const QString &workspace, QString *error);
    // The workspace of key; re-reads the key files when the key is unknown (keys made while serving) or when
    // its workspace's key file changed (a key revoked by another process stops working at once).
    std::optional<QString> workspaceForKey(const QString &key);

    // What is stored about a key: never the key itself.
    struct Info
    {
        QString sha256; // hex; identifies the key for revoke()
        QString prefix; // "sbk_" and the first characters, to recognise it
        qint64 createdMs = 0;
    };
    // The workspace's keys, oldest first; nullopt and an error when the key file cannot be read.
    std::optional<QList<Info>> list(const QString &workspace, QString *error) const;
    // Deletes the key whose hash is sha256; false and an error when there is no such key or the file cannot
    // be written.
    bool revoke(const QString &workspace, const QString &sha256, QString *error);

private:
    void reload();
    bool readFile(const QString &workspace, QJsonObject *root, QString *error) const;
    bool writeFile(const QString &workspace, const QJsonObject &root, QString *error);
    static QString stampOf(const QString &path);

    QString m_dataDir;
    QHash<QByteArray, QString> m_byHash; // hex sha256 -> workspace
    QHash<QString, QString> m_stamps;    // workspace -> modification time and size of its key file at reload
};
