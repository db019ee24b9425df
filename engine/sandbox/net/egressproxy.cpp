// SPDX-License-Identifier: GPL-3.0-or-later
#include "egressproxy.h"

#include "tunnelpump.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QHostInfo>
#include <QLocalServer>
#include <QLocalSocket>
#include <QTcpSocket>
#include <QTimer>

#include <algorithm>
#include <optional>

#include <fcntl.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

constexpr qsizetype MaxHeadSize = 64 * 1024;
constexpr int HandshakeTimeoutMs = 30'000;
constexpr int ConnectTimeoutMs = 10'000;
constexpr qsizetype MaxTlsRecord = 16384 + 2048;

QString tr(const char *text)
{
    return QCoreApplication::translate("EgressProxy", text);
}

bool isAllowedPort(int port)
{
    return port == 80 || port == 443;
}

// Splits "host", "host:port", "[v6]" or "[v6]:port"; nullopt when malformed.
std::optional<std::pair<QString, int>> parseAuthority(const QByteArray &authority, int defaultPort)
{
    QByteArray host = authority;
    QByteArray port;
    if (host.startsWith('[')) {
        const qsizetype close = host.indexOf(']');
        if (close < 0)
            return std::nullopt;
        port = host.mid(close + 1);
        host = host.mid(1, close - 1);
        if (!port.isEmpty() && !port.startsWith(':'))
            return std::nullopt;
        port = port.mid(1);
    } else if (const qsizetype colon = host.lastIndexOf(':'); colon >= 0) {
        if (host.indexOf(':') != colon)
            return std::nullopt; // a bare IPv6 address without brackets
        port = host.mid(colon + 1);
        host.truncate(colon);
    }
    int number = defaultPort;
    if (!port.isEmpty()) {
        bool ok = false;
        number = port.toInt(&ok);
        if (!ok || number < 1 || number > 65535 || port.startsWith('+') || port.startsWith('-'))
            return std::nullopt;
    }
    if (host.isEmpty())
        return std::nullopt;
    return std::make_pair(QString::fromUtf8(host), number);
}

enum class SniResult { NoTls, Incomplete, Found, Absent, Malformed };

// Reads the server_name from the first TLS record when it is a ClientHello.
SniResult parseClientHelloSni(const QByteArray &data, QByteArray *sni)
{
    if (data.isEmpty())
        return SniResult::Incomplete;
    const auto *p = reinterpret_cast<const uchar *>(data.constData());
    if (p[0] != 0x16)
        return SniResult::NoTls;
    if (data.size() < 5)
        return SniResult::Incomplete;
    const qsizetype recordLength = (p[3] << 8) | p[4];
    if (recordLength > MaxTlsRecord || recordLength < 4)
        return SniResult::Malformed;
    if (data.size() < 5 + recordLength)
        return SniResult::Incomplete;
    const uchar *end = p + 5 + recordLength;
    const uchar *c = p + 5;
    if (c[0] != 0x01)
        return SniResult::Malformed;
    c += 4 + 2 + 32; // handshake header, client_version, random
    auto skip = [&](int lengthBytes) {
        if (c + lengthBytes > end)
            return false;
        qsizetype length = 0;
        for (int i = 0; i < lengthBytes; ++i)
            length = (length << 8) | c[i];
        c += lengthBytes + length;
        return c <= end;
    };
    if (c > end || !skip(1) || !skip(2) || !skip(1))
        return SniResult::Malformed;
    if (c == end)
        return SniResult::Absent; // no extensions at all
    if (c + 2 > end)
        return SniResult::Malformed;
    const uchar *extEnd = std::min(end, c + 2 + ((c[0] << 8) | c[1]));
    c += 2;
    while (c + 4 <= extEnd) {
        const int type = (c[0] << 8) | c[1];
        const qsizetype length = (c[2] << 8) | c[3];
        c += 4;
        if (c + length > extEnd)
            return SniResult::Malformed;
        if (type == 0) {
            const uchar *s = c + 2;
            const uchar *listEnd = c + length;
            while (s + 3 <= listEnd) {
                const qsizetype nameLength = (s[1] << 8) | s[2];
                if (s + 3 + nameLength > listEnd)
                    return SniResult::Malformed;
                if (s[0] == 0) {
                    *sni = QByteArray(reinterpret_cast<const char *>(s + 3), nameLength);
                    return SniResult::Found;
                }
                s += 3 + nameLength;
            }
            return SniResult::Malformed;
        }
        c += length;
    }
    // A ClientHello split over several records may hide its SNI beyond this one: refuse rather than guess.
    const qsizetype handshakeLength = (p[6] << 16) | (p[7] << 8) | p[8];
    return handshakeLength + 4 > recordLength ? SniResult::Malformed : SniResult::Absent;
}

QString blockedIpv4Reason(quint32 v4)
{
    const auto in = [v4](quint32 net, int bits) { return (v4 >> (32 - bits)) == (net >> (32 - bits)); };
    if (in(0x00000000, 8))
        return tr("unspecified (0.0.0.0/8)");
    if (in(0x7f000000, 8))
        return tr("loopback");
    if (in(0x0a000000, 8) || in(0xac100000, 12) || in(0xc0a80000, 16))
        return tr("private");
    if (in(0x64400000, 10))
        return tr("private (shared address space 100.64.0.0/10)");
    if (in(0xa9fe0000, 16))
        return tr("link-local");
    if (in(0xe0000000, 4))
        return tr("multicast");
    if (in(0xf0000000, 4))
        return tr("reserved");
    return {};
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
class EgressConnection final : public QObject
{
public:
    EgressConnection(EgressProxy *proxy, QLocalSocket *client);
    ~EgressConnection() override { --m_proxy->m_handshakes; }

    // The proxy is closing: a handshake still under way ends here (reported as failed once its target is
    // known) and can no longer reach the pump. Deletes itself later, never synchronously.
    void abandon();

private:
    enum class Stage { Header, HttpHead, SocksGreeting, SocksRequest, Resolving, Connecting, PeekTls, Done };

    // Done: no timer, lookup or upstream connection is left to call back.
    void stopHandshake();

    void onReadyRead();
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
    void refuse(EgressEvent::Decision decision, const QString &reason, const QString &message, int httpStatus,
                char socksCode);
    void sendHttpError(int status, const QString &message);
    void sendSocksReply(char code);
    void emitEvent();

    EgressProxy *m_proxy;
    QLocalSocket *m_client;
    QTcpSocket *m_upstream = nullptr;
    QTimer m_timer;
    QElapsedTimer m_clock;
    Stage m_stage = Stage::Header;
    QByteArray m_buffer;
    EgressEvent m_event;
    bool m_replied = false; // the client already got its 200 / SOCKS success
    QByteArray m_forwardHead;
    qint64 m_bodyRemaining = 0;
    QList<QHostAddress> m_candidates;
    qsizetype m_nextCandidate = 0;
    QString m_connectError;
    int m_lookupId = -1;
};

EgressConnection::EgressConnection(EgressProxy *proxy, QLocalSocket *client)
    : QObject(proxy)
    , m_proxy(proxy)
    , m_client(client)
{
    m_clock.start();
    m_event.started = QDateTime::currentDateTimeUtc();
    ++m_proxy->m_handshakes;
    client->setParent(this);
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        if (m_stage == Stage::Connecting) {
            m_connectError = tr("timed out");
            m_upstream->abort();
            connectNext();
            return;
        }
        refuse(EgressEvent::Decision::Failed, tr("the client sent no complete request in time"),
               tr("Sandbench: the request did not arrive in time."), 408, 0x01);
    });
    m_timer.start(HandshakeTimeoutMs);
    connect(client, &QLocalSocket::readyRead, this, &EgressConnection::onReadyRead);
    connect(client, &QLocalSocket::disconnected, this, [this] {
        if (m_stage != Stage::Done) {
            m_stage = Stage::Done;
            if (!m_event.host.isEmpty()) {
                m_event.decision = EgressEvent::Decision::Failed;
                m_event.reason = tr("the client closed the connection before it was set up");
                emitEvent();
            }
        }
        deleteLater();
    });
    onReadyRead();
}

void EgressConnection::onReadyRead()
{
    if (m_stage == Stage::Done)
        return;
    m_buffer += m_client->readAll();
    process();
}

void EgressConnection::process()
{
    switch (m_stage) {
    case Stage::Header: {
        const qsizetype newline = m_buffer.indexOf('\n');
        if (newline < 0) {
            if (m_buffer.size() > 16)
                refuse(EgressEvent::Decision::Refused, tr("unknown relay header"), {}, 0, 0);
            return;
        }
        const QByteArray header = m_buffer.left(newline);
        m_buffer.remove(0, newline + 1);
        if (header == "HTTP") {
            m_stage = Stage::HttpHead;
        } else if (header == "SOCKS") {
            m_stage = Stage::SocksGreeting;
            m_event.protocol = EgressEvent::Protocol::Socks;
        } else {
            refuse(EgressEvent::Decision::Refused, tr("unknown relay header"), {}, 0, 0);
            return;
        }
        process();
        return;
    }
    case Stage::HttpHead: {
        const qsizetype end = m_buffer.indexOf("\r\n\r\n");
        if (end >= 0)
            handleHttpHead(end);
        else if (m_buffer.size() > MaxHeadSize)
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
        // Request bodies and early bytes wait in m_buffer until the upstream is ready.
        return;
    }
}

void EgressConnection::handleHttpHead(qsizetype headEnd)
{
    const QByteArray head = m_buffer.left(headEnd);
    m_buffer.remove(0, headEnd + 4);
    const QList<QByteArray> lines = head.split('\n');
    const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
    auto bad = [this](const QString &why) {
        refuse(EgressEvent::Decision::Refused, tr("malformed request: %1").arg(why),
               tr("Sandbench: the proxy could not understand this request (%1).").arg(why), 400, 0);
    };
    if (requestLine.size() != 3 || !requestLine[2].startsWith("HTTP/1."))
        return bad(tr("bad request line"));
    const QByteArray method = requestLine[0];
    const QByteArray target = requestLine[1];
    const QByteArray version = requestLine[2];

    QList<std::pair<QByteArray, QByteArray>> headers;
    QList<QByteArray> hostHeaders;
    QList<QByteArray> contentLengths;
    bool chunked = false;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines[i].endsWith('\r') ? lines[i].chopped(1) : lines[i];
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0 || line.startsWith(' ') || line.startsWith('\t'))
            return bad(tr("bad header line"));
        const QByteArray name = line.left(colon).trimmed();
        const QByteArray value = line.mid(colon + 1).trimmed();
        const QByteArray lower = name.toLower();
        if (lower == "host")
            hostHeaders.append(value);
        else if (lower == "content-length")
            contentLengths.append(value);
        else if (lower == "transfer-encoding")
            chunked = true;
        headers.append({name, value});
    }
    if (hostHeaders.size() > 1)
        return bad(tr("more than one Host header"));

    if (method == "CONNECT") {
        m_event.protocol = EgressEvent::Protocol::Connect;
        const auto authority = parseAuthority(target, -1);
        if (!authority || authority->second < 0)
            return bad(tr("CONNECT needs host:port"));
        return checkTarget(authority->first, authority->second);
    }

    m_event.protocol = EgressEvent::Protocol::Http;
    QByteArray authorityText;
    QByteArray origin;
    if (target.toLower().startsWith("http://")) {
        const QByteArray rest = target.mid(7);
        qsizetype cut = rest.size();
        for (char c : {'/', '?', '#'}) {
            const qsizetype at = rest.indexOf(c);
            if (at >= 0)
                cut = std::min(cut, at);
        }
        authorityText = rest.left(cut);
        if (const qsizetype at = authorityText.lastIndexOf('@'); at >= 0)
            authorityText = authorityText.mid(at + 1);
        origin = rest.mid(cut);
        if (const qsizetype hash = origin.indexOf('#'); hash >= 0)
            origin.truncate(hash);
        if (origin.isEmpty() || origin.startsWith('?'))
            origin.prepend('/');
    } else if (target.startsWith('/')) {
        if (hostHeaders.isEmpty())
            return bad(tr("no Host header"));
        authorityText = hostHeaders.constFirst();
        origin = target;
    } else {
        return bad(tr("only http:// targets and CONNECT are supported; use CONNECT for https"));
    }
    const auto authority = parseAuthority(authorityText, 80);
    if (!authority)
        return bad(tr("bad host in request target"));
    if (!hostHeaders.isEmpty()) {
        const auto hostHeader = parseAuthority(hostHeaders.constFirst(), 80);
        if (!hostHeader ||
            NetworkPolicy::normalizeHost(hostHeader->first) !=
                NetworkPolicy::normalizeHost(authority->first) ||
            hostHeader->second != authority->second) {
            m_event.host = authority->first;
            m_event.port = quint16(authority->second);
            const QString shown = EgressProxy::displayHost(QString::fromUtf8(hostHeaders.constFirst()));
            return refuse(
                EgressEvent::Decision::Refused,
                tr("Host header %1 does not match the request target").arg(shown),
                tr("Sandbench refused this request: its Host header \"%1\" does not match the request "
                   "target \"%2\"; both are checked against this container's network policy.")
                    .arg(shown, authority->first),
                403, 0);
        }
    }
    if (chunked) {
        m_event.host = authority->first;
        m_event.port = quint16(authority->second);
        return refuse(EgressEvent::Decision::Refused, tr("chunked request body over plain HTTP"),
                      tr("Sandbench: request bodies sent through the plain-HTTP proxy need a Content-Length; "
                         "use HTTPS for streamed uploads."),
                      411, 0);
    }
    qint64 length = 0;
    for (const QByteArray &value : contentLengths) {
        bool ok = false;
        const qint64 parsed = value.toLongLong(&ok);
        if (!ok || parsed < 0 || (length != 0 && parsed != length))
            return bad(tr("bad Content-Length"));
        length = parsed;
    }
    m_bodyRemaining = length;

    // Origin-form, one request per upstream connection: the upstream closes after answering, so
    // the next request on this client connection cannot reach it unchecked.
    QByteArray rewritten = method + ' ' + origin + ' ' + version + "\r\n";
    if (hostHeaders.isEmpty())
        rewritten += "Host: " + authorityText + "\r\n";
    for (const auto &[name, value] : headers) {
        const QByteArray lower = name.toLower();
        if (lower == "proxy-connection" || lower == "proxy-authorization" || lower == "connection" ||
            lower == "keep-alive")
            continue;
        rewritten += name + ": " + value + "\r\n";
    }
    rewritten += "Connection: close\r\n\r\n";
    m_forwardHead = rewritten;
    checkTarget(authority->first, authority->second);
}

void EgressConnection::handleSocksGreeting()
{
    if (m_buffer.size() < 2)
        return;
    const auto *p = reinterpret_cast<const uchar *>(m_buffer.constData());
    if (p[0] != 0x05)
        return refuse(EgressEvent::Decision::Refused, tr("not a SOCKS5 client"), {}, 0, 0);
    const int methods = p[1];
    if (m_buffer.size() < 2 + methods)
        return;
    const bool noAuth = m_buffer.mid(2, methods).contains('\0');
    m_buffer.remove(0, 2 + methods);
    if (!noAuth) {
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
    if (m_buffer.size() < 5)
        return;
    const auto *p = reinterpret_cast<const uchar *>(m_buffer.constData());
    if (p[0] != 0x05)
        return refuse(EgressEvent::Decision::Refused, tr("malformed SOCKS5 request"), {}, 0, 0x01);
    qsizetype needed = 0;
    QString host;
    switch (p[3]) {
    case 0x01:
        needed = 4 + 4 + 2;
        if (m_buffer.size() >= needed)
            host = QHostAddress(quint32((p[4] << 24) | (p[5] << 16) | (p[6] << 8) | p[7])).toString();
        break;
    case 0x03:
        needed = 4 + 1 + p[4] + 2;
        if (m_buffer.size() >= needed)
            host = QString::fromUtf8(m_buffer.mid(5, p[4]));
        break;
    case 0x04:
        needed = 4 + 16 + 2;
        if (m_buffer.size() >= needed)
            host = QHostAddress(p + 4).toString();
        break;
    default:
        return refuse(EgressEvent::Decision::Refused, tr("unsupported SOCKS5 address type"), {}, 0, 0x08);
    }
    if (m_buffer.size() < needed)
        return;
    const int port = (p[needed - 2] << 8) | p[needed - 1];
    const int command = p[1];
    m_buffer.remove(0, needed);
    if (command != 0x01) {
        m_event.host = host;
        m_event.port = quint16(port);
        return refuse(EgressEvent::Decision::Refused, tr("only SOCKS5 CONNECT is supported"), {}, 0, 0x07);
    }
    checkTarget(host, port);
}

void EgressConnection::checkTarget(const QString &host, int port)
{
    m_event.host = host;
    m_event.port = quint16(port);
    const QString normalized = NetworkPolicy::normalizeHost(host);
    const NetworkPolicy &policy = m_proxy->m_policy;
    if (normalized.isEmpty())
        return refuse(EgressEvent::Decision::Refused, tr("not a valid host name"),
                      tr("Sandbench refused this request: \"%1\" is not a valid host name.").arg(host), 400,
                      0x02);
    if (!policy.allows(normalized)) {
        QString message =
            tr("Sandbench refused this request: the host \"%1\" is not in this container's network "
               "policy.")
                .arg(host);
        if (policy.mode() == NetworkPolicy::Mode::Allowlist)
            message += u"\n"_s + tr("The policy allows: %1.").arg(policy.entries().join(u", "));
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
        const QString blocked = fromMap ? QString() : EgressProxy::blockedAddressReason(address);
        if (blocked.isEmpty())
            m_candidates.append(address);
        else if (firstBlocked.isEmpty())
            firstBlocked = tr("%1 is a %2 address").arg(address.toString(), blocked);
    }
    if (m_candidates.isEmpty())
        return refuse(
            EgressEvent::Decision::Refused, firstBlocked,
            tr("Sandbench refused this request: the host \"%1\" resolves to %2, which containers may "
               "never reach (private, loopback, link-local and multicast addresses stay blocked).")
                .arg(m_event.host, firstBlocked),
            403, 0x02);
    m_stage = Stage::Connecting;
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
    if (m_nextCandidate >= m_candidates.size()) {
        return refuse(EgressEvent::Decision::Failed, tr("could not connect: %1").arg(m_connectError),
                      tr("Sandbench: could not connect to %1:%2 (%3).")
                          .arg(m_event.host)
                          .arg(m_event.port)
                          .arg(m_connectError),
                      502, 0x05);
    }
    m_event.address = m_candidates.at(m_nextCandidate++);
    m_timer.start(ConnectTimeoutMs);
    m_upstream->connectToHost(m_event.address, m_event.port);
}

void EgressConnection::onUpstreamConnected()
{
    m_timer.start(HandshakeTimeoutMs);
    switch (m_event.protocol) {
    case EgressEvent::Protocol::Http: {
        const qint64 now = std::min<qint64>(m_bodyRemaining, m_buffer.size());
        const QByteArray first = m_forwardHead + m_buffer.left(now);
        m_buffer.clear(); // anything past the body would be a second request: dropped
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
                          tr("TLS SNI %1 differs from the requested host %2").arg(name, m_event.host), {}, 0,
                          0);
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
    toUpstream += m_client->readAll();
    const QByteArray toClient = m_upstream->readAll();
    // Close-on-exec: a child started while the tunnel runs (a QProcess of the host program) must not hold
    // the connection open after the pump has closed it.
    const int clientFd = ::fcntl(int(m_client->socketDescriptor()), F_DUPFD_CLOEXEC, 0);
    const int upstreamFd = ::fcntl(int(m_upstream->socketDescriptor()), F_DUPFD_CLOEXEC, 0);
    disconnect(m_client, nullptr, this, nullptr);
    disconnect(m_upstream, nullptr, this, nullptr);
    m_client->abort();
    m_upstream->abort();
    if (clientFd < 0 || upstreamFd < 0) {
        if (clientFd >= 0)
            ::close(clientFd);
        if (upstreamFd >= 0)
            ::close(upstreamFd);
        m_event.decision = EgressEvent::Decision::Failed;
        m_event.reason = tr("out of file descriptors");
        m_event.durationMs = m_clock.elapsed();
        Q_EMIT m_proxy->connectionEvent(m_event);
        deleteLater();
        return;
    }
    m_event.decision = EgressEvent::Decision::Allowed;
    const quint64 id = m_proxy->m_pump->add(clientFd, upstreamFd, toUpstream, toClient, upstreamLimit);
    m_proxy->m_tunnels.insert(id, m_event);
    deleteLater();
}

void EgressConnection::refuse(EgressEvent::Decision decision, const QString &reason, const QString &message,
                              int httpStatus, char socksCode)
{
    if (m_stage == Stage::Done)
        return;
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
    if (m_stage == Stage::Done)
        return;
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

EgressProxy::EgressProxy(const NetworkPolicy &policy, QObject *parent)
    : QObject(parent)
    , m_policy(policy)
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

int EgressProxy::activeConnections() const
{
    return m_handshakes + m_pump->activeTunnels();
}

QString EgressProxy::blockedAddressReason(const QHostAddress &address)
{
    if (address.isNull())
        return tr("unspecified");
    if (address.protocol() == QAbstractSocket::IPv4Protocol)
        return blockedIpv4Reason(address.toIPv4Address());
    const Q_IPV6ADDR a = address.toIPv6Address();
    auto zero = [&a](int from, int to) {
        for (int i = from; i < to; ++i)
            if (a[i])
                return false;
        return true;
    };
    auto v4At = [&a](int i) { return quint32((a[i] << 24) | (a[i + 1] << 16) | (a[i + 2] << 8) | a[i + 3]); };
    auto embedded = [](const QString &kind, const QString &inner) {
        return inner.isEmpty() ? QString() : tr("%1 (%2)").arg(inner, kind);
    };
    if (zero(0, 16))
        return tr("unspecified");
    if (zero(0, 15) && a[15] == 1)
        return tr("loopback");
    if (zero(0, 10) && a[10] == 0xff && a[11] == 0xff)
        return embedded(tr("IPv4-mapped"), blockedIpv4Reason(v4At(12)));
    if (zero(0, 12))
        return embedded(tr("IPv4-compatible"), blockedIpv4Reason(v4At(12)));
    if (a[0] == 0x00 && a[1] == 0x64 && a[2] == 0xff && a[3] == 0x9b && zero(4, 12))
        return embedded(tr("NAT64"), blockedIpv4Reason(v4At(12)));
    if (a[0] == 0x20 && a[1] == 0x02)
        return embedded(tr("6to4"), blockedIpv4Reason(v4At(2)));
    if (a[0] == 0xfe && (a[1] & 0xc0) == 0x80)
        return tr("link-local");
    if (a[0] == 0xfe && (a[1] & 0xc0) == 0xc0)
        return tr("site-local");
    if ((a[0] & 0xfe) == 0xfc)
        return tr("unique local (private)");
    if (a[0] == 0xff)
        return tr("multicast");
    return {};
}

void EgressProxy::onNewConnection()
{
    while (QLocalSocket *socket = m_server->nextPendingConnection())
        new EgressConnection(this, socket);
}

void EgressProxy::onTunnelFinished(quint64 id, qint64 bytesUp, qint64 bytesDown)
{
    auto it = m_tunnels.find(id);
    if (it == m_tunnels.end())
        return;
    EgressEvent event = *it;
    m_tunnels.erase(it);
    event.bytesUp = bytesUp;
    event.bytesDown = bytesDown;
    event.durationMs = event.started.msecsTo(QDateTime::currentDateTimeUtc());
    Q_EMIT connectionEvent(event);
}
