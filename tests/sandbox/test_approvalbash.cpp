// SPDX-License-Identifier: GPL-3.0-or-later
#include "approvalbashcases.h"
#include "base/approvalpolicy.h"
#include "base/shellsplitter.h"
#include "sandboxtestutil.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>

using namespace Qt::StringLiterals;

// The approval splitter checked against bash itself (issue 28): every tricky call of approvalbashcases.h
// runs under bash's own trace (set -x into a file through BASH_XTRACEFD) inside one real container, and
// every simple command bash ran must be one the splitter judged, or the splitter must have answered `ask`
// for the whole call. Whenever bash ran touch, the rules deny 'touch *', allow 'echo *', allow 'cat *' never
// allow the call.
class TestApprovalBash final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void everyCommandBashRunsWasJudged_data();
    void everyCommandBashRunsWasJudged();

private:
    struct Run
    {
        QStringList traced; // command names bash's trace shows, in order
        bool touched = false;
    };
    QHash<QString, Run> m_runs;
    QTemporaryDir m_dir;
    ContainerManager *m_manager = nullptr;
};

// The first word of an xtrace line (after the "+ "), with bash's quoting undone: 'a b', '\'' and $'…'.
static QString firstTraceWord(QStringView s)
{
    QString out;
    qsizetype i = 0;
    while (i < s.size() && s.at(i) != u' ') {
        if (s.at(i) == u'$' && i + 1 < s.size() && s.at(i + 1) == u'\'') {
            const qsizetype end = s.indexOf(u'\'', i + 2);
            out += s.mid(i + 2, (end < 0 ? s.size() : end) - i - 2);
            i = end < 0 ? s.size() : end + 1;
        } else if (s.at(i) == u'\'') {
            const qsizetype end = s.indexOf(u'\'', i + 1);
            out += s.mid(i + 1, (end < 0 ? s.size() : end) - i - 1);
            i = end < 0 ? s.size() : end + 1;
        } else if (s.at(i) == u'\\' && i + 1 < s.size()) {
            out += s.at(i + 1);
            i += 2;
        } else {
            out += s.at(i++);
        }
    }
    return out;
}

void TestApprovalBash::initTestCase()
{
    SANDBOX_REQUIRE_INIT();
    QVERIFY(m_dir.isValid());
    m_manager = new ContainerManager(sandboxTestSettings(m_dir.path()), this);
    QString error;
    Container *c = m_manager->create(&error);
    QVERIFY2(c, qPrintable(error));
    // One container, one shell call: each case runs in its own directory as `bash -xc CALL`, its trace in a
    // file of its own (fd 9), its input empty, at most 10 s.
    const qsizetype n = std::size(kApprovalBashCases);
    for (qsizetype i = 0; i < n; ++i)
        QVERIFY(placeFile(c, u"case-%1"_s.arg(i), QByteArray(kApprovalBashCases[i].call)));
    QVERIFY(
        placeFile(c, u"runner.sh"_s,
                  "cd \"$HOME\" || exit 1\n"
                  "for f in case-*; do\n"
                  "  n=${f#case-}; mkdir -p \"run-$n\"\n"
                  "  s=$(cat \"$f\"; printf x); s=${s%x}\n"
                  "  (cd \"run-$n\" && BASH_XTRACEFD=9 PS4='+ ' timeout 10 bash -xc \"$s\" 9>\"../trace-$n\" "
                  "</dev/null >/dev/null 2>&1)\n"
                  "done\n"
                  "echo finished\n"));
    ShellCall *call = c->run(shellAction({u"bash runner.sh"_s}, 240000));
    QVERIFY2(waitForCall(call, 250000), "the runner did not finish");
    QVERIFY2(!call->results().isEmpty(), qPrintable(u"no command ran: "_s + call->errorString()));
    QCOMPARE(call->results().constFirst().stdoutText, u"finished\n"_s);
    for (qsizetype i = 0; i < n; ++i) {
        Run run;
        QFile trace(c->homeDir() + u"/trace-%1"_s.arg(i));
        QVERIFY2(trace.open(QIODevice::ReadOnly), qPrintable(trace.fileName()));
        for (const QString &line : QString::fromUtf8(trace.readAll()).split(u'\n')) {
            qsizetype plus = 0;
            while (plus < line.size() && line.at(plus) == u'+')
                ++plus;
            if (plus == 0 || plus >= line.size() || line.at(plus) != u' ')
                continue; // a continuation line of a traced argument
            const QString word = firstTraceWord(QStringView(line).mid(plus + 1));
            // Keywords bash traces, and assignments without a command.
            static const QSet<QString> keywords{u"for"_s, u"select"_s, u"case"_s, u"[["_s, u"(("_s};
            static const QRegularExpression assignment(u"^[A-Za-z_][A-Za-z0-9_]*(\\[[^]]*\\])?\\+?="_s);
            if (!keywords.contains(word) && !assignment.match(word).hasMatch())
                run.traced.append(word);
        }
        run.touched = QFileInfo::exists(c->homeDir() + u"/run-%1/f"_s.arg(i));
        m_runs.insert(QString::fromLatin1(kApprovalBashCases[i].name), run);
    }
    // The trace works: the first issue call ran echo and touch.
    const Run first = m_runs.value(u"issue-ansi-c-escaped-quote"_s);
    QCOMPARE(first.traced, (QStringList{u"echo"_s, u"touch"_s}));
    QVERIFY(first.touched);
}

void TestApprovalBash::cleanupTestCase()
{
    delete m_manager;
}

void TestApprovalBash::everyCommandBashRunsWasJudged_data()
{
    QTest::addColumn<QString>("call");
    QTest::addColumn<bool>("accounted");
    for (const ApprovalBashCase &c : kApprovalBashCases)
        QTest::newRow(c.name) << QString::fromUtf8(c.call) << c.accounted;
}

void TestApprovalBash::everyCommandBashRunsWasJudged()
{
    QFETCH(QString, call);
    QFETCH(bool, accounted);
    const Run run = m_runs.value(QString::fromLatin1(QTest::currentDataTag()));
    const ShellSplit split = ShellSplitter::split(call);
    QVERIFY2(split.accounted() == accounted, qPrintable(u"unaccounted: "_s + split.unaccounted));
    if (split.accounted()) {
        QSet<QString> judged;
        for (const ShellCommand &c : split.commands)
            judged << c.invoked << c.name;
        for (const QString &name : run.traced)
            QVERIFY2(judged.contains(name),
                     qPrintable(u"bash ran \"%1\", which the splitter did not judge (it "
                                "judged: %2)"_s.arg(name, judged.values().join(u", "_s))));
    }
    ApprovalPolicy policy;
    policy.mode = ApprovalMode::Rules;
    for (const auto &[verdict, pattern] :
         {std::pair{u"deny"_s, u"touch *"_s}, std::pair{u"allow"_s, u"echo *"_s},
          std::pair{u"allow"_s, u"cat *"_s}}) {
        QString error;
        policy.rules.append(*ApprovalRule::make(verdict, pattern, &error));
    }
    const ApprovalPolicy::Evaluation e = policy.evaluate({call});
    if (run.touched) {
        QVERIFY2(e.verdict != ApprovalVerdict::Allow, qPrintable(e.reason));
        // Where the splitter accounted for the call, it saw the touch and the deny rule decided.
        if (split.accounted())
            QCOMPARE(e.verdict, ApprovalVerdict::Deny);
    }
}

QTEST_GUILESS_MAIN(TestApprovalBash)
#include "test_approvalbash.moc"
