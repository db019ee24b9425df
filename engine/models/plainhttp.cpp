// SPDX-License-Identifier: GPL-3.0-or-later
#include "plainhttp.h"
#include "plainhttpparser.h"

#include <QElapsedTimer>
#include <QHash>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QPointer>
#include <QTcpSocket>
#include <QTimer>
#include <QUrl>

#include <typeinfo>

#include <atomic>
#include <cstring>
#include <mutex>

using namespace Qt::StringLiterals;

namespace PlainHttp {

namespace {

std::atomic<bool> g_enabled{true};
std::mutex g_limitsMutex;
Limits g_limits;

// Idle keep-alive connections of one manager, per host:port. A parked socket that reads data or closes is
// dropped at once; one older than idleKeepAliveMs is not handed out again.
class Pool final : public QObject
{
public:
    explicit Pool(QObject *parent)
        : QObject(parent)
    {
        setObjectName(u"sandbench-plainhttp-pool"_s);
    }

    QTcpSocket *take(const QString &key, int idleMs)
    {
        QList<Idle> &list = m_idle[key];
        while (!list.isEmpty()) {
            Idle idle = list.takeLast();
            if (!idle.socket)
                continue;
            idle.socket->disconnect(this);
            if (idle.socket->state() == QAbstractSocket::ConnectedState &&
                idle.socket->bytesAvailable() == 0 && !idle.since.hasExpired(idleMs)) {
                idle.socket->setParent(nullptr);
                return idle.socket;
            }
            idle.socket->deleteLater();
        }
        return nullptr;
    }

    void give(const QString &key, QTcpSocket *socket, int maxIdle)
    {
        QList<Idle> &list = m_idle[key];
        list.removeIf([](const Idle &i) { return !i.socket; });
        if (list.size() >= maxIdle) {
            socket->deleteLater();
            return;
        }
        socket->setParent(this);
        QPointer<QTcpSocket> guard(socket);
        auto drop = [guard] {
            if (guard) {
                guard->disconnect();
                guard->abort();
                guard->deleteLater();
            }
        };
        connect(socket, &QTcpSocket::readyRead, this, drop);
        connect(socket, &QTcpSocket::disconnected, this, drop);
        connect(socket, &QTcpSocket::errorOccurred, this, drop);
        Idle idle;
        idle.socket = socket;
        idle.since.start();
        list.append(idle);
    }

private:
    struct Idle
    {
        QPointer<QTcpSocket> socket;
        QElapsedTimer since;
    };
    QHash<QString, QList<Idle>> m_idle;
};

Pool *poolOf(QNetworkAccessManager *nam)
{
    if (auto *pool = nam->findChild<Pool *>(u"sandbench-plainhttp-pool"_s, Qt::FindDirectChildrenOnly))
        return pool;
    return new Pool(nam);
}

QNetworkReply::NetworkError replyErrorForStatus(int status)
{
    switch (status) {
    case 400:
        return QNetworkReply::ProtocolInvalidOperationError;
    case 401:
        return QNetworkReply::AuthenticationRequiredError;
    case 403:
        return QNetworkReply::ContentAccessDenied;
    case 404:
        return QNetworkReply::ContentNotFoundError;
    case 405:
        return QNetworkReply::ContentOperationNotPermittedError;
    case 407:
        return QNetworkReply::ProxyAuthenticationRequiredError;
    case 409:
        return QNetworkReply::ContentConflictError;
    case 410:
        return QNetworkReply::ContentGoneError;
    case 418:
        return QNetworkReply::ProtocolInvalidOperationError;
    case 500:
        return QNetworkReply::InternalServerError;
    case 501:
        return QNetworkReply::OperationNotImplementedError;
    case 503:
        return QNetworkReply::ServiceUnavailableError;
    default:
        break;
    }
    if (status >= 500)
        return QNetworkReply::UnknownServerError;
    return QNetworkReply::UnknownContentError;
}

class Reply final : public QNetworkReply
{
public:
    Reply(QNetworkAccessManager *nam, const QNetworkRequest &request, const QByteArray &body)
        : QNetworkReply(nam)
        , m_pool(poolOf(nam))
        , m_limits(limits())
        , m_body(body)
        , m_parser(m_limits)
    {
        setRequest(request);
        setUrl(request.url());
        setOperation(QNetworkAccessManager::PostOperation);
        open(QIODevice::ReadOnly | QIODevice::Unbuffered);
        const QUrl url = request.url();
        m_host = url.host();
        m_port = quint16(url.port(80));
        m_key = m_host + u':' + QString::number(m_port);
        m_requestBytes = requestBytes(request, body);
        const int timeout =
            request.transferTimeout() > 0 ? request.transferTimeout() : nam->transferTimeout();
        if (timeout > 0) {
            m_transferTimer.setSingleShot(true);
            m_transferTimer.setInterval(timeout);
            connect(&m_transferTimer, &QTimer::timeout, this,
                    [this] { fail(TimeoutError, u"Socket operation timed out"_s); });
        }
        // Start from the event loop, as the manager does, so callers connect to the signals first.
        QTimer::singleShot(0, this, [this] { start(true); });
    }

    ~Reply() override { dropSocket(); }

    void abort() override
    {
        if (m_ended)
            return;
        fail(OperationCanceledError, u"Operation canceled"_s);
    }
    bool isSequential() const override { return true; }
    qint64 bytesAvailable() const override { return m_out.size() + QIODevice::bytesAvailable(); }

protected:
    qint64 readData(char *data, qint64 maxSize) override
    {
        const qint64 n = std::min<qint64>(maxSize, m_out.size());
        if (n <= 0)
            return m_ended && m_out.isEmpty() ? -1 : 0;
        std::memcpy(data, m_out.constData(), size_t(n));
        m_out.remove(0, n);
        return n;
    }

private:
    static QByteArray requestBytes(const QNetworkRequest &request, const QByteArray &body)
    {
        const QUrl url = request.url();
        QByteArray path = url.path(QUrl::FullyEncoded).toLatin1();
        if (path.isEmpty())
            path = "/";
        if (url.hasQuery())
            path += '?' + url.query(QUrl::FullyEncoded).toLatin1();
        QByteArray out;
        out.reserve(512 + body.size());
        out += "POST " + path + " HTTP/1.1\r\nHost: " + url.host(QUrl::FullyEncoded).toLatin1();
        if (url.port() != -1 && url.port() != 80)
            out += ':' + QByteArray::number(url.port());
        out += "\r\n";
        bool hasLength = false;
        for (const QByteArray &name : request.rawHeaderList()) {
            if (name.compare("connection", Qt::CaseInsensitive) == 0 ||
                name.compare("host", Qt::CaseInsensitive) == 0)
                continue;
            hasLength = hasLength || name.compare("content-length", Qt::CaseInsensitive) == 0;
            out += name + ": " + request.rawHeader(name) + "\r\n";
        }
        if (!hasLength)
            out += "Content-Length: " + QByteArray::number(body.size()) + "\r\n";
        out += "Connection: keep-alive\r\n\r\n";
        out += body;
        return out;
    }

    void start(bool mayReuse)
    {
        if (m_ended)
            return;
        m_socket = mayReuse ? m_pool->take(m_key, m_limits.idleKeepAliveMs) : nullptr;
        m_reused = m_socket != nullptr;
        if (!m_socket)
            m_socket = new QTcpSocket;
        connect(m_socket, &QTcpSocket::readyRead, this, &Reply::onReadyRead);
        connect(m_socket, &QTcpSocket::disconnected, this, &Reply::onDisconnected);
        connect(m_socket, &QTcpSocket::errorOccurred, this, &Reply::onSocketError);
        if (m_reused) {
            send();
            return;
        }
        connect(m_socket, &QTcpSocket::connected, this, [this] {
            m_socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
            send();
        });
        m_socket->connectToHost(m_host, m_port);
        if (m_transferTimer.interval() > 0)
            m_transferTimer.start();
    }

    void send()
    {
        m_socket->write(m_requestBytes);
        if (m_transferTimer.interval() > 0)
            m_transferTimer.start();
    }

    void dropSocket()
    {
        if (!m_socket)
            return;
        m_socket->disconnect(this);
        m_socket->abort();
        m_socket->deleteLater();
        m_socket = nullptr;
    }

    // A reused keep-alive connection the server closed before answering: try once on a new one.
    bool retryFresh()
    {
        if (!m_reused || m_parser.receivedAny() || m_ended)
            return false;
        dropSocket();
        m_parser = ResponseParser(m_limits);
        start(false);
        return true;
    }

    void onSocketError(QAbstractSocket::SocketError error)
    {
        if (m_ended || !m_socket)
            return;
        if (error == QAbstractSocket::RemoteHostClosedError) {
            onDisconnected();
            return;
        }
        if (retryFresh())
            return;
        NetworkError code = UnknownNetworkError;
        QString text = m_socket->errorString();
        switch (error) {
        case QAbstractSocket::ConnectionRefusedError:
            code = ConnectionRefusedError;
            text = u"Connection refused"_s;
            break;
        case QAbstractSocket::HostNotFoundError:
            code = HostNotFoundError;
            text = u"Host %1 not found"_s.arg(m_host);
            break;
        case QAbstractSocket::SocketTimeoutError:
            code = TimeoutError;
            break;
        default:
            break;
        }
        fail(code, text);
    }

    void onDisconnected()
    {
        if (m_ended || !m_socket)
            return;
        m_parser.append(m_socket->readAll());
        parse();
        if (m_ended)
            return;
        if (m_parser.closed() == ResponseParser::Step::Done) {
            complete(false);
            return;
        }
        if (retryFresh())
            return;
        fail(RemoteHostClosedError, m_parser.error());
    }

    void onReadyRead()
    {
        if (m_ended || !m_socket)
            return;
        m_parser.append(m_socket->readAll());
        if (m_transferTimer.interval() > 0)
            m_transferTimer.start();
        parse();
    }

    void parse()
    {
        QPointer<Reply> self(this);
        while (self && !m_ended) {
            QByteArray body;
            switch (m_parser.next(&body)) {
            case ResponseParser::Step::NeedMore:
                return;
            case ResponseParser::Step::Head:
                headReceived();
                break;
            case ResponseParser::Step::Body:
                m_out += body;
                Q_EMIT readyRead();
                break;
            case ResponseParser::Step::Done:
                complete(m_parser.reusable());
                return;
            case ResponseParser::Step::Error:
                fail(ProtocolFailure, m_parser.error());
                return;
            }
        }
    }

    void headReceived()
    {
        for (const auto &[name, value] : m_parser.headers()) {
            const QByteArray existing = rawHeader(name);
            setRawHeader(name, existing.isEmpty() ? value : existing + ", " + value);
        }
        setAttribute(QNetworkRequest::HttpStatusCodeAttribute, m_parser.status());
        setAttribute(QNetworkRequest::HttpReasonPhraseAttribute, m_parser.reason());
        if (m_parser.status() >= 400)
            m_statusError = replyErrorForStatus(m_parser.status());
        Q_EMIT metaDataChanged();
    }

    void complete(bool keepAlive)
    {
        if (m_ended)
            return;
        m_ended = true;
        m_transferTimer.stop();
        if (m_socket) {
            m_socket->disconnect(this);
            // Leftover bytes after a complete answer mean the connection is out of step: do not reuse it.
            if (keepAlive && m_socket->state() == QAbstractSocket::ConnectedState &&
                m_socket->bytesAvailable() == 0)
                m_pool->give(m_key, m_socket, m_limits.maxIdlePerHost);
            else {
                m_socket->abort();
                m_socket->deleteLater();
            }
            m_socket = nullptr;
        }
        QPointer<Reply> self(this);
        if (m_statusError != NoError) {
            setError(m_statusError, u"Error transferring %1 - server replied: %2"_s.arg(
                                        url().toString(), QString::fromLatin1(m_parser.reason())));
            Q_EMIT errorOccurred(m_statusError);
            if (!self)
                return;
        }
        setFinished(true);
        Q_EMIT readChannelFinished();
        if (!self)
            return;
        Q_EMIT finished();
    }

    void fail(NetworkError code, const QString &text)
    {
        if (m_ended)
            return;
        m_ended = true;
        m_transferTimer.stop();
        dropSocket();
        QPointer<Reply> self(this);
        setError(code, text);
        Q_EMIT errorOccurred(code);
        if (!self)
            return;
        setFinished(true);
        Q_EMIT readChannelFinished();
        if (!self)
            return;
        Q_EMIT finished();
    }

    QPointer<Pool> m_pool;
    Limits m_limits;
    QByteArray m_body;
    QByteArray m_requestBytes;
    QString m_host;
    quint16 m_port = 80;
    QString m_key;
    QTcpSocket *m_socket = nullptr;
    bool m_reused = false;
    QTimer m_transferTimer;
    ResponseParser m_parser;
    QByteArray m_out; // decoded body not yet read
    NetworkError m_statusError = NoError;
    bool m_ended = false;
};

} // namespace

bool applies(QNetworkAccessManager *nam, const QUrl &url)
{
    if (!nam || !g_enabled.load() || url.scheme() != u"http" || url.host().isEmpty())
        return false;
    // Only Qt's own manager: a subclass (ScriptedClient's, a test's) answers requests itself, with or
    // without Q_OBJECT, so the dynamic type is compared, not the meta-object.
    if (typeid(*nam) != typeid(QNetworkAccessManager))
        return false;
    const QNetworkProxy proxy = nam->proxy();
    if (proxy.type() != QNetworkProxy::DefaultProxy)
        return proxy.type() == QNetworkProxy::NoProxy;
    const QNetworkProxyQuery query(url);
    const QList<QNetworkProxy> proxies = nam->proxyFactory() ? nam->proxyFactory()->queryProxy(query)
                                                             : QNetworkProxyFactory::proxyForQuery(query);
    return proxies.isEmpty() || proxies.first().type() == QNetworkProxy::NoProxy;
}

QNetworkReply *post(QNetworkAccessManager *nam, const QNetworkRequest &request, const QByteArray &body)
{
    if (!applies(nam, request.url()))
        return nam->post(request, body);
    return new Reply(nam, request, body);
}

void setEnabled(bool enabled)
{
    g_enabled.store(enabled);
}

bool isEnabled()
{
    return g_enabled.load();
}

void setLimits(const Limits &limits)
{
    std::lock_guard lock(g_limitsMutex);
    g_limits = limits;
}

Limits limits()
{
    std::lock_guard lock(g_limitsMutex);
    return g_limits;
}

} // namespace PlainHttp
