// SPDX-License-Identifier: GPL-3.0-or-later
#include "diskusage.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QPromise>
#include <QThreadPool>

#include <memory>

#include <sys/stat.h>

using namespace Qt::StringLiterals;

namespace {
qint64 allocated(const QString &path)
{
    struct stat st
    {
    };
    if (::lstat(QFile::encodeName(path).constData(), &st) != 0)
        return 0;
    return qint64(st.st_blocks) * 512;
}

// Everything under dir (the directory entries too), without following symlinks.
qint64 treeSize(const QString &dir)
{
    if (!QFileInfo(dir).isDir() || QFileInfo(dir).isSymLink())
        return allocated(dir);
    qint64 sum = allocated(dir);
    QDirIterator it(dir, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        sum += allocated(it.next());
    return sum;
}

DiskUsage::Areas measureWorkspace(const QString &workspaceDir)
{
    DiskUsage::Areas areas;
    const QString containersDir = workspaceDir + u"/containers"_s;
    areas.containers = allocated(containersDir);
    const QStringList ids = QDir(containersDir).entryList(QDir::Dirs | QDir::Hidden | QDir::NoDotAndDotDot);
    for (const QString &id : ids) {
        const QString dir = containersDir + u'/' + id;
        areas.containers += allocated(dir);
        const QStringList entries =
            QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
        for (const QString &entry : entries) {
            const qint64 size = treeSize(dir + u'/' + entry);
            if (entry == u"history.git")
                areas.snapshots += size;
            else
                areas.containers += size;
        }
    }
    areas.documents = treeSize(workspaceDir + u"/documents"_s);
    areas.uploads = treeSize(workspaceDir + u"/files"_s);
    for (const char *suffix : {"", "-wal", "-shm", "-journal"})
        areas.requestLogs += allocated(workspaceDir + u"/logs.sqlite"_s + QLatin1StringView(suffix));
    return areas;
}
} // namespace

qint64 DiskUsage::sizeOnDisk(const QString &path)
{
    return treeSize(path);
}

DiskUsage DiskUsage::measure(const QString &dataDir, const QString &workspace)
{
    DiskUsage usage;
    const QString workspacesDir = dataDir + u"/workspaces"_s;
    const QStringList names = QDir(workspacesDir).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &name : names) {
        const Areas areas = measureWorkspace(workspacesDir + u'/' + name);
        usage.all.containers += areas.containers;
        usage.all.snapshots += areas.snapshots;
        usage.all.documents += areas.documents;
        usage.all.requestLogs += areas.requestLogs;
        usage.all.uploads += areas.uploads;
        if (name == workspace)
            usage.workspace = areas;
        ++usage.workspaceCount;
    }
    usage.dataDirTotal = treeSize(dataDir);
    return usage;
}

QFuture<DiskUsage> DiskUsage::start(const QString &dataDir, const QString &workspace)
{
    auto promise = std::make_shared<QPromise<DiskUsage>>();
    QFuture<DiskUsage> future = promise->future();
    promise->start();
    QThreadPool::globalInstance()->start([promise, dataDir, workspace] {
        promise->addResult(measure(dataDir, workspace));
        promise->finish();
    });
    return future;
}
