// SPDX-License-Identifier: GPL-3.0-or-later
// Sandbox benchmarks against baselines measured in the same run: cold start vs bubblewrap, warm round trip
// vs a bare fork/exec/wait, draining 1 GB of output (rate and the engine's peak RSS growth), and the
// one-shot CLI `sandbench exec -- true` vs Anthropic's sandbox-runtime (`srt`, bench/npm) and bwrap.
#include "sandbox/container.h"
#include "sandbox/containermanager.h"
#include "sandbox/shellcall.h"

#include <QCoreApplication>
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
#include <vector>

extern char **environ;

using namespace Qt::StringLiterals;

namespace {

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// Milliseconds for one posix_spawn + waitpid of argv, or -1.
double spawnAndWait(const std::vector<const char *> &argv)
{
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    QElapsedTimer t;
    t.start();
    pid_t pid;
    std::vector<char *> args;
    for (const char *a : argv)
        args.push_back(const_cast<char *>(a));
    args.push_back(nullptr);
    const int rc = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0)
        return -1;
    int status = 0;
    waitpid(pid, &status, 0);
    const double ms = double(t.nsecsElapsed()) / 1e6;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? ms : -1;
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

qint64 statusKb(const char *key)
{
    QFile f(u"/proc/self/status"_s);
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : f.readAll().split('\n')) {
        if (line.startsWith(key))
            return line.mid(qstrlen(key)).trimmed().split(' ').value(0).toLongLong();
    }
    return -1;
}

// The processes below pid, found through /proc/<pid>/task/<pid>/children.
QList<int> descendants(int pid)
{
    QList<int> out;
    QFile f(u"/proc/%1/task/%1/children"_s.arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return out;
    for (const QByteArray &part : f.readAll().split(' ')) {
        const int child = part.trimmed().toInt();
        if (child > 0)
            out << child << descendants(child);
    }
    return out;
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

// Waits (at most 100 ms) until the container's history work is saved and every process of the container
// sleeps for 3 ms on end: what the engine and init do after a command (the commit, the command process made
// ready for the next one) must not share the CPU with the baseline measured next.
void waitUntilSettled(Container *c)
{
    c->historyStore()->waitForIdle();
    QCoreApplication::processEvents();
    QElapsedTimer t;
    t.start();
    int quiet = 0;
    // Quiet for 3 ms: longer than init waits before it prepares the next command process (SPARE_DELAY_US).
    while (quiet < 15 && t.elapsed() < 100) {
        quiet = allSleeping(descendants(int(c->initPid()))) ? quiet + 1 : 0;
        // The engine's event loop runs between calls as in any host: it takes what init sends meanwhile
        // (the prepared command process, SB_MSG_SPARE).
        QCoreApplication::processEvents();
        usleep(200);
    }
}

ShellAction action(const QString &command, int maxOutput = 16384)
{
    ShellAction a;
    a.commands = {command};
    a.maxOutputLength = maxOutput;
    return a;
}

void verdict(const char *name, double value, const char *unit, bool ok, const char *target)
{
    printf("  %-38s %10.3f %-5s  target %-10s %s\n", name, value, unit, target, ok ? "PASS" : "MISS");
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int runs = qMax(3, qEnvironmentVariableIntValue("SANDBENCH_BENCH_RUNS")
                                 ? qEnvironmentVariableIntValue("SANDBENCH_BENCH_RUNS")
                                 : 11);
    QTemporaryDir dir;
    SandboxSettings settings = SandboxSettings::forDataDir(dir.path(), u"bench"_s);
    if (qEnvironmentVariableIsSet("SANDBENCH_BENCH_CGROUP"))
        settings.cgroupMode =
            qEnvironmentVariable("SANDBENCH_BENCH_CGROUP"); // e.g. none, to see what cgroups cost
    ContainerManager manager(settings);
    printf("sandbench-bench-sandbox: %d runs each, medians\n", runs);
    // SANDBENCH_BENCH_ONLY=ad runs sections (a) and (d) only.
    const QString only = qEnvironmentVariable("SANDBENCH_BENCH_ONLY");
    auto want = [&only](char section) { return only.isEmpty() || only.contains(QLatin1Char(section)); };

    if (want('a')) {
        // (a) cold start + first `true` vs bubblewrap running `true`: a brand-new container (namespaces,
        // root, cgroup) each time. The GUI and the local API keep one launcher started ahead of need, which
        // has already made its cgroup, namespaces and the shared part of the root; both ways are measured.
        auto coldStart = [&manager]() -> double {
            Container *c = manager.create();
            QElapsedTimer t;
            t.start();
            ShellCall *call = c->run(action(u"true"_s));
            if (!waitFinished(call) || call->results().isEmpty()) {
                fprintf(stderr, "cold start failed: %s\n", qPrintable(call->errorString()));
                return -1;
            }
            const double ms = double(t.nsecsElapsed()) / 1e6;
            manager.remove(c->id());
            // Let the pool start its next spare (and the old container go) outside the measured time.
            QTest::qWait(50);
            return ms;
        };
        std::vector<double> coldPrewarmed, coldOnDemand, bwrap;
        for (int i = 0; i < runs; ++i) {
            manager.setPrewarm(true);
            QTest::qWait(200);
            const double a = coldStart();
            manager.setPrewarm(false);
            const double b = coldStart();
            const double w = spawnAndWait({"bwrap",     "--unshare-all", "--die-with-parent",
                                           "--ro-bind", "/usr",          "/usr",
                                           "--symlink", "usr/lib",       "/lib",
                                           "--symlink", "usr/lib64",     "/lib64",
                                           "--symlink", "usr/bin",       "/bin",
                                           "--proc",    "/proc",         "--dev",
                                           "/dev",      "true"});
            if (a < 0 || b < 0 || w < 0) {
                fprintf(stderr, "cold start or bwrap baseline failed\n");
                return 1;
            }
            coldPrewarmed.push_back(a);
            coldOnDemand.push_back(b);
            bwrap.push_back(w);
        }
        const double coldRatio = median(coldPrewarmed) / median(bwrap);
        printf("(a) cold start of a new container + first `true` (cgroup %s)\n",
               qPrintable(settings.cgroupMode));
        printf("    sandbench, launcher started ahead (GUI, serve):   %7.2f ms\n", median(coldPrewarmed));
        printf("    sandbench, launcher started on demand (CLI):      %7.2f ms  (%.2fx bwrap, no target)\n",
               median(coldOnDemand), median(coldOnDemand) / median(bwrap));
        printf("    bwrap --unshare-all, read-only binds, `true`:     %7.2f ms\n", median(bwrap));
        verdict("cold start (launcher ahead) vs bwrap", coldRatio, "x", coldRatio <= 0.7, "<= 0.7x");
        verdict("cold start, the aim", coldRatio, "x", coldRatio <= 0.5, "<= 0.5x");
    }

    if (want('b') || want('c')) {
        // (b) warm round trip of `true` vs bash -c true.
        Container *warm = manager.create();
        {
            ShellCall *first = warm->run(action(u"true"_s));
            waitFinished(first);
        }
        // Alternating: the engine's round trip, then the baseline once the container is idle again (see
        // waitUntilSettled), so neither side runs while the other's leftovers do.
        std::vector<double> trip, bare;
        for (int i = 0; i < runs * 3; ++i) {
            QElapsedTimer t;
            t.start();
            ShellCall *call = warm->run(action(u"true"_s));
            if (!waitFinished(call) || call->results().isEmpty()) {
                fprintf(stderr, "warm call failed: %s\n", qPrintable(call->errorString()));
                return 1;
            }
            trip.push_back(double(t.nsecsElapsed()) / 1e6);
            call->deleteLater();
            waitUntilSettled(warm);
            bare.push_back(spawnAndWait({"bash", "-c", "true"}));
        }
        // For reference: commands with no pause at all between them (a multi-command call), where the next
        // one may arrive while the container still tidies up after the previous one.
        std::vector<double> burst;
        for (int i = 0; i < runs * 3; ++i) {
            QElapsedTimer t;
            t.start();
            ShellCall *call = warm->run(action(u"true"_s));
            if (!waitFinished(call) || call->results().isEmpty())
                return 1;
            burst.push_back(double(t.nsecsElapsed()) / 1e6);
            call->deleteLater();
        }
        const double warmRatio = median(trip) / median(bare);
        printf("(b) warm round trip of `true`: sandbench %.3f ms, bash -c true %.3f ms\n", median(trip),
               median(bare));
        verdict("warm round trip ratio vs fork/exec", warmRatio, "x", warmRatio <= 1.0, "<= 1.0x");
        printf("    back to back, no pause between commands: %.3f ms (%.2fx, no target)\n", median(burst),
               median(burst) / median(bare));

        // (c) 1 GB of stdout through a capped command.
        const qint64 bytes = 1000LL * 1024 * 1024;
        const qint64 hwmBefore = statusKb("VmHWM:");
        std::vector<double> rates;
        for (int i = 0; i < qMax(3, runs / 3); ++i) {
            ShellCall *call = warm->run(action(u"dd if=/dev/zero bs=1M count=1000 status=none"_s));
            QElapsedTimer t;
            QObject::connect(call, &ShellCall::commandStarted, call, [&t] { t.start(); });
            double ms = 0;
            QObject::connect(call, &ShellCall::commandFinished, call,
                             [&t, &ms] { ms = double(t.nsecsElapsed()) / 1e6; });
            if (!waitFinished(call, 300000) || call->results().isEmpty() ||
                call->results().constFirst().stdoutDropped != bytes - 16384) {
                fprintf(stderr, "1 GB output run failed\n");
                return 1;
            }
            rates.push_back(double(bytes) / (ms / 1000.0) / 1e9);
            call->deleteLater();
            QCoreApplication::processEvents();
        }
        const double growthMiB = double(statusKb("VmHWM:") - hwmBefore) / 1024.0;
        printf("(c) 1 GB (%lld bytes) of output with max_output_length 16384\n", bytes);
        verdict("drain rate", median(rates), "GB/s", median(rates) >= 1.0, ">= 1 GB/s");
        verdict("peak RSS growth (VmHWM)", growthMiB, "MiB", growthMiB < 16, "< 16 MiB");
        manager.stopAll();
    }
    QCoreApplication::processEvents();

    if (want('d')) {
        // (d) the one-shot CLI, end to end: `sandbench exec -- true` in a new container each time (process
        // start, the workspace's stores, the sandbox, the command, its history entry, the sandbox's removal)
        // against Anthropic's sandbox-runtime `srt -c true` and bare bwrap, alternating.
        const QString cli = QCoreApplication::applicationDirPath() + u"/sandbench"_s;
        const QString srt = qEnvironmentVariableIsSet("SANDBENCH_BENCH_SRT")
                                ? qEnvironmentVariable("SANDBENCH_BENCH_SRT")
                                : QStringLiteral(SANDBENCH_BENCH_NPM_DIR "/node_modules/.bin/srt");
        const bool haveSrt = ::access(QFile::encodeName(srt).constData(), X_OK) == 0;
        QTemporaryDir cliData;
        const QByteArray cliPath = QFile::encodeName(cli);
        const QByteArray cliDataPath = QFile::encodeName(cliData.path());
        const QByteArray srtPath = QFile::encodeName(srt);
        std::vector<double> oneShot, srtRuns, bwrapCli;
        // Each run starts once the previous one's leftovers are gone: the kernel ends a network namespace
        // after its last process (bwrap's, ours), and srt leaves its proxies (socat) and bwrap behind.
        auto settle = [] { usleep(150 * 1000); };
        for (int i = 0; i < runs; ++i) {
            settle();
            const double a = spawnAndWait(
                {cliPath.constData(), "exec", "--data-dir", cliDataPath.constData(), "--", "true"});
            settle();
            const double w = spawnAndWait({"bwrap",     "--unshare-all", "--die-with-parent",
                                           "--ro-bind", "/usr",          "/usr",
                                           "--symlink", "usr/lib",       "/lib",
                                           "--symlink", "usr/lib64",     "/lib64",
                                           "--symlink", "usr/bin",       "/bin",
                                           "--proc",    "/proc",         "--dev",
                                           "/dev",      "true"});
            if (a < 0 || w < 0) {
                fprintf(stderr, "sandbench exec or the bwrap baseline failed\n");
                return 1;
            }
            oneShot.push_back(a);
            bwrapCli.push_back(w);
            if (haveSrt && i < qMax(3, runs / 2)) {
                settle();
                const double r = spawnAndWait({srtPath.constData(), "-c", "true"});
                if (r < 0)
                    fprintf(stderr, "srt -c true failed (run %d), not counted\n", i + 1);
                else
                    srtRuns.push_back(r);
            }
        }
        printf("(d) one-shot CLI `sandbench exec -- true`, end to end, a new container each time\n");
        printf("    sandbench exec -- true:                            %7.2f ms  (%.1fx bwrap, no target)\n",
               median(oneShot), median(oneShot) / median(bwrapCli));
        verdict("sandbench exec -- true", median(oneShot), "ms", median(oneShot) <= 25, "<= 25 ms");
        if (haveSrt && !srtRuns.empty()) {
            const double srtRatio = median(oneShot) / median(srtRuns);
            printf("    srt -c true (@anthropic-ai/sandbox-runtime):       %7.2f ms\n", median(srtRuns));
            verdict("sandbench exec vs srt -c true", srtRatio, "x", srtRatio <= 0.1, "<= 0.1x");
        } else if (haveSrt) {
            printf(
                "    srt -c true: skipped: every srt run failed (srt needs socat and rg on PATH: apt install "
                "socat ripgrep)\n");
        } else {
            printf("    srt -c true: skipped: srt not installed (npm ci --prefix bench/npm)\n");
        }
    }
    return 0;
}
