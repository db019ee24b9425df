// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 17: `sandbench network allow HOST | show` for a container or a window conversation, as a user runs
// it: text and --json output, the saved policy a later start uses, and clear errors with exit 2 (bad input)
// or 1 (nothing to change).
#include "support/clirun.h"

#include "sandbox/history/containerregistry.h"
#include "sandbox/net/networkpolicy.h"
#include "workspace/conversationstore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

class TestNetworkCli final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void allowForContainer();
    void allowForConversation();
    void help();
    void badInput_data();
    void badInput();

private:
    // Runs sandbench; its exit code, stdout in *out and stderr in *err.
    int run(const QStringList &args, QByteArray *out = nullptr, QByteArray *err = nullptr);
    QJsonArray savedEntries(const QString &id) const;

    QTemporaryDir m_dir;
    QString m_container;
};

int TestNetworkCli::run(const QStringList &args, QByteArray *out, QByteArray *err)
{
    QProcess p;
    // Global options first: after "--" everything is a command.
    p.start(QStringLiteral(SANDBENCH_BIN_DIR "/sandbench"),
            QStringList{u"--data-dir"_s, m_dir.path()} + args);
    if (!p.waitForFinished(60000))
        return -1;
    if (out)
        *out = p.readAllStandardOutput();
    if (err)
        *err = p.readAllStandardError();
    return p.exitCode();
}

QJsonArray TestNetworkCli::savedEntries(const QString &id) const
{
    const std::optional<ContainerMeta> meta = ContainerRegistry(m_dir.path()).load(u"default"_s, id, nullptr);
    return meta ? meta->policy.value(u"allowed_domains"_s).toArray() : QJsonArray();
}

void TestNetworkCli::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // A container made the ordinary way, with a one-host policy.
    QByteArray out;
    QByteArray err;
    QCOMPARE(run({u"exec"_s, u"--session"_s, u"netcli"_s, u"--network-policy"_s,
                  uR"({"allowed_domains":["pypi.org"]})"_s, u"--"_s, u"echo hi > kept.txt"_s},
                 &out, &err),
             0);
    m_container = QJsonDocument::fromJson(out).object().value(u"container_id"_s).toString();
    QVERIFY2(!m_container.isEmpty(), out.constData());
}

void TestNetworkCli::allowForContainer()
{
    QByteArray out;
    QByteArray err;
    QVERIFY2(run({u"network"_s, u"show"_s, u"--container"_s, m_container}, &out, &err) == 0, err.constData());
    QVERIFY2(out.contains("allowlist [pypi.org]"), out.constData());

    QCOMPARE(run({u"network"_s, u"allow"_s, u"Files.PythonHosted.org"_s, u"--container"_s, m_container,
                  u"--json"_s},
                 &out),
             0);
    const QJsonObject json = QJsonDocument::fromJson(out).object();
    QCOMPARE(json.value(u"container_id"_s).toString(), m_container);
    QCOMPARE(json.value(u"host"_s).toString(), u"files.pythonhosted.org"_s);
    QCOMPARE(json.value(u"changed"_s).toBool(), true);
    const QJsonArray entries{u"files.pythonhosted.org"_s, u"pypi.org"_s};
    QCOMPARE(json.value(u"network_policy"_s).toObject().value(u"allowed_domains"_s).toArray(), entries);
    QCOMPARE(savedEntries(m_container), entries);

    // Again: nothing changes, exit 0 all the same.
    QCOMPARE(
        run({u"network"_s, u"allow"_s, u"files.pythonhosted.org"_s, u"--container"_s, m_container}, &out), 0);
    QVERIFY2(out.contains("already allows"), out.constData());

    // The next start of the container uses the saved policy; its files are where they were.
    QCOMPARE(run({u"exec"_s, u"--container"_s, m_container, u"--"_s, u"cat kept.txt"_s}, &out), 0);
    QCOMPARE(QJsonDocument::fromJson(out)
                 .object()
                 .value(u"output"_s)
                 .toArray()
                 .at(0)
                 .toObject()
                 .value(u"stdout"_s)
                 .toString(),
             u"hi\n"_s);
    QCOMPARE(run({u"network"_s, u"show"_s, u"--container"_s, m_container, u"--json"_s}, &out), 0);
    QCOMPARE(QJsonDocument::fromJson(out)
                 .object()
                 .value(u"network_policy"_s)
                 .toObject()
                 .value(u"allowed_domains"_s),
             entries);
}

void TestNetworkCli::allowForConversation()
{
    // A window conversation names its container in its saved file.
    ConversationStore store(m_dir.path(), u"default"_s);
    StoredConversation conversation;
    conversation.id = ConversationStore::newId();
    conversation.title = u"Data"_s;
    conversation.containerId = m_container;
    store.save(conversation);
    store.saveIndex({conversation.id}, 1);
    store.flush();

    QByteArray out;
    QCOMPARE(run({u"network"_s, u"allow"_s, u"*.example.org"_s, u"--conversation"_s, conversation.id}, &out),
             0);
    QVERIFY2(out.contains(m_container.toUtf8()) && out.contains("*.example.org"), out.constData());
    QVERIFY(savedEntries(m_container).contains(u"*.example.org"_s));
}

void TestNetworkCli::help()
{
    QByteArray out;
    QCOMPARE(run({u"network"_s, u"--help"_s}, &out), 0);
    QVERIFY2(out.contains("sandbench network allow HOST"), out.constData());
    QVERIFY(out.contains("--conversation"));
    QVERIFY(out.contains("--json"));
    QVERIFY2(out.contains("sandbench network allow pypi.org --conversation"), out.constData()); // the example
    QCOMPARE(out.count("Usage:"), 1); // ours, not Qt's generic one after it
    QVERIFY2(!out.contains("[options]"), out.constData());
    QCOMPARE(run({u"--help"_s}, &out), 0);
    QVERIFY(out.contains("network allow HOST"));
}

void TestNetworkCli::badInput_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    QTest::newRow("no target") << QStringList{u"allow"_s, u"pypi.org"_s} << 2
                               << u"--container ID or --conversation"_s;
    QTest::newRow("two targets") << QStringList{u"allow"_s, u"pypi.org"_s,       u"--container"_s,
                                                u"x"_s,     u"--conversation"_s, u"conv_0000000000000000"_s}
                                 << 2 << u"one of them"_s;
    QTest::newRow("no host") << QStringList{u"allow"_s, u"--container"_s, u"CONTAINER"_s} << 2
                             << u"takes 1 argument"_s;
    QTest::newRow("bad host") << QStringList{u"allow"_s, u"bad host"_s, u"--container"_s, u"CONTAINER"_s} << 2
                              << u"cannot allow \"bad host\""_s;
    QTest::newRow("star") << QStringList{u"allow"_s, u"*"_s, u"--container"_s, u"CONTAINER"_s} << 2
                          << u"one host at a time"_s;
    QTest::newRow("unknown container")
        << QStringList{u"allow"_s, u"pypi.org"_s, u"--container"_s, u"sess_missing"_s} << 1
        << u"no container sess_missing"_s;
    QTest::newRow("bad container id")
        << QStringList{u"show"_s, u"--container"_s, u"../x"_s} << 2 << u"invalid container id"_s;
    QTest::newRow("unknown conversation")
        << QStringList{u"show"_s, u"--conversation"_s, u"conv_ZZZZZZZZZZZZZZZZ"_s} << 1
        << u"no conversation conv_ZZZZZZZZZZZZZZZZ"_s;
    QTest::newRow("bad conversation id")
        << QStringList{u"show"_s, u"--conversation"_s, u"nope"_s} << 2 << u"invalid conversation id"_s;
    QTest::newRow("unknown action") << QStringList{u"deny"_s, u"pypi.org"_s, u"--container"_s, u"CONTAINER"_s}
                                    << 2 << u"unknown action 'deny'"_s;
}

void TestNetworkCli::badInput()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    args.replaceInStrings(u"CONTAINER"_s, m_container);
    const QJsonArray before = savedEntries(m_container);
    QByteArray out;
    QByteArray err;
    QCOMPARE(run(QStringList{u"network"_s} + args, &out, &err), exitCode);
    QVERIFY2(QString::fromUtf8(err).contains(message), err.constData());
    QVERIFY(out.isEmpty());
    QCOMPARE(savedEntries(m_container), before);
}

QTEST_GUILESS_MAIN(TestNetworkCli)
#include "test_networkcli.moc"
