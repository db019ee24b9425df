// SPDX-License-Identifier: GPL-3.0-or-later
#include "logsettings.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

using namespace Qt::StringLiterals;

LogSettings::LogSettings(const QString &workspaceDir)
    : m_dir(workspaceDir)
{}

QString LogSettings::filePath() const
{
    return QDir(m_dir).filePath(fileName());
}

bool LogSettings::load(QString *error)
{
    m_ioLogging = true;
    m_retentionDays = DefaultRetentionDays;
    QFile file(filePath());
    if (!file.exists())
        return true;
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = u"cannot read %1: %2"_s.arg(file.fileName(), file.errorString());
        return false;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (!doc.isObject()) {
        if (error)
            *error = u"%1 is not a JSON object: %2"_s.arg(file.fileName(), parseError.errorString());
        return false;
    }
    const QJsonObject root = doc.object();
    m_ioLogging = root.value(u"io_logging"_s).toBool(true);
    setRetentionDays(root.value(u"log_retention_days"_s).toInt(DefaultRetentionDays));
    return true;
}

bool LogSettings::save(QString *error) const
{
    QJsonObject root;
    QFile existing(filePath());
    if (existing.open(QIODevice::ReadOnly))
        root = QJsonDocument::fromJson(existing.readAll()).object();
    root.insert(u"io_logging"_s, m_ioLogging);
    root.insert(u"log_retention_days"_s, m_retentionDays);
    QDir().mkpath(m_dir);
    QSaveFile file(filePath());
    if (!file.open(QIODevice::WriteOnly) || file.write(QJsonDocument(root).toJson()) < 0 || !file.commit()) {
        if (error)
            *error = u"cannot write %1: %2"_s.arg(file.fileName(), file.errorString());
        return false;
    }
    return true;
}
