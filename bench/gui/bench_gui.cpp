// SPDX-License-Identifier: GPL-3.0-or-later
// Prints each figure next to its baseline or target, measured in the same run.
//   SANDBENCH_BENCH_CSV_MB   size of the generated CSV (default 1024)
//   SANDBENCH_BENCH_CSV_ROUNDS alternating rounds of wc -l and the index (default 5)
//   SANDBENCH_BENCH_STREAM_MB output streamed through ShellCallView (default 50)
#include "data/csvindex.h"
#include "sandbox/container.h"
#include "sandbox/containermanager.h"
#include "sandbox/shellcall.h"
#include "shellcalls/shellcallview.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QScrollArea>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace Qt::StringLiterals;

namespace {
int envInt(const char *name, int fallback)
{
    bool ok = false;
    const int v = qEnvironmentVariableIntValue(name, &ok);
    return ok && v > 0 ? v : fallback;
}

bool generateCsv(const QString &path, qint64 bytes)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return false;
    f.write("id,date,region,product,note,amount\n");
    QByteArray block;
    qint64 id = 0;
    while (block.size() < 1024 * 1024) {
        block += QByteArray::number(id) + ",2025-03-01,North,";
        block += id % 10 == 0 ? "\"Grinder, \"\"Pro\"\"\",\"two\nlines\"," : "Espresso beans,plain note,";
        block += QByteArray::number(id * 37 % 10000) + ".50\n";
        ++id;
    }
    for (qint64 written = 0; written < bytes; written += block.size()) {
        if (f.write(block) != block.size())
            return false;
    }
    return true;
}

double wcSeconds(const QString &path, QByteArray *out)
{
    QProcess wc;
    QElapsedTimer t;
    t.start();
    wc.start(u"wc"_s, {u"-l"_s, path});
    wc.waitForFinished(-1);
    *out = wc.readAllStandardOutput().trimmed();
    return t.nsecsElapsed() / 1e9;
}

double medianOf(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values.empty() ? 0 : values[values.size() / 2];
}

void benchCsv(const QString &dir)
{
    const int mb = envInt("SANDBENCH_BENCH_CSV_MB", 1024);
    const int rounds = envInt("SANDBENCH_BENCH_CSV_ROUNDS", 5);
    const QString path = dir + u"/big.csv"_s;
    std::printf("generating a %d MB CSV...\n", mb);
    std::fflush(stdout);
    if (!generateCsv(path, qint64(mb) * 1024 * 1024)) {
        std::printf("csv: cannot write %s\n", qPrintable(path));
        return;
    }
    QByteArray wcOut;
    wcSeconds(path, &wcOut); // warms the page cache for both
    // Rounds alternate wc -l and the index, so the machine's load drifting hits both alike.
    std::vector<double> wcTimes, indexTimes, firstRowTimes;
    qint64 rows = 0;
    QString firstId;
    for (int round = 0; round < rounds; ++round) {
        wcTimes.push_back(wcSeconds(path, &wcOut));
        QElapsedTimer t;
        t.start();
        CsvIndex index;
        index.open(path);
        const QStringList first = index.row(0);
        firstRowTimes.push_back(t.nsecsElapsed() / 1e6);
        QSignalSpy done(&index, &CsvIndex::finished);
        done.wait(600000);
        indexTimes.push_back(t.nsecsElapsed() / 1e9);
        rows = index.rowCount();
        firstId = first.value(0);
    }
    const double wc = medianOf(wcTimes);
    const double indexSeconds = medianOf(indexTimes);
    const double firstRowsMs = medianOf(firstRowTimes);
    const double size = double(QFile(path).size()) / (1024.0 * 1024.0);
    const double ratio = wc / indexSeconds;
    std::printf("csv: %.0f MB, %lld rows (wc -l: %s lines, rows with quoted newlines count twice there)\n",
                size, rows, wcOut.split(' ').first().constData());
    std::printf("csv: time to first rows %.2f ms (target < 100 ms), first row id=%s\n", firstRowsMs,
                qPrintable(firstId));
    std::printf("csv: median of %d alternating rounds: index %.3f s = %.0f MB/s; wc -l %.3f s = %.0f MB/s; "
                "ratio %.2fx\n",
                rounds, indexSeconds, size / indexSeconds, wc, size / wc, ratio);
    std::printf("csv: verdict: index >= 0.8x wc -l: %s; first rows < 100 ms: %s\n",
                ratio >= 0.8 ? "met" : "MISSED", firstRowsMs < 100 ? "met" : "MISSED");
    QFile::remove(path);
}

void benchStall(const QString &dir)
{
    const int mb = envInt("SANDBENCH_BENCH_STREAM_MB", 50);
    SandboxSettings settings = SandboxSettings::forDataDir(dir, u"bench"_s);
    ContainerManager manager(settings);
    Container *container = manager.create();
    ShellAction warm;
    warm.commands = {u"true"_s};
    ShellCall *w = container->run(warm);
    QSignalSpy warmDone(w, &ShellCall::finished);
    if (!warmDone.wait(60000) || !w->isCompleted()) {
        std::printf("stall: the sandbox did not start: %s\n", qPrintable(w->errorString()));
        return;
    }

    ShellCallPanel panel;
    panel.resize(600, 800);
    panel.show();
    ShellAction action;
    // Lines of text plus one long line without newlines: both must stay smooth.
    action.commands = {
        u"head -c %1 /dev/zero | tr '\\0' 'x' | fold -w 100"_s.arg(qint64(mb) * 1024 * 1024 * 9 / 10),
        u"head -c %1 /dev/zero | tr '\\0' 'y'"_s.arg(qint64(mb) * 1024 * 1024 / 10)};
    QElapsedTimer clock;
    qint64 last = 0, maxGap = 0;
    QTimer probe;
    probe.setInterval(5);
    QObject::connect(&probe, &QTimer::timeout, &panel, [&] {
        const qint64 now = clock.elapsed();
        maxGap = std::max(maxGap, now - last);
        last = now;
    });
    qint64 chars = 0;
    ShellCall *call = container->run(action);
    QObject::connect(call, &ShellCall::outputChunk, &panel,
                     [&](int, ShellCall::Stream, const QString &text) { chars += text.size(); });
    ShellCallView *view = panel.addCall(call);
    clock.start();
    probe.start();
    QSignalSpy finished(call, &ShellCall::finished);
    finished.wait(300000);
    const qint64 total = clock.elapsed();
    probe.stop();
    qint64 docChars = 0;
    for (CommandOutputView *c : view->commandViews())
        docChars += c->outputText().size();
    std::printf("stall: %d MB streamed (%lld chars reached the view's signals) in %.2f s; longest event-loop "
                "gap %lld ms "
                "(target <= 50 ms); text kept in the view %lld chars\n",
                mb, chars, total / 1000.0, maxGap, docChars);
    manager.stopAll();
}

// The engine caps what a ShellCall passes on; this feeds an uncapped 50 MB stream straight into the view, 64
// KiB per event-loop turn, as a fast reader would.
void benchStallDirect()
{
    const int mb = envInt("SANDBENCH_BENCH_STREAM_MB", 50);
    CommandOutputView view(0, u"yes | head -c 50M"_s, 5000);
    view.resize(600, 300);
    view.show();
    const QString line = QString(99, u'z') + u'\n';
    QString chunk;
    while (chunk.size() < 64 * 1024)
        chunk += line;
    const qint64 total = qint64(mb) * 1024 * 1024;
    qint64 sent = 0, last = 0, maxGap = 0;
    QElapsedTimer clock;
    QTimer probe, feeder;
    probe.setInterval(5);
    QObject::connect(&probe, &QTimer::timeout, &view, [&] {
        const qint64 now = clock.elapsed();
        maxGap = std::max(maxGap, now - last);
        last = now;
    });
    feeder.setInterval(0);
    QObject::connect(&feeder, &QTimer::timeout, &view, [&] {
        view.appendOutput(
            sent % (1024 * 1024) < 64 * 1024 ? ShellCall::Stream::Stderr : ShellCall::Stream::Stdout, chunk);
        sent += chunk.size();
        if (sent >= total)
            feeder.stop();
    });
    clock.start();
    probe.start();
    feeder.start();
    while (feeder.isActive())
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    QTest::qWait(100);
    view.flush();
    std::printf(
        "stall (uncapped stream into CommandOutputView): %lld MB in %.2f s; longest event-loop gap %lld ms "
        "(target <= 50 ms); view kept %lld chars (%d lines max)\n",
        sent / (1024 * 1024), clock.elapsed() / 1000.0, maxGap, qint64(view.outputText().size()), 5000);
}

void benchStartup(const QString &dir)
{
    const QString exe = QCoreApplication::applicationDirPath() + u"/sandbench"_s;
    if (!QFile::exists(exe)) {
        std::printf("startup: %s is not built\n", qPrintable(exe));
        return;
    }
    QProcess app;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
    env.insert(u"XDG_CONFIG_HOME"_s, dir + u"/config"_s);
    app.setProcessEnvironment(env);
    QElapsedTimer t;
    t.start();
    app.start(exe, {u"--report-first-paint"_s, u"--data-dir"_s, dir + u"/data"_s});
    qint64 firstPaint = -1;
    while (t.elapsed() < 30000 && app.state() != QProcess::NotRunning) {
        app.waitForReadyRead(100);
        if (app.readAllStandardOutput().contains("FIRST_PAINT")) {
            firstPaint = t.elapsed();
            break;
        }
    }
    QTest::qWait(3000);
    QFile status(u"/proc/%1/status"_s.arg(app.processId()));
    QByteArray rss = "?";
    if (status.open(QIODevice::ReadOnly)) {
        for (const QByteArray &line : status.readAll().split('\n')) {
            if (line.startsWith("VmRSS:"))
                rss = line.mid(6).simplified();
        }
    }
    app.kill();
    app.waitForFinished();
    std::printf("startup: process start to first painted window %lld ms (offscreen); idle RSS after 3 s %s\n",
                firstPaint, rss.constData());
}
} // namespace

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM",
            qgetenv("QT_QPA_PLATFORM").isEmpty() ? QByteArray("offscreen") : qgetenv("QT_QPA_PLATFORM"));
    QApplication app(argc, argv);
    QTemporaryDir dir(QDir::tempPath() + u"/sandbench-bench-gui-XXXXXX"_s);
    const QStringList args = app.arguments().mid(1);
    auto wanted = [&](const QString &name) { return args.isEmpty() || args.contains(name); };
    if (wanted(u"startup"_s))
        benchStartup(dir.path());
    if (wanted(u"stall"_s)) {
        benchStall(dir.path());
        benchStallDirect();
    }
    if (wanted(u"csv"_s))
        benchCsv(dir.path());
    return 0;
}
