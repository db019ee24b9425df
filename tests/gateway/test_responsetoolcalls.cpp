// SPDX-License-Identifier: GPL-3.0-or-later
// ResponseToolCalls on its own: the tool calls of each API's logged response body, and bodies that are cut,
// malformed, huge or hostile (issue 31 point 12). The window's Logs show them (test_callrecords).
#include "gateway/responsetoolcalls.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {
bool printable(const LoggedToolCall &c)
{
    for (const QString &field : {c.type, c.name, c.callId, c.input, c.outcome}) {
        if (field.size() > ResponseToolCalls::MaxFieldChars * 8 + 1)
            return false;
        for (const QChar ch : field)
            if (ch.category() == QChar::Other_Control || ch.category() == QChar::Other_Format)
                return false;
    }
    return true;
}
} // namespace

class TestResponseToolCalls final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void responsesItems();
    void hostileTextIsEscaped();
    void boundedWhateverTheSize();
    void malformedBodiesYieldNothing_data();
    void malformedBodiesYieldNothing();
};

void TestResponseToolCalls::responsesItems()
{
    const QByteArray body = R"({"output":[
        {"type":"openrouter:shell","call_id":"c1","status":"completed","action":{"commands":["echo a","false"]},
         "output":[{"stdout":"a\n","stderr":"","outcome":{"type":"exit","exit_code":0}},
                   {"stdout":"","stderr":"","outcome":{"type":"exit","exit_code":1}}]},
        {"type":"openrouter:shell","call_id":"c2","status":"incomplete","action":{"commands":["sleep 9"]},
         "output":[{"stdout":"","stderr":"","outcome":{"type":"timeout"}}]},
        {"type":"openrouter:shell","call_id":"c3","status":"incomplete","action":{"commands":["curl x"]},
         "output":[],"not_run":{"code":"approval_denied","message":"denied by the approval rules"}},
        {"type":"message","content":[{"type":"output_text","text":"done"}]}]})";
    const QList<LoggedToolCall> calls = ResponseToolCalls::read(body);
    QCOMPARE(calls.size(), 3);
    QCOMPARE(calls.at(0).name, u"shell"_s);
    QCOMPARE(calls.at(0).input, u"echo a ; false"_s);
    QCOMPARE(calls.at(0).outcome, u"completed; exit 0 · stdout: a\\n; exit 1"_s);
    QCOMPARE(calls.at(1).outcome, u"incomplete; timeout"_s);
    QCOMPARE(calls.at(2).outcome, u"not run (approval_denied): denied by the approval rules"_s);
}

void TestResponseToolCalls::hostileTextIsEscaped()
{
    // ESC sequences, a bidirectional override, NUL, DEL and C1 controls in every field.
    const QString nasty = u"rm\u001b[2J\u202egnp.exe\u0000x\u007f\u0085"_s;
    const QJsonObject item{
        {u"type"_s, u"function_call"_s}, {u"name"_s, nasty}, {u"call_id"_s, nasty}, {u"arguments"_s, nasty}};
    const QList<LoggedToolCall> calls = ResponseToolCalls::read(
        QJsonDocument(QJsonObject{{u"output"_s, QJsonArray{item}}}).toJson(QJsonDocument::Compact));
    QCOMPARE(calls.size(), 1);
    QVERIFY(printable(calls.first()));
    QCOMPARE(calls.first().input, u"rm\\x1b[2J\\u{202e}gnp.exe\\x00x\\x7f\\x85"_s);
}

void TestResponseToolCalls::boundedWhateverTheSize()
{
    // Many calls: at most MaxCalls; a huge argument: one cut line.
    QJsonArray output;
    for (int i = 0; i < ResponseToolCalls::MaxCalls * 3; ++i)
        output.append(QJsonObject{{u"type"_s, u"function_call"_s},
                                  {u"name"_s, u"f"_s},
                                  {u"call_id"_s, QString::number(i)},
                                  {u"arguments"_s, i == 0 ? QString(1 << 20, u'\n') : u"{}"_s}});
    const QList<LoggedToolCall> calls =
        ResponseToolCalls::read(QJsonDocument(QJsonObject{{u"output"_s, output}}).toJson());
    QCOMPARE(calls.size(), ResponseToolCalls::MaxCalls);
    QVERIFY(calls.first().input.endsWith(u'…'));
    QCOMPARE(calls.first().input.size(), ResponseToolCalls::MaxFieldChars * 2 + 1);
    for (const LoggedToolCall &c : calls)
        QVERIFY(printable(c));
    // A body beyond the limit is not read at all.
    QByteArray big = "{\"output\":[{\"type\":\"function_call\",\"name\":\"f\",\"arguments\":\"";
    big.append(QByteArray(ResponseToolCalls::MaxBodyBytes, 'a'));
    big.append("\"}]}");
    QVERIFY(ResponseToolCalls::read(big).isEmpty());
}

void TestResponseToolCalls::malformedBodiesYieldNothing_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::newRow("empty") << QByteArray();
    QTest::newRow("not json") << QByteArray("<html>502</html>");
    QTest::newRow("cut by the log") << QByteArray(R"({"output":[{"type":"function_call","name":"f","argu)");
    QTest::newRow("array root") << QByteArray(R"([{"type":"function_call"}])");
    QTest::newRow("wrong types") << QByteArray(
        R"({"output":"x","content":{"a":1},"choices":[1,"x",null,{"message":7}],)"
        R"("candidates":[{"content":{"parts":[1,{"functionCall":"x"}]}}]})");
    QTest::newRow("result without a call")
        << QByteArray(R"({"candidates":[{"content":{"parts":[{"codeExecutionResult":{"outcome":"OK"}}]}}]})");
}

void TestResponseToolCalls::malformedBodiesYieldNothing()
{
    QFETCH(QByteArray, body);
    QVERIFY(ResponseToolCalls::read(body).isEmpty());
}

QTEST_GUILESS_MAIN(TestResponseToolCalls)
#include "test_responsetoolcalls.moc"
