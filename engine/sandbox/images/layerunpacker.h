// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QSet>
#include <QString>

// Bounds on what one import may unpack: the archive and all its layers together; tests lower them.
struct ImageLimits
{
    qint64 maxBytes = 16LL * 1024 * 1024 * 1024; // regular files' declared sizes, archive and layers together
    qint64 maxEntries = 2'000'000; // archive entries and directories created for them, all together
    int maxDepth = 256;            // path components of one entry
    int maxPathBytes = 4096;       // bytes of one entry's path (PATH_MAX inside the container)
    int maxLayers = 256;
    qint64 maxJsonBytes = 4 * 1024 * 1024; // index, manifest, config
};

// What one import has used of its limits so far, shared by the archive and every layer it holds. steps counts
// the work done on the tree (path components handed to the kernel, entries visited by removals): it grows
// linearly with the entries, whatever their links and names.
struct ImportBudget
{
    ImageLimits limits;
    qint64 bytes = 0;
    qint64 entries = 0;
    qint64 files = 0;
    qint64 steps = 0;
};

// Unpacks one tar stream (plain or gzip, bzip2, xz, zstd) into a tree that only it writes to, given as a
// directory descriptor. Every create, mkdir, link, chmod and removal is relative to a directory opened with
// openat2(RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS) and never follows a link: an entry below a symbolic link,
// an absolute path, "..", a hard link leaving the tree, a device node, a whiteout of ".." or a path deeper
// than the limits is refused naming the entry. In Layer mode .wh.NAME and .wh..wh..opq are OCI whiteouts
// applied to what lower layers left. Computes, in the same single read, the sha256 of the bytes as stored
// (compressed) and of the decompressed tar stream (the layer's diff_id). Blocking; no Qt event loop.
class LayerUnpacker
{
public:
    enum class Mode { Plain, Layer };
    struct Digests
    {
        QString stored;       // sha256 hex of the bytes read from fd (whole file)
        QString uncompressed; // sha256 hex of the decompressed stream
        qint64 storedSize = 0;
    };

    LayerUnpacker(int rootFd, ImportBudget *budget);
    ~LayerUnpacker();
    LayerUnpacker(const LayerUnpacker &) = delete;
    LayerUnpacker &operator=(const LayerUnpacker &) = delete;

    // Reads fd from its start to its end. what names the stream in errors ("layer 2 (sha256:...)").
    bool unpack(int fd, const QString &what, Mode mode, Digests *digests, QString *error);

    // Removes name below dirFd, a whole tree for a directory, never following a link and holding at most
    // three descriptors whatever the depth (it climbs back through "..", checking each parent is the one it
    // left). ENOENT is success. On failure *error says what could not be removed, relative to dirFd.
    static bool removeTree(int dirFd, const QByteArray &name, QString *error, qint64 *steps = nullptr);
    // The same for a path of Sandbench's own (a scratch directory, an image's tree).
    static bool removeTreeAtPath(const QString &path, QString *error);

private:
    bool entry(struct archive *a, struct archive_entry *e, QString *error);
    bool whiteout(const QByteArray &parent, const QByteArray &name, const QByteArray &path, QString *error);
    bool removeUntouched(const QByteArray &dir, QString *error);
    int parentDir(const QByteArray &parent, bool create, const QByteArray &entry, QString *error);
    void forgetParent();
    bool countEntry(QString *error);
    void touch(const QByteArray &path);
    bool touched(const QByteArray &path) const;

    int m_rootFd;
    ImportBudget *m_budget;
    Mode m_mode = Mode::Plain;
    QByteArray m_cachedParent;
    int m_cachedFd = -1;
    QSet<size_t> m_touched; // hashes of the paths this layer wrote (and their parents), for opaque whiteouts
    QSet<size_t> m_opaque;  // hashes of the directories this layer made opaque
};
