// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

// One Python cell run by the container's Jupyter kernel (SPEC §10), in neutral terms.
//
// Design: Debian's python3-ipykernel runs inside the container, started by a small bridge (also inside,
// using python3-jupyter-client) that talks to it over the container's own loopback with the Jupyter protocol.
// A cell is one ordinary container command: bash connects to the bridge over 127.0.0.1 (bash's /dev/tcp, no
// new process), sends one JSON line and copies the bridge's answer — bounded JSON lines — to its stdout. The
// kernel is therefore reachable only from inside its container, and the engine reads only a command's
// stdout, through the shell call's bounded capture, as it does for any command. The bridge enforces the
// cell's time limit (SIGINT to the kernel, restart after a grace period), bounds the cell's text, display
// items and HTML, and saves image/png display data under home's figures folder, where CodeImages reads
// images.
struct KernelOutput
{
    enum class Kind { Stream, Result, Display, Error, Note };
    Kind kind = Kind::Stream;
    bool stderrStream = false; // Stream: stderr rather than stdout
    QString text;              // stream text, text/plain of a result/display, a traceback, a note
    QString imagePath;         // Display/Result: a PNG saved under /workspace/home/.sandbench/figures
    QString html;              // Display/Result: text/html as the kernel sent it (never interpreted here)
    QString ename;             // Error: the exception's name
};

// A tool the cell's code called (programmatic tool calling): the cell waits in the kernel for its result.
struct KernelToolCall
{
    QString id;   // the bridge's 32 hex digits; a resume names it
    QString name; // one of the tools the cell was given
    QJsonObject input;
};

struct KernelCellResult
{
    // Most items and HTML kept from one cell's answer; the bridge keeps fewer, this only bounds a hostile
    // one.
    static constexpr int MaxItems = 2000;
    static constexpr int MaxHtmlChars = 64 * 1024;

    enum class Mode { Script, Kernel, Fallback };
    // Kernel: the answer came from the bridge; Fallback: this call found no ipykernel in the image and ran as
    // a script (said once per awake container); Script: a plain script run (no ipykernel, said before).
    Mode mode = Mode::Script;
    // "ok", "exit" (sys.exit: exitCode), "error", "interrupted" (time limit; state kept), "restarted" (did
    // not stop; state lost), "died" (the kernel was killed, e.g. by the memory limit; state lost), "failed",
    // "pending" (the code called a tool: toolCall; the cell waits for a resume), or "lost" (no end line).
    QString status;
    std::optional<KernelToolCall> toolCall;
    QList<KernelOutput> outputs;
    int exitCode = 0;        // "exit": the code called sys.exit(exitCode)
    qint64 droppedChars = 0; // text the bridge dropped past max_output_length
    int malformedLines = 0;  // lines that were not the bridge's JSON (counted, not shown)
    QString scriptStdout;    // Script/Fallback: the script's own stdout

    // Parses the cell command's stdout; nonce is the one the cell script printed it was run with.
    static KernelCellResult parse(const QString &stdoutText, const QString &nonce);

    // Stream stdout and the text/plain of results and displays, in order.
    QString stdoutText() const;
    // Stream stderr, tracebacks and notes, in order.
    QString stderrText() const;
    // Everything in the order the kernel sent it (OpenAI's logs).
    QString logs() const;
    bool stateLost() const { return status == u"restarted" || status == u"died"; }
};

namespace KernelCell {
// Where the bridge keeps its files inside the container (private /tmp; never under home).
inline constexpr char Dir[] = "/tmp/.sandbench-kernel";
// How long after the interrupt the kernel may take to stop before the bridge restarts it.
constexpr int GraceMs = 3000;
// What the engine adds to a cell's time limit before it kills the cell's command itself: the grace period
// and a kernel restart.
constexpr int EngineMarginMs = 30000;
// How long a tool the code called waits for the client's result before it raises TimeoutError in the code
// (Anthropic documents about 4 minutes); a cell's toolTimeoutMs may lower it (tests).
constexpr int ToolCallTimeoutMs = 240000;

// The bash that starts the bridge and kernel unless they run; prints nothing, exits 0 when the kernel is
// ready.
QString startScript();
// The bash of one cell: starts the bridge if needed, sends the code with these limits and prints the answer;
// fallbackScript runs instead when the image has no ipykernel; showResults false leaves out execute_result;
// extra adds fields to the bridge's request: "tools" (names the code may call), "tool_timeout_ms", or
// "resume" (a pending call's id) with "value" and "is_error" to resume a paused cell instead of running code.
QString cellScript(const QString &code, int timeoutMs, int maxOutputLength, const QString &nonce,
                   const QString &fallbackScript, bool showResults = true, const QJsonObject &extra = {});
// The bash that restarts the kernel (Restart Python); prints one end line.
QString restartScript(const QString &nonce);
// A fresh random nonce for cellScript.
QString newNonce();
} // namespace KernelCell
