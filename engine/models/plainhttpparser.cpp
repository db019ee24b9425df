// SPDX-License-Identifier: GPL-3.0-or-later
#include "plainhttpparser.h"

#include <algorithm>
#include <cctype>

using namespace Qt::StringLiterals;

namespace PlainHttp {

ResponseParser::ResponseParser(const Limits &limits)
    : m_limits(limits)
{}

void ResponseParser::append(const QByteArray &bytes)
{
    if (bytes.isEmpty() || m_state == State::Failed)
        return;
    m_receivedAny = true;
    compact();
    m_in += bytes;
}

void ResponseParser::compact()
{
    if (m_pos > 0) {
        m_in.remove(0, m_pos);
        m_pos = 0;
    }
}

bool ResponseParser::reusable() const
{
    return m_state == State::Done && m_keepAlive && m_framing != Framing::UntilClose && m_pos >= m_in.size();
}

ResponseParser::Step ResponseParser::fail(const QString &message)
{
    m_state = State::Failed;
    m_error = message;
    return Step::Error;
}

bool ResponseParser::takeLine(QByteArray *line, int limit, const char *what, int shownLimit)
{
    const qsizetype nl = m_in.indexOf('\n', m_pos);
    if ((nl < 0 && m_in.size() - m_pos > limit) || (nl >= 0 && nl - m_pos > limit)) {
        fail(u"the upstream's %1 exceeds %2 bytes"_s.arg(QLatin1StringView(what)).arg(shownLimit));
        return false;
    }
    if (nl < 0)
        return false;
    qsizetype end = nl;
    if (end > m_pos && m_in.at(end - 1) == '\r')
        --end;
    *line = m_in.mid(m_pos, end - m_pos);
    m_pos = nl + 1;
    return true;
}

ResponseParser::Step ResponseParser::closed()
{
    if (m_state == State::Failed)
        return Step::Error;
    if (m_state == State::Done || (m_state == State::Body && m_framing == Framing::UntilClose)) {
        m_state = State::Done;
        return Step::Done;
    }
    return fail(u"Connection closed"_s);
}

ResponseParser::Step ResponseParser::next(QByteArray *body)
{
    for (;;) {
        switch (m_state) {
        case State::Failed:
            return Step::Error;
        case State::Done:
            return Step::Done;
        case State::Status:
        case State::Headers: {
            QByteArray line;
            const int left = std::max(0, m_limits.maxHeaderBytes - m_headerBytes);
            if (!takeLine(&line, left, "response header", m_limits.maxHeaderBytes))
                return m_state == State::Failed ? Step::Error : Step::NeedMore;
            m_headerBytes += int(line.size()) + 2;
            if (m_headerBytes > m_limits.maxHeaderBytes)
                return fail(
                    u"the upstream's response header exceeds %1 bytes"_s.arg(m_limits.maxHeaderBytes));
            if (m_state == State::Status) {
                // HTTP/1.x SSS[ reason]
                bool ok = line.startsWith("HTTP/1.") && line.size() >= 12 && line.at(8) == ' ' &&
                          (line.size() == 12 || line.at(12) == ' ');
                const int status = ok ? line.mid(9, 3).toInt(&ok) : 0;
                if (!ok || status < 100 || !std::isdigit(static_cast<unsigned char>(line.at(9))))
                    return fail(u"the upstream sent an invalid HTTP status line"_s);
                m_status = status;
                m_http10 = line.at(7) == '0';
                m_reason = line.size() > 13 ? line.mid(13) : QByteArray();
                m_headers.clear();
                m_state = State::Headers;
                continue;
            }
            if (!line.isEmpty()) {
                if (line.at(0) == ' ' || line.at(0) == '\t')
                    return fail(u"the upstream sent a folded header line"_s);
                const qsizetype colon = line.indexOf(':');
                if (colon <= 0)
                    return fail(u"the upstream sent a header line without a name"_s);
                if (m_headers.size() >= m_limits.maxHeaderCount)
                    return fail(
                        u"the upstream sent more than %1 header lines"_s.arg(m_limits.maxHeaderCount));
                m_headers.append({line.left(colon), line.mid(colon + 1).trimmed()});
                continue;
            }
            // End of the head. 1xx answers (100 Continue) precede the real one.
            if (m_status < 200 && m_status != 101) {
                m_state = State::Status;
                continue;
            }
            return headEnded();
        }
        case State::Body: {
            if (m_framing == Framing::Length && m_remaining == 0) {
                m_state = State::Done;
                return Step::Done;
            }
            qint64 n = m_in.size() - m_pos;
            if (m_framing == Framing::Length)
                n = std::min(n, m_remaining);
            if (n <= 0)
                return Step::NeedMore;
            if (m_bodyBytes + n > m_limits.maxBodyBytes)
                return fail(u"the upstream's response body exceeds %1 bytes"_s.arg(m_limits.maxBodyBytes));
            *body = m_in.mid(m_pos, n);
            m_pos += n;
            m_bodyBytes += n;
            if (m_framing == Framing::Length)
                m_remaining -= n;
            return Step::Body;
        }
        case State::ChunkSize: {
            QByteArray line;
            if (!takeLine(&line, m_limits.maxChunkLineBytes, "chunk-size line", m_limits.maxChunkLineBytes))
                return m_state == State::Failed ? Step::Error : Step::NeedMore;
            const qsizetype semi = line.indexOf(';');
            const QByteArray hex = (semi >= 0 ? line.left(semi) : line).trimmed();
            bool ok = !hex.isEmpty() && hex.size() <= 15;
            for (char c : hex)
                ok = ok && std::isxdigit(static_cast<unsigned char>(c));
            const qint64 size = ok ? hex.toLongLong(&ok, 16) : -1;
            if (!ok || size < 0)
                return fail(u"the upstream sent an invalid chunk size"_s);
            if (m_bodyBytes + size > m_limits.maxBodyBytes)
                return fail(u"the upstream's response body exceeds %1 bytes"_s.arg(m_limits.maxBodyBytes));
            m_remaining = size;
            m_state = size == 0 ? State::Trailer : State::ChunkData;
            continue;
        }
        case State::ChunkData: {
            const qint64 n = std::min<qint64>(m_in.size() - m_pos, m_remaining);
            if (n <= 0)
                return Step::NeedMore;
            *body = m_in.mid(m_pos, n);
            m_pos += n;
            m_remaining -= n;
            m_bodyBytes += n;
            if (m_remaining == 0)
                m_state = State::ChunkDataEnd;
            return Step::Body;
        }
        case State::ChunkDataEnd: {
            // CRLF (or a bare LF) right after the chunk's bytes; anything else means the chunk is longer.
            if (m_pos >= m_in.size())
                return Step::NeedMore;
            qsizetype skip = 1;
            if (m_in.at(m_pos) == '\r') {
                if (m_pos + 1 >= m_in.size())
                    return Step::NeedMore;
                skip = 2;
            }
            if (m_in.at(m_pos + skip - 1) != '\n')
                return fail(u"the upstream sent a chunk longer than its size"_s);
            m_pos += skip;
            m_state = State::ChunkSize;
            continue;
        }
        case State::Trailer: {
            QByteArray line;
            const int left = std::max(0, m_limits.maxHeaderBytes - m_headerBytes);
            if (!takeLine(&line, left, "response trailer", m_limits.maxHeaderBytes))
                return m_state == State::Failed ? Step::Error : Step::NeedMore;
            m_headerBytes += int(line.size()) + 2;
            if (line.isEmpty()) {
                m_state = State::Done;
                return Step::Done;
            }
            continue;
        }
        }
    }
}

ResponseParser::Step ResponseParser::headEnded()
{
    bool chunked = false;
    bool close = m_http10;
    qint64 length = -1;
    for (const auto &[name, value] : std::as_const(m_headers)) {
        if (name.compare("transfer-encoding", Qt::CaseInsensitive) == 0) {
            if (value.toLower().contains("chunked"))
                chunked = true;
        } else if (name.compare("content-length", Qt::CaseInsensitive) == 0) {
            bool ok = !value.isEmpty();
            for (char c : value)
                ok = ok && std::isdigit(static_cast<unsigned char>(c));
            const qint64 n = ok && value.size() <= 18 ? value.toLongLong(&ok) : -1;
            if (!ok || n < 0 || (length >= 0 && length != n))
                return fail(u"the upstream sent an invalid Content-Length"_s);
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
    if (m_status == 204 || m_status == 304) {
        m_framing = Framing::None;
        m_state = State::Done;
    } else if (chunked) {
        m_framing = Framing::Chunked;
        m_state = State::ChunkSize;
    } else if (length >= 0) {
        if (length > m_limits.maxBodyBytes)
            return fail(u"the upstream's response body exceeds %1 bytes"_s.arg(m_limits.maxBodyBytes));
        m_framing = Framing::Length;
        m_remaining = length;
        m_state = State::Body;
    } else {
        m_framing = Framing::UntilClose;
        m_keepAlive = false;
        m_state = State::Body;
    }
    return Step::Head;
}

} // namespace PlainHttp
