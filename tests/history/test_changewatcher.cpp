// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandbox/history/changewatcher.h"

#include <QDir>
#include <QFile>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace Qt::StringLiterals;

class TestChangeWatcher final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void reportsChangedPaths();
    void newDirectoriesAreWatched();
    void renamedDirectoryMeansFullScan();
    void worksWithSnapshotStore();
    void threeHundredWatchersShareOneInstance();
    void pastTheWatchCapSavesStillCommit();

private:
    QString home() const { return m_dir->filePath(u"home"_s); }
    void write(const QString &rel, const QByteArray &data);
    static QSet<QByteArray> paths(const ChangeHint &hint);
    // inotify instances this process holds, and the watches in them (from /proc/self/fd and fdinfo).
    static int inotifyInstances(int *watches = nullptr);

    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestChangeWatcher::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(QDir().mkpath(home() + u"/sub"_s));
}

void TestChangeWatcher::write(const QString &rel, const QByteArray &data)
{
    const QString path = home() + u'/' + rel;
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Append));
    f.write(data);
}

QSet<QByteArray> TestChangeWatcher::paths(const ChangeHint &hint)
{
    return QSet<QByteArray>(hint.paths.cbegin(), hint.paths.cend());
}

void TestChangeWatcher::reportsChangedPaths()
{
    write(u"keep.txt"_s, "x");
    write(u"sub/old.txt"_s, "x");
    ChangeWatcher watcher;
    QString error;
    QVERIFY2(watcher.start(home(), &error), qPrintable(error));
    QCOMPARE(watcher.takeHint().scope, ChangeHint::Scope::Paths);
    QVERIFY(watcher.takeHint().paths.isEmpty());
    write(u"sub/new.txt"_s, "y");
    QVERIFY(QFile::remove(home() + u"/sub/old.txt"_s));
    QVERIFY(QFile::setPermissions(home() + u"/keep.txt"_s, QFile::ReadOwner));
    const ChangeHint hint = watcher.takeHint();
    QCOMPARE(hint.scope, ChangeHint::Scope::Paths);
    QCOMPARE(paths(hint), (QSet<QByteArray>{"sub/new.txt", "sub/old.txt", "keep.txt"}));
    QVERIFY(watcher.takeHint().paths.isEmpty());
}

void TestChangeWatcher::newDirectoriesAreWatched()
{
    ChangeWatcher watcher;
    QString error;
    QVERIFY(watcher.start(home(), &error));
    QVERIFY(QDir().mkpath(home() + u"/a/b"_s));
    write(u"a/b/early.txt"_s, "1");
    QVERIFY(paths(watcher.takeHint()).contains("a"));
    write(u"a/b/later.txt"_s, "2");
    QCOMPARE(paths(watcher.takeHint()), QSet<QByteArray>{"a/b/later.txt"});
}

void TestChangeWatcher::renamedDirectoryMeansFullScan()
{
    write(u"sub/x.txt"_s, "1");
    ChangeWatcher watcher;
    QString error;
    QVERIFY(watcher.start(home(), &error));
    QVERIFY(QDir(home()).rename(u"sub"_s, u"moved"_s));
    QCOMPARE(watcher.takeHint().scope, ChangeHint::Scope::Anything);
    write(u"moved/x.txt"_s, "2");
    QCOMPARE(paths(watcher.takeHint()), QSet<QByteArray>{"moved/x.txt"});
}

void TestChangeWatcher::worksWithSnapshotStore()
{
    write(u"sub/a.txt"_s, "1");
    SnapshotStore store;
    ChangeWatcher watcher;
    QString error;
    QVERIFY(store.open(home(), m_dir->filePath(u"h.git"_s), &error));
    QVERIFY(watcher.start(home(), &error));
    QVERIFY(store.commitCommand(u"one"_s, {}, watcher.takeHint(), &error));
    write(u"sub/a.txt"_s, "2");
    write(u"deep/er/b.txt"_s, "3");
    const auto snap = store.commitCommand(u"two"_s, {}, watcher.takeHint(), &error);
    QVERIFY2(snap, qPrintable(error));
    QCOMPARE(snap->changes.size(), 2);
    const auto none = store.commitCommand(u"three"_s, {}, watcher.takeHint(), &error);
    QVERIFY(none->changes.isEmpty());
}

int TestChangeWatcher::inotifyInstances(int *watches)
{
    int instances = 0;
    int wds = 0;
    const QStringList fds =
        QDir(u"/proc/self/fd"_s).entryList(QDir::System | QDir::Files | QDir::NoDotAndDotDot);
    for (const QString &fd : fds) {
        char target[64] = {};
        const QByteArray link = QFile::encodeName(u"/proc/self/fd/"_s + fd);
        if (::readlink(link.constData(), target, sizeof target - 1) <= 0 ||
            qstrcmp(target, "anon_inode:inotify") != 0)
            continue;
        ++instances;
        QFile info(u"/proc/self/fdinfo/"_s + fd);
        if (info.open(QIODevice::ReadOnly))
            wds += int(info.readAll().count("inotify wd:"));
    }
    if (watches)
        *watches = wds;
    return instances;
}

void TestChangeWatcher::threeHundredWatchersShareOneInstance()
{
    // More awake containers than the kernel's 128 inotify instances per user: each still gets its hints.
    constexpr int kCount = 300;
    std::vector<std::unique_ptr<QTemporaryDir>> homes;
    std::vector<std::unique_ptr<ChangeWatcher>> watchers;
    for (int i = 0; i < kCount; ++i) {
        homes.push_back(std::make_unique<QTemporaryDir>());
        QVERIFY(homes.back()->isValid());
        QVERIFY(QDir().mkpath(homes.back()->filePath(u"sub"_s)));
        watchers.push_back(std::make_unique<ChangeWatcher>());
        QString error;
        QVERIFY2(watchers.back()->start(homes.back()->path(), &error),
                 qPrintable(u"%1: %2"_s.arg(i).arg(error)));
    }
    for (int i = 0; i < kCount; ++i) {
        QFile f(homes[size_t(i)]->filePath(u"sub/file-%1.txt"_s.arg(i)));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("x");
    }
    for (int i = 0; i < kCount; ++i) {
        QVERIFY2(!watchers[size_t(i)]->isQuiet(), qPrintable(QString::number(i)));
        const ChangeHint hint = watchers[size_t(i)]->takeHint();
        QCOMPARE(hint.scope, ChangeHint::Scope::Paths);
        QCOMPARE(paths(hint), QSet<QByteArray>{"sub/file-" + QByteArray::number(i) + ".txt"});
        QVERIFY(watchers[size_t(i)]->isQuiet());
    }
    int watches = 0;
    QCOMPARE(inotifyInstances(&watches), 1);
    QCOMPARE(watches, 2 * kCount); // home and sub of each
    watchers.clear();
    // The last one out closes the instance; the kernel's part of that close finishes on a thread of its own
    // (see ~InotifyHub), so the descriptor goes a moment later, never stays.
    QTRY_COMPARE_WITH_TIMEOUT(inotifyInstances(), 0, 10000);
}

void TestChangeWatcher::pastTheWatchCapSavesStillCommit()
{
    // More directories than a container may watch (the cap lowered from kMaxDirectories to keep the test
    // quick): its saves scan, and it holds none of the host's watches.
    constexpr int kCap = 100;
    for (int i = 0; i < kCap; ++i)
        QVERIFY(QDir().mkdir(home() + u"/sub/d%1"_s.arg(i)));
    write(u"sub/d77/a.txt"_s, "1");
    SnapshotStore store;
    ChangeWatcher watcher;
    watcher.setDirectoryLimit(kCap);
    QString error;
    QVERIFY2(store.open(home(), m_dir->filePath(u"h.git"_s), &error), qPrintable(error));
    QVERIFY2(watcher.start(home(), &error), qPrintable(error));
    QVERIFY(watcher.isRunning());
    int watches = -1;
    inotifyInstances(&watches);
    QCOMPARE(watches, 0);
    QVERIFY(!watcher.isQuiet());
    QVERIFY(store.commitCommand(u"one"_s, {}, watcher.takeHint(), &error));
    write(u"sub/d77/a.txt"_s, "2");
    write(u"sub/d99/b.txt"_s, "3");
    const ChangeHint hint = watcher.takeHint();
    QCOMPARE(hint.scope, ChangeHint::Scope::Anything);
    const auto snap = store.commitCommand(u"two"_s, {}, hint, &error);
    QVERIFY2(snap, qPrintable(error));
    QSet<QString> changed;
    for (const FileChange &c : snap->changes)
        changed.insert(c.path);
    QCOMPARE(changed, (QSet<QString>{u"sub/d77/a.txt"_s, u"sub/d99/b.txt"_s}));

    // Below the cap the same home is watched (home, sub and the 100: within a cap of 102).
    ChangeWatcher roomy;
    roomy.setDirectoryLimit(kCap + 2);
    QVERIFY(roomy.start(home(), &error));
    inotifyInstances(&watches);
    QCOMPARE(watches, kCap + 2);
    write(u"sub/d5/c.txt"_s, "4");
    QCOMPARE(paths(roomy.takeHint()), QSet<QByteArray>{"sub/d5/c.txt"});
}

QTEST_GUILESS_MAIN(TestChangeWatcher)
#include "test_changewatcher.moc"
