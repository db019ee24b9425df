// SPDX-License-Identifier: GPL-3.0-or-later
#include "gateway/responsetoolcalls.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

using namespace Qt::StringLiterals;

namespace {

QString compact(const QJsonValue &value)
{
    if (value.isString())
        return value.toString();
    if (value.isObject())
        return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
    if (value.isArray())
        return QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact));
    if (value.isDouble())
        return QString::number(value.toDouble());
    if (value.isBool())
        return value.toBool() ? u"true"_s : u"false"_s;
    return {};
}

// "exit 0", "timeout", "exit 2 · stderr: …" for one command's result ({stdout, stderr, outcome}).
QString commandOutcome(const QJsonObject &result)
{
    const QJsonObject outcome = result.value(u"outcome"_s).toObject();
    QString text = outcome.value(u"type"_s).toString() == u"timeout"
                       ? u"timeout"_s
                       : u"exit %1"_s.arg(outcome.value(u"exit_code"_s).toInt());
    const QString out = result.value(u"stdout"_s).toString();
    const QString err = result.value(u"stderr"_s).toString();
    if (!out.isEmpty())
        text += u" · stdout: "_s + out.left(ResponseToolCalls::MaxFieldChars);
    if (!err.isEmpty())
        text += u" · stderr: "_s + err.left(ResponseToolCalls::MaxFieldChars);
    return text;
}

QString resultsOutcome(const QString &status, const QJsonArray &output)
{
    QStringList parts;
    if (!status.isEmpty())
        parts.append(status);
    for (const QJsonValue &v : output) {
        if (parts.size() > 8)
            break;
        parts.append(commandOutcome(v.toObject()));
    }
    return parts.join(u"; "_s);
}

QString commandsOf(const QJsonObject &action)
{
    QStringList commands;
    for (const QJsonValue &c : action.value(u"commands"_s).toArray()) {
        if (commands.size() > 32)
            break;
        commands.append(c.toString().left(ResponseToolCalls::MaxFieldChars));
    }
    if (commands.isEmpty() && action.value(u"command"_s).isString())
        commands.append(action.value(u"command"_s).toString());
    return commands.join(u" ; "_s);
}

class Reader
{
public:
    QList<LoggedToolCall> calls;

    void add(LoggedToolCall call)
    {
        if (calls.size() >= ResponseToolCalls::MaxCalls)
            return;
        call.type = ResponseToolCalls::line(call.type);
        call.name = ResponseToolCalls::line(call.name);
        call.callId = ResponseToolCalls::line(call.callId);
        call.input = ResponseToolCalls::line(call.input);
        call.outcome = ResponseToolCalls::line(call.outcome);
        calls.append(call);
    }

    // Responses: the output items.
    void responses(const QJsonArray &output)
    {
        // Results that arrive as items of their own, by call id.
        QHash<QString, QString> results;
        for (const QJsonValue &v : output) {
            const QJsonObject item = v.toObject();
            if (item.value(u"type"_s).toString() == u"shell_call_output")
                results.insert(
                    item.value(u"call_id"_s).toString(),
                    resultsOutcome(item.value(u"status"_s).toString(), item.value(u"output"_s).toArray()));
        }
        for (const QJsonValue &v : output) {
            const QJsonObject item = v.toObject();
            const QString type = item.value(u"type"_s).toString();
            const QString callId = item.value(u"call_id"_s).toString();
            if (type == u"function_call") {
                add({type, item.value(u"name"_s).toString(), callId, compact(item.value(u"arguments"_s)),
                     QString()});
            } else if (type == u"shell_call" || type == u"local_shell_call") {
                add({type, u"shell"_s, callId, commandsOf(item.value(u"action"_s).toObject()),
                     results.value(callId, item.value(u"status"_s).toString())});
            } else if (type.startsWith(u"openrouter:"_s)) {
                QString outcome =
                    resultsOutcome(item.value(u"status"_s).toString(), item.value(u"output"_s).toArray());
                const QJsonObject notRun = item.value(u"not_run"_s).toObject();
                if (!notRun.isEmpty())
                    outcome = u"not run (%1): %2"_s.arg(notRun.value(u"code"_s).toString(),
                                                        notRun.value(u"message"_s).toString());
                else if (item.value(u"error"_s).isString())
                    outcome += u" · "_s + item.value(u"error"_s).toString();
                add({type, type.mid(11), callId, commandsOf(item.value(u"action"_s).toObject()), outcome});
            } else if (type == u"code_interpreter_call") {
                QStringList outcome{item.value(u"status"_s).toString()};
                for (const QJsonValue &o : item.value(u"outputs"_s).toArray()) {
                    const QJsonObject out = o.toObject();
                    if (out.value(u"type"_s).toString() == u"logs")
                        outcome.append(u"logs: "_s + out.value(u"logs"_s).toString().left(
                                                         ResponseToolCalls::MaxFieldChars));
                    else if (out.value(u"type"_s).toString() == u"image")
                        outcome.append(u"image"_s);
                    if (outcome.size() > 8)
                        break;
                }
                add({type, u"python"_s, item.value(u"id"_s).toString(), item.value(u"code"_s).toString(),
                     outcome.join(u" · "_s)});
            }
        }
    }

    // Messages: the content blocks; a server tool's result is a block of its own naming the tool_use_id.
    void messages(const QJsonArray &content)
    {
        QHash<QString, QString> results;
        for (const QJsonValue &v : content) {
            const QJsonObject block = v.toObject();
            const QString type = block.value(u"type"_s).toString();
            if (!type.endsWith(u"_tool_result"_s))
                continue;
            const QJsonObject result = block.value(u"content"_s).toObject();
            QString text;
            if (result.contains(u"error_code"_s)) {
                text = u"error: "_s + result.value(u"error_code"_s).toString();
                if (result.value(u"message"_s).isString())
                    text += u" · "_s + result.value(u"message"_s).toString();
            } else if (result.contains(u"return_code"_s) || result.contains(u"exitCode"_s)) {
                const QJsonValue code = result.contains(u"return_code"_s) ? result.value(u"return_code"_s)
                                                                          : result.value(u"exitCode"_s);
                text = code.isNull() ? u"timeout"_s : u"exit %1"_s.arg(code.toInt());
                if (!result.value(u"stdout"_s).toString().isEmpty())
                    text += u" · stdout: "_s +
                            result.value(u"stdout"_s).toString().left(ResponseToolCalls::MaxFieldChars);
                if (!result.value(u"stderr"_s).toString().isEmpty())
                    text += u" · stderr: "_s +
                            result.value(u"stderr"_s).toString().left(ResponseToolCalls::MaxFieldChars);
            } else if (result.value(u"output"_s).isArray()) {
                text = resultsOutcome(QString(), result.value(u"output"_s).toArray());
            } else {
                text = result.value(u"type"_s).toString(type);
            }
            results.insert(block.value(u"tool_use_id"_s).toString(), text);
        }
        for (const QJsonValue &v : content) {
            const QJsonObject block = v.toObject();
            const QString type = block.value(u"type"_s).toString();
            if (type != u"tool_use" && type != u"server_tool_use")
                continue;
            const QString id = block.value(u"id"_s).toString();
            const QJsonObject input = block.value(u"input"_s).toObject();
            QString shown;
            for (const QString &key : {u"code"_s, u"command"_s})
                if (shown.isEmpty() && input.value(key).isString() && input.size() <= 2)
                    shown = input.value(key).toString();
            if (shown.isEmpty() && input.value(u"commands"_s).isArray())
                shown = commandsOf(input);
            if (shown.isEmpty())
                shown = compact(block.value(u"input"_s));
            add({type, block.value(u"name"_s).toString(), id, shown, results.value(id)});
        }
    }

    // Chat Completions: each choice's message.tool_calls.
    void chat(const QJsonArray &choices)
    {
        for (const QJsonValue &c : choices) {
            const QJsonObject message = c.toObject().value(u"message"_s).toObject();
            for (const QJsonValue &v : message.value(u"tool_calls"_s).toArray()) {
                const QJsonObject call = v.toObject();
                const QJsonObject function = call.value(u"function"_s).toObject();
                add({call.value(u"type"_s).toString(u"function"_s), function.value(u"name"_s).toString(),
                     call.value(u"id"_s).toString(), compact(function.value(u"arguments"_s)), QString()});
            }
        }
    }

    // Gemini: each candidate's parts; a codeExecutionResult answers the executableCode before it.
    void gemini(const QJsonArray &candidates)
    {
        for (const QJsonValue &c : candidates) {
            const QJsonArray parts = c.toObject().value(u"content"_s).toObject().value(u"parts"_s).toArray();
            qsizetype openCode = -1;
            for (const QJsonValue &v : parts) {
                const QJsonObject part = v.toObject();
                if (part.value(u"functionCall"_s).isObject()) {
                    const QJsonObject call = part.value(u"functionCall"_s).toObject();
                    add({u"functionCall"_s, call.value(u"name"_s).toString(), call.value(u"id"_s).toString(),
                         compact(call.value(u"args"_s)), QString()});
                } else if (part.value(u"executableCode"_s).isObject()) {
                    const QJsonObject code = part.value(u"executableCode"_s).toObject();
                    add({u"executableCode"_s, code.value(u"language"_s).toString().toLower(),
                         code.value(u"id"_s).toString(), code.value(u"code"_s).toString(), QString()});
                    openCode = calls.size() - 1;
                } else if (part.value(u"codeExecutionResult"_s).isObject() && openCode >= 0) {
                    const QJsonObject result = part.value(u"codeExecutionResult"_s).toObject();
                    QString text = result.value(u"outcome"_s).toString();
                    if (!result.value(u"output"_s).toString().isEmpty())
                        text += u" · "_s +
                                result.value(u"output"_s).toString().left(ResponseToolCalls::MaxFieldChars);
                    calls[openCode].outcome = ResponseToolCalls::line(text);
                    openCode = -1;
                }
            }
        }
    }
};

} // namespace

QString ResponseToolCalls::line(const QString &text)
{
    const bool cut = text.size() > MaxFieldChars;
    QString shown = text.left(MaxFieldChars);
    if (cut && shown.size() > 0 && shown.back().isHighSurrogate())
        shown.chop(1); // never half a character
    // Control and invisible format characters as C-style escapes (printableText's set), without the
    // quotes printableText() adds: arguments are JSON, and quotes inside them are plain text.
    QString out;
    out.reserve(shown.size());
    for (const char32_t c : shown.toUcs4()) {
        if (c == U'\n')
            out += u"\\n"_s;
        else if (c == U'\t')
            out += u"\\t"_s;
        else if (c == U'\r')
            out += u"\\r"_s;
        else if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0))
            out += u"\\x%1"_s.arg(uint(c), 2, 16, QChar(u'0'));
        else if (c == 0x061c || (c >= 0x200b && c <= 0x200f) || (c >= 0x2028 && c <= 0x202e) || c == 0x2060 ||
                 (c >= 0x2066 && c <= 0x2069) || c == 0xfeff)
            out += u"\\u{%1}"_s.arg(uint(c), 4, 16, QChar(u'0'));
        else
            out += QString::fromUcs4(&c, 1);
    }
    return cut ? out + u'…' : out;
}

QList<LoggedToolCall> ResponseToolCalls::read(const QByteArray &body)
{
    if (body.isEmpty() || body.size() > MaxBodyBytes)
        return {};
    const QJsonDocument doc = QJsonDocument::fromJson(body);
    if (!doc.isObject())
        return {};
    const QJsonObject root = doc.object();
    Reader reader;
    // Each API's own shape; the keys decide, so a body logged under any API name reads the same.
    if (root.value(u"output"_s).isArray())
        reader.responses(root.value(u"output"_s).toArray());
    if (root.value(u"content"_s).isArray())
        reader.messages(root.value(u"content"_s).toArray());
    if (root.value(u"choices"_s).isArray())
        reader.chat(root.value(u"choices"_s).toArray());
    if (root.value(u"candidates"_s).isArray())
        reader.gemini(root.value(u"candidates"_s).toArray());
    return reader.calls;
}
