// SPDX-License-Identifier: GPL-3.0-or-later
// `sandbench images import|build|list|inspect|rm` and `exec --image`, run as a user would.
#include "config-sandbench-tests.h"
#include "sandbox/ocitestutil.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

class TestImagesCli : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void help();
    void importListInspect();
    void execOnImage();
    void workspaceImage();
    void rmRefusedWhileInUse();
    void badInput_data();
    void badInput();
    void mirrorMustBeAUrl_data();
    void mirrorMustBeAUrl();
    void controlCharactersEscaped();

private:
    struct Run
    {
        int code = -1;
        QByteArray out;
        QByteArray err;
        QJsonObject json() const { return QJsonDocument::fromJson(out).object(); }
    };
    Run run(const QStringList &args);

    QTemporaryDir m_dir;
    QString m_archive;
    QString m_container;
};

TestImagesCli::Run TestImagesCli::run(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(SANDBENCH_BIN_DIR "/sandbench"),
            QStringList{u"--data-dir"_s, m_dir.path()} + args); // before "--" and the commands
    Run r;
    if (!p.waitForFinished(120000))
        return r;
    r.code = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

void TestImagesCli::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY2(!OciTest::busybox().isEmpty(), "/bin/busybox is missing: apt-get install busybox-static");
    m_archive = m_dir.path() + u"/bb-oci.tar"_s;
    QVERIFY(OciTest::writeFile(m_archive, OciTest::busyboxOciArchive()));
}

void TestImagesCli::help()
{
    const Run r = run({u"images"_s, u"--help"_s});
    QCOMPARE(r.code, 0);
    for (const char *word : {"import PATH --name NAME", "build NAME", "--packages", "inspect", "rm",
                             "Examples:", "docker save", "oci-archive"})
        QVERIFY2(r.out.contains(word), word);
    // Only Sandbench's own usage: not Qt's generic one ("Usage: sandbench images [options] args") after it.
    QCOMPARE(r.out.count("Usage:"), 1);
    QVERIFY2(!r.out.contains("[options]") && !r.out.contains("--help-all") && !r.out.contains("Arguments:"),
             r.out.constData());
    QVERIFY(r.out.contains("--mirror <url>")); // the options are still listed
    QVERIFY(run({u"--help"_s}).out.contains("images import PATH"));
}

void TestImagesCli::importListInspect()
{
    Run r = run({u"images"_s, u"import"_s, m_archive, u"--name"_s, u"bb"_s, u"--json"_s});
    QVERIFY2(r.code == 0, r.err.constData());
    const QJsonObject imported = r.json();
    QCOMPARE(imported.value(u"name"_s).toString(), u"bb"_s);
    QCOMPARE(imported.value(u"os"_s).toString(), u"Busybox test image 1.0"_s);
    QCOMPARE(imported.value(u"python"_s).toString(), QString());
    QCOMPARE(imported.value(u"layers"_s).toInt(), 2);
    QVERIFY(imported.value(u"id"_s).toString().startsWith(u"sha256:"_s));
    QVERIFY(imported.value(u"size_bytes"_s).toInteger() > 1000000);

    r = run({u"images"_s, u"list"_s});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains("bb ") && r.out.contains("no python3") &&
                 r.out.contains("Busybox test image 1.0"),
             r.out.constData());
    r = run({u"images"_s, u"list"_s, u"--json"_s});
    QCOMPARE(r.json().value(u"images"_s).toArray().size(), 1);

    r = run({u"images"_s, u"inspect"_s, u"bb"_s});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains("none: Python code calls and the text editor cannot run here"),
             r.out.constData());
    QVERIFY(r.out.contains("sh (no bash)"));
    QVERIFY(r.out.contains("used by:   no container"));
    r = run({u"images"_s, u"inspect"_s, imported.value(u"id"_s).toString().mid(7, 12), u"--json"_s});
    QCOMPARE(r.code, 0);
    QCOMPARE(r.json().value(u"name"_s).toString(), u"bb"_s);
    QCOMPARE(r.json().value(u"containers"_s).toArray().size(), 0);
}

void TestImagesCli::execOnImage()
{
    Run r = run({u"exec"_s, u"--session"_s, u"imgcli"_s, u"--image"_s, u"bb"_s, u"--"_s, u"ls /usr/bin"_s,
                 u"cat /etc/secret.txt"_s});
    QVERIFY2(r.code == 0, r.err.constData());
    const QJsonArray output = r.json().value(u"output"_s).toArray();
    QCOMPARE(output.size(), 2);
    const QString bin = output.at(0).toObject().value(u"stdout"_s).toString();
    QVERIFY2(bin.contains(u"busybox"_s) && !bin.contains(u"python3"_s), qPrintable(bin));
    QVERIFY(output.at(1).toObject().value(u"stderr"_s).toString().contains(u"No such file"_s));
    m_container = r.json().value(u"container_id"_s).toString();
    // The session's container keeps its image; asking for the host's is refused clearly.
    r = run({u"exec"_s, u"--session"_s, u"imgcli"_s, u"--"_s, u"ls /usr/bin/busybox"_s});
    QVERIFY2(r.code == 0, r.err.constData());
    QCOMPARE(r.json().value(u"container_id"_s).toString(), m_container);
    r = run({u"exec"_s, u"--session"_s, u"imgcli"_s, u"--image"_s, u"nope"_s, u"--"_s, u"true"_s});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains("no image \"nope\""), r.err.constData());
}

void TestImagesCli::workspaceImage()
{
    Run r = run({u"workspaces"_s, u"set"_s, u"image"_s, u"bb"_s, u"--workspace"_s, u"imgws"_s});
    QVERIFY2(r.code == 0, r.err.constData());
    r = run({u"exec"_s, u"--workspace"_s, u"imgws"_s, u"--"_s, u"cat /etc/os-release"_s});
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY2(r.out.contains("Busybox test image 1.0"), r.out.constData());
    r = run({u"workspaces"_s, u"set"_s, u"image"_s, u"../x"_s, u"--workspace"_s, u"imgws"_s});
    QCOMPARE(r.code, 2);
}

void TestImagesCli::rmRefusedWhileInUse()
{
    Run r = run({u"images"_s, u"rm"_s, u"bb"_s});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("in use") && r.err.contains(m_container.toUtf8()), r.err.constData());
    r = run({u"images"_s, u"inspect"_s, u"bb"_s, u"--json"_s});
    QVERIFY(r.json().value(u"containers"_s).toArray().size() >= 1);
    // Remove the containers on it (both workspaces), then the image.
    QCOMPARE(run({u"containers"_s, u"rm"_s, m_container}).code, 0);
    for (const QJsonValue &v : r.json().value(u"containers"_s).toArray()) {
        const QStringList parts = v.toString().split(u'/');
        run({u"containers"_s, u"rm"_s, parts.at(1), u"--workspace"_s, parts.at(0)});
    }
    r = run({u"images"_s, u"rm"_s, u"bb"_s});
    QVERIFY2(r.code == 0, r.err.constData());
    QCOMPARE(run({u"images"_s, u"list"_s, u"--json"_s}).json().value(u"images"_s).toArray().size(), 0);
    r = run({u"images"_s, u"rm"_s, u"bb"_s});
    QCOMPARE(r.code, 1);
    QVERIFY(r.err.contains("no image"));
}

void TestImagesCli::badInput_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    QTest::addColumn<QByteArray>("mustSay");
    QTest::newRow("no action") << QStringList{u"images"_s} << 2 << QByteArray("missing action");
    QTest::newRow("unknown action") << QStringList{u"images"_s, u"pull"_s} << 2
                                    << QByteArray("unknown action");
    QTest::newRow("import without name")
        << QStringList{u"images"_s, u"import"_s, u"/tmp"_s} << 2 << QByteArray("--name");
    QTest::newRow("bad name") << QStringList{u"images"_s, u"import"_s, u"/tmp"_s, u"--name"_s, u"a/b"_s} << 2
                              << QByteArray("invalid --name");
    QTest::newRow("missing file") << QStringList{u"images"_s, u"import"_s, u"/nonexistent.tar"_s, u"--name"_s,
                                                 u"x"_s}
                                  << 1 << QByteArray("does not exist");
    QTest::newRow("bad packages") << QStringList{u"images"_s, u"build"_s, u"x"_s, u"--packages"_s,
                                                 u"python3;rm -rf"_s}
                                  << 2 << QByteArray("not a Debian package name");
    QTest::newRow("inspect unknown") << QStringList{u"images"_s, u"inspect"_s, u"ghost"_s} << 1
                                     << QByteArray("no image");
}

void TestImagesCli::badInput()
{
    QFETCH(QStringList, args);
    QFETCH(int, code);
    QFETCH(QByteArray, mustSay);
    const Run r = run(args);
    QCOMPARE(r.code, code);
    QVERIFY2(r.err.contains(mustSay), r.err.constData());
}

void TestImagesCli::mirrorMustBeAUrl_data()
{
    // Each would reach mmdebstrap's command line; the first two as options it runs as host commands.
    QTest::addColumn<QString>("mirror");
    const QString marker = m_dir.path() + u"/hook-ran"_s;
    QTest::newRow("an option") << u"--setup-hook=touch "_s + marker;
    QTest::newRow("an option, short") << u"-v"_s;
    QTest::newRow("a URL and an option") << u"http://deb.debian.org/debian --setup-hook=touch "_s + marker;
    QTest::newRow("a sources.list line") << u"deb http://deb.debian.org/debian bookworm main"_s;
    QTest::newRow("a path") << u"/etc/apt/sources.list"_s;
    QTest::newRow("stdin") << u"-"_s;
    QTest::newRow("another scheme") << u"ftp://deb.debian.org/debian"_s;
    QTest::newRow("no host") << u"http:///debian"_s;
    QTest::newRow("a control character") << u"http://deb.debian.org/\x1b[2Jdebian"_s;
}

void TestImagesCli::mirrorMustBeAUrl()
{
    QFETCH(QString, mirror);
    for (const QStringList &form :
         {QStringList{u"--mirror"_s, mirror}, QStringList{u"--mirror="_s + mirror}}) {
        const Run r =
            run(QStringList{u"images"_s, u"build"_s, u"mirrored"_s, u"--packages"_s, u"python3"_s} + form);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("--mirror: ") && r.err.contains("http://, https:// or file:// URL"),
                 r.err.constData());
        QVERIFY2(!r.err.contains('\x1b'), r.err.constData());
        QVERIFY(!r.err.contains("mmdebstrap"));
    }
    QVERIFY(!QFileInfo::exists(m_dir.path() + u"/hook-ran"_s));
    QVERIFY(run({u"images"_s, u"inspect"_s, u"mirrored"_s}).code != 0);
}

void TestImagesCli::controlCharactersEscaped()
{
    // An image whose os-release and entry names carry terminal escapes (a title change, a screen clear, a
    // carriage return): printed escaped by images list, inspect and the import's error.
    const QByteArray evil = "Debian\x1b]0;owned\x07\x1b[2J\rGNU/Linux";
    const QString good = m_dir.path() + u"/evil-os.tar"_s;
    QVERIFY(OciTest::writeFile(
        good, OciTest::tarOf(
                  {OciTest::dir("etc"), OciTest::file("etc/os-release", "PRETTY_NAME=\"" + evil + "\"\n")})));
    Run r = run({u"images"_s, u"import"_s, good, u"--name"_s, u"evil-os"_s});
    QVERIFY2(r.code == 0, r.err.constData());
    for (const QString &action : {u"list"_s, u"inspect"_s}) {
        r = run(action == u"list" ? QStringList{u"images"_s, u"list"_s}
                                  : QStringList{u"images"_s, u"inspect"_s, u"evil-os"_s});
        QCOMPARE(r.code, 0);
        QVERIFY2(!r.out.contains('\x1b') && !r.out.contains('\x07') && !r.out.contains('\r'),
                 r.out.constData());
        QVERIFY2(r.out.contains("Debian\\x1b]0;owned\\a\\x1b[2J\\rGNU/Linux"), r.out.constData());
    }
    // JSON keeps the text as it is (JSON escapes it itself).
    r = run({u"images"_s, u"inspect"_s, u"evil-os"_s, u"--json"_s});
    QCOMPARE(r.json().value(u"os"_s).toString(), QString::fromUtf8(evil));
    QVERIFY(run({u"images"_s, u"rm"_s, u"evil-os"_s}).code == 0);

    // An entry name with escapes in an import error.
    const QString bad = m_dir.path() + u"/evil-entry.tar"_s;
    QVERIFY(
        OciTest::writeFile(bad, OciTest::tarOf({OciTest::file("/\x1b[31mred\nsandbench: imported", "x")})));
    r = run({u"images"_s, u"import"_s, bad, u"--name"_s, u"evil-entry"_s});
    QCOMPARE(r.code, 1);
    QVERIFY2(!r.err.contains('\x1b') && r.err.count('\n') == 1, r.err.constData());
    QVERIFY2(r.err.contains("\"/\\x1b[31mred\\nsandbench: imported\" has an absolute path"),
             r.err.constData());
}

QTEST_GUILESS_MAIN(TestImagesCli)
#include "test_imagescli.moc"
