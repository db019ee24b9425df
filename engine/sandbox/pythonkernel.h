// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "tools/codeaction.h"

#include <QObject>
#include <QPointer>

class Container;
class ShellCall;

// The Jupyter kernel of one container (SPEC §10; the design is in tools/kernelcell.h): started ahead of the
// first cell by a command of its own (so that the kill ending a cell's command can never take the kernel with
// it), alive while the container is awake and lost when it stops. The agent loop, the window and MCP run
// cells through it. It holds only a few fields: the kernel's own memory is the container's.
class PythonKernel : public QObject
{
    Q_OBJECT
public:
    // None: no kernel started in this awake life; Starting: its start command runs; Idle; Busy: a cell runs.
    enum class State { None, Starting, Idle, Busy };
    Q_ENUM(State)

    // The container's kernel object, made on first use (a child of the container).
    static PythonKernel *of(Container *container);

    State state() const { return m_state; }
    Container *container() const { return m_container; }

    // Queues the command that starts the bridge and kernel unless one was started in this awake life.
    void startAhead();
    // Once, for the first cell after the container stopped with a kernel: why the Python state is gone.
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
    explicit PythonKernel(Container *container);
    void setState(State state);
    void onContainerStopped();

    QPointer<Container> m_container;
    State m_state = State::None;
    int m_running = 0;
    QString m_resetNote;
};
