// SPDX-License-Identifier: GPL-3.0-or-later
#include "config-sandbench-tests.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include "../sandbox/sandboxtestutil.h"
#include "sandbox/initprocess.h"
#include "sandbox/sandboxsettings.h"

#include <csignal>
#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

// bin/sandbench is a front of plain C (app/front.c) that execve()s bin/sandbench-cli, for `exec` after it
// has started the container's launcher. Here: what it passes through and what it starts, with stand-ins for
// the CLI and for sandbench-init beside a copy of it, and the real CLI adopting or releasing what it got.
class TestFront final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void passesEverythingThrough();
    void diesOfTheCliSignal();
    void startsTheLauncherForExecOnly_data();
    void startsTheLauncherForExecOnly();
    void launcherArgumentsAreTheCliOwn();
    void refusesWorkspaceNamesItCannotJudge();
    void misfitOrDeadLauncherIsReleased_data();
    void misfitOrDeadLauncherIsReleased();
    void bogusVariableIsIgnored();
    void badInputLeavesNoLauncher();
    void libgit2LoadsNoCaBundle();
    void libarchiveOnlyForImages();
    void libgit2OnlyForHistory();

private:
    struct Run
    {
        int exitCode = -1;
        bool crashed = false;
        QByteArray out;
        QByteArray err;
    };
    // A directory with a copy of the front, `cli` as its sandbench-cli and `init` as its sandbench-init.
    QString makeBin(const QByteArray &cli, const QByteArray &init);
    static Run run(const QString &program, const QStringList &args, const QProcessEnvironment &env = {});
    static QProcessEnvironment envWith(const QString &key, const QString &value);

    QTemporaryDir m_tmp;
    int m_bins = 0;
};

namespace {

bool writeExecutable(const QString &path, const QByteArray &text)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size())
        return false;
    f.close();
    return ::chmod(QFile::encodeName(path).constData(), 0755) == 0;
}

// A stand-in CLI: prints its arguments one a line, what it was told about a launcher and whether that
// descriptor is a socket, then exits with $FRONT_TEST_EXIT.
const QByteArray kEchoCli = "#!/bin/sh\n"
                            "for a in \"$@\"; do printf 'arg:%s\\n' \"$a\"; done\n"
                            "printf 'launcher:%s\\n' \"$SANDBENCH_FRONT_LAUNCHER\"\n"
                            "fd=$(printf '%s' \"$SANDBENCH_FRONT_LAUNCHER\" | cut -d: -f2)\n"
                            "[ -n \"$fd\" ] && [ -S /proc/self/fd/$fd ] && echo socket:yes\n"
                            "exit ${FRONT_TEST_EXIT:-0}\n";

// A stand-in launcher: records its arguments and lives until its control socket (fd 3) closes.
const QByteArray kRecordingInit = "#!/bin/sh\n"
                                  "printf '%s\\n' \"$@\" > \"$(dirname \"$0\")/init-args\"\n"
                                  "echo $$ > \"$(dirname \"$0\")/init-pid\"\n"
                                  "exec cat <&3 >/dev/null\n";

QStringList lines(const QByteArray &out, const QByteArray &prefix)
{
    QStringList found;
    for (const QByteArray &line : out.split('\n')) {
        if (line.startsWith(prefix))
            found << QString::fromUtf8(line.mid(prefix.size()));
    }
    return found;
}

bool alive(pid_t pid)
{
    // A zombie counts as gone: the kernel has ended it, only its parent has not collected it.
    QFile stat(u"/proc/%1/stat"_s.arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return false;
    const QByteArray s = stat.readAll();
    const qsizetype close = s.lastIndexOf(')');
    return close > 0 && s.size() > close + 2 && s.at(close + 2) != 'Z';
}

} // namespace

void TestFront::initTestCase()
{
    QVERIFY(m_tmp.isValid());
    QVERIFY(QFileInfo(QStringLiteral(SANDBENCH_BIN_DIR "/sandbench")).isExecutable());
    QVERIFY(QFileInfo(QStringLiteral(SANDBENCH_BIN_DIR "/sandbench-cli")).isExecutable());
}

QString TestFront::makeBin(const QByteArray &cli, const QByteArray &init)
{
    const QString dir = m_tmp.path() + u"/bin%1"_s.arg(++m_bins);
    if (!QDir().mkpath(dir) ||
        !QFile::copy(QStringLiteral(SANDBENCH_BIN_DIR "/sandbench"), dir + u"/sandbench"_s))
        return {};
    const bool cliOk = cli.startsWith("->")
                           ? QFile::link(QString::fromUtf8(cli.mid(2)), dir + u"/sandbench-cli"_s)
                           : writeExecutable(dir + u"/sandbench-cli"_s, cli);
    if (!cliOk || (!init.isEmpty() && !writeExecutable(dir + u"/sandbench-init"_s, init)))
        return {};
    return dir;
}

TestFront::Run TestFront::run(const QString &program, const QStringList &args,
                              const QProcessEnvironment &extra)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const QString &key : extra.keys())
        env.insert(key, extra.value(key));
    p.setProcessEnvironment(env);
    p.start(program, args);
    Run r;
    if (!p.waitForFinished(120000)) {
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.crashed = p.exitStatus() != QProcess::NormalExit;
    r.exitCode = r.crashed ? -1 : p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

QProcessEnvironment TestFront::envWith(const QString &key, const QString &value)
{
    QProcessEnvironment env;
    env.insert(key, value);
    return env;
}

void TestFront::passesEverythingThrough()
{
    const QString bin = makeBin(kEchoCli, kRecordingInit);
    QVERIFY(!bin.isEmpty());
    // Arguments verbatim (spaces, empty, "--", non-ASCII), the exit code, stdout; a launcher named by whoever
    // ran us is never passed on.
    QProcessEnvironment env = envWith(u"FRONT_TEST_EXIT"_s, u"7"_s);
    env.insert(u"SANDBENCH_FRONT_LAUNCHER"_s, u"1:3:/etc/passwd"_s);
    const QStringList args{u"containers"_s, u"list"_s, u"a b"_s, QString(), u"--"_s, u"ü"_s};
    const Run r = run(bin + u"/sandbench"_s, args, env);
    QCOMPARE(r.exitCode, 7);
    QCOMPARE(lines(r.out, "arg:"), args);
    QCOMPARE(lines(r.out, "launcher:"), QStringList{QString()});
    QVERIFY(!QFile::exists(bin + u"/init-args"_s));

    // No CLI beside it: a clear error and exit 1.
    QVERIFY(QFile::remove(bin + u"/sandbench-cli"_s));
    const Run missing = run(bin + u"/sandbench"_s, {u"--version"_s});
    QCOMPARE(missing.exitCode, 1);
    QVERIFY2(missing.err.contains("sandbench-cli"), missing.err.constData());
}

void TestFront::diesOfTheCliSignal()
{
    // The CLI runs in the front's own process: a signal to the pid we started reaches it.
    const QString bin = makeBin("#!/bin/sh\necho started\nexec sleep 30\n", {});
    QVERIFY(!bin.isEmpty());
    QProcess p;
    p.start(bin + u"/sandbench"_s, {u"doctor"_s});
    QVERIFY(p.waitForReadyRead(20000));
    ::kill(pid_t(p.processId()), SIGTERM);
    QVERIFY(p.waitForFinished(20000));
    QCOMPARE(p.exitStatus(), QProcess::CrashExit);
}

void TestFront::startsTheLauncherForExecOnly_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<bool>("starts");
    QTest::newRow("exec") << QStringList{u"exec"_s, u"--"_s, u"true"_s} << true;
    QTest::newRow("globals first") << QStringList{u"--workspace"_s, u"w1"_s, u"exec"_s, u"--"_s, u"true"_s}
                                   << true;
    QTest::newRow("exec --help") << QStringList{u"exec"_s, u"--help"_s} << false;
    QTest::newRow("exec --image") << QStringList{u"exec"_s, u"--image"_s, u"sci"_s, u"--"_s, u"true"_s}
                                  << false;
    QTest::newRow("exec after --") << QStringList{u"--"_s, u"exec"_s} << false;
    QTest::newRow("containers") << QStringList{u"containers"_s, u"list"_s} << false;
    QTest::newRow("an option's value") << QStringList{u"--data-dir"_s, u"exec"_s, u"doctor"_s} << false;
}

void TestFront::startsTheLauncherForExecOnly()
{
    QFETCH(QStringList, args);
    QFETCH(bool, starts);
    const QString bin = makeBin(kEchoCli, kRecordingInit);
    QVERIFY(!bin.isEmpty());
    QTemporaryDir data;
    const Run r = run(bin + u"/sandbench"_s, args, envWith(u"SANDBENCH_DATA_DIR"_s, data.path()));
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(lines(r.out, "arg:"), args);
    const QStringList named = lines(r.out, "launcher:");
    QCOMPARE(named.size(), 1);
    if (!starts) {
        QCOMPARE(named.constFirst(), QString());
        QVERIFY(!QFile::exists(bin + u"/init-args"_s));
        QCOMPARE(QDir(data.path()).entryList(QDir::NoDotAndDotDot | QDir::AllEntries), QStringList());
        return;
    }
    // PID:FD:LOG, the descriptor a socket, the log in the workspace's containers directory.
    const QStringList parts = named.constFirst().split(u':');
    QCOMPARE(parts.size(), 3);
    QVERIFY(lines(r.out, "socket:").contains(u"yes"_s));
    const QString ws = args.contains(u"w1"_s) ? u"w1"_s : u"default"_s;
    const QFileInfo log(parts.at(2));
    QCOMPARE(log.absolutePath(), data.path() + u"/workspaces/"_s + ws + u"/containers"_s);
    QVERIFY(log.fileName().startsWith(u".standby-"_s));
    QVERIFY(log.isFile());
    // The containers directory is private, as DataDir would have made it.
    QCOMPARE(QFileInfo(log.absolutePath()).permissions() & (QFile::ReadGroup | QFile::ReadOther),
             QFileDevice::Permissions());
    // It got the launcher's pid, and the launcher ends once the CLI has exited (its control socket closed).
    QTRY_VERIFY(QFile::exists(bin + u"/init-pid"_s));
    QFile pidFile(bin + u"/init-pid"_s);
    QVERIFY(pidFile.open(QIODevice::ReadOnly));
    const pid_t pid = pid_t(pidFile.readAll().trimmed().toInt());
    QCOMPARE(QString::number(pid), parts.at(0));
    QTRY_VERIFY_WITH_TIMEOUT(!alive(pid), 10000);
}

void TestFront::launcherArgumentsAreTheCliOwn()
{
    // What the front starts is what InitSpawner::spawnStandby would start for the same data dir, or the CLI
    // would release it (slower, never wrong); this pins the two together.
    const QString bin = makeBin(kEchoCli, kRecordingInit);
    QVERIFY(!bin.isEmpty());
    QTemporaryDir data;
    const Run r = run(bin + u"/sandbench"_s, {u"exec"_s, u"--data-dir"_s, data.path(), u"--"_s, u"true"_s});
    QCOMPARE(r.exitCode, 0);
    QTRY_VERIFY(QFile::exists(bin + u"/init-pid"_s));
    QFile f(bin + u"/init-args"_s);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QByteArrayList actual = f.readAll().split('\n');
    if (!actual.isEmpty() && actual.constLast().isEmpty())
        actual.removeLast();
    QByteArrayList expected{"--standby"};
    expected << InitSpawner::commonArguments(SandboxSettings::forDataDir(data.path()));
    QCOMPARE(actual, expected);
}

void TestFront::refusesWorkspaceNamesItCannotJudge()
{
    // A workspace name that is not a plain name: the front makes no directory for it and starts nothing;
    // the CLI judges the name.
    const QString bin = makeBin(kEchoCli, kRecordingInit);
    QVERIFY(!bin.isEmpty());
    QTemporaryDir data;
    for (const QString &ws : {u"../escape"_s, u"a/b"_s, u".hidden"_s, QString(100, u'x')}) {
        const Run r = run(bin + u"/sandbench"_s, {u"exec"_s, u"--workspace"_s, ws, u"--"_s, u"true"_s},
                          envWith(u"SANDBENCH_DATA_DIR"_s, data.path() + u"/d"_s));
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(lines(r.out, "launcher:"), QStringList{QString()});
    }
    QCOMPARE(QDir(data.path()).entryList(QDir::NoDotAndDotDot | QDir::AllEntries), QStringList());
    QVERIFY(!QFile::exists(bin + u"/init-args"_s));
}

void TestFront::misfitOrDeadLauncherIsReleased_data()
{
    QTest::addColumn<QByteArray>("init");
    QTest::addColumn<bool>("warns");
    // A launcher started with other limits than the CLI's settings give.
    QTest::newRow("other limits") << QByteArray("#!/bin/sh\nexec " SANDBENCH_BIN_DIR
                                                "/sandbench-init \"$@\" --pids 77\n")
                                  << true;
    // One that is gone before the CLI looks.
    QTest::newRow("dead") << QByteArray("#!/bin/sh\nexit 0\n") << false;
}

void TestFront::misfitOrDeadLauncherIsReleased()
{
    // The real CLI behind a copy of the front whose "sandbench-init" is not the CLI's: it releases that
    // launcher and runs the command in one of its own; nothing is left running and no standby log is left.
    QFETCH(QByteArray, init);
    QFETCH(bool, warns);
    const QString bin = makeBin("->" SANDBENCH_BIN_DIR "/sandbench-cli", init);
    QVERIFY(!bin.isEmpty());
    QTemporaryDir data;
    const Run r =
        run(bin + u"/sandbench"_s, {u"exec"_s, u"--data-dir"_s, data.path(), u"--"_s, u"echo ran; exit 4"_s});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    // A launcher that exits at once may still be running its script when the CLI looks (a loaded machine):
    // then it is a misfit and says so, which is true too. Only a misfit that stays must always warn.
    if (warns)
        QVERIFY2(r.err.contains("does not fit these settings"), r.err.constData());
    const QJsonObject item = QJsonDocument::fromJson(r.out).object();
    const QJsonObject first = item.value(u"output"_s).toArray().at(0).toObject();
    QCOMPARE(first.value(u"stdout"_s).toString(), u"ran\n"_s);
    QCOMPARE(first.value(u"outcome"_s).toObject().value(u"exit_code"_s).toInt(), 4);
    QTRY_VERIFY_WITH_TIMEOUT(processesWithFilesIn(data.path()).isEmpty(), 10000);
    const QString containers = data.path() + u"/workspaces/default/containers"_s;
    QCOMPARE(QDir(containers).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
             QStringList{item.value(u"container_id"_s).toString()});
}

void TestFront::bogusVariableIsIgnored()
{
    // The CLI run directly with a variable naming something that is no launcher of its own: not a socket,
    // not a number, a pid that is not its child. The command runs as if it were not there.
    QTemporaryDir data;
    for (const QString &value : {u"1:0:/tmp/x"_s, u"x:y:z"_s, u"1"_s, u"%1:3:/tmp/x"_s.arg(getpid())}) {
        const Run r = run(u"/bin/sh"_s,
                          {u"-c"_s, u"exec 3</dev/null; exec \"$0\" exec --data-dir \"$1\" -- 'echo ok'"_s,
                           QStringLiteral(SANDBENCH_BIN_DIR "/sandbench-cli"), data.path()},
                          envWith(u"SANDBENCH_FRONT_LAUNCHER"_s, value));
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(r.out.contains("\"stdout\": \"ok\\n\""));
        QVERIFY(!r.err.contains("does not fit"));
    }
}

void TestFront::badInputLeavesNoLauncher()
{
    // The front starts the launcher before the CLI has judged the arguments; exec refused for bad input
    // leaves neither it nor its log behind.
    QTemporaryDir data;
    const Run r =
        run(QStringLiteral(SANDBENCH_BIN_DIR "/sandbench"),
            {u"exec"_s, u"--data-dir"_s, data.path(), u"--timeout-ms"_s, u"soon"_s, u"--"_s, u"true"_s});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("--timeout-ms must be an integer"), r.err.constData());
    const QString containers = data.path() + u"/workspaces/default/containers"_s;
    QVERIFY(QFileInfo(containers).isDir()); // the front made it, or the check below would prove nothing
    QCOMPARE(QDir(containers).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
             QStringList());
    QTRY_VERIFY_WITH_TIMEOUT(processesWithFilesIn(data.path()).isEmpty(), 10000);
}

void TestFront::libgit2LoadsNoCaBundle()
{
    // app/nocabundle.cpp: libgit2's load of the system's CA bundle at git_libgit2_init binds to the CLI's
    // own definition (a real exec, whose history starts libgit2), and the call's entry is still saved.
    QTemporaryDir data;
    const Run r = run(QStringLiteral(SANDBENCH_BIN_DIR "/sandbench-cli"),
                      {u"exec"_s, u"--data-dir"_s, data.path(), u"--"_s, u"echo x > f"_s},
                      envWith(u"LD_DEBUG"_s, u"bindings"_s));
    QVERIFY2(r.exitCode == 0, r.err.right(2000).constData());
    bool boundHere = false;
    for (const QByteArray &line : r.err.split('\n')) {
        if (line.contains("libgit2") && line.contains("`mbedtls_x509_crt_parse_file'"))
            boundHere = boundHere || line.contains("sandbench-cli [0]");
        QVERIFY2(!(line.contains("libgit2") && line.contains("`mbedtls_x509_crt_parse_file'") &&
                   line.contains("to /") && line.contains("libmbedx509")),
                 line.constData());
    }
    QVERIFY2(boundHere, "libgit2 never asked for the CA bundle: the check would prove nothing");
    const QString id = QJsonDocument::fromJson(r.out).object().value(u"container_id"_s).toString();
    const Run history = run(QStringLiteral(SANDBENCH_BIN_DIR "/sandbench"),
                            {u"containers"_s, u"history"_s, id, u"--data-dir"_s, data.path(), u"--json"_s});
    QVERIFY2(history.exitCode == 0, history.err.constData());
    QCOMPARE(QJsonDocument::fromJson(history.out).array().size(), 1);
}

void TestFront::libarchiveOnlyForImages()
{
    // engine/sandbox/images/lazyarchive.h: a command that reads no image does not load libarchive (nor its
    // libraries); one that does loads it on first use, and libarchive's own verdict reaches the user.
    QTemporaryDir data;
    const QString cli = QStringLiteral(SANDBENCH_BIN_DIR "/sandbench-cli");
    const Run exec = run(cli, {u"exec"_s, u"--data-dir"_s, data.path(), u"--"_s, u"true"_s},
                         envWith(u"LD_DEBUG"_s, u"libs"_s));
    QVERIFY2(exec.exitCode == 0, exec.err.right(2000).constData());
    QVERIFY2(exec.err.contains("libQt6Core"), "LD_DEBUG output missing; the check would prove nothing");
    QVERIFY(!exec.err.contains("libarchive.so"));
    QVERIFY(!exec.err.contains("libxml2"));

    const QString notTar = data.path() + u"/not-a.tar"_s;
    QVERIFY(writeExecutable(notTar, "plain text, not an archive\n"));
    const Run import =
        run(cli, {u"images"_s, u"import"_s, notTar, u"--name"_s, u"x"_s, u"--data-dir"_s, data.path()},
            envWith(u"LD_DEBUG"_s, u"libs"_s));
    QCOMPARE(import.exitCode, 1);
    QVERIFY(import.err.contains("calling init: ") && import.err.contains("libarchive.so"));
    QVERIFY2(import.err.contains("is not a readable tar archive: Unrecognized archive format"),
             import.err.right(500).constData());
}

void TestFront::libgit2OnlyForHistory()
{
    // engine/sandbox/history/lazygit.h: a command that reads no history loads neither libgit2 nor libcrypto
    // (nor their libraries) at start; exec loads both on first use, with dlopen, and still saves its entry.
    QTemporaryDir data;
    const QString cli = QStringLiteral(SANDBENCH_BIN_DIR "/sandbench-cli");
    const Run list = run(cli, {u"containers"_s, u"list"_s, u"--data-dir"_s, data.path()},
                         envWith(u"LD_DEBUG"_s, u"files"_s));
    QVERIFY2(list.exitCode == 0, list.err.right(2000).constData());
    QVERIFY2(list.err.contains("libQt6Core"), "LD_DEBUG output missing; the check would prove nothing");
    for (const char *library : {"libgit2.so", "libcrypto.so", "libmbedtls", "libssh2", "libhttp_parser"})
        QVERIFY2(!list.err.contains(library), library);

    const Run exec = run(cli, {u"exec"_s, u"--data-dir"_s, data.path(), u"--"_s, u"echo x > f"_s},
                         envWith(u"LD_DEBUG"_s, u"files"_s));
    QVERIFY2(exec.exitCode == 0, exec.err.right(2000).constData());
    QVERIFY2(exec.err.contains("file=libQt6Core.so.6 [0];  needed by"), "LD_DEBUG output missing");
    bool gitOpened = false;
    for (const QByteArray &line : exec.err.split('\n')) {
        // A library linked at start is "needed by" the executable; a dlopen()ed one is "dynamically loaded"
        // (libcrypto comes with it, needed by libgit2's libssh2, or by the table's own dlopen).
        if (line.contains("file=libgit2.so") || line.contains("file=libcrypto.so"))
            QVERIFY2(!line.contains("needed by " SANDBENCH_BIN_DIR), line.constData());
        gitOpened = gitOpened || (line.contains("file=libgit2.so") && line.contains("dynamically loaded by"));
    }
    QVERIFY2(gitOpened, exec.err.right(3000).constData());
    const QString id = QJsonDocument::fromJson(exec.out).object().value(u"container_id"_s).toString();
    const Run history = run(QStringLiteral(SANDBENCH_BIN_DIR "/sandbench"),
                            {u"containers"_s, u"history"_s, id, u"--data-dir"_s, data.path(), u"--json"_s});
    QVERIFY2(history.exitCode == 0, history.err.constData());
    const QJsonArray entries = QJsonDocument::fromJson(history.out).array();
    QCOMPARE(entries.size(), 1);
}

QTEST_GUILESS_MAIN(TestFront)
#include "test_front.moc"
