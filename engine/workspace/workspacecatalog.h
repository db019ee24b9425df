// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>

// The workspaces of one data dir (DATA/workspaces/<name>, the layout of SandboxSettings) for the Settings
// dialog and the GUI's start-up: lists them, creates one, and remembers in DATA/gui.json which one the
// GUI opens when it is started without --workspace.
class WorkspaceCatalog
{
    Q_DECLARE_TR_FUNCTIONS(WorkspaceCatalog)

public:
    explicit WorkspaceCatalog(const QString &dataDir);

    // The rule every command applies to --workspace, in words for the user.
    static bool isValidName(const QString &name);
    static QString nameRule();

    // Valid names only, sorted; "default" is listed even before it exists on disk.
    QStringList list() const;
    bool exists(const QString &name) const;
    // Creates DATA/workspaces/<name>; false with a message for the user when the name is invalid or taken.
    bool create(const QString &name, QString *error) const;

    // The workspace the GUI opens at start: the stored choice while it is valid, else "default".
    QString startWorkspace() const;
    bool setStartWorkspace(const QString &name, QString *error) const;

private:
    QString workspacesDir() const;
    QString configPath() const;

    QString m_dataDir;
};
