// SPDX-License-Identifier: GPL-3.0-or-later
#include "toolcallparser.h"

#include <QJsonDocument>
#include <QRandomGenerator>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace ToolCallParser {

QString generateCallId()
{
    static const char alphabet[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    QString id = u"call_"_s;
    for (int i = 0; i < 24; ++i)
        id += QLatin1Char(alphabet[QRandomGenerator::global()->bounded(int(sizeof(alphabet) - 1))]);
    return id;
}

std::pair<qsizetype, qsizetype> firstJsonValueSpan(QStringView text)
{
    qsizetype start = -1;
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text[i] == u'{' || text[i] == u'[') {
            start = i;
            break;
        }
    }
    if (start < 0)
        return {-1, -1};
    int depth = 0;
    bool inString = false;
    bool escaped = false;
    for (qsizetype i = start; i < text.size(); ++i) {
        const QChar c = text[i];
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == u'\\')
                escaped = true;
            else if (c == u'"')
                inString = false;
            continue;
        }
        if (c == u'"') {
            inString = true;
        } else if (c == u'{' || c == u'[') {
            ++depth;
        } else if (c == u'}' || c == u']') {
            if (--depth == 0)
                return {start, i + 1};
        }
    }
    return {-1, -1};
}

namespace {

std::optional<QJsonObject> parseObject(const QString &text, QString *error)
{
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(text.toUtf8(), &err);
    if (err.error != QJsonParseError::NoError) {
        *error = err.errorString();
        return std::nullopt;
    }
    if (!doc.isObject()) {
        *error = u"the arguments are not a JSON object"_s;
        return std::nullopt;
    }
    return doc.object();
}

} // namespace

void normalize(ToolCall &call)
{
    if (call.id.isEmpty())
        call.id = generateCallId();
    const QString trimmed = call.argumentsJson.trimmed();
    if (trimmed.isEmpty()) {
        call.argumentsJson = u"{}"_s;
        call.parseError.clear();
        return;
    }
    QString error;
    std::optional<QJsonObject> args = parseObject(trimmed, &error);
    if (!args && trimmed.startsWith(u'"')) {
        // Some servers double-encode: the arguments are a JSON string holding the object.
        const QJsonDocument doc = QJsonDocument::fromJson("[" + trimmed.toUtf8() + "]");
        if (doc.isArray() && doc.array().at(0).isString()) {
            QString inner;
            args = parseObject(doc.array().at(0).toString(), &inner);
        }
    }
    if (!args) {
        const auto [start, end] = firstJsonValueSpan(trimmed);
        if (start >= 0) {
            QString inner;
            args = parseObject(trimmed.sliced(start, end - start), &inner);
        }
    }
    if (!args) {
        call.parseError = u"invalid JSON in the arguments of tool \"%1\": %2"_s.arg(call.name, error);
        return;
    }
    call.parseError.clear();
    call.argumentsJson = QString::fromUtf8(QJsonDocument(*args).toJson(QJsonDocument::Compact));
}

namespace {

// Turns {"name":..,"arguments":..} (or "parameters") into a call; nullopt when it is not call-shaped.
std::optional<ToolCall> callFromObject(const QJsonObject &obj)
{
    QJsonObject o = obj;
    if (o.value(u"function"_s).isObject()) // {"type":"function","function":{...}}
        o = o.value(u"function"_s).toObject();
    const QString name = o.value(u"name"_s).toString();
    if (name.isEmpty())
        return std::nullopt;
    QJsonValue args = o.value(u"arguments"_s);
    if (args.isUndefined())
        args = o.value(u"parameters"_s);
    if (args.isUndefined())
        args = o.value(u"input"_s);
    ToolCall call;
    call.name = name;
    call.id = o.value(u"id"_s).toString();
    if (args.isString())
        call.argumentsJson = args.toString();
    else if (args.isObject())
        call.argumentsJson = QString::fromUtf8(QJsonDocument(args.toObject()).toJson(QJsonDocument::Compact));
    else if (args.isUndefined() || args.isNull())
        call.argumentsJson = u"{}"_s;
    else
        call.argumentsJson =
            QString::fromUtf8(QJsonDocument(QJsonArray{args}).toJson(QJsonDocument::Compact));
    normalize(call);
    return call;
}

// Parses a block that should hold one call, or an array of calls; malformed text becomes a call with
// parseError.
QList<ToolCall> callsFromBlock(const QString &block, bool mustBeKnown, const QStringList &knownTools)
{
    QList<ToolCall> calls;
    const QString body = block.trimmed();
    const auto [start, end] = firstJsonValueSpan(body);
    QJsonParseError err;
    QJsonDocument doc;
    if (start >= 0)
        doc = QJsonDocument::fromJson(body.sliced(start, end - start).toUtf8(), &err);
    if (start < 0 || err.error != QJsonParseError::NoError) {
        if (mustBeKnown)
            return calls;
        // Recover the name with a regular expression so the model learns which call was broken.
        static const QRegularExpression nameRe(u"\"name\"\\s*:\\s*\"([^\"]+)\""_s);
        const QRegularExpressionMatch m = nameRe.match(body);
        ToolCall call;
        call.id = generateCallId();
        call.name = m.hasMatch() ? m.captured(1) : QString();
        call.argumentsJson = body;
        call.parseError = start < 0 ? u"the tool call is not complete JSON"_s
                                    : u"invalid JSON in the tool call: "_s % err.errorString();
        calls.append(call);
        return calls;
    }
    QJsonArray items = doc.isArray() ? doc.array() : QJsonArray{doc.object()};
    for (const QJsonValue &item : items) {
        if (!item.isObject())
            continue;
        std::optional<ToolCall> call = callFromObject(item.toObject());
        if (!call)
            continue;
        if (mustBeKnown && !knownTools.contains(call->name))
            continue;
        calls.append(*call);
    }
    return calls;
}

} // namespace

QList<ToolCall> extractEmbedded(QString *text, const QStringList &knownTools)
{
    QList<ToolCall> calls;
    static const QRegularExpression tagRe(u"<tool_call>(.*?)(</tool_call>|$)"_s,
                                          QRegularExpression::DotMatchesEverythingOption);
    QString rest = *text;
    QRegularExpressionMatchIterator it = tagRe.globalMatch(rest);
    QList<std::pair<qsizetype, qsizetype>> spans;
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        calls += callsFromBlock(m.captured(1), false, knownTools);
        spans.append({m.capturedStart(0), m.capturedLength(0)});
    }
    if (spans.isEmpty()) {
        static const QRegularExpression fenceRe(u"```(?:json|JSON|tool_call)?[ \\t]*\\n(.*?)```"_s,
                                                QRegularExpression::DotMatchesEverythingOption);
        QRegularExpressionMatchIterator fit = fenceRe.globalMatch(rest);
        while (fit.hasNext()) {
            const QRegularExpressionMatch m = fit.next();
            const QList<ToolCall> found = callsFromBlock(m.captured(1), true, knownTools);
            if (found.isEmpty())
                continue;
            calls += found;
            spans.append({m.capturedStart(0), m.capturedLength(0)});
        }
    }
    if (spans.isEmpty()) {
        // A reply that is nothing but a call object, as some small models answer.
        const QString trimmed = rest.trimmed();
        if (trimmed.startsWith(u'{') || trimmed.startsWith(u'[')) {
            const QList<ToolCall> found = callsFromBlock(trimmed, true, knownTools);
            if (!found.isEmpty()) {
                calls += found;
                spans.append({0, rest.size()});
            }
        }
    }
    for (qsizetype i = spans.size() - 1; i >= 0; --i)
        rest.remove(spans[i].first, spans[i].second);
    if (!calls.isEmpty())
        *text = rest.trimmed();
    return calls;
}

} // namespace ToolCallParser
