// SPDX-License-Identifier: GPL-3.0-or-later
// 50 awake containers at once (issue #15), against 1 awake container, in the same run:
//   memory      engine-side memory per awake container: the growth of this process's RSS plus the memory of
//               the helper processes each container adds (its launcher and init, found below this process),
//               from 1 awake container to 50, divided by 49. Helpers are counted by PSS (shared pages split
//               between the processes that map them) and, for reference, by RSS (each counted whole).
//   round trip  `true` in a container already awake: round robin over the 50 against the same call in the
//               one container awake alone (measured before the others wake and again after they sleep)
// Environment: SANDBENCH_BENCH_AWAKE (default 50), SANDBENCH_BENCH_RUNS (round trips per phase, default 100).
// About a minute.
#include "sandbox/container.h"
#include "sandbox/containermanager.h"
#include "sandbox/history/containerhistory.h"
#include "sandbox/shellcall.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

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

bool waitFinished(ShellCall *call, int timeoutMs = 120000)
{
    if (call->isFinished())
        return true;
    QEventLoop loop;
    QObject::connect(call, &ShellCall::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    loop.exec();
    return call->isFinished();
}

// ms of one `true`, or -1.
double roundTrip(Container *c)
{
    ShellAction a;
    a.commands = {u"true"_s};
    a.maxOutputLength = 16384;
    QElapsedTimer t;
    t.start();
    ShellCall *call = c->run(a);
    if (!call || !waitFinished(call) || call->results().isEmpty() ||
        call->results().first().outcome.exitCode != 0)
        return -1;
    const double ms = t.nsecsElapsed() / 1e6;
    c->historyStore()->waitForIdle();
    QCoreApplication::processEvents();
    return ms;
}

qint64 kbField(const QString &path, const char *key)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : f.readAll().split('\n')) {
        if (line.startsWith(key))
            return line.mid(qstrlen(key)).trimmed().split(' ').value(0).toLongLong();
    }
    return 0;
}

QList<int> descendants(int pid)
{
    QList<int> out;
    QDir task(u"/proc/%1/task"_s.arg(pid));
    for (const QString &tid : task.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile f(task.filePath(tid + u"/children"_s));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        for (const QByteArray &part : f.readAll().split(' ')) {
            const int child = part.trimmed().toInt();
            if (child > 0)
                out << child << descendants(child);
        }
    }
    return out;
}

struct Memory
{
    qint64 selfKb = 0;
    qint64 helpersPssKb = 0;
    qint64 helpersRssKb = 0;
    int helpers = 0;
};

Memory measure()
{
    Memory m;
    m.selfKb = kbField(u"/proc/self/status"_s, "VmRSS:");
    for (int pid : descendants(int(getpid()))) {
        m.helpersPssKb += kbField(u"/proc/%1/smaps_rollup"_s.arg(pid), "Pss:");
        m.helpersRssKb += kbField(u"/proc/%1/status"_s.arg(pid), "VmRSS:");
        ++m.helpers;
    }
    return m;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int awake = std::max(2, envInt("SANDBENCH_BENCH_AWAKE", 50));
    const int runs = envInt("SANDBENCH_BENCH_RUNS", 100);
    QTemporaryDir dir;
    SandboxSettings settings = SandboxSettings::forDataDir(dir.path(), u"bench"_s);
    ContainerManager manager(settings);
    manager.setPrewarm(false); // no spare launcher: only the containers themselves are counted

    QList<Container *> containers;
    for (int i = 0; i < awake; ++i)
        containers << manager.create();
    Container *first = containers.first();
    for (int i = 0; i < 5; ++i) // wakes it, warms the caches
        roundTrip(first);
    QList<double> single;
    for (int i = 0; i < runs / 2; ++i)
        single << roundTrip(first);
    QTest::qWait(300);
    const Memory one = measure();

    for (Container *c : containers.mid(1)) {
        for (int i = 0; i < 5; ++i) { // wakes it, warms it as the first one was
            if (roundTrip(c) < 0) {
                std::printf("a container did not wake: %s\n", qPrintable(c->id()));
                return 1;
            }
        }
    }
    int awakeNow = 0;
    for (Container *c : containers)
        awakeNow += c->state() == Container::State::Running ? 1 : 0;
    QList<double> many;
    for (int i = 0; i < runs; ++i)
        many << roundTrip(containers.at(1 + i % (awake - 1)));
    QTest::qWait(300);
    const Memory all = measure();

    for (Container *c : containers.mid(1))
        c->stop();
    QTest::qWait(500);
    for (int i = 0; i < runs / 2; ++i)
        single << roundTrip(first);

    const int added = awake - 1;
    const double selfPer = double(all.selfKb - one.selfKb) / added / 1024;
    const double pssPer = double(all.helpersPssKb - one.helpersPssKb) / added / 1024;
    const double rssPer = double(all.helpersRssKb - one.helpersRssKb) / added / 1024;
    std::printf("awake: %d of %d containers running; helper processes %d with 1 awake, %d with %d\n",
                awakeNow, awake, one.helpers, all.helpers, awake);
    std::printf("memory: this process %.1f MiB with 1 awake, %.1f MiB with %d: %.2f MiB per container;"
                " helpers %.2f MiB PSS (%.2f MiB RSS) per container\n",
                one.selfKb / 1024.0, all.selfKb / 1024.0, awake, selfPer, pssPer, rssPer);
    const double per = selfPer + pssPer;
    std::printf("memory: engine-side per awake container %.2f MiB (engine + helpers' PSS; with helpers' RSS"
                " %.2f MiB) against 2 MiB: %.2fx (target < 2 MiB): %s\n",
                per, selfPer + rssPer, per / 2.0, verdict(per < 2.0));
    const double s = median(single), m = median(many);
    std::printf("round trip: `true` with %d awake %.3f ms (round robin), with 1 awake %.3f ms: %.2fx"
                " (target <= 1.3x): %s\n",
                awake, m, s, m / s, verdict(m / s <= 1.3));
    std::printf("machine load (1/5/15 min): ");
    QFile load(u"/proc/loadavg"_s);
    if (load.open(QIODevice::ReadOnly))
        std::printf("%s", load.readAll().constData());
    manager.stopAll();
    return 0;
}
