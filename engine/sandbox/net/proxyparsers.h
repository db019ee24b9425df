// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <optional>

// Parsers for the bytes a container sends its egress proxy. Every byte is hostile: each function reads only
// the view it is given, never past it, and does no I/O, so the fuzz targets in tests/fuzz call them as they
// are.
namespace ProxyParsers {

// Largest HTTP request head the proxy reads (request line and headers, without the blank line).
constexpr qsizetype MaxHeadSize = 64 * 1024;
// Largest TLS record the ClientHello may arrive in (2^14 bytes of plaintext plus the permitted expansion).
constexpr qsizetype MaxTlsRecord = 16384 + 2048;

struct Authority
{
    QString host; // without brackets
    int port = 0;
};

// Splits "host", "host:port", "[v6]" or "[v6]:port". defaultPort is used when there is no port; -1 makes
// the port required. nullopt when malformed.
std::optional<Authority> parseAuthority(QByteArrayView authority, int defaultPort);

// The line the relay puts before a client's bytes: "HTTP\n" or "SOCKS\n".
struct RelayHeader
{
    enum class Status { Incomplete, Http, Socks, Unknown };
    Status status = Status::Incomplete;
    qsizetype consumed = 0; // bytes of the header line, newline included
};
RelayHeader parseRelayHeader(QByteArrayView data);

// Where the request head ends: the index of its blank line ("\r\n\r\n"), or -1.
qsizetype findHeadEnd(QByteArrayView data);

// An HTTP proxy request head: CONNECT host:port, or a plain-HTTP request to forward.
struct HttpRequestHead
{
    enum class Status {
        Ok,
        Malformed,    // problem says what is wrong
        HostMismatch, // the Host header names another host than the absolute-form target
        Chunked,      // a plain-HTTP request with Transfer-Encoding (bodies need a Content-Length)
    };
    Status status = Status::Malformed;
    QString problem;
    bool isConnect = false;
    QString host; // the target: set for Ok, HostMismatch and Chunked
    int port = 0;
    QByteArray hostHeader;  // HostMismatch: the Host header as sent
    QByteArray forwardHead; // plain HTTP: the origin-form head to send upstream, blank line included
    qint64 bodyLength = 0;  // plain HTTP: the request body's Content-Length
};
// head: the bytes before the blank line (see findHeadEnd). The forwarded head is in origin form, one request
// per upstream connection ("Connection: close"), without hop-by-hop and proxy headers.
HttpRequestHead parseHttpRequestHead(QByteArrayView head);

// A SOCKS5 method-selection message (RFC 1928 section 3).
struct SocksGreeting
{
    enum class Status { Incomplete, NotSocks5, Ok };
    Status status = Status::Incomplete;
    bool offersNoAuth = false;
    qsizetype consumed = 0;
};
SocksGreeting parseSocksGreeting(QByteArrayView data);

// A SOCKS5 request (RFC 1928 section 4).
struct SocksRequest
{
    enum class Status { Incomplete, Malformed, UnsupportedAddressType, Ok };
    Status status = Status::Incomplete;
    quint8 command = 0; // 1 = CONNECT
    QString host;       // an address literal, or the domain's bytes as UTF-8 (unchecked)
    int port = 0;
    qsizetype consumed = 0;
};
SocksRequest parseSocksRequest(QByteArrayView data);

// The server_name of a TLS ClientHello in the first record of data.
enum class SniResult {
    NoTls,      // the first byte is not a TLS handshake record
    Incomplete, // the record is not complete yet
    Found,      // *sni holds the first host_name
    Absent,     // a complete ClientHello without server_name
    Malformed,  // not a readable ClientHello, or one split over records (its SNI could hide in the next)
};
SniResult parseClientHelloSni(QByteArrayView data, QByteArray *sni);

} // namespace ProxyParsers
