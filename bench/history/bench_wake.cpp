// SPDX-License-Identifier: GPL-3.0-or-later
// Waking a sleeping container that holds 10,000 files (~80 MB) and running `true`, against a cold start of
// an empty container running `true`, in the same run (real sandboxes). Target: <= 2x.
#include "sandbox/container.h"
#include "sandbox/containermanager.h"
#include "sandbox/shellcall.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <unistd.h>

using namespace Qt::StringLiterals;

static constexpr int kFiles = 10000;
static constexpr int kDirs = 100;
static constexpr int kRuns = 9;

static qint64 generateTree(const QString &root)
{
    qint64 total = 0;
    QRandomGenerator rng(42);
    QByteArray pool(64 * 1024, Qt::Uninitialized);
    for (char &c : pool)
        c = char('a' + rng.bounded(26));
    for (int i = 0; i < kFiles; ++i) {
        const QString dir = root + u"/d%1"_s.arg(i % kDirs);
        if (i < kDirs)
            QDir().mkpath(dir);
        QFile f(dir + u"/file%1.txt"_s.arg(i));
        if (!f.open(QIODevice::WriteOnly))
            return -1;
        const int size = 1000 + int(rng.bounded(14800)); // mean ~8.4 KB -> ~80 MB in total
        const int start = int(rng.bounded(pool.size() - size));
        total += f.write(QByteArray::number(i) + pool.mid(start, size));
    }
    return total;
}

// Runs `true` and returns the milliseconds until the call finished (-1 on failure).
static double timeTrue(Container *c)
{
    ShellAction action;
    action.commands = {u"true"_s};
    QElapsedTimer t;
    t.start();
    ShellCall *call = c->run(action);
    while (!call->isFinished())
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    const double ms = double(t.nsecsElapsed()) / 1e6;
    const bool ok = call->isCompleted() && call->results().constFirst().outcome.exitCode == 0;
    if (!ok)
        std::fprintf(stderr, "call failed: %s\n", qPrintable(call->errorString()));
    call->deleteLater();
    return ok ? ms : -1;
}

// Puts the container to sleep and waits until its history is closed, outside the timed part.
static void sleepFully(Container *c)
{
    c->historyStore()->waitForIdle();
    QCoreApplication::processEvents();
    c->stop();
    c->historyStore()->waitForIdle();
    QCoreApplication::processEvents();
}

static double median(QList<double> v)
{
    std::sort(v.begin(), v.end());
    return v.at(v.size() / 2);
}

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QTemporaryDir dir;
    SandboxSettings settings = SandboxSettings::forDataDir(dir.path(), u"bench"_s);
    ContainerManager manager(settings);
    QString error;
    Container *big = manager.create(&error);
    if (!big) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    std::printf("generating %d files...\n", kFiles);
    const qint64 bytes = generateTree(big->homeDir());
    if (bytes < 0)
        return 1;
    if (geteuid() == 0) {
        QProcess::execute(
            u"chown"_s,
            {u"-R"_s,
             u"%1:%2"_s.arg(SandboxSettings::sandboxHostUid()).arg(SandboxSettings::sandboxHostGid()),
             big->homeDir()});
    }
    std::printf("%d files, %.1f MB\n", kFiles, double(bytes) / 1e6);
    QElapsedTimer first;
    first.start();
    if (timeTrue(big) < 0)
        return 1;
    big->historyStore()->waitForIdle();
    std::printf("first start + first commit of the whole tree: %.1f ms\n",
                double(first.nsecsElapsed()) / 1e6);
    sleepFully(big);

    QList<double> wake, cold, wakeSaved;
    for (int i = 0; i < kRuns; ++i) {
        const double w = timeTrue(big);
        // How long until the wake's commit lands too (reported, not the target).
        QElapsedTimer saved;
        saved.start();
        big->historyStore()->waitForIdle();
        wakeSaved.append(w + double(saved.nsecsElapsed()) / 1e6);
        sleepFully(big);

        Container *empty = manager.create(&error);
        const double c = empty ? timeTrue(empty) : -1;
        if (w < 0 || c < 0)
            return 1;
        sleepFully(empty);
        manager.remove(empty->id());
        wake.append(w);
        cold.append(c);
    }
    const double coldMs = median(cold);
    const double wakeMs = median(wake);
    std::printf("\nmedian of %d runs, ms\n", kRuns);
    std::printf("cold start of an empty container + true      %8.2f\n", coldMs);
    std::printf("wake of the 10,000-file container + true     %8.2f (%.2fx)\n", wakeMs, wakeMs / coldMs);
    std::printf("  ... until its commit is saved as well      %8.2f (%.2fx)\n", median(wakeSaved),
                median(wakeSaved) / coldMs);
    std::printf("target: <= 2x\n");
    return wakeMs / coldMs <= 2.0 ? 0 : 1;
}
