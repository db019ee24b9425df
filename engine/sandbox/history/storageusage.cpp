// SPDX-License-Identifier: GPL-3.0-or-later
#include "storageusage.h"

#include <QFile>
#include <QSet>

#include <ftw.h>
#include <sys/stat.h>

namespace {

// nftw() has no user pointer; each walk runs on one thread.
struct Walk
{
    qint64 bytes = 0;
    QSet<QPair<quint64, quint64>> linked; // (dev, ino) of files with several links, counted once
};
thread_local Walk *t_walk = nullptr;

int addEntry(const char *, const struct stat *st, int type, FTW *)
{
    if (type == FTW_NS)
        return 0;
    if (st->st_nlink > 1 && !S_ISDIR(st->st_mode)) {
        const QPair<quint64, quint64> key(quint64(st->st_dev), quint64(st->st_ino));
        if (t_walk->linked.contains(key))
            return 0;
        t_walk->linked.insert(key);
    }
    t_walk->bytes += qint64(st->st_blocks) * 512;
    return 0;
}

} // namespace

qint64 StorageUsage::treeBytes(const QString &dir)
{
    Walk walk;
    Walk *outer = std::exchange(t_walk, &walk);
    nftw(QFile::encodeName(dir).constData(), addEntry, 32, FTW_PHYS);
    t_walk = outer;
    return walk.bytes;
}

qint64 StorageUsage::containerBytes(const QString &homeDir, const QString &gitDir)
{
    return treeBytes(homeDir) + treeBytes(gitDir);
}
