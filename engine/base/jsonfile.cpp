// SPDX-License-Identifier: GPL-3.0-or-later
#include "jsonfile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

using namespace Qt::StringLiterals;

std::optional<QJsonDocument> JsonFile::read(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.exists())
        return QJsonDocument();
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = u"cannot read %1: %2"_s.arg(path, file.errorString());
        return std::nullopt;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        if (error)
            *error = u"%1 is not valid JSON: %2"_s.arg(path, parseError.errorString());
        return std::nullopt;
    }
    return doc;
}

bool JsonFile::write(const QString &path, const QJsonDocument &doc, QString *error)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QSaveFile file(path);
    // Private whatever the umask: these files hold a workspace's settings, sessions and keys.
    if (!file.open(QIODevice::WriteOnly) ||
        !file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner) ||
        file.write(doc.toJson()) < 0 || !file.commit()) {
        if (error)
            *error = u"cannot write %1: %2"_s.arg(path, file.errorString());
        return false;
    }
    return true;
}
