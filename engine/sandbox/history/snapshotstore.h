// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArrayList>
#include <QList>
#include <QString>

#include <memory>
#include <optional>

// How one command ended, stored with its commit.
struct CommandMeta
{
    bool timedOut = false;
    int exitCode = 0;
    qint64 durationMs = 0;
    qint64 finishedAtMs = 0; // wall clock (ms since epoch); 0 means "now"
};

// What may have changed under home since the last commit; lets a commit skip the full scan.
struct ChangeHint
{
    enum class Scope { Anything, Paths };
    Scope scope = Scope::Anything;
    // Raw relative paths below home; a directory covers its whole subtree; "" means the whole home.
    QByteArrayList paths;

    static ChangeHint anything() { return {}; }
    static ChangeHint onlyPaths(const QByteArrayList &paths) { return {Scope::Paths, paths}; }
};

enum class ChangeKind { Added, Modified, Deleted };

struct FileChange
{
    QString path;
    ChangeKind kind = ChangeKind::Modified;
    qint64 oldSize = -1; // -1: did not exist
    qint64 newSize = -1;
};

struct Snapshot
{
    QString commitId;
    QList<FileChange> changes;
};

struct HistoryEntry
{
    QString commitId;
    QString parentId; // empty for the first commit
    QString command;
    bool isRestore = false;
    bool timedOut = false;
    int exitCode = 0;
    qint64 durationMs = 0;
    qint64 timeMs = 0;
    int added = 0;
    int modified = 0;
    int deleted = 0;
};

struct FileDiff
{
    QString text; // unified diff; empty when the file is the same in both commits
    bool binary = false;
    bool truncated = false; // text stops at SnapshotStore::kMaxDiffBytes (at a line's end)
};

// Per-container file history: one commit per command in a bare libgit2 repository whose "work tree" is the
// container's home dir, read and written only through no-follow host-side file operations.
// Not thread-safe: use one instance from one thread at a time (the runtime may run it in a worker thread).
class SnapshotStore
{
public:
    // fileDiff() stops after this many bytes of diff text.
    static constexpr qsizetype kMaxDiffBytes = 2 * 1024 * 1024;

    SnapshotStore();
    ~SnapshotStore();
    SnapshotStore(const SnapshotStore &) = delete;
    SnapshotStore &operator=(const SnapshotStore &) = delete;

    // Creates the repository if needed, takes an exclusive lock on it, clears stale lock files of a killed
    // process and falls back to the last good commit if HEAD is broken.
    bool open(const QString &homeDir, const QString &gitDir, QString *error);
    void close();
    bool isOpen() const;
    // True when open() had to repair the repository (broken HEAD or unreadable stat cache).
    bool recoveredOnOpen() const;
    QString headCommit() const;

    std::optional<Snapshot> commitCommand(const QString &command, const CommandMeta &meta,
                                          const ChangeHint &hint, QString *error);
    // Newest first; limit < 0 means all.
    std::optional<QList<HistoryEntry>> history(QString *error, int limit = -1) const;
    std::optional<QList<FileChange>> changes(const QString &commitId, QString *error) const;
    // fromCommit empty: the parent of toCommit. Text beyond kMaxDiffBytes is left out (truncated is set).
    std::optional<FileDiff> fileDiff(const QString &path, const QString &fromCommit, const QString &toCommit,
                                     QString *error) const;
    // path may name a file or a directory; a path absent from commitId is deleted from home.
    std::optional<Snapshot> restoreFile(const QString &path, const QString &commitId, QString *error);
    std::optional<Snapshot> restoreWorkspace(const QString &commitId, QString *error);

    // Full scan of home into the stat cache without committing. Call it at wake right after starting a
    // ChangeWatcher (e.g. in a worker thread while the sandbox boots): the first commit can then use the
    // watcher's hint instead of scanning everything.
    bool refresh(QString *error);

    // Writes the stat cache now (it is otherwise written lazily; losing it only costs a re-hash).
    bool flush(QString *error);

private:
    struct Private;
    std::unique_ptr<Private> d;
};
