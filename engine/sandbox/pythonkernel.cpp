// SPDX-License-Identifier: GPL-3.0-or-later
#include "pythonkernel.h"

#include "container.h"
#include "containermanager.h"
#include "shellcall.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QSocketNotifier>

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

// What one read of the channel takes, and how many reads one wake-up makes before the event loop runs again.
constexpr size_t ReadChunk = 16 * 1024;
constexpr int ReadsPerWake = 16;

} // namespace

PythonKernel::PythonKernel(Container *container)
    : QObject(container)
    , m_container(container)
{
    connect(container, &Container::stopped, this, &PythonKernel::onContainerStopped);
    connect(container, &Container::failed, this, &PythonKernel::onContainerStopped);
}

PythonKernel::~PythonKernel()
{
    // With the container: its calls go with it, nothing to end.
    m_active = nullptr;
    m_waiting = nullptr;
    closeChannel();
}

PythonKernel *PythonKernel::of(Container *container)
{
    if (!container)
        return nullptr;
    if (PythonKernel *k = existing(container))
        return k;
    return new PythonKernel(container);
}

PythonKernel *PythonKernel::existing(Container *container)
{
    return container ? container->findChild<PythonKernel *>(QString(), Qt::FindDirectChildrenOnly) : nullptr;
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
    if (!m_container)
        return;
    // A workspace that uses Python keeps a container with its kernel started ahead for the next new one.
    if (auto *manager = qobject_cast<ContainerManager *>(m_container->parent()))
        manager->keepPythonAhead();
    if (m_state != State::None || m_starting || m_unavailable)
        return;
    // The channel: our end stays here, the other becomes the start command's stderr and so the bridge's.
    int pair[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0) {
        qWarning("sandbench: no socket pair for the Python kernel: %s", strerror(errno));
        return;
    }
    fcntl(pair[0], F_SETFL, fcntl(pair[0], F_GETFL) | O_NONBLOCK);
    ShellAction action;
    action.commands = {KernelCell::startScript()};
    action.timeoutMs = 90000;
    action.maxOutputLength = 4096;
    ShellCall *call = m_container->run(action);
    // History and logs name what it does, not the bridge's script.
    call->setPresentation({u"# Sandbench: start the Python kernel"_s}, QString());
    call->setStderrChannel(pair[1]);
    m_starting = true;
    setState(State::Starting);
    connect(call, &ShellCall::finished, this, [this, call, fd = pair[0], life = m_life] {
        call->deleteLater();
        if (life != m_life || !m_starting) {
            ::close(fd);
            return;
        }
        m_starting = false;
        const QList<CommandResult> results = call->results();
        const CommandOutcome outcome = results.isEmpty() ? CommandOutcome::exit(-1) : results.first().outcome;
        if (outcome == CommandOutcome::exit(0)) {
            m_bridgeCommand = call->lastCommandId();
            openChannel(fd);
            setState(m_running > 0 ? State::Busy : State::Idle);
            return;
        }
        ::close(fd);
        // No python3 or no ipykernel: cells run as scripts (and say so) until the container sleeps. Any
        // other failure is tried again by the next cell, which meanwhile runs as a script and says so.
        m_unavailable = outcome == CommandOutcome::exit(2) || outcome == CommandOutcome::exit(3);
        if (!m_unavailable)
            qWarning("sandbench: container %s: the Python kernel did not start (exit %d): %s",
                     m_container ? qPrintable(m_container->id()) : "?", outcome.exitCode,
                     qPrintable(results.isEmpty() ? call->errorString()
                                                  : results.first().stdoutText.left(2000).toHtmlEscaped()));
        if (!m_unavailable && call->lastCommandId() != 0)
            m_container->killCommand(call->lastCommandId());
        setState(State::None);
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
    action.commands = {KernelCell::restartScript()};
    action.kernelRequest = KernelCell::restartRequest();
    action.kernelNonce = KernelCell::newNonce();
    action.timeoutMs = 90000;
    action.maxOutputLength = 4096;
    ShellCall *call = m_container->run(action);
    call->setPresentation({u"# Sandbench: restart the Python kernel (Restart Python)"_s}, QString());
    call->setKernelNonce(action.kernelNonce);
    track(call);
    connect(call, &ShellCall::finished, call, &QObject::deleteLater);
}

void PythonKernel::onContainerStopped()
{
    ++m_life;
    m_starting = false;
    m_unavailable = false;
    // Init took the bridge with it.
    m_bridgeCommand = 0;
    closeChannel();
    if (m_state == State::None)
        return;
    m_running = 0;
    m_resetNote =
        u"sandbench: the Python state was reset: this container stopped since the last cell (it "
        "sleeps after its idle time, or was restarted), and a woken container is a fresh machine with "
        "your files; variables and imports from earlier cells are gone\n"_s;
    setState(State::None);
}

void PythonKernel::openChannel(int fd)
{
    closeChannel();
    m_channel = fd;
    m_readNotifier = new QSocketNotifier(fd, QSocketNotifier::Read, this);
    connect(m_readNotifier, &QSocketNotifier::activated, this, &PythonKernel::onReadable);
    m_writeNotifier = new QSocketNotifier(fd, QSocketNotifier::Write, this);
    m_writeNotifier->setEnabled(false);
    connect(m_writeNotifier, &QSocketNotifier::activated, this, &PythonKernel::flush);
}

void PythonKernel::closeChannel()
{
    delete m_readNotifier;
    m_readNotifier = nullptr;
    delete m_writeNotifier;
    m_writeNotifier = nullptr;
    if (m_channel >= 0)
        ::close(m_channel);
    m_channel = -1;
    m_outgoing = QByteArray();
    m_lines.reset();
    m_answering = false;
    m_activeNote.clear();
    // A cell still waiting on this channel ends now, with what it got (its answer then says it ended
    // early); the container's own stop ends it first when that is why.
    const QPointer<ShellCall> active = std::exchange(m_active, nullptr);
    const QPointer<ShellCall> waiting = std::exchange(m_waiting, nullptr);
    for (const QPointer<ShellCall> &call : {active, waiting}) {
        if (call && call->isKernelCell())
            call->kernelCellEnded(u"sandbench: the Python kernel's bridge stopped; its state is lost"_s);
    }
}

void PythonKernel::lose(const QString &why, bool kill)
{
    if (m_channel < 0)
        return;
    if (!why.isEmpty())
        qWarning("sandbench: container %s: %s", m_container ? qPrintable(m_container->id()) : "?",
                 qPrintable(why));
    // The bridge lives in its start command's namespace: that ends it and its kernel, whatever state it is
    // in.
    if (kill && m_container)
        m_container->killCommand(m_bridgeCommand);
    m_bridgeCommand = 0;
    m_resetNote = u"sandbench: the Python kernel had stopped; a new kernel started, and the state of earlier "
                  "cells is lost\n"_s;
    setState(State::None);
    m_running = 0;
    closeChannel();
}

void PythonKernel::sendCell(ShellCall *call)
{
    if (m_channel < 0) {
        QMetaObject::invokeMethod(
            this,
            [call = QPointer<ShellCall>(call)] {
                if (call && call->isKernelCell())
                    call->kernelCellEnded(u"sandbench: the Python kernel is not running"_s);
            },
            Qt::QueuedConnection);
        return;
    }
    if (m_answering) {
        // An earlier cell's answer (its call went away) is still coming: this one goes once it ended.
        m_waiting = call;
        return;
    }
    m_active = call;
    m_answering = true;
    // Why the state is gone, if nobody said it yet (a cancelled cell's kernel was restarted): this cell's
    // answer says it first.
    m_activeNote = std::exchange(m_resetNote, {});
    write(call->action().kernelRequest);
}

void PythonKernel::cancelCell(ShellCall *call)
{
    if (call && call == m_active && m_answering)
        write(KernelCell::cancelRequest());
    else if (call && call == m_waiting) {
        m_waiting = nullptr;
        QMetaObject::invokeMethod(
            this,
            [call = QPointer<ShellCall>(call)] {
                if (call && call->isKernelCell())
                    call->kernelCellEnded(u"sandbench: the cell was cancelled before it ran"_s);
            },
            Qt::QueuedConnection);
    }
}

void PythonKernel::cellGone(ShellCall *call)
{
    if (call == m_waiting)
        m_waiting = nullptr;
    if (call == m_active && m_answering)
        write(KernelCell::cancelRequest()); // the answer's lines are dropped as they come
}

void PythonKernel::abandon(ShellCall *call, const QString &note)
{
    if (call != m_active && call != m_waiting) {
        call->kernelCellEnded(note);
        return;
    }
    if (call == m_waiting)
        m_waiting = nullptr;
    else
        m_active = nullptr;
    lose(u"the Python kernel's bridge did not answer in time; it was stopped"_s, true);
    call->kernelCellEnded(note);
}

void PythonKernel::write(const QByteArray &bytes)
{
    m_outgoing += bytes;
    flush();
}

void PythonKernel::flush()
{
    while (m_channel >= 0 && !m_outgoing.isEmpty()) {
        const ssize_t n =
            ::send(m_channel, m_outgoing.constData(), size_t(m_outgoing.size()), MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            m_writeNotifier->setEnabled(true);
            return;
        }
        if (n < 0) {
            // Lost while a caller is inside us: the cell ends from the event loop.
            QMetaObject::invokeMethod(
                this, [this] { lose(u"the Python kernel's channel broke"_s, true); }, Qt::QueuedConnection);
            return;
        }
        m_outgoing.remove(0, n);
    }
    m_outgoing = QByteArray();
    if (m_writeNotifier)
        m_writeNotifier->setEnabled(false);
}

void PythonKernel::onReadable()
{
    char buffer[ReadChunk];
    const QPointer<PythonKernel> self(this);
    for (int i = 0; i < ReadsPerWake && m_channel >= 0; ++i) {
        const ssize_t n = ::recv(m_channel, buffer, sizeof buffer, MSG_DONTWAIT);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            return;
        if (n <= 0) {
            // The bridge ended (its kernel could not be restarted, or something in the container killed it).
            lose(u"the Python kernel's bridge ended"_s, true);
            return;
        }
        for (QByteArray &line : m_lines.feed(buffer, n)) {
            handleLine(std::move(line));
            if (!self || m_channel < 0)
                return; // a slot of the ended cell stopped the container or deleted us
        }
    }
}

void PythonKernel::handleLine(QByteArray line)
{
    if (!m_answering)
        return; // nothing asked: dropped
    const QJsonObject object = QJsonDocument::fromJson(line).object();
    const bool end = object.value(u"t"_s).toString() == u"end";
    const QPointer<ShellCall> call = m_active;
    if (call && call->isKernelCell()) {
        // The call's head line went out as it was sent: a note for it comes next, ahead of the answer.
        if (const QString note = std::exchange(m_activeNote, {}); !note.isEmpty()) {
            const QByteArray noteLine = QJsonDocument(QJsonObject{{u"t"_s, u"note"_s}, {u"text"_s, note}})
                                            .toJson(QJsonDocument::Compact) +
                                        '\n';
            call->kernelOutput(noteLine.constData(), noteLine.size());
        }
        if (call && call->isKernelCell()) {
            line.append('\n');
            call->kernelOutput(line.constData(), line.size());
        }
    } else if (!m_activeNote.isEmpty()) {
        // Its call went away before it could say it: the next cell does.
        m_resetNote = std::exchange(m_activeNote, {});
    }
    if (!end)
        return;
    m_answering = false;
    m_active = nullptr;
    // A cell that was cancelled (or whose call went away) and did not stop at the interrupt: the bridge
    // restarted its kernel. Its answer went to no one, so the next cell says that the state is gone.
    const QString status = object.value(u"status"_s).toString();
    if (status == u"restarted" && (!call || call->m_cancelled))
        m_resetNote = u"sandbench: the Python state was reset: a cancelled cell did not stop within %1 s of "
                      "the interrupt, so its kernel was restarted; variables and imports from earlier cells "
                      "are gone\n"_s.arg(KernelCell::GraceMs / 1000.0);
    else if (status == u"died" && (!call || call->m_cancelled))
        m_resetNote =
            u"sandbench: the Python state was reset: the kernel stopped while a cancelled cell ran, "
            "and a new kernel started; variables and imports from earlier cells are gone\n"_s;
    if (call && call->isKernelCell())
        call->kernelCellEnded({});
    if (m_channel < 0)
        return;
    if (const QPointer<ShellCall> next = std::exchange(m_waiting, nullptr); next && next->isKernelCell())
        sendCell(next);
}
