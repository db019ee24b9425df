// SPDX-License-Identifier: GPL-3.0-or-later
// A 1 GB CSV attached to a conversation (issue #15), against `cp` of the same file in the same run:
//   preview   MainWindow::attachFile() until the Table preview shows its first rows (target < 100 ms)
//   usable    MainWindow::attachFile() until the attachment chip is there: the file is complete in the
//             container's home and its history entry settled, so the next command may start and read it
//             (the entry's content is copied from the person's file, hashed and stored afterwards)
//             (target <= 1.2x cp)
//   copy      FileImport::run() alone (the copy into home), for reference, once the attach's background
//             work (the history's copy and hash, the table's index) is done
// Rounds alternate cp and the attach; each copy is deleted before the next round (the source stays in the
// page cache). Environment: SANDBENCH_BENCH_UPLOAD_MB (default 1024), SANDBENCH_BENCH_ROUNDS (default 3),
// SANDBENCH_BENCH_DIR (default the temporary directory; needs about 3x the file's size). A few minutes.
#include "common/csvpreview.h"
#include "data/csvindex.h"
#include "data/csvtablemodel.h"
#include "sandbox/container.h"
#include "sandbox/history/fileimport.h"
#include "window/mainwindow.h"

#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include <algorithm>
#include <cstdio>

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

double cpSeconds(const QString &from, const QString &to)
{
    QElapsedTimer t;
    t.start();
    const int rc = QProcess::execute(u"cp"_s, {from, to});
    const double s = t.nsecsElapsed() / 1e9;
    return rc == 0 ? s : -1;
}

void dropFile(const QString &path)
{
    QFile::remove(path);
    QProcess::execute(u"sync"_s, {});
}

} // namespace

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QStandardPaths::setTestModeEnabled(true);
    QApplication app(argc, argv);
    QSettings(u"sandbench"_s, u"sandbench-gui"_s).clear();
    const int mb = envInt("SANDBENCH_BENCH_UPLOAD_MB", 1024);
    const int rounds = envInt("SANDBENCH_BENCH_ROUNDS", 3);
    const QString base = qEnvironmentVariable("SANDBENCH_BENCH_DIR", QDir::tempPath());
    QTemporaryDir files(base + u"/bench-upload-XXXXXX"_s), data(base + u"/bench-upload-data-XXXXXX"_s);
    const QString source = files.path() + u"/sales.csv"_s;
    std::printf("generating a %d MB CSV...\n", mb);
    std::fflush(stdout);
    if (!generateCsv(source, qint64(mb) * 1024 * 1024))
        return 1;
    QProcess::execute(u"sh"_s, {u"-c"_s, u"cat \"$1\" > /dev/null; sync"_s, u"sh"_s, source}); // page cache

    MainWindow window(data.path(), u"w"_s);
    window.resize(1400, 900);
    window.show();
    QTest::qWaitForWindowExposed(&window);
    Container *container = window.currentContainer();
    const QString home = container->homeDir();
    auto *preview = window.findChild<CsvPreview *>();
    QList<double> cp, previewTimes, usable, copyOnly;
    for (int r = 0; r < rounds; ++r) {
        // The previous round's entry is hashed and stored in the background; a round measures one upload,
        // not one queued behind the last (SANDBENCH_BENCH_BACK_TO_BACK=1 measures that instead).
        if (!qEnvironmentVariableIsSet("SANDBENCH_BENCH_BACK_TO_BACK"))
            container->historyStore()->waitForIdle();
        const QString cpTarget = files.path() + u"/cp-copy.csv"_s;
        const double c = cpSeconds(source, cpTarget);
        dropFile(cpTarget);
        if (c < 0)
            return 1;
        cp << c;

        const int chipsBefore = int(window.findChildren<QToolButton *>(u"AttachmentChip"_s).size());
        QElapsedTimer t;
        t.start();
        window.attachFile(source);
        double shown = -1;
        const bool ok = QTest::qWaitFor(
            [&] {
                if (shown < 0 && preview && preview->model() && preview->model()->rowCount() > 0 &&
                    preview->isVisible())
                    shown = t.nsecsElapsed() / 1e9;
                return window.findChildren<QToolButton *>(u"AttachmentChip"_s).size() > chipsBefore;
            },
            600000);
        const double u = t.nsecsElapsed() / 1e9;
        if (!ok) {
            std::printf("the attachment never appeared\n");
            return 1;
        }
        previewTimes << (shown < 0 ? u : shown);
        if (r == 0 && qEnvironmentVariableIsSet("SANDBENCH_BENCH_SHOT")) // what the person saw
            window.grab().save(qEnvironmentVariable("SANDBENCH_BENCH_SHOT"));
        usable << u;
        for (const QString &name : QDir(home).entryList({u"sales*.csv"_s}, QDir::Files))
            dropFile(home + u'/' + name);

        const QString plain = files.path() + u"/import"_s;
        QDir().mkpath(plain);
        container->historyStore()->waitForIdle();
        if (preview && preview->index())
            (void)QTest::qWaitFor([&] { return !preview->index()->isIndexing(); }, 600000);
        t.restart();
        const ImportResult imported = FileImport::run(source, plain, 0);
        copyOnly << t.nsecsElapsed() / 1e9;
        if (!imported.ok)
            std::printf("FileImport failed: %s\n", qPrintable(imported.error));
        dropFile(imported.hostPath);
        std::printf("  round %d: cp %.0f ms, attach usable %.0f ms, FileImport %.0f ms\n", r + 1, c * 1000,
                    u * 1000, copyOnly.constLast() * 1000);
        std::fflush(stdout);
    }
    const double c = median(cp) * 1000, p = median(previewTimes) * 1000, u = median(usable) * 1000,
                 f = median(copyOnly) * 1000;
    std::printf(
        "preview: attach of %d MB to first preview rows %.1f ms; cp %.0f ms: %.3fx (target < 100 ms): %s\n",
        mb, p, c, p / c, verdict(p < 100));
    std::printf("usable: attach of %d MB to the file in the container (copied, its history entry settled) "
                "%.0f ms; cp %.0f ms:"
                " %.2fx (target <= 1.2x): %s\n",
                mb, u, c, u / c, verdict(u / c <= 1.2));
    std::printf("copy: FileImport::run alone %.0f ms; cp %.0f ms: %.2fx\n", f, c, f / c);
    std::printf("machine load (1/5/15 min): ");
    QFile load(u"/proc/loadavg"_s);
    if (load.open(QIODevice::ReadOnly))
        std::printf("%s", load.readAll().constData());
    return 0;
}
