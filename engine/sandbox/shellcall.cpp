// SPDX-License-Identifier: GPL-3.0-or-later
#include "shellcall.h"

#include "base/randomtoken.h"
#include "container.h"
#include "outputcapture.h"
#include "pythonkernel.h"
#include "tools/codeaction.h"

#include <QFile>
#include <QSocketNotifier>
#include <QTimer>

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <sys/ioctl.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

constexpr qsizetype ReadChunk = 1024 * 1024;
constexpr int KillGraceMs = 10000;
// How long a command that init refused during start-up (EPIPE) waits for init's own reason.
constexpr int StartFailureWaitMs = 5000;

} // namespace

struct ShellCall::Reader
{
    Reader(int maxChars, OutputCapture::Keep keep)
        : capture(maxChars, keep)
    {}
    ~Reader()
    {
        delete notifier;
        if (fd >= 0)
            ::close(fd);
    }
    int fd = -1;
    QSocketNotifier *notifier = nullptr;
    OutputCapture capture;
};

void ShellCall::setPresentation(const QStringList &displayCommands, const QString &toolLabel)
{
    m_display = displayCommands.size() == m_action.commands.size() ? displayCommands : QStringList();
    m_toolLabel = toolLabel;
}

ShellCall::ShellCall(Container *container, const ShellAction &action, const QStringList &extraEnv)
    : QObject(container)
    , m_container(container)
    , m_id(randomToken(u"call_"_s, 24))
    , m_itemId(randomToken(u"sh_"_s, 24))
    , m_containerId(container->id())
    , m_action(action)
    , m_env(extraEnv)
    , m_storageLimit(container->settings().limits.storageBytes)
{
    m_timeoutTimer.setSingleShot(true);
    connect(&m_timeoutTimer, &QTimer::timeout, this, &ShellCall::onTimeout);
    const QString problem = action.validate();
    if (!problem.isEmpty()) {
        // Invalid input never reaches the sandbox.
        m_error = problem;
        m_incomplete = true;
        m_invalid = true;
    }
}

ShellCall::~ShellCall()
{
    if (m_stderrChannel >= 0)
        ::close(m_stderrChannel);
    if (m_kernelCell && !m_finished && m_container) {
        if (PythonKernel *kernel = PythonKernel::existing(m_container))
            kernel->cellGone(this);
    }
    if (m_container && !m_finished)
        m_container->forgetCall(this);
}

Container *ShellCall::container() const
{
    return m_container;
}

void ShellCall::setStderrChannel(int fd)
{
    if (m_stderrChannel >= 0)
        ::close(m_stderrChannel);
    m_stderrChannel = fd;
}

void ShellCall::kernelOutput(const char *data, qsizetype size)
{
    if (!m_kernelCell || m_finished || !m_readers[0])
        return;
    const QString text = m_readers[0]->capture.feed(data, size);
    if (!text.isEmpty())
        Q_EMIT outputChunk(m_index, Stream::Stdout, text);
}

void ShellCall::kernelCellEnded(const QString &note)
{
    if (!m_kernelCell || m_finished)
        return;
    m_kernelCell = false;
    // Answered (no note): the command "ran" as the cell script's `cat` of the answer would have, exit 0.
    const CommandOutcome outcome = note.isEmpty() ? CommandOutcome::exit(0)
                                   : m_timedOut   ? CommandOutcome::timeout()
                                                  : CommandOutcome::exit(128 + SIGKILL);
    finishCommand(outcome, note);
}

QJsonObject ShellCall::outputItem() const
{
    if (m_toolLabel.isEmpty() && m_kernelNonce.isEmpty())
        return shellOutputItem(m_itemId, m_id, m_containerId, m_action, m_results, isCompleted());
    // A code tool's call is kept as a person read it: its code, the cell's output rather than the kernel
    // bridge's JSON lines, and the tool that ran it.
    ShellAction shown = m_action;
    shown.commands = displayCommands();
    QList<CommandResult> results = m_results;
    if (!m_kernelNonce.isEmpty())
        for (CommandResult &r : results)
            r = CodeOutput::readableResult(r, m_kernelNonce);
    QJsonObject item = shellOutputItem(m_itemId, m_id, m_containerId, shown, results, isCompleted());
    if (m_toolLabel.isEmpty())
        return item;
    item.insert(u"tool"_s, m_toolLabel);
    return item;
}

void ShellCall::begin()
{
    if (m_finished)
        return;
    if (m_invalid || m_action.commands.isEmpty()) {
        finishCall();
        return;
    }
    m_buffer.reset(new char[ReadChunk]);
    startCommand(0);
}

void ShellCall::startCommand(int index)
{
    m_index = index;
    m_timedOut = false;
    m_killSent = false;
    m_storageExceeded = false;
    m_commandId = 0;
    m_clock.start();

    QByteArray payload = m_action.commands.at(index).toUtf8();
    payload.append('\0');
    for (const QString &entry : std::as_const(m_env)) {
        payload.append(entry.toUtf8());
        payload.append('\0');
    }
    if (m_container)
        m_container->commandStarting(this, index);
    const auto makeReader = [this](int i, int fd) {
        auto reader = std::make_unique<Reader>(m_action.maxOutputLength, m_action.keepOutputTail
                                                                             ? OutputCapture::Keep::Tail
                                                                             : OutputCapture::Keep::Head);
        reader->fd = fd;
        if (fd >= 0) {
            reader->notifier = new QSocketNotifier(reader->fd, QSocketNotifier::Read);
            connect(reader->notifier, &QSocketNotifier::activated, this, [this, i] { readStream(i, false); });
        }
        m_readers[i] = std::move(reader);
    };
    // A Python cell goes to the container's kernel over its channel when it has one (PythonKernel): no
    // process starts; the answer is this command's stdout, behind the head line the cell script would print.
    if (index == 0 && !m_action.kernelRequest.isEmpty() && m_container) {
        PythonKernel *kernel = PythonKernel::existing(m_container);
        if (kernel && kernel->hasChannel()) {
            makeReader(0, -1);
            makeReader(1, -1);
            m_kernelCell = true;
            m_timeoutTimer.start(m_action.timeoutMs);
            kernel->sendCell(this);
            QPointer<ShellCall> self(this);
            Q_EMIT commandStarted(m_index);
            if (!self || !m_kernelCell)
                return;
            const QByteArray head = KernelCell::headLine(m_action.kernelNonce);
            kernelOutput(head.constData(), head.size());
            return;
        }
    }
    // The shell init started ahead of this command takes it with its own output pipes; else two of ours
    // (or one, and the channel as its stderr).
    const bool channel = m_stderrChannel >= 0;
    int readEnds[2] = {-1, -1};
    qint32 startedPid = -1;
    quint32 id = m_container && !channel
                     ? m_container->sendToReadyShell(payload, &readEnds[0], &readEnds[1], &startedPid)
                     : 0;
    QString error;
    if (id == 0) {
        int pipes[2][2] = {{-1, -1}, {-1, -1}};
        for (int i = 0; i < (channel ? 1 : 2); ++i) {
            if (pipe2(pipes[i], O_CLOEXEC) != 0) {
                const QString message =
                    tr("cannot create a pipe: %1").arg(QString::fromLocal8Bit(strerror(errno)));
                if (i == 1) {
                    ::close(pipes[0][0]);
                    ::close(pipes[0][1]);
                }
                m_incomplete = true;
                m_error = message;
                finishCommand(CommandOutcome::exit(126), message);
                return;
            }
            // A big pipe lets a fast writer hand over 1 MiB per read.
            fcntl(pipes[i][0], F_SETPIPE_SZ, int(ReadChunk));
            fcntl(pipes[i][0], F_SETFL, fcntl(pipes[i][0], F_GETFL) | O_NONBLOCK);
            readEnds[i] = pipes[i][0];
        }
        const int stderrEnd = channel ? m_stderrChannel : pipes[1][1];
        id = m_container ? m_container->sendExec(payload, pipes[0][1], stderrEnd, &error, &startedPid) : 0;
        ::close(pipes[0][1]);
        ::close(stderrEnd);
        m_stderrChannel = -1;
        if (id == 0 && m_container && m_container->state() == Container::State::Starting) {
            // Init is dying during start-up ("Broken pipe"): the container's shutDown hands this call
            // init's own reason through failToStart once init's exit is seen. The fallback only keeps
            // the call from waiting on a container that never reports.
            for (int fd : readEnds)
                if (fd >= 0)
                    ::close(fd);
            QTimer::singleShot(StartFailureWaitMs, this, [this, error] {
                if (m_finished)
                    return;
                m_incomplete = true;
                m_error = error;
                finishCommand(CommandOutcome::exit(126), error);
            });
            return;
        }
    }
    for (int i = 0; i < 2; ++i)
        makeReader(i, readEnds[i]);
    if (id == 0) {
        if (error.isEmpty())
            error = tr("the sandbox is gone");
        m_incomplete = true;
        m_error = error;
        finishCommand(CommandOutcome::exit(126), error);
        return;
    }
    m_commandId = id;
    m_lastCommandId = id;
    m_timeoutTimer.start(m_action.timeoutMs);
    if (startedPid >= 0)
        handleStarted(id, startedPid);
}

void ShellCall::handleStarted(quint32 commandId, int)
{
    if (commandId != m_commandId || m_finished)
        return;
    // The first EXEC goes out while the container still boots: the command's time and its timeout count
    // from here, so a slow start neither uses up a short timeout nor shows in durationMs. The timer armed
    // at send still ends a container that never starts the command.
    if (!m_killSent && !m_timedOut) {
        m_clock.start();
        m_timeoutTimer.start(m_action.timeoutMs);
    }
    Q_EMIT commandStarted(m_index);
}

void ShellCall::handleError(quint32 commandId, int error, const QString &message)
{
    // init could not start this command; DONE may or may not follow, so end the command here.
    if (commandId != m_commandId || m_finished)
        return;
    QString text = message.trimmed();
    if (text.isEmpty())
        text = QString::fromLocal8Bit(strerror(error));
    finishCommand(CommandOutcome::exit(126), tr("sandbox could not run the command: %1").arg(text));
}

void ShellCall::handleDone(quint32 commandId, int waitStatus)
{
    if (commandId != m_commandId || m_finished)
        return;
    CommandOutcome outcome =
        m_timedOut ? CommandOutcome::timeout() : CommandOutcome::fromWaitStatus(waitStatus);
    QString note;
    if (m_storageExceeded)
        note = tr("workspace storage limit of %1 bytes exceeded").arg(m_storageLimit);
    finishCommand(outcome, note);
}

void ShellCall::readStream(int which, bool drainOnly)
{
    Reader *r = m_readers[which].get();
    if (!r || r->fd < 0)
        return;
    // After DONE only what is buffered now counts: a background process may keep the pipe open forever.
    qsizetype budget = ReadChunk * 4;
    if (drainOnly) {
        int available = 0;
        if (ioctl(r->fd, FIONREAD, &available) != 0)
            available = 0;
        budget = available;
    }
    while (budget > 0) {
        const ssize_t n = ::read(r->fd, m_buffer.get(), size_t(qMin(budget, ReadChunk)));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            return;
        if (n <= 0) {
            // EOF: every writer closed.
            delete r->notifier;
            r->notifier = nullptr;
            ::close(r->fd);
            r->fd = -1;
            return;
        }
        budget -= n;
        const QString text = r->capture.feed(m_buffer.get(), n);
        if (!text.isEmpty())
            Q_EMIT outputChunk(m_index, which == 0 ? Stream::Stdout : Stream::Stderr, text);
        if (m_finished || !m_readers[which])
            return; // a slot cancelled or deleted us
    }
}

void ShellCall::closeStreams()
{
    for (auto &r : m_readers)
        r.reset();
}

void ShellCall::finishCommand(CommandOutcome outcome, const QString &note)
{
    m_timeoutTimer.stop();
    const int index = m_index;
    QString notes = note;
    if (m_container) {
        // Background processes the container's storage watchdog stopped: this call is the next to hear of it.
        const QString background = m_container->takeBackgroundNote();
        if (!background.isEmpty())
            notes += (notes.isEmpty() ? QString() : u"\n"_s) + background;
    }
    CommandResult result;
    result.outcome = outcome;
    result.durationMs = m_clock.isValid() ? m_clock.elapsed() : 0;
    for (int i = 0; i < 2; ++i) {
        if (!m_readers[i])
            m_readers[i] = std::make_unique<Reader>(m_action.maxOutputLength,
                                                    m_action.keepOutputTail ? OutputCapture::Keep::Tail
                                                                            : OutputCapture::Keep::Head);
        readStream(i, true);
        Reader *r = m_readers[i].get();
        if (!r)
            continue;
        const QString tail = r->capture.finish();
        if (!tail.isEmpty())
            Q_EMIT outputChunk(index, i == 0 ? Stream::Stdout : Stream::Stderr, tail);
        if (m_finished || !m_readers[i])
            return;
    }
    result.stdoutText = m_readers[0]->capture.text();
    result.stderrText = m_readers[1]->capture.text();
    result.stdoutDropped = m_readers[0]->capture.droppedCharacters();
    result.stderrDropped = m_readers[1]->capture.droppedCharacters();
    closeStreams();
    if (!notes.isEmpty()) {
        if (!result.stderrText.isEmpty() && !result.stderrText.endsWith(u'\n'))
            result.stderrText += u'\n';
        result.stderrText += notes;
        Q_EMIT outputChunk(index, Stream::Stderr, notes);
    }
    m_commandId = 0;
    m_kernelCell = false;
    m_results.append(result);
    if (m_container)
        m_container->commandCompleted(this, index, result);
    QPointer<ShellCall> self(this);
    Q_EMIT commandFinished(index, result);
    if (!self || m_finished)
        return;
    if (m_cancelled || m_incomplete || index + 1 >= m_action.commands.size()) {
        finishCall();
        return;
    }
    if (!m_container) {
        startCommand(index + 1);
        return;
    }
    // The next command starts once this one's changes are read for its commit, so it holds only them.
    m_container->afterHistorySettled(this, [this, index] {
        if (m_finished)
            return;
        if (m_cancelled || m_incomplete) {
            finishCall();
            return;
        }
        startCommand(index + 1);
    });
}

void ShellCall::finishCall()
{
    if (m_finished)
        return;
    m_finished = true;
    m_timeoutTimer.stop();
    closeStreams();
    if (m_results.size() < m_action.commands.size())
        m_incomplete = true;
    if (m_container)
        m_container->callFinished(this);
    Q_EMIT finished();
}

void ShellCall::killCurrent()
{
    if (m_kernelCell && !m_finished) {
        PythonKernel *kernel = m_container ? PythonKernel::existing(m_container) : nullptr;
        if (!kernel || m_timedOut || m_storageExceeded || m_killSent) {
            // The bridge interrupts a cell at its own time limit: past this call's margin it is stuck.
            const QString note =
                m_storageExceeded
                    ? tr("[workspace storage limit of %1 bytes exceeded; the Python kernel was stopped and "
                         "its "
                         "state is lost]")
                          .arg(m_storageLimit)
                    : tr("[the Python kernel did not answer in time; it was stopped and its state is lost]");
            if (kernel)
                kernel->abandon(this, note);
            else
                kernelCellEnded(note);
            return;
        }
        // Cancelled: the bridge interrupts the cell (restarting a kernel that does not stop) and answers.
        m_killSent = true;
        kernel->cancelCell(this);
        m_timeoutTimer.start(KillGraceMs + KernelCell::GraceMs);
        return;
    }
    if (m_commandId == 0 || m_finished)
        return;
    m_killSent = true;
    if (!m_container || !m_container->sendKill(m_commandId)) {
        abort(tr("the sandbox is gone"));
        return;
    }
    // If init never confirms the kill the container is broken: give up on it rather than hang.
    m_timeoutTimer.start(KillGraceMs);
}

void ShellCall::onTimeout()
{
    if (m_kernelCell) {
        m_timedOut = !m_killSent;
        killCurrent();
        return;
    }
    if (m_killSent) {
        if (m_container)
            m_container->stop(); // aborts this call through abort()
        else
            abort(tr("the sandbox did not end the command"));
        return;
    }
    m_timedOut = true;
    killCurrent();
}

void ShellCall::stopForStorage()
{
    if ((m_commandId == 0 && !m_kernelCell) || m_killSent || m_finished)
        return;
    m_storageExceeded = true;
    killCurrent();
}

void ShellCall::cancel()
{
    if (m_finished)
        return;
    m_cancelled = true;
    m_incomplete = true;
    if (m_error.isEmpty())
        m_error = tr("the call was cancelled");
    if (m_index < 0) {
        finishCall(); // still queued: nothing ran
        return;
    }
    // Cancelled again (the agent loop cancels as it fails and again as it is deleted): the stop asked for
    // runs its course. For a kernel cell a second kill would give up on the bridge's interrupt and stop the
    // kernel, losing the state the interrupt keeps.
    if (m_killSent)
        return;
    killCurrent();
}

void ShellCall::abort(const QString &reason)
{
    if (m_finished)
        return;
    m_incomplete = true;
    if (m_error.isEmpty())
        m_error = reason;
    if (m_index >= 0 && (m_commandId != 0 || m_kernelCell)) {
        finishCommand(m_timedOut ? CommandOutcome::timeout() : CommandOutcome::exit(128 + SIGKILL),
                      tr("[%1]").arg(reason));
        return; // finishCommand ends the call because m_incomplete is set
    }
    finishCall();
}

void ShellCall::failToStart(const QString &reason)
{
    if (m_finished)
        return;
    m_incomplete = true;
    m_error = reason;
    finishCall();
}
