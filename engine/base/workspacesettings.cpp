// SPDX-License-Identifier: GPL-3.0-or-later
#include "workspacesettings.h"

#include "jsonfile.h"

using namespace Qt::StringLiterals;

static const QString kDocumentsQuota = u"documents_quota_bytes"_s;

WorkspaceSettings::WorkspaceSettings(const QString &workspaceDir)
    : m_dir(workspaceDir)
{}

QString WorkspaceSettings::filePath() const
{
    return m_dir + u'/' + fileName();
}

bool WorkspaceSettings::load(QString *error)
{
    const std::optional<QJsonDocument> doc = JsonFile::read(filePath(), error);
    if (!doc)
        return false;
    m_json = doc->object();
    return true;
}

bool WorkspaceSettings::save(QString *error) const
{
    return JsonFile::write(filePath(), QJsonDocument(m_json), error);
}

qint64 WorkspaceSettings::documentsQuotaBytes() const
{
    const QJsonValue v = m_json.value(kDocumentsQuota);
    // A negative or non-numeric value cannot lift the limit.
    const double bytes = v.toDouble(-1);
    return v.isDouble() && bytes >= 0 ? qint64(bytes) : DefaultDocumentsQuotaBytes;
}

void WorkspaceSettings::setDocumentsQuotaBytes(qint64 bytes)
{
    m_json.insert(kDocumentsQuota, double(bytes));
}
