// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/approvalpolicy.h"
#include "base/workspacesettings.h"
#include "gateway/approvalbroker.h"

#include <QJsonArray>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

// The approval rules as README "Approvals" documents them: one simple command at a time, the first matching
// rule decides it, the strictest verdict of a call's commands wins; bad patterns are refused with a reason.
class TestApprovalPolicy final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void splitsCommandLines_data();
    void splitsCommandLines();
    void rulesDecide_data();
    void rulesDecide();
    void askModeAsksUnlessAllowedForConversation();
    void runAllRunsEverything();
    void badPatterns_data();
    void badPatterns();
    void jsonRoundTripAndBadJson();
    void workspaceSettingsKeys();
    void brokerAnswersExpiresAndWithdraws();

private:
    static ApprovalPolicy rules(const QStringList &lines);
};

ApprovalPolicy TestApprovalPolicy::rules(const QStringList &lines)
{
    ApprovalPolicy p;
    p.mode = ApprovalMode::Rules;
    for (const QString &line : lines) {
        QString error;
        const qsizetype space = line.indexOf(u' ');
        const std::optional<ApprovalRule> r =
            ApprovalRule::make(line.left(space), line.mid(space + 1), &error);
        if (!r)
            qFatal("bad rule in test: %s", qPrintable(error));
        p.rules.append(*r);
    }
    return p;
}

void TestApprovalPolicy::splitsCommandLines_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<QStringList>("parts");
    QTest::addColumn<bool>("substitution");
    QTest::newRow("one") << u"python3   x.py"_s << QStringList{u"python3 x.py"_s} << false;
    QTest::newRow("pipe") << u"cat a | grep b"_s << QStringList{u"cat a"_s, u"grep b"_s} << false;
    QTest::newRow("and-or-semicolon") << u"make && ./run || echo no; ls"_s
                                      << QStringList{u"make"_s, u"./run"_s, u"echo no"_s, u"ls"_s} << false;
    QTest::newRow("background-and-newline")
        << u"sleep 1 &\nwait"_s << QStringList{u"sleep 1"_s, u"wait"_s} << false;
    QTest::newRow("quotes-keep-separators")
        << u"echo 'a | b' \"c; d\""_s << QStringList{u"echo 'a | b' \"c; d\""_s} << false;
    QTest::newRow("redirections-are-not-separators")
        << u"cmd 2>&1 >out &>all"_s << QStringList{u"cmd 2>&1 >out &>all"_s} << false;
    QTest::newRow("subshell") << u"(cd x && curl y)"_s << QStringList{u"cd x"_s, u"curl y"_s} << false;
    QTest::newRow("assignments-and-wrappers-dropped")
        << u"FOO=1 env BAR=2 nohup curl x"_s << QStringList{u"curl x"_s} << false;
    QTest::newRow("substitution") << u"echo $(curl x)"_s << QStringList{u"echo"_s, u"curl x"_s} << true;
    QTest::newRow("backticks") << u"echo `id`"_s << QStringList{u"echo `id`"_s} << true;
    QTest::newRow("empty") << u"  ;; "_s << QStringList{} << false;
}

void TestApprovalPolicy::splitsCommandLines()
{
    QFETCH(QString, line);
    QFETCH(QStringList, parts);
    QFETCH(bool, substitution);
    bool sub = false;
    QCOMPARE(ApprovalPolicy::simpleCommands(line, &sub), parts);
    QCOMPARE(sub, substitution);
}

void TestApprovalPolicy::rulesDecide_data()
{
    QTest::addColumn<QStringList>("ruleLines");
    QTest::addColumn<QStringList>("commands");
    QTest::addColumn<QString>("verdict");
    QTest::addColumn<QString>("rule");
    const QStringList issue{u"allow python3 *"_s, u"ask rm *"_s, u"deny curl *"_s};
    QTest::newRow("allow") << issue << QStringList{u"python3 x.py"_s} << u"allow"_s << u"allow python3 *"_s;
    QTest::newRow("bare-program") << issue << QStringList{u"python3"_s} << u"allow"_s << u"allow python3 *"_s;
    QTest::newRow("not-a-prefix") << issue << QStringList{u"python3x"_s} << u"ask"_s << QString();
    QTest::newRow("ask") << issue << QStringList{u"rm -rf build"_s} << u"ask"_s << u"ask rm *"_s;
    QTest::newRow("deny") << issue << QStringList{u"curl https://x"_s} << u"deny"_s << u"deny curl *"_s;
    QTest::newRow("unmatched-asks") << issue << QStringList{u"ls"_s} << u"ask"_s << QString();
    QTest::newRow("pipeline-strictest")
        << issue << QStringList{u"python3 gen.py | curl -d @- x"_s} << u"deny"_s << u"deny curl *"_s;
    QTest::newRow("and-strictest") << issue << QStringList{u"python3 a.py && rm out"_s} << u"ask"_s
                                   << u"ask rm *"_s;
    QTest::newRow("several-commands-strictest")
        << issue << QStringList{u"python3 a.py"_s, u"curl x"_s} << u"deny"_s << u"deny curl *"_s;
    QTest::newRow("wrapper-does-not-hide")
        << issue << QStringList{u"X=1 env curl x"_s} << u"deny"_s << u"deny curl *"_s;
    QTest::newRow("first-match-wins")
        << QStringList{u"deny python3 -c *"_s, u"allow python3 *"_s}
        << QStringList{u"python3 -c 'print(1)'"_s} << u"deny"_s << u"deny python3 -c *"_s;
    QTest::newRow("first-match-wins-not-most-specific")
        << QStringList{u"allow python3 *"_s, u"deny python3 -c *"_s}
        << QStringList{u"python3 -c 'print(1)'"_s} << u"allow"_s << u"allow python3 *"_s;
    QTest::newRow("question-mark") << QStringList{u"allow ls -?"_s} << QStringList{u"ls -l"_s} << u"allow"_s
                                   << u"allow ls -?"_s;
    QTest::newRow("regex-chars-are-literal")
        << QStringList{u"allow echo a.b"_s} << QStringList{u"echo aXb"_s} << u"ask"_s << QString();
    QTest::newRow("substitution-never-allowed")
        << QStringList{u"allow echo *"_s} << QStringList{u"echo `id`"_s} << u"ask"_s << QString();
    QTest::newRow("substitution-still-denied")
        << QStringList{u"allow echo *"_s, u"deny curl *"_s} << QStringList{u"echo $(curl x)"_s} << u"deny"_s
        << u"deny curl *"_s;
}

void TestApprovalPolicy::rulesDecide()
{
    QFETCH(QStringList, ruleLines);
    QFETCH(QStringList, commands);
    QFETCH(QString, verdict);
    QFETCH(QString, rule);
    const ApprovalPolicy::Evaluation e = rules(ruleLines).evaluate(commands);
    QCOMPARE(ApprovalPolicy::verdictName(e.verdict), verdict);
    QCOMPARE(e.rule, rule);
    QVERIFY(!e.reason.isEmpty());
}

void TestApprovalPolicy::askModeAsksUnlessAllowedForConversation()
{
    ApprovalPolicy p;
    p.mode = ApprovalMode::Ask;
    QCOMPARE(p.evaluate({u"ls"_s}).verdict, ApprovalVerdict::Ask);
    QCOMPARE(p.evaluate({u"ls | wc -l"_s}, {u"ls"_s, u"wc -l"_s}).verdict, ApprovalVerdict::Allow);
    // One part not allowed yet: the call asks.
    QCOMPARE(p.evaluate({u"ls | wc -l"_s}, {u"ls"_s}).verdict, ApprovalVerdict::Ask);
    // An allowance never lifts a deny rule.
    ApprovalPolicy r = rules({u"deny curl *"_s});
    QCOMPARE(r.evaluate({u"curl x"_s}, {u"curl x"_s}).verdict, ApprovalVerdict::Deny);
}

void TestApprovalPolicy::runAllRunsEverything()
{
    ApprovalPolicy p = rules({u"deny curl *"_s});
    p.mode = ApprovalMode::RunAll;
    QCOMPARE(p.evaluate({u"curl x"_s}).verdict, ApprovalVerdict::Allow);
}

void TestApprovalPolicy::badPatterns_data()
{
    QTest::addColumn<QString>("verdict");
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<QString>("message");
    QTest::newRow("verdict") << u"permit"_s << u"ls"_s << u"unknown verdict"_s;
    QTest::newRow("empty") << u"allow"_s << u"   "_s << u"the pattern is empty"_s;
    QTest::newRow("pipeline") << u"allow"_s << u"cat * | sh"_s << u"spans several commands"_s;
    QTest::newRow("and") << u"deny"_s << u"a && b"_s << u"spans several commands"_s;
    QTest::newRow("semicolon") << u"deny"_s << u"a; b"_s << u"spans several commands"_s;
    QTest::newRow("substitution") << u"allow"_s << u"echo `x`"_s << u"command substitution"_s;
    QTest::newRow("long") << u"allow"_s << QString(1001, u'a') << u"longer than 1000"_s;
}

void TestApprovalPolicy::badPatterns()
{
    QFETCH(QString, verdict);
    QFETCH(QString, pattern);
    QFETCH(QString, message);
    QString error;
    QVERIFY(!ApprovalRule::make(verdict, pattern, &error));
    QVERIFY2(error.contains(message), qPrintable(error));
}

void TestApprovalPolicy::jsonRoundTripAndBadJson()
{
    ApprovalPolicy p = rules({u"allow python3 *"_s, u"deny curl *"_s});
    p.timeoutSeconds = 42;
    QString error;
    const std::optional<ApprovalPolicy> back = ApprovalPolicy::fromJson(p.toJson(), &error);
    QVERIFY(back);
    QCOMPARE(back->mode, ApprovalMode::Rules);
    QCOMPARE(back->rules, p.rules);
    QCOMPARE(back->timeoutSeconds, 42);
    QVERIFY(!ApprovalPolicy::fromJson({{u"mode"_s, u"sometimes"_s}}, &error));
    QVERIFY(error.contains(u"run-all, ask, rules"_s));
    QVERIFY(!ApprovalPolicy::fromJson({{u"timeout_seconds"_s, 0}}, &error));
    QVERIFY(!ApprovalPolicy::fromJson(
        {{u"rules"_s, QJsonArray{QJsonObject{{u"verdict"_s, u"allow"_s}, {u"pattern"_s, u"a|b"_s}}}}},
        &error));
    QVERIFY2(error.startsWith(u"approvals.rules[0]: "_s), qPrintable(error));
}

void TestApprovalPolicy::workspaceSettingsKeys()
{
    QTemporaryDir dir;
    WorkspaceSettings s(dir.path());
    QCOMPARE(s.value(u"approvals"_s), u"run-all"_s);
    QString error;
    QVERIFY(s.setValue(u"approvals"_s, u"ask"_s, &error));
    QVERIFY(s.setValue(u"approvals_timeout_seconds"_s, u"30"_s, &error));
    QVERIFY(!s.setValue(u"approvals"_s, u"maybe"_s, &error));
    QVERIFY(error.contains(u"run-all, ask, rules"_s));
    QVERIFY(!s.setValue(u"approvals_timeout_seconds"_s, u"0"_s, &error));
    QVERIFY(s.save(&error));
    WorkspaceSettings again(dir.path());
    QVERIFY(again.load());
    QCOMPARE(again.approvalPolicy().mode, ApprovalMode::Ask);
    QCOMPARE(again.approvalPolicy().timeoutSeconds, 30);
    // A hand-edited bad entry falls back to asking, and says why.
    QFile f(again.filePath());
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"approvals": {"mode": "rules", "rules": [{"verdict": "allow", "pattern": ""}]}})");
    f.close();
    QVERIFY(again.load());
    error.clear();
    QCOMPARE(again.approvalPolicy(&error).mode, ApprovalMode::Ask);
    QVERIFY(error.contains(u"approvals.rules[0]"_s));
}

void TestApprovalPolicy::brokerAnswersExpiresAndWithdraws()
{
    ApprovalBroker broker(u"default"_s);
    QSignalSpy resolved(&broker, &ApprovalBroker::resolved);
    ApprovalRequest r;
    r.conversation = u"c1"_s;
    r.commands = {u"ls | wc -l"_s};
    const QString a = broker.ask(r, 60000);
    QVERIFY(a.startsWith(u"apr_"_s));
    QCOMPARE(broker.pending().size(), 1);
    QString error;
    QVERIFY(!broker.answer(a, ApprovalDecision::Expired, {}, u"test"_s, &error));
    QVERIFY(!broker.answer(u"apr_nope"_s, ApprovalDecision::Deny, {}, u"test"_s, &error));
    QVERIFY(error.contains(u"apr_nope"_s));
    QVERIFY(broker.answer(a, ApprovalDecision::AllowConversation, u"ok"_s, u"test"_s, &error));
    QCOMPARE(resolved.size(), 1);
    QCOMPARE(broker.allowedFor(u"c1"_s), (QSet<QString>{u"ls"_s, u"wc -l"_s}));
    QVERIFY(broker.allowedFor(u"c2"_s).isEmpty());
    QVERIFY(!broker.answer(a, ApprovalDecision::Deny, {}, u"test"_s, &error)); // answered already

    const QString b = broker.ask(r, 50);
    QTRY_COMPARE(resolved.size(), 2);
    QCOMPARE(resolved.last().at(0).value<ApprovalRequest>().id, b);
    QCOMPARE(resolved.last().at(1).value<ApprovalAnswer>().decision, ApprovalDecision::Expired);

    QSignalSpy withdrawn(&broker, &ApprovalBroker::withdrawn);
    const QString c = broker.ask(r, 60000);
    broker.withdraw(c);
    QCOMPARE(withdrawn.size(), 1);
    QVERIFY(broker.pending().isEmpty());
    QCOMPARE(resolved.size(), 2);
}

QTEST_GUILESS_MAIN(TestApprovalPolicy)
#include "test_approvalpolicy.moc"
