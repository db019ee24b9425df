// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "tools/codeaction.h"
#include "tools/kernelcell.h"

#include <QObject>
#include <QPointer>

class Container;
class QSocketNotifier;
class ShellCall;

// The Jupyter kernel of one container (SPEC §10; the design is in tools/kernelcell.h): started ahead of the
// first cell by a command of its own (so that no cell's end can take it along), alive while the container
// is awake and lost when it stops. The agent loop, the window and MCP run cells through it: a cell is a
// shell call whose request goes over the kernel's channel, a socket pair whose other end only the bridge
// holds. Everything read from the channel is the container's: bounded lines, handed to the cell's bounded
// capture, nothing kept between cells. It holds only a few fields: the kernel's own memory is the
// container's.
class PythonKernel : public QObject
{
    Q_OBJECT
public:
    // None: no kernel started in this awake life; Starting: its start command runs; Idle; Busy: a cell runs.
    enum class State { None, Starting, Idle, Busy };
    Q_ENUM(State)

    ~PythonKernel() override;

    // The container's kernel object, made on first use (a child of the container).
    static PythonKernel *of(Container *container);
    // The container's kernel object if it was made, else nullptr.
    static PythonKernel *existing(Container *container);

    State state() const { return m_state; }
    Container *container() const { return m_container; }
    // Whether a bridge answers on the channel: cells go there rather than running as commands.
    bool hasChannel() const { return m_channel >= 0; }
    // The image has no python3 or no ipykernel: cells run as scripts in this awake life.
    bool isUnavailable() const { return m_unavailable; }

    // Queues the command that starts the bridge and kernel unless one was started in this awake life (or
    // the image has no ipykernel).
    void startAhead();
    // Once, for the first cell after the container stopped with a kernel, the kernel's bridge was lost, or a
    // cancelled cell's kernel had to be restarted: why the Python state is gone. A cell sent to the kernel
    // before anyone took it says it itself (a note ahead of its answer).
    QString takeResetNote() { return std::exchange(m_resetNote, {}); }

    // Runs code as a cell with these limits (the caller's ShellCall machinery: history, live view); the
    // returned call is the container's child, finished() as any; read its output with CodeOutput::fromResult
    // and the returned action. Marks the kernel busy until the call ends.
    ShellCall *execute(const CodeAction &action, int timeoutMs, int maxOutputLength);
    // A call the agent loop started itself for a cell: busy until it ends.
    void track(ShellCall *call);
    // Restarts the kernel (Restart Python): its state is lost. No-op when none runs.
    void restart();

Q_SIGNALS:
    void stateChanged(PythonKernel::State state);
    // A cell finished (any caller): the window's notebook view refreshes.
    void cellFinished();

private:
    friend class ShellCall;

    explicit PythonKernel(Container *container);
    void setState(State state);
    void onContainerStopped();

    // Used by ShellCall (a kernel cell, ShellAction::kernelRequest): sends its request, or holds it until
    // the answer being read ends; the answer's lines go to the call, then ShellCall::kernelCellEnded.
    void sendCell(ShellCall *call);
    // Interrupts the call's cell (it was cancelled); its answer still ends it.
    void cancelCell(ShellCall *call);
    // The call is being deleted: its cell is interrupted and the rest of its answer dropped.
    void cellGone(ShellCall *call);
    // The call gave up waiting (its last-resort timeout): the bridge is killed and the cell ends.
    void abandon(ShellCall *call, const QString &note);

    void openChannel(int fd);
    void write(const QByteArray &bytes);
    void flush();
    void onReadable();
    void handleLine(QByteArray line);
    // Closes the channel (queued when it failed inside a call into us) and ends what waited on it.
    void lose(const QString &why, bool kill);
    void closeChannel();

    QPointer<Container> m_container;
    State m_state = State::None;
    int m_running = 0;
    QString m_resetNote;
    // Set when the image has no python3 or no ipykernel: cells run as scripts for this awake life.
    bool m_unavailable = false;
    // The start command is queued or runs (the state may say Busy meanwhile: a cell waits for it).
    bool m_starting = false;
    // Bumped when the container stops: a start command of an earlier life is ignored.
    quint64 m_life = 0;

    int m_channel = -1;
    QSocketNotifier *m_readNotifier = nullptr;
    QSocketNotifier *m_writeNotifier = nullptr;
    QByteArray m_outgoing;
    KernelCell::LineSplitter m_lines;
    quint32 m_bridgeCommand = 0;   // the start command, whose namespace the bridge lives in
    QPointer<ShellCall> m_active;  // the call whose answer is being read (null once gone)
    bool m_answering = false;      // an answer's end line is still to come
    QString m_activeNote;          // a reset note for the active call, put ahead of its answer's first line
    QPointer<ShellCall> m_waiting; // the next cell, sent once the current answer ends
};
