// SPDX-License-Identifier: GPL-3.0-or-later
// Hostile images: their links lead to the host's root (top-level `etc -> /`, `usr -> etc/usr`, climbing and
// /proc links, links one level down). A command in a container on such an image cannot read a host canary,
// create a file on a host mount, connect to a host Unix socket or see the host's /proc; and in every
// container, an image's or the host's, no mount but the container's own writable ones is writable.
#include "ocitestutil.h"
#include "sandboxtestutil.h"

#include "sandbox/images/imagestore.h"

#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

using namespace Qt::StringLiterals;
using namespace OciTest;

namespace {

// The mounts of /proc/self/mountinfo text that are writable but are none of the container's own writable
// ones (its workspace, private /tmp and /dev/shm, /dev/pts, its /proc, the device nodes it writes to).
QStringList writableForeignMounts(const QString &mountinfo)
{
    static const QHash<QString, QString> own{
        {u"/workspace/home"_s, {}},   {u"/tmp"_s, u"tmpfs"_s}, {u"/dev/shm"_s, u"tmpfs"_s},
        {u"/dev/pts"_s, u"devpts"_s}, {u"/proc"_s, u"proc"_s}, {u"/dev/null"_s, {}},
        {u"/dev/zero"_s, {}},         {u"/dev/full"_s, {}},    {u"/dev/random"_s, {}},
        {u"/dev/urandom"_s, {}},      {u"/dev/tty"_s, {}},     {u"/run/sandbench/egress.sock"_s, {}}};
    QStringList bad;
    for (const QString &line : mountinfo.split(u'\n', Qt::SkipEmptyParts)) {
        const QStringList f = line.split(u' ');
        const qsizetype dash = f.indexOf(u"-"_s);
        if (f.size() < 6 || dash < 6 || dash + 1 >= f.size()) {
            bad << u"unreadable: "_s + line;
            continue;
        }
        const QString point = f.at(4);
        const QString fstype = f.at(dash + 1);
        if (!f.at(5).split(u',').contains(u"rw"_s))
            continue;
        const auto it = own.constFind(point);
        if (it == own.constEnd() || (!it->isEmpty() && *it != fstype))
            bad << line;
    }
    return bad;
}

// A mount below the host's /usr for the length of a test (root only): what the container must show
// read-only, as it shows /usr.
struct HostSubmount
{
    QString path;
    bool mounted = false;
    HostSubmount()
    {
        if (geteuid() != 0)
            return;
        char tmpl[] = "/usr/local/sandbench-escape-XXXXXX";
        if (!mkdtemp(tmpl))
            return;
        path = QString::fromLocal8Bit(tmpl);
        mounted = ::mount("tmpfs", tmpl, "tmpfs", 0, "size=64k,mode=0777") == 0;
    }
    ~HostSubmount()
    {
        if (path.isEmpty())
            return;
        const QByteArray p = QFile::encodeName(path);
        if (mounted)
            ::umount2(p.constData(), MNT_DETACH);
        ::rmdir(p.constData());
    }
};

// What a container that must not start said: the call's error, its output and init.log (the engine may see
// its own send fail before it reads init's error). A command that ran prints "started".
QString failedStart(Container *c, const SandboxSettings &settings)
{
    ShellCall *call = c->run(shellAction({u"echo started"_s}));
    if (!waitForCall(call))
        return u"[the shell call did not finish]"_s;
    // Only what the call says: init's own reason must reach it, never a bare "Broken pipe".
    Q_UNUSED(settings);
    QString said = call->errorString();
    for (const CommandResult &r : call->results())
        said += r.stdoutText + r.stderrText;
    return said;
}

} // namespace

class TestImageEscape : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void hostileImage_data();
    void hostileImage();
    void etcLinkLoopRefused();
    void oldKernelFailsClosed();
    void hostRootMountsReadOnly_data();
    void hostRootMountsReadOnly();

private:
    QString makeHostDir(const QString &parent);
    int pendingConnections();
    QStringList hostEscapes(const QString &workspaceParent);

    QTemporaryDir m_dir;
    QString m_data;
    QByteArray m_token; // the canaries' content, and the name a created file would have
    QString m_tmpDir;   // a 0777 directory in the host's /tmp: canary.txt and host.sock
    QString m_shmDir;   // the same in the host's /dev/shm: canary.txt
    QString m_socket;
    int m_listener = -1;
    int m_images = 0;
    ContainerManager *m_manager = nullptr;
};

QString TestImageEscape::makeHostDir(const QString &parent)
{
    QByteArray tmpl = QFile::encodeName(parent) + "/sandbench-escape-XXXXXX";
    if (!mkdtemp(tmpl.data()))
        return {};
    // Open to all, so that nothing but the container's isolation can keep its commands out.
    ::chmod(tmpl.constData(), 0777);
    const QString dir = QFile::decodeName(tmpl);
    return writeFile(dir + u"/canary.txt"_s, m_token + '\n') ? dir : QString();
}

void TestImageEscape::initTestCase()
{
    SANDBOX_REQUIRE_INIT();
    QVERIFY2(!busybox().isEmpty(), "/bin/busybox is missing: apt-get install busybox-static");
    QVERIFY2(QFileInfo(QStringLiteral(ESCAPE_PROBE)).isExecutable(), "escapeprobe is not built");
    QVERIFY(m_dir.isValid());
    m_data = m_dir.path() + u"/data"_s;
    m_token =
        "sandbench-canary-" + QByteArray::number(getpid()) + '-' + QByteArray::number(qint64(time(nullptr)));
    m_tmpDir = makeHostDir(u"/tmp"_s);
    m_shmDir = makeHostDir(u"/dev/shm"_s);
    QVERIFY(!m_tmpDir.isEmpty() && !m_shmDir.isEmpty());

    // A listening host socket anyone may connect to: only not reaching it keeps a container away.
    m_socket = m_tmpDir + u"/host.sock"_s;
    m_listener = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    QVERIFY(m_listener >= 0);
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    const QByteArray path = QFile::encodeName(m_socket);
    qstrncpy(addr.sun_path, path.constData(), sizeof(addr.sun_path));
    QVERIFY(::bind(m_listener, reinterpret_cast<sockaddr *>(&addr), sizeof(addr)) == 0);
    ::chmod(path.constData(), 0777);
    QVERIFY(::listen(m_listener, 64) == 0);

    m_manager = new ContainerManager(sandboxTestSettings(m_data), this);
}

void TestImageEscape::cleanupTestCase()
{
    delete m_manager;
    m_manager = nullptr;
    if (m_listener >= 0)
        ::close(m_listener);
    for (const QString &dir : {m_tmpDir, m_shmDir}) {
        if (!dir.isEmpty())
            QDir(dir).removeRecursively();
    }
}

// Each test starts with no connection queued and no file created by an earlier one.
void TestImageEscape::init()
{
    pendingConnections();
    const QString name = QString::fromLatin1("escaped-" + m_token);
    for (const QString &dir : {m_tmpDir, m_shmDir, u"/tmp"_s, u"/dev/shm"_s, m_dir.path()})
        QFile::remove(dir + u'/' + name);
}

// Connections a container made to the host socket (the kernel completes them in the listen queue).
int TestImageEscape::pendingConnections()
{
    int n = 0;
    int fd;
    while ((fd = ::accept4(m_listener, nullptr, nullptr, SOCK_CLOEXEC)) >= 0) {
        ::close(fd);
        ++n;
    }
    return n;
}

// Files named after the token on the host: what a container's commands created.
QStringList TestImageEscape::hostEscapes(const QString &workspaceParent)
{
    QStringList found;
    const QString name = QString::fromLatin1("escaped-" + m_token);
    for (const QString &dir : {m_tmpDir, m_shmDir, u"/tmp"_s, u"/dev/shm"_s, workspaceParent, m_dir.path()}) {
        if (QFileInfo::exists(dir + u'/' + name))
            found << dir + u'/' + name;
    }
    return found;
}

void TestImageEscape::hostileImage_data()
{
    QTest::addColumn<QList<Entry>>("entries");
    QTest::addColumn<bool>("ownShell");  // whether the image has a /bin/sh once its links stay inside it
    QTest::addColumn<bool>("etcIsRoot"); // whether the image's etc link names, inside the image, its root

    const QByteArray bb = busybox();
    QFile probeFile(QStringLiteral(ESCAPE_PROBE));
    QVERIFY(probeFile.open(QIODevice::ReadOnly));
    const QByteArray probe = probeFile.readAll();
    // Busybox and the probe in /opt, reachable wherever /bin leads.
    const QList<Entry> tools{dir("opt"), file("opt/busybox", bb, 0755), file("opt/escapeprobe", probe, 0755)};
    // A /bin of the image's own.
    QList<Entry> ownBin{dir("bin"), file("bin/busybox", bb, 0755)};
    for (const char *applet : {"sh", "cat", "touch", "ls", "echo", "head"})
        ownBin << slink(QByteArray("bin/") + applet, "busybox");

    QTest::newRow("issue: etc -> /, usr -> etc/usr, bin -> usr/bin")
        << (tools + QList<Entry>{slink("etc", "/"), slink("usr", "etc/usr"), slink("bin", "usr/bin"),
                                 slink("lib", "usr/lib"), slink("lib64", "usr/lib64")})
        << false << true;
    QTest::newRow("etc -> / with a /bin of its own")
        << (tools + ownBin +
            QList<Entry>{slink("etc", "/"), slink("usr", "etc/usr"), slink("lib", "usr/lib"),
                         slink("lib64", "usr/lib64"), slink("sbin", "usr/sbin")})
        << true << true;
    QTest::newRow("etc climbs out")
        << (tools + ownBin + QList<Entry>{slink("etc", "../../../../../../../../../../.."), dir("usr")})
        << true << true;
    QTest::newRow("etc through /proc's magic link")
        << (tools + ownBin + QList<Entry>{slink("etc", "/proc/self/root"), dir("usr")}) << true << false;
    QTest::newRow("usr -> /") << (tools + ownBin +
                                  QList<Entry>{dir("etc"), file("etc/os-release", "NAME=hostile\n"),
                                               slink("usr", "/")})
                              << true << false;
    QTest::newRow("links one level down")
        << (tools + ownBin +
            QList<Entry>{dir("etc"), slink("etc/ssl", "/etc/ssl"), slink("etc/hostroot", "/"),
                         slink("etc/up", "../../../../../../.."), slink("etc/shm", "/dev/shm"),
                         slink("etc/tmp", "/tmp"), slink("etc/proc", "/proc"), dir("etc/fonts"),
                         slink("etc/fonts/root", "/"), slink("srv", "/"), dir("usr"), slink("usr/host", "/")})
        << true << false;
}

void TestImageEscape::hostileImage()
{
    QFETCH(QList<Entry>, entries);
    QFETCH(bool, ownShell);
    QFETCH(bool, etcIsRoot);

    // Each row its own image (the row's name in it, so that no two share a stored tree).
    entries << file("row.txt", QTest::currentDataTag());
    const QByteArray layer = tarOf(entries);
    const QString archive = m_dir.path() + u"/hostile.tar"_s;
    QVERIFY(writeFile(archive, archiveOf(ociLayout({layer}))));
    ImageStore store(m_data);
    QString error;
    const QString name = u"hostile-"_s + QString::number(++m_images);
    const std::optional<ImageInfo> info = store.importPath(archive, name, &error);
    // The importer may take such links as they are or refuse them; either way they must not escape. The
    // engine side is what this tests, so the links must be in the stored tree.
    QVERIFY2(info, qPrintable(u"the importer refused the hostile image: "_s + error));

    Container *c = m_manager->create(&error);
    QVERIFY2(c, qPrintable(error));
    QVERIFY2(store.applyTo(c, name, &error), qPrintable(error));
    // The workspace's parent on the host, open to all for this test: only isolation keeps a file out of it.
    const QString workspaceParent = QFileInfo(c->homeDir()).absolutePath();
    QVERIFY(QDir().mkpath(workspaceParent));
    QVERIFY(::chmod(QFile::encodeName(workspaceParent).constData(), 0777) == 0);

    // Every place the hostile links suggest the host's root is, and the host paths below it.
    const QStringList roots{u""_s,          u"/etc"_s,     u"/etc/etc"_s, u"/etc/hostroot"_s,
                            u"/etc/up"_s,   u"/etc/ssl"_s, u"/usr"_s,     u"/usr/etc"_s,
                            u"/usr/host"_s, u"/srv"_s,     u"/bin/.."_s,  u"/etc/fonts/root"_s,
                            u"/opt/.."_s};
    const QString tmpName = QFileInfo(m_tmpDir).fileName();
    const QString shmName = QFileInfo(m_shmDir).fileName();
    QStringList canaries{u"/etc/tmp/"_s + tmpName + u"/canary.txt"_s,
                         u"/etc/shm/"_s + shmName + u"/canary.txt"_s};
    QStringList dirs{u"/etc/tmp"_s, u"/etc/shm"_s, u"/etc/tmp/"_s + tmpName, u"/etc/shm/"_s + shmName};
    QStringList sockets{u"/etc/tmp/"_s + tmpName + u"/host.sock"_s};
    const QString pid = QString::number(getpid());
    QStringList procs{u"/etc/proc/"_s + pid + u"/cmdline"_s};
    for (const QString &r : roots) {
        canaries << r + m_tmpDir + u"/canary.txt"_s << r + m_shmDir + u"/canary.txt"_s;
        dirs << r + m_tmpDir << r + m_shmDir << r + u"/tmp"_s << r + u"/dev/shm"_s << r + workspaceParent;
        sockets << r + m_socket;
        procs << r + u"/proc/"_s + pid + u"/cmdline"_s << r + u"/proc/"_s + pid + u"/environ"_s;
    }
    auto quoted = [](const QStringList &paths) {
        QStringList q;
        for (const QString &p : paths)
            q << u'\'' + p + u'\'';
        return q.join(u' ');
    };
    const QString created = QString::fromLatin1("escaped-" + m_token);
    ShellCall *call = c->run(shellAction(
        {u"for f in %1; do cat \"$f\"; done 2>/dev/null; echo read-done"_s.arg(quoted(canaries)),
         u"for d in %1; do touch \"$d/%2\"; done 2>/dev/null; echo create-done"_s.arg(quoted(dirs), created),
         u"/opt/escapeprobe connect %1; echo connect-done"_s.arg(quoted(sockets)),
         u"for f in %1; do cat \"$f\"; echo; done 2>/dev/null; echo proc-done"_s.arg(quoted(procs)),
         u"cat /proc/self/mountinfo"_s, u"cat /etc/row.txt 2>/dev/null || echo absent"_s},
        60000, 65536));
    QVERIFY2(waitForCall(call), "the shell call did not finish");
    const QList<CommandResult> r = call->results();
    QString all;
    for (const CommandResult &one : r)
        all += one.stdoutText + one.stderrText;

    // Nothing of the host's came out, nothing reached it.
    // (the test's own command line: its program's path, which no container path contains)
    const QString testName = QCoreApplication::applicationFilePath();
    QVERIFY2(!all.contains(QString::fromLatin1(m_token)), qPrintable(u"a host canary was read:\n"_s + all));
    QVERIFY2(!all.contains(testName), qPrintable(u"the host's /proc was read:\n"_s + all));
    QVERIFY2(!all.contains(u"connected"_s), qPrintable(u"a host socket was reached:\n"_s + all));
    QCOMPARE(pendingConnections(), 0);
    const QStringList escapes = hostEscapes(workspaceParent);
    QVERIFY2(escapes.isEmpty(), qPrintable(u"created on the host: "_s + escapes.join(u", "_s)));

    if (!ownShell) {
        // Its /bin leads, inside the image, round in a circle: no shell to run the commands with.
        QVERIFY2(all.contains(u"cannot run bash or sh: Too many levels of symbolic links"_s),
                 qPrintable(all));
        return;
    }
    // The commands did run, on the image's own busybox, and saw only the container's mounts writable.
    QVERIFY2(r.size() == 6, qPrintable(u"commands missing: "_s + call->errorString() + u"\n"_s + all));
    QVERIFY2(r[0].stdoutText.endsWith(u"read-done\n"_s), qPrintable(all));
    QVERIFY2(r[1].stdoutText.endsWith(u"create-done\n"_s), qPrintable(all));
    QVERIFY2(r[2].stdoutText.endsWith(u"connect-done\n"_s), qPrintable(all));
    QVERIFY2(r[3].stdoutText.endsWith(u"proc-done\n"_s), qPrintable(all));
    QCOMPARE(r[4].outcome, CommandOutcome::exit(0));
    const QStringList bad = writableForeignMounts(r[4].stdoutText);
    QVERIFY2(bad.isEmpty(), qPrintable(u"writable mounts:\n"_s + bad.join(u'\n')));
    // A link as etc means what it means inside the image: its root, or nothing where it names nothing there.
    QCOMPARE(r[5].stdoutText, etcIsRoot ? QString::fromUtf8(QTest::currentDataTag()) : u"absent\n"_s);
}

void TestImageEscape::etcLinkLoopRefused()
{
    // etc -> etc resolves nowhere, even inside the image: the container does not start, and says why.
    QList<Entry> entries{dir("bin"), file("bin/busybox", busybox(), 0755), slink("bin/sh", "busybox"),
                         slink("etc", "etc")};
    QVERIFY(writeFile(m_dir.path() + u"/loop.tar"_s, archiveOf(ociLayout({tarOf(entries)}))));
    ImageStore store(m_data);
    QString error;
    QVERIFY2(store.importPath(m_dir.path() + u"/loop.tar"_s, u"loop"_s, &error), qPrintable(error));
    Container *c = m_manager->create(&error);
    QVERIFY2(c && store.applyTo(c, u"loop"_s, &error), qPrintable(error));
    const QString said = failedStart(c, sandboxTestSettings(m_data));
    QVERIFY2(!said.contains(u"started"_s), qPrintable(said));
    const QString why = u"open the image's /etc, resolved inside the image (its links never lead out): "_s
                        u"Too many levels of symbolic links"_s;
    QVERIFY2(said.contains(why), qPrintable(said));
}

void TestImageEscape::oldKernelFailsClosed()
{
    // sandbench-init as on a kernel before 5.12 (no open_tree, mount_setattr, openat2).
    const QString dataDir = m_dir.path() + u"/oldkernel-data"_s;
    SandboxSettings settings = sandboxTestSettings(dataDir);
    settings.initPath = QStringLiteral(OLD_KERNEL_INIT);
    ContainerManager manager(settings);
    QString error;

    // The host's root: each directory bound without what is mounted below it, read-only.
    Container *host = manager.create(&error);
    QVERIFY2(host, qPrintable(error));
    RUN_CALL(call, host, shellAction({u"cat /proc/self/mountinfo"_s, u"ls /usr/bin/bash"_s}, 30000, 65536));
    QCOMPARE(call->results().size(), 2);
    const QStringList bad = writableForeignMounts(call->results().at(0).stdoutText);
    QVERIFY2(bad.isEmpty(), qPrintable(u"writable mounts:\n"_s + bad.join(u'\n')));
    QCOMPARE(call->results().at(1).outcome, CommandOutcome::exit(0));

    // With a host mount below /usr (as root), which this kernel could not make read-only: no start, and why.
    {
        HostSubmount sub;
        if (sub.mounted) {
            Container *c = manager.create(&error);
            QVERIFY2(c, qPrintable(error));
            const QString said = failedStart(c, settings);
            QVERIFY2(!said.contains(u"started"_s), qPrintable(said));
            QVERIFY2(
                said.contains(u"bind /usr read-only: it has mounts below it, which only Linux 5.12 or later "
                              u"(mount_setattr) can make read-only"_s),
                qPrintable(said));
        }
    }

    // An image: refused, saying what the kernel lacks.
    ImageStore store(dataDir);
    QVERIFY(writeFile(m_dir.path() + u"/bb.tar"_s, busyboxOciArchive()));
    QVERIFY2(store.importPath(m_dir.path() + u"/bb.tar"_s, u"bb"_s, &error), qPrintable(error));
    Container *c = manager.create(&error);
    QVERIFY2(c && store.applyTo(c, u"bb"_s, &error), qPrintable(error));
    const QString said = failedStart(c, settings);
    QVERIFY2(!said.contains(u"started"_s), qPrintable(said));
    QVERIFY2(said.contains(u"an image's root needs Linux 5.12 or later"_s), qPrintable(said));
    manager.stopAll();
}

void TestImageEscape::hostRootMountsReadOnly_data()
{
    QTest::addColumn<bool>("standby");
    QTest::newRow("started on demand") << false;
    QTest::newRow("from a standby") << true;
}

void TestImageEscape::hostRootMountsReadOnly()
{
    QFETCH(bool, standby);
    // A host mount below /usr (as root): the container shows it, read-only like /usr itself.
    HostSubmount sub;
    if (!sub.mounted)
        qInfo("not root: no extra mount below /usr; the host's own mounts are checked");
    const QString dataDir = m_dir.path() + (standby ? u"/standby-data"_s : u"/host-data"_s);
    ContainerManager manager(sandboxTestSettings(dataDir));
    if (standby) {
        manager.setPrewarm(true);
        QTest::qWait(200);
    }
    QString error;
    Container *c = manager.create(&error);
    QVERIFY2(c, qPrintable(error));
    QStringList commands{u"cat /proc/self/mountinfo"_s};
    if (sub.mounted)
        commands << u"touch %1/written; ls %1"_s.arg(sub.path);
    RUN_CALL(call, c, shellAction(commands, 30000, 65536));
    QFile cmdline(u"/proc/%1/cmdline"_s.arg(c->initPid()));
    QVERIFY(cmdline.open(QIODevice::ReadOnly));
    QCOMPARE(cmdline.readAll().contains("--standby"), standby); // the launcher this row means
    const QList<CommandResult> r = call->results();
    QCOMPARE(r.size(), commands.size());
    QCOMPARE(r[0].outcome, CommandOutcome::exit(0));
    const QStringList bad = writableForeignMounts(r[0].stdoutText);
    QVERIFY2(bad.isEmpty(), qPrintable(u"writable mounts:\n"_s + bad.join(u'\n')));
    if (sub.mounted) {
        QVERIFY2(r[0].stdoutText.contains(u' ' + sub.path + u' '), qPrintable(r[0].stdoutText));
        QVERIFY2(r[1].stderrText.contains(u"Read-only file system"_s), qPrintable(r[1].stderrText));
        QVERIFY(!QFileInfo::exists(sub.path + u"/written"_s));
    }
    manager.stopAll();
}

QTEST_GUILESS_MAIN(TestImageEscape)
#include "test_imageescape.moc"
