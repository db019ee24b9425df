// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

class QFile;

struct ContainerFile
{
    QString id;   // "cfile_" + base64url(relative path), no padding
    QString path; // relative to /workspace/home
    qint64 size = 0;
    qint64 mtimeMs = 0;
    // The file's identity as listed (see FileOrigins): device, inode and status-change time.
    quint64 device = 0;
    quint64 inode = 0;
    qint64 ctimeNs = 0;
};

struct ContainerFilePage
{
    QList<ContainerFile> files;
    bool hasMore = false;
};

struct ContainerFileStat
{
    ContainerFile file;
    QString sha256; // hex; empty unless asked for
};

struct PromotedDocument
{
    QString id; // "doc_" + 24 random [A-Za-z0-9]
    QString filename;
    qint64 size = 0;
    QString sha256;
    QString contentPath; // documentsDir/<id>/content
    QString metaPath;    // documentsDir/<id>/meta.json
};

// Why a FileStore call failed, for the status an API answers with.
enum class FileStoreError { None, NotFound, Cancelled, QuotaExceeded, Io };

// Polled by long reads and copies between chunks; true ends the work (client gone, container removed).
using FileStoreCancel = std::function<bool()>;

// The Files API (SPEC 1.4) over one container's home dir. Every path is resolved below home with
// openat2(RESOLVE_BENEATH) (or a no-symlink walk), so "..", absolute paths and symlinks leading out of
// home (to host files, to another container) are refused.
class FileStore
{
public:
    static constexpr int kDefaultLimit = 100;
    static constexpr int kMaxLimit = 1000;
    static constexpr qint64 kMaxReadBytes = 16 * 1024 * 1024;
    // Folders nested deeper than this below home are not listed.
    static constexpr int kMaxListDepth = 64;

    explicit FileStore(const QString &homeDir);

    static QString fileIdForPath(const QByteArray &relativePath);
    // Decodes and validates an id; the error says why it is refused.
    static std::optional<QByteArray> pathForFileId(const QString &fileId, QString *error);

    // Regular files below home in byte order of their paths; after is the id of the last file of the
    // previous page (empty for the first page). limit: 1..1000. Files more than kMaxListDepth folders deep
    // are left out.
    std::optional<ContainerFilePage> list(int limit, const QString &after, QString *error) const;
    // The hash covers the size fstat gave when the file was opened (never more, however the file grows);
    // holes count as zeros and are not read.
    std::optional<ContainerFileStat> stat(const QString &fileId, bool withSha256, QString *error,
                                          const FileStoreCancel &cancelled = {},
                                          FileStoreError *kind = nullptr) const;
    // At most maxBytes (1..16 MiB) from offset, never past the size the file had when it was opened.
    std::optional<QByteArray> read(const QString &fileId, qint64 offset, qint64 maxBytes,
                                   QString *error) const;
    // An open read-only device on the file for streaming downloads.
    std::unique_ptr<QFile> openContent(const QString &fileId, QString *error) const;
    // Copies the file into documentsDir as a new document; extraMeta (container id, workspace...) is
    // stored in its meta.json under "source". Refused when the documents would pass the quota of the
    // workspace settings beside documentsDir (WorkspaceSettings). Holes stay holes, data is copied with
    // copy_file_range; the sha256 is of what was written. Cancelled or failed, it leaves no document behind.
    std::optional<PromotedDocument> promote(const QString &fileId, const QString &documentsDir,
                                            const QJsonObject &extraMeta, QString *error,
                                            const FileStoreCancel &cancelled = {},
                                            FileStoreError *kind = nullptr) const;
    // The apparent sizes of a documents folder's contents added up (what the quota counts).
    static qint64 documentsUsage(const QString &documentsDir);
    // Copies the file to destination on the host (atomically replacing it); returns the bytes copied. A file
    // that grows meanwhile is copied up to the size it had when it was opened.
    std::optional<qint64> saveCopy(const QString &fileId, const QString &destination, QString *error) const;

private:
    int openFile(const QString &fileId, QByteArray *path, QString *error,
                 FileStoreError *kind = nullptr) const;

    QString m_homeDir;
};
