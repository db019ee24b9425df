// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QString>

struct ContainerFile;

// Which files of a container's home came in through an upload (a person's file, an API's file_ids, a
// container_upload, a Gemini file part): OpenAI's container file "source", "user" for those and "assistant"
// for what the code wrote. The record is a file beside the container's history (containerDir/
// file-origins.json), outside home: commands can neither read nor write it, and it survives a restart.
// Each entry is the identity the file had when it arrived: device, inode and status-change time (ctime).
// Every write, truncate, rename, chmod or utimes a command makes sets the ctime to the current time, which
// nothing unprivileged can set back, so a file the code wrote or overwrote no longer matches its entry (and
// a new file under an uploaded name never does): it is the assistant's. An xattr or a file in home would be
// the container's to forge.
class FileOrigins
{
public:
    // A record larger than this is not read (it is written by this class, a few entries per upload).
    static constexpr qint64 kMaxRecordBytes = 4 * 1024 * 1024;
    // The most entries kept; the oldest go first.
    static constexpr int kMaxEntries = 10000;

    struct Identity
    {
        quint64 device = 0;
        quint64 inode = 0;
        qint64 ctimeNs = 0;
        qint64 recordedMs = 0; // when the upload was recorded, for dropping the oldest
        bool operator==(const Identity &) const = default;
    };

    // containerDir: the container's folder (ContainerRegistry::containerDir), the parent of home and of its
    // history. An empty one records and knows nothing.
    explicit FileOrigins(const QString &containerDir);
    // The record's place for a container whose history is gitDir (ContainerHistory knows that one).
    static QString containerDirOfHistory(const QString &gitDir);

    // Reads the record; a missing one is empty, an unreadable or damaged one is empty and says why.
    bool load(QString *error = nullptr);
    // Records home's file relativePath, as it is now, as a user's upload (opened below homeDir without
    // following links), and drops entries of files that no longer match. Writes the record atomically.
    bool recordUpload(const QString &homeDir, const QString &relativePath, QString *error);

    // "user" when the file as listed is still the upload recorded for its path, else "assistant".
    QString sourceOf(const ContainerFile &file) const;
    bool isUpload(const QString &relativePath, const Identity &identity) const;
    int size() const { return int(m_entries.size()); }
    QString path() const { return m_path; }

private:
    bool save(QString *error) const;

    QString m_path;
    QHash<QString, Identity> m_entries; // by path relative to home
};
