// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "tools/shellaction.h"

#include <QJsonObject>
#include <QList>
#include <QString>

// One shell call found in a saved trace.
struct TraceCall
{
    QString id;
    QString callId;
    QString containerId;
    QString tool; // "openrouter:shell", "openrouter:bash" or "shell"
    ShellAction action;
    QList<CommandResult> results;
    bool completed = true;

    // The call as a Responses output item (SPEC §1.2), whatever format it came from.
    QJsonObject toOutputItem() const;
};

// One item of the trace's output (a Responses output item or a Messages content block), in trace order.
struct TraceItem
{
    enum class Kind {
        Text,      // the assistant's text (output_text / refusal parts, text blocks)
        Reasoning, // reasoning summary or thinking text (empty when redacted or encrypted)
        ShellCall, // call: index into Trace::calls
        ToolCall,  // a call of another tool: name and arguments in text
        Other      // any other item; type names it
    };
    Kind kind = Kind::Other;
    QString type; // the item's own "type"
    QString name; // ToolCall: the tool's name
    QString text;
    int call = -1;
};

// Everything a saved Responses or Messages JSON holds that the trace viewer shows. Numbers a trace does not
// hold stay negative.
struct Trace
{
    QString format; // "responses", "messages", or empty for a bare list of items
    QString id;
    QString model;
    QString status; // Responses: status; Messages: stop_reason
    QString containerId;
    qint64 inputTokens = -1;
    qint64 outputTokens = -1;
    qint64 totalTokens = -1;
    qint64 cachedTokens = -1;    // Responses: input_tokens_details.cached_tokens; Messages: cache reads
    qint64 reasoningTokens = -1; // Responses: output_tokens_details.reasoning_tokens
    double serverToolCost = -1;  // usage.server_tool_cost (or usage.cost_details.server_tool_cost)
    QList<TraceItem> items;
    QList<TraceCall> calls;

    // The assistant's text items, joined by blank lines.
    QString text() const;
};

// Reads a saved Responses JSON (output items of type openrouter:shell, or native shell_call/shell_call_output
// pairs) or Messages JSON (server_tool_use followed by openrouter_shell_tool_result /
// openrouter_bash_tool_result), a response.completed event, or a list of either.
class TraceLoader
{
public:
    // An empty Trace::calls means no trace; *error says why.
    static Trace read(const QByteArray &json, QString *error);
    static Trace readFile(const QString &path, QString *error);
    static QList<TraceCall> parse(const QByteArray &json, QString *error);
    static QList<TraceCall> load(const QString &path, QString *error);
};
