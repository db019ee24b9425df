// SPDX-License-Identifier: GPL-3.0-or-later
#include "data/traceloader.h"

#include <QCoreApplication>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

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
    if (obj.contains(u"return_code"_s)) // Anthropic's code execution
        return CommandOutcome::exit(obj.value(u"return_code"_s).toInt());
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

const QString kCodeInterpreter = u"code_interpreter"_s;
const QString kAnthropicPython = u"code_execution_20250522"_s;
const QString kAnthropicBash = u"code_execution_20250825"_s;

bool isCodeTool(const QString &tool)
{
    return tool == kCodeInterpreter || tool == kAnthropicPython || tool == kAnthropicBash;
}

bool isShellType(const QString &type)
{
    return type == u"openrouter:shell" || type == u"shell_call" || type == u"shell_call_output" ||
           type == u"server_tool_use" || type == u"openrouter_shell_tool_result" ||
           type == u"openrouter_bash_tool_result" || type == u"code_interpreter_call" ||
           type == u"code_execution_tool_result" || type == u"bash_code_execution_tool_result";
}

// What a note quotes of a string from the file.
QString quoted(const QString &text)
{
    constexpr qsizetype Max = 200;
    return text.size() <= Max ? text : text.left(Max) + u'\u2026';
}

// A Python call's outputs, built within the loader's bounds: text up to MaxCellTextChars (the rest counted),
// at most KernelCellResult::MaxItems outputs, MaxCellImages PNG images from data: URLs.
class CellBuilder
{
public:
    void text(const QString &text, KernelOutput::Kind kind = KernelOutput::Kind::Stream,
              bool stderrStream = false)
    {
        const QString kept = text.left(m_textLeft);
        m_textLeft -= kept.size();
        m_dropped += text.size() - kept.size();
        if (!kept.isEmpty())
            add({kind, stderrStream, kept, {}, {}, {}});
    }
    // Notes are Sandbench's own words (quoting at most 200 characters of the file): not counted as text.
    void note(const QString &text) { add({KernelOutput::Kind::Note, false, text + u'\n', {}, {}, {}}); }

    // An image output's URL: shown only when the trace holds the PNG itself; never fetched.
    void image(const QJsonValue &value)
    {
        const QString url = value.toString();
        if (url.isEmpty()) {
            note(QCoreApplication::translate("TraceLoader", "An image output without a URL is not shown."));
            return;
        }
        if (!url.startsWith(u"data:"_s, Qt::CaseInsensitive)) {
            note(QCoreApplication::translate(
                     "TraceLoader",
                     "An image at %1 is not shown: only its address is here, and Sandbench does not fetch "
                     "it.")
                     .arg(quoted(url)));
            return;
        }
        const qsizetype comma = url.indexOf(u',');
        const QString header = comma < 0 ? QString() : url.mid(5, comma - 5).toLower();
        const QStringList parts = header.split(u';');
        if (comma < 0 || parts.constFirst() != u"image/png" || !parts.contains(u"base64"_s)) {
            note(QCoreApplication::translate(
                     "TraceLoader", "An image (%1) is not shown: only PNG images in base64 data: URLs are.")
                     .arg(quoted(comma < 0 ? url.left(40) : url.left(comma))));
            return;
        }
        if (m_images.size() >= TraceLoader::MaxCellImages) {
            note(QCoreApplication::translate("TraceLoader",
                                             "More images than %1 in one cell: this one is not shown.")
                     .arg(TraceLoader::MaxCellImages));
            return;
        }
        // Refused by its length before a byte is decoded: base64 is 4 characters for 3 bytes.
        const qsizetype encoded = url.size() - comma - 1;
        if (encoded > (TraceLoader::MaxImageBytes + 2) / 3 * 4 + 4) {
            note(QCoreApplication::translate("TraceLoader", "An image larger than %1 bytes is not shown.")
                     .arg(TraceLoader::MaxImageBytes));
            return;
        }
        const auto decoded = QByteArray::fromBase64Encoding(url.mid(comma + 1).toLatin1(),
                                                            QByteArray::AbortOnBase64DecodingErrors);
        if (decoded && decoded.decoded.size() > TraceLoader::MaxImageBytes) {
            note(QCoreApplication::translate("TraceLoader", "An image larger than %1 bytes is not shown.")
                     .arg(TraceLoader::MaxImageBytes));
            return;
        }
        if (!decoded || !decoded.decoded.startsWith("\x89PNG\r\n\x1a\n")) {
            note(QCoreApplication::translate(
                "TraceLoader", "An image is not shown: its data: URL does not hold a PNG image."));
            return;
        }
        const QString name = u"trace-image-%1.png"_s.arg(m_images.size() + 1);
        m_images.insert(name, decoded.decoded);
        add({KernelOutput::Kind::Display, false, {}, name, {}, {}});
    }

    bool isEmpty() const { return m_cell.outputs.isEmpty() && m_dropped == 0; }

    // The cell, and its text as the plain view shows it.
    void finish(TraceCall *call)
    {
        if (m_dropped > 0) // last, past the bound on outputs too
            m_cell.outputs.append(
                {KernelOutput::Kind::Note,
                 false,
                 QCoreApplication::translate("TraceLoader",
                                             "[\u2026 %1 more characters of output not shown \u2026]")
                         .arg(m_dropped) +
                     u'\n',
                 {},
                 {},
                 {}});
        m_cell.mode = KernelCellResult::Mode::Kernel;
        m_cell.status = u"ok"_s;
        call->cell = m_cell;
        call->images = m_images;
        CommandResult result;
        result.stdoutText = m_cell.stdoutText();
        result.stderrText = m_cell.stderrText();
        if (!call->results.isEmpty())
            result.outcome = call->results.constFirst().outcome;
        call->results = {result};
    }

private:
    void add(const KernelOutput &output)
    {
        if (m_cell.outputs.size() < KernelCellResult::MaxItems)
            m_cell.outputs.append(output);
        else
            m_dropped += output.text.size();
    }

    KernelCellResult m_cell;
    QHash<QString, QByteArray> m_images;
    qsizetype m_textLeft = TraceLoader::MaxCellTextChars;
    qint64 m_dropped = 0;
};

// An OpenAI code_interpreter_call: its code, and its outputs (logs and images) when the response included
// them.
TraceCall codeInterpreterCall(const QJsonObject &item)
{
    TraceCall call;
    call.id = item.value(u"id"_s).toString();
    call.callId = call.id;
    call.containerId = item.value(u"container_id"_s).toString();
    call.tool = kCodeInterpreter;
    call.action.commands = {item.value(u"code"_s).toString()};
    const QString status = item.value(u"status"_s).toString(u"completed"_s);
    call.completed = status == u"completed";
    CommandResult result;
    if (status == u"failed")
        result.outcome = CommandOutcome::exit(1);
    else if (status == u"incomplete")
        result.outcome = CommandOutcome::timeout();
    call.results = {result};
    const QJsonValue outputs = item.value(u"outputs"_s);
    if (!outputs.isArray())
        return call; // not included in the response: nothing to show
    CellBuilder cell;
    for (const QJsonValue &v : outputs.toArray()) {
        const QJsonObject out = v.toObject();
        const QString type = out.value(u"type"_s).toString();
        if (type == u"logs")
            cell.text(out.value(u"logs"_s).toString());
        else if (type == u"image")
            cell.image(out.value(u"url"_s));
        else
            cell.note(QCoreApplication::translate("TraceLoader", "An output of type %1 is not shown.")
                          .arg(quoted(type.isEmpty() ? u"(none)"_s : type)));
    }
    cell.finish(&call);
    return call;
}

// The content of an Anthropic code_execution_tool_result as a Python cell: stdout, stderr, the files the
// code made (by id: the trace does not hold them), or the error.
void readCodeExecutionResult(const QJsonValue &content, TraceCall *call)
{
    CellBuilder cell;
    const QJsonObject result = content.toObject();
    const QString type = result.value(u"type"_s).toString();
    CommandOutcome outcome = CommandOutcome::exit(0);
    if (content.isString()) {
        cell.text(content.toString());
    } else if (type.endsWith(u"_error"_s)) {
        cell.text(QCoreApplication::translate("TraceLoader", "The code did not run: %1")
                          .arg(quoted(result.value(u"error_code"_s).toString())) +
                      u'\n',
                  KernelOutput::Kind::Error);
        outcome = CommandOutcome::exit(1);
    } else {
        cell.text(result.value(u"stdout"_s).toString());
        cell.text(result.value(u"stderr"_s).toString(), KernelOutput::Kind::Stream, true);
        outcome = outcomeFrom(result);
        for (const QJsonValue &file : result.value(u"content"_s).toArray()) {
            const QString id = file.toObject().value(u"file_id"_s).toString();
            if (!id.isEmpty())
                cell.note(QCoreApplication::translate("TraceLoader",
                                                      "The code made the file %1; only its id is here.")
                              .arg(quoted(id)));
        }
    }
    call->results = {CommandResult()};
    call->results.first().outcome = outcome;
    cell.finish(call);
    call->completed = true;
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
    if (isCodeTool(tool))
        item.insert(u"tool"_s, tool);
    else if (!tool.isEmpty() && tool != u"openrouter:shell")
        item.insert(u"source_type"_s, tool);
    return item;
}

bool TraceCall::isPython() const
{
    return tool == kCodeInterpreter || tool == kAnthropicPython;
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
            // The window saves a code call as this item with its contract as "tool".
            const QString tool = item.value(u"tool"_s).toString();
            call.tool = isCodeTool(tool) ? tool : type;
            call.action = actionFrom(item.value(u"action"_s).toObject());
            call.results = resultsFrom(item.value(u"output"_s));
            call.completed = item.value(u"status"_s).toString(u"completed"_s) == u"completed";
            addCall(call);
        } else if (type == u"code_interpreter_call") {
            addCall(codeInterpreterCall(item));
        } else if (type == u"shell_call" || type == u"server_tool_use") {
            const QString name = item.value(u"name"_s).toString();
            const bool python = type == u"server_tool_use" && name == u"code_execution";
            const bool bash = type == u"server_tool_use" && name == u"bash_code_execution";
            if (type == u"server_tool_use" && !name.startsWith(u"openrouter:") && !python && !bash) {
                trace.items.append(itemOf(item));
                continue;
            }
            if (python || bash) {
                // Anthropic's code execution: the code (or the bash command) is the call's one command.
                TraceCall call;
                call.id = item.value(u"id"_s).toString();
                call.callId = call.id;
                call.containerId = item.value(u"container_id"_s).toString();
                call.tool = python ? kAnthropicPython : kAnthropicBash;
                const QJsonObject input = item.value(u"input"_s).toObject();
                call.action.commands = {input.value(python ? u"code"_s : u"command"_s).toString()};
                call.completed = false;
                byId.insert(call.callId, int(calls.size()));
                addCall(call);
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
            if (call.tool == kAnthropicPython) {
                readCodeExecutionResult(item.value(u"content"_s), &call);
                continue;
            }
            if (call.tool == kAnthropicBash) {
                const QJsonObject content = item.value(u"content"_s).toObject();
                CommandResult result = resultFrom(content);
                if (content.value(u"type"_s).toString().endsWith(u"_error"_s)) {
                    result.stderrText = tr("The command did not run: %1")
                                            .arg(quoted(content.value(u"error_code"_s).toString()));
                    result.outcome = CommandOutcome::exit(1);
                }
                call.results = {result};
                call.completed = true;
                continue;
            }
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
        *error = tr("The file holds no shell or code calls (openrouter:shell, shell_call or "
                    "code_interpreter_call items, server_tool_use blocks).");
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
    // At most one byte more than allowed is read, whatever the size said (a file may grow meanwhile).
    const QByteArray json = file.size() > MaxFileBytes ? QByteArray() : file.read(MaxFileBytes + 1);
    if (file.size() > MaxFileBytes || json.size() > MaxFileBytes) {
        if (error)
            *error = tr("The trace %1 is larger than %2 MiB: it is not opened.")
                         .arg(path)
                         .arg(MaxFileBytes / (1024 * 1024));
        return {};
    }
    return read(json, error);
}

QList<TraceCall> TraceLoader::parse(const QByteArray &json, QString *error)
{
    return read(json, error).calls;
}

QList<TraceCall> TraceLoader::load(const QString &path, QString *error)
{
    return readFile(path, error).calls;
}
