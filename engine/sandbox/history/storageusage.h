// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

// What counts against a container's storage limit (SPEC 1.6, ResourceLimits::storageBytes): the allocated
// size of its home plus its history.git. The watchdog and history's own pruning use this one definition.
// Walks the trees (can take a while for millions of files): call it on a worker thread.
namespace StorageUsage {
// Allocated blocks under dir, like `du -s`: symlinks not followed, a file with several links counted once,
// unreadable entries skipped. 0 when dir does not exist.
qint64 treeBytes(const QString &dir);
qint64 containerBytes(const QString &homeDir, const QString &gitDir);
} // namespace StorageUsage
