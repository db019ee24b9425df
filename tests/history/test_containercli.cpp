// SPDX-License-Identifier: GPL-3.0-or-later
#include "config-sandbench-tests.h"
#include "sandbox/history/containerregistry.h"
#include "sandbox/history/fileimport.h"
#include "sandbox/history/snapshotstore.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace Qt::StringLiterals;

// `sandbench exec --session/--container` (SPEC 1.4 identity rules) and `sandbench containers ...`, run as
// real processes against a test data dir.
class TestContainerCli final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void sessionKeepsItsContainer();
    void longSessionIdsShareTheirTail();
    void invalidSessionIsIgnored();
    void containerPinsExactly();
    void badContainerIsRefused_data();
    void badContainerIsRefused();
    void listFilesHistoryPromoteRemove();
    void historyNamesWhatMadeEachEntry();
    void historyWhileAnotherProcessRunsIt();
    void controlCharactersInNamesAreEscaped();
    void traversalIsRefused_data();
    void traversalIsRefused();
    void otherWorkspaceIsUnreachable();

private:
    struct Run
    {
        int exitCode = -1;
        QByteArray out;
        QByteArray err;
        QJsonObject item() const { return QJsonDocument::fromJson(out).object(); }
        QString containerId() const { return item().value(u"container_id"_s).toString(); }
        QString stdoutOf(int i) const
        {
            return item().value(u"output"_s).toArray().at(i).toObject().value(u"stdout"_s).toString();
        }
    };
    Run sandbench(const QStringList &args);
    QString home(const QString &workspace, const QString &id) const
    {
        return m_data.path() + u"/workspaces/"_s + workspace + u"/containers/"_s + id + u"/home"_s;
    }

    QTemporaryDir m_data;
    QString m_bin;
    QString m_shared; // a container the traversal tests use
};

void TestContainerCli::initTestCase()
{
    m_bin = QStringLiteral(SANDBENCH_BIN_DIR "/sandbench");
    QVERIFY2(QFileInfo(m_bin).isExecutable(), qPrintable(m_bin));
    QVERIFY(m_data.isValid());
}

TestContainerCli::Run TestContainerCli::sandbench(const QStringList &args)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"SANDBENCH_DATA_DIR"_s, m_data.path());
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

void TestContainerCli::sessionKeepsItsContainer()
{
    const Run a = sandbench({u"exec"_s, u"--session"_s, u"cli-session"_s, u"--"_s, u"echo 42 > answer"_s});
    QVERIFY2(a.exitCode == 0, a.err.constData());
    QVERIFY(a.containerId().startsWith(u"sess_"_s));
    const Run b = sandbench({u"exec"_s, u"--session"_s, u"cli-session"_s, u"--"_s, u"cat answer"_s});
    QVERIFY2(b.exitCode == 0, b.err.constData());
    QCOMPARE(b.containerId(), a.containerId());
    QCOMPARE(b.stdoutOf(0), u"42\n"_s);
    m_shared = a.containerId();
}

void TestContainerCli::longSessionIdsShareTheirTail()
{
    const QString tail = u"-the-same-last-20ch"_s + u"x"_s;
    QCOMPARE(tail.size(), 20);
    const Run a = sandbench({u"exec"_s, u"--session"_s, u"first-prefix"_s + tail, u"--"_s, u"echo t > t"_s});
    QVERIFY2(a.exitCode == 0, a.err.constData());
    QVERIFY(a.err.contains("last 20"));
    const Run b = sandbench({u"exec"_s, u"--session"_s, u"other"_s + tail, u"--"_s, u"cat t"_s});
    QCOMPARE(b.containerId(), a.containerId());
    QCOMPARE(b.stdoutOf(0), u"t\n"_s);
    const Run c = sandbench({u"exec"_s, u"--session"_s, tail, u"--"_s, u"cat t"_s});
    QCOMPARE(c.containerId(), a.containerId());
}

void TestContainerCli::invalidSessionIsIgnored()
{
    const Run a = sandbench({u"exec"_s, u"--session"_s, u"has space"_s, u"--"_s, u"echo a > a"_s});
    QVERIFY2(a.exitCode == 0, a.err.constData());
    QVERIFY2(a.err.contains("ignored"), a.err.constData());
    const Run b = sandbench({u"exec"_s, u"--session"_s, u"has space"_s, u"--"_s, u"cat a || echo none"_s});
    QVERIFY(b.containerId() != a.containerId());
    QCOMPARE(b.stdoutOf(0), u"none\n"_s);
}

void TestContainerCli::containerPinsExactly()
{
    QVERIFY(!m_shared.isEmpty());
    const Run r = sandbench({u"exec"_s, u"--container"_s, m_shared, u"--"_s, u"cat answer"_s});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(r.containerId(), m_shared);
    QCOMPARE(r.stdoutOf(0), u"42\n"_s);
}

void TestContainerCli::badContainerIsRefused_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<QByteArray>("mentions");
    QTest::newRow("41 characters") << u"a"_s.repeated(41) << QByteArray("at most 40");
    QTest::newRow("bad character") << u"a.b"_s << QByteArray("A-Z, a-z, 0-9, _ and -");
    QTest::newRow("empty") << QString() << QByteArray("1-40");
    QTest::newRow("unknown") << u"not-here"_s << QByteArray("no container not-here");
}

void TestContainerCli::badContainerIsRefused()
{
    QFETCH(QString, id);
    QFETCH(QByteArray, mentions);
    const Run r = sandbench({u"exec"_s, u"--container"_s, id, u"--"_s, u"touch ran"_s});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(mentions), r.err.constData());
    QVERIFY(r.out.isEmpty());
}

void TestContainerCli::listFilesHistoryPromoteRemove()
{
    const Run made = sandbench({u"exec"_s, u"--"_s, u"mkdir -p out; seq 100 > out/n.txt"_s,
                                u"echo x > gone.txt"_s, u"rm gone.txt; echo y >> out/n.txt"_s});
    QVERIFY2(made.exitCode == 0, made.err.constData());
    const QString id = made.containerId();

    const Run list = sandbench({u"containers"_s, u"list"_s, u"--json"_s});
    QCOMPARE(list.exitCode, 0);
    bool listed = false;
    for (const QJsonValue &v : QJsonDocument::fromJson(list.out).array())
        listed = listed || v.toObject().value(u"id"_s).toString() == id;
    QVERIFY(listed);

    const Run files = sandbench({u"containers"_s, u"files"_s, id, u"--json"_s, u"--limit"_s, u"1"_s});
    QVERIFY2(files.exitCode == 0, files.err.constData());
    const QJsonObject page = QJsonDocument::fromJson(files.out).object();
    QCOMPARE(page.value(u"data"_s).toArray().size(), 1);
    QCOMPARE(page.value(u"data"_s).toArray().at(0).toObject().value(u"path"_s).toString(), u"out/n.txt"_s);
    QCOMPARE(page.value(u"has_more"_s).toBool(), false);

    const Run history = sandbench({u"containers"_s, u"history"_s, id});
    QVERIFY2(history.exitCode == 0, history.err.constData());
    QVERIFY2(history.out.contains("$ mkdir -p out; seq 100 > out/n.txt"), history.out.constData());
    QVERIFY(history.out.contains("+ out/n.txt (292 bytes)"));
    QVERIFY(history.out.contains("- gone.txt (was 2 bytes)"));
    QVERIFY(history.out.contains("~ out/n.txt (292 -> 294 bytes)"));
    const Run historyJson = sandbench({u"containers"_s, u"history"_s, id, u"--json"_s});
    const QJsonArray entries = QJsonDocument::fromJson(historyJson.out).array();
    QCOMPARE(entries.size(), 3);
    QCOMPARE(entries.at(0).toObject().value(u"outcome"_s).toObject().value(u"exit_code"_s).toInt(), 0);

    const Run promoted = sandbench({u"containers"_s, u"promote"_s, id, u"out/n.txt"_s, u"--json"_s});
    QVERIFY2(promoted.exitCode == 0, promoted.err.constData());
    const QString docId = QJsonDocument::fromJson(promoted.out).object().value(u"id"_s).toString();
    QVERIFY(docId.startsWith(u"doc_"_s));
    const QString docPath = m_data.path() + u"/workspaces/default/documents/"_s + docId + u"/content"_s;
    QCOMPARE(QFileInfo(docPath).size(), 294);

    const Run removed = sandbench({u"containers"_s, u"rm"_s, id});
    QVERIFY2(removed.exitCode == 0, removed.err.constData());
    QVERIFY(!QFileInfo::exists(home(u"default"_s, id)));
    QVERIFY(QFileInfo::exists(docPath)); // documents never expire with their container
    const Run again = sandbench({u"containers"_s, u"files"_s, id});
    QCOMPARE(again.exitCode, 2);
    QVERIFY(again.err.contains("no container"));
    const Run badAction = sandbench({u"containers"_s, u"frob"_s});
    QCOMPARE(badAction.exitCode, 2);
    const Run missingArg = sandbench({u"containers"_s, u"promote"_s, id});
    QCOMPARE(missingArg.exitCode, 2);
}

// True while some process holds an flock on path as a writer (what SnapshotStore::open takes), read from
// /proc/locks without taking any lock of our own (which could make that process's open fail).
static bool writeLockedByFlock(const QString &path)
{
    struct stat st;
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        return false;
    QFile locks(u"/proc/locks"_s);
    if (!locks.open(QIODevice::ReadOnly))
        return false;
    const QByteArray inode = ':' + QByteArray::number(quint64(st.st_ino)) + ' ';
    for (const QByteArray &line : locks.readAll().split('\n'))
        if (line.contains("FLOCK") && line.contains("WRITE") && QByteArray(line + ' ').contains(inode))
            return true;
    return false;
}

void TestContainerCli::historyWhileAnotherProcessRunsIt()
{
    // The window or `sandbench serve` holds a running container's history; `containers history` still reads
    // it (the CLI next to the window), while removing the container stays refused.
    const Run made = sandbench({u"exec"_s, u"--"_s, u"echo one > one.txt"_s});
    QVERIFY2(made.exitCode == 0, made.err.constData());
    const QString id = made.containerId();
    QProcess running;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"SANDBENCH_DATA_DIR"_s, m_data.path());
    running.setProcessEnvironment(env);
    running.start(m_bin, {u"exec"_s, u"--container"_s, id, u"--timeout-ms"_s, u"120000"_s, u"--"_s,
                          u"touch started; sleep 100"_s});
    const auto stop = qScopeGuard([&running] {
        running.terminate();
        if (!running.waitForFinished(60000)) {
            running.kill();
            running.waitForFinished();
        }
    });
    const QString lock = home(u"default"_s, id).chopped(4) + u"history.git/sandbench.lock"_s;
    QVERIFY2(QTest::qWaitFor(
                 [&] {
                     return QFileInfo::exists(home(u"default"_s, id) + u"/started"_s) &&
                            writeLockedByFlock(lock);
                 },
                 120000),
             running.readAllStandardError().constData());

    const Run history = sandbench({u"containers"_s, u"history"_s, id, u"--json"_s});
    QVERIFY2(history.exitCode == 0, history.err.constData());
    const QJsonArray entries = QJsonDocument::fromJson(history.out).array();
    QCOMPARE(entries.size(), 1);
    QCOMPARE(entries.at(0).toObject().value(u"command"_s).toString(), u"echo one > one.txt"_s);
    QCOMPARE(entries.at(0).toObject().value(u"changes"_s).toArray().size(), 1);
    const Run human = sandbench({u"containers"_s, u"history"_s, id});
    QVERIFY2(human.exitCode == 0, human.err.constData());
    QVERIFY2(human.out.contains("+ one.txt"), human.out.constData());
    // The running process still holds its history: the read took nothing from it.
    QVERIFY(writeLockedByFlock(lock));

    // Writes are refused, with what to do: a second sandbox on the same home (its changes would mix with
    // the other process's entry), removing the container under it.
    const Run second = sandbench({u"exec"_s, u"--container"_s, id, u"--"_s, u"echo two > two.txt"_s});
    QCOMPARE(second.exitCode, 1);
    QVERIFY2(second.err.contains("in use by another Sandbench process"), second.err.constData());
    QVERIFY(!QFileInfo::exists(home(u"default"_s, id) + u"/two.txt"_s));
    const Run removed = sandbench({u"containers"_s, u"rm"_s, id});
    QCOMPARE(removed.exitCode, 1);
    QVERIFY2(removed.err.contains("in use by another Sandbench process"), removed.err.constData());
    QVERIFY(QFileInfo::exists(home(u"default"_s, id) + u"/one.txt"_s));
}

void TestContainerCli::historyNamesWhatMadeEachEntry()
{
    const Run made = sandbench({u"exec"_s, u"--"_s, u"printf v1 > calc.py"_s, u"printf v2 > calc.py"_s});
    QVERIFY2(made.exitCode == 0, made.err.constData());
    const QString id = made.containerId();
    // What the window does when a file is attached, and a restore to the version before the second command.
    const ContainerRegistry registry(m_data.path());
    {
        QTemporaryDir sources;
        QFile source(sources.filePath(u"sales.csv"_s));
        QVERIFY(source.open(QIODevice::WriteOnly));
        source.write("a,b\n1,2\n");
        source.close();
        SnapshotStore store;
        QString error;
        QVERIFY2(
            store.open(registry.homeDir(u"default"_s, id), registry.historyDir(u"default"_s, id), &error),
            qPrintable(error));
        const ImportResult imported =
            FileImport::run(source.fileName(), registry.homeDir(u"default"_s, id), 0);
        QVERIFY2(imported.ok, qPrintable(imported.error));
        QVERIFY2(store.commitUpload(imported.fileName, &error), qPrintable(error));
        const std::optional<QList<HistoryEntry>> entries = store.history(&error);
        QCOMPARE(entries->size(), 3);
        QVERIFY2(store.restoreFile(u"calc.py"_s, entries->at(2).commitId, &error), qPrintable(error));
        // Restoring what is already there records nothing.
        const std::optional<Snapshot> again =
            store.restoreFile(u"calc.py"_s, entries->at(2).commitId, &error);
        QVERIFY2(again, qPrintable(error));
        QVERIFY(again->commitId.isEmpty());
    }
    const Run ran = sandbench({u"exec"_s, u"--container"_s, id, u"--"_s, u"head -1 sales.csv"_s});
    QVERIFY2(ran.exitCode == 0, ran.err.constData());

    const Run json = sandbench({u"containers"_s, u"history"_s, id, u"--json"_s});
    QVERIFY2(json.exitCode == 0, json.err.constData());
    const QJsonArray entries = QJsonDocument::fromJson(json.out).array();
    QStringList kinds;
    QStringList commands;
    for (const QJsonValue &v : entries) {
        kinds << v.toObject().value(u"kind"_s).toString();
        commands << v.toObject().value(u"command"_s).toString();
    }
    // Oldest first.
    QCOMPARE(kinds, (QStringList{u"command"_s, u"command"_s, u"upload"_s, u"restore"_s, u"command"_s}));
    QCOMPARE(commands.at(2), u"sales.csv"_s);
    QCOMPARE(commands.at(4), u"head -1 sales.csv"_s);
    const QJsonObject upload = entries.at(2).toObject();
    QCOMPARE(upload.value(u"outcome"_s).toObject().value(u"type"_s).toString(), u"upload"_s);
    QCOMPARE(upload.value(u"changes"_s).toArray().size(), 1);
    // The command after the upload changed nothing, and its entry says so.
    QCOMPARE(entries.at(4).toObject().value(u"changes"_s).toArray().size(), 0);

    const Run human = sandbench({u"containers"_s, u"history"_s, id});
    QVERIFY2(human.exitCode == 0, human.err.constData());
    QVERIFY2(human.out.contains("  upload  "), human.out.constData());
    QVERIFY2(human.out.contains("\n  uploaded: sales.csv\n    + sales.csv (8 bytes)\n"),
             human.out.constData());
    QVERIFY2(human.out.contains("\n  restore: calc.py to "), human.out.constData());
    QVERIFY2(human.out.contains("\n  $ head -1 sales.csv\n"), human.out.constData());
}

void TestContainerCli::controlCharactersInNamesAreEscaped()
{
    // A container names its files; a terminal must not act on what is in those names.
    const Run made = sandbench(
        {u"exec"_s, u"--"_s,
         uR"sh(touch "$(printf 'red\033[31m\nline\a')" "$(printf 'tab\tx')" "$(printf 'rtl\342\200\256txt')"; printf '\033]0;owned\a' > /dev/null)sh"_s});
    QVERIFY2(made.exitCode == 0, made.err.constData());
    const QString id = made.containerId();

    const auto assertSafe = [](const QByteArray &out) {
        for (const char c : out)
            QVERIFY2(c == '\n' || uchar(c) >= 0x20,
                     qPrintable(u"raw control byte 0x%1 in: %2"_s.arg(uint(uchar(c)), 2, 16, QChar(u'0'))
                                    .arg(QString::fromUtf8(out.toPercentEncoding(" /\"\\")))));
        QVERIFY2(!out.contains("\xe2\x80\xae"), "raw right-to-left override");
    };
    const Run files = sandbench({u"containers"_s, u"files"_s, id});
    QVERIFY2(files.exitCode == 0, files.err.constData());
    assertSafe(files.out);
    QVERIFY2(files.out.contains(R"("red\x1b[31m\nline\a")"), files.out.constData());
    QVERIFY2(files.out.contains(R"("tab\tx")"), files.out.constData());
    QVERIFY2(files.out.contains(R"("rtl\u{202e}txt")"), files.out.constData());
    QCOMPARE(files.out.count('\n'), 3); // one record per line

    const Run history = sandbench({u"containers"_s, u"history"_s, id});
    QVERIFY2(history.exitCode == 0, history.err.constData());
    assertSafe(history.out);
    QVERIFY2(history.out.contains(R"(+ "red\x1b[31m\nline\a" (0 bytes))"), history.out.constData());
    // The command is quoted whole, its own quotes and backslashes escaped, on one line.
    QVERIFY2(history.out.contains(R"($ "touch \"$(printf 'red\\033[31m\\nline\\a')\" )"),
             history.out.constData());

    // Programs get the names unchanged.
    const Run json = sandbench({u"containers"_s, u"files"_s, id, u"--json"_s});
    QStringList paths;
    for (const QJsonValue &v : QJsonDocument::fromJson(json.out).object().value(u"data"_s).toArray())
        paths << v.toObject().value(u"path"_s).toString();
    QVERIFY2(paths.contains(u"red\x1b[31m\nline\a"_s), qPrintable(paths.join(u'|')));
}

void TestContainerCli::traversalIsRefused_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QByteArray>("mentions");
    QTest::newRow("dot-dot") << u"../meta.json"_s << QByteArray("..");
    QTest::newRow("absolute") << u"/etc/passwd"_s << QByteArray("refused");
    QTest::newRow("symlink to a host file") << u"hostlink"_s << QByteArray("cannot promote");
    QTest::newRow("symlink into another container") << u"neighbour"_s << QByteArray("cannot promote");
    QTest::newRow("symlinked directory") << u"updir/meta.json"_s << QByteArray("cannot promote");
}

void TestContainerCli::traversalIsRefused()
{
    QFETCH(QString, path);
    QFETCH(QByteArray, mentions);
    QVERIFY(!m_shared.isEmpty());
    // A second container whose file the links point at.
    const Run other = sandbench({u"exec"_s, u"--"_s, u"echo secret > secret.txt"_s});
    QVERIFY2(other.exitCode == 0, other.err.constData());
    const Run links = sandbench({u"exec"_s, u"--container"_s, m_shared, u"--"_s,
                                 u"ln -sf /etc/passwd hostlink; ln -sfn .. updir; ln -sf ../../"_s +
                                     other.containerId() + u"/home/secret.txt neighbour"_s});
    QVERIFY2(links.exitCode == 0, links.err.constData());
    const Run r = sandbench({u"containers"_s, u"promote"_s, m_shared, path});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(mentions), r.err.constData());
    QVERIFY(!QDir(m_data.path() + u"/workspaces/default/documents"_s)
                 .entryList(QDir::Dirs | QDir::NoDotAndDotDot)
                 .join(u' ')
                 .contains(u"secret"_s));
}

void TestContainerCli::otherWorkspaceIsUnreachable()
{
    QVERIFY(!m_shared.isEmpty());
    for (const QStringList &args :
         {QStringList{u"containers"_s, u"files"_s, m_shared, u"--workspace"_s, u"elsewhere"_s},
          QStringList{u"containers"_s, u"history"_s, m_shared, u"--workspace"_s, u"elsewhere"_s},
          QStringList{u"containers"_s, u"promote"_s, m_shared, u"answer"_s, u"--workspace"_s, u"elsewhere"_s},
          QStringList{u"containers"_s, u"rm"_s, m_shared, u"--workspace"_s, u"elsewhere"_s},
          QStringList{u"exec"_s, u"--workspace"_s, u"elsewhere"_s, u"--container"_s, m_shared, u"--"_s,
                      u"true"_s}}) {
        const Run r = sandbench(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("no container"), r.err.constData());
    }
    QVERIFY(QFileInfo::exists(home(u"default"_s, m_shared) + u"/answer"_s));
    const Run list = sandbench({u"containers"_s, u"list"_s, u"--workspace"_s, u"elsewhere"_s});
    QCOMPARE(list.exitCode, 0);
    QVERIFY(!list.out.contains(m_shared.toUtf8()));
}

QTEST_GUILESS_MAIN(TestContainerCli)
#include "test_containercli.moc"
