// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

// One tool call read back from a logged response body, as the Logs show it: every field one printable line
// (control and invisible format characters as C-style escapes) of at most MaxFieldChars and "…".
struct LoggedToolCall
{
    QString type;    // the item's or part's own word: "function_call", "shell_call", "server_tool_use", …
    QString name;    // the function or tool ("shell", "python", "bash_code_execution", …)
    QString callId;  // the API's call id (empty where the API has none, e.g. Gemini's executableCode)
    QString input;   // the arguments, commands or code
    QString outcome; // what came back (status, exit codes, the start of the output); empty when the body has
                     // no result for it (a call the caller runs)
};

// Reads the tool calls out of a response body the request log kept, for each API's own shape: Responses
// (function_call, shell_call + shell_call_output, openrouter:shell, code_interpreter_call), Messages
// (tool_use, server_tool_use + its *_tool_result), Chat Completions (choices[].message.tool_calls) and
// Gemini (candidates[].content.parts[] functionCall, executableCode + codeExecutionResult). The body is
// whatever was logged (cut at the log's limit, or anything a client sent): what does not parse yields
// nothing, and the result is bounded.
class ResponseToolCalls
{
public:
    static constexpr int MaxCalls = 200;
    static constexpr int MaxFieldChars = 600;
    // Bodies past this are not read at all (the log keeps at most RequestLog::MaxBodyBytes).
    static constexpr qsizetype MaxBodyBytes = 32 * 1024 * 1024;

    static QList<LoggedToolCall> read(const QByteArray &body);
    // A text as one bounded, printable line: at most MaxFieldChars characters, then "…".
    static QString line(const QString &text);
};
