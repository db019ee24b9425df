// SPDX-License-Identifier: GPL-3.0-or-later
#include "mcpfiles.h"

#include "mcptools.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMimeDatabase>
#include <QStringDecoder>
#include <QUrl>

#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace McpFiles {

Read read(const QString &home, const QString &relativePath, qint64 maxBytes)
{
    Read out;
    const QString fileId = FileStore::fileIdForPath(relativePath.toUtf8());
    const FileStore store(home);
    FileStoreError kind = FileStoreError::None;
    const std::optional<ContainerFileStat> stat = store.stat(fileId, false, &out.error, {}, &kind);
    if (!stat) {
        out.notFound = kind == FileStoreError::NotFound;
        return out;
    }
    out.size = stat->file.size;
    if (out.size > maxBytes) {
        out.error = u"the file is %1 bytes; at most %2 bytes can be read at once: read a part with the shell "
                    "tool (head, tail, sed -n)"_s.arg(out.size)
                        .arg(maxBytes);
        return out;
    }
    if (out.size > 0) {
        const std::optional<QByteArray> data = store.read(fileId, 0, out.size, &out.error);
        if (!data)
            return out;
        out.data = *data;
        out.error.clear();
    }
    QStringDecoder decoder(QStringDecoder::Utf8);
    const QString text = decoder.decode(out.data);
    out.isText = !decoder.hasError() && !out.data.contains('\0');
    out.mimeType = out.isText ? u"text/plain"_s
                              : QMimeDatabase().mimeTypeForFileNameAndData(relativePath, out.data).name();
    return out;
}

Listing list(const QString &home, const QString &prefix, int maxEntries)
{
    Listing out;
    const FileStore store(home);
    QString after;
    // At most this many pages are looked at, so a home of millions of files cannot hold a worker long.
    for (int page = 0; page < 100; ++page) {
        const std::optional<ContainerFilePage> p = store.list(FileStore::kMaxLimit, after, &out.error);
        if (!p)
            return out;
        for (const ContainerFile &f : p->files) {
            if (!prefix.isEmpty() && !f.path.startsWith(prefix))
                continue;
            if (out.files.size() >= maxEntries) {
                out.truncated = true;
                return out;
            }
            out.files.append(f);
        }
        if (!p->hasMore || p->files.isEmpty())
            return out;
        after = p->files.constLast().id;
    }
    out.truncated = true;
    return out;
}

QHash<QString, QPair<qint64, qint64>> snapshot(const QString &home, int maxEntries)
{
    // Plain directory reads and fstatat(): this runs twice per shell call on the event loop, where
    // QFileInfo's sorting and local-time conversions cost more than the reads themselves. No link is
    // followed, neither a directory's nor a file's.
    QHash<QString, QPair<qint64, qint64>> files;
    int seen = 0;
    const auto scan = [&](int dirFd, const QString &relative, const auto &self, int depth) -> void {
        DIR *dir = ::fdopendir(dirFd);
        if (!dir) {
            ::close(dirFd);
            return;
        }
        while (const dirent *entry = ::readdir(dir)) {
            const char *name = entry->d_name;
            if (std::strcmp(name, ".") == 0 || std::strcmp(name, "..") == 0)
                continue;
            if (++seen > maxEntries)
                break;
            struct stat st
            {
            };
            if (::fstatat(::dirfd(dir), name, &st, AT_SYMLINK_NOFOLLOW) != 0)
                continue;
            const QString fileName = QFile::decodeName(name);
            const QString path = relative.isEmpty() ? fileName : relative + u'/' + fileName;
            if (S_ISDIR(st.st_mode)) {
                if (depth < 1 && fileName != u".sandbench") {
                    const int sub =
                        ::openat(::dirfd(dir), name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
                    if (sub >= 0)
                        self(sub, path, self, depth + 1);
                }
            } else if (S_ISREG(st.st_mode)) {
                files.insert(
                    path, {qint64(st.st_size), qint64(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec});
            }
        }
        ::closedir(dir);
    };
    const int root = ::open(QFile::encodeName(home).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (root >= 0)
        scan(root, QString(), scan, 0);
    return files;
}

HomeScans::Files HomeScans::current(const QString &containerId, ContainerHistory *history,
                                    const QString &home)
{
    if (!history)
        return snapshot(home);
    const auto it = m_entries.find(containerId);
    if (it != m_entries.end() && it->history == history && it->writes == history->homeWrites()) {
        it->used = ++m_clock;
        return it->files;
    }
    // Counted before the read: a write finishing meanwhile (on the history's thread) makes it stale.
    const quint64 writes = history->homeWrites();
    const Files files = snapshot(home);
    keep(containerId, history, writes, files);
    return files;
}

void HomeScans::keep(const QString &containerId, ContainerHistory *history, quint64 writes,
                     const Files &files)
{
    if (!history)
        return;
    if (!m_entries.contains(containerId) && m_entries.size() >= MaxContainers) {
        auto oldest = m_entries.begin();
        for (auto it = m_entries.begin(); it != m_entries.end(); ++it)
            if (it->used < oldest->used)
                oldest = it;
        m_entries.erase(oldest);
    }
    m_entries.insert(containerId, {history, writes, files, ++m_clock});
}

QStringList changed(const QHash<QString, QPair<qint64, qint64>> &before,
                    const QHash<QString, QPair<qint64, qint64>> &after, int max)
{
    QStringList paths;
    for (auto it = after.constBegin(); it != after.constEnd(); ++it) {
        const auto old = before.constFind(it.key());
        if (old == before.constEnd() || old.value() != it.value())
            paths.append(it.key());
    }
    paths.sort();
    return paths.mid(0, max);
}

QString uri(const QString &containerId, const QString &relativePath)
{
    QStringList parts;
    for (const QString &part : relativePath.split(u'/', Qt::SkipEmptyParts))
        parts.append(QString::fromLatin1(QUrl::toPercentEncoding(part)));
    return u"sandbench://containers/%1/files/%2"_s.arg(containerId, parts.join(u'/'));
}

std::optional<std::pair<QString, QString>> parseUri(const QString &uri, QString *error)
{
    static const QString scheme = u"sandbench://containers/"_s;
    if (!uri.startsWith(scheme)) {
        *error = u"\"uri\" must be sandbench://containers/<container_id>/files/<path> (as resources/list "
                 "names them)"_s;
        return std::nullopt;
    }
    const QString rest = uri.mid(scheme.size());
    const qsizetype slash = rest.indexOf(u'/');
    const QString container = rest.left(slash);
    if (slash < 0 || !rest.mid(slash).startsWith(u"/files/") || container.isEmpty() ||
        container.size() > 40) {
        *error = u"\"uri\" must be sandbench://containers/<container_id>/files/<path>"_s;
        return std::nullopt;
    }
    for (const QChar c : container) {
        if (!(c.isLetterOrNumber() && c.unicode() < 128) && c != u'_' && c != u'-') {
            *error = u"the container id in \"uri\" must be 1 to 40 characters of A-Z, a-z, 0-9, _ and -"_s;
            return std::nullopt;
        }
    }
    QStringList parts;
    for (const QString &part : rest.mid(slash + 7).split(u'/', Qt::SkipEmptyParts))
        parts.append(QUrl::fromPercentEncoding(part.toUtf8()));
    QString pathError;
    const QString relative = McpTools::homeRelativePath(parts.join(u'/'), false, &pathError);
    if (relative.isEmpty() || parts.isEmpty()) {
        *error = pathError.isEmpty() ? u"\"uri\" names no file"_s : pathError;
        return std::nullopt;
    }
    return std::make_pair(container, relative);
}

} // namespace McpFiles
