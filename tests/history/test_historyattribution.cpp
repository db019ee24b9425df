// SPDX-License-Identifier: GPL-3.0-or-later
#include "../sandbox/sandboxtestutil.h"

#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>

#include <algorithm>

using namespace Qt::StringLiterals;

// Commands that follow each other at once, in one call or in calls queued together, each get a history entry
// with exactly their own file changes: a command that changed nothing lets the next one start while its
// (empty) commit is still being written, so this is where a change could land in the wrong entry.
class TestHistoryAttribution final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void ownChangesOnly_data();
    void ownChangesOnly();
    void alternatingQuietAndWriting();
    void historyMatchesTheSignals();
    void uploadBeforeACommand();
    void uploadWhileACommandRuns_data();
    void uploadWhileACommandRuns();
    void failedUploadRecordsNothing();
    void bigUploadIsUsableBeforeItIsStored_data();
    void bigUploadIsUsableBeforeItIsStored();
    void bigFileRewrittenWhileItIsStored_data();
    void bigFileRewrittenWhileItIsStored();

private:
    // Runs commands back to back (one call, or one call each queued at once) in a container that has
    // already run a command, and returns each command's changes as "kind path sizes" lines.
    QList<QStringList> runBackToBack(Container *c, const QStringList &commands, bool oneCall);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<ContainerManager> m_manager;
};

namespace {

QString describe(const FileChange &change)
{
    switch (change.kind) {
    case ChangeKind::Added:
        return u"added %1 %2"_s.arg(change.path).arg(change.newSize);
    case ChangeKind::Modified:
        return u"modified %1 %2>%3"_s.arg(change.path).arg(change.oldSize).arg(change.newSize);
    case ChangeKind::Deleted:
        return u"deleted %1 %2"_s.arg(change.path).arg(change.oldSize);
    }
    return {};
}

QStringList describe(const QList<FileChange> &changes)
{
    QStringList out;
    for (const FileChange &change : changes)
        out << describe(change);
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

void TestHistoryAttribution::initTestCase()
{
    SANDBOX_REQUIRE_INIT();
    qRegisterMetaType<QList<FileChange>>();
}

void TestHistoryAttribution::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_manager = std::make_unique<ContainerManager>(sandboxTestSettings(m_dir->path()));
}

void TestHistoryAttribution::cleanup()
{
    m_manager.reset();
    m_dir.reset();
}

QList<QStringList> TestHistoryAttribution::runBackToBack(Container *c, const QStringList &commands,
                                                         bool oneCall)
{
    // Awake, with the store open and home rescanned: the state in which quiet commits do not hold anything
    // up.
    ShellCall *first = c->run(shellAction({u"true"_s}));
    if (!waitForCall(first))
        return {};
    c->historyStore()->waitForIdle();
    QCoreApplication::processEvents();

    QSignalSpy changed(c, &Container::filesChanged);
    QList<ShellCall *> calls;
    if (oneCall) {
        calls << c->run(shellAction(commands));
    } else {
        for (const QString &command : commands)
            calls << c->run(shellAction({command}));
    }
    for (ShellCall *call : std::as_const(calls)) {
        if (!waitForCall(call) || !call->isCompleted())
            return {};
    }
    if (!QTest::qWaitFor([&] { return changed.count() == commands.size(); }, 30000))
        return {};
    QList<QStringList> out;
    for (int i = 0; i < commands.size(); ++i) {
        const QList<QVariant> &args = changed.at(i);
        // Entries arrive in command order.
        const QString callId = args.at(2).toString();
        const int index = args.at(0).toInt();
        if (oneCall ? (callId != calls.at(0)->id() || index != i)
                    : (callId != calls.at(i)->id() || index != 0))
            return {};
        out << describe(args.at(1).value<QList<FileChange>>());
    }
    return out;
}

void TestHistoryAttribution::ownChangesOnly_data()
{
    QTest::addColumn<QStringList>("commands");
    QTest::addColumn<QList<QStringList>>("expected");
    QTest::addColumn<bool>("oneCall");
    struct Row
    {
        const char *name;
        QStringList commands;
        QList<QStringList> expected;
    };
    const QList<Row> rows{
        {"two files",
         {u"printf a > a.txt"_s, u"printf bb > b.txt"_s},
         {{u"added a.txt 1"_s}, {u"added b.txt 2"_s}}},
        {"same file rewritten",
         {u"printf 1 > f.txt"_s, u"printf 22 > f.txt"_s},
         {{u"added f.txt 1"_s}, {u"modified f.txt 1>2"_s}}},
        {"nothing, then a file", {u"true"_s, u"printf xyz > q.txt"_s}, {{}, {u"added q.txt 3"_s}}},
        {"nothing, then a rewrite of the file before",
         {u"printf 1 > r.txt"_s, u"cat r.txt > /dev/null"_s, u"printf 333 > r.txt"_s},
         {{u"added r.txt 1"_s}, {}, {u"modified r.txt 1>3"_s}}},
        {"write, nothing, delete",
         {u"printf 12 > d.txt"_s, u"true"_s, u"rm d.txt"_s},
         {{u"added d.txt 2"_s}, {}, {u"deleted d.txt 2"_s}}},
        {"new directory, then a file in it",
         {u"mkdir sub"_s, u"printf 4444 > sub/x.txt"_s},
         {{}, {u"added sub/x.txt 4"_s}}},
    };
    for (const Row &row : rows) {
        QTest::addRow("%s, one call", row.name) << row.commands << row.expected << true;
        QTest::addRow("%s, a call each", row.name) << row.commands << row.expected << false;
    }
}

void TestHistoryAttribution::ownChangesOnly()
{
    QFETCH(QStringList, commands);
    QFETCH(QList<QStringList>, expected);
    QFETCH(bool, oneCall);
    Container *c = m_manager->create();
    QVERIFY(c);
    const QList<QStringList> got = runBackToBack(c, commands, oneCall);
    QCOMPARE(got, expected);
}

void TestHistoryAttribution::alternatingQuietAndWriting()
{
    // Each write follows a command that changed nothing, so it starts while that command's commit may
    // still be in progress; it must never show up there.
    QStringList commands;
    QList<QStringList> expected;
    for (int i = 0; i < 12; ++i) {
        commands << u"true"_s << u"printf %1 > f%1.txt"_s.arg(i) << u"echo read-only; ls > /dev/null"_s
                 << u"printf %1%1 > f%1.txt"_s.arg(i);
        const QString one = QString::number(i).size() == 1 ? u"1"_s : u"2"_s;
        const QString two = QString::number(i).size() == 1 ? u"2"_s : u"4"_s;
        expected << QStringList{} << QStringList{u"added f%1.txt %2"_s.arg(i).arg(one)} << QStringList{}
                 << QStringList{u"modified f%1.txt %2>%3"_s.arg(i).arg(one, two)};
    }
    Container *c = m_manager->create();
    QVERIFY(c);
    QCOMPARE(runBackToBack(c, commands, false), expected);
}

void TestHistoryAttribution::historyMatchesTheSignals()
{
    // What the UI reads later (the stored history) says the same as the signals did.
    Container *c = m_manager->create();
    QVERIFY(c);
    const QStringList commands{u"true"_s, u"printf abc > h.txt"_s, u"true"_s, u"rm h.txt"_s};
    const QList<QStringList> got = runBackToBack(c, commands, false);
    QCOMPARE(got.size(), commands.size());
    QFuture<HistoryResult<QList<HistoryEntry>>> future = c->history();
    future.waitForFinished();
    const HistoryResult<QList<HistoryEntry>> history = future.result();
    QVERIFY2(history, qPrintable(history.error));
    QCOMPARE(history.value->size(), commands.size() + 1); // and the warm-up `true`
    for (int i = 0; i < commands.size(); ++i) {
        const HistoryEntry &entry = history.value->at(commands.size() - 1 - i); // newest first
        QCOMPARE(entry.command, commands.at(i));
        QCOMPARE(entry.added, i == 1 ? 1 : 0);
        QCOMPARE(entry.deleted, i == 3 ? 1 : 0);
        QCOMPARE(entry.modified, 0);
    }
}

namespace {

QString writeSource(const QTemporaryDir &dir, const QString &name, const QByteArray &data)
{
    QFile f(dir.filePath(name));
    if (!f.open(QIODevice::WriteOnly) || f.write(data) != data.size())
        return {};
    return f.fileName();
}

template<typename T>
T await(QFuture<T> future)
{
    QTest::qWaitFor([&] { return future.isFinished(); }, 60000);
    return future.result();
}

} // namespace

void TestHistoryAttribution::uploadBeforeACommand()
{
    // The file a person attached is an entry of its own, not part of the first command that reads it.
    QTemporaryDir sources;
    const QString source = writeSource(sources, u"sales.csv"_s, "region,total\nnorth,10\n");
    QVERIFY(!source.isEmpty());
    Container *c = m_manager->create();
    QVERIFY(c);
    QSignalSpy changed(c, &Container::filesChanged);
    const ImportResult imported = await(c->importFile(source, 0));
    QVERIFY2(imported.ok, qPrintable(imported.error));
    QVERIFY(imported.historyError.isEmpty());
    QCOMPARE(imported.sandboxPath, u"/workspace/home/sales.csv"_s);
    QTRY_COMPARE(changed.count(), 1);
    QCOMPARE(changed.at(0).at(0).toInt(), -1);
    QCOMPARE(describe(changed.at(0).at(1).value<QList<FileChange>>()), QStringList{u"added sales.csv 22"_s});

    ShellCall *call = c->run(shellAction({u"head -5 sales.csv"_s}));
    QVERIFY(waitForCall(call));
    QCOMPARE(call->results().value(0).stdoutText, u"region,total\nnorth,10\n"_s);
    QTRY_COMPARE(changed.count(), 2);
    QCOMPARE(describe(changed.at(1).at(1).value<QList<FileChange>>()), QStringList{});
    c->historyStore()->waitForIdle();
    const HistoryResult<QList<HistoryEntry>> history = await(c->history());
    QVERIFY2(history, qPrintable(history.error));
    QCOMPARE(history.value->size(), 2);
    QCOMPARE(history.value->at(0).kind, EntryKind::Command);
    QCOMPARE(history.value->at(0).command, u"head -5 sales.csv"_s);
    QCOMPARE(history.value->at(0).added, 0);
    QCOMPARE(history.value->at(1).kind, EntryKind::Upload);
    QCOMPARE(history.value->at(1).command, u"sales.csv"_s);
    QCOMPARE(history.value->at(1).added, 1);
}

void TestHistoryAttribution::uploadWhileACommandRuns_data()
{
    QTest::addColumn<bool>("warm");
    QTest::newRow("first command of the container") << false;
    QTest::newRow("after a command") << true;
}

void TestHistoryAttribution::uploadWhileACommandRuns()
{
    // A command already wrote a file and waits for the upload: the upload's entry holds only the upload, the
    // command's only what the command wrote, and the command never sees part of the file.
    QFETCH(bool, warm);
    QTemporaryDir sources;
    const QByteArray data = QByteArray(3 * 1024 * 1024, 'x') + "\nend\n";
    const QString source = writeSource(sources, u"big.csv"_s, data);
    QVERIFY(!source.isEmpty());
    Container *c = m_manager->create();
    QVERIFY(c);
    if (warm) {
        QVERIFY(waitForCall(c->run(shellAction({u"true"_s}))));
        c->historyStore()->waitForIdle();
        QCoreApplication::processEvents();
    }
    QSignalSpy changed(c, &Container::filesChanged);
    ShellCall *call = c->run(shellAction(
        {u"echo early > early.txt; until [ -e big.csv ]; do sleep 0.02; done; wc -c < big.csv > seen.txt"_s}));
    QVERIFY(QTest::qWaitFor([&] { return QFileInfo::exists(c->homeDir() + u"/early.txt"_s); }, 30000));
    const ImportResult imported = await(c->importFile(source, 0));
    QVERIFY2(imported.ok, qPrintable(imported.error));
    QVERIFY(waitForCall(call));
    QVERIFY(call->isCompleted());
    QTRY_COMPARE(changed.count(), 2);
    // The upload was recorded first (its entry came while the command still ran).
    QCOMPARE(changed.at(0).at(0).toInt(), -1);
    QCOMPARE(describe(changed.at(0).at(1).value<QList<FileChange>>()),
             QStringList{u"added big.csv %1"_s.arg(data.size())});
    QCOMPARE(changed.at(1).at(2).toString(), call->id());
    QCOMPARE(describe(changed.at(1).at(1).value<QList<FileChange>>()),
             (QStringList{u"added early.txt 6"_s,
                          u"added seen.txt %1"_s.arg(QString::number(data.size()).size() + 1)}));
    QFile seen(c->homeDir() + u"/seen.txt"_s);
    QVERIFY(seen.open(QIODevice::ReadOnly));
    QCOMPARE(seen.readAll().trimmed().toLongLong(), data.size());
}

void TestHistoryAttribution::failedUploadRecordsNothing()
{
    Container *c = m_manager->create();
    QVERIFY(c);
    QSignalSpy changed(c, &Container::filesChanged);
    QTemporaryDir sources;
    const QString source = writeSource(sources, u"large.bin"_s, QByteArray(2048, 'y'));
    const ImportResult tooLarge = await(c->importFile(source, 1024));
    QVERIFY(!tooLarge.ok);
    QVERIFY(tooLarge.error.contains(u"more than"_s));
    const ImportResult missing = await(c->importFile(sources.filePath(u"nope.csv"_s), 0));
    QVERIFY(!missing.ok);
    QVERIFY(missing.error.contains(u"does not exist"_s));
    c->historyStore()->waitForIdle();
    QCoreApplication::processEvents();
    QCOMPARE(changed.count(), 0);
    QCOMPARE(await(c->history()).value->size(), 0);
    QVERIFY(!QFileInfo::exists(c->homeDir() + u"/large.bin"_s));
}

void TestHistoryAttribution::bigFileRewrittenWhileItIsStored_data()
{
    QTest::addColumn<bool>("oneCall");
    QTest::addRow("one call") << true;
    QTest::addRow("a call each") << false;
}

void TestHistoryAttribution::bigFileRewrittenWhileItIsStored()
{
    // The next command waits only until the previous one's changed files are captured (a big file copied
    // aside), not until they are hashed and stored, so command 2 runs while command 1's 64 MiB file is
    // still being written to the store, and rewrites it: each entry holds its own version.
    QFETCH(bool, oneCall);
    Container *c = m_manager->create();
    QVERIFY(c);
    const QStringList commands{u"yes one | head -c 67108864 > big.csv"_s,
                               u"yes two | head -c 67108864 > big.csv"_s,
                               u"yes three | head -c 1048577 > big.csv"_s};
    const QList<QStringList> got = runBackToBack(c, commands, oneCall);
    QCOMPARE(got, (QList<QStringList>{{u"added big.csv 67108864"_s},
                                      {u"modified big.csv 67108864>67108864"_s},
                                      {u"modified big.csv 67108864>1048577"_s}}));
    c->historyStore()->waitForIdle();
    QCoreApplication::processEvents();
    const HistoryResult<QList<HistoryEntry>> history = await(c->history());
    QVERIFY2(history, qPrintable(history.error));
    QCOMPARE(history.value->size(), 4); // and the warm-up `true`
    const QString path = c->homeDir() + u"/big.csv"_s;
    const QList<QByteArray> words{"three\n", "two\n", "one\n"};
    for (int i = 0; i < 3; ++i) {
        const HistoryResult<Snapshot> restored =
            await(c->restoreFile(u"big.csv"_s, history.value->at(i).commitId));
        QVERIFY2(restored, qPrintable(restored.error));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.size(), i == 0 ? 1048577 : 67108864);
        QCOMPARE(f.read(words.at(i).size() * 3), words.at(i).repeated(3));
        QVERIFY(f.seek(f.size() - 4096));
        const QByteArray tail = f.read(4096); // the end of the file too is that version's, no other's
        for (int j = 0; j < 3; ++j)
            QCOMPARE(tail.contains(words.at(j)), j == i);
    }
}

void TestHistoryAttribution::bigUploadIsUsableBeforeItIsStored_data()
{
    QTest::addColumn<bool>("aged");
    // Written just now: captured from home's copy before commands may run.
    QTest::newRow("fresh file") << false;
    // Older than the racy window: home's copy is the only one made first; the history's is made from the
    // person's file while the command runs.
    QTest::newRow("older file") << true;
}

void TestHistoryAttribution::bigUploadIsUsableBeforeItIsStored()
{
    // A big upload is ready once it is captured, while it is still hashed and stored: a command may read it
    // and rewrite it at once, and the upload's entry still holds exactly the uploaded bytes.
    QFETCH(bool, aged);
    QTemporaryDir sources;
    const QByteArray data = QByteArray("up\n").repeated(8 * 1024 * 1024) + "end\n";
    const QString source = writeSource(sources, u"upload.csv"_s, data);
    QVERIFY(!source.isEmpty());
    if (aged)
        QTest::qWait(1100);
    Container *c = m_manager->create();
    QVERIFY(c);
    QSignalSpy changed(c, &Container::filesChanged);
    const ImportResult imported = await(c->importFile(source, 0));
    QVERIFY2(imported.ok, qPrintable(imported.error));
    QVERIFY(imported.historyError.isEmpty());
    ShellCall *call = c->run(shellAction({u"wc -c < upload.csv; yes down | head -c 1048600 > upload.csv"_s}));
    QVERIFY(waitForCall(call));
    QCOMPARE(call->results().value(0).stdoutText.trimmed().toLongLong(), data.size());
    QTRY_COMPARE(changed.count(), 2);
    QCOMPARE(changed.at(0).at(0).toInt(), -1);
    QCOMPARE(describe(changed.at(0).at(1).value<QList<FileChange>>()),
             QStringList{u"added upload.csv %1"_s.arg(data.size())});
    QCOMPARE(describe(changed.at(1).at(1).value<QList<FileChange>>()),
             QStringList{u"modified upload.csv %1>1048600"_s.arg(data.size())});
    c->historyStore()->waitForIdle();
    const HistoryResult<QList<HistoryEntry>> history = await(c->history());
    QVERIFY2(history, qPrintable(history.error));
    QCOMPARE(history.value->size(), 2);
    QCOMPARE(history.value->at(1).kind, EntryKind::Upload);
    const HistoryResult<Snapshot> restored =
        await(c->restoreFile(u"upload.csv"_s, history.value->at(1).commitId));
    QVERIFY2(restored, qPrintable(restored.error));
    QFile f(c->homeDir() + u"/upload.csv"_s);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QVERIFY(f.readAll() == data);
}

QTEST_GUILESS_MAIN(TestHistoryAttribution)
#include "test_historyattribution.moc"
