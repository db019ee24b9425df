// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandbox/history/fileimport.h"
#include "sandbox/history/snapshotstore.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QProcess>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <csignal>
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

class TestSnapshotStore final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void firstCommitRecordsFiles();
    void readOnlyBesideAWriter();
    void newRepositoryIsAPlainBareGitRepository();
    void leftoverInitDirectoryIsReplaced();
    void modifiedAddedDeleted();
    void nothingChangedStillCommits();
    void timeoutOutcome();
    void sameSizeAndMtimeEditIsCaught_data();
    void sameSizeAndMtimeEditIsCaught();
    void symlinksAreStoredNotFollowed();
    void specialFilesAreSkipped();
    void dotGitNamesRoundTrip();
    void multiLineCommand();
    void fileDiffText();
    void fileDiffBinary();
    void restoreFile();
    void restoreDeletesFileAbsentInCommit();
    void restoreDoesNotFollowPlantedSymlink();
    void restoreRefusesEscapingPaths_data();
    void restoreRefusesEscapingPaths();
    void restoreWorkspace();
    void restoredFilesGetHomeOwner();
    void hintedDirectoryCatchesNewAndDeletedFiles();
    void firstCommitAfterOpenIgnoresHint();
    void refreshAtWakeLetsFirstCommitUseHint();
    void statCacheSurvivesReopen();
    void secondOpenIsRefused();
    void staleLockFilesAreCleared();
    void brokenHeadFallsBackToLastGood();
    void corruptStatCacheIsRebuilt();
    void missingHeadFileKeepsHistory();
    void killDuringCommitLeavesUsableHistory();
    void budgetDropsTheOldestVersionsAndSaysSo();
    void contentLargerThanTheBudgetIsNotKept();
    void killBetweenCommandAndEntryGetsAnEntryOfItsOwn();
    void spareMarkerBecomesTheMarker();
    void uploadIsAnEntryOfItsOwn();
    void uploadOnAFreshStoreHoldsOnlyTheFile();
    void uploadLargerThanTheBudgetIsNotKept();
    void bigUploadIsStoredFromItsOrigin_data();
    void bigUploadIsStoredFromItsOrigin();
    void uploadRefusesBadNames_data();
    void uploadRefusesBadNames();
    void restoreThatChangesNothingRecordsNothing();
    void largeFilesAreStoredRawAndRestored();
    void rawThresholdBoundary();
    void incompressibleAndCompressibleSmallFiles();
    void unchangedLargeFileIsNeverReadAgain();
    void copyOfAStoredLargeFileAddsNothing();
    void fileChangedAfterCaptureKeepsEachVersion();
    void fileReplacedAfterCapture_data();
    void fileReplacedAfterCapture();
    void fileGrowingPastTheBudgetAfterCapture();
    void killedCaptureLeavesNoTempFiles();
    void incrementalTreesMatchAFullRebuild();
    void changeListsMatchGitDiffTree();
    void incrementalTreesAreWhatGitWrites();
    void entriesAreWhatGitReads();

private:
    QString home() const { return m_dir->filePath(u"home"_s); }
    QString git() const { return m_dir->filePath(u"history.git"_s); }
    void write(const QString &rel, const QByteArray &data);
    QByteArray read(const QString &rel);
    Snapshot commit(SnapshotStore &store, const QString &cmd,
                    const ChangeHint &hint = ChangeHint::anything());
    static QHash<QString, ChangeKind> kinds(const QList<FileChange> &changes);
    // Files below the history's raw-object directory (large content, stored as it is) and loose objects.
    QStringList rawObjects() const;
    QStringList looseObjects() const;
    QByteArray restoredContent(SnapshotStore &store, const QString &rel, const QString &commitId);

    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestSnapshotStore::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    QVERIFY(QDir().mkpath(home()));
}

void TestSnapshotStore::cleanup()
{
    m_dir.reset();
}

void TestSnapshotStore::write(const QString &rel, const QByteArray &data)
{
    const QString path = home() + u'/' + rel;
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(f.write(data), data.size());
}

QByteArray TestSnapshotStore::read(const QString &rel)
{
    QFile f(home() + u'/' + rel);
    if (!f.open(QIODevice::ReadOnly))
        return "<missing>";
    return f.readAll();
}

Snapshot TestSnapshotStore::commit(SnapshotStore &store, const QString &cmd, const ChangeHint &hint)
{
    QString error;
    CommandMeta meta;
    meta.exitCode = 0;
    meta.durationMs = 5;
    const std::optional<Snapshot> snap = store.commitCommand(cmd, meta, hint, &error);
    if (!snap)
        qWarning() << "commit failed:" << error;
    return snap.value_or(Snapshot{});
}

QHash<QString, ChangeKind> TestSnapshotStore::kinds(const QList<FileChange> &changes)
{
    QHash<QString, ChangeKind> out;
    for (const FileChange &c : changes)
        out.insert(c.path, c.kind);
    return out;
}

void TestSnapshotStore::newRepositoryIsAPlainBareGitRepository()
{
    // The history writes its bare layout itself (no template): git must read it as its own, with the
    // settings open() and the janitor rely on, and nothing else in it.
    write(u"a.txt"_s, "hello\n");
    SnapshotStore store;
    QString error;
    QVERIFY2(store.open(home(), git(), &error), qPrintable(error));
    QVERIFY(!commit(store, u"echo hello > a.txt"_s).commitId.isEmpty());
    store.close();
    QVERIFY(!QFileInfo::exists(git() + u".init-"_s + QString::number(QCoreApplication::applicationPid())));
    for (const char *absent : {"description", "hooks", "info"})
        QVERIFY2(!QFileInfo::exists(git() + u'/' + QLatin1StringView(absent)), absent);
    QCOMPARE(QFileInfo(git()).permissions() & (QFileDevice::ReadOther | QFileDevice::ReadGroup),
             QFileDevice::Permissions());

    const QString gitTool = QStandardPaths::findExecutable(u"git"_s);
    if (gitTool.isEmpty())
        QSKIP("git is not installed");
    auto runGit = [&](const QStringList &args, QByteArray *out = nullptr) {
        QProcess p;
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.start(gitTool, QStringList{u"--git-dir"_s, git()} + args);
        if (!p.waitForFinished(30000))
            return false;
        if (out)
            *out = p.readAll().trimmed();
        return p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
    };
    QByteArray out;
    QVERIFY2(runGit({u"fsck"_s, u"--strict"_s}, &out), out.constData());
    QVERIFY(runGit({u"rev-parse"_s, u"--is-bare-repository"_s}, &out));
    QCOMPARE(out, QByteArray("true"));
    QVERIFY(runGit({u"symbolic-ref"_s, u"HEAD"_s}, &out));
    QCOMPARE(out, QByteArray("refs/heads/main"));
    QVERIFY(runGit({u"config"_s, u"core.logAllRefUpdates"_s}, &out));
    QCOMPARE(out, QByteArray("always"));
    QVERIFY(runGit({u"config"_s, u"gc.auto"_s}, &out));
    QCOMPARE(out, QByteArray("0"));
    QVERIFY(runGit({u"log"_s, u"--format=%s"_s, u"main"_s}, &out));
    QCOMPARE(out, QByteArray("echo hello > a.txt"));
    QVERIFY(runGit({u"reflog"_s, u"main"_s}, &out));
    QVERIFY(!out.isEmpty());
}

void TestSnapshotStore::leftoverInitDirectoryIsReplaced()
{
    // A kill during creation leaves the half-made repository under its temporary name only; the next open
    // of a process that got the same pid starts over instead of failing on it.
    const QString leftover = git() + u".init-"_s + QString::number(QCoreApplication::applicationPid());
    QVERIFY(QDir().mkpath(leftover + u"/objects"_s));
    QFile half(leftover + u"/config"_s);
    QVERIFY(half.open(QIODevice::WriteOnly));
    half.write("[core");
    half.close();
    SnapshotStore store;
    QString error;
    QVERIFY2(store.open(home(), git(), &error), qPrintable(error));
    QVERIFY(!QFileInfo::exists(leftover));
    QVERIFY(!commit(store, u"true"_s).commitId.isEmpty());
    QCOMPARE(store.history(&error).value_or(QList<HistoryEntry>{}).size(), 1);
}

void TestSnapshotStore::firstCommitRecordsFiles()
{
    write(u"a.txt"_s, "hello\n");
    write(u"dir/sub/b.bin"_s, QByteArray(1000, 'x'));
    SnapshotStore store;
    QString error;
    QVERIFY2(store.open(home(), git(), &error), qPrintable(error));
    CommandMeta meta;
    meta.exitCode = 3;
    meta.durationMs = 1234;
    const auto snap = store.commitCommand(u"echo hello > a.txt"_s, meta, ChangeHint::anything(), &error);
    QVERIFY2(snap, qPrintable(error));
    QCOMPARE(snap->commitId.size(), 40);
    QCOMPARE(snap->changes.size(), 2);
    for (const FileChange &c : snap->changes) {
        QCOMPARE(c.kind, ChangeKind::Added);
        QCOMPARE(c.oldSize, -1);
        QCOMPARE(c.newSize, c.path == u"a.txt"_s ? 6 : 1000);
    }
    QCOMPARE(store.headCommit(), snap->commitId);
    const auto hist = store.history(&error);
    QVERIFY(hist);
    QCOMPARE(hist->size(), 1);
    QCOMPARE(hist->at(0).command, u"echo hello > a.txt"_s);
    QCOMPARE(hist->at(0).exitCode, 3);
    QCOMPARE(hist->at(0).timedOut, false);
    QCOMPARE(hist->at(0).durationMs, 1234);
    QCOMPARE(hist->at(0).added, 2);
    QCOMPARE(hist->at(0).parentId, QString());
    QVERIFY(hist->at(0).timeMs > 0);
}

void TestSnapshotStore::readOnlyBesideAWriter()
{
    // A second store (another process: the CLI beside the window) reads the history the first one holds
    // and keeps writing; it writes nothing itself and every write is refused.
    write(u"a.txt"_s, "one\n");
    SnapshotStore writer;
    QString error;
    QVERIFY2(writer.open(home(), git(), &error), qPrintable(error));
    const auto first = writer.commitCommand(u"first"_s, {}, ChangeHint::anything(), &error);
    QVERIFY2(first, qPrintable(error));
    SnapshotStore second;
    QVERIFY(!second.open(home(), git(), &error));
    QVERIFY2(error.contains(u"already open in this process"_s), qPrintable(error)); // one process plays both
    SnapshotStore reader;
    QVERIFY2(reader.openReadOnly(home(), git(), &error), qPrintable(error));
    QVERIFY(reader.isReadOnly());
    auto hist = reader.history(&error);
    QVERIFY2(hist, qPrintable(error));
    QCOMPARE(hist->size(), 1);
    // The writer goes on; the reader sees the new entry, its changes and diff.
    write(u"a.txt"_s, "two\n");
    const auto next = writer.commitCommand(u"second"_s, {}, ChangeHint::anything(), &error);
    QVERIFY2(next, qPrintable(error));
    hist = reader.history(&error);
    QVERIFY2(hist, qPrintable(error));
    QCOMPARE(hist->size(), 2);
    QCOMPARE(hist->at(0).command, u"second"_s);
    const auto changes = reader.changes(next->commitId, &error);
    QVERIFY2(changes && changes->size() == 1, qPrintable(error));
    const auto diff = reader.fileDiff(u"a.txt"_s, {}, next->commitId, &error);
    QVERIFY2(diff, qPrintable(error));
    QVERIFY(diff->text.contains(u"+two"_s));
    // Writes are refused with why.
    error.clear();
    QVERIFY(!reader.commitCommand(u"x"_s, {}, ChangeHint::anything(), &error));
    QVERIFY2(error.contains(u"reading only"_s), qPrintable(error));
    error.clear();
    QVERIFY(!reader.restoreWorkspace(first->commitId, &error));
    QVERIFY2(error.contains(u"reading only"_s), qPrintable(error));
    QVERIFY(!reader.commitUpload(u"a.txt"_s, &error));
    QVERIFY(!reader.refresh(&error));
    QCOMPARE(QFile(home() + u"/a.txt"_s).size(), 4);
    // Closing the reader writes nothing beside the writer's files; the writer still holds the lock.
    const QStringList before = QDir(git()).entryList(QDir::Files | QDir::Hidden);
    reader.close();
    QCOMPARE(QDir(git()).entryList(QDir::Files | QDir::Hidden), before);
    QVERIFY(!second.open(home(), git(), &error));
    // No history yet: said so.
    SnapshotStore none;
    QVERIFY(!none.openReadOnly(home(), m_dir->filePath(u"none.git"_s), &error));
    QVERIFY2(error.contains(u"no history yet"_s), qPrintable(error));
}

void TestSnapshotStore::modifiedAddedDeleted()
{
    write(u"keep.txt"_s, "same");
    write(u"edit.txt"_s, "old");
    write(u"gone/x.txt"_s, "bye");
    SnapshotStore store;
    QString error;
    QVERIFY(store.open(home(), git(), &error));
    const Snapshot first = commit(store, u"setup"_s);
    write(u"edit.txt"_s, "new content");
    write(u"new.txt"_s, "fresh");
    QVERIFY(QDir(home() + u"/gone"_s).removeRecursively());
    const Snapshot second = commit(store, u"change"_s);
    const auto k = kinds(second.changes);
    QCOMPARE(k.size(), 3);
    QCOMPARE(k.value(u"edit.txt"_s), ChangeKind::Modified);
    QCOMPARE(k.value(u"new.txt"_s), ChangeKind::Added);
    QCOMPARE(k.value(u"gone/x.txt"_s), ChangeKind::Deleted);
    for (const FileChange &c : second.changes) {
        if (c.path == u"edit.txt"_s) {
            QCOMPARE(c.oldSize, 3);
            QCOMPARE(c.newSize, 11);
        } else if (c.path == u"gone/x.txt"_s) {
            QCOMPARE(c.oldSize, 3);
            QCOMPARE(c.newSize, -1);
        }
    }
    const auto changes = store.changes(second.commitId, &error);
    QVERIFY(changes);
    QCOMPARE(kinds(*changes), k);
    const auto hist = store.history(&error);
    QCOMPARE(hist->size(), 2);
    QCOMPARE(hist->at(0).commitId, second.commitId);
    QCOMPARE(hist->at(0).parentId, first.commitId);
    QCOMPARE(hist->at(0).added, 1);
    QCOMPARE(hist->at(0).modified, 1);
    QCOMPARE(hist->at(0).deleted, 1);
    QCOMPARE(store.history(&error, 1)->size(), 1);
}

void TestSnapshotStore::nothingChangedStillCommits()
{
    write(u"a"_s, "1");
    SnapshotStore store;
    QString error;
    QVERIFY(store.open(home(), git(), &error));
    const Snapshot first = commit(store, u"one"_s);
    const Snapshot second = commit(store, u"true"_s);
    QVERIFY(!second.commitId.isEmpty());
    QVERIFY(second.commitId != first.commitId);
    QVERIFY(second.changes.isEmpty());
    QCOMPARE(store.history(&error)->size(), 2);
    QVERIFY(store.changes(second.commitId, &error)->isEmpty());
}

void TestSnapshotStore::timeoutOutcome()
{
    SnapshotStore store;
    QString error;
    QVERIFY(store.open(home(), git(), &error));
    CommandMeta meta;
    meta.timedOut = true;
    meta.durationMs = 120000;
    QVERIFY(store.commitCommand(u"sleep 999"_s, meta, ChangeHint::anything(), &error));
    const auto hist = store.history(&error);
    QCOMPARE(hist->at(0).timedOut, true);
    QCOMPARE(hist->at(0).durationMs, 120000);
    QCOMPARE(hist->at(0).command, u"sleep 999"_s);
}

void TestSnapshotStore::sameSizeAndMtimeEditIsCaught_data()
{
    QTest::addColumn<bool>("withHint");
    QTest::newRow("full scan") << false;
    QTest::newRow("path hint") << true;
}

void TestSnapshotStore::sameSizeAndMtimeEditIsCaught()
{
    QFETCH(bool, withHint);
    write(u"data.csv"_s, "aaaa");
    SnapshotStore store;
    QString error;
    QVERIFY(store.open(home(), git(), &error));
    commit(store, u"create"_s);
    // Wait past the racy window so the stat cache entry is trusted, then prove ctime still catches the edit.
    QThread::msleep(1200);
    QVERIFY(commit(store, u"trust cache"_s).changes.isEmpty());
    struct stat before;
    const QByteArray path = QFile::encodeName(home() + u"/data.csv"_s);
    QCOMPARE(::stat(path.constData(), &before), 0);
    const int fd = ::open(path.constData(), O_WRONLY);
    QVERIFY(fd >= 0);
    QCOMPARE(::pwrite(fd, "bbbb", 4, 0), ssize_t(4));
    const timespec times[2] = {before.st_atim, before.st_mtim};
    QCOMPARE(::futimens(fd, times), 0);
    ::close(fd);
    struct stat after;
    QCOMPARE(::stat(path.constData(), &after), 0);
    QCOMPARE(after.st_size, before.st_size);
    QCOMPARE(after.st_mtim.tv_nsec, before.st_mtim.tv_nsec);
    QCOMPARE(after.st_ino, before.st_ino);
    const Snapshot snap = commit(store, u"sneaky edit"_s,
                                 withHint ? ChangeHint::onlyPaths({"data.csv"}) : ChangeHint::anything());
    QCOMPARE(snap.changes.size(), 1);
    QCOMPARE(snap.changes.at(0).kind, ChangeKind::Modified);
    const auto diff = store.fileDiff(u"data.csv"_s, QString(), snap.commitId, &error);
    QVERIFY(diff);
    QVERIFY(diff->text.contains(u"+bbbb"_s));
}

void TestSnapshotStore::symlinksAreStoredNotFollowed()
{
    QTemporaryDir outside;
    QFile secret(outside.filePath(u"secret"_s));
    QVERIFY(secret.open(QIODevice::WriteOnly));
    secret.write("TOP SECRET HOST DATA");
    secret.close();
    QVERIFY(QFile::link(secret.fileName(), home() + u"/link-to-file"_s));
    QVERIFY(QFile::link(outside.path(), home() + u"/link-to-dir"_s));
    SnapshotStore store;
    QString error;
    QVERIFY(store.open(home(), git(), &error));
    const Snapshot snap = commit(store, u"ln"_s);
    const auto k = kinds(snap.changes);
    QCOMPARE(k.size(), 2); // nothing below link-to-dir
    QVERIFY(k.contains(u"link-to-file"_s));
    QVERIFY(k.contains(u"link-to-dir"_s));
    for (const FileChange &c : snap.changes) {
        if (c.path == u"link-to-file"_s)
            QCOMPARE(c.newSize, QFile::encodeName(secret.fileName()).size());
    }
    const auto diff = store.fileDiff(u"link-to-file"_s, QString(), snap.commitId, &error);
    QVERIFY(diff);
    QVERIFY(!diff->text.contains(u"TOP SECRET"_s));
    QVERIFY(diff->text.contains(outside.path()));
    // Stored as a symlink: a restore brings back the link, not a copy of the host file.
    QVERIFY(QFile::remove(home() + u"/link-to-file"_s));
    commit(store, u"rm"_s);
    QVERIFY(store.restoreFile(u"link-to-file"_s, snap.commitId, &error));
    QCOMPARE(QFileInfo(home() + u"/link-to-file"_s).symLinkTarget(), secret.fileName());
}

void TestSnapshotStore::specialFilesAreSkipped()
{
    write(u"plain"_s, "x");
    QCOMPARE(::mkfifo(QFile::encodeName(home() + u"/fifo"_s).constData(), 0644), 0);
    const int sock = ::socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    const QByteArray sockPath = QFile::encodeName(home() + u"/sock"_s);
    if (sockPath.size() < qsizetype(sizeof addr.sun_path)) {
        qstrncpy(addr.sun_path, sockPath.constData(), sizeof addr.sun_path);
        QCOMPARE(::bind(sock, reinterpret_cast<sockaddr *>(&addr), sizeof addr), 0);
    }
    SnapshotStore store;
    QString error;
    QVERIFY(store.open(home(), git(), &error));
    const Snapshot snap = commit(store, u"mkfifo"_s);
    ::close(sock);
    QCOMPARE(kinds(snap.changes).keys(), QList<QString>{u"plain"_s});
}

void TestSnapshotStore::dotGitNamesRoundTrip()
{
    write(u".git/config"_s, "[core]\n");
    write(u"proj/.GIT/HEAD"_s, "ref");
    write(u".gitignore"_s, "*.o\n");
    write(u".sbx-tricky"_s, "prefix clash");
    SnapshotStore store;
    QString error;
    QVERIFY(store.open(home(), git(), &error));
    const Snapshot first = commit(store, u"git init"_s);
    const auto k = kinds(first.changes);
    QCOMPARE(k.size(), 4);
    QVERIFY(k.contains(u".git/config"_s));
    QVERIFY(k.contains(u"proj/.GIT/HEAD"_s));
    QVERIFY(k.contains(u".gitignore"_s));
    QVERIFY(k.contains(u".sbx-tricky"_s));
    QVERIFY(QDir(home() + u"/.git"_s).removeRecursively());
    QVERIFY(QFile::remove(home() + u"/.sbx-tricky"_s));
    commit(store, u"rm -rf .git"_s);
    QVERIFY(store.restoreWorkspace(first.commitId, &error));
    QCOMPARE(read(u".git/config"_s), QByteArray("[core]\n"));
    QCOMPARE(read(u".sbx-tricky"_s), QByteArray("prefix clash"));
}

void TestSnapshotStore::multiLineCommand()
{
    SnapshotStore store;
    QString error;
    QVERIFY(store.open(home(), git(), &error));
    const QString cmd = u"cat <<EOF\n\nSandbench-Kind: restore\nEOF\n\n"_s;
    QVERIFY(store.commitCommand(cmd, {}, ChangeHint::anything(), &error));
    const auto hist = store.history(&error);
    QCOMPARE(hist->at(0).command, cmd);
    QCOMPARE(hist->at(0).kind, EntryKind::Command);
}

void TestSnapshotStore::fileDiffText()
{
    write(u"notes.txt"_s, "line1\nline2\nline3\n");
    SnapshotStore store;
    QString error;
    QVERIFY(store.open(home(), git(), &error));
    const Snapshot a = commit(store, u"one"_s);
    write(u"notes.txt"_s, "line1\nLINE2\nline3\n");
    const Snapshot b = commit(store, u"two"_s);
    write(u"other"_s, "x");
    const Snapshot c = commit(store, u"three"_s);
    const auto diff = store.fileDiff(u"notes.txt"_s, a.commitId, c.commitId, &error);
    QVERIFY2(diff, qPrintable(error));
    QVERIFY(!diff->binary);
    QVERIFY(diff->text.contains(u"--- a/notes.txt"_s));
    QVERIFY(diff->text.contains(u"-line2\n"_s));
    QVERIFY(diff->text.contains(u"+LINE2\n"_s));
    QVERIFY(store.fileDiff(u"notes.txt"_s, b.commitId, c.commitId, &error)->text.isEmpty());
    const auto added = store.fileDiff(u"notes.txt"_s, QString(), a.commitId, &error);
    QVERIFY(added->text.contains(u"+line3"_s));
    QVERIFY(!store.fileDiff(u"notes.txt"_s, u"nothex"_s, c.commitId, &error));
    QVERIFY(error.contains(u"not a commit id"_s));
    QVERIFY(!store.fileDiff(u"../etc/passwd"_s, a.commitId, c.commitId, &error));
}

void TestSnapshotStore::fileDiffBinary()
{
    write(u"img.bin"_s, QByteArray("\x00\x01\x02\x03", 4));
    SnapshotStore store;
    QString error;
    QVERIFY(store.open(home(), git(), &error));
    commit(store, u"one"_s);
    write(u"img.bin"_s, QByteArray("\x00\x01\x02\x04\x05", 5));
    const Snapshot b = commit(store, u"two"_s);
    const auto diff = store.fileDiff(u"img.bin"_s, QString(), b.commitId, &error);
    QVERIFY(diff);
    QVERIFY(diff->binary);
}

void TestSnapshotStore::restoreFile()
{
    write(u"report.md"_s, "version 1");
    write(u"other.md"_s, "untouched");
    SnapshotStore store;
    QString error;
    QVERIFY(store.open(home(), git(), &error));
    const Snapshot v1 = commit(store, u"write v1"_s);
    write(u"report.md"_s, "version 2, longer");
    write(u"other.md"_s, "changed too");
    commit(store, u"write v2"_s);
    const auto restored = store.restoreFile(u"report.md"_s, v1.commitId, &error);
    QVERIFY2(restored, qPrintable(error));
    QCOMPARE(read(u"report.md"_s), QByteArray("version 1"));
    QCOMPARE(read(u"other.md"_s), QByteArray("changed too"));
    QCOMPARE(restored->changes.size(), 1);
    QCOMPARE(restored->changes.at(0).path, u"report.md"_s);
    const auto hist = store.history(&error);
    QCOMPARE(hist->size(), 3);
    QVERIFY(hist->at(0).kind == EntryKind::Restore);
    QVERIFY(hist->at(0).command.startsWith(u"restore report.md to "_s));
    QVERIFY(!store.restoreFile(u"report.md"_s, u"0123456789012345678901234567890123456789"_s, &error));
    QVERIFY(error.contains(u"no such commit"_s));
}

void TestSnapshotStore::restoreDeletesFileAbsentInCommit()
{
    write(u"a"_s, "1");
    SnapshotStore store;
    QString error;
    QVERIFY(store.open(home(), git(), &error));
    const Snapshot first = commit(store, u"one"_s);
    write(u"dir/new.txt"_s, "later");
    commit(store, u"two"_s);
    const auto restored = store.restoreFile(u"dir"_s, first.commitId, &error);
    QVERIFY2(restored, qPrintable(error));
    QVERIFY(!QFileInfo::exists(home() + u"/dir/new.txt"_s));
    QCOMPARE(kinds(restored->changes).value(u"dir/new.txt"_s), ChangeKind::Deleted);
}

void TestSnapshotStore::restoreDoesNotFollowPlantedSymlink()
{
    write(u"dir/file.txt"_s, "saved");
    write(u"top.txt"_s, "saved top");
    SnapshotStore store;
    QString error;
    QVERIFY(store.open(home(), git(), &error));
    const Snapshot first = commit(store, u"one"_s);
    // The container replaces dir with a link to a host directory, and top.txt with a link to a host file.
    QTemporaryDir outside;
    QFile hostFile(outside.filePath(u"host.txt"_s));
    QVERIFY(hostFile.open(QIODevice::WriteOnly));
    hostFile.write("host content");
    hostFile.close();
    QVERIFY(QDir(home() + u"/dir"_s).removeRecursively());
    QVERIFY(QFile::link(outside.path(), home() + u"/dir"_s));
    QVERIFY(QFile::remove(home() + u"/top.txt"_s));
    QVERIFY(QFile::link(hostFile.fileName(), home() + u"/top.txt"_s));
    commit(store, u"plant links"_s);
    QVERIFY2(store.restoreFile(u"dir/file.txt"_s, first.commitId, &error), qPrintable(error));
    QVERIFY2(store.restoreFile(u"top.txt"_s, first.commitId, &error), qPrintable(error));
    QVERIFY(!QFileInfo::exists(outside.filePath(u"file.txt"_s)));
    QVERIFY(!QFileInfo(home() + u"/dir"_s).isSymLink());
    QVERIFY(!QFileInfo(home() + u"/top.txt"_s).isSymLink());
    QCOMPARE(read(u"dir/file.txt"_s), QByteArray("saved"));
    QCOMPARE(read(u"top.txt"_s), QByteArray("saved top"));
    QFile check(hostFile.fileName());
    QVERIFY(check.open(QIODevice::ReadOnly));
    QCOMPARE(check.readAll(), QByteArray("host content"));
}

void TestSnapshotStore::restoreRefusesEscapingPaths_data()
{
    QTest::addColumn<QString>("path");
    QTest::newRow("dotdot") << u"../outside"_s;
    QTest::newRow("inner dotdot") << u"a/../../outside"_s;
    QTest::newRow("absolute") << u"/etc/passwd"_s;
    QTest::newRow("nul") << u"a\u0000b"_s;
    QTest::newRow("empty") << QString();
    QTest::newRow("double slash") << u"a//b"_s;
}

void TestSnapshotStore::restoreRefusesEscapingPaths()
{
    QFETCH(QString, path);
    write(u"a/b"_s, "x");
    SnapshotStore store;
    QString error;
    QVERIFY(store.open(home(), git(), &error));
    const Snapshot first = commit(store, u"one"_s);
    error.clear();
    QVERIFY(!store.restoreFile(path, first.commitId, &error));
    QVERIFY(!error.isEmpty());
    QCOMPARE(store.history(&error)->size(), 1);
}

void TestSnapshotStore::restoreWorkspace()
{
    write(u"a.txt"_s, "A1");
    write(u"sub/b.txt"_s, "B1");
    write(u"run.sh"_s, "#!/bin/sh\n");
    QFile::setPermissions(home() + u"/run.sh"_s, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    QVERIFY(QFile::link(u"a.txt"_s, home() + u"/alias"_s));
    SnapshotStore store;
    QString error;
    QVERIFY(store.open(home(), git(), &error));
    const Snapshot first = commit(store, u"one"_s);
    write(u"a.txt"_s, "A2");
    QVERIFY(QDir(home() + u"/sub"_s).removeRecursively());
    write(u"sub"_s, "now a file");
    write(u"extra/c.txt"_s, "C");
    QFile::remove(home() + u"/alias"_s);
    QFile::remove(home() + u"/run.sh"_s);
    commit(store, u"two"_s);
    const auto restored = store.restoreWorkspace(first.commitId, &error);
    QVERIFY2(restored, qPrintable(error));
    QCOMPARE(read(u"a.txt"_s), QByteArray("A1"));
    QCOMPARE(read(u"sub/b.txt"_s), QByteArray("B1"));
    QVERIFY(!QFileInfo::exists(home() + u"/extra"_s));
    QCOMPARE(QFileInfo(home() + u"/alias"_s).symLinkTarget(), home() + u"/a.txt"_s);
    QVERIFY(QFileInfo(home() + u"/run.sh"_s).isExecutable());
    const auto hist = store.history(&error);
    QVERIFY(hist->at(0).command.startsWith(u"restore workspace to "_s));
    // The restore commit has exactly the first commit's tree.
    const auto diffToFirst = store.fileDiff(u"a.txt"_s, first.commitId, hist->at(0).commitId, &error);
    QVERIFY(diffToFirst->text.isEmpty());
}

void TestSnapshotStore::restoredFilesGetHomeOwner()
{
    if (::geteuid() != 0)
        QSKIP("needs root to chown");
    write(u"f.txt"_s, "1");
    QCOMPARE(::chown(QFile::encodeName(home()).constData(), 910000, 910000), 0);
    SnapshotStore store;
    QString error;
    QVERIFY(store.open(home(), git(), &error));
    const Snapshot first = commit(store, u"one"_s);
    QVERIFY(QFile::remove(home() + u"/f.txt"_s));
    commit(store, u"rm"_s);
    write(u"deep/x"_s, "1");
    const Snapshot second = commit(store, u"deep"_s);
    QVERIFY(QDir(home() + u"/deep"_s).removeRecursively());
    commit(store, u"rm deep"_s);
    QVERIFY(store.restoreFile(u"f.txt"_s, first.commitId, &error));
    QVERIFY(store.restoreFile(u"deep/x"_s, second.commitId, &error));
    struct stat st;
    QCOMPARE(::lstat(QFile::encodeName(home() + u"/f.txt"_s).constData(), &st), 0);
    QCOMPARE(st.st_uid, uid_t(910000));
    QCOMPARE(st.st_gid, gid_t(910000));
    QCOMPARE(::lstat(QFile::encodeName(home() + u"/deep"_s).constData(), &st), 0);
    QCOMPARE(st.st_uid, uid_t(910000));
    QCOMPARE(::lstat(QFile::encodeName(home() + u"/deep/x"_s).constData(), &st), 0);
    QCOMPARE(st.st_uid, uid_t(910000));
}

void TestSnapshotStore::hintedDirectoryCatchesNewAndDeletedFiles()
{
    write(u"work/a"_s, "1");
    write(u"work/b"_s, "2");
    write(u"elsewhere"_s, "3");
    SnapshotStore store;
    QString error;
    QVERIFY(store.open(home(), git(), &error));
    commit(store, u"one"_s);
    write(u"work/new/c"_s, "4");
    QVERIFY(QFile::remove(home() + u"/work/a"_s));
    write(u"elsewhere"_s, "changed but not hinted");
    const Snapshot snap =
        commit(store, u"two"_s, ChangeHint::onlyPaths({"work", "work/new", "no/such/path"}));
    const auto k = kinds(snap.changes);
    QCOMPARE(k.size(), 2);
    QCOMPARE(k.value(u"work/new/c"_s), ChangeKind::Added);
    QCOMPARE(k.value(u"work/a"_s), ChangeKind::Deleted);
    // A deleted directory named in a hint removes everything below it.
    QVERIFY(QDir(home() + u"/work"_s).removeRecursively());
    // work/b's parent is gone, so the look widens to work and catches work/new/c too.
    const Snapshot third = commit(store, u"three"_s, ChangeHint::onlyPaths({"work/b"}));
    const auto k3 = kinds(third.changes);
    QCOMPARE(k3.size(), 2);
    QCOMPARE(k3.value(u"work/b"_s), ChangeKind::Deleted);
    QCOMPARE(k3.value(u"work/new/c"_s), ChangeKind::Deleted);
    // The edit nobody hinted at is picked up by the next full scan.
    const Snapshot fourth = commit(store, u"four"_s);
    QCOMPARE(kinds(fourth.changes).keys(), QList<QString>{u"elsewhere"_s});
}

void TestSnapshotStore::firstCommitAfterOpenIgnoresHint()
{
    write(u"a"_s, "1");
    QString error;
    {
        SnapshotStore store;
        QVERIFY(store.open(home(), git(), &error));
        commit(store, u"one"_s);
    }
    write(u"b"_s, "changed while closed");
    SnapshotStore store;
    QVERIFY(store.open(home(), git(), &error));
    const Snapshot snap = commit(store, u"two"_s, ChangeHint::onlyPaths({"a"}));
    QCOMPARE(kinds(snap.changes).value(u"b"_s), ChangeKind::Added);
}

void TestSnapshotStore::refreshAtWakeLetsFirstCommitUseHint()
{
    write(u"a"_s, "1");
    QString error;
    {
        SnapshotStore store;
        QVERIFY(store.open(home(), git(), &error));
        commit(store, u"one"_s);
    }
    write(u"b"_s, "changed while asleep");
    SnapshotStore store;
    QVERIFY(store.open(home(), git(), &error));
    QVERIFY(store.refresh(&error));
    write(u"c"_s, "written by the first command");
    const Snapshot snap = commit(store, u"two"_s, ChangeHint::onlyPaths({"c"}));
    // The refresh saw b, the hint covers c: both land in the first commit after wake.
    const auto k = kinds(snap.changes);
    QCOMPARE(k.size(), 2);
    QCOMPARE(k.value(u"b"_s), ChangeKind::Added);
    QCOMPARE(k.value(u"c"_s), ChangeKind::Added);
}

void TestSnapshotStore::statCacheSurvivesReopen()
{
    for (int i = 0; i < 50; ++i)
        write(u"f%1"_s.arg(i), QByteArray::number(i));
    QString error;
    QString head;
    {
        SnapshotStore store;
        QVERIFY(store.open(home(), git(), &error));
        head = commit(store, u"one"_s).commitId;
    }
    QVERIFY(QFileInfo::exists(git() + u"/sandbench-index"_s));
    SnapshotStore store;
    QVERIFY(store.open(home(), git(), &error));
    QVERIFY(!store.recoveredOnOpen());
    QCOMPARE(store.headCommit(), head);
    QVERIFY(commit(store, u"two"_s).changes.isEmpty());
}

void TestSnapshotStore::secondOpenIsRefused()
{
    SnapshotStore a;
    SnapshotStore b;
    QString error;
    QVERIFY(a.open(home(), git(), &error));
    QVERIFY(!b.open(home(), git(), &error));
    // The same process holds it: the message says so (two stores on one history is a bug of ours).
    QVERIFY2(error.contains(u"already open in this process"_s), qPrintable(error));
    a.close();
    QVERIFY(b.open(home(), git(), &error));
    b.close();

    // Another process holds it: its process id is named; a holder that lets go within the wait is waited for.
    QProcess holder;
    holder.start(u"flock"_s, {git() + u"/sandbench.lock"_s, u"sh"_s, u"-c"_s,
                              u"echo $$ > %1/sandbench.lock; echo held; sleep 1"_s.arg(git())});
    QVERIFY(holder.waitForReadyRead(10000));
    QVERIFY(!b.open(home(), git(), &error));
    QVERIFY2(error.contains(u"in use by another process (pid "_s), qPrintable(error));
    QVERIFY2(b.open(home(), git(), &error, 20000), qPrintable(error));
    QVERIFY(holder.waitForFinished(10000));
}

void TestSnapshotStore::staleLockFilesAreCleared()
{
    write(u"a"_s, "1");
    QString error;
    {
        SnapshotStore store;
        QVERIFY(store.open(home(), git(), &error));
        commit(store, u"one"_s);
    }
    for (const QString &lock : {u"/refs/heads/main.lock"_s, u"/HEAD.lock"_s, u"/sandbench-index.lock"_s}) {
        QFile f(git() + lock);
        QVERIFY(f.open(QIODevice::WriteOnly));
    }
    SnapshotStore store;
    QVERIFY(store.open(home(), git(), &error));
    write(u"a"_s, "2");
    const Snapshot snap = commit(store, u"two"_s);
    QVERIFY(!snap.commitId.isEmpty());
    QCOMPARE(store.headCommit(), snap.commitId);
}

void TestSnapshotStore::brokenHeadFallsBackToLastGood()
{
    write(u"a"_s, "1");
    QString error;
    QString good;
    {
        SnapshotStore store;
        QVERIFY(store.open(home(), git(), &error));
        commit(store, u"one"_s);
        write(u"a"_s, "2");
        good = commit(store, u"two"_s).commitId;
    }
    // Point the branch at a commit whose objects never made it to disk.
    QFile ref(git() + u"/refs/heads/main"_s);
    QVERIFY(ref.open(QIODevice::WriteOnly | QIODevice::Truncate));
    ref.write("1234567890123456789012345678901234567890\n");
    ref.close();
    SnapshotStore store;
    QVERIFY2(store.open(home(), git(), &error), qPrintable(error));
    QVERIFY(store.recoveredOnOpen());
    QCOMPARE(store.headCommit(), good);
    QCOMPARE(store.history(&error)->size(), 2);
    write(u"a"_s, "3");
    const Snapshot snap = commit(store, u"three"_s);
    QCOMPARE(kinds(snap.changes).value(u"a"_s), ChangeKind::Modified);
    // Garbage (a torn write) in the ref file is handled the same way.
    store.close();
    QVERIFY(ref.open(QIODevice::WriteOnly | QIODevice::Truncate));
    ref.write("\0\0\0garbage", 10);
    ref.close();
    QVERIFY2(store.open(home(), git(), &error), qPrintable(error));
    QCOMPARE(store.headCommit(), snap.commitId);
}

void TestSnapshotStore::corruptStatCacheIsRebuilt()
{
    write(u"a"_s, "1");
    QString error;
    {
        SnapshotStore store;
        QVERIFY(store.open(home(), git(), &error));
        commit(store, u"one"_s);
    }
    QFile index(git() + u"/sandbench-index"_s);
    QVERIFY(index.open(QIODevice::WriteOnly | QIODevice::Truncate));
    index.write("DIRC garbage");
    index.close();
    SnapshotStore store;
    QVERIFY2(store.open(home(), git(), &error), qPrintable(error));
    QVERIFY(store.recoveredOnOpen());
    QVERIFY(commit(store, u"two"_s).changes.isEmpty());
}

void TestSnapshotStore::missingHeadFileKeepsHistory()
{
    write(u"a"_s, "1");
    QString error;
    QString head;
    {
        SnapshotStore store;
        QVERIFY(store.open(home(), git(), &error));
        head = commit(store, u"one"_s).commitId;
    }
    QVERIFY(QFile::remove(git() + u"/HEAD"_s));
    SnapshotStore store;
    QVERIFY2(store.open(home(), git(), &error), qPrintable(error));
    QVERIFY(store.recoveredOnOpen());
    QCOMPARE(store.headCommit(), head);
}

void TestSnapshotStore::killDuringCommitLeavesUsableHistory()
{
    for (int i = 0; i < 200; ++i)
        write(u"d%1/f%2"_s.arg(i % 10).arg(i), QByteArray(2000, char('a' + i % 26)));
    const QString homeDir = home();
    const QString gitDir = git();
    for (int round = 0; round < 6; ++round) {
        int ready[2];
        QCOMPARE(::pipe(ready), 0);
        const pid_t child = ::fork();
        QVERIFY(child >= 0);
        if (child == 0) {
            ::close(ready[0]);
            SnapshotStore store;
            QString error;
            if (!store.open(homeDir, gitDir, &error))
                ::_exit(3);
            for (int n = 0;; ++n) {
                // Rewrite many files per commit so the kill is likely to land inside one.
                for (int i = 0; i < 200; i += 3) {
                    QFile f(homeDir + u"/d%1/f%2"_s.arg(i % 10).arg(i));
                    if (f.open(QIODevice::WriteOnly | QIODevice::Truncate))
                        f.write(QByteArray::number(n) + QByteArray(3000 + n, char('a' + (n + i) % 26)));
                }
                CommandMeta meta;
                if (!store.commitCommand(u"loop %1"_s.arg(n), meta, ChangeHint::anything(), &error))
                    ::_exit(4);
                if (n == 0)
                    (void)::write(ready[1], "r", 1);
            }
        }
        ::close(ready[1]);
        char byte = 0;
        QCOMPARE(::read(ready[0], &byte, 1), ssize_t(1)); // the child has committed at least once
        ::close(ready[0]);
        QThread::msleep(20 + 37 * round);
        QCOMPARE(::kill(child, SIGKILL), 0);
        int status = 0;
        QCOMPARE(::waitpid(child, &status, 0), child);
        QVERIFY2(WIFSIGNALED(status), "child failed before it was killed");
        QString error;
        SnapshotStore store;
        QVERIFY2(store.open(homeDir, gitDir, &error), qPrintable(error));
        const auto hist = store.history(&error);
        QVERIFY2(hist, qPrintable(error));
        QVERIFY(!hist->isEmpty());
        for (const HistoryEntry &e : *hist)
            QVERIFY(store.changes(e.commitId, &error));
    }
    // After the last kill: one more commit must capture home exactly; prove it by restoring through it.
    QString error;
    SnapshotStore store;
    QVERIFY(store.open(homeDir, gitDir, &error));
    const Snapshot now = commit(store, u"after crash"_s);
    QVERIFY(!now.commitId.isEmpty());
    QHash<QString, QByteArray> expected;
    for (int i = 0; i < 200; ++i) {
        const QString rel = u"d%1/f%2"_s.arg(i % 10).arg(i);
        expected.insert(rel, read(rel));
    }
    const auto hist = store.history(&error);
    QVERIFY2(store.restoreWorkspace(hist->last().commitId, &error), qPrintable(error));
    QVERIFY2(store.restoreWorkspace(now.commitId, &error), qPrintable(error));
    for (auto it = expected.cbegin(); it != expected.cend(); ++it)
        QCOMPARE(read(it.key()), it.value());
}

static QByteArray randomBytes(qint64 size, quint32 seed)
{
    QByteArray data(size, Qt::Uninitialized);
    QRandomGenerator rng(seed);
    rng.fillRange(reinterpret_cast<quint32 *>(data.data()), size / 4);
    return data;
}

// Disk space under a directory, as du counts it.
static qint64 diskUsage(const QString &dir)
{
    qint64 total = 0;
    QDirIterator it(dir, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        struct stat st;
        if (::lstat(QFile::encodeName(it.next()).constData(), &st) == 0)
            total += qint64(st.st_blocks) * 512;
    }
    return total;
}

void TestSnapshotStore::budgetDropsTheOldestVersionsAndSaysSo()
{
    // Writing and deleting a large file again and again: home + history stay within the budget, the oldest
    // versions go first, and every way of looking at them says they were not kept.
    constexpr qint64 MiB = 1024 * 1024;
    constexpr qint64 budget = 8 * MiB;
    SnapshotStore store;
    store.setStorageBudget(budget);
    QString error;
    QVERIFY2(store.open(home(), git(), &error), qPrintable(error));
    write(u"small.txt"_s, "keep me");
    commit(store, u"small"_s);
    QStringList written;
    QByteArray last;
    for (int i = 0; i < 4; ++i) {
        last = randomBytes(3 * MiB, quint32(i + 1));
        write(u"big.bin"_s, last);
        written << commit(store, u"write %1"_s.arg(i)).commitId;
        QVERIFY(QFile::remove(home() + u"/big.bin"_s));
        commit(store, u"rm %1"_s.arg(i));
        QVERIFY2(diskUsage(git()) + diskUsage(home()) <= budget,
                 qPrintable(u"round %1: %2 bytes"_s.arg(i).arg(diskUsage(git()) + diskUsage(home()))));
    }
    // historyBytes() measures what du would (the top directory itself aside).
    QVERIFY(qAbs(store.historyBytes() - diskUsage(git())) <= 8192);
    // history(): the entries whose version was dropped say so; the newest large version is still there.
    const auto entries = store.history(&error);
    QVERIFY2(entries, qPrintable(error));
    QHash<QString, int> notKept;
    for (const HistoryEntry &e : *entries)
        notKept.insert(e.command, e.notKept);
    QCOMPARE(notKept.value(u"write 0"_s), 1);
    QCOMPARE(notKept.value(u"write 1"_s), 1);
    QCOMPARE(notKept.value(u"write 2"_s), 1);
    QCOMPARE(notKept.value(u"write 3"_s), 0);
    QCOMPARE(notKept.value(u"small"_s), 0);
    // changes(): name and size are still there.
    const auto first = store.changes(written.at(0), &error);
    QVERIFY2(first, qPrintable(error));
    QCOMPARE(first->size(), 1);
    QCOMPARE(first->at(0).path, u"big.bin"_s);
    QCOMPARE(first->at(0).newSize, 3 * MiB);
    QVERIFY(!first->at(0).newKept);
    const auto newest = store.changes(written.at(3), &error);
    QVERIFY(newest && newest->size() == 1 && newest->at(0).newKept);
    // fileDiff() and restores say why instead of failing obscurely.
    const auto diff = store.fileDiff(u"big.bin"_s, QString(), written.at(0), &error);
    QVERIFY2(diff, qPrintable(error));
    QCOMPARE(diff->notKept, u"storage budget"_s);
    QVERIFY(!store.restoreFile(u"big.bin"_s, written.at(0), &error));
    QVERIFY2(error.contains(u"not kept (storage budget)"_s), qPrintable(error));
    QVERIFY(!QFileInfo::exists(home() + u"/big.bin"_s));
    const auto back = store.restoreFile(u"big.bin"_s, written.at(3), &error);
    QVERIFY2(back, qPrintable(error));
    QCOMPARE(read(u"big.bin"_s), last);
    // Its content was in the store already: it stays kept (nothing is dropped to make room for itself).
    QCOMPARE(back->changes.size(), 1);
    QVERIFY(back->changes.at(0).newKept);
    QVERIFY(store.changes(written.at(3), &error)->at(0).newKept);
    // Near the budget, a file that is only touched keeps the version the store has (it is not new content).
    QThread::msleep(20);
    QCOMPARE(::utimensat(AT_FDCWD, QFile::encodeName(home() + u"/big.bin"_s).constData(), nullptr, 0), 0);
    const Snapshot touched = commit(store, u"touch big.bin"_s);
    QVERIFY(touched.changes.isEmpty());
    // The repository is still whole for libgit2 (HEAD is not "repaired" on open).
    store.close();
    QVERIFY2(store.open(home(), git(), &error), qPrintable(error));
    QVERIFY(!store.recoveredOnOpen());
    QCOMPARE(store.history(&error)->size(), entries->size() + 2);
}

void TestSnapshotStore::contentLargerThanTheBudgetIsNotKept()
{
    constexpr qint64 MiB = 1024 * 1024;
    SnapshotStore store;
    store.setStorageBudget(2 * MiB);
    QString error;
    QVERIFY2(store.open(home(), git(), &error), qPrintable(error));
    write(u"huge.bin"_s, randomBytes(3 * MiB, 5));
    // A sparse file's apparent size counts too (hashing it would cost that much): it is not even read.
    const QString sparse = home() + u"/sparse.bin"_s;
    {
        QFile f(sparse);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QVERIFY(f.resize(4LL * 1024 * MiB));
    }
    const qint64 hashed = SnapshotStore::bytesHashedTotal();
    const Snapshot snap = commit(store, u"make them"_s);
    QCOMPARE(SnapshotStore::bytesHashedTotal() - hashed, 0);
    QCOMPARE(snap.changes.size(), 2);
    for (const FileChange &c : snap.changes) {
        QCOMPARE(c.kind, ChangeKind::Added);
        QVERIFY(!c.newKept);
        QCOMPARE(c.newSize, c.path == u"huge.bin"_s ? 3 * MiB : 4LL * 1024 * MiB);
    }
    QVERIFY(store.historyBytes() < MiB);
    QCOMPARE(store.history(&error)->at(0).notKept, 2);
    // Changing it again is still a change.
    write(u"huge.bin"_s, randomBytes(3 * MiB, 6));
    const Snapshot again = commit(store, u"change it"_s);
    QCOMPARE(again.changes.size(), 1);
    QCOMPARE(again.changes.at(0).kind, ChangeKind::Modified);
    QVERIFY(!again.changes.at(0).oldKept && !again.changes.at(0).newKept);
    QCOMPARE(store.fileDiff(u"huge.bin"_s, QString(), again.commitId, &error)->notKept, u"storage budget"_s);
    QVERIFY(!store.restoreFile(u"huge.bin"_s, snap.commitId, &error));
    QVERIFY2(error.contains(u"huge.bin"_s) && error.contains(u"not kept"_s), qPrintable(error));
    // Without a budget the same file is kept in full.
    QVERIFY(QFile::remove(sparse));
    store.setStorageBudget(0);
    write(u"huge.bin"_s, randomBytes(3 * MiB, 7));
    const Snapshot kept = commit(store, u"no budget"_s);
    QCOMPARE(kept.changes.size(), 2);
    for (const FileChange &c : kept.changes)
        QVERIFY(c.path == u"sparse.bin"_s ? c.kind == ChangeKind::Deleted : c.newKept);
}

void TestSnapshotStore::killBetweenCommandAndEntryGetsAnEntryOfItsOwn()
{
    // A process runs the store, a command writes files, and the process is killed before that command's
    // entry is written. After restart the changes get an entry of their own, naming the command, and the next
    // command's entry holds only its own changes.
    const QString homeDir = home();
    const QString gitDir = git();
    int ready[2];
    QCOMPARE(::pipe(ready), 0);
    const pid_t child = ::fork();
    QVERIFY(child >= 0);
    if (child == 0) {
        ::close(ready[0]);
        SnapshotStore store;
        QString error;
        if (!store.open(homeDir, gitDir, &error))
            ::_exit(3);
        QFile a(homeDir + u"/a.txt"_s);
        if (!a.open(QIODevice::WriteOnly) || a.write("one") != 3)
            ::_exit(4);
        a.close();
        CommandMeta meta;
        meta.pendingMarker = SnapshotStore::markCommandStarted(gitDir, u"printf one > a.txt"_s);
        if (!store.commitCommand(u"printf one > a.txt"_s, meta, ChangeHint::anything(), &error))
            ::_exit(5);
        // The next command starts (its marker first), writes, and its commit never happens.
        SnapshotStore::markCommandStarted(gitDir, u"ls | wc -l > count.txt"_s);
        QFile b(homeDir + u"/count.txt"_s);
        if (!b.open(QIODevice::WriteOnly) || b.write("12\n") != 3)
            ::_exit(6);
        b.close();
        (void)::write(ready[1], "r", 1);
        for (;;)
            ::pause();
    }
    ::close(ready[1]);
    char byte = 0;
    QCOMPARE(::read(ready[0], &byte, 1), ssize_t(1));
    ::close(ready[0]);
    QCOMPARE(::kill(child, SIGKILL), 0);
    int status = 0;
    QCOMPARE(::waitpid(child, &status, 0), child);

    const QStringList markers = SnapshotStore::pendingMarkers(gitDir);
    QCOMPARE(markers.size(), 1); // the finished command's marker went with its commit
    SnapshotStore store;
    QString error;
    QVERIFY2(store.open(homeDir, gitDir, &error), qPrintable(error));
    const auto recovered = store.recoverInterrupted(markers, &error);
    QVERIFY2(recovered, qPrintable(error));
    QVERIFY(!recovered->commitId.isEmpty());
    QCOMPARE(kinds(recovered->changes), (QHash<QString, ChangeKind>{{u"count.txt"_s, ChangeKind::Added}}));
    QVERIFY(SnapshotStore::pendingMarkers(gitDir).isEmpty());
    const auto entries = store.history(&error);
    QCOMPARE(entries->size(), 2);
    QCOMPARE(entries->at(0).kind, EntryKind::Recovered);
    QCOMPARE(entries->at(0).command,
             u"changes saved after an interruption (during: ls | wc -l > count.txt)"_s);
    QCOMPARE(entries->at(0).added, 1);
    QCOMPARE(entries->at(1).kind, EntryKind::Command);

    write(u"next.txt"_s, "n");
    const Snapshot next = commit(store, u"printf n > next.txt"_s);
    QCOMPARE(kinds(next.changes), (QHash<QString, ChangeKind>{{u"next.txt"_s, ChangeKind::Added}}));
    // Nothing left over: a second recovery records nothing.
    const auto none = store.recoverInterrupted({}, &error);
    QVERIFY(none && none->commitId.isEmpty());
}

void TestSnapshotStore::spareMarkerBecomesTheMarker()
{
    // A spare made ahead (on the history's worker) becomes the command's marker by a rename; a spare is never
    // listed as a marker, and a missing or foreign spare still gets the command its marker.
    const QString gitDir = git();
    const QString pending = gitDir + u".pending"_s;
    const QString spare = SnapshotStore::prepareMarker(gitDir);
    QVERIFY(spare.startsWith(u".spare-"_s));
    QVERIFY(QFileInfo::exists(pending + u'/' + spare));
    QVERIFY(SnapshotStore::pendingMarkers(gitDir).isEmpty());

    const QString marker = SnapshotStore::markCommandStarted(gitDir, u"make all"_s, spare);
    QVERIFY(!marker.isEmpty());
    QCOMPARE(SnapshotStore::pendingMarkers(gitDir), QStringList{marker});
    QVERIFY(!QFileInfo::exists(pending + u'/' + spare)); // it was renamed, not copied
    QFile f(pending + u'/' + marker);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), QByteArray("make all"));

    // Kept open by the one who made it: written through that descriptor, which is closed.
    int fd = -1;
    const QString open = SnapshotStore::prepareMarker(gitDir, &fd);
    QVERIFY(fd >= 0);
    const QString viaFd = SnapshotStore::markCommandStarted(gitDir, u"make docs"_s, open, fd);
    QVERIFY(!viaFd.isEmpty());
    QCOMPARE(::fcntl(fd, F_GETFD), -1);
    QFile g(pending + u'/' + viaFd);
    QVERIFY(g.open(QIODevice::ReadOnly));
    QCOMPARE(g.readAll(), QByteArray("make docs"));
    QVERIFY(QFile::remove(pending + u'/' + viaFd));

    // A marker whose entry is written is reused: renamed back to a spare, then overwritten by a shorter
    // command, whose marker reads as that command alone.
    const QString long_ = SnapshotStore::markCommandStarted(gitDir, u"make all install check"_s);
    int reusedFd = -1;
    const QString reused = SnapshotStore::recycleMarker(gitDir, long_, &reusedFd);
    QVERIFY(reused.startsWith(u".spare-"_s));
    QVERIFY(reusedFd >= 0);
    QVERIFY(!QFileInfo::exists(pending + u'/' + long_));
    QVERIFY(SnapshotStore::pendingMarkers(gitDir).contains(marker));
    QCOMPARE(SnapshotStore::pendingMarkers(gitDir).size(), 1);
    const QString shorter = SnapshotStore::markCommandStarted(gitDir, u"ls"_s, reused, reusedFd);
    QFile h(pending + u'/' + shorter);
    QVERIFY(h.open(QIODevice::ReadOnly));
    QCOMPARE(h.readAll().trimmed(), QByteArray("ls"));
    // Without a descriptor to keep, or for a name that is no marker, nothing is reused.
    QVERIFY(SnapshotStore::recycleMarker(gitDir, shorter, nullptr).isEmpty());
    QVERIFY(!QFileInfo::exists(pending + u'/' + shorter));
    int none = -1;
    QVERIFY(SnapshotStore::recycleMarker(gitDir, u"../history.git/HEAD"_s, &none).isEmpty());
    QVERIFY(SnapshotStore::recycleMarker(gitDir, u".spare-1-1"_s, &none).isEmpty());
    QCOMPARE(none, -1);

    // Gone meanwhile: the marker is made anyway.
    const QString gone = SnapshotStore::prepareMarker(gitDir);
    QVERIFY(QFile::remove(pending + u'/' + gone));
    const QString second = SnapshotStore::markCommandStarted(gitDir, u"make test"_s, gone);
    QVERIFY(!second.isEmpty());
    // Names that are no spare of ours are never opened or renamed.
    QFile other(pending + u"/not-a-spare"_s);
    QVERIFY(other.open(QIODevice::WriteOnly));
    other.close();
    const QString third = SnapshotStore::markCommandStarted(gitDir, u"ls"_s, u"../history.git/HEAD"_s);
    const QString fourth = SnapshotStore::markCommandStarted(gitDir, u"ls"_s, u"not-a-spare"_s);
    QVERIFY(!third.isEmpty() && !fourth.isEmpty());
    QVERIFY(QFileInfo::exists(pending + u"/not-a-spare"_s));
    QCOMPARE(SnapshotStore::pendingMarkers(gitDir).size(), 5); // the four markers and that file

    // Spares a crash left are dropped, markers stay; keep is spared.
    const QString a = SnapshotStore::prepareMarker(gitDir);
    const QString b = SnapshotStore::prepareMarker(gitDir);
    SnapshotStore::dropSpareMarkers(gitDir, b);
    QVERIFY(!QFileInfo::exists(pending + u'/' + a));
    QVERIFY(QFileInfo::exists(pending + u'/' + b));
    QCOMPARE(SnapshotStore::pendingMarkers(gitDir).size(), 5);
    SnapshotStore::dropSpareMarkers(gitDir);
    QVERIFY(!QFileInfo::exists(pending + u'/' + b));
}

void TestSnapshotStore::uploadIsAnEntryOfItsOwn()
{
    write(u"calc.py"_s, "print(1)\n");
    SnapshotStore store;
    QString error;
    QVERIFY(store.open(home(), git(), &error));
    commit(store, u"write calc.py"_s);
    // A file a person attached, while a command that has not ended yet already wrote something of its own.
    QTemporaryDir sources;
    QFile source(sources.filePath(u"sales.csv"_s));
    QVERIFY(source.open(QIODevice::WriteOnly));
    source.write("region,total\nnorth,10\nsouth,20\n");
    source.close();
    const ImportResult imported = FileImport::run(source.fileName(), home(), 0);
    QVERIFY2(imported.ok, qPrintable(imported.error));
    QCOMPARE(imported.fileName, u"sales.csv"_s);
    write(u"running.txt"_s, "half");
    write(u"calc.py"_s, "print(2)\n");

    const std::optional<Snapshot> upload = store.commitUpload(imported.fileName, &error);
    QVERIFY2(upload, qPrintable(error));
    QVERIFY(!upload->commitId.isEmpty());
    QCOMPARE(upload->changes.size(), 1);
    QCOMPARE(upload->changes.at(0).path, u"sales.csv"_s);
    QCOMPARE(upload->changes.at(0).kind, ChangeKind::Added);
    QCOMPARE(upload->changes.at(0).newSize, 31);

    // The command's own entry: what it wrote, not the upload.
    const Snapshot next = commit(store, u"head -5 sales.csv; echo half > running.txt"_s);
    QCOMPARE(kinds(next.changes), (QHash<QString, ChangeKind>{{u"running.txt"_s, ChangeKind::Added},
                                                              {u"calc.py"_s, ChangeKind::Modified}}));
    const auto hist = store.history(&error);
    QVERIFY2(hist, qPrintable(error));
    QCOMPARE(hist->size(), 3);
    QCOMPARE(hist->at(0).kind, EntryKind::Command);
    QCOMPARE(hist->at(1).kind, EntryKind::Upload);
    QCOMPARE(hist->at(1).command, u"sales.csv"_s);
    QCOMPARE(hist->at(1).added, 1);
    QCOMPARE(hist->at(1).modified, 0);
    QCOMPARE(hist->at(2).kind, EntryKind::Command);

    // Attaching the same name again gets a free name and its own entry.
    const ImportResult again = FileImport::run(source.fileName(), home(), 0);
    QVERIFY2(again.ok, qPrintable(again.error));
    QCOMPARE(again.fileName, u"sales-2.csv"_s);
    const std::optional<Snapshot> second = store.commitUpload(again.fileName, &error);
    QVERIFY2(second, qPrintable(error));
    QCOMPARE(second->changes.size(), 1);
    QCOMPARE(second->changes.at(0).path, u"sales-2.csv"_s);
    // Recording it again finds nothing new: no entry.
    const std::optional<Snapshot> same = store.commitUpload(again.fileName, &error);
    QVERIFY2(same, qPrintable(error));
    QVERIFY(same->commitId.isEmpty());
    QCOMPARE(store.history(&error)->size(), 4);
}

void TestSnapshotStore::uploadOnAFreshStoreHoldsOnlyTheFile()
{
    // A store just opened has not scanned home yet: the upload still holds only its file, and what else
    // changed goes to the next command's entry.
    write(u"a.txt"_s, "1");
    {
        SnapshotStore store;
        QString error;
        QVERIFY(store.open(home(), git(), &error));
        commit(store, u"one"_s);
    }
    write(u"a.txt"_s, "22");
    write(u"data.csv"_s, "x,y\n");
    SnapshotStore store;
    QString error;
    QVERIFY(store.open(home(), git(), &error));
    const std::optional<Snapshot> upload = store.commitUpload(u"data.csv"_s, &error);
    QVERIFY2(upload, qPrintable(error));
    QCOMPARE(kinds(upload->changes), (QHash<QString, ChangeKind>{{u"data.csv"_s, ChangeKind::Added}}));
    const Snapshot next = commit(store, u"two"_s);
    QCOMPARE(kinds(next.changes), (QHash<QString, ChangeKind>{{u"a.txt"_s, ChangeKind::Modified}}));
    // The upload's version is what restores bring back.
    write(u"data.csv"_s, "changed");
    commit(store, u"three"_s);
    const auto restored = store.restoreFile(u"data.csv"_s, upload->commitId, &error);
    QVERIFY2(restored, qPrintable(error));
    QCOMPARE(read(u"data.csv"_s), QByteArray("x,y\n"));
}

void TestSnapshotStore::uploadLargerThanTheBudgetIsNotKept()
{
    // The storage budget holds for uploads as for commands: the entry names the file and says it was not
    // kept.
    constexpr qint64 MiB = 1024 * 1024;
    SnapshotStore store;
    store.setStorageBudget(2 * MiB);
    QString error;
    QVERIFY2(store.open(home(), git(), &error), qPrintable(error));
    write(u"big.csv"_s, randomBytes(3 * MiB, 9));
    const std::optional<Snapshot> upload = store.commitUpload(u"big.csv"_s, &error);
    QVERIFY2(upload, qPrintable(error));
    QCOMPARE(upload->changes.size(), 1);
    QVERIFY(!upload->changes.at(0).newKept);
    QCOMPARE(upload->changes.at(0).newSize, 3 * MiB);
    const auto hist = store.history(&error);
    QCOMPARE(hist->at(0).kind, EntryKind::Upload);
    QCOMPARE(hist->at(0).notKept, 1);
}

void TestSnapshotStore::bigUploadIsStoredFromItsOrigin_data()
{
    QTest::addColumn<bool>("aged");          // the person's file is older than the racy window
    QTest::addColumn<bool>("homeRewritten"); // a command rewrites home's copy right after the hook
    QTest::addColumn<bool>("originEdited");  // the person edits their file right after the hook
    QTest::addColumn<bool>("fromHome");      // the upload's content is read from home's copy
    QTest::newRow("stored from the origin") << true << false << false << false;
    QTest::newRow("home's copy rewritten at once") << true << true << false << false;
    QTest::newRow("the original edited: home's copy") << true << false << true << true;
    QTest::newRow("the original just written: captured first") << false << true << false << true;
    QTest::newRow("both changed: the next entry has it") << true << true << true << false;
}

void TestSnapshotStore::bigUploadIsStoredFromItsOrigin()
{
    // A big upload's one copy into home is usable before the history stores it: the history stores it from
    // the person's file after the captured hook, whatever commands do to home's copy meanwhile, and the
    // upload's entry holds exactly the uploaded bytes (or, when both copies changed, nothing at all).
    QFETCH(bool, aged);
    QFETCH(bool, homeRewritten);
    QFETCH(bool, originEdited);
    QFETCH(bool, fromHome);
    constexpr qint64 MiB = 1024 * 1024;
    const QByteArray data = randomBytes(3 * MiB + 5, 21);
    QTemporaryDir sources;
    const QString source = sources.filePath(u"up.csv"_s);
    {
        QFile f(source);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QCOMPARE(f.write(data), data.size());
    }
    if (aged)
        QTest::qWait(1100); // past the racy window: a later change shows in the ctime
    SnapshotStore store;
    QString error;
    QVERIFY2(store.open(home(), git(), &error), qPrintable(error));
    const ImportResult imported = FileImport::run(source, home(), 0);
    QVERIFY2(imported.ok, qPrintable(imported.error));
    QVERIFY(imported.origin);
    const QByteArray rewritten = randomBytes(2 * MiB, 22);
    bool hooked = false;
    store.setCapturedHook([&] {
        hooked = true;
        if (homeRewritten)
            write(u"up.csv"_s, rewritten);
        if (originEdited) {
            QFile f(source);
            QVERIFY(f.open(QIODevice::ReadWrite));
            QCOMPARE(f.write("edited"), 6);
        }
    });
    const qint64 readBefore = SnapshotStore::bytesReadTotal();
    const std::optional<Snapshot> upload = store.commitUpload(imported.fileName, &error, imported.origin);
    store.setCapturedHook({});
    QVERIFY2(upload, qPrintable(error));
    QVERIFY(hooked);
    QCOMPARE(SnapshotStore::bytesReadTotal() - readBefore, fromHome ? qint64(data.size()) : 0);
    const qint64 readBeforeNext = SnapshotStore::bytesReadTotal();
    const Snapshot next = commit(store, u"cat up.csv"_s);
    // The upload's entry is not "racy" (no command ran while it was written): a next command that left it
    // alone never reads it again, and a rewrite made right after the hook still shows.
    if (!homeRewritten)
        QCOMPARE(SnapshotStore::bytesReadTotal() - readBeforeNext, 0);
    if (homeRewritten && originEdited) {
        // Neither holds what was uploaded any more: the upload records nothing rather than other bytes.
        QVERIFY(upload->commitId.isEmpty());
        QCOMPARE(kinds(next.changes), (QHash<QString, ChangeKind>{{u"up.csv"_s, ChangeKind::Added}}));
        QCOMPARE(read(u"up.csv"_s), rewritten);
        return;
    }
    QCOMPARE(upload->changes.size(), 1);
    QCOMPARE(upload->changes.at(0).path, u"up.csv"_s);
    QCOMPARE(upload->changes.at(0).newSize, data.size());
    QHash<QString, ChangeKind> expected;
    if (homeRewritten)
        expected.insert(u"up.csv"_s, ChangeKind::Modified);
    QCOMPARE(kinds(next.changes), expected);
    QCOMPARE(restoredContent(store, u"up.csv"_s, upload->commitId), data);
}

void TestSnapshotStore::uploadRefusesBadNames_data()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("empty") << QString();
    QTest::newRow("parent") << u"../outside.csv"_s;
    QTest::newRow("absolute") << u"/etc/passwd"_s;
    QTest::newRow("in a folder") << u"sub/x.csv"_s;
}

void TestSnapshotStore::uploadRefusesBadNames()
{
    QFETCH(QString, name);
    write(u"sub/x.csv"_s, "1");
    SnapshotStore store;
    QString error;
    QVERIFY(store.open(home(), git(), &error));
    QVERIFY(!store.commitUpload(name, &error));
    QVERIFY(!error.isEmpty());
    QCOMPARE(store.history(&error)->size(), 0);
    // A name that is not there records nothing.
    const std::optional<Snapshot> missing = store.commitUpload(u"missing.csv"_s, &error);
    QVERIFY2(missing, qPrintable(error));
    QVERIFY(missing->commitId.isEmpty());
    QCOMPARE(store.history(&error)->size(), 0);
}

void TestSnapshotStore::restoreThatChangesNothingRecordsNothing()
{
    write(u"calc.py"_s, "v1");
    SnapshotStore store;
    QString error;
    QVERIFY(store.open(home(), git(), &error));
    const Snapshot first = commit(store, u"write v1"_s);
    write(u"calc.py"_s, "v2");
    const Snapshot second = commit(store, u"write v2"_s);
    commit(store, u"ls"_s); // later commands leave calc.py alone

    // "This version" of the command that changed calc.py is what home holds: nothing to do, no entry.
    const auto same = store.restoreFile(u"calc.py"_s, second.commitId, &error);
    QVERIFY2(same, qPrintable(error));
    QCOMPARE(same->written, 0);
    QVERIFY(same->commitId.isEmpty());
    QVERIFY(same->changes.isEmpty());
    QCOMPARE(store.history(&error)->size(), 3);
    const auto whole = store.restoreWorkspace(store.headCommit(), &error);
    QVERIFY2(whole, qPrintable(error));
    QCOMPARE(whole->written, 0);
    QVERIFY(whole->commitId.isEmpty());
    QCOMPARE(store.history(&error)->size(), 3);

    // The version before that command does change it, and is an entry.
    const auto before = store.restoreFile(u"calc.py"_s, first.commitId, &error);
    QVERIFY2(before, qPrintable(error));
    QCOMPARE(before->written, 1);
    QVERIFY(!before->commitId.isEmpty());
    QCOMPARE(read(u"calc.py"_s), QByteArray("v1"));
    const auto hist = store.history(&error);
    QCOMPARE(hist->size(), 4);
    QCOMPARE(hist->at(0).kind, EntryKind::Restore);

    // A restore that puts back a change no entry holds yet writes, but records nothing new.
    write(u"calc.py"_s, "scribbled by a background process");
    const auto back = store.restoreFile(u"calc.py"_s, before->commitId, &error);
    QVERIFY2(back, qPrintable(error));
    QCOMPARE(back->written, 1);
    QVERIFY(back->commitId.isEmpty());
    QCOMPARE(read(u"calc.py"_s), QByteArray("v1"));
    QCOMPARE(store.history(&error)->size(), 4);
    // A missing commit is still an error, not "nothing to do".
    QVERIFY(!store.restoreFile(u"calc.py"_s, u"0123456789012345678901234567890123456789"_s, &error));
}

QStringList TestSnapshotStore::rawObjects() const
{
    QStringList out;
    QDirIterator it(git() + u"/sandbench-raw"_s, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString f = it.next();
        if (!QFileInfo(f).fileName().startsWith(u"sbx-tmp-"_s))
            out << f;
    }
    return out;
}

QStringList TestSnapshotStore::looseObjects() const
{
    QStringList out;
    QDirIterator it(git() + u"/objects"_s, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString f = it.next();
        if (QFileInfo(f).dir().dirName().size() == 2)
            out << f;
    }
    return out;
}

QByteArray TestSnapshotStore::restoredContent(SnapshotStore &store, const QString &rel,
                                              const QString &commitId)
{
    QString error;
    if (!store.restoreFile(rel, commitId, &error)) {
        qWarning() << "restore failed:" << error;
        return "<restore failed>";
    }
    return read(rel);
}

void TestSnapshotStore::largeFilesAreStoredRawAndRestored()
{
    constexpr qint64 MiB = 1024 * 1024;
    const QByteArray v1 = randomBytes(3 * MiB + 17, 11);
    write(u"data/big.bin"_s, v1);
    // Sparse: 32 MiB apparent, 1 MiB of data in the middle.
    const QString sparse = home() + u"/sparse.bin"_s;
    const QByteArray middle = randomBytes(MiB, 12);
    {
        QFile f(sparse);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QVERIFY(f.resize(32 * MiB));
        QVERIFY(f.seek(16 * MiB));
        QCOMPARE(f.write(middle), middle.size());
    }
    SnapshotStore store;
    QString error;
    QVERIFY2(store.open(home(), git(), &error), qPrintable(error));
    const Snapshot first = commit(store, u"make"_s);
    QCOMPARE(first.changes.size(), 2);
    // Both are raw objects of exactly their size; nothing that large went into loose objects.
    const QStringList raw = rawObjects();
    QCOMPARE(raw.size(), 2);
    QList<qint64> sizes;
    for (const QString &f : raw)
        sizes << QFileInfo(f).size();
    std::sort(sizes.begin(), sizes.end());
    QCOMPARE(sizes, (QList<qint64>{3 * MiB + 17, 32 * MiB}));
    // Each is named by git's id of its content (hashed while it was copied, across MiB steps and holes).
    for (const QString &f : raw) {
        QFile object(f);
        QVERIFY(object.open(QIODevice::ReadOnly));
        const QByteArray content = object.readAll();
        QCryptographicHash sha1(QCryptographicHash::Sha1);
        sha1.addData(QByteArray("blob " + QByteArray::number(content.size()) + '\0'));
        sha1.addData(content);
        const QFileInfo info(f);
        QCOMPARE(info.dir().dirName() + info.fileName(), QString::fromLatin1(sha1.result().toHex()));
    }
    for (const QString &f : looseObjects())
        QVERIFY2(QFileInfo(f).size() < 64 * 1024, qPrintable(f));
    // The raw copy of the sparse file is sparse too.
    for (const QString &f : raw) {
        struct stat st;
        QCOMPARE(::stat(QFile::encodeName(f).constData(), &st), 0);
        QVERIFY(qint64(st.st_blocks) * 512 <= 4 * MiB + qint64(v1.size()));
    }

    write(u"data/big.bin"_s, randomBytes(3 * MiB + 17, 13));
    QFile::remove(sparse);
    const Snapshot second = commit(store, u"change"_s);
    QCOMPARE(kinds(second.changes).value(u"data/big.bin"_s), ChangeKind::Modified);
    QCOMPARE(kinds(second.changes).value(u"sparse.bin"_s), ChangeKind::Deleted);
    const auto diff = store.fileDiff(u"data/big.bin"_s, first.commitId, second.commitId, &error);
    QVERIFY2(diff, qPrintable(error));
    QVERIFY(diff->binary);

    // Restores read the raw objects back, holes as holes.
    QCOMPARE(restoredContent(store, u"data/big.bin"_s, first.commitId), v1);
    const QByteArray back = restoredContent(store, u"sparse.bin"_s, first.commitId);
    QCOMPARE(back.size(), 32 * MiB);
    QCOMPARE(back.mid(16 * MiB, MiB), middle);
    QCOMPARE(back.left(16 * MiB), QByteArray(16 * MiB, '\0'));
    struct stat st;
    QCOMPARE(::stat(QFile::encodeName(sparse).constData(), &st), 0);
    QVERIFY(qint64(st.st_blocks) * 512 <= 4 * MiB);
    // And the repository reopens whole.
    store.close();
    QVERIFY2(store.open(home(), git(), &error), qPrintable(error));
    QVERIFY(!store.recoveredOnOpen());
}

void TestSnapshotStore::rawThresholdBoundary()
{
    constexpr qint64 MiB = 1024 * 1024;
    // Up to 1 MiB: a loose object (compressed); one byte more: raw.
    write(u"at.bin"_s, QByteArray(MiB, 'a'));
    SnapshotStore store;
    QString error;
    QVERIFY2(store.open(home(), git(), &error), qPrintable(error));
    const Snapshot a = commit(store, u"at"_s);
    QCOMPARE(a.changes.size(), 1);
    QVERIFY(rawObjects().isEmpty());
    write(u"above.bin"_s, QByteArray(MiB + 1, 'a'));
    const Snapshot b = commit(store, u"above"_s);
    QCOMPARE(b.changes.size(), 1);
    QCOMPARE(b.changes.at(0).newSize, MiB + 1);
    const QStringList raw = rawObjects();
    QCOMPARE(raw.size(), 1);
    QCOMPARE(QFileInfo(raw.at(0)).size(), MiB + 1);
    QCOMPARE(restoredContent(store, u"at.bin"_s, a.commitId), QByteArray(MiB, 'a'));
    QCOMPARE(restoredContent(store, u"above.bin"_s, b.commitId), QByteArray(MiB + 1, 'a'));
}

void TestSnapshotStore::incompressibleAndCompressibleSmallFiles()
{
    // Below the raw threshold: text is compressed, random bytes are stored as they are; both read back.
    const QByteArray noise = randomBytes(512 * 1024, 21);
    QByteArray text;
    while (text.size() < 512 * 1024)
        text += "region,total,when\nnorth,10,2026-01-01\n";
    write(u"noise.bin"_s, noise);
    write(u"text.csv"_s, text);
    SnapshotStore store;
    QString error;
    QVERIFY2(store.open(home(), git(), &error), qPrintable(error));
    const Snapshot snap = commit(store, u"make"_s);
    QCOMPARE(snap.changes.size(), 2);
    QVERIFY(rawObjects().isEmpty());
    qint64 biggest = 0, total = 0;
    for (const QString &f : looseObjects()) {
        biggest = qMax(biggest, QFileInfo(f).size());
        total += QFileInfo(f).size();
    }
    // The noise takes its own size (plus framing), the text a small part of its size.
    QVERIFY(biggest >= noise.size() && biggest < noise.size() + 1024);
    QVERIFY(total - biggest < text.size() / 10);
    QFile::remove(home() + u"/noise.bin"_s);
    QFile::remove(home() + u"/text.csv"_s);
    commit(store, u"rm"_s);
    QCOMPARE(restoredContent(store, u"noise.bin"_s, snap.commitId), noise);
    QCOMPARE(restoredContent(store, u"text.csv"_s, snap.commitId), text);

    // The decision is made on the first 16 KiB (the rest follows it, in one zlib stream): noise after text
    // is compressed along, text after noise is stored, and what fits in one block is stored; git reads them.
    const QByteArray textThenNoise = text.left(20 * 1024) + noise.left(200 * 1024);
    const QByteArray noiseThenText = noise.left(20 * 1024) + text.left(200 * 1024);
    const QByteArray tiny = text.left(3000); // one block either way: not compressed
    write(u"mixed1"_s, textThenNoise);
    write(u"mixed2"_s, noiseThenText);
    write(u"tiny"_s, tiny);
    const QStringList before = looseObjects();
    const Snapshot mixed = commit(store, u"mixed"_s);
    QCOMPARE(mixed.changes.size(), 3);
    QList<qint64> sizes;
    for (const QString &f : looseObjects()) {
        if (!before.contains(f) && QFileInfo(f).size() > 1024)
            sizes << QFileInfo(f).size();
    }
    std::sort(sizes.begin(), sizes.end());
    QCOMPARE(sizes.size(), 3);
    QVERIFY(sizes.at(0) > tiny.size() && sizes.at(0) < tiny.size() + 64);
    QVERIFY(sizes.at(1) > 200 * 1024 && sizes.at(1) < textThenNoise.size()); // text then noise, compressed
    QVERIFY(sizes.at(2) > noiseThenText.size() && sizes.at(2) < noiseThenText.size() + 1024); // stored
    QCOMPARE(restoredContent(store, u"mixed1"_s, mixed.commitId), textThenNoise);
    QCOMPARE(restoredContent(store, u"mixed2"_s, mixed.commitId), noiseThenText);
    QCOMPARE(restoredContent(store, u"tiny"_s, mixed.commitId), tiny);
    store.close();
    const QString gitTool = QStandardPaths::findExecutable(u"git"_s);
    if (gitTool.isEmpty())
        QSKIP("git is not installed");
    QProcess fsck;
    fsck.setProcessChannelMode(QProcess::MergedChannels);
    fsck.start(gitTool, {u"--git-dir"_s, git(), u"fsck"_s, u"--strict"_s, u"--full"_s});
    QVERIFY(fsck.waitForFinished(60000));
    QVERIFY2(fsck.exitCode() == 0, fsck.readAll().constData());
    QProcess show;
    show.start(gitTool, {u"--git-dir"_s, git(), u"show"_s, mixed.commitId + u":mixed2"_s});
    QVERIFY(show.waitForFinished(60000));
    QCOMPARE(show.readAllStandardOutput(), noiseThenText);
    QProcess showTiny;
    showTiny.start(gitTool, {u"--git-dir"_s, git(), u"show"_s, mixed.commitId + u":tiny"_s});
    QVERIFY(showTiny.waitForFinished(60000));
    QCOMPARE(showTiny.readAllStandardOutput(), tiny);
}

void TestSnapshotStore::unchangedLargeFileIsNeverReadAgain()
{
    constexpr qint64 MiB = 1024 * 1024;
    write(u"big.bin"_s, randomBytes(8 * MiB, 31));
    SnapshotStore store;
    QString error;
    QVERIFY2(store.open(home(), git(), &error), qPrintable(error));
    commit(store, u"make"_s);
    // Let the racy window pass so the entry is trusted (its ctime is older than a second before the scan).
    QTest::qWait(1100);
    commit(store, u"settle"_s);
    const qint64 read = SnapshotStore::bytesReadTotal();
    for (int i = 0; i < 3; ++i) {
        write(u"small.txt"_s, QByteArray::number(i));
        commit(store, u"small"_s);
    }
    QCOMPARE(SnapshotStore::bytesReadTotal() - read, 3);
    // A rewrite with the same size and mtime (touch -r) changes ctime: it is read again.
    const QString path = home() + u"/big.bin"_s;
    struct stat st;
    QCOMPARE(::stat(QFile::encodeName(path).constData(), &st), 0);
    write(u"big.bin"_s, randomBytes(8 * MiB, 32));
    const timespec times[2] = {st.st_atim, st.st_mtim};
    QCOMPARE(::utimensat(AT_FDCWD, QFile::encodeName(path).constData(), times, 0), 0);
    const Snapshot again = commit(store, u"sneaky"_s);
    QCOMPARE(kinds(again.changes).value(u"big.bin"_s), ChangeKind::Modified);
}

void TestSnapshotStore::copyOfAStoredLargeFileAddsNothing()
{
    constexpr qint64 MiB = 1024 * 1024;
    const QByteArray data = randomBytes(6 * MiB, 41);
    write(u"a.bin"_s, data);
    SnapshotStore store;
    QString error;
    QVERIFY2(store.open(home(), git(), &error), qPrintable(error));
    commit(store, u"make"_s);
    QCOMPARE(rawObjects().size(), 1);
    write(u"b.bin"_s, data);
    const Snapshot snap = commit(store, u"cp a.bin b.bin"_s);
    QCOMPARE(snap.changes.size(), 1);
    QCOMPARE(snap.changes.at(0).kind, ChangeKind::Added);
    // The same content is one object; the capture's copy is gone.
    QCOMPARE(rawObjects().size(), 1);
    QDirIterator it(git() + u"/sandbench-raw"_s, {u"sbx-tmp-*"_s}, QDir::Files);
    QVERIFY(!it.hasNext());
}

void TestSnapshotStore::fileChangedAfterCaptureKeepsEachVersion()
{
    // The next command may start once the commit has captured the files; what it writes meanwhile (while
    // this commit still hashes and stores) is the next entry's, never this one's.
    constexpr qint64 MiB = 1024 * 1024;
    const QByteArray v1 = randomBytes(5 * MiB, 51), v2 = randomBytes(4 * MiB, 52);
    write(u"big.bin"_s, v1);
    SnapshotStore store;
    QString error;
    QVERIFY2(store.open(home(), git(), &error), qPrintable(error));
    int hooked = 0;
    store.setCapturedHook([&] {
        if (hooked++ == 0)
            write(u"big.bin"_s, v2); // "command 2" rewrites the file
    });
    const Snapshot first = commit(store, u"write v1"_s);
    QCOMPARE(hooked, 1);
    QCOMPARE(first.changes.size(), 1);
    QCOMPARE(first.changes.at(0).newSize, v1.size());
    const Snapshot second = commit(store, u"write v2"_s, ChangeHint::onlyPaths({"big.bin"}));
    QCOMPARE(second.changes.size(), 1);
    QCOMPARE(second.changes.at(0).kind, ChangeKind::Modified);
    QCOMPARE(second.changes.at(0).oldSize, v1.size());
    QCOMPARE(second.changes.at(0).newSize, v2.size());
    store.setCapturedHook({});
    QCOMPARE(restoredContent(store, u"big.bin"_s, first.commitId), v1);
    QCOMPARE(restoredContent(store, u"big.bin"_s, second.commitId), v2);
}

void TestSnapshotStore::fileReplacedAfterCapture_data()
{
    QTest::addColumn<QString>("replacement");
    QTest::addRow("symlink") << u"symlink"_s;
    QTest::addRow("fifo") << u"fifo"_s;
    QTest::addRow("directory") << u"directory"_s;
}

void TestSnapshotStore::fileReplacedAfterCapture()
{
    // A file swapped for a link, a fifo or a directory once captured: the entry holds what was captured, and
    // the next one what is there now (a fifo is not saved: the file is gone). Nothing hangs or follows.
    QFETCH(QString, replacement);
    constexpr qint64 MiB = 1024 * 1024;
    const QByteArray v1 = randomBytes(3 * MiB, 61);
    write(u"big.bin"_s, v1);
    write(u"secret"_s, "not for the history of big.bin");
    SnapshotStore store;
    QString error;
    QVERIFY2(store.open(home(), git(), &error), qPrintable(error));
    commit(store, u"before"_s);
    write(u"big.bin"_s, randomBytes(3 * MiB, 62));
    const QString path = home() + u"/big.bin"_s;
    store.setCapturedHook([&] {
        QFile::remove(path);
        const QByteArray p = QFile::encodeName(path);
        if (replacement == u"symlink"_s)
            QVERIFY(::symlink("secret", p.constData()) == 0);
        else if (replacement == u"fifo"_s)
            QVERIFY(::mkfifo(p.constData(), 0600) == 0);
        else
            QVERIFY(::mkdir(p.constData(), 0700) == 0);
    });
    const Snapshot first = commit(store, u"rewrite"_s);
    store.setCapturedHook({});
    QCOMPARE(first.changes.size(), 1);
    QCOMPARE(first.changes.at(0).kind, ChangeKind::Modified);
    QCOMPARE(first.changes.at(0).newSize, 3 * MiB);
    const Snapshot second = commit(store, u"after"_s);
    if (replacement == u"symlink"_s) {
        QCOMPARE(second.changes.size(), 1);
        QCOMPARE(second.changes.at(0).path, u"big.bin"_s);
    } else {
        QCOMPARE(second.changes.size(), 1);
        QCOMPARE(second.changes.at(0).kind, ChangeKind::Deleted);
    }
    QFileInfo now(path);
    QCOMPARE(now.isSymLink(), replacement == u"symlink"_s);
    QFile::remove(path);
    QDir(path).removeRecursively();
    QCOMPARE(restoredContent(store, u"big.bin"_s, first.commitId).size(), 3 * MiB);
}

void TestSnapshotStore::fileGrowingPastTheBudgetAfterCapture()
{
    // The size is decided on the opened file: what it grows to after (past the budget) is the next entry's
    // problem, and that entry does not keep it.
    constexpr qint64 MiB = 1024 * 1024;
    SnapshotStore store;
    store.setStorageBudget(40 * MiB);
    QString error;
    QVERIFY2(store.open(home(), git(), &error), qPrintable(error));
    const QByteArray v1 = randomBytes(2 * MiB, 71);
    write(u"log.bin"_s, v1);
    const QString path = home() + u"/log.bin"_s;
    store.setCapturedHook([&] {
        QFile f(path);
        QVERIFY(f.open(QIODevice::Append));
        QCOMPARE(f.write(randomBytes(24 * MiB, 72)), 24 * MiB);
    });
    const Snapshot first = commit(store, u"start"_s);
    store.setCapturedHook({});
    QCOMPARE(first.changes.size(), 1);
    QCOMPARE(first.changes.at(0).newSize, 2 * MiB);
    QVERIFY(first.changes.at(0).newKept);
    const Snapshot second = commit(store, u"grown"_s);
    QCOMPARE(second.changes.size(), 1);
    QCOMPARE(second.changes.at(0).newSize, 26 * MiB);
    QVERIFY(!second.changes.at(0).newKept); // home (26) + history (2 + 26) > 40 MiB
    QVERIFY(store.historyBytes() < 4 * MiB);
    QFile::remove(path);
    QCOMPARE(restoredContent(store, u"log.bin"_s, first.commitId), v1);
}

void TestSnapshotStore::killedCaptureLeavesNoTempFiles()
{
    // A capture copy left behind by a killed process is removed by the next open.
    SnapshotStore store;
    QString error;
    QVERIFY2(store.open(home(), git(), &error), qPrintable(error));
    store.close();
    QFile stale(git() + u"/sandbench-raw/sbx-tmp-999-c1"_s);
    QVERIFY(stale.open(QIODevice::WriteOnly));
    stale.write(QByteArray(4096, 'x'));
    stale.close();
    QVERIFY2(store.open(home(), git(), &error), qPrintable(error));
    QVERIFY(!stale.exists());
}

void TestSnapshotStore::incrementalTreesMatchAFullRebuild()
{
    // Entries after the first are built from the last entry's tree plus what changed; whatever the changes
    // (nested adds, a whole directory deleted, a file turned into a directory and back, links), the tree is
    // the one a rebuild from nothing finds: after the stat cache is thrown away, nothing is a change.
    write(u"a/b/c.txt"_s, "c");
    write(u"a/d.txt"_s, "d");
    write(u"gone/x.txt"_s, "x");
    write(u"flip"_s, "file");
    SnapshotStore store;
    QString error;
    QVERIFY2(store.open(home(), git(), &error), qPrintable(error));
    QCOMPARE(commit(store, u"first"_s).changes.size(), 4);
    const auto step = [&](const QString &cmd, const QByteArrayList &paths, int expected) {
        const Snapshot snap = commit(store, cmd, ChangeHint::onlyPaths(paths));
        QVERIFY2(!snap.commitId.isEmpty(), qPrintable(cmd));
        QCOMPARE(snap.changes.size(), expected);
    };
    write(u"a/b/e/f.txt"_s, "f");
    step(u"nested add"_s, {"a/b/e"}, 1);
    write(u"a/d.txt"_s, "dd");
    step(u"modify"_s, {"a/d.txt"}, 1);
    QVERIFY(QDir(home() + u"/gone"_s).removeRecursively());
    step(u"rm -r gone"_s, {"gone"}, 1);
    QVERIFY(QFile::remove(home() + u"/flip"_s));
    write(u"flip/inside.txt"_s, "i");
    step(u"file to directory"_s, {"flip"}, 2);
    QVERIFY(QDir(home() + u"/flip"_s).removeRecursively());
    write(u"flip"_s, "file again");
    step(u"directory to file"_s, {"flip"}, 2);
    QCOMPARE(::symlink("a/d.txt", QFile::encodeName(home() + u"/link"_s).constData()), 0);
    step(u"ln -s"_s, {"link"}, 1);
    step(u"nothing"_s, {}, 0);
    store.close();
    QVERIFY(QFile::remove(git() + u"/sandbench-index"_s));
    QVERIFY2(store.open(home(), git(), &error), qPrintable(error));
    const Snapshot rebuilt = commit(store, u"after rebuild"_s);
    QVERIFY(rebuilt.changes.isEmpty());
    const auto hist = store.history(&error);
    QVERIFY2(hist, qPrintable(error));
    QCOMPARE(hist->size(), 9);
}

void TestSnapshotStore::changeListsMatchGitDiffTree()
{
    // The change list comes from a walk of both trees that skips equal subtrees; git itself must list the
    // same changes in the same order for every entry: names that sort differently as files and as
    // directories ("a.txt", "a-b", "a/"), a file turned into a directory and back, a link turned into a
    // file, the executable bit, a whole subtree added and one deleted.
    const QString gitTool = QStandardPaths::findExecutable(u"git"_s);
    if (gitTool.isEmpty())
        QSKIP("git is not installed");
    write(u"a/b/c.txt"_s, "c");
    write(u"a/d.txt"_s, "d");
    write(u"a.txt"_s, "a");
    write(u"a-b"_s, "ab");
    write(u"z/deep/x/y.txt"_s, "y");
    write(u"flip"_s, "file");
    write(u"run.sh"_s, "#!/bin/sh\n");
    QCOMPARE(::symlink("a.txt", QFile::encodeName(home() + u"/ln"_s).constData()), 0);
    SnapshotStore store;
    QString error;
    QVERIFY2(store.open(home(), git(), &error), qPrintable(error));
    QStringList commits{commit(store, u"first"_s).commitId};

    write(u"a/b/c.txt"_s, "cc");
    write(u"a/b/new.txt"_s, "n");
    write(u"a0"_s, "a0");
    QVERIFY(QFile::remove(home() + u"/a/d.txt"_s));
    QVERIFY(QFile::remove(home() + u"/flip"_s));
    write(u"flip/inside.txt"_s, "i");
    write(u"flip/sub/more.txt"_s, "m");
    QVERIFY(QFile::setPermissions(home() + u"/run.sh"_s,
                                  QFile::permissions(home() + u"/run.sh"_s) | QFileDevice::ExeOwner));
    QVERIFY(QFile::remove(home() + u"/ln"_s));
    write(u"ln"_s, "now a file");
    QVERIFY(QDir(home() + u"/z"_s).removeRecursively());
    commits << commit(store, u"many"_s).commitId;

    QVERIFY(QDir(home() + u"/flip"_s).removeRecursively());
    write(u"flip"_s, "file again");
    write(u"n/e/w/t.txt"_s, "t");
    commits << commit(store, u"back"_s, ChangeHint::onlyPaths({"flip", "n"})).commitId;
    write(u"a.txt"_s, "a");
    commits << commit(store, u"same content"_s).commitId;

    for (qsizetype i = 0; i < commits.size(); ++i) {
        QVERIFY(!commits.at(i).isEmpty());
        QProcess p;
        QStringList args{
            u"--git-dir"_s,    git(), u"diff-tree"_s, u"-r"_s, u"--no-renames"_s, u"--no-commit-id"_s,
            u"--name-status"_s};
        if (i == 0)
            args << u"--root"_s << commits.at(0);
        else
            args << commits.at(i - 1) << commits.at(i);
        p.start(gitTool, args);
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 0);
        QStringList expected;
        for (const QByteArray &line : p.readAllStandardOutput().split('\n')) {
            if (line.isEmpty())
                continue;
            const QByteArrayList f = line.split('\t');
            QCOMPARE(f.size(), 2);
            const char *kind = f.at(0) == "A" ? "added" : f.at(0) == "D" ? "deleted" : "modified";
            expected << QString::fromUtf8(f.at(1)) + u' ' + QLatin1StringView(kind);
        }
        const auto changes = store.changes(commits.at(i), &error);
        QVERIFY2(changes, qPrintable(error));
        QStringList actual;
        for (const FileChange &c : *changes)
            actual << c.path + u' ' +
                          (c.kind == ChangeKind::Added     ? u"added"_s
                           : c.kind == ChangeKind::Deleted ? u"deleted"_s
                                                           : u"modified"_s);
        QCOMPARE(actual, expected);
    }
    QCOMPARE(store.changes(commits.at(3), &error)->size(), 0);
    const auto many = store.changes(commits.at(1), &error);
    QVERIFY(many && many->size() >= 9);
}

void TestSnapshotStore::incrementalTreesAreWhatGitWrites()
{
    // Trees after the first entry are written by the store itself, along the changed paths only. Random
    // edits over names that sort differently as files and as directories (a, a.txt, a-b, a0), directories
    // emptied, files turned into directories and back, the executable bit, and at one point an empty home:
    // every entry must list exactly what home held (git ls-tree), git fsck --strict must accept every
    // tree (sorted, canonical modes, no empty subtree), and a rebuild from nothing must find no change.
    const QString gitTool = QStandardPaths::findExecutable(u"git"_s);
    if (gitTool.isEmpty())
        QSKIP("git is not installed");
    const QStringList names{u"a"_s, u"a.txt"_s, u"a-b"_s, u"a0"_s};
    QRandomGenerator rng(7);
    auto randomPath = [&] {
        QStringList parts;
        const int depth = 1 + int(rng.bounded(3));
        for (int i = 0; i < depth; ++i)
            parts << names.at(int(rng.bounded(names.size())));
        return parts.join(u'/');
    };
    auto homeFiles = [&] {
        QStringList out;
        QDirIterator it(home(), QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot,
                        QDirIterator::Subdirectories);
        while (it.hasNext())
            out << QDir(home()).relativeFilePath(it.next());
        out.sort();
        return out;
    };
    write(u"a.txt"_s, "start");
    SnapshotStore store;
    QString error;
    QVERIFY2(store.open(home(), git(), &error), qPrintable(error));
    QList<std::pair<QString, QStringList>> entries{{commit(store, u"first"_s).commitId, homeFiles()}};
    for (int step = 0; step < 60; ++step) {
        QByteArrayList hint;
        const int edits = 1 + int(rng.bounded(3));
        for (int e = 0; e < edits; ++e) {
            const QString path = randomPath();
            const QString abs = home() + u'/' + path;
            const QFileInfo info(abs);
            const int op = int(rng.bounded(4));
            if (step == 30 && e == 0) {
                for (const QFileInfo &top :
                     QDir(home()).entryInfoList(QDir::AllEntries | QDir::NoDotAndDotDot))
                    QVERIFY(top.isDir() ? QDir(top.filePath()).removeRecursively()
                                        : QFile::remove(top.filePath()));
                for (const QString &name : names)
                    hint << name.toUtf8();
                break;
            }
            if (op == 0 && info.isDir()) {
                QVERIFY(QDir(abs).removeRecursively());
            } else if (op == 1 && info.isFile()) {
                QVERIFY(QFile::remove(abs));
            } else if (op == 2 && info.isFile()) {
                QVERIFY(QFile::setPermissions(abs, QFile::permissions(abs) ^ QFileDevice::ExeOwner));
            } else {
                // Make room: a file where a directory is needed, or the other way round, goes first.
                QStringList parts = path.split(u'/');
                for (qsizetype k = 1; k < parts.size(); ++k) {
                    const QString prefix = home() + u'/' + QStringList(parts.mid(0, k)).join(u'/');
                    if (QFileInfo(prefix).isFile())
                        QVERIFY(QFile::remove(prefix));
                }
                if (info.isDir())
                    QVERIFY(QDir(abs).removeRecursively());
                write(path, QByteArray::number(rng.generate()));
            }
            // The hint names the first component: what a watcher reports for a change below it.
            hint << path.section(u'/', 0, 0).toUtf8();
        }
        const Snapshot snap = commit(store, u"step %1"_s.arg(step), ChangeHint::onlyPaths(hint));
        QVERIFY2(!snap.commitId.isEmpty(), qPrintable(u"step %1"_s.arg(step)));
        entries.append({snap.commitId, homeFiles()});
    }
    store.close();
    QProcess fsck;
    fsck.setProcessChannelMode(QProcess::MergedChannels);
    fsck.start(gitTool, {u"--git-dir"_s, git(), u"fsck"_s, u"--strict"_s});
    QVERIFY(fsck.waitForFinished(60000));
    const QByteArray fsckOut = fsck.readAll();
    QVERIFY2(fsck.exitCode() == 0 && !fsckOut.contains("warning"), fsckOut.constData());
    bool sawEmpty = false;
    for (const auto &[id, files] : std::as_const(entries)) {
        QProcess ls;
        ls.start(gitTool, {u"--git-dir"_s, git(), u"ls-tree"_s, u"-r"_s, u"--name-only"_s, id});
        QVERIFY(ls.waitForFinished(30000));
        QCOMPARE(ls.exitCode(), 0);
        QStringList listed = QString::fromUtf8(ls.readAllStandardOutput()).split(u'\n', Qt::SkipEmptyParts);
        listed.sort();
        QCOMPARE(listed, files);
        sawEmpty = sawEmpty || files.isEmpty();
    }
    QVERIFY(sawEmpty);
    QVERIFY(QFile::remove(git() + u"/sandbench-index"_s));
    QVERIFY2(store.open(home(), git(), &error), qPrintable(error));
    QVERIFY(commit(store, u"after rebuild"_s).changes.isEmpty());
}

void TestSnapshotStore::entriesAreWhatGitReads()
{
    // The store writes each entry's commit and moves the branch itself (lock file, reflogs, rename): git log
    // -p, git reflog (branch and HEAD) and git fsck must read them as git's own, a missing reflog directory
    // is made again, HEAD pointing elsewhere is pointed back at the branch, and a lock held by someone else
    // fails the entry without moving the branch or removing their lock.
    const QString gitTool = QStandardPaths::findExecutable(u"git"_s);
    if (gitTool.isEmpty())
        QSKIP("git is not installed");
    auto runGit = [&](const QStringList &args) {
        QProcess p;
        p.start(gitTool, QStringList{u"--git-dir"_s, git()} + args);
        p.waitForFinished(30000);
        return p.exitCode() == 0 ? p.readAllStandardOutput()
                                 : QByteArray("<failed> ") + p.readAllStandardError();
    };
    write(u"a.txt"_s, "one\n");
    SnapshotStore store;
    QString error;
    QVERIFY2(store.open(home(), git(), &error), qPrintable(error));
    const QString first = commit(store, u"echo one > a.txt"_s).commitId;
    write(u"a.txt"_s, "two\n");
    const QString second = commit(store, u"echo two > a.txt\necho and more"_s).commitId;
    QCOMPARE(store.headCommit(), second);
    QCOMPARE(runGit({u"rev-parse"_s, u"main"_s}).trimmed(), second.toLatin1());
    QCOMPARE(runGit({u"rev-parse"_s, u"main~1"_s}).trimmed(), first.toLatin1());
    const QByteArray log = runGit({u"log"_s, u"-p"_s, u"main"_s});
    QVERIFY2(log.contains("-one\n+two"), log.constData());
    QVERIFY(log.contains("Author: Sandbench <sandbench@localhost>"));
    QVERIFY(log.contains("Sandbench-Kind: command"));
    for (const QString &ref : {u"main"_s, u"HEAD"_s}) {
        const QByteArray reflog = runGit({u"reflog"_s, u"--format=%H %gs"_s, ref});
        QCOMPARE(reflog, second.toLatin1() + " commit: echo two > a.txt\n" + first.toLatin1() +
                             " commit (initial): echo one > a.txt\n");
    }
    const QByteArray fsck = runGit({u"fsck"_s, u"--strict"_s});
    QVERIFY2(!fsck.startsWith("<failed>"), fsck.constData());

    // The reflogs gone: made again.
    QVERIFY(QDir(git() + u"/logs"_s).removeRecursively());
    write(u"a.txt"_s, "three\n");
    const QString third = commit(store, u"echo three > a.txt"_s).commitId;
    QVERIFY(!third.isEmpty());
    QCOMPARE(runGit({u"reflog"_s, u"--format=%H"_s, u"main"_s}).trimmed(), third.toLatin1());

    // A lock someone else holds: no entry, the branch stays, their lock stays.
    QFile lock(git() + u"/refs/heads/main.lock"_s);
    QVERIFY(lock.open(QIODevice::WriteOnly));
    lock.close();
    write(u"a.txt"_s, "four\n");
    CommandMeta meta;
    QVERIFY(!store.commitCommand(u"echo four > a.txt"_s, meta, ChangeHint::anything(), &error));
    QVERIFY2(error.contains(u"branch"_s), qPrintable(error));
    QVERIFY(lock.exists());
    QCOMPARE(store.headCommit(), third);
    QVERIFY(lock.remove());
    const Snapshot fourth = commit(store, u"echo four > a.txt"_s);
    QCOMPARE(fourth.changes.size(), 1);
    QCOMPARE(runGit({u"rev-parse"_s, u"main~1"_s}).trimmed(), third.toLatin1());
    store.close();

    // HEAD pointed elsewhere (a hand-made branch): pointed back, and entries go on from the branch.
    QVERIFY(!runGit({u"branch"_s, u"other"_s, first}).startsWith("<failed>"));
    QVERIFY(!runGit({u"symbolic-ref"_s, u"HEAD"_s, u"refs/heads/other"_s}).startsWith("<failed>"));
    QVERIFY2(store.open(home(), git(), &error), qPrintable(error));
    write(u"a.txt"_s, "five\n");
    const QString fifth = commit(store, u"echo five > a.txt"_s).commitId;
    store.close();
    QCOMPARE(runGit({u"symbolic-ref"_s, u"HEAD"_s}).trimmed(), QByteArray("refs/heads/main"));
    QCOMPARE(runGit({u"rev-parse"_s, u"main"_s}).trimmed(), fifth.toLatin1());
    QCOMPARE(runGit({u"rev-parse"_s, u"main~1"_s}).trimmed(), fourth.commitId.toLatin1());
    QCOMPARE(runGit({u"rev-parse"_s, u"other"_s}).trimmed(), first.toLatin1());
}

QTEST_GUILESS_MAIN(TestSnapshotStore)
#include "test_snapshotstore.moc"
