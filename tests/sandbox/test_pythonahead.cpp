// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/workspacesettings.h"
#include "ocitestutil.h"
#include "sandbox/images/imagestore.h"
#include "sandbox/net/workspacepolicy.h"
#include "sandbox/pythonkernel.h"
#include "sandboxtestutil.h"
#include "tools/codeaction.h"

#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>

#include <csignal>

using namespace Qt::StringLiterals;

// Python started ahead (issue "Notebooks, not scripts", point 1): once a workspace used Python, its manager
// keeps one hidden container with the kernel running and hands it out to the next new container it can
// serve. Real containers, a real ipykernel.
class TestPythonAhead final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void handOutServesTheFirstCellAtOnce();
    void hiddenOneIsInvisible();
    void createItCannotServeGetsAFreshOne();
    void requestPathTakesIt();
    void deadHiddenOneIsReplaced();
    void settingOffDropsIt();
    void imageWithoutKernelIsNotRetried();
    void oneLeftByAKilledEngineIsDeleted();
    void shutdownLeavesNoProcessOrCgroup();
    void rememberedByTheNextEngine();

private:
    // Waits until the manager's hidden container (other than notId) has its kernel idle.
    static Container *waitWarm(ContainerManager *m, const QString &notId = {});
    static QString cgroupOf(qint64 pid);

    QTemporaryDir m_dir;
    ContainerManager *m_manager = nullptr;
    Container *m_first = nullptr;
};

Container *TestPythonAhead::waitWarm(ContainerManager *m, const QString &notId)
{
    const bool ok = QTest::qWaitFor(
        [&] {
            Container *w = m->hiddenPythonContainer();
            const PythonKernel *k = w ? PythonKernel::existing(w) : nullptr;
            return w && w->id() != notId && k && k->state() == PythonKernel::State::Idle;
        },
        180000);
    return ok ? m->hiddenPythonContainer() : nullptr;
}

// The cgroup v2 directory (or v1 memory one) the process is in, as a host path; empty when none.
QString TestPythonAhead::cgroupOf(qint64 pid)
{
    QFile f(u"/proc/%1/cgroup"_s.arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QString unified;
    for (const QByteArray &line : f.readAll().split('\n')) {
        const QList<QByteArray> parts = line.split(':');
        if (parts.size() < 3)
            continue;
        // On a hybrid host the v1 memory hierarchy is where sandbench-init puts its containers.
        if (parts.at(1).split(',').contains("memory"))
            return u"/sys/fs/cgroup/memory"_s + QString::fromUtf8(parts.at(2));
        if (parts.at(0) == "0" && parts.at(1).isEmpty())
            unified = u"/sys/fs/cgroup"_s + QString::fromUtf8(parts.at(2));
    }
    return unified;
}

void TestPythonAhead::initTestCase()
{
    SANDBOX_REQUIRE_INIT();
    QVERIFY(m_dir.isValid());
    m_manager = new ContainerManager(sandboxTestSettings(m_dir.path()), this);
    m_manager->setPrewarm(true);
    QString error;
    m_first = m_manager->create(&error);
    QVERIFY2(m_first, qPrintable(error));
    // Nothing is kept ahead before the workspace used Python, and nothing says it did.
    QVERIFY(!m_manager->hiddenPythonContainer());
    QVERIFY(!QFileInfo::exists(m_manager->pythonUsedMarker()));
    // The first kernel, as a request with a Python contract starts it: the workspace now uses Python.
    PythonKernel::of(m_first)->startAhead();
    QVERIFY(QTest::qWaitFor(
        [this] { return PythonKernel::of(m_first)->state() != PythonKernel::State::Starting; }, 180000));
    if (PythonKernel::of(m_first)->state() != PythonKernel::State::Idle)
        QSKIP("the host's python3 has no ipykernel (apt-get install python3-ipykernel)");
}

void TestPythonAhead::cleanupTestCase()
{
    delete m_manager;
}

void TestPythonAhead::handOutServesTheFirstCellAtOnce()
{
    Container *warm = waitWarm(m_manager);
    QVERIFY(warm);
    const QString id = warm->id();
    QVERIFY(ContainerManager::isValidId(id));
    QVERIFY(id.startsWith(u"sess_"_s));
    QSignalSpy added(m_manager, &ContainerManager::containerAdded);

    QString error;
    Container *c = m_manager->create(&error);
    QVERIFY2(c, qPrintable(error));
    // The hidden one, under the id it was minted with, awake with its kernel idle: no start to wait for.
    QCOMPARE(c->id(), id);
    QCOMPARE(c, warm);
    QCOMPARE(c->state(), Container::State::Running);
    QVERIFY(PythonKernel::existing(c));
    QCOMPARE(PythonKernel::existing(c)->state(), PythonKernel::State::Idle);
    QVERIFY(PythonKernel::existing(c)->hasChannel());
    QCOMPARE(added.count(), 1);
    QCOMPARE(added.at(0).at(0).value<Container *>(), c);
    // A container of the workspace from now on: listed, found, its meta says when it was made.
    QVERIFY(m_manager->registry()->exists(m_manager->settings().workspace, id));
    QVERIFY(m_manager->list().contains(c));
    QCOMPARE(m_manager->find(id), c);
    QVERIFY(!QFileInfo::exists(m_manager->settings().containerDir(id) + u'/' +
                               ContainerManager::warmMarkerName()));
    QCOMPARE(c->homeDir(), m_manager->settings().homeDir(id));
    QVERIFY(m_manager->hiddenPythonContainer() != c);

    // The first cell runs in the kernel already there: no reset note, no script fallback, the kernel's
    // counter says it is the first cell it ran.
    const std::optional<CodeAction> action = CodeAction::python({{u"code"_s, u"x = 6 * 7\nx"_s}}, &error);
    QVERIFY(action);
    PythonKernel *kernel = PythonKernel::of(c);
    QCOMPARE(kernel->state(), PythonKernel::State::Idle);
    ShellCall *call = kernel->execute(*action, 60000, 16384);
    QVERIFY(waitForCall(call, 120000));
    QVERIFY(!call->results().isEmpty());
    const CodeOutput out = CodeOutput::fromResult(*action, call->results().constFirst());
    QVERIFY(out.kernel);
    QCOMPARE(out.kernel->mode, KernelCellResult::Mode::Kernel);
    QCOMPARE(out.stdoutText, u"42\n"_s);
    QVERIFY2(!out.stderrText.contains(u"sandbench:"_s), qPrintable(out.stderrText));
    QCOMPARE(kernel->takeResetNote(), QString());
    // Its files are its own: what the cell writes is in its home on the host.
    const std::optional<CodeAction> write =
        CodeAction::python({{u"code"_s, u"open('ahead.txt', 'w').write('ahead')"_s}}, &error);
    ShellCall *second = kernel->execute(*write, 60000, 16384);
    QVERIFY(waitForCall(second, 120000));
    QFile file(c->homeDir() + u"/ahead.txt"_s);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), QByteArray("ahead"));
    call->deleteLater();
    second->deleteLater();

    // Another one is started in the background for the next new container.
    Container *next = waitWarm(m_manager, id);
    QVERIFY(next);
    QVERIFY(next->id() != id);
}

void TestPythonAhead::hiddenOneIsInvisible()
{
    Container *warm = waitWarm(m_manager);
    QVERIFY(warm);
    const QString id = warm->id();
    const QString ws = m_manager->settings().workspace;
    QVERIFY(QFileInfo::exists(m_manager->settings().homeDir(id)));
    QVERIFY(!m_manager->list().contains(warm));
    QVERIFY(!m_manager->loaded().contains(warm));
    for (const ContainerMeta &meta : m_manager->registry()->list(ws))
        QVERIFY(meta.id != id);
    QVERIFY(!m_manager->registry()->exists(ws, id));
    QCOMPARE(m_manager->find(id), nullptr);
    QString error;
    QVERIFY(!m_manager->remove(id, &error));
    QVERIFY2(error.contains(u"no container"_s) || error.contains(u"invalid"_s), qPrintable(error));
    QVERIFY(!m_manager->removeInBackground(id).result().isEmpty());
    // Nor through another manager of the same workspace (another process's, as `containers rm` would).
    {
        ContainerManager other(m_manager->settings());
        QVERIFY(!other.remove(id, &error));
        QCOMPARE(other.find(id), nullptr);
        QCOMPARE(other.findOrCreate(id, &error), nullptr);
        QVERIFY2(error.contains(u"taken"_s), qPrintable(error));
        bool created = false;
        QCOMPARE(other.chooseContainer({}, id, {}, std::nullopt, &error, &created), nullptr);
    }
    QVERIFY(QFileInfo::exists(m_manager->settings().homeDir(id)));
    // Still there, untouched, and never put to sleep by the idle check however long it idles (the visible
    // awake ones do sleep).
    QSignalSpy slept(m_manager, &ContainerManager::containerSlept);
    qint64 now = 1000;
    m_manager->setClock([&now] { return now; });
    now += qint64(1) << 40;
    m_manager->checkIdle();
    m_manager->setClock({});
    QVERIFY(slept.count() >= 1);
    QVERIFY(!m_first->isAwake());
    QCOMPARE(m_manager->hiddenPythonContainer(), warm);
    QVERIFY(warm->isAwake());
    // Its kernel is charged to its own cgroup, not the engine's.
    const QString own = cgroupOf(::getpid());
    const QString its = cgroupOf(warm->initPid());
    QVERIFY(!its.isEmpty());
    QVERIFY(its != own);
}

void TestPythonAhead::createItCannotServeGetsAFreshOne()
{
    Container *warm = waitWarm(m_manager);
    QVERIFY(warm);
    const QString id = warm->id();
    QString error;
    // A network policy it did not start with: a fresh container, and the hidden one stays.
    std::optional<NetworkPolicy> policy = NetworkPolicy::disabled().withHost(u"example.com"_s, &error);
    QVERIFY2(policy, qPrintable(error));
    Container *withNetwork = m_manager->create(*policy, &error);
    QVERIFY2(withNetwork, qPrintable(error));
    QVERIFY(withNetwork->id() != id);
    QVERIFY(!withNetwork->isAwake());
    QCOMPARE(withNetwork->networkPolicy(), *policy);
    QCOMPARE(m_manager->hiddenPythonContainer(), warm);

    // The window's create() seeds the workspace's policy: one with network misses too.
    WorkspacePolicy workspacePolicy(m_manager->settings().workspaceDir());
    workspacePolicy.setPolicy(*policy);
    QVERIFY(workspacePolicy.save(&error));
    Container *seeded = m_manager->create(&error);
    QVERIFY2(seeded, qPrintable(error));
    QVERIFY(seeded->id() != id);
    QVERIFY(!seeded->isAwake());
    QVERIFY(QFile::remove(workspacePolicy.filePath()));

    // An image it does not run on (the request's environment.image): a fresh one.
    bool created = false;
    Container *other = m_manager->chooseContainer({}, {}, {}, std::nullopt, &error, &created, u"busybox"_s);
    QVERIFY2(other, qPrintable(error));
    QVERIFY(created);
    QVERIFY(other->id() != id);
    QCOMPARE(m_manager->hiddenPythonContainer(), warm);
    for (Container *c : {withNetwork, seeded, other})
        QVERIFY(m_manager->remove(c->id()));
}

void TestPythonAhead::requestPathTakesIt()
{
    Container *warm = waitWarm(m_manager);
    QVERIFY(warm);
    const QString id = warm->id();
    // A request with a new session id: the session is bound to the hidden container's id.
    QString error;
    bool created = false;
    Container *c =
        m_manager->chooseContainer(u"session-ahead-1"_s, {}, {}, NetworkPolicy::disabled(), &error, &created);
    QVERIFY2(c, qPrintable(error));
    QVERIFY(created);
    QCOMPARE(c->id(), id);
    QVERIFY(c->isAwake());
    QVERIFY(PythonKernel::existing(c));
    QCOMPARE(PythonKernel::existing(c)->state(), PythonKernel::State::Idle);
    // Its first request pays a new container's start (SPEC 1.7), once.
    QVERIFY(c->takeStartedAhead());
    QVERIFY(!c->takeStartedAhead());
    // The same session finds it again.
    Container *again =
        m_manager->chooseContainer(u"session-ahead-1"_s, {}, {}, std::nullopt, &error, &created);
    QCOMPARE(again, c);
    QVERIFY(!created);
    // Its meta records what a first start records: the policy and the image (the host's).
    const std::optional<ContainerMeta> meta =
        m_manager->registry()->load(m_manager->settings().workspace, id, &error);
    QVERIFY2(meta, qPrintable(error));
    QVERIFY(meta->policy.contains(u"image"_s));
    QCOMPARE(NetworkPolicy::fromSaved(meta->policy), NetworkPolicy::disabled());
}

void TestPythonAhead::deadHiddenOneIsReplaced()
{
    Container *warm = waitWarm(m_manager);
    QVERIFY(warm);
    const QString id = warm->id();
    const qint64 pid = warm->initPid();
    const QString cgroup = cgroupOf(pid);
    QVERIFY(pid > 0);
    QVERIFY(!cgroup.isEmpty());
    // Something kills its sandbox: it is deleted with its files, and another takes its place.
    QCOMPARE(::kill(pid_t(pid), SIGKILL), 0);
    Container *next = waitWarm(m_manager, id);
    QVERIFY(next);
    QVERIFY(next->id() != id);
    QVERIFY(
        QTest::qWaitFor([&] { return !QFileInfo::exists(m_manager->settings().containerDir(id)); }, 30000));
    QVERIFY(QTest::qWaitFor([&] { return !QFileInfo::exists(cgroup); }, 30000));
    QVERIFY(!m_manager->registry()->exists(m_manager->settings().workspace, id));
}

void TestPythonAhead::settingOffDropsIt()
{
    Container *warm = waitWarm(m_manager);
    QVERIFY(warm);
    const QString id = warm->id();
    WorkspaceSettings settings(m_manager->settings().workspaceDir());
    QString error;
    QVERIFY(settings.setValue(u"python_ahead"_s, u"maybe"_s, &error) == false);
    QVERIFY2(error.contains(u"on or off"_s), qPrintable(error));
    QVERIFY(settings.setValue(u"python_ahead"_s, u"off"_s, &error));
    QVERIFY(settings.save(&error));
    m_manager->reloadPythonAheadSetting();
    QCOMPARE(m_manager->hiddenPythonContainer(), nullptr);
    QVERIFY(!QFileInfo::exists(m_manager->settings().containerDir(id)));
    // A new container is an ordinary one now.
    Container *c = m_manager->create(&error);
    QVERIFY2(c, qPrintable(error));
    QVERIFY(!c->isAwake());
    QVERIFY(m_manager->remove(c->id()));
    // On again: one is kept ahead again.
    QVERIFY(settings.setValue(u"python_ahead"_s, u"on"_s, &error));
    QVERIFY(settings.save(&error));
    QCOMPARE(WorkspaceSettings(m_manager->settings().workspaceDir()).value(u"python_ahead"_s), u"on"_s);
    m_manager->reloadPythonAheadSetting();
    Container *again = waitWarm(m_manager, id);
    QVERIFY(again);
    // Everything stopping (the window closing, serve ending) ends it as well.
    const QString againId = again->id();
    m_manager->stopAll();
    QCOMPARE(m_manager->hiddenPythonContainer(), nullptr);
    QVERIFY(!QFileInfo::exists(m_manager->settings().containerDir(againId)));
}

void TestPythonAhead::imageWithoutKernelIsNotRetried()
{
    using namespace OciTest;
    QVERIFY2(!busybox().isEmpty(), "/bin/busybox is missing: apt-get install busybox-static");
    QTemporaryDir data;
    const SandboxSettings settings = sandboxTestSettings(data.path());
    // The workspace's image: a shell, no python3.
    QList<Entry> tree{OciTest::dir("usr"), OciTest::dir("usr/bin"), file("usr/bin/busybox", busybox(), 0755),
                      slink("bin", "usr/bin")};
    for (const char *applet : {"sh", "mkdir", "cat", "rm", "echo", "sleep", "ls", "setsid", "head", "tail"})
        tree.append(slink(QByteArray("usr/bin/") + applet, "busybox"));
    QString error;
    QVERIFY(writeFile(data.path() + u"/nopy.tar"_s, archiveOf(ociLayout({tarOf(tree)}))));
    QVERIFY2(ImageStore(data.path()).importPath(data.path() + u"/nopy.tar"_s, u"nopy"_s, &error),
             qPrintable(error));
    WorkspaceSettings workspace(settings.workspaceDir());
    QVERIFY(workspace.setValue(u"image"_s, u"nopy"_s, &error));
    QVERIFY(workspace.save(&error));

    ContainerManager manager(settings);
    manager.setPrewarm(true);
    manager.keepPythonAhead();
    // One is tried on that image, its kernel cannot start, and none is kept or tried again.
    QTRY_VERIFY_WITH_TIMEOUT(manager.pythonAheadGaveUp(), 120000);
    QCOMPARE(manager.hiddenPythonContainer(), nullptr);
    manager.keepPythonAhead();
    QVERIFY(manager.pythonAheadGaveUp());
    // Exactly one was tried: one id was issued.
    QFile issued(data.path() + u"/issued-container-ids"_s);
    QVERIFY(issued.open(QIODevice::ReadOnly));
    QCOMPARE(issued.readAll().count('\n'), 1);
    const QStringList left = QDir(settings.containersDir()).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    QVERIFY2(left.isEmpty(), qPrintable(left.join(u", "_s)));
    // A new container is an ordinary one, on the workspace's image.
    Container *c = manager.create(&error);
    QVERIFY2(c, qPrintable(error));
    QVERIFY(!c->isAwake());

    // The workspace goes back to the host's system: switching the setting tries again, and one is kept.
    QVERIFY(workspace.setValue(u"image"_s, QString(), &error));
    QVERIFY(workspace.save(&error));
    manager.reloadPythonAheadSetting();
    QVERIFY(!manager.pythonAheadGaveUp());
    QVERIFY(waitWarm(&manager));
}

void TestPythonAhead::oneLeftByAKilledEngineIsDeleted()
{
    QTemporaryDir dir;
    const SandboxSettings settings = sandboxTestSettings(dir.path());
    // A process that has ended: its pid names no engine any more.
    QProcess gone;
    gone.start(u"/bin/true"_s, {});
    QVERIFY(gone.waitForFinished());
    const qint64 deadPid = gone.processId() > 0 ? gone.processId() : 999999;
    const auto leftover = [&](const QString &id, const QByteArray &marker) {
        QVERIFY(QDir().mkpath(settings.homeDir(id)));
        if (marker.isNull())
            return;
        QFile f(settings.containerDir(id) + u'/' + ContainerManager::warmMarkerName());
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(marker);
    };
    leftover(u"sess_deadEngineAAAAAAAAAAA"_s, QByteArray::number(deadPid));
    leftover(u"sess_liveEngineAAAAAAAAAAA"_s, QByteArray::number(qint64(::getpid())));
    leftover(u"sess_unfinishedAAAAAAAAAAA"_s, QByteArray()); // no marker: not a hidden container
    {
        ContainerManager manager(settings);
    }
    QVERIFY(!QFileInfo::exists(settings.containerDir(u"sess_deadEngineAAAAAAAAAAA"_s)));
    QVERIFY(QFileInfo::exists(settings.containerDir(u"sess_liveEngineAAAAAAAAAAA"_s)));
    QVERIFY(QFileInfo::exists(settings.containerDir(u"sess_unfinishedAAAAAAAAAAA"_s)));
}

void TestPythonAhead::shutdownLeavesNoProcessOrCgroup()
{
    QTemporaryDir dir;
    auto *manager = new ContainerManager(sandboxTestSettings(dir.path()));
    manager->setPrewarm(true);
    QString error;
    Container *c = manager->create(&error);
    QVERIFY2(c, qPrintable(error));
    PythonKernel::of(c)->startAhead();
    Container *warm = waitWarm(manager);
    QVERIFY(warm);
    const QString id = warm->id();
    const qint64 pid = warm->initPid();
    const QString cgroup = cgroupOf(pid);
    QVERIFY(!cgroup.isEmpty());
    const QString containerDir = manager->settings().containerDir(id);
    delete manager;
    // Its launcher is gone (reaped: no /proc entry, not even a zombie), with its cgroup and its files.
    QVERIFY(QTest::qWaitFor([&] { return !QFileInfo::exists(u"/proc/%1"_s.arg(pid)); }, 30000));
    QVERIFY(QTest::qWaitFor([&] { return !QFileInfo::exists(cgroup); }, 30000));
    QVERIFY(!QFileInfo::exists(containerDir));
    // The other container's launcher and the spare one end on their own once their sockets closed.
    QVERIFY(QTest::qWaitFor([&] { return processesWithFilesIn(dir.path()).isEmpty(); }, 30000));
    QVERIFY(processesMatching(id.toUtf8()).isEmpty());
}

void TestPythonAhead::rememberedByTheNextEngine()
{
    QTemporaryDir dir;
    const SandboxSettings settings = sandboxTestSettings(dir.path());
    {
        ContainerManager first(settings);
        QString error;
        Container *c = first.create(&error);
        QVERIFY2(c, qPrintable(error));
        PythonKernel::of(c)->startAhead();
        QVERIFY(QFileInfo::exists(first.pythonUsedMarker()));
        QVERIFY(QTest::qWaitFor([c] { return PythonKernel::of(c)->state() != PythonKernel::State::Starting; },
                                180000));
        first.stopAll();
    }
    // The next engine (serve, mcp or the window started again) keeps one ahead from its start: no Python was
    // used in it yet.
    ContainerManager next(settings);
    next.setPrewarm(true);
    Container *warm = waitWarm(&next);
    QVERIFY(warm);
    QVERIFY(next.list().isEmpty() || !next.list().contains(warm));
    next.stopAll();
    QCOMPARE(next.hiddenPythonContainer(), nullptr);
}

QTEST_GUILESS_MAIN(TestPythonAhead)
#include "test_pythonahead.moc"
