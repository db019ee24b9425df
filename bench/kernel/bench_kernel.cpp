// SPDX-License-Identifier: GPL-3.0-or-later
// The notebook kernel's speed targets (issue "Notebooks, not scripts"), each a ratio against a baseline
// measured in the same run and the same container:
//  (a) a follow-up cell on a loaded 3M-row CSV vs loading it again (target <= 0.05x);
//  (b) a trivial cell round trip in a warm kernel vs `python3 -c pass` (target <= 0.2x);
//  (c) the first code call in a new container, made the way a request makes it (ContainerManager::create,
//      which hands out the container kept ahead with its kernel running once the workspace used Python),
//      vs `python3 -c pass` there (<= 1.5x); and what keeping that container costs in memory;
//  (d) the engine's memory per awake kernel (target < 1 MiB).
#include "sandbox/container.h"
#include "sandbox/containermanager.h"
#include "sandbox/pythonkernel.h"
#include "sandbox/shellcall.h"
#include "tools/codeaction.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace Qt::StringLiterals;

namespace {

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

bool waitFinished(ShellCall *call, int timeoutMs = 300000)
{
    if (call->isFinished())
        return true;
    QEventLoop loop;
    QObject::connect(call, &ShellCall::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    loop.exec();
    return call->isFinished();
}

qint64 rssKb()
{
    QFile f(u"/proc/self/status"_s);
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong();
    return -1;
}

// The cgroup (v1 memory hierarchy on a hybrid host, else the unified one) the process is in.
QString cgroupDir(qint64 pid)
{
    QFile f(u"/proc/%1/cgroup"_s.arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QString unified;
    for (const QByteArray &line : f.readAll().split('\n')) {
        const QList<QByteArray> parts = line.split(':');
        if (parts.size() < 3)
            continue;
        if (parts.at(1).split(',').contains("memory"))
            return u"/sys/fs/cgroup/memory"_s + QString::fromUtf8(parts.at(2));
        if (parts.at(0) == "0" && parts.at(1).isEmpty())
            unified = u"/sys/fs/cgroup"_s + QString::fromUtf8(parts.at(2));
    }
    return unified;
}

// The memory charged to the process's cgroup (memory.current, or v1's usage_in_bytes), -1 when unknown.
qint64 cgroupMemoryBytes(qint64 pid)
{
    const QString dir = cgroupDir(pid);
    for (const QString &name : {u"memory.current"_s, u"memory.usage_in_bytes"_s}) {
        QFile f(dir + u'/' + name);
        if (f.open(QIODevice::ReadOnly))
            return f.readAll().trimmed().toLongLong();
    }
    return -1;
}

// The proportional set size (shared pages split among their users) of every process in the process's
// cgroup, KiB: what the container's processes add to the machine's memory.
qint64 cgroupPssKb(qint64 pid)
{
    QFile procs(cgroupDir(pid) + u"/cgroup.procs"_s);
    if (!procs.open(QIODevice::ReadOnly))
        return -1;
    qint64 total = 0;
    for (const QByteArray &p : procs.readAll().split('\n')) {
        if (p.isEmpty())
            continue;
        QFile rollup(u"/proc/%1/smaps_rollup"_s.arg(QString::fromLatin1(p)));
        if (!rollup.open(QIODevice::ReadOnly))
            continue;
        for (const QByteArray &line : rollup.readAll().split('\n'))
            if (line.startsWith("Pss:"))
                total += line.mid(4).trimmed().split(' ').value(0).toLongLong();
    }
    return total;
}

// The bridge's own time for the last cell (its end line's "us"), in ms; -1 when it did not say.
double g_bridgeMs = -1;

// Milliseconds of one cell through the container's kernel, or -1 when it did not end ok.
double cellMs(Container *c, const QString &code, QString *out = nullptr)
{
    QString error;
    const std::optional<CodeAction> action = CodeAction::python({{u"code"_s, code}}, &error);
    QElapsedTimer t;
    t.start();
    ShellCall *call = PythonKernel::of(c)->execute(*action, 250000, 16384);
    if (!waitFinished(call) || call->results().isEmpty())
        return -1;
    const double ms = double(t.nsecsElapsed()) / 1e6;
    const CodeOutput o = CodeOutput::fromResult(*action, call->results().constFirst());
    const QString raw = call->results().constFirst().stdoutText;
    const qsizetype end = raw.lastIndexOf(u"{\"t\": \"end\""_s);
    g_bridgeMs = end < 0 ? -1
                         : QJsonDocument::fromJson(raw.mid(end).section(u'\n', 0, 0).toUtf8())
                                   .object()
                                   .value(u"us"_s)
                                   .toDouble(-1000) /
                               1000.0;
    call->deleteLater();
    if (out)
        *out = o.stdoutText + o.stderrText;
    return o.kernel && o.kernel->mode == KernelCellResult::Mode::Kernel && o.kernel->status == u"ok" ? ms
                                                                                                     : -1;
}

// Milliseconds of one command in the container (its own round trip included), or -1.
double commandMs(Container *c, const QString &command, QString *out = nullptr)
{
    ShellAction action;
    action.commands = {command};
    action.timeoutMs = 300000;
    QElapsedTimer t;
    t.start();
    ShellCall *call = c->run(action);
    if (!waitFinished(call) || call->results().isEmpty()) {
        fprintf(stderr, "command failed: %s\n", qPrintable(call->errorString()));
        return -1;
    }
    const double ms = double(t.nsecsElapsed()) / 1e6;
    const bool ok = call->results().constFirst().outcome == CommandOutcome::exit(0);
    if (out)
        *out = call->results().constFirst().stdoutText;
    call->deleteLater();
    return ok ? ms : -1;
}

bool waitIdle(Container *c)
{
    return QTest::qWaitFor([c] { return PythonKernel::of(c)->state() == PythonKernel::State::Idle; }, 120000);
}

void verdict(const char *name, double value, const char *unit, bool ok, const char *target)
{
    printf("  %-44s %10.3f %-5s  target %-8s %s\n", name, value, unit, target, ok ? "PASS" : "MISS");
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int runs = qMax(3, qEnvironmentVariableIntValue("SANDBENCH_BENCH_RUNS")
                                 ? qEnvironmentVariableIntValue("SANDBENCH_BENCH_RUNS")
                                 : 9);
    const int rows = qMax(1000, qEnvironmentVariableIntValue("SANDBENCH_BENCH_ROWS")
                                    ? qEnvironmentVariableIntValue("SANDBENCH_BENCH_ROWS")
                                    : 3000000);
    QTemporaryDir dir;
    SandboxSettings settings = SandboxSettings::forDataDir(dir.path(), u"bench"_s);
    ContainerManager manager(settings);
    manager.setPrewarm(true);
    printf("bench_kernel: %d runs each, medians\n", runs);

    Container *c = manager.create();
    PythonKernel::of(c)->startAhead();
    QString probe;
    if (!waitIdle(c) || cellMs(c, u"1"_s, &probe) < 0) {
        fprintf(stderr, "no kernel in the container (python3-ipykernel installed?): %s\n", qPrintable(probe));
        return 1;
    }

    // (a) A 3M-row CSV written once; loading it (csv module, as a cell) vs a follow-up on the loaded rows.
    if (commandMs(c, u"python3 -c \"import random\nr = random.Random(1)\nwith open('big.csv', 'w') as f:\n"
                     "    f.write('id,value\\n')\n    f.writelines('%d,%d\\n' % (i, r.randrange(1000)) "
                     "for i in range(%1))\""_s.arg(rows)) < 0) {
        fprintf(stderr, "could not write the CSV\n");
        return 1;
    }
    const QString load = u"import csv\nwith open('big.csv') as f:\n    rows = [(int(a), int(b)) for a, b in "
                         "list(csv.reader(f))[1:]]\nlen(rows)"_s;
    std::vector<double> loads, follows;
    for (int i = 0; i < std::max(3, runs / 3); ++i) {
        const double l = cellMs(c, load);
        const double f = cellMs(c, u"sum(v for _, v in rows) / len(rows)"_s);
        if (l < 0 || f < 0) {
            fprintf(stderr, "the CSV cells failed\n");
            return 1;
        }
        loads.push_back(l);
        follows.push_back(f);
    }
    const double csvRatio = median(follows) / median(loads);
    printf("(a) %d-row CSV: loading it %.1f ms, a follow-up cell on the loaded rows %.1f ms\n", rows,
           median(loads), median(follows));
    verdict("follow-up vs loading again", csvRatio, "x", csvRatio <= 0.05, "<= 0.05x");
    cellMs(c, u"del rows"_s);

    // (b) A trivial cell in the warm kernel vs `python3 -c pass`, alternating, same container.
    std::vector<double> trivial, pass, bridge;
    for (int i = 0; i < runs * 2; ++i) {
        const double t = cellMs(c, u"1"_s);
        bridge.push_back(g_bridgeMs);
        const double p = commandMs(c, u"python3 -c pass"_s);
        if (t < 0 || p < 0) {
            fprintf(stderr, "trivial cell or python3 -c pass failed\n");
            return 1;
        }
        trivial.push_back(t);
        pass.push_back(p);
    }
    const double trivialRatio = median(trivial) / median(pass);
    printf("(b) trivial cell %.2f ms, python3 -c pass %.2f ms (same container)\n", median(trivial),
           median(pass));
    verdict("warm trivial cell vs python3 -c pass", trivialRatio, "x", trivialRatio <= 0.2, "<= 0.2x");
    // Where a cell's time goes: the bridge and kernel alone (the bridge's own time per request, from its end
    // line), the rest is the engine and the channel; and for comparison a bare command's round trip.
    std::vector<double> bare;
    for (int i = 0; i < runs; ++i)
        bare.push_back(commandMs(c, u"true"_s));
    printf("    of which the bridge and kernel: %.2f ms; the engine and channel: %.2f ms; a bare `true` "
           "command: %.2f ms (no targets)\n",
           median(bridge), median(trivial) - median(bridge), median(bare));

    // (c) The product path: the workspace used Python (the kernel of `c` above), so the manager keeps a
    // hidden container with its kernel started ahead; a new container is made as a request or the window
    // makes one (ContainerManager::create), and its first cell runs. Timed from create() to the cell's
    // result, against `python3 -c pass` in that container. Between runs the manager replenishes in the
    // background, as it does between requests.
    std::vector<double> firsts, passNew, creates;
    int handedOut = 0;
    qint64 warmCgroupBytes = -1;
    qint64 warmPssKb = -1;
    for (int i = 0; i < std::max(5, runs / 2); ++i) {
        if (!QTest::qWaitFor(
                [&manager] {
                    Container *w = manager.hiddenPythonContainer();
                    return w && PythonKernel::existing(w) &&
                           PythonKernel::existing(w)->state() == PythonKernel::State::Idle;
                },
                180000)) {
            fprintf(stderr, "no container was kept ahead with its kernel\n");
            return 1;
        }
        const QString warmId = manager.hiddenPythonContainer()->id();
        if (i == 0) {
            QTest::qWait(1000); // settled: what an idle kernel and its container hold
            Container *w = manager.hiddenPythonContainer();
            warmCgroupBytes = cgroupMemoryBytes(w->initPid());
            warmPssKb = cgroupPssKb(w->initPid());
        }
        QElapsedTimer t;
        t.start();
        Container *fresh = manager.create();
        creates.push_back(double(t.nsecsElapsed()) / 1e6);
        const double f = cellMs(fresh, u"1"_s);
        const double total = double(t.nsecsElapsed()) / 1e6;
        if (fresh->id() == warmId)
            ++handedOut;
        const double p = commandMs(fresh, u"python3 -c pass"_s);
        if (f < 0 || p < 0)
            return 1;
        firsts.push_back(total);
        passNew.push_back(p);
        manager.remove(fresh->id());
    }
    const double firstRatio = median(firsts) / median(passNew);
    printf(
        "(c) first code call in a new container (create() + first cell; %d of %zu handed out with the kernel "
        "started ahead): %.2f ms; python3 -c pass there %.2f ms\n",
        handedOut, firsts.size(), median(firsts), median(passNew));
    printf("    of which create() (the hand-out: meta.json written and synced): %.2f ms (no target)\n",
           median(creates));
    verdict("first code call (kernel ahead) vs python3 -c pass", firstRatio, "x", firstRatio <= 1.5,
            "<= 1.5x");
    printf("    the container kept ahead, idle with its kernel: %.1f MiB charged to its cgroup (page cache "
           "included), %.1f MiB PSS of its processes (no target)\n",
           warmCgroupBytes / 1048576.0, warmPssKb / 1024.0);

    // (d) The engine's RSS per awake kernel: N awake containers, then a kernel and a cell in each.
    const int n = 6;
    QList<Container *> awake;
    for (int i = 0; i < n; ++i) {
        awake.append(manager.create());
        commandMs(awake.last(), u"true"_s);
    }
    QTest::qWait(300);
    const qint64 before = rssKb();
    for (Container *a : std::as_const(awake)) {
        PythonKernel::of(a)->startAhead();
        waitIdle(a);
        for (int i = 0; i < 5; ++i)
            cellMs(a, u"print('x' * 10000)\n[1] * 1000"_s);
    }
    QTest::qWait(300);
    const double perKernelKib = double(rssKb() - before) / n;
    printf("(d) engine RSS: %lld KiB with %d awake containers, +%.0f KiB per kernel after 5 cells each\n",
           before, n, perKernelKib);
    verdict("engine memory per awake kernel", perKernelKib / 1024.0, "MiB", perKernelKib < 1024, "< 1 MiB");
    return 0;
}
