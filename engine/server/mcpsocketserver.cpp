// SPDX-License-Identifier: GPL-3.0-or-later
#include "mcpsocketserver.h"

#include "base/randomtoken.h"
#include "mcp/jsonrpc.h"
#include "mcp/mcplinereader.h"
#include "mcp/mcprelay.h"
#include "mcp/mcpsession.h"
#include "sandbox/history/containerregistry.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QPointer>
#include <QSocketNotifier>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

// The path to name in sun_path: through the held directory, so it stays short whatever the data dir's length.
sockaddr_un addressIn(int dirFd)
{
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    std::snprintf(address.sun_path, sizeof address.sun_path, "/proc/self/fd/%d/%s", dirFd,
                  McpRelay::SocketName);
    return address;
}

// One relay's connection: its session, the bytes read into messages and the answers not yet written.
class RelayConnection : public QObject
{
public:
    RelayConnection(int fd, McpSession *session, std::function<void()> ended, QObject *parent)
        : QObject(parent)
        , m_fd(fd)
        , m_session(session)
        , m_reader(McpSession::MaxMessageBytes)
        , m_ended(std::move(ended))
    {
        session->setParent(this);
        m_read = new QSocketNotifier(fd, QSocketNotifier::Read, this);
        m_write = new QSocketNotifier(fd, QSocketNotifier::Write, this);
        m_write->setEnabled(false);
        connect(m_read, &QSocketNotifier::activated, this, [this] { onReadable(); });
        connect(m_write, &QSocketNotifier::activated, this, [this] { flush(); });
        connect(session, &McpSession::sendMessage, this,
                [this](const QJsonObject &message, const QJsonValue &) { send(message); });
    }
    ~RelayConnection() override
    {
        delete std::exchange(m_session, nullptr); // ends its calls while the descriptor still exists
        if (m_fd >= 0)
            ::close(m_fd);
    }

private:
    void onReadable()
    {
        char chunk[65536];
        // A bounded amount per turn of the event loop; the notifier comes back for the rest.
        for (int turns = 0; turns < 16 && !m_closing; ++turns) {
            const ssize_t n = ::recv(m_fd, chunk, sizeof chunk, MSG_DONTWAIT);
            if (n < 0 && errno == EINTR)
                continue;
            if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
                return;
            if (n <= 0) {
                const QByteArray last = m_reader.finish([this](const QJsonValue &id) { refuseTooLong(id); });
                if (!last.isEmpty() && m_session)
                    m_session->receive(last);
                end();
                return;
            }
            m_reader.feed(
                QByteArrayView(chunk, n),
                [this](const QByteArray &line) {
                    if (m_session && !m_closing)
                        m_session->receive(line);
                },
                [this](const QJsonValue &id) { refuseTooLong(id); });
        }
    }
    // A message past the limit: the error goes to its own request when its id could be read.
    void refuseTooLong(const QJsonValue &id)
    {
        send(JsonRpcMessage::errorMessage(
            id, JsonRpcMessage::InvalidRequest,
            u"a message is longer than %1 bytes, the most one may be; it was skipped"_s.arg(
                McpSession::MaxMessageBytes)));
    }
    void send(const QJsonObject &message)
    {
        if (m_fd < 0 || m_dropped)
            return;
        m_out.append(QJsonDocument(message).toJson(QJsonDocument::Compact));
        m_out.append('\n');
        if (m_out.size() - m_written > McpSocketServer::MaxPendingBytes) {
            // The client reads nothing: it cannot have what it asked for, and the engine keeps no more.
            m_dropped = true;
            end();
            return;
        }
        flush();
    }
    void flush()
    {
        while (!m_dropped && m_written < m_out.size()) {
            const ssize_t n = ::send(m_fd, m_out.constData() + m_written, size_t(m_out.size() - m_written),
                                     MSG_DONTWAIT | MSG_NOSIGNAL);
            if (n < 0 && errno == EINTR)
                continue;
            if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
                m_write->setEnabled(true);
                return;
            }
            if (n <= 0) {
                m_dropped = true;
                break;
            }
            m_written += n;
        }
        m_out.clear();
        m_written = 0;
        m_write->setEnabled(false);
        if (m_closing)
            finish();
    }
    // The client is gone or said all it will: the session ends (its calls cancelled), what it already
    // answered is still written, then the connection closes.
    void end()
    {
        if (m_closing)
            return;
        m_closing = true;
        m_read->setEnabled(false);
        if (m_session)
            m_session->close();
        if (m_dropped || m_written >= m_out.size())
            finish();
    }
    void finish()
    {
        if (m_finished)
            return;
        m_finished = true;
        m_write->setEnabled(false);
        if (m_ended)
            m_ended();
        deleteLater();
    }

    int m_fd;
    McpSession *m_session;
    McpLineReader m_reader;
    std::function<void()> m_ended;
    QSocketNotifier *m_read = nullptr;
    QSocketNotifier *m_write = nullptr;
    QByteArray m_out;
    qsizetype m_written = 0;
    bool m_closing = false;
    bool m_dropped = false;
    bool m_finished = false;
};

} // namespace

McpSocketServer::McpSocketServer(const QString &dataDir, SessionFactory sessions, QObject *parent)
    : QObject(parent)
    , m_dataDir(dataDir)
    , m_sessions(std::move(sessions))
{}

McpSocketServer::~McpSocketServer()
{
    unpublishAll();
    // The connections (children) go now, each ending its session's calls.
    const QList<RelayConnection *> open = findChildren<RelayConnection *>(Qt::FindDirectChildrenOnly);
    for (RelayConnection *c : open)
        delete c;
}

bool McpSocketServer::publish(const QString &workspace, QString *error)
{
    if (m_listeners.contains(workspace))
        return true;
    const QString dir = ContainerRegistry(m_dataDir).workspaceDir(workspace);
    if (dir.isEmpty() || !QDir().mkpath(dir)) {
        *error = u"cannot make the workspace directory for its MCP socket"_s;
        return false;
    }
    const int dirFd = ::open(QFile::encodeName(dir).constData(), O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (dirFd < 0) {
        *error = u"cannot open %1: %2"_s.arg(dir, QString::fromLocal8Bit(std::strerror(errno)));
        return false;
    }
    const uid_t me = ::geteuid();
    int fd = -1;
    const auto fail = [&](const QString &message) {
        *error = message;
        if (fd >= 0)
            ::close(fd);
        ::close(dirFd);
        return false;
    };
    struct stat st
    {
    };
    if (::fstat(dirFd, &st) != 0 || st.st_uid != me || (st.st_mode & 022) != 0)
        return fail(u"%1 is not yours alone, so no MCP socket is made in it"_s.arg(dir));
    const sockaddr_un address = addressIn(dirFd);
    if (::fstatat(dirFd, McpRelay::SocketName, &st, AT_SYMLINK_NOFOLLOW) == 0) {
        // Another live engine keeps its socket; one that is gone left a file behind, which goes.
        if (S_ISSOCK(st.st_mode)) {
            const int probe = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
            if (probe >= 0 &&
                ::connect(probe, reinterpret_cast<const sockaddr *>(&address), sizeof address) == 0) {
                ucred peer{};
                socklen_t length = sizeof peer;
                ::getsockopt(probe, SOL_SOCKET, SO_PEERCRED, &peer, &length);
                ::close(probe);
                return fail(u"another engine (pid %1) already takes `sandbench mcp` relays for workspace %2"_s
                                .arg(peer.pid)
                                .arg(workspace));
            }
            if (probe >= 0)
                ::close(probe);
        }
        ::unlinkat(dirFd, McpRelay::SocketName, 0);
    }
    fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0 || ::bind(fd, reinterpret_cast<const sockaddr *>(&address), sizeof address) != 0)
        return fail(
            u"cannot make the MCP socket in %1: %2"_s.arg(dir, QString::fromLocal8Bit(std::strerror(errno))));
    if (::fchmodat(dirFd, McpRelay::SocketName, 0600, 0) != 0 || ::listen(fd, SOMAXCONN) != 0 ||
        ::fstatat(dirFd, McpRelay::SocketName, &st, AT_SYMLINK_NOFOLLOW) != 0) {
        const QString why = QString::fromLocal8Bit(std::strerror(errno));
        ::unlinkat(dirFd, McpRelay::SocketName, 0);
        return fail(u"cannot listen on the MCP socket in %1: %2"_s.arg(dir, why));
    }
    ::close(dirFd);
    Listener listener;
    listener.fd = fd;
    listener.device = st.st_dev;
    listener.inode = st.st_ino;
    listener.notifier = new QSocketNotifier(fd, QSocketNotifier::Read, this);
    connect(listener.notifier, &QSocketNotifier::activated, this,
            [this, workspace, fd] { accept(workspace, fd); });
    m_listeners.insert(workspace, listener);
    return true;
}

void McpSocketServer::unpublishAll()
{
    for (auto it = m_listeners.constBegin(); it != m_listeners.constEnd(); ++it) {
        delete it->notifier;
        ::close(it->fd);
        // Removed only while it is still this server's (no other engine took the name meanwhile).
        const QString dir = ContainerRegistry(m_dataDir).workspaceDir(it.key());
        const int dirFd = ::open(QFile::encodeName(dir).constData(), O_PATH | O_DIRECTORY | O_CLOEXEC);
        if (dirFd < 0)
            continue;
        struct stat st
        {
        };
        if (::fstatat(dirFd, McpRelay::SocketName, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
            st.st_dev == it->device && st.st_ino == it->inode)
            ::unlinkat(dirFd, McpRelay::SocketName, 0);
        ::close(dirFd);
    }
    m_listeners.clear();
}

void McpSocketServer::accept(const QString &workspace, int listenFd)
{
    for (int i = 0; i < 64; ++i) {
        const int fd = ::accept4(listenFd, nullptr, nullptr, SOCK_CLOEXEC | SOCK_NONBLOCK);
        if (fd < 0)
            return; // EAGAIN: all taken; anything else: the next activation tries again
        ucred peer{};
        socklen_t length = sizeof peer;
        if (::getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &peer, &length) != 0 || peer.uid != ::geteuid()) {
            ::close(fd);
            continue;
        }
        serve(workspace, fd);
    }
}

void McpSocketServer::serve(const QString &workspace, int fd)
{
    McpSession *session = m_sessions(workspace, nullptr);
    if (!session) {
        ::close(fd);
        return;
    }
    ++m_connections;
    const QPointer<McpSocketServer> self(this);
    new RelayConnection(
        fd, session,
        [self] {
            if (self)
                --self->m_connections;
        },
        this);
}
