// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QList>
#include <QString>

// The files an Anthropic code-execution call (bash, or code_execution_20250522's Python) created or changed
// in the container's home, copied into the workspace's UploadStore so that each result block can name
// them by file_id and the Files API downloads them, as Anthropic's code-execution results do. Found by
// comparing a listing taken before the call with one taken after; read on the host, never through a
// symlink. Hidden entries (dot files and dot folders: shell history, caches, Sandbench's own folder) are
// not the code's outputs and are left out.
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

// Regular, non-hidden files under homeDir (and its direct subfolders) with their modification times (ns).
QHash<QString, qint64> listing(const QString &homeDir);
// The files new or changed since before, sorted by path, copied into the UploadStore of workspaceDir within
// the limits (and *budgetBytes, lowered by what was stored). Blocking file I/O: call it off the event loop.
QList<CodeFile> storeChangedSince(const QHash<QString, qint64> &before, const QString &homeDir,
                                  const QString &workspaceDir, const QString &containerId,
                                  qint64 *budgetBytes);
} // namespace CodeFiles
