// SPDX-License-Identifier: GPL-3.0-or-later
#include "sseparser.h"

QList<SseEvent> SseParser::feed(const QByteArray &bytes)
{
    QList<SseEvent> out;
    qsizetype from = m_buffer.size();
    m_buffer += bytes;
    if (!m_sawFirstBytes) {
        // A BOM counts only at the very start of the stream: until three bytes have come (or the first ones
        // cannot start a BOM) nothing is parsed, so how the network splits the stream changes nothing.
        constexpr QByteArrayView bom("\xEF\xBB\xBF");
        if (m_buffer.size() < bom.size() && bom.startsWith(m_buffer))
            return out;
        m_sawFirstBytes = true;
        if (m_buffer.startsWith(bom))
            m_buffer.remove(0, bom.size());
        from = 0;
    }
    if (m_skipLeadingLf && !m_buffer.isEmpty()) {
        m_skipLeadingLf = false;
        if (m_buffer.front() == '\n') {
            m_buffer.remove(0, 1);
            from = 0;
        }
    }
    qsizetype lineStart = 0;
    // What stayed in the buffer holds no line break, so scanning resumes where the new bytes start.
    for (qsizetype i = from; i < m_buffer.size(); ++i) {
        const char c = m_buffer.at(i);
        if (c != '\n' && c != '\r')
            continue;
        processLine(QByteArrayView(m_buffer).sliced(lineStart, i - lineStart), &out);
        if (c == '\r') {
            if (i + 1 < m_buffer.size()) {
                if (m_buffer.at(i + 1) == '\n')
                    ++i;
            } else {
                m_skipLeadingLf = true;
            }
        }
        lineStart = i + 1;
    }
    m_buffer.remove(0, lineStart);
    return out;
}

QList<SseEvent> SseParser::finish()
{
    QList<SseEvent> out;
    if (!m_buffer.isEmpty()) {
        processLine(QByteArrayView(m_buffer), &out);
        m_buffer.clear();
    }
    dispatch(&out);
    return out;
}

void SseParser::reset()
{
    *this = SseParser();
}

void SseParser::processLine(QByteArrayView line, QList<SseEvent> *out)
{
    if (line.isEmpty()) {
        dispatch(out);
        return;
    }
    if (line.front() == ':')
        return; // comment, e.g. a keep-alive
    QByteArrayView field = line;
    QByteArrayView value;
    const qsizetype colon = line.indexOf(':');
    if (colon >= 0) {
        field = line.first(colon);
        value = line.sliced(colon + 1);
        if (value.startsWith(' '))
            value = value.sliced(1);
    }
    if (field == "data") {
        if (m_hasData)
            m_pending.data += '\n';
        m_pending.data += value;
        m_hasData = true;
    } else if (field == "event") {
        m_pending.event = QString::fromUtf8(value);
    } else if (field == "id") {
        if (!value.contains('\0'))
            m_pending.id = QString::fromUtf8(value);
    } else if (field == "retry") {
        bool ok = false;
        const int ms = value.toByteArray().toInt(&ok);
        if (ok && ms >= 0)
            m_pending.retryMs = ms;
    }
}

void SseParser::dispatch(QList<SseEvent> *out)
{
    // Per the EventSource rules an event without data lines is dropped, but its fields are reset.
    if (m_hasData)
        out->append(m_pending);
    m_pending = SseEvent();
    m_hasData = false;
}
