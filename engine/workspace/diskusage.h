// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QFuture>
#include <QString>

// What a data dir uses on disk, by area, for the workspace shown and for all of them together. Measured on
// a pool thread (like `du`: allocated blocks, symlinks not followed) because a data dir can hold millions
// of files.
struct DiskUsage
{
    struct Areas
    {
        qint64 containers = 0;  // container files (home, meta, logs) without their history
        qint64 snapshots = 0;   // history.git of each container
        qint64 documents = 0;   // promoted documents
        qint64 requestLogs = 0; // logs.sqlite with its journal files
        qint64 uploads = 0;     // files that came in through the Files APIs (UploadStore)
        qint64 total() const { return containers + snapshots + documents + requestLogs + uploads; }
    };

    Areas workspace;
    Areas all;
    qint64 dataDirTotal = 0; // everything under the data dir, including settings and keys
    int workspaceCount = 0;

    static DiskUsage measure(const QString &dataDir, const QString &workspace);
    // What path (a file, or a folder with everything in it) takes on disk, symlinks not followed.
    static qint64 sizeOnDisk(const QString &path);
    static QFuture<DiskUsage> start(const QString &dataDir, const QString &workspace);
};
