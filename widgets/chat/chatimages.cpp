// SPDX-License-Identifier: GPL-3.0-or-later
#include "chat/chatimages.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

#include <sys/stat.h>

using namespace Qt::StringLiterals;

namespace {
// Lists regular *.png files (never symlinks, never through symlinked folders) up to depth levels below dir,
// looking at no more than *budget entries in all.
void collectPngs(const QString &dir, int depth, int *budget, QHash<QString, QDateTime> *files)
{
    QDirIterator it(dir, QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden | QDir::NoSymLinks);
    QStringList subdirs;
    while (it.hasNext() && *budget > 0) {
        --*budget;
        const QString path = it.next();
        // lstat: a link swapped in after listing is still seen as a link, and skipped.
        struct stat st;
        if (::lstat(QFile::encodeName(path).constData(), &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode)) {
            if (depth > 0)
                subdirs.append(path);
        } else if (S_ISREG(st.st_mode) && path.endsWith(u".png"_s, Qt::CaseInsensitive)) {
            files->insert(
                path,
                QDateTime::fromSecsSinceEpoch(st.st_mtim.tv_sec).addMSecs(st.st_mtim.tv_nsec / 1000000));
        }
    }
    for (const QString &sub : std::as_const(subdirs))
        collectPngs(sub, depth - 1, budget, files);
}
} // namespace

QHash<QString, QDateTime> ChatImages::pngFiles(const QString &dir)
{
    QHash<QString, QDateTime> files;
    if (dir.isEmpty())
        return files;
    int budget = MaxScannedEntries;
    collectPngs(dir, 1, &budget, &files);
    return files;
}

bool ChatImages::isImageInside(const QString &path, const QString &dir)
{
    if (path.isEmpty() || dir.isEmpty())
        return false;
    struct stat st;
    if (::lstat(QFile::encodeName(path).constData(), &st) != 0 || !S_ISREG(st.st_mode))
        return false;
    // No folder on the way may be a link out of the home either.
    const QString home = QFileInfo(dir).canonicalFilePath();
    const QString real = QFileInfo(path).canonicalFilePath();
    return !home.isEmpty() && real.startsWith(home + u'/');
}

QStringList ChatImages::changedSince(const QHash<QString, QDateTime> &before, const QString &dir)
{
    QStringList images;
    const QHash<QString, QDateTime> after = pngFiles(dir);
    for (auto it = after.cbegin(); it != after.cend(); ++it) {
        const auto old = before.constFind(it.key());
        if (old == before.cend() || old.value() != it.value())
            images.append(it.key());
    }
    images.sort();
    return images;
}
