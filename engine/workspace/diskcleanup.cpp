// SPDX-License-Identifier: GPL-3.0-or-later
#include "diskcleanup.h"

#include "conversationstore.h"
#include "diskusage.h"
#include "gateway/requestlog.h"
#include "sandbox/history/containerregistry.h"
#include "sandbox/history/uploadstore.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>

using namespace Qt::StringLiterals;

qint64 DiskCleanup::requestLogBytes(const QString &workspaceDir)
{
    qint64 bytes = 0;
    for (const char *suffix : {"", "-wal", "-shm", "-journal"})
        bytes += DiskUsage::sizeOnDisk(workspaceDir + u"/logs.sqlite"_s + QLatin1StringView(suffix));
    return bytes;
}

DiskCleanup::Plan DiskCleanup::planOldRequests(const QString &workspaceDir, qint64 cutoffMs)
{
    Plan plan;
    plan.action = Action::OldRequests;
    plan.cutoffMs = cutoffMs;
    const QString path = workspaceDir + u"/logs.sqlite"_s;
    if (!QFileInfo::exists(path))
        return plan;
    // A reader of its own on this thread (WAL lets it read beside the window's writer).
    RequestLog viewer;
    if (!viewer.openExisting(path, &plan.error))
        return plan;
    LogFilter old;
    old.to = QDateTime::fromMSecsSinceEpoch(cutoffMs);
    const qint64 total = viewer.count(LogFilter());
    const qint64 count = viewer.count(old);
    plan.items = int(qMin<qint64>(count, std::numeric_limits<int>::max()));
    // SQLite does not say what a row takes; the old requests' share of the file is a fair estimate.
    plan.bytes =
        total > 0 ? qint64(double(requestLogBytes(workspaceDir)) * double(count) / double(total)) : 0;
    return plan;
}

DiskCleanup::Outcome DiskCleanup::runOldRequests(const QString &workspaceDir, RequestLog *log,
                                                 const Plan &plan)
{
    Outcome outcome;
    if (!log) {
        outcome.error = u"the request log is not open"_s;
        return outcome;
    }
    const qint64 before = requestLogBytes(workspaceDir);
    outcome.removed = log->deleteBefore(plan.cutoffMs);
    outcome.freedBytes = qMax<qint64>(0, before - requestLogBytes(workspaceDir));
    return outcome;
}

DiskCleanup::Plan DiskCleanup::planUploads(const QString &workspaceDir)
{
    Plan plan;
    plan.action = Action::Uploads;
    const UploadStore store(workspaceDir);
    for (const StoredFile &file : store.list()) {
        plan.ids.append(file.token);
        plan.sizes.append(DiskUsage::sizeOnDisk(store.dir() + u'/' + file.token));
        plan.bytes += plan.sizes.constLast();
    }
    plan.items = int(plan.ids.size());
    return plan;
}

DiskCleanup::Outcome DiskCleanup::runUploads(const QString &workspaceDir, const Plan &plan)
{
    Outcome outcome;
    UploadStore store(workspaceDir);
    for (const QString &token : plan.ids) {
        // Only what the plan named and is still a stored file: a token is 24 letters and digits.
        if (!UploadStore::isValidToken(token))
            continue;
        const qint64 size = DiskUsage::sizeOnDisk(store.dir() + u'/' + token);
        QString error;
        if (store.remove(token, &error)) {
            ++outcome.removed;
            outcome.freedBytes += size;
        } else if (outcome.error.isEmpty()) {
            outcome.error = error;
        }
    }
    return outcome;
}

QSet<QString> DiskCleanup::conversationContainers(const QString &dataDir, const QString &workspace)
{
    QSet<QString> ids;
    ConversationStore store(dataDir, workspace);
    for (const StoredConversation &c : store.load())
        if (!c.containerId.isEmpty())
            ids.insert(c.containerId);
    return ids;
}

DiskCleanup::Plan DiskCleanup::planUnusedContainers(const QString &dataDir, const QString &workspace,
                                                    const QSet<QString> &inUse)
{
    Plan plan;
    plan.action = Action::UnusedContainers;
    const ContainerRegistry registry(dataDir);
    for (const ContainerMeta &meta : registry.list(workspace)) {
        if (inUse.contains(meta.id))
            continue;
        plan.ids.append(meta.id);
        plan.sizes.append(DiskUsage::sizeOnDisk(registry.containerDir(workspace, meta.id)));
        plan.bytes += plan.sizes.constLast();
    }
    plan.items = int(plan.ids.size());
    return plan;
}
