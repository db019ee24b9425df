// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QString>

#include <optional>

// The local API's keys: each belongs to one workspace and is stored only as its SHA-256 in
// DATA/workspaces/<ws>/keys.json; the key a request carries decides its workspace.
class ApiKeys
{
public:
    explicit ApiKeys(const QString &dataDir);

    static QString filePath(const QString &dataDir, const QString &workspace);
    // A new key ("sbk_" + 40 random characters) for workspace; it is returned once and never stored.
    std::optional<QString> create(const QString &workspace, QString *error);
    // The workspace of key; re-reads the key files when the key is unknown (keys made while serving).
    std::optional<QString> workspaceForKey(const QString &key);

private:
    void reload();

    QString m_dataDir;
    QHash<QByteArray, QString> m_byHash; // hex sha256 -> workspace
};
