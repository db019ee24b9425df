// SPDX-License-Identifier: GPL-3.0-or-later
#include "workspacecatalog.h"

#include "base/jsonfile.h"
#include "sandbox/containermanager.h"

#include <QDir>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace {
const QString DefaultWorkspace = u"default"_s;
constexpr auto StartKey = "start_workspace"_L1;
} // namespace

WorkspaceCatalog::WorkspaceCatalog(const QString &dataDir)
    : m_dataDir(dataDir)
{}

bool WorkspaceCatalog::isValidName(const QString &name)
{
    // The same rule as the command line's --workspace (1 to 40 characters), so every workspace made here
    // can also be used from `sandbench exec` and `serve`.
    return ContainerManager::isValidId(name);
}

QString WorkspaceCatalog::nameRule()
{
    return tr("Use 1 to 40 characters: letters A–Z and a–z, digits 0–9, underscore (_) and hyphen (-).");
}

QString WorkspaceCatalog::workspacesDir() const
{
    return m_dataDir + u"/workspaces"_s;
}

QString WorkspaceCatalog::configPath() const
{
    return m_dataDir + u"/gui.json"_s;
}

QStringList WorkspaceCatalog::list() const
{
    QStringList names{DefaultWorkspace};
    const QStringList entries = QDir(workspacesDir()).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &name : entries) {
        if (isValidName(name) && !names.contains(name))
            names.append(name);
    }
    names.sort(Qt::CaseInsensitive);
    return names;
}

bool WorkspaceCatalog::exists(const QString &name) const
{
    return isValidName(name) && (name == DefaultWorkspace || QDir(workspacesDir() + u'/' + name).exists());
}

bool WorkspaceCatalog::create(const QString &name, QString *error) const
{
    const auto fail = [error](const QString &message) {
        if (error)
            *error = message;
        return false;
    };
    if (name.isEmpty())
        return fail(tr("Enter a name for the new workspace. %1").arg(nameRule()));
    if (!isValidName(name))
        return fail(tr("\u201c%1\u201d cannot be a workspace name. %2").arg(name, nameRule()));
    // Names differ only by case on some file systems; refusing those keeps every platform the same.
    for (const QString &existing : list()) {
        if (existing.compare(name, Qt::CaseInsensitive) == 0)
            return fail(tr("A workspace named \u201c%1\u201d already exists.").arg(existing));
    }
    if (!QDir().mkpath(workspacesDir() + u'/' + name))
        return fail(
            tr("Cannot create the folder %1.").arg(QDir::toNativeSeparators(workspacesDir() + u'/' + name)));
    return true;
}

QString WorkspaceCatalog::startWorkspace() const
{
    const std::optional<QJsonDocument> doc = JsonFile::read(configPath(), nullptr);
    const QString stored = doc ? doc->object().value(StartKey).toString() : QString();
    return exists(stored) ? stored : DefaultWorkspace;
}

bool WorkspaceCatalog::setStartWorkspace(const QString &name, QString *error) const
{
    if (!exists(name)) {
        if (error)
            *error = tr("There is no workspace named \u201c%1\u201d.").arg(name);
        return false;
    }
    QString writeError;
    std::optional<QJsonDocument> doc = JsonFile::read(configPath(), &writeError);
    QJsonObject object = doc ? doc->object() : QJsonObject();
    object.insert(StartKey, name);
    if (!JsonFile::write(configPath(), QJsonDocument(object), &writeError)) {
        if (error)
            *error = writeError;
        return false;
    }
    return true;
}
