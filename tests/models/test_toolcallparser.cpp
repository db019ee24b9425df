// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/toolcallparser.h"

#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;

// Tolerant repair of tool calls: arguments text, ids, and calls written into the reply text.
class TestToolCallParser final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void normalize_data();
    void normalize();
    void generatedIds();
    void embedded_data();
    void embedded();
};

void TestToolCallParser::normalize_data()
{
    QTest::addColumn<QString>("raw");
    QTest::addColumn<QString>("expected"); // compact JSON, or empty when a parse error is expected

    QTest::newRow("clean") << uR"({"commands":["ls"]})"_s << uR"({"commands":["ls"]})"_s;
    QTest::newRow("whitespace") << u"  {\n \"a\": 1 }\n"_s << uR"({"a":1})"_s;
    QTest::newRow("empty") << QString() << u"{}"_s;
    QTest::newRow("trailing text") << uR"({"commands":["ls"]} I will now run this)"_s
                                   << uR"({"commands":["ls"]})"_s;
    QTest::newRow("two objects") << uR"({"a":1}{"b":2})"_s << uR"({"a":1})"_s;
    QTest::newRow("leading text") << uR"(Arguments: {"a":"}"})"_s << uR"({"a":"}"})"_s;
    QTest::newRow("double encoded") << uR"("{\"a\":1}")"_s << uR"({"a":1})"_s;
    QTest::newRow("braces in strings")
        << uR"({"cmd":"echo {x} \"}\""} junk)"_s << uR"({"cmd":"echo {x} \"}\""})"_s;
    QTest::newRow("truncated") << uR"({"commands":["ls")"_s << QString();
    QTest::newRow("array") << uR"(["ls"])"_s << QString();
    QTest::newRow("garbage") << u"run ls please"_s << QString();
}

void TestToolCallParser::normalize()
{
    QFETCH(QString, raw);
    QFETCH(QString, expected);
    ToolCall call{u"call_1"_s, u"shell"_s, raw, {}};
    ToolCallParser::normalize(call);
    QCOMPARE(call.id, u"call_1"_s);
    if (expected.isEmpty()) {
        QVERIFY(!call.isValid());
        QVERIFY(call.parseError.contains(u"shell"_s));
        QCOMPARE(call.argumentsJson, raw); // kept so the model can be shown what it sent
        QVERIFY(call.arguments().isEmpty());
    } else {
        QVERIFY2(call.isValid(), qPrintable(call.parseError));
        QCOMPARE(call.argumentsJson, expected);
        QCOMPARE(call.arguments(), QJsonDocument::fromJson(expected.toUtf8()).object());
    }
}

void TestToolCallParser::generatedIds()
{
    ToolCall a{{}, u"shell"_s, u"{}"_s, {}};
    ToolCall b{{}, u"shell"_s, u"{}"_s, {}};
    ToolCallParser::normalize(a);
    ToolCallParser::normalize(b);
    QVERIFY(a.id.startsWith(u"call_"_s));
    QCOMPARE(a.id.size(), 29);
    QVERIFY(a.id != b.id);
}

void TestToolCallParser::embedded_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("names");
    QTest::addColumn<QStringList>("arguments"); // compact JSON or "ERROR"
    QTest::addColumn<QString>("remaining");

    QTest::newRow("tool_call tag")
        << u"Let me look.\n<tool_call>{\"name\":\"shell\",\"arguments\":{\"commands\":[\"ls\"]}}</tool_call>"_s
        << QStringList{u"shell"_s} << QStringList{uR"({"commands":["ls"]})"_s} << u"Let me look."_s;
    QTest::newRow("two tags")
        << u"<tool_call>{\"name\":\"shell\",\"arguments\":{\"commands\":[\"a\"]}}</tool_call>\n<tool_call>{\"name\":\"shell\",\"arguments\":\"{\\\"commands\\\":[\\\"b\\\"]}\"}</tool_call>"_s
        << QStringList{u"shell"_s, u"shell"_s}
        << QStringList{uR"({"commands":["a"]})"_s, uR"({"commands":["b"]})"_s} << QString();
    QTest::newRow("unclosed tag")
        << u"<tool_call>{\"name\":\"shell\",\"arguments\":{\"commands\":[\"ls\"]}}"_s
        << QStringList{u"shell"_s} << QStringList{uR"({"commands":["ls"]})"_s} << QString();
    QTest::newRow("malformed tag")
        << u"<tool_call>{\"name\":\"shell\",\"arguments\":{\"commands\":[\"ls\"}</tool_call>"_s
        << QStringList{u"shell"_s} << QStringList{u"ERROR"_s} << QString();
    QTest::newRow("fenced json known tool")
        << u"I'll run:\n```json\n{\"name\": \"shell\", \"parameters\": {\"commands\": [\"pwd\"]}}\n```\nDone."_s
        << QStringList{u"shell"_s} << QStringList{uR"({"commands":["pwd"]})"_s} << u"I'll run:\n\nDone."_s;
    QTest::newRow("fenced json unknown tool kept as text")
        << u"```json\n{\"name\": \"other\", \"arguments\": {}}\n```"_s << QStringList() << QStringList()
        << u"```json\n{\"name\": \"other\", \"arguments\": {}}\n```"_s;
    QTest::newRow("fenced plain data kept") << u"Here:\n```json\n{\"rows\": 3}\n```"_s << QStringList()
                                            << QStringList() << u"Here:\n```json\n{\"rows\": 3}\n```"_s;
    QTest::newRow("bare object reply")
        << uR"({"name":"shell","arguments":{"commands":["id"]}})"_s << QStringList{u"shell"_s}
        << QStringList{uR"({"commands":["id"]})"_s} << QString();
    QTest::newRow("plain text") << u"The answer is 5050."_s << QStringList() << QStringList()
                                << u"The answer is 5050."_s;
}

void TestToolCallParser::embedded()
{
    QFETCH(QString, text);
    QFETCH(QStringList, names);
    QFETCH(QStringList, arguments);
    QFETCH(QString, remaining);
    const QList<ToolCall> calls = ToolCallParser::extractEmbedded(&text, {u"shell"_s, u"bash"_s});
    QCOMPARE(calls.size(), names.size());
    for (qsizetype i = 0; i < calls.size(); ++i) {
        QCOMPARE(calls[i].name, names[i]);
        QVERIFY(calls[i].id.startsWith(u"call_"_s));
        if (arguments[i] == u"ERROR")
            QVERIFY(!calls[i].parseError.isEmpty());
        else
            QCOMPARE(calls[i].argumentsJson, arguments[i]);
    }
    QCOMPARE(text, remaining);
}

QTEST_GUILESS_MAIN(TestToolCallParser)
#include "test_toolcallparser.moc"
