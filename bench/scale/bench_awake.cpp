// SPDX-License-Identifier: GPL-3.0-or-later
// 50 awake containers at once (issue #15), against 1 awake container, in the same run:
//   memory      engine-side memory per awake container: the growth of this process's RSS plus the memory of
//               the helper processes each container adds (its launcher and init, found below this process),
//               from 1 awake container to 50, divided by 49. Helpers are counted by PSS (shared pages split
//               between the processes that map them) and, for reference, by RSS (each counted whole).
//   round trip  `true` in a container already awake: round robin over the 50 against the same call in the
//               one container awake alone. The machine is shared and noisy, so the two are interleaved: each
//               round measures 1 awake, wakes the others, measures 50 awake, and puts them to sleep again;
//               every call starts once the previous one's container has settled (its commit saved, its
//               processes asleep: init prepares the next command's shell between calls). Reported: the
//               median of all calls of each kind and the median of the rounds' ratios.
// Each call is also paired with the load probe `bash -c true` run right after it; the verdict compares the
// calls' times over their probes' (median with 50 awake over median with 1), which cancels most of the noise.
// Environment: SANDBENCH_BENCH_AWAKE (default 50), SANDBENCH_BENCH_ROUNDS (default 8), SANDBENCH_BENCH_RUNS
// (round trips per phase and round, default 40). About two minutes.
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
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

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
        call->results().first().outcome.exitCode != 0) {
        std::printf("call failed: %s; %s\n", call ? qPrintable(call->errorString()) : "no call",
                    call && !call->results().isEmpty()
                        ? qPrintable(u"exit %1, stderr %2"_s.arg(call->results().first().outcome.exitCode)
                                         .arg(call->results().first().stderrText))
                        : "no result");
        return -1;
    }
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

// ms of one posix_spawn + waitpid of `bash -c true`, the machine's load probe, or -1.
double bashTrue()
{
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    char *args[] = {const_cast<char *>("bash"), const_cast<char *>("-c"), const_cast<char *>("true"),
                    nullptr};
    QElapsedTimer t;
    t.start();
    pid_t pid;
    const int rc = posix_spawnp(&pid, "bash", &actions, nullptr, args, environ);
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0)
        return -1;
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? double(t.nsecsElapsed()) / 1e6 : -1;
}

bool allSleeping(const QList<int> &pids)
{
    for (int pid : pids) {
        QFile f(u"/proc/%1/stat"_s.arg(pid));
        if (!f.open(QIODevice::ReadOnly))
            continue; // gone
        const QByteArray stat = f.readAll();
        const qsizetype paren = stat.lastIndexOf(')');
        if (paren < 0 || stat.mid(paren + 2, 1) != "S")
            return false;
    }
    return true;
}

// Waits (at most 100 ms) until c's history work is saved and its processes have slept for 3 ms on end, the
// event loop running meanwhile (it takes the command shell init prepares, SB_MSG_SPARE).
void settle(Container *c)
{
    c->historyStore()->waitForIdle();
    QCoreApplication::processEvents();
    QElapsedTimer t;
    t.start();
    int quiet = 0;
    while (quiet < 15 && t.elapsed() < 100) {
        quiet = allSleeping(descendants(int(c->initPid()))) ? quiet + 1 : 0;
        QCoreApplication::processEvents();
        usleep(200);
    }
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int awake = std::max(2, envInt("SANDBENCH_BENCH_AWAKE", 50));
    const int rounds = envInt("SANDBENCH_BENCH_ROUNDS", 8);
    const int runs = envInt("SANDBENCH_BENCH_RUNS", 40);
    QTemporaryDir dir;
    SandboxSettings settings = SandboxSettings::forDataDir(dir.path(), u"bench"_s);
    ContainerManager manager(settings);
    manager.setPrewarm(false); // no spare launcher: only the containers themselves are counted

    QList<Container *> containers;
    for (int i = 0; i < awake; ++i)
        containers << manager.create();
    Container *first = containers.first();
    for (int i = 0; i < 5; ++i) { // wakes it, warms the caches
        roundTrip(first);
        settle(first);
    }

    // Each call is followed by the load probe `bash -c true`; a call's time over its probe's cancels what the
    // other programs on the machine did meanwhile.
    QList<double> singleNorm, manyNorm;
    QList<double> single, many, ratios, selfOne, selfAll, pssOne, pssAll, rssOne, rssAll;
    int helpersOne = 0, helpersAll = 0, awakeNow = 0;
    for (int round = 0; round < rounds; ++round) {
        // 1 awake.
        QTest::qWait(300);
        const Memory one = measure();
        QList<double> s;
        for (int i = 0; i < runs; ++i) {
            settle(first);
            const double ms = roundTrip(first);
            if (ms < 0) {
                std::printf("a round trip failed in %s\n", qPrintable(first->id()));
                return 1;
            }
            s << ms;
            settle(first);
            singleNorm << ms / bashTrue();
        }
        // All awake, each warmed as the first one was.
        for (Container *c : containers.mid(1)) {
            for (int i = 0; i < 3; ++i) {
                if (roundTrip(c) < 0) {
                    std::printf("a container did not wake: %s\n", qPrintable(c->id()));
                    return 1;
                }
            }
        }
        for (Container *c : containers)
            settle(c);
        awakeNow = 0;
        for (Container *c : containers)
            awakeNow += c->state() == Container::State::Running ? 1 : 0;
        QList<double> m;
        for (int i = 0; i < runs; ++i) {
            Container *c = containers.at(1 + i % (awake - 1));
            settle(c);
            const double ms = roundTrip(c);
            if (ms < 0) {
                std::printf("a round trip failed in %s\n", qPrintable(c->id()));
                return 1;
            }
            m << ms;
            settle(c);
            manyNorm << ms / bashTrue();
        }
        for (Container *c : containers)
            settle(c);
        QTest::qWait(300);
        const Memory all = measure();
        for (Container *c : containers.mid(1))
            c->stop();
        QTest::qWait(500);

        selfOne << double(one.selfKb);
        selfAll << double(all.selfKb);
        pssOne << double(one.helpersPssKb);
        pssAll << double(all.helpersPssKb);
        rssOne << double(one.helpersRssKb);
        rssAll << double(all.helpersRssKb);
        helpersOne = one.helpers;
        helpersAll = all.helpers;
        single << s;
        many << m;
        ratios << median(m) / median(s);
        std::printf("round %d: 1 awake %.3f ms, %d awake %.3f ms: %.2fx\n", round + 1, median(s), awake,
                    median(m), median(m) / median(s));
        std::fflush(stdout);
    }

    const int added = awake - 1;
    const double selfPer = (median(selfAll) - median(selfOne)) / added / 1024;
    const double pssPer = (median(pssAll) - median(pssOne)) / added / 1024;
    const double rssPer = (median(rssAll) - median(rssOne)) / added / 1024;
    std::printf("awake: %d of %d containers running; helper processes %d with 1 awake, %d with %d\n",
                awakeNow, awake, helpersOne, helpersAll, awake);
    std::printf(
        "memory (medians of %d rounds): this process %.1f MiB with 1 awake, %.1f MiB with %d: %.2f MiB"
        " per container; helpers %.2f MiB PSS (%.2f MiB RSS) per container\n",
        rounds, median(selfOne) / 1024.0, median(selfAll) / 1024.0, awake, selfPer, pssPer, rssPer);
    const double per = selfPer + pssPer;
    std::printf("memory: engine-side per awake container %.2f MiB (engine + helpers' PSS; with helpers' RSS"
                " %.2f MiB) against 2 MiB: %.2fx (target < 2 MiB): %s\n",
                per, selfPer + rssPer, per / 2.0, verdict(per < 2.0));
    const double s = median(single), m = median(many), r = median(ratios);
    const double normalised = median(manyNorm) / median(singleNorm);
    std::printf("round trip: `true` with %d awake %.3f ms (round robin), with 1 awake %.3f ms, %d calls each"
                " over %d interleaved rounds: %.2fx; median of the rounds' ratios %.2fx\n",
                awake, m, s, int(single.size()), rounds, m / s, r);
    std::printf("round trip over the load probe next to it (bash -c true): %.3f with %d awake, %.3f with 1:"
                " %.2fx (target <= 1.3x): %s\n",
                median(manyNorm), awake, median(singleNorm), normalised, verdict(normalised <= 1.3));
    std::printf("machine load (1/5/15 min): ");
    QFile load(u"/proc/loadavg"_s);
    if (load.open(QIODevice::ReadOnly))
        std::printf("%s", load.readAll().constData());
    manager.stopAll();
    return 0;
}
