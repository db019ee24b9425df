// SPDX-License-Identifier: GPL-3.0-or-later
// Saving after a command in a 10,000-file / ~80 MB home: SnapshotStore against `git add -A && git commit`
// on a copy of the same tree, in the same run, and the first snapshot of that tree against `git init && git
// add -A && git commit` of it. Targets: one changed file <= 0.05x git; first snapshot <= 1.0x git.
#include "sandbox/history/changewatcher.h"
#include "sandbox/history/snapshotstore.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>
#include <cstdio>

using namespace Qt::StringLiterals;

static constexpr int kFiles = 10000;
static constexpr int kDirs = 100;
static constexpr int kRuns = 7;
static constexpr int kFirstRuns = 3;

static qint64 generateTree(const QString &root)
{
    qint64 total = 0;
    QRandomGenerator rng(42);
    QByteArray pool(64 * 1024, Qt::Uninitialized);
    for (char &c : pool)
        c = char('a' + rng.bounded(26));
    for (int i = 0; i < kFiles; ++i) {
        const QString dir = root + u"/d%1/s%2"_s.arg(i % kDirs).arg(i % 7);
        if (i < kDirs * 7)
            QDir().mkpath(dir);
        QFile f(dir + u"/file%1.txt"_s.arg(i));
        f.open(QIODevice::WriteOnly);
        const int size = 1000 + int(rng.bounded(14800)); // mean ~8.4 KB -> ~80 MB in total
        const int start = int(rng.bounded(pool.size() - size));
        total += f.write(QByteArray::number(i) + pool.mid(start, size));
    }
    return total;
}

static void touchOne(const QString &root, int n)
{
    QFile f(root + u"/d5/s5/file5.txt"_s);
    f.open(QIODevice::WriteOnly | QIODevice::Append);
    f.write("changed " + QByteArray::number(n) + '\n');
}

static bool run(const QString &cwd, const QString &script)
{
    QProcess p;
    p.setWorkingDirectory(cwd);
    p.start(u"/bin/sh"_s, {u"-c"_s, script});
    p.waitForFinished(-1);
    if (p.exitCode() != 0)
        std::fprintf(stderr, "failed: %s\n%s\n", qPrintable(script), p.readAllStandardError().constData());
    return p.exitCode() == 0;
}

static double median(QList<double> v)
{
    std::sort(v.begin(), v.end());
    return v.at(v.size() / 2);
}

template<typename F>
static double timeMs(F &&f)
{
    QElapsedTimer t;
    t.start();
    f();
    return double(t.nsecsElapsed()) / 1e6;
}

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QTemporaryDir tmp;
    const QString ours = tmp.filePath(u"ours/home"_s);
    const QString theirs = tmp.filePath(u"git-copy"_s);
    QDir().mkpath(ours);
    std::printf("generating %d files...\n", kFiles);
    const qint64 bytes = generateTree(ours);
    std::printf("%d files, %.1f MB\n", kFiles, double(bytes) / 1e6);
    run(tmp.path(), u"cp -a ours/home git-copy"_s);
    const QString gitEnv =
        u"GIT_AUTHOR_NAME=b GIT_AUTHOR_EMAIL=b@b GIT_COMMITTER_NAME=b GIT_COMMITTER_EMAIL=b@b "_s;
    // The first snapshot of the new tree, alternating with git's first commit of its copy.
    QList<double> gitFirst, oursFirst;
    SnapshotStore store;
    QString error;
    for (int i = 0; i < kFirstRuns; ++i) {
        run(theirs, u"rm -rf .git"_s);
        gitFirst << timeMs([&] {
            run(theirs,
                u"git init -q && git config gc.auto 0 && git config maintenance.auto false && git add -A && "_s +
                    gitEnv + u"git commit -q -m init"_s);
        });
        store.close();
        const QString gitDir = tmp.filePath(u"ours/history%1.git"_s.arg(i));
        oursFirst << timeMs([&] {
            if (!store.open(ours, gitDir, &error) ||
                !store.commitCommand(u"initial"_s, {}, ChangeHint::anything(), &error))
                std::fprintf(stderr, "first snapshot: %s\n", qPrintable(error));
        });
    }
    const double gf = median(gitFirst), of = median(oursFirst);
    std::printf("first snapshot of the new tree, median of %d: git init + add -A + commit %.1f ms, "
                "SnapshotStore %.1f ms (%.2fx); target <= 1.0x: %s\n",
                kFirstRuns, gf, of, of / gf, of / gf <= 1.0 ? "met" : "NOT met");
    ChangeWatcher watcher;
    if (!watcher.start(ours, &error))
        std::fprintf(stderr, "watcher: %s\n", qPrintable(error));
    (void)watcher.takeHint();

    QList<double> gitNothing, gitOne, fullNothing, fullOne, hintNothing, hintOne;
    for (int i = 0; i < kRuns; ++i) {
        gitNothing << timeMs(
            [&] { run(theirs, u"git add -A && "_s + gitEnv + u"git commit -q --allow-empty -m nothing"_s); });
        touchOne(theirs, i);
        gitOne << timeMs([&] { run(theirs, u"git add -A && "_s + gitEnv + u"git commit -q -m one"_s); });

        fullNothing << timeMs([&] { store.commitCommand(u"true"_s, {}, ChangeHint::anything(), &error); });
        touchOne(ours, i);
        fullOne << timeMs([&] { store.commitCommand(u"echo >> f"_s, {}, ChangeHint::anything(), &error); });
        (void)watcher.takeHint();

        hintNothing << timeMs([&] { store.commitCommand(u"true"_s, {}, watcher.takeHint(), &error); });
        touchOne(ours, 100 + i);
        hintOne << timeMs([&] {
            const auto snap = store.commitCommand(u"echo >> f"_s, {}, watcher.takeHint(), &error);
            if (!snap || snap->changes.size() != 1)
                std::fprintf(stderr, "unexpected change list: %s\n", qPrintable(error));
        });
    }
    const double gn = median(gitNothing), go = median(gitOne);
    std::printf("\nmedian of %d runs, ms            nothing changed   one file changed\n", kRuns);
    std::printf("git add -A && git commit         %10.2f        %10.2f\n", gn, go);
    std::printf("SnapshotStore, full lstat scan   %10.2f (%.3fx) %10.2f (%.3fx)\n", median(fullNothing),
                median(fullNothing) / gn, median(fullOne), median(fullOne) / go);
    std::printf("SnapshotStore + ChangeWatcher    %10.2f (%.3fx) %10.2f (%.3fx)\n", median(hintNothing),
                median(hintNothing) / gn, median(hintOne), median(hintOne) / go);
    std::printf("target: one changed file with the watcher <= 0.05x: %s\n",
                median(hintOne) / go <= 0.05 ? "met" : "NOT met");
    return 0;
}
