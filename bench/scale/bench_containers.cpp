// SPDX-License-Identifier: GPL-3.0-or-later
// A workspace with 1,000 containers, all asleep (issue #15), against the same with 1 container:
//   list     `sandbench containers list` (the real binary, end to end)
//   window   MainWindow made, shown and idle (offscreen), its one conversation on one of the containers
//   files    the Files panel of that window shown, until its file list is in
//   janitor  Janitor::start() as the engine's start runs it on the 10% that expired (30 days unused):
//            the blocking part (choose and move aside, target < 1 s), then the deletion on its worker
//            until swept(), against `rm -rf` of an identical set of containers
// Each container is made as Sandbench makes it (ContainerRegistry, a home with a few files, a history
// repository with one commit by SnapshotStore), without starting a namespace.
// Environment: SANDBENCH_BENCH_CONTAINERS (default 1000), SANDBENCH_BENCH_ROUNDS (default 7). About 2
// minutes.
#include "files/filespanel.h"
#include "sandbox/container.h"
#include "sandbox/containermanager.h"
#include "sandbox/history/containerregistry.h"
#include "sandbox/history/janitor.h"
#include "sandbox/history/snapshotstore.h"
#include "window/mainwindow.h"
#include "workspace/conversationstore.h"

#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <algorithm>
#include <cstdio>

using namespace Qt::StringLiterals;

namespace {

constexpr qint64 kDayMs = 86'400'000;

int envInt(const char *name, int fallback)
{
    bool ok = false;
    const int v = qEnvironmentVariableIntValue(name, &ok);
    return ok && v > 0 ? v : fallback;
}

double median(QList<double> v)
{
    std::sort(v.begin(), v.end());
    return v.isEmpty() ? 0 : v.at(v.size() / 2);
}

const char *verdict(bool ok)
{
    return ok ? "MET" : "NOT MET";
}

QString newId(int i)
{
    return u"sess_bench"_s + QString::number(i).rightJustified(6, u'0') + u'_' +
           QString::number(QRandomGenerator::global()->bounded(1000000));
}

// Copies the tree at from to to (regular files and folders only, as a container's are made).
bool copyTree(const QString &from, const QString &to)
{
    if (!QDir().mkpath(to))
        return false;
    for (const QFileInfo &e :
         QDir(from).entryInfoList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot)) {
        const QString target = to + u'/' + e.fileName();
        if (e.isDir() ? !copyTree(e.filePath(), target) : !QFile::copy(e.filePath(), target))
            return false;
    }
    return true;
}

// One container as a conversation leaves it: a few files in home and one history entry. The first one is
// made by SnapshotStore; the others copy its home and history (the same files, the same commit).
bool makeContainer(ContainerRegistry &registry, const QString &workspace, const QString &id,
                   qint64 lastUsedMs)
{
    static QString templateHome, templateHistory;
    QString error;
    ContainerMeta meta{id, workspace, lastUsedMs - kDayMs, lastUsedMs, {}};
    if (!registry.create(meta, &error)) {
        std::printf("cannot create %s: %s\n", qPrintable(id), qPrintable(error));
        return false;
    }
    const QString home = registry.homeDir(workspace, id);
    if (!templateHome.isEmpty()) {
        QDir(home).removeRecursively();
        return copyTree(templateHome, home) && copyTree(templateHistory, registry.historyDir(workspace, id));
    }
    QDir(home).mkpath(u"out"_s);
    const QList<QPair<QString, QByteArray>> files{
        {u"sales.csv"_s, QByteArray("region,amount\n") + QByteArray("North,12.50\n").repeated(200)},
        {u"analysis.py"_s,
         "import csv\nprint(sum(float(r['amount']) for r in csv.DictReader(open('sales.csv'))))\n"},
        {u"notes.md"_s, "# notes\n"},
        {u"out/result.txt"_s, "2500.0\n"},
    };
    for (const auto &[name, data] : files) {
        QFile f(home + u'/' + name);
        if (!f.open(QIODevice::WriteOnly) || f.write(data) != data.size())
            return false;
    }
    SnapshotStore store;
    if (!store.open(home, registry.historyDir(workspace, id), &error) ||
        !store.commitCommand(u"python3 analysis.py > out/result.txt"_s, {}, ChangeHint::anything(), &error) ||
        !store.flush(&error)) {
        std::printf("history of %s: %s\n", qPrintable(id), qPrintable(error));
        return false;
    }
    store.close();
    static QTemporaryDir templates; // the first container may be deleted (it may be one that expired)
    templateHome = templates.filePath(u"home"_s);
    templateHistory = templates.filePath(u"history.git"_s);
    return copyTree(home, templateHome) && copyTree(registry.historyDir(workspace, id), templateHistory);
}

// count containers, `expired` of them last used 40 days ago, the others within the last 25 days. Returns
// the first (most recently used) container's id.
QString seedWorkspace(const QString &dataDir, const QString &workspace, int count, int expired)
{
    ContainerRegistry registry(dataDir);
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    QString newest;
    for (int i = 0; i < count; ++i) {
        const QString id = newId(i);
        const qint64 lastUsed =
            i < expired ? now - 40 * kDayMs : now - 1000 - qint64(i) * 25 * kDayMs / count;
        if (!makeContainer(registry, workspace, id, lastUsed))
            return {};
        if (i == expired)
            newest = id;
    }
    return newest;
}

bool saveConversation(const QString &dataDir, const QString &workspace, const QString &containerId)
{
    ConversationStore store(dataDir, workspace);
    StoredConversation c;
    c.id = ConversationStore::newId();
    c.title = u"Sales by region"_s;
    c.containerId = containerId;
    c.createdMs = c.updatedMs = QDateTime::currentMSecsSinceEpoch();
    TranscriptEntry question;
    question.kind = TranscriptEntry::Kind::User;
    question.text = u"Sum the amounts in sales.csv"_s;
    TranscriptEntry answer;
    answer.kind = TranscriptEntry::Kind::Assistant;
    answer.text = u"The total is 2500.0."_s;
    c.entries = {question, answer};
    store.save(c);
    store.saveIndex({c.id}, 1);
    return true; // the store writes on its worker and finishes before it is destroyed
}

double listSeconds(const QString &bin, const QString &dataDir, const QString &workspace, int *lines)
{
    QProcess p;
    QElapsedTimer t;
    t.start();
    p.start(bin, {u"containers"_s, u"list"_s, u"--data-dir"_s, dataDir, u"--workspace"_s, workspace});
    p.waitForFinished(60000);
    const double s = t.nsecsElapsed() / 1e9;
    *lines = int(p.readAllStandardOutput().count('\n'));
    return s;
}

struct WindowTimes
{
    double start = 0;
    double files = 0;
};

WindowTimes openWindow(const QString &dataDir, const QString &workspace)
{
    QSettings(u"sandbench"_s, u"sandbench-gui"_s).clear();
    WindowTimes out;
    QElapsedTimer t;
    t.start();
    auto window = std::make_unique<MainWindow>(dataDir, workspace);
    window->resize(1400, 900);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        std::printf("  window not exposed\n");
    // Idle: everything the start posted has run (a zero timer fires only after the queued events).
    bool idle = false;
    QTimer::singleShot(0, window.get(), [&idle] { idle = true; });
    QTest::qWaitFor([&idle] { return idle; }, 30000);
    out.start = t.nsecsElapsed() / 1e9;

    auto *dock = window->findChild<QDockWidget *>(u"FilesDock"_s);
    auto *panel = dock ? dock->findChild<FilesPanel *>(u"FilesPanel"_s) : nullptr;
    if (!panel) {
        std::printf("  no Files panel\n");
        return out;
    }
    dock->hide();
    QCoreApplication::processEvents();
    QSignalSpy listed(panel, &FilesPanel::filesListed);
    t.restart();
    dock->show();
    dock->raise();
    panel->refresh();
    if (!listed.wait(30000))
        std::printf("  the Files panel never listed\n");
    out.files = t.nsecsElapsed() / 1e9;
    return out;
}

} // namespace

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QStandardPaths::setTestModeEnabled(true); // never the user's window settings
    QApplication app(argc, argv);
    const int count = envInt("SANDBENCH_BENCH_CONTAINERS", 1000);
    const int rounds = envInt("SANDBENCH_BENCH_ROUNDS", 7);
    const int expired = std::max(1, count / 10);
    const QString bin = QCoreApplication::applicationDirPath() + u"/sandbench"_s;
    QTemporaryDir big, one, spare;

    std::printf("seeding %d containers (%d expired)...\n", count, expired);
    std::fflush(stdout);
    QElapsedTimer seed;
    seed.start();
    const QString bigNewest = seedWorkspace(big.path(), u"w"_s, count, expired);
    const QString oneNewest = seedWorkspace(one.path(), u"w"_s, 2, 1); // 1 expired for the sweep, 1 kept
    if (bigNewest.isEmpty() || oneNewest.isEmpty())
        return 1;
    saveConversation(big.path(), u"w"_s, bigNewest);
    saveConversation(one.path(), u"w"_s, oneNewest);
    std::printf("  seeded in %.1f s\n", seed.nsecsElapsed() / 1e9);
    std::fflush(stdout);

    // SANDBENCH_BENCH_ONLY=window skips the janitor and the list (to profile the window's start).
    const bool windowOnly = qEnvironmentVariable("SANDBENCH_BENCH_ONLY") == u"window"_s;
    // Janitor first (it deletes the expired ones): its sweep against rm -rf of an identical set, alternated.
    QList<double> sweep, background, rmrf;
    for (int r = 0; r < (windowOnly ? 0 : std::max(3, rounds / 2)); ++r) {
        if (r > 0) { // the previous round's sweep deleted them: make them again
            ContainerRegistry registry(big.path());
            const qint64 old = QDateTime::currentMSecsSinceEpoch() - 40 * kDayMs;
            for (int i = 0; i < expired; ++i)
                makeContainer(registry, u"w"_s, newId(i), old);
        }
        // The same trees, copied aside for rm -rf.
        const QString copies = spare.path() + u"/r%1"_s.arg(r);
        QDir().mkpath(copies);
        ContainerRegistry registry(big.path());
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        int copied = 0;
        for (const ContainerMeta &m : registry.list(u"w"_s)) {
            if (now - m.lastUsedMs >= Janitor::kRetentionMs)
                copied += copyTree(registry.containerDir(u"w"_s, m.id), copies + u'/' + m.id) ? 1 : 0;
        }
        QProcess::execute(u"sync"_s, {});
        QElapsedTimer t;
        t.start();
        QProcess::execute(u"rm"_s, {u"-rf"_s, copies});
        rmrf << t.nsecsElapsed() / 1e9;
        // As the engine runs it (ContainerManager's start): start() blocks while it chooses and moves
        // aside, the deletion runs on the janitor's worker until swept().
        Janitor janitor(&registry);
        QSignalSpy swept(&janitor, &Janitor::swept);
        t.restart();
        janitor.start();
        sweep << t.nsecsElapsed() / 1e9;
        if (!swept.wait(600000))
            std::printf("  the background deletion never finished\n");
        background << t.nsecsElapsed() / 1e9;
        janitor.stop();
        const QStringList gone = swept.isEmpty() ? QStringList() : swept.first().first().toStringList();
        if (gone.size() != copied)
            std::printf("  the sweep deleted %lld containers, %d expired\n", qint64(gone.size()), copied);
        if (!registry.leftoverTrash(u"w"_s).isEmpty())
            std::printf("  trash left behind\n");
    }
    const double sw = median(sweep) * 1000, rm = median(rmrf) * 1000, bg = median(background) * 1000;
    if (!windowOnly) {
        std::printf("janitor: blocking sweep (choose and move aside) of %d containers (%d expired) %.1f ms"
                    " (target < 1000 ms): %s\n",
                    count, expired, sw, verdict(sw < 1000));
        std::printf("janitor: background deletion of the %d moved aside %.1f ms; rm -rf of the same %.1f ms:"
                    " %.2fx\n",
                    expired, bg, rm, bg / rm);
    }

    // containers list: the real binary, alternated with the 1-container workspace.
    QList<double> listBig, listOne;
    int bigLines = 0, oneLines = 0;
    listSeconds(bin, big.path(), u"w"_s, &bigLines); // page cache
    for (int r = 0; r < (windowOnly ? 0 : rounds); ++r) {
        listBig << listSeconds(bin, big.path(), u"w"_s, &bigLines);
        listOne << listSeconds(bin, one.path(), u"w"_s, &oneLines);
    }
    const double lb = median(listBig) * 1000, lo = median(listOne) * 1000;
    if (!windowOnly)
        std::printf(
            "list: `sandbench containers list` of %d containers %.1f ms (%d lines); of 1 container %.1f ms:"
            " %.2fx (target < 300 ms): %s\n",
            count - expired, lb, bigLines, lo, lb / lo, verdict(lb < 300));

    // What the window's start spends on the containers: the registry's list, the manager (which lists too
    // and runs the janitor's first sweep).
    {
        QList<double> listing, manager;
        for (int r = 0; r < rounds; ++r) {
            QElapsedTimer t;
            t.start();
            const qint64 n = ContainerRegistry(big.path()).list(u"w"_s).size();
            listing << t.nsecsElapsed() / 1e9;
            t.restart();
            {
                ContainerManager m(SandboxSettings::forDataDir(big.path(), u"w"_s));
            }
            manager << t.nsecsElapsed() / 1e9;
            if (n != count - expired)
                std::printf("  listed %lld containers\n", n);
        }
        std::printf(
            "  of the start: ContainerRegistry::list %.1f ms, ContainerManager made and gone %.1f ms\n",
            median(listing) * 1000, median(manager) * 1000);
    }
    // The window and its Files panel, alternated.
    QList<double> startBig, startOne, filesBig, filesOne;
    openWindow(big.path(), u"w"_s); // warm-up: first use of the fonts, styles, plugins
    for (int r = 0; r < rounds; ++r) {
        const WindowTimes b = openWindow(big.path(), u"w"_s);
        const WindowTimes o = openWindow(one.path(), u"w"_s);
        startBig << b.start;
        filesBig << b.files;
        startOne << o.start;
        filesOne << o.files;
    }
    const double wb = median(startBig) * 1000, wo = median(startOne) * 1000;
    const double fb = median(filesBig) * 1000, fo = median(filesOne) * 1000;
    std::printf("window: start, shown and idle, with %d containers %.1f ms; with 1 container %.1f ms: %.2fx"
                " (target < 300 ms): %s\n",
                count - expired, wb, wo, wb / wo, verdict(wb < 300));
    std::printf("files: Files panel shown and listed with %d containers %.1f ms; with 1 container %.1f ms:"
                " %.2fx (target < 300 ms): %s\n",
                count - expired, fb, fo, fb / fo, verdict(fb < 300));
    std::printf("machine load (1/5/15 min): ");
    QFile load(u"/proc/loadavg"_s);
    if (load.open(QIODevice::ReadOnly))
        std::printf("%s", load.readAll().constData());
    return 0;
}
