// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QObject>

#include <functional>

#include <sys/types.h>

class McpSession;
class QSocketNotifier;

// The engine's end of McpRelay: while an ApiServer serves a workspace, DATA/workspaces/<ws>/mcp.sock takes
// `sandbench mcp` relays of the same user (SO_PEERCRED; anyone else is closed at once) and gives each
// connection its own McpSession, speaking the stdio transport (a message a line each way). A socket another
// live engine holds is left to it; one left behind by an engine that is gone is replaced. The sockets are
// removed when this is deleted, if they are still this server's.
class McpSocketServer : public QObject
{
    Q_OBJECT
public:
    // The most one client may leave unread before its connection is closed.
    static constexpr qint64 MaxPendingBytes = 64LL * 1024 * 1024;

    using SessionFactory = std::function<McpSession *(const QString &workspace, QObject *parent)>;
    McpSocketServer(const QString &dataDir, SessionFactory sessions, QObject *parent = nullptr);
    ~McpSocketServer() override;

    // Starts taking relays for workspace; false and an error when its socket cannot be made or another engine
    // already serves it.
    bool publish(const QString &workspace, QString *error);
    bool isPublished(const QString &workspace) const { return m_listeners.contains(workspace); }
    // Stops taking relays and removes the sockets; open connections stay until their clients end them.
    void unpublishAll();
    int connectionCount() const { return m_connections; }

private:
    struct Listener
    {
        int fd = -1;
        dev_t device = 0;
        ino_t inode = 0;
        QSocketNotifier *notifier = nullptr;
    };
    void accept(const QString &workspace, int listenFd);
    void serve(const QString &workspace, int fd);

    QString m_dataDir;
    SessionFactory m_sessions;
    QHash<QString, Listener> m_listeners;
    int m_connections = 0;
};
