// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

// One image: a root tree a container can run on instead of the host's /usr (see rootfs.c).
class Container;

struct ImageInfo
{
    QString name;
    QString id;     // 64 hex digits: the sha256 of the image's config (OCI, docker) or of its rootfs tar
    QString source; // "oci-layout", "oci-archive", "docker-archive", "rootfs-tar", "mmdebstrap"
    QString os;     // PRETTY_NAME of the image's /etc/os-release; empty when it has none
    QString python; // python3's version ("3.11.2"); empty when the image has no python3
    bool hasBash = false;
    qint64 sizeBytes = 0; // unpacked regular files
    qint64 fileCount = 0;
    int layers = 0;
    qint64 importedMs = 0;
    QStringList packages; // what an mmdebstrap build was asked to include

    bool hasPython() const { return !python.isEmpty(); }
    QString shortId() const { return id.left(12); }
    QJsonObject toJson() const;
    static std::optional<ImageInfo> fromJson(const QJsonObject &json);
};

// Bounds on what one import may unpack; tests lower them.
struct ImageLimits
{
    qint64 maxBytes = 16LL * 1024 * 1024 * 1024; // unpacked regular files, all layers together
    qint64 maxEntries = 2'000'000;               // archive entries, all layers together
    int maxLayers = 256;
    qint64 maxJsonBytes = 4 * 1024 * 1024; // index, manifest, config
};

// The images of one data directory: DATA/images/store/<id>/{rootfs/,image.json}, each stored once by its id
// and shared read-only by every container that runs on it, and DATA/images/names.json mapping names to ids.
// Imports verify every blob's sha256, unpack layers with libarchive in order, honour whiteouts (.wh.NAME,
// .wh..wh..opq) and refuse absolute paths, "..", device nodes and links that leave the tree. Blocking:
// call from a worker or a command-line tool.
class ImageStore
{
public:
    explicit ImageStore(const QString &dataDir);

    static QString imagesDir(const QString &dataDir);
    // Where an image's tree is; exists only once the import finished.
    static QString rootfsPath(const QString &dataDir, const QString &id);
    // 1-64 characters of [A-Za-z0-9._:-], starting with a letter or digit.
    static bool isValidName(const QString &name);
    // A comma-separated Debian package list: each name [a-z0-9][a-z0-9+.-]*.
    static std::optional<QStringList> parsePackages(const QString &list, QString *error);

    // The OS, python3 and bash of a root tree ("/" for the host), as an import records them.
    static ImageInfo describeTree(const QString &root);
    // One line for pickers and lists: "Debian GNU/Linux 12 (bookworm) · Python 3.11.2" ("no python3").
    static QString summary(const ImageInfo &info);

    void setLimits(const ImageLimits &limits) { m_limits = limits; }

    // Imports an OCI image layout directory, an OCI archive (skopeo oci-archive:, podman save
    // --format oci-archive), a docker save archive or directory (manifest.json), or a plain root-filesystem
    // tar, under name (replacing what the name pointed to). The same image imported twice is stored once.
    std::optional<ImageInfo> importPath(const QString &path, const QString &name, QString *error);
    // Builds a Debian image with mmdebstrap (suite e.g. "bookworm") including packages, then imports its
    // tar. progress gets mmdebstrap's output lines.
    std::optional<ImageInfo> build(const QString &name, const QStringList &packages, const QString &suite,
                                   const QString &mirror, QString *error,
                                   const std::function<void(const QString &)> &progress = {});

    QList<ImageInfo> list() const;
    // By name, by full id or by an id prefix of at least 12 hex digits.
    std::optional<ImageInfo> find(const QString &nameOrId) const;
    // Gives a container the image name (empty: the host's /usr). False with *error when no image has that
    // name, or when the container's image is fixed (it started before) and is another one.
    bool applyTo(Container *container, const QString &name, QString *error) const;

    // The containers ("workspace/container") whose meta names this image id.
    QStringList users(const QString &id) const;
    // Removes the name; the tree goes once no other name points to it. Refused while a container uses it.
    bool remove(const QString &nameOrId, QString *error);

private:
    std::optional<ImageInfo> importTree(const QString &dir, const QString &name, const QString &source,
                                        QString *error);
    std::optional<ImageInfo> finish(ImageInfo info, const QString &rootfs, QString *error);
    bool bindName(const QString &name, const QString &id, QString *error);
    QJsonObject names() const;

    QString m_dataDir;
    ImageLimits m_limits;
};
