// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QString>

// A workspace's own settings, kept in <workspace dir>/settings.json and shared by the window, `serve` and the
// other commands: {"documents_quota_bytes": N}. A missing file or key means the default.
class WorkspaceSettings
{
public:
    static constexpr qint64 DefaultDocumentsQuotaBytes = 10LL * 1024 * 1024 * 1024;

    explicit WorkspaceSettings(const QString &workspaceDir);

    static QString fileName() { return QStringLiteral("settings.json"); }
    QString filePath() const;

    // False with *error when the file exists but cannot be read; the defaults stay in force.
    bool load(QString *error = nullptr);
    // Atomic write; keys this class does not know are kept.
    bool save(QString *error = nullptr) const;

    // The most the workspace's documents may hold, in bytes (their apparent sizes added up).
    qint64 documentsQuotaBytes() const;
    void setDocumentsQuotaBytes(qint64 bytes);

private:
    QString m_dir;
    QJsonObject m_json;
};
