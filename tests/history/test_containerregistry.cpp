// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandbox/history/containerregistry.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

class TestContainerRegistry final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void names_data();
    void names();
    void createLoadTouchList();
    void survivesNewInstance();
    void workspacesAreSeparate();
    void copiedMetaCannotClaimOtherWorkspace();
    void removeDeletesFilesButNotDocuments();
    void removeDoesNotFollowSymlinks();
};

void TestContainerRegistry::names_data()
{
    QTest::addColumn<QString>("workspace");
    QTest::addColumn<QString>("id");
    QTest::addColumn<bool>("ok");
    QTest::newRow("normal") << u"default"_s << u"sess_abc"_s << true;
    QTest::newRow("ws traversal") << u"../x"_s << u"sess_abc"_s << false;
    QTest::newRow("id traversal") << u"default"_s << u"../../other/containers/c"_s << false;
    QTest::newRow("id slash") << u"default"_s << u"a/b"_s << false;
    QTest::newRow("empty ws") << QString() << u"sess_abc"_s << false;
    QTest::newRow("id too long") << u"default"_s << QString(41, u'a') << false;
    QTest::newRow("id longest") << u"default"_s << QString(40, u'a') << true;
    QTest::newRow("id every kind") << u"default"_s << u"AZaz09_-"_s << true;
    QTest::newRow("empty id") << u"default"_s << QString() << false;
    QTest::newRow("id non-ASCII letter") << u"default"_s << u"sess_\u00e9"_s << false;
    QTest::newRow("id non-ASCII digit") << u"default"_s << u"sess_\u0663"_s << false;
    QTest::newRow("id space") << u"default"_s << u"sess abc"_s << false;
    QTest::newRow("id dot") << u"default"_s << u"sess.abc"_s << false;
    QTest::newRow("id NUL") << u"default"_s << QString(u"sess\0abc"_s) << false;
    QTest::newRow("ws longest") << QString(64, u'w') << u"sess_abc"_s << true;
    QTest::newRow("ws too long") << QString(65, u'w') << u"sess_abc"_s << false;
    QTest::newRow("ws fullwidth letter") << u"\uff41"_s << u"sess_abc"_s << false;
}

void TestContainerRegistry::names()
{
    QFETCH(QString, workspace);
    QFETCH(QString, id);
    QFETCH(bool, ok);
    QTemporaryDir dir;
    ContainerRegistry reg(dir.path());
    QCOMPARE(!reg.homeDir(workspace, id).isEmpty(), ok);
    QString error;
    QCOMPARE(reg.create({id, workspace, 1, 1, {}}, &error), ok);
    QCOMPARE(bool(reg.load(workspace, id, &error)), ok);
    if (ok)
        QCOMPARE(reg.homeDir(workspace, id),
                 dir.path() + u"/workspaces/"_s + workspace + u"/containers/"_s + id + u"/home"_s);
}

void TestContainerRegistry::createLoadTouchList()
{
    QTemporaryDir dir;
    ContainerRegistry reg(dir.path());
    QString error;
    QVERIFY(reg.create({u"c1"_s, u"ws"_s, 100, 100, {{u"network"_s, u"disabled"_s}}}, &error));
    QVERIFY(reg.create({u"c2"_s, u"ws"_s, 200, 200, {}}, &error));
    QVERIFY(!reg.create({u"c1"_s, u"ws"_s, 300, 300, {}}, &error));
    QVERIFY(error.contains(u"exists"_s));
    QVERIFY(QFileInfo(reg.homeDir(u"ws"_s, u"c1"_s)).isDir());
    QVERIFY(reg.touch(u"ws"_s, u"c1"_s, 500, &error));
    QVERIFY(reg.touch(u"ws"_s, u"c1"_s, 400, &error)); // never goes back
    const auto meta = reg.load(u"ws"_s, u"c1"_s, &error);
    QCOMPARE(meta->lastUsedMs, 500);
    QCOMPARE(meta->createdMs, 100);
    QCOMPARE(meta->policy.value(u"network"_s).toString(), u"disabled"_s);
    const QList<ContainerMeta> list = reg.list(u"ws"_s);
    QCOMPARE(list.size(), 2);
    QCOMPARE(list.at(0).id, u"c1"_s);
    QCOMPARE(list.at(1).id, u"c2"_s);
    // An unfinished creation (no meta.json) is not a container.
    QVERIFY(QDir().mkpath(dir.path() + u"/workspaces/ws/containers/half/home"_s));
    QCOMPARE(reg.list(u"ws"_s).size(), 2);
    QVERIFY(!reg.exists(u"ws"_s, u"half"_s));
    QVERIFY(!reg.touch(u"ws"_s, u"missing"_s, 1, &error));
}

void TestContainerRegistry::survivesNewInstance()
{
    QTemporaryDir dir;
    QString error;
    QVERIFY(ContainerRegistry(dir.path()).create({u"c1"_s, u"ws"_s, 1, 2, {}}, &error));
    ContainerRegistry again(dir.path());
    QVERIFY(again.exists(u"ws"_s, u"c1"_s));
    QCOMPARE(again.list(u"ws"_s).size(), 1);
    QCOMPARE(again.workspaces(), QStringList{u"ws"_s});
}

void TestContainerRegistry::workspacesAreSeparate()
{
    QTemporaryDir dir;
    ContainerRegistry reg(dir.path());
    QString error;
    QVERIFY(reg.create({u"c1"_s, u"alpha"_s, 1, 1, {}}, &error));
    QVERIFY(!reg.exists(u"beta"_s, u"c1"_s));
    QVERIFY(!reg.load(u"beta"_s, u"c1"_s, &error));
    QVERIFY(reg.list(u"beta"_s).isEmpty());
    QVERIFY(!reg.remove(u"beta"_s, u"c1"_s, &error));
    QVERIFY(reg.exists(u"alpha"_s, u"c1"_s));
}

void TestContainerRegistry::copiedMetaCannotClaimOtherWorkspace()
{
    QTemporaryDir dir;
    ContainerRegistry reg(dir.path());
    QString error;
    QVERIFY(reg.create({u"c1"_s, u"alpha"_s, 1, 1, {}}, &error));
    QVERIFY(QDir().mkpath(dir.path() + u"/workspaces/beta/containers/c9"_s));
    QVERIFY(QFile::copy(dir.path() + u"/workspaces/alpha/containers/c1/meta.json"_s,
                        dir.path() + u"/workspaces/beta/containers/c9/meta.json"_s));
    QVERIFY(!reg.load(u"beta"_s, u"c9"_s, &error));
    QVERIFY(error.contains(u"damaged"_s));
}

void TestContainerRegistry::removeDeletesFilesButNotDocuments()
{
    QTemporaryDir dir;
    ContainerRegistry reg(dir.path());
    QString error;
    QVERIFY(reg.create({u"c1"_s, u"ws"_s, 1, 1, {}}, &error));
    QVERIFY(QDir().mkpath(reg.homeDir(u"ws"_s, u"c1"_s) + u"/deep/er"_s));
    QFile(reg.homeDir(u"ws"_s, u"c1"_s) + u"/deep/er/f"_s).open(QIODevice::WriteOnly);
    QVERIFY(QFile::setPermissions(reg.homeDir(u"ws"_s, u"c1"_s) + u"/deep"_s,
                                  QFile::ReadOwner | QFile::ExeOwner));
    QVERIFY(QDir().mkpath(reg.historyDir(u"ws"_s, u"c1"_s)));
    QVERIFY(QDir().mkpath(reg.documentsDir(u"ws"_s) + u"/doc_1"_s));
    QVERIFY(reg.remove(u"ws"_s, u"c1"_s, &error));
    QVERIFY(!QFileInfo::exists(reg.containerDir(u"ws"_s, u"c1"_s)));
    QVERIFY(QFileInfo::exists(reg.documentsDir(u"ws"_s) + u"/doc_1"_s));
}

void TestContainerRegistry::removeDoesNotFollowSymlinks()
{
    QTemporaryDir dir;
    QTemporaryDir outside;
    QFile keep(outside.filePath(u"keep.txt"_s));
    QVERIFY(keep.open(QIODevice::WriteOnly));
    keep.close();
    ContainerRegistry reg(dir.path());
    QString error;
    QVERIFY(reg.create({u"c1"_s, u"ws"_s, 1, 1, {}}, &error));
    QVERIFY(QFile::link(outside.path(), reg.homeDir(u"ws"_s, u"c1"_s) + u"/escape"_s));
    QVERIFY(reg.remove(u"ws"_s, u"c1"_s, &error));
    QVERIFY(QFileInfo::exists(outside.filePath(u"keep.txt"_s)));
}

QTEST_GUILESS_MAIN(TestContainerRegistry)
#include "test_containerregistry.moc"
