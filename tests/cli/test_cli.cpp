// SPDX-License-Identifier: GPL-3.0-or-later
#include "config-sandbench-tests.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include "../sandbox/sandboxtestutil.h"
#include "sandbox/containermanager.h"
#include "sandbox/history/containerhistory.h"

#include <csignal>
#include <sys/stat.h>

using namespace Qt::StringLiterals;

// The headless command line: exec, doctor, bad input, and that no GUI library is loaded.
class TestCli final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void version();
    void unknownCommand();
    void everyHelpNamesItsCommandWithAnExample_data();
    void everyHelpNamesItsCommandWithAnExample();
    void everyCommandRefusesABadWorkspace_data();
    void everyCommandRefusesABadWorkspace();
    void globalOptionsAnywhere_data();
    void globalOptionsAnywhere();
    void execPrintsOutputItem();
    void execSessionKeepsFiles();
    void containersFilesSayWhoseEachFileIs();
    void execLeavesNothingRunning();
    void execBadInput_data();
    void execBadInput();
    void execWithoutSandboxFailsClearly();
    void doctor();
    void workspaceSettings();
    void killedEngineLeavesNoProcess();
    void killedWhileStartingLeavesNothing();
    void dataDirIsPrivate();
    void oldDataDirIsTightened();
    void headlessLoadsNoGui_data();
    void headlessLoadsNoGui();

private:
    struct Run
    {
        int exitCode = -1;
        QByteArray out;
        QByteArray err;
    };
    Run sandbench(const QStringList &args, const QProcessEnvironment &extra = {});
    QString containersDir() const { return m_data.path() + u"/workspaces/default/containers"_s; }

    QTemporaryDir m_data;
    QString m_bin;
};

void TestCli::initTestCase()
{
    m_bin = QStringLiteral(SANDBENCH_BIN_DIR "/sandbench");
    QVERIFY2(QFileInfo(m_bin).isExecutable(), qPrintable(m_bin));
    QVERIFY(m_data.isValid());
}

TestCli::Run TestCli::sandbench(const QStringList &args, const QProcessEnvironment &extra)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"SANDBENCH_DATA_DIR"_s, m_data.path());
    for (const QString &key : extra.keys())
        env.insert(key, extra.value(key));
    p.setProcessEnvironment(env);
    p.start(m_bin, args);
    Run r;
    if (!p.waitForFinished(120000)) {
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

void TestCli::version()
{
    const Run r = sandbench({u"--version"_s});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.startsWith("sandbench "));
    const Run h = sandbench({u"--help"_s});
    QCOMPARE(h.exitCode, 0);
    QVERIFY(h.out.contains("exec"));
    QVERIFY(h.out.contains("doctor"));
}

void TestCli::unknownCommand()
{
    const Run r = sandbench({u"frobnicate"_s});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.err.contains("unknown command"));
}

void TestCli::everyHelpNamesItsCommandWithAnExample_data()
{
    QTest::addColumn<QString>("command");
    for (const char *c : {"exec", "doctor", "serve", "keys", "workspaces", "providers", "containers",
                          "guardrails", "logs", "broadcast", "images", "network", "approvals", "mcp"})
        QTest::newRow(c) << QString::fromLatin1(c);
}

void TestCli::everyHelpNamesItsCommandWithAnExample()
{
    QFETCH(QString, command);
    const Run help = sandbench({command, u"--help"_s});
    QCOMPARE(help.exitCode, 0);
    const QString text = QString::fromUtf8(help.out);
    // The command as a user types it, not the path the binary was started from.
    QVERIFY2(text.contains(u"Usage: sandbench %1"_s.arg(command)), qPrintable(text));
    QVERIFY2(!text.contains(m_bin), qPrintable(text));
    // An example of the command itself (images shows several; mcp's is how a host runs it).
    const QRegularExpression example(u"\nExamples?:\n  .*sandbench %1 "_s.arg(command));
    QVERIFY2(example.match(text).hasMatch(), qPrintable(text));
    QVERIFY2(text.contains(u"--data-dir"_s), qPrintable(text));
}

void TestCli::everyCommandRefusesABadWorkspace_data()
{
    QTest::addColumn<QStringList>("args");
    const QList<QStringList> commands{
        {u"exec"_s, u"--"_s, u"true"_s},
        {u"doctor"_s},
        {u"keys"_s, u"list"_s},
        {u"providers"_s, u"list"_s},
        {u"containers"_s, u"list"_s},
        {u"guardrails"_s, u"list"_s},
        {u"logs"_s},
        {u"broadcast"_s, u"list"_s},
        {u"images"_s, u"list"_s},
        {u"network"_s, u"show"_s, u"--container"_s, u"sess_x"_s},
        {u"approvals"_s, u"rules"_s, u"list"_s},
        {u"mcp"_s},
    };
    for (const QStringList &command : commands)
        QTest::newRow(qPrintable(command.join(u' '))) << command;
}

void TestCli::everyCommandRefusesABadWorkspace()
{
    // One rule and one message for every command (they once disagreed: 40 characters here, 64 there).
    QFETCH(QStringList, args);
    for (const QString &bad : {u"bad name\x1b[31m"_s, u"w"_s.repeated(41)}) {
        const Run r = sandbench(QStringList{u"--workspace"_s, bad} + args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("invalid --workspace name \""), r.err.constData());
        QVERIFY2(r.err.contains("use 1 to 40 characters of A-Z, a-z, 0-9, _ and -"), r.err.constData());
        QVERIFY2(!r.err.contains('\x1b'), r.err.constData()); // shown escaped, never raw
        QVERIFY(r.out.isEmpty());
    }
}

void TestCli::globalOptionsAnywhere_data()
{
    QTest::addColumn<QStringList>("args"); // DIR stands for the data dir
    QTest::addColumn<QString>("workspace");
    const QString add = u"providers"_s;
    const QStringList provider{u"--api"_s, u"chat"_s, u"--base-url"_s, u"http://127.0.0.1:9/v1"_s};
    QTest::newRow("before the command")
        << (QStringList{u"--data-dir"_s, u"DIR"_s, add, u"add"_s, u"p"_s} + provider) << u"default"_s;
    QTest::newRow("between command and action")
        << (QStringList{add, u"--data-dir"_s, u"DIR"_s, u"add"_s, u"p"_s} + provider) << u"default"_s;
    QTest::newRow("after everything, with =")
        << (QStringList{add, u"add"_s, u"p"_s} + provider + QStringList{u"--data-dir=DIR"_s}) << u"default"_s;
    QTest::newRow("workspace first, data dir last")
        << (QStringList{u"--workspace"_s, u"w2"_s, add, u"add"_s, u"p"_s} + provider +
            QStringList{u"--data-dir"_s, u"DIR"_s})
        << u"w2"_s;
}

void TestCli::globalOptionsAnywhere()
{
    QFETCH(QStringList, args);
    QFETCH(QString, workspace);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    args.replaceInStrings(u"DIR"_s, dir.path());
    const Run added = sandbench(args);
    QVERIFY2(added.exitCode == 0, added.err.constData());
    const Run list = sandbench(
        {u"providers"_s, u"list"_s, u"--json"_s, u"--data-dir"_s, dir.path(), u"--workspace"_s, workspace});
    QVERIFY2(list.exitCode == 0, list.err.constData());
    QVERIFY2(list.out.contains("\"p\""), list.out.constData());

    // The same for an action that takes a container: every position finds it.
    const Run made = sandbench({u"--data-dir"_s, dir.path(), u"exec"_s, u"--"_s, u"echo x > a"_s});
    QVERIFY2(made.exitCode == 0, made.err.constData());
    const QString id = QJsonDocument::fromJson(made.out).object().value(u"container_id"_s).toString();
    const QList<QStringList> positions{
        {u"--data-dir"_s, dir.path(), u"containers"_s, u"history"_s, id},
        {u"containers"_s, u"--data-dir"_s, dir.path(), u"history"_s, id},
        {u"containers"_s, u"history"_s, u"--data-dir"_s, dir.path(), id},
        {u"containers"_s, u"history"_s, id, u"--data-dir="_s + dir.path()},
    };
    for (const QStringList &position : positions) {
        const Run history = sandbench(position);
        QVERIFY2(history.exitCode == 0,
                 qPrintable(position.join(u' ') + u": "_s + QString::fromUtf8(history.err)));
        QVERIFY2(history.out.contains("+ a (2 bytes)"), history.out.constData());
    }
    // --help in any position asks for the command's help.
    for (const QStringList &position :
         QList<QStringList>{{u"--help"_s, u"containers"_s}, {u"containers"_s, u"history"_s, u"--help"_s}}) {
        const Run help = sandbench(position);
        QCOMPARE(help.exitCode, 0);
        QVERIFY2(help.out.contains("sandbench containers history ID"), help.out.constData());
    }
    // A typo after global options is still a typo, not the desktop workbench.
    const Run typo = sandbench({u"--data-dir"_s, dir.path(), u"contaners"_s, u"list"_s});
    QCOMPARE(typo.exitCode, 2);
    QVERIFY(typo.err.contains("unknown command \"contaners\""));
}

void TestCli::execPrintsOutputItem()
{
    const Run r =
        sandbench({u"exec"_s, u"--timeout-ms"_s, u"20000"_s, u"--"_s, u"echo hello"_s, u"exit 3"_s});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QJsonParseError error;
    const QJsonObject item = QJsonDocument::fromJson(r.out, &error).object();
    QVERIFY2(error.error == QJsonParseError::NoError, r.out.constData());
    QCOMPARE(item.value(u"type"_s).toString(), u"openrouter:shell"_s);
    QCOMPARE(item.value(u"status"_s).toString(), u"completed"_s);
    QVERIFY(item.value(u"container_id"_s).toString().startsWith(u"sess_"_s));
    QVERIFY(item.value(u"call_id"_s).toString().startsWith(u"call_"_s));
    QVERIFY(!item.value(u"id"_s).toString().isEmpty());
    QCOMPARE(item.value(u"action"_s).toObject(),
             QJsonObject({{u"commands"_s, QJsonArray{u"echo hello"_s, u"exit 3"_s}},
                          {u"timeout_ms"_s, 20000},
                          {u"max_output_length"_s, 16384}}));
    const QJsonArray output = item.value(u"output"_s).toArray();
    QCOMPARE(output.size(), 2);
    QCOMPARE(output.at(0).toObject(),
             QJsonObject({{u"stdout"_s, u"hello\n"_s},
                          {u"stderr"_s, u""_s},
                          {u"outcome"_s, QJsonObject{{u"type"_s, u"exit"_s}, {u"exit_code"_s, 0}}}}));
    QCOMPARE(output.at(1).toObject().value(u"outcome"_s).toObject().value(u"exit_code"_s).toInt(), 3);
    QCOMPARE(item.keys().size(), 7);
}

void TestCli::execSessionKeepsFiles()
{
    const Run a = sandbench({u"exec"_s, u"--session"_s, u"cli-test"_s, u"--"_s, u"echo 42 > answer"_s});
    QVERIFY2(a.exitCode == 0, a.err.constData());
    // SPEC 1.4: a session names a "sess_" container; --container pins that real id.
    const QString id = QJsonDocument::fromJson(a.out).object().value(u"container_id"_s).toString();
    QVERIFY(id.startsWith(u"sess_"_s));
    const Run b = sandbench({u"exec"_s, u"--container"_s, id, u"--"_s, u"cat answer"_s});
    QVERIFY2(b.exitCode == 0, b.err.constData());
    const QJsonObject item = QJsonDocument::fromJson(b.out).object();
    QCOMPARE(item.value(u"container_id"_s).toString(), id);
    QCOMPARE(item.value(u"output"_s).toArray().at(0).toObject().value(u"stdout"_s).toString(), u"42\n"_s);
}

void TestCli::containersFilesSayWhoseEachFileIs()
{
    // `containers files` names each file's source as the Containers API does: "user" for an upload as it
    // arrived, "assistant" for what the code wrote, an upload the code changed included.
    const Run made = sandbench({u"exec"_s, u"--session"_s, u"origins"_s, u"--"_s, u"echo made > made.txt"_s});
    QVERIFY2(made.exitCode == 0, made.err.constData());
    const QString id = QJsonDocument::fromJson(made.out).object().value(u"container_id"_s).toString();
    QVERIFY(id.startsWith(u"sess_"_s));
    const QString containerDir = containersDir() + u'/' + id;
    QTemporaryDir spool;
    QFile source(spool.filePath(u"upload.csv"_s));
    QVERIFY(source.open(QIODevice::WriteOnly) && source.write("id,amount\n1,10\n") > 0);
    source.close();
    {
        // Every API upload into a container ends in ContainerHistory::importFile (FilesApi does this).
        ContainerHistory history(containerDir + u"/home"_s, containerDir + u"/history.git"_s, m_data.path(),
                                 u"default"_s, id);
        for (const QString &name : {u"in.csv"_s, u"edit.csv"_s}) {
            const QFuture<ImportResult> f =
                history.importFile(source.fileName(), 0, name, ImportSource::StoredFile);
            QVERIFY(QTest::qWaitFor([&f] { return f.isFinished(); }, 60000));
            QVERIFY2(f.result().ok, qPrintable(f.result().error));
        }
        history.waitForIdle();
    }
    const Run edit = sandbench({u"exec"_s, u"--container"_s, id, u"--"_s, u"echo 2,20 >> edit.csv"_s});
    QVERIFY2(edit.exitCode == 0, edit.err.constData());

    const auto sources = [&](Run *run) {
        *run = sandbench({u"containers"_s, u"files"_s, id, u"--json"_s});
        QHash<QString, QString> out;
        for (const QJsonValue &f : QJsonDocument::fromJson(run->out).object().value(u"data"_s).toArray())
            out.insert(f[u"path"_s].toString(), f[u"source"_s].toString());
        return out;
    };
    Run r;
    QHash<QString, QString> s = sources(&r);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(s, (QHash<QString, QString>{{u"in.csv"_s, u"user"_s},
                                         {u"edit.csv"_s, u"assistant"_s},
                                         {u"made.txt"_s, u"assistant"_s}}));
    const Run text = sandbench({u"containers"_s, u"files"_s, id});
    QVERIFY2(text.exitCode == 0, text.err.constData());
    QVERIFY2(QRegularExpression(u"(?m)^in\\.csv .* user$"_s).match(QString::fromUtf8(text.out)).hasMatch(),
             text.out.constData());

    // A damaged record is no reason to fail the listing: every file is the assistant's, and stderr says why.
    QFile record(containerDir + u"/file-origins.json"_s);
    QVERIFY(record.exists());
    QVERIFY(record.open(QIODevice::WriteOnly | QIODevice::Truncate) && record.write("{not json") > 0);
    record.close();
    s = sources(&r);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.err.contains("damaged"), r.err.constData());
    QCOMPARE(s.value(u"in.csv"_s), u"assistant"_s);
    QCOMPARE(s.size(), 3);
}

void TestCli::execBadInput_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QByteArray>("mentions");
    QTest::newRow("no commands") << QStringList{u"exec"_s, u"--"_s} << QByteArray("commands");
    QTest::newRow("timeout too big") << QStringList{u"exec"_s, u"--timeout-ms"_s, u"300001"_s, u"--"_s,
                                                    u"touch ran"_s}
                                     << QByteArray("timeout_ms");
    QTest::newRow("timeout zero") << QStringList{u"exec"_s, u"--timeout-ms"_s, u"0"_s, u"--"_s,
                                                 u"touch ran"_s}
                                  << QByteArray("timeout_ms");
    QTest::newRow("timeout text") << QStringList{u"exec"_s, u"--timeout-ms"_s, u"soon"_s, u"--"_s,
                                                 u"touch ran"_s}
                                  << QByteArray("timeout-ms");
    QTest::newRow("max output") << QStringList{u"exec"_s, u"--max-output-length"_s, u"65537"_s, u"--"_s,
                                               u"touch ran"_s}
                                << QByteArray("max_output_length");
    QTest::newRow("bad container id")
        << QStringList{u"exec"_s, u"--container"_s, u"no/slash"_s, u"--"_s, u"touch ran"_s}
        << QByteArray("no/slash");
    QTest::newRow("both ids") << QStringList{u"exec"_s, u"--session"_s, u"a"_s,        u"--container"_s,
                                             u"b"_s,    u"--"_s,        u"touch ran"_s}
                              << QByteArray("--session");
    QTest::newRow("unknown option") << QStringList{u"exec"_s, u"--frob"_s, u"--"_s, u"touch ran"_s}
                                    << QByteArray("frob");
    QStringList many{u"exec"_s, u"--"_s};
    for (int i = 0; i < 101; ++i)
        many << u"touch ran"_s;
    QTest::newRow("101 commands") << many << QByteArray("100");
}

void TestCli::execBadInput()
{
    QFETCH(QStringList, args);
    QFETCH(QByteArray, mentions);
    const QStringList before = QDir(containersDir()).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    const Run r = sandbench(args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(mentions), r.err.constData());
    QVERIFY(r.out.isEmpty());
    // Nothing ran: no container was created.
    QCOMPARE(QDir(containersDir()).entryList(QDir::Dirs | QDir::NoDotAndDotDot), before);
}

void TestCli::workspaceSettings()
{
    QTemporaryDir data;
    const QStringList dir{u"--data-dir"_s, data.path(), u"--workspace"_s, u"research"_s};
    Run r = sandbench(QStringList{u"workspaces"_s, u"get"_s} + dir);
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("code_execution_timeout_seconds=\n"), r.out.constData()); // not set
    QVERIFY2(r.out.contains("documents_quota_bytes=10737418240\n"), r.out.constData());
    r = sandbench(QStringList{u"workspaces"_s, u"set"_s, u"code_execution_timeout_seconds"_s, u"120"_s} +
                  dir);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    r = sandbench(QStringList{u"workspaces"_s, u"get"_s, u"code_execution_timeout_seconds"_s} + dir);
    QCOMPARE(r.out, QByteArray("120\n"));
    // The file the server reads, in that workspace only.
    QFile file(data.path() + u"/workspaces/research/settings.json"_s);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(
        QJsonDocument::fromJson(file.readAll()).object().value(u"code_execution_timeout_seconds"_s).toInt(),
        120);
    // Past the shell's 300 s maximum, not a number, an unknown key, a missing value: usage errors, nothing
    // kept.
    for (const QStringList &bad :
         {QStringList{u"set"_s, u"code_execution_timeout_seconds"_s, u"301"_s},
          QStringList{u"set"_s, u"code_execution_timeout_seconds"_s, u"soon"_s},
          QStringList{u"set"_s, u"colour"_s, u"1"_s},
          QStringList{u"set"_s, u"code_execution_timeout_seconds"_s}, QStringList{u"get"_s, u"colour"_s}}) {
        r = sandbench(QStringList{u"workspaces"_s} + bad + dir);
        QVERIFY2(r.exitCode == 2, qPrintable(bad.join(u' ') + u": "_s + QString::fromUtf8(r.err)));
        QVERIFY(!r.err.isEmpty());
    }
    r = sandbench(QStringList{u"workspaces"_s, u"get"_s, u"code_execution_timeout_seconds"_s} + dir);
    QCOMPARE(r.out, QByteArray("120\n"));
    QCOMPARE(
        sandbench(QStringList{u"workspaces"_s, u"set"_s, u"code_execution_timeout_seconds"_s, u"0"_s} + dir)
            .exitCode,
        0);
    r = sandbench(QStringList{u"workspaces"_s, u"get"_s, u"code_execution_timeout_seconds"_s} + dir);
    QCOMPARE(r.out, QByteArray("\n"));
}

void TestCli::execWithoutSandboxFailsClearly()
{
    // A CLI whose sandbench-init is missing: its container fails to start before the event loop runs, and
    // exec still ends with the reason and exit code 1 (its command is sent before the loop's first turn).
    QTemporaryDir bin;
    const QString cli = bin.filePath(u"sandbench-cli"_s);
    QVERIFY(QFile::copy(QStringLiteral(SANDBENCH_BIN_DIR "/sandbench-cli"), cli));
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"SANDBENCH_DATA_DIR"_s, m_data.path());
    p.setProcessEnvironment(env);
    p.start(cli, {u"exec"_s, u"--"_s, u"touch ran"_s});
    QVERIFY2(p.waitForFinished(30000), "exec hung after its sandbox failed to start");
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QCOMPARE(p.exitCode(), 1);
    const QByteArray err = p.readAllStandardError();
    QVERIFY2(err.contains("the sandbox cannot run") && err.contains("sandbench-init is missing"),
             err.constData());
    QVERIFY(p.readAllStandardOutput().isEmpty());
}

void TestCli::doctor()
{
    const Run r = sandbench({u"doctor"_s});
    QVERIFY2(r.exitCode == 0, QByteArray(r.out + r.err).constData());
    QVERIFY(r.out.contains("user namespaces"));
    QVERIFY(r.out.contains("seccomp"));
    QVERIFY(r.out.contains("uid 1000"));
    QVERIFY(r.out.contains("Sandboxes can run"));
    QVERIFY2(r.err.isEmpty(), r.err.constData()); // it prints only what it found
    QVERIFY2(
        QDir(containersDir()).entryList(QDir::Dirs | QDir::NoDotAndDotDot).filter(u"doctor_"_s).isEmpty(),
        "the check's container was left behind");
    // The host's inotify limits, which change watching needs, with what is in use.
    QVERIFY2(r.out.contains("max_user_instances=") && r.out.contains("max_user_watches="), r.out.constData());
    QVERIFY(r.out.contains("(in use: "));
    const Run j = sandbench({u"doctor"_s, u"--json"_s});
    QCOMPARE(j.exitCode, 0);
    const QJsonObject report = QJsonDocument::fromJson(j.out).object();
    QCOMPARE(report.value(u"can_run"_s).toBool(), true);
    QVERIFY(!report.value(u"checks"_s).toArray().isEmpty());
    QCOMPARE(report.value(u"enforcement"_s).toObject().value(u"uid"_s).toString(), u"1000"_s);
}

void TestCli::headlessLoadsNoGui_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("doctor") << QStringList{u"doctor"_s};
    QTest::newRow("exec") << QStringList{u"exec"_s, u"--"_s, u"true"_s};
}

void TestCli::headlessLoadsNoGui()
{
    QFETCH(QStringList, args);
    QProcessEnvironment env;
    env.insert(u"LD_DEBUG"_s, u"libs"_s);
    const Run r = sandbench(args, env);
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.contains("libQt6Core"), "LD_DEBUG output missing; the check would prove nothing");
    QVERIFY(!r.err.contains("libQt6Widgets"));
    QVERIFY(!r.err.contains("libQt6Gui"));
    QVERIFY(!r.err.contains("libsandbench-gui"));
}

void TestCli::killedEngineLeavesNoProcess()
{
    // kill -9 of the engine in the middle of a command: the launcher and PID 1 follow it (death signals),
    // and with PID 1 every process of the container.
    const QByteArray marker =
        "sandbench-orphan-check-" + QByteArray::number(QRandomGenerator::global()->generate());
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"SANDBENCH_DATA_DIR"_s, m_data.path());
    p.setProcessEnvironment(env);
    const QString name = QString::fromLatin1(marker);
    // A setsid daemon and the command itself, both named after the marker.
    p.start(m_bin, {u"exec"_s, u"--"_s,
                    u"setsid bash -c 'exec -a %1-daemon sleep 1000' & exec -a %1 sleep 1000"_s.arg(name)});
    QVERIFY(p.waitForStarted());
    // Both sleeps run in the container (the CLI's own command line holds the marker too: not counted).
    QTRY_VERIFY_WITH_TIMEOUT(processesRunningAs(marker).size() == 2, 20000);
    ::kill(pid_t(p.processId()), SIGKILL);
    QVERIFY(p.waitForFinished());
    QTRY_VERIFY_WITH_TIMEOUT(processesMatching(marker).isEmpty(), 20000);
}

namespace {

// Container cgroups (name-PID, see ContainerManager::cleanStaleCgroups) made by one of these launchers.
QStringList cgroupsOf(const QList<int> &launchers)
{
    QStringList found;
    for (const QString &parent : ContainerManager::cgroupParents()) {
        for (const QString &name : QDir(parent).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
            const int pid = name.section(u'-', -1).toInt();
            if (pid > 0 && launchers.contains(pid))
                found << parent + u'/' + name;
        }
    }
    return found;
}

} // namespace

void TestCli::execLeavesNothingRunning()
{
    // A one-shot exec exits once its result is printed and the call's entry saved; its launcher kills PID 1
    // and removes its cgroup after that, on its own. Soon after, no process of its sandbox is left and no
    // cgroup: none is killed half-way (a killed launcher would leave its cgroup), and the container holds
    // only its own files.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    auto cgroupEntries = [] {
        QSet<QString> entries;
        for (const QString &parent : ContainerManager::cgroupParents()) {
            for (const QString &name : QDir(parent).entryList(QDir::Dirs | QDir::NoDotAndDotDot))
                entries.insert(parent + u'/' + name);
        }
        return entries;
    };
    const QSet<QString> before = cgroupEntries();
    const Run r = sandbench({u"exec"_s, u"--data-dir"_s, dir.path(), u"--"_s, u"echo made > f"_s, u"true"_s});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QTRY_VERIFY_WITH_TIMEOUT(processesWithFilesIn(dir.path()).isEmpty(), 10000);
    // Other tests may run beside this one: a new cgroup whose launcher is gone would be one we left.
    for (const QString &entry : cgroupEntries() - before) {
        const int pid = entry.section(u'-', -1).toInt();
        QVERIFY2(pid <= 0 || ::kill(pid_t(pid), 0) == 0, qPrintable(entry));
    }
    const QJsonObject item = QJsonDocument::fromJson(r.out).object();
    const QString id = item.value(u"container_id"_s).toString();
    QVERIFY(id.startsWith(u"sess_"_s));
    QCOMPARE(item.value(u"output"_s).toArray().size(), 2);
    const QString containers = dir.path() + u"/workspaces/default/containers"_s;
    QCOMPARE(QDir(containers).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
             QStringList{id});
    QStringList inContainer =
        QDir(containers + u'/' + id).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot);
    inContainer.sort();
    QCOMPARE(inContainer, (QStringList{u"history.git"_s, u"history.git.pending"_s, u"home"_s, u"init.log"_s,
                                       u"meta.json"_s}));
    QCOMPARE(QDir(containers + u'/' + id + u"/history.git.pending"_s)
                 .entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
             QStringList{});
    const Run history =
        sandbench({u"containers"_s, u"history"_s, id, u"--data-dir"_s, dir.path(), u"--json"_s});
    QVERIFY2(history.exitCode == 0, history.err.constData());
    const QJsonArray entries = QJsonDocument::fromJson(history.out).array();
    QCOMPARE(entries.size(), 2);
}

void TestCli::killedWhileStartingLeavesNothing()
{
    // `exec` starts its sandbox while it loads the workspace. kill -9 at any point of that (before, while and
    // after the launcher makes its cgroup and namespaces) leaves no process and no cgroup behind.
    QTemporaryDir data;
    QVERIFY(data.isValid());
    QList<int> seen;
    int killedWithLauncher = 0;
    for (const int delayMs : {0, 2, 4, 7, 10, 15, 20, 30, 45, 60}) {
        QProcess p;
        p.start(m_bin, {u"exec"_s, u"--data-dir"_s, data.path(), u"--"_s, u"sleep 30"_s});
        QVERIFY(p.waitForStarted());
        QElapsedTimer t;
        t.start();
        QList<int> now;
        do {
            now = processesWithFilesIn(data.path());
            for (int pid : std::as_const(now)) {
                if (!seen.contains(pid))
                    seen << pid;
            }
        } while (t.elapsed() < delayMs);
        killedWithLauncher += now.isEmpty() ? 0 : 1;
        ::kill(pid_t(p.processId()), SIGKILL);
        QVERIFY(p.waitForFinished());
        QTRY_VERIFY_WITH_TIMEOUT(processesWithFilesIn(data.path()).isEmpty(), 20000);
        // A launcher removes its cgroup before it exits: at once, before the next manager (which would sweep
        // stale cgroups) starts.
        const QStringList left = cgroupsOf(seen);
        QVERIFY2(left.isEmpty(), qPrintable(left.join(u' ')));
    }
    // The checks above saw the sandbox while it ran, or they would prove nothing.
    QVERIFY2(killedWithLauncher > 0, "no kill came while the launcher ran");
}

void TestCli::dataDirIsPrivate()
{
    // A real command with history, a promoted document and a key: nothing of it is open to other users.
    QTemporaryDir data;
    const QStringList dir{u"--data-dir"_s, data.path()};
    Run r = sandbench(QStringList{u"exec"_s} + dir +
                      QStringList{u"--session"_s, u"perm"_s, u"--"_s,
                                  u"echo secret > a.txt; mkdir -p d/e; echo x > d/e/b.txt; chmod 777 d"_s});
    QCOMPARE(r.exitCode, 0);
    const QString id = QJsonDocument::fromJson(r.out).object().value(u"container_id"_s).toString();
    QVERIFY(!id.isEmpty());
    r = sandbench(QStringList{u"exec"_s} + dir +
                  QStringList{u"--container"_s, id, u"--"_s, u"echo more >> a.txt"_s});
    QCOMPARE(r.exitCode, 0);
    r = sandbench(QStringList{u"containers"_s, u"promote"_s, id, u"a.txt"_s} + dir);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(sandbench(QStringList{u"keys"_s, u"create"_s} + dir).exitCode, 0);
    r = sandbench(QStringList{u"containers"_s, u"history"_s, id} + dir);
    QCOMPARE(r.exitCode, 0);

    const QString containerDir = data.path() + u"/workspaces/default/containers/"_s + id;
    const QString home = containerDir + u"/home"_s;
    QStringList open;
    int files = 0;
    bool sawHistory = false, sawDocument = false;
    QDirIterator it(data.path(), QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        // Below home the container decides its own modes; home itself (0700) keeps them out of reach.
        if (path.startsWith(home + u'/'))
            continue;
        struct stat st;
        QVERIFY(::lstat(QFile::encodeName(path).constData(), &st) == 0);
        ++files;
        sawHistory = sawHistory || path.contains(u"/history.git/objects/"_s);
        sawDocument = sawDocument || path.contains(u"/documents/doc_"_s);
        if (S_ISLNK(st.st_mode))
            continue;
        if ((st.st_mode & 077) != 0)
            open.append(u"%1 %2"_s.arg(st.st_mode & 07777, 0, 8).arg(path));
    }
    QVERIFY(sawHistory);
    QVERIFY(sawDocument);
    QVERIFY(files > 20);
    QVERIFY2(open.isEmpty(), qPrintable(open.join(u'\n')));
    // The container still saw its usual umask and can use its home.
    r = sandbench(QStringList{u"exec"_s} + dir +
                  QStringList{u"--container"_s, id, u"--"_s, u"umask; cat a.txt; ls d/e"_s});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(QJsonDocument::fromJson(r.out)
                 .object()
                 .value(u"output"_s)
                 .toArray()
                 .at(0)
                 .toObject()
                 .value(u"stdout"_s)
                 .toString(),
             u"0022\nsecret\nmore\nb.txt\n"_s);
}

void TestCli::oldDataDirIsTightened()
{
    // A data dir an earlier version left world-readable: the next start closes its top-level areas.
    QTemporaryDir data;
    QVERIFY(::chmod(QFile::encodeName(data.path()).constData(), 0755) == 0);
    const QString docs = data.path() + u"/workspaces/default/documents/doc_old"_s;
    QVERIFY(QDir().mkpath(docs));
    for (const QString &dir :
         QStringList{data.path() + u"/workspaces"_s, data.path() + u"/workspaces/default"_s,
                     data.path() + u"/workspaces/default/documents"_s, docs})
        QVERIFY(::chmod(QFile::encodeName(dir).constData(), 0755) == 0);
    QFile ids(data.path() + u"/issued-container-ids"_s);
    QVERIFY(ids.open(QIODevice::WriteOnly));
    ids.write("sess_x\n");
    ids.close();
    QVERIFY(::chmod(QFile::encodeName(ids.fileName()).constData(), 0644) == 0);

    const Run r = sandbench({u"containers"_s, u"list"_s, u"--data-dir"_s, data.path()});
    QCOMPARE(r.exitCode, 0);
    struct stat st;
    QVERIFY(::stat(QFile::encodeName(data.path() + u"/workspaces"_s).constData(), &st) == 0);
    QCOMPARE(st.st_mode & 0777, mode_t(0700));
    QVERIFY(::stat(QFile::encodeName(ids.fileName()).constData(), &st) == 0);
    QCOMPARE(st.st_mode & 0777, mode_t(0600));
    // The data dir itself may be a directory the user chose: its mode is theirs.
    QVERIFY(::stat(QFile::encodeName(data.path()).constData(), &st) == 0);
    QCOMPARE(st.st_mode & 0777, mode_t(0755));
}

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
