// SPDX-License-Identifier: GPL-3.0-or-later
#include "proxyparsers.h"

#include "networkpolicy.h"

#include <QCoreApplication>
#include <QHostAddress>
#include <QList>

#include <algorithm>
#include <cstring>

using namespace Qt::StringLiterals;

namespace ProxyParsers {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("EgressProxy", text);
}

// RFC 9110 token characters (methods and header names).
bool isTokenChar(uchar c)
{
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
        return true;
    return c != 0 && std::strchr("!#$%&'*+-.^_`|~", c) != nullptr;
}

bool isToken(QByteArrayView text)
{
    return !text.isEmpty() &&
           std::all_of(text.begin(), text.end(), [](char c) { return isTokenChar(uchar(c)); });
}

// A request target or header value may carry no control characters (tab allowed in values only).
bool hasControl(QByteArrayView text, bool allowTab)
{
    return std::any_of(text.begin(), text.end(), [allowTab](char ch) {
        const uchar c = uchar(ch);
        return (c < 0x20 && !(allowTab && c == '\t')) || c == 0x7f;
    });
}

// Decimal digits only, at most 18 of them (no sign, no spaces): nullopt otherwise.
std::optional<qint64> parseDecimal(QByteArrayView text)
{
    if (text.isEmpty() || text.size() > 18)
        return std::nullopt;
    qint64 value = 0;
    for (const char c : text) {
        if (c < '0' || c > '9')
            return std::nullopt;
        value = value * 10 + (c - '0');
    }
    return value;
}

quint32 readBigEndian(const uchar *p, int bytes)
{
    quint32 value = 0;
    for (int i = 0; i < bytes; ++i)
        value = (value << 8) | p[i];
    return value;
}

} // namespace

std::optional<Authority> parseAuthority(QByteArrayView authority, int defaultPort)
{
    QByteArrayView host = authority;
    QByteArrayView port;
    bool hasPort = false;
    if (host.startsWith('[')) {
        const qsizetype close = host.indexOf(']');
        if (close < 0)
            return std::nullopt;
        const QByteArrayView rest = host.sliced(close + 1);
        host = host.sliced(1, close - 1);
        if (!rest.isEmpty()) {
            if (!rest.startsWith(':'))
                return std::nullopt;
            port = rest.sliced(1);
            hasPort = true;
        }
    } else if (const qsizetype colon = host.lastIndexOf(':'); colon >= 0) {
        if (host.indexOf(':') != colon)
            return std::nullopt; // a bare IPv6 address without brackets
        port = host.sliced(colon + 1);
        host = host.first(colon);
        hasPort = true;
    }
    int number = defaultPort;
    if (hasPort) {
        const std::optional<qint64> parsed = parseDecimal(port);
        if (!parsed || *parsed < 1 || *parsed > 65535)
            return std::nullopt;
        number = int(*parsed);
    }
    if (host.isEmpty() || number < 0)
        return std::nullopt;
    return Authority{QString::fromUtf8(host), number};
}

RelayHeader parseRelayHeader(QByteArrayView data)
{
    constexpr qsizetype Longest = 16; // "SOCKS\n" and "HTTP\n" are far shorter
    const qsizetype newline = data.first(std::min(data.size(), Longest)).indexOf('\n');
    if (newline < 0)
        return {data.size() >= Longest ? RelayHeader::Status::Unknown : RelayHeader::Status::Incomplete, 0};
    const QByteArrayView line = data.first(newline);
    if (line == "HTTP")
        return {RelayHeader::Status::Http, newline + 1};
    if (line == "SOCKS")
        return {RelayHeader::Status::Socks, newline + 1};
    return {RelayHeader::Status::Unknown, 0};
}

qsizetype findHeadEnd(QByteArrayView data)
{
    return data.indexOf("\r\n\r\n");
}

HttpRequestHead parseHttpRequestHead(QByteArrayView head)
{
    HttpRequestHead result;
    auto bad = [&result](const QString &why) {
        result.status = HttpRequestHead::Status::Malformed;
        result.problem = why;
        return result;
    };
    if (head.size() > MaxHeadSize)
        return bad(tr("request head too large"));

    // Lines end in CRLF; a bare LF is tolerated as a line end, a CR anywhere else is not.
    QList<QByteArrayView> lines;
    for (qsizetype start = 0; start <= head.size();) {
        qsizetype end = head.indexOf('\n', start);
        if (end < 0)
            end = head.size();
        QByteArrayView line = head.sliced(start, end - start);
        if (line.endsWith('\r'))
            line.chop(1);
        lines.append(line);
        start = end + 1;
    }

    const QByteArrayView requestLine = lines.constFirst();
    const qsizetype firstSpace = requestLine.indexOf(' ');
    const qsizetype lastSpace = requestLine.lastIndexOf(' ');
    if (firstSpace <= 0 || lastSpace == firstSpace)
        return bad(tr("bad request line"));
    const QByteArrayView method = requestLine.first(firstSpace);
    const QByteArrayView target = requestLine.sliced(firstSpace + 1, lastSpace - firstSpace - 1);
    const QByteArrayView version = requestLine.sliced(lastSpace + 1);
    if (!isToken(method) || target.isEmpty() || target.contains(' ') || hasControl(target, false) ||
        (version != "HTTP/1.1" && version != "HTTP/1.0"))
        return bad(tr("bad request line"));

    QList<std::pair<QByteArrayView, QByteArrayView>> headers;
    QList<QByteArrayView> hostHeaders;
    std::optional<qint64> contentLength;
    bool transferEncoding = false;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArrayView line = lines[i];
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0)
            return bad(tr("bad header line"));
        const QByteArrayView name = line.first(colon);
        const QByteArrayView value = line.sliced(colon + 1).trimmed();
        if (!isToken(name) || hasControl(value, true))
            return bad(tr("bad header line"));
        if (name.compare("host", Qt::CaseInsensitive) == 0) {
            hostHeaders.append(value);
        } else if (name.compare("content-length", Qt::CaseInsensitive) == 0) {
            const std::optional<qint64> parsed = parseDecimal(value);
            if (!parsed || (contentLength && *contentLength != *parsed))
                return bad(tr("bad Content-Length"));
            contentLength = parsed;
            continue; // forwarded once, below
        } else if (name.compare("transfer-encoding", Qt::CaseInsensitive) == 0) {
            transferEncoding = true;
        }
        headers.append({name, value});
    }
    if (hostHeaders.size() > 1)
        return bad(tr("more than one Host header"));

    if (method == "CONNECT") {
        result.isConnect = true;
        const std::optional<Authority> authority = parseAuthority(target, -1);
        if (!authority)
            return bad(tr("CONNECT needs host:port"));
        result.status = HttpRequestHead::Status::Ok;
        result.host = authority->host;
        result.port = authority->port;
        return result;
    }

    QByteArrayView authorityText;
    QByteArray origin;
    if (target.size() >= 7 && target.first(7).compare("http://", Qt::CaseInsensitive) == 0) {
        const QByteArrayView rest = target.sliced(7);
        qsizetype cut = rest.size();
        for (const char c : {'/', '?', '#'}) {
            const qsizetype at = rest.indexOf(c);
            if (at >= 0)
                cut = std::min(cut, at);
        }
        authorityText = rest.first(cut);
        if (const qsizetype at = authorityText.lastIndexOf('@'); at >= 0)
            authorityText = authorityText.sliced(at + 1);
        QByteArrayView path = rest.sliced(cut);
        if (const qsizetype hash = path.indexOf('#'); hash >= 0)
            path = path.first(hash);
        origin = path.toByteArray();
        if (origin.isEmpty() || origin.startsWith('?'))
            origin.prepend('/');
    } else if (target.startsWith('/')) {
        if (hostHeaders.isEmpty())
            return bad(tr("no Host header"));
        authorityText = hostHeaders.constFirst();
        origin = target.toByteArray();
    } else {
        return bad(tr("only http:// targets and CONNECT are supported; use CONNECT for https"));
    }
    const std::optional<Authority> authority = parseAuthority(authorityText, 80);
    if (!authority)
        return bad(tr("bad host in request target"));
    result.host = authority->host;
    result.port = authority->port;
    if (!hostHeaders.isEmpty()) {
        const std::optional<Authority> hostHeader = parseAuthority(hostHeaders.constFirst(), 80);
        if (!hostHeader ||
            NetworkPolicy::normalizeHost(hostHeader->host) != NetworkPolicy::normalizeHost(authority->host) ||
            hostHeader->port != authority->port) {
            result.status = HttpRequestHead::Status::HostMismatch;
            result.hostHeader = hostHeaders.constFirst().toByteArray();
            return result;
        }
    }
    if (transferEncoding) {
        result.status = HttpRequestHead::Status::Chunked;
        return result;
    }
    result.bodyLength = contentLength.value_or(0);

    // Origin-form, one request per upstream connection: the upstream closes after answering, so the next
    // request on this client connection cannot reach it unchecked.
    QByteArray rewritten = method.toByteArray() + ' ' + origin + ' ' + version.toByteArray() + "\r\n";
    if (hostHeaders.isEmpty())
        rewritten += "Host: " + authorityText.toByteArray() + "\r\n";
    for (const auto &[name, value] : std::as_const(headers)) {
        if (name.compare("proxy-connection", Qt::CaseInsensitive) == 0 ||
            name.compare("proxy-authorization", Qt::CaseInsensitive) == 0 ||
            name.compare("connection", Qt::CaseInsensitive) == 0 ||
            name.compare("keep-alive", Qt::CaseInsensitive) == 0)
            continue;
        rewritten += name.toByteArray() + ": " + value.toByteArray() + "\r\n";
    }
    if (contentLength)
        rewritten += "Content-Length: " + QByteArray::number(*contentLength) + "\r\n";
    rewritten += "Connection: close\r\n\r\n";
    result.forwardHead = rewritten;
    result.status = HttpRequestHead::Status::Ok;
    return result;
}

SocksGreeting parseSocksGreeting(QByteArrayView data)
{
    SocksGreeting result;
    if (data.size() < 2)
        return result;
    const auto *p = reinterpret_cast<const uchar *>(data.data());
    if (p[0] != 0x05) {
        result.status = SocksGreeting::Status::NotSocks5;
        return result;
    }
    const qsizetype methods = p[1];
    if (data.size() < 2 + methods)
        return result;
    result.offersNoAuth = data.sliced(2, methods).contains('\0');
    result.consumed = 2 + methods;
    result.status = SocksGreeting::Status::Ok;
    return result;
}

SocksRequest parseSocksRequest(QByteArrayView data)
{
    SocksRequest result;
    if (data.size() < 5)
        return result;
    const auto *p = reinterpret_cast<const uchar *>(data.data());
    if (p[0] != 0x05 || p[2] != 0x00) {
        result.status = SocksRequest::Status::Malformed;
        return result;
    }
    qsizetype needed = 0;
    switch (p[3]) {
    case 0x01:
        needed = 4 + 4 + 2;
        break;
    case 0x03:
        needed = 4 + 1 + qsizetype(p[4]) + 2;
        break;
    case 0x04:
        needed = 4 + 16 + 2;
        break;
    default:
        result.status = SocksRequest::Status::UnsupportedAddressType;
        return result;
    }
    if (data.size() < needed)
        return result;
    switch (p[3]) {
    case 0x01:
        result.host = QHostAddress(readBigEndian(p + 4, 4)).toString();
        break;
    case 0x03:
        result.host = QString::fromUtf8(data.sliced(5, p[4]));
        break;
    case 0x04:
        result.host = QHostAddress(p + 4).toString();
        break;
    }
    result.command = p[1];
    result.port = int(readBigEndian(p + needed - 2, 2));
    result.consumed = needed;
    result.status = SocksRequest::Status::Ok;
    return result;
}

SniResult parseClientHelloSni(QByteArrayView data, QByteArray *sni)
{
    if (data.isEmpty())
        return SniResult::Incomplete;
    const auto *p = reinterpret_cast<const uchar *>(data.data());
    if (p[0] != 0x16)
        return SniResult::NoTls;
    if (data.size() < 5)
        return SniResult::Incomplete;
    const qsizetype recordLength = qsizetype(readBigEndian(p + 3, 2));
    if (recordLength > MaxTlsRecord || recordLength < 4)
        return SniResult::Malformed;
    if (data.size() < 5 + recordLength)
        return SniResult::Incomplete;
    // Offsets into the record body, never pointers past it.
    const uchar *body = p + 5;
    const qsizetype end = recordLength;
    if (body[0] != 0x01)
        return SniResult::Malformed;
    const qsizetype handshakeLength = qsizetype(readBigEndian(body + 1, 3));
    qsizetype at = 4 + 2 + 32; // handshake header, client_version, random
    auto skip = [&](int lengthBytes) {
        if (at + lengthBytes > end)
            return false;
        at += lengthBytes + qsizetype(readBigEndian(body + at, lengthBytes));
        return at <= end;
    };
    if (at > end || !skip(1) || !skip(2) || !skip(1)) // session_id, cipher_suites, compression_methods
        return SniResult::Malformed;
    if (at == end)
        return handshakeLength + 4 > recordLength ? SniResult::Malformed : SniResult::Absent;
    if (at + 2 > end)
        return SniResult::Malformed;
    const qsizetype extEnd = std::min(end, at + 2 + qsizetype(readBigEndian(body + at, 2)));
    at += 2;
    while (at + 4 <= extEnd) {
        const quint32 type = readBigEndian(body + at, 2);
        const qsizetype length = qsizetype(readBigEndian(body + at + 2, 2));
        at += 4;
        if (at + length > extEnd)
            return SniResult::Malformed;
        if (type == 0) { // server_name: a list of (type, length, name)
            if (length < 2)
                return SniResult::Malformed;
            const qsizetype listEnd = std::min(at + length, at + 2 + qsizetype(readBigEndian(body + at, 2)));
            qsizetype s = at + 2;
            while (s + 3 <= listEnd) {
                const qsizetype nameLength = qsizetype(readBigEndian(body + s + 1, 2));
                if (s + 3 + nameLength > listEnd)
                    return SniResult::Malformed;
                if (body[s] == 0) {
                    *sni = QByteArray(reinterpret_cast<const char *>(body + s + 3), nameLength);
                    return SniResult::Found;
                }
                s += 3 + nameLength;
            }
            return SniResult::Malformed;
        }
        at += length;
    }
    // A ClientHello split over several records may hide its SNI beyond this one: refuse rather than guess.
    return handshakeLength + 4 > recordLength ? SniResult::Malformed : SniResult::Absent;
}

} // namespace ProxyParsers
