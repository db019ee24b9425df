// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

// A workspace's logging switches, kept in <workspace dir>/settings.json ({"io_logging":true,
// "log_retention_days":30}); keys this class does not know are preserved on save.
class LogSettings
{
public:
    static constexpr int DefaultRetentionDays = 30;

    explicit LogSettings(const QString &workspaceDir);

    static QString fileName() { return QStringLiteral("settings.json"); }
    QString filePath() const;

    // A missing file means the defaults (I/O logging on, 30 days), not an error.
    bool load(QString *error = nullptr);
    bool save(QString *error = nullptr) const;

    bool ioLogging() const { return m_ioLogging; }
    void setIoLogging(bool on) { m_ioLogging = on; }
    // 0 keeps requests forever.
    int retentionDays() const { return m_retentionDays; }
    void setRetentionDays(int days) { m_retentionDays = days < 0 ? 0 : days; }

private:
    QString m_dir;
    bool m_ioLogging = true;
    int m_retentionDays = DefaultRetentionDays;
};
