// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

// One Python cell run by the container's Jupyter kernel (SPEC §10), in neutral terms.
//
// Design: Debian's python3-ipykernel runs inside the container, started by a small bridge (also inside:
// python3-jupyter-client starts, interrupts and restarts the kernel; the Jupyter messages, signed with
// jupyter_client's Session, go over a socket pair the bridge made and passed to the kernel, framed as ZeroMQ
// frames). The bridge is started by a command of its own (startScript) whose stderr is one end of a socket
// pair the engine made: that socket, the *channel*, is the bridge's only way in and out, so nothing in the
// container can reach the bridge, and the kernel's own ZeroMQ ports are reachable only from inside the
// container. A cell is a shell
// call like any other (history, live view, queue), but its one command is not run: PythonKernel sends the
// cell as one JSON line over the channel and feeds the bridge's answer — bounded JSON lines — into the
// call's bounded stdout capture, behind a head line of its own with the cell's nonce. Without a channel
// (no ipykernel in the image, or a kernel that did not start) the command runs: cellScript, a plain script.
// Before this design a cell was a container command that connected to the bridge over the container's
// loopback: a command start, bash, and jupyter_client's blocking client (an asyncio loop per message).
// bench_kernel back to back on a loaded 2-core machine: a trivial cell 12.5-14.5 ms before, 7.8-11.5 ms
// with the channel (0.56-0.63x and 0.33-0.40x `python3 -c pass`); what is left is the bridge and ipykernel.
// Measured hop by hop, ipykernel's own per-request work was most of it: the bridge starts it with a launcher
// of ours that drops costs the bridge never needs (see kBridge), and reads messages without
// Session.deserialize's date parsing. Back to back on the host: 4.3 ms -> 2.3 ms a cell; CPU per cell,
// kernel 2.7 -> 1.7 ms, bridge 1.4 -> 0.5 ms. Profiled again, the launcher also drops execute_input (an
// IOPub message, i.e. a GIL round with the IOPub thread), two inspect.signature calls and dateutil for the
// request's date: kernel CPU per cell 1.68-1.75 -> 1.27-1.56 ms (host, load ~8). Timed inside the kernel,
// the IOPub thread sent a cell's messages only once the request had ended (the main thread holds the GIL
// throughout), and the execute_reply's JSON and signature came before the "idle" the bridge waits for: the
// launcher now sends IOPub messages from the thread that makes them when nothing is queued ahead, sends
// "idle" ahead of the reply and no "busy", formats results only in the three types the bridge reads, and
// makes no debug log records; formatters skip the decorator package's argument binding, and a cell is
// transformed once. Host, a trivial cell 17 ms after the last: 3.4-3.7 -> 2.6-2.7 ms. bench_kernel (b), old
// and new binaries alternately on the shared 2-core machine: 0.35x -> 0.30x (load 0.3-2), 0.18-0.24x when
// quieter. Then the bridge and the kernel spoke over ZeroMQ on the container's loopback: two I/O threads and
// three wake-ups each way, 0.45-0.54 ms for a request and its answer after `python3 -c pass` (a socket pair:
// 0.06 ms). They now use a socket pair the kernel's event loop watches (KERNEL's PAIR in kernelcell.cpp),
// the same signed Jupyter messages: bench_kernel (b), old and new binaries alternately, bridge and kernel
// 2.19-2.48 -> 2.08-2.10 ms; new binary across 12 runs 0.148-0.218x (median 0.18x), old 0.18-0.23x. What
// is left is cold-cache Python, spread thin: timed in the kernel on the host after `python3 -c pass`, the
// request reaching the kernel 0.36 ms, its dispatch 0.32 ms, IPython's run_cell 0.76 ms, flush and idle
// 0.16 ms. The bridge enforces the cell's time limit (SIGINT
// to the kernel, restart after a grace period), bounds the cell's text, display items and HTML, and saves
// image/png display data under home's figures folder, where CodeImages reads images.
struct KernelOutput
{
    // Exit: the code called sys.exit; its text is the line Jupyter shows ("SystemExit: 3"), only in the
    // logs: a script prints nothing for a status, or the message (stderrStream) on stderr.
    enum class Kind { Stream, Result, Display, Error, Note, Exit };
    Kind kind = Kind::Stream;
    bool stderrStream = false; // Stream: stderr rather than stdout; Exit: sys.exit("message")
    QString text;              // stream text, text/plain of a result/display, a traceback, a note, the exit
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

    // Stream stdout and the text/plain of results and displays, in order; then the truncation marker (the
    // shell's, ShellAction truncationMarker) when the bridge dropped text past max_output_length.
    QString stdoutText() const;
    // Stream stderr, tracebacks, notes and an exit's message, in order.
    QString stderrText() const;
    // Everything in the order the kernel sent it, the exit line too (OpenAI's logs); then the marker.
    QString logs() const;
    // The message of an exit line ("SystemExit: bye\n" -> "bye\n").
    static QString exitMessage(const QString &exitLine);
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

// The longest line the engine keeps from the channel; a longer one is dropped whole (the bridge's lines
// fit in the 65,536 characters a cell keeps).
constexpr int MaxLineBytes = 128 * 1024;

// The bash of the command that starts the bridge and kernel with the command's stderr (the channel) as the
// bridge's fd 3. Exits 0 once the kernel is ready, 2 without python3, 3 when the image has no ipykernel
// (remembered for the container's life under Dir), 4 when it did not start (why, on stdout).
QString startScript();
// A cell's request line for the bridge: the code with these limits; showResults false leaves out
// execute_result; extra adds fields: "tools" (names the code may call), "tool_timeout_ms", or "resume" (a
// pending call's id) with "value" and "is_error" to resume a paused cell instead of running code.
QByteArray request(const QString &code, int timeoutMs, int maxOutputLength, bool showResults = true,
                   const QJsonObject &extra = {});
// The request that restarts the kernel (Restart Python), answered by one end line.
QByteArray restartRequest();
// The request that interrupts the running cell (its call was cancelled); the cell then ends as usual.
QByteArray cancelRequest();
// The head line of a cell's answer (KernelCellResult::parse checks its nonce).
QByteArray headLine(const QString &nonce);
// The bash a cell runs when there is no channel: fallbackScript (the code as a script), after a line saying
// once per awake container that the image has no ipykernel, or a note that the kernel is not running.
QString cellScript(const QString &nonce, const QString &fallbackScript);
// What Restart Python runs when there is no channel: says that no kernel runs.
QString restartScript();
// A fresh random nonce for a cell.
QString newNonce();

// Splits the channel's bytes into lines of at most MaxLineBytes (without the newline); a longer line is
// dropped whole and counted. Holds at most MaxLineBytes between calls.
class LineSplitter
{
public:
    // Appends data and returns the complete lines it finished.
    QList<QByteArray> feed(const char *data, qsizetype size);
    int droppedLines() const { return m_dropped; }
    qsizetype buffered() const { return m_buffer.size(); }
    // Forgets a partial line (the channel was closed) and releases the buffer's memory.
    void reset();

private:
    QByteArray m_buffer;
    bool m_skipping = false;
    int m_dropped = 0;
};
} // namespace KernelCell
