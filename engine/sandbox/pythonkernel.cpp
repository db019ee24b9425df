// SPDX-License-Identifier: GPL-3.0-or-later
#include "pythonkernel.h"

#include "container.h"
#include "shellcall.h"

using namespace Qt::StringLiterals;

PythonKernel::PythonKernel(Container *container)
    : QObject(container)
    , m_container(container)
{
    connect(container, &Container::stopped, this, &PythonKernel::onContainerStopped);
}

PythonKernel *PythonKernel::of(Container *container)
{
    if (!container)
        return nullptr;
    if (auto *k = container->findChild<PythonKernel *>(QString(), Qt::FindDirectChildrenOnly))
        return k;
    return new PythonKernel(container);
}

void PythonKernel::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    Q_EMIT stateChanged(state);
}

void PythonKernel::startAhead()
{
    if (!m_container || m_state != State::None)
        return;
    ShellAction action;
    action.commands = {KernelCell::startScript()};
    action.timeoutMs = 90000;
    action.maxOutputLength = 4096;
    ShellCall *call = m_container->run(action);
    // History and logs name what it does, not the bridge's script.
    call->setPresentation({u"# Sandbench: start the Python kernel"_s}, QString());
    setState(State::Starting);
    connect(call, &ShellCall::finished, this, [this, call] {
        call->deleteLater();
        if (m_state == State::Starting)
            setState(m_running > 0 ? State::Busy : State::Idle);
    });
}

void PythonKernel::track(ShellCall *call)
{
    if (!call)
        return;
    ++m_running;
    setState(State::Busy);
    connect(call, &ShellCall::finished, this, [this] {
        m_running = std::max(0, m_running - 1);
        if (m_running == 0 && m_state == State::Busy)
            setState(State::Idle);
        Q_EMIT cellFinished();
    });
}

ShellCall *PythonKernel::execute(const CodeAction &action, int timeoutMs, int maxOutputLength)
{
    if (!m_container)
        return nullptr;
    startAhead();
    ShellCall *call = m_container->run(action.shellAction(timeoutMs, maxOutputLength));
    if (call)
        call->setKernelNonce(action.nonce);
    track(call);
    return call;
}

void PythonKernel::restart()
{
    if (!m_container || m_state == State::None)
        return;
    ShellAction action;
    action.commands = {KernelCell::restartScript(KernelCell::newNonce())};
    action.timeoutMs = 90000;
    action.maxOutputLength = 4096;
    ShellCall *call = m_container->run(action);
    call->setPresentation({u"# Sandbench: restart the Python kernel (Restart Python)"_s}, QString());
    track(call);
    connect(call, &ShellCall::finished, call, &QObject::deleteLater);
}

void PythonKernel::onContainerStopped()
{
    if (m_state == State::None)
        return;
    m_running = 0;
    m_resetNote =
        u"sandbench: the Python state was reset: this container stopped since the last cell (it "
        "sleeps after its idle time, or was restarted), and a woken container is a fresh machine with "
        "your files; variables and imports from earlier cells are gone\n"_s;
    setState(State::None);
}
