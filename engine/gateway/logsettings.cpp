// SPDX-License-Identifier: GPL-3.0-or-later
#include "logsettings.h"

#include "base/jsonfile.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

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
    const std::optional<QJsonDocument> doc = JsonFile::read(filePath(), error);
    if (!doc)
        return false;
    if (doc->isNull())
        return true;
    if (!doc->isObject()) {
        if (error)
            *error = u"%1 must hold a JSON object"_s.arg(filePath());
        return false;
    }
    const QJsonObject root = doc->object();
    m_ioLogging = root.value(u"io_logging"_s).toBool(true);
    setRetentionDays(root.value(u"log_retention_days"_s).toInt(DefaultRetentionDays));
    return true;
}

bool LogSettings::save(QString *error) const
{
    // Keys this class does not know stay as they are.
    QJsonObject root = JsonFile::read(filePath(), nullptr).value_or(QJsonDocument()).object();
    root.insert(u"io_logging"_s, m_ioLogging);
    root.insert(u"log_retention_days"_s, m_retentionDays);
    return JsonFile::write(filePath(), QJsonDocument(root), error);
}
