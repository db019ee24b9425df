// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include "layerunpacker.h"

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
    // sha256 ChainID of the layers' diff_ids (OCI image spec): the key of the image's tree, shared by every
    // image of the same layers. Empty for an image stored before trees were keyed so (its tree is its own).
    QString chainId;
    qint64 importedMs = 0;
    QStringList packages; // what an mmdebstrap build was asked to include

    bool hasPython() const { return !python.isEmpty(); }
    QString shortId() const { return id.left(12); }
    QJsonObject toJson() const;
    static std::optional<ImageInfo> fromJson(const QJsonObject &json);
};

// The images of one data directory: DATA/images/store/<id>/image.json, one record per image id (its config's
// sha256), DATA/images/trees/<chain id>/, one tree per chain of layers (shared read-only by every image of
// those layers and every container on them), and DATA/images/names.json mapping names to ids. Imports check
// every blob against its digest and each layer's uncompressed sha256 against the config's rootfs.diff_ids,
// and unpack with LayerUnpacker (nothing written outside the import's scratch tree, one budget for the
// archive and all its layers). Records of older versions, with their tree in store/<id>/rootfs, keep
// working; importing them again checks and re-keys them. Blocking: call from a worker or a command-line tool.
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

    // An mmdebstrap mirror: empty (Debian's default) or an http://, https:// or file:// URL without spaces
    // or control characters. Anything else is refused with *error, never handed to mmdebstrap.
    static bool isValidMirror(const QString &mirror, QString *error);
    // The stored record of an image id (no name), if any.
    static std::optional<ImageInfo> storedImage(const QString &dataDir, const QString &id);

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
    // A scratch directory in DATA/images/tmp holding an empty rootfs/ (open as rootFd()); deleted with all
    // that is left in it when it goes.
    class Scratch
    {
    public:
        Scratch(const ImageStore *store, const QString &kind, QString *error);
        ~Scratch();
        Scratch(const Scratch &) = delete;
        Scratch &operator=(const Scratch &) = delete;
        bool valid() const { return m_rootFd >= 0; }
        int rootFd() const { return m_rootFd; }
        QString rootPath() const { return m_path + QStringLiteral("/rootfs"); }

    private:
        QString m_path;
        QByteArray m_name;
        int m_parentFd = -1;
        int m_spareFd = -1;
        int m_lockFd = -1;
        int m_rootFd = -1;
    };

    std::optional<ImageInfo> importTree(const QString &dir, const QString &name, const QString &source,
                                        ImportBudget *budget, QString *error);
    QString treePath(const QString &chainId) const;
    bool treeSharedWithOtherImage(const QString &id, const QString &chainId) const;
    std::optional<ImageInfo> finish(ImageInfo info, const QString &rootfs, QString *error);
    bool bindName(const QString &name, const QString &id, QString *error);
    QJsonObject names() const;

    QString m_dataDir;
    ImageLimits m_limits;
};
