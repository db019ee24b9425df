// SPDX-License-Identifier: GPL-3.0-or-later
#include "../sandbox/sandboxtestutil.h"
#include "sandbox/history/filestore.h"
#include "sandbox/history/meter.h"

#include <QDateTime>
#include <QDirIterator>
#include <QFileInfo>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>

#include <QScopeGuard>

#include <csignal>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>

using namespace Qt::StringLiterals;

// Processes whose command line starts with prefix (a plain "contains" would also find the engine that was
// given the command).
static QList<int> processesStartingWith(const QByteArray &prefix)
{
    QList<int> out;
    for (int pid : processesMatching(prefix)) {
        QFile f(u"/proc/%1/cmdline"_s.arg(pid));
        if (f.open(QIODevice::ReadOnly) && f.readAll().replace('\0', ' ').startsWith(prefix))
            out.append(pid);
    }
    return out;
}

// (pid, parent pid, state) of every process whose name (comm) is name.
struct ProcessState
{
    int pid;
    int ppid;
    char state;
};
static QList<ProcessState> processesNamed(const QByteArray &name)
{
    QList<ProcessState> out;
    const QStringList entries = QDir(u"/proc"_s).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &entry : entries) {
        QFile f(u"/proc/"_s + entry + u"/stat"_s);
        if (!entry.at(0).isDigit() || !f.open(QIODevice::ReadOnly))
            continue;
        const QByteArray line = f.read(512);
        const qsizetype open = line.indexOf('(');
        const qsizetype close = line.lastIndexOf(") ");
        if (open < 0 || close < open || line.mid(open + 1, close - open - 1) != name)
            continue;
        const QList<QByteArray> rest = line.mid(close + 2).split(' ');
        if (rest.size() > 1)
            out.append({entry.toInt(), rest.at(1).toInt(), rest.at(0).at(0)});
    }
    return out;
}

// The container cgroups of these launchers (named <id>-<launcher pid>) that exist now.
static QStringList cgroupsOfLaunchers(const QList<int> &launchers)
{
    QStringList out;
    for (const QString &parent : ContainerManager::cgroupParents()) {
        for (const QString &entry : QDir(parent).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
            for (int pid : launchers) {
                if (entry.endsWith(u'-' + QString::number(pid)))
                    out.append(parent + u'/' + entry);
            }
        }
    }
    return out;
}

// Containers across requests, wired end to end: persistence, identity, sleep and wake, per-command history,
// restore, the janitor, kill -9 survival and the metering inputs, all on real sandboxes.
class TestContainerLifecycle final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void containersSurviveANewManager();
    void chooseFollowsTheSessionRules();
    void containerReferenceMustExistHere_data();
    void containerReferenceMustExistHere();
    void policyIsFixedForLife();
    void sleepsAfterFiveIdleMinutes();
    void wakeRestoresFilesOnly();
    void historyPerCommand();
    void restoreFileAndWorkspace();
    void restoreRefusedWhileBusy();
    void janitorSkipsInUseAndKeepsDocuments();
    void expiredContainerIsRefusedOnceChosen();
    void janitorKeepsWhatAnyManagerUses();
    void deleteWithFilesIsGoneAtOnce();
    void meterChargesColdStartsOnly();
    void killNineSurvival();
    void killedEngineLeavesNoCgroup_data();
    void killedEngineLeavesNoCgroup();
    void sleepEndsBackgroundProcesses();
    void storageBudgetCoversTheHistory();
    void heavyHistoryWorkIsChargedToTheContainer();

private:
    SandboxSettings settings(const QString &workspace = u"test"_s) const
    {
        SandboxSettings s = sandboxTestSettings(m_dir->path());
        s.workspace = workspace;
        return s;
    }
    CommandResult runOne(Container *c, const QString &command)
    {
        ShellCall *call = c->run(shellAction({command}));
        if (!waitForCall(call) || call->results().isEmpty())
            return {};
        return call->results().constFirst();
    }
    QString readHome(Container *c, const QString &name) const
    {
        QFile f(c->homeDir() + u'/' + name);
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
    }
    template<typename T>
    static HistoryResult<T> await(QFuture<HistoryResult<T>> future)
    {
        // Results come from the container's worker thread; a test may block for them.
        future.waitForFinished();
        return future.result();
    }

    // Backdates the container's last use (as if its last command ran that long ago).
    void age(ContainerManager *manager, const QString &id, qint64 ms)
    {
        ContainerRegistry *registry = manager->registry();
        std::optional<ContainerMeta> meta = registry->load(manager->settings().workspace, id, nullptr);
        QVERIFY(meta);
        meta->createdMs -= ms;
        meta->lastUsedMs = meta->createdMs;
        QVERIFY(registry->save(*meta, nullptr));
    }
    // Everything under the workspace's containers/, hidden names (trash) included.
    QStringList containerEntries(const QString &workspace = u"test"_s) const
    {
        return QDir(m_dir->path() + u"/workspaces/"_s + workspace + u"/containers"_s)
            .entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
    }

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<ContainerManager> m_manager;
    qint64 m_now = 1'000'000;
};

void TestContainerLifecycle::initTestCase()
{
    SANDBOX_REQUIRE_INIT();
    qRegisterMetaType<QList<FileChange>>();
}

void TestContainerLifecycle::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_manager = std::make_unique<ContainerManager>(settings());
    m_now = 1'000'000;
    m_manager->setClock([this] { return m_now; });
}

void TestContainerLifecycle::cleanup()
{
    m_manager.reset();
    m_dir.reset();
}

void TestContainerLifecycle::containersSurviveANewManager()
{
    QString error;
    Container *c = m_manager->chooseContainer(u"persist"_s, {}, {}, std::nullopt, &error);
    QVERIFY2(c, qPrintable(error));
    const QString id = c->id();
    QVERIFY(id.startsWith(u"sess_"_s));
    QCOMPARE(runOne(c, u"echo kept > kept.txt"_s).outcome.exitCode, 0);
    c->historyStore()->waitForIdle();
    m_manager.reset();

    m_manager = std::make_unique<ContainerManager>(settings());
    Container *again = m_manager->find(id);
    QVERIFY(again);
    QCOMPARE(again->state(), Container::State::Stopped);
    QCOMPARE(readHome(again, u"kept.txt"_s), u"kept\n"_s);
    const auto history = await(again->history());
    QVERIFY2(history, qPrintable(history.error));
    QCOMPARE(history.value->size(), 1);
    QCOMPARE(history.value->constFirst().command, u"echo kept > kept.txt"_s);
    // The same session id finds it again, and it runs.
    QCOMPARE(m_manager->chooseContainer(u"persist"_s, {}, {}, std::nullopt, &error), again);
    QCOMPARE(runOne(again, u"cat kept.txt"_s).stdoutText, u"kept\n"_s);
}

void TestContainerLifecycle::chooseFollowsTheSessionRules()
{
    QString error;
    bool created = false;
    Container *a = m_manager->chooseContainer(u"session-one"_s, {}, {}, std::nullopt, &error, &created);
    QVERIFY(a);
    QVERIFY(created);
    QCOMPARE(m_manager->chooseContainer(u"session-one"_s, {}, {}, std::nullopt, &error, &created), a);
    QVERIFY(!created);
    // Long ids: only the last 20 characters count.
    Container *l1 =
        m_manager->chooseContainer(u"AAAAAAAAAA01234567890123456789"_s, {}, {}, std::nullopt, &error);
    Container *l2 =
        m_manager->chooseContainer(u"BBBBBBBBBBBBB01234567890123456789"_s, {}, {}, std::nullopt, &error);
    QVERIFY(l1);
    QCOMPARE(l2, l1);
    // An invalid id is ignored: the replayed container is used, else a new one.
    QCOMPARE(m_manager->chooseContainer(u"bad id!"_s, {}, a->id(), std::nullopt, &error), a);
    Container *fresh = m_manager->chooseContainer(u"bad id!"_s, {}, {}, std::nullopt, &error, &created);
    QVERIFY(fresh);
    QVERIFY(created);
    QVERIFY(fresh != a);
    // A replayed id of another workspace is never reused.
    ContainerManager other(settings(u"other"_s));
    Container *foreign = other.create(&error);
    QVERIFY(foreign);
    Container *mine = m_manager->chooseContainer({}, {}, foreign->id(), std::nullopt, &error, &created);
    QVERIFY(mine);
    QVERIFY(created);
    QVERIFY(mine->id() != foreign->id());
}

void TestContainerLifecycle::containerReferenceMustExistHere_data()
{
    QTest::addColumn<QString>("reference");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("41 characters") << u"a"_s.repeated(41) << u"40"_s;
    QTest::newRow("bad character") << u"no/slash"_s << u"A-Z"_s;
    QTest::newRow("unknown") << u"never-made"_s << u"no container never-made"_s;
    QTest::newRow("other workspace") << u"FOREIGN"_s << u"no container"_s;
}

void TestContainerLifecycle::containerReferenceMustExistHere()
{
    QFETCH(QString, reference);
    QFETCH(QString, mentions);
    ContainerManager other(settings(u"other"_s));
    QString error;
    QVERIFY(other.findOrCreate(u"FOREIGN"_s, &error));
    QVERIFY(!m_manager->chooseContainer({}, reference, {}, std::nullopt, &error));
    QVERIFY2(error.contains(mentions), qPrintable(error));
    QVERIFY(!m_manager->find(reference));
    // A 40-character reference of this workspace is used exactly, never truncated.
    const QString forty = u"b"_s.repeated(40);
    QVERIFY(m_manager->findOrCreate(forty, &error));
    Container *c = m_manager->chooseContainer({}, forty, {}, std::nullopt, &error);
    QVERIFY(c);
    QCOMPARE(c->id(), forty);
}

void TestContainerLifecycle::policyIsFixedForLife()
{
    QString error;
    const NetworkPolicy allow = *NetworkPolicy::fromEntries({u"example.com"_s});
    Container *c = m_manager->chooseContainer(u"netpol"_s, {}, {}, allow, &error);
    QVERIFY(c);
    QCOMPARE(c->networkPolicy(), allow);
    QVERIFY(!m_manager->chooseContainer(u"netpol"_s, {}, {}, NetworkPolicy::disabled(), &error));
    QVERIFY2(error.contains(c->id()), qPrintable(error));
    // Stored with the container: a new manager (a restart) refuses it too.
    const QString id = c->id();
    m_manager = std::make_unique<ContainerManager>(settings());
    QCOMPARE(m_manager->find(id)->networkPolicy(), allow);
    QVERIFY(!m_manager->chooseContainer({}, id, {}, NetworkPolicy::disabled(), &error));
    QVERIFY(m_manager->chooseContainer({}, id, {}, allow, &error));
    QVERIFY(m_manager->chooseContainer({}, id, {}, std::nullopt, &error));
}

void TestContainerLifecycle::sleepsAfterFiveIdleMinutes()
{
    Container *c = m_manager->create();
    QVERIFY(c);
    QCOMPARE(runOne(c, u"true"_s).outcome.exitCode, 0);
    QVERIFY(c->lastStartWasCold());
    QSignalSpy slept(m_manager.get(), &ContainerManager::containerSlept);
    m_now += ContainerManager::kIdleSleepMs - 1;
    m_manager->checkIdle();
    QCOMPARE(c->state(), Container::State::Running);
    QCOMPARE(runOne(c, u"true"_s).outcome.exitCode, 0);
    QVERIFY(!c->lastStartWasCold());
    m_now += ContainerManager::kIdleSleepMs;
    m_manager->checkIdle();
    QCOMPARE(c->state(), Container::State::Stopped);
    QCOMPARE(slept.count(), 1);
    QCOMPARE(runOne(c, u"true"_s).outcome.exitCode, 0);
    QVERIFY(c->lastStartWasCold());
}

void TestContainerLifecycle::wakeRestoresFilesOnly()
{
    Container *c = m_manager->create();
    QVERIFY(c);
    const QString marker = u"sleep 918273"_s;
    ShellCall *call = c->run(shellAction({u"export SB_WAKE=1; echo \"[$SB_WAKE]\""_s, u"echo gone > /tmp/t"_s,
                                          u"echo stays > h.txt"_s, u"(setsid "_s + marker + u" &)"_s}));
    QVERIFY(waitForCall(call));
    QCOMPARE(call->results().size(), 4);
    QCOMPARE(call->results().at(0).stdoutText, u"[1]\n"_s);
    QTRY_VERIFY(!processesMatching(marker.toUtf8()).isEmpty());

    m_now += ContainerManager::kIdleSleepMs;
    m_manager->checkIdle();
    QCOMPARE(c->state(), Container::State::Stopped);
    QTRY_VERIFY_WITH_TIMEOUT(processesMatching(marker.toUtf8()).isEmpty(), 10000);

    ShellCall *after = c->run(
        shellAction({u"echo \"[$SB_WAKE]\""_s, u"test -e /tmp/t && echo tmp || echo no-tmp"_s, u"cat h.txt"_s,
                     u"for p in /proc/[0-9]*; do tr '\\0' ' ' < $p/cmdline; echo; done | grep -c '^"_s +
                         marker + u"'"_s}));
    QVERIFY(waitForCall(after));
    QCOMPARE(after->results().size(), 4);
    QCOMPARE(after->results().at(0).stdoutText, u"[]\n"_s);
    QCOMPARE(after->results().at(1).stdoutText, u"no-tmp\n"_s);
    QCOMPARE(after->results().at(2).stdoutText, u"stays\n"_s);
    QCOMPARE(after->results().at(3).stdoutText, u"0\n"_s);
    c->historyStore()->waitForIdle();
    QTRY_COMPARE(c->historyStore()->pendingWrites(), 0);
    const auto history = await(c->history());
    QVERIFY(history);
    QCOMPARE(history.value->size(), 8);
    QCOMPARE(history.value->last().command, call->action().commands.first());
}

void TestContainerLifecycle::historyPerCommand()
{
    Container *c = m_manager->create();
    QVERIFY(c);
    QSignalSpy changed(c, &Container::filesChanged);
    ShellCall *call = c->run(shellAction({u"head -c 1000 /dev/zero > a.bin; echo hello > b.txt"_s,
                                          u"head -c 2500 /dev/zero > a.bin"_s, u"rm b.txt"_s, u"exit 7"_s}));
    QVERIFY(waitForCall(call));
    QTRY_COMPARE(changed.count(), 4);
    auto changesOf = [&](int i) { return changed.at(i).at(1).value<QList<FileChange>>(); };
    for (int i = 0; i < 4; ++i) {
        QCOMPARE(changed.at(i).at(0).toInt(), i);
        QCOMPARE(changed.at(i).at(2).toString(), call->id());
    }
    QList<FileChange> first = changesOf(0);
    std::sort(first.begin(), first.end(),
              [](const FileChange &x, const FileChange &y) { return x.path < y.path; });
    QCOMPARE(first.size(), 2);
    QCOMPARE(first.at(0).path, u"a.bin"_s);
    QCOMPARE(first.at(0).kind, ChangeKind::Added);
    QCOMPARE(first.at(0).newSize, qint64(1000));
    QCOMPARE(first.at(1).newSize, qint64(6));
    const QList<FileChange> second = changesOf(1);
    QCOMPARE(second.size(), 1);
    QCOMPARE(second.at(0).kind, ChangeKind::Modified);
    QCOMPARE(second.at(0).oldSize, qint64(1000));
    QCOMPARE(second.at(0).newSize, qint64(2500));
    const QList<FileChange> third = changesOf(2);
    QCOMPARE(third.size(), 1);
    QCOMPARE(third.at(0).kind, ChangeKind::Deleted);
    QCOMPARE(third.at(0).oldSize, qint64(6));
    QVERIFY(changesOf(3).isEmpty());

    const auto history = await(c->history());
    QVERIFY(history);
    QCOMPARE(history.value->size(), 4);
    QCOMPARE(history.value->at(0).exitCode, 7); // newest first
    QCOMPARE(history.value->at(0).command, u"exit 7"_s);
    QCOMPARE(history.value->at(3).added, 2);
    const QString secondCommit = changed.at(1).at(3).toString();
    QCOMPARE(history.value->at(2).commitId, secondCommit);
    const auto viaApi = await(c->changes(secondCommit));
    QVERIFY(viaApi);
    QCOMPARE(viaApi.value->size(), 1);

    ShellCall *edit =
        c->run(shellAction({u"printf 'one\\ntwo\\n' > t.txt"_s, u"printf 'one\\nTWO\\n' > t.txt"_s}));
    QVERIFY(waitForCall(edit));
    QTRY_COMPARE(changed.count(), 6);
    const auto diff =
        await(c->fileDiff(u"t.txt"_s, changed.at(4).at(3).toString(), changed.at(5).at(3).toString()));
    QVERIFY2(diff, qPrintable(diff.error));
    QVERIFY2(diff.value->text.contains(u"-two"_s) && diff.value->text.contains(u"+TWO"_s),
             qPrintable(diff.value->text));
}

void TestContainerLifecycle::restoreFileAndWorkspace()
{
    Container *c = m_manager->create();
    QVERIFY(c);
    QSignalSpy changed(c, &Container::filesChanged);
    ShellCall *call =
        c->run(shellAction({u"echo v1 > f.txt; echo keep > g.txt"_s, u"echo v2 > f.txt; rm g.txt"_s}));
    QVERIFY(waitForCall(call));
    QTRY_COMPARE(changed.count(), 2);
    const QString v1 = changed.at(0).at(3).toString();

    const auto restored = await(c->restoreFile(u"f.txt"_s, v1));
    QVERIFY2(restored, qPrintable(restored.error));
    QTRY_COMPARE(changed.count(), 3);
    QCOMPARE(changed.at(2).at(0).toInt(), -1);
    QCOMPARE(readHome(c, u"f.txt"_s), u"v1\n"_s);
    QVERIFY(!QFileInfo::exists(c->homeDir() + u"/g.txt"_s));
    struct stat st;
    QCOMPARE(::lstat(QFile::encodeName(c->homeDir() + u"/f.txt"_s).constData(), &st), 0);
    QCOMPARE(uint(st.st_uid), SandboxSettings::sandboxHostUid());
    // The sandbox user can write the restored file.
    QCOMPARE(runOne(c, u"echo v3 >> f.txt && cat f.txt"_s).stdoutText, u"v1\nv3\n"_s);

    const auto whole = await(c->restoreWorkspace(v1));
    QVERIFY2(whole, qPrintable(whole.error));
    QCOMPARE(readHome(c, u"f.txt"_s), u"v1\n"_s);
    QCOMPARE(readHome(c, u"g.txt"_s), u"keep\n"_s);
    const auto history = await(c->history());
    QVERIFY(history);
    QVERIFY(history.value->constFirst().kind == EntryKind::Restore);
    // Traversal is refused by restore too.
    QVERIFY(!await(c->restoreFile(u"../../meta.json"_s, v1)));
}

void TestContainerLifecycle::restoreRefusedWhileBusy()
{
    Container *c = m_manager->create();
    QVERIFY(c);
    QSignalSpy errors(c, &Container::historyError);
    QCOMPARE(runOne(c, u"echo a > a"_s).outcome.exitCode, 0);
    const auto history = await(c->history());
    QVERIFY2(history, qPrintable(history.error));
    QVERIFY2(!history.value->isEmpty(),
             qPrintable(errors.isEmpty() ? QString() : errors.first().first().toString()));
    ShellCall *call = c->run(shellAction({u"sleep 2"_s}));
    const auto refused = await(c->restoreWorkspace(history.value->constFirst().commitId));
    QVERIFY(!refused);
    QVERIFY2(refused.error.contains(u"running"_s), qPrintable(refused.error));
    QVERIFY(waitForCall(call));
}

void TestContainerLifecycle::janitorSkipsInUseAndKeepsDocuments()
{
    qint64 wall = QDateTime::currentMSecsSinceEpoch();
    m_manager->setWallClock([&wall] { return wall; });
    Container *awake = m_manager->create();
    Container *asleep = m_manager->create();
    QVERIFY(awake && asleep);
    QCOMPARE(runOne(awake, u"echo a > a"_s).outcome.exitCode, 0);
    QCOMPARE(runOne(asleep, u"echo doc > doc.txt"_s).outcome.exitCode, 0);
    asleep->stop();
    asleep->historyStore()->waitForIdle();
    const FileStore files(asleep->homeDir());
    QString error;
    const auto doc =
        files.promote(FileStore::fileIdForPath("doc.txt"),
                      m_manager->registry()->documentsDir(m_manager->settings().workspace), {}, &error);
    QVERIFY2(doc, qPrintable(error));
    const QString asleepId = asleep->id();
    const QString awakeId = awake->id();

    wall += 29LL * 24 * 3600 * 1000;
    QVERIFY(m_manager->sweepExpired().isEmpty());
    wall += 2LL * 24 * 3600 * 1000;
    const QStringList removed = m_manager->sweepExpired();
    QCOMPARE(removed, QStringList{asleepId});
    QVERIFY(!m_manager->find(asleepId));
    QVERIFY(m_manager->find(awakeId));
    QVERIFY(!QFileInfo::exists(m_manager->settings().containerDir(asleepId)));
    QVERIFY(QFileInfo::exists(doc->contentPath));
}

void TestContainerLifecycle::expiredContainerIsRefusedOnceChosen()
{
    QString error;
    Container *c = m_manager->chooseContainer(u"old-session"_s, {}, {}, std::nullopt, &error);
    QVERIFY2(c, qPrintable(error));
    const QString id = c->id();
    QCOMPARE(runOne(c, u"echo old > old.txt"_s).outcome.exitCode, 0);
    c->stop();
    c->historyStore()->waitForIdle();
    Container *recent = m_manager->create(&error);
    QVERIFY2(recent, qPrintable(error));
    const QString recentId = recent->id();
    age(m_manager.get(), id, 31LL * 24 * 3600 * 1000);

    // A restart: the new manager loads every container and sweeps before it returns, so a request naming
    // the expired one (a resumed conversation, `run --container`, container_reference) never reaches it,
    // even though the deletion of its files may still be running.
    m_manager = std::make_unique<ContainerManager>(settings());
    QVERIFY(!m_manager->find(id));
    QVERIFY(!QFileInfo::exists(m_manager->settings().containerDir(id)));
    QVERIFY(!m_manager->chooseContainer({}, id, {}, std::nullopt, &error));
    QVERIFY2(error.contains(u"no container %1"_s.arg(id)) && error.contains(u"expired"_s), qPrintable(error));
    for (Container *listed : m_manager->list())
        QVERIFY(listed->id() != id);
    // Its session starts afresh rather than waking a half-deleted container.
    Container *again = m_manager->chooseContainer(u"old-session"_s, {}, {}, std::nullopt, &error);
    QVERIFY2(again, qPrintable(error));
    QVERIFY(QFileInfo::exists(again->homeDir()));
    QVERIFY(!QFileInfo::exists(again->homeDir() + u"/old.txt"_s));
    QVERIFY(m_manager->find(recentId));

    // The files end up fully gone: no trash left, no directory under the old id.
    QTRY_VERIFY(!containerEntries().join(u' ').contains(u".trash-"_s));
    QStringList expected{again->id(), recentId};
    expected.sort();
    QCOMPARE(containerEntries(), expected);
}

void TestContainerLifecycle::janitorKeepsWhatAnyManagerUses()
{
    // The API server keeps one manager per workspace in one process; each janitor sweeps all workspaces.
    qint64 wall = QDateTime::currentMSecsSinceEpoch();
    m_manager->setWallClock([&wall] { return wall; });
    ContainerManager other(settings(u"other"_s));
    QSignalSpy removedSignal(&other, &ContainerManager::containerRemoved);
    QString error;
    Container *awake = other.create(&error);
    Container *asleep = other.create(&error);
    QVERIFY2(awake && asleep, qPrintable(error));
    QCOMPARE(runOne(awake, u"echo busy > busy.txt"_s).outcome.exitCode, 0);
    QCOMPARE(runOne(asleep, u"echo idle > idle.txt"_s).outcome.exitCode, 0);
    asleep->stop();
    asleep->historyStore()->waitForIdle();
    awake->historyStore()->waitForIdle();
    const QString awakeId = awake->id();
    const QString asleepId = asleep->id();

    wall += 31LL * 24 * 3600 * 1000;
    QVERIFY(m_manager->sweepExpired().isEmpty()); // none of this workspace
    QVERIFY(other.find(awakeId));
    QVERIFY(awake->isAwake());
    QVERIFY(QFileInfo::exists(other.settings().homeDir(awakeId) + u"/busy.txt"_s));
    QCOMPARE(runOne(awake, u"cat busy.txt"_s).stdoutText, u"busy\n"_s);
    // The idle one of the other workspace went, and its own manager let go of it.
    QVERIFY(!other.find(asleepId));
    QCOMPARE(removedSignal.size(), 1);
    QCOMPARE(removedSignal.first().first().toString(), asleepId);
    QVERIFY(!QFileInfo::exists(other.settings().containerDir(asleepId)));
    QVERIFY(!other.chooseContainer({}, asleepId, {}, std::nullopt, &error));
    QVERIFY2(error.contains(u"expired"_s), qPrintable(error));
    QCOMPARE(containerEntries(u"other"_s), QStringList{awakeId});
}

void TestContainerLifecycle::deleteWithFilesIsGoneAtOnce()
{
    QString error;
    Container *c = m_manager->create(&error);
    QVERIFY2(c, qPrintable(error));
    const QString id = c->id();
    QCOMPARE(runOne(c, u"mkdir -p a/b && seq 1 2000 > a/b/n.txt"_s).outcome.exitCode, 0);
    QFuture<QString> done = m_manager->removeInBackground(id);
    // Reopened by id in the same breath (before the worker has started): nothing there, a clean error.
    QVERIFY(!m_manager->find(id));
    QVERIFY(!m_manager->registry()->exists(m_manager->settings().workspace, id));
    QVERIFY(!QFileInfo::exists(m_manager->settings().containerDir(id)));
    QVERIFY(!m_manager->chooseContainer({}, id, {}, std::nullopt, &error));
    QVERIFY2(error.contains(u"no container %1"_s.arg(id)), qPrintable(error));
    done.waitForFinished();
    QCOMPARE(done.result(), QString());
    QVERIFY(containerEntries().isEmpty());
    // Removing it again says it is not there.
    done = m_manager->removeInBackground(id);
    done.waitForFinished();
    QVERIFY2(done.result().contains(u"no container"_s), qPrintable(done.result()));
}

void TestContainerLifecycle::meterChargesColdStartsOnly()
{
    qint64 clock = 0;
    Meter meter([&clock] { return clock; });
    Container *c = m_manager->create();
    QVERIFY(c);
    meter.begin(u"r1"_s);
    ShellCall *call = c->run(shellAction({u"true"_s}));
    meter.commandStarted(u"r1"_s, c->lastStartWasCold());
    QVERIFY(waitForCall(call));
    clock += 2000;
    const MeterCharge first = meter.finish(u"r1"_s);
    QVERIFY(first.coldStart);
    QCOMPARE(first.meteredMs, qint64(2000));
    QCOMPARE(first.billedMs, Meter::kColdStartMinimumMs);
    QCOMPARE(first.cost, 30 * Meter::kDefaultRatePerSecond);

    clock += 60000; // idle time between requests is free
    meter.begin(u"r2"_s);
    ShellCall *warm = c->run(shellAction({u"true"_s}));
    meter.commandStarted(u"r2"_s, c->lastStartWasCold());
    QVERIFY(waitForCall(warm));
    clock += 1500;
    const MeterCharge second = meter.finish(u"r2"_s);
    QVERIFY(!second.coldStart);
    QCOMPARE(second.billedMs, qint64(1500));
    QVERIFY(qFuzzyCompare(second.cost, 1.5 * Meter::kDefaultRatePerSecond));
    QCOMPARE(m_manager->meter()->ratePerSecond(), Meter::kDefaultRatePerSecond);
}

void TestContainerLifecycle::killNineSurvival()
{
    // An engine in a child process (the sandbench CLI) runs a command and is killed in the middle of it.
    const QString marker = u"sleep 827364"_s;
    QProcess engine;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"SANDBENCH_DATA_DIR"_s, m_dir->path());
    engine.setProcessEnvironment(env);
    engine.start(QStringLiteral(SANDBENCH_BIN_DIR "/sandbench"),
                 {u"exec"_s, u"--workspace"_s, u"test"_s, u"--session"_s, u"k9"_s, u"--"_s,
                  u"echo one > a.txt"_s, u"echo two > b.txt; "_s + marker});
    QVERIFY(engine.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(!processesStartingWith(marker.toUtf8()).isEmpty(), 30000);
    // The second command may start while the first one's entry is still being written (only its changes
    // had to be read first): the kill comes once that entry is saved, so the first command has its own.
    auto firstEntrySaved = [this] {
        QDirIterator it(m_dir->path(), {u"main"_s}, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            if (it.next().endsWith(u"/history.git/refs/heads/main"_s))
                return true;
        }
        return false;
    };
    QTRY_VERIFY_WITH_TIMEOUT(firstEntrySaved(), 30000);
    ::kill(pid_t(engine.processId()), SIGKILL);
    QVERIFY(engine.waitForFinished());
    // Nothing of the old run is left.
    QTRY_VERIFY_WITH_TIMEOUT(processesStartingWith(marker.toUtf8()).isEmpty(), 10000);
    QTRY_VERIFY_WITH_TIMEOUT(processesMatching(m_dir->path().toUtf8()).isEmpty(), 10000);

    m_manager = std::make_unique<ContainerManager>(settings());
    QString error;
    Container *c = m_manager->chooseContainer(u"k9"_s, {}, {}, std::nullopt, &error);
    QVERIFY2(c, qPrintable(error));
    QCOMPARE(c->state(), Container::State::Stopped);
    QCOMPARE(readHome(c, u"a.txt"_s), u"one\n"_s);
    QCOMPARE(readHome(c, u"b.txt"_s), u"two\n"_s);
    const auto before = await(c->history());
    QVERIFY2(before, qPrintable(before.error));
    QCOMPARE(before.value->size(), 1);
    QCOMPARE(before.value->constFirst().command, u"echo one > a.txt"_s);

    QSignalSpy changed(c, &Container::filesChanged);
    QCOMPARE(runOne(c, u"cat a.txt b.txt"_s).stdoutText, u"one\ntwo\n"_s);
    QTRY_COMPARE(changed.count(), 2);
    // What the killed command wrote gets an entry of its own at the wake, before the next command ran...
    QCOMPARE(changed.at(0).at(0).toInt(), -1);
    const QList<FileChange> caught = changed.at(0).at(1).value<QList<FileChange>>();
    QCOMPARE(caught.size(), 1);
    QCOMPARE(caught.at(0).path, u"b.txt"_s);
    // ... so the next command's entry holds only its own changes (none).
    QCOMPARE(changed.at(1).at(0).toInt(), 0);
    QVERIFY(changed.at(1).at(1).value<QList<FileChange>>().isEmpty());
    const auto after = await(c->history());
    QVERIFY(after);
    QCOMPARE(after.value->size(), 3);
    const HistoryEntry &recovered = after.value->at(1);
    QVERIFY(recovered.kind == EntryKind::Recovered);
    QCOMPARE(recovered.command,
             u"changes saved after an interruption (during: echo two > b.txt; "_s + marker + u")"_s);
    QCOMPARE(recovered.added, 1);
    QCOMPARE(after.value->at(0).command, u"cat a.txt b.txt"_s);
    QCOMPARE(after.value->at(0).added + after.value->at(0).modified + after.value->at(0).deleted, 0);
}

namespace {

qint64 diskUsage(const QString &dir)
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

// The container's cgroup v1 "cpu" directory, from its launcher's /proc/PID/cgroup.
QString cpuCgroupOf(qint64 pid)
{
    QFile f(u"/proc/%1/cgroup"_s.arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    for (const QByteArray &line : f.readAll().split('\n')) {
        const QByteArrayList parts = line.split(':');
        if (parts.size() >= 3 && parts.at(1).split(',').contains("cpu"))
            return u"/sys/fs/cgroup/"_s + QString::fromLatin1(parts.at(1)) + QString::fromUtf8(parts.at(2));
    }
    return {};
}

} // namespace

void TestContainerLifecycle::storageBudgetCoversTheHistory()
{
    // One budget for home and its history: writing and deleting a large file again and again does not grow
    // history.git past it (the oldest versions go).
    m_manager.reset();
    SandboxSettings s = settings();
    s.limits.storageBytes = 64LL * 1024 * 1024;
    m_manager = std::make_unique<ContainerManager>(s);
    Container *c = m_manager->create();
    QVERIFY(c);
    for (int i = 0; i < 5; ++i) {
        QCOMPARE(runOne(c, u"head -c 20971520 /dev/urandom > big.bin"_s).outcome.exitCode, 0);
        QCOMPARE(runOne(c, u"rm big.bin"_s).outcome.exitCode, 0);
    }
    c->historyStore()->waitForIdle();
    const qint64 used = diskUsage(c->homeDir()) + diskUsage(s.historyDir(c->id()));
    QVERIFY2(used <= s.limits.storageBytes, qPrintable(u"home + history.git use %1 bytes"_s.arg(used)));
    const auto history = await(c->history());
    QVERIFY2(history, qPrintable(history.error));
    QCOMPARE(history.value->size(), 10);
}

void TestContainerLifecycle::heavyHistoryWorkIsChargedToTheContainer()
{
    // Hashing a large file for the history runs in the container's cpu cgroup (cgroup v1 moves one thread),
    // and comes back out when done.
    Container *c = m_manager->create();
    QVERIFY(c);
    QCOMPARE(runOne(c, u"true"_s).outcome.exitCode, 0);
    c->historyStore()->waitForIdle();
    QCoreApplication::processEvents(); // that commit's signal
    const QString cgroup = cpuCgroupOf(c->initPid());
    const QString ours = cpuCgroupOf(::getpid());
    if (cgroup.isEmpty() || cgroup == ours || !QFileInfo::exists(cgroup + u"/tasks"_s))
        QSKIP("the container has no cgroup v1 cpu controller of its own here");
    auto ourThreadInside = [&] {
        QFile tasks(cgroup + u"/tasks"_s);
        if (!tasks.open(QIODevice::ReadOnly))
            return false;
        for (const QByteArray &tid : tasks.readAll().split('\n')) {
            if (!tid.isEmpty() && QFileInfo::exists(u"/proc/self/task/"_s + QString::fromLatin1(tid)))
                return true;
        }
        return false;
    };
    QSignalSpy saved(c, &Container::filesChanged);
    // 400 MiB of apparent size (sparse: it costs the container no disk) to hash.
    QCOMPARE(runOne(c, u"truncate -s 400M big.bin && printf x >> big.bin"_s).outcome.exitCode, 0);
    bool seen = false;
    while (saved.isEmpty()) {
        seen = seen || ourThreadInside();
        QTest::qWait(1);
    }
    QVERIFY2(seen, "the history worker never ran in the container's cgroup");
    QCOMPARE(saved.at(0).at(1).value<QList<FileChange>>().size(), 1);
    QVERIFY(!ourThreadInside());
}

void TestContainerLifecycle::killedEngineLeavesNoCgroup_data()
{
    QTest::addColumn<bool>("killLaunchers");
    QTest::newRow("engine killed") << false;
    QTest::newRow("engine and launchers killed") << true;
}

void TestContainerLifecycle::killedEngineLeavesNoCgroup()
{
    QFETCH(bool, killLaunchers);
    // Orphans are adopted by this process and reaped only at the end, as under an init that never reaps (a
    // container's PID 1, some CI runners): a killed launcher stays a zombie meanwhile.
    QCOMPARE(::prctl(PR_SET_CHILD_SUBREAPER, 1), 0);
    const auto reapAdopted = qScopeGuard([] {
        ::prctl(PR_SET_CHILD_SUBREAPER, 0);
        for (const ProcessState &p : processesNamed("sandbench-init")) {
            if (p.ppid == getpid())
                ::waitpid(p.pid, nullptr, WNOHANG);
        }
    });
    const QString marker = u"sleep 827366"_s;
    QProcess engine;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"SANDBENCH_DATA_DIR"_s, m_dir->path());
    engine.setProcessEnvironment(env);
    // Its own process group, so that a kill of the group also hits the launchers it spawned.
    engine.setChildProcessModifier([] { ::setpgid(0, 0); });
    engine.start(QStringLiteral(SANDBENCH_BIN_DIR "/sandbench"),
                 {u"exec"_s, u"--workspace"_s, u"test"_s, u"--session"_s, u"cg9"_s, u"--"_s, marker});
    QVERIFY(engine.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(!processesStartingWith(marker.toUtf8()).isEmpty(), 30000);
    QList<int> launchers;
    for (const ProcessState &p : processesNamed("sandbench-init")) {
        if (p.ppid == int(engine.processId()))
            launchers.append(p.pid);
    }
    QVERIFY(!launchers.isEmpty());
    const QStringList cgroups = cgroupsOfLaunchers(launchers);
    if (cgroups.isEmpty())
        QSKIP("containers get no cgroup on this machine");

    ::kill(killLaunchers ? -pid_t(engine.processId()) : pid_t(engine.processId()), SIGKILL);
    QVERIFY(engine.waitForFinished());
    QTRY_VERIFY_WITH_TIMEOUT(processesStartingWith(marker.toUtf8()).isEmpty(), 10000);
    // Every launcher has exited (a zombie of ours now, until the guard reaps it).
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            for (const ProcessState &p : processesNamed("sandbench-init")) {
                if (launchers.contains(p.pid) && p.state != 'Z')
                    return false;
            }
            return true;
        }(),
        10000);

    // The next start of the engine.
    m_manager = std::make_unique<ContainerManager>(settings());
    const QStringList left = cgroupsOfLaunchers(launchers);
    QVERIFY2(left.isEmpty(), qPrintable(left.join(u", "_s)));
}

void TestContainerLifecycle::sleepEndsBackgroundProcesses()
{
    Container *c = m_manager->create();
    QVERIFY(c);
    const QString marker = u"bg-sleep-marker-%1"_s.arg(getpid());
    // nohup, a detached session and a double fork: none of them outlives the sandbox's sleep.
    const CommandResult r = runOne(
        c, u"nohup sh -c ': %1-a; while :; do date >> bg.log; sleep 0.1; done' >/dev/null 2>&1 & "
           "(setsid sh -c ': %1-b; sleep 1000' &) ; ( (sh -c ': %1-c; sleep 1000' &) & ) ; echo ok"_s.arg(
               marker));
    QCOMPARE(r.stdoutText, u"ok\n"_s);
    // A bound, not a timing check: it once took just over 10 s beside the rest of the suite.
    QTRY_COMPARE_WITH_TIMEOUT(processesMatching(marker.toUtf8()).size(), 3, 30000);
    QCOMPARE(c->liveCommandCount(), 1); // the command returned; its namespace still holds processes
    m_now += ContainerManager::kIdleSleepMs;
    m_manager->checkIdle();
    QCOMPARE(c->state(), Container::State::Stopped);
    QCOMPARE(c->liveCommandCount(), 0);
    QTRY_VERIFY_WITH_TIMEOUT(processesMatching(marker.toUtf8()).isEmpty(), 10000);
}

QTEST_GUILESS_MAIN(TestContainerLifecycle)
#include "test_containerlifecycle.moc"
