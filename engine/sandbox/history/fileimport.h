// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <memory>
#include <sys/stat.h>

// The person's file an import copied from, kept open so the history can store the upload from it after the
// copy is already usable (SnapshotStore::commitUpload): home's copy may be changed by commands by then, the
// original only by the person, which its stat shows (see stillAsCopied()).
struct ImportOrigin
{
    ImportOrigin() = default;
    ImportOrigin(const ImportOrigin &) = delete;
    ImportOrigin &operator=(const ImportOrigin &) = delete;
    ~ImportOrigin();

    int fd = -1;             // the source, read-only
    struct stat source = {}; // fstat of fd before the copy was made
    qint64 copyStartNs = 0;  // CLOCK_REALTIME just before that fstat
    qint64 size = 0;         // bytes copied into home
    dev_t homeDev = 0;       // the copy in home as it was when complete
    ino_t homeIno = 0;
    struct timespec homeMtime = {};
    // The source's stat cannot change unseen: it is a file Sandbench stored and never writes again (a stored
    // upload, ImportSource::StoredFile). stillAsCopied() then needs no racy window.
    bool settled = false;

    // True when fd still holds what was copied: same file, size, mtime and ctime as before the copy, and that
    // ctime was older than the copy by more than racyWindowNs (a change within the same clock tick as the
    // first fstat would not show in the ctime).
    bool stillAsCopied(qint64 racyWindowNs) const;
};

// What an import's source is, which decides how it gets into home.
enum class ImportSource {
    PersonsFile, // a file a person may change at any time: copied
    StoredFile,  // a file Sandbench stored and never writes again (UploadStore's content): copied
    Spool, // a complete spool of the server's that nothing writes any more: moved into home (a hard link of
           // the same file, no copy) when both are on one file system, else copied
};

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
    // Set by run() when the copy was made from a regular file's descriptor (see ImportOrigin).
    std::shared_ptr<const ImportOrigin> origin;
    // The source (a spool) became home's file itself: nothing was copied and there is no origin.
    bool moved = false;
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
    // name: the file's name in home (one element, already sanitised); empty: the source's own name.
    // kind: see ImportSource; a spool is handed to the sandbox user (and made 0644) before it is linked.
    static ImportResult run(const QString &source, const QString &homeDir, qint64 maxBytes,
                            const QString &name = {}, ImportSource kind = ImportSource::PersonsFile);
};
