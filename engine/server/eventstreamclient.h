// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QTimer>
#include <QUrl>

#include <functional>

class QNetworkAccessManager;
class QWebSocket;

// A viewer of a local API server's live event stream (WebSocket /api/v1/events): hands each event on as JSON
// and reconnects by itself when the server goes away and comes back (a restart), until close(). A refused key
// is reported and not retried. The desktop's "Other programs" panel watches through it.
class EventStreamClient : public QObject
{
    Q_OBJECT
public:
    enum class State { Closed, Connecting, Connected, Retrying, Refused };
    Q_ENUM(State)

    static constexpr int MinRetryMs = 500;
    static constexpr int MaxRetryMs = 5000;

    explicit EventStreamClient(QObject *parent = nullptr);
    ~EventStreamClient() override;

    // The events URL of a server: base is its address (http://127.0.0.1:8642, with or without /api/v1) or
    // already a ws:// URL; an empty URL when base is not an http(s) or ws(s) URL with a host.
    static QUrl eventsUrl(const QUrl &base);

    // Connects to the server at base with key (a workspace key or a viewer key); replaces any connection.
    void open(const QUrl &base, const QString &key);
    void close();

    State state() const { return m_state; }
    // The events URL without the key, for display.
    QUrl url() const { return m_url; }
    // The workspace the server said the key belongs to (its hello event); empty until connected.
    QString workspace() const { return m_workspace; }
    // Why the last connection failed or ended; empty while connected.
    QString lastError() const { return m_error; }

    // The answer of POST /api/v1/containers/{id}/network/allow.
    struct AllowReply
    {
        bool ok = false;
        QString error;        // what went wrong, the server's own message when it sent one
        QJsonObject policy;   // network_policy: the container's policy from now on
        bool changed = false; // false: the host was allowed already
        QString restart;      // none, restarted, after_running_call or next_start
    };
    // The most of an answer that is read; a longer one is cut off and reported as an error.
    static constexpr qint64 MaxAllowReplyBytes = 256 * 1024;
    static constexpr int AllowTimeoutMs = 30000;
    // Asks the watched server to let containerId reach host, with the stream's own key; done runs once with
    // the answer, unless context is gone by then.
    void allowHost(const QString &containerId, const QString &host, QObject *context,
                   std::function<void(const AllowReply &)> done);

Q_SIGNALS:
    void stateChanged(EventStreamClient::State state);
    // Every event of the stream except the hello, as the server sent it.
    void eventReceived(const QJsonObject &event);

private:
    void connectNow();
    void onConnected();
    void onDisconnected();
    void onMessage(const QString &text);
    void setState(State state);
    void dropSocket();

    QWebSocket *m_socket = nullptr;
    QNetworkAccessManager *m_http = nullptr;
    QUrl m_url;
    QString m_key;
    QString m_workspace;
    QString m_error;
    State m_state = State::Closed;
    int m_retryMs = MinRetryMs;
    QTimer m_retry;
};
