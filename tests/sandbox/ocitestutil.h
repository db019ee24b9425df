// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Small OCI and docker-save archives made in the test itself with libarchive, from Debian's busybox-static
// (/bin/busybox): two layers, the second with a whiteout and an opaque directory.

#include <QByteArray>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>

#include <archive.h>
#include <archive_entry.h>
#include <sys/sysmacros.h>

namespace OciTest {

struct Entry
{
    enum Type { File, Dir, Symlink, Hardlink, CharDevice };
    QByteArray path;
    Type type = File;
    QByteArray data; // a file's content, a link's target
    int mode = 0644;
};

inline Entry file(const QByteArray &path, const QByteArray &data, int mode = 0644)
{
    return {path, Entry::File, data, mode};
}
inline Entry dir(const QByteArray &path)
{
    return {path, Entry::Dir, {}, 0755};
}
inline Entry slink(const QByteArray &path, const QByteArray &target)
{
    return {path, Entry::Symlink, target, 0777};
}

inline la_ssize_t appendToByteArray(struct archive *, void *client, const void *buf, size_t len)
{
    static_cast<QByteArray *>(client)->append(static_cast<const char *>(buf), qsizetype(len));
    return la_ssize_t(len);
}

// A POSIX (pax) tar of the entries, in order; gzip: compressed as most registries' layers are.
inline QByteArray tarOf(const QList<Entry> &entries, bool gzip = false)
{
    QByteArray out;
    struct archive *a = archive_write_new();
    archive_write_set_format_pax_restricted(a);
    if (gzip)
        archive_write_add_filter_gzip(a);
    archive_write_set_bytes_in_last_block(a, 1);
    archive_write_open(a, &out, nullptr, appendToByteArray, nullptr);
    for (const Entry &e : entries) {
        struct archive_entry *ae = archive_entry_new();
        archive_entry_set_pathname(ae, e.path.constData());
        archive_entry_set_perm(ae, mode_t(e.mode));
        archive_entry_set_mtime(ae, 1700000000, 0);
        switch (e.type) {
        case Entry::File:
            archive_entry_set_filetype(ae, AE_IFREG);
            archive_entry_set_size(ae, e.data.size());
            break;
        case Entry::Dir:
            archive_entry_set_filetype(ae, AE_IFDIR);
            break;
        case Entry::Symlink:
            archive_entry_set_filetype(ae, AE_IFLNK);
            archive_entry_set_symlink(ae, e.data.constData());
            break;
        case Entry::Hardlink:
            archive_entry_set_filetype(ae, AE_IFREG);
            archive_entry_set_hardlink(ae, e.data.constData());
            break;
        case Entry::CharDevice:
            archive_entry_set_filetype(ae, AE_IFCHR);
            archive_entry_set_rdev(ae, makedev(1, 3));
            break;
        }
        archive_write_header(a, ae);
        if (e.type == Entry::File && !e.data.isEmpty())
            archive_write_data(a, e.data.constData(), size_t(e.data.size()));
        archive_entry_free(ae);
    }
    archive_write_close(a);
    archive_write_free(a);
    return out;
}

inline QString sha256(const QByteArray &data)
{
    return QString::fromLatin1(QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex());
}

inline QByteArray busybox()
{
    QFile f(QStringLiteral("/bin/busybox"));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Layer 1: busybox as /usr/bin with a few applet links, merged-/usr /bin, an os-release, a file the next
// layer whites out and a directory it makes opaque.
inline QByteArray baseLayer()
{
    return tarOf({dir("usr"), dir("usr/bin"), file("usr/bin/busybox", busybox(), 0755),
                  slink("usr/bin/sh", "busybox"), slink("usr/bin/ls", "busybox"),
                  slink("usr/bin/cat", "busybox"), slink("usr/bin/id", "busybox"),
                  slink("usr/bin/touch", "busybox"), slink("usr/bin/echo", "busybox"),
                  slink("usr/bin/base64", "busybox"), slink("bin", "usr/bin"), dir("etc"),
                  file("etc/os-release", "PRETTY_NAME=\"Busybox test image 1.0\"\nNAME=busybox\n"),
                  file("etc/secret.txt", "whited out\n"), dir("opt"), dir("opt/data"),
                  file("opt/data/old.txt", "lower layer\n"), file("opt/keep.txt", "kept\n")});
}

// Layer 2: removes /etc/secret.txt (.wh.), hides all of /opt/data's lower content (.wh..wh..opq) and adds.
inline QByteArray whiteoutLayer()
{
    return tarOf({dir("etc"), file("etc/.wh.secret.txt", {}), dir("opt/data"),
                  file("opt/data/.wh..wh..opq", {}), file("opt/data/new.txt", "upper layer\n"),
                  file("etc/motd", "hello from layer 2\n")});
}

// A layer's bytes decompressed (gzip, zstd, ...; as they are when not compressed).
inline QByteArray uncompressed(const QByteArray &layer)
{
    QByteArray out;
    struct archive *a = archive_read_new();
    archive_read_support_filter_all(a);
    archive_read_support_format_raw(a);
    struct archive_entry *e = nullptr;
    if (archive_read_open_memory(a, layer.constData(), size_t(layer.size())) == ARCHIVE_OK &&
        archive_read_next_header(a, &e) == ARCHIVE_OK) {
        char buf[65536];
        la_ssize_t n;
        while ((n = archive_read_data(a, buf, sizeof(buf))) > 0)
            out.append(buf, qsizetype(n));
    }
    archive_read_free(a);
    return out;
}

// The image config: rootfs.diff_ids are the sha256 of each layer's uncompressed tar.
inline QByteArray configOf(const QList<QByteArray> &layers)
{
    QJsonArray diffIds;
    for (const QByteArray &l : layers)
        diffIds << QString(QStringLiteral("sha256:") + sha256(uncompressed(l)));
    return QJsonDocument(QJsonObject{{QStringLiteral("architecture"), QStringLiteral("amd64")},
                                     {QStringLiteral("os"), QStringLiteral("linux")},
                                     {QStringLiteral("rootfs"),
                                      QJsonObject{{QStringLiteral("type"), QStringLiteral("layers")},
                                                  {QStringLiteral("diff_ids"), diffIds}}}})
        .toJson(QJsonDocument::Compact);
}

// The files of an OCI image layout (path -> content) for these layers. corruptLayer: the layer blob's
// content no longer matches its name and descriptor.
// configOverride: this config instead of the layers' own (a trusted image's config over other layers).
inline QList<std::pair<QByteArray, QByteArray>>
ociLayout(const QList<QByteArray> &layers, bool corruptLayer = false, const QByteArray &configOverride = {})
{
    QList<std::pair<QByteArray, QByteArray>> files;
    auto blob = [&files](const QByteArray &data) {
        const QString hex = sha256(data);
        files.append({"blobs/sha256/" + hex.toLatin1(), data});
        return hex;
    };
    QJsonArray layerDescs;
    for (qsizetype i = 0; i < layers.size(); ++i) {
        const QString hex = blob(layers.at(i));
        layerDescs << QJsonObject{
            {QStringLiteral("mediaType"), QStringLiteral("application/vnd.oci.image.layer.v1.tar")},
            {QStringLiteral("digest"), QString(QStringLiteral("sha256:") + hex)},
            {QStringLiteral("size"), qint64(layers.at(i).size())}};
        if (corruptLayer && i == layers.size() - 1) {
            QByteArray &data = files.last().second;
            data[data.size() / 2] = char(data.at(data.size() / 2) ^ 0x5a);
        }
    }
    const QByteArray config = configOverride.isEmpty() ? configOf(layers) : configOverride;
    const QString configHex = blob(config);
    const QByteArray manifest =
        QJsonDocument(
            QJsonObject{
                {QStringLiteral("schemaVersion"), 2},
                {QStringLiteral("mediaType"), QStringLiteral("application/vnd.oci.image.manifest.v1+json")},
                {QStringLiteral("config"),
                 QJsonObject{{QStringLiteral("mediaType"),
                              QStringLiteral("application/vnd.oci.image.config.v1+json")},
                             {QStringLiteral("digest"), QString(QStringLiteral("sha256:") + configHex)},
                             {QStringLiteral("size"), qint64(config.size())}}},
                {QStringLiteral("layers"), layerDescs}})
            .toJson(QJsonDocument::Compact);
    const QString manifestHex = blob(manifest);
    const QByteArray index =
        QJsonDocument(
            QJsonObject{{QStringLiteral("schemaVersion"), 2},
                        {QStringLiteral("manifests"),
                         QJsonArray{QJsonObject{
                             {QStringLiteral("mediaType"),
                              QStringLiteral("application/vnd.oci.image.manifest.v1+json")},
                             {QStringLiteral("digest"), QString(QStringLiteral("sha256:") + manifestHex)},
                             {QStringLiteral("size"), qint64(manifest.size())}}}}})
            .toJson(QJsonDocument::Compact);
    files.prepend({"index.json", index});
    files.prepend({"oci-layout", "{\"imageLayoutVersion\":\"1.0.0\"}"});
    return files;
}

// docker save's layout: manifest.json, <config hex>.json and <n>/layer.tar.
inline QList<std::pair<QByteArray, QByteArray>> dockerLayout(const QList<QByteArray> &layers)
{
    QList<std::pair<QByteArray, QByteArray>> files;
    const QByteArray config = configOf(layers);
    const QByteArray configName = sha256(config).toLatin1() + ".json";
    QJsonArray layerPaths;
    for (qsizetype i = 0; i < layers.size(); ++i) {
        const QByteArray path = "layer" + QByteArray::number(i) + "/layer.tar";
        files.append({path, layers.at(i)});
        layerPaths << QString::fromLatin1(path);
    }
    files.append({configName, config});
    files.prepend({"manifest.json",
                   QJsonDocument(QJsonArray{QJsonObject{
                                     {QStringLiteral("Config"), QString::fromLatin1(configName)},
                                     {QStringLiteral("RepoTags"), QJsonArray{QStringLiteral("bb:test")}},
                                     {QStringLiteral("Layers"), layerPaths}}})
                       .toJson(QJsonDocument::Compact)});
    return files;
}

inline QByteArray archiveOf(const QList<std::pair<QByteArray, QByteArray>> &files)
{
    QList<Entry> entries;
    for (const auto &[path, data] : files)
        entries << file(path, data);
    return tarOf(entries);
}

inline bool writeFile(const QString &path, const QByteArray &data)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(data) == data.size();
}

inline bool writeLayout(const QString &dir, const QList<std::pair<QByteArray, QByteArray>> &files)
{
    for (const auto &[path, data] : files) {
        if (!writeFile(dir + QLatin1Char('/') + QString::fromUtf8(path), data))
            return false;
    }
    return true;
}

// The two-layer busybox OCI archive.
inline QByteArray busyboxOciArchive()
{
    return archiveOf(ociLayout({baseLayer(), whiteoutLayer()}));
}

} // namespace OciTest
