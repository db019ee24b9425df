// SPDX-License-Identifier: GPL-3.0-or-later
#include "tools/shellaction.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

#include <csignal>
#include <sys/wait.h>

using namespace Qt::StringLiterals;

// Validation and JSON shapes of the openrouter:shell tool arguments and results.
class TestShellAction final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void parse_data();
    void parse();
    void defaults();
    void singleCommand();
    void validateDirect_data();
    void validateDirect();
    void actionJson();
    void resultJson();
    void outcomeFromWaitStatus();
    void outputItem_data();
    void outputItem();
};

static QJsonObject obj(const char *json)
{
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray(json), &err);
    Q_ASSERT(err.error == QJsonParseError::NoError);
    return doc.object();
}

static QJsonObject withCommands(int n, const char *extra = nullptr)
{
    QJsonArray commands;
    for (int i = 0; i < n; ++i)
        commands.append(u"echo %1"_s.arg(i));
    QJsonObject o = extra ? obj(extra) : QJsonObject();
    o.insert(u"commands"_s, commands);
    return o;
}

void TestShellAction::parse_data()
{
    QTest::addColumn<QJsonObject>("args");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<QString>("errorMentions");

    QTest::newRow("one command") << withCommands(1) << true << QString();
    QTest::newRow("100 commands") << withCommands(100) << true << QString();
    QTest::newRow("101 commands") << withCommands(101) << false << u"commands"_s;
    QTest::newRow("empty list") << withCommands(0) << false << u"commands"_s;
    QTest::newRow("missing commands") << obj(R"({"timeout_ms":1000})") << false << u"commands"_s;
    QTest::newRow("commands not array") << obj(R"({"commands":"ls"})") << false << u"commands"_s;
    QTest::newRow("commands object") << obj(R"({"commands":{"a":1}})") << false << u"commands"_s;
    QTest::newRow("number command") << obj(R"({"commands":["ls", 5]})") << false << u"commands[1]"_s;
    QTest::newRow("null command") << obj(R"({"commands":[null]})") << false << u"commands[0]"_s;
    QTest::newRow("array command") << obj(R"({"commands":[["ls"]]})") << false << u"commands[0]"_s;
    QTest::newRow("nul in command") << obj("{\"commands\":[\"ls\\u0000rm\"]}") << false << u"commands[0]"_s;
    QTest::newRow("command string") << obj(R"({"command":"ls"})") << true << QString();
    QTest::newRow("command number") << obj(R"({"command":5})") << false << u"command"_s;
    QTest::newRow("command and commands")
        << obj(R"({"command":"ls","commands":["ls"]})") << false << u"command"_s;
    QTest::newRow("timeout 1") << withCommands(1, R"({"timeout_ms":1})") << true << QString();
    QTest::newRow("timeout 300000") << withCommands(1, R"({"timeout_ms":300000})") << true << QString();
    QTest::newRow("timeout 300001") << withCommands(1, R"({"timeout_ms":300001})") << false
                                    << u"timeout_ms"_s;
    QTest::newRow("timeout 0") << withCommands(1, R"({"timeout_ms":0})") << false << u"timeout_ms"_s;
    QTest::newRow("timeout negative") << withCommands(1, R"({"timeout_ms":-5})") << false << u"timeout_ms"_s;
    QTest::newRow("timeout fraction") << withCommands(1, R"({"timeout_ms":1.5})") << false << u"timeout_ms"_s;
    QTest::newRow("timeout string") << withCommands(1, R"({"timeout_ms":"1000"})") << false
                                    << u"timeout_ms"_s;
    QTest::newRow("timeout bool") << withCommands(1, R"({"timeout_ms":true})") << false << u"timeout_ms"_s;
    QTest::newRow("timeout huge") << withCommands(1, R"({"timeout_ms":1e20})") << false << u"timeout_ms"_s;
    QTest::newRow("timeout null") << withCommands(1, R"({"timeout_ms":null})") << true << QString();
    QTest::newRow("max 1") << withCommands(1, R"({"max_output_length":1})") << true << QString();
    QTest::newRow("max 65536") << withCommands(1, R"({"max_output_length":65536})") << true << QString();
    QTest::newRow("max 65537") << withCommands(1, R"({"max_output_length":65537})") << false
                               << u"max_output_length"_s;
    QTest::newRow("max 0") << withCommands(1, R"({"max_output_length":0})") << false
                           << u"max_output_length"_s;
    QTest::newRow("max negative") << withCommands(1, R"({"max_output_length":-1})") << false
                                  << u"max_output_length"_s;
    QTest::newRow("max string") << withCommands(1, R"({"max_output_length":"16384"})") << false
                                << u"max_output_length"_s;
    QTest::newRow("max array") << withCommands(1, R"({"max_output_length":[1]})") << false
                               << u"max_output_length"_s;
}

void TestShellAction::parse()
{
    QFETCH(QJsonObject, args);
    QFETCH(bool, valid);
    QFETCH(QString, errorMentions);
    QString error;
    const std::optional<ShellAction> action = ShellAction::fromJson(args, &error);
    QCOMPARE(action.has_value(), valid);
    if (valid) {
        QVERIFY(error.isEmpty());
        QVERIFY(action->validate().isEmpty());
    } else {
        QVERIFY2(error.contains(u'"' + errorMentions + u'"'), qPrintable(error));
    }
}

void TestShellAction::defaults()
{
    QString error;
    const auto action = ShellAction::fromJson(obj(R"({"commands":["ls","pwd"]})"), &error);
    QVERIFY(action);
    QCOMPARE(action->commands, QStringList({u"ls"_s, u"pwd"_s}));
    QCOMPARE(action->timeoutMs, 120000);
    QCOMPARE(action->maxOutputLength, 16384);
    QCOMPARE(ShellAction::DefaultTimeoutMs, 120000);
    QCOMPARE(ShellAction::MaxTimeoutMs, 300000);
    QCOMPARE(ShellAction::DefaultMaxOutputLength, 16384);
    QCOMPARE(ShellAction::MaxMaxOutputLength, 65536);
    QCOMPARE(ShellAction::MaxCommands, 100);
}

void TestShellAction::singleCommand()
{
    const auto action = ShellAction::fromJson(obj(R"({"command":"echo hi","timeout_ms":5000})"), nullptr);
    QVERIFY(action);
    QCOMPARE(action->commands, QStringList{u"echo hi"_s});
    QCOMPARE(action->timeoutMs, 5000);
}

void TestShellAction::validateDirect_data()
{
    QTest::addColumn<int>("commands");
    QTest::addColumn<int>("timeout");
    QTest::addColumn<int>("maxOutput");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("ok") << 1 << 120000 << 16384 << QString();
    QTest::newRow("no commands") << 0 << 120000 << 16384 << u"\"commands\" must contain 1 to 100"_s;
    QTest::newRow("101 commands") << 101 << 120000 << 16384 << u"at most 100"_s;
    QTest::newRow("timeout 0") << 1 << 0 << 16384 << u"\"timeout_ms\" must be an integer from 1 to 300000"_s;
    QTest::newRow("timeout 300001") << 1 << 300001 << 16384 << u"(got 300001)"_s;
    QTest::newRow("max 0") << 1 << 1000 << 0 << u"\"max_output_length\" must be an integer from 1 to 65536"_s;
    QTest::newRow("max 65537") << 1 << 1000 << 65537 << u"(got 65537)"_s;
}

void TestShellAction::validateDirect()
{
    QFETCH(int, commands);
    QFETCH(int, timeout);
    QFETCH(int, maxOutput);
    QFETCH(QString, mentions);
    ShellAction a;
    for (int i = 0; i < commands; ++i)
        a.commands << u"true"_s;
    a.timeoutMs = timeout;
    a.maxOutputLength = maxOutput;
    const QString problem = a.validate();
    if (mentions.isEmpty())
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    else
        QVERIFY2(problem.contains(mentions), qPrintable(problem));
}

void TestShellAction::actionJson()
{
    ShellAction a;
    a.commands = {u"cat /etc/os-release"_s, u"python3 --version"_s};
    QCOMPARE(a.toJson(), obj(R"({"commands":["cat /etc/os-release","python3 --version"],
                                 "timeout_ms":120000,"max_output_length":16384})"));
    // Round trip.
    const auto back = ShellAction::fromJson(a.toJson(), nullptr);
    QVERIFY(back);
    QCOMPARE(back->commands, a.commands);
}

void TestShellAction::resultJson()
{
    CommandResult r;
    r.stdoutText = u"hello\n"_s;
    r.stderrText = u"oops"_s;
    r.outcome = CommandOutcome::exit(3);
    r.durationMs = 12;
    QCOMPARE(r.toJson(),
             obj(R"({"stdout":"hello\n","stderr":"oops","outcome":{"type":"exit","exit_code":3}})"));
    QCOMPARE(r.toJson().keys().size(), 3);
    r.outcome = CommandOutcome::timeout();
    QCOMPARE(r.toJson(), obj(R"({"stdout":"hello\n","stderr":"oops","outcome":{"type":"timeout"}})"));
    QCOMPARE(r.toJson().value(u"outcome"_s).toObject().keys(), QStringList{u"type"_s});
}

void TestShellAction::outcomeFromWaitStatus()
{
    // Build raw wait statuses the way the kernel encodes them.
    QCOMPARE(CommandOutcome::fromWaitStatus(0), CommandOutcome::exit(0));
    QCOMPARE(CommandOutcome::fromWaitStatus(42 << 8), CommandOutcome::exit(42));
    QCOMPARE(CommandOutcome::fromWaitStatus(SIGKILL), CommandOutcome::exit(137));
    QCOMPARE(CommandOutcome::fromWaitStatus(SIGSEGV | 0x80),
             CommandOutcome::exit(128 + SIGSEGV)); // core dumped
    QCOMPARE(CommandOutcome::fromWaitStatus(SIGTERM), CommandOutcome::exit(143));
    QVERIFY(WIFSIGNALED(SIGKILL));
}

void TestShellAction::outputItem_data()
{
    QTest::addColumn<bool>("completed");
    QTest::newRow("completed") << true;
    QTest::newRow("incomplete") << false;
}

void TestShellAction::outputItem()
{
    QFETCH(bool, completed);
    ShellAction a;
    a.commands = {u"echo hi"_s, u"sleep 999"_s};
    CommandResult ok;
    ok.stdoutText = u"hi\n"_s;
    CommandResult late;
    late.outcome = CommandOutcome::timeout();
    const QJsonObject item = shellOutputItem(u"sh_1"_s, u"call_1"_s, u"sess_x"_s, a, {ok, late}, completed);
    QJsonObject expected =
        obj(R"({"type":"openrouter:shell","id":"sh_1","call_id":"call_1","status":"completed",
        "container_id":"sess_x",
        "action":{"commands":["echo hi","sleep 999"],"timeout_ms":120000,"max_output_length":16384},
        "output":[{"stdout":"hi\n","stderr":"","outcome":{"type":"exit","exit_code":0}},
                  {"stdout":"","stderr":"","outcome":{"type":"timeout"}}]})");
    if (!completed)
        expected.insert(u"status"_s, u"incomplete"_s);
    QCOMPARE(item, expected);
    QCOMPARE(truncationMarker(12345), u"\n[... 12345 characters truncated ...]"_s);
}

QTEST_GUILESS_MAIN(TestShellAction)
#include "test_shellaction.moc"
