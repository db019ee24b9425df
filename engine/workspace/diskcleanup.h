// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSet>
#include <QString>
#include <QStringList>

class RequestLog;

// The clean-up actions of Settings → Data & Disk Use. Each is planned first — what would be deleted and how
// much disk that frees, measured as DiskUsage measures — so the person confirms a true sentence, then run on
// exactly what the plan named. Plans and runs read and delete files: call them on a worker thread.
class DiskCleanup
{
public:
    enum class Action {
        OldRequests,      // the request log's requests older than a number of days
        UnusedContainers, // containers no saved conversation uses and that are not awake
        Uploads           // the files that came in through the Files APIs (UploadStore)
    };

    struct Plan
    {
        Action action = Action::OldRequests;
        int items = 0;       // requests, containers or files
        qint64 bytes = 0;    // what deleting them frees (OldRequests: their share of the log file, estimated)
        QStringList ids;     // UnusedContainers: container ids; Uploads: tokens
        QList<qint64> sizes; // the bytes of each of ids
        qint64 cutoffMs = 0; // OldRequests: requests logged before this
        QString error;
    };

    struct Outcome
    {
        int removed = 0;
        qint64 freedBytes = 0; // measured: the area's size before minus after
        QString error;
    };

    // workspaceDir: DATA/workspaces/<ws>.
    static Plan planOldRequests(const QString &workspaceDir, qint64 cutoffMs);
    static Plan planUploads(const QString &workspaceDir);
    // inUse: ids of containers to keep (the saved conversations' and the awake ones).
    static Plan planUnusedContainers(const QString &dataDir, const QString &workspace,
                                     const QSet<QString> &inUse);

    // log: the workspace's open log (its writer deletes; this waits for it).
    static Outcome runOldRequests(const QString &workspaceDir, RequestLog *log, const Plan &plan);
    static Outcome runUploads(const QString &workspaceDir, const Plan &plan);

    // The bytes the request log's files take (the database, its WAL and journal).
    static qint64 requestLogBytes(const QString &workspaceDir);
    // The container ids saved conversations of the workspace use (read from their files).
    static QSet<QString> conversationContainers(const QString &dataDir, const QString &workspace);
};
