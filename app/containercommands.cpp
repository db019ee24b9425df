// SPDX-License-Identifier: GPL-3.0-or-later
#include "containercommands.h"
#include "cliutil.h"

#include "sandbox/containermanager.h"
#include "sandbox/history/containerregistry.h"
#include "sandbox/history/fileorigins.h"
#include "sandbox/history/filestore.h"
#include "sandbox/history/safefs.h"
#include "sandbox/history/snapshotstore.h"
#include "sandbox/sandboxsettings.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>

using namespace Qt::StringLiterals;

namespace {

void printJson(const QJsonValue &value)
{
    const QByteArray bytes = value.isArray()
                                 ? QJsonDocument(value.toArray()).toJson(QJsonDocument::Indented)
                                 : QJsonDocument(value.toObject()).toJson(QJsonDocument::Indented);
    fwrite(bytes.constData(), 1, size_t(bytes.size()), stdout);
    fflush(stdout);
}

QString usage()
{
    return u"Usage: sandbench containers list [--json]\n"
           "       sandbench containers files ID [--limit N] [--after FILE_ID] [--json]\n"
           "       sandbench containers history ID [--limit N] [--json]\n"
           "       sandbench containers promote ID PATH [--json]\n"
           "       sandbench containers rm ID\n"
           "Every action takes --data-dir DIR and --workspace NAME; containers of other workspaces are never "
           "reached.\n"_s;
}

QString isoTime(qint64 ms)
{
    return ms > 0 ? QDateTime::fromMSecsSinceEpoch(ms).toString(Qt::ISODate) : u"-"_s;
}

QString kindName(ChangeKind kind)
{
    switch (kind) {
    case ChangeKind::Added:
        return u"added"_s;
    case ChangeKind::Modified:
        return u"modified"_s;
    case ChangeKind::Deleted:
        return u"deleted"_s;
    }
    return {};
}

QJsonObject changeJson(const FileChange &c)
{
    QJsonObject o{{u"path"_s, c.path}, {u"change"_s, kindName(c.kind)}};
    if (c.oldSize >= 0)
        o.insert(u"old_size"_s, c.oldSize);
    if (c.newSize >= 0)
        o.insert(u"new_size"_s, c.newSize);
    // A version whose content the storage budget did not keep: its name and size are all there is.
    if (!c.oldKept)
        o.insert(u"old_content"_s, u"not kept: storage budget"_s);
    if (!c.newKept)
        o.insert(u"new_content"_s, u"not kept: storage budget"_s);
    return o;
}

QString changeLine(const FileChange &c)
{
    const QString notKept = (c.kind == ChangeKind::Deleted ? !c.oldKept : !c.newKept || !c.oldKept)
                                ? u" [not kept: storage budget]"_s
                                : QString();
    switch (c.kind) {
    case ChangeKind::Added:
        return u"    + %1 (%2 bytes)%3\n"_s.arg(displayName(c.path)).arg(c.newSize).arg(notKept);
    case ChangeKind::Deleted:
        return u"    - %1 (was %2 bytes)%3\n"_s.arg(displayName(c.path)).arg(c.oldSize).arg(notKept);
    case ChangeKind::Modified:
        return u"    ~ %1 (%2 -> %3 bytes)%4\n"_s.arg(displayName(c.path))
            .arg(c.oldSize)
            .arg(c.newSize)
            .arg(notKept);
    }
    return {};
}

// What made the entry: "command", "upload", "restore" or "recovered" (--json's "kind").
QString kindName(EntryKind kind)
{
    switch (kind) {
    case EntryKind::Command:
        break;
    case EntryKind::Upload:
        return u"upload"_s;
    case EntryKind::Restore:
        return u"restore"_s;
    case EntryKind::Recovered:
        return u"recovered"_s;
    }
    return u"command"_s;
}

QString outcomeText(const HistoryEntry &e)
{
    switch (e.kind) {
    case EntryKind::Command:
        break;
    case EntryKind::Upload:
        return u"upload"_s;
    case EntryKind::Restore:
        return u"restore"_s;
    case EntryKind::Recovered:
        return u"interrupted"_s;
    }
    return e.timedOut ? u"timeout"_s : u"exit %1"_s.arg(e.exitCode);
}

// The line under an entry's header that says what made it.
QString madeByLine(const HistoryEntry &e)
{
    switch (e.kind) {
    case EntryKind::Command:
        break;
    case EntryKind::Upload:
        return u"  uploaded: %1\n"_s.arg(displayName(e.command));
    case EntryKind::Restore:
        // The store writes "restore PATH to COMMIT" (or "restore workspace to COMMIT").
        return u"  restore: %1\n"_s.arg(
            displayName(e.command.startsWith(u"restore "_s) ? e.command.mid(8) : e.command));
    case EntryKind::Recovered:
        return u"  recovered: %1\n"_s.arg(displayName(e.command));
    }
    return u"  $ %1\n"_s.arg(displayName(e.command));
}

struct Context
{
    SandboxSettings settings;
    ContainerRegistry registry{QString()};
    bool json = false;
};

// The ID argument must name a container of this workspace; anything else is bad input (exit 2).
bool requireContainer(const Context &ctx, const QString &id, int *exitCode)
{
    QString error;
    if (!SessionIdentity::validateContainerReference(id, &error)) {
        printErr(u"invalid container id \"%1\": %2"_s.arg(id, error));
        *exitCode = ExitUsage;
        return false;
    }
    if (!ctx.registry.exists(ctx.settings.workspace, id)) {
        printErr(u"no container %1 in workspace %2 (see 'sandbench containers list')"_s.arg(
            id, ctx.settings.workspace));
        *exitCode = ExitUsage;
        return false;
    }
    return true;
}

int listContainers(const Context &ctx)
{
    const QList<ContainerMeta> metas = ctx.registry.list(ctx.settings.workspace);
    if (ctx.json) {
        QJsonArray out;
        for (const ContainerMeta &m : metas) {
            QJsonObject o = m.toJson();
            o.insert(u"created"_s, isoTime(m.createdMs));
            o.insert(u"last_used"_s, isoTime(m.lastUsedMs));
            out.append(o);
        }
        printJson(out);
        return ExitOk;
    }
    if (metas.isEmpty()) {
        printOut(u"no containers in workspace %1\n"_s.arg(ctx.settings.workspace));
        return ExitOk;
    }
    for (const ContainerMeta &m : metas) {
        const QString policy = NetworkPolicy::fromSaved(m.policy).describe();
        const QString image = m.policy.value(u"image"_s).toObject().value(u"name"_s).toString();
        printOut(u"%1  last used %2  created %3  network %4%5\n"_s.arg(
            m.id, isoTime(m.lastUsedMs), isoTime(m.createdMs), policy,
            image.isEmpty() ? QString() : u"  image "_s + image));
    }
    return ExitOk;
}

int listFiles(const Context &ctx, const QString &id, int limit, const QString &after)
{
    const FileStore store(ctx.registry.homeDir(ctx.settings.workspace, id));
    QString error;
    if (!after.isEmpty() && !FileStore::pathForFileId(after, &error)) {
        printErr(u"--after: %1"_s.arg(error));
        return ExitUsage;
    }
    const std::optional<ContainerFilePage> page = store.list(limit, after, &error);
    if (!page) {
        printErr(error);
        return ExitFailure;
    }
    // Who put each file there, as the Containers API says it: "user" for an upload as it arrived,
    // "assistant" for what the code wrote (an unreadable record makes every file the assistant's, as there).
    FileOrigins origins(ctx.registry.containerDir(ctx.settings.workspace, id));
    if (QString why; !origins.load(&why))
        printErr(u"warning: %1; every file is listed as the assistant's"_s.arg(why));
    if (ctx.json) {
        QJsonArray files;
        for (const ContainerFile &f : page->files)
            files.append(QJsonObject{{u"id"_s, f.id},
                                     {u"path"_s, f.path},
                                     {u"size"_s, f.size},
                                     {u"modified"_s, isoTime(f.mtimeMs)},
                                     {u"source"_s, origins.sourceOf(f)}});
        printJson(QJsonObject{{u"object"_s, u"list"_s}, {u"data"_s, files}, {u"has_more"_s, page->hasMore}});
        return ExitOk;
    }
    for (const ContainerFile &f : page->files)
        printOut(
            u"%1  %2 bytes  %3  %4\n"_s.arg(displayName(f.path)).arg(f.size).arg(f.id, origins.sourceOf(f)));
    if (page->hasMore && !page->files.isEmpty())
        printOut(u"(more: --after %1)\n"_s.arg(page->files.constLast().id));
    return ExitOk;
}

int showHistory(const Context &ctx, const QString &id, int limit)
{
    SnapshotStore store;
    QString error;
    const QString gitDir = ctx.registry.historyDir(ctx.settings.workspace, id);
    if (!QFileInfo::exists(gitDir + u"/HEAD"_s)) {
        if (ctx.json)
            printJson(QJsonArray());
        else
            printOut(u"no commands have run in %1 yet\n"_s.arg(id));
        return ExitOk;
    }
    // Read only, without the history's lock: `sandbench serve` or the window may be running the container
    // and committing meanwhile (SnapshotStore::openReadOnly).
    if (!store.openReadOnly(ctx.registry.homeDir(ctx.settings.workspace, id), gitDir, &error)) {
        printErr(u"cannot open the history of %1: %2"_s.arg(id, error));
        return ExitFailure;
    }
    const std::optional<QList<HistoryEntry>> entries = store.history(&error, limit);
    if (!entries) {
        printErr(error);
        return ExitFailure;
    }
    QJsonArray out;
    // Oldest first reads like the session it records.
    for (auto it = entries->crbegin(); it != entries->crend(); ++it) {
        const HistoryEntry &e = *it;
        const QList<FileChange> changes = store.changes(e.commitId, &error).value_or(QList<FileChange>());
        if (ctx.json) {
            QJsonArray changeArray;
            for (const FileChange &c : changes)
                changeArray.append(changeJson(c));
            QJsonObject o{{u"commit"_s, e.commitId},        {u"kind"_s, kindName(e.kind)},
                          {u"command"_s, e.command},        {u"time"_s, isoTime(e.timeMs)},
                          {u"duration_ms"_s, e.durationMs}, {u"changes"_s, changeArray}};
            if (e.notKept > 0)
                o.insert(u"not_kept"_s, e.notKept);
            if (e.kind == EntryKind::Upload)
                o.insert(u"outcome"_s, QJsonObject{{u"type"_s, u"upload"_s}});
            else if (e.kind == EntryKind::Restore)
                o.insert(u"outcome"_s, QJsonObject{{u"type"_s, u"restore"_s}});
            else if (e.kind == EntryKind::Recovered)
                o.insert(u"outcome"_s, QJsonObject{{u"type"_s, u"interrupted"_s}});
            else if (e.timedOut)
                o.insert(u"outcome"_s, QJsonObject{{u"type"_s, u"timeout"_s}});
            else
                o.insert(u"outcome"_s, QJsonObject{{u"type"_s, u"exit"_s}, {u"exit_code"_s, e.exitCode}});
            out.append(o);
            continue;
        }
        printOut(
            u"%1  %2  %3  %4 ms  +%5 ~%6 -%7\n"_s.arg(e.commitId.left(12), isoTime(e.timeMs), outcomeText(e))
                .arg(e.durationMs)
                .arg(e.added)
                .arg(e.modified)
                .arg(e.deleted) +
            madeByLine(e));
        for (const FileChange &c : changes)
            printOut(changeLine(c));
    }
    if (ctx.json)
        printJson(out);
    else if (entries->isEmpty())
        printOut(u"no commands have run in %1 yet\n"_s.arg(id));
    return ExitOk;
}

int promote(const Context &ctx, const QString &id, QString path)
{
    QString fileId;
    if (path.startsWith(u"cfile_"_s)) {
        fileId = path;
    } else {
        // The path as a command inside the container sees it.
        static const QString inside = u"/workspace/home/"_s;
        if (path.startsWith(inside))
            path = path.mid(inside.size());
        QByteArrayList parts;
        QString why;
        if (!SafeFs::splitRelativePath(path.toUtf8(), &parts, &why)) {
            printErr(u"refused path %1: %2 (give a path below /workspace/home, e.g. out/report.csv)"_s.arg(
                displayName(path, true), why));
            return ExitUsage;
        }
        fileId = FileStore::fileIdForPath(path.toUtf8());
    }
    const FileStore store(ctx.registry.homeDir(ctx.settings.workspace, id));
    QString error;
    const std::optional<PromotedDocument> doc =
        store.promote(fileId, ctx.registry.documentsDir(ctx.settings.workspace),
                      QJsonObject{{u"container_id"_s, id}, {u"workspace"_s, ctx.settings.workspace}}, &error);
    if (!doc) {
        printErr(u"cannot promote %1 from %2: %3"_s.arg(displayName(path, true), id, error));
        return ExitUsage;
    }
    if (ctx.json) {
        printJson(QJsonObject{{u"id"_s, doc->id},
                              {u"filename"_s, doc->filename},
                              {u"size"_s, doc->size},
                              {u"sha256"_s, doc->sha256}});
    } else {
        printOut(u"%1  %2 (%3 bytes) promoted to the documents of workspace %4\n"_s
                     .arg(doc->id, displayName(doc->filename))
                     .arg(doc->size)
                     .arg(ctx.settings.workspace));
    }
    return ExitOk;
}

} // namespace

int runContainersCommand(const QStringList &args)
{
    QString action;
    const QStringList rest = withoutAction(args, &action);

    QCommandLineParser parser;
    parser.setApplicationDescription(
        u"Lists, inspects, promotes from and removes the containers of a workspace."_s);
    const WorkspaceOptions common;
    common.addTo(parser);
    const QCommandLineOption jsonOption(u"json"_s, u"Print JSON."_s);
    const QCommandLineOption limitOption(
        u"limit"_s, u"files: page size (1-1000, default 100); history: entries."_s, u"n"_s);
    const QCommandLineOption afterOption(
        u"after"_s, u"files: the id of the last file of the previous page."_s, u"file-id"_s);
    parser.addOptions({jsonOption, limitOption, afterOption});
    parser.addPositionalArgument(u"args"_s, u"ID [PATH]"_s);
    if (const std::optional<int> exit = parseCommandLine(parser, rest, common, {usage()}))
        return *exit;
    Context ctx;
    ctx.settings = common.settings(parser);
    ctx.registry = ContainerRegistry(ctx.settings.dataDir);
    ctx.json = parser.isSet(jsonOption);
    const QStringList positional = parser.positionalArguments();

    int limit = -1;
    if (parser.isSet(limitOption)) {
        bool ok = false;
        limit = parser.value(limitOption).toInt(&ok);
        if (!ok || limit < 1 || limit > FileStore::kMaxLimit) {
            printErr(u"--limit must be an integer from 1 to %1"_s.arg(FileStore::kMaxLimit));
            return ExitUsage;
        }
    }
    const int wanted = action == u"list"_s ? 0 : action == u"promote"_s ? 2 : 1;
    const bool knownAction = action == u"list"_s || action == u"files"_s || action == u"history"_s ||
                             action == u"promote"_s || action == u"rm"_s;
    if (!knownAction) {
        printErr((action.isEmpty() ? u"missing action\n\n"_s : u"unknown action '%1'\n\n"_s.arg(action)) +
                 usage());
        return ExitUsage;
    }
    if (positional.size() != wanted) {
        printErr(u"'containers %1' takes %2 argument(s), got %3\n\n"_s.arg(action).arg(wanted).arg(
                     positional.size()) +
                 usage());
        return ExitUsage;
    }
    if (action == u"list"_s)
        return listContainers(ctx);

    const QString id = positional.at(0);
    int exitCode = ExitOk;
    if (!requireContainer(ctx, id, &exitCode))
        return exitCode;
    if (action == u"files"_s)
        return listFiles(ctx, id, limit < 0 ? FileStore::kDefaultLimit : limit, parser.value(afterOption));
    if (action == u"history"_s)
        return showHistory(ctx, id, limit);
    if (action == u"promote"_s)
        return promote(ctx, id, positional.at(1));

    // Never under a running container: while another process (sandbench serve, the window) has it open,
    // its history's lock is held there. Holding it here keeps them from opening it while it goes.
    UniqueFd held;
    if (!SnapshotStore::lockAgainstOpen(ctx.registry.historyDir(ctx.settings.workspace, id), &held)) {
        printErr(u"container %1 is in use by another Sandbench process (sandbench serve or the window); "
                 "stop it there or remove it there"_s.arg(id));
        return ExitFailure;
    }
    ContainerManager manager(ctx.settings);
    QString error;
    if (!manager.remove(id, &error)) {
        printErr(error);
        return ExitFailure;
    }
    printOut(u"removed %1\n"_s.arg(id));
    return ExitOk;
}
