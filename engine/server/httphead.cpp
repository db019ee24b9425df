// SPDX-License-Identifier: GPL-3.0-or-later
#include "httphead.h"

#include <QUrl>

namespace {

constexpr int kMaxHeaderLines = 128;

HttpHeadResult invalid(int status, const QByteArray &message)
{
    HttpHeadResult r;
    r.status = HttpHeadResult::Status::Invalid;
    r.httpStatus = status;
    r.message = message;
    return r;
}

// RFC 9110 token characters (method and header names).
bool isTokenChar(char c)
{
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
        return true;
    switch (c) {
    case '!':
    case '#':
    case '$':
    case '%':
    case '&':
    case '\'':
    case '*':
    case '+':
    case '-':
    case '.':
    case '^':
    case '_':
    case '`':
    case '|':
    case '~':
        return true;
    default:
        return false;
    }
}

bool isToken(QByteArrayView s)
{
    if (s.isEmpty())
        return false;
    for (const char c : s) {
        if (!isTokenChar(c))
            return false;
    }
    return true;
}

// Field values may hold visible characters, spaces, tabs and obs-text, never other control characters.
bool isFieldValue(QByteArrayView s)
{
    for (const char c : s) {
        const auto u = static_cast<unsigned char>(c);
        if ((u < 0x20 && u != '\t') || u == 0x7f)
            return false;
    }
    return true;
}

QByteArrayView trimmedOws(QByteArrayView s)
{
    while (!s.isEmpty() && (s.front() == ' ' || s.front() == '\t'))
        s = s.sliced(1);
    while (!s.isEmpty() && (s.back() == ' ' || s.back() == '\t'))
        s.chop(1);
    return s;
}

// A Content-Length value: 1 to 18 digits (so it fits a qint64), nothing else.
bool parseLength(QByteArrayView s, qint64 *out)
{
    if (s.isEmpty() || s.size() > 18)
        return false;
    qint64 v = 0;
    for (const char c : s) {
        if (c < '0' || c > '9')
            return false;
        v = v * 10 + (c - '0');
    }
    *out = v;
    return true;
}

} // namespace

HttpHeadResult parseHttpRequestHead(QByteArrayView data, qsizetype maxHeadBytes, HttpRequest *request)
{
    const QByteArrayView window = data.first(qMin<qsizetype>(data.size(), maxHeadBytes + 4));
    const qsizetype end = window.indexOf(QByteArrayView("\r\n\r\n"));
    if (end < 0) {
        if (window.size() > maxHeadBytes)
            return invalid(431, "request headers are larger than " + QByteArray::number(maxHeadBytes / 1024) +
                                    " KiB");
        return {};
    }
    const QByteArrayView head = window.first(end);
    qsizetype lineEnd = head.indexOf(QByteArrayView("\r\n"));
    const QByteArrayView requestLine = lineEnd < 0 ? head : head.first(lineEnd);

    // request-line = method SP request-target SP HTTP-version, with single spaces.
    const qsizetype sp1 = requestLine.indexOf(' ');
    const qsizetype sp2 = sp1 < 0 ? -1 : requestLine.indexOf(' ', sp1 + 1);
    if (sp1 <= 0 || sp2 < 0 || requestLine.indexOf(' ', sp2 + 1) >= 0)
        return invalid(400, "malformed HTTP request line: use METHOD /path HTTP/1.1");
    const QByteArrayView method = requestLine.first(sp1);
    const QByteArrayView target = requestLine.sliced(sp1 + 1, sp2 - sp1 - 1);
    const QByteArrayView version = requestLine.sliced(sp2 + 1);
    if (!isToken(method))
        return invalid(400, "malformed HTTP method");
    if (version != "HTTP/1.1" && version != "HTTP/1.0")
        return invalid(400, "unsupported HTTP version: use HTTP/1.1");
    if (target.isEmpty() || target.front() != '/')
        return invalid(400, "the request target must be a path starting with /");
    for (const char c : target) {
        const auto u = static_cast<unsigned char>(c);
        if (u <= 0x20 || u >= 0x7f)
            return invalid(400, "the request target holds a control, space or non-ASCII byte");
    }

    HttpRequest out;
    out.method = method.toByteArray();
    const QUrl url(QString::fromLatin1(target));
    out.path = url.path();
    out.query = QUrlQuery(url.query());
    bool haveLength = false;
    qint64 length = 0;
    int lines = 0;
    while (lineEnd >= 0) {
        const qsizetype start = lineEnd + 2;
        lineEnd = head.indexOf(QByteArrayView("\r\n"), start);
        const QByteArrayView line = lineEnd < 0 ? head.sliced(start) : head.sliced(start, lineEnd - start);
        if (++lines > kMaxHeaderLines)
            return invalid(431, "more than " + QByteArray::number(kMaxHeaderLines) + " header lines");
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0 || !isToken(line.first(colon)))
            return invalid(400, "malformed header line (folded, nameless or with a space before the colon)");
        const QByteArrayView value = trimmedOws(line.sliced(colon + 1));
        if (!isFieldValue(value))
            return invalid(400, "a header value holds a control character");
        const QByteArray name = line.first(colon).toByteArray().toLower();
        if (name == "content-length") {
            qint64 v = 0;
            if (!parseLength(value, &v) || (haveLength && v != length))
                return invalid(400, "invalid Content-Length: give one plain number of bytes");
            haveLength = true;
            length = v;
        } else if (name == "transfer-encoding") {
            return invalid(411, "chunked request bodies are not supported; send Content-Length");
        } else if (name == "host" && out.headers.contains(name)) {
            return invalid(400, "more than one Host header");
        }
        auto it = out.headers.find(name);
        if (it == out.headers.end())
            out.headers.insert(name, value.toByteArray());
        else if (name != "content-length") // repeated fields combine as a list (RFC 9110 5.3)
            *it += ", " + value.toByteArray();
    }
    out.declaredLength = length;
    *request = std::move(out);
    HttpHeadResult r;
    r.status = HttpHeadResult::Status::Complete;
    r.headBytes = end + 4;
    return r;
}
