// SPDX-License-Identifier: GPL-3.0-or-later
#include "mcpfiles.h"

#include "mcptools.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QMimeDatabase>
#include <QStringDecoder>
#include <QUrl>

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
    QHash<QString, QPair<qint64, qint64>> files;
    int seen = 0;
    const auto scan = [&](const QString &relative, const auto &self, int depth) -> void {
        QDir dir(relative.isEmpty() ? home : home + u'/' + relative);
        const QFileInfoList entries = dir.entryInfoList(
            QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden | QDir::NoSymLinks, QDir::Name);
        for (const QFileInfo &info : entries) {
            if (++seen > maxEntries)
                return;
            const QString path = relative.isEmpty() ? info.fileName() : relative + u'/' + info.fileName();
            if (info.isDir()) {
                if (depth < 1 && info.fileName() != u".sandbench")
                    self(path, self, depth + 1);
            } else if (info.isFile()) {
                files.insert(path, {info.size(), info.lastModified().toMSecsSinceEpoch()});
            }
        }
    };
    scan(QString(), scan, 0);
    return files;
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
