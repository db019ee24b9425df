// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArrayView>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <atomic>
#include <memory>
#include <optional>

// One file a client uploaded through a Files API (OpenAI's, Anthropic's, Google's), kept in its workspace.
struct StoredFile
{
    QString token;    // 24 random [a-z0-9]; each API shows it with its own prefix (file-, file_, files/)
    QString filename; // sanitised (UploadStore::sanitizeName)
    qint64 bytes = 0;
    qint64 createdMs = 0;
    qint64 expiresMs = 0; // 0: never
    QString purpose;      // OpenAI's purpose; "" for the others
    QString mimeType;
    QString api;         // "openai", "anthropic", "gemini": which Files API took it in
    QString displayName; // Gemini's display_name
    QJsonObject extra;   // anything else an API wants back (source container and path of a code's file)

    QJsonObject toJson() const;
    static std::optional<StoredFile> fromJson(const QJsonObject &json);
};

// Why an UploadStore call failed, for the status an API answers with.
enum class UploadError { None, NotFound, TooLarge, QuotaExceeded, BadName, Io };

// The uploaded files of one workspace: DATA/workspaces/<ws>/files/<token>/content + meta.json (written
// atomically, last: a folder without meta.json is an interrupted upload and is not listed). A file is
// written as a spool (files/.incoming/<random>) while its bytes arrive, in constant memory, and moved into
// place only once complete and within the limits. Tokens are 24 random letters and digits (124 bits), and
// only a token of that form ever becomes a path, so no id reaches another workspace or another folder.
// The files count against the workspace's documents quota (documents_quota_bytes) with its documents.
class UploadStore
{
public:
    static constexpr int TokenLength = 24;
    static constexpr int MaxNameBytes = 255;

    explicit UploadStore(const QString &workspaceDir);

    // A client's file name as a single safe name: the last path element (a browser may send C:\x\y.csv),
    // control characters and '/' dropped, ".", ".." and empty names replaced by fallback, at most
    // MaxNameBytes bytes of UTF-8 (the extension kept).
    static QString sanitizeName(const QString &name, const QString &fallback = QStringLiteral("upload"));
    static bool isValidToken(QStringView token);
    // The token inside an API's id ("file-TOKEN", "file_TOKEN", "files/TOKEN", or the bare token); empty
    // when id has none of these forms.
    static QString tokenOf(const QString &id);

    // A file being received. Not thread-safe; one owner.
    class Spool
    {
    public:
        ~Spool(); // an uncommitted spool is deleted
        bool write(QByteArrayView bytes, QString *error);
        // n bytes were written at the end through fd() by the caller (splice).
        void appended(qint64 n) { m_size += n; }
        // Cuts the spool to size bytes (no more than it has); the next write() goes on from there.
        bool truncate(qint64 size, QString *error);
        qint64 size() const { return m_size; }
        int fd() const { return m_fd; }
        QString path() const { return m_path; }

    private:
        friend class UploadStore;
        Spool() = default;
        int m_fd = -1;
        QString m_path;
        qint64 m_size = 0;
    };

    // Starts a spool; fails when the folder cannot be made.
    std::unique_ptr<Spool> beginSpool(QString *error);
    // Moves a complete spool into place as a new file (meta.token and bytes are filled in). Refused with
    // QuotaExceeded when the workspace's files and documents would pass its quota.
    std::optional<StoredFile> commit(std::unique_ptr<Spool> spool, StoredFile meta, QString *error,
                                     UploadError *kind = nullptr);
    // Copies a file of the host (a container's file, opened safely by the caller) in as a new stored file.
    // While *cancel is true the copy stops (and nothing of it stays).
    std::optional<StoredFile> addFromFd(int fd, StoredFile meta, QString *error, UploadError *kind = nullptr,
                                        const std::atomic<bool> *cancel = nullptr);

    std::optional<StoredFile> find(const QString &token) const;
    // Newest first.
    QList<StoredFile> list() const;
    // The content file of a stored file (empty when there is none).
    QString contentPath(const QString &token) const;
    // Deletes the content and the metadata (moved aside, then removed): false when there was no such file.
    bool remove(const QString &token, QString *error);
    // Bytes the stored files (and spools) take.
    qint64 usage() const;
    // Whether adding bytes would pass the workspace's quota (its files, documents and the uploads being
    // received); message says so when it would, with what was asked for, what is used and the limit.
    // atLeast: bytes is a lower bound of the size (a form's file judged from the form's length).
    bool fitsQuota(qint64 bytes, QString *message, bool atLeast = false) const;

    QString dir() const { return m_dir; }

private:
    struct Usage
    {
        qint64 stored = 0;    // the stored files
        qint64 receiving = 0; // the spools of uploads being received
    };
    // The spool at spoolPath (the upload being judged) is left out.
    Usage usageExcept(const QString &spoolPath) const;
    bool fitsQuota(qint64 bytes, QString *message, const QString &spoolPath, bool atLeast) const;

    QString m_workspaceDir;
    QString m_dir;
};
