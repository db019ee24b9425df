// SPDX-License-Identifier: GPL-3.0-or-later
#include "mcpstdio.h"

#include "jsonrpc.h"
#include "mcpsession.h"

#include <QJsonDocument>
#include <QSocketNotifier>
#include <QTimer>

#include <cerrno>
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

McpStdio::McpStdio(McpSession *session, int inputFd, int outputFd, QObject *parent)
    : QObject(parent)
    , m_session(session)
    , m_in(inputFd)
    , m_reader(McpSession::MaxMessageBytes)
{
    // The protocol gets a private copy of the output; the process's fd 1 becomes stderr.
    m_out = ::fcntl(outputFd, F_DUPFD_CLOEXEC, 3);
    if (m_out >= 0 && outputFd == STDOUT_FILENO)
        ::dup2(STDERR_FILENO, STDOUT_FILENO);
    const int flags = ::fcntl(m_in, F_GETFL);
    if (flags >= 0)
        ::fcntl(m_in, F_SETFL, flags | O_NONBLOCK);
    connect(m_session, &McpSession::sendMessage, this,
            [this](const QJsonObject &message, const QJsonValue &) { send(message); });
    m_notifier = new QSocketNotifier(m_in, QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, &McpStdio::onReadable);
}

McpStdio::~McpStdio()
{
    if (m_out >= 0)
        ::close(m_out);
}

void McpStdio::onReadable()
{
    char chunk[65536];
    for (;;) {
        const ssize_t n = ::read(m_in, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            return;
        if (n <= 0) {
            // End of input (or an error reading it): the client is gone.
            m_notifier->setEnabled(false);
            if (const QByteArray last = m_reader.finish([this](const QJsonValue &id) { refuseTooLong(id); });
                !last.isEmpty())
                processLine(last);
            m_session->close();
            QTimer::singleShot(0, this, &McpStdio::finished);
            return;
        }
        m_reader.feed(
            QByteArrayView(chunk, n), [this](const QByteArray &line) { processLine(line); },
            [this](const QJsonValue &id) { refuseTooLong(id); });
    }
}

void McpStdio::refuseTooLong(const QJsonValue &id)
{
    send(JsonRpcMessage::errorMessage(
        id, JsonRpcMessage::InvalidRequest,
        u"a message is longer than %1 bytes, the most one may be; it was skipped"_s.arg(
            McpSession::MaxMessageBytes)));
}

void McpStdio::processLine(const QByteArray &line)
{
    m_session->receive(line);
}

void McpStdio::send(const QJsonObject &message)
{
    if (m_out < 0)
        return;
    QByteArray bytes = QJsonDocument(message).toJson(QJsonDocument::Compact);
    bytes.append('\n');
    qsizetype written = 0;
    while (written < bytes.size()) {
        const ssize_t n = ::write(m_out, bytes.constData() + written, size_t(bytes.size() - written));
        if (n > 0) {
            written += n;
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            pollfd p{m_out, POLLOUT, 0};
            ::poll(&p, 1, 1000);
            continue;
        }
        // The reader is gone: nothing more can be said.
        ::close(m_out);
        m_out = -1;
        return;
    }
}
