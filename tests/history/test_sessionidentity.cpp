// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandbox/history/sessionidentity.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

// Containers that exist in the test workspace.
static bool existsHere(const QString &id)
{
    return id == u"sess_BOUNDBOUNDBOUNDBOUND"_s || id == u"sess_replayed"_s;
}

static bool existsAlways(const QString &)
{
    return true;
}

class TestSessionIdentity final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void normalizeSessionId_data();
    void normalizeSessionId();
    void containerReference_data();
    void containerReference();
    void newIdsAreUniqueAndRecorded();
    void sessionMapPersists();
    void chooseFollowsTheRules_data();
    void chooseFollowsTheRules();
    void longIdsWithSameTailShareContainer();
    void workspacesHaveSeparateMaps();
    void forgetContainer();
    void replayedIdMustExistInWorkspace();
    void expiredSessionContainerIsRecreatedUnderSameId();
    void invalidWorkspaceIsRefused();
};

void TestSessionIdentity::normalizeSessionId_data()
{
    QTest::addColumn<QString>("raw");
    QTest::addColumn<QString>("expected"); // "<ignored>" for nullopt
    QTest::newRow("simple") << u"abc"_s << u"abc"_s;
    QTest::newRow("all classes") << u"A-z_09"_s << u"A-z_09"_s;
    QTest::newRow("exactly 20") << u"abcdefghij0123456789"_s << u"abcdefghij0123456789"_s;
    QTest::newRow("21 keeps last 20") << u"Xabcdefghij0123456789"_s << u"abcdefghij0123456789"_s;
    QTest::newRow("long") << u"user-1234-session-abcdefghijklmnop"_s << u"ion-abcdefghijklmnop"_s;
    QTest::newRow("empty") << QString() << u"<ignored>"_s;
    QTest::newRow("space") << u"my session"_s << u"<ignored>"_s;
    QTest::newRow("dot") << u"a.b"_s << u"<ignored>"_s;
    QTest::newRow("slash") << u"../x"_s << u"<ignored>"_s;
    QTest::newRow("unicode letter") << u"caf\u00e9"_s << u"<ignored>"_s;
    QTest::newRow("bad char in dropped head") << u"!!abcdefghij0123456789"_s << u"<ignored>"_s;
    QTest::newRow("nul") << u"a\u0000b"_s << u"<ignored>"_s;
}

void TestSessionIdentity::normalizeSessionId()
{
    QFETCH(QString, raw);
    QFETCH(QString, expected);
    QCOMPARE(SessionIdentity::normalizeSessionId(raw).value_or(u"<ignored>"_s), expected);
}

void TestSessionIdentity::containerReference_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<QString>("why");
    QTest::newRow("one char") << u"a"_s << true << QString();
    QTest::newRow("sess id") << u"sess_ABCDEFGHIJabcdefghij"_s << true << QString();
    QTest::newRow("40 chars") << QString(40, u'x') << true << QString();
    QTest::newRow("41 chars not truncated") << QString(41, u'x') << false << u"at most 40"_s;
    QTest::newRow("empty") << QString() << false << u"empty"_s;
    QTest::newRow("dot") << u"a.b"_s << false << u"may only contain"_s;
    QTest::newRow("traversal") << u"../other"_s << false << u"may only contain"_s;
    QTest::newRow("space") << u"a b"_s << false << u"may only contain"_s;
}

void TestSessionIdentity::containerReference()
{
    QFETCH(QString, id);
    QFETCH(bool, ok);
    QFETCH(QString, why);
    QString error;
    QCOMPARE(SessionIdentity::validateContainerReference(id, &error), ok);
    if (!ok)
        QVERIFY2(error.contains(why), qPrintable(error));
}

void TestSessionIdentity::newIdsAreUniqueAndRecorded()
{
    QTemporaryDir dir;
    SessionIdentity a(dir.path(), u"default"_s);
    SessionIdentity b(dir.path(), u"other"_s);
    static const QRegularExpression shape(u"^sess_[A-Za-z0-9]{20}$"_s);
    QSet<QString> ids;
    QString error;
    for (int i = 0; i < 200; ++i) {
        const auto id = (i % 2 ? a : b).newContainerId(&error);
        QVERIFY2(id, qPrintable(error));
        QVERIFY(shape.match(*id).hasMatch());
        ids.insert(*id);
    }
    QCOMPARE(ids.size(), 200);
    QFile record(dir.filePath(u"issued-container-ids"_s));
    QVERIFY(record.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = record.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), 200);
    for (const QByteArray &line : lines)
        QVERIFY(ids.contains(QString::fromLatin1(line)));
}

void TestSessionIdentity::sessionMapPersists()
{
    QTemporaryDir dir;
    QString error;
    {
        SessionIdentity ids(dir.path(), u"default"_s);
        QVERIFY(ids.load(&error));
        QVERIFY(ids.bindSession(u"chat-1"_s, u"sess_AAAAAAAAAAAAAAAAAAAA"_s, &error));
        QVERIFY(!ids.bindSession(u"bad key"_s, u"sess_AAAAAAAAAAAAAAAAAAAA"_s, &error));
    }
    QVERIFY(QFileInfo::exists(dir.filePath(u"workspaces/default/sessions.json"_s)));
    SessionIdentity ids(dir.path(), u"default"_s);
    QVERIFY(ids.load(&error));
    QCOMPARE(ids.containerForSession(u"chat-1"_s).value_or(QString()), u"sess_AAAAAAAAAAAAAAAAAAAA"_s);
    QVERIFY(!ids.containerForSession(u"chat-2"_s));
}

void TestSessionIdentity::chooseFollowsTheRules_data()
{
    QTest::addColumn<QString>("session");
    QTest::addColumn<QString>("replayed");
    QTest::addColumn<QString>("expected"); // "<new>" for a fresh id, "<bound>" for the pre-bound container
    QTest::newRow("known session") << u"known"_s << QString() << u"<bound>"_s;
    QTest::newRow("known session beats replayed") << u"known"_s << u"sess_replayed"_s << u"<bound>"_s;
    QTest::newRow("long id, tail is known")
        << u"some-prefix-TTTTTTTTTTtail567890"_s << QString() << u"<bound>"_s;
    QTest::newRow("unknown session -> new") << u"fresh"_s << u"sess_replayed"_s << u"<new>"_s;
    QTest::newRow("ignored session -> replayed") << u"bad id!"_s << u"sess_replayed"_s << u"sess_replayed"_s;
    QTest::newRow("ignored session, nothing replayed -> new") << u"bad id!"_s << QString() << u"<new>"_s;
    QTest::newRow("no session -> replayed") << QString() << u"sess_replayed"_s << u"sess_replayed"_s;
    QTest::newRow("no session, nothing -> new") << QString() << QString() << u"<new>"_s;
    QTest::newRow("replayed id invalid -> new") << QString() << u"../x"_s << u"<new>"_s;
    QTest::newRow("replayed id not in workspace -> new") << QString() << u"sess_elsewhere"_s << u"<new>"_s;
}

void TestSessionIdentity::chooseFollowsTheRules()
{
    QFETCH(QString, session);
    QFETCH(QString, replayed);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    QString error;
    SessionIdentity ids(dir.path(), u"default"_s);
    QVERIFY(ids.bindSession(u"known"_s, u"sess_BOUNDBOUNDBOUNDBOUND"_s, &error));
    QVERIFY(ids.bindSession(u"TTTTTTTTTTtail567890"_s, u"sess_BOUNDBOUNDBOUNDBOUND"_s, &error));
    const auto choice = ids.choose(session, replayed, existsHere, &error);
    QVERIFY2(choice, qPrintable(error));
    if (expected == u"<new>"_s) {
        QVERIFY(choice->isNew);
        QVERIFY(choice->containerId.startsWith(u"sess_"_s));
        QVERIFY(choice->containerId != u"sess_BOUNDBOUNDBOUNDBOUND"_s);
        const auto key = SessionIdentity::normalizeSessionId(session);
        if (key) {
            // The new container is now the session's: the same session id finds it again.
            const auto again = ids.choose(session, QString(), existsAlways, &error);
            QCOMPARE(again->containerId, choice->containerId);
            QVERIFY(!again->isNew);
        }
    } else {
        QVERIFY(!choice->isNew);
        QCOMPARE(choice->containerId, expected == u"<bound>"_s ? u"sess_BOUNDBOUNDBOUNDBOUND"_s : expected);
    }
}

void TestSessionIdentity::longIdsWithSameTailShareContainer()
{
    QTemporaryDir dir;
    QString error;
    SessionIdentity ids(dir.path(), u"default"_s);
    const auto first =
        ids.choose(u"customer-0001-conversation-abcdefghij"_s, QString(), existsAlways, &error);
    const auto second =
        ids.choose(u"customer-0002-conversation-abcdefghij"_s, QString(), existsAlways, &error);
    QVERIFY(first->isNew);
    QVERIFY(!second->isNew);
    QCOMPARE(second->containerId, first->containerId);
    QCOMPARE(first->sessionKey, u"onversation-abcdefghij"_s.right(20));
}

void TestSessionIdentity::workspacesHaveSeparateMaps()
{
    QTemporaryDir dir;
    QString error;
    SessionIdentity a(dir.path(), u"alpha"_s);
    SessionIdentity b(dir.path(), u"beta"_s);
    const auto inA = a.choose(u"shared-name"_s, QString(), existsAlways, &error);
    const auto inB = b.choose(u"shared-name"_s, QString(), existsAlways, &error);
    QVERIFY(inA->isNew);
    QVERIFY(inB->isNew);
    QVERIFY(inA->containerId != inB->containerId);
}

void TestSessionIdentity::forgetContainer()
{
    QTemporaryDir dir;
    QString error;
    SessionIdentity ids(dir.path(), u"default"_s);
    const auto c = ids.choose(u"s1"_s, QString(), existsAlways, &error);
    QVERIFY(ids.forgetContainer(c->containerId, &error));
    SessionIdentity reloaded(dir.path(), u"default"_s);
    QVERIFY(reloaded.load(&error));
    QVERIFY(!reloaded.containerForSession(u"s1"_s));
}

void TestSessionIdentity::replayedIdMustExistInWorkspace()
{
    QTemporaryDir dir;
    QString error;
    SessionIdentity ids(dir.path(), u"default"_s);
    const auto choice = ids.choose(u"not valid!"_s, u"sess_fromAnotherWorkspace"_s, existsHere, &error);
    QVERIFY(choice->isNew);
    QVERIFY(choice->containerId != u"sess_fromAnotherWorkspace"_s);
    QVERIFY(choice->sessionKey.isEmpty());
}

void TestSessionIdentity::expiredSessionContainerIsRecreatedUnderSameId()
{
    QTemporaryDir dir;
    QString error;
    SessionIdentity ids(dir.path(), u"default"_s);
    QVERIFY(ids.bindSession(u"old"_s, u"sess_EXPIREDEXPIREDEXPIRE"_s, &error));
    const auto choice = ids.choose(u"old"_s, QString(), existsHere, &error);
    QCOMPARE(choice->containerId, u"sess_EXPIREDEXPIREDEXPIRE"_s);
    QVERIFY(choice->isNew);
}

void TestSessionIdentity::invalidWorkspaceIsRefused()
{
    QTemporaryDir dir;
    QString error;
    SessionIdentity ids(dir.path(), u"../escape"_s);
    QVERIFY(!ids.load(&error));
    QVERIFY(error.contains(u"invalid workspace"_s));
    QVERIFY(!ids.bindSession(u"s"_s, u"sess_x"_s, &error));
}

QTEST_GUILESS_MAIN(TestSessionIdentity)
#include "test_sessionidentity.moc"
