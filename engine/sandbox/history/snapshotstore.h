// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArrayList>
#include <QList>
#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

struct ImportOrigin;
class UniqueFd;

// How one command ended, stored with its commit.
struct CommandMeta
{
    bool timedOut = false;
    int exitCode = 0;
    qint64 durationMs = 0;
    qint64 finishedAtMs = 0; // wall clock (ms since epoch); 0 means "now"
    // A marker from SnapshotStore::markCommandStarted() for this command, removed once its commit is written.
    QString pendingMarker;
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
    // False when that version's content was not kept (the storage budget): its name and size are all there
    // is.
    bool oldKept = true;
    bool newKept = true;
};

struct Snapshot
{
    QString commitId; // empty when nothing was recorded (a restore or an upload that changed nothing)
    QList<FileChange> changes;
    // A restore: how many files (or links) it wrote or deleted under home; 0 when home already was as asked.
    int written = 0;
};

// What made a history entry.
enum class EntryKind {
    Command,  // a command; HistoryEntry::command is its text
    Upload,   // a file a person put into home (attached to a conversation); command is its name
    Restore,  // a restore from the history; command says what was restored to which commit
    Recovered // changes found after an interruption (a crash, a kill) that no command's entry holds; command
              // names the interrupted commands when they are known
};

struct HistoryEntry
{
    QString commitId;
    QString parentId; // empty for the first commit
    QString command;
    EntryKind kind = EntryKind::Command;
    bool timedOut = false;
    int exitCode = 0;
    qint64 durationMs = 0;
    qint64 timeMs = 0;
    int added = 0;
    int modified = 0;
    int deleted = 0;
    int notKept = 0; // versions this entry recorded whose content was not kept (storage budget)
};

struct FileDiff
{
    QString text; // unified diff; empty when the file is the same in both commits
    bool binary = false;
    bool truncated = false; // text stops at SnapshotStore::kMaxDiffBytes (at a line's end)
    // Non-empty when one side's content was not kept, and why ("storage budget"): there is no diff.
    QString notKept;
};

// Per-container file history: one commit per command in a bare libgit2 repository whose "work tree" is the
// container's home dir, read and written only through no-follow host-side file operations.
// Not thread-safe: use one instance from one thread at a time (the runtime may run it in a worker thread).
//
// Home is hostile: every file is read through its own descriptor, at most the size fstat gave when it was
// opened (a file that grows meanwhile is stored as that prefix), holes are never read (SEEK_DATA/SEEK_HOLE;
// they are hashed as zeros from memory) and content is streamed into the object store, never held whole.
// Files above 1 MiB are stored uncompressed beside the loose objects, copied with a reflink or
// copy_file_range() and hashed once, from the copy.
// With a storage budget (home + history.git), the apparent size of what a commit hashes is counted against
// it: when content does not fit, the oldest versions of the largest files no longer in home are dropped, and
// content that still does not fit is recorded by name and size only ("not kept").
class SnapshotStore
{
public:
    // fileDiff() stops after this many bytes of diff text.
    static constexpr qsizetype kMaxDiffBytes = 2 * 1024 * 1024;
    // fileDiff() does not load a version larger than this; it is reported as binary.
    static constexpr qint64 kMaxDiffBlobBytes = 64 * 1024 * 1024;
    // Work above this many bytes in one operation calls the heavy-work hook first.
    static constexpr qint64 kHeavyWorkBytes = 16 * 1024 * 1024;

    SnapshotStore();
    ~SnapshotStore();
    SnapshotStore(const SnapshotStore &) = delete;
    SnapshotStore &operator=(const SnapshotStore &) = delete;

    // Creates the repository if needed, takes an exclusive lock on it, clears stale lock files of a killed
    // process and falls back to the last good commit if HEAD is broken. A lock another store holds is
    // waited for up to lockWaitMs; the error then says who holds it (its process id, or this process).
    bool open(const QString &homeDir, const QString &gitDir, QString *error, int lockWaitMs = 0);
    // Opens an existing history for reading only, without its lock, while another process (sandbench
    // serve, the window) may hold it and commit: history(), changes() and fileDiff() work; every write
    // (commits, restores, refresh, flush) is refused with an error saying so. Nothing is repaired, cleaned
    // or written, not even on close().
    bool openReadOnly(const QString &homeDir, const QString &gitDir, QString *error);
    bool isReadOnly() const;
    // Takes gitDir's lock as open() does, for work that must not run beside an open store (removing the
    // container): false while an open store (in any process) holds it; else *held keeps it until reset.
    static bool lockAgainstOpen(const QString &gitDir, UniqueFd *held);
    void close();
    // Starts libgit2 on a thread of its own and keeps it started for the life of the process. Its start
    // parses the host's CA bundle for TLS transports the history never uses (milliseconds of CPU); a one-shot
    // command asks for this first thing, while a core is still idle, so the first open() does not pay it.
    static void startLibraryAhead();
    // Waits for that start; whoever called startLibraryAhead() calls this before the process exits.
    static void finishLibraryAhead();
    bool isOpen() const;
    // True when open() had to repair the repository (broken HEAD or unreadable stat cache).
    bool recoveredOnOpen() const;
    QString headCommit() const;

    std::optional<Snapshot> commitCommand(const QString &command, const CommandMeta &meta,
                                          const ChangeHint &hint, QString *error);
    // Records the file fileName (relative to home) as an upload entry of its own, looking at nothing else
    // under home, so the next command's entry holds only what that command changed. Nothing is recorded
    // (commitId empty) when the file is as the last entry has it. With origin (the person's file the import
    // copied from, FileImport::run), a large upload is not copied aside before the captured hook: home's copy
    // is recorded as it is (the inode and stat the import made, else it is captured from home as usual) and
    // the content is stored from the origin after the hook, as long as the origin still has the stat it had
    // before the copy (else from home's copy when that is unchanged since). The next command may run while
    // the only copy of the upload's data is being made.
    std::optional<Snapshot> commitUpload(const QString &fileName, QString *error,
                                         std::shared_ptr<const ImportOrigin> origin = {});
    // Newest first; limit < 0 means all.
    std::optional<QList<HistoryEntry>> history(QString *error, int limit = -1) const;
    std::optional<QList<FileChange>> changes(const QString &commitId, QString *error) const;
    // fromCommit empty: the parent of toCommit. Text beyond kMaxDiffBytes is left out (truncated is set).
    std::optional<FileDiff> fileDiff(const QString &path, const QString &fromCommit, const QString &toCommit,
                                     QString *error) const;
    // path may name a file or a directory; a path absent from commitId is deleted from home. A restore is an
    // entry of its own, unless it recorded nothing new (commitId empty; Snapshot::written says whether it
    // wrote anything).
    std::optional<Snapshot> restoreFile(const QString &path, const QString &commitId, QString *error);
    std::optional<Snapshot> restoreWorkspace(const QString &commitId, QString *error);

    // Full scan of home into the stat cache without committing. Call it at wake right after starting a
    // ChangeWatcher (e.g. in a worker thread while the sandbox boots): the first commit can then use the
    // watcher's hint instead of scanning everything.
    bool refresh(QString *error);

    // Writes the stat cache now (it is otherwise written lazily; losing it only costs a re-hash).
    bool flush(QString *error);

    // Bytes that home plus the history may use together (SandboxSettings limits.storageBytes); 0: no limit.
    void setStorageBudget(qint64 bytes);
    qint64 storageBudget() const;
    // Disk space of the history repository (allocated blocks, as du counts them), measured exactly.
    qint64 historyBytes();
    // While *flag is true, a running operation stops at its next file or MiB and fails ("cancelled"); the
    // repository stays as it was before that operation.
    void setCancelFlag(const std::atomic<bool> *flag);
    // Called (on the store's thread) once per operation before it hashes, writes or restores more than
    // kHeavyWorkBytes, e.g. to charge the thread to the container's cgroup.
    void setHeavyWorkHook(std::function<void()> hook);
    // Called (on the store's thread) by commitCommand() and commitUpload() once home has been looked at and
    // each changed file captured (large ones copied aside), before the copies are hashed and stored and the
    // entry written: from then on nothing home holds can change this entry, so the next command may run.
    void setCapturedHook(std::function<void()> hook);

    // Crash-proof attribution. Before a command runs, markCommandStarted() leaves a small marker naming it
    // beside the repository (gitDir + ".pending"); the command's commit removes it (CommandMeta::
    // pendingMarker). Markers a dead process left behind are what pendingMarkers() lists at the next wake:
    // recoverInterrupted() then records whatever home holds that no entry does as an entry of its own,
    // naming those commands, so the next command's entry holds only its own changes. Both static functions
    // are cheap and safe to call from any thread.
    // spare: a file prepareMarker() made (e.g. on a worker, ahead of the command), and spareFd its descriptor
    // when kept open (taken over and closed here): it becomes the marker by a rename, which costs the caller
    // no file creation; without one (or when it is gone) the marker is created here.
    static QString markCommandStarted(const QString &gitDir, const QString &command,
                                      const QString &spare = {}, int spareFd = -1);
    // An empty spare marker beside the repository for a later markCommandStarted(): its name, or empty. With
    // fd, the file's descriptor (write-only) is left open there for the caller.
    // Spares are never listed by pendingMarkers().
    static QString prepareMarker(const QString &gitDir, int *fd = nullptr);
    // A marker whose command's entry is written becomes a spare again (renamed, its file reused: no file is
    // made or deleted for the next command's marker); its name, with its descriptor left open in fd. Empty,
    // the marker removed, when that fails or fd is null.
    static QString recycleMarker(const QString &gitDir, const QString &marker, int *fd);
    // Removes the spares beside the repository except keep (what a crash or an earlier wake left).
    static void dropSpareMarkers(const QString &gitDir, const QString &keep = {});
    static QStringList pendingMarkers(const QString &gitDir);
    // commitId is empty when home held nothing new; the markers are removed either way.
    std::optional<Snapshot> recoverInterrupted(const QStringList &markers, QString *error);

    // Process-wide counters of bytes read from home files and bytes fed to the object hash (holes included),
    // for tests and benchmarks.
    static qint64 bytesReadTotal();
    static qint64 bytesHashedTotal();

private:
    struct Private;
    std::unique_ptr<Private> d;
};
