// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sandbox/history/containerhistory.h"
#include "sandbox/history/filestore.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QPair>
#include <QPointer>
#include <QString>

#include <optional>

// A container's home read for MCP (read_file, list_files, resources): through FileStore, whose openat2
// (RESOLVE_BENEATH) never leaves home. Blocking: call it on a worker thread.
namespace McpFiles {

struct Read
{
    QString error; // empty when read
    bool notFound = false;
    QByteArray data;
    qint64 size = 0;
    bool isText = false;
    QString mimeType;
};

struct Listing
{
    QString error;
    QList<ContainerFile> files;
    bool truncated = false;
};

// The file at relativePath below home, up to maxBytes (a larger file is refused with a hint).
Read read(const QString &home, const QString &relativePath, qint64 maxBytes);
// Regular files below home whose path starts with prefix ("" for all, else "dir/"), at most maxEntries.
Listing list(const QString &home, const QString &prefix, int maxEntries);
// Regular files of home and its direct subfolders (no symlink followed) with their size and modification
// time (ns), at most maxEntries looked at: taken before and after a command to name the files it created or
// changed. Cheap enough for the event loop at this bound.
QHash<QString, QPair<qint64, qint64>> snapshot(const QString &home, int maxEntries = 2000);
// The last snapshot() of a few containers' homes, each with its history's homeWrites() as it was taken: a
// shell call on a container that nothing wrote to since (a call of commands that changed no file) reuses it
// instead of reading home again. Event-loop thread only.
class HomeScans
{
public:
    using Files = QHash<QString, QPair<qint64, qint64>>;
    static constexpr int MaxContainers = 8;

    // home's files as they are now: the kept snapshot while history says nothing wrote to home since, else a
    // new one (kept). Without a history, always a new one.
    Files current(const QString &containerId, ContainerHistory *history, const QString &home);
    // Keeps files, a snapshot taken when history's homeWrites() was writes, as containerId's.
    void keep(const QString &containerId, ContainerHistory *history, quint64 writes, const Files &files);

private:
    struct Entry
    {
        QPointer<ContainerHistory> history;
        quint64 writes = 0;
        Files files;
        quint64 used = 0;
    };
    QHash<QString, Entry> m_entries;
    quint64 m_clock = 0;
};

// The paths of after that are new or changed since before, sorted, at most max.
QStringList changed(const QHash<QString, QPair<qint64, qint64>> &before,
                    const QHash<QString, QPair<qint64, qint64>> &after, int max);
// sandbench://containers/<id>/files/<path> with each part of the path percent-encoded.
QString uri(const QString &containerId, const QString &relativePath);
// The container id and relative path of such a URI; nullopt when it is not one.
std::optional<std::pair<QString, QString>> parseUri(const QString &uri, QString *error);

} // namespace McpFiles
