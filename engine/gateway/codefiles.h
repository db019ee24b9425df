// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QList>
#include <QMutex>
#include <QString>

#include <atomic>

// The files an Anthropic code-execution call (bash, or code_execution_20250522's Python) created or changed
// in the container's home, copied into the workspace's UploadStore so that each result block can name
// them by file_id and the Files API downloads them, as Anthropic's code-execution results do. Found by
// comparing a listing taken before the call with one taken after; read on the host, never through a
// symlink. Hidden entries (dot files and dot folders: shell history, caches, Sandbench's own folder) are
// not the code's outputs and are left out, but for a Python call the figures it showed (plt.show(), a
// displayed image: PNG files the kernel saves under CodeImages::FiguresDir, as OpenAI's results carry them
// as images) are: Anthropic's results carry no images, only files.
struct CodeFile
{
    QString path;  // inside the container, e.g. /workspace/home/summary.txt
    QString token; // the UploadStore token (Anthropic shows it as file_TOKEN)
    qint64 bytes = 0;
};

namespace CodeFiles {
// Limits: entries looked at per listing (home and its direct subfolders), files stored per call, the size
// of one file (a larger one is left out), and what one request may store over all its calls.
constexpr int MaxScannedEntries = 2000;
constexpr int MaxFiles = 16;
constexpr qint64 MaxFileBytes = 64 * 1024 * 1024;
constexpr qint64 MaxRequestBytes = 256 * 1024 * 1024;

// Regular, non-hidden files under homeDir (and its direct subfolders) with their modification times (ns);
// withFigures adds the PNG files in CodeImages::FiguresDir.
QHash<QString, qint64> listing(const QString &homeDir, bool withFigures = false);
// The files new or changed since before, sorted by path, copied into the UploadStore of workspaceDir within
// the limits (and *budgetBytes, lowered by what was stored). Blocking file I/O: call it off the event loop.
// Once *cancel is true no further file is stored and a copy under way stops (the caller deletes what was
// stored already: Batch). withFigures as for listing (the listing before was taken with it).
QList<CodeFile> storeChangedSince(const QHash<QString, qint64> &before, const QString &homeDir,
                                  const QString &workspaceDir, const QString &containerId,
                                  qint64 *budgetBytes, const std::atomic<bool> *cancel = nullptr,
                                  bool withFigures = false);

// The files one call stored, on their way to the answer that names them. Shared by the thread that stores
// them and the request: when the request lets go without having taken them (the client left, the request
// failed or ended meanwhile) it cancels the copy, and whatever was stored is deleted again when the last
// owner lets go, so no stored file stays that no client was told of.
class Batch
{
public:
    explicit Batch(const QString &workspaceDir);
    ~Batch(); // deletes what was stored and not taken
    Batch(const Batch &) = delete;
    Batch &operator=(const Batch &) = delete;

    // The storing thread: what it stored (deleted at once when the batch was cancelled meanwhile).
    void stored(const QList<CodeFile> &files);
    // The request: the files, now its own (the batch forgets them).
    QList<CodeFile> take();
    void cancel() { m_cancel.store(true, std::memory_order_release); }
    const std::atomic<bool> *cancelFlag() const { return &m_cancel; }

private:
    void removeAll();

    QString m_workspaceDir;
    std::atomic<bool> m_cancel{false};
    QMutex m_mutex;
    QList<CodeFile> m_files;
};
} // namespace CodeFiles
