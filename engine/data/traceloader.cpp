// SPDX-License-Identifier: GPL-3.0-or-later
#include "data/traceloader.h"

#include <QCoreApplication>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("TraceLoader", text);
}

CommandOutcome outcomeFrom(const QJsonObject &obj)
{
    const QJsonObject outcome = obj.value(u"outcome"_s).toObject();
    if (outcome.value(u"type"_s).toString() == u"timeout")
        return CommandOutcome::timeout();
    if (outcome.contains(u"exit_code"_s))
        return CommandOutcome::exit(outcome.value(u"exit_code"_s).toInt());
    if (obj.contains(u"exitCode"_s))
        return CommandOutcome::exit(obj.value(u"exitCode"_s).toInt());
    if (obj.contains(u"exit_code"_s))
        return CommandOutcome::exit(obj.value(u"exit_code"_s).toInt());
    return CommandOutcome::exit(0);
}

CommandResult resultFrom(const QJsonObject &obj)
{
    CommandResult r;
    r.stdoutText = obj.value(u"stdout"_s).toString();
    r.stderrText = obj.value(u"stderr"_s).toString();
    r.outcome = outcomeFrom(obj);
    return r;
}

QList<CommandResult> resultsFrom(const QJsonValue &value)
{
    QList<CommandResult> out;
    QJsonValue v = value;
    if (v.isString()) {
        const QJsonDocument doc = QJsonDocument::fromJson(v.toString().toUtf8());
        if (doc.isArray())
            v = doc.array();
        else if (doc.isObject())
            v = doc.object();
        else {
            CommandResult r;
            r.stdoutText = value.toString();
            return {r};
        }
    }
    if (v.isObject() && v.toObject().contains(u"output"_s))
        v = v.toObject().value(u"output"_s);
    if (v.isObject())
        return {resultFrom(v.toObject())};
    for (const QJsonValue &entry : v.toArray()) {
        const QJsonObject obj = entry.toObject();
        // Content blocks may wrap the JSON result in a text block.
        if (obj.value(u"type"_s).toString() == u"text")
            out += resultsFrom(obj.value(u"text"_s));
        else
            out.append(resultFrom(obj));
    }
    return out;
}

ShellAction actionFrom(const QJsonObject &args)
{
    ShellAction action;
    if (args.value(u"commands"_s).isArray()) {
        for (const QJsonValue &c : args.value(u"commands"_s).toArray())
            action.commands.append(c.toString());
    } else if (args.contains(u"command"_s)) {
        action.commands.append(args.value(u"command"_s).toString());
    }
    action.timeoutMs = args.value(u"timeout_ms"_s).toInt(ShellAction::DefaultTimeoutMs);
    action.maxOutputLength = args.value(u"max_output_length"_s).toInt(ShellAction::DefaultMaxOutputLength);
    return action;
}

bool isShellType(const QString &type)
{
    return type == u"openrouter:shell" || type == u"shell_call" || type == u"shell_call_output" ||
           type == u"server_tool_use" || type == u"openrouter_shell_tool_result" ||
           type == u"openrouter_bash_tool_result";
}

// Objects that only hold items: a response, a message, a streamed event wrapping one.
bool isContainerType(const QString &type)
{
    return type.isEmpty() || type == u"message" || type.startsWith(u"response.") ||
           type == u"message_start" || type == u"message_delta" || type == u"content_block_start";
}

// Collects every object of interest wherever it sits: response objects, message lists, streams of items.
// Shell calls and their results are collected from either side (a conversation's input may hold earlier
// calls); text, reasoning and other items only from the assistant's side, in order.
void collect(const QJsonValue &value, bool assistant, bool request, QList<QJsonObject> *items)
{
    if (value.isArray()) {
        for (const QJsonValue &v : value.toArray())
            collect(v, assistant, request, items);
        return;
    }
    if (!value.isObject())
        return;
    const QJsonObject obj = value.toObject();
    // What was sent (input, messages) holds earlier turns: never this trace's own text.
    if (obj.value(u"role"_s).isString())
        assistant = !request && obj.value(u"role"_s).toString() == u"assistant";
    const QString type = obj.value(u"type"_s).toString();
    if (isShellType(type)) {
        items->append(obj);
        return;
    }
    if (!isContainerType(type)) {
        if (assistant)
            items->append(obj);
        return;
    }
    for (const QString &key : {u"output"_s, u"content"_s, u"messages"_s, u"input"_s, u"response"_s,
                               u"message"_s, u"data"_s, u"content_block"_s}) {
        const QJsonValue child = obj.value(key);
        if (child.isArray() || child.isObject()) {
            const bool sent = request || key == u"messages" || key == u"input";
            collect(child, assistant && !sent, sent, items);
        }
    }
}

// The response or message the trace is: the first object that looks like one.
QJsonObject envelope(const QJsonValue &value, QString *format)
{
    if (value.isArray()) {
        for (const QJsonValue &v : value.toArray()) {
            const QJsonObject found = envelope(v, format);
            if (!found.isEmpty())
                return found;
        }
        return {};
    }
    const QJsonObject obj = value.toObject();
    // An item has an output array too (openrouter:shell); a response has no type.
    if (obj.value(u"object"_s).toString() == u"response" ||
        (!obj.contains(u"type"_s) && obj.value(u"output"_s).isArray())) {
        *format = u"responses"_s;
        return obj;
    }
    if (obj.value(u"type"_s).toString() == u"message" && obj.value(u"content"_s).isArray()) {
        *format = u"messages"_s;
        return obj;
    }
    for (const QString &key : {u"response"_s, u"message"_s, u"data"_s}) {
        const QJsonValue child = obj.value(key);
        if (child.isObject() || child.isArray()) {
            const QJsonObject found = envelope(child, format);
            if (!found.isEmpty())
                return found;
        }
    }
    return {};
}

qint64 count(const QJsonObject &obj, const QString &key)
{
    const QJsonValue v = obj.value(key);
    return v.isDouble() ? v.toInteger(qint64(v.toDouble())) : -1;
}

QString joinedText(const QJsonArray &parts)
{
    QStringList texts;
    for (const QJsonValue &p : parts) {
        const QString text = p.toObject().value(u"text"_s).toString();
        if (!text.isEmpty())
            texts.append(text);
    }
    return texts.join(u"\n\n"_s);
}

QString compact(const QJsonValue &value)
{
    if (value.isString())
        return value.toString();
    if (value.isObject())
        return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
    if (value.isArray())
        return QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact));
    return {};
}

// A non-shell item of the assistant's side as the viewer lists it.
TraceItem itemOf(const QJsonObject &obj)
{
    TraceItem item;
    item.type = obj.value(u"type"_s).toString();
    if (item.type == u"output_text" || item.type == u"text") {
        item.kind = TraceItem::Kind::Text;
        item.text = obj.value(u"text"_s).toString();
    } else if (item.type == u"refusal") {
        item.kind = TraceItem::Kind::Text;
        item.text = obj.value(u"refusal"_s).toString();
    } else if (item.type == u"reasoning") {
        item.kind = TraceItem::Kind::Reasoning;
        item.text = joinedText(obj.value(u"summary"_s).toArray());
        if (item.text.isEmpty())
            item.text = joinedText(obj.value(u"content"_s).toArray());
    } else if (item.type == u"thinking" || item.type == u"redacted_thinking") {
        item.kind = TraceItem::Kind::Reasoning;
        item.text = obj.value(u"thinking"_s).toString();
    } else if (item.type == u"function_call" || item.type == u"custom_tool_call" ||
               item.type == u"tool_use" || item.type == u"server_tool_use" || item.type == u"mcp_call") {
        item.kind = TraceItem::Kind::ToolCall;
        item.name = obj.value(u"name"_s).toString();
        item.text = compact(obj.contains(u"arguments"_s) ? obj.value(u"arguments"_s) : obj.value(u"input"_s));
    }
    return item;
}
} // namespace

QJsonObject TraceCall::toOutputItem() const
{
    QJsonObject item = shellOutputItem(id, callId, containerId, action, results, completed);
    if (!tool.isEmpty() && tool != u"openrouter:shell")
        item.insert(u"source_type"_s, tool);
    return item;
}

QString Trace::text() const
{
    QStringList texts;
    for (const TraceItem &item : items)
        if (item.kind == TraceItem::Kind::Text && !item.text.isEmpty())
            texts.append(item.text);
    return texts.join(u"\n\n"_s);
}

Trace TraceLoader::read(const QByteArray &json, QString *error)
{
    Trace trace;
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        if (error)
            *error = tr("The trace is not valid JSON: %1 at offset %2")
                         .arg(parseError.errorString())
                         .arg(parseError.offset);
        return trace;
    }
    const QJsonValue root = doc.isArray() ? QJsonValue(doc.array()) : QJsonValue(doc.object());
    const QJsonObject env = envelope(root, &trace.format);
    trace.id = env.value(u"id"_s).toString();
    trace.model = env.value(u"model"_s).toString();
    trace.status = trace.format == u"messages" ? env.value(u"stop_reason"_s).toString()
                                               : env.value(u"status"_s).toString();
    const QJsonValue container = env.value(u"container"_s);
    trace.containerId = container.isObject() ? container.toObject().value(u"id"_s).toString()
                                             : env.value(u"container_id"_s).toString(container.toString());
    const QJsonObject usage = env.value(u"usage"_s).toObject();
    trace.inputTokens = count(usage, u"input_tokens"_s);
    trace.outputTokens = count(usage, u"output_tokens"_s);
    trace.totalTokens = count(usage, u"total_tokens"_s);
    if (trace.totalTokens < 0 && trace.inputTokens >= 0 && trace.outputTokens >= 0)
        trace.totalTokens = trace.inputTokens + trace.outputTokens;
    trace.cachedTokens = trace.format == u"messages"
                             ? count(usage, u"cache_read_input_tokens"_s)
                             : count(usage.value(u"input_tokens_details"_s).toObject(), u"cached_tokens"_s);
    trace.reasoningTokens = count(usage.value(u"output_tokens_details"_s).toObject(), u"reasoning_tokens"_s);
    const QJsonValue cost = usage.contains(u"server_tool_cost"_s)
                                ? usage.value(u"server_tool_cost"_s)
                                : usage.value(u"cost_details"_s).toObject().value(u"server_tool_cost"_s);
    if (cost.isDouble())
        trace.serverToolCost = cost.toDouble();

    QList<QJsonObject> items;
    collect(root, true, false, &items);
    QList<TraceCall> &calls = trace.calls;
    QHash<QString, int> byId; // call id / tool_use id -> index in calls
    const auto addCall = [&](const TraceCall &call) {
        TraceItem item;
        item.kind = TraceItem::Kind::ShellCall;
        item.type = call.tool;
        item.call = int(calls.size());
        trace.items.append(item);
        calls.append(call);
    };
    for (const QJsonObject &item : std::as_const(items)) {
        const QString type = item.value(u"type"_s).toString();
        if (!isShellType(type)) {
            trace.items.append(itemOf(item));
        } else if (type == u"openrouter:shell") {
            TraceCall call;
            call.id = item.value(u"id"_s).toString();
            call.callId = item.value(u"call_id"_s).toString();
            call.containerId = item.value(u"container_id"_s).toString();
            call.tool = type;
            call.action = actionFrom(item.value(u"action"_s).toObject());
            call.results = resultsFrom(item.value(u"output"_s));
            call.completed = item.value(u"status"_s).toString(u"completed"_s) == u"completed";
            addCall(call);
        } else if (type == u"shell_call" || type == u"server_tool_use") {
            const QString name = item.value(u"name"_s).toString();
            if (type == u"server_tool_use" && !name.startsWith(u"openrouter:")) {
                trace.items.append(itemOf(item));
                continue;
            }
            TraceCall call;
            call.id = item.value(u"id"_s).toString();
            call.callId = item.value(u"call_id"_s).toString(call.id);
            call.containerId = item.value(u"environment"_s)
                                   .toObject()
                                   .value(u"container_id"_s)
                                   .toString(item.value(u"container_id"_s).toString());
            call.tool = type == u"shell_call" ? u"shell"_s : name;
            call.action = actionFrom(type == u"shell_call" ? item.value(u"action"_s).toObject()
                                                           : item.value(u"input"_s).toObject());
            call.completed = false;
            byId.insert(call.callId, int(calls.size()));
            addCall(call);
        } else {
            const QString key = type == u"shell_call_output" ? item.value(u"call_id"_s).toString()
                                                             : item.value(u"tool_use_id"_s).toString();
            const auto it = byId.constFind(key);
            if (it == byId.cend())
                continue;
            TraceCall &call = calls[it.value()];
            const QJsonValue content =
                type == u"shell_call_output" ? item.value(u"output"_s) : item.value(u"content"_s);
            call.results = resultsFrom(content);
            call.completed = call.results.size() >= call.action.commands.size();
            // Messages name the container in the result's content.
            if (call.containerId.isEmpty())
                call.containerId = content.toObject()
                                       .value(u"container_id"_s)
                                       .toString(item.value(u"container_id"_s).toString());
        }
    }
    if (trace.containerId.isEmpty()) {
        for (const TraceCall &call : std::as_const(calls))
            if (!call.containerId.isEmpty()) {
                trace.containerId = call.containerId;
                break;
            }
    }
    // A call that does not name its container ran in the one the response names.
    for (TraceCall &call : calls)
        if (call.containerId.isEmpty())
            call.containerId = trace.containerId;
    if (calls.isEmpty() && error)
        *error = tr("The file holds no shell calls (openrouter:shell items or server_tool_use blocks).");
    return trace;
}

Trace TraceLoader::readFile(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = tr("Cannot open %1: %2").arg(path, file.errorString());
        return {};
    }
    return read(file.readAll(), error);
}

QList<TraceCall> TraceLoader::parse(const QByteArray &json, QString *error)
{
    return read(json, error).calls;
}

QList<TraceCall> TraceLoader::load(const QString &path, QString *error)
{
    return readFile(path, error).calls;
}
