// SPDX-License-Identifier: GPL-3.0-or-later
#include "plainhttp.h"

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

#include <atomic>
#include <cctype>
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
    enum class State { Status, Headers, Body, ChunkSize, ChunkData, ChunkDataEnd, Trailer, Done };
    enum class Framing { None, Length, Chunked, UntilClose };

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
        if (!m_reused || m_receivedAny || m_ended)
            return false;
        dropSocket();
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
        m_in += m_socket->readAll();
        if (!m_in.isEmpty())
            m_receivedAny = true;
        parse();
        if (m_ended)
            return;
        if (m_state == State::Body && m_framing == Framing::UntilClose) {
            complete(false);
            return;
        }
        if (retryFresh())
            return;
        fail(RemoteHostClosedError, u"Connection closed"_s);
    }

    void onReadyRead()
    {
        if (m_ended || !m_socket)
            return;
        m_in += m_socket->readAll();
        if (!m_in.isEmpty())
            m_receivedAny = true;
        if (m_transferTimer.interval() > 0)
            m_transferTimer.start();
        parse();
    }

    void protocolError(const QString &text) { fail(ProtocolFailure, text); }

    // Takes one line (without CRLF) from m_in; false when no full line is there yet.
    bool takeLine(QByteArray *line, int limit, const char *what, int shownLimit = -1)
    {
        if (shownLimit < 0)
            shownLimit = limit;
        const qsizetype nl = m_in.indexOf('\n', m_pos);
        if (nl < 0) {
            if (m_in.size() - m_pos > limit)
                protocolError(
                    u"the upstream's %1 exceeds %2 bytes"_s.arg(QLatin1StringView(what)).arg(shownLimit));
            return false;
        }
        if (nl - m_pos > limit) {
            protocolError(
                u"the upstream's %1 exceeds %2 bytes"_s.arg(QLatin1StringView(what)).arg(shownLimit));
            return false;
        }
        qsizetype end = nl;
        if (end > m_pos && m_in.at(end - 1) == '\r')
            --end;
        *line = m_in.mid(m_pos, end - m_pos);
        m_pos = nl + 1;
        return true;
    }

    void parse()
    {
        QPointer<Reply> self(this);
        while (!m_ended && m_pos < m_in.size()) {
            const qsizetype before = m_pos;
            const State stateBefore = m_state;
            switch (m_state) {
            case State::Status:
            case State::Headers:
                if (!parseHead())
                    break;
                continue;
            case State::Body:
                parseBody();
                break;
            case State::ChunkSize:
            case State::ChunkData:
            case State::ChunkDataEnd:
            case State::Trailer:
                parseChunked();
                break;
            case State::Done:
                break;
            }
            if (!self)
                return;
            if (m_ended || (m_pos == before && m_state == stateBefore))
                break;
        }
        if (!self || m_ended)
            return;
        // Drop consumed bytes so the buffer never holds more than one unparsed piece.
        if (m_pos > 0) {
            m_in.remove(0, m_pos);
            m_pos = 0;
        }
        if (m_state == State::Body && m_framing == Framing::Length && m_remaining == 0)
            complete(m_keepAlive);
        else if (m_state == State::Done)
            complete(m_keepAlive);
    }

    // Status line and headers; true when a step was made.
    bool parseHead()
    {
        QByteArray line;
        const int left = m_limits.maxHeaderBytes - m_headerBytes;
        if (!takeLine(&line, std::max(0, left), "response header", m_limits.maxHeaderBytes))
            return false;
        m_headerBytes += int(line.size()) + 2;
        if (m_headerBytes > m_limits.maxHeaderBytes) {
            protocolError(u"the upstream's response header exceeds %1 bytes"_s.arg(m_limits.maxHeaderBytes));
            return false;
        }
        if (m_state == State::Status) {
            // HTTP/1.x SSS reason
            if (!line.startsWith("HTTP/1.") || line.size() < 12 || line.at(8) != ' ') {
                protocolError(u"the upstream sent an invalid HTTP status line"_s);
                return false;
            }
            bool ok = false;
            const int status = line.mid(9, 3).toInt(&ok);
            if (!ok || status < 100 || status > 999 || (line.size() > 12 && line.at(12) != ' ')) {
                protocolError(u"the upstream sent an invalid HTTP status line"_s);
                return false;
            }
            m_status = status;
            m_http10 = line.at(7) == '0';
            m_reason = line.size() > 13 ? line.mid(13) : QByteArray();
            m_headers.clear();
            m_state = State::Headers;
            return true;
        }
        if (!line.isEmpty()) {
            if (line.at(0) == ' ' || line.at(0) == '\t') {
                protocolError(u"the upstream sent a folded header line"_s);
                return false;
            }
            const qsizetype colon = line.indexOf(':');
            if (colon <= 0) {
                protocolError(u"the upstream sent a header line without a name"_s);
                return false;
            }
            if (m_headers.size() >= m_limits.maxHeaderCount) {
                protocolError(u"the upstream sent more than %1 header lines"_s.arg(m_limits.maxHeaderCount));
                return false;
            }
            m_headers.append({line.left(colon), line.mid(colon + 1).trimmed()});
            return true;
        }
        // End of the head. 1xx answers (100 Continue) precede the real one.
        if (m_status < 200 && m_status != 101) {
            m_state = State::Status;
            return true;
        }
        return headEnded();
    }

    bool headEnded()
    {
        bool chunked = false;
        bool close = m_http10;
        qint64 length = -1;
        for (const auto &[name, value] : std::as_const(m_headers)) {
            if (name.compare("transfer-encoding", Qt::CaseInsensitive) == 0) {
                if (value.toLower().contains("chunked"))
                    chunked = true;
            } else if (name.compare("content-length", Qt::CaseInsensitive) == 0) {
                bool ok = false;
                const qint64 n = value.toLongLong(&ok);
                if (!ok || n < 0 || (length >= 0 && length != n)) {
                    protocolError(u"the upstream sent an invalid Content-Length"_s);
                    return false;
                }
                length = n;
            } else if (name.compare("connection", Qt::CaseInsensitive) == 0) {
                const QByteArray v = value.toLower();
                if (v.contains("close"))
                    close = true;
                else if (v.contains("keep-alive"))
                    close = false;
            }
        }
        m_keepAlive = !close;
        for (const auto &[name, value] : std::as_const(m_headers)) {
            const QByteArray existing = rawHeader(name);
            setRawHeader(name, existing.isEmpty() ? value : existing + ", " + value);
        }
        setAttribute(QNetworkRequest::HttpStatusCodeAttribute, m_status);
        setAttribute(QNetworkRequest::HttpReasonPhraseAttribute, m_reason);
        if (m_status == 204 || m_status == 304) {
            m_framing = Framing::None;
            m_state = State::Done;
        } else if (chunked) {
            m_framing = Framing::Chunked;
            m_state = State::ChunkSize;
        } else if (length >= 0) {
            if (length > m_limits.maxBodyBytes) {
                protocolError(u"the upstream's response body exceeds %1 bytes"_s.arg(m_limits.maxBodyBytes));
                return false;
            }
            m_framing = Framing::Length;
            m_remaining = length;
            m_state = State::Body;
        } else {
            m_framing = Framing::UntilClose;
            m_keepAlive = false;
            m_state = State::Body;
        }
        if (m_status >= 400)
            m_statusError = replyErrorForStatus(m_status);
        QPointer<Reply> self(this);
        Q_EMIT metaDataChanged();
        return self && !m_ended;
    }

    bool deliver(const char *data, qint64 size)
    {
        if (size <= 0)
            return true;
        m_bodyBytes += size;
        if (m_bodyBytes > m_limits.maxBodyBytes) {
            protocolError(u"the upstream's response body exceeds %1 bytes"_s.arg(m_limits.maxBodyBytes));
            return false;
        }
        m_out.append(data, size);
        QPointer<Reply> self(this);
        Q_EMIT readyRead();
        return self && !m_ended;
    }

    void parseBody()
    {
        qint64 n = m_in.size() - m_pos;
        if (m_framing == Framing::Length)
            n = std::min(n, m_remaining);
        const qsizetype at = m_pos;
        m_pos += n;
        if (m_framing == Framing::Length)
            m_remaining -= n;
        deliver(m_in.constData() + at, n);
    }

    void parseChunked()
    {
        switch (m_state) {
        case State::ChunkSize: {
            QByteArray line;
            if (!takeLine(&line, m_limits.maxChunkLineBytes, "chunk-size line"))
                return;
            const qsizetype semi = line.indexOf(';');
            const QByteArray hex = (semi >= 0 ? line.left(semi) : line).trimmed();
            bool ok = !hex.isEmpty() && hex.size() <= 15;
            for (char c : hex)
                ok = ok && std::isxdigit(static_cast<unsigned char>(c));
            const qint64 size = ok ? hex.toLongLong(&ok, 16) : -1;
            if (!ok || size < 0) {
                protocolError(u"the upstream sent an invalid chunk size"_s);
                return;
            }
            if (m_bodyBytes + size > m_limits.maxBodyBytes) {
                protocolError(u"the upstream's response body exceeds %1 bytes"_s.arg(m_limits.maxBodyBytes));
                return;
            }
            m_remaining = size;
            m_state = size == 0 ? State::Trailer : State::ChunkData;
            return;
        }
        case State::ChunkData: {
            const qint64 n = std::min<qint64>(m_in.size() - m_pos, m_remaining);
            const qsizetype at = m_pos;
            m_pos += n;
            m_remaining -= n;
            if (m_remaining == 0)
                m_state = State::ChunkDataEnd;
            deliver(m_in.constData() + at, n);
            return;
        }
        case State::ChunkDataEnd: {
            // CRLF (or a bare LF) right after the chunk's bytes; anything else means the chunk is longer.
            if (m_pos >= m_in.size())
                return;
            qsizetype skip = 1;
            if (m_in.at(m_pos) == '\r') {
                if (m_pos + 1 >= m_in.size())
                    return;
                skip = 2;
            }
            if (m_in.at(m_pos + skip - 1) != '\n') {
                protocolError(u"the upstream sent a chunk longer than its size"_s);
                return;
            }
            m_pos += skip;
            m_state = State::ChunkSize;
            return;
        }
        case State::Trailer: {
            QByteArray line;
            const int left = m_limits.maxHeaderBytes - m_headerBytes;
            if (!takeLine(&line, std::max(0, left), "response trailer", m_limits.maxHeaderBytes))
                return;
            m_headerBytes += int(line.size()) + 2;
            if (line.isEmpty())
                m_state = State::Done;
            return;
        }
        default:
            return;
        }
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
            if (keepAlive && m_pos >= m_in.size() && m_socket->state() == QAbstractSocket::ConnectedState &&
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
                                        url().toString(), QString::fromLatin1(m_reason)));
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
    bool m_receivedAny = false;
    QTimer m_transferTimer;

    QByteArray m_in; // raw bytes from the socket not yet parsed (from m_pos)
    qsizetype m_pos = 0;
    QByteArray m_out; // decoded body not yet read
    State m_state = State::Status;
    Framing m_framing = Framing::None;
    qint64 m_remaining = 0;
    qint64 m_bodyBytes = 0;
    int m_headerBytes = 0;
    int m_status = 0;
    bool m_http10 = false;
    bool m_keepAlive = false;
    QByteArray m_reason;
    QList<std::pair<QByteArray, QByteArray>> m_headers;
    NetworkError m_statusError = NoError;
    bool m_ended = false;
};

} // namespace

bool applies(QNetworkAccessManager *nam, const QUrl &url)
{
    if (!nam || !g_enabled.load() || url.scheme() != u"http" || url.host().isEmpty())
        return false;
    if (nam->metaObject() != &QNetworkAccessManager::staticMetaObject)
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
