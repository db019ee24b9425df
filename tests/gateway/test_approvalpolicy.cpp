// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/approvalpolicy.h"
#include "base/shellsplitter.h"
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
    void issueCallsAreDenied_data();
    void issueCallsAreDenied();
    void failsClosed_data();
    void failsClosed();
    void conversationAllowanceNeverCoversUnaccounted();
    void limits();
    void badInputs();
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
        << u"echo 'a | b' \"c; d\""_s << QStringList{u"echo 'a | b' 'c; d'"_s} << false;
    QTest::newRow("redirections-are-not-separators")
        << u"cmd 2>&1 >out &>all"_s << QStringList{u"cmd 2>&1 >out &>all"_s} << false;
    QTest::newRow("quote-removal") << u"'git' \"push\" or\\igin"_s << QStringList{u"git push origin"_s}
                                   << false;
    QTest::newRow("subshell") << u"(cd x && curl y)"_s << QStringList{u"cd x"_s, u"curl y"_s} << false;
    QTest::newRow("assignments-and-wrappers-dropped")
        << u"FOO=1 env BAR=2 nohup curl x"_s << QStringList{u"curl x"_s} << false;
    QTest::newRow("substitution") << u"echo $(curl x)"_s << QStringList{u"curl x"_s, u"echo $(curl x)"_s}
                                  << true;
    QTest::newRow("backticks") << u"echo `id`"_s << QStringList{u"id"_s, u"echo `id`"_s} << true;
    QTest::newRow("heredoc-body-is-not-a-command")
        << u"cat > x.py <<'EOF'\nimport os; os.system('ls')\nEOF\npython3 x.py"_s
        << QStringList{u"cat >x.py <<'EOF'"_s, u"python3 x.py"_s} << false;
    QTest::newRow("keywords") << u"if [ -f x ]; then for i in a; do echo $i; done; fi"_s
                              << QStringList{u"[ -f x ]"_s, u"echo $i"_s} << false;
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
    QTest::newRow("substitution-judged")
        << QStringList{u"allow echo *"_s} << QStringList{u"echo `id`"_s} << u"ask"_s << QString();
    QTest::newRow("substitution-allowed-when-all-are")
        << QStringList{u"allow echo *"_s, u"allow id *"_s} << QStringList{u"echo `id -u`"_s} << u"allow"_s
        << u"allow id *"_s;
    QTest::newRow("quoted-argument-still-denied")
        << QStringList{u"deny git push *"_s, u"allow git *"_s} << QStringList{u"git 'push' origin"_s}
        << u"deny"_s << u"deny git push *"_s;
    QTest::newRow("canonical-quotes-match")
        << QStringList{u"allow python3 -c 'print(1)'"_s} << QStringList{u"python3 -c \"print(1)\""_s}
        << u"allow"_s << u"allow python3 -c 'print(1)'"_s;
    QTest::newRow("path-denied-by-base-name")
        << QStringList{u"deny touch *"_s, u"allow *"_s} << QStringList{u"/usr/bin/touch f"_s} << u"deny"_s
        << u"deny touch *"_s;
    QTest::newRow("path-not-allowed-by-base-name")
        << QStringList{u"allow echo *"_s} << QStringList{u"./echo x"_s} << u"ask"_s << QString();
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

static QStringList issueRules()
{
    return {u"deny touch *"_s, u"allow echo *"_s, u"allow cat *"_s};
}

void TestApprovalPolicy::issueCallsAreDenied_data()
{
    QTest::addColumn<QString>("call");
    // Issue 28: each was allowed and ran touch; the splitter opened quotes where bash does not.
    QTest::newRow("ansi-c-escaped-quote") << u"echo $'\\''; touch f"_s;
    QTest::newRow("comment-apostrophe") << u"echo ok # it's\ntouch f"_s;
    QTest::newRow("comment-double-quote") << u"echo ok # say \"hi\ntouch f"_s;
    QTest::newRow("heredoc-quote") << u"cat <<EOF\necho it's\nEOF\ntouch f"_s;
    QTest::newRow("heredoc-double-quote") << u"cat <<EOF\necho say \"hi\nEOF\ntouch f"_s;
    QTest::newRow("heredoc-quote-plain-body") << u"cat <<EOF\nit's\nEOF\ntouch f"_s;
}

void TestApprovalPolicy::issueCallsAreDenied()
{
    QFETCH(QString, call);
    const ApprovalPolicy::Evaluation e = rules(issueRules()).evaluate({call});
    QCOMPARE(ApprovalPolicy::verdictName(e.verdict), u"deny"_s);
    QCOMPARE(e.rule, u"deny touch *"_s);
}

void TestApprovalPolicy::failsClosed_data()
{
    QTest::addColumn<QString>("call");
    QTest::addColumn<QString>("verdict");
    QTest::addColumn<QString>("why");
    // With "allow *" every command the splitter finds is allowed: what is left is its own verdict.
    QTest::newRow("eval") << u"eval 'ls'"_s << u"ask"_s << u"eval runs text"_s;
    QTest::newRow("source") << u". ./x"_s << u"ask"_s << u". runs text"_s;
    QTest::newRow("bash-c") << u"bash -lc 'ls'"_s << u"ask"_s << u"bash -lc runs commands"_s;
    QTest::newRow("sh-stdin") << u"cat x | sh"_s << u"ask"_s << u"reads commands from its input"_s;
    QTest::newRow("xargs") << u"ls | xargs rm"_s << u"ask"_s << u"xargs runs a command"_s;
    QTest::newRow("find-exec") << u"find . -exec rm {} +"_s << u"ask"_s << u"find -exec"_s;
    QTest::newRow("sudo") << u"sudo ls"_s << u"ask"_s << u"sudo runs a command"_s;
    QTest::newRow("variable-command") << u"$CMD x"_s << u"ask"_s << u"only known when it runs"_s;
    QTest::newRow("substitution-command") << u"$(echo ls) x"_s << u"ask"_s << u"only known when it runs"_s;
    QTest::newRow("brace-command") << u"{ls,x}"_s << u"ask"_s << u"only known when it runs"_s;
    QTest::newRow("glob-command") << u"/bin/l? x"_s << u"ask"_s << u"only known when it runs"_s;
    QTest::newRow("unbalanced-single") << u"echo 'x"_s << u"ask"_s << u"unbalanced ' quote"_s;
    QTest::newRow("unbalanced-double") << u"echo \"x"_s << u"ask"_s << u"unbalanced \" quote"_s;
    QTest::newRow("unbalanced-ansi-c") << u"echo $'x\\'"_s << u"ask"_s << u"unbalanced $' quote"_s;
    QTest::newRow("unbalanced-backtick") << u"echo `x"_s << u"ask"_s << u"unbalanced ` quote"_s;
    QTest::newRow("unbalanced-substitution") << u"echo $(ls"_s << u"ask"_s << u"unbalanced $("_s;
    QTest::newRow("unbalanced-parameter") << u"echo ${x"_s << u"ask"_s << u"unbalanced ${"_s;
    QTest::newRow("unterminated-heredoc") << u"cat <<EOF\nls"_s << u"ask"_s << u"without its end line"_s;
    QTest::newRow("syntax-error") << u"ls; fi"_s << u"ask"_s << u"syntax error"_s;
    QTest::newRow("alias") << u"alias ls='rm -rf x'"_s << u"ask"_s << u"alias defines"_s;
    QTest::newRow("trap") << u"trap 'rm x' EXIT"_s << u"ask"_s << u"trap sets a command"_s;
    QTest::newRow("trap-reset-is-fine") << u"trap - EXIT"_s << u"allow"_s << QString();
    QTest::newRow("path") << u"PATH=.:$PATH ls"_s << u"ask"_s << u"sets PATH"_s;
    QTest::newRow("export-ld-preload") << u"export LD_PRELOAD=/x.so"_s << u"ask"_s << u"sets LD_PRELOAD"_s;
    QTest::newRow("env-S") << u"env -S 'rm x'"_s << u"ask"_s << u"env with an option"_s;
    QTest::newRow("arithmetic-variable") << u"echo $((n+1))"_s << u"ask"_s << u"arithmetic on a variable"_s;
    QTest::newRow("arithmetic-constant") << u"echo $((1+2*3)) $[4]"_s << u"allow"_s << QString();
    QTest::newRow("indirect") << u"echo ${!x}"_s << u"ask"_s << u"indirect expansion"_s;
    QTest::newRow("prompt-expansion") << u"echo ${x@P}"_s << u"ask"_s << u"prompt expansion"_s;
    QTest::newRow("array-index-variable") << u"echo ${a[i]}"_s << u"ask"_s << u"array index"_s;
    QTest::newRow("array-all-is-fine") << u"echo \"${a[@]}\" ${#a[*]} ${!a[@]}"_s << u"allow"_s << QString();
    QTest::newRow("declare-i") << u"declare -i n=1"_s << u"ask"_s << u"declare -i"_s;
    QTest::newRow("local-value") << u"f() { local x=$1; }"_s << u"ask"_s << u"value only known"_s;
    QTest::newRow("read-a-is-fine") << u"read -r -a parts <<< 'a b'"_s << u"allow"_s << QString();
    QTest::newRow("mapfile-callback") << u"mapfile -C cb arr < x"_s << u"ask"_s << u"-C runs a callback"_s;
    QTest::newRow("extglob") << u"echo @(a|b)"_s << u"ask"_s << u"syntax error"_s;
    QTest::newRow("wrapper-unknown-option") << u"nice --weird ls"_s << u"ask"_s << u"does not model"_s;
    QTest::newRow("shell-script-is-a-program") << u"bash build.sh"_s << u"allow"_s << QString();
    QTest::newRow("heredoc-in-backticks")
        << u"echo `cat <<EOF`\nrm x\nEOF"_s << u"ask"_s << u"without its end line"_s;
    // A deny rule still wins where it matches a command the splitter found.
    QTest::newRow("deny-still-wins") << u"eval x; curl y"_s << u"deny"_s << QString();
    QTest::newRow("deny-before-bad-quote") << u"curl y; echo 'x"_s << u"deny"_s << QString();
}

void TestApprovalPolicy::failsClosed()
{
    QFETCH(QString, call);
    QFETCH(QString, verdict);
    QFETCH(QString, why);
    const ApprovalPolicy::Evaluation e = rules({u"deny curl *"_s, u"allow *"_s}).evaluate({call});
    QVERIFY2(ApprovalPolicy::verdictName(e.verdict) == verdict, qPrintable(e.reason));
    if (!why.isEmpty())
        QVERIFY2(e.reason.contains(why), qPrintable(e.reason));
    if (verdict == u"ask"_s)
        QVERIFY2(e.reason.startsWith(u"the rules cannot account for this call: "_s), qPrintable(e.reason));
}

void TestApprovalPolicy::conversationAllowanceNeverCoversUnaccounted()
{
    ApprovalPolicy p;
    p.mode = ApprovalMode::Ask;
    // "eval ls" was allowed for the conversation once; the next eval still asks.
    QCOMPARE(p.evaluate({u"eval ls"_s}, {u"eval ls"_s}).verdict, ApprovalVerdict::Ask);
    QCOMPARE(p.evaluate({u"ls -l"_s}, {u"ls -l"_s}).verdict, ApprovalVerdict::Allow);
}

void TestApprovalPolicy::limits()
{
    const ApprovalPolicy p = rules({u"deny touch *"_s, u"allow *"_s});
    // A large here-document (a file the model writes) is read in one pass and accounted for.
    const QString body = QString(u"print('it''s')\n"_s).repeated(100000);
    const QString write = u"cat > big.py <<'EOF'\n"_s + body + u"EOF\npython3 big.py"_s;
    QCOMPARE(p.evaluate({write}).verdict, ApprovalVerdict::Allow);
    QCOMPARE(p.evaluate({write + u"\ntouch f"_s}).verdict, ApprovalVerdict::Deny);
    // Longer than the limit: asked, whatever it holds.
    const QString huge = u"echo "_s + QString(ShellSplitter::MaxInputLength, u'a');
    ApprovalPolicy::Evaluation e = p.evaluate({huge});
    QCOMPARE(e.verdict, ApprovalVerdict::Ask);
    QVERIFY2(e.reason.contains(u"longer than"_s), qPrintable(e.reason));
    // Deep nesting of every kind stops at the depth limit with `ask`, without exhausting the stack.
    const int deep = 100000;
    const QStringList nests{
        QString(u"$("_s).repeated(deep) + u"ls"_s + QString(u")"_s).repeated(deep),
        QString(u"("_s).repeated(deep) + u"ls"_s + QString(u")"_s).repeated(deep),
        QString(u"{ "_s).repeated(deep) + u"ls"_s + QString(u"; }"_s).repeated(deep),
        u"echo "_s + QString(u"${x:-"_s).repeated(deep) + QString(u"}"_s).repeated(deep),
        u"echo "_s + QString(u"\"$(echo "_s).repeated(deep),
        QString(u"if true; then "_s).repeated(deep) + u"ls"_s,
        u"x="_s + QString(u"("_s).repeated(deep),
        u"echo "_s + QString(u"<("_s).repeated(deep),
    };
    for (const QString &nest : nests) {
        e = p.evaluate({nest});
        QCOMPARE(e.verdict, ApprovalVerdict::Ask);
    }
    e = p.evaluate({QString(u"$("_s).repeated(ShellSplitter::MaxDepth + 1) + u"ls"_s +
                    QString(u")"_s).repeated(ShellSplitter::MaxDepth + 1)});
    QVERIFY2(e.reason.contains(u"nests more than"_s), qPrintable(e.reason));
    // Within the limit, nesting is followed.
    QCOMPARE(p.evaluate({u"echo "_s + QString(u"$(echo "_s).repeated(19) + u"$(touch f"_s +
                         QString(u")"_s).repeated(20)})
                 .verdict,
             ApprovalVerdict::Deny);
    // Backticks nest by escaping: each level doubles the backslashes.
    QString nested = u"touch f"_s;
    for (int i = 0; i < 6; ++i) {
        QString escaped;
        for (const QChar c : nested)
            escaped += (c == u'\\' || c == u'`') ? QString(u'\\') + c : QString(c);
        nested = u"echo `"_s + escaped + u'`';
    }
    QCOMPARE(p.evaluate({nested}).verdict, ApprovalVerdict::Deny);
    // More commands than the limit.
    e = p.evaluate({QString(u"ls;"_s).repeated(ShellSplitter::MaxCommands + 10)});
    QCOMPARE(e.verdict, ApprovalVerdict::Ask);
    QVERIFY2(e.reason.contains(u"more than"_s), qPrintable(e.reason));
}

void TestApprovalPolicy::badInputs()
{
    const ApprovalPolicy p = rules({u"deny touch *"_s, u"allow *"_s});
    const QStringList inputs{
        QString(QChar(0)) + u"ls"_s,
        u"ls \u0000; touch f"_s,
        QString(QChar(0xd800)) + u" ls"_s, // a lone surrogate
        u"ls\r\ntouch f"_s,
        u"\\"_s,
        u"$"_s,
        u"`"_s,
        u"<<"_s,
        u"cat <<"_s,
        u"cat <<EOF"_s,
        u";;"_s,
        u"))"_s,
        u"case"_s,
        u"[["_s,
        u"for"_s,
        u"function"_s,
        u"$(("_s,
        u"${"_s,
        u"echo $'\\x"_s,
        u"echo $'\\c"_s,
    };
    for (const QString &in : inputs) {
        const ShellSplit s = ShellSplitter::split(in);
        const ApprovalPolicy::Evaluation e = p.evaluate({in});
        // Never allowed unless everything was accounted for; touch is never allowed.
        if (!s.accounted())
            QVERIFY2(e.verdict != ApprovalVerdict::Allow, qPrintable(in));
        if (in.contains(u"touch f"_s))
            QVERIFY2(e.verdict != ApprovalVerdict::Allow, qPrintable(in));
    }
    // \r is an ordinary character for bash: "ls\r" is one command, touch the next.
    QCOMPARE(p.evaluate({u"ls\r\ntouch f"_s}).verdict, ApprovalVerdict::Deny);
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
