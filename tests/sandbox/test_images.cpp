// SPDX-License-Identifier: GPL-3.0-or-later
// Images: a two-layer busybox OCI archive made here, imported, and real containers run on it; bad archives
// are refused with a clear error.
#include "ocitestutil.h"
#include "sandboxtestutil.h"

#include "sandbox/images/imagestore.h"
#include "tools/codeaction.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace OciTest;

class TestImages : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void importOciArchive();
    void containerRunsOnImage();
    void codeCallsSayPythonIsMissing();
    void imageIsFixedOnceStarted();
    void sameImageStoredOnce();
    void ociLayoutDirectory();
    void gzipLayers();
    void rejected_data();
    void rejected();
    void symlinkCannotLeadOutside();
    void sizeLimit();
    void removeRefusedWhileInUse();
    void removeRefusedWhileAContainerStarts();

private:
    QString writeArchive(const QString &name, const QByteArray &data);

    QTemporaryDir m_dir;
    QString m_data;
    ContainerManager *m_manager = nullptr;
};

QString TestImages::writeArchive(const QString &name, const QByteArray &data)
{
    const QString path = m_dir.path() + u"/archives/"_s + name;
    if (!writeFile(path, data))
        return {};
    return path;
}

void TestImages::initTestCase()
{
    SANDBOX_REQUIRE_INIT();
    QVERIFY2(!busybox().isEmpty(), "/bin/busybox is missing: apt-get install busybox-static");
    QVERIFY(m_dir.isValid());
    m_data = m_dir.path() + u"/data"_s;
    m_manager = new ContainerManager(sandboxTestSettings(m_data), this);
}

void TestImages::importOciArchive()
{
    const QString path = writeArchive(u"bb.tar"_s, busyboxOciArchive());
    ImageStore store(m_data);
    QString error;
    const std::optional<ImageInfo> info = store.importPath(path, u"bb"_s, &error);
    QVERIFY2(info, qPrintable(error));
    QCOMPARE(info->name, u"bb"_s);
    QCOMPARE(info->source, u"oci-archive"_s);
    QCOMPARE(info->layers, 2);
    QCOMPARE(info->os, u"Busybox test image 1.0"_s);
    QVERIFY(!info->hasPython());
    QVERIFY(!info->hasBash);
    QCOMPARE(info->id, sha256(configOf({baseLayer(), whiteoutLayer()})));
    QVERIFY(info->sizeBytes >= busybox().size());

    const QString root = ImageStore::rootfsPath(m_data, info->id);
    QVERIFY(QFileInfo(root + u"/usr/bin/busybox"_s).isExecutable());
    QVERIFY(!QFileInfo::exists(root + u"/etc/secret.txt"_s));
    QVERIFY(!QFileInfo::exists(root + u"/etc/.wh.secret.txt"_s));
    QVERIFY(!QFileInfo::exists(root + u"/opt/data/old.txt"_s));
    QVERIFY(QFileInfo::exists(root + u"/opt/data/new.txt"_s));
    QVERIFY(QFileInfo::exists(root + u"/opt/keep.txt"_s));

    const QList<ImageInfo> all = store.list();
    QCOMPARE(all.size(), 1);
    QCOMPARE(store.find(u"bb"_s)->id, info->id);
    QCOMPARE(store.find(info->id.left(12))->name, u"bb"_s);
    QVERIFY(!store.find(info->id.left(6))); // too short a prefix to name an image
}

void TestImages::containerRunsOnImage()
{
    ImageStore store(m_data);
    QString error;
    Container *c = m_manager->create(&error);
    QVERIFY2(c, qPrintable(error));
    QVERIFY2(store.applyTo(c, u"bb"_s, &error), qPrintable(error));
    RUN_CALL(call, c,
             shellAction({u"ls /usr/bin"_s, u"cat /etc/secret.txt"_s, u"ls /opt/data; cat /opt/keep.txt"_s,
                          u"cat /etc/os-release; cat /etc/motd"_s, u"id -u; echo $SHELL"_s,
                          u"touch /usr/bin/new"_s, u"echo saved > /workspace/home/out.txt && cat out.txt"_s,
                          u"ls /bin/busybox"_s}));
    const QList<CommandResult> r = call->results();
    QCOMPARE(r.size(), 8);
    // /usr is the image's: busybox and its links, none of the host's programs.
    QVERIFY2(r[0].stdoutText.contains(u"busybox\n"_s), qPrintable(r[0].stdoutText + r[0].stderrText));
    QVERIFY2(!r[0].stdoutText.contains(u"python3"_s), qPrintable(r[0].stdoutText));
    QVERIFY(QFileInfo::exists(u"/usr/bin/python3"_s)); // ... which the host has
    // The whiteout's file is absent, the opaque directory shows only the upper layer.
    QVERIFY(r[1].outcome != CommandOutcome::exit(0));
    QVERIFY2(r[1].stderrText.contains(u"No such file"_s), qPrintable(r[1].stderrText));
    QCOMPARE(r[2].stdoutText, u"new.txt\nkept\n"_s);
    QVERIFY2(r[3].stdoutText.contains(u"Busybox test image 1.0"_s), qPrintable(r[3].stdoutText));
    QVERIFY(r[3].stdoutText.contains(u"hello from layer 2"_s));
    // The engine's own user and shell fallback; the image is read-only, home writable.
    QCOMPARE(r[4].stdoutText, u"1000\n/bin/sh\n"_s);
    QVERIFY(r[5].outcome != CommandOutcome::exit(0));
    QCOMPARE(r[6].stdoutText, u"saved\n"_s);
    QCOMPARE(r[7].outcome, CommandOutcome::exit(0));
    // The host's container on the same manager still sees the host's /usr.
    Container *host = m_manager->create(&error);
    QVERIFY2(host, qPrintable(error));
    RUN_CALL(hostCall, host, shellAction({u"ls /usr/bin/python3 && echo $SHELL"_s}));
    QCOMPARE(hostCall->results().at(0).stdoutText, u"/usr/bin/python3\n/bin/bash\n"_s);
}

void TestImages::codeCallsSayPythonIsMissing()
{
    ImageStore store(m_data);
    QString error;
    Container *c = m_manager->create(&error);
    QVERIFY2(c && store.applyTo(c, u"bb"_s, &error), qPrintable(error));
    CodeAction code;
    code.kind = CodeAction::Kind::Python;
    code.code = u"print(1)"_s;
    RUN_CALL(call, c, code.shellAction(30000, 16384));
    const CommandResult r = call->results().at(0);
    QCOMPARE(r.outcome, CommandOutcome::exit(127));
    QVERIFY2(r.stderrText.contains(u"has no python3"_s), qPrintable(r.stderrText));
}

void TestImages::imageIsFixedOnceStarted()
{
    ImageStore store(m_data);
    QString error;
    Container *c = m_manager->create(&error);
    QVERIFY(c);
    QVERIFY(store.applyTo(c, u"bb"_s, &error));
    QVERIFY(store.applyTo(c, QString(), &error)); // not started: may still change
    QVERIFY(store.applyTo(c, u"bb"_s, &error));
    RUN_CALL(call, c, shellAction({u"true"_s}));
    QVERIFY(!store.applyTo(c, QString(), &error));
    QVERIFY2(error.contains(c->id()) && error.contains(u"fixed"_s), qPrintable(error));
    QVERIFY(store.applyTo(c, u"bb"_s, &error));
    QVERIFY(!store.applyTo(c, u"nonexistent"_s, &error));
    QVERIFY2(error.contains(u"no image \"nonexistent\""_s), qPrintable(error));

    // A later manager (a restart) loads the container with its image. The start recorded it in meta.json on
    // the history's worker; a process that ends waits for that worker (~ContainerHistory), so does this one.
    const QString id = c->id();
    m_manager->stopAll();
    c->historyStore()->waitForIdle();
    ContainerManager again(sandboxTestSettings(m_data));
    Container *loaded = again.find(id);
    QVERIFY(loaded);
    QCOMPARE(loaded->imageName(), u"bb"_s);
    QCOMPARE(loaded->imageId(), store.find(u"bb"_s)->id);
    RUN_CALL(call2, loaded, shellAction({u"ls /usr/bin/busybox"_s}));
    QCOMPARE(call2->results().at(0).outcome, CommandOutcome::exit(0));
    again.stopAll();
}

void TestImages::sameImageStoredOnce()
{
    // The same layers saved by docker: the same config, so the same id; the store keeps one tree.
    const QString path =
        writeArchive(u"docker.tar"_s, archiveOf(dockerLayout({baseLayer(), whiteoutLayer()})));
    ImageStore store(m_data);
    QString error;
    const std::optional<ImageInfo> info = store.importPath(path, u"bb-docker"_s, &error);
    QVERIFY2(info, qPrintable(error));
    QCOMPARE(info->id, store.find(u"bb"_s)->id);
    QCOMPARE(store.list().size(), 2);
    QCOMPARE(
        QDir(ImageStore::imagesDir(m_data) + u"/store"_s).entryList(QDir::Dirs | QDir::NoDotAndDotDot).size(),
        1);
    // A fresh import of docker's format into its own store unpacks the same tree.
    const QString other = m_dir.path() + u"/other-data"_s;
    ImageStore fresh(other);
    const std::optional<ImageInfo> again = fresh.importPath(path, u"bb"_s, &error);
    QVERIFY2(again, qPrintable(error));
    QCOMPARE(again->source, u"docker-archive"_s);
    QVERIFY(!QFileInfo::exists(ImageStore::rootfsPath(other, again->id) + u"/etc/secret.txt"_s));
    QVERIFY(QFileInfo::exists(ImageStore::rootfsPath(other, again->id) + u"/usr/bin/busybox"_s));
    // Removing one name keeps the tree the other name shares.
    QVERIFY2(store.remove(u"bb-docker"_s, &error), qPrintable(error));
    QVERIFY(QFileInfo::exists(ImageStore::rootfsPath(m_data, info->id)));
}

void TestImages::ociLayoutDirectory()
{
    const QString dir = m_dir.path() + u"/layout"_s;
    QVERIFY(writeLayout(dir, ociLayout({baseLayer()})));
    const QString other = m_dir.path() + u"/layout-data"_s;
    ImageStore store(other);
    QString error;
    const std::optional<ImageInfo> info = store.importPath(dir, u"one-layer"_s, &error);
    QVERIFY2(info, qPrintable(error));
    QCOMPARE(info->source, u"oci-layout"_s);
    QCOMPARE(info->layers, 1);
    QVERIFY(QFileInfo::exists(ImageStore::rootfsPath(other, info->id) + u"/etc/secret.txt"_s));
}

void TestImages::gzipLayers()
{
    // tar+gzip layers, as registries serve them: the blob digest is the compressed one's.
    const QByteArray gzBase = tarOf({dir("usr"), dir("usr/bin"), file("usr/bin/busybox", busybox(), 0755),
                                     slink("usr/bin/sh", "busybox"), slink("bin", "usr/bin"), dir("etc"),
                                     file("etc/secret.txt", "whited out\n")},
                                    true);
    const QByteArray gzUpper = tarOf({dir("etc"), file("etc/.wh.secret.txt", {})}, true);
    QVERIFY(gzBase.startsWith("\x1f\x8b"));
    const QString path = writeArchive(u"gz.tar"_s, archiveOf(ociLayout({gzBase, gzUpper})));
    const QString data = m_dir.path() + u"/gz-data"_s;
    ImageStore store(data);
    QString error;
    const std::optional<ImageInfo> info = store.importPath(path, u"gz"_s, &error);
    QVERIFY2(info, qPrintable(error));
    const QString root = ImageStore::rootfsPath(data, info->id);
    QCOMPARE(QFileInfo(root + u"/usr/bin/busybox"_s).size(), busybox().size());
    QVERIFY(!QFileInfo::exists(root + u"/etc/secret.txt"_s));
}

void TestImages::rejected_data()
{
    QTest::addColumn<QByteArray>("archive");
    QTest::addColumn<QString>("mustSay");
    const QByteArray good = busyboxOciArchive();
    QTest::newRow("corrupt archive") << good.left(good.size() / 3) + QByteArray(4096, 'x')
                                     << u"not a readable tar archive"_s;
    QTest::newRow("not an archive") << QByteArray("this is no tar file at all\n").repeated(50)
                                    << u"not a readable tar archive"_s;
    QTest::newRow("bad digest") << archiveOf(ociLayout({baseLayer(), whiteoutLayer()}, true))
                                << u"does not match its digest"_s;
    QTest::newRow("traversal") << archiveOf(ociLayout({tarOf({dir("usr"), file("usr/../../evil", "x")})}))
                               << u"leaves the tree"_s;
    QTest::newRow("absolute") << archiveOf(ociLayout({tarOf({file("/etc/evil", "x")})}))
                              << u"absolute path"_s;
    QTest::newRow("device node") << archiveOf(ociLayout(
                                        {tarOf({dir("dev"), {"dev/mem", Entry::CharDevice, {}, 0600}})}))
                                 << u"device node"_s;
    QTest::newRow("hardlink escape")
        << archiveOf(
               ociLayout({tarOf({dir("etc"), {"etc/pw", Entry::Hardlink, "../../../etc/passwd", 0644}})}))
        << u"hard link"_s;
    QTest::newRow("outer traversal") << tarOf({file("index.json", "{}"), file("../outside.json", "{}")})
                                     << u"leaves the tree"_s;
    QTest::newRow("no manifest") << archiveOf({{"oci-layout", "{}"}, {"index.json", "{\"manifests\":[]}"}})
                                 << u"no image manifest"_s;
}

void TestImages::rejected()
{
    QFETCH(QByteArray, archive);
    QFETCH(QString, mustSay);
    const QString path = writeArchive(u"bad.tar"_s, archive);
    const QString data = m_dir.path() + u"/rejected-data"_s;
    ImageStore store(data);
    QString error;
    QVERIFY(!store.importPath(path, u"bad"_s, &error));
    QVERIFY2(error.contains(mustSay), qPrintable(error));
    QVERIFY(store.list().isEmpty());
    QVERIFY(!QFileInfo::exists(m_dir.path() + u"/outside.json"_s));
    QVERIFY(!QFileInfo::exists(m_dir.path() + u"/evil"_s));
    // Nothing half-imported stays behind.
    QVERIFY(QDir(ImageStore::imagesDir(data) + u"/tmp"_s).isEmpty());
}

void TestImages::symlinkCannotLeadOutside()
{
    // A link to an absolute or climbing path, then a file written through it: it lands inside the tree.
    const QString outside = m_dir.path() + u"/escape-target"_s;
    QVERIFY(QDir().mkpath(outside));
    const QByteArray target = "../../../../../../../.." + QFile::encodeName(outside);
    const QString path = writeArchive(
        u"links.tar"_s,
        archiveOf(ociLayout({tarOf({dir("a"), slink("a/up", target), file("a/up/pwned", "x"),
                                    slink("abs", QFile::encodeName(outside)), file("abs/pwned2", "y")})})));
    const QString data = m_dir.path() + u"/links-data"_s;
    ImageStore store(data);
    QString error;
    const std::optional<ImageInfo> info = store.importPath(path, u"links"_s, &error);
    // An entry is never written through a link: refused, and nothing reached the real directory.
    QVERIFY(!info);
    QVERIFY2(error.contains(u"lies below the symbolic link \"a/up\""_s), qPrintable(error));
    QVERIFY(QDir(outside).isEmpty());
    QVERIFY(store.list().isEmpty());
}

void TestImages::sizeLimit()
{
    const QString path = writeArchive(u"bb.tar"_s, busyboxOciArchive());
    ImageStore store(m_dir.path() + u"/small-data"_s);
    ImageLimits limits;
    limits.maxBytes = 100 * 1024; // busybox is about 2 MB
    store.setLimits(limits);
    QString error;
    QVERIFY(!store.importPath(path, u"bb"_s, &error));
    QVERIFY2(error.contains(u"larger than 102400 bytes"_s) || error.contains(u"more than 102400 bytes"_s),
             qPrintable(error));
    limits = {};
    limits.maxEntries = 5;
    store.setLimits(limits);
    QVERIFY(!store.importPath(path, u"bb"_s, &error));
    QVERIFY2(error.contains(u"more than 5 entries"_s), qPrintable(error));
    QVERIFY(!store.importPath(path, u"../bad name"_s, &error));
    QVERIFY2(error.contains(u"not a valid image name"_s), qPrintable(error));
}

void TestImages::removeRefusedWhileAContainerStarts()
{
    // A container that is starting runs `sandbench-init --rootfs TREE` before its meta.json names the image
    // (the history's worker writes it meanwhile): the tree is not deleted under it.
    const QString dataDir = m_dir.path() + u"/starting-data"_s;
    ImageStore store(dataDir);
    QString error;
    const std::optional<ImageInfo> info =
        store.importPath(writeArchive(u"bb-starting.tar"_s, busyboxOciArchive()), u"bb"_s, &error);
    QVERIFY2(info, qPrintable(error));
    const QString tree = ImageStore::rootfsPath(dataDir, info->id);
    QVERIFY(QFileInfo(tree).isDir());
    QProcess init; // stands in for sandbench-init: only its command line counts
    // One process that never forks: `read` is a builtin and waits on the open stdin. A child bash forked
    // (for `sleep`) carries the same command line until it execs, so it outlived the kill below under load
    // and rightly kept the tree in use.
    init.start(u"/bin/bash"_s, {u"-c"_s, u"read -t 60 _"_s, u"sandbench-init"_s, u"--rootfs"_s, tree});
    QVERIFY(init.waitForStarted());
    QVERIFY(!store.remove(u"bb"_s, &error));
    QVERIFY2(error.contains(u"starting"_s) && error.contains(QString::number(init.processId())),
             qPrintable(error));
    QVERIFY(store.find(u"bb"_s));
    QVERIFY(QFileInfo(tree).isDir());
    // Once it is gone the image can go.
    init.kill();
    QVERIFY(init.waitForFinished());
    QVERIFY2(store.remove(u"bb"_s, &error), qPrintable(error));
    QVERIFY(!store.find(u"bb"_s));
    QVERIFY(!QFileInfo::exists(tree));
}

void TestImages::removeRefusedWhileInUse()
{
    ImageStore store(m_data);
    QString error;
    Container *c = m_manager->create(&error);
    QVERIFY(c && store.applyTo(c, u"bb"_s, &error));
    RUN_CALL(call, c, shellAction({u"true"_s}));
    // The start records the image in the container's meta.json on the history's worker.
    const std::optional<ImageInfo> bb = store.find(u"bb"_s);
    QVERIFY(bb);
    QTRY_VERIFY(store.users(bb->id).contains(u"test/"_s + c->id()));
    QVERIFY(!store.remove(u"bb"_s, &error));
    QVERIFY2(error.contains(u"in use"_s) && error.contains(c->id()), qPrintable(error));
    QVERIFY(store.find(u"bb"_s));
    // Once every container on it is gone, it can go.
    for (Container *other : m_manager->list()) {
        if (other->imageName() == u"bb")
            QVERIFY(m_manager->remove(other->id(), &error));
    }
    const QString id = store.find(u"bb"_s)->id;
    QVERIFY2(store.remove(u"bb"_s, &error), qPrintable(error));
    QVERIFY(!store.find(u"bb"_s));
    QVERIFY(!QFileInfo::exists(ImageStore::rootfsPath(m_data, id)));
    QVERIFY(!store.remove(u"bb"_s, &error));
    QVERIFY2(error.contains(u"no image"_s), qPrintable(error));
}

QTEST_GUILESS_MAIN(TestImages)
#include "test_images.moc"
