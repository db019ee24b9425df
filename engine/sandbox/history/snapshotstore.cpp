// SPDX-License-Identifier: GPL-3.0-or-later
#include "snapshotstore.h"

#include "safefs.h"

#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QSet>

#include <git2.h>

#include <cerrno>
#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

// How a commit finds what changed, fast and without trusting the container:
// - The stat cache is a libgit2 index (gitDir/sandbench-index) holding, per file, the blob id plus ctime,
//   mtime, inode, device and size. A file whose lstat still matches its entry is not re-read. ctime is the
//   key: the kernel sets it on every write, truncate, chmod or rename and user space cannot set it, so an
//   edit that restores size and mtime (touch -r) is still seen.
// - Racy entries: timestamps are coarse, so a file changed again within the same tick as our read would
//   keep its ctime. Entries whose ctime is less than kRacyWindowNs before the scan began are stored
//   "smudged" (ctime zeroed) and thus re-hashed by the next commit that looks at them.
// - Where to look: ChangeHint::Anything lstat()s every entry of home (no file is read unless its stat
//   changed). ChangeHint::Paths (from ChangeWatcher's inotify events) reconciles only those paths and
//   their subtrees. Directory mtimes alone cannot prune the walk (editing a file leaves its directory's
//   mtime alone), and "ctime < command start" still needs one lstat per file, so the real saving comes
//   from the watcher. The first commit after open() is always a full scan because nobody watched while
//   the store was closed.
// - The commit's change list comes from a tree-to-tree diff against the parent commit, so it is right
//   even when the stat cache is stale or was rebuilt.
static constexpr qint64 kRacyWindowNs = 1'000'000'000;
static constexpr qsizetype kMaxHintPaths = 4096;
static constexpr qint64 kIndexWriteIntervalMs = 10'000;
static constexpr qint64 kMaxInMemoryFile = 64 * 1024 * 1024;
static const QByteArray kEscapePrefix = ".sbx-";
static const char kIndexFile[] = "sandbench-index";
static const char kBranch[] = "refs/heads/main";
static const char kTrailerStart[] = "\n\nSandbench-Kind: ";

namespace {

template<typename T, void (*Free)(T *)>
struct GitDeleter
{
    void operator()(T *p) const { Free(p); }
};
template<typename T, void (*Free)(T *)>
using GitPtr = std::unique_ptr<T, GitDeleter<T, Free>>;
using CommitPtr = GitPtr<git_commit, git_commit_free>;
using TreePtr = GitPtr<git_tree, git_tree_free>;
using TreeEntryPtr = GitPtr<git_tree_entry, git_tree_entry_free>;
using BlobPtr = GitPtr<git_blob, git_blob_free>;
using DiffPtr = GitPtr<git_diff, git_diff_free>;
using PatchPtr = GitPtr<git_patch, git_patch_free>;
using SigPtr = GitPtr<git_signature, git_signature_free>;
using OdbPtr = GitPtr<git_odb, git_odb_free>;
using ConfigPtr = GitPtr<git_config, git_config_free>;

bool gitFail(QString *error, const QString &what)
{
    if (error) {
        const git_error *e = git_error_last();
        *error = e && e->message ? u"%1: %2"_s.arg(what, QString::fromUtf8(e->message)) : what;
    }
    return false;
}

// libgit2 refuses tree entries such as ".git" (and NTFS look-alikes); containers may well contain them
// (`git init` in home), so such names are stored hex-encoded behind a prefix that is itself escaped.
QByteArray escapeComponent(const QByteArray &name)
{
    const QByteArray lower = name.toLower();
    if (lower.startsWith(".git") || lower.startsWith("git~") || name.startsWith(kEscapePrefix))
        return kEscapePrefix + name.toHex();
    return name;
}

QByteArray unescapeComponent(const QByteArray &name)
{
    return name.startsWith(kEscapePrefix) ? QByteArray::fromHex(name.mid(kEscapePrefix.size())) : name;
}

QByteArray mapPath(const QByteArray &path, QByteArray (*fn)(const QByteArray &))
{
    if (path.isEmpty())
        return path;
    QByteArrayList parts = path.split('/');
    for (QByteArray &part : parts)
        part = fn(part);
    return parts.join('/');
}

QByteArray escapePath(const QByteArray &p)
{
    return mapPath(p, escapeComponent);
}

QByteArray unescapePath(const QByteArray &p)
{
    return mapPath(p, unescapeComponent);
}

QString oidString(const git_oid *oid)
{
    char buf[GIT_OID_HEXSZ + 1];
    git_oid_tostr(buf, sizeof buf, oid);
    return QString::fromLatin1(buf);
}

bool parseOid(const QString &text, git_oid *out, QString *error)
{
    const QByteArray hex = text.toLatin1();
    if (hex.size() != GIT_OID_HEXSZ || git_oid_fromstr(out, hex.constData()) != 0) {
        if (error)
            *error = u"not a commit id: %1"_s.arg(text);
        return false;
    }
    return true;
}

bool isUnder(const QByteArray &path, const QByteArray &prefix)
{
    return prefix.isEmpty() || path == prefix || (path.startsWith(prefix) && path.at(prefix.size()) == '/');
}

QByteArray parentOf(const QByteArray &path)
{
    const qsizetype slash = path.lastIndexOf('/');
    return slash < 0 ? QByteArray() : path.left(slash);
}

} // namespace

struct SnapshotStore::Private
{
    QString homeDir;
    QString gitDir;
    UniqueFd homeFd;
    UniqueFd lockFd;
    uid_t ownerUid = 0;
    gid_t ownerGid = 0;
    git_repository *repo = nullptr;
    git_index *index = nullptr;
    bool libInit = false;
    bool needFullScan = true;
    bool indexDirty = false;
    bool recovered = false;
    qint64 scanStartNs = 0;
    QElapsedTimer indexWriteTimer;

    bool initRepository(QString *error);
    void removeStaleLocks();
    bool verifyCommit(const git_oid *oid);
    bool checkHead(QString *error);
    bool openIndex(QString *error);
    bool resetIndexTo(const git_oid *commitOid, QString *error);

    bool reconcile(const QByteArray &realRel, QString *error);
    bool walkDir(int dirFd, const QByteArray &escPrefix, QSet<QByteArray> *seen, QString *error);
    bool processFile(int dirFd, const QByteArray &name, const struct stat &st, const QByteArray &escPath,
                     QSet<QByteArray> *seen, QString *error);
    bool hashFile(int dirFd, const QByteArray &name, struct stat *st, git_oid *oid, bool *racy);
    void removeUnseen(const QByteArray &escPrefix, const QSet<QByteArray> &seen);
    bool writeIndex(QString *error);

    std::optional<Snapshot> commit(const QString &command, const CommandMeta &meta, const ChangeHint &hint,
                                   bool isRestore, QString *error);
    std::optional<QList<FileChange>> diffTrees(git_tree *oldTree, git_tree *newTree, QString *error) const;
    qint64 blobSize(const git_oid *oid) const;
    CommitPtr lookupCommit(const QString &id, QString *error) const;
    std::optional<Snapshot> restore(const QByteArray &realPrefix, const QString &commitId, QString *error);
};

SnapshotStore::SnapshotStore()
    : d(std::make_unique<Private>())
{}

SnapshotStore::~SnapshotStore()
{
    close();
}

bool SnapshotStore::isOpen() const
{
    return d->repo != nullptr;
}

bool SnapshotStore::recoveredOnOpen() const
{
    return d->recovered;
}

void SnapshotStore::close()
{
    if (d->index) {
        if (d->indexDirty)
            d->writeIndex(nullptr);
        git_index_free(d->index);
        d->index = nullptr;
    }
    if (d->repo) {
        git_repository_free(d->repo);
        d->repo = nullptr;
    }
    d->lockFd.reset();
    d->homeFd.reset();
    if (d->libInit) {
        git_libgit2_shutdown();
        d->libInit = false;
    }
}

bool SnapshotStore::Private::initRepository(QString *error)
{
    // Build the repository beside its final place and rename it in, so a kill -9 during creation
    // never leaves a half-made repository behind under the real name.
    const QString tmp = gitDir + u".init-"_s + QString::number(::getpid());
    QDir(tmp).removeRecursively();
    git_repository_init_options opts = GIT_REPOSITORY_INIT_OPTIONS_INIT;
    opts.flags = GIT_REPOSITORY_INIT_BARE | GIT_REPOSITORY_INIT_MKPATH | GIT_REPOSITORY_INIT_NO_REINIT;
    opts.initial_head = "main";
    git_repository *r = nullptr;
    if (git_repository_init_ext(&r, QFile::encodeName(tmp).constData(), &opts) != 0)
        return gitFail(error, u"cannot create history repository"_s);
    git_config *rawCfg = nullptr;
    bool ok = git_repository_config(&rawCfg, r) == 0;
    ConfigPtr cfg(rawCfg);
    // A reflog gives open() a list of earlier good commits to fall back on.
    ok = ok && git_config_set_string(cfg.get(), "core.logAllRefUpdates", "always") == 0;
    ok = ok && git_config_set_bool(cfg.get(), "core.protectNTFS", 0) == 0;
    ok = ok && git_config_set_bool(cfg.get(), "core.protectHFS", 0) == 0;
    ok = ok && git_config_set_int32(cfg.get(), "gc.auto", 0) == 0;
    cfg.reset();
    git_repository_free(r);
    if (!ok)
        return gitFail(error, u"cannot configure history repository"_s);
    if (::rename(QFile::encodeName(tmp).constData(), QFile::encodeName(gitDir).constData()) != 0) {
        if (error)
            *error = u"cannot create %1: %2"_s.arg(gitDir, SafeFs::errnoString(errno));
        return false;
    }
    return true;
}

void SnapshotStore::Private::removeStaleLocks()
{
    // We hold the repository's flock, so any *.lock file is debris from a killed process.
    for (const char *name :
         {"HEAD.lock", "config.lock", "packed-refs.lock", "index.lock", "sandbench-index.lock"})
        QFile::remove(gitDir + u'/' + QLatin1StringView(name));
    for (const QString &sub : {u"refs"_s, u"logs"_s}) {
        QDirIterator it(gitDir + u'/' + sub, {u"*.lock"_s}, QDir::Files | QDir::Hidden,
                        QDirIterator::Subdirectories);
        while (it.hasNext())
            QFile::remove(it.next());
    }
}

bool SnapshotStore::Private::verifyCommit(const git_oid *oid)
{
    git_commit *rawCommit = nullptr;
    if (git_commit_lookup(&rawCommit, repo, oid) != 0)
        return false;
    CommitPtr commit(rawCommit);
    git_tree *rawTree = nullptr;
    if (git_commit_tree(&rawTree, commit.get()) != 0)
        return false;
    TreePtr tree(rawTree);
    git_odb *rawOdb = nullptr;
    if (git_repository_odb(&rawOdb, repo) != 0)
        return false;
    OdbPtr odb(rawOdb);
    struct Payload
    {
        git_odb *odb;
        bool ok = true;
    } payload{odb.get()};
    // git_tree_walk loads every subtree (failing on a damaged one); blobs are only checked for presence.
    const int rc = git_tree_walk(
        tree.get(), GIT_TREEWALK_PRE,
        [](const char *, const git_tree_entry *entry, void *p) -> int {
            auto *pl = static_cast<Payload *>(p);
            if (git_tree_entry_type(entry) == GIT_OBJECT_BLOB &&
                !git_odb_exists(pl->odb, git_tree_entry_id(entry))) {
                pl->ok = false;
                return -1;
            }
            return 0;
        },
        &payload);
    return rc == 0 && payload.ok;
}

bool SnapshotStore::Private::checkHead(QString *error)
{
    git_oid head;
    const int rc = git_reference_name_to_id(&head, repo, "HEAD");
    if (rc == 0 && verifyCommit(&head))
        return true;
    if (rc == GIT_ENOTFOUND || rc == GIT_EUNBORNBRANCH) {
        // Unborn branch: fine unless a reflog says commits existed (a lost ref file).
        if (!QFileInfo::exists(gitDir + u"/logs/"_s + QLatin1StringView(kBranch)))
            return true;
    }
    recovered = true;
    QFile log(gitDir + u"/logs/"_s + QLatin1StringView(kBranch));
    QByteArrayList lines;
    if (log.open(QIODevice::ReadOnly))
        lines = log.readAll().split('\n');
    for (qsizetype i = lines.size() - 1; i >= 0; --i) {
        const QByteArrayList fields = lines.at(i).split(' ');
        git_oid candidate;
        if (fields.size() < 2 || fields.at(1).size() != GIT_OID_HEXSZ ||
            git_oid_fromstr(&candidate, fields.at(1).constData()) != 0 || git_oid_is_zero(&candidate))
            continue;
        if (!verifyCommit(&candidate))
            continue;
        // A torn ref file cannot even be overwritten through libgit2, so drop it first.
        QFile::remove(gitDir + u'/' + QLatin1StringView(kBranch));
        git_reference *ref = nullptr;
        if (git_reference_create(&ref, repo, kBranch, &candidate, 1,
                                 "sandbench: recovered last good commit") != 0)
            return gitFail(error, u"cannot repair history"_s);
        git_reference_free(ref);
        git_reference *headRef = nullptr;
        git_reference_symbolic_create(&headRef, repo, "HEAD", kBranch, 1, nullptr);
        git_reference_free(headRef);
        return true;
    }
    // Nothing usable: start the history over (the files in home are untouched).
    git_reference *ref = nullptr;
    if (git_reference_lookup(&ref, repo, kBranch) == 0) {
        git_reference_delete(ref);
        git_reference_free(ref);
    }
    QFile::remove(gitDir + u"/refs/heads/main"_s);
    return true;
}

bool SnapshotStore::Private::resetIndexTo(const git_oid *commitOid, QString *error)
{
    git_index_clear(index);
    if (commitOid) {
        git_commit *rawCommit = nullptr;
        git_tree *rawTree = nullptr;
        if (git_commit_lookup(&rawCommit, repo, commitOid) != 0)
            return gitFail(error, u"cannot read head commit"_s);
        CommitPtr c(rawCommit);
        if (git_commit_tree(&rawTree, c.get()) != 0)
            return gitFail(error, u"cannot read head tree"_s);
        TreePtr t(rawTree);
        // Entries get blob ids but zero stat data, so the next scan re-hashes every file once.
        if (git_index_read_tree(index, t.get()) != 0)
            return gitFail(error, u"cannot rebuild stat cache"_s);
    }
    indexDirty = true;
    return true;
}

bool SnapshotStore::Private::openIndex(QString *error)
{
    const QByteArray path = QFile::encodeName(gitDir + u'/' + QLatin1StringView(kIndexFile));
    if (git_index_open(&index, path.constData()) != 0) {
        recovered = true;
        ::unlink(path.constData());
        if (git_index_open(&index, path.constData()) != 0)
            return gitFail(error, u"cannot open stat cache"_s);
    }
    git_oid head;
    const bool hasHead = git_reference_name_to_id(&head, repo, "HEAD") == 0;
    if (recovered)
        return resetIndexTo(hasHead ? &head : nullptr, error);
    if (git_index_entrycount(index) == 0 && hasHead)
        return resetIndexTo(&head, error);
    return true;
}

bool SnapshotStore::open(const QString &homeDir, const QString &gitDir, QString *error)
{
    close();
    d->homeDir = homeDir;
    d->gitDir = QDir::cleanPath(QDir(gitDir).absolutePath());
    d->recovered = false;
    d->needFullScan = true;
    d->indexDirty = false;
    git_libgit2_init();
    d->libInit = true;
    auto fail = [this]() {
        close();
        return false;
    };

    d->homeFd = SafeFs::openDirectory(homeDir, error);
    if (!d->homeFd.isValid())
        return fail();
    struct stat homeSt;
    if (::fstat(d->homeFd.get(), &homeSt) != 0)
        return fail();
    d->ownerUid = homeSt.st_uid;
    d->ownerGid = homeSt.st_gid;

    if (!QFileInfo::exists(d->gitDir + u"/HEAD"_s)) {
        if (QFileInfo::exists(d->gitDir + u"/objects"_s)) {
            // Objects without a HEAD file: keep the history, the branch ref is checked below.
            QFile head(d->gitDir + u"/HEAD"_s);
            if (head.open(QIODevice::WriteOnly))
                head.write("ref: refs/heads/main\n");
            d->recovered = true;
        } else {
            QDir().mkpath(QFileInfo(d->gitDir).absolutePath());
            if (!d->initRepository(error))
                return fail();
            // The history holds every file the container ever wrote: private whatever the umask.
            QFile::setPermissions(d->gitDir,
                                  QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        }
    }
    d->lockFd.reset(::open(QFile::encodeName(d->gitDir + u"/sandbench.lock"_s).constData(),
                           O_RDWR | O_CREAT | O_CLOEXEC, 0600));
    if (!d->lockFd.isValid() || ::flock(d->lockFd.get(), LOCK_EX | LOCK_NB) != 0) {
        if (error)
            *error = u"history %1 is in use by another process"_s.arg(d->gitDir);
        return fail();
    }
    d->removeStaleLocks();

    if (git_repository_open_ext(&d->repo, QFile::encodeName(d->gitDir).constData(),
                                GIT_REPOSITORY_OPEN_NO_SEARCH | GIT_REPOSITORY_OPEN_BARE, nullptr) != 0) {
        // A damaged HEAD file makes the repository unreadable; point it at our branch again.
        QFile head(d->gitDir + u"/HEAD"_s);
        if (head.open(QIODevice::WriteOnly | QIODevice::Truncate))
            head.write("ref: refs/heads/main\n");
        head.close();
        d->recovered = true;
        if (git_repository_open_ext(&d->repo, QFile::encodeName(d->gitDir).constData(),
                                    GIT_REPOSITORY_OPEN_NO_SEARCH | GIT_REPOSITORY_OPEN_BARE, nullptr) != 0) {
            gitFail(error, u"cannot open history %1"_s.arg(d->gitDir));
            return fail();
        }
    }
    if (!d->checkHead(error) || !d->openIndex(error))
        return fail();
    return true;
}

QString SnapshotStore::headCommit() const
{
    git_oid head;
    if (!d->repo || git_reference_name_to_id(&head, d->repo, "HEAD") != 0)
        return {};
    return oidString(&head);
}

bool SnapshotStore::Private::writeIndex(QString *error)
{
    if (git_index_write(index) != 0)
        return gitFail(error, u"cannot write stat cache"_s);
    indexDirty = false;
    indexWriteTimer.start();
    return true;
}

bool SnapshotStore::refresh(QString *error)
{
    if (!d->repo) {
        if (error)
            *error = u"history is not open"_s;
        return false;
    }
    timespec now;
    ::clock_gettime(CLOCK_REALTIME, &now);
    d->scanStartNs = qint64(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
    if (!d->reconcile(QByteArray(), error))
        return false;
    d->needFullScan = false;
    return true;
}

bool SnapshotStore::flush(QString *error)
{
    if (!d->index || !d->indexDirty)
        return true;
    return d->writeIndex(error);
}

static bool statMatches(const git_index_entry &e, const struct stat &st)
{
    const bool isLink = S_ISLNK(st.st_mode);
    if (isLink != (e.mode == GIT_FILEMODE_LINK))
        return false;
    if (!isLink && bool(st.st_mode & S_IXUSR) != (e.mode == GIT_FILEMODE_BLOB_EXECUTABLE))
        return false;
    return e.ctime.seconds == qint32(st.st_ctim.tv_sec) &&
           e.ctime.nanoseconds == quint32(st.st_ctim.tv_nsec) &&
           e.mtime.seconds == qint32(st.st_mtim.tv_sec) &&
           e.mtime.nanoseconds == quint32(st.st_mtim.tv_nsec) && e.ino == quint32(st.st_ino) &&
           e.dev == quint32(st.st_dev) && e.file_size == quint32(st.st_size);
}

static bool sameStat(const struct stat &a, const struct stat &b)
{
    return a.st_ino == b.st_ino && a.st_size == b.st_size && a.st_ctim.tv_sec == b.st_ctim.tv_sec &&
           a.st_ctim.tv_nsec == b.st_ctim.tv_nsec && a.st_mtim.tv_sec == b.st_mtim.tv_sec &&
           a.st_mtim.tv_nsec == b.st_mtim.tv_nsec;
}

bool SnapshotStore::Private::hashFile(int dirFd, const QByteArray &name, struct stat *st, git_oid *oid,
                                      bool *racy)
{
    if (S_ISLNK(st->st_mode)) {
        QByteArray target(qMax<qsizetype>(st->st_size, 255) + 1, Qt::Uninitialized);
        for (;;) {
            const ssize_t n = ::readlinkat(dirFd, name.constData(), target.data(), size_t(target.size()));
            if (n < 0)
                return false;
            if (n < target.size()) {
                target.truncate(n);
                break;
            }
            target.resize(target.size() * 2);
        }
        return git_blob_create_from_buffer(oid, repo, target.constData(), size_t(target.size())) == 0;
    }
    // O_NONBLOCK: a fifo swapped in after lstat must not hang us; O_NOFOLLOW: nor may a symlink.
    UniqueFd fd(::openat(dirFd, name.constData(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));
    if (!fd.isValid())
        return false;
    struct stat before;
    if (::fstat(fd.get(), &before) != 0 || !S_ISREG(before.st_mode))
        return false;
    *st = before;
    bool ok = false;
    if (before.st_size <= kMaxInMemoryFile) {
        QByteArray data;
        data.resize(before.st_size + 1);
        qsizetype done = 0;
        for (;;) {
            if (done == data.size())
                data.resize(data.size() * 2);
            const ssize_t n = ::read(fd.get(), data.data() + done, size_t(data.size() - done));
            if (n < 0 && errno == EINTR)
                continue;
            if (n < 0)
                return false;
            if (n == 0)
                break;
            done += n;
        }
        data.truncate(done);
        ok = git_odb_hash(oid, data.constData(), size_t(data.size()), GIT_OBJECT_BLOB) == 0;
        git_odb *odb = nullptr;
        if (ok && git_repository_odb(&odb, repo) == 0) {
            if (!git_odb_exists(odb, oid))
                ok = git_odb_write(oid, odb, data.constData(), size_t(data.size()), GIT_OBJECT_BLOB) == 0;
            git_odb_free(odb);
        }
    } else {
        git_odb *rawOdb = nullptr;
        if (git_repository_odb(&rawOdb, repo) != 0)
            return false;
        OdbPtr odb(rawOdb);
        git_odb_stream *stream = nullptr;
        if (git_odb_open_wstream(&stream, odb.get(), git_object_size_t(before.st_size), GIT_OBJECT_BLOB) != 0)
            return false;
        QByteArray chunk(1 << 20, Qt::Uninitialized);
        qint64 remaining = before.st_size;
        while (remaining > 0) {
            const ssize_t n = ::read(fd.get(), chunk.data(), size_t(qMin<qint64>(remaining, chunk.size())));
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0)
                break;
            git_odb_stream_write(stream, chunk.constData(), size_t(n));
            remaining -= n;
        }
        ok = remaining == 0 && git_odb_stream_finalize_write(oid, stream) == 0;
        git_odb_stream_free(stream);
    }
    struct stat after;
    if (::fstat(fd.get(), &after) != 0 || !sameStat(before, after))
        *racy = true;
    return ok;
}

bool SnapshotStore::Private::processFile(int dirFd, const QByteArray &name, const struct stat &lst,
                                         const QByteArray &escPath, QSet<QByteArray> *seen, QString *error)
{
    const git_index_entry *old = git_index_get_bypath(index, escPath.constData(), 0);
    if (old) // seen holds only paths that keep an entry, so removeUnseen can compare counts
        seen->insert(escPath);
    if (old && statMatches(*old, lst))
        return true;
    struct stat st = lst;
    git_oid oid;
    bool racy = false;
    git_index_entry entry{};
    if (!hashFile(dirFd, name, &st, &oid, &racy)) {
        // Vanished, unreadable or changing under us: keep what we had, but make sure it is looked at again.
        if (old) {
            entry = *old;
            entry.ctime = {0, 0};
            git_index_add(index, &entry);
            indexDirty = true;
        }
        return true;
    }
    entry.ctime = {qint32(st.st_ctim.tv_sec), quint32(st.st_ctim.tv_nsec)};
    entry.mtime = {qint32(st.st_mtim.tv_sec), quint32(st.st_mtim.tv_nsec)};
    entry.dev = quint32(st.st_dev);
    entry.ino = quint32(st.st_ino);
    entry.uid = st.st_uid;
    entry.gid = st.st_gid;
    entry.file_size = quint32(st.st_size);
    entry.mode = S_ISLNK(st.st_mode)      ? GIT_FILEMODE_LINK
                 : (st.st_mode & S_IXUSR) ? GIT_FILEMODE_BLOB_EXECUTABLE
                                          : GIT_FILEMODE_BLOB;
    entry.id = oid;
    entry.path = escPath.constData();
    const qint64 ctimeNs = qint64(st.st_ctim.tv_sec) * 1'000'000'000 + st.st_ctim.tv_nsec;
    if (racy || ctimeNs >= scanStartNs - kRacyWindowNs)
        entry.ctime = {0, 0};
    if (git_index_add(index, &entry) != 0)
        return gitFail(error, u"cannot record %1"_s.arg(QString::fromUtf8(unescapePath(escPath))));
    seen->insert(escPath);
    indexDirty = true;
    return true;
}

bool SnapshotStore::Private::walkDir(int dirFd, const QByteArray &escPrefix, QSet<QByteArray> *seen,
                                     QString *error)
{
    DIR *dir = ::fdopendir(::openat(dirFd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (!dir)
        return true; // vanished or unreadable: treated as empty
    bool ok = true;
    while (dirent *de = ::readdir(dir)) {
        const QByteArray name(de->d_name);
        if (name == "." || name == "..")
            continue;
        const QByteArray esc = escapeComponent(name);
        const QByteArray path = escPrefix.isEmpty() ? esc : escPrefix + '/' + esc;
        if (de->d_type == DT_DIR) {
            UniqueFd sub(::openat(dirFd, de->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
            if (sub.isValid())
                ok = walkDir(sub.get(), path, seen, error) && ok;
            continue;
        }
        if (de->d_type != DT_REG && de->d_type != DT_LNK && de->d_type != DT_UNKNOWN)
            continue; // fifos, sockets, devices are not saved
        struct stat st;
        if (::fstatat(dirFd, de->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0)
            continue;
        if (S_ISDIR(st.st_mode)) {
            UniqueFd sub(::openat(dirFd, de->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
            if (sub.isValid())
                ok = walkDir(sub.get(), path, seen, error) && ok;
            continue;
        }
        if (!S_ISREG(st.st_mode) && !S_ISLNK(st.st_mode))
            continue;
        ok = processFile(dirFd, name, st, path, seen, error) && ok;
    }
    ::closedir(dir);
    return ok;
}

void SnapshotStore::Private::removeUnseen(const QByteArray &escPrefix, const QSet<QByteArray> &seen)
{
    QByteArrayList gone;
    if (escPrefix.isEmpty()) {
        const size_t count = git_index_entrycount(index);
        if (size_t(seen.size()) == count)
            return; // every entry was seen (each seen path has an entry by now)
        for (size_t i = 0; i < count; ++i) {
            const git_index_entry *e = git_index_get_byindex(index, i);
            if (!seen.contains(QByteArray::fromRawData(e->path, qsizetype(qstrlen(e->path)))))
                gone.append(QByteArray(e->path));
        }
    } else {
        if (git_index_get_bypath(index, escPrefix.constData(), 0) && !seen.contains(escPrefix))
            gone.append(escPrefix);
        const QByteArray dirPrefix = escPrefix + '/';
        size_t pos = 0;
        if (git_index_find_prefix(&pos, index, dirPrefix.constData()) == 0) {
            for (size_t i = pos; i < git_index_entrycount(index); ++i) {
                const git_index_entry *e = git_index_get_byindex(index, i);
                if (qstrncmp(e->path, dirPrefix.constData(), size_t(dirPrefix.size())) != 0)
                    break;
                if (!seen.contains(QByteArray::fromRawData(e->path, qsizetype(qstrlen(e->path)))))
                    gone.append(QByteArray(e->path));
            }
        }
    }
    for (const QByteArray &path : std::as_const(gone))
        git_index_remove(index, path.constData(), 0);
    if (!gone.isEmpty())
        indexDirty = true;
}

bool SnapshotStore::Private::reconcile(const QByteArray &realRel, QString *error)
{
    QSet<QByteArray> seen;
    if (realRel.isEmpty()) {
        seen.reserve(qsizetype(git_index_entrycount(index)) + 16);
        if (!walkDir(homeFd.get(), QByteArray(), &seen, error))
            return false;
        removeUnseen(QByteArray(), seen);
        return true;
    }
    QByteArrayList parts;
    if (!SafeFs::splitRelativePath(realRel, &parts, error))
        return false;
    UniqueFd parent = SafeFs::openParent(homeFd.get(), parts, false, 0, 0, nullptr);
    if (!parent.isValid())
        return reconcile(parentOf(realRel), error); // an ancestor changed too: widen the look
    const QByteArray escRel = escapePath(realRel);
    const QByteArray &name = parts.last();
    struct stat st;
    if (::fstatat(parent.get(), name.constData(), &st, AT_SYMLINK_NOFOLLOW) == 0) {
        if (S_ISDIR(st.st_mode)) {
            UniqueFd sub(
                ::openat(parent.get(), name.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
            if (sub.isValid() && !walkDir(sub.get(), escRel, &seen, error))
                return false;
        } else if (S_ISREG(st.st_mode) || S_ISLNK(st.st_mode)) {
            if (!processFile(parent.get(), name, st, escRel, &seen, error))
                return false;
        }
    }
    removeUnseen(escRel, seen);
    return true;
}

qint64 SnapshotStore::Private::blobSize(const git_oid *oid) const
{
    git_odb *odb = nullptr;
    if (git_oid_is_zero(oid) || git_repository_odb(&odb, repo) != 0)
        return -1;
    size_t len = 0;
    git_object_t type;
    const int rc = git_odb_read_header(&len, &type, odb, oid);
    git_odb_free(odb);
    return rc == 0 ? qint64(len) : -1;
}

std::optional<QList<FileChange>> SnapshotStore::Private::diffTrees(git_tree *oldTree, git_tree *newTree,
                                                                   QString *error) const
{
    QList<FileChange> out;
    if (oldTree && newTree && git_oid_equal(git_tree_id(oldTree), git_tree_id(newTree)))
        return out;
    git_diff_options opts = GIT_DIFF_OPTIONS_INIT;
    opts.flags |= GIT_DIFF_INCLUDE_TYPECHANGE;
    git_diff *rawDiff = nullptr;
    if (git_diff_tree_to_tree(&rawDiff, repo, oldTree, newTree, &opts) != 0) {
        gitFail(error, u"cannot compare commits"_s);
        return std::nullopt;
    }
    DiffPtr diff(rawDiff);
    const size_t n = git_diff_num_deltas(diff.get());
    out.reserve(qsizetype(n));
    for (size_t i = 0; i < n; ++i) {
        const git_diff_delta *delta = git_diff_get_delta(diff.get(), i);
        FileChange change;
        const char *path = delta->status == GIT_DELTA_DELETED ? delta->old_file.path : delta->new_file.path;
        change.path = QString::fromUtf8(unescapePath(QByteArray(path)));
        switch (delta->status) {
        case GIT_DELTA_ADDED:
            change.kind = ChangeKind::Added;
            break;
        case GIT_DELTA_DELETED:
            change.kind = ChangeKind::Deleted;
            break;
        default:
            change.kind = ChangeKind::Modified;
        }
        if (change.kind != ChangeKind::Added)
            change.oldSize = blobSize(&delta->old_file.id);
        if (change.kind != ChangeKind::Deleted)
            change.newSize = blobSize(&delta->new_file.id);
        out.append(change);
    }
    return out;
}

static QByteArray buildMessage(const QString &command, const CommandMeta &meta, bool isRestore,
                               const QList<FileChange> &changes)
{
    int added = 0, modified = 0, deleted = 0;
    for (const FileChange &c : changes)
        (c.kind == ChangeKind::Added ? added : c.kind == ChangeKind::Deleted ? deleted : modified)++;
    QByteArray msg = command.toUtf8().replace('\0', ' ');
    msg += kTrailerStart;
    msg += isRestore ? "restore" : "command";
    msg += "\nSandbench-Outcome: ";
    msg += meta.timedOut ? QByteArray("timeout") : "exit " + QByteArray::number(meta.exitCode);
    msg += "\nSandbench-Duration-Ms: " + QByteArray::number(meta.durationMs);
    msg += "\nSandbench-Changes: +" + QByteArray::number(added) + " ~" + QByteArray::number(modified) + " -" +
           QByteArray::number(deleted) + '\n';
    return msg;
}

static HistoryEntry parseMessage(const QByteArray &msg)
{
    HistoryEntry entry;
    const qsizetype at = msg.lastIndexOf(kTrailerStart);
    if (at < 0) {
        entry.command = QString::fromUtf8(msg);
        return entry;
    }
    entry.command = QString::fromUtf8(msg.left(at));
    const QByteArrayList lines = msg.mid(at + 2).split('\n');
    for (const QByteArray &line : lines) {
        const qsizetype colon = line.indexOf(": ");
        if (colon < 0)
            continue;
        const QByteArray key = line.left(colon);
        const QByteArray value = line.mid(colon + 2).trimmed();
        if (key == "Sandbench-Kind") {
            entry.isRestore = value == "restore";
        } else if (key == "Sandbench-Outcome") {
            entry.timedOut = value == "timeout";
            if (value.startsWith("exit "))
                entry.exitCode = value.mid(5).toInt();
        } else if (key == "Sandbench-Duration-Ms") {
            entry.durationMs = value.toLongLong();
        } else if (key == "Sandbench-Changes") {
            for (const QByteArray &part : value.split(' ')) {
                if (part.size() < 2)
                    continue;
                const int n = part.mid(1).toInt();
                (part.at(0) == '+' ? entry.added : part.at(0) == '-' ? entry.deleted : entry.modified) = n;
            }
        }
    }
    return entry;
}

std::optional<Snapshot> SnapshotStore::Private::commit(const QString &command, const CommandMeta &meta,
                                                       const ChangeHint &hint, bool isRestore, QString *error)
{
    if (!repo) {
        if (error)
            *error = u"history is not open"_s;
        return std::nullopt;
    }
    timespec now;
    ::clock_gettime(CLOCK_REALTIME, &now);
    scanStartNs = qint64(now.tv_sec) * 1'000'000'000 + now.tv_nsec;

    QByteArrayList roots;
    // Thousands of hinted paths (npm install, unpacking an archive) are cheaper to find with one walk.
    bool full =
        needFullScan || hint.scope == ChangeHint::Scope::Anything || hint.paths.size() > kMaxHintPaths;
    if (!full) {
        QSet<QByteArray> kept;
        QByteArrayList sorted = hint.paths;
        std::sort(sorted.begin(), sorted.end());
        for (QByteArray p : std::as_const(sorted)) {
            while (p.endsWith('/'))
                p.chop(1);
            if (p.isEmpty()) {
                full = true;
                break;
            }
            bool covered = false;
            for (QByteArray a = parentOf(p); !a.isEmpty() && !covered; a = parentOf(a))
                covered = kept.contains(a);
            if (!covered && !kept.contains(p)) {
                kept.insert(p);
                roots.append(p);
            }
        }
    }
    if (full) {
        if (!reconcile(QByteArray(), error))
            return std::nullopt;
    } else {
        for (const QByteArray &root : std::as_const(roots)) {
            QString why;
            // A hint we cannot interpret is not trusted to narrow the scan.
            if (!reconcile(root, &why)) {
                if (!reconcile(QByteArray(), error))
                    return std::nullopt;
                break;
            }
        }
    }

    git_oid treeOid;
    if (git_index_write_tree_to(&treeOid, index, repo) != 0) {
        gitFail(error, u"cannot write tree"_s);
        return std::nullopt;
    }
    git_tree *rawTree = nullptr;
    if (git_tree_lookup(&rawTree, repo, &treeOid) != 0) {
        gitFail(error, u"cannot read new tree"_s);
        return std::nullopt;
    }
    TreePtr tree(rawTree);
    CommitPtr parent;
    TreePtr parentTree;
    git_oid parentOid;
    if (git_reference_name_to_id(&parentOid, repo, "HEAD") == 0) {
        git_commit *rawCommit = nullptr;
        git_tree *rawParentTree = nullptr;
        if (git_commit_lookup(&rawCommit, repo, &parentOid) != 0) {
            gitFail(error, u"cannot read previous commit"_s);
            return std::nullopt;
        }
        parent.reset(rawCommit);
        if (git_commit_tree(&rawParentTree, parent.get()) != 0) {
            gitFail(error, u"cannot read previous tree"_s);
            return std::nullopt;
        }
        parentTree.reset(rawParentTree);
    }
    std::optional<QList<FileChange>> changes = diffTrees(parentTree.get(), tree.get(), error);
    if (!changes)
        return std::nullopt;

    const qint64 whenMs = meta.finishedAtMs > 0 ? meta.finishedAtMs : QDateTime::currentMSecsSinceEpoch();
    git_signature *rawSig = nullptr;
    if (git_signature_new(&rawSig, "Sandbench", "sandbench@localhost", git_time_t(whenMs / 1000), 0) != 0) {
        gitFail(error, u"cannot make signature"_s);
        return std::nullopt;
    }
    SigPtr sig(rawSig);
    const QByteArray message = buildMessage(command, meta, isRestore, *changes);
    const git_commit *parents[1] = {parent.get()};
    git_oid commitOid;
    if (git_commit_create(&commitOid, repo, "HEAD", sig.get(), sig.get(), nullptr, message.constData(),
                          tree.get(), parent ? 1 : 0, parents) != 0) {
        gitFail(error, u"cannot write commit"_s);
        return std::nullopt;
    }
    needFullScan = false;
    // Writing 10,000 entries costs more than the rest of a small commit, so the stat cache goes to disk
    // at most every kIndexWriteIntervalMs (and on flush/close). A stale cache after a crash is safe: an
    // entry whose file changed since has a different ctime, so exactly those files are re-hashed.
    if (indexDirty && (!indexWriteTimer.isValid() || indexWriteTimer.elapsed() >= kIndexWriteIntervalMs))
        writeIndex(nullptr);
    return Snapshot{oidString(&commitOid), *changes};
}

std::optional<Snapshot> SnapshotStore::commitCommand(const QString &command, const CommandMeta &meta,
                                                     const ChangeHint &hint, QString *error)
{
    return d->commit(command, meta, hint, false, error);
}

CommitPtr SnapshotStore::Private::lookupCommit(const QString &id, QString *error) const
{
    if (!repo) {
        if (error)
            *error = u"history is not open"_s;
        return {};
    }
    git_oid oid;
    if (!parseOid(id, &oid, error))
        return {};
    git_commit *raw = nullptr;
    if (git_commit_lookup(&raw, repo, &oid) != 0) {
        if (error)
            *error = u"no such commit: %1"_s.arg(id);
        return {};
    }
    return CommitPtr(raw);
}

std::optional<QList<HistoryEntry>> SnapshotStore::history(QString *error, int limit) const
{
    if (!d->repo) {
        if (error)
            *error = u"history is not open"_s;
        return std::nullopt;
    }
    QList<HistoryEntry> out;
    git_oid oid;
    if (git_reference_name_to_id(&oid, d->repo, "HEAD") != 0)
        return out;
    while (limit < 0 || out.size() < limit) {
        git_commit *raw = nullptr;
        if (git_commit_lookup(&raw, d->repo, &oid) != 0)
            break;
        CommitPtr commit(raw);
        HistoryEntry entry = parseMessage(QByteArray(git_commit_message_raw(commit.get())));
        entry.commitId = oidString(&oid);
        entry.timeMs = qint64(git_commit_time(commit.get())) * 1000;
        const bool hasParent = git_commit_parentcount(commit.get()) > 0;
        if (hasParent)
            entry.parentId = oidString(git_commit_parent_id(commit.get(), 0));
        out.append(entry);
        if (!hasParent)
            break;
        oid = *git_commit_parent_id(commit.get(), 0);
    }
    return out;
}

std::optional<QList<FileChange>> SnapshotStore::changes(const QString &commitId, QString *error) const
{
    CommitPtr commit = d->lookupCommit(commitId, error);
    if (!commit)
        return std::nullopt;
    git_tree *rawTree = nullptr;
    if (git_commit_tree(&rawTree, commit.get()) != 0) {
        gitFail(error, u"cannot read tree"_s);
        return std::nullopt;
    }
    TreePtr tree(rawTree);
    TreePtr parentTree;
    if (git_commit_parentcount(commit.get()) > 0) {
        git_commit *rawParent = nullptr;
        git_tree *rawParentTree = nullptr;
        if (git_commit_parent(&rawParent, commit.get(), 0) != 0) {
            gitFail(error, u"cannot read parent commit"_s);
            return std::nullopt;
        }
        CommitPtr parent(rawParent);
        if (git_commit_tree(&rawParentTree, parent.get()) != 0) {
            gitFail(error, u"cannot read parent tree"_s);
            return std::nullopt;
        }
        parentTree.reset(rawParentTree);
    }
    return d->diffTrees(parentTree.get(), tree.get(), error);
}

// The blob at path in commit, or nullptr when the path is absent there (or is a directory).
static BlobPtr blobAt(git_repository *repo, git_commit *commit, const QByteArray &escPath)
{
    if (!commit)
        return {};
    git_tree *rawTree = nullptr;
    if (git_commit_tree(&rawTree, commit) != 0)
        return {};
    TreePtr tree(rawTree);
    git_tree_entry *rawEntry = nullptr;
    if (git_tree_entry_bypath(&rawEntry, tree.get(), escPath.constData()) != 0)
        return {};
    TreeEntryPtr entry(rawEntry);
    if (git_tree_entry_type(entry.get()) != GIT_OBJECT_BLOB)
        return {};
    git_blob *blob = nullptr;
    if (git_blob_lookup(&blob, repo, git_tree_entry_id(entry.get())) != 0)
        return {};
    return BlobPtr(blob);
}

std::optional<FileDiff> SnapshotStore::fileDiff(const QString &path, const QString &fromCommit,
                                                const QString &toCommit, QString *error) const
{
    const QByteArray real = path.toUtf8();
    QByteArrayList parts;
    if (!SafeFs::splitRelativePath(real, &parts, error))
        return std::nullopt;
    CommitPtr to = d->lookupCommit(toCommit, error);
    if (!to)
        return std::nullopt;
    CommitPtr from;
    if (!fromCommit.isEmpty()) {
        from = d->lookupCommit(fromCommit, error);
        if (!from)
            return std::nullopt;
    } else if (git_commit_parentcount(to.get()) > 0) {
        git_commit *raw = nullptr;
        if (git_commit_parent(&raw, to.get(), 0) == 0)
            from.reset(raw);
    }
    const QByteArray esc = escapePath(real);
    BlobPtr oldBlob = blobAt(d->repo, from.get(), esc);
    BlobPtr newBlob = blobAt(d->repo, to.get(), esc);
    FileDiff out;
    if ((!oldBlob && !newBlob) ||
        (oldBlob && newBlob && git_oid_equal(git_blob_id(oldBlob.get()), git_blob_id(newBlob.get()))))
        return out;
    git_diff_options opts = GIT_DIFF_OPTIONS_INIT;
    git_patch *rawPatch = nullptr;
    if (git_patch_from_blobs(&rawPatch, oldBlob.get(), real.constData(), newBlob.get(), real.constData(),
                             &opts) != 0) {
        gitFail(error, u"cannot diff %1"_s.arg(path));
        return std::nullopt;
    }
    PatchPtr patch(rawPatch);
    out.binary = git_patch_get_delta(patch.get())->flags & GIT_DIFF_FLAG_BINARY;
    // Printed line by line (as git_patch_to_buf does) and stopped at kMaxDiffBytes, so a diff of a huge file
    // never has to fit in memory or in the view.
    struct Printer
    {
        QByteArray text;
        bool truncated = false;
    } printer;
    const int printed = git_patch_print(
        patch.get(),
        [](const git_diff_delta *, const git_diff_hunk *, const git_diff_line *line, void *payload) -> int {
            auto *p = static_cast<Printer *>(payload);
            const bool body = line->origin == GIT_DIFF_LINE_CONTEXT ||
                              line->origin == GIT_DIFF_LINE_ADDITION ||
                              line->origin == GIT_DIFF_LINE_DELETION;
            if (p->text.size() + qsizetype(line->content_len) + 1 > SnapshotStore::kMaxDiffBytes) {
                p->truncated = true;
                return 1; // stops the walk
            }
            if (body)
                p->text += line->origin;
            p->text.append(line->content, qsizetype(line->content_len));
            return 0;
        },
        &printer);
    if (printed != 0 && !printer.truncated) {
        gitFail(error, u"cannot format diff of %1"_s.arg(path));
        return std::nullopt;
    }
    out.text = QString::fromUtf8(printer.text);
    out.truncated = printer.truncated;
    return out;
}

std::optional<Snapshot> SnapshotStore::Private::restore(const QByteArray &realPrefix, const QString &commitId,
                                                        QString *error)
{
    QElapsedTimer timer;
    timer.start();
    if (!realPrefix.isEmpty()) {
        QByteArrayList parts;
        if (!SafeFs::splitRelativePath(realPrefix, &parts, error))
            return std::nullopt;
    }
    CommitPtr source = lookupCommit(commitId, error);
    if (!source)
        return std::nullopt;
    git_tree *rawTree = nullptr;
    if (git_commit_tree(&rawTree, source.get()) != 0) {
        gitFail(error, u"cannot read tree"_s);
        return std::nullopt;
    }
    TreePtr tree(rawTree);
    // Bring the stat cache up to date so it describes exactly what home holds now.
    timespec now;
    ::clock_gettime(CLOCK_REALTIME, &now);
    scanStartNs = qint64(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
    if (!reconcile(needFullScan ? QByteArray() : realPrefix, error))
        return std::nullopt;

    const QByteArray escPrefix = escapePath(realPrefix);
    struct Target
    {
        git_oid id;
        quint32 mode;
    };
    QHash<QByteArray, Target> target;
    auto collect = [&](git_tree *t, const QByteArray &base) {
        struct Payload
        {
            QHash<QByteArray, Target> *target;
            QByteArray base;
        } payload{&target, base};
        git_tree_walk(
            t, GIT_TREEWALK_PRE,
            [](const char *root, const git_tree_entry *entry, void *p) -> int {
                auto *pl = static_cast<Payload *>(p);
                if (git_tree_entry_type(entry) != GIT_OBJECT_BLOB)
                    return 0;
                QByteArray path = pl->base;
                if (!path.isEmpty())
                    path += '/';
                path += root;
                path += git_tree_entry_name(entry);
                pl->target->insert(path,
                                   {*git_tree_entry_id(entry), quint32(git_tree_entry_filemode(entry))});
                return 0;
            },
            &payload);
    };
    if (escPrefix.isEmpty()) {
        collect(tree.get(), QByteArray());
    } else {
        git_tree_entry *rawEntry = nullptr;
        if (git_tree_entry_bypath(&rawEntry, tree.get(), escPrefix.constData()) == 0) {
            TreeEntryPtr entry(rawEntry);
            if (git_tree_entry_type(entry.get()) == GIT_OBJECT_BLOB) {
                target.insert(escPrefix, {*git_tree_entry_id(entry.get()),
                                          quint32(git_tree_entry_filemode(entry.get()))});
            } else if (git_tree_entry_type(entry.get()) == GIT_OBJECT_TREE) {
                git_tree *sub = nullptr;
                if (git_tree_lookup(&sub, repo, git_tree_entry_id(entry.get())) == 0) {
                    TreePtr subTree(sub);
                    collect(subTree.get(), escPrefix);
                }
            }
        }
    }

    QHash<QByteArray, Target> current;
    for (size_t i = 0; i < git_index_entrycount(index); ++i) {
        const git_index_entry *e = git_index_get_byindex(index, i);
        const QByteArray path(e->path);
        if (isUnder(path, escPrefix))
            current.insert(path, {e->id, e->mode});
    }

    // Deletions first, so a file can take the place of a deleted directory and vice versa.
    for (auto it = current.cbegin(); it != current.cend(); ++it) {
        if (target.contains(it.key()))
            continue;
        QByteArrayList parts;
        if (!SafeFs::splitRelativePath(unescapePath(it.key()), &parts, nullptr))
            continue;
        UniqueFd parent = SafeFs::openParent(homeFd.get(), parts, false, 0, 0, nullptr);
        if (!parent.isValid())
            continue;
        ::unlinkat(parent.get(), parts.last().constData(), 0);
        // Drop directories the deletion left empty (up to home itself).
        for (qsizetype depth = parts.size() - 1; depth > 0; --depth) {
            const QByteArrayList dirParts = parts.mid(0, depth);
            UniqueFd dirParent = SafeFs::openParent(homeFd.get(), dirParts, false, 0, 0, nullptr);
            if (!dirParent.isValid() ||
                ::unlinkat(dirParent.get(), dirParts.last().constData(), AT_REMOVEDIR) != 0)
                break;
        }
    }
    for (auto it = target.cbegin(); it != target.cend(); ++it) {
        const auto cur = current.constFind(it.key());
        if (cur != current.cend() && cur->mode == it->mode && git_oid_equal(&cur->id, &it->id))
            continue;
        QByteArrayList parts;
        if (!SafeFs::splitRelativePath(unescapePath(it.key()), &parts, error))
            return std::nullopt;
        UniqueFd parent = SafeFs::openParent(homeFd.get(), parts, true, ownerUid, ownerGid, error);
        if (!parent.isValid())
            return std::nullopt;
        git_blob *rawBlob = nullptr;
        if (git_blob_lookup(&rawBlob, repo, &it->id) != 0) {
            gitFail(error, u"cannot read saved content of %1"_s.arg(QString::fromUtf8(parts.join('/'))));
            return std::nullopt;
        }
        BlobPtr blob(rawBlob);
        const QByteArray data(static_cast<const char *>(git_blob_rawcontent(blob.get())),
                              qsizetype(git_blob_rawsize(blob.get())));
        const bool ok =
            it->mode == GIT_FILEMODE_LINK
                ? SafeFs::writeSymlinkAt(parent.get(), parts.last(), data, ownerUid, ownerGid, error)
                : SafeFs::writeFileAt(parent.get(), parts.last(), data,
                                      it->mode == GIT_FILEMODE_BLOB_EXECUTABLE ? 0755 : 0644, ownerUid,
                                      ownerGid, error);
        if (!ok)
            return std::nullopt;
    }

    const QString shortId = commitId.left(12);
    const QString message = realPrefix.isEmpty()
                                ? u"restore workspace to %1"_s.arg(shortId)
                                : u"restore %1 to %2"_s.arg(QString::fromUtf8(realPrefix), shortId);
    CommandMeta meta;
    meta.durationMs = timer.elapsed();
    const ChangeHint hint =
        realPrefix.isEmpty() ? ChangeHint::anything() : ChangeHint::onlyPaths({realPrefix});
    return commit(message, meta, hint, true, error);
}

std::optional<Snapshot> SnapshotStore::restoreFile(const QString &path, const QString &commitId,
                                                   QString *error)
{
    if (path.isEmpty()) {
        if (error)
            *error = u"empty path"_s;
        return std::nullopt;
    }
    return d->restore(path.toUtf8(), commitId, error);
}

std::optional<Snapshot> SnapshotStore::restoreWorkspace(const QString &commitId, QString *error)
{
    return d->restore(QByteArray(), commitId, error);
}
