// SPDX-License-Identifier: GPL-3.0-or-later
#include "codefiles.h"

#include "codeimages.h"

#include "sandbox/history/safefs.h"
#include "sandbox/history/uploadstore.h"

#include <QCryptographicHash>
#include <QSet>

#include <QDateTime>
#include <QDirIterator>
#include <QFile>
#include <QJsonObject>
#include <QMimeDatabase>

#include <algorithm>

#include <fcntl.h>
#include <sys/stat.h>

using namespace Qt::StringLiterals;

namespace {

// Regular files (never symlinks, never through symlinked or hidden folders) up to depth levels below dir,
// whose names end with suffix.
void collect(const QString &dir, int depth, int *budget, QHash<QString, qint64> *files,
             const QString &suffix = {})
{
    QDirIterator it(dir, QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot | QDir::NoSymLinks);
    QStringList subdirs;
    while (it.hasNext() && *budget > 0) {
        --*budget;
        const QString path = it.next();
        struct stat st;
        if (::lstat(QFile::encodeName(path).constData(), &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode)) {
            if (depth > 0)
                subdirs.append(path);
        } else if (S_ISREG(st.st_mode) && path.endsWith(suffix)) {
            files->insert(path, qint64(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec);
        }
    }
    for (const QString &sub : std::as_const(subdirs))
        collect(sub, depth - 1, budget, files, suffix);
}

// The SHA-256 of the first bytes bytes of fd, read with pread (the offset stays where it is); empty when it
// cannot be read whole.
QByteArray digestOf(int fd, qint64 bytes)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    QByteArray block(64 * 1024, Qt::Uninitialized);
    for (qint64 at = 0; at < bytes;) {
        const ssize_t n = ::pread(fd, block.data(), size_t(std::min<qint64>(block.size(), bytes - at)), at);
        if (n <= 0)
            return {};
        hash.addData(QByteArrayView(block.constData(), n));
        at += n;
    }
    return hash.result();
}

} // namespace

QHash<QString, qint64> CodeFiles::listing(const QString &homeDir, bool withFigures)
{
    QHash<QString, qint64> files;
    if (homeDir.isEmpty())
        return files;
    int budget = MaxScannedEntries;
    collect(homeDir, 1, &budget, &files);
    const QString figures = withFigures ? CodeImages::realFiguresDir(homeDir) : QString();
    if (!figures.isEmpty()) {
        budget = MaxScannedEntries;
        collect(figures, 0, &budget, &files, u".png"_s);
    }
    return files;
}

QList<CodeFile> CodeFiles::storeChangedSince(const QHash<QString, qint64> &before, const QString &homeDir,
                                             const QString &workspaceDir, const QString &containerId,
                                             qint64 *budgetBytes, const std::atomic<bool> *cancel,
                                             bool withFigures)
{
    QList<CodeFile> stored;
    if (homeDir.isEmpty())
        return stored;
    const QHash<QString, qint64> after = listing(homeDir, withFigures);
    const QStringList paths = CodeImages::changedPaths(before, after, homeDir);
    const QString figures = homeDir + u'/' + QLatin1StringView(CodeImages::FiguresDir) + u'/';
    QString error;
    const UniqueFd home = SafeFs::openDirectory(homeDir, &error);
    if (!home.isValid())
        return stored;
    UploadStore store(workspaceDir);
    const QMimeDatabase mimes;
    // A figure the code both saved and showed is one file: a shown one whose bytes a PNG stored before it in
    // this call already has is left out (the saved one comes first, by the order above).
    QSet<QByteArray> pngDigests;
    for (const QString &path : std::as_const(paths)) {
        if (stored.size() >= MaxFiles || (cancel && cancel->load(std::memory_order_acquire)))
            break;
        if (!path.startsWith(homeDir + u'/'))
            continue;
        const QString relative = path.mid(homeDir.size() + 1);
        // The name was listed without following links; O_NOFOLLOW keeps a link swapped in since then out,
        // and openBeneath keeps every component below home.
        UniqueFd fd = SafeFs::openBeneath(home.get(), QFile::encodeName(relative),
                                          O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC, &error);
        if (!fd.isValid())
            continue;
        struct stat st;
        // The size of the opened file decides; addFromFd copies at most that many bytes.
        const qint64 allowed = std::min(MaxFileBytes, *budgetBytes);
        if (::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode) || qint64(st.st_size) > allowed)
            continue;
        if (path.endsWith(u".png"_s, Qt::CaseInsensitive)) {
            const QByteArray digest = digestOf(fd.get(), qint64(st.st_size));
            if (!digest.isEmpty()) {
                if (path.startsWith(figures) && pngDigests.contains(digest))
                    continue;
                pngDigests.insert(digest);
            }
        }
        StoredFile meta;
        meta.filename = UploadStore::sanitizeName(relative.section(u'/', -1), u"output"_s);
        meta.createdMs = QDateTime::currentMSecsSinceEpoch();
        meta.mimeType = mimes.mimeTypeForFile(meta.filename, QMimeDatabase::MatchExtension).name();
        meta.api = u"anthropic"_s;
        const QString inContainer = u"/workspace/home/"_s + relative;
        meta.extra = QJsonObject{{u"container_id"_s, containerId}, {u"path"_s, inContainer}};
        const std::optional<StoredFile> file = store.addFromFd(fd.get(), meta, &error, nullptr, cancel);
        if (!file)
            continue; // over the workspace's quota, or unreadable: the file stays in the container only
        *budgetBytes -= file->bytes;
        stored.append({inContainer, file->token, file->bytes});
    }
    return stored;
}

CodeFiles::Batch::Batch(const QString &workspaceDir)
    : m_workspaceDir(workspaceDir)
{}

CodeFiles::Batch::~Batch()
{
    removeAll();
}

void CodeFiles::Batch::stored(const QList<CodeFile> &files)
{
    const QMutexLocker lock(&m_mutex);
    m_files = files;
    if (m_cancel.load(std::memory_order_acquire))
        removeAll();
}

QList<CodeFile> CodeFiles::Batch::take()
{
    const QMutexLocker lock(&m_mutex);
    return std::exchange(m_files, {});
}

void CodeFiles::Batch::removeAll()
{
    if (m_files.isEmpty())
        return;
    UploadStore store(m_workspaceDir);
    QString error;
    for (const CodeFile &f : std::as_const(m_files))
        store.remove(f.token, &error);
    m_files.clear();
}
