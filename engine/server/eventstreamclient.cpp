// SPDX-License-Identifier: GPL-3.0-or-later
#include "eventstreamclient.h"

#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QUrlQuery>
#include <QWebSocket>

#include <memory>

using namespace Qt::StringLiterals;

EventStreamClient::EventStreamClient(QObject *parent)
    : QObject(parent)
{
    m_retry.setSingleShot(true);
    connect(&m_retry, &QTimer::timeout, this, &EventStreamClient::connectNow);
}

EventStreamClient::~EventStreamClient()
{
    dropSocket();
}

QUrl EventStreamClient::eventsUrl(const QUrl &base)
{
    if (!base.isValid() || base.host().isEmpty())
        return {};
    QUrl url = base;
    const QString scheme = base.scheme().toLower();
    if (scheme == u"http")
        url.setScheme(u"ws"_s);
    else if (scheme == u"https")
        url.setScheme(u"wss"_s);
    else if (scheme != u"ws" && scheme != u"wss")
        return {};
    QString path = url.path();
    while (path.endsWith(u'/'))
        path.chop(1);
    if (!path.endsWith(u"/api/v1/events")) {
        if (!path.endsWith(u"/api/v1"))
            path += u"/api/v1"_s;
        path += u"/events"_s;
    }
    url.setPath(path);
    url.setQuery(QString());
    url.setFragment(QString());
    return url;
}

void EventStreamClient::open(const QUrl &base, const QString &key)
{
    dropSocket();
    m_retry.stop();
    m_url = eventsUrl(base);
    m_key = key;
    m_workspace.clear();
    m_error.clear();
    m_retryMs = MinRetryMs;
    if (m_url.isEmpty()) {
        m_error =
            tr("\"%1\" is not a server address; use one like http://127.0.0.1:8642").arg(base.toString());
        setState(State::Refused);
        return;
    }
    connectNow();
}

void EventStreamClient::close()
{
    m_retry.stop();
    dropSocket();
    m_workspace.clear();
    m_error.clear();
    setState(State::Closed);
}

void EventStreamClient::dropSocket()
{
    if (!m_socket)
        return;
    QWebSocket *socket = std::exchange(m_socket, nullptr);
    socket->disconnect(this);
    socket->abort();
    socket->deleteLater();
}

void EventStreamClient::connectNow()
{
    dropSocket();
    m_socket = new QWebSocket(QString(), QWebSocketProtocol::VersionLatest, this);
    connect(m_socket, &QWebSocket::connected, this, &EventStreamClient::onConnected);
    connect(m_socket, &QWebSocket::disconnected, this, &EventStreamClient::onDisconnected);
    connect(m_socket, &QWebSocket::textMessageReceived, this, &EventStreamClient::onMessage);
    connect(m_socket, qOverload<QAbstractSocket::SocketError>(&QWebSocket::error), this,
            [this](QAbstractSocket::SocketError) {
                if (m_socket)
                    m_error = m_socket->errorString();
            });
    QUrl url = m_url;
    QUrlQuery query;
    query.addQueryItem(u"key"_s, m_key);
    url.setQuery(query);
    setState(State::Connecting);
    m_socket->open(QNetworkRequest(url));
}

void EventStreamClient::onConnected()
{
    m_retryMs = MinRetryMs;
    m_error.clear();
    // Connected only counts once the server's hello names the workspace.
}

void EventStreamClient::onMessage(const QString &text)
{
    const QJsonObject event = QJsonDocument::fromJson(text.toUtf8()).object();
    if (event.isEmpty())
        return;
    if (event.value(u"type"_s).toString() == u"hello") {
        m_workspace = event.value(u"workspace"_s).toString();
        setState(State::Connected);
        return;
    }
    Q_EMIT eventReceived(event);
}

void EventStreamClient::onDisconnected()
{
    if (!m_socket)
        return;
    const QWebSocketProtocol::CloseCode code = m_socket->closeCode();
    const QString reason = m_socket->closeReason();
    // The server answers a bad key with 401 before the upgrade, or closes with "policy violated".
    const bool refused = code == QWebSocketProtocol::CloseCodePolicyViolated || m_error.contains(u"401"_s) ||
                         reason.contains(u"invalid API key"_s);
    if (!reason.isEmpty())
        m_error = reason;
    dropSocket();
    m_workspace.clear();
    if (refused) {
        m_error = tr("The server refused the key: use a key of the server's workspace (Local API settings "
                     "or `sandbench keys create`).");
        setState(State::Refused);
        return;
    }
    if (m_error.isEmpty())
        m_error = tr("The server closed the connection.");
    setState(State::Retrying);
    m_retry.start(m_retryMs);
    m_retryMs = std::min(m_retryMs * 2, MaxRetryMs);
}

void EventStreamClient::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    Q_EMIT stateChanged(state);
}

void EventStreamClient::allowHost(const QString &containerId, const QString &host, QObject *context,
                                  std::function<void(const AllowReply &)> done)
{
    if (m_url.isEmpty() || m_key.isEmpty()) {
        done({false, tr("Not watching a server."), {}, false, {}});
        return;
    }
    if (!m_http)
        m_http = new QNetworkAccessManager(this);
    // The events URL names the server: ws(s)://HOST:PORT/…/api/v1/events → http(s)://HOST:PORT/…/api/v1.
    QUrl url = m_url;
    url.setScheme(m_url.scheme() == u"wss" ? u"https"_s : u"http"_s);
    QString path = url.path();
    path.chop(QStringLiteral("/events").size());
    url.setPath(path + u"/containers/"_s + QString::fromLatin1(QUrl::toPercentEncoding(containerId)) +
                    u"/network/allow"_s,
                QUrl::StrictMode);
    QNetworkRequest request(url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader("Authorization", "Bearer " + m_key.toUtf8());
    request.setTransferTimeout(AllowTimeoutMs);
    QNetworkReply *reply =
        m_http->post(request, QJsonDocument(QJsonObject{{u"host"_s, host}}).toJson(QJsonDocument::Compact));
    const auto body = std::make_shared<QByteArray>();
    connect(reply, &QNetworkReply::readyRead, reply, [reply, body] {
        body->append(reply->read(MaxAllowReplyBytes + 1 - body->size()));
        if (body->size() > MaxAllowReplyBytes)
            reply->abort();
    });
    QPointer<QObject> alive(context);
    connect(reply, &QNetworkReply::finished, this, [reply, body, alive, done = std::move(done)] {
        reply->deleteLater();
        if (!alive)
            return;
        if (body->size() < MaxAllowReplyBytes)
            body->append(reply->read(MaxAllowReplyBytes + 1 - body->size()));
        AllowReply answer;
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        const QJsonObject json = QJsonDocument::fromJson(*body).object();
        if (body->size() > MaxAllowReplyBytes) {
            answer.error = tr("The server's answer is over %1 KiB.").arg(MaxAllowReplyBytes / 1024);
        } else if (status == 200 && json.value(u"network_policy"_s).isObject()) {
            answer.ok = true;
            answer.policy = json.value(u"network_policy"_s).toObject();
            answer.changed = json.value(u"changed"_s).toBool();
            answer.restart = json.value(u"restart"_s).toString();
        } else {
            // The API's error shape: {"error": {"message": …}}; else what the transport says.
            const QString message = json.value(u"error"_s).toObject().value(u"message"_s).toString();
            answer.error = !message.isEmpty() ? message.left(500)
                           : status != 0      ? tr("The server answered HTTP %1.").arg(status)
                                              : reply->errorString();
        }
        done(answer);
    });
}
