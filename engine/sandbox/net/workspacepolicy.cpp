// SPDX-License-Identifier: GPL-3.0-or-later
#include "workspacepolicy.h"

#include "base/jsonfile.h"

#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace {
constexpr auto PolicyKey = "network_policy"_L1;
}

WorkspacePolicy::WorkspacePolicy(const QString &workspaceDir)
    : m_dir(workspaceDir)
{}

QString WorkspacePolicy::filePath() const
{
    return QDir(m_dir).filePath(fileName());
}

bool WorkspacePolicy::load(QString *error)
{
    m_policy = NetworkPolicy::disabled();
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
    QString why;
    const std::optional<NetworkPolicy> policy = NetworkPolicy::fromJson(doc->object().value(PolicyKey), &why);
    if (!policy) {
        if (error)
            *error = u"%1: %2"_s.arg(filePath(), why);
        return false;
    }
    m_policy = *policy;
    return true;
}

bool WorkspacePolicy::save(QString *error) const
{
    QJsonObject root = JsonFile::read(filePath(), nullptr).value_or(QJsonDocument()).object();
    root.insert(PolicyKey, m_policy.toJson());
    return JsonFile::write(filePath(), QJsonDocument(root), error);
}
