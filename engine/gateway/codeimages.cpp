// SPDX-License-Identifier: GPL-3.0-or-later
#include "codeimages.h"

#include "sandbox/history/safefs.h"

#include <QCryptographicHash>
#include <QDirIterator>
#include <QFile>
#include <QSet>

#include <algorithm>

#include <fcntl.h>
#include <sys/stat.h>

#include <cstring>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

bool hasImageExtension(const QString &path)
{
    for (const QString &ext : {u".png"_s, u".jpg"_s, u".jpeg"_s, u".gif"_s, u".webp"_s})
        if (path.endsWith(ext, Qt::CaseInsensitive))
            return true;
    return false;
}

// Regular image files (never symlinks, never through symlinked folders) up to depth levels below dir.
void collect(const QString &dir, int depth, int *budget, QHash<QString, qint64> *files)
{
    QDirIterator it(dir, QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden | QDir::NoSymLinks);
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
        } else if (S_ISREG(st.st_mode) && hasImageExtension(path)) {
            files->insert(path, qint64(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec);
        }
    }
    for (const QString &sub : std::as_const(subdirs))
        collect(sub, depth - 1, budget, files);
}

QString mimeOf(const QByteArray &head)
{
    if (head.startsWith("\x89PNG\r\n\x1a\n"))
        return u"image/png"_s;
    if (head.startsWith("\xff\xd8\xff"))
        return u"image/jpeg"_s;
    if (head.startsWith("GIF87a") || head.startsWith("GIF89a"))
        return u"image/gif"_s;
    if (head.size() >= 12 && head.startsWith("RIFF") && head.mid(8, 4) == "WEBP")
        return u"image/webp"_s;
    return {};
}

// Reads a regular file of at most maxBytes at relPath below homeFd, never through a symlink, and only when
// its first bytes are those of an image format (*mimeType); a file that only has an image's name costs 12
// bytes.
bool readImage(int homeFd, const QString &relPath, qint64 maxBytes, QByteArray *data, QString *mimeType)
{
    QString error;
    UniqueFd fd = SafeFs::openBeneath(homeFd, QFile::encodeName(relPath), O_RDONLY | O_NONBLOCK, &error);
    if (!fd.isValid())
        return false;
    struct stat st;
    if (::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > maxBytes)
        return false;
    char head[12];
    const ssize_t headBytes = ::read(fd.get(), head, sizeof head);
    if (headBytes <= 0)
        return false;
    *mimeType = mimeOf(QByteArray(head, qsizetype(headBytes)));
    if (mimeType->isEmpty())
        return false;
    // The size fstat gave bounds the read even if the file grows meanwhile.
    data->resize(qsizetype(st.st_size));
    std::memcpy(data->data(), head, size_t(std::min<qsizetype>(headBytes, data->size())));
    qsizetype got = std::min<qsizetype>(headBytes, data->size());
    while (got < data->size()) {
        const ssize_t n = ::read(fd.get(), data->data() + got, size_t(data->size() - got));
        if (n <= 0)
            break;
        got += n;
    }
    data->resize(got);
    return true;
}

// True when path is a real directory, not a symlink to one.
bool isRealDirectory(const QString &path)
{
    struct stat st;
    return ::lstat(QFile::encodeName(path).constData(), &st) == 0 && S_ISDIR(st.st_mode);
}

} // namespace

QString CodeImage::dataUrl() const
{
    return u"data:"_s + mimeType + u";base64,"_s + QString::fromLatin1(data.toBase64());
}

QHash<QString, qint64> CodeImages::listing(const QString &homeDir)
{
    QHash<QString, qint64> files;
    if (homeDir.isEmpty())
        return files;
    int budget = MaxScannedEntries;
    collect(homeDir, 1, &budget, &files);
    const QString figures = realFiguresDir(homeDir);
    if (!figures.isEmpty()) {
        budget = MaxScannedEntries;
        collect(figures, 0, &budget, &files);
    }
    return files;
}

QString CodeImages::realFiguresDir(const QString &homeDir)
{
    const QString figures = homeDir + u'/' + QLatin1StringView(FiguresDir);
    return isRealDirectory(figures.section(u'/', 0, -2)) && isRealDirectory(figures) ? figures : QString();
}

QStringList CodeImages::changedPaths(const QHash<QString, qint64> &before,
                                     const QHash<QString, qint64> &after, const QString &homeDir)
{
    QStringList paths;
    for (auto it = after.cbegin(); it != after.cend(); ++it) {
        const auto old = before.constFind(it.key());
        if (old == before.cend() || old.value() != it.value())
            paths.append(it.key());
    }
    const QString figures = homeDir + u'/' + QLatin1StringView(FiguresDir) + u'/';
    std::sort(paths.begin(), paths.end(), [&figures](const QString &a, const QString &b) {
        const bool fa = a.startsWith(figures), fb = b.startsWith(figures);
        if (fa != fb)
            return fb;
        if (fa && a.size() != b.size())
            return a.size() < b.size();
        return a < b;
    });
    return paths;
}

QList<CodeImage> CodeImages::changedSince(const QHash<QString, qint64> &before, const QString &homeDir,
                                          qint64 *budgetBytes)
{
    const QHash<QString, qint64> after = listing(homeDir);
    const QStringList paths = changedPaths(before, after, homeDir);
    QList<CodeImage> images;
    QString error;
    const UniqueFd home = SafeFs::openDirectory(homeDir, &error);
    if (!home.isValid())
        return images;
    QSet<QByteArray> seen;
    for (const QString &path : std::as_const(paths)) {
        if (images.size() >= MaxImages)
            break;
        const qint64 allowed = budgetBytes ? std::min(MaxImageBytes, *budgetBytes) : MaxImageBytes;
        CodeImage image;
        if (allowed <= 0 || !path.startsWith(homeDir + u'/') ||
            !readImage(home.get(), path.mid(homeDir.size() + 1), allowed, &image.data, &image.mimeType))
            continue;
        // The same bytes twice (a file saved with savefig and the figure captured after it) are one image:
        // the file, which sorts first, is kept.
        const QByteArray digest = QCryptographicHash::hash(image.data, QCryptographicHash::Sha256);
        if (seen.contains(digest))
            continue;
        seen.insert(digest);
        if (budgetBytes)
            *budgetBytes -= image.data.size();
        image.path = u"/workspace/home"_s + path.mid(homeDir.size());
        images.append(image);
    }
    return images;
}

CodeImage CodeImages::read(const QString &homeDir, const QString &containerPath, qint64 maxBytes)
{
    CodeImage image;
    const QString prefix = u"/workspace/home/"_s;
    if (homeDir.isEmpty() || !containerPath.startsWith(prefix) || containerPath.contains(u"/../"_s) ||
        containerPath.endsWith(u"/.."_s))
        return image;
    QString error;
    const UniqueFd home = SafeFs::openDirectory(homeDir, &error);
    if (!home.isValid() ||
        !readImage(home.get(), containerPath.mid(prefix.size()), maxBytes, &image.data, &image.mimeType))
        return CodeImage();
    image.path = containerPath;
    return image;
}

QList<CodeImage> CodeImages::withoutDuplicates(const QList<CodeImage> &images)
{
    QList<CodeImage> kept;
    QSet<QByteArray> seen;
    for (const CodeImage &image : images) {
        const QByteArray digest = QCryptographicHash::hash(image.data, QCryptographicHash::Sha256);
        if (seen.contains(digest))
            continue;
        seen.insert(digest);
        kept.append(image);
    }
    return kept;
}
