// SPDX-License-Identifier: GPL-3.0-or-later
#include "chat/chatimages.h"

#include "gateway/codeimages.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>

#include <sys/stat.h>

using namespace Qt::StringLiterals;

QHash<QString, qint64> ChatImages::pngFiles(const QString &dir)
{
    QHash<QString, qint64> files;
    if (dir.isEmpty())
        return files;
    // The code tools' listing (no symlinks followed, a bounded number of entries), PNG only.
    const QHash<QString, qint64> images = CodeImages::listing(dir);
    for (auto it = images.cbegin(); it != images.cend(); ++it)
        if (it.key().endsWith(u".png"_s, Qt::CaseInsensitive))
            files.insert(it.key(), it.value());
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

QStringList ChatImages::changedSince(const QHash<QString, qint64> &before, const QString &dir)
{
    QStringList images;
    const QHash<QString, qint64> after = pngFiles(dir);
    for (auto it = after.cbegin(); it != after.cend(); ++it) {
        const auto old = before.constFind(it.key());
        if (old == before.cend() || old.value() != it.value())
            images.append(it.key());
    }
    // Files by path, the captured figures last: when a figure has the same bytes as a file, the file is kept.
    const QString figures = dir + u'/' + QLatin1StringView(CodeImages::FiguresDir) + u'/';
    std::sort(images.begin(), images.end(), [&figures](const QString &a, const QString &b) {
        const bool fa = a.startsWith(figures), fb = b.startsWith(figures);
        return fa != fb ? fb : a < b;
    });
    return images;
}
