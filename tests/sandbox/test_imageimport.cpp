// SPDX-License-Identifier: GPL-3.0-or-later
// Hostile archives against the image importer alone: it writes only inside its own scratch tree, leaves
// nothing behind when it fails (also at the descriptor limit), checks layers against the config's diff_ids
// and keys trees by their ChainID, and spends one budget on the archive and all its layers.
#include "ocitestutil.h"

#include "sandbox/images/imagestore.h"
#include "sandbox/images/layerunpacker.h"

#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <linux/fs.h>
#include <sys/file.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;
using namespace OciTest;

namespace {

Entry hardlink(const QByteArray &path, const QByteArray &target)
{
    return {path, Entry::Hardlink, target, 0644};
}

QStringList entriesOf(const QString &dir)
{
    return QDir(dir).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System);
}

int openDescriptors()
{
    return int(
        QDir(u"/proc/self/fd"_s).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System).size());
}

// Lowers the soft descriptor limit for a scope.
struct FdLimit
{
    rlimit saved{};
    explicit FdLimit(rlim_t soft)
    {
        getrlimit(RLIMIT_NOFILE, &saved);
        rlimit low = saved;
        low.rlim_cur = soft;
        setrlimit(RLIMIT_NOFILE, &low);
    }
    ~FdLimit() { setrlimit(RLIMIT_NOFILE, &saved); }
};

// count nested directories "d/d/d...", a file at the bottom.
QList<Entry> deepTree(int count)
{
    QList<Entry> entries;
    QByteArray path;
    for (int i = 0; i < count; ++i) {
        path += (path.isEmpty() ? "" : "/") + QByteArray("d");
        entries << dir(path);
    }
    entries << file(path + "/bottom.txt", "deep\n");
    return entries;
}

QString chainOf(const QList<QByteArray> &layers)
{
    QString chain;
    for (const QByteArray &l : layers) {
        const QString diff = sha256(uncompressed(l));
        chain = chain.isEmpty() ? diff : sha256("sha256:" + chain.toLatin1() + " sha256:" + diff.toLatin1());
    }
    return chain;
}

} // namespace

class TestImageImport : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void linkThenFileLeavesHostAlone_data();
    void linkThenFileLeavesHostAlone();
    void whiteoutsStayInside();
    void nothingLeftAtDescriptorLimit();
    void removeDeletesTheTreeAtDescriptorLimit();
    void removeSaysWhatIsLeft();
    void olderRecordsKeepWorkingAndAreRekeyed();
    void layerMustMatchDiffId();
    void poisonedArchiveIsNotReused();
    void treesKeyedByChainId();
    void oneBudgetForArchiveAndLayers();
    void depthAndPathLimits();
    void chainedLinksCostLinearWork();
    void repeatedOpaqueWhiteoutsCostLinearWork();
    void staleScratchIsSwept();

private:
    QString write(const QString &name, const QByteArray &data);
    QString dataDir(const QString &name) const { return m_dir.path() + u"/data-"_s + name; }
    static bool noScratchLeft(const QString &data)
    {
        return entriesOf(ImageStore::imagesDir(data) + u"/tmp"_s).isEmpty();
    }

    QTemporaryDir m_dir;
    QString m_hostDir;
    QString m_canary;
};

QString TestImageImport::write(const QString &name, const QByteArray &data)
{
    const QString path = m_dir.path() + u"/archives/"_s + name;
    return writeFile(path, data) ? path : QString();
}

void TestImageImport::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY2(!busybox().isEmpty(), "/bin/busybox is missing: apt-get install busybox-static");
    // A host directory and a host file an archive points its links at.
    m_hostDir = m_dir.path() + u"/host"_s;
    QVERIFY(QDir().mkpath(m_hostDir));
    m_canary = m_hostDir + u"/canary.txt"_s;
    QVERIFY(writeFile(m_canary, "host secret\n"));
    QVERIFY(writeFile(m_hostDir + u"/victim.txt"_s, "keep me\n"));
    QVERIFY(::chmod(QFile::encodeName(m_canary).constData(), 0600) == 0);
}

void TestImageImport::linkThenFileLeavesHostAlone_data()
{
    QTest::addColumn<QByteArray>("archive");
    const QByteArray canary = QFile::encodeName(m_canary);
    const QByteArray host = QFile::encodeName(m_hostDir);
    const QList<Entry> toFile{slink("b", canary), file("b/x", "pwned")};
    const QList<Entry> toDir{slink("b", host), file("b/new.txt", "pwned"), dir("b/sub")};
    const QList<Entry> relative{dir("a"), slink("a/up", "../../../../../../../../.." + host),
                                file("a/up/new.txt", "pwned")};
    QTest::newRow("rootfs tar: link to a host file, then a file below it") << tarOf(toFile);
    QTest::newRow("rootfs tar: link to a host directory, then entries below it") << tarOf(toDir);
    QTest::newRow("OCI layer: link to a host file, then a file below it")
        << archiveOf(ociLayout({tarOf(toFile)}));
    QTest::newRow("OCI layer: climbing link, then a file below it")
        << archiveOf(ociLayout({tarOf(relative)}));
    QTest::newRow("the link in one layer, the file in the next")
        << archiveOf(ociLayout({tarOf({slink("b", host)}), tarOf({file("b/new.txt", "pwned")})}));
    // The outer archive itself: its entries are unpacked the same way.
    QTest::newRow("OCI archive: link, then a file through it")
        << tarOf({file("oci-layout", "{}"), slink("blobs", host), file("blobs/new.txt", "pwned"),
                  file("index.json", "{}")});
}

void TestImageImport::linkThenFileLeavesHostAlone()
{
    QFETCH(QByteArray, archive);
    const QString data = dataDir(u"links"_s);
    ImageStore store(data);
    QString error;
    const bool imported = store.importPath(write(u"links.tar"_s, archive), u"links"_s, &error).has_value();
    // The host file kept its mode and content, the host directory got nothing.
    struct stat st;
    QVERIFY(::stat(QFile::encodeName(m_canary).constData(), &st) == 0);
    QCOMPARE(int(st.st_mode & 07777), 0600);
    QFile f(m_canary);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), QByteArray("host secret\n"));
    QCOMPARE(entriesOf(m_hostDir), QStringList({u"canary.txt"_s, u"victim.txt"_s}));
    // Refused, saying why.
    QVERIFY(!imported);
    QVERIFY2(error.contains(u"symbolic link"_s), qPrintable(error));
    QVERIFY(store.list().isEmpty());
    QVERIFY(noScratchLeft(data));
}

void TestImageImport::whiteoutsStayInside()
{
    const QByteArray host = QFile::encodeName(m_hostDir);
    const QString data = dataDir(u"whiteouts"_s);
    ImageStore store(data);
    QString error;
    // A whiteout below a link to a host directory, plain and opaque.
    for (const QByteArray &marker : {QByteArray("l/.wh.victim.txt"), QByteArray("l/.wh..wh..opq")}) {
        const QByteArray archive =
            archiveOf(ociLayout({tarOf({slink("l", host)}), tarOf({file(marker, {})})}));
        QVERIFY(!store.importPath(write(u"wh.tar"_s, archive), u"wh"_s, &error));
        QVERIFY2(error.contains(u"symbolic link \"l\""_s), qPrintable(error));
        QCOMPARE(entriesOf(m_hostDir), QStringList({u"canary.txt"_s, u"victim.txt"_s}));
    }
    // A whiteout of "..", and a hard link through a link.
    QVERIFY(!store.importPath(
        write(u"wh.tar"_s, archiveOf(ociLayout({tarOf({dir("a"), file("a/.wh..", {})})}))), u"wh"_s, &error));
    QVERIFY2(error.contains(u"whiteout of nothing"_s) || error.contains(u"leaves the tree"_s),
             qPrintable(error));
    QVERIFY(!store.importPath(
        write(u"wh.tar"_s, archiveOf(ociLayout({tarOf({slink("l", host), hardlink("x", "l/canary.txt")})}))),
        u"wh"_s, &error));
    QVERIFY2(error.contains(u"hard link \"x\""_s), qPrintable(error));
    QCOMPARE(entriesOf(m_hostDir), QStringList({u"canary.txt"_s, u"victim.txt"_s}));
    QVERIFY(noScratchLeft(data));

    // Inside the tree they do their work: an opaque marker after the layer's own file keeps that file.
    const QList<QByteArray> layers{
        tarOf({dir("o"), file("o/old", "1"), dir("o/sub"), file("o/sub/old", "1"), file("gone", "1"),
               file("kept", "1")}),
        tarOf({dir("o"), file("o/new", "2"), file("o/.wh..wh..opq", {}), file(".wh.gone", {})})};
    const std::optional<ImageInfo> info =
        store.importPath(write(u"ok.tar"_s, archiveOf(ociLayout(layers))), u"ok"_s, &error);
    QVERIFY2(info, qPrintable(error));
    const QString root = ImageStore::rootfsPath(data, info->id);
    QCOMPARE(entriesOf(root + u"/o"_s), QStringList{u"new"_s});
    QCOMPARE(entriesOf(root), QStringList({u"kept"_s, u"o"_s}));
}

void TestImageImport::nothingLeftAtDescriptorLimit()
{
    // 200 directories deep, then an entry that is refused: the scratch tree must go, at any descriptor limit.
    QList<Entry> entries = deepTree(200);
    entries << Entry{"dev", Entry::CharDevice, {}, 0600};
    const QString path = write(u"deep-bad.tar"_s, tarOf(entries));
    const QString data = dataDir(u"fdlimit"_s);
    ImageStore store(data);
    QString error;
    QVERIFY(!store.importPath(path, u"warmup"_s, &error)); // libarchive loaded, directories made
    QVERIFY2(error.contains(u"device node"_s), qPrintable(error));
    QVERIFY(noScratchLeft(data));
    for (int spare : {1, 2, 3, 4, 5, 6, 8, 12, 20, 40}) {
        QString limitedError;
        {
            FdLimit limit(rlim_t(openDescriptors() + spare));
            QVERIFY(!store.importPath(path, u"deep"_s, &limitedError));
        }
        QVERIFY2(noScratchLeft(data),
                 qPrintable(u"%1 spare descriptors: %2 left, after: %3"_s.arg(spare).arg(
                     entriesOf(ImageStore::imagesDir(data) + u"/tmp"_s).join(u' '), limitedError)));
        if (spare >= 20) // enough to unpack: the refusal is the archive's, the clean-up still complete
            QVERIFY2(limitedError.contains(u"device node"_s), qPrintable(limitedError));
    }
}

void TestImageImport::removeDeletesTheTreeAtDescriptorLimit()
{
    const QString data = dataDir(u"rm"_s);
    ImageStore store(data);
    QString error;
    const std::optional<ImageInfo> info =
        store.importPath(write(u"deep.tar"_s, tarOf(deepTree(250))), u"deep"_s, &error);
    QVERIFY2(info, qPrintable(error));
    const QString tree = ImageStore::rootfsPath(data, info->id);
    QVERIFY(QFileInfo::exists(tree + u"/d/d/d"_s));
    {
        FdLimit limit(rlim_t(openDescriptors() + 8));
        QVERIFY2(store.remove(u"deep"_s, &error), qPrintable(error));
    }
    QVERIFY(!QFileInfo::exists(tree));
    QVERIFY(!store.find(u"deep"_s));
    QVERIFY(entriesOf(ImageStore::imagesDir(data) + u"/store"_s).isEmpty());
    QVERIFY(entriesOf(ImageStore::imagesDir(data) + u"/trees"_s).isEmpty());
}

void TestImageImport::removeSaysWhatIsLeft()
{
    const QString data = dataDir(u"rm-left"_s);
    ImageStore store(data);
    QString error;
    const std::optional<ImageInfo> info = store.importPath(
        write(u"rm-left.tar"_s, tarOf({dir("etc"), file("etc/stuck", "x")})), u"stuck"_s, &error);
    QVERIFY2(info, qPrintable(error));
    const QString tree = ImageStore::rootfsPath(data, info->id);
    // An immutable file (root only, and a file system with the flag) cannot be deleted.
    auto setImmutable = [&](bool on) {
        const int fd = ::open(QFile::encodeName(tree + u"/etc/stuck"_s).constData(), O_RDONLY | O_CLOEXEC);
        int flags = 0;
        bool ok = fd >= 0 && ioctl(fd, FS_IOC_GETFLAGS, &flags) == 0;
        flags = on ? flags | FS_IMMUTABLE_FL : flags & ~FS_IMMUTABLE_FL;
        ok = ok && ioctl(fd, FS_IOC_SETFLAGS, &flags) == 0;
        if (fd >= 0)
            ::close(fd);
        return ok;
    };
    if (!setImmutable(true))
        QSKIP("cannot make a file immutable here (needs root and a file system with the flag)");
    const bool removed = store.remove(u"stuck"_s, &error);
    setImmutable(false);
    QVERIFY(!removed);
    // The tree goes first: the name stays, and the error names what is left.
    QVERIFY2(error.contains(u"/etc/stuck\": Operation not permitted"_s) && error.contains(tree) &&
                 error.contains(u"stays"_s),
             qPrintable(error));
    QVERIFY(store.find(u"stuck"_s));
    QVERIFY(QFileInfo::exists(tree + u"/etc/stuck"_s));
    QVERIFY2(store.remove(u"stuck"_s, &error), qPrintable(error));
    QVERIFY(!QFileInfo::exists(tree));
    QVERIFY(!store.find(u"stuck"_s));
}

void TestImageImport::olderRecordsKeepWorkingAndAreRekeyed()
{
    // An image as an older version stored it: its tree in store/<id>/rootfs, a record without chain_id.
    const QString data = dataDir(u"legacy"_s);
    const QString archive = write(u"legacy.tar"_s, busyboxOciArchive());
    ImageStore store(data);
    QString error;
    std::optional<ImageInfo> info = store.importPath(archive, u"old"_s, &error);
    QVERIFY2(info, qPrintable(error));
    const QString record = ImageStore::imagesDir(data) + u"/store/"_s + info->id;
    const QString legacyTree = record + u"/rootfs"_s;
    QVERIFY(QDir().rename(ImageStore::rootfsPath(data, info->id), legacyTree));
    QFile json(record + u"/image.json"_s);
    QVERIFY(json.open(QIODevice::ReadOnly));
    QJsonObject o = QJsonDocument::fromJson(json.readAll()).object();
    json.close();
    o.remove(u"chain_id"_s);
    QVERIFY(writeFile(record + u"/image.json"_s, QJsonDocument(o).toJson()));

    // It keeps working from its old tree, shown as not checked.
    QCOMPARE(ImageStore::rootfsPath(data, info->id), legacyTree);
    QVERIFY(store.find(u"old"_s) && store.find(u"old"_s)->chainId.isEmpty());
    // Imported again: checked, re-keyed, the old tree gone.
    info = store.importPath(archive, u"old"_s, &error);
    QVERIFY2(info, qPrintable(error));
    QCOMPARE(info->chainId, chainOf({baseLayer(), whiteoutLayer()}));
    QCOMPARE(ImageStore::rootfsPath(data, info->id),
             ImageStore::imagesDir(data) + u"/trees/"_s + info->chainId);
    QVERIFY(!QFileInfo::exists(legacyTree));
    QVERIFY(QFileInfo::exists(ImageStore::rootfsPath(data, info->id) + u"/usr/bin/busybox"_s));
    QVERIFY2(store.remove(u"old"_s, &error), qPrintable(error));
    QVERIFY(entriesOf(ImageStore::imagesDir(data) + u"/store"_s).isEmpty());
}

void TestImageImport::layerMustMatchDiffId()
{
    // The second layer is not the one the config names.
    const QByteArray other = tarOf({dir("etc"), file("etc/other", "x")});
    const QByteArray archive =
        archiveOf(ociLayout({baseLayer(), whiteoutLayer()}, false, configOf({baseLayer(), other})));
    const QString data = dataDir(u"diffid"_s);
    ImageStore store(data);
    QString error;
    QVERIFY(!store.importPath(write(u"diffid.tar"_s, archive), u"mismatch"_s, &error));
    QVERIFY2(error.contains(u"layer 2 of 2"_s) && error.contains(u"rootfs.diff_ids[1]"_s) &&
                 error.contains(sha256(other)),
             qPrintable(error));
    QVERIFY(store.list().isEmpty());
    QVERIFY(noScratchLeft(data));
    // As many diff_ids as layers, or refused.
    QVERIFY(!store.importPath(write(u"count.tar"_s, archiveOf(ociLayout({baseLayer(), whiteoutLayer()}, false,
                                                                        configOf({baseLayer()})))),
                              u"count"_s, &error));
    QVERIFY2(error.contains(u"diff_ids lists 1 layer(s), the manifest 2"_s), qPrintable(error));
}

void TestImageImport::poisonedArchiveIsNotReused()
{
    // A trusted image's config over other layers: refused, so the trusted image imported later gets its own
    // tree, not the hostile one.
    const QByteArray trustedConfig = configOf({baseLayer(), whiteoutLayer()});
    const QByteArray hostile =
        tarOf({dir("usr"), dir("usr/bin"), file("usr/bin/busybox", "#!/bin/sh\necho pwned\n", 0755),
               dir("etc"), file("etc/pwned", "hostile\n")});
    const QString data = dataDir(u"poison"_s);
    ImageStore store(data);
    QString error;
    QVERIFY(!store.importPath(
        write(u"poison.tar"_s, archiveOf(ociLayout({hostile, whiteoutLayer()}, false, trustedConfig))),
        u"poison"_s, &error));
    QVERIFY2(error.contains(u"layer 1 of 2"_s) && error.contains(u"diff_ids[0]"_s), qPrintable(error));
    const std::optional<ImageInfo> trusted =
        store.importPath(write(u"trusted.tar"_s, busyboxOciArchive()), u"trusted"_s, &error);
    QVERIFY2(trusted, qPrintable(error));
    QCOMPARE(trusted->id, sha256(trustedConfig));
    const QString root = ImageStore::rootfsPath(data, trusted->id);
    QVERIFY(!QFileInfo::exists(root + u"/etc/pwned"_s));
    QCOMPARE(QFileInfo(root + u"/usr/bin/busybox"_s).size(), busybox().size());
}

void TestImageImport::treesKeyedByChainId()
{
    const QString data = dataDir(u"chain"_s);
    ImageStore store(data);
    QString error;
    const QList<QByteArray> layers{baseLayer(), whiteoutLayer()};
    const std::optional<ImageInfo> a =
        store.importPath(write(u"a.tar"_s, busyboxOciArchive()), u"a"_s, &error);
    QVERIFY2(a, qPrintable(error));
    QCOMPARE(a->chainId, chainOf(layers));
    QCOMPARE(ImageStore::rootfsPath(data, a->id), ImageStore::imagesDir(data) + u"/trees/"_s + a->chainId);
    // Another config (another id) over the same layers shares the tree.
    QJsonObject config = QJsonDocument::fromJson(configOf(layers)).object();
    config.insert(u"config"_s, QJsonObject{{u"Env"_s, QJsonArray{u"A=1"_s}}});
    const std::optional<ImageInfo> b = store.importPath(
        write(u"b.tar"_s,
              archiveOf(ociLayout(layers, false, QJsonDocument(config).toJson(QJsonDocument::Compact)))),
        u"b"_s, &error);
    QVERIFY2(b, qPrintable(error));
    QVERIFY(b->id != a->id);
    QCOMPARE(b->chainId, a->chainId);
    QCOMPARE(b->sizeBytes, a->sizeBytes);
    QCOMPARE(entriesOf(ImageStore::imagesDir(data) + u"/trees"_s), QStringList{a->chainId});
    // Other layers, another tree; the gzip of the same tar is the same layer (its diff_id is of the tar).
    const std::optional<ImageInfo> c =
        store.importPath(write(u"c.tar"_s, archiveOf(ociLayout({baseLayer()}))), u"c"_s, &error);
    QVERIFY2(c, qPrintable(error));
    QCOMPARE(c->chainId, sha256(baseLayer()));
    QCOMPARE(entriesOf(ImageStore::imagesDir(data) + u"/trees"_s).size(), 2);
    // Removing one image keeps the tree the other shares; removing both removes it.
    QVERIFY2(store.remove(u"a"_s, &error), qPrintable(error));
    QVERIFY(QFileInfo::exists(ImageStore::rootfsPath(data, b->id) + u"/usr/bin/busybox"_s));
    QVERIFY2(store.remove(u"b"_s, &error), qPrintable(error));
    QCOMPARE(entriesOf(ImageStore::imagesDir(data) + u"/trees"_s), QStringList{c->chainId});
}

void TestImageImport::oneBudgetForArchiveAndLayers()
{
    // Three layers of 20 files of 1000 bytes: each half of the import (the archive's blobs, the layers' tree)
    // fits the limits alone, the two together do not.
    QList<QByteArray> layers;
    for (int l = 0; l < 3; ++l) {
        QList<Entry> entries{dir("l" + QByteArray::number(l))};
        for (int i = 0; i < 20; ++i)
            entries << file("l" + QByteArray::number(l) + "/f" + QByteArray::number(i),
                            QByteArray(1000, 'x'));
        layers << tarOf(entries);
    }
    const auto layout = ociLayout(layers);
    qint64 archiveBytes = 0;
    for (const auto &[path, content] : layout)
        archiveBytes += content.size();
    const qint64 treeBytes = 3 * 20 * 1000;
    const qint64 archiveEntries = layout.size();
    const qint64 treeEntries = 3 * 21;
    const QString path = write(u"budget.tar"_s, archiveOf(layout));
    const QString data = dataDir(u"budget"_s);
    ImageStore store(data);
    QString error;

    ImageLimits limits;
    limits.maxEntries = std::max(archiveEntries, treeEntries) + 2;
    QVERIFY(limits.maxEntries < archiveEntries + treeEntries);
    store.setLimits(limits);
    QVERIFY(!store.importPath(path, u"budget"_s, &error));
    QVERIFY2(error.contains(
                 u"more than %1 entries (the archive and all its layers together)"_s.arg(limits.maxEntries)),
             qPrintable(error));

    limits = {};
    limits.maxBytes = std::max(archiveBytes, treeBytes) + 100;
    QVERIFY(limits.maxBytes < archiveBytes + treeBytes);
    store.setLimits(limits);
    QVERIFY(!store.importPath(path, u"budget"_s, &error));
    QVERIFY2(
        error.contains(u"more than %1 bytes (the archive and all its layers together"_s.arg(limits.maxBytes)),
        qPrintable(error));
    QVERIFY(noScratchLeft(data));

    limits.maxBytes = archiveBytes + treeBytes + 100;
    limits.maxEntries = archiveEntries + treeEntries + 2;
    store.setLimits(limits);
    QVERIFY2(store.importPath(path, u"budget"_s, &error), qPrintable(error));
}

void TestImageImport::depthAndPathLimits()
{
    const QString data = dataDir(u"depth"_s);
    ImageStore store(data);
    QString error;
    QVERIFY(!store.importPath(write(u"deep.tar"_s, tarOf(deepTree(256))), u"deep"_s, &error));
    QVERIFY2(error.contains(u"more than 256 directories deep; at most 256 are allowed"_s), qPrintable(error));
    ImageLimits limits;
    limits.maxDepth = 10;
    limits.maxPathBytes = 100;
    store.setLimits(limits);
    QVERIFY(!store.importPath(write(u"deep.tar"_s, tarOf(deepTree(10))), u"deep"_s, &error));
    QVERIFY2(error.contains(u"at most 10 are allowed"_s), qPrintable(error));
    QVERIFY(
        !store.importPath(write(u"long.tar"_s, tarOf({file(QByteArray(150, 'n'), "x")})), u"long"_s, &error));
    QVERIFY2(error.contains(u"has a path of 150 bytes; at most 100 bytes are allowed"_s), qPrintable(error));
    QVERIFY(store.importPath(write(u"ok.tar"_s, tarOf(deepTree(9))), u"ok"_s, &error));
    QVERIFY(noScratchLeft(data));
}

void TestImageImport::chainedLinksCostLinearWork()
{
    // Chains of links with long targets (each names the one before through many "./"), files next to them,
    // hard links to those files and a last entry written through the chain. Nothing follows a link, so the
    // work (path components handed to the kernel, entries visited) stays a small multiple of the entries.
    auto archive = [](int n) {
        QList<Entry> entries{dir("d")};
        entries << slink("l0", "d");
        for (int i = 1; i < n; ++i) {
            entries << slink("l" + QByteArray::number(i),
                             QByteArray("./").repeated(500) + "l" + QByteArray::number(i - 1));
            entries << file("d/f" + QByteArray::number(i), "x");
            entries << hardlink("h" + QByteArray::number(i), "d/f" + QByteArray::number(i));
        }
        return entries;
    };
    for (int n : {100, 500}) {
        QList<Entry> entries = archive(n);
        const QString root = m_dir.path() + u"/linear-%1"_s.arg(n);
        QVERIFY(QDir().mkpath(root));
        const int rootFd = ::open(QFile::encodeName(root).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        QVERIFY(rootFd >= 0);
        ImportBudget budget;
        QString error;
        {
            const QString tar = write(u"linear.tar"_s, tarOf(entries));
            const int fd = ::open(QFile::encodeName(tar).constData(), O_RDONLY | O_CLOEXEC);
            LayerUnpacker unpacker(rootFd, &budget);
            LayerUnpacker::Digests digests;
            QVERIFY2(unpacker.unpack(fd, u"linear"_s, LayerUnpacker::Mode::Layer, &digests, &error),
                     qPrintable(error));
            ::close(fd);
        }
        QCOMPARE(budget.entries, qint64(entries.size()));
        QVERIFY2(budget.steps <= 4 * budget.entries,
                 qPrintable(u"%1 steps for %2 entries"_s.arg(budget.steps).arg(budget.entries)));
        QCOMPARE(QFileInfo(root + u"/l%1"_s.arg(n - 1)).isSymLink(), true);
        // Then through the chain: refused at once.
        entries << file("l" + QByteArray::number(n - 1) + "/x", "through");
        const QString tar = write(u"linear2.tar"_s, tarOf(entries));
        const int fd = ::open(QFile::encodeName(tar).constData(), O_RDONLY | O_CLOEXEC);
        QVERIFY(QDir().mkpath(root + u"2"_s));
        const int rootFd2 =
            ::open(QFile::encodeName(root + u"2"_s).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        ImportBudget budget2;
        {
            LayerUnpacker unpacker(rootFd2, &budget2);
            QVERIFY(!unpacker.unpack(fd, u"linear"_s, LayerUnpacker::Mode::Layer, nullptr, &error));
        }
        QVERIFY2(error.contains(u"lies below the symbolic link \"l%1\""_s.arg(n - 1)), qPrintable(error));
        QVERIFY2(budget2.steps <= 4 * budget2.entries + 16, qPrintable(u"%1 steps"_s.arg(budget2.steps)));
        ::close(fd);
        ::close(rootFd2);
        ::close(rootFd);
        QString ignored;
        QVERIFY(LayerUnpacker::removeTreeAtPath(root, &ignored));
        QVERIFY(LayerUnpacker::removeTreeAtPath(root + u"2"_s, &ignored));
    }
}

void TestImageImport::repeatedOpaqueWhiteoutsCostLinearWork()
{
    // A lower layer of 300 files in o/, an upper one adding 300 and then repeating o/'s opaque marker (and
    // one below it) 3,000 times: the lower files go once, the markers cost no rescan of what the layer added.
    QList<Entry> lower{dir("o")};
    QList<Entry> upper{dir("o")};
    for (int i = 0; i < 300; ++i) {
        lower << file("o/old" + QByteArray::number(i), "1");
        upper << file("o/new" + QByteArray::number(i), "2");
    }
    upper << dir("o/sub");
    for (int i = 0; i < 1500; ++i)
        upper << file("o/.wh..wh..opq", {}) << file("o/sub/.wh..wh..opq", {});
    const QString root = m_dir.path() + u"/opaque"_s;
    QVERIFY(QDir().mkpath(root));
    const int rootFd = ::open(QFile::encodeName(root).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    QVERIFY(rootFd >= 0);
    ImportBudget budget;
    QString error;
    {
        LayerUnpacker unpacker(rootFd, &budget);
        for (const QList<Entry> &layer : {lower, upper}) {
            const QString tar = write(u"opaque.tar"_s, tarOf(layer));
            const int fd = ::open(QFile::encodeName(tar).constData(), O_RDONLY | O_CLOEXEC);
            QVERIFY2(unpacker.unpack(fd, u"opaque"_s, LayerUnpacker::Mode::Layer, nullptr, &error),
                     qPrintable(error));
            ::close(fd);
        }
    }
    ::close(rootFd);
    const QStringList left = entriesOf(root + u"/o"_s);
    QCOMPARE(left.size(), 301);
    QVERIFY(!left.contains(u"old0"_s) && left.contains(u"new299"_s) && left.contains(u"sub"_s));
    QVERIFY2(budget.steps <= 8 * budget.entries, // each marker would rescan o/: over 300 steps
             qPrintable(u"%1 steps for %2 entries"_s.arg(budget.steps).arg(budget.entries)));
    QVERIFY(LayerUnpacker::removeTreeAtPath(root, &error));
}

void TestImageImport::staleScratchIsSwept()
{
    // What an import killed with SIGKILL leaves: a scratch tree nobody holds. The next import removes it,
    // but never one that another process is still unpacking (locked), nor one made a moment ago.
    const QString data = dataDir(u"sweep"_s);
    const QString tmp = ImageStore::imagesDir(data) + u"/tmp"_s;
    const timespec old[2] = {{time(nullptr) - 3600, 0}, {time(nullptr) - 3600, 0}};
    for (const QString &name : {u"import-dead"_s, u"import-busy"_s, u"import-young"_s}) {
        QVERIFY(QDir().mkpath(tmp + u'/' + name + u"/rootfs/usr/lib"_s));
        QVERIFY(writeFile(tmp + u'/' + name + u"/rootfs/usr/lib/big"_s, QByteArray(4096, 'x')));
        if (name != u"import-young"_s)
            QVERIFY(utimensat(AT_FDCWD, QFile::encodeName(tmp + u'/' + name).constData(), old, 0) == 0);
    }
    const int busy = ::open(QFile::encodeName(tmp + u"/import-busy"_s).constData(), O_RDONLY | O_DIRECTORY);
    QVERIFY(busy >= 0 && flock(busy, LOCK_EX | LOCK_NB) == 0);

    ImageStore store(data);
    QString error;
    QVERIFY2(store.importPath(write(u"small.tar"_s, tarOf({Entry{"hello", Entry::File, "hi\n", 0644}})),
                              u"small"_s, &error),
             qPrintable(error));
    ::close(busy);
    QCOMPARE(entriesOf(tmp), QStringList({u"import-busy"_s, u"import-young"_s}));
}

QTEST_GUILESS_MAIN(TestImageImport)
#include "test_imageimport.moc"
