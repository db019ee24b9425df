// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "tools/shellaction.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QStringList>
#include <QTimer>

#include <memory>

class Container;
class OutputCapture;
class QSocketNotifier;

// One shell call running in a container: its commands run one after another, their output streams in
// through outputChunk() and each ends with commandFinished(); finished() comes once, after the last.
// The call is a child of its container; delete it (deleteLater) once you no longer need its results.
class ShellCall : public QObject
{
    Q_OBJECT
public:
    enum class Stream { Stdout, Stderr };
    Q_ENUM(Stream)

    ~ShellCall() override;

    QString id() const { return m_id; }         // "call_..."
    QString itemId() const { return m_itemId; } // the output item's "id"
    QString containerId() const { return m_containerId; }
    // The container the call runs in (null once it is gone).
    Container *container() const;
    ShellAction action() const { return m_action; }
    // What a person reads for each command — a code tool's code rather than the wrapper that runs it — and
    // the tool that made the call ("openrouter:shell", "code_interpreter", ...; empty: a plain shell call).
    // Set by whoever started the call, before any viewer binds to it.
    QStringList displayCommands() const { return m_display.isEmpty() ? m_action.commands : m_display; }
    QString toolLabel() const { return m_toolLabel; }
    void setPresentation(const QStringList &displayCommands, const QString &toolLabel);
    // A Python cell's nonce (KernelCell): its stdout is the kernel bridge's JSON, which viewers parse with
    // KernelCellResult::parse instead of showing it. Empty for any other call.
    QString kernelNonce() const { return m_kernelNonce; }
    void setKernelNonce(const QString &nonce) { m_kernelNonce = nonce; }
    QStringList extraEnvironment() const { return m_env; }
    QList<CommandResult> results() const { return m_results; }
    bool isFinished() const { return m_finished; }
    bool isRunning() const { return m_index >= 0 && !m_finished; }
    // True when every command ran (status "completed"); false after cancel, sandbox failure or stop.
    bool isCompleted() const
    {
        return m_finished && m_results.size() == m_action.commands.size() && !m_incomplete;
    }
    // Why the call is incomplete or did not run at all (empty when completed).
    QString errorString() const { return m_error; }
    int currentCommand() const { return m_finished ? -1 : m_index; }
    // The Responses output item of SPEC §1.2.
    QJsonObject outputItem() const;

    // Kills the running command; remaining commands are not run and the status becomes "incomplete".
    void cancel();

Q_SIGNALS:
    void commandStarted(int index);
    void outputChunk(int index, ShellCall::Stream stream, const QString &text);
    void commandFinished(int index, const CommandResult &result);
    void finished();

private:
    friend class Container;
    friend class PythonKernel;
    struct Reader;

    ShellCall(Container *container, const ShellAction &action, const QStringList &extraEnv);

    // Called by the container.
    void begin();
    void handleStarted(quint32 commandId, int pid);
    void handleDone(quint32 commandId, int waitStatus);
    void handleError(quint32 commandId, int error, const QString &message);
    void abort(const QString &reason);       // the sandbox went away
    void failToStart(const QString &reason); // never got to run
    quint32 commandId() const { return m_commandId; }

    // Used by PythonKernel. A socket given as the next command's stderr (the kernel's channel): its output is
    // not captured, and the command never goes to a shell spare. Taken over; closed once sent.
    void setStderrChannel(int fd);
    // The id of the last command sent to init (kept after it finished).
    quint32 lastCommandId() const { return m_lastCommandId; }
    // A kernel cell (ShellAction::kernelRequest) answered over the channel: bytes of its stdout, and its end.
    bool isKernelCell() const { return m_kernelCell; }
    void kernelOutput(const char *data, qsizetype size);
    void kernelCellEnded(const QString &note);

    void startCommand(int index);
    void finishCommand(CommandOutcome outcome, const QString &note);
    void finishCall();
    void readStream(int which, bool drainOnly);
    void closeStreams();
    void onTimeout();
    // The container's storage watchdog found home and history past the limit while this command ran.
    void stopForStorage();
    void killCurrent();

    QPointer<Container> m_container;
    QString m_id;
    QString m_itemId;
    QString m_containerId;
    ShellAction m_action;
    QStringList m_display;
    QString m_toolLabel;
    QString m_kernelNonce;
    QStringList m_env;
    QList<CommandResult> m_results;
    QString m_error;
    int m_index = -1;
    quint32 m_commandId = 0;
    quint32 m_lastCommandId = 0;
    int m_stderrChannel = -1;
    bool m_kernelCell = false;
    bool m_finished = false;
    bool m_incomplete = false;
    bool m_cancelled = false;
    bool m_invalid = false;
    bool m_timedOut = false;
    bool m_killSent = false;
    bool m_storageExceeded = false;
    qint64 m_storageLimit = 0;
    std::unique_ptr<Reader> m_readers[2];
    std::unique_ptr<char[]> m_buffer;
    QElapsedTimer m_clock;
    QTimer m_timeoutTimer;
};
