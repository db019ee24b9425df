// SPDX-License-Identifier: GPL-3.0-or-later
#include "config-sandbench-tests.h"
#include "fakeupstream.h"
#include "support/clirun.h"

#include "../sandbox/sandboxtestutil.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace Qt::StringLiterals;

// `sandbench serve` ends on SIGTERM and SIGINT the way it ends on quit: exit status 0, no container process
// and no cgroup left, the request log written.
class TestServeShutdown final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void helpSaysSo();
    void signalEndsLikeQuit_data();
    void signalEndsLikeQuit();

private:
    int runCli(const QStringList &args, QByteArray *out = nullptr);
    // The sandbench-init launchers serve started (its direct children).
    static QList<int> launchersOf(qint64 serverPid);
    static QStringList cgroupsOf(const QList<int> &launchers);

    QTemporaryDir m_dir;
    FakeUpstream m_fake;
    QString m_key;
};

int TestServeShutdown::runCli(const QStringList &args, QByteArray *out)
{
    return runSandbench(m_dir.path(), args, out);
}

QList<int> TestServeShutdown::launchersOf(qint64 serverPid)
{
    QList<int> out;
    const QStringList entries = QDir(u"/proc"_s).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &entry : entries) {
        QFile f(u"/proc/"_s + entry + u"/stat"_s);
        if (!entry.at(0).isDigit() || !f.open(QIODevice::ReadOnly))
            continue;
        const QByteArray line = f.read(512);
        const qsizetype close = line.lastIndexOf(") ");
        if (close < 0 || !line.left(close).endsWith("(sandbench-init"))
            continue;
        const QList<QByteArray> rest = line.mid(close + 2).split(' ');
        if (rest.size() > 1 && rest.at(1).toLongLong() == serverPid)
            out.append(entry.toInt());
    }
    return out;
}

QStringList TestServeShutdown::cgroupsOf(const QList<int> &launchers)
{
    QStringList out;
    for (const QString &parent : ContainerManager::cgroupParents()) {
        for (const QString &entry : QDir(parent).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
            for (int pid : launchers) {
                if (entry.endsWith(u'-' + QString::number(pid)))
                    out.append(parent + u'/' + entry);
            }
        }
    }
    return out;
}

void TestServeShutdown::initTestCase()
{
    QVERIFY(m_dir.isValid());
    if (runCli({u"doctor"_s}) != 0)
        QSKIP("sandboxes cannot run on this machine (sandbench doctor fails)");
    QVERIFY(m_fake.listen());
    QCOMPARE(runCli({u"providers"_s, u"add"_s, u"fake"_s, u"--api"_s, u"chat"_s, u"--base-url"_s,
                     m_fake.baseUrl().toString(), u"--default"_s}),
             0);
    QByteArray out;
    QCOMPARE(runCli({u"keys"_s, u"create"_s}, &out), 0);
    m_key = QString::fromUtf8(out.trimmed());
}

void TestServeShutdown::helpSaysSo()
{
    QByteArray out;
    QCOMPARE(runCli({u"serve"_s, u"--help"_s}, &out), 0);
    QVERIFY2(out.contains("SIGTERM or SIGINT"), out.constData());
    QVERIFY(out.contains("exit status is 0"));
}

void TestServeShutdown::signalEndsLikeQuit_data()
{
    QTest::addColumn<int>("signal");
    QTest::newRow("SIGTERM") << int(SIGTERM);
    QTest::newRow("SIGINT") << int(SIGINT);
}

void TestServeShutdown::signalEndsLikeQuit()
{
    QFETCH(int, signal);
    QProcess server;
    server.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    server.start(QStringLiteral(SANDBENCH_BIN_DIR "/sandbench"),
                 {u"serve"_s, u"--port"_s, u"0"_s, u"--data-dir"_s, m_dir.path()});
    QVERIFY(server.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(server.canReadLine(), 30000);
    const QRegularExpressionMatch port =
        QRegularExpression(u":(\\d+)/api/v1"_s).match(QString::fromUtf8(server.readLine()));
    QVERIFY(port.hasMatch());

    // A request leaves its container awake with a background process.
    const QString marker = u"serve-bg-%1"_s.arg(QRandomGenerator::global()->generate());
    const QString model = u"bg-"_s + QString::number(signal);
    m_fake.setScriptForModel(
        model,
        {FakeStep::toolCall(u"shell"_s,
                            {{u"commands"_s, QJsonArray{u"nohup sh -c ': %1; sleep 1000' "
                                                        ">/dev/null 2>&1 & echo started"_s.arg(marker)}}}),
         FakeStep::answer(u"done"_s)});
    QNetworkAccessManager nam;
    QNetworkRequest request(QUrl(u"http://127.0.0.1:%1/api/v1/responses"_s.arg(port.captured(1))));
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader("Authorization", "Bearer " + m_key.toUtf8());
    const QJsonObject body{{u"model"_s, model},
                           {u"input"_s, u"go"_s},
                           {u"tools"_s, QJsonArray{QJsonObject{{u"type"_s, u"openrouter:shell"_s}}}}};
    std::unique_ptr<QNetworkReply> reply(nam.post(request, QJsonDocument(body).toJson()));
    QVERIFY(QTest::qWaitFor([&] { return reply->isFinished(); }, 120000));
    QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
    QVERIFY(!processesMatching(marker.toUtf8()).isEmpty());
    // The container's launcher and the spare one serve keeps ready.
    QTRY_VERIFY_WITH_TIMEOUT(launchersOf(server.processId()).size() >= 2, 10000);
    const QList<int> launchers = launchersOf(server.processId());
    const QStringList cgroups = cgroupsOf(launchers);
    bool machineHasCgroups = false;
    for (const QString &parent : ContainerManager::cgroupParents())
        machineHasCgroups = machineHasCgroups || QFileInfo::exists(parent);
    QVERIFY(cgroups.size() >= 2 || !machineHasCgroups);

    ::kill(pid_t(server.processId()), signal);
    QVERIFY(server.waitForFinished(30000));
    QCOMPARE(server.exitStatus(), QProcess::NormalExit);
    QCOMPARE(server.exitCode(), 0);
    // Nothing of the containers is left; the cgroups were removed before serve returned.
    QVERIFY(processesMatching(marker.toUtf8()).isEmpty());
    for (int pid : launchers)
        QVERIFY2(!QFileInfo::exists(u"/proc/%1"_s.arg(pid)), qPrintable(QString::number(pid)));
    const QStringList left = cgroupsOf(launchers);
    QVERIFY2(left.isEmpty(),
             qPrintable(u"left: "_s + left.join(u", "_s) + u" of "_s + cgroups.join(u", "_s)));
    // The request was logged before the process went.
    QByteArray logs;
    QCOMPARE(runCli({u"logs"_s, u"list"_s, u"--json"_s}, &logs), 0);
    bool found = false;
    for (const QJsonValue &v : QJsonDocument::fromJson(logs).array())
        found = found || v.toObject().value(u"model"_s).toString().contains(model);
    QVERIFY2(found, logs.constData());
}

QTEST_GUILESS_MAIN(TestServeShutdown)
#include "test_serveshutdown.moc"
