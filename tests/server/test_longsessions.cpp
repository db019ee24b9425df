// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 17, long sessions: the workspace settings that lift the hosted limits, their round trip, that a
// window conversation's command outlives the hosted limit when they are lifted while an API request keeps
// the hosted limit unless its workspace opts out, idle sleep, and the bounded output buffer of a fast
// producer.
#include "../sandbox/sandboxtestutil.h"
#include "fakeupstream.h"
#include "support/clirun.h"

#include "base/workspacesettings.h"
#include "models/scriptedclient.h"
#include "sandbox/outputcapture.h"
#include "server/apikeys.h"
#include "server/apiserver.h"
#include "workspace/chatsession.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

class TestLongSessions final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void settingsRoundTrip();
    void badSettings_data();
    void badSettings();
    void limitsFollowTheSettings();
    void liftedLimitsParseLongTimeouts();
    void tailCaptureStaysBounded();
    void tailCaptureKeepsWholeCharacters();
    void headCaptureUnchanged();
    void idleSleepFollowsTheContainersLimit();
    void windowCommandOutlivesTheHostedLimit();
    void apiRequestKeepsTheHostedLimit();

private:
    QString workspaceDir(const QString &workspace) const;
    // sandboxTestSettings() use the workspace "test".
    void writeSettings(const QStringList &pairs, const QString &workspace = u"test"_s);
    // Runs one question in a window conversation whose only call runs command; returns the call's result.
    CommandResult askWindow(ContainerManager *manager, const QString &command);

    QTemporaryDir m_dir;
};

void TestLongSessions::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
    SANDBOX_REQUIRE_INIT();
}

QString TestLongSessions::workspaceDir(const QString &workspace) const
{
    return SandboxSettings::forDataDir(m_dir.path(), workspace).workspaceDir();
}

void TestLongSessions::writeSettings(const QStringList &pairs, const QString &workspace)
{
    QDir().mkpath(workspaceDir(workspace));
    WorkspaceSettings settings(workspaceDir(workspace));
    QVERIFY(settings.load());
    QString error;
    for (qsizetype i = 0; i + 1 < pairs.size(); i += 2)
        QVERIFY2(settings.setValue(pairs.at(i), pairs.at(i + 1), &error), qPrintable(error));
    QVERIFY2(settings.save(&error), qPrintable(error));
}

void TestLongSessions::settingsRoundTrip()
{
    QTemporaryDir dir;
    WorkspaceSettings defaults(dir.path());
    QVERIFY(defaults.load());
    QCOMPARE(defaults.value(u"long_sessions"_s), u"off"_s);
    QCOMPARE(defaults.value(u"long_sessions_api"_s), u"off"_s);
    QCOMPARE(defaults.longCommandTimeoutSeconds(), WorkspaceSettings::DefaultLongCommandTimeoutSeconds);
    QCOMPARE(defaults.idleSleepMinutes(), WorkspaceSettings::DefaultIdleSleepMinutes);
    QVERIFY(WorkspaceSettings::keys().contains(u"idle_sleep_minutes"_s));

    WorkspaceSettings settings(dir.path());
    QString error;
    QVERIFY(settings.setValue(u"long_sessions"_s, u"on"_s, &error));
    QVERIFY(settings.setValue(u"long_sessions_api"_s, u"true"_s, &error));
    QVERIFY(settings.setValue(u"long_command_timeout_seconds"_s, u"500"_s, &error));
    QVERIFY(settings.setValue(u"idle_sleep_minutes"_s, u"0"_s, &error));
    QVERIFY(settings.setValue(u"documents_quota_bytes"_s, u"1234"_s, &error));
    QVERIFY2(settings.save(&error), qPrintable(error));

    WorkspaceSettings again(dir.path());
    QVERIFY(again.load(&error));
    QCOMPARE(again.value(u"long_sessions"_s), u"on"_s);
    QCOMPARE(again.value(u"long_sessions_api"_s), u"on"_s);
    QCOMPARE(again.value(u"long_command_timeout_seconds"_s), u"500"_s);
    QCOMPARE(again.value(u"idle_sleep_minutes"_s), u"0"_s);
    QCOMPARE(again.documentsQuotaBytes(), 1234); // the other keys are kept

    // The command line writes the same file.
    QByteArray out;
    QCOMPARE(runSandbench(m_dir.path(), {u"workspaces"_s, u"set"_s, u"long_sessions"_s, u"on"_s}), 0);
    QCOMPARE(runSandbench(m_dir.path(), {u"workspaces"_s, u"get"_s, u"long_sessions"_s}, &out), 0);
    QCOMPARE(out.trimmed(), "on");
    QCOMPARE(runSandbench(m_dir.path(), {u"workspaces"_s, u"set"_s, u"idle_sleep_minutes"_s, u"-1"_s}), 2);
    QCOMPARE(runSandbench(m_dir.path(), {u"workspaces"_s, u"set"_s, u"long_sessions"_s, u"maybe"_s}), 2);
    QCOMPARE(runSandbench(m_dir.path(), {u"workspaces"_s, u"set"_s, u"long_sessions"_s, u"off"_s}), 0);

    // The API switch alone lifts nothing, and the command line says so when it is set that way.
    const auto stderrOf = [this](const QStringList &args) {
        QProcess p;
        p.start(QStringLiteral(SANDBENCH_BIN_DIR "/sandbench"),
                args + QStringList{u"--data-dir"_s, m_dir.path()});
        return p.waitForFinished(60000) && p.exitCode() == 0 ? p.readAllStandardError() : "failed"_ba;
    };
    const QByteArray note = stderrOf({u"workspaces"_s, u"set"_s, u"long_sessions_api"_s, u"on"_s});
    QVERIFY2(note.contains("long_sessions is off, so API requests keep the hosted limits"), note.constData());
    QCOMPARE(stderrOf({u"workspaces"_s, u"set"_s, u"long_sessions"_s, u"on"_s}), QByteArray());
    QCOMPARE(stderrOf({u"workspaces"_s, u"set"_s, u"long_sessions_api"_s, u"off"_s}), QByteArray());
    QCOMPARE(stderrOf({u"workspaces"_s, u"set"_s, u"long_sessions"_s, u"off"_s}), QByteArray());
}

void TestLongSessions::badSettings_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("message");
    QTest::newRow("switch word") << u"long_sessions"_s << u"maybe"_s << u"on or off"_s;
    QTest::newRow("api switch empty") << u"long_sessions_api"_s << QString() << u"on or off"_s;
    QTest::newRow("timeout zero") << u"long_command_timeout_seconds"_s << u"0"_s << u"from 1 to 604800"_s;
    QTest::newRow("timeout past a week")
        << u"long_command_timeout_seconds"_s << u"604801"_s << u"from 1 to 604800"_s;
    QTest::newRow("timeout text") << u"long_command_timeout_seconds"_s << u"1h"_s << u"from 1 to 604800"_s;
    QTest::newRow("idle negative") << u"idle_sleep_minutes"_s << u"-1"_s << u"0 (never sleep)"_s;
    QTest::newRow("idle huge") << u"idle_sleep_minutes"_s << u"10081"_s << u"10080"_s;
}

void TestLongSessions::badSettings()
{
    QFETCH(QString, key);
    QFETCH(QString, value);
    QFETCH(QString, message);
    QTemporaryDir dir;
    WorkspaceSettings settings(dir.path());
    const SessionLimits before = settings.sessionLimits(false);
    QString error;
    QVERIFY(!settings.setValue(key, value, &error));
    QVERIFY2(error.contains(message), qPrintable(error));
    QCOMPARE(settings.sessionLimits(false), before);
}

void TestLongSessions::limitsFollowTheSettings()
{
    QTemporaryDir dir;
    WorkspaceSettings settings(dir.path());
    QCOMPARE(settings.sessionLimits(false), SessionLimits::hosted());
    QCOMPARE(settings.sessionLimits(true), SessionLimits::hosted());
    QCOMPARE(settings.sessionLimits(false).maxTimeoutMs, 300000);
    QCOMPARE(settings.sessionLimits(false).idleSleepMs, 5 * 60 * 1000);

    settings.setLongSessions(true);
    settings.setLongCommandTimeoutSeconds(7200);
    settings.setIdleSleepMinutes(0);
    const SessionLimits window = settings.sessionLimits(false);
    QVERIFY(window.lifted);
    QCOMPARE(window.maxTimeoutMs, 7200 * 1000);
    QCOMPARE(window.defaultTimeoutMs, 7200 * 1000);
    QCOMPARE(window.idleSleepMs, 0);
    QVERIFY(window.keepOutputTail);
    // API requests keep the hosted limits until the workspace opts them out as well.
    QCOMPARE(settings.sessionLimits(true), SessionLimits::hosted());
    settings.setLongSessionsForApi(true);
    QCOMPARE(settings.sessionLimits(true), window);
    // A test's lower hosted limits are what "hosted" means for that manager.
    SessionLimits low;
    low.maxTimeoutMs = 1000;
    settings.setLongSessions(false);
    QCOMPARE(settings.sessionLimits(false, low).maxTimeoutMs, 1000);
    // long_sessions_api only extends long_sessions: with long_sessions off, API requests keep the hosted
    // limits too, although the API switch is still on (README "Long sessions").
    QVERIFY(settings.longSessionsForApi());
    QCOMPARE(settings.sessionLimits(true), SessionLimits::hosted());
    QCOMPARE(settings.sessionLimits(true, low), low);
}

void TestLongSessions::liftedLimitsParseLongTimeouts()
{
    const QJsonObject args{{u"commands"_s, QJsonArray{u"true"_s}}, {u"timeout_ms"_s, 400000}};
    QString error;
    QVERIFY(!ShellAction::fromJson(args, &error));
    QVERIFY2(error.contains(u"from 1 to 300000"_s), qPrintable(error));

    WorkspaceSettings settings(m_dir.path() + u"/none"_s);
    settings.setLongSessions(true);
    const SessionLimits lifted = settings.sessionLimits(false);
    const std::optional<ShellAction> action = ShellAction::fromJson(args, &error, lifted);
    QVERIFY2(action, qPrintable(error));
    QCOMPARE(action->timeoutMs, 400000);
    QVERIFY(action->keepOutputTail);
    QVERIFY(action->validate().isEmpty());
    QCOMPARE(action->toJson().value(u"timeout_ms"_s).toInt(), 400000);
    // No timeout_ms: the lifted limit is the command's timeout, not the hosted 120 s.
    const std::optional<ShellAction> plain =
        ShellAction::fromJson({{u"commands"_s, QJsonArray{u"true"_s}}}, &error, lifted);
    QVERIFY(plain);
    QCOMPARE(plain->timeoutMs, WorkspaceSettings::DefaultLongCommandTimeoutSeconds * 1000);
    // Past the workspace's own limit is still refused.
    QVERIFY(!ShellAction::fromJson(
        {{u"commands"_s, QJsonArray{u"true"_s}}, {u"timeout_ms"_s, lifted.maxTimeoutMs + 1}}, &error,
        lifted));
    QVERIFY2(error.contains(QString::number(lifted.maxTimeoutMs)), qPrintable(error));
}

void TestLongSessions::tailCaptureStaysBounded()
{
    constexpr int Max = 4096;
    constexpr int Chunks = 100000;
    OutputCapture capture(Max, OutputCapture::Keep::Tail);
    QByteArray chunk(1500, 'x');
    qint64 streamed = 0;
    qsizetype largest = 0;
    // 150 MB from a fast producer: the buffer never holds more than twice the cap.
    for (int i = 0; i < Chunks; ++i) {
        chunk.back() = char('a' + i % 26);
        const QString piece = capture.feed(chunk.constData(), chunk.size());
        streamed += piece.size();
        largest = std::max(largest, capture.bufferedSize());
        if (capture.bufferedSize() > 2 * Max)
            QFAIL(qPrintable(u"%1 characters held after %2 chunks"_s.arg(capture.bufferedSize()).arg(i)));
    }
    const qint64 total = qint64(Chunks) * chunk.size();
    QCOMPARE(streamed, total); // the live view saw every character
    QVERIFY(largest > Max);
    QVERIFY(capture.finish().isEmpty());
    const QString text = capture.text();
    QCOMPARE(capture.droppedCharacters(), total - Max);
    QCOMPARE(capture.totalBytes(), total);
    QVERIFY(text.startsWith(leadingTruncationMarker(total - Max)));
    QCOMPARE(text.size(), leadingTruncationMarker(total - Max).size() + Max);
    QVERIFY(text.endsWith(QChar(u'a' + (Chunks - 1) % 26))); // the end of the output, not its start

    // Through a real command: a fast producer's result keeps the tail, and says how much was left out.
    ContainerManager manager(sandboxTestSettings(m_dir.path() + u"/tail"_s));
    Container *c = manager.create();
    ShellAction action = shellAction({u"seq 1 200000"_s}, 60000, 1000);
    action.keepOutputTail = true;
    ShellCall *call = c->run(action);
    QVERIFY(waitForCall(call));
    const CommandResult r = call->results().constFirst();
    QVERIFY2(r.stdoutText.endsWith(u"199999\n200000\n"_s), qPrintable(r.stdoutText.right(40)));
    QVERIFY(r.stdoutText.startsWith(u"[... "_s));
    QVERIFY(r.stdoutDropped > 1000000);
    c->stop();
}

void TestLongSessions::tailCaptureKeepsWholeCharacters()
{
    OutputCapture capture(3, OutputCapture::Keep::Tail);
    const QByteArray text = QStringLiteral("a😀b😀c😀").toUtf8();
    // One byte at a time: a character split across reads is decoded whole.
    for (char byte : text)
        capture.feed(&byte, 1);
    capture.finish();
    QCOMPARE(capture.droppedCharacters(), 3);
    QCOMPARE(capture.text(), leadingTruncationMarker(3) + QStringLiteral("😀c😀"));
    // Nothing dropped: no marker.
    OutputCapture small(10, OutputCapture::Keep::Tail);
    small.feed("hello", 5);
    small.finish();
    QCOMPARE(small.text(), u"hello"_s);
    QCOMPARE(small.droppedCharacters(), 0);
}

void TestLongSessions::headCaptureUnchanged()
{
    OutputCapture capture(5);
    QCOMPARE(capture.feed("hello world", 11), u"hello"_s);
    QCOMPARE(capture.feed("more", 4), QString());
    QCOMPARE(capture.bufferedSize(), 5);
    capture.finish();
    QCOMPARE(capture.text(), u"hello"_s + truncationMarker(10));
}

void TestLongSessions::idleSleepFollowsTheContainersLimit()
{
    ContainerManager manager(sandboxTestSettings(m_dir.path() + u"/idle"_s));
    qint64 now = 1000000;
    manager.setClock([&now] { return now; });
    Container *hosted = manager.create();
    Container *lifted = manager.create();
    Container *never = manager.create();
    QCOMPARE(hosted->idleSleepMs(), ContainerManager::kIdleSleepMs);
    lifted->setIdleSleepMs(60 * 60 * 1000);
    never->setIdleSleepMs(0);
    for (Container *c : {hosted, lifted, never})
        QVERIFY(waitForCall(c->run(shellAction({u"true"_s}))));
    now += ContainerManager::kIdleSleepMs + 1;
    manager.checkIdle();
    QVERIFY(!hosted->isAwake());
    QVERIFY(lifted->isAwake());
    QVERIFY(never->isAwake());
    now += 60 * 60 * 1000;
    manager.checkIdle();
    QVERIFY(!lifted->isAwake());
    now += 30LL * 24 * 60 * 60 * 1000;
    manager.checkIdle();
    QVERIFY(never->isAwake());
    never->stop();
}

CommandResult TestLongSessions::askWindow(ContainerManager *manager, const QString &command)
{
    Container *c = manager->create();
    ChatSession session(c);
    ScriptedClient client;
    const QJsonObject script{
        {u"steps"_s,
         QJsonArray{QJsonObject{{u"tool_calls"_s,
                                 QJsonArray{QJsonObject{
                                     {u"name"_s, u"shell"_s},
                                     {u"arguments"_s, QJsonObject{{u"commands"_s, QJsonArray{command}}}}}}}},
                    QJsonObject{{u"text"_s, u"done"_s}}}}};
    QString error;
    if (!client.loadScript(QJsonDocument(script).toJson(), &error))
        qWarning("script: %s", qPrintable(error));
    session.setClient(&client, u"scripted"_s);
    QList<CommandResult> results;
    connect(&session, &ChatSession::shellCallFinished, this,
            [&results](ShellCall *call) { results += call->results(); });
    QSignalSpy busy(&session, &ChatSession::busyChanged);
    if (!session.send(u"go"_s))
        return {};
    if (!QTest::qWaitFor([&] { return !session.isBusy(); }, 60000))
        return {};
    c->stop();
    return results.value(0);
}

void TestLongSessions::windowCommandOutlivesTheHostedLimit()
{
    // A hosted limit of one second stands for 300 s: a two-second command is past it.
    SandboxSettings settings = sandboxTestSettings(m_dir.path());
    settings.hostedLimits.maxTimeoutMs = 1000;
    settings.hostedLimits.defaultTimeoutMs = 1000;
    ContainerManager manager(settings);
    const QString command = u"sleep 2; echo survived"_s;

    writeSettings({u"long_sessions"_s, u"off"_s});
    const CommandResult hosted = askWindow(&manager, command);
    QCOMPARE(hosted.outcome.type, CommandOutcome::Type::Timeout);
    QVERIFY(!hosted.stdoutText.contains(u"survived"_s));

    writeSettings({u"long_sessions"_s, u"on"_s, u"long_command_timeout_seconds"_s, u"60"_s});
    const CommandResult lifted = askWindow(&manager, command);
    QCOMPARE(lifted.outcome.type, CommandOutcome::Type::Exit);
    QCOMPARE(lifted.outcome.exitCode, 0);
    QCOMPARE(lifted.stdoutText, u"survived\n"_s);

    // The workspace's own limit still ends a command that runs past it.
    writeSettings({u"long_command_timeout_seconds"_s, u"1"_s});
    QCOMPARE(askWindow(&manager, command).outcome.type, CommandOutcome::Type::Timeout);
    writeSettings({u"long_sessions"_s, u"off"_s, u"long_command_timeout_seconds"_s, u"86400"_s});
}

void TestLongSessions::apiRequestKeepsTheHostedLimit()
{
    FakeUpstream fake;
    QVERIFY(fake.listen());
    QString error;
    QVERIFY2(fake.addAsProvider(m_dir.path(), u"api"_s, u"chat"_s, u"fake"_s, &error), qPrintable(error));
    const std::optional<QString> key = ApiKeys(m_dir.path()).create(u"api"_s, &error);
    QVERIFY2(key, qPrintable(error));
    ApiServer server(m_dir.path());
    QVERIFY2(server.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
    QNetworkAccessManager nam;
    const auto ask = [&](const QJsonObject &arguments) {
        fake.setScriptForModel(u"long"_s, {FakeStep::toolCall(u"shell"_s, arguments),
                                           FakeStep::answer(u"{{last_tool_result}}"_s)});
        QNetworkRequest request(QUrl(u"http://127.0.0.1:%1/api/v1/responses"_s.arg(server.port())));
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
        request.setRawHeader("Authorization", "Bearer " + key->toUtf8());
        const QJsonObject body{{u"model"_s, u"long"_s},
                               {u"input"_s, u"go"_s},
                               {u"tools"_s, QJsonArray{QJsonObject{{u"type"_s, u"openrouter:shell"_s}}}}};
        std::unique_ptr<QNetworkReply> reply(nam.post(request, QJsonDocument(body).toJson()));
        if (!QTest::qWaitFor([&] { return reply->isFinished(); }, 120000))
            return QJsonObject();
        return QJsonDocument::fromJson(reply->readAll()).object();
    };
    const auto shellItem = [](const QJsonObject &response) {
        for (const QJsonValue &v : response.value(u"output"_s).toArray())
            if (v.toObject().value(u"type"_s).toString() == u"openrouter:shell")
                return v.toObject();
        return QJsonObject();
    };
    const QJsonObject longCall{{u"commands"_s, QJsonArray{u"echo ran"_s}}, {u"timeout_ms"_s, 400000}};

    // The workspace lifted the limits for its conversations only: its API requests keep 300 s.
    writeSettings({u"long_sessions"_s, u"on"_s}, u"api"_s);
    const QJsonObject refused = shellItem(ask(longCall));
    QCOMPARE(refused.value(u"status"_s).toString(), u"incomplete"_s);
    QVERIFY(refused.value(u"output"_s).toArray().isEmpty()); // nothing ran
    QVERIFY2(refused.value(u"error"_s).toString().contains(u"from 1 to 300000"_s),
             qPrintable(refused.value(u"error"_s).toString()));
    const QJsonObject plain = shellItem(ask({{u"commands"_s, QJsonArray{u"echo ran"_s}}}));
    QCOMPARE(plain.value(u"action"_s).toObject().value(u"timeout_ms"_s).toInt(), 120000);

    // Opted out: the same request runs, and a call naming no timeout gets the workspace's limit.
    writeSettings({u"long_sessions_api"_s, u"on"_s, u"long_command_timeout_seconds"_s, u"900"_s}, u"api"_s);
    const QJsonObject lifted = shellItem(ask(longCall));
    QCOMPARE(lifted.value(u"action"_s).toObject().value(u"timeout_ms"_s).toInt(), 400000);
    QCOMPARE(lifted.value(u"output"_s).toArray().at(0).toObject().value(u"stdout"_s).toString(), u"ran\n"_s);
    const QJsonObject liftedPlain = shellItem(ask({{u"commands"_s, QJsonArray{u"echo ran"_s}}}));
    QCOMPARE(liftedPlain.value(u"action"_s).toObject().value(u"timeout_ms"_s).toInt(), 900000);

    // long_sessions_api only extends long_sessions: with long_sessions off the API keeps 300 s again.
    writeSettings({u"long_sessions"_s, u"off"_s}, u"api"_s);
    const QJsonObject apiSwitchAlone = shellItem(ask(longCall));
    QCOMPARE(apiSwitchAlone.value(u"status"_s).toString(), u"incomplete"_s);
    QVERIFY(apiSwitchAlone.value(u"output"_s).toArray().isEmpty());
    QVERIFY2(apiSwitchAlone.value(u"error"_s).toString().contains(u"from 1 to 300000"_s),
             qPrintable(apiSwitchAlone.value(u"error"_s).toString()));
    const QJsonObject hostedPlain = shellItem(ask({{u"commands"_s, QJsonArray{u"echo ran"_s}}}));
    QCOMPARE(hostedPlain.value(u"action"_s).toObject().value(u"timeout_ms"_s).toInt(), 120000);
}

QTEST_GUILESS_MAIN(TestLongSessions)
#include "test_longsessions.moc"
