// SPDX-License-Identifier: GPL-3.0-or-later
#include "egressproxy.h"

#include "addressrules.h"
#include "hostaddresses.h"
#include "hostsfile.h"
#include "proxyparsers.h"
#include "tunnelpump.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QFile>
#include <QHostInfo>
#include <QLocalServer>
#include <QLocalSocket>
#include <QSocketNotifier>
#include <QTcpSocket>
#include <QTimer>

#include <algorithm>
#include <optional>

#include <cerrno>

#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace Qt::StringLiterals;
using namespace ProxyParsers;

namespace {

// What a connection buffers of its client at most: a request head, then the first TLS record. Qt's own
// buffer of the socket is bounded too, so a client that sends faster than the proxy reads waits in the
// kernel instead of filling the engine's memory.
constexpr qsizetype MaxBuffered = MaxHeadSize + 4 + 5 + MaxTlsRecord;
constexpr qint64 ClientReadBuffer = 64 * 1024;
// Each address a name resolved to gets an equal part of what is left of the connect deadline, at least this.
constexpr int MinConnectAttemptMs = 1000;
// Connections taken from an adopted listener per wake-up, and the pause after running out of descriptors.
constexpr int AcceptBatch = 64;
constexpr int AcceptPauseMs = 100;

bool isAllowedPort(int port)
{
    return port == 80 || port == 443;
}

} // namespace

QString EgressEvent::decisionName(Decision decision)
{
    switch (decision) {
    case Decision::Allowed:
        return u"allowed"_s;
    case Decision::Refused:
        return u"refused"_s;
    case Decision::Failed:
        return u"failed"_s;
    }
    return {};
}

QString EgressEvent::protocolName(Protocol protocol)
{
    switch (protocol) {
    case Protocol::Http:
        return u"http"_s;
    case Protocol::Connect:
        return u"connect"_s;
    case Protocol::Socks:
        return u"socks5"_s;
    }
    return {};
}

// One client connection from the relay, from its header line until it is refused or handed to the pump.
// A connection over a cap (refusal set) goes through the same steps only to refuse its request with the
// cap's reason, under a shorter deadline.
class EgressConnection final : public QObject
{
public:
    // preface: bytes taken as if the client had sent them first (an adopted listener's relay header).
    EgressConnection(EgressProxy *proxy, QLocalSocket *client, const QString &refusal,
                     const QByteArray &preface);
    ~EgressConnection() override;

    // The proxy is closing: a handshake still under way ends here (reported as failed once its target is
    // known) and can no longer reach the pump. Deletes itself later, never synchronously.
    void abandon();

private:
    enum class Stage { Header, HttpHead, SocksGreeting, SocksRequest, Resolving, Connecting, PeekTls, Done };

    // The proxy's texts, in its translation context (this class has no meta-object of its own).
    static QString tr(const char *text) { return EgressProxy::tr(text); }

    // Done: no timer, lookup or upstream connection is left to call back.
    void stopHandshake();
    // No longer one of the proxy's handshakes (it became a tunnel or is going away).
    void leaveHandshakes();

    void onReadyRead();
    void onTimeout();
    // Moves what the client sent into m_buffer, never beyond MaxBuffered, in the stages that parse it.
    void pull();
    void process();
    void handleHttpHead(qsizetype headEnd);
    void handleSocksGreeting();
    void handleSocksRequest();
    void checkTarget(const QString &host, int port);
    void onResolved(const QList<QHostAddress> &addresses, bool fromMap, const QString &lookupError);
    void connectNext();
    void onUpstreamConnected();
    void peekTls();
    void handOff(QByteArray toUpstream, qint64 upstreamLimit);

    // Ends the connection with a refusal (policy) or failure (network); the client gets an HTTP
    // status or a SOCKS reply code when it is still waiting for one.
    void refuse(EgressEvent::Decision decision, QString reason, QString message, int httpStatus,
                char socksCode);
    void sendHttpError(int status, const QString &message);
    void sendSocksReply(char code);
    void emitEvent();

    EgressProxy *m_proxy;
    QLocalSocket *m_client;
    QTcpSocket *m_upstream = nullptr;
    QTimer m_timer;
    QElapsedTimer m_clock;
    QDeadlineTimer m_connectDeadline;
    Stage m_stage = Stage::Header;
    QByteArray m_buffer;
    EgressEvent m_event;
    const QString m_refusal;  // why this connection is over a cap; empty for a normal one
    bool m_handshake;         // counted in the proxy's m_handshakes (a refusal is in m_refusing instead)
    bool m_holdsShare = true; // holds a share of the budget (a tunnel takes it over)
    bool m_reported = false;
    bool m_replied = false; // the client already got its 200 / SOCKS success
    QByteArray m_forwardHead;
    qint64 m_bodyRemaining = 0;
    QList<QHostAddress> m_candidates;
    qsizetype m_nextCandidate = 0;
    QString m_connectError;
    int m_lookupId = -1;
};

EgressConnection::EgressConnection(EgressProxy *proxy, QLocalSocket *client, const QString &refusal,
                                   const QByteArray &preface)
    : QObject(proxy)
    , m_proxy(proxy)
    , m_client(client)
    , m_buffer(preface)
    , m_refusal(refusal)
    , m_handshake(refusal.isEmpty())
{
    m_clock.start();
    m_event.started = QDateTime::currentDateTimeUtc();
    if (m_handshake)
        ++m_proxy->m_handshakes;
    else
        ++m_proxy->m_refusing;
    client->setParent(this);
    client->setReadBufferSize(ClientReadBuffer);
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &EgressConnection::onTimeout);
    const EgressLimits &limits = m_proxy->m_limits;
    m_timer.start(m_handshake ? limits.handshakeTimeoutMs
                              : std::min(limits.handshakeTimeoutMs, EgressLimits::RefusalTimeoutMs));
    connect(client, &QLocalSocket::readyRead, this, &EgressConnection::onReadyRead);
    connect(client, &QLocalSocket::disconnected, this, [this] {
        if (m_stage != Stage::Done) {
            m_stage = Stage::Done;
            if (!m_refusal.isEmpty()) {
                m_event.decision = EgressEvent::Decision::Refused;
                m_event.reason = m_refusal;
                emitEvent();
            } else if (!m_event.host.isEmpty()) {
                m_event.decision = EgressEvent::Decision::Failed;
                m_event.reason = tr("the client closed the connection before it was set up");
                emitEvent();
            }
        }
        deleteLater();
    });
    onReadyRead();
}

EgressConnection::~EgressConnection()
{
    leaveHandshakes();
    if (!m_refusal.isEmpty())
        --m_proxy->m_refusing;
    if (m_holdsShare)
        m_proxy->m_budget->release();
}

void EgressConnection::leaveHandshakes()
{
    if (m_handshake) {
        m_handshake = false;
        --m_proxy->m_handshakes;
    }
}

void EgressConnection::onTimeout()
{
    switch (m_stage) {
    case Stage::Connecting:
        m_connectError = tr("timed out");
        m_upstream->abort();
        connectNext();
        return;
    case Stage::Done:
        // A refused client that does not take its reply and close: end it.
        m_client->abort();
        deleteLater();
        return;
    default:
        break;
    }
    // Only a client waiting for an answer in its own protocol gets one.
    const int httpStatus = m_stage == Stage::HttpHead ? 408 : 0;
    const char socksCode = m_stage == Stage::SocksRequest ? 0x01 : 0;
    refuse(EgressEvent::Decision::Failed, tr("the client sent no complete request in time"),
           tr("Sandbench: the request did not arrive in time."), httpStatus, socksCode);
}

void EgressConnection::onReadyRead()
{
    pull();
    process();
}

void EgressConnection::pull()
{
    switch (m_stage) {
    case Stage::Header:
    case Stage::HttpHead:
    case Stage::SocksGreeting:
    case Stage::SocksRequest:
    case Stage::PeekTls:
        break;
    case Stage::Resolving:
    case Stage::Connecting:
    case Stage::Done:
        // Request bodies and early bytes wait in the socket until the upstream is ready.
        return;
    }
    const qint64 room = MaxBuffered - m_buffer.size();
    if (room > 0)
        m_buffer += m_client->read(room);
}

void EgressConnection::process()
{
    switch (m_stage) {
    case Stage::Header: {
        const RelayHeader header = parseRelayHeader(m_buffer);
        switch (header.status) {
        case RelayHeader::Status::Incomplete:
            return;
        case RelayHeader::Status::Unknown:
            return refuse(EgressEvent::Decision::Refused, tr("unknown relay header"), {}, 0, 0);
        case RelayHeader::Status::Http:
            m_stage = Stage::HttpHead;
            break;
        case RelayHeader::Status::Socks:
            m_stage = Stage::SocksGreeting;
            m_event.protocol = EgressEvent::Protocol::Socks;
            break;
        }
        m_buffer.remove(0, header.consumed);
        process();
        return;
    }
    case Stage::HttpHead: {
        const qsizetype end = findHeadEnd(m_buffer);
        if (end >= 0)
            handleHttpHead(end);
        else if (m_buffer.size() >= MaxHeadSize + 4)
            refuse(EgressEvent::Decision::Refused, tr("request head too large"),
                   tr("Sandbench: the request head is larger than 64 KiB."), 431, 0);
        return;
    }
    case Stage::SocksGreeting:
        handleSocksGreeting();
        return;
    case Stage::SocksRequest:
        handleSocksRequest();
        return;
    case Stage::PeekTls:
        peekTls();
        return;
    case Stage::Resolving:
    case Stage::Connecting:
    case Stage::Done:
        return;
    }
}

void EgressConnection::handleHttpHead(qsizetype headEnd)
{
    const HttpRequestHead head = parseHttpRequestHead(QByteArrayView(m_buffer).first(headEnd));
    m_buffer.remove(0, headEnd + 4);
    m_event.protocol = head.isConnect ? EgressEvent::Protocol::Connect : EgressEvent::Protocol::Http;
    switch (head.status) {
    case HttpRequestHead::Status::Malformed:
        return refuse(EgressEvent::Decision::Refused, tr("malformed request: %1").arg(head.problem),
                      tr("Sandbench: the proxy could not understand this request (%1).").arg(head.problem),
                      400, 0);
    case HttpRequestHead::Status::HostMismatch: {
        m_event.host = head.host;
        m_event.port = quint16(head.port);
        const QString shown = EgressProxy::displayHost(QString::fromUtf8(head.hostHeader));
        return refuse(EgressEvent::Decision::Refused,
                      tr("Host header %1 does not match the request target").arg(shown),
                      tr("Sandbench refused this request: its Host header \"%1\" does not match the request "
                         "target \"%2\"; both are checked against this container's network policy.")
                          .arg(shown, EgressProxy::displayHost(head.host)),
                      403, 0);
    }
    case HttpRequestHead::Status::Chunked:
        m_event.host = head.host;
        m_event.port = quint16(head.port);
        return refuse(EgressEvent::Decision::Refused, tr("chunked request body over plain HTTP"),
                      tr("Sandbench: request bodies sent through the plain-HTTP proxy need a Content-Length; "
                         "use HTTPS for streamed uploads."),
                      411, 0);
    case HttpRequestHead::Status::Ok:
        break;
    }
    m_forwardHead = head.forwardHead;
    m_bodyRemaining = head.bodyLength;
    checkTarget(head.host, head.port);
}

void EgressConnection::handleSocksGreeting()
{
    const SocksGreeting greeting = parseSocksGreeting(m_buffer);
    switch (greeting.status) {
    case SocksGreeting::Status::Incomplete:
        return;
    case SocksGreeting::Status::NotSocks5:
        return refuse(EgressEvent::Decision::Refused, tr("not a SOCKS5 client"), {}, 0, 0);
    case SocksGreeting::Status::Ok:
        break;
    }
    m_buffer.remove(0, greeting.consumed);
    if (!greeting.offersNoAuth) {
        m_client->write("\x05\xff", 2);
        return refuse(EgressEvent::Decision::Refused,
                      tr("the SOCKS5 client offers no 'no authentication' method"), {}, 0, 0);
    }
    m_client->write("\x05\x00", 2);
    m_client->flush();
    m_stage = Stage::SocksRequest;
    handleSocksRequest();
}

void EgressConnection::handleSocksRequest()
{
    const SocksRequest request = parseSocksRequest(m_buffer);
    switch (request.status) {
    case SocksRequest::Status::Incomplete:
        return;
    case SocksRequest::Status::Malformed:
        return refuse(EgressEvent::Decision::Refused, tr("malformed SOCKS5 request"), {}, 0, 0x01);
    case SocksRequest::Status::UnsupportedAddressType:
        return refuse(EgressEvent::Decision::Refused, tr("unsupported SOCKS5 address type"), {}, 0, 0x08);
    case SocksRequest::Status::Ok:
        break;
    }
    m_buffer.remove(0, request.consumed);
    if (request.command != 0x01) {
        m_event.host = request.host;
        m_event.port = quint16(request.port);
        return refuse(EgressEvent::Decision::Refused, tr("only SOCKS5 CONNECT is supported"), {}, 0, 0x07);
    }
    checkTarget(request.host, request.port);
}

void EgressConnection::checkTarget(const QString &host, int port)
{
    m_event.host = host;
    m_event.port = quint16(port);
    if (!m_refusal.isEmpty()) // refuse() says why
        return refuse(EgressEvent::Decision::Refused, {}, {}, 503, 0x01);
    const QString normalized = NetworkPolicy::normalizeHost(host);
    const NetworkPolicy &policy = m_proxy->m_policy;
    if (normalized.isEmpty())
        return refuse(EgressEvent::Decision::Refused, tr("not a valid host name"),
                      tr("Sandbench refused this request: \"%1\" is not a valid host name.")
                          .arg(EgressProxy::displayHost(host)),
                      400, 0x02);
    if (!policy.allows(normalized)) {
        QString message =
            tr("Sandbench refused this request: the host \"%1\" is not in this container's network "
               "policy.")
                .arg(host);
        if (policy.mode() == NetworkPolicy::Mode::Allowlist)
            message += u"\n"_s + tr("The policy allows: %1.").arg(policy.entries().join(u", "));
        m_event.allowable = m_proxy->allowingWouldHelp(normalized);
        return refuse(EgressEvent::Decision::Refused, tr("%1 is not in the network policy").arg(normalized),
                      message, 403, 0x02);
    }
    if (!isAllowedPort(port))
        return refuse(EgressEvent::Decision::Refused, tr("port %1 is not allowed").arg(port),
                      tr("Sandbench refused this request to %1:%2: only ports 80 and 443 are allowed by this "
                         "container's network policy.")
                          .arg(host)
                          .arg(port),
                      403, 0x02);

    m_stage = Stage::Resolving;
    m_event.host = normalized;
    const QHostAddress literal(normalized);
    if (!literal.isNull())
        return onResolved({literal}, false, {});
    const auto mapped = m_proxy->m_hostMap.constFind(normalized);
    if (mapped != m_proxy->m_hostMap.constEnd())
        return onResolved({*mapped}, true, {});
    m_lookupId = QHostInfo::lookupHost(normalized, this, [this](const QHostInfo &info) {
        m_lookupId = -1;
        onResolved(info.addresses(), false,
                   info.error() == QHostInfo::NoError ? QString() : info.errorString());
    });
}

void EgressConnection::onResolved(const QList<QHostAddress> &addresses, bool fromMap,
                                  const QString &lookupError)
{
    if (m_stage != Stage::Resolving) // refused or abandoned while the lookup ran
        return;
    if (addresses.isEmpty()) {
        const QString why = lookupError.isEmpty() ? tr("no addresses") : lookupError;
        return refuse(EgressEvent::Decision::Failed, tr("could not resolve %1: %2").arg(m_event.host, why),
                      tr("Sandbench: the host \"%1\" could not be resolved (%2).").arg(m_event.host, why),
                      502, 0x04);
    }
    QString firstBlocked;
    for (const QHostAddress &address : addresses) {
        const QString blocked = fromMap ? QString() : m_proxy->refusedAddressReason(address);
        if (blocked.isEmpty())
            m_candidates.append(address);
        else if (firstBlocked.isEmpty())
            firstBlocked = tr("%1 is refused: %2").arg(address.toString(), blocked);
    }
    if (m_candidates.isEmpty())
        return refuse(EgressEvent::Decision::Refused, firstBlocked,
                      tr("Sandbench refused this request: the host \"%1\" resolves to an address containers "
                         "may never reach (%2). Loopback, private, link-local, multicast, reserved, "
                         "documentation and benchmarking addresses, and every address of this host, stay "
                         "blocked.")
                          .arg(m_event.host, firstBlocked),
                      403, 0x02);
    m_stage = Stage::Connecting;
    m_connectDeadline = QDeadlineTimer(m_proxy->m_limits.connectTimeoutMs);
    m_upstream = new QTcpSocket(this);
    connect(m_upstream, &QTcpSocket::connected, this, &EgressConnection::onUpstreamConnected);
    connect(m_upstream, &QTcpSocket::errorOccurred, this, [this] {
        if (m_stage != Stage::Connecting)
            return;
        m_connectError = m_upstream->errorString();
        m_upstream->abort();
        connectNext();
    });
    connectNext();
}

void EgressConnection::connectNext()
{
    const qint64 remaining = m_connectDeadline.remainingTime();
    if (m_nextCandidate >= m_candidates.size() || remaining <= 0) {
        const QString why = remaining <= 0 ? tr("timed out") : m_connectError;
        return refuse(
            EgressEvent::Decision::Failed, tr("could not connect: %1").arg(why),
            tr("Sandbench: could not connect to %1:%2 (%3).").arg(m_event.host).arg(m_event.port).arg(why),
            502, 0x05);
    }
    const qint64 left = m_candidates.size() - m_nextCandidate;
    m_event.address = m_candidates.at(m_nextCandidate++);
    m_timer.start(int(std::min(remaining, std::max<qint64>(remaining / left, MinConnectAttemptMs))));
    m_upstream->connectToHost(m_event.address, m_event.port);
}

void EgressConnection::onUpstreamConnected()
{
    m_timer.start(m_proxy->m_limits.handshakeTimeoutMs);
    switch (m_event.protocol) {
    case EgressEvent::Protocol::Http: {
        // The body goes on after the head; anything beyond it would be a second, unchecked request and is
        // dropped, whether it waits here, in the socket's buffer or still in the kernel.
        const qint64 now = std::min<qint64>(m_bodyRemaining, m_buffer.size());
        const QByteArray first = m_forwardHead + m_buffer.left(now);
        m_buffer.clear();
        return handOff(first, m_bodyRemaining - now);
    }
    case EgressEvent::Protocol::Connect:
        m_client->write("HTTP/1.1 200 Connection established\r\n\r\n");
        break;
    case EgressEvent::Protocol::Socks:
        sendSocksReply(0x00);
        break;
    }
    m_replied = true;
    m_client->flush();
    m_stage = Stage::PeekTls;
    pull();
    peekTls();
}

void EgressConnection::peekTls()
{
    QByteArray sni;
    switch (parseClientHelloSni(m_buffer, &sni)) {
    case SniResult::Incomplete:
        return;
    case SniResult::NoTls:
    case SniResult::Absent:
        break;
    case SniResult::Malformed:
        return refuse(EgressEvent::Decision::Refused, tr("unreadable TLS ClientHello"), {}, 0, 0);
    case SniResult::Found: {
        const QString name = QString::fromUtf8(sni);
        if (NetworkPolicy::normalizeHost(name) != NetworkPolicy::normalizeHost(m_event.host))
            return refuse(EgressEvent::Decision::Refused,
                          tr("TLS SNI %1 differs from the requested host %2")
                              .arg(EgressProxy::displayHost(name), m_event.host),
                          {}, 0, 0);
        break;
    }
    }
    const QByteArray first = m_buffer;
    m_buffer.clear();
    handOff(first, -1);
}

void EgressConnection::handOff(QByteArray toUpstream, qint64 upstreamLimit)
{
    m_stage = Stage::Done;
    m_timer.stop();
    m_client->flush();
    QByteArray buffered = m_client->readAll();
    if (upstreamLimit >= 0) {
        const qint64 take = std::min<qint64>(upstreamLimit, buffered.size());
        buffered.truncate(take);
        upstreamLimit -= take;
    }
    toUpstream += buffered;
    const QByteArray toClient = m_upstream->readAll();
    // Close-on-exec: a child started while the tunnel runs (a QProcess of the host program) must not hold
    // the connection open after the pump has closed it.
    const int clientFd = ::fcntl(int(m_client->socketDescriptor()), F_DUPFD_CLOEXEC, 0);
    const int upstreamFd = ::fcntl(int(m_upstream->socketDescriptor()), F_DUPFD_CLOEXEC, 0);
    disconnect(m_client, nullptr, this, nullptr);
    disconnect(m_upstream, nullptr, this, nullptr);
    m_client->abort();
    m_upstream->abort();
    leaveHandshakes();
    if (clientFd < 0 || upstreamFd < 0) {
        if (clientFd >= 0)
            ::close(clientFd);
        if (upstreamFd >= 0)
            ::close(upstreamFd);
        m_event.decision = EgressEvent::Decision::Failed;
        m_event.reason = tr("out of file descriptors");
        emitEvent();
        deleteLater();
        return;
    }
    m_event.decision = EgressEvent::Decision::Allowed;
    const quint64 id = m_proxy->m_pump->add(clientFd, upstreamFd, toUpstream, toClient, upstreamLimit);
    m_proxy->m_tunnels.insert(id, m_event);
    m_holdsShare = false; // the tunnel has it until it is reported
    m_reported = true;
    deleteLater();
}

void EgressConnection::refuse(EgressEvent::Decision decision, QString reason, QString message, int httpStatus,
                              char socksCode)
{
    if (m_stage == Stage::Done)
        return;
    if (!m_refusal.isEmpty()) {
        // Over a cap, whatever else may be wrong with the request: the cap is what the client and the log
        // hear about.
        decision = EgressEvent::Decision::Refused;
        reason = m_refusal;
        m_event.allowable = false;
        message = tr("Sandbench: this container has too many connections open through its proxy (%1); "
                     "try again when some have finished.")
                      .arg(m_refusal);
        if (httpStatus)
            httpStatus = 503;
        if (socksCode)
            socksCode = 0x01;
    }
    stopHandshake();
    if (!m_replied) {
        if (m_event.protocol == EgressEvent::Protocol::Socks && socksCode)
            sendSocksReply(socksCode);
        else if (m_event.protocol != EgressEvent::Protocol::Socks && httpStatus)
            sendHttpError(httpStatus, message.isEmpty() ? reason : message);
    }
    m_event.decision = decision;
    m_event.reason = reason;
    emitEvent();
    disconnect(m_client, &QLocalSocket::readyRead, this, nullptr);
    m_client->disconnectFromServer(); // flushes the reply first; `disconnected` deletes us
    if (m_client->state() == QLocalSocket::UnconnectedState)
        deleteLater();
    else // a client that takes no reply does not keep its descriptor for long
        m_timer.start(EgressLimits::RefusalTimeoutMs);
}

void EgressConnection::stopHandshake()
{
    m_stage = Stage::Done;
    m_timer.stop();
    if (m_lookupId >= 0)
        QHostInfo::abortHostLookup(m_lookupId);
    if (m_upstream) {
        disconnect(m_upstream, nullptr, this, nullptr);
        m_upstream->abort();
    }
}

void EgressConnection::abandon()
{
    if (m_stage == Stage::Done) {
        // Refused and waiting for the client to close: the proxy does not wait.
        disconnect(m_client, nullptr, this, nullptr);
        m_client->abort();
        deleteLater();
        return;
    }
    stopHandshake();
    disconnect(m_client, nullptr, this, nullptr);
    m_client->abort();
    if (!m_event.host.isEmpty()) {
        m_event.decision = EgressEvent::Decision::Failed;
        m_event.reason = tr("the proxy closed before the connection was set up");
        emitEvent();
    }
    deleteLater();
}

void EgressConnection::sendHttpError(int status, const QString &message)
{
    const char *text = status == 403   ? "Forbidden"
                       : status == 400 ? "Bad Request"
                       : status == 408 ? "Request Timeout"
                       : status == 411 ? "Length Required"
                       : status == 431 ? "Request Header Fields Too Large"
                       : status == 503 ? "Service Unavailable"
                                       : "Bad Gateway";
    const QByteArray body = message.toUtf8() + '\n';
    QByteArray response =
        "HTTP/1.1 " + QByteArray::number(status) + ' ' + text +
        "\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: " + QByteArray::number(body.size()) +
        "\r\nConnection: close\r\nX-Sandbench-Egress: " + (status == 403 ? "refused" : "error") + "\r\n\r\n" +
        body;
    m_client->write(response);
}

void EgressConnection::sendSocksReply(char code)
{
    const char reply[10] = {0x05, code, 0x00, 0x01, 0, 0, 0, 0, 0, 0};
    m_client->write(reply, sizeof reply);
}

void EgressConnection::emitEvent()
{
    if (m_reported)
        return;
    m_reported = true;
    // The name is the container's text (a SOCKS5 domain may hold spaces or markup): never pass it on raw.
    m_event.host = EgressProxy::displayHost(m_event.host);
    m_event.durationMs = m_clock.elapsed();
    Q_EMIT m_proxy->connectionEvent(m_event);
}

QString EgressProxy::displayHost(const QString &raw)
{
    constexpr qsizetype MaxShown = 255;
    QString out;
    out.reserve(std::min(raw.size(), MaxShown));
    for (const QChar c : raw) {
        if (out.size() >= MaxShown) {
            out += u'\u2026';
            break;
        }
        const char16_t u = c.unicode();
        const bool plain = (u >= u'a' && u <= u'z') || (u >= u'A' && u <= u'Z') || (u >= u'0' && u <= u'9') ||
                           u == u'.' || u == u'-' || u == u'_' || u == u':' || u == u'[' || u == u']' ||
                           u == u'*';
        if (plain)
            out += c;
        else
            out += u"\\x%1"_s.arg(uint(u), u < 0x100 ? 2 : 4, 16, QChar(u'0'));
    }
    return out;
}

// An adopted TCP listener; only the engine holds its descriptor.
struct EgressProxy::Listener
{
    int fd = -1;
    QByteArray header;
    std::unique_ptr<QSocketNotifier> notifier;
    ~Listener()
    {
        notifier.reset();
        if (fd >= 0)
            ::close(fd);
    }
};

EgressProxy::EgressProxy(const NetworkPolicy &policy, QObject *parent)
    : EgressProxy(policy, EgressLimits{}, parent)
{}

EgressProxy::EgressProxy(const NetworkPolicy &policy, const EgressLimits &limits, QObject *parent)
    : QObject(parent)
    , m_policy(policy)
    , m_limits(limits)
    , m_budget(EgressBudget::processWide())
    , m_hostAddresses(HostAddresses::processWide())
    , m_hostsFile(HostsFile::processWide())
    , m_server(new QLocalServer(this))
    , m_pump(new TunnelPump(this))
{
    qRegisterMetaType<EgressEvent>();
    m_server->setSocketOptions(QLocalServer::WorldAccessOption);
    m_server->setListenBacklogSize(256);
    connect(m_server, &QLocalServer::newConnection, this, &EgressProxy::onNewConnection);
    connect(m_pump, &TunnelPump::finished, this, &EgressProxy::onTunnelFinished);
}

EgressProxy::~EgressProxy()
{
    close();
    // Connections reach back into this object, so they go while it is whole.
    const QObjectList kids = children();
    for (QObject *child : kids)
        delete dynamic_cast<EgressConnection *>(child);
    delete m_pump;
    m_pump = nullptr;
}

bool EgressProxy::listen(const QString &socketPath, QString *error)
{
    if (m_closed) {
        if (error)
            *error = tr("the egress proxy was closed and cannot listen again");
        return false;
    }
    // The container starts: what the kernel announced since is picked up by each check, but a fresh read
    // costs little once per container.
    m_hostAddresses->refresh();
    QLocalServer::removeServer(socketPath);
    if (m_server->listen(socketPath))
        return true;
    if (error)
        *error = tr("cannot listen on %1: %2").arg(socketPath, m_server->errorString());
    return false;
}

void EgressProxy::close()
{
    if (m_closed)
        return;
    m_closed = true;
    m_listeners.clear(); // new clients wait in the backlog and go when the container's namespace does
    if (m_server->isListening()) {
        const QString path = m_server->fullServerName();
        m_server->close();
        QFile::remove(path);
    }
    const QObjectList kids = children();
    for (QObject *child : kids)
        if (auto *connection = dynamic_cast<EgressConnection *>(child))
            connection->abandon();

    // Joining the worker takes at most one pass over its ready sockets.
    const QList<TunnelPump::Ended> closed = m_pump->shutdown();
    // Tunnels that ended on their own just before have their `finished` waiting in our event queue, where
    // it would be dropped if this object is deleted next: deliver it now.
    QCoreApplication::sendPostedEvents(this, QEvent::MetaCall);
    QHash<quint64, TunnelPump::Ended> counts;
    for (const TunnelPump::Ended &ended : closed)
        counts.insert(ended.id, ended);
    QList<quint64> open = m_tunnels.keys();
    std::sort(open.begin(), open.end()); // in the order they were opened
    const QDateTime now = QDateTime::currentDateTimeUtc();
    for (const quint64 id : std::as_const(open)) {
        EgressEvent event = m_tunnels.take(id);
        m_budget->release();
        const TunnelPump::Ended ended = counts.value(id);
        event.bytesUp = ended.bytesUp;
        event.bytesDown = ended.bytesDown;
        event.durationMs = event.started.msecsTo(now);
        Q_EMIT connectionEvent(event);
    }
}

QString EgressProxy::socketPath() const
{
    return m_server->fullServerName();
}

bool EgressProxy::isListening() const
{
    return m_server->isListening();
}

void EgressProxy::setHostMap(const QHash<QString, QHostAddress> &map)
{
    m_hostMap.clear();
    for (auto it = map.begin(); it != map.end(); ++it)
        m_hostMap.insert(NetworkPolicy::normalizeHost(it.key()), it.value());
}

void EgressProxy::setBudget(std::shared_ptr<EgressBudget> budget)
{
    m_budget = std::move(budget);
}

void EgressProxy::setHostAddresses(std::shared_ptr<HostAddresses> addresses)
{
    m_hostAddresses = std::move(addresses);
}

void EgressProxy::setHostsFile(std::shared_ptr<HostsFile> file)
{
    m_hostsFile = std::move(file);
}

bool EgressProxy::allowingWouldHelp(const QString &host) const
{
    const QHostAddress literal(host); // as checkTarget() takes a literal
    if (!literal.isNull())
        return refusedAddressReason(literal).isEmpty();
    if (m_hostMap.contains(host))
        return true;
    for (const QString &special : {u"localhost"_s, u"invalid"_s})
        if (host == special || host.endsWith(u'.' + special))
            return false;
    const QList<QHostAddress> listed = m_hostsFile->addresses(host);
    return listed.isEmpty() || std::any_of(listed.begin(), listed.end(), [this](const QHostAddress &address) {
               return refusedAddressReason(address).isEmpty();
           });
}

int EgressProxy::activeConnections() const
{
    return m_handshakes + m_refusing + m_pump->activeTunnels();
}

QString EgressProxy::refusedAddressReason(const QHostAddress &address) const
{
    if (address.isLoopback()) // "loopback" says more than "this host's own address (lo 127.0.0.1)"
        return AddressRules::specialRangeReason(address);
    const std::optional<QHostAddress> inner = AddressRules::embeddedIpv4(address);
    for (const QHostAddress &candidate : {address, inner.value_or(QHostAddress())}) {
        if (candidate.isNull())
            continue;
        const QString interface = m_hostAddresses->interfaceOf(candidate);
        if (!interface.isEmpty())
            return tr("this host's own address (%1 %2)").arg(interface, candidate.toString());
    }
    return AddressRules::specialRangeReason(address);
}

QString EgressProxy::blockedAddressReason(const QHostAddress &address)
{
    return AddressRules::specialRangeReason(address);
}

QString EgressProxy::admit()
{
    if (m_handshakes >= m_limits.maxHandshakes)
        return tr("connection cap of %1 half-open connections reached").arg(m_limits.maxHandshakes);
    if (m_handshakes + m_tunnels.size() >= m_limits.maxConnections)
        return tr("connection cap of %1 reached").arg(m_limits.maxConnections);
    if (!m_budget->tryAcquire())
        return tr("the engine's connection cap of %1 for all containers reached").arg(m_budget->capacity());
    return {};
}

bool EgressProxy::adoptListener(int fd, const QByteArray &header)
{
    const auto option = [fd](int level, int name) {
        int value = -1;
        socklen_t len = sizeof value;
        return ::getsockopt(fd, level, name, &value, &len) == 0 ? value : -1;
    };
    const int domain = option(SOL_SOCKET, SO_DOMAIN);
    const bool ok = !m_closed && (header == "HTTP\n" || header == "SOCKS\n") &&
                    (domain == AF_INET || domain == AF_INET6) && option(SOL_SOCKET, SO_TYPE) == SOCK_STREAM &&
                    option(SOL_SOCKET, SO_ACCEPTCONN) == 1;
    if (!ok || ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK) != 0 ||
        ::fcntl(fd, F_SETFD, FD_CLOEXEC) != 0) {
        ::close(fd);
        return false;
    }
    auto listener = std::make_unique<Listener>();
    listener->fd = fd;
    listener->header = header;
    listener->notifier = std::make_unique<QSocketNotifier>(fd, QSocketNotifier::Read);
    const int index = int(m_listeners.size());
    connect(listener->notifier.get(), &QSocketNotifier::activated, this,
            [this, index] { acceptFrom(index); });
    m_listeners.push_back(std::move(listener));
    return true;
}

void EgressProxy::acceptFrom(int listenerIndex)
{
    Listener *listener = m_listeners.at(size_t(listenerIndex)).get();
    for (int i = 0; i < AcceptBatch && !m_closed; ++i) {
        const int fd = ::accept4(listener->fd, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd < 0) {
            if (errno == EINTR || errno == ECONNABORTED || errno == EPROTO || errno == EPERM)
                continue;
            if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM) {
                // Out of descriptors: the clients wait in the backlog until some are free again.
                listener->notifier->setEnabled(false);
                QTimer::singleShot(AcceptPauseMs, this, [this, listenerIndex] {
                    if (!m_closed)
                        m_listeners.at(size_t(listenerIndex))->notifier->setEnabled(true);
                });
            }
            return;
        }
        const int one = 1;
        ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        // QLocalSocket only reads and writes the descriptor (its Unix implementation is a QTcpSocket
        // underneath), so the connection goes through exactly the code a relayed one does.
        auto *socket = new QLocalSocket(this);
        if (!socket->setSocketDescriptor(fd, QLocalSocket::ConnectedState)) {
            delete socket;
            ::close(fd);
            continue;
        }
        takeClient(socket, listener->header);
    }
}

void EgressProxy::onNewConnection()
{
    while (QLocalSocket *socket = m_server->nextPendingConnection())
        takeClient(socket, {});
}

void EgressProxy::takeClient(QLocalSocket *socket, const QByteArray &preface)
{
    {
        const QString refusal = admit();
        if (refusal.isEmpty()) {
            new EgressConnection(this, socket, {}, preface);
        } else if (m_refusing < EgressLimits::MaxRefusing && m_budget->tryAcquireForRefusal()) {
            new EgressConnection(this, socket, refusal, preface);
        } else {
            // Already refusing as many as it may: closed unanswered, and still in the log.
            socket->abort();
            delete socket;
            EgressEvent event;
            event.started = QDateTime::currentDateTimeUtc();
            event.decision = EgressEvent::Decision::Refused;
            event.reason = refusal;
            Q_EMIT connectionEvent(event);
        }
    }
}

void EgressProxy::onTunnelFinished(quint64 id, qint64 bytesUp, qint64 bytesDown)
{
    auto it = m_tunnels.find(id);
    if (it == m_tunnels.end())
        return;
    EgressEvent event = *it;
    m_tunnels.erase(it);
    m_budget->release();
    event.bytesUp = bytesUp;
    event.bytesDown = bytesDown;
    event.durationMs = event.started.msecsTo(QDateTime::currentDateTimeUtc());
    Q_EMIT connectionEvent(event);
}
