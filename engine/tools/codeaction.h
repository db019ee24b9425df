// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "tools/kernelcell.h"
#include "tools/shellaction.h"

#include <QJsonObject>
#include <QString>

#include <optional>

// One call of a hosted code-execution contract, in neutral terms: Python code (Anthropic's
// code_execution_20250522, Gemini's codeExecution, OpenAI's code_interpreter), a bash command or a text
// editor operation (Anthropic's code_execution_20250825). Each runs in the container as one command, so
// isolation, history, guardrails, logs and the live view are those of a shell call.
struct CodeAction
{
    enum class Kind { Python, Bash, View, Create, StrReplace };
    // What one editor file may hold to be viewed or edited; larger files get invalid_tool_input.
    static constexpr int MaxEditorFileBytes = 4 * 1024 * 1024;

    Kind kind = Kind::Python;
    QString code; // Python: the source; Bash: the command
    QString path; // editor operations: absolute, or relative to /workspace/home
    QString fileText;
    QString oldStr;
    QString newStr;
    int viewStart = 0; // view_range [start, end], 1-based; 0: from the start / end -1: to the end
    int viewEnd = -1;
    // Python: the nonce of the head line before the kernel's answer (KernelCell::headLine).
    QString nonce;
    // Python: whether the cell shows its last expression's value (Jupyter's execute_result); Gemini: no.
    bool showResults = true;
    // Python: programmatic tool calling. The tools the code may call (async functions of these names), how
    // long such a call waits for its result, and — to resume a cell paused in a call instead of running
    // code — the call's id and the client's result.
    QStringList callableTools;
    int toolTimeoutMs = KernelCell::ToolCallTimeoutMs;
    QString resumeCallId;
    QString resumeValue;
    bool resumeIsError = false;

    // {"code": "..."}; nullopt and a message naming the field when it is not a non-empty string.
    static std::optional<CodeAction> python(const QJsonObject &args, QString *error);
    // {"command": "..."}.
    static std::optional<CodeAction> bash(const QJsonObject &args, QString *error);
    // {"command": "view"|"create"|"str_replace", "path": ..., "file_text" | "old_str"/"new_str" |
    // "view_range"}.
    static std::optional<CodeAction> textEditor(const QJsonObject &args, QString *error);

    bool isEditor() const { return kind == Kind::View || kind == Kind::Create || kind == Kind::StrReplace; }
    // "python", "bash", "view", "create" or "str_replace".
    QString operation() const;
    // What a person reads in the live view and the logs: the code, the command or "view PATH".
    QString displayText() const;
    // The shell command that runs it in the container (working directory /workspace/home). Python runs as a
    // cell of the container's Jupyter kernel (KernelCell), or as a script when the image has no ipykernel.
    QString script() const;
    // Python without a kernel: `python3 main.py` with the figures left open saved for CodeImages.
    QString scriptRunner() const;
    // The action that runs script() with these limits (a Python cell: the kernel interrupts the code at
    // timeoutMs; the call itself ends KernelCell::EngineMarginMs later at the latest). A Python cell goes to
    // the container's kernel when PythonKernel::startAhead started it before (PythonKernel::execute does);
    // else it runs as a script and says that the kernel is not running.
    ShellAction shellAction(int timeoutMs, int maxOutputLength) const;
    // A Python action that resumes the cell paused in tool call callId with the client's result.
    static CodeAction resume(const QString &callId, const QString &value, bool isError);

private:
    QJsonObject kernelRequest() const;
};

// How a code action ended, read from its command's result.
struct CodeOutput
{
    QString stdoutText;
    QString stderrText;
    // Python: everything in the order it came (stream output, results' text/plain, tracebacks, notes).
    QString logs;
    // Python: the kernel's cell as parsed (outputs in order, status), also for a script run.
    std::optional<KernelCellResult> kernel;
    int returnCode = 0;
    bool timedOut = false;
    // Editor operations: the result's fields as Anthropic's text editor result blocks name them
    // (view: content, num_lines, start_line, total_lines, file_type; create: is_file_update;
    // str_replace: old_start, old_lines, new_start, new_lines, lines).
    QJsonObject editor;
    // Set when the action failed as a tool error: "execution_time_exceeded", "file_not_found",
    // "invalid_tool_input" or "unavailable", and a message.
    QString errorCode;
    QString errorMessage;

    static CodeOutput fromResult(const CodeAction &action, const CommandResult &result);
    // A Python cell's command result as people read it wherever commands are shown (logs, history, saved
    // conversations, event streams): the cell's stdout and stderr instead of the kernel bridge's JSON lines.
    static CommandResult readableResult(const CommandResult &result, const QString &nonce);
    bool isError() const { return !errorCode.isEmpty(); }
    // Puts a Sandbench note (a kernel's reset) first in stderr and the logs.
    void addNote(const QString &note);
    // What the model reads: compact JSON of the output (or the error).
    QString forModel() const;
};

// A Python cell's output as people read it, while the cell runs: the cell command's chunks as they stream
// (the kernel bridge's JSON lines behind their head line, or a script's own output) in, readable text out.
// Live viewers (the event stream, SSE, MCP progress) get it as it comes; rest() gives what the cell's final
// readable result (CodeOutput::readableResult) adds. Holds at most one line of the bridge's (its bound).
class CellStream
{
public:
    struct Piece
    {
        bool isStderr = false;
        QString text;
    };

    explicit CellStream(const QString &nonce)
        : m_nonce(nonce)
    {}
    // A chunk of the cell command's stdout or stderr: the readable pieces it completes.
    QList<Piece> feed(bool isStderr, const QString &text);
    // The cell ended with this readable result: what of it was not given out yet.
    QList<Piece> rest(const CommandResult &readable);

private:
    enum class Mode { Head, Kernel, Script };
    void give(QList<Piece> *pieces, bool isStderr, const QString &text);
    void readLine(QList<Piece> *pieces, const QByteArray &line);

    QString m_nonce;
    Mode m_mode = Mode::Head;
    QString m_head;
    KernelCell::LineSplitter m_lines;
    QString m_given[2]; // stdout, stderr given out so far (bounded as the cell's captures are)
};
