// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

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
    // The copy is in home but could not be recorded in the container's history (ContainerHistory).
    QString historyError;
};

// Copies a user's file into a container's home; the copy belongs to the sandbox user. Run it off the GUI
// thread (ContainerHistory::importFile does, and records the upload).
class FileImport
{
public:
    static constexpr auto SandboxHome = "/workspace/home";

    // Checks what can be checked at once (a readable regular file within maxBytes); empty when fine.
    static QString check(const QString &source, qint64 maxBytes);
    // Copies source into homeDir (a free name is chosen when NAME exists: NAME-2.csv), chowned to
    // SandboxSettings::sandboxHostUid()/Gid() when running as root. The copy is made as an unnamed file
    // (O_TMPFILE) in the folder and linked to its name only when complete, so a command running meanwhile
    // never sees half of it; without O_TMPFILE it is created under its name with O_EXCL|O_NOFOLLOW. Either
    // way it goes through the folder's descriptor and fchown, so a symlink the sandbox planted is never
    // followed.
    static ImportResult run(const QString &source, const QString &homeDir, qint64 maxBytes);
};
