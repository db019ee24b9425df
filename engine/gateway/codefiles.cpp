// SPDX-License-Identifier: GPL-3.0-or-later
#include "codefiles.h"

#include "sandbox/history/safefs.h"
#include "sandbox/history/uploadstore.h"

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

// Regular files (never symlinks, never through symlinked or hidden folders) up to depth levels below dir.
void collect(const QString &dir, int depth, int *budget, QHash<QString, qint64> *files)
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
        } else if (S_ISREG(st.st_mode)) {
            files->insert(path, qint64(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec);
        }
    }
    for (const QString &sub : std::as_const(subdirs))
        collect(sub, depth - 1, budget, files);
}

} // namespace

QHash<QString, qint64> CodeFiles::listing(const QString &homeDir)
{
    QHash<QString, qint64> files;
    if (homeDir.isEmpty())
        return files;
    int budget = MaxScannedEntries;
    collect(homeDir, 1, &budget, &files);
    return files;
}

QList<CodeFile> CodeFiles::storeChangedSince(const QHash<QString, qint64> &before, const QString &homeDir,
                                             const QString &workspaceDir, const QString &containerId,
                                             qint64 *budgetBytes, const std::atomic<bool> *cancel)
{
    QList<CodeFile> stored;
    if (homeDir.isEmpty())
        return stored;
    const QHash<QString, qint64> after = listing(homeDir);
    QStringList paths;
    for (auto it = after.cbegin(); it != after.cend(); ++it) {
        const auto old = before.constFind(it.key());
        if (old == before.cend() || old.value() != it.value())
            paths.append(it.key());
    }
    std::sort(paths.begin(), paths.end());
    QString error;
    const UniqueFd home = SafeFs::openDirectory(homeDir, &error);
    if (!home.isValid())
        return stored;
    UploadStore store(workspaceDir);
    const QMimeDatabase mimes;
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
