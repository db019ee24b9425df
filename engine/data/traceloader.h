// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "tools/kernelcell.h"
#include "tools/shellaction.h"

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>

// One shell or code call found in a saved trace.
struct TraceCall
{
    QString id;
    QString callId;
    QString containerId;
    // "openrouter:shell", "openrouter:bash" or "shell"; a code tool's call names its contract (the keys of
    // ShellCallView::contractTitle): "code_interpreter" (an OpenAI code_interpreter_call),
    // "code_execution_20250522" (Anthropic's Python code_execution), "code_execution_20250825" (its bash).
    QString tool;
    ShellAction action; // a code call: one command, the code (or the bash command) as the model wrote it
    QList<CommandResult> results;
    bool completed = true;
    // A Python call's outputs as a notebook shows them, when the trace carries any: text in order, images
    // the trace holds as data: URLs (PNG) as display outputs whose imagePath is a key of images. What the
    // trace names but does not hold (a remote URL, a file id) is a note; nothing is ever fetched.
    KernelCellResult cell;
    QHash<QString, QByteArray> images; // KernelOutput::imagePath -> PNG bytes

    bool isPython() const;
    // The call as a Responses output item (SPEC §1.2), whatever format it came from; a code call carries
    // its contract as "tool", as the window saves its own code calls.
    QJsonObject toOutputItem() const;
};

// One item of the trace's output (a Responses output item or a Messages content block), in trace order.
struct TraceItem
{
    enum class Kind {
        Text,      // the assistant's text (output_text / refusal parts, text blocks)
        Reasoning, // reasoning summary or thinking text (empty when redacted or encrypted)
        ShellCall, // call: index into Trace::calls (a code call too)
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

// Reads a saved Responses JSON (output items of type openrouter:shell, native shell_call/shell_call_output
// pairs, code_interpreter_call) or Messages JSON (server_tool_use followed by openrouter_shell_tool_result /
// openrouter_bash_tool_result, code_execution_tool_result / bash_code_execution_tool_result), a
// response.completed event, or a list of either. The file is hostile input: bounded in bytes, each cell in
// text and images.
class TraceLoader
{
public:
    // Larger files are refused before they are read.
    static constexpr qint64 MaxFileBytes = 64 * 1024 * 1024;
    // Text kept per Python cell (as CellRecord keeps it); the rest is counted in a note.
    static constexpr qsizetype MaxCellTextChars = 64 * 1024;
    // Images kept per Python cell (the kernel bridge sends at most 8) and the bytes of one, decoded.
    static constexpr int MaxCellImages = 8;
    static constexpr qint64 MaxImageBytes = 2 * 1024 * 1024;

    // An empty Trace::calls means no trace; *error says why.
    static Trace read(const QByteArray &json, QString *error);
    static Trace readFile(const QString &path, QString *error);
    static QList<TraceCall> parse(const QByteArray &json, QString *error);
    static QList<TraceCall> load(const QString &path, QString *error);
};
