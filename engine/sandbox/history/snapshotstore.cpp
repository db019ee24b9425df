// SPDX-License-Identifier: GPL-3.0-or-later
#include "snapshotstore.h"

#include "filecopy.h"
#include "fileimport.h"
#include "lazygit.h"
#include "safefs.h"

#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QSet>

#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <ftw.h>
#include <linux/magic.h>
#include <mutex>
#include <string_view>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <system_error>
#include <thread>
#include <time.h>
#include <unistd.h>
#include <vector>

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
// An upload is written by the import while no command runs (the scan holds them until the captured hook),
// so its entry need not be smudged: it is enough that any later change gets a later ctime. That holds once
// the coarse clock the kernel stamps files with has passed the copy's ctime, on a file system that keeps
// nanoseconds (ext4 with large inodes, XFS, Btrfs, tmpfs; a zero nanosecond part means whole seconds).
// Waits at most a few clock ticks; false leaves the entry smudged, re-hashed by a later commit.
static bool settledAfterUpload(int homeFd, const struct stat &st)
{
    struct statfs fs;
    if (::fstatfs(homeFd, &fs) != 0)
        return false;
    const auto type = static_cast<unsigned long>(fs.f_type);
    if (type != EXT4_SUPER_MAGIC && type != XFS_SUPER_MAGIC && type != BTRFS_SUPER_MAGIC &&
        type != TMPFS_MAGIC)
        return false;
    if (st.st_ctim.tv_nsec == 0)
        return false;
    const qint64 ctimeNs = qint64(st.st_ctim.tv_sec) * 1'000'000'000 + st.st_ctim.tv_nsec;
    for (int i = 0; i < 100; ++i) {
        timespec now;
        ::clock_gettime(CLOCK_REALTIME_COARSE, &now);
        if (qint64(now.tv_sec) * 1'000'000'000 + now.tv_nsec > ctimeNs)
            return true;
        const timespec step{0, 1'000'000};
        ::nanosleep(&step, nullptr);
    }
    return false;
}
static constexpr qsizetype kMaxHintPaths = 4096;
static constexpr qint64 kIndexWriteIntervalMs = 10'000;
// - The commit's tree: git_index_write_tree_to() re-reads on the order of a hundred subtrees of a 10,000-file
//   index whatever changed, so the tree is built from the last entry's tree plus the paths this store added
//   to or removed from the stat cache since (git_tree_create_updated: only the trees along those paths).
//   After open(), after a rebuilt cache, past kMaxTreeUpdates paths or when a path turned from a file into a
//   directory (or back), the whole index is written as a tree instead.
static constexpr qsizetype kMaxTreeUpdates = 4096;
// Reading a container's files (see SnapshotStore's class comment):
// - Every file is read through one descriptor, at most the size fstat gave on it; data extents come from
//   SEEK_DATA/SEEK_HOLE and holes are fed to the hash as zeros, so a 4 GiB sparse file reads nothing.
// - Files up to kSmallFile are read into memory, named (SHA-1 with OpenSSL: a third of the CPU of libgit2's
//   collision-detecting SHA-1) and, when the store does not have them yet, written as a loose object by
//   LooseWriter (zlib level 1; stored uncompressed when it fits in one 4 KiB block anyway, or after its first
//   16 KiB when those do not compress).
// - Larger files are "raw" objects: the content itself, uncompressed, in gitDir/sandbench-raw/ab/cdef...,
//   served to libgit2 by RawBackend (an object database backend). A commit first captures each changed large
//   file: FileCopy reflinks it (FICLONE) where the file system can, else copies its data extents in the
//   kernel (copy_file_range), into a temp file beside the raw objects, at most the size fstat gave. Then the
//   capture hook lets the next command start, and only then is each copy hashed (once) and renamed into
//   place (or dropped when the store has that content already): the next command waits for the copy, never
//   for the hash, and changes it makes land in its own entry because this one holds the copy.
//   An upload (commitUpload() with the import's origin) is not copied aside: home's copy, which the import
//   has just made, is the only copy before the hook; the history's is made afterwards from the person's
//   file, kept open, as long as its stat is what it was before the import (a ctime older than the racy
//   window, so a later change shows), else from home's copy if that is unchanged since, else not at all.
// - The storage budget (home + history.git) is checked before a file is hashed, counting its apparent size:
//   see makeRoom(). What was not kept is listed in gitDir/sandbench-notkept ("<blob> <size> <why> <commit>"),
//   which open(), history(), changes(), fileDiff() and restores consult.
static constexpr qint64 kSmallFile = 1024 * 1024;
static constexpr qint64 kChunk = 1024 * 1024;
static constexpr qint64 kMaxNotKeptFile = 64 * 1024 * 1024;
static constexpr qsizetype kMaxMarkerBytes = 4096;
static const QByteArray kEscapePrefix = ".sbx-";
static const char kIndexFile[] = "sandbench-index";
static const char kNotKeptFile[] = "sandbench-notkept";
static const char kUsageFile[] = "sandbench-usage";
// Written by a clean close() and removed by open(): "<HEAD> <1 when the stat cache holds exactly HEAD's
// tree>". With it, open() checks only that HEAD's commit and root tree read (not every blob's presence: a
// crash cannot have torn anything since), and the first commit builds its tree from HEAD's.
static const char kCleanFile[] = "sandbench-clean";
static const char kTempObjectPrefix[] = "sbx-tmp-";
static const char kRawDir[] = "sandbench-raw";
static const char kBranch[] = "refs/heads/main";
static const char kTrailerStart[] = "\n\nSandbench-Kind: ";

namespace {

// One deleter for every libgit2 object held here (its free functions are entries of LazyGit's table).
struct GitDeleter
{
    void operator()(git_commit *p) const { git_commit_free(p); }
    void operator()(git_tree *p) const { git_tree_free(p); }
    void operator()(git_tree_entry *p) const { git_tree_entry_free(p); }
    void operator()(git_blob *p) const { git_blob_free(p); }
    void operator()(git_diff *p) const { git_diff_free(p); }
    void operator()(git_patch *p) const { git_patch_free(p); }
    void operator()(git_signature *p) const { git_signature_free(p); }
    void operator()(git_odb *p) const { git_odb_free(p); }
    void operator()(git_config *p) const { git_config_free(p); }
    void operator()(git_treebuilder *p) const { git_treebuilder_free(p); }
};
using CommitPtr = std::unique_ptr<git_commit, GitDeleter>;
using TreePtr = std::unique_ptr<git_tree, GitDeleter>;
using TreeEntryPtr = std::unique_ptr<git_tree_entry, GitDeleter>;
using BlobPtr = std::unique_ptr<git_blob, GitDeleter>;
using DiffPtr = std::unique_ptr<git_diff, GitDeleter>;
using PatchPtr = std::unique_ptr<git_patch, GitDeleter>;
using SigPtr = std::unique_ptr<git_signature, GitDeleter>;
using OdbPtr = std::unique_ptr<git_odb, GitDeleter>;
using ConfigPtr = std::unique_ptr<git_config, GitDeleter>;

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
    // Most names start with neither '.' nor 'g': no copy for them (this runs for every file of a scan).
    const char first = name.isEmpty() ? '\0' : name.at(0);
    if (first != '.' && first != 'g' && first != 'G')
        return name;
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

std::atomic<qint64> s_bytesRead{0};
std::atomic<qint64> s_bytesHashed{0};

QByteArray oidKey(const git_oid *oid)
{
    return QByteArray(reinterpret_cast<const char *>(oid->id), GIT_OID_RAWSZ);
}

// The loose object's path below objects/: "ab/cdef...".
QByteArray objectPath(const git_oid *oid)
{
    char hex[GIT_OID_HEXSZ + 1];
    git_oid_tostr(hex, sizeof hex, oid);
    return QByteArray(hex, 2) + '/' + QByteArray(hex + 2);
}

qint64 diskBytes(const struct stat &st)
{
    // Delayed allocation may not show blocks yet for a file just written.
    return qMax(qint64(st.st_blocks) * 512, (qint64(st.st_size) + 4095) / 4096 * 4096);
}

bool writeAll(int fd, const char *data, size_t n)
{
    while (n > 0) {
        const ssize_t w = ::write(fd, data, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return false;
        data += w;
        n -= size_t(w);
    }
    return true;
}

// Writes one blob as git stores it loose (zlib of "blob <size>\0" + content, named by its SHA-1) while the
// content streams through; the temp file is renamed into place, or dropped when the object exists already.
class LooseWriter
{
public:
    LooseWriter() = default;
    LooseWriter(const LooseWriter &) = delete;
    LooseWriter &operator=(const LooseWriter &) = delete;
    ~LooseWriter()
    {
        abort();
        if (m_zInit)
            deflateEnd(&m_z);
        if (m_ctx)
            EVP_MD_CTX_free(m_ctx);
    }

    // knownId: the content's id computed already (it is then not hashed again).
    // level: a zlib level; Z_NO_COMPRESSION stores the content as it is (still framed as zlib, as git wants).
    bool begin(int objectsFd, qint64 size, const git_oid *knownId = nullptr, int level = Z_BEST_SPEED,
               const char *type = "blob")
    {
        if (knownId) {
            m_known = true;
            m_knownId = *knownId;
        }
        static std::atomic<quint64> counter{0};
        static const QByteArray pid = QByteArray::number(::getpid());
        m_objectsFd = objectsFd;
        m_declared = size;
        m_tmp = kTempObjectPrefix + pid + '-' + QByteArray::number(++counter);
        m_fd.reset(::openat(objectsFd, m_tmp.constData(),
                            O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0444));
        if (!m_fd.isValid()) {
            m_tmp.clear();
            return false;
        }
        if (!m_known) {
            m_ctx = EVP_MD_CTX_new();
            if (!m_ctx || EVP_DigestInit_ex(m_ctx, EVP_sha1(), nullptr) != 1)
                return false;
        }
        // An object that fits in one 4 KiB block stored as it is takes no more disk compressed: not
        // compressed.
        if (size + 64 <= 4096)
            level = Z_NO_COMPRESSION;
        m_level = level;
        if (deflateInit(&m_z, level) != Z_OK)
            return false;
        m_zInit = true;
        m_out.resize(qsizetype(qBound(qint64(16 * 1024), size + 1024, qint64(256 * 1024))));
        const QByteArray header = type + (' ' + QByteArray::number(size)) + '\0';
        return feed(header.constData(), size_t(header.size()), Z_NO_FLUSH);
    }

    bool write(const char *data, size_t n)
    {
        m_written += qint64(n);
        return m_written <= m_declared && feed(data, n, Z_NO_FLUSH);
    }

    // Content held in memory, compressed at the level begin() got unless its first kSample bytes do not
    // shrink by a tenth: the rest is then stored as it is (the level changes mid-stream), so content is
    // compressed once rather than sampled first and compressed again.
    bool writeCompressedIfWorthIt(const char *data, size_t n)
    {
        static constexpr size_t kSample = 16 * 1024;
        if (m_level == Z_NO_COMPRESSION)
            return write(data, n);
        const size_t head = qMin(n, kSample);
        m_written += qint64(head);
        const qint64 before = m_produced;
        if (m_written > m_declared || !feed(data, head, Z_SYNC_FLUSH))
            return false;
        if ((m_produced - before) * 10 >= qint64(head) * 9) {
            m_z.next_out = reinterpret_cast<Bytef *>(m_out.data());
            m_z.avail_out = uInt(m_out.size());
            if (deflateParams(&m_z, Z_NO_COMPRESSION, Z_DEFAULT_STRATEGY) != Z_OK)
                return false;
            const size_t produced = size_t(m_out.size()) - m_z.avail_out;
            if (produced > 0 && !writeAll(m_fd.get(), m_out.constData(), produced))
                return false;
            m_produced += qint64(produced);
        }
        return write(data + head, n - head);
    }

    bool writeZeros(qint64 n)
    {
        static const char zeros[64 * 1024] = {};
        while (n > 0) {
            const size_t part = size_t(qMin<qint64>(n, qint64(sizeof zeros)));
            if (!write(zeros, part))
                return false;
            n -= qint64(part);
        }
        return true;
    }

    // *addedBytes: the disk space the new object takes (0 when it existed already).
    bool finish(git_oid *oid, qint64 *addedBytes)
    {
        *addedBytes = 0;
        if (m_written != m_declared || !feed(nullptr, 0, Z_FINISH))
            return false;
        if (m_known) {
            *oid = m_knownId;
        } else {
            unsigned char digest[EVP_MAX_MD_SIZE];
            unsigned int len = 0;
            if (EVP_DigestFinal_ex(m_ctx, digest, &len) != 1 || len != GIT_OID_RAWSZ)
                return false;
            git_oid_fromraw(oid, digest);
        }
        m_fd.reset();
        // Callers write only objects the store does not have (hasObject()); one that appeared meanwhile
        // holds the same bytes, so renaming over it is harmless.
        const QByteArray path = objectPath(oid);
        if (::renameat(m_objectsFd, m_tmp.constData(), m_objectsFd, path.constData()) != 0) {
            if (errno != ENOENT ||
                (::mkdirat(m_objectsFd, path.left(2).constData(), 0755) != 0 && errno != EEXIST) ||
                ::renameat(m_objectsFd, m_tmp.constData(), m_objectsFd, path.constData()) != 0)
                return false;
        }
        m_tmp.clear();
        // What a new small file takes (delayed allocation shows no blocks yet).
        *addedBytes = (m_produced + 4095) / 4096 * 4096;
        return true;
    }

    void abort()
    {
        m_fd.reset();
        if (!m_tmp.isEmpty())
            ::unlinkat(m_objectsFd, m_tmp.constData(), 0);
        m_tmp.clear();
    }

private:
    bool feed(const char *data, size_t n, int flush)
    {
        if (n > 0 && m_ctx && EVP_DigestUpdate(m_ctx, data, n) != 1)
            return false;
        m_z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data));
        m_z.avail_in = uInt(n);
        for (;;) {
            m_z.next_out = reinterpret_cast<Bytef *>(m_out.data());
            m_z.avail_out = uInt(m_out.size());
            const int rc = deflate(&m_z, flush);
            if (rc == Z_STREAM_ERROR)
                return false;
            const size_t produced = size_t(m_out.size()) - m_z.avail_out;
            if (produced > 0 && !writeAll(m_fd.get(), m_out.constData(), produced))
                return false;
            m_produced += qint64(produced);
            if (flush == Z_FINISH ? rc == Z_STREAM_END : (m_z.avail_in == 0 && m_z.avail_out != 0))
                return true;
        }
    }

    int m_objectsFd = -1;
    UniqueFd m_fd;
    QByteArray m_tmp;
    QByteArray m_out;
    qint64 m_declared = 0;
    qint64 m_written = 0;
    qint64 m_produced = 0; // compressed bytes written so far
    int m_level = Z_BEST_SPEED;
    EVP_MD_CTX *m_ctx = nullptr;
    bool m_known = false;
    git_oid m_knownId{};
    z_stream m_z{};
    bool m_zInit = false;
};

// The id of an object held in memory (what LooseWriter would name it), without writing anything.
bool objectId(const char *type, const char *data, qint64 size, git_oid *oid)
{
    const QByteArray header = type + (' ' + QByteArray::number(size)) + '\0';
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    const bool ok = ctx && EVP_DigestInit_ex(ctx, EVP_sha1(), nullptr) == 1 &&
                    EVP_DigestUpdate(ctx, header.constData(), size_t(header.size())) == 1 &&
                    (size == 0 || EVP_DigestUpdate(ctx, data, size_t(size)) == 1) &&
                    EVP_DigestFinal_ex(ctx, digest, &len) == 1 && len == GIT_OID_RAWSZ;
    EVP_MD_CTX_free(ctx);
    if (ok)
        git_oid_fromraw(oid, digest);
    return ok;
}

bool blobId(const char *data, qint64 size, git_oid *oid)
{
    return objectId("blob", data, size, oid);
}

// One entry of a tree being written (see SnapshotStore::Private::writeUpdatedTree()).
struct TreeItem
{
    QByteArray name;
    quint32 mode = 0; // 0: removed
    git_oid id{};
};

// git's entry order: names compare bytewise, a directory's as if it ended in '/'.
bool treeItemBefore(const TreeItem &a, const TreeItem &b)
{
    const qsizetype n = qMin(a.name.size(), b.name.size());
    const int c = memcmp(a.name.constData(), b.name.constData(), size_t(n));
    if (c != 0)
        return c < 0;
    const auto next = [n](const TreeItem &t) {
        return t.name.size() > n ? uchar(t.name.at(n))
                                 : (t.mode == GIT_FILEMODE_TREE ? uchar('/') : uchar(0));
    };
    return next(a) < next(b);
}

// Serves raw objects (see the comment at the top) to libgit2: reads, headers and existence, never writes.
// The files are the store's own (never a container's), named by the SHA-1 of their content as a blob.
struct RawBackend
{
    git_odb_backend parent;
    int dirFd = -1;

    static RawBackend *of(git_odb_backend *b) { return reinterpret_cast<RawBackend *>(b); }
    static int read(void **out, size_t *len, git_object_t *type, git_odb_backend *b, const git_oid *oid)
    {
        UniqueFd fd(::openat(of(b)->dirFd, objectPath(oid).constData(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC));
        struct stat st;
        if (!fd.isValid() || ::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode))
            return GIT_ENOTFOUND;
        void *data = git_odb_backend_data_alloc(b, size_t(st.st_size) + 1);
        if (!data)
            return -1;
        qint64 done = 0;
        while (done < st.st_size) {
            const ssize_t n =
                ::pread(fd.get(), static_cast<char *>(data) + done, size_t(st.st_size - done), off_t(done));
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0) {
                git_odb_backend_data_free(b, data);
                git_error_set_str(GIT_ERROR_ODB, "cannot read raw object");
                return -1;
            }
            done += n;
        }
        *out = data;
        *len = size_t(st.st_size);
        *type = GIT_OBJECT_BLOB;
        return 0;
    }
    static int readHeader(size_t *len, git_object_t *type, git_odb_backend *b, const git_oid *oid)
    {
        struct stat st;
        if (::fstatat(of(b)->dirFd, objectPath(oid).constData(), &st, AT_SYMLINK_NOFOLLOW) != 0 ||
            !S_ISREG(st.st_mode))
            return GIT_ENOTFOUND;
        *len = size_t(st.st_size);
        *type = GIT_OBJECT_BLOB;
        return 0;
    }
    static int exists(git_odb_backend *b, const git_oid *oid)
    {
        return ::faccessat(of(b)->dirFd, objectPath(oid).constData(), F_OK, AT_SYMLINK_NOFOLLOW) == 0;
    }
    static void free(git_odb_backend *b)
    {
        ::close(of(b)->dirFd);
        delete of(b);
    }
    // Adds a backend reading raw objects below dirFd (duplicated) to repo's object database.
    static bool install(git_repository *repo, int dirFd)
    {
        git_odb *rawOdb = nullptr;
        if (git_repository_odb(&rawOdb, repo) != 0)
            return false;
        OdbPtr odb(rawOdb);
        auto *backend = new RawBackend;
        if (git_odb_init_backend(&backend->parent, GIT_ODB_BACKEND_VERSION) != 0) {
            delete backend;
            return false;
        }
        backend->dirFd = ::fcntl(dirFd, F_DUPFD_CLOEXEC, 0);
        backend->parent.read = &RawBackend::read;
        backend->parent.read_header = &RawBackend::readHeader;
        backend->parent.exists = &RawBackend::exists;
        backend->parent.free = &RawBackend::free;
        // Below the loose (1) and pack (2) backends: small objects are found there first.
        if (backend->dirFd < 0 || git_odb_add_backend(odb.get(), &backend->parent, 0) != 0) {
            RawBackend::free(&backend->parent);
            return false;
        }
        return true;
    }
};

QString pendingDirOf(const QString &gitDir)
{
    return QDir::cleanPath(gitDir) + u".pending"_s;
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
    // A version whose content is not in the object store.
    struct NotKept
    {
        qint64 size = 0;
        bool dropped = false; // false: never kept (larger than the budget left)
        QString commit;       // dropped: the entry that recorded this version
    };
    // A file whose hashing waits until the walk has counted home (see reconcile()).
    struct Deferred
    {
        QByteArray escPath;
        struct stat lst;
    };
    // A large file captured (copied beside the raw objects) but not hashed yet; see finishStaged().
    struct Staged
    {
        QByteArray escPath;
        QByteArray tmp; // below rawFd
        git_index_entry entry;
        qint64 size = 0; // the content's (entry.file_size keeps only 32 bits)
        qint64 disk = 0; // what the copy takes, counted in historyUsed
        // An upload whose copy is made from the person's file in finishStaged() (tmp empty until then).
        std::shared_ptr<const ImportOrigin> origin;
    };
    struct Candidate
    {
        git_oid id;
        qint64 disk = 0;
        int age = 0; // index of the first commit that holds it, oldest first
        QString commit;
    };

    QString homeDir;
    QString gitDir;
    UniqueFd homeFd;
    UniqueFd lockFd;
    UniqueFd objectsFd;
    UniqueFd rawFd;
    uid_t ownerUid = 0;
    gid_t ownerGid = 0;
    git_repository *repo = nullptr;
    git_index *index = nullptr;
    bool libInit = false;
    // openReadOnly(): another process may hold the lock and write; this one only reads.
    bool readOnly = false;
    // The store is open for reading only: a write asked of it is refused with this reason.
    bool refuseWrite(QString *error) const
    {
        if (!readOnly)
            return false;
        if (error)
            *error = u"history %1 is open for reading only (another process is writing it)"_s.arg(gitDir);
        return true;
    }
    bool needFullScan = true;
    bool indexDirty = false;
    bool recovered = false;
    QString cleanHead; // from kCleanFile at open(): HEAD as the last clean close left it
    bool cleanTree = false;
    qint64 scanStartNs = 0;
    QElapsedTimer indexWriteTimer;

    // Budget (0: none) and what counts against it.
    qint64 budget = 0;
    qint64 historyUsed = -1; // disk bytes of gitDir; -1: not measured since open
    bool historyExact = false;
    QHash<QByteArray, qint64> homeUsage; // per stat-cache entry: disk bytes
    qint64 homeUsed = 0;
    QHash<QByteArray, NotKept> notKept; // by raw blob id
    // Per operation (commit, restore, recovery).
    qint64 hashedThisOp = 0;
    int notKeptThisOp = 0;
    bool heavyCalled = false;
    bool candidatesLoaded = false;
    QList<Candidate> candidates; // droppable versions, the first to drop last
    QList<Deferred> deferred;
    QList<Staged> staged;
    QByteArray stagedTmp; // set by hashFile() when it captured instead of hashing
    // commitUpload(): the origin of the file being uploaded; hashFile() sets stagedOrigin instead of
    // capturing when home's copy is the one the import made and the origin is still as it was copied.
    std::shared_ptr<const ImportOrigin> uploadOrigin;
    std::shared_ptr<const ImportOrigin> stagedOrigin;
    bool deferStaged = false;
    // Stat-cache paths added, changed or removed since HEAD's tree was written (see writeTree()); only
    // meaningful while treeDirtyKnown.
    QSet<QByteArray> treeDirty;
    bool treeDirtyKnown = false; // commit(): finishStaged() after the capture hook, not inside reconcile()
    std::function<void()> capturedHook;
    QByteArray chunk;
    const std::atomic<bool> *cancelFlag = nullptr;
    std::function<void()> heavyHook;

    bool initRepository(QString *error);
    void removeStaleLocks();
    // The exclusive lock on gitDir/sandbench.lock, waited for up to waitMs (see open()).
    bool takeLock(int waitMs, QString *error);
    bool verifyCommit(const git_oid *oid);
    bool checkHead(QString *error);
    bool openIndex(QString *error);
    QString headCommit() const
    {
        git_oid head;
        return git_reference_name_to_id(&head, repo, "HEAD") == 0 ? oidString(&head) : QString();
    }
    bool resetIndexTo(const git_oid *commitOid, QString *error);

    bool cancelled() const { return cancelFlag && cancelFlag->load(std::memory_order_relaxed); }
    bool failCancelled(QString *error) const
    {
        if (error)
            *error = u"cancelled: the container is going away"_s;
        return false;
    }
    void beginOperation();
    void heavyWork(qint64 bytes);
    bool reconcile(const QByteArray &realRel, QString *error);
    bool walkDir(int dirFd, const QByteArray &escPrefix, QSet<QByteArray> *seen, QString *error);
    bool processFile(int dirFd, const QByteArray &name, const struct stat &st, const QByteArray &escPath,
                     QSet<QByteArray> *seen, bool mayDefer, QString *error);
    bool processDeferred(QSet<QByteArray> *seen, QString *error);
    bool hashFile(int dirFd, const QByteArray &name, struct stat *st, const git_oid *oldId, git_oid *oid,
                  bool *racy);
    // Copies size bytes of fd into a temp file below rawFd (stagedTmp) for finishStaged().
    bool captureFile(int fd, qint64 size, bool fromHome = true);
    // finishStaged() for an upload staged from its origin: copies it (or home's copy, see commitUpload())
    // into s->tmp; false when neither holds what was uploaded any more.
    bool captureStagedUpload(Staged *s);
    // Hashes each captured copy, renames it into place (or drops it: content stored already) and records it
    // in the stat cache.
    bool finishStaged(QString *error);
    void dropStaged();
    bool hasObject(const git_oid *oid) const;
    // fromHome: count what is read in bytesReadTotal() (a captured copy is the store's own file).
    bool feedFile(int fd, qint64 size, const std::function<bool(const char *, size_t)> &data,
                  const std::function<bool(qint64)> &zeros, bool fromHome = true);
    void removeUnseen(const QByteArray &escPrefix, const QSet<QByteArray> &seen);
    void noteUsage(const QByteArray &escPath, qint64 bytes);
    void forgetUsage(const QByteArray &escPath);
    bool writeIndex(QString *error);
    void touched(const QByteArray &escPath)
    {
        if (!treeDirtyKnown)
            return;
        treeDirty.insert(escPath);
        if (treeDirty.size() > kMaxTreeUpdates) {
            treeDirtyKnown = false;
            treeDirty.clear();
        }
    }
    // The tree of what the stat cache holds now.
    bool writeTree(git_oid *out, QString *error);
    struct TreeUpdate
    {
        QByteArray path;  // escaped, relative to home
        quint32 mode = 0; // 0: remove
        git_oid id{};
    };
    // base (null: none) with updates[begin, end) applied, whose paths share their first prefixLen bytes;
    // *empty when nothing is left (then nothing is written). False when an update's path runs through a
    // file, or on a read or write error.
    bool writeUpdatedTree(git_tree *base, const QList<TreeUpdate> &updates, qsizetype begin, qsizetype end,
                          qsizetype prefixLen, git_oid *out, bool *empty);
    // Writes a commit of treeOid as the branch's next (HEAD names the branch), with its reflog lines.
    bool writeCommit(const git_oid &treeOid, const git_oid *parentOid, const QByteArray &message,
                     qint64 whenSecs, git_oid *out, QString *error);
    // Writes a tree or commit as a loose object unless the store has it already.
    bool writeObject(const char *type, const QByteArray &content, git_oid *out);

    // Budget.
    bool makeRoom(qint64 size, bool mayDrop = true);
    void storedAgain(const git_oid *oid);
    qint64 available() const;
    void measureHistory();
    void loadCandidates();
    void dropCandidates(qint64 needed);
    bool writePlaceholder(const struct stat &st, git_oid *oid);
    void loadNotKept();
    bool appendNotKept(const QList<std::pair<git_oid, NotKept>> &entries, bool sync);
    const NotKept *notKeptFor(const git_oid *oid) const
    {
        const auto it = notKept.constFind(oidKey(oid));
        return it == notKept.cend() ? nullptr : &*it;
    }

    // kind: "command", "upload", "restore" or "interrupted". Commands always get an entry; the others only
    // when the tree differs from the last entry's.
    std::optional<Snapshot> commit(const QString &command, const CommandMeta &meta, const ChangeHint &hint,
                                   const QByteArray &kind, QString *error);
    // Writes tree as the next entry (a child of HEAD). Entries other than commands are skipped (commitId
    // empty) when the tree is HEAD's.
    std::optional<Snapshot> record(const git_oid &treeOid, const QString &command, const CommandMeta &meta,
                                   const QByteArray &kind, QString *error);
    // HEAD's commit and tree (both null without one); false when HEAD names something unreadable.
    bool headCommitAndTree(CommitPtr *commit, TreePtr *tree, QString *error) const;
    enum class HeadState { Unknown, Known, Unborn };
    mutable HeadState headState = HeadState::Unknown; // what headCommitAndTree() read or writeCommit() wrote
    mutable git_oid cachedHead{};
    std::optional<QList<FileChange>> diffTrees(git_tree *oldTree, git_tree *newTree, QString *error) const;
    qint64 blobSize(const git_oid *oid) const;
    CommitPtr lookupCommit(const QString &id, QString *error) const;
    bool writeBlobTo(int fd, const git_oid *oid, const QString &path, QString *error);
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
        if (d->indexDirty && !d->readOnly)
            d->writeIndex(nullptr);
        git_index_free(d->index);
        d->index = nullptr;
    }
    if (d->repo) {
        git_oid head;
        if (!d->readOnly && !d->indexDirty && git_reference_name_to_id(&head, d->repo, "HEAD") == 0) {
            QFile clean(d->gitDir + u'/' + QLatin1StringView(kCleanFile));
            if (clean.open(QIODevice::WriteOnly | QIODevice::Truncate))
                clean.write(oidString(&head).toLatin1() +
                            (d->treeDirtyKnown && d->treeDirty.isEmpty() ? " 1\n" : " 0\n"));
        }
        // What the history took, for the next open (removed there: a crash leaves no stale figure).
        if (d->historyUsed >= 0 && !d->readOnly) {
            QFile usage(d->gitDir + u'/' + QLatin1StringView(kUsageFile));
            if (usage.open(QIODevice::WriteOnly | QIODevice::Truncate))
                usage.write(QByteArray::number(d->historyUsed) + '\n');
        }
        git_repository_free(d->repo);
        d->repo = nullptr;
    }
    d->dropStaged();
    d->objectsFd.reset();
    d->rawFd.reset();
    d->homeUsage.clear();
    d->homeUsed = 0;
    d->notKept.clear();
    d->historyUsed = -1;
    d->historyExact = false;
    if (d->lockFd.isValid())
        (void)!::ftruncate(d->lockFd.get(), 0); // no holder named any more
    d->lockFd.reset();
    d->homeFd.reset();
    d->readOnly = false;
    if (d->libInit) {
        git_libgit2_shutdown();
        d->libInit = false;
    }
}

bool SnapshotStore::Private::initRepository(QString *error)
{
    // Build the repository beside its final place and rename it in, so a kill -9 during creation
    // never leaves a half-made repository behind under the real name. The bare layout is written directly,
    // not with git_repository_init_ext: that copies a template (description, hooks/, info/exclude) the
    // history never uses and rewrites config under a lock file once per setting, about twenty files made
    // and renamed before a new container's first commit. git and libgit2 read this layout as theirs
    // (test_history checks it with git fsck).
    const QString tmp = gitDir + u".init-"_s + QString::number(::getpid());
    QDir(tmp).removeRecursively();
    const QByteArray root = QFile::encodeName(tmp);
    auto fail = [&](const QString &what) {
        if (error)
            *error = u"cannot create history repository %1: %2: %3"_s.arg(gitDir, what,
                                                                          SafeFs::errnoString(errno));
        QDir(tmp).removeRecursively();
        return false;
    };
    // logs/ now, before any command: the first entry, saved after its command, then only appends its reflog.
    for (const char *dir : {"", "/objects", "/objects/info", "/objects/pack", "/refs", "/refs/heads",
                            "/refs/tags", "/logs", "/logs/refs", "/logs/refs/heads"}) {
        if (::mkdir(QByteArray(root + dir).constData(), 0700) != 0)
            return fail(QString::fromLatin1(dir).isEmpty() ? tmp : QString::fromLatin1(dir + 1));
    }
    // A reflog gives open() a list of earlier good commits to fall back on; gc never runs on its own.
    static constexpr char kConfig[] = "[core]\n"
                                      "\trepositoryformatversion = 0\n"
                                      "\tfilemode = true\n"
                                      "\tbare = true\n"
                                      "\tlogAllRefUpdates = always\n"
                                      "\tprotectNTFS = false\n"
                                      "\tprotectHFS = false\n"
                                      "[gc]\n"
                                      "\tauto = 0\n";
    static constexpr char kHead[] = "ref: refs/heads/main\n";
    for (const auto &[name, text] :
         {std::pair{"/config", std::string_view(kConfig)}, std::pair{"/HEAD", std::string_view(kHead)}}) {
        const int fd =
            ::open(QByteArray(root + name).constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
        if (fd < 0)
            return fail(QString::fromLatin1(name + 1));
        const bool written = ::write(fd, text.data(), text.size()) == ssize_t(text.size());
        ::close(fd);
        if (!written)
            return fail(QString::fromLatin1(name + 1));
    }
    if (::rename(root.constData(), QFile::encodeName(gitDir).constData()) != 0)
        return fail(gitDir);
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
    // Objects a killed or cancelled write left half-written.
    for (const QString &sub : {u"objects"_s, QString::fromLatin1(kRawDir)}) {
        QDirIterator tmp(gitDir + u'/' + sub, {QLatin1StringView(kTempObjectPrefix) + u'*'}, QDir::Files);
        while (tmp.hasNext())
            QFile::remove(tmp.next());
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
        const QHash<QByteArray, NotKept> *notKept;
        bool ok = true;
    } payload{odb.get(), &notKept};
    // git_tree_walk loads every subtree (failing on a damaged one); blobs are only checked for presence
    // (a version dropped for the budget is absent on purpose).
    const int rc = git_tree_walk(
        tree.get(), GIT_TREEWALK_PRE,
        [](const char *, const git_tree_entry *entry, void *p) -> int {
            auto *pl = static_cast<Payload *>(p);
            if (git_tree_entry_type(entry) == GIT_OBJECT_BLOB &&
                !git_odb_exists(pl->odb, git_tree_entry_id(entry)) &&
                !pl->notKept->contains(oidKey(git_tree_entry_id(entry)))) {
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
    if (rc == 0 && oidString(&head) == cleanHead) {
        git_commit *rawCommit = nullptr;
        git_tree *rawTree = nullptr;
        bool ok = git_commit_lookup(&rawCommit, repo, &head) == 0;
        CommitPtr commit(rawCommit);
        ok = ok && git_commit_tree(&rawTree, commit.get()) == 0;
        TreePtr tree(rawTree);
        if (ok)
            return true;
    }
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
    treeDirtyKnown = false;
    treeDirty.clear();
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

namespace {
std::mutex s_aheadMutex;
std::thread s_aheadThread;
} // namespace

void SnapshotStore::startLibraryAhead()
{
    // Never shut down: each store's own init/shutdown pair then leaves the library up between stores.
    const std::lock_guard lock(s_aheadMutex);
    if (s_aheadThread.joinable())
        return;
    try {
        s_aheadThread = std::thread([] {
            if (LazyGit::load())
                git_libgit2_init();
        });
    } catch (const std::system_error &) {
        // No thread to spare: the first open() starts the library itself.
    }
}

void SnapshotStore::finishLibraryAhead()
{
    // Before exit: the start registers exit handlers (the TLS library's) that would otherwise run while the
    // thread is still inside it.
    const std::lock_guard lock(s_aheadMutex);
    if (s_aheadThread.joinable())
        s_aheadThread.join();
}

bool SnapshotStore::Private::takeLock(int waitMs, QString *error)
{
    const QByteArray path = QFile::encodeName(gitDir + u"/sandbench.lock"_s);
    lockFd.reset(::open(path.constData(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600));
    if (!lockFd.isValid()) {
        if (error)
            *error = u"cannot open the lock of history %1: %2"_s.arg(gitDir, SafeFs::errnoString(errno));
        return false;
    }
    // A holder that lets go soon (a CLI command restoring a file, a store being closed) is waited for.
    QElapsedTimer waited;
    waited.start();
    while (::flock(lockFd.get(), LOCK_EX | LOCK_NB) != 0) {
        const int err = errno;
        if (err == EINTR)
            continue;
        if (err != EWOULDBLOCK) {
            if (error)
                *error = u"cannot lock history %1: %2"_s.arg(gitDir, SafeFs::errnoString(err));
            lockFd.reset();
            return false;
        }
        if (waited.elapsed() < waitMs) {
            ::usleep(20 * 1000);
            continue;
        }
        if (error) {
            // The holder wrote its process id when it took the lock (a few bytes; read bounded).
            char buf[32] = {};
            const ssize_t n = ::pread(lockFd.get(), buf, sizeof buf - 1, 0);
            const qint64 pid = n > 0 ? QByteArray(buf, int(n)).trimmed().toLongLong() : 0;
            if (pid == ::getpid())
                *error = u"history %1 is already open in this process"_s.arg(gitDir);
            else if (pid > 0)
                *error = u"history %1 is in use by another process (pid %2)"_s.arg(gitDir).arg(pid);
            else
                *error = u"history %1 is in use by another process"_s.arg(gitDir);
        }
        lockFd.reset();
        return false;
    }
    // Who holds it, for the message another opener shows.
    const QByteArray pid = QByteArray::number(qint64(::getpid())) + '\n';
    if (::ftruncate(lockFd.get(), 0) == 0)
        (void)!::pwrite(lockFd.get(), pid.constData(), size_t(pid.size()), 0);
    return true;
}

bool SnapshotStore::open(const QString &homeDir, const QString &gitDir, QString *error, int lockWaitMs)
{
    close();
    d->homeDir = homeDir;
    d->gitDir = QDir::cleanPath(QDir(gitDir).absolutePath());
    d->recovered = false;
    d->needFullScan = true;
    d->treeDirtyKnown = false;
    d->treeDirty.clear();
    d->indexDirty = false;
    d->headState = Private::HeadState::Unknown;
    if (!LazyGit::load(error))
        return false;
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
    if (!d->takeLock(lockWaitMs, error))
        return fail();
    d->removeStaleLocks();
    d->objectsFd.reset(
        ::open(QFile::encodeName(d->gitDir + u"/objects"_s).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (!d->objectsFd.isValid()) {
        if (error)
            *error = u"cannot open %1/objects: %2"_s.arg(d->gitDir, SafeFs::errnoString(errno));
        return fail();
    }
    const QByteArray rawPath = QFile::encodeName(d->gitDir + u'/' + QLatin1StringView(kRawDir));
    if (::mkdir(rawPath.constData(), 0700) != 0 && errno != EEXIST) {
        if (error)
            *error = u"cannot create %1: %2"_s.arg(QFile::decodeName(rawPath), SafeFs::errnoString(errno));
        return fail();
    }
    d->rawFd.reset(::open(rawPath.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!d->rawFd.isValid()) {
        if (error)
            *error = u"cannot open %1: %2"_s.arg(QFile::decodeName(rawPath), SafeFs::errnoString(errno));
        return fail();
    }
    d->loadNotKept();
    {
        d->cleanHead.clear();
        d->cleanTree = false;
        QFile clean(d->gitDir + u'/' + QLatin1StringView(kCleanFile));
        if (clean.open(QIODevice::ReadOnly)) {
            const QByteArrayList f = clean.read(128).trimmed().split(' ');
            if (f.size() == 2 && f.at(0).size() == GIT_OID_HEXSZ) {
                d->cleanHead = QString::fromLatin1(f.at(0));
                d->cleanTree = f.at(1) == "1";
            }
            clean.remove();
        }
    }
    {
        QFile usage(d->gitDir + u'/' + QLatin1StringView(kUsageFile));
        if (usage.open(QIODevice::ReadOnly)) {
            bool ok = false;
            const qint64 bytes = usage.read(64).trimmed().toLongLong(&ok);
            if (ok && bytes >= 0)
                d->historyUsed = bytes;
            usage.remove();
        }
    }

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
    if (!RawBackend::install(d->repo, d->rawFd.get())) {
        gitFail(error, u"cannot open history %1"_s.arg(d->gitDir));
        return fail();
    }
    if (!d->checkHead(error) || !d->openIndex(error))
        return fail();
    {
        // Entries are written to the branch directly (writeCommit()): HEAD must name it.
        git_reference *head = nullptr;
        const bool named = git_reference_lookup(&head, d->repo, "HEAD") == 0 &&
                           git_reference_type(head) == GIT_REFERENCE_SYMBOLIC &&
                           qstrcmp(git_reference_symbolic_target(head), kBranch) == 0;
        git_reference_free(head);
        if (!named) {
            git_reference *fixed = nullptr;
            if (git_reference_symbolic_create(&fixed, d->repo, "HEAD", kBranch, 1, nullptr) != 0) {
                gitFail(error, u"cannot point HEAD at the history's branch"_s);
                return fail();
            }
            git_reference_free(fixed);
            d->recovered = true;
        }
    }
    // A clean close left the stat cache at HEAD's tree: the next tree is HEAD's plus what changes.
    d->headState = Private::HeadState::Unknown; // checkHead() and the lines above may have moved it
    if (!d->recovered && d->cleanTree && d->headCommit() == d->cleanHead) {
        d->treeDirtyKnown = true;
        d->treeDirty.clear();
    }
    return true;
}

bool SnapshotStore::openReadOnly(const QString &homeDir, const QString &gitDir, QString *error)
{
    close();
    d->homeDir = homeDir;
    d->gitDir = QDir::cleanPath(QDir(gitDir).absolutePath());
    d->readOnly = true;
    auto fail = [this]() {
        close();
        return false;
    };
    if (!LazyGit::load(error))
        return fail();
    git_libgit2_init();
    d->libInit = true;
    // No lock, no repair, no clean-up and no stat cache: the writer (which holds the lock) may be committing
    // meanwhile. What is read stays consistent because every write is atomic: objects are written under a
    // temporary name and renamed into place before any ref names them, and a ref (the branch) is replaced by
    // a rename (libgit2's lock file), so a reader sees the last entry before or after a commit, never half.
    if (!QFileInfo::exists(d->gitDir + u"/HEAD"_s)) {
        if (error)
            *error = u"%1 has no history yet"_s.arg(d->gitDir);
        return fail();
    }
    d->objectsFd.reset(
        ::open(QFile::encodeName(d->gitDir + u"/objects"_s).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (!d->objectsFd.isValid()) {
        if (error)
            *error = u"cannot open %1/objects: %2"_s.arg(d->gitDir, SafeFs::errnoString(errno));
        return fail();
    }
    d->rawFd.reset(::open(QFile::encodeName(d->gitDir + u'/' + QLatin1StringView(kRawDir)).constData(),
                          O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    d->loadNotKept();
    if (git_repository_open_ext(&d->repo, QFile::encodeName(d->gitDir).constData(),
                                GIT_REPOSITORY_OPEN_NO_SEARCH | GIT_REPOSITORY_OPEN_BARE, nullptr) != 0) {
        gitFail(error, u"cannot open history %1"_s.arg(d->gitDir));
        return fail();
    }
    // Large versions live beside the loose objects (none yet: nothing to install).
    if (d->rawFd.isValid() && !RawBackend::install(d->repo, d->rawFd.get())) {
        gitFail(error, u"cannot open history %1"_s.arg(d->gitDir));
        return fail();
    }
    return true;
}

bool SnapshotStore::isReadOnly() const
{
    return d->readOnly && d->repo;
}

bool SnapshotStore::lockAgainstOpen(const QString &gitDir, UniqueFd *held)
{
    const QByteArray lockPath = QFile::encodeName(QDir::cleanPath(gitDir) + u"/sandbench.lock"_s);
    UniqueFd fd(::open(lockPath.constData(), O_RDWR | O_CLOEXEC | O_NOFOLLOW));
    if (!fd.isValid())
        return true; // no lock file: no store was ever opened on it
    if (::flock(fd.get(), LOCK_EX | LOCK_NB) != 0)
        return false;
    // Named as the holder, as open() names itself.
    const QByteArray pid = QByteArray::number(qint64(::getpid())) + '\n';
    if (::ftruncate(fd.get(), 0) == 0)
        (void)!::pwrite(fd.get(), pid.constData(), size_t(pid.size()), 0);
    *held = std::move(fd);
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
    if (d->refuseWrite(error))
        return false;
    if (!d->repo) {
        if (error)
            *error = u"history is not open"_s;
        return false;
    }
    timespec now;
    ::clock_gettime(CLOCK_REALTIME, &now);
    d->scanStartNs = qint64(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
    d->beginOperation();
    if (!d->reconcile(QByteArray(), error))
        return false;
    d->needFullScan = false;
    return true;
}

bool SnapshotStore::flush(QString *error)
{
    if (d->refuseWrite(error))
        return false;
    if (!d->index || !d->indexDirty)
        return true;
    return d->writeIndex(error);
}

void SnapshotStore::setStorageBudget(qint64 bytes)
{
    const qint64 budget = qMax<qint64>(bytes, 0);
    if (budget > 0 && d->budget <= 0) {
        // Home was not counted without a budget: the next scan counts all of it.
        d->homeUsage.clear();
        d->homeUsed = 0;
        d->needFullScan = true;
    }
    d->budget = budget;
}

qint64 SnapshotStore::storageBudget() const
{
    return d->budget;
}

qint64 SnapshotStore::historyBytes()
{
    if (!d->repo)
        return -1;
    d->measureHistory();
    return d->historyUsed;
}

void SnapshotStore::setCancelFlag(const std::atomic<bool> *flag)
{
    d->cancelFlag = flag;
}

void SnapshotStore::setHeavyWorkHook(std::function<void()> hook)
{
    d->heavyHook = std::move(hook);
}

void SnapshotStore::setCapturedHook(std::function<void()> hook)
{
    d->capturedHook = std::move(hook);
}

qint64 SnapshotStore::bytesReadTotal()
{
    return s_bytesRead.load();
}

qint64 SnapshotStore::bytesHashedTotal()
{
    return s_bytesHashed.load();
}

namespace {

// Spare markers (prepareMarker) start with a dot: pendingMarkers() never lists them.
constexpr char kSparePrefix[] = ".spare-";

} // namespace

QString SnapshotStore::prepareMarker(const QString &gitDir, int *fd)
{
    static std::atomic<quint64> counter{0};
    const QString dir = pendingDirOf(gitDir);
    if (::mkdir(QFile::encodeName(dir).constData(), 0700) != 0 && errno != EEXIST)
        return {};
    const QString name =
        QLatin1StringView(kSparePrefix) + QString::number(::getpid()) + u'-' + QString::number(++counter);
    UniqueFd made(::open(QFile::encodeName(dir + u'/' + name).constData(),
                         O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600));
    if (!made.isValid())
        return {};
    if (fd)
        *fd = made.release();
    return name;
}

QString SnapshotStore::recycleMarker(const QString &gitDir, const QString &marker, int *fd)
{
    static std::atomic<quint64> counter{0};
    if (marker.isEmpty() || marker.startsWith(u'.') || marker.contains(u'/'))
        return {};
    const QString dir = pendingDirOf(gitDir);
    const QByteArray from = QFile::encodeName(dir + u'/' + marker);
    if (!fd) {
        ::unlink(from.constData());
        return {};
    }
    const QString name =
        QLatin1StringView(kSparePrefix) + QString::number(::getpid()) + u"-r"_s + QString::number(++counter);
    const QByteArray to = QFile::encodeName(dir + u'/' + name);
    if (::renameat2(AT_FDCWD, from.constData(), AT_FDCWD, to.constData(), RENAME_NOREPLACE) != 0) {
        ::unlink(from.constData());
        return {};
    }
    UniqueFd opened(::open(to.constData(), O_WRONLY | O_NOFOLLOW | O_CLOEXEC));
    if (!opened.isValid()) {
        ::unlink(to.constData());
        return {};
    }
    *fd = opened.release();
    return name;
}

void SnapshotStore::dropSpareMarkers(const QString &gitDir, const QString &keep)
{
    const QString dir = pendingDirOf(gitDir);
    DIR *d = ::opendir(QFile::encodeName(dir).constData());
    if (!d)
        return;
    QStringList spares;
    while (dirent *de = ::readdir(d)) {
        if (std::strncmp(de->d_name, kSparePrefix, sizeof kSparePrefix - 1) == 0)
            spares.append(QFile::decodeName(de->d_name));
    }
    ::closedir(d);
    for (const QString &name : std::as_const(spares))
        if (name != keep)
            ::unlink(QFile::encodeName(dir + u'/' + name).constData());
}

QString SnapshotStore::markCommandStarted(const QString &gitDir, const QString &command, const QString &spare,
                                          int spareFd)
{
    static std::atomic<quint64> counter{0};
    UniqueFd given(spareFd);
    const QString dir = pendingDirOf(gitDir);
    // Named so that they sort in the order the commands started.
    const QString name = QString::number(QDateTime::currentMSecsSinceEpoch()).rightJustified(14, u'0') +
                         u'-' + QString::number(::getpid()) + u'-' +
                         QString::number(++counter).rightJustified(8, u'0');
    const QByteArray text = command.toUtf8().left(kMaxMarkerBytes);
    const QByteArray path = QFile::encodeName(dir + u'/' + name);
    if (!spare.isEmpty() && spare.startsWith(QLatin1StringView(kSparePrefix)) && !spare.contains(u'/')) {
        // The spare is written, then renamed to its marker's name: no inode is allocated here (on ext4 that
        // allocation is what costs, more so the more files were deleted recently). A crash before the
        // rename leaves a spare, which names no command and is dropped at the next wake.
        const QByteArray sparePath = QFile::encodeName(dir + u'/' + spare);
        UniqueFd fd = given.isValid()
                          ? std::move(given)
                          : UniqueFd(::open(sparePath.constData(), O_WRONLY | O_NOFOLLOW | O_CLOEXEC));
        // A recycled marker still holds its last command: overwritten in place (its block is reused), the
        // rest blanked with spaces, which readers trim.
        struct stat st
        {
        };
        QByteArray padded = text;
        if (fd.isValid() && ::fstat(fd.get(), &st) == 0 && st.st_size > padded.size())
            padded.append(QByteArray(qMin<qint64>(st.st_size, kMaxMarkerBytes) - padded.size(), ' '));
        if (fd.isValid() && st.st_size <= kMaxMarkerBytes &&
            ::pwrite(fd.get(), padded.constData(), size_t(padded.size()), 0) == padded.size() &&
            ::renameat2(AT_FDCWD, sparePath.constData(), AT_FDCWD, path.constData(), RENAME_NOREPLACE) == 0)
            return name;
        ::unlink(sparePath.constData());
    }
    if (::mkdir(QFile::encodeName(dir).constData(), 0700) != 0 && errno != EEXIST) {
        // The container's directory itself is missing (not made yet): nothing to mark in.
        return {};
    }
    UniqueFd fd(::open(path.constData(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600));
    if (!fd.isValid())
        return {};
    if (!writeAll(fd.get(), text.constData(), size_t(text.size())))
        return {};
    return name;
}

QStringList SnapshotStore::pendingMarkers(const QString &gitDir)
{
    QStringList out;
    DIR *dir = ::opendir(QFile::encodeName(pendingDirOf(gitDir)).constData());
    if (!dir)
        return out;
    while (dirent *de = ::readdir(dir)) {
        if (de->d_name[0] != '.')
            out.append(QFile::decodeName(de->d_name));
    }
    ::closedir(dir);
    std::sort(out.begin(), out.end());
    return out;
}

std::optional<Snapshot> SnapshotStore::recoverInterrupted(const QStringList &markers, QString *error)
{
    if (d->refuseWrite(error))
        return std::nullopt;
    if (!d->repo) {
        if (error)
            *error = u"history is not open"_s;
        return std::nullopt;
    }
    const QString dir = pendingDirOf(d->gitDir);
    QStringList commands;
    for (const QString &marker : markers) {
        if (marker.contains(u'/') || marker.startsWith(u'.'))
            continue;
        QFile f(dir + u'/' + marker);
        if (f.open(QIODevice::ReadOnly)) {
            const QString command = QString::fromUtf8(f.read(kMaxMarkerBytes)).trimmed();
            if (!command.isEmpty())
                commands.append(command);
        }
    }
    auto removeMarkers = [&] {
        for (const QString &marker : markers) {
            if (!marker.contains(u'/'))
                QFile::remove(dir + u'/' + marker);
        }
    };
    // Compare what home holds with the last entry, without committing yet.
    timespec now;
    ::clock_gettime(CLOCK_REALTIME, &now);
    d->scanStartNs = qint64(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
    d->beginOperation();
    if (!d->reconcile(QByteArray(), error))
        return std::nullopt;
    d->needFullScan = false;
    git_oid treeOid;
    if (git_index_write_tree_to(&treeOid, d->index, d->repo) != 0) {
        gitFail(error, u"cannot write tree"_s);
        return std::nullopt;
    }
    git_oid head;
    bool same = false;
    if (git_reference_name_to_id(&head, d->repo, "HEAD") == 0) {
        git_commit *raw = nullptr;
        if (git_commit_lookup(&raw, d->repo, &head) == 0) {
            CommitPtr commit(raw);
            same = git_oid_equal(git_commit_tree_id(commit.get()), &treeOid);
        }
    } else {
        same = git_index_entrycount(d->index) == 0;
    }
    if (same) {
        removeMarkers();
        return Snapshot{};
    }
    QString message = u"changes saved after an interruption"_s;
    if (!commands.isEmpty())
        message += u" (during: %1)"_s.arg(commands.join(u"; "_s));
    CommandMeta meta;
    // The scan above brought the stat cache up to date; this commit only writes it down.
    std::optional<Snapshot> snap = d->commit(message, meta, ChangeHint::onlyPaths({}), "interrupted", error);
    if (snap)
        removeMarkers();
    return snap;
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

bool SnapshotStore::Private::feedFile(int fd, qint64 size,
                                      const std::function<bool(const char *, size_t)> &data,
                                      const std::function<bool(qint64)> &zeros, bool fromHome)
{
    if (chunk.size() != kChunk)
        chunk.resize(kChunk);
    qint64 off = 0;
    while (off < size) {
        if (cancelled())
            return false;
        off_t dataAt = ::lseek(fd, off_t(off), SEEK_DATA);
        if (dataAt < 0)
            dataAt = errno == ENXIO ? off_t(size) : off_t(off); // ENXIO: only a hole is left
        const qint64 holeEnd = qMin<qint64>(qMax<qint64>(dataAt, off), size);
        if (holeEnd > off) {
            s_bytesHashed += holeEnd - off;
            if (!zeros(holeEnd - off))
                return false;
            off = holeEnd;
            continue;
        }
        off_t holeAt = ::lseek(fd, off_t(off), SEEK_HOLE);
        qint64 dataEnd = holeAt < 0 || holeAt <= off ? size : qMin<qint64>(holeAt, size);
        while (off < dataEnd) {
            if (cancelled())
                return false;
            const ssize_t n =
                ::pread(fd, chunk.data(), size_t(qMin<qint64>(dataEnd - off, kChunk)), off_t(off));
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0)
                return false; // shrank under us (or unreadable): it is looked at again next time
            if (fromHome)
                s_bytesRead += n;
            s_bytesHashed += n;
            if (!data(chunk.constData(), size_t(n)))
                return false;
            off += n;
        }
    }
    return true;
}

void SnapshotStore::Private::beginOperation()
{
    hashedThisOp = 0;
    notKeptThisOp = 0;
    heavyCalled = false;
    candidatesLoaded = false;
    candidates.clear();
}

void SnapshotStore::Private::heavyWork(qint64 bytes)
{
    if (heavyCalled || bytes < SnapshotStore::kHeavyWorkBytes)
        return;
    heavyCalled = true;
    if (heavyHook)
        heavyHook();
}

bool SnapshotStore::Private::hashFile(int dirFd, const QByteArray &name, struct stat *st,
                                      const git_oid *oldId, git_oid *oid, bool *racy)
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
            if (target.size() > 64 * 1024)
                return false; // no kernel makes links this long
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
    // What is read is decided here, on the open descriptor: a file that grows from now on is stored as the
    // prefix it has now (and, its ctime having changed, looked at again by the next commit).
    const qint64 size = before.st_size;
    auto stored = [&](const git_oid *id) { return hasObject(id); };
    stagedTmp.clear();
    stagedOrigin.reset();
    bool ok = false;
    if (size <= kSmallFile) {
        // Small: read (bounded), name it, and only content the store does not have yet needs room.
        QByteArray data(size, Qt::Uninitialized);
        qsizetype done = 0;
        ok = feedFile(
            fd.get(), size,
            [&](const char *p, size_t n) {
                memcpy(data.data() + done, p, n);
                done += qsizetype(n);
                return true;
            },
            [&](qint64 n) {
                memset(data.data() + done, 0, size_t(n));
                done += qsizetype(n);
                return true;
            });
        ok = ok && done == size && blobId(data.constData(), size, oid);
        if (ok && !stored(oid)) {
            if (!makeRoom(size))
                return writePlaceholder(before, oid);
            hashedThisOp += size;
            LooseWriter writer;
            qint64 added = 0;
            git_oid written;
            ok = writer.begin(objectsFd.get(), size, oid) &&
                 writer.writeCompressedIfWorthIt(data.constData(), size_t(size)) &&
                 writer.finish(&written, &added);
            if (historyUsed >= 0)
                historyUsed += added;
            if (ok && added > 0)
                storedAgain(oid);
        }
    } else {
        // Large: captured (copied as a raw object to be) when it fits as it is, and hashed from the copy
        // later (finishStaged). Otherwise it may be content the store has already (a file only touched, or
        // restored): name it first without writing anything, and only new content makes room (dropping old
        // versions), is captured (and hashed again from the copy: what is stored is what was copied) or is
        // not kept.
        bool fits = makeRoom(size, false);
        if (!fits) {
            if (hashedThisOp + size > budget)
                return writePlaceholder(before, oid);
            hashedThisOp += size;
            heavyWork(hashedThisOp);
            EVP_MD_CTX *ctx = EVP_MD_CTX_new();
            const QByteArray header = "blob " + QByteArray::number(size) + '\0';
            static const char zeros[64 * 1024] = {};
            ok =
                ctx && EVP_DigestInit_ex(ctx, EVP_sha1(), nullptr) == 1 &&
                EVP_DigestUpdate(ctx, header.constData(), size_t(header.size())) == 1 &&
                feedFile(
                    fd.get(), size, [&](const char *p, size_t n) { return EVP_DigestUpdate(ctx, p, n) == 1; },
                    [&](qint64 n) {
                        for (; n > 0; n -= qint64(sizeof zeros)) {
                            if (EVP_DigestUpdate(ctx, zeros, size_t(qMin<qint64>(n, qint64(sizeof zeros)))) !=
                                1)
                                return false;
                        }
                        return true;
                    });
            unsigned char digest[EVP_MAX_MD_SIZE];
            unsigned int len = 0;
            ok = ok && EVP_DigestFinal_ex(ctx, digest, &len) == 1 && len == GIT_OID_RAWSZ;
            EVP_MD_CTX_free(ctx);
            if (!ok)
                return false;
            git_oid_fromraw(oid, digest);
            if (!stored(oid)) {
                if (hashedThisOp + size > budget || !makeRoom(size))
                    return writePlaceholder(before, oid);
                fits = true;
            }
        }
        if (fits) {
            hashedThisOp += size;
            heavyWork(hashedThisOp);
            // An upload home holds as the import made it, from an origin that has not changed since: its one
            // copy is made after the captured hook, from the origin (see commitUpload()).
            const ImportOrigin *origin = uploadOrigin.get();
            if (origin && before.st_dev == origin->homeDev && before.st_ino == origin->homeIno &&
                before.st_size == origin->size && before.st_mtim.tv_sec == origin->homeMtime.tv_sec &&
                before.st_mtim.tv_nsec == origin->homeMtime.tv_nsec && origin->stillAsCopied(kRacyWindowNs)) {
                stagedOrigin = uploadOrigin;
                ok = true;
            } else {
                ok = captureFile(fd.get(), size);
            }
            memset(oid, 0, sizeof *oid);
        }
    }
    struct stat after;
    if (::fstat(fd.get(), &after) != 0 || !sameStat(before, after))
        *racy = true;
    return ok;
}

bool SnapshotStore::Private::hasObject(const git_oid *oid) const
{
    const QByteArray path = objectPath(oid);
    return ::faccessat(objectsFd.get(), path.constData(), F_OK, AT_SYMLINK_NOFOLLOW) == 0 ||
           ::faccessat(rawFd.get(), path.constData(), F_OK, AT_SYMLINK_NOFOLLOW) == 0;
}

bool SnapshotStore::Private::captureFile(int fd, qint64 size, bool fromHome)
{
    static std::atomic<quint64> counter{0};
    const QByteArray tmp =
        kTempObjectPrefix + QByteArray::number(::getpid()) + "-c" + QByteArray::number(++counter);
    UniqueFd out(
        ::openat(rawFd.get(), tmp.constData(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0400));
    if (!out.isValid())
        return false;
    const FileCopy::Result r = FileCopy::copy(fd, out.get(), size, FileCopy::Method::Clone, cancelFlag);
    if (fromHome)
        s_bytesRead += r.bytesRead;
    struct stat st;
    if (!r.ok || ::fstat(out.get(), &st) != 0) {
        ::unlinkat(rawFd.get(), tmp.constData(), 0);
        return false;
    }
    stagedTmp = tmp;
    return true;
}

bool SnapshotStore::Private::captureStagedUpload(Staged *s)
{
    // The origin, when it still is what was copied into home (checked again after the copy: a change made
    // while it was read shows in its stat).
    if (s->origin->stillAsCopied(kRacyWindowNs) && captureFile(s->origin->fd, s->size, false)) {
        if (s->origin->stillAsCopied(kRacyWindowNs))
            return true;
        ::unlinkat(rawFd.get(), stagedTmp.constData(), 0);
        stagedTmp.clear();
    }
    if (cancelled())
        return false;
    // The person changed their file meanwhile: home's copy, when it has not changed since it was looked at.
    UniqueFd fd(::openat(homeFd.get(), unescapePath(s->escPath).constData(),
                         O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));
    struct stat st;
    if (!fd.isValid() || ::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode) || st.st_size != s->size ||
        quint32(st.st_ino) != s->entry.ino || qint32(st.st_mtim.tv_sec) != s->entry.mtime.seconds ||
        quint32(st.st_mtim.tv_nsec) != s->entry.mtime.nanoseconds)
        return false;
    return captureFile(fd.get(), s->size);
}

void SnapshotStore::Private::dropStaged()
{
    for (const Staged &s : std::as_const(staged)) {
        ::unlinkat(rawFd.get(), s.tmp.constData(), 0);
        if (historyUsed >= 0)
            historyUsed -= s.disk;
    }
    staged.clear();
}

bool SnapshotStore::Private::finishStaged(QString *error)
{
    while (!staged.isEmpty()) {
        if (cancelled()) {
            dropStaged();
            return failCancelled(error);
        }
        Staged s = staged.takeFirst();
        auto unlinkTmp = [&] {
            if (!s.tmp.isEmpty())
                ::unlinkat(rawFd.get(), s.tmp.constData(), 0);
            if (historyUsed >= 0)
                historyUsed -= s.disk;
        };
        bool captured = true;
        if (s.origin) {
            stagedTmp.clear();
            captured = captureStagedUpload(&s);
            s.tmp = std::exchange(stagedTmp, {});
            s.origin.reset();
            struct stat tst;
            if (captured && ::fstatat(rawFd.get(), s.tmp.constData(), &tst, AT_SYMLINK_NOFOLLOW) == 0) {
                s.disk = diskBytes(tst);
                if (historyUsed >= 0)
                    historyUsed += s.disk;
            }
        }
        UniqueFd fd(captured ? ::openat(rawFd.get(), s.tmp.constData(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
                             : -1);
        struct stat st;
        bool ok = fd.isValid() && ::fstat(fd.get(), &st) == 0 && st.st_size == s.size;
        git_oid oid;
        if (ok) {
            EVP_MD_CTX *ctx = EVP_MD_CTX_new();
            const QByteArray header = "blob " + QByteArray::number(qint64(st.st_size)) + '\0';
            static const char zeros[64 * 1024] = {};
            ok = ctx && EVP_DigestInit_ex(ctx, EVP_sha1(), nullptr) == 1 &&
                 EVP_DigestUpdate(ctx, header.constData(), size_t(header.size())) == 1 &&
                 feedFile(
                     fd.get(), st.st_size,
                     [&](const char *p, size_t n) { return EVP_DigestUpdate(ctx, p, n) == 1; },
                     [&](qint64 n) {
                         for (; n > 0; n -= qint64(sizeof zeros)) {
                             if (EVP_DigestUpdate(ctx, zeros,
                                                  size_t(qMin<qint64>(n, qint64(sizeof zeros)))) != 1)
                                 return false;
                         }
                         return true;
                     },
                     false);
            unsigned char digest[EVP_MAX_MD_SIZE];
            unsigned int len = 0;
            ok = ok && EVP_DigestFinal_ex(ctx, digest, &len) == 1 && len == GIT_OID_RAWSZ;
            EVP_MD_CTX_free(ctx);
            if (ok)
                git_oid_fromraw(&oid, digest);
        }
        fd.reset();
        if (ok && hasObject(&oid)) {
            unlinkTmp(); // the same content is stored already
        } else if (ok) {
            const QByteArray path = objectPath(&oid);
            ok = (::mkdirat(rawFd.get(), path.left(2).constData(), 0700) == 0 || errno == EEXIST) &&
                 ::renameat(rawFd.get(), s.tmp.constData(), rawFd.get(), path.constData()) == 0;
            if (ok)
                storedAgain(&oid);
            else
                unlinkTmp();
        } else {
            unlinkTmp();
        }
        if (!ok) {
            if (cancelled()) {
                dropStaged();
                return failCancelled(error);
            }
            // Unreadable copy (the disk failed us): keep what the cache had, looked at again next time.
            if (const git_index_entry *old = git_index_get_bypath(index, s.escPath.constData(), 0)) {
                git_index_entry entry = *old;
                entry.ctime = {0, 0};
                git_index_add(index, &entry);
                indexDirty = true;
            } else {
                forgetUsage(s.escPath);
            }
            continue;
        }
        s.entry.id = oid;
        s.entry.path = s.escPath.constData();
        touched(s.escPath);
        if (git_index_add(index, &s.entry) != 0) {
            dropStaged();
            return gitFail(error, u"cannot record %1"_s.arg(QString::fromUtf8(unescapePath(s.escPath))));
        }
        indexDirty = true;
    }
    return true;
}

bool SnapshotStore::Private::processFile(int dirFd, const QByteArray &name, const struct stat &lst,
                                         const QByteArray &escPath, QSet<QByteArray> *seen, bool mayDefer,
                                         QString *error)
{
    const git_index_entry *old = git_index_get_bypath(index, escPath.constData(), 0);
    if (old) // seen holds only paths that keep an entry, so removeUnseen can compare counts
        seen->insert(escPath);
    if (old && statMatches(*old, lst)) {
        noteUsage(escPath, qint64(lst.st_blocks) * 512);
        return true;
    }
    // Large files wait until the walk has counted what home holds, so the budget is decided on all of it.
    if (mayDefer && budget > 0 && S_ISREG(lst.st_mode) && lst.st_size > kSmallFile) {
        deferred.append({escPath, lst});
        return true;
    }
    if (cancelled())
        return failCancelled(error);
    struct stat st = lst;
    git_oid oid;
    bool racy = false;
    git_index_entry entry{};
    noteUsage(escPath, qint64(lst.st_blocks) * 512);
    if (!hashFile(dirFd, name, &st, old ? &old->id : nullptr, &oid, &racy)) {
        if (cancelled())
            return failCancelled(error);
        // Vanished, unreadable or changing under us: keep what we had, but make sure it is looked at again.
        if (old) {
            entry = *old;
            entry.ctime = {0, 0};
            git_index_add(index, &entry);
            indexDirty = true;
        } else {
            forgetUsage(escPath);
        }
        return true;
    }
    noteUsage(escPath, qint64(st.st_blocks) * 512);
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
    if (racy ||
        (ctimeNs >= scanStartNs - kRacyWindowNs && !(stagedOrigin && settledAfterUpload(homeFd.get(), st))))
        entry.ctime = {0, 0};
    if (!stagedTmp.isEmpty() || stagedOrigin) {
        // Captured: recorded once finishStaged() has named the copy (an old entry stays meanwhile).
        Staged s;
        s.escPath = escPath;
        s.tmp = std::exchange(stagedTmp, {});
        s.origin = std::exchange(stagedOrigin, {});
        s.entry = entry;
        s.entry.path = nullptr;
        s.size = st.st_size;
        struct stat tst;
        if (!s.tmp.isEmpty() && ::fstatat(rawFd.get(), s.tmp.constData(), &tst, AT_SYMLINK_NOFOLLOW) == 0)
            s.disk = diskBytes(tst);
        if (historyUsed >= 0)
            historyUsed += s.disk;
        staged.append(s);
        seen->insert(escPath);
        return true;
    }
    touched(escPath);
    if (git_index_add(index, &entry) != 0)
        return gitFail(error, u"cannot record %1"_s.arg(QString::fromUtf8(unescapePath(escPath))));
    seen->insert(escPath);
    indexDirty = true;
    return true;
}

bool SnapshotStore::Private::processDeferred(QSet<QByteArray> *seen, QString *error)
{
    const QList<Deferred> todo = std::exchange(deferred, {});
    for (const Deferred &file : todo) {
        if (cancelled())
            return failCancelled(error);
        QByteArrayList parts;
        if (!SafeFs::splitRelativePath(unescapePath(file.escPath), &parts, nullptr))
            continue;
        UniqueFd parent = SafeFs::openParent(homeFd.get(), parts, false, 0, 0, nullptr);
        struct stat lst;
        if (!parent.isValid() ||
            ::fstatat(parent.get(), parts.last().constData(), &lst, AT_SYMLINK_NOFOLLOW) != 0 ||
            !(S_ISREG(lst.st_mode) || S_ISLNK(lst.st_mode))) {
            // Gone since the walk: an old entry stays until the next look (it is smudged to make sure).
            if (const git_index_entry *old = git_index_get_bypath(index, file.escPath.constData(), 0)) {
                git_index_entry entry = *old;
                entry.ctime = {0, 0};
                git_index_add(index, &entry);
                indexDirty = true;
            }
            continue;
        }
        if (!processFile(parent.get(), parts.last(), lst, file.escPath, seen, false, error))
            return false;
    }
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
        if (cancelled()) {
            ok = failCancelled(error);
            break;
        }
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
        ok = processFile(dirFd, name, st, path, seen, true, error) && ok;
    }
    ::closedir(dir);
    return ok && !cancelled();
}

void SnapshotStore::Private::noteUsage(const QByteArray &escPath, qint64 bytes)
{
    if (budget <= 0)
        return; // counted only under a budget (setStorageBudget() makes the next scan full)
    auto it = homeUsage.find(escPath);
    if (it == homeUsage.end()) {
        homeUsage.insert(escPath, bytes);
        homeUsed += bytes;
    } else if (*it != bytes) {
        homeUsed += bytes - *it;
        *it = bytes;
    }
}

void SnapshotStore::Private::forgetUsage(const QByteArray &escPath)
{
    homeUsed -= homeUsage.take(escPath);
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
    for (const QByteArray &path : std::as_const(gone)) {
        touched(path);
        git_index_remove(index, path.constData(), 0);
        forgetUsage(path);
    }
    if (!gone.isEmpty())
        indexDirty = true;
}

// Room kept free below the budget for what is not counted file by file: directories, trees, commits, the
// stat cache, the reflog.
static qint64 budgetSlack(qint64 budget)
{
    return qMin<qint64>(budget / 32, 64LL * 1024 * 1024);
}

qint64 SnapshotStore::Private::available() const
{
    return budget - budgetSlack(budget) - homeUsed - qMax<qint64>(historyUsed, 0);
}

// Whether content of this apparent size may be hashed and stored now. Apparent size is what hashing costs
// (a sparse file's holes too) and bounds what storing it can take, so it is what is counted: one operation
// hashes at most the budget, and stores something only while home + history stay within it, dropping the
// oldest versions of the largest files (no longer in home) to make room.
bool SnapshotStore::Private::makeRoom(qint64 size, bool mayDrop)
{
    if (budget <= 0 || size <= 0)
        return true;
    if (hashedThisOp + size > budget)
        return false;
    if (historyUsed < 0)
        measureHistory();
    if (size <= available())
        return true;
    if (!historyExact) {
        measureHistory();
        if (size <= available())
            return true;
    }
    if (!mayDrop)
        return false;
    loadCandidates();
    qint64 droppable = 0;
    for (const Candidate &c : std::as_const(candidates))
        droppable += c.disk;
    if (size > available() + droppable)
        return false; // dropping everything would not make it fit: keep what there is
    dropCandidates(size - available());
    return size <= available();
}

void SnapshotStore::Private::measureHistory()
{
    static thread_local qint64 t_total = 0;
    t_total = 0;
    nftw(
        QFile::encodeName(gitDir).constData(),
        [](const char *, const struct stat *st, int type, FTW *) {
            if (type != FTW_NS)
                t_total += qint64(st->st_blocks) * 512;
            return 0;
        },
        16, FTW_PHYS);
    historyUsed = t_total;
    historyExact = true;
}

void SnapshotStore::Private::loadCandidates()
{
    if (candidatesLoaded)
        return;
    candidatesLoaded = true;
    candidates.clear();
    // Every version the history holds, with the oldest commit that has it: walk the first-parent chain,
    // visiting each distinct tree once.
    QList<git_oid> chain;
    git_oid oid;
    if (git_reference_name_to_id(&oid, repo, "HEAD") != 0)
        return;
    for (;;) {
        chain.append(oid);
        git_commit *raw = nullptr;
        if (git_commit_lookup(&raw, repo, &oid) != 0)
            break;
        CommitPtr commit(raw);
        if (git_commit_parentcount(commit.get()) == 0)
            break;
        oid = *git_commit_parent_id(commit.get(), 0);
    }
    std::reverse(chain.begin(), chain.end());
    QSet<QByteArray> current;
    for (size_t i = 0; i < git_index_entrycount(index); ++i)
        current.insert(oidKey(&git_index_get_byindex(index, i)->id));
    struct Walk
    {
        QSet<QByteArray> trees;
        QHash<QByteArray, int> firstSeen;
        int age = 0;
    } walk;
    QList<QString> commitIds;
    for (const git_oid &c : std::as_const(chain)) {
        commitIds.append(oidString(&c));
        git_commit *raw = nullptr;
        if (git_commit_lookup(&raw, repo, &c) != 0)
            continue;
        CommitPtr commit(raw);
        git_tree *rawTree = nullptr;
        if (git_commit_tree(&rawTree, commit.get()) != 0)
            continue;
        TreePtr tree(rawTree);
        if (!walk.trees.contains(oidKey(git_tree_id(tree.get())))) {
            walk.trees.insert(oidKey(git_tree_id(tree.get())));
            git_tree_walk(
                tree.get(), GIT_TREEWALK_PRE,
                [](const char *, const git_tree_entry *entry, void *p) -> int {
                    auto *w = static_cast<Walk *>(p);
                    const QByteArray key = oidKey(git_tree_entry_id(entry));
                    if (git_tree_entry_type(entry) == GIT_OBJECT_TREE) {
                        if (w->trees.contains(key))
                            return 1; // seen in an older commit: skip the subtree
                        w->trees.insert(key);
                        return 0;
                    }
                    if (git_tree_entry_filemode(entry) != GIT_FILEMODE_LINK && !w->firstSeen.contains(key))
                        w->firstSeen.insert(key, w->age);
                    return 0;
                },
                &walk);
        }
        ++walk.age;
    }
    for (auto it = walk.firstSeen.cbegin(); it != walk.firstSeen.cend(); ++it) {
        if (current.contains(it.key()) || notKept.contains(it.key()))
            continue;
        Candidate c;
        git_oid_fromraw(&c.id, reinterpret_cast<const unsigned char *>(it.key().constData()));
        struct stat st;
        const QByteArray path = objectPath(&c.id);
        if (::fstatat(objectsFd.get(), path.constData(), &st, AT_SYMLINK_NOFOLLOW) != 0 &&
            ::fstatat(rawFd.get(), path.constData(), &st, AT_SYMLINK_NOFOLLOW) != 0)
            continue;
        c.disk = qint64(st.st_blocks) * 512;
        if (c.disk <= 0)
            continue;
        c.age = it.value();
        c.commit = commitIds.value(c.age);
        candidates.append(c);
    }
    // Largest first, the oldest of equals first.
    std::sort(candidates.begin(), candidates.end(), [](const Candidate &a, const Candidate &b) {
        return a.disk != b.disk ? a.disk > b.disk : a.age < b.age;
    });
}

void SnapshotStore::Private::dropCandidates(qint64 needed)
{
    QList<Candidate> drop;
    qint64 freed = 0;
    while (freed < needed && !candidates.isEmpty()) {
        drop.append(candidates.takeFirst());
        freed += drop.constLast().disk;
    }
    if (drop.isEmpty())
        return;
    QList<std::pair<git_oid, NotKept>> entries;
    for (const Candidate &c : std::as_const(drop)) {
        NotKept info;
        info.size = blobSize(&c.id);
        info.dropped = true;
        info.commit = c.commit;
        entries.append({c.id, info});
    }
    // Recorded (and synced) before anything is deleted: a version is never missing without a reason.
    if (!appendNotKept(entries, true))
        return;
    for (const Candidate &c : std::as_const(drop)) {
        const QByteArray path = objectPath(&c.id);
        if (::unlinkat(objectsFd.get(), path.constData(), 0) == 0 ||
            ::unlinkat(rawFd.get(), path.constData(), 0) == 0)
            historyUsed -= c.disk;
    }
}

bool SnapshotStore::Private::writePlaceholder(const struct stat &st, git_oid *oid)
{
    // A small real blob stands for the version in the tree (so trees and the stat cache stay ordinary); its
    // text differs for every state of the file, so each change still shows as one.
    const QByteArray text =
        "Sandbench did not keep this version: it did not fit the container's storage budget.\n"
        "size " +
        QByteArray::number(qint64(st.st_size)) + "\nfile " + QByteArray::number(quint64(st.st_dev)) + ':' +
        QByteArray::number(quint64(st.st_ino)) + ':' + QByteArray::number(qint64(st.st_ctim.tv_sec)) + '.' +
        QByteArray::number(qint64(st.st_ctim.tv_nsec)) + '\n';
    if (git_blob_create_from_buffer(oid, repo, text.constData(), size_t(text.size())) != 0)
        return false;
    NotKept info;
    info.size = st.st_size;
    if (!notKept.contains(oidKey(oid)) && !appendNotKept({{*oid, info}}, false))
        return false;
    ++notKeptThisOp;
    return true;
}

// Content dropped once and written again (the same file came back) is kept again from now on.
void SnapshotStore::Private::storedAgain(const git_oid *oid)
{
    const auto it = notKept.constFind(oidKey(oid));
    if (it == notKept.cend() || !it->dropped)
        return;
    NotKept info;
    info.size = it->size;
    info.commit = u"kept"_s;
    appendNotKept({{*oid, info}}, false);
    notKept.remove(oidKey(oid));
}

void SnapshotStore::Private::loadNotKept()
{
    notKept.clear();
    QFile file(gitDir + u'/' + QLatin1StringView(kNotKeptFile));
    if (!file.open(QIODevice::ReadOnly))
        return;
    const QByteArray all = file.read(kMaxNotKeptFile);
    for (const QByteArray &line : all.split('\n')) {
        const QByteArrayList f = line.split(' ');
        git_oid id;
        if (f.size() < 3 || f.at(0).size() != GIT_OID_HEXSZ || git_oid_fromstr(&id, f.at(0).constData()) != 0)
            continue;
        if (f.at(2) == "kept") { // written again after it was dropped
            notKept.remove(oidKey(&id));
            continue;
        }
        NotKept info;
        info.size = f.at(1).toLongLong();
        info.dropped = f.at(2) == "dropped";
        if (f.size() > 3 && f.at(3) != "-")
            info.commit = QString::fromLatin1(f.at(3));
        notKept.insert(oidKey(&id), info);
    }
}

bool SnapshotStore::Private::appendNotKept(const QList<std::pair<git_oid, NotKept>> &entries, bool sync)
{
    QByteArray text;
    for (const auto &[id, info] : entries) {
        const bool kept = !info.dropped && info.commit == u"kept"_s;
        text += oidString(&id).toLatin1() + ' ' + QByteArray::number(info.size) + ' ' +
                (kept           ? "kept"
                 : info.dropped ? "dropped"
                                : "too-large") +
                ' ' + (info.commit.isEmpty() || kept ? QByteArray("-") : info.commit.toLatin1()) + '\n';
    }
    UniqueFd fd(::open(QFile::encodeName(gitDir + u'/' + QLatin1StringView(kNotKeptFile)).constData(),
                       O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644));
    if (!fd.isValid() || !writeAll(fd.get(), text.constData(), size_t(text.size())) ||
        (sync && ::fdatasync(fd.get()) != 0))
        return false;
    for (const auto &[id, info] : entries) {
        if (info.dropped || info.commit != u"kept"_s)
            notKept.insert(oidKey(&id), info);
    }
    return true;
}

bool SnapshotStore::Private::reconcile(const QByteArray &realRel, QString *error)
{
    QSet<QByteArray> seen;
    deferred.clear();
    if (realRel.isEmpty()) {
        seen.reserve(qsizetype(git_index_entrycount(index)) + 16);
        if (!walkDir(homeFd.get(), QByteArray(), &seen, error))
            return false;
        // Deletions first: what they free counts before any large file is decided.
        removeUnseen(QByteArray(), seen);
        return processDeferred(&seen, error) && (deferStaged || finishStaged(error));
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
            if (!processFile(parent.get(), name, st, escRel, &seen, true, error))
                return false;
        }
    }
    removeUnseen(escRel, seen);
    return processDeferred(&seen, error) && (deferStaged || finishStaged(error));
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
    // Both trees are walked side by side in git's entry order, and a subtree is only read where the two
    // trees' ids for it differ: one change in 10,000 files reads the few trees on its path
    // (git_diff_tree_to_tree visits every entry of both). The walk keeps its own stack, so a deep home
    // cannot exhaust the thread's. A file turned into a directory (or back) is a deletion and additions:
    // in git's order "x" and "x/" are different entries.
    QList<FileChange> out;
    if (oldTree && newTree && git_oid_equal(git_tree_id(oldTree), git_tree_id(newTree)))
        return out;
    struct Frame
    {
        TreePtr oldOwned, newOwned; // subtrees this walk looked up (the roots are the caller's)
        git_tree *oldTree = nullptr;
        git_tree *newTree = nullptr;
        QByteArray prefix; // escaped, with a trailing '/' below the root
        size_t i = 0, j = 0;
    };
    std::vector<Frame> stack;
    stack.push_back(Frame{{}, {}, oldTree, newTree, {}, 0, 0});
    auto lookup = [&](const git_tree_entry *entry, TreePtr *into) {
        git_tree *raw = nullptr;
        if (git_tree_lookup(&raw, repo, git_tree_entry_id(entry)) != 0)
            return false;
        into->reset(raw);
        return true;
    };
    auto emit = [&](const QByteArray &escPath, ChangeKind kind, const git_tree_entry *oldEntry,
                    const git_tree_entry *newEntry) {
        FileChange change;
        change.path = QString::fromUtf8(unescapePath(escPath));
        change.kind = kind;
        if (oldEntry) {
            const NotKept *gone = notKeptFor(git_tree_entry_id(oldEntry));
            change.oldKept = !gone;
            change.oldSize = gone ? gone->size : blobSize(git_tree_entry_id(oldEntry));
        }
        if (newEntry) {
            const NotKept *gone = notKeptFor(git_tree_entry_id(newEntry));
            change.newKept = !gone;
            change.newSize = gone ? gone->size : blobSize(git_tree_entry_id(newEntry));
        }
        out.append(change);
    };
    while (!stack.empty()) {
        Frame &f = stack.back();
        const size_t nOld = f.oldTree ? git_tree_entrycount(f.oldTree) : 0;
        const size_t nNew = f.newTree ? git_tree_entrycount(f.newTree) : 0;
        if (f.i >= nOld && f.j >= nNew) {
            stack.pop_back();
            continue;
        }
        const git_tree_entry *o = f.i < nOld ? git_tree_entry_byindex(f.oldTree, f.i) : nullptr;
        const git_tree_entry *n = f.j < nNew ? git_tree_entry_byindex(f.newTree, f.j) : nullptr;
        const int cmp = o && n ? git_tree_entry_cmp(o, n) : (o ? -1 : 1);
        const git_tree_entry *oldEntry = cmp <= 0 ? o : nullptr;
        const git_tree_entry *newEntry = cmp >= 0 ? n : nullptr;
        if (oldEntry)
            ++f.i;
        if (newEntry)
            ++f.j;
        const QByteArray path = f.prefix + git_tree_entry_name(oldEntry ? oldEntry : newEntry);
        const bool oldIsTree = oldEntry && git_tree_entry_type(oldEntry) == GIT_OBJECT_TREE;
        const bool newIsTree = newEntry && git_tree_entry_type(newEntry) == GIT_OBJECT_TREE;
        if (oldEntry && newEntry && git_oid_equal(git_tree_entry_id(oldEntry), git_tree_entry_id(newEntry)) &&
            git_tree_entry_filemode(oldEntry) == git_tree_entry_filemode(newEntry))
            continue;
        if (oldIsTree || newIsTree) {
            // Equal names compare equal only when both are trees (see above).
            Frame sub;
            sub.prefix = path + '/';
            if ((oldIsTree && !lookup(oldEntry, &sub.oldOwned)) ||
                (newIsTree && !lookup(newEntry, &sub.newOwned))) {
                gitFail(error, u"cannot compare commits"_s);
                return std::nullopt;
            }
            sub.oldTree = sub.oldOwned.get();
            sub.newTree = sub.newOwned.get();
            stack.push_back(std::move(sub)); // f is not used again before this frame is done
            continue;
        }
        emit(path,
             oldEntry && newEntry ? ChangeKind::Modified
                                  : (oldEntry ? ChangeKind::Deleted : ChangeKind::Added),
             oldEntry, newEntry);
    }
    return out;
}

static QByteArray buildMessage(const QString &command, const CommandMeta &meta, const QByteArray &kind,
                               const QList<FileChange> &changes, int notKept)
{
    int added = 0, modified = 0, deleted = 0;
    for (const FileChange &c : changes)
        (c.kind == ChangeKind::Added ? added : c.kind == ChangeKind::Deleted ? deleted : modified)++;
    QByteArray msg = command.toUtf8().replace('\0', ' ');
    msg += kTrailerStart;
    msg += kind;
    msg += "\nSandbench-Outcome: ";
    msg += meta.timedOut ? QByteArray("timeout") : "exit " + QByteArray::number(meta.exitCode);
    msg += "\nSandbench-Duration-Ms: " + QByteArray::number(meta.durationMs);
    msg += "\nSandbench-Changes: +" + QByteArray::number(added) + " ~" + QByteArray::number(modified) + " -" +
           QByteArray::number(deleted) + '\n';
    if (notKept > 0)
        msg += "Sandbench-Not-Kept: " + QByteArray::number(notKept) + '\n';
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
            entry.kind = value == "restore"       ? EntryKind::Restore
                         : value == "upload"      ? EntryKind::Upload
                         : value == "interrupted" ? EntryKind::Recovered
                                                  : EntryKind::Command;
        } else if (key == "Sandbench-Not-Kept") {
            entry.notKept += value.toInt();
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
                                                       const ChangeHint &hint, const QByteArray &kind,
                                                       QString *error)
{
    if (!repo) {
        if (error)
            *error = u"history is not open"_s;
        return std::nullopt;
    }
    if (kind == "command") // a restore's or a recovery's own scan was counted already
        beginOperation();
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
    // Large files are only captured while home is looked at; they are hashed once the hook said so.
    deferStaged = true;
    bool scanned = true;
    if (full) {
        scanned = reconcile(QByteArray(), error);
    } else {
        for (const QByteArray &root : std::as_const(roots)) {
            QString why;
            // A hint we cannot interpret is not trusted to narrow the scan.
            if (!reconcile(root, &why)) {
                scanned = reconcile(QByteArray(), error);
                break;
            }
        }
    }
    deferStaged = false;
    if (!scanned) {
        dropStaged();
        return std::nullopt;
    }
    if (capturedHook)
        capturedHook();
    if (!finishStaged(error))
        return std::nullopt;

    git_oid treeOid;
    if (!writeTree(&treeOid, error))
        return std::nullopt;
    std::optional<Snapshot> snap = record(treeOid, command, meta, kind, error);
    if (snap) {
        needFullScan = false;
        // HEAD's tree is now what the stat cache holds.
        treeDirtyKnown = true;
        treeDirty.clear();
    }
    return snap;
}

bool SnapshotStore::Private::writeTree(git_oid *out, QString *error)
{
    CommitPtr head;
    TreePtr headTree;
    if (treeDirtyKnown && headCommitAndTree(&head, &headTree, nullptr) && headTree) {
        if (treeDirty.isEmpty()) {
            git_oid_cpy(out, git_tree_id(headTree.get()));
            return true;
        }
        QByteArrayList paths(treeDirty.cbegin(), treeDirty.cend());
        std::sort(paths.begin(), paths.end());
        QList<TreeUpdate> updates;
        updates.reserve(paths.size());
        bool simple = true;
        for (const QByteArray &path : std::as_const(paths)) {
            // A file that became a directory or the other way round: not something an update can do.
            for (QByteArray a = parentOf(path); !a.isEmpty() && simple; a = parentOf(a))
                simple = !treeDirty.contains(a);
            if (!simple)
                break;
            git_tree_entry *raw = nullptr;
            const bool inTree = git_tree_entry_bypath(&raw, headTree.get(), path.constData()) == 0;
            TreeEntryPtr inHead(raw);
            const git_index_entry *e = git_index_get_bypath(index, path.constData(), 0);
            if (inTree && git_tree_entry_type(inHead.get()) != GIT_OBJECT_BLOB) {
                simple = false;
                break;
            }
            TreeUpdate u;
            u.path = path;
            if (e) {
                if (inTree && git_oid_equal(git_tree_entry_id(inHead.get()), &e->id) &&
                    git_tree_entry_filemode(inHead.get()) == git_filemode_t(e->mode))
                    continue; // only its stat data changed
                u.mode = e->mode;
                u.id = e->id;
            } else if (!inTree) {
                continue; // came and went between two entries
            }
            updates.append(u);
        }
        if (simple && updates.isEmpty()) {
            git_oid_cpy(out, git_tree_id(headTree.get()));
            return true;
        }
        bool empty = false;
        if (simple && writeUpdatedTree(headTree.get(), updates, 0, updates.size(), 0, out, &empty) &&
            (!empty || writeObject("tree", QByteArray(), out)))
            return true;
    }
    if (git_index_write_tree_to(out, index, repo) != 0)
        return gitFail(error, u"cannot write tree"_s);
    return true;
}

bool SnapshotStore::Private::writeUpdatedTree(git_tree *base, const QList<TreeUpdate> &updates,
                                              qsizetype begin, qsizetype end, qsizetype prefixLen,
                                              git_oid *out, bool *empty)
{
    // Only the trees along the updated paths are read and written, each as one loose object (libgit2's
    // git_tree_create_updated writes through the object database, which rescans objects/pack for every
    // object it does not find, then reads each new tree back).
    std::vector<TreeItem> items;
    QHash<QByteArray, size_t> byName;
    if (base) {
        const size_t n = git_tree_entrycount(base);
        items.reserve(n + size_t(end - begin));
        for (size_t i = 0; i < n; ++i) {
            const git_tree_entry *e = git_tree_entry_byindex(base, i);
            items.push_back({QByteArray(git_tree_entry_name(e)), quint32(git_tree_entry_filemode(e)),
                             *git_tree_entry_id(e)});
        }
    }
    const auto find = [&](const QByteArray &name) -> TreeItem * {
        if (byName.isEmpty() && !items.empty()) {
            byName.reserve(qsizetype(items.size()));
            for (size_t i = 0; i < items.size(); ++i)
                byName.insert(items[i].name, i);
        }
        const auto it = byName.constFind(name);
        return it == byName.cend() || items[*it].mode == 0 ? nullptr : &items[*it];
    };
    const auto put = [&](const QByteArray &name, quint32 mode, const git_oid &id) {
        if (TreeItem *item = find(name)) {
            item->mode = mode;
            item->id = id;
            return;
        }
        byName.insert(name, items.size());
        items.push_back({name, mode, id});
    };
    for (qsizetype i = begin; i < end;) {
        const QByteArray &path = updates.at(i).path;
        const qsizetype slash = path.indexOf('/', prefixLen);
        if (slash < 0) {
            const QByteArray name = path.mid(prefixLen);
            TreeItem *item = find(name);
            if (item && item->mode == GIT_FILEMODE_TREE)
                return false; // a directory replaced by a file: the caller rebuilds from the index
            if (updates.at(i).mode != 0)
                put(name, updates.at(i).mode, updates.at(i).id);
            else if (item)
                item->mode = 0;
            ++i;
            continue;
        }
        // The paths below this component are contiguous in byte order.
        const QByteArray dir = path.left(slash + 1);
        qsizetype j = i + 1;
        while (j < end && updates.at(j).path.startsWith(dir))
            ++j;
        const QByteArray name = path.mid(prefixLen, slash - prefixLen);
        TreeItem *item = find(name);
        if (item && item->mode != GIT_FILEMODE_TREE)
            return false; // a path through a file
        TreePtr sub;
        if (item) {
            git_tree *raw = nullptr;
            if (git_tree_lookup(&raw, repo, &item->id) != 0)
                return false;
            sub.reset(raw);
        }
        git_oid subId;
        bool subEmpty = false;
        if (!writeUpdatedTree(sub.get(), updates, i, j, slash + 1, &subId, &subEmpty))
            return false;
        if (!subEmpty)
            put(name, GIT_FILEMODE_TREE, subId);
        else if (TreeItem *gone = find(name))
            gone->mode = 0;
        i = j;
    }
    std::erase_if(items, [](const TreeItem &t) { return t.mode == 0; });
    *empty = items.empty();
    if (*empty)
        return true;
    std::sort(items.begin(), items.end(), treeItemBefore);
    QByteArray content;
    content.reserve(qsizetype(items.size()) * 40);
    for (const TreeItem &t : items) {
        content += QByteArray::number(t.mode, 8);
        content += ' ';
        content += t.name;
        content += '\0';
        content.append(reinterpret_cast<const char *>(t.id.id), GIT_OID_RAWSZ);
    }
    return writeObject("tree", content, out);
}

bool SnapshotStore::Private::writeObject(const char *type, const QByteArray &content, git_oid *out)
{
    if (!objectId(type, content.constData(), content.size(), out))
        return false;
    if (hasObject(out))
        return true;
    LooseWriter writer;
    git_oid written;
    qint64 added = 0;
    return writer.begin(objectsFd.get(), content.size(), out, Z_BEST_SPEED, type) &&
           writer.write(content.constData(), size_t(content.size())) && writer.finish(&written, &added);
}

bool SnapshotStore::Private::headCommitAndTree(CommitPtr *commit, TreePtr *tree, QString *error) const
{
    // The store is the branch's only writer (flock), so HEAD is read from disk once per open().
    if (headState == HeadState::Unknown) {
        headState =
            git_reference_name_to_id(&cachedHead, repo, "HEAD") == 0 ? HeadState::Known : HeadState::Unborn;
    }
    if (headState == HeadState::Unborn)
        return true;
    const git_oid oid = cachedHead;
    git_commit *rawCommit = nullptr;
    git_tree *rawTree = nullptr;
    if (git_commit_lookup(&rawCommit, repo, &oid) != 0)
        return gitFail(error, u"cannot read previous commit"_s);
    commit->reset(rawCommit);
    if (git_commit_tree(&rawTree, rawCommit) != 0)
        return gitFail(error, u"cannot read previous tree"_s);
    tree->reset(rawTree);
    return true;
}

bool SnapshotStore::Private::writeCommit(const git_oid &treeOid, const git_oid *parentOid,
                                         const QByteArray &message, qint64 whenSecs, git_oid *out,
                                         QString *error)
{
    // What git_commit_create(…, "HEAD", …) writes, without its trips through the object database and the
    // reference database (about fifty system calls: the ref read back five times, packed-refs checked):
    // the commit as a loose object, then the branch through its lock file, its reflog and HEAD's appended
    // first, as git does. The repository's flock makes the store the only writer.
    const QByteArray sig = "Sandbench <sandbench@localhost> " + QByteArray::number(whenSecs) + " +0000";
    char hex[GIT_OID_HEXSZ + 1];
    QByteArray body = "tree " + QByteArray(git_oid_tostr(hex, sizeof hex, &treeOid)) + '\n';
    if (parentOid)
        body += "parent " + QByteArray(git_oid_tostr(hex, sizeof hex, parentOid)) + '\n';
    body += "author " + sig + "\ncommitter " + sig + "\n\n" + message;
    if (!writeObject("commit", body, out)) {
        if (error)
            *error = u"cannot write commit: %1"_s.arg(SafeFs::errnoString(errno));
        return false;
    }
    const QByteArray newHex(git_oid_tostr(hex, sizeof hex, out));
    const QByteArray oldHex =
        parentOid ? QByteArray(git_oid_tostr(hex, sizeof hex, parentOid)) : QByteArray(GIT_OID_HEXSZ, '0');
    QByteArray summary = message.left(message.indexOf('\n')).left(200);
    summary.replace('\t', ' ').replace('\r', ' ');
    const QByteArray logLine = oldHex + ' ' + newHex + ' ' + sig + '\t' +
                               (parentOid ? "commit: " : "commit (initial): ") + summary + '\n';
    const QByteArray root = QFile::encodeName(gitDir) + '/';
    const QByteArray ref = root + kBranch;
    const QByteArray lock = ref + ".lock";
    bool ownLock = false; // a lock someone else holds (git run by hand) is theirs to remove
    auto fail = [&](const char *what) {
        if (error)
            *error = u"cannot update the branch (%1): %2"_s.arg(QLatin1StringView(what),
                                                                SafeFs::errnoString(errno));
        if (ownLock)
            ::unlink(lock.constData());
        return false;
    };
    // A repository made by another tool may lack refs/heads/ or logs/refs/heads/ until its first commit.
    auto openIn = [&](const QByteArray &path, int flags) {
        int f = ::open(path.constData(), flags, 0644);
        if (f < 0 && errno == ENOENT) {
            QDir().mkpath(QFile::decodeName(path.left(path.lastIndexOf('/'))));
            f = ::open(path.constData(), flags, 0644);
        }
        return f;
    };
    UniqueFd fd(openIn(lock, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC));
    if (!fd.isValid())
        return fail("lock");
    ownLock = true;
    const QByteArray line = newHex + '\n';
    if (!writeAll(fd.get(), line.constData(), size_t(line.size())))
        return fail("write");
    fd.reset();
    for (const QByteArray &log : {QByteArray(root + "logs/" + kBranch), QByteArray(root + "logs/HEAD")}) {
        UniqueFd logFd(openIn(log, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC));
        if (!logFd.isValid() || !writeAll(logFd.get(), logLine.constData(), size_t(logLine.size())))
            return fail("reflog");
    }
    if (::rename(lock.constData(), ref.constData()) != 0)
        return fail("rename");
    cachedHead = *out;
    headState = HeadState::Known;
    return true;
}

std::optional<Snapshot> SnapshotStore::Private::record(const git_oid &treeOid, const QString &command,
                                                       const CommandMeta &meta, const QByteArray &kind,
                                                       QString *error)
{
    git_tree *rawTree = nullptr;
    if (git_tree_lookup(&rawTree, repo, &treeOid) != 0) {
        gitFail(error, u"cannot read new tree"_s);
        return std::nullopt;
    }
    TreePtr tree(rawTree);
    CommitPtr parent;
    TreePtr parentTree;
    if (!headCommitAndTree(&parent, &parentTree, error))
        return std::nullopt;
    std::optional<QList<FileChange>> changes = diffTrees(parentTree.get(), tree.get(), error);
    if (!changes)
        return std::nullopt;
    if (changes->isEmpty() && kind != "command")
        return Snapshot{}; // a restore or an upload that left things as the last entry has them

    const qint64 whenMs = meta.finishedAtMs > 0 ? meta.finishedAtMs : QDateTime::currentMSecsSinceEpoch();
    const QByteArray message = buildMessage(command, meta, kind, *changes, notKeptThisOp);
    git_oid commitOid;
    if (!writeCommit(treeOid, parent ? git_commit_id(parent.get()) : nullptr, message, whenMs / 1000,
                     &commitOid, error))
        return std::nullopt;
    if (!meta.pendingMarker.isEmpty())
        QFile::remove(pendingDirOf(gitDir) + u'/' + meta.pendingMarker);
    // New trees and the commit itself: counted roughly (high), measured exactly when the budget gets near.
    if (historyUsed >= 0) {
        historyUsed += 4096 * (1 + qMin<qint64>(changes->size(), 4096));
        historyExact = false;
    }
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
    if (d->refuseWrite(error))
        return std::nullopt;
    return d->commit(command, meta, hint, "command", error);
}

std::optional<Snapshot> SnapshotStore::commitUpload(const QString &fileName, QString *error,
                                                    std::shared_ptr<const ImportOrigin> origin)
{
    if (d->refuseWrite(error))
        return std::nullopt;
    if (!d->repo) {
        if (error)
            *error = u"history is not open"_s;
        return std::nullopt;
    }
    const QByteArray raw = QFile::encodeName(fileName);
    QByteArrayList parts;
    if (!SafeFs::splitRelativePath(raw, &parts, error))
        return std::nullopt;
    if (parts.size() != 1) {
        if (error)
            *error = u"an upload lands directly in home: %1"_s.arg(fileName);
        return std::nullopt;
    }
    d->beginOperation();
    timespec now;
    ::clock_gettime(CLOCK_REALTIME, &now);
    d->scanStartNs = qint64(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
    // As commitCommand(): a large upload is captured (copied aside, a clone where the filesystem can) and
    // the hook lets commands run before the copy is hashed and stored; the entry holds what was captured.
    d->deferStaged = true;
    d->uploadOrigin = std::move(origin);
    const bool scanned = d->reconcile(raw, error);
    d->deferStaged = false;
    d->uploadOrigin.reset();
    if (!scanned) {
        d->dropStaged();
        return std::nullopt;
    }
    if (d->capturedHook)
        d->capturedHook();
    if (!d->finishStaged(error))
        return std::nullopt;
    // The entry is the last one plus this file, whatever else the stat cache holds: a command running
    // meanwhile (or one a fresh store has not scanned for yet) keeps its changes for its own entry.
    CommitPtr parent;
    TreePtr parentTree;
    if (!d->headCommitAndTree(&parent, &parentTree, error))
        return std::nullopt;
    const QByteArray esc = escapePath(raw);
    git_treebuilder *rawBuilder = nullptr;
    if (git_treebuilder_new(&rawBuilder, d->repo, parentTree.get()) != 0) {
        gitFail(error, u"cannot build tree"_s);
        return std::nullopt;
    }
    const std::unique_ptr<git_treebuilder, GitDeleter> builder(rawBuilder);
    const git_index_entry *entry = git_index_get_bypath(d->index, esc.constData(), 0);
    // A file that is gone again comes out of the tree (when the last entry had it).
    const int rc = entry ? git_treebuilder_insert(nullptr, builder.get(), esc.constData(), &entry->id,
                                                  git_filemode_t(entry->mode))
                   : git_treebuilder_get(builder.get(), esc.constData())
                       ? git_treebuilder_remove(builder.get(), esc.constData())
                       : 0;
    if (rc != 0) {
        gitFail(error, u"cannot record %1"_s.arg(fileName));
        return std::nullopt;
    }
    git_oid treeOid;
    if (git_treebuilder_write(&treeOid, builder.get()) != 0) {
        gitFail(error, u"cannot write tree"_s);
        return std::nullopt;
    }
    return d->record(treeOid, fileName, CommandMeta(), "upload", error);
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
    // Versions dropped later for the budget count against the entry that recorded them.
    QHash<QString, int> dropped;
    for (const Private::NotKept &info : std::as_const(d->notKept)) {
        if (info.dropped && !info.commit.isEmpty())
            ++dropped[info.commit];
    }
    while (limit < 0 || out.size() < limit) {
        git_commit *raw = nullptr;
        if (git_commit_lookup(&raw, d->repo, &oid) != 0)
            break;
        CommitPtr commit(raw);
        HistoryEntry entry = parseMessage(QByteArray(git_commit_message_raw(commit.get())));
        entry.commitId = oidString(&oid);
        entry.notKept += dropped.value(entry.commitId);
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

// The id of the blob at path in commit; false when the path is absent there (or is a directory).
static bool blobIdAt(git_commit *commit, const QByteArray &escPath, git_oid *out)
{
    if (!commit)
        return false;
    git_tree *rawTree = nullptr;
    if (git_commit_tree(&rawTree, commit) != 0)
        return false;
    TreePtr tree(rawTree);
    git_tree_entry *rawEntry = nullptr;
    if (git_tree_entry_bypath(&rawEntry, tree.get(), escPath.constData()) != 0)
        return false;
    TreeEntryPtr entry(rawEntry);
    if (git_tree_entry_type(entry.get()) != GIT_OBJECT_BLOB)
        return false;
    *out = *git_tree_entry_id(entry.get());
    return true;
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
    git_oid oldId, newId;
    const bool hasOld = blobIdAt(from.get(), esc, &oldId);
    const bool hasNew = blobIdAt(to.get(), esc, &newId);
    FileDiff out;
    if ((!hasOld && !hasNew) || (hasOld && hasNew && git_oid_equal(&oldId, &newId)))
        return out;
    if ((hasOld && d->notKeptFor(&oldId)) || (hasNew && d->notKeptFor(&newId))) {
        out.notKept = u"storage budget"_s;
        return out;
    }
    // A version too large to diff is not loaded at all (libgit2 would hold both whole).
    if ((hasOld && d->blobSize(&oldId) > kMaxDiffBlobBytes) ||
        (hasNew && d->blobSize(&newId) > kMaxDiffBlobBytes)) {
        out.binary = true;
        return out;
    }
    auto load = [&](bool has, const git_oid *id) -> BlobPtr {
        git_blob *blob = nullptr;
        if (!has || git_blob_lookup(&blob, d->repo, id) != 0)
            return {};
        return BlobPtr(blob);
    };
    BlobPtr oldBlob = load(hasOld, &oldId);
    BlobPtr newBlob = load(hasNew, &newId);
    if ((hasOld && !oldBlob) || (hasNew && !newBlob)) {
        gitFail(error, u"cannot read the saved content of %1"_s.arg(path));
        return std::nullopt;
    }
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

// Writes a blob's content into fd, streamed, leaving holes where it has whole blocks of zeros (so a sparse
// file comes back sparse).
bool SnapshotStore::Private::writeBlobTo(int fd, const git_oid *oid, const QString &path, QString *error)
{
    const qint64 size = blobSize(oid);
    auto failWrite = [&] {
        if (error)
            *error = u"cannot write %1: %2"_s.arg(path, SafeFs::errnoString(errno));
        return false;
    };
    if (size >= 0 && size <= kSmallFile) {
        git_blob *rawBlob = nullptr;
        if (git_blob_lookup(&rawBlob, repo, oid) != 0)
            return gitFail(error, u"cannot read saved content of %1"_s.arg(path));
        BlobPtr blob(rawBlob);
        return writeAll(fd, static_cast<const char *>(git_blob_rawcontent(blob.get())),
                        size_t(git_blob_rawsize(blob.get())))
                   ? true
                   : failWrite();
    }
    hashedThisOp += qMax<qint64>(size, 0);
    heavyWork(hashedThisOp);
    // A raw object is copied as it is (reflinked where the file system can), holes and all.
    UniqueFd raw(::openat(rawFd.get(), objectPath(oid).constData(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC));
    struct stat rawSt;
    if (raw.isValid() && ::fstat(raw.get(), &rawSt) == 0 && S_ISREG(rawSt.st_mode)) {
        if (::ftruncate(fd, 0) != 0)
            return failWrite();
        const FileCopy::Result r =
            FileCopy::copy(raw.get(), fd, rawSt.st_size, FileCopy::Method::Clone, cancelFlag);
        if (!r.ok && r.error == ECANCELED)
            return failCancelled(error);
        if (!r.ok) {
            errno = r.error;
            return failWrite();
        }
        return true;
    }
    git_odb *rawOdb = nullptr;
    if (git_repository_odb(&rawOdb, repo) != 0)
        return gitFail(error, u"cannot read saved content of %1"_s.arg(path));
    OdbPtr odb(rawOdb);
    git_odb_stream *stream = nullptr;
    size_t len = 0;
    git_object_t type;
    if (git_odb_open_rstream(&stream, &len, &type, odb.get(), oid) != 0)
        return gitFail(error, u"cannot read saved content of %1"_s.arg(path));
    static constexpr qint64 kBlock = 4096;
    static const char zeros[kBlock] = {};
    if (chunk.size() != kChunk)
        chunk.resize(kChunk);
    qint64 off = 0;
    bool ok = true;
    for (;;) {
        if (cancelled()) {
            ok = failCancelled(error);
            break;
        }
        const int n = git_odb_stream_read(stream, chunk.data(), size_t(chunk.size()));
        if (n < 0) {
            ok = gitFail(error, u"cannot read saved content of %1"_s.arg(path));
            break;
        }
        if (n == 0)
            break;
        for (qint64 at = 0; at < n && ok; at += kBlock) {
            const qint64 part = qMin<qint64>(kBlock, n - at);
            if (part == kBlock && memcmp(chunk.constData() + at, zeros, size_t(kBlock)) == 0)
                continue;
            qint64 done = 0;
            while (done < part) {
                const ssize_t w =
                    ::pwrite(fd, chunk.constData() + at + done, size_t(part - done), off_t(off + at + done));
                if (w < 0 && errno == EINTR)
                    continue;
                if (w <= 0) {
                    ok = failWrite();
                    break;
                }
                done += w;
            }
        }
        if (!ok)
            break;
        off += n;
    }
    git_odb_stream_free(stream);
    if (ok && (off != qint64(len) || ::ftruncate(fd, off_t(off)) != 0))
        ok = failWrite();
    return ok;
}

std::optional<Snapshot> SnapshotStore::Private::restore(const QByteArray &realPrefix, const QString &commitId,
                                                        QString *error)
{
    QElapsedTimer timer;
    timer.start();
    beginOperation();
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

    // A version whose content was not kept cannot come back: say so before anything is touched.
    for (auto it = target.cbegin(); it != target.cend(); ++it) {
        const auto cur = current.constFind(it.key());
        if (cur != current.cend() && cur->mode == it->mode && git_oid_equal(&cur->id, &it->id))
            continue;
        if (const NotKept *gone = notKeptFor(&it->id)) {
            if (error)
                *error =
                    u"the version of %1 saved by commit %2 (%3 bytes) was not kept (storage budget), so it "
                    u"cannot be restored"_s.arg(QString::fromUtf8(unescapePath(it.key())), commitId.left(12))
                        .arg(gone->size);
            return std::nullopt;
        }
    }
    int written = 0;
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
        if (::unlinkat(parent.get(), parts.last().constData(), 0) == 0)
            ++written;
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
        const QString shown = QString::fromUtf8(parts.join('/'));
        bool ok = false;
        if (it->mode == GIT_FILEMODE_LINK) {
            git_blob *rawBlob = nullptr;
            if (git_blob_lookup(&rawBlob, repo, &it->id) != 0) {
                gitFail(error, u"cannot read saved content of %1"_s.arg(shown));
                return std::nullopt;
            }
            BlobPtr blob(rawBlob);
            const QByteArray data(static_cast<const char *>(git_blob_rawcontent(blob.get())),
                                  qsizetype(git_blob_rawsize(blob.get())));
            ok = SafeFs::writeSymlinkAt(parent.get(), parts.last(), data, ownerUid, ownerGid, error);
        } else {
            const git_oid id = it->id;
            ok = SafeFs::writeFileAt(
                parent.get(), parts.last(),
                [&](int fd, QString *why) { return writeBlobTo(fd, &id, shown, why); },
                it->mode == GIT_FILEMODE_BLOB_EXECUTABLE ? 0755 : 0644, ownerUid, ownerGid, error);
        }
        if (!ok)
            return std::nullopt;
        ++written;
    }

    // Home already was as asked: no entry (what the scan above found that no entry holds stays for the next
    // command's entry, as it would have without this restore).
    if (written == 0)
        return Snapshot{};
    const QString shortId = commitId.left(12);
    const QString message = realPrefix.isEmpty()
                                ? u"restore workspace to %1"_s.arg(shortId)
                                : u"restore %1 to %2"_s.arg(QString::fromUtf8(realPrefix), shortId);
    CommandMeta meta;
    meta.durationMs = timer.elapsed();
    const ChangeHint hint =
        realPrefix.isEmpty() ? ChangeHint::anything() : ChangeHint::onlyPaths({realPrefix});
    std::optional<Snapshot> snap = commit(message, meta, hint, "restore", error);
    if (snap)
        snap->written = written;
    return snap;
}

std::optional<Snapshot> SnapshotStore::restoreFile(const QString &path, const QString &commitId,
                                                   QString *error)
{
    if (d->refuseWrite(error))
        return std::nullopt;
    if (path.isEmpty()) {
        if (error)
            *error = u"empty path"_s;
        return std::nullopt;
    }
    return d->restore(path.toUtf8(), commitId, error);
}

std::optional<Snapshot> SnapshotStore::restoreWorkspace(const QString &commitId, QString *error)
{
    if (d->refuseWrite(error))
        return std::nullopt;
    return d->restore(QByteArray(), commitId, error);
}
