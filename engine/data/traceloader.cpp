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

// Collects every object of interest wherever it sits: response objects, message lists, streams of items.
void collect(const QJsonValue &value, QList<QJsonObject> *items)
{
    if (value.isArray()) {
        for (const QJsonValue &v : value.toArray())
            collect(v, items);
        return;
    }
    if (!value.isObject())
        return;
    const QJsonObject obj = value.toObject();
    const QString type = obj.value(u"type"_s).toString();
    if (type == u"openrouter:shell" || type == u"shell_call" || type == u"shell_call_output" ||
        type == u"server_tool_use" || type == u"openrouter_shell_tool_result" ||
        type == u"openrouter_bash_tool_result") {
        items->append(obj);
        return;
    }
    for (const QString &key :
         {u"output"_s, u"content"_s, u"messages"_s, u"input"_s, u"response"_s, u"data"_s}) {
        const QJsonValue child = obj.value(key);
        if (child.isArray() || child.isObject())
            collect(child, items);
    }
}
} // namespace

QJsonObject TraceCall::toOutputItem() const
{
    QJsonObject item = shellOutputItem(id, callId, containerId, action, results, completed);
    if (!tool.isEmpty() && tool != u"openrouter:shell")
        item.insert(u"source_type"_s, tool);
    return item;
}

QList<TraceCall> TraceLoader::parse(const QByteArray &json, QString *error)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        if (error)
            *error = tr("The trace is not valid JSON: %1 at offset %2")
                         .arg(parseError.errorString())
                         .arg(parseError.offset);
        return {};
    }
    QList<QJsonObject> items;
    collect(doc.isArray() ? QJsonValue(doc.array()) : QJsonValue(doc.object()), &items);

    QList<TraceCall> calls;
    QHash<QString, int> byId; // call id / tool_use id -> index in calls
    for (const QJsonObject &item : std::as_const(items)) {
        const QString type = item.value(u"type"_s).toString();
        if (type == u"openrouter:shell") {
            TraceCall call;
            call.id = item.value(u"id"_s).toString();
            call.callId = item.value(u"call_id"_s).toString();
            call.containerId = item.value(u"container_id"_s).toString();
            call.tool = type;
            call.action = actionFrom(item.value(u"action"_s).toObject());
            call.results = resultsFrom(item.value(u"output"_s));
            call.completed = item.value(u"status"_s).toString(u"completed"_s) == u"completed";
            calls.append(call);
        } else if (type == u"shell_call" || type == u"server_tool_use") {
            const QString name = item.value(u"name"_s).toString();
            if (type == u"server_tool_use" && !name.startsWith(u"openrouter:"))
                continue;
            TraceCall call;
            call.id = item.value(u"id"_s).toString();
            call.callId = item.value(u"call_id"_s).toString(call.id);
            call.containerId = item.value(u"container_id"_s).toString();
            call.tool = type == u"shell_call" ? u"shell"_s : name;
            call.action = actionFrom(type == u"shell_call" ? item.value(u"action"_s).toObject()
                                                           : item.value(u"input"_s).toObject());
            call.completed = false;
            byId.insert(call.callId, int(calls.size()));
            calls.append(call);
        } else {
            const QString key = type == u"shell_call_output" ? item.value(u"call_id"_s).toString()
                                                             : item.value(u"tool_use_id"_s).toString();
            const auto it = byId.constFind(key);
            if (it == byId.cend())
                continue;
            TraceCall &call = calls[it.value()];
            call.results = resultsFrom(type == u"shell_call_output" ? item.value(u"output"_s)
                                                                    : item.value(u"content"_s));
            call.completed = call.results.size() >= call.action.commands.size();
            if (call.containerId.isEmpty())
                call.containerId = item.value(u"container_id"_s).toString();
        }
    }
    if (calls.isEmpty() && error)
        *error = tr("The file holds no shell calls (openrouter:shell items or server_tool_use blocks).");
    return calls;
}

QList<TraceCall> TraceLoader::load(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = tr("Cannot open %1: %2").arg(path, file.errorString());
        return {};
    }
    return parse(file.readAll(), error);
}
