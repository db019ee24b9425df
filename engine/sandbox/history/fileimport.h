// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QFuture>
#include <QString>

// What importing one file into a container's home produced.
struct ImportResult
{
    bool ok = false;
    QString hostPath;    // the copy on the host
    QString sandboxPath; // the same file as commands see it: /workspace/home/NAME
    QString fileName;
    qint64 size = 0;
    QString error;
};

// Copies a user's file into a container's home, off the GUI thread; the copy belongs to the sandbox user.
class FileImport
{
public:
    static constexpr auto SandboxHome = "/workspace/home";

    // Checks what can be checked at once (a readable regular file within maxBytes); empty when fine.
    static QString check(const QString &source, qint64 maxBytes);
    // Copies source into homeDir (a free name is chosen when NAME exists: NAME-2.csv), then chowns it to
    // SandboxSettings::sandboxHostUid()/Gid() when running as root. The copy is created through the folder's
    // descriptor with O_EXCL|O_NOFOLLOW and chowned with fchown, so a symlink the sandbox planted is never
    // followed.
    static QFuture<ImportResult> start(const QString &source, const QString &homeDir, qint64 maxBytes);
    static ImportResult run(const QString &source, const QString &homeDir, qint64 maxBytes);
};
