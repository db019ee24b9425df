// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandbox/history/changewatcher.h"

#include <QDir>
#include <QFile>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

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

private:
    QString home() const { return m_dir->filePath(u"home"_s); }
    void write(const QString &rel, const QByteArray &data);
    static QSet<QByteArray> paths(const ChangeHint &hint);

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

QTEST_GUILESS_MAIN(TestChangeWatcher)
#include "test_changewatcher.moc"
